"""Closing the body into a cycle of the whole board (hamilton/endgame/timed/closing.py), and the
timed game that takes such a route where the proof's own would leave long later fruits."""
from functools import partial

import pytest

from boards import board
from game import Game
from hamilton import HamiltonSolver
from hamilton.endgame import Endgame, Proof, TimedEndgame, closed
from hamilton.endgame.timed import closed_routes, closing
from hamilton.endgame.timed.closed_routes import Began, ClosedRoutes
from hamilton.endgame.timed.closing import Closing
from hamilton.endgame.timed.lookahead import Kept
from hamilton.endgame.ledger import SLICE
from hamilton.endgame.proof import Notes, going_along
from hamilton.endgame.space import after_meal, cells_of
from hamilton.grid import Grid
from hamilton.slices import Sliced, finish, stopping
from test_endgame import eats_by, handed_over_positions
from test_timed import timed_until_route

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
    """An endgame told its game waits 0.3 s a move, as the window's shipped speed."""
    return TimedEndgame(grid, pace=0.3)


def noting_rooms(search):
    """The rooms `search`'s searches for a closed body are given, as they are asked."""
    rooms, route = [], search.closing.route

    def noted(*args):
        rooms.append(args[-1])
        return (yield from route(*args))
    search.closing.route = noted
    return rooms


def noting_meals(search):
    """The bounds of `search`'s searches for routes closing before or after the meal, as asked."""
    bounds, meal = [], search.closing.meal

    def noted(*args):
        bounds.append(args[3])
        return (yield from meal(*args))
    search.closing.meal = noted
    return bounds


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
    search = TimedEndgame(grid)
    assert closed.run_of(search.space, body) == [A, B, C]
    assert search.closing.way_round(body, fruit) == [A, B, C]
    assert search.closing.way_round(body, B) == [A, B]


def test_a_body_whose_free_cells_make_no_such_run_is_not_closed():
    """4x3: the head's one free neighbour, 7, leads either to 11 (a dead end) or to 6 and 5,
    never through all four free cells."""
    grid = Grid(4, 3)
    search = TimedEndgame(grid)
    body = (3, 2, 1, 0, 4, 8, 9, 10)
    assert closed.run_of(search.space, body) is None
    assert search.closing.way_round(body, 11) is None


def test_a_full_board_is_closed_where_the_head_is_beside_the_tail():
    grid = Grid(4, 3)
    search = TimedEndgame(grid)
    around = (3, 2, 1, 0, 4, 8, 9, 5, 6, 10, 11, 7)  # 7 is beside 3
    assert closed.run_of(search.space, around) == []
    apart = (3, 7, 11, 10, 6, 2, 1, 0, 4, 8, 9, 5)  # 5 is not beside 3
    assert closed.run_of(search.space, apart) is None


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
    search = TimedEndgame(grid)
    route = closing_route(search, body, fruit, 400)
    assert route is not None and len(route) == 142
    after = followed(grid, body, route, fruit)
    assert closed.run_of(search.space, after) is not None  # every later fruit: a few moves on
    assert closing_route(search, body, fruit, 141) is None


def test_the_search_for_a_closed_body_gives_up_once_the_ledger_holds_its_room(seed_37):
    grid, body, fruit = seed_37
    search = TimedEndgame(grid)
    assert closing_route(search, body, fruit, 400, room=1_000) is None
    search.ledger.bury(search.ledger.held)
    assert search.ledger.held == 0  # it let go of all it held
    assert len(closing_route(search, body, fruit, 400)) == 142


def test_the_search_for_a_closed_body_keeps_only_the_bodies_with_a_choice_closed_or_at_its_bound(seed_37):
    """Kept, every body it meets would need more than 7,500 of room to find the route of 142:
    the bodies with a single way on are followed, not kept."""
    grid, body, fruit = seed_37
    search = TimedEndgame(grid)
    assert len(closing_route(search, body, fruit, 400, room=4_500)) == 142


def test_the_search_for_a_closed_body_gives_up_once_it_has_met_its_rooms_of_bodies(seed_37, monkeypatch):
    """On the way to the route of 142 it keeps fewer than 2,000 bodies, but meets more than
    MET_ROOMS times 2,000: with a room of 2,000 it gives up."""
    grid, body, fruit = seed_37
    assert closing_route(TimedEndgame(grid), body, fruit, 400, room=2_000) is None
    monkeypatch.setattr(closing, "MET_ROOMS", 10)
    assert len(closing_route(TimedEndgame(grid), body, fruit, 400, room=2_000)) == 142


