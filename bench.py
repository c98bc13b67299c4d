"""The headless runner: play many games with an autopilot and print what it achieved.

`python main.py --headless --games N ...`; the last line of stdout is one JSON object.
With --soak every move is checked against the rules; a broken invariant stops the run
with the failing state dumped as a debug log. No pygame here.
"""
import json
import sys
import time

import config as configuration
import debuglog
import replay
import solver as solvers
from game import Game, LOST, PLAYING, WON
from loops import LoopWatch
from snake import body_fault, step as step_cell

HIST_NS = 1000  # timing histogram bucket width: 1 microsecond
HIST_BUCKETS = 100_000  # buckets up to 100 ms; slower moves fall in the last one (max is kept)


class InvariantError(Exception):
    """A rule of the game was broken during a soak run."""


def add_arguments(parser):
    group = parser.add_argument_group("headless benchmark")
    group.add_argument("--headless", action="store_true", help="run games with no window and print figures")
    group.add_argument("--games", type=int, default=100, metavar="N", help="games to play (default 100)")
    group.add_argument("--width", type=int, metavar="W", help="board width in cells (default: from the config)")
    group.add_argument("--height", type=int, metavar="H", help="board height in cells (default: from the config)")
    group.add_argument("--solver", metavar="NAME", help="autopilot: " + ", ".join(solvers.SOLVERS))
    group.add_argument("--seed", type=int, metavar="S", help="seed of game 1; game i uses S+i-1 (default 1)")
    group.add_argument("--initial-length", type=int, metavar="L", help="starting length (default: config)")
    group.add_argument("--max-steps", type=int, metavar="M", help="moves before a game counts as stuck (default 100*W*H)")
    group.add_argument("--soak", action="store_true", help="check every rule on every move")
    group.add_argument("--boards", metavar="WxH,...",
                       help="play --games games on each of these boards (e.g. 1x2,3x3,8x8); "
                            "the starting length is cut to fit each board")


