"""The real program in a real X window: Xvfb gives the screen, xdotool reads the caption and types.

Skipped unless both `Xvfb` and `xdotool` are on PATH (Debian: apt-get install xvfb xdotool);
the icon is checked too when `xprop` is there (x11-utils).
"""
import glob
import json
import shutil
import subprocess

import pytest

import config
from files import debuglog
from game import Game
from loops import LoopWatch
from drawer import VIOLET
from solver import GreedySolver
from window.labels import LABEL_BACK, STRIP_HEIGHT
from xvfb import HAS_XVFB, WAIT, caption_of, quit_cleanly, screenshot, start, wait_for, xdotool

pytestmark = pytest.mark.skipif(not HAS_XVFB, reason="needs Xvfb and xdotool on PATH")


def small_window(tmp_path):
    """A config for a 400x300 window, the autopilot on: its path, as a flag pair."""
    cfg = tmp_path / "config.json"
    cfg.write_text(json.dumps({"window-width": 400, "window-height": 300, "block-size": 20,
                               "speed": 0.05, "auto": True, "seed": 3}))
    return "--config", str(cfg)


def test_real_window_plays_pauses_and_quits_on_q(display, tmp_path):
    game, env, window = start(display, tmp_path, *small_window(tmp_path))
    try:
        wait_for(lambda: "autopilot on" in caption_of(env, window), "the caption")
        assert f"Geometry: 400x{300 + STRIP_HEIGHT}" in xdotool(env, "getwindowgeometry", window)
        wait_for(lambda: "length 3/" not in caption_of(env, window), "the autopilot to eat")
        xdotool(env, "key", "p")
        wait_for(lambda: "paused" in caption_of(env, window), "the pause")
    finally:
        quit_cleanly(game, env)


def looping_log(directory):
    """A debug log of greedy circling on 8x6 (seed 1: proven at move 488, 46 moves a lap)."""
    game = Game(8, 6, 3, seed=1)
    solver, watch = GreedySolver(game), LoopWatch()
    while not watch.see(game.snake, game.fruit.last_generate):
        game.snake.turn(solver.next_direction())
        game.step()
    settings = config.validate({"window-width": 320, "window-height": 240, "block-size": 40, "speed": 0.02,
                                "auto": True, "solver": "greedy", "seed": 1})
    return debuglog.write(game, settings, solver, directory=str(directory))


def test_real_window_says_greedy_circles_and_tab_hands_over(display, tmp_path):
    game, env, window = start(display, tmp_path, "--load", looping_log(tmp_path))
    try:
        wait_for(lambda: "paused" in caption_of(env, window), "the loaded game, paused")
        assert "length 46/48" in caption_of(env, window)
        xdotool(env, "key", "p")
        circling = "circling; hamilton can win"  # the verdict decided in the background
        wait_for(lambda: circling in caption_of(env, window), "the loop to be proven")
        xdotool(env, "key", "Tab")
        wait_for(lambda: "autopilot on: hamilton" in caption_of(env, window), "hamilton to take over")
        assert "circling" not in caption_of(env, window)
        wait_for(lambda: "length 46/48" not in caption_of(env, window), "hamilton to eat the fruit greedy would not")
        quit_cleanly(game, env)
    finally:
        if game.poll() is None:
            game.kill()
            game.wait()


def test_real_window_shows_and_hides_help_and_is_called_snake(display, tmp_path):
    game, env, window = start(display, tmp_path, *small_window(tmp_path))
    try:
        assert window in xdotool(env, "search", "--classname", "^snake$").split("\n")  # the window's class
        assert window in xdotool(env, "search", "--class", "^snake$").split("\n")
        for key in ("h", "F1"):
            xdotool(env, "key", key)
            wait_for(lambda: "help" in caption_of(env, window), f"{key} to show the help")
            xdotool(env, "key", key)
            wait_for(lambda: "playing" in caption_of(env, window), f"{key} to hide the help")
        if shutil.which("xprop"):  # the icon the program drew, not pygame's 32x32 default
            assert "Icon (60 x 60)" in subprocess.run(["xprop", "-id", window, "_NET_WM_ICON"], env=env,
                                                      capture_output=True, text=True, timeout=WAIT).stdout
        quit_cleanly(game, env)
    finally:
        if game.poll() is None:
            game.kill()
            game.wait()


# -- issue 36: a window a player picks up, on a 1280x1024 screen ------------------------------------

def pixels_of(surface, colour):
    """How many pixels of `surface` have exactly `colour`."""
    import pygame
    return pygame.mask.from_threshold(surface, colour, (1, 1, 1, 255)).count()


