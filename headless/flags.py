"""The headless runner's flags and the settings they make, each problem one ConfigError line."""
import os

import config as configuration
import solvers
from headless.cluster_error import ClusterError
from hamilton.endgame import LIMIT as PROOF_WORK, WORK as PROOF_WORK_A_MOVE


DEFAULT_GAMES = 100  # games per board when --games is not given
PROOF_MOVES = PROOF_WORK // PROOF_WORK_A_MOVE  # moves a hand-over's endgame proof may circle (48,828)


def add_arguments(parser):
    """The headless-only flags (main.py adds the game flags both modes share: --solver, --seed, ...)."""
    group = parser.add_argument_group("headless benchmark (only with --headless)")
    group.add_argument("--headless", action="store_true", help="run games with no window and print figures")
    group.add_argument("--games", type=int, metavar="N", help=f"games to play (default {DEFAULT_GAMES})")
    group.add_argument("--max-steps", type=int, metavar="M",
                       help=f"moves before a game counts as stuck (default 100*W*H, and {PROOF_MOVES:,} more "
                            "with --takeover-from or --load: the moves the longest endgame proof circles)")
    group.add_argument("--soak", action="store_true", help="check every rule on every move")
    group.add_argument("--boards", metavar="WxH,...",
                       help="play --games games on each of these boards (e.g. 1x2,3x3,8x8); "
                            "the starting length is cut to fit each board")
    group.add_argument("--takeover-from", metavar="SOLVER",
                       help="play each game with this memoryless solver (greedy) until it is proven to "
                            "circle forever, then hand the position to --solver; the figures add how many "
                            "hand-overs were won, lost or still going")
    group.add_argument("--takeover-after", type=int, metavar="M",
                       help="with --takeover-from: hand the game over after M moves of the first solver "
                            "(sooner if its loop is proven first): a hand-over in the middle of a game")
    group.add_argument("--start-fill", type=float, metavar="F",
                       help="start each game with the snake already filling fraction F of the board "
                            "(0 <= F < 1), laid along a Hamiltonian cycle as hamilton lays it: the cost "
                            "of a move late in a game without playing there first")
    group.add_argument("--move-time", type=float, metavar="S",
                       help="play as the window plays at S seconds a move (0.01 to 2): the solver may think "
                            "through each move's wait, as long as the window would let it; the figures then "
                            "depend on the machine's speed (give each game a core: --jobs at most the cores)")
    group.add_argument("--jobs", type=int, metavar="N",
                       help="games played at once, in worker processes (default: the machine's cores, "
                            f"{os.cpu_count() or 1} here); the figures do not depend on it, timings aside")
    group.add_argument("--cluster", metavar="ADDRESS",
                       help="play the games on the Dask cluster whose scheduler is at ADDRESS (tcp://HOST:PORT, "
                            "tls://...; needs the distributed package): the figures of --jobs, timings aside")
    group.add_argument("--results", metavar="FILE",
                       help="write each finished game to FILE as a JSON line; the same command run again "
                            "plays only the games missing from it, then prints the figures of the whole run")
    group.add_argument("--plot", metavar="FILE.png",
                       help="draw the moves each game took, per board (with --boards also moves per cell "
                            "against board size) in a PNG; needs matplotlib; never replaces a file")


def default_max_steps(width, height, handed_over=False):
    """100 moves a cell; with a hand-over (--takeover-from, --load), PROOF_MOVES more, so that a proof
    the taker makes near the end (it circles while the proof goes on: hamilton/endgame/) can finish before
    the game is called stuck."""
    return 100 * width * height + (PROOF_MOVES if handed_over else 0)


def settings(args, config, loaded=False):
    """The run's board, solvers and limits from the flags, else the config; errors as one line.
    The solvers are a list of refs (solvers/): main.py put them in `args.solvers`, checked.

    `loaded`: the games start from a debug log's moment (--load), whose config this is. Its
    fruits are then the log's own unless --seed gives others, so no seed is the default."""
    width, height = configuration.board_size(config)
    width = args.width if args.width is not None else width
    height = args.height if args.height is not None else height
    length = args.initial_length if args.initial_length is not None else config["initial-length"]
    refs = getattr(args, "solvers", None) or [config["solver"]]
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
    if len(set(map(solvers.name_of, refs))) != len(refs):
        raise configuration.ConfigError(f"--solver names one solver twice: {', '.join(map(solvers.name_of, refs))}")
    configuration.check_board(width, height, length, "the headless board")
    first = getattr(args, "takeover_from", None)
    if first is not None and not solvers.memoryless(first):
        memoryless = [name for name in solvers.names() if solvers.memoryless(name)]
        raise configuration.ConfigError(f"--takeover-from needs a solver whose endless loops can be proven (a "
                                        f"memoryless one, docs/solvers.md): {', '.join(memoryless)}, or one of "
                                        f"your own; {solvers.name_of(first)} is not")
    after = getattr(args, "takeover_after", None)
    if after is not None and (first is None or after < 1):
        raise configuration.ConfigError("--takeover-after M needs --takeover-from and M at least 1")
    max_steps = args.max_steps if args.max_steps is not None else default_max_steps(
        width, height, first is not None or loaded)
    if max_steps < 1:
        raise configuration.ConfigError("--max-steps must be at least 1")
    check_start_fill(args)
    move_time = getattr(args, "move_time", None)
    if move_time is not None and not configuration.SPEED_MIN <= move_time <= configuration.SPEED_MAX:  # nan too
        raise configuration.ConfigError(f"--move-time must be between {configuration.SPEED_MIN} and "
                                        f"{configuration.SPEED_MAX} seconds, like the config's speed, got {move_time}")
    check_outputs(args)
    return width, height, length, refs, seed, max_steps


def check_outputs(args):
    """--cluster, --results and --plot: what they need, before any game is played."""
    if getattr(args, "cluster", None) is not None:
        if args.jobs is not None:
            raise configuration.ConfigError("--cluster plays the games on the cluster's workers: not with --jobs")
        from headless.cluster import check_installed
        try:
            check_installed()
        except ClusterError as e:
            raise configuration.ConfigError(str(e)) from None
    results = getattr(args, "results", None)
    if results is not None:
        if getattr(args, "record", None) is not None:
            raise configuration.ConfigError("--record draws a game as it is played: not with --results, "
                                            "which may take it from the file")
        check_folder("--results", results)
    plot = getattr(args, "plot", None)
    if plot is not None:
        from headless.plot import check_plot
        check_plot(plot)
        check_folder("--plot", plot)  # whether a file there may be replaced: runner.py, once the run is named


def check_folder(flag, path):
    """The folder a file is to be written in must exist."""
    if not os.path.isdir(os.path.dirname(os.path.abspath(path))):
        raise configuration.ConfigError(f"{flag}: the folder of {path} does not exist")


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


def parse_boards(text):
    """'1x2,3x3' -> [(1, 2), (3, 3)]; a board must have room for a snake and a fruit, and be no
    bigger than config.size_problem allows (a bigger one would fill the memory before its first move)."""
    boards = []
    for item in text.split(","):
        try:
            width, height = (int(n) for n in item.strip().lower().split("x"))
        except ValueError:
            raise configuration.ConfigError(f"--boards: {item.strip()!r} is not WxH") from None
        if width < 1 or height < 1 or width * height < 2:
            raise configuration.ConfigError(f"--boards: {item.strip()} has no room for a snake and a fruit")
        too_big = configuration.size_problem(width, height)
        if too_big:
            raise configuration.ConfigError(f"--boards: {item.strip()} is {too_big}")
        boards.append((width, height))
    return boards
