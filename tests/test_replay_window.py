"""Replays in the window: G saves a finished game, --replay plays a file back."""
import argparse
import glob
import json
import os

import pygame
import pytest

import drawer
from window import key_help
import main
from window.start import App, ReplayApp, play_replay
from window import actions, labels
from files import replay
from game import LOST, PLAYING, WON
from windows import BLOCK, H, W, color, make_config, middle_game, press, press_q_when
from snake import DOWN, RIGHT, step


def play_to_the_end(app):
    while app.tick():
        app.render()


def saved_files(directory):
    return sorted(glob.glob(os.path.join(str(directory), "replay-*.json")))


# -- G: save the finished game ----------------------------------------------------------------------

def test_g_is_in_the_key_table_and_bound():
    assert ("G", "save the finished game as a replay") in key_help.KEY_HELP


def test_g_saves_the_finished_game_here_and_says_where(make_app, tmp_path, monkeypatch, capsys):
    monkeypatch.chdir(tmp_path)
    app = make_app(auto=True)
    play_to_the_end(app)
    assert app.game.state == WON
    press(app, pygame.K_g)
    files = saved_files(tmp_path)
    assert len(files) == 1
    out = capsys.readouterr().out
    assert out == f"replay saved: {os.path.join('.', os.path.basename(files[0]))}\n"
    rep = replay.load(files[0])
    assert (rep.outcome, rep.length, len(rep.moves), rep.solver) == ("won", W * H, app.game.steps, "cycle")
    assert rep.seed == app.game.seed
    press(app, pygame.K_g)  # again: the same game is found, not copied
    assert saved_files(tmp_path) == files and "already saved" in capsys.readouterr().out
    assert app.running


def test_g_before_the_end_saves_nothing_and_says_why(make_app, tmp_path, monkeypatch, capsys):
    monkeypatch.chdir(tmp_path)
    app = make_app(middle_game(RIGHT))
    app.tick()
    press(app, pygame.K_g)
    assert saved_files(tmp_path) == [] and "not over yet" in capsys.readouterr().err
    assert app.tick() and app.game.state == PLAYING


