"""What the window says: the boxes of text on the board, the strip below it and the caption.
No pygame here.

Every text is worked out from the app's state when it is drawn, never stored, so it cannot
go stale. A box is a hashable (place, forms): place is "middle", or "edge" (the edge away
from the head, so play stays visible); forms are the same text, longest first, and a small
window shows the first that fits (window/labels.py). The strip's forms are one line each.
The caption stays short enough for a title bar (CAPTION_MAX): the length, who drives and a
few words of state; the strip and the boxes say the rest.
"""
import solvers
from window.key_help import KEY_HELP
from solver import EndgameState
from files import scores
from game import WON
from window.settings import LINES
from hamilton.decision import ProofState
from hamilton.verdict import Answer

# On a loop the autopilot driving will never leave: what the background verdict (hamilton/
# verdict.py) says of the way on, as the box's second line and the caption's end.
LOOP_NEWS = {  # KEEP joins the words a box must not break across two lines (window/labels.py)
    None: ("Tab: hamilton may still win it (deciding) - Return:\u00a0take\u00a0over", "hamilton may win"),
    Answer.WON: ("Tab: hamilton can win from here - Return:\u00a0take\u00a0over", "hamilton can win"),
    Answer.LOST: ("No win is left from here, whatever the moves - R:\u00a0new\u00a0game", "no win left"),
    Answer.UNDECIDED: ("Tab: hamilton may still win it - Return:\u00a0take\u00a0over", "hamilton may win"),
    Answer.NOT_ASKED: ("Tab: hamilton may still win it - Return:\u00a0take\u00a0over", "hamilton may win"),
}
HINT = ("The autopilot drives. Return:\u00a0take\u00a0the\u00a0wheel - H:\u00a0help",
        "Return:\u00a0take\u00a0the\u00a0wheel", "Return: take the wheel")  # the first-run hint, shorter forms after

SETTING_NAMES = {"width": "Board width", "height": "Board height", "length": "Start length",
                 "speed": "Speed", "auto": "Autopilot", "solver": "Which autopilot", "seed": "Seed",
                 "versus": "Versus"}
SETTINGS_KEYS = ("Up/Down: choose - Left/Right: change", "Return: apply, save, new game - Esc: close")

CAPTION_MAX = 80  # characters: a caption longer than this is cut off by many title bars

# What an autopilot near the end of a hand-over says (its decision's `endgame`): the box on the
# board ({name}: the autopilot, {moves}: the moves left of a proven route) and the caption's
# state, a few words, so a snake going round in circles is explained.
ENDGAME_NEWS = {
    EndgameState.PROVING: (("{name} is searching every way the last fruits can fall.",
                            "It circles until the proof is done."),
                           "searching every future"),
    EndgameState.LOST: (("No win is left from here, whatever the moves.", "{name} keeps the snake alive - R: new game"),
             "no win left: staying alive"),
    EndgameState.UNDECIDED: (("The end is too big to search through.", "{name} keeps the snake alive - R: new game"),
                  "too big to search"),
    EndgameState.WINNING: (("{name} has proven a sure win: {moves} to this fruit.",
                            "It follows the proven way, whatever fruits come next."),
                           "sure win proven: {moves}"),
    EndgameState.SURVIVING: (("{name} keeps the snake alive and looks for a way back into order.",
                              "If no fruit is eaten within {moves}, it searches every future."),
                             "search begins in {moves}"),
}
# A win proven by a long route while a shorter one is looked for (the decision's `at_most`),
# circling or on the way (its proof "win"): the box says so; the caption keeps WINNING's words.
AT_MOST_NEWS = ("{name} has proven a sure win: at most {moves} to this fruit.",
                "It circles while it looks for a shorter way.")
ON_THE_WAY_NEWS = ("{name} has proven a sure win: at most {moves} to this fruit.",
                   "It follows the proven way and looks for a shorter one as it goes.")


def setting_text(key, value):
    """A setting's value as the panel shows it."""
    if key in ("width", "height"):
        return f"{value} cells"
    if key == "speed":
        return f"{value:g} s/move"
    if key == "auto":
        return "on" if value else "off"
    if key == "seed":
        return "random" if value is None else str(value)
    if key == "solver":
        return solvers.name_of(value)
    if key == "versus":
        if value is None:
            return "off"
        return "a player (arrows)" if value == "player" else f"against {solvers.name_of(value)}"
    return str(value)


