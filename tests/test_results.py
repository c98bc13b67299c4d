"""--results FILE: a line per finished game, a run that goes on from the file, and the files it refuses."""
import json
import os
import signal
import subprocess
import sys

import pytest

from headless import results
from headless.figures import Tally, Timing
from headless.games import GameSpec, play_game

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
RUN = ["--width", "7", "--height", "6", "--games", "12", "--seed", "4"]


def headless(*flags, cwd, timeout=120):
    return subprocess.run([sys.executable, os.path.join(ROOT, "main.py"), "--headless", *flags],
                          capture_output=True, text=True, cwd=cwd, timeout=timeout)


def figures_of(done):
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout.strip().splitlines()[-1])


def but_seconds(figures):
    return {key: value for key, value in figures.items() if key != "seconds"}


def test_a_line_holds_all_the_tally_needs():
    spec = GameSpec(6, 6, 3, "greedy", 5, 3600)
    record = play_game(spec)
    line = json.loads(results.line_of(spec, record))
    assert (line["board"], line["seed"], line["solver"]) == ("6x6", 5, "greedy")
    assert (line["outcome"], line["moves"], line["length"]) == (record["outcome"], record["steps"], record["length"])
    back = results.record_of(line)
    one, other = Tally(spec), Tally(spec)
    one.add(record)
    other.add(back)
    assert one.figures(1.0) == other.figures(1.0)  # the move times too, to the nanosecond


def test_the_same_command_again_takes_every_game_from_the_file_and_prints_the_same_figures(tmp_path):
    """Times included: they are the games' own, kept in the file, so only "seconds" differs."""
    first = figures_of(headless(*RUN, "--jobs", "2", "--results", "run.jsonl", cwd=tmp_path))
    lines = (tmp_path / "run.jsonl").read_text().splitlines()
    assert len(lines) == 13 and json.loads(lines[0])["format"] == results.FORMAT
    assert [json.loads(line)["seed"] for line in lines[1:]] == list(range(4, 16))  # in game order
    again = headless(*RUN, "--results", "run.jsonl", cwd=tmp_path)
    assert but_seconds(figures_of(again)) == but_seconds(first)
    assert "results: 12 of 12 games taken from run.jsonl" in again.stderr
    assert len((tmp_path / "run.jsonl").read_text().splitlines()) == 13  # nothing added


@pytest.mark.parametrize("stop", [signal.SIGINT, signal.SIGKILL])
def test_a_run_stopped_half_way_goes_on_from_the_file(tmp_path, stop):
    """Ctrl-C (the figures so far, exit 130) or a kill (nothing printed): the lines written
    stay, and the same command plays the rest and prints the figures of an unbroken run."""
    flags = ["--width", "8", "--height", "8", "--games", "40", "--seed", "2", "--results", "run.jsonl"]
    game = subprocess.Popen([sys.executable, os.path.join(ROOT, "main.py"), "--headless", *flags, "--jobs", "2"],
                            cwd=tmp_path, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            start_new_session=True)
    assert game.stderr.readline().startswith("8x8 greedy: 1/40 games")
    os.killpg(game.pid, stop)
    game.communicate(timeout=60)
    assert game.returncode == (130 if stop == signal.SIGINT else -signal.SIGKILL)
    kept = len((tmp_path / "run.jsonl").read_text().splitlines()) - 1
    assert 1 <= kept < 40
    again = headless(*flags, "--jobs", "2", cwd=tmp_path)
    unbroken = figures_of(headless(*flags[:-2], "--jobs", "1", cwd=tmp_path))
    times = ("seconds", "move_ms_mean", "move_ms_p99", "move_ms_max")
    assert {k: v for k, v in figures_of(again).items() if k not in times} == \
        {k: v for k, v in unbroken.items() if k not in times}
    assert f"results: {kept} of 40 games taken from run.jsonl" in again.stderr


def test_a_torn_last_line_is_dropped_with_a_warning_and_its_game_played_again(tmp_path):
    first = figures_of(headless(*RUN, "--results", "run.jsonl", cwd=tmp_path))
    path = tmp_path / "run.jsonl"
    lines = path.read_text().splitlines(keepends=True)
    path.write_text("".join(lines[:-1]) + lines[-1][:25])  # the last game cut short
    again = headless(*RUN, "--results", "run.jsonl", cwd=tmp_path)
    assert "the last line of run.jsonl was cut short" in again.stderr
    assert "results: 11 of 12 games taken" in again.stderr
    times = ("seconds", "move_ms_mean", "move_ms_p99", "move_ms_max")
    assert {k: v for k, v in figures_of(again).items() if k not in times} == \
        {k: v for k, v in first.items() if k not in times}
    assert path.read_text().splitlines()[:-1] == [line.rstrip("\n") for line in lines[:-1]]
    assert json.loads(path.read_text().splitlines()[-1])["seed"] == 15


