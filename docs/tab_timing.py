"""How long Tab takes to finish a game that greedy circles in for ever: in the window, or headless.

    .venv/bin/python -m docs.tab_timing --seeds 7,9,14 [--width 16 --height 12]
        [--initial-length 3] [--speed 0.3] [--timeout 600] [--to-the-end] [--headless]

For each seed, greedy plays headless until its endless loop is proven, as `--takeover-from
greedy` plays it, and that moment is written as a debug log (the space key's format). The
real program opens it with `--load` in a private X server (Xvfb, as the Xvfb tests start
it), at --speed seconds a move; P resumes, and Tab hands the snake to hamilton at once. The
caption is read every 50 ms and one JSON line per seed says how long it said "searching"
(until a win was proven, or no win was left; null if still at --timeout), and, in seconds
from Tab, when each state began: "searching", "proven" (with --to-the-end, also WON) or
"no win left". The board and start length default to the shipped game's.

With --headless the game is played as `--move-time` plays it (headless.games.play: each
move followed by the wait the window would have, which hamilton may think through), and the
line says, in moves from the hand-over: when the snake set out on a proven route, when it
ate that fruit, when the game was won, or when it was proven that no win is left; and the
seconds in all.

These are wall-clock figures: they depend on the machine (and on what else it runs).
"""
import json
import os
import subprocess
import sys
import tempfile
import time

import config as configuration
import solvers
from hamilton.decision import ProofState
from solver import EndgameState
from files import debuglog
from game import Game
from headless.flags import default_max_steps
from headless.figures import Timing
from headless.games import hand_over, play
from tests.xvfb import HAS_XVFB, start_server, stop_server, window_env, xdotool

POLL = 0.05  # seconds between two readings of the caption


def parse(argv):
    parser = configuration.OneLineParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seeds", default="7,9,14", help="game seeds, comma-separated")
    parser.add_argument("--width", type=int, default=16)
    parser.add_argument("--height", type=int, default=12)
    parser.add_argument("--initial-length", type=int, default=3)
    parser.add_argument("--speed", type=float, default=0.3, help="seconds a move in the window")
    parser.add_argument("--timeout", type=float, default=600, help="seconds to wait for the end of one game")
    parser.add_argument("--headless", action="store_true",
                        help="play headless as --move-time does, and count the moves, not the seconds")
    parser.add_argument("--to-the-end", action="store_true",
                        help="wait for WON (at --speed, minutes), not only for the win to be proven")
    args = parser.parse_args(argv)
    try:
        args.seeds = [int(s) for s in args.seeds.split(",")]
    except ValueError:
        parser.error(f"--seeds must be whole numbers separated by commas, not {args.seeds!r}")
    return args


def loop_log(args, seed, folder):
    """The debug log of the moment greedy's loop is proven, or None if greedy never circles."""
    game = Game(args.width, args.height, args.initial_length, seed)
    if not hand_over(game, "greedy", 100 * args.width * args.height)[0]:
        return None
    block = 50
    config = configuration.validate({"window-width": args.width * block, "window-height": args.height * block,
                                     "block-size": block, "speed": args.speed, "auto": True,
                                     "initial-length": args.initial_length, "solver": "greedy"})
    return debuglog.write(game, config, directory=folder), args.width * args.height - len(game.snake)


def watch(env, window, timeout, ends):
    """Read the caption until one of the states `ends` begins; the seconds at which each began."""
    seen, start = {}, time.monotonic()
    while time.monotonic() - start < timeout:
        caption = xdotool(env, "getwindowname", window)
        now = round(time.monotonic() - start, 1)
        for state, words in (("searching", "searching"), ("proven", "proven"), ("won", "WON"),
                             ("lost", "LOST"), ("no win left", "no win left")):
            if words in caption and state not in seen:
                seen[state] = now
        if ends & set(seen):
            break
        time.sleep(POLL)
    return seen


def headless(args, seed):
    """The game of `seed` handed over at greedy's loop and played as --move-time --speed plays it."""
    game = Game(args.width, args.height, args.initial_length, seed)
    if not hand_over(game, "greedy", 100 * args.width * args.height)[0]:
        return {"seed": seed, "handed_over": False}
    handed, length = game.steps, len(game.snake)
    solver = solvers.make("hamilton", game)
    seen = {}  # the moves from the hand-over at which each began

    def watch():
        """Before each move: when the snake set out on a proven route, when no win was left,
        and when (at the move before) the proven fruit was eaten."""
        moves = game.steps - handed
        if solver.decision.proof is ProofState.WIN:
            seen.setdefault("set_out", moves)
        if solver.decision.endgame == EndgameState.LOST:
            seen.setdefault("no_win_left", moves)
        if len(game.snake) > length:
            seen.setdefault("proven_fruit_eaten", moves)
    started = time.perf_counter()
    cap = default_max_steps(args.width, args.height, handed_over=True)  # as --takeover-from plays it
    outcome = play(game, solver, handed + cap, Timing(), False, args.speed, watch)
    won = game.steps - handed if outcome == "won" else None
    return {"seed": seed, "free": game.cells - length, "move_time": args.speed, "set_out": seen.get("set_out"),
            "proven_fruit_eaten": seen.get("proven_fruit_eaten", won),  # none before a move: the last one ate it
            "won": won, "no_win_left": seen.get("no_win_left"), "seconds": round(time.perf_counter() - started, 1)}


def measure(args, seed, display, folder):
    made = loop_log(args, seed, folder)
    if made is None:
        return {"seed": seed, "handed_over": False}
    log, free = made
    env = window_env(display, XDG_DATA_HOME=folder)
    game = subprocess.Popen([sys.executable, os.path.join(os.getcwd(), "main.py"), "--load", log], env=env,
                            cwd=folder, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    try:
        window = ""
        for _ in range(200):
            window = xdotool(env, "search", "--pid", str(game.pid)).split("\n")[0]
            if window or game.poll() is not None:
                break
            time.sleep(POLL)
        if not window:
            return {"seed": seed, "error": (game.communicate()[1] or "no window").strip().splitlines()[-1]}
        xdotool(env, "windowfocus", "--sync", window)
        xdotool(env, "key", "p", "Tab")
        ends = {"won", "lost", "no win left"} | (set() if args.to_the_end else {"proven"})
        seen = watch(env, window, args.timeout, ends)
        xdotool(env, "key", "q")
    finally:
        if game.poll() is None:
            game.kill()
        game.wait()
    return {"seed": seed, "free": free, "speed": args.speed, "seconds_searching": searching_seconds(seen),
            "seen": seen}


def searching_seconds(seen):
    """How long the caption said "searching", from `seen` (the second each state began): until
    a win was proven or no win was left; 0 if it never did, None if it still did at the end."""
    if "searching" not in seen:
        return 0
    ended = seen.get("proven", seen.get("won", seen.get("no win left")))
    return None if ended is None else round(ended - seen["searching"], 1)


def main(argv=None):
    args = parse(argv)
    if args.headless:
        for seed in args.seeds:
            print(json.dumps(headless(args, seed)), flush=True)
        return 0
    if not HAS_XVFB:
        print("tab_timing needs Xvfb and xdotool (Debian: apt-get install xvfb xdotool)", file=sys.stderr)
        return 2
    server, display = start_server("1280x1024x24")
    if server is None:
        print("Xvfb did not start", file=sys.stderr)
        return 1
    try:
        with tempfile.TemporaryDirectory() as folder:
            for seed in args.seeds:
                print(json.dumps(measure(args, seed, display, folder)), flush=True)
    finally:
        stop_server(server)
    return 0


if __name__ == "__main__":
    sys.exit(main())
