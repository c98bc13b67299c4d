"""main.py from the command line: a bad config is one line and exit code 2, wherever it starts."""
import json
import os
import subprocess
import sys
from types import SimpleNamespace

import pytest

import config
import solvers
from window import key_help

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def run_main(*flags, cwd=ROOT):
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    return subprocess.run([sys.executable, os.path.join(ROOT, "main.py"), *flags], capture_output=True,
                          text=True, cwd=cwd, env=env, timeout=60)


def run_main_watched(tmp_path, *flags, hide=()):
    """main.py with `flags`, in a fresh Python started in `tmp_path`, where the packages `hide`
    names cannot be imported (as if not installed) and pygame's greeting is not hidden by the
    environment. The finished process, and the names of the modules it had imported when it
    exited (its sys.modules then)."""
    listed = tmp_path / "modules.json"
    code = (f"import atexit, json, runpy, sys; sys.modules.update(dict.fromkeys({list(hide)!r})); "
            f"atexit.register(lambda: open({str(listed)!r}, 'w').write(json.dumps(sorted(sys.modules)))); "
            f"sys.path.insert(0, {ROOT!r}); sys.argv = {[os.path.join(ROOT, 'main.py'), *flags]!r}; "
            "runpy.run_path(sys.argv[0], run_name='__main__')")
    env = {key: value for key, value in os.environ.items() if key != "PYGAME_HIDE_SUPPORT_PROMPT"}
    env.update(SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=str(tmp_path),
                          env=env, timeout=120)
    return done, set(json.loads(listed.read_text()))


SMALL_RUN = ("--headless", "--width", "6", "--height", "6", "--games", "1")
NOT_HEADLESS = {"pygame", "window", "drawer", "distributed", "dask"}  # packages, each with its modules
HEADLESS_WINDOW = {"window", "window.key_help"}  # the package's environment and --help's keys: no pygame


def not_headless(modules):
    """The modules among `modules` that a headless run on this machine does without: pygame, the
    window's (but its package and keys' table), drawer.py's, Dask's and the cluster's own."""
    return sorted(name for name in modules if name not in HEADLESS_WINDOW
                  and (name.split(".")[0] in NOT_HEADLESS or name == "headless.cluster"))


@pytest.mark.parametrize("flags", [["--max-steps", "50"], ["--versus", "greedy,rival"],
                                   ["--soak", "--max-steps", "50"],
                                   ["--takeover-from", "greedy", "--solver", "hamilton", "--max-steps", "50"],
                                   ["--jobs", "2", "--games", "2", "--max-steps", "50"]])
def test_a_headless_run_imports_no_pygame_no_window_and_no_dask(tmp_path, flags):
    done, imported = run_main_watched(tmp_path, *SMALL_RUN, *flags)
    assert done.returncode == 0, done.stderr
    assert not_headless(imported) == []


def test_a_headless_record_draws_without_the_window_and_pygames_greeting_stays_off_stdout(tmp_path):
    done, imported = run_main_watched(tmp_path, *SMALL_RUN, "--solver", "hamilton", "--record", "a.gif")
    assert done.returncode == 0, done.stderr
    assert {"drawer", "pygame"} <= imported and not_headless(imported) == ["drawer"] + pygame_s(imported)
    assert len(done.stdout.splitlines()) == 1 and json.loads(done.stdout)["wins"] == 1
    assert (tmp_path / "a.gif").is_file()


def pygame_s(modules):
    """pygame's own modules among `modules`, sorted."""
    return sorted(name for name in modules if name.split(".")[0] == "pygame")


def test_without_pygame_a_headless_run_plays_and_the_window_says_so_in_one_line(tmp_path):
    done, _ = run_main_watched(tmp_path, *SMALL_RUN, "--max-steps", "50", hide=["pygame"])
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout.splitlines()[-1])["board"] == "6x6"
    done, _ = run_main_watched(tmp_path, hide=["pygame"])
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr == "error: pygame-ce is not installed for this Python; ./run.sh play installs it, or " \
                          f"{sys.executable} -m pip install pygame-ce\n"
    done, _ = run_main_watched(tmp_path, *SMALL_RUN, "--record", "a.gif", hide=["pygame"])
    assert done.returncode == 2 and done.stderr.count("\n") == 1 and "-m pip install pygame-ce" in done.stderr
    assert not (tmp_path / "a.gif").exists()


