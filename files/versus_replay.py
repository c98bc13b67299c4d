"""Whole versus rounds as replay files: the format, and reading them back checked. No pygame here.

A versus replay holds what a duel's own history holds (versus/duel.py): the board, the
starting length, every fruit in the order it appeared, and one letter per tick for each
snake's move. Both snakes start as the rules say, so playing it back needs no generator:

    {"format": "snake-versus-replay/1", "board": "16x12", "initial-length": 3,
     "snakes": ["rival", "player"], "outcome": "A won", "lengths": [9, 6],
     "causes": [null, "other's body"], "ending": null, "seed": 5,
     "fruits": [[5, 2], [1, 7], ...], "moves": ["RRDD...", "LLUU..."]}

"snakes" names who drove snake A and snake B; "outcome" is "A won", "B won", "draw" or
"stuck" (a round not finished). `load` plays the moves through the duel's rules before
anything is shown: a file whose fruits, lengths, causes or outcome do not follow from its
moves is refused in one line. Files are written as replay.write writes single ones: whole,
never over another file.
"""
import dataclasses
import json
import os
import re
import sys

import config as configuration
from files import replay
from files.replay import LETTER_DIRECTION, LETTERS, TO_LETTERS, ReplayError
from fruit import FruitListError
from versus.duel import CAUSES, FULL_BOARD, SIDES, STALEMATE, Duel, room_problem

FORMAT = "snake-versus-replay/1"
STUCK = "stuck"
OUTCOMES = ("A won", "B won", "draw", STUCK)


@dataclasses.dataclass
class VersusReplay:
    """One whole versus round, from the rules' start to its last tick."""

    width: int
    height: int
    initial_length: int
    fruits: tuple  # ((x, y), ...) in the order they appeared
    moves: tuple  # (snake A's letters, snake B's letters), one letter a tick each
    outcome: str  # one of OUTCOMES
    snakes: tuple = ("player", "player")  # who drove snake A, snake B
    seed: object = None
    lengths: object = None  # (A's, B's) at the end, checked on reading
    causes: object = None  # (why A lost, why B lost), None for a snake that did not
    ending: object = None  # stalemate, full board, or None

    @classmethod
    def of(cls, duel, snakes):
        """The replay of `duel` so far; an unfinished round is "stuck"."""
        if not duel.from_start:
            raise ReplayError("a round opened from a debug log has no moves from its start to save")
        return cls(duel.width, duel.height, duel.initial_length, tuple(duel.fruits),
                   tuple(m.translate(TO_LETTERS).decode("ascii") for m in duel.moves), outcome_of(duel),
                   tuple(snakes), duel.seed, tuple(len(s) for s in duel.snakes), tuple(duel.causes), duel.ending)

    @property
    def board(self):
        return f"{self.width}x{self.height}"

    def start(self):
        """A new Duel at the replay's start, placing the listed fruits (may raise FruitListError)."""
        return Duel(self.width, self.height, self.initial_length, self.seed if self.seed is not None else 0,
                    fruit_list=self.fruits)

    def to_json(self):
        data = {"format": FORMAT, "board": self.board, "initial-length": self.initial_length,
                "snakes": list(self.snakes), "outcome": self.outcome, "lengths": list(self.lengths or ()),
                "causes": list(self.causes or (None, None)), "ending": self.ending, "seed": self.seed,
                "fruits": [list(cell) for cell in self.fruits], "moves": list(self.moves)}
        lines = [f" {json.dumps(key)}: {json.dumps(value, separators=(', ', ': '))}" for key, value in data.items()]
        return "{\n" + ",\n".join(lines) + "\n}\n"

    def file_stem(self):
        """versus-<board>-<A>-vs-<B>-seed<seed>: what the round was, safe in any file system."""
        a, b = (re.sub(r"[^A-Za-z0-9_.-]", "_", str(name))[:30] or "unknown" for name in self.snakes)
        return f"versus-{self.board}-{a}-vs-{b}-seed{self.seed if self.seed is not None else 'none'}"


def outcome_of(duel):
    """"A won", "B won", "draw", or "stuck" for a round not over."""
    if not duel.over():
        return STUCK
    return "draw" if duel.winner is None else f"{SIDES[duel.winner]} won"


def write(rep, directory="."):
    """Save `rep` in `directory` (replay.write: never over another file); (path, written)."""
    return replay.write(rep, directory)


# -- reading and checking ------------------------------------------------------------------------

def _whole(value):
    return isinstance(value, int) and not isinstance(value, bool)


def parse(data, where="replay"):
    """Check the fields of a parsed versus replay; the VersusReplay (not yet played through)."""
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise ReplayError(f"{where}: not a versus replay ({FORMAT})")
    width, height, length = _board_of(data, where)
    fruits = data.get("fruits")
    if not isinstance(fruits, list) or not all(isinstance(c, list) and len(c) == 2 and all(map(_whole, c))
                                               for c in fruits):
        raise ReplayError(f'{where}: "fruits" must be a list of [x, y] cells')
    moves = _moves_of(data.get("moves"), where)
    outcome = data.get("outcome")
    if outcome not in OUTCOMES:
        raise ReplayError(f'{where}: "outcome" must be one of {", ".join(OUTCOMES)}')
    snakes = data.get("snakes", ["unknown", "unknown"])
    if not (isinstance(snakes, list) and len(snakes) == 2 and all(isinstance(s, str) for s in snakes)):
        raise ReplayError(f'{where}: "snakes" must name who drove snake A and snake B')
    seed = data.get("seed")
    if seed is not None and not _whole(seed):
        raise ReplayError(f'{where}: "seed" must be a whole number or null')
    lengths = data.get("lengths") or None
    if lengths is not None and not (isinstance(lengths, list) and len(lengths) == 2 and all(map(_whole, lengths))):
        raise ReplayError(f'{where}: "lengths" must be two whole numbers')
    causes = data.get("causes", [None, None])
    if not (isinstance(causes, list) and len(causes) == 2 and all(c in CAUSES + (None,) for c in causes)):
        raise ReplayError(f'{where}: "causes" must be two of {", ".join(CAUSES)} or null')
    ending = data.get("ending")
    if ending not in (STALEMATE, FULL_BOARD, None):
        raise ReplayError(f'{where}: "ending" must be "{STALEMATE}", "{FULL_BOARD}" or null')
    return VersusReplay(width, height, length, tuple(tuple(c) for c in fruits), tuple(moves), outcome,
                        tuple(snakes), seed, tuple(lengths) if lengths else None, tuple(causes), ending)


