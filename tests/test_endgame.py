"""The endgame search: proofs that a hand-over near the end can, or cannot, still be won.

Both positions are where the greedy autopilot was proven to circle forever (6x6, seeds 10
and 7), drawn as in tests/boards.py.
"""
from boards import board
from endgame import Endgame
from grid import Grid
from hamilton import HamiltonSolver
from snake import DIRECTIONS

STILL_WON = ["v < . v < <",   # four free cells: this fruit and three more to come
             "v ^ < < . ^",
             "> v > > H ^",
             "* v ^ v < ^",
             "v < ^ v . ^",
             "> > ^ > > ^"]

NOT_WON = ["> v > v > v",     # two free cells: the future is fixed, and it cannot be won
           "^ > ^ > H v",
           "^ < v < v <",
           "* ^ v ^ v .",
           "> ^ v ^ > v",
           "^ < < ^ < <"]


def question(rows, **limits):
    game = board(rows)
    grid = Grid(game.width, game.height)
    search = Endgame(grid, **limits)
    return game, search, tuple(grid.flat_body(game.snake)), grid.index(game.fruit.last_generate)


def play(game, solver, cap):
    while not game.over() and game.steps < cap:
        direc = solver.next_direction()
        assert game.snake.is_safe_move(direc) or not any(game.snake.is_safe_move(d) for d in DIRECTIONS)
        game.snake.turn(direc)
        game.step()
    return game


def outcomes(rows, search):
    """How 8 games from the position end (the seed places the later fruits)."""
    results = []
    for seed in range(8):
        game = board(rows, seed=seed)
        solver = HamiltonSolver(game)
        if not search:
            solver.endgame.free_max = 0  # never ask the search
        play(game, solver, cap=3000)
        results.append(game.state if game.over() else "going")
    return results


def test_a_hand_over_that_can_still_be_won_is_won_whatever_fruits_come():
    game, search, body, fruit = question(STILL_WON)
    route = search.winning_route(body, fruit)
    assert route and route[-1] == fruit and len(route) == 55
    assert outcomes(STILL_WON, search=True) == ["won"] * 8


def test_staying_alive_alone_wins_it_only_by_luck():
    """Without the search the snake survives, but for most fruit placements circles for good."""
    results = outcomes(STILL_WON, search=False)
    assert "lost" not in results and results.count("going") >= 3


def test_a_lost_cause_is_proven_and_then_not_searched_again():
    game, search, body, fruit = question(NOT_WON)
    assert search.winning_route(body, fruit) is None
    searched = search.budget - search._left
    assert search.winning_route(body[1:] + body[:1], fruit) is None  # same fruit and length: known
    assert search._left == search.budget - searched  # no second search was made
    solver = HamiltonSolver(game)
    play(game, solver, cap=2000)
    assert game.state != "lost"  # it never wins, and it never dies


def test_out_of_budget_says_nothing_and_waits_longer_after_each_failure():
    game, search, body, fruit = question(STILL_WON, budget=50)
    tries = []
    original = search._search
    search._search = lambda *position: tries.append(1) or original(*position)

    def questions_until_the_next_try():
        before, asked = len(tries), 0
        while len(tries) == before:
            assert search.winning_route(body, fruit) is None
            asked += 1
        return asked

    assert search.winning_route(body, fruit) is None and tries == [1]  # gave up at once
    assert questions_until_the_next_try() == 36 + 1  # a board-full of questions skipped, then a try
    assert questions_until_the_next_try() == 72 + 1  # twice as long after the second failure
    search.budget = 10 ** 6
    for _ in range(144):
        search.winning_route(body, fruit)
    assert search.winning_route(body, fruit)


def test_bodies_are_bytes_where_cells_fit_in_one_and_tuples_elsewhere_with_the_same_answers():
    assert Endgame(Grid(16, 16))._pack is bytes and Endgame(Grid(17, 16))._pack is tuple
    game, search, body, fruit = question(STILL_WON)
    as_bytes = search.winning_route(body, fruit)
    game, search, body, fruit = question(STILL_WON)
    search._pack, search._one = tuple, [(c,) for c in range(game.width * game.height)]
    assert search.winning_route(body, fruit) == as_bytes and len(as_bytes) == 55
    assert all(isinstance(key[0], tuple) for key in search.known)


def test_too_many_free_cells_are_not_searched():
    game, search, body, fruit = question(STILL_WON, free_max=3)
    assert search.winning_route(body, fruit) is None and search._left == 0
