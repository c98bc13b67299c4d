"""Reading and checking config.json, and writing the window's settings back into it. Every
problem becomes one ConfigError line. No pygame here."""
import argparse
import difflib
import json
import math
import os
import re
import sys

import solvers
from files import atomic, reading

REQUIRED = ("window-width", "window-height", "block-size", "speed", "auto")
DEFAULTS = {"initial-length": 3, "seed": None, "solver": "greedy"}
OPTIONAL = ("versus",)  # optional keys a config holds only when given: absent and null are the same
KNOWN = REQUIRED + tuple(DEFAULTS) + OPTIONAL
PLAYER = "player"  # "versus": the second snake is a player's (the arrows), not a solver

SPEED_MIN, SPEED_MAX = 0.01, 2.0  # seconds per move: the bounds of the config and of U/I
MAX_WINDOW = 8192  # pixels per side; larger than any screen in use
MAX_CELLS = 1 << 20  # a board this large could not be played or searched
SEED_RULE = "a whole number 0 or more"  # for "seed" and --seed alike; Random(-5) would replay 5's games


class OneLineParser(argparse.ArgumentParser):
    """A bad flag is one line and exit code 2, like a bad config (no usage dump)."""

    def error(self, message):
        self.exit(2, f"error: {message} (see --help)\n")


class ConfigError(Exception):
    """A config problem, phrased as the one line the player sees."""


def pip_install(package):
    """The command that installs an optional `package` into the Python the game runs in (a bare
    "pip" may belong to another one)."""
    return f"{sys.executable} -m pip install {package}"


def default_path():
    """The config.json beside main.py, wherever the command is started from."""
    return os.path.join(os.path.dirname(os.path.abspath(__file__)), "config.json")


def load(path):
    """Read, parse and check the config file at `path`; return the complete config dict."""
    return validate(parse(read_text(path), path), path)


USER_FOLDER = "snake-autopilot"  # under the user's config folder


def user_path(environ=None):
    """The player's own settings, read over the shipped config.json:
    $XDG_CONFIG_HOME/snake-autopilot/config.json, else under ~/.config (XDG base dirs)."""
    environ = os.environ if environ is None else environ
    base = environ.get("XDG_CONFIG_HOME") or ""
    if not os.path.isabs(base):  # the XDG Base Directory spec: a relative value is to be ignored
        base = os.path.join(os.path.expanduser("~"), ".config")
    return os.path.join(base, USER_FOLDER, "config.json")


def load_shipped(path):
    """The checkout's own config at `path` with the player's settings (user_path) read over it: the keys
    the user file gives win. The shipped file is never written; Esc's panel writes the user file."""
    shipped = parse(read_text(path), path)
    user = user_path()
    if not os.path.exists(user):
        return validate(shipped, path)
    validate(shipped, path)  # a problem of the shipped file is named as its own
    mine = parse(read_text(user), user)
    if not isinstance(mine, dict):
        raise ConfigError(f"{user}: must be a JSON object {{...}} of the settings that differ, got {_describe(mine)}")
    return validate(dict(shipped, **mine), user)


def read_text(path):
    return _decoded(_read_bytes(path), path)


def _read_bytes(path):
    try:
        return reading.read_bytes(path)
    except reading.ReadError as e:
        raise ConfigError(str(e)) from None


def _decoded(raw, path):
    try:
        text = reading.utf8(raw, path)
    except reading.ReadError as e:
        raise ConfigError(str(e)) from None
    if not text.strip():
        raise ConfigError(f"{path}: file is empty; it needs a JSON object with {', '.join(REQUIRED)}")
    return text


def _reject_constant(name):
    raise ValueError(f"{name} is not a number JSON allows")


def _finite_float(text):
    value = float(text)
    if not math.isfinite(value):
        raise ValueError(f"{text} is too large")
    return value


def _no_duplicates(pairs):
    seen = {}
    for key, value in pairs:
        if key in seen:
            raise ValueError(f'key "{key}" appears twice')
        seen[key] = value
    return seen


def parse(text, path="config"):
    """Parse JSON text strictly: no NaN or Infinity, no key given twice."""
    try:
        return json.loads(text, parse_constant=_reject_constant, parse_float=_finite_float,
                          object_pairs_hook=_no_duplicates)
    except json.JSONDecodeError as e:
        raise ConfigError(f"{path}:{e.lineno}:{e.colno}: not valid JSON: {e.msg}") from None
    except ValueError as e:  # raised by the hooks above, or by an absurdly long number
        raise ConfigError(f"{path}: not valid JSON: {e}") from None
    except RecursionError:
        raise ConfigError(f"{path}: not valid JSON: nested too deeply") from None


