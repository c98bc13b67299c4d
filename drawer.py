"""Painting the board with pygame: the whole board once, then only the cells a tick changed.

Every drawing call returns the rectangles it touched, so the loop can hand exactly those
to `pygame.display.update`, which then copies only those. Nothing here reads keys or decides a move.

A snake you can follow: each segment is a square inset in its cell, and each square is
joined by a bridge to the segments just before and after it in the snake. Two body cells
side by side that are not neighbours in the snake get no bridge: a white gap of twice the
inset runs between them. The tail is a thinner square, so the snake has a visible end.

    one segment (block b, inset e)     a tail t, body o, head H, and a gap between
    +-------------+                    two runs that lie side by side
    |      e      |                    +-----+-----+-----+
    |   +-----+   |                    |  t=====o=====o  |
    | e |     |=====  half a bridge    +-----+-----+--|--+
    |   +-----+   |   toward the next  |  H=====o=====o  |
    |             |   segment          +-----+-----+-----+
    +-------------+

A cell is painted on its own (background, square, the half-bridges toward its neighbours
in the snake), so repainting one cell never touches another, and a tick repaints only the
cells whose picture changed: the new head, the old head, the vacated tail and the new tail.

The background may carry lines (Floor): the Hamiltonian cycle an autopilot follows, and
where its route leaves it. A line joins the centres of two cells side by side, drawn as a
half in each, so it too is painted cell by cell, under the snake and the fruit:

    +---------+---------+
    |         |         |
    |    +====|====+    |    half a line in each cell, from its centre to the side
    |    "    |         |    they share (LINE_PART of a cell wide)
    +----"----+---------+

The same drawers paint recordings (files/gif.py) on an off-screen board with a palette.
"""
import window  # noqa: F401  (first: the package sets the environment pygame reads)
import pygame

from snake import DELTA, DOWN, LEFT, RIGHT, UP, Snake

WHITE = (255, 255, 255)  # background
BLACK = (0, 0, 0)  # snake body
RED = (255, 0, 0)  # snake head
GREEN = (0, 255, 0)  # fruit
BLUE = (0, 90, 255)  # the autopilot's planned path, drawn as dots on top of the board
VIOLET = (170, 130, 240)  # the Hamiltonian cycle the autopilot follows, a line under the snake and the fruit
ORANGE = (255, 150, 0)  # where the autopilot's route leaves that cycle: its shortcut
CLEAR = (255, 0, 255)  # painted nowhere: a recording's frames mark unchanged pixels with it
PALETTE = (WHITE, BLACK, RED, GREEN, CLEAR)  # an off-screen board's colours, in palette order
B_BODY = (30, 100, 230)  # versus: snake B's body, blue ...
B_HEAD = (255, 150, 0)  # ... and its head, orange: both apart from A's black and red down to 4-pixel cells
MARK = (150, 0, 150)  # the ring round the cell where a game or a round was lost
VERSUS_PALETTE = PALETTE + (B_BODY, B_HEAD, MARK)  # a versus recording's colours: single play's, then B's
SNAKE_COLOURS = ((BLACK, RED), (B_BODY, B_HEAD))  # (body, head) of snake A (the single game's) and snake B

SEGMENT_INSET = 0.2  # of a block: the white margin around a segment's square
TAIL_INSET = 0.34  # of a block: the tail's thinner square
MIN_INSET_BLOCK = 4  # pixels: smaller cells are filled whole (no room for a gap)
PATH_DOT = 4  # the path dot is 1/PATH_DOT of a cell wide
LINE_PART = 7  # a line of the Floor is 1/LINE_PART of a cell wide (at least a pixel)
ICON_BLOCK = 20  # pixels per cell of the window icon, a 3x3 board: 60x60 pixels
ICON_SNAKE = [(1, 2), (2, 2), (2, 1), (2, 0), (1, 0), (0, 0)]  # head first, heading left
ICON_FRUIT = (0, 2)  # just ahead of the head


