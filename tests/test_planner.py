"""The route planner: each rule of its search pinned in a small position, and its exact check.

Positions are drawn as in tests/boards.py: arrows lead from the tail to the head H, * is the
fruit. All are clockwise boards (the starting snake's driving direction).
"""
import random

import pytest

from boards import NO_ROUTE_YET, board
from game import Game
from hamilton import HamiltonSolver
from hamilton.celltree import IN, OUT, CellTree
from hamilton.grid import Grid
from hamilton import planner as planner_module
from hamilton.clock import Clock
from hamilton.meal import first_break_at_meal
from hamilton.planner import Bans, Planner, last_meal
from hamilton.slices import finish
from slow_search import slow_search


def setup(rows):
    """(planner, flat body, flat fruit) for a drawn position."""
    game = board(rows)
    grid = Grid(game.width, game.height)
    fruit = grid.index(game.fruit.last_generate)
    return Planner(CellTree(game.width, game.height)), grid.flat_body(game.snake), fruit


def plan(planner, body, fruit, within=None):
    """The planner's route, its search run to the end at once."""
    return finish(planner.planning(body, fruit, within=within))


def search(planner, body, fruit, length=None):
    """One search's route for `body`, no move banned (`length`: the body's, unless given)."""
    aim = planner.aims.at(fruit, len(body) if length is None else length)
    return finish(planner.searching(body[0], aim, Clock(planner.tree, body), Bans(len(planner.tree.stay))))


def after_eating(body, route):
    return (route[::-1] + body)[:len(body) + 1]


def assert_safe_and_fitting(planner, body, route):
    """Each route cell is free when the head gets there, and the body after eating fits a tree."""
    free_at = Clock(planner.tree, body).free_at
    assert all(free_at[c] <= t for t, c in enumerate(route, 1))
    assert len(set(route)) == len(route)
    assert planner.tree.fits(after_eating(body, route))


TAIL_LEAVES = [". . . . . .",
               ". . . . . .",
               "H . . . . .",
               "^ < < < * .",
               ". . . . . .",
               ". . . . . ."]


def test_a_block_the_tail_leaves_in_time_may_be_entered():
    """The fruit is beside the tail. Driving round, the head enters the tail's blocks after
    the tail has left them: 7 moves. Were the body's blocks closed until the whole body has
    gone, the way round would take 11."""
    planner, body, fruit = setup(TAIL_LEAVES)
    route = plan(planner, body, fruit)
    assert len(route) == 7 and route[-1] == fruit
    assert_safe_and_fitting(planner, body, route)


ONLY_BY_THE_END = [". . . . . .",
                   ". . . . . .",
                   ". v > > > v",
                   ". v ^ . . v",
                   ". > ^ . . H",
                   "* . . . . ."]


def test_obstacles_are_judged_at_the_meal_not_when_the_head_passes():
    """The bottom-left fruit is 6 moves away, past walls and blocks the body only leaves
    while the head is on its way. Judging each move at its own time finds no route at all;
    judging it at (its time + the lane distance still to go) finds the 6-move one."""
    planner, body, fruit = setup(ONLY_BY_THE_END)
    route = plan(planner, body, fruit)
    assert route is not None and len(route) == 6
    assert_safe_and_fitting(planner, body, route)


WALL_LINE = ["> v . . . .",
             "^ v . . . .",
             "^ v . . . .",
             "^ v . . . .",
             ". > H . . *",
             ". . . . . ."]


def test_a_wall_may_not_end_on_a_corner_the_body_walls_touch():
    """Without the corner rule the first route found runs the wall line into the body's own
    and is refused by the exact check; with it, the first route found is the one."""
    planner, body, fruit = setup(WALL_LINE)
    route = plan(planner, body, fruit)
    assert len(route) == 7 and planner.searches == 1
    assert_safe_and_fitting(planner, body, route)