def _describe(value):
    if isinstance(value, bool):
        return "true" if value else "false"
    if value is None:
        return "null"
    if isinstance(value, str):
        return f"the string {json.dumps(value)}" if len(value) <= 20 else "a string"
    if isinstance(value, (list, dict)):
        return "a list" if isinstance(value, list) else "an object"
    return str(value)


def _whole(data, key, where):
    """A whole number; 800.0 is accepted as 800, true is not a number."""
    value = data[key]
    if isinstance(value, float) and value.is_integer():
        value = int(value)
    if isinstance(value, bool) or not isinstance(value, int):
        raise ConfigError(f'{where}: "{key}" must be a whole number, got {_describe(value)}')
    return value


def _positive(data, key, where, upper):
    value = _whole(data, key, where)
    if not 0 < value <= upper:
        raise ConfigError(f'{where}: "{key}" must be between 1 and {upper}, got {value}')
    return value


def check_keys(data, where):
    if not isinstance(data, dict):
        raise ConfigError(f"{where}: must be a JSON object {{...}}, got {_describe(data)}")
    for key in data:
        if key not in KNOWN:
            close = difflib.get_close_matches(key, KNOWN, n=1, cutoff=0.6)
            hint = f' (did you mean "{close[0]}"?)' if close else f" (known keys: {', '.join(KNOWN)})"
            raise ConfigError(f"{where}: unknown key {json.dumps(key)}{hint}")
    missing = [key for key in REQUIRED if key not in data]
    if missing:
        raise ConfigError(f"{where}: missing key{'s' if len(missing) > 1 else ''} "
                          + ", ".join(f'"{k}"' for k in missing))


def size_problem(width, height):
    """Why a `width` x `height` board is too big to play ("too large (at most N cells)"), or None."""
    return f"too large (at most {MAX_CELLS} cells)" if width * height > MAX_CELLS else None


def check_board(width, height, initial_length, where):
    """The board must hold the starting snake on its top row and leave room for a fruit."""
    too_big = size_problem(width, height)
    if too_big:
        raise ConfigError(f"{where}: a {width}x{height} board is {too_big}")
    if initial_length > width:
        raise ConfigError(f'{where}: "initial-length" {initial_length} does not fit on a board '
                          f"{cells(width)} wide (the snake starts on the top row)")
    if initial_length >= width * height:
        raise ConfigError(f"{where}: a {width}x{height} board leaves no free cell for the fruit")


def cells(n):
    """ "1 cell", "16 cells": a count of cells in words."""
    return f"{n} cell" if n == 1 else f"{n} cells"


def check_seed(seed, what, or_else=""):
    """`seed` if it is SEED_RULE; else a ConfigError naming `what` (the config key or the flag)."""
    if isinstance(seed, bool) or not isinstance(seed, int) or seed < 0:
        raise ConfigError(f"{what} must be {SEED_RULE}{or_else}, got {_describe(seed)}")
    return seed


