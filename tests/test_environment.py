"""The Gymnasium environment (snake_env/, docs/environment.md): Gymnasium's own checker and
vector envs, the game's rules and seeds, the drawing, the expert beside the agent, a policy
played as a solver, the wrappers, what it refuses, and what it says without gymnasium."""
import json
import os
import re
import subprocess
import sys

import pytest

import main
import solvers
from game import Game
from headless.games import GameSpec, play_game, starting_game
from snake import DOWN, LEFT, RIGHT, UP, Snake

try:
    import gymnasium
    import numpy as np
    from gymnasium.utils.env_checker import check_env

    import snake_env
    from snake_env import observe, wrappers
except ImportError:  # the one test without them runs all the same
    gymnasium = None

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
needs_gymnasium = pytest.mark.skipif(gymnasium is None, reason="gymnasium and numpy are not installed "
                                                               "(./run.sh test installs them)")


def make(**kwargs):
    return gymnasium.make(snake_env.ID, **kwargs)


def play_out(env, choose, seed):
    """Play one game of `env` from reset(seed=seed), `choose(obs, info)` giving each action;
    the actions, and the last step's (reward, terminated, truncated, info)."""
    obs, info = env.reset(seed=seed)
    actions = []
    while True:
        actions.append(choose(obs, info))
        obs, reward, terminated, truncated, info = env.step(actions[-1])
        if terminated or truncated:
            return actions, (reward, terminated, truncated, info)


def expert(obs, info):
    return info["expert_action"]


def letters(game):
    """The moves of `game` as a replay writes them: U, D, L, R."""
    from files.replay import TO_LETTERS
    return game.moves.translate(TO_LETTERS).decode("ascii")