def shortened(name, most=20):
    """A name cut to `most` characters (a solver's class may have a long one), for the caption."""
    return name if len(name) <= most else name[:most - 3] + "..."


def moves(n):
    return f"{n} move" if n == 1 else f"{n} moves"


class Texts:
    """What the board and the caption say about `app`'s game, worked out when asked."""

    def __init__(self, app):
        self.app = app

    def board(self):
        """The box of text to show on the board now, as a hashable (place, forms), or ().

        One box at a time, the most pressing first: the settings panel, help, the outcome,
        pause, a game waiting for the player's first key, an endless loop, the end of a
        hand-over being searched (or known lost), the first-run hint. A note (note()) may
        show beside it for a while.
        """
        app = self.app
        if app.settings is not None:
            return ("middle", self.settings_forms())
        if app.help_shown:
            keys = self.key_help()
            return ("middle", (("Keys (H or F1 closes this)",) + keys,
                               ("Keys: " + "; ".join(f"{k}: {what}" for k, what in keys),)))
        if app.game.over():
            return ("edge", self.outcome_forms())
        if app.paused:
            return ("middle", (("PAUSED", "P: resume - H: help"),))
        if app.failure is not None:
            return ("edge", self.failure_forms())
        if app.waiting:
            return ("edge", self.waiting_forms())
        news = self.search_news()
        if news is not None:
            return ("edge", news)
        if app.auto and app.hint_until is not None and app.clock() < app.hint_until:
            return ("edge", self.hint_forms())
        return ()

    def key_help(self):
        """The keys H lists, as (key, what it does) pairs."""
        return tuple(KEY_HELP)

    def waiting_forms(self):
        """What a game waiting for the player's first key says."""
        return (("Press an arrow or WASD to start", "Return: the autopilot drives"),
                ("Press an arrow or WASD to start",))

    def hint_forms(self):
        """The first-run hint while the autopilot drives."""
        return tuple((form,) for form in HINT)

    def search_news(self):
        """The forms of what the solver driving is found or finds: an endless loop, or the end of a
        hand-over being searched (or known lost); None when there is nothing to say."""
        app = self.app
        if app.circling():
            loop = self.loop_news()[0]
            return ((f"Circling: {app.solver_shown} will never reach this fruit safely.", loop), (loop,))
        news = self.endgame_news()
        if news is None:
            return None
        lines = ENDGAME_NEWS[news][0]
        decision = app.solver.decision
        if getattr(decision, "at_most", None):
            lines = ON_THE_WAY_NEWS if getattr(decision, "proof", None) is ProofState.WIN else AT_MOST_NEWS
        return (tuple(line.format(name=app.solver_shown, moves=self.moves_left()) for line in lines),)

    def failure_forms(self):
        """The solver that broke the contract (solvers/guard.py): who, at which move and why, and
        that the snake is the player's now; shorter forms for a small window."""
        failure = self.app.failure
        said = f"{failure.name} failed at move {failure.move + 1}: {failure.why}"
        steer = "The autopilot is off: steer to go on (WASD or arrows)"
        return ((said, steer), (said,), (f"{failure.name} failed: autopilot off",))

    def settings_forms(self):
        """The panel: a line per setting, the chosen one marked and its value between < >, then
        the keys and what is wrong with the values, if anything."""
        settings = self.app.settings
        rows = []
        for i, key in enumerate(LINES):
            value = setting_text(key, settings.values[key])
            rows.append((f"> {SETTING_NAMES[key]}", f"< {value} >") if i == settings.line
                        else (SETTING_NAMES[key], value))
        problem = (f"Not valid: {settings.problem}",) if settings.problem else ()
        return ((("Settings",) + tuple(rows) + SETTINGS_KEYS + problem),
                (("Settings",) + tuple(rows) + ("Return: apply - Esc: close",) + problem))

    def outcome_forms(self):
        """WON / LOST with the length and moves, then the best scores of this board and starting
        length: everyone's, or in a small window only the one this game counted for, or none."""
        app = self.app
        game, saves = app.game, app.saves
        outcome = "WON" if game.state == WON else "LOST"
        first = f"{outcome}: length {len(game.snake)}/{game.cells} in {moves(game.steps)}"
        last = ("(loaded from a debug log: not counted)", "R: new game") if not saves.counts else ("R: new game",)
        best = saves.book.best(saves.table_name())
        mine = scores.credit(app.drivers) if app.drivers else None
        rows = []
        for name in sorted(best, key=lambda n: (n != mine, n)):  # this game's first
            won = best[name]["moves_to_win"]
            text = f"length {best[name]['length']}" + (f", a win in {moves(won)}" if won else "")
            rows.append((name, text + (" (new best)" if name == mine and saves.new_bests else "")))
        full = (first, f"Best on {saves.table_name()}:") + tuple(rows) + last if rows else (first,) + last
        forms = [full]
        if mine in best:
            forms.append((first, f"Best for {mine}: {rows[0][1]}") + last)
        forms.append((first,) + last)
        return tuple(forms)

    def state(self):
        """The game's state for the caption."""
        app = self.app
        game = app.game
        if game.over():
            return "WON" if game.state == WON else "LOST"
        if app.settings is not None:
            return "settings (Esc: back)"
        if app.help_shown:
            return "help (H: back to the game)"
        if app.paused:
            return "paused"
        if app.failure is not None:
            return f"{shortened(app.failure.name)} failed"
        if app.waiting:
            return "your turn: steer to start"
        if app.circling():
            return f"circling; {self.loop_news()[1]}"
        news = self.endgame_news()
        if news is not None:
            return ENDGAME_NEWS[news][1].format(moves=self.moves_left())
        return "playing"

    def loop_news(self):
        """What LOOP_NEWS says of the way on from the loop the autopilot circles in."""
        verdict = self.app.verdict
        return LOOP_NEWS[None if verdict is None else verdict.answer]

    def endgame_news(self):
        """What the autopilot driving says of the end of a hand-over: an EndgameState, or None."""
        app = self.app
        if not app.auto or app.solver is None:
            return None
        return app.solver.decision.endgame

    def moves_left(self):
        """The moves left of the route the autopilot follows, as words ("183 moves")."""
        return moves(self.app.solver.decision.distance or 0)

    def caption(self):
        """The window's title: the length, who drives and the state, in a few words."""
        app = self.app
        game = app.game
        driver = f"autopilot on: {shortened(app.solver_shown)}" if app.auto else "autopilot off"
        driver = self.noted() or driver  # a note stands in for the driver while it lasts
        return f"Snake - length {len(game.snake)}/{game.cells} - {driver} - {self.state()}"

    def strip(self):
        """The strip below the board: the length, the moves, the speed and who drives (the
        autopilot Return hands the snake to, when the player drives)."""
        app = self.app
        game = app.game
        length, made, speed = f"length {len(game.snake)}/{game.cells}", moves(game.steps), f"{app.interval:.3g} s/move"
        driver = f"autopilot: {app.solver_shown}" if app.auto else f"you drive (Return: {app.solver_shown})"
        gap = "   "
        return (gap.join((length, made, speed, driver)), gap.join((length, made, speed)), gap.join((length, made)),
                f"{len(game.snake)}/{game.cells}")

    def note(self):
        """The short note on the board while it lasts (App.tell): (place, forms), or ()."""
        app = self.app
        if app.note is None or app.clock() >= app.note_until:
            return ()
        return ("edge", ((app.note[0],),))

    def noted(self):
        """The last note's words for the caption while it lasts, or None."""
        app = self.app
        return app.note[1] if app.note is not None and app.clock() < app.note_until else None


