"""A policy played as a solver: a function from the environment's observation to an action,
made into a solver by snake_env.as_solver, so it plays wherever a solver does.

    ./run.sh play --headless --solver greedy,examples/policy.py:Policy --width 8 --height 8 --games 20 --seed 1
    ./run.sh play --solver examples/policy.py:Policy

It needs gymnasium and numpy (`./run.sh test` installs them). This one is written by hand,
on the features of the Features wrapper (docs/environment.md); a policy learnt through the
environment is made a solver the same way, a model with a predict method too.
"""
import snake_env  # first: without gymnasium and numpy, it says in one line what to install
import numpy as np


def roomiest_toward_fruit(features):
    """The action that keeps the most room to move in; of those alike, one toward the fruit."""
    danger, room, fruit = features[0:4], features[4:8], features[8:12]
    return int(np.argmax(room + 1e-6 * fruit - danger))


Policy = snake_env.as_solver(roomiest_toward_fruit, observation="features", memoryless=True)
