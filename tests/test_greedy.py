"""GreedySolver: each step (a)-(e) in a position built for it, the traps, and safety at random."""
import json
import random

import pytest
from hypothesis import given, settings, strategies as st

from game import Game
from snake import DELTA, DOWN, LEFT, NAMES, RIGHT, UP, Snake, step
import solvers
from solver import GreedySolver


def position(width, height, body, direction, fruit, eaten=False):
    """A game restored to `body` (head first) heading `direction`, the fruit at `fruit`."""
    game = Game(width, height, initial_length=1, seed=0)
    snake = Snake(width, height, body, direction)
    if eaten:
        snake.eat_fruit()
    game.restore(snake, fruit, 0, 0)
    return game


def decide(game):
    """The solver's move in `game` and its decision."""
    solver = GreedySolver(game)
    direction = solver.next_direction()
    return direction, solver.decision


def test_registered_as_greedy():
    game = Game(8, 8, initial_length=4, seed=1)
    assert solvers.find("greedy") is GreedySolver
    assert isinstance(solvers.make("greedy", game), GreedySolver)


def test_c_takes_the_shortest_path_when_the_virtual_snake_can_reach_its_tail():
    game = position(5, 5, [(2, 0), (1, 0), (0, 0)], RIGHT, (4, 0))
    direction, decision = decide(game)
    assert direction == RIGHT and decision.step == "c" and decision.direction == "right"
    assert decision.p1 == [[3, 0], [4, 0]]
    # (b): S2 walked P1 and ate, so it is 4 long: (4,0) (3,0) (2,0) (1,0).
    assert decision.s2_tail == [1, 0]
    assert decision.p2[-1] == [1, 0] and len(decision.p2) > 1
    assert decision.p3 is None


def test_b_virtual_snake_matches_a_copy_walking_p1():
    # A P1 longer than the snake: S2 is made of P1's cells only.
    game = position(6, 4, [(1, 1), (0, 1)], RIGHT, (4, 3))
    _, decision = decide(game)
    virtual = game.snake.copy()
    for cell in decision.p1:
        virtual.turn(DELTA.index((cell[0] - virtual.head()[0], cell[1] - virtual.head()[1])))
        if virtual.next_head() == tuple(decision.fruit):
            virtual.eat_fruit()
        virtual.next()
    assert len(decision.p1) == 5 and len(virtual) == 3
    assert decision.s2_tail == list(virtual.tail())
    assert game.snake.body[0] == (1, 1)  # the real snake did not move


def test_a_without_a_path_to_the_fruit_goes_to_d():
    # . . . . .
    # . . . . .   the fruit in the corner is sealed off by the body (the tail
    # H . . . .   counts as a wall when it is not the target): P1 does not exist,
    # B B . . .   so the move is the first step of the longest path to the tail;
    # F T . . .   its first step RIGHT is extended to UP.
    game = position(5, 5, [(0, 2), (0, 3), (1, 3), (1, 4)], UP, (0, 4))
    direction, decision = decide(game)
    assert decision.p1 == [] and decision.step == "d"
    assert direction == UP
    assert decision.p3[0] == [0, 1] and decision.p3[-1] == [1, 4]


def test_c_rejects_a_fruit_that_traps_the_virtual_snake():
    # B B B F   after eating at (3,0) the virtual snake's head is boxed in by its own
    # B . H .   body, so (c) fails; (d) follows the longest path to the real tail,
    # T . . .   whose first step DOWN is extended to RIGHT.
    # . . . .
    game = position(4, 4, [(2, 1), (2, 0), (1, 0), (0, 0), (0, 1), (0, 2)], DOWN, (3, 0))
    direction, decision = decide(game)
    assert decision.p1 == [[3, 1], [3, 0]]
    assert decision.s2_tail == [0, 1] and decision.p2 == []
    assert decision.step == "d" and direction == RIGHT
    assert decision.p3 == [[3, 1], [3, 2], [3, 3], [2, 3], [2, 2], [1, 2], [1, 3], [0, 3], [0, 2]]


def test_e_takes_the_move_with_most_room():
    # F . . .   no path to the fruit, none to the tail: of the two safe moves,
    # B B B T   right reaches two free cells and left one.
    # B B B B
    # . H . .
    body = [(1, 3), (1, 2), (0, 2), (0, 1), (1, 1), (2, 1), (2, 2), (3, 2), (3, 1)]
    game = position(4, 4, body, DOWN, (0, 0))
    direction, decision = decide(game)
    assert decision.p1 == [] and decision.p3 == []
    assert decision.step == "e" and direction == RIGHT
    assert decision.room == {"left": 1, "right": 2}
    assert decision.moves == [[2, 3]]


