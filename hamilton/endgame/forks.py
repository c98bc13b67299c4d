"""The search over forks: depth first over the bodies where the snake has a choice. No pygame here.

Near the end, 9 bodies in 10 have a single way on. A body with a choice (two or three ways
on, or the fruit beside the head) is a *fork*, and this search goes over forks alone, depth
first: each single way is followed at once and never kept,

    fork --forced--> fork --forced--> ... --> fork with the fruit beside the head: eat?
      |
      +----forced--> dead end                 (only the forks are kept)

so it holds a tenth of the bodies it meets. A first round, without a bound on the route's
moves (`first`), searches each fork once and stops at its first win: it decides with little
work, a win or that there is none. Its route can be very long, so a shorter one can then be
looked for (`shorter`): rounds within a bound on the route's moves (twice the distance to
the fruit, doubled each round, so a route found is less than twice the shortest), then the
layered search (layers.py), which finds the shortest. Where it meets its own bounds (a
single way that goes round for ever, or forks past the hold) it raises Unsure, and the
layered search decides alone.

A round within a bound just above the shortest route is often quick, but one well above it,
or just below it, can take more work than a game has: doubling can step from a bound too
small to one too big. So where those rounds give up, a game with the minutes to spare
(TimedEndgame._shortened) runs rounds of finer bounds side by side (`abreast`), a slice
each in turn, and takes the first route any of them finds:

    doubling  10        20             40                       80  ...   one at a time
    abreast   10   15   22   33   49   73  109  163  244  366  ...   (x1.5, up to ten laps)
              all under way at once: one just above the shortest route ends first

A round within a big bound may end first with a long route; so the caller asks only for
routes under ten laps of the board (LONG_SPARE).
"""
from functools import partial

from hamilton.endgame.ledger import SEARCH_COST, SHARDS, linked_back
from hamilton.endgame.space import cells_of

STEP = 1.5  # each bound of the rounds side by side (`abreast`) is this many times the last


class Unsure(Exception):
    """The search over forks met one of its bounds: the layered search decides instead."""


class Overflow(Unsure):
    """A round of the search over forks would hold more than the hold."""


