"""The proof near the end of a hand-over, spread over the moves while the snake circles. No pygame.

Near the end of a game the future is small. With F free cells the snake must eat F more
fruits, each placed on a free cell the player does not choose. A position is *won* when
some way of moving eats the fruit and leaves, for every place the next fruit can appear, a
position that is won again; the full board is won. `Endgame` proves it: over forks first
(forks.py), which decides with little work, then, for a shorter route or where the forks
cannot decide, by the layered search (layers.py). It is only asked when few cells are free
(FREE_MAX).

A proof can take millions of bodies, far more than a move's time. So `move` makes it a
piece a move (WORK: the bodies looked at, and a few more for each search begun) while the
snake goes round a loop that brings the very position back (proof.py), and when the proof
is done, the route it found is taken the next time the snake is there. This is the whole
of the headless benchmark's endgame; a game with time between its moves plays a
TimedEndgame (timed/), which builds on this one.
Once the search has proven that this fruit cannot be won, it says so at once until the
fruit is eaten: every later position is one the proof already looked at. A proof that would
do more than LIMIT of work, or hold more than the ledger's hold (memory), is given up, and
the snake only stays alive.
"""
import sys
from collections import deque
from functools import partial

from hamilton.endgame.forks import ForkSearch, Unsure
from hamilton.endgame.layers import LayeredSearch
from hamilton.endgame.ledger import BODY_BYTES, HOLD, SLICE, Ledger, holding
from hamilton.endgame.proof import Proof
from hamilton.endgame.space import Space
from hamilton.slices import stopping

FREE_MAX = 6  # searched only with at most this many free cells (each fruit multiplies the work)
FREE_PATIENT = 4  # with more free cells than this, up to FREE_MAX, a proof may do a tenth of LIMIT (`limit_for`)
WORK = 16 * SLICE  # work a move may do: about as long as the planner's BUDGET (docs/measurements.md)
LIMIT = 200_000_000  # work one proof may do before it is given up (minutes of a core)


