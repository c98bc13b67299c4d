"""Can a hand-over still be won? The endgame proof of endgame.py, with limits you choose.

    .venv/bin/python -m docs.prove_handover --width 16 --height 12 --seeds 3,16 \
        [--initial-length 4] [--hold BODIES] [--limit 200000000] [--free-max 6] [--layered] [--ahead K]
        [--to-the-win] [--patient]

Each game is played as `--takeover-from greedy` plays it in the headless mode (greedy until
its endless loop is proven), and the position it hands over is put to the endgame search:
can it be won whatever fruits come? In the game the search is cut short by HOLD (bodies
held at once, the memory) and LIMIT (its work, the time); here you set them, so a
position the game leaves undecided can be decided given the memory and the minutes. As in
the game, the search keeps every body it meets up to a quarter of --hold (FORGET), goes on
depth first from a layer of a third of it (DEEPEN), and a position with 5 or 6 free cells
gets a tenth of --limit (with 7 or 8, which the game searches only when it thinks between
moves and finds no way back into order, the whole of it). The search over forks (bodies
with a choice) goes first, and the layered search only where it meets its bounds, or to
find a shorter route than the forks' first; --layered skips the forks: the layered search
alone, as the game searched before. Without --hold, the game's is used: a million bodies on
16x12 and smaller boards, fewer on bigger ones, where each body takes more memory. --ahead
K proves instead the position K moves on round the loop the snake circles while it proves,
as a game that thinks between moves roots its proofs ahead; "moves" then counts from the
hand-over, K included. --to-the-win plays the game on: the snake takes the proven route,
the game places the next fruit, that position is proven with the same limits, and so on
until the board is full; "fruits" lists the moves to each fruit (the first as "moves") and
"to_win" adds them up. A hand-over with F free cells eats F fruits, and each later fruit
needs a route of its own that keeps a win whatever fruit comes next: "to_win", not "moves",
is what a game from the hand-over takes with all the time it wants. --patient proves as a
game that thinks between moves of 0.04 s or more (the window, or --move-time) does, its
moves left uncounted: where the first route is longer than LONG_SPARE laps of the board,
the search for a shorter one has twice --limit, the doubling rounds and then the rounds
abreast (hamilton/endgame/forks.py); and it looks for a route that closes the body
(hamilton/endgame/closing.py): "open" is then the moves the route's meal is expected to
leave to a closed body (0: closed), which a game weighs the routes of its roots by.

Prints one JSON line per game: "verdict" is "won" (with "moves", the route's length to
this fruit, from the hand-over), "lost", "undecided" (past --hold or --limit), "not
asked" (more than --free-max free cells) or "no hand-over" (greedy won, lost or never
circled). "bodies" is how many the search looked at and "peak_mb" the process's largest
memory so far.
"""
import json
import sys
import time

import config as configuration
from game import WON, Game
from hamilton import endgame
from hamilton.endgame import ledger
from hamilton.grid import Grid
from headless.games import hand_over
from play import Drive

try:
    import resource
except ImportError:  # not on Windows: peak memory is then not shown
    resource = None


def parse(argv):
    parser = configuration.OneLineParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--width", type=int, default=16)
    parser.add_argument("--height", type=int, default=12)
    parser.add_argument("--initial-length", type=int, default=4)
    parser.add_argument("--seeds", default="1", help="game seeds, comma-separated (as --seed S --games 1 would play)")
    parser.add_argument("--hold", type=int, help="bodies a proof may hold at once (default: the game's for the board)")
    parser.add_argument("--limit", type=int, default=endgame.LIMIT,
                        help="work a proof may do: bodies looked at, and a few for each search begun")
    parser.add_argument("--free-max", type=int, default=endgame.FREE_MAX, help="most free cells to search")
    parser.add_argument("--layered", action="store_true",
                        help="the layered search alone, without the search over forks")
    parser.add_argument("--ahead", type=int, default=0, metavar="K",
                        help="prove the position K moves on round the loop the snake circles while it proves")
    parser.add_argument("--to-the-win", action="store_true",
                        help="play on to the win, each later fruit proven as the first: moves per fruit, in all")
    parser.add_argument("--patient", action="store_true",
                        help="prove as a game with 0.04 s or more between moves: a very long route is shortened "
                             "with twice --limit")
    args = parser.parse_args(argv)
    try:
        args.seeds = [int(s) for s in args.seeds.split(",")]
    except ValueError:
        parser.error(f"--seeds must be whole numbers separated by commas, not {args.seeds!r}")
    if min(args.width, args.height) < 2 or args.initial_length < 1:
        parser.error("the board must be at least 2x2 and --initial-length at least 1")
    try:
        configuration.check_board(args.width, args.height, args.initial_length, "the board")
    except configuration.ConfigError as e:
        parser.error(str(e))
    if min(args.limit, args.free_max) < 1 or args.hold is not None and args.hold < 1:
        parser.error("--hold, --limit and --free-max must be at least 1")
    if args.ahead < 0:
        parser.error("--ahead must be 0 or more")
    return args


