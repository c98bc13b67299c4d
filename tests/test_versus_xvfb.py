"""Versus play in a real X window (Xvfb): two keyboards' worth of keys in one storm, the autopilot
against a player's scripted keys, a moment set up by --load, and V changing the mode.

Skipped unless both `Xvfb` and `xdotool` are on PATH (Debian: apt-get install xvfb xdotool)."""
import json

import pytest

import config
from files import versus_log
from snake import LEFT, RIGHT, Snake
from versus.duel import Duel
from xvfb import HAS_XVFB, caption_of, quit_cleanly, start, wait_for, xdotool

pytestmark = pytest.mark.skipif(not HAS_XVFB, reason="needs Xvfb and xdotool on PATH")


def window_config(tmp_path, **changes):
    data = {"window-width": 400, "window-height": 300, "block-size": 25, "speed": 0.15, "auto": False, "seed": 3}
    data.update(changes)
    path = tmp_path / "config.json"
    path.write_text(json.dumps(data))
    return "--config", str(path)


def test_two_players_keys_in_one_storm_each_steer_their_own_snake(display, tmp_path):
    game, env, window = start(display, tmp_path, *window_config(tmp_path), "--versus", "player")
    try:
        wait_for(lambda: "waiting for the first keys" in caption_of(env, window), "the round to wait")
        xdotool(env, "key", "--delay", "5", "s", "Up", "d", "Left")  # A down then right, B up then left
        wait_for(lambda: " - playing" in caption_of(env, window) or "won" in caption_of(env, window)
                 or "draw" in caption_of(env, window), "the round to start")
        xdotool(env, "key", "p")
        wait_for(lambda: "paused" in caption_of(env, window), "the pause")
        xdotool(env, "key", "period", "period", "space")  # two moves, however many ticks came first; the log
        log = wait_for(lambda: list(tmp_path.glob("versus_*.log")), "the versus debug log")[0]
        _, duel, drivers = versus_log.load(versus_log.read(str(log)), str(log))
        assert drivers == ["player", "player"]
        a, b = duel.snakes
        assert duel.steps >= 2 and a.head()[1] >= 1 and b.head()[1] <= 10, versus_log.picture(duel)  # A down, B up
        assert a.direction() == RIGHT and b.direction() == LEFT or duel.over()
    finally:
        quit_cleanly(game, env)


def test_versus_play_from_a_config_with_the_autopilot_on_starts_with_the_players(display, tmp_path):
    game, env, window = start(display, tmp_path, *window_config(tmp_path, auto=True), "--versus", "player")
    try:
        wait_for(lambda: "A 3 (WASD) vs B 3 (arrows) - waiting for the first keys" in caption_of(env, window),
                 "WASD against the arrows")
    finally:
        quit_cleanly(game, env)


def test_the_autopilot_against_a_players_scripted_keys(display, tmp_path):
    game, env, window = start(display, tmp_path, *window_config(tmp_path, speed=0.05), "--versus", "rival")
    try:
        for keys in (["d"], ["s"], ["a"], ["s"], ["d"]):
            xdotool(env, "key", *keys)
        wait_for(lambda: "won" in caption_of(env, window) or "draw" in caption_of(env, window), "the round's end")
        caption = caption_of(env, window)
        assert "(you)" in caption and "(rival)" in caption
        xdotool(env, "key", "g")
        wait_for(lambda: list(tmp_path.glob("versus-16x12-player-vs-rival-seed3*.json")), "the replay")
        xdotool(env, "key", "r")
        wait_for(lambda: "A 3 (you) vs B 3 (rival)" in caption_of(env, window), "a new round")
    finally:
        quit_cleanly(game, env)


def test_a_moment_set_up_by_load_plays_the_rule_out(display, tmp_path):
    """Heads two cells apart on one row, the fruit between them: rival on A, the shorter, keeps off
    the cell B's head can reach too; rival on B, the longer, takes the fruit."""
    duel = Duel(8, 6, 2, seed=4)
    duel.restore([Snake(8, 6, [(2, 2), (1, 2)], RIGHT), Snake(8, 6, [(4, 2), (5, 2), (6, 2)], LEFT)], (3, 2), 5,
                 [0, 1])
    settings = config.validate({"window-width": 320, "window-height": 240, "block-size": 40, "speed": 0.1,
                                "auto": True, "solver": "rival", "seed": 4, "initial-length": 2})
    log = versus_log.write(duel, settings, ("rival", "rival"), directory=str(tmp_path))
    game, env, window = start(display, tmp_path, "--load", log)
    try:
        wait_for(lambda: "paused" in caption_of(env, window), "the loaded moment, paused")
        xdotool(env, "key", "period")  # one move
        wait_for(lambda: "A 2 (rival) vs B 4 (rival)" in caption_of(env, window), "B's meal")
    finally:
        quit_cleanly(game, env)


def test_v_goes_from_single_play_to_versus_in_the_same_window(display, tmp_path):
    game, env, window = start(display, tmp_path, *window_config(tmp_path, auto=True))
    try:
        wait_for(lambda: caption_of(env, window).startswith("Snake - length"), "single play")
        xdotool(env, "key", "v")
        wait_for(lambda: caption_of(env, window).startswith("Snake versus") or "versus" in caption_of(env, window),
                 "versus play")
        assert "(rival)" in caption_of(env, window) or "versus" in caption_of(env, window)
    finally:
        quit_cleanly(game, env)

