"""The window in versus play: two snakes on one board (docs/versus.md).

A VersusApp is an App (window/app.py) whose game is a versus.duel.Duel: the loop, the
clock, pause, speed, help, the settings panel and the notes are the App's. What differs:

    who drives     snake A: the player (WASD, and the arrows too unless B is a player's),
                   or the autopilot (Return, Tab) as in single play;
                   snake B: the solver named by "versus", or a player on the arrows
    a move         both snakes' directions, then one Duel.step; the canvas repaints the
                   cells both moves changed (window/canvas.py's DuelCanvas)
    the words      VersusTexts: the strip with both lengths and drivers, the end of a round
                   with who won and why
    the files      VersusSaves: a versus debug log, a versus replay, the versus best scores
"""
import sys

import config as configuration
import solvers
from files import scores, versus_log, versus_replay
from files.replay import LETTER_DIRECTION, MAX_ROOM, ReplayError
from window.key_help import KEY_HELP
from solvers.guard import SolverFailed
from versus.duel import (FULL_BOARD, HEAD_TO_HEAD, OTHER_BODY, OWN_BODY, SIDES, STALEMATE, SWAP, WALL, A, B,
                         Duel)
from window.actions import plans_paths
from window.app import App
from window.canvas import DuelCanvas
from window.overlays import Overlays
from window.saves import Saves, replay_folder
from window.texts import Texts, moves, shortened

WASD, ARROWS = "wasd", "arrows"  # the two key sets (window/keys.py)
COLOURS = ("black", "blue")  # how the texts name snake A and snake B


