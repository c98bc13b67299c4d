"""Closing the body into a cycle of the whole board (hamilton/endgame/closing.py), and the
timed game that takes such a route where the proof's own would leave long later fruits."""
import pytest

from boards import board
from game import Game
from hamilton import HamiltonSolver
from hamilton.endgame import Endgame, Proof, endgame
from hamilton.endgame.ledger import SLICE
from hamilton.endgame.space import after_meal
from hamilton.grid import Grid
from hamilton.slices import Sliced, finish
from test_endgame import handed_over_positions

# closing.py's picture: H 1..8 the body, a b c free in one run from beside H to beside 8.
#    3  2  1  H
#    4  7  8  a
#    5  6  c  b      the fruit on c
CLOSED = ["> > > H",
          "^ v < .",
          "^ < * ."]
A, B, C = 7, 11, 10  # flat cells of a, b and c on the 4x3 board


def position(rows):
    game = board(rows)
    grid = Grid(game.width, game.height)
    return grid, tuple(grid.flat_body(game.snake)), grid.index(game.fruit.last_generate)


def packed(search, body):
    return search.space.pack(body), sum(1 << c for c in search.space.cells.difference(body))


def closing_route(search, body, fruit, bound, room=None):
    """Closing.route from `body` (a tuple of cells), run to its end; `room` the ledger's hold
    unless given."""
    room = search.ledger.hold if room is None else room
    start, free = packed(search, body)
    return finish(search.closing.route(start, fruit, free, bound, room))


def paced_endgame(grid):
    """An Endgame told its game waits 0.3 s a move, as the window's shipped speed."""
    search = Endgame(grid)
    search.pace = 0.3
    return search


def noting_rooms(search):
    """The rooms `search`'s searches for a closed body are given, as they are asked."""
    rooms, route = [], search.closing.route

    def noted(*args):
        rooms.append(args[-1])
        return (yield from route(*args))
    search.closing.route = noted
    return rooms


def followed(grid, body, route, fruit):
    """The body after `route`, each move checked: onto a neighbour, never the body but the
    tail's cell, and eating only on its last move, at `fruit` (none where it is -1)."""
    for k, cell in enumerate(route):
        assert cell in grid.neighbours[body[0]] and cell not in body[:-1]
        eats = cell == fruit
        assert eats == (fruit >= 0 and k == len(route) - 1)
        body = (cell,) + (body if eats else body[:-1])
    return body


def test_a_closed_body_has_its_free_cells_in_one_run_from_beside_the_head_to_beside_the_tail():
    grid, body, fruit = position(CLOSED)
    closing = Endgame(grid).closing
    assert closing.run(*packed(Endgame(grid), body)) == [A, B, C]
    assert closing.way_round(body, fruit) == [A, B, C]
    assert closing.way_round(body, B) == [A, B]


def test_a_body_whose_free_cells_make_no_such_run_is_not_closed():
    """4x3: the head's one free neighbour, 7, leads either to 11 (a dead end) or to 6 and 5,
    never through all four free cells."""
    grid = Grid(4, 3)
    search = Endgame(grid)
    body = (3, 2, 1, 0, 4, 8, 9, 10)
    assert search.closing.run(*packed(search, body)) is None
    assert search.closing.way_round(body, 11) is None


def test_a_full_board_is_closed_where_the_head_is_beside_the_tail():
    grid = Grid(4, 3)
    search = Endgame(grid)
    around = (3, 2, 1, 0, 4, 8, 9, 5, 6, 10, 11, 7)  # 7 is beside 3
    assert search.closing.run(*packed(search, around)) == []
    apart = (3, 7, 11, 10, 6, 2, 1, 0, 4, 8, 9, 5)  # 5 is not beside 3
    assert search.closing.run(*packed(search, apart)) is None


@pytest.fixture(scope="module")
def seed_37():
    """10x10 seed 37's hand-over (start 4): the proof's shortest route, 158 moves, leaves a
    body that is not closed."""
    return (Grid(10, 10), *handed_over_positions(10, 10, 4, [37], 10_000)[37])


