"""The figures of the learning environment (docs/environment.md) for docs/measurements.md.

    .venv/bin/python -m docs.env_benchmark [--seconds 5] [--boards 8x8,16x12,30x30] [--games 20] [--seed 1]

1. Steps a second of a random agent (a random action each move, a new game when one ends)
   on 8x8 and 30x30, with no render mode and with render_mode="rgb_array" and a render()
   after every step, each for --seconds on one core.
2. hamilton driven through the environment (each action its info["expert_action"]) on
   each of --boards, --games games from --seed on, from length 2, beside the headless
   runner's own games of the same seeds (headless.games.play_game, what
   `./run.sh play --headless --solver hamilton --width W --height H --initial-length 2
   --games N --seed S` plays): games won by each, the mean moves, and the games whose moves
   are the same move for move; and the most moves hamilton went without a fruit, against
   the environment's truncation (snake_env.stall_limit: twice the board's cells).
"""
import argparse
import os
import platform
import time

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")  # never a window, whatever the drawing does
import gymnasium
import numpy as np

import snake_env
from game import WON
from headless.flags import default_max_steps
from headless.games import GameSpec, play_game

SPEED_BOARDS = (8, 30)  # the sides of the square boards the random agent plays


def parse(argv=None):
    """The flags (see the module docstring)."""
    parser = argparse.ArgumentParser(prog="python -m docs.env_benchmark", description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=5.0, help="seconds each speed figure is measured for")
    parser.add_argument("--boards", default="8x8,16x12,30x30", help="the boards hamilton plays through the env")
    parser.add_argument("--games", type=int, default=20, help="games on each board")
    parser.add_argument("--seed", type=int, default=1, help="the first game's seed")
    args = parser.parse_args(argv)
    try:
        args.boards = [tuple(int(side) for side in board.split("x")) for board in args.boards.split(",")]
    except ValueError:
        parser.error(f"--boards {args.boards}: boards as WxH, comma-separated")
    return args


def random_steps_per_second(side, render_mode, seconds):
    """Steps a second of a random agent on a `side` x `side` board, resets included."""
    env = gymnasium.make(snake_env.ID, width=side, height=side, render_mode=render_mode)
    env.action_space.seed(1)
    env.reset(seed=1)
    steps, start = 0, time.perf_counter()
    while time.perf_counter() - start < seconds:
        _, _, terminated, truncated, _ = env.step(env.action_space.sample())
        if render_mode is not None:
            env.render()
        steps += 1
        if terminated or truncated:
            env.reset()
    rate = steps / (time.perf_counter() - start)
    env.close()
    return rate


def hamilton_through_the_env(width, height, seed):
    """(won, moves, the moves as bytes, the most moves it went without a fruit) of hamilton's
    game `seed`, driven through the environment."""
    env = gymnasium.make(snake_env.ID, width=width, height=height, initial_length=2, expert="hamilton")
    _, info = env.reset(seed=seed)
    terminated = truncated = False
    length, hungry, longest = info["length"], 0, 0
    while not (terminated or truncated):
        _, _, terminated, truncated, info = env.step(info["expert_action"])
        hungry = 0 if info["length"] > length else hungry + 1
        length, longest = info["length"], max(longest, hungry)
    game = env.unwrapped.game
    return terminated and game.state == WON, game.steps, bytes(game.moves), longest


def hamilton_headless(width, height, seed):
    """(won, moves, the moves as bytes) of the headless runner's game `seed` for hamilton."""
    record = play_game(GameSpec(width, height, 2, "hamilton", seed, default_max_steps(width, height), keep=True))
    return record["outcome"] == "won", record["steps"], record["replay"].moves.encode("ascii")


def letters(moves):
    """Moves as bytes 0..3 (Game.moves) turned into the replay's letters, as bytes."""
    return bytes(b"UDLR"[m] for m in moves)


def main(argv=None):
    args = parse(argv)
    print(f"# {time.strftime('%Y-%m-%d')}, {platform.machine()}, {os.cpu_count()} cores, "
          f"CPython {platform.python_version()}, gymnasium {gymnasium.__version__}, numpy {np.__version__}")
    print("\nA random agent, steps a second (resets included):\n")
    print("| board | no render mode | rgb_array, render() each step |\n| --- | --- | --- |")
    for side in SPEED_BOARDS:
        plain = random_steps_per_second(side, None, args.seconds)
        drawn = random_steps_per_second(side, "rgb_array", args.seconds)
        print(f"| {side}x{side} | {plain:,.0f} | {drawn:,.0f} |", flush=True)
    print(f"\nhamilton through the environment and headless, {args.games} games a board from length 2, "
          f"seeds {args.seed} to {args.seed + args.games - 1}:\n")
    print("| board | env: won | env: mean moves | headless: won | headless: mean moves | games move for move "
          "the same | most moves without a fruit (truncated at) | env: seconds |\n"
          "| --- | --- | --- | --- | --- | --- | --- | --- |")
    for width, height in args.boards:
        start = time.perf_counter()
        env = [hamilton_through_the_env(width, height, seed) for seed in range(args.seed, args.seed + args.games)]
        seconds = time.perf_counter() - start
        headless = [hamilton_headless(width, height, seed) for seed in range(args.seed, args.seed + args.games)]
        same = sum(a[2] and letters(a[2]) == b[2] for a, b in zip(env, headless))
        print(f"| {width}x{height} | {sum(a[0] for a in env)} | {np.mean([a[1] for a in env]):,.1f} | "
              f"{sum(b[0] for b in headless)} | {np.mean([b[1] for b in headless]):,.1f} | {same} of {args.games} | "
              f"{max(a[3] for a in env)} ({snake_env.stall_limit(width, height):,}) | {seconds:,.1f} |", flush=True)


if __name__ == "__main__":
    main()
