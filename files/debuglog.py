"""The space key's debug log: the whole moment as JSON, written whole (atomic.py), and read back with --load.

No pygame here. The file is JSON so `--load` can replay it exactly, laid out for a person:
the ASCII picture of the board near the top, one key per line, one cell per line as [x, y].

    {
      "format": "snake-debug-log/1",
      ...
      "picture": [
        "..........",
        "..ooH..*..",
        "..o.......",
        "..t......."
      ],
      "body": [
        [4, 1],
        [3, 1],
        [2, 1],
        [2, 2],
        [2, 3]
      ],
      ...
    }
"""
import hashlib
import json
import os

import config as configuration
from files import atomic
from game import Game
from snake import Direction, NAMES, Snake, body_fault

FORMAT = "snake-debug-log/1"
HASH_CHARS = 12  # of the SHA-1 of the content: unique enough for one person's logs
INDENT = "  "  # per level of the log's JSON


class DebugLogError(Exception):
    """A log that could not be written or read, phrased as one line."""


def picture(game):
    """The board as text rows: H head, o body, t tail, * fruit, . free."""
    rows = [["."] * game.width for _ in range(game.height)]
    fruit = game.fruit.last_generate
    if fruit is not None:
        rows[fruit[1]][fruit[0]] = "*"
    for x, y in game.snake.body:
        if game.snake.on_board((x, y)):
            rows[y][x] = "o"
    tail, head = game.snake.tail(), game.snake.head()
    for cell, mark in ((tail, "t"), (head, "H")):
        if game.snake.on_board(cell):
            rows[cell[1]][cell[0]] = mark
    return ["".join(row) for row in rows]


def snapshot(game, config, solver=None, autopilot=None):
    """Everything needed to understand and replay the moment, as plain JSON data."""
    version, state, gauss = game.rng.getstate()
    return {  # in the order a person reads: the moment and its picture first
        "format": FORMAT,
        "board": f"{game.width}x{game.height}",
        "state": game.state,
        "step": game.steps,
        "length": len(game.snake),
        "eaten": game.eaten,
        "direction": NAMES[game.snake.direction()],
        "fruit": list(game.fruit.last_generate) if game.fruit.last_generate else None,
        "picture": picture(game),
        "body": [list(cell) for cell in game.snake.body],
        "queued_turns": [NAMES[d] for d in game.turns],
        "seed": game.seed,
        "autopilot": {
            "on": bool(config.get("auto")) if autopilot is None else autopilot,
            "solver": getattr(solver, "name", config.get("solver")),
            "decision": _said(getattr(solver, "decision", None)),
        },
        "config": config,
        "rng_state": [version, list(state), gauss],
    }


def _said(decision):
    """An autopilot's decision (autopilot.Decision) as JSON data, or None."""
    return None if decision is None else decision.to_json()


def to_text(value, indent=""):
    """JSON laid out for reading: a list of plain numbers (a cell) on one line, any other
    list or object one item per line. json.loads reads it back as `value`."""
    inner = indent + INDENT
    if isinstance(value, dict) and value:
        items = [f"{inner}{json.dumps(key)}: {to_text(item, inner)}" for key, item in value.items()]
        return "{\n" + ",\n".join(items) + "\n" + indent + "}"
    if isinstance(value, list) and any(isinstance(item, (list, dict, str)) for item in value):
        items = [inner + to_text(item, inner) for item in value]
        return "[\n" + ",\n".join(items) + "\n" + indent + "]"
    return json.dumps(value)


def _encode(data):
    return (to_text(data) + "\n").encode("utf-8")


def write(game, config, solver=None, directory=".", autopilot=None):
    """Write output_<hash>.log in `directory` whole or not at all; return its path.

    An existing file is never replaced: the same moment gives the same hash, so a second
    press finds the log already there and says so through the returned path.
    """
    content = _encode(snapshot(game, config, solver, autopilot))
    name = f"output_{hashlib.sha1(content).hexdigest()[:HASH_CHARS]}.log"
    try:
        return atomic.create(directory, lambda f: f.write(content), [name], same=lambda path: True)[0]
    except OSError as e:
        raise DebugLogError(f"cannot write debug log in {os.path.abspath(directory)}: "
                            f"{e.strerror or e}") from None


def _cell(value, what, path):
    if (not isinstance(value, list) or len(value) != 2
            or not all(isinstance(v, int) and not isinstance(v, bool) for v in value)):
        raise DebugLogError(f"{path}: {what} must be a pair of whole numbers, got {value!r:.40}")
    return (value[0], value[1])


def _field(data, key, kind, path):
    value = data.get(key)
    if not isinstance(value, kind) or isinstance(value, bool) and kind is not bool:
        raise DebugLogError(f'{path}: "{key}" is missing or of the wrong type')
    return value


def _check_body(body, width, height, path):
    if not body:
        raise DebugLogError(f"{path}: the snake has no body")
    fault = body_fault(body, width, height, head_may_clash=True)  # a lost game's head may clash
    if fault:
        raise DebugLogError(f"{path}: {fault}")


def load(path):
    """Read a debug log back as (config, game), the game at the logged moment."""
    try:
        with open(path, "rb") as f:
            data = json.loads(f.read().decode("utf-8-sig"))
    except OSError as e:
        raise DebugLogError(f"{path}: cannot read: {e.strerror or e}") from None
    except (ValueError, RecursionError) as e:
        raise DebugLogError(f"{path}: not a debug log (bad JSON: {e})") from None
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise DebugLogError(f"{path}: not a debug log of this game (format {FORMAT} expected)")
    try:
        config = configuration.validate(data.get("config"), f"{path}: config")
    except configuration.ConfigError as e:
        raise DebugLogError(str(e)) from None
    width, height = configuration.board_size(config)
    body = [_cell(c, "a body cell", path) for c in _field(data, "body", list, path)]
    _check_body(body, width, height, path)
    fruit = data.get("fruit")
    fruit = _cell(fruit, "the fruit", path) if fruit is not None else None
    if fruit is not None and (fruit in body or not (0 <= fruit[0] < width and 0 <= fruit[1] < height)):
        raise DebugLogError(f"{path}: the fruit {fruit} is not on a free cell")
    direction = data.get("direction")
    if direction not in NAMES:
        raise DebugLogError(f'{path}: "direction" must be one of {", ".join(NAMES)}')
    seed = data.get("seed")
    game = Game(width, height, config["initial-length"], seed if isinstance(seed, int) else None)
    game.restore(Snake(width, height, body, Direction(NAMES.index(direction))), fruit,
                 _field(data, "step", int, path), _field(data, "eaten", int, path))
    restore_rng(game, data.get("rng_state"), path)
    return config, game


def restore_rng(game, saved, path):
    """Reseat the fruit's random generator of `game` (a Game or a versus Duel) to a log's
    "rng_state", so the same fruits come; none: as seeded. DebugLogError (one line) if bad."""
    if saved is None:
        return
    try:
        version, state, gauss = saved
        game.rng.setstate((version, tuple(state), gauss))
    except (TypeError, ValueError) as e:
        raise DebugLogError(f"{path}: bad rng_state ({e})") from None
