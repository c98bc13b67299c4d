"""--headless --versus A,B[,C...]: a tournament, every pair of solvers on each board, both sides.
No pygame here.

    pairs     every two solvers of the list, in its order (A-B, A-C, B-C); one name alone
              plays itself, and a name given twice (rival,rival) is a pair too
    rounds    per pair and board: --games N rounds with a on snake A, then N with the sides
              swapped; round i of either side has seed S+i-1, so the two sides see the same
              first fruit
    output    one JSON line per pair and board, then a table per board

The rounds go through the single game's engines (headless/runner.py's `engine`: --jobs,
--cluster, --results, and --plot), each a versus.rounds.RoundSpec that plays itself; a
--results file keeps them with this module's codec (Rounds), one line a round.

What counts: a round is won by the snake alive when the other lost, or the longer at a
stalemate or a full board; otherwise it is a draw. `a_wins` and `b_wins` count the solvers'
wins whichever side they played; `side_a_wins` and `side_b_wins` the sides' (for a solver
against itself the two sides are what differs). Two views of a share: `a_win_rate`, a's wins
among all rounds (a draw is no win), and `a_score`, a draw counting half a win to each.
"""
import contextlib
import json
import os
import sys
import time
from itertools import combinations
from typing import NamedTuple

import config as configuration
import solvers
from headless.figures import Timing
from headless.flags import parse_boards
from headless.plot import Plot, plot_of
from headless.results import ResultsError, timing_of, times_of
from headless.cluster_error import ClusterError
from headless.jobs import WorkerLost
from headless.soak import InvariantError
from versus.duel import CAUSES, FULL_BOARD, STALEMATE, room_problem
from versus.rounds import RoundSpec

DEFAULT_ROUNDS = 100  # rounds per pair, board and side when --games is not given
OUTCOMES = ("a", "b", "draw", "failed")
# The flags a tournament cannot honour, and why (dest: the end of the line that refuses it).
NOT_IN_A_TOURNAMENT = {
    "solver": "name the solvers in --versus A,B,...",
    "takeover_from": "a round is played by its two solvers from its start",
    "takeover_after": "a round is played by its two solvers from its start",
    "start_fill": "a round starts from the two starting snakes",
    "max_steps": "a round always ends: the stalemate rule (docs/versus.md)",
    "move_time": "the solvers of a round take turns, not time",
    "record": "a tournament plays many rounds: --save-games keeps them, --replay FILE --record draws one",
    "load": "a tournament plays rounds from their start",
}


class TournamentError(Exception):
    """A tournament that cannot be played as asked, one line."""


def pairs(refs):
    """The pairs of solvers that meet: every two positions of the list; one solver alone meets itself."""
    if len(refs) == 1:
        return [(refs[0], refs[0])]
    return list(combinations(refs, 2))


def round_specs(width, height, length, a, b, seed, games, soak=False, keep=False):
    """The rounds of one pair on one board: `games` with a on snake A, then as many swapped."""
    return [RoundSpec(width, height, length, a, b, seed + i, swapped, soak, keep)
            for swapped in (False, True) for i in range(games)]


