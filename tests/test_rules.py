"""The rules of spec section 1 on small boards: moves, growth, deaths, win, fruit placement."""
import random
from collections import Counter

import pytest

from fruit import Fruit
from game import Game, LOST, PLAYING, WON
from snake import DOWN, LEFT, RIGHT, UP, Snake


def test_start_is_top_left_heading_right():
    game = Game(8, 6, initial_length=3, seed=1)
    assert list(game.snake.body) == [(2, 0), (1, 0), (0, 0)]
    assert game.snake.direction() == RIGHT
    assert game.snake.head() == (2, 0) and game.snake.tail() == (0, 0)
    assert not game.snake.at(game.fruit.where())


def test_queries_are_idempotent():
    snake = Snake.starting(5, 5, 3)
    assert snake.next_head() == snake.next_head() == (3, 0)
    snake.turn(DOWN)
    snake.turn(DOWN)
    assert snake.direction() == DOWN
    assert list(snake.body) == [(2, 0), (1, 0), (0, 0)]


def test_one_move_per_step_and_reversal_ignored():
    snake = Snake.starting(5, 5, 3)
    snake.turn(LEFT)  # onto the neck: ignored
    assert snake.direction() == RIGHT
    snake.next()
    assert list(snake.body) == [(3, 0), (2, 0), (1, 0)]
    assert snake.valid()


def test_growth_keeps_tail_on_the_eating_tick():
    game = Game(6, 4, initial_length=2, seed=3)
    game.fruit.last_generate = (2, 0)
    assert game.step() is True
    assert list(game.snake.body) == [(2, 0), (1, 0), (0, 0)]
    assert game.eaten == 1 and len(game.snake) == 3
    fruit = game.fruit.where()
    assert fruit != (2, 0) and not game.snake.at(fruit)


def test_wall_ends_the_game():
    game = Game(3, 3, initial_length=3, seed=1)
    game.fruit.last_generate = (0, 2)
    game.step()
    assert game.state == LOST
    assert game.step() is False and game.steps == 1  # nothing moves after the end


def test_body_ends_the_game():
    # A 5-long snake turning into its own side.
    snake = Snake(5, 5, [(1, 1), (2, 1), (2, 2), (1, 2), (0, 2)], UP)
    snake.turn(DOWN)
    snake.next()
    assert not snake.valid()


def test_cell_the_tail_leaves_is_free():
    # A 4-long snake in a 2x2 square chases its own tail forever.
    snake = Snake(2, 2, [(0, 0), (0, 1), (1, 1), (1, 0)], UP)
    for direc in (RIGHT, DOWN, LEFT, UP) * 3:
        snake.turn(direc)
        snake.next()
        assert snake.valid()
    assert len(snake) == 4


def test_moving_into_tail_while_growing_is_death():
    snake = Snake(2, 2, [(0, 0), (0, 1), (1, 1), (1, 0)], UP)
    snake.turn(RIGHT)
    snake.eat_fruit()
    snake.next()
    assert not snake.valid()


def test_full_board_is_a_win():
    game = Game(3, 1, initial_length=2, seed=5)
    assert game.fruit.where() == (2, 0)  # the only free cell
    game.step()
    assert game.state == WON
    assert game.fruit.where() is None


def test_win_on_2x2_by_hand():
    game = Game(2, 2, initial_length=1, seed=0)
    moves = {(0, 0): RIGHT, (1, 0): DOWN, (1, 1): LEFT, (0, 1): UP}
    while not game.over():
        game.snake.turn(moves[game.snake.head()])
        game.step()
    assert game.state == WON and len(game.snake) == 4


def test_fruit_with_one_free_cell_terminates():
    body = [(x, y) for y in range(4) for x in range(4) if (x, y) != (2, 3)]
    fruit = Fruit(4, 4, set(body).__contains__, random.Random(0))
    for _ in range(20):
        assert fruit.generate() == (2, 3)


def test_fruit_on_full_board_is_none():
    fruit = Fruit(2, 1, lambda cell: True, random.Random(0))
    assert fruit.generate() is None and fruit.where() is None


def test_fruit_is_uniform_over_free_cells():
    occupied = {(0, 0), (1, 0), (2, 0)}
    fruit = Fruit(3, 2, occupied.__contains__, random.Random(42))
    counts = Counter(fruit.generate() for _ in range(6000))
    assert set(counts) == {(0, 1), (1, 1), (2, 1)}
    assert all(1700 < n < 2300 for n in counts.values())


def test_where_generates_once():
    fruit = Fruit(5, 5, lambda c: False, random.Random(1))
    first = fruit.where()
    assert fruit.where() == first == fruit.last_generate


def test_same_seed_same_fruits():
    def fruits(seed):
        game = Game(6, 6, seed=seed)
        seen = []
        for direc in (RIGHT, RIGHT, DOWN, DOWN, LEFT):
            game.snake.turn(direc)
            game.step()
            seen.append(game.fruit.where())
        return seen
    assert fruits(9) == fruits(9)


def test_w_then_a_in_one_tick_goes_up_then_left():
    game = Game(8, 8, initial_length=3, seed=2)
    game.restore(Snake(8, 8, [(4, 4), (3, 4), (2, 4)], RIGHT), (7, 7), 0, 0)
    game.queue_turn(UP)
    game.queue_turn(LEFT)  # pressed before the tick: would reverse if applied at once
    game.step()
    assert game.snake.head() == (4, 3)
    game.step()
    assert game.snake.head() == (3, 3)
    assert game.state == PLAYING


def test_queue_applies_turns_on_successive_ticks():
    game = Game(8, 8, initial_length=3, seed=2)
    game.fruit.last_generate = (7, 7)
    game.step()  # head (3, 0)
    game.queue_turn(DOWN)
    game.queue_turn(LEFT)  # down then left: never straight back onto the neck
    game.step()
    assert game.snake.head() == (3, 1)
    game.step()
    assert game.snake.head() == (2, 1)
    assert game.state == PLAYING


@pytest.mark.parametrize("keys", [(LEFT,), (DOWN, UP), (RIGHT, RIGHT, RIGHT)])
def test_queue_drops_reversals_and_repeats(keys):
    game = Game(8, 8, initial_length=3, seed=2)
    game.fruit.last_generate = (7, 7)
    for key in keys:
        game.queue_turn(key)
    while game.turns:
        game.step()
        assert game.state == PLAYING
    assert game.snake.valid()


def test_queue_is_bounded():
    game = Game(8, 8, initial_length=3, seed=2)
    for key in (DOWN, LEFT, UP, RIGHT, DOWN, LEFT) * 10:
        game.queue_turn(key)
    assert len(game.turns) <= 3


def test_where_on_a_full_board_draws_no_random_numbers():
    rng = random.Random(3)
    fruit = Fruit(2, 1, lambda cell: True, rng)
    assert fruit.generate() is None
    state = rng.getstate()
    assert fruit.where() is None and fruit.where() is None
    assert rng.getstate() == state


def test_body_fault_names_what_is_impossible():
    from snake import body_fault
    assert body_fault([(1, 0), (0, 0)], 3, 3) is None
    assert "crosses itself" in body_fault([(0, 0), (1, 0), (1, 1), (0, 1), (0, 0)], 3, 3)
    assert body_fault([(0, 0), (1, 0), (1, 1), (0, 1), (0, 0)], 3, 3, head_may_clash=True) is None
    assert "off the board" in body_fault([(3, 0), (2, 0)], 3, 3)
    assert "not adjacent" in body_fault([(0, 0), (2, 0)], 3, 3)
