"""rival: the solver made for versus play (docs/versus.md). No pygame here.

It plays one snake of a duel and sees the other (`versus = True`: it is given `game.other`).
Each move, in this order:

    (1) Safety. Each move is SAFE (it survives the tick whatever the other snake does), RISKY
        (it dies only if the other makes one move: the other head can arrive on the same
        cell and the rival is not the longer, or the other's tail stays because it may eat
        now) or DEAD. The other snake is a moving wall: its body is a wall, its tail's cell
        is free unless it can eat now, its head's cell a wall. Only SAFE moves are looked at
        while there is one; else only RISKY ones; else it goes straight on.
    (2) The fruit, when it gets there first: its distance (breadth first over the cells free
        of both bodies) strictly shorter than the other head's, or as short when the rival is
        the longer (meeting head on there, it lives). It takes the first step of
        that way if a copy of itself that followed it and ate could still reach its own tail
        (greedy's step (c), with the other snake's body a wall).
    (3) In a standoff (as near the fruit as the other head, both snakes of one length:
        neither could ever step on it first, since a meeting there kills both), the snake
        that claims less makes way: it takes no step nearer, so the other gets there first.
        Its claim is the cells its head reaches strictly before the other head (`territory`);
        as many each, a lot drawn from the round's seed, the fruit and both heads decides
        (`lot`), alike whichever side looks. Making way, it takes the move after which it
        reaches the most cells first, among those after which it can reach its tail.
        Otherwise it draws near the fruit, for the next one and to stand in the other's
        way, by a move after which it can still reach its tail.
    (4) Otherwise it follows its tail the long way round (the move farthest from it that
        still reaches it).
    (5) Otherwise the move with the most room (free cells it can reach).

Ties are broken by the heading, straight on, then left, then right, never by the compass,
so that the two sides of a duel, which start half a turn apart, play alike. With no other
snake (a single game), it plays (2)-(5) as a careful greedy.

Cells are PathSolve's bit indices (pather.py) inside, cells (x, y) at the edges.
"""
import dataclasses
import zlib
from typing import Optional

from snake import DOWN, LEFT, NAMES, RIGHT, UP
from solver import Decision, GreedySolver

SAFE, RISKY, DEAD = "safe", "risky", "dead"
LEFT_OF = {UP: LEFT, LEFT: DOWN, DOWN: RIGHT, RIGHT: UP}  # y grows downwards
RIGHT_OF = {turn: direc for direc, turn in LEFT_OF.items()}


def by_heading(heading):
    """The directions in the order ties are broken: straight on, left, right, then back."""
    return (heading, LEFT_OF[heading], RIGHT_OF[heading], LEFT_OF[LEFT_OF[heading]])


@dataclasses.dataclass
class RivalDecision(Decision):
    """Why rival made its move: the step that chose it (see the module), and what it saw."""

    solver: str = "rival"
    step: Optional[str] = None  # "fruit", "way", "near", "tail", "room", "straight"
    direction: Optional[str] = None
    safety: Optional[dict] = None  # {direction name: safe / risky / dead} of each move looked at
    mine: Optional[int] = None  # its distance to the fruit (None: no way)
    theirs: Optional[int] = None  # the other head's distance to the fruit (None: no way, or no other)
    claims: Optional[tuple] = None  # in a standoff: (cells it reaches first, cells the other does)


class Look:
    """The board as the rival sees it for one move: bit masks of both snakes and the free cells."""

    def __init__(self, ps, me, other, fruit):
        self.ps = ps
        self.me, self.other = me, other
        self.head = ps.index[me.head()]
        self.tail = ps.index[me.tail()]
        self.mine = ps.mask(me.cells)
        self.theirs = ps.mask(other.cells) if other is not None else 0
        self.free = ps.board & ~self.mine & ~self.theirs
        self.fruit = ps.index[fruit] if fruit is not None else None
        self.other_next = self.reachable_by_other()  # cells the other head may enter on this tick
        self.other_may_eat = self.fruit is not None and (self.other_next >> self.fruit) & 1
        self.longer = other is not None and len(me) > len(other)  # a meeting head on is the rival's
        self.even = other is not None and len(me) == len(other)  # a meeting head on kills both
        self.other_head = ps.index[other.head()] if other is not None else None

    def reachable_by_other(self):
        """The board cells the other head can step on now (a turn back onto its neck is no move)."""
        other, ps = self.other, self.ps
        if other is None:
            return 0
        head, mask = ps.index[other.head()], 0
        for d in range(4):
            cell = head + ps.offset[d]
            if ps.cells[cell] is not None and not other.is_reversal(d):
                mask |= 1 << cell
        return mask

    def safety(self, direc):
        """SAFE, RISKY or DEAD: what moving in `direc` does on this tick (step (1))."""
        ps, me, other = self.ps, self.me, self.other
        cell = self.head + ps.offset[direc]
        bit = 1 << cell
        if ps.cells[cell] is None:
            return DEAD
        eats = cell == self.fruit
        if self.mine & bit and not (cell == self.tail and not eats and len(me) > 1):
            return DEAD
        risky = False
        if self.theirs & bit:
            if other.head() == ps.cells[cell] or other.tail() != ps.cells[cell] or len(other) == 1:
                return DEAD
            risky = self.other_may_eat  # its tail stays if it eats now
        if self.other_next & bit and not self.longer:
            risky = True  # the other head may arrive here too, and the rival is not the longer
        return RISKY if risky else SAFE


