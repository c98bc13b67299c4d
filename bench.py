"""The headless runner: play many games with an autopilot and print what it achieved.

`python main.py --headless --games N ...`; the last line of stdout is one JSON object.
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
import collections
import contextlib
import copy
import json
import multiprocessing
import os
import signal
import sys
import time
from types import SimpleNamespace
from typing import NamedTuple, Optional

import config as configuration
from hamilton import grid as cells
import solver as solvers
from files import debuglog, replay
from game import Game, LOST, PLAYING, WON
from loops import LoopWatch
from hamilton.celltree import CellTree
from snake import Snake, body_fault, direction_between, step as step_cell
from hamilton.endgame import LIMIT as PROOF_WORK, WORK as PROOF_WORK_A_MOVE

HIST_NS = 1000  # timing histogram bucket width: 1 microsecond
HIST_BUCKETS = 100_000  # buckets up to 100 ms; slower moves fall in the last one (max is kept)
DEFAULT_GAMES = 100  # games per board when --games is not given
PROOF_MOVES = PROOF_WORK // PROOF_WORK_A_MOVE  # moves a hand-over's endgame proof may circle (48,828)
BATCHES_PER_JOB = 8  # games go to each worker in about this many batches: few messages, even load ...
BATCH_MAX = 20  # ... of at most this many games, so progress keeps moving
AHEAD_PER_JOB = 2  # batches handed out per worker before waiting for the oldest: none idles


class InvariantError(Exception):
    """A rule of the game was broken during a soak run."""


def add_arguments(parser):
    """The headless-only flags (main.py adds the game flags both modes share: --solver, --seed, ...)."""
    group = parser.add_argument_group("headless benchmark (only with --headless)")
    group.add_argument("--headless", action="store_true", help="run games with no window and print figures")
    group.add_argument("--games", type=int, metavar="N", help=f"games to play (default {DEFAULT_GAMES})")
    group.add_argument("--max-steps", type=int, metavar="M",
                       help=f"moves before a game counts as stuck (default 100*W*H, and {PROOF_MOVES:,} more "
                            "with --takeover-from: the moves the longest endgame proof circles)")
    group.add_argument("--soak", action="store_true", help="check every rule on every move")
    group.add_argument("--boards", metavar="WxH,...",
                       help="play --games games on each of these boards (e.g. 1x2,3x3,8x8); "
                            "the starting length is cut to fit each board")
    group.add_argument("--takeover-from", metavar="NAME",
                       help="play each game with this memoryless autopilot (greedy) until it is proven to "
                            "circle forever, then hand the position to --solver; the figures add how many "
                            "hand-overs were won, lost or still going")
    group.add_argument("--takeover-after", type=int, metavar="M",
                       help="with --takeover-from: hand the game over after M moves of the first autopilot "
                            "(sooner if its loop is proven first): a hand-over in the middle of a game")
    group.add_argument("--start-fill", type=float, metavar="F",
                       help="start each game with the snake already filling fraction F of the board "
                            "(0 <= F < 1), laid along a Hamiltonian cycle as hamilton lays it: the cost "
                            "of a move late in a game without playing there first")
    group.add_argument("--jobs", type=int, metavar="N",
                       help="games played at once, in worker processes (default: the machine's cores, "
                            f"{os.cpu_count() or 1} here); the figures do not depend on it, timings aside")


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


def default_max_steps(width, height, handed_over=False):
    """100 moves a cell; with a hand-over (--takeover-from, --load), PROOF_MOVES more, so that a proof
    the taker makes near the end (it circles while the proof goes on: endgame.py) can finish before
    the game is called stuck."""
    return 100 * width * height + (PROOF_MOVES if handed_over else 0)


def settings(args, config, loaded=False):
    """The run's board, solver and limits from the flags, else the config; errors as one line.

    `loaded`: the games start from a debug log's moment (--load), whose config this is. Its
    fruits are then the log's own unless --seed gives others, so no seed is the default."""
    width, height = configuration.board_size(config)
    width = args.width if args.width is not None else width
    height = args.height if args.height is not None else height
    length = args.initial_length if args.initial_length is not None else config["initial-length"]
    solver = args.solver or config["solver"]
    seed = args.seed if args.seed is not None else (config["seed"] if config["seed"] is not None else 1)
    if args.games is not None and args.games < 1:
        raise configuration.ConfigError("--games must be at least 1")
    if loaded:
        seed = args.seed
        if seed is None and args.games not in (None, 1):
            raise configuration.ConfigError("--games with --load needs --seed S: without it every game "
                                            "would get the log's own fruits, the same game each time")
    if args.jobs is not None and args.jobs < 1:
        raise configuration.ConfigError("--jobs must be at least 1")
    if width < 1 or height < 1 or length < 1:
        raise configuration.ConfigError("--width, --height and --initial-length must be at least 1")
    if solver not in solvers.SOLVERS:
        raise configuration.ConfigError(f"--solver must be one of {', '.join(solvers.SOLVERS)}, got {solver}")
    configuration.check_board(width, height, length, "the headless board")
    first = getattr(args, "takeover_from", None)
    if first is not None and (first not in solvers.SOLVERS or not solvers.SOLVERS[first].memoryless):
        memoryless = [name for name, kind in solvers.SOLVERS.items() if kind.memoryless]
        raise configuration.ConfigError(f"--takeover-from needs an autopilot whose endless loops can be proven: "
                                        f"one of {', '.join(memoryless)}, got {first}")
    after = getattr(args, "takeover_after", None)
    if after is not None and (first is None or after < 1):
        raise configuration.ConfigError("--takeover-after M needs --takeover-from and M at least 1")
    max_steps = args.max_steps if args.max_steps is not None else default_max_steps(
        width, height, first is not None or loaded)
    if max_steps < 1:
        raise configuration.ConfigError("--max-steps must be at least 1")
    check_start_fill(args)
    return width, height, length, solver, seed, max_steps


