"""Routes to the fruit that keep the never-losing promise: time-aware search over the cell tree.

No pygame here. Cells are flat indices (grid.py); the lanes, gates, edges and wall corners
come from celltree.py, whose docstring explains why a body that fits a spanning tree can
never die.

A route is planned once per fruit and then followed to the end, so only one position has
to fit a tree: the one right after eating. Until then the snake only has to stay alive,
which it does because every cell of the route is free by the time the head gets there.
That makes the body's obstacles *time-aware*: each cell, block, edge and wall corner has a
move after which the body no longer holds it, the body's Clock (clock.py).

After d moves and a meal, the body cells with free_at >= d are still there. The search is
an A* search for the cheapest route over (cell, whether the route's walls have met the rim),
where a move into open space costs more than one beside the body or the board's edge (a
route across open space walls off part of it until the tail has gone: see `_pricing`); a move is
judged against the position after eating, at d, which the search cannot know yet, so it
uses t + (a lower bound of the moves still to go: the lane distance to the fruit on an
empty board); when that finds no route, it searches again with len(body) / LATE_PART moves
more, as a route that has to go round the body takes longer. A move at time t to cell n is
allowed when

    n is free at t (free_at[n] <= t), and, with T = t + lane distance from n to the fruit:
    a cross     over an edge still IN at T; or over an unmarked edge into a block that
                is empty by T (else the IN edges would close a loop): Clock.may_cross;
    a stay      past a gate whose edge is unmarked or still OUT at T; a new wall must not
                end on a corner the body's walls still touch at T, nor on the rim twice
                (else the walls close a loop and cut blocks off; see celltree.py):
                Clock.may_stay.

These rules see the body, not the route's own earlier moves (the search keeps no path
per state), so the route is then checked exactly (CellTree.first_break on the position after
eating); a route that fails has the move it blames banned and is searched again.

Throughout, the names are short: c and n are cells (flat, n the one moved to), s and ns
states (a cell, plus the board's size once the route's walls have met the rim), t a move
number, b a block, g a gate's edge, and k a cost.
"""
from collections import deque

from hamilton.celltree import NONE
from hamilton.clock import Clock
from hamilton.slices import finish

REPLANS = 6  # searches per plan; each bans the move that broke the previous route
LATE_PART = 4  # no route for the earliest meal: search again as if it came len(body) / LATE_PART moves later
SLICE = 256  # states a search takes between pauses, when it is run a piece at a time (planning)
BUDGET = 8 * SLICE  # the most states a move may search: a few ms, below the fastest tick (docs/measurements.md)
# What a move costs the search (see searching): into a block the body still holds at the meal,
# into a block beside one (or beside the board's edge), into open space.
HELD_COST, BESIDE_COST, OPEN_COST = 3, 4, 6
GUIDED = True  # A*, guided by HELD_COST per straight step left to the fruit (False: look everywhere alike)
_NEVER = 1 << 60  # a cost no route reaches; a time that never comes


