"""Closing the body into a cycle of the whole board: from there each fruit is a few moves on. No pygame.

A body is *closed* when its free cells can be walked in one run from beside the head to
beside the tail (closed.py, with a picture): the head, that run and the body back from the
tail are then a Hamiltonian cycle of the board, and going round it each later fruit is at
most as many moves on as there are free cells.

The endgame's proofs find the shortest route to the fruit at hand, but the body that route
leaves can need a long route for each later fruit (docs/handovers.md). `route` finds the
nearest closed body instead, breadth first over the moves that do not eat (or that eat on
the move that closes it), within a bound on the moves, and `way_round` the way round from a
body already closed.

Where no closed body is near before the meal, one can be near after it: the meal changes
the body. `meal` looks for both, in one search over the bodies before the meal and those
after it, and weighs a meal before closing by the moves expected from it to a closed body
(`closes` for each place the next fruit can take, which may be eaten on the way):

    before the meal:  start --> ... --> closed --round--> eat       closed at the meal
    after it:         start --> ... --> eat --> ... --> closed      weighed: meal + moves expected
"""
import math
from typing import NamedTuple, Optional

from hamilton.endgame.closed import run as closed_run, run_of
from hamilton.endgame.ledger import SHARDS, linked_back

# Rooms: a search gives up once it has met this many times its `room` of bodies. It keeps
# about one body in six or seven it meets (the rest have one way on), so without this a
# search too big for its room would go on for six times the work before the room told it
# so, while the snake circles. Two rooms reach what needs about a third of the room kept, for at most twice
# the work a search did when it kept every body it met.
MET_ROOMS = 2


class Found(NamedTuple):
    """A search's answer: the route (cells after the head) and its open cost, the moves
    expected from its meal to a closed body (0: closed at or before the meal)."""
    route: list
    open: int


class Meal(NamedTuple):
    """The meal a body came after, in a search: the body it left (packed), that body's free
    cells (bits), and the moves from the search's start to it."""
    body: object
    free: int
    moves: int


class Reached(NamedTuple):
    """A body kept next (`_Breadth._one_way`): the body (packed), its free cells, the meal it
    came after (a Meal, or None before the meal), and its moves from the start."""
    body: object
    free: int
    meal: Optional[Meal]
    depth: int


class Best(NamedTuple):
    """The best route a search has found: its estimate (the moves to a closed body, through
    the meal where it closes after it), the route, and its open cost."""
    estimate: float
    route: list
    open: int


class Closing:
    """Routes to closed bodies of `space` (packed as it packs them), accounted in `ledger`."""

    def __init__(self, space, ledger):
        self.space, self.ledger = space, ledger

    def way_round(self, body, fruit):
        """The route (cells after the head) round the cycle of a closed `body` (a tuple of
        cells) to `fruit`, or None if `body` is not closed."""
        run = run_of(self.space, body)
        if run is None or fruit not in run:
            return None
        return run[:run.index(fruit) + 1]

    def route(self, body, fruit, free, bound, room):
        """A route (cells after the head) from `body` (packed, its free cells the bits `free`)
        to `fruit` through the nearest closed body, of at most `bound` moves; None if there is
        none, or once the ledger holds `room` bodies, this search's and any others' (a
        generator). With `fruit` -1 (none: a body just after a meal, its next fruit not yet
        known), the route to the nearest closed body itself.

        Breadth first over the moves that do not eat: the first closed body met is the
        nearest, and the route goes on round its cycle to the fruit. A move that eats is taken
        only where it leaves a closed body (the next fruit is then on the run too)."""
        found = yield from self._search(body, fruit, free, bound, room)
        return None if found is None else found.route

    def meal(self, body, fruit, free, bound, room, cost):
        """A Found (route, open): the route (cells after the head, its last move eating `fruit`) whose
        meal leaves the body soonest closed, and `open`, the moves expected from the meal to
        a closed body; None if none within `bound` moves in all, or once the ledger holds
        `room` bodies (a generator). The body closes before the meal, or after it:

            start --(no meal)--> closed --round--> eat        open 0: it stays closed
            start --(no meal)--> eat --(moves)--> closed      open: `cost`, at least the moves

        `cost(body, free)` (a generator) gives for a body a meal leaves the moves expected
        from it to a closed body, wherever the next fruit comes (the moves the search finds
        pass where it may be), or None where the body is not known to be won: that meal is
        passed over. A route is kept only if its moves to the meal and then to a closed body
        (at least `cost`) are within `bound`, and fewer than those of the routes found before."""
        return (yield from self._search(body, fruit, free, bound, room, cost))

    def closes(self, body, fruit, free, bound, room):
        """The moves from `body` (packed, just after a meal) to the nearest closed body with the
        next fruit at `fruit`, eating it on the way or not; None beyond `bound` or `room` (a
        generator). Its own next fruit is not looked at: `meal`'s cost estimates."""
        found = yield from self._search(body, fruit, free, bound, room, _at_once, round_to_fruit=False)
        return None if found is None else len(found.route) + found.open

    def _search(self, body, fruit, free, bound, room, cost=None, round_to_fruit=True):
        """`route` (without `cost`: the first closed body met), `meal` and `closes` (with it:
        the lowest estimate), as a Found or None, breadth first: the bodies `depth` moves on
        are taken up in turn, shallowest first (`_Breadth`). Each body is kept with the meal
        it came after: None before it, else a Meal. A body just fed is one cell longer, so it
        is never taken for one not yet fed. With `round_to_fruit` False a body closed before
        the meal ends the route. The search ends early (`_Breadth.over`) where its answer is
        found before its layers run out, or where it has met or kept all it may."""
        search = _Breadth(self, body, fruit, bound, room, cost, round_to_fruit)
        layers, depth = {0: [(body, free, None)]}, 0
        try:
            while layers and depth <= search.bound and not search.over:
                for now, now_free, meal in layers.pop(depth, ()):
                    if not search.shallowest(now, depth):
                        continue  # met again in fewer moves since
                    run = closed_run(self.space, now, now_free)
                    if run is not None and meal is not None and meal.body not in search.costs:
                        search.costs[meal.body] = yield from cost(meal.body, meal.free)  # once a meal: see weigh
                    if search.weigh(now, run, meal, depth):
                        yield from search.expand(now, now_free, meal, depth, layers)
                    if search.over:
                        break
                depth += 1
            return search.answer()
        finally:
            search.let_go()


