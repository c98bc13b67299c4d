"""--plot FILE.png: the run drawn once its figures are printed (matplotlib, like Pillow optional).

    one board:   a histogram of the moves each finished game took (won and lost stacked),
                 with the other projects' published means for that board as marked lines
    --boards:    left, the moves of each board's finished games (a box per board);
                 right, the mean moves per cell of the won games against the board's cells,
                 the published figures as marked points

A game "finishes" when it is won or lost; a stuck game (move limit, proven endless loop)
has no moves to finish and is only counted in the title. The figure is written whole or
not at all, and never over a file (files/atomic.py), as --record writes its GIF.
"""
import os
import sys
from typing import NamedTuple

from files import atomic

MATPLOTLIB_MISSING = "--plot needs matplotlib: pip install matplotlib"
STYLES = ("o", "s", "^")  # the markers of the published figures, in PUBLISHED's order


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
    """--plot's own rules, before any game is played: a new .png, and matplotlib (flags.py checks
    the folder). Raises config.ConfigError (one line)."""
    from config import ConfigError
    if not path.lower().endswith(".png"):
        raise ConfigError(f"--plot draws a PNG: give a name ending in .png, not {path}")
    if os.path.lexists(path):
        raise ConfigError(f"{path} already exists; --plot never replaces a file")
    if not installed():
        raise ConfigError(MATPLOTLIB_MISSING)


def installed():
    """Whether matplotlib can be imported."""
    try:
        import matplotlib  # noqa: F401  (only --plot needs it)
    except ImportError:
        return False
    return True


class Plot:
    """The moves of every game of the run, per board, kept as the records go by; drawn by save()."""

    def __init__(self, path, solver):
        self.path, self.solver = path, solver
        self.boards = {}  # (width, height) -> [(outcome, moves), ...], in game order

    def around(self, play):
        """The engine `play` with the moves of each game it yields kept here."""
        def watched(specs):
            records = play(specs)
            try:
                for spec, record in zip(specs, records):
                    self.boards.setdefault((spec.width, spec.height), []).append((record["outcome"], record["steps"]))
                    yield record
            finally:
                records.close()
        return watched

    def save(self):
        """Draw and write the PNG; say where on stderr. Returns the exit code (1 if it cannot be written)."""
        figure = self.draw()
        directory, name = os.path.split(os.path.abspath(self.path))
        try:
            atomic.create(directory, lambda f: figure.savefig(f, format="png", dpi=100), [name])
        except FileExistsError:
            print(f"error: {self.path} appeared during the run; --plot never replaces a file", file=sys.stderr)
            return 1
        except OSError as e:
            print(f"error: --plot: cannot write {self.path}: {e.strerror or e}", file=sys.stderr)
            return 1
        print(f"plot: {self.path}", file=sys.stderr)
        return 0

    def draw(self):
        """The matplotlib Figure of the run (no pyplot: nothing opens a window)."""
        from matplotlib.figure import Figure
        several = len(self.boards) > 1
        figure = Figure(figsize=(16 if several else 12, 5.5), layout="constrained")
        if several:
            left, right = figure.subplots(1, 2)
            self.draw_boxes(left)
            self.draw_per_cell(right)
        else:
            self.draw_histogram(figure.subplots())
        return figure

    def draw_histogram(self, axes):
        (board, games), = self.boards.items()
        won = [moves for outcome, moves in games if outcome == "won"]
        lost = [moves for outcome, moves in games if outcome == "lost"]
        stuck = len(games) - len(won) - len(lost)
        axes.hist([won, lost], bins=30, stacked=True, color=["tab:green", "tab:red"],
                  label=[f"won ({len(won)})", f"lost ({len(lost)})"])
        top = axes.get_ylim()[1] * 0.96  # the marks sit just under the top of the frame
        for style, published in zip(STYLES, PUBLISHED.get(board, ())):
            axes.plot([published.moves] * 2, [0, top], color="black", linestyle="--", linewidth=1, marker=style,
                      markevery=[1], label=f"{published.name}: {published.moves:,.0f} moves ({published.games})")
        if won:
            axes.axvline(sum(won) / len(won), color="tab:blue", linewidth=2, label=f"{self.solver} mean, won: "
                                                                                   f"{sum(won) / len(won):,.0f} moves")
        axes.set_xlabel("moves to finish a game")
        axes.set_ylabel("games")
        axes.yaxis.get_major_locator().set_params(integer=True)
        axes.set_title(f"{self.solver} on {board[0]}x{board[1]}: {len(games)} games"
                       + (f", {stuck} stuck (not shown)" if stuck else ""))
        axes.legend(fontsize="small", loc="upper left", bbox_to_anchor=(1.02, 1))

    def draw_boxes(self, axes):
        names = [f"{w}x{h}" for w, h in self.boards]
        finished = [[moves for outcome, moves in games if outcome != "stuck"] or [0] for games in self.boards.values()]
        axes.boxplot(finished)
        axes.set_xticks(range(1, len(names) + 1), names)
        axes.set_yscale("log")
        axes.set_xlabel("board")
        axes.set_ylabel("moves to finish a game (won or lost)")
        axes.set_title(f"{self.solver}: moves per game on each board")
        axes.tick_params(axis="x", labelrotation=90 if len(names) > 12 else 0)

    def draw_per_cell(self, axes):
        points = []
        for (w, h), games in self.boards.items():
            won = [moves for outcome, moves in games if outcome == "won"]
            if won:
                points.append((w * h, sum(won) / len(won) / (w * h)))
        axes.plot([cells for cells, _ in points], [per for _, per in points], "o-", color="tab:blue",
                  label=f"{self.solver}, mean of the won games")
        for (w, h) in self.boards:
            for style, published in zip(STYLES, PUBLISHED.get((w, h), ())):
                axes.plot([w * h], [published.moves / (w * h)], style, color="black", linestyle="none",
                          label=f"{published.name}, {w}x{h} ({published.games})")
        axes.set_xscale("log")
        axes.set_xlabel("cells on the board")
        axes.set_ylabel("moves per cell to win")
        axes.set_title("moves per cell against board size")
        axes.legend(fontsize="small", loc="upper left", bbox_to_anchor=(1.02, 1))
