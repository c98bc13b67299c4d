"""The window loop in main.py, driven headless: keys, ticks, what reaches the screen, key storms."""
import argparse
import glob
import json
import os
import random
import subprocess
import sys
import threading

import pygame
import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

import config
from files import debuglog
import drawer
from window import key_help
from solver import EndgameState
from hamilton.decision import HamiltonDecision, Mode, ProofState
from hamilton.endgame import ledger
import main
from window.start import App, play
from window import actions, app as window_app, labels, loop, screen, texts
from files import scores
import solvers
from game import LOST, PLAYING, WON, Game
from snake import DOWN, LEFT, RIGHT
from boards import NOT_WON, STILL_WON, board
from windows import BLOCK, H, W, CycleSolver, color, fake_solver, key, make_config, middle_game, press, press_q_when

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
WAITING = ("edge", (("Press an arrow or WASD to start", "Return: the autopilot drives"),
                    ("Press an arrow or WASD to start",)))  # a game the player drives, before its first key
BIG = {"window-width": W * 25, "window-height": H * 25, "block-size": 25}  # 200x150: room for text


# -- steering -------------------------------------------------------------------------------

def test_two_keys_in_one_tick_turn_up_then_left(make_app):
    app = make_app(middle_game(RIGHT))
    press(app, pygame.K_w, pygame.K_a)  # both before the next tick
    app.tick()
    assert app.game.snake.head() == (3, 2)  # up first
    app.tick()
    assert app.game.snake.head() == (2, 2)  # then left, never back into the neck
    assert app.game.state == PLAYING


def test_reversal_key_is_ignored(make_app):
    app = make_app(middle_game(RIGHT))
    press(app, pygame.K_a)
    app.tick()
    assert app.game.snake.head() == (4, 3) and app.game.state == PLAYING


def test_reversal_of_a_queued_turn_is_ignored(make_app):
    app = make_app(middle_game(RIGHT))
    press(app, pygame.K_w, pygame.K_s)
    app.tick()
    app.tick()
    assert app.game.snake.head() == (3, 1)


def test_arrow_keys_steer_like_wasd(make_app):
    app = make_app(middle_game(RIGHT))
    press(app, pygame.K_DOWN)
    app.tick()
    assert app.game.snake.head() == (3, 4)


# -- speed ----------------------------------------------------------------------------------

def test_u_and_i_scale_the_interval_and_hold_their_bounds(make_app):
    app = make_app()
    press(app, pygame.K_u)
    assert app.interval == pytest.approx(0.3 * actions.SPEED_FACTOR)
    press(app, pygame.K_i)
    assert app.interval == pytest.approx(0.3)
    press(app, *[pygame.K_u] * 100)
    assert app.interval == config.SPEED_MIN
    press(app, *[pygame.K_i] * 100)
    assert app.interval == config.SPEED_MAX
    app.render()
    assert app.canvas.strip_text[0].startswith("length 3/48   0 moves   2 s/move")


def test_the_autopilot_is_told_the_wait_between_moves_when_it_takes_over_and_as_u_and_i_change_it(make_app):
    """hamilton's endgame plans by it from its first move (TimedEndgame.pace)."""
    app = make_app(auto=True)
    assert app.solver.pace == pytest.approx(0.3)
    press(app, pygame.K_u)
    assert app.solver.pace == pytest.approx(app.interval) and app.interval < 0.3
    press(app, pygame.K_i, pygame.K_i)
    assert app.solver.pace == pytest.approx(app.interval) and app.interval > 0.3


# -- pause, restart, autopilot, quit ----------------------------------------------------------

def test_a_dot_plays_one_move_of_a_paused_game_and_it_stays_paused(make_app):
    app = make_app(auto=True)
    press(app, pygame.K_p, pygame.K_PERIOD)
    assert app.paused and app.game.snake.head() == (3, 0) and app.solver.calls == 1  # the autopilot's move
    assert app.tick() is False and app.game.steps == 1  # still paused
    press(app, pygame.K_KP_PERIOD)
    assert app.paused and app.game.steps == 2 and app.drivers == {"cycle"}


def test_a_dot_plays_the_players_queued_key_and_starts_a_waiting_game(make_app):
    app = make_app()
    assert app.waiting
    press(app, pygame.K_p, pygame.K_s)  # a turn queued while paused
    assert list(app.game.turns) == [DOWN]
    press(app, pygame.K_PERIOD)
    assert app.paused and app.game.snake.head() == (2, 1) and app.game.steps == 1 and not app.waiting
    press(app, pygame.K_PERIOD)  # no key queued: straight on
    assert app.game.snake.head() == (2, 2) and app.drivers == {"player"}
    press(app, pygame.K_p)
    assert app.tick() and app.game.snake.head() == (2, 3)


def test_a_new_game_the_player_drives_waits_for_a_key_however_many_ticks_pass(make_app):
    app = make_app()
    head = app.game.snake.head()
    for _ in range(16):  # time enough to hit the right wall, had it set off
        assert app.tick() is False
    assert app.waiting and app.game.steps == 0 and app.game.snake.head() == head
    assert "your turn: steer to start" in app.say.caption()


def test_a_dot_while_playing_is_refused_with_a_note(make_app, capsys):
    app = make_app(middle_game(RIGHT))
    press(app, pygame.K_PERIOD)
    assert app.game.steps == 0 and not app.paused
    app.render()
    assert "P pauses" in app.canvas.note[1][0][0] and "'.' needs a pause" in pygame.display.get_caption()[0]
    assert capsys.readouterr().err.count("\n") == 1




def test_p_pauses_and_resumes(make_app):
    app = make_app(middle_game(RIGHT))
    press(app, pygame.K_p)
    assert app.paused and "paused" in app.say.caption()
    press(app, pygame.K_s)  # a turn waits while paused, and the snake stands still
    assert app.tick() is False and app.tick() is False
    assert app.game.snake.head() == (3, 3) and app.game.steps == 0
    app.render()
    assert app.canvas.texts == ("middle", (("PAUSED", "P: resume - H: help"),))
    press(app, pygame.K_p)
    assert app.tick() is True and app.game.snake.head() == (3, 4)  # the turn made while paused
    assert app.render() == [app.screen.get_rect()]  # the message is taken down by a full repaint
    assert app.canvas.texts == ()


def test_lost_game_shows_it_and_r_starts_a_new_one(make_app):
    app = make_app(middle_game(RIGHT, body=((7, 0), (6, 0), (5, 0))))
    app.render()
    app.tick()  # into the right wall
    assert app.game.state == LOST
    rects = app.render()
    assert app.canvas.texts[1][0][0].startswith("LOST: length 3/48")
    assert "LOST" in pygame.display.get_caption()[0]
    assert rects == [app.screen.get_rect()]  # a box put up: the board is painted again under it
    assert color(app.screen, (7, 0)) == drawer.RED  # the board stays visible around the message
    assert app.tick() is False
    press(app, pygame.K_p)
    assert not app.paused  # nothing to pause in a finished game
    press(app, pygame.K_r)
    assert app.game.state == PLAYING and len(app.game.snake) == 3 and app.game.steps == 0
    assert app.render() == [app.screen.get_rect()] and app.canvas.texts == WAITING  # the new game waits
    assert color(app.screen, (2, 0)) == drawer.RED and color(app.screen, (7, 0)) == drawer.WHITE
    assert app.tick() is False and app.game.steps == 0


def test_restarts_are_new_games_yet_repeatable_with_a_seed(make_app):
    fruits = []
    for _ in range(2):
        app = make_app()
        first = app.game.fruit.where()
        press(app, pygame.K_r)
        fruits.append((first, app.game.seed, app.game.fruit.where()))
    assert fruits[0] == fruits[1]
    assert fruits[0][0] == Game(W, H, 3, seed=7).fruit.where()  # the first game uses the config seed
    assert fruits[0][1] != 7


