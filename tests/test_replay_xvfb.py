"""--replay in a real X window (Xvfb): the caption says replay, R starts again, Q quits.

Skipped unless both `Xvfb` and `xdotool` are on PATH, like test_xvfb.py.
"""
import json
import os
import subprocess
import sys

import bench
import replay
import solver as solvers
from game import Game
from test_xvfb import ROOT, WAIT, caption_of, display, pytestmark, wait_for, xdotool  # noqa: F401


def test_a_replay_plays_in_a_real_window(display, tmp_path):  # noqa: F811  (the fixture imported above)
    game = Game(6, 6, 3, seed=3)
    bench.play(game, solvers.make_solver("greedy", game), 3600, bench.Timing(), soak=False)
    path = replay.write(replay.Replay.of(game, "greedy"), str(tmp_path))[0]
    cfg = tmp_path / "config.json"
    cfg.write_text(json.dumps({"window-width": 400, "window-height": 300, "block-size": 20,
                               "speed": 0.01, "auto": False}))
    env = {k: v for k, v in os.environ.items() if k != "SDL_VIDEODRIVER"}
    env.update(DISPLAY=display, SDL_AUDIODRIVER="dummy")
    shown = subprocess.Popen([sys.executable, os.path.join(ROOT, "main.py"), "--config", str(cfg), "--replay", path],
                             env=env, cwd=str(tmp_path), stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        window = wait_for(lambda: xdotool(env, "search", "--pid", str(shown.pid)).split("\n")[0], "the window")
        xdotool(env, "windowfocus", "--sync", window)
        name = os.path.basename(path)
        wait_for(lambda: caption_of(env, window).startswith(f"Snake replay {name} (greedy)"), "the caption")
        assert "Geometry: 120x120" in xdotool(env, "getwindowgeometry", window)  # the file's 6x6 board
        outcome = game.state.upper() if game.over() else "STUCK"
        wait_for(lambda: caption_of(env, window).endswith(outcome), "the end of the replay")
        assert f"move {game.steps}/{game.steps}" in caption_of(env, window)
        xdotool(env, "key", "r")
        wait_for(lambda: not caption_of(env, window).endswith(outcome), "the replay to start again")
        xdotool(env, "key", "q")
        out, err = shown.communicate(timeout=WAIT)
    finally:
        if shown.poll() is None:
            shown.kill()
            shown.wait()
    assert shown.returncode == 0, err
    assert "Traceback" not in err