class RivalSolver(GreedySolver):
    """The rival (see the module). It reuses greedy's virtual snake and escape test for (2)."""

    name = "rival"
    versus = True  # it is given the other snake, game.other
    memoryless = False  # its move depends on the other snake too, which a single game's position leaves out

    def __init__(self, game):
        super().__init__(game)
        self.path = []  # the cells of the way it means to go, for the O key

    @property
    def decision(self):
        return self._decision

    @decision.setter
    def decision(self, value):
        self._decision = value

    def planned_path(self):
        return [self.pather.cells[i] for i in self.path]

    def next_direction(self):
        game = self.game
        me = game.snake
        if game.over():
            self.decision = RivalDecision(step="none")
            return me.direction()
        look = Look(self.pather, me, getattr(game, "other", None), game.fruit.last_generate)
        order = [d for d in by_heading(me.direction()) if not me.is_reversal(d)]
        safety = {d: look.safety(d) for d in order}
        pool = [d for d in order if safety[d] == SAFE] or [d for d in order if safety[d] == RISKY]
        decision = self.decision = RivalDecision(safety={NAMES[d]: s for d, s in safety.items()})
        self.path = []
        if not pool:
            decision.step, decision.direction = "straight", NAMES[me.direction()]
            return me.direction()
        step, direc = self.choose(look, pool, decision)
        decision.step, decision.direction = step, NAMES[direc]
        return direc

    def choose(self, look, pool, decision):
        """Steps (2)-(5) among the moves of `pool`: (the step that chose, the direction)."""
        ps = self.pather
        toward = distances(ps, look.fruit, look.free) if look.fruit is not None else None
        if toward is not None:
            decision.mine = nearest(toward, [look.head + ps.offset[d] for d in pool], plus=1)
            decision.theirs = reach(toward, look.other_next, plus=1) if look.other is not None else None
            first = decision.mine is not None and (decision.theirs is None or decision.mine < decision.theirs or
                                                   decision.mine == decision.theirs and look.longer)
            if first:  # (2)
                direc = self.fruit_move(look, pool, toward)
                if direc is not None:
                    return "fruit", direc
            lasting = [d for d in pool if self.keeps_tail(look, d)]
            if decision.mine is not None and decision.mine == decision.theirs and look.even:
                direc = self.make_way(look, lasting, toward, decision)
                if direc is not None:  # (3), a standoff it does not claim
                    return "way", direc
            near = [d for d in lasting if look.head + ps.offset[d] != look.fruit
                    and nearest(toward, [look.head + ps.offset[d]]) is not None]
            if near:  # (3)
                best = min(near, key=lambda d: nearest(toward, [look.head + ps.offset[d]]))
                self.path = follow(ps, look.head + ps.offset[best], toward, best)
                return "near", best
        tail = [d for d in pool if self.keeps_tail(look, d)]
        if tail:  # (4)
            return "tail", max(tail, key=lambda d: self.tail_distance(look, d))
        return "room", max(pool, key=lambda d: self.room(look, d))  # (5)

    def fruit_move(self, look, pool, toward):
        """Step (2): the first move of a shortest way to the fruit after which a copy of the rival
        that ate could still reach its tail; None if no such way starts in `pool`."""
        ps, me = self.pather, look.me
        best = None
        for d in pool:
            cell = look.head + ps.offset[d]
            left = nearest(toward, [cell])
            if left is None or best is not None and left >= best[0]:
                continue
            best = (left, d)
        if best is None:
            return None
        direc = best[1]
        path = [look.head + ps.offset[direc]] + follow(ps, look.head + ps.offset[direc], toward, direc)
        s2 = self._virtual_snake(path, me.body, look.free, me.has_eaten())
        if s2 is not None and not self._escapes(s2.head, s2.tail, s2.free & ~look.theirs, s2.length):
            return None
        self.path = path
        return direc

    def make_way(self, look, lasting, toward, decision):
        """Step (3) in a standoff (as near the fruit as the other head, both of one length, so
        that neither could ever step on it first): the snake that claims fewer cells makes way,
        by a move that takes it no nearer, the one after which it reaches the most cells before
        the other head. None when it claims the fruit, or has no such move."""
        ps = self.pather
        mine, theirs = territory(ps, look.head, look.other_head, look.free)
        decision.claims = (mine, theirs)
        if not yields(mine, theirs, self.lot(look.head, look), self.lot(look.other_head, look)):
            return None
        away = []
        for d in lasting:
            left = nearest(toward, [look.head + ps.offset[d]])
            if left is None or left >= decision.mine:
                away.append(d)
        if not away:
            return None
        return max(away, key=lambda d: territory(ps, look.head + ps.offset[d], look.other_head,
                                                 look.free & ~(1 << look.head + ps.offset[d]))[0])

    def lot(self, cell, look):
        """A number drawn for a head on `cell` from the round's seed, the fruit and both heads:
        what breaks a standoff in which both snakes claim as much (a position the same seen
        from either side draws the same two numbers, one for each head)."""
        heads = sorted((look.head, look.other_head))
        text = f"{getattr(self.game, 'seed', 0)} {look.fruit} {heads} {cell}"
        return zlib.crc32(text.encode())

    def after(self, look, direc):
        """(head, tail, free cells) of the rival after moving in `direc` without eating."""
        ps, body = self.pather, look.me.body
        head = look.head + ps.offset[direc]
        if len(body) == 1:
            return head, head, look.free & ~(1 << head)
        tail = ps.index[body[-2]]
        return head, tail, (look.free | (1 << look.tail)) & ~(1 << head)

    def keeps_tail(self, look, direc):
        """Whether after moving in `direc` the rival can still reach its tail (it cannot be shut in)."""
        head, tail, free = self.after(look, direc)
        if head == look.fruit:
            return True  # eating: step (2) judged it
        return len(look.me) == 1 or self._escapes(head, tail, free, len(look.me))

    def tail_distance(self, look, direc):
        """How far the tail is after moving in `direc` (the long way round goes the farthest)."""
        head, tail, free = self.after(look, direc)
        return nearest(distances(self.pather, tail, free | (1 << head)), [head]) or 0

    def room(self, look, direc):
        """The free cells reachable after moving in `direc`."""
        head, _, free = self.after(look, direc)
        return bin(self.pather.region(head, free)).count("1")


