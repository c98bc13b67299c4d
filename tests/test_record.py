"""Recordings: animated GIFs drawn by the game's drawers, read back with Pillow frame by frame."""
import builtins
import json
import math
import os
import subprocess
import sys

import pygame
import pytest
from PIL import Image

from headless.figures import Timing
from headless.games import play as headless_play
import drawer
import main
from window.start import App
from files import gif
from files import replay
import solvers
from drawer import BLACK, GREEN, RED, WHITE
from game import Game, LOST, WON
from test_replay import lost_game
from windows import fake_solver, make_config, press_q_when

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
CELL = 10


def played(width, height, length, solver_name, seed, max_steps=None):
    game = Game(width, height, length, seed)
    headless_play(game, solvers.make(solver_name, game), max_steps or 100 * width * height,
               Timing(), soak=False)
    return replay.Replay.of(game, solver_name)


def gif_frames(path):
    """Every frame of the GIF as shown (RGB, transparency applied), and each frame's duration in ms."""
    with Image.open(path) as image:
        frames, durations = [], []
        for index in range(image.n_frames):
            image.seek(index)
            frames.append(image.convert("RGB"))
            durations.append(image.info.get("duration"))
    return frames, durations


def cells_of(picture, width, height, cell=CELL):
    """The colour at the middle of each cell, row by row."""
    return [[picture.getpixel((x * cell + cell // 2, y * cell + cell // 2)) for x in range(width)]
            for y in range(height)]


def expected_cells(game, crashed_head=None):
    """What the drawers show for `game`: the head red, the body black, the fruit green."""
    head = crashed_head or game.snake.head()
    rows = []
    for y in range(game.height):
        row = []
        for x in range(game.width):
            cell = (x, y)
            if cell == head:
                row.append(RED)
            elif game.snake.at(cell):
                row.append(BLACK)
            elif cell == game.fruit.last_generate:
                row.append(GREEN)
            else:
                row.append(WHITE)
        rows.append(row)
    return rows


def positions(rep, every):
    """The game after each frame's move: the start, every `every` moves, and the end."""
    game = rep.start()
    shown = [expected_cells(game)]
    for n, letter in enumerate(rep.moves, 1):
        head = game.snake.head()
        game.snake.turn(replay.LETTER_DIRECTION[letter])
        game.step()
        if n % every == 0 or n == len(rep.moves):
            crashed = head if game.state == LOST and not game.snake.on_board(game.snake.head()) else None
            shown.append(expected_cells(game, crashed))
    return shown


# -- the GIF itself ---------------------------------------------------------------------------------

def test_first_frame_is_the_starting_snake_and_last_a_full_board(tmp_path):
    rep = played(6, 5, 3, "hamilton", 4)
    path = str(tmp_path / "won.gif")
    gif.save(rep, path, {"block-size": CELL, "speed": 0.05})
    frames, durations = gif_frames(path)
    assert len(frames) == 1 + len(rep.moves)  # one frame per move, and the start
    assert frames[0].size == (60, 50)
    first = cells_of(frames[0], 6, 5)
    assert first[0][:3] == [BLACK, BLACK, RED]  # the spec's start: tail (0, 0), head (2, 0)
    assert sum(row.count(GREEN) for row in first) == 1
    assert [cell for row in first for cell in row].count(WHITE) == 30 - 4
    last = cells_of(frames[-1], 6, 5)
    assert rep.outcome == WON and sum(row.count(BLACK) for row in last) == 29
    assert sum(row.count(RED) for row in last) == 1 and all(WHITE not in row for row in last)
    assert durations[:-1] == [50] * (len(frames) - 1) and durations[-1] == 2000  # the end is held


@pytest.mark.parametrize("solver_name, every", [("greedy", 1), ("hamilton", 3), ("greedy", 7)])
def test_every_frame_shows_the_board_of_its_move(tmp_path, solver_name, every):
    rep = played(7, 5, 3, solver_name, 2)
    path = str(tmp_path / "game.gif")
    gif.save(rep, path, {"block-size": CELL, "speed": 0.3}, every=every)
    frames, durations = gif_frames(path)
    expected = positions(rep, every)
    assert len(frames) == len(expected) == 1 + math.ceil(len(rep.moves) / every)
    assert [cells_of(frame, 7, 5) for frame in frames] == expected
    assert set(durations[:-1]) == {300}


def test_a_lost_game_ends_with_the_crash(tmp_path):
    game = lost_game()
    rep = replay.Replay.of(game, "crasher")
    path = str(tmp_path / "lost.gif")
    gif.save(rep, path, {"block-size": CELL, "speed": 0.1})
    frames, _ = gif_frames(path)
    assert [cells_of(f, 7, 7) for f in frames] == positions(rep, 1)


def test_the_automatic_step_keeps_the_frames_few(tmp_path, monkeypatch):
    monkeypatch.setattr(gif, "MAX_FRAMES", 40)
    rep = played(6, 6, 3, "greedy", 3)
    assert len(rep.moves) > 100
    line = gif.save(rep, str(tmp_path / "a.gif"), {"block-size": 4, "speed": 0.02})
    every = math.ceil(len(rep.moves) / 40)
    frames, _ = gif_frames(str(tmp_path / "a.gif"))
    assert len(frames) == 1 + math.ceil(len(rep.moves) / every) <= 41
    assert f"one every {every} moves" in line


def test_frames_are_at_least_two_hundredths_of_a_second(tmp_path):
    rep = played(4, 4, 2, "hamilton", 1)
    gif.save(rep, str(tmp_path / "a.gif"), {"block-size": 4, "speed": 0.01})
    _, durations = gif_frames(str(tmp_path / "a.gif"))
    assert min(durations) == 20


def test_a_big_board_gets_smaller_cells(tmp_path):
    rep = replay.Replay(120, 90, 3, ((50, 50),), "RR", "stuck")
    line = gif.save(rep, str(tmp_path / "a.gif"), {"block-size": 50, "speed": 0.1})
    with Image.open(str(tmp_path / "a.gif")) as image:
        assert image.size == (720, 540) and image.n_frames == 3  # 6-pixel cells: at most 800 wide
    assert "720x540 pixels" in line


def test_an_existing_file_is_never_replaced(tmp_path):
    target = tmp_path / "taken.gif"
    target.write_bytes(b"mine")
    with pytest.raises(replay.ReplayError, match="already exists"):
        gif.save(played(4, 4, 2, "hamilton", 1), str(target), {"block-size": 4, "speed": 0.1})
    assert target.read_bytes() == b"mine" and os.listdir(tmp_path) == ["taken.gif"]


def test_without_pillow_recording_is_one_line(monkeypatch):
    real_import = builtins.__import__

    def no_pil(name, *args, **kwargs):
        if name == "PIL" or name.startswith("PIL."):
            raise ImportError("No module named 'PIL'")
        return real_import(name, *args, **kwargs)
    monkeypatch.setattr(builtins, "__import__", no_pil)
    with pytest.raises(replay.ReplayError, match="pip install Pillow"):
        gif.pillow()


def run_main(*flags, cwd, python_code=None):
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", PYGAME_HIDE_SUPPORT_PROMPT="1")
    command = [sys.executable, os.path.join(ROOT, "main.py"), *flags]
    if python_code:  # run main.py after `python_code`, e.g. to hide a package
        command = [sys.executable, "-c", python_code + f"; import runpy, sys; sys.path.insert(0, {ROOT!r}); "
                   f"sys.argv = {command[1:]!r}; runpy.run_path(sys.argv[0], run_name='__main__')"]
    return subprocess.run(command, capture_output=True, text=True, cwd=cwd, env=env, timeout=120)


def test_the_game_runs_without_pillow_and_record_says_what_to_install(tmp_path):
    hide = "import sys; sys.modules['PIL'] = None"
    done = run_main("--headless", "--games", "2", "--width", "4", "--height", "4", cwd=str(tmp_path),
                    python_code=hide)
    assert done.returncode == 0, done.stderr
    done = run_main("--headless", "--games", "1", "--width", "4", "--height", "4", "--record", "a.gif",
                    cwd=str(tmp_path), python_code=hide)
    assert done.returncode == 2 and "pip install Pillow" in done.stderr and done.stderr.count("\n") == 1
    assert os.listdir(tmp_path) == []


# -- the three ways to record ---------------------------------------------------------------------

def test_headless_games_1_records_the_game(tmp_path):
    done = run_main("--headless", "--games", "1", "--width", "6", "--height", "4", "--solver", "hamilton",
                    "--seed", "8", "--record", "h.gif", "--record-speed", "0.04", "--record-every", "2",
                    cwd=str(tmp_path))
    assert done.returncode == 0, done.stderr
    result = json.loads(done.stdout.strip().splitlines()[-1])  # stdout still ends with the figures
    assert result["wins"] == 1
    frames, durations = gif_frames(str(tmp_path / "h.gif"))
    assert len(frames) == 1 + math.ceil(result["moves"] / 2)
    assert durations[0] == 40 and durations[-1] == 2000
    assert "recorded h.gif" in done.stderr and os.listdir(tmp_path) == ["h.gif"]
    last = cells_of(frames[-1], 6, 4, cell=50)  # the config's block-size
    assert sum(row.count(BLACK) for row in last) == 23


def test_a_replay_file_is_recorded_without_a_window(tmp_path):
    rep = played(5, 4, 2, "hamilton", 6)
    path = replay.write(rep, str(tmp_path))[0]
    done = run_main("--replay", path, "--record", "r.gif", "--record-cell", "10", cwd=str(tmp_path),
                    python_code="import pygame; pygame.display.init = None")  # no window may open
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("recorded r.gif: ") and done.stderr == ""
    frames, durations = gif_frames(str(tmp_path / "r.gif"))
    assert [cells_of(f, 5, 4) for f in frames] == positions(rep, 1)
    assert set(durations[:-1]) == {300}  # the config's speed
    plays = f"a GIF that plays for {sum(durations) / 1000:,.1f} s, {len(frames)} frames (every move)"
    assert plays in done.stdout and "(made in " in done.stdout  # how long it plays, not how long it took


def test_the_window_records_its_first_game_until_it_ends(tmp_path, monkeypatch, capsys):
    monkeypatch.chdir(tmp_path)
    app = App(make_config(auto=True), make_solver=fake_solver)
    try:
        app.saves.gif_args = main.parse_args(["--record", "w.gif", "--record-speed", "0.02"])
        app.render()
        while app.tick():
            app.render()
        assert app.game.state == WON and os.path.exists("w.gif")
        assert capsys.readouterr().out.startswith("recorded w.gif: ")
        moves = app.game.steps
        app.restart()  # a second game is not recorded
        for _ in range(5):
            app.tick()
        app.saves.finish_gif()
    finally:
        pygame.display.quit()
    frames, _ = gif_frames("w.gif")
    assert len(frames) == 1 + moves and os.listdir(tmp_path) == ["w.gif"]
    assert sum(row.count(BLACK) for row in cells_of(frames[-1], 8, 6)) == 47


def test_the_window_records_until_it_closes(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    cfg = tmp_path / "config.json"
    cfg.write_text(json.dumps({"window-width": 80, "window-height": 60, "block-size": 10,
                               "speed": 0.01, "auto": True, "seed": 3}))
    press_q_when(monkeypatch, lambda app: app.game.steps == 12)
    assert main.main(["--config", str(cfg), "--record", "closed.gif"]) == 0
    frames, _ = gif_frames("closed.gif")
    assert len(frames) == 13  # the start and the 12 moves before Q
    first = cells_of(frames[0], 8, 6)
    assert first[0][:3] == [BLACK, BLACK, RED]


def test_the_window_refuses_a_record_file_that_exists(tmp_path):
    (tmp_path / "x.gif").write_bytes(b"keep")
    done = run_main("--record", "x.gif", cwd=str(tmp_path))
    assert done.returncode == 2 and "already exists" in done.stderr
    assert (tmp_path / "x.gif").read_bytes() == b"keep"


# -- the off-screen board ---------------------------------------------------------------------------

def test_changed_pixels_clears_all_but_the_rects():
    surface = drawer.offscreen((40, 30))
    surface.fill(BLACK)
    rects = [pygame.Rect(0, 0, 10, 10), pygame.Rect(30, 20, 10, 10)]
    box, pixels = drawer.changed_pixels(surface, rects)
    assert box == pygame.Rect(0, 0, 40, 30) and len(pixels) == 40 * 30
    black, clear = drawer.PALETTE.index(BLACK), drawer.PALETTE.index(drawer.CLEAR)
    assert pixels[0] == black and pixels[39 * 1 + 30 * 0] == clear and pixels[-1] == black
    assert pixels.count(bytes([black])) == 200 and pixels.count(bytes([clear])) == 1200 - 200
    assert drawer.changed_pixels(surface, []) == (pygame.Rect(0, 0, 1, 1), bytes([clear]))


def test_the_off_screen_board_needs_no_display():
    pygame.display.quit()
    surface = drawer.offscreen((20, 10))
    surface.fill(RED, pygame.Rect(10, 0, 10, 10))
    pixels = drawer.palette_pixels(surface, surface.get_rect())
    assert pixels[:20] == bytes([0] * 10 + [drawer.PALETTE.index(RED)] * 10)
    assert not pygame.display.get_init()