def validate(data, where="config"):
    """Check a parsed config and return it complete, with optional keys filled in."""
    check_keys(data, where)
    width = _positive(data, "window-width", where, MAX_WINDOW)
    height = _positive(data, "window-height", where, MAX_WINDOW)
    block = _positive(data, "block-size", where, MAX_WINDOW)
    if width % block or height % block:
        raise ConfigError(f'{where}: "block-size" {block} must divide both "window-width" {width} '
                          f'and "window-height" {height}')
    speed = data["speed"]
    if isinstance(speed, bool) or not isinstance(speed, (int, float)):
        raise ConfigError(f'{where}: "speed" must be a number of seconds, got {_describe(speed)}')
    if not SPEED_MIN <= speed <= SPEED_MAX:
        raise ConfigError(f'{where}: "speed" must be between {SPEED_MIN} and {SPEED_MAX} seconds, got {speed}')
    if not isinstance(data["auto"], bool):
        raise ConfigError(f'{where}: "auto" must be true or false, got {_describe(data["auto"])}')
    length = DEFAULTS["initial-length"]
    if "initial-length" in data:
        length = _positive(data, "initial-length", where, MAX_WINDOW)
    seed = data.get("seed")
    if seed is not None:
        check_seed(seed, f'{where}: "seed"', " or null")
    solver = data.get("solver", DEFAULTS["solver"])
    if not isinstance(solver, str):
        raise ConfigError(f'{where}: "solver" must be one of {", ".join(solvers.names())}, or FILE.py:CLASS or '
                          f"MODULE:CLASS, got {_describe(solver)}")
    try:
        solvers.check_ref(solver)  # its form only: main.py finds it, relative to the config's folder
    except solvers.SolverError as e:
        raise ConfigError(f'{where}: "solver": {e}') from None
    check_board(width // block, height // block, length, where)
    checked = {"window-width": width, "window-height": height, "block-size": block,
               "speed": float(speed), "auto": data["auto"], "initial-length": length,
               "seed": seed, "solver": solver}
    versus = check_versus(data.get("versus"), where)
    if versus is not None:
        checked["versus"] = versus
    return checked


def check_versus(versus, where):
    """The "versus" key: null (single play), "player", or the solver the other snake plays (its form only)."""
    if versus is None or versus == PLAYER:
        return versus
    if not isinstance(versus, str):
        raise ConfigError(f'{where}: "versus" must be null, "{PLAYER}" or a solver, got {_describe(versus)}')
    try:
        solvers.check_ref(versus)
    except solvers.SolverError as e:
        raise ConfigError(f'{where}: "versus": {e}') from None
    return versus


def board_size(config):
    """The board in cells, (W, H), derived in this one place."""
    block = config["block-size"]
    return config["window-width"] // block, config["window-height"] // block


def cell_pixels(block, width, height, room):
    """Pixels per cell to show a `width` x `height` board in `room` (w, h) pixels: `block`, or
    fewer where the board would not fit; never under 1 (a caller that needs more checks).
    The one rule for the game's window, a replay's and a recording's."""
    return max(1, min(block, room[0] // width, room[1] // height))


# -- the window's settings, written back -----------------------------------------------------------

SETTINGS = ("initial-length", "speed", "auto", "solver", "seed", "versus")  # what the panel sets, the board aside
BOM = b"\xef\xbb\xbf"  # a UTF-8 byte-order mark, kept where the file has one


def save_settings(path, board, settings, base=None):
    """Write the board (W, H) in cells (None: as it is) and `settings` (a value for some keys of
    SETTINGS: those the player changed) into the config file at `path`, whole or not at all
    (files/atomic.replace).

    The file keeps its other keys, their order and its layout (the indentation of its
    keys, one line or many, a byte-order mark, a last newline); the board goes in at the
    file's own block-size (smaller only where a side would pass MAX_WINDOW pixels), and an
    optional key left out of the file stays out while it has its default value ("versus"
    null: out). A file that is not a valid config now is left as it is. With `base` (the
    shipped config's data), the file at `path` is the player's own (user_path): it may be
    missing, and holds only the keys that differ, checked over `base`. Returns the config as
    written; ConfigError (one line) when nothing was written.
    """
    if base is not None and not os.path.exists(path):
        raw, text, data = b"", "{}\n", {}
    else:
        raw = _read_bytes(path)
        text = _decoded(raw, path)
        data = parse(text, path)
    validate(data if base is None else dict(base, **data), path)  # a file broken since it was read is not overwritten
    updated = dict(data)
    if board is not None:
        width, height = board
        size = _whole(dict(base or {}, **data), "block-size", path)
        block = min(size, MAX_WINDOW // max(width, height, 1))
        if block != size or base is not None:
            updated["block-size"] = block
        updated.update({"window-width": width * block, "window-height": height * block})
    for key, value in settings.items():
        if value is None and key in OPTIONAL:
            updated.pop(key, None)
        elif key in data or key not in DEFAULTS or value != DEFAULTS[key] or base is not None:
            updated[key] = value
    config = validate(updated if base is None else dict(base, **updated), "the settings")
    content = json.dumps(updated, indent=_indent(text)) + ("\n" if text.endswith("\n") else "")
    content = (BOM if raw.startswith(BOM) else b"") + content.encode("utf-8")
    try:
        os.makedirs(os.path.dirname(path) or ".", exist_ok=True)
        atomic.replace(path, lambda f: f.write(content))
    except OSError as e:
        raise ConfigError(f"cannot write {path}: {e.strerror or e}") from None
    return config


def _indent(text):
    """The indentation of the first key of a JSON object laid out one key a line, or None when
    the object is on one line."""
    found = re.search(r'\{\s*?\n([ \t]*)"', text)
    return found.group(1) if found else None
