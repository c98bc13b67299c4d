"""The cell tree: lanes and gates, tree outlines, and the three conditions for a body to fit."""
import random

import pytest
from hypothesis import given, settings, strategies as st

from hamilton.celltree import CENTRE, CORNER, IN, LEAVE_OUT, NONE, OUT, CellTree
from hamilton import spanning
from hamilton.grid import Grid

ARROW = {">": 1, "<": -1}


def random_tree(tree, rnd):
    """Edge flags of a random spanning tree of the blocks (Kruskal over shuffled edges)."""
    order = list(range(len(tree.edges)))
    rnd.shuffle(order)
    flags = bytearray(len(tree.edges))
    parent = list(range(tree.blocks))

    def find(a):
        while parent[a] != a:
            a = parent[a]
        return a

    for e in order:
        a, b = (find(v) for v in tree.edges[e])
        if a != b:
            parent[a] = b
            flags[e] = 1
    return flags


def outline(tree, flags, start=0):
    """The cells of the outline of `flags` from `start`, once round; None if it closes early or never."""
    cells, c = [], start
    for _ in range(len(tree.stay)):
        cells.append(c)
        c = tree.next_on_outline(flags, c)
        if c == start:
            break
    return cells if c == start and len(cells) == len(tree.stay) else None


def arrows(tree, flags):
    """The outline drawn as one arrow per cell."""
    width = tree.width
    sign = {1: ">", -1: "<", width: "v", -width: "^", 0: "x"}
    rows = [[""] * width for _ in range(tree.height)]
    for c in range(len(tree.stay)):
        rows[c // width][c % width] = sign[tree.next_on_outline(flags, c) - c]
    return [" ".join(row) for row in rows]


def body_from(picture):
    """Flat body, head first, from rows where the head is 0 and later cells count up in letters/digits."""
    order = "0123456789abcdefghijklmnopqrstuvwxyz"
    width = len(picture[0].split())
    cells = {}
    for y, row in enumerate(picture):
        for x, mark in enumerate(row.split()):
            if mark != ".":
                cells[order.index(mark)] = y * width + x
    return [cells[k] for k in range(len(cells))]


def tree_of(tree, *pairs):
    flags = bytearray(len(tree.edges))
    for a, b in pairs:
        flags[tree.edge_of[(a, b)]] = 1
    return flags


# -- lanes and outlines -----------------------------------------------------------------------

def test_the_lanes_of_one_clockwise_block():
    tree = CellTree(2, 2)
    assert tree.stay == [1, 3, 0, 2]  # a > b, b v c, c < d, d ^ a
    assert tree.cross == [NONE] * 4 and tree.gate == [NONE] * 4


def test_a_tree_outline_is_the_cycle_drawn_in_the_docstring():
    """Blocks  A B C / D E F  with the tree A-B, B-C, B-E, D-E, E-F."""
    tree = CellTree(6, 4)
    flags = tree_of(tree, (0, 1), (1, 2), (1, 4), (3, 4), (4, 5))
    assert arrows(tree, flags) == ["> > > > > v",
                                   "^ < < v < <",
                                   "> > ^ > > v",
                                   "^ < < < < <"]
    assert outline(tree, flags) is not None


def test_an_odd_side_ends_in_blocks_three_cells_long():
    """On a 5x4 board the last column of blocks is 3 wide; all six cells lie on the ring,
    and of the two top cells that face the block above, one has the gate."""
    tree = CellTree(5, 4)
    assert tree.columns == [(0, 2), (2, 5)] and tree.rows == [(0, 2), (2, 4)]
    flags = tree_of(tree)  # no edges: each block its own tour
    assert arrows(tree, flags) == ["> v > > v",
                                   "^ < ^ < <",
                                   "> v > > v",
                                   "^ < ^ < <"]
    below_right = 3  # top row of the bottom-right block: cells (2,2), (3,2), (4,2)
    gates = [c for c in (12, 13) if tree.gate[c] != NONE]
    assert gates == [12] and tree.block[tree.cross[12]] == 1 and tree.block[12] == below_right
    with pytest.raises(ValueError):
        CellTree(1, 4)


@pytest.mark.parametrize("leave_out,skipped,rows", [
    (CORNER, 24, ["> v > > v",
                  "^ < ^ < <",
                  "> v > > v",
                  "^ v ^ v <",
                  "^ < ^ < x"]),
    (CENTRE, 18, ["> v > > v",
                  "^ < ^ < <",
                  "> v > > v",
                  "^ v ^ x v",
                  "^ < ^ < <"]),
    ("right side", 14, ["> v > > v",
                        "^ < ^ < <",
                        "> v > v x",
                        "^ v ^ > v",
                        "^ < ^ < <"]),
    ("bottom side", 22, ["> v > > v",
                         "^ < ^ < <",
                         "> v > > v",
                         "^ v ^ < v",
                         "^ < x ^ <"])])
def test_odd_by_odd_rings_leave_one_cell_of_the_corner_block_out(leave_out, skipped, rows):
    tree = CellTree(5, 5, leave_out=leave_out)
    assert tree.skipped == skipped
    assert arrows(tree, tree_of(tree)) == rows  # x: the cell left out
    for seed in range(10):  # every tree's outline visits every cell but the one left out
        flags = random_tree(tree, random.Random(seed))
        seen, c = set(), 0
        while c not in seen:
            seen.add(c)
            c = tree.next_on_outline(flags, c)
        assert c == 0 and len(seen) == 24 and skipped not in seen


@pytest.mark.parametrize("width, height", [(5, 5), (7, 9), (15, 15)])
@pytest.mark.parametrize("clockwise", [True, False])
def test_the_trees_of_one_driving_direction_share_their_gates_and_walls(width, height, clockwise):
    """Whichever cell of the corner block they leave out, the trees of one driving direction
    have the same gates and wall ends: one body's clock serves them all (cycle.py)."""
    trees = [CellTree(width, height, clockwise, leave_out) for leave_out in LEAVE_OUT]
    assert len({t.skipped for t in trees}) == len(LEAVE_OUT)
    first = trees[0]
    gates = [c for c in range(width * height) if first.gate[c] != NONE]  # where walls are drawn

    def walls(tree):
        return [(tree.wall_to[c], tree.wall_from[c]) for c in gates]

    for tree in trees[1:]:
        assert (tree.gate, tree.cross) == (first.gate, first.cross)
        assert walls(tree) == walls(first)


@settings(max_examples=80, deadline=None)
@given(st.sampled_from([(2, 2), (4, 2), (2, 6), (4, 4), (6, 4), (8, 8), (10, 6),
                        (3, 2), (2, 3), (5, 4), (4, 7), (7, 6), (2, 5), (9, 2)]), st.booleans(),
       st.integers(0, 10 ** 6))
def test_every_spanning_tree_outlines_a_hamiltonian_cycle(board, clockwise, seed):
    tree = CellTree(*board, clockwise)
    cycle = outline(tree, random_tree(tree, random.Random(seed)))
    assert cycle is not None
    grid = Grid(*board)
    assert all(b in grid.neighbours[a] for a, b in zip(cycle, cycle[1:] + cycle[:1]))


@pytest.mark.parametrize("clockwise", [True, False])
@pytest.mark.parametrize("board", [(10, 8), (9, 6), (6, 11)])
def test_walls_run_in_one_unbroken_line_along_any_outline(clockwise, board):
    """Each wall starts at the corner where the previous one ended (the planner's corner rule
    rests on this). Stays without a gate draw no wall and leave the line where it is."""
    tree = CellTree(*board, clockwise)
    grid = Grid(*board)
    along_the_border = [grid.neighbours[c][tree.side[c]] == -1 for c in range(grid.size)]
    for seed in range(20):
        cycle = outline(tree, random_tree(tree, random.Random(seed)))
        stays = [c for c, n in zip(cycle, cycle[1:] + cycle[:1])
                 if n == tree.stay[c] and (tree.gate[c] != NONE or along_the_border[c])]
        for a, b in zip(stays, stays[1:] + stays[:1]):
            assert tree.wall_to[a] == tree.wall_from[b]


# -- the three conditions -----------------------------------------------------------------------

@pytest.mark.parametrize("clockwise", [True, False])
@pytest.mark.parametrize("length", [1, 2, 5, 17, 31])
def test_any_arc_of_an_outline_fits(clockwise, length):
    tree = CellTree(8, 4, clockwise)
    for seed in range(10):
        rnd = random.Random(seed)
        cycle = outline(tree, random_tree(tree, rnd))
        start = rnd.randrange(len(cycle))
        arc = [cycle[(start + k) % len(cycle)] for k in range(length)]
        body = arc[::-1]  # head first
        assert tree.fits(body)
        flags = tree.spanning_tree(body)
        assert outline(tree, flags, body[-1])[:length] == arc


def plain_kruskal(tree, body, prefer=None):
    """The spanning tree `body` lies along, plainly: its IN edges, then every other edge
    not OUT that joins two parts, in edge order, those `prefer` flags first if it is given
    (hamilton/spanning.py skips whole rows, and stops once the tree is whole)."""
    state, _ = tree.marks(body)
    if prefer is not None:  # the preferred edges as marks of their own, taken after IN
        state = bytearray(m if m or not prefer[e] else 3 for e, m in enumerate(state))
    parent, flags = list(range(tree.blocks)), bytearray(len(tree.edges))

    def find(a):
        while parent[a] != a:
            a = parent[a]
        return a

    for wanted in (IN, 3, 0):
        for e, mark in enumerate(state):
            a, b = (find(v) for v in tree.edges[e])
            if mark == wanted and a != b:
                parent[a] = b
                flags[e] = 1
    return flags


@pytest.mark.parametrize("clockwise", [True, False])
@pytest.mark.parametrize("board", [(40, 30), (31, 29), (9, 6), (6, 11), (2, 12), (12, 2), (3, 3)])
def test_the_spanning_tree_is_kruskals_in_edge_order(clockwise, board):
    """Arcs of random outlines, short and long, anywhere on the board: the rows far from the
    body are copied whole, and the tree must still be Kruskal's, edge by edge."""
    tree = CellTree(*board, clockwise)
    rnd = random.Random(board[0] * 100 + board[1])
    for _ in range(12):
        cycle = tree.outline(random_tree(tree, rnd), 0)
        start, length = rnd.randrange(len(cycle)), rnd.choice([1, 2, 5, 30, len(cycle) // 2, len(cycle)])
        body = [cycle[(start + k) % len(cycle)] for k in range(length)][::-1]
        assert tree.spanning_tree(body) == plain_kruskal(tree, body)
        trees = tree.spanning_trees(body, (None,) + spanning.combs(tree))
        assert trees == [plain_kruskal(tree, body, prefer) for prefer in (None,) + spanning.combs(tree)]


NO_LANE = [". . . .",
           ". 1 0 .",   # c of the top-left block stays left or crosses down, never right
           ". . . .",
           ". . . ."]


def test_a_move_that_is_no_lane_breaks_condition_1():
    body = body_from(NO_LANE)
    tree = CellTree(4, 4)
    assert tree.marks(body)[1] == 1 and not tree.fits(body)
    assert tree.first_break(body) == (body[1], False)
    assert CellTree(4, 4, clockwise=False).fits(body)  # anticlockwise, c crosses right


def test_in_edges_closing_a_loop_break_condition_2():
    """Blocks A B / C D: the body crosses A->B->D->C and then back into A, where its tail is."""
    tree = CellTree(4, 4)
    body = body_from(["b a 9 8",
                      "0 . . 7",
                      "1 . . 6",
                      "2 3 4 5"])
    assert tree.marks(body)[1] == len(body)  # every move is a lane move...
    assert tree.first_break(body, new=1) == (body[1], True)  # ...but the last crossing closes a loop
    assert tree.fits(body[:-2])  # with the tail gone from A there is no loop


def test_walls_cutting_blocks_off_break_condition_3():
    """The body passes both gates of the empty top-right block B: its walls run from the
    rim to the middle corner and back to the rim, and B is cut off."""
    tree = CellTree(4, 4)
    body = body_from(["6 5 . .",
                      ". 4 . .",
                      ". 3 2 1",
                      ". . . 0"])
    marks, upto = tree.marks(body)
    assert upto == len(body) and marks.count(IN) == 2
    assert all(marks[e] == OUT for _, e in tree.adjacent[1])
    assert tree.first_break(body) == (body[5], False)  # the first wall on B's border
    assert tree.fits(body[:5])  # before the second wall, B could still join through D


def test_blame_names_a_planned_move_only():
    tree = CellTree(4, 4)
    body = body_from(NO_LANE)
    assert tree.first_break(body, new=1) == (body[1], False)
    assert tree.first_break(body, new=0) == (None, False)  # an old move: nothing to ban


def test_spanning_tree_keeps_the_in_edges_and_avoids_the_out_edges():
    tree = CellTree(8, 8)
    rnd = random.Random(4)
    cycle = outline(tree, random_tree(tree, rnd))
    body = [cycle[k] for k in range(30, 0, -1)]
    marks, _ = tree.marks(body)
    flags = tree.spanning_tree(body)
    assert sum(flags) == tree.blocks - 1
    for e, m in enumerate(marks):
        if m == IN:
            assert flags[e]
        if m == OUT:
            assert not flags[e]



@pytest.mark.parametrize("board", [(8, 8), (10, 6), (9, 7)])
def test_each_comb_is_a_spanning_tree_a_short_body_keeps_when_it_is_preferred(board):
    """spanning.combs: three more trees of an empty board (spine left, right, bottom), each
    other than Kruskal's own (spine top), and given back whole to a body that lies along it."""
    tree = CellTree(*board)
    kruskal = tree.spanning_tree([0])
    shapes = {bytes(kruskal)}
    for comb in spanning.combs(tree):
        assert sum(comb) == tree.blocks - 1
        cycle = tree.outline(comb, 0)
        assert len(set(cycle)) == len(cycle) == len(tree.stay) - (tree.skipped >= 0)  # Hamiltonian
        body = cycle[3::-1]  # four cells along its outline, head first
        assert tree.spanning_tree(body, prefer=comb) == comb
        shapes.add(bytes(comb))
    assert len(shapes) == 4

def test_a_preferred_tree_is_kept_wherever_the_body_allows():
    """spanning_tree(body, prefer): the window's drawing of the cycle changes only where the
    body made it change. A body on some tree's outline, with that tree preferred, gives it
    back whole; without the preference, Kruskal in edge order may give another."""
    tree = CellTree(8, 8)
    differed = 0
    for seed in range(30):
        rnd = random.Random(seed)
        flags = random_tree(tree, rnd)
        cycle = outline(tree, flags)
        start = rnd.randrange(len(cycle))
        body = [cycle[(start - k) % len(cycle)] for k in range(12)]  # an arc of it, head first
        assert tree.spanning_tree(body, prefer=flags) == flags
        differed += tree.spanning_tree(body) != flags
        other = random_tree(tree, rnd)  # a tree the body may not lie along: the marks win
        chosen = tree.spanning_tree(body, prefer=other)
        marks, _ = tree.marks(body)
        assert sum(chosen) == tree.blocks - 1
        assert all(chosen[e] for e, m in enumerate(marks) if m == IN)
        assert not any(chosen[e] for e, m in enumerate(marks) if m == OUT)
    assert differed > 20  # the preference is what keeps it


@pytest.mark.parametrize("board", [(8, 8), (7, 5), (2, 6)])
def test_outline_lists_the_cycle_from_any_cell(board):
    tree = CellTree(*board)
    flags = random_tree(tree, random.Random(1))
    cells = tree.outline(flags, 1)
    assert cells[0] == 1 and sorted(cells) == [c for c in range(len(tree.stay)) if c != tree.skipped]
    assert all(tree.next_on_outline(flags, a) == b for a, b in zip(cells, cells[1:] + cells[:1]))
