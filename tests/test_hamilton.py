"""HamiltonSolver, the strategy: which way it plays when, games it must win, and hand-overs."""
import json
import random

import pytest

from headless.games import lay_out
from hamilton import cycle, spanning
from boards import NO_ROUTE_YET, board, draw
from game import Game
from hamilton.decision import Mode, ProofState
from hamilton.endgame import closed
from hamilton.grid import Grid
from hamilton import HamiltonSolver
from hamilton.planner import SLICE, Planner
from hamilton.slices import finish
from snake import DIRECTIONS, step
from solver import GreedySolver
from test_closing import followed, paced_endgame
from test_endgame import seed_37_and_29_on_ten_by_ten


def play(game, solver, cap=None, check=None):
    """Let `solver` play `game` to the end (or `cap` moves); `check(solver)` runs after each move.

    Every move must be safe whenever a safe move exists.
    """
    cap = cap if cap is not None else 100 * game.width * game.height
    while not game.over() and game.steps < cap:
        direc = solver.next_direction()
        snake = game.snake
        if any(snake.is_safe_move(d) for d in DIRECTIONS):
            assert snake.is_safe_move(direc), (list(snake.body), direc, solver.decision)
        snake.turn(direc)
        game.step()
        if check is not None and not game.over():
            check(solver)
    return game


def fits_after_every_meal(solver):
    """After each meal (and while waiting) the body lies along some tree's outline."""
    game = solver.game
    if solver.route:
        return  # in the middle of a planned route: only the body after the meal must fit
    body = solver.grid.flat_body(game.snake)
    assert any(p.tree.fits(body) for p in solver.cycle.planners), solver.decision


# -- games it must win ----------------------------------------------------------------------------

@pytest.mark.parametrize("width,height,length,seeds", [
    (8, 8, 4, range(20)), (6, 6, 3, range(30)), (10, 10, 4, range(3)), (16, 12, 4, range(1)),
    (4, 4, 2, range(20)), (2, 8, 2, range(5)), (12, 4, 1, range(5))])
def test_wins_every_game_with_both_sides_even(width, height, length, seeds):
    for seed in seeds:
        game = Game(width, height, initial_length=length, seed=seed)
        play(game, HamiltonSolver(game), check=fits_after_every_meal)
        assert game.state == "won", (width, height, length, seed, game.state, len(game.snake))


@pytest.mark.parametrize("width,height,length,seeds", [
    (6, 5, 3, range(10)), (5, 5, 1, range(10)), (7, 7, 4, range(5)), (3, 6, 1, range(5)), (9, 4, 2, range(5)),
    (3, 3, 1, range(10)), (9, 7, 2, range(3)), (2, 3, 1, range(5)), (3, 5, 2, range(5))])
def test_wins_every_game_on_odd_boards(width, height, length, seeds):
    for seed in seeds:
        game = Game(width, height, initial_length=length, seed=seed)
        play(game, HamiltonSolver(game), check=fits_after_every_meal)
        assert game.state == "won", (width, height, length, seed, game.state, len(game.snake))


LEFT_OUT_CORNER = [". . . . .",
                   ". . . v .",
                   ". . . > v",
                   ". H < v <",
                   ". . ^ < *"]


def test_odd_by_odd_eats_the_cell_its_trees_left_out():
    """5x5 has no Hamiltonian cycle; the body fits the trees that leave the corner out, and
    the fruit is on that corner. The route is planned on the trees that leave out another
    cell of the corner block, the one the tail leaves first of the three the body holds
    (the block's centre (3, 3), its corners (4, 2) and (2, 4)): (4, 2), free in 3 moves (the
    others in 5 and 7). The game goes on to be won."""
    game = board(LEFT_OUT_CORNER)
    solver = HamiltonSolver(game)
    fitting = [p.tree for p in solver.cycle.planners if p.tree.fits(solver.grid.flat_body(game.snake))]
    assert fitting and all(t.skipped == 24 for t in fitting)  # the corner, (4, 4)
    eaten = game.eaten
    while game.eaten == eaten:
        game.snake.turn(solver.next_direction())
        game.step()
    tree = solver.cycle.planners[solver.cycle.orient].tree
    assert game.snake.head() == (4, 4) and tree.skipped == 2 * 5 + 4  # now (4, 2)
    assert play(game, solver).state == "won"


