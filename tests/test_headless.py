"""The headless runner: its JSON contract, seeding, stuck games and the soak audit."""
import json
import multiprocessing
import os
import re
import signal
import subprocess
import sys
import time

import pytest

from solver import Solver
from headless.figures import Timing
from headless.flags import default_max_steps, settings as headless_settings
from headless.games import GameSpec, hand_over, lay_out, play as headless_play, play_game
from headless import games, jobs
from headless.jobs import play_all
from headless.runner import run as headless_run, run_games
from headless.soak import InvariantError
import solvers
from game import Game
from snake import DIRECTIONS, OPPOSITE, Snake

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
KEYS = {"solver", "board", "games", "wins", "losses", "stuck", "win_rate", "avg_length",
        "avg_steps", "move_ms_mean", "move_ms_p99"}


class FirstSafe(Solver):
    """A deliberately dumb autopilot: the first safe direction, else straight on."""

    def next_direction(self):
        snake = self.game.snake
        return next((d for d in DIRECTIONS if snake.is_safe_move(d)), snake.direction())


class Reverser(Solver):
    name = "reverser"

    def next_direction(self):
        return OPPOSITE[self.game.snake.direction()]


@pytest.fixture
def dumb_solver(monkeypatch):
    monkeypatch.setitem(solvers.BUILT_IN, "greedy", "test_headless:FirstSafe")


def headless(*flags, cwd=ROOT):
    return subprocess.run([sys.executable, os.path.join(ROOT, "main.py"), "--headless", *flags],
                          capture_output=True, text=True, cwd=cwd, timeout=120)


def test_figures_have_the_contract_keys_and_sane_values(dumb_solver):
    result = run_games(6, 5, 3, "greedy", seed=1, max_steps=3000, games=5, soak=True)
    assert set(result) >= KEYS
    assert result["board"] == "6x5" and result["games"] == 5
    assert result["wins"] + result["losses"] + result["stuck"] == 5
    assert 3 <= result["avg_length"] <= 30 and 0 <= result["win_rate"] <= 1
    # A mean may pass the p99 when one move of a few hundred is slow (a busy machine), so each
    # is held only against the slowest.
    assert 0 < result["move_ms_mean"] <= result["move_ms_max"] and 0 < result["move_ms_p99"] <= result["move_ms_max"]


def test_same_seed_same_games(dumb_solver):
    runs = [run_games(6, 6, 3, "greedy", seed=5, max_steps=2000, games=4) for _ in range(2)]
    assert without_timings(runs[0]) == without_timings(runs[1])


def test_max_steps_makes_a_game_stuck(dumb_solver):
    result = run_games(10, 10, 3, "greedy", seed=1, max_steps=5, games=2)
    assert result["stuck"] == 2 and result["avg_steps"] == 5


def test_soak_catches_a_reversal(monkeypatch):
    monkeypatch.setitem(solvers.BUILT_IN, "greedy", "test_headless:Reverser")
    with pytest.raises(InvariantError, match="reversed"):
        run_games(6, 6, 3, "greedy", seed=1, max_steps=100, games=1, soak=True)


def test_soak_catches_growth_without_eating(monkeypatch, dumb_solver):
    real_next = Snake.next

    def sticky_next(self):
        self.eat_fruit()  # a bug: the snake always grows
        real_next(self)
    monkeypatch.setattr(Snake, "next", sticky_next)
    with pytest.raises(InvariantError, match="grew without eating|initial length"):
        run_games(8, 8, 3, "greedy", seed=1, max_steps=100, games=1, soak=True)


def test_soak_catches_a_fruit_on_the_body(monkeypatch, dumb_solver):
    monkeypatch.setattr("fruit.Fruit.generate", lambda self: setattr(self, "last_generate", (0, 0)))
    game = Game(6, 6, 3, seed=2)
    game.fruit.last_generate = (2, 1)  # FirstSafe goes down first
    with pytest.raises(InvariantError, match="fruit is not on a free cell"):
        headless_play(game, FirstSafe(game), 50, Timing(), soak=True)


