"""Snake with an autopilot: the command line. The window plays by default, --headless measures.

This module only reads the flags and the config and hands over: to window/ (a game played
by hand or by an autopilot, or --replay), or to headless/ (--headless: many games, figures
as JSON). Every problem with the flags is one line and exit code 2.

The window package, and pygame with it, is imported only once the run is known to open the
window or draw a replay (window_package): a headless run starts without them, and without
pygame-ce installed.
"""
import argparse
import importlib.util
import os
import sys

OLDEST_PYTHON = (3, 9)  # the oldest Python supported; run.sh and the README say the same
if sys.version_info < OLDEST_PYTHON:
    print("error: snake needs Python %d.%d or newer; this is Python %s (./run.sh play picks one)"
          % (OLDEST_PYTHON + (sys.version.split()[0],)), file=sys.stderr)
    sys.exit(2)
import config as configuration
import headless
import solvers
from files import debuglog, replay
from window.key_help import keys_text

# Which flags each mode takes (argparse dest names); a flag in the wrong mode is refused. The window refuses
# the headless-only ones; --headless refuses the window-only ones.
HEADLESS_ONLY = ("games", "max_steps", "soak", "boards", "jobs", "takeover_from", "takeover_after", "start_fill",
                 "move_time", "cluster", "results", "plot")
NOT_WITH_LOAD = ("config", "width", "height", "initial_length", "boards", "versus")  # a debug log brings its own
FROM_THE_START = ("start_fill", "save_games")  # these need a game played from its first move
PYGAME_MISSING = ("pygame-ce is not installed for this Python; ./run.sh play installs it, or "
                  + configuration.pip_install("pygame-ce"))


def seed_flag(text):
    """--seed follows the config's rule for "seed" (configuration.check_seed)."""
    try:
        return configuration.check_seed(int(text), "--seed")
    except (ValueError, configuration.ConfigError):
        raise argparse.ArgumentTypeError(f"must be {configuration.SEED_RULE}, got {text}") from None


def build_parser():
    parser = configuration.OneLineParser(
        prog=os.environ.get("SNAKE_PROG") or "main.py",  # run.sh names itself: "./run.sh play"
        description="Snake, played by hand or by an autopilot in a window, or many games with no "
                    "window (--headless) to measure an autopilot.",
        epilog=keys_text(), formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--config", metavar="PATH", default=None,
                        help="config file to read (default: config.json beside main.py)")
    parser.add_argument("--load", metavar="LOG", default=None,
                        help="start from a debug log written with the space key (it brings its own config "
                             "and board): paused in the window; with --headless, the autopilot plays it "
                             "out (--games N with --seed S: N games from that moment, other fruits each)")
    game = parser.add_argument_group("the game, in the window and with --headless")
    game.add_argument("--solver", metavar="SOLVER",
                      help="the solver the autopilot plays: " + ", ".join(solvers.names()) + ", or one of your own, "
                           "FILE.py:CLASS or MODULE:CLASS (docs/solvers.md); with --headless a comma-separated list "
                           "plays each on the same boards and seeds (default: the config's)")
    game.add_argument("--versus", metavar="OPPONENT",
                      help="two snakes on one board (docs/versus.md): you (WASD or arrows) against the solver "
                           "OPPONENT, or 'player': WASD against the arrows; with --solver and the autopilot on, "
                           "that solver plays the first snake. With --headless, A,B[,C...]: a tournament of every "
                           "pair, each on both sides (default: the config's \"versus\"; the window only)")
    game.add_argument("--seed", type=seed_flag, metavar="S",
                      help=f"random seed, {configuration.SEED_RULE}: the same seed, the same games. "
                           "Headless game i uses S+i-1 (default: the config's, else 1); the window's first game uses S "
                           "and R draws the next seeds from it (default: the config's)")
    game.add_argument("--width", type=int, metavar="W", help="board width in cells (default: from the config)")
    game.add_argument("--height", type=int, metavar="H", help="board height in cells (default: from the config)")
    game.add_argument("--initial-length", type=int, metavar="L", help="starting length (default: the config's)")
    headless.add_arguments(parser)  # the headless flags live beside the runner that reads them
    add_replay_arguments(parser)
    return parser


