"""Best scores per board and starting length, for the player, each autopilot and each mix of
them, kept across runs. No pygame here.

One JSON file in the user's data folder, `$XDG_DATA_HOME/snake-autopilot/scores.json`
(`~/.local/share/...` when XDG_DATA_HOME is unset), one table per board and starting length:

    {"format": "snake-best-scores/2",
     "tables": {"16x12 start 3": {"player":        {"length": 45,  "moves_to_win": null},
                                  "player+greedy": {"length": 190, "moves_to_win": null},
                                  "hamilton":      {"length": 192, "moves_to_win": 3110}}}}

Who a game counts for (`credit`): the one who made every move of it, the player or an
autopilot; a game with moves by more than one driver counts for that mix, its names joined
by "+", the player first ("player+greedy", "greedy+hamilton"). So the player's record is
only ever a game steered wholly by hand, and one autopilot's is never helped by another's moves.

Format 1 (`snake-best-scores/1`) kept one table per board, with no starting length, and
counted a game for the player if the player made any move of it. Its tables are read and
carried over: each board's becomes that board's table for the default start length 3
(OLD_START; a table of other starts cannot be told apart, so it lands there too), and its
"player" entries are kept as "player (maybe helped)" (OLD_PLAYER), so that they never pass
for games steered wholly by hand. Before the first save in format 2 replaces such a file,
it is kept as `scores.json.v1`.

Nothing is lost: saving reads the file again and merges it (best of both) before writing,
so two windows do not undo each other; the file is written whole (atomic.py) over the old
one. A file that cannot be parsed is kept as `scores.json.bad` (or `.bad-2`, ...) before
the first save; one that cannot be read is never overwritten. Every problem is one line
for the caller to show, and the table in memory keeps every result.
"""
import json
import os
import re

from files import atomic

FORMAT = "snake-best-scores/2"
OLD_FORMAT = "snake-best-scores/1"  # read and carried over (see the docstring)
OLD_START = 3  # the starting length format 1's tables are carried over to: config's default
OLD_PLAYER = "player (maybe helped)"  # format 1's "player": the player made at least one move
FOLDER = "snake-autopilot"  # under the user's data folder
FILE = "scores.json"
VERSUS_FILE = "versus-scores.json"  # versus play's best results, beside single play's: a file per mode
PLAYER = "player"  # the name games steered by hand are kept under
TABLE = re.compile(r"[1-9][0-9]*x[1-9][0-9]* start [1-9][0-9]*\Z")  # "16x12 start 3"
OLD_BOARD = re.compile(r"[1-9][0-9]*x[1-9][0-9]*\Z")  # format 1's "16x12"
MAX_BAD_COPIES = 100  # scores.json.bad, .bad-2, ... .bad-100; then the bad file is left alone


class ScoreError(Exception):
    """A scores file that could not be read or written, phrased as one line."""


def default_path(environ=None):
    """$XDG_DATA_HOME/snake-autopilot/scores.json, else under ~/.local/share (XDG base dirs)."""
    environ = os.environ if environ is None else environ
    base = environ.get("XDG_DATA_HOME") or ""
    if not os.path.isabs(base):  # the XDG Base Directory spec: a relative value is to be ignored
        base = os.path.join(os.path.expanduser("~"), ".local", "share")
    return os.path.join(base, FOLDER, FILE)


def credit(drivers):
    """The name a game counts for, given everyone who made a move of it (see the docstring)."""
    return "+".join(sorted(drivers, key=lambda name: (name != PLAYER, name)))


def table_name(width, height, initial_length):
    """The table of a board and starting length: "16x12 start 3"."""
    return f"{width}x{height} start {initial_length}"


def _whole(value, allow_none=False):
    if value is None:
        return allow_none
    return isinstance(value, int) and not isinstance(value, bool) and value >= 1


def check(data):
    """The tables in `data` (parsed JSON) as {table: {name: entry}}, format 1's carried over
    (see the docstring); ValueError says what is wrong."""
    if isinstance(data, dict) and data.get("format") == OLD_FORMAT:
        boards = _checked(data.get("boards"), OLD_BOARD)
        return {f"{board} start {OLD_START}": {OLD_PLAYER if name == PLAYER else name: entry
                                               for name, entry in names.items()}
                for board, names in boards.items()}
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise ValueError(f'not a "{FORMAT}" object')
    return _checked(data.get("tables"), TABLE)


def _checked(tables, key):
    """`tables` if it is {name matching `key`: {name: entry}}; else ValueError."""
    if not isinstance(tables, dict):
        raise ValueError(f'not a "{FORMAT}" object')
    for table, names in tables.items():
        if not key.match(table) or not isinstance(names, dict):
            raise ValueError(f"bad table {table!r}")
        for name, entry in names.items():
            if (not name or not isinstance(entry, dict) or set(entry) != {"length", "moves_to_win"}
                    or not _whole(entry["length"]) or not _whole(entry["moves_to_win"], allow_none=True)):
                raise ValueError(f"bad entry for {name!r} in {table}")
    return tables


