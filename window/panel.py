"""What the settings panel's keys do (Esc): open it over the held game, choose a line, change
its value, apply the values, close it.

The panel opens from the game's settings as they are now; window/settings.py holds its values
and checks them, window/texts.py says them. Return applies them: a new game on a board of
their size (in the mode the Versus line says), and the values the player changed saved
(config.save_settings), with a note that says how that went: into the config file given with
--config, or, when the config in use is the checkout's own config.json, into the player's own
settings (config.user_path), read over it from then on, so the checkout's file never changes.
Esc closes the panel and nothing changes.
"""
import os

import config as configuration
from window.settings import Settings


class Panel:
    """The settings panel of `app` (an App): `app.settings` is its Settings while it is open,
    None while it is closed."""

    def __init__(self, app):
        self.app = app

    def open(self):
        """The panel over the board, from the game's settings as they are now."""
        app = self.app
        app.settings = Settings(app.config, app.interval, app.auto, app.solver_name, check=app.cell_pixels,
                                choices=app.choices)

    def close(self):
        """Esc again: the panel closes and nothing changes."""
        self.app.settings = None

    def line(self, step):
        self.app.settings.choose(step)

    def value(self, step):
        self.app.settings.change(step)

    def apply(self):
        """Return: a new game with the panel's settings, saved in the config file in use (a
        file that cannot be written is a note: the settings still apply to this session)."""
        app = self.app
        settings = app.settings
        try:
            config = settings.config()
        except configuration.ConfigError as e:  # the panel says it already: Return is refused
            app.tell(f"Not applied: {e}", "settings not valid")
            return
        app.settings = None
        app.game_ended()  # as R does: an unfinished game still counts
        app.reconfigure(config)
        self.save(settings)

    def save(self, settings):
        """Write the settings the player changed where they are kept (see the module); a note says
        how it went (window/start.py's reopened carries it over when the mode changed)."""
        app = self.app
        if app.config_path is None:
            app.tell("Settings applied (no config file in use to save them in)", "settings applied")
            return
        board, changed = settings.saved()
        if board is None and not changed:
            app.tell("Settings applied: nothing changed to save", "settings applied")
            return
        path, base = app.config_path, None
        if os.path.realpath(path) == os.path.realpath(configuration.default_path()):
            path, base = configuration.user_path(), configuration.parse(configuration.read_text(app.config_path))
        name = os.path.basename(path) if base is None else path
        try:
            configuration.save_settings(path, board, changed, base)
        except configuration.ConfigError as e:
            app.tell(f"Settings applied, not saved: {e}", "settings not saved", f"settings not saved: {e}",
                     err=True)
            return
        app.tell(f"Settings applied and saved in {name}", "settings saved", f"settings saved: {path}")
