"""HamiltonDecision: why hamilton made its move, for the window and the debug log. No pygame here.

The way of playing (`Mode`), the step within it (`Step`) and where a proof stands
(`ProofState`) are enums whose values
are the text the debug log writes (Decision.to_json); they are str enums, so each is equal
to its text, and a reader of the log compares the same words.
"""
import dataclasses
import enum
from typing import Optional

from solver import Decision, EndgameState


class Mode(str, enum.Enum):
    """The way of playing that made the move (hamilton/solver.py's table)."""

    CELL_TREE = "cell-tree"  # along a cell tree's outline (cycle.py)
    ENDGAME = "endgame"  # the search of every future fruit (endgame/)
    SURVIVAL = "survival"  # no order: back into order, or staying alive (survival.py)


class Step(str, enum.Enum):
    """What made the move, within its Mode (HamiltonDecision.step)."""

    ROUTE = "route"  # a route planned on the cell tree (Mode.CELL_TREE), followed to the fruit
    WAIT = "wait"  # no route yet, or no answer yet: one step round a tree's outline
    ENDGAME = "endgame"  # the search of every future fruit: a proven route, or round the loop
    RESTORE = "restore"  # no order: a route after which the body is back in order (Mode.SURVIVAL)
    ESCAPE = "escape"  # no order, the head walled in: onto its own trail just as the tail leaves it
    SURVIVE = "survive"  # no order, no way back found yet: the safest move ...
    CHASE = "chase"  # ... or one toward the fruit
    DOOMED = "doomed"  # no safe move at all
    NONE = "none"  # the game is over: nothing was decided


class ProofState(str, enum.Enum):
    """Where the endgame's proof stands, in mode ENDGAME."""

    WIN = "win"  # a route proven to win whatever fruits come, followed
    UNDER_WAY = "under way"  # round the loop that brings the position back while the proof goes on


@dataclasses.dataclass
class HamiltonDecision(Decision):
    """Why hamilton made its move: `step` says what made it (a Step), `mode` the way of
    playing it belongs to, and the other fields what that way of playing knew."""

    step: Step
    reason: Optional[str] = None  # "none": why nothing was decided
    mode: Optional[Mode] = None  # the way of playing
    proof: Optional[ProofState] = None  # Mode.ENDGAME: a route proven, or the proof under way
    distance: Optional[int] = None  # moves left of the route followed, the eating move included
    searches: Optional[int] = None  # the route's searches (a refused route is searched again)
    driving: Optional[str] = None  # "clockwise" or "anticlockwise": the tree's driving direction
    waits: Optional[int] = None  # a route's first moves round the outline, before it leaves it
    search: Optional[str] = None  # "unfinished": the search ran out of its budget this move
    ahead: Optional[int] = None  # moves until the position the next search is made for
    room_ok: Optional[bool] = None  # survival: whether the move keeps the tail in reach
    endgame: Optional[EndgameState] = None  # what the window says of the search near the end
    bodies: Optional[int] = None  # UNDER_WAY: the work the proof has done so far
    back_in: Optional[int] = None  # UNDER_WAY: moves until the loop brings the proven position back
    at_most: Optional[bool] = None  # `distance` is a bound: a shorter route is looked for, circling (UNDER_WAY)
    # or, with 7 or 8 free cells, on the way (WIN: a proof rooted along the route, hamilton/endgame/timed/en_route.py)
