"""Replay files: a game's own history, the file format, safe writing, and refusing bad files."""
import json
import os
import pickle
import random
import subprocess
import sys
from concurrent.futures import ProcessPoolExecutor

import pytest

from headless.figures import Timing
from headless.games import play as headless_play
from files import replay
import solvers
from solver import Solver
from fruit import FruitListError
from game import LOST, WON, Game
from snake import DIRECTIONS, OPPOSITE, RIGHT, Snake, step

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def played(width, height, length, solver_name, seed, max_steps=None):
    """A finished headless game (as the headless runner plays it) and its outcome."""
    game = Game(width, height, length, seed)
    outcome = headless_play(game, solvers.make(solver_name, game), max_steps or 100 * width * height,
                         Timing(), soak=False)
    return game, outcome


class Crasher(Solver):
    """Goes for the fruit greedily and never looks at its body: it loses sooner or later."""

    name = "crasher"

    def next_direction(self):
        snake, fruit = self.game.snake, self.game.fruit.last_generate
        head = snake.head()
        moves = [d for d in DIRECTIONS if not snake.is_reversal(d)]
        return min(moves, key=lambda d: abs(step(head, d)[0] - fruit[0]) + abs(step(head, d)[1] - fruit[1]))


def lost_game(seed=1):
    for s in range(seed, seed + 50):
        game = Game(7, 7, 4, s)
        solver = Crasher(game)
        while not game.over() and game.steps < 2000:
            game.snake.turn(solver.next_direction())
            game.step()
        if game.state == LOST and game.eaten > 2:
            return game
    raise AssertionError("the crasher never lost after eating")


def write_data(path, data):
    path.write_text(json.dumps(data), encoding="utf-8")
    return str(path)


# -- a game's history ---------------------------------------------------------------------------

def test_history_records_moves_and_fruits_as_they_happen():
    game = Game(6, 6, 3, seed=11)
    fruits = [game.fruit.where()]
    solver = solvers.make("hamilton", game)
    directions = []
    while not game.over():
        game.snake.turn(solver.next_direction())
        ate = game.step()
        directions.append(game.snake.direction())
        if ate:
            fruits.append(game.fruit.last_generate)
    assert game.state == WON and list(game.moves) == directions
    assert fruits[-1] is None and game.fruits == fruits[:-1]  # no fruit after the board is full
    assert len(game.fruits) == game.eaten == 36 - 3


def test_a_refused_reversal_records_the_direction_actually_moved():
    game = Game(6, 6, 3, seed=1)
    game.queue_turn(OPPOSITE[RIGHT])  # dropped: it would reverse onto the neck
    game.snake.turn(OPPOSITE[RIGHT])  # ignored by the snake too
    game.step()
    assert bytes(game.moves) == bytes([RIGHT])
    assert replay.Replay.of(game, "player").moves == "R"


def test_a_game_opened_at_a_moment_has_no_history_to_save():
    game = Game(6, 6, 3, seed=1)
    game.restore(Snake(6, 6, [(3, 3), (2, 3), (1, 3)]), (5, 5), 10, 0)
    assert not game.from_start
    with pytest.raises(replay.ReplayError, match="debug log"):
        replay.Replay.of(game, "player")


# -- round trips -------------------------------------------------------------------------------

@pytest.mark.parametrize("width, height, length, solver_name, seed", [
    (6, 6, 3, "greedy", 2), (8, 8, 4, "hamilton", 5), (5, 5, 3, "hamilton", 1), (7, 4, 3, "greedy", 9),
    (4, 6, 1, "hamilton", 4), (1, 5, 1, "greedy", 3),
])
def test_a_saved_game_replays_to_the_same_outcome_and_length(tmp_path, width, height, length, solver_name, seed):
    game, outcome = played(width, height, length, solver_name, seed)
    path, written = replay.write(replay.Replay.of(game, solver_name), str(tmp_path))
    assert written and os.path.basename(path) == f"replay-{width}x{height}-{solver_name}-seed{seed}.json"
    loaded = replay.load(path)
    end = replay.play_back(loaded)
    assert (loaded.outcome, loaded.length, len(loaded.moves)) == (outcome, len(game.snake), game.steps)
    assert list(end.snake.body) == list(game.snake.body) and end.state == game.state
    assert (loaded.solver, loaded.seed, loaded.board) == (solver_name, seed, f"{width}x{height}")


