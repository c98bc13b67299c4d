"""Closing the body into a cycle of the whole board: from there each fruit is a few moves on. No pygame.

A body is *closed* when its free cells can be walked in one run from beside the head to
beside the tail. The head, that run and the body back from the tail are then a Hamiltonian
cycle of the board:

    3  2  1  H      H the head, 1..8 the body (8 the tail), a b c the free cells
    4  7  8  a
    5  6  c  b      H a b c 8 7 6 5 4 3 2 1 H goes through every cell once

Going round that cycle, the head walks the run and the tail leaves the cells just past its
far end, so the free cells stay one run between head and tail, eating or not. The fruit is
on a free cell, so it is at most F moves on (F free cells), and the body after the meal is
closed again: a closed body is won, by at most F + (F - 1) + ... + 1 more moves.

The endgame's proofs find the shortest route to the fruit at hand, but the body that route
leaves can need a long route for each later fruit (docs/handovers.md). `route` finds the
nearest closed body instead, breadth first over the moves that do not eat (or that eat on
the move that closes it), within a bound on the moves, and `run` the way round from a body
already closed.

Where no closed body is near before the meal, one can be near after it: the meal changes
the body. `meal` looks for both, in one search over the bodies before the meal and those
after it, and weighs a meal before closing by the moves expected from it to a closed body
(`closes` for each place the next fruit can take, which may be eaten on the way):

    before the meal:  start --> ... --> closed --round--> eat       closed at the meal
    after it:         start --> ... --> eat --> ... --> closed      weighed: meal + moves expected
"""
import math

from hamilton.endgame.ledger import SHARDS


class Closing:
    """Routes to closed bodies of `space` (packed as it packs them), accounted in `ledger`."""

    def __init__(self, space, ledger):
        self.space, self.ledger = space, ledger

    def run(self, body, free):
        """The free cells (bits `free`) in one run from beside the head of `body` (packed) to
        beside its tail, as a list; [] for a full board with the head beside the tail; None
        if the body is not closed."""
        space = self.space
        around = space.around
        head, tail = space.cell[body[0]], space.cell[body[-1]]
        if not free:
            return [] if tail in around[head] else None
        if not any(free >> n & 1 for n in around[tail]):
            return None
        path = []

        def walk(cell, left):
            path.append(cell)
            if not left:
                if tail in around[cell]:
                    return True
            else:
                for n in around[cell]:
                    if left >> n & 1 and walk(n, left ^ (1 << n)):
                        return True
            path.pop()
            return False

        for first in around[head]:
            if free >> first & 1 and walk(first, free ^ (1 << first)):
                return path
        return None

    def run_of(self, body):
        """`run` for `body`, a tuple of cells."""
        return self.run(self.space.pack(body), self.space.free_of(body))

    def way_round(self, body, fruit):
        """The route (cells after the head) round the cycle of a closed `body` (a tuple of
        cells) to `fruit`, or None if `body` is not closed."""
        run = self.run_of(body)
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
        return None if found is None else found[0]

    def meal(self, body, fruit, free, bound, room, cost):
        """(route, open): the route (cells after the head, its last move eating `fruit`) whose
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
        return None if found is None else len(found[0]) + found[1]

    def _search(self, body, fruit, free, bound, room, cost=None, round_to_fruit=True):
        """`route` (without `cost`: the first closed body met), `meal` and `closes` (with it:
        the lowest estimate), as (route, open) or None, breadth first, a layer of bodies
        (those `depth` moves on) at a time (`_Breadth`). Each body is kept with the meal it
        came after: None before it, else (the body the meal left, its free cells, the moves
        to it). A body just fed is one cell longer, so it is never taken for one not yet fed.
        With `round_to_fruit` False a body closed before the meal ends the route."""
        search = _Breadth(self, body, fruit, bound, room, cost, round_to_fruit)
        layer, depth = [(body, free, None)], 0
        try:
            while layer and depth <= search.bound:
                after = []
                for now, now_free, fed_at in layer:
                    run = self.run(now, now_free)
                    if run is not None and fed_at is not None and fed_at[0] not in search.costs:
                        search.costs[fed_at[0]] = yield from cost(*fed_at[:2])  # once a meal: see weigh
                    if search.weigh(now, run, fed_at, depth):
                        search.expand(now, now_free, fed_at, depth, after)
                        if self.ledger.due(1):  # a pause every SLICE bodies, while a layer is made too
                            yield
                layer, depth = after, depth + 1
            return search.answer()
        except _Found as found:
            return found.answer
        finally:
            search.let_go()


class _Found(Exception):
    """A search's answer, found before its layers run out (or the hold filled)."""

    def __init__(self, answer):
        super().__init__()
        self.answer = answer


