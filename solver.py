"""What a solver is, and the first one: greedy. No pygame here.

A solver has one job: name the next direction for the game's snake. `Solver` is the base
every solver here subclasses (docs/solvers.md: the contract, for solvers of your own);
`Decision` is why it made its last move, for the window and the debug log. `GreedySolver`
is the report's greedy solver, improved: steps (a)-(e) of docs/design.md. The table of
every solver by name is solvers/.
"""
import dataclasses
import enum
from collections import namedtuple
from typing import Optional

from pather import PathSolve
from snake import Direction, NAMES


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
    """Why a solver made its last move. Each solver's own is a dataclass of the fields it
    sets (the rest None); the window reads `endgame` and `distance`, the debug log `to_json()`.
    This base says nothing: the solver of a replay, or one that has not moved yet."""

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


class Solver:
    """Base of every solver. It reads `game` (snake, fruit, board) and never changes it."""

    name = "base"
    # True when the move depends only on the position (body, heading, fruit): such an
    # solver that meets a position again will repeat itself forever (see loops.py).
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
        A solver that thinks only when asked for a move has none."""
        return False

    def paced(self, seconds):
        """The game waits `seconds` between moves from now on (the window's speed, or the
        headless --move-time), which `think` may use: a solver may plan by it before its
        first wait. One that does not think between moves ignores it."""

    def proven_win(self):
        """Whether the solver holds a proof that it wins this game from here, whatever
        fruits come (the headless runner then lets it finish past its move limit)."""
        return False

    def planned_path(self):
        """The cells the solver means to visit next, for the window's overlay (may be empty)."""
        return []

    def hamiltonian_cycle(self):
        """The Hamiltonian cycle it follows now, as cells (x, y) in order from the head, for the
        window's drawing; None when it follows none (at this moment, or ever)."""
        return None


class GreedyStep(str, enum.Enum):
    """The step of (a)-(e) whose move greedy took (GreedyDecision.step); a str enum whose
    values are the text the debug log writes."""

    C = "c"  # (c): the first step of P1, the shortest path to the fruit (after it, a way to the tail)
    D = "d"  # (d): the first step of P3, the longest path to its own tail
    E = "e"  # (e): the safe move with the most room
    NONE = "none"  # the game is over: nothing was decided


# Step (b)'s virtual snake after its meal: head and tail cells, free cells (bits), heading,
# and its length (the escape test of step (c) depends on it).
VirtualSnake = namedtuple("VirtualSnake", "head tail free heading length")


@dataclasses.dataclass
class GreedyDecision(Decision):
    """Why greedy made its move: the step that chose it, and each path it looked at, as a list of
    [x, y] cells after its start ([] = no path; None = its step was not reached, or, for
    s2_tail and p2, the virtual snake fills the board: eating the fruit wins)."""

    solver: str = "greedy"
    step: Optional[GreedyStep] = None  # the step whose move was taken
    reason: Optional[str] = None  # "none": why nothing was decided
    direction: Optional[str] = None  # the move, a name from snake.NAMES
    head: Optional[list] = None  # [x, y]
    fruit: Optional[list] = None  # [x, y]; null on a full board
    length: Optional[int] = None
    p1: Optional[list] = None  # step (a): the shortest path from the head to the fruit
    s2_tail: Optional[list] = None  # step (b): the tail of the virtual snake that has eaten
    p2: Optional[list] = None  # step (c): the virtual snake's longest path to its tail
    p3: Optional[list] = None  # step (d): the snake's longest path to its own tail
    room: Optional[dict] = None  # step (e): {direction name: free cells reachable after it}, each safe move
    moves: Optional[list] = None  # step (e): the one cell it moves to; [] when no move is safe

    def said(self, name):
        """The fruit is said (as null on a full board) whenever a move was decided."""
        return super().said(name) or name == "fruit" and self.head is not None


