"""Snake with an autopilot: the pygame window, or the headless benchmark with --headless."""
import argparse
import os
import random
import sys
import time
from functools import partial

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")  # before pygame: keep stdout for our own lines
os.environ.setdefault("SDL_VIDEO_X11_WMCLASS", "snake")  # the window's class on X11 (else "main.py")
os.environ.setdefault("SDL_VIDEO_WAYLAND_WMCLASS", "snake")  # its app id on Wayland
import pygame

import headless
import config as configuration
import solver as solvers
from files import debuglog, gif, replay, scores
from drawer import BoardDrawer, FruitDrawer, PathDrawer, SnakeDrawer, make_icon, make_label
from game import Game, WON
from loops import LoopWatch
from snake import DOWN, LEFT, RIGHT, UP

SPEED_FACTOR = 0.8  # U multiplies the seconds per move by this, I divides by it
SEED_RANGE = 2 ** 32  # seeds drawn for the games after the first
KEY_WAIT = 0.02  # seconds: the loop never sleeps longer without looking at the keys
HINT_SECONDS = 6  # the "Return: take the wheel" hint stays this long, unless a key comes first
OFFSCREEN_DRIVERS = ("offscreen", "dummy")  # SDL's fallbacks when there is no display

KEY_HELP = [  # (keys, what they do): the help overlay, --help and the README's table all say this
    ("W A S D / arrows", "steer"),
    ("U", "faster"),
    ("I", "slower"),
    ("P", "pause"),
    ("R", "new game"),
    ("Return", "autopilot on/off"),
    ("Tab", "next autopilot"),
    ("O", "planned path"),
    ("H or F1", "help overlay"),
    ("space", "debug log"),
    ("G", "save the finished game as a replay"),
    ("Q / close", "quit"),
]

# What an autopilot near the end of a hand-over says (solver.decision): the box on the board
# ({name}: the autopilot, {moves}: the moves left of a proven route) and the caption's state, so
# a snake going round in circles is explained.
ENDGAME_NEWS = {
    "proving": (("{name} is searching every way the last fruits can fall.",
                 "It circles back to this position until it knows a sure win."),
                "searching every future: circling back here until the proof is done"),
    "lost": (("No win is left from here, whatever the moves.", "{name} keeps the snake alive - R: new game"),
             "no win left from here: staying alive"),
    "undecided": (("The end is too big to search through.", "{name} keeps the snake alive - R: new game"),
                  "the end is too big to search: staying alive"),
    "winning": (("{name} has proven a sure win: {moves} to this fruit.",
                 "The way is long: it is the one the search could prove."),
                "a sure win proven: {moves} to this fruit"),
}

# Which flags each mode takes (argparse dest names); a flag in the wrong mode is refused. The window refuses
# the headless-only ones; --headless refuses the window-only ones.
HEADLESS_ONLY = ("games", "max_steps", "soak", "boards", "jobs", "takeover_from", "takeover_after", "start_fill")
NOT_WITH_LOAD = ("config", "width", "height", "initial_length", "boards")  # a debug log brings its own
FROM_THE_START = ("start_fill", "save_games")  # these need a game played from its first move


def keys_text():
    """The closing part of --help: the in-game keys, from KEY_HELP."""
    width = max(len(keys) for keys, _ in KEY_HELP)
    return "keys in the window:\n" + "\n".join(f"  {keys:<{width}}  {does}" for keys, does in KEY_HELP)


def seed_flag(text):
    """--seed follows the config's rule for "seed" (configuration.check_seed)."""
    try:
        return configuration.check_seed(int(text), "--seed")
    except (ValueError, configuration.ConfigError):
        raise argparse.ArgumentTypeError(f"must be {configuration.SEED_RULE}, got {text}") from None