def test_a_search_made_ahead_keeps_the_planner_it_began_with():
    """The planner for a fruit on the cell left out is chosen by when the tail leaves the
    others; as the snake moves that choice may change, but a search under way for this fruit
    and tree stays with its planner: its route is taken on it, and the body must fit it."""
    from hamilton.clock import Clock
    game = board(LEFT_OUT_CORNER)
    play = HamiltonSolver(game).cycle
    body = Grid(5, 5).flat_body(game.snake)
    index = next(i for i, p in enumerate(play.planners) if p.tree.fits(body))
    play.clock = Clock(play.planners[index].tree, body)
    fruit = play.planners[index].tree.skipped
    chosen = play._planner_for(index, fruit)
    assert play.planners[chosen].tree.skipped == 2 * 5 + 4  # (4, 2): the tail leaves it first
    other = next(i for i, p in enumerate(play.planners) if i not in (index, chosen)
                 and p.tree.clockwise == play.planners[index].tree.clockwise)
    play.ahead = cycle.Ahead(iter(()), fruit, index, 3, len(body), other)
    assert play._planner_for(index, fruit) == other


def test_8x8_games_take_well_under_the_leaders_figure():
    """20 games average under 480 moves (chuyangliu/snake's Hamiltonian solver: 717.83)."""
    total = 0
    for seed in range(20):
        game = Game(8, 8, initial_length=4, seed=seed)
        total += play(game, HamiltonSolver(game)).steps
    assert total / 20 < 480


@pytest.mark.parametrize("width,height,length", [
    (1, 2, 1), (2, 1, 1), (2, 2, 1), (2, 2, 2), (3, 3, 1), (3, 3, 2), (2, 3, 1),
    (3, 2, 2), (5, 1, 1), (5, 1, 2), (1, 5, 1), (1, 5, 2), (9, 1, 3), (3, 1, 1)])
def test_degenerate_boards_never_raise(width, height, length):
    for seed in range(3):
        game = Game(width, height, initial_length=length, seed=seed)
        play(game, HamiltonSolver(game), cap=200)
        if min(width, height) >= 2:
            assert game.state == "won"


# -- which way it plays ---------------------------------------------------------------------------

def test_plans_a_route_once_per_fruit_and_follows_it():
    game = Game(8, 8, initial_length=4, seed=3)
    solver = HamiltonSolver(game)
    direc = solver.next_direction()
    decision = json.loads(json.dumps(solver.decision.to_json()))
    assert decision["step"] == "route" and decision["mode"] == "cell-tree"
    path = solver.planned_path()
    assert path[-1] == game.fruit.last_generate and len(path) == decision["distance"]
    assert path[0] == step(game.snake.head(), direc)
    plans = 0
    planner = solver.cycle.planners[solver.cycle.orient]
    original = planner.planning

    def counting(*args):
        nonlocal plans
        plans += 1
        return original(*args)

    planner.planning = counting
    eaten = game.eaten
    while game.eaten == eaten:
        game.snake.turn(direc)
        game.step()
        direc = solver.next_direction()
    assert plans == 1  # the first move after the meal planned the next fruit; none before it


def test_without_a_route_it_steps_round_a_tree_and_stays_in_order():
    game = board(NO_ROUTE_YET)
    solver = HamiltonSolver(game)
    direc = solver.next_direction()
    assert solver.decision.step == "wait"
    game.snake.turn(direc)
    game.step()
    assert solver.cycle.planners[0].tree.fits(solver.grid.flat_body(game.snake))
    assert play(game, solver).state == "won"


