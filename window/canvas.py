"""The window's board: the drawers of the game on screen, the path dots and the box of text.

Each frame paints only what is still unpainted and returns those rects, for
`pygame.display.update`: the cells a move changed, the path dots that moved, and a box of
text wherever a changed cell lies under it. The whole window is painted again only when
there is no other way: a new game, an expose, or a box put up or taken down.
"""
import pygame

from drawer import BoardDrawer, FruitDrawer, PathDrawer, SnakeDrawer
from window.labels import make_label


class Canvas:
    """Paints one game at a time on `screen`, at the config's block size."""

    def __init__(self, screen, config):
        self.screen, self.config = screen, config
        self.caption = None  # the window's caption, as last set
        self.texts = ()  # the box of text on the board now, as Texts.board() gave it
        self.labels = []  # and as drawn

    def new_game(self, game):
        """Drawers for `game`; the next frame paints the whole window."""
        self.game = game
        self.snake_drawer = SnakeDrawer(self.screen, self.config, game.snake)
        self.fruit_drawer = FruitDrawer(self.screen, self.config, game.fruit)
        self.board = BoardDrawer(self.screen, self.config, self.snake_drawer, self.fruit_drawer)
        self.path_drawer = PathDrawer(self.screen, self.config)
        self.dirty = []  # rects painted since the last frame
        self.full_repaint = True

    def advance(self):
        """Move the snake through its drawer, which repaints the cells that changed."""
        self.dirty.extend(self.snake_drawer.next())

    def fruit_appeared(self):
        """Paint the new fruit (it appears on the tick the last one was eaten)."""
        rect = self.fruit_drawer.draw()
        if rect is not None:
            self.dirty.append(rect)

    def frame(self, texts, path, caption):
        """Paint what is still unpainted and return the rects to show: the cells that changed,
        or the whole window on a full repaint (start, restart, expose, a box of text put up or
        taken down). A box stays on top of the cells that change under it. `path`: the cells
        to dot; `caption`: the window's title."""
        if texts != self.texts:
            self.full_repaint = True
        if self.full_repaint:
            self.full_repaint = False
            self.dirty = []
            rects = [self.board.draw()]
            self.path_drawer.draw(path)
            self.texts = texts
            self.labels = self.make_labels(texts)
            for label in self.labels:
                label.draw(self.screen)
        else:
            rects, self.dirty = self.dirty, []
            rects.extend(self.move_path(path))
            rects.extend([label.draw(self.screen) for label in self.labels if label.rect.collidelist(rects) != -1])
        if caption != self.caption:
            pygame.display.set_caption(caption)
            self.caption = caption
        return rects

    def make_labels(self, texts):
        """The box for `texts`: at the edge away from the head, or in the middle."""
        if not texts:
            return []
        place, forms = texts
        if place == "edge":
            head_row = self.game.snake.head()[1]
            place = "top" if head_row >= self.game.height / 2 else "bottom"
        label = make_label(self.screen.get_size(), forms, place)
        return [label] if label is not None else []

    def move_path(self, new):
        """Move the path dots to the cells `new`; returns the cells repainted."""
        old = self.path_drawer.cells
        if not old and not new:
            return []
        keep = set(new)
        rects = [self.board.cell(c) for c in old if c not in keep]
        return rects + self.path_drawer.draw(new)
