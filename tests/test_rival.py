"""rival's promises (versus/rival.py): the other snake is a moving wall, a cell the other head can
reach too is avoided unless every move is as bad, the fruit is taken when it is reached first,
and it never loses by its own fault while a move survived the tick (the soak's check)."""
import pytest

from headless.soak import InvariantError
from pather import PathSolve
from snake import DOWN, LEFT, RIGHT, UP, Snake
from versus import rounds
from versus.duel import A, B, Duel
from versus.rival import DEAD, RISKY, SAFE, Look, RivalSolver, territory
from versus.rounds import RoundSpec, play_round, surviving_moves


def duel_at(width, height, a, a_dir, b, b_dir, fruit, length=2, seed=1):
    duel = Duel(width, height, length, seed=seed)
    duel.restore([Snake(width, height, a, a_dir), Snake(width, height, b, b_dir)], fruit, 0, [0, 0])
    return duel


def look_of(duel, side=A):
    rival = RivalSolver(duel.side(side))
    return rival, Look(rival.pather, duel.snakes[side], duel.snakes[1 - side], duel.fruit.last_generate)


def test_a_cell_the_other_head_can_reach_is_risky_unless_the_rival_is_longer():
    #  . a A . .      (3, 0) and (2, 1) are next to B's head (3, 1)
    #  . . . B b
    duel = duel_at(5, 3, [(2, 0), (1, 0)], RIGHT, [(3, 1), (4, 1)], LEFT, (0, 2))
    _, look = look_of(duel)
    assert (look.safety(RIGHT), look.safety(DOWN), look.safety(UP)) == (RISKY, RISKY, DEAD)
    longer = duel_at(5, 3, [(2, 0), (1, 0), (0, 0)], RIGHT, [(3, 1), (4, 1)], LEFT, (0, 2))
    _, look = look_of(longer)
    assert (look.safety(RIGHT), look.safety(DOWN)) == (SAFE, SAFE)  # meeting head on, the longer lives


def test_the_other_snakes_body_is_a_wall_and_its_tail_is_free_unless_it_may_eat_now():
    #  . . A .        A's way down is B's tail (2, 1)
    #  B b b .
    duel = duel_at(4, 3, [(2, 0), (3, 0)], LEFT, [(0, 1), (1, 1), (2, 1)], RIGHT, (3, 2))
    _, look = look_of(duel)
    assert look.safety(DOWN) == SAFE and look.safety(LEFT) == SAFE
    hungry = duel_at(4, 3, [(2, 0), (3, 0)], LEFT, [(0, 1), (1, 1), (2, 1)], RIGHT, (0, 2))  # B may eat at (0, 2)
    _, look = look_of(hungry)
    assert look.safety(DOWN) == RISKY
    into_body = duel_at(4, 3, [(1, 0), (0, 0)], RIGHT, [(0, 1), (1, 1), (2, 1)], RIGHT, (3, 2))
    _, look = look_of(into_body)
    assert look.safety(DOWN) == DEAD


def test_the_rival_avoids_a_cell_the_other_head_can_reach_when_another_move_is_safe():
    #  . . . . . .     the fruit (3, 1) is one move away, but B's head can reach it too, and
    #  . a A * . .     B is as long: right and down may meet B's head, up is safe
    #  . . . B b .
    duel = duel_at(6, 4, [(2, 1), (1, 1)], RIGHT, [(3, 2), (4, 2)], LEFT, (3, 1))
    rival, _ = look_of(duel)
    assert rival.next_direction() == UP
    assert rival.decision.safety == {"right": RISKY, "up": SAFE, "down": RISKY}


def test_the_rival_takes_the_fruit_it_reaches_first_and_leaves_one_it_does_not():
    #  a A . . * . . . .      the rival is 3 moves from the fruit, B 5: it goes
    #  . . . . . . . B b
    duel = duel_at(9, 4, [(1, 0), (0, 0)], RIGHT, [(7, 1), (8, 1)], LEFT, (4, 0))
    rival, _ = look_of(duel)
    assert rival.next_direction() == RIGHT and rival.decision.step == "fruit"
    assert (rival.decision.mine, rival.decision.theirs) == (3, 4)
    farther = duel_at(9, 4, [(1, 0), (0, 0)], RIGHT, [(5, 1), (6, 1)], LEFT, (4, 0))
    rival, _ = look_of(farther)
    rival.next_direction()
    assert rival.decision.step != "fruit" and rival.decision.mine >= rival.decision.theirs


def test_surviving_moves_are_found_by_trying_every_answer_of_the_other():
    duel = duel_at(5, 3, [(2, 0), (1, 0)], RIGHT, [(3, 1), (4, 1)], LEFT, (0, 2))
    assert surviving_moves(duel, A) == []  # right and down may meet B's head; up is the wall
    assert surviving_moves(duel, B) == [DOWN]  # up and left may meet A's head, as long as B
    roomy = Duel(8, 6, 3, seed=1)
    assert sorted(surviving_moves(roomy, A)) == [DOWN, RIGHT] and sorted(surviving_moves(roomy, B)) == [UP, LEFT]