def test_without_pygame_help_still_lists_the_keys(tmp_path):
    done, _ = run_main_watched(tmp_path, "--help", hide=["pygame"])
    assert done.returncode == 0, done.stderr
    assert done.stdout.rstrip("\n").splitlines()[-len(key_help.KEY_HELP) - 1] == "keys in the window:"


@pytest.mark.parametrize("content, words", [
    (None, "file not found"),
    ("", "empty"),
    ("{oops", "not valid JSON"),
    ('{"window-width": 800}', "missing keys"),
    (json.dumps({"window-width": 800, "window-height": 600, "block_size": 50, "speed": 0.3, "auto": True}),
     'did you mean "block-size"'),
    (json.dumps({"window-width": 800, "window-height": 600, "block-size": 70, "speed": 0.3, "auto": True}),
     "must divide"),
])
def test_bad_config_is_one_line_and_exit_2(tmp_path, content, words):
    path = tmp_path / "config.json"
    if content is not None:
        path.write_text(content)
    done = run_main("--config", str(path))
    assert done.returncode == 2
    assert done.stderr.startswith("error: ") and words in done.stderr
    assert done.stderr.count("\n") == 1 and "Traceback" not in done.stderr


def test_default_config_is_found_from_any_directory(tmp_path):
    done = run_main("--headless", "--games", "1", "--width", "4", "--height", "4", "--max-steps", "50",
                    cwd=str(tmp_path))
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout.splitlines()[-1])["board"] == "4x4"


@pytest.mark.parametrize("name", sorted(solvers.BUILT_IN))
def test_the_config_accepts_every_registered_solver(name):
    data = {"window-width": 800, "window-height": 600, "block-size": 50, "speed": 0.3, "auto": True,
            "solver": name}
    assert config.validate(data)["solver"] == name


def test_the_config_names_every_autopilot_when_refusing_one():
    data = {"window-width": 800, "window-height": 600, "block-size": 50, "speed": 0.3, "auto": True,
            "solver": "nope"}
    with pytest.raises(config.ConfigError,
                       match="one of greedy, hamilton, shortest, random, rival, or one of your own"):
        config.validate(data)


def test_the_config_knows_the_names_of_the_solvers_without_importing_any_solver():
    done = subprocess.run([sys.executable, "-c", "import sys, config; print(sorted(m for m in sys.modules "
                           "if m in ('solver', 'hamilton', 'pather') or m.startswith('hamilton.')))"],
                          cwd=ROOT, capture_output=True, text=True)
    assert done.stdout.strip() == "[]", done.stderr


@pytest.mark.parametrize("flags", [["--games", "abc"], ["--bogus"], ["--width"]])
def test_bad_flag_is_one_line_and_exit_2(flags):
    done = run_main(*flags)
    assert done.returncode == 2 and done.stderr.count("\n") == 1 and "Traceback" not in done.stderr


# -- every flag works in the mode it names, or is refused in one line -------------------------

@pytest.fixture
def window(monkeypatch):
    """main.main() in this process with a stand-in for the window: it records what the App
    would have been built with, and its run() returns at once (a missed refusal cannot hang)."""
    from window import start
    seen = {}

    class FakeApp:
        def __init__(self, config, game=None, paused=False, score_book=None, **more):
            seen.update(config=config, game=game, paused=paused)
            self.saves = SimpleNamespace(gif_args=None)
            self.reopen = None  # no other mode asked for next

        def run(self):
            return 0

        def game_ended(self):
            """The best scores and --record: nothing was played."""
    monkeypatch.setattr(start, "App", FakeApp)
    return seen


@pytest.fixture
def built_app(window):
    """Run main() with these flags; returns what the window was built with."""
    import main

    def build(*flags):
        assert main.main(list(flags)) == 0
        return window
    return build


def refusal(capsys, *flags):
    """Run main() in this process; return the one line it printed on refusing the flags.

    Every test that calls it asks for the `window` fixture, so nothing opens a window."""
    import main
    with pytest.raises(SystemExit) as info:
        main.main(list(flags))
    assert info.value.code == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "Traceback" not in err
    return err


@pytest.mark.parametrize("flags", [["--games", "5"], ["--games", "0"], ["--soak"], ["--boards", "2x2"],
                                   ["--max-steps", "9"], ["--jobs", "2"], ["--jobs", "0"], ["--takeover-after", "5"],
                                   ["--move-time", "0.3"]])
def test_headless_only_flags_are_refused_in_the_window(window, capsys, flags):
    assert f"{flags[0]} is for --headless runs only" in refusal(capsys, *flags)