def test_a_lost_game_played_by_hand_then_by_the_autopilot_is_mixed(make_app, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    app = make_app(auto=False)
    press(app, pygame.K_s)
    app.tick()  # the player moves down
    press(app, pygame.K_RETURN)
    for _ in range(3):
        app.tick()  # the autopilot takes over
    press(app, pygame.K_RETURN)  # taken back: the snake waits for a steering key
    key = pygame.K_w if app.game.snake.direction() != DOWN else pygame.K_a  # never a reversal
    for _ in range(2 * max(app.game.width, app.game.height)):
        press(app, key)  # then runs into the wall
        app.tick()
        if app.game.state != PLAYING:
            break
    assert app.game.state == LOST
    press(app, pygame.K_g)
    rep = replay.load(saved_files(tmp_path)[0])
    assert rep.solver == "mixed" and rep.outcome == "lost" and rep.moves.startswith("D")


def test_a_failed_save_is_one_line_and_the_window_goes_on(make_app, tmp_path, monkeypatch, capsys):
    monkeypatch.chdir(tmp_path)

    def no_link(src, dst):
        raise PermissionError(13, "Permission denied")
    monkeypatch.setattr(os, "link", no_link)  # as a read-only folder would (CI runs as root)
    app = make_app(auto=True)
    play_to_the_end(app)
    press(app, pygame.K_g)
    err = capsys.readouterr().err
    assert err.startswith("error: replay not saved: cannot write a replay") and err.count("\n") == 1
    assert app.running and saved_files(tmp_path) == []


def test_a_game_loaded_from_a_debug_log_cannot_be_saved(make_app, tmp_path, monkeypatch, capsys):
    monkeypatch.chdir(tmp_path)
    app = make_app(middle_game(RIGHT, body=((7, 0), (6, 0), (5, 0))))  # restored: no history
    app.tick()
    press(app, pygame.K_g)
    err = capsys.readouterr().err
    assert "debug log" in err and err.count("\n") == 1 and saved_files(tmp_path) == []


# -- --replay: playing a file back -----------------------------------------------------------------

@pytest.fixture
def saved(make_app, tmp_path, monkeypatch):
    """A won game of the cycle autopilot, saved with G; returns (path, the game)."""
    monkeypatch.chdir(tmp_path)
    app = make_app(auto=True)
    play_to_the_end(app)
    press(app, pygame.K_g)
    pygame.display.quit()
    return saved_files(tmp_path)[0], app.game


def replay_app(path, **changes):
    return ReplayApp(make_config(**changes), replay.load(path), os.path.basename(path))


def test_a_replay_plays_the_same_game_and_shows_the_outcome(saved):
    path, original = saved
    app = replay_app(path)
    try:
        assert app.auto and app.game.fruit.where() == original.fruits[0]
        app.render()
        assert "replay" in pygame.display.get_caption()[0] and "move 0/" in app.say.caption()
        moves = 0
        while app.tick():
            moves += 1
            app.render()
        assert moves == original.steps and list(app.game.snake.body) == list(original.snake.body)
        app.render()
        app.render()
        assert app.canvas.texts[1][0][0].startswith("REPLAY WON") and "WON" in pygame.display.get_caption()[0]
        assert not app.tick()
    finally:
        pygame.display.quit()


def test_replay_keys_pause_speed_and_again(saved):
    path, original = saved
    app = replay_app(path)
    try:
        app.tick()
        press(app, pygame.K_p)
        assert app.paused and not app.tick() and "paused" in app.say.caption()
        press(app, pygame.K_p, pygame.K_u)
        assert app.interval == pytest.approx(0.3 * actions.SPEED_FACTOR)
        press(app, pygame.K_i, pygame.K_i)
        assert app.interval == pytest.approx(0.3 / actions.SPEED_FACTOR)
        press(app, pygame.K_s, pygame.K_RETURN)  # steering and Return do nothing: the file drives
        assert app.auto and app.tick() and app.game.steps == 2
        assert app.game.snake.direction() == RIGHT
        press(app, pygame.K_o)  # the overlay shows the next recorded moves
        head, plan = app.game.snake.head(), app.solver.planned_path()
        letters = replay.LETTERS
        assert plan[0] == step(head, letters.index(app.replay.moves[2])) and len(plan) == 8
        assert app.overlays.path_cells() == [c for c in plan if not app.game.snake.at(c)]
        press(app, pygame.K_r)  # from the start again
        assert app.game.steps == 0 and len(app.game.snake) == 3
        while app.tick():
            pass
        assert app.game.state == WON and app.game.steps == original.steps
    finally:
        pygame.display.quit()


def test_a_dot_steps_a_paused_replay_to_its_last_move_and_no_further(saved):
    path, original = saved
    app = replay_app(path)
    try:
        press(app, pygame.K_p)
        for _ in range(len(original.moves) + 3):
            press(app, pygame.K_PERIOD)
        assert app.paused and app.game.steps == len(original.moves) and app.finished()
    finally:
        pygame.display.quit()


def test_esc_and_c_in_a_replay_are_refused_with_a_note(saved):
    path, original = saved
    app = replay_app(path)
    try:
        press(app, pygame.K_ESCAPE)
        app.render()
        assert app.settings is None and app.canvas.note == ("edge", (("Settings are for games: this is a replay",),))
        press(app, pygame.K_c)
        app.render()
        assert app.canvas.note == ("edge", (("A replay keeps no cycle to draw: C works in a game",),))
    finally:
        pygame.display.quit()


def test_a_replay_of_a_big_board_gets_smaller_cells(tmp_path):
    data = {"format": "snake-replay/1", "board": "100x50", "initial-length": 3, "fruits": [[50, 20]],
            "moves": "RRDD", "outcome": "stuck"}
    path = tmp_path / "big.json"
    path.write_text(json.dumps(data))
    app = replay_app(str(path))
    try:
        assert app.screen.get_size() == (800, 400 + labels.STRIP_HEIGHT)  # 8-pixel cells: at most 800 long
        while app.tick():
            app.render()
        app.render()
        assert app.canvas.texts[1][0][0].startswith("REPLAY STUCK") and app.game.steps == 4
    finally:
        pygame.display.quit()


def test_run_window_plays_the_replay_file(saved, monkeypatch):
    path, original = saved
    seen = {}

    def fake_run(self, **limits):
        seen["app"] = self
        return 0
    monkeypatch.setattr(App, "run", fake_run)
    args = argparse.Namespace(load=None, replay=path, record=None)
    assert play_replay(make_config(), args) == 0
    app = seen["app"]
    assert isinstance(app, ReplayApp) and app.replay.length == W * H


def test_the_real_loop_plays_a_replay_and_quits(saved, monkeypatch, tmp_path):
    path, original = saved
    fast = tmp_path / "fast.json"
    fast.write_text(json.dumps(dict(make_config(), speed=0.01)))
    press_q_when(monkeypatch, lambda app: app.finished())
    assert main.main(["--config", str(fast), "--replay", path]) == 0
    assert not pygame.display.get_init()


def test_the_first_fruit_is_drawn_where_the_file_says(saved):
    path, original = saved
    app = replay_app(path)
    try:
        app.render()
        assert color(app.screen, original.fruits[0]) == drawer.GREEN
        assert app.config["block-size"] == BLOCK
    finally:
        pygame.display.quit()
