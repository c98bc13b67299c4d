"""The rules of a versus round (versus/duel.py, docs/versus.md), each case set up on a tiny board.

Boards are drawn as in the versus debug log: A/a snake A's head and body, B/b snake B's,
* the fruit, . a free cell. Bodies are listed head first.
"""
import random

import pytest

from snake import DOWN, LEFT, RIGHT, UP, Snake
from versus.duel import (FULL_BOARD, HEAD_TO_HEAD, OTHER_BODY, OWN_BODY, STALEMATE, SWAP, WALL, A, B, Duel,
                         DuelError, room_problem)
from files.versus_log import picture


def duel_at(width, height, a, a_dir, b, b_dir, fruit, length=2, since_meal=0):
    """A duel on a `width` x `height` board with the snakes `a` and `b` (bodies, head first)."""
    duel = Duel(width, height, length, seed=1)
    duel.restore([Snake(width, height, a, a_dir), Snake(width, height, b, b_dir)], fruit, 0, [0, 0], since_meal)
    return duel


def test_the_snakes_start_half_a_turn_apart():
    duel = Duel(7, 3, 3, seed=1)
    rows = picture(duel)
    assert rows[0].replace("*", ".") == "aaA...." and rows[2].replace("*", ".") == "....Bbb"
    assert duel.snakes[A].direction() == RIGHT and duel.snakes[B].direction() == LEFT


@pytest.mark.parametrize("size, length, says", [
    ((3, 3), 4, "does not fit on a board 3 wide"),
    ((6, 1), 4, "do not fit on one row"),
    ((2, 2), 2, "no free cell"),
])
def test_a_board_too_small_for_two_snakes_is_refused_in_one_line(size, length, says):
    assert says in room_problem(*size, length)
    with pytest.raises(DuelError, match=says):
        Duel(*size, length)


def test_a_head_off_the_board_loses_and_the_cell_it_left_is_marked():
    duel = duel_at(4, 3, [(3, 0), (2, 0)], RIGHT, [(0, 2), (1, 2)], LEFT, (0, 0))
    duel.step((None, UP))
    assert duel.causes == [WALL, None] and duel.winner == B and duel.marks == [(3, 0)]


def test_a_head_on_its_own_body_loses():
    duel = duel_at(5, 4, [(1, 1), (1, 0), (2, 0), (2, 1), (2, 2), (1, 2), (0, 2)], DOWN, [(4, 3), (3, 3)], RIGHT,
                   (0, 3))
    duel.step((DOWN, UP))  # A's head (1, 1) -> (1, 2): its own body, not its tail
    assert duel.causes == [OWN_BODY, None] and duel.winner == B


def test_its_own_tail_leaving_is_a_free_cell():
    #  A's body is a 2x2 ring; its head steps on its tail, which leaves on this tick
    duel = duel_at(5, 4, [(1, 1), (1, 0), (2, 0), (2, 1)], DOWN, [(4, 3), (3, 3)], RIGHT, (0, 3))
    duel.step((RIGHT, UP))
    assert not duel.over()


def test_a_head_on_the_other_snakes_body_loses():
    #  . a A .       A moves down into B's middle
    #  B b b b
    duel = duel_at(4, 3, [(2, 0), (1, 0)], RIGHT, [(0, 1), (1, 1), (2, 1), (3, 1)], LEFT, (3, 2))
    duel.step((DOWN, DOWN))
    assert duel.causes == [OTHER_BODY, None] and duel.winner == B and duel.marks == [(2, 1)]


def test_the_other_snakes_tail_leaving_is_a_free_cell():
    #  . . a A        A moves down onto B's tail (3, 1) as it leaves
    #  . B b b
    duel = duel_at(4, 3, [(3, 0), (2, 0)], RIGHT, [(1, 1), (2, 1), (3, 1)], LEFT, (0, 2))
    duel.step((DOWN, DOWN))
    assert not duel.over() and duel.snakes[A].head() == (3, 1)


def test_the_other_snakes_tail_stays_when_it_eats_on_that_tick():
    duel = duel_at(4, 3, [(3, 0), (2, 0)], RIGHT, [(1, 1), (2, 1), (3, 1)], LEFT, (1, 2))
    duel.step((DOWN, DOWN))  # B eats at (1, 2): its tail (3, 1) stays, and A's head is on it
    assert duel.causes == [OTHER_BODY, None] and duel.winner == B and len(duel.snakes[B]) == 4


@pytest.mark.parametrize("fruit", [(2, 1), (0, 2)])
def test_two_heads_into_one_cell_the_longer_survives_and_eats_there(fruit):
    #  a a A . .      both heads go to (2, 1); A is 3 long, B 2
    #  . . . . .
    #  . . B b .
    duel = duel_at(5, 3, [(2, 0), (1, 0), (0, 0)], RIGHT, [(2, 2), (3, 2)], LEFT, fruit, length=2)
    duel.step((DOWN, UP))
    assert duel.causes == [None, HEAD_TO_HEAD] and duel.winner == A and duel.marks == [(2, 1)]
    assert len(duel.snakes[A]) == (4 if fruit == (2, 1) else 3)