class Drawer:
    """Paints block-sized cells on `screen`; the one place cells become pixels."""

    def __init__(self, screen, config, floor=None):
        self.blk = int(config["block-size"])
        self.rect = pygame.Rect(0, 0, self.blk, self.blk)  # moved to each cell, never reallocated
        self.screen = screen
        self.floor = floor  # the Floor under the snake and the fruit; None: plain white
        roomy = self.blk >= MIN_INSET_BLOCK
        self.inset = max(1, round(self.blk * SEGMENT_INSET)) if roomy else 0
        self.tail_inset = max(self.inset + 1, round(self.blk * TAIL_INSET)) if roomy else 0

    def _to_left_top(self, x, y):
        """The pixel corner of cell (x, y)."""
        return (x * self.blk, y * self.blk)

    def _basic_draw(self, x, y, color):
        """Fill cell (x, y) with `color`; return a copy of the rect touched."""
        self.rect.topleft = self._to_left_top(x, y)
        self.screen.fill(color, self.rect)
        return self.rect.copy()

    def _clear(self, cell):
        """Paint `cell` as the board has it with nothing on it; return a copy of its rect."""
        if self.floor is None:
            return self._basic_draw(*cell, WHITE)
        return self.floor.paint(cell)

    def _segment(self, cell, color, inset, sides):
        """Clear `cell`, paint a square inset by `inset` pixels and a half-bridge toward each
        direction in `sides`; return the cell's rect."""
        rect = self._clear(cell)
        side = self.blk - 2 * inset
        self.screen.fill(color, (rect.x + inset, rect.y + inset, side, side))
        for direc in sides:
            self.screen.fill(color, self._half_bridge(rect, inset, direc))
        return rect

    def _half_bridge(self, rect, inset, direc):
        """The strip between a square inset by `inset` and the cell edge in `direc`."""
        side, far = self.blk - 2 * inset, self.blk - inset
        x, y, w, h = {UP: (inset, 0, side, inset), DOWN: (inset, far, side, inset),
                      LEFT: (0, inset, inset, side), RIGHT: (far, inset, inset, side)}[direc]
        return (rect.x + x, rect.y + y, w, h)

    def on_screen(self, cell):
        width, height = self.screen.get_size()
        return 0 <= cell[0] * self.blk < width and 0 <= cell[1] * self.blk < height


def toward(a, b):
    """The direction from cell `a` to cell `b`, or None when they are not side by side."""
    delta = (b[0] - a[0], b[1] - a[1])
    return DELTA.index(delta) if delta in DELTA else None


class SnakeDrawer(Drawer):
    """Paints `snake` in `colours` (body, head), and moves it so that only the changed cells are
    repainted."""

    def __init__(self, screen, config, snake, floor=None, colours=SNAKE_COLOURS[0]):
        super().__init__(screen, config, floor)
        self.snake = snake
        self.body_colour, self.head_colour = colours
        self.dirty = []  # the rects the last next() touched

    def head_index(self):
        """The segment painted red: the head, or the neck where a head left the board (a
        lost game keeps its head red where it crashed)."""
        body = self.snake.body
        return 0 if len(body) == 1 or self.on_screen(body[0]) else 1

    def index_of(self, cell):
        """The index of `cell` in the body (the head when the head bit the body), or None
        when the snake is not there. The cells a tick changes are found at the ends."""
        body = self.snake.body
        if not self.snake.at(cell):
            return None
        for i in (0, 1, len(body) - 1, len(body) - 2):
            if 0 <= i < len(body) and body[i] == cell:
                return i
        return body.index(cell)

    def paint(self, i):
        """Paint segment `i` as it looks now: red head, black body, thinner black tail, each
        bridged to its neighbours in the snake. Returns the cell's rect."""
        body = self.snake.body
        head = self.head_index()
        sides = [toward(body[i], body[j]) for j in (i - 1, i + 1) if head <= j < len(body)]
        sides = [direc for direc in sides if direc is not None]
        if i == head:
            color, inset = self.head_colour, self.inset
        elif i == len(body) - 1:
            color, inset = self.body_colour, self.tail_inset
        else:
            color, inset = self.body_colour, self.inset
        return self._segment(body[i], color, inset, sides)

    def repaint(self, cell):
        """Repaint `cell` as the snake has it now (background when the snake is not there)."""
        i = self.index_of(cell)
        if i is None or i < self.head_index():
            return self._clear(cell)
        return self.paint(i)

    def draw(self):
        """Paint the whole snake, the head last (on top of a body it bit). Returns the rects."""
        body = self.snake.body
        head = self.head_index()
        order = list(range(len(body) - 1, head, -1)) + [head]
        return [self.paint(i) for i in order if self.on_screen(body[i])]

    def next(self):
        """Move the snake one cell and repaint the cells whose picture changed: the new head,
        the old head (now the neck), and unless the snake grew, the vacated tail cell and the
        new tail. A head that left the board is not painted; the old one stays red."""
        dirty, seen = [], set()
        for cell in self.moved():
            if cell not in seen:
                seen.add(cell)
                dirty.append(self.repaint(cell))
        self.dirty = dirty
        return dirty

    def moved(self):
        """Move the snake one cell; the cells on the board whose picture changed (see next), to
        repaint. Two snakes on one board are repainted together, once both moved (PairDrawer)."""
        snake = self.snake
        old_head, old_tail = snake.head(), snake.tail()
        grew = snake.has_eaten()
        snake.next()
        cells = [old_head, snake.head()] if self.on_screen(snake.head()) else []
        if not grew:
            cells = [old_tail, snake.tail()] + cells
        return [cell for cell in cells if self.on_screen(cell)]