def test_broken_invariant_dumps_the_state(monkeypatch, tmp_path, capsys):
    monkeypatch.setitem(solvers.BUILT_IN, "greedy", "test_headless:Reverser")
    monkeypatch.chdir(tmp_path)
    import config
    args = bench_args(games=1, width=6, height=6, soak=True)
    assert headless_run(args, config.load(config.default_path())) == 1
    err = capsys.readouterr().err.strip()
    assert err.startswith("error: invariant broken:") and "state written to" in err
    assert len(list(tmp_path.glob("output_*.log"))) == 1


def bench_args(**overrides):
    """The flags as main.py's parser reads them for --headless, with some set by hand."""
    import main
    args = main.parse_args(["--headless"])
    for key, value in overrides.items():
        setattr(args, key, value)
    return args


def test_timing_percentiles():
    timing = Timing()
    for us in range(1, 101):
        timing.add(us * 1000)
    assert timing.mean_ms() == pytest.approx(0.0505)
    assert 0.099 <= timing.percentile_ms(0.99) <= 0.1  # a bucket's upper edge
    assert timing.percentile_ms(1.0) == pytest.approx(0.1)


@pytest.mark.parametrize("flags, words", [
    (["--games", "0"], "--games"),
    (["--width", "0"], "at least 1"),
    (["--solver", "nope"], "--solver"),
    (["--jobs", "0"], "--jobs must be at least 1"),
    (["--width", "2", "--height", "2", "--initial-length", "3"], "does not fit"),
    (["--max-steps", "0"], "--max-steps"),
])
def test_bad_flags_are_one_line(flags, words):
    done = headless(*flags)
    assert done.returncode == 2
    assert words in done.stderr and done.stderr.count("\n") == 1 and "Traceback" not in done.stderr


@pytest.mark.parametrize("solver_name", sorted(solvers.BUILT_IN))
def test_headless_end_to_end(solver_name, tmp_path):
    done = headless("--games", "3", "--width", "6", "--height", "6", "--solver", solver_name,
                    "--seed", "3", "--soak", cwd=str(tmp_path))
    assert done.returncode == 0, done.stderr
    result = json.loads(done.stdout.strip().splitlines()[-1])
    assert set(result) >= KEYS and result["solver"] == solver_name and result["board"] == "6x6"
    assert "3/3 games" in done.stderr  # progress went to stderr, not stdout


def test_boards_run_each_board_and_total(dumb_solver, capsys):
    args = bench_args(games=2, boards="1x2,2x1,3x3,4x5", soak=True, seed=1)
    import config
    assert headless_run(args, config.load(config.default_path())) == 0
    lines = [json.loads(line) for line in capsys.readouterr().out.strip().splitlines()]
    assert [line["board"] for line in lines[:-1]] == ["1x2", "2x1", "3x3", "4x5"]
    assert lines[0]["initial_length"] == 1 and lines[3]["initial_length"] == 3
    assert lines[-1]["games"] == 8 and lines[-1]["wins"] + lines[-1]["losses"] + lines[-1]["stuck"] == 8


@pytest.mark.parametrize("boards", ["3x", "1x1", "axb", "0x4", "8x8,1025x1024"])
def test_bad_boards_flag(boards):
    done = headless("--boards", boards)
    assert done.returncode == 2 and "--boards" in done.stderr and "Traceback" not in done.stderr


@pytest.mark.parametrize("solver_name", sorted(solvers.BUILT_IN))
def test_short_soak_over_small_and_odd_boards(solver_name):
    """The long soak (10,000 games) stays out of CI; this slice of it runs on every commit."""
    for width, height in [(1, 2), (2, 1), (2, 2), (3, 3), (2, 5), (5, 4), (5, 5), (4, 6), (7, 3)]:
        length = min(3, width, width * height - 1)
        result = run_games(width, height, length, solver_name, seed=7, max_steps=100 * width * height,
                                 games=6, soak=True)
        assert result["wins"] + result["losses"] + result["stuck"] == 6
        if solver_name == "hamilton" and min(width, height) > 1:
            assert result["wins"] == 6, result