def check_start_fill(args):
    """--start-fill: a fraction below 1, and not with flags that need a game played from its start."""
    fill = getattr(args, "start_fill", None)
    if fill is None:
        return
    if not 0 <= fill < 1:  # also refuses nan
        raise configuration.ConfigError(f"--start-fill must be at least 0 and below 1, got {fill}")
    for dest in ("takeover_from", "save_games", "record"):
        if getattr(args, dest, None) is not None:
            raise configuration.ConfigError(f"--start-fill cannot be used with --{dest.replace('_', '-')}: "
                                            "a replay starts from the spec's starting snake")


def lay_out(game, fraction):
    """Start `game` with the snake holding `fraction` of the board (at least its starting
    length), along the outline of a spanning tree of 2x2 blocks: a Hamiltonian cycle (odd x
    odd: of every cell but one). The tail starts on a cell of the cycle the game's generator
    picks, the head leads along it, and the fruit goes on a free cell, also picked by the
    generator, so a seed gives the same start. hamilton's own body always lies so."""
    width, height = game.width, game.height
    tree = CellTree(width, height)
    outline = tree.spanning_tree([0])
    cycle = [0]  # cell 0 is never the one an odd x odd tree leaves out (that is the far corner)
    while len(cycle) < width * height - (tree.skipped >= 0):
        cycle.append(tree.next_on_outline(outline, cycle[-1]))
    length = min(max(game.initial_length, round(fraction * width * height)), len(cycle) - 1)
    start = game.rng.randrange(len(cycle))
    flat = [cycle[(start + k) % len(cycle)] for k in range(length)][::-1]  # head first
    grid = cells.Grid(width, height)
    body = [grid.cell(c) for c in flat]
    direc = direction_between(body[1], body[0]) if length > 1 else game.snake.direction()
    taken = set(flat)
    fruit = grid.cell(game.rng.choice([c for c in range(width * height) if c not in taken]))
    game.restore(Snake(width, height, body, direc), fruit, 0, length - game.initial_length)


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
    """Play one game to its end, to `max_steps` moves (or on while the autopilot holds a proof
    that it wins: a proven endgame route can be long), or until a memoryless autopilot is
    proven to circle forever; return 'won', 'lost' or 'stuck'."""
    clock = time.perf_counter_ns
    snake_turn = game.snake.turn
    watch = LoopWatch() if solver.memoryless else None
    while game.state == PLAYING and (game.steps < max_steps or solver.proven_win()):
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
    """Progress on stderr, naming the board: a bar on a terminal, a line every tenth of the run otherwise."""

    def __init__(self, total, label, stream=sys.stderr):
        self.total, self.label, self.stream = total, label, stream
        self.tty = stream.isatty()
        self.shown = -1

    def update(self, done, wins):
        if self.tty:
            filled = 30 * done // self.total
            self.stream.write(f"\r{self.label} [{'#' * filled}{'.' * (30 - filled)}] "
                              f"{done}/{self.total} games, {wins} won")
            if done == self.total:
                self.stream.write("\n")
            self.stream.flush()
        elif 10 * done // self.total > self.shown:
            self.shown = 10 * done // self.total
            print(f"{self.label}: {done}/{self.total} games, {wins} won", file=self.stream, flush=True)

    def stop(self):
        """End a bar cut short (Ctrl-C), so what follows starts on a line of its own."""
        if self.tty:
            self.stream.write("\n")
            self.stream.flush()


