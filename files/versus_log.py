"""The space key's debug log of a versus round: both snakes, the fruit and the counts, written
whole (atomic.py) and read back checked with --load. No pygame here.

Laid out as the single game's log is (files/debuglog.py's to_text), with its own format and
picture (A and a: snake A's head and body, B and b: snake B's, * the fruit, . free):

    {
      "format": "snake-versus-debug-log/1",
      "board": "8x6", "state": "playing", "step": 12, ...
      "picture": [
        "aaA.....",
        "....*...",
        ".....Bbb"
      ],
      "snakes": [
        {"driver": "player", "direction": "right", "body": [[2, 0], [1, 0], [0, 0]]},
        {"driver": "rival", "direction": "left", "body": [...], "decision": {...}}
      ],
      ...
    }

--load opens the moment paused in the window, in versus play against the same drivers.
"""
import hashlib
import json
import os

import config as configuration
from files import atomic
from files.debuglog import HASH_CHARS, DebugLogError, restore_rng, to_text
from snake import Direction, NAMES, Snake, body_fault
from versus.duel import SIDES, Duel, in_body, room_problem

FORMAT = "snake-versus-debug-log/1"


def picture(duel):
    """The board as rows of text: A/a snake A's head and body, B/b snake B's, * the fruit, . free."""
    rows = [["."] * duel.width for _ in range(duel.height)]
    fruit = duel.fruit.last_generate
    if fruit is not None:
        rows[fruit[1]][fruit[0]] = "*"
    for side, snake in enumerate(duel.snakes):
        for n, (x, y) in enumerate(reversed(snake.body)):
            if snake.on_board((x, y)):
                rows[y][x] = SIDES[side] if n == len(snake) - 1 else SIDES[side].lower()
    return ["".join(row) for row in rows]


def snapshot(duel, config, drivers=("player", "player"), solvers=(None, None)):
    """The whole moment as plain JSON data: enough to understand it and to play on from it."""
    version, state, gauss = duel.rng.getstate()
    snakes = []
    for side, snake in enumerate(duel.snakes):
        entry = {"driver": drivers[side], "direction": NAMES[snake.direction()], "length": len(snake),
                 "eaten": duel.eaten[side], "lost_by": duel.causes[side],
                 "queued_turns": [NAMES[d] for d in duel.turns[side]], "body": [list(c) for c in snake.body]}
        decision = getattr(solvers[side], "decision", None)
        if decision is not None:
            entry["decision"] = decision.to_json()
        snakes.append(entry)
    return {"format": FORMAT, "board": f"{duel.width}x{duel.height}", "state": duel.state,
            "winner": None if duel.winner is None else SIDES[duel.winner], "ending": duel.ending,
            "step": duel.steps, "since_meal": duel.since_meal,
            "fruit": list(duel.fruit.last_generate) if duel.fruit.last_generate else None,
            "picture": picture(duel), "snakes": snakes, "seed": duel.seed, "config": config,
            "rng_state": [version, list(state), gauss]}


def write(duel, config, drivers=("player", "player"), solvers=(None, None), directory="."):
    """Write versus_<hash>.log in `directory`, whole, never over another file; its path."""
    content = (to_text(snapshot(duel, config, drivers, solvers)) + "\n").encode("utf-8")
    name = f"versus_{hashlib.sha1(content).hexdigest()[:HASH_CHARS]}.log"
    try:
        return atomic.create(directory, lambda f: f.write(content), [name], same=lambda path: True)[0]
    except OSError as e:
        raise DebugLogError(f"cannot write debug log in {os.path.abspath(directory)}: {e.strerror or e}") from None


def is_versus(data):
    return isinstance(data, dict) and data.get("format") == FORMAT


