"""Solvers from outside: named by FILE.py:CLASS or MODULE:CLASS, played wherever the built-in
ones play, and one that misbehaves takes nothing down with it (solvers/, docs/solvers.md)."""
import json
import os
import re
import subprocess
import sys
import textwrap
import time

import pygame
import pytest

import solvers
from files import replay
from game import Game, PLAYING
from headless.games import GameSpec, play_game
from snake import DOWN, RIGHT, Direction
from solver_files import write
from solvers import guard
from solvers.guard import Guarded, SolverFailed
from windows import make_config, press

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
TIMES = ("seconds", "move_ms_mean", "move_ms_p99", "move_ms_max", "move_ms_p99_worst")


def run(*flags, cwd, timeout=300, env=None):
    return subprocess.run([sys.executable, os.path.join(ROOT, "main.py"), *flags], capture_output=True, text=True,
                          cwd=cwd, timeout=timeout, env=env)


def json_lines(done):
    return [json.loads(line) for line in done.stdout.splitlines() if line.startswith("{")]


def untimed(figures):
    return {key: value for key, value in figures.items() if key not in TIMES}


@pytest.fixture
def mine(tmp_path):
    """The test's folder, holding mine.py (tests/solver_files.py)."""
    write(tmp_path)
    return tmp_path


@pytest.fixture
def fast_alarm(monkeypatch):
    monkeypatch.setattr(guard, "MOVE_SECONDS", 0.3)


# -- naming and loading -----------------------------------------------------------------------

def test_a_file_solver_plays_headless_named_by_its_class(mine):
    done = run("--headless", "--solver", "mine.py:Hugger", "--width", "4", "--height", "4", "--games", "3",
               "--soak", cwd=mine)
    assert done.returncode == 0, done.stderr
    figures = json_lines(done)[-1]
    assert figures["solver"] == "Hugger" and figures["wins"] == 3 and figures["failed"] == 0
    assert figures["source"] == f"{mine}/mine.py:Hugger"


def test_a_module_solver_is_imported_from_the_current_folder(mine):
    package = mine / "mysolvers"
    package.mkdir()
    (package / "__init__.py").write_text("")
    (package / "cycle.py").write_text("from mine import Hugger as Walker\n")
    done = run("--headless", "--solver", "mysolvers.cycle:Walker", "--width", "4", "--height", "4", "--games", "2",
               cwd=mine)
    assert done.returncode == 0, done.stderr
    assert json_lines(done)[-1]["solver"] == "Walker" and json_lines(done)[-1]["wins"] == 2


def test_the_configs_solver_file_is_found_beside_the_config(mine, tmp_path_factory):
    config = dict(make_config(), solver="mine.py:Hugger")
    (mine / "config.json").write_text(json.dumps(config))
    elsewhere = tmp_path_factory.mktemp("elsewhere")
    done = run("--headless", "--config", str(mine / "config.json"), "--games", "1", cwd=elsewhere)
    assert done.returncode == 0, done.stderr
    assert json_lines(done)[-1]["solver"] == "Hugger"


