"""play.Drive: the one turn-and-step of every game played move by move, and what watches it."""
import pytest

from game import Game
from headless.soak import InvariantError, audit
from play import Drive
from snake import DOWN, RIGHT, UP
from solver import GreedySolver
from windows import CycleSolver


def test_a_move_turns_steps_and_says_whether_the_snake_ate():
    game = Game(8, 6, 3, seed=1)
    game.fruit.place((3, 0))
    drive = Drive(game)
    assert drive.move(RIGHT) and game.snake.head() == (3, 0) and len(game.snake) == 4
    assert not drive.move(DOWN) and game.snake.head() == (3, 1) and game.moves == bytes([RIGHT, DOWN])


def test_without_a_direction_the_players_queued_key_is_played():
    game = Game(8, 6, 3, seed=1)
    game.queue_turn(DOWN)
    Drive(game).move()
    assert game.snake.head() == (2, 1) and not game.turns


def test_the_snake_moves_through_advance_when_given():
    game = Game(8, 6, 3, seed=1)
    moved = []
    Drive(game, advance=lambda: moved.append(game.snake.next())).move(RIGHT)
    assert len(moved) == 1 and game.snake.head() == (3, 0)


def test_a_memoryless_autopilots_endless_loop_is_proven_and_only_it_is_watched():
    game = Game(8, 8, 4, seed=2)  # greedy ends this game circling (tests/test_loops.py)
    greedy = GreedySolver(game)
    drive = Drive(game, greedy)
    while not drive.circling and game.steps < 5000:
        drive.move(greedy.next_direction())
    assert drive.circling and not game.over() and drive.watch.period > 0
    cycle_game = Game(8, 6, 3, seed=1)
    assert Drive(cycle_game, CycleSolver(cycle_game)).watch is None  # not memoryless: nothing to prove


def test_the_audit_sees_each_move_before_and_checks_it_after():
    game = Game(8, 6, 3, seed=1)
    seen = []

    def watching(g, direc):
        seen.append(("before", direc, g.snake.head()))
        return lambda: seen.append(("after", g.snake.head()))
    Drive(game, audit=watching).move(DOWN)
    assert seen == [("before", DOWN, (2, 0)), ("after", (2, 1))]


def test_the_soak_audit_refuses_a_turn_back_onto_the_neck_before_it_is_played():
    game = Game(8, 6, 3, seed=1)
    game.snake.turn(DOWN)
    drive = Drive(game, audit=audit)
    drive.move(DOWN)
    with pytest.raises(InvariantError, match="reversed onto its neck"):
        drive.move(UP)
    assert game.snake.head() == (2, 1)