class VersusApp(App):
    """The window playing a duel: `config["versus"]` names snake B's solver, or "player" (the arrows).
    `drivers`, from a versus debug log, says who drove each snake then."""

    Canvas = DuelCanvas

    def __init__(self, config, game=None, paused=False, make_solver=None, score_book=None, config_path=None):
        self.seats = [None, None]  # each snake's solver (a Guarded), None where a player drives
        self.failures = [None, None]
        self.waiting = set()  # the players whose first key the round waits for
        super().__init__(config, game, paused, make_solver, score_book, config_path)

    def make_parts(self, book):
        self.saves = VersusSaves(self, book)
        self.say = VersusTexts(self)
        self.overlays = VersusOverlays(self)

    def take_config(self, config):
        super().take_config(config)
        self.opponent = config["versus"]  # snake B: a solver's ref, or "player"
        if self.opponent != configuration.PLAYER and self.opponent not in self.choices:
            self.choices.append(self.opponent)

    @property
    def opponent_shown(self):
        return solvers.name_of(self.opponent)

    @property
    def two_players(self):
        return self.opponent == configuration.PLAYER

    def players(self):
        """The sides a player drives now."""
        return [side for side in (A, B) if self.seats[side] is None]

    # -- the round ------------------------------------------------------------------------

    def new_game(self, game=None, seed=None):
        fresh = game is None
        self.saves.new_game(counts=fresh)
        if fresh:
            game = Duel(self.width, self.height, self.config["initial-length"], seed)
        self.game = game
        self.failures = [None, None]  # a new round asks a solver that failed again
        self.drivers = set()
        self.drivers_of = (set(), set())  # who made each snake's moves
        self.canvas.new_game(game)
        self.start_solver()
        self.waiting = set(self.players()) if fresh else set()  # players not yet started

    def start_solver(self):
        """Build the solvers of this moment: snake A's autopilot when it is on, snake B's opponent."""
        self.failure = None
        refs = [self.solver_name if self.auto else None,
                None if self.two_players or self.failures[B] is not None else self.opponent]
        for side, ref in enumerate(refs):
            self.seats[side] = None
            if ref is None:
                continue
            try:
                self.seats[side] = self.make_solver(ref, self.game.side(side, self.sees(ref)))
                self.seats[side].paced(self.interval)
            except SolverFailed as e:
                self.solver_failed(e, side)
        self.solver = self.seats[A]
        self.drive = None

    @staticmethod
    def sees(ref):
        """Whether the solver `ref` is shown the other snake (it says it plays versus)."""
        return bool(getattr(solvers.find(ref), "versus", False))

    def circling(self):
        return False

    def play_move(self):
        """One tick: each solver's move, or each player's next queued key, then Duel.step."""
        duel = self.game
        directions = [None, None]
        for side, seat in enumerate(self.seats):
            if seat is None:
                continue
            duel.clear_turns(side)
            try:
                directions[side] = seat.next_direction()
            except SolverFailed as e:
                self.solver_failed(e, side)
        for side in (A, B):
            who = self.seats[side].name if self.seats[side] is not None else scores.PLAYER
            self.drivers_of[side].add(who)
            self.drivers.add(who)
        ate = duel.step(tuple(directions), self.canvas.advances)
        self.canvas.settle()
        if any(ate) and not duel.over():
            self.canvas.fruit_appeared()
        if duel.over():
            self.game_ended()

    def solver_failed(self, failure, side=A):
        """A solver broke the contract: snake A's goes to the player (as in single play); snake B's
        opponent is out of this round and the snake goes straight on; the board says who and why."""
        self.failures[side] = failure
        self.seats[side] = None
        if side == B:
            self.tell(f"{failure.name} failed: snake B goes straight on", f"{shortened(failure.name)} failed")
        else:
            self.failure = failure
            self.auto = False
            self.solver = None
            self.game.clear_turns(A)
            if not self.game.over():
                self.waiting.add(A)
        print(f"error: {failure}", file=sys.stderr, flush=True)

    # -- keys -----------------------------------------------------------------------------

    def steer(self, direc, keys=WASD):
        """A steering key of `keys` (WASD or the arrows): the snake that key set drives, unless a
        solver drives it. A round waits for each player's first key (not a turn onto the neck)."""
        duel = self.game
        side = B if self.two_players and keys == ARROWS else A
        if self.help_shown or duel.over() or self.seats[side] is not None:
            return
        if side == B and self.failures[B] is not None:
            return
        if side in self.waiting:
            if duel.snakes[side].is_reversal(direc):
                return
            self.waiting.discard(side)
            if side == A:
                self.failure = None
        duel.queue_turn(side, direc)

    def tick(self):
        if self.paused or self.help_shown or self.settings is not None or self.waiting or self.game.over():
            return False
        self.play_move()
        return True

    def step_once(self):
        if self.help_shown or self.game.over():
            return
        if not self.paused:
            super().step_once()
            return
        self.waiting = set()
        self.play_move()

    def set_interval(self, seconds):
        super().set_interval(seconds)
        for side in (A, B):
            seat = self.seats[side]
            if seat is not None and seat is not self.solver:
                try:
                    seat.paced(self.interval)
                except SolverFailed as e:
                    self.solver_failed(e, side)

    def toggle_auto(self):
        """Return: snake A to the autopilot, or back to the player (who then starts it with a key)."""
        self.game.clear_turns(A)
        self.auto = not self.auto
        self.start_solver()
        if not self.auto and not self.game.over():
            self.waiting.add(A)
        else:
            self.waiting.discard(A)

    def next_solver(self):
        names = self.choices
        here = names.index(self.solver_name) if self.solver_name in names else -1
        self.solver_name = names[(here + 1) % len(names)]
        if self.auto:
            self.game.clear_turns(A)
            self.start_solver()

    def toggle_path(self):
        """O: dots on the planned path of each solver playing, or stop; a note when none of them
        plans one (a player drives each snake, or the solvers plan no path)."""
        self.show_path = not self.show_path
        if not self.show_path:
            return
        if not any(seat is not None and plans_paths(seat.ref) for seat in self.seats):
            self.tell("O draws the path a solver playing plans: none plans one here", "no path to show")

    def toggle_cycle(self):
        """C: no solver follows one cycle in versus play."""
        self.tell("C draws a cycle in single play: none is followed here", "no cycle in versus")

    def think(self, until):
        return False

    def marks(self):
        """The cells to ring: where the round was lost, once it is over."""
        return tuple(self.game.marks) if self.game.over() else ()

    def game_ended(self):
        self.saves.enter_scores()
        self.saves.finish_gif()


class VersusOverlays(Overlays):
    """O: the planned path of each solver playing; C draws nothing in versus play."""

    def path_cells(self):
        app = self.app
        if not app.show_path or app.game.over():
            return []
        cells = []
        for side, seat in enumerate(app.seats):
            if seat is None:
                continue
            try:
                cells += [tuple(c) for c in seat.planned_path() if not app.game.occupied(tuple(c))]
            except SolverFailed as e:
                app.solver_failed(e, side)
        return cells

    def cycle_lines(self):
        return {}


def driver_name(app, side):
    """Who drives snake `side` as the texts say it: a solver's name, "you", or a key set."""
    seat = app.seats[side]
    if seat is not None:
        return seat.name
    if app.two_players:
        return "WASD" if side == A else "arrows"
    if side == B:
        return "nobody"  # its solver failed
    return "you"


REASONS = {  # why a snake lost, as the end of a round says it: {s} the loser, {o} the other
    WALL: "{s} ran into the wall",
    OWN_BODY: "{s} ran into its own body",
    OTHER_BODY: "{s} ran into {o}'s body",
    HEAD_TO_HEAD: "head to head: {o} was longer",
    SWAP: "the heads swapped cells",
}


