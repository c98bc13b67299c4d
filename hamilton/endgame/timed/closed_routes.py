"""After a proof, in a game with time between its moves: a route that leaves the body closed. No pygame.

The proof (endgame.py) finds the shortest route to the fruit at hand, but the body its
meal leaves can need laps of the board for each later fruit. A body is *closed* where its
free cells make one run from beside the head to beside the tail (closing.py); going round
the cycle that makes, each later fruit is a few moves on. `ClosedRoutes` weighs a proven
route by its *open cost*, the moves expected from the body its meal leaves to a closed
body, and looks for a route that closes the body sooner, with the searches of closing.py
and a round over forks (forks.py), while the snake circles its loop:

    proof's route found --> open cost of its meal's body --> nearest closed body, if the
    cost is not 0 --> a round over forks for a meal that closes the body, where the cost is
    more than the free cells --> a breadth-first search for one, where the round found none,
    or for a shorter one, while the loop goes along the way of the round's (`along_until`)

Each search stops where the loop leaves the route's way, or next brings the snake back
along it (`until`), so that the snake does not lose a lap of the loop waiting for them.
Where the snake looks on (lookahead.py), the proofs it roots first search for the route
through the nearest closed body (`nearest`): that route needs no proof. Only a
TimedEndgame builds these searches, and asks them where its moves wait WIDE_WAIT or more
(TimedEndgame._closes).
"""
import math
from functools import partial
from typing import NamedTuple, Optional

from hamilton.endgame.closed import run as closed_run
from hamilton.endgame.forks import Unsure
from hamilton.endgame.ledger import SLICE
from hamilton.endgame.proof import going_along
from hamilton.endgame.space import after_meal, cells_of
from hamilton.slices import stopping

CLOSING_MARGIN = 2  # laps of the board: the most a place of the next fruit adds to an open cost (`open_cost`)


class Began(NamedTuple):
    """Where a proof began, for the searches after it (ClosedRoutes.weigh): the ledger's work
    then, the move count then, and the move count at which the snake gets to the proof's
    body if it is rooted ahead (None for the snake's own place)."""
    work: int
    moves: int
    arrival: Optional[int]


