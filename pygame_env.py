"""The environment pygame reads, set before pygame is imported: every module that imports pygame
(window/, drawer.py, snake_env/render.py) imports this one first.

PYGAME_HIDE_SUPPORT_PROMPT is read when pygame is imported: without it pygame prints a
greeting on stdout, which belongs to the game's own lines (the headless figures, a script's
output). The window class is read when the display starts. Each is a default: a value already
in the environment wins.
"""
import os

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
os.environ.setdefault("SDL_VIDEO_X11_WMCLASS", "snake")  # the window's class on X11 (else "main.py")
os.environ.setdefault("SDL_VIDEO_WAYLAND_WMCLASS", "snake")  # its app id on Wayland
