"""Behaviour cloning with numpy alone: a linear policy learns hamilton's moves on 6x6.

hamilton drives; at each move the Features of the position and the expert's action are
kept; after each round a softmax regression is fitted to all kept so far, then plays
GAMES games on its own.
"""
import gymnasium
import numpy as np

import snake_env

ROUNDS, MOVES, GAMES = 5, 2000, 20  # rounds of learning, the expert's moves kept a round, games measured
EPOCHS, RATE = 300, 0.5  # the gradient descent of a fit


def make(width, height, expert=None):
    return snake_env.Features(gymnasium.make(snake_env.ID, width=width, height=height, expert=expert))


def linear(weights):
    """The policy of `weights`: the action it rates best."""
    return lambda obs: int(np.argmax(np.append(obs, 1.0) @ weights))


def fit(weights, seen, actions):
    """Softmax regression of `actions` on `seen` and a bias, by gradient descent from `weights`."""
    x, target = np.hstack([seen, np.ones((len(seen), 1))]), np.eye(4)[actions]
    for _ in range(EPOCHS):
        logits = x @ weights
        p = np.exp(logits - logits.max(axis=1, keepdims=True))
        weights = weights - RATE * x.T @ (p / p.sum(axis=1, keepdims=True) - target) / len(x)
    return weights


def mean_length(env, policy):
    """The mean length at the end of GAMES games (seeds 1001 on), `policy` making every move."""
    lengths = []
    for seed in range(1001, 1001 + GAMES):
        obs, info = env.reset(seed=seed)
        terminated = truncated = False
        while not (terminated or truncated):
            obs, reward, terminated, truncated, info = env.step(policy(obs))
        lengths.append(info["length"])
    return np.mean(lengths)


def main():
    rng = np.random.default_rng(1)
    print(f"random moves: mean length {mean_length(make(6, 6), lambda obs: int(rng.integers(4))):.1f} of 36")
    env, weights = make(6, 6, expert="hamilton"), np.zeros((len(snake_env.FEATURES) + 1, 4))
    seen, actions = [], []
    obs, info = env.reset(seed=1)
    for n in range(1, ROUNDS + 1):
        for _ in range(MOVES):  # the expert drives
            seen.append(obs)
            actions.append(info["expert_action"])
            obs, reward, terminated, truncated, info = env.step(info["expert_action"])
            if terminated or truncated:
                obs, info = env.reset()
        weights = fit(weights, np.array(seen), np.array(actions))
        learnt = mean_length(make(6, 6), linear(weights))
        print(f"round {n}: {len(seen):,} moves learnt from, mean length {learnt:.1f} of 36")
    print(f"the same policy on 10x10: mean length {mean_length(make(10, 10), linear(weights)):.1f} of 100")


main()