def test_a_body_that_fits_only_anticlockwise_is_planned_anticlockwise():
    game = board(["v . . .",   # clockwise, (0,0) would stay right or cross up, never down
                  "> > H .",
                  ". . . *",
                  ". . . ."])
    solver = HamiltonSolver(game)
    solver.next_direction()
    assert solver.decision.driving == "anticlockwise"
    assert play(game, solver).state == "won"


def test_someone_else_steering_drops_the_route():
    game = Game(8, 8, initial_length=4, seed=5)
    solver = HamiltonSolver(game)
    solver.next_direction()
    assert solver.route
    planned = solver.planned_path()[0]
    safe = [d for d in DIRECTIONS if game.snake.is_safe_move(d) and step(game.snake.head(), d) != planned]
    game.snake.turn(safe[0])  # a player's move, not the planned one
    game.step()
    solver.next_direction()
    assert solver.decision.step != "route" or solver.planned_path()[-1] == game.fruit.last_generate
    assert play(game, solver).state == "won"


# -- hand-overs -----------------------------------------------------------------------------------

GREEDY_CIRCLES = ["> v > v",
                  "^ > ^ v",
                  "^ < * H",
                  ". ^ < ."]


def test_wins_where_the_greedy_autopilot_circles_forever():
    """4x4, fruit next to the head: greedy eats and then circles forever; this one wins.
    The position comes from a greedy game (seed 1)."""
    greedy_game = board(GREEDY_CIRCLES)
    play(greedy_game, GreedySolver(greedy_game), cap=400)
    assert greedy_game.state != "won"
    for seed in range(5):
        game = board(GREEDY_CIRCLES, seed=seed)
        assert play(game, HamiltonSolver(game)).state == "won"


def tail_in_reach(game):
    """Whether the head can reach the tail over free cells: then following the tail is always
    possible, so the snake can never be forced to die."""
    body, cells = list(game.snake.body), set(game.snake.body)
    seen, stack = {body[0]}, [body[0]]
    while stack:
        cell = stack.pop()
        for d in DIRECTIONS:
            n = step(cell, d)
            if n == body[-1] and len(body) > 2:
                return True
            if game.snake.on_board(n) and n not in seen and n not in cells:
                seen.add(n)
                stack.append(n)
    return False


def human_turn(game, rnd):
    """A human's turn: 1 to 9 random safe moves (fewer if none is left or the game ends)."""
    for _ in range(rnd.randrange(1, 10)):
        safe = [d for d in DIRECTIONS if game.snake.is_safe_move(d)]
        if not safe or game.over():
            return
        game.snake.turn(rnd.choice(safe))
        game.step()


@pytest.mark.parametrize("width,height", [(6, 6), (8, 8), (7, 7), (7, 6)])
def test_takes_over_after_a_human_steered(width, height):
    """Random human moves leave the body out of order. Whenever the player left the tail in
    reach, the autopilot wins; otherwise it still never makes a needless bad move."""
    tries = 0
    for seed in range(30):
        rnd = random.Random(seed)
        game = Game(width, height, initial_length=3, seed=seed)
        solver = HamiltonSolver(game)
        play(game, solver, cap=rnd.randrange(0, 400))
        human_turn(game, rnd)
        if game.over():
            continue
        survivable = tail_in_reach(game)
        play(game, solver)
        json.dumps(solver.decision.to_json())
        if survivable:
            tries += 1
            assert game.state == "won", (width, height, seed)
    assert tries >= 8


def test_takes_over_mid_game_on_the_shipped_board_from_greedy_and_a_human():
    """16x12: greedy plays up to 1,500 moves (its body lies along no cycle), a human makes a
    few random safe moves, then the autopilot takes over with 16 to 85 cells of body and wins
    whenever the tail was left in reach: survival brings the body back into order."""
    tries = 0  # games taken over in disorder
    for seed in range(12):
        rnd = random.Random(seed)
        game = Game(16, 12, initial_length=4, seed=seed)
        play(game, GreedySolver(game), cap=rnd.randrange(0, 1500))
        human_turn(game, rnd)
        if game.over() or not tail_in_reach(game):
            continue
        solver = HamiltonSolver(game)
        body = solver.grid.flat_body(game.snake)
        tries += not any(p.tree.fits(body) for p in solver.cycle.planners)
        assert play(game, solver).state == "won", seed
    assert tries >= 8  # most of them start out of order: survival is what wins them


