"""Staying alive while the body is in no cycle order (after a hand-over). No pygame here.

When a player or another solver hands over a body that lies along no cycle the
never-losing solver knows, it cannot promise anything yet. It first looks for a way back
into order (`restore`): moves of the cell tree's own (celltree.py), each onto a cell the tail
has left by then, that extend the part of the body in order from the head until the part
out of order is gone. The body then lies along a Hamiltonian cycle again:

    j i . 8 7 6     H the head, b..l the body (12 long), * the fruit; H b c d lie
    k h . . . 5     along the anticlockwise tree of 2x2 blocks, e..l lie anyhow.
    l g f e d 4
    . . . . c 3     8 moves of that tree (1..8), each onto a free cell: the 8 cells
    . . * . b 2     out of order are gone, and 8..1 H b c d lie along an outline.
    . . . . H 1     (RESTORE in tests/test_survival.py)

Failing that, it picks, among the safe moves, the one that

    1. keeps the tail in reach (or leaves at least a body's length of room), so the snake
       can always follow its own tail;
    2. keeps the most of the body in order, from the head (counted by the caller);
    3. leaves the most room.

Restoring order so can go round in circles, so every other board-full of moves without
eating it heads for the fruit instead (or wanders at random among the safe moves) to shake
the position up.

A hand-over can wall the head in with less room than the body, so that no move keeps the
tail in reach. The snake can still live if its head steps onto its own body just after the
tail has left that cell (the tail leaves one cell a move); from there it follows its old
body round and round. `escape` searches the moves for such a route:

    v < < . > H     H     the head, walled in with the 11 cells a..k; the body is 20 long
    v . * > ^ a     L     a body cell, the 12th from the tail: free after 12 moves
    > v . ^ c b
    . v > ^ d e     Straight to L (a b e f g h k L) is too soon: L is still body there.
    v < ^ j i f     Winding through all 11 cells first, the head steps onto L on move 12,
    > > L k h g     just as it is free. Any shorter way and the snake dies.

Cells are flat (grid.py).
"""
from collections import deque

from snake import DIRECTIONS

RESTORE_WORK = 60_000  # body cells a restore search may check in one move (1,000 bodies of 60)
ESCAPE_BODIES = 2_000  # bodies an escape search may try in one move (more than any walled-in hand-over
#                       docs/walled_in.py has needed; the moves' times are in docs/measurements.md)


class Survival:
    """Safe moves for a body in no order; `order(body)` says how many cells from the head are in order."""

    def __init__(self, grid, order, rng):
        self.grid = grid
        self.order = order
        self.rng = rng  # the wandering's own generator, never the game's

    def move(self, snake, body, fruit, hungry, mind_order=True):
        """(direction, whether the tail stays in reach, chasing?) of the best safe move; None if none.

        `mind_order` False skips step 2 (when order is known to be of no use: a lost endgame).
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
                # walled in: room first, it decides how long the snake lives
                score = (safe, self.order(after) if mind_order and safe else 0, area,
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

    def restore(self, tree, body, fruit, ordered=None):
        """A route of `tree`'s own moves after which the whole body fits `tree`, or None if none
        is found within RESTORE_WORK. Depth first, crossing before staying, the fruit never eaten.
        `ordered`: ordered_part(tree, body), if the caller knows it already.

        Each move must be a stay or a cross that keeps the part in order fitting (the head part
        that already fits, then the route), onto a cell the tail has left by then; once the
        route is as long as the part out of order, that part is gone and the body fits."""
        length = len(body)
        ordered = ordered_part(tree, body) if ordered is None else ordered
        if ordered == length:
            return []
        at = {c: k for k, c in enumerate(body)}
        kept = list(body[:ordered])
        stack, work = [()], 0
        while stack and work < RESTORE_WORK:
            route = stack.pop()
            c = route[-1] if route else body[0]
            t = len(route) + 1  # the move that enters n
            for n in (tree.stay[c], tree.cross[c]):
                if n < 0 or n == fruit or n in route or at.get(n, length) < length - t:
                    continue  # off the tree's moves, the fruit, or still body at move t
                work += length
                longer = route + (n,)
                if tree.first_break([*longer[::-1], *kept], new=t) is not None:
                    continue
                if ordered + t >= length:
                    return list(longer)
                stack.append(longer)
        return None

    def escape(self, body, fruit):
        """Moves that bring the head onto its own trail in time: the cells of the route, or
        None if none is found within ESCAPE_BODIES. Depth first over bodies, the roomiest move
        first, until a body has a `way_out`; the fruit is never eaten on the way (the body
        then moves as planned)."""
        start = tuple(body)
        way, _ = self.way_out(start, fruit)
        if way is not None:
            return way
        stack, seen = [(start, ())], {start}
        while stack and len(seen) < ESCAPE_BODIES:
            now, moves = stack.pop()
            children = []
            for n in self.grid.neighbours[now[0]]:
                if n < 0 or n == fruit or n in now[1:-1]:
                    continue
                after = (n,) + now[:-1]
                if after in seen:
                    continue
                seen.add(after)
                way, looked = self.way_out(after, fruit)
                if way is not None:
                    return [*moves, n, *way]
                children.append((looked, after, (*moves, n)))
            stack.extend(child[1:] for child in sorted(children, key=lambda child: child[0]))
        return None

    def way_out(self, body, fruit):
        """(cells, looked): the shortest way over free cells from the head to a cell of the
        body that the tail has left by the time the head gets there, or None; and how many
        cells the search reached.

        body[i] is free after len(body) - i moves: the tail leaves one cell a move. Once the
        head is on such a cell, every next cell of the old body towards the old head is free
        just in time, and after it the cells of the way: the snake goes round for ever."""
        length = len(body)
        if length < 3:
            return None, 0  # a body of 2 is never walled in by itself
        neighbours = self.grid.neighbours
        came = {body[0]: None}
        layer, moves = [body[0]], 0
        while layer:
            moves += 1
            next_layer = []
            for c in layer:
                for n in neighbours[c]:
                    if n < 0 or n == fruit or n in came:
                        continue
                    if n in body:  # the search seldom meets many: a scan beats a table of the body
                        if length - body.index(n) > moves:
                            continue  # still body when the head would get there
                        came[n] = c
                        return self._way_back(came, n), len(came)
                    came[n] = c
                    next_layer.append(n)
            layer = next_layer
        return None, len(came)

    @staticmethod
    def _way_back(came, cell):
        """The cells from the head (left out) to `cell`, read back from `came`."""
        way = []
        while came[cell] is not None:
            way.append(cell)
            cell = came[cell]
        return way[::-1]



def ordered_part(tree, body):
    """The most cells from the head of `body` that fit `tree` (at least the head). A part of
    a tree's outline is on that outline too, so the parts that fit are exactly the shorter
    ones: a binary search over the length finds the longest."""
    _, moving = tree.marks(body)  # no longer part even moves as the tree allows
    fits, misfit = 1, moving + 1
    while misfit - fits > 1:
        middle = (fits + misfit) // 2
        if tree.fits(body[:middle]):
            fits = middle
        else:
            misfit = middle
    return fits