@pytest.fixture(scope="module")
def shipped():
    """The hand-overs of 16x12 seeds 13, 19 and 57 (start 3, the shipped board): the grid,
    and {seed: (body, fruit)}."""
    return Grid(16, 12), handed_over_positions(16, 12, 3, [13, 19, 57], 20_000)


def test_the_route_to_the_nearest_closed_body_goes_on_round_it_to_the_fruit_and_leaves_it_closed(seed_37):
    grid, body, fruit = seed_37
    search = Endgame(grid)
    route = closing_route(search, body, fruit, 400)
    assert route is not None and len(route) == 142
    after = followed(grid, body, route, fruit)
    assert search.closing.run(*packed(search, after)) is not None  # every later fruit: a few moves on
    assert closing_route(search, body, fruit, 141) is None


def test_the_search_for_a_closed_body_gives_up_once_the_ledger_holds_its_room(seed_37):
    grid, body, fruit = seed_37
    search = Endgame(grid)
    assert closing_route(search, body, fruit, 400, room=2_000) is None
    search.ledger.bury(search.ledger.held)
    assert search.ledger.held == 0  # it let go of all it held
    assert len(closing_route(search, body, fruit, 400)) == 142


def test_beside_proofs_made_ready_for_the_next_fruit_the_search_for_a_closed_body_leaves_them_forget(seed_37):
    """Those proofs take turns: each may need room in the hold. Alone, it may fill the hold."""
    grid, body, fruit = seed_37
    search = paced_endgame(grid)
    rooms = noting_rooms(search)
    ledger = search.ledger
    finish(search.proving(body, fruit))
    alone, rooms[:] = list(rooms), []
    finish(search.proving(body, fruit, beside=True))
    assert alone and set(alone) == {ledger.hold} and rooms and set(rooms) == {ledger.hold - ledger.forget}


def test_a_game_with_time_between_moves_takes_the_route_through_a_closed_body_and_goes_round_it(seed_37):
    """Untimed, the proof's route of 158 moves (the benchmark's figures stay); told it waits
    0.3 s a move, the route of 142 through a closed body, after which each later fruit is a
    few moves round the cycle, with no proof (nothing looked at)."""
    grid, body, fruit = seed_37
    assert len(Endgame(grid).winning_route(body, fruit)) == 158
    paced = paced_endgame(grid)
    route = paced.winning_route(body, fruit)
    assert len(route) == 142 and paced.open == 0
    after = followed(grid, body, route, fruit)
    run = paced.closing.run(*packed(paced, after))
    looked, paced.open = paced.looked, 99  # as another proof's route may have left it
    assert paced.winning_route(after, run[-1]) == run and paced.looked == looked and paced.open == 0
    fast = Endgame(grid)
    fast.pace = 0.01  # U's fastest: no time to spare, as untimed
    assert len(fast.winning_route(body, fruit)) == 158


def test_a_route_through_a_closed_body_is_taken_where_no_longer_than_the_proofs_and_its_open_cost(shipped,
                                                                                                   monkeypatch):
    """16x12 seed 13 (start 3, 4 free cells): the proof's route is 281 moves and leaves later
    fruits of 409, 2 and 1: no closed body can be reached from the body its meal leaves
    without eating, so its open cost is CLOSING_MARGIN laps; the route through the nearest
    closed body is 180 moves longer. With no margin, the open cost is not looked for."""
    grid, positions = shipped
    body, fruit = positions[13]

    def route():
        paced = paced_endgame(grid)
        return paced.winning_route(body, fruit)
    assert len(route()) == 461
    monkeypatch.setattr(endgame, "CLOSING_MARGIN", 0)
    assert len(route()) == 281


def test_hamilton_passes_the_wait_between_moves_it_is_told_to_its_endgame():
    solver = HamiltonSolver(Game(10, 10, 4, 37))
    assert solver.endgame.pace is None
    solver.paced(0.3)
    assert solver.endgame.pace == 0.3