def test_survives_a_body_in_no_cycle_order():
    """A body zig-zagging against every driving direction: the solver still picks safe moves."""
    game = board([". . . . . .",
                  "> > H . . .",
                  "^ < < < . .",
                  ". . > ^ . .",
                  ". . . . . .",
                  ". . . . . *"])
    solver = HamiltonSolver(game)
    direc = solver.next_direction()
    assert game.snake.is_safe_move(direc)
    assert solver.decision.mode is Mode.SURVIVAL
    assert play(game, solver).state == "won"


@pytest.mark.parametrize("width,height,body,fruit", [
    (2, 2, [(1, 1), (1, 0), (0, 0)], (0, 1)),  # one free cell: eat it and win
    (2, 1, [(1, 0)], (0, 0)),
    (4, 1, [(2, 0), (1, 0)], (0, 0)),  # no way back: straight on into the wall is all there is
])
def test_tiny_positions(width, height, body, fruit):
    from snake import Snake, direction_between, RIGHT
    game = Game(width, height, initial_length=1, seed=0)
    heading = direction_between(body[1], body[0]) if len(body) > 1 else RIGHT
    game.restore(Snake(width, height, body, heading), fruit, 0, 0)
    play(game, HamiltonSolver(game), cap=50)
    assert game.over()


def test_a_long_wait_spreads_its_search_and_finds_the_route_a_search_there_finds():
    """With a long snake on a big board the snake often waits for a route, and a search takes
    more than a slice. The next search is then made for the position a few moves ahead, a
    slice per move; when the snake gets there, its answer is the one a search made there at
    one go gives."""
    spread = arrived = 0
    for seed in (1, 2):
        game = Game(32, 24, 3, seed)
        lay_out(game, 0.2)
        solver, grid = HamiltonSolver(game), Grid(32, 24)
        while not game.over() and game.steps < 3000:
            ahead = solver.cycle.ahead
            before = solver.cycle.planners[ahead.index if ahead else 0].taken
            direc = solver.next_direction()
            if ahead is not None and solver.cycle.ahead is ahead:  # a move on the way: its slices at most
                assert solver.cycle.planners[ahead.index].taken - before <= ahead.per_move * SLICE
                spread += 1
            elif ahead is not None and ahead.left == 0 and ahead.done:  # arrived: the route it found, or none
                body, fruit = grid.flat_body(game.snake), grid.index(game.fruit.last_generate)
                tree = solver.cycle.planners[solver.cycle._planner_for(ahead.index, fruit)].tree
                own = finish(Planner(tree).planning(body, fruit))  # its own planner: the solver's stays as it was
                assert own == ahead.route
                if ahead.route:
                    taken = [solver.moved_to, *solver.route]
                    assert taken == ahead.route or (solver.decision.waits and len(taken) < len(ahead.route)), \
                        "the route found, or one sooner that waits first"
                    arrived += 1
            game.snake.turn(direc)
            game.step()
        assert game.state != "lost"
    assert spread > 100 and arrived >= 3


def counting_slices(solver):
    """Make every planner of `solver` count the slices its searches take: the list returned
    holds the slices taken in all, then the slices each finished plan took."""
    counted = [0]
    for planner in solver.cycle.planners:
        def planning(*args, original=planner.planning, **options):
            steps, mine = original(*args, **options), 0
            while True:
                try:
                    next(steps)
                except StopIteration as done:
                    counted.append(mine)
                    return done.value
                counted[0] += 1
                mine += 1
                yield
        planner.planning = planning
    return counted


