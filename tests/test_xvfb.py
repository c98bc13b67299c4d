"""The real program in a real X window: Xvfb gives the screen, xdotool reads the caption and types.

Skipped unless both `Xvfb` and `xdotool` are on PATH (Debian: apt-get install xvfb xdotool).
"""
import json
import os
import shutil
import subprocess
import sys
import time

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
WAIT = 10  # seconds for any one thing to happen before the test gives up

pytestmark = pytest.mark.skipif(not (shutil.which("Xvfb") and shutil.which("xdotool")),
                                reason="needs Xvfb and xdotool on PATH")


@pytest.fixture
def display():
    """A private Xvfb server on a display number it picks itself (-displayfd)."""
    read_end, write_end = os.pipe()
    server = subprocess.Popen(["Xvfb", "-displayfd", str(write_end), "-screen", "0", "640x480x24",
                               "-nolisten", "tcp"], pass_fds=(write_end,),
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
    env = {k: v for k, v in os.environ.items() if k != "SDL_VIDEODRIVER"}  # a real X window this time
    env.update(DISPLAY=display, SDL_AUDIODRIVER="dummy")
    game = subprocess.Popen([sys.executable, os.path.join(ROOT, "main.py"), "--config", str(cfg)],
                            env=env, cwd=str(tmp_path), stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            text=True)
    try:
        # By process id: this xdotool's --name search misses SDL's UTF-8 window titles.
        window = wait_for(lambda: xdotool(env, "search", "--pid", str(game.pid)).split("\n")[0], "the window")
        xdotool(env, "windowfocus", "--sync", window)
        wait_for(lambda: "autopilot on" in caption_of(env, window), "the caption")
        assert "Geometry: 400x300" in xdotool(env, "getwindowgeometry", window)
        wait_for(lambda: "length 3/" not in caption_of(env, window), "the autopilot to eat")
        xdotool(env, "key", "p")
        wait_for(lambda: "paused" in caption_of(env, window), "the pause")
        xdotool(env, "key", "q")
        out, err = game.communicate(timeout=WAIT)
    finally:
        if game.poll() is None:
            game.kill()
            game.wait()
    assert game.returncode == 0, err
    assert "Traceback" not in err
