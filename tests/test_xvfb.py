"""The real program in a real X window: Xvfb gives the screen, xdotool reads the caption and types.

Skipped unless both `Xvfb` and `xdotool` are on PATH (Debian: apt-get install xvfb xdotool);
the icon is checked too when `xprop` is there (x11-utils).
"""
import json
import shutil
import subprocess

import pytest

import config
from files import debuglog
from game import Game
from loops import LoopWatch
from solver import GreedySolver
from window.labels import STRIP_HEIGHT
from xvfb import HAS_XVFB, WAIT, caption_of, quit_cleanly, start, wait_for, xdotool

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
        wait_for(lambda: "circling forever" in caption_of(env, window), "the loop to be proven")
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