class GameSpec(NamedTuple):
    """One game to play, as `play_game` takes it (plain data: it is sent to worker processes)."""

    width: int
    height: int
    length: int
    solver: str
    seed: int
    max_steps: int
    soak: bool = False
    keep: bool = False  # add the game's replay.Replay to its record (--save-games, --record)
    takeover_from: Optional[str] = None  # play this autopilot first, until its loop is proven ...
    takeover_after: Optional[int] = None  # ... or for this many moves, whichever comes first
    start_fill: Optional[float] = None  # start with the snake filling this fraction of the board (lay_out)
    start: Optional[Game] = None  # --load: start from a copy of this game at a logged moment; seed may be None


def starting_game(spec):
    """The game `spec` starts: a new one, one already `start_fill` full, or a copy of the logged
    moment (--load), whose later fruits come from `spec.seed` if it is given, else from the log."""
    if spec.start is None:
        game = Game(spec.width, spec.height, spec.length, spec.seed)
        if spec.start_fill is not None:
            lay_out(game, spec.start_fill)
        return game
    game = copy.deepcopy(spec.start)
    if spec.seed is not None:
        game.seed = spec.seed
        game.rng.seed(spec.seed)
    return game


def play_game(spec):
    """Play the game `spec` describes and return its record: plain, picklable data.

    This is the runner's one per-game function; with --jobs it runs in worker processes.
    Record keys: "seed", "outcome" ("won", "lost" or "stuck"), "length", "steps" (moves played
    from the start, which for --load is the logged moment),
    "timing" (a Timing, of `spec.solver`'s moves), "handover" (with `spec.takeover_from`:
    whether the first autopilot's loop was proven and the game handed over) and, when
    `spec.keep`, "replay" (the game's replay.Replay).
    """
    game = starting_game(spec)
    first_step = game.steps
    timing = Timing()
    handover = None
    if spec.takeover_from is not None:
        handover, outcome = hand_over(game, spec.takeover_from, spec.max_steps, spec.soak, spec.takeover_after)
    if handover is not False:  # no hand-over asked for, or one made
        outcome = _play_audited(game, solvers.make_solver(spec.solver, game), game.steps + spec.max_steps,
                                timing, spec.soak)
    record = {"seed": spec.seed, "outcome": outcome, "length": len(game.snake), "steps": game.steps - first_step,
              "timing": timing}
    if handover is not None:
        record["handover"] = handover
    if spec.keep:
        drivers = [spec.solver] if spec.takeover_from is None else [spec.takeover_from] + [spec.solver] * handover
        record["replay"] = replay.Replay.of(game, replay.solver_label(drivers))
    return record


