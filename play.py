"""A game played move by move: the one loop of turn and step, and what watches it. No pygame here.

Whoever chooses the move (a solver, a replay's letters, the player's keys queued in the
game), a move is the same few things, and they are done here alone:

    a direction --> snake.turn --> game.step(advance) --> the watchers see the position
    (None: the player's     (advance: the snake's own next, or   the loop watch of a
     next queued key)        a drawer's, which repaints it)      memoryless solver; the
                                                                 --soak audit, before and after

The window, the headless runner, a replay read back and a GIF drawn all play through `Drive`.
"""
from loops import LoopWatch


class Drive:
    """Plays `game` a move at a time. `solver`, if given, is watched for an endless loop
    when it is memoryless (loops.py); `advance` moves the snake (a drawer's `next`, so that it
    repaints what changed); `audit(game, direc)`, called before each move, returns the check
    to make after it (headless/soak.py)."""

    def __init__(self, game, solver=None, advance=None, audit=None):
        self.game = game
        self.solver = solver
        self.advance = advance
        self.audit = audit
        self.watch = LoopWatch() if solver is not None and solver.memoryless else None

    @property
    def circling(self):
        """Whether the solver is proven to circle for ever: the position came back, so every
        move since will come back too."""
        return self.watch is not None and self.watch.period is not None

    def move(self, direc=None):
        """Play one move: turn to `direc` (None: the next queued key, or straight on), then step.
        Returns whether the snake ate."""
        game = self.game
        check = self.audit(game, direc) if self.audit is not None else None
        if direc is not None:
            game.snake.turn(direc)
        ate = game.step(self.advance)
        if check is not None:
            check()
        if self.watch is not None and self.watch.period is None:
            self.watch.see(game.snake, game.fruit.last_generate)
        return ate
