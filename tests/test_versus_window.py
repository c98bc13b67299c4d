"""The window in versus play (window/versus.py) on the dummy display: two key sets in one storm of
events, the autopilot against a player's scripted keys, R/P/U/I, the end box and its mark, the
strip, the files of both snakes, best scores per mode, and V and the panel changing the mode."""
import json
import os

import pygame
import pytest

import config
from window.start import App, app_class, reopened, versus_start
from drawer import B_BODY, B_HEAD, BLACK, MARK, RED
from files import scores, versus_log, versus_replay
from snake import DOWN, LEFT, RIGHT, UP, Snake
from versus.duel import A, B, Duel
from window.versus import VersusApp
from windows import BLOCK, color, key, press

W, H = 10, 8


def make_config(**changes):
    data = {"window-width": W * BLOCK, "window-height": H * BLOCK, "block-size": BLOCK, "speed": 0.3,
            "auto": False, "seed": 7, "versus": "rival"}
    data.update(changes)
    return config.validate(data)


@pytest.fixture
def versus_app():
    apps = []

    def build(game=None, paused=False, **changes):
        app = VersusApp(make_config(**changes), game=game, paused=paused)
        apps.append(app)
        return app
    yield build
    pygame.display.quit()


def duel_at(a, a_dir, b, b_dir, fruit, width=W, height=H):
    duel = Duel(width, height, 2, seed=1)
    duel.restore([Snake(width, height, a, a_dir), Snake(width, height, b, b_dir)], fruit, 0, [0, 0])
    duel.from_start = True  # a round set up by hand, played as if from its start
    return duel


def test_the_player_steers_snake_a_with_wasd_or_the_arrows_against_the_solver(versus_app):
    app = versus_app()
    assert app.waiting == {A} and app.tick() is False  # the round waits for the player's first key
    press(app, pygame.K_s)
    assert app.tick() and app.game.snakes[A].direction() == DOWN
    press(app, pygame.K_RIGHT)  # the arrows steer A too when B is a solver's
    app.tick()
    assert app.game.snakes[A].direction() == RIGHT and app.seats[B].name == "rival"
    assert app.game.steps == 2 and len(app.game.moves[B]) == 2


def test_two_players_each_key_set_steers_its_own_snake_in_one_storm_of_events(versus_app):
    app = versus_app(versus="player")
    assert app.waiting == {A, B}
    app.render()
    assert "WASD" in app.canvas.texts[1][0][0] and "arrows" in app.canvas.texts[1][0][0]
    for event in (key(pygame.K_s), key(pygame.K_UP), key(pygame.K_d), key(pygame.K_LEFT)):
        pygame.event.post(event)
    for event in pygame.event.get():
        app.handle(event)
    assert app.waiting == set()
    assert list(app.game.turns[A]) == [DOWN, RIGHT] and list(app.game.turns[B]) == [UP, LEFT]
    app.tick()
    assert app.game.snakes[A].direction() == DOWN and app.game.snakes[B].direction() == UP
    app.tick()
    assert app.game.snakes[A].direction() == RIGHT and app.game.snakes[B].direction() == LEFT
    assert "A (black) WASD" in app.say.strip()[0] and "B (blue) arrows" in app.say.strip()[0]


def test_the_autopilot_plays_snake_a_against_the_solver_to_watch(versus_app):
    app = versus_app(auto=True, solver="rival")
    assert app.waiting == set() and app.seats[A].name == app.seats[B].name == "rival"
    while app.tick():
        pass
    assert app.game.over() and app.game.steps > 10


def test_p_pauses_both_r_starts_a_new_round_u_and_i_pace_both(versus_app):
    app = versus_app(auto=True, solver="greedy")
    press(app, pygame.K_p)
    assert app.tick() is False and app.game.steps == 0
    press(app, pygame.K_p)
    assert app.tick() and app.game.steps == 1
    press(app, pygame.K_u)
    assert app.interval == pytest.approx(0.24)
    press(app, pygame.K_i, pygame.K_i)
    assert app.interval == pytest.approx(0.375)
    first = app.game
    press(app, pygame.K_r)
    assert app.game is not first and app.game.steps == 0 and isinstance(app.game, Duel)


