"""The endgame played timed (issue: Tab finishes the game in the time the computer needs).

A game that thinks in the time between moves (the window, or --move-time) roots each proof
where the snake will be when it is likely done, keeps every route proven, and makes the
next fruit's proofs ready while the snake goes to eat. These tests drive it with a work
clock (time is the work done), so they are the same on any machine.
"""
import copy
from types import SimpleNamespace

import pytest

from solver import EndgameState
from boards import NOT_WON, board
from game import WON, Game
from hamilton import HamiltonSolver
from hamilton.solver import SURVIVAL_LAPS
from hamilton.endgame import endgame as endgame_module
from hamilton.endgame.timed import endgame as timed_module
from hamilton.endgame.timed.closed_routes import CLOSING_MARGIN, ClosedRoutes
from hamilton.endgame.timed.endgame import LONG_SPARE, WIDE_WAIT
from hamilton.endgame import Endgame, Proof, TimedEndgame, closed
from hamilton.endgame.forks import ForkSearch
from hamilton.endgame.layers import TooBig
from hamilton.endgame.ledger import SLICE
from hamilton.endgame.space import after_meal
from hamilton.endgame.proof import Notes, going_along
from hamilton.endgame.timed.lookahead import LOOK_STEP, Kept, Lookahead
from hamilton.grid import Grid
from hamilton.slices import finish
from hamilton.verdict import Answer, Verdict
from headless.figures import Timing
from headless.games import hand_over, play
from play import Drive
from test_endgame import eats_by, seed_37_and_29_on_ten_by_ten


def timed_until_route(grid, body, fruit, per_tick, rooted=None, search=None):
    """Play the endgame of (body, fruit) move by move, `per_tick` work of thinking between
    moves, round the loop until a route is handed out: (moves circled, route, roots seen).
    `rooted`, a list, gets (the snake's place round the loop, root) for each root seen.
    `search`: a TimedEndgame that has played before (else a new one)."""
    search = TimedEndgame(grid) if search is None else search

    def clock():
        return search.ledger.spent
    moves, roots = 0, []
    while True:
        search.moves += 1
        cells, won = search.move(body, fruit)
        if won:
            return search, moves, body, cells, roots
        search.think(clock() + per_tick, clock)
        if search.proof is not None and search.proof.root and search.proof.root not in roots:
            roots.append(search.proof.root)
            if rooted is not None:
                rooted.append((search.proof.at, search.proof.root))
        body = (cells[0],) + body[:-1]
        moves += 1


def circled_until_route(search, body, fruit, wait, watch):
    """Play `search`'s endgame of (body, fruit) round the loop, `wait` of work between moves
    (a work clock), `watch()` called before each wait, until a route is handed out: that route."""
    def clock():
        return search.ledger.spent
    while True:
        search.moves += 1
        cells, won = search.move(body, fruit)
        if won:
            return cells
        watch()
        search.think(clock() + wait, clock)
        body = (cells[0],) + body[:-1]


def test_while_a_closing_route_is_looked_for_the_win_counts_as_proven_by_at_most_its_open_cost_more(seed_37):
    """10x10 seed 37, told it waits 0.3 s a move, with little work between moves: once the
    proof has its route, a route through a closed body is looked for. Meanwhile the window
    counts at most that route and its open cost, at first CLOSING_MARGIN laps, not
    "searching"; the route taken (the fruit 142 moves after the hand-over) keeps within every
    count it showed."""
    search = TimedEndgame(Grid(10, 10), pace=0.3)
    shown = []

    def watch():
        proof = search.proof
        back = len(proof.way_to(proof.root))
        shown.append((search.moves, search.lookahead.moves_left(proof), proof.notes.slack, back, proof.notes.spare))
    route = circled_until_route(search, *seed_37, 5000, watch)
    eaten = search.moves + len(route) - 1
    assert eaten == 142
    looking = [(left, back, spare, slack) for _, left, slack, back, spare in shown if slack]
    assert looking and all(left == back + len(spare) + slack and slack <= CLOSING_MARGIN * 100
                           for left, back, spare, slack in looking)
    assert len({tuple(spare) for _, _, spare, _ in looking}) == 1  # the proof's route, while the search goes on
    assert all(left is None or left >= eaten - moves for moves, left, *_ in shown)


@pytest.fixture(scope="module")
def seed_37():
    return seed_37_and_29_on_ten_by_ten()[37]


@pytest.fixture(scope="module")
def seed_29():
    return seed_37_and_29_on_ten_by_ten()[29]


def test_a_proof_done_away_from_its_root_is_followed_by_one_rooted_where_the_snake_will_be(seed_37):
    """10x10 seed 37 (4 free cells), 30,000 of work between moves: the first proof, of the
    position handed over, ends a few moves on; rather than going round the loop back to it
    (about 90 moves, then its route of 158), the next proof is rooted ahead, at 13, and the
    snake sets out from there, after 13 moves, on the route of 145 proven from it. (A third
    proof, rooted at 10 meanwhile, proved one of 244: at 10 the snake went on.)"""
    body, fruit = seed_37
    grid = Grid(10, 10)
    search, moves, at, route, roots = timed_until_route(grid, body, fruit, 30_000)
    assert roots == [13, 10] and (moves, len(route)) == (13, 145)
    assert eats_by(grid, at, fruit, route)