def add_replay_arguments(parser):
    """The flags of replays and recordings."""
    group = parser.add_argument_group("replays and recordings")
    group.add_argument("--save-games", metavar="DIR",
                       help="with --headless: save every game as a replay file in DIR (made if missing)")
    group.add_argument("--replay", metavar="FILE",
                       help="play a replay file back in the window (P pause, U/I speed, R from the start)")
    group.add_argument("--record", metavar="OUT.gif",
                       help="write an animated GIF: of --replay FILE (no window), of --headless --games 1, "
                            "or of the window's first game until it ends or the window closes; "
                            "needs Pillow; never replaces a file")
    group.add_argument("--record-every", type=int, metavar="K",
                       help="a frame every K moves (default: automatic, every move for games up to "
                            "2000 moves, then the smallest step that keeps 2000 frames or fewer)")
    group.add_argument("--record-speed", type=float, metavar="S",
                       help="seconds each frame is shown (default: the config's speed; 0.02 to 2); "
                            "the last frame is held 2 s")
    group.add_argument("--record-cell", type=int, metavar="PX",
                       help=f"pixels per cell in the GIF (default: the config's block-size, smaller "
                            f"if the GIF would be over {replay.MAX_SIDE} pixels long)")


def check_replay_arguments(parser, args):
    """The rules between these flags and the modes; a broken one is parser.error (one line, exit 2)."""
    headless = getattr(args, "headless", False)
    if args.save_games is not None and not headless:
        parser.error("--save-games works with --headless (in the window, G saves a finished game)")
    if args.replay is not None and (headless or getattr(args, "load", None)):
        parser.error("--replay plays in the window: not with --headless or --load")
    if args.record is None:
        for flag, value in (("--record-every", args.record_every), ("--record-speed", args.record_speed),
                            ("--record-cell", args.record_cell)):
            if value is not None:
                parser.error(f"{flag} needs --record OUT.gif")
        return
    if args.record_every is not None and args.record_every < 1:
        parser.error("--record-every must be at least 1")
    if args.record_speed is not None and not 0.02 <= args.record_speed <= 2:
        parser.error("--record-speed must be between 0.02 and 2 seconds")
    if args.record_cell is not None and not 1 <= args.record_cell <= replay.MAX_CELL:
        parser.error(f"--record-cell must be between 1 and {replay.MAX_CELL} pixels")
    if headless and (args.games != 1 or args.boards):
        parser.error("--record with --headless records one game: add --games 1 (and no --boards)")
    if getattr(args, "load", None):
        parser.error("--record records a game from its start: not with --load")
    if not args.record.lower().endswith(".gif"):
        parser.error(f"--record writes an animated GIF: give a name ending in .gif, not {args.record}")
    if os.path.lexists(args.record):
        parser.error(f"{args.record} already exists; --record never replaces a file")
    if not os.path.isdir(os.path.dirname(os.path.abspath(args.record))):
        parser.error(f"--record: the folder of {args.record} does not exist")
    if importlib.util.find_spec("pygame") is None:  # found, not imported: drawer.py imports it to draw
        parser.error(f"--record: {PYGAME_MISSING}")
    try:
        import PIL  # noqa: F401  (only recording needs it)
    except ImportError:
        parser.error(f"--record: {replay.PILLOW_MISSING}")


def flag_name(dest):
    return "--" + dest.replace("_", "-")


def mode_problem(args):
    """The one line refusing a flag given in a mode that would ignore it, or None."""
    given = [dest for dest, value in vars(args).items() if value is not None and value is not False]  # 0 is given
    if not args.headless:
        wrong = [dest for dest in given if dest in HEADLESS_ONLY]
        if wrong:
            return f"{flag_name(wrong[0])} is for --headless runs only"
    if args.load:
        wrong = [dest for dest in given if dest in NOT_WITH_LOAD]
        if wrong:
            return f"{flag_name(wrong[0])} cannot be used with --load: the debug log brings its own config and board"
        wrong = [dest for dest in given if dest in FROM_THE_START]
        if wrong:
            return f"{flag_name(wrong[0])} cannot be used with --load: a loaded game starts at the logged moment"
    return None


def parse_args(argv):
    parser = build_parser()
    args = parser.parse_args(argv)
    problem = mode_problem(args)
    if problem:
        parser.error(problem)
    check_replay_arguments(parser, args)
    return args


def main(argv=None):
    args = parse_args(sys.argv[1:] if argv is None else argv)
    config, start, path = None, None, None  # a debug log (--load) brings its own config, from no file
    if args.load:
        moment = logged_moment(args.load, args.headless)
        if moment is None:
            return 2
        config, start = moment
    else:
        path = args.config or configuration.default_path()
        try:
            config = configuration.load(path) if args.config else configuration.load_shipped(path)
        except configuration.ConfigError as e:
            print(f"error: {e}", file=sys.stderr)
            return 2
    try:
        choose_solvers(args, config, path)
    except (solvers.SolverError, configuration.ConfigError) as e:
        print(f"error: {e}", file=sys.stderr)
        return 2
    if args.headless and args.versus is not None:
        from versus.tournament import run as tournament
        return tournament(args, config)
    if args.headless:
        return headless.run(args, config, start)
    way_in = window_start()
    if way_in is None:
        return 2
    if args.replay:
        return way_in.play_replay(config, args)
    return way_in.play(config, args, start, config_path=path)


