"""What every autopilot is: a name, the game it reads, and the next direction. No pygame here.

The autopilots (`solver.py`'s greedy, `hamilton/`) subclass `Autopilot`, and `solver.SOLVERS`
registers a class under each name of AUTOPILOTS. The names live here, apart from the
registry, so that the config (which checks a "solver" key) reads them without importing any
autopilot; and this base has a module of its own so that no autopilot imports the registry.
"""

AUTOPILOTS = ("greedy", "hamilton")  # every autopilot by name, in the order Tab goes through them


class Autopilot:
    """Base of every autopilot. It reads `game` (snake, fruit, board) and never changes it."""

    name = "base"
    # True when the move depends only on the position (body, heading, fruit): such an
    # autopilot that meets a position again will repeat itself forever (see loops.py).
    memoryless = False

    def __init__(self, game):
        self.game = game
        self.decision = {}  # what the last call decided and why, for the debug log

    def next_direction(self):
        """The direction to move on the coming tick."""
        raise NotImplementedError

    def proven_win(self):
        """Whether the autopilot holds a proof that it wins this game from here, whatever
        fruits come (the headless runner then lets it finish past its move limit)."""
        return False

    def planned_path(self):
        """The cells the solver means to visit next, for the window's overlay (may be empty)."""
        return []
