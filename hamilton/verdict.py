"""Can hamilton still win from here? The window asks, in the background, when greedy circles.

A memoryless solver proven to circle for ever (loops.py) will never eat again; the player
can hand the position to hamilton (Tab). Every position of the loop leads to every other
without eating, so one question decides them all: is the position won? Near the end (few
free cells) the endgame search (hamilton/endgame/) answers it, a slice at a time in the
window's idle time; with more free cells no answer can be given here.

Handed to hamilton (`hand_to`), the search's answers go with it: a loss is known at once, a
win is proven again from what is remembered, with little work.
"""
import enum

from hamilton.solver import HamiltonSolver
from hamilton.endgame import Endgame
from hamilton.grid import Grid
from hamilton.slices import Sliced


class Answer(enum.Enum):
    WON = "won"  # hamilton can win from here, whatever fruits come
    LOST = "lost"  # no way of moving wins from here
    UNDECIDED = "undecided"  # too big to search through
    NOT_ASKED = "not asked"  # too many free cells for the endgame search


class Verdict:
    """Whether hamilton can win `game`'s present position; `answer` is None until it is known."""

    def __init__(self, game):
        grid = Grid(game.width, game.height)
        self.endgame = Endgame(grid)
        self.body, self.fruit = tuple(grid.flat_body(game.snake)), grid.index(game.fruit.last_generate)
        self.answer, self.search = None, None
        if self.endgame.asked(self.body, self.fruit):
            self.search = Sliced(self.endgame.deciding(self.body, self.fruit))
        else:
            self.answer = Answer.NOT_ASKED

    def think(self, deadline, clock):
        """Search until `clock()` reaches `deadline`; whether there was anything left to search."""
        if self.answer is not None:
            return False
        ledger, limit = self.endgame.ledger, self.endgame.limit_for(self.body)
        while not self.search.done and ledger.spent < limit and clock() < deadline:
            self.search.work(1)
        if self.search.done:
            self.answer = Answer.WON if self.search.answer else Answer.LOST
        elif ledger.spent >= limit:
            self.search.close()
            self.answer = Answer.UNDECIDED
        return True

    def hand_to(self, solver):
        """Give what the search found to `solver`, if it is hamilton on this very board."""
        if isinstance(solver, HamiltonSolver) and solver.grid.size == self.endgame.grid.size:
            if self.search is not None and not self.search.done:
                self.search.close()  # its bodies are let go of: the solver's own proof starts afresh
            solver.endgame = self.endgame