def window_start():
    """The window's way in (window/start.py), imported here, when the run opens the window or
    draws a replay: it brings pygame, which the headless runs do without. None once one line
    says pygame-ce is missing."""
    try:
        from window import start
    except ModuleNotFoundError as missing:
        if missing.name != "pygame":
            raise
        print(f"error: {PYGAME_MISSING}", file=sys.stderr)
        return None
    return start


def choose_solvers(args, config, path):
    """Find and check the solvers the run plays, before anything starts (SolverError or ConfigError:
    one line). Each is named by its ref (solvers/), a file's path made absolute: --solver's
    relative to the current folder, the config's relative to the config file's. They go into
    `args.solvers` (a list: several with --headless), the config's "solver" (the first) and
    `args.takeover_from`."""
    if args.solver is not None:
        try:
            refs = [solvers.canonical(solvers.check_ref(ref.strip())) for ref in args.solver.split(",")]
        except solvers.SolverError as e:
            raise solvers.SolverError(f"--solver: {e}") from None
    else:
        folder = os.path.dirname(os.path.abspath(path)) if path is not None else None
        refs = [solvers.canonical(config["solver"], folder)]
    if len(refs) > 1 and not args.headless:
        raise configuration.ConfigError("--solver: the window plays one solver; several are for --headless")
    if args.takeover_from is not None:
        args.takeover_from = solvers.canonical(solvers.check_ref(args.takeover_from))
        solvers.find(args.takeover_from)
    for ref in refs:
        solvers.find(ref)
    args.solvers, config["solver"] = refs, refs[0]
    if args.solver is not None:
        args.solver = refs[0]
    choose_versus(args, config, path)


def choose_versus(args, config, path):
    """The versus play asked for: --versus (a list with --headless: `args.versus_refs`; one opponent,
    or "player", in the window), else the window's config "versus". Each solver found and checked;
    the window's opponent goes into the config's "versus"."""
    if args.versus is not None:
        names = [name.strip() for name in args.versus.split(",")]
        try:
            refs = [solvers.canonical(solvers.check_ref(name)) for name in names if name != configuration.PLAYER]
        except solvers.SolverError as e:
            raise solvers.SolverError(f"--versus: {e}") from None
        if args.headless:
            if len(refs) != len(names):
                raise configuration.ConfigError("--versus with --headless: a tournament of solvers; "
                                                "a player plays in the window")
            args.versus_refs = refs
        else:
            if len(names) > 1:
                raise configuration.ConfigError("--versus: the window plays one opponent (a solver, or player); "
                                                "several are for --headless, a tournament")
            config["versus"] = refs[0] if refs else configuration.PLAYER
    elif config.get("versus") not in (None, configuration.PLAYER) and not args.headless:
        folder = os.path.dirname(os.path.abspath(path)) if path is not None else None
        config["versus"] = solvers.canonical(config["versus"], folder)
    for ref in getattr(args, "versus_refs", None) or [config.get("versus")]:
        if ref not in (None, configuration.PLAYER):
            solvers.find(ref)


def logged_moment(path, headless=False):
    """(config, game) of the debug log at `path` (--load), or None once one line says why not. A
    versus log (files/versus_log.py) gives a versus.duel.Duel, and its config plays versus against
    the same drivers: it opens in the window only."""
    from files import versus_log
    try:
        data = versus_log.read(path)
        if not versus_log.is_versus(data):
            return debuglog.load(path)
        if headless:
            raise debuglog.DebugLogError(f"{path} is a versus debug log: it opens in the window (no --headless)")
        config, duel, drivers = versus_log.load(data, path)
        return versus_config(config, drivers), duel
    except debuglog.DebugLogError as e:
        print(f"error: {e}", file=sys.stderr)
        return None


def versus_config(config, drivers):
    """The config of a versus log's moment: snake B's driver is the opponent, snake A's the autopilot."""
    config = dict(config, versus=drivers[1])
    if drivers[0] != configuration.PLAYER:
        config.update(auto=True, solver=drivers[0])
    return configuration.validate(config, "the debug log's drivers")


if __name__ == "__main__":
    sys.exit(main())
