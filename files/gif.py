"""Recording a game as an animated GIF, drawn by the window's own drawers off screen.

pygame comes in only through drawer.py, and Pillow is imported only when a GIF is
written, so the game runs without it. The game is played again from its replay (the
listed fruits, the recorded moves) on an off-screen board, and the GIF is written frame by
frame as it goes, so memory stays flat however long the game. The first frame is the
whole board. Every later frame is only the box around the cells that changed since the
frame before, and inside the box each pixel that did not change is CLEAR, the frame's
transparent colour, which the frame before shows through (long runs of one colour cost
LZW almost nothing):

    frame k-1         frame k: one box       on screen after frame k
    . . . . . .                              . . . . . .
    t o o o H .       . + + + o H            . t o o o H
    . . . . . .                              . . . . . .
    (t tail, o body, H head, + transparent: unchanged)

Pillow's `save(append_images=...)` would keep every full frame in memory until the end,
so the frames go through its GIF encoder one at a time (`GifImagePlugin.getheader` and
`getdata`).
"""
import os
import time

import config as configuration
import drawer
from files import atomic
from files.replay import LETTER_DIRECTION, MAX_ROOM, PILLOW_MISSING, ReplayError
from play import Drive

MAX_FRAMES = 2000  # the automatic frame step keeps a recording to at most this many frames
MIN_FRAME_CS = 2  # hundredths of a second: browsers show shorter GIF frames for 0.1 s instead
HOLD_CS = 200  # the last frame stays 2 s before the GIF starts again
LOOP_FOREVER = 0  # the GIF's loop count that means "for ever"


def pillow():
    """Pillow's Image and GIF modules; a missing Pillow is one ReplayError line."""
    try:
        from PIL import GifImagePlugin, Image
    except ImportError:
        raise ReplayError(PILLOW_MISSING) from None
    return Image, GifImagePlugin


def auto_every(moves):
    """The frame step for a game of `moves` moves: 1, or just enough for MAX_FRAMES frames."""
    return max(1, -(-moves // MAX_FRAMES))


def frame_count(moves, every):
    """Frames of a recording: the start, one every `every` moves, and the end."""
    return 1 + -(-moves // every)


def frames(replay, cell, every):
    """Play `replay` on an off-screen board of `cell`-pixel cells; yield (box, pixels) per frame.

    The first frame is the whole board; the next ones come every `every` moves and after
    the last move, each with only the cells that changed (see changed_pixels).
    """
    surface = drawer.offscreen((replay.width * cell, replay.height * cell))
    config = {"block-size": cell}
    game = replay.start()
    snake_drawer = drawer.SnakeDrawer(surface, config, game.snake)
    fruit_drawer = drawer.FruitDrawer(surface, config, game.fruit)
    whole = drawer.BoardDrawer(surface, config, snake_drawer, fruit_drawer).draw()
    yield whole, drawer.palette_pixels(surface, whole)
    dirty = []

    def advance():
        dirty.extend(snake_drawer.next())

    drive = Drive(game, advance=advance)
    last = len(replay.moves)
    for n, letter in enumerate(replay.moves, 1):
        if drive.move(LETTER_DIRECTION[letter]):
            fruit = fruit_drawer.draw()  # the new fruit appears on the same tick, as in the window
            if fruit is not None:
                dirty.append(fruit)
        if n % every == 0 or n == last:
            yield drawer.changed_pixels(surface, dirty)
            dirty.clear()


def write_gif(replay, path, cell, seconds, every=None):
    """Write `replay` as an animated GIF at `path`, never replacing a file; return (frames, every,
    the seconds it plays for).

    Each frame shows for `seconds` (at least 0.02 s); the last one for at least 2 s.
    """
    image_module, gif = pillow()
    every = every or auto_every(len(replay.moves))
    total = frame_count(len(replay.moves), every)
    frame_ms = 10 * max(MIN_FRAME_CS, round(seconds * 100))
    hold_ms = max(frame_ms, 10 * HOLD_CS)
    palette = b"".join(bytes(color) for color in drawer.PALETTE)
    clear = drawer.PALETTE.index(drawer.CLEAR)

    def fill(f):
        for index, (box, pixels) in enumerate(frames(replay, cell, every)):
            image = image_module.frombytes("P", box.size, pixels)
            image.putpalette(palette)
            params = {"duration": hold_ms if index == total - 1 else frame_ms}
            if index == 0:
                header, _ = gif.getheader(image, info={"loop": LOOP_FOREVER})
                f.write(b"".join(header))
            else:
                params["transparency"] = clear
            f.write(b"".join(gif.getdata(image, offset=box.topleft, **params)))
        f.write(b";")  # the GIF's trailer

    directory, name = os.path.split(os.path.abspath(path))
    try:
        atomic.create(directory, fill, [name])
    except FileExistsError:
        raise ReplayError(f"{path} already exists; a recording never replaces a file") from None
    except OSError as e:
        raise ReplayError(f"cannot write {path}: {e.strerror or e}") from None
    return total, every, ((total - 1) * frame_ms + hold_ms) / 1000


def save_as_asked(replay, args, config):
    """--record OUT.gif with --record-every, --record-speed and --record-cell, where given."""
    return save(replay, args.record, config, args.record_every, args.record_speed, args.record_cell)


def save(replay, path, config, every=None, seconds=None, cell=None):
    """Draw `replay` into a GIF at `path`; return the line that says what was written.

    By default the cells are the config's block-size (smaller on a board that would be more
    than replay.MAX_SIDE pixels long) and each frame shows for the config's speed.
    """
    cell = cell or configuration.cell_pixels(config["block-size"], replay.width, replay.height, MAX_ROOM)
    seconds = seconds if seconds is not None else config["speed"]
    started = time.perf_counter()
    count, every, plays = write_gif(replay, path, cell, seconds, every)
    took = time.perf_counter() - started
    size = os.path.getsize(path)
    return (f"recorded {path}: a GIF that plays for {plays:,.1f} s, {count} frames "
            f"({'every move' if every == 1 else f'one every {every} moves'}), "
            f"{replay.width * cell}x{replay.height * cell} pixels, {size / 1000:.0f} kB (made in {took:.1f} s)")
