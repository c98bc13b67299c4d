"""The endgame search: proofs that a hand-over near the end can, or cannot, still be won.

The hand-overs STILL_WON, NOT_WON and SIX_FREE are drawn in tests/boards.py.
"""
import json
import os
import subprocess
import sys
from functools import partial

import pytest

from headless.figures import Timing
from headless.games import GameSpec, hand_over, play as headless_play, play_game
from boards import NOT_WON, SIX_FREE, STILL_WON, board
from hamilton.decision import ProofState
from hamilton.endgame import WORK, Endgame, Proof
from hamilton.endgame import forks, ledger, space
from hamilton.endgame.forks import ForkSearch, Overflow
from hamilton.endgame.layers import CutShort, LayeredSearch
from hamilton.endgame.ledger import SEARCH_COST, SHARDS, SLICE, SPLIT
from game import WON, Game
from hamilton.grid import Grid
from hamilton.slices import finish
from hamilton import HamiltonSolver
from snake import DIRECTIONS



def layered_by(search, kind):
    """Make the Endgame `search`'s proofs search layer by layer with class `kind` (a
    LayeredSearch that counts or cuts); the list of those made, filled in as they are."""
    made = []

    def layered(cut_short):
        made.append(kind(search.space, search.ledger, cut_short))
        return made[-1]
    search._layered = layered
    return made

def question(rows, forks=False, **limits):
    """The drawn position's game, an Endgame for it (by default the layered search alone,
    whose parts most tests pin), its body and its fruit."""
    game = board(rows)
    grid = Grid(game.width, game.height)
    search = Endgame(grid, forks=forks, **limits)
    return game, search, tuple(grid.flat_body(game.snake)), grid.index(game.fruit.last_generate)


def play(game, solver, cap):
    while not game.over() and game.steps < cap:
        direc = solver.next_direction()
        assert game.snake.is_safe_move(direc) or not any(game.snake.is_safe_move(d) for d in DIRECTIONS)
        game.snake.turn(direc)
        game.step()
    return game


def outcomes(rows, search, **limits):
    """How 8 games from the position end (the seed places the later fruits)."""
    results = []
    for seed in range(8):
        game = board(rows, seed=seed)
        solver = HamiltonSolver(game)
        if not search:
            solver.endgame.free_max = 0  # never ask the search
        for name, value in limits.items():
            setattr(solver.endgame, name, value)
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
    looked = search.ledger.looked
    assert search.winning_route(body[1:] + body[:1], fruit) is None  # same fruit and length: known
    assert search.ledger.looked == looked  # no second search was made
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
    loop = search.loop(body, fruit)
    assert loop[:3] == [body[0], game.width + 1, body[-1]] and len(loop) == len(body) + 1
    for cell in loop[1:] + loop[:1]:  # play the loop round with the game's own rules
        game.snake.turn(search.grid.direction(search.grid.index(game.snake.head()), cell))
        game.step()
    assert game.eaten == 0 and tuple(search.grid.flat_body(game.snake)) == body
    game, search, body, fruit = question(NO_LOOP)
    assert search.loop(body, fruit) is None


def test_a_proof_longer_than_a_move_goes_on_round_the_loop_and_its_route_starts_where_it_was_proven():
    """A move looks at one slice of bodies (the proof takes about 28,000): the snake goes
    round its loop (32 moves) while the proof goes on, and takes the route when the proven
    position comes back."""
    game = board(STILL_WON)
    solver = HamiltonSolver(game)
    solver.endgame.work, solver.endgame.by_forks = SLICE, False  # the layered proof: many slices
    start = tuple(solver.grid.flat_body(game.snake))
    moves = 0
    for _ in range(2000):
        direc = solver.next_direction()
        if solver.decision.proof is ProofState.WIN:
            break
        assert solver.decision.proof is ProofState.UNDER_WAY and solver.decision.back_in >= 0
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
    assert search.ledger.held == 0  # the searches given up let go of their bodies
    looked = search.ledger.looked
    assert search.winning_route(body, fruit) is None and search.ledger.looked == looked
    assert search.move(body, fruit) is None
    search.ledger.hold = 10 ** 6
    assert search.winning_route(body, fruit) is None  # this fruit stays given up
    search._given_up = None
    assert len(search.winning_route(body, fruit)) == 55


def test_a_proof_past_forget_bodies_keeps_only_the_layer_it_builds_and_still_wins():
    """STILL_WON's first search meets about 5,700 bodies, so with hold 3,000 its proof is given
    up. Past `forget` bodies the outermost search keeps only the layer it is building (a body
    met again is searched again): it finds the same route, and every fruit placement is won."""
    _, whole, body, fruit = question(STILL_WON)
    _, keeping, _, _ = question(STILL_WON, hold=3000)
    assert keeping.winning_route(body, fruit) is None and keeping.given_up(body, fruit)
    _, forgetting, _, _ = question(STILL_WON, hold=3000, forget=1000)
    assert forgetting.winning_route(body, fruit) == whole.winning_route(body, fruit)
    assert forgetting.ledger.looked > whole.ledger.looked
    assert outcomes(STILL_WON, search=True, hold=3000, forget=1000) == ["won"] * 8


def test_once_a_layer_alone_reaches_deepen_the_proof_goes_on_depth_first_and_still_wins():
    """With hold 700, two of STILL_WON's layers (and those let go of) do not fit. Depth first,
    a search holds one layer and the way down: it finds a win (not the shortest one), and
    every fruit placement is won."""
    game, search, body, fruit = question(STILL_WON, hold=700, forget=250, deepen=250)
    route = search.winning_route(body, fruit)
    assert route and eats_by(Grid(game.width, game.height), body, fruit, route)
    assert outcomes(STILL_WON, search=True, hold=700, forget=250, deepen=250) == ["won"] * 8


