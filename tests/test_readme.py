"""The README and the pages under docs/ stand alone: every command in them is checked by the
program it names (parsed as written, or run where that is cheap), their links exist, and
they send nobody to a document the reader does not have."""
import glob
import importlib
import itertools
import os
import re
import shlex
import subprocess

import pytest

import main

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
PAGES = ["README.md"] + sorted(os.path.relpath(path, ROOT) for path in glob.glob(os.path.join(ROOT, "docs", "*.md")))


def read(name):
    with open(os.path.join(ROOT, name), encoding="utf-8") as f:
        return f.read()


README = read("README.md")
SHELL_BLOCKS = re.findall(r"```sh\n(.*?)```", README, re.S)
CLUSTER_PAGE = read(os.path.join("docs", "cluster.md"))


def commands(text=README):
    """Every command line in the shell blocks of `text`, continuation lines joined, comments dropped."""
    for block in re.findall(r"```sh\n(.*?)```", text, re.S):
        for line in block.replace("\\\n", " ").splitlines():
            line = line.split("  #")[0].strip()
            if line:
                yield line


def every_command():
    return [(page, line) for page in PAGES for line in commands(read(page))]


def test_the_top_is_exactly_the_two_commands():
    first = [line.split("#")[0].strip() for line in SHELL_BLOCKS[0].strip().splitlines()]
    assert first == ["./run.sh play", "./run.sh test"]
    assert README.index("```sh") < README.index("## ")  # before anything else


def test_the_readme_is_a_front_door():
    assert len(README.splitlines()) <= 220
    assert not re.search(r"\b20\d\d-\d\d-\d\d\b", README)  # dated figures live in docs/measurements.md
    prose = re.sub(r"```.*?```", "", README, flags=re.S)  # the commands may name any number
    assert not re.findall(r"\d,\d\d\d|\d\.\d+%", prose)  # measured figures (moves, wins) live in docs/ too


def test_every_page_has_commands_and_the_docs_pages_are_all_checked():
    pages = ("usage", "cluster", "measurements", "handovers", "design", "environment")
    assert {f"docs/{page}.md" for page in pages} <= set(PAGES)
    assert len(every_command()) >= 10


@pytest.mark.parametrize("page, line", every_command())
def test_every_command_is_checked_by_its_program(page, line, tmp_path, monkeypatch):
    """./run.sh play: main.py's parser (with no files of the checkout around: --record refuses
    to replace a file that is there); ./run.sh test: pytest's arguments name tests that
    exist; a docs tool: its own parser; dask: its (click) parser, with the cluster page's
    certificates made first; an example of examples/ (-m examples.NAME): its file (tests/
    test_environment.py runs them); openssl: run; export: a Dask setting that exists; pip: a
    package the tests install; apt-get: a Debian package the tests use; valgrind, after
    settings of the environment: main.py's parser for the run it counts."""
    words = shlex.split(re.sub(r'\$\(python3 -c "[^"]*"\)', "1x2", line))  # a list of boards: any one
    while len(words) > 1 and re.fullmatch(r"[A-Z_]+=\S*", words[0]):
        words = words[1:]  # an environment setting for the command that follows
    if words[0] == "valgrind":  # counting instructions: its options, then a run of main.py
        words = list(itertools.dropwhile(lambda word: word.startswith("-"), words[1:]))
        assert words[:2] == [".venv/bin/python", "main.py"], words
        words = ["./run.sh", "play"] + words[2:]
    (tmp_path / "docs").mkdir()
    monkeypatch.chdir(tmp_path)
    if words[:2] == ["./run.sh", "play"]:
        main.parse_args(words[2:])  # a flag the page names but main.py refuses exits here
    elif words[:2] == ["./run.sh", "test"]:
        for word in words[2:]:
            assert word.startswith("-") or os.path.exists(os.path.join(ROOT, word.split("::")[0])), word
    elif words[:2] == [".venv/bin/python", "-m"] and words[2].startswith("docs."):
        importlib.import_module(words[2]).parse(words[3:])  # a flag the tool refuses exits here
    elif words[:2] == [".venv/bin/python", "-m"] and words[2].startswith("examples."):
        assert os.path.exists(os.path.join(ROOT, *words[2].split(".")) + ".py") and words[3:] == []
    elif line.startswith("openssl "):
        made_certificates(tmp_path)
        assert {"ca.pem", "ca.key", "node.pem", "node.key"} <= set(os.listdir(tmp_path))
    elif words[0] in (".venv/bin/dask", "dask"):
        pytest.importorskip("distributed", reason="./run.sh test installs distributed")
        from distributed.cli import dask_scheduler, dask_worker
        made_certificates(tmp_path)
        command = {"scheduler": dask_scheduler.main, "worker": dask_worker.main}[words[1]]
        command.make_context(f"dask {words[1]}", words[2:])  # an unknown flag or a missing file raises
    elif words[0] == "export":
        pytest.importorskip("distributed", reason="./run.sh test installs distributed")
        import dask.config
        name, value = words[1].split("=", 1)
        setting = dask.config.collect_env({name: value})
        path = []
        while isinstance(setting, dict):
            (key, setting), = setting.items()
            path.append(key)
        assert dask.config.get(".".join(path), default="missing") != "missing", path
    elif words[1:4] == ["-m", "pip", "install"] and words[0] in (".venv/bin/python", "python3"):
        with open(os.path.join(ROOT, "requirements-test.txt"), encoding="utf-8") as f:
            tested = {line.split(">")[0].split("=")[0].strip() for line in f if line[:1].isalpha()}
        assert set(words[4:]) <= tested
    elif words[:3] == ["apt-get", "install", "xvfb"]:
        assert words[3:] in ([], ["xdotool"])
    else:
        raise AssertionError(f"{page}: no test knows this command: {line}")