def test_while_the_loop_goes_along_a_proven_routes_way_the_snake_loses_nothing(seed_37):
    """With the whole proof's work in one wait, the first proof is done one move on. The loop
    then takes the snake along that route's first cells, so it goes on, while proofs rooted
    4 and 5 moves ahead look for a shorter one. Neither finds one (the first proves a longer
    route, the second the rest of the first route): the snake takes the rest of the first
    route, and eats in as many moves as the whole proof's route from the hand-over."""
    body, fruit = seed_37
    grid = Grid(10, 10)
    first = Endgame(grid).winning_route(body, fruit)
    search, moves, at, route, roots = timed_until_route(grid, body, fruit, 3_000_000)
    assert roots == [4, 5] and moves == 5 and route == first[moves:]


def test_a_proof_rooted_ahead_gives_a_shorter_route_than_the_rest_of_the_first(seed_29):
    """10x10 seed 29 (6 free cells), 300,000 of work between moves: a proof rooted a few moves
    on, done while the loop takes the snake along the way of the route proven from the
    hand-over, proves a shorter one from there, and the snake takes it at that root: it eats
    sooner than by the first route."""
    body, fruit = seed_29
    grid = Grid(10, 10)
    first = Endgame(grid).winning_route(body, fruit)
    search, moves, at, route, roots = timed_until_route(grid, body, fruit, 300_000)
    assert moves > 0 and moves in roots and moves + len(route) < len(first)
    assert eats_by(grid, at, fruit, route)


def test_at_the_root_of_a_route_that_is_not_the_soonest_the_snake_goes_on_rooting_proofs_ahead(seed_37):
    """16x12 seed 42's second fruit: from 25 moves on round the loop of 188, a proof proved a
    route of 492 moves, where the first root's was 329: setting out there, by that route or
    round to the first root (163 moves, then 329), the snake would have eaten 492 moves on.
    Going on, a proof rooted at 145 proved one of 184, and it ate 120 + 184 moves on. Here
    with routes given: at the second root the snake does not set out, and another proof is
    rooted ahead (as far as the last one took, and two); it sets out at the soonest route's
    root, or at the root of a route that has become the soonest."""
    body, fruit = seed_37
    search = TimedEndgame(Grid(10, 10))
    loop = search.loop(body, fruit)
    lookahead = search.lookahead

    def at(place, started=0):
        return Proof(lambda notes: (step for step in ()), body, fruit, loop, place, 5, started)
    search.moves = 3
    lookahead.taken = [Kept(0, [-1] * 150, 0), Kept(5, [-1] * 400, 0)]  # from 5: 91 moves round, then 150
    proof = at(5)
    assert not lookahead.ready(proof)
    ahead = lookahead.root_ahead(proof)
    assert ahead is not None and ahead.root == 5 + 3 + 2
    assert lookahead.ready(at(0))
    lookahead.taken.append(Kept(10, [-1] * 200, 0))  # from 10: 200, against 86 and 150
    assert not lookahead.ready(at(9)) and lookahead.ready(at(10))


def open_costs(monkeypatch, costs):
    """Make the open cost of each route the endgame proves the next of `costs` (the last one
    over again), as if its meal left the body that far from closed: [(route, open cost)],
    filled in as they are proven."""
    proving, given, proven = TimedEndgame.proving, iter(costs), []

    def costed(self, body, fruit, notes, arrival=None, beside=False, closing_within=None):
        route = yield from proving(self, body, fruit, notes, arrival, beside, closing_within)
        notes.open = next(given, costs[-1])(self)
        proven.append((route, notes.open))
        return route
    monkeypatch.setattr(TimedEndgame, "proving", costed)
    return proven


def at_cap(search):
    return search.closed_routes.cap


def test_while_every_route_proven_leaves_a_body_far_from_closed_the_snake_looks_on_for_a_lap(
        seed_37, monkeypatch):
    """10x10 seed 37, 3,000 of work between moves: the first proof ends after 25 moves, and
    the snake sets out after 33, by a route of 125. With every route's open cost at its cap,
    it goes on round its loop of 96 instead, rooting proofs LOOK_STEP moves ahead, not as far
    as the first proof took (27), and sets out within a lap of where it first could have: by
    a route found meanwhile, shorter than the one it passed up."""
    body, fruit = seed_37
    grid = Grid(10, 10)
    search, moves, at, route, roots = timed_until_route(grid, body, fruit, 3_000)
    assert (moves, len(route), roots) == (33, 125, [])
    open_costs(monkeypatch, [at_cap])
    monkeypatch.setattr("hamilton.endgame.timed.lookahead.LOOK_WORK", 3 * 3_000)  # less than LOOK_STEP moves give
    rooted = []
    search, moves, at, route, roots = timed_until_route(grid, body, fruit, 3_000, rooted)
    lap = len(search.loop(body, fruit))
    assert lap == 96 and len(roots) > 10 and all(0 < (root - place) % lap <= LOOK_STEP for place, root in rooted)
    assert lap < moves <= 33 + lap and len(route) < 125 and eats_by(grid, at, fruit, route)
    search.moves += 1000  # later, the same position asked again: the snake looks on again, a lap
    again = timed_until_route(grid, body, fruit, 3_000, search=search)
    assert again[1] > lap


