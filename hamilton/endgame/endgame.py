"""The proof near the end of a hand-over, spread over the moves while the snake circles. No pygame.

Near the end of a game the future is small. With F free cells the snake must eat F more
fruits, each placed on a free cell the player does not choose. A position is *won* when
some way of moving eats the fruit and leaves, for every place the next fruit can appear, a
position that is won again; the full board is won. `Endgame` proves it: over forks first
(forks.py), which decides with little work, then, for a shorter route or where the forks
cannot decide, by the layered search (layers.py). It is only asked when few cells are free
(FREE_MAX); a timed game is also asked with up to FREE_MAX_TIMED free cells where the body
cannot be brought back into order and survival goes hungry (HamiltonSolver), since nothing
else would win.

A proof can take millions of bodies, far more than a move's time. So `move` makes it a
piece a move (WORK: the bodies looked at, and a few more for each search begun) while the
snake goes round a loop that brings the very position back (proof.py), and when the proof
is done, the route it found is taken the next time the snake is there. A game that also
thinks in the time between moves (`think`) does better: see timed/lookahead.py, and
timed/en_route.py for routes shortened while the snake follows them.
Once the search has proven that this fruit cannot be won, it says so at once until the
fruit is eaten: every later position is one the proof already looked at. A proof that would
do more than LIMIT of work, or hold more than the ledger's hold (memory), is given up, and
the snake only stays alive.
"""
import sys
from collections import deque
from functools import partial

from hamilton.endgame.timed.closed_routes import Began, ClosedRoutes
from hamilton.endgame.timed.closing import Closing
from hamilton.endgame.timed.en_route import EnRoute
from hamilton.endgame.forks import ForkSearch, Unsure
from hamilton.endgame.layers import LayeredSearch
from hamilton.endgame.ledger import BODY_BYTES, HOLD, SLICE, Ledger, holding
from hamilton.endgame.proof import Proof
from hamilton.endgame.space import Space
from hamilton.endgame.timed.lookahead import Lookahead
from hamilton.slices import stopping

FREE_MAX = 6  # searched only with at most this many free cells (each fruit multiplies the work)
FREE_MAX_TIMED = 8  # a timed game may be asked with this many where survival finds no way on (`asked`) ...
WIDE_WAIT = 0.04  # ... if a move waits this many seconds or more (at U's fastest, 0.01 s a move, it does not)
FREE_PATIENT = 4  # with more free cells than this, up to FREE_MAX, a proof may do a tenth of LIMIT (`limit_for`)
WORK = 16 * SLICE  # work a move may do: about as long as the planner's BUDGET (docs/measurements.md)
LIMIT = 200_000_000  # work one proof may do before it is given up (minutes of a core)
LONG_SPARE = 10  # laps of the board: a timed game's only route longer than this is shortened with all of LIMIT


