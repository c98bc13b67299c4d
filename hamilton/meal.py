"""The exact check of a planned route, read off the body's clock. No pygame here.

A route is taken only if the body it leaves at the meal fits a spanning tree
(CellTree.first_break on that body's cells: celltree.py). That body is the route, reversed,
and the front of the body now; reading those cells costs as much as the body is long, and a
plan checks several routes per fruit. The Clock (clock.py) already knows, for every move,
what the body still holds then:

    at the meal, after r moves          read off the clock
    the old body's marks on the edges   mark[g] where until[g] >= now + r
    the blocks it holds (joined into    every block b with open_at[b] >= now + r
    one piece by its IN edges)
    the corners its walls touch         every corner p with touch[p] >= now + r

So only the route's own moves are judged, against those, in the order they are made. A
body that fits never breaks itself, so the route is to blame for anything that breaks. (A
route longer than the body leaves nothing of the old body at the meal: only its own last
moves are judged, with nothing held.)

Condition 3 (the edges not OUT connect every block) is the costly one: it looks at the
whole board. The walls (OUT edges) cut the blocks apart exactly when they close a loop of
corner points (celltree.py); the old body's walls close none. Joining the route's walls,
one at a time, to the points already reached (the old body's all counted as one point,
which can only find more loops, never fewer) counts the loops they may close:

    none    nothing is cut off
    one     at most one loop, and the wall that closed it lies on it: at most two parts.
            Two floods, one from each of that wall's blocks, meet (nothing is cut off) or
            one runs out: the part cut off, which bounds their work; a wall of the route
            parts the board exactly when one of its blocks lies in that part
    more    the whole board is looked at, as first_break does

Cells are flat indices (grid.py); blocks, edges, gates and corners come from celltree.py.
"""
from hamilton.celltree import IN, NONE, OUT
from hamilton.clock import NEVER

BODY = -2  # in the union-finds here: every block, or corner point, the old body holds at the meal


def first_break_at_meal(clock, head, route):
    """CellTree.first_break of the body after `route` (from `head`, the fruit its last cell)
    and the meal, worked out from `clock`, which must be that of a body fitting its tree:
    None if the body then fits a tree, else (cell, crossed) of the move to blame."""
    tree = clock.tree
    if len(route) > clock.length:  # the body at the meal is the route's last moves: none of the old body's
        head, route, at_meal = route[-clock.length - 1], route[-clock.length:], NEVER
    else:
        at_meal = clock.now + len(route)
    marks, passed, broken = _route_marks(clock, head, route, at_meal)
    if broken is not None or not passed:
        return broken
    loops, closing = _loops(clock, passed, at_meal)
    if loops == 0:
        return None
    if loops == 1:  # the wall that closed it parts the board, if anything does
        pocket = _pocket(clock, tree.edges[closing], marks, at_meal)
        if pocket is None:
            return None
        for c, g in passed:
            a, b = tree.edges[g]
            if (a in pocket) != (b in pocket):
                return c, False
    state = bytearray(m if u >= at_meal else 0 for m, u in zip(clock.mark, clock.until))
    for g, m in marks.items():
        state[g] = m
    return tree.cut_blame(state, passed)


def _route_marks(clock, head, route, at_meal):
    """(the route's own edge marks, its stays past an unmarked gate as (cell, edge), the move
    that breaks conditions 1 or 2 as first_break blames it, or None)."""
    tree = clock.tree
    mark, until, open_at = clock.mark, clock.until, clock.open_at
    stay, cross, gate, block = tree.stay, tree.cross, tree.gate, tree.block
    marks, joined, passed = {}, {}, []  # joined: a union-find over blocks, BODY for the old body's
    c = head
    for nxt in route:
        g = gate[c]
        was = marks.get(g)
        if was is None:
            was = mark[g] if g != NONE and until[g] >= at_meal else 0
        if nxt == cross[c]:
            if was == OUT:
                return marks, passed, (c, True)
            if was == 0:
                a = _root(joined, BODY if open_at[block[c]] >= at_meal else block[c])
                b = _root(joined, BODY if open_at[block[nxt]] >= at_meal else block[nxt])
                if a == b:  # condition 2: a loop of IN edges
                    return marks, passed, (c, True)
                joined[a] = b
                marks[g] = IN
        elif nxt == stay[c]:
            if g != NONE:
                if was == IN:
                    return marks, passed, (c, False)
                if was == 0:
                    marks[g] = OUT
                    passed.append((c, g))
        else:  # condition 1: neither a stay nor a cross
            return marks, passed, (c, False)
        c = nxt
    return marks, passed, None


def _loops(clock, passed, at_meal):
    """(how many loops, 0, 1, or 2 for two or more, the walls of `passed` may close with the
    old body's walls, whose corner points all count as one (see the module docstring); the
    edge of the wall that closed the first)."""
    tree, touch = clock.tree, clock.touch
    joined, loops, closing = {}, 0, None
    for c, g in passed:
        p, q = tree.wall_from[c], tree.wall_to[c]
        a = _root(joined, BODY if touch[p] >= at_meal else p)
        b = _root(joined, BODY if touch[q] >= at_meal else q)
        if a != b:
            joined[a] = b
        elif loops:
            return 2, closing
        else:
            loops, closing = 1, g
    return loops, closing


def _pocket(clock, ends, marks, at_meal):
    """The blocks of the part of the board that the wall between the two blocks `ends` closes
    off at the meal, or None if they lie in one part. A flood from each, a ring at a time in
    turn over the edges not OUT, until they meet or one runs out: the part it filled."""
    adjacent, mark, until = clock.tree.adjacent, clock.mark, clock.until
    side = {ends[0]: 0, ends[1]: 1}
    rings = [[ends[0]], [ends[1]]]
    while True:
        for i in (0, 1):
            ring = []
            for v in rings[i]:
                for w, e in adjacent[v]:
                    m = marks.get(e)
                    if m is None:
                        m = mark[e] if until[e] >= at_meal else 0
                    if m == OUT:
                        continue
                    seen = side.get(w)
                    if seen is None:
                        side[w] = i
                        ring.append(w)
                    elif seen != i:
                        return None
            if not ring:
                return {v for v, s in side.items() if s == i}
            rings[i] = ring


def _root(joined, x):
    """The root of `x` in the union-find `joined` (a dict from a part to the part it joined)."""
    while x in joined:
        x = joined[x]
    return x
