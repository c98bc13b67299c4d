"""A run's figures: time per move in a histogram, the games added up, and progress on stderr."""
import os
import shutil
import sys

from game import LOST, WON


HIST_NS = 1000  # timing histogram bucket width: 1 microsecond
HIST_BUCKETS = 100_000  # buckets up to 100 ms; slower moves fall in the last one (max is kept)


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
        self.outcomes = {WON: 0, LOST: 0, "stuck": 0}
        self.games = self.total_length = self.total_steps = self.won_steps = 0
        self.min_length = None
        self.handovers = {WON: 0, LOST: 0, "stuck": 0}  # --takeover-from: how the handed-over games ended

    def add(self, record):
        self.games += 1
        self.outcomes[record["outcome"]] += 1
        self.total_length += record["length"]
        self.total_steps += record["steps"]
        if record["outcome"] == WON:
            self.won_steps += record["steps"]
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
            "solver": first.solver,
            "board": f"{first.width}x{first.height}",
            "games": games,
            "wins": wins,
            "losses": self.outcomes[LOST],
            "stuck": self.outcomes["stuck"],
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
            **({"start_fill": first.start_fill} if first.start_fill is not None else {}),
            **({"move_time": first.move_time} if first.move_time is not None else {}),
            **({"start_step": first.start.steps, "start_length": len(first.start.snake)}
               if first.start is not None else {}),
            **self.handover_figures(),
        }

    def handover_figures(self):
        """With --takeover-from: the hand-overs made, and how many were won, lost or still going."""
        if self.first.takeover_from is None:
            return {}
        made = self.handovers
        after = {"takeover_after": self.first.takeover_after} if self.first.takeover_after is not None else {}
        return {"takeover_from": self.first.takeover_from, **after, "handovers": sum(made.values()),
                "handovers_won": made[WON], "handovers_lost": made[LOST], "handovers_going": made["stuck"]}


class Progress:
    """Progress on stderr, naming the board: on a terminal a tqdm bar (games done, won, the time
    left), otherwise (or without tqdm) a line every tenth of the run, which logs and tests read."""

    def __init__(self, total, label, stream=sys.stderr):
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

    def stop(self):
        """End a bar cut short (Ctrl-C), so what follows starts on a line of its own."""
        if self.bar is not None:
            self.bar.close()


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
