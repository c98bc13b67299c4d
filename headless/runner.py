"""The headless runner: play many games with a solver and print what it achieved.

`main.py --headless --games N ...`; the last line of stdout is one JSON object.
With --soak every move is checked against the rules; a broken invariant stops the run
with the failing state dumped as a debug log. No pygame here.

One game is one call of `play_game(GameSpec)`, which returns the game's record. An engine
plays a list of specs and yields their records in game order: here or in N worker processes
(--jobs, jobs.py), or on a Dask cluster (--cluster, cluster.py). --results (results.py) and
--plot (plot.py) sit in front of the engine; the records are added up in game order, so the
figures are those of one process, timings aside. Ctrl-C keeps the figures of the games
finished so far:

    specs --> [--plot] --> [--results: games in the file] --> engine: play_game, play_game, ...
          <-- records in game order --> Tally.add --> figures: one JSON line
"""
import contextlib
import functools
import hashlib
import json
import os
import sys
import time

import config as configuration
from files import debuglog, replay
from game import WON
from headless.cluster import Cluster, ClusterError
from headless.figures import Progress, Tally
from headless.flags import DEFAULT_GAMES, default_max_steps, parse_boards, settings
from headless.games import GameSpec
from headless.jobs import WorkerLost, play_all
from headless.keep import Keeper
from headless.plot import Plot
from headless.results import Results, ResultsError, describe_run
from headless.soak import InvariantError


class Interrupted(Exception):
    """Ctrl-C during a run; `figures` holds those of the games finished before it."""

    def __init__(self, figures):
        super().__init__("interrupted")
        self.figures = figures


def run_games(width, height, length, solver_name, seed, max_steps, games, soak=False, progress=None, jobs=1,
              keep=None, play=None, **how):
    """Play `games` seeded games (game i with seed `seed`+i-1) and return the figures as a dict.

    `how`: GameSpec's optional fields, the same for every game (takeover_from, takeover_after,
    start_fill, start). With `start` (--load) `seed` may be None: one game, the log's own fruits.
    `keep`, if given, is handed each game's replay.Replay, in game order (games taken from a
    --results file have none). `play` is the engine: a function from the specs to their
    records in game order (default: play_all with `jobs`). Ctrl-C raises Interrupted, which
    holds the figures of the games finished by then.
    """
    specs = game_specs(width, height, length, solver_name, seed, max_steps, games, soak, keep is not None, **how)
    tally = Tally(specs[0])
    started = time.perf_counter()
    play = play or functools.partial(play_all, jobs=jobs)
    try:
        with contextlib.closing(play(specs)) as records:
            for record in records:
                tally.add(record)
                if keep is not None and "replay" in record:
                    keep(record["replay"])
                if progress:
                    progress.update(tally.games, tally.outcomes[WON])
    except KeyboardInterrupt:
        if progress:
            progress.stop()
        figures = tally.figures(time.perf_counter() - started)
        figures["interrupted"] = True
        raise Interrupted(figures) from None
    return tally.figures(time.perf_counter() - started)


def game_specs(width, height, length, solver_name, seed, max_steps, games, soak=False, keep=False, **how):
    """The GameSpecs of one board's games: game i has seed `seed`+i-1 (None with --load's own fruits)."""
    return [GameSpec(width, height, length, solver_name, None if seed is None else seed + i, max_steps, soak,
                     keep, **how) for i in range(games)]


def board_plans(args, boards, length, max_steps):
    """(width, height, starting length, move limit) of each board: with --boards the length is cut
    to fit and the limit is each board's default unless --max-steps gives one."""
    plans = []
    for width, height in boards:
        fitted = min(length, width, width * height - 1) if args.boards else length
        steps = max_steps if args.max_steps is not None or not args.boards else default_max_steps(
            width, height, args.takeover_from is not None)
        plans.append((width, height, fitted, steps))
    return plans


@contextlib.contextmanager
def engine(args, jobs, run, specs, plot=None):
    """The function that plays the games: --cluster's or --jobs', with --results and --plot in front.

    `run` names the run for --results (its first line) and `specs` are all its games. The
    file is opened before the cluster is reached, so a wrong file costs no connection;
    either refused is a ResultsError or a ClusterError, with nothing played. `plot`, a
    Plot, is shown every game's record."""
    with contextlib.ExitStack() as stack:
        book = None
        if args.results is not None:
            book = Results.open(args.results, run, specs)
            stack.callback(book.close)
            for note in book.notes:
                print(note, file=sys.stderr)
        if args.cluster is not None:
            play = stack.enter_context(Cluster(args.cluster)).play
        else:
            play = functools.partial(play_all, jobs=jobs)
        if book is not None:
            play = book.around(play)
        if plot is not None:
            play = plot.around(play)
        yield play


