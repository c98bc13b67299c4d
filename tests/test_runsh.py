"""run.sh, the README's two commands: from any folder, paths are the caller's; old Pythons refused.

The tests give run.sh a stand-in virtual environment (SNAKE_VENV) that runs this very
interpreter with the installs marked done, so nothing is downloaded.
"""
import json
import os
import re
import shlex
import shutil
import subprocess
import sys

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
RUN_SH = os.path.join(ROOT, "run.sh")

pytestmark = pytest.mark.skipif(shutil.which("bash") is None, reason="run.sh is a bash script")


def script(path, text):
    path.write_text("#!/bin/sh\n" + text)
    path.chmod(0o755)
    return str(path)


@pytest.fixture
def venv(tmp_path):
    """A stand-in for .venv: bin/python runs the interpreter of these tests; installs marked done."""
    root = tmp_path / "venv"
    (root / "bin").mkdir(parents=True)
    script(root / "bin" / "python", f'exec {shlex.quote(sys.executable)} "$@"\n')
    for requirements in ("requirements.txt", "requirements-test.txt"):
        (root / f".installed-{requirements}").touch()
    return root


@pytest.fixture
def elsewhere(tmp_path):
    """The caller's folder: not the checkout."""
    folder = tmp_path / "mine"
    folder.mkdir()
    return folder


def run_sh(*words, cwd, venv, **env):
    environ = {k: v for k, v in os.environ.items() if k not in ("PYTHON", "SNAKE_VENV")}
    environ.update(SNAKE_VENV=str(venv), SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", **env)
    return subprocess.run(["bash", RUN_SH, *words], cwd=str(cwd), env=environ, capture_output=True,
                          text=True, timeout=120)


def test_play_reads_a_relative_config_in_the_callers_folder(venv, elsewhere):
    (elsewhere / "small.json").write_text(json.dumps(
        {"window-width": 50, "window-height": 40, "block-size": 10, "speed": 0.3, "auto": True}))
    done = run_sh("play", "--headless", "--games", "2", "--jobs", "1", "--config", "small.json",
                  cwd=elsewhere, venv=venv)
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout.splitlines()[-1])["board"] == "5x4"


def test_a_relative_path_is_never_the_checkouts(venv, elsewhere):
    """config.json exists in the checkout, not here: run.sh must not find it by changing folder."""
    done = run_sh("play", "--headless", "--config", "config.json", cwd=elsewhere, venv=venv)
    assert done.returncode == 2 and "config.json: file not found" in done.stderr


def test_test_runs_the_checkouts_tests_from_any_folder(venv, elsewhere):
    # one plain test and one Hypothesis test, which keeps its examples in a .hypothesis folder
    done = run_sh("test", "-q", "-p", "no:cacheprovider", "-k",
                  "test_timing_percentiles or test_random_json_is_a_config", cwd=elsewhere, venv=venv)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "2 passed" in done.stdout
    assert os.listdir(elsewhere) == []  # nothing left in the caller's folder


def test_the_whole_suite_is_spread_over_the_cores_and_a_named_test_or_s_runs_in_one_process(venv, elsewhere):
    pick = ("-p", "no:cacheprovider", "-k", "test_timing_percentiles")
    spread = run_sh("test", *pick, cwd=elsewhere, venv=venv)
    assert spread.returncode == 0 and re.search(r"^created: \d+/\d+ workers?$", spread.stdout, re.M), spread.stdout
    for alone in [(os.path.join(ROOT, "tests", "test_headless.py"),), ("-s",), ("-n", "0"), ("-p", "no:xdist")]:
        done = run_sh("test", *pick, *alone, cwd=elsewhere, venv=venv)
        assert done.returncode == 0 and "1 passed" in done.stdout and "created:" not in done.stdout, alone


def test_no_test_collected_is_a_failure(venv, elsewhere):
    done = run_sh("test", "-q", "-p", "no:cacheprovider", "-k", "no_test_has_this_name", cwd=elsewhere, venv=venv)
    assert done.returncode == 5
    assert "run.sh: pytest collected no tests; that is a failure" in done.stderr


@pytest.mark.parametrize("existing_venv", [False, True])
def test_a_python_older_than_3_9_is_refused_in_one_line(tmp_path, venv, existing_venv):
    # A Python that reports itself as 3.8.18: run.sh's own version check decides, not the stand-in.
    old = script(tmp_path / "python3.8", f"""[ "$1" = -V ] && {{ echo "Python 3.8.18"; exit 0; }}
exec {shlex.quote(sys.executable)} -c "import sys; sys.version_info = (3, 8, 18, 'final', 0)
$2"
""")
    target = venv if existing_venv else tmp_path / "new-venv"
    done = run_sh("play", "--help", cwd=tmp_path, venv=target, PYTHON=old)
    assert done.returncode == 1
    assert done.stderr == f"run.sh: Python 3.9 or newer is needed; {old} is Python 3.8.18\n"
    assert not (tmp_path / "new-venv").exists()


def test_the_games_help_and_errors_name_run_sh_play_and_begin_alike(venv, elsewhere):
    done = run_sh("play", "--help", cwd=elsewhere, venv=venv)
    assert done.returncode == 0 and done.stdout.startswith(f"usage: {RUN_SH} play ")
    done = run_sh("play", "--games", "2", cwd=elsewhere, venv=venv)
    assert done.returncode == 2 and done.stderr == "error: --games is for --headless runs only (see --help)\n"


def test_the_first_play_says_what_it_installs(venv, elsewhere):
    (venv / ".installed-requirements.txt").unlink()
    script(venv / "bin" / "python", f'[ "$1 $2" = "-m pip" ] && exit 0; exec {shlex.quote(sys.executable)} "$@"\n')
    done = run_sh("play", "--help", cwd=elsewhere, venv=venv)
    assert done.returncode == 0 and done.stderr.startswith("run.sh: installing pygame-ce and tqdm into ")


def test_an_unknown_command_shows_the_usage(venv, elsewhere):
    done = run_sh("plya", cwd=elsewhere, venv=venv)
    assert done.returncode == 2 and done.stderr.startswith("usage: run.sh play")


def test_run_sh_main_py_the_linter_and_the_readme_name_the_same_oldest_python():
    import re

    import main
    with open(RUN_SH, encoding="utf-8") as f:
        needed = re.search(r"^NEEDED=(\d+)\.(\d+)", f.read(), re.M).groups()
    with open(os.path.join(ROOT, "pyproject.toml"), encoding="utf-8") as f:
        linted = re.search(r'target-version = "py3(\d+)"', f.read()).group(1)
    with open(os.path.join(ROOT, "README.md"), encoding="utf-8") as f:
        readme = f.read()
    oldest = tuple(int(part) for part in needed)
    assert oldest == main.OLDEST_PYTHON and int(linted) == oldest[1]
    assert f"Python {oldest[0]}.{oldest[1]} or newer" in readme


def test_main_py_on_a_python_too_old_says_so_in_one_line(tmp_path):
    # main.py run directly (not through run.sh) by an interpreter that reports itself as 3.8
    path = os.path.join(ROOT, "main.py")
    old = f"import sys; sys.version_info = (3, 8, 18, 'final', 0); sys.argv = ['main.py', '--help']; " \
          f"exec(compile(open({path!r}).read(), 'main.py', 'exec'), {{'__name__': '__main__'}})"
    done = subprocess.run([sys.executable, "-c", old], cwd=str(tmp_path), capture_output=True, text=True, timeout=60)
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr.startswith("error: snake needs Python 3.9 or newer; this is Python ")
    assert done.stderr.count("\n") == 1
