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
"""
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
        space, ledger = self.space, self.ledger
        steps = space.steps
        seen = [{} for _ in range(SHARDS)]  # body -> the body before it, in small dicts: none stalls the game growing
        seen[hash(body) % SHARDS][body] = None
        ledger.held += 1
        layer, depth = [(body, free)], 0
        try:
            while layer and depth <= bound:
                after = []
                for now, now_free in layer:
                    run = self.run(now, now_free)
                    if run is not None:
                        way = run[:run.index(fruit) + 1] if fruit >= 0 else []
                        if depth + len(way) <= bound:
                            return self._back(seen, now) + way
                    fed, moves = steps(now, now_free, fruit) if depth < bound else (None, ())
                    if fed is not None and self.run(fed, now_free ^ (1 << fruit)) is not None:
                        return self._back(seen, now) + [fruit]
                    for nxt, nxt_free in moves:
                        shard = seen[hash(nxt) % SHARDS]
                        if nxt not in shard:
                            if ledger.held >= room:
                                return None
                            shard[nxt] = now
                            ledger.held += 1
                            after.append((nxt, nxt_free))
                    if ledger.due(1):  # a pause every SLICE bodies, while a layer is made too
                        yield
                layer, depth = after, depth + 1
            return None
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