def test_e_breaks_ties_away_from_the_fruit():
    # . B B H F   the fruit is reachable but traps the virtual snake; the tail is
    # . B . . .   sealed off; both safe moves reach the same 7 cells, so the one
    # T B . . .   farther from the fruit wins.
    game = position(5, 3, [(3, 0), (2, 0), (1, 0), (1, 1), (1, 2), (0, 2)], RIGHT, (4, 0))
    direction, decision = decide(game)
    assert decision.step == "e" and decision.room == {"down": 7, "right": 7}
    assert direction == DOWN


def test_a_bare_step_onto_the_tail_is_an_escape_for_a_long_snake():
    # T B .   the head's only way out is onto its tail, which moves away this tick.
    # H B .
    game = position(3, 2, [(0, 1), (1, 1), (1, 0), (0, 0)], LEFT, (2, 0))
    direction, decision = decide(game)
    assert decision.step == "d" and direction == UP and decision.p3 == [[0, 0]]


def test_but_not_when_the_tail_stays():
    # The same snake still owes a growth: its tail stays, and nothing is safe.
    game = position(3, 2, [(0, 1), (1, 1), (1, 0), (0, 0)], LEFT, (2, 0), eaten=True)
    _, decision = decide(game)
    assert decision.step == "e" and decision.moves == [] and decision.room == {}


def test_a_two_long_snake_never_reverses_onto_its_tail():
    # T H . F   the path to the tail is one step back onto the neck: no escape.
    game = position(4, 1, [(1, 0), (0, 0)], RIGHT, (3, 0))
    direction, decision = decide(game)
    assert decision.p3 == [[0, 0]]
    assert decision.step == "e" and direction == RIGHT


def test_a_virtual_snake_of_two_escapes_only_by_a_detour():
    # 3x1: after eating, S2 is two long with no room to circle, so (c) fails.
    _, decision = decide(position(3, 1, [(0, 0)], RIGHT, (1, 0)))
    assert decision.p2 == [[0, 0]] and decision.step == "e"
    # 2x2: the same step is extended round the square, which is a real escape.
    direction, decision = decide(position(2, 2, [(0, 0)], RIGHT, (1, 0)))
    assert decision.p2 == [[1, 1], [0, 1], [0, 0]]
    assert decision.step == "c" and direction == RIGHT


def test_eating_the_last_free_cell_wins():
    game = position(2, 2, [(1, 1), (1, 0), (0, 0)], DOWN, (0, 1))
    direction, decision = decide(game)
    assert decision.step == "c" and direction == LEFT and decision.p2 is None


def test_planned_path_follows_the_chosen_path():
    game = position(5, 5, [(2, 0), (1, 0), (0, 0)], RIGHT, (4, 0))
    solver = GreedySolver(game)
    solver.next_direction()
    assert solver.planned_path() == [(3, 0), (4, 0)]
    game = position(5, 5, [(0, 2), (0, 3), (1, 3), (1, 4)], UP, (0, 4))
    solver = GreedySolver(game)
    solver.next_direction()
    assert solver.planned_path()[0] == (0, 1) and solver.planned_path()[-1] == (1, 4)


def test_the_decision_is_for_the_last_call_only():
    game = Game(6, 6, initial_length=3, seed=3)
    solver = GreedySolver(game)
    for _ in range(20):
        before = list(game.snake.head())
        direction = solver.next_direction()
        game.snake.turn(direction)
        game.step()
        assert solver.decision.head == before
        assert solver.decision.direction == NAMES[direction]


# -- any position ----------------------------------------------------------------------------

def random_body(rng, width, height, length):
    """A random self-avoiding body of up to `length` cells, head first."""
    cur = (rng.randrange(width), rng.randrange(height))
    body = [cur]
    while len(body) < length:
        options = [c for c in (step(cur, d) for d in (UP, DOWN, LEFT, RIGHT))
                   if 0 <= c[0] < width and 0 <= c[1] < height and c not in body]
        if not options:
            break
        cur = rng.choice(options)
        body.append(cur)
    return body[::-1]