# -- --jobs, Ctrl-C and progress ---------------------------------------------------------------

def without_timings(figures):
    return {k: v for k, v in figures.items() if "ms" not in k and k != "seconds"}


@pytest.mark.parametrize("solver_name, soak", [("greedy", False), ("hamilton", True)])
def test_two_jobs_give_the_figures_of_one(solver_name, soak):
    # 40 games: the workers get them in batches of more than one
    one, two = (run_games(5, 4, 3, solver_name, seed=11, max_steps=2000, games=40, soak=soak, jobs=jobs)
                for jobs in (1, 2))
    assert without_timings(one) == without_timings(two)
    assert one["games"] == 40 and one["moves"] == two["moves"] > 0


def test_play_game_is_one_picklable_call_with_an_open_record():
    import pickle
    spec = GameSpec(6, 6, 3, "greedy", 4, 3600)
    record = pickle.loads(pickle.dumps(play_game(pickle.loads(pickle.dumps(spec)))))
    assert {"seed", "outcome", "length", "steps", "timing"} <= set(record)
    assert record["seed"] == 4 and record["steps"] == record["timing"].moves
    assert record == dict(record)  # a plain dict: other features add their keys to it


def test_a_broken_rule_in_a_worker_still_dumps_the_state(monkeypatch, tmp_path, capsys):
    monkeypatch.setitem(solvers.BUILT_IN, "greedy", "test_headless:Reverser")  # workers are forked: they see it too
    monkeypatch.chdir(tmp_path)
    import config
    args = bench_args(games=4, width=6, height=6, soak=True, jobs=2)
    assert headless_run(args, config.load(config.default_path())) == 1
    err = capsys.readouterr().err.strip().splitlines()[-1]
    assert err.startswith("error: invariant broken: the solver reversed") and "state written to" in err
    [log] = tmp_path.glob("output_*.log")
    assert json.loads(log.read_text())["autopilot"]["solver"] == "greedy"  # the name it played under


@pytest.mark.skipif("fork" not in multiprocessing.get_all_start_methods(), reason="workers see the patch by fork")
def test_workers_leave_ctrl_c_to_the_main_process(monkeypatch):
    def report_ctrl_c(spec):
        blocked = signal.SIGINT in signal.pthread_sigmask(signal.SIG_BLOCK, set())
        return {"ignores_ctrl_c": signal.getsignal(signal.SIGINT) == signal.SIG_IGN and not blocked}
    monkeypatch.setattr(games, "play_game", report_ctrl_c)  # what the forked workers will run
    handler = signal.getsignal(signal.SIGINT)
    specs = [GameSpec(4, 4, 3, "greedy", seed, 100) for seed in range(6)]
    records = list(play_all(specs, jobs=2))
    assert len(records) == 6 and all(record["ignores_ctrl_c"] for record in records)
    assert signal.getsignal(signal.SIGINT) is handler  # the main process still hears it
    assert signal.SIGINT not in signal.pthread_sigmask(signal.SIG_BLOCK, set())


@pytest.mark.skipif("fork" not in multiprocessing.get_all_start_methods(), reason="workers see the patch by fork")
@pytest.mark.parametrize("other_thread", [False, True])
def test_ctrl_c_while_the_workers_start_stops_the_run(monkeypatch, other_thread):
    """A Ctrl-C pressed while the workers are being started is held back, not lost: it stops
    the run once they are, and they are stopped with it. With another thread alive (a
    progress bar's, a cluster client's), the system may hand the Ctrl-C to that thread, which
    does not block it, and Python runs its handler in the main thread at once: it must be
    held back all the same (here that handler is called as the signal would call it)."""
    started, pressed = jobs._Worker.__init__, []

    def start_then_ctrl_c(self, context):
        started(self, context)
        if pressed:
            return  # one Ctrl-C, after the first worker starts: the second starts after it
        pressed.append(self)
        if other_thread:
            signal.getsignal(signal.SIGINT)(signal.SIGINT, None)
        else:
            os.kill(os.getpid(), signal.SIGINT)
    monkeypatch.setattr(jobs._Worker, "__init__", start_then_ctrl_c)
    specs = [GameSpec(4, 4, 3, "greedy", seed, 100) for seed in range(40)]
    played = []
    with pytest.raises(KeyboardInterrupt):
        played.extend(play_all(specs, jobs=2))
    assert not played and not multiprocessing.active_children()