class _Breadth:
    """One search of Closing._search: the bodies seen, each with the body before it (in small
    dicts: none stalls the game growing), the cost of each meal's body, and the best route
    found so far, (estimate, route, open), with the `bound` a better one must keep within."""

    def __init__(self, closing, body, fruit, bound, room, cost, round_to_fruit):
        self.closing, self.ledger = closing, closing.ledger
        self.fruit, self.bound, self.room, self.cost, self.round_to_fruit = fruit, bound, room, cost, round_to_fruit
        self.seen = [{} for _ in range(SHARDS)]
        self.seen[hash(body) % SHARDS][body] = None
        self.ledger.held += 1
        self.costs = {}  # a body a meal left -> its cost, None once passed over (or once its route is a candidate)
        self.best = None

    def answer(self):
        """(route, open) of the best route found, or None."""
        return None if self.best is None else self.best[1:]

    def weigh(self, now, run, fed_at, depth):
        """Whether the search goes on from `now` (`depth` moves from the start, after the
        meal `fed_at` or before it; closed where `run`, its free cells in one run, is not
        None); a closed body is a candidate first. Before the meal, a closed body's route
        goes round its cycle to the fruit (`_Found` where the first one met is the answer);
        the search goes on from it all the same, for a meal that closes it again. After the
        meal, the first closed body met is the meal's candidate, weighed by the cost of the
        body the meal left (`costs`, asked by the search when it meets that body); nothing
        after that meal is looked at again, nor after a meal `cost` passes over."""
        if fed_at is None:
            if run is not None:
                self._closed_before_meal(now, run, depth)
            return True
        left, _, meal_depth = fed_at
        costs = self.costs
        if costs.get(left, 0) is None:
            return False
        if run is None:
            return True
        estimate = max(depth, meal_depth + costs[left])
        costs[left] = None
        if estimate <= self.bound:
            self.best = (estimate, self.back(now)[:meal_depth], estimate - meal_depth)
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
                raise _Found((self.back(now) + way, 0))
            self.best, self.bound = (moves, self.back(now) + way, 0), moves - 1

    def expand(self, now, now_free, fed_at, depth, after):
        """Add to `after` the bodies one move on from `now` not seen before, within the bound.
        Before the meal, a move that eats is the answer where it leaves a closed body (and
        no better is known); with `cost`, it is followed like the others. `_Found`, with the
        best so far, once the ledger holds `room` bodies."""
        if depth >= self.bound:
            return
        fruit, seen, ledger = self.fruit, self.seen, self.ledger
        fed, moves = self.closing.space.steps(now, now_free, fruit if fed_at is None else -1)
        if fed is not None:
            fed_free = now_free ^ (1 << fruit)
            if self.closing.run(fed, fed_free) is not None:
                if self.cost is None or self.best is None or depth + 1 <= self.best[0]:
                    raise _Found((self.back(now) + [fruit], 0))
            elif self.cost is not None:
                moves = moves + [(fed, fed_free)]
        for nxt, nxt_free in moves:
            shard = seen[hash(nxt) % SHARDS]
            if nxt not in shard:
                if ledger.held >= self.room:
                    raise _Found(self.answer())
                shard[nxt] = now
                ledger.held += 1
                just_fed = fed_at is None and len(nxt) > len(now)
                after.append((nxt, nxt_free, (nxt, nxt_free, depth + 1) if just_fed else fed_at))

    def back(self, body):
        """The heads of the moves from the search's start to `body`, first move first."""
        heads, cell, seen = [], self.closing.space.cell, self.seen
        while True:
            before = seen[hash(body) % SHARDS][body]
            if before is None:
                return heads[::-1]
            heads.append(cell[body[0]])
            body = before

    def let_go(self):
        """The ledger lets go of the bodies seen."""
        for shard in self.seen:
            self.ledger.let_go(shard)


def _at_once(body, free):
    """`closes`' cost of a meal: the moves the search finds after it, nothing more (a generator)."""
    return 0
    yield
