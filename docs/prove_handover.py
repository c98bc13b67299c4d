"""Can a hand-over still be won? The endgame proof of endgame.py, with limits you choose.

    .venv/bin/python -m docs.prove_handover --width 16 --height 12 --seeds 3,16 \
        [--initial-length 4] [--hold BODIES] [--limit 200000000] [--free-max 6] [--layered] [--ahead K]
        [--to-the-win] [--patient] [--knowing-the-fruits] [--states 1000000] [--nearest-closed N]

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
(hamilton/endgame/timed/closing.py): "open" is then the moves the route's meal is expected to
leave to a closed body (0: closed), which a game weighs the routes of its roots by.
--knowing-the-fruits adds "fewest", the fewest moves from the hand-over to the win of any
way of moving that knows every fruit the game will place (its random draws, followed as the
game makes them, wherever the snake lies when it eats), and "fewest_fruits", the moves to
each fruit on one such way: no autopilot, which must win wherever the fruits come, can take
fewer. It searches breadth first, a move at a time, within the moves of "to_win" (with
--to-the-win) or ten laps of the board, and keeps at most --states positions a move; past
either "fewest" is null and "fewest_over" the moves it got to with no win.
--nearest-closed N adds "nearest_closed", the moves of the route through the nearest closed
body of fewer than N moves (null: none, or none within the hold), as a proof rooted while
the snake looks on searches it before it proves (hamilton/endgame/timed/closed_routes.py), and
"nearest_work", the work that search took; with --ahead, from the position K moves on.

Prints one JSON line per game: "verdict" is "won" (with "moves", the route's length to
this fruit, from the hand-over), "lost", "undecided" (past --hold or --limit), "not
asked" (more than --free-max free cells) or "no hand-over" (greedy won, lost or never
circled). "bodies" is how many the search looked at and "peak_mb" the process's largest
memory so far.
"""
import json
import math
import random
import sys
import time

import config as configuration
from fruit import Fruit
from game import WON, Game
from hamilton import endgame
from hamilton.endgame import ledger
from hamilton.endgame.space import Space
from hamilton.grid import Grid
from hamilton.slices import finish
from headless.games import hand_over
from play import Drive

FEWEST_LAPS = 10  # laps of the board --knowing-the-fruits looks within, without --to-the-win's moves
STATES = 1_000_000  # positions --knowing-the-fruits keeps for one move: two moves of them, about a GB on 16x12

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
    parser.add_argument("--knowing-the-fruits", action="store_true",
                        help="also the fewest moves to the win of a way of moving that knows every fruit to come")
    parser.add_argument("--states", type=int, default=STATES,
                        help="positions --knowing-the-fruits may keep for one move")
    parser.add_argument("--nearest-closed", type=int, metavar="N",
                        help="also the route through the nearest closed body, of fewer than N moves")
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
    if min(args.limit, args.free_max, args.states) < 1 or args.hold is not None and args.hold < 1:
        parser.error("--hold, --limit, --free-max and --states must be at least 1")
    if args.ahead < 0:
        parser.error("--ahead must be 0 or more")
    if args.nearest_closed is not None and args.nearest_closed < 1:
        parser.error("--nearest-closed must be at least 1")
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
    at_hand_over = body, fruit, game.rng.getstate()  # the draws: the fruits to come, for --knowing-the-fruits
    if record["free"] > args.free_max:
        return {**record, "verdict": "not asked"}
    held = {} if args.hold is None else ledger.holding(args.hold)
    limits = dict(free_max=args.free_max, limit=args.limit, forks=not args.layered, **held)
    if args.patient:  # a game whose moves wait WIDE_WAIT (its waits measured so, and said)
        search = endgame.TimedEndgame(grid, pace=endgame.WIDE_WAIT, **limits)
        search.wait = endgame.WIDE_WAIT
    else:
        search = endgame.Endgame(grid, **limits)
    start = game.steps
    if args.ahead:
        record["ahead"] = args.ahead
        heads = search.heads_ahead(body, fruit, args.ahead)
        if heads is None:
            return {**record, "verdict": "no loop"}
        follow(game, grid, heads)
        body = tuple(grid.flat_body(game.snake))
    if args.nearest_closed is not None:
        record.update(nearest_closed(grid, body, fruit, args.nearest_closed, held))
    began = time.perf_counter()
    proof = search.prove(body, fruit)
    route = None if proof is None else proof.route
    record["seconds"] = round(time.perf_counter() - began, 1)
    if route is not None:
        record.update(verdict="won", moves=args.ahead + len(route))
        if args.patient:
            record["open"] = proof.notes.open
    else:
        record["verdict"] = "lost" if search.lost(body, fruit) else "undecided"
    if route is not None and args.to_the_win:
        record.update(play_on(game, grid, search, route, start))
    record["bodies"] = search.ledger.looked
    if args.knowing_the_fruits:
        within = record.get("to_win") or FEWEST_LAPS * game.cells
        record.update(fewest_moves(grid, *at_hand_over, within, args.states))
    if resource is not None:  # kilobytes on Linux
        record["peak_mb"] = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss // 1024
    return record


