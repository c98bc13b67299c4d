"""When each part of the board stops being held by the body: the snake's timetable. No pygame here.

A route is planned once per fruit (planner.py), so the body's obstacles are *time-aware*:
the body shrinks from the tail while the head travels, and each obstacle has a move after
which it is gone:

    cell    free after the tail has left it             free_at[cell]
            and after it has left the cell's four       shelter[cell]
            neighbours too (the board's edge: never)
    block   no body cell of it is left                  open_at[block]
    edge    no body move marks it IN or OUT any more    until[edge]
    corner  no body wall touches it any more            touch[corner]

The planner's rules of a move (planner.py) read these times at the move the meal is judged
by, and the exact check of a route (meal.py) reads the body the meal leaves off them. Each
table is kept up to date a move at a time: a move changes a cell and its neighbours'
shelter, a block, an edge and two corners. Cells are flat (grid.py); blocks, edges,
gates and corners come from celltree.py.
"""
from hamilton.celltree import IN, NONE, OUT

NEVER = 1 << 60  # a time that never comes


class Clock:
    """When each part of the board stops being held by `body` (flat cells, head first).

    Times are move numbers, counted from `now`: the body's cell k (from the head) is free at
    now + len(body) - k. Kept this way, the clock follows the snake in constant time per move
    (`moved`): the new head gets its time and the tail's times simply pass. A meal (`ate`)
    keeps the tail where it is, so every time already set comes one move later: the clock
    then simply stands still for that move instead.
    """

    def __init__(self, tree, body, now=0):
        self.tree, self.now, self.length = tree, now, len(body)
        self.neck = body[1] if len(body) > 1 else NONE  # never moved onto, even when it is the tail
        length = len(body)
        self.free_at = free_at = [0] * len(tree.stay)
        self.open_at = open_at = [0] * tree.blocks
        for k, c in enumerate(body):
            free_at[c] = now + length - k
            b = tree.block[c]
            if free_at[c] > open_at[b]:
                open_at[b] = free_at[c]
        self.shelter = [NEVER if tree.rimmed[c] else max(free_at[n] for n in touching)
                        for c, touching in enumerate(tree.touching)]
        self.mark = bytearray(len(tree.edges))
        self.until = [0] * len(tree.edges)
        self.touch = [0] * (tree.rim + 1)
        for k in range(length - 1, 0, -1):
            self._note_move(body[k], body[k - 1], now + length - k)

    def tables(self):
        """(free_at, open_at, shelter, mark, until, touch, neck): what a route search reads."""
        return self.free_at, self.open_at, self.shelter, self.mark, self.until, self.touch, self.neck

    def copy(self):
        """A clock of its own with the same times (list copies: far cheaper than building one)."""
        twin = object.__new__(Clock)
        twin.tree, twin.now, twin.length, twin.neck = self.tree, self.now, self.length, self.neck
        twin.free_at, twin.open_at, twin.shelter = self.free_at[:], self.open_at[:], self.shelter[:]
        twin.mark, twin.until, twin.touch = self.mark[:], self.until[:], self.touch[:]
        return twin

    def moved(self, old_head, head):
        """The snake moved its head from `old_head` to `head` without eating."""
        self.now += 1
        self.neck = old_head
        self._note_move(old_head, head, self.now + self.length - 1)
        self.free_at[head] = held = self.now + self.length
        b = self.tree.block[head]
        if held > self.open_at[b]:
            self.open_at[b] = held
        shelter = self.shelter
        for n in self.tree.touching[head]:
            if held > shelter[n]:
                shelter[n] = held

    def ate(self, old_head, head):
        """The snake moved its head from `old_head` to `head` and ate there (the tail stayed).

        Every body cell is now held one move longer than the clock said; rather than add one
        to each time, `now` stays where it was, which shifts them all at once."""
        self.length += 1
        self.now -= 1
        self.moved(old_head, head)

    def _note_move(self, c, nxt, gone):
        """Record the marks of the move c -> nxt, forgotten once c is free at move `gone`."""
        tree = self.tree
        g = tree.gate[c]
        if g == NONE:
            return
        if nxt == tree.cross[c]:
            self.mark[g] = IN
        else:
            self.mark[g] = OUT
            for corner in (tree.wall_from[c], tree.wall_to[c]):
                if gone > self.touch[corner]:
                    self.touch[corner] = gone
        if gone > self.until[g]:
            self.until[g] = gone