def test_a_search_that_keeps_only_its_layer_goes_on_breadth_first_until_a_layer_holds_deepen():
    """Depth first, a search holds less but walks its first moves again each round, and the
    route it finds need not be the shortest. With forget 250, STILL_WON's search keeps only
    its layer; going depth first once a layer holds 250 bodies it finds a route of 57 moves,
    and going on breadth first (deepen left at a third of the hold) the shortest, 55."""
    _, whole, body, fruit = question(STILL_WON)
    shortest = whole.winning_route(body, fruit)
    _, deep, _, _ = question(STILL_WON, hold=1000, forget=250, deepen=250)
    _, broad, _, _ = question(STILL_WON, hold=1000, forget=250)
    assert len(shortest) == 55 and len(deep.winning_route(body, fruit)) == 57
    assert broad.winning_route(body, fruit) == shortest


def test_each_depth_first_round_asks_only_about_eating_beyond_the_last_rounds_bound():
    """8x8 seed 29 is won by a route of 185 moves. With forget 3 its search goes depth
    first from a layer 56 moves deep (4 bodies), so the route takes five rounds. Rounds
    that asked again about eating short of the last round's bound would repeat every
    question before them: 143 asked in all, not 72 (some are asked again anyway: the same
    ways of eating come back as the snake circles)."""
    class CountingQuestions(LayeredSearch):
        questions = 0  # over every search made: each proof makes its own

        def _every_fruit_after(self, body, free):
            CountingQuestions.questions += 1
            return (yield from super()._every_fruit_after(body, free))

    body, fruit = handed_over_positions(8, 8, 4, [29], 6400)[29]
    grid = Grid(8, 8)
    search = Endgame(grid, forget=3, deepen=3)
    layered_by(search, CountingQuestions)
    route = search.winning_route(body, fruit)
    assert len(route) == 185 and eats_by(grid, body, fruit, route)
    assert CountingQuestions.questions <= 100


def test_a_search_for_a_later_fruit_past_forget_is_cut_short_and_the_proof_goes_on():
    """A later fruit's search that went on depth first would never end if that fruit were
    lost (the snake can circle for ever). Cut short, it only rules out that way of eating."""
    game, search, body, fruit = question(STILL_WON, forget=100, limit=200_000)
    route = search.winning_route(body, fruit)
    assert route and eats_by(Grid(game.width, game.height), body, fruit, route)


def test_a_search_for_a_later_fruit_that_meets_the_memory_bound_is_cut_short_not_the_whole_proof():
    """With hold 1,000 and forget and deepen 500, STILL_WON's outermost search goes depth
    first from a layer of 500 bodies, and a later fruit's search (beside it and the bodies
    not yet freed) meets the hold. Giving the whole proof up there loses a won position;
    cutting that one search short, as one past `forget`, still wins it."""
    game, search, body, fruit = question(STILL_WON, hold=1000, forget=500, deepen=500)
    route = search.winning_route(body, fruit)
    assert route and eats_by(Grid(game.width, game.height), body, fruit, route)
    assert not search.given_up(body, fruit)


def test_a_no_that_rests_on_a_search_cut_short_is_neither_remembered_nor_called_lost():
    class CuttingEveryLaterSearch(LayeredSearch):
        def _search(self, body, fruit, free, outermost):
            if not outermost:
                raise CutShort
            return (yield from super()._search(body, fruit, free, outermost))

    _, proven, body, fruit = question(NOT_WON)
    assert proven.winning_route(body, fruit) is None and proven.lost(body, fruit)
    assert (proven.space.pack(body), fruit) in proven.space.no
    game = board(NOT_WON)
    grid = Grid(game.width, game.height)
    cut = Endgame(grid, forks=False)
    layered_by(cut, CuttingEveryLaterSearch)
    proof = cut.prove(body, fruit)
    assert proof.route is None and cut.given_up(body, fruit) and not cut.lost(body, fruit)
    assert not cut.space.known and not cut.space.no and proof.notes.cut_short


def test_questions_proven_not_won_are_remembered_up_to_a_bound_then_let_go_of():
    """8x8 seed 73's proof answers 1,769 questions "not won" and asks many of them again.
    Remembering at most 500 at once, it reaches the same verdict."""
    body, fruit = handed_over_positions(8, 8, 4, [73], 6400)[73]
    search = Endgame(Grid(8, 8), remember=500, forks=False)
    proof = Proof(partial(search.proving, body, fruit), body, fruit)
    remembered = []
    while not proof.ended(search.limit):
        proof.work(1)
        remembered.append(len(search.space.no))
    assert proof.route and 400 < max(remembered) <= 500
    assert any(later < earlier for earlier, later in zip(remembered, remembered[1:]))  # let go of
    assert eats_by(Grid(8, 8), body, fruit, proof.route)


def eats_by(grid, body, fruit, route):
    """Whether `route` moves the body only into free cells or the tail's, and its last move eats `fruit`."""
    body = list(body)
    for cell in route[:-1]:
        if cell not in grid.neighbours[body[0]] or cell == fruit or cell in body[:-1]:
            return False
        body = [cell] + body[:-1]
    return route[-1] in grid.neighbours[body[0]] and route[-1] == fruit


def test_a_route_longer_than_the_body_is_read_back_across_its_marks():
    """A search keeps no route per body: a body holds its last len(body) heads, and every
    len(body) moves it links to itself. 8x8 seed 29's hand-over is won by a route of 185
    moves, past two such marks (the body is 62 long)."""
    body, fruit = handed_over_positions(8, 8, 4, [29], 6400)[29]
    grid = Grid(8, 8)
    route = Endgame(grid, forks=False).winning_route(body, fruit)
    assert len(route) > 2 * len(body)
    assert eats_by(grid, body, fruit, route)
    game, search, body, fruit = question(STILL_WON)  # past one mark: 55 moves, the body 32 long
    assert eats_by(Grid(game.width, game.height), body, fruit, search.winning_route(body, fruit))


