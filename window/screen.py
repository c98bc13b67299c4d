"""Opening the game's window on the display, and refusing to draw where nobody can see it."""
import os
import sys

import pygame

from drawer import make_icon

OFFSCREEN_DRIVERS = ("offscreen", "dummy")  # SDL's fallbacks when there is no display


def no_display():
    """True on a system that shows windows through X11 or Wayland but names neither display."""
    if os.name != "posix" or sys.platform == "darwin":
        return False
    return not (os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY"))


def open_window(config):
    """The game's window, named "snake" with its own icon. Without a display SDL would fall
    back to drawing off-screen and the game would run unseen: that is refused, unless the
    off-screen driver was asked for by name (SDL_VIDEODRIVER, as the tests do)."""
    open_display()
    native_framebuffer()
    pygame.display.set_caption("Snake")  # not "pygame window", even for a moment
    pygame.display.set_icon(make_icon())
    return pygame.display.set_mode((config["window-width"], config["window-height"]))


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
    redrawing the whole window on every update: 8 ms of CPU each under Xvfb's software GL,
    most of the window's CPU use. (SDL reads the hint when the window surface is made.)"""
    if pygame.display.get_driver() == "x11":
        os.environ.setdefault("SDL_FRAMEBUFFER_ACCELERATION", "0")
