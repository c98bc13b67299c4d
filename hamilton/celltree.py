"""The 2x2-block ("cell tree") structure behind the never-losing solver. No pygame here.

On a board with both sides even, cut the board into 2x2 blocks and let the snake drive round
every block the same way, clockwise here (anticlockwise is the mirror image). Each cell then
has two moves: *stay* (the arrow, round its block) or *cross* through its *gate*, the side of
the block on the driver's left, into the neighbouring block:

        x even  x odd                 cell  stays   gate (crosses)
    y even  a  >  b                    a    right   up
            ^     v                    b    down    right
    y odd   d  <  c                    c    left    down
                                       d    up      left

Two facing gates make one *edge* between neighbouring blocks. When a block edge is used, the
two block tours join into one: b crosses into the right block's a, whose d crosses back
into c:

    +-----+-----+        +-----+-----+
    | > v | > v |        | >   >   v |
    | ^ < | ^ < |        | ^   <   < |
    +-----+-----+        +-----+-----+
    two tours            edge used: one tour

So if the used edges form a spanning tree of the blocks, driving round the blocks and
crossing exactly at the tree's edges tours the tree's outline, which visits every cell once:
a Hamiltonian cycle. Conversely a snake body that only stays and crosses says, move by
move, which edges the tree must hold (a crossing: the edge is IN) and which it must not
(a stay past a gate: the edge is OUT). The body lies on the outline of *some* spanning tree
exactly when

    1. every move is a stay or a cross,
    2. the IN edges hold no loop (they join exactly the blocks the body lies in), and
    3. the edges that are not OUT still connect all the blocks.

Condition 3 has a picture of its own, in the planar dual of the blocks. Every stay past a
gate draws a *wall* along that block side; every block corner is a point, and all the
points on the board's rim count as one point, RIM. The blocks fall apart exactly when the
walls close a loop. The walls of a body run along its left-hand side in one unbroken line,
corner to corner (each stay's wall starts where the previous one ended), so a new wall
closes a loop exactly when it ends on a point the line has already touched:

    +---+---+---+          the snake drives along the lower lane of the middle row;
    |   |   |   |          its walls (=) run along its left, from the rim...
    +===+===+   +
    | > > > v   |          ...to the corner it has reached. Ending a wall on the rim
    +---+---+---+          again would shut the blocks above off from the rest.

Encoding: cells are flat indices (grid.py). Blocks are numbered row by row, edges in the
order they are met, corner points (X, Y) of the block grid as Y * (W/2 + 1) + X, with RIM
standing for every point on the border.
"""
from snake import DELTA, DOWN, LEFT, RIGHT, UP

IN, OUT = 1, 2  # an edge's mark: crossed by the body, or passed by
NONE = -1  # no gate (the border), no edge
# Which cell an odd x odd board's 3x3 corner block leaves out, as (x, y) from the board's
# bottom-right corner: that corner, the block's centre, or the block's other corner on the
# right side or on the bottom side. The last two change no gate and no wall of the corner's
# trees, so trees of one driving direction share a clock; the block's inner corner would not.
LEAVE_OUT = {"corner": (1, 1), "centre": (2, 2), "right side": (1, 3), "bottom side": (3, 1)}
CORNER, CENTRE = "corner", "centre"


