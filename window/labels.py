"""Boxes of text on the board: opaque, sized to the window, in the largest font that fits;
and the one line of the strip below the board.

A box holds rows: a string, or a (keys, what) pair set in two columns. Every part wraps at
word boundaries; when a window is too small for a text, the next, shorter form of it is
tried, and where none fits no box is drawn (the caption still tells). The strip shows the
first of its forms that fits on one line.
"""
import pygame

LABEL_TEXT = (30, 30, 30)  # near-black text
LABEL_BACK = (235, 235, 235)  # opaque light grey: nothing of the board shows through
LABEL_EDGE = (90, 90, 90)  # the box's one-pixel border
LABEL_PAD = 0.6  # of a line's height: the space between the text and the box edge
LABEL_MARGIN = 4  # pixels kept free between a box and the window edge
FONT_MIN = 16  # pixels: the default font keeps "12/12" apart from 14 px; 16 leaves a margin
FONT_MAX = 30  # pixels: the largest size a box starts from
FONT_PER_WIDTH = 26  # a box starts at window-width / FONT_PER_WIDTH pixels, within the bounds
COLUMN_GAP = 1.0  # of a line's height: between the two columns of a two-column row
STRIP_HEIGHT = 28  # pixels: the strip below the board
STRIP_FONT = 22  # pixels: its text
STRIP_BACK = (225, 225, 225)  # light grey, a shade darker than a box
STRIP_PAD = 6  # pixels between the strip's text and the window's left edge
_fonts = {}  # size -> pygame Font; None when fonts do not work here


def make_font(size):
    """The default pygame font at `size` pixels (cached), or None when fonts do not work here."""
    if size not in _fonts or not pygame.font.get_init():
        try:
            if not pygame.font.get_init():
                _fonts.clear()  # fonts made before pygame.quit() are dead
                pygame.font.init()
            _fonts[size] = pygame.font.Font(None, size)
        except (pygame.error, OSError, RuntimeError, NotImplementedError, AttributeError):
            _fonts[size] = None  # no font module or no default font: the caption still tells
    return _fonts[size]


KEEP = "\u00a0"  # a no-break space: the words it joins ("take over") stay on one line, shown as a space


def shown(text):
    """`text` as it is drawn: its KEEP spaces as spaces."""
    return text.replace(KEEP, " ")


def wrap(font, text, width):
    """Split `text` into lines no wider than `width` pixels, at spaces only (never at a KEEP);
    None if one word is too wide."""
    lines, line = [], ""
    for word in (w for w in text.split(" ") if w):
        candidate = f"{line} {word}" if line else word
        if font.size(shown(candidate))[0] <= width:
            line = candidate
        elif line and font.size(shown(word))[0] <= width:
            lines.append(shown(line))
            line = word
        else:
            return None
    return lines + [shown(line)]


def layout(font, rows, width):
    """Place `rows` in a box `width` pixels wide; returns [(x, y, text)] and the text's size.

    A row is a string, or a (keys, what) pair shown as two columns; every part wraps at
    word boundaries. Returns None when some word cannot fit at all.
    """
    line = font.get_linesize()
    pairs = [row for row in rows if not isinstance(row, str)]
    column = max((font.size(shown(keys))[0] for keys, _ in pairs), default=0) + round(COLUMN_GAP * line)
    if pairs and width - column < width // 2:  # too narrow for two columns: one "keys: what" line each
        return layout(font, [row if isinstance(row, str) else f"{row[0]}: {row[1]}" for row in rows], width)
    placed, y, used = [], 0, 0
    for row in rows:
        left, text, x = ("", row, 0) if isinstance(row, str) else (row[0], row[1], column)
        lines = wrap(font, text, width - x)
        if lines is None:
            return None
        if left:
            placed.append((0, y, shown(left)))
        for part in lines:
            placed.append((x, y, part))
            used = max(used, x + font.size(part)[0])
            y += line
    return placed, (used, y)


class Label:
    """An opaque box of text, where it sits on the screen, and the font size it was set in."""

    def __init__(self, surface, rect, font_size):
        self.surface = surface
        self.rect = rect
        self.font_size = font_size

    def draw(self, screen):
        """Paint the box; return its rect."""
        screen.blit(self.surface, self.rect)
        return self.rect.copy()


def make_label(size, forms, place="middle"):
    """An opaque box for a window of `size` pixels, in its middle or at its "top" or "bottom"
    edge. `forms` are the same text, longest first, each a list of rows (see layout): the box
    holds the first form that fits at a readable size, in the largest font that fits it.
    None when no form fits (a tiny window): the caption still tells."""
    width, height = size
    start = max(FONT_MIN, min(FONT_MAX, width // FONT_PER_WIDTH))
    for rows in forms:
        for font_size in range(start, FONT_MIN - 1, -1):
            font = make_font(font_size)
            if font is None:
                return None
            pad = round(LABEL_PAD * font.get_linesize())
            room = (width - 2 * (pad + LABEL_MARGIN), height - 2 * (pad + LABEL_MARGIN))
            placed = layout(font, rows, room[0]) if room[0] > 0 else None
            if placed is not None and placed[1][1] <= room[1]:
                return _render(font, font_size, placed, pad, size, place)
    return None


def _render(font, font_size, placed, pad, size, place):
    """The box surface for text `placed` by layout(), positioned on a window of `size`."""
    spots, (used, tall) = placed
    try:
        surface = pygame.Surface((used + 2 * pad, tall + 2 * pad))
        surface.fill(LABEL_BACK)
        pygame.draw.rect(surface, LABEL_EDGE, surface.get_rect(), 1)
        for x, y, text in spots:
            surface.blit(font.render(text, True, LABEL_TEXT, LABEL_BACK), (pad + x, pad + y))
    except pygame.error:
        return None
    window = pygame.Rect((0, 0), size)
    rect = surface.get_rect(center=window.center)
    if place == "top":
        rect.top = window.top + LABEL_MARGIN
    elif place == "bottom":
        rect.bottom = window.bottom - LABEL_MARGIN
    return Label(surface, rect, font_size)


def paint_strip(surface, forms):
    """Fill `surface` (the strip) and write on it the first of `forms` (one line each,
    longest first) that fits its width; none where none fits or fonts do not work."""
    surface.fill(STRIP_BACK)
    pygame.draw.line(surface, LABEL_EDGE, (0, 0), (surface.get_width() - 1, 0))
    font = make_font(STRIP_FONT)
    if font is None:
        return
    room = surface.get_width() - 2 * STRIP_PAD
    text = next((form for form in forms if font.size(form)[0] <= room), None)
    if text is None:
        return
    try:
        line = font.render(text, True, LABEL_TEXT, STRIP_BACK)
    except pygame.error:
        return
    surface.blit(line, line.get_rect(midleft=(STRIP_PAD, surface.get_height() // 2 + 1)))
