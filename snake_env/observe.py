"""What the environment shows of a game: board planes, or a small vector of features. No pygame here.

Both are read from a game.Game alone (its snake and fruit), so the environment, its wrappers
and a policy played as a solver (policy.py) see a position the same way.

The planes: a float32 array of shape (3, height, width), indexed [plane, y, x]:

    plane  0 BODY   the snake, each cell by how long it stays: the head 1, the next cell
                    (L-1)/L, ... the tail 1/L, for a snake of length L; 0 elsewhere
           1 HEAD   1 on the head
           2 FRUIT  1 on the fruit (none once the board is full)

    a snake of length 4 heading right, and its BODY plane:
        t o o H *        .25 .5 .75 1  0
    (t tail, H head, * fruit)

BODY's order says everything the rules need: where the neck is (so the heading), which
cell frees first. `Planes` keeps it up to date in O(1) Python a move: each cell holds the
move at which the head entered it; the body is the cells entered in the last L moves.

The features: a float32 vector of FEATURES, four per absolute direction d in UP, DOWN,
LEFT, RIGHT, each in [0, 1], the same on any board (a model learnt on 6x6 plays 30x30):

    danger_d   1 when the action d loses now (a reversal goes straight on, as the rules say)
    room_d     the free cells the head can still reach after the action d, over the board's
               cells (0 when it loses): the size of the region of free cells, joined side by
               side, that its cell lies in (a flood fill on pather's bitboards, Room); the
               tail's cell counts as free, as it moves on
    fruit_d    1 when the fruit lies in direction d of the head (up to two are 1)
    heading_d  1 for the heading
"""
import functools

import numpy as np

from pather import PathSolve
from snake import DIRECTIONS, NAMES, step

PLANES = ("body", "head", "fruit")  # the planes, in order
BODY, HEAD, FRUIT = range(len(PLANES))
FEATURES = tuple(f"{kind}_{NAMES[d]}" for kind in ("danger", "room", "fruit", "heading") for d in DIRECTIONS)
NEVER = np.iinfo(np.int64).min // 2  # the entry move of a cell the snake never entered


class Planes:
    """The planes of one game, seen a move at a time (see the module docstring).

    `look(game)` carries on from the last look when the same game has moved once since (or
    not at all), and starts again from the body otherwise: a new game, a hand-over."""

    def __init__(self):
        self.game = None
        self.entered = None  # (height, width) int64: the move at which the head entered each cell
        self.steps = self.length = self.head = None  # the game as the last look saw it

    def look(self, game):
        """The planes of `game` now, a new array."""
        if not self._follows(game):
            self._start(game)
        elif game.steps == self.steps + 1:
            self._moved(game)
        return self._draw(game)

    def _follows(self, game):
        """Whether `game` is the last look's game, at most one move on."""
        if game is not self.game or game.steps - self.steps not in (0, 1):
            return False
        if game.steps == self.steps:
            return game.snake.head() == self.head
        return len(game.snake) - self.length in (0, 1) and step_apart(self.head, game.snake.head())

    def _start(self, game):
        self.game = game
        self.entered = np.full((game.height, game.width), NEVER, dtype=np.int64)
        snake = game.snake
        for i, cell in enumerate(reversed(snake.body)):  # tail first, so a head on the body wins
            if snake.on_board(cell):
                self.entered[cell[1], cell[0]] = game.steps - (len(snake) - 1 - i)
        self._seen(game)

    def _moved(self, game):
        head = game.snake.head()
        if game.snake.on_board(head):
            self.entered[head[1], head[0]] = game.steps
        self._seen(game)

    def _seen(self, game):
        self.steps, self.length, self.head = game.steps, len(game.snake), game.snake.head()

    def _draw(self, game):
        length = len(game.snake)
        planes = np.zeros((len(PLANES), game.height, game.width), dtype=np.float32)
        age = self.entered - (game.steps - length)  # the head: length; the tail: 1; gone: <= 0
        np.divide(age, length, out=planes[BODY], where=age > 0)
        head = game.snake.head()
        if game.snake.on_board(head):
            planes[HEAD, head[1], head[0]] = 1.0
        fruit = game.fruit.last_generate
        if fruit is not None:
            planes[FRUIT, fruit[1], fruit[0]] = 1.0
        return planes


def step_apart(a, b):
    """Whether cells `a` and `b` are one move apart."""
    return abs(a[0] - b[0]) + abs(a[1] - b[1]) == 1


def planes_of(game):
    """The planes of `game`, from its body alone (Planes keeps them up to date faster)."""
    return Planes().look(game)


def moved_to(snake, direc):
    """The cell the head moves to on the action `direc`: a reversal goes straight on."""
    return snake.next_head() if snake.is_reversal(direc) else step(snake.head(), direc)


def features(game):
    """The feature vector of `game` (see the module docstring), a new float32 array."""
    snake, cells = game.snake, game.cells
    vector = np.zeros(len(FEATURES), dtype=np.float32)
    room = Room(game)
    head, fruit = snake.head(), game.fruit.last_generate
    for d in DIRECTIONS:
        if not snake.is_safe_move(snake.direction() if snake.is_reversal(d) else d):
            vector[d] = 1.0
        else:
            vector[4 + d] = room.around(moved_to(snake, d)) / cells
        if fruit is not None and toward(head, fruit, d):
            vector[8 + d] = 1.0
    vector[12 + snake.direction()] = 1.0
    return vector


def toward(head, fruit, direc):
    """Whether `fruit` lies in direction `direc` of `head` (ahead of it on that axis)."""
    dx, dy = fruit[0] - head[0], fruit[1] - head[1]
    return (dy < 0, dy > 0, dx < 0, dx > 0)[direc]


@functools.lru_cache(maxsize=8)
def board_paths(width, height):
    """pather.PathSolve of a board (its bitboards), made once a board."""
    return PathSolve(width, height)


class Room:
    """The free cells of `game`, as a bitboard of pather.PathSolve, and the size of the region
    of free cells joined side by side around a free cell, each region flood-filled once. The
    tail's cell counts as free unless the snake grows on its next move."""

    def __init__(self, game):
        snake = game.snake
        self.paths = paths = board_paths(game.width, game.height)
        body = snake.cells if snake.valid() else [cell for cell in snake.cells if cell in paths.bit]  # a lost head
        self.free = paths.board & ~paths.mask(body)
        if not snake.has_eaten() and snake.tail() in paths.bit:
            self.free |= paths.bit[snake.tail()]
        self.regions = []  # (bitboard, size) of each region filled so far

    def around(self, start):
        """How many free cells the region of the free cell `start` holds."""
        bit = self.paths.bit[start]
        for region, size in self.regions:
            if region & bit:
                return size
        region = self.paths.region(self.paths.index[start], self.free)
        self.regions.append((region, bin(region).count("1")))  # int.bit_count is Python 3.10's
        return self.regions[-1][1]
