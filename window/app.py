"""The window's App: one game on screen, what the keys do to it, the solver and the clock.

The parts live beside it: window/keys.py binds the keys and events to App's actions,
window/loop.py is the real loop (events -> a move when the clock says so -> paint what
changed -> wait), window/panel.py does what the Esc settings panel's keys say
(window/settings.py holds the panel's values), window/texts.py says what the board, the
strip and the caption say (and, for a while, the note App.tell was given),
window/overlays.py works out the path and the cycle O and C draw, window/canvas.py paints,
window/saves.py writes the files, and window/actions.py holds what the game's keys do
(App's base class).
"""
import random
import sys
import time

import config as configuration
import solvers
from files import scores
from game import LOST, Game
from hamilton.verdict import Verdict
from play import Drive
from solvers.guard import Guarded, SolverFailed
from window import screen
from window.actions import Actions
from window.canvas import Canvas, Scene
from window.keys import event_handlers, game_keys, panel_keys
from window.labels import STRIP_HEIGHT
from window.loop import Loop
from window.overlays import Overlays
from window.panel import Panel
from window.saves import Saves
from window.texts import Texts

HINT_SECONDS = 6  # the "Return: take the wheel" hint stays this long, unless a key comes first
NOTE_SECONDS = 2.5  # a note (a file written, a key refused) stays on the board this long


