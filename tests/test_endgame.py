"""The endgame search: proofs that a hand-over near the end can, or cannot, still be won.

The two hand-overs, STILL_WON and NOT_WON, are drawn in tests/boards.py.
"""
from boards import NOT_WON, STILL_WON, board
from endgame import SLICE, Endgame
from grid import Grid
from hamilton import HamiltonSolver
from snake import DIRECTIONS


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
    assert search.winning_route(body, fruit) is None and search.lost(body, fruit)
    looked = search._looked
    assert search.winning_route(body[1:] + body[:1], fruit) is None  # same fruit and length: known
    assert search._looked == looked  # no second search was made
    solver = HamiltonSolver(game)
    play(game, solver, cap=2000)
    assert game.state != "lost"  # it never wins, and it never dies


# Three free cells, the fruit on one: the head gets back to its tail through the free cell
# on its left, never through the fruit. With the fruit on that cell instead, nothing leads
# the head back to the tail.
LOOP_VIA_ONE_CELL = ["v < v <",
                     "v . H ^",
                     "v . * ^",
                     "> > > ^"]
NO_LOOP = ["v < v <",
           "v * H ^",
           "v . . ^",
           "> > > ^"]


def test_the_loop_brings_the_position_back_without_eating():
    game, search, body, fruit = question(LOOP_VIA_ONE_CELL)
    loop = search._loop(body, fruit)
    assert loop[:3] == [body[0], game.width + 1, body[-1]] and len(loop) == len(body) + 1
    for cell in loop[1:] + loop[:1]:  # play the loop round with the game's own rules
        game.snake.turn(search.grid.direction(search.grid.index(game.snake.head()), cell))
        game.step()
    assert game.eaten == 0 and tuple(search.grid.flat_body(game.snake)) == body
    game, search, body, fruit = question(NO_LOOP)
    assert search._loop(body, fruit) is None


def test_a_proof_longer_than_a_move_goes_on_round_the_loop_and_its_route_starts_where_it_was_proven():
    """A move looks at one slice of bodies (the proof takes about 28,000): the snake goes
    round its loop (32 moves) while the proof goes on, and takes the route when the proven
    position comes back."""
    game = board(STILL_WON)
    solver = HamiltonSolver(game)
    solver.endgame.work = SLICE
    start = tuple(solver.grid.flat_body(game.snake))
    moves = 0
    for _ in range(2000):
        direc = solver.next_direction()
        if solver.decision["proof"] == "win":
            break
        assert solver.decision["proof"] == "under way" and solver.decision["back_in"] >= 0
        game.snake.turn(direc)
        game.step()
        moves += 1
        assert game.eaten == 0
    assert tuple(solver.grid.flat_body(game.snake)) == start
    assert moves % len(start) == 0 and moves >= 2 * len(start)  # whole laps (the loop is 32 long)
    play(game, solver, cap=3000)
    assert game.state == "won"


def test_with_a_slice_a_move_every_fruit_placement_is_still_won():
    results = []
    for seed in range(8):
        game = board(STILL_WON, seed=seed)
        solver = HamiltonSolver(game)
        solver.endgame.work = SLICE
        results.append(play(game, solver, cap=6000).state)
    assert results == ["won"] * 8


def test_a_proof_that_would_hold_too_many_bodies_is_given_up_and_not_made_again_for_this_fruit():
    game, search, body, fruit = question(STILL_WON, hold=1000)
    assert search.winning_route(body, fruit) is None and not search.lost(body, fruit)
    assert search._held == 0  # the searches given up let go of their bodies
    looked = search._looked
    assert search.winning_route(body, fruit) is None and search._looked == looked
    assert search.move(body, fruit) is None
    search.hold = 10 ** 6
    assert search.winning_route(body, fruit) is None  # this fruit stays given up
    search._given_up = None
    assert len(search.winning_route(body, fruit)) == 55


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
    assert search.winning_route(body, fruit) is None and search._looked == 0