class GreedySolver(Solver):
    """The improved greedy solver: steps (a)-(e), numbered as in docs/design.md.

    `next_direction()` does only the work the choice needs. The paths shown in `decision` and
    `planned_path()` are rebuilt from the saved bitboards when first asked for, with the same
    searches, so they are exactly the paths the choice was made on.

    `decision` is a GreedyDecision: the step that chose the move and every path it looked at.
    """

    name = "greedy"
    memoryless = True  # each move is a function of body, heading and fruit alone

    def __init__(self, game):
        super().__init__(game)
        self.pather = PathSolve(game.width, game.height)
        self._plan = None  # the last choice's bitboards, turned into paths on demand

    @property
    def decision(self):
        """What the last call decided and the paths it looked at (a GreedyDecision)."""
        if self._plan is not None:
            self._decision = self._explain(self._plan)
            self._plan = None
        return self._decision

    @decision.setter
    def decision(self, value):
        self._decision = value
        self._plan = None

    def planned_path(self):
        """The cells of the path the last move began: P1 for (c), P3 for (d), one cell for (e)."""
        decision = self.decision
        if not isinstance(decision, GreedyDecision):
            return []  # no move made yet
        path = {GreedyStep.C: decision.p1, GreedyStep.D: decision.p3}.get(decision.step, decision.moves)
        return [tuple(cell) for cell in path or []]

    def next_direction(self):
        """Choose the move with steps (a)-(e)."""
        if self.game.over():  # no head on the board to plan from, perhaps; nothing to decide
            self.decision = GreedyDecision(step=GreedyStep.NONE, reason="game over")
            return self.game.snake.direction()
        step, move = self._choose()
        self._plan["step"], self._plan["move"] = step, move
        return self.pather.direction_of[move - self._plan["head"]]

    def _choose(self):
        """The step that decided and the cell index to move to; saves what it saw in `_plan`."""
        game, ps = self.game, self.pather
        snake = game.snake
        body = snake.body
        n = len(body)
        index, bit = ps.index, ps.bit
        head, tail = index[body[0]], index[body[-1]]
        pending = snake.has_eaten()  # a growth still owed: the tail stays put on the next move
        free = ps.board & ~sum(map(bit.__getitem__, body))
        heading = snake.direction()
        fruit_cell = game.fruit.last_generate  # not where(): on a full board that would draw again
        fruit = index[fruit_cell] if fruit_cell is not None else None
        plan = self._plan = {"head": head, "tail": tail, "free": free, "fruit": fruit, "length": n}

        # (a) Shortest path P1 from the head to the fruit. None: go to (d).
        p1 = plan["p1"] = ps.shortest(head, fruit, free, heading) if fruit is not None else []
        if p1:
            # (b) The virtual snake S2 follows P1 and eats.
            s2 = self._virtual_snake(p1, body, free, pending)
            if s2 is None:  # eating fills the board: the game is won, nothing to escape
                return GreedyStep.C, p1[0]
            plan["s2"] = s2
            # (c) Longest path P2 from S2's head to S2's tail. If it exists, the move is the
            # first step of P1. Otherwise (d).
            if self._escapes(s2.head, s2.tail, s2.free, s2.length):
                return GreedyStep.C, p1[0]

        # (d) Longest path P3 from S1's head to its own tail. If it exists, the move is its
        # first step. Otherwise (e).
        p3 = plan["p3"] = ps.shortest(head, tail, free, heading) if n > 1 else []
        if p3:
            first = ps.extend_first(head, p3, free)
            # A bare step onto the tail escapes only if the tail moves away (see _escapes).
            if first != tail or (n > 2 and not pending):
                return GreedyStep.D, first

        # (e) Worst case: the safe move away from the fruit. Better: the safe move with the
        # most room (free cells it can reach), ties broken away from the fruit.
        plan["room"], best = self._roomiest_move(head, tail, free, pending, fruit_cell)
        return GreedyStep.E, best

    def _virtual_snake(self, p1, body, free, pending):
        """Step (b): the snake S2 that has followed P1 and eaten (a VirtualSnake); None if
        eating fills the board. Its body is P1 walked backwards, then the front of S1's
        body, cut to S1's length plus the growth."""
        ps = self.pather
        index, bit, n, k = ps.index, ps.bit, len(body), len(p1)
        owed = pending and k > 1  # a growth owed is paid on the first move, unless that eats too
        grown = n + 1 + owed
        if grown >= ps.size:
            return None
        if k >= grown:
            s2_tail = p1[k - grown]
            s2_body = sum(1 << i for i in p1[k - grown:])
        else:
            s2_tail = index[body[grown - k - 1]]
            s2_body = ps.board & ~free
            for j in range(k - 1 - owed):  # S1's last cells, left behind by then
                s2_body ^= bit[body[n - 1 - j]]
            s2_body |= sum(1 << i for i in p1)
        s2_head = p1[-1]
        before = p1[-2] if k > 1 else index[body[0]]
        return VirtualSnake(s2_head, s2_tail, ps.board & ~s2_body, ps.direction_of[s2_head - before], grown)

    def _roomiest_move(self, head, tail, free, pending, fruit_cell):
        """Step (e): ({direction: free cells reachable after it} for each safe move, the cell
        of the safe move with the most room, ties broken away from the fruit; straight on
        when none is safe)."""
        ps, snake = self.pather, self.game.snake
        after = free
        if len(snake.body) == 1:
            after |= 1 << head
        elif not pending:
            after |= 1 << tail
        heading = snake.direction()
        fx, fy = fruit_cell if fruit_cell is not None else ps.cells[head]
        best, best_key, room = head + ps.offset[heading], None, {}
        for d in Direction:
            if snake.is_safe_move(d):
                cell = head + ps.offset[d]
                room[d] = bin(ps.region(cell, after)).count("1")  # int.bit_count is 3.10+
                x, y = ps.cells[cell]
                key = (room[d], abs(x - fx) + abs(y - fy))
                if best_key is None or key > best_key:
                    best, best_key = cell, key
        return room, best

    def _escapes(self, start, tail, free, length):
        """Whether a just-fed snake of `length` has a longest path to its tail that is a real escape.

        Any path of two or more steps is one. A single step onto the tail is one only if the
        tail moves away on that move, which a 2-long snake's tail (its neck) does not, unless
        extending the step turns it into a detour through two free cells. The snake ate on its
        last move, so it owes no growth: in this game the growth happens on the eating move.
        """
        ps = self.pather
        if not ps.adjacent(start, tail):
            return ps.connected(start, tail, free)
        if length > 2:
            return True
        return ps.extend_first(start, [tail], free) != tail

    def _explain(self, plan):
        """The GreedyDecision of a saved plan, its paths searched again and extended."""
        ps = self.pather
        cells = ps.cells
        head, free = plan["head"], plan["free"]

        def listed(path):
            return [list(cells[i]) for i in path]

        fruit = plan["fruit"]
        result = GreedyDecision(step=plan["step"], direction=NAMES[ps.direction_of[plan["move"] - head]],
                                head=list(cells[head]), fruit=list(cells[fruit]) if fruit is not None else None,
                                length=plan["length"], p1=listed(plan["p1"]))
        if "s2" in plan:
            s2 = plan["s2"]
            p2 = ps.shortest(s2.head, s2.tail, s2.free, s2.heading)
            result.s2_tail = list(cells[s2.tail])
            result.p2 = listed(ps.extend(s2.head, p2, s2.free))
        if "p3" in plan:
            result.p3 = listed(ps.extend(head, plan["p3"], free))
        if "room" in plan:
            result.room = {NAMES[d]: size for d, size in plan["room"].items()}
            target = cells[plan["move"]]
            result.moves = [list(target)] if target is not None else []
        return result

