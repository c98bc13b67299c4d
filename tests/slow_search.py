"""The planner's search written plainly: the reference the fast one is pinned against.

hamilton/planner.py relaxes its moves inline, over tables the clock keeps up to date, for
speed. Here the same search calls a function per rule (may_cross, may_stay, price), keeps
a deque per bucket and a dict of costs, and can look everywhere alike (`guided` False).
tests/test_planner.py checks that both find the same route at the same cost after taking
the same number of states, on positions from real games.
"""
from collections import deque

from hamilton.celltree import IN, NONE
from hamilton.planner import BESIDE_COST, HELD_COST, OPEN_COST


def may_cross(clock, c, b, end):
    """Whether the cross from c into block b, judged at move `end`, keeps the IN edges a
    tree: over an edge still IN then, or over an unmarked one into a block that is empty by
    then (else the IN edges would close a loop)."""
    g = clock.tree.gate[c]
    mark = clock.mark[g] if clock.until[g] >= end else 0
    return mark == IN or (mark == 0 and clock.open_at[b] < end)


def may_stay(clock, c, met, end):
    """Whether the stay from c past its gate, judged at move `end`, keeps the walls from
    closing a loop: None if it does not, else whether the route's walls have met the rim
    after it (`met`: before it). Past an edge still IN, never; past one still OUT, always;
    past an unmarked one it draws a new wall, which must not end on a corner the body's
    walls still touch, nor on the rim a second time."""
    tree = clock.tree
    g = tree.gate[c]
    mark = NONE if g == NONE else clock.mark[g] if clock.until[g] >= end else 0
    if mark == IN:
        return None
    if mark != 0:  # no gate, or past an OUT edge: no new wall
        return met
    to, rim = tree.wall_to[c], tree.rim
    if to == rim:
        return None if met or clock.touch[rim] >= end or tree.wall_from[c] == rim else True
    if clock.touch[to] >= end:
        return None
    return met or tree.wall_from[c] == rim


def price(clock, n, end):
    """What a move into cell n costs, the meal at move `end`: HELD_COST if the body still
    holds n's block then, BESIDE_COST if it holds one of n's four neighbours or n lies on the
    board's edge, else OPEN_COST."""
    tree = clock.tree
    if clock.open_at[tree.block[n]] >= end:
        return HELD_COST
    around = _neighbours(n, tree.width, len(tree.stay))
    if len(around) < 4 or any(clock.free_at[m] >= end for m in around):
        return BESIDE_COST
    return OPEN_COST


def slow_search(tree, head, aim, clock, bans, later=0, within=None, guided=True):
    """(route, cost, states taken out) of the planner's search (Planner.searching), plainly."""
    size, width, fruit, lanes, length = len(tree.stay), tree.width, aim.fruit, aim.lanes, aim.length
    guide = HELD_COST if guided else 0  # no move costs less than HELD_COST: the guide never overestimates
    fx, fy = fruit % width, fruit // width

    def straight(c):
        return abs(c % width - fx) + abs(c // width - fy)

    deadline = None if within is None else clock.now + within
    cost, dist, came = {head: clock.now}, {head: clock.now}, {}
    span = OPEN_COST + guide + 1
    buckets = [deque() for _ in range(span)]
    level = clock.now + guide * straight(head)
    buckets[level % span].append(head)
    waiting, taken = 1, 0

    def relax(n, state, k, t, s):
        nonlocal waiting
        if k < cost.get(state, k + 1):
            cost[state], dist[state], came[state] = k, t, s
            buckets[(k + guide * straight(n)) % span].append(state)
            waiting += 1

    while waiting:
        bucket = buckets[level % span]
        if not bucket:
            level += 1
            continue
        s = bucket.popleft()
        waiting -= 1
        taken += 1
        c, met = s % size, s >= size
        if cost[s] + guide * straight(c) != level:
            continue  # stale
        if deadline is not None and dist[s] + straight(c) > deadline:
            continue
        if c == fruit:
            found, route = cost[s] - clock.now, []
            while s != head:
                route.append(s % size)
                s = came[s]
            return route[::-1], found, taken
        t = dist[s] + 1
        meal = t + later
        if not bans.free[c]:
            for n in _neighbours(c, width, size):
                if lanes[n] >= length and clock.free_at[n] <= t and (n != clock.neck or s != head):
                    relax(n, n, cost[s] + HELD_COST, t, s)
        n = tree.cross[c]
        if n != NONE and clock.free_at[n] <= t and not bans.cross[c]:
            end = meal + lanes[n]
            if may_cross(clock, c, tree.block[n], end):
                relax(n, n + size if met else n, cost[s] + price(clock, n, end), t, s)
        n = tree.stay[c]
        if clock.free_at[n] <= t and not bans.stay[c]:
            end = meal + lanes[n]
            walls_met = may_stay(clock, c, met, end)
            if walls_met is not None:
                relax(n, n + size if walls_met else n, cost[s] + price(clock, n, end), t, s)
    return [], None, taken


def _neighbours(c, width, size):
    """Up, down, left, right: those on the board."""
    return [n for n, ok in ((c - width, c >= width), (c + width, c + width < size), (c - 1, c % width > 0),
                            (c + 1, (c + 1) % width > 0)) if ok]
