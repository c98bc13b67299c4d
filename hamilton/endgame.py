"""Searching every future when few cells are free: how a body in no order can still be won. No pygame.

Near the end of a game the future is small. With F free cells the snake must eat F more
fruits, each placed on a free cell the player does not choose. A position is *won* when
some way of moving eats the fruit and leaves, for every place the next fruit can appear, a
position that is won again; the full board is won. With two free cells the future is even
deterministic: after this fruit, the last one can only go on the last free cell.

`Endgame` decides that by search (an AND-OR search: some route for this fruit, AND every
next fruit). Between two meals the snake moves without growing, so a position is its body
alone; a layered (breadth-first) search over bodies finds the shortest route to each way
of eating.
Positions already decided are remembered.

Near the end, 9 bodies in 10 have a single way on. A body with a choice (two or three ways
on, or the fruit beside the head) is a *fork*, and the search goes first over forks alone,
depth first: each single way is followed at once and never kept,

    fork --forced--> fork --forced--> ... --> fork with the fruit beside the head: eat?
      |
      +----forced--> dead end                 (only the forks are kept)

so it holds a tenth of the bodies it meets. A first round, without a bound on the route's
moves, decides (`_first_by_forks`): it searches each fork once and stops at its first win.
It proves 16x12 seed 3's hand-over won after 1.2 million bodies, where the layered search
looks at 178 million, and decides 20x20 hand-overs the layered one cannot in the game's
limits. Its route can be hundreds of thousands of moves, so a shorter one is then looked for
(`_shorter`: rounds within a bound, then the layered search) with no more work than the
moves it could save. Where the search over forks meets its own bounds (a single way that
goes round for ever, or forks past the hold), the layered search decides alone.

The search is only asked when few cells are free (FREE_MAX). Cells are flat (grid.py); a
body is asked about as a tuple, head first, and searched as bytes, or as a str on boards of
more than 256 cells (`_packing`).

A proof can take millions of bodies, far more than a move's time. So `move` makes it a
piece a move (WORK: the bodies looked at, and a few more for each search begun) while the
snake goes round a loop that brings the very position back: the head runs through free
cells (never the fruit) to the tail, and follows the body from there on,

    .  .  .  .     body  b0 (head) ... b5 (tail), free cells q1 q2 on the way back
    b0 q1 q2 b5    the head goes  b0 q1 q2 b5 b4 b3 b2 b1 b0 ...
    b1 b2 b3 b4    after len(body) + 2 moves, every cell of the body is where it was

and when the proof is done, the route it found is taken the next time the snake is there.
Once the search has proven that this fruit cannot be won, it says so at once until the
fruit is eaten: every later position is one the proof already looked at. A proof that would
do more than LIMIT of work, or hold more than HOLD bodies at once (memory), is given up, and
the snake only stays alive. So that a big proof holds few, a search that has met FORGET
bodies keeps only the layer it is building, and once a layer holds DEEPEN it goes on depth
first (`_breadth_first`): it can still find a win, but it can rarely prove a loss. A later
fruit's search is cut short there instead, as it would circle for ever if that fruit were
lost; and so is one that finds the HOLD already held (by the searches it is nested in, and
bodies not yet freed): only the outermost search gives the whole proof up.
"""
import sys
from collections import deque
from functools import partial

from hamilton.slices import Sliced, stopping

FREE_MAX = 6  # searched only with at most this many free cells (each fruit multiplies the work)
FREE_PATIENT = 4  # with more free cells than this a proof may do a tenth of LIMIT (`limit_for`)
SLICE = 256  # bodies a proof looks at between pauses (a search begun counts as SEARCH_COST more)
SEARCH_COST = 3  # its lists, dict and generator cost about what looking at 3 bodies does
WORK = 16 * SLICE  # work a move may do: about 10 ms on 16x12 here, as the planner's budget
LIMIT = 200_000_000  # work one proof may do before it is given up (about 10 minutes here)
HOLD = 1_000_000  # bodies a proof may hold at once (about 240 MB on 16x12) before it is given up
# HOLD and the three below are for bodies of 16x12 (BODY_BYTES each) or less; where a body
# takes more memory, as on bigger boards, all four shrink alike, so the memory stays the same.
BODY_BYTES = sys.getsizeof(bytes(16 * 12))
FORGET = HOLD // 4  # bodies a search keeps all of; past them it keeps its layer only (`_breadth_first`)
DEEPEN = HOLD // 3  # a layer this big goes on depth first: it, the next and later fruits' searches must fit
STRETCH = 32  # moves a depth-first search goes deeper each round
REMEMBER = HOLD // 2  # questions proven not won that are remembered at once (a body each)
# A dict of a million bodies stops the game for a third of a second when it grows (it copies
# itself) and a tenth when it is freed. So a search that passes SPLIT bodies spreads them over
# SHARDS dicts by hash, each growing on its own (most searches are tiny and keep one), and the
# bodies a search lets go of are freed a few at a time (`_bury`).
SPLIT, SHARDS = 16 * SLICE, 64