def geometry(env, window):
    """(x, y, width, height) of the window on the screen."""
    words = xdotool(env, "getwindowgeometry", window).replace(",", " ").replace("x", " ").split()
    at, size = words.index("Position:"), words.index("Geometry:")
    return int(words[at + 1]), int(words[at + 2]), int(words[size + 1]), int(words[size + 2])


def test_a_manual_game_waits_answers_space_steps_on_dot_and_saves_its_settings(screen_1280x1024, tmp_path):
    """A first run (no best-scores file yet) of a game the player drives, keys as a player
    presses them: it waits, space is answered on the screen, '.' moves one cell and stays
    paused, and Esc, Right, Return saves a wider board in the config in use, which opens again."""
    config_path = tmp_path / "config.json"
    config_path.write_text('{\n  "window-width": 400,\n  "window-height": 300,\n  "block-size": 25,\n'
                           '  "speed": 0.1,\n  "auto": false,\n  "seed": 3\n}\n')
    fresh = {"XDG_DATA_HOME": str(tmp_path / "data")}
    game, env, window = start(screen_1280x1024, tmp_path, "--config", str(config_path), **fresh)
    try:
        wait_for(lambda: "your turn" in caption_of(env, window), "the caption")
        assert caption_of(env, window) == "Snake - length 3/192 - autopilot off - your turn: steer to start"
        xdotool(env, "key", "space")
        wait_for(lambda: "debug log written" in caption_of(env, window), "space to be answered in the caption")
        shot = screenshot(env, window, tmp_path / "note.png")
        if shot is not None:  # the note's box, on the board
            assert pixels_of(shot, LABEL_BACK) > 2000
        xdotool(env, "key", "p")
        wait_for(lambda: "paused" in caption_of(env, window), "the pause")
        xdotool(env, "key", "Down")  # waits in the queue while paused
        xdotool(env, "key", "period")
        xdotool(env, "key", "space")
        wait_for(lambda: len(glob.glob(str(tmp_path / "output_*.log"))) == 2, "the second debug log")
        moments = sorted((debuglog.load(log)[1] for log in glob.glob(str(tmp_path / "output_*.log"))),
                         key=lambda g: g.steps)
        assert [g.steps for g in moments] == [0, 1] and moments[1].snake.head() == (2, 1)  # one cell, down
        assert caption_of(env, window).endswith("- paused")  # and it is still paused
        for key in ("Escape", "Right", "Return"):
            xdotool(env, "key", key)
        wait_for(lambda: "settings saved" in caption_of(env, window), "the settings to be saved")
        x, y, width, height = geometry(env, window)
        assert (width, x, y) == (425, (1280 - 425) // 2, (1024 - height) // 2)  # grown, and in the middle again
        out, err = quit_cleanly(game, env)
    finally:
        if game.poll() is None:
            game.kill()
            game.wait()
    assert err == ""  # a first run says nothing of the scores file it had none of
    assert out.count("debug log written: ") == 2 and f"settings saved: {config_path}" in out
    assert config_path.read_text() == ('{\n  "window-width": 425,\n  "window-height": 300,\n  "block-size": 25,\n'
                                       '  "speed": 0.1,\n  "auto": false,\n  "seed": 3\n}\n')
    game, env, window = start(screen_1280x1024, tmp_path, "--config", str(config_path), **fresh)
    try:
        wait_for(lambda: "length 3/204" in caption_of(env, window), "the saved board, 17x12")
        assert geometry(env, window)[2:] == (425, 300 + STRIP_HEIGHT)
        quit_cleanly(game, env)
    finally:
        if game.poll() is None:
            game.kill()
            game.wait()


def test_a_30x30_board_at_block_50_fits_the_screen_and_c_draws_the_cycle(screen_1280x1024, tmp_path):
    game, env, window = start(screen_1280x1024, tmp_path, "--width", "30", "--height", "30", "--solver", "hamilton",
                              "--seed", "3")
    try:
        x, y, width, height = geometry(env, window)
        assert (width, height) == (900, 900 + STRIP_HEIGHT)  # 30-pixel cells, not 50
        assert x >= 0 and y >= 0 and x + width <= 1280 and y + height <= 1024  # all of it on the screen
        assert (x, y) == ((1280 - width) // 2, (1024 - height) // 2)  # in the middle of it
        wait_for(lambda: "length 3/900 - autopilot on: hamilton - playing" in caption_of(env, window), "the game")
        before = screenshot(env, window, tmp_path / "before.png")
        xdotool(env, "key", "c")
        if before is not None:
            assert pixels_of(before, VIOLET) == 0
            after = wait_for(lambda: pixels_of(screenshot(env, window, tmp_path / "after.png"), VIOLET) > 20000,
                             "the cycle drawn in its own colour")
            assert after
        quit_cleanly(game, env)
    finally:
        if game.poll() is None:
            game.kill()
            game.wait()