def no_display_env():
    """The process environment of a server: no display named, no SDL driver asked for."""
    return {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY", "SDL_VIDEODRIVER")}


# -- Gymnasium's own tools ---------------------------------------------------------------------

@needs_gymnasium
@pytest.mark.parametrize("kwargs", [{}, {"width": 5, "height": 3, "initial_length": 3, "expert": "hamilton"},
                                    {"render_mode": "rgb_array", "expert": "greedy"}])
def test_gymnasiums_checker_passes(kwargs):
    env = make(**kwargs)
    check_env(env.unwrapped)  # also makes one env per render mode from the spec, and closes one twice
    env.close()


@needs_gymnasium
@pytest.mark.parametrize("wrap", ["Features", "RelativeActions"])
def test_gymnasiums_checker_passes_each_wrapper(wrap):
    env = getattr(snake_env, wrap)(make(expert="hamilton"))
    check_env(env, skip_render_check=True)


@needs_gymnasium
def test_the_id_registers_on_import_and_the_defaults_are_documented():
    env = make()
    assert env.spec.id == "snake_env/Snake-v0"
    base = env.unwrapped
    assert (base.width, base.height, base.initial_length, base.render_mode) == (8, 8, 2, None)
    assert base.observation_space == gymnasium.spaces.Box(0.0, 1.0, (3, 8, 8), np.float32)
    assert base.action_space == gymnasium.spaces.Discrete(4)
    assert base.metadata["render_modes"] == ["rgb_array", "human"] and base.metadata["render_fps"] > 0
    assert base.rewards == {"step": 0.0, "fruit": 1.0, "win": 10.0, "death": -1.0}
    assert base.max_stall == snake_env.stall_limit(8, 8) == 128


@needs_gymnasium
@pytest.mark.parametrize("mode", ["sync", "async"])
def test_vector_envs_play_games_to_their_end_and_on(mode):
    envs = gymnasium.make_vec(snake_env.ID, num_envs=2, vectorization_mode=mode, width=4, height=4,
                              expert="examples/careful.py:Careful")
    obs, info = envs.reset(seed=7)
    assert obs.shape == (2, 3, 4, 4) and obs.dtype == np.float32
    # reset(seed=7) of a vector env seeds its games 7 and 8: the games of --seed 7 --games 2
    for i, seed in enumerate((7, 8)):
        fruit = starting_game(GameSpec(4, 4, 2, "greedy", seed, 100)).fruit.where()
        assert obs[i, observe.FRUIT, fruit[1], fruit[0]] == 1.0
    ended = 0
    for _ in range(300):
        obs, reward, terminated, truncated, info = envs.step(info["expert_action"])
        ended += int(np.sum(terminated | truncated))
    assert ended >= 2 and np.all(info["_expert_action"] == ~(terminated | truncated))
    envs.close()


@needs_gymnasium
def test_an_async_vector_env_builds_its_envs_in_fresh_processes(tmp_path, monkeypatch):
    """Spawned workers import the env by its entry point and the expert's file anew."""
    monkeypatch.chdir(ROOT)
    envs = gymnasium.vector.AsyncVectorEnv(
        [lambda: gymnasium.make(snake_env.ID, width=4, height=4, expert="examples/careful.py:Careful")] * 2,
        context="spawn")
    monkeypatch.chdir(tmp_path)
    obs, info = envs.reset(seed=1)
    obs, reward, terminated, truncated, info = envs.step(info["expert_action"])
    assert obs.shape == (2, 3, 4, 4) and list(info["moves"]) == [1, 1]
    envs.close()


# -- the game's own rules, seeds and moves --------------------------------------------------------

@needs_gymnasium
@pytest.mark.parametrize("seed", [1, 5, 123456])
def test_reset_with_a_seed_gives_the_fruits_of_that_seed(seed):
    env = make(width=6, height=5, initial_length=3, expert="hamilton")
    actions, _ = play_out(env, expert, seed)
    game = starting_game(GameSpec(6, 5, 3, "greedy", seed, 1000))  # what --seed S --games 1 plays first
    assert game.fruits == Game(6, 5, 3, seed=seed).fruits
    for direc in actions:
        game.snake.turn(direc)
        game.step()
    assert env.unwrapped.game.fruits == game.fruits and env.unwrapped.game.moves == game.moves
    assert len(game.fruits) == 6 * 5 - 3


@needs_gymnasium
def test_reset_without_a_seed_goes_on_from_the_last_seed_given():
    env = make()
    first = [env.reset(seed=3)[0]] + [env.reset()[0] for _ in range(3)]
    again = [env.reset(seed=3)[0]] + [env.reset()[0] for _ in range(3)]
    assert all(np.array_equal(a, b) for a, b in zip(first, again))
    seeds = set()
    for _ in range(5):
        env.reset()
        seeds.add(env.unwrapped.game.seed)
    assert len(seeds) == 5


@needs_gymnasium
@pytest.mark.parametrize("board, seeds", [((8, 8), [1, 2, 3]), ((6, 5), [11, 12]), ((5, 5), [4])])
def test_hamilton_through_the_env_wins_every_game_in_the_moves_of_the_headless_runner(board, seeds):
    env = make(width=board[0], height=board[1], initial_length=2, expert="hamilton")
    for seed in seeds:
        actions, (reward, terminated, truncated, info) = play_out(env, expert, seed)
        record = play_game(GameSpec(*board, 2, "hamilton", seed, 10 ** 6, keep=True))
        assert record["outcome"] == "won" and terminated and not truncated
        assert info["length"] == board[0] * board[1] and info["moves"] == record["steps"] == len(actions)
        assert bytes(actions) == bytes(env.unwrapped.game.moves)  # hamilton never asks to reverse
        assert record["replay"].moves == letters(env.unwrapped.game)


@needs_gymnasium
@pytest.mark.parametrize("ref", ["greedy", "examples/careful.py:Careful"])
def test_the_experts_action_is_the_move_its_solver_makes(ref, monkeypatch):
    """Followed, the expert plays the game the headless runner plays with it as the solver,
    a plug-in from a file too (checked by solvers.guard on every call)."""
    monkeypatch.chdir(ROOT)
    env = make(width=6, height=6, expert=ref)
    for seed in (1, 2):
        actions, (_, terminated, truncated, info) = play_out(env, expert, seed)
        record = play_game(GameSpec(6, 6, 2, ref, seed, len(actions), keep=True))
        played = letters(env.unwrapped.game)
        assert played.startswith(record["replay"].moves) and len(played) > 20
        assert record["outcome"] == "stuck" or record["replay"].moves == played  # greedy's loop is proven early


@needs_gymnasium
def test_the_expert_answers_from_the_position_the_agent_left_and_not_after_the_end():
    env = make(width=6, height=6, expert="hamilton")
    obs, info = env.reset(seed=4)
    rng = np.random.default_rng(4)
    for _ in range(40):
        snake = env.unwrapped.game.snake
        assert snake.is_safe_move(info["expert_action"])  # hamilton takes over whatever it is handed
        obs, reward, terminated, truncated, info = env.step(int(rng.integers(4)))
        if terminated or truncated:
            assert "expert_action" not in info
            obs, info = env.reset()


@needs_gymnasium
def test_a_failing_expert_raises_its_one_line(tmp_path, monkeypatch):
    (tmp_path / "broken.py").write_text("class Broken:\n    def __init__(self, game):\n        self.game = game\n"
                                        "    def next_direction(self):\n        return 'up'\n")
    monkeypatch.chdir(tmp_path)
    env = make(expert="broken.py:Broken")
    from solvers.guard import SolverFailed
    with pytest.raises(SolverFailed, match=r"^Broken.next_direction at move 1: answered 'up', not a direction"):
        env.reset(seed=1)


# -- when a game ends, and its rewards -----------------------------------------------------------

@needs_gymnasium
def test_a_loss_terminates_with_the_death_reward_and_a_step_after_it_is_refused():
    env = make(width=4, height=4)
    env.reset(seed=1)
    obs, reward, terminated, truncated, info = env.step(UP)  # from the top row: the wall
    assert (reward, terminated, truncated) == (-1.0, True, False)
    assert obs in env.observation_space and "expert_action" not in info
    with pytest.raises(gymnasium.error.ResetNeeded, match=r"^the game is over \(lost at move 1\): call reset"):
        env.step(UP)
    env.reset()
    assert env.step(RIGHT)[2] is False  # a new game plays on


@needs_gymnasium
def test_a_win_terminates_with_the_fruit_and_win_rewards():
    env = make(width=3, height=2, expert="hamilton")
    _, (reward, terminated, truncated, info) = play_out(env, expert, seed=1)
    assert (reward, terminated, truncated, info["length"]) == (11.0, True, False, 6)


@needs_gymnasium
def test_rewards_can_be_set_one_by_one():
    env = make(width=3, height=2, rewards={"step": -0.5, "fruit": 5}, expert="hamilton")
    obs, info = env.reset(seed=1)
    rewards, lengths, terminated = [], [], False
    while not terminated:
        obs, reward, terminated, truncated, info = env.step(info["expert_action"])
        rewards.append(reward)
        lengths.append(info["length"])
    ate = [now > before for before, now in zip([2] + lengths, lengths)]
    assert sum(ate) == 4 and rewards == [4.5 + 10 * (n == len(ate) - 1) if a else -0.5 for n, a in enumerate(ate)]


@needs_gymnasium
def test_a_snake_going_round_in_circles_is_truncated_after_the_stall_limit():
    env = make(width=8, height=8, max_stall=10)
    env.reset(seed=4)
    assert env.unwrapped.game.fruit.where()[1] > 1  # not in the loop below
    loop = [DOWN, LEFT, UP, RIGHT]  # the snake of length 2 goes round the 2x2 square in the corner
    for n in range(10):
        obs, reward, terminated, truncated, info = env.step(loop[n % 4])
        assert not terminated and truncated == (n == 9) and reward == 0.0
    with pytest.raises(gymnasium.error.ResetNeeded, match="truncated at move 10"):
        env.step(UP)


@needs_gymnasium
def test_eating_starts_the_stall_count_again():
    env = make(width=6, height=6, max_stall=40, expert="hamilton")
    actions, (reward, terminated, truncated, info) = play_out(env, expert, seed=3)
    assert terminated and info["length"] == 36 and len(actions) > 100  # never 40 moves without a fruit


@needs_gymnasium
def test_a_reversal_goes_straight_on_as_in_the_game():
    env = make(width=8, height=8)
    env.reset(seed=1)
    obs, reward, terminated, truncated, info = env.step(LEFT)  # heading right
    assert env.unwrapped.game.snake.head() == (2, 0) and not terminated


# -- the observation -----------------------------------------------------------------------------

def reference_planes(game):
    """The planes by their definition, cell by cell (observe.py's module docstring)."""
    planes = np.zeros((3, game.height, game.width), dtype=np.float32)
    body = list(game.snake.body)
    for i, (x, y) in reversed(list(enumerate(body))):
        if game.snake.on_board((x, y)):
            planes[observe.BODY, y, x] = (len(body) - i) / len(body)
    head = body[0]
    if game.snake.on_board(head):
        planes[observe.HEAD, head[1], head[0]] = 1.0
    if game.fruit.last_generate is not None:
        fx, fy = game.fruit.last_generate
        planes[observe.FRUIT, fy, fx] = 1.0
    return planes


@needs_gymnasium
def test_the_planes_of_a_small_position():
    game = Game(5, 2, 4, seed=1)
    game.restore(Snake(5, 2, [(3, 0), (2, 0), (1, 0), (0, 0)], RIGHT), (4, 0), 0, 0)
    planes = observe.planes_of(game)
    assert planes[observe.BODY].tolist() == [[0.25, 0.5, 0.75, 1.0, 0.0], [0.0] * 5]
    assert planes[observe.HEAD].tolist() == [[0, 0, 0, 1, 0], [0] * 5]
    assert planes[observe.FRUIT].tolist() == [[0, 0, 0, 0, 1], [0] * 5]


@needs_gymnasium
@pytest.mark.parametrize("seed", range(6))
def test_the_planes_kept_move_by_move_are_the_planes_by_their_definition(seed):
    env = make(width=5, height=4, initial_length=3, expert="hamilton")
    rng = np.random.default_rng(seed)
    obs, info = env.reset(seed=seed)
    for n in range(300):
        assert np.array_equal(obs, reference_planes(env.unwrapped.game)), n
        action = info["expert_action"] if rng.random() < 0.9 else int(rng.integers(4))
        obs, reward, terminated, truncated, info = env.step(action)
        if terminated or truncated:
            assert np.array_equal(obs, reference_planes(env.unwrapped.game))  # a lost head too
            obs, info = env.reset()


@needs_gymnasium
def test_the_planes_carry_on_a_move_at_a_time_and_start_again_otherwise(monkeypatch):
    starts = []
    start = observe.Planes._start
    monkeypatch.setattr(observe.Planes, "_start", lambda self, game: starts.append(game.steps) or start(self, game))
    env = make(width=6, height=6, expert="hamilton")
    actions, _ = play_out(env, expert, seed=1)
    assert starts == [0] and len(actions) > 100  # from the body once, at the start
    planes, game = observe.Planes(), Game(6, 6, 3, seed=2)
    planes.look(game)
    for direc in (RIGHT, DOWN):
        game.snake.turn(direc)
        game.step()
    assert np.array_equal(planes.look(game), reference_planes(game))  # two moves on: from the body again
    other = Game(6, 6, 4, seed=3)
    assert np.array_equal(planes.look(other), reference_planes(other)) and starts == [0, 0, 2, 0]


@needs_gymnasium
def test_the_observation_is_a_new_array_each_move():
    env = make()
    first, _ = env.reset(seed=1)
    kept = first.copy()
    env.step(RIGHT)
    assert np.array_equal(first, kept)


# -- the wrappers ---------------------------------------------------------------------------------

@needs_gymnasium
def test_the_features_of_a_position_drawn_as_ascii():
    """    x 0 1 2 3
         y 0 t o o H      the snake heading right along the top row of a 4x3 board,
           1 . . . *      the fruit below its head, to the right
           2 . . . .
    """
    game = Game(4, 3, 4, seed=1)
    game.restore(Snake(4, 3, [(3, 0), (2, 0), (1, 0), (0, 0)], RIGHT), (3, 1), 0, 0)
    vector = dict(zip(snake_env.FEATURES, observe.features(game).tolist()))
    assert [vector[f"danger_{d}"] for d in ("up", "down", "left", "right")] == [1, 0, 1, 1]  # left: straight on
    assert vector["room_down"] == pytest.approx(9 / 12)  # 8 free cells and the tail's
    assert [vector[f"room_{d}"] for d in ("up", "left", "right")] == [0, 0, 0]
    assert [vector[f"fruit_{d}"] for d in ("up", "down", "left", "right")] == [0, 1, 0, 0]
    assert [vector[f"heading_{d}"] for d in ("up", "down", "left", "right")] == [0, 0, 0, 1]


@needs_gymnasium
def test_room_counts_the_cells_each_move_leads_to():
    """    x 0 1 2 3 4
         y 0 . o o o .     on the left a pocket of 3 cells and the tail's (it moves on);
           1 . H . o .     to the right of the head one free cell, walled in; the column
           2 . t o o .     x = 4 out of reach; the snake heading down
    """
    game = Game(5, 3, 8, seed=1)
    body = [(1, 1), (1, 0), (2, 0), (3, 0), (3, 1), (3, 2), (2, 2), (1, 2)]
    game.restore(Snake(5, 3, body, DOWN), (4, 0), 0, 0)
    vector = dict(zip(snake_env.FEATURES, observe.features(game).tolist()))
    assert [vector[f"room_{d}"] for d in ("up", "down", "left", "right")] == pytest.approx([4 / 15, 4 / 15, 4 / 15,
                                                                                            1 / 15])
    assert [vector[f"danger_{d}"] for d in ("up", "down", "left", "right")] == [0, 0, 0, 0]  # up: straight on, down
    game.snake.eat_fruit()  # about to grow: the tail stays, and moving onto it loses
    vector = dict(zip(snake_env.FEATURES, observe.features(game).tolist()))
    assert vector["danger_down"] == 1 and vector["room_down"] == 0 and vector["room_left"] == pytest.approx(3 / 15)


@needs_gymnasium
def test_features_is_a_small_vector_of_the_same_size_on_every_board():
    for width, height in ((4, 4), (30, 30)):
        env = snake_env.Features(make(width=width, height=height))
        obs, _ = env.reset(seed=1)
        assert obs.shape == (16,) and obs.dtype == np.float32 and obs in env.observation_space


@needs_gymnasium
@pytest.mark.parametrize("heading, turns", [(UP, (UP, LEFT, RIGHT)), (DOWN, (DOWN, RIGHT, LEFT)),
                                            (LEFT, (LEFT, DOWN, UP)), (RIGHT, (RIGHT, UP, DOWN))])
def test_relative_actions_turn_from_the_heading(heading, turns):
    assert tuple(wrappers.absolute(heading, a) for a in range(3)) == turns
    assert [wrappers.relative(heading, d) for d in turns] == [0, 1, 2]
    assert wrappers.relative(heading, {UP: DOWN, DOWN: UP, LEFT: RIGHT, RIGHT: LEFT}[heading]) == 0


@needs_gymnasium
def test_relative_actions_play_the_experts_game_with_its_moves_turned():
    env = snake_env.RelativeActions(make(width=6, height=6, expert="hamilton"))
    assert env.action_space == gymnasium.spaces.Discrete(3)
    actions, (reward, terminated, truncated, info) = play_out(env, expert, seed=2)
    assert terminated and info["length"] == 36 and set(actions) == {0, 1, 2}
    record = play_game(GameSpec(6, 6, 2, "hamilton", 2, 10 ** 5))
    assert record["steps"] == len(actions)


# -- the drawing ----------------------------------------------------------------------------------

@needs_gymnasium
def test_rgb_array_is_the_games_own_drawing_kept_move_by_move():
    import pygame

    import drawer

    env = make(width=6, height=4, render_mode="rgb_array", block_size=10, expert="hamilton")
    obs, info = env.reset(seed=1)
    for _ in range(60):
        obs, reward, terminated, truncated, info = env.step(info["expert_action"])
    frame = env.render()
    assert frame.shape == (40, 60, 3) and frame.dtype == np.uint8 and frame.flags.writeable
    game = env.unwrapped.game
    assert len(game.snake) > 3
    fresh = pygame.Surface((60, 40), 0, 24)
    config = {"block-size": 10}
    drawer.BoardDrawer(fresh, config, drawer.SnakeDrawer(fresh, config, game.snake),
                       drawer.FruitDrawer(fresh, config, game.fruit)).draw()
    assert np.array_equal(frame, pygame.surfarray.array3d(fresh).transpose(1, 0, 2))
    assert tuple(frame[game.fruit.where()[1] * 10 + 5, game.fruit.where()[0] * 10 + 5]) == drawer.GREEN
    head = game.snake.head()
    assert tuple(frame[head[1] * 10 + 5, head[0] * 10 + 5]) == drawer.RED


RENDER_SCRIPT = """
import sys, numpy, gymnasium, snake_env
env = gymnasium.make("snake_env/Snake-v0", render_mode={mode!r})
env.reset(seed=1)
env.step(3)
frame = env.render()
import pygame
print(None if frame is None else list(frame.shape), pygame.display.get_init())
"""


@needs_gymnasium
def test_rgb_array_needs_no_display_and_opens_no_window():
    done = subprocess.run([sys.executable, "-c", RENDER_SCRIPT.format(mode="rgb_array")], capture_output=True,
                          text=True, cwd=ROOT, env=no_display_env(), timeout=120)
    assert done.returncode == 0, done.stderr
    assert done.stdout == "[160, 160, 3] False\n" and done.stderr == ""  # no pygame greeting either


@needs_gymnasium
def test_no_render_mode_imports_no_pygame():
    script = "import sys, gymnasium, snake_env\nenv = gymnasium.make('snake_env/Snake-v0')\nenv.reset()\n" \
             "env.step(3)\nprint('pygame' in sys.modules)"
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, cwd=ROOT, timeout=120)
    assert done.stdout == "False\n", done.stderr