def test_where_the_moves_give_less_than_look_work_the_proofs_looking_on_are_rooted_further_apart(
        seed_37, monkeypatch):
    """As above, but LOOK_WORK is 20 moves of the first proof's thinking (as on a machine
    slower than the one LOOK_WORK was set on): each proof rooted while the snake looks on
    is rooted as far ahead as the one before took (and two), up to 20 moves rather than
    LOOK_STEP, so it has up to that much work before the snake is there. The first proof's
    work a move is measured as it keeps its route."""
    body, fruit = seed_37
    grid = Grid(10, 10)
    open_costs(monkeypatch, [at_cap])
    search = TimedEndgame(grid)
    timed_until_route(grid, body, fruit, 3_000, search=search)
    per_move = search.lookahead.per_move
    assert 3_000 <= per_move < 10_000
    monkeypatch.setattr("hamilton.endgame.timed.lookahead.LOOK_WORK", 20 * per_move)
    rooted = []
    search, moves, at, route, roots = timed_until_route(grid, body, fruit, 3_000, rooted)
    step = search.lookahead.look_step()
    lap = len(search.loop(body, fruit))
    ahead = [(root - place) % lap for place, root in rooted[1:]]  # the first is rooted as far as the first proof took
    assert step == 20 and len(ahead) > 10 and all(0 < k <= step for k in ahead) and max(ahead) > LOOK_STEP
    assert eats_by(grid, at, fruit, route)
    search.lookahead.per_move = 20 * per_move  # a move gives it all: LOOK_STEP still
    assert search.lookahead.look_step() == LOOK_STEP


def test_while_the_snake_looks_on_the_board_says_at_most_and_that_bound_holds(seed_37, monkeypatch):
    """Looking on, the moves to the fruit are not known: they are at most the soonest route
    from here and a lap of the loop (the snake sets out, at the latest, where it first could
    have, a lap on). The window says "at most" while the snake looks on, and each count it
    shows is kept: once the lap is over, the count is the moves left."""
    open_costs(monkeypatch, [at_cap])
    body, fruit = seed_37
    search, shown = TimedEndgame(Grid(10, 10)), []

    def watch():
        lookahead, proof = search.lookahead, search.proof
        if proof is not None and lookahead.taken:
            shown.append((search.moves, lookahead.moves_left(proof), lookahead.at_most(proof)))
    route = circled_until_route(search, body, fruit, 3_000, watch)
    set_out = search.moves - 1  # the moves made when the route was handed out
    looking = [moves for moves, _, at_most in shown if at_most]
    assert len(looking) > 50 and looking == [moves for moves, _, _ in shown if moves < search.lookahead.declined + 96]
    assert all(left >= set_out - moves + len(route) if at_most else left == set_out - moves + len(route)
               for moves, left, at_most in shown)


def test_while_a_proof_rooted_ahead_is_under_way_the_board_says_at_most(seed_37):
    """With a route proven, the snake circles while a proof rooted ahead may find a sooner
    one: the moves left are at most those of the soonest route so far, and the board says
    "at most" (16x12 seed 42's second fruit: a proof rooted 120 moves on from where the snake
    could first have set out made the fruit 188 moves sooner). Once no proof is under way,
    the count is the moves left."""
    body, fruit = seed_37
    search, shown = TimedEndgame(Grid(10, 10)), []

    def watch():
        lookahead, proof = search.lookahead, search.proof
        if lookahead.taken:
            shown.append((search.moves, lookahead.moves_left(proof), lookahead.at_most(proof), proof.kept))
    route = circled_until_route(search, body, fruit, 30_000, watch)
    set_out = search.moves - 1
    assert [moves for moves, _, at_most, _ in shown if at_most] == [7, 8, 9]
    assert all(at_most != kept for _, _, at_most, kept in shown)
    assert all(left == set_out - moves + len(route) for moves, left, *_ in shown)


def test_a_proof_given_up_while_the_snake_looks_on_is_followed_by_another_root(seed_37, monkeypatch):
    """The third proof is given up (it would hold too many bodies): the snake does not set out
    then, as it would with a route nearer closed, but looks on, within a lap."""
    def given_up(search):
        raise TooBig
    open_costs(monkeypatch, [at_cap, at_cap, given_up, at_cap])
    body, fruit = seed_37
    search, moves, at, route, roots = timed_until_route(Grid(10, 10), body, fruit, 3_000)
    assert len(roots) > 10 and 96 < moves <= 33 + 96


