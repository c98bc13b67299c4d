"""A proof under way for one position, and the loop that brings that position back. No pygame here.

While the endgame proves a position, the snake must stay alive and not eat: it goes round a
loop that brings the very position back, the head through free cells (never the fruit) to
the tail, then along its own body,

    .  .  .  .     body  b0 (head) ... b5 (tail), free cells q1 q2 on the way back
    b0 q1 q2 b5    the head goes  b0 q1 q2 b5 b4 b3 b2 b1 b0 ...
    b1 b2 b3 b4    after len(body) + 2 moves, every cell of the body is where it was

so its future is known: the position `k` moves on is `body_at(at + k)`.

Proofs take turns (timed/: those made ready for the next fruit, one rooted ahead), so what
one learns while its searches run is kept in its own `Notes`, which those searches are
given and write: nothing of one proof is left in a field another proof reads.
"""
import dataclasses
from typing import Optional

from hamilton.endgame.layers import TooBig
from hamilton.endgame.ledger import SLICE
from hamilton.slices import Sliced


@dataclasses.dataclass
class Notes:
    """What one proof's searches have learnt so far, for the endgame to read while it runs."""

    cut_short: set = dataclasses.field(default_factory=set)  # questions whose search was cut short (layers.py)
    spare: Optional[list] = None  # a winning route (cells) kept while a shorter one is looked for: the game is won
    slack: int = 0  # the moves a route through a closed body, looked for meanwhile, may add to `spare`'s
    open: int = 0  # the open cost of the route kept (timed/closed_routes.py), counted when routes are compared


class Proof:
    """A proof under way for one position, and the loop that brings that position back.

    The loop's heads are numbered from where the first proof of the question began; the
    snake is at `at`, and the position proven is the one at `root` (ahead of the snake, for a
    proof rooted where the snake will be when it is done)."""

    def __init__(self, searching, body, fruit, loop=None, at=0, root=0, started=0):
        """`searching(notes)` makes the proof's search (a generator whose answer is the winning
        route, or None), which writes what it learns into `notes`, the proof's own."""
        self.notes = Notes()
        self.search, self.body, self.fruit = Sliced(searching(self.notes)), body, fruit
        self.loop = loop  # the heads, from the first proven position on, that bring it back
        self.at = at  # where the snake is round the loop (mod its length)
        self.root = root  # where the proven position is round the loop
        self.started = started  # the endgame's move count when the proof began
        self.done, self.route = False, None  # answered; the winning route (a list of cells), or None
        self.too_big = False  # given up: it would hold too many bodies at once
        self.kept = False  # timed: its route is among the endgame's `taken`

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
        return self.body_at(self.at)

    def back_in(self):
        """Moves round the loop until the proven position comes back (0: it is here)."""
        return (self.root - self.at) % len(self.loop)

    def body_at(self, index):
        """The body the loop brings the snake to at `index`."""
        loop, n = self.loop, len(self.body)
        return tuple(loop[(index - k) % len(loop)] for k in range(n))

    def way_to(self, index):
        """The heads from the snake's place round the loop to `index` (after the present head)."""
        loop = self.loop
        return [loop[(self.at + k) % len(loop)] for k in range(1, (index - self.at) % len(loop) + 1)]

    def step(self):
        """The next head round the loop."""
        self.at = (self.at + 1) % len(self.loop)
        return self.loop[self.at]


def going_along(loop, at, route, done=0, most=None):
    """The moves the loop takes the snake, from its place `at`, the way `route` goes from its
    move `done` on, counted up to `most` (None: to the route's end): the two often start
    through the same cells (where the snake has a single way on). The loop never takes the
    fruit's cell, so it leaves the route before its end."""
    end = len(route) if most is None else min(len(route), done + most)
    along = 0
    while done + along < end and loop[(at + along + 1) % len(loop)] == route[done + along]:
        along += 1
    return along
