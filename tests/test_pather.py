"""PathSolve: exact paths on tiny boards, and properties of both searches on random snakes.

PathSolve answers in bit indices (pather.py); these tests ask it about a `Snake` and read
its answers as moves (`shortest_path`, `longest_path`)."""
import random
from collections import deque

from hypothesis import given, settings, strategies as st

from pather import PathSolve
from snake import DELTA, DOWN, LEFT, OPPOSITE, RIGHT, UP, Snake, step


def lone(x, y, direction=RIGHT, width=3, height=3):
    """A snake of length 1 at (x, y)."""
    return Snake(width, height, [(x, y)], direction)


def free_for(ps, snake, target):
    """The cells a path of `snake`'s head may enter: not the body, except its tail as a target."""
    free = ps.board & ~ps.mask(snake.cells)
    if target == snake.tail():
        free |= ps.bit[target]
    return free


def moves_of(ps, start, path):
    """The moves that walk the index `path` from the index `start`."""
    moves, prev = [], start
    for i in path:
        moves.append(ps.direction_of[i - prev])
        prev = i
    return moves


def shortest_path(ps, snake, target):
    """The moves of PathSolve's shortest path from `snake`'s head to the cell `target`; [] if none."""
    head = ps.index[snake.head()]
    return moves_of(ps, head, ps.shortest(head, ps.index[tuple(target)], free_for(ps, snake, tuple(target)),
                                          snake.direction()))


def longest_path(ps, snake, target):
    """The moves of PathSolve's extended shortest path from `snake`'s head to `target`; [] if none."""
    free = free_for(ps, snake, tuple(target))  # the target is on the path, never "unused"
    head = ps.index[snake.head()]
    return moves_of(ps, head, ps.extend(head, ps.shortest(head, ps.index[tuple(target)], free, snake.direction()),
                                        free))


def walk(start, moves):
    """The cells visited by `moves` from the cell `start` (start excluded)."""
    cells, cur = [], tuple(start)
    for d in moves:
        cur = step(cur, d)
        cells.append(cur)
    return cells


# -- exact paths -----------------------------------------------------------------------------

def test_shortest_goes_straight_first():
    ps = PathSolve(3, 3)
    assert shortest_path(ps, lone(0, 0, RIGHT), (2, 2)) == [RIGHT, RIGHT, DOWN, DOWN]
    assert shortest_path(ps, lone(0, 0, DOWN), (2, 2)) == [DOWN, DOWN, RIGHT, RIGHT]


def test_shortest_goes_round_the_body():
    # . H .   the head at (1,0) heading up, off the board; the walk then tries
    # . B .   UP, DOWN, LEFT, RIGHT in turn, and goes on straight where it can.
    # . B T
    snake = Snake(3, 3, [(1, 0), (1, 1), (1, 2), (2, 2)], UP)
    ps = PathSolve(3, 3)
    assert shortest_path(ps, snake, (0, 2)) == [LEFT, DOWN, DOWN]
    assert shortest_path(ps, snake, (2, 1)) == [RIGHT, DOWN]


def test_no_path_is_an_empty_list():
    # . B H .   the body walls off column 0; the tail (1,2) is no way through
    # . B . .   unless it is the target itself.
    # . T . .
    snake = Snake(4, 3, [(2, 0), (1, 0), (1, 1), (1, 2)], RIGHT)
    ps = PathSolve(4, 3)
    assert shortest_path(ps, snake, (0, 1)) == []
    assert longest_path(ps, snake, (0, 1)) == []
    assert shortest_path(ps, snake, (1, 2)) == [DOWN, DOWN, LEFT]


def test_the_tail_is_free_only_as_the_target():
    # H T .   the tail is the only way from the head to the right.
    # B B .
    snake = Snake(3, 2, [(0, 0), (0, 1), (1, 1), (1, 0)], UP)
    ps = PathSolve(3, 2)
    assert shortest_path(ps, snake, (1, 0)) == [RIGHT]
    assert shortest_path(ps, snake, (2, 0)) == []


