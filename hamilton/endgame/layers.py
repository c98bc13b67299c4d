"""The layered search: breadth first over the bodies reachable before the next meal. No pygame here.

`won(body, fruit)` asks whether a position is won: some way of moving eats the fruit and
leaves, for every cell the next fruit can take, a position that is won again (an AND-OR
search: some route for this fruit, AND every next fruit). Between two meals the snake only
moves, so the bodies reachable form layers, each one move further than the last; the
first layer where eating leads to a won position gives the shortest route to a win.

So that a big proof holds few bodies, the outermost search keeps every body it meets only
up to the ledger's `forget`; then it keeps just the layer it is building, and once one layer
holds `deepen` it goes on depth first from it (`_deepening`), a bound that grows by STRETCH
moves a round: it can still find a win, but can rarely prove a loss. A search for a later
fruit is cut short there instead (CutShort: taken as not won, and not remembered), as is
one that finds the hold already held; only the outermost search gives the whole proof up
(TooBig).
"""
from functools import partial

from hamilton.endgame.ledger import SEARCH_COST, SHARDS, SLICE, SPLIT, spread
from hamilton.endgame.space import cells_of

STRETCH = 32  # moves a depth-first search goes deeper each round


class TooBig(Exception):
    """The search would hold more bodies at once than it may."""


class CutShort(Exception):
    """A search for a later fruit met more than `forget` bodies, or the `hold`: not known to be won or lost."""


