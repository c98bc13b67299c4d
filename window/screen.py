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
    asked = os.environ.get("SDL_VIDEODRIVER")
    if not asked and no_display():
        raise pygame.error("no display (neither DISPLAY nor WAYLAND_DISPLAY is set)")
    pygame.display.init()
    driver = pygame.display.get_driver()
    if not asked and driver in OFFSCREEN_DRIVERS:
        raise pygame.error(f"no display (SDL found only its {driver} driver)")
    native_framebuffer()
    pygame.display.set_caption("Snake")  # not "pygame window", even for a moment
    pygame.display.set_icon(make_icon())
    return pygame.display.set_mode((config["window-width"], config["window-height"]))


def native_framebuffer():
    """On X11, show the window through X11's own framebuffer, which copies just the rects the
    loop updates. SDL would otherwise draw it through an OpenGL texture, uploading and
    redrawing the whole window on every update, which under a software GL (Xvfb's) is most
    of the window's CPU use. (SDL reads the hint when the window surface is made.)"""
    if pygame.display.get_driver() == "x11":
        os.environ.setdefault("SDL_FRAMEBUFFER_ACCELERATION", "0")