def test_the_snake_looks_on_while_the_route_it_would_take_leaves_a_body_at_the_cap(seed_37):
    """A route nearer closed does not end looking on if it is not the one the snake would
    take, counted with its open cost (16x12 seed 9: a root's route of 1,145 moves, 353 from
    closed, was proven while the 1,043 moves at the cap were sooner)."""
    body, fruit = seed_37
    search = TimedEndgame(Grid(10, 10))
    proof = Proof(lambda notes: (step for step in ()), body, fruit, search.loop(body, fruit))
    lookahead, cap = search.lookahead, search.closed_routes.cap
    lookahead.taken = [Kept(0, [-1] * 150, cap), Kept(5, [-1] * 400, cap - 1)]  # 350 against 5 + 400 + 199
    assert lookahead.looking_on(proof)
    lookahead.taken = [Kept(0, [-1] * 150, cap), Kept(5, [-1] * 100, cap - 1)]  # 350 against 5 + 100 + 199
    assert not lookahead.looking_on(proof)


def test_where_proofs_are_not_quick_the_snake_does_not_look_on(seed_37, monkeypatch):
    """Seed 37 has 4 free cells. Were proofs quick only with 3 or fewer, the snake would set
    out where it does without looking on (after 33 moves, by a route of 125), though every
    route's open cost is at its cap."""
    open_costs(monkeypatch, [at_cap])
    monkeypatch.setattr(endgame_module, "FREE_PATIENT", 3)
    monkeypatch.setattr(timed_module, "FREE_PATIENT", 3)
    body, fruit = seed_37
    search, moves, at, route, roots = timed_until_route(Grid(10, 10), body, fruit, 3_000)
    assert (moves, len(route)) == (33, 125) and not search.quick(body)