def prove(args, seed):
    """The JSON record for one game's hand-over."""
    game = Game(args.width, args.height, args.initial_length, seed)
    grid = Grid(game.width, game.height)
    handed, _ = hand_over(game, "greedy", 100 * game.cells)
    record = {"board": f"{game.width}x{game.height}", "seed": seed}
    if not handed:
        return {**record, "verdict": "no hand-over"}
    body, fruit = tuple(grid.flat_body(game.snake)), grid.index(game.fruit.last_generate)
    record.update(free=game.cells - len(body), moves_before=game.steps)
    if record["free"] > args.free_max:
        return {**record, "verdict": "not asked"}
    held = {} if args.hold is None else ledger.holding(args.hold)
    search = endgame.Endgame(grid, free_max=args.free_max, limit=args.limit, forks=not args.layered,
                              **held)
    if args.patient:
        search.timed, search.wait, search.pace = True, endgame.WIDE_WAIT, endgame.WIDE_WAIT
    start = game.steps
    if args.ahead:
        record["ahead"] = args.ahead
        heads = search.heads_ahead(body, fruit, args.ahead)
        if heads is None:
            return {**record, "verdict": "no loop"}
        follow(game, grid, heads)
        body = tuple(grid.flat_body(game.snake))
    began = time.perf_counter()
    route = search.winning_route(body, fruit)
    record["seconds"] = round(time.perf_counter() - began, 1)
    if route is not None:
        record.update(verdict="won", moves=args.ahead + len(route))
        if args.patient:
            record["open"] = search.open
    else:
        record["verdict"] = "lost" if search.lost(body, fruit) else "undecided"
    if route is not None and args.to_the_win:
        record.update(play_on(game, grid, search, route, start))
    record["bodies"] = search.looked
    if resource is not None:  # kilobytes on Linux
        record["peak_mb"] = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss // 1024
    return record


def play_on(game, grid, search, route, start):
    """Take `route` to its fruit, then prove and take each later fruit's, until the game ends:
    {"fruits": moves to each fruit, counted from `start` for the first, "to_win": moves from
    `start` to the win}, or "to_win" None with the fruit whose proof failed ("stopped")."""
    fruits = []
    while True:
        before = game.steps
        follow(game, grid, route)
        fruits.append(game.steps - (start if not fruits else before))
        if game.over():
            return {"fruits": fruits, "to_win": game.steps - start if game.state == WON else None}
        body, fruit = tuple(grid.flat_body(game.snake)), grid.index(game.fruit.last_generate)
        route = search.winning_route(body, fruit)
        if route is None:
            stopped = "lost" if search.lost(body, fruit) else "undecided"
            return {"fruits": fruits, "to_win": None, "stopped": stopped}


def follow(game, grid, cells):
    """Move the snake's head onto each of `cells` in turn."""
    drive = Drive(game)
    for cell in cells:
        drive.move(grid.direction(grid.index(game.snake.head()), cell))


def main_(argv=None):
    args = parse(argv)
    try:
        for seed in args.seeds:
            print(json.dumps(prove(args, seed)), flush=True)
    except KeyboardInterrupt:
        sys.exit("prove_handover: interrupted")
    except MemoryError:
        sys.exit("prove_handover: out of memory; try a smaller --hold")


if __name__ == "__main__":
    main_()