def reason(duel):
    """Why the round ended, in a few words."""
    lost = [side for side in (A, B) if duel.causes[side] is not None]
    if duel.ending == STALEMATE:
        return "stalemate: no meal for " + moves(duel.stall_limit)
    if duel.ending == FULL_BOARD:
        return "the board is full"
    if len(lost) == 2:
        causes = set(duel.causes)
        if causes == {HEAD_TO_HEAD}:
            return "head to head, equal lengths: both lost"
        if causes == {SWAP}:
            return "the heads swapped cells: both lost"
        return "both lost: " + " and ".join(REASONS[duel.causes[s]].format(s=SIDES[s], o=SIDES[1 - s])
                                            for s in lost)
    side = lost[0]
    return REASONS[duel.causes[side]].format(s=SIDES[side], o=SIDES[1 - side])


VERSUS_KEYS = {  # help's first rows in versus play, by whether two players share the keyboard
    True: [("W A S D", "steer snake A (black, red head)"), ("arrows", "steer snake B (blue, orange head)")],
    False: [("W A S D / arrows", "steer snake A (black, red head)")],
}


class VersusTexts(Texts):
    """What the board, the strip and the caption say in versus play."""

    def key_help(self):
        return tuple(VERSUS_KEYS[self.app.two_players]) + tuple(KEY_HELP[1:])

    def waiting_forms(self):
        app = self.app
        if app.waiting == {A, B}:
            return (("Snake A: WASD - snake B: the arrows", "Each player's first key starts the round"),
                    ("A: WASD - B: arrows",))
        who = "WASD" if app.two_players and app.waiting == {A} else "the arrows" if app.waiting == {B} \
            else "an arrow or WASD"
        return ((f"Press {who} to start", "Return: the autopilot drives"), (f"Press {who} to start",))

    def search_news(self):
        return None  # no loop is watched, and no hand-over searched, in a round

    def hint_forms(self):
        return (("The autopilot drives snake A. Return:\u00a0take\u00a0the\u00a0wheel",),
                ("Return:\u00a0take\u00a0the\u00a0wheel",))

    def outcome_forms(self):
        app = self.app
        duel, saves = app.game, app.saves
        head = "DRAW" if duel.winner is None else f"{SIDES[duel.winner]} WON"
        first = f"{head}: {reason(duel)}"
        sizes = (f"A ({driver_name(app, A)}) {len(duel.snakes[A])}, B ({driver_name(app, B)}) "
                 f"{len(duel.snakes[B])} in {moves(duel.steps)}")
        last = ("(loaded from a debug log: not counted)", "R: new round") if not saves.counts else ("R: new round",)
        best = saves.book.best(saves.table_name())
        rows = tuple((name, f"length {entry['length']}" + (f", a win in {moves(entry['moves_to_win'])}"
                                                          if entry["moves_to_win"] else ""))
                     for name, entry in sorted(best.items()) if name in saves.entered)
        forms = []
        if rows:
            forms.append((first, sizes, f"Best in versus on {saves.table_name()}:") + rows + last)
        forms += [(first, sizes) + last, (first,) + last, (head, "R: new round")]
        return tuple(forms)

    def state(self):
        app = self.app
        duel = app.game
        if duel.over():
            return "draw" if duel.winner is None else f"{SIDES[duel.winner]} won"
        return super().state() if (app.settings or app.help_shown or app.paused or app.failure) else \
            ("waiting for the first keys" if app.waiting else "playing")

    def caption(self):
        app = self.app
        duel = app.game
        sides = " vs ".join(f"{SIDES[s]} {len(duel.snakes[s])} ({driver_name(app, s)})" for s in (A, B))
        return f"Snake versus - {sides} - {self.noted() or self.state()}"

    def strip(self):
        """Both lengths and both drivers, then the moves and the speed; shorter forms for a narrow window."""
        app = self.app
        duel = app.game
        long = [f"{SIDES[s]} ({COLOURS[s]}) {driver_name(app, s)}: {len(duel.snakes[s])}" for s in (A, B)]
        short = [f"{SIDES[s]} {driver_name(app, s)} {len(duel.snakes[s])}" for s in (A, B)]
        tiny = [f"{SIDES[s]} {len(duel.snakes[s])}" for s in (A, B)]
        gap = "   "
        made, speed = moves(duel.steps), f"{app.interval:.3g} s/move"
        return (gap.join(long + [made, speed]), gap.join(short + [made]), gap.join(short), "  ".join(tiny))


