"""The window's way in: the window's config from the flags, a game played in it (by hand, by an
autopilot, or versus the autopilot), a replay played back, and the next mode the window asked for.
"""
import os
import sys

import pygame

import config as configuration
from files import gif, replay, scores
from window.app import App
from window.playback import ReplayApp

__all__ = ["App", "ReplayApp", "play", "play_replay", "versus_start", "window_config"]


def window_config(config, args):
    """The config with the game flags applied, so the App reads only its config.

    --width, --height and --initial-length change the board: the window grows or shrinks with
    it at the config's block size (smaller where a side would pass MAX_WINDOW pixels; the
    screen may shrink it further, window/screen.py); --solver and --seed the autopilot and
    the games.
    """
    flags = vars(args)
    changes = {key: flags[key] for key in ("solver", "seed") if flags.get(key) is not None}
    if flags.get("initial_length") is not None:
        changes["initial-length"] = flags["initial_length"]
    given = {dest: flags[dest] for dest in ("width", "height") if flags.get(dest) is not None}
    if given:
        length = changes.get("initial-length", config["initial-length"])
        for dest, value in given.items():
            check_side(dest, value, length)
        width, height = configuration.board_size(config)
        width, height = given.get("width", width), given.get("height", height)
        block = min(config["block-size"], configuration.MAX_WINDOW // max(width, height))
        changes.update({"window-width": width * block, "window-height": height * block, "block-size": block})
    return configuration.validate(dict(config, **changes), "the command line")


def versus_start(config, args):
    """The config a window opened in versus play starts from: snake A is the player's, whatever
    "auto" says, unless --solver named its autopilot (and "auto" is on). Single play's config as
    it is."""
    if config.get("versus") is None or getattr(args, "solver", None) is not None:
        return config
    return dict(config, auto=False)


def check_side(dest, value, length):
    """--width or --height `value` within what a board can be; else the one line that says the range."""
    side = "wide" if dest == "width" else "high"
    least = max(1, length) if dest == "width" else 1  # the snake starts on the top row
    why = f" (the snake of length {length} starts on its top row)" if least > 1 else ""
    if value < least:
        raise configuration.ConfigError(f"--{dest} {value}: the board must be {configuration.cells(least)} "
                                        f"{side} or more{why}")
    if value > configuration.MAX_WINDOW:
        raise configuration.ConfigError(f"--{dest} {value}: the board can be at most "
                                        f"{configuration.cells(configuration.MAX_WINDOW)} {side}")


def app_class(config):
    """The window App that plays `config`: single play's, or versus play's when it names "versus"."""
    if config.get("versus") is None:
        return App
    from window.versus import VersusApp
    return VersusApp


def play(config, args, game=None, config_path=None):
    """Open the window and play (`game`: a debug log's moment, shown paused: a Game, or a versus
    Duel); the exit code. `config_path`: the config file in use, where the settings panel saves
    (None: none). V and the panel's Versus line change the mode: the App ends with the config to
    play next (`reopen`), and the same window goes on with the App of that mode."""
    try:
        config = window_config(config, args)
        if game is None:
            config = versus_start(config, args)
        if game is None and room_problem(config) is not None:
            raise configuration.ConfigError(room_problem(config))
    except configuration.ConfigError as e:
        print(f"error: {e}", file=sys.stderr)
        return 2
    book = scores.ScoreBook(scores.default_path())
    try:
        app = app_class(config)(config, game, game is not None, score_book=book, config_path=config_path)
    except pygame.error as e:
        print(f"error: cannot open the window: {e}; try --headless", file=sys.stderr)
        return 1
    except configuration.ConfigError as e:  # a board too big for the screen
        print(f"error: {e}", file=sys.stderr)
        pygame.quit()
        return 2
    if book.warning:
        print(f"best scores: {book.warning}", file=sys.stderr)
    app.saves.gif_args = args if getattr(args, "record", None) else None
    try:
        while True:
            code = app.run()
            if app.reopen is None:
                return code
            app = reopened(app, book, config_path)
    except KeyboardInterrupt:
        return 130
    finally:
        app.game_ended()  # a game left by Ctrl-C or Q still counts; a GIF ends when the window closes
        pygame.quit()


def reopened(app, book, config_path):
    """The App of the mode `app` asked for next (V, the panel), in the same window; where the board
    is too small for two snakes, single play again, with a note that says why."""
    config, note = app.reopen, None
    if config.get("versus") is not None:
        from versus.duel import room_problem as too_small
        problem = too_small(*configuration.board_size(config), config["initial-length"])
        if problem:
            config = {key: value for key, value in config.items() if key != "versus"}
            note = f"No versus play here: {problem}"
    fresh = app_class(config)(config, score_book=book, config_path=config_path)
    if note:
        fresh.tell(note, "no versus here", f"versus: {problem}", err=True)
    elif config.get("versus") is not None:
        fresh.tell("Versus: " + ("WASD against the arrows" if config["versus"] == configuration.PLAYER else
                                 f"you against {fresh.opponent_shown}") + " - V: next mode", "versus play")
    else:
        fresh.tell("Single play - V: play against rival", "single play")
    if app.note is not None and app.clock() < app.note_until:  # the settings panel's word on saving
        fresh.note, fresh.note_until = app.note, fresh.clock() + (app.note_until - app.clock())
    return fresh


def room_problem(config):
    """Why a versus config cannot play on its board (the two snakes and a fruit), or None."""
    if config.get("versus") is None:
        return None
    from versus.duel import room_problem as too_small
    problem = too_small(*configuration.board_size(config), config["initial-length"])
    return f"versus play: {problem}" if problem else None


def play_replay(config, args):
    """--replay FILE: refuse a bad file (exit 2); with --record draw it into a GIF, else play it."""
    from files import versus_replay
    try:
        rep = versus_replay.load_any(args.replay)
    except replay.ReplayError as e:
        print(f"error: {e}", file=sys.stderr)
        return 2
    if getattr(args, "record", None):
        try:
            print(gif.save_as_asked(rep, args, config), flush=True)
        except replay.ReplayError as e:
            print(f"error: {e}", file=sys.stderr)
            return 1
        return 0
    try:
        if isinstance(rep, versus_replay.VersusReplay):
            from window.versus import VersusReplayApp
            app = VersusReplayApp(config, rep, os.path.basename(args.replay))
        else:
            app = ReplayApp(config, rep, os.path.basename(args.replay))
    except pygame.error as e:
        print(f"error: cannot open the window: {e}", file=sys.stderr)
        return 1
    except configuration.ConfigError as e:
        print(f"error: {e}", file=sys.stderr)
        pygame.quit()
        return 2
    try:
        return app.run()
    except KeyboardInterrupt:
        return 130
    finally:
        pygame.quit()
