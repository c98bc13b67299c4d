"""The headless runner: play many games with an autopilot and print what it achieved.

`main.py --headless --games N ...`; the last line of stdout is one JSON object.
With --soak every move is checked against the rules; a broken invariant stops the run
with the failing state dumped as a debug log. No pygame here.

One game is one call of `play_game(GameSpec)`, which returns the game's record; `--jobs N`
runs those calls in N worker processes (a few games per message) and adds the records up in
game order, so the figures are those of one process, timings aside. Ctrl-C keeps the
figures of the games finished so far:

    specs --> play_game --+   (in this process, or in worker processes 1..N)
              play_game --+--> records --> Tally.add --> figures: one JSON line
              play_game --+
"""
import contextlib
import json
import os
import sys
import time

import config as configuration
from files import debuglog, replay
from game import WON
from headless.figures import Progress, Tally
from headless.flags import DEFAULT_GAMES, default_max_steps, parse_boards, settings
from headless.games import GameSpec
from headless.jobs import play_all
from headless.keep import Keeper
from headless.soak import InvariantError


class Interrupted(Exception):
    """Ctrl-C during a run; `figures` holds those of the games finished before it."""

    def __init__(self, figures):
        super().__init__("interrupted")
        self.figures = figures


def run_games(width, height, length, solver_name, seed, max_steps, games, soak=False, progress=None, jobs=1,
              keep=None, **how):
    """Play `games` seeded games (game i with seed `seed`+i-1) and return the figures as a dict.

    `how`: GameSpec's optional fields, the same for every game (takeover_from, takeover_after,
    start_fill, start). With `start` (--load) `seed` may be None: one game, the log's own fruits.
    `keep`, if given, is handed each game's replay.Replay, in game order. Ctrl-C raises
    Interrupted, which holds the figures of the games finished by then.
    """
    specs = [GameSpec(width, height, length, solver_name, None if seed is None else seed + i, max_steps, soak,
                      keep is not None, **how) for i in range(games)]
    tally = Tally(specs[0])
    started = time.perf_counter()
    try:
        with contextlib.closing(play_all(specs, jobs)) as records:
            for record in records:
                tally.add(record)
                if keep is not None:
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
    results = []
    try:
        for width, height in boards:
            fitted = min(length, width, width * height - 1) if args.boards else length
            steps = max_steps if args.max_steps is not None or not args.boards else default_max_steps(
                width, height, args.takeover_from is not None)
            progress = Progress(games, f"{width}x{height} {solver_name}")
            try:
                results.append(run_games(width, height, fitted, solver_name, seed, steps, games,
                                         args.soak, progress, jobs, keep, takeover_from=args.takeover_from,
                                         takeover_after=args.takeover_after, start_fill=args.start_fill,
                                         move_time=getattr(args, "move_time", None),
                                         start=start))
            except InvariantError as e:
                return report_broken(e, config, width, height, fitted, solver_name)
            except replay.ReplayError as e:
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