SECOND_TRY = [". . . . H .",
              ". . . * ^ .",
              ". v > > ^ .",
              ". v ^ < < .",
              ". > > > ^ .",
              ". . . . . ."]


def test_a_route_that_breaks_the_tree_is_refused_and_searched_again():
    """The first route the search finds goes down the right, along the bottom and up through
    the cells the tail leaves, then crosses into a block its own earlier moves joined: a loop
    of IN edges, which the search cannot see. The exact check bans that crossing, and the
    second search finds a route round the left edge that fits."""
    planner, body, fruit = setup(SECOND_TRY)
    first = search(planner, body, fruit)
    assert planner.tree.first_break(after_eating(body, first), new=len(first)) == (15, True)
    route = plan(planner, body, fruit)
    assert planner.searches == 2 and route != first
    assert_safe_and_fitting(planner, body, route)


ALONG_THE_EDGE = ["> > > > > v . .",
                  "^ . . . . v . .",
                  ". . . . . > H .",
                  ". . . . . . . .",
                  "* . . . . . . .",
                  ". . . . . . . .",
                  ". . . . . . . .",
                  ". . . . . . . ."]


def empty_block_regions(tree, body):
    """How many pieces the blocks `body` does not touch fall into."""
    held = {tree.block[c] for c in body}
    seen, pieces = set(), 0
    for start in range(tree.blocks):
        if start in held or start in seen:
            continue
        pieces += 1
        seen.add(start)
        stack = [start]
        while stack:
            for neighbour, _ in tree.adjacent[stack.pop()]:
                if neighbour not in held and neighbour not in seen:
                    seen.add(neighbour)
                    stack.append(neighbour)
    return pieces


def test_the_search_pays_for_a_route_that_cuts_the_empty_blocks_in_two(monkeypatch):
    """The shortest route (14 moves) runs across the middle of the board to the fruit on the
    left edge; at the meal it walls the bottom blocks off from the rest, and a fruit there
    would wait for the tail. Moves into open space cost more than moves beside the edge, so
    the search takes 16 moves down the right edge, along the bottom and up the left, and the
    empty blocks stay one piece. With every move costing the same, it takes the shortest."""
    planner, body, fruit = setup(ALONG_THE_EDGE)
    route = plan(planner, body, fruit)
    assert len(route) == 16
    assert empty_block_regions(planner.tree, after_eating(body, route)) == 1
    assert_safe_and_fitting(planner, body, route)
    for name in ("HELD_COST", "BESIDE_COST", "OPEN_COST"):
        monkeypatch.setattr(planner_module, name, 1)
    shortest = plan(Planner(planner.tree), body, fruit)
    assert len(shortest) == 14
    assert empty_block_regions(planner.tree, after_eating(body, shortest)) == 2


BESIDE_THE_BODY = ["> > > > > > > v",
                   ". . . * . . . v",
                   ". . . . . . . v",
                   ". . . . . . . v",
                   ". . . . . . . v",
                   ". . . . . . . v",
                   ". . . . . . . v",
                   ". . . . . . . H"]


def test_of_two_routes_as_short_the_search_takes_the_one_beside_the_body():
    """Both routes take 10 moves. The one up beside the body, which still holds the right
    column at the meal, then along row 1, leaves the empty blocks in one piece; the one that
    turns into the middle early cuts off the blocks between it and the body. Moves into open
    space cost more, so the search takes the first, though the second is as short and as
    safe."""
    planner, body, fruit = setup(BESIDE_THE_BODY)
    route = plan(planner, body, fruit)
    assert len(route) == 10 and route[:7] == [7 * 8 + 6 - 8 * k for k in range(7)]  # up column 6
    assert empty_block_regions(planner.tree, after_eating(body, route)) == 1
    across = [7 * 8 + 6, 7 * 8 + 5, 7 * 8 + 4] + [y * 8 + 4 for y in range(6, 0, -1)] + [8 + 3]  # up column 4
    assert_safe_and_fitting(planner, body, across)
    assert empty_block_regions(planner.tree, after_eating(body, across)) == 2


