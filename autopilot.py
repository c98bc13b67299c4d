"""What every autopilot is: a name, the game it reads, and the next direction. No pygame here.

The autopilots (`solver.py`'s greedy, `hamilton/`) subclass `Autopilot`, and `solver.SOLVERS`
registers a class under each name of AUTOPILOTS. The names live here, apart from the
registry, so that the config (which checks a "solver" key) reads them without importing any
autopilot; and this base has a module of its own so that no autopilot imports the registry.
"""

import dataclasses
import enum

AUTOPILOTS = ("greedy", "hamilton")  # every autopilot by name, in the order Tab goes through them


class EndgameState(enum.Enum):
    """Where a search of every future fruit stands, near the end of a hand-over: the window
    says it, so that a snake going round in circles on purpose is explained."""

    PROVING = "proving"  # under way: the snake goes round a loop while the proof goes on
    LOST = "lost"  # this fruit is proven not to be won: the snake only stays alive
    UNDECIDED = "undecided"  # too big to search through: the snake only stays alive
    WINNING = "winning"  # a route proven to win: the window counts down its moves to the fruit
    SURVIVING = "surviving"  # too many free cells to search yet: the snake stays alive; a game that
    # thinks between moves searches if it eats nothing in `distance` moves


class Decision:
    """Why an autopilot made its last move. Each autopilot's own is a dataclass of the fields it
    sets (the rest None); the window reads `endgame` and `distance`, the debug log `to_json()`.
    This base says nothing: the autopilot of a replay, or one that has not moved yet."""

    endgame = None  # an EndgameState, or None
    distance = None  # moves left of the route followed, when there is one

    def to_json(self):
        """The fields that are set, in their order, as plain JSON data."""
        if not dataclasses.is_dataclass(self):
            return {}
        return {f.name: _plain(getattr(self, f.name)) for f in dataclasses.fields(self) if self.said(f.name)}

    def said(self, name):
        """Whether field `name` goes into to_json(): only the fields that are set."""
        return getattr(self, name) is not None


def _plain(value):
    return value.value if isinstance(value, enum.Enum) else value


class Autopilot:
    """Base of every autopilot. It reads `game` (snake, fruit, board) and never changes it."""

    name = "base"
    # True when the move depends only on the position (body, heading, fruit): such an
    # autopilot that meets a position again will repeat itself forever (see loops.py).
    memoryless = False
    follows_a_cycle = False  # True when it plays along a Hamiltonian cycle, which hamiltonian_cycle() gives

    def __init__(self, game):
        self.game = game
        self.decision = Decision()  # why the last move was made, for the window and the debug log

    def next_direction(self):
        """The direction to move on the coming tick."""
        raise NotImplementedError

    def think(self, deadline, clock):
        """Use the time until `clock()` reaches `deadline`, while the snake waits for its next
        move, for a search under way; whether there was one (the window then does not sleep).
        An autopilot that thinks only when asked for a move has none."""
        return False

    def paced(self, seconds):
        """The game waits `seconds` between moves from now on (the window's speed, or the
        headless --move-time), which `think` may use: an autopilot may plan by it before its
        first wait. One that does not think between moves ignores it."""

    def proven_win(self):
        """Whether the autopilot holds a proof that it wins this game from here, whatever
        fruits come (the headless runner then lets it finish past its move limit)."""
        return False

    def planned_path(self):
        """The cells the solver means to visit next, for the window's overlay (may be empty)."""
        return []

    def hamiltonian_cycle(self):
        """The Hamiltonian cycle it follows now, as cells (x, y) in order from the head, for the
        window's drawing; None when it follows none (at this moment, or ever)."""
        return None