@pytest.mark.parametrize("ref, says", [
    ("nothere.py:Mine", "error: nothere.py: file not found"),
    ("broken.py:Mine", "error: broken.py:3: syntax error: "),
    ("needs.py:Mine", "error: needs.py: loading it failed: ModuleNotFoundError: No module named 'nosuchmodule'"),
    ("mine.py:Nope", "error: mine.py: no class Nope in it (its classes: BadInit, BadPath, "),
    ("mine.py:not_a_class", "error: mine.py: not_a_class is not a solver: it is a function, not a class"),
    ("plain.py:Seven", "error: plain.py: Seven is not a solver: it is an int, not a class"),
    ("mine.py:NoMove", "error: mine.py: NoMove is not a solver: it has no next_direction() method"),
    ("mine.py:NoGame", "error: mine.py: NoGame is not a solver: NoGame(game) cannot be called"),
    ("nosuchmodule:Mine", "error: nosuchmodule: no such module (from the current folder or PYTHONPATH)"),
    ("mine.py:", "error: --solver: mine.py:: a solver from outside is named FILE.py:CLASS or MODULE:CLASS"),
    ("astar", "error: --solver: no solver 'astar': one of greedy, hamilton, shortest, random, rival, "
              "or one of your own"),
])
@pytest.mark.parametrize("mode", [["--headless", "--games", "1"], []])
def test_a_solver_that_cannot_be_played_is_one_line_naming_the_file_and_exit_2(mine, ref, says, mode):
    (mine / "broken.py").write_text("from solver import Solver\n\nclass Mine(Solver)\n    pass\n")
    (mine / "needs.py").write_text("import nosuchmodule\n")
    (mine / "plain.py").write_text("Seven = 7\n")
    done = run(*mode, "--solver", ref, cwd=mine, env=dict(os.environ, SDL_VIDEODRIVER="dummy"))
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr.startswith(says) and done.stderr.count("\n") == 1, done.stderr


def test_the_window_plays_one_solver_and_headless_refuses_one_named_twice(mine):
    done = run("--solver", "greedy,hamilton", cwd=mine)
    assert done.returncode == 2 and "the window plays one solver" in done.stderr
    done = run("--headless", "--solver", "mine.py:Hugger,mine.py:Hugger", "--games", "1", cwd=mine)
    assert done.returncode == 2 and "names one solver twice" in done.stderr


# -- the guard: what a solver may not do --------------------------------------------------------

def guarded(mine, name, game=None):
    return Guarded(f"{mine}/mine.py:{name}", game or Game(4, 4, 2, seed=1))


def test_a_solver_of_your_own_plays_a_copy_of_the_game_and_the_real_one_moves_on(mine):
    game = Game(4, 4, 2, seed=1)
    solver = guarded(mine, "Hugger", game)
    assert solver.solver.game is not game and not solver.trusted
    for _ in range(5):
        game.snake.turn(solver.next_direction())
        game.step()
        solver.next_direction()
        assert list(solver.solver.game.snake.body) == list(game.snake.body)
        assert solver.solver.game.fruit.where() == game.fruit.where() and solver.solver.game.steps == game.steps


@pytest.mark.parametrize("name, why", [
    ("Words", "answered 'up', not a direction"),
    ("Yes", "answered True, not a direction"),
    ("RaisesOnSeedTwo", "raised ZeroDivisionError: seven"),
    ("Eats", "changed the game (the snake's body)"),
    ("MovesTheFruit", "changed the game (the fruit)"),
    ("Steers", "changed the game (the snake's body)"),
    ("Turns", "changed the game (the snake's heading)"),
    ("Exits", "raised SystemExit: 3"),
    ("Spins", "took longer than 0.3 s"),
    ("Swallows", "took longer than 0.3 s"),
])
def test_each_way_of_breaking_the_contract_is_a_failure_and_the_real_game_is_untouched(mine, fast_alarm, name, why):
    game = Game(4, 4, 2, seed=2)
    solver = guarded(mine, name, game)
    with pytest.raises(SolverFailed) as failed:
        for _ in range(20):
            before = (list(game.snake.body), game.snake.direction(), game.fruit.where(), game.steps)
            direc = solver.next_direction()
            assert (list(game.snake.body), game.snake.direction(), game.fruit.where(), game.steps) == before
            game.snake.turn(direc)
            game.step()
    assert failed.value.why.startswith(why) and failed.value.name == name
    assert str(failed.value).startswith(f"{name}.next_direction at move {failed.value.move + 1}: {why}")
    with pytest.raises(SolverFailed):  # asked nothing more
        solver.next_direction()


def test_an_int_is_a_direction_but_a_bool_is_not(mine):
    solver = guarded(mine, "Hugger")
    assert solver.next_direction() is Direction.RIGHT
    assert Guarded.next_direction.__doc__