class CellTree:
    """The blocks, edges, lanes and wall corners of a `width` x `height` board with an even side."""

    def __init__(self, width, height, clockwise=True, leave_out=CORNER):
        if width < 2 or height < 2:
            raise ValueError(f"a {width}x{height} board has no cell tree (both sides must be 2 or more)")
        self.width, self.height = width, height
        self.clockwise = clockwise
        self.name = "clockwise" if clockwise else "anticlockwise"
        # Odd x odd: the bottom-right block is 3x3 and its ring leaves one cell out.
        self.skipped = NONE
        if width % 2 and height % 2:
            dx, dy = LEAVE_OUT[leave_out]
            self.skipped = (height - dy) * width + width - dx
        self.columns, self.rows = _spans(width), _spans(height)
        self.across = len(self.columns)  # blocks per row
        self.blocks = self.across * len(self.rows)
        self._number_edges()
        self._touching()
        self._lanes()
        self._gates()
        self._corners()

    def _number_edges(self):
        across, blocks = self.across, self.blocks
        self.edges = []  # edge -> (block, block)
        self.edge_of = {}  # (lower block, higher block) -> edge
        for b in range(blocks):
            for other in (b + 1 if b % across + 1 < across else NONE, b + across if b + across < blocks else NONE):
                if other != NONE:
                    self.edge_of[(b, other)] = len(self.edges)
                    self.edges.append((b, other))
        self.adjacent = [[] for _ in range(blocks)]  # block -> [(neighbour block, edge)]
        for e, (a, b) in enumerate(self.edges):
            self.adjacent[a].append((b, e))
            self.adjacent[b].append((a, e))

    def _touching(self):
        """Each cell's neighbours on the board (`touching`), and whether it lies on the board's
        edge (`rimmed`: fewer than four)."""
        width, size = self.width, self.width * self.height
        self.touching = [[n for n, on_board in ((c - width, c >= width), (c + width, c + width < size),
                                                (c - 1, c % width > 0), (c + 1, c % width < width - 1)) if on_board]
                         for c in range(size)]
        self.rimmed = [len(touching) < 4 for touching in self.touching]

    def _lanes(self):
        """Each cell's stay: the next cell round its block's ring, the way the snake drives."""
        width = self.width
        size = width * self.height
        self.block = [0] * size
        self.stay = list(range(size))  # the cell the stay move leads to (the skipped cell: itself)
        self.side = [NONE] * size  # the direction of the block side the stay runs along
        for by, (y0, y1) in enumerate(self.rows):
            for bx, (x0, x1) in enumerate(self.columns):
                ring = ([(x, y0) for x in range(x0, x1)] + [(x1 - 1, y) for y in range(y0 + 1, y1)]
                        + [(x, y1 - 1) for x in range(x1 - 2, x0 - 1, -1)] + [(x0, y) for y in range(y1 - 2, y0, -1)])
                if (x1 - x0, y1 - y0) == (3, 3):
                    ring = _ring_of_nine(ring, (x0 + 1, y0 + 1), self.skipped % width, self.skipped // width)
                if not self.clockwise:
                    ring.reverse()
                for y in range(y0, y1):
                    for x in range(x0, x1):
                        self.block[y * width + x] = by * self.across + bx
                for (x, y), (nx, ny) in zip(ring, ring[1:] + ring[:1]):
                    i = y * width + x
                    self.stay[i] = ny * width + nx
                    # the side outward of the move: on the left driving clockwise, else the right
                    self.side[i] = _OUTWARD[self.clockwise][DELTA.index((nx - x, ny - y))]

    def _gates(self):
        """One pair of facing gates per block edge: p crosses out where the neighbouring block's
        q' crosses back in, onto the cell p would have stayed to."""
        width, height = self.width, self.height
        size = width * height
        self.cross = [NONE] * size  # the cell the gate leads to, NONE where the cell has no gate
        self.gate = [NONE] * size  # the edge the gate crosses, NONE where the cell has no gate
        into = {n: c for c, n in enumerate(self.stay)}  # cell -> the cell whose stay leads into it
        paired = set()  # edges that have their gates
        for p in range(size):
            if p == self.skipped:
                continue
            dx, dy = DELTA[self.side[p]]
            x, y = p % width + dx, p // width + dy
            if not (0 <= x < width and 0 <= y < height):
                continue
            q = y * width + x
            if self.block[q] == self.block[p]:  # inside the 3x3 ring: a turn, not a side
                continue
            e = self.edge_of[tuple(sorted((self.block[p], self.block[q])))]
            back = into[q]  # q' of the docstring: it must face stay(p) across the same side
            sx, sy = self.stay[p] % width + dx, self.stay[p] // width + dy
            if (self.side[back] == _OPPOSITE_SIDE[self.side[p]] and back == sy * width + sx
                    and e not in paired):
                paired.add(e)
                self.cross[p], self.gate[p] = q, e
                self.cross[back], self.gate[back] = self.stay[p], e

    def _corners(self):
        """Where the wall of each cell's stay starts and ends: the corners of the block side it
        runs along, in driving order, with every border point merged into RIM."""
        across, down = self.across, len(self.rows)
        self.rim = (across + 1) * (down + 1)

        def point(px, py):
            return self.rim if px in (0, across) or py in (0, down) else py * (across + 1) + px

        size = len(self.stay)
        self.wall_from, self.wall_to = [self.rim] * size, [self.rim] * size
        for i in range(size):
            if i == self.skipped:
                continue
            bx, by = self.block[i] % across, self.block[i] // across
            ends = {UP: ((bx, by), (bx + 1, by)), DOWN: ((bx, by + 1), (bx + 1, by + 1)),
                    LEFT: ((bx, by), (bx, by + 1)), RIGHT: ((bx + 1, by), (bx + 1, by + 1))}[self.side[i]]
            (ax, ay), (zx, zy) = ends
            dx, dy = DELTA[self.stay_direction(i)]
            forward = dx > 0 or dy > 0  # the stay runs from the side's first corner to its second
            first, second = point(ax, ay), point(zx, zy)
            self.wall_from[i], self.wall_to[i] = (first, second) if forward else (second, first)

    def stay_direction(self, i):
        width = self.width
        n = self.stay[i]
        return DELTA.index((n % width - i % width, n // width - i // width))

    # -- what a body says ------------------------------------------------------------------

    def marks(self, body):
        """The edge marks of `body` (flat cells, head first), and how many of its cells, from
        the head, make moves this driving direction allows without contradicting each other."""
        state = bytearray(len(self.edges))
        stay, cross, gate = self.stay, self.cross, self.gate
        for k in range(1, len(body)):
            c, nxt = body[k], body[k - 1]
            g = gate[c]
            if nxt == stay[c]:
                if g != NONE:
                    if state[g] == IN:
                        return state, k
                    state[g] = OUT
            elif nxt == cross[c] and state[g] != OUT:
                state[g] = IN
            else:
                return state, k
        return state, len(body)

    def fits(self, body):
        """Whether `body` lies along the outline of some spanning tree (conditions 1-3)."""
        return self.first_break(body) is None

    def first_break(self, body, new=None):
        """None if `body` fits some tree; else the (cell, crossed) move that first breaks it.

        Moves are judged in the order they were made, tail first. `new` counts the moves at
        the head end that are only planned: for them the blame names the move, for older
        ones the cell is None (the body was already out of order).
        """
        new = len(body) if new is None else new
        state = bytearray(len(self.edges))
        parent = list(range(self.blocks))  # union-find over blocks joined by IN edges
        stay, cross, gate, block = self.stay, self.cross, self.gate, self.block
        passed = []  # planned stays past a gate: (cell, edge)
        for k in range(len(body) - 1, 0, -1):
            c, nxt = body[k], body[k - 1]
            blame = c if k <= new else None
            g = gate[c]
            if nxt == cross[c]:
                if state[g] == OUT:
                    return blame, True
                if state[g] == 0:
                    a, b = _find(parent, block[c]), _find(parent, block[nxt])
                    if a == b:  # condition 2: a loop of IN edges
                        return blame, True
                    parent[a] = b
                    state[g] = IN
            elif nxt == stay[c]:
                if g != NONE:
                    if state[g] == IN:
                        return blame, False
                    if state[g] == 0:
                        state[g] = OUT
                        if blame is not None:
                            passed.append((c, g))
            else:  # condition 1: neither a stay nor a cross
                return blame, False
        return self.cut_blame(state, passed)

    def cut_blame(self, state, passed):
        """Condition 3 for the edge marks `state`: None if the edges not OUT connect every
        block; else (the first of the planned walls `passed`, (cell, edge), on the border of
        the part cut off, False), or (None, False) if none of them is."""
        cut = self._cut_off(state)
        if cut is None:
            return None
        for c, g in passed:
            a, b = self.edges[g]
            if cut[a] != cut[b]:
                return c, False
        return None, False

    def _cut_off(self, state):
        """None if the edges not OUT connect every block; else flags of the blocks reached from block 0."""
        seen = bytearray(self.blocks)
        seen[0] = 1
        stack, count = [0], 1
        adjacent = self.adjacent
        while stack:
            v = stack.pop()
            for w, e in adjacent[v]:
                if not seen[w] and state[e] != OUT:
                    seen[w] = 1
                    count += 1
                    stack.append(w)
        return None if count == self.blocks else seen

    # -- trees and their outlines -------------------------------------------------------------

    def spanning_tree(self, body, prefer=None):
        """Edge flags of one spanning tree that `body` (which must fit) lies along: its IN
        edges, then any other edge not OUT that joins two parts (Kruskal, in edge order);
        given `prefer` (edge flags of another tree), its edges go before the rest, so that
        the tree is `prefer` itself wherever the body allows."""
        return self.spanning_trees(body, (prefer,))[0]

    def spanning_trees(self, body, prefers):
        """spanning_tree(body, prefer) for each of `prefers`, the body's marks read once."""
        from hamilton.spanning import spanning_trees  # spanning.py reads this module's marks
        return spanning_trees(self, self.marks(body)[0], prefers)

    def next_on_outline(self, tree, cell):
        """The cell after `cell` on the outline of the spanning tree `tree` (edge flags)."""
        g = self.gate[cell]
        return self.cross[cell] if g != NONE and tree[g] else self.stay[cell]

    def outline_steps(self, tree, start, goal, most=None):
        """The moves round the outline of `tree` (edge flags) from `start` to `goal`, or `most`
        if that many do not get there (by default the number of cells: the outline never
        gets to the cell an odd x odd board leaves out)."""
        cell, steps, most = start, 0, len(self.stay) if most is None else most
        stay, cross, gate = self.stay, self.cross, self.gate
        while cell != goal and steps < most:  # next_on_outline, a step at a time
            g = gate[cell]
            cell = cross[cell] if g != NONE and tree[g] else stay[cell]
            steps += 1
        return steps

    def outline(self, tree, start):
        """Every cell round the outline of `tree` (edge flags), from `start`: the Hamiltonian
        cycle (without the cell an odd x odd board leaves out)."""
        cells, cell = [start], self.next_on_outline(tree, start)
        while cell != start and len(cells) < len(self.stay):
            cells.append(cell)
            cell = self.next_on_outline(tree, cell)
        return cells


def _ring_of_nine(perimeter, centre, sx, sy):
    """The ring of a 3x3 block without cell (sx, sy): the perimeter without the centre, or,
    without one of its corners, a ring that turns in through the centre there:

        > > v     > > v     > v x     > > v
        ^ x v     ^ v <     ^ > v     ^ < v      x: left out (clockwise)
        ^ < <     ^ < x     ^ < <     x ^ <
    """
    if (sx, sy) == centre:
        return perimeter
    k = perimeter.index((sx, sy))
    return perimeter[:k] + [centre] + perimeter[k + 1:]


def _spans(length):
    """Block boundaries along a side: pairs of cells, the last block 3 long on an odd side."""
    spans = [(a, a + 2) for a in range(0, length - length % 2, 2)]
    if length % 2:
        spans[-1] = (spans[-1][0], length)
    return spans


# the side a gate faces, by the direction of the stay: left of it clockwise, right of it not
_OUTWARD = {True: {RIGHT: UP, DOWN: RIGHT, LEFT: DOWN, UP: LEFT},
            False: {RIGHT: DOWN, DOWN: LEFT, LEFT: UP, UP: RIGHT}}
_OPPOSITE_SIDE = {UP: DOWN, DOWN: UP, LEFT: RIGHT, RIGHT: LEFT}


def _find(parent, a):
    """Union-find root of `a`, halving the path on the way."""
    while parent[a] != a:
        parent[a] = parent[parent[a]]
        a = parent[a]
    return a