class Rounds:
    """How a --results file keeps a tournament's rounds (headless/results.py's codec)."""

    @staticmethod
    def key(spec):
        return f"{spec.width}x{spec.height}", spec.seed, spec.a, spec.b, spec.swapped

    @staticmethod
    def line_of(spec, record):
        line = {"board": f"{spec.width}x{spec.height}", "seed": spec.seed, "a": spec.a, "b": spec.b,
                "swapped": spec.swapped, "winner": record["winner"], "winner_side": record["winner_side"],
                "causes": record["causes"], "ending": record["ending"], "length_a": record["length_a"],
                "length_b": record["length_b"], "moves": record["steps"]}
        if "failure" in record:
            line["failure"] = record["failure"]
        line["times_a"], line["times_b"] = times_of(record["timing_a"]), times_of(record["timing_b"])
        return json.dumps(line, separators=(",", ":")) + "\n"

    @staticmethod
    def key_of_line(line):
        return line["board"], line["seed"], line["a"], line["b"], line["swapped"]

    @staticmethod
    def record_of(line):
        if line["winner"] not in OUTCOMES or line["winner_side"] not in ("A", "B", None):
            raise ValueError("no winner")
        if not all(isinstance(line[k], int) for k in ("length_a", "length_b", "moves")):
            raise ValueError("no lengths or moves")
        causes = line["causes"]
        if not (isinstance(causes, list) and len(causes) == 2 and all(c in CAUSES + (None,) for c in causes)):
            raise ValueError("no causes")
        if line["ending"] not in (STALEMATE, FULL_BOARD, None):
            raise ValueError("no ending")
        record = {"seed": line["seed"], "swapped": bool(line["swapped"]), "winner": line["winner"],
                  "winner_side": line["winner_side"], "causes": causes, "ending": line["ending"],
                  "length_a": line["length_a"], "length_b": line["length_b"], "steps": line["moves"],
                  "timing_a": timing_of(line["times_a"]), "timing_b": timing_of(line["times_b"])}
        if "failure" in line:
            record["failure"] = str(line["failure"])
        return record


class Tally:
    """One pair's figures on one board, added up a round record at a time."""

    def __init__(self, first):
        self.first = first  # the RoundSpec of the first round: board, length, solvers, seed
        self.rounds = 0
        self.outcomes = dict.fromkeys(OUTCOMES, 0)
        self.sides = {"A": 0, "B": 0}
        self.lengths = {"a": 0, "b": 0}
        self.moves = 0
        self.causes = dict.fromkeys(CAUSES, 0)
        self.endings = {STALEMATE: 0, FULL_BOARD: 0}
        self.timings = {"a": Timing(), "b": Timing()}
        self.failures = []

    def add(self, record):
        self.rounds += 1
        self.outcomes[record["winner"]] += 1
        if record["winner_side"] is not None and record["winner"] != "failed":
            self.sides[record["winner_side"]] += 1
        for who in ("a", "b"):
            self.lengths[who] += record[f"length_{who}"]
            self.timings[who].merge(record[f"timing_{who}"])
        self.moves += record["steps"]
        for cause in record["causes"]:
            if cause is not None:
                self.causes[cause] += 1
        if record["ending"] is not None:
            self.endings[record["ending"]] += 1
        if "failure" in record and len(self.failures) < 10:
            self.failures.append({"seed": record["seed"], "why": record["failure"]})

    def figures(self, seconds):
        """The pair's JSON line as a dict; a mean is None while there is nothing to average."""
        first, n, won = self.first, self.rounds, self.outcomes

        def share(count, digits=4):
            return round(count / n, digits) if n else None
        line = {"a": solvers.name_of(first.a), "b": solvers.name_of(first.b), "board": f"{first.width}x{first.height}",
                "rounds": n, "a_wins": won["a"], "b_wins": won["b"], "draws": won["draw"],
                "a_length_mean": share(self.lengths["a"], 2), "b_length_mean": share(self.lengths["b"], 2),
                "moves_mean": share(self.moves, 1), "failed": won["failed"],
                "a_win_rate": share(won["a"]), "b_win_rate": share(won["b"]),
                "a_score": share(won["a"] + won["draw"] / 2), "side_a_wins": self.sides["A"],
                "side_b_wins": self.sides["B"], "causes": dict(self.causes), "endings": dict(self.endings),
                "a_move_ms_mean": round(self.timings["a"].mean_ms(), 4),
                "b_move_ms_mean": round(self.timings["b"].mean_ms(), 4),
                "initial_length": first.length, "seed": first.seed, "soak": first.soak, "seconds": round(seconds, 2)}
        for who, ref in (("a", first.a), ("b", first.b)):
            if solvers.is_outside(ref):
                line[f"{who}_source"] = ref
        if self.failures:
            line["failures"] = self.failures
        return line


TABLE_COLUMNS = ("a", "b", "rounds", "a won", "b won", "draws", "failed", "a %", "a score %", "side A won",
                 "side B won", "a length", "b length", "moves")


