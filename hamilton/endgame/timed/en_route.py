"""Shortening a route while the snake follows it, in a game with time between moves. No pygame.

A proof with 7 or 8 free cells (one a timed game asks where survival finds no way on,
TimedEndgame.most_free) finds its first route after minutes of work, and the search for a
shorter one can take longer still, while circling the loop costs a move a move. So there
that search circles a lap of the board at most (TimedEndgame._shortened), the snake sets out
on the best route it has, and `EnRoute` goes on shortening it on the way. Nothing is eaten
before the route's end, so the body `k` moves along it is known, and a proof rooted there
looks for a route from it shorter than the rest:

    route taken   h . . . . k . . . . . . . . . . . . . . . F     the snake at h, the fruit F
    rooted at k             k . . F                               a sooner way from k

Its search starts from the rest of the route, a win already, and stops when the snake gets
to `k`. As after any proof, a route whose meal leaves the body sooner closed is looked for
too (ClosedRoutes.weigh), and routes are compared with their open costs. At `k` the snake
takes the sooner route if one was found, and the next proof is rooted further on. It shares
each wait with the proofs made ready for the next fruit (TimedEndgame._think_on_the_way).
A route of more than LONG_SPARE laps of the board, which the search for a shorter one
(with the whole limit, twice) did not shorten before the snake set out, is shortened on the
way too (TimedEndgame._set_out): each place along a route has its own shortest way on.

The first root is as many moves ahead as the question's proof took (and two): a search as
long as that one has the time. Where the snake overtakes a search that found nothing, the
next root is twice as far ahead (a search too close to the snake has too little time, one
too far saves less), and no root is more than halfway from the snake to the fruit, so a
search never has longer than the moves it could save. The seeds that set these rules are
in docs/handovers.md ("Seven or eight free cells", "The seeds behind the timed rules").
"""
from functools import partial

from hamilton.endgame.proof import Proof
from hamilton.endgame.space import moved_along

# Moves: the least distance between the snake and a proof rooted along its route, which
# searches only while the snake gets there; with fewer than twice this left, no more are rooted.
STEP_LEAST = 2


class EnRoute:
    """The proof rooted along the route the snake follows to the fruit of `endgame` (an
    Endgame), and where on the route it is rooted."""

    def __init__(self, endgame):
        self.endgame = endgame
        self.body = self.route = self.fruit = None  # the body set out from, the route (cells after its head), the fruit
        self.open = 0  # the open cost of the route's meal (ClosedRoutes.weigh)
        self.set_out = 0  # the endgame's move count when the snake set out from `body`
        self.step = STEP_LEAST  # moves between the snake and the root of the next proof along the route
        self.proof = None  # the proof rooted `root` moves along `route`, if any
        self.root = 0

    def start(self, body, route, fruit, open_cost, took=0):
        """The snake sets out from `body` on `route` (cells after its head), whose meal has
        `open_cost`, to eat `fruit`, `took` moves after the question's proof began: the next
        proof is rooted as many moves along it (and two; `_root_next`), or, where it took
        none, as far as the last question's."""
        if took:
            self.step = max(STEP_LEAST, took + 2)
        self.stop()
        self.body, self.route, self.fruit, self.open = body, list(route), fruit, open_cost
        self.set_out = self.endgame.moves
        self._root_next(0)

    def stop(self):
        """No more proofs along the route: the snake ate, or left it."""
        if self.proof is not None:
            self.proof.search.close()
        self.proof, self.route = None, None

    def along(self):
        """The moves of the route the snake has taken so far (its place when asked at a move)."""
        return self.endgame.moves - self.set_out

    def _root_next(self, at):
        """Root the next proof `step` moves on from `at` (moves along the route), or halfway
        from there to the route's end where that is nearer, if STEP_LEAST or more; else none."""
        self.proof = None
        root = self._next_root(at)
        if root is None:
            return
        body = self.body_at(root)
        shortening = partial(self.endgame.shortening, body, self.fruit, self.route[root:], self.set_out + root)
        self.proof, self.root = Proof(shortening, body, self.fruit), root

    def _next_root(self, at):
        """Where `_root_next` roots the next proof from `at`, or None."""
        ahead = min(self.step, (len(self.route) - at) // 2)
        return at + ahead if ahead >= STEP_LEAST else None

    def body_at(self, moves):
        """The body `moves` moves along the route (nothing is eaten before its end)."""
        return moved_along(self.body, self.route[:moves])

    def think(self, deadline, clock):
        """Go on with the proof along the route until `deadline`; one that ends with no sooner
        route is followed at once by the next, rooted `step` moves ahead of the snake (unless
        that is where the one that ended was: the next move roots it further on). Whether
        there was a proof to think about."""
        if self.proof is None:
            return False
        while self.proof is not None and clock() < deadline:
            proof = self.proof
            limit = self.endgame.limit_of(proof)
            while not proof.ended(limit) and clock() < deadline:
                proof.work(1)
            at = self.along() + 1  # the snake has made this move
            if not proof.ended(limit) or self._sooner(proof) is not None or self._next_root(at) == self.root:
                break
            proof.search.close()
            self._root_next(at)
        return True

    def _sooner(self, proof):
        """The route `proof` found, if it is done and reaches the fruit sooner than the rest of
        the route from its root, open costs counted; else None."""
        if not proof.done or proof.route is None:
            return None
        if len(proof.route) + proof.notes.open >= len(self.route) - self.root + self.open:
            return None
        return proof.route

    def sooner(self, fruit, left):
        """The route the snake takes from here instead of the `left` moves left of the one it
        follows to `fruit`, or None to go on with it. At the proof's root, its search ends: a
        sooner route is taken (the next fruit's proofs are made ready for the body its meal
        leaves, Lookahead.prepare, and a proof rooted along it), or the next proof is rooted
        further on."""
        proof = self.proof
        if proof is None or fruit != self.fruit or len(self.route) - left != self.root:
            return None
        if not proof.ended(self.endgame.limit_of(proof)):
            proof.work(1)  # the search sees the snake has come, and ends
        route = self._sooner(proof)
        proof.search.close()
        if route is None:
            self.step *= 2  # the search stopped as the snake came: the next has twice as long
            self._root_next(self.root)
            return None
        self.endgame.lookahead.prepare(proof.body, route, fruit)
        self.start(proof.body, route, fruit, proof.notes.open)
        return route