@needs_gymnasium
def test_human_opens_the_games_window_with_its_strip():
    import pygame

    from window.labels import STRIP_HEIGHT

    env = make(width=6, height=4, render_mode="human", block_size=10)
    env.unwrapped.metadata = dict(env.unwrapped.metadata, render_fps=1000)
    env.reset(seed=1)
    env.step(RIGHT)
    shown = pygame.display.get_surface()
    assert shown.get_size() == (60, 40 + STRIP_HEIGHT)
    assert tuple(shown.get_at((25, 5)))[:3] == (255, 0, 0)  # the head, at (2, 0)
    assert re.fullmatch(r"Snake - environment - length [23]/24 - playing", pygame.display.get_caption()[0])
    assert env.render() is None
    pygame.event.post(pygame.event.Event(pygame.QUIT))
    env.step(DOWN)  # closing the window stops the showing, not the game
    assert not pygame.display.get_init()
    assert env.step(DOWN)[4]["moves"] == 3 and env.unwrapped.game.snake.head() == (2, 2)
    env.close()
    env.close()


@needs_gymnasium
def test_human_without_a_display_warns_once_and_plays_on():
    done = subprocess.run([sys.executable, "-c", RENDER_SCRIPT.format(mode="human")], capture_output=True,
                          text=True, cwd=ROOT, env=no_display_env(), timeout=120)
    assert done.returncode == 0 and done.stdout == "None True\n", done.stderr
    warned = [line for line in done.stderr.splitlines() if "WARN" in line]
    assert len(warned) == 1 and "no display" in warned[0] and "rgb_array" in warned[0]