def table(results):
    """The lines of a table per board: each pair's wins, draws, shares, lengths and moves."""
    boards = {}
    for line in results:
        boards.setdefault(line["board"], []).append(line)
    out = []
    for board, rows in boards.items():
        out += ["", f"{board}, from length {rows[0]['initial_length']}, both sides:"]
        cells = [TABLE_COLUMNS] + [_row(line) for line in rows]
        widths = [max(len(row[i]) for row in cells) for i in range(len(TABLE_COLUMNS))]
        for row in cells:
            out.append("  ".join(text.ljust(width) if i < 2 else text.rjust(width)
                                 for i, (text, width) in enumerate(zip(row, widths))).rstrip())
    return out[1:]


def _row(line):
    def percent(value):
        return "-" if value is None else f"{100 * value:.1f}"

    def number(value, digits=1):
        return "-" if value is None else f"{value:,.{digits}f}"
    return (line["a"], line["b"], str(line["rounds"]), str(line["a_wins"]), str(line["b_wins"]), str(line["draws"]),
            str(line["failed"]), percent(line["a_win_rate"]), percent(line["a_score"]), str(line["side_a_wins"]),
            str(line["side_b_wins"]), number(line["a_length_mean"], 2), number(line["b_length_mean"], 2),
            number(line["moves_mean"]))


class VersusPlot(Plot):
    """--plot for a tournament: per board, a bar per pair split into a's wins, draws and b's wins."""

    def around(self, play):
        def watched(specs):
            records = play(specs)
            try:
                for spec, record in zip(specs, records):
                    pair = (solvers.name_of(spec.a), solvers.name_of(spec.b))
                    self.games.setdefault(((spec.width, spec.height), pair), []).append(record["winner"])
                    yield record
            finally:
                records.close()
        return watched

    def draw(self):
        from matplotlib.figure import Figure
        boards = self.boards
        figure = Figure(figsize=(10, 1.2 + 0.9 * len(self.games)), layout="constrained")
        axes = figure.subplots()
        labels, rows = [], []
        for board in boards:
            for (where, pair), winners in self.games.items():
                if where == board:
                    labels.append(f"{pair[0]} vs {pair[1]}, {board[0]}x{board[1]}")
                    rows.append([winners.count(w) / len(winners) for w in ("a", "draw", "b", "failed")])
        left = [0.0] * len(rows)
        for k, (name, colour) in enumerate((("a won", "tab:green"), ("draw", "tab:gray"), ("b won", "tab:red"),
                                            ("failed", "black"))):
            widths = [row[k] for row in rows]
            axes.barh(range(len(rows)), widths, left=left, color=colour, label=name)
            left = [x + w for x, w in zip(left, widths)]
        axes.set_yticks(range(len(rows)), labels)
        axes.invert_yaxis()
        axes.set_xlim(0, 1)
        axes.set_xlabel("share of the rounds (both sides)")
        axes.set_title("versus: who won each pair's rounds")
        axes.legend(fontsize="small", loc="upper left", bbox_to_anchor=(1.02, 1))
        return figure


def check(args):
    """The flags a tournament refuses (TournamentError, one line)."""
    for dest, why in NOT_IN_A_TOURNAMENT.items():
        value = getattr(args, dest, None)
        if value is not None and value is not False:
            raise TournamentError(f"--{dest.replace('_', '-')} cannot be used with --headless --versus: {why}")


class Setup(NamedTuple):
    """What a tournament plays, read from the flags over the config."""
    refs: list
    boards: list  # (width, height) each
    length: int
    games: int  # rounds per pair, board and side
    seed: int
    keep: object  # --save-games: a files.versus_replay.Keeper, or None

    def plan(self):
        """(width, height, a, b): every pair on every board, in the order they are played."""
        return [(w, h, a, b) for w, h in self.boards for a, b in pairs(self.refs)]

    def specs(self, w, h, a, b, soak):
        """The rounds of one pair on one board, both sides."""
        return round_specs(w, h, self.length, a, b, self.seed, self.games, soak, self.keep is not None)


