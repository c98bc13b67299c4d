"""Opening the game's window on the display, sized to fit it, and refusing to draw where
nobody can see it.

A board takes the room the desktop leaves once a window's frame, a title bar and a panel
have theirs (SCREEN_MARGIN), less the strip below the board; a board too big for it is
shown with smaller cells, down to MIN_CELL pixels, and the window opens centred:

    +------------------ desktop ------------------+
    |        +------- window -------+             |
    |        |  board: W x H cells  |             |
    |        |  at `block` pixels   |             |
    |        +----------------------+             |
    |        | strip                |             |
    |        +----------------------+             |
    +---------------------------------------------+
"""
import os
import sys

import pygame

import config as configuration
from drawer import make_icon

OFFSCREEN_DRIVERS = ("offscreen", "dummy")  # SDL's fallbacks when there is no display
SCREEN_MARGIN = (32, 96)  # pixels of the desktop's width and height left for frames, title bars and panels
MIN_CELL = 4  # pixels: the smallest cell a game is shown with (a replay may go down to 1)


def no_display():
    """True on a system that shows windows through X11 or Wayland but names neither display."""
    if os.name != "posix" or sys.platform == "darwin":
        return False
    return not (os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY"))


def open_window(size):
    """The game's window of `size` pixels, centred, named "snake" with its own icon; the
    same window again, resized, once it is open. Without a display SDL would fall back to
    drawing off-screen and the game would run unseen: that is refused, unless the off-screen
    driver was asked for by name (SDL_VIDEODRIVER, as the tests do)."""
    if not pygame.display.get_init():
        open_display()
    native_framebuffer()
    os.environ.setdefault("SDL_VIDEO_CENTERED", "1")  # read by pygame at each set_mode: a resized window, too
    pygame.display.set_caption("Snake")  # not "pygame window", even for a moment
    pygame.display.set_icon(make_icon())
    return pygame.display.set_mode(size)


def fit(config, below=0, smallest=MIN_CELL):
    """Pixels per cell to show `config`'s board with: its block-size, fewer where the board
    and `below` pixels under it would not fit the desktop (configuration.cell_pixels). A board
    that would need cells under `smallest` pixels is a ConfigError saying what fits."""
    if not pygame.display.get_init():
        open_display()
    width, height = configuration.board_size(config)
    desktop = desktop_size()
    room = (max(1, desktop[0] - SCREEN_MARGIN[0]), max(1, desktop[1] - SCREEN_MARGIN[1] - below))
    block = configuration.cell_pixels(config["block-size"], width, height, room)
    if block < smallest:
        raise configuration.ConfigError(
            f"a {width}x{height} board does not fit on this {desktop[0]}x{desktop[1]} screen: at {smallest} "
            f"pixels a cell it holds at most {room[0] // smallest}x{room[1] // smallest} cells")
    return block


def desktop_size():
    """The first display's desktop in pixels."""
    sizes = pygame.display.get_desktop_sizes()
    return sizes[0] if sizes else (pygame.display.Info().current_w, pygame.display.Info().current_h)


def open_display():
    """Start pygame's display, or raise pygame.error with the one line that names the display
    that could not be opened.

    With only DISPLAY set, SDL is asked for its X11 driver by name for the start: else, when no
    X server answers there, it goes on to try Wayland, which prints its own complaint about
    XDG_RUNTIME_DIR, and ends on its off-screen driver, which says nothing of the display.
    """
    asked = os.environ.get("SDL_VIDEODRIVER")
    if asked:
        pygame.display.init()
        return
    if no_display():
        raise pygame.error("no display (neither DISPLAY nor WAYLAND_DISPLAY is set)")
    display = os.environ.get("DISPLAY")
    only_x11 = display and not os.environ.get("WAYLAND_DISPLAY") and os.name == "posix" and sys.platform != "darwin"
    if only_x11:
        os.environ["SDL_VIDEODRIVER"] = "x11"
    try:
        pygame.display.init()
    except pygame.error:
        if only_x11:
            raise pygame.error(f"no X server answers at DISPLAY={display}") from None
        raise
    finally:
        if only_x11:
            del os.environ["SDL_VIDEODRIVER"]
    driver = pygame.display.get_driver()
    if driver in OFFSCREEN_DRIVERS:
        shown = ", ".join(f"{name}={os.environ[name]}" for name in ("WAYLAND_DISPLAY", "DISPLAY")
                          if os.environ.get(name))
        raise pygame.error(f"no display answers at {shown or 'the default display'} "
                           f"(SDL found only its {driver} driver)")


def native_framebuffer():
    """On X11, show the window through X11's own framebuffer, which copies just the rects the
    loop updates. SDL would otherwise draw it through an OpenGL texture, uploading and
    redrawing the whole window on every update, which under a software GL (Xvfb's) is most
    of the window's CPU use. (SDL reads the hint when the window surface is made.)"""
    if pygame.display.get_driver() == "x11":
        os.environ.setdefault("SDL_FRAMEBUFFER_ACCELERATION", "0")