TWO_WINDOWS_SCRIPT = """
import gymnasium, pygame, snake_env
from gymnasium.utils.env_checker import check_env
def make(width):
    env = gymnasium.make("snake_env/Snake-v0", width=width, height=4, render_mode="human", block_size=10)
    env.unwrapped.metadata = dict(env.unwrapped.metadata, render_fps=1000)
    return env
a, b, c = make(6), make(5), make(7)
a.reset(seed=1)
b.reset(seed=2)
c.reset(seed=3)
c.close()  # another env's window closed: a's and b's go on
b.step(3)
print(pygame.display.get_surface().get_width(), tuple(pygame.display.get_surface().get_at((25, 5)))[:3])
a.step(3)
a.step(1)
print(pygame.display.get_surface().get_width(), tuple(pygame.display.get_surface().get_at((25, 15)))[:3])
b.close()  # not the window showing now: a's stays
a.step(1)
check_env(a.unwrapped)  # makes and closes an env of each render mode
a.reset(seed=1)
a.step(3)
print(pygame.display.get_surface().get_width(), tuple(pygame.display.get_surface().get_at((25, 5)))[:3])
"""


@needs_gymnasium
def test_a_human_env_shows_its_game_again_when_another_envs_window_took_the_display():
    # pygame has one display a process: an env's window is opened again, its game painted whole, when
    # another env opened its own or closed the display (Gymnasium's check_env does both).
    done = subprocess.run([sys.executable, "-c", TWO_WINDOWS_SCRIPT], capture_output=True, text=True, cwd=ROOT,
                          timeout=120)
    assert done.returncode == 0, done.stderr[-2000:]
    assert done.stdout == "50 (255, 0, 0)\n60 (255, 0, 0)\n60 (255, 0, 0)\n"


