"""The real program in a real X window: Xvfb gives the screen, xdotool reads the caption and types.

Skipped unless both `Xvfb` and `xdotool` are on PATH (Debian: apt-get install xvfb xdotool);
the icon is checked too when `xprop` is there (x11-utils).
"""
import json
import os
import shutil
import subprocess
import sys
import time

import pytest

import config
import debuglog
from game import Game
from loops import LoopWatch
from solver import GreedySolver

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
WAIT = 10  # seconds for any one thing to happen before the test gives up

pytestmark = pytest.mark.skipif(not (shutil.which("Xvfb") and shutil.which("xdotool")),
                                reason="needs Xvfb and xdotool on PATH")


@pytest.fixture
def display():
    """A private Xvfb server on a display number it picks itself (-displayfd)."""
    # -noreset: else the server resets each time its last client (an xdotool call) leaves, and
    # a game connecting at that moment finds no display (seen about once in ten starts).
    read_end, write_end = os.pipe()
    server = subprocess.Popen(["Xvfb", "-displayfd", str(write_end), "-screen", "0", "640x480x24",
                               "-nolisten", "tcp", "-noreset"], pass_fds=(write_end,),
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    os.close(write_end)
    try:
        with os.fdopen(read_end) as f:
            number = f.readline().strip()
        if not number:
            pytest.skip("Xvfb did not start")
        yield f":{number}"
    finally:
        server.terminate()
        server.wait(WAIT)


def xdotool(env, *words):
    return subprocess.run(["xdotool", *words], env=env, capture_output=True, text=True,
                          timeout=WAIT).stdout.strip()


def caption_of(env, window):
    return xdotool(env, "getwindowname", window)


def wait_for(predicate, what):
    deadline = time.monotonic() + WAIT
    while time.monotonic() < deadline:
        value = predicate()
        if value:
            return value
        time.sleep(0.05)
    pytest.fail(f"timed out waiting for {what}")


def test_real_window_plays_pauses_and_quits_on_q(display, tmp_path):
    cfg = tmp_path / "config.json"
    cfg.write_text(json.dumps({"window-width": 400, "window-height": 300, "block-size": 20,
                               "speed": 0.05, "auto": True, "seed": 3}))
    game, env, window = start(display, tmp_path, "--config", str(cfg))
    try:
        wait_for(lambda: "autopilot on" in caption_of(env, window), "the caption")
        assert "Geometry: 400x300" in xdotool(env, "getwindowgeometry", window)
        wait_for(lambda: "length 3/" not in caption_of(env, window), "the autopilot to eat")
        xdotool(env, "key", "p")
        wait_for(lambda: "paused" in caption_of(env, window), "the pause")
    finally:
        quit_cleanly(game, env)


def start(display, tmp_path, *flags):
    """main.py in the private X server, in `tmp_path`; returns (process, env, window id)."""
    env = {k: v for k, v in os.environ.items() if k != "SDL_VIDEODRIVER"}  # a real X window
    env.update(DISPLAY=display, SDL_AUDIODRIVER="dummy")
    game = subprocess.Popen([sys.executable, os.path.join(ROOT, "main.py"), *flags], env=env,
                            cwd=str(tmp_path), stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        window = wait_for(lambda: game.poll() is None and xdotool(env, "search", "--pid", str(game.pid)).split("\n")[0],
                          "the window")
    except BaseException:
        game.kill()
        print(game.communicate()[1], file=sys.stderr)  # why it did not come up
        raise
    xdotool(env, "windowfocus", "--sync", window)
    return game, env, window


def quit_cleanly(game, env):
    xdotool(env, "key", "q")
    try:
        out, err = game.communicate(timeout=WAIT)
    finally:
        if game.poll() is None:
            game.kill()
            game.wait()
    assert game.returncode == 0, err
    assert "Traceback" not in err


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
        circling = "circling: greedy will never reach this fruit safely; Tab: other autopilot, Return: take over"
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
    cfg = tmp_path / "config.json"
    cfg.write_text(json.dumps({"window-width": 400, "window-height": 300, "block-size": 20,
                               "speed": 0.05, "auto": True, "seed": 3}))
    game, env, window = start(display, tmp_path, "--config", str(cfg))
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
