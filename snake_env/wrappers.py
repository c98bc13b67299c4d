"""Two wrappers of SnakeEnv: a small observation (Features) and three relative actions
(RelativeActions). No pygame here.

    env = RelativeActions(Features(gymnasium.make("snake_env/Snake-v0")))

Each reads the game itself (env.unwrapped.game), so they go on in either order, over other
wrappers too.
"""
import gymnasium
import numpy as np
from gymnasium import spaces

from snake import DOWN, LEFT, RIGHT, UP
from snake_env.observe import FEATURES, features

STRAIGHT, TURN_LEFT, TURN_RIGHT = 0, 1, 2  # RelativeActions' actions
RELATIVE_NAMES = ("straight", "left", "right")
LEFT_OF = (LEFT, RIGHT, DOWN, UP)  # indexed by heading: the snake's left, y growing downwards
RIGHT_OF = (RIGHT, LEFT, UP, DOWN)


class Features(gymnasium.ObservationWrapper, gymnasium.utils.RecordConstructorArgs):
    """The observation is the feature vector of observe.py, float32 (16,): for each absolute
    direction, danger, room, fruit and heading. The same size on every board. (Recorded in the
    env's spec, as Gymnasium's own wrappers are, so that gymnasium.make can build it again.)"""

    def __init__(self, env):
        gymnasium.utils.RecordConstructorArgs.__init__(self)
        gymnasium.ObservationWrapper.__init__(self, env)
        self.observation_space = spaces.Box(0.0, 1.0, (len(FEATURES),), np.float32)

    def observation(self, observation):
        return features(self.env.unwrapped.game)


class RelativeActions(gymnasium.Wrapper, gymnasium.utils.RecordConstructorArgs):
    """Three actions relative to the heading: 0 straight on, 1 turn left, 2 turn right (a
    snake cannot reverse, so nothing is lost). info["expert_action"], where there is one, is
    turned into the same three."""

    def __init__(self, env):
        gymnasium.utils.RecordConstructorArgs.__init__(self)
        gymnasium.Wrapper.__init__(self, env)
        self.action_space = spaces.Discrete(len(RELATIVE_NAMES))

    def reset(self, **kwargs):
        observation, info = self.env.reset(**kwargs)
        return observation, self._relative_expert(info)

    def step(self, action):
        if not self.action_space.contains(action):
            raise gymnasium.error.InvalidAction(
                f"action {action!r} is not one of {', '.join(f'{a} ({n})' for a, n in enumerate(RELATIVE_NAMES))}")
        observation, reward, terminated, truncated, info = self.env.step(absolute(self._heading(), int(action)))
        return observation, reward, terminated, truncated, self._relative_expert(info)

    def _heading(self):
        return self.env.unwrapped.game.snake.direction()

    def _relative_expert(self, info):
        if "expert_action" in info:
            info = dict(info, expert_action=relative(self._heading(), info["expert_action"]))
        return info


def absolute(heading, action):
    """The absolute direction of relative `action` for a snake heading `heading`."""
    return (heading, LEFT_OF[heading], RIGHT_OF[heading])[action]


def relative(heading, direc):
    """The relative action that moves as absolute `direc` does: a reversal goes straight on."""
    if direc == LEFT_OF[heading]:
        return TURN_LEFT
    if direc == RIGHT_OF[heading]:
        return TURN_RIGHT
    return STRAIGHT