# -- a policy as a solver --------------------------------------------------------------------------

@needs_gymnasium
def test_the_example_policy_plays_headless_as_the_docs_print_it(tmp_path):
    line = ["--headless", "--solver", "greedy,examples/policy.py:Policy", "--width", "8", "--height", "8",
            "--games", "4", "--seed", "1"]
    done = subprocess.run([sys.executable, os.path.join(ROOT, "main.py"), *line], capture_output=True, text=True,
                          cwd=ROOT, timeout=300)
    assert done.returncode == 0, done.stderr
    figures = [json.loads(row) for row in done.stdout.splitlines() if row.startswith("{")]
    assert [f["solver"] for f in figures] == ["greedy", "Policy"]
    assert figures[1]["failed"] == 0 and figures[1]["avg_length"] > 10


def solver_file(folder, text):
    """A solver file in `folder` holding `text` after snake_env's import: its module's
    namespace, and the ref of its class Mine."""
    import solvers

    (folder / "mine.py").write_text("import numpy as np\nimport snake_env\n" + text)
    ref = solvers.canonical(f"{folder / 'mine.py'}:Mine")
    solvers.find(ref)
    return vars(sys.modules[solvers.loading.module_name(ref.rpartition(":")[0])]), ref


def solver_plays(ref, seed=1, moves=200):
    """Play the solver `ref` on a 6x6 board as the headless runner does, every call checked."""
    from solvers.guard import Guarded

    game = Game(6, 6, 2, seed=seed)
    solver = Guarded(ref, game)
    while not game.over() and game.steps < moves:
        game.snake.turn(solver.next_direction())
        game.step()
    return game


