"""One game of Snake: the rules of a tick, the steering queue and the outcome. No pygame here.

The window, the headless benchmark and the tests all play through this class, so the
rules live in one place. A game also keeps its own history, the fruits in the order they
appeared and one direction per tick, which is all a replay file needs (replay.py).
"""
import enum
import random
from collections import deque

from fruit import Fruit, ListedFruit
from snake import Snake, Direction, OPPOSITE


class State(str, enum.Enum):
    """Where a game stands (Game.state). A str enum whose values, and str(), are the words
    the replays, the results and the debug logs write, so a state read back from one of
    them compares equal to its member."""

    PLAYING = "playing"
    WON = "won"
    LOST = "lost"

    def __str__(self):
        return self.value


PLAYING, WON, LOST = State.PLAYING, State.WON, State.LOST
MAX_QUEUED_TURNS = 3  # steering keys remembered ahead of the ticks; more would only lag


class Game:
    """A `width` x `height` board with a snake of `initial_length` and a fruit.

    `fruit_list`, a list of cells, replaces the random fruits: a replay places the ones it
    lists, and a cell it cannot place raises fruit.FruitListError.
    History: `fruits` lists every fruit that appeared, first fruit first; `moves` holds the
    direction of every tick (a byte each, cheap enough for the benchmark's loop);
    `from_start` is False once `restore` put the game at a moment with no such history.
    """

    def __init__(self, width, height, initial_length=3, seed=None, fruit_list=None):
        self.width = width
        self.height = height
        self.initial_length = initial_length
        self.seed = seed if seed is not None else random.randrange(2 ** 32)
        self.rng = random.Random(self.seed)
        self.snake = Snake.starting(width, height, initial_length)
        if fruit_list is None:
            self.fruit = Fruit(width, height, self.snake.at, self.rng)
        else:
            self.fruit = ListedFruit(width, height, self.snake.at, fruit_list)
        self.steps = 0
        self.eaten = 0
        self.state = PLAYING
        self.turns = deque()
        self.moves = bytearray()
        self.fruits = []
        self.from_start = True
        if self.fruit.where() is not None:
            self.fruits.append(self.fruit.last_generate)
        if self.fruit.last_generate is None:  # a snake that fills the board has won already
            self.state = WON

    def restore(self, snake, fruit_cell, steps, eaten):
        """Put the game into a saved moment (a debug log being replayed)."""
        self.snake = snake
        self.fruit.occupied = snake.at
        self.fruit.place(fruit_cell)
        self.steps, self.eaten = steps, eaten
        self.turns.clear()
        self.from_start = False  # the moves that led here are unknown
        self.state = PLAYING if fruit_cell is not None else WON
        if not snake.valid():
            self.state = LOST

    @property
    def cells(self):
        return self.width * self.height

    def over(self):
        return self.state != PLAYING

    def crash(self):
        """The cell where a lost game was lost: the head, or, for a head that left the board, the
        last cell it held."""
        snake = self.snake
        return snake.head() if snake.on_board(snake.head()) else (snake.neck() or snake.head())

    def queue_turn(self, direc):
        """Remember a steering key; each queued turn is applied on its own tick.

        A key that would reverse the snake, or repeats the heading it will already have,
        is dropped here, so tapping W then A while heading right goes up, then left.
        """
        direc = Direction(direc)
        last = self.turns[-1] if self.turns else self.snake.direction()
        if direc == last or len(self.turns) >= MAX_QUEUED_TURNS:
            return
        if self.turns:
            if len(self.snake) > 1 and direc == OPPOSITE[last]:
                return
        elif self.snake.is_reversal(direc):
            return
        self.turns.append(direc)

    def clear_turns(self):
        self.turns.clear()

    def step(self, advance=None):
        """Play one tick; `advance` moves the snake (the window passes its drawer's `next`).

        Returns True when the snake ate on this tick.
        """
        if self.state != PLAYING:
            return False
        if self.turns:
            self.snake.turn(self.turns.popleft())
        ate = self.snake.next_head() == self.fruit.where()
        if ate:
            self.snake.eat_fruit()
        (advance or self.snake.next)()
        self.steps += 1
        self.moves.append(self.snake.direction())  # the direction actually moved
        if not self.snake.valid():
            self.state = LOST
            return False
        if ate:
            self.eaten += 1
            if len(self.snake) == self.cells:
                self.fruit.place(None)
                self.state = WON
            else:
                self.fruits.append(self.fruit.generate())
        return ate
