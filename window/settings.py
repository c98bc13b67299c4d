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
    versus   single play, or versus     off < player < each solver, as Tab goes

The width, height and length step only to values on which the snake (in versus play, both
snakes and a fruit) still fit: a step that would not fit is not taken. The values are checked
by the config's own rules (config.validate) and by the screen's room (`check`), each time one
changes; the panel shows the problem, naming each setting as the panel does, and Return
refuses while there is one. `changed()` is what differs from the values the panel opened
with: only those are saved.
"""
import config as configuration
import solvers

LINES = ("width", "height", "length", "speed", "auto", "solver", "seed", "versus")
KEYS = {"length": "initial-length"}  # a line's config key, where it is not the line's name
LABELS = {'"initial-length"': "Start length", '"window-width"': "Board width", '"window-height"': "Board height",
          '"speed"': "Speed", '"seed"': "Seed", '"solver"': "Which autopilot", '"versus"': "Versus",
          '"block-size"': "Cell size", '"auto"': "Autopilot"}  # a config key in a problem -> the panel's name
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
          "auto": lambda value, step: not value, "seed": _seed}  # and "solver", "versus": Settings.next_solver


def fits(width, height, length, versus):
    """Whether a snake of `length` (two, in versus play) and a fruit fit on a `width` x `height` board."""
    if versus is not None:
        from versus.duel import room_problem
        return room_problem(width, height, length) is None
    return 1 <= length <= width and length < width * height


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
                       "auto": auto, "solver": solver, "seed": config["seed"], "versus": config.get("versus")}
        self.opened = dict(self.values)  # the values as they were: only those changed since are saved
        self.line = 0
        self.problem = self._problem()

    def choose(self, step):
        """Up (-1) or Down (+1): the line before or after, round the panel."""
        self.line = (self.line + step) % len(LINES)

    def change(self, step):
        """Left (-1) or Right (+1): the chosen line's value; a board or length on which the snakes
        would not fit is not stepped to (the value stays)."""
        key = LINES[self.line]
        change = {"solver": self.next_solver, "versus": self.next_versus}.get(key) or CHANGE[key]
        value = change(self.values[key], step)
        after = dict(self.values, **{key: value})
        if key in ("width", "height", "length", "versus") and not fits(
                after["width"], after["height"], after["length"], after["versus"]) and fits(
                self.values["width"], self.values["height"], self.values["length"], self.values["versus"]):
            return
        self.values[key] = value
        self.problem = self._problem()

    def next_solver(self, value, step):
        """The solver before (-1) or after (+1) `value` among the choices, round the list."""
        names = self.choices
        here = names.index(value) if value in names else 0
        return names[(here + step) % len(names)]

    def next_versus(self, value, step):
        """off (None) < player < each solver, round the list."""
        names = [None, configuration.PLAYER] + self.choices
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
            "initial-length": values["length"], "speed": values["speed"], "auto": self.starts_with_autopilot(),
            "solver": values["solver"], "seed": values["seed"], "versus": values["versus"]}), "settings")
        if values["versus"] is None:
            config.pop("versus", None)
        elif not fits(width, height, values["length"], values["versus"]):
            from versus.duel import room_problem
            raise configuration.ConfigError(f"settings: versus play: {room_problem(width, height, values['length'])}")
        if self.check is not None:
            self.check(config)
        return config

    def starts_with_autopilot(self):
        """The Autopilot line's value for the config; but a change from single play into versus play
        starts with the player on snake A, as the flag --versus does, unless the line was changed
        too."""
        values, opened = self.values, self.opened
        into_versus = opened["versus"] is None and values["versus"] is not None
        return values["auto"] and not (into_versus and values["auto"] == opened["auto"])

    def saved(self):
        """What the player changed, as config.save_settings takes it: the board (None: as it was),
        and the other settings changed, by config key."""
        values, opened = self.values, self.opened
        board = (values["width"], values["height"])
        board = board if board != (opened["width"], opened["height"]) else None
        return board, {KEYS.get(key, key): values[key] for key in LINES
                       if key not in ("width", "height") and values[key] != opened[key]}

    def _problem(self):
        try:
            self.config()
        except configuration.ConfigError as e:
            line = str(e)
            line = line[len("settings: "):] if line.startswith("settings: ") else line
            for key, label in LABELS.items():
                line = line.replace(key, label)
            return line
        return None
