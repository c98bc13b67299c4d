"""The settings panel's values (Esc): the line chosen, each line's value, and the config they
make. No pygame here; window/panel.py changes them as the keys say, window/texts.py says them.

    line     value                      Left / Right
    width    board width in cells       one fewer / one more
    height   board height in cells      one fewer / one more
    length   the starting length        one fewer / one more
    speed    seconds per move           the next of SPEEDS down / up
    auto     the autopilot on or off    the other
    solver   which autopilot            the one before / after, as Tab goes
    seed     random, or a fixed seed    random < 0 < 1 < 2 ...

The values are checked by the config's own rules (config.validate) and by the screen's room
(`check`), each time one changes; the panel shows the problem and Return refuses while there
is one.
"""
import config as configuration
import solvers

LINES = ("width", "height", "length", "speed", "auto", "solver", "seed")
SPEEDS = (0.01, 0.02, 0.03, 0.05, 0.075, 0.1, 0.15, 0.2, 0.3, 0.4, 0.5, 0.75, 1.0, 1.5, 2.0)  # seconds per move


def _count(value, step):
    return max(1, value + step)


def _speed(value, step):
    """The next of SPEEDS above `value` (step 1) or below it (step -1); the bound at the ends."""
    if step > 0:
        return next((s for s in SPEEDS if s > value + 1e-9), SPEEDS[-1])
    return next((s for s in reversed(SPEEDS) if s < value - 1e-9), SPEEDS[0])


def _seed(value, step):
    """random (None) < 0 < 1 < 2 ..."""
    if value is None:
        return 0 if step > 0 else None
    return None if value + step < 0 else value + step


CHANGE = {"width": _count, "height": _count, "length": _count, "speed": _speed,
          "auto": lambda value, step: not value, "seed": _seed}  # and "solver": Settings.next_solver


class Settings:
    """The panel over the board: `values` by line, the `line` chosen, and the `problem` with
    them (one line, or None). `config` is the game's config they start from and change;
    `check(config)` raises ConfigError for a config the screen cannot show; `choices` are the
    solvers (refs, solvers/) the solver line goes through, as Tab does (default: the built-ins)."""

    def __init__(self, config, speed, auto, solver, check=None, choices=None):
        width, height = configuration.board_size(config)
        self.base, self.check = config, check
        self.choices = list(choices or solvers.names())
        speed = float(f"{speed:.3g}")  # U and I leave 0.24000000000000002: the file gets 0.24
        self.values = {"width": width, "height": height, "length": config["initial-length"], "speed": speed,
                       "auto": auto, "solver": solver, "seed": config["seed"]}
        self.line = 0
        self.problem = self._problem()

    def choose(self, step):
        """Up (-1) or Down (+1): the line before or after, round the panel."""
        self.line = (self.line + step) % len(LINES)

    def change(self, step):
        """Left (-1) or Right (+1): the chosen line's value."""
        key = LINES[self.line]
        change = self.next_solver if key == "solver" else CHANGE[key]
        self.values[key] = change(self.values[key], step)
        self.problem = self._problem()

    def next_solver(self, value, step):
        """The solver before (-1) or after (+1) `value` among the choices, round the list."""
        names = self.choices
        here = names.index(value) if value in names else 0
        return names[(here + step) % len(names)]

    def config(self):
        """The config these values make, checked (ConfigError): the board at the game's block
        size (smaller only where a side would pass MAX_WINDOW pixels)."""
        values = self.values
        width, height = values["width"], values["height"]
        block = min(self.base["block-size"], configuration.MAX_WINDOW // max(width, height))
        config = configuration.validate(dict(self.base, **{
            "window-width": width * block, "window-height": height * block, "block-size": max(1, block),
            "initial-length": values["length"], "speed": values["speed"], "auto": values["auto"],
            "solver": values["solver"], "seed": values["seed"]}), "settings")
        if self.check is not None:
            self.check(config)
        return config

    def saved(self):
        """The values as config.save_settings takes them: the board, and the rest by key."""
        values = self.values
        return (values["width"], values["height"]), {
            "initial-length": values["length"], "speed": values["speed"], "auto": values["auto"],
            "solver": values["solver"], "seed": values["seed"]}

    def _problem(self):
        try:
            self.config()
        except configuration.ConfigError as e:
            line = str(e)
            return line[len("settings: "):] if line.startswith("settings: ") else line
        return None