MODEL = '''
class Model:
    """A saved model as stable-baselines3 has them: predict(obs, state, episode_start,
    deterministic) -> (an action array, the state)."""

    calls = []

    def predict(self, observation, state=None, episode_start=None, deterministic=False):
        self.calls.append((observation.shape, deterministic))
        return np.array(int(np.argmax(observation[4:8]))), None


Mine = snake_env.as_solver(Model(), observation="features")
'''


@needs_gymnasium
def test_a_model_with_predict_plays_deterministically_on_the_features(tmp_path):
    module, ref = solver_file(tmp_path, MODEL)
    game = solver_plays(ref)
    assert module["Model"].calls[0] == ((16,), True) and game.steps > 20


RELATIVE = '''
def policy(obs):
    return int(obs.sum() * 7) % 3  # any function of what it sees


Mine = snake_env.as_solver(policy, actions="relative")
'''


@needs_gymnasium
def test_a_policy_on_relative_actions_plays_the_game_the_env_plays_with_it(tmp_path):
    """The solver sees what the env shows and turns the answer as RelativeActions does."""
    module, ref = solver_file(tmp_path, RELATIVE)
    env = snake_env.RelativeActions(make(width=6, height=6, max_stall=10 ** 6))
    actions, _ = play_out(env, lambda obs, info: module["policy"](obs), seed=3)
    game = solver_plays(ref, seed=3, moves=10 ** 6)
    assert game.moves == env.unwrapped.game.moves and game.state == env.unwrapped.game.state


@needs_gymnasium
@pytest.mark.parametrize("answer, says", [("7", "answered 7, not a direction"),
                                          ("1.5", "answered 1.5, not a direction"),
                                          ("np.array([1, 2])", "answered array([1, 2]), not a direction")])
def test_a_policy_answering_nonsense_fails_as_a_solver_does(tmp_path, answer, says):
    from solvers.guard import SolverFailed

    module, ref = solver_file(tmp_path, f"Mine = snake_env.as_solver(lambda obs: {answer})\n")
    with pytest.raises(SolverFailed, match=re.escape(says)):
        solver_plays(ref)