def run(args, config, start=None):
    """The --headless entry point; returns the process exit code (130 after Ctrl-C).

    `start`: with --load, the game at the logged moment (`config` is then the log's)."""
    try:
        width, height, length, solver_name, seed, max_steps = settings(args, config, start is not None)
        boards = parse_boards(args.boards) if args.boards else [(width, height)]
        narrow = [f"{w}x{h}" for w, h in boards if min(w, h) < 2]
        if args.start_fill is not None and narrow:
            raise configuration.ConfigError(f"--start-fill needs boards at least 2x2, not {narrow[0]}")
        keep = Keeper.from_args(args, config)  # --save-games, --record
    except (configuration.ConfigError, replay.ReplayError) as e:
        print(f"error: {e}", file=sys.stderr)
        return 2
    games = args.games if args.games is not None else (1 if start is not None else DEFAULT_GAMES)
    jobs = args.jobs if args.jobs is not None else os.cpu_count() or 1
    plans = board_plans(args, boards, length, max_steps)
    how = {"takeover_from": args.takeover_from, "takeover_after": args.takeover_after,
           "start_fill": args.start_fill, "move_time": getattr(args, "move_time", None), "start": start}
    specs = [spec for width, height, fitted, steps in plans
             for spec in game_specs(width, height, fitted, solver_name, seed, steps, games, args.soak, **how)]
    run_named = describe_run(plans, solver_name, seed, games, args, log_digest(args.load))
    plot = Plot(args.plot, solver_name) if args.plot is not None else None
    code = None
    try:
        with contextlib.ExitStack() as stack:
            try:
                play = stack.enter_context(engine(args, jobs, run_named, specs, plot))
            except (ResultsError, ClusterError) as e:
                print(f"error: {e}", file=sys.stderr)
                return 2
            code = play_boards(args, config, plans, games, solver_name, seed, keep, play, **how)
    except KeyboardInterrupt:  # while the results file was read, the cluster reached or left
        if code is None:
            print(json.dumps(last_line([], args, interrupted=True)), flush=True)
            print("interrupted: the figures are those of the games finished", file=sys.stderr)
        return 130
    if code == 0 and plot is not None:
        try:
            code = plot.save()
        except KeyboardInterrupt:
            print("interrupted; no plot written", file=sys.stderr)
            return 130
    return code


def play_boards(args, config, plans, games, solver_name, seed, keep, play, **how):
    """Play every board's games with the engine `play`, print the figures; return the exit code."""
    results = []
    try:
        for width, height, fitted, steps in plans:
            progress = Progress(games, f"{width}x{height} {solver_name}")
            try:
                results.append(run_games(width, height, fitted, solver_name, seed, steps, games,
                                         args.soak, progress, keep=keep, play=play, **how))
            except InvariantError as e:
                return report_broken(e, config, width, height, fitted, solver_name)
            except (replay.ReplayError, WorkerLost, ClusterError) as e:
                print(f"error: {e}", file=sys.stderr)
                return 1
            except Interrupted as e:
                results.append(e.figures)
                raise KeyboardInterrupt from None
            if args.boards:
                print(json.dumps(results[-1]), flush=True)
    except KeyboardInterrupt:
        if args.boards and results and results[-1].get("interrupted"):
            print(json.dumps(results[-1]), flush=True)  # the board cut short has its line too
        print(json.dumps(last_line(results, args, interrupted=True)), flush=True)
        print("interrupted: the figures are those of the games finished", file=sys.stderr)
        return 130
    print(json.dumps(last_line(results, args)), flush=True)
    return keep_games(keep)


def log_digest(path):
    """A digest of --load's debug log (None without): the moment a run's games start from."""
    if path is None:
        return None
    with open(path, "rb") as f:
        return hashlib.sha256(f.read()).hexdigest()[:16]


def keep_games(keep):
    """Finish --save-games and --record after the figures; returns the exit code."""
    try:
        for line in keep.finish() if keep is not None else []:
            print(line, file=sys.stderr)
    except replay.ReplayError as e:
        print(f"error: {e}", file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        print("interrupted; no recording written", file=sys.stderr)
        return 130
    return 0


def last_line(results, args, interrupted=False):
    """The run's closing JSON: one board's figures, or the totals of a --boards run."""
    if args.boards:
        return summary(results, interrupted)
    if results:
        return results[0]
    return {"games": 0, "interrupted": True}  # Ctrl-C before the first game began


def summary(results, interrupted=False):
    """Totals over several boards, for the last line of a --boards run."""
    games = sum(r["games"] for r in results)
    total = {key: sum(r[key] for r in results) for key in ("wins", "losses", "stuck", "moves")}
    line = {"solver": results[0]["solver"] if results else None, "boards": [r["board"] for r in results],
            "games": games, **total, "win_rate": round(total["wins"] / games, 4) if games else None,
            "move_ms_p99_worst": max((r["move_ms_p99"] for r in results), default=None),
            "soak": bool(results) and results[0]["soak"], "seconds": round(sum(r["seconds"] for r in results), 2)}
    if results and "handovers" in results[0]:
        line["takeover_from"] = results[0]["takeover_from"]
        for key in ("handovers", "handovers_won", "handovers_lost", "handovers_going"):
            line[key] = sum(r[key] for r in results)
    if interrupted:
        line["interrupted"] = True
    return line


def report_broken(error, config, width, height, length, solver_name):
    """Dump the failing moment (kept by InvariantError.game) and say where, in one line."""
    game = getattr(error, "game", None)
    where = ""
    if game is not None:
        block = config["block-size"]
        logged = dict(config, **{"window-width": width * block, "window-height": height * block,
                                 "initial-length": length, "solver": solver_name, "auto": True})
        try:
            where = f"; state written to {debuglog.write(game, logged, getattr(error, 'solver', None))}"
        except debuglog.DebugLogError as e:
            where = f"; {e}"
    print(f"invariant broken: {error}{where}", file=sys.stderr)
    return 1
