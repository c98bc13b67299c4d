"""The endgame of a game that thinks in the time between its moves. No pygame.

The window (and the headless runner with --move-time) gives the solver the wait between
two moves to think in (`think`), and says how long the waits will be (`pace`). With that
time, a TimedEndgame plays the Endgame's proofs so:

    proof ends away from its root   the next proof is rooted where the snake will be when
                                    it is likely done, ahead on the known loop; every route
                                    proven is kept, and the snake sets out on the soonest
                                    from where it is, where that route starts (going round
                                    to a root is one of them): till then, proofs rooted on
                                    ahead may find a sooner one (lookahead.py)
    the snake sets out on a route   its body after the meal is known: a proof for every cell
                                    the next fruit can take is made ready while it goes there
    7 or 8 free cells, no way back  the endgame is asked too (`most_free`, FREE_MAX_TIMED),
    into order, survival hungry     with the whole LIMIT: the waits give it the minutes; its
                                    search for a shorter route circles a lap of the board at
                                    most, then the snake sets out, and proofs rooted along the
                                    route look for a sooner one (en_route.py)
    a win proven only by a route    the search for a shorter one has LIMIT twice over, not
    over LONG_SPARE laps long       the tenth of 5 or 6 free cells: the doubling rounds, then
                                    rounds abreast (`limit_of`, `_shortened`)
    a proof has its route, and the  a route that leaves a closed body sooner (closing.py) is
    game says its moves wait        looked for too, closing before the meal or after it, and
    WIDE_WAIT or more (pace)        taken where its moves to a closed body are fewer than the
                                    proof's route and the way on from its meal: after it, each
                                    later fruit is a few moves on (closed_routes.py)
    the soonest route leaves a      the snake looks on for a lap of the loop before it sets
    body no closed body is near     out, rooting proofs LOOK_STEP moves apart (further where
    (open cost at its cap), and     those moves give less than LOOK_WORK): another root's
    proofs are quick (4 free        route may leave one near (Lookahead.looking_on); each
    cells or fewer, the first       first looks for a route through the nearest closed body,
    proof done within a lap)        which needs no proof (ClosedRoutes.nearest)

A game without that time (the headless benchmark) never builds one: HamiltonSolver plays an
Endgame, and takes a TimedEndgame over from it at the first `paced` or `think`.
"""
from hamilton.endgame.endgame import FREE_PATIENT, Endgame
from hamilton.endgame.timed.closed_routes import Began, ClosedRoutes
from hamilton.endgame.timed.closing import Closing
from hamilton.endgame.timed.en_route import EnRoute
from hamilton.endgame.timed.lookahead import Lookahead
from hamilton.slices import stopping

FREE_MAX_TIMED = 8  # a timed game may be asked with this many where survival finds no way on (`most_free`) ...
WIDE_WAIT = 0.04  # ... if a move waits this many seconds or more (at U's fastest, 0.01 s a move, it does not)
LONG_SPARE = 10  # laps of the board: a timed game's only route longer than this is shortened with all of LIMIT