class FruitDrawer(Drawer):
    """Paints the fruit: a green disc."""

    def __init__(self, screen, config, fruit, floor=None):
        super().__init__(screen, config, floor)
        self.fruit = fruit

    def draw(self):
        """Paint the fruit at `fruit.where()`; return its rect, or None when there is no fruit."""
        cell = self.fruit.where()
        if cell is None:
            return None
        return self.paint(cell)

    def paint(self, cell):
        rect = self._clear(cell) if self.inset else self._basic_draw(*cell, GREEN)
        if self.inset:
            pygame.draw.circle(self.screen, GREEN, rect.center, self.blk // 2 - self.inset)
        return rect


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


class Floor(Drawer):
    """The board under the snake and the fruit: white, with lines through the cells where
    `ways` says (see the module docstring)."""

    def __init__(self, screen, config):
        super().__init__(screen, config)
        self.ways = {}  # cell -> ((direction, colour), ...): the half-lines on it
        self.width = max(1, self.blk // LINE_PART)
        self.near = (self.blk - self.width) // 2  # from a cell's side to its line

    def paint(self, cell):
        """Paint `cell` white with its half-lines; return a copy of its rect."""
        rect = self._basic_draw(*cell, WHITE)
        for direc, colour in self.ways.get(cell, ()):
            self.screen.fill(colour, self._half_line(rect, direc))
        return rect

    def _half_line(self, rect, direc):
        """The strip from the centre of the cell at `rect` to its side in `direc`."""
        near, wide, far = self.near, self.width, self.blk - self.near
        x, y, w, h = {UP: (near, 0, wide, near + wide), DOWN: (near, near, wide, far),
                      LEFT: (0, near, near + wide, wide), RIGHT: (near, near, far, wide)}[direc]
        return (rect.x + x, rect.y + y, w, h)

    def lay(self, ways):
        """Show `ways` from now on; returns the cells whose lines changed, to be repainted."""
        old, self.ways = self.ways, ways
        return [cell for cell in old.keys() | ways.keys() if old.get(cell) != ways.get(cell)]


def lines(cycle, route):
    """The ways a Floor shows for `cycle` (cells in order round it, or None) in VIOLET and, when
    `route` (cells, the head first) leaves it somewhere, a shortcut, the whole route in ORANGE
    (where it leaves the violet line is where it cuts across)."""
    if not cycle:
        return {}
    after = dict(zip(cycle, cycle[1:] + cycle[:1]))
    sides = {}
    for a, b in after.items():
        if toward(a, b) is not None:
            sides.setdefault(a, {})[toward(a, b)] = VIOLET
            sides.setdefault(b, {})[toward(b, a)] = VIOLET
    moves = [(a, b) for a, b in zip(route, route[1:]) if toward(a, b) is not None]
    if any(after.get(a) != b for a, b in moves):
        for a, b in moves:
            sides.setdefault(a, {})[toward(a, b)] = ORANGE
            sides.setdefault(b, {})[toward(b, a)] = ORANGE
    return {cell: tuple(sorted(ways.items())) for cell, ways in sides.items()}


class BoardDrawer(Drawer):
    """The whole board at once: the start, a restart, or after a message is taken down."""

    def __init__(self, screen, config, snake_drawer, fruit_drawer):
        super().__init__(screen, config, snake_drawer.floor)
        self.snake_drawer = snake_drawer
        self.fruit_drawer = fruit_drawer

    def draw(self):
        """Paint background, fruit and snake; return the rect of the whole window."""
        self.screen.fill(WHITE)
        if self.floor is not None:
            for cell in self.floor.ways:
                self.floor.paint(cell)
        self.fruit_drawer.draw()
        self.snake_drawer.draw()
        return self.screen.get_rect()

    def cell(self, cell):
        """Repaint one cell as the board has it now (used to take a path dot off)."""
        cell = tuple(cell)
        if self.snake_drawer.index_of(cell) is None and self.fruit_drawer.fruit.last_generate == cell:
            return self.fruit_drawer.paint(cell)
        return self.snake_drawer.repaint(cell)


class PairDrawer(BoardDrawer):
    """Two snakes and a fruit on one board (versus): the whole board, or one cell as either snake,
    the fruit or the floor has it. A snake's moves are noted (`advance`) and the cells repainted
    once both moved (`settle`), so a cell one snake's tail left and the other's head took is
    painted as the head."""

    def __init__(self, screen, config, snake_drawers, fruit_drawer):
        super().__init__(screen, config, snake_drawers[0], fruit_drawer)
        self.snake_drawers = snake_drawers
        self.changed = []

    def draw(self):
        rect = super().draw()
        self.snake_drawers[1].draw()
        self.snake_drawers[0].draw()  # A's red head on top, as single play has it
        return rect

    def advance(self, side):
        """Move snake `side` (0 A, 1 B) and note the cells to repaint."""
        self.changed.extend(self.snake_drawers[side].moved())

    def settle(self):
        """Repaint the cells the moves since the last call changed; their rects."""
        cells, self.changed = list(dict.fromkeys(self.changed)), []
        return [self.cell(c) for c in cells]

    def cell(self, cell):
        """Repaint one cell: a head first (one that ran into a body is shown where it hit), then a
        body, the fruit, or the floor."""
        cell = tuple(cell)
        found = [(drawer, drawer.index_of(cell)) for drawer in self.snake_drawers]
        found = [(i != drawer.head_index(), drawer, i) for drawer, i in found
                 if i is not None and i >= drawer.head_index()]
        if found:
            _, drawer, i = min(found, key=lambda item: item[0])
            return drawer.paint(i)
        if self.fruit_drawer.fruit.last_generate == cell:
            return self.fruit_drawer.paint(cell)
        return self._clear(cell)


class MarkDrawer(Drawer):
    """A ring round the cell where a game or a round was lost, over whatever lies there."""

    def draw(self, cells):
        """Ring each of `cells`; the rects touched."""
        rects = []
        width = max(1, self.blk // 8)
        for cell in cells:
            if self.on_screen(cell):
                self.rect.topleft = self._to_left_top(*cell)
                pygame.draw.rect(self.screen, MARK, self.rect, width)
                rects.append(self.rect.copy())
        return rects


def make_icon():
    """The window's icon, painted by the game's own drawers: a snake bending toward a fruit.

        t o o
        . . o
        * H o
    """
    surface = pygame.Surface((3 * ICON_BLOCK, 3 * ICON_BLOCK))
    surface.fill(WHITE)
    config = {"block-size": ICON_BLOCK}
    SnakeDrawer(surface, config, Snake(3, 3, ICON_SNAKE, LEFT)).draw()
    FruitDrawer(surface, config, None).paint(ICON_FRUIT)
    return surface


# -- off-screen boards, for recordings -------------------------------------------------------

def offscreen(size, palette=PALETTE):
    """A board of `size` pixels that is never shown, one byte a pixel: an index into `palette`
    (PALETTE; a versus recording's is VERSUS_PALETTE, which begins with it).

    No display is needed. The drawers paint on it as on the window; a colour maps to its
    palette index (the unused entries repeat WHITE, which the first index already is).
    """
    surface = pygame.Surface(size, 0, 8)
    surface.set_palette(list(palette) + [palette[0]] * (256 - len(palette)))
    return surface


def palette_pixels(surface, rect):
    """The palette indices of `rect` on an offscreen() board, row by row."""
    return pygame.image.tobytes(surface.subsurface(rect), "P")


def changed_pixels(surface, rects, palette=PALETTE):
    """The box around `rects` on an offscreen() board, and its pixels with CLEAR outside the rects.

    Shown over the previous picture with CLEAR as transparent, the box changes just the
    rects. No rects (nothing changed) gives one CLEAR pixel.
    """
    box = rects[0].unionall(rects[1:]).clip(surface.get_rect()) if rects else pygame.Rect(0, 0, 1, 1)
    patch = offscreen(box.size, palette)
    patch.fill(CLEAR)
    for rect in rects:
        patch.blit(surface, (rect.x - box.x, rect.y - box.y), rect)
    return box, palette_pixels(patch, patch.get_rect())
