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

    def way_round(self, body, fruit):
        """The route (cells after the head) round the cycle of a closed `body` (a tuple of
        cells) to `fruit`, or None if `body` is not closed."""
        space = self.space
        run = self.run(space.pack(body), space.free_of(body))
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
        the lowest estimate), as (route, open) or None, breadth first. Each body is kept with
        the meal it came after: None before it, else (the body the meal left, its free cells,
        the moves to it). A body just fed is one cell longer, so it is never taken for one not
        yet fed. With `round_to_fruit` False a body closed before the meal ends the route."""
        space, ledger = self.space, self.ledger
        steps = space.steps
        seen = [{} for _ in range(SHARDS)]  # body -> the body before it, in small dicts: none stalls the game growing
        seen[hash(body) % SHARDS][body] = None
        ledger.held += 1
        costs = {}  # a body a meal left -> its cost, None once passed over (or once its route is a candidate)
        layer, depth, best = [(body, free, None)], 0, None  # best: (estimate, route, open)
        try:
            while layer and depth <= bound:
                after = []
                for now, now_free, fed_at in layer:
                    run = self.run(now, now_free)
                    if fed_at is not None:
                        left, left_free, meal_depth = fed_at
                        if run is not None and left not in costs:
                            costs[left] = yield from cost(left, left_free)
                        if costs.get(left, 0) is None:
                            continue  # nothing after this meal is looked at again
                        if run is not None:
                            estimate = max(depth, meal_depth + costs[left])
                            costs[left] = None
                            if estimate <= bound:
                                best = (estimate, self._back(seen, now)[:meal_depth], estimate - meal_depth)
                                bound = math.ceil(estimate) - 1
                            continue
                    elif run is not None:
                        way = run[:run.index(fruit) + 1] if fruit >= 0 and round_to_fruit else []
                        if depth + len(way) <= bound:
                            if cost is None:
                                return self._back(seen, now) + way, 0
                            best, bound = (depth + len(way), self._back(seen, now) + way, 0), depth + len(way) - 1
                    fed, moves = steps(now, now_free, fruit if fed_at is None else -1) if depth < bound else (
                        None, ())
                    if fed is not None:
                        fed_free = now_free ^ (1 << fruit)
                        if self.run(fed, fed_free) is not None:
                            if cost is None or best is None or depth + 1 <= best[0]:
                                return self._back(seen, now) + [fruit], 0
                        elif cost is not None:
                            moves = moves + [(fed, fed_free)]
                    for nxt, nxt_free in moves:
                        shard = seen[hash(nxt) % SHARDS]
                        if nxt not in shard:
                            if ledger.held >= room:
                                return None if best is None else best[1:]
                            shard[nxt] = now
                            ledger.held += 1
                            just_fed = fed_at is None and len(nxt) > len(now)
                            after.append((nxt, nxt_free, (nxt, nxt_free, depth + 1) if just_fed else fed_at))
                    if ledger.due(1):  # a pause every SLICE bodies, while a layer is made too
                        yield
                layer, depth = after, depth + 1
            return None if best is None else best[1:]
        finally:
            for shard in seen:
                ledger.let_go(shard)

    def _back(self, seen, body):
        """The heads of the moves from the search's start to `body`, first move first."""
        heads, cell = [], self.space.cell
        while True:
            before = seen[hash(body) % SHARDS][body]
            if before is None:
                return heads[::-1]
            heads.append(cell[body[0]])
            body = before


def _at_once(body, free):
    """`closes`' cost of a meal: the moves the search finds after it, nothing more (a generator)."""
    return 0
    yield