def test_return_toggles_the_autopilot_which_ignores_steering(make_app):
    app = make_app()
    assert not app.auto and app.solver is None
    press(app, pygame.K_RETURN)
    assert app.auto and isinstance(app.solver, CycleSolver)
    assert "autopilot on" in app.say.caption()
    press(app, pygame.K_s)  # ignored: the autopilot drives
    assert not app.game.turns
    for _ in range(10):
        app.tick()
    assert app.solver.calls == 10 and app.game.state == PLAYING
    assert app.game.snake.head() == (3, 1)  # along row 0, down at its end, back along row 1
    press(app, pygame.K_RETURN, pygame.K_s)  # a human takes over
    assert not app.auto and app.solver is None
    app.tick()
    assert app.game.snake.head() == (3, 2)
    press(app, pygame.K_a)
    assert list(app.game.turns) == [LEFT]
    press(app, pygame.K_KP_ENTER)  # handing back drops the queued turn; a new solver starts here
    assert app.auto and app.solver.calls == 0 and not app.game.turns
    app.tick()
    assert app.game.snake.head() == (4, 2)


def test_autopilot_from_the_config_and_rebuilt_on_restart(make_app):
    app = make_app(auto=True)
    first = app.solver
    assert isinstance(first, CycleSolver) and first.game is app.game
    press(app, pygame.K_r)
    assert app.solver is not first and app.solver.game is app.game


def test_q_and_the_close_button_quit_with_code_0(make_app):
    for event in (key(pygame.K_q), pygame.event.Event(pygame.QUIT)):
        app = make_app()
        pygame.event.clear()
        pygame.event.post(event)
        assert app.run(max_seconds=5) == 0
        assert not app.running and app.game.steps == 0


def test_a_key_is_answered_between_slow_ticks(make_app):
    app = make_app(middle_game(RIGHT), speed=config.SPEED_MAX)
    pygame.event.clear()
    threading.Timer(0.1, pygame.event.post, [key(pygame.K_q)]).start()  # while the loop sleeps
    assert app.run(max_seconds=30) == 0
    assert app.game.steps == 0  # it quit inside the first 2-second wait, not at the next tick


# -- the debug log ----------------------------------------------------------------------------

def test_space_writes_the_debug_log_here_and_says_where(make_app, tmp_path, monkeypatch, capsys):
    monkeypatch.chdir(tmp_path)
    app = make_app(middle_game(RIGHT))
    press(app, pygame.K_u, pygame.K_RETURN)
    app.tick()
    press(app, pygame.K_SPACE)
    logs = glob.glob(str(tmp_path / "output_*.log"))
    assert len(logs) == 1
    out = capsys.readouterr().out
    assert os.path.basename(logs[0]) in out and out.count("\n") == 1
    with open(logs[0], encoding="utf-8") as f:
        data = json.load(f)
    assert data["autopilot"]["on"] is True and data["autopilot"]["solver"] == "cycle"
    assert data["config"]["speed"] == pytest.approx(app.interval)
    loaded_config, game = debuglog.load(logs[0])
    assert list(game.snake.body) == list(app.game.snake.body)
    assert game.fruit.where() == app.game.fruit.where()


def test_a_failing_debug_log_is_one_line_and_the_game_goes_on(make_app, monkeypatch, capsys):
    def fail(*args, **kwargs):
        raise debuglog.DebugLogError("cannot write debug log in /nowhere: Permission denied")
    monkeypatch.setattr(debuglog, "write", fail)
    app = make_app(middle_game(RIGHT))
    press(app, pygame.K_SPACE)
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "Permission denied" in err
    app.render()
    assert app.canvas.note == ("edge", (("Debug log not written: cannot write debug log in /nowhere: "
                                         "Permission denied",),))
    assert "debug log not written" in pygame.display.get_caption()[0]
    assert app.running and app.tick() and app.game.state == PLAYING


def test_space_is_answered_on_the_board_and_in_the_caption_for_a_while(make_app, tmp_path, monkeypatch, capsys):
    monkeypatch.chdir(tmp_path)
    now = [100.0]
    monkeypatch.setattr(window_app.time, "monotonic", lambda: now[0])
    app = make_app(middle_game(RIGHT), **BIG)
    app.render()
    press(app, pygame.K_SPACE)
    rects = app.render()
    name = os.path.basename(glob.glob(str(tmp_path / "output_*.log"))[0])
    assert app.canvas.note == ("edge", ((f"Debug log written: {name}",),))
    assert rects == [app.screen.get_rect()] and len(app.canvas.labels) == 1
    box = app.canvas.labels[0].rect
    assert box.top == labels.LABEL_MARGIN and app.canvas.surface.get_rect().contains(box)  # away from the head
    assert pygame.display.get_caption()[0] == "Snake - length 3/48 - debug log written - playing"
    assert capsys.readouterr().out == f"debug log written: ./{name}\n"  # the line scripts read, as it was
    now[0] += window_app.NOTE_SECONDS
    app.render()
    assert app.canvas.note == () and app.canvas.labels == []
    assert pygame.display.get_caption()[0] == "Snake - length 3/48 - autopilot off - playing"


def test_a_refused_g_is_a_note_too(make_app, capsys):
    app = make_app(middle_game(RIGHT), **BIG)
    press(app, pygame.K_g)
    app.render()
    assert app.canvas.note == ("edge", (("G saves a finished game: this one is not over yet",),))
    assert "game not over yet" in pygame.display.get_caption()[0]
    assert capsys.readouterr().err == "replay: the game is not over yet; G saves a finished game\n"


def test_a_note_and_a_box_at_the_same_edge_share_one_box(make_app, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    app = make_app(**BIG)  # a new game the player drives: the box says how to start, at the edge
    press(app, pygame.K_SPACE)
    app.render()
    assert len(app.canvas.labels) == 1
    assert app.canvas.texts == WAITING and app.canvas.note[1][0][0].startswith("Debug log written")


def test_load_starts_paused_from_the_log(tmp_path, monkeypatch):
    game = middle_game(DOWN, body=((4, 2), (4, 1), (3, 1)), fruit=(0, 5))
    log = debuglog.write(game, make_config(auto=True), directory=str(tmp_path))
    seen = {}

    def fake_run(self, **limits):
        seen["app"] = self
        return 0
    monkeypatch.setattr(App, "run", fake_run)
    monkeypatch.setitem(solvers.BUILT_IN, "greedy", "windows:CycleSolver")
    assert main.main(["--load", log]) == 0
    app = seen["app"]
    assert app.paused and app.auto
    assert list(app.game.snake.body) == [(4, 2), (4, 1), (3, 1)] and app.game.fruit.where() == (0, 5)


def test_load_of_a_bad_log_is_one_line_and_exit_2(tmp_path, capsys):
    bad = tmp_path / "output_bad.log"
    bad.write_text("{not json")
    assert main.main(["--load", str(bad)]) == 2
    err = capsys.readouterr().err
    assert err.startswith("error: ") and err.count("\n") == 1


# -- what reaches the screen ------------------------------------------------------------------

def test_normal_ticks_update_at_most_four_cells_and_the_strip(make_app, monkeypatch):
    calls = []
    monkeypatch.setattr(pygame.display, "update", lambda rects=None: calls.append(rects))
    app = make_app(auto=True, speed=0.01)
    pygame.event.clear()
    app.run(max_ticks=80)
    assert app.game.state == PLAYING and app.game.steps == 80 and app.game.eaten > 0
    screen, strip = app.screen.get_rect(), app.canvas.strip_rect
    assert calls[0] == [screen]  # the start: the only full repaint
    assert strip == (0, H * BLOCK, W * BLOCK, labels.STRIP_HEIGHT)  # below the board
    for rects in calls[1:]:
        assert rects is not None and rects[-1] == strip  # the moves went up by one
        cells = [r for r in rects[:-1] if r.size == (BLOCK, BLOCK)]
        boxes = [r for r in rects[:-1] if r.size != (BLOCK, BLOCK)]  # the hint, put back over a cell under it
        assert 1 <= len(cells) <= 4 and len(boxes) <= 1
    assert len(calls) - 1 == 80  # one update per move, nothing when there was nothing to show


def test_eating_tick_updates_head_old_head_and_new_fruit(make_app):
    app = make_app(middle_game(RIGHT, fruit=(4, 3)))
    app.render()
    app.tick()
    rects = app.render()
    new_fruit = app.game.fruit.where()
    assert len(rects) == 4 and rects[-1] == app.canvas.strip_rect
    assert {tuple(r) for r in rects[:-1]} == {(x * BLOCK, y * BLOCK, BLOCK, BLOCK)
                                             for x, y in ((4, 3), (3, 3), new_fruit)}
    assert color(app.screen, new_fruit) == drawer.GREEN


def test_expose_and_unknown_events(make_app):
    app = make_app()
    app.render()
    for event in (pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=(3, 3)),
                  pygame.event.Event(pygame.USEREVENT, code=3),
                  pygame.event.Event(pygame.KEYUP, key=pygame.K_q),
                  pygame.event.Event(pygame.KEYDOWN),  # no key at all
                  pygame.event.Event(pygame.KEYDOWN, key=None),
                  pygame.event.Event(pygame.KEYDOWN, key="q"),
                  pygame.event.Event(pygame.KEYDOWN, key=[pygame.K_q]),
                  pygame.event.Event(pygame.KEYDOWN, key=2 ** 70)):
        app.handle(event)
    assert app.running and app.render() == []
    app.handle(pygame.event.Event(pygame.VIDEOEXPOSE))
    assert app.render() == [app.screen.get_rect()]