@st.composite
def games(draw):
    """A game in a random valid state: any board up to 8x8, any snake, any fruit."""
    width, height = draw(st.integers(1, 8)), draw(st.integers(1, 8))
    rng = random.Random(draw(st.integers(0, 2 ** 32)))
    body = random_body(rng, width, height, draw(st.integers(1, width * height)))
    if len(body) > 1:
        heading = DELTA.index((body[0][0] - body[1][0], body[0][1] - body[1][1]))
    else:
        heading = draw(st.sampled_from([UP, DOWN, LEFT, RIGHT]))
    free = [(x, y) for x in range(width) for y in range(height) if (x, y) not in body]
    fruit = draw(st.sampled_from(free)) if free else None
    return position(width, height, body, heading, fruit, eaten=draw(st.booleans()) and len(body) > 1)


@settings(max_examples=400, deadline=None)
@given(games())
def test_the_move_is_safe_whenever_a_safe_move_exists(game):
    snake = game.snake
    solver = GreedySolver(game)
    direction = solver.next_direction()
    decision = solver.decision
    if game.over():  # the snake fills the board
        assert decision.step == "none"
        return
    if any(snake.is_safe_move(d) for d in (UP, DOWN, LEFT, RIGHT)):
        assert snake.is_safe_move(direction), decision
    assert json.loads(json.dumps(decision.to_json())) == decision.to_json()
    assert decision.direction == NAMES[direction]
    assert decision.step in ("c", "d", "e")
    if decision.step == "c":
        assert decision.p1[0] == list(step(snake.head(), direction))
    if decision.step == "d":
        cells = [tuple(c) for c in decision.p3]
        assert cells[0] == step(snake.head(), direction) and cells[-1] == snake.tail()
        assert len(set(cells)) == len(cells) and not any(snake.at(c) for c in cells[:-1])
    if decision.p2 is not None:
        # (b) again by hand: a copy of the snake walks P1 and eats at its end.
        virtual = snake.copy()
        for cell in decision.p1:
            virtual.turn(DELTA.index((cell[0] - virtual.head()[0], cell[1] - virtual.head()[1])))
            if list(virtual.next_head()) == decision.fruit:
                virtual.eat_fruit()
            virtual.next()
        assert virtual.valid() and decision.s2_tail == list(virtual.tail())
        p2 = [tuple(c) for c in decision.p2]
        if p2:
            assert p2[-1] == virtual.tail() and len(set(p2)) == len(p2)
            assert not any(virtual.at(c) for c in p2[:-1])
            assert all(abs(a[0] - b[0]) + abs(a[1] - b[1]) == 1 for a, b in zip([virtual.head()] + p2, p2))
        # (c) takes P1 exactly when P2 is a real escape.
        assert (decision.step == "c") == (len(p2) > 1 or (len(p2) == 1 and len(virtual) > 2))
    if decision.p3 is not None and decision.step != "c":
        p3, tail_moves = decision.p3, len(snake) > 2 and not snake.has_eaten()
        assert (decision.step == "d") == (len(p3) > 1 or (len(p3) == 1 and tail_moves))


@pytest.mark.parametrize("width,height,length", [
    (1, 2, 1), (2, 1, 1), (2, 2, 1), (2, 2, 2), (3, 3, 1), (3, 3, 2), (3, 3, 3),
    (2, 3, 2), (3, 2, 2), (5, 3, 2), (3, 5, 3), (5, 5, 4), (7, 5, 4), (4, 4, 4),
])
def test_whole_games_on_tiny_and_odd_boards(width, height, length):
    for seed in range(5):
        game = Game(width, height, initial_length=length, seed=seed)
        solver = GreedySolver(game)
        while not game.over() and game.steps < 500:
            snake = game.snake
            direction = solver.next_direction()
            if any(snake.is_safe_move(d) for d in (UP, DOWN, LEFT, RIGHT)):
                assert snake.is_safe_move(direction)
            snake.turn(direction)
            game.step()
        assert game.state != "lost"


def test_a_game_on_the_benchmark_board_grows_long():
    game = Game(8, 8, initial_length=4, seed=7)
    solver = GreedySolver(game)
    while not game.over() and game.steps < 5000:
        game.snake.turn(solver.next_direction())
        game.step()
    assert game.state != "lost" and len(game.snake) >= 50


def test_a_finished_game_keeps_the_direction():
    game = Game(1, 2, initial_length=1, seed=0)
    solver = GreedySolver(game)
    game.snake.turn(solver.next_direction())
    game.step()
    assert game.state == "won"
    assert solver.next_direction() == DOWN and solver.decision.step == "none"
