"""What the window writes: the best scores, the debug log (space), a replay (G) and the GIF (--record).

Each write is whole or absent (files/atomic.py). What became of it is a note on the board
and in the caption (App.tell), and one line: on stdout where a file was written (scripts
read "debug log written: PATH"), on stderr where it was not; the game goes on.
"""
import os

from files import debuglog, gif, replay, scores
from game import WON

CHECKOUT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))  # the game's own folder
REPLAYS = "replays"  # G's folder in the user's data folder, beside the best scores


def replay_folder(environ=None, here=None):
    """Where G writes a replay: the current folder, unless it is in the game's checkout (where git
    would list every replay as a new file): then $XDG_DATA_HOME/snake-autopilot/replays, made if
    missing."""
    here = os.path.realpath(here or os.getcwd())
    checkout = os.path.realpath(CHECKOUT)
    if here != checkout and not here.startswith(checkout + os.sep):
        return "."
    folder = os.path.join(os.path.dirname(scores.default_path(environ)), REPLAYS)
    os.makedirs(folder, exist_ok=True)
    return folder


class Saves:
    """The files of `app`'s games. `book` holds the best scores; `gif_args`, the --record flags,
    until the game played since launch has gone into its GIF."""

    def __init__(self, app, book):
        self.app = app
        self.book = book
        self.gif_args = None
        self.counts = True  # whether this game enters the best scores (not one loaded from a debug log)
        self.new_bests = None  # the bests this game set, once entered

    def new_game(self, counts):
        self.counts, self.new_bests = counts, None

    def table_name(self):
        """The best-scores table of this game's board and starting length."""
        game = self.app.game
        return scores.table_name(game.width, game.height, game.initial_length)

    def enter_scores(self):
        """Enter this game in the best scores, once: at its end, or when it is left unfinished
        (R, Q). A failed save is one line; the result stays in the table in memory."""
        app = self.app
        game = app.game
        if self.new_bests is not None or not self.counts or not app.drivers:
            return
        moves_to_win = game.steps if game.state == WON else None
        self.new_bests = self.book.add(self.table_name(), scores.credit(app.drivers), len(game.snake), moves_to_win)
        self.save_book()

    def save_book(self):
        """Write the best scores; a failure is a note and a line, the table stays in memory."""
        try:
            self.book.save()
        except scores.ScoreError as e:
            self.app.tell(f"Best scores not saved: {e}", "scores not saved", f"best scores: {e}", err=True)

    def save_log(self):
        """Space: write the debug log in the current directory and say where."""
        app = self.app
        logged = dict(app.config, speed=app.interval, auto=app.auto, solver=app.solver_name)
        try:
            path, shown = self.write_log(logged)
        except debuglog.DebugLogError as e:
            app.tell(f"Debug log not written: {e}", "debug log not written", f"error: debug log not written: {e}",
                     err=True)
            return
        app.tell(f"Debug log written: {shown}", "debug log written", f"debug log written: {path}")

    def write_log(self, logged):
        """(the path of the debug log written in the current directory with the config `logged`,
        the name the board shows); DebugLogError when it cannot be."""
        app = self.app
        path = debuglog.write(app.game, logged, app.solver, directory=".", autopilot=app.auto)
        return path, os.path.basename(path)

    def save_replay(self):
        """G: save the finished game as a replay file (replay_folder) and say where."""
        app = self.app
        if not app.game.over():
            app.tell("G saves a finished game: this one is not over yet", "game not over yet",
                     "replay: the game is not over yet; G saves a finished game", err=True)
            return
        try:
            folder = replay_folder()
            path, written = replay.write(self.replay(), folder)
        except OSError as e:
            app.tell(f"Replay not saved: {e.strerror or e}", "replay not saved", f"error: replay not saved: {e}",
                     err=True)
            return
        except replay.ReplayError as e:
            app.tell(f"Replay not saved: {e}", "replay not saved", f"error: replay not saved: {e}", err=True)
            return
        done = "saved" if written else "already saved"
        shown = os.path.basename(path) if folder == "." else path
        app.tell(f"Replay {done}: {shown}", f"replay {done}", f"replay {done}: {path}")

    def replay(self):
        """The game played so far, as a replay (G's file, --record's GIF), named by its drivers."""
        return replay.Replay.of(self.app.game, replay.solver_label(self.app.drivers))

    def finish_gif(self):
        """--record: draw the game played since launch into the GIF, once; a failure is one line."""
        args, self.gif_args = self.gif_args, None
        if args is None:
            return
        app = self.app
        try:
            line = gif.save_as_asked(self.replay(), args, app.config)
        except replay.ReplayError as e:
            app.tell(f"GIF not written: {e}", "GIF not written", f"error: GIF not written: {e}", err=True)
            return
        app.tell(f"GIF written: {os.path.basename(args.record)}", "GIF written", line)
