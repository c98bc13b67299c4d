"""The window playing a replay file back: the file's moves drive the snake, as an autopilot would."""
import config as configuration
from files import replay
from window.app import App
from window.texts import ReplayTexts


class ReplayApp(App):
    """The window playing a replay: P, U/I, O and Q work as in a game; R watches it again from
    the start; steering and Return do nothing. A replay is no new game: it sets no best score
    (its game is given, as a loaded one is, so it does not count)."""

    SMALLEST_CELL = 1  # a replay of a big board is still worth watching with 1-pixel cells

    def __init__(self, config, rep, name):
        self.replay, self.name = rep, name
        block = configuration.cell_pixels(config["block-size"], rep.width, rep.height, replay.MAX_ROOM)
        shown = dict(config, **{"window-width": rep.width * block, "window-height": rep.height * block,
                                "block-size": block, "initial-length": rep.initial_length, "auto": True})
        super().__init__(shown, rep.start(), make_solver=lambda name, game: replay.ReplayPilot(game, rep))
        self.say = ReplayTexts(self)
        self.hint_until = None  # nobody can take the wheel of a replay

    def finished(self):
        """Whether the file's last move has been played (a stuck game ends without being over)."""
        return self.game.over() or self.game.steps >= len(self.replay.moves)

    def tick(self):
        return False if self.finished() else super().tick()

    def step_once(self):
        """'.': the file's next move, while paused, until its last."""
        if not self.finished():
            super().step_once()

    def toggle_cycle(self):
        """C: a replay file keeps the moves, not the cycle its autopilot followed."""
        self.tell("A replay keeps no cycle to draw: C works in a game", "no cycle in a replay")

    def open_settings(self):
        """Esc: the settings are a game's; the file drives a replay."""
        self.tell("Settings are for games: this is a replay", "no settings in a replay")

    def toggle_auto(self):
        """The replay drives; there is no one to hand over to."""

    def next_solver(self):
        """Tab: the replay drives; there is no other autopilot to switch to."""

    def toggle_pause(self):
        if not self.finished():
            self.paused = not self.paused

    def restart(self):
        """R: the replay again, from its start."""
        self.paused = False
        self.new_game(self.replay.start())

    def save_replay(self):
        """G: nothing to save, the game is a file already."""
        self.tell(f"This game is the replay {self.name} already", "a replay already",
                  f"replay: this game is the replay {self.name} already", err=True)
