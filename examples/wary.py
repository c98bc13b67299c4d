"""Wary: a versus solver of your own. It sees the other snake (`versus = True`: the game gives it
`game.other`), treats its body as a wall, never steps where the other head could step too, and
takes the shortest way to the fruit, else the move with the most room. In a single game (or
played blind) `game.other` is None, and it plays the same with no other snake."""
from collections import deque

from snake import DIRECTIONS, step
from solver import Solver


class Wary(Solver):
    versus = True  # give me the other snake, game.other

    def next_direction(self):
        game = self.game
        me, other = game.snake, game.other
        walls = set(me.body) - {me.tail()}
        danger = set()
        if other is not None:
            walls |= set(other.body)
            danger = {step(other.head(), d) for d in DIRECTIONS}  # where the other head may go next
        moves = [d for d in DIRECTIONS if not me.is_reversal(d) and me.on_board(step(me.head(), d))
                 and step(me.head(), d) not in walls]
        calm = [d for d in moves if step(me.head(), d) not in danger] or moves
        if not calm:
            return me.direction()
        return min(calm, key=lambda d: (self.distance(step(me.head(), d), game.fruit.where(), walls),
                                        -self.room(step(me.head(), d), walls)))

    def distance(self, start, goal, walls):
        """Moves from `start` to `goal` around `walls`, or the board's size when there is no way."""
        seen, queue = {start: 0}, deque([start])
        while queue:
            cell = queue.popleft()
            if cell == goal:
                return seen[cell]
            for nxt in (step(cell, d) for d in DIRECTIONS):
                if self.game.snake.on_board(nxt) and nxt not in walls and nxt not in seen:
                    seen[nxt] = seen[cell] + 1
                    queue.append(nxt)
        return self.game.width * self.game.height

    def room(self, start, walls):
        """The cells reachable from `start` around `walls`."""
        seen, queue = {start}, deque([start])
        while queue:
            cell = queue.popleft()
            for nxt in (step(cell, d) for d in DIRECTIONS):
                if self.game.snake.on_board(nxt) and nxt not in walls and nxt not in seen:
                    seen.add(nxt)
                    queue.append(nxt)
        return len(seen)