def test_a_whole_number_of_another_type_is_an_int_too(mine):
    """NumPy's int64 (a policy's argmax) has __index__ but is no int: a direction and a cell all the same."""
    game = Game(4, 4, 2, seed=1)
    solver, hugger = guarded(mine, "Indexed", game), guarded(mine, "Hugger", Game(4, 4, 2, seed=1))
    for _ in range(12):
        direc = solver.next_direction()
        assert type(direc) is Direction and direc is hugger.next_direction()
        path = solver.planned_path()
        assert path == hugger.planned_path() and all(type(v) is int for cell in path for v in cell)
        for play in (game, hugger.game):
            play.snake.turn(direc)
            play.step()


def test_a_numpy_integer_is_a_direction():
    np = pytest.importorskip("numpy", reason="./run.sh test installs numpy with gymnasium")
    from solvers.guard import whole
    assert [whole(v) for v in (np.int64(2), np.uint8(3), np.array(1))] == [2, 3, 1]
    assert [whole(v) for v in (np.True_, np.array(False), True, np.float64(2.0), 2.0, "2", None)] == [None] * 7


def test_failures_in_the_optional_calls_and_the_constructor(mine, fast_alarm):
    with pytest.raises(SolverFailed, match=r"BadInit.__init__ at move 1: raised RuntimeError: no"):
        guarded(mine, "BadInit")
    with pytest.raises(SolverFailed, match=r"not a list of cells \(x, y\) on the board"):
        guarded(mine, "BadPath").planned_path()
    clock = [0.0]
    with pytest.raises(SolverFailed, match="think at move 1: took longer than 1.3 s"):
        guarded(mine, "SlowThinker").think(1.0, lambda: clock[0])


def test_a_thinks_limit_is_said_in_hundredths_of_a_second(mine, fast_alarm):
    """The limit of think() is the wait left, read from a clock, and a move's time more."""
    with pytest.raises(SolverFailed, match=r"think at move 1: took longer than 0\.35 s$"):
        guarded(mine, "SpinningThinker").think(1.0, lambda: 0.95002)


def test_what_a_solver_prints_goes_to_stderr(mine, capfd):
    guarded(mine, "Loud").next_direction()
    out, err = capfd.readouterr()
    assert out == "" and "thinking out loud" in err


def test_ctrl_c_inside_a_solver_is_not_a_failure(mine):
    solver = guarded(mine, "Hugger")
    solver.solver.next_direction = lambda: (_ for _ in ()).throw(KeyboardInterrupt)
    with pytest.raises(KeyboardInterrupt):
        solver.next_direction()