def setup(args, config):
    """The tournament the flags ask for (TournamentError or ConfigError: one line, exit 2)."""
    check(args)
    width, height = configuration.board_size(config)
    width = args.width if args.width is not None else width
    height = args.height if args.height is not None else height
    length = args.initial_length if args.initial_length is not None else config["initial-length"]
    boards = parse_boards(args.boards) if args.boards else [(width, height)]
    for w, h in boards:
        problem = room_problem(w, h, length)
        if problem:
            raise TournamentError(f"--versus on {w}x{h}: {problem}")
    games = args.games if args.games is not None else DEFAULT_ROUNDS
    if games < 1:
        raise TournamentError("--games must be at least 1")
    if args.jobs is not None and args.jobs < 1:
        raise TournamentError("--jobs must be at least 1")
    seed = args.seed if args.seed is not None else (config["seed"] if config["seed"] is not None else 1)
    from headless.flags import check_outputs
    check_outputs(args)
    keep = None
    if args.save_games is not None:
        from files.versus_replay import Keeper
        keep = Keeper(args.save_games)
    return Setup(args.versus_refs, boards, length, games, seed, keep)


def run(args, config):
    """--headless --versus: play the tournament, print its lines and tables; the exit code."""
    from headless.runner import engine  # the runner's engines, with --results and --plot in front
    try:
        plays = setup(args, config)
    except (TournamentError, configuration.ConfigError) as e:
        print(f"error: {e}", file=sys.stderr)
        return 2
    jobs = args.jobs if args.jobs is not None else os.cpu_count() or 1
    soak = bool(args.soak)
    specs = [spec for w, h, a, b in plays.plan() for spec in plays.specs(w, h, a, b, args.soak)]
    run_named = {"versus": ",".join(plays.refs), "seed": plays.seed, "games": plays.games,
                 "initial_length": plays.length, "boards": [f"{w}x{h}" for w, h in plays.boards], "soak": soak}
    plot, refused = plot_of(args, run_named, VersusPlot)
    if refused:
        print(f"error: {refused}", file=sys.stderr)
        return 2
    try:
        with contextlib.ExitStack() as stack:
            try:
                play = stack.enter_context(engine(args, jobs, run_named, specs, plot, codec=Rounds))
            except (ResultsError, ClusterError) as e:
                print(f"error: {e}", file=sys.stderr)
                return 2
            results = [pair_on_board(play, plays, w, h, a, b, args.soak) for w, h, a, b in plays.plan()]
    except InvariantError as e:
        return broken(e, config)
    except (WorkerLost, ClusterError, solvers.SolverError) as e:
        print(f"error: {e}", file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        print("interrupted: the figures are those of the pairs finished", file=sys.stderr)
        return 130
    for line in table(results):
        print(line)
    sys.stdout.flush()
    code = plays.keep.finish() if plays.keep is not None else 0
    drawn = plot.save() if plot is not None and code == 0 else 0
    return code or drawn or (1 if any(line["failed"] for line in results) else 0)


def pair_on_board(play, plays, w, h, a, b, soak):
    """Play the rounds of a against b on one board through the engine `play`, keep their replays
    (--save-games), print the failures and the pair's JSON line; the figures."""
    started = time.perf_counter()
    tally = Tally(RoundSpec(w, h, plays.length, a, b, plays.seed, soak=bool(soak)))
    with contextlib.closing(play(plays.specs(w, h, a, b, soak))) as records:
        for record in records:
            tally.add(record)
            if plays.keep is not None and "replay" in record:
                plays.keep(record["replay"])
    figures = tally.figures(time.perf_counter() - started)
    for failure in figures.get("failures", []):
        print(f"failed: {w}x{h} seed {failure['seed']}: {failure['why']}", file=sys.stderr)
    print(json.dumps(figures), flush=True)
    return figures


def broken(error, config):
    """--soak found a broken rule: dump the moment before the tick as a versus debug log, one line."""
    where = ""
    duel = getattr(error, "duel", None)
    if duel is not None:
        from files import versus_log
        try:
            where = f"; the moment before it written to {versus_log.write(duel, config)}"
        except versus_log.DebugLogError as e:
            where = f"; {e}"
    print(f"error: invariant broken: {error}{where}", file=sys.stderr)
    return 1
