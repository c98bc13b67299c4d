"""The one writer of whole-or-absent files (files/atomic.py): new files never replace, replacing is whole."""
import os

import pytest

from files import atomic


def content(text):
    return lambda f: f.write(text.encode())


def test_a_new_file_takes_the_first_free_name_and_never_replaces(tmp_path):
    (tmp_path / "a.txt").write_text("old")
    path, written = atomic.create(str(tmp_path), content("new"), ["a.txt", "b.txt"])
    assert (path, written) == (str(tmp_path / "b.txt"), True)
    assert (tmp_path / "a.txt").read_text() == "old" and (tmp_path / "b.txt").read_text() == "new"


def test_a_file_that_holds_the_same_content_is_found_again(tmp_path):
    (tmp_path / "a.txt").write_text("same")
    same = lambda path: atomic.holds(path, b"same")  # noqa: E731
    assert atomic.create(str(tmp_path), content("same"), ["a.txt"], same) == (str(tmp_path / "a.txt"), False)
    with pytest.raises(FileExistsError):
        atomic.create(str(tmp_path), content("other"), ["a.txt"], lambda path: atomic.holds(path, b"other"))
    assert sorted(os.listdir(tmp_path)) == ["a.txt"]  # no temporary file left


def test_a_fill_that_fails_leaves_nothing(tmp_path):
    def broken(f):
        f.write(b"half")
        raise OSError(28, "No space left on device")
    with pytest.raises(OSError, match="No space"):
        atomic.create(str(tmp_path), broken, ["a.txt"])
    with pytest.raises(OSError, match="No space"):
        atomic.replace(str(tmp_path / "b.txt"), broken)
    assert os.listdir(tmp_path) == []


def test_replace_writes_the_whole_file_over_the_old_one(tmp_path):
    path = tmp_path / "scores.json"
    path.write_text("old")
    atomic.replace(str(path), content("new"))
    assert path.read_text() == "new" and os.listdir(tmp_path) == ["scores.json"]


@pytest.mark.parametrize("umask, mode", [(0o022, 0o644), (0o077, 0o600)])
def test_new_files_get_the_users_usual_mode(tmp_path, umask, mode):
    old = os.umask(umask)
    try:
        path, _ = atomic.create(str(tmp_path), content("x"), ["a.txt"])
        atomic.replace(str(tmp_path / "b.txt"), content("y"))
    finally:
        os.umask(old)
    assert os.stat(path).st_mode & 0o777 == mode
    assert os.stat(tmp_path / "b.txt").st_mode & 0o777 == mode