class App(Actions):
    """The window: one game on screen, what the keys do to it, the solver and the clock.

    Tests drive it without the clock: `handle(event)` for input, `tick()` for one move,
    `render()` for the rects to show; `run()` is the real loop built from the three
    (window/loop.py).
    """

    SMALLEST_CELL = screen.MIN_CELL  # pixels: a board that needs smaller cells to fit the screen is refused
    Canvas = Canvas  # what paints the game (a versus round has its own, window/versus.py)

    def __init__(self, config, game=None, paused=False, make_solver=None, score_book=None, config_path=None):
        self.choices = list(solvers.names())  # the solvers Tab and the panel go through: yours after the built-ins
        self.failure = None  # the SolverFailed that switched the autopilot off, said until the player steers
        self.take_config(dict(config))
        self.config_path = config_path  # the config file in use, where Esc's settings are saved (None: none)
        self.paused = paused
        self.help_shown = False  # the H / F1 overlay; the game holds still under it
        self.settings = None  # the Esc panel's Settings while it is open; the game holds still under it
        self.panel = Panel(self)  # what the panel's keys do
        self.show_path = False  # the O key: dots on the solver's planned path
        self.show_cycle = False  # the C key: the Hamiltonian cycle the solver follows
        self.running = True
        self.exit_code = 0
        self.reopen = None  # the config to play next in another mode (V, or the panel's Versus line)
        self.make_solver = make_solver or Guarded  # (ref, game) -> the solver, its calls checked
        self.make_parts(score_book if score_book is not None else scores.ScoreBook())  # memory only
        self.loop = Loop(self)
        self.clock = time.monotonic
        self.hint_until = self.clock() + HINT_SECONDS if self.auto else None
        self.note, self.note_until = None, None  # (board text, caption words) of the last note, and until when
        self.open_window()
        self.verdict = None
        self.keys = game_keys(self)  # key -> action (window/keys.py binds every key)
        self.panel_keys = panel_keys(self)  # key -> action while the settings panel is open
        self.events = event_handlers(self)  # event type -> handler(event)
        self.new_game(game, seed=self.config["seed"])

    def make_parts(self, book):
        """The parts that differ in versus play: the files (`book`: the best scores), the words, and
        what O and C draw."""
        self.saves = Saves(self, book)
        self.say = Texts(self)
        self.overlays = Overlays(self)  # what O and C draw, worked out for each frame

    def take_config(self, config):
        """Play by `config` from now on: its board, speed, solver and seeds (the window and the
        game are made for it by open_window and new_game)."""
        self.config = config
        self.width, self.height = configuration.board_size(config)
        self.interval = float(config["speed"])  # seconds per move, changed by U and I
        self.auto = bool(config["auto"])
        self.solver_name = config["solver"]  # the solver (its ref, solvers/) Return and Tab hand the snake to
        if self.solver_name not in self.choices:
            self.choices.append(self.solver_name)
        self.seeds = random.Random(config["seed"])  # later games: new, yet repeatable with a seed

    def open_window(self):
        """Open the window for this config's board (or resize it), with cells small enough for
        the screen; pygame.error or ConfigError when it cannot be."""
        block = self.cell_pixels(self.config)
        shown = dict(self.config, **{"block-size": block, "window-width": self.width * block,
                                     "window-height": self.height * block})
        self.screen = screen.open_window(Canvas.window_size(self.width, self.height, block))
        self.canvas = self.Canvas(self.screen, shown)

    def cell_pixels(self, config):
        """Pixels per cell to show `config`'s board with on this screen (window/screen.py); a
        ConfigError when they would be fewer than SMALLEST_CELL."""
        return screen.fit(config, STRIP_HEIGHT, self.SMALLEST_CELL)

    # -- the game ------------------------------------------------------------------------

    def new_game(self, game=None, seed=None):
        """Put `game` (or a fresh one) on the board; the whole window is repainted."""
        fresh = game is None  # not one loaded from a debug log, which opens paused and is nobody's record
        self.saves.new_game(counts=fresh)
        if fresh:
            game = Game(self.width, self.height, self.config["initial-length"], seed)
        self.game = game
        self.drivers = set()  # who made this game's moves: scores.PLAYER and solver names
        self.waiting = fresh and not self.auto  # the player drives: no move until a steering key
        self.verdict = None  # on a greedy loop: whether hamilton can still win it (hamilton/verdict.py)
        self.canvas.new_game(game)
        self.start_solver()

    @property
    def solver_shown(self):
        """The chosen solver as the player reads it: a built-in's name, or the class's name."""
        return solvers.name_of(self.solver_name)

    def start_solver(self):
        """Build the chosen solver for this moment (or none when the player drives), and its
        drive: a new game, a hand-over or Tab all start a new stretch to watch for a loop. What
        the background verdict on a loop found goes to the solver taking over."""
        self.solver = None
        verdict, self.verdict = self.verdict, None
        if self.auto:
            self.failure = None
            try:
                self.solver = self.make_solver(self.solver_name, self.game)
                if verdict is not None:  # first: being told the pace then builds on what it found
                    verdict.hand_to(getattr(self.solver, "solver", self.solver))  # the solver inside its Guarded
                self.solver.paced(self.interval)
            except SolverFailed as e:
                self.solver_failed(e)
                return
        self.drive = Drive(self.game, self.solver, advance=self.canvas.advance)

    def circling(self):
        """Whether the memoryless solver driving is proven to circle forever (loops.py)."""
        return self.auto and self.drive.circling

    def tick(self):
        """Play one move unless held (paused, help, waiting for the player) or over; returns
        whether the snake moved."""
        if self.paused or self.help_shown or self.settings is not None or self.waiting or self.game.over():
            return False
        self.play_move()
        return True

    def play_move(self):
        """One move: the solver's when it drives, else the player's next queued key (or
        straight on); the game enters the best scores when it ends."""
        game = self.game
        direc = None  # the player's: the next key queued, if any
        if self.auto:
            game.clear_turns()
            try:
                direc = self.solver.next_direction()
            except SolverFailed as e:
                self.solver_failed(e)
                return
        self.drivers.add(self.solver.name if self.auto else scores.PLAYER)  # the one that drove
        if self.drive.move(direc):
            self.canvas.fruit_appeared()  # the new fruit appeared on this same tick
        if self.circling() and self.verdict is None:
            self.verdict = Verdict(game)  # decided in the idle time between ticks (think)
        if game.over():
            self.game_ended()

    def solver_failed(self, failure):
        """The solver driving broke the contract (solvers/guard.py): the autopilot switches off and
        the snake waits for the player's keys; the board says who failed, at which move and why."""
        self.failure = failure
        self.auto = False
        self.solver = None
        self.game.clear_turns()
        self.waiting = not self.game.over()
        self.drive = Drive(self.game, None, advance=self.canvas.advance)
        print(f"error: {failure}", file=sys.stderr, flush=True)

    def game_ended(self):
        """The game is over, or left (R, Q): it enters the best scores, and --record's GIF."""
        self.saves.enter_scores()
        self.saves.finish_gif()

    # -- the settings panel (Esc, window/panel.py) -----------------------------------------

    def open_settings(self):
        """Esc: the settings panel over the board."""
        self.panel.open()

    def reconfigure(self, config):
        """Play `config` from now on: the window sized for its board, and a new game (in another mode:
        a new window App, play_next)."""
        if config.get("versus") != self.config.get("versus"):
            self.play_next(config)
            return
        self.take_config(config)
        self.paused = False
        self.open_window()
        self.new_game(seed=config["seed"])

    def quit(self):
        self.saves.enter_scores()
        self.running = False
        self.exit_code = 0

    def expose(self):
        self.canvas.full_repaint = True

    def tell(self, board, caption, line=None, err=False):
        """A short note: `board` on the board and `caption` in the caption for NOTE_SECONDS,
        and `line`, if given, on stdout (on stderr when `err`): scripts read those lines."""
        self.note, self.note_until = (board, caption), self.clock() + NOTE_SECONDS
        if line is not None:
            print(line, file=sys.stderr if err else sys.stdout, flush=True)

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
            action = (self.keys if self.settings is None else self.panel_keys).get(key)
            if action is not None:
                action()

    def render(self):
        """Paint what is still unpainted; the rects to show (window/canvas.py)."""
        say = self.say
        drawn = self.overlays
        return self.canvas.frame(Scene(say.board(), say.note(), drawn.path_cells(), drawn.cycle_lines(),
                                       say.strip(), say.caption(), self.marks()))

    def marks(self):
        """The cells to ring: where the game was lost, once it is."""
        return (self.game.crash(),) if self.game.state == LOST else ()

    # -- the loop (window/loop.py) ---------------------------------------------------------

    def run(self, max_ticks=None, max_seconds=None):
        """Play until Q or the close button; return the exit code. `max_ticks` and
        `max_seconds` end the loop early, for tests and scripts."""
        return self.loop.run(max_ticks, max_seconds)

    def think(self, until):
        """Let the solver driving, or the verdict on a greedy loop, search until `until` (the
        clock's time); whether either had a search under way."""
        if self.verdict is not None and self.verdict.think(until, self.clock):
            return True
        if not (self.auto and self.solver is not None):
            return False
        try:
            return self.solver.think(until, self.clock)
        except SolverFailed as e:
            self.solver_failed(e)
            return False
