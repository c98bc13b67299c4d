"""The fruit: one cell, placed uniformly at random among the free cells. No pygame here."""
import random

RANDOM_TRIES = 8  # blind draws before listing the free cells; keeps placement O(1) while the board is roomy


class Fruit:
    """The fruit on a `width` x `height` board; `occupied(cell)` tells the snake's cells."""

    def __init__(self, width, height, occupied, rng=None):
        self.width = width
        self.height = height
        self.occupied = occupied
        self.rng = rng if rng is not None else random.Random()
        self.last_generate = None
        self._full = False  # no free cell was left: where() must not keep drawing random cells

    def generate(self):
        """Pick a new fruit cell uniformly among the free ones; None when the board is full."""
        rng, width, height = self.rng, self.width, self.height
        for _ in range(RANDOM_TRIES):
            cell = (rng.randrange(width), rng.randrange(height))
            if not self.occupied(cell):
                self.last_generate = cell
                return cell
        # A crowded board: choose from the list of free cells, which always terminates.
        free = [(x, y) for y in range(height) for x in range(width) if not self.occupied((x, y))]
        self.last_generate = rng.choice(free) if free else None
        self._full = not free
        return self.last_generate

    def where(self):
        """The fruit on the board, generating the first one if there is none yet."""
        if self.last_generate is None and not self._full:
            self.generate()
        return self.last_generate

    def place(self, cell):
        """Put the fruit on `cell`, or take it off the board with None (a full board)."""
        self._full = cell is None
        self.last_generate = cell


class FruitListError(Exception):
    """A listed fruit that cannot be placed, phrased as one line."""


class ListedFruit(Fruit):
    """The fruits of a replay: the listed cells in order instead of random ones."""

    def __init__(self, width, height, occupied, cells):
        super().__init__(width, height, occupied)
        self.cells = [tuple(c) for c in cells]
        self.placed = 0  # how many of `cells` have appeared

    def generate(self):
        """Place the next listed cell; it must be a free cell of the board."""
        if self.placed == len(self.cells):
            raise FruitListError(f"the fruit list ends after {self.placed} fruits, yet the game needs another")
        cell = self.cells[self.placed]
        self.placed += 1
        if not (0 <= cell[0] < self.width and 0 <= cell[1] < self.height):
            raise FruitListError(f"fruit {self.placed} {list(cell)} is off the board")
        if self.occupied(cell):
            raise FruitListError(f"fruit {self.placed} {list(cell)} lies on the snake's body")
        self.last_generate = cell
        return cell
