"""Snake with an autopilot: the pygame window, or the headless benchmark with --headless."""
import argparse
import math
import os
import random
import sys
import time
from functools import partial

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")  # keep stdout for our own lines
import pygame  # noqa: E402  (after the variable above)

import bench  # noqa: E402
import config as configuration  # noqa: E402
import debuglog  # noqa: E402
import record  # noqa: E402
import replay  # noqa: E402
import solver as solvers  # noqa: E402
from drawer import BoardDrawer, FruitDrawer, PathDrawer, SnakeDrawer, draw_banner, make_font  # noqa: E402
from game import Game, WON  # noqa: E402
from snake import DOWN, LEFT, RIGHT, UP  # noqa: E402

SPEED_FACTOR = 0.8  # U multiplies the seconds per move by this, I divides by it
FONT_SIZE_MIN, FONT_SIZE_MAX = 10, 40  # pixels; the message font scales with the window width
FONT_WIDTHS = 22  # the font is window-width / FONT_WIDTHS pixels tall, within the bounds above
SEED_RANGE = 2 ** 32  # seeds drawn for the games after the first

KEY_HELP = [  # (keys, what they do): the one list the help overlay, --help and the README follow
    ("W A S D / arrows", "steer up, left, down, right"),
    ("U", "faster"),
    ("I", "slower"),
    ("P", "pause / resume"),
    ("R", "new game"),
    ("Return", "autopilot on / off"),
    ("Tab", "next autopilot"),
    ("O", "show the autopilot's planned path"),
    ("H or F1", "show / hide this help"),
    ("space", "write a debug log"),
    ("G", "save the finished game as a replay"),
    ("Q / close", "quit"),
]


class OneLineParser(argparse.ArgumentParser):
    """A bad flag is one line and exit code 2, like a bad config (no usage dump)."""

    def error(self, message):
        self.exit(2, f"{self.prog}: {message} (see --help)\n")


def parse_args(argv):
    parser = OneLineParser(description="Snake, played by hand (WASD) or by an autopilot.")
    parser.add_argument("--config", metavar="PATH", default=None,
                        help="config file to read (default: config.json beside main.py)")
    parser.add_argument("--load", metavar="LOG", default=None,
                        help="start, paused, from a debug log written with the space key")
    bench.add_arguments(parser)  # the headless flags live beside the runner that reads them
    replay.add_arguments(parser)
    args = parser.parse_args(argv)
    replay.check_arguments(parser, args)
    return args


def main(argv=None):
    args = parse_args(sys.argv[1:] if argv is None else argv)
    try:
        config = configuration.load(args.config or configuration.default_path())
    except configuration.ConfigError as e:
        print(f"config error: {e}", file=sys.stderr)
        return 2
    if args.headless:
        return bench.run(args, config)
    return run_window(config, args)


