"""Shortening a route on the way (hamilton/endgame/timed/en_route.py): in a timed game with more
free cells than the endgame asks at once, the snake sets out on a proof's route after a lap
of the board at most, and proofs rooted along the route look for a sooner one.

Driven with a work clock (time is the work done), so the same on any machine.
"""
from collections import deque

import pytest

from hamilton import HamiltonSolver
from hamilton.decision import HamiltonDecision, Mode, ProofState
from hamilton.endgame import Endgame, Proof, TimedEndgame
from hamilton.endgame.timed.endgame import LONG_SPARE, WIDE_WAIT
from hamilton.endgame.ledger import SLICE
from hamilton.endgame.space import after_meal
from hamilton.grid import Grid
from game import Game
from test_endgame import eats_by, seed_37_and_29_on_ten_by_ten


@pytest.fixture(scope="module")
def seed_37():
    """10x10 seed 37's hand-over (4 free cells), and the first route a round over forks finds
    for it, 1,310 moves (the shortest is 142)."""
    body, fruit = seed_37_and_29_on_ten_by_ten()[37]
    untimed = Endgame(Grid(10, 10), limit=2_000_000, work=64 * SLICE)
    return body, fruit, untimed.prove(body, fruit).notes.spare


class Watched:
    """A proof's search, noting whether it was closed (its bodies let go of)."""

    def __init__(self, search):
        self.search, self.closed = search, False

    def __getattr__(self, name):
        return getattr(self.search, name)

    def close(self):
        self.closed = True
        self.search.close()


def en_route_game(free_max=3):
    """A timed endgame on 10x10 that asks 4 free cells only where survival finds no way on
    (`wider`): seed 37 is then shortened on the way."""
    search = TimedEndgame(Grid(10, 10), free_max=free_max)
    search.wait = WIDE_WAIT
    return search


def follow(search, body, fruit, route, per_tick, took):
    """The snake sets out from `body` on `route` with `per_tick` work of thinking between
    moves, the cells still to go kept as the autopilot keeps them: [(moves along the route it
    followed where it took another, that route)], and the roots of the proofs made along the
    routes, as (moves along the route then followed, root)."""
    clock = lambda: search.ledger.spent  # noqa: E731
    en_route = search.en_route
    en_route.start(body, route, fruit, 0, took)
    taken, roots = [], []
    ahead = deque(route[1:])  # the set-out move is made
    while ahead:
        search.think(clock() + per_tick, clock)
        search.moves += 1
        if en_route.proof is not None and (not roots or roots[-1][1] != en_route.root):
            roots.append((en_route.along(), en_route.root))
        sooner = en_route.sooner(fruit, len(ahead))
        if sooner is not None:
            taken.append((len(route) - len(ahead), sooner))
            route, ahead = sooner, deque(sooner)
        ahead.popleft()
    return taken, roots


def test_a_proof_rooted_along_the_route_finds_a_sooner_way_and_the_snake_takes_it_there(seed_37):
    """Seed 37's route of 1,310, 100,000 of work between moves, the question's proof having
    taken 48 moves: a proof rooted 50 moves along it finds a way from there far shorter than
    the 1,260 moves left, and the snake takes it when it gets there. Its cells follow on from
    the first route's first 50: together they eat the fruit."""
    body, fruit, route = seed_37
    search = en_route_game()
    search.lookahead.prepare(body, route, fruit)
    made_ready = list(search.lookahead.prepared.values())
    for proof in made_ready:
        proof.search = Watched(proof.search)
    taken, roots = follow(search, body, fruit, route, 100_000, took=48)
    assert roots[0][1] == 50 and taken[0][0] == 50
    sooner = taken[0][1]
    assert len(sooner) < 630 and eats_by(Grid(10, 10), body, fruit, route[:50] + sooner)
    assert all(proof.search.closed for proof in made_ready)  # they were for the first route's meal
    after = after_meal(search.en_route.body_at(0), taken[-1][1])
    assert {body for body, _ in search.lookahead.prepared} == {after}


def test_a_root_whose_search_the_snake_overtakes_doubles_the_distance_to_the_next(seed_37):
    """With no thinking between moves, each proof along the route gets only a slice when the
    snake comes to its root, and finds nothing: each next root is twice as far ahead as the
    last (50, 100, 200, 400), and never past halfway to the fruit."""
    body, fruit, route = seed_37
    taken, roots = follow(en_route_game(), body, fruit, route, 0, took=48)
    assert not taken
    assert [root for _, root in roots[:6]] == [50, 150, 350, 750, 1030, 1170]