class ReplayTexts(Texts):
    """A replay's texts: the outcome the file gives once its last move is played, and no hand-over
    hint or loop message (the file drives)."""

    def board(self):
        app = self.app
        if app.finished() and not app.help_shown:
            game = app.game
            return ("middle", ((f"REPLAY {app.replay.outcome.upper()}: length {len(game.snake)}/{game.cells}",
                                f"in {moves(game.steps)} - R: again"),))
        if app.help_shown or app.paused:
            return super().board()
        return ()

    def caption(self):
        app = self.app
        game, replay = app.game, app.replay
        state = replay.outcome.upper() if app.finished() else "paused" if app.paused else "playing"
        noted = self.noted()
        return (f"Snake replay {app.name} ({replay.solver}) - move {game.steps}/{len(replay.moves)} - "
                f"length {len(game.snake)}/{game.cells} - " + (f"{noted} - " if noted else "") + state)

    def strip(self):
        """A replay's strip: the move, the length, the speed and who played it."""
        app = self.app
        game = app.game
        move, length = f"move {game.steps}/{len(app.replay.moves)}", f"length {len(game.snake)}/{game.cells}"
        return ("   ".join((move, length, f"{app.interval:.3g} s/move", f"by {app.replay.solver}")),
                "   ".join((move, length)), move)
