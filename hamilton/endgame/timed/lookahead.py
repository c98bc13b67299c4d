"""Proofs rooted ahead on the loop, the soonest route, and the next fruit made ready. No pygame.

While a proof goes on, the snake circles a loop whose every position is known (proof.py).
A proof that ends away from its root would have the snake go round to that root; instead
the next proof is rooted where the snake will be when it is likely done, and every route
proven is kept (`taken`, a Kept each: root, route, open cost). The snake sets out on the
route that reaches the fruit soonest from where it is (`_soonest`, a Choice: round the loop
to a root, or along a route whose first cells the loop has been taking it through):

    the loop    . . r1 . . . . s . . . . r2 . . .     s the snake, r1 r2 roots of kept routes
    choices     round to r2, then r2's route; or r1's route, if the loop has kept to its way

Where the soonest route leaves a body far from closed and proofs are quick, the snake looks
on for a lap, rooting proofs LOOK_STEP moves apart (`looking_on`): each root's route leaves
its own body after the meal. Setting out, the body after the meal is known, so a proof is
made ready for every cell the next fruit can take (`prepared`), and the one whose fruit
comes is taken at once. What each rule does in a game is in timed/endgame.py's table.
"""
import math
from functools import partial
from typing import NamedTuple, Optional

from hamilton.endgame.proof import Proof, going_along
from hamilton.endgame.space import after_meal

# Moves: how far ahead a proof is rooted while the snake looks on (Lookahead.looking_on). Its
# search for a shorter route stops when the snake gets there, so each root has a few seconds
# at the shipped speed, and a lap of the loop tries many roots, not three or four.
LOOK_STEP = 10
# Work (Proof.looked) each of those proofs gets at least: where LOOK_STEP moves give less (a
# slower machine, or a shorter wait), they are rooted further apart (Lookahead.look_step).
# It is set for the search for the nearest closed body each of those proofs makes first,
# which takes about this much where one is near; the places round a loop from which one is
# near can be a short run, so the roots must not be much further apart than LOOK_STEP
# (docs/handovers.md, "Where a proof is rooted").
LOOK_WORK = 2_000_000


class Kept(NamedTuple):
    """A route proven from a root of the loop, kept for the snake to choose from (`taken`)."""
    root: int  # where round the loop its proof was rooted
    route: list  # the cells after the root's head, to the fruit
    open: int  # its open cost (ClosedRoutes.weigh)


class Choice(NamedTuple):
    """A way the snake can set out, from its place, on a route kept (`_soonest`)."""
    kept: Kept
    gone: Optional[int]  # the moves of the route the loop has gone along; None: round the loop to its root first
    count: int  # the moves to the fruit that way, and the route's open cost


class SetOut(NamedTuple):
    """The way the snake sets out on from its place (`soonest`)."""
    route: list  # the heads to go, to the fruit
    open: int  # the open cost of its meal (ClosedRoutes.weigh)


