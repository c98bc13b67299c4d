"""What a newcomer tripped on in the window (issue 63's last list), each fixed and kept so:
boxes that covered the play, Esc saving into the checkout, G writing into the checkout, the
panel stepping to values that cannot work, O and C answering differently, no mark where a
lost game was lost."""
import json
import os

import pygame
import pytest

import config
from window.start import App
from drawer import MARK
from snake import DOWN, RIGHT, UP
from window import labels, saves
from windows import BLOCK, H, W, make_config, middle_game, press

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def cell_rect(cell):
    return pygame.Rect(cell[0] * BLOCK, cell[1] * BLOCK, BLOCK, BLOCK)


def test_the_c_note_leaves_the_fruit_in_view(make_app):
    # the head in the middle rows, the fruit on the bottom row: the note goes to the top
    app = make_app(middle_game(RIGHT, body=((3, 2), (2, 2), (1, 2)), fruit=(4, H - 1)), auto=True,
                   **{"window-width": 200, "window-height": 150, "block-size": 25})
    press(app, pygame.K_c)
    app.render()
    assert app.canvas.labels and "follows no cycle" in app.canvas.note[1][0][0]
    box = app.canvas.labels[0].rect
    assert not box.colliderect(pygame.Rect(4 * 25, (H - 1) * 25, 25, 25))


def test_a_lost_game_rings_the_cell_and_its_box_leaves_the_cell_and_the_fruit_in_view(make_app):
    app = make_app(middle_game(UP, body=((3, 0), (3, 1), (3, 2)), fruit=(0, 2)),
                   **{"window-width": 200, "window-height": 150, "block-size": 25})
    press(app, pygame.K_w)  # straight into the top wall
    app.tick()
    assert app.game.state == "lost" and app.game.crash() == (3, 0)
    app.render()
    assert app.canvas.marks == ((3, 0),)
    assert tuple(app.screen.get_at((3 * 25, 12)))[:3] == MARK  # the ring's left side
    box = app.canvas.labels[0].rect
    assert not box.colliderect(pygame.Rect(3 * 25, 0, 25, 25)) and not box.colliderect(pygame.Rect(0, 2 * 25, 25, 25))


def test_a_note_too_wide_for_a_small_window_leaves_the_lost_box_shown(make_app):
    app = make_app(middle_game(UP, body=((3, 0), (3, 1), (3, 2)), fruit=(0, 2)),
                   **{"window-width": 200, "window-height": 150, "block-size": 25})
    press(app, pygame.K_w)  # straight into the top wall
    app.tick()
    app.render()
    lost = app.canvas.labels[0].rect
    long_path = "/home/someone/.local/share/snake-autopilot/replays/replay-8x6-player-seed7.json"
    app.tell(f"Replay saved: {long_path}", "replay saved")
    app.render()
    assert labels.layout(labels.make_font(labels.FONT_MIN), [f"Replay saved: {long_path}"], 200) is None
    assert [label.rect for label in app.canvas.labels] == [lost]  # the caption tells of the note
    assert "replay saved" in pygame.display.get_caption()[0]


def test_a_head_in_its_own_body_is_ringed_where_it_bit():
    from game import Game
    from snake import Snake
    game = Game(6, 4, 3, seed=1)
    game.restore(Snake(6, 4, [(1, 1), (1, 0), (2, 0), (2, 1), (2, 2), (1, 2), (0, 2)], DOWN), (5, 3), 0, 4)
    game.snake.turn(DOWN)
    game.step()
    assert game.state == "lost" and game.crash() == (1, 2)


@pytest.mark.parametrize("width", range(150, 320, 10))
def test_take_over_is_never_broken_across_two_lines(width):
    from window.texts import LOOP_NEWS
    pygame.font.init()
    font = labels.make_font(16)
    for news, _ in LOOP_NEWS.values():
        placed = labels.layout(font, [news], width)
        if placed is None:
            continue
        lines = [text for _, _, text in placed[0]]
        joined = " ".join(lines)
        for words in ("take over", "new game"):
            if words in joined:
                assert any(words in line for line in lines), lines


@pytest.mark.parametrize("size", [(200, 200), (200, 100), (100, 100)])
def test_the_take_the_wheel_hint_shows_in_a_small_window(make_app, size):
    app = make_app(auto=True, **{"window-width": size[0], "window-height": size[1], "block-size": 25})
    app.render()
    assert app.canvas.labels, "no hint in a small window"


def test_o_and_c_both_say_why_they_draw_nothing_while_the_player_drives(make_app):
    app = make_app(solver="hamilton")
    press(app, pygame.K_o)
    assert "planned path shows while hamilton drives" in app.note[0]
    press(app, pygame.K_o, pygame.K_c)
    assert "cycle shows while hamilton drives" in app.note[0]


