"""LoopWatch: a memoryless autopilot's endless circling is proven exactly, and only then."""
from headless.runner import run_games
from game import Game
from loops import LoopWatch
from snake import UP, Snake
from solver import GreedySolver


def greedy_until_proven(game, cap):
    """Play greedy until the watch fires or the game ends; return (watch, moves played)."""
    solver, watch = GreedySolver(game), LoopWatch()
    while not game.over() and game.steps < cap:
        game.snake.turn(solver.next_direction())
        game.step()
        if watch.see(game.snake, game.fruit.last_generate):
            return watch, solver
    return watch, solver


def position(game):
    return list(game.snake.body), game.snake.direction(), game.fruit.last_generate, len(game.snake)


def test_a_proven_loop_really_repeats_and_never_eats():
    """8x8 seed 2: greedy ends circling. The period it reports is a true period."""
    game = Game(8, 8, 4, seed=2)
    watch, solver = greedy_until_proven(game, cap=5000)
    assert watch.period is not None and not game.over()
    proven_at, before = game.steps, position(game)
    for _ in range(3):  # three more laps: the same position each time, never a meal
        for _ in range(watch.period):
            game.snake.turn(solver.next_direction())
            game.step()
        assert position(game) == before
    assert game.steps == proven_at + 3 * watch.period


def test_no_alarm_in_games_greedy_wins():
    for seed in range(1, 12):
        game = Game(6, 6, 3, seed=seed)
        watch, _ = greedy_until_proven(game, cap=20000)
        if game.state == "won":
            assert watch.period is None
            return
    raise AssertionError("no won game among the seeds tried")


# Two positions with the same head, heading and fruit but different bodies.
A = Snake(6, 6, [(2, 2), (2, 3), (2, 4), (3, 4)], UP)
B = Snake(6, 6, [(2, 2), (2, 3), (1, 3), (1, 4)], UP)


def test_the_whole_body_is_compared_not_just_the_head():
    """A B A B: B is saved after move 1, so move 2 (A) is compared with B and must not
    match; move 3 (B) matches: a loop of 2 moves."""
    watch = LoopWatch()
    assert [watch.see(s, (5, 5)) for s in (A, B, A, B)] == [False, False, False, True]
    assert watch.period == 2


def test_a_new_fruit_starts_a_new_stretch():
    watch = LoopWatch()
    assert [watch.see(s, (0, 0)) for s in (A, B, A)] == [False, False, False]
    assert [watch.see(s, (5, 5)) for s in (B, A, B)] == [False, False, False]  # B saved anew
    assert watch.see(A, (5, 5)) and watch.period == 2


def test_a_meal_starts_a_new_stretch():
    grown = Snake(6, 6, [(2, 2), (2, 3), (2, 4), (3, 4), (4, 4)], UP)
    watch = LoopWatch()
    assert [watch.see(s, (5, 5)) for s in (A, B, grown, B)] == [False] * 4


def test_headless_counts_a_proven_loop_as_stuck_with_every_other_figure_unchanged(monkeypatch):
    watched = run_games(8, 8, 4, "greedy", seed=1, max_steps=5000, games=12)
    monkeypatch.setattr(GreedySolver, "memoryless", False)  # no watch: play on to max_steps
    unwatched = run_games(8, 8, 4, "greedy", seed=1, max_steps=5000, games=12)
    assert watched["stuck"] > 0
    for key in ("wins", "losses", "stuck", "avg_length", "min_length", "avg_steps_won"):
        assert watched[key] == unwatched[key], key
    assert watched["avg_steps"] < unwatched["avg_steps"]