def test_stuck_and_lost_games_replay_too(tmp_path):
    game, outcome = played(10, 10, 3, "greedy", 1, max_steps=60)
    assert outcome == "stuck"
    assert replay.load(replay.write(replay.Replay.of(game, "greedy"), str(tmp_path))[0]).outcome == "stuck"
    lost = lost_game()
    rep = replay.load(replay.write(replay.Replay.of(lost, "crasher"), str(tmp_path))[0])
    assert rep.outcome == LOST and rep.length == len(lost.snake) and len(rep.moves) == lost.steps


def test_the_file_is_the_documented_json():
    game, _ = played(4, 4, 2, "hamilton", 3)
    data = json.loads(replay.Replay.of(game, "hamilton").to_json())
    assert data["format"] == "snake-replay/1" and data["board"] == "4x4" and data["initial-length"] == 2
    assert data["outcome"] == "won" and data["solver"] == "hamilton" and data["seed"] == 3 and data["length"] == 16
    assert data["fruits"][0] == list(Game(4, 4, 2, seed=3).fruit.where())  # the first fruit first
    assert set(data["moves"]) <= set("UDLR") and len(data["moves"]) == game.steps
    assert len(data["fruits"]) == 16 - 2  # a won game: one fruit per meal, none after the last


def test_replaying_needs_no_random_generator(tmp_path, monkeypatch):
    game, _ = played(6, 6, 3, "greedy", 7)
    path = replay.write(replay.Replay.of(game, "greedy"), str(tmp_path))[0]

    def no_randomness(*args, **kwargs):
        raise AssertionError("a replay drew a random number")
    for name in ("random", "randrange", "choice", "randint", "getrandbits"):
        monkeypatch.setattr(random.Random, name, no_randomness)
    end = replay.play_back(replay.load(path))
    assert list(end.snake.body) == list(game.snake.body)


def _play_in_worker(seed):
    game, _ = played(6, 6, 3, "hamilton", seed)
    return replay.Replay.of(game, "hamilton")


def test_a_replay_comes_back_from_a_worker_process():
    rep = _play_in_worker(2)
    assert pickle.loads(pickle.dumps(rep)) == rep
    with ProcessPoolExecutor(max_workers=1) as pool:
        assert pool.submit(_play_in_worker, 2).result(timeout=60) == rep


def test_solver_labels():
    assert replay.solver_label({"hamilton"}) == "hamilton"
    assert replay.solver_label({"player"}) == "player"
    assert replay.solver_label({"greedy", "player"}) == "mixed"
    assert replay.solver_label(set()) == "player"


# -- writing -------------------------------------------------------------------------------------

def test_writing_never_overwrites(tmp_path):
    game, _ = played(5, 4, 2, "hamilton", 1)
    rep = replay.Replay.of(game, "hamilton")
    taken = tmp_path / "replay-5x4-hamilton-seed1.json"
    taken.write_text("someone else's file")
    path, written = replay.write(rep, str(tmp_path))
    assert written and path.endswith("seed1-2.json")
    assert taken.read_text() == "someone else's file"
    assert replay.write(rep, str(tmp_path)) == (path, False)  # the same game again: found, not copied
    assert sorted(os.listdir(tmp_path)) == ["replay-5x4-hamilton-seed1-2.json", "replay-5x4-hamilton-seed1.json"]


def test_a_failed_write_is_one_line_and_leaves_nothing(tmp_path, monkeypatch):
    game, _ = played(5, 4, 2, "hamilton", 1)

    def no_link(src, dst):
        raise PermissionError(13, "Permission denied")
    monkeypatch.setattr(os, "link", no_link)
    with pytest.raises(replay.ReplayError, match="cannot write a replay in .*Permission denied"):
        replay.write(replay.Replay.of(game, "hamilton"), str(tmp_path))
    assert os.listdir(tmp_path) == []  # the temporary file is gone too


def test_a_missing_folder_is_one_line(tmp_path):
    game, _ = played(5, 4, 2, "hamilton", 1)
    with pytest.raises(replay.ReplayError, match="cannot write a replay"):
        replay.write(replay.Replay.of(game, "hamilton"), str(tmp_path / "nowhere"))


# -- refusing bad files ----------------------------------------------------------------------------

def good_data(solver_name="greedy", seed=2):
    game, _ = played(6, 6, 3, solver_name, seed)
    return json.loads(replay.Replay.of(game, solver_name).to_json())


def changed(data, **fields):
    return dict(data, **{key.replace("_", "-"): value for key, value in fields.items()})