@pytest.mark.skipif("fork" not in multiprocessing.get_all_start_methods(), reason="workers see the patch by fork")
def test_a_worker_that_dies_is_one_error_not_a_wait(monkeypatch):
    def die_on_seed_5(spec):
        if spec.seed == 5:
            os._exit(3)
        return {"seed": spec.seed}
    monkeypatch.setattr(games, "play_game", die_on_seed_5)
    specs = [GameSpec(4, 4, 3, "greedy", seed, 100) for seed in range(40)]
    with pytest.raises(jobs.WorkerLost, match="exit code 3"):
        list(play_all(specs, jobs=2))
    assert not multiprocessing.active_children()


def busy_after_the_first_batch(spec):
    """A game for forked workers: seeds 0 and 1 (the first batch of 2) at once, the others for
    ever (a stop that waited for them would never end)."""
    time.sleep(0 if spec.seed < 2 else 10 ** 6)
    return {"seed": spec.seed}


@pytest.mark.skipif("fork" not in multiprocessing.get_all_start_methods(), reason="workers see the patch by fork")
def test_stopping_kills_busy_workers_at_once(monkeypatch):
    monkeypatch.setattr(games, "play_game", busy_after_the_first_batch)
    specs = [GameSpec(4, 4, 3, "greedy", seed, 100) for seed in range(40)]
    records = play_all(specs, jobs=2)
    assert next(records) == {"seed": 0}
    import threading
    closing = threading.Thread(target=records.close)
    closing.start()
    closing.join(120)  # a bound for any machine's load; waiting for the workers' games would be for ever
    assert not closing.is_alive() and not multiprocessing.active_children()


@pytest.mark.skipif("fork" not in multiprocessing.get_all_start_methods(), reason="workers see the patch by fork")
def test_a_ctrl_c_while_the_workers_are_stopped_stops_them_all_first(monkeypatch):
    """A second Ctrl-C can come while the run stops its workers (pressed again, or the second
    of two close together, handed late to another thread): it is held back until every
    worker is killed and joined, then raised. Here it comes as the first worker is killed,
    the handler called as the signal would call it."""
    monkeypatch.setattr(games, "play_game", busy_after_the_first_batch)
    kill = multiprocessing.process.BaseProcess.kill
    pressed = []

    def kill_then_ctrl_c(process):
        kill(process)
        if not pressed:
            pressed.append(process)
            signal.getsignal(signal.SIGINT)(signal.SIGINT, None)
    monkeypatch.setattr(multiprocessing.process.BaseProcess, "kill", kill_then_ctrl_c)
    records = play_all([GameSpec(4, 4, 3, "greedy", seed, 100) for seed in range(40)], jobs=2)
    assert next(records) == {"seed": 0}
    with pytest.raises(KeyboardInterrupt):
        records.close()
    assert pressed and not multiprocessing.active_children()


