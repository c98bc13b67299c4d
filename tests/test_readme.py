"""The README stands alone: its commands parse as written, its links exist, it sends nobody elsewhere.
docs/cluster.md too: each of its commands is parsed (or run) by the program it names."""
import importlib.util
import os
import re
import shlex
import subprocess

import pytest

import main

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
with open(os.path.join(ROOT, "README.md"), encoding="utf-8") as readme:
    README = readme.read()
SHELL_BLOCKS = re.findall(r"```sh\n(.*?)```", README, re.S)
with open(os.path.join(ROOT, "docs", "cluster.md"), encoding="utf-8") as page:
    CLUSTER_PAGE = page.read()


def commands(text=README):
    """Every command line in the shell blocks of `text`, continuation lines joined, comments dropped."""
    for block in re.findall(r"```sh\n(.*?)```", text, re.S):
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


# -- docs/cluster.md ------------------------------------------------------------------------

def made_certificates(folder):
    """Run the page's openssl commands, in their order, in `folder`."""
    for line in commands(CLUSTER_PAGE):
        if line.startswith("openssl "):
            subprocess.run(shlex.split(line), cwd=folder, check=True, capture_output=True, timeout=60)


@pytest.mark.parametrize("line", list(commands(CLUSTER_PAGE)))
def test_every_command_of_the_cluster_page_is_checked_by_its_program(line, tmp_path, monkeypatch):
    """./run.sh play: main.py's parser; dask: its own (click) parser, with the page's
    certificates made first; openssl: run; export: a Dask setting that exists; a docs tool:
    its parser; pip: a package the tests install."""
    words = shlex.split(line)
    monkeypatch.chdir(tmp_path)
    if line.startswith("./run.sh play "):
        main.parse_args(words[2:])
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
    elif words[:2] == [".venv/bin/python", "-m"] and words[2].startswith("docs."):
        importlib.import_module(words[2]).parse(words[3:])  # a flag the tool refuses exits here
    elif words[1:4] == ["-m", "pip", "install"] and words[0] in (".venv/bin/python", "python3"):
        with open(os.path.join(ROOT, "requirements-test.txt"), encoding="utf-8") as f:
            tested = {line.split(">")[0].split("=")[0].strip() for line in f if line[:1].isalpha()}
        assert set(words[4:]) <= tested
    else:
        raise AssertionError(f"no test knows this command: {line}")


def test_the_cluster_page_links_and_names_only_what_exists():
    for target in re.findall(r"\]\(([^)#]+)\)", CLUSTER_PAGE):
        assert target.startswith("https://") or os.path.exists(os.path.join(ROOT, "docs", target)), target
    from headless.cluster import CONNECT_SECONDS
    assert f"**{CONNECT_SECONDS} seconds**" in CLUSTER_PAGE  # the timeout the page states is the code's
