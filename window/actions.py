"""What the game's keys do to the window's App: steering, speed, pause, a new game, the solver,
O and C, the mode. App (window/app.py) takes them as its base class; window/keys.py binds
the keys to them, and a versus round (window/versus.py) overrides what differs for two.
"""
import config as configuration
import solvers
from solvers.guard import SolverFailed

SPEED_FACTOR = 0.8  # U multiplies the seconds per move by this, I divides by it
SEED_RANGE = 2 ** 32  # seeds drawn for the games after the first


def plans_paths(ref):
    """Whether the solver `ref` has a planned path to show (it answers planned_path, docs/solvers.md)."""
    from solver import Solver
    return getattr(solvers.find(ref), "planned_path", Solver.planned_path) is not Solver.planned_path


class Actions:
    """The actions the keys are bound to; the state they change (the game, the solver, the
    clock's interval, what is shown) is App's."""

    def steer(self, direc, keys=None):
        """Queue a turn (`keys`, WASD or the arrows, matters in versus play only). While the solver
        drives, steering keys are ignored: Return takes over. A game the player drives (a new one,
        or after a hand-over) waits for its first steering key (a turn back onto the neck does not
        start it: it would be ignored, and the snake would run on unsteered). While paused the turn
        waits in the queue: for P, or for '.'."""
        game = self.game
        if self.auto or self.help_shown or game.over():
            return
        if self.waiting:
            if game.snake.is_reversal(direc):
                return
            self.waiting = False
            self.failure = None  # the player has read it: the snake is theirs
        game.queue_turn(direc)

    def set_interval(self, seconds):
        self.interval = min(configuration.SPEED_MAX, max(configuration.SPEED_MIN, seconds))
        if self.solver is not None:
            try:
                self.solver.paced(self.interval)
            except SolverFailed as e:
                self.solver_failed(e)

    def faster(self):
        self.set_interval(self.interval * SPEED_FACTOR)

    def slower(self):
        self.set_interval(self.interval / SPEED_FACTOR)

    def toggle_pause(self):
        if not self.game.over():
            self.paused = not self.paused

    def step_once(self):
        """'.': while paused, play exactly one move (the solver's, or the player's queued
        key) and stay paused; when not paused, a note says so."""
        if self.help_shown or self.game.over():
            return
        if not self.paused:
            self.tell("'.' plays one move of a paused game: P pauses it", "'.' needs a pause",
                      "step: '.' plays one move of a paused game; P pauses it", err=True)
            return
        self.waiting = False
        self.play_move()

    def restart(self):
        """A new game: a fresh seed, or a repeatable one drawn from the configured seed."""
        self.game_ended()  # an unfinished game still counts (its length); a GIF ends with its game
        seed = self.seeds.randrange(SEED_RANGE) if self.config["seed"] is not None else None
        self.paused = False
        self.new_game(seed=seed)

    def toggle_auto(self):
        """Hand the snake to the solver, or take it: then the snake waits for a steering key."""
        self.game.clear_turns()
        self.auto = not self.auto
        self.waiting = not self.auto and not self.game.over()
        self.start_solver()

    def next_solver(self):
        """Tab: the next solver (wrapping round: the built-ins, then yours); it drives at once if one drives."""
        names = self.choices
        here = names.index(self.solver_name) if self.solver_name in names else -1
        self.solver_name = names[(here + 1) % len(names)]
        if self.auto:
            self.game.clear_turns()
            self.start_solver()

    def toggle_path(self):
        """O: dots on the planned path of the solver driving, or stop; a note when there is none to draw."""
        self.show_path = not self.show_path
        if not self.show_path:
            return
        name = self.solver_shown
        if not self.auto:
            self.tell(f"The planned path shows while {name} drives: Return", "path: Return first")
        elif not plans_paths(self.solver_name):
            self.tell(f"{name} plans no path to show", f"{name} plans no path")

    def switch_mode(self):
        """V: the next way to play, single play -> you against rival -> you against a player ->
        single play: a new game in it, the settings of now kept (not saved). A versus round starts
        with the player on snake A, as the note that names the mode says; single play with whoever
        drove last."""
        order = [None, "rival", configuration.PLAYER]
        now = self.config.get("versus")
        after = order[(order.index(now) + 1) % len(order)] if now in order else None
        config = {key: value for key, value in self.config.items() if key != "versus"}
        config.update(speed=self.interval, auto=self.auto and after is None, solver=self.solver_name)
        if after is not None:
            config["versus"] = after
        self.play_next(config)

    def play_next(self, config):
        """End this window's game and play `config` next, in the mode it says (window/start.py's play reopens).
        A note of this mode's is not carried over; one told after this (the panel's word on saving)
        is."""
        self.game_ended()
        self.reopen = config
        self.running = False
        self.note, self.note_until = None, None

    def toggle_cycle(self):
        """C: draw the cycle the solver follows, or stop; a note when there is none to draw."""
        self.show_cycle = not self.show_cycle
        if not self.show_cycle:
            return
        name = self.solver_shown
        follows = getattr(self.solver, "follows_a_cycle", False) if self.auto else \
            getattr(solvers.find(self.solver_name), "follows_a_cycle", False)
        if not follows:
            self.tell(f"{name} follows no cycle: C draws hamilton's", f"{name} follows no cycle")
        elif not self.auto:
            self.tell(f"The cycle shows while {name} drives: Return", "cycle: Return first")

    def toggle_help(self):
        self.help_shown = not self.help_shown

    def save_replay(self):
        self.saves.save_replay()
