"""--results FILE: one JSON line per finished game, and a run that goes on from the file.

    {"format": "snake-results/1", "run": {"solver": "greedy", "seed": 1, "games": 40, "boards": [...], ...}}
    {"board": "16x12", "seed": 1, "solver": "greedy", "outcome": "won", "moves": 1733, "length": 192,
     "times": {"moves": 1733, "total_ns": 2914500, "max_ns": 61200, "us": {"2": 300, "3": 1200, ...}}}
    {"board": "16x12", "seed": 2, ...}

The first line names the run: everything that decides its games (the boards with their
starting length and move limit, the solvers, the seeds, --soak, --start-fill, --load's
moment), not how they are played (--jobs, --cluster). A game's line holds what the tally
adds up, its move times as the histogram of 1-microsecond buckets the figures are computed
from (headless/figures.py's Timing), so figures rebuilt from the file are those of the games
as they were played.

The file is an append-only log, the one home of that mechanism: it is made whole with its
first line (files/atomic.py, never replacing a file), then each game is appended in game
order as one write of one line, flushed, and synced to disk at least once a second and at
the end. A run stopped any way keeps every line written; a last line without its newline
(the run died while writing it) is dropped with a warning and its game is played again.
The same command then plays only the games missing from the file. A file of another run, or
one that is not a results file, is refused in one line and left untouched.
"""
import contextlib
import json
import os
import time

from files import atomic
from headless.figures import Timing
from headless.jobs import ctrl_c_held

FORMAT = "snake-results/1"
SYNC_SECONDS = 1.0  # a finished game reaches the disk within this long, even if the machine then dies
OUTCOMES = ("won", "lost", "stuck", "failed")


class ResultsError(Exception):
    """A results file that cannot be used for this run, phrased as one line."""


def describe_run(plans, refs, seed, games, args, load=None):
    """The run as the file's first line names it: what decides its games, not how they are played.

    `plans`: (width, height, starting length, move limit) of each board; `refs`: the solvers
    (solvers/), named in the file as one text, "greedy" or "greedy,hamilton,/home/me/mine.py:Mine";
    `load`: a digest of --load's debug log."""
    return {"solver": ",".join(refs), "seed": seed, "games": games,
            "boards": [{"board": f"{w}x{h}", "initial_length": length, "max_steps": steps}
                       for w, h, length, steps in plans],
            "soak": bool(args.soak), "takeover_from": args.takeover_from, "takeover_after": args.takeover_after,
            "start_fill": args.start_fill, "load": load,
            **({"move_time": args.move_time} if getattr(args, "move_time", None) is not None else {})}


def key(spec):
    """The game a line is about: its board, its seed and its solver (a ref, solvers/)."""
    return f"{spec.width}x{spec.height}", spec.seed, spec.solver


def line_of(spec, record):
    """The JSON line of one finished game."""
    line = {"board": key(spec)[0], "seed": spec.seed, "solver": spec.solver, "outcome": record["outcome"],
            "moves": record["steps"], "length": record["length"]}
    if "handover" in record:
        line["handover"] = record["handover"]
    if "failure" in record:
        line["failure"] = record["failure"]
    line["times"] = times_of(record["timing"])
    return json.dumps(line, separators=(",", ":")) + "\n"


def times_of(timing):
    """A Timing as a line keeps it: its histogram and totals."""
    return {"moves": timing.moves, "total_ns": timing.total_ns, "max_ns": timing.max_ns,
            "us": {str(bucket): count for bucket, count in sorted(timing.counts.items())}}


def timing_of(times):
    """The Timing a line's `times` keep; ValueError if they do not add up."""
    timing = Timing()
    timing.counts = {int(bucket): int(count) for bucket, count in times["us"].items()}
    timing.total_ns, timing.moves, timing.max_ns = int(times["total_ns"]), int(times["moves"]), int(times["max_ns"])
    if sum(timing.counts.values()) != timing.moves or min(timing.counts.values(), default=0) < 1:
        raise ValueError("its move times do not add up")
    return timing


def key_of_line(line):
    """The key (as `key` gives it) of the game a parsed line is about."""
    return line["board"], line["seed"], line.get("solver", line.get("autopilot"))  # older files say "autopilot"


def record_of(line):
    """The record (as play_game returns it, without a replay) of a parsed line; ValueError if it is no game."""
    timing = timing_of(line["times"])
    if line["outcome"] not in OUTCOMES or not isinstance(line["moves"], int) or not isinstance(line["length"], int):
        raise ValueError("no outcome, moves or length")
    record = {"seed": line["seed"], "outcome": line["outcome"], "length": line["length"], "steps": line["moves"],
              "timing": timing}
    if "handover" in line:
        record["handover"] = bool(line["handover"])
    if "failure" in line:
        record["failure"] = str(line["failure"])
    return record


class Games:
    """How a results file keeps single games: `key`, `line_of`, `key_of_line` and `record_of` above.
    A tournament's rounds are kept by another such codec (versus/tournament.py)."""

    key = staticmethod(key)
    line_of = staticmethod(line_of)
    key_of_line = staticmethod(key_of_line)
    record_of = staticmethod(record_of)


