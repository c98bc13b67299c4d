"""The debug log: complete, atomic, never overwriting, and loadable back into the same moment."""
import json
import os

import pytest

import config
from files import atomic, debuglog
from game import Game
from snake import DOWN, RIGHT

CONFIG = config.validate({"window-width": 400, "window-height": 300, "block-size": 50,
                          "speed": 0.3, "auto": False, "seed": 11})


def read(path):
    with open(path, encoding="utf-8") as f:
        return f.read()


def played_game(moves=(RIGHT, RIGHT, DOWN, DOWN)):
    game = Game(8, 6, 3, seed=11)
    for direc in moves:
        game.snake.turn(direc)
        game.step()
    return game


def test_log_holds_the_whole_moment(tmp_path):
    game = played_game()
    path = debuglog.write(game, CONFIG, directory=str(tmp_path))
    name = os.path.basename(path)
    assert name.startswith("output_") and name.endswith(".log")
    data = json.loads(read(path))
    assert data["config"] == CONFIG
    assert data["step"] == 4 and data["length"] == len(game.snake)
    assert data["direction"] == "down" and data["seed"] == 11
    assert [tuple(c) for c in data["body"]] == list(game.snake.body)
    assert tuple(data["fruit"]) == game.fruit.where()
    picture = data["picture"]
    assert len(picture) == 6 and all(len(row) == 8 for row in picture)
    hx, hy = game.snake.head()
    fx, fy = game.fruit.where()
    assert picture[hy][hx] == "H" and picture[fy][fx] == "*"
    assert sum(row.count("o") for row in picture) == len(game.snake) - 2


def test_hash_names_the_content_and_nothing_is_overwritten(tmp_path):
    game = played_game()
    first = debuglog.write(game, CONFIG, directory=str(tmp_path))
    mtime = os.stat(first).st_mtime_ns
    assert debuglog.write(game, CONFIG, directory=str(tmp_path)) == first
    assert os.stat(first).st_mtime_ns == mtime
    game.step()
    second = debuglog.write(game, CONFIG, directory=str(tmp_path))
    assert second != first
    assert sorted(os.listdir(tmp_path)) == sorted([os.path.basename(first), os.path.basename(second)])


def test_existing_file_with_that_name_is_kept(tmp_path, monkeypatch):
    game = played_game()
    path = debuglog.write(game, CONFIG, directory=str(tmp_path))
    with open(path, "w") as f:
        f.write("precious")
    debuglog.write(game, CONFIG, directory=str(tmp_path))
    assert read(path) == "precious"


def test_failed_write_is_one_line_and_leaves_nothing(tmp_path, monkeypatch):
    def full_disk(fd):
        raise OSError(28, "No space left on device")
    monkeypatch.setattr(os, "fsync", full_disk)
    with pytest.raises(debuglog.DebugLogError, match="No space left on device") as info:
        debuglog.write(played_game(), CONFIG, directory=str(tmp_path))
    assert "\n" not in str(info.value)
    assert os.listdir(tmp_path) == []


def test_missing_directory_is_one_line(tmp_path):
    with pytest.raises(debuglog.DebugLogError, match="cannot write debug log"):
        debuglog.write(played_game(), CONFIG, directory=str(tmp_path / "gone"))


@pytest.mark.skipif(os.geteuid() == 0, reason="root writes anywhere")
def test_read_only_directory_is_one_line(tmp_path):
    os.chmod(tmp_path, 0o500)
    try:
        with pytest.raises(debuglog.DebugLogError):
            debuglog.write(played_game(), CONFIG, directory=str(tmp_path))
    finally:
        os.chmod(tmp_path, 0o700)


def test_load_restores_the_moment_and_its_future(tmp_path):
    game = played_game()
    path = debuglog.write(game, CONFIG, directory=str(tmp_path))
    loaded_config, loaded = debuglog.load(path)
    assert loaded_config == CONFIG
    assert list(loaded.snake.body) == list(game.snake.body)
    assert loaded.snake.direction() == game.snake.direction()
    assert loaded.fruit.where() == game.fruit.where()
    assert (loaded.steps, loaded.eaten, loaded.state) == (game.steps, game.eaten, game.state)
    # The same moves from here place the same fruits: the RNG state came back too.
    for g in (game, loaded):
        for direc in (DOWN, RIGHT, RIGHT, RIGHT, DOWN, DOWN):
            g.snake.turn(direc)
            g.step()
    assert list(loaded.snake.body) == list(game.snake.body)
    assert loaded.fruit.where() == game.fruit.where()


def test_load_lost_game(tmp_path):
    game = Game(8, 6, 3, seed=1)
    game.fruit.last_generate = (3, 3)
    for _ in range(6):
        game.step()
    assert game.state == "lost"
    _, loaded = debuglog.load(debuglog.write(game, CONFIG, directory=str(tmp_path)))
    assert loaded.state == "lost"


