"""The window's picture: the board with its drawers, the cycle's lines, the path dots and the
boxes of text, and the strip below the board that says the length and the moves.

    +----------------------+  the board: a subsurface at the window's top left, so the
    |  board (W x H cells) |  drawers and the boxes measure it alone, and their rects
    |  boxes of text       |  are the window's own
    +----------------------+
    | length 5/192  ...    |  the strip: labels.STRIP_HEIGHT pixels, painted when its text changes
    +----------------------+

Each frame paints only what is still unpainted and returns those rects, for
`pygame.display.update`: the cells a move changed, the cells whose lines of the cycle
changed, the path dots that moved, a box of text wherever a changed cell lies under it, and
the strip when its text changed. The whole
window is painted again only when there is no other way: a new game, an expose, or a box
put up or taken down.
"""
import dataclasses

import pygame

from drawer import SNAKE_COLOURS, BoardDrawer, Floor, FruitDrawer, MarkDrawer, PairDrawer, PathDrawer, SnakeDrawer
from window.labels import STRIP_HEIGHT, make_label, paint_strip

# How much a box of text at an edge must not cover each kind of cell: it goes where what it covers
# weighs least (the top, the bottom, else the middle), and away from snake A's head on a tie.
COVERED_WEIGHT = {"mark": 4, "head": 3, "fruit": 2}


@dataclasses.dataclass(frozen=True)
class Scene:
    """What a frame shows, worked out from the App's state (window/texts.py says the words):
    the box of text on the board and a short note, each (place, forms) or (); the cells to
    dot with the plan; the lines on the board (drawer.lines: the same dict object while
    they stay the same); the strip's forms, longest first; the window's caption; and the cells
    ringed where a game was lost."""

    box: tuple
    note: tuple
    path: list
    ways: dict
    strip: tuple
    caption: str
    marks: tuple = ()


def shared_forms(note, box):
    """The forms of one box holding a note above a box of text: each of the box's forms under each
    of the note's, longest first."""
    return tuple(first + then for then in box for first in note)


