"""What a route search reads about the board for one fruit, worked out once per fruit. No pygame here.

A plan (planner.py) searches several times for the same fruit: the replans, the meal judged
later, the waits' searches, the searches made ahead. What depends only on the fruit (and
the body's length) is worked out once, in an `Aim`, and kept while the fruit is:

    lanes      moves from each cell to the fruit along the lanes of an empty board (a
               lower bound of a route's moves), counted up to the body's length
    straight   the straight (Manhattan) distance from each cell to the fruit
    guide      the least cost of a move (planner.py's HELD_COST) times straight: the A* guide
    forgotten  for each cell, its neighbours at least `length` lanes from the fruit: a
               move there is forgotten by the meal, so any free one will do; made for a
               cell when a search first expands it. While the body is short, most cells are
               that far: every neighbour is offered then, and the search checks the lanes

The straight distances are copied row by row from tables made once per board: the row of
the fruit's own row, shifted, plus the rows' distance, so a fruit costs a slice per row,
not a sum per cell:

    fruit at x=2:   |x-2| for x = 0..5  is  row 0 of `_bands`, [5 4 3 2 1 0 1 2 3 4 5], from 3
                                                                      ^^^^^^^^^^^
    a row dy away: the same slice of row dy: every value dy more

Cells are flat indices (grid.py); the lanes are the cell tree's stays and crosses (celltree.py).
"""
from functools import lru_cache

from hamilton.celltree import NONE


class Aims:
    """The per-board tables behind every Aim of one CellTree, and the Aim asked for last;
    `step`, the least a move costs, is what a straight step is worth in the guide."""

    def __init__(self, tree, step):
        self.tree = tree
        width, height = tree.width, tree.height
        size = width * height
        # cell -> the one cell whose stay leads into it (the stays go round the blocks' rings),
        # and the cell whose cross does, NONE if none (the gates come in facing pairs)
        self._stay_into, self._cross_into = [0] * size, [NONE] * size
        for c, n in enumerate(tree.stay):
            self._stay_into[n] = c
        for c, n in enumerate(tree.cross):
            if n != NONE:
                self._cross_into[n] = c
        self.neighbours, self._bands, self._guides = _board(width, height, step)
        self._last = None

    def at(self, fruit, length):
        """The Aim for `fruit` and a body of `length` (the last one, if asked for again)."""
        last = self._last
        if last is None or last.fruit != fruit or last.length != length:
            last = self._last = Aim(self, fruit, length)
        return last

    def _lanes(self, target, cap):
        """(the moves from every cell to `target` along the lanes of an empty board, a lower
        bound, counted up to `cap`: a cell farther away, or never reaching it, gets `cap`;
        the cells nearer than `cap`).

        An Aim asks with cap = the body's length. Every time on the body's clock is at most
        `length` moves away, so a route that still needs `length` moves is judged the same
        however much longer it needs. The cap keeps the count near the fruit while the
        snake is short, which is what makes planning cheap on big boards.
        """
        size = len(self._stay_into)
        cap = min(cap, size)
        dist = [cap] * size
        dist[target] = 0
        stay_into, cross_into, ring, d, near = self._stay_into, self._cross_into, [target], 0, [target]
        while ring and d + 1 < cap:  # ring by ring, each one lane step farther from the target
            d += 1
            farther = []
            for c in ring:
                p = stay_into[c]
                if dist[p] > d:
                    dist[p] = d
                    farther.append(p)
                p = cross_into[c]
                if p != NONE and dist[p] > d:
                    dist[p] = d
                    farther.append(p)
            near += farther
            ring = farther
        return dist, near

    def straight_to(self, fruit, guide=False):
        """The straight (Manhattan) distance from every cell to `fruit`; with `guide`, the step times it."""
        width = self.tree.width
        fx, fy = fruit % width, fruit // width
        bands, start = self._guides if guide else self._bands, width - 1 - fx
        distances = []
        for y in range(self.tree.height):
            distances += bands[abs(y - fy)][start:start + width]
        return distances


class Aim:
    """What a search for `fruit`, for a body of `length`, reads about the board (see the module docstring)."""

    def __init__(self, aims, fruit, length):
        self.fruit, self.length = fruit, length
        self.lanes, near = aims._lanes(fruit, length)
        self.straight = aims.straight_to(fruit)
        self.guide = aims.straight_to(fruit, guide=True)
        size = len(self.lanes)
        if length <= size and 4 * len(near) < size:
            # A short body: few cells are nearer the fruit than its length, and most moves are
            # forgotten; every neighbour is offered, and the search leaves out the near ones.
            self.forgotten = aims.neighbours
        else:
            self.forgotten = [None] * size  # made per cell by the search (planner.py)


@lru_cache(maxsize=8)
def _board(width, height, step):
    """(the neighbours of each cell, up, down, left, right: those on the board; the bands
    _bands[dy][width - 1 + dx] = |dx| + dy, whose slices are a fruit's straight distances;
    the same times `step`): one set per board, shared by its trees, and never changed."""
    size = width * height
    neighbours = [[n for n, on_board in ((c - width, c >= width), (c + width, c + width < size),
                                         (c - 1, c % width > 0), (c + 1, (c + 1) % width > 0)) if on_board]
                  for c in range(size)]
    bands = [[abs(dx) + dy for dx in range(1 - width, width)] for dy in range(height)]
    return neighbours, bands, [[step * d for d in band] for band in bands]
