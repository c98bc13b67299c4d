"""A run's figures: time per move in a histogram, the games added up, and progress on stderr."""
import math
import os
import shutil
import sys

import solvers
from game import LOST, WON


HIST_NS = 1000  # timing histogram bucket width: 1 microsecond
HIST_BUCKETS = 100_000  # buckets up to 100 ms; slower moves fall in the last one (max is kept)
FAILED, STUCK = "failed", "stuck"  # the outcomes beside won and lost: the solver broke the contract; neither
FAILURES_KEPT = 10  # failures a board's figures spell out; the rest are counted


class Timing:
    """Time per move in a histogram of 1-microsecond buckets: exact mean, p99 to the microsecond.

    Only the buckets in use are kept (a dict), so one game's timing is small to send back
    from a worker process, and `merge` adds one game's timing to a run's.
    """

    def __init__(self):
        self.counts = {}  # bucket -> moves
        self.total_ns = 0
        self.moves = 0
        self.max_ns = 0

    def add(self, ns):
        bucket = min(ns // HIST_NS, HIST_BUCKETS - 1)
        self.counts[bucket] = self.counts.get(bucket, 0) + 1
        self.total_ns += ns
        self.moves += 1
        if ns > self.max_ns:
            self.max_ns = ns

    def merge(self, other):
        for bucket, count in other.counts.items():
            self.counts[bucket] = self.counts.get(bucket, 0) + count
        self.total_ns += other.total_ns
        self.moves += other.moves
        self.max_ns = max(self.max_ns, other.max_ns)

    def mean_ms(self):
        return self.total_ns / self.moves / 1e6 if self.moves else 0.0

    def percentile_ms(self, q):
        if not self.moves:
            return 0.0
        rank, seen = q * self.moves, 0
        for bucket in sorted(self.counts):
            seen += self.counts[bucket]
            if seen >= rank:
                return min((bucket + 1) * HIST_NS, self.max_ns) / 1e6
        return self.max_ns / 1e6


class Tally:
    """One board's figures, added up one game record at a time, in any order."""

    def __init__(self, first):
        self.first = first  # the GameSpec of game 1: board, length, solver, seed, limits
        self.timing = Timing()
        self.outcomes = {WON: 0, LOST: 0, STUCK: 0, FAILED: 0}
        self.games = self.total_length = self.total_steps = self.won_steps = self.won_squares = 0
        self.min_length = None
        self.handovers = {WON: 0, LOST: 0, STUCK: 0, FAILED: 0}  # --takeover-from: how the handed-over games ended
        self.failures = []  # (seed, the failure's line) of the first FAILURES_KEPT failed games

    def add(self, record):
        self.games += 1
        self.outcomes[record["outcome"]] += 1
        self.total_length += record["length"]
        self.total_steps += record["steps"]
        if record["outcome"] == WON:
            self.won_steps += record["steps"]
            self.won_squares += record["steps"] ** 2
        if record["outcome"] == FAILED and len(self.failures) < FAILURES_KEPT:
            self.failures.append((record["seed"], record.get("failure", "")))
        if self.min_length is None or record["length"] < self.min_length:
            self.min_length = record["length"]
        self.timing.merge(record["timing"])
        if record.get("handover"):
            self.handovers[record["outcome"]] += 1

    def figures(self, seconds):
        """The figures as the JSON-ready dict; an average is None while it has nothing to average."""
        first, games, timing, wins = self.first, self.games, self.timing, self.outcomes[WON]

        def mean(total, count, digits):
            return round(total / count, digits) if count else None
        return {
            "solver": solvers.name_of(first.solver),
            **({"source": first.solver} if solvers.is_outside(first.solver) else {}),
            "board": f"{first.width}x{first.height}",
            "games": games,
            "wins": wins,
            "losses": self.outcomes[LOST],
            "stuck": self.outcomes[STUCK],
            "failed": self.outcomes[FAILED],
            "win_rate": mean(wins, games, 4),
            "avg_length": mean(self.total_length, games, 2),
            "min_length": self.min_length,
            "avg_fill": mean(self.total_length, games * first.width * first.height, 4),
            "avg_steps": mean(self.total_steps, games, 1),
            "avg_steps_won": mean(self.won_steps, wins, 1),
            "move_ms_mean": round(timing.mean_ms(), 4),
            "move_ms_p99": round(timing.percentile_ms(0.99), 4),
            "move_ms_max": round(timing.max_ns / 1e6, 3),
            "moves": timing.moves,
            "initial_length": first.length,
            "max_steps": first.max_steps,
            "seed": first.seed,
            "soak": first.soak,
            "seconds": round(seconds, 2),
            **self.spread(),
            **({"failures": [{"seed": seed, "why": why} for seed, why in self.failures]} if self.failures else {}),
            **({"start_fill": first.start_fill} if first.start_fill is not None else {}),
            **({"move_time": first.move_time} if first.move_time is not None else {}),
            **({"start_step": first.start.steps, "start_length": len(first.start.snake)}
               if first.start is not None else {}),
            **self.handover_figures(),
        }

    def spread(self):
        """The spread of the moves to win, with two or more games won: their standard deviation and
        the 95% confidence interval of their mean (Student's t); {} otherwise."""
        wins = self.outcomes[WON]
        if wins < 2:
            return {}
        mean = self.won_steps / wins
        sd = math.sqrt(max(0.0, (self.won_squares - wins * mean * mean) / (wins - 1)))
        half = t_975(wins - 1) * sd / math.sqrt(wins)
        return {"steps_won_sd": round(sd, 1), "steps_won_ci95": [round(mean - half, 1), round(mean + half, 1)]}

    def handover_figures(self):
        """With --takeover-from: the hand-overs made, and how many were won, lost or still going."""
        if self.first.takeover_from is None:
            return {}
        made = self.handovers
        after = {"takeover_after": self.first.takeover_after} if self.first.takeover_after is not None else {}
        return {"takeover_from": self.first.takeover_from, **after, "handovers": sum(made.values()),
                "handovers_won": made[WON], "handovers_lost": made[LOST], "handovers_going": made[STUCK]}


# Student's t, the 97.5% point, for 1 to 30 degrees of freedom; beyond, T_975_AFTER (df: value)
# between which it is read in a straight line, then the normal's 1.96.
T_975 = (12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228, 2.201, 2.179, 2.160, 2.145,
         2.131, 2.120, 2.110, 2.101, 2.093, 2.086, 2.080, 2.074, 2.069, 2.064, 2.060, 2.056, 2.052, 2.048,
         2.045, 2.042)
T_975_AFTER = ((30, 2.042), (40, 2.021), (60, 2.000), (120, 1.980), (1000, 1.962))


def t_975(df):
    """The 97.5% point of Student's t with `df` degrees of freedom: mean +- t * sd / sqrt(n) is
    the 95% confidence interval of the mean of n = df + 1 values."""
    if df <= len(T_975):
        return T_975[df - 1]
    for (a, ta), (b, tb) in zip(T_975_AFTER, T_975_AFTER[1:]):
        if df <= b:
            return ta + (tb - ta) * (df - a) / (b - a)
    return 1.96


class Progress:
    """Progress on stderr, naming the board: on a terminal a tqdm bar (games done, won, the time
    left), otherwise (or without tqdm) a line every tenth of the run, which logs and tests read."""

    def __init__(self, total, label, stream=None):
        stream = stream or sys.stderr  # the stderr of now, not of when this module was imported
        self.total, self.label, self.stream = total, label, stream
        self.bar = _bar(total, label, stream) if stream.isatty() else None
        self.shown = -1

    def update(self, done, wins):
        if self.bar is not None:
            self.bar.set_postfix_str(f"{wins} won", refresh=False)
            self.bar.update(done - self.bar.n)
            if done == self.total:
                self.bar.close()
        elif 10 * done // self.total > self.shown:
            self.shown = 10 * done // self.total
            print(f"{self.label}: {done}/{self.total} games, {wins} won", file=self.stream, flush=True)

    def playing(self, game):
        """Say how far the game being played here has got (a long one: games.REPORT_SECONDS)."""
        done = self.bar.n if self.bar is not None else None
        where = f"move {game.steps:,}, length {len(game.snake)}/{game.cells}"
        if self.bar is not None:
            self.bar.set_postfix_str(f"game {done + 1}: {where}")
        else:
            print(f"{self.label}: a game going on: {where}", file=self.stream, flush=True)

    def stop(self):
        """End a bar cut short (Ctrl-C), so what follows starts on a line of its own."""
        if self.bar is not None:
            self.bar.close()


class Reports:
    """A long game's reports (games.play_game's `report`) sent to the progress of the board being
    played: the runner sets `progress` as it goes from board to board."""

    def __init__(self):
        self.progress = None

    def __call__(self, game):
        if self.progress is not None:
            self.progress.playing(game)


def _bar(total, label, stream):
    """A tqdm bar of `total` games, or None without tqdm. Its monitor thread stays off: the
    runner keeps one thread, so Ctrl-C always interrupts the thread that waits for games.

    It follows the terminal's width, unless the terminal says it has none (a pseudo-terminal
    no window has sized: `script`, a container's or a CI job's), which tqdm would take for -1
    columns and rows and draw nothing at all: it is then $COLUMNS or 80 wide, in $LINES or 24."""
    try:
        import tqdm
    except ImportError:
        return None
    tqdm.tqdm.monitor_interval = 0
    if _columns(stream) > 0:
        sizing = {"dynamic_ncols": True}
    else:
        size = shutil.get_terminal_size()
        sizing = {"ncols": size.columns or 80, "nrows": size.lines or 24}
    return tqdm.tqdm(total=total, desc=label, unit="game", file=stream, smoothing=0.1, **sizing)


def _columns(stream):
    """The width of the terminal `stream` writes to; 0 if it says none, or cannot say."""
    try:
        return os.get_terminal_size(stream.fileno()).columns
    except (AttributeError, OSError, ValueError):
        return 0


TABLE_COLUMNS = ("solver", "games", "won", "lost", "stuck", "failed", "moves to win", "sd", "95% interval",
                 "length", "ms/move", "p99 ms")


def comparison(results):
    """The lines of a table per board comparing the solvers of `results` (figures dicts, in the
    order played): games won, lost, stuck and failed; the moves to win (mean, standard deviation,
    95% confidence interval of the mean); the mean length; the time a move (mean and p99)."""
    boards = {}
    for figures in results:
        boards.setdefault(figures["board"], []).append(figures)
    lines = []
    for board, rows in boards.items():
        lines += ["", f"{board}, from length {rows[0]['initial_length']}:"]
        cells = [TABLE_COLUMNS] + [_row(figures) for figures in rows]
        widths = [max(len(row[i]) for row in cells) for i in range(len(TABLE_COLUMNS))]
        for row in cells:
            lines.append("  ".join(text.ljust(width) if i == 0 else text.rjust(width)
                                   for i, (text, width) in enumerate(zip(row, widths))).rstrip())
    return lines[1:]


def _row(figures):
    """One solver's cells of the table."""
    def number(value, digits=1):
        return "-" if value is None else f"{value:,.{digits}f}"
    interval = figures.get("steps_won_ci95")
    return (figures["solver"], str(figures["games"]), str(figures["wins"]), str(figures["losses"]),
            str(figures["stuck"]), str(figures["failed"]), number(figures["avg_steps_won"]),
            number(figures.get("steps_won_sd")), f"{number(interval[0])} - {number(interval[1])}" if interval else "-",
            number(figures["avg_length"], 2), f"{figures['move_ms_mean']:.3f}", f"{figures['move_ms_p99']:.3f}")