def test_progress_names_the_board(tmp_path):
    done = headless("--games", "2", "--boards", "3x3,4x5", "--jobs", "1", cwd=str(tmp_path))
    assert done.returncode == 0, done.stderr
    assert "3x3 greedy: 2/2 games" in done.stderr and "4x5 greedy: 2/2 games" in done.stderr


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_ctrl_c_prints_the_finished_games_and_exits_130(tmp_path, jobs):
    """Ctrl-C as a terminal sends it: to the whole process group, workers included."""
    game = subprocess.Popen([sys.executable, os.path.join(ROOT, "main.py"), "--headless", "--games", "100000",
                             "--boards", "4x4,5x5", "--jobs", jobs], cwd=str(tmp_path), stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True, start_new_session=True)
    try:
        assert game.stderr.readline().startswith("4x4 greedy: 1/100000 games")  # a game has finished
        os.killpg(game.pid, signal.SIGINT)
        out, err = game.communicate(timeout=60)
    finally:
        if game.poll() is None:
            game.kill()
            game.wait()
    assert game.returncode == 130
    # stderr holds the progress and one closing line: nothing from the workers, no traceback
    *progress, closing = err.splitlines()
    assert all(re.fullmatch(r"4x4 greedy: \d+/100000 games, \d+ won", line) for line in progress), err
    assert closing == "interrupted: the figures are those of the games finished"
    *boards, last = [json.loads(line) for line in out.strip().splitlines()]
    assert last["interrupted"] is True and last["boards"] == ["4x4"] and 1 <= last["games"] < 100000
    assert boards[-1]["board"] == "4x4" and boards[-1]["games"] == last["games"]
    assert boards[-1]["wins"] + boards[-1]["losses"] + boards[-1]["stuck"] == last["games"]


# -- --takeover-from: hand greedy's endless loops to another autopilot ---------------------

def test_takeover_hands_each_proven_loop_over_and_counts_how_it_ended():
    """6x6, seeds 1-40: greedy's own games that it wins stay its wins; every game it is proven
    to circle in is handed to hamilton, which never loses one and wins every one the endgame
    search can prove (all but the few with no win at all)."""
    alone = run_games(6, 6, 3, "greedy", seed=1, max_steps=3600, games=40)
    taken = run_games(6, 6, 3, "hamilton", seed=1, max_steps=3600, games=40, takeover_from="greedy")
    assert taken["takeover_from"] == "greedy" and taken["handovers"] == alone["stuck"] > 0
    assert taken["handovers_lost"] == 0 and taken["losses"] == alone["losses"] == 0
    assert taken["handovers_won"] + taken["handovers_going"] == taken["handovers"]
    assert taken["wins"] == alone["wins"] + taken["handovers_won"]
    assert taken["handovers_won"] >= 0.7 * taken["handovers"]


def test_a_long_game_played_here_says_how_far_it_has_got(monkeypatch, capfd):
    import headless.games
    monkeypatch.setattr(headless.games, "REPORT_SECONDS", 0)
    args = bench_args(games=1, width=6, height=6, jobs=1)
    import config
    assert headless_run(args, config.load(config.default_path())) == 0
    err = capfd.readouterr().err.splitlines()
    going = [line for line in err if ": a game going on: move " in line]
    assert going and going[0].startswith("6x6 greedy: a game going on: move 1, length 3/36")


def test_takeover_is_headless_only_and_needs_a_memoryless_autopilot():
    done = headless("--takeover-from", "hamilton", "--games", "1", "--width", "4", "--height", "4")
    assert done.returncode == 2 and done.stderr.count("\n") == 1 \
        and "memoryless one" in done.stderr and "hamilton is not" in done.stderr
    done = subprocess.run([sys.executable, os.path.join(ROOT, "main.py"), "--takeover-from", "greedy"],
                          capture_output=True, text=True, cwd=ROOT, timeout=60)
    assert done.returncode == 2 and "--headless" in done.stderr and done.stderr.count("\n") == 1


def test_a_replay_of_a_handed_over_game_names_both_drivers():
    kept = []
    run_games(6, 6, 3, "hamilton", seed=1, max_steps=3600, games=12, takeover_from="greedy",
                    keep=kept.append)
    labels = {rep.solver for rep in kept}
    assert labels == {"greedy", "mixed"}  # greedy's own wins, and the games handed over