class Results:
    """The results file of one run: the games it already holds, and the appending of new ones.
    `codec` says how its lines keep the games (default: single games, Games)."""

    def __init__(self, path, run, codec=Games):
        self.path, self.run, self.codec = path, run, codec
        self.games = {}  # key -> record, from the file
        self.notes = []  # lines for stderr: a torn last line dropped, games taken from the file
        self.file = None
        self.synced = time.monotonic()

    @classmethod
    def open(cls, path, run, specs, codec=Games):
        """The results file at `path` for the run `run` (its first line) whose games are `specs`.

        A new file is made with its first line. An existing one must be this run's: its games are
        read, a torn last line is cut off. Anything else raises ResultsError, the file untouched."""
        results = cls(path, run, codec)
        wanted = {codec.key(spec): spec for spec in specs}
        try:
            with open(path, "rb") as f:
                content = f.read()
        except FileNotFoundError:
            results._create()
            return results
        except OSError as e:
            raise ResultsError(f"--results: cannot read {path}: {e.strerror or e}") from None
        keep = results._read(content, wanted)
        try:
            if keep < len(content):
                with open(path, "r+b") as f:
                    f.truncate(keep)
            results.file = open(path, "a", encoding="utf-8")  # noqa: SIM115  (open until close())
        except OSError as e:
            raise ResultsError(f"--results: cannot write {path}: {e.strerror or e}") from None
        return results

    def _create(self):
        header = json.dumps({"format": FORMAT, "run": self.run}, separators=(",", ":")) + "\n"
        directory, name = os.path.split(os.path.abspath(self.path))
        try:
            atomic.create(directory, lambda f: f.write(header.encode("utf-8")), [name])
            self.file = open(self.path, "a", encoding="utf-8")  # noqa: SIM115  (open until close())
        except FileExistsError:
            raise ResultsError(f"--results: {self.path} appeared while this run began; run again") from None
        except OSError as e:
            raise ResultsError(f"--results: cannot write {self.path}: {e.strerror or e}") from None

    def _read(self, content, wanted):
        """Take the games of `content` (the file's bytes) into self.games; return how many bytes to keep."""
        lines = content.split(b"\n")
        torn = lines.pop()  # after the last newline: empty unless the last line was cut short
        if not lines:
            raise ResultsError(f"--results: {self.path} is not a results file (it has no first line)")
        try:
            header = json.loads(lines[0])
        except ValueError:
            header = None
        if not isinstance(header, dict) or header.get("format") != FORMAT:
            raise ResultsError(f"--results: {self.path} is not a results file ({FORMAT}); give another name")
        if header.get("run") != self.run:
            raise ResultsError(f"--results: {self.path} holds the games of another run "
                               f"({differs(header.get('run'), self.run)}); give another file, or the same flags")
        for number, raw in enumerate(lines[1:], start=2):
            try:
                line = json.loads(raw)
                spec = wanted[self.codec.key_of_line(line)]
                record = self.codec.record_of(line)
            except (ValueError, KeyError, TypeError, AttributeError):
                raise ResultsError(f"--results: line {number} of {self.path} is not a game of this run; "
                                   "the file is left as it is") from None
            self.games.setdefault(self.codec.key(spec), record)
        if torn:
            self.notes.append(f"results: the last line of {self.path} was cut short (a run ended while writing it): "
                              "dropped, its game is played again")
        if self.games:
            self.notes.append(f"results: {len(self.games)} of {len(wanted)} games taken from {self.path}")
        return len(content) - len(torn)

    def write(self, spec, record):
        """Append one finished game, flushed; synced to disk when SYNC_SECONDS have passed."""
        self.file.write(self.codec.line_of(spec, record))
        self.file.flush()
        if time.monotonic() - self.synced >= SYNC_SECONDS:
            self.sync()

    def sync(self):
        os.fsync(self.file.fileno())
        self.synced = time.monotonic()

    def close(self):
        if self.file is not None:
            with contextlib.suppress(OSError):
                self.sync()
            self.file.close()
            self.file = None

    def around(self, play):
        """The engine `play` (specs -> their records in game order) with this file in front of it:
        a game the file holds is taken from it, the others are played and appended.

        A game appended is held back from Ctrl-C (jobs.ctrl_c_held) until the caller asks for
        the next one, so that a run stopped counts it in its figures as the file does; one
        pressed meanwhile comes then."""
        def resumed(specs):
            todo = [spec for spec in specs if self.codec.key(spec) not in self.games]
            with contextlib.closing(play(todo)) as played:
                for spec in specs:
                    record = self.games.get(self.codec.key(spec))
                    if record is not None:
                        yield record
                        continue
                    record = next(played)
                    with ctrl_c_held():
                        self.write(spec, record)
                        yield record
        return resumed


def differs(theirs, ours):
    """The first setting in which the file's run differs from this one, as 'boards: 8x8, not 16x12'."""
    if not isinstance(theirs, dict):
        return "no run named"
    for name in ours:
        if theirs.get(name) != ours[name]:
            if name == "boards":
                return boards_differ(theirs.get(name), ours[name])
            return f"{name}: {brief(theirs.get(name))}, not {brief(ours[name])}"
    extra = sorted(set(theirs) - set(ours))
    return f"{extra[0]}: {brief(theirs[extra[0]])}" if extra else "another run"


def boards_differ(theirs, ours):
    """How the file's boards differ from this run's: their names ('boards: 16x12, not 16x12, 8x8'),
    or the first setting of a board of the same name ("board 16x12's initial_length: 3, not 4")."""
    our_names = [board["board"] for board in ours]
    try:
        names = [board["board"] for board in theirs]
    except (TypeError, KeyError):
        return f"boards: {brief(theirs)}, not {', '.join(our_names)}"
    if names != our_names:
        return f"boards: {', '.join(map(str, names))}, not {', '.join(our_names)}"
    for their, our in zip(theirs, ours):
        for name in our:
            if their.get(name) != our[name]:
                return f"board {our['board']}'s {name}: {brief(their.get(name))}, not {brief(our[name])}"
    return "boards: another setting"


def brief(value):
    text = json.dumps(value)
    return text if len(text) <= 60 else text[:57] + "..."
