"""When each part of the board stops being held by the body: the snake's timetable. No pygame here.

A route is planned once per fruit (planner.py), so the body's obstacles are *time-aware*:
the body shrinks from the tail while the head travels, and each obstacle has a move after
which it is gone:

    cell    free after the tail has left it             free_at[cell]
    block   no body cell of it is left                  open_at[block]
            nor of its four neighbours (the board's     shelter[block]
            edge: never)
    edge    no body move marks it IN or OUT any more    until[edge]
    corner  no body wall touches it any more            touch[corner]

The rules of a move (`may_cross`, `may_stay`) read these times at the move the meal is
judged by. Cells are flat (grid.py); blocks, edges, gates and corners come from celltree.py.
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
        self.shelter = [NEVER if tree.on_edge[b] else max(open_at[a] for a in tree.around[b])
                        for b in range(tree.blocks)]
        self.mark = bytearray(len(tree.edges))
        self.until = [0] * len(tree.edges)
        self.touch = [0] * (tree.rim + 1)
        for k in range(length - 1, 0, -1):
            self._note_move(body[k], body[k - 1], now + length - k)

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
            for a in self.tree.around[b]:
                if held > shelter[a]:
                    shelter[a] = held

    def ate(self, old_head, head):
        """The snake moved its head from `old_head` to `head` and ate there (the tail stayed).

        Every body cell is now held one move longer than the clock said; rather than add one
        to each time, `now` stays where it was, which shifts them all at once."""
        self.length += 1
        self.now -= 1
        self.moved(old_head, head)

    def break_at_meal(self, head, route):
        """CellTree.first_break of the body after `route` (from `head`, the fruit its last
        cell) and the meal, read off the clock: work in proportion to the route, not the body.
        The body must fit the clock's tree.

        At the meal, after r moves, the body is the route and the cells the clock holds after
        now + r: their moves are the marks whose `until` is still to come, and their blocks,
        joined by their IN edges, are those whose `open_at` is. A body that fits never breaks
        itself, so only the route's moves are judged, against those marks. The walls (OUT
        edges) cut the blocks apart exactly when they close a loop of corner points (see
        celltree.py), and the body's own walls close none: if no wall of the route ends on a
        point that the walls before it already join to its start, nothing is cut off, and the
        whole board need not be looked at."""
        tree = self.tree
        if len(route) > self.length:  # the body at the meal is all route
            return tree.first_break(route[::-1][:self.length + 1], new=len(route))
        at_meal = self.now + len(route)
        mark, until, open_at = self.mark, self.until, self.open_at
        stay, cross, gate, block = tree.stay, tree.cross, tree.gate, tree.block
        marks = {}  # edge -> the route's own mark
        joined = {}  # union-find over blocks; _BODY stands for every block the body holds at the meal
        passed = []  # the route's stays past an unmarked gate: (cell, edge)
        c = head
        for nxt in route:
            g = gate[c]
            was = marks.get(g)
            if was is None:
                was = mark[g] if g != NONE and until[g] >= at_meal else 0
            if nxt == cross[c]:
                if was == OUT:
                    return c, True
                if was == 0:
                    a = _root(joined, _BODY if open_at[block[c]] >= at_meal else block[c])
                    b = _root(joined, _BODY if open_at[block[nxt]] >= at_meal else block[nxt])
                    if a == b:
                        return c, True
                    joined[a] = b
                    marks[g] = IN
            elif nxt == stay[c]:
                if g != NONE:
                    if was == IN:
                        return c, False
                    if was == 0:
                        marks[g] = OUT
                        passed.append((c, g))
            else:
                return c, False
            c = nxt
        if passed and self._walls_close_a_loop(passed, at_meal):
            state = bytearray(m if u >= at_meal else 0 for m, u in zip(mark, until))
            for g, m in marks.items():
                state[g] = m
            return tree.cut_blame(state, passed)
        return None

    def _walls_close_a_loop(self, passed, at_meal):
        """Whether the new walls of `passed` may close a loop with the walls the body still
        draws at move `at_meal`: those walls' points all count as one (they may not all be
        joined: the answer is then True more often, never False wrongly)."""
        tree, touch = self.tree, self.touch
        joined = {}
        for c, _ in passed:
            p, q = tree.wall_from[c], tree.wall_to[c]
            a = _root(joined, _BODY if touch[p] >= at_meal else p)
            b = _root(joined, _BODY if touch[q] >= at_meal else q)
            if a == b:
                return True
            joined[a] = b
        return False

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


_BODY = -2  # in break_at_meal's union-finds: every block, or corner point, the body holds at the meal


def _root(joined, x):
    """The root of `x` in the union-find `joined` (a dict from a part to the part it joined)."""
    while x in joined:
        x = joined[x]
    return x