class _Breadth:
    """One search of Closing._search, over the bodies it keeps (in small dicts: none stalls
    the game growing), each with the kept body before it and its moves from the start; the
    cost of each meal's body; and the best route found so far (a Best), with the `bound` a
    better one must keep within; once the search is `over`, its answer is `result`.

    Near the end most bodies have one way on, so only some are kept: those with a choice
    (two or three ways on, or the fruit beside the head), those closed, and those at the
    bound. Between two, the one way on is followed at once and never kept:

        kept --one way--> ... --> kept        a closed body met on the way is kept, so it
          |                                   is weighed in its turn, shallowest first
          +--one way--> ... --> dead end

    A body met again in fewer moves is taken up again from there (`shallowest`), so the
    search finds what a search keeping every body would, holding a few of them."""

    def __init__(self, closing, body, fruit, bound, room, cost, round_to_fruit):
        self.closing, self.ledger = closing, closing.ledger
        self.fruit, self.bound, self.room, self.cost, self.round_to_fruit = fruit, bound, room, cost, round_to_fruit
        self.length = len(body)  # of a body not yet fed
        self.seen = [{} for _ in range(SHARDS)]  # a body kept -> (the body kept before it, its moves)
        self.seen[hash(body) % SHARDS][body] = (None, 0)
        self.ledger.held += 1
        self.costs = {}  # a body a meal left -> its cost, None once passed over (or once its route is a candidate)
        self.best = None
        self.met = 0  # the bodies met, kept or not: at MET_ROOMS rooms the search gives up
        self.over, self.result = False, None  # ended early, and its answer then

    def answer(self):
        """The search's answer: its `result` if it ended early, else the best route found
        (a Found), or None."""
        if self.over:
            return self.result
        return None if self.best is None else Found(self.best.route, self.best.open)

    def _end(self, answer):
        """End the search early with `answer` (a Found, or None): the loops stop."""
        self.over, self.result = True, answer

    def weigh(self, now, run, meal, depth):
        """Whether the search goes on from `now` (`depth` moves from the start, after `meal`
        or before it; closed where `run`, its free cells in one run, is not None); a closed
        body is a candidate first. Before the meal, a closed body's route goes round its
        cycle to the fruit (the search ends where the first one met is the answer); else
        the search goes on from it all the same, for a meal that closes it again. After the
        meal, the first closed body met is the meal's candidate, weighed by the cost of the
        body the meal left (`costs`, asked by the search when it meets that body); nothing
        after that meal is looked at again, nor after a meal `cost` passes over."""
        if meal is None:
            if run is not None:
                self._closed_before_meal(now, run, depth)
            return not self.over
        left, meal_depth = meal.body, meal.moves
        costs = self.costs
        if costs.get(left, 0) is None:
            return False
        if run is None:
            return True
        estimate = max(depth, meal_depth + costs[left])
        costs[left] = None
        if estimate <= self.bound:
            self.best = Best(estimate, self.back(now)[:meal_depth], estimate - meal_depth)
            self.bound = math.ceil(estimate) - 1
        return False

    def _closed_before_meal(self, now, run, depth):
        """A body closed before the meal, `depth` moves on, its free cells the `run`: the route
        round its cycle to the fruit, kept if within the bound (the answer, without `cost`)."""
        fruit = self.fruit
        way = run[:run.index(fruit) + 1] if fruit >= 0 and self.round_to_fruit else []
        moves = depth + len(way)
        if moves <= self.bound:
            if self.cost is None:
                self._end(Found(self.back(now) + way, 0))
            else:
                self.best, self.bound = Best(moves, self.back(now) + way, 0), moves - 1

    def shallowest(self, body, depth):
        """Whether `depth` is still the fewest moves `body` (kept) is known to be from the start."""
        return self.seen[hash(body) % SHARDS][body][1] == depth

    def expand(self, now, now_free, meal, depth, layers):
        """Add to `layers` (bodies by their moves from the start) the bodies kept next on from
        `now`, each move's one way on followed (`_one_way`), within the bound (a generator).
        Before the meal, a move that eats is the answer where it leaves a closed body (and
        no better is known); with `cost`, it is followed like the others. The search ends,
        with the best so far, once the ledger holds `room` bodies."""
        if depth >= self.bound:
            return
        closing = self.closing
        fruit = self.fruit if meal is None else -1
        fed, moves = closing.space.steps(now, now_free, fruit)
        firsts = [(nxt, nxt_free, meal) for nxt, nxt_free in moves]
        if fed is not None:
            fed_free = now_free ^ (1 << fruit)
            if closed_run(closing.space, fed, fed_free) is not None:
                if self.cost is None or self.best is None or depth + 1 <= self.best.estimate:
                    self._end(Found(self.back(now) + [fruit], 0))
                    return
            elif self.cost is not None:
                firsts.append((fed, fed_free, Meal(fed, fed_free, depth + 1)))
        for nxt, nxt_free, nxt_meal in firsts:
            reached = yield from self._one_way(nxt, nxt_free, nxt_meal, depth + 1)
            if reached is not None:
                self._keep(now, reached, layers)
            if self.over:
                return

    def _one_way(self, body, free, meal, depth):
        """The first body from `body` (just moved to, `depth` moves from the start) on that is
        kept, as Reached: with a choice, closed, or at the bound; its one way on followed till
        then. None at a dead end, or after a meal the search passes over (a generator: it
        pauses every SLICE bodies). None too, the search ended with the best so far, once it
        has met MET_ROOMS rooms of bodies."""
        closing, ledger = self.closing, self.ledger
        fruit = self.fruit if meal is None else -1
        while True:
            if ledger.due(1):
                yield
            self.met += 1
            if self.met >= MET_ROOMS * self.room:
                self._end(self.answer())
                return None
            if meal is not None and self.costs.get(meal.body, 0) is None:
                return None
            if depth >= self.bound or closed_run(closing.space, body, free) is not None:
                return Reached(body, free, meal, depth)
            fed, moves = closing.space.steps(body, free, fruit)
            if fed is not None or len(moves) != 1:
                return Reached(body, free, meal, depth) if fed is not None or moves else None
            body, free = moves[0]
            depth += 1

    def _keep(self, before, reached, layers):
        """Keep the body `reached` (from `_one_way`) from `before`, where it was not met in as
        few moves; the search ends, with the best so far, once the ledger holds `room` bodies."""
        body, depth = reached.body, reached.depth
        shard = self.seen[hash(body) % SHARDS]
        met = shard.get(body)
        if met is not None and met[1] <= depth:
            return
        if met is None:
            if self.ledger.held >= self.room:
                self._end(self.answer())
                return
            self.ledger.held += 1
        shard[body] = (before, depth)
        layers.setdefault(depth, []).append((body, reached.free, reached.meal))

    def back(self, body):
        """The heads of the moves from the search's start to `body` (kept), first move first."""
        kept = linked_back(self.seen, body)
        heads = []
        for start, end in zip(kept, kept[1:]):
            heads += self._between(start, end)
        return heads

    def _between(self, start, end):
        """The heads from the kept body `start` (excluded) to `end` (included), the one kept
        next on from it: its first move, a meal or not, then the one way on."""
        space, seen = self.closing.space, self.seen
        moves = seen[hash(end) % SHARDS][end][1] - seen[hash(start) % SHARDS][start][1]
        free = space.free_of(space.cell[c] for c in start)
        fruit = self.fruit if len(start) == self.length else -1
        fed, firsts = space.steps(start, free, fruit)
        if fed is not None:
            firsts = firsts + [(fed, free ^ (1 << fruit))]
        return space.one_way_to(start, end, firsts, fruit, moves - 1)

    def let_go(self):
        """The ledger lets go of the bodies seen."""
        for shard in self.seen:
            self.ledger.let_go(shard)


def _at_once(body, free):
    """`closes`' cost of a meal: the moves the search finds after it, nothing more (a
    generator, as `_search` asks, that answers without a pause)."""
    yield from ()
    return 0