def load(data, path):
    """The (config, duel, drivers) of the parsed versus log `data` read from `path`; DebugLogError
    (one line) for anything that is not a moment the rules allow."""
    try:
        config = configuration.validate(data.get("config"), f"{path}: config")
    except configuration.ConfigError as e:
        raise DebugLogError(str(e)) from None
    width, height = configuration.board_size(config)
    problem = room_problem(width, height, config["initial-length"])
    if problem:
        raise DebugLogError(f"{path}: {problem}")
    entries = data.get("snakes")
    if not (isinstance(entries, list) and len(entries) == 2 and all(isinstance(e, dict) for e in entries)):
        raise DebugLogError(f'{path}: "snakes" must hold snake A and snake B')
    snakes, drivers, eaten = zip(*(logged_snake(entry, SIDES[side], width, height, path)
                                   for side, entry in enumerate(entries)))
    if set(list(snakes[0].body)[1:]) & set(list(snakes[1].body)[1:]):
        raise DebugLogError(f"{path}: the two bodies share a cell")
    fruit = logged_fruit(data.get("fruit"), snakes, width, height, path)
    steps, since = data.get("step"), data.get("since_meal", 0)
    if not all(isinstance(v, int) and not isinstance(v, bool) and v >= 0 for v in (steps, since)):
        raise DebugLogError(f'{path}: "step" and "since_meal" must be whole numbers')
    seed = data.get("seed")
    duel = Duel(width, height, config["initial-length"], seed if isinstance(seed, int) else None)
    duel.restore(snakes, fruit, steps, eaten, since)
    if any(s.head() == fruit for s in snakes) and not duel.over():
        raise DebugLogError(f"{path}: the fruit {list(fruit)} is under a head of a round that goes on")
    restore_rng(duel, data.get("rng_state"), path)
    return config, duel, list(drivers)


def logged_snake(entry, side, width, height, path):
    """(Snake, driver, meals eaten) of one snake's entry of a versus log (side: "A" or "B");
    DebugLogError (one line) for a body, heading, driver or count the rules do not allow."""
    body = entry.get("body")
    if not (isinstance(body, list) and body and all(
            isinstance(c, list) and len(c) == 2 and all(isinstance(v, int) and not isinstance(v, bool) for v in c)
            for c in body)):
        raise DebugLogError(f"{path}: snake {side}'s body must be a list of [x, y] cells")
    body = [tuple(c) for c in body]
    fault = body_fault(body, width, height, head_may_clash=True)
    if fault:
        raise DebugLogError(f"{path}: snake {side}: {fault}")
    if entry.get("direction") not in NAMES:
        raise DebugLogError(f'{path}: snake {side}\'s "direction" must be one of {", ".join(NAMES)}')
    driver = entry.get("driver", "player")
    if not isinstance(driver, str):
        raise DebugLogError(f'{path}: snake {side}\'s "driver" must be a name')
    count = entry.get("eaten", 0)
    if not isinstance(count, int) or isinstance(count, bool) or count < 0:
        raise DebugLogError(f'{path}: snake {side}\'s "eaten" must be a whole number')
    return Snake(width, height, body, Direction(NAMES.index(entry["direction"]))), driver, count


def logged_fruit(fruit, snakes, width, height, path):
    """The fruit's cell (a tuple) of a versus log's [x, y], or None; DebugLogError (one line)
    unless it is on the board and off both bodies."""
    if fruit is None:
        return None
    if not (isinstance(fruit, list) and len(fruit) == 2 and all(isinstance(v, int) for v in fruit)):
        raise DebugLogError(f'{path}: "fruit" must be a cell [x, y] or null')
    fruit = tuple(fruit)
    if not (0 <= fruit[0] < width and 0 <= fruit[1] < height) or any(in_body(s, fruit) for s in snakes):
        raise DebugLogError(f"{path}: the fruit {list(fruit)} is not on a free cell")
    return fruit


def read(path):
    """The parsed JSON of the log at `path` (either kind); DebugLogError (one line) if it is none."""
    try:
        with open(path, "rb") as f:
            return json.loads(f.read().decode("utf-8-sig"))
    except OSError as e:
        raise DebugLogError(f"{path}: cannot read: {e.strerror or e}") from None
    except (ValueError, RecursionError) as e:
        raise DebugLogError(f"{path}: not a debug log (bad JSON: {e})") from None
