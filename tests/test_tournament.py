"""--headless --versus A,B[,C]: the tournament's lines, table, engines and files (versus/tournament.py)."""
import json
import os
import subprocess
import sys

import pytest

from files import versus_replay
from versus.tournament import Rounds, pairs, round_specs

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
KEYS = ("a", "b", "board", "rounds", "a_wins", "b_wins", "draws", "a_length_mean", "b_length_mean", "moves_mean")
TIMES = ("seconds", "a_move_ms_mean", "b_move_ms_mean")


def run(*flags, cwd=None):
    return subprocess.run([sys.executable, os.path.join(ROOT, "main.py"), "--headless", *flags],
                          capture_output=True, text=True, cwd=cwd, timeout=600)


def lines_of(done):
    return [json.loads(line) for line in done.stdout.splitlines() if line.startswith("{")]


def untimed(line):
    return {k: v for k, v in line.items() if k not in TIMES}


def test_every_pair_meets_on_both_sides():
    assert pairs(["rival", "greedy", "random"]) == [("rival", "greedy"), ("rival", "random"), ("greedy", "random")]
    assert pairs(["rival"]) == [("rival", "rival")]
    specs = round_specs(8, 8, 3, "rival", "greedy", 5, 3)
    assert [(s.seed, s.swapped, s.seats) for s in specs] == [
        (5, False, ("rival", "greedy")), (6, False, ("rival", "greedy")), (7, False, ("rival", "greedy")),
        (5, True, ("greedy", "rival")), (6, True, ("greedy", "rival")), (7, True, ("greedy", "rival"))]


def test_a_tournament_prints_a_line_per_pair_and_board_then_a_table():
    done = run("--versus", "rival,greedy,random", "--boards", "8x8,10x6", "--games", "4", "--seed", "3",
               "--jobs", "1")
    assert done.returncode == 0, done.stderr
    lines = lines_of(done)
    assert [(line["a"], line["b"], line["board"]) for line in lines] == [
        ("rival", "greedy", "8x8"), ("rival", "random", "8x8"), ("greedy", "random", "8x8"),
        ("rival", "greedy", "10x6"), ("rival", "random", "10x6"), ("greedy", "random", "10x6")]
    for line in lines:
        assert all(key in line for key in KEYS)
        assert line["rounds"] == 8 == line["a_wins"] + line["b_wins"] + line["draws"] + line["failed"]
        assert line["side_a_wins"] + line["side_b_wins"] == line["a_wins"] + line["b_wins"]
    table = [line for line in done.stdout.splitlines() if not line.startswith("{")]
    assert table[0] == "8x8, from length 3, both sides:"
    assert table[1].split()[:6] == ["a", "b", "rounds", "a", "won", "b"]
    assert table[2].split()[:3] == ["rival", "greedy", "8"]


def test_the_figures_do_not_depend_on_jobs():
    flags = ("--versus", "rival,random", "--width", "9", "--height", "7", "--games", "6", "--seed", "11")
    one, two = run(*flags, "--jobs", "1"), run(*flags, "--jobs", "2")
    assert one.returncode == two.returncode == 0, one.stderr + two.stderr
    assert [untimed(line) for line in lines_of(one)] == [untimed(line) for line in lines_of(two)]


def test_a_results_file_keeps_each_round_and_a_rerun_goes_on_from_it(tmp_path):
    flags = ("--versus", "rival,greedy", "--width", "8", "--height", "8", "--seed", "2", "--jobs", "1",
             "--results", str(tmp_path / "r.jsonl"))
    first = run(*flags, "--games", "3")
    assert first.returncode == 0, first.stderr
    kept = (tmp_path / "r.jsonl").read_text().splitlines()
    assert len(kept) == 1 + 6 and json.loads(kept[0])["run"]["versus"] == "rival,greedy"
    with open(tmp_path / "r.jsonl", "w") as f:  # a run stopped after four rounds, the last line torn
        f.write("\n".join(kept[:5]) + "\n" + kept[5][:20])
    again = run(*flags, "--games", "3")
    assert again.returncode == 0, again.stderr
    assert "4 of 6 games taken" in again.stderr and "cut short" in again.stderr
    assert untimed(lines_of(again)[0]) == untimed(lines_of(first)[0])
    other = run(*flags, "--games", "4")
    assert other.returncode == 2 and "another run" in other.stderr