def test_the_search_for_a_closed_body_pauses_every_slice_of_bodies_even_within_a_layer(shipped):
    """So the window's moves and keys never wait on a big layer: between two pauses it takes
    up at most SLICE bodies, each adding at most 3 to those held. 16x12 seed 19 (start 3)
    has layers of thousands of bodies on its way to a closed body, 214 moves on."""
    grid, positions = shipped
    body, fruit = positions[19]
    search = Endgame(grid)
    ledger = search.ledger
    start, free = packed(search, body)
    sliced = Sliced(search.closing.route(start, fruit, free, 400, ledger.hold))
    grown, held = [], ledger.held
    while not sliced.work(1):
        grown.append(ledger.held - held)
        held = ledger.held
    assert len(sliced.answer) == 214 and max(grown) <= 3 * SLICE


def test_with_no_fruit_the_route_ends_at_the_nearest_closed_body(seed_37):
    """The proof's route for 10x10 seed 37 (158 moves) leaves a body 80 moves from closed,
    the next fruit aside; a closed body is none."""
    grid, body, fruit = seed_37
    search = Endgame(grid)
    after = after_meal(body, search.winning_route(body, fruit))
    way = closing_route(search, after, -1, 100)
    assert len(way) == 80 and search.closing.run(*packed(search, followed(grid, after, way, -1))) is not None
    assert closing_route(search, after, -1, 79) is None
    _, closed, _ = position(CLOSED)
    assert closing_route(Endgame(Grid(4, 3)), closed, -1, 10) == []


def test_the_proofs_route_stays_where_its_meal_leaves_a_body_nearer_closed_than_a_closing_route_saves(shipped):
    """16x12 seed 57 (start 3): the proof's route is 608 moves, and its meal leaves a body 2
    moves from closed (open cost 2); a route through a closed body is 634: not taken. Where
    the open cost is not looked for, CLOSING_MARGIN laps are counted and the 634 taken."""
    grid, positions = shipped
    body, fruit = positions[57]
    paced = paced_endgame(grid)
    assert len(paced.winning_route(body, fruit)) == 608 and paced.open == 2


def test_of_the_routes_proven_the_snake_sets_out_on_the_soonest_with_its_open_cost_counted():
    """From the snake's place: 3 moves that leave no closed body (and a lap more), or 8
    through a closed body: the 8."""
    grid, body, fruit = position(CLOSED)
    paced = paced_endgame(grid)
    proof = Proof(iter(()), body, fruit, loop=list(range(1000, 1010)))
    open_route, closed_route = [1, 2, 3], [4, 5, 6, 7, 8, 9, 10, 11]
    paced.lookahead.taken = [(0, open_route, 12), (0, closed_route, 0)]
    assert paced.lookahead.moves_left(proof) == 8
    assert paced.lookahead.soonest(proof) == closed_route


def test_a_route_proven_is_kept_with_its_open_cost():
    grid, body, fruit = position(CLOSED)
    paced = paced_endgame(grid)
    for route, cost in (([A, 6, C], 12), ([A, B, C], 0)):
        proof = Proof(iter(()), body, fruit, loop=list(range(1000, 1010)))
        proof.done, proof.route, proof.open = True, route, cost
        paced.lookahead.keep(proof)
        assert paced.lookahead.taken[-1] == (0, route, cost)


def test_the_proofs_made_ready_for_the_next_fruit_are_proofs_beside_each_other(seed_37):
    grid, body, fruit = seed_37
    route = Endgame(grid).winning_route(body, fruit)  # 158 moves: its meal leaves no closed body
    search = paced_endgame(grid)
    rooms = noting_rooms(search)
    search.lookahead.prepare(body, route, fruit)

    def clock():
        return search.ledger.spent
    while search.lookahead.think(clock() + 2 * SLICE, clock):  # a slice of each in turn
        pass
    assert rooms and set(rooms) == {search.ledger.hold - search.ledger.forget}
    for (after, next_fruit), proof in search.lookahead.prepared.items():  # each kept its own notes
        alone = paced_endgame(grid)
        assert finish(alone.proving(after, next_fruit, beside=True)) == proof.route and alone.open == proof.open
