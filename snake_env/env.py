"""SnakeEnv: one game of Snake as a Gymnasium environment. No pygame here (render.py draws).

A step is a move of the game, played through play.Drive as the window and the headless
runner play theirs, so the rules are the game's own:

    reset(seed=s) --> Game(width, height, initial_length, seed=s): the fruits of --seed s
    step(action)  --> Drive.move(direction) --> observation, reward, terminated, truncated, info
                      (the drawing, when a render mode asks, moves the snake: Drive's advance)

    terminated    the game is won (the body fills the board) or lost (a wall, the body)
    truncated     stall_limit moves have passed since the last fruit (so a loop ends)
    the expert    a solver playing the same Game, asked once per position, as the headless
                  runner asks one; what it would do is info["expert_action"]

A step after the end, before reset, is refused with gymnasium.error.ResetNeeded: the
game's own rules have no move after the end either.
"""
import numbers

import gymnasium
import numpy as np
from gymnasium import spaces

import config
import solvers
from game import WON, Game
from play import Drive
from snake import DIRECTIONS, NAMES
from solvers.guard import Guarded
from snake_env.observe import PLANES, Planes

REWARDS = {  # the default reward of a move is the sum of those that apply to it
    "step": 0.0,  # every move
    "fruit": 1.0,  # a move that eats, the last fruit too
    "win": 10.0,  # the move that fills the board (on top of its fruit)
    "death": -1.0,  # the move that loses
}
STALL_CELLS = 2  # truncated after STALL_CELLS x width x height moves without a fruit
RENDER_MODES = ("rgb_array", "human")
BLOCK_SIZE = 20  # pixels a cell of the rgb_array picture and of the window (the window may shrink it to fit)
RENDER_FPS = 10  # moves a second shown in the window (and the frame rate of a video of rgb_array frames)
SEEDS = 2 ** 32  # a reset without a seed plays a game seed drawn below this from the env's np_random


def stall_limit(width, height):
    """The moves without a fruit after which a game is truncated: twice the board's cells.

    Following a Hamiltonian cycle the snake reaches any fruit in fewer moves than the board
    has cells, so a player that takes twice that is going round in circles."""
    return STALL_CELLS * width * height


class SnakeEnv(gymnasium.Env):
    """Snake on a `width` x `height` board, the snake `initial_length` long (docs/environment.md).

    Observation: the board planes of observe.py, float32 (3, height, width): BODY (the
    snake's cells, by how long each stays: head 1, tail 1/length), HEAD, FRUIT.
    Actions: 0..3, UP, DOWN, LEFT, RIGHT (absolute); a reversal goes straight on, as in the game.
    `rewards`: a dict of some of REWARDS' keys to numbers, over the defaults.
    `max_stall`: moves without a fruit before truncation (default stall_limit).
    `expert`: a solver's ref (solvers/: "hamilton", "greedy", "mine.py:Mine", ...): info
    ["expert_action"] is then its move from the position the observation shows.
    `block_size`: pixels a cell, for the rgb_array and human drawings.
    """

    metadata = {"render_modes": list(RENDER_MODES), "render_fps": RENDER_FPS}

    def __init__(self, width=8, height=8, initial_length=2, render_mode=None, expert=None, rewards=None,
                 max_stall=None, block_size=BLOCK_SIZE):
        check_board(width, height, initial_length)
        self.width, self.height, self.initial_length = width, height, initial_length
        self.render_mode = check_render_mode(render_mode)
        self.expert_ref = check_expert(expert)
        self.rewards = check_rewards(rewards)
        self.max_stall = stall_limit(width, height) if max_stall is None else check_count("max_stall", max_stall)
        self.block_size = check_count("block_size", block_size)
        self.observation_space = spaces.Box(0.0, 1.0, (len(PLANES), height, width), np.float32)
        self.action_space = spaces.Discrete(len(DIRECTIONS))
        self.game = None  # the game being played, from the first reset
        self.drive = self.expert = None  # the moves of `game`; the expert playing it beside the agent
        self.planes = Planes()
        self.stall = 0  # moves since the last fruit
        self.ended = None  # why the game ended ("won", "lost", "truncated"), or None while it goes on
        self.picture = None  # render.Picture or render.Window, made at the first reset that needs it

    # -- the Gymnasium API ----------------------------------------------------------------------

    def reset(self, *, seed=None, options=None):
        """A new game: with `seed`, the game `--seed seed --games 1` plays; without, one drawn
        from the env's generator (itself seeded by the last seed given). `options` are unused."""
        super().reset(seed=seed)
        game_seed = int(seed) if seed is not None else int(self.np_random.integers(SEEDS))
        self.game = Game(self.width, self.height, self.initial_length, seed=game_seed)
        self.stall, self.ended = 0, None
        if self.render_mode is not None:
            self._picture().new_game(self.game)
        self.drive = Drive(self.game, advance=self.picture.advance if self.picture is not None else None)
        self.expert = Guarded(self.expert_ref, self.game) if self.expert_ref is not None else None
        if self.render_mode == "human":
            self.render()
        return self._observation(), self._info()

    def step(self, action):
        """Play one move in direction `action` (0..3)."""
        if self.game is None:
            raise gymnasium.error.ResetNeeded("call reset() before step()")
        if self.ended is not None:
            raise gymnasium.error.ResetNeeded(f"the game is over ({self.ended} at move {self.game.steps}): "
                                              "call reset() before step()")
        ate = self.drive.move(self._direction(action))
        if ate and self.picture is not None:
            self.picture.fruit_appeared()
        self.stall = 0 if ate else self.stall + 1
        terminated = self.game.over()
        truncated = not terminated and self.stall >= self.max_stall
        self.ended = self.game.state if terminated else "truncated" if truncated else None
        if self.render_mode == "human":
            self.render()
        return self._observation(), self._reward(ate), terminated, truncated, self._info()

    def render(self):
        """rgb_array: the board as the game draws it, uint8 (height x block_size, width x
        block_size, 3); human: the game's window shows it (None); no render mode: None."""
        if self.render_mode is None:
            gymnasium.logger.warn("render() was called, but the env was made with render_mode=None: "
                                  f"give render_mode one of {RENDER_MODES}")
            return None
        if self.game is None:
            raise gymnasium.error.ResetNeeded("call reset() before render()")
        return self.picture.show(self.game, self.ended)

    def close(self):
        """Close the window, if one is open (twice is harmless); a game goes on unseen."""
        if self.picture is not None:
            self.picture.close()

    # -- the parts ------------------------------------------------------------------------------

    def _direction(self, action):
        """The snake.Direction of `action`; InvalidAction (one line) for anything but 0..3."""
        if not self.action_space.contains(action):
            raise gymnasium.error.InvalidAction(
                f"action {action!r} is not one of {', '.join(f'{d} ({NAMES[d]})' for d in DIRECTIONS)}")
        return DIRECTIONS[int(action)]

    def _observation(self):
        return self.planes.look(self.game)

    def _reward(self, ate):
        rewards, state = self.rewards, self.game.state
        return float(rewards["step"] + rewards["fruit"] * ate + rewards["win"] * (state == WON)
                     + rewards["death"] * (state == "lost"))

    def _info(self):
        """The length, the moves played and, while the game goes on, the expert's move."""
        info = {"length": len(self.game.snake), "moves": self.game.steps}
        if self.expert is not None and self.ended is None:
            info["expert_action"] = int(self.expert.next_direction())
        return info

    def _picture(self):
        if self.picture is None:
            from snake_env import render  # pygame, only now: no render mode, no pygame
            make = render.Picture if self.render_mode == "rgb_array" else render.Window
            self.picture = make(self.width, self.height, self.block_size, self.metadata["render_fps"])
        return self.picture


