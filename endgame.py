"""Searching every future when few cells are free: how a body in no order can still be won. No pygame.

Near the end of a game the future is small. With F free cells the snake must eat F more
fruits, each placed on a free cell the player does not choose. A position is *won* when
some way of moving eats the fruit and leaves, for every place the next fruit can appear, a
position that is won again; the full board is won. With two free cells the future is even
deterministic: after this fruit, the last one can only go on the last free cell.

`Endgame` decides that by search (an AND-OR search: some route for this fruit, AND every
next fruit). Between two meals the snake moves without growing, so a position is its body
alone; a breadth-first search over bodies finds the shortest route to each way of eating.
Positions already decided are remembered. Once the search has proven that this fruit
cannot be won, it says so at once until the fruit is eaten: every later position is one the
proof already looked at. It gives up, and says nothing, after `budget` bodies, and then
waits a board-full of moves before trying again, twice as long after each failure (the
positions it has decided meanwhile are kept, so each new try goes further). It is only
asked when few cells are free (FREE_MAX). Cells are flat (grid.py); a body is asked about as
a tuple, head first, and searched as bytes where every cell fits in one.
"""
from collections import deque

FREE_MAX = 4  # searched only with at most this many free cells (each fruit multiplies the work)
BUDGET = 300_000  # bodies looked at per question before giving up (about 0.7 s here)


class OutOfBudget(Exception):
    """The search looked at more bodies than it may."""


class Endgame:
    """Proves wins near the end of a game, for bodies the cycle-based play cannot use."""

    def __init__(self, grid, budget=BUDGET, free_max=FREE_MAX):
        self.grid = grid
        self.budget, self.free_max = budget, free_max
        self.known = {}  # (body, fruit) -> the winning route (cells) or None
        self._left = 0
        self._lost = None  # (fruit, length) proven not to be won
        self._pause = (None, 0, 0)  # (fruit and length, questions left to skip, failures) after giving up
        # A body is kept as bytes (one per cell) where cells fit in a byte: far cheaper to
        # copy and hash than a tuple. `_one[c] + body[:-1]` moves the head to c either way.
        self._pack = bytes if grid.size <= 256 else tuple
        self._one = [self._pack((c,)) for c in range(grid.size)]
        self._cells = frozenset(range(grid.size))

    def lost(self, body, fruit):
        """Whether this fruit has been proven not to be won (asked again, the answer stays no)."""
        return self._lost == (fruit, len(body))

    def winning_route(self, body, fruit):
        """The shortest route (cells after the head) to a won position, or None (not won, or not known)."""
        free = self.grid.size - len(body)
        if fruit < 0 or free > self.free_max or self.lost(body, fruit):
            return None
        question, waiting, failures = self._pause
        if question != (fruit, len(body)):
            failures = 0
        elif waiting > 0:
            self._pause = (question, waiting - 1, failures)
            return None
        self._left = self.budget
        try:
            route = self._won(self._pack(body), fruit)
        except OutOfBudget:
            self._pause = ((fruit, len(body)), self.grid.size << failures, failures + 1)
            return None
        if route is None:
            self._lost = (fruit, len(body))
        return route

    def _won(self, body, fruit):
        key = (body, fruit)
        if key not in self.known:
            self.known[key] = self._search(body, fruit)
        return self.known[key]

    def _search(self, body, fruit):
        """Breadth-first over the bodies reachable without eating; try each way of eating.

        Each body travels with its free cells (at most free_max of them): a move may enter a
        free cell or the tail's, and then the tail's cell is free instead of the one entered.
        That keeps each step as cheap as the few free cells, not the long body."""
        neighbours, one = self.grid.neighbours, self._one
        came = {body: None}
        queue = deque([(body, self._cells.difference(body))])
        while queue:
            self._left -= 1
            if self._left < 0:
                raise OutOfBudget
            now, free = queue.popleft()
            head, tail = now[0], now[-1]
            neck = now[1] if len(now) > 1 else -1
            for n in neighbours[head]:
                if n < 0 or n == neck:
                    continue
                if n == fruit:
                    if self._every_fruit_after(one[n] + now):
                        return self._route(came, now) + [n]
                    continue
                if n == tail:
                    after, left = one[n] + now[:-1], free
                elif n in free:
                    after, left = one[n] + now[:-1], free.difference((n,)).union((tail,))
                else:
                    continue
                if after not in came:
                    came[after] = now
                    queue.append((after, left))
        return None

    def _every_fruit_after(self, body):
        """Whether the position after eating is won for every cell the next fruit can take."""
        if len(body) == self.grid.size:
            return True
        taken = set(body)
        return all(self._won(body, f) is not None for f in range(self.grid.size) if f not in taken)

    @staticmethod
    def _route(came, body):
        """The heads from the start to `body` (the start excluded), following `came` back."""
        heads = []
        while came[body] is not None:
            heads.append(body[0])
            body = came[body]
        heads.reverse()
        return heads