class Lookahead:
    """The routes proven from earlier roots of the loop (`taken`) and the proofs made ready for
    the next fruit (`prepared`) of `endgame`, a timed game's. It answers for the proof under
    way (`keep`, `ready`, `soonest`, `root_ahead`); which proof that is, the endgame alone
    says (TimedEndgame._next)."""

    def __init__(self, endgame):
        self.endgame = endgame
        self.taken = []  # a Kept for each proof of this question ended so far with a route
        self.declined = None  # the move at which the snake, looking on, first did not set out
        self.first_took = 0  # the moves the first proof of this question took, to the route it kept
        self.per_move = 0  # the work that first proof did a move, on this machine at this speed
        self.prepared = {}  # (body, fruit) after the meal ahead -> its Proof, made while the snake goes there

    def keep(self, proof):
        """Keep the route `proof` found among `taken`, once; False if it found none (lost, or
        given up)."""
        if proof.kept:
            return True
        route = self.endgame.verdict(proof)
        if route is None:
            return False
        if not self.taken:
            self.declined, self.first_took = None, self.endgame.moves - proof.started
            self.per_move = proof.looked / max(1, self.first_took)
        self.taken.append(Kept(proof.root, route, proof.notes.open))
        proof.kept = True
        return True

    def ready(self, proof):
        """Whether the snake sets out now: the route that reaches the fruit soonest
        (`_soonest`) starts with its next move (`_set_out_in`); unless it looks on
        (`looking_on`): the first place where it does not set out is kept (`declined`), and
        looking on ends a lap after it. At the root of a route that is not the soonest, the
        snake goes on round the loop, as it would to get to the soonest one's root, and
        proofs rooted ahead meanwhile (`root_ahead`) may find a sooner one still."""
        if self._set_out_in(proof):
            return False
        if self.looking_on(proof):
            if self.declined is None:
                self.declined = self.endgame.moves
            return False
        return True

    def _set_out_in(self, proof):
        """The moves round the loop before the snake sets out on the soonest route: to its
        root, or, where the loop has been taking it along that route's way, to where the loop
        leaves it (the loop never takes the fruit's cell, so it leaves it before the end); 0
        where it sets out with its next move."""
        choice = self._soonest(proof)
        loop, at, route, gone = proof.loop, proof.at, choice.kept.route, choice.gone
        if gone is None:
            return (choice.kept.root - at) % len(loop)
        return going_along(loop, at, route, gone)

    def looking_on(self, proof):
        """Whether the snake goes on round the loop, rooting proofs ahead, rather than set out:
        while the route it would take (`_soonest`) leaves a body whose open cost is at its cap
        (no closed body within CLOSING_MARGIN laps, wherever the next fruit comes), until a
        lap of the loop after the first time it could have set out. Each root has its own
        shortest route, and its meal leaves its own body: where one leaves a closed body, the
        later fruits are a few moves each, not laps.
        A lap on, the loop has brought the snake back where it could have set out: looking on
        costs that lap at most. Only where proofs are quick: with 5 free cells or more
        (TimedEndgame.quick), the proofs rooted LOOK_STEP apart rarely have the time to find
        a route; nor where the question's first proof took longer than the lap to keep a
        route (`first_took`): each proof rooted while looking on has `look_step` moves of
        thinking, a small part of what the first one needed, and keeps a far longer route."""
        endgame = self.endgame
        lap = len(proof.loop)
        lap_left = self.declined is None or endgame.moves < self.declined + lap
        if not (self.taken and lap_left and self.first_took <= lap and endgame.quick(proof.body)):
            return False
        return self._soonest(proof).kept.open >= endgame.closed_routes.cap  # asked last: it goes through every route

    def root_ahead(self, proof):
        """The next proof, rooted as many moves ahead as `proof` (ended, its route kept) took
        (and two), or LOOK_STEP while the snake looks on (`looking_on`); None where the snake
        sets out on the soonest route before it gets there (`_set_out_in`). Looking on, it
        first looks for a route through the nearest closed body, sooner than the soonest
        route: what the proofs rooted then look for is a route that leaves a body nearer
        closed, and the first route a proof finds in a few moves' work is often long, its
        shortening more work than those moves give."""
        endgame = self.endgame
        ahead = max(1, endgame.moves - proof.started) + 2  # as long as this one took: to finish, and shorten
        looking_on = self.looking_on(proof)
        if looking_on:
            ahead = min(ahead, self.look_step())
        if self._set_out_in(proof) <= ahead:
            return None  # the snake sets out before another proof would be done
        root = (proof.at + ahead) % len(proof.loop)
        body = proof.body_at(root)
        within = self._sooner_than(proof) - ahead if looking_on else None
        proving = partial(endgame.proving, body, proof.fruit, arrival=endgame.moves + ahead, closing_within=within)
        return Proof(proving, body, proof.fruit, proof.loop, proof.at, root, endgame.moves)

    def _sooner_than(self, proof):
        """The moves from the snake's place to the fruit by the soonest route `taken`, counted
        with its open cost (`_soonest`'s count)."""
        return self._soonest(proof).count

    def look_step(self):
        """The moves between the roots of proofs made while the snake looks on: LOOK_STEP, or
        as many as LOOK_WORK takes at the work the question's first proof did a move. So a
        slower machine roots them further apart rather than give each too little time to
        shorten its route (each is then long, and the lap is lost)."""
        return max(LOOK_STEP, math.ceil(LOOK_WORK / max(1, self.per_move)))

    def moves_left(self, proof):
        """The moves to the fruit by the soonest route `taken` from the snake's place, or,
        with none taken, by the long route `proof` has proven while it looks for a shorter
        one (its `spare`, from its root, and the `slack` a route through a closed body may
        add): the game is then known won while the snake still circles, and the window
        counts the moves down. None with neither. While the snake looks on (`looking_on`), a
        lap of its loop more: it sets out at the latest where it first could have, a lap on,
        and going round to there and then to the soonest route's start is at most a lap
        longer than going to that start now."""
        if not self.taken:
            notes = proof.notes
            return None if notes.spare is None else len(proof.way_to(proof.root)) + len(notes.spare) + notes.slack
        return len(self._soonest_way(proof)) + (len(proof.loop) if self.looking_on(proof) else 0)

    def at_most(self, proof):
        """Whether `moves_left` is a bound, not the count: by the long route (`spare`) alone, a
        shorter one may still be found; with routes taken, a proof rooted ahead and still
        under way may find a sooner one, and looking on, the snake may set out sooner."""
        if not self.taken:
            return proof.notes.spare is not None
        under_way = not (proof.kept or proof.ended(self.endgame.limit_of(proof)))
        return under_way or self.looking_on(proof)

    def soonest(self, proof):
        """Of the routes `taken`, the one from the snake's place that reaches the fruit
        soonest (`_soonest_way`), as a SetOut: the heads to go, and its meal's open cost."""
        choice = self._soonest(proof)
        return SetOut(self._way_of(proof, choice), choice.kept.open)

    def _soonest_way(self, proof):
        """Of the routes `taken`, the one from the snake's place that reaches the fruit
        soonest (`_soonest`), as the heads to go."""
        return self._way_of(proof, self._soonest(proof))

    @staticmethod
    def _way_of(proof, choice):
        """The heads to go by `choice`, one of `_soonest`'s: round the loop to its root and
        along its route, or the rest of a route the loop has gone along."""
        kept = choice.kept
        return proof.way_to(kept.root) + kept.route if choice.gone is None else kept.route[choice.gone:]

    def _soonest(self, proof):
        """Of the routes `taken`, the one from the snake's place that reaches the fruit
        soonest: the rest of one whose way the snake has been going along, or round the loop
        to a root and then along its route; each counted with its open cost
        (ClosedRoutes.weigh: how far its meal leaves the body from closed, where routes
        through closed bodies are looked for). A Choice, counted without making the ways; of
        two counted alike, the first (round the loop before along a way, and the earlier
        kept first)."""
        lap = len(proof.loop)
        choices = [Choice(kept, None, (kept.root - proof.at) % lap + len(kept.route) + kept.open)
                   for kept in self.taken]
        gones = ((kept, self.gone(proof, kept.root, kept.route)) for kept in self.taken)
        choices += [Choice(kept, gone, len(kept.route) - gone + kept.open) for kept, gone in gones if gone is not None]
        return min(choices, key=lambda choice: choice.count)

    @staticmethod
    def gone(proof, root, route):
        """The moves of `route` (proven from the loop's `root`) the loop has taken the snake
        along since: the route's way and the loop's often start alike, through the same cells
        (where the snake has a single way on). None if the loop has left its way, or gone
        past its end."""
        gone = (proof.at - root) % len(proof.loop)
        if gone >= len(route) or going_along(proof.loop, root, route, most=gone) < gone:
            return None
        return gone

    def prepare(self, body, route, fruit):
        """The snake sets out on `route` from `body` to eat `fruit`, so its body after the meal
        is known: a proof is made ready for every cell the next fruit can take, thought through
        while it goes there (`think`), so the next fruit's route is ready when it appears.
        Those made ready for another route (one a sooner route found on the way replaced,
        en_route.py) are let go of."""
        self._let_go()
        after = after_meal(body, route)
        proving = self.endgame.proving
        self.prepared = {(after, next_fruit): Proof(partial(proving, after, next_fruit, beside=True), after, next_fruit)
                         for next_fruit in sorted(self.endgame.space.cells.difference(after))}

    def made_ready(self, body, fruit):
        """Whether a proof was made ready for this position (a tuple of cells): the one a proven
        route led to, so it is won, whatever its free cells."""
        return (body, fruit) in self.prepared

    def take(self, body, fruit):
        """The proof made ready for this meal's position, if any (the others are let go of)."""
        proof = self.prepared.pop((body, fruit), None)
        self._let_go()
        return proof

    def _let_go(self):
        """Stop the proofs made ready (their searches let go of their bodies)."""
        for proof in self.prepared.values():
            proof.search.close()
        self.prepared = {}

    def think(self, deadline, clock):
        """Go on with the proofs made ready for the next fruit until `deadline`, a slice of each
        in turn, so that a hard one does not keep the others waiting: the fruit is as likely to
        take any free cell. Whether any was left to think about."""
        endgame = self.endgame
        going = [proof for proof in self.prepared.values() if not proof.ended(endgame.limit_of(proof))]
        if not going:
            return False
        while going and clock() < deadline:
            for proof in going:
                proof.work(1)
            going = [proof for proof in going if not proof.ended(endgame.limit_of(proof))]
        return True