@pytest.mark.parametrize("flags, words", [
    (["--load", "x.log", "--config", "c.json"], "--config cannot be used with --load"),
    (["--load", "x.log", "--width", "5"], "--width cannot be used with --load"),
    (["--load", "x.log", "--initial-length", "2"], "--initial-length cannot be used with --load"),
])
def test_flags_that_would_be_ignored_are_refused(window, capsys, flags, words):
    assert words in refusal(capsys, *flags)


def test_game_flags_apply_to_the_window(built_app):
    config_ = built_app("--solver", "hamilton", "--seed", "5", "--width", "10", "--height", "8",
                        "--initial-length", "4")["config"]
    assert config_["solver"] == "hamilton" and config_["seed"] == 5
    assert config.board_size(config_) == (10, 8) and config_["initial-length"] == 4
    assert config_["window-width"] == 10 * config_["block-size"]


def test_without_flags_the_window_plays_the_config(built_app):
    assert built_app()["config"] == config.load(config.default_path())


def test_solver_and_seed_apply_to_a_loaded_game(built_app, tmp_path):
    from files import debuglog
    from game import Game
    logged = config.validate({"window-width": 400, "window-height": 300, "block-size": 50, "speed": 0.3,
                              "auto": True, "solver": "greedy", "seed": 1})
    log = debuglog.write(Game(8, 6, 3, seed=1), logged, directory=str(tmp_path))
    seen = built_app("--load", log, "--solver", "hamilton", "--seed", "9")
    assert seen["paused"] and seen["game"] is not None
    assert (seen["config"]["solver"], seen["config"]["seed"]) == ("hamilton", 9)


@pytest.mark.parametrize("flags, words", [
    (["--width", "0"], "--width 0: the board must be 3 cells wide or more (the snake of length 3 starts"),
    (["--width", "2"], "--width 2: the board must be 3 cells wide or more"),
    (["--height", "0"], "--height 0: the board must be 1 cell high or more"),
    (["--width", "3", "--initial-length", "4"], "--width 3: the board must be 4 cells wide or more"),
    (["--width", "9000"], "--width 9000: the board can be at most 8192 cells wide"),
    (["--width", "3", "--height", "1"], "a 3x1 board leaves no free cell for the fruit"),
])
def test_a_board_the_window_cannot_show_is_one_line(window, capsys, flags, words):
    import main
    assert main.main(flags) == 2
    err = capsys.readouterr().err
    assert err.startswith("error: ") and words in err and err.count("\n") == 1


def test_help_ends_with_the_keys_of_key_help():
    done = run_main("--help")
    assert done.returncode == 0
    tail = done.stdout.rstrip("\n").splitlines()[-len(key_help.KEY_HELP):]
    assert [line.split(None, 1)[0] for line in tail] == [keys.split()[0] for keys, _ in key_help.KEY_HELP]
    assert all(line.strip().endswith(does) for line, (_, does) in zip(tail, key_help.KEY_HELP))
    assert done.stdout.rstrip("\n").splitlines()[-len(key_help.KEY_HELP) - 1] == "keys in the window:"


def test_key_help_is_the_final_key_set():
    keys = [keys for keys, _ in key_help.KEY_HELP]
    assert keys[0].startswith("W A S D") and keys[-1].startswith("Q")
    assert {"U", "I", "P", "R", "Return", "Tab", "O", "space", "G"} <= set(keys)
    assert all(isinstance(does, str) and does for _, does in key_help.KEY_HELP)


# -- one rule for seeds, in the config and on the command line ------------------------------

@pytest.mark.parametrize("headless", [False, True])
def test_a_negative_seed_flag_is_refused_like_the_config(window, capsys, headless):
    flags = ["--headless"] * headless + ["--seed", "-5"]
    assert f"--seed: must be {config.SEED_RULE}, got -5" in refusal(capsys, *flags)
    data = {"window-width": 800, "window-height": 600, "block-size": 50, "speed": 0.3, "auto": True, "seed": -1}
    with pytest.raises(config.ConfigError, match=f'"seed" must be {config.SEED_RULE}'):
        config.validate(data)


def test_seed_zero_is_accepted_in_both(built_app):
    assert built_app("--seed", "0")["config"]["seed"] == 0
    data = {"window-width": 800, "window-height": 600, "block-size": 50, "speed": 0.3, "auto": True, "seed": 0}
    assert config.validate(data)["seed"] == 0


@pytest.mark.parametrize("text", ["1.5", "abc", ""])
def test_a_seed_flag_that_is_not_a_whole_number_is_refused(window, capsys, text):
    assert "--seed: must be" in refusal(capsys, "--seed", text)