def nearest_closed(grid, body, fruit, within, held):
    """{"nearest_closed": the moves of the route through the nearest closed body of fewer than
    `within` moves, or None; "nearest_work": the work of that search}, by an endgame of its
    own (`held`: --hold's parts, or the game's), so the proof's figures stay as they were."""
    search = endgame.TimedEndgame(grid, **held)
    route = finish(search.closed_routes.nearest(body, fruit, within, math.inf))
    return {"nearest_closed": None if route is None else len(route), "nearest_work": search.ledger.spent}


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


def fewest_moves(grid, body, fruit, draws, within, most):
    """{"fewest": the fewest moves from `body` (a tuple of cells) with its `fruit` to the
    win, "fewest_fruits": the moves to each fruit on a way that takes them}, by a search over
    every way of moving that knows where the game's random draws (their state `draws`)
    will put each fruit: a lower bound for any autopilot. {"fewest": None, "fewest_over":
    moves} where none wins within `within` moves, or once a move has more than `most`
    positions, or where every way dies.

    A position is the body, the fruit and the draws' state, each move one layer: a meal
    places the next fruit as the game would (Fruit.generate from that state, on that body),
    so two ways that eat at different places or times go on with different fruits."""
    space = Space(grid, ledger.Ledger(0, 0, 0, 0))
    draws = [draws]  # the draws' states met, by number
    numbered = {draws[0]: 0}

    def placed(fed, state):
        rng = random.Random()
        rng.setstate(draws[state])
        cells = set(fed)
        cell = Fruit(grid.width, grid.height, lambda c: grid.index(c) in cells, rng).generate()
        drawn = rng.getstate()
        if drawn not in numbered:
            numbered[drawn] = len(draws)
            draws.append(drawn)
        return (None if cell is None else grid.index(cell)), numbered[drawn]

    layer = {(space.pack(body), fruit, 0): (space.free_of(body), ())}
    moves = 0
    while layer and len(layer) <= most and moves < within:
        moves += 1
        after = {}
        for (now, fruit, state), (free, fruits) in layer.items():
            fed, steps = space.steps(now, free, fruit)
            if fed is not None:
                eaten = fruits + (moves - sum(fruits),)
                if len(fed) == grid.size:
                    return {"fewest": moves, "fewest_fruits": list(eaten)}
                next_fruit, next_state = placed(fed, state)
                after.setdefault((fed, next_fruit, next_state), (free & ~(1 << fruit), eaten))
            for step, step_free in steps:
                after.setdefault((step, fruit, state), (step_free, fruits))
        layer = after
    return {"fewest": None, "fewest_over": moves}


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