class Timing:
    """Time per move in a fixed histogram: exact mean, p99 to the microsecond, constant memory."""

    def __init__(self):
        self.counts = [0] * HIST_BUCKETS
        self.total_ns = 0
        self.moves = 0
        self.max_ns = 0

    def add(self, ns):
        self.counts[min(ns // HIST_NS, HIST_BUCKETS - 1)] += 1
        self.total_ns += ns
        self.moves += 1
        if ns > self.max_ns:
            self.max_ns = ns

    def mean_ms(self):
        return self.total_ns / self.moves / 1e6 if self.moves else 0.0

    def percentile_ms(self, q):
        if not self.moves:
            return 0.0
        rank, seen = q * self.moves, 0
        for bucket, count in enumerate(self.counts):
            seen += count
            if seen >= rank:
                return min((bucket + 1) * HIST_NS, self.max_ns) / 1e6
        return self.max_ns / 1e6


def settings(args, config):
    """The run's board, solver and limits from the flags, else the config; errors as one line."""
    width, height = configuration.board_size(config)
    width = args.width if args.width is not None else width
    height = args.height if args.height is not None else height
    length = args.initial_length if args.initial_length is not None else config["initial-length"]
    solver = args.solver or config["solver"]
    seed = args.seed if args.seed is not None else (config["seed"] if config["seed"] is not None else 1)
    if args.games < 1:
        raise configuration.ConfigError("--games must be at least 1")
    if width < 1 or height < 1 or length < 1:
        raise configuration.ConfigError("--width, --height and --initial-length must be at least 1")
    if solver not in solvers.SOLVERS:
        raise configuration.ConfigError(f"--solver must be one of {', '.join(solvers.SOLVERS)}, got {solver}")
    configuration.check_board(width, height, length, "the headless board")
    max_steps = args.max_steps if args.max_steps is not None else 100 * width * height
    if max_steps < 1:
        raise configuration.ConfigError("--max-steps must be at least 1")
    return width, height, length, solver, seed, max_steps


def expect_death(snake, direc):
    """Whether the rules say moving in `direc` now ends the game (used to audit the game)."""
    cell = step_cell(snake.head(), direc)
    if not snake.on_board(cell):
        return True
    return cell in snake.cells and not (cell == snake.tail() and not snake.has_eaten())


def check_invariants(game, length_before, fruit_before, died_expected):
    """Raise InvariantError naming the first rule the last move broke."""
    snake, body = game.snake, game.snake.body
    if game.state == LOST:
        if not died_expected:
            raise InvariantError("the game was lost by a move the rules allow")
        return
    if died_expected:
        raise InvariantError("a deadly move did not end the game")
    fault = body_fault(list(body), game.width, game.height)
    if fault:
        raise InvariantError(fault)
    if snake.cells != set(body):
        raise InvariantError("the snake's cell set does not match its body")
    if len(snake) != game.initial_length + game.eaten:
        raise InvariantError("length is not the initial length plus the fruits eaten")
    grew = len(snake) - length_before
    if grew not in (0, 1) or grew != (snake.head() == fruit_before):
        raise InvariantError("the snake grew without eating, or ate without growing")
    fruit = game.fruit.last_generate
    if game.state == WON:
        if len(snake) != game.cells or fruit is not None:
            raise InvariantError("the game was won without a full board")
    elif fruit is None or snake.at(fruit) or not snake.on_board(fruit):
        raise InvariantError("the fruit is not on a free cell")


def play(game, solver, max_steps, timing, soak):
    """Play one game to its end, to `max_steps` moves, or until a memoryless autopilot is
    proven to circle forever; return 'won', 'lost' or 'stuck'."""
    clock = time.perf_counter_ns
    snake_turn = game.snake.turn
    watch = LoopWatch() if solver.memoryless else None
    while game.state == PLAYING and game.steps < max_steps:
        start = clock()
        direc = solver.next_direction()
        timing.add(clock() - start)
        if not soak:
            snake_turn(direc)
            game.step()
        else:
            try:
                soak_step(game, direc)
            except InvariantError as e:
                e.game, e.solver = game, solver  # so the failing moment can be dumped
                raise
        if watch is not None and watch.see(game.snake, game.fruit.last_generate):
            break  # it would replay the same moves for ever: stuck, as at max_steps
    return game.state if game.state != PLAYING else "stuck"


def soak_step(game, direc):
    """Play one move in `direc` and audit it against the rules."""
    if game.snake.is_reversal(direc):
        raise InvariantError(f"the autopilot reversed onto its neck ({direc.name})")
    length, fruit = len(game.snake), game.fruit.where()
    game.snake.turn(direc)
    died = expect_death(game.snake, direc)
    game.step()
    check_invariants(game, length, fruit, died)


class Progress:
    """Progress on stderr: a bar on a terminal, a line every tenth of the run otherwise."""

    def __init__(self, total, stream=sys.stderr):
        self.total, self.stream = total, stream
        self.tty = stream.isatty()
        self.shown = -1

    def update(self, done, wins):
        if self.tty:
            filled = 30 * done // self.total
            self.stream.write(f"\r[{'#' * filled}{'.' * (30 - filled)}] {done}/{self.total} games, {wins} won")
            if done == self.total:
                self.stream.write("\n")
            self.stream.flush()
        elif 10 * done // self.total > self.shown:
            self.shown = 10 * done // self.total
            print(f"{done}/{self.total} games, {wins} won", file=self.stream, flush=True)


def run_games(width, height, length, solver_name, seed, max_steps, games, soak=False, progress=None,
              keep=None):
    """Play `games` seeded games and return the figures as a dict.

    `keep`, if given, is handed each game's replay.Replay (plain, picklable data).
    """
    timing = Timing()
    outcomes = {WON: 0, LOST: 0, "stuck": 0}
    total_length = total_steps = won_steps = min_length = 0
    started = time.perf_counter()
    for i in range(games):
        game = Game(width, height, length, seed + i)
        outcome = play(game, solvers.make_solver(solver_name, game), max_steps, timing, soak)
        if keep is not None:
            keep(replay.Replay.of(game, solver_name))
        outcomes[outcome] += 1
        total_length += len(game.snake)
        total_steps += game.steps
        won_steps += game.steps if outcome == WON else 0
        min_length = len(game.snake) if i == 0 else min(min_length, len(game.snake))
        if progress:
            progress.update(i + 1, outcomes[WON])
    return {
        "solver": solver_name,
        "board": f"{width}x{height}",
        "games": games,
        "wins": outcomes[WON],
        "losses": outcomes[LOST],
        "stuck": outcomes["stuck"],
        "win_rate": round(outcomes[WON] / games, 4),
        "avg_length": round(total_length / games, 2),
        "min_length": min_length,
        "avg_fill": round(total_length / games / (width * height), 4),
        "avg_steps": round(total_steps / games, 1),
        "avg_steps_won": round(won_steps / outcomes[WON], 1) if outcomes[WON] else None,
        "move_ms_mean": round(timing.mean_ms(), 4),
        "move_ms_p99": round(timing.percentile_ms(0.99), 4),
        "move_ms_max": round(timing.max_ns / 1e6, 3),
        "moves": timing.moves,
        "initial_length": length,
        "max_steps": max_steps,
        "seed": seed,
        "soak": soak,
        "seconds": round(time.perf_counter() - started, 2),
    }


def parse_boards(text):
    """'1x2,3x3' -> [(1, 2), (3, 3)]; a board must have room for a snake and a fruit."""
    boards = []
    for item in text.split(","):
        try:
            width, height = (int(n) for n in item.strip().lower().split("x"))
        except ValueError:
            raise configuration.ConfigError(f"--boards: {item.strip()!r} is not WxH") from None
        if width < 1 or height < 1 or width * height < 2:
            raise configuration.ConfigError(f"--boards: {item.strip()} has no room for a snake and a fruit")
        boards.append((width, height))
    return boards


def run(args, config):
    """The --headless entry point; returns the process exit code."""
    try:
        width, height, length, solver_name, seed, max_steps = settings(args, config)
        boards = parse_boards(args.boards) if args.boards else [(width, height)]
        keep = replay.Keeper.from_args(args, config)  # --save-games, --record
    except (configuration.ConfigError, replay.ReplayError) as e:
        print(f"error: {e}", file=sys.stderr)
        return 2
    results = []
    for width, height in boards:
        fitted = min(length, width, width * height - 1) if args.boards else length
        steps = max_steps if args.max_steps is not None or not args.boards else 100 * width * height
        try:
            results.append(run_games(width, height, fitted, solver_name, seed, steps, args.games,
                                     args.soak, Progress(args.games), keep))
        except InvariantError as e:
            return report_broken(e, config, width, height, fitted, solver_name)
        except replay.ReplayError as e:
            print(f"error: {e}", file=sys.stderr)
            return 1
        except KeyboardInterrupt:
            print("interrupted", file=sys.stderr)
            return 130
        if args.boards:
            print(json.dumps(results[-1]), flush=True)
    print(json.dumps(results[0] if len(results) == 1 and not args.boards else summary(results)), flush=True)
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


def summary(results):
    """Totals over several boards, for the last line of a --boards run."""
    games = sum(r["games"] for r in results)
    total = {key: sum(r[key] for r in results) for key in ("wins", "losses", "stuck", "moves")}
    return {"solver": results[0]["solver"], "boards": [r["board"] for r in results], "games": games,
            **total, "win_rate": round(total["wins"] / games, 4),
            "move_ms_p99_worst": max(r["move_ms_p99"] for r in results),
            "soak": results[0]["soak"], "seconds": round(sum(r["seconds"] for r in results), 2)}


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
