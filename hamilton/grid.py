"""Cells as flat indices: the one encoding of the never-losing solver's fast code. No pygame here.

The game speaks in (x, y) tuples. Inside hamilton/ (the never-losing solver), a cell is the
int `y * W + x`, so a body is a list of ints, per-cell facts live in flat lists, and a move is
a table lookup. `Grid` converts at the edge and holds the neighbour table:

    x:  0  1  2  3
      +--+--+--+--+
    y=0| 0| 1| 2| 3|      neighbours[5] = [1, 9, 4, 6]   (UP, DOWN, LEFT, RIGHT)
      +--+--+--+--+      neighbours[0] = [-1, 4, -1, 1]  (-1: off the board)
    y=1| 4| 5| 6| 7|
      +--+--+--+--+
    y=2| 8| 9|10|11|
      +--+--+--+--+

(The greedy solver's bitboards in pather.py use a padded bit index of their own, made
for shifting whole sets of cells at once.)
"""
from snake import DELTA, DIRECTIONS, Direction

OFF = -1  # the neighbour of a border cell beyond the border


class Grid:
    """A `width` x `height` board of flat cells."""

    def __init__(self, width, height):
        self.width, self.height = width, height
        self.size = width * height
        self.neighbours = [[self._step(i, d) for d in Direction] for i in range(self.size)]

    def _step(self, i, direc):
        x, y = i % self.width + DELTA[direc][0], i // self.width + DELTA[direc][1]
        return y * self.width + x if 0 <= x < self.width and 0 <= y < self.height else OFF

    def index(self, cell):
        """(x, y) -> flat index."""
        return cell[1] * self.width + cell[0]

    def cell(self, i):
        """Flat index -> (x, y)."""
        return (i % self.width, i // self.width)

    def flat_body(self, snake):
        """The snake's body as flat cells, head first."""
        width = self.width
        return [y * width + x for x, y in snake.body]

    def direction(self, a, b):
        """The direction of the move from flat cell `a` to its neighbour `b`."""
        return DIRECTIONS[self.neighbours[a].index(b)]

    def distance(self, a, b):
        """Moves between two cells on an empty board (Manhattan distance)."""
        width = self.width
        return abs(a % width - b % width) + abs(a // width - b // width)