class ClosedRoutes:
    """The searches of `endgame` (an Endgame) for a route through a closed body, after its
    proofs: they read its move count and loop, and keep the proof's notes (its `spare`,
    `slack` and `open`) up to date while they run."""

    def __init__(self, endgame):
        self.endgame = endgame
        self.grid, self.space, self.ledger = endgame.grid, endgame.space, endgame.ledger
        self.closing, self.forks = endgame.closing, endgame.forks

    @property
    def cap(self):
        """The most an open cost can be: CLOSING_MARGIN laps of the board (`open_cost`)."""
        return CLOSING_MARGIN * self.grid.size

    def until(self, body, fruit, route, began, beside, open_cost=None):
        """The move count at which the searches for a closed body after a proof (`weigh`)
        stop. A proof rooted ahead stops them when the snake gets to its root (at
        `began.arrival`): proofs rooted on ahead may find a sooner route. Proofs made ready for
        the next fruit stop them a lap of the board after they began.

        A proof of the snake's own place (it was at `body` at `began.moves`) searches while the
        snake circles. The loop and `route` often start through the same cells, so the snake
        can set out on the route from any of them (Lookahead.gone) until the loop leaves the
        route's way; past there the route costs a lap of the loop more. The searches stop a
        move before the loop leaves the route's way, or where it has already, a move before it
        next does, a lap of the loop on: the loop is no longer than a lap of the board, so
        searches that went on for that lap, and ended just past there, would cost another.
        That is, except where proofs are quick (TimedEndgame.quick) and the route's open cost
        is not known yet (`open_cost` None) or is half a lap of the loop or more: there they
        keep a lap of the board anyway, for a route through a closed body found later may go
        along the loop further, and its later fruits save more than the lap risked (open
        costs undercount what later fruits take). With a smaller open cost a closed body
        saves less than the lap; with more free cells the searches are slower and rarely
        find one within the lap (docs/handovers.md, "The seeds behind the timed rules").

            heads after body  a b c d e ...   the snake can set out from c, `began.moves` + 3:
            route             a b c x y ...   the searches stop a move before
        """
        if began.arrival is not None:
            return began.arrival
        lap_on = self.endgame.moves + self.grid.size
        quick = self.endgame.quick(body)
        if beside or quick and open_cost is None:
            return lap_on
        loop = self.endgame.loop(body, fruit)
        if loop is None or quick and 2 * open_cost >= len(loop):
            return lap_on
        leave = before_leaving(loop, route, began.moves)
        laps = max(0, math.ceil((self.endgame.moves - leave) / len(loop)))
        return leave + laps * len(loop)  # the loop's next pass there

    def along_until(self, body, fruit, route, began):
        """The move count at which the search for a shorter route through a closed body after a
        closing meal's (`weigh`) stops: a move before the loop leaves `route`'s way, or, for a
        proof rooted ahead, when the snake gets to its root (`began.arrival`). Where the loop has
        left it already, the snake would go round to the proof's root for the route, a lap on,
        and proofs rooted ahead meanwhile find sooner ones; there the search is not made."""
        if began.arrival is not None:
            return began.arrival
        loop = self.endgame.loop(body, fruit)
        return began.moves if loop is None else before_leaving(loop, route, began.moves)

    def nearest(self, body, fruit, within, until):
        """A route (a list of cells) through the nearest closed body to `fruit`, of fewer than
        `within` moves, or None: searched before a proof rooted ahead while the snake looks
        on (Lookahead.looking_on), for what those proofs look for is a route that leaves a
        closed body, and a route to a closed body needs no proof: every later fruit is then on
        its cycle. Breadth first (Closing.route); it stops at the move count `until`, when the
        snake gets to the root (a generator)."""
        space, ledger = self.space, self.ledger
        search = self.closing.route(space.pack(body), fruit, space.free_of(body), within - 1, ledger.hold)
        return (yield from stopping(search, lambda: self.endgame.moves >= until))

    def weigh(self, body, fruit, route, beside, began, notes):
        """(`route`, its open cost), or a route whose meal leaves a body sooner closed, with
        its own, as a generator. The open cost is the moves expected from the body a meal
        leaves to a closed body, over the places the next fruit can take (`open_cost`): about
        what the later fruits cost more than a few moves each. The proof keeps it in its
        `notes` (TimedEndgame.proving), and Lookahead.soonest counts it too. Where `route`'s is
        not 0, a route through the nearest closed body (Closing.route) is taken if no longer
        than `route` and its cost: often near, it is found in a few moves, so it comes first.
        Where that cost is more than the free cells (on a closed body, each later fruit costs
        fewer moves than that), a route that closes the body before or after its meal, with
        fewer moves to a closed body again, is looked for too (Closing.meal): that search
        costs a proof seconds, and those seconds move where the next proof is rooted.
        Those searches go breadth first, and give up where the nearest closed body is past
        the hold. Between them, where the cost is still more than the free cells, a route
        about as long as the proof's (as many moves more as there are free cells) whose meal
        leaves the body closed is looked for over forks, depth first (`closing_meal`): cut at
        the proof's own work, it is often done in a few moves, where the second search can
        take dozens. Where the round finds one, the second looks for a route shorter than it
        only until the loop leaves its way (`along_until`) (docs/handovers.md, "The seeds behind the timed rules").

        `began`: where the proof began (`Began`). The snake circles meanwhile, so the searches
        stop at the move `until` returns (a move before the loop leaves `route`'s way, or
        before it next does, or a lap of the board on), and before the ledger's work reaches
        the proof's limit, which would end it unanswered (see Endgame.verdict).
        They may fill the hold, or with proofs `beside` all but a quarter of it (FORGET).
        Meanwhile the game is known won (`notes.spare`), by at most `notes.slack` moves
        more than `route`."""
        endgame, ledger, space = self.endgame, self.ledger, self.space
        until = self.until(body, fruit, route, began, beside)
        most = began.work + endgame.limit_for(body)
        most_open = self.cap
        notes.spare, notes.slack = route, most_open
        yield from ledger.free_all()  # the proof's ended searches first let go of their bodies
        room = ledger.hold - ledger.forget if beside else ledger.hold

        def stop(steps):
            return stopping(steps, lambda: endgame.moves >= until or ledger.spent >= most - 2 * SLICE)
        after = after_meal(body, route)
        open_cost = yield from stop(self.open_cost(space.pack(after), space.free_of(after), room))
        open_cost = notes.slack = notes.open = most_open if open_cost is None else open_cost
        until = min(until, self.until(body, fruit, route, began, beside, open_cost))
        start, free = space.pack(body), space.free_of(body)
        free_cells = self.grid.size - len(body)
        far = open_cost > free_cells  # further from closed than a closed body's fruits cost
        if open_cost:
            way = yield from stop(self.closing.route(start, fruit, free, len(route) + open_cost, room))
            if way is not None:
                route, open_cost = way, 0
        if not beside and open_cost > free_cells:
            found = yield from self.closing_meal(body, fruit, route, open_cost, began, stop)
            if found is not None:
                route, open_cost = found, 0
                until = min(until, self.along_until(body, fruit, route, began))
                far = far and endgame.moves < until
        if far:
            yield from ledger.free_all()
            found = yield from stop(self.closing.meal(start, fruit, free, len(route) + open_cost - 1, room,
                                                      partial(self._meal_cost, room=room)))
            if found is not None:
                route, open_cost = found
        notes.slack = 0
        return route, open_cost

    def closing_meal(self, body, fruit, route, open_cost, began, stop):
        """A route (a list of cells) no more than the free cells longer than `route`, whose meal
        leaves the body closed, or None (a generator; see `weigh`). One round over forks
        (forks.closing_meal), depth first, holds few bodies where the breadth-first searches
        would fill the hold; such a route may be only a few moves longer than the proof's, its
        later fruits a few moves each where the proof's take laps. It stops at
        `stop` (`weigh`'s: where no lap is kept, a move before the loop leaves `route`'s
        way), and before it has done as much work as the proof had (`began`: where the proof
        began, `Began`), so a proof takes at most twice as long.

        Not where the snake will look on (Lookahead.looking_on: quick proofs whose route
        leaves the body at the open cost's cap): proofs rooted round the loop look for such a
        route there, and one found from here, long, would end the looking on."""
        if open_cost >= self.cap and self.endgame.quick(body):
            return None
        space, ledger = self.space, self.ledger
        bound = len(route) + self.grid.size - len(body)
        enough = 2 * ledger.spent - began.work
        search = self.forks.closing_meal(space.pack(body), fruit, space.free_of(body), bound, self._is_closed)
        found = yield from stop(stopping(search, lambda: ledger.spent >= enough))
        return None if found is None else [space.cell[c] for c in found]

    def _is_closed(self, body, free):
        """Whether `body` (packed, its free cells the bits `free`) is closed: a generator, as
        ForkSearch.within asks, that answers without a pause."""
        yield from ()
        return closed_run(self.space, body, free) is not None

    def _meal_cost(self, body, free, room):
        """`open_cost` of the body a meal leaves (packed, its free cells the bits `free`), or
        None where it is not proven won for every next fruit (`_won_after`; a generator)."""
        won = yield from self._won_after(body, free)
        return (yield from self.open_cost(body, free, room)) if won else None

    def _won_after(self, body, free):
        """Whether the body a meal leaves is won for every next fruit, by the search over forks
        (a generator); False where that search is unsure."""
        try:
            return (yield from self.forks.after(body, free))
        except Unsure:
            return False

    def open_cost(self, body, free, room):
        """The moves expected from the body a meal leaves (packed, its free cells the bits
        `free`) to a closed body, over the places its next fruit may take, eaten on the way or
        not (Closing.closes), each counted as CLOSING_MARGIN laps at most, about the least the
        later fruits of a body with no closed body near cost (a generator)."""
        most = self.cap
        places = cells_of(free)
        total = 0
        for place in places:
            moves = yield from self.closing.closes(body, place, free, most, room)
            total += most if moves is None else moves
        return math.ceil(total / len(places)) if places else 0


def before_leaving(loop, route, begun):
    """The move count a move before the snake, going round `loop` from its start at move
    `begun`, is at the last place on `route`'s way (the two often start alike): the searches
    that stop there end, their bodies let go of, in the wait before."""
    return begun + min(going_along(loop, 0, route), len(loop) - 1) - 1