class VersusSaves(Saves):
    """The files of versus play: a versus debug log (space), a versus replay (G), the GIF of the first
    round (--record) and the versus best scores (a book of their own: versus-scores.json)."""

    def __init__(self, app, book):
        super().__init__(app, book.versus_book())
        self.entered = set()  # the names this round entered in the best scores

    def new_game(self, counts):
        super().new_game(counts)
        self.entered = set()

    def names(self):
        """Who drove snake A and snake B, each a scores.credit of its drivers."""
        app = self.app
        return [scores.credit(app.drivers_of[side]) if app.drivers_of[side] else scores.PLAYER for side in (A, B)]

    def enter_scores(self):
        """Each snake's driver enters this mode's table as "X against Y": its length, and its moves
        when it won."""
        app = self.app
        duel = app.game
        if self.new_bests is not None or not self.counts or not app.drivers:
            return
        names = self.names()
        self.new_bests = set()
        for side in (A, B):
            name = f"{names[side]} against {names[1 - side]}"
            won = duel.steps if duel.over() and duel.winner == side else None
            self.new_bests |= self.book.add(self.table_name(), name, len(duel.snakes[side]), won)
            self.entered.add(name)
        self.save_book()

    def write_log(self, logged):
        app = self.app
        drivers = [app.seats[s].ref if app.seats[s] is not None else scores.PLAYER for s in (A, B)]
        path = versus_log.write(app.game, logged, drivers, app.seats, directory=".")
        return path, path

    def replay(self):
        """The round played so far, both snakes, as a versus replay (G's file, --record's GIF)."""
        return versus_replay.VersusReplay.of(self.app.game, self.names())

    def save_replay(self):
        app = self.app
        if not app.game.over():
            app.tell("G saves a finished round: this one is not over yet", "round not over yet",
                     "replay: the round is not over yet; G saves a finished round", err=True)
            return
        try:
            path, written = versus_replay.write(self.replay(), replay_folder())
        except OSError as e:
            app.tell(f"Replay not saved: {e.strerror or e}", "replay not saved", f"error: replay not saved: {e}",
                     err=True)
            return
        except ReplayError as e:
            app.tell(f"Replay not saved: {e}", "replay not saved", f"error: replay not saved: {e}", err=True)
            return
        done = "saved" if written else "already saved"
        app.tell(f"Replay {done}: {path}", f"replay {done}", f"replay {done}: {path}")



class ReplayPilot:
    """Drives one snake of a versus replay along its recorded moves, as a solver would."""

    memoryless = follows_a_cycle = False

    def __init__(self, duel, rep, side):
        self.duel, self.rep, self.side = duel, rep, side
        self.name = rep.snakes[side]
        self.ref = self.name

    def next_direction(self):
        moves, steps = self.rep.moves[self.side], self.duel.steps
        return LETTER_DIRECTION[moves[steps]] if steps < len(moves) else self.duel.snakes[self.side].direction()

    def planned_path(self):
        return []

    def paced(self, seconds):
        pass

    decision = None


class VersusReplayApp(VersusApp):
    """A versus replay played back: P, U/I and Q work; R watches it again; the file drives both
    snakes, so steering, Return, Tab, V and the settings do nothing but say so."""

    SMALLEST_CELL = 1

    def __init__(self, config, rep, name):
        self.replay, self.name = rep, name
        block = configuration.cell_pixels(config["block-size"], rep.width, rep.height, MAX_ROOM)
        shown = {key: value for key, value in config.items() if key != "versus"}
        shown.update({"window-width": rep.width * block, "window-height": rep.height * block, "block-size": block,
                      "initial-length": rep.initial_length, "auto": False, "versus": configuration.PLAYER})
        super().__init__(shown, rep.start())
        self.hint_until = None

    def start_solver(self):
        self.failure = None
        self.seats = [ReplayPilot(self.game, self.replay, side) for side in (A, B)]
        self.solver = None
        self.drive = None

    def finished(self):
        return self.game.over() or self.game.steps >= len(self.replay.moves[0])

    def tick(self):
        return False if self.finished() else super().tick()

    def steer(self, direc, keys=None):
        """The file drives both snakes."""

    def toggle_auto(self):
        """The file drives: no one to hand over to."""

    def next_solver(self):
        """The file drives."""

    def switch_mode(self):
        self.tell("V changes the mode of a game: this is a replay", "no modes in a replay")

    def open_settings(self):
        self.tell("Settings are for games: this is a replay", "no settings in a replay")

    def restart(self):
        self.paused = False
        self.new_game(self.replay.start())

    def save_replay(self):
        self.tell(f"This round is the replay {self.name} already", "a replay already",
                  f"replay: this round is the replay {self.name} already", err=True)

    def game_ended(self):
        """A replay sets no best score."""