def test_a_timed_game_with_more_free_cells_than_it_asks_at_once_circles_a_lap_at_most_to_shorten(seed_37):
    """Seed 37 asked with `wider`, two slices of work a move: where 3 free cells are asked at
    once, the search for a shorter route than the first circles a lap of the board (100
    moves) at most, and the snake sets out on the long route with a proof rooted along it.
    Where 4 are asked at once, the same search circles on, up to the moves the route could
    save, and finds a route of 158 after 384 moves."""
    body, fruit, _ = seed_37

    def circled(free_max):
        search = TimedEndgame(Grid(10, 10), free_max=free_max, work=2 * SLICE)
        search.wait = WIDE_WAIT
        at, moves = body, 0
        while True:
            search.moves += 1
            cells, won = search.move(at, fruit, wider=True)
            if won:
                return moves, len(cells), search.en_route.proof is not None
            at = (cells[0],) + at[:-1]
            moves += 1
    assert circled(4) == (384, 158, False)
    moves, route, along = circled(3)
    assert moves < 384 - 100 and route > 1000 and along


def test_a_route_still_over_long_spare_laps_when_the_snake_sets_out_is_shortened_on_the_way(seed_37):
    """Seed 37 where 4 free cells are asked at once: its route of 1,310 moves is over
    LONG_SPARE laps of the 10x10 board, so proofs are rooted along it; along a route of 158
    moves, none is."""
    body, fruit, route = seed_37
    search = en_route_game(free_max=4)
    assert len(route) > LONG_SPARE * 100
    search._set_out(body, route, fruit, 0)
    assert search.en_route.proof is not None
    search = en_route_game(free_max=4)
    search._set_out(body, route[:158], fruit, 0)
    assert search.en_route.proof is None


def test_the_autopilot_following_a_proven_route_takes_the_sooner_one_found_along_it(seed_37):
    """The autopilot follows its proven route cell by cell; at the root of a proof along it
    that found a sooner way, it takes that way. While a proof along its route is under way,
    its moves left are a bound (`at_most`), and then no longer."""
    body, fruit, route = seed_37
    game = Game(10, 10, 4, seed=37)
    solver = HamiltonSolver(game)
    search = solver.endgame = en_route_game()
    search.en_route.start(body, route, fruit, 0, took=8)
    clock = lambda: search.ledger.spent  # noqa: E731
    search.think(clock() + 5_000_000, clock)
    proof = search.en_route.proof
    assert search.en_route.root == 10 and proof.done and len(proof.route) < len(route) - 10
    solver.route, solver.route_fruit = deque(route[10:]), fruit
    solver.decision = HamiltonDecision("endgame", mode=Mode.ENDGAME, proof=ProofState.WIN)
    search.moves += 10
    assert solver._follow_route(fruit) == proof.route[0]
    assert list(solver.route) == proof.route[1:]
    assert solver.decision.at_most  # a proof is rooted along the new route: the board says "at most"
    search.en_route.stop()
    solver._follow_route(fruit)
    assert solver.decision.at_most is None


def endless(ledger):
    """A search that never ends, a slice of work at a time."""
    while True:
        ledger.spent += SLICE
        yield


def test_the_proof_along_the_route_and_the_next_fruits_proofs_share_the_wait(seed_37):
    """While the snake follows its route, one wait gives the proof rooted along it and the
    proofs made ready for the next fruit half each (here searches that never end); where no proof
    is rooted along the route, the next fruit's proofs have the whole wait."""
    body, fruit, route = seed_37
    search = en_route_game()
    ready = Proof(lambda notes: endless(search.ledger), body, fruit)
    search.lookahead.prepared = {(body, fruit): ready}
    search.en_route.start(body, route, fruit, 0, took=400)
    along = search.en_route.proof = Proof(lambda notes: endless(search.ledger), body, fruit)
    clock = lambda: search.ledger.spent  # noqa: E731
    search.think(clock() + 200_000, clock)
    assert 90_000 < ready.looked < 110_000 and 90_000 < along.looked < 110_000
    search.en_route.stop()
    before = ready.looked
    search.think(clock() + 200_000, clock)
    assert ready.looked - before >= 200_000


def test_a_proof_along_the_route_that_ends_finding_nothing_sooner_is_followed_within_the_same_wait(seed_37):
    """A proof along the route that ends at once with no sooner route: in the same wait the
    next is rooted a step ahead of the snake's place, and worked on."""
    body, fruit, route = seed_37
    search = en_route_game()
    search.en_route.start(body, route, fruit, 0, took=48)

    def nothing_sooner():
        return None
        yield  # a generator that ends at once
    search.en_route.proof = Proof(lambda notes: nothing_sooner(), body, fruit)
    clock = lambda: search.ledger.spent  # noqa: E731
    search.en_route.think(clock() + 100_000, clock)
    proof = search.en_route.proof
    assert search.en_route.root == 1 + 50 and proof.looked > 0
