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
where a move into open space costs more than one beside the body or the board's edge (see
`searching`); a move is judged against the position after eating, at d, which the search
cannot know yet, so it uses t + (a lower bound of the moves still to go: the lane distance
to the fruit on an empty board); when that finds no route, it searches again with len(body)
/ LATE_PART moves more, as a route that has to go round the body takes longer. A move at
time t to cell n is allowed when

    n is free at t (free_at[n] <= t), and, with T = t + lane distance from n to the fruit:
    a cross     over an edge still IN at T; or over an unmarked edge into a block that
                is empty by T (else the IN edges would close a loop);
    a stay      past a gate whose edge is unmarked or still OUT at T; a new wall must not
                end on a corner the body's walls still touch at T, nor on the rim twice
                (else the walls close a loop and cut blocks off; see celltree.py).

These rules see the body, not the route's own earlier moves (the search keeps no path
per state), so the route is then checked exactly (CellTree.first_break on the position after
eating, read off the clock: meal.py); a route that fails has the move it blames banned and is
searched again.

Throughout, the names are short: c and n are cells (flat, n the one moved to), s and ns
states (a cell, plus the board's size once the route's walls have met the rim: `met` and
`then` are that offset, 0 or size), t a move number, b a block, g a gate's edge, and k a cost.
"""
from collections import deque

from hamilton.aim import Aims
from hamilton.celltree import NONE, OUT
from hamilton.clock import NEVER, Clock
from hamilton.meal import first_break_at_meal

REPLANS = 6  # searches per plan; each bans the move that broke the previous route
LATE_PART = 4  # no route for the earliest meal: search again as if it came len(body) / LATE_PART moves later
SLICE = 256  # states a search takes between pauses, when it is run a piece at a time (planning)
BUDGET = 8 * SLICE  # the most states a move may search: a few ms, below the fastest tick (docs/measurements.md)
# What a move costs the search (see searching): into a block the body still holds at the meal,
# into a cell beside a cell it holds (or on the board's edge), into open space.
HELD_COST, BESIDE_COST, OPEN_COST = 3, 4, 6
SPAN = OPEN_COST + HELD_COST + 1  # a move raises a state's priority by 0 to OPEN_COST + HELD_COST (searching)
STAY, CROSS, FREE = 0, 1, 2  # the kinds of move a plan bans (Bans)


class Planner:
    """Plans routes for one CellTree (one driving direction)."""

    def __init__(self, tree):
        self.tree = tree
        self.aims = Aims(tree, HELD_COST)  # the tables each fruit's searches read
        self.searches = 0  # searches made by the last planning()
        self.taken = 0  # states the last plan's searches took, its cost in work
        self.taken_before = 0  # states all the plans before it took: states() counts them all
        self.cost = None  # what the last route found cost (see searching)
        self._work = _Work(2 * len(tree.stay))  # the search's tables, reused: only the states it reached are reset
        self._working = False  # whether a search holds self._work (another one then has tables of its own)
        size, rim = len(tree.stay), tree.rim
        # The state after a stay that draws a new wall, by where the wall runs: walls that have not
        # met the rim, or have; -1 where the walls would close a loop. Cells without a gate draw none.
        self._wall_apart, self._wall_met = [0] * size, [size] * size
        for c in range(size):
            if tree.gate[c] != NONE:
                to_rim, from_rim = tree.wall_to[c] == rim, tree.wall_from[c] == rim
                self._wall_apart[c] = -1 if to_rim and from_rim else size if to_rim or from_rim else 0
                self._wall_met[c] = -1 if to_rim else size
        # The board's tables every search reads, as _cheapest_first takes them into locals.
        self._rules = (size, tree.stay, tree.cross, tree.gate, tree.block, tree.wall_to,
                       self._wall_apart, self._wall_met, self.aims.neighbours)

    def states(self):
        """The states searched by every plan so far: the work done, for budgets."""
        return self.taken_before + self.taken

    def planning(self, body, fruit, clock=None, within=None):
        """A route (the cells after the head) to `fruit` after which the body fits a tree; None
        if none found. A generator that pauses (yields) after every SLICE states searched and
        returns the route, so that a big board's search can be spread over moves
        (slices.py). `clock` must be the body's (one is built if not given). With `within`,
        only a route of at most that many moves will do."""
        tree = self.tree
        clock = clock or Clock(tree, body)
        self.taken_before += self.taken
        self.searches = self.taken = 0
        if len(body) + 1 == len(tree.stay):  # the last fruit: the full board needs no tree
            return last_meal(tree, body[0], fruit, clock) or None
        aim = self.aims.at(fruit, len(body))
        size = len(tree.stay)
        # Judged at the earliest meal, and if that finds no route, as if the meal came later;
        # REPLANS searches in all (each refused route costs an exact check).
        for later in (0, max(1, len(body) // LATE_PART)):
            bans = Bans(size)
            while self.searches < REPLANS:
                self.searches += 1
                route = yield from self.searching(body[0], aim, clock, bans, later, within)
                if not route:
                    break
                refused = self._refusal(body, route, clock)
                if refused is None:
                    return route
                cell, kind = refused
                if cell is None:  # the body itself is out of order: nothing to ban
                    return None
                bans.ban(cell, kind)
        return None

    def _refusal(self, body, route, clock):
        """The exact check of `route`: None if it keeps clear of its own trail and the body
        after it and the meal fits a tree; else (the cell of the move to blame, the kind of
        ban: STAY, CROSS or FREE). The check after eating names a move that crossed as CROSS
        and any other as STAY."""
        bitten = self._bites_itself(body[0], route, len(body))
        if bitten is not None:
            return bitten
        tree = self.tree
        if clock.tree is tree and tree.skipped == NONE:  # the body fits this very tree: read the clock
            broken = first_break_at_meal(clock, body[0], route)
        else:  # odd x odd: the trees that leave out different cells share a clock, and the body
            # may fit the other one only: read the cells
            broken = tree.first_break((route[::-1] + body)[:len(body) + 1], new=len(route))
        if broken is None:
            return None
        cell, crossed = broken
        return cell, CROSS if crossed else STAY

    def _bites_itself(self, head, route, length):
        """(cell, kind of ban) of the move that enters a cell the route's own body still
        holds, or None. The search keeps two states per cell (rim met or not), so a long
        route can come back to a cell; the check after eating sees only the last moves. Back
        onto the cell left two moves ago is a turn back, even when a snake of 2 has left it."""
        entered, prev = {}, head
        tree, held = self.tree, max(length, 3)
        for t, c in enumerate(route, 1):
            if t - entered.get(c, -length) < held:
                return prev, STAY if c == tree.stay[prev] else CROSS if c == tree.cross[prev] else FREE
            entered[c] = t
            prev = c
        return None

    def searching(self, head, aim, clock, bans, later=0, within=None):
        """Cheapest-first search from `head` toward `aim.fruit` over (cell, walls have met the
        rim) with the rules of the module docstring, the body's times read off `clock` and the
        moves in `bans` left out; a generator (see planning) returning the route as a list of
        cells, [] if the fruit cannot be reached. `self.cost` is then the route's cost.

        What a move costs: HELD_COST into a block the body still holds at the meal,
        BESIDE_COST into a cell beside a cell the body holds then, or on the board's edge
        (the clock's `shelter`), OPEN_COST into open space. A route across open space cuts
        the empty blocks in two, and the next fruit, in the other part, waits for the tail
        to open a way; a route along the body or the edge leaves them in one piece:

            +--+--+--+--+--+    b: the body's blocks at the meal, h the head's;
            |b |b |h |o |o |    *: the fruit, by the board's right edge
            +--+--+--+--+--+
            |  |  |x |  |o |    across (x): the four empty blocks top right are cut
            +--+--+--+--+--+    off from the rest; along (o), by the body and the
            |  |  |x |x |* |    edge, every move costs BESIDE_COST and the empty
            +--+--+--+--+--+    blocks stay in one piece
            |  |  |  |  |  |
            +--+--+--+--+--+

        Beside is judged by the cell: a route one cell off the body would leave a strip one
        cell wide between them, a lane one way only in the blocks' circulation, which a
        later route needing the other way must go all round (docs/design.md).

        A move into a cell at least the body's length in lanes from the fruit is forgotten
        by the meal (the rest of the route takes at least that long), so there any move to a
        free cell will do: the lanes and the tree do not bind it, and it costs HELD_COST, as
        it walls nothing off (`aim.forgotten`).

        `later` moves the meal the rules judge by: t + lane distance + `later`. The lane
        distance is the least a route could still take; a route that finds no way then (the
        body still in the way) will take longer, and by its meal more of the body is gone. So
        planning() searches again with a later meal, and the check after the search decides.
        With `within`, a state from which even a straight way to the fruit would take the
        route past that many moves is dropped: a search for a short route only looks near
        the line to the fruit.

        The search is A*: states come out in the order of their cost so far plus HELD_COST per
        straight (Manhattan) step left to the fruit (`aim.guide`). No move costs less than
        that and each one changes the straight distance by one, so that sum never falls along
        a route: the first time the fruit comes out, no cheaper route exists. The guide keeps
        the search near the line from head to fruit (on big boards, a plan looks at a few
        hundred states, not the whole board), and a search that finds no route has looked at
        every state it could reach. The states wait in a bucket per priority (Dial's
        algorithm), first in, first out: a move raises the priority by 0 (HELD_COST, one step
        nearer) to OPEN_COST + HELD_COST (one step away), so once SPAN buckets in a row are
        empty, nothing waits. A state reached more cheaply later leaves a stale entry behind,
        skipped when it comes out (and counted, like every state taken out).
        """
        work, own = self._claim()
        try:
            return (yield from self._cheapest_first(head, aim, clock, bans, later, within, work))
        finally:
            if own:
                self._working = False

    def _claim(self):
        """(the search tables, whether they are the planner's own): a search left unfinished
        may still hold the planner's own, and then a new one gets tables of its own."""
        if self._working:
            return _Work(2 * len(self.tree.stay)), False
        self._working = True
        return self._work, True

    def _cheapest_first(self, head, aim, clock, bans, later, within, work):
        """searching()'s hot loop: moves relax inline, every table a local (a call per state costs
        more than relaxing it); priority p waits in buckets[p]."""
        size, stay, cross, gate, block, wall_to, wall_apart, wall_met, neighbours = self._rules
        lanes, straight, guide, forgotten, length = aim.lanes, aim.straight, aim.guide, aim.forgotten, aim.length
        free_at, open_at, shelter, mark, until, touch, neck = clock.tables()
        no_stay, no_cross, no_free = bans.stay, bans.cross, bans.free
        held, beside, open_, fruit = HELD_COST, BESIDE_COST, OPEN_COST, aim.fruit
        deadline = NEVER if within is None else clock.now + within  # the move the fruit must be eaten by
        pause = counted = SLICE - self.taken % SLICE  # states until the next pause (a local count is cheaper)
        base, buckets, cost, dist, came = work.start(head, guide[head], clock.now)
        level = idle = 0  # the priority taken out; buckets empty in a row
        while idle < SPAN:
            bucket = buckets[level]
            buckets.append([])  # the farthest a move from this level can reach: level + SPAN - 1
            if not bucket:
                idle += 1
                level += 1
                continue
            idle, floor = 0, base + level  # floor: the cost + guide of the states in this bucket
            for s in bucket:  # states put into this bucket while it is read are read too
                pause -= 1
                if not pause:
                    self.taken += counted
                    pause = counted = SLICE
                    yield
                if s < size:
                    c, met = s, 0
                else:
                    c, met = s - size, size
                here, t = cost[s], dist[s]
                if here + guide[c] != floor or t + straight[c] > deadline:
                    continue  # stale, or too far round to be `within`
                if c == fruit:
                    self.taken += counted - pause
                    self.cost = here - base + guide[head]
                    return _walk_back(came, s, head, size)
                t += 1
                meal = t + later  # + the lane distance left: the meal the rules judge by
                moves = forgotten[c]
                if moves is None:  # not made yet for this fruit
                    moves = forgotten[c] = [n for n in neighbours[c] if lanes[n] >= length]
                if moves and not no_free[c]:  # moves the meal will have forgotten: to any free cell
                    k = here + held
                    for n in moves:
                        if lanes[n] >= length and free_at[n] <= t and (n != neck or s != head) and k < cost[n]:
                            cost[n], dist[n], came[n] = k, t, s
                            buckets[k - base + guide[n]].append(n)
                n = cross[c]  # through the gate: over an edge IN at the meal, or unmarked into a block empty by then
                if n != NONE and free_at[n] <= t and not no_cross[c]:
                    end, g, b = meal + lanes[n], gate[c], block[n]
                    kept = open_at[b]
                    if (mark[g] != OUT) if until[g] >= end and mark[g] else kept < end:
                        k, ns = here + (held if kept >= end else beside if shelter[n] >= end else open_), n + met
                        if k < cost[ns]:
                            cost[ns], dist[ns], came[ns] = k, t, s
                            buckets[k - base + guide[n]].append(ns)
                n = stay[c]  # past the gate: an edge OUT at the meal, or unmarked, drawing a wall that closes no loop
                if free_at[n] <= t and not no_stay[c]:
                    end, g = meal + lanes[n], gate[c]
                    if g == NONE:  # no gate: no wall
                        then = met
                    elif until[g] >= end and mark[g]:
                        if mark[g] != OUT:
                            continue  # past an edge still IN
                        then = met
                    elif touch[wall_to[c]] >= end:
                        continue  # the new wall would close a loop
                    else:
                        then = wall_met[c] if met else wall_apart[c]
                        if then < 0:
                            continue
                    k, ns = here + (held if open_at[block[n]] >= end else beside if shelter[n] >= end else open_), \
                        n + then
                    if k < cost[ns]:
                        cost[ns], dist[ns], came[ns] = k, t, s
                        buckets[k - base + guide[n]].append(ns)
            level += 1
        self.taken += counted - pause
        return []


class Bans:
    """The moves a plan has banned, per cell (a bytearray per kind of move: STAY, CROSS, FREE)."""

    __slots__ = ("stay", "cross", "free")

    def __init__(self, size):
        self.stay, self.cross, self.free = bytearray(size), bytearray(size), bytearray(size)

    def ban(self, cell, kind):
        (self.stay, self.cross, self.free)[kind][cell] = 1


class _Work:
    """A search's tables per state: its cost, the move number it is reached at on that way,
    and the state before it. Each search counts its costs from a `base` below the last one's
    by more than any search's costs can span, so whatever an earlier search left in `cost`
    is dearer than any cost of this one, as a state not reached yet must be: nothing is put
    back between searches. The bases stay small ints; a fresh list starts them again."""

    __slots__ = ("cost", "dist", "came", "base", "stride")

    def __init__(self, states):
        self.cost, self.dist, self.came = [NEVER] * states, [0] * states, [0] * states
        # A route's cost is at most OPEN_COST a move over at most `states` moves, and the guide
        # at most HELD_COST a move across the board: less than 8 * states in all.
        self.base, self.stride = 0, 8 * states

    def start(self, head, guide, now):
        """(the base of a new search's costs, its buckets, and the cost, dist and came tables):
        the search from `head` (its guide `guide`) at move `now` begins with the head alone, at
        priority 0."""
        self.base -= self.stride
        if self.base < -(1 << 29):
            self.cost, self.base = [NEVER] * len(self.cost), -self.stride
        self.cost[head], self.dist[head] = self.base - guide, now
        return self.base, [[head]] + [[] for _ in range(SPAN - 1)], self.cost, self.dist, self.came


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