class Endgame:
    """Proves wins near the end of a game, for bodies the cycle-based play cannot use."""

    def __init__(self, grid, free_max=FREE_MAX, work=WORK, limit=LIMIT, hold=None, forget=None, deepen=None,
                 remember=None, forks=True):
        """`hold`, `forget`, `deepen` and `remember` default to the ledger's HOLD and its parts
        (ledger.holding), made smaller on boards whose bodies take more memory (BODY_BYTES).
        `forks` False skips the search over forks: the layered search alone."""
        self.grid = grid
        self.free_max, self.work, self.limit, self.by_forks = free_max, work, limit, forks
        self.free_max_timed = max(free_max, FREE_MAX_TIMED)
        space = Space(grid, None)
        share = min(1, BODY_BYTES / sys.getsizeof(space.pack(range(grid.size))))
        board = holding(int(HOLD * share))
        self.ledger = Ledger(*(board[name] if given is None else given
                               for name, given in (("hold", hold), ("forget", forget), ("deepen", deepen),
                                                   ("remember", remember))))
        space.ledger = self.ledger
        self.space = space
        self.forks = ForkSearch(space, self.ledger)
        self.closing = Closing(space, self.ledger)
        self.closed_routes = ClosedRoutes(self)  # timed: routes through closed bodies, after a proof
        self.proof = None  # the Proof under way, if any
        self.timed = False  # thinking in the time between moves (`think`): proofs are rooted ahead
        self.pace = None  # the seconds the game says each move will wait (HamiltonSolver.paced), if it says
        self.wait = 0  # timed: the time the last move gave to think in, its waits (`think`) added up
        self._waiting = (None, 0)  # (move, time so far) of the move whose waits are being added up
        self.moves = 0  # the game's moves so far (the autopilot counts them): a proof's time in moves
        self.lookahead = Lookahead(self)  # timed: the routes of earlier roots, the next fruit's proofs
        self.en_route = EnRoute(self)  # timed, many free cells: proofs rooted along the route the snake follows
        self._lost = None  # (fruit, length) proven not to be won
        self._given_up = None  # (fruit, length) whose proof was given up (past `limit` or `hold`)

    def quick(self, body):
        """Whether proofs for `body` are quick: FREE_PATIENT free cells or fewer. With more, a
        proof often takes longer than a few moves' waits (`limit_for`), so proofs rooted a few
        moves apart (Lookahead.looking_on) would rarely have the time to find a route."""
        return self.grid.size - len(body) <= FREE_PATIENT

    @property
    def looked(self):
        """Bodies the searches have taken from their queues so far, over all questions asked."""
        return self.ledger.looked

    @property
    def held(self):
        """Bodies held now: by the searches under way, and by ended ones not yet freed."""
        return self.ledger.held

    def proven(self):
        """Whether the proof under way is for a position already shown to be won (one met
        after eating in an earlier proof, or one it has a long route for, `spare`): the game
        is won, its route still to be found."""
        proof = self.proof
        if proof is None:
            return False
        if proof.notes.spare is not None or self.lookahead.taken:
            return True
        key = (self.space.pack(proof.body), proof.fruit)
        return key in self.space.known or key in self.space.won_keys

    def lost(self, body, fruit):
        """Whether this fruit has been proven not to be won (asked again, the answer stays no)."""
        return self._lost == (fruit, len(body))

    def given_up(self, body, fruit):
        """Whether this fruit's proof was given up (too big): not known to be won or lost."""
        return self._given_up == (fruit, len(body))

    def asked(self, body, fruit, wider=False):
        """Whether the search applies: few enough cells free, and no answer yet that it does not.
        `wider`: the caller found no other way to win (no route back into order, and survival
        does not eat: HamiltonSolver._survival_move); a timed game whose moves wait WIDE_WAIT
        or more then searches with up to `free_max_timed` free cells: its waits add up to the
        minutes such a proof can take, where a move's own WORK alone would circle for hours
        (docs/handovers.md)."""
        question = (fruit, len(body))
        most = self.free_max_timed if wider and self.timed and self.wait >= WIDE_WAIT else self.free_max
        return fruit >= 0 and self.grid.size - len(body) <= most and question not in (
            self._lost, self._given_up)

    def limit_for(self, body):
        """The work a proof for `body` may do: `limit`, or a tenth of it with more than
        FREE_PATIENT free cells, up to FREE_MAX. With 5 or 6 free cells the body can often be
        brought back into order instead (survival.py), and from there the cell tree surely
        wins; a proof that circles for the whole limit would only hold that back, and the
        fruits eaten meanwhile can turn a won position into a lost one. With more free cells
        a game asks only where no way back into order was found (`asked`), so the proof has
        the whole limit."""
        free = self.grid.size - len(body)
        return self.limit // 10 if FREE_PATIENT < free <= FREE_MAX else self.limit

    def limit_of(self, proof):
        """The work `proof` may do: `limit_for` its body, or, where it has proven a win only by
        a very long route (its `spare`) and the game is patient (`_patient`), twice the whole
        limit: one for the doubling rounds and one for the rounds abreast (`_shortened`)."""
        if proof.notes.spare is not None and self._patient(len(proof.notes.spare)):
            return 2 * self.limit
        return self.limit_for(proof.body)

    def _patient(self, moves):
        """Whether a route of `moves` is worth the whole limit, twice, to shorten: in a timed
        game whose moves wait WIDE_WAIT or more, a route longer than LONG_SPARE laps of the
        board. The game is won, so nothing waits on the proof but that route, and the first
        route over forks can be tens of thousands of moves where a longer search finds one of
        a few hundred (16x12, start 3: seed 39, 44,453 and 555; seed 53, 32,153 and 203;
        docs/handovers.md)."""
        return self.timed and self.wait >= WIDE_WAIT and moves > LONG_SPARE * self.grid.size

    def prove(self, body, fruit):
        """The whole proof of (body, fruit) in one go, ended (its `route`, None if there is
        none, and its `notes`), or None where the search does not apply. For the tools
        (docs/prove_handover.py) and the tests: a game spreads a proof over its moves (`move`)."""
        if not self.asked(body, fruit):
            return None
        proof = Proof(partial(self.proving, body, fruit), body, fruit)
        while not proof.ended(self.limit_of(proof)):
            proof.work(self.work // SLICE)
        proof.search.close()  # a search given up lets go of its bodies
        self.ledger.bury(self.ledger.held)  # no game waits on this call: free them all now
        self.verdict(proof)
        return proof

    def winning_route(self, body, fruit):
        """The shortest route (cells after the head) to a won position that `prove` finds, or None."""
        proof = self.prove(body, fruit)
        return None if proof is None else proof.route

    def move(self, body, fruit, wider=False):
        """(cells, won): the winning route once the proof is done and the snake is at the
        proven position (won True), else the next cell round the loop while the proof goes
        on (won False); None when the search does not apply or the position has no loop.
        `wider`: as for `asked`; a proof under way goes on whatever it was asked with, and a
        position a proof was made ready for (one a proven route led to, so won) is asked
        whatever its free cells."""
        self.ledger.bury(self.work)
        self.en_route.stop()  # the snake ate, or left the route it followed
        proof = self.proof
        if proof is not None and (proof.fruit != fruit or proof.loop is None or proof.body_now() != body):
            proof = self._drop()  # someone else steered, or the snake ate: a new question
        if not self.asked(body, fruit, wider or proof is not None or self.lookahead.made_ready(body, fruit)):
            return None
        if proof is None:
            proof = self.proof = self.lookahead.take(body, fruit) or Proof(partial(self.proving, body, fruit),
                                                                           body, fruit)
            proof.started = self.moves
        proof.work(self.work // SLICE)
        ended = proof.ended(self.limit_of(proof))
        if self.timed and proof.loop is not None and (ended or self.lookahead.taken):
            route = self.lookahead.route(proof, ended)
            if route is not None or self.proof is None:
                return self._set_out(body, route, fruit, self.lookahead.open)
            proof = self.proof  # another proof rooted ahead, or the snake goes round to a root or along a way
        elif ended:
            route = self.verdict(proof)
            if route is None or proof.at == proof.root:
                return self._set_out(body, route, fruit, proof.notes.open)
        elif proof.loop is None:
            proof.loop = self.loop(body, fruit)
            if proof.loop is None:  # nothing brings this position back: what it decided stays in `known`
                self._drop()
                return None
        return [proof.step()], False

    def _set_out(self, body, route, fruit, open_cost):
        """`move`'s answer once the question is over: (`route`, True), or None without a
        route. The proof ends; in a timed game, the snake setting out, the next fruit's
        proofs are made ready while it goes (Lookahead.prepare), whether its route was
        proven from the loop or at once (a proof made ready, done by the time the snake ate);
        and with more than `free_max` free cells, or on a route still over LONG_SPARE laps
        long (`_patient`: the search for a shorter one from here found none), proofs rooted
        along the route look for a sooner one (timed/en_route.py; `open_cost`: its meal's,
        ClosedRoutes.weigh). Each place along a route has its own shortest way on: 16x12,
        start 3, seed 109's only route from the hand-over is 176,087 moves, and from 5,200
        moves along it a proof finds one of 349."""
        took = self.moves - self.proof.started if self.proof is not None else 0
        self._drop()
        if route is None:
            return None
        if self.timed:
            self.lookahead.prepare(body, route, fruit)
        if self._en_route(body) or self._patient(len(route)):
            self.en_route.start(body, route, fruit, open_cost, took)
        return route, True

    def _en_route(self, body):
        """Whether the route for `body` (cells, packed or not) is shortened on the way
        (timed/en_route.py), its search for a shorter one circling a lap of the board at most
        (`_shortened`): in a timed game, with more than `free_max` free cells (a proof asked
        where survival finds no way on, `asked`), where that search can circle for a
        thousand moves."""
        return self.timed and self.grid.size - len(body) > self.free_max

    def think(self, deadline, clock):
        """Go on with the proof under way until `clock()` reaches `deadline` (the time the
        snake waits before its next move); whether there was a proof to think about. From the
        first call on, the endgame plays timed (timed/lookahead.py), and it adds up each move's waits."""
        self.timed = True
        self._add_wait(deadline - clock())
        proof = self.proof
        if proof is None:
            return self._think_on_the_way(deadline, clock)
        if proof.loop is None:
            return False
        while not proof.ended(self.limit_of(proof)) and clock() < deadline:
            proof.work(1)
        lookahead = self.lookahead
        if proof.done and lookahead.keep(proof) and not lookahead.ready(proof):
            lookahead.root_ahead(proof)  # the next proof starts at once, not with the next move
        return True

    def _think_on_the_way(self, deadline, clock):
        """While the snake follows a route, the proof rooted along it (timed/en_route.py) and the
        proofs made ready for the next fruit (Lookahead.think) share the wait, half each, and
        either has what the other leaves: the one may save moves on this fruit, the others
        decide what the later fruits cost. Whether there was any to think about."""
        halfway = clock() + (deadline - clock()) / 2
        along = self.en_route.think(halfway, clock)
        ready = self.lookahead.think(deadline, clock)
        if along:
            self.en_route.think(deadline, clock)
        return along or ready

    def _add_wait(self, seconds):
        """Add a wait to this move's; at the next move the sum is the last move's `wait`. (The
        window thinks in short waits, a few to a move, so that keys are answered; the headless
        runner with --move-time in one.)"""
        move, waited = self._waiting
        if move != self.moves:
            if move is not None:
                self.wait = waited
            move, waited = self.moves, 0
        self._waiting = (move, waited + max(0, seconds))

    def _drop(self):
        """Stop the proof under way (its searches let go of their bodies); None."""
        if self.proof is not None:
            self.proof.search.close()
            self.proof = None
        self.lookahead.taken = []

    def verdict(self, proof):
        """The route of a finished proof; a fruit proven lost or given up is remembered."""
        question = (proof.fruit, len(proof.body))
        notes = proof.notes
        if proof.route is None and notes.spare is not None:  # looking for a shorter route was given up
            proof.done, proof.route = True, notes.spare
        if not proof.done or (proof.route is None and notes.cut_short):
            self._given_up = question
        elif proof.route is None:
            self._lost = question
        return proof.route

    def heads_ahead(self, body, fruit, ahead):
        """The head's cells over the first `ahead` moves round the loop the snake goes while
        (body, fruit) is proven (`loop`), to the body a proof rooted `ahead` moves on takes;
        None if no loop brings it back."""
        loop = self.loop(body, fruit)
        return None if loop is None else [loop[k % len(loop)] for k in range(1, ahead + 1)]

    def loop(self, body, fruit):
        """The heads from `body` round the shortest loop back to it (see the module
        docstring), the present head first; None if the head cannot reach the tail."""
        if len(body) < 3:
            return None  # the tail is the neck: following it would be a turn back
        neighbours, tail = self.grid.neighbours, body[-1]
        open_cells = self.space.cells.difference(body).difference((fruit,))
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

    def deciding(self, body, fruit):
        """Whether `body` (a tuple of cells) can still win `fruit`, as a search (a generator):
        True or False, with no route looked for; a fruit proven lost is remembered (`lost`),
        so an autopilot given this endgame knows at once."""
        free = self.space.free_of(body)
        packed = self.space.pack(body)
        layered = self._layered(set())
        try:
            route = yield from self.forks.first(packed, fruit, free)
        except Unsure:
            yield from self.ledger.free_all()
            route = yield from layered.won(packed, fruit, free, outermost=True)
        if route is None and not layered.cut_short:
            self._lost = (fruit, len(body))
        return route is not None

    def proving(self, body, fruit, notes, arrival=None, beside=False, closing_within=None):
        """The search for a body asked about (a tuple of cells), as a generator; its answer
        is the winning route as a list of cells, or None; what it learns meanwhile goes into
        `notes` (its Proof's). `arrival`: the move count at which
        a timed game's snake gets to `body`, when the search for a shorter route must stop.
        `beside`: other proofs take turns with this one (those made ready for the next
        fruit, timed/lookahead.py), so its search for a closed body leaves them room in the hold.
        `closing_within`: a proof rooted ahead while the snake looks on (timed/lookahead.py) first
        looks for a route through the nearest closed body of fewer moves than that
        (ClosedRoutes.nearest), and takes it with no proof where it finds one.

        The proof (`_proven`) finds the shortest route to this fruit it can; a game with time
        between its moves (`_closes`) then looks for a route that leaves a closed body sooner
        (timed/closed_routes.py), after which every later fruit is a few moves on, and takes it where
        its moves to a closed body are fewer than the proof's route and the way from its meal
        on (ClosedRoutes.weigh): the later fruits of the proof's route can cost laps of the board
        (docs/handovers.md). A body closed already goes round its cycle, with no proof.

        While the proof runs, `notes.open` is that of the route it keeps should it be given up
        at its limit (`spare`, see `verdict`): the most there is (ClosedRoutes.cap) until it
        has been weighed, for nothing is known yet of the body it leaves."""
        closes = self._closes()
        way = self.closing.way_round(body, fruit) if closes else None
        if closes and way is None and closing_within is not None:
            way = yield from self.closed_routes.nearest(body, fruit, closing_within, arrival)
        if way is not None:
            notes.open = 0
            return way
        notes.open = self.closed_routes.cap if closes else 0
        began = Began(self.ledger.spent, self.moves, arrival)
        route = yield from self._proven(body, fruit, notes, arrival)
        return (yield from self._weighed(body, fruit, route, beside, began, notes))

    def _weighed(self, body, fruit, route, beside, began, notes):
        """`route`, or one whose meal leaves the body sooner closed, where the game looks for
        one (`_closes`; ClosedRoutes.weigh), as a generator; `notes.open` is set to its open cost."""
        open_cost = 0
        if route is not None and self._closes():
            route, open_cost = yield from self.closed_routes.weigh(body, fruit, route, beside, began, notes)
        notes.open = open_cost
        return route

    def shortening(self, body, fruit, route, arrival, notes):
        """A route from `body` (a tuple of cells) to `fruit` shorter than `route` (a list of
        cells, a win), or `route`, as `_shortened` looks for one, weighed as `proving` weighs
        its route; a generator. The search stops at the move count `arrival`, when the snake
        gets to `body` (a proof rooted along the route it follows, timed/en_route.py)."""
        notes.open = self.closed_routes.cap if self._closes() else 0
        began = Began(self.ledger.spent, self.moves, arrival)
        space = self.space
        shorter = yield from self._shortened(space.pack(body), fruit, space.free_of(body), space.pack(route),
                                             began.work, notes, arrival)
        return (yield from self._weighed(body, fruit, shorter, False, began, notes))

    def _closes(self):
        """Whether proofs look for routes through closed bodies: in a game that says its moves
        wait WIDE_WAIT or more (`pace`), which has the time; it says so before its first wait,
        so the first proof after a hand-over looks too. Untimed, the benchmark's figures stay."""
        return self.pace is not None and self.pace >= WIDE_WAIT

    def _proven(self, body, fruit, notes, arrival=None):
        """The proof of `proving`: its winning route as a list of cells, or None (a generator).

        Over forks, a round without a bound decides first (forks.first): it proves a loss,
        or finds a route, often a long one, with little work; `_shortened` then looks for a
        shorter one. Where the forks search meets one of its bounds (Unsure), the layered
        search (layers.won) decides alone."""
        free = self.space.free_of(body)
        packed = self.space.pack(body)
        if self.by_forks:
            start = self.ledger.spent
            try:
                route = yield from self.forks.first(packed, fruit, free)
            except Unsure:
                yield from self.ledger.free_all()  # the layered search starts with nothing held
            else:
                return None if route is None else (
                    yield from self._shortened(packed, fruit, free, route, start, notes, arrival))
        route = yield from self._layered(notes.cut_short).won(packed, fruit, free, outermost=True)
        return None if route is None else [self.space.cell[c] for c in route]

    def _layered(self, cut_short):
        """A layered search for one proof, the questions it cuts short noted in `cut_short`."""
        return LayeredSearch(self.space, self.ledger, cut_short)

    def _shortened(self, body, fruit, free, route, start, notes, arrival=None):
        """A winning route (a list of cells) no longer than `route` (packed), the first found
        over forks by a proof that began at `start` (its work then). While a shorter one is
        looked for, `route` is kept as `notes.spare` (the game is then known won, `proven`)
        and, if none is found, given back as it is (a long route is read once, not twice).

        Circling while it looks costs a move per `work`, and a shorter route can save at most
        the moves `route` takes beyond the distance to the fruit, so the search may not cost
        more than that (as in ski rental: at worst twice the moves), nor the rest of the
        proof's limit. If it finds none in time, `route` is taken. A timed game counts its
        moves, not the work: it may circle no more moves than the route could save, and no
        later than `arrival`, when the snake is at `body`; the limit then holds per proof.
        Where proofs rooted along the route go on shortening it (`_en_route`), it circles a
        lap of the board at most.
        A patient game (`_patient`: the route is very long) gives the doubling rounds
        (forks.shorter) the whole limit, and if they find nothing, the rounds abreast
        (forks.abreast) another, for a route under LONG_SPARE laps: where doubling steps over
        the bound a quick round needs."""
        saving = len(route) - self.grid.distance(self.space.cell[body[0]], fruit)
        patient = self._patient(len(route))
        limit = self.limit if patient else self.limit_for(body)
        budget = min(limit - (self.ledger.spent - start), saving * max(self.work, 1))
        if budget <= 0:
            return [self.space.cell[c] for c in route]
        notes.spare = [self.space.cell[c] for c in route]
        ledger = self.ledger
        if self.timed:  # proofs may take turns: each one's limit is kept by Proof.ended
            if self._en_route(body):
                saving = min(saving, self.grid.size)  # then the snake sets out, and proofs along the route go on
            moves = self.moves + saving if arrival is None else min(arrival, self.moves + saving)
            enough = lambda: self.moves >= moves  # noqa: E731
        else:
            until = ledger.spent + budget
            enough = lambda: ledger.spent >= until  # noqa: E731
        doubling_done = (lambda: enough() or ledger.spent >= start + limit) if patient else enough
        shorter = yield from stopping(self.forks.shorter(body, fruit, free, len(route), self._layered(notes.cut_short)),
                                      doubling_done)
        if patient and shorter is None and not enough():
            not_long = LONG_SPARE * self.grid.size  # rounds within more find long routes first
            shorter = yield from stopping(self.forks.abreast(body, fruit, free, not_long), enough)
        # A layered search gone depth first may come back with a longer route than `route`. The
        # timed game keeps the shorter; the untimed one keeps the routes (and so the benchmark
        # figures) it has always had.
        if shorter is None or self.timed and len(shorter) >= len(route):
            return notes.spare
        return [self.space.cell[c] for c in shorter]
