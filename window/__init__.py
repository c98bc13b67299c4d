"""The pygame window: a game played by hand or by an autopilot, or a replay played back.

    start.py     the way in: the window's config from the flags, a game played, a replay
    app.py       App: one game on screen, what the keys do to it, the autopilot and the clock
    keys.py      which key (or event) calls which of App's actions: in a game, in the settings panel
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
"""
from window.start import (App, ReplayApp, app_class, check_side, play, play_replay, reopened,  # noqa: F401
                          room_problem, versus_start, window_config)