def test_a_results_line_reads_back_as_the_record_it_was():
    from versus.rounds import RoundSpec, play_round
    spec = RoundSpec(8, 6, 3, "rival", "random", 4, swapped=True)
    record = play_round(spec)
    line = json.loads(Rounds.line_of(spec, record))
    back = Rounds.record_of(line)
    assert Rounds.key_of_line(line) == Rounds.key(spec)
    assert {k: v for k, v in back.items() if not k.startswith("timing")} == \
        {k: v for k, v in record.items() if not k.startswith("timing")}


def test_save_games_writes_versus_replays_that_read_back(tmp_path):
    done = run("--versus", "rival,greedy", "--width", "8", "--height", "6", "--games", "2", "--jobs", "1",
               "--save-games", "kept", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    files = sorted(os.listdir(tmp_path / "kept"))
    assert len(files) == 4 and files[0].startswith("versus-8x6-")
    for name in files:
        rep = versus_replay.load(str(tmp_path / "kept" / name))
        assert set(rep.snakes) == {"rival", "greedy"}


def test_plot_draws_the_tournament(tmp_path):
    pytest.importorskip("matplotlib")
    done = run("--versus", "rival,random", "--width", "8", "--height", "8", "--games", "2", "--jobs", "1",
               "--plot", str(tmp_path / "t.png"))
    assert done.returncode == 0, done.stderr
    assert (tmp_path / "t.png").read_bytes()[:4] == b"\x89PNG"


@pytest.mark.parametrize("flags, says", [
    (("--versus", "rival", "--solver", "greedy"), "--solver cannot be used with --headless --versus"),
    (("--versus", "rival,player"), "a player plays in the window"),
    (("--versus", "rival", "--boards", "3x1"), "--versus on 3x1"),
    (("--versus", "rival", "--boards", "8x8,10000x10000"), "--boards: 10000x10000 is too large"),
    (("--versus", "nosuch"), "--versus: no solver 'nosuch'"),
])
def test_a_tournament_refuses_what_it_cannot_play_in_one_line(flags, says):
    done = run(*flags, "--games", "1")
    assert done.returncode == 2 and says in done.stderr and done.stderr.count("\n") == 1, done.stderr


def test_a_solver_of_your_own_that_says_versus_sees_a_copy_of_the_other_snake():
    from solvers import canonical
    from solvers.guard import Guarded
    from versus.duel import A, B, Duel
    ref = canonical(os.path.join(ROOT, "examples", "wary.py") + ":Wary")
    duel = Duel(8, 6, 3, seed=1)
    wary = Guarded(ref, duel.side(A, sees_other=True))
    assert wary.solver.game.other.body == duel.snakes[B].body and wary.solver.game.other is not duel.snakes[B]
    assert wary.next_direction() in (0, 1, 2, 3)
    done = run("--versus", f"{ref},random", "--width", "8", "--height", "6", "--games", "3", "--jobs", "1")
    assert done.returncode == 0 and lines_of(done)[0]["failed"] == 0, done.stderr


def test_a_round_whose_solver_breaks_the_contract_counts_as_failed_and_the_run_exits_1(tmp_path):
    (tmp_path / "bad.py").write_text("class Bad:\n    def __init__(self, game):\n        pass\n"
                                     "    def next_direction(self):\n        return 9\n")
    done = run("--versus", f"{tmp_path / 'bad.py'}:Bad,random", "--width", "8", "--height", "6", "--games", "2",
               "--jobs", "1")
    assert done.returncode == 1 and lines_of(done)[0]["failed"] == 4 and "not a direction" in done.stderr