def test_the_path_overlay_follows_the_plan_and_comes_off(make_app):
    app = make_app(auto=True)
    press(app, pygame.K_F12)  # any key takes the first-run hint down
    app.render()
    press(app, pygame.K_o)
    rects = app.render()
    plan = app.solver.planned_path()
    assert all(color(app.screen, c) == drawer.BLUE for c in plan if not app.game.snake.at(c))
    assert len(rects) == len(plan)
    app.tick()
    app.render()
    press(app, pygame.K_o)
    app.render()
    assert all(color(app.screen, c) != drawer.BLUE for x in range(W) for y in range(H) for c in [(x, y)])


def hamilton_app(**changes):
    """hamilton driving the 200x150 window (8x6 at 25 pixels a cell), the first-run hint down."""
    app = real_app(auto=True, solver="hamilton", **changes)
    app.hint_until = None
    return app


def board_colours(app):
    return {tuple(app.screen.get_at((x, y)))[:3] for x in range(0, W * 25, 2) for y in range(0, H * 25, 2)}


def test_c_draws_hamiltons_cycle_in_a_colour_of_its_own_under_the_snake_and_the_fruit():
    app = hamilton_app()
    try:
        for _ in range(20):
            app.tick()
        app.render()
        assert drawer.VIOLET not in board_colours(app)
        press(app, pygame.K_c)
        rects = app.render()
        assert drawer.VIOLET in board_colours(app)
        assert drawer.VIOLET not in {drawer.WHITE, drawer.BLACK, drawer.RED, drawer.GREEN, drawer.BLUE,
                                     drawer.ORANGE, labels.LABEL_BACK, labels.LABEL_TEXT, labels.LABEL_EDGE}
        assert rects and all(r.size == (25, 25) for r in rects[:-1])  # only the cells with lines, no full repaint
        cycle = app.solver.hamiltonian_cycle()
        free = [c for c in cycle if not app.game.snake.at(c) and c != app.game.fruit.where()]
        for x, y in free:  # a line through the middle of every free cell, drawn from its centre
            assert tuple(app.screen.get_at((x * 25 + 12, y * 25 + 12)))[:3] in (drawer.VIOLET, drawer.ORANGE)
        head, fruit = app.game.snake.head(), app.game.fruit.where()
        assert color_at(app, head) == drawer.RED and color_at(app, fruit) == drawer.GREEN  # on top of it
        press(app, pygame.K_c)
        app.render()
        assert drawer.VIOLET not in board_colours(app) and drawer.ORANGE not in board_colours(app)
    finally:
        pygame.display.quit()