class LayeredSearch:
    """Breadth-first searches over the bodies of `space` for one proof, accounted in `ledger`.
    `cut_short` (the proof's, Notes) gets the questions whose search was cut short."""

    def __init__(self, space, ledger, cut_short):
        self.space, self.ledger, self.cut_short = space, ledger, cut_short

    def won(self, body, fruit, free, outermost=False):
        """Whether (body, fruit) is won: its winning route, or None. `free`: the free cells as bits.

        Only the outermost search goes on past `forget` bodies. A search for a later fruit is
        cut short there (or where the `hold` is reached): taken as not won (this way of
        eating is not used), and not remembered, nor is a "no" that rests on it, as neither
        is proven."""
        key = (body, fruit)
        if key in self.space.known:
            return self.space.known[key]
        if key in self.space.no or key in self.cut_short:
            return None
        cuts = len(self.cut_short)
        try:
            route = yield from self._search(body, fruit, free, outermost)
        except CutShort:
            route = None
            self.cut_short.add(key)
        if route is not None:
            self.space.known[key] = route
        elif len(self.cut_short) == cuts:
            self.space.remember_no(key)
        return route

    def _search(self, body, fruit, free, outermost):
        """Breadth-first over the bodies reachable without eating; try each way of eating.

        Each body travels with its free cells (at most free_max of them, as the bits of an
        int): a move may enter a free cell or the tail's, and then the tail's cell is free
        instead of the one entered. That keeps each step as cheap as the few free cells, not
        the long body. Bodies, free cells and routes are kept as bytes or ints, which the
        garbage collector never has to walk: a proof can hold millions of them."""
        ledger = self.ledger
        seen = [{body: None}]  # the bodies met (one dict, or SHARDS by hash; see _spread)
        ledger.held += 1
        ledger.spent += SEARCH_COST
        try:
            return (yield from self._breadth_first(body, fruit, free, seen, outermost))
        finally:
            size = sum(map(len, seen))
            if size > SLICE:
                ledger.graveyard.extend(filter(None, seen))  # freed by later slices
            else:
                ledger.held -= size

    def _breadth_first(self, start, fruit, free, seen, outermost):
        """_search's loop, a layer of bodies (all one move further) at a time; `seen` is the caller's.

        A route is not kept per body: a body already holds its last len(body) heads. So every
        len(body) moves (a *mark*), a body keeps a link to itself and to the mark before it,
        and the route is read back from those links and the body's own first cells.

        A search for a later fruit that has met `forget` bodies is cut short (see `won`). The
        outermost one then keeps only the layer it is building: few bodies come back once
        passed, and searching those again costs less than keeping every body met. Once a
        layer alone reaches `deepen` bodies, it goes on depth first (`_deepening`), which
        holds that layer alone but searches its first moves again each round; so `deepen`
        is set as large as the hold allows."""
        ledger = self.ledger
        steps = self.space.steps
        every = len(start)  # moves between marks
        shards, forgetting = len(seen), False
        bodies, frees, marks = [start], [free], [None]  # a layer: all `depth` moves from the start
        depth = 0
        while bodies:
            since = depth % every  # moves since the last mark, for the bodies of this layer
            if forgetting or sum(map(len, seen)) >= ledger.forget:
                if not outermost:
                    raise CutShort
                forgetting, shards = True, self._forget(seen)
            if len(bodies) >= ledger.deepen:
                found = yield from self._deepening_from(bodies, frees, depth, fruit, seen)
                if found is None:
                    return None
                root, path = found
                return self._route(marks[root], bodies[root], since, path)
            depth += 1
            marking = depth % every == 0
            next_bodies, next_frees, next_marks = [], [], []
            for now, free, before in zip(bodies, frees, marks):
                ledger.looked += 1
                ledger.spent += 1
                if ledger.spent >= ledger.pause:
                    ledger.pause = ledger.spent + SLICE
                    if shards == 1 and len(seen[0]) > SPLIT:
                        seen[:] = spread(seen[0])
                        shards = SHARDS
                    ledger.bury(2 * SLICE)  # faster than a search grows: ended ones do not pile up
                    yield  # a pause: the caller may go on later
                fed, moves = steps(now, free, fruit)
                if fed is not None and (yield from self._every_fruit_after(fed, free ^ 1 << fruit)):
                    return self._route(before, now, since, [fruit])
                for after, left in moves:
                    shard = seen[hash(after) % shards] if shards > 1 else seen[0]  # most searches keep one
                    if after not in shard:
                        if ledger.held >= ledger.hold:
                            raise TooBig if outermost else CutShort
                        ledger.held += 1
                        shard[after] = None
                        next_bodies.append(after)
                        next_frees.append(left)
                        next_marks.append((after, before) if marking else before)
            bodies, frees, marks = next_bodies, next_frees, next_marks
        return None

    def _forget(self, seen):
        """Let go of the bodies `seen` holds (freed a slice at a time): SHARDS new dicts."""
        self.ledger.graveyard.extend(filter(None, seen))
        seen[:] = [{} for _ in range(SHARDS)]
        return SHARDS

    def _deepening_from(self, bodies, frees, depth, fruit, seen):
        """_deepening from a layer, the bodies met let go of (`_forget`); the layer counts as
        held while it goes on."""
        ledger = self.ledger
        self._forget(seen)
        ledger.held += len(bodies)
        try:
            return (yield from self._deepening(bodies, frees, depth, fruit))
        finally:
            ledger.held -= len(bodies)

    def _deepening(self, bodies, frees, depth, fruit):
        """Depth first from each body of a layer (`bodies`, with their `frees`), all `depth`
        moves from the start, to a bound that grows by STRETCH moves a round; each round tries
        eating only beyond the last round's bound. (the root's index in the layer, its route on
        to the fruit), or None once a round ends every way before its bound: the fruit is lost.
        (The layer stays in its two lists: a list of pairs would be `deepen` (a third of a
        million) more objects for the garbage collector to walk.)

        Nothing met is kept, only the way down. Two ways rarely lead to the same body near
        the end (the body is long, the free cells few), so a body is searched about once a
        round, and the search holds its layer and one way down, however long it goes on."""
        ledger = self.ledger
        steps, cell = self.space.steps, self.space.cell
        bound = depth
        while True:
            floor, bound = bound, bound + STRETCH  # eating before `floor` failed in earlier rounds
            deep_enough = False
            for root, (start, free) in enumerate(zip(bodies, frees)):
                path = []  # the heads from the root down to the body being looked at
                stack = [(start, free, depth)]
                while stack:
                    now, free, at = stack.pop()
                    del path[at - depth - 1:]
                    if at > depth:
                        path.append(cell[now[0]])
                    if at == bound:
                        deep_enough = True
                        continue
                    ledger.looked += 1
                    if ledger.due(1):
                        yield
                    fed, moves = steps(now, free, fruit)
                    if fed is not None and at >= floor and (
                            yield from self._every_fruit_after(fed, free ^ 1 << fruit)):
                        return root, path + [fruit]
                    for after, left in moves:
                        stack.append((after, left, at + 1))
            if not deep_enough:
                return None

    def _route(self, marks, body, since, cells):
        """A search's route, packed as a body is: the heads from its start up to the last mark
        (`marks`), the `since` heads `body` took after it, then `cells`."""
        nothing = self.space.nothing
        return _heads(marks, nothing) + (body[since - 1::-1] if since else nothing) + self.space.pack(cells)

    def _every_fruit_after(self, body, free):
        """Whether the position after eating is won for every cell the next fruit can take
        (the `free` cells: bits).

        One fruit lost is enough to say no, so the likeliest loser is asked first: the fruit
        nearest the head. The snake has just passed it and must go most of the way round
        before it can come back, so asking it first cuts the proof's work severalfold, with
        the same verdicts."""
        for fruit in sorted(cells_of(free), key=partial(self.space.grid.distance, self.space.cell[body[0]])):
            if (yield from self.won(body, fruit, free)) is None:
                return False
        return True


def _heads(marks, nothing):
    """The heads from a search's start up to its last mark (the start excluded), packed as
    the bodies are (`nothing`: an empty one)."""
    bodies = []
    while marks is not None:
        body, marks = marks
        bodies.append(body)
    # a body at a mark holds the heads since the mark before, latest first
    return nothing.join(body[::-1] for body in reversed(bodies))