LINK = re.compile(r"\]\(([^)#\s]+)[^)]*\)|^\[[^\]]+\]: ([^#\s]+)", re.M)  # inline, or a reference's target


@pytest.mark.parametrize("page, target", [(page, inline or reference) for page in PAGES
                                          for inline, reference in LINK.findall(read(page))
                                          if not (inline or reference).startswith("https://")])
def test_links_point_at_files_of_the_repository(page, target):
    assert os.path.exists(os.path.join(ROOT, os.path.dirname(page), target)), f"{page}: {target}"


@pytest.mark.parametrize("page", PAGES)
def test_no_document_the_user_does_not_have(page):
    text = read(page)
    assert "../shared" not in text and "seeds/" not in text
    assert not re.search(r"\bthe report\b", text, re.I)
    assert not re.search(r"(?<!\.venv/bin/)python3? main\.py", text)  # pygame lives in .venv: ./run.sh play
    assert "sys.path" not in text


# -- docs/cluster.md ------------------------------------------------------------------------

def made_certificates(folder):
    """Run the page's openssl commands, in their order, in `folder`."""
    for line in commands(CLUSTER_PAGE):
        if line.startswith("openssl "):
            subprocess.run(shlex.split(line), cwd=folder, check=True, capture_output=True, timeout=60)


def test_the_cluster_page_links_and_names_only_what_exists():
    for target in re.findall(r"\]\(([^)#]+)\)", CLUSTER_PAGE):
        assert target.startswith("https://") or os.path.exists(os.path.join(ROOT, "docs", target)), target
    from headless.cluster import CONNECT_SECONDS
    assert f"**{CONNECT_SECONDS} seconds**" in CLUSTER_PAGE  # the timeout the page states is the code's


def test_the_readme_gif_is_what_its_command_makes(tmp_path, monkeypatch):
    """The README says its GIF is the same file every time: its own command, run afresh,
    makes docs/hamilton-10x10.gif byte for byte."""
    pytest.importorskip("PIL")
    line, = [line for line in commands() if "--record hamilton-10x10.gif" in line]
    monkeypatch.chdir(tmp_path)
    assert main.main(shlex.split(line)[2:]) == 0
    with open(tmp_path / "hamilton-10x10.gif", "rb") as made, \
            open(os.path.join(ROOT, "docs", "hamilton-10x10.gif"), "rb") as shipped:
        assert made.read() == shipped.read()


# -- every example runs as printed, in the order printed ------------------------------------------

READS = ("--replay", "--load", "--config")  # the flags whose value is a file an example reads


def saved_by(words):
    """The replay files a `--save-games DIR` example writes, as DIR/replay-<board>-<solver>-seed<S>.json."""
    flags = dict(zip(words, words[1:]))
    if "--save-games" not in flags:
        return set()
    board = f"{flags.get('--width', 16)}x{flags.get('--height', 12)}"
    solver, seed, games = flags.get("--solver", "greedy"), int(flags.get("--seed", 1)), int(flags.get("--games", 100))
    return {os.path.join(flags["--save-games"], f"replay-{board}-{solver}-seed{s}.json")
            for s in range(seed, seed + games)}


@pytest.mark.parametrize("page", PAGES)
def test_every_file_an_example_reads_is_in_the_checkout_or_made_by_an_example_before_it(page):
    made = set()
    for line in commands(read(page)):
        words = shlex.split(line)
        wanted = [value for flag, value in zip(words, words[1:]) if flag in READS]
        wanted += [ref.split(":")[0] for flag, value in zip(words, words[1:]) if flag == "--solver"
                   for ref in value.split(",") if ref.split(":")[0].endswith(".py")]
        for path in wanted:
            assert "<" not in path, f"{page}: {line}: a placeholder, not a file"
            assert path in made or os.path.exists(os.path.join(ROOT, path)), f"{page}: {line}: no {path} yet"
        made |= saved_by(words)


def test_the_readmes_replay_example_runs_as_printed(tmp_path, monkeypatch):
    """Its two commands in order: the replays made, then the one named played back (here drawn
    into a GIF, as the window would show it)."""
    pytest.importorskip("PIL")
    save, show = [line for line in commands() if "replays" in line]
    monkeypatch.chdir(tmp_path)
    assert main.main(shlex.split(save)[2:]) == 0
    assert main.main(shlex.split(show)[2:] + ["--record", "shown.gif"]) == 0
    assert (tmp_path / "shown.gif").exists()


def test_the_usage_pages_tab_row_names_every_built_in_solver_in_tabs_order():
    import solvers
    row = next(line for line in read(os.path.join("docs", "usage.md")).splitlines() if line.startswith("| Tab |"))
    assert f"The next solver: {', '.join(solvers.names())}, then yours" in row


def test_the_usage_pages_recorded_line_is_what_its_command_prints(tmp_path, monkeypatch, capsys):
    """The line the recordings section quotes is the one its `--record h10.gif` example prints,
    but for the seconds it took to make."""
    pytest.importorskip("PIL")
    page = " ".join(read(os.path.join("docs", "usage.md")).split())
    quoted, = re.findall(r"`(recorded h10\.gif: [^`]*) \(made in [0-9.]+ s\)`", page)
    line, = [line for line in commands(read(os.path.join("docs", "usage.md"))) if "--record h10.gif" in line]
    monkeypatch.chdir(tmp_path)
    assert main.main(shlex.split(line)[2:]) == 0
    printed = capsys.readouterr().err
    assert re.search(re.escape(quoted) + r" \(made in [0-9.]+ s\)", printed), printed