def test_longest_extends_a_step_into_a_detour():
    # 3x2 board, head (0,0), target (2,0): RIGHT RIGHT becomes DOWN RIGHT UP RIGHT.
    ps = PathSolve(3, 2)
    snake = lone(0, 0, RIGHT, 3, 2)
    assert shortest_path(ps, snake, (2, 0)) == [RIGHT, RIGHT]
    assert longest_path(ps, snake, (2, 0)) == [DOWN, RIGHT, UP, RIGHT]


def test_longest_keeps_extending_the_same_step():
    # 3x3, head (1,0), target (2,0). RIGHT -> [DOWN RIGHT UP]; the new first step DOWN ->
    # [LEFT DOWN RIGHT]; later (0,1)->(1,1) -> [DOWN RIGHT UP]. Only (2,2) stays unvisited.
    ps = PathSolve(3, 3)
    path = longest_path(ps, lone(1, 0), (2, 0))
    assert path == [LEFT, DOWN, DOWN, RIGHT, UP, RIGHT, UP]
    assert walk((1, 0), path) == [(0, 0), (0, 1), (0, 2), (1, 2), (1, 1), (2, 1), (2, 0)]


def test_longest_to_the_tail_of_a_coiled_snake():
    # 5x5, snake (2,2) (1,2) (0,2): the shortest way to the tail goes over the top, and its
    # first step UP is extended twice, RIGHT then DOWN; the whole path skips one free cell.
    ps = PathSolve(5, 5)
    snake = Snake(5, 5, [(2, 2), (1, 2), (0, 2)], RIGHT)
    assert shortest_path(ps, snake, (0, 2)) == [UP, LEFT, LEFT, DOWN]
    cells = walk((2, 2), longest_path(ps, snake, (0, 2)))
    assert cells[0] == (2, 3) and cells[-1] == (0, 2)
    assert len(cells) == 22 and len(set(cells)) == 22  # 21 of the 22 free cells, then the tail


def test_length_two_snake_reaches_its_tail_only_by_a_detour():
    ps = PathSolve(2, 2)
    snake = Snake(2, 2, [(1, 0), (0, 0)], RIGHT)
    assert shortest_path(ps, snake, (0, 0)) == [LEFT]  # onto the neck: the solver's trap
    assert longest_path(ps, snake, (0, 0)) == [DOWN, LEFT, UP]


def test_tiny_boards():
    assert shortest_path(PathSolve(1, 2), lone(0, 0, DOWN, 1, 2), (0, 1)) == [DOWN]
    assert longest_path(PathSolve(1, 2), lone(0, 0, DOWN, 1, 2), (0, 1)) == [DOWN]
    assert shortest_path(PathSolve(1, 1), lone(0, 0, UP, 1, 1), (0, 0)) == []
    assert longest_path(PathSolve(2, 1), lone(1, 0, LEFT, 2, 1), (0, 0)) == [LEFT]


# -- random snakes ---------------------------------------------------------------------------

def random_snake(rng, width, height, length):
    """A random self-avoiding body of `length` cells walked from a random cell, or None."""
    cur = (rng.randrange(width), rng.randrange(height))
    body = [cur]
    while len(body) < length:
        options = [step(cur, d) for d in (UP, DOWN, LEFT, RIGHT)]
        options = [c for c in options if 0 <= c[0] < width and 0 <= c[1] < height and c not in body]
        if not options:
            return None
        cur = rng.choice(options)
        body.append(cur)
    body.reverse()  # the walk ends at the head
    heading = DELTA.index((body[0][0] - body[1][0], body[0][1] - body[1][1])) if length > 1 else rng.randrange(4)
    return Snake(width, height, body, heading)