def test_a_hand_over_gets_by_default_the_moves_its_longest_endgame_proof_circles(capsys):
    """A proof near the end goes on while the snake circles (endgame.LIMIT of work at
    endgame.WORK a move), so the default --max-steps leaves room for it, on every board."""
    import config
    from hamilton import endgame
    circles = endgame.LIMIT // endgame.WORK
    shipped = config.load(config.default_path())
    plain = headless_settings(bench_args(width=16, height=12), shipped)
    taken = headless_settings(bench_args(width=16, height=12, takeover_from="greedy"), shipped)
    assert plain[-1] == 100 * 16 * 12 and taken[-1] == 100 * 16 * 12 + circles
    assert default_max_steps(3, 4, handed_over=True) == 1200 + circles
    given = headless_settings(bench_args(takeover_from="greedy", max_steps=50), config.load(config.default_path()))
    assert given[-1] == 50
    args = bench_args(games=1, boards="3x4", takeover_from="greedy", seed=1, jobs=1)
    assert headless_run(args, config.load(config.default_path())) == 0
    assert json.loads(capsys.readouterr().out.splitlines()[0])["max_steps"] == 1200 + circles  # --boards too


def test_a_game_cut_by_max_steps_is_no_hand_over():
    """Only a proven loop hands over; greedy stopped by --max-steps before that keeps the game."""
    taken = run_games(8, 8, 4, "hamilton", seed=1, max_steps=20, games=5, takeover_from="greedy")
    assert taken["handovers"] == 0 and taken["stuck"] == 5 and taken["avg_steps"] == 20


def test_takeover_after_hands_over_mid_game_and_hamilton_finishes_each_one():
    """Greedy plays 60 moves (sooner if its loop is proven), then hamilton takes a body in no
    order of its own: it wins every one of these, back in order by a route (survival.restore)."""
    taken = run_games(6, 6, 3, "hamilton", seed=1, max_steps=3600, games=12, takeover_from="greedy",
                            takeover_after=60)
    assert taken["takeover_after"] == 60 and taken["handovers"] == 12
    assert taken["handovers_won"] == 12 and taken["wins"] == 12
    game = Game(6, 6, 3, 1)
    assert hand_over(game, "greedy", 3600, after=60) == (True, "stuck") and game.steps == 60


@pytest.mark.parametrize("flags, says", [
    (["--takeover-after", "50"], "--takeover-after M needs --takeover-from"),
    (["--takeover-from", "greedy", "--takeover-after", "0"], "M at least 1"),
])
def test_takeover_after_refuses_what_it_cannot_do_in_one_line(flags, says):
    result = headless("--games", "1", *flags)
    assert result.returncode == 2 and says in result.stderr and len(result.stderr.strip().splitlines()) == 1


# -- --start-fill: the cost of late moves without playing there first ----------------------

@pytest.mark.parametrize("width, height, fill", [(8, 6, 0.5), (9, 9, 0.9), (7, 4, 0.3), (6, 6, 0.0)])
def test_start_fill_lays_the_snake_along_a_cycle_of_the_cell_tree(width, height, fill):
    from hamilton.celltree import CellTree
    from hamilton.grid import Grid
    game = Game(width, height, 3, 5)
    lay_out(game, fill)
    snake, grid = game.snake, Grid(width, height)
    assert len(snake) == max(3, round(fill * width * height))
    assert snake.valid() and not snake.at(game.fruit.where())
    assert len(snake) == game.initial_length + game.eaten  # the soak audit's rule still holds
    assert CellTree(width, height).fits(grid.flat_body(snake))
    again = Game(width, height, 3, 5)
    lay_out(again, fill)
    assert list(again.snake.body) == list(snake.body) and again.fruit.where() == game.fruit.where()


def test_start_fill_games_are_played_from_the_filled_board():
    result = headless("--games", "3", "--width", "8", "--height", "8", "--solver", "hamilton",
                      "--start-fill", "0.75", "--soak", "--jobs", "1")
    figures = json.loads(result.stdout.strip().splitlines()[-1])
    assert result.returncode == 0 and figures["wins"] == 3 and figures["start_fill"] == 0.75
    assert figures["avg_steps"] < 200  # from 48 cells, not from 4: an 8x8 game from the start takes about 450


