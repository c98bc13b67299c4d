"""Two simple solvers to measure a solver of your own against. No pygame here.

    random     a random move among those that do not die on this tick
    shortest   the first step of a shortest path to the fruit, with no look-ahead at all;
               when none is left, the first move that does not die at once

Both use only what docs/solvers.md gives every solver (the game, read-only, and snake.py's
directions): a first solver of your own should beat `random` on every board, and `shortest`
on most; neither comes near greedy or hamilton.
"""
import random
from collections import deque

from snake import DIRECTIONS, step
from solver import Solver


def safe_moves(snake):
    """The directions that keep `snake` alive on this tick (its tail's cell counts as free)."""
    return [d for d in DIRECTIONS if snake.is_safe_move(d)]


class RandomSolver(Solver):
    """A random move that does not die on this tick; its choices come from the game's seed,
    so a seed gives the same game every time."""

    name = "random"

    def __init__(self, game):
        super().__init__(game)
        self.rng = random.Random(game.seed)

    def next_direction(self):
        moves = safe_moves(self.game.snake)
        return self.rng.choice(moves) if moves else self.game.snake.direction()


class ShortestSolver(Solver):
    """The first step of a shortest path to the fruit (breadth first, the body a wall but for
    its tail, which moves on); else the first move that does not die at once."""

    name = "shortest"
    memoryless = True  # the move is a function of the position alone

    def __init__(self, game):
        super().__init__(game)
        self.path = []

    def next_direction(self):
        game = self.game
        snake = game.snake
        self.path = self.shortest_path(snake, game.fruit.last_generate)
        if self.path:
            first = self.path[0]
            return next(d for d in DIRECTIONS if step(snake.head(), d) == first)
        moves = safe_moves(snake)
        return moves[0] if moves else snake.direction()

    def shortest_path(self, snake, fruit):
        """The cells from beside the head to the fruit, on a shortest way; [] if none."""
        if fruit is None:
            return []
        walls = set(snake.body)
        if not snake.has_eaten() and len(snake) > 2:  # a 2-long snake's tail is its neck
            walls.discard(snake.tail())
        parent = {snake.head(): None}
        frontier = deque([snake.head()])
        while frontier:
            cell = frontier.popleft()
            if cell == fruit:
                path = []
                while parent[cell] is not None:
                    path.append(cell)
                    cell = parent[cell]
                return path[::-1]
            for d in DIRECTIONS:
                nxt = step(cell, d)
                if nxt not in parent and nxt not in walls and snake.on_board(nxt):
                    parent[nxt] = cell
                    frontier.append(nxt)
        return []

    def planned_path(self):
        return list(self.path)
