"""The spanning tree a body lies along, by Kruskal's algorithm in edge order. No pygame here.

CellTree.spanning_tree takes the body's IN edges, then every edge that is not OUT and
joins two parts, in edge order: block by block, row by row, each block's edge to the
right, then its edge down (celltree.py numbers them so). Far from the body the order
decides alike every time:

    row 0         its edges to the right join: the block to the right    + > + > + > +
                  is alone until then                                     v   v   v   v
    every row     its edges down join: the block below is alone until     +   +   +   +
                  then                                                    v   v   v   v
    other rows    their edges to the right join nothing: the row above    +   +   +   +
                  has joined both blocks already

So a row whose edges, and those of the rows above and below it, are all unmarked is
copied from the tree of an empty board (`_empty_tree`), and its joins are made a row at a time;
only the rows beside the body go edge by edge, through a union-find. On a big board a
wait's tree then costs a few rows, not the whole board.
"""
from itertools import compress

from hamilton.celltree import IN, OUT


def spanning_tree(tree, state, prefer=None):
    """Edge flags of the spanning tree of CellTree `tree` that keeps the edge marks `state`
    (a body's: IN edges kept, OUT edges left out), by Kruskal in edge order; with `prefer`
    (another tree's flags), its edges go before the rest."""
    return spanning_trees(tree, state, (prefer,))[0]


def spanning_trees(tree, state, prefers):
    """spanning_tree(tree, state, prefer) for each of `prefers`: the IN edges, which every
    one of them takes first, are joined once, and each tree goes on from a copy."""
    parent = list(range(tree.blocks))
    flags = bytearray(len(tree.edges))
    ins = _flagged(state.translate(_IS_IN))
    joined = _join(parent, ins, tree, flags)
    unmarked = state.translate(_IS_UNMARKED)
    return [_kruskal_on(tree, state, ins, unmarked, parent[:], flags[:], joined) if prefer is None
            else _preferred_on(tree, unmarked, prefer, parent[:], flags[:], joined)
            for prefer in prefers]


def _preferred_on(tree, unmarked, prefer, parent, flags, joined):
    """The tree `prefer` is preferred in, from the IN edges' union-find `parent`, `flags` and
    `joined`: the unmarked edges of `prefer`, then, while the blocks are not all joined, the
    other unmarked ones."""
    joined += _join(parent, _flagged(_both(unmarked, prefer)), tree, flags)
    if joined < tree.blocks - 1:  # a tree has blocks - 1 joins: after them, no edge joins two parts
        _join(parent, _flagged(_first_only(unmarked, prefer)), tree, flags)
    return flags