def territory(ps, mine, theirs, free):
    """(the cells the head on `mine` reaches strictly before the head on `theirs`, the cells
    `theirs` reaches strictly first): both spread a cell a tick over the `free` cells; a cell
    both reach on one tick is nobody's and stops both."""
    stride = ps.stride
    a, b = 1 << mine, 1 << theirs
    rest = free & ~a & ~b
    count_a = count_b = 0
    while a or b:
        grow_a = ((a >> 1) | (a << 1) | (a >> stride) | (a << stride)) & rest
        grow_b = ((b >> 1) | (b << 1) | (b >> stride) | (b << stride)) & rest
        rest &= ~(grow_a | grow_b)
        both = grow_a & grow_b
        a, b = grow_a & ~both, grow_b & ~both
        count_a += bin(a).count("1")
        count_b += bin(b).count("1")
    return count_a, count_b


def yields(mine, theirs, my_lot, their_lot):
    """Whether the snake with `mine` cells of its own makes way to the one with `theirs`: the
    one with fewer does; as many, the lower lot does (as many and one lot: neither)."""
    return (mine, my_lot) < (theirs, their_lot)


def distances(ps, target, free):
    """Breadth-first layers from the cell `target` over `free` cells: a list of bit masks, layer k
    holding the cells k moves from it."""
    stride = ps.stride
    front = 1 << target
    rest = free & ~front
    layers = [front]
    while front:
        front = ((front >> 1) | (front << 1) | (front >> stride) | (front << stride)) & rest
        if front:
            layers.append(front)
            rest ^= front
    return layers


def nearest(layers, cells, plus=0):
    """The fewest moves from any of `cells` to the layers' target (plus `plus`); None if none is reached."""
    return reach(layers, sum(1 << c for c in cells), plus)


def reach(layers, wanted, plus=0):
    """The fewest moves from any cell of the mask `wanted` to the layers' target (plus `plus`), or None."""
    for k, layer in enumerate(layers):
        if layer & wanted:
            return k + plus
    return None


def follow(ps, start, layers, heading):
    """The cells after `start` down the layers to their target, keeping the heading where it can,
    else turning left before right (by_heading)."""
    at = nearest(layers, [start])
    if at is None:
        return []
    path, cur = [], start
    for k in range(at - 1, -1, -1):
        for d in by_heading(heading):
            nxt = cur + ps.offset[d]
            if (layers[k] >> nxt) & 1:
                path.append(nxt)
                cur, heading = nxt, d
                break
    return path

