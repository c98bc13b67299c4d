"""The headless mode: many games with no window, and the figures that measure a solver.

    runner.py    --headless: the boards, the games, the figures printed as JSON
    flags.py     its flags and the settings they make
    games.py     one game from its spec to its record (hand-overs, --start-fill, --load)
    jobs.py      --jobs: the games in worker processes
    cluster.py   --cluster: the games on a Dask cluster (shipped.py: its worker side; cluster_error.py:
                 its error, which the runner catches without importing cluster.py)
    results.py   --results: a line per finished game, and a run that goes on from the file
    figures.py   time per move, the tally of a board, progress on stderr
    plot.py      --plot: the run drawn in a PNG
    soak.py      --soak: every move checked against the rules
    keep.py      --save-games and --record: what is kept of each game
"""
from headless.flags import add_arguments
from headless.runner import run

__all__ = ["add_arguments", "run"]