def color_at(app, cell, block=25):
    return tuple(app.screen.get_at((cell[0] * block + block // 2, cell[1] * block + block // 2)))[:3]


def test_a_shortcut_off_the_cycle_shows_as_the_whole_route_in_orange():
    app = hamilton_app(seed=3)
    try:
        press(app, pygame.K_c)
        shortcuts = 0
        while app.game.eaten < 12:
            app.tick()
            app.render()
            route = [tuple(c) for c in app.solver.planned_path()]
            cycle = app.solver.hamiltonian_cycle()
            if cycle is None or len(route) < 2:
                continue
            after = dict(zip(cycle, cycle[1:] + cycle[:1]))
            off = any(after[a] != b for a, b in zip(route, route[1:]))
            shortcuts += off
            for a, b in zip(route, route[1:]):  # the half-line of each move, in its cell
                mid = ((a[0] * 3 + b[0]) * 25 // 4 + 12, (a[1] * 3 + b[1]) * 25 // 4 + 12)
                if not app.game.snake.at(a) and a != app.game.fruit.where():
                    assert (tuple(app.screen.get_at(mid))[:3] == drawer.ORANGE) == off
        assert shortcuts > 5
    finally:
        pygame.display.quit()


def test_the_cycle_is_redrawn_only_where_it_changed_and_a_still_frame_paints_nothing(monkeypatch):
    app = hamilton_app(speed=0.01)
    try:
        press(app, pygame.K_c)
        app.tick()
        app.render()  # the whole cycle appears
        real, changed = drawer.Floor.lay, []
        monkeypatch.setattr(drawer.Floor, "lay", lambda self, ways: changed.append(real(self, ways)) or changed[-1])
        for _ in range(150):
            app.tick()
            rects = app.render()
            assert app.screen.get_rect() not in rects  # never the whole window
            assert app.render() == []  # no move, nothing to paint: the quiet loop stays quiet
        assert app.game.eaten > 5 and len(changed) <= 150  # laid at most once a move
        # A few cells a move, on average: the route's line shortens behind the head, a new route
        # turns orange once, and the cycle bends only where the body made it bend.
        assert sum(map(len, changed)) < 150 * 5
    finally:
        pygame.display.quit()


def test_c_with_greedy_says_greedy_follows_no_cycle(capsys):
    app = real_app(auto=True, solver="greedy")
    try:
        press(app, pygame.K_c)
        app.render()
        assert app.canvas.note == ("edge", (("greedy follows no cycle: C draws hamilton's",),))
        assert "greedy follows no cycle" in pygame.display.get_caption()[0]
        assert drawer.VIOLET not in board_colours(app)
        press(app, pygame.K_TAB)  # hamilton drives: the cycle shows from its first move
        app.tick()
        app.render()
        assert drawer.VIOLET in board_colours(app)
    finally:
        pygame.display.quit()


def test_o_before_the_first_move_shows_no_path_and_does_not_crash():
    for name in ("greedy", "hamilton"):
        app = real_app(auto=True, solver=name)
        try:
            press(app, pygame.K_o)
            app.render()
            assert app.overlays.path_cells() == []
        finally:
            pygame.display.quit()


def test_a_won_game_says_so(make_app):
    app = make_app(auto=True)
    while app.tick():
        app.render()
    assert app.game.state == WON and len(app.game.snake) == W * H
    app.render()
    assert app.canvas.texts[1][0][0].startswith("WON") and "WON" in pygame.display.get_caption()[0]
    corners = [(0, 0), (W - 1, 0), (0, H - 1), (W - 1, H - 1)]  # away from the message in the middle
    assert all(color(app.screen, c) in (drawer.BLACK, drawer.RED) for c in corners)


def test_without_a_font_the_caption_still_tells(monkeypatch):
    monkeypatch.setattr(labels, "make_font", lambda size: None)
    app = App(make_config(**BIG), game=middle_game(RIGHT, body=((7, 3), (6, 3), (5, 3))))
    try:
        app.render()
        app.tick()
        app.render()
        assert app.canvas.texts and app.canvas.labels == []  # a box to show, but no font to show it with
        assert "LOST" in pygame.display.get_caption()[0]
    finally:
        pygame.display.quit()


# -- help, the hint, handing over, Tab, endless loops -------------------------------------------

def real_app(**changes):
    """An App with the registered autopilots on the 200x150 window."""
    return App(make_config(**dict(BIG, **changes)))


def test_h_and_f1_show_and_hide_every_key_and_hold_the_game(make_app):
    app = make_app(middle_game(RIGHT), **BIG)
    for steps, k in enumerate((pygame.K_h, pygame.K_F1)):
        press(app, k)
        assert app.help_shown and app.tick() is False and app.game.steps == steps  # the game holds still
        app.render()
        place, forms = app.canvas.texts
        assert [row for row in forms[0] if not isinstance(row, str)] == key_help.KEY_HELP
        assert "help" in pygame.display.get_caption()[0]
        assert app.canvas.labels and app.screen.get_rect().contains(app.canvas.labels[0].rect)
        press(app, k)
        assert not app.help_shown and app.tick() is True
        app.render()
        assert app.canvas.texts == () and app.canvas.labels == []


def test_every_caption_fits_a_title_bar():
    """The longest caption each state can have, on a 30x30 board nearly full, stays within
    CAPTION_MAX; so do the notes, which stand in for the driver."""
    from types import SimpleNamespace

    from solver import EndgameState
    from game import Game as RealGame
    game = RealGame(30, 30, 3, seed=1)
    game.snake.body.extend([(0, 1)] * 896)  # length 899 of 900: the longest length to show
    notes = ["debug log not written", "greedy follows no cycle", "hamilton follows no cycle", "settings not saved",
             "no settings in a replay", "replay already saved", "game not over yet", "'.' needs a pause"]
    captions = []
    for state in [None] + list(EndgameState):
        failed = SimpleNamespace(name="ASolverWithAVeryLongClassNameIndeed", move=12, why="raised ValueError: x")
        for flags in ({}, {"help_shown": True}, {"paused": True}, {"waiting": True}, {"settings": object()},
                      {"circling": True}, {"failure": failed, "auto": False, "waiting": True}):
            for note in [None] + notes:
                app = SimpleNamespace(game=game, auto=True, solver_name="hamilton", solver_shown="hamilton",
                                      failure=None, help_shown=False, verdict=None,
                                      settings=None, paused=False, waiting=False, clock=lambda: 0.0,
                                      note=(None, note) if note else None, note_until=1.0,
                                      solver=SimpleNamespace(decision=SimpleNamespace(endgame=state,
                                                                                         distance=1234)))
                app.circling = lambda flags=flags: flags.get("circling", False)
                for name, value in flags.items():
                    if name != "circling":
                        setattr(app, name, value)
                captions.append(texts.Texts(app).caption())
    assert "Snake - length 899/900 - autopilot on: hamilton - sure win proven: 1234 moves" in captions
    assert max(map(len, captions)) <= texts.CAPTION_MAX, max(captions, key=len)


def test_key_help_lists_every_key_once_in_the_agreed_order():
    keys = [k for k, _ in key_help.KEY_HELP]
    assert keys == ["W A S D / arrows", "U", "I", "P", ".", "R", "Return", "Tab", "O", "C", "H or F1", "Esc",
                    "V", "space", "G", "Q / close"]
    assert all(isinstance(k, str) and isinstance(what, str) and what for k, what in key_help.KEY_HELP)


def test_the_readme_keys_table_says_what_key_help_says():
    with open(os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "README.md"),
              encoding="utf-8") as f:
        readme = f.read()
    section = readme.split("\n## Keys\n", 1)[1].split("\n## ", 1)[0]
    rows = [line.strip("|").split("|") for line in section.splitlines() if line.startswith("| ")]
    table = [(k.strip(), what.strip()) for k, what in rows[2:]]  # the header and its rule aside
    assert table == key_help.KEY_HELP


def test_the_hint_says_how_to_take_the_wheel_and_goes_after_a_while(make_app, monkeypatch):
    now = [100.0]
    monkeypatch.setattr(window_app.time, "monotonic", lambda: now[0])
    app = make_app(auto=True, **BIG)
    app.render()
    place, forms = app.canvas.texts
    hint = forms[0][0].replace(labels.KEEP, " ")  # the words it keeps together, shown with spaces
    assert place == "edge" and "Return: take the wheel" in hint and "H: help" in hint and app.canvas.labels
    assert app.canvas.labels[0].rect.bottom > app.screen.get_height() // 2  # the head is on the top row
    app.tick()
    now[0] += window_app.HINT_SECONDS - 0.1
    rects = app.render()
    assert app.canvas.texts[1] == forms and app.screen.get_rect() not in rects  # still up: only cells repainted
    now[0] += 0.1
    assert app.render() == [app.screen.get_rect()] and app.canvas.texts == ()


def test_the_first_key_takes_the_hint_down_and_the_player_never_gets_it(make_app):
    app = make_app(auto=True, **BIG)
    app.render()
    assert app.canvas.texts
    press(app, pygame.K_F12)  # any key, bound or not
    app.render()
    assert app.canvas.texts == ()
    assert make_app(auto=False, **BIG).say.board() == WAITING  # the player drives: no hint, the snake waits


def test_handing_over_waits_for_a_steering_key(make_app):
    # About to turn away from the right wall: the autopilot would go down at (7, 0).
    app = make_app(auto=True, **BIG)
    press(app, pygame.K_F12)
    for _ in range(4):
        app.tick()
    assert app.game.snake.head() == (6, 0)
    press(app, pygame.K_RETURN)
    assert not app.auto and app.waiting
    for _ in range(5):
        assert app.tick() is False  # no move: the snake would hit the wall a moment later
    assert app.game.state == PLAYING and app.game.snake.head() == (6, 0)
    app.render()
    assert app.canvas.texts == WAITING and "your turn" in pygame.display.get_caption()[0]
    press(app, pygame.K_a)  # back onto the neck: ignored, and the snake still waits
    assert app.waiting and app.tick() is False
    press(app, pygame.K_s)
    assert not app.waiting and app.tick() is True and app.game.snake.head() == (6, 1)


def test_the_current_heading_starts_the_snake_too(make_app):
    app = make_app(middle_game(RIGHT), auto=True)
    press(app, pygame.K_RETURN, pygame.K_d)
    assert app.tick() and app.game.snake.head() == (4, 3)


def test_tab_cycles_every_registered_autopilot_in_order(monkeypatch):
    monkeypatch.setattr(solvers, "BUILT_IN", {"greedy": "solver:GreedySolver", "cycle": "windows:CycleSolver",
                                              "hamilton": "hamilton:HamiltonSolver"})
    app = real_app(auto=True)
    seen = []
    for _ in range(4):
        seen.append((app.solver_name, type(app.solver.solver).__name__))
        assert f"autopilot on: {app.solver_name}" in app.say.caption()
        press(app, pygame.K_TAB)
    assert seen == [("greedy", "GreedySolver"), ("cycle", "CycleSolver"), ("hamilton", "HamiltonSolver"),
                    ("greedy", "GreedySolver")]
    for _ in range(20):  # whoever drives after a Tab plays on
        app.tick()
        press(app, pygame.K_TAB)
    assert app.game.state == PLAYING and app.game.steps == 20


def test_tab_while_the_player_drives_chooses_who_return_hands_to(make_app):
    app = real_app(auto=False)
    press(app, pygame.K_TAB)
    assert app.solver is None and app.solver_name == "hamilton"
    assert "autopilot off" in app.say.caption() and "you drive (Return: hamilton)" in app.say.strip()[0]
    press(app, pygame.K_RETURN)
    assert type(app.solver.solver).__name__ == "HamiltonSolver"


def circling_app():
    """8x6, seed 1: greedy is proven to circle at move 488 (46 moves a lap, length 46)."""
    app = real_app(auto=True, seed=1)
    press(app, pygame.K_F12)
    while not app.circling():
        assert app.tick() and app.game.steps <= 488
        app.render()
    return app


def test_an_endless_loop_is_said_on_the_board_and_in_the_caption():
    app = circling_app()
    assert app.game.steps == 488 and app.drive.watch.period == 46 and len(app.game.snake) == 46
    app.render()
    place, forms = app.canvas.texts
    news = "Tab: hamilton may still win it (deciding) - Return:\u00a0take\u00a0over"  # "take over" kept whole
    assert forms == (("Circling: greedy will never reach this fruit safely.", news), (news,))
    assert app.canvas.labels and app.screen.get_rect().contains(app.canvas.labels[0].rect)
    caption = pygame.display.get_caption()[0]
    assert caption == "Snake - length 46/48 - autopilot on: greedy - circling; hamilton may win"
    while app.think(app.clock() + 1):  # the verdict, in the time between ticks: 2 free cells, soon known
        pass
    app.render()
    assert app.canvas.texts[1][0][1] == "Tab: hamilton can win from here - Return:\u00a0take\u00a0over"
    assert pygame.display.get_caption()[0].endswith("- circling; hamilton can win")
    box = app.canvas.labels[0].rect
    for _ in range(46):  # it goes on circling under the box, which stays on top
        app.tick()
        app.render()
        shown = pygame.image.tobytes(app.screen.subsurface(box), "RGB")
        assert shown == pygame.image.tobytes(app.canvas.labels[0].surface, "RGB")
    assert app.circling()


def endgame_app(rows):
    """hamilton handed a 6x6 position near the end, one slice of proof a move (tests/boards.py)."""
    def slow_proof(name, game):
        solver = solvers.make(name, game)
        solver.endgame.work = ledger.SLICE
        return solver
    return App(make_config(auto=True, solver="hamilton", **{"window-width": 150, "window-height": 150,
                                                                "block-size": 25}),
                    game=board(rows), make_solver=slow_proof)


def test_while_hamilton_proves_the_end_the_board_says_why_it_circles():
    app = endgame_app(STILL_WON)
    app.hint_until = None  # the first-run hint aside
    app.tick()
    app.render()
    assert app.canvas.texts == ("edge", (("hamilton is searching every way the last fruits can fall.",
                                          "It circles until the proof is done."),))
    assert pygame.display.get_caption()[0].endswith("- searching every future")
    while app.game.eaten == 0:
        assert app.tick()
    app.render()
    assert app.canvas.texts == () and pygame.display.get_caption()[0].endswith("- playing")


def test_a_long_proven_route_is_said_with_the_moves_it_has_left():
    """With a hold of 160 forks, STILL_WON's proof finds a route of 183 moves, five laps of the
    6x6 board: the snake circles on purpose, and the board says so, counting down."""
    def small_hold(name, game):
        solver = solvers.make(name, game)
        solver.endgame.ledger.hold = 160
        solver.endgame.work = 100 * ledger.SLICE  # the proof ends on the first move
        return solver
    app = App(make_config(auto=True, solver="hamilton", **{"window-width": 150, "window-height": 150,
                                                                "block-size": 25}),
                   game=board(STILL_WON), make_solver=small_hold)
    app.hint_until = None
    app.tick()
    app.render()
    assert app.canvas.texts == ("edge", (("hamilton has proven a sure win: 183 moves to this fruit.",
                                          "It follows the proven way, whatever fruits come next."),))
    app.tick()
    app.render()
    assert pygame.display.get_caption()[0].endswith("- sure win proven: 182 moves")
    while app.game.eaten == 0:
        assert app.tick()
    app.render()
    assert app.canvas.texts == ()


@pytest.mark.parametrize("decision, box, caption", [
    (HamiltonDecision("endgame", mode=Mode.ENDGAME, proof=ProofState.UNDER_WAY, distance=1310,
                      endgame=EndgameState.WINNING, at_most=True),  # a win proven by a long route: at most its moves
     ("hamilton has proven a sure win: at most 1310 moves to this fruit.",
      "It circles while it looks for a shorter way."), "sure win proven: 1310 moves"),
    (HamiltonDecision("endgame", mode=Mode.ENDGAME, proof=ProofState.WIN, distance=921, endgame=EndgameState.WINNING,
                      at_most=True),  # following a route that proofs along it may shorten
     ("hamilton has proven a sure win: at most 921 moves to this fruit.",
      "It follows the proven way and looks for a shorter one as it goes."), "sure win proven: 921 moves"),
    (HamiltonDecision("survive", mode="survival", distance=412, endgame=EndgameState.SURVIVING),
     # survival before a search past FREE_MAX: when the search begins
     ("hamilton keeps the snake alive and looks for a way back into order.",
      "If no fruit is eaten within 412 moves, it searches every future."), "search begins in 412 moves"),
])
def test_a_decision_before_the_route_is_said_on_the_board_and_in_the_caption(decision, box, caption):
    app = endgame_app(STILL_WON)
    app.hint_until = None
    app.solver.decision = decision
    app.render()
    assert app.canvas.texts == ("edge", (box,))
    assert pygame.display.get_caption()[0].endswith("- " + caption)


def test_an_end_proven_lost_is_said_and_the_snake_stays_alive():
    app = endgame_app(NOT_WON)
    for _ in range(100):
        app.tick()
    app.render()
    assert app.canvas.texts == ("edge", (("No win is left from here, whatever the moves.",
                                   "hamilton keeps the snake alive - R: new game"),))
    assert pygame.display.get_caption()[0].endswith("- no win left: staying alive")
    assert app.game.state == PLAYING


def test_tab_hands_what_the_verdict_found_to_hamilton():
    app = circling_app()
    while app.think(app.clock() + 1):
        pass
    found = app.verdict.endgame
    ledger, answers = found.ledger, dict(vars(found))
    press(app, pygame.K_TAB)
    endgame = app.solver.solver.endgame
    assert type(app.solver.solver).__name__ == "HamiltonSolver" and app.verdict is None
    assert endgame.ledger is ledger and endgame.pace == app.interval  # what it found, and the window's pace
    assert all(vars(endgame)[name] is value for name, value in answers.items() if name != "ledger"
               and isinstance(value, dict))


def test_the_loop_thinks_through_its_waits_and_sleeps_only_when_nothing_is_under_way(make_app, monkeypatch):
    app = make_app(auto=True, speed=0.05)
    seen, left = [], [3]  # the autopilot has three waits' worth of search

    def think(deadline, clock):
        seen.append("think")
        left[0] -= 1
        return left[0] >= 0
    monkeypatch.setattr(app.solver, "think", think)
    monkeypatch.setattr(app.loop, "sleep", lambda seconds: seen.append("sleep"))
    pygame.event.clear()
    app.run(max_ticks=2)
    assert seen[:4] == ["think", "think", "think", "think"] and seen[4] == "sleep"  # then it sleeps
    assert seen.count("think") == seen.count("sleep") + 3


@pytest.mark.parametrize("k", [pygame.K_TAB, pygame.K_RETURN, pygame.K_r])
def test_tab_return_or_a_new_game_end_the_alarm(k):
    app = circling_app()
    press(app, k)
    assert not app.circling()
    app.render()
    assert "circling" not in pygame.display.get_caption()[0]
    if k == pygame.K_TAB:
        assert app.solver_name == "hamilton"
        for _ in range(200):  # hamilton does not circle: it eats
            app.tick()
        assert len(app.game.snake) > 46


def test_no_alarm_for_an_autopilot_that_is_not_memoryless(make_app):
    app = make_app(auto=True)
    for _ in range(3 * W * H):  # the cycle solver repeats positions, but it is not memoryless
        app.tick()
    assert not app.circling()


# -- best scores in the window ----------------------------------------------------------------

def test_a_won_game_is_recorded_and_shown_on_the_banner(make_app, tmp_path):
    book = scores.ScoreBook(str(tmp_path / "scores.json"))
    app = App(make_config(auto=True, **BIG), make_solver=fake_solver, score_book=book)
    while app.tick():
        pass
    assert app.game.state == WON
    entry = scores.ScoreBook(str(tmp_path / "scores.json")).best("8x6 start 3")["cycle"]  # the one that drove
    assert entry == {"length": W * H, "moves_to_win": app.game.steps}
    app.render()
    rows = app.canvas.texts[1][0]
    assert rows[0] == f"WON: length 48/48 in {app.game.steps} moves"
    assert ("cycle", f"length 48, a win in {app.game.steps} moves (new best)") in rows
    assert rows[-1] == "R: new game"
    label = app.canvas.labels[0]
    assert app.screen.get_rect().contains(label.rect) and label.font_size >= labels.FONT_MIN


def test_a_game_the_player_steered_a_little_counts_for_the_mix(make_app):
    app = make_app(auto=True)
    app.tick()
    press(app, pygame.K_RETURN, pygame.K_s)  # the player takes over for a move
    app.tick()
    press(app, pygame.K_RETURN)
    while app.tick():
        pass
    assert app.game.over()
    assert set(app.saves.book.best("8x6 start 3")) == {"player+cycle"}
    app.render()
    assert ("player+cycle", f"length 48, a win in {app.game.steps} moves (new best)") in app.canvas.texts[1][0]


def test_only_a_game_steered_wholly_by_hand_counts_for_the_player(make_app):
    app = make_app(middle_game(RIGHT, body=((6, 0), (5, 0), (4, 0))))
    app.saves.counts = True  # as if it had started here
    press(app, pygame.K_d)
    app.tick()
    app.tick()  # into the right wall, every move the player's
    assert app.game.state == LOST
    assert app.saves.book.best("8x6 start 3") == {scores.PLAYER: {"length": 3, "moves_to_win": None}}


def test_an_unfinished_game_counts_its_length_once(make_app):
    app = make_app(middle_game(RIGHT), auto=False)
    app.saves.counts = True  # as if it had started here
    press(app, pygame.K_s)
    app.tick()
    press(app, pygame.K_r)  # left unfinished: its length counts
    assert app.saves.book.best("8x6 start 3") == {scores.PLAYER: {"length": 3, "moves_to_win": None}}
    press(app, pygame.K_q)
    assert app.saves.book.best("8x6 start 3")[scores.PLAYER]["length"] == 3  # the new game made no move: nothing new


def test_a_game_loaded_from_a_log_is_not_recorded(make_app):
    app = make_app(middle_game(RIGHT, body=((7, 0), (6, 0), (5, 0))))
    app.tick()
    assert app.game.state == LOST and app.saves.book.best("8x6 start 3") == {}
    app.render()
    assert "(loaded from a debug log: not counted)" in app.canvas.texts[1][0]


def test_a_failed_save_is_one_line_and_the_game_goes_on(make_app, tmp_path, capsys, monkeypatch):
    def fail(*args):
        raise OSError(28, "No space left on device")
    monkeypatch.setattr(scores, "write_table", fail)
    book = scores.ScoreBook(str(tmp_path / "scores.json"))
    app = App(make_config(auto=True, **BIG), make_solver=fake_solver, score_book=book)
    while app.tick():
        pass
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "No space left on device" in err
    assert book.best("8x6 start 3")["cycle"]["length"] == 48  # kept in memory, shown on the banner
    app.render()
    assert ("cycle", f"length 48, a win in {app.game.steps} moves (new best)") in app.canvas.texts[1][0]


def test_run_window_warns_in_one_line_about_a_corrupt_scores_file(monkeypatch, capsys):
    path = scores.default_path()  # under the test's own XDG_DATA_HOME (conftest)
    os.makedirs(os.path.dirname(path))
    with open(path, "w") as f:
        f.write("{oops")
    seen = {}

    def fake_run(self, **limits):
        seen["app"] = self
        return 0
    monkeypatch.setattr(App, "run", fake_run)
    assert play(make_config(), argparse.Namespace()) == 0
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.startswith("best scores: ") and "not a best-scores table" in err
    assert seen["app"].saves.book.path == path and seen["app"].saves.book.table == {}


def test_a_first_run_says_nothing_of_the_scores_file_it_has_not_made_yet(monkeypatch, capsys):
    monkeypatch.setattr(App, "run", lambda self, **limits: 0)
    assert not os.path.exists(scores.default_path())
    assert play(make_config(), argparse.Namespace()) == 0
    assert capsys.readouterr().err == ""


# -- the settings panel (Esc) ------------------------------------------------------------------

def settings_app(tmp_path, **changes):
    """The 8x6 window, played from a config file of its own: (app, the file's path)."""
    path = tmp_path / "config.json"
    path.write_text('{\n  "window-width": 200,\n  "window-height": 150,\n  "block-size": 25,\n'
                    '  "speed": 0.3,\n  "auto": true,\n  "seed": 7\n}\n')
    app = App(dict(config.load(str(path)), **changes), make_solver=fake_solver, config_path=str(path))
    return app, path


def test_esc_opens_the_settings_over_a_held_game_and_esc_closes_them_unchanged(tmp_path):
    app, path = settings_app(tmp_path)
    before = path.read_text()
    try:
        app.tick()
        press(app, pygame.K_ESCAPE)
        assert app.settings is not None and app.tick() is False and app.game.steps == 1  # the game holds still
        app.render()
        place, forms = app.canvas.texts
        assert place == "middle" and forms[0][0] == "Settings"
        assert forms[0][1] == ("> Board width", "< 8 cells >") and ("Seed", "7") in forms[0]
        assert "settings" in pygame.display.get_caption()[0]
        press(app, pygame.K_DOWN, pygame.K_RIGHT, pygame.K_q)  # Q is no setting: it quits
        assert app.settings.values["height"] == 7 and not app.running
        app.running = True
        press(app, pygame.K_ESCAPE)
        assert app.settings is None and app.tick() and app.game.steps == 2
        assert configuration_board(app) == (8, 6) and path.read_text() == before
    finally:
        pygame.display.quit()


def configuration_board(app):
    return config.board_size(app.config)


def test_esc_right_return_changes_the_board_saves_the_config_in_use_and_it_opens_again(tmp_path, capsys):
    app, path = settings_app(tmp_path)
    try:
        first = app.game
        press(app, pygame.K_ESCAPE, pygame.K_RIGHT, pygame.K_RETURN)
        assert app.settings is None and app.game is not first and app.game.steps == 0
        assert (app.game.width, app.game.height) == (9, 6) and app.screen.get_size() == (225, 150 + labels.STRIP_HEIGHT)
        assert path.read_text() == ('{\n  "window-width": 225,\n  "window-height": 150,\n  "block-size": 25,\n'
                                    '  "speed": 0.3,\n  "auto": true,\n  "seed": 7\n}\n')
        assert capsys.readouterr().out == f"settings saved: {path}\n"
        app.render()
        assert app.canvas.note == ("edge", (("Settings applied and saved in config.json",),))
        assert color(app.screen, (2, 0)) != drawer.WHITE  # the new game is painted
    finally:
        pygame.display.quit()
    again = App(config.load(str(path)), make_solver=fake_solver, config_path=str(path))
    try:
        assert (again.game.width, again.game.height) == (9, 6)  # the saved settings open again
    finally:
        pygame.display.quit()


def test_every_setting_changes_and_a_new_game_plays_them(tmp_path):
    app, path = settings_app(tmp_path)
    try:
        press(app, pygame.K_ESCAPE)
        press(app, pygame.K_DOWN, pygame.K_LEFT)  # height 5
        press(app, pygame.K_DOWN, pygame.K_RIGHT)  # start length 4
        press(app, pygame.K_DOWN, pygame.K_LEFT, pygame.K_LEFT)  # 0.15 s a move
        press(app, pygame.K_DOWN, pygame.K_RIGHT)  # the autopilot off
        press(app, pygame.K_DOWN, pygame.K_RIGHT)  # which: hamilton
        press(app, pygame.K_DOWN, *[pygame.K_LEFT] * 8)  # seed 7 down to 0, then random
        assert app.settings.values == {"width": 8, "height": 5, "length": 4, "speed": 0.15, "auto": False,
                                       "solver": "hamilton", "seed": None, "versus": None}
        press(app, pygame.K_RETURN)
        assert (app.game.height, len(app.game.snake), app.interval, app.auto, app.solver_name) == \
            (5, 4, 0.15, False, "hamilton")
        assert app.waiting  # the player drives: the new game waits for a key
        saved = json.loads(path.read_text())
        assert saved == {"window-width": 200, "window-height": 125, "block-size": 25, "speed": 0.15, "auto": False,
                         "seed": None, "initial-length": 4, "solver": "hamilton"}
    finally:
        pygame.display.quit()


def test_a_speed_set_with_u_shows_in_the_panel_as_the_strip_shows_it_and_is_saved_once_changed_there(tmp_path):
    app, path = settings_app(tmp_path)
    try:
        press(app, pygame.K_u, pygame.K_ESCAPE)  # 0.3 x 0.8: 0.24000000000000002
        assert app.settings.values["speed"] == 0.24
        press(app, pygame.K_RETURN)  # nothing changed in the panel: nothing saved, U's speed is the session's
        assert json.loads(path.read_text())["speed"] == 0.3 and "0.24 s/move" in app.say.strip()[0]
        press(app, pygame.K_ESCAPE, *[pygame.K_DOWN] * 3, pygame.K_LEFT, pygame.K_RETURN)  # the next speed down
        assert json.loads(path.read_text())["speed"] == 0.2 and "0.2 s/move" in app.say.strip()[0]
    finally:
        pygame.display.quit()


def test_values_the_config_refuses_are_said_and_return_does_not_apply_them(tmp_path):
    app, path = settings_app(tmp_path)
    before = path.read_text()
    try:
        press(app, pygame.K_ESCAPE, pygame.K_DOWN, pygame.K_DOWN)
        press(app, *[pygame.K_RIGHT] * 6)  # a start length of 9 on a board 8 wide is not stepped to
        assert app.settings.values["length"] == 8 and app.settings.problem is None
        press(app, pygame.K_UP, pygame.K_UP, pygame.K_LEFT)  # nor a board narrower than the snake
        assert app.settings.values["width"] == 8
        app.settings.values["width"] = 7  # a value no step gives: the problem names the setting as the panel does
        app.settings.problem = app.settings._problem()
        assert "does not fit on a board 7 cells wide" in app.settings.problem
        app.render()
        assert app.canvas.texts[1][0][-1].startswith("Not valid: Start length 8 does not fit")
        press(app, pygame.K_RETURN)
        assert app.settings is not None and len(app.game.snake) == 3 and path.read_text() == before
        press(app, *[pygame.K_RIGHT] * 400)  # wider than the screen can show
        assert "does not fit on this 1024x768 screen" in app.settings.problem
    finally:
        pygame.display.quit()


def test_a_config_that_cannot_be_written_is_a_note_and_the_settings_still_apply(tmp_path, monkeypatch, capsys):
    app, path = settings_app(tmp_path)
    before = path.read_text()

    def refuse(*args, **kwargs):
        raise OSError(13, "Permission denied")
    monkeypatch.setattr(config.atomic, "replace", refuse)
    try:
        press(app, pygame.K_ESCAPE, pygame.K_RIGHT, pygame.K_RETURN)
        assert app.game.width == 9 and path.read_text() == before
        app.render()
        assert app.canvas.note[1][0][0] == f"Settings applied, not saved: cannot write {path}: Permission denied"
        assert "settings not saved" in pygame.display.get_caption()[0]
        assert capsys.readouterr().err == f"settings not saved: cannot write {path}: Permission denied\n"
    finally:
        pygame.display.quit()


def test_without_a_config_file_the_settings_apply_and_say_so(make_app):
    app = make_app()
    press(app, pygame.K_ESCAPE, pygame.K_RIGHT, pygame.K_RETURN)
    app.render()
    assert app.game.width == 9 and app.canvas.note == ("edge", (("Settings applied (no config file in use to save "
                                                                 "them in)",),))


def test_main_passes_the_config_in_use_to_the_window(tmp_path, monkeypatch):
    path = tmp_path / "mine.json"
    path.write_text(json.dumps({"window-width": 80, "window-height": 60, "block-size": 10, "speed": 0.05,
                                "auto": True}))
    seen = []
    monkeypatch.setattr(App, "run", lambda self, **limits: seen.append(self.config_path) or 0)
    assert main.main(["--config", str(path)]) == 0 and main.main([]) == 0
    assert seen == [str(path), config.default_path()]


# -- a board that fits the screen ----------------------------------------------------------------

def test_a_board_bigger_than_the_screen_gets_smaller_cells(monkeypatch):
    monkeypatch.setattr(screen, "desktop_size", lambda: (1280, 1024))
    app = App(make_config(**{"window-width": 1500, "window-height": 1500, "block-size": 50}))
    try:
        room = 1024 - screen.SCREEN_MARGIN[1] - labels.STRIP_HEIGHT  # 900 pixels for 30 rows
        assert app.canvas.config["block-size"] == room // 30 == 30
        assert app.screen.get_size() == (900, 900 + labels.STRIP_HEIGHT)
        assert app.config["block-size"] == 50  # the config keeps the size asked for
        app.render()
        assert tuple(app.screen.get_at((2 * 30 + 15, 15)))[:3] == drawer.RED  # the head, at 30 pixels a cell
    finally:
        pygame.display.quit()


def test_a_board_too_big_even_for_small_cells_is_one_line_saying_what_fits(monkeypatch, capsys):
    monkeypatch.setattr(screen, "desktop_size", lambda: (1280, 1024))
    args = argparse.Namespace(width=400, height=30)
    assert play(make_config(), args) == 2
    err = capsys.readouterr().err
    assert err == ("error: a 400x30 board does not fit on this 1280x1024 screen: at 4 pixels a cell it holds "
                   "at most 312x225 cells\n")
    assert not pygame.display.get_init()


def test_the_game_and_the_replays_take_their_pixels_from_one_rule():
    assert config.cell_pixels(50, 16, 12, (1248, 900)) == 50
    assert config.cell_pixels(50, 30, 30, (1248, 900)) == 30
    assert config.cell_pixels(50, 2000, 10, (800, 800)) == 1  # never under one pixel


# -- the window's identity and a missing display ------------------------------------------------

def test_the_window_has_its_own_icon_and_class(monkeypatch):
    icons = []
    monkeypatch.setattr(pygame.display, "set_icon", icons.append)
    app = App(make_config())
    try:
        assert len(icons) == 1
        colours = {tuple(icons[0].get_at((x, y)))[:3] for x in range(icons[0].get_width())
                   for y in range(icons[0].get_height())}
        assert {drawer.WHITE, drawer.BLACK, drawer.RED, drawer.GREEN} <= colours
        assert os.environ["SDL_VIDEO_X11_WMCLASS"] == "snake"  # set before pygame opened the display
        assert app.say.caption().startswith("Snake")
    finally:
        pygame.display.quit()


def without_display():
    env = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY", "SDL_VIDEODRIVER")}
    env["SDL_AUDIODRIVER"] = "dummy"
    return env


def test_no_display_is_one_line_suggesting_headless():
    done = subprocess.run([sys.executable, os.path.join(ROOT, "main.py")], env=without_display(),
                          capture_output=True, text=True, timeout=30)
    assert done.returncode == 1
    assert done.stderr.count("\n") == 1 and "--headless" in done.stderr and "no display" in done.stderr


def test_a_display_nobody_serves_is_one_line_naming_it():
    env = dict(without_display(), DISPLAY=":31999")  # SDL would try Wayland, then draw off-screen
    env.pop("XDG_RUNTIME_DIR", None)  # Wayland's own complaint would be printed without it
    done = subprocess.run([sys.executable, os.path.join(ROOT, "main.py")], env=env,
                          capture_output=True, text=True, timeout=30)
    assert done.returncode == 1
    assert done.stderr == "error: cannot open the window: no X server answers at DISPLAY=:31999; try --headless\n"


# -- the loop's sleep --------------------------------------------------------------------------

@pytest.mark.parametrize("driver, hint", [("x11", "0"), ("windows", None), ("dummy", None)])
def test_x11_windows_use_the_native_framebuffer(monkeypatch, driver, hint):
    """The texture framebuffer SDL picks on X11 re-uploads the whole window on every update
    (most of the window's CPU under Xvfb, see docs/cpu_benchmark.py); X11's own copies just
    the rects. Other drivers keep SDL's choice: some have no framebuffer of their own."""
    monkeypatch.delenv("SDL_FRAMEBUFFER_ACCELERATION", raising=False)
    monkeypatch.setattr(pygame.display, "get_driver", lambda: driver)
    screen.native_framebuffer()
    assert os.environ.get("SDL_FRAMEBUFFER_ACCELERATION") == hint


def test_the_loop_never_sleeps_long_without_looking_at_the_keys(make_app, monkeypatch):
    """Slowest speed: the loop sleeps in slices of at most KEY_WAIT, and a key that arrives
    during a slice is handled at the very next wake, long before the tick."""
    assert loop.KEY_WAIT <= 0.05 / 2  # keys answered within 50 ms, with room for the work
    app = make_app(middle_game(RIGHT), speed=config.SPEED_MAX)
    pygame.event.clear()
    slept = []

    def sleep(seconds):
        slept.append(seconds)
        if len(slept) == 5:
            pygame.event.post(key(pygame.K_q))
    monkeypatch.setattr(app.loop, "sleep", sleep)
    assert app.run(max_seconds=30) == 0
    assert len(slept) == 5 and max(slept) <= loop.KEY_WAIT and app.game.steps == 0


# -- the real loop ----------------------------------------------------------------------------

def test_smoke_the_real_loop_with_posted_keys(make_app, monkeypatch):
    script = {2: [pygame.K_s], 3: [pygame.K_a], 5: [pygame.K_p], 7: [pygame.K_p], 9: [pygame.K_u, pygame.K_q]}
    app = make_app(middle_game(RIGHT, body=((3, 1), (2, 1), (1, 1))), speed=0.01)
    pygame.event.clear()
    real_tick, seen = app.tick, []

    def tick():
        moved = real_tick()
        seen.append(app.game.snake.head())
        for k in script.get(len(seen), []):
            pygame.event.post(key(k))
        return moved
    monkeypatch.setattr(app, "tick", tick)
    assert app.run(max_seconds=10) == 0
    assert seen[:9] == [(4, 1), (5, 1), (5, 2), (4, 2), (3, 2), (3, 2), (3, 2), (2, 2), (1, 2)]
    assert app.interval == config.SPEED_MIN  # U at the lower bound changes nothing
    assert app.game.state == PLAYING


def test_run_window_and_main_exit_0_on_q(monkeypatch, tmp_path):
    path = tmp_path / "config.json"
    path.write_text(json.dumps({"window-width": 80, "window-height": 60, "block-size": 10,
                                "speed": 0.05, "auto": True}))
    press_q_when(monkeypatch, lambda app: app.game.steps == 2)
    assert main.main(["--config", str(path)]) == 0
    assert not pygame.display.get_init()  # run_window shuts pygame down


# -- storms -----------------------------------------------------------------------------------

ALL_KEYS = sorted({value for name, value in vars(pygame).items()
                   if name.startswith("K_") and isinstance(value, int)})
GAME_KEYS = [pygame.K_w, pygame.K_a, pygame.K_s, pygame.K_d, pygame.K_u, pygame.K_i, pygame.K_p,
             pygame.K_r, pygame.K_RETURN, pygame.K_TAB, pygame.K_o, pygame.K_h, pygame.K_F1, pygame.K_SPACE,
             pygame.K_q, pygame.K_c, pygame.K_PERIOD, pygame.K_ESCAPE, pygame.K_UP, pygame.K_RIGHT, pygame.K_LEFT]
ODD_EVENTS = [pygame.event.Event(pygame.QUIT), pygame.event.Event(pygame.VIDEOEXPOSE),
              pygame.event.Event(pygame.MOUSEMOTION, pos=(1, 1), rel=(0, 0), buttons=(0, 0, 0)),
              pygame.event.Event(pygame.KEYDOWN), pygame.event.Event(pygame.KEYDOWN, key=-1),
              pygame.event.Event(pygame.USEREVENT + 1)]


def random_event(rng):
    roll = rng.random()
    if roll < 0.6:
        return key(rng.choice(GAME_KEYS))
    if roll < 0.95:
        return key(rng.choice(ALL_KEYS))
    return rng.choice(ODD_EVENTS)


def checked_tick(app):
    """One tick with the invariants the storm must never break."""
    game, snake = app.game, app.game.snake
    neck, steps = snake.neck(), game.steps
    moved = app.tick()
    if game is app.game and game.steps > steps:
        assert snake.head() != neck  # never back into its own neck
    assert config.SPEED_MIN <= app.interval <= config.SPEED_MAX
    if app.game.state == PLAYING:
        assert app.game.snake.valid()
    app.render()
    return moved


@pytest.mark.parametrize("seed", range(4))
def test_key_storm_never_crashes_or_reverses(make_app, tmp_path, monkeypatch, seed):
    monkeypatch.chdir(tmp_path)  # space writes logs here
    rng = random.Random(seed)
    app = make_app(auto=seed % 2 == 1, seed=seed)
    moves = 0
    for _ in range(3000):
        app.handle(random_event(rng))
        if rng.random() < 0.3:
            moves += checked_tick(app)
    assert app.exit_code == 0 and moves > 50  # the storm did play, not just sit paused


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.lists(st.tuples(st.sampled_from(GAME_KEYS + [None]), st.booleans()), max_size=150))
def test_key_sequences_keep_the_rules(make_app, tmp_path, monkeypatch, presses):
    monkeypatch.chdir(tmp_path)
    app = make_app(middle_game(RIGHT))
    for k, tick in presses:
        if k is not None:
            press(app, k)
        if tick:
            checked_tick(app)


def test_the_first_tick_is_due_an_interval_after_the_first_frame(make_app, monkeypatch):
    """Drawing the whole board at the start takes long on a big window; the clock starts
    once it is on the screen, so the first move is not counted late for it."""
    app = make_app(auto=True, speed=0.02)
    now = [100.0]  # the loop's own clock: a frame takes no time but the first, a sleep what it asks
    app.clock = lambda: now[0]
    monkeypatch.setattr(app.loop, "sleep", lambda seconds: now.__setitem__(0, now[0] + max(seconds, 0.0001)))
    real_render, frames = app.render, []

    def slow_first_render():
        frames.append(1)
        if len(frames) == 1:
            now[0] += 0.05  # two and a half intervals: late, were the clock started before it
        return real_render()
    monkeypatch.setattr(app, "render", slow_first_render)
    pygame.event.clear()
    app.run(max_ticks=3)
    assert app.loop.ticks == 3 and app.loop.late_ticks == 0 and app.loop.worst_lateness < 0.001


def test_key_storm_through_the_real_loop(make_app, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    rng = random.Random(99)
    app = make_app(auto=True, speed=0.01)
    real_tick = app.tick

    def tick():
        moved = real_tick()
        for _ in range(rng.randrange(8)):
            event = random_event(rng)
            if event.type == pygame.QUIT or getattr(event, "key", None) in (pygame.K_q, pygame.K_i, pygame.K_v):
                continue  # keep the loop running and quick (V ends the loop to reopen in versus play)
            pygame.event.post(event)
        return moved
    monkeypatch.setattr(app, "tick", tick)
    assert app.run(max_ticks=150, max_seconds=20) == 0
    assert app.running or app.reopen is not None  # still playing, or asked (the panel's Versus line) for another mode


def test_the_screenshot_script_draws_the_board(tmp_path):
    out = tmp_path / "shot.png"
    script = ["-m", "docs.make_screenshot"]  # from the checkout, as the docs run it
    done = subprocess.run([sys.executable, *script, "--ticks", "5", "--out", str(out)], cwd=ROOT,
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    picture = pygame.image.load(str(out))
    assert picture.get_size() == (800, 600 + labels.STRIP_HEIGHT)  # the board and the strip below it
    centres = [tuple(picture.get_at((x, y)))[:3] for x in range(25, 800, 50) for y in range(25, 600, 50)]
    assert centres.count(drawer.RED) == 1 and centres.count(drawer.GREEN) == 1
    assert centres.count(drawer.BLACK) >= 2  # at least the starting length, head aside
    assert centres.count(drawer.VIOLET) > 100  # hamilton's cycle, drawn through the free cells
    assert tuple(picture.get_at((795, 600 + labels.STRIP_HEIGHT // 2)))[:3] == labels.STRIP_BACK


def test_the_tick_benchmark_plays_the_real_loop_and_counts_late_ticks():
    script = ["-m", "docs.tick_benchmark"]  # from the checkout, as the docs run it
    done = subprocess.run([sys.executable, *script, "--seconds", "1", "--width", "20", "--height", "15",
                           "--speed", "0.02", "--start-fill", "0.5"], cwd=ROOT, capture_output=True, text=True,
                          timeout=60)
    assert done.returncode == 0, done.stderr
    figures = json.loads(done.stdout.strip().splitlines()[-1])
    # How many ticks come in time depends on the machine's load: the benchmark measures it; here
    # it is only held to be a count of the real loop's ticks.
    assert figures["ticks_due"] == 50 and 1 <= figures["ticks"] <= 51 and figures["moves"] == figures["ticks"]
    assert figures["length"] >= 150 and 0 <= figures["late_ticks"] <= figures["ticks"]


def test_a_tick_more_than_half_an_interval_behind_counts_as_late(make_app):
    app = make_app()
    app.interval = 0.01
    for seconds in (0.0, 0.004, 0.006, 0.02):
        app.loop.note_lateness(seconds)
    assert (app.loop.ticks, app.loop.late_ticks, app.loop.worst_lateness) == (4, 2, 0.02)