def hand_over(game, first, max_steps, soak=False, after=None):
    """(whether, outcome): play the autopilot named `first` until its endless loop is proven or,
    with `after`, for that many moves (the game is then at the position it hands over: whether
    is True), or until the game ends or `max_steps` more moves pass (whether is False; outcome
    as play() says)."""
    limit = game.steps + max_steps
    handing = limit if after is None else min(limit, game.steps + after)
    outcome = _play_audited(game, solvers.make_solver(first, game), handing, Timing(), soak)
    return outcome == "stuck" and (game.steps < limit or handing < limit), outcome


def _play_audited(game, autopilot, max_steps, timing, soak):
    """play() one autopilot; a broken rule keeps just its name and decision, which workers can send."""
    try:
        return play(game, autopilot, max_steps, timing, soak)
    except InvariantError as e:
        e.solver = SimpleNamespace(name=autopilot.name, decision=autopilot.decision)
        raise


def _process_context():
    """Fork where there is fork: workers start at once and see the parent's registry of autopilots."""
    if "fork" in multiprocessing.get_all_start_methods():
        return multiprocessing.get_context("fork")
    return multiprocessing.get_context()


def _play_batch(specs):
    """Play a few games in one message to a worker: tiny games would be all messages otherwise."""
    return [play_game(spec) for spec in specs]


def play_all(specs, jobs=1):
    """Yield the record of every game in `specs`, in order: here, or in `jobs` worker processes.

    Closing the generator (Ctrl-C, a broken rule) stops the workers at once. Only a few
    batches are handed out ahead, so a stopped pool never waits on a full queue of games.
    """
    if jobs <= 1 or len(specs) <= 1:
        for spec in specs:
            yield play_game(spec)
        return
    jobs = min(jobs, len(specs))
    size = max(1, min(len(specs) // (jobs * BATCHES_PER_JOB), BATCH_MAX))
    # Workers are born ignoring Ctrl-C: the main process alone stops them and reports, so
    # the terminal shows no tracebacks from workers.
    previous = signal.signal(signal.SIGINT, signal.SIG_IGN)
    try:
        pool = _process_context().Pool(jobs)
    finally:
        signal.signal(signal.SIGINT, previous)
    try:
        pending = collections.deque()
        for start in range(0, len(specs), size):
            pending.append(pool.apply_async(_play_batch, (specs[start:start + size],)))
            if len(pending) >= AHEAD_PER_JOB * jobs:
                yield from pending.popleft().get()
        while pending:
            yield from pending.popleft().get()
    finally:
        pool.terminate()
        pool.join()


class Keeper:
    """What the headless runner does with each game it finishes: --save-games and --record."""

    def __init__(self, args, config):
        self.directory = getattr(args, "save_games", None)
        self.record = getattr(args, "record", None)
        self.args, self.config = args, config
        self.written = self.found = 0
        self.recorded = None  # the one game --record draws

    @classmethod
    def from_args(cls, args, config):
        """A Keeper for these flags, its folder made; None when neither flag is given."""
        if getattr(args, "save_games", None) is None and getattr(args, "record", None) is None:
            return None
        keeper = cls(args, config)
        if keeper.directory is not None:
            try:
                os.makedirs(keeper.directory, exist_ok=True)
            except OSError as e:
                raise replay.ReplayError(f"--save-games: cannot make {keeper.directory}: {e.strerror or e}") from None
        return keeper

    def __call__(self, record):
        if self.directory is not None:
            written = replay.write(record, self.directory)[1]
            self.written += written
            self.found += not written
        if self.record is not None:
            self.recorded = record

    def finish(self):
        """Write the recording, if any; return the lines that say what was kept."""
        lines = []
        if self.directory is not None:
            again = f" ({self.found} already there)" if self.found else ""
            lines.append(f"replays: {self.written} written in {self.directory}{again}")
        if self.recorded is not None:
            from files import gif  # drawing needs pygame, which the runner itself does without
            lines.append(gif.save_as_asked(self.recorded, self.args, self.config))
        return lines


class Interrupted(Exception):
    """Ctrl-C during a run; `figures` holds those of the games finished before it."""

    def __init__(self, figures):
        super().__init__("interrupted")
        self.figures = figures


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