@pytest.mark.parametrize("budget", [4, 1])
def test_no_move_searches_beyond_its_budget(monkeypatch, budget):
    """A search that has no answer within the budget is dropped for a wait, whether it was a
    new one or one made ahead that has arrived; the search is made again further ahead (twice
    as far, after an arrival), a few slices a move, so no move takes more than the budget and
    two slices, and the snake still eats, even with a budget of one slice. (Small budgets, so
    a small board needs them.)"""
    monkeypatch.setattr(cycle, "BUDGET", budget * SLICE)
    game = Game(32, 24, 3, 1)
    lay_out(game, 0.2)
    solver = HamiltonSolver(game)
    slices = counting_slices(solver)
    dropped, most, eaten = {"new": 0, "arrived": 0}, 0, game.eaten
    while not game.over() and game.steps < 2500:
        before, ahead = slices[0], solver.cycle.ahead
        direc = solver.next_direction()
        if game.steps == 0:  # the first move also reads the whole body: half the budget
            assert slices[0] - before <= budget // 2 + 1
        most = max(most, slices[0] - before)
        if ahead is not None and solver.cycle.ahead is ahead:  # on the way: its slices a move, unless done
            assert slices[0] - before == ahead.per_move or ahead.done
        elif ahead is not None and ahead.left == 0:  # arrived: its last slices (and one for the next)
            assert slices[0] - before <= ahead.last + 1
        if solver.decision.search == "unfinished":
            arrived = ahead is not None and ahead.left == 0
            dropped["arrived" if arrived else "new"] += 1
            per_move = min(budget, cycle.CATCH_UP)
            assert solver.cycle.ahead is not None and solver.cycle.ahead.per_move == solver.cycle.ahead.last == per_move
            assert solver.cycle.ahead.moves == (2 * ahead.moves if arrived else 2 * budget // per_move)
        game.snake.turn(direc)
        game.step()
    assert game.state != "lost" and game.eaten - eaten > 20
    assert dropped["new"] > 0 and dropped["arrived"] > 0
    assert most <= budget + 2


def test_the_clock_goes_on_through_meals():
    """The body's clock is kept through a meal (Clock.ate), not built again: after the next
    move it is the same clock, and it says what a new one says."""
    from hamilton.clock import Clock
    game = Game(10, 10, 4, 5)
    solver, grid = HamiltonSolver(game), Grid(10, 10)
    kept = 0
    while not game.over() and kept < 20:
        clock, eaten = solver.cycle.clock, game.eaten
        game.snake.turn(solver.next_direction())
        game.step()
        if clock is not None and game.eaten > eaten and not game.over():
            solver.next_direction()
            assert solver.cycle.clock is clock
            body = grid.flat_body(game.snake)
            fresh = Clock(clock.tree, body, clock.now)
            assert [max(0, t - clock.now) for t in clock.free_at] == [max(0, t - fresh.now) for t in fresh.free_at]
            kept += 1
    assert kept == 20



WAIT_FIRST = [". . . . . .",   # the route now keeps to the board's edge: 14 moves; one move round
              ". . . . . .",   # the outline first, and the tail has moved out of its way: 1 + 9
              ". . . v . .",
              ". . . v . .",
              "H . . v . .",
              "^ < < < . *"]


@pytest.mark.parametrize("budget, moves", [(cycle.WAIT_FIRST_BUDGET, 10), (0, 14)])
def test_waits_first_when_a_route_from_a_move_later_is_shorter_in_all(monkeypatch, budget, moves):
    """With no budget for it, the snake takes the route it has now (14 moves to the fruit)."""
    monkeypatch.setattr(cycle, "WAIT_FIRST_BUDGET", budget)
    game = board(WAIT_FIRST)
    solver = HamiltonSolver(game)
    length = len(game.snake)
    while len(game.snake) == length:
        game.snake.turn(solver.next_direction())
        game.step()
        if game.steps == 1:
            assert (solver.decision.waits or 0) == (1 if budget else 0)
    assert game.steps == moves
    assert solver.cycle.planners[solver.cycle.orient].tree.fits(solver.grid.flat_body(game.snake))
    assert play(game, solver).state == "won"


SHORTER_BUT_COSTLIER = [". . . . . . . .",   # one move round the outline, then 12 moves: 13 in
                        ". v . . . . . .",   # all, against 15 now; but by the planner's costs
                        ". v . . . . . *",   # the wait and the 12 come dearer (more moves
                        ". v . . . . . .",   # into open space)
                        ". v . . . . . .",
                        ". v . . . . . .",
                        "H v . . . . . .",
                        "^ < . . . . . ."]


def test_does_not_wait_first_for_a_route_that_costs_more_than_the_one_it_has():
    game = board(SHORTER_BUT_COSTLIER)
    solver = HamiltonSolver(game)
    solver.next_direction()
    assert solver.decision.step == "route" and solver.decision.waits is None
    assert solver.decision.distance == 15


# -- the cycle the window draws (C) ----------------------------------------------------------------

@pytest.mark.parametrize("width,height,seed", [(8, 8, 1), (9, 7, 3), (6, 4, 2)])
def test_the_cycle_it_gives_is_hamiltonian_from_the_head_and_is_followed_while_waiting(width, height, seed):
    game = Game(width, height, 3, seed=seed)
    solver = HamiltonSolver(game)
    seen = {"wait": 0, "route": 0}
    left_out = 1 if width % 2 and height % 2 else 0

    def check(solver):
        cycle = solver.hamiltonian_cycle()
        if cycle is None:
            assert solver.decision.mode is not Mode.CELL_TREE
            return
        assert cycle[0] in (game.snake.head(), game.snake.neck())  # the neck: the head is on the cell left out
        assert len(set(cycle)) == len(cycle) == width * height - left_out
        assert all(abs(a[0] - b[0]) + abs(a[1] - b[1]) == 1 for a, b in zip(cycle, cycle[1:] + cycle[:1]))
        after = dict(zip(cycle, cycle[1:] + cycle[:1]))
        if solver.cycle.waiting_on is not None:  # waiting, it follows this very cycle: body, and the next move
            body = list(game.snake.body)
            assert all(after[body[k]] == body[k - 1] for k in range(1, len(body)))
        seen[solver.decision.step] = seen.get(solver.decision.step, 0) + 1
    assert play(game, solver, check=check).state == "won"
    assert seen["wait"] and seen["route"]



def test_a_wait_follows_the_outline_that_reaches_the_fruit_soonest():
    """Each time a wait chooses its tree, no other tree on offer (Kruskal's, and with each comb
    preferred) would take the head to the fruit in fewer moves round its outline; and some
    waits of the game take a tree other than Kruskal's own."""
    game = Game(16, 16, 2, seed=3)
    solver = HamiltonSolver(game)
    play_, choose = solver.cycle, solver.cycle._wait_on
    counted = {"waits": 0, "not Kruskal's": 0}

    def chosen(index, body, fruit):
        before = play_.waiting_on
        choose(index, body, fruit)
        if play_.waiting_on is not before:
            tree = play_.planners[index].tree
            steps = [tree.outline_steps(tree.spanning_tree(body, prefer), body[0], fruit)
                     for prefer in (None,) + spanning.combs(tree)]
            assert tree.outline_steps(play_.waiting_on.edges, body[0], fruit) == min(steps)
            counted["waits"] += 1
            counted["not Kruskal's"] += min(steps) < steps[0]

    play_._wait_on = chosen
    assert play(game, solver).state == "won"
    assert counted["waits"] > 20 and counted["not Kruskal's"] > 5, counted


@pytest.mark.parametrize("width,height,combs_tried", [(30, 30, True), (40, 30, True), (80, 60, False)])
def test_a_big_board_s_wait_follows_kruskal_s_own_tree(width, height, combs_tried):
    """The combs cost about a state's work an edge each: tried up to about 40x30, where the
    fruit can lie where one of them passes sooner; past the budget, Kruskal's tree alone."""
    play_ = cycle.CyclePlay(Grid(width, height), width, height)
    tree = play_.planners[0].tree
    body = tree.outline(tree.spanning_tree([0]), 0)[40::-1]  # 41 cells of the empty board's outline
    kruskal = tree.spanning_tree(body)
    taken = set()
    for fruit in range(0, len(tree.stay), 7):
        if fruit not in body:
            play_.waiting_on = None
            play_._wait_on(0, body, fruit)
            taken.add(bytes(play_.waiting_on.edges))
    assert (len(taken) > 1) == combs_tried and bytes(kruskal) in taken

def test_asking_for_the_cycle_changes_no_move():
    games = []
    for ask in (False, True):
        game = Game(10, 10, 4, seed=5)
        play(game, HamiltonSolver(game), check=(lambda solver: solver.hamiltonian_cycle()) if ask else None)
        games.append(bytes(game.moves))
    assert games[0] == games[1]


def test_in_the_endgame_a_closed_body_s_cycle_is_given_and_its_route_goes_round_it():
    """10x10 seed 37's hand-over, taken as a game with time between moves takes it (142 moves
    to a closed body and its fruit, test_closing): the body closed, the next fruit on its
    run. The endgame's route goes round the cycle of head, free cells and body, and that
    cycle is what C draws: Hamiltonian, from the head, the body lying along it."""
    grid = Grid(10, 10)
    body, fruit = seed_37_and_29_on_ten_by_ten()[37]
    paced = paced_endgame(grid)
    body = followed(grid, body, paced.winning_route(body, fruit), fruit)
    run = closed.run_of(paced.space, body)
    assert run is not None and len(run) > 2
    game = board(draw(10, 10, [grid.cell(c) for c in body], grid.cell(run[2])))
    solver = HamiltonSolver(game)
    solver.paced(0.3)
    solver.next_direction()
    assert (solver.decision.mode, solver.decision.proof) == (Mode.ENDGAME, ProofState.WIN)
    assert {"mode": "endgame", "proof": "win"}.items() <= solver.decision.to_json().items()  # the debug log's text
    cycle = solver.hamiltonian_cycle()
    snake = list(game.snake.body)
    assert cycle[0] == snake[0] and len(set(cycle)) == len(cycle) == 100
    assert all(abs(a[0] - b[0]) + abs(a[1] - b[1]) == 1 for a, b in zip(cycle, cycle[1:] + cycle[:1]))
    after = dict(zip(cycle, cycle[1:] + cycle[:1]))
    assert all(after[snake[k]] == snake[k - 1] for k in range(1, len(snake)))
    assert solver.planned_path() == cycle[1:4]


def test_no_cycle_from_greedy_nor_in_the_endgame():
    game = Game(8, 8, 3, seed=1)
    assert GreedySolver(game).hamiltonian_cycle() is None and not GreedySolver.follows_a_cycle
    solver = HamiltonSolver(game)
    assert solver.hamiltonian_cycle() is None  # no move yet: nothing planned
    game = board(NO_ROUTE_YET)
    solver = HamiltonSolver(game)
    solver.next_direction()
    assert (solver.hamiltonian_cycle() is None) == (solver.decision.mode is not Mode.CELL_TREE)


def test_where_the_moves_go_counts_each_tenth_s_waits_among_its_moves():
    """docs/move_spread.py: the waits of a tenth are some of the moves spent on it, and a game
    of hamilton has some (a move's decision says "wait")."""
    from docs.move_spread import our_game, spent
    reached, waits = our_game("hamilton", 8, 2, 1)
    moves = spent(reached)
    assert len(waits) == len(moves) == 10 and sum(moves) == reached[-1]
    assert all(0 <= w <= m for w, m in zip(waits, moves)) and sum(waits) > 0
