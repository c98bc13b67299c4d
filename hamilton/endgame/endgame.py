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
thinks in the time between moves (`think`) does better: see timed.py.
Once the search has proven that this fruit cannot be won, it says so at once until the
fruit is eaten: every later position is one the proof already looked at. A proof that would
do more than LIMIT of work, or hold more than the ledger's hold (memory), is given up, and
the snake only stays alive.
"""
import math
import sys
from collections import deque
from functools import partial
from typing import NamedTuple, Optional

from hamilton.endgame.closing import Closing
from hamilton.endgame.forks import ForkSearch, Unsure
from hamilton.endgame.layers import LayeredSearch
from hamilton.endgame.ledger import BODY_BYTES, HOLD, SLICE, Ledger, holding
from hamilton.endgame.proof import Proof, going_along
from hamilton.endgame.space import Space, after_meal, cells_of
from hamilton.endgame.timed import Lookahead
from hamilton.slices import stopping

FREE_MAX = 6  # searched only with at most this many free cells (each fruit multiplies the work)
FREE_MAX_TIMED = 8  # a timed game may be asked with this many where survival finds no way on (`asked`) ...
WIDE_WAIT = 0.04  # ... if a move waits this many seconds or more (at U's fastest, 0.01 s a move, it does not)
FREE_PATIENT = 4  # with more free cells than this, up to FREE_MAX, a proof may do a tenth of LIMIT (`limit_for`)
WORK = 16 * SLICE  # work a move may do: about as long as the planner's BUDGET (docs/measurements.md)
LIMIT = 200_000_000  # work one proof may do before it is given up (minutes of a core)
LONG_SPARE = 10  # laps of the board: a timed game's only route longer than this is shortened with all of LIMIT
CLOSING_MARGIN = 2  # laps of the board: the most a place of the next fruit adds to an open cost (Endgame._open_cost)


class Began(NamedTuple):
    """Where a proof began, for the searches after it (Endgame._closed): the ledger's work
    then, the move count then, and the move count at which the snake gets to the proof's
    body if it is rooted ahead (None for the snake's own place)."""
    work: int
    moves: int
    arrival: Optional[int]


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
        self.layered = LayeredSearch(space, self.ledger)
        self.forks = ForkSearch(space, self.ledger, self.layered)
        self.closing = Closing(space, self.ledger)
        self.proof = None  # the Proof under way, if any
        self.timed = False  # thinking in the time between moves (`think`): proofs are rooted ahead
        self.pace = None  # the seconds the game says each move will wait (HamiltonSolver.paced), if it says
        self.wait = 0  # timed: the time the last move gave to think in, its waits (`think`) added up
        self._waiting = (None, 0)  # (move, time so far) of the move whose waits are being added up
        self.moves = 0  # the game's moves so far (the autopilot counts them): a proof's time in moves
        self.lookahead = Lookahead(self)  # timed: the routes of earlier roots, the next fruit's proofs
        self._lost = None  # (fruit, length) proven not to be won
        self._given_up = None  # (fruit, length) whose proof was given up (past `limit` or `hold`)
        self.spare = None  # a long winning route over forks, while the layered search looks for a shorter one
        self.slack = 0  # the moves a route taken may add to `spare`'s (while one through a closed body is looked for)
        self.open = 0  # the open cost of the route of the proof under way (`proving`), kept with the proof

    def quick(self, body):
        """Whether proofs for `body` are quick: FREE_PATIENT free cells or fewer. With more, a
        proof often takes longer than a few moves' waits (`limit_for`), so proofs rooted a few
        moves apart (Lookahead.looking_on) would rarely have the time to find a route."""
        return self.grid.size - len(body) <= FREE_PATIENT

    @property
    def open_cap(self):
        """The most an open cost can be: CLOSING_MARGIN laps of the board (`_open_cost`)."""
        return CLOSING_MARGIN * self.grid.size

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
        if proof.spare is not None or self.lookahead.taken:
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
        fruits eaten meanwhile can turn a won position into a lost one. (docs/handovers.md
        has the positions that set this.) With more free cells a game asks only where no way
        back into order was found (`asked`), so the proof has the whole limit."""
        free = self.grid.size - len(body)
        return self.limit // 10 if FREE_PATIENT < free <= FREE_MAX else self.limit

    def limit_of(self, proof):
        """The work `proof` may do: `limit_for` its body, or, where it has proven a win only by
        a very long route (its `spare`) and the game is patient (`_patient`), twice the whole
        limit: one for the doubling rounds and one for the rounds abreast (`_shortened`)."""
        if proof.spare is not None and self._patient(len(proof.spare)):
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

    def winning_route(self, body, fruit):
        """The shortest route (cells after the head) to a won position, or None: the whole
        proof in one go, for tests and tools (`move` spreads it over moves)."""
        if not self.asked(body, fruit):
            return None
        proof = Proof(self.proving(body, fruit), body, fruit)
        while not proof.ended(self.limit_of(proof)):
            self.work_on(proof, self.work // SLICE)
        proof.search.close()  # a search given up lets go of its bodies
        self.ledger.bury(self.ledger.held)  # no game waits on this call: free them all now
        return self.verdict(proof)

    def move(self, body, fruit, wider=False):
        """(cells, won): the winning route once the proof is done and the snake is at the
        proven position (won True), else the next cell round the loop while the proof goes
        on (won False); None when the search does not apply or the position has no loop.
        `wider`: as for `asked`; a proof under way goes on whatever it was asked with, and a
        position a proof was made ready for (one a proven route led to, so won) is asked
        whatever its free cells."""
        self.ledger.bury(self.work)
        proof = self.proof
        if proof is not None and (proof.fruit != fruit or proof.loop is None or proof.body_now() != body):
            proof = self._drop()  # someone else steered, or the snake ate: a new question
        if not self.asked(body, fruit, wider or proof is not None or self.lookahead.made_ready(body, fruit)):
            return None
        if proof is None:
            proof = self.proof = self.lookahead.take(body, fruit) or Proof(self.proving(body, fruit), body, fruit)
            proof.started = self.moves
        self.work_on(proof, self.work // SLICE)
        ended = proof.ended(self.limit_of(proof))
        if self.timed and proof.loop is not None and (ended or self.lookahead.taken):
            route = self.lookahead.route(proof, ended)
            if route is not None or self.proof is None:
                return self._set_out(body, route, fruit)
            proof = self.proof  # another proof rooted ahead, or the snake goes round to a root or along a way
        elif ended:
            route = self.verdict(proof)
            if route is None or proof.at == proof.root:
                return self._set_out(body, route, fruit)
        elif proof.loop is None:
            proof.loop = self.loop(body, fruit)
            if proof.loop is None:  # nothing brings this position back: what it decided stays in `known`
                self._drop()
                return None
        return [proof.step()], False

    def _set_out(self, body, route, fruit):
        """`move`'s answer once the question is over: (`route`, True), or None without a
        route. The proof ends; in a timed game, the snake setting out, the next fruit's
        proofs are made ready while it goes (Lookahead.prepare), whether its route was
        proven from the loop or at once (a proof made ready, done by the time the snake ate)."""
        self._drop()
        if route is None:
            return None
        if self.timed:
            self.lookahead.prepare(body, route, fruit)
        return route, True

    def think(self, deadline, clock):
        """Go on with the proof under way until `clock()` reaches `deadline` (the time the
        snake waits before its next move); whether there was a proof to think about. From the
        first call on, the endgame plays timed (timed.py), and it adds up each move's waits."""
        self.timed = True
        self._add_wait(deadline - clock())
        proof = self.proof
        if proof is None:
            return self.lookahead.think(deadline, clock)
        if proof.loop is None:
            return False
        while not proof.ended(self.limit_of(proof)) and clock() < deadline:
            self.work_on(proof, 1)
        lookahead = self.lookahead
        if proof.done and lookahead.keep(proof) and not lookahead.ready(proof):
            lookahead.root_ahead(proof)  # the next proof starts at once, not with the next move
        return True

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

    def work_on(self, proof, slices):
        """`slices` more of `proof`, its own notes in place: proofs made ready for the next
        fruit take turns, and each keeps its long route (`spare`, and its `slack`), its
        route's `open` cost so far, and the questions its searches cut short."""
        self.spare, self.slack, self.layered.cut_short = proof.spare, proof.slack, proof.cut_short
        self.open = proof.open
        proof.work(slices)
        proof.spare, proof.slack, proof.open = self.spare, self.slack, self.open
        proof.cut_short = self.layered.cut_short

    def _drop(self):
        """Stop the proof under way (its searches let go of their bodies); None."""
        if self.proof is not None:
            self.proof.search.close()
            self.proof = None
        self.lookahead.taken = []

    def verdict(self, proof):
        """The route of a finished proof; a fruit proven lost or given up is remembered."""
        question = (proof.fruit, len(proof.body))
        if proof.route is None and proof.spare is not None:  # looking for a shorter route was given up
            proof.done, proof.route = True, proof.spare
        if not proof.done or (proof.route is None and proof.cut_short):
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
        try:
            route = yield from self.forks.first(packed, fruit, free)
        except Unsure:
            yield from self.ledger.free_all()
            route = yield from self.layered.won(packed, fruit, free, outermost=True)
        if route is None and not self.layered.cut_short:
            self._lost = (fruit, len(body))
        return route is not None

    def proving(self, body, fruit, arrival=None, beside=False):
        """The search for a body asked about (a tuple of cells), as a generator; its answer
        is the winning route as a list of cells, or None. `arrival`: the move count at which
        a timed game's snake gets to `body`, when the search for a shorter route must stop.
        `beside`: other proofs take turns with this one (those made ready for the next
        fruit, timed.py), so its search for a closed body leaves them room in the hold.

        The proof (`_proven`) finds the shortest route to this fruit it can; a game with time
        between its moves (`_closes`) then looks for a route that leaves a closed body sooner
        (closing.py), after which every later fruit is a few moves on, and takes it where its
        moves to a closed body are fewer than the proof's route and the way from its meal on
        (`_closed`): the later fruits of the proof's route can cost laps of the board
        (docs/handovers.md). A body closed already goes round its cycle, with no proof.

        While the proof runs, `open` is that of the route it keeps should it be given up at
        its limit (`spare`, see `verdict`): the most there is (`open_cap`) until `_closed`
        has weighed it, for nothing is known yet of the body it leaves."""
        closes = self._closes()
        way = self.closing.way_round(body, fruit) if closes else None
        if way is not None:
            self.open = 0
            return way
        self.open = self.open_cap if closes else 0
        start, begun = self.ledger.spent, self.moves
        route = yield from self._proven(body, fruit, arrival)
        open_cost = 0
        if route is not None and closes:
            route, open_cost = yield from self._closed(body, fruit, route, beside, Began(start, begun, arrival))
        self.open = open_cost  # set as it returns: proofs made ready take turns (work_on)
        return route

    def _closes(self):
        """Whether proofs look for routes through closed bodies: in a game that says its moves
        wait WIDE_WAIT or more (`pace`), which has the time; it says so before its first wait,
        so the first proof after a hand-over looks too. Untimed, the benchmark's figures stay."""
        return self.pace is not None and self.pace >= WIDE_WAIT

    def _closing_until(self, body, fruit, route, began, beside, open_cost=None):
        """The move count at which the searches for a closed body after a proof (`_closed`)
        stop. A proof rooted ahead stops them when the snake gets to its root (at
        `began.arrival`): proofs rooted on ahead may find a sooner route. Proofs made ready for the
        next fruit stop them a lap of the board after they began.

        A proof of the snake's own place (it was at `body` at `began.moves`) searches while the
        snake circles. The loop and `route` often start through the same cells, so the snake
        can set out on the route from any of them (Lookahead.gone) until the loop leaves the
        route's way; past there the route costs a lap of the loop more. The searches stop a
        move before the loop leaves the route's way, or where it has already, go on for a lap
        of the board, except where proofs are quick (`quick`) and the route's open cost is
        not known yet (`open_cost` None) or is half a lap of the loop or more: there they keep
        a lap of the board anyway, for a route through a closed body found later may go along
        the loop further, and its later fruits save more than the lap risked. Open costs
        undercount them: 12x12, start 4, seed 14's route of 235 measures 136 on a loop of
        140, and its later fruits took 388 moves; 16x12, start 3, seed 65's, 176 on 190, and
        210. With less, a closed body saves less than the lap (16x12 seed 90: open cost 5;
        the searches found nothing in 30 s, the snake set out a lap later, and won in 476
        moves rather than 288). With more free cells the searches are slower and rarely find
        one within the lap (seed 42: 452 moves, against 638).

            heads after body  a b c d e ...   the snake can set out from c, `began.moves` + 3:
            route             a b c x y ...   the searches stop a move before
        """
        if began.arrival is not None:
            return began.arrival
        lap_on = self.moves + self.grid.size
        quick = self.quick(body)
        if beside or quick and open_cost is None:
            return lap_on
        loop = self.loop(body, fruit)
        if loop is None or quick and 2 * open_cost >= len(loop):
            return lap_on
        leave = _before_leaving(loop, route, began.moves)
        return lap_on if leave < self.moves else leave

    def _closed(self, body, fruit, route, beside, began):
        """(`route`, its open cost), or a route whose meal leaves a body sooner closed, with
        its own, as a generator. The open cost is the moves expected from the body a meal
        leaves to a closed body, over the places the next fruit can take (`_open_cost`): about
        what the later fruits cost more than a few moves each. `proving` keeps it as `open`,
        and Lookahead.soonest counts it too. Where `route`'s is not 0, a route through the
        nearest closed body (Closing.route) is taken if no longer than `route` and its cost.
        Where that cost is more than the free cells (on a closed body, each later fruit costs
        fewer moves than that), a route that closes the body before or after its meal, with
        fewer moves to a closed body again, is looked for too (Closing.meal): that search
        costs a proof seconds, and those seconds move where the next proof is rooted.
        Those searches go breadth first, and give up where the nearest closed body is past
        the hold. Between them, where the cost is still more than the free cells, a route
        about as long as the proof's (as many moves more as there are free cells) whose meal
        leaves the body closed is looked for over forks, depth first (`_closing_meal`), and
        where it finds one, the second is not made: cut at the proof's own work, the round
        is often done in a few moves, where that search takes dozens (16x12, start 3, seed
        65: 3 moves' work at 0.3 s a move against 26, and it finds nothing). The nearest
        closed body comes first: often near, it is found in a few moves, and can be far
        sooner than any route closing at the meal (seed 8: 268 moves against 454).

        `began`: where the proof began (`Began`). The snake circles meanwhile, so the searches
        stop at the move `until` (`_closing_until`: a move before the loop leaves `route`'s
        way, or a lap of the board on), and before the ledger's work reaches the
        proof's limit, which would end it unanswered (see `verdict`).
        They may fill the hold, or with proofs `beside` all but a quarter of it (FORGET).
        Meanwhile the game is known won (`spare`), by at most `slack` moves more than
        `route`."""
        ledger, space = self.ledger, self.space
        until = self._closing_until(body, fruit, route, began, beside)
        most = began.work + self.limit_for(body)
        most_open = self.open_cap
        self.spare, self.slack = route, most_open
        yield from ledger.free_all()  # the proof's ended searches first let go of their bodies
        room = ledger.hold - ledger.forget if beside else ledger.hold

        def stop(steps):
            return stopping(steps, lambda: self.moves >= until or ledger.spent >= most - 2 * SLICE)
        after = after_meal(body, route)
        open_cost = yield from stop(self._open_cost(space.pack(after), space.free_of(after), room))
        open_cost = self.slack = self.open = most_open if open_cost is None else open_cost
        until = min(until, self._closing_until(body, fruit, route, began, beside, open_cost))
        start, free = space.pack(body), space.free_of(body)
        free_cells = self.grid.size - len(body)
        far = open_cost > free_cells  # further from closed than a closed body's fruits cost
        if open_cost:
            way = yield from stop(self.closing.route(start, fruit, free, len(route) + open_cost, room))
            if way is not None:
                route, open_cost = way, 0
        if not beside and open_cost > free_cells:
            found = yield from self._closing_meal(body, fruit, route, open_cost, began, stop)
            if found is not None:
                route, open_cost, far = found, 0, False
        if far:
            yield from ledger.free_all()
            found = yield from stop(self.closing.meal(start, fruit, free, len(route) + open_cost - 1, room,
                                                      partial(self._meal_cost, room=room)))
            if found is not None:
                route, open_cost = found
        self.slack = 0
        return route, open_cost

    def _closing_meal(self, body, fruit, route, open_cost, began, stop):
        """A route (a list of cells) no more than the free cells longer than `route`, whose meal
        leaves the body closed, or None (a generator; see `_closed`). One round over forks
        (forks.closing_meal), depth first, holds few bodies where the breadth-first searches
        would fill the hold: 12x12, start 4, seed 14's hand-over has such a route of 237 moves
        beside its proof's 235, and its later fruits then take 6 moves, not 528. It stops at
        `stop` (`_closed`'s: where no lap is kept, a move before the loop leaves `route`'s
        way), and before it has done as much work as the proof had (`began`: where the proof
        began, `Began`), so a proof takes at most twice as long.

        Not where the snake will look on (timed.Lookahead.looking_on: quick proofs whose route
        leaves the body at the open cost's cap): proofs rooted round the loop look for such a
        route there, and one found from here, long, would end the looking on (16x12, start
        3, seed 9: 1,015 moves from the hand-over, where a root 60 moves on proves 767)."""
        if open_cost >= self.open_cap and self.quick(body):
            return None
        space, ledger = self.space, self.ledger
        bound = len(route) + self.grid.size - len(body)
        enough = 2 * ledger.spent - began.work
        search = self.forks.closing_meal(space.pack(body), fruit, space.free_of(body), bound, self._is_closed)
        found = yield from stop(stopping(search, lambda: ledger.spent >= enough))
        return None if found is None else [space.cell[c] for c in found]

    def _is_closed(self, body, free):
        """Whether `body` (packed, its free cells the bits `free`) is closed (a generator, as
        ForkSearch.within asks)."""
        return self.closing.run(body, free) is not None
        yield

    def _meal_cost(self, body, free, room):
        """`_open_cost` of the body a meal leaves (packed, its free cells the bits `free`), or
        None where it is not proven won for every next fruit (`_won_after`; a generator)."""
        won = yield from self._won_after(body, free)
        return (yield from self._open_cost(body, free, room)) if won else None

    def _won_after(self, body, free):
        """Whether the body a meal leaves is won for every next fruit, by the search over forks
        (a generator); False where that search is unsure."""
        try:
            return (yield from self.forks.after(body, free))
        except Unsure:
            return False

    def _open_cost(self, body, free, room):
        """The moves expected from the body a meal leaves (packed, its free cells the bits
        `free`) to a closed body, over the places its next fruit may take, eaten on the way or
        not (Closing.closes), each counted as CLOSING_MARGIN laps at most: where none is
        nearer, the later fruits of 16x12 hand-overs cost from about two to six laps (a
        generator)."""
        most = self.open_cap
        places = cells_of(free)
        total = 0
        for place in places:
            moves = yield from self.closing.closes(body, place, free, most, room)
            total += most if moves is None else moves
        return math.ceil(total / len(places)) if places else 0

    def _proven(self, body, fruit, arrival=None):
        """The proof of `proving`: its winning route as a list of cells, or None (a generator).

        Over forks, a round without a bound decides first (forks.first): it proves a loss,
        or finds a route, often a long one, with little work; `_shortened` then looks for a
        shorter one. Where the forks search meets one of its bounds (Unsure), the layered
        search (layers.won) decides alone."""
        free = self.space.free_of(body)
        self.layered.cut_short = set()
        self.spare = None
        packed = self.space.pack(body)
        if self.by_forks:
            start = self.ledger.spent
            try:
                route = yield from self.forks.first(packed, fruit, free)
            except Unsure:
                yield from self.ledger.free_all()  # the layered search starts with nothing held
            else:
                return None if route is None else (
                    yield from self._shortened(packed, fruit, free, route, start, arrival))
        route = yield from self.layered.won(packed, fruit, free, outermost=True)
        return None if route is None else [self.space.cell[c] for c in route]

    def _shortened(self, body, fruit, free, route, start, arrival=None):
        """A winning route (a list of cells) no longer than `route` (packed), the first found
        over forks by a proof that began at `start` (its work then). While a shorter one is
        looked for, `route` is kept as `spare` (the game is then known won, `proven`)
        and, if none is found, given back as it is (a long route is read once, not twice).

        Circling while it looks costs a move per `work`, and a shorter route can save at most
        the moves `route` takes beyond the distance to the fruit, so the search may not cost
        more than that (as in ski rental: at worst twice the moves), nor the rest of the
        proof's limit. If it finds none in time, `route` is taken. A timed game counts its
        moves, not the work: it may circle no more moves than the route could save, and no
        later than `arrival`, when the snake is at `body`; the limit then holds per proof.
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
        self.spare = [self.space.cell[c] for c in route]
        ledger = self.ledger
        if self.timed:  # proofs may take turns (Endgame.work_on): each one's limit is kept by Proof.ended
            moves = self.moves + saving if arrival is None else min(arrival, self.moves + saving)
            enough = lambda: self.moves >= moves  # noqa: E731
        else:
            until = ledger.spent + budget
            enough = lambda: ledger.spent >= until  # noqa: E731
        doubling_done = (lambda: enough() or ledger.spent >= start + limit) if patient else enough
        shorter = yield from stopping(self.forks.shorter(body, fruit, free, len(route)), doubling_done)
        if patient and shorter is None and not enough():
            not_long = LONG_SPARE * self.grid.size  # rounds within more find long routes first
            shorter = yield from stopping(self.forks.abreast(body, fruit, free, not_long), enough)
        # A layered search gone depth first may come back with a longer route than `route`. The
        # timed game keeps the shorter; the untimed one keeps the routes (and so the benchmark
        # figures) it has always had.
        if shorter is None or self.timed and len(shorter) >= len(route):
            return self.spare
        return [self.space.cell[c] for c in shorter]


def _before_leaving(loop, route, begun):
    """The move count a move before the snake, going round `loop` from its start at move
    `begun`, is at the last place on `route`'s way (the two often start alike): the searches
    that stop there end, their bodies let go of, in the wait before."""
    return begun + min(going_along(loop, 0, route), len(loop) - 1) - 1
