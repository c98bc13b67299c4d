"""Painting the board with pygame: the whole board once, then only the cells a tick changed.

Every drawing call returns the rectangles it touched, so the loop can hand exactly those
to `pygame.display.update` (report §5.4). Nothing here reads keys or decides a move.
The same drawers paint recordings (record.py) on an off-screen board with a palette.
"""
import pygame

WHITE = (255, 255, 255)  # background
BLACK = (0, 0, 0)  # snake body
RED = (255, 0, 0)  # snake head
GREEN = (0, 255, 0)  # fruit
BLUE = (0, 90, 255)  # the autopilot's planned path, drawn as dots on top of the board
CLEAR = (255, 0, 255)  # painted nowhere: a recording's frames mark unchanged pixels with it
PALETTE = (WHITE, BLACK, RED, GREEN, CLEAR)  # an off-screen board's colours, in palette order

PATH_DOT = 4  # the path dot is 1/PATH_DOT of a cell wide
BANNER_TEXT = (40, 40, 40)  # dark grey message text
BANNER_BACK = (225, 225, 225, 210)  # translucent light grey: the board shows through the message box
BANNER_PAD = 8  # pixels between the message and the edge of its box


class Drawer:
    """Paints block-sized cells on `screen`; the one place cells become pixels."""

    def __init__(self, screen, config):
        self.blk = int(config["block-size"])
        self.rect = pygame.Rect(0, 0, self.blk, self.blk)  # moved to each cell, never reallocated
        self.screen = screen

    def _to_left_top(self, x, y):
        """The pixel corner of cell (x, y)."""
        return (x * self.blk, y * self.blk)

    def _basic_draw(self, x, y, color):
        """Fill cell (x, y) with `color`; return a copy of the rect touched."""
        self.rect.topleft = self._to_left_top(x, y)
        self.screen.fill(color, self.rect)
        return self.rect.copy()

    def on_screen(self, cell):
        width, height = self.screen.get_size()
        return 0 <= cell[0] * self.blk < width and 0 <= cell[1] * self.blk < height


class SnakeDrawer(Drawer):
    """Paints `snake`, and moves it so that only the changed cells are repainted."""

    def __init__(self, screen, config, snake):
        super().__init__(screen, config)
        self.snake = snake
        self.dirty = []  # the rects the last next() touched

    def draw(self):
        """Paint the whole snake: body black, head red. Returns the rects touched."""
        body = list(self.snake.body)
        rects = [self._basic_draw(x, y, BLACK) for x, y in body[1:] if self.on_screen((x, y))]
        # A head that left the board (a lost game) stays red where it crashed, as next() leaves it.
        head = body[0] if self.on_screen(body[0]) or len(body) == 1 else body[1]
        if self.on_screen(head):
            rects.append(self._basic_draw(*head, RED))
        return rects

    def next(self):
        """Move the snake one cell and repaint what moved: at most three cells."""
        snake = self.snake
        old_head, old_tail = snake.head(), snake.tail()
        snake.next()
        head = snake.head()
        dirty = []
        if old_tail != old_head and old_tail != head and not snake.at(old_tail):
            dirty.append(self._basic_draw(*old_tail, WHITE))  # the cell the tail left
        if not self.on_screen(head):
            # The head left the board (the game is lost): keep the old head red where it crashed.
            self.dirty = dirty
            return dirty
        if old_head != head:
            # The old head is body now, or, for a snake of one cell, the cell it left.
            dirty.append(self._basic_draw(*old_head, BLACK if snake.at(old_head) else WHITE))
        dirty.append(self._basic_draw(*head, RED))
        self.dirty = dirty
        return dirty


class FruitDrawer(Drawer):
    """Paints the fruit."""

    def __init__(self, screen, config, fruit):
        super().__init__(screen, config)
        self.fruit = fruit

    def draw(self):
        """Paint the fruit at `fruit.where()`; return its rect, or None when there is no fruit."""
        cell = self.fruit.where()
        if cell is None:
            return None
        return self._basic_draw(*cell, GREEN)


