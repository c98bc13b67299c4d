"""main.py from the command line: a bad config is one line and exit code 2, wherever it starts."""
import json
import os
import subprocess
import sys

import pytest

import config
import solver

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def run_main(*flags, cwd=ROOT):
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    return subprocess.run([sys.executable, os.path.join(ROOT, "main.py"), *flags], capture_output=True,
                          text=True, cwd=cwd, env=env, timeout=60)


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
    assert done.stderr.startswith("config error: ") and words in done.stderr
    assert done.stderr.count("\n") == 1 and "Traceback" not in done.stderr


def test_default_config_is_found_from_any_directory(tmp_path):
    done = run_main("--headless", "--games", "1", "--width", "4", "--height", "4", "--max-steps", "50",
                    cwd=str(tmp_path))
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout.splitlines()[-1])["board"] == "4x4"


@pytest.mark.parametrize("name", sorted(solver.SOLVERS))
def test_the_config_accepts_every_registered_solver(name):
    data = {"window-width": 800, "window-height": 600, "block-size": 50, "speed": 0.3, "auto": True,
            "solver": name}
    assert config.validate(data)["solver"] == name


def test_the_config_names_the_registered_solvers_when_refusing_one(monkeypatch):
    monkeypatch.setitem(solver.SOLVERS, "other", solver.GreedySolver)
    data = {"window-width": 800, "window-height": 600, "block-size": 50, "speed": 0.3, "auto": True,
            "solver": "nope"}
    with pytest.raises(config.ConfigError, match="greedy, hamilton, other"):
        config.validate(data)


@pytest.mark.parametrize("flags", [["--games", "abc"], ["--bogus"], ["--width"]])
def test_bad_flag_is_one_line_and_exit_2(flags):
    done = run_main(*flags)
    assert done.returncode == 2 and done.stderr.count("\n") == 1 and "Traceback" not in done.stderr
