"""The pygame window: a game played by hand or by an autopilot, or a replay played back.

    start.py     the way in: the window's config from the flags, a game played, a replay
    app.py       App: one game on screen, what the keys do to it, the autopilot and the clock
    keys.py      which key (or event) calls which of App's actions: in a game, in the settings panel
    actions.py   what each key does to the App: steer, pause, speed, new game, the autopilot, saves
    loop.py      the real loop: events, a move when the clock says so, painting, the wait
    texts.py     what the board and the caption say
    overlays.py  what O and C draw over the board: the planned path, the cycle
    canvas.py    painting only what changed: the board, the boxes of text on top, the strip below
    labels.py    boxes of text sized to the window, and the strip's line
    saves.py     the files the window writes: best scores, debug log, replay, GIF
    screen.py    opening the window on the display, with cells small enough to fit it
    panel.py     the settings panel (Esc): opening it, changing a value, applying and saving them
    settings.py  the settings panel's values, checked by the config's rules
    playback.py  ReplayApp: a replay file played back
    versus.py    VersusApp: two snakes on one board, the player against a solver or another player
    key_help.py  the keys and what each does: the help overlay's table and --help's, no pygame

The package itself imports nothing: `window.key_help` is read by --help without pygame, and
the modules that draw (window/*, drawer.py, snake_env/render.py) import the package before
pygame, so the environment pygame reads is set first. PYGAME_HIDE_SUPPORT_PROMPT is read
when pygame is imported: without it pygame prints a greeting on stdout, which belongs to
the game's own lines (the headless figures, a script's output). The window class is read
when the display starts. Each is a default: a value already in the environment wins.
"""
import os

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
os.environ.setdefault("SDL_VIDEO_X11_WMCLASS", "snake")  # the window's class on X11 (else "main.py")
os.environ.setdefault("SDL_VIDEO_WAYLAND_WMCLASS", "snake")  # its app id on Wayland