@pytest.mark.parametrize("flags, says", [
    (["--start-fill", "1"], "--start-fill must be at least 0 and below 1"),
    (["--start-fill", "-0.1"], "--start-fill must be"),
    (["--start-fill", "0.5", "--boards", "1x6,4x4"], "at least 2x2, not 1x6"),
    (["--start-fill", "0.5", "--takeover-from", "greedy"], "cannot be used with --takeover-from"),
])
def test_start_fill_refuses_what_it_cannot_do_in_one_line(flags, says):
    result = headless("--games", "1", *flags)
    assert result.returncode == 2 and says in result.stderr and len(result.stderr.strip().splitlines()) == 1


def test_move_time_plays_the_hand_over_as_the_window_would_and_says_so():
    """16x12 seed 7, start 3: greedy circles with 2 free cells; at 0.3 s a move hamilton proves
    the end within the first waits and sets out at once, where the untimed game first goes
    round its loop back to where its proof began (a lap of the board)."""
    flags = ("--games", "1", "--width", "16", "--height", "12", "--initial-length", "3", "--seed", "7",
             "--takeover-from", "greedy", "--solver", "hamilton", "--jobs", "1")
    timed = json.loads(headless(*flags, "--move-time", "0.3").stdout.strip().splitlines()[-1])
    untimed = json.loads(headless(*flags).stdout.strip().splitlines()[-1])
    assert timed["move_time"] == 0.3 and "move_time" not in untimed
    assert timed["wins"] == untimed["wins"] == 1
    assert timed["avg_steps"] + 150 < untimed["avg_steps"]


@pytest.mark.parametrize("flags, says", [
    (["--move-time", "0"], "--move-time must be between 0.01 and 2.0 seconds"),
    (["--move-time", "nan"], "--move-time must be between"),
])
def test_move_time_refuses_what_the_window_could_not_play_in_one_line(flags, says):
    result = headless("--games", "1", *flags)
    assert result.returncode == 2 and says in result.stderr and len(result.stderr.strip().splitlines()) == 1


# -- --load: a logged moment (a player's hand-over) played out headless ----------------------

def logged_moment(tmp_path, moves=60):
    """A debug log of a 6x6 game greedy has played `moves` moves into: a body it did not lay."""
    import config
    from files import debuglog
    game = Game(6, 6, 3, seed=4)
    solver = solvers.make("greedy", game)
    for _ in range(moves):
        game.snake.turn(solver.next_direction())
        game.step()
    logged = config.validate({"window-width": 300, "window-height": 300, "block-size": 50, "speed": 0.1,
                              "auto": False, "solver": "greedy", "seed": 4, "initial-length": 3})
    return debuglog.write(game, logged, solver, directory=str(tmp_path)), game


def played_from(log, seed=None):
    """hamilton playing the logged moment in this process: (outcome, moves, length)."""
    from files import debuglog
    _, game = debuglog.load(log)
    if seed is not None:
        game.rng.seed(seed)
    first = game.steps
    solver = solvers.make("hamilton", game)
    while game.state == "playing":
        game.snake.turn(solver.next_direction())
        game.step()
    return game.state, game.steps - first, len(game.snake)


def test_load_plays_the_logged_moment_out_with_the_logs_own_fruits(tmp_path):
    log, game = logged_moment(tmp_path)
    result = headless("--load", log, "--solver", "hamilton")
    assert result.returncode == 0, result.stderr
    figures = json.loads(result.stdout.splitlines()[-1])
    assert (figures["board"], figures["games"], figures["seed"]) == ("6x6", 1, None)
    assert (figures["start_step"], figures["start_length"]) == (60, len(game.snake))
    assert figures["max_steps"] == default_max_steps(6, 6, handed_over=True)  # room for an endgame proof
    outcome, moves, length = played_from(log)
    assert (figures["wins"], figures["avg_steps"], figures["avg_length"]) == (outcome == "won", moves, length)


