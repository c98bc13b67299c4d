"""The window's keys and what each does: the one table that the help overlay (H, window/texts.py),
--help (main.py) and the README's table all say. Plain text, no pygame: --help lists the keys
without loading the window.
"""

KEY_HELP = [  # (keys, what they do)
    ("W A S D / arrows", "steer"),
    ("U", "faster"),
    ("I", "slower"),
    ("P", "pause"),
    (".", "one move, paused"),
    ("R", "new game"),
    ("Return", "autopilot on/off"),
    ("Tab", "next autopilot"),
    ("O", "planned path"),
    ("C", "hamilton's cycle"),
    ("H or F1", "help overlay"),
    ("Esc", "settings"),
    ("V", "versus play"),
    ("space", "debug log"),
    ("G", "save the finished game as a replay"),
    ("Q / close", "quit"),
]


def keys_text():
    """The closing part of --help: the in-game keys, from KEY_HELP."""
    width = max(len(keys) for keys, _ in KEY_HELP)
    return "keys in the window:\n" + "\n".join(f"  {keys:<{width}}  {does}" for keys, does in KEY_HELP)
