"""PathSolve: shortest and (approximately) longest paths for the solver. No pygame here.

It decides nothing; the solver asks it questions. Searches run on bitboards: a set of cells
is one Python int, bit `(y + 1) * (W + 1) + x` standing for cell (x, y). The extra column x = W
and the extra rows above and below the board are never set, so a shift by one column or one
row can never wrap onto a board cell and every neighbour of a board cell has an index >= 0.
One breadth-first layer is then a handful of shifts and masks instead of a loop over cells.

A path is the cells visited after the start, as bit indices; an empty list means there is
no path. (tests/test_pather.py turns them into moves of a `Snake` to check them.)
"""
from snake import Direction, RIGHT


class PathSolve:
    """Path searches on a `width` x `height` board; build one per board and reuse it."""

    def __init__(self, width, height):
        self.width, self.height = width, height
        stride = self.stride = width + 1
        self.index = {}  # (x, y) -> bit index
        self.cells = [None] * ((height + 2) * stride)  # bit index -> (x, y); None off the board
        self.bit = {}  # (x, y) -> 1 << index, to turn a body into a mask quickly
        for y in range(height):
            for x in range(width):
                i = (y + 1) * stride + x
                self.index[(x, y)] = i
                self.cells[i] = (x, y)
                self.bit[(x, y)] = 1 << i
        self.board = sum(self.bit.values())  # every cell of the board
        self.size = width * height
        self.offset = (-stride, stride, -1, 1)  # index step per direction, UP DOWN LEFT RIGHT
        self.direction_of = {-stride: Direction.UP, stride: Direction.DOWN,
                             -1: Direction.LEFT, 1: Direction.RIGHT}
        # The order in which a step tries its two sides: a vertical step left then right, a
        # horizontal step up then down (docs/design.md, the greedy solver).
        self.perpendicular = {-stride: (-1, 1), stride: (-1, 1), -1: (-stride, stride), 1: (-stride, stride)}

    # -- conversions ---------------------------------------------------------------------

    def mask(self, cells):
        """The bitboard of `cells` (distinct board cells)."""
        return sum(map(self.bit.__getitem__, cells))

    # -- searches on indices and bitboards -------------------------------------------------

    def adjacent(self, a, b):
        """Whether the cells with indices `a` and `b` are neighbours on the board."""
        return b - a in self.direction_of

    def region(self, start, free):
        """The cells connected to `start` through `free` cells, `start` included."""
        stride = self.stride
        seen = 1 << start
        free |= seen
        while True:
            grown = (seen | (seen >> 1) | (seen << 1) | (seen >> stride) | (seen << stride)) & free
            if grown == seen:
                return seen
            seen = grown

    def connected(self, start, target, free):
        """Whether `target` can be reached from `start` stepping only on `free` cells or `target`."""
        stride = self.stride
        goal = 1 << target
        front = 1 << start
        rest = (free | goal) & ~front
        while front:
            front = ((front >> 1) | (front << 1) | (front >> stride) | (front << stride)) & rest
            if front & goal:
                return True
            rest ^= front
        return False

    def shortest(self, start, target, free, heading=RIGHT):
        """A shortest index path from `start` to `target` over `free` cells (plus `target`); [] if none.

        Among equally short paths it keeps going in the current direction when it can,
        starting with `heading`, so the path bends as little as a breadth-first search allows.
        """
        if start == target:
            return []
        stride = self.stride
        # Layers grow from the target, so the walk back can start at `start` and choose each
        # step with the heading in mind.
        here = 1 << start
        front = 1 << target
        rest = (free | here) & ~front
        layers = [front]
        while not front & here:
            front = ((front >> 1) | (front << 1) | (front >> stride) | (front << stride)) & rest
            if not front:
                return []
            layers.append(front)
            rest ^= front
        offset = self.offset
        path = []
        cur, step = start, offset[heading]
        for j in range(len(layers) - 2, -1, -1):
            layer = layers[j]
            nxt = cur + step
            if not (layer >> nxt) & 1:
                for step in offset:
                    nxt = cur + step
                    if (layer >> nxt) & 1:
                        break
            path.append(nxt)
            cur = nxt
        return path

    def extend(self, start, path, free):
        """The longest-path approximation, shortest-path extension: `path` (from `start`) stretched step by step.

        Step idx from `cur` to `nxt` becomes [d, step, opposite(d)] when `cur+d` and `nxt+d`
        are both `free` and not yet on the path; the step is retried until it cannot grow,
        then the next one is tried. Where each step starts never changes.
        """
        if not path:
            return []
        follow = dict(zip([start] + path, path))  # cell -> the cell after it on the path
        unused = free & ~sum(1 << i for i in path)
        cur, end = start, path[-1]
        while cur != end:
            nxt = follow[cur]
            side = self._detour(cur, nxt, unused)
            if side is None:
                cur = nxt
                continue
            a, b = side
            unused &= ~((1 << a) | (1 << b))
            follow[cur], follow[a], follow[b] = a, b, nxt
        longer, cur = [], start
        while cur != end:
            cur = follow[cur]
            longer.append(cur)
        return longer

    def extend_first(self, start, path, free):
        """The first cell of `extend(start, path, free)`, without extending the rest.

        Step 0 is extended to the end before step 1 is touched, so the later steps cannot
        change where the extended path goes first.
        """
        unused = free & ~sum(1 << i for i in path)
        nxt = path[0]
        while True:
            side = self._detour(start, nxt, unused)
            if side is None:
                return nxt
            a, b = side
            unused &= ~((1 << a) | (1 << b))
            nxt = a

    def _detour(self, cur, nxt, unused):
        """The cells (cur+d, nxt+d) the step cur -> nxt can bend through, trying each side d in
        the order above; None when neither side has both cells unused."""
        for d in self.perpendicular[nxt - cur]:
            a, b = cur + d, nxt + d
            if (unused >> a) & 1 and (unused >> b) & 1:
                return a, b
        return None


