"""HamiltonSolver: an autopilot that wins every game on a board with a Hamiltonian cycle. No pygame here.

Three ways to play, picked by the board and the state of the body:

* Cell tree (both sides even). The board is seen as 2x2 blocks. Inside a block the snake
  always drives round the same way (clockwise or anticlockwise), so each cell offers two
  moves: stay in the block, or cross into the neighbouring block through the cell's gate.
  If the crossings used form a spanning tree of the blocks, the route is the outline of
  that tree: a Hamiltonian cycle. Each move the body (tail to head) fixes some block edges
  as "in" (crossed) or "out" (passed by); a move is allowed only while some spanning tree
  still honours all of them (in-edges acyclic, not-out edges connected). Then the body is a
  contiguous arc of a Hamiltonian cycle, so the snake can never die; and since nothing
  else is fixed, the cycle is re-planned around the body on every move. The move taken is
  the first step of a breadth-first search to the fruit over the allowed moves (crossings
  tried first). The route is then checked with its own marks added; if it would close a
  loop of crossings or cut the blocks in two, the move that does so is banned and the
  search runs again (REPLANS times at most). If the fruit cannot be reached for now, the
  snake follows any spanning tree the body allows; after PATIENCE board-fulls of moves
  without eating it stops re-planning and follows one fixed tree until it eats.
* Fixed cycle with shortcuts (one odd side; odd x odd uses a cycle over all cells but one,
  and swaps which cell is left out when the fruit lands there). Any move to a free cell
  that keeps head, body and tail in cycle order is safe; take the one that gets furthest
  along the cycle without passing the fruit, walking the cycle either way round.
* Survival, when the body is in no usable order (a human steered, then handed back, or a
  1xN board): the safe move that keeps the tail reachable or the most room, preferring
  moves that bring the body back into order; the two modes above resume once it is.

`decision` (JSON-ready): "step" is "shortcut" (a planned route to the fruit; "distance" its
length, "checked" whether it passed the tree check), "cycle" (fruit out of reach: follow a
tree, or the fixed cycle's next cell), "commit" (re-planning suspended), "survive" / "chase"
(survival: restoring order / heading for the fruit or wandering), "doomed" (no safe move)
or "none" (game over); "mode" is "cell-tree", "fixed-cycle" or "survival".

Sources (facts only): J. Tapsell, "Nokia 6110 part 3 - algorithms" (2015) for shortcuts
that keep cycle order; twanvl/snake's README for the 2x2 "cell tree" idea.
"""
import random
from collections import deque

from snake import DELTA, DIRECTIONS, Direction, UP, DOWN, LEFT, RIGHT
from autopilot import Autopilot

IN, OUT = 1, 2  # what the body says about a block edge: crossed, or passed by
# (default move, gate move) for a cell by its corner (x % 2, y % 2), per driving direction
CLOCKWISE = {(0, 0): (RIGHT, UP), (1, 0): (DOWN, RIGHT), (1, 1): (LEFT, DOWN), (0, 1): (UP, LEFT)}
ANTICLOCKWISE = {(0, 0): (DOWN, LEFT), (0, 1): (RIGHT, DOWN), (1, 1): (UP, RIGHT), (1, 0): (LEFT, UP)}
REPLANS = 8  # searches per move when a route breaks the tree; each bans the move that broke it
PATIENCE = 2  # board-fulls of moves without eating before the cell tree stops re-planning


def neighbour_table(width, height):
    """For each flat cell y*W+x, the flat cell one move away per direction, or -1 off the board."""
    table = []
    for y in range(height):
        for x in range(width):
            row = []
            for dx, dy in DELTA:
                nx, ny = x + dx, y + dy
                row.append(ny * width + nx if 0 <= nx < width and 0 <= ny < height else -1)
            table.append(row)
    return table


def serpentine_cycle(width, height):
    """A Hamiltonian cycle as a list of cells starting (0,0),(1,0)...; None when none exists."""
    if width * height == 2:
        return [(0, 0), (1, 0)] if width == 2 else [(0, 0), (0, 1)]
    if width < 2 or height < 2:
        return None
    if height % 2:
        if width % 2:
            return None
        # Columns instead of rows: transpose, then walk it backwards so it still starts (0,0),(1,0).
        cells = [(y, x) for x, y in serpentine_cycle(height, width)]
        return cells[:1] + cells[:0:-1]
    cells = [(x, 0) for x in range(width)]
    for y in range(1, height):
        xs = range(width - 1, 0, -1) if y % 2 else range(1, width)
        cells.extend((x, y) for x in xs)
    cells.extend((0, y) for y in range(height - 1, 0, -1))
    return cells


