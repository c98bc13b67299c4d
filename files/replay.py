"""Whole games as replay files: the format, writing them safely, and reading them back checked.

No pygame here. A replay holds what a game's own history holds (game.py): the board, the
starting length, every fruit in the order it appeared and one letter per tick for the
direction actually moved. The snake starts as the rules say (top-left, heading right, game.py), so
playing a replay back needs no random generator, and a file written by one Python replays
the same with any other:

    {"format": "snake-replay/1", "board": "8x8", "initial-length": 4, "length": 64,
     "outcome": "won", "solver": "hamilton", "seed": 5,
     "fruits": [[5, 2], [1, 7], ...], "moves": "RRDDLURR..."}

`load` plays the moves through the rules themselves (a Game that places the listed fruits)
before anything is shown, so a file that breaks a rule, or whose fruits or outcome do not
follow from its moves, is refused in one line.

A `Replay` is plain data (strings, ints, tuples): cheap to build once a game ends, and
picklable, so a worker process can hand it back with its other results.
"""
import dataclasses
import json
import os
import re

import config as configuration
from solver import Solver
from files import atomic
from files.scores import PLAYER
from fruit import FruitListError
from game import Game, LOST, WON
from play import Drive
from snake import Direction, step as step_cell

FORMAT = "snake-replay/1"
STUCK = "stuck"  # neither won nor lost: the headless runner's move limit, or a proven endless loop
OUTCOMES = (WON, LOST, STUCK)
MIXED = "mixed"  # the solver label of a game whose drivers changed (PLAYER: a person drove it all)
LETTERS = "UDLR"  # the move letters, indexed by direction (UP, DOWN, LEFT, RIGHT)
LETTER_DIRECTION = {letter: Direction(i) for i, letter in enumerate(LETTERS)}
TO_LETTERS = bytes.maketrans(bytes(range(len(LETTERS))), LETTERS.encode("ascii"))  # Game.moves -> text
MAX_NAME_TRIES = 1000  # replay-...-2.json, -3, ... before giving up on a free file name
MAX_CELL = 100  # pixels: --record-cell's upper bound
MAX_SIDE = 800  # pixels: a replay's window or a recording is at most this long; big boards get smaller cells
MAX_ROOM = (MAX_SIDE, MAX_SIDE)  # the room for configuration.cell_pixels
PILLOW_MISSING = "recording needs Pillow: " + configuration.pip_install("Pillow")
BOARD = re.compile(r"([0-9]{1,7})x([0-9]{1,7})")


class ReplayError(Exception):
    """A replay (or recording) that could not be read, checked or written, phrased as one line."""


@dataclasses.dataclass
class Replay:
    """One whole game, from the rules' start to its last move."""

    width: int
    height: int
    initial_length: int
    fruits: tuple  # ((x, y), ...) in the order they appeared, the first fruit first
    moves: str  # one of U D L R per tick
    outcome: str  # won, lost or stuck
    solver: str = PLAYER  # the solver that made every move, "player", or "mixed"
    seed: object = None  # the seed the game was played with (an int), for the record only
    length: object = None  # the final length, written for readers and checked on reading

    @classmethod
    def of(cls, game, solver):
        """The replay of `game` so far; an unfinished game counts as stuck."""
        if not game.from_start:
            raise ReplayError("a game opened from a debug log has no moves from its start to save")
        return cls(game.width, game.height, game.initial_length, tuple(game.fruits),
                   game.moves.translate(TO_LETTERS).decode("ascii"),
                   game.state if game.over() else STUCK, solver, game.seed, len(game.snake))

    @property
    def board(self):
        return f"{self.width}x{self.height}"

    def start(self):
        """A new Game at the replay's start, placing the listed fruits (may raise FruitListError)."""
        seed = self.seed if self.seed is not None else 0  # never drawn: the fruits are listed
        return Game(self.width, self.height, self.initial_length, seed, fruit_list=self.fruits)

    def to_json(self):
        """The file's text: one key per line, the long move string last."""
        data = {"format": FORMAT, "board": self.board, "initial-length": self.initial_length,
                "length": self.length, "outcome": self.outcome, "solver": self.solver, "seed": self.seed,
                "fruits": [list(cell) for cell in self.fruits], "moves": self.moves}
        lines = [f" {json.dumps(key)}: {json.dumps(value, separators=(', ', ': '))}" for key, value in data.items()]
        return "{\n" + ",\n".join(lines) + "\n}\n"

    def file_stem(self):
        """replay-<board>-<solver>-seed<seed>: what the game was, safe in any file system."""
        solver = re.sub(r"[^A-Za-z0-9_.-]", "_", str(self.solver))[:40] or "unknown"
        return f"replay-{self.board}-{solver}-seed{self.seed if self.seed is not None else 'none'}"