# -- the arguments, each refused in one line ------------------------------------------------------

def check_board(width, height, initial_length):
    """Refuse a board or a length the game cannot start with (ValueError, one line)."""
    for name, value in (("width", width), ("height", height), ("initial_length", initial_length)):
        check_count(name, value)
    too_big = config.size_problem(width, height)
    if too_big:  # the observation alone would hold 3 floats a cell, and the rules a list of every cell
        raise ValueError(f"a {width}x{height} board is {too_big}")
    if width < initial_length:
        raise ValueError(f"width {width}: the snake of initial_length {initial_length} starts on the top row, "
                         f"so the board must be at least {initial_length} wide")
    if width * height <= initial_length:
        raise ValueError(f"a {width}x{height} board has no free cell for a fruit beside a snake of "
                         f"initial_length {initial_length}")


def check_count(name, value):
    """`value` if it is a whole number of at least 1; else ValueError (one line)."""
    if not isinstance(value, numbers.Integral) or isinstance(value, bool):
        raise ValueError(f"{name} must be a whole number, not {value!r}")
    if value < 1:
        raise ValueError(f"{name} {value}: it must be at least 1")
    return int(value)


def check_render_mode(mode):
    if mode is not None and mode not in RENDER_MODES:
        raise ValueError(f"render_mode {mode!r}: one of None, {', '.join(map(repr, RENDER_MODES))}")
    return mode


def check_expert(ref):
    """The expert's ref, its class loaded now (once a process) to refuse a bad one (ValueError)."""
    if ref is None:
        return None
    if not isinstance(ref, str):
        raise ValueError(f"expert {ref!r}: a solver's name, one of {', '.join(solvers.names())}, or FILE.py:CLASS")
    try:
        solvers.find(solvers.check_ref(ref))
    except solvers.SolverError as e:
        raise ValueError(f"expert: {e}") from None
    return ref


def check_rewards(given):
    """REWARDS with `given` (a dict of some of its keys to numbers) over them."""
    if given is None:
        return dict(REWARDS)
    if not isinstance(given, dict):
        raise ValueError(f"rewards must be a dict of some of {', '.join(REWARDS)} to numbers, not {given!r}")
    for key, value in given.items():
        if key not in REWARDS:
            raise ValueError(f"rewards: no reward {key!r}; the rewards are {', '.join(REWARDS)}")
        if not isinstance(value, numbers.Real) or isinstance(value, bool) or not np.isfinite(value):
            raise ValueError(f"rewards: {key} must be a number, not {value!r}")
    return {**REWARDS, **{key: float(value) for key, value in given.items()}}
