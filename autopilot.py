"""What every autopilot is: a name, the game it reads, and the next direction. No pygame here.

The solvers (`solver.py`, `hamilton.py`) subclass `Autopilot`; `solver.SOLVERS` lists them.
This base lives in its own module so that the registry can import every solver without
any solver importing the registry back.
"""


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