class ForkSearch:
    """Searches over the forks of `space`'s bodies, accounted in `ledger`."""

    def __init__(self, space, ledger):
        self.space, self.ledger = space, ledger

    def first(self, body, fruit, free):
        """A winning route (packed) from `body`, the first a search over forks without a bound
        finds, or None if it is proven that none exists; raises Unsure past the bound of
        `next_fork`, or (Overflow) past the ledger's hold.

        Depth first, the search ends at its first win, and each fork is searched once, so it
        decides with little work, where rounds within a bound would each search again what
        the last did. Each next fruit after eating is decided by `won`."""
        key = (body, fruit)
        if key in self.space.no:
            return None
        route, _ = yield from self.within(body, fruit, free, None)
        yield from self.ledger.free_all()  # the next search starts with nothing held
        if route is None:
            self.space.remember_no(key)
        return route

    def shorter(self, body, fruit, free, longest, layered):
        """A winning route (packed) from `body` shorter than `longest` moves, or None: over
        forks in rounds within a bound, twice the distance to the fruit and doubled each round
        while it is below `longest`, so a route found is less than twice the shortest; then, or
        where a round meets its bounds (more forks than the hold), the layered search
        (`layered`, the proof's LayeredSearch), which finds the shortest. The positions after
        eating were decided by `first` and are remembered, so these searches take none of
        them up again."""
        ledger = self.ledger
        bound = 2 * self.space.grid.distance(self.space.cell[body[0]], fruit)
        try:
            while bound < longest:
                route, bounded = yield from self.within(body, fruit, free, bound)
                yield from ledger.free_all()
                if route is not None or not bounded:
                    return route
                bound *= 2
        except Unsure:  # a round met its bounds (Overflow: past the hold)
            yield from ledger.free_all()
        return (yield from layered.won(body, fruit, free, outermost=True))

    def abreast(self, body, fruit, free, longest):
        """A winning route (packed) from `body` shorter than `longest` moves, or None: rounds
        within bounds from twice the distance to the fruit, each STEP times the last, below
        `longest`, all under way at once, a slice of each in turn; the first route any finds.
        Each round may hold its share of the hold; one past it (Overflow) is given up alone."""
        ledger = self.ledger
        bound, bounds = 2 * self.space.grid.distance(self.space.cell[body[0]], fruit), []
        while bound < longest:
            bounds.append(bound)
            bound = max(bound + 1, int(bound * STEP))
        share = max(1, ledger.hold // max(1, len(bounds)))
        yield from ledger.free_all()  # a search stopped before this one let go of its bodies: the shares are free
        rounds = [self.within(body, fruit, free, bound, share) for bound in bounds]
        route = None
        try:
            while rounds and route is None:
                route = yield from self._turn(rounds)
        finally:
            for search in rounds:
                search.close()  # lets go of its forks
        yield from ledger.free_all()
        return route

    @staticmethod
    def _turn(rounds):
        """A slice of each of `rounds` (searches within a bound) in turn, those that end taken
        out of the list; the route of the first that finds one, else None after a pause."""
        for search in list(rounds):
            try:
                next(search)
            except StopIteration as answer:
                rounds.remove(search)
                if answer.value[0] is not None:
                    return answer.value[0]
            except Unsure:  # past its share of the hold, or a way round for ever: the others go on
                rounds.remove(search)
        yield
        return None

    def closing_meal(self, body, fruit, free, bound, closed):
        """A route (packed) from `body` within `bound` moves whose meal leaves a body that
        `closed(body, free)` (a generator) says is closed, or None: one round over forks,
        depth first, the first such route it meets. A closed body is won (timed/closing.py), so no
        next fruit is searched. None too where the round meets its bounds (Unsure). The
        bodies searches ended before it let go of are freed first: the round has the hold."""
        yield from self.ledger.free_all()
        try:
            route, _ = yield from self.within(body, fruit, free, bound, meal=closed)
        except Unsure:
            route = None
        yield from self.ledger.free_all()
        return route

    def within(self, body, fruit, free, bound, hold=None, meal=None):
        """(a winning route within `bound` moves or None, whether the bound cut a way short):
        a round of `first` or `shorter`. A fork met again in fewer moves is
        searched again from there, so no route within the bound is missed. With no bound
        (None) each fork is searched once, and the route is the first found. Raises Overflow
        past the ledger's hold, or past `hold` forks of its own. `meal(body, free)`, a
        generator, says whether the body a meal leaves will do: won for every next fruit
        (`after`) unless another is given (`closing_meal`).

        A round can meet a million forks: they are kept in SHARDS dicts by hash, as a big
        layered search keeps its bodies (ledger.py), so that no one dict grows, or is freed,
        all at once."""
        ledger, meal = self.ledger, self.after if meal is None else meal
        reached = [{} for _ in range(SHARDS)]  # fork -> (the fork before it, the moves to it)
        reached[hash(body) % SHARDS][body] = (None, 0)
        forks, bounded, kept = [(body, free, 0)], False, 1
        ledger.held += 1
        try:
            while forks:
                now, left, depth = forks.pop()
                if depth > reached[hash(now) % SHARDS][now][1]:
                    continue  # reached in fewer moves since
                fed, moves = self.space.steps(now, left, fruit)
                if fed is not None and (yield from meal(fed, left ^ 1 << fruit)):
                    return (yield from self.route(reached, now, fruit)), bounded
                for after, after_free in moves:
                    found = yield from self.next_fork(after, after_free, fruit)
                    if found is None:
                        continue
                    fork, fork_free, steps = found
                    shard = reached[hash(fork) % SHARDS]
                    if bound is not None and depth + steps > bound:
                        bounded = True
                    elif fork not in shard or bound is not None and depth + steps < shard[fork][1]:
                        if fork not in shard:
                            if ledger.held >= ledger.hold or hold is not None and kept >= hold:
                                raise Overflow
                            ledger.held += 1
                            kept += 1
                        shard[fork] = (now, depth + steps)
                        forks.append((fork, fork_free, depth + steps))
            return None, bounded
        finally:
            for shard in reached:
                ledger.let_go(shard)

    def won(self, body, fruit, free):
        """Whether (body, fruit) is won, depth first over forks as `first` searches, each fork
        met once: True, False (proven), or Unsure raised (Overflow past the ledger's hold).
        Only the verdict: the route is searched for again once the game gets there."""
        ledger = self.ledger
        key = (body, fruit)
        if key in self.space.won_keys or key in self.space.known:
            return True
        if key in self.space.no:
            return False
        came = {body: None}  # the forks met
        ledger.held += 1
        ledger.spent += SEARCH_COST
        try:
            forks = [(body, free)]
            while forks:
                now, left = forks.pop()
                fed, moves = self.space.steps(now, left, fruit)
                if fed is not None and (yield from self.after(fed, left ^ 1 << fruit)):
                    self.space.won_keys[key] = None
                    return True
                for after, after_free in moves:
                    found = yield from self.next_fork(after, after_free, fruit)
                    if found is None or found[0] in came:
                        continue
                    if ledger.held >= ledger.hold:
                        raise Overflow
                    ledger.held += 1
                    came[found[0]] = None
                    forks.append(found[:2])
            self.space.remember_no(key)
            return False
        finally:
            ledger.let_go(came)

    def after(self, body, free):
        """Whether the body a meal leaves (packed, its free cells the bits `free`) is won for
        every cell the next fruit can take, each decided by `won`; as the layered search
        asks (LayeredSearch._every_fruit_after), the fruit nearest the head, the likeliest
        lost, first."""
        for fruit in sorted(cells_of(free), key=partial(self.space.grid.distance, self.space.cell[body[0]])):
            if not (yield from self.won(body, fruit, free)):
                return False
        return True

    def next_fork(self, body, free, fruit):
        """(the first fork from `body` (just moved to) on, its free cells, the moves to it
        counting the one to `body`), following the one way on; None at a dead end (no way
        on, the fruit not beside the head). Raises Unsure after going round and round with one
        way on (it may do so for ever)."""
        ledger = self.ledger
        for steps in range(1, 2 * self.space.grid.size):
            ledger.looked += 1
            if ledger.due(1):
                yield
            fed, moves = self.space.steps(body, free, fruit)
            if fed is not None or len(moves) != 1:
                return (body, free, steps) if fed is not None or moves else None
            body, free = moves[0]
        raise Unsure

    def route(self, reached, fork, fruit):
        """The route (packed) from the search's start through the forks `reached` (shards of
        `within`) leads back along, to `fork` and on into the fruit: between two
        forks, the heads of the one way on. A generator: a long route is read back over many
        pauses."""
        forks = linked_back(reached, fork)
        cells = []
        for start, end in zip(forks, forks[1:]):
            heads = self.heads_between(start, end, fruit)
            cells += heads
            if self.ledger.due(len(heads)):
                yield
        return self.space.pack(cells + [fruit])

    def heads_between(self, start, end, fruit):
        """The heads from fork `start` (excluded) to fork `end` (included) along one way on."""
        space = self.space
        free = space.free_of(space.cell[c] for c in start)
        firsts = space.steps(start, free, fruit)[1]
        return space.one_way_to(start, end, firsts, fruit, 2 * space.grid.size)  # as far as next_fork follows