class Endgame:
    """Proves wins near the end of a game, for bodies the cycle-based play cannot use."""

    def __init__(self, grid, free_max=FREE_MAX, work=WORK, limit=LIMIT, hold=None, forget=None, deepen=None,
                 remember=None, forks=True):
        """`hold`, `forget`, `deepen` and `remember` default to the ledger's HOLD and its parts
        (ledger.holding), made smaller on boards whose bodies take more memory (BODY_BYTES).
        `forks` False skips the search over forks: the layered search alone."""
        self.grid = grid
        self.free_max, self.work, self.limit, self.by_forks = free_max, work, limit, forks
        space = Space(grid, None)
        share = min(1, BODY_BYTES / sys.getsizeof(space.pack(range(grid.size))))
        board = holding(int(HOLD * share))
        self.ledger = Ledger(*(board[name] if given is None else given
                               for name, given in (("hold", hold), ("forget", forget), ("deepen", deepen),
                                                   ("remember", remember))))
        space.ledger = self.ledger
        self.space = space
        self.forks = ForkSearch(space, self.ledger)
        self.proof = None  # the Proof under way, if any
        self.moves = 0  # the game's moves so far (the solver counts them): a proof's time in moves
        self._lost = None  # (fruit, length) proven not to be won
        self._given_up = None  # (fruit, length) whose proof was given up (past `limit` or `hold`)

    # -- the questions asked, and what is known of each fruit ---------------------------------

    def proven(self):
        """Whether the proof under way is for a position already shown to be won (one met
        after eating in an earlier proof, or one it has a long route for, its `spare`): the
        game is won, its route still to be found."""
        proof = self.proof
        if proof is None:
            return False
        if proof.notes.spare is not None:
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
        """Whether the search applies: few enough cells free (`most_free`), and no answer yet
        that it does not. `wider`: the caller found no other way to win (HamiltonSolver's
        survival does not eat), which a timed game may answer with more free cells."""
        question = (fruit, len(body))
        return fruit >= 0 and self.grid.size - len(body) <= self.most_free(wider) and question not in (
            self._lost, self._given_up)

    def most_free(self, wider):
        """The most free cells a question may have: `free_max` (`wider` changes nothing here)."""
        return self.free_max

    def limit_for(self, body):
        """The work a proof for `body` may do: `limit`, or a tenth of it with more than
        FREE_PATIENT free cells, up to FREE_MAX. With 5 or 6 free cells the body can often be
        brought back into order instead (survival.py), and from there the cell tree surely
        wins; a proof that circles for the whole limit would only hold that back, and the
        fruits eaten meanwhile can turn a won position into a lost one. With more free cells
        a game asks only where no way back into order was found (TimedEndgame.most_free), so
        the proof has the whole limit."""
        free = self.grid.size - len(body)
        return self.limit // 10 if FREE_PATIENT < free <= FREE_MAX else self.limit

    def limit_of(self, proof):
        """The work `proof` may do: `limit_for` its body."""
        return self.limit_for(proof.body)

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

    # -- a proof spread over the moves, round the loop ----------------------------------------

    def move(self, body, fruit, wider=False):
        """(cells, won): the winning route once the proof is done and the snake is at the
        proven position (won True), else the next cell round the loop while the proof goes
        on (won False); None when the search does not apply or the position has no loop.
        `wider`: as for `asked`; a proof under way goes on whatever it was asked with."""
        self.ledger.bury(self.work)
        proof = self._under_way(body, fruit)
        if not self.asked(body, fruit, wider or proof is not None):
            return None
        if proof is None:
            proof = self.proof = self._begun(body, fruit)
            proof.started = self.moves
        proof.work(self.work // SLICE)
        return self._next(proof, body, fruit)

    def _under_way(self, body, fruit):
        """The proof under way if it is still this question's, else None (it is dropped):
        someone else steered, or the snake ate."""
        proof = self.proof
        if proof is not None and (proof.fruit != fruit or proof.loop is None or proof.body_now() != body):
            return self.drop()
        return proof

    def _begun(self, body, fruit):
        """A proof of (body, fruit) begun."""
        return Proof(partial(self.proving, body, fruit), body, fruit)

    def _next(self, proof, body, fruit):
        """`move`'s answer once `proof` has had its work: the route where it ended at its
        root, the next cell round the loop while it goes on, None where it ended without a
        route or nothing brings the position back."""
        if proof.ended(self.limit_of(proof)):
            route = self.verdict(proof)
            if route is None or proof.at == proof.root:
                return self._set_out(body, route, fruit, proof.notes.open)
        elif proof.loop is None:
            proof.loop = self.loop(body, fruit)
            if proof.loop is None:  # nothing brings this position back: what it decided stays in `known`
                self.drop()
                return None
        return [proof.step()], False

    def _set_out(self, body, route, fruit, open_cost):
        """`move`'s answer once the question is over: (`route`, True), or None without a
        route; the proof ends. (A timed game also readies what comes after, and counts the
        route's `open_cost`.)"""
        self.drop()
        return None if route is None else (route, True)

    def drop(self):
        """Stop the proof under way (its searches let go of their bodies); None."""
        if self.proof is not None:
            self.proof.search.close()
            self.proof = None

    def loop(self, body, fruit):
        """The heads from `body` round the shortest loop back to it (see proof.py), the
        present head first; None if the head cannot reach the tail. Breadth first from the
        head through the free cells, never the fruit, to a cell beside the tail."""
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

    # -- what only a game with time between moves knows (TimedEndgame) ------------------------

    def moves_left(self):
        """The moves to the fruit by a win already proven while the snake circles: None untimed."""
        return None

    def at_most(self):
        """Whether `moves_left` is a bound rather than the count: never untimed."""
        return False

    def sooner(self, fruit, left):
        """A route sooner than the `left` moves of the one the snake follows: none untimed."""
        return None

    def shortening_on_the_way(self):
        """Whether a proof along the route the snake follows may still shorten it: not untimed."""
        return False

    # -- proofs in one go, for the tools and the window ---------------------------------------

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
        """The route (cells after the head) to a won position that `prove` finds, or None: what
        docs/prove_handover.py takes for each later fruit of a hand-over played to its end."""
        proof = self.prove(body, fruit)
        return None if proof is None else proof.route

    def heads_ahead(self, body, fruit, ahead):
        """The head's cells over the first `ahead` moves round the loop the snake goes while
        (body, fruit) is proven (`loop`), to the body a proof rooted `ahead` moves on takes;
        None if no loop brings it back (docs/prove_handover.py --ahead)."""
        loop = self.loop(body, fruit)
        return None if loop is None else [loop[k % len(loop)] for k in range(1, ahead + 1)]

    def deciding(self, body, fruit):
        """Whether `body` (a tuple of cells) can still win `fruit`, as a search (a generator):
        True or False, with no route looked for; a fruit proven lost is remembered (`lost`),
        so a solver given this endgame knows at once (hamilton/verdict.py)."""
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

    # -- the searches of one proof -------------------------------------------------------------

    def proving(self, body, fruit, notes):
        """The search for a body asked about (a tuple of cells), as a generator; its answer
        is the winning route as a list of cells, or None; what it learns meanwhile goes into
        `notes` (its Proof's).

        Over forks, a round without a bound decides first (forks.first): it proves a loss,
        or finds a route, often a long one, with little work; `_shortened` then looks for a
        shorter one. Where the search over forks meets one of its bounds (Unsure), the
        layered search (layers.won) decides alone."""
        return (yield from self._proven(body, fruit, notes))

    def _proven(self, body, fruit, notes, arrival=None):
        """`proving`'s search (`arrival`: when a timed game's search for a shorter route must
        stop, TimedEndgame._shortened)."""
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
        return None if route is None else self._cells(route)

    def _layered(self, cut_short):
        """A layered search for one proof, the questions it cuts short noted in `cut_short`."""
        return LayeredSearch(self.space, self.ledger, cut_short)

    def _cells(self, route):
        """A packed route as a list of cells."""
        return [self.space.cell[c] for c in route]

    def _budget(self, body, fruit, route, start, limit):
        """(the moves `route` (packed, from `body`) could save, the work a search for a shorter
        one may do). Circling while it looks costs a move per `work`, and a shorter route can
        save at most the moves `route` takes beyond the distance to the fruit, so the search
        may not cost more than that (as in ski rental: at worst twice the moves), nor the
        rest of `limit` for a proof that began at `start` (its work then)."""
        saving = len(route) - self.grid.distance(self.space.cell[body[0]], fruit)
        return saving, min(limit - (self.ledger.spent - start), saving * max(self.work, 1))

    def _shortened(self, body, fruit, free, route, start, notes, arrival=None):
        """A winning route (a list of cells) instead of `route` (packed), the first found over
        forks by a proof that began at `start` (its work then). While a shorter one is looked
        for (forks.shorter, within `_budget`), `route` is kept as `notes.spare` (the game is
        then known won, `proven`) and, if none is found, given back as it is (a long route is
        read once, not twice). The search's answer is taken as it comes, even where a layered
        search gone depth first comes back with a route longer than `route`
        (TimedEndgame._shortened keeps the shorter of the two)."""
        _, budget = self._budget(body, fruit, route, start, self.limit_for(body))
        if budget <= 0:
            return self._cells(route)
        notes.spare = self._cells(route)
        ledger = self.ledger
        until = ledger.spent + budget
        shorter = yield from stopping(self.forks.shorter(body, fruit, free, len(route), self._layered(notes.cut_short)),
                                      lambda: ledger.spent >= until)
        return notes.spare if shorter is None else self._cells(shorter)
