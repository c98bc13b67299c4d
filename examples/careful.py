"""Careful: the shortest way to the fruit if the tail is in reach once it has eaten, else the long way round."""
from collections import deque

from snake import DIRECTIONS, step
from solver import Solver


class Careful(Solver):
    memoryless = True  # each move depends on the position alone: an endless loop can be proven

    def next_direction(self):
        snake, fruit = self.game.snake, self.game.fruit.where()
        body = list(snake.body)
        way = self.way(body, fruit)
        if way and (len(body) + 1 == self.game.width * self.game.height or self.way(self.after(body, way, fruit))):
            return way[0]  # (filling the board wins: no tail to reach then)
        round_tail = [(len(self.way(self.after(body, [d], fruit)) or ()), d)
                      for d in DIRECTIONS if snake.is_safe_move(d)]
        return max(round_tail, default=(0, snake.direction()))[1]  # the tail furthest away, yet in reach

    def way(self, body, goal=None):
        """The moves of a shortest way from the head to `goal` (None: to the tail), or None."""
        goal, walls, board = body[-1] if goal is None else goal, set(body[:-1]), self.game.snake
        seen, queue = {body[0]: []}, deque([body[0]])
        while queue:
            cell = queue.popleft()
            for nxt, d in ((step(cell, d), d) for d in DIRECTIONS):
                neck = len(body) == 2 and nxt == body[-1] and not seen[cell]  # a 2-long snake's tail is its neck
                if board.on_board(nxt) and nxt not in walls and nxt not in seen and not neck:
                    seen[nxt] = seen[cell] + [d]
                    if nxt == goal:
                        return seen[nxt]
                    queue.append(nxt)

    def after(self, body, moves, fruit):
        """The body once `moves` are made: it grows by one on the move onto the fruit."""
        for d in moves:
            body = [step(body[0], d)] + (body if step(body[0], d) == fruit else body[:-1])
        return body