def merge(ours, theirs):
    """The best of two sets of tables: the longer length, the fewer moves to a win."""
    merged = {table: {name: dict(entry) for name, entry in names.items()} for table, names in ours.items()}
    for table, names in theirs.items():
        for name, entry in names.items():
            mine = merged.setdefault(table, {}).setdefault(name, dict(entry))
            mine["length"] = max(mine["length"], entry["length"])
            wins = [m for m in (mine["moves_to_win"], entry["moves_to_win"]) if m is not None]
            mine["moves_to_win"] = min(wins) if wins else None
    return merged


def read(path):
    """(table, problem): the table in the file, or an empty one and why.

    problem is None when the file was read, else (kind, one line): kind is "missing",
    "unreadable" (any other OSError), "corrupt" (not a table this module wrote) or "old" (a
    format 1 file, whose tables are given carried over).
    """
    try:
        with open(path, "rb") as f:
            raw = f.read()
    except FileNotFoundError:
        return {}, ("missing", f"no best-scores file yet at {path}; starting a new table")
    except OSError as e:
        return {}, ("unreadable", f"cannot read {path}: {e.strerror or e}; starting a fresh table")
    try:
        data = json.loads(raw.decode("utf-8"))
        old = isinstance(data, dict) and data.get("format") == OLD_FORMAT
        return check(data), ("old", f"{path} is in format 1; its tables are carried over") if old else None
    except UnicodeDecodeError as e:
        reason = f"not UTF-8 text (byte {e.start})"
    except json.JSONDecodeError as e:
        reason = f"not valid JSON (line {e.lineno} column {e.colno})"
    except RecursionError:
        reason = "nested too deeply"
    except ValueError as e:  # from check()
        reason = str(e)
    return {}, ("corrupt", f"{path} is not a best-scores table ({reason}); starting a fresh table "
                           "and keeping the file beside it as .bad")


class ScoreBook:
    """The best-scores table in memory, saved to `path` after every result (None: memory only)."""

    def __init__(self, path=None):
        self.path = path
        self.table = {}
        self.warning = None  # the one line to show about the file, if any
        if path is not None:
            self.table, problem = read(path)
            quiet = problem is None or problem[0] in ("missing", "old")  # a first run, an older game's file
            self.warning = None if quiet else problem[1]

    def versus_book(self):
        """The book of versus play's best results: VERSUS_FILE beside this one (memory only if this is)."""
        if self.path is None:
            return ScoreBook()
        return ScoreBook(os.path.join(os.path.dirname(self.path), VERSUS_FILE))

    def best(self, table):
        """{name: {"length", "moves_to_win"}} in `table` ("16x12 start 3"), a copy."""
        return {name: dict(entry) for name, entry in self.table.get(table, {}).items()}

    def record(self, table, name, length, moves_to_win=None):
        """add() then save(): ScoreError when saving fails, with the result kept in memory."""
        improved = self.add(table, name, length, moves_to_win)
        self.save()
        return improved

    def add(self, table, name, length, moves_to_win=None):
        """Enter one game's result in memory; return the set of records it improved."""
        old = self.table.get(table, {}).get(name)
        improved = set()
        if old is None or length > old["length"]:
            improved.add("length")
        if moves_to_win is not None and (old is None or old["moves_to_win"] is None
                                         or moves_to_win < old["moves_to_win"]):
            improved.add("moves_to_win")
        self.table = merge(self.table, {table: {name: {"length": length, "moves_to_win": moves_to_win}}})
        return improved

    def save(self):
        """Merge with the file as it is now and write the result atomically; ScoreError on failure."""
        if self.path is None:
            return
        on_disk, problem = read(self.path)
        if problem and problem[0] == "unreadable":
            raise ScoreError(f"cannot read {self.path}, so it is left as it is; "
                             "this run's results are kept until the window closes")
        try:
            os.makedirs(os.path.dirname(self.path), exist_ok=True)
            if problem and problem[0] in ("corrupt", "old"):
                keep_aside(self.path, ".bad" if problem[0] == "corrupt" else ".v1")
            table = merge(self.table, on_disk)
            write_table(self.path, {"format": FORMAT, "tables": table})
        except OSError as e:
            raise ScoreError(f"cannot save the best scores in {self.path}: {e.strerror or e}") from None
        self.table = table


def keep_aside(path, suffix=".bad"):
    """Link the file to the first free name path.bad, path.bad-2, ... (never replacing one)."""
    for n in range(1, MAX_BAD_COPIES + 1):
        try:
            os.link(path, f"{path}{suffix}" if n == 1 else f"{path}{suffix}-{n}")
            return
        except FileExistsError:
            continue
    raise OSError(f"{MAX_BAD_COPIES} bad copies of the file are kept already")


def write_table(path, data):
    """Write `data` as JSON over the file at `path`, whole (atomic.replace): the old table was merged in."""
    text = json.dumps(data, indent=1, sort_keys=True) + "\n"
    atomic.replace(path, lambda f: f.write(text.encode("utf-8")))