class TooBig(Exception):
    """The search would hold more bodies at once than it may."""


class Unsure(Exception):
    """The search over forks met one of its bounds: the layered search decides instead."""


class Overflow(Unsure):
    """A round of the search over forks would hold more than the hold."""


class CutShort(Exception):
    """A search for a later fruit met more than `forget` bodies, or the `hold`: not known to be won or lost."""


class Proof:
    """A proof under way for one position, and the loop that brings that position back."""

    def __init__(self, steps, body, fruit):
        self.search, self.body, self.fruit = Sliced(steps), body, fruit
        self.loop = None  # the heads, from the proven position on, that bring it back
        self.at = 0  # moves made round the loop since the proven position (mod its length)
        self.done, self.route = False, None  # answered; the winning route (a list of cells), or None
        self.too_big = False  # given up: it would hold too many bodies at once

    @property
    def looked(self):
        """Work done so far, in slices of SLICE (bodies, and searches begun)."""
        return SLICE * self.search.slices

    def work(self, slices):
        """Up to `slices` more slices of the search."""
        if self.done or self.too_big:
            return
        try:
            if self.search.work(slices):
                answer = self.search.answer
                self.done, self.route = True, None if answer is None else list(answer)
        except TooBig:
            self.too_big = True

    def ended(self, limit):
        """Whether there is no more to do: answered, or given up (too big, or past `limit` bodies)."""
        return self.done or self.too_big or self.looked >= limit

    def body_now(self):
        """The body the loop has brought the snake to (the proven one when `at` is 0)."""
        loop, n = self.loop, len(self.body)
        return tuple(loop[(self.at - k) % len(loop)] for k in range(n))

    def back_in(self):
        """Moves round the loop until the proven position comes back (0: it is here)."""
        return -self.at % len(self.loop)

    def step(self):
        """The next head round the loop."""
        self.at = (self.at + 1) % len(self.loop)
        return self.loop[self.at]