def test_where_the_first_proof_took_longer_than_a_lap_the_snake_does_not_look_on(seed_37, monkeypatch):
    """With a third of the work between moves, and none in the moves themselves, the first
    proof keeps its route after more moves than the loop's lap (as 16x12 seed 72's took 375
    moves, its loop 188): proofs rooted LOOK_STEP apart would have a small part of its time.
    Though every route's open cost is at its cap, the snake does not look on: it sets out by
    that route the next time the loop brings it to the root."""
    proven = open_costs(monkeypatch, [at_cap])
    body, fruit = seed_37
    grid = Grid(10, 10)
    search, moves, at, route, roots = timed_until_route(grid, body, fruit, 1_000, search=TimedEndgame(grid, work=0))
    took, lap = search.lookahead.first_took, len(search.loop(body, fruit))
    assert took > lap and moves == -(-took // lap) * lap  # the first pass of the root after the proof
    assert roots == [] and route == proven[0][0] and eats_by(grid, at, fruit, route)


def test_looking_on_ends_at_the_first_route_whose_body_is_nearer_closed(seed_37, monkeypatch):
    """The routes of the first two roots leave bodies at the cap; the third root's, 2 moves
    from closed: the snake sets out on it from its root, though it is longer than the others."""
    proven = open_costs(monkeypatch, [at_cap, at_cap, lambda search: 2])
    body, fruit = seed_37
    grid = Grid(10, 10)
    search, moves, at, route, roots = timed_until_route(grid, body, fruit, 30_000)
    assert roots == [13, 10] and moves == 10 and (route, 2) == proven[2]
    assert len(route) > max(len(other) for other, _ in proven[:2]) and eats_by(grid, at, fruit, route)


def test_looking_on_the_proofs_rooted_ahead_first_look_for_a_route_through_the_nearest_closed_body(
        seed_37, monkeypatch):
    """A game told its moves wait 0.3 s, every proof's route counted at the cap (made so here:
    no searches for a closed body after a proof), so the snake looks on. A proof rooted while
    it does first looks for a route through the nearest closed body, shorter than the soonest
    route counted with its open cost: such a route needs no proof (every later fruit is on
    the closed body's cycle). The snake sets out on one, closed on the way, 69 moves after
    the hand-over, where without it, it would look on for the whole lap. (16x12, start 3,
    seed 9: from roots 120 to 140 moves round its loop, one of about 700 moves, found with
    0.6 million of work, where the proof takes 2.6 million or more.)"""
    def at_the_cap(self, body, fruit, route, beside, began, notes):
        yield from ()
        return route, self.cap
    monkeypatch.setattr(ClosedRoutes, "weigh", at_the_cap)
    body, fruit = seed_37
    grid = Grid(10, 10)
    search = TimedEndgame(grid, pace=0.3)
    asked = []
    nearest = ClosedRoutes.nearest

    def noted(self, body, fruit, within, until):
        asked.append(within)
        return (yield from nearest(self, body, fruit, within, until))
    monkeypatch.setattr(ClosedRoutes, "nearest", noted)
    search, moves, at, route, roots = timed_until_route(grid, body, fruit, 3_000, search=search)
    assert asked and moves < 96 and eats_by(grid, at, fruit, route)  # without: the lap, 129
    bodies = [at]
    for cell in route[:-1]:
        bodies.append((cell,) + bodies[-1][:-1])
    assert any(closed.run_of(search.space, b) is not None for b in bodies)


def test_a_route_through_the_nearest_closed_body_is_taken_without_a_proof_where_it_is_short_enough(
        seed_37, monkeypatch):
    """The nearest closed body from seed 37's hand-over gives a route of 142 moves. Asked for
    one of fewer than 143 moves, a proof rooted ahead while the snake looks on takes it with
    no proof made (its meal leaves the body closed: open cost 0); asked for fewer than 142,
    it finds none, and the proof goes on as any other."""
    body, fruit = seed_37
    grid = Grid(10, 10)
    proofs = []
    proven = Endgame._proven

    def noted(self, *args):
        proofs.append(args)
        return (yield from proven(self, *args))
    monkeypatch.setattr(Endgame, "_proven", noted)
    paced = TimedEndgame(grid, pace=0.3)
    notes = Notes()
    route = finish(paced.proving(body, fruit, notes, 10**9, closing_within=143))
    assert len(route) == 142 and notes.open == 0 and proofs == [] and eats_by(grid, body, fruit, route)
    route = finish(paced.proving(body, fruit, Notes(), 10**9, closing_within=142))
    assert proofs and route is not None and eats_by(grid, body, fruit, route)


def test_the_next_fruits_proofs_are_made_ready_while_the_snake_goes_to_eat(seed_37):
    """Setting out, the endgame knows the body after the meal: a proof for every cell the next
    fruit can take is made ready, a slice of each in turn; the one whose fruit comes is taken
    at once, with no move round a loop, and setting out on its route, the snake has the
    proofs of the fruit after it made ready in turn (16x12 seed 56: without them, its third
    fruit was proven from scratch while the snake circled past it, 380 moves rather than 2)."""
    body, fruit = seed_37
    grid = Grid(10, 10)
    search, moves, at, route, roots = timed_until_route(grid, body, fruit, 3_000_000)
    after = tuple((route[::-1] + list(at))[:len(at) + 1])
    free = sorted(set(range(100)) - set(after))
    assert sorted(search.lookahead.prepared) == [(after, f) for f in free]

    def clock():
        return search.ledger.spent
    search.think(clock() + 2000, clock)  # a few slices: each proof has had its turn
    slices = [proof.search.slices for proof in search.lookahead.prepared.values() if not proof.done]
    assert slices and max(slices) - min(slices) <= 1
    while search.think(clock() + 100_000, clock):
        pass
    search.moves += 1
    cells, won = search.move(after, free[0])
    assert won and eats_by(grid, after, free[0], cells)
    again = after_meal(after, cells)
    assert sorted(search.lookahead.prepared) == [(again, f) for f in sorted(set(range(100)) - set(again))]


def test_a_timed_search_for_a_shorter_route_keeps_the_shorter_of_the_two(seed_37, monkeypatch):
    """A layered search gone depth first can find a route longer than the first one; timed,
    the first is kept. Untimed, the search's answer is taken as it comes (the benchmark's play)."""
    body, fruit = seed_37

    def longer(self, body, fruit, free, longest, layered):
        yield
        return self.space.pack([0] * (longest + 5))
    monkeypatch.setattr(ForkSearch, "shorter", longer)
    grid = Grid(10, 10)
    timed = TimedEndgame(grid).prove(body, fruit)
    assert timed.route == timed.notes.spare  # the first route, kept
    untimed = Endgame(grid).prove(body, fruit)
    assert len(untimed.route) == len(untimed.notes.spare) + 5


def test_a_win_proven_by_a_long_route_is_counted_down_while_a_shorter_one_is_looked_for(seed_37):
    """5,000 of work between moves: the first round over forks proves a win by a route of
    1,310 moves after three moves, and the rounds within a bound then look for a shorter one
    (they find 127 moves from where the snake then is). Meanwhile the win is known: the
    moves left are those of the long route, from the snake's place round to its root, and
    they count down (the window says "proven" rather than "searching")."""
    search, by_spare = TimedEndgame(Grid(10, 10)), []

    def watch():
        proof = search.proof
        if proof.notes.spare is not None and not search.lookahead.taken:
            by_spare.append(search.lookahead.moves_left(proof))
            assert by_spare[-1] == len(proof.way_to(proof.root)) + len(proof.notes.spare)
    route = circled_until_route(search, *seed_37, 5_000, watch)
    assert len(by_spare) > 10 and by_spare == list(range(by_spare[0], by_spare[0] - len(by_spare), -1))
    assert len(route) < by_spare[-1] - 1000



def test_hamilton_says_a_win_proven_by_a_long_route_is_at_most_its_moves():
    """The same hand-over played by hamilton, 5,000 of work between moves: while only the long
    route is proven, its decision is a win proven in at most that many moves (the window's
    box says "at most"); once a shorter route is found, the count is that route's."""
    game = Game(10, 10, 4, seed=37)
    assert hand_over(game, "greedy", 10_000)[0]
    solver, seen = HamiltonSolver(game), []
    clock = lambda: solver.endgame.ledger.spent  # noqa: E731
    drive, length = Drive(game, solver), len(game.snake)
    while len(game.snake) == length:
        direction = solver.next_direction()
        seen.append((solver.decision.at_most, solver.decision.endgame, solver.decision.distance))
        solver.think(clock() + 5_000, clock)
        drive.move(direction)
    at_most = [distance for bound, state, distance in seen if bound]
    assert len(at_most) > 10 and all(state == EndgameState.WINNING for bound, state, _ in seen if bound)
    assert min(at_most) > 1000 and seen[-1][0] is None and seen[-1][2] < 200


def played(game, solver, wait=None, moves=3000):
    """Play `autopilot` on `game`, a wait of `wait` between moves if given (on a clock of the
    work done): the steps of its decisions, and the move of its first meal."""
    clock = lambda: solver.endgame.ledger.spent  # noqa: E731
    drive, length, steps, first_meal = Drive(game, solver), len(game.snake), [], None
    while not game.over() and len(steps) < moves:
        direction = solver.next_direction()
        steps.append(solver.decision.step)
        if wait is not None:
            solver.think(clock() + wait, clock)
        drive.move(direction)
        if first_meal is None and len(game.snake) > length:
            first_meal = len(steps)
    return steps, first_meal


def test_a_timed_game_proves_where_survival_does_not_eat_even_past_free_max():
    """10x10 seed 34's hand-over has 6 free cells and no route brings its body back into
    order. Asked only up to 4 free cells, the untimed game keeps the snake alive, and it
    eats after 2,073 moves. A timed game whose moves wait WIDE_WAIT or more lets survival
    try for SURVIVAL_LAPS laps of the board (400 moves), then asks the search anyway (up to
    FREE_MAX_TIMED free cells), proves a win at once, eats about a hundred moves later and
    wins the game: the position after that meal, with 5 free cells, is won, and the
    endgame goes on from it. Where its moves wait less, as at U's fastest speed, it plays as untimed."""
    def handed_over():
        game = Game(10, 10, 4, seed=34)
        assert hand_over(game, "greedy", 10_000)[0] and game.cells - len(game.snake) == 6
        solver = HamiltonSolver(game)
        solver.endgame = Endgame(solver.grid, free_max=4)
        body = solver.grid.flat_body(game.snake)
        assert solver._restore(body, solver.grid.index(game.fruit.last_generate)) is None
        return game, solver
    game, untimed = handed_over()
    steps, first_meal = played(game, untimed, moves=500)
    assert "endgame" not in steps and first_meal is None
    game, timed = handed_over()
    steps, first_meal = played(game, timed, wait=300_000)
    laps = SURVIVAL_LAPS * game.cells
    assert "endgame" not in steps[:laps] and steps[laps] == "endgame"
    assert first_meal < laps + 120 and game.state == WON
    assert steps[first_meal] == "endgame"  # the position it led to, made ready, is the endgame's (not survival's)
    game, fast = handed_over()
    steps, first_meal = played(game, fast, wait=WIDE_WAIT / 2, moves=500)
    assert "endgame" not in steps and first_meal is None


def test_on_the_shipped_board_a_timed_game_proves_a_hand_over_with_8_free_cells():
    """16x12 seed 16 (start 3) is handed over with 8 free cells, and no route brings the body
    back into order: untimed, hamilton keeps it alive (the benchmark's play), and survival
    eats after 20,541 moves; timed, it sets out to prove it after SURVIVAL_LAPS laps."""
    game = Game(16, 12, 3, seed=16)
    assert hand_over(game, "greedy", 100 * game.cells)[0] and game.cells - len(game.snake) == 8
    untimed_game, timed_game = copy.deepcopy(game), copy.deepcopy(game)
    laps = SURVIVAL_LAPS * game.cells
    untimed_steps, _ = played(untimed_game, HamiltonSolver(untimed_game), moves=laps + 2)
    timed_steps, _ = played(timed_game, HamiltonSolver(timed_game), wait=SLICE, moves=laps + 2)
    assert "endgame" not in untimed_steps + timed_steps[:laps] and timed_steps[laps:] == ["endgame", "endgame"]


def test_while_survival_has_its_laps_the_decision_counts_down_to_the_search():
    """Seed 16 again: a timed game says, from its third move (the first whose last move's
    wait is known), that the search begins if nothing is eaten within the moves left of
    SURVIVAL_LAPS laps, counting down; an untimed one, or one whose moves wait less than
    WIDE_WAIT, never searches, and says nothing of it."""
    game = Game(16, 12, 3, seed=16)
    assert hand_over(game, "greedy", 100 * game.cells)[0] and game.cells - len(game.snake) == 8
    laps = SURVIVAL_LAPS * game.cells

    def told(wait):
        played_game = copy.deepcopy(game)
        solver = HamiltonSolver(played_game)
        clock = lambda: solver.endgame.ledger.spent  # noqa: E731
        drive, seen = Drive(played_game, solver), []
        for _ in range(30):
            direction = solver.next_direction()
            decision = solver.decision
            seen.append(decision.distance if decision.endgame == EndgameState.SURVIVING else None)
            if wait is not None:
                solver.think(clock() + wait, clock)
            drive.move(direction)
        return seen
    assert told(SLICE) == [None, None] + [laps - move for move in range(2, 30)]
    assert told(None) == told(WIDE_WAIT / 2) == [None] * 30
    solver = HamiltonSolver(copy.deepcopy(game))
    solver.endgame = TimedEndgame(solver.grid)
    solver.endgame.wait = WIDE_WAIT
    body, fruit = solver.grid.flat_body(game.snake), solver.grid.index(game.fruit.last_generate)
    solver.hungry = laps - 1
    assert solver._moves_to_search(body, fruit) == 1
    solver.hungry = laps  # searched by now (or, with no loop to prove it on, never): no count below 1
    assert solver._moves_to_search(body, fruit) is None


def test_the_window_s_seconds_searching_count_from_when_the_caption_began_to_say_it():
    """docs/tab_timing.py: seed 16's caption counts down to the search for 230 s after Tab;
    "searching" is what it says from then until the win is proven."""
    from docs.tab_timing import searching_seconds
    assert searching_seconds({"searching": 230.7, "proven": 237.3}) == 6.6
    assert searching_seconds({"searching": 0.3, "no win left": 0.6}) == 0.3
    assert searching_seconds({"proven": 0.3}) == 0 and searching_seconds({"searching": 0.3}) is None


def test_a_timed_game_shortens_a_very_long_route_with_twice_the_whole_limit():
    """A proof with 6 free cells may do a tenth of the limit; one that has proven a win only
    by a route longer than LONG_SPARE laps of the board gets all of it twice over (the
    doubling rounds, then the rounds abreast) in a timed game whose moves wait WIDE_WAIT or
    more (16x12 seed 39, start 3: 44,453 moves, or 555 with the whole limit), and in no other
    game."""
    timed, untimed = TimedEndgame(Grid(16, 12), limit=1000), Endgame(Grid(16, 12), limit=1000)
    proof = Proof(lambda notes: (step for step in ()), tuple(range(186)), 190)
    long_route = [0] * (LONG_SPARE * 192 + 1)
    seen = []
    for search, wait, spare in ((timed, WIDE_WAIT, long_route), (untimed, WIDE_WAIT, long_route),
                                (timed, WIDE_WAIT / 2, long_route), (timed, WIDE_WAIT, long_route[:-1]),
                                (timed, WIDE_WAIT, None)):
        search.wait, proof.notes.spare = wait, spare
        seen.append(search.limit_of(proof))
    assert seen == [2000, 100, 100, 100, 100]


def test_where_the_doubling_rounds_give_up_a_patient_game_runs_rounds_abreast(seed_37, monkeypatch):
    """10x10 seed 37's first route, 1,310 moves, is longer than LONG_SPARE laps of the board.
    With the doubling rounds made to find nothing, a timed game whose moves wait WIDE_WAIT
    gives them the whole limit, then runs the rounds abreast with the rest of twice the limit:
    they find a shorter route (16x12 seed 53, start 3: doubling steps from 160 moves, which
    gives up, to 320, which is too big; abreast, 244 finds 203). They look only for a route
    under LONG_SPARE laps: rounds within more would find long ones first (seed 53: 21,035).
    Untimed, the first route is taken, as it always was."""
    body, fruit = seed_37
    asked = []

    def endless(self, body, fruit, free, longest, layered):
        while True:
            self.ledger.spent += SLICE
            yield

    def noted(self, body, fruit, free, longest):
        asked.append(longest)
        return (yield from abreast(self, body, fruit, free, longest))
    abreast = ForkSearch.abreast
    monkeypatch.setattr(ForkSearch, "shorter", endless)
    monkeypatch.setattr(ForkSearch, "abreast", noted)
    grid = Grid(10, 10)
    patient = TimedEndgame(grid, limit=400_000)
    patient.wait = WIDE_WAIT
    proof = patient.prove(body, fruit)
    route, spare = proof.route, proof.notes.spare
    assert len(spare) == 1310 and len(route) < 1310 and eats_by(grid, body, fruit, route)
    assert asked == [LONG_SPARE * 100]
    assert 400_000 < patient.ledger.spent <= 800_000 + SLICE
    assert Endgame(grid, limit=400_000).winning_route(body, fruit) == spare


def test_past_free_max_a_proof_has_the_whole_limit():
    """With 5 or 6 free cells a proof has a tenth of the limit (a way back into order is often
    found instead); past FREE_MAX it is asked only where none is, and has all of it."""
    search = Endgame(Grid(16, 12), limit=1000)
    assert [search.limit_for(range(192 - free)) for free in (2, 4, 5, 6, 7, 8)] == [1000, 1000, 100, 100, 1000, 1000]


def test_a_verdict_on_a_lost_loop_is_lost_and_hamilton_given_it_knows_at_once():
    game = board(NOT_WON)
    verdict = Verdict(game)
    assert verdict.answer is None
    while verdict.think(float("inf"), lambda: 0):
        pass
    assert verdict.answer == Answer.LOST
    solver = HamiltonSolver(game)
    verdict.hand_to(solver)
    solver.next_direction()
    assert solver.decision.endgame is not None and solver.decision.endgame.value == "lost"
    assert solver.endgame.ledger.looked == verdict.endgame.ledger.looked  # nothing searched again


def test_a_verdict_with_too_many_free_cells_is_not_asked():
    assert Verdict(Game(8, 6, 3, seed=1)).answer == Answer.NOT_ASKED


class Thinker:
    """A stand-in autopilot that records the waits it is given to think through."""

    name, memoryless = "thinker", False

    def __init__(self):
        self.waits = []
        self.pace = None

    def next_direction(self):
        return None

    def paced(self, seconds):
        self.pace = seconds

    def think(self, deadline, clock):
        self.waits.append(deadline - clock())
        return True

    def proven_win(self):
        return False


def test_move_time_gives_each_move_the_wait_the_window_would_have():
    game = Game(8, 6, 3, seed=1)
    thinker = Thinker()
    play(game, thinker, 5, Timing(), soak=False, move_time=0.25)
    assert len(thinker.waits) == 5 and all(0.2 < wait <= 0.25 for wait in thinker.waits)
    assert thinker.pace == 0.25  # told before its first move
    untimed = Thinker()
    play(Game(8, 6, 3, seed=1), untimed, 5, Timing(), soak=False)
    assert untimed.waits == [] and untimed.pace is None


def test_a_game_played_move_by_move_can_be_watched_before_each_move_once_the_autopilot_has_thought():
    game = Game(8, 6, 3, seed=1)
    thinker, seen = Thinker(), []
    play(game, thinker, 5, Timing(), soak=False, move_time=0.25, watch=lambda: seen.append((game.steps,
                                                                                           len(thinker.waits))))
    assert seen == [(k, k + 1) for k in range(5)]


def test_tab_timing_headless_plays_the_hand_over_as_the_runner_s_move_time_does():
    """docs/tab_timing.py --headless, 16x12 seed 7 (start 3, 2 free cells): a proof of a
    moment; the snake sets out within a few moves, eats the proven fruit after its route of
    514 moves and the last one a move later."""
    from docs.tab_timing import headless, parse
    line = headless(parse(["--seeds", "7"]), 7)
    assert (line["free"], line["proven_fruit_eaten"], line["won"], line["no_win_left"]) == (2, 514, 515, None)
    assert line["set_out"] is not None and line["set_out"] < 20


def test_once_a_route_is_proven_the_moves_left_are_known_while_the_snake_goes_on(seed_37):
    """The first proof is done one move on; from then on, while the snake follows the loop
    (and a proof rooted ahead goes on), the endgame knows the moves left to the fruit: the
    window shows the win as proven and counts them down, rather than "searching"."""
    search, seen = TimedEndgame(Grid(10, 10)), []

    def watch():
        seen.append(search.lookahead.moves_left(search.proof))
    route = circled_until_route(search, *seed_37, 3_000_000, watch)
    assert seen[0] is None  # the first move: nothing proven yet
    assert seen[1:] and all(left == seen[1] - k for k, left in enumerate(seen[1:]))
    assert len(route) == seen[-1]  # the route handed out is the one counted down


def test_the_moves_of_a_route_the_loop_has_gone_along_count_while_the_loop_keeps_to_its_way():
    """`Lookahead.gone`: the loop has taken the snake from the route's root to its place; the
    moves of the route it went along, where the loop kept to the route's way all that time,
    else None. `going_along` counts no further than `most`."""
    loop = [10, 11, 12, 13, 14, 15]
    route = [12, 13, 20, 21]  # proven from the loop's place 1: its first two moves are the loop's

    def gone(at):
        return Lookahead.gone(SimpleNamespace(loop=loop, at=at), 1, route)
    assert [gone(at) for at in (1, 2, 3, 4, 0)] == [0, 1, 2, None, None]  # 0: five on, past the end
    assert going_along(loop, 1, route) == 2 and going_along(loop, 1, route, most=1) == 1
    assert going_along(loop, 2, route, done=1) == 1
