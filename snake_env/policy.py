"""A policy played as a solver: a function from observation to action, or a saved model
with a predict method, made into a solver class (docs/solvers.md). No pygame here.

    # mine.py
    import snake_env
    Mine = snake_env.as_solver(my_function)            # or a model: as_solver(model)

    ./run.sh play --solver mine.py:Mine                # in the window
    ./run.sh play --headless --solver greedy,mine.py:Mine --games 50 --width 8 --height 8

The solver shows the policy the game as the environment does (the planes, or the features
of the Features wrapper) and turns its answer into a direction (absolute, or relative to
the heading as RelativeActions takes it), so a policy learnt through the environment plays
in the window, headless beside the other solvers, in replays and recordings. It is a solver
from outside like any other: the game checks its every answer (solvers/guard.py).
"""
import inspect

import numpy as np

from solver import Solver
from snake_env.observe import Planes, features
from snake_env.wrappers import RELATIVE_NAMES, absolute

OBSERVATIONS = ("planes", "features")
ACTIONS = ("absolute", "relative")


def as_solver(policy, observation="planes", actions="absolute", memoryless=False):
    """A solver class playing `policy`: a function obs -> action, or an object whose
    `predict(obs)` returns the action or (action, state), as stable-baselines3's models do
    (given deterministic=True where it takes it). `observation` is what it was learnt on,
    "planes" (the env's) or "features" (Features'); `actions`, "absolute" (0..3, the env's)
    or "relative" (0..2, RelativeActions'). `memoryless=True` says its move depends on the
    position alone, so the headless runner may prove it goes round in circles."""
    if observation not in OBSERVATIONS:
        raise ValueError(f"observation {observation!r}: one of {', '.join(OBSERVATIONS)}")
    if actions not in ACTIONS:
        raise ValueError(f"actions {actions!r}: one of {', '.join(ACTIONS)}")
    choose = chooser(policy)

    class PolicySolver(Solver):
        """`policy` playing the game it is given, through the environment's eyes."""

        name = "policy"

        def __init__(self, game):
            super().__init__(game)
            self.planes = Planes()

        def next_direction(self):
            game = self.game
            seen = self.planes.look(game) if observation == "planes" else features(game)
            action = whole(choose(seen))
            if actions == "relative" and isinstance(action, int) and 0 <= action < len(RELATIVE_NAMES):
                return absolute(game.snake.direction(), action)
            return action  # anything but 0..3 is refused by the game's checks, naming it

    PolicySolver.memoryless = bool(memoryless)
    return PolicySolver


def chooser(policy):
    """obs -> the policy's answer, for a model with predict or a function."""
    predict = getattr(policy, "predict", None)
    if callable(predict):
        try:
            deterministic = "deterministic" in inspect.signature(predict).parameters
        except (TypeError, ValueError):  # no signature to read
            deterministic = False

        def choose(seen):
            answer = predict(seen, deterministic=True) if deterministic else predict(seen)
            return answer[0] if isinstance(answer, tuple) else answer
        return choose
    if callable(policy):
        return policy
    raise TypeError(f"a policy is a function obs -> action or has a predict(obs) method, not a {type(policy).__name__}")


def whole(answer):
    """An answer of one whole number (an int, a numpy integer, an array holding one) as an
    int; any other answer as it is, for the game's checks to refuse."""
    value = np.asarray(answer)
    if value.size == 1 and np.issubdtype(value.dtype, np.integer):
        return int(value.reshape(()))
    return answer
