"""--plot FILE.png: the run drawn once its figures are printed (matplotlib, like Pillow optional).

    one board, one solver:   a histogram of the moves each finished game took (won and lost
                             stacked), with the other projects' published means for that
                             board as marked lines
    several of either:       left, a box of the moves of each solver's finished games on each
                             board, side by side, each box saying how many games it holds and
                             how many were lost, stuck or failed; with several boards, right,
                             each solver's mean moves per cell of its won games against the
                             board's cells, the published figures as marked points

A game "finishes" when it is won or lost; a stuck game (move limit, proven endless loop) or a
failed one (its solver broke the contract) has no moves to finish, and is counted under its
box or in the title. The figure is written whole or not at all (files/atomic.py). It never
replaces a file, but for the plot of the same --results run: the PNG keeps the run's first
line (results.py) in a text chunk, so the same command run again draws the whole run anew.
"""
import json
import os
import sys
from typing import NamedTuple

from files import atomic

STYLES = ("o", "s", "^")  # the markers of the published figures, in PUBLISHED's order
RUN_KEY = "snake-run"  # the PNG text chunk holding the run a --results plot drew


def missing_hint():
    """What to do without matplotlib: install it into the Python the game runs in."""
    from config import pip_install
    return f"--plot needs matplotlib: {pip_install('matplotlib')}"


class Published(NamedTuple):
    """Another project's published mean moves to win on one board."""

    name: str
    moves: float
    games: str  # what the mean is over, as published


# The other projects' published figures, per board (width, height): their means of moves to win.
PUBLISHED = {
    (30, 30): (
        Published("AutoSnake3 (MatejKotas/AutoSnake3)", 47358.56, "1,000 games, never lost"),
        Published("twanvl/snake, dynamic cycle repair", 60690, "3% lost"),
        Published("twanvl/snake, cell-tree variant", 47918, "0% lost"),
    ),
}


def check_plot(path):
    """--plot's own rules, before any game is played: a .png name, and matplotlib (flags.py checks
    the folder; `may_replace` whether a file there may go). Raises config.ConfigError (one line)."""
    from config import ConfigError
    if not path.lower().endswith(".png"):
        raise ConfigError(f"--plot draws a PNG: give a name ending in .png, not {path}")
    if not installed():
        raise ConfigError(missing_hint())


def plot_of(args, run, kind=None):
    """(the plot `--plot` asks for, as `kind` (Plot by default) draws it for `run`, or None
    without --plot; None, or the one line saying why that file may not be written)."""
    if args.plot is None:
        return None, None
    refused = may_replace(args.plot, run if args.results is not None else None)
    if refused:
        return None, refused
    return (kind or Plot)(args.plot, run, results=args.results is not None), None


def may_replace(path, run):
    """None if the plot may be written at `path`, else the one line saying why not: a file there is
    kept, unless it is the plot of this very --results run (`run`: its first line; None without
    --results), drawn again with more games."""
    if not os.path.lexists(path):
        return None
    if run is not None and drawn_run(path) == run:
        return None
    again = "" if run is None else " (it is not the plot of this --results run)"
    return f"{path} already exists{again}; --plot never replaces another file"


def drawn_run(path):
    """The run the --results plot at `path` drew (its RUN_KEY chunk), or None."""
    try:
        from PIL import Image  # matplotlib needs Pillow: it is there when --plot is
        with Image.open(path) as image:
            return json.loads(image.text.get(RUN_KEY, "null"))
    except Exception:  # not a PNG, unreadable, no such chunk: not this run's plot
        return None


def installed():
    """Whether matplotlib can be imported."""
    try:
        import matplotlib  # noqa: F401  (only --plot needs it)
    except ImportError:
        return False
    return True