def crash_into_wall():
    """Hand-made: on 4x4 the snake (length 2) runs right off the board on move 3."""
    return {"format": "snake-replay/1", "board": "4x4", "initial-length": 2, "fruits": [[0, 3]],
            "moves": "RRR", "outcome": "won", "solver": "player", "seed": None}


def walk(data, moves):
    """The game of a good file's data after its first `moves` moves."""
    width, height = (int(n) for n in data["board"].split("x"))
    game = Game(width, height, data["initial-length"], fruit_list=data["fruits"])
    for letter in data["moves"][:moves]:
        game.snake.turn(replay.LETTER_DIRECTION[letter])
        game.step()
    return game


def bad_files():
    """(name, data, words of the refusal): one of each kind of damage."""
    good = good_data()
    fruits, moves = good["fruits"], good["moves"]
    first_meal = next(n for n in range(1, len(moves) + 1) if walk(good, n).eaten == 1)
    on_body = list(walk(good, first_meal).snake.tail())  # where fruit 2 cannot appear
    return [
        ("unknown format", changed(good, format="snake-replay/2"), "unknown format"),
        ("no format", {k: v for k, v in good.items() if k != "format"}, "unknown format"),
        ("a debug log", changed(good, format="snake-debug-log/1"), "--load"),
        ("not an object", [1, 2], "not a replay file"),
        ("wall in a won game", crash_into_wall(), 'move 3 (R) runs into a wall, yet the outcome is "won"'),
        ("first fruit on the body", changed(good, fruits=[[1, 0]] + fruits[1:]),
         "at the start, fruit 1 [1, 0] lies on the snake's body"),
        ("later fruit on the body", changed(good, fruits=fruits[:1] + [on_body] + fruits[2:]),
         f"after move {first_meal}, fruit 2 {on_body} lies on the snake's body"),
        ("reversal", changed(good, moves="L" + moves[1:]), "move 1 (L) reverses onto the snake's neck"),
        ("a fruit too many", changed(good, fruits=fruits + [[0, 5]]), "fruit list does not match the eats"),
        ("a fruit too few", changed(good, fruits=fruits[:3]), "fruit list ends after 3 fruits"),
        ("won marked lost", changed(good, outcome="lost"),
         'the moves end with a full board, yet the outcome is "lost"'),
        ("cut short, still marked won", changed(good, moves=moves[:10], length=None), "the snake alive"),
        ("moves after the end", changed(good, moves=moves + "R"), "comes after the game was won"),
        ("unknown outcome", changed(good, outcome="draw"), '"outcome" must be won, lost or stuck'),
        ("bad letter", changed(good, moves=moves[:5] + "X" + moves[6:]), 'move 6 is "X"'),
        ("fruit off the board", changed(good, fruits=[[6, 0]] + fruits[1:]), "off the 6x6 board"),
        ("bad cell", changed(good, fruits=[[1, "2"]] + fruits[1:]), "fruit 1 must be a cell"),
        ("board", changed(good, board="6 by 6"), '"board" must be a board "WxH"'),
        ("snake too long", changed(good, initial_length=7), "does not fit"),
        ("length", changed(good, length=30), '"length" is 30'),
        ("seed", changed(good, seed="five"), '"seed" must be a whole number'),
    ]


BAD_FILES = bad_files()


@pytest.mark.parametrize("name, data, words", BAD_FILES, ids=[case[0] for case in BAD_FILES])
def test_a_damaged_or_inconsistent_file_is_refused(tmp_path, name, data, words):
    path = write_data(tmp_path / "bad.json", data)
    with pytest.raises(replay.ReplayError) as refused:
        replay.load(path)
    message = str(refused.value)
    assert words in message and "\n" not in message and message.startswith(path)


def test_the_good_file_behind_the_bad_ones_loads(tmp_path):
    assert replay.load(write_data(tmp_path / "good.json", good_data())).outcome in ("won", "stuck")


@pytest.mark.parametrize("content, words", [
    (b"{oops", "bad JSON"),
    (b"\xff\xfe\x00", "not UTF-8"),
    (b"", "bad JSON"),
])
def test_unreadable_files_are_refused(tmp_path, content, words):
    path = tmp_path / "bad.json"
    path.write_bytes(content)
    with pytest.raises(replay.ReplayError, match=words):
        replay.load(str(path))
    with pytest.raises(replay.ReplayError, match="cannot read"):
        replay.load(str(tmp_path / "missing.json"))