BESIDE_THE_BODY_INSIDE = [". . . . . . . . . .",
                          ". . . . . . . . . .",
                          ". . . . . . . . . v",
                          ". . . v < < < < < <",
                          ". . . H . . . . . .",
                          ". . . . . . * . . .",
                          ". . . . . . . . . .",
                          ". . . . . . . . . .",
                          ". . . . . . . . . .",
                          ". . . . . . . . . ."]


def test_a_block_beside_the_body_away_from_the_edge_counts_as_sheltered():
    """Two routes of 6 moves, neither by the board's edge. The one that runs beside the
    body's row leaves the empty blocks in one piece; the other leaves a strip cut off between
    itself and the body."""
    planner, body, fruit = setup(BESIDE_THE_BODY_INSIDE)
    route = plan(planner, body, fruit)
    assert len(route) == 6
    assert empty_block_regions(planner.tree, after_eating(body, route)) == 1


OFF_THE_EDGE = [". . . . . . . . . .",
                ". . . . . . . . . .",
                "> > > v . . . . . .",
                "^ . . H . . . . . .",
                "^ . . . . . . . . .",
                "^ < < . . . . . . .",
                "* . . . . . . . . .",
                ". . . . . . . . . ."]


def one_wide(width, height, held):
    """The free cells between two held cells (or a held cell and the board's edge) in a row or
    a column: strips one cell wide, each a one-way lane of the 2x2 circulation."""
    def wall(x, y):
        return not (0 <= x < width and 0 <= y < height) or y * width + x in held
    return sum(1 for c in range(width * height) if c not in held
               and (wall(c % width - 1, c // width) and wall(c % width + 1, c // width)
                    or wall(c % width, c // width - 1) and wall(c % width, c // width + 1)))


def shelter_by_blocks(tree, clock):
    """The clock's shelter judged block by block instead: for each cell, the move until which
    the body holds its block or a block beside it; for ever where that block lies on the
    board's edge."""
    def of_block(b):
        if len(tree.adjacent[b]) < 4:
            return 1 << 60
        return max(clock.open_at[a] for a in [b] + [a for a, _ in tree.adjacent[b]])
    return [of_block(tree.block[n]) for n in range(len(tree.stay))]


def test_beside_is_judged_cell_by_cell():
    """Two routes of 8 moves to the fruit by the left edge. Down column 1 runs in blocks that
    touch the board's edge, but a cell off it: column 0 below the body is left a strip one
    cell wide, a one-way lane. Judged cell by cell that is open space, and the search takes
    the route down column 3 and along the bottom edge, which leaves no strip. Judged block by
    block, it takes column 1."""
    planner, body, fruit = setup(OFF_THE_EDGE)
    route = plan(planner, body, fruit)
    assert route == [4 * 10 + 3, 5 * 10 + 3, 6 * 10 + 3, 7 * 10 + 3, 7 * 10 + 2, 7 * 10 + 1, 7 * 10, fruit]
    assert one_wide(10, 8, set(after_eating(body, route))) == 0
    clock = Clock(planner.tree, body)
    clock.shelter = shelter_by_blocks(planner.tree, clock)
    by_blocks = finish(Planner(planner.tree).planning(body, fruit, clock))
    assert len(by_blocks) == 8 and 5 * 10 + 1 in by_blocks  # down column 1
    assert one_wide(10, 8, set(after_eating(body, by_blocks))) > 0


def test_a_route_back_onto_the_cell_it_left_two_moves_ago_is_refused():
    """A snake of 2 has left that cell by then, but moving onto it is a turn back: the check
    after the search blames the move (a cheapest route may come back to a cell)."""
    planner = Planner(CellTree(4, 4))
    assert planner._bites_itself(1, [5, 6, 5, 4], length=2)[0] == 6  # the move from 6 is to blame
    assert planner._bites_itself(1, [5, 6, 7, 3], length=2) is None


def test_no_route_while_the_body_is_in_the_way():
    planner, body, fruit = setup(NO_ROUTE_YET)
    assert plan(planner, body, fruit) is None


JUDGED_LATER = [". . . . . . . .",
                ". . H < < . . .",
                "> > > > ^ . . .",
                "^ . . * . . . .",
                "^ . . . . . . .",
                "^ . . . . . . .",
                "^ . . . . . . .",
                ". . . . . . . ."]


def test_with_no_route_for_the_earliest_meal_the_rules_are_judged_at_a_later_one():
    """The fruit is 3 lanes away, but judged at a meal that soon, the body's blocks close
    every way. A route round the top takes 9 moves, and by then the tail has left them: the
    search judged as if the meal came len(body) / LATE_PART moves later finds it."""
    planner, body, fruit = setup(JUDGED_LATER)
    assert search(planner, body, fruit) == []
    route = plan(planner, body, fruit)
    assert route is not None and len(route) == 9
    assert_safe_and_fitting(planner, body, route)


FORGOTTEN_BY_THE_MEAL = [". . . . . .",
                         ". . . . . .",
                         "H . . . . .",
                         "^ < . . . .",
                         ". . . . . .",
                         ". * . . . ."]


def test_moves_the_meal_will_have_forgotten_need_no_lanes():
    """A snake of 3 with the fruit 4 moves away. The first moves will have left the body by
    the meal, so they need not follow the lanes: 4 moves. On the lanes alone: 16."""
    planner, body, fruit = setup(FORGOTTEN_BY_THE_MEAL)
    route = plan(planner, body, fruit)
    assert len(route) == 4
    assert_safe_and_fitting(planner, body, route)
    lanes_only = search(planner, body, fruit, length=10 ** 9)
    assert len(lanes_only) == 16


@pytest.mark.parametrize("rows", [
    [". . .",
     ". . .",
     "H . .",
     "^ . .",   # the fruit is behind the tail: straight back over it would be 3 moves
     ". . .",
     "* . ."],
    ["> H . .",
     "* . . .",
     ". . . .",
     ". . . ."]])
def test_a_free_move_never_reverses_a_snake_of_two(rows):
    """For a snake of 2 the neck is the tail, free at the first move, yet moving onto it is a
    reversal: the search never offers it."""
    planner, body, fruit = setup(rows)
    route = plan(planner, body, fruit)
    assert route[0] != body[1]
    assert_safe_and_fitting(planner, body, route)


def test_the_clock_of_a_short_body():
    """free_at counts the moves until the tail has left a cell; a move's mark lasts as long
    as its older cell; a block opens when its last body cell is free."""
    planner, body, _ = setup([". . . .",
                              "* . . .",
                              "> > H .",
                              ". . . ."])
    tree, clock = planner.tree, Clock(planner.tree, body)
    head, neck, tail = body
    assert (clock.free_at[head], clock.free_at[neck], clock.free_at[tail]) == (3, 2, 1)
    assert clock.open_at[tree.block[tail]] == 2  # the neck shares the tail's block
    crossed, passed = tree.gate[neck], tree.gate[tail]  # neck -> head crosses; tail -> neck stays
    assert (clock.mark[crossed], clock.until[crossed]) == (IN, 2)
    assert (clock.mark[passed], clock.until[passed]) == (OUT, 1)
    assert clock.touch[tree.wall_to[tail]] == 1


def test_the_last_meal_reads_the_clock_from_its_now():
    """The last fruit of an odd x odd board may lie behind the tail; the route over the tail's
    cell is found whatever move number the clock has reached."""
    planner, body, fruit = setup(["> > > > v",
                                  "^ v < v <",
                                  "^ v ^ > v",
                                  "^ v ^ H <",
                                  "^ < ^ < *"])
    assert len(body) + 1 == 25 and body[-1] == fruit - 1  # the tail is next to the fruit
    for now in (0, 37):
        assert last_meal(planner.tree, body[0], fruit, Clock(planner.tree, body, now)) == [body[-1], fruit]


@pytest.mark.parametrize("rows", [TAIL_LEAVES, ONLY_BY_THE_END, WALL_LINE, SECOND_TRY])
def test_lane_distance_is_a_lower_bound_of_the_route(rows):
    planner, body, fruit = setup(rows)
    route = plan(planner, body, fruit)
    assert planner.aims.at(fruit, len(planner.tree.stay)).lanes[body[0]] <= len(route)  # lanes uncut


COMES_BACK = [". . . . . .",
              ". v < < < .",
              ". H > > ^ .",
              ". . ^ . * .",
              ". . ^ . . .",
              ". . ^ < . ."]


def test_a_route_may_not_come_back_to_a_cell_its_own_body_still_holds():
    """With a rim mark and without, the search has two states per cell, so its route can
    pass a cell twice. Here the first route circles back over a cell it entered fewer moves
    ago than the snake is long; it is refused and the next one is safe."""
    planner, body, fruit = setup(COMES_BACK)
    first = search(planner, body, fruit)
    assert planner._bites_itself(body[0], first, len(body)) is not None
    route = plan(planner, body, fruit)
    assert planner.searches > 1 and planner._bites_itself(body[0], route, len(body)) is None
    assert_safe_and_fitting(planner, body, route)


def test_the_clock_kept_move_by_move_agrees_with_a_fresh_one():
    """A clock advanced one move at a time says what a clock built from the body at that
    moment says, expired entries aside, meals included."""
    game = Game(10, 10, initial_length=3, seed=2)
    solver = HamiltonSolver(game)
    grid, tree = Grid(10, 10), CellTree(10, 10)
    clock = Clock(tree, grid.flat_body(game.snake))

    def left(clock, values):
        return [max(0, v - clock.now) for v in values]

    def marks(clock):
        return [(m if u > clock.now else 0, max(0, u - clock.now)) for m, u in zip(clock.mark, clock.until)]

    compared = meals = 0
    while not game.over() and compared < 300:
        length = len(game.snake)
        game.snake.turn(solver.next_direction())
        game.step()
        body = grid.flat_body(game.snake)
        if len(body) != length:
            clock.ate(body[1], body[0])
            meals += 1
        else:
            clock.moved(body[1], body[0])
        fresh = Clock(tree, body, clock.now)
        for part in ("free_at", "open_at", "shelter", "touch"):
            assert left(clock, getattr(clock, part)) == left(fresh, getattr(fresh, part)), part
        assert marks(clock) == marks(fresh)
        compared += 1
    assert compared == 300 and meals > 10


# -- what keeps a plan cheap on big boards: both must change nothing ----------------------

@pytest.mark.parametrize("width, height", [(6, 6), (9, 8), (7, 7)])
def test_lane_distances_cut_at_a_cap_are_the_whole_ones_cut(width, height):
    planner = Planner(CellTree(width, height))
    for target in range(0, width * height, 5):
        whole = planner.aims.at(target, width * height).lanes
        for cap in (1, 2, 5, 13):
            assert planner.aims.at(target, cap).lanes == [min(d, cap) for d in whole]


def positions(width, height, seed, every=7):
    """(planner, flat body, flat fruit) taken every few moves of a hamilton game, where the
    body fits one of its trees (always, once the first route is followed)."""
    game = Game(width, height, 4, seed)
    solver, grid = HamiltonSolver(game), Grid(width, height)
    while not game.over():
        if game.steps % every == 0:
            body = grid.flat_body(game.snake)
            planner = next((p for p in solver.cycle.planners if p.tree.fits(body)), None)
            fruit = grid.index(game.fruit.last_generate)
            if planner is not None and fruit != planner.tree.skipped:
                yield planner, body, fruit
        game.snake.turn(solver.next_direction())
        game.step()


GAMES = [(6, 6, 1), (8, 6, 2), (9, 8, 3), (7, 7, 4), (12, 10, 5), (20, 16, 6)]  # width, height, seed


def test_the_search_takes_out_the_states_the_plain_search_takes_out():
    """searching() relaxes its moves inline over the clock's tables; tests/slow_search.py
    calls a function per rule. On positions of real games, with the meal judged now and
    later, within a bound or not, with moves banned or not, both find the same route at the
    same cost after taking out the same number of states (the planner's budgets count them)."""
    rng = random.Random(5)
    compared = found = 0
    for width, height, seed in GAMES:
        for planner, body, fruit in positions(width, height, seed):
            clock, aim, size = Clock(planner.tree, body), planner.aims.at(fruit, len(body)), width * height
            for later in (0, max(1, len(body) // 4)):
                bans = Bans(size)
                for cell in rng.sample(range(size), 3 if rng.random() < 0.5 else 0):
                    bans.ban(cell, rng.randrange(3))
                within = rng.choice([None, width, 2 * width])
                planner.taken = 0
                route = finish(planner.searching(body[0], aim, clock, bans, later, within))
                fast = (route, planner.cost if route else None, planner.taken)
                assert fast == slow_search(planner.tree, body[0], aim, clock, bans, later, within)
                compared, found = compared + 1, found + bool(route)
    assert compared > 200 and 0 < found < compared


def test_a_search_finds_what_it_finds_whatever_searches_came_before():
    """The planner's tables keep what earlier searches left (each search counts its costs
    from a lower base); a search then finds what a new planner's first one finds, also when
    the bases run out and the tables start afresh."""
    def answer(planner, body, fruit):
        route = search(planner, body, fruit)
        return route, planner.cost if route else None

    found = 0
    for planner, body, fruit in positions(12, 10, 5, every=11):
        expected = answer(Planner(planner.tree), body, fruit)
        assert answer(planner, body, fruit) == expected
        planner._work.base = -(1 << 29)  # the next search's base is past the last one kept
        assert answer(planner, body, fruit) == expected
        found += bool(expected[0])
    assert found > 10


def test_the_guided_search_finds_routes_as_cheap_as_the_unguided_one_and_looks_at_fewer_states():
    """The search is A*: guided toward the fruit, it must find a route exactly as cheap as the
    search that looks everywhere alike, found or not, and look at fewer states (the plain
    search, which the planner's takes out the same states as, can do both)."""
    seen = found = 0
    guided = unguided = 0
    for width, height, seed in GAMES:
        for planner, body, fruit in positions(width, height, seed):
            clock, aim = Clock(planner.tree, body), planner.aims.at(fruit, len(body))
            bans = Bans(width * height)
            route, cost, taken = slow_search(planner.tree, body[0], aim, clock, bans)
            whole_route, whole_cost, whole_taken = slow_search(planner.tree, body[0], aim, clock, bans, guided=False)
            assert (bool(route), cost) == (bool(whole_route), whole_cost)
            guided, unguided = guided + taken, unguided + whole_taken
            seen, found = seen + 1, found + bool(route)
    assert seen > 100 and 0 < found < seen  # routes found and routes not yet found both met
    assert guided < 0.8 * unguided


def lane_walk(tree, head, moves, rng):
    """`moves` random stays and crosses from `head` (a route the check may well refuse)."""
    route, c = [], head
    for _ in range(moves):
        c = tree.cross[c] if tree.cross[c] != -1 and rng.random() < 0.4 else tree.stay[c]
        route.append(c)
    return route


@pytest.mark.parametrize("width, height, seed", [(6, 6, 1), (8, 6, 2), (12, 10, 5), (20, 16, 6), (16, 12, 7)])
def test_the_clock_finds_the_break_at_the_meal_that_the_cells_show(width, height, seed):
    """first_break_at_meal reads the body after a route and the meal off the clock; it must
    blame what CellTree.first_break blames on that body's cells: for the routes the searches
    find (refused ones among them) and for random walks along the lanes, short and long."""
    rng = random.Random(seed)
    checked, refused = 0, 0
    for planner, body, fruit in positions(width, height, seed, every=3):
        tree, clock = planner.tree, Clock(planner.tree, body)
        routes = [search(planner, body, fruit)] + [lane_walk(tree, body[0], rng.randrange(1, 2 * len(body) + 3), rng)
                                                  for _ in range(4)]
        for route in filter(None, routes):
            expected = tree.first_break(after_eating(body, route), new=len(route))
            assert first_break_at_meal(clock, body[0], route) == expected
            checked, refused = checked + 1, refused + (expected is not None)
    assert checked > 100 and 0 < refused < checked


def test_a_plan_on_a_big_board_looks_near_the_line_to_the_fruit():
    """A short snake in the top left of a 40x30 board, the fruit 28 moves to its right: the
    guided search looks at a few hundred states, not at everything as close as the fruit
    (unguided, it took 958 here)."""
    width, height = 40, 30
    planner = Planner(CellTree(width, height))
    body = [width + 3, width + 2, width + 1]
    route = plan(planner, body, 2 * width + 30)
    assert len(route) == 28
    assert planner.taken < 300


def test_a_plan_makes_at_most_replans_searches_over_both_meals(monkeypatch):
    """Every route refused by the exact check (here by a stand-in that blames the head's
    cell): the plan gives up after REPLANS searches in all, not REPLANS per meal judged."""
    planner, body, fruit = setup(TAIL_LEAVES)
    monkeypatch.setattr(planner_module, "first_break_at_meal", lambda clock, head, route: (body[0], False))
    assert plan(planner, body, fruit) is None
    assert planner.searches == planner_module.REPLANS


def test_a_plan_within_a_number_of_moves_finds_no_longer_route_and_looks_at_fewer_states():
    """The same 40x30 position: asked for a route of at most 27 moves (one fewer than the
    shortest), the plan has none, and it gives up near the line to the fruit, not after
    looking everywhere; asked for at most 28, it finds the route it finds unasked."""
    width, height = 40, 30
    planner = Planner(CellTree(width, height))
    body, fruit = [width + 3, width + 2, width + 1], 2 * width + 30
    unasked = plan(planner, body, fruit)
    assert plan(planner, body, fruit, within=28) == unasked
    unbounded = plan(planner, body, fruit, within=10**6)
    assert unbounded == unasked
    assert plan(planner, body, fruit, within=27) is None
    assert planner.taken < 200


def test_states_counts_the_work_of_every_plan():
    """states() goes on counting across plans (taken is the last plan's alone)."""
    planner, body, fruit = setup(TAIL_LEAVES)
    assert planner.states() == 0
    plan(planner, body, fruit)
    first = planner.taken
    plan(planner, body, fruit)
    assert first > 0 and planner.states() == 2 * first


def test_a_plan_within_a_number_of_moves_takes_the_cheapest_route_short_enough():
    """ALONG_THE_EDGE: the cheapest route takes 16 moves (it keeps to the body); within 15
    moves there is a dearer one; within 13 there is none."""
    planner, body, fruit = setup(ALONG_THE_EDGE)
    cheapest = plan(planner, body, fruit)
    assert (len(cheapest), planner.cost) == (16, 60)
    assert plan(planner, body, fruit, within=16) == cheapest
    shorter = plan(planner, body, fruit, within=15)
    assert len(shorter) <= 15 and planner.cost > 60  # dearer than the cheapest, or the search had found it
    assert_safe_and_fitting(planner, body, shorter)
    assert plan(planner, body, fruit, within=13) is None
