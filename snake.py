"""The snake: its body, its direction and the rules of one move. No pygame here."""
from collections import deque
from enum import IntEnum


class Direction(IntEnum):
    """Absolute directions; the values double as list indices."""
    UP = 0
    DOWN = 1
    LEFT = 2
    RIGHT = 3


UP, DOWN, LEFT, RIGHT = Direction.UP, Direction.DOWN, Direction.LEFT, Direction.RIGHT
DIRECTIONS = (UP, DOWN, LEFT, RIGHT)
DELTA = ((0, -1), (0, 1), (-1, 0), (1, 0))  # (dx, dy) indexed by direction; y grows downwards
OPPOSITE = (DOWN, UP, RIGHT, LEFT)  # indexed by direction
NAMES = ("up", "down", "left", "right")


def step(cell, direc):
    """The cell one move from `cell` in direction `direc`."""
    dx, dy = DELTA[direc]
    return (cell[0] + dx, cell[1] + dy)


def direction_between(a, b):
    """The direction of the move from cell `a` to the adjacent cell `b`."""
    return DELTA.index((b[0] - a[0], b[1] - a[1]))


def body_fault(body, width, height, head_may_clash=False):
    """What makes `body` (cells, head first) impossible on the board, or None if nothing.

    `head_may_clash` allows the head alone off the board or on the body: a lost game.
    """
    checked = body[1:] if head_may_clash else body
    if len(set(checked)) != len(checked):
        return "the body crosses itself"
    for x, y in checked:
        if not (0 <= x < width and 0 <= y < height):
            return f"body cell {(x, y)} is off the board"
    for a, b in zip(body, body[1:]):
        if abs(a[0] - b[0]) + abs(a[1] - b[1]) != 1:
            return f"body cells {a} and {b} are not adjacent"
    return None


class Snake:
    """A snake on a `width` x `height` board; `body` lists cells head first."""

    def __init__(self, width, height, body, direction=RIGHT):
        self.width = width
        self.height = height
        self.body = deque(tuple(c) for c in body)
        self.cells = set(self.body)  # O(1) `at()`; body cells are unique while the snake is valid
        self._direction = Direction(direction)
        self._has_eaten = False
        self._bitten = len(self.cells) != len(self.body)

    @classmethod
    def starting(cls, width, height, length):
        """The start of the spec: top-left corner, heading right, head at (length-1, 0)."""
        return cls(width, height, [(x, 0) for x in range(length - 1, -1, -1)], RIGHT)

    def copy(self):
        """An independent snake in the same state (the solver's virtual snake)."""
        other = Snake.__new__(Snake)
        other.width, other.height = self.width, self.height
        other.body = deque(self.body)
        other.cells = set(self.cells)
        other._direction = self._direction
        other._has_eaten = self._has_eaten
        other._bitten = self._bitten
        return other

    def take_on(self, other):
        """Become `other` in place: its body, heading and owed growth (whoever holds this snake,
        as a solver's copy of the game does, sees the change)."""
        if self.body != other.body:
            self.body.clear()
            self.body.extend(other.body)
            self.cells.clear()
            self.cells.update(other.cells)
        self.width, self.height = other.width, other.height
        self._direction, self._has_eaten, self._bitten = other._direction, other._has_eaten, other._bitten

    def differs(self, other):
        """What of this snake differs from `other`, in a few words; None when nothing does."""
        if self.body != other.body or self.cells != other.cells or self._bitten != other._bitten:
            return "the snake's body"
        if (self._direction, self._has_eaten) != (other._direction, other._has_eaten):
            return "the snake's heading"
        if (self.width, self.height) != (other.width, other.height):
            return "the board"
        return None

    def __len__(self):
        return len(self.body)

    def head(self):
        return self.body[0]

    def tail(self):
        return self.body[-1]

    def neck(self):
        """The segment behind the head, or None for a snake of length 1."""
        return self.body[1] if len(self.body) > 1 else None

    def direction(self):
        return self._direction

    def has_eaten(self):
        return self._has_eaten

    def next_head(self):
        return step(self.body[0], self._direction)

    def is_reversal(self, direc):
        """Whether moving in `direc` would put the head onto its own neck."""
        return len(self.body) > 1 and step(self.body[0], direc) == self.body[1]

    def turn(self, direc):
        """Head in absolute direction `direc`; a turn back onto the neck is ignored."""
        if not self.is_reversal(direc):
            self._direction = direc if type(direc) is Direction else Direction(direc)  # the enum's call is slow

    def eat_fruit(self):
        """The next move keeps the tail, so the snake grows by one."""
        self._has_eaten = True

    def next(self):
        """Move one cell; the cell the tail leaves is free before the head arrives."""
        new_head = self.next_head()
        if self._has_eaten:
            self._has_eaten = False
        else:
            self.cells.discard(self.body.pop())
        if new_head in self.cells:
            self._bitten = True
        self.body.appendleft(new_head)
        self.cells.add(new_head)

    def on_board(self, cell):
        return 0 <= cell[0] < self.width and 0 <= cell[1] < self.height

    def valid(self):
        """False once the head has left the board or landed on the body."""
        return not self._bitten and self.on_board(self.body[0])

    def at(self, cell):
        return tuple(cell) in self.cells

    def is_safe_move(self, direc):
        """Whether moving in `direc` now keeps the snake alive (the tail's cell counts as free)."""
        cell = step(self.body[0], direc)
        if not self.on_board(cell) or self.is_reversal(direc):
            return False
        if cell not in self.cells:
            return True
        return cell == self.body[-1] and not self._has_eaten  # the tail moves on, unless growing
