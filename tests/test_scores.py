"""files/scores.py: the best-scores tables, where they live, who a game counts for, a bad file and an old one."""
import json
import os

import pytest

from files import scores
from files.scores import PLAYER, ScoreBook, ScoreError


def read(path):
    """The bytes of the file at `path`."""
    with open(path, "rb") as f:
        return f.read()


T86, T1612 = "8x6 start 3", "16x12 start 4"  # a table per board and starting length


@pytest.fixture
def path(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    return scores.default_path()


def test_the_file_lives_in_the_xdg_data_folder_else_under_local_share(tmp_path):
    assert scores.default_path({"XDG_DATA_HOME": "/x/data"}) == "/x/data/snake-autopilot/scores.json"
    home = os.path.expanduser("~")
    for env in ({}, {"XDG_DATA_HOME": ""}, {"XDG_DATA_HOME": "relative/path"}):
        assert scores.default_path(env) == os.path.join(home, ".local", "share", "snake-autopilot", "scores.json")


def test_who_a_game_counts_for():
    assert scores.credit({"greedy"}) == "greedy"
    assert scores.credit({PLAYER}) == PLAYER  # the player made every move
    assert scores.credit({"greedy", PLAYER}) == "player+greedy"  # a mix, named plainly, the player first
    assert scores.credit({"hamilton", "greedy"}) == "greedy+hamilton"  # Tab switched: a team
    assert scores.credit({"hamilton", PLAYER, "greedy"}) == "player+greedy+hamilton"


def test_records_keep_the_longest_and_the_fewest_moves_to_a_win(path):
    book = ScoreBook(path)
    assert book.record(T86, "greedy", 30) == {"length"}
    assert book.record(T86, "greedy", 20) == set()
    assert book.record(T86, "greedy", 48, moves_to_win=500) == {"length", "moves_to_win"}
    assert book.record(T86, "greedy", 48, moves_to_win=700) == set()
    assert book.record(T86, "greedy", 48, moves_to_win=400) == {"moves_to_win"}
    assert book.record(T86, PLAYER, 12) == {"length"}
    assert book.record(T1612, "greedy", 5) == {"length"}
    assert book.best(T86) == {"greedy": {"length": 48, "moves_to_win": 400},
                                PLAYER: {"length": 12, "moves_to_win": None}}
    again = ScoreBook(path)  # across runs
    assert again.warning is None and again.table == book.table


def test_the_file_is_written_whole_with_no_temporary_left(path):
    ScoreBook(path).record(T86, "greedy", 30)
    folder = os.path.dirname(path)
    assert os.listdir(folder) == ["scores.json"]
    data = json.loads(read(path).decode("utf-8"))
    assert data == {"format": scores.FORMAT, "tables": {T86: {"greedy": {"length": 30, "moves_to_win": None}}}}


def test_two_windows_keep_both_results(path):
    first, second = ScoreBook(path), ScoreBook(path)
    first.record(T86, "greedy", 30, moves_to_win=None)
    second.record(T86, "hamilton", 48, moves_to_win=600)  # knew nothing of the first's game
    table = ScoreBook(path).table[T86]
    assert table["greedy"]["length"] == 30 and table["hamilton"]["moves_to_win"] == 600


def test_a_missing_file_is_a_first_run_a_fresh_table_and_no_warning(path):
    book = ScoreBook(path)
    assert book.table == {} and book.warning is None


@pytest.mark.parametrize("content", [
    b"{not json", b"\xff\xfe", b"[]", b'{"format": "other", "boards": {}}',
    json.dumps({"format": scores.FORMAT, "tables": {T86: {"greedy": {"length": "long", "moves_to_win": None}}}}
               ).encode(),
    json.dumps({"format": scores.FORMAT, "tables": {T86: {"greedy": {"length": True, "moves_to_win": None}}}}
               ).encode(),
    json.dumps({"format": scores.FORMAT, "tables": {"huge": {}}}).encode(),
    json.dumps({"format": scores.FORMAT, "tables": {"8x6": {}}}).encode(),  # a board with no start length
    json.dumps({"format": scores.FORMAT, "boards": {}}).encode(),  # format 2 keeps tables
    json.dumps({"format": scores.OLD_FORMAT, "boards": {"8x6 start 3": {}}}).encode(),  # format 1 had boards
    b"[" * 100000,
])
def test_a_corrupt_file_is_one_line_a_fresh_table_and_kept_aside(path, content):
    os.makedirs(os.path.dirname(path))
    with open(path, "wb") as f:
        f.write(content)
    book = ScoreBook(path)
    assert book.table == {} and "\n" not in book.warning and "not a best-scores table" in book.warning
    assert book.record(T86, "greedy", 30) == {"length"}
    assert read(path + ".bad") == content  # the bad file is not lost
    assert ScoreBook(path).best(T86)["greedy"]["length"] == 30


def test_a_second_bad_file_does_not_replace_the_first_copy(path):
    os.makedirs(os.path.dirname(path))
    for n, content in enumerate((b"one", b"two")):
        with open(path, "wb") as f:
            f.write(content)
        ScoreBook(path).record(T86, "greedy", 10 + n)
        with open(path, "wb") as f:  # spoil the good file again
            f.write(content)
    assert read(path + ".bad") == b"one"
    assert read(path + ".bad-2") == b"two"


def test_an_unreadable_file_is_never_overwritten(path, monkeypatch):
    os.makedirs(os.path.dirname(path))
    with open(path, "w") as f:
        f.write("precious")
    real_open = open

    def refuse(name, *args, **kwargs):  # CI runs as root, so permissions cannot refuse
        if name == path:
            raise PermissionError(13, "Permission denied")
        return real_open(name, *args, **kwargs)
    monkeypatch.setattr("builtins.open", refuse)
    book = ScoreBook(path)
    assert "Permission denied" in book.warning and "\n" not in book.warning
    with pytest.raises(ScoreError, match="left as it is"):
        book.record(T86, "greedy", 30)
    assert book.best(T86)["greedy"]["length"] == 30  # the result is kept in memory
    monkeypatch.undo()
    assert real_open(path).read() == "precious"


def test_a_failed_write_is_one_line_and_keeps_the_result(path, monkeypatch):
    def full_disk(*args, **kwargs):
        raise OSError(28, "No space left on device")
    monkeypatch.setattr(scores, "write_table", full_disk)
    book = ScoreBook(path)
    with pytest.raises(ScoreError, match="No space left") as error:
        book.record(T86, "greedy", 30)
    assert "\n" not in str(error.value)
    assert book.best(T86)["greedy"]["length"] == 30
    assert not os.path.exists(path)


def test_a_book_without_a_path_stays_in_memory(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    book = ScoreBook()
    assert book.warning is None and book.record(T86, "greedy", 3) == {"length"}
    assert os.listdir(tmp_path) == []


def test_a_write_that_fails_midway_leaves_the_old_table_whole(path, monkeypatch):
    ScoreBook(path).record(T86, "greedy", 30)
    before = read(path)

    def broken_sync(fd):
        raise OSError(5, "Input/output error")
    monkeypatch.setattr(scores.os, "fsync", broken_sync)
    with pytest.raises(ScoreError, match="Input/output error"):
        ScoreBook(path).record(T86, "greedy", 40)
    assert read(path) == before
    assert os.listdir(os.path.dirname(path)) == ["scores.json"]  # no temporary file left behind


OLD_FILE = {"format": "snake-best-scores/1",
            "boards": {"8x6": {"player": {"length": 40, "moves_to_win": None},
                               "greedy": {"length": 48, "moves_to_win": 700},
                               "greedy+hamilton": {"length": 30, "moves_to_win": None}},
                       "16x12": {"hamilton": {"length": 192, "moves_to_win": 3110}}}}


def test_a_format_1_file_is_carried_over_at_start_3_and_kept_as_it_was(path):
    os.makedirs(os.path.dirname(path))
    content = json.dumps(OLD_FILE).encode()
    with open(path, "wb") as f:
        f.write(content)
    book = ScoreBook(path)
    assert book.warning is None  # an older game's file is no problem
    assert book.best(T86) == {scores.OLD_PLAYER: {"length": 40, "moves_to_win": None},  # maybe helped: not "player"
                              "greedy": {"length": 48, "moves_to_win": 700},
                              "greedy+hamilton": {"length": 30, "moves_to_win": None}}
    assert book.best("16x12 start 3") == {"hamilton": {"length": 192, "moves_to_win": 3110}}
    assert book.record(T86, PLAYER, 12) == {"length"}  # the first game wholly by hand
    assert read(path + ".v1") == content  # the old file, as it was, beside the new one
    data = json.loads(read(path).decode("utf-8"))
    assert data["format"] == scores.FORMAT and set(data["tables"]) == {T86, "16x12 start 3"}
    assert data["tables"][T86][PLAYER] == {"length": 12, "moves_to_win": None}
    assert data["tables"][T86][scores.OLD_PLAYER]["length"] == 40
    ScoreBook(path).record(T86, PLAYER, 13)
    assert sorted(os.listdir(os.path.dirname(path))) == ["scores.json", "scores.json.v1"]  # kept once


def test_tables_of_other_starting_lengths_are_apart(path):
    book = ScoreBook(path)
    book.record("8x6 start 3", "greedy", 30)
    book.record("8x6 start 5", "greedy", 20)
    assert ScoreBook(path).best("8x6 start 5") == {"greedy": {"length": 20, "moves_to_win": None}}
    assert scores.table_name(8, 6, 5) == "8x6 start 5"