@needs_gymnasium
def test_as_solver_refuses_what_is_no_policy():
    with pytest.raises(TypeError, match="a policy is a function obs -> action or has a predict"):
        snake_env.as_solver(42)
    with pytest.raises(ValueError, match="observation 'pixels': one of planes, features"):
        snake_env.as_solver(len, observation="pixels")
    with pytest.raises(ValueError, match="actions 'turns': one of absolute, relative"):
        snake_env.as_solver(len, actions="turns")


# -- what it refuses -------------------------------------------------------------------------------

@needs_gymnasium
@pytest.mark.parametrize("kwargs, says", [
    ({"width": 1, "height": 1, "initial_length": 1}, "a 1x1 board has no free cell for a fruit beside a snake of "
                                                      "initial_length 1"),
    ({"width": 2, "initial_length": 3}, "width 2: the snake of initial_length 3 starts on the top row, so the "
                                        "board must be at least 3 wide"),
    ({"width": 1025, "height": 1024}, "a 1025x1024 board is too large (at most 1048576 cells)"),
    ({"initial_length": -1}, "initial_length -1: it must be at least 1"),
    ({"height": 0}, "height 0: it must be at least 1"),
    ({"width": 8.5}, "width must be a whole number, not 8.5"),
    ({"render_mode": "ansi"}, "render_mode 'ansi': one of None, 'rgb_array', 'human'"),
    ({"expert": "nobody"}, f"expert: no solver 'nobody': one of {', '.join(solvers.names())}, or one of your "
                           "own as FILE.py:CLASS or MODULE:CLASS"),
    ({"expert": "missing.py:Mine"}, "expert: missing.py: file not found"),
    ({"rewards": {"eat": 1}}, "rewards: no reward 'eat'; the rewards are step, fruit, win, death"),
    ({"rewards": {"fruit": "1"}}, "rewards: fruit must be a number, not '1'"),
    ({"max_stall": 0}, "max_stall 0: it must be at least 1"),
])
def test_a_bad_argument_is_one_line(kwargs, says, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    with pytest.raises(ValueError) as refused:
        snake_env.SnakeEnv(**kwargs)
    assert str(refused.value) == says
    with pytest.raises(ValueError):
        make(**kwargs)


@needs_gymnasium
@pytest.mark.parametrize("action", [4, -1, 1.0, "up", None, np.int64(7)])
def test_an_action_out_of_range_is_one_line(action):
    env = snake_env.SnakeEnv()
    env.reset(seed=1)
    with pytest.raises(gymnasium.error.InvalidAction, match=r"^action .* is not one of 0 \(up\), 1 \(down\), "
                                                            r"2 \(left\), 3 \(right\)$"):
        env.step(action)
    env.step(np.int64(3))  # numpy's whole numbers are actions too
    relative = snake_env.RelativeActions(make())
    relative.reset(seed=1)
    with pytest.raises(gymnasium.error.InvalidAction, match=r"0 \(straight\), 1 \(left\), 2 \(right\)$"):
        relative.step(3)


@needs_gymnasium
def test_a_step_before_reset_is_refused():
    with pytest.raises(gymnasium.error.ResetNeeded, match="call reset"):
        snake_env.SnakeEnv().step(0)
    with pytest.raises(gymnasium.error.ResetNeeded):
        make().step(0)


# -- docs/environment.md: its code runs as printed ------------------------------------------------------

PAGE = os.path.join(ROOT, "docs", "environment.md")


def python_blocks():
    """(code, what the page says it prints or None) of each python block of the page."""
    with open(PAGE, encoding="utf-8") as f:
        text = f.read()
    return [(code, printed or None) for code, printed in re.findall(r"```python\n(.*?)```\n(?:\nprints `([^`]*)`)?",
                                                                     text, re.S)]


def examples_text():
    folder = os.path.join(ROOT, "examples")
    return {name: open(os.path.join(folder, name), encoding="utf-8").read() for name in os.listdir(folder)
            if name.endswith(".py")}


def test_the_pages_whole_files_are_the_files_of_examples():
    """A block that is a whole file (it opens with a docstring) is that file of examples/, word for word."""
    files = examples_text()
    whole = [code for code, _ in python_blocks() if code.startswith('"""')]
    assert len(whole) == 3 and all(code in files.values() for code in whole)
    assert {name for name, text in files.items() if text in whole} == {"random_agent.py", "imitate.py", "policy.py"}


@needs_gymnasium
@pytest.mark.parametrize("code, printed", [block for block in python_blocks() if not block[0].startswith('"""')])
def test_the_pages_snippets_run_and_print_what_it_says(code, printed):
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, timeout=120)
    assert done.returncode == 0, done.stderr
    if printed is not None:
        assert done.stdout == printed + "\n"


