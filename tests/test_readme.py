"""The README stands alone: its commands parse as written, its links exist, it sends nobody elsewhere."""
import importlib.util
import os
import re
import shlex

import pytest

import main

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
with open(os.path.join(ROOT, "README.md"), encoding="utf-8") as readme:
    README = readme.read()
SHELL_BLOCKS = re.findall(r"```sh\n(.*?)```", README, re.S)


def commands():
    """Every command line in the README's shell blocks, continuation lines joined, comments dropped."""
    for block in SHELL_BLOCKS:
        for line in block.replace("\\\n", " ").splitlines():
            line = line.split("  #")[0].strip()
            if line:
                yield line


def test_the_top_is_exactly_the_two_commands():
    first = [line.split("#")[0].strip() for line in SHELL_BLOCKS[0].strip().splitlines()]
    assert first == ["./run.sh play", "./run.sh test"]
    assert README.index("```sh") < README.index("## ")  # before anything else


@pytest.mark.parametrize("line", [line for line in commands() if line.startswith("./run.sh play")])
def test_every_play_command_parses_as_written(line, tmp_path, monkeypatch):
    (tmp_path / "docs").mkdir()  # a checkout's folders, but none of its files: --record refuses
    monkeypatch.chdir(tmp_path)  # to replace a GIF that is already there
    # $(python3 -c "...") lists boards; any one board stands for it here
    words = shlex.split(re.sub(r'\$\(python3 -c "[^"]*"\)', "1x2", line))[2:]
    main.parse_args(words)  # a flag the README names but main.py refuses exits here


@pytest.mark.parametrize("line", [line for line in commands()
                                  if "docs/prove_handover.py" in line or "docs/walled_in.py" in line])
def test_every_proving_command_parses_as_written(line):
    path = shlex.split(line)[1]
    spec = importlib.util.spec_from_file_location(os.path.basename(path)[:-3], os.path.join(ROOT, path))
    tool = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(tool)
    args = tool.parse(shlex.split(line)[2:])  # a flag it refuses exits here
    assert args.seeds


def test_every_command_is_one_a_user_can_run():
    for line in commands():
        assert line.split()[0] in ("./run.sh", ".venv/bin/python", "apt-get"), line


@pytest.mark.parametrize("target", [t for t in re.findall(r"\]\(([^)#]+)\)", README) if not t.startswith("https://")])
def test_links_point_at_files_of_the_repository(target):
    assert os.path.exists(os.path.join(ROOT, target)), target


@pytest.mark.parametrize("name", ["README.md", os.path.join("docs", "design.md")])
def test_no_document_the_user_does_not_have(name):
    with open(os.path.join(ROOT, name), encoding="utf-8") as f:
        text = f.read()
    assert "../shared" not in text and "seeds/" not in text
    assert not re.search(r"\bthe report\b", text, re.I)
    assert "python main.py" not in text  # pygame lives in .venv: ./run.sh play
