"""Proving that a solver circles forever, exactly and cheaply. No pygame here.

A memoryless solver (`Solver.memoryless`: its move depends only on the body, the
heading and the fruit) that meets a position it has met before will replay every move in
between, forever. Between two meals the fruit stays put and the length is fixed, so a
position can only come back within one such stretch; eating starts a new stretch.

Keeping every position of a stretch would cost memory and time, so `LoopWatch` uses
Brent's cycle detection: it keeps one saved position and compares each new one with it.
The saved position is renewed at moves 1, 2, 4, 8, ... of the stretch, so once the snake
is inside its loop of P moves, a repeat is seen at the latest about 2P moves later. The
comparison is of the whole position, so an alarm is never false; it usually fails on the
head, so the cost per move is a few comparisons.

    moves since the meal:   1  2  3  4  5  6  7  8 ...
    saved position from:    0  1  1  3  3  3  3  7 ...
"""


class LoopWatch:
    """Feed it every position of a memoryless solver's game; it says when one repeats."""

    def __init__(self):
        self.period = None  # moves in the proven loop, once proven
        self._saved = None

    def see(self, snake, fruit):
        """Record the position after a move; True once this stretch is proven to loop forever."""
        body = snake.body
        if self._saved is None or len(body) != len(self._saved) or fruit != self._fruit:
            self._start(snake, fruit)
            return False
        self._moves += 1
        if snake.direction() == self._direction and body == self._saved:
            self.period = self._moves
            return True
        if self._moves == self._span:  # renew the saved position; wait twice as long next time
            self._save(snake)
            self._span *= 2
        return False

    def _start(self, snake, fruit):
        self.period = None
        self._fruit = fruit
        self._span = 1
        self._save(snake)

    def _save(self, snake):
        self._saved = snake.body.copy()
        self._direction = snake.direction()
        self._moves = 0
