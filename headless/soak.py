"""The soak audit: every move of a --soak run checked against the rules. No pygame here.

A broken rule raises InvariantError naming it; the runner then dumps the failing moment as a
debug log (the error keeps the game and the solver for that).
"""
from game import LOST, WON
from snake import body_fault, step as step_cell


class InvariantError(Exception):
    """A rule of the game was broken during a soak run."""


def expect_death(snake, direc):
    """Whether the rules say moving in `direc` now ends the game (used to audit the game)."""
    cell = step_cell(snake.head(), direc)
    if not snake.on_board(cell):
        return True
    return cell in snake.cells and not (cell == snake.tail() and not snake.has_eaten())


def check_invariants(game, length_before, fruit_before, died_expected):
    """Raise InvariantError naming the first rule the last move broke."""
    snake, body = game.snake, game.snake.body
    if game.state == LOST:
        if not died_expected:
            raise InvariantError("the game was lost by a move the rules allow")
        return
    if died_expected:
        raise InvariantError("a deadly move did not end the game")
    fault = body_fault(list(body), game.width, game.height)
    if fault:
        raise InvariantError(fault)
    if snake.cells != set(body):
        raise InvariantError("the snake's cell set does not match its body")
    if len(snake) != game.initial_length + game.eaten:
        raise InvariantError("length is not the initial length plus the fruits eaten")
    grew = len(snake) - length_before
    if grew not in (0, 1) or grew != (snake.head() == fruit_before):
        raise InvariantError("the snake grew without eating, or ate without growing")
    fruit = game.fruit.last_generate
    if game.state == WON:
        if len(snake) != game.cells or fruit is not None:
            raise InvariantError("the game was won without a full board")
    elif fruit is None or snake.at(fruit) or not snake.on_board(fruit):
        raise InvariantError("the fruit is not on a free cell")


def audit(game, direc):
    """Audit the move in `direc` about to be played by one of the game's own solvers (play.Drive's
    `audit`): refuse a turn back onto the neck now (the rules ignore it, but none of them asks
    for one), and return the check of every rule to make once it is played."""
    if game.snake.is_reversal(direc):
        raise InvariantError(f"the solver reversed onto its neck ({direc.name})")
    return audit_rules(game, direc)


def audit_rules(game, direc):
    """Audit the move in `direc` about to be played: the check of every rule to make once it is
    played. A solver from outside may ask for a turn back onto the neck, which the rules ignore."""
    snake = game.snake
    length, fruit = len(snake), game.fruit.where()
    died = expect_death(snake, snake.direction() if snake.is_reversal(direc) else direc)  # a reversal goes on straight
    return lambda: check_invariants(game, length, fruit, died)