def test_load_with_a_seed_plays_other_fruits_from_the_same_moment(tmp_path):
    log, _ = logged_moment(tmp_path)
    result = headless("--load", log, "--solver", "hamilton", "--games", "3", "--seed", "7", "--jobs", "2")
    assert result.returncode == 0, result.stderr
    figures = json.loads(result.stdout.splitlines()[-1])
    assert (figures["games"], figures["seed"], figures["wins"]) == (3, 7, 3)
    games = [played_from(log, seed) for seed in (7, 8, 9)]
    assert figures["avg_steps"] == round(sum(moves for _, moves, _ in games) / 3, 1)
    assert len({moves for _, moves, _ in games}) > 1  # three fruit futures, not one game three times


def test_load_hands_over_mid_game_from_greedy_too(tmp_path):
    log, _ = logged_moment(tmp_path)
    result = headless("--load", log, "--takeover-from", "greedy", "--solver", "hamilton", "--games", "4",
                      "--seed", "1", "--jobs", "1")
    figures = json.loads(result.stdout.splitlines()[-1])
    assert result.returncode == 0 and figures["games"] == 4 and figures["handovers_lost"] == 0


@pytest.mark.parametrize("flags, says", [
    (["--games", "3"], "--games with --load needs --seed S"),
    (["--boards", "4x4"], "--boards cannot be used with --load"),
    (["--start-fill", "0.5"], "--start-fill cannot be used with --load"),
    (["--save-games", "out"], "--save-games cannot be used with --load"),
    (["--width", "8"], "--width cannot be used with --load"),
])
def test_load_refuses_what_it_cannot_do_in_one_line(tmp_path, flags, says):
    log, _ = logged_moment(tmp_path)
    result = headless("--load", log, *flags, cwd=str(tmp_path))
    assert result.returncode == 2 and says in result.stderr and len(result.stderr.strip().splitlines()) == 1
    assert not os.path.exists(tmp_path / "out")


def test_load_of_a_file_that_is_no_debug_log_is_one_line(tmp_path):
    bad = tmp_path / "notes.log"
    bad.write_text("{oops")
    result = headless("--load", str(bad))
    assert result.returncode == 2 and result.stderr.startswith("error: ")
    assert len(result.stderr.strip().splitlines()) == 1 and "Traceback" not in result.stderr


@pytest.mark.parametrize("rows, columns", [(30, 100), (0, 0)])  # as a window has; as `script` makes one
def test_on_a_terminal_progress_is_a_bar_with_games_won_and_time_left(tmp_path, rows, columns):
    """stderr on a pseudo-terminal: tqdm's bar (done/total, the time left, games won), no plain lines;
    also on one that says it has no size."""
    import pty
    pytest.importorskip("tqdm", reason="the bar is tqdm's (requirements.txt installs it)")
    import fcntl
    import struct
    import termios
    main_side, terminal = pty.openpty()
    fcntl.ioctl(terminal, termios.TIOCSWINSZ, struct.pack("HHHH", rows, columns, 0, 0))
    game = subprocess.Popen([sys.executable, os.path.join(ROOT, "main.py"), "--headless", "--games", "6",
                             "--width", "5", "--height", "5", "--jobs", "1"], cwd=str(tmp_path),
                            stdout=subprocess.PIPE, stderr=terminal, text=True)
    os.close(terminal)
    shown = b""
    while True:
        try:
            chunk = os.read(main_side, 4096)
        except OSError:  # the terminal closed with the process
            break
        if not chunk:
            break
        shown += chunk
    out, _ = game.communicate(timeout=60)
    os.close(main_side)
    assert game.returncode == 0 and json.loads(out.splitlines()[-1])["games"] == 6
    text = shown.decode()
    assert "5x5 greedy: 100%" in text and "6/6" in text and " won" in text and "<" in text  # elapsed<left
    assert "5x5 greedy: 6/6 games" not in text  # the plain line is for logs, not terminals
