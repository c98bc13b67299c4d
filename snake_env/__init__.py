"""The game as a Gymnasium environment, with a solver that never loses beside it as a teacher.

    import gymnasium
    import snake_env   # registers ID

    env = gymnasium.make("snake_env/Snake-v0", width=8, height=8, initial_length=2,
                         render_mode=None, expert="hamilton")

docs/environment.md is the whole of it: the observation, the actions, the rewards, when a
game ends, the wrappers, the expert and a policy played as a solver.

    env.py       SnakeEnv: the rules of game.py played through play.Drive, as the window
                 and the headless runner play them
    observe.py   what it shows: the board planes, and the features (no pygame)
    wrappers.py  Features (a small vector) and RelativeActions (straight, left, right)
    render.py    the game's own drawing, off screen (rgb_array) or in its window (human);
                 the only module here that imports pygame, and only when a render mode asks
    policy.py    as_solver: a policy (a function, or a model with predict) as a solver

Gymnasium and numpy are optional for the game: without them, importing this package raises
an ImportError whose one line says what to install.
"""
import importlib

from config import pip_install

ID = "snake_env/Snake-v0"
NEEDED = ("gymnasium", "numpy")  # what `./run.sh test` installs (requirements-test.txt); the game runs without


def missing():
    """The packages of NEEDED that cannot be imported."""
    lacking = []
    for name in NEEDED:
        try:
            importlib.import_module(name)
        except ImportError:
            lacking.append(name)
    return lacking


def require():
    """Raise an ImportError of one line naming what to install, unless all of NEEDED is there."""
    lacking = missing()
    if lacking:
        raise ImportError(f"snake_env needs {' and '.join(lacking)}: {pip_install(' '.join(lacking))}")


require()

from gymnasium.envs.registration import register, registry  # noqa: E402  (once the check has spoken)

from snake_env.env import REWARDS, SnakeEnv, stall_limit  # noqa: E402
from snake_env.observe import FEATURES, PLANES  # noqa: E402
from snake_env.policy import as_solver  # noqa: E402
from snake_env.wrappers import Features, RelativeActions  # noqa: E402

__all__ = ["FEATURES", "ID", "PLANES", "REWARDS", "Features", "RelativeActions", "SnakeEnv", "as_solver",
           "stall_limit"]

if ID not in registry:
    register(id=ID, entry_point="snake_env.env:SnakeEnv")
