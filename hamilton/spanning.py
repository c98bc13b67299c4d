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
from operator import not_

from hamilton.celltree import IN, OUT


def spanning_tree(tree, state, prefer=None):
    """Edge flags of the spanning tree of CellTree `tree` that keeps the edge marks `state`
    (a body's: IN edges kept, OUT edges left out), by Kruskal in edge order; with `prefer`
    (another tree's flags), its edges go before the rest."""
    parent = list(range(tree.blocks))
    flags = bytearray(len(tree.edges))
    ins = _marked(state, IN)
    joined = _join(parent, ins, tree, flags)
    if prefer is not None:
        every = range(len(flags))
        joined += _join(parent, [e for e in compress(every, prefer) if not state[e]], tree, flags)
        if joined < tree.blocks - 1:  # a tree has blocks - 1 joins: after them, no edge joins two parts
            _join(parent, [e for e in compress(every, map(not_, prefer)) if not state[e]], tree, flags)
        return flags
    across, rows, edges = tree.across, tree.blocks // tree.across, tree.edges
    near = ()  # the rows beside a marked edge: an edge from row r reaches row r + 1
    if 4 * (len(edges) - state.count(0)) < len(edges):
        near = {edges[e][0] // across + d for e in ins + _marked(state, OUT) for d in (-1, 0, 1, 2)}
    if not near or 2 * len(near) > rows:  # a body beside most rows: edge by edge
        _join(parent, [e for e, s in enumerate(state) if s == 0], tree, flags)
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


def _marked(state, mark):
    """The edges whose mark in `state` is `mark`, in order."""
    edges, e = [], state.find(mark)
    while e >= 0:
        edges.append(e)
        e = state.find(mark, e + 1)
    return edges


def _join(parent, edges, tree, flags):
    """Kruskal's step for each edge of `edges` in turn: it joins its two blocks if the
    union-find `parent` has them apart, and is then flagged; the joins made. Finding a root
    halves the path walked (a block points on to its grandparent)."""
    ends, joined = tree.edges, 0
    for e in edges:
        a, b = ends[e]
        while parent[a] != a:
            parent[a] = a = parent[parent[a]]
        while parent[b] != b:
            parent[b] = b = parent[parent[b]]
        if a != b:
            parent[a] = b
            flags[e] = 1
            joined += 1
    return joined