@pytest.mark.parametrize("mutate, words", [
    (lambda d: d.update(format="other"), "not a debug log"),
    (lambda d: d.update(body=[[0, 0], [2, 0]]), "not adjacent"),
    (lambda d: d.update(body=[]), "no body"),
    (lambda d: d.update(body=[[0, 0], [1, 0], [1, 1], [0, 1], [0, 0], [1, 0]]), "crosses itself"),
    (lambda d: d.update(fruit=d["body"][1]), "not on a free cell"),
    (lambda d: d.update(direction="north"), "direction"),
    (lambda d: d.update(step="many"), '"step"'),
    (lambda d: d["config"].update(speed="fast"), "speed"),
    (lambda d: d.update(rng_state=[3, [1, 2], None]), "rng_state"),
])
def test_bad_log_is_one_line(tmp_path, mutate, words):
    data = json.loads(read(debuglog.write(played_game(), CONFIG, directory=str(tmp_path))))
    mutate(data)
    bad = tmp_path / "bad.log"
    bad.write_text(json.dumps(data))
    with pytest.raises(debuglog.DebugLogError, match=words) as info:
        debuglog.load(str(bad))
    assert "\n" not in str(info.value)


@pytest.mark.parametrize("content", [b"", b"{", b"[]", b"\xff"])
def test_garbage_log_is_one_line(tmp_path, content):
    bad = tmp_path / "bad.log"
    bad.write_bytes(content)
    with pytest.raises(debuglog.DebugLogError):
        debuglog.load(str(bad))


def test_missing_log(tmp_path):
    with pytest.raises(debuglog.DebugLogError, match="cannot read"):
        debuglog.load(str(tmp_path / "none.log"))


def test_refused_directory_is_one_line_and_game_state_untouched(tmp_path, monkeypatch):
    # Root writes anywhere, so a read-only directory is simulated where the file is created.
    def refuse(*args, **kwargs):
        raise PermissionError(13, "Permission denied")
    monkeypatch.setattr(atomic, "_temporary", refuse)
    game = played_game()
    body = list(game.snake.body)
    with pytest.raises(debuglog.DebugLogError, match="Permission denied"):
        debuglog.write(game, CONFIG, directory=str(tmp_path))
    assert list(game.snake.body) == body and os.listdir(tmp_path) == []


@pytest.mark.parametrize("name", ["greedy", "hamilton"])
def test_log_records_the_autopilots_decision(tmp_path, name):
    import solvers
    game = Game(8, 6, 3, seed=4)
    solver = solvers.make(name, game)
    for _ in range(10):
        game.snake.turn(solver.next_direction())
        game.step()
    data = json.loads(read(debuglog.write(game, CONFIG, solver, str(tmp_path), True)))
    assert data["autopilot"]["on"] is True
    decision = data["autopilot"]["decision"]
    assert decision["step"] and decision["step"] != "none"


# -- a log a person can read ---------------------------------------------------------------------

def test_each_cell_is_one_line_and_the_picture_near_the_top(tmp_path):
    import re
    game = played_game()
    lines = read(debuglog.write(game, CONFIG, directory=str(tmp_path))).splitlines()
    body_at = lines.index('  "body": [')
    cells = lines[body_at + 1:body_at + 1 + len(game.snake)]
    assert [re.fullmatch(r"    \[(\d+), (\d+)\],?", line).groups() for line in cells] == \
        [(str(x), str(y)) for x, y in game.snake.body]
    assert lines[body_at + 1 + len(game.snake)] == "  ],"
    picture_at = lines.index('  "picture": [')
    assert picture_at < 12  # the picture comes before the config, the decision and the RNG state
    assert [json.loads(line.strip().rstrip(",")) for line in lines[picture_at + 1:picture_at + 7]] == \
        debuglog.picture(game)


def test_the_log_reads_back_exactly_as_written(tmp_path):
    import solvers
    game = Game(8, 6, 3, seed=4)
    solver = solvers.make("greedy", game)
    for _ in range(15):
        game.snake.turn(solver.next_direction())
        game.step()
    path = debuglog.write(game, CONFIG, solver, str(tmp_path), True)
    text = read(path)
    assert json.loads(text) == debuglog.snapshot(game, CONFIG, solver, True)
    assert text == debuglog.to_text(json.loads(text)) + "\n"  # the layout is a function of the data
    _, loaded = debuglog.load(path)
    assert list(loaded.snake.body) == list(game.snake.body) and loaded.rng.getstate() == game.rng.getstate()


@pytest.mark.parametrize("value", [[], {}, [1, [2, 3]], {"a": [[1, 2]], "b": "x"}, ["ab", None], 3.5, "q\""])
def test_to_text_is_json(value):
    assert json.loads(debuglog.to_text(value)) == value


@pytest.mark.parametrize("umask, mode", [(0o022, 0o644), (0o077, 0o600), (0o002, 0o664)])
def test_the_log_gets_the_users_usual_file_mode(tmp_path, umask, mode):
    old = os.umask(umask)
    try:
        path = debuglog.write(played_game(), CONFIG, directory=str(tmp_path))
    finally:
        os.umask(old)
    assert os.stat(path).st_mode & 0o777 == mode
