"""Staying alive while the body is in no cycle order (after a hand-over). No pygame here.

When a player or another autopilot hands over a body that lies along no cycle the
never-losing autopilot knows, it cannot promise anything yet. Until the body is back in
order it picks, among the safe moves, the one that

    1. keeps the tail in reach (or leaves at least a body's length of room), so the snake
       can always follow its own tail;
    2. brings the body back into order (scored by the caller: 2 in order, 1 in order near
       the head, 0 not);
    3. leaves the most room.

Restoring order can go round in circles, so every other board-full of moves without eating
it heads for the fruit instead (or wanders at random among the safe moves) to shake the
position up. Cells are flat (grid.py).
"""
from collections import deque

from snake import DIRECTIONS


class Survival:
    """Safe moves for a body in no order; `order(body)` scores a body 0, 1 or 2."""

    def __init__(self, grid, order, rng):
        self.grid = grid
        self.order = order
        self.rng = rng  # the wandering's own generator, never the game's

    def move(self, snake, body, fruit, hungry, restore=True):
        """(direction, whether the tail stays in reach, chasing?) of the best safe move; None if none.

        `restore` False skips step 2 (when order is known to be of no use: a lost endgame).
        """
        grid = self.grid
        head, length = body[0], len(body)
        chase = fruit >= 0 and (hungry // grid.size) % 2 == 1
        far = self._distances(fruit, set(body[:-1])) if chase else None
        best, best_score = None, None
        for d in DIRECTIONS:
            nxt = grid.neighbours[head][d]
            if nxt < 0 or not snake.is_safe_move(d):
                continue
            after = [nxt] + (body if nxt == fruit else body[:-1])
            area, reaches_tail = self._room(nxt, set(after), after[-1])
            safe = reaches_tail or area >= length
            if chase:
                score = (safe, -far.get(nxt, grid.size), self.rng.random(), area)
            else:
                score = (safe, self.order(after) if restore else 0, area,
                         -grid.distance(nxt, fruit) if fruit >= 0 else 0)
            if best_score is None or score > best_score:
                best, best_score = d, score
        if best is None:
            return None
        return best, best_score[0], chase

    def _room(self, start, blocked, tail):
        """Cells reachable from `start` around `blocked` (the tail counts as free), and whether the tail is."""
        neighbours = self.grid.neighbours
        seen = {start}
        stack = [start]
        reaches_tail = False
        while stack:
            c = stack.pop()
            for n in neighbours[c]:
                if n < 0 or n in seen:
                    continue
                if n == tail:
                    reaches_tail = True
                if n in blocked and n != tail:
                    continue
                seen.add(n)
                stack.append(n)
        return len(seen), reaches_tail

    def _distances(self, start, blocked):
        """Moves from `start` to each cell reachable around `blocked`."""
        neighbours = self.grid.neighbours
        dist = {start: 0}
        queue = deque([start])
        while queue:
            c = queue.popleft()
            for n in neighbours[c]:
                if n >= 0 and n not in dist and n not in blocked:
                    dist[n] = dist[c] + 1
                    queue.append(n)
        return dist