def test_beside_proofs_made_ready_for_the_next_fruit_the_search_for_a_closed_body_leaves_them_forget(seed_37):
    """Those proofs take turns: each may need room in the hold. Alone, it may fill the hold."""
    grid, body, fruit = seed_37
    search = paced_endgame(grid)
    rooms = noting_rooms(search)
    ledger = search.ledger
    finish(search.proving(body, fruit, Notes()))
    alone, rooms[:] = list(rooms), []
    finish(search.proving(body, fruit, Notes(), beside=True))
    assert alone and set(alone) == {ledger.hold} and rooms and set(rooms) == {ledger.hold - ledger.forget}


def test_a_game_with_time_between_moves_takes_the_route_through_a_closed_body_and_goes_round_it(seed_37):
    """Untimed, the proof's route, whose meal leaves the body open; told it waits 0.3 s a
    move, the route of 142 through the nearest closed body, shorter, after which each later
    fruit is a few moves round the cycle, with no proof (nothing looked at). At U's fastest
    speed there is no time for that search: the proof's route, as untimed."""
    grid, body, fruit = seed_37
    untimed = Endgame(grid)
    first = untimed.winning_route(body, fruit)
    assert closed.run_of(untimed.space, after_meal(body, first)) is None
    paced = paced_endgame(grid)
    proof = paced.prove(body, fruit)
    route = proof.route
    assert len(route) == 142 < len(first) and proof.notes.open == 0
    after = followed(grid, body, route, fruit)
    run = closed.run_of(paced.space, after)
    looked = paced.ledger.looked
    again = paced.prove(after, run[-1])
    assert again.route == run and paced.ledger.looked == looked and again.notes.open == 0
    fast = TimedEndgame(grid, pace=0.01)  # U's fastest: no time to spare, as untimed
    assert closed.run_of(fast.space, after_meal(body, fast.winning_route(body, fruit))) is None


def endless(closing, *args):
    """A search for a closed body that never ends: it only spends work, a slice at a time."""
    while True:
        if closing.ledger.due(SLICE):
            yield


def fifty(*args):
    """An open cost of 50, found at once (a search, as ClosedRoutes.open_cost is)."""
    yield from ()
    return 50


def searches_after_the_proof_never_end(monkeypatch, open_cost):
    """The searches for a closed body after a proof (ClosedRoutes.weigh) made to find the
    route's open cost at once (`open_cost`, a search), and then nothing, never ending."""
    monkeypatch.setattr(ClosedRoutes, "open_cost", open_cost)
    monkeypatch.setattr(Closing, "route", endless)
    monkeypatch.setattr(Closing, "meal", endless)
    monkeypatch.setattr(ClosedRoutes, "closing_meal", nothing_found)


