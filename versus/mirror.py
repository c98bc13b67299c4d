"""The copy of one snake's view of a duel that a solver from outside is given (solvers/guard.py).

guard.Mirror copies a game.Game; a SideMirror is the same copy of a duel's Side, with the
other snake copied too (None for a blind solver), so whatever the solver does to what it was
given, the duel itself never changes, and a change to either snake is seen as a failure.
"""
from solvers.guard import Mirror


class SideMirror(Mirror):
    """A Mirror of `real` (a versus.duel.Side), with `game.other` a copy of the other snake."""

    def __init__(self, real):
        self.other = real.other.copy() if real.other is not None else None
        super().__init__(real)

    def update(self):
        super().update()
        theirs = self.real.other
        if self.other is not None:
            self.other.take_on(theirs)
        self.game.other = self.other

    def changed(self):
        if self.game.other is not self.other:
            return "it replaced the other snake"
        if self.other is not None:
            changed = self.other.differs(self.real.other)  # "the snake's body", ...
            if changed:
                return changed.replace("the snake's", "the other snake's")
        return super().changed()
