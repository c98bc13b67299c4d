"""--replay in a real X window (Xvfb): the caption says replay, R starts again, Q quits.

Skipped unless both `Xvfb` and `xdotool` are on PATH (tests/xvfb.py).
"""
import json
import os

import pytest

from headless.figures import Timing
from headless.games import play as headless_play
from files import replay
from window.labels import STRIP_HEIGHT
import solvers
from game import Game
from xvfb import HAS_XVFB, caption_of, quit_cleanly, start, wait_for, xdotool

pytestmark = pytest.mark.skipif(not HAS_XVFB, reason="needs Xvfb and xdotool on PATH")


def test_a_replay_plays_in_a_real_window(display, tmp_path):
    game = Game(6, 6, 3, seed=3)
    headless_play(game, solvers.make("greedy", game), 3600, Timing(), soak=False)
    path = replay.write(replay.Replay.of(game, "greedy"), str(tmp_path))[0]
    cfg = tmp_path / "config.json"
    cfg.write_text(json.dumps({"window-width": 400, "window-height": 300, "block-size": 20,
                               "speed": 0.01, "auto": False}))
    shown, env, window = start(display, tmp_path, "--config", str(cfg), "--replay", path)
    try:
        name = os.path.basename(path)
        wait_for(lambda: caption_of(env, window).startswith(f"Snake replay {name} (greedy)"), "the caption")
        assert f"Geometry: 120x{120 + STRIP_HEIGHT}" in xdotool(env, "getwindowgeometry", window)  # a 6x6 board
        outcome = game.state.upper() if game.over() else "STUCK"
        wait_for(lambda: caption_of(env, window).endswith(outcome), "the end of the replay")
        assert f"move {game.steps}/{game.steps}" in caption_of(env, window)
        xdotool(env, "key", "r")
        wait_for(lambda: not caption_of(env, window).endswith(outcome), "the replay to start again")
        quit_cleanly(shown, env)
    finally:
        if shown.poll() is None:
            shown.kill()
            shown.wait()