def test_the_alarm_stops_calls_in_several_threads_at_once():
    import threading

    def spin():
        while True:
            pass
    results = []
    threads = [threading.Thread(target=lambda i=i: results.append((i, guard.Alarm.shared().run(
        spin if i % 2 else (lambda: i), 0.2)))) for i in range(6)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(30)
    assert sorted(results) == [(i, (None, True) if i % 2 else (i, False)) for i in range(6)]


def stopped_in_a_child(queue):
    """In a forked child: whether the alarm stops a call that runs 3 s past its 0.2 s."""
    answer, late = guard.Alarm.shared().run(lambda: time.sleep(0.01) or all(time.sleep(0.01) is None
                                                                            for _ in range(300)), 0.2)
    queue.put((answer, late))


@pytest.mark.skipif(not hasattr(os, "fork"), reason="fork is POSIX's")
def test_a_forked_child_has_a_watchdog_of_its_own():
    """A vector env's workers and --jobs fork the process; the parent's watchdog thread is not
    forked with it, so the child starts its own."""
    import multiprocessing

    guard.Alarm.shared()  # the parent's, with its thread
    context = multiprocessing.get_context("fork")
    queue = context.Queue()
    child = context.Process(target=stopped_in_a_child, args=(queue,))
    child.start()
    assert queue.get(timeout=60) == (None, True)
    child.join(30)


# -- headless ---------------------------------------------------------------------------------

def test_a_failed_game_is_counted_the_others_go_on_and_the_run_exits_1(mine):
    flags = ["--headless", "--solver", "mine.py:RaisesOnSeedTwo", "--width", "4", "--height", "4", "--games", "4",
             "--save-games", "replays", "--results", "run.jsonl"]
    done = run(*flags, cwd=mine)
    assert done.returncode == 1
    figures = json_lines(done)[-1]
    assert (figures["wins"], figures["failed"], figures["games"]) == (3, 1, 4)
    assert figures["failures"] == [{"seed": 2, "why": "RaisesOnSeedTwo.next_direction at move 8: "
                                                      "raised ZeroDivisionError: seven"}]
    assert "failed: 4x4 seed 2: RaisesOnSeedTwo.next_direction at move 8" in done.stderr
    assert len(os.listdir(mine / "replays")) == 4  # every game's replay, the failed one "stuck"
    lines = (mine / "run.jsonl").read_text().splitlines()
    assert len(lines) == 5 and json.loads(lines[2])["outcome"] == "failed"
    again = run(*flags, cwd=mine)  # taken from the file: the same figures, the same exit
    assert again.returncode == 1 and untimed(json_lines(again)[-1]) == untimed(figures)


def test_several_solvers_play_the_same_boards_and_seeds_then_a_table(mine):
    done = run("--headless", "--solver", "greedy,mine.py:Hugger,random", "--boards", "4x4,6x4", "--games", "5",
               "--seed", "3", cwd=mine)
    assert done.returncode == 0, done.stderr
    lines = json_lines(done)
    assert [(line["board"], line["solver"]) for line in lines] == [
        ("4x4", "greedy"), ("4x4", "Hugger"), ("4x4", "random"), ("6x4", "greedy"), ("6x4", "Hugger"),
        ("6x4", "random")]
    assert all(line["seed"] == 3 and line["games"] == 5 for line in lines)
    table = done.stdout[done.stdout.index("4x4, from length"):].splitlines()
    assert table[1].split() == ["solver", "games", "won", "lost", "stuck", "failed", "moves", "to", "win", "sd", "95%",
                                "interval", "length", "ms/move", "p99", "ms"]
    hugger = next(row for row in table if row.startswith("Hugger"))
    assert re.match(r"Hugger +5 +5 +0 +0 +0 +[0-9.]+ +[0-9.]+ +[0-9.]+ - [0-9.]+ +16\.00 ", hugger), hugger
    alone = run("--headless", "--solver", "mine.py:Hugger", "--width", "6", "--height", "4", "--games", "5",
                "--seed", "3", cwd=mine)
    assert untimed(json_lines(alone)[-1]) == untimed(lines[4])  # the same games as on its own


def test_jobs_give_the_figures_of_one_job_for_a_solver_file(mine):
    flags = ["--headless", "--solver", "mine.py:Hugger,shortest", "--boards", "4x4,6x4", "--games", "6"]
    one, two = run(*flags, "--jobs", "1", cwd=mine), run(*flags, "--jobs", "2", cwd=mine)
    assert one.returncode == two.returncode == 0
    assert [untimed(line) for line in json_lines(one)] == [untimed(line) for line in json_lines(two)]


def test_a_stopped_run_of_several_solvers_goes_on_from_its_results(mine):
    flags = ["--headless", "--solver", "greedy,mine.py:Hugger", "--boards", "4x4", "--games", "4",
             "--results", "run.jsonl"]
    first = run(*flags, cwd=mine)
    lines = (mine / "run.jsonl").read_text().splitlines()
    (mine / "run.jsonl").write_text("\n".join(lines[:3]) + "\n")  # as if stopped after two games
    again = run(*flags, cwd=mine)
    assert "2 of 8 games taken from run.jsonl" in again.stderr
    assert [untimed(line) for line in json_lines(again)] == [untimed(line) for line in json_lines(first)]
    assert len((mine / "run.jsonl").read_text().splitlines()) == 9
    assert {json.loads(line)["solver"] for line in lines[1:]} == {"greedy", f"{mine}/mine.py:Hugger"}


PLAIN = textwrap.dedent("""
    from snake import DIRECTIONS


    class Plain:  # no base class: the attributes a Solver has are optional
        def __init__(self, game):
            self.game = game

        def next_direction(self):
            snake = self.game.snake
            return next((d for d in DIRECTIONS if snake.is_safe_move(d)), snake.direction())


    class PlainMemoryless(Plain):
        memoryless = True
""")


def test_takeover_from_a_solver_with_no_base_class_is_refused_unless_it_says_it_is_memoryless(tmp_path):
    write(tmp_path, "plain.py", PLAIN)
    flags = ["--headless", "--solver", "hamilton", "--width", "4", "--height", "4", "--games", "2"]
    refused = run(*flags, "--takeover-from", "plain.py:Plain", cwd=tmp_path)
    assert refused.returncode == 2 and refused.stderr.count("\n") == 1, refused.stderr
    assert refused.stderr.startswith("error: --takeover-from needs a solver whose endless loops can be proven")
    done = run(*flags, "--takeover-from", "plain.py:PlainMemoryless", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    assert json_lines(done)[-1]["takeover_from"].endswith("plain.py:PlainMemoryless")


def test_a_hand_over_to_a_solver_file_and_its_replay_plays_back_without_it(mine):
    done = run("--headless", "--takeover-from", "greedy", "--solver", "mine.py:Hugger", "--width", "4", "--height",
               "4", "--games", "6", "--save-games", "replays", "--soak", cwd=mine)
    assert done.returncode == 0, done.stderr
    figures = json_lines(done)[-1]
    assert figures["takeover_from"] == "greedy" and figures["handovers"] >= 1 and figures["failed"] == 0
    os.remove(mine / "mine.py")
    labels = set()
    for name in os.listdir(mine / "replays"):
        rep = replay.load(str(mine / "replays" / name))  # played through the rules, no solver needed
        labels.add(rep.solver)
    assert labels <= {"greedy", "mixed", "Hugger"} and labels & {"mixed", "Hugger"}


def test_record_draws_a_solver_files_game(mine):
    pytest.importorskip("PIL")
    done = run("--headless", "--solver", "mine.py:Hugger", "--width", "4", "--height", "4", "--games", "1",
               "--record", "game.gif", cwd=mine)
    assert done.returncode == 0, done.stderr
    assert (mine / "game.gif").read_bytes()[:6] == b"GIF89a"


def test_a_memoryless_solver_file_may_hand_over_and_its_loop_is_proven(mine):
    (mine / "circler.py").write_text(textwrap.dedent('''
        from solvers.baselines import ShortestSolver

        class Circler(ShortestSolver):
            """Round and round the top-left 2x2 block: the fruit is never eaten."""
            memoryless = True

            def next_direction(self):
                return {(0, 0): 3, (1, 0): 1, (1, 1): 2, (0, 1): 0}[self.game.snake.head()]
    '''))
    game = Game(5, 5, 2, seed=4)
    game.fruit.place((4, 4))
    spec = GameSpec(5, 5, 2, f"{mine}/circler.py:Circler", 4, 500)
    record = play_game(spec)
    assert record["outcome"] == "stuck" and record["steps"] < 20  # proven, not at the move limit


# -- the window -------------------------------------------------------------------------------

def window_app(mine, solver="mine.py:Hugger", **changes):
    from window.start import App
    ref = solvers.canonical(solver, str(mine))
    return App(make_config(auto=True, solver=ref, **changes))


def test_the_window_plays_a_solver_file_and_tab_goes_through_it_after_the_built_ins(mine):
    app = window_app(mine)
    assert app.choices == ["greedy", "hamilton", "shortest", "random", "rival", f"{mine}/mine.py:Hugger"]
    for _ in range(10):
        assert app.tick()
    assert app.game.state == PLAYING and "autopilot on: Hugger" in app.say.caption()
    names = []
    for _ in range(6):
        press(app, pygame.K_TAB)
        names.append(app.solver_shown)
    assert names == ["greedy", "hamilton", "shortest", "random", "rival", "Hugger"]


def test_o_and_c_show_a_solver_files_path_and_cycle(mine):
    app = window_app(mine)
    app.tick()
    press(app, pygame.K_o)
    press(app, pygame.K_c)
    app.render()
    assert app.overlays.path_cells() == [app.solver.solver.after[app.game.snake.head()]]
    lines = app.overlays.cycle_lines()
    assert len(lines) == app.game.cells


def test_a_failing_solver_in_the_window_says_who_when_and_why_and_hands_the_keys_back(mine, capsys):
    app = window_app(mine, "mine.py:RaisesOnSeedTwo", seed=2)
    app.new_game(seed=2)
    while app.auto:
        app.tick()
    assert app.game.steps == 7 and app.game.state == PLAYING and app.waiting and app.solver is None
    board = app.say.board()
    assert board[1][0][0] == "RaisesOnSeedTwo failed at move 8: raised ZeroDivisionError: seven"
    assert "steer" in board[1][0][1] and "RaisesOnSeedTwo failed" in app.say.caption()
    assert "error: RaisesOnSeedTwo.next_direction at move 8" in capsys.readouterr().err
    assert not app.tick()  # the snake waits for the player
    press(app, pygame.K_s if app.game.snake.direction() != 0 else pygame.K_d)
    assert app.failure is None and app.tick() and app.game.steps == 8


def test_a_failing_plan_switches_the_autopilot_off_too(mine):
    app = window_app(mine, "mine.py:BadPath")
    app.tick()
    press(app, pygame.K_o)
    app.render()
    assert not app.auto and app.failure is not None and app.failure.call == "planned_path"


# -- the baselines and the example -------------------------------------------------------------

@pytest.mark.parametrize("name", ["random", "shortest"])
def test_the_baselines_never_move_into_death_while_a_move_survives(name):
    for seed in range(1, 30):
        game = Game(6, 6, 3, seed=seed)
        solver = solvers.make(name, game)
        while not game.over() and game.steps < 2000:
            direc = solver.next_direction()
            survives = [d for d in Direction if game.snake.is_safe_move(d)]
            assert not survives or direc in survives
            game.snake.turn(direc)
            game.step()


def test_shortest_takes_a_shortest_way_to_the_fruit():
    game = Game(6, 6, 3, seed=1)
    game.fruit.place((2, 3))
    solver = solvers.make("shortest", game)
    assert solver.next_direction() == DOWN and len(solver.planned_path()) == 3  # (2,1) (2,2) (2,3)
    game.fruit.place((5, 0))
    assert solver.next_direction() == RIGHT and len(solver.planned_path()) == 3


def test_the_example_is_short_imports_only_what_the_page_documents_and_never_loses(tmp_path):
    path = os.path.join(ROOT, "examples", "careful.py")
    with open(path, encoding="utf-8") as f:
        text = f.read()
    assert len(text.splitlines()) < 40
    imported = set(re.findall(r"^(?:from (\S+) import|import (\S+))", text, re.M))
    assert {a or b for a, b in imported} <= {"collections", "snake", "solver"}
    done = run("--headless", "--solver", f"{path}:Careful", "--boards", "3x3,4x4,6x6,5x7", "--games", "30", "--soak",
               cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    for line in json_lines(done):
        assert line["losses"] == 0 and line["failed"] == 0 and line["wins"] >= line["games"] // 3, line


def test_the_pages_test_example_runs():
    with open(os.path.join(ROOT, "docs", "solvers.md"), encoding="utf-8") as f:
        block, = re.findall(r"```python\n(.*?)```", f.read(), re.S)
    sys.path.insert(0, os.path.join(ROOT, "examples"))
    try:
        scope = {}
        exec(compile(block, "docs/solvers.md", "exec"), scope)
        scope["test_careful_fills_a_small_board"]()
    finally:
        sys.path.remove(os.path.join(ROOT, "examples"))