class Plot:
    """The moves of every game of the run, per board and solver, kept as the records go by; drawn
    by save(). `run` is the run's first line (results.describe_run), kept in the PNG with --results."""

    def __init__(self, path, run, results=False):
        self.path, self.run, self.replaces = path, run, results
        self.games = {}  # ((width, height), solver name) -> [(outcome, moves), ...], in game order

    def around(self, play):
        """The engine `play` with the moves of each game it yields kept here."""
        from solvers import name_of

        def watched(specs):
            records = play(specs)
            try:
                for spec, record in zip(specs, records):
                    games = self.games.setdefault(((spec.width, spec.height), name_of(spec.solver)), [])
                    games.append((record["outcome"], record["steps"]))
                    yield record
            finally:
                records.close()
        return watched

    @property
    def boards(self):
        return list(dict.fromkeys(board for board, _ in self.games))

    @property
    def solvers(self):
        return list(dict.fromkeys(solver for _, solver in self.games))

    def save(self):
        """Draw and write the PNG; say where on stderr. Returns the exit code (1 if it cannot be written)."""
        figure = self.draw()
        directory, name = os.path.split(os.path.abspath(self.path))
        metadata = {RUN_KEY: json.dumps(self.run, sort_keys=True)} if self.replaces else {}
        def fill(f):
            figure.savefig(f, format="png", dpi=100, metadata=metadata)
        try:
            if self.replaces and may_replace(self.path, self.run) is None:
                atomic.replace(os.path.abspath(self.path), fill)
            else:
                atomic.create(directory, fill, [name])
        except FileExistsError:
            print(f"error: {self.path} appeared during the run; --plot never replaces another file", file=sys.stderr)
            return 1
        except OSError as e:
            print(f"error: --plot: cannot write {self.path}: {e.strerror or e}", file=sys.stderr)
            return 1
        print(f"plot: {self.path}", file=sys.stderr)
        return 0

    def draw(self):
        """The matplotlib Figure of the run (no pyplot: nothing opens a window)."""
        from matplotlib.figure import Figure
        boards, solvers = self.boards, self.solvers
        if len(boards) == 1 and len(solvers) == 1:
            figure = Figure(figsize=(12, 5.5), layout="constrained")
            self.draw_histogram(figure.subplots())
            return figure
        wide = max(8, 1.1 * len(boards) * len(solvers) + 3)
        if len(boards) == 1:
            figure = Figure(figsize=(min(wide, 20), 6), layout="constrained")
            self.draw_boxes(figure.subplots())
            return figure
        figure = Figure(figsize=(min(wide, 24) + 8, 6), layout="constrained")
        left, right = figure.subplots(1, 2, width_ratios=(min(wide, 24), 8))
        self.draw_boxes(left)
        self.draw_per_cell(right)
        return figure

    def draw_histogram(self, axes):
        ((board, solver), games), = self.games.items()
        won = [moves for outcome, moves in games if outcome == "won"]
        lost = [moves for outcome, moves in games if outcome == "lost"]
        axes.hist([won, lost], bins=30, stacked=True, color=["tab:green", "tab:red"],
                  label=[f"won ({len(won)})", f"lost ({len(lost)})"])
        top = axes.get_ylim()[1] * 0.96  # the marks sit just under the top of the frame
        for style, published in zip(STYLES, PUBLISHED.get(board, ())):
            axes.plot([published.moves] * 2, [0, top], color="black", linestyle="--", linewidth=1, marker=style,
                      markevery=[1], label=f"{published.name}: {published.moves:,.0f} moves ({published.games})")
        if won:
            axes.axvline(sum(won) / len(won), color="tab:blue", linewidth=2,
                         label=f"{solver} mean, won: {sum(won) / len(won):,.0f} moves")
        axes.set_xlabel("moves to finish a game")
        axes.set_ylabel("games")
        axes.yaxis.get_major_locator().set_params(integer=True)
        unfinished = ", ".join(f"{count} {outcome} (not shown)" for outcome, count in not_finished(games) if count)
        title = f"{solver} on {board[0]}x{board[1]}: {len(games)} games"
        axes.set_title(title + (f", {unfinished}" if unfinished else ""))
        axes.legend(fontsize="small", loc="upper left", bbox_to_anchor=(1.02, 1))

    def draw_boxes(self, axes):
        """A box per board and solver, the solvers of a board side by side, each saying below it how
        many games it holds and how many of them were lost, stuck or failed."""
        from matplotlib.patches import Patch
        from matplotlib.transforms import blended_transform_factory
        boards, solvers = self.boards, self.solvers
        colours = [f"C{i % 10}" for i in range(len(solvers))]
        below = blended_transform_factory(axes.transData, axes.transAxes)
        width = 0.8 / len(solvers)
        for b, board in enumerate(boards):
            for s, solver in enumerate(solvers):
                games = self.games.get((board, solver))
                if games is None:
                    continue
                x = b + 1 + (s - (len(solvers) - 1) / 2) * width
                finished = [moves for outcome, moves in games if outcome in ("won", "lost")]
                if finished:
                    drawn = axes.boxplot([finished], positions=[x], widths=width * 0.8, patch_artist=True,
                                         manage_ticks=False)
                    for box in drawn["boxes"]:
                        box.set(facecolor=colours[s], alpha=0.6)
                axes.text(x, -0.02, box_label(games), transform=below, ha="center", va="top", fontsize="x-small")
        axes.set_xticks(range(1, len(boards) + 1), [f"{w}x{h}" for w, h in boards])
        axes.set_xlim(0.5, len(boards) + 0.5)
        axes.set_yscale("log")
        axes.tick_params(axis="x", pad=44)  # room for the boxes' labels under the axis
        axes.set_ylabel("moves to finish a game (won or lost)")
        axes.set_title("moves per game: " + ", ".join(solvers) + (" on each board" if len(boards) > 1 else
                                                                 f" on {boards[0][0]}x{boards[0][1]}"))
        if len(solvers) > 1:
            axes.legend(handles=[Patch(facecolor=c, alpha=0.6, label=s) for s, c in zip(solvers, colours)],
                        fontsize="small", loc="upper left")

    def draw_per_cell(self, axes):
        for s, solver in enumerate(self.solvers):
            points = []
            for board in self.boards:
                won = [moves for outcome, moves in self.games.get((board, solver), []) if outcome == "won"]
                if won:
                    cells = board[0] * board[1]
                    points.append((cells, sum(won) / len(won) / cells))
            axes.plot([cells for cells, _ in points], [per for _, per in points], "o-", color=f"C{s % 10}",
                      label=f"{solver}, mean of the won games")
        for (w, h) in self.boards:
            for style, published in zip(STYLES, PUBLISHED.get((w, h), ())):
                axes.plot([w * h], [published.moves / (w * h)], style, color="black", linestyle="none",
                          label=f"{published.name}, {w}x{h} ({published.games})")
        axes.set_xscale("log")
        axes.set_xlabel("cells on the board")
        axes.set_ylabel("moves per cell to win")
        axes.set_title("moves per cell against board size")
        axes.legend(fontsize="small", loc="upper left", bbox_to_anchor=(1.02, 1))


def not_finished(games):
    """(outcome, count) of the games of a box that are not drawn in it."""
    return [(outcome, sum(1 for done, _ in games if done == outcome)) for outcome in ("stuck", "failed")]


def box_label(games):
    """What a box says below it: its games, and those lost, stuck or failed."""
    counts = {outcome: sum(1 for done, _ in games if done == outcome) for outcome in ("lost", "stuck", "failed")}
    lines = [f"{len(games)} games"] + [f"{n} {outcome}" for outcome, n in counts.items() if n]
    return "\n".join(lines)
