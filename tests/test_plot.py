"""--plot FILE.png: the picture of a run, read back; the published figures it draws; what it refuses."""
import os
import subprocess
import sys

import pytest

from headless import plot

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
needs_matplotlib = pytest.mark.skipif(not plot.installed(), reason="matplotlib is not installed "
                                                                    "(./run.sh test installs it)")


def headless(*flags, cwd, env=None):
    return subprocess.run([sys.executable, os.path.join(ROOT, "main.py"), "--headless", *flags],
                          capture_output=True, text=True, cwd=cwd, timeout=120, env=env)


def read_png(path):
    from PIL import Image
    with Image.open(path) as image:
        image.load()
        return image.format, image.size


@needs_matplotlib
@pytest.mark.parametrize("flags", [["--width", "6", "--height", "6", "--games", "8"],
                                   ["--boards", "3x3,4x4,6x5", "--games", "4"]])
def test_plot_writes_a_png_after_the_figures(tmp_path, flags):
    done = headless(*flags, "--plot", "run.png", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    assert done.stderr.splitlines()[-1] == "plot: run.png" and done.stdout.strip().splitlines()[-1].startswith("{")
    kind, (width, height) = read_png(tmp_path / "run.png")
    assert kind == "PNG" and width >= 600 and height >= 400
    assert os.listdir(tmp_path) == ["run.png"]  # no temporary file left


def drawn(boards, solver="hamilton"):
    """The Figure of a run whose games on each board took the given moves (won, unless given as
    (outcome, moves))."""
    picture = plot.Plot("unused.png", {"solver": solver})
    for (width, height), moves in boards.items():
        picture.games[((width, height), solver)] = [m if isinstance(m, tuple) else ("won", m) for m in moves]
    return picture.draw()


def legend(axes):
    return [text.get_text() for text in axes.get_legend().get_texts()]


@needs_matplotlib
def test_the_published_30x30_figures_are_marked_lines_named_in_the_legend():
    figure = drawn({(30, 30): [44000, 45500, 46100]})
    names = legend(figure.axes[0])
    for published in plot.PUBLISHED[(30, 30)]:
        assert any(name.startswith(published.name) for name in names), names
    assert any("AutoSnake3" in name and "47,359 moves" in name for name in names)
    lines = [line for line in figure.axes[0].get_lines() if line.get_marker() not in ("None", None, "")]
    assert sorted(line.get_xdata()[0] for line in lines) == [47358.56, 47918, 60690]


@needs_matplotlib
def test_with_boards_moves_per_cell_against_size_marks_the_published_points():
    figure = drawn({(10, 10): [3000, 3100], (20, 20): [19000], (30, 30): [44000]})
    boxes, per_cell = figure.axes
    assert [label.get_text() for label in boxes.get_xticklabels()] == ["10x10", "20x20", "30x30"]
    names = legend(per_cell)
    assert sum(published.name in " ".join(names) for published in plot.PUBLISHED[(30, 30)]) == 3
    ours = per_cell.get_lines()[0]
    assert list(ours.get_xdata()) == [100, 400, 900] and list(ours.get_ydata()) == [30.5, 47.5, 44000 / 900]


@needs_matplotlib
def test_no_published_lines_on_other_boards():
    names = legend(drawn({(16, 12): [2000, 2500]}).axes[0])
    assert not any(published.name in name for published in plot.PUBLISHED[(30, 30)] for name in names)


@pytest.mark.parametrize("name, says", [
    ("run.gif", "--plot draws a PNG: give a name ending in .png, not run.gif"),
    ("nowhere/run.png", "--plot: the folder of nowhere/run.png does not exist"),
    ("taken.png", "taken.png already exists; --plot never replaces another file"),
])
def test_plot_refuses_in_one_line_before_playing(tmp_path, name, says):
    (tmp_path / "taken.png").write_bytes(b"mine")
    done = headless("--games", "2", "--plot", name, cwd=tmp_path)
    assert done.returncode == 2 and done.stdout == "" and done.stderr == f"error: {says}\n"
    assert (tmp_path / "taken.png").read_bytes() == b"mine" and sorted(os.listdir(tmp_path)) == ["taken.png"]


def test_plot_without_matplotlib_says_what_to_install(tmp_path):
    hidden = tmp_path / "hidden" / "matplotlib"
    hidden.mkdir(parents=True)
    (hidden / "__init__.py").write_text("raise ImportError('not here')\n")
    done = headless("--games", "2", "--plot", "run.png", cwd=tmp_path,
                    env=dict(os.environ, PYTHONPATH=str(tmp_path / "hidden")))
    assert done.returncode == 2 and done.stderr == f"error: {plot.missing_hint()}\n"
    assert f"{sys.executable} -m pip install matplotlib" in done.stderr  # into the Python the game runs in


def box_labels(axes):
    """The texts under the boxes, left to right."""
    return [text.get_text() for text in sorted(axes.texts, key=lambda text: text.get_position()[0])]


@needs_matplotlib
def test_each_box_says_how_many_games_it_holds_and_how_many_did_not_finish():
    stuck_three = [("won", 700), ("stuck", 6400), ("stuck", 6400), ("stuck", 6400)]
    figure = drawn({(8, 8): stuck_three, (6, 6): [200, ("lost", 90), ("failed", 4)]}, solver="greedy")
    boxes = figure.axes[0]
    assert box_labels(boxes) == ["4 games\n3 stuck", "3 games\n1 lost\n1 failed"]


@needs_matplotlib
def test_several_solvers_are_drawn_side_by_side_on_each_board(tmp_path):
    done = headless("--boards", "4x4,6x6", "--games", "3", "--solver", "greedy,hamilton,random", "--plot", "run.png",
                    cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    assert read_png(tmp_path / "run.png")[0] == "PNG"
    picture = plot.Plot("unused.png", {})
    for board in ((4, 4), (6, 6)):
        for solver in ("greedy", "hamilton", "random"):
            picture.games[(board, solver)] = [("won", 100)]
    boxes, per_cell = picture.draw().axes
    assert [text.get_text() for text in boxes.get_legend().get_texts()] == ["greedy", "hamilton", "random"]
    assert len(box_labels(boxes)) == 6 and sorted(text.get_position()[0] for text in boxes.texts)[2] < 1.5


@needs_matplotlib
def test_the_same_results_run_again_draws_its_plot_anew_but_keeps_any_other_file(tmp_path):
    flags = ["--width", "5", "--height", "5", "--games", "3", "--results", "run.jsonl", "--plot", "run.png"]
    assert headless(*flags, cwd=tmp_path).returncode == 0
    first = (tmp_path / "run.png").read_bytes()
    again = headless(*flags, cwd=tmp_path)
    assert again.returncode == 0 and again.stderr.splitlines()[-1] == "plot: run.png", again.stderr
    assert (tmp_path / "run.png").read_bytes() == first  # the same games, drawn again the same
    other = ["--width", "5", "--height", "5", "--games", "4", "--results", "other.jsonl", "--plot", "run.png"]
    refused = headless(*other, cwd=tmp_path)
    assert refused.returncode == 2 and "it is not the plot of this --results run" in refused.stderr
    without = headless("--width", "5", "--height", "5", "--games", "3", "--plot", "run.png", cwd=tmp_path)
    assert without.returncode == 2 and (tmp_path / "run.png").read_bytes() == first