def test_the_searches_for_a_closed_body_stop_where_the_loop_leaves_the_proven_routes_way(seed_37, monkeypatch):
    """The loop the snake circles on takes it along the first cells of the proof's route
    (`along` of them). Where proofs are not quick (more free cells than FREE_PATIENT; made so
    here), the searches for a closed body after the proof stop a move before the snake gets
    past them, and, where they found nothing, the snake sets out on the rest of the route
    there: no later than the route from the hand-over, not a lap of the loop later. So do
    those of quick proofs whose route's open cost is less than half a lap of the loop.
    (Where it is half a lap or more, they keep a lap of the board.)"""
    grid, body, fruit = seed_37
    first = Endgame(grid).winning_route(body, fruit)
    paced = paced_endgame(grid)
    loop, lap = paced.loop(body, fruit), paced.grid.size
    along = going_along(loop, 0, first)
    assert 1 < along < len(loop) - 1

    def until(begun, arrival=None, beside=False, open_cost=None):
        return paced.closed_routes.until(body, fruit, first, Began(0, begun, arrival), beside, open_cost)
    assert until(0) == lap  # quick: a lap, while the open cost is not known ...
    # ... once it is known, only where that is half a lap of the loop or more (open costs
    # undercount what the later fruits take): with less, what a closed body can save is
    # less than the lap the route costs once the loop has left its way
    assert until(0, open_cost=len(loop) // 2) == lap and until(0, open_cost=len(loop) // 2 - 1) == along - 1
    # Where the loop has left the route's way already, they stop where the loop next brings
    # the snake a move before leaving it, a lap of the loop on (or two); those of proofs made
    # ready for the next fruit go on for a lap of the board; a proof rooted ahead stops them
    # when the snake gets to its root.
    paced.moves = along + 5
    assert until(0, open_cost=0) == along - 1 + len(loop) and until(None, arrival=60) == 60
    paced.moves = along + len(loop) + 5
    assert until(0, open_cost=0) == along - 1 + 2 * len(loop) and until(0, beside=True) == paced.moves + lap
    searches_after_the_proof_never_end(monkeypatch, forty)  # quick, its open cost less than half the loop
    _, moves, at, route, roots = timed_until_route(grid, body, fruit, 3_000_000, search=paced_endgame(grid))
    assert (moves, roots) == (along, []) and route == first[along:] and eats_by(grid, at, fruit, route)
    monkeypatch.setattr(TimedEndgame, "quick", lambda self, body: False)  # not quick: whatever the open cost
    searches_after_the_proof_never_end(monkeypatch, fifty)
    _, moves, _, route, roots = timed_until_route(grid, body, fruit, 3_000_000, search=paced_endgame(grid))
    assert (moves, roots) == (along, []) and route == first[along:]


def forty(*args):
    """An open cost of 40, found at once."""
    yield from ()
    return 40


def idle(*args):
    """A search that pauses for ever and does no work the ledger counts (as a search letting
    go of its bodies, a slice at a time): a proof running it ends at its limit of slices."""
    while True:
        yield


def test_proofs_given_up_while_their_routes_are_weighed_keep_their_own_open_costs(seed_37, monkeypatch):
    """A proof can end at its limit while the searches for a closed body run (ClosedRoutes.weigh): it
    keeps its route (`verdict`), counted with its own open cost. Two proofs take turns, as
    those made ready for the next fruit do: the first finds its open cost (50), the second's
    is never known, so it counts as the most there is (ClosedRoutes.cap), not as the first's."""
    grid, body, fruit = seed_37
    first = Endgame(grid)
    route = first.winning_route(body, fruit)
    asked = []

    def fifty_then_unknown(*args):
        asked.append(args)
        return (yield from (fifty if len(asked) == 1 else idle)(*args))
    monkeypatch.setattr(ClosedRoutes, "open_cost", fifty_then_unknown)
    monkeypatch.setattr(Closing, "route", idle)
    monkeypatch.setattr(Closing, "meal", idle)
    paced = paced_endgame(grid)
    paced.limit = 10 * (first.ledger.looked + 1000 * SLICE)  # the route is found first, even at a tenth (limit_for)
    proofs = [Proof(partial(paced.proving, body, fruit), body, fruit) for _ in range(2)]
    while not all(proof.ended(paced.limit_of(proof)) for proof in proofs):
        for proof in proofs:
            proof.work(1)
    assert [paced.verdict(proof) for proof in proofs] == [route, route] and len(asked) == 2
    assert [proof.notes.open for proof in proofs] == [50, paced.closed_routes.cap]


def test_a_route_whose_meal_leaves_a_body_sooner_closed_is_taken_over_the_proofs_and_over_closing_first(shipped,
                                                                                                        monkeypatch):
    """16x12 seed 13 (start 3, 4 free cells): the proof's route is 281 moves, and the body
    its meal leaves reaches no closed body within CLOSING_MARGIN laps, wherever the next fruit
    comes (its later fruits take 409, 2 and 1 moves). The nearest closed body before the meal
    makes a route of 461. Another route of 281 leaves a body 28 moves from closed, as expected
    over the next fruit's places: that one is taken. Without that search, the 461; with no
    margin, no open cost is looked for and the proof's route stays."""
    grid, positions = shipped
    body, fruit = positions[13]
    proofs = Endgame(grid).winning_route(body, fruit)

    def route():
        return paced_endgame(grid).prove(body, fruit)
    proof = route()
    taken = proof.route
    assert len(proofs) == len(taken) == 281 and proof.notes.open == 28
    spied = paced_endgame(grid)
    meals = noting_meals(spied)
    spied.winning_route(body, fruit)
    assert meals == [460]  # fewer moves than the 461 through the closed body before the meal
    assert after_meal(body, taken) != after_meal(body, proofs)
    monkeypatch.setattr(Closing, "meal", nothing_found)
    assert len(route().route) == 461
    monkeypatch.setattr(closed_routes, "CLOSING_MARGIN", 0)
    assert len(route().route) == 281


def nothing_found(*args):
    """A search (a generator) that finds nothing."""
    yield from ()
    return None


def test_a_meal_that_leaves_a_body_not_proven_won_is_passed_over(shipped, monkeypatch):
    """As above, seed 13: where the search over forks does not prove the body after the 281
    moves won for every next fruit, the route through the closed body before the meal."""
    grid, positions = shipped
    body, fruit = positions[13]
    paced = paced_endgame(grid)

    def not_won(*args):
        yield from ()
        return False
    monkeypatch.setattr(paced.closed_routes, "_won_after", not_won)
    assert len(paced.winning_route(body, fruit)) == 461


def test_the_meal_may_come_before_the_body_closes_weighed_by_the_moves_expected_after_it(shipped):
    """Seed 13: a route of 281 moves, then 27 more to a closed body with the next fruit aside.
    A cost of None passes every such meal over (the closed body before the meal: 461 moves);
    a cost above the 461 has the same effect; a route is kept only where the moves expected
    are within the bound."""
    grid, positions = shipped
    body, fruit = positions[13]
    search = TimedEndgame(grid)
    start, free = packed(search, body)
    hold = search.ledger.hold

    def meal(cost, bound=1000):
        return finish(search.closing.meal(start, fruit, free, bound, hold, cost))

    def costing(moves):
        def cost(*args):
            yield from ()
            return moves
        return cost
    route, open_moves = meal(costing(0))
    assert (len(route), open_moves) == (281, 27)
    after = followed(grid, body, route, fruit)
    assert len(closing_route(search, after, -1, 100)) == 27
    assert meal(costing(20)) == (route, 20 + 7)  # its own count, where higher: at least the moves it found
    route, open_moves = meal(costing(None))
    assert (len(route), open_moves) == (461, 0)
    assert closed.run_of(search.space, followed(grid, body, route, fruit)) is not None
    assert len(meal(costing(500))[0]) == 461
    assert meal(costing(0), bound=300) is None
    assert meal(costing(100), bound=350) is None  # found at 308 moves, but 281 + 100 expected


def test_the_moves_to_a_closed_body_may_eat_the_next_fruit_on_the_way(shipped):
    """Seed 13's body after the 281 moves taken: with the next fruit on cell 106, a closed
    body is 28 moves on, eating it on the way; without eating it, none."""
    grid, positions = shipped
    body, fruit = positions[13]
    paced = paced_endgame(grid)
    after = after_meal(body, paced.winning_route(body, fruit))
    start, free = packed(paced, after)
    hold = paced.ledger.hold
    assert finish(paced.closing.closes(start, 106, free, 384, hold)) == 28
    assert closing_route(paced, after, 106, 384) is None
    assert finish(paced.closing.closes(start, 106, free, 27, hold)) is None


def test_hamilton_told_the_wait_between_moves_plays_a_timed_endgame_that_knows_what_the_untimed_one_knew():
    """Untimed (the headless benchmark) hamilton never builds the timed endgame; told the
    wait, it takes one over from the untimed one, with its searches' answers, and passes it
    each later wait."""
    solver = HamiltonSolver(Game(10, 10, 4, 37))
    untimed = solver.endgame
    assert type(untimed) is Endgame and not hasattr(untimed, "lookahead")
    untimed.moves = 7
    solver.paced(0.3)
    timed = solver.endgame
    assert isinstance(timed, TimedEndgame) and timed.pace == 0.3
    assert (timed.space, timed.ledger, timed.moves) == (untimed.space, untimed.ledger, 7)
    solver.paced(0.6)
    assert solver.endgame is timed and timed.pace == 0.6


def test_the_search_for_a_closed_body_pauses_every_slice_of_bodies_even_within_a_layer(shipped):
    """So the window's moves and keys never wait on a big layer: between two pauses it takes
    up at most SLICE bodies, each adding at most 3 to those held. 16x12 seed 19 (start 3)
    has layers of thousands of bodies on its way to a closed body, 214 moves on."""
    grid, positions = shipped
    body, fruit = positions[19]
    search = TimedEndgame(grid)
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
    search = TimedEndgame(grid)
    after = after_meal(body, Endgame(grid).winning_route(body, fruit))
    way = closing_route(search, after, -1, 100)
    assert len(way) == 80 and closed.run_of(search.space, followed(grid, after, way, -1)) is not None
    assert closing_route(search, after, -1, 79) is None
    _, closed_body, _ = position(CLOSED)
    assert closing_route(TimedEndgame(Grid(4, 3)), closed_body, -1, 10) == []


def test_the_proofs_route_stays_where_its_meal_leaves_a_body_nearer_closed_than_a_closing_route_saves(shipped):
    """16x12 seed 57 (start 3): the proof's route is 608 moves, and its meal leaves a body 3,
    2 or 2 moves from closed, as the next fruit comes: its open cost is 3, the mean rounded
    up; a route through a closed body is 634: not taken."""
    grid, positions = shipped
    body, fruit = positions[57]
    paced = paced_endgame(grid)
    meals = noting_meals(paced)
    proof = paced.prove(body, fruit)
    route = proof.route
    assert len(route) == 608 and proof.notes.open == 3
    assert meals == []  # 3 moves, fewer than the 4 free cells: no route closing after the meal is looked for
    start, free = packed(paced, after_meal(body, route))
    moves = [finish(paced.closing.closes(start, place, free, 384, paced.ledger.hold)) for place in cells_of(free)]
    assert sorted(moves) == [2, 2, 3]


def test_of_the_routes_proven_the_snake_sets_out_on_the_soonest_with_its_open_cost_counted():
    """From the snake's place: 3 moves that leave no closed body (and a lap more), or 8
    through a closed body: the 8."""
    grid, body, fruit = position(CLOSED)
    paced = paced_endgame(grid)
    proof = Proof(lambda notes: (step for step in ()), body, fruit, loop=list(range(1000, 1010)))
    open_route, closed_route = [1, 2, 3], [4, 5, 6, 7, 8, 9, 10, 11]
    paced.lookahead.taken = [Kept(0, open_route, 12), Kept(0, closed_route, 0)]
    assert paced.lookahead.moves_left(proof) == 8
    assert paced.lookahead.soonest(proof) == (closed_route, 0)


def test_a_route_proven_is_kept_with_its_open_cost():
    grid, body, fruit = position(CLOSED)
    paced = paced_endgame(grid)
    for route, cost in (([A, 6, C], 12), ([A, B, C], 0)):
        proof = Proof(lambda notes: (step for step in ()), body, fruit, loop=list(range(1000, 1010)))
        proof.done, proof.route, proof.notes.open = True, route, cost
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
        notes = Notes()
        assert finish(paced_endgame(grid).proving(after, next_fruit, notes, beside=True)) == proof.route
        assert notes.open == proof.notes.open


def at_the_cap(self, body, free, room):
    """A ClosedRoutes.open_cost that says every meal leaves the body at the cap (a generator)."""
    yield from ()
    return self.cap


def test_where_the_breadth_first_searches_find_no_closed_body_a_round_over_forks_finds_a_meal_that_closes_it(
        seed_37, monkeypatch):
    """10x10 seed 37 (start 4, 4 free cells): the proof's meal leaves the body open. Where
    the breadth-first searches for a closed body find nothing (as where they fill the hold),
    a round over forks within the proof's route and 4 moves more finds a route whose meal
    leaves the body closed: open cost 0. Where the snake will look on instead (the open
    cost at its cap, proofs quick), that round is not made: the proof's route stays."""
    grid, body, fruit = seed_37
    monkeypatch.setattr(Closing, "route", nothing_found)
    monkeypatch.setattr(Closing, "meal", nothing_found)
    paced = paced_endgame(grid)
    proof = paced.prove(body, fruit)
    route = proof.route
    assert proof.notes.open == 0 and closed.run_of(paced.space, followed(grid, body, route, fruit)) is not None
    monkeypatch.setattr(ClosedRoutes, "open_cost", at_the_cap)
    capped = paced_endgame(grid)
    proof = capped.prove(body, fruit)
    assert proof.notes.open == capped.closed_routes.cap
    assert closed.run_of(capped.space, after_meal(body, proof.route)) is None
    assert len(proof.route) < len(route) <= len(proof.route) + 4


def test_the_round_over_forks_for_a_meal_that_closes_the_body_comes_before_the_breadth_first_search_for_one(
        seed_37, monkeypatch):
    """Seed 37, as above (open cost 81): the search for the nearest closed body comes first;
    where it finds none, the round over forks, cut at the proof's own work. Where that finds
    the route of 160 whose meal closes the body, the breadth-first search for a shorter one
    (within 159 moves) is made only while the loop still takes the snake along that route's
    way, the first 32 moves: past there the route waits for a lap of the loop, and proofs
    rooted ahead meanwhile find their own."""
    grid, body, fruit = seed_37
    asked, circling = [], [0]  # the moves the snake circles while the first search runs

    def noted(name):
        def search(closing, body, fruit, free, bound, *rest):
            asked.append((name, bound))
            if name == "route":
                paced.moves += circling[0]
            yield from ()
            return None
        return search
    monkeypatch.setattr(Closing, "route", noted("route"))
    monkeypatch.setattr(Closing, "meal", noted("meal"))
    paced = paced_endgame(grid)
    proof = paced.prove(body, fruit)
    assert len(proof.route) == 160 and proof.notes.open == 0 and asked == [("route", 158 + 81), ("meal", 159)]
    asked[:], circling[0] = [], 40
    paced = paced_endgame(grid)  # the loop left the route's way while the searches ran: no breadth-first search
    assert len(paced.winning_route(body, fruit)) == 160 and asked == [("route", 158 + 81)]
    asked[:], circling[0] = [], 0
    monkeypatch.setattr(ClosedRoutes, "open_cost", at_the_cap)  # where the snake will look on, no round:
    capped = paced_endgame(grid)  # both breadth-first searches
    cap = capped.closed_routes.cap
    assert len(capped.winning_route(body, fruit)) == 158 and asked == [("route", 158 + cap), ("meal", 158 + cap - 1)]


def test_after_a_closing_meal_the_search_for_a_shorter_one_stops_where_the_loop_leaves_its_way(seed_37):
    """Seed 37: the loop the snake circles on goes along the first 33 moves of the proof's
    route of 158, so for a proof begun at move 5 the search stops at move 5 + 32, a move
    before the loop leaves that way; for a proof rooted ahead, when the snake gets to its
    root."""
    grid, body, fruit = seed_37
    search = paced_endgame(grid)
    route = Endgame(grid).winning_route(body, fruit)
    assert len(route) == 158 and going_along(search.loop(body, fruit), 0, route) == 33
    assert search.closed_routes.along_until(body, fruit, route, Began(0, 5, None)) == 5 + 32
    assert search.closed_routes.along_until(body, fruit, route, Began(0, 5, 70)) == 70


def test_the_round_over_forks_for_a_meal_that_closes_the_body_stops_at_the_proofs_work_and_at_the_searches_stop(
        seed_37):
    """Seed 37, as above: the round stops (None) once it has done as much work as the proof
    had, and at the stop it is given, `weigh`'s for the searches beside it (ClosedRoutes.until:
    where no lap is kept, a move before the loop leaves the route's way); with the work, it
    finds the route of 160, first freeing the bodies an ended search let go of."""
    grid, body, fruit = seed_37
    search = TimedEndgame(grid)
    route = Endgame(grid).winning_route(body, fruit)

    def rounded(proof_work, moves, stop=lambda steps: steps):
        search.moves = moves
        began = Began(search.ledger.spent - proof_work, 0, None)
        return finish(search.closed_routes.closing_meal(body, fruit, route, 100, began, stop))
    assert rounded(0, 0) is None
    assert rounded(10 ** 9, 95, lambda steps: stopping(steps, lambda: search.moves >= 95)) is None
    search.ledger.let_go(dict.fromkeys(range(search.ledger.hold - search.ledger.held)))  # an ended search's
    search.ledger.held = search.ledger.hold  # bodies, the hold full till they are freed
    found = rounded(10 ** 9, 0)
    assert len(found) <= len(route) + 4 and closed.run_of(search.space, after_meal(body, found)) is not None