class Endgame:
    """Proves wins near the end of a game, for bodies the cycle-based play cannot use."""

    def __init__(self, grid, free_max=FREE_MAX, work=WORK, limit=LIMIT, hold=None, forget=None, deepen=None,
                 remember=None, forks=True):
        """`hold`, `forget`, `deepen` and `remember` default to HOLD, FORGET, DEEPEN and
        REMEMBER, made smaller on boards whose bodies take more memory (see BODY_BYTES).
        `forks` False skips the search over forks (`_first_by_forks`): the layered search alone."""
        self.grid = grid
        self._packing(grid.size)
        share = min(1, BODY_BYTES / sys.getsizeof(self._pack(range(grid.size))))
        board = holding(int(HOLD * share))
        self.free_max, self.work, self.limit = free_max, work, limit
        self.hold, self.forget, self.deepen, self.remember = (
            board[name] if given is None else given
            for name, given in (("hold", hold), ("forget", forget), ("deepen", deepen), ("remember", remember)))
        self.known = {}  # (body, fruit) -> the winning route (cells, packed as a body is)
        self._no = {}  # (body, fruit) proven not won (a dict: see _spread): at most `remember`
        self.proof = None  # the Proof under way, if any
        self._lost = None  # (fruit, length) proven not to be won
        self._cut_short = set()  # (body, fruit) of the proof under way whose search was cut short
        self._given_up = None  # (fruit, length) whose proof was given up (past `limit` or `hold`)
        self._looked = 0  # bodies the search has looked at, ever
        self._spent = 0  # work, ever: bodies looked at, and SEARCH_COST for each search begun
        self._pause = SLICE  # the search pauses once `_spent` reaches this (every SLICE of work)
        self._held = 0  # bodies the searches hold: those under way, and those still to be freed
        self._graveyard = []  # dicts of bodies searches let go of, freed a slice at a time
        self._cells = frozenset(range(grid.size))
        self.forks = forks
        self._won_keys = {}  # (body, fruit) proven won by a search over forks (no route kept)
        self.spare = None  # a long winning route over forks, while the layered search looks for a shorter one
        self._around = [[n for n in ns if n >= 0] for ns in grid.neighbours]  # each cell's neighbours on the board

    def _packing(self, size):
        """How bodies are kept. As bytes (a cell a byte) where cells fit in one, else as a str
        (a cell a character, two bytes each up to 65,536 cells): either is far cheaper to copy
        and hash than a tuple (on 20x20, a move and a hash take 0.6 us, not 4.3 us, and a body
        holds 0.8 KB, not 3.2 KB). `_one[c] + body[:-1]` moves the head to c either way, and
        `_cell[x]` reads a cell back: a byte is one already, a character is looked up (a table,
        not a call to `ord`: a call per cell read slowed 16x12 proofs by several percent)."""
        cells = range(size)
        self._pack, self._cell = (bytes, list(cells)) if size <= 256 else (_text, {chr(c): c for c in cells})
        self._one = [self._pack((c,)) for c in cells]
        self._nothing = self._pack(())

    @property
    def looked(self):
        """Bodies the searches have taken from their queues so far, over all questions asked."""
        return self._looked

    @property
    def held(self):
        """Bodies held now: by the searches under way, and by ended ones not yet freed."""
        return self._held

    def proven(self):
        """Whether the proof under way is for a position already shown to be won (one met
        after eating in an earlier proof, or one it has a long route for, `spare`): the game
        is won, its route still to be found."""
        proof = self.proof
        if proof is None:
            return False
        if self.spare is not None:
            return True
        key = (self._pack(proof.body), proof.fruit)
        return key in self.known or key in self._won_keys

    def lost(self, body, fruit):
        """Whether this fruit has been proven not to be won (asked again, the answer stays no)."""
        return self._lost == (fruit, len(body))

    def given_up(self, body, fruit):
        """Whether this fruit's proof was given up (too big): not known to be won or lost."""
        return self._given_up == (fruit, len(body))

    def asked(self, body, fruit):
        """Whether the search applies: few enough cells free, and no answer yet that it does not."""
        question = (fruit, len(body))
        return fruit >= 0 and self.grid.size - len(body) <= self.free_max and question not in (
            self._lost, self._given_up)

    def limit_for(self, body):
        """The work a proof for `body` may do: `limit`, or a tenth of it with more than
        FREE_PATIENT free cells. With 5 or 6 free cells, the body can often be brought back
        into order instead (survival.py), and from there the cell tree surely wins, so a
        long proof would only hold that back. Every 5- or 6-free hand-over measured (16x12
        and 12x12 seeds 1-100, 10x10 seeds 1-200) is decided in 7.2 million of work or less,
        but such positions met later can take far more: 16x12 seed 67, handed over with 7
        free cells, meets one at 6 whose proof passes 200 million undecided; with the whole
        limit the snake circled 48,828 moves for it and then ate into a lost position, where
        with a tenth, bringing its body back into order wins the game."""
        return self.limit if self.grid.size - len(body) <= FREE_PATIENT else self.limit // 10

    def winning_route(self, body, fruit):
        """The shortest route (cells after the head) to a won position, or None: the whole
        proof in one go, for tests and tools (`move` spreads it over moves)."""
        if not self.asked(body, fruit):
            return None
        proof = Proof(self._proving(body, fruit), body, fruit)
        while not proof.ended(self.limit_for(body)):
            proof.work(self.work // SLICE)
        proof.search.close()  # a search given up lets go of its bodies
        self._bury(self._held)  # no game waits on this call: free them all now
        return self._verdict(proof)

    def move(self, body, fruit):
        """(cells, won): the winning route once the proof is done and the snake is at the
        proven position (won True), else the next cell round the loop while the proof goes
        on (won False); None when the search does not apply or the position has no loop."""
        self._bury(self.work)
        proof = self.proof
        if proof is not None and (proof.fruit != fruit or proof.loop is None or proof.body_now() != body):
            proof = self._drop()  # someone else steered, or the snake ate: a new question
        if not self.asked(body, fruit):
            return None
        if proof is None:
            proof = self.proof = Proof(self._proving(body, fruit), body, fruit)
        proof.work(self.work // SLICE)
        if proof.ended(self.limit_for(body)):
            route = self._verdict(proof)
            if route is None or proof.at == 0:
                self._drop()
                return None if route is None else (route, True)
        elif proof.loop is None:
            proof.loop = self._loop(body, fruit)
            if proof.loop is None:  # nothing brings this position back: what it decided stays in `known`
                self._drop()
                return None
        return [proof.step()], False

    def _drop(self):
        """Stop the proof under way (its searches let go of their bodies); None."""
        if self.proof is not None:
            self.proof.search.close()
            self.proof = None

    def _bury(self, bodies):
        """Free about `bodies` of the bodies ended searches left (one at a time: a pause as
        short as the work)."""
        graveyard = self._graveyard
        while bodies > 0 and graveyard:
            left = graveyard[-1]
            take = min(bodies, len(left))
            for _ in range(take):
                left.popitem()
            bodies -= take
            self._held -= take
            if not left:
                graveyard.pop()

    def _verdict(self, proof):
        """The route of a finished proof; a fruit proven lost or given up is remembered."""
        question = (proof.fruit, len(proof.body))
        if proof.route is None and self.spare is not None:  # looking for a shorter route was given up
            proof.done, proof.route = True, self.spare
        if not proof.done or (proof.route is None and self._cut_short):
            self._given_up = question
        elif proof.route is None:
            self._lost = question
        return proof.route

    def _loop(self, body, fruit):
        """The heads from `body` round the shortest loop back to it (see the module
        docstring), the present head first; None if the head cannot reach the tail."""
        if len(body) < 3:
            return None  # the tail is the neck: following it would be a turn back
        neighbours, tail = self.grid.neighbours, body[-1]
        open_cells = self._cells.difference(body).difference((fruit,))
        came = {body[0]: None}
        queue = deque([body[0]])
        while queue:
            c = queue.popleft()
            if tail in neighbours[c]:
                way = []
                while c is not None:
                    way.append(c)
                    c = came[c]
                return way[::-1] + list(body[:0:-1])
            for n in neighbours[c]:
                if n in open_cells and n not in came:
                    came[n] = c
                    queue.append(n)
        return None

    def _proving(self, body, fruit):
        """The search for a body asked about (a tuple of cells), as a generator; its answer
        is the winning route as a list of cells, or None.

        Over forks, a round without a bound decides first (`_first_by_forks`): it proves a
        loss, or finds a route, often a long one, with little work (16x12 seed 16: 497,148
        moves after 1.9 million of work, where a route of 310 exists); `_shortened` then
        looks for a shorter one. Where the forks search meets one of its bounds (Unsure),
        the layered search (`_won`) decides alone."""
        free = sum(1 << c for c in self._cells.difference(body))
        self._cut_short = set()
        self.spare = None
        packed = self._pack(body)
        if self.forks:
            start = self._spent
            try:
                route = yield from self._first_by_forks(packed, fruit, free)
            except Unsure:
                yield from self._free_all()  # the layered search starts with nothing held
            else:
                return None if route is None else (yield from self._shortened(packed, fruit, free, route, start))
        route = yield from self._won(packed, fruit, free, outermost=True)
        return None if route is None else [self._cell[c] for c in route]

    def _shortened(self, body, fruit, free, route, start):
        """A winning route (a list of cells) no longer than `route` (packed), the first found
        over forks by a proof that began at `start` (its work then). While `_shorter` looks
        for a shorter one, `route` is kept as `spare` (the game is then known won, `proven`)
        and, if none is found, given back as it is (a long route is read once, not twice).

        Circling while it looks costs a move per `work`, and a shorter route can save at most
        the moves `route` takes beyond the distance to the fruit, so the search may not cost
        more than that (as in ski rental: at worst twice the moves), nor the rest of the
        proof's limit. If it finds none in time, `route` is taken."""
        saving = len(route) - self.grid.distance(self._cell[body[0]], fruit)
        budget = min(self.limit_for(body) - (self._spent - start), saving * max(self.work, 1))
        if budget <= 0:
            return [self._cell[c] for c in route]
        self.spare = [self._cell[c] for c in route]
        until = self._spent + budget
        shorter = yield from stopping(self._shorter(body, fruit, free, len(route)), lambda: self._spent >= until)
        return self.spare if shorter is None else [self._cell[c] for c in shorter]

    def _first_by_forks(self, body, fruit, free):
        """A winning route (packed) from `body`, the first a search over forks without a bound
        finds, or None if it is proven that none exists; raises Unsure past the bounds of
        `_next_fork`, or (Overflow) past `hold` forks.

        A *fork* is a body where the snake has a choice: two or three ways on, or the fruit
        beside its head. Between two forks the way is forced, so it is followed at once and
        never kept: on 16x12 hand-overs 9 bodies in 10 have one way on. Depth first, the
        search ends at its first win, and each fork is searched once, so it decides with
        little work: 20x20 seed 3's hand-over (6 free cells) is proven lost after 33 million
        bodies, where rounds within a bound, each searching again what the last did, passed
        400 million. Each next fruit after eating is decided by `_won_by_forks`."""
        key = (body, fruit)
        if key in self._no:
            return None
        route, _ = yield from self._forks_within(body, fruit, free, None)
        yield from self._free_all()  # the next search starts with nothing held
        if route is None:
            self._remember_no(key)
        return route

    def _shorter(self, body, fruit, free, longest):
        """A winning route (packed) from `body` shorter than `longest` moves, or None: over
        forks in rounds within a bound, twice the distance to the fruit and doubled each round
        while it is below `longest`, so a route found is less than twice the shortest (16x12
        seed 3: 449 moves, not 464,679); then, or where a round meets its bounds (more forks
        than the hold), the layered search, which finds the shortest. The positions after
        eating were decided by `_first_by_forks` and are remembered, so these searches take
        none of them up again."""
        bound = 2 * self.grid.distance(self._cell[body[0]], fruit)
        try:
            while bound < longest:
                route, bounded = yield from self._forks_within(body, fruit, free, bound)
                yield from self._free_all()
                if route is not None or not bounded:
                    return route
                bound *= 2
        except Unsure:  # a round met its bounds (Overflow: past the hold)
            yield from self._free_all()
        return (yield from self._won(body, fruit, free, outermost=True))

    def _forks_within(self, body, fruit, free, bound):
        """(a winning route within `bound` moves or None, whether the bound cut a way short):
        a round of `_first_by_forks` or `_shorter`. A fork met again in fewer moves is
        searched again from there, so no route within the bound is missed. With no bound
        (None) each fork is searched once, and the route is the first found. Raises Overflow
        past `hold` forks.

        A round can meet a million forks: they are kept in SHARDS dicts by hash, as a big
        layered search keeps its bodies (see SPLIT), so that no one dict grows, or is freed,
        all at once (a million forks in one dict stopped the game for a third of a second)."""
        reached = [{} for _ in range(SHARDS)]  # fork -> (the fork before it, the moves to it)
        reached[hash(body) % SHARDS][body] = (None, 0)
        forks, bounded = [(body, free, 0)], False
        self._held += 1
        try:
            while forks:
                now, left, depth = forks.pop()
                if depth > reached[hash(now) % SHARDS][now][1]:
                    continue  # reached in fewer moves since
                fed, moves = self._steps(now, left, fruit)
                if fed is not None and (yield from self._forks_after(fed, left ^ 1 << fruit)):
                    return (yield from self._fork_route(reached, now, fruit)), bounded
                for after, after_free in moves:
                    found = yield from self._next_fork(after, after_free, fruit)
                    if found is None:
                        continue
                    fork, fork_free, steps = found
                    shard = reached[hash(fork) % SHARDS]
                    if bound is not None and depth + steps > bound:
                        bounded = True
                    elif fork not in shard or bound is not None and depth + steps < shard[fork][1]:
                        if fork not in shard:
                            if self._held >= self.hold:
                                raise Overflow
                            self._held += 1
                        shard[fork] = (now, depth + steps)
                        forks.append((fork, fork_free, depth + steps))
            return None, bounded
        finally:
            for shard in reached:
                self._let_go(shard)

    def _won_by_forks(self, body, fruit, free):
        """Whether (body, fruit) is won, depth first over forks (see `_first_by_forks`):
        True, False (proven), or Unsure raised (Overflow past `hold` forks). Only the
        verdict: the route is searched for again once the game gets there."""
        key = (body, fruit)
        if key in self._won_keys or key in self.known:
            return True
        if key in self._no:
            return False
        came = {body: None}  # the forks met
        self._held += 1
        self._spent += SEARCH_COST
        try:
            forks = [(body, free)]
            while forks:
                now, left = forks.pop()
                fed, moves = self._steps(now, left, fruit)
                if fed is not None and (yield from self._forks_after(fed, left ^ 1 << fruit)):
                    self._won_keys[key] = None
                    return True
                for after, after_free in moves:
                    found = yield from self._next_fork(after, after_free, fruit)
                    if found is None or found[0] in came:
                        continue
                    if self._held >= self.hold:
                        raise Overflow
                    self._held += 1
                    came[found[0]] = None
                    forks.append(found[:2])
            self._remember_no(key)
            return False
        finally:
            self._let_go(came)

    def _due(self, work):
        """Count `work` done; whether a pause is due (the caller yields), bodies of ended
        searches being freed first, faster than a search grows, so they do not pile up."""
        self._spent += work
        if self._spent < self._pause:
            return False
        self._pause = self._spent + SLICE
        self._bury(2 * SLICE)
        return True

    def _free_all(self):
        """Free every body ended searches left, a few slices between pauses (a generator):
        a round's forks, all at once, would stop the game for a tenth of a second or more."""
        while self._graveyard:
            self._bury(4 * SLICE)
            yield

    def _let_go(self, bodies):
        """A search's bodies (a dict) are no longer needed: freed by later slices if many."""
        if len(bodies) > SLICE:
            self._graveyard.append(bodies)
        else:
            self._held -= len(bodies)

    def _forks_after(self, body, free):
        """_every_fruit_after, each next fruit decided by `_won_by_forks`."""
        for fruit in sorted(_cells_of(free), key=partial(self.grid.distance, self._cell[body[0]])):
            if not (yield from self._won_by_forks(body, fruit, free)):
                return False
        return True

    def _next_fork(self, body, free, fruit):
        """(the first fork from `body` (just moved to) on, its free cells, the moves to it
        counting the one to `body`), following the one way on; None at a dead end (no way
        on, the fruit not beside the head). Raises Unsure after going round and round with one
        way on (it may do so for ever)."""
        for steps in range(1, 2 * self.grid.size):
            self._looked += 1
            if self._due(1):
                yield
            fed, moves = self._steps(body, free, fruit)
            if fed is not None or len(moves) != 1:
                return (body, free, steps) if fed is not None or moves else None
            body, free = moves[0]
        raise Unsure

    def _fork_route(self, reached, fork, fruit):
        """The route (packed) from the search's start through the forks `reached` (shards of
        `_forks_within`) leads back along, to `fork` and on into the fruit: between two
        forks, the heads of the one way on. A generator: a long route is read back over many
        pauses."""
        forks = []
        while fork is not None:
            forks.append(fork)
            fork = reached[hash(fork) % SHARDS][fork][0]
        forks.reverse()
        cells = []
        for start, end in zip(forks, forks[1:]):
            heads = self._heads_between(start, end, fruit)
            cells += heads
            if self._due(len(heads)):
                yield
        return self._pack(cells + [fruit])

    def _heads_between(self, start, end, fruit):
        """The heads from fork `start` (excluded) to fork `end` (included) along one way on."""
        cell = self._cell
        free = sum(1 << c for c in self._cells.difference(cell[c] for c in start))
        for body, left in self._steps(start, free, fruit)[1]:
            heads = [cell[body[0]]]
            for _ in range(2 * self.grid.size):  # as far as _next_fork follows one way
                if body == end:
                    return heads
                fed, moves = self._steps(body, left, fruit)
                if fed is not None or len(moves) != 1:
                    break
                body, left = moves[0]
                heads.append(cell[body[0]])
        raise AssertionError("no way on leads from one fork to the next")

    def _won(self, body, fruit, free, outermost=False):
        """Whether (body, fruit) is won: its winning route, or None. `free`: the free cells as bits.

        Only the outermost search goes on past `forget` bodies. A search for a later fruit is
        cut short there (or where the `hold` is reached): taken as not won (this way of
        eating is not used), and not remembered, nor is a "no" that rests on it, as neither
        is proven."""
        key = (body, fruit)
        if key in self.known:
            return self.known[key]
        if key in self._no or key in self._cut_short:
            return None
        cuts = len(self._cut_short)
        try:
            route = yield from self._search(body, fruit, free, outermost)
        except CutShort:
            route = None
            self._cut_short.add(key)
        if route is not None:
            self.known[key] = route
        elif len(self._cut_short) == cuts:
            self._remember_no(key)
        return route

    def _remember_no(self, key):
        """Remember a question proven not won. Proofs ask again about as many questions as
        they answer, but each answer holds a body: past `remember` of them they are let go of
        (freed a slice at a time, held until then) and the remembering starts again."""
        if len(self._no) >= self.remember:
            self._graveyard.append(self._no)
            self._held += len(self._no)
            self._no = {}
        self._no[key] = None

    def _search(self, body, fruit, free, outermost):
        """Breadth-first over the bodies reachable without eating; try each way of eating.

        Each body travels with its free cells (at most free_max of them, as the bits of an
        int): a move may enter a free cell or the tail's, and then the tail's cell is free
        instead of the one entered. That keeps each step as cheap as the few free cells, not
        the long body. Bodies, free cells and routes are kept as bytes or ints, which the
        garbage collector never has to walk: a proof can hold millions of them."""
        seen = [{body: None}]  # the bodies met (one dict, or SHARDS by hash; see _spread)
        self._held += 1
        self._spent += SEARCH_COST
        try:
            return (yield from self._breadth_first(body, fruit, free, seen, outermost))
        finally:
            size = sum(map(len, seen))
            if size > SLICE:
                self._graveyard.extend(filter(None, seen))  # freed by later slices
            else:
                self._held -= size

    def _breadth_first(self, start, fruit, free, seen, outermost):
        """_search's loop, a layer of bodies (all one move further) at a time; `seen` is the caller's.

        A route is not kept per body: a body already holds its last len(body) heads. So every
        len(body) moves (a *mark*), a body keeps a link to itself and to the mark before it,
        and the route is read back from those links and the body's own first cells.

        A search for a later fruit that has met `forget` bodies is cut short (see `_won`). The
        outermost one then keeps only the layer it is building: fewer than 1 body in 200 comes
        back on 16x12 hand-overs, and searching those again costs less than keeping every
        body met (tens of millions). Once a layer alone reaches `deepen` bodies, it goes on
        depth first (`_deepening`), which holds that layer alone but searches its first
        moves again each round: on 16x12 seed 3's hand-over, going on breadth first up to
        layers of 333,333 bodies (not 250,000) proves it won in 182 million of work, where
        it passed 200 million before (seed 16's proof does 106 million, not 97)."""
        steps = self._steps
        every = len(start)  # moves between marks
        shards, forgetting = len(seen), False
        bodies, frees, marks = [start], [free], [None]  # a layer: all `depth` moves from the start
        depth = 0
        while bodies:
            since = depth % every  # moves since the last mark, for the bodies of this layer
            if forgetting or sum(map(len, seen)) >= self.forget:
                if not outermost:
                    raise CutShort
                forgetting, shards = True, self._forget(seen)
            if len(bodies) >= self.deepen:
                found = yield from self._deepening_from(bodies, frees, depth, fruit, seen)
                if found is None:
                    return None
                root, path = found
                return self._route(marks[root], bodies[root], since, path)
            depth += 1
            marking = depth % every == 0
            next_bodies, next_frees, next_marks = [], [], []
            for now, free, before in zip(bodies, frees, marks):
                self._looked += 1
                self._spent += 1
                if self._spent >= self._pause:
                    self._pause = self._spent + SLICE
                    if shards == 1 and len(seen[0]) > SPLIT:
                        seen[:] = _spread(seen[0])
                        shards = SHARDS
                    self._bury(2 * SLICE)  # faster than a search grows: ended ones do not pile up
                    yield  # a pause: the caller may go on later
                fed, moves = steps(now, free, fruit)
                if fed is not None and (yield from self._every_fruit_after(fed, free ^ 1 << fruit)):
                    return self._route(before, now, since, [fruit])
                for after, left in moves:
                    shard = seen[hash(after) % shards] if shards > 1 else seen[0]  # most searches keep one
                    if after not in shard:
                        if self._held >= self.hold:
                            raise TooBig if outermost else CutShort
                        self._held += 1
                        shard[after] = None
                        next_bodies.append(after)
                        next_frees.append(left)
                        next_marks.append((after, before) if marking else before)
            bodies, frees, marks = next_bodies, next_frees, next_marks
        return None

    def _forget(self, seen):
        """Let go of the bodies `seen` holds (freed a slice at a time): SHARDS new dicts."""
        self._graveyard.extend(filter(None, seen))
        seen[:] = [{} for _ in range(SHARDS)]
        return SHARDS

    def _deepening_from(self, bodies, frees, depth, fruit, seen):
        """_deepening from a layer, the bodies met let go of (`_forget`); the layer counts as
        held while it goes on."""
        self._forget(seen)
        self._held += len(bodies)
        try:
            return (yield from self._deepening(bodies, frees, depth, fruit))
        finally:
            self._held -= len(bodies)

    def _deepening(self, bodies, frees, depth, fruit):
        """Depth first from each body of a layer (`bodies`, with their `frees`), all `depth`
        moves from the start, to a bound that grows by STRETCH moves a round; each round tries
        eating only beyond the last round's bound. (the root's index in the layer, its route on
        to the fruit), or None once a round ends every way before its bound: the fruit is lost.
        (The layer stays in its two lists: a list of pairs would be `deepen` (a third of a
        million) more objects for the garbage collector to walk.)

        Nothing met is kept, only the way down. Two ways rarely lead to the same body: a
        search of 16x12 seed 16's hand-over to 275 moves meets 15.0M bodies and, of all the
        ways down, 8,000 reach one of them a second time. So a body is searched about once a
        round, and the search holds its layer and one way down, however long it goes on."""
        steps, cell = self._steps, self._cell
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
                    self._looked += 1
                    if self._due(1):
                        yield
                    fed, moves = steps(now, free, fruit)
                    if fed is not None and at >= floor and (
                            yield from self._every_fruit_after(fed, free ^ 1 << fruit)):
                        return root, path + [fruit]
                    for after, left in moves:
                        stack.append((after, left, at + 1))
            if not deep_enough:
                return None

    def _steps(self, now, free, fruit):
        """(the body after eating, or None if the fruit is not beside the head; the moves that
        do not eat, as (body after, its free cells) pairs) for the body `now` with its `free`
        cells (bits). The head may enter a free cell or the tail's; either way the tail's
        cell is free after (as it was, or instead of the one entered). The neck is never
        free, and is the tail only in a body of 2, which cannot turn back into it."""
        cell, one = self._cell, self._one
        tail, rest = cell[now[-1]], now[:-1]
        fed, moves = None, []
        for n in self._around[cell[now[0]]]:
            if n == fruit:
                fed = one[n] + now
            elif n == tail:
                if len(now) > 2:
                    moves.append((one[n] + rest, free))
            elif free >> n & 1:
                moves.append((one[n] + rest, free ^ (1 << n | 1 << tail)))
        return fed, moves

    def _route(self, marks, body, since, cells):
        """A search's route, packed as a body is: the heads from its start up to the last mark
        (`marks`), the `since` heads `body` took after it, then `cells`."""
        return _heads(marks, self._nothing) + (body[since - 1::-1] if since else self._nothing) + self._pack(cells)

    def _every_fruit_after(self, body, free):
        """Whether the position after eating is won for every cell the next fruit can take
        (the `free` cells: bits).

        One fruit lost is enough to say no, so the likeliest loser is asked first: the fruit
        nearest the head. The snake has just passed it and must go most of the way round
        before it can come back. Asking it first cuts the whole proof's work by 1.5 to 4
        times on 8x8, 10x10 and 16x12 hand-overs (the verdicts are the same)."""
        for fruit in sorted(_cells_of(free), key=partial(self.grid.distance, self._cell[body[0]])):
            if (yield from self._won(body, fruit, free)) is None:
                return False
        return True


def holding(hold):
    """A hold of `hold` bodies and its parts, in the proportions of HOLD's: the keyword
    arguments `hold`, `forget`, `deepen` and `remember` of Endgame."""
    return {"hold": hold, "forget": hold // (HOLD // FORGET), "deepen": hold // (HOLD // DEEPEN),
            "remember": hold // (HOLD // REMEMBER)}


def _heads(marks, nothing):
    """The heads from a search's start up to its last mark (the start excluded), packed as
    the bodies are (`nothing`: an empty one)."""
    bodies = []
    while marks is not None:
        body, marks = marks
        bodies.append(body)
    # a body at a mark holds the heads since the mark before, latest first
    return nothing.join(body[::-1] for body in reversed(bodies))


def _text(cells):
    """Cells packed as a str, a character each: bodies on boards of more than 256 cells."""
    return "".join(map(chr, cells))


def _cells_of(bits):
    """The cells whose bits are set, lowest first."""
    cells = []
    while bits:
        low = bits & -bits
        bits ^= low
        cells.append(low.bit_length() - 1)
    return cells


def _spread(bodies):
    """The bodies (keys) of one dict spread over SHARDS dicts by hash.

    Bodies are kept as dict keys, with None, not in sets: the garbage collector never walks
    a dict that holds only bytes or ints, but walks every entry of a set, and a full
    collection over a search's half a million entries stopped the game for 180 ms."""
    shards = [{} for _ in range(SHARDS)]
    for body in bodies:
        shards[hash(body) % SHARDS][body] = None
    return shards