def bfs_distance(snake, target):
    """A plain reference BFS: moves from the head to `target` avoiding the body but the tail."""
    blocked = set(snake.body) - {snake.head()}
    if target == snake.tail():
        blocked.discard(target)
    dist = {snake.head(): 0}
    queue = deque([snake.head()])
    while queue:
        cur = queue.popleft()
        for d in (UP, DOWN, LEFT, RIGHT):
            nxt = step(cur, d)
            if snake.on_board(nxt) and nxt not in blocked and nxt not in dist:
                dist[nxt] = dist[cur] + 1
                queue.append(nxt)
    return dist.get(target)


def reference_extension(snake, moves):
    """Shortest-path extension (pather.py's docstring) written as plainly as it reads, on a list of moves."""
    moves = list(moves)
    used = set(walk(snake.head(), moves)) | set(snake.body)
    idx, cur = 0, snake.head()
    while idx < len(moves):
        nxt = step(cur, moves[idx])
        tries = (LEFT, RIGHT) if moves[idx] in (UP, DOWN) else (UP, DOWN)
        for d in tries:
            a, b = step(cur, d), step(nxt, d)
            if snake.on_board(a) and snake.on_board(b) and a not in used and b not in used:
                moves[idx:idx + 1] = [d, moves[idx], OPPOSITE[d]]
                used |= {a, b}
                break
        else:
            cur = nxt
            idx += 1
    return moves


@st.composite
def positions(draw):
    """A random board, a random valid snake on it and a target cell (free, or the tail)."""
    width, height = draw(st.integers(1, 7)), draw(st.integers(1, 7))
    rng = random.Random(draw(st.integers(0, 2 ** 32)))
    length = draw(st.integers(1, max(1, width * height - 1)))
    snake = None
    while snake is None:
        snake = random_snake(rng, width, height, length)
        length = max(1, length - 1)
    free = [(x, y) for x in range(width) for y in range(height) if not snake.at((x, y))]
    target = snake.tail() if not free or draw(st.booleans()) else draw(st.sampled_from(free))
    return snake, target


def check_path(snake, target, moves):
    """The moves stay on the board, never repeat a cell or touch the body, and end at `target`."""
    cells = walk(snake.head(), moves)
    assert all(snake.on_board(c) for c in cells)
    assert len(set(cells)) == len(cells) and snake.head() not in cells
    assert not any(snake.at(c) for c in cells[:-1])
    assert cells[-1] == target


@settings(max_examples=300, deadline=None)
@given(positions())
def test_shortest_is_a_shortest_path(position):
    snake, target = position
    ps = PathSolve(snake.width, snake.height)
    moves = shortest_path(ps, snake, target)
    distance = bfs_distance(snake, target)
    if not distance:  # unreachable, or the head is the target (a snake of length 1)
        assert moves == []
    else:
        assert len(moves) == distance
        check_path(snake, target, moves)


@settings(max_examples=300, deadline=None)
@given(positions())
def test_longest_is_the_reports_extension_of_the_shortest(position):
    snake, target = position
    ps = PathSolve(snake.width, snake.height)
    shortest = shortest_path(ps, snake, target)
    longest = longest_path(ps, snake, target)
    assert longest == reference_extension(snake, shortest)
    assert (longest == []) == (shortest == [])
    if longest:
        check_path(snake, target, longest)
        assert (len(longest) - len(shortest)) % 2 == 0
        # Its first step is what extend_first reports without extending the rest.
        free = ps.board & ~ps.mask(snake.cells)
        head = ps.index[snake.head()]
        path = ps.shortest(head, ps.index[target], free | ps.bit[target], snake.direction())
        assert ps.cells[ps.extend_first(head, path, free)] == step(snake.head(), longest[0])


@settings(max_examples=200, deadline=None)
@given(positions())
def test_region_and_connected_agree_with_bfs(position):
    snake, target = position
    ps = PathSolve(snake.width, snake.height)
    free = ps.board & ~ps.mask(snake.cells)
    head = ps.index[snake.head()]
    reachable = bfs_distance(snake, target) is not None and target != snake.head()
    assert ps.connected(head, ps.index[target], free) == reachable
    if not snake.at(target):
        assert bool(ps.region(head, free) >> ps.index[target] & 1) == reachable