def _board_of(data, where):
    """(width, height, initial length) of a parsed versus replay: a board two snakes fit on."""
    board = data.get("board")
    match = replay.BOARD.fullmatch(board) if isinstance(board, str) else None
    if not match:
        raise ReplayError(f'{where}: "board" must be a board "WxH"')
    width, height = (int(n) for n in match.groups())
    length = data.get("initial-length")
    if not _whole(length):
        raise ReplayError(f'{where}: "initial-length" must be a whole number')
    if configuration.size_problem(width, height):
        raise ReplayError(f"{where}: the board {board} is too large")
    problem = room_problem(width, height, length)
    if problem:
        raise ReplayError(f"{where}: {problem}")
    return width, height, length


def _moves_of(moves, where):
    """A versus replay's "moves": two strings of U, D, L, R of one length, snake A's and B's."""
    if not (isinstance(moves, list) and len(moves) == 2 and all(isinstance(m, str) for m in moves)):
        raise ReplayError(f'{where}: "moves" must be two strings of U, D, L, R: snake A\'s and snake B\'s')
    if len(moves[0]) != len(moves[1]):
        raise ReplayError(f"{where}: the snakes made {len(moves[0])} and {len(moves[1])} moves; "
                          "both move on every tick")
    for side, letters in enumerate(moves):
        wrong = re.search(f"[^{LETTERS}]", letters)
        if wrong:
            raise ReplayError(f"{where}: snake {SIDES[side]}'s move {wrong.start() + 1} is "
                              f"{json.dumps(wrong.group())}; moves are U, D, L or R")
    return moves


def play_back(rep, where="replay"):
    """Play `rep` through the duel's rules; the duel at its end, or ReplayError."""
    try:
        duel = rep.start()
    except FruitListError as e:
        raise ReplayError(f"{where}: at the start, {e}") from None
    for n, letters in enumerate(zip(*rep.moves), 1):
        if duel.over():
            raise ReplayError(f"{where}: tick {n} comes after the round ended at tick {n - 1}")
        directions = tuple(LETTER_DIRECTION[letter] for letter in letters)
        for side, direc in enumerate(directions):
            if duel.snakes[side].is_reversal(direc):
                raise ReplayError(f"{where}: tick {n}: snake {SIDES[side]} turns back onto its neck")
        try:
            duel.step(directions)
        except FruitListError as e:
            raise ReplayError(f"{where}: after tick {n}, {e}") from None
    reached = outcome_of(duel)
    if reached != rep.outcome:
        raise ReplayError(f'{where}: the moves end with "{reached}", yet the outcome is "{rep.outcome}"')
    if duel.fruit.placed != len(rep.fruits):
        raise ReplayError(f"{where}: the fruit list does not match the meals: {len(rep.fruits)} listed, "
                          f"{duel.fruit.placed} appeared")
    if rep.lengths is not None and tuple(rep.lengths) != tuple(len(s) for s in duel.snakes):
        raise ReplayError(f'{where}: "lengths" are {list(rep.lengths)}, but the moves end at '
                          f"{[len(s) for s in duel.snakes]}")
    if tuple(rep.causes or (None, None)) != tuple(duel.causes) or rep.ending != duel.ending:
        raise ReplayError(f'{where}: "causes" and "ending" are not what the moves end with '
                          f"({list(duel.causes)}, {duel.ending})")
    return duel


def load(path):
    """Read, check and play through the versus replay at `path`; the VersusReplay."""
    rep = parse(replay.read_json(path), path)
    play_back(rep, path)
    return rep


def load_any(path):
    """The replay at `path`, single (files/replay.py) or versus, read and played through checked."""
    data = replay.read_json(path)
    rep = parse(data, path) if is_versus(data) else replay.parse(data, path)
    (play_back if is_versus(data) else replay.play_back)(rep, path)
    return rep


def is_versus(data):
    """Whether parsed JSON `data` says it is a versus replay."""
    return isinstance(data, dict) and data.get("format") == FORMAT


class Keeper:
    """--save-games in a tournament: every round's replay written in `directory` (made if missing)."""

    def __init__(self, directory):
        self.directory = directory
        self.written = self.found = 0
        try:
            os.makedirs(directory, exist_ok=True)
        except OSError as e:
            raise configuration.ConfigError(f"--save-games: cannot make {directory}: {e.strerror or e}") from None

    def __call__(self, rep):
        written = write(rep, self.directory)[1]
        self.written += written
        self.found += not written

    def finish(self):
        """Say what was kept (stderr); the exit code."""
        again = f" ({self.found} already there)" if self.found else ""
        print(f"replays: {self.written} written in {self.directory}{again}", file=sys.stderr)
        return 0
