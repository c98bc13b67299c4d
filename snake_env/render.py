"""The environment's game drawn by the game's own drawers (drawer.py): pixels for rgb_array,
the game's window for human. The only module of snake_env that imports pygame, imported
only when a render mode asks for it.

Both are painted as the window paints: the whole board at a new game, then each move only
the cells it changed (the drawer's `next` moves the snake: it is Drive's advance), and the
new fruit on the move that ate.

    Picture (rgb_array)  an off-screen board (a pygame Surface of 24-bit RGB: no display, no
                         window), its bytes copied into a numpy array
    Window (human)       the game's window (window/screen.py opens it, window/canvas.py
                         paints the board and the strip below it), at RENDER_FPS moves a
                         second; where no display answers, drawn off screen with a warning
"""
import os
import time

import numpy as np
import window  # noqa: F401  (first: it sets the environment pygame reads; a script's stdout is its own)
import pygame

import drawer


class Picture:
    """The board of a `width` x `height` game at `block` pixels a cell, painted off screen
    (`fps` is the window's: a picture is drawn when asked)."""

    def __init__(self, width, height, block, fps=None):
        self.surface = pygame.Surface((width * block, height * block), 0, 24)  # needs no display
        self.config = {"block-size": block}
        self.shape = (height * block, width * block, 3)

    def new_game(self, game):
        """Drawers for `game`, and the whole board painted."""
        self.snake_drawer = drawer.SnakeDrawer(self.surface, self.config, game.snake)
        self.fruit_drawer = drawer.FruitDrawer(self.surface, self.config, game.fruit)
        drawer.BoardDrawer(self.surface, self.config, self.snake_drawer, self.fruit_drawer).draw()

    def advance(self):
        """Move the snake, repainting the cells that changed (Drive's advance)."""
        self.snake_drawer.next()

    def fruit_appeared(self):
        self.fruit_drawer.draw()

    def show(self, game, ended):
        """The board's pixels: a new uint8 array (height, width, 3)."""
        pixels = np.frombuffer(pygame.image.tobytes(self.surface, "RGB"), dtype=np.uint8)
        return pixels.reshape(self.shape).copy()  # writable, as numpy arrays usually are

    def close(self):
        """Nothing to close: nothing was shown."""


class Window:
    """The game's window showing a `width` x `height` game, its cells `block` pixels or fewer
    (to fit the screen), with the strip below the board, `fps` moves a second at most.

    pygame has one display a process, so of several envs made with render_mode="human" the
    window shows one game at a time, the last one drawn: a Window whose display another env
    has taken (by opening its own window, or closing the display) opens its window again at
    its next frame and paints its game whole. Closing the window stops the showing, not the game."""

    showing = None  # the Window whose game the display shows now

    def __init__(self, width, height, block, fps):
        self.width, self.height, self.block = width, height, block
        self.seconds = 1 / fps
        self.next_frame = time.monotonic()
        self.open = True
        self.game = self.canvas = None
        self._open_window()

    def _open_window(self):
        """Open the display if it is not, and the window at this board's size, on a new Canvas."""
        from window import screen  # the window's own opening of the display
        from window.canvas import Canvas
        from window.labels import STRIP_HEIGHT

        open_display(screen)
        config = {"block-size": self.block, "window-width": self.width * self.block,
                  "window-height": self.height * self.block}
        block = screen.fit(config, STRIP_HEIGHT, smallest=1)
        config = {"block-size": block, "window-width": self.width * block, "window-height": self.height * block}
        self.canvas = Canvas(screen.open_window(Canvas.window_size(self.width, self.height, block)), config)
        Window.showing = self

    def _shown(self):
        """Whether the display is open and shows this window."""
        return Window.showing is self and pygame.display.get_init()

    def new_game(self, game):
        self.game = game
        if self.open:
            if not self._shown():
                self._open_window()
            self.canvas.new_game(game)

    def advance(self):
        """Move the snake, repainting the cells that changed; while the window is closed, or
        another env's shows, only move it."""
        if self.open and self._shown():
            self.canvas.advance()
        else:
            self.game.snake.next()

    def fruit_appeared(self):
        if self.open and self._shown():
            self.canvas.fruit_appeared()

    def show(self, game, ended):
        """Put what changed on the window, once the last frame has been shown 1/fps seconds;
        closing the window stops the showing, not the game."""
        from window.canvas import Scene

        if not self.open:
            return None
        if not self._shown():  # another env's window took the display: this one's again, painted whole
            self._open_window()
            self.canvas.new_game(game)
        if any(event.type == pygame.QUIT for event in pygame.event.get()):
            self.close()
            return None
        state = ended or "playing"
        length = f"length {len(game.snake)}/{game.cells}"
        strip = (f"{length}   {game.steps:,} moves   {state}", f"{length}   {state}", length)
        scene = Scene(box=(), note=(), path=[], ways={}, strip=strip,
                      caption=f"Snake - environment - {length} - {state}")
        rects = self.canvas.frame(scene)
        time.sleep(max(0.0, self.next_frame - time.monotonic()))
        pygame.display.update(rects)
        self.next_frame = time.monotonic() + self.seconds
        return None

    def close(self):
        """Stop showing; the display closes with it when it shows this window (not another env's)."""
        if self.open:
            self.open = False
            if self._shown():
                Window.showing = None
                pygame.display.quit()


def open_display(screen):
    """Start pygame's display for the window; where none answers, SDL's off-screen driver
    instead, with a warning: a script made with render_mode="human" on a server (Gymnasium's
    check_env makes one) runs on, drawing where nobody sees."""
    if pygame.display.get_init():
        return
    try:
        screen.open_display()
        return
    except pygame.error as e:
        import gymnasium

        gymnasium.logger.warn(f"render_mode='human': {e}; the window is drawn where nobody sees it "
                              "(render_mode='rgb_array' needs no display)")
    os.environ["SDL_VIDEODRIVER"] = "dummy"  # read at the display's start only
    try:
        pygame.display.init()
    finally:
        del os.environ["SDL_VIDEODRIVER"]