def test_two_heads_of_equal_length_into_one_cell_both_lose_and_nobody_eats():
    duel = duel_at(5, 3, [(2, 0), (1, 0)], RIGHT, [(2, 2), (3, 2)], LEFT, (2, 1))
    duel.step((DOWN, UP))
    assert duel.causes == [HEAD_TO_HEAD, HEAD_TO_HEAD] and duel.winner is None
    assert duel.eaten == [0, 0]


def test_heads_that_swap_cells_both_lose_even_the_longer():
    #  a A B b b      the heads trade cells: each enters the other's neck
    duel = duel_at(6, 2, [(1, 0), (0, 0)], RIGHT, [(2, 0), (3, 0), (4, 0)], LEFT, (5, 1))
    duel.step()
    assert duel.causes == [SWAP, SWAP] and duel.winner is None


def test_no_meal_for_four_moves_a_cell_is_a_stalemate_the_longer_wins():
    duel = duel_at(6, 4, [(1, 1), (0, 1)], RIGHT, [(4, 2), (5, 2), (5, 3)], LEFT, (0, 3), length=2,
                   since_meal=4 * 6 * 4 - 1)
    duel.step((RIGHT, UP))
    assert duel.over() and duel.ending == STALEMATE and duel.winner == B and duel.causes == [None, None]


def test_a_stalemate_between_equal_lengths_is_a_draw():
    duel = duel_at(6, 4, [(1, 1), (0, 1)], RIGHT, [(4, 2), (5, 2)], LEFT, (0, 3), since_meal=4 * 6 * 4 - 2)
    duel.step((RIGHT, UP))
    assert not duel.over()
    duel.step((RIGHT, UP))
    assert duel.ending == STALEMATE and duel.winner is None


def test_a_meal_that_leaves_no_free_cell_ends_the_round_the_longer_wins():
    #  A B b          A (1 long) eats the last free cell; B goes round its ring onto its own tail
    #  * b b
    duel = duel_at(3, 2, [(0, 0)], DOWN, [(1, 0), (2, 0), (2, 1), (1, 1)], LEFT, (0, 1), length=1)
    duel.step((DOWN, DOWN))
    assert duel.ending == FULL_BOARD and duel.causes == [None, None] and duel.winner == B
    assert duel.fruit.last_generate is None


def test_every_fruit_lies_on_a_cell_free_of_both_snakes():
    for seed in range(40):
        duel = Duel(5, 4, 2, seed=seed)
        moves = random.Random(seed)
        while not duel.over():
            for snake in duel.snakes:
                assert not snake.at(duel.fruit.last_generate)
            duel.step(tuple(moves.choice((UP, DOWN, LEFT, RIGHT)) for _ in "AB"))


def test_the_round_is_judged_after_both_moved_in_either_order():
    """The same moves with the sides' roles swapped give the mirrored outcome: no side moves first."""
    duel = duel_at(4, 3, [(3, 0), (2, 0)], RIGHT, [(1, 1), (2, 1), (3, 1)], LEFT, (0, 2))
    twin = duel_at(4, 3, [(1, 1), (2, 1), (3, 1)], LEFT, [(3, 0), (2, 0)], RIGHT, (0, 2))
    duel.step((DOWN, DOWN))
    twin.step((DOWN, DOWN))
    assert not duel.over() and not twin.over()
    assert duel.snakes[A].body == twin.snakes[B].body and duel.snakes[B].body == twin.snakes[A].body


def test_a_side_sees_its_own_snake_and_the_other_only_if_it_plays_versus():
    duel = Duel(8, 6, 3, seed=3)
    seeing, blind = duel.side(B), duel.side(B, sees_other=False)
    assert seeing.snake is duel.snakes[B] and seeing.other is duel.snakes[A] and blind.other is None
    assert (seeing.width, seeing.height, seeing.steps, seeing.fruit.where()) == (8, 6, 0, duel.fruit.last_generate)
    duel.step()
    assert seeing.steps == 1 and seeing.moves == duel.moves[B] and not seeing.over()


def test_a_solver_from_outside_gets_a_copy_of_both_snakes_and_may_change_neither():
    from versus.mirror import SideMirror
    duel = Duel(8, 6, 3, seed=3)
    mirror = SideMirror(duel.side(A))
    assert mirror.game.other.body == duel.snakes[B].body and mirror.game.other is not duel.snakes[B]
    mirror.game.other.body.appendleft((5, 5))
    assert mirror.changed() == "the other snake's body"
    mirror.update()
    assert mirror.changed() is None
    duel.step()
    mirror.update()
    assert mirror.game.other.body == duel.snakes[B].body and mirror.game.snake.body == duel.snakes[A].body


def test_queued_keys_steer_each_snake_on_its_own_tick():
    duel = Duel(8, 6, 3, seed=3)
    duel.queue_turn(A, DOWN)
    duel.queue_turn(A, LEFT)
    duel.queue_turn(B, UP)
    duel.step()
    assert duel.snakes[A].direction() == DOWN and duel.snakes[B].direction() == UP
    duel.step()
    assert duel.snakes[A].direction() == LEFT and duel.snakes[B].direction() == UP