def solver_label(drivers):
    """The file's "solver" for a game whose moves were made by `drivers` (names, "player")."""
    drivers = set(drivers)
    if len(drivers) == 1:
        return drivers.pop()
    return MIXED if drivers else PLAYER


# -- writing ---------------------------------------------------------------------------------

def write(replay, directory="."):
    """Save `replay` in `directory` as replay-<board>-<solver>-seed<seed>.json; return (path, written).

    Never overwrites: the same game saved before is found again (written False); a different
    file of that name gets -2, -3, ... added.
    """
    content = replay.to_json().encode("utf-8")
    stem = replay.file_stem()
    names = (f"{stem}-{n}.json" if n > 1 else f"{stem}.json" for n in range(1, MAX_NAME_TRIES + 1))
    try:
        return atomic.create(directory, lambda f: f.write(content), names, lambda path: atomic.holds(path, content))
    except OSError as e:
        raise ReplayError(f"cannot write a replay in {os.path.abspath(directory)}: {e.strerror or e}") from None


# -- reading and checking ----------------------------------------------------------------------

def _whole(value):
    return isinstance(value, int) and not isinstance(value, bool)


def _field(data, key, check, what, where):
    value = data.get(key)
    if not check(value):
        shown = "missing" if key not in data else f"got {json.dumps(value)[:40]}"
        raise ReplayError(f'{where}: "{key}" must be {what} ({shown})')
    return value


def parse(data, where="replay"):
    """Check the fields of a parsed replay file; return the Replay (not yet played through)."""
    if not isinstance(data, dict):
        raise ReplayError(f"{where}: not a replay file (a JSON object with \"format\": \"{FORMAT}\" expected)")
    found = data.get("format")
    if found != FORMAT:
        hint = " (a debug log: open it with --load)" if str(found).startswith("snake-debug-log") else ""
        raise ReplayError(f"{where}: unknown format {json.dumps(found)[:40]}{hint}; this game reads {FORMAT}")
    board = _field(data, "board", lambda v: isinstance(v, str) and BOARD.fullmatch(v), 'a board "WxH"', where)
    width, height = (int(n) for n in BOARD.fullmatch(board).groups())
    length = _field(data, "initial-length", lambda v: _whole(v) and v >= 1, "a whole number, 1 or more", where)
    if width < 1 or height < 1:
        raise ReplayError(f"{where}: the board {board} has no cells")
    try:
        configuration.check_board(width, height, length, where)
    except configuration.ConfigError as e:
        raise ReplayError(str(e)) from None
    fruits = _field(data, "fruits", lambda v: isinstance(v, list), "a list of [x, y] cells", where)
    cells = []
    for n, cell in enumerate(fruits, 1):
        if not (isinstance(cell, list) and len(cell) == 2 and all(_whole(v) for v in cell)):
            raise ReplayError(f"{where}: fruit {n} must be a cell [x, y] of whole numbers, got {json.dumps(cell)[:40]}")
        if not (0 <= cell[0] < width and 0 <= cell[1] < height):
            raise ReplayError(f"{where}: fruit {n} {cell} is off the {board} board")
        cells.append((cell[0], cell[1]))
    moves = _field(data, "moves", lambda v: isinstance(v, str), "a string of U, D, L, R", where)
    wrong = re.search(r"[^UDLR]", moves)
    if wrong:
        raise ReplayError(f"{where}: move {wrong.start() + 1} is {json.dumps(wrong.group())}; moves are U, D, L or R")
    outcome = _field(data, "outcome", lambda v: v in OUTCOMES, "won, lost or stuck", where)
    solver = data.get("solver", "unknown")
    if not isinstance(solver, str):
        raise ReplayError(f'{where}: "solver" must be a string')
    seed = data.get("seed")
    if seed is not None and not _whole(seed):
        raise ReplayError(f'{where}: "seed" must be a whole number or null')
    final = data.get("length")
    if final is not None and not _whole(final):
        raise ReplayError(f'{where}: "length" must be a whole number')
    return Replay(width, height, length, tuple(cells), moves, outcome, solver, seed, final)


