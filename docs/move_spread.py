"""Where the moves of a game go: the moves spent while the snake fills each tenth of the board.

    .venv/bin/python -m docs.move_spread [--size 30] [--games 10] [--seed 1] [--jobs 2] [--twanvl PATH]

For each game it notes the move at which the snake first fills 10%, 20%, ... 100% of the
board, and prints, per tenth, the mean moves spent filling it, with its share of the game:

    filled     hamilton moves   share    twanvl cell-variant   share   of ours, waits
    0-10%      ...

With --twanvl (the anchor's binary, ../shared/anchors/build-twanvl.sh prints its path),
twanvl/snake's cell-variant agent plays the same number of games on the same board beside
ours (its own seeds, 1 to N; it starts at length 1, ours at --initial-length), read from its
--trace lines ("turn N, size S" at each meal). The tenths are of the board's cells, so the two are
comparable although they start a cell apart.
"""
import argparse
import os
import re
import subprocess
import sys
from concurrent.futures import ProcessPoolExecutor

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, ROOT)

from game import Game  # noqa: E402  (the checkout's modules, wherever this is started from)
from headless.figures import Timing  # noqa: E402
from headless.games import play  # noqa: E402
from hamilton.decision import Step  # noqa: E402
from solvers.guard import Guarded  # noqa: E402

TENTHS = 10
TRACE = re.compile(r"^turn (\d+), size (\d+)", re.M)  # twanvl's --trace line at each meal


def parse(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--size", type=int, default=30, help="the board's side (default 30)")
    parser.add_argument("--games", type=int, default=10, help="games of each (default 10)")
    parser.add_argument("--seed", type=int, default=1, help="our first game's seed (default 1)")
    parser.add_argument("--initial-length", type=int, default=2, help="our starting length (default 2)")
    parser.add_argument("--solver", default="hamilton", help="our solver (default hamilton)")
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1, help="games at once")
    parser.add_argument("--twanvl", metavar="PATH", help="twanvl/snake's binary, to play its cell-variant beside")
    return parser.parse_args(argv)


def marks(lengths_at, cells):
    """The moves at which a game first reached each tenth of `cells`, from (move, length) pairs in order."""
    reached, tenth = [], 1
    for move, length in lengths_at:
        while tenth <= TENTHS and length * TENTHS >= tenth * cells:
            reached.append(move)
            tenth += 1
    return reached


def our_game(solver, size, length, seed):
    """(the moves at which one of our games reached each tenth of the board, the moves of
    each tenth that were waits): a move is a wait when the solver's `decision` says so
    (hamilton's Step.WAIT: no route yet, one step round its cycle); a solver without one has none."""
    game = Game(size, size, length, seed)
    seen = [(0, len(game.snake))]
    waits = [0] * TENTHS
    guarded = Guarded(solver, game)

    def note():
        if len(game.snake) != seen[-1][1]:
            seen.append((game.steps, len(game.snake)))
        if getattr(getattr(guarded.solver, "decision", None), "step", None) == Step.WAIT:
            waits[min(TENTHS - 1, len(game.snake) * TENTHS // (size * size))] += 1
    outcome = play(game, guarded, 100 * size * size, Timing(), False, watch=note)
    seen.append((game.steps, len(game.snake)))
    if outcome != "won":
        raise SystemExit(f"{solver} did not win seed {seed}: {outcome}")
    return marks(seen, size * size), waits


def twanvl_game(binary, size, seed):
    """The moves at which twanvl's cell-variant game of `seed` reached each tenth of the board (its
    --trace follows one game a run, so each game is a run of its own)."""
    done = subprocess.run([binary, "cell-variant", "-n", "1", "-s", str(size), "--seed", str(seed), "-j", "1",
                           "-t", "--no-color"], capture_output=True, text=True, check=True)
    run = [(0, 1)] + [(int(move), int(length)) for move, length in TRACE.findall(done.stdout)]
    return marks(run, size * size)


def spent(reached):
    """Moves spent filling each tenth, from the moves at which each was reached."""
    return [b - a for a, b in zip([0] + reached, reached)]


def means(games):
    per_tenth = [spent(reached) for reached in games]
    return [sum(game[t] for game in per_tenth) / len(per_tenth) for t in range(TENTHS)]


def main(argv=None):
    args = parse(argv)
    with ProcessPoolExecutor(args.jobs) as pool:
        ours = list(pool.map(our_game, [args.solver] * args.games, [args.size] * args.games,
                             [args.initial_length] * args.games, range(args.seed, args.seed + args.games)))
    columns = [(f"{args.solver}, {args.games} games from length {args.initial_length}",
                means([reached for reached, _ in ours]))]
    waits = [sum(game[t] for _, game in ours) / len(ours) for t in range(TENTHS)]
    if args.twanvl:
        with ProcessPoolExecutor(args.jobs) as pool:
            theirs = list(pool.map(twanvl_game, [args.twanvl] * args.games, [args.size] * args.games,
                                   range(1, args.games + 1)))
        columns.append((f"twanvl cell-variant, {len(theirs)} games from length 1", means(theirs)))
    print(f"{args.size}x{args.size}: mean moves spent filling each tenth of the board")
    print("| filled | " + " | ".join(f"{name}: moves | share" for name, _ in columns) + " | of ours, waits |")
    print("| --- |" + " --- | --- |" * len(columns) + " --- |")
    for t in range(TENTHS):
        cells = [f"{values[t]:,.0f} | {100 * values[t] / sum(values):.1f}%" for _, values in columns]
        print(f"| {10 * t}-{10 * t + 10}% | " + " | ".join(cells) + f" | {waits[t]:,.0f} |")
    print("| whole game | " + " | ".join(f"{sum(values):,.0f} | 100%" for _, values in columns)
          + f" | {sum(waits):,.0f} |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