@pytest.mark.parametrize("b", ["rival", "greedy", "random"])
def test_the_soak_finds_no_own_fault_loss_of_the_rival_on_small_boards(b):
    for width, height in ((3, 3), (4, 4), (5, 3), (6, 6), (7, 5)):
        length = 1 if width * height < 12 else 2
        for seed in range(1, 9):
            for swapped in (False, True):
                record = play_round(RoundSpec(width, height, length, "rival", b, seed, swapped, soak=True))
                assert record["winner"] in ("a", "b", "draw")


def test_the_soak_catches_a_rival_that_walks_into_danger(monkeypatch):
    """Switched off, the safety step lets the rival lose with a safe move left: the soak says so."""
    monkeypatch.setattr(Look, "safety", lambda self, direc: SAFE)
    with pytest.raises(InvariantError, match="own fault"):
        for seed in range(1, 40):
            play_round(RoundSpec(6, 6, 2, "rival", "rival", seed, soak=True))


def test_the_soak_checks_the_rules_of_each_tick(monkeypatch):
    """A tick that let a snake grow without eating is named by the soak."""
    real = Duel.eaters

    def greedy_eaters(self, heads, lengths):
        return [True, real(self, heads, lengths)[1]]
    monkeypatch.setattr(Duel, "eaters", greedy_eaters)
    with pytest.raises(InvariantError, match="grew without eating"):
        play_round(RoundSpec(6, 6, 2, "random", "random", 1, soak=True))
    assert rounds.check_tick  # the one home of the rules' check


def test_the_rival_beats_the_random_mover_and_greedy_blind_on_a_small_run():
    for b, least in (("random", 18), ("greedy", 16)):
        won = sum(play_round(RoundSpec(16, 12, 3, "rival", b, seed, swapped))["winner"] == "a"
                  for seed in range(1, 11) for swapped in (False, True))
        assert won >= least, (b, won)


def test_territory_counts_the_cells_each_head_reaches_strictly_first():
    ps = PathSolve(5, 1)
    row = ps.board
    at = [ps.index[(x, 0)] for x in range(5)]
    assert territory(ps, at[0], at[3], row) == (1, 2)  # (1, 0) is A's; (2, 0) and (4, 0) are B's
    assert territory(ps, at[0], at[4], row) == (1, 1)  # (2, 0), reached by both at once, is nobody's
    assert territory(ps, at[4], at[0], row) == (1, 1)


def test_in_a_standoff_the_snake_with_fewer_cells_of_its_own_makes_way():
    #  . . . . . . . .     both heads 2 moves from the fruit, both snakes 2 long: neither could
    #  a A . * . B b .     ever step on it first. B has a column more behind it: A makes way
    #  . . . . . . . .     (up, no nearer), B goes on, and eats two ticks later.
    duel = duel_at(8, 3, [(1, 1), (0, 1)], RIGHT, [(5, 1), (6, 1)], LEFT, (3, 1))
    rivals = [RivalSolver(duel.side(A)), RivalSolver(duel.side(B))]
    assert [r.next_direction() for r in rivals] == [UP, LEFT]
    assert [r.decision.step for r in rivals] == ["way", "near"]
    assert rivals[A].decision.claims == (7, 10) and rivals[B].decision.claims == (10, 7)
    duel.step((UP, LEFT))
    assert [r.next_direction() for r in rivals] == [RIGHT, LEFT]  # A 3 moves away, B 1: B's
    duel.step((RIGHT, LEFT))
    assert rivals[B].next_direction() == LEFT and rivals[B].decision.step == "fruit"
    duel.step((DOWN, LEFT))
    assert duel.eaten == [0, 1]


def test_a_standoff_with_as_many_cells_each_is_broken_by_a_lot_drawn_from_the_seed():
    #  . . . . . . .     the board is its own mirror: both claim 7 cells. Exactly one makes
    #  a A . * . B b     way, which one follows from the round's seed, and over seeds each
    #  . . . . . . .     side does.
    makers = []
    for seed in range(1, 11):
        duel = duel_at(7, 3, [(1, 1), (0, 1)], RIGHT, [(5, 1), (6, 1)], LEFT, (3, 1), seed=seed)
        steps = []
        for side in (A, B):
            rival = RivalSolver(duel.side(side))
            rival.next_direction()
            assert rival.decision.claims == (7, 7)
            steps.append(rival.decision.step)
        assert sorted(steps) == ["near", "way"]
        makers.append(steps.index("way"))
        again = RivalSolver(duel.side(makers[-1]))
        again.next_direction()
        assert again.decision.step == "way"  # the same round, the same draw
    assert set(makers) == {A, B}
