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
import solvers
from files import debuglog, replay
from game import WON
from headless.cluster_error import ClusterError
from headless.figures import Progress, Reports, Tally, comparison
from headless.flags import DEFAULT_GAMES, default_max_steps, parse_boards, settings
from headless.games import GameSpec
from headless.jobs import WorkerLost, play_all
from headless.keep import Keeper
from headless.plot import Plot, plot_of
from headless.results import Games, Results, ResultsError, describe_run
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
def engine(args, jobs, run, specs, plot=None, report=None, codec=Games):
    """The function that plays the games: --cluster's or --jobs', with --results and --plot in front.

    `run` names the run for --results (its first line) and `specs` are all its games. The
    file is opened before the cluster is reached, so a wrong file costs no connection;
    either refused is a ResultsError or a ClusterError, with nothing played. `plot`, a
    Plot, is shown every game's record; `report`, a long game's progress, when played here;
    `codec`, how --results keeps the games (a tournament's rounds have their own)."""
    with contextlib.ExitStack() as stack:
        book = None
        if args.results is not None:
            book = Results.open(args.results, run, specs, codec)
            stack.callback(book.close)
            for note in book.notes:
                print(note, file=sys.stderr)
        if args.cluster is not None:
            from headless.cluster import Cluster  # only --cluster: the code it ships, the Dask client
            refs = {ref for spec in specs for ref in spec.refs}
            play = stack.enter_context(Cluster(args.cluster, sorted(refs))).play
        else:
            play = functools.partial(play_all, jobs=jobs, report=report)
        if book is not None:
            play = book.around(play)
        if plot is not None:
            play = plot.around(play)
        yield play


def run(args, config, start=None):
    """The --headless entry point; returns the process exit code (130 after Ctrl-C).

    `start`: with --load, the game at the logged moment (`config` is then the log's)."""
    try:
        width, height, length, refs, seed, max_steps = settings(args, config, start is not None)
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
    specs = [spec for width, height, fitted, steps in plans for ref in refs
             for spec in game_specs(width, height, fitted, ref, seed, steps, games, args.soak, **how)]
    run_named = describe_run(plans, refs, seed, games, args, log_digest(args.load))
    plot, refused = plot_of(args, run_named, Plot)
    if refused:
        print(f"error: {refused}", file=sys.stderr)
        return 2
    code = None
    reports = Reports()
    try:
        with contextlib.ExitStack() as stack:
            try:
                play = stack.enter_context(engine(args, jobs, run_named, specs, plot, reports))
            except (ResultsError, ClusterError) as e:
                print(f"error: {e}", file=sys.stderr)
                return 2
            code = play_boards(args, config, plans, refs, games, seed, keep, play, plot, reports, **how)
    except KeyboardInterrupt:  # while the results file was read, the cluster reached or left
        if code is None:
            print(json.dumps(last_line([], args, interrupted=True)), flush=True)
            print("interrupted: the figures are those of the games finished", file=sys.stderr)
        return 130
    return code


def play_boards(args, config, plans, refs, games, seed, keep, play, plot=None, reports=None, **how):
    """Play every board's games, with each solver of `refs` in turn, with the engine `play`; print
    the figures (a JSON line per board and solver, then with several solvers a table per board),
    keep the games (`keep`) and draw them (`plot`); return the exit code: 1 if a game failed (its
    solver broke the contract), as when a file could not be written."""
    results = []
    several = len(refs) > 1
    try:
        for width, height, fitted, steps in plans:
            for ref in refs:
                name = solvers.name_of(ref)
                progress = Progress(games, f"{width}x{height} {name}")
                if reports is not None:
                    reports.progress = progress
                try:
                    results.append(run_games(width, height, fitted, ref, seed, steps, games,
                                             args.soak, progress, keep=keep, play=play, **how))
                except InvariantError as e:
                    return report_broken(e, config, width, height, fitted, ref)
                except (replay.ReplayError, WorkerLost, ClusterError, solvers.SolverError) as e:
                    print(f"error: {e}", file=sys.stderr)
                    return 1
                except Interrupted as e:
                    results.append(e.figures)
                    raise KeyboardInterrupt from None
                report_failures(results[-1])
                if args.boards or several:
                    print(json.dumps(results[-1]), flush=True)
    except KeyboardInterrupt:
        if (args.boards or several) and results and results[-1].get("interrupted"):
            print(json.dumps(results[-1]), flush=True)  # the board cut short has its line too
        if several:
            print_tables(results)
        else:
            print(json.dumps(last_line(results, args, interrupted=True)), flush=True)
        print("interrupted: the figures are those of the games finished", file=sys.stderr)
        return 130
    if several:
        print_tables(results)
    else:
        print(json.dumps(last_line(results, args)), flush=True)
    kept = keep_games(keep)
    drawn = draw(plot) if kept == 0 else 0
    return kept or drawn or (1 if any(r["failed"] for r in results) else 0)


def draw(plot):
    """Write --plot's PNG, if asked; the exit code (130 after Ctrl-C)."""
    if plot is None:
        return 0
    try:
        return plot.save()
    except KeyboardInterrupt:
        print("interrupted; no plot written", file=sys.stderr)
        return 130


def report_failures(figures):
    """Say on stderr which games of a board failed, and why (the first few, then how many more)."""
    for failure in figures.get("failures", []):
        print(f"failed: {figures['board']} seed {failure['seed']}: {failure['why']}", file=sys.stderr)
    more = figures["failed"] - len(figures.get("failures", []))
    if more > 0:
        print(f"failed: {more} more games of {figures['solver']} on {figures['board']}", file=sys.stderr)


def print_tables(results):
    """The solvers side by side: a table per board, on stdout after the JSON lines."""
    for line in comparison(results):
        print(line)
    sys.stdout.flush()


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
    total = {key: sum(r[key] for r in results) for key in ("wins", "losses", "stuck", "failed", "moves")}
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
    print(f"error: invariant broken: {error}{where}", file=sys.stderr)
    return 1