def test_bodies_are_bytes_where_cells_fit_in_one_and_text_elsewhere_with_the_same_answers():
    assert Endgame(Grid(16, 16)).space.pack is bytes and Endgame(Grid(17, 16)).space.pack is space._text
    game, search, body, fruit = question(STILL_WON)
    as_bytes = search.winning_route(body, fruit)
    game, search, body, fruit = question(STILL_WON)
    search.space._packing(17 * 16)  # packs as a board of more than 256 cells does
    assert search.winning_route(body, fruit) == as_bytes and len(as_bytes) == 55
    assert all(isinstance(key[0], str) for key in [*search.space.known, *search.space.no])
    assert all(isinstance(route, str) for route in search.space.known.values())


def test_where_a_body_takes_more_memory_the_hold_and_its_parts_shrink_alike():
    """HOLD is a million bodies of 16x12 (about 240 MB); a 20x20 body, 400 characters of two
    bytes, takes about four times the memory, so a 20x20 proof may hold about a quarter."""
    shipped, small, big = (Endgame(Grid(w, h)).ledger for w, h in ((16, 12), (8, 8), (20, 20)))
    parts = ("hold", "forget", "deepen", "remember")
    assert [getattr(small, part) for part in parts] == [getattr(shipped, part) for part in parts]
    assert [shipped.hold, shipped.forget, shipped.deepen, shipped.remember] == [
        ledger.HOLD, ledger.FORGET, ledger.DEEPEN, ledger.REMEMBER]
    body = sys.getsizeof(Endgame(Grid(20, 20)).space.pack(range(400)))
    assert 3.5 < body / ledger.BODY_BYTES < 4.5
    for part in parts:
        assert abs(getattr(big, part) * body - getattr(shipped, part) * ledger.BODY_BYTES) < body
    given = Endgame(Grid(20, 20), hold=5000, forget=700).ledger
    assert given.hold == 5000 and Endgame(Grid(20, 20), forget=700).ledger.forget == 700


def test_a_hand_over_with_six_free_cells_is_searched_and_won():
    game, search, body, fruit = question(SIX_FREE)
    assert game.width * game.height - len(body) == 6 and search.asked(body, fruit)
    route = search.winning_route(body, fruit)
    assert route and eats_by(Grid(game.width, game.height), body, fruit, route)
    assert outcomes(SIX_FREE, search=True) == ["won"] * 8


def test_with_more_than_four_free_cells_a_proof_may_do_a_tenth_of_the_limit():
    """There the body can often be brought back into order instead, which surely wins: a
    long proof would hold that back. SIX_FREE's proof looks at about 9,600 bodies."""
    _, brief, body, fruit = question(SIX_FREE, limit=60_000)
    assert brief.limit_for(body) == 6000
    assert brief.winning_route(body, fruit) is None and brief.given_up(body, fruit)
    _, longer, _, _ = question(SIX_FREE, limit=200_000)
    assert longer.winning_route(body, fruit)
    _, four, body, fruit = question(STILL_WON, limit=60_000)  # four free cells: the whole limit
    assert four.limit_for(body) == 60_000 and four.winning_route(body, fruit)


def test_too_many_free_cells_are_not_searched():
    game, search, body, fruit = question(STILL_WON, free_max=3)
    assert search.winning_route(body, fruit) is None and search.ledger.looked == 0



# -- pauses: big searches grow and are freed in small steps ----------------------------------