def test_o_says_when_the_solver_driving_plans_no_path():
    app = App(make_config(auto=True, solver="random"))
    try:
        press(app, pygame.K_o)
        assert app.note[0] == "random plans no path to show"
    finally:
        pygame.display.quit()


def test_g_writes_replays_to_the_users_folder_when_run_in_the_checkout(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    mine = str(tmp_path / "data" / "snake-autopilot" / "replays")
    assert saves.replay_folder(here=ROOT) == mine and saves.replay_folder(here=os.path.join(ROOT, "docs")) == mine
    assert saves.replay_folder(here=str(tmp_path)) == "."


def test_g_in_the_checkout_says_where_the_replay_went(make_app, tmp_path, monkeypatch, capsys):
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    monkeypatch.chdir(ROOT)
    app = make_app()  # a new game: the snake on the top row
    press(app, pygame.K_w)  # up, into the wall
    app.tick()
    assert app.game.over()
    press(app, pygame.K_g)
    folder = tmp_path / "data" / "snake-autopilot" / "replays"
    assert len(os.listdir(folder)) == 1 and str(folder) in app.note[0]
    assert f"replay saved: {folder}" in capsys.readouterr().out


def panel_app(path, **changes):
    data = {"window-width": 80, "window-height": 60, "block-size": 10, "speed": 0.3, "auto": True, "seed": 7}
    data.update(changes)
    return App(config.validate(data), config_path=str(path))


def test_the_panel_saves_into_the_users_config_not_the_checkouts(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "cfg"))
    shipped = config.default_path()
    with open(shipped, "rb") as f:
        before = f.read()
    app = panel_app(shipped)
    try:
        press(app, pygame.K_TAB)  # a session's Tab: hamilton, not saved
        press(app, pygame.K_ESCAPE, *[pygame.K_DOWN] * 3, pygame.K_LEFT, pygame.K_RETURN)  # the speed, changed
        user = tmp_path / "cfg" / "snake-autopilot" / "config.json"
        assert json.loads(user.read_text()) == {"speed": 0.2}
        with open(shipped, "rb") as f:
            assert f.read() == before
        assert str(user) in app.note[0]
        assert config.load_shipped(shipped)["speed"] == 0.2  # read over the shipped one from now on
    finally:
        pygame.display.quit()


def test_the_panel_saves_only_what_was_changed_in_it(tmp_path):
    path = tmp_path / "mine.json"
    path.write_text(json.dumps({"window-width": 80, "window-height": 60, "block-size": 10, "speed": 0.3,
                                "auto": True}))
    app = panel_app(path)
    try:
        press(app, pygame.K_TAB, pygame.K_u)  # the session's autopilot and speed
        press(app, pygame.K_ESCAPE, *[pygame.K_DOWN] * 6, pygame.K_RIGHT, pygame.K_RETURN)  # the seed, 7 -> 8
        assert json.loads(path.read_text()) == {"window-width": 80, "window-height": 60, "block-size": 10,
                                                "speed": 0.3, "auto": True, "seed": 8}
    finally:
        pygame.display.quit()


def test_a_broken_user_config_is_one_line_naming_it(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path))
    user = tmp_path / "snake-autopilot" / "config.json"
    user.parent.mkdir()
    user.write_text('{"speed": 9}')
    with pytest.raises(config.ConfigError, match=f"{user}: \"speed\" must be between"):
        config.load_shipped(config.default_path())


def test_the_panel_does_not_step_to_a_length_or_board_that_cannot_hold_the_snake(make_app):
    app = make_app()
    press(app, pygame.K_ESCAPE, pygame.K_DOWN, pygame.K_DOWN, *[pygame.K_RIGHT] * 20)
    assert app.settings.values["length"] == W  # 8 cells wide: at most 8 long
    press(app, pygame.K_UP, pygame.K_UP, pygame.K_LEFT)
    assert app.settings.values["width"] == W and app.settings.problem is None


def test_the_panels_problem_names_the_setting_as_the_panel_does(make_app):
    app = make_app()
    press(app, pygame.K_ESCAPE)
    app.settings.values["length"] = 20
    assert app.settings._problem().startswith("Start length 20 does not fit")


def test_the_panel_steps_the_length_to_what_two_snakes_leave_room_for(make_app):
    app = make_app(**{"window-width": 40, "window-height": 10, "block-size": 10, "initial-length": 1})
    press(app, pygame.K_ESCAPE, *[pygame.K_UP], pygame.K_RIGHT)  # Versus: a player
    assert app.settings.values["versus"] == "player"
    press(app, *[pygame.K_UP] * 5, *[pygame.K_RIGHT] * 5)  # the start length, on a 4x1 board
    assert app.settings.values["length"] == 1  # 2 x 2 would leave no cell for the fruit on one row of 4