class Canvas:
    """Paints one game at a time on `screen`: the board at the config's block size, with
    the strip below it."""

    def __init__(self, screen, config):
        self.screen, self.config = screen, config
        block = config["block-size"]
        width, height = config["window-width"] // block * block, config["window-height"] // block * block
        self.surface = screen.subsurface((0, 0, width, height))  # the board
        self.strip_rect = pygame.Rect(0, height, screen.get_width(), screen.get_height() - height)
        self.strip = screen.subsurface(self.strip_rect)
        self.caption = None  # the window's caption, as last set
        self.texts = ()  # the box of text on the board now, as Texts.board() gave it
        self.note = ()  # the note on the board now, as Texts.note() gave it
        self.marks = ()  # the cells ringed now
        self.labels = []  # and the two as drawn
        self.strip_text = None  # the strip's forms, as last painted

    @staticmethod
    def window_size(width, height, block):
        """The window's pixels for a `width` x `height` board at `block` pixels a cell."""
        return width * block, height * block + STRIP_HEIGHT

    def new_game(self, game):
        """Drawers for `game`; the next frame paints the whole window."""
        self.game = game
        self.floor = Floor(self.surface, self.config)
        self.snake_drawer = SnakeDrawer(self.surface, self.config, game.snake, self.floor)
        self.fruit_drawer = FruitDrawer(self.surface, self.config, game.fruit, self.floor)
        self.board = BoardDrawer(self.surface, self.config, self.snake_drawer, self.fruit_drawer)
        self.path_drawer = PathDrawer(self.surface, self.config)
        self.mark_drawer = MarkDrawer(self.surface, self.config)
        self.dirty = []  # rects painted since the last frame
        self.full_repaint = True

    def heads(self):
        """The heads a box of text should leave in view, snake A's first."""
        return [self.game.snake.head()]

    def advance(self):
        """Move the snake through its drawer, which repaints the cells that changed."""
        self.dirty.extend(self.snake_drawer.next())

    def fruit_appeared(self):
        """Paint the new fruit (it appears on the tick the last one was eaten)."""
        rect = self.fruit_drawer.draw()
        if rect is not None:
            self.dirty.append(rect)

    def frame(self, scene):
        """Paint what `scene` shows that is still unpainted and return the rects to show: the
        cells that changed, or the whole window on a full repaint (start, restart, expose, a
        box of text put up or taken down). A box stays on top of the cells that change under it."""
        if (scene.box, scene.note, scene.marks) != (self.texts, self.note, self.marks):
            self.full_repaint = True
        if self.full_repaint:
            self.full_repaint = False
            self.dirty = []
            self.floor.lay(scene.ways)
            self.board.draw()
            self.path_drawer.draw(scene.path)
            self.mark_drawer.draw(scene.marks)
            self.texts, self.note, self.marks = scene.box, scene.note, scene.marks
            self.labels = self.make_labels(scene.box, scene.note)
            for label in self.labels:
                label.draw(self.surface)
            self.paint_strip(scene.strip)
            rects = [self.screen.get_rect()]
        else:
            rects, self.dirty = self.dirty, []
            if scene.ways is not self.floor.ways:
                rects.extend(self.board.cell(c) for c in self.floor.lay(scene.ways))
            rects.extend(self.move_path(scene.path))
            rects.extend([label.draw(self.surface) for label in self.labels if label.rect.collidelist(rects) != -1])
            if scene.strip != self.strip_text:
                rects.append(self.paint_strip(scene.strip))
        if scene.caption != self.caption:
            pygame.display.set_caption(scene.caption)
            self.caption = scene.caption
        return rects

    def paint_strip(self, forms):
        """Paint the strip with `forms`; its rect on the window."""
        paint_strip(self.strip, forms)
        self.strip_text = forms
        return self.strip_rect.copy()

    def make_labels(self, box, note):
        """The box of text and the note: each in the middle, or at the edge where it covers the
        least of the play (edge_for); a note and a box both at the edge share one box, the note
        on top (shared_forms), and a note that fits in no form of it leaves the box alone shown
        (the caption tells the note)."""
        if note and box and note[0] == box[0] == "edge":
            label = self.edge_for(shared_forms(note[1], box[1])) or self.edge_for(box[1])
            return [label] if label is not None else []
        boxes = [b for b in (note, box) if b]
        labels = []
        for place, forms in boxes:
            label = self.edge_for(forms) if place == "edge" else make_label(self.surface.get_size(), forms, place)
            if label is not None:
                labels.append(label)
        return labels

    def edge_for(self, forms):
        """The box of `forms` that covers least of what matters (COVERED_WEIGHT: the ringed cells,
        the heads, the fruit): the longest form that fits and covers no more than any shorter one,
        at the place where it covers least (placed); None when no form fits."""
        best = None
        for form in forms:
            placed = self.placed(form)
            if placed is not None and (best is None or placed[0] < best[0]):
                best = placed
            if best is not None and best[0] == 0:
                break
        return best[1] if best is not None else None

    def placed(self, form):
        """(how much it covers, the box) of the one `form` at the top or the bottom edge, or else in
        the middle, whichever covers least; on a tie, the edge away from A's head. None when the
        form does not fit the window."""
        head_row = self.heads()[0][1]
        away = "top" if head_row >= self.game.height / 2 else "bottom"
        best = None
        for place in (away, "bottom" if away == "top" else "top", "middle"):
            label = make_label(self.surface.get_size(), (form,), place)
            if label is None:
                return None
            covered = self.covered(label.rect)
            if best is None or covered < best[0]:
                best = (covered, label)
        return best

    def covered(self, rect):
        """How much of what matters the box at `rect` covers (COVERED_WEIGHT)."""
        block = self.config["block-size"]
        cells = [("mark", c) for c in self.marks] + [("head", c) for c in self.heads()]
        fruit = self.game.fruit.last_generate
        if fruit is not None:
            cells.append(("fruit", fruit))
        return sum(COVERED_WEIGHT[kind] for kind, (x, y) in cells
                   if rect.colliderect(pygame.Rect(x * block, y * block, block, block)))

    def move_path(self, new):
        """Move the path dots to the cells `new`; returns the cells repainted."""
        old = self.path_drawer.cells
        if not old and not new:
            return []
        keep = set(new)
        rects = [self.board.cell(c) for c in old if c not in keep]
        return rects + self.path_drawer.draw(new)


class DuelCanvas(Canvas):
    """The canvas of a versus round: both snakes (B in its own colours), the fruit, and the moves
    of a tick repainted once both snakes moved (drawer.PairDrawer)."""

    def new_game(self, game):
        self.game = game
        self.floor = Floor(self.surface, self.config)
        drawers = [SnakeDrawer(self.surface, self.config, snake, self.floor, colours)
                   for snake, colours in zip(game.snakes, SNAKE_COLOURS)]
        self.snake_drawer = drawers[0]
        self.fruit_drawer = FruitDrawer(self.surface, self.config, game.fruit, self.floor)
        self.board = PairDrawer(self.surface, self.config, drawers, self.fruit_drawer)
        self.advances = (lambda: self.board.advance(0), lambda: self.board.advance(1))  # Duel.step's
        self.path_drawer = PathDrawer(self.surface, self.config)
        self.mark_drawer = MarkDrawer(self.surface, self.config)
        self.dirty = []
        self.full_repaint = True

    def heads(self):
        return [snake.head() for snake in self.game.snakes]

    def settle(self):
        """Repaint what both snakes' moves changed."""
        self.dirty.extend(self.board.settle())