def _crash(snake):
    return "a wall" if not snake.on_board(snake.head()) else "its own body"


def play_back(replay, where="replay"):
    """Play `replay` through the rules; return the game at its end, or raise ReplayError."""
    try:
        game = replay.start()
    except FruitListError as e:
        raise ReplayError(f"{where}: at the start, {e}") from None
    snake, drive = game.snake, Drive(game)
    for n, letter in enumerate(replay.moves, 1):
        if game.over():
            raise ReplayError(f"{where}: move {n} comes after the game was {game.state} at move {n - 1}")
        direc = LETTER_DIRECTION[letter]
        if snake.is_reversal(direc):
            raise ReplayError(f"{where}: move {n} ({letter}) reverses onto the snake's neck")
        try:
            drive.move(direc)
        except FruitListError as e:
            raise ReplayError(f"{where}: after move {n}, {e}") from None
        if game.state == LOST and replay.outcome != LOST:
            raise ReplayError(f"{where}: move {n} ({letter}) runs into {_crash(snake)}, "
                              f'yet the outcome is "{replay.outcome}"')
    reached = game.state if game.over() else STUCK
    if reached != replay.outcome:
        end = {WON: "with a full board", STUCK: "with the snake alive on a board not yet full"}[reached]
        raise ReplayError(f'{where}: the moves end {end}, yet the outcome is "{replay.outcome}"')
    if game.fruit.placed != len(replay.fruits):
        raise ReplayError(f"{where}: the fruit list does not match the eats: {len(replay.fruits)} listed, "
                          f"but {game.eaten} eaten means {game.fruit.placed} appeared")
    if replay.length is not None and replay.length != len(snake):
        raise ReplayError(f'{where}: "length" is {replay.length}, but the moves end at length {len(snake)}')
    return game


def load(path):
    """Read, check and play through the replay file at `path`; return the Replay."""
    try:
        with open(path, "rb") as f:
            text = f.read().decode("utf-8-sig")
    except OSError as e:
        raise ReplayError(f"{path}: cannot read: {e.strerror or e}") from None
    except UnicodeDecodeError as e:
        raise ReplayError(f"{path}: not a replay file (not UTF-8 text, byte {e.start})") from None
    try:
        data = json.loads(text)
    except (ValueError, RecursionError) as e:
        raise ReplayError(f"{path}: not a replay file (bad JSON: {e})") from None
    replay = parse(data, path)
    play_back(replay, path)
    return replay


class ReplayPilot(Solver):
    """Drives the snake along a replay's moves, so the window plays a replay like any game."""

    def __init__(self, game, replay):
        super().__init__(game)
        self.replay = replay
        self.name = replay.solver  # a replay saved again keeps its solver

    def next_direction(self):
        moves, steps = self.replay.moves, self.game.steps
        return LETTER_DIRECTION[moves[steps]] if steps < len(moves) else self.game.snake.direction()

    def planned_path(self):
        """The cells of the next few recorded moves (the O key)."""
        cell, path = self.game.snake.head(), []
        for letter in self.replay.moves[self.game.steps:self.game.steps + 8]:
            cell = step_cell(cell, LETTER_DIRECTION[letter])
            path.append(cell)
        return path