class App:
    """The window: one game on screen, the keys, the autopilot and the clock.

    Tests drive it without the clock: `handle(event)` for input, `tick()` for one move,
    `render()` for the rects to show; `run()` is the real loop built from the three.
    """

    def __init__(self, config, game=None, paused=False, screen=None, make_solver=None):
        self.config = dict(config)
        self.width, self.height = configuration.board_size(self.config)
        self.interval = float(self.config["speed"])  # seconds per move, changed by U and I
        self.auto = bool(self.config["auto"])
        self.paused = paused
        self.show_path = False  # the O key: dots on the autopilot's planned path
        self.record_args = None  # --record: the game played since launch goes into a GIF when it ends
        self.running = True
        self.exit_code = 0
        self.make_solver = make_solver or solvers.make_solver
        self.seeds = random.Random(self.config["seed"])  # later games: new, yet repeatable with a seed
        if screen is None:
            pygame.display.init()
            pygame.display.set_caption("Snake")  # not "pygame window", even for a moment
            screen = pygame.display.set_mode((self.config["window-width"], self.config["window-height"]))
        self.screen = screen
        self.font = make_font(max(FONT_SIZE_MIN, min(FONT_SIZE_MAX, screen.get_width() // FONT_WIDTHS)))
        self.caption = None
        self.message = None  # the text on the board now, if any
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
            pygame.K_q: self.quit,
            pygame.K_SPACE: self.save_log,
            pygame.K_RETURN: self.toggle_auto,
            pygame.K_KP_ENTER: self.toggle_auto,
            pygame.K_p: self.toggle_pause,
            pygame.K_r: self.restart,
            pygame.K_o: self.toggle_path,
            pygame.K_g: self.save_replay,
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
        if game is None:
            game = Game(self.width, self.height, self.config["initial-length"], seed)
        self.game = game
        self.snake_drawer = SnakeDrawer(self.screen, self.config, game.snake)
        self.fruit_drawer = FruitDrawer(self.screen, self.config, game.fruit)
        self.board = BoardDrawer(self.screen, self.config, self.snake_drawer, self.fruit_drawer)
        self.path_drawer = PathDrawer(self.screen, self.config)
        self.solver = self.build_solver() if self.auto else None
        self.drivers = set()  # who made the moves: autopilot names, replay.PLAYER
        self.dirty = []  # rects painted since the last render()
        self.full_repaint = True

    def build_solver(self):
        """The configured autopilot (config.validate checked its name) for the current game."""
        return self.make_solver(self.config["solver"], self.game)

    def advance(self):
        """Move the snake through its drawer, which repaints the cells that changed."""
        self.dirty.extend(self.snake_drawer.next())

    def tick(self):
        """Play one move unless paused or over; returns whether the snake moved."""
        game = self.game
        if self.paused or game.over():
            return False
        if self.auto:
            game.clear_turns()
            game.snake.turn(self.solver.next_direction())
        self.drivers.add(self.solver.name if self.auto else replay.PLAYER)
        if game.step(advance=self.advance):
            fruit = self.fruit_drawer.draw()  # the new fruit appeared on this same tick
            if fruit is not None:
                self.dirty.append(fruit)
        if game.over():
            self.finish_recording()
        return True

    # -- the actions the keys are bound to -------------------------------------------------

    def steer(self, direc):
        """Queue a turn. While the autopilot drives, steering keys are ignored: Return takes over."""
        if not self.auto and not self.paused and not self.game.over():
            self.game.queue_turn(direc)

    def set_interval(self, seconds):
        self.interval = min(configuration.SPEED_MAX, max(configuration.SPEED_MIN, seconds))

    def faster(self):
        self.set_interval(self.interval * SPEED_FACTOR)

    def slower(self):
        self.set_interval(self.interval / SPEED_FACTOR)

    def quit(self):
        self.running = False
        self.exit_code = 0

    def save_log(self):
        """Write the debug log in the current directory and say where; a failure is one line."""
        logged = dict(self.config, speed=self.interval, auto=self.auto)
        try:
            path = debuglog.write(self.game, logged, self.solver, directory=".", autopilot=self.auto)
        except debuglog.DebugLogError as e:
            print(f"debug log error: {e}", file=sys.stderr)
            return
        print(f"debug log written: {path}", flush=True)

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
            line = record.save_as_asked(replay.Replay.of(self.game, replay.solver_label(self.drivers)),
                                        args, self.config)
        except replay.ReplayError as e:
            print(f"record error: {e}", file=sys.stderr)
            return
        print(line, flush=True)

    def toggle_auto(self):
        """Hand the snake to the autopilot or take it back; a new solver starts from this moment."""
        self.game.clear_turns()
        self.auto = not self.auto
        self.solver = self.build_solver() if self.auto else None

    def toggle_pause(self):
        if not self.game.over():
            self.paused = not self.paused

    def restart(self):
        """A new game: a fresh seed, or a repeatable one drawn from the configured seed."""
        seed = self.seeds.randrange(SEED_RANGE) if self.config["seed"] is not None else None
        self.finish_recording()  # a recording ends with the game it recorded
        self.paused = False
        self.new_game(seed=seed)

    def toggle_path(self):
        self.show_path = not self.show_path

    def expose(self):
        self.full_repaint = True

    # -- events and drawing ----------------------------------------------------------------

    def handle(self, event):
        """React to one pygame event; unknown events and keys are ignored."""
        handler = self.events.get(event.type)
        if handler is not None:
            handler(event)

    def key_down(self, event):
        key = getattr(event, "key", None)
        if isinstance(key, int):
            action = self.keys.get(key)
            if action is not None:
                action()

    def board_message(self):
        """The text to show on the board: the outcome, or that the game is paused."""
        game = self.game
        if game.over():
            outcome = "WON" if game.state == WON else "LOST"
            return f"{outcome}: length {len(game.snake)}/{game.cells} - R: new game"
        if self.paused:
            return "PAUSED - P: resume"
        return None

    def caption_text(self):
        game = self.game
        state = {"won": "WON", "lost": "LOST"}.get(game.state, "paused" if self.paused else "playing")
        return (f"Snake - length {len(game.snake)}/{game.cells} - {self.interval:.3g} s/move - "
                f"autopilot {'on' if self.auto else 'off'} - {state}")

    def path_cells(self):
        """The autopilot's plan, on free cells only, when the overlay is on."""
        if not (self.show_path and self.auto and self.solver is not None) or self.game.over():
            return []
        snake = self.game.snake
        return [tuple(c) for c in self.solver.planned_path() if not snake.at(c)]

    def render(self):
        """Paint what is still unpainted and return the rects to show (the whole window only on
        a full repaint: start, restart, expose, a message taken down)."""
        message = self.board_message()
        if self.message is not None and message != self.message:
            self.full_repaint = True  # a message is taken down by painting the board again
        if self.full_repaint:
            self.full_repaint = False
            self.dirty = []
            rects = [self.board.draw()]
            self.path_drawer.draw(self.path_cells())
            self.message = None
        else:
            rects, self.dirty = self.dirty, []
            if message is None and self.message is None:  # no dots over a message
                rects.extend(self.refresh_path())
        if message != self.message:
            banner = draw_banner(self.screen, self.font, message)
            if banner is not None:
                rects.append(banner)
            self.message = message
        caption = self.caption_text()
        if caption != self.caption:
            pygame.display.set_caption(caption)
            self.caption = caption
        return rects

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
        start = last_tick = time.monotonic()
        ticks = 0
        pending = []
        while self.running:
            # events
            for event in pending + pygame.event.get():
                self.handle(event)
            if not self.running:
                break
            # update
            now = time.monotonic()
            if now - last_tick >= self.interval:
                self.tick()
                ticks += 1
                last_tick += self.interval
                if now - last_tick >= self.interval:  # fell behind: no burst of catch-up moves
                    last_tick = now
            # draw
            rects = self.render()
            if rects:
                pygame.display.update(rects)
            if (max_ticks is not None and ticks >= max_ticks
                    or max_seconds is not None and now - start >= max_seconds):
                break
            # wait: until an event arrives or the next tick is due, never spinning
            wait = last_tick + self.interval - time.monotonic()
            if max_seconds is not None:
                wait = min(wait, start + max_seconds - time.monotonic())
            event = pygame.event.wait(max(1, math.ceil(wait * 1000)))  # a timeout of 0 waits forever
            pending = [event] if event.type != pygame.NOEVENT else []
        return self.exit_code


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

    def finished(self):
        """Whether the file's last move has been played (a stuck game ends without being over)."""
        return self.game.over() or self.game.steps >= len(self.replay.moves)

    def tick(self):
        return False if self.finished() else super().tick()

    def toggle_auto(self):
        """The replay drives; there is no one to hand over to."""

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

    def board_message(self):
        """The outcome the file gives, once its last move is played."""
        if self.finished():
            return (f"REPLAY {self.replay.outcome.upper()}: length {len(self.game.snake)}/{self.game.cells} "
                    f"in {self.game.steps} moves - R: again")
        return super().board_message()

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
            print(record.save_as_asked(rep, args, config), flush=True)
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
        try:
            config, game = debuglog.load(args.load)
        except debuglog.DebugLogError as e:
            print(f"debug log error: {e}", file=sys.stderr)
            return 2
        paused = True
    try:
        app = App(config, game, paused)
    except pygame.error as e:
        print(f"cannot open the window: {e} (try --headless)", file=sys.stderr)
        return 1
    app.record_args = args if getattr(args, "record", None) else None
    try:
        return app.run()
    except KeyboardInterrupt:
        return 130
    finally:
        app.finish_recording()  # the window closed before the recorded game ended
        pygame.quit()


if __name__ == "__main__":
    sys.exit(main())