def _kruskal_on(tree, state, ins, unmarked, parent, flags, joined):
    """Kruskal's own tree, from the IN edges' union-find `parent`, `flags` and `joined` (`ins`
    the IN edges): the unmarked edges in edge order, the rows far from the body copied from
    the empty board's tree (see the module docstring)."""
    across, rows, edges = tree.across, tree.blocks // tree.across, tree.edges
    near = ()  # the rows beside a marked edge: an edge from row r reaches row r + 1
    if 4 * (len(edges) - state.count(0)) < len(edges):
        near = {edges[e][0] // across + d for e in ins + _flagged(state.translate(_IS_OUT)) for d in (-1, 0, 1, 2)}
    if not near or 2 * len(near) > rows:  # a body beside most rows: edge by edge
        _join(parent, _flagged(unmarked), tree, flags)
        return flags
    comb, first = _empty_tree(tree)
    for r in range(rows):
        if r in near:
            _join(parent, [e for e in range(first[r], first[r + 1]) if state[e] == 0], tree, flags)
            continue
        flags[first[r]:first[r + 1]] = comb[first[r]:first[r + 1]]
        if r == 0:  # each block joins the one to its right
            parent[1:across] = range(across - 1)
        if r + 1 < rows:  # each block joins the one below
            parent[(r + 1) * across:(r + 2) * across] = range(r * across, (r + 1) * across)
    return flags


# bytes.translate tables from an edge's mark to a flag: whether it is IN, OUT, unmarked
_IS_IN = bytes(1 if m == IN else 0 for m in range(256))
_IS_OUT = bytes(1 if m == OUT else 0 for m in range(256))
_IS_UNMARKED = bytes(1 if m == 0 else 0 for m in range(256))


def _flagged(flags):
    """The indices whose flag (0 or 1) is set, in order."""
    numbers = _NUMBERS.get(len(flags))
    if numbers is None:
        numbers = _NUMBERS[len(flags)] = list(range(len(flags)))
    return list(compress(numbers, flags))


_NUMBERS = {}  # n -> [0, 1, ... n - 1]: compress reads a list's ints faster than it makes a range's


def _both(a, b):
    """The flags (0 or 1) set in both `a` and `b`, read as whole numbers."""
    return (int.from_bytes(a, "little") & int.from_bytes(b, "little")).to_bytes(len(a), "little")


def _first_only(a, b):
    """The flags (0 or 1) set in `a` but not in `b`."""
    whole = int.from_bytes(a, "little")
    return (whole ^ (whole & int.from_bytes(b, "little"))).to_bytes(len(a), "little")


_EMPTY = {}  # (width, height) -> the first edge of each row of blocks, and one past the last
_COMBS = {}  # (width, height) -> _combs' answer: the same for every tree of a board


def _empty_tree(tree):
    """(the flags of the spanning tree of an empty board, the first edge of each row of blocks,
    and one past the last), made once per board."""
    key = (tree.width, tree.height)
    if key not in _EMPTY:
        across = tree.across
        first = [len(tree.edges)] * (tree.blocks // across + 1)
        for e in reversed(range(len(tree.edges))):
            first[tree.edges[e][0] // across] = e
        _EMPTY[key] = first
    return _combs(tree)[0], _EMPTY[key]


def combs(tree):
    """Edge flags of three more trees of an empty board, each a comb as Kruskal in edge
    order makes one (its spine the top row, its teeth the columns), turned to another side.
    Preferred by `spanning_tree`, each gives a body a tree whose outline runs otherwise
    through the free blocks:

        spine: the left column   the right column   the bottom row
        + > + > + > +            + > + > + > +      +   +   +   +
        v                                    v      ^   ^   ^   ^
        + > + > + > +            + > + > + > +      +   +   +   +
        v                                    v      ^   ^   ^   ^
        + > + > + > +            + > + > + > +      + > + > + > +
    """
    return _combs(tree)[1:]


def _combs(tree):
    """The four combs of an empty board, spine top (Kruskal's own), left, right and bottom:
    every edge one way (the teeth) and, on the spine, the edges the other way; made once per
    board."""
    key = (tree.width, tree.height)
    if key not in _COMBS:
        across, rows = tree.across, tree.blocks // tree.across

        def comb(teeth, spine, on_spine):
            return bytearray(b - a == teeth or (b - a == spine and on_spine(a)) for a, b in tree.edges)
        _COMBS[key] = (comb(across, 1, lambda a: a < across), comb(1, across, lambda a: a % across == 0),
                       comb(1, across, lambda a: a % across == across - 1),
                       comb(across, 1, lambda a: a // across == rows - 1))
    return _COMBS[key]


def _join(parent, edges, tree, flags):
    """Kruskal's step for each edge of `edges` in turn: it joins its two blocks if the
    union-find `parent` has them apart, and is then flagged; the joins made. Finding a root
    halves the path walked (a block points on to its grandparent); of two roots joined, the
    higher points to the lower, which keeps the paths short in edge order."""
    ends, joined = tree.edges, 0
    for e in edges:
        a, b = ends[e]
        while parent[a] != a:
            parent[a] = a = parent[parent[a]]
        while parent[b] != b:
            parent[b] = b = parent[parent[b]]
        if a < b:
            parent[b] = a
        elif b < a:
            parent[a] = b
        else:
            continue
        flags[e] = 1
        joined += 1
    return joined