def near_cycle(width, height):
    """On an odd x odd board (3x3 and up), a cycle through every cell but the bottom-right corner."""
    top = serpentine_cycle(width, height - 1)  # rows 0..H-2; its row H-2 runs right to left
    cells = []
    for x, y in top:
        cells.append((x, y))
        if y == height - 2 and x % 2 == 1 and x <= width - 2:
            cells.extend([(x, height - 1), (x - 1, height - 1)])  # dip into the last row
    return cells


def body_forest(part):
    """Union-find over blocks with the body's blocks (`part[b]` set) already joined: (parent, find)."""
    rep = part.find(1)
    parent = [rep if p else b for b, p in enumerate(part)]

    def find(a):
        while parent[a] != a:
            parent[a] = parent[parent[a]]
            a = parent[a]
        return a

    return parent, find


class CellTree:
    """The 2x2 block structure of an even x even board, for one driving direction."""

    def __init__(self, width, height, corners):
        bw, bh = width // 2, height // 2
        self.blocks = bw * bh
        self.edges = []  # (block a, block b)
        index = {}
        for b in range(self.blocks):
            for other in (b + 1 if (b % bw) + 1 < bw else -1, b + bw if b + bw < self.blocks else -1):
                if other >= 0:
                    index[(b, other)] = len(self.edges)
                    self.edges.append((b, other))
        self.adjacent = [[] for _ in range(self.blocks)]  # block -> [(block, edge)]
        for e, (a, b) in enumerate(self.edges):
            self.adjacent[a].append((b, e))
            self.adjacent[b].append((a, e))
        self.degree = [len(a) for a in self.adjacent]
        n = width * height
        self.block = [(i // width // 2) * bw + (i % width) // 2 for i in range(n)]
        self.stay = [0] * n  # the cell the default move leads to
        self.cross = [-1] * n  # the cell the gate move leads to, -1 at the border
        self.gate = [-1] * n  # the block edge the cell's gate crosses, -1 at the border
        for i in range(n):
            x, y = i % width, i // width
            default, gate = corners[(x % 2, y % 2)]
            dx, dy = DELTA[default]
            self.stay[i] = (y + dy) * width + x + dx
            dx, dy = DELTA[gate]
            gx, gy = x + dx, y + dy
            if 0 <= gx < width and 0 <= gy < height:
                j = gy * width + gx
                self.cross[i] = j
                a, b = sorted((self.block[i], self.block[j]))
                self.gate[i] = index[(a, b)]

    def constraints(self, body):
        """The edge marks the body imposes, and how many cells from the head are consistent.

        Walks from the head towards the tail and stops at the first move this driving
        direction cannot make, or that contradicts an earlier mark.
        """
        state = bytearray(len(self.edges))
        stay, cross, gate = self.stay, self.cross, self.gate
        for k in range(1, len(body)):
            c, nxt = body[k], body[k - 1]
            g = gate[c]
            if nxt == stay[c]:
                if g >= 0:
                    if state[g] == IN:
                        return state, k
                    state[g] = OUT
            elif nxt == cross[c]:
                if state[g] == OUT:
                    return state, k
                state[g] = IN
            else:
                return state, k
        return state, len(body)

    def body_part(self, state, cells):
        """The blocks the in-edges join (those holding `cells`, the marking body) as flags.

        The body walks from block to block only by crossings, so its in-edges join exactly
        the blocks it lies in; they hold no loop iff there is one edge fewer than blocks.
        None if they do hold a loop.
        """
        blocks = {self.block[c] for c in cells}
        if state.count(IN) != len(blocks) - 1:
            return None
        part = bytearray(self.blocks)
        for b in blocks:
            part[b] = 1
        return part

    def bridges(self, state):
        """Bridges of the graph of not-out edges, or None when that graph is disconnected."""
        adjacent, degree = self.adjacent, self.degree
        disc = [0] * self.blocks  # discovery time, 0 = not yet
        low = [0] * self.blocks
        via = [-1] * self.blocks  # the edge a block was discovered through
        nexts = [0] * self.blocks  # how far through its adjacency each block is
        bridge = bytearray(len(self.edges))
        disc[0] = low[0] = 1
        clock = 2
        stack = [0]
        while stack:
            v = stack[-1]
            k = nexts[v]
            if k < degree[v]:
                nexts[v] = k + 1
                w, e = adjacent[v][k]
                if state[e] == OUT or e == via[v]:
                    continue
                if not disc[w]:
                    disc[w] = low[w] = clock
                    clock += 1
                    via[w] = e
                    stack.append(w)
                elif disc[w] < low[v]:
                    low[v] = disc[w]
            else:
                stack.pop()
                if stack:
                    u = stack[-1]
                    if low[v] < low[u]:
                        low[u] = low[v]
                    if low[v] > disc[u]:
                        bridge[via[v]] = 1
        return bridge if clock - 1 == self.blocks else None

    def spanning_tree(self, state, part):
        """One spanning tree honouring `state` (in-edges kept, out-edges left out), as edge flags."""
        parent, find = body_forest(part)

        tree = bytearray(len(self.edges))
        for e, s in enumerate(state):
            if s == IN:
                tree[e] = 1
        for e, s in enumerate(state):
            if s == 0:
                ra, rb = find(self.edges[e][0]), find(self.edges[e][1])
                if ra != rb:
                    parent[ra] = rb
                    tree[e] = 1
        return tree


class HamiltonSolver(Autopilot):
    """Never loses on a board with an even side; takes every shortcut that keeps cycle order."""

    name = "hamilton"

    def __init__(self, game):
        super().__init__(game)
        width, height = game.width, game.height
        self.width, self.height = width, height
        self.nbr = neighbour_table(width, height)
        self.trees = []  # one CellTree per driving direction, even x even boards only
        if width % 2 == 0 and height % 2 == 0:
            self.trees = [CellTree(width, height, CLOCKWISE), CellTree(width, height, ANTICLOCKWISE)]
        self.loops = []  # fixed cycles (flat cells in order) for boards without a cell tree
        cycle = serpentine_cycle(width, height)
        if cycle is None and width % 2 and height % 2 and width >= 3 and height >= 3:
            cycle = near_cycle(width, height)
            left_out, swap = (width - 1, height - 1), (width - 2, height - 2)
            other = [left_out if c == swap else c for c in cycle]
            self.loops = [self._loop(cycle), self._loop(other)]
            self.swaps = {self._flat(left_out): self._flat(swap), self._flat(swap): self._flat(left_out)}
        elif cycle is not None:
            self.loops = [self._loop(cycle)]
            self.swaps = {}
        self.orient = 0  # index into self.trees
        self.current = 0  # index into self.loops
        self.commit = None  # spanning tree edge flags followed while re-planning is suspended
        self.last_length = 0
        self.hungry = 0  # moves since the snake last grew
        self.path = []
        self.rng = random.Random(game.seed)  # survival's wandering; never the game's own generator

    def _flat(self, cell):
        return cell[1] * self.width + cell[0]

    def _cell(self, i):
        return (i % self.width, i // self.width)

    def _loop(self, cells):
        order = [self._flat(c) for c in cells]
        pos = [-1] * (self.width * self.height)
        for k, i in enumerate(order):
            pos[i] = k
        return order, pos

    def planned_path(self):
        return [self._cell(i) for i in self.path]

    def next_direction(self):
        """Cell tree, else fixed cycle, else survival; see the module docstring."""
        snake = self.game.snake
        self.path = []
        if self.game.over() or not snake.valid():
            self.decision = {"step": "none", "reason": "game over"}
            return snake.direction()
        body = [y * self.width + x for x, y in snake.body]
        if len(body) != self.last_length:
            self.hungry = 0
            self.commit = None
            self.last_length = len(body)
        else:
            self.hungry += 1
        fruit = self.game.fruit.where()
        fruit = -1 if fruit is None else self._flat(fruit)
        move = None
        if self.trees:
            move = self._tree_move(body, fruit)
        elif self.loops:
            move = self._loop_move(body, fruit)
        if move is None:
            move = self._survive(body, fruit)
        return Direction(move)

    # ---- cell tree ---------------------------------------------------------------------

    def _tree_move(self, body, fruit):
        """A move keeping the body on some tree's outline, towards the fruit; None if out of order."""
        for o in (self.orient, 1 - self.orient):
            tree = self.trees[o]
            state, upto = tree.constraints(body)
            if upto < len(body):
                continue
            part = tree.body_part(state, body)
            if part is None:
                continue
            bridge = tree.bridges(state)
            if bridge is None:
                continue
            self.orient = o
            break
        else:
            self.commit = None
            return None
        head = body[0]
        # Step 1: too long without eating (re-planning can chase its own tail): follow one fixed tree.
        if self.commit is None and self.hungry > PATIENCE * len(self.nbr):
            self.commit = tree.spanning_tree(state, part)
        if self.commit is not None:
            if any((s == IN) != bool(t) for s, t in zip(state, self.commit) if s):
                self.commit = tree.spanning_tree(state, part)
            nxt = self._tree_next(tree, self.commit, head)
            self.decision = {"step": "commit", "mode": "cell-tree", "hungry": self.hungry}
            return self._direction(head, nxt)
        # Step 2: breadth-first search to the fruit over the moves that keep a tree possible.
        path = self._tree_plan(tree, body, fruit, state, part, bridge)
        if path:
            self.path = path
            self.decision = {"step": "shortcut", "mode": "cell-tree", "distance": len(path),
                             "checked": self.checked,
                             "orientation": "clockwise" if self.orient == 0 else "anticlockwise"}
            return self._direction(head, path[0])
        # Step 3: the fruit is walled off for now: follow any tree the body allows.
        nxt = self._tree_next(tree, tree.spanning_tree(state, part), head)
        self.decision = {"step": "cycle", "mode": "cell-tree", "reason": "fruit unreachable"}
        return self._direction(head, nxt)

    @staticmethod
    def _tree_next(tree, flags, head):
        g = tree.gate[head]
        return tree.cross[head] if g >= 0 and flags[g] else tree.stay[head]

    def _tree_plan(self, tree, body, fruit, state, part, bridge):
        """A route to the fruit that, with the body, still fits some spanning tree; [] if none found.

        The search checks each move against the body's marks only, so its route can still
        close a loop of crossings or cut the blocks in two with its own marks. Such a route
        would be abandoned half-way; instead ban the move that breaks it and search again.
        """
        ban_stay, ban_cross = set(), set()
        free_at = [0] * len(self.nbr)  # moves until a body cell is vacated
        length = len(body)
        for k, c in enumerate(body):
            free_at[c] = length - k
        closed = [length if p else 0 for p in part]  # no new crossing into the body's blocks
        first = []
        self.checked = False
        for _ in range(REPLANS):
            path = self._tree_search(tree, body[0], fruit, free_at, state, closed, bridge, ban_stay, ban_cross)
            if not path:
                break
            first = first or path
            bad = self._first_break(tree, body[0], path, state, part)
            if bad is None:
                self.checked = True
                return path
            cell, crossing = bad
            (ban_cross if crossing else ban_stay).add(cell)
        return first

    @staticmethod
    def _first_break(tree, head, path, state, part):
        """The first (cell, crossing?) move of `path` no spanning tree allows with the body; None if all fit."""
        state = bytearray(state)
        parent, find = body_forest(part)

        stay, cross, gate, block = tree.stay, tree.cross, tree.gate, tree.block
        passed = []  # (cell, edge) of the route's own new out-marks
        c = head
        for nxt in path:
            g = gate[c]
            if nxt == cross[c]:
                if state[g] == 0:
                    a, b = find(block[c]), find(block[nxt])
                    if a == b:
                        return c, True
                    parent[a] = b
                    state[g] = IN
            elif g >= 0 and state[g] == 0:
                state[g] = OUT
                passed.append((c, g))
            c = nxt
        if not passed:
            return None
        # Do the route's out-marks cut the blocks in two? Search from one of their blocks
        # until all of their blocks are found; if some are not, blame the first out-mark
        # on the border of the part searched.
        edges, adjacent = tree.edges, tree.adjacent
        wanted = {b for _, g in passed for b in edges[g]}
        start = edges[passed[0][1]][0]
        seen = {start}
        queue = deque([start])
        missing = len(wanted) - 1
        while queue and missing:
            v = queue.popleft()
            for w, e in adjacent[v]:
                if w not in seen and state[e] != OUT:
                    seen.add(w)
                    queue.append(w)
                    if w in wanted:
                        missing -= 1
        if not missing:
            return None
        for c, g in passed:
            a, b = edges[g]
            if (a in seen) != (b in seen):
                return c, False
        return None

    def _tree_search(self, tree, head, fruit, free_at, state, closed, bridge, ban_stay, ban_cross):
        """Shortest route head -> fruit over allowed moves, cells freed by the tail in time; [] if none.

        `closed[b]`: moves until a new crossing may enter block b.
        """
        n = len(self.nbr)
        came = [-1] * n
        dist = [-1] * n
        dist[head] = 0
        stay, cross, gate, block = tree.stay, tree.cross, tree.gate, tree.block
        # A new crossing may not enter the body's part of the tree (`closed`): from inside
        # that part it would close a loop, and a route outside it got there by a crossing.
        queue = deque([head])
        while queue:
            c = queue.popleft()
            t = dist[c] + 1
            g = gate[c]
            nxt = cross[c]
            if nxt >= 0 and dist[nxt] < 0 and free_at[nxt] <= t and c not in ban_cross and (
                    state[g] == IN or (state[g] == 0 and closed[block[nxt]] <= t)):
                dist[nxt] = t
                came[nxt] = c
                if nxt == fruit:
                    break
                queue.append(nxt)
            nxt = stay[c]
            if dist[nxt] < 0 and free_at[nxt] <= t and c not in ban_stay and (
                    g < 0 or state[g] == OUT or (state[g] == 0 and not bridge[g])):
                dist[nxt] = t
                came[nxt] = c
                if nxt == fruit:
                    break
                queue.append(nxt)
        if fruit < 0 or dist[fruit] < 0:
            return []
        path = [fruit]
        while came[path[-1]] != head:
            path.append(came[path[-1]])
        path.reverse()
        return path

    # ---- fixed cycle with shortcuts ----------------------------------------------------

    def _in_order(self, loop, sign, body):
        """Whether tail -> body -> head advance along `loop` (walked `sign` way) within one lap."""
        order, pos = loop
        n = len(order)
        prev = pos[body[-1]]
        if prev < 0:
            return False
        total = 0
        for k in range(len(body) - 2, -1, -1):
            p = pos[body[k]]
            if p < 0:
                return False
            gap = (sign * (p - prev)) % n
            if gap == 0:
                return False
            total += gap
            prev = p
        return total < n

    def _loop_move(self, body, fruit):
        """The best cycle-order-keeping move over every cycle and direction the body fits; None if none."""
        head, neck = body[0], (body[1] if len(body) > 1 else -1)
        best = None  # (remaining distance to the fruit, loop index, sign, cell)
        choices = sorted(range(len(self.loops)), key=lambda v: v != self.current)
        for v in choices:
            order, pos = self.loops[v]
            n = len(order)
            for sign in (1, -1):
                if not self._in_order(self.loops[v], sign, body):
                    continue
                h = pos[head]
                room = (sign * (pos[body[-1]] - h)) % n if len(body) > 1 else n
                if fruit < 0:
                    target = n  # no fruit: just follow the cycle
                elif pos[fruit] >= 0:
                    target = (sign * (pos[fruit] - h)) % n
                else:
                    # The fruit is the cell this cycle leaves out: enter it from the cell
                    # before its stand-in (which must be free, as it is left out next),
                    # then carry on round the other cycle.
                    stand_in = self.swaps[fruit]
                    before = order[(pos[stand_in] - sign) % n]
                    if head == before and (len(body) == n or not self.game.snake.at(self._cell(stand_in))):
                        cand = (-1, v, sign, fruit)
                        best = cand if best is None or cand < best else best
                        continue
                    # Walk the cycle without shortcuts, so the body closes up and the stand-in
                    # is free by the time the head is back at `before`.
                    target = (sign * (pos[before] - h)) % n or n
                limit = min(room, target) if fruit < 0 or pos[fruit] >= 0 else 1
                for nxt in self.nbr[head]:
                    if nxt < 0 or nxt == neck or pos[nxt] < 0:
                        continue
                    ahead = (sign * (pos[nxt] - h)) % n
                    if 1 <= ahead <= limit:
                        cand = (target - ahead, v, sign, nxt)
                        best = cand if best is None or cand < best else best
        if best is None:
            return None
        left, v, sign, nxt = best
        self.current = v
        self.decision = {"step": "shortcut" if left < 0 or nxt != self._loop_next(v, sign, head) else "cycle",
                         "mode": "fixed-cycle", "direction": "forward" if sign > 0 else "backward",
                         "to_fruit": max(left, 0) + 1}
        self.path = [nxt]
        return self._direction(head, nxt)

    def _loop_next(self, v, sign, cell):
        order, pos = self.loops[v]
        return order[(pos[cell] + sign) % len(order)]

    # ---- survival ----------------------------------------------------------------------

    def _survive(self, body, fruit):
        """The safe move that keeps the tail in reach (or the most room), preferring order-restoring moves."""
        snake = self.game.snake
        head, length = body[0], len(body)
        best, best_score = None, None
        # Bringing the body back into order can go round in circles on a fixed cycle; every
        # other board-full of hungry moves, head for the fruit instead to shake things up.
        chase = (self.hungry // len(self.nbr)) % 2 == 1 and fruit >= 0
        far = self._distances(fruit, set(body[:-1])) if chase else None
        for d in DIRECTIONS:
            nxt = self.nbr[head][d]
            if nxt < 0 or not snake.is_safe_move(d):
                continue
            grows = nxt == fruit
            after = [nxt] + (body if grows else body[:-1])
            blocked = set(after)
            tail = after[-1]
            area, reaches_tail = self._room(nxt, blocked, tail)
            if chase:  # towards the fruit if it can be reached, else a random safe wander
                score = (reaches_tail or area >= length, -far.get(nxt, len(self.nbr)), self.rng.random(), area)
            else:
                score = (reaches_tail or area >= length, self._restores(after), area, -self._gap(nxt, fruit))
            if best_score is None or score > best_score:
                best, best_score = d, score
        if best is None:
            self.decision = {"step": "doomed", "mode": "survival"}
            return snake.direction()
        self.decision = {"step": "chase" if chase else "survive", "mode": "survival",
                         "room_ok": best_score[0]}
        self.path = [self.nbr[head][best]]
        return best

    def _restores(self, after):
        """How well a body (head first) fits the cycle structure: 2 fully, 1 near the head, 0 not."""
        if self.trees:
            tree = self.trees[self.orient]
            state, upto = tree.constraints(after)
            if upto < 2:
                return 0
            ok = tree.body_part(state, after[:upto]) is not None and tree.bridges(state) is not None
            return 2 if ok and upto == len(after) else int(ok)
        for v in range(len(self.loops)):
            for sign in (1, -1):
                if self._in_order(self.loops[v], sign, after):
                    return 2
                if len(after) > 1 and self._loop_next(v, sign, after[1]) == after[0]:
                    return 1
        return 0

    def _room(self, start, blocked, tail):
        """Cells reachable from `start` avoiding `blocked` (the tail's cell counts as free)."""
        seen = {start}
        stack = [start]
        reaches_tail = False
        while stack:
            c = stack.pop()
            for nxt in self.nbr[c]:
                if nxt < 0 or nxt in seen:
                    continue
                if nxt == tail:
                    reaches_tail = True
                if nxt in blocked and nxt != tail:
                    continue
                seen.add(nxt)
                stack.append(nxt)
        return len(seen), reaches_tail

    def _distances(self, start, blocked):
        """Moves from `start` to each cell reachable around `blocked`."""
        dist = {start: 0}
        queue = deque([start])
        while queue:
            c = queue.popleft()
            for nxt in self.nbr[c]:
                if nxt >= 0 and nxt not in dist and nxt not in blocked:
                    dist[nxt] = dist[c] + 1
                    queue.append(nxt)
        return dist

    def _gap(self, a, b):
        if b < 0:
            return 0
        return abs(a % self.width - b % self.width) + abs(a // self.width - b // self.width)

    def _direction(self, a, b):
        w = self.width
        dx, dy = b % w - a % w, b // w - a // w
        return DELTA.index((dx, dy))