def test_a_search_past_split_bodies_spreads_them_over_shards_so_no_one_dict_grows_big():
    """A dict of a million bodies pauses the game while it copies itself to grow. STILL_WON's
    first search holds about 5,700 bodies at its largest: past SPLIT it keeps them in SHARDS dicts."""
    game, search, body, fruit = question(STILL_WON)
    proof = Proof(partial(search.proving, body, fruit), body, fruit)
    spread = []
    while not proof.ended(search.limit):
        proof.work(1)
        proven = proof.search.steps.gi_yieldfrom  # proving's proof (Endgame._proven)
        won = proven and proven.gi_yieldfrom  # its first question (None once it has answered)
        outer = won and won.gi_yieldfrom  # that question's search, under way
        if outer is not None and outer.gi_frame is not None:
            seen = outer.gi_frame.f_locals["seen"]
            held = sum(map(len, seen))
            if held > SPLIT + SLICE:  # it had a pause past SPLIT
                spread.append((len(seen), max(map(len, seen)), held))
    assert proof.route and spread
    assert all(shards == SHARDS and largest < held // 8 for shards, largest, held in spread)


def first_round(seed):
    """10x10 hand-over `seed`'s first round over forks, run out alone: (its route, (shards,
    the largest shard's forks, all forks) at each pause, the Endgame)."""
    body, fruit = handed_over_positions(10, 10, 4, [seed], 10_000)[seed]
    search = Endgame(Grid(10, 10))
    free = sum(1 << c for c in range(100) if c not in body)
    round_ = search.forks.within(search.space.pack(body), fruit, free, None)
    spread = []
    try:
        while True:
            next(round_)
            reached = round_.gi_frame.f_locals["reached"]
            spread.append((len(reached), max(map(len, reached)), sum(map(len, reached))))
    except StopIteration as answer:
        return answer.value[0], spread, search


def test_a_round_over_forks_keeps_its_forks_in_shards_so_no_one_dict_grows_big():
    """10x10 seed 17's first round meets about 7,500 forks: spread over SHARDS dicts by hash,
    none holds an eighth of them."""
    route, spread, _ = first_round(17)
    shards, largest, most = max(spread, key=lambda s: s[2])
    assert route and most > SPLIT and shards == SHARDS and largest < most // 8


def test_a_round_over_forks_lets_its_big_shards_go_a_slice_at_a_time(monkeypatch):
    """With 4 shards (each past SLICE forks), the round's forks wait to be freed over later
    slices (held, in the graveyard), not all at once when it ends."""
    monkeypatch.setattr(forks, "SHARDS", 4)  # the rounds over forks keep their forks in this many
    route, spread, search = first_round(17)
    assert route and search.ledger.held > SPLIT and sum(map(len, search.ledger.graveyard)) == search.ledger.held


def test_bodies_a_search_leaves_are_freed_a_slice_at_a_time_not_all_at_once():
    """Freeing a million bodies at once is a tenth of a second. A proof given up (past `hold`)
    leaves its bodies held; each later move frees at most `work` of them, until none are left."""
    game, search, body, fruit = question(STILL_WON, hold=3000, work=SLICE)
    while (answer := search.move(body, fruit)) is not None:
        body = (answer[0][0],) + body[:-1]  # round the loop while the proof goes on
    assert search.given_up(body, fruit)
    held = [search.ledger.held]
    while held[-1]:
        assert search.move(body, fruit) is None  # not asked again: only the freeing goes on
        held.append(search.ledger.held)
    assert held[0] > 4 * SLICE
    assert all(0 < a - b <= SLICE for a, b in zip(held, held[1:]))
    assert search.winning_route(body, fruit) is None  # given up: remembered, not searched again



def held_under_way(proof):
    """Bodies held by the searches of `proof` under way, outermost to innermost."""
    held, search = 0, proof.search.steps
    while search is not None and search.gi_frame is not None:
        seen = search.gi_frame.f_locals.get("seen")
        held += sum(map(len, seen)) if isinstance(seen, list) else 0
        search = search.gi_yieldfrom
    return held


def test_while_a_proof_goes_on_the_searches_it_ended_are_freed_as_fast_as_it_looks():
    """8x8 seed 14's hand-over: a proof of 10,000 bodies whose searches for later fruits end
    with thousands of bodies each. Freed only between moves, they would pile up to about
    9,000, all counted against `hold`."""
    body, fruit = handed_over_positions(8, 8, 4, [14], 6400)[14]
    search = Endgame(Grid(8, 8), forks=False)
    proof = Proof(partial(search.proving, body, fruit), body, fruit)
    left_over = []
    while not proof.ended(search.limit):
        proof.work(1)
        left_over.append(search.ledger.held - held_under_way(proof))
    assert proof.route and search.ledger.looked > 10_000
    assert max(left_over) < SPLIT


def test_searches_that_end_one_after_another_do_not_pile_up_their_bodies():
    """With forget 1,000, STILL_WON's proof cuts short one later fruit's search after another,
    each leaving about 1,000 bodies. They are freed twice as fast as a search looks, so what
    they leave stays under one such search's worth (freed only as fast: 1,258)."""
    game, search, body, fruit = question(STILL_WON, forget=1000)
    proof = Proof(partial(search.proving, body, fruit), body, fruit)
    left_over = []
    while not proof.ended(search.limit):
        proof.work(1)
        left_over.append(search.ledger.held - held_under_way(proof))
    assert proof.route
    assert max(left_over) < 1000



def test_a_move_that_begins_many_searches_looks_at_fewer_bodies():
    """Beginning a search (its queue, dict and generator) costs about what looking at a few
    bodies does, so a move that begins many sees fewer bodies and lasts no longer.
    8x8 seed 14's proof: the searches a move ends are counted by the answers it remembers."""
    body, fruit = handed_over_positions(8, 8, 4, [14], 6400)[14]
    search = Endgame(Grid(8, 8), forks=False)
    moves = []
    while True:
        looked, answers = search.ledger.looked, len(search.space.known) + len(search.space.no)
        answer = search.move(body, fruit)
        moves.append((search.ledger.looked - looked, len(search.space.known) + len(search.space.no) - answers))
        if answer is None or answer[1]:
            break
        body = (answer[0][0],) + body[:-1]
    looked, searches = max(moves, key=lambda move: move[1])
    assert searches >= 50 and looked <= WORK - 2 * searches
    assert all(looked + SEARCH_COST * searches <= WORK + SLICE for looked, searches in moves)


def test_the_next_fruit_nearest_the_head_is_asked_first_as_the_likeliest_to_be_lost():
    """After each way of eating, every next fruit must be won: one lost fruit ends the question.
    The fruit the head has just passed is the likeliest loser. On 8x8 seed 82's hand-over,
    asking the lowest cell first instead looks at 37,570 bodies, not 6,677."""
    body, fruit = handed_over_positions(8, 8, 4, [82], 6400)[82]
    search = Endgame(Grid(8, 8), forks=False)
    assert search.winning_route(body, fruit) is not None
    assert search.ledger.looked < 10_000


# -- hand-overs from greedy's endless loops --------------------------------------------------

def handed_over_positions(width, height, length, seeds, max_steps):
    """{seed: (body, fruit)} of the positions greedy's proven loops hand over, as --takeover-from plays them."""
    grid, positions = Grid(width, height), {}
    for seed in seeds:
        game = Game(width, height, length, seed)
        if hand_over(game, "greedy", max_steps)[0]:
            positions[seed] = tuple(grid.flat_body(game.snake)), grid.index(game.fruit.last_generate)
    return positions


def test_hamilton_wins_every_hand_over_the_proof_says_can_be_won_and_loses_none():
    """6x6, seeds 1-40: each position is put to the proof first; then hamilton takes it over
    in the headless runner. With the search switched off, some proven wins circle for ever."""
    positions = handed_over_positions(6, 6, 3, range(1, 41), 3600)
    winnable = {seed: Endgame(Grid(6, 6)).winning_route(*where) is not None for seed, where in positions.items()}
    assert sorted(set(winnable.values())) == [False, True]
    ended = {seed: play_game(GameSpec(6, 6, 3, "hamilton", seed, 3600, takeover_from="greedy"))
             for seed in positions}
    assert all(ended[seed]["handover"] for seed in positions)
    assert [seed for seed, won in winnable.items() if won and ended[seed]["outcome"] != "won"] == []
    assert [seed for seed in positions if ended[seed]["outcome"] == "lost"] == []


ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def prove_handover(*flags):
    return subprocess.run([sys.executable, "-m", "docs.prove_handover", *flags], cwd=ROOT, capture_output=True,
                          text=True, timeout=120)


def test_the_proving_tool_decides_a_hand_over_with_the_limits_given():
    """6x6 seed 10 hands over a won position with 4 free cells, seed 7 a lost one; seed 1 none.
    A --hold too small for seed 10's proof leaves it undecided."""
    done = prove_handover("--width", "6", "--height", "6", "--initial-length", "3", "--seeds", "1,7,10")
    assert done.returncode == 0, done.stderr
    records = {r["seed"]: r for r in map(json.loads, done.stdout.splitlines())}
    assert records[1]["verdict"] == "no hand-over"
    assert records[7]["verdict"] == "lost" and records[7]["free"] == 2
    assert records[10]["verdict"] == "won" and records[10]["free"] == 4 and records[10]["moves"] > 0
    assert records[10]["bodies"] > SLICE
    where = handed_over_positions(6, 6, 3, [10], 3600)[10]
    assert records[10]["moves"] == len(Endgame(Grid(6, 6)).winning_route(*where))
    done = prove_handover("--width", "6", "--height", "6", "--initial-length", "3", "--seeds", "10", "--hold", "50")
    assert json.loads(done.stdout)["verdict"] == "undecided"
    done = prove_handover("--width", "6", "--height", "6", "--initial-length", "3", "--seeds", "10", "--free-max", "3")
    assert json.loads(done.stdout)["verdict"] == "not asked"
    done = prove_handover("--width", "6", "--height", "6", "--initial-length", "3", "--seeds", "10", "--layered")
    layered = json.loads(done.stdout)
    assert layered["verdict"] == "won" and layered["bodies"] != records[10]["bodies"]
    alone = Endgame(Grid(6, 6), forks=False)
    alone.winning_route(*where)
    assert layered["bodies"] == alone.ledger.looked
    done = prove_handover("--width", "6", "--height", "6", "--initial-length", "3", "--seeds", "10", "--ahead", "5")
    ahead = json.loads(done.stdout)
    heads = Endgame(Grid(6, 6)).heads_ahead(*where, 5)
    later = tuple(heads[::-1]) + where[0][:-5]  # five moves on round the loop
    assert len(set(heads)) == 5 and where[1] not in heads
    assert ahead["ahead"] == 5 and ahead["moves"] == 5 + len(Endgame(Grid(6, 6)).winning_route(later, where[1]))


def test_the_proving_tool_proves_as_a_patient_game_with_rounds_abreast_past_the_doubling_ones():
    """10x10 seed 37 (start 4): its first route, 1,310 moves, is over LONG_SPARE laps. Given
    100,000 of work, the doubling rounds find nothing shorter in it; --patient then runs the
    rounds abreast with a second 100,000, and they find 640. Given 200,000, the doubling
    rounds find 158; a patient game then also looks for a route through a closed body
    (closing.py), and finds one of 142, which leaves the body closed: "open" 0."""
    def proven(*flags):
        done = prove_handover("--width", "10", "--height", "10", "--seeds", "37", *flags)
        assert done.returncode == 0, done.stderr
        return json.loads(done.stdout)
    assert proven("--limit", "100000")["moves"] == 1310
    patient = proven("--limit", "100000", "--patient")
    assert patient["moves"] == 640 and 100_000 < patient["bodies"] <= 200_000
    untimed = proven("--limit", "200000")
    assert untimed["moves"] == 158 and "open" not in untimed
    patient = proven("--limit", "200000", "--patient")
    assert patient["moves"] == 142 and patient["open"] == 0  # its meal leaves the body closed


def test_the_proving_tool_finds_the_route_through_the_nearest_closed_body_as_a_root_looked_on_does():
    """10x10 seed 37 (start 4): the nearest closed body gives a route of 142 moves, found
    within fewer than 143, not within fewer than 142; the proof's own figures stay."""
    def proven(*flags):
        done = prove_handover("--width", "10", "--height", "10", "--seeds", "37", "--limit", "200000", *flags)
        assert done.returncode == 0, done.stderr
        return json.loads(done.stdout)
    plain = proven()
    found, none = proven("--nearest-closed", "143"), proven("--nearest-closed", "142")
    assert found["nearest_closed"] == 142 and none["nearest_closed"] is None
    assert found["nearest_work"] > 0 and none["nearest_work"] > 0
    assert found["moves"] == none["moves"] == plain["moves"] == 158 and found["bodies"] == plain["bodies"]
    refused = prove_handover("--nearest-closed", "0")
    assert refused.returncode == 2 and refused.stderr.count("\n") == 1 and "--nearest-closed" in refused.stderr


def test_the_proving_tool_counts_the_fewest_moves_of_a_way_that_knows_every_fruit():
    """6x6 (start 3). Seed 10, 4 free cells: the proofs win in 75 moves, each route sure
    wherever the fruits come; knowing where the game's draws put them, a way wins in 46, its
    first meal 23 moves on. Seed 12, 2 free cells: the proof's route is the fewest. Seed 7 is
    lost, and knowing the fruits does not save it: no way wins within ten laps."""
    done = prove_handover("--width", "6", "--height", "6", "--initial-length", "3", "--seeds", "7,10,12",
                          "--to-the-win", "--knowing-the-fruits")
    assert done.returncode == 0, done.stderr
    records = {r["seed"]: r for r in map(json.loads, done.stdout.splitlines())}
    assert (records[10]["to_win"], records[10]["fewest"], records[10]["fewest_fruits"]) == (75, 46, [23, 11, 11, 1])
    assert records[12]["to_win"] == records[12]["fewest"] == 13
    assert records[7]["fewest"] is None and records[7]["fewest_over"] == 10 * 36
    done = prove_handover("--width", "6", "--height", "6", "--initial-length", "3", "--seeds", "10",
                          "--knowing-the-fruits", "--states", "1")
    assert json.loads(done.stdout)["fewest"] is None and json.loads(done.stdout)["fewest_over"] == 1


def test_the_proving_tool_plays_on_to_the_win_a_proof_for_each_fruit():
    """6x6 seed 10 has 4 free cells: to the win it eats 4 fruits, the first by the route it
    prints as "moves", each later one by a route the game proves when that fruit appears."""
    done = prove_handover("--width", "6", "--height", "6", "--initial-length", "3", "--seeds", "7,10", "--to-the-win")
    assert done.returncode == 0, done.stderr
    records = {r["seed"]: r for r in map(json.loads, done.stdout.splitlines())}
    assert "fruits" not in records[7]  # lost: nothing to play on
    won = records[10]
    assert len(won["fruits"]) == won["free"] == 4 and won["fruits"][0] == won["moves"]
    assert sum(won["fruits"]) == won["to_win"] and min(won["fruits"]) >= 1
    game = Game(6, 6, 3, 10)
    hand_over(game, "greedy", 3600)
    grid, search, fruits = Grid(6, 6), Endgame(Grid(6, 6)), []
    while not game.over():  # the same game, played here fruit by fruit
        route = search.winning_route(tuple(grid.flat_body(game.snake)), grid.index(game.fruit.last_generate))
        for cell in route:
            game.snake.turn(grid.direction(grid.index(game.snake.head()), cell))
            game.step()
        fruits.append(len(route))
    assert game.state == WON and fruits == won["fruits"]
    done = prove_handover("--width", "6", "--height", "6", "--initial-length", "3", "--seeds", "10", "--to-the-win",
                          "--ahead", "5")
    ahead = json.loads(done.stdout)
    assert ahead["fruits"][0] == ahead["moves"] and sum(ahead["fruits"]) == ahead["to_win"]


def test_the_proving_tool_refuses_bad_flags_in_one_line():
    for flags in (["--seeds", "1,x"], ["--hold", "0"], ["--width", "1"], ["--initial-length", "100"],
                  ["--width", "3000", "--height", "3000"], ["--ahead", "-1"]):
        done = prove_handover(*flags)
        assert done.returncode == 2 and done.stdout == "" and done.stderr.count("\n") == 1, flags


def test_a_body_moves_into_free_cells_or_its_tail_and_never_turns_back_into_its_neck():
    """On 2x2 (cells 0 1 / 2 3): a body of 2 (head 0, tail 1) may not enter its tail, which
    is its neck; a body of 3 (0 1 3) may, and the fruit beside the head is eaten."""
    search = Endgame(Grid(2, 2))
    pack = search.space.pack
    fed, moves = search.space.steps(pack((0, 1)), 1 << 2 | 1 << 3, fruit=-1)
    assert fed is None and moves == [(pack((2, 0)), 1 << 1 | 1 << 3)]
    fed, moves = search.space.steps(pack((0, 1, 3)), 1 << 2, fruit=2)
    assert fed == pack((2, 0, 1, 3)) and moves == []
    fed, moves = search.space.steps(pack((2, 0, 1)), 1 << 3, fruit=-1)
    assert fed is None and moves == [(pack((3, 2, 0)), 1 << 1)]


# -- the search over forks (bodies with a choice) --------------------------------------------

def six_free_on_ten_by_ten():
    """10x10 seed 34's hand-over: 6 free cells, so a proof may do a tenth of its limit."""
    return handed_over_positions(10, 10, 4, [34], 10_000)[34]


def test_the_search_over_forks_wins_a_hand_over_the_layered_search_gives_up_at_the_same_limit():
    """Over forks, 10x10 seed 34's hand-over is won by a route of 9 moves after about 210,000
    bodies; the layered search alone passes the 300,000 it may look at (6 free cells: a
    tenth of the limit)."""
    body, fruit = six_free_on_ten_by_ten()
    grid = Grid(10, 10)
    forks = Endgame(grid, limit=3_000_000)
    route = forks.winning_route(body, fruit)
    assert route and eats_by(grid, body, fruit, route) and forks.ledger.looked < 250_000
    layered = Endgame(grid, limit=3_000_000, forks=False)
    assert layered.winning_route(body, fruit) is None and layered.given_up(body, fruit)


def test_between_forks_the_one_way_on_is_followed_and_never_kept():
    """Most bodies have one way on: while it decides, the search holds only the forks it has
    met, a small part of the bodies it looks at."""
    body, fruit = six_free_on_ten_by_ten()
    search = Endgame(Grid(10, 10), limit=3_000_000)
    proof = Proof(partial(search.proving, body, fruit), body, fruit)
    most = 0
    while proof.notes.spare is None and not proof.ended(search.limit):
        proof.work(1)
        most = max(most, search.ledger.held)
    assert proof.notes.spare and search.ledger.looked > 20 * most


def test_over_forks_a_lost_cause_is_proven_lost_as_by_the_layered_search():
    game, search, body, fruit = question(NOT_WON, forks=True)
    assert search.winning_route(body, fruit) is None and search.lost(body, fruit)


def test_a_lost_hand_over_is_decided_by_the_one_round_without_a_bound():
    """10x10 seed 46's hand-over cannot be won. The round without a bound goes first and
    proves it alone; rounds within a bound first would each search again what the last did
    (about 2,900 bodies here, not 870)."""
    body, fruit = handed_over_positions(10, 10, 4, [46], 10_000)[46]
    search = Endgame(Grid(10, 10))
    assert search.winning_route(body, fruit) is None and search.lost(body, fruit)
    _, _, one_round = first_round(46)
    assert search.ledger.looked == one_round.ledger.looked


def test_the_rounds_bound_the_route_to_less_than_twice_the_shortest():
    """10x10 seed 29's hand-over (4 free cells): the shortest route is 163 moves (the layered
    search); over forks, each round within twice the last one's bound, 261."""
    (body, fruit), grid = handed_over_positions(10, 10, 4, [29], 10_000)[29], Grid(10, 10)
    route = Endgame(grid).winning_route(body, fruit)
    assert eats_by(grid, body, fruit, route) and 163 <= len(route) < 2 * 163


def test_a_hold_too_small_for_the_layered_search_still_holds_the_round_without_a_bound():
    """With a hold of 160, the round without a bound proves STILL_WON won, by the first route
    it finds (183 moves, not 55): the rounds within a bound and the layered search that look
    for a shorter one overflow. The layered search alone, held to the same, gives up."""
    game, search, body, fruit = question(STILL_WON, forks=True, hold=160)
    route = search.winning_route(body, fruit)
    assert route and eats_by(Grid(game.width, game.height), body, fruit, route) and len(route) > 55
    _, layered, _, _ = question(STILL_WON, hold=160)
    assert layered.winning_route(body, fruit) is None and layered.given_up(body, fruit)


def seed_37_and_29_on_ten_by_ten():
    """10x10 seeds 37 and 29's hand-overs (4 free cells each)."""
    return handed_over_positions(10, 10, 4, [37, 29], 10_000)


def test_a_long_first_route_is_kept_while_rounds_within_a_bound_look_for_a_shorter_one():
    """10x10 seed 37's hand-over: the round without a bound decides first, by a route of 1,310
    moves; the rounds within a bound then find 158 (the shortest is 142)."""
    body, fruit = seed_37_and_29_on_ten_by_ten()[37]
    grid = Grid(10, 10)
    search = Endgame(grid, limit=2_000_000, work=64 * SLICE)
    proof = search.prove(body, fruit)
    route, spare = proof.route, proof.notes.spare
    assert len(spare) == 1310 and eats_by(grid, body, fruit, spare)
    assert len(route) == 158 and eats_by(grid, body, fruit, route)


class OverflowingRounds(ForkSearch):
    """Every round within a bound holds more forks than the hold."""

    def within(self, body, fruit, free, bound, hold=None):
        if bound is not None:
            raise Overflow
        return (yield from super().within(body, fruit, free, bound, hold))


def test_where_a_round_within_a_bound_overflows_the_layered_search_finds_the_shortest():
    """10x10 seed 37 with every round within a bound past the hold: the layered search finds
    the shortest route, 142 moves, while the first one, 1,310, is kept."""
    body, fruit = seed_37_and_29_on_ten_by_ten()[37]
    grid = Grid(10, 10)
    search = Endgame(grid, limit=2_000_000, work=64 * SLICE)
    search.forks = OverflowingRounds(search.space, search.ledger)
    proof = search.prove(body, fruit)
    route = proof.route
    assert len(proof.notes.spare) == 1310 and len(route) == 142 and eats_by(grid, body, fruit, route)


class RoundsAbreast(ForkSearch):
    """Rounds within a bound as ForkSearch runs them, each noted (bound, its hold), and the bound
    of each that overflowed; those within less than `over` moves hold more forks than the hold."""

    def __init__(self, space, ledger, over):
        super().__init__(space, ledger)
        self.over, self.rounds, self.overflowed = over, [], []

    def within(self, body, fruit, free, bound, hold=None):
        self.rounds.append((bound, hold))
        try:
            if bound is not None and bound < self.over:
                raise Overflow
            return (yield from super().within(body, fruit, free, bound, hold))
        except Overflow:
            self.overflowed.append(bound)
            raise


def test_rounds_abreast_step_by_half_share_the_hold_and_go_on_past_one_that_overflows():
    """10x10 seed 37, first route 1,310 moves, fruit 6 cells from the head: rounds within 12,
    18, 27, ... moves (each 1.5 times the last, below 1,310) all start at once, each with its
    share of the hold. The small ones are made to overflow; the others go on, and the first
    route found eats the fruit in fewer than 1,310 moves."""
    body, fruit = seed_37_and_29_on_ten_by_ten()[37]
    grid = Grid(10, 10)
    search = Endgame(grid)
    search.forks = abreast = RoundsAbreast(search.space, search.ledger, over=100)
    free = sum(1 << c for c in range(100) if c not in body)
    route = finish(abreast.abreast(search.space.pack(body), fruit, free, 1310))
    bounds = [bound for bound, _ in abreast.rounds]
    assert bounds[:4] == [12, 18, 27, 40] and bounds[-1] < 1310 <= int(bounds[-1] * 1.5)
    assert {hold for _, hold in abreast.rounds} == {search.ledger.hold // len(bounds)}
    cells = [search.space.cell[c] for c in route]
    assert 100 < len(cells) < 1310 and eats_by(grid, body, fruit, cells) and search.ledger.held == 0


def test_rounds_abreast_start_once_the_bodies_a_stopped_search_let_go_of_are_freed():
    """A search stopped just before (the doubling rounds, past their limit) leaves its bodies
    to be freed a few at a time; the rounds abreast free them first, or the rounds would be
    past the hold at their first forks, and given up for good."""
    body, fruit = seed_37_and_29_on_ten_by_ten()[37]
    search = Endgame(Grid(10, 10))
    search.forks = noted = RoundsAbreast(search.space, search.ledger, over=0)
    ledger = search.ledger
    ledger.graveyard.append(dict.fromkeys(range(ledger.hold)))
    ledger.held += ledger.hold
    free = sum(1 << c for c in range(100) if c not in body)
    route = finish(noted.abreast(search.space.pack(body), fruit, free, 1310))
    assert route is not None and noted.overflowed == [] and ledger.held == 0


def test_a_round_past_its_own_share_of_the_hold_overflows():
    """A round within a bound, given a hold of its own smaller than the forks it meets,
    raises Overflow though the ledger's hold is far from full."""
    body, fruit = seed_37_and_29_on_ten_by_ten()[37]
    search = Endgame(Grid(10, 10))
    free = sum(1 << c for c in range(100) if c not in body)
    with pytest.raises(Overflow):
        finish(search.forks.within(search.space.pack(body), fruit, free, 1000, hold=50))
    assert finish(search.forks.within(search.space.pack(body), fruit, free, 1000))[0] is not None


def test_the_search_for_a_shorter_route_costs_no_more_moves_than_it_could_save():
    """10x10 seed 29: the search for a shorter route than the first may cost no more moves
    (a move per `work`) than the first route could save over the distance to the fruit.
    With a slice of work a move (256) that is too little to find one, and the first route
    is taken (its work stays within those moves); with four slices a move a shorter one is
    found, less than twice the shortest (163 moves, the layered search alone)."""
    body, fruit = seed_37_and_29_on_ten_by_ten()[29]
    grid = Grid(10, 10)
    slow = Endgame(grid, limit=2_000_000, work=SLICE)
    proof = slow.prove(body, fruit)
    first = proof.notes.spare
    saving = len(first) - grid.distance(body[0], fruit)
    assert proof.route == first and eats_by(grid, body, fruit, first) and not slow.given_up(body, fruit)
    assert slow.ledger.looked < saving * SLICE
    route = Endgame(grid, limit=2_000_000, work=4 * SLICE).winning_route(body, fruit)
    assert eats_by(grid, body, fruit, route) and 163 <= len(route) < min(len(first), 2 * 163)


def test_a_first_route_as_short_as_the_distance_is_taken_at_once():
    """The fruit beside the head and the board full once it is eaten: no shorter route can
    exist, so none is looked for."""
    game, search, body, fruit = question(["> > v",
                                          "H * v",
                                          "^ < <"], forks=True)
    proof = search.prove(body, fruit)
    assert proof.route == [fruit] and proof.notes.spare is None


def test_where_the_layered_search_gives_up_the_long_route_over_forks_is_taken():
    """STILL_WON with a hold of 160: the route over forks (183 moves) is longer than the rest of
    a proof of 700,000 could circle; the layered search, held to 160 bodies, gives up."""
    game, search, body, fruit = question(STILL_WON, forks=True, hold=160, limit=700_000)
    proof = search.prove(body, fruit)
    route = proof.route
    assert route == proof.notes.spare and len(route) == 183 and not search.given_up(body, fruit)


def test_while_a_shorter_route_is_looked_for_the_position_is_known_won():
    """10x10 seed 37 as above, played move by move: once the round without a bound has its
    long route, the rounds within a bound go on for more moves, and the game is already
    proven won."""
    body, fruit = seed_37_and_29_on_ten_by_ten()[37]
    search = Endgame(Grid(10, 10), hold=16_000, limit=2_000_000, work=64 * SLICE)
    while search.proof is None or search.proof.notes.spare is None:
        assert not search.proven()
        cells, won = search.move(body, fruit)
        body = search.proof.body_now()
    assert not won and search.proven()
    moves = 0
    while not won:
        assert search.proven()
        cells, won = search.move(body, fruit)
        body = None if won else search.proof.body_now()
        moves += 1
    assert len(cells) == 158 and moves > 1


def test_the_headless_runner_lets_a_proven_win_play_on_past_its_move_limit():
    """STILL_WON's proof ends on the first move (a large piece of work a move): from then on
    the game is proven won, so one move of limit does not call it stuck. With a slice a move
    its first route (3 slices) is not found by then."""
    game = board(STILL_WON)
    solver = HamiltonSolver(game)
    solver.endgame.work = 100 * SLICE
    assert headless_play(game, solver, game.steps + 1, Timing(), False) == "won"
    game = board(STILL_WON)
    solver = HamiltonSolver(game)
    solver.endgame.work = SLICE
    assert headless_play(game, solver, game.steps + 1, Timing(), False) == "stuck"  # not proven yet


def test_a_game_circling_while_it_searches_for_a_proven_positions_route_counts_as_proven_won():
    """While STILL_WON's own proof decides (a slice a move: 3 moves), the game is not yet known
    won; from its first route on it is, while a shorter one is looked for. After its first
    meal, the next position is one that proof showed won, so circling while its route is
    searched for (here with no work a move) counts as proven."""
    game = board(STILL_WON)
    solver = HamiltonSolver(game)
    solver.endgame.work = SLICE
    proven = []  # whether the game was proven won, each move the proof was under way
    while game.eaten == 0:
        direc = solver.next_direction()
        if solver.decision.proof is ProofState.UNDER_WAY:
            proven.append(solver.proven_win())
        game.snake.turn(direc)
        game.step()
    assert proven[:2] == [False, False] and proven.index(True) == 2 and all(proven[2:])
    solver.endgame.work = 1  # less than a slice: the next proof stays under way
    for _ in range(3):
        game.snake.turn(solver.next_direction())
        assert solver.decision.proof is ProofState.UNDER_WAY and solver.proven_win()
        game.step()