def test_a_listed_fruit_on_the_body_stops_the_game_itself():
    with pytest.raises(FruitListError, match="lies on the snake's body"):
        Game(5, 5, 3, fruit_list=[(2, 0)])


def run_main(*flags, cwd):
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    return subprocess.run([sys.executable, os.path.join(ROOT, "main.py"), *flags], capture_output=True,
                          text=True, cwd=cwd, env=env, timeout=120)


@pytest.mark.parametrize("record", [False, True])
def test_main_refuses_a_bad_replay_in_one_line_with_exit_2_and_writes_nothing(tmp_path, record):
    write_data(tmp_path / "bad.json", crash_into_wall())
    before = sorted(os.listdir(tmp_path))
    flags = ["--replay", "bad.json"] + (["--record", "out.gif"] if record else [])
    done = run_main(*flags, cwd=str(tmp_path))
    assert done.returncode == 2
    assert done.stderr.startswith("error: bad.json: move 3 (R) runs into a wall")
    assert done.stderr.count("\n") == 1 and "Traceback" not in done.stderr and done.stdout == ""
    assert sorted(os.listdir(tmp_path)) == before


# -- the headless runner ---------------------------------------------------------------------------

def test_save_games_writes_one_file_per_game(tmp_path):
    done = run_main("--headless", "--games", "4", "--width", "6", "--height", "6", "--solver", "greedy",
                    "--seed", "10", "--max-steps", "400", "--save-games", "games", cwd=str(tmp_path))
    assert done.returncode == 0, done.stderr
    result = json.loads(done.stdout.strip().splitlines()[-1])
    names = sorted(os.listdir(tmp_path / "games"))
    assert names == [f"replay-6x6-greedy-seed{seed}.json" for seed in range(10, 14)]
    outcomes = [replay.load(str(tmp_path / "games" / name)).outcome for name in names]
    assert outcomes.count("won") == result["wins"] and outcomes.count("stuck") == result["stuck"]
    assert "replays: 4 written in games" in done.stderr
    again = run_main("--headless", "--games", "4", "--width", "6", "--height", "6", "--solver", "greedy",
                     "--seed", "10", "--max-steps", "400", "--save-games", "games", cwd=str(tmp_path))
    assert again.returncode == 0 and "0 written in games (4 already there)" in again.stderr
    assert sorted(os.listdir(tmp_path / "games")) == names


def test_save_games_with_boards_and_soak(tmp_path):
    done = run_main("--headless", "--games", "2", "--boards", "3x3,4x5", "--solver", "hamilton", "--soak",
                    "--save-games", str(tmp_path / "out"), cwd=str(tmp_path))
    assert done.returncode == 0, done.stderr
    names = sorted(os.listdir(tmp_path / "out"))
    assert len(names) == 4 and {n.split("-")[1] for n in names} == {"3x3", "4x5"}


def test_save_games_into_a_file_is_one_line(tmp_path):
    (tmp_path / "taken").write_text("")
    done = run_main("--headless", "--games", "1", "--width", "4", "--height", "4", "--save-games", "taken",
                    cwd=str(tmp_path))
    assert done.returncode == 2 and done.stderr.startswith("error: --save-games: cannot make taken")
    assert done.stderr.count("\n") == 1


@pytest.mark.parametrize("flags, words", [
    (["--save-games", "d"], "--save-games works with --headless"),
    (["--headless", "--replay", "x.json"], "--replay plays in the window"),
    (["--record-every", "2"], "--record-every needs --record"),
    (["--record", "a.gif", "--record-every", "0"], "--record-every must be at least 1"),
    (["--record", "a.gif", "--record-speed", "0.001"], "--record-speed must be between"),
    (["--record", "a.gif", "--record-cell", "0"], "--record-cell must be between"),
    (["--headless", "--record", "a.gif"], "add --games 1"),
    (["--headless", "--games", "1", "--boards", "4x4", "--record", "a.gif"], "add --games 1"),
    (["--record", "a.png"], "ending in .gif"),
    (["--record", "nowhere/a.gif"], "does not exist"),
    (["--load", "x.log", "--record", "a.gif"], "not with --load"),
])
def test_flag_rules_are_one_line_and_exit_2(tmp_path, flags, words):
    done = run_main(*flags, cwd=str(tmp_path))
    assert done.returncode == 2 and words in done.stderr
    assert done.stderr.count("\n") == 1 and "Traceback" not in done.stderr
    assert os.listdir(tmp_path) == []