class Planner:
    """Plans routes for one CellTree (one driving direction)."""

    def __init__(self, tree):
        self.tree = tree
        self._lanes_to = None  # (fruit, cap, lane distances to it): the same fruit is asked for again
        self._into = [[] for _ in tree.stay]  # cell -> the cells that move into it
        for c, n in enumerate(tree.stay):
            self._into[n].append(c)
        for c, n in enumerate(tree.cross):
            if n != NONE:
                self._into[n].append(c)
        self.searches = 0  # searches made by the last plan()
        self.taken = 0  # states the last plan's searches took, its cost in work
        self.taken_before = 0  # states all the plans before it took: states() counts them all
        self.cost = None  # what the last route found cost (see searching)
        width = tree.width
        self._neighbours = [[c - width if c >= width else -1, c + width if c + width < len(tree.stay) else -1,
                             c - 1 if c % width else -1, c + 1 if (c + 1) % width else -1]
                            for c in range(len(tree.stay))]
        self._on_edge = [len(adjacent) < 4 for adjacent in tree.adjacent]  # each block: on the board's edge?
        self._straight = None  # (fruit, straight (Manhattan) distances to it): asked again per search

    def plan(self, body, fruit, clock=None, within=None):
        """A route (the cells after the head) to `fruit` after which the body fits a tree; None if
        none found. `clock` must be the body's (one is built if not given). With `within`, only
        a route of at most that many moves will do."""
        return finish(self.planning(body, fruit, clock, within))

    def states(self):
        """The states searched by every plan so far: the work done, for budgets."""
        return self.taken_before + self.taken

    def planning(self, body, fruit, clock=None, within=None):
        """plan() a piece at a time: a generator that pauses (yields) after every SLICE states
        searched and returns the route. So a big board's search can be spread over moves."""
        tree = self.tree
        clock = clock or Clock(tree, body)
        self.taken_before += self.taken
        self.searches = self.taken = 0
        if len(body) + 1 == len(tree.stay):  # the last fruit: the full board needs no tree
            return last_meal(tree, body[0], fruit, clock) or None
        lanes = self.lane_distances(fruit, len(body))
        size = len(tree.stay)
        # Judged at the earliest meal, and if that finds no route, as if the meal came later;
        # REPLANS searches in all (each refused route costs an exact check of the whole body).
        for later in (0, max(1, len(body) // LATE_PART)):
            bans = (bytearray(size), bytearray(size), bytearray(size))  # (stay, cross, free move) banned per cell
            while self.searches < REPLANS:
                self.searches += 1
                route = yield from self.searching(body[0], fruit, clock, lanes, bans, len(body), later, within)
                if not route:
                    break
                broken = self._bites_itself(body[0], route, len(body))
                if broken is None:
                    broken = tree.first_break((route[::-1] + body)[:len(body) + 1], new=len(route))
                    if broken is None:
                        return route
                cell, crossed = broken
                if cell is None:  # the body itself is out of order: nothing to ban
                    return None
                bans[crossed][cell] = 1
        return None

    def _bites_itself(self, head, route, length):
        """The move (cell moved from, crossed) that enters a cell the route's own body still
        holds, or None. The search keeps two states per cell (rim met or not), so a long
        route can come back to a cell; the check after eating sees only the last moves. Back
        onto the cell left two moves ago is a turn back, even when a snake of 2 has left it."""
        entered, prev = {}, head
        for t, c in enumerate(route, 1):
            if t - entered.get(c, -length) < max(length, 3):
                return prev, self._kind(prev, c)
            entered[c] = t
            prev = c
        return None

    def _kind(self, c, n):
        """Which ban forbids the move c -> n: 0 the stay, 1 the cross, 2 a free move."""
        tree = self.tree
        return 0 if n == tree.stay[c] else 1 if n == tree.cross[c] else 2

    def lane_distances(self, target, cap=None):
        """Moves from every cell to `target` along the lanes of an empty board (a lower bound),
        counted up to `cap`: a cell farther away (or never reaching it) gets `cap`.

        The planner asks with cap = the body's length. Every time on the body's clock is at
        most `length` moves away, so a route that still needs `length` moves is judged the
        same however much longer it needs. The cap keeps the count near the fruit while the
        snake is short, which is what makes planning cheap on big boards.
        """
        size = len(self._into)
        cap = size if cap is None else min(cap, size)
        if self._lanes_to is not None and self._lanes_to[:2] == (target, cap):
            return self._lanes_to[2]
        dist = [cap] * size
        dist[target] = 0
        into, ring, d = self._into, [target], 0
        while ring and d + 1 < cap:  # ring by ring, each one lane step farther from the target
            d += 1
            farther = []
            for c in ring:
                for p in into[c]:
                    if dist[p] > d:
                        dist[p] = d
                        farther.append(p)
            ring = farther
        self._lanes_to = (target, cap, dist)
        return dist

    def search(self, head, fruit, clock, lanes, bans, length, later=0, within=None):
        """searching() at one go."""
        return finish(self.searching(head, fruit, clock, lanes, bans, length, later, within))

    def searching(self, head, fruit, clock, lanes, bans, length, later=0, within=None):
        """Cheapest-first search over (cell, walls have met the rim) with the rules of the
        module docstring; the route as a list of cells, [] if the fruit cannot be reached.
        `self.cost` is then the route's cost (`_pricing`).

        A move into a cell at least `length` (the body's length) lanes from the fruit is
        forgotten by the meal (the rest of the route takes at least that long), so there
        any move to a free cell will do: the lanes and the tree do not bind it, and it costs
        HELD_COST, as it walls nothing off.

        `later` moves the meal the rules judge by: t + lane distance + `later`. The lane
        distance is the least a route could still take; a route that finds no way then (the
        body still in the way) will take longer, and by its meal more of the body is gone. So
        planning() searches again with a later meal, and the check after the search decides.

        The search is A*: states come out in the order of their cost so far plus HELD_COST per
        straight (Manhattan) step left to the fruit. No move costs less than that and each
        one changes the straight distance by one, so that sum never falls along a route: the
        first time the fruit comes out, no cheaper route exists. The guide keeps the search
        near the line from head to fruit (on big boards, a plan looks at a few hundred
        states, not the whole board), and a search that finds no route has looked at every
        state it could reach. The states wait in a bucket per priority, modulo `span` (Dial's
        algorithm): a move raises the priority by 0 (HELD_COST, one step nearer) to OPEN_COST
        + HELD_COST (one step away), so `span` buckets hold every state waiting. A state
        reached more cheaply later leaves a stale entry behind, skipped when it comes out.

        With `within`, a state from which even a straight way to the fruit would take the route
        past that many moves is dropped: a search for a short route only looks near the line.
        """
        tree = self.tree
        # This is the planner's hot loop, and it is long on purpose: the three kinds of move
        # (free, cross, stay) relax their neighbour inline, with every table in a local, as a
        # call per relaxed state would cost more than the relaxing itself.
        size = len(tree.stay)
        neighbours, stay, cross, block = self._neighbours, tree.stay, tree.cross, tree.block
        free_at, open_at, may_cross, may_stay = clock.free_at, clock.open_at, clock.may_cross, clock.may_stay
        held, open_ = HELD_COST, OPEN_COST
        guide = held if GUIDED else 0  # no move costs less than HELD_COST: the guide never overestimates
        price = self._pricing(open_at)
        no_stay, no_cross, no_free = bans
        straight = self._straight_to(fruit)
        deadline = _NEVER if within is None else clock.now + within  # the move the fruit must be eaten by
        pause = counted = SLICE - self.taken % SLICE  # states until the next pause (a local count is cheaper)

        # state = cell + size * (rim met). A state keeps its cheapest way: its cost, the move
        # number it is reached at on that way, and the state before it.
        cost = [_NEVER] * (2 * size)
        dist = [-1] * (2 * size)
        came = [-1] * (2 * size)
        cost[head] = dist[head] = clock.now
        # A bucket per priority, modulo `span` (see the docstring)
        span = open_ + guide + 1
        buckets = [deque() for _ in range(span)]
        level = clock.now + guide * straight[head]  # the priority taken out
        buckets[level % span].append(head)
        waiting = 1  # entries in the buckets
        while waiting:
            bucket = buckets[level % span]
            if not bucket:
                level += 1
                continue
            s = bucket.popleft()
            waiting -= 1
            pause -= 1
            if not pause:
                self.taken += counted
                pause = counted = SLICE
                yield
            c = s - size if s >= size else s
            here = cost[s]
            if here + guide * straight[c] != level:
                continue  # stale
            if dist[s] + straight[c] > deadline:
                continue  # too far round to be `within`
            if c == fruit:
                self.taken += counted - pause
                self.cost = here - clock.now
                return _walk_back(came, s, head, size)
            met = s >= size
            t = dist[s] + 1
            meal = t + later  # + the lane distance left: the meal the rules judge by
            if not no_free[c]:  # moves the meal will have forgotten: any free cell
                for n in neighbours[c]:
                    if (n >= 0 and lanes[n] >= length and free_at[n] <= t
                            and (n != clock.neck or s != head)):
                        k = here + held  # it walls nothing off: the cheapest
                        if k < cost[n]:
                            cost[n], dist[n], came[n] = k, t, s
                            buckets[(k + guide * straight[n]) % span].append(n)
                            waiting += 1
            n = cross[c]  # cross through the gate
            if n != NONE and free_at[n] <= t and not no_cross[c]:
                end = meal + lanes[n]
                b = block[n]
                ns, k = n + size if met else n, here + price(b, end)
                if k < cost[ns] and may_cross(c, b, end):
                    cost[ns], dist[ns], came[ns] = k, t, s
                    buckets[(k + guide * straight[n]) % span].append(ns)
                    waiting += 1
            n = stay[c]  # stay in the block, passing the gate
            if free_at[n] <= t and not no_stay[c]:
                end = meal + lanes[n]
                walls_met = may_stay(c, met, end)
                if walls_met is not None:
                    ns, k = n + size if walls_met else n, here + price(block[n], end)
                    if k < cost[ns]:
                        cost[ns], dist[ns], came[ns] = k, t, s
                        buckets[(k + guide * straight[n]) % span].append(ns)
                        waiting += 1
        self.taken += counted - pause
        return []

    def _straight_to(self, fruit):
        """The straight (Manhattan) distance from every cell to `fruit` (kept while it is asked for)."""
        if self._straight is None or self._straight[0] != fruit:
            width = self.tree.width
            fx, fy = fruit % width, fruit // width
            self._straight = (fruit, [abs(c % width - fx) + abs(c // width - fy) for c in range(len(self.tree.stay))])
        return self._straight[1]

    def _pricing(self, open_at):
        """price(b, end): what a move into block b costs, the meal at move `end` (`open_at`:
        the clock's), for one search.

        Not the shortest route but the cheapest: a move costs HELD_COST into a block the
        body still holds at the meal, BESIDE_COST into a block beside one of those or beside
        the board's edge, OPEN_COST into open space. A route across open space cuts the empty
        blocks in two, and the next fruit, in the other part, waits for the tail to open a
        way (on 30x30, a third of all moves were such waits); a route along the body or the
        edge leaves them in one piece.

            +--+--+--+--+--+    b: the body's blocks at the meal, h the head's;
            |b |b |h |o |o |    *: the fruit, by the board's right edge
            +--+--+--+--+--+
            |  |  |x |  |o |    across (x): the four empty blocks top right are cut
            +--+--+--+--+--+    off from the rest; along (o), by the body and the
            |  |  |x |x |* |    edge, every move costs BESIDE_COST and the empty
            +--+--+--+--+--+    blocks stay in one piece
            |  |  |  |  |  |
            +--+--+--+--+--+
        """
        held, beside, open_, shelter_of = HELD_COST, BESIDE_COST, OPEN_COST, self.shelter_of
        sheltered = [-1] * self.tree.blocks  # shelter_of(block), worked out when first needed

        def price(b, end):
            if open_at[b] >= end:
                return held
            shelter = sheltered[b]
            if shelter < 0:
                shelter = sheltered[b] = shelter_of(b, open_at)
            return beside if shelter >= end else open_
        return price

    def shelter_of(self, b, open_at):
        """The move until which a wall stands beside block `b`: the body holds it or one of its
        four neighbours (`open_at`: the clock's), or (for ever) it lies on the board's edge."""
        if self._on_edge[b]:
            return _NEVER
        most = open_at[b]
        for a, _ in self.tree.adjacent[b]:
            if open_at[a] > most:
                most = open_at[a]
        return most


def last_meal(tree, head, fruit, clock):
    """A shortest route to `fruit` over cells free in time, lanes or not; [] if none: the last
    fruit's plan, after which the board is full and no tree is needed."""
    width, size = tree.width, len(tree.stay)
    free_at = clock.free_at
    came = [-1] * size
    came[head] = head
    queue = deque([(head, clock.now)])
    while queue:
        c, t = queue.popleft()
        x, y = c % width, c // width
        for n, ok in ((c - width, y > 0), (c + width, c + width < size), (c - 1, x > 0), (c + 1, x < width - 1)):
            if ok and came[n] < 0 and free_at[n] <= t + 1:
                came[n] = c
                if n == fruit:
                    route = [n]
                    while came[route[-1]] != head:
                        route.append(came[route[-1]])
                    return route[::-1]
                queue.append((n, t + 1))
    return []


def _walk_back(came, s, head, size):
    """The cells from the head (excluded) to state `s`, following `came` back."""
    route = []
    while s != head:
        route.append(s - size if s >= size else s)
        s = came[s]
    route.reverse()
    return route