def test_the_end_of_a_round_says_who_won_and_why_and_rings_the_cell(versus_app):
    #  A runs into the right wall at (9, 0); B goes on
    duel = duel_at([(9, 0), (8, 0)], RIGHT, [(2, 6), (3, 6)], LEFT, (5, 4))
    app = versus_app(game=duel)
    app.waiting = set()
    app.tick()
    assert duel.over() and duel.winner == B
    app.render()
    place, forms = app.canvas.texts
    assert forms[0][0] == "B WON: A ran into the wall" and "A (you) 2, B (rival) 2 in 1 move" in forms[0][1]
    assert app.canvas.marks == ((9, 0),)
    x, y = 9 * BLOCK, 0 * BLOCK
    assert tuple(app.screen.get_at((x, y + BLOCK // 2)))[:3] == MARK  # the ring's left side
    assert not app.canvas.labels[0].rect.colliderect(pygame.Rect(x, y, BLOCK, BLOCK))  # the box leaves it in view
    assert "B won" in pygame.display.get_caption()[0]


def test_in_a_small_window_the_end_box_shortens_to_leave_the_mark_and_the_heads_in_view(versus_app):
    duel = duel_at([(7, 2), (6, 2)], RIGHT, [(6, 4), (7, 4), (7, 3)], LEFT, (4, 0), width=8, height=6)
    app = versus_app(duel, versus="player", **{"window-width": 200, "window-height": 150, "block-size": 25})
    press(app, pygame.K_d, pygame.K_LEFT)
    app.tick()  # A into the right wall
    app.render()
    assert app.game.marks == [(7, 2)]
    box = app.canvas.labels[0].rect
    for cell in [(7, 2), app.game.snakes[B].head(), (4, 0)]:
        assert not box.colliderect(pygame.Rect(cell[0] * 25, cell[1] * 25, 25, 25)), cell
    assert app.canvas.texts[1][0][0].startswith("B WON")


@pytest.mark.parametrize("a, a_dir, b, b_dir, fruit, moves, says", [
    ([(4, 3), (3, 3)], RIGHT, [(6, 3), (7, 3)], LEFT, (0, 0), (RIGHT, LEFT), "DRAW: head to head, equal lengths"),
    ([(4, 3), (3, 3)], RIGHT, [(5, 3), (6, 3)], LEFT, (0, 0), (RIGHT, LEFT), "DRAW: the heads swapped cells"),
    ([(5, 2), (4, 2)], RIGHT, [(4, 3), (5, 3), (6, 3)], LEFT, (0, 0), (DOWN, DOWN), "B WON: A ran into B's body"),
])
def test_each_way_a_round_ends_is_said(versus_app, a, a_dir, b, b_dir, fruit, moves, says):
    duel = duel_at(a, a_dir, b, b_dir, fruit)
    duel.step(moves)
    app = versus_app(game=duel)
    app.render()
    assert app.canvas.texts[1][0][0].startswith(says)


def test_snake_b_has_its_own_colours(versus_app):
    app = versus_app()
    press(app, pygame.K_d)  # the round starts: no box on the board
    app.render()
    head_b, tail_b = app.game.snakes[B].head(), app.game.snakes[B].body[1]
    assert color(app.screen, head_b) == B_HEAD and color(app.screen, tail_b) == B_BODY
    assert color(app.screen, app.game.snakes[A].head()) == RED and color(app.screen, (1, 0)) == BLACK


def test_the_strip_shows_both_lengths_and_both_drivers(versus_app):
    app = versus_app()
    assert app.say.strip()[0].startswith("A (black) you: 3   B (blue) rival: 3   0 moves")
    assert app.say.strip()[-1] == "A 3  B 3"


def test_space_writes_a_versus_log_that_loads_back_as_the_same_moment(versus_app, tmp_path, monkeypatch, capsys):
    monkeypatch.chdir(tmp_path)
    app = versus_app()
    press(app, pygame.K_d)
    for _ in range(4):
        app.tick()
    press(app, pygame.K_SPACE)
    path = capsys.readouterr().out.split("debug log written: ")[1].strip()
    conf, duel, drivers = versus_log.load(versus_log.read(path), path)
    assert drivers == ["player", "rival"] and conf["versus"] == "rival"
    for side in (A, B):
        assert duel.snakes[side].body == app.game.snakes[side].body
    assert duel.fruit.last_generate == app.game.fruit.last_generate and duel.steps == 4


def test_a_log_of_a_round_whose_last_tick_was_a_meal_loads_back(versus_app, tmp_path, monkeypatch, capsys):
    monkeypatch.chdir(tmp_path)
    # A runs into the top wall on the tick B eats the fruit beside its head
    app = versus_app(duel_at([(3, 0), (3, 1)], UP, [(6, 5), (7, 5)], LEFT, (5, 5)), versus="player")
    press(app, pygame.K_w, pygame.K_LEFT)
    app.tick()
    assert app.game.over() and app.game.winner == B and app.game.snakes[B].head() == (5, 5)
    press(app, pygame.K_SPACE)
    path = capsys.readouterr().out.split("debug log written: ")[1].strip()
    _, duel, _ = versus_log.load(versus_log.read(path), path)
    assert duel.over() and duel.winner == B and len(duel.snakes[B]) == 3
    going_on = versus_log.read(path)
    going_on["snakes"][0]["body"] = [[3, 1], [3, 2]]  # A back on the board: a round that would go on
    with pytest.raises(versus_log.DebugLogError, match=r"the fruit \[5, 5\] is under a head of a round that goes on"):
        versus_log.load(going_on, path)


def test_g_saves_a_versus_replay_that_reads_back_and_plays_the_same_round(versus_app, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    app = versus_app(auto=True, solver="rival")
    while app.tick():
        pass
    press(app, pygame.K_g)
    name, = [n for n in os.listdir(tmp_path) if n.startswith("versus-")]
    rep = versus_replay.load(str(tmp_path / name))
    assert rep.snakes == ("rival", "rival") and rep.lengths == tuple(len(s) for s in app.game.snakes)
    assert versus_replay.play_back(rep).marks == app.game.marks


def test_a_damaged_versus_replay_is_refused_in_one_line(tmp_path):
    rep = versus_replay.VersusReplay.of(Duel(8, 6, 3, seed=2), ("rival", "player"))
    data = json.loads(rep.to_json())
    data["moves"] = ["R", "LL"]
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(data))
    with pytest.raises(versus_replay.ReplayError, match="both move on every tick"):
        versus_replay.load(str(path))


def test_best_scores_are_kept_per_mode(versus_app, tmp_path):
    book = scores.ScoreBook(str(tmp_path / "scores.json"))
    app = VersusApp(make_config(auto=True, solver="greedy"), score_book=book)
    while app.tick():
        pass
    versus = json.loads((tmp_path / "versus-scores.json").read_text())["tables"][f"{W}x{H} start 3"]
    assert set(versus) == {"greedy against rival", "rival against greedy"}
    assert not (tmp_path / "scores.json").exists()  # single play's table has no versus round


def test_v_goes_from_single_play_to_versus_and_back(make_app):
    app = make_app()
    press(app, pygame.K_v)
    assert not app.running and app.reopen["versus"] == "rival"
    again = reopened(app, scores.ScoreBook(), None)
    assert isinstance(again, VersusApp) and again.opponent == "rival"
    press(again, pygame.K_v)
    assert again.reopen["versus"] == "player"
    players = reopened(again, scores.ScoreBook(), None)
    assert players.two_players
    press(players, pygame.K_v)
    assert "versus" not in players.reopen
    assert not isinstance(reopened(players, scores.ScoreBook(), None), VersusApp)


@pytest.mark.parametrize("versus", ["rival", "player"])
def test_versus_play_from_a_config_with_the_autopilot_on_starts_with_the_player_on_snake_a(versus_app, versus):
    from argparse import Namespace
    shipped_like = make_config(auto=True, versus=versus)
    started = versus_start(shipped_like, Namespace(solver=None))
    app = versus_app(**{key: started[key] for key in ("auto", "versus")})
    assert not app.auto and app.seats[A] is None and A in app.waiting
    assert app.say.strip()[0].startswith("A (black) " + ("WASD" if versus == "player" else "you"))
    assert versus_start(shipped_like, Namespace(solver="greedy"))["auto"] is True  # --solver: to watch
    assert versus_start(make_config(auto=True, versus=None), Namespace(solver=None))["auto"] is True


def test_v_from_single_play_with_the_autopilot_driving_gives_snake_a_to_the_player(make_app):
    app = make_app(auto=True)
    press(app, pygame.K_v)
    assert app.reopen["versus"] == "rival" and app.reopen["auto"] is False
    again = reopened(app, scores.ScoreBook(), None)
    assert again.seats[A] is None and "you against rival" in again.note[0]


def test_the_panels_versus_line_starts_with_the_player_on_snake_a_unless_its_autopilot_line_changed(make_app):
    app = make_app(auto=True)
    press(app, pygame.K_ESCAPE, pygame.K_UP, pygame.K_RIGHT, pygame.K_RETURN)  # the last line: versus
    assert app.reopen["versus"] == "player" and app.reopen["auto"] is False
    app = make_app(auto=False)
    press(app, pygame.K_ESCAPE, *[pygame.K_DOWN] * 4, pygame.K_RIGHT,  # Autopilot: on
          *[pygame.K_DOWN] * 3, pygame.K_RIGHT, pygame.K_RIGHT, pygame.K_RETURN)  # Versus: the first solver
    assert app.reopen["versus"] is not None and app.reopen["auto"] is True


def test_each_press_of_v_names_the_mode_it_goes_to_not_the_one_before(make_app):
    app = make_app()
    for says in ("you against rival", "WASD against the arrows", "Single play"):
        press(app, pygame.K_v)
        app = reopened(app, scores.ScoreBook(), None)
        assert says in app.note[0]


def test_the_panels_versus_line_chooses_the_mode(make_app):
    app = make_app()
    press(app, pygame.K_ESCAPE, *[pygame.K_UP], pygame.K_RIGHT, pygame.K_RETURN)  # the last line: versus
    assert app.reopen is not None and app.reopen["versus"] == "player"


def test_a_board_too_small_for_two_snakes_stays_single_with_a_note(make_app):
    app = make_app(**{"window-width": 30, "window-height": 10, "block-size": 10, "initial-length": 2})
    press(app, pygame.K_v)
    again = reopened(app, scores.ScoreBook(), None)
    assert not isinstance(again, VersusApp) and "No versus play here" in again.note[0]


def test_a_player_snake_whose_opponent_fails_is_told(versus_app, monkeypatch):
    from solvers.guard import SolverFailed
    app = versus_app()
    press(app, pygame.K_d)

    def fail():
        raise SolverFailed("rival", "next_direction", 0, "raised RuntimeError: no")
    monkeypatch.setattr(app.seats[B], "next_direction", fail)
    app.tick()
    assert app.seats[B] is None and app.failures[B] is not None and app.game.steps == 1
    assert "B nobody" in app.say.strip()[1] and "rival failed" in app.note[0]
    press(app, pygame.K_r)  # a new round asks the opponent again
    assert app.seats[B] is not None and app.seats[B].name == "rival"


def test_o_draws_the_opponents_planned_path_while_the_player_drives_and_says_so_when_none_plans_one(versus_app):
    app = versus_app()  # you against rival
    press(app, pygame.K_o, pygame.K_s)
    app.tick()
    assert app.note is None and app.overlays.path_cells()  # rival's path, drawn
    app = versus_app(versus="player")
    press(app, pygame.K_o)
    assert app.note is not None and "none plans one" in app.note[0] and not app.overlays.path_cells()


def test_help_says_which_keys_steer_which_snake(versus_app):
    app = versus_app(versus="player")
    press(app, pygame.K_h)
    app.render()
    rows = app.canvas.texts[1][0]
    assert ("W A S D", "steer snake A (black, red head)") in rows
    assert ("arrows", "steer snake B (blue, orange head)") in rows
    assert app.tick() is False  # the round holds still under help


def test_a_board_too_small_for_two_snakes_is_refused_in_one_line(capsys):
    import main
    assert main.main(["--versus", "rival", "--width", "3", "--height", "1", "--initial-length", "2"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "versus play: two snakes of length 2 do not fit on one row of 3 cells" in err


def test_an_old_config_plays_single_and_versus_says_the_mode():
    base = {"window-width": 80, "window-height": 60, "block-size": 10, "speed": 0.3, "auto": True}
    assert "versus" not in config.validate(base) and "versus" not in config.validate(dict(base, versus=None))
    assert app_class(config.validate(base)) is App
    assert config.validate(dict(base, versus="player"))["versus"] == "player"
    assert app_class(config.validate(dict(base, versus="rival"))) is VersusApp
    with pytest.raises(config.ConfigError, match='"versus" must be null, "player" or a solver, got 5'):
        config.validate(dict(base, versus=5))
    with pytest.raises(config.ConfigError, match='"versus": no solver \'astar\''):
        config.validate(dict(base, versus="astar"))


@pytest.mark.parametrize("side", [A, B])
def test_a_cell_one_tail_leaves_and_the_other_head_takes_is_painted_as_the_head(versus_app, side):
    #  a A B .       one snake's head steps onto the cell the other's tail leaves on the same tick;
    #  . . b .       the cell must show the head, whichever snake moved (and was painted) first
    #  . . b .
    mover = [(1, 0), (0, 0)]
    leaver = [(3, 2), (3, 1), (2, 1), (2, 0)]  # its tail (2, 0) leaves as it goes down
    bodies = (mover, leaver) if side == A else (leaver, mover)
    headings = (RIGHT, DOWN) if side == A else (DOWN, RIGHT)
    duel = duel_at(bodies[0], headings[0], bodies[1], headings[1], (7, 7))
    app = versus_app(game=duel, versus="player")
    app.waiting = set()
    app.render()
    app.tick()
    app.render()
    assert not duel.over() and duel.snakes[side].head() == (2, 0)
    assert color(app.screen, (2, 0)) == (RED if side == A else B_HEAD)


def test_a_versus_round_records_as_a_gif_with_both_snakes_and_the_ring(tmp_path):
    pytest.importorskip("PIL")
    from PIL import Image

    from files import gif
    from versus.rounds import RoundSpec, play_round
    rep = play_round(RoundSpec(8, 6, 3, "rival", "greedy", 2, keep=True))["replay"]
    path = tmp_path / "round.gif"
    count, every, _ = gif.write_gif(rep, str(path), 10, 0.05)
    assert count == len(rep.moves[0]) + 1 and every == 1
    with Image.open(path) as image:
        first = {colour for _, colour in image.convert("RGB").getcolors(10000)}
        image.seek(count - 1)
        last = {colour for _, colour in image.convert("RGB").getcolors(10000)}
    assert {B_BODY, B_HEAD, BLACK, RED} <= first and {B_BODY, MARK, BLACK, RED} <= last


def test_the_window_records_its_versus_round_with_both_snakes(versus_app, tmp_path, monkeypatch, capsys):
    pytest.importorskip("PIL")
    from PIL import Image

    import main
    monkeypatch.chdir(tmp_path)
    app = versus_app(auto=True, solver="rival")
    app.saves.gif_args = main.parse_args(["--record", "v.gif", "--record-speed", "0.02"])
    while app.tick():
        pass
    assert app.game.over() and capsys.readouterr().out.startswith("recorded v.gif: ")
    with Image.open(tmp_path / "v.gif") as image:
        assert image.n_frames == app.game.steps + 1
        first = {colour for _, colour in image.convert("RGB").getcolors(10000)}
    assert {B_BODY, B_HEAD, BLACK, RED} <= first  # both snakes, from the round's first frame