@needs_gymnasium
def test_a_script_outside_the_checkout_finds_the_environment_as_the_page_says(tmp_path):
    with open(PAGE, encoding="utf-8") as f:
        said = re.search(r"`PYTHONPATH=path/to/checkout path/to/checkout/\.venv/bin/python mine\.py`", f.read())
    assert said, "the page says how a script in another folder imports snake_env"
    code, printed = python_blocks()[0]
    (tmp_path / "mine.py").write_text(code)
    done = subprocess.run([sys.executable, "mine.py"], capture_output=True, text=True, cwd=tmp_path, timeout=120,
                          env={**os.environ, "PYTHONPATH": ROOT})
    assert done.returncode == 0 and done.stdout == printed + "\n", done.stderr


def test_the_pages_moves_without_a_fruit_are_the_figures_measured():
    """The page's most moves hamilton goes without a fruit are those of measurements.md's table."""
    with open(PAGE, encoding="utf-8") as f:
        said = re.search(r"goes at most (\d+) moves without a fruit on 8x8, ([\d,]+) on 30x30", f.read())
    with open(os.path.join(ROOT, "docs", "measurements.md"), encoding="utf-8") as f:
        measured = dict(re.findall(r"^\| (8x8|30x30) \|(?: [^|]* \|){5} ([\d,]+) \([\d,]+\) \|", f.read(), re.M))
    assert said and (said[1], said[2]) == (measured["8x8"], measured["30x30"])


@needs_gymnasium
def test_the_random_agent_example_runs_as_printed():
    done = subprocess.run([sys.executable, "-m", "examples.random_agent"], capture_output=True, text=True, cwd=ROOT,
                          timeout=120)
    assert done.returncode == 0, done.stderr
    assert re.fullmatch(r"a random agent on 8x8: mean length \d\.\d\d over 100 games\n", done.stdout)


@needs_gymnasium
def test_the_learning_example_runs_as_printed_and_learns():
    done = subprocess.run([sys.executable, "-m", "examples.imitate"], capture_output=True, text=True, cwd=ROOT,
                          timeout=600)
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert len(lines) == 7 and lines[0].startswith("random moves: mean length")
    figures = [float(re.search(r"mean length (\d+\.\d)", line).group(1)) for line in lines]
    assert figures[0] < 4 and min(figures[2:6]) > 12 and figures[6] > 15  # learnt: several times random
    assert lines[5].startswith("round 5: 10,000 moves learnt from")


# -- without gymnasium and numpy ---------------------------------------------------------------------

def hidden(tmp_path, *packages):
    """A PYTHONPATH folder where importing each of `packages` raises ImportError."""
    for name in packages:
        stub = tmp_path / "hidden" / name
        stub.mkdir(parents=True)
        (stub / "__init__.py").write_text("raise ImportError('not here')\n")
    return dict(os.environ, PYTHONPATH=str(tmp_path / "hidden"))


@pytest.mark.parametrize("packages", [("gymnasium", "numpy"), ("gymnasium",)])
def test_without_gymnasium_the_environment_says_what_to_install_and_the_game_plays_on(tmp_path, packages):
    env = hidden(tmp_path, *packages)
    done = subprocess.run([sys.executable, "-c", "import snake_env"], capture_output=True, text=True, cwd=ROOT,
                          env=env, timeout=60)
    says = f"snake_env needs {' and '.join(packages)}: {sys.executable} -m pip install {' '.join(packages)}"
    assert done.returncode == 1 and done.stderr.splitlines()[-1] == f"ImportError: {says}"
    game = subprocess.run([sys.executable, os.path.join(ROOT, "main.py"), "--headless", "--games", "2", "--width", "6",
                           "--height", "6", "--solver", "hamilton"], capture_output=True, text=True, cwd=tmp_path,
                          env=env, timeout=120)
    assert game.returncode == 0 and '"wins": 2' in game.stdout, game.stderr
    policy = subprocess.run([sys.executable, os.path.join(ROOT, "main.py"), "--headless", "--games", "1", "--solver",
                             "examples/policy.py:Policy"], capture_output=True, text=True, cwd=ROOT, env=env,
                            timeout=120)
    assert policy.returncode == 2 and len(policy.stderr.splitlines()) == 1
    assert policy.stderr.endswith(f"examples/policy.py: loading it failed: ImportError: {says}\n")


def test_the_game_itself_never_imports_the_environment():
    """Nothing of the game imports snake_env or gymnasium: they stay optional (the examples of
    the environment, its tests and its benchmark do)."""
    for folder, _, files in os.walk(ROOT):
        if any(part in folder for part in (".venv", "snake_env", "tests", ".git", "docs", "examples")):
            continue
        for name in files:
            if name.endswith(".py"):
                with open(os.path.join(folder, name), encoding="utf-8") as f:
                    text = f.read()
                assert "import snake_env" not in text and "import gymnasium" not in text, name
    assert main  # main.py among them
