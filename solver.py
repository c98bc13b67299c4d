"""Autopilots. A solver has one job: name the next direction for the game's snake. No pygame here."""
from snake import Direction


class Solver:
    """Base of every autopilot. It reads `game` (snake, fruit, board) and never changes it."""

    name = "base"

    def __init__(self, game):
        self.game = game
        self.decision = {}  # what the last call decided and why, for the debug log

    def next_direction(self):
        """The direction to move on the coming tick."""
        raise NotImplementedError

    def planned_path(self):
        """The cells the solver means to visit next, for the window's overlay (may be empty)."""
        return []


def make_solver(name, game):
    """The autopilot registered as `name`, playing `game`."""
    return SOLVERS[name](game)


# GreedySolver (the report's autopilot) is written below; HamiltonSolver lives in hamilton.py.
SOLVERS = {}