class PathDrawer(Drawer):
    """Overlays a list of cells (the autopilot's plan) as small dots, and takes them off again."""

    def __init__(self, screen, config):
        super().__init__(screen, config)
        self.cells = []  # the cells with a dot on them now
        side = max(1, self.blk // PATH_DOT)
        self.dot = pygame.Rect(0, 0, side, side)

    def draw(self, cells):
        """Put a dot on each of `cells`; return the rects touched."""
        rects = []
        for x, y in cells:
            if not self.on_screen((x, y)):
                continue
            self.rect.topleft = self._to_left_top(x, y)
            self.dot.center = self.rect.center
            self.screen.fill(BLUE, self.dot)
            rects.append(self.rect.copy())
        self.cells = [tuple(c) for c in cells if self.on_screen(c)]
        return rects


class BoardDrawer(Drawer):
    """The whole board at once: the start, a restart, or after a message is taken down."""

    def __init__(self, screen, config, snake_drawer, fruit_drawer):
        super().__init__(screen, config)
        self.snake_drawer = snake_drawer
        self.fruit_drawer = fruit_drawer

    def draw(self):
        """Paint background, fruit and snake; return the rect of the whole window."""
        self.screen.fill(WHITE)
        self.fruit_drawer.draw()
        self.snake_drawer.draw()
        return self.screen.get_rect()

    def cell(self, cell):
        """Repaint one cell as the board has it now (used to take a path dot off)."""
        snake = self.snake_drawer.snake
        if snake.head() == tuple(cell):
            color = RED
        elif snake.at(cell):
            color = BLACK
        elif self.fruit_drawer.fruit.last_generate == tuple(cell):
            color = GREEN
        else:
            color = WHITE
        return self._basic_draw(*cell, color)


def make_font(size):
    """The default pygame font at `size` pixels, or None when fonts do not work here."""
    try:
        if not pygame.font.get_init():
            pygame.font.init()
        return pygame.font.Font(None, size)
    except (pygame.error, OSError, RuntimeError, NotImplementedError, AttributeError):
        return None  # no font module or no default font: the caption still tells the state


def draw_banner(screen, font, text):
    """A message in a translucent box at the middle of the screen; returns its rect, or None."""
    if font is None or not text:
        return None
    try:
        label = font.render(text, True, BANNER_TEXT)
    except pygame.error:
        return None
    box = pygame.Surface((label.get_width() + 2 * BANNER_PAD, label.get_height() + 2 * BANNER_PAD),
                         pygame.SRCALPHA)
    box.fill(BANNER_BACK)
    box.blit(label, (BANNER_PAD, BANNER_PAD))
    rect = box.get_rect(center=screen.get_rect().center)
    screen.blit(box, rect)
    return rect.clip(screen.get_rect())


# -- off-screen boards, for recordings -------------------------------------------------------

def offscreen(size):
    """A board of `size` pixels that is never shown, one byte a pixel: an index into PALETTE.

    No display is needed. The drawers paint on it as on the window; a colour maps to its
    palette index (the unused entries repeat WHITE, which the first index already is).
    """
    surface = pygame.Surface(size, 0, 8)
    surface.set_palette(list(PALETTE) + [PALETTE[0]] * (256 - len(PALETTE)))
    return surface


def palette_pixels(surface, rect):
    """The palette indices of `rect` on an offscreen() board, row by row."""
    return pygame.image.tobytes(surface.subsurface(rect), "P")


def changed_pixels(surface, rects):
    """The box around `rects` on an offscreen() board, and its pixels with CLEAR outside the rects.

    Shown over the previous picture with CLEAR as transparent, the box changes just the
    rects. No rects (nothing changed) gives one CLEAR pixel.
    """
    box = rects[0].unionall(rects[1:]).clip(surface.get_rect()) if rects else pygame.Rect(0, 0, 1, 1)
    patch = offscreen(box.size)
    patch.fill(CLEAR)
    for rect in rects:
        patch.blit(surface, (rect.x - box.x, rect.y - box.y), rect)
    return box, palette_pixels(patch, patch.get_rect())
