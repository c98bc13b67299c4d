"""Mid-game hand-overs that leave the tail out of reach: does hamilton lose one it could save?

    .venv/bin/python -m docs.walled_in --width 16 --height 12 --seeds 0-499 [--cap 300000]

Each seed plays greedy for a random number of moves (0 to 1,499, fewer if the game ends),
then a "human" makes 1 to 9 random safe moves. Positions where the head can still reach the
tail over free cells are skipped (following the tail keeps such a snake alive for ever);
the others are handed to hamilton, which plays up to 100 moves a cell. For a lost game, a
depth-first search over the moves (up to --cap bodies) asks whether some way of moving
would have brought the head back in reach of its tail: "savable" true, false, or null past
the cap. A lost game that was savable is a game hamilton should not have lost.

Prints one JSON line per hand-over, then one with the counts.
"""
import json
import random
import sys

import config as configuration
import solvers
from game import Game
from snake import DIRECTIONS, step


def parse(argv):
    parser = configuration.OneLineParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--width", type=int, default=16)
    parser.add_argument("--height", type=int, default=12)
    parser.add_argument("--seeds", default="0-99", help="first-last, both included")
    parser.add_argument("--cap", type=int, default=300_000, help="bodies the savable search may look at")
    args = parser.parse_args(argv)
    first, _, last = args.seeds.partition("-")
    if not (first.isdigit() and last.isdigit() and int(first) <= int(last)):
        parser.error(f"--seeds must be FIRST-LAST, two whole numbers, not {args.seeds!r}")
    args.seeds = range(int(first), int(last) + 1)
    if min(args.width, args.height) < 4 or args.cap < 1:
        parser.error("the board must be at least 4x4 (a snake of 4 starts on it) and --cap at least 1")
    return args


def free_neighbours(width, height, cell, blocked):
    for d in DIRECTIONS:
        n = step(cell, d)
        if 0 <= n[0] < width and 0 <= n[1] < height and n not in blocked:
            yield n


def pocket(width, height, body):
    """(the free cells the head reaches, the moves until the first cell of the wall round
    them opens). The wall is body (and the board's edge); body cell k of n opens n - k
    moves on, the tail's at once (later if the snake eats)."""
    order = {c: k for k, c in enumerate(body)}
    cells, stack, opens = {body[0]}, [body[0]], len(body)
    while stack:
        for n in free_neighbours(width, height, stack.pop(), ()):
            if n in cells:
                continue
            if n not in order:
                cells.add(n)
                stack.append(n)
            elif order[n] > 0:
                opens = min(opens, len(body) - order[n])
    return len(cells) - 1, opens


def tail_in_reach(width, height, body):
    """Whether the head reaches the tail over free cells (a snake of 2 or less always does):
    the tail is in the wall round its pocket."""
    return len(body) <= 2 or pocket(width, height, body)[1] == 1


def pocket_outlasts_wall(width, height, body):
    """Whether the head's pocket has room enough to last until the first cell of the wall
    round it opens. False: no way of moving can save it.

        .  .  H  1  .  .      the pocket left of the head (.) has 5 cells; the first
        .  .  .  2  .  .      cell of its wall to open is 6, 13 - 6 = 7 moves on
        6  5  4  3  .  .      (a body of 13). Five moves fill the pocket, and the
        7  8  9 10 11 12      sixth finds no cell open: no way out.

    The pocket's own edge is all body (or the board's): the head can only leave it through
    a body cell the tail has left. So lasting that long takes a move into a new pocket cell
    each time."""
    if len(body) <= 2:
        return True
    room, opens = pocket(width, height, body)
    return room >= opens - 1


def savable(width, height, body, fruit, cap):
    """True if some moves bring the head in reach of its tail, False if none do, None past `cap`.
    Eating the fruit grows the body; no other fruit is assumed after it. A body whose pocket
    cannot outlast its wall (`pocket_outlasts_wall`) is not searched further."""
    start = (tuple(body), fruit)
    seen, stack = {start}, [start]
    while stack:
        if len(seen) > cap:
            return None
        body, fruit = stack.pop()
        if tail_in_reach(width, height, body):
            return True
        if not pocket_outlasts_wall(width, height, body):
            continue
        for n in free_neighbours(width, height, body[0], set(body[:-1])):
            after = ((n,) + body, None) if n == fruit else ((n,) + body[:-1], fruit)
            if after not in seen:
                seen.add(after)
                stack.append(after)
    return False


def hand_over(width, height, seed):
    """The game after greedy's moves and the human's, or None if it ended or the tail is in reach."""
    rnd = random.Random(seed)
    game = Game(width, height, 4, seed)
    greedy = solvers.make("greedy", game)
    for _ in range(rnd.randrange(1500)):
        if game.over():
            return None
        game.snake.turn(greedy.next_direction())
        game.step()
    for _ in range(rnd.randrange(1, 10)):
        safe = [d for d in DIRECTIONS if game.snake.is_safe_move(d)]
        if not safe or game.over():
            break
        game.snake.turn(rnd.choice(safe))
        game.step()
    if game.over() or tail_in_reach(width, height, list(game.snake.body)):
        return None
    return game


def play_out(args, seed):
    """The JSON record of one walled-in hand-over, or None if the seed gives none."""
    game = hand_over(args.width, args.height, seed)
    if game is None:
        return None
    body, fruit = list(game.snake.body), game.fruit.where()
    record = {"seed": seed, "length": len(body), "free": game.cells - len(body)}
    hamilton = solvers.make("hamilton", game)
    start = game.steps
    while not game.over() and game.steps - start < 100 * game.cells:
        game.snake.turn(hamilton.next_direction())
        game.step()
    record["state"] = game.state if game.over() else "going"
    if record["state"] == "lost":
        record["savable"] = savable(args.width, args.height, body, fruit, args.cap)
    return record


def main_(argv=None):
    args = parse(argv)
    counts = {}
    try:
        for seed in args.seeds:
            record = play_out(args, seed)
            if record is None:
                continue
            print(json.dumps(record), flush=True)
            key = record["state"]
            if "savable" in record:
                key += {True: " savable", False: " unsavable", None: " undecided"}[record["savable"]]
            counts[key] = counts.get(key, 0) + 1
    except KeyboardInterrupt:
        sys.exit("walled_in: interrupted")
    print(json.dumps({"board": f"{args.width}x{args.height}", "hand-overs": counts}))


if __name__ == "__main__":
    main_()
