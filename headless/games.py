"""One game of the headless runner, from its spec to its record. No pygame here.

`play_game(GameSpec)` is the runner's one per-game function: it builds the starting game
(new, laid out to --start-fill, or a copy of a --load moment), plays the --takeover-from
solver first if asked, then the solver measured, and returns plain, picklable data,
so a worker process can send it back.
"""
import copy
import time
from types import SimpleNamespace
from typing import NamedTuple, Optional

import solvers
from solvers.guard import Guarded, SolverFailed
from files import replay
from game import Game, PLAYING
from hamilton import grid as cells
from hamilton.celltree import CellTree
from headless.figures import Timing
from headless.soak import InvariantError, audit, audit_rules
from play import Drive
from snake import Snake, direction_between

BATCHES_PER_WORKER = 8  # games go to each worker in about this many batches: few messages, even load ...
BATCH_MAX = 20  # ... of at most this many games, so progress keeps moving
REPORT_SECONDS = 10  # a long game played here says how far it has got this often

class GameSpec(NamedTuple):
    """One game to play, as `play_game` takes it (plain data: it is sent to worker processes)."""

    width: int
    height: int
    length: int
    solver: str  # its ref (solvers/): a built-in's name, or FILE.py:CLASS with the path absolute, or MODULE:CLASS
    seed: int
    max_steps: int
    soak: bool = False
    keep: bool = False  # add the game's replay.Replay to its record (--save-games, --record)
    takeover_from: Optional[str] = None  # play this solver (a ref) first, until its loop is proven ...
    takeover_after: Optional[int] = None  # ... or for this many moves, whichever comes first
    start_fill: Optional[float] = None  # start with the snake filling this fraction of the board (lay_out)
    start: Optional[Game] = None  # --load: start from a copy of this game at a logged moment; seed may be None
    move_time: Optional[float] = None  # --move-time: seconds a move, thought through as the window would


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


def play_game(spec, report=None):
    """Play the game `spec` describes and return its record: plain, picklable data.

    This is the runner's one per-game function; with --jobs or --cluster it runs in worker
    processes (play_batch). `report(game)`, if given, is called every REPORT_SECONDS of a long
    game, with the game as it stands (the runner's progress, when it plays a game here).
    Record keys: "seed", "outcome" ("won", "lost", "stuck" or "failed"), "length", "steps"
    (moves played from the start, which for --load is the logged moment), "timing" (a
    Timing, of `spec.solver`'s moves), "handover" (with `spec.takeover_from`: whether the
    first solver's loop was proven and the game handed over), "failure" (when it failed: the
    one line of solvers.guard.SolverFailed) and, when `spec.keep`, "replay" (the game's
    replay.Replay; a failed game's is "stuck", its snake still alive).
    """
    game = starting_game(spec)
    first_step = game.steps
    timing = Timing()
    handover = failure = None
    try:
        if spec.takeover_from is not None:
            handover, outcome = hand_over(game, spec.takeover_from, spec.max_steps, spec.soak, spec.takeover_after,
                                          report)
        if handover is not False:  # no hand-over asked for, or one made
            outcome = _play_audited(game, Guarded(spec.solver, game), game.steps + spec.max_steps,
                                    timing, spec.soak, spec.move_time, report)
    except SolverFailed as e:
        outcome, failure = "failed", str(e)
    record = {"seed": spec.seed, "outcome": outcome, "length": len(game.snake), "steps": game.steps - first_step,
              "timing": timing}
    if handover is not None:
        record["handover"] = handover
    if failure is not None:
        record["failure"] = failure
    if spec.keep:
        names = [solvers.name_of(spec.solver)]
        drivers = names if spec.takeover_from is None else [solvers.name_of(spec.takeover_from)] + names * handover
        record["replay"] = replay.Replay.of(game, replay.solver_label(drivers))
    return record


def play_batch(specs):
    """Play a few games in one message to a worker (--jobs, --cluster): tiny games would be all
    messages otherwise."""
    return [play_game(spec) for spec in specs]


def batches(specs, workers):
    """`specs` cut into consecutive batches, about BATCHES_PER_WORKER for each of `workers`."""
    size = max(1, min(len(specs) // (workers * BATCHES_PER_WORKER), BATCH_MAX))
    return [specs[start:start + size] for start in range(0, len(specs), size)]


def hand_over(game, first, max_steps, soak=False, after=None, report=None):
    """(whether, outcome): play the solver named `first` until its endless loop is proven or,
    with `after`, for that many moves (the game is then at the position it hands over: whether
    is True), or until the game ends or `max_steps` more moves pass (whether is False; outcome
    as play() says)."""
    limit = game.steps + max_steps
    handing = limit if after is None else min(limit, game.steps + after)
    outcome = _play_audited(game, Guarded(first, game), handing, Timing(), soak, report=report)
    return outcome == "stuck" and (game.steps < limit or handing < limit), outcome


def _play_audited(game, solver, max_steps, timing, soak, move_time=None, report=None):
    """play() one solver; a broken rule keeps just its name and decision, which workers can send."""
    try:
        return play(game, solver, max_steps, timing, soak, move_time, report=report)
    except InvariantError as e:
        e.solver = SimpleNamespace(name=solver.name, decision=solver.decision)
        raise


def play(game, solver, max_steps, timing, soak, move_time=None, watch=None, report=None):
    """Play one game to its end, to `max_steps` moves (or on while the solver holds a proof
    that it wins: a proven endgame route can be long), or until a memoryless solver is
    proven to circle forever; return 'won', 'lost' or 'stuck'. `timing` gets the time each
    choice of a move takes; with `soak` every move is audited (headless/soak.py).

    With `move_time`, each move is followed by the wait the window would have at that many
    seconds a move, which the solver may think through (Solver.think); a wait with
    nothing to think about is skipped, so the game takes the time of its thinking only.
    `watch()`, if given, is called before each move, once the solver has chosen it and
    thought (docs/tab_timing.py notes when a proof is done); `report(game)` every
    REPORT_SECONDS."""
    clock = time.perf_counter_ns
    next_report = time.monotonic() + REPORT_SECONDS if report is not None else None
    own = getattr(solver, "trusted", True)  # the game's own solvers are audited for reversals too
    drive = Drive(game, solver, audit=(audit if own else audit_rules) if soak else None)
    if move_time is not None:
        solver.paced(move_time)
    while game.state == PLAYING and (game.steps < max_steps or solver.proven_win()):
        start = clock()
        direc = solver.next_direction()
        timing.add(clock() - start)
        if move_time is not None:
            solver.think(start / 1e9 + move_time, time.perf_counter)
        if watch is not None:
            watch()
        try:
            drive.move(direc)
        except InvariantError as e:
            e.game, e.solver = game, solver  # so the failing moment can be dumped
            raise
        if next_report is not None and time.monotonic() >= next_report:
            report(game)
            next_report = time.monotonic() + REPORT_SECONDS
        if drive.circling:
            break  # it would replay the same moves for ever: stuck, as at max_steps
    return game.state if game.state != PLAYING else "stuck"


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
