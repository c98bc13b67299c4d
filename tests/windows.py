"""A small window for the window tests: its config, a stand-in autopilot that never loses,
a game with room to move, key presses and the colour of a cell on the screen."""
import pygame

import config
from window.start import App
from solver import Solver
from game import Game
from snake import DOWN, LEFT, RIGHT, UP, Snake

BLOCK = 10
W, H = 8, 6


def make_config(**changes):
    data = {"window-width": W * BLOCK, "window-height": H * BLOCK, "block-size": BLOCK,
            "speed": 0.3, "auto": False, "seed": 7}
    data.update(changes)
    return config.validate(data)


class CycleSolver(Solver):
    """A stand-in autopilot that walks one Hamiltonian cycle of the 8x6 board, so it never loses.

    Column 0 is the way back up; the other columns are swept row by row.
    """

    name = "cycle"

    def __init__(self, game):
        super().__init__(game)
        self.calls = 0
        self.pace = None  # the seconds a move the window said it waits (paced)

    def paced(self, seconds):
        self.pace = seconds

    def next_direction(self):
        self.calls += 1
        return self.move_from(self.game.snake.head())

    @staticmethod
    def move_from(cell):
        x, y = cell
        if x == 0:
            return RIGHT if y == 0 else UP
        if y % 2 == 0:
            return RIGHT if x < W - 1 else DOWN
        if x > 1:
            return LEFT
        return LEFT if y == H - 1 else DOWN

    def planned_path(self):
        cells, cell = [], self.game.snake.head()
        for _ in range(4):
            dx, dy = {UP: (0, -1), DOWN: (0, 1), LEFT: (-1, 0), RIGHT: (1, 0)}[self.move_from(cell)]
            cell = (cell[0] + dx, cell[1] + dy)
            cells.append(cell)
        return cells


def fake_solver(name, game):
    return CycleSolver(game)


def middle_game(direc=RIGHT, body=((3, 3), (2, 3), (1, 3)), fruit=(7, 5)):
    """A game with the snake in the middle of the board, so any first move is safe."""
    game = Game(W, H, 3, seed=7)
    game.restore(Snake(W, H, list(body), direc), fruit, 0, 0)
    return game


def key(k):
    return pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode="", scancode=0)


def press(app, *keys):
    for k in keys:
        app.handle(key(k))


def color(screen, cell):
    return tuple(screen.get_at((cell[0] * BLOCK + BLOCK // 2, cell[1] * BLOCK + BLOCK // 2)))[:3]


def press_q_when(monkeypatch, condition):
    """Make every window App press Q (through its event queue) as it draws a frame for which
    `condition(app)` holds: a way to end main.main's real loop from a test."""
    real_render = App.render

    def render(self):
        if condition(self):
            pygame.event.post(key(pygame.K_q))
        return real_render(self)
    monkeypatch.setattr(App, "render", render)