def build_parser():
    parser = configuration.OneLineParser(
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
    game.add_argument("--solver", metavar="NAME", choices=list(solvers.SOLVERS),
                      help="autopilot: " + ", ".join(solvers.SOLVERS) + " (default: the config's)")
    game.add_argument("--seed", type=seed_flag, metavar="S",
                      help=f"random seed, {configuration.SEED_RULE}: the same seed, the same games. "
                           "Headless game i uses S+i-1 (default 1); the window's first game uses S "
                           "and R draws the next seeds from it (default: the config's)")
    game.add_argument("--width", type=int, metavar="W", help="board width in cells (default: from the config)")
    game.add_argument("--height", type=int, metavar="H", help="board height in cells (default: from the config)")
    game.add_argument("--initial-length", type=int, metavar="L", help="starting length (default: the config's)")
    headless.add_arguments(parser)  # the headless flags live beside the runner that reads them
    replay.add_arguments(parser)  # replays and recordings
    return parser


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
    replay.check_arguments(parser, args)
    return args


def main(argv=None):
    args = parse_args(sys.argv[1:] if argv is None else argv)
    config = None  # a debug log (--load) brings its own
    if not args.load:
        try:
            config = configuration.load(args.config or configuration.default_path())
        except configuration.ConfigError as e:
            print(f"config error: {e}", file=sys.stderr)
            return 2
    if args.headless:
        return run_headless(config, args)
    return run_window(config, args)


def logged_moment(path):
    """(config, game) of the debug log at `path` (--load), or None once one line says why not."""
    try:
        return debuglog.load(path)
    except debuglog.DebugLogError as e:
        print(f"debug log error: {e}", file=sys.stderr)
        return None


def run_headless(config, args):
    """The headless runner, from the start of new games or (--load) from a debug log's moment."""
    start = None
    if args.load:
        moment = logged_moment(args.load)
        if moment is None:
            return 2
        config, start = moment
    return headless.run(args, config, start)


def window_config(config, args):
    """The config with the game flags applied, so the App reads only its config.

    --width, --height and --initial-length change the board (the window grows or shrinks
    with it, at the config's block size); --solver and --seed the autopilot and the games.
    """
    flags = vars(args)
    changes = {key: flags[key] for key in ("solver", "seed") if flags.get(key) is not None}
    block = config["block-size"]
    for dest, key in (("width", "window-width"), ("height", "window-height")):
        value = flags.get(dest)
        if value is None:
            continue
        if not 0 < value * block <= configuration.MAX_WINDOW:
            raise configuration.ConfigError(
                f"{flag_name(dest)} {value} needs a window of {value * block} pixels at block-size {block}; "
                f"the window takes 1 to {configuration.MAX_WINDOW // block} cells")
        changes[key] = value * block
    if flags.get("initial_length") is not None:
        changes["initial-length"] = flags["initial_length"]
    return configuration.validate(dict(config, **changes), "the command line")


class App:
    """The window: one game on screen, the keys, the autopilot and the clock.

    Tests drive it without the clock: `handle(event)` for input, `tick()` for one move,
    `render()` for the rects to show; `run()` is the real loop built from the three.
    """

    def __init__(self, config, game=None, paused=False, screen=None, make_solver=None, score_book=None):
        self.config = dict(config)
        self.width, self.height = configuration.board_size(self.config)
        self.interval = float(self.config["speed"])  # seconds per move, changed by U and I
        self.auto = bool(self.config["auto"])
        self.solver_name = self.config["solver"]  # the autopilot Return and Tab hand the snake to
        self.paused = paused
        self.help_shown = False  # the H / F1 overlay; the game holds still under it
        self.show_path = False  # the O key: dots on the autopilot's planned path
        self.record_args = None  # --record: the game played since launch goes into a GIF when it ends
        self.running = True
        self.exit_code = 0
        self.ticks = self.late_ticks = 0  # run() counts them
        self.worst_lateness = 0.0
        self.make_solver = make_solver or solvers.make_solver
        self.scores = score_book if score_book is not None else scores.ScoreBook()  # in memory only
        self.seeds = random.Random(self.config["seed"])  # later games: new, yet repeatable with a seed
        self.clock = time.monotonic
        self.hint_until = self.clock() + HINT_SECONDS if self.auto else None
        self.screen = screen if screen is not None else open_window(self.config)
        self.caption = None
        self.texts = ()  # the text boxes on the board now, as board_texts() gave them
        self.labels = []  # and as drawn
        self.keys = {  # key -> action: the one place keys are bound
            pygame.K_w: partial(self.steer, UP),
            pygame.K_a: partial(self.steer, LEFT),
            pygame.K_s: partial(self.steer, DOWN),
            pygame.K_d: partial(self.steer, RIGHT),
            pygame.K_UP: partial(self.steer, UP),
            pygame.K_LEFT: partial(self.steer, LEFT),
            pygame.K_DOWN: partial(self.steer, DOWN),
            pygame.K_RIGHT: partial(self.steer, RIGHT),
            pygame.K_u: self.faster,
            pygame.K_i: self.slower,
            pygame.K_p: self.toggle_pause,
            pygame.K_r: self.restart,
            pygame.K_RETURN: self.toggle_auto,
            pygame.K_KP_ENTER: self.toggle_auto,
            pygame.K_TAB: self.next_autopilot,
            pygame.K_o: self.toggle_path,
            pygame.K_h: self.toggle_help,
            pygame.K_F1: self.toggle_help,
            pygame.K_SPACE: self.save_log,
            pygame.K_g: self.save_replay,
            pygame.K_q: self.quit,
        }
        self.events = {  # event type -> handler(event); other events are ignored
            pygame.QUIT: lambda event: self.quit(),  # the window's close button
            pygame.KEYDOWN: self.key_down,
            pygame.VIDEOEXPOSE: lambda event: self.expose(),
        }
        if hasattr(pygame, "WINDOWEXPOSED"):  # pygame 2.0.1 and later
            self.events[pygame.WINDOWEXPOSED] = self.events[pygame.VIDEOEXPOSE]
        self.new_game(game, seed=self.config["seed"])

    # -- the game ------------------------------------------------------------------------

    def new_game(self, game=None, seed=None):
        """Put `game` (or a fresh one) on the board; the whole window is repainted."""
        self.counts = game is None  # a game loaded from a debug log is no record: its first moves are nobody's
        if game is None:
            game = Game(self.width, self.height, self.config["initial-length"], seed)
        self.game = game
        self.drivers = set()  # who made this game's moves: scores.PLAYER and autopilot names
        self.recorded = None  # the records this game set, once entered in the best scores
        self.waiting = False  # handed to the player: no move until a steering key
        self.snake_drawer = SnakeDrawer(self.screen, self.config, game.snake)
        self.fruit_drawer = FruitDrawer(self.screen, self.config, game.fruit)
        self.board = BoardDrawer(self.screen, self.config, self.snake_drawer, self.fruit_drawer)
        self.path_drawer = PathDrawer(self.screen, self.config)
        self.start_autopilot()
        self.dirty = []  # rects painted since the last render()
        self.full_repaint = True

    def start_autopilot(self):
        """Build the chosen autopilot for this moment (or none when the player drives), with a
        fresh loop watch: a new game, a hand-over or Tab all start a new stretch to watch."""
        self.solver = self.make_solver(self.solver_name, self.game) if self.auto else None
        self.watch = LoopWatch()

    def circling(self):
        """Whether the memoryless autopilot driving is proven to circle forever (loops.py)."""
        return self.auto and self.watch.period is not None

    def advance(self):
        """Move the snake through its drawer, which repaints the cells that changed."""
        self.dirty.extend(self.snake_drawer.next())

    def tick(self):
        """Play one move unless held (paused, help, waiting for the player) or over; returns
        whether the snake moved."""
        game = self.game
        if self.paused or self.help_shown or self.waiting or game.over():
            return False
        if self.auto:
            game.clear_turns()
            game.snake.turn(self.solver.next_direction())
        self.drivers.add(self.solver.name if self.auto else scores.PLAYER)  # the one that drove
        if game.step(advance=self.advance):
            fruit = self.fruit_drawer.draw()  # the new fruit appeared on this same tick
            if fruit is not None:
                self.dirty.append(fruit)
        if self.auto and self.solver.memoryless and not self.circling():
            self.watch.see(game.snake, game.fruit.last_generate)
        if game.over():
            self.record()
            self.finish_recording()
        return True

    def record(self):
        """Enter this game in the best scores, once: at its end, or when it is left unfinished
        (R, Q). A failed save is one line; the result stays in the table in memory."""
        game = self.game
        if self.recorded is not None or not self.counts or not self.drivers:
            return
        moves_to_win = game.steps if game.state == WON else None
        self.recorded = self.scores.add(self.board_name(), scores.credit(self.drivers), len(game.snake), moves_to_win)
        try:
            self.scores.save()
        except scores.ScoreError as e:
            print(f"best scores: {e}", file=sys.stderr)

    def board_name(self):
        return scores.board_name(self.width, self.height)

    # -- the actions the keys are bound to -------------------------------------------------

    def steer(self, direc):
        """Queue a turn. While the autopilot drives, steering keys are ignored: Return takes over.
        After a hand-over the first steering key starts the snake (a turn back onto the neck
        does not: it would be ignored, and the snake would run on unsteered)."""
        game = self.game
        if self.auto or self.paused or self.help_shown or game.over():
            return
        if self.waiting:
            if game.snake.is_reversal(direc):
                return
            self.waiting = False
        game.queue_turn(direc)

    def set_interval(self, seconds):
        self.interval = min(configuration.SPEED_MAX, max(configuration.SPEED_MIN, seconds))

    def faster(self):
        self.set_interval(self.interval * SPEED_FACTOR)

    def slower(self):
        self.set_interval(self.interval / SPEED_FACTOR)

    def toggle_pause(self):
        if not self.game.over():
            self.paused = not self.paused

    def restart(self):
        """A new game: a fresh seed, or a repeatable one drawn from the configured seed."""
        self.record()  # an unfinished game still counts (its length)
        self.finish_recording()  # a recording ends with the game it recorded
        seed = self.seeds.randrange(SEED_RANGE) if self.config["seed"] is not None else None
        self.paused = False
        self.new_game(seed=seed)

    def toggle_auto(self):
        """Hand the snake to the autopilot, or take it: then the snake waits for a steering key."""
        self.game.clear_turns()
        self.auto = not self.auto
        self.waiting = not self.auto and not self.game.over()
        self.start_autopilot()

    def next_autopilot(self):
        """Tab: the next registered autopilot (wrapping round); it drives at once if one drives."""
        names = list(solvers.SOLVERS)
        here = names.index(self.solver_name) if self.solver_name in names else -1
        self.solver_name = names[(here + 1) % len(names)]
        if self.auto:
            self.game.clear_turns()
            self.start_autopilot()

    def toggle_path(self):
        self.show_path = not self.show_path

    def toggle_help(self):
        self.help_shown = not self.help_shown

    def save_log(self):
        """Write the debug log in the current directory and say where; a failure is one line."""
        logged = dict(self.config, speed=self.interval, auto=self.auto, solver=self.solver_name)
        try:
            path = debuglog.write(self.game, logged, self.solver, directory=".", autopilot=self.auto)
        except debuglog.DebugLogError as e:
            print(f"debug log error: {e}", file=sys.stderr)
            return
        print(f"debug log written: {path}", flush=True)

    def quit(self):
        self.record()
        self.running = False
        self.exit_code = 0

    def save_replay(self):
        """G: save the finished game as a replay file here and say where; a failure is one line."""
        if not self.game.over():
            print("replay: the game is not over yet; G saves a finished game", file=sys.stderr)
            return
        try:
            path, written = replay.write(replay.Replay.of(self.game, replay.solver_label(self.drivers)))
        except replay.ReplayError as e:
            print(f"replay error: {e}", file=sys.stderr)
            return
        print(f"replay {'saved' if written else 'already saved'}: {path}", flush=True)

    def finish_recording(self):
        """--record: draw the game played since launch into the GIF, once; a failure is one line."""
        args, self.record_args = self.record_args, None
        if args is None:
            return
        try:
            line = gif.save_as_asked(replay.Replay.of(self.game, replay.solver_label(self.drivers)),
                                        args, self.config)
        except replay.ReplayError as e:
            print(f"record error: {e}", file=sys.stderr)
            return
        print(line, flush=True)

    def expose(self):
        self.full_repaint = True

    # -- events and drawing ----------------------------------------------------------------

    def handle(self, event):
        """React to one pygame event; unknown events and keys are ignored."""
        handler = self.events.get(event.type)
        if handler is not None:
            handler(event)

    def key_down(self, event):
        self.hint_until = None  # the first key takes the hint down
        key = getattr(event, "key", None)
        if isinstance(key, int):
            action = self.keys.get(key)
            if action is not None:
                action()

    def board_texts(self):
        """The box of text to show on the board now, as a hashable (place, forms), or ().

        One box at a time, the most pressing first: help, the outcome, pause, the hand-over,
        an endless loop, the end of a hand-over being searched (or known lost), the first-run
        hint. A box that leaves play going sits at the edge away from the head, the others in
        the middle. `forms` are the same text, longest first: a small window shows the first
        that fits (drawer.make_label).
        """
        if self.help_shown:
            table = ("Keys (H or F1 closes this)",) + tuple(KEY_HELP)
            return ("middle", (table, ("Keys: " + "; ".join(f"{k}: {what}" for k, what in KEY_HELP),)))
        if self.game.over():
            return ("middle", self.outcome_forms())
        if self.paused:
            return ("middle", (("PAUSED", "P: resume - H: help"),))
        if self.waiting:
            return ("edge", (("Your turn: the snake waits for you.", "Steer with W A S D or the arrows to go."),))
        if self.circling():
            return ("edge", ((f"Circling: {self.solver_name} will never reach this fruit safely.",
                              "Tab: other autopilot - Return: take over"),))
        news = self.endgame_news()
        if news is not None:
            return ("edge", (tuple(line.format(name=self.solver_name, moves=self.moves_left())
                                   for line in ENDGAME_NEWS[news][0]),))
        if self.auto and self.hint_until is not None and self.clock() < self.hint_until:
            return ("edge", (("The autopilot drives. Return: take the wheel - H: help",),))
        return ()

    def outcome_forms(self):
        """WON / LOST with the length and moves, then the best scores on this board: everyone's,
        or in a small window only the one this game counted for, or none."""
        game = self.game
        outcome = "WON" if game.state == WON else "LOST"
        first = f"{outcome}: length {len(game.snake)}/{game.cells} in {moves(game.steps)}"
        last = ("(loaded from a debug log: not counted)", "R: new game") if not self.counts else ("R: new game",)
        best = self.scores.best(self.board_name())
        mine = scores.credit(self.drivers) if self.drivers else None
        rows = []
        for name in sorted(best, key=lambda n: (n != mine, n)):  # this game's first
            won = best[name]["moves_to_win"]
            text = f"length {best[name]['length']}" + (f", a win in {moves(won)}" if won else "")
            rows.append((name, text + (" (new best)" if name == mine and self.recorded else "")))
        full = (first, f"Best on {self.board_name()}:") + tuple(rows) + last if rows else (first,) + last
        forms = [full]
        if mine in best:
            forms.append((first, f"Best for {mine}: {rows[0][1]}") + last)
        forms.append((first,) + last)
        return tuple(forms)

    def state_text(self):
        """The game's state for the caption."""
        game = self.game
        if game.over():
            return "WON" if game.state == WON else "LOST"
        if self.help_shown:
            return "help (H: back to the game)"
        if self.paused:
            return "paused"
        if self.waiting:
            return "your turn: steer to start"
        if self.circling():
            return (f"circling: {self.solver_name} will never reach this fruit safely; "
                    "Tab: other autopilot, Return: take over")
        news = self.endgame_news()
        if news is not None:
            return ENDGAME_NEWS[news][1].format(moves=self.moves_left())
        return "playing"

    def endgame_news(self):
        """What the autopilot driving says of the end of a hand-over: a key of ENDGAME_NEWS, or None."""
        if not self.auto or self.solver is None:
            return None
        news = (getattr(self.solver, "decision", None) or {}).get("endgame")
        return news if news in ENDGAME_NEWS else None

    def moves_left(self):
        """The moves left of the route the autopilot follows, as words ("183 moves")."""
        return moves(self.solver.decision.get("distance", 0))

    def caption_text(self):
        game = self.game
        driver = f"autopilot on: {self.solver_name}" if self.auto else f"autopilot off (Return: {self.solver_name})"
        return (f"Snake - length {len(game.snake)}/{game.cells} - {self.interval:.3g} s/move - "
                f"{driver} - {self.state_text()}")

    def path_cells(self):
        """The autopilot's plan, on free cells only, when the overlay is on."""
        if not (self.show_path and self.auto and self.solver is not None) or self.game.over():
            return []
        snake = self.game.snake
        return [tuple(c) for c in self.solver.planned_path() if not snake.at(c)]

    def render(self):
        """Paint what is still unpainted and return the rects to show: the cells that changed,
        or the whole window on a full repaint (start, restart, expose, a box of text put up
        or taken down). A box stays on top of the cells that change under it."""
        texts = self.board_texts()
        if texts != self.texts:
            self.full_repaint = True
        if self.full_repaint:
            self.full_repaint = False
            self.dirty = []
            rects = [self.board.draw()]
            self.path_drawer.draw(self.path_cells())
            self.texts = texts
            self.labels = self.make_labels(texts)
            for label in self.labels:
                label.draw(self.screen)
        else:
            rects, self.dirty = self.dirty, []
            rects.extend(self.refresh_path())
            rects.extend([label.draw(self.screen) for label in self.labels if label.rect.collidelist(rects) != -1])
        caption = self.caption_text()
        if caption != self.caption:
            pygame.display.set_caption(caption)
            self.caption = caption
        return rects

    def make_labels(self, texts):
        """The box for board_texts(): at the edge away from the head, or in the middle."""
        if not texts:
            return []
        place, forms = texts
        if place == "edge":
            head_row = self.game.snake.head()[1]
            place = "top" if head_row >= self.height / 2 else "bottom"
        label = make_label(self.screen.get_size(), forms, place)
        return [label] if label is not None else []

    def refresh_path(self):
        """Move the path dots to the current plan; returns the cells repainted."""
        old = self.path_drawer.cells
        new = self.path_cells()
        if not old and not new:
            return []
        keep = set(new)
        rects = [self.board.cell(c) for c in old if c not in keep]
        return rects + self.path_drawer.draw(new)

    # -- the loop --------------------------------------------------------------------------

    def run(self, max_ticks=None, max_seconds=None):
        """Play until Q or the close button; return the exit code.

        The clock ticks every `interval` seconds whether or not the snake may move (paused,
        game over); `max_ticks` and `max_seconds` end the loop early, for tests and scripts.
        """
        self.show(self.render())  # the first frame (the whole board): its ticks count from here
        start = last_tick = self.clock()
        self.ticks = self.late_ticks = 0  # ticks played, and those more than half an interval
        self.worst_lateness = 0.0  # behind their time; the worst delay (docs/tick_benchmark.py)
        while self.running:
            # events
            for event in pygame.event.get():
                self.handle(event)
            if not self.running:
                break
            # update
            now = self.clock()
            if now - last_tick >= self.interval:
                self.tick()
                self.note_lateness(now - last_tick - self.interval)
                last_tick += self.interval
                if now - last_tick >= self.interval:  # fell behind: no burst of catch-up moves
                    last_tick = now
            # draw
            self.show(self.render())
            if (max_ticks is not None and self.ticks >= max_ticks
                    or max_seconds is not None and now - start >= max_seconds):
                break
            # wait: until the next tick, but never longer than KEY_WAIT without looking at the keys
            self.sleep(min(last_tick + self.interval - self.clock(), KEY_WAIT))
        return self.exit_code

    @staticmethod
    def show(rects):
        """Put the parts of the screen render() changed on the display, if any."""
        if rects:
            pygame.display.update(rects)

    def note_lateness(self, seconds):
        self.ticks += 1
        self.worst_lateness = max(self.worst_lateness, seconds)
        if seconds > self.interval / 2:
            self.late_ticks += 1

    @staticmethod
    def sleep(seconds):
        """Sleep in the operating system, which costs nothing while it lasts.

        Not pygame.event.wait: pygame-ce's wait, with or without a timeout, pumps the events
        and sleeps one millisecond in a loop (src_c/event.c, _pg_event_wait), about 2.5% of a
        core under Xvfb doing nothing else. Waking every KEY_WAIT to look at the keys costs a
        fifth of that.
        """
        if seconds > 0:
            time.sleep(seconds)


def moves(n):
    return f"{n} move" if n == 1 else f"{n} moves"


def no_display():
    """True on a system that shows windows through X11 or Wayland but names neither display."""
    if os.name != "posix" or sys.platform == "darwin":
        return False
    return not (os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY"))


def open_window(config):
    """The game's window, named "snake" with its own icon. Without a display SDL would fall
    back to drawing off-screen and the game would run unseen: that is refused, unless the
    off-screen driver was asked for by name (SDL_VIDEODRIVER, as the tests do)."""
    asked = os.environ.get("SDL_VIDEODRIVER")
    if not asked and no_display():
        raise pygame.error("no display (neither DISPLAY nor WAYLAND_DISPLAY is set)")
    pygame.display.init()
    driver = pygame.display.get_driver()
    if not asked and driver in OFFSCREEN_DRIVERS:
        raise pygame.error(f"no display (SDL found only its {driver} driver)")
    native_framebuffer()
    pygame.display.set_caption("Snake")  # not "pygame window", even for a moment
    pygame.display.set_icon(make_icon())
    return pygame.display.set_mode((config["window-width"], config["window-height"]))


def native_framebuffer():
    """On X11, show the window through X11's own framebuffer, which copies just the rects the
    loop updates. SDL would otherwise draw it through an OpenGL texture, uploading and
    redrawing the whole window on every update: 8 ms of CPU each under Xvfb's software GL,
    most of the window's CPU use. (SDL reads the hint when the window surface is made.)"""
    if pygame.display.get_driver() == "x11":
        os.environ.setdefault("SDL_FRAMEBUFFER_ACCELERATION", "0")


class ReplayApp(App):
    """The window playing a replay file: its moves drive the snake. P, U/I, O and Q work as in
    a game; R watches it again from the start; steering and Return do nothing."""

    def __init__(self, config, rep, name, screen=None):
        self.replay, self.name = rep, name
        block = replay.cell_pixels(config["block-size"], rep.width, rep.height)
        shown = dict(config, **{"window-width": rep.width * block, "window-height": rep.height * block,
                                "block-size": block, "initial-length": rep.initial_length, "auto": True})
        super().__init__(shown, rep.start(), screen=screen,
                         make_solver=lambda solver_name, game: replay.ReplayPilot(game, rep))
        self.hint_until = None  # nobody can take the wheel of a replay

    def finished(self):
        """Whether the file's last move has been played (a stuck game ends without being over)."""
        return self.game.over() or self.game.steps >= len(self.replay.moves)

    def tick(self):
        return False if self.finished() else super().tick()

    def toggle_auto(self):
        """The replay drives; there is no one to hand over to."""

    def next_autopilot(self):
        """Tab: the replay drives; there is no other autopilot to switch to."""

    def record(self):
        """A replay is no new game: it sets no best score."""

    def toggle_pause(self):
        if not self.finished():
            self.paused = not self.paused

    def restart(self):
        """R: the replay again, from its start."""
        self.paused = False
        self.new_game(self.replay.start())

    def save_replay(self):
        """G: nothing to save, the game is a file already."""
        print(f"replay: this game is the replay {self.name} already", file=sys.stderr)

    def board_texts(self):
        """The outcome the file gives, once its last move is played; help and pause as in a game."""
        if self.finished() and not self.help_shown:
            game = self.game
            return ("middle", ((f"REPLAY {self.replay.outcome.upper()}: length {len(game.snake)}/{game.cells}",
                                f"in {moves(game.steps)} - R: again"),))
        if self.help_shown or self.paused:
            return super().board_texts()
        return ()  # no hand-over hint, no loop message: the file drives

    def caption_text(self):
        game = self.game
        state = self.replay.outcome.upper() if self.finished() else "paused" if self.paused else "playing"
        return (f"Snake replay {self.name} ({self.replay.solver}) - move {game.steps}/{len(self.replay.moves)} - "
                f"length {len(game.snake)}/{game.cells} - {self.interval:.3g} s/move - {state}")


def run_replay(config, args):
    """--replay FILE: refuse a bad file (exit 2); with --record draw it into a GIF, else play it."""
    try:
        rep = replay.load(args.replay)
    except replay.ReplayError as e:
        print(f"replay error: {e}", file=sys.stderr)
        return 2
    if getattr(args, "record", None):
        try:
            print(gif.save_as_asked(rep, args, config), flush=True)
        except replay.ReplayError as e:
            print(f"record error: {e}", file=sys.stderr)
            return 1
        return 0
    try:
        app = ReplayApp(config, rep, os.path.basename(args.replay))
    except pygame.error as e:
        print(f"cannot open the window: {e}", file=sys.stderr)
        return 1
    try:
        return app.run()
    except KeyboardInterrupt:
        return 130
    finally:
        pygame.quit()


def run_window(config, args):
    """Open the window (from a debug log, paused, with --load) and play; returns the exit code."""
    if getattr(args, "replay", None):
        return run_replay(config, args)
    game, paused = None, False
    if args.load:
        moment = logged_moment(args.load)
        if moment is None:
            return 2
        config, game = moment
        paused = True
    try:
        config = window_config(config, args)
    except configuration.ConfigError as e:
        print(f"error: {e}", file=sys.stderr)
        return 2
    try:
        screen = open_window(config)
    except pygame.error as e:
        print(f"cannot open the window: {e}; try --headless", file=sys.stderr)
        return 1
    book = scores.ScoreBook(scores.default_path())
    if book.warning:
        print(f"best scores: {book.warning}", file=sys.stderr)
    app = App(config, game, paused, screen=screen, score_book=book)
    app.record_args = args if getattr(args, "record", None) else None
    try:
        return app.run()
    except KeyboardInterrupt:
        return 130
    finally:
        app.record()  # a game left by Ctrl-C still counts
        app.finish_recording()  # the window closed before the recorded game ended
        pygame.quit()


if __name__ == "__main__":
    sys.exit(main())