class TimedEndgame(Endgame):
    """An Endgame that thinks between moves: its proofs take turns with those rooted ahead
    (`lookahead`), along the route followed (`en_route`) and after it, and their routes are
    weighed by what the later fruits cost (`closed_routes`), where the game's `pace` allows."""

    def __init__(self, grid, pace=None, **limits):
        """`pace`: the seconds the game says each move waits; `limits`: as for Endgame."""
        super().__init__(grid, **limits)
        self._timed(pace)

    @classmethod
    def taking_over(cls, endgame):
        """A TimedEndgame that knows what the untimed `endgame` knew: its limits, its searches'
        answers and ledger, its move count. A proof under way is dropped, for it was made
        untimed (there is none before a game's first move, nor in a Verdict's endgame)."""
        endgame.drop()
        timed = cls.__new__(cls)
        vars(timed).update(vars(endgame))
        timed._timed(None)
        return timed

    def _timed(self, pace):
        """The parts a game with time between moves adds."""
        self.pace = pace  # the seconds the game says each move will wait (HamiltonSolver.paced), if it says
        self.wait = 0  # the time the last move gave to think in, its waits (`think`) added up
        self._waiting = (None, 0)  # (move, time so far) of the move whose waits are being added up
        self.closing = Closing(self.space, self.ledger)
        self.closed_routes = ClosedRoutes(self)  # routes through closed bodies, after a proof
        self.lookahead = Lookahead(self)  # the routes of earlier roots, the next fruit's proofs
        self.en_route = EnRoute(self)  # many free cells: proofs rooted along the route the snake follows

    # -- what the waits allow ------------------------------------------------------------------

    def most_free(self, wider):
        """The most free cells a question may have: `free_max`, or, `wider` (the caller found no
        other way to win: no route back into order, and survival does not eat), FREE_MAX_TIMED
        where the last move waited WIDE_WAIT or more: its waits add up to the minutes such a
        proof can take, where a move's own WORK alone would circle for hours."""
        return max(self.free_max, FREE_MAX_TIMED) if wider and self.wait >= WIDE_WAIT else self.free_max

    def limit_of(self, proof):
        """The work `proof` may do: `limit_for` its body, or, where it has proven a win only by
        a very long route (its `spare`) and the game is patient (`_patient`), twice the whole
        limit: one for the doubling rounds and one for the rounds abreast (`_shortened`)."""
        spare = proof.notes.spare
        if spare is not None and self._patient(len(spare)):
            return 2 * self.limit
        return super().limit_of(proof)

    def _patient(self, moves):
        """Whether a route of `moves` is worth the whole limit, twice, to shorten: where moves
        wait WIDE_WAIT or more, a route longer than LONG_SPARE laps of the board. The game is
        won, so nothing waits on the proof but that route, and the first route over forks can
        be tens of thousands of moves where a longer search finds one of a few hundred."""
        return self.wait >= WIDE_WAIT and moves > LONG_SPARE * self.grid.size

    def quick(self, body):
        """Whether proofs for `body` are quick: FREE_PATIENT free cells or fewer. With more, a
        proof often takes longer than a few moves' waits (`limit_for`), so proofs rooted a few
        moves apart (Lookahead.looking_on) would rarely have the time to find a route."""
        return self.grid.size - len(body) <= FREE_PATIENT

    def _closes(self):
        """Whether proofs look for routes through closed bodies: where the game says its moves
        wait WIDE_WAIT or more (`pace`), which gives the time. It says so before its first
        wait, so the first proof after a hand-over looks too."""
        return self.pace is not None and self.pace >= WIDE_WAIT

    def _en_route(self, body):
        """Whether the route for `body` (cells, packed or not) is shortened on the way
        (en_route.py), its search for a shorter one circling a lap of the board at most
        (`_shortened`): with more than `free_max` free cells (a proof asked where survival
        finds no way on, `most_free`), where that search can circle for a thousand moves."""
        return self.grid.size - len(body) > self.free_max

    # -- the moves -----------------------------------------------------------------------------

    def proven(self):
        """As Endgame.proven, or a route is kept from an earlier root (Lookahead.taken)."""
        return super().proven() or self.proof is not None and bool(self.lookahead.taken)

    def move(self, body, fruit, wider=False):
        """As Endgame.move; a position a proof was made ready for (one a proven route led to,
        so won) is asked as `wider`."""
        return super().move(body, fruit, wider or self.lookahead.made_ready(body, fruit))

    def _under_way(self, body, fruit):
        """As Endgame._under_way; the proofs along a route end (the snake ate, or left it)."""
        self.en_route.stop()
        return super()._under_way(body, fruit)

    def _begun(self, body, fruit):
        """The proof made ready for this position, if any, else a new one."""
        return self.lookahead.take(body, fruit) or super()._begun(body, fruit)

    def _next(self, proof, body, fruit):
        """As Endgame._next until `proof` (the one under way) has ended or a route is kept;
        from then on the route from the snake's place, where the soonest route kept starts
        (Lookahead.ready), or the next cell round the loop, or None when the question is
        proven lost or given up. An ended proof's route is kept (Lookahead.keep); where the
        snake does not set out, the next proof is rooted where the snake will be when it is
        likely done (Lookahead.root_ahead), and proofs rooted ahead may find a sooner route
        while the loop takes the snake to the soonest one's start (lookahead.py). A proof
        rooted ahead that is given up leaves the routes kept: the game is known won."""
        lookahead, ended = self.lookahead, proof.ended(self.limit_of(proof))
        if proof.loop is None or not (ended or lookahead.taken):
            return super()._next(proof, body, fruit)
        given_up = ended and not proof.done and lookahead.taken
        if ended and not given_up and not self._kept(proof):
            return self._set_out(body, None, fruit, 0)
        if lookahead.ready(proof):
            way = lookahead.soonest(proof)
            return self._set_out(body, way.route, fruit, way.open)
        if ended:
            self._root_ahead(proof)
        return [self.proof.step()], False  # round to a root, along a way, or while a proof rooted ahead goes on

    def _kept(self, proof):
        """Lookahead.keep for `proof`, the one under way, which ends where it found no route."""
        if self.lookahead.keep(proof):
            return True
        proof.search.close()
        self.proof = None
        return False

    def _root_ahead(self, proof):
        """The next proof, rooted ahead of `proof` (the one under way, ended, its route kept)
        on the loop (Lookahead.root_ahead), takes its place, unless the snake sets out first."""
        ahead = self.lookahead.root_ahead(proof)
        if ahead is not None:
            self.proof = ahead
            proof.search.close()

    def _set_out(self, body, route, fruit, open_cost):
        """As Endgame._set_out; the snake setting out, the next fruit's proofs are made ready
        while it goes (Lookahead.prepare), and with more than `free_max` free cells, or on a
        route still over LONG_SPARE laps long (`_patient`: the search for a shorter one from
        here found none), proofs rooted along the route look for a sooner one (en_route.py;
        `open_cost`: its meal's, ClosedRoutes.weigh). Each place along a route has its own
        shortest way on."""
        took = self.moves - self.proof.started if self.proof is not None else 0
        answer = super()._set_out(body, route, fruit, open_cost)
        if route is not None:
            self.lookahead.prepare(body, route, fruit)
            if self._en_route(body) or self._patient(len(route)):
                self.en_route.start(body, route, fruit, open_cost, took)
        return answer

    def drop(self):
        """As Endgame.drop; the routes kept from earlier roots go with it."""
        super().drop()
        self.lookahead.taken = []

    def moves_left(self):
        """The moves to the fruit by a win already proven while the snake circles, else None
        (Lookahead.moves_left)."""
        return None if self.proof is None else self.lookahead.moves_left(self.proof)

    def at_most(self):
        """Whether `moves_left` is a bound: a shorter route may still be found (Lookahead.at_most)."""
        return self.proof is not None and self.lookahead.at_most(self.proof)

    def sooner(self, fruit, left):
        """The route the snake takes instead of the `left` moves of the one it follows, or
        None (EnRoute.sooner)."""
        return self.en_route.sooner(fruit, left)

    def shortening_on_the_way(self):
        """Whether a proof rooted along the route the snake follows may still find a sooner way."""
        return self.en_route.proof is not None

    # -- the waits -----------------------------------------------------------------------------

    def think(self, deadline, clock):
        """Go on with the proof under way until `clock()` reaches `deadline` (the time the
        snake waits before its next move); whether there was a proof to think about. Each
        move's waits are added up (`wait`)."""
        self._add_wait(deadline - clock())
        proof = self.proof
        if proof is None:
            return self._think_on_the_way(deadline, clock)
        if proof.loop is None:
            return False
        while not proof.ended(self.limit_of(proof)) and clock() < deadline:
            proof.work(1)
        if proof.done and self._kept(proof) and not self.lookahead.ready(proof):
            self._root_ahead(proof)  # the next proof starts at once, not with the next move
        return True

    def _think_on_the_way(self, deadline, clock):
        """While the snake follows a route, the proof rooted along it (en_route.py) and the
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

    # -- the searches of one proof -------------------------------------------------------------

    def proving(self, body, fruit, notes, arrival=None, beside=False, closing_within=None):
        """As Endgame.proving, with the time between moves. `arrival`: the move count at which
        the snake gets to `body`, when the search for a shorter route must stop. `beside`:
        other proofs take turns with this one (those made ready for the next fruit), so its
        search for a closed body leaves them room in the hold. `closing_within`: a proof
        rooted ahead while the snake looks on first looks for a route through the nearest
        closed body of fewer moves than that (ClosedRoutes.nearest), and takes it with no
        proof where it finds one.

        Where the game looks for closed bodies (`_closes`), the proof's route is then weighed
        by its open cost, and one that leaves a closed body sooner is taken where its moves to
        a closed body are fewer (ClosedRoutes.weigh): the later fruits of the proof's route
        can cost laps of the board. A body closed already goes round its cycle, with no proof.
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
        gets to `body` (a proof rooted along the route it follows, en_route.py)."""
        notes.open = self.closed_routes.cap if self._closes() else 0
        began = Began(self.ledger.spent, self.moves, arrival)
        space = self.space
        shorter = yield from self._shortened(space.pack(body), fruit, space.free_of(body), space.pack(route),
                                             began.work, notes, arrival)
        return (yield from self._weighed(body, fruit, shorter, False, began, notes))

    def _shortened(self, body, fruit, free, route, start, notes, arrival=None):
        """As Endgame._shortened, counted in moves, not work: the search may circle no more
        moves than the route could save, nor past `arrival`, when the snake is at `body`;
        proofs take turns, so each one's limit is kept by Proof.ended. Where proofs rooted
        along the route go on shortening it (`_en_route`), it circles a lap of the board at
        most. A patient game (`_patient`: the route is very long) gives the doubling rounds
        (forks.shorter) the whole limit, and if they find nothing, the rounds abreast
        (forks.abreast) another, for a route under LONG_SPARE laps: where doubling steps over
        the bound a quick round needs. Of the search's answer and `route`, the shorter is
        kept."""
        patient = self._patient(len(route))
        saving, budget = self._budget(body, fruit, route, start, self.limit if patient else self.limit_for(body))
        if budget <= 0:
            return self._cells(route)
        notes.spare = self._cells(route)
        if self._en_route(body):
            saving = min(saving, self.grid.size)  # then the snake sets out, and proofs along the route go on
        moves = self.moves + saving if arrival is None else min(arrival, self.moves + saving)
        ledger = self.ledger

        def enough():
            return self.moves >= moves

        def doubling_done():
            return enough() or patient and ledger.spent >= start + self.limit
        layered = self._layered(notes.cut_short)
        shorter = yield from stopping(self.forks.shorter(body, fruit, free, len(route), layered), doubling_done)
        if patient and shorter is None and not enough():
            not_long = LONG_SPARE * self.grid.size  # rounds within more find long routes first
            shorter = yield from stopping(self.forks.abreast(body, fruit, free, not_long), enough)
        if shorter is None or len(shorter) >= len(route):
            return notes.spare
        return self._cells(shorter)