@pytest.mark.parametrize("other, says", [
    (["--width", "8"], "boards: 7x6, not 8x6)"),
    (["--solver", "hamilton"], "solver"),
    (["--seed", "5"], "seed"),
    (["--games", "13"], "games"),
    (["--soak"], "soak"),
    (["--max-steps", "99"], "board 7x6's max_steps: 4200, not 99)"),
    (["--initial-length", "4"], "board 7x6's initial_length: 3, not 4)"),
    (["--boards", "7x6,5x5"], "boards: 7x6, not 7x6, 5x5)"),
])
def test_a_file_of_another_run_is_refused_and_left_as_it_is(tmp_path, other, says):
    headless(*RUN, "--results", "run.jsonl", cwd=tmp_path)
    before = (tmp_path / "run.jsonl").read_bytes()
    flags = RUN + other if other[0] != "--width" else other + RUN[2:]
    done = headless(*flags, "--results", "run.jsonl", cwd=tmp_path)
    assert done.returncode == 2 and done.stdout == "" and done.stderr.count("\n") == 1
    assert done.stderr.startswith("error: --results: run.jsonl holds the games of another run (" + says)
    assert (tmp_path / "run.jsonl").read_bytes() == before


@pytest.mark.parametrize("content, says", [
    (b"# my notes\n", "is not a results file"),
    (b"", "is not a results file"),
    (None, "line 3 of run.jsonl is not a game of this run"),
])
def test_a_file_that_is_no_results_of_this_run_is_refused_untouched(tmp_path, content, says):
    path = tmp_path / "run.jsonl"
    if content is None:
        headless(*RUN, "--results", "run.jsonl", cwd=tmp_path)
        lines = path.read_bytes().split(b"\n")
        lines[2] = lines[2].replace(b'"seed":5', b'"seed":99')  # a game this run does not have
        content = b"\n".join(lines)
    path.write_bytes(content)
    done = headless(*RUN, "--results", "run.jsonl", cwd=tmp_path)
    assert done.returncode == 2 and says in done.stderr and done.stderr.count("\n") == 1
    assert path.read_bytes() == content


@pytest.mark.parametrize("flags, says", [
    (["--results", "nowhere/run.jsonl"], "--results: the folder of nowhere/run.jsonl does not exist"),
    (["--results", "run.jsonl", "--games", "1", "--record", "one.gif"], "not with --results"),
])
def test_results_refuses_what_it_cannot_do_in_one_line(tmp_path, flags, says):
    done = headless(*flags, cwd=tmp_path)
    assert done.returncode == 2 and says in done.stderr and done.stderr.count("\n") == 1
    assert not os.listdir(tmp_path)


def test_a_line_whose_times_do_not_add_up_is_no_game():
    timing = Timing()
    timing.add(5000)
    line = json.loads(results.line_of(GameSpec(4, 4, 3, "greedy", 1, 10), {"outcome": "won", "steps": 3,
                                                                           "length": 16, "timing": timing}))
    line["times"]["moves"] = 2
    with pytest.raises(ValueError):
        results.record_of(line)


def test_a_ctrl_c_just_after_a_game_is_written_comes_once_the_caller_has_counted_that_game(tmp_path):
    """The file and the figures of a stopped run hold the same games: Ctrl-C pressed as the
    line of a game is written waits until the run has counted it (the cluster's Ctrl-C test
    once found two games in the file and one in the figures)."""
    specs = [GameSpec(6, 6, 3, "greedy", seed, 3600) for seed in (1, 2, 3)]
    path = str(tmp_path / "run.jsonl")
    kept = results.Results.open(path, {"run": "test"}, specs)
    counted = []
    with pytest.raises(KeyboardInterrupt):
        for record in kept.around(lambda todo: (play_game(spec) for spec in todo))(specs):
            signal.raise_signal(signal.SIGINT)  # Ctrl-C, just after the game's line was written
            counted.append(record)
    kept.close()
    with open(path, encoding="utf-8") as f:
        assert len(f.read().splitlines()) == 1 + len(counted) == 2
