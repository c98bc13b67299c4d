"""A solver played with every call checked, so that one that misbehaves takes nothing down.

The window and the headless runner never call a solver directly: they call a `Guarded`,
which asks the solver and checks what it did. A call fails when the solver

    raises                     any exception (SystemExit too; Ctrl-C is let through)
    answers no direction       next_direction() gave something other than a snake.Direction
                               or a whole number 0-3 (NumPy's too); planned_path() or
                               hamiltonian_cycle() no cells
    changes the game           the game it was given differs from the real one afterwards
    takes too long             a call past MOVE_SECONDS (think(): past its deadline + that)

and a failure is a SolverFailed naming the solver, the call, the move and what went wrong,
in one line. The solver is asked nothing more; the caller decides what follows (the window
hands the snake to the player, the runner counts the game as failed).

The game's own solvers (solvers.BUILT_IN) are trusted with the real game and no time limit:
their checks cost a few comparisons a move. A solver from outside is given a copy of the
game instead (`Mirror`), brought up to date before each call and compared with the real
game after it, so the real game never changes whatever the solver does; its calls are timed
by an `Alarm`, which stops one that runs on past the limit; and what it prints goes to
stderr, so the runner's JSON lines on stdout stay whole.
"""
import contextlib
import ctypes
import operator
import os
import random
import sys
import threading
import time
from collections import deque

from fruit import Fruit
from game import Game
from snake import Direction
from solver import Decision
from solvers import built_in, find, name_of
from solvers.loading import one_line

MOVE_SECONDS = 1.0  # the longest a solver from outside may take over one call (docs/solvers.md)


class SolverFailed(Exception):
    """A solver broke the contract: `name` (the solver), `move` (the game's moves when it was
    asked, so the move it was choosing is move + 1) and `why`, one line."""

    def __init__(self, name, call, move, why):
        self.name, self.call, self.move, self.why = name, call, move, why
        super().__init__(f"{name}.{call} at move {move + 1}: {why}")


class Overtime(BaseException):
    """Raised inside a solver's call that ran past its limit (a BaseException, so that the
    solver's own `except Exception` does not swallow it)."""


def whole(value):
    """`value` as a Python int if it is a whole number of any integer type (int, or NumPy's
    int64 that a policy's argmax gives: anything with __index__), else None; a bool is no
    number here, nor an array's bool (dtype kind "b"), which older NumPy lets be an index."""
    if isinstance(value, bool) or getattr(getattr(value, "dtype", None), "kind", None) == "b":
        return None
    try:
        return operator.index(value)
    except TypeError:
        return None


class Guarded:
    """The solver `ref` names, playing `game`, with every call checked (see the module).

    It answers what a solver answers (next_direction, think, paced, proven_win,
    planned_path, hamiltonian_cycle, decision, name, memoryless, follows_a_cycle), and
    raises SolverFailed instead of whatever went wrong; after a failure it is `failed`, and
    every call raises that failure again. `solver` is the solver itself (None if building it failed)."""

    def __init__(self, ref, game):
        self.ref, self.name, self.game = ref, name_of(ref), game
        self.trusted = built_in(ref)
        cls = find(ref)
        self.memoryless = bool(getattr(cls, "memoryless", False))
        self.follows_a_cycle = bool(getattr(cls, "follows_a_cycle", False))
        self.mirror = None if self.trusted else mirror_of(game)
        self.alarm = None if self.trusted else Alarm.shared()
        self.failed = None
        self.solver = None
        self.solver = self._call("__init__", lambda: cls(self.mirror.game if self.mirror else game))

    @property
    def decision(self):
        """Why the solver made its last move: its `decision` if it keeps one as solver.Decision
        does, else a Decision that says nothing."""
        decision = getattr(self.solver, "decision", None)
        return decision if isinstance(decision, Decision) else Decision()

    def next_direction(self):
        """The solver's move, a snake.Direction."""
        answer = self._call("next_direction", self.solver.next_direction)
        if type(answer) is Direction:  # the built-in solvers' answer: nothing to convert
            return answer
        number = whole(answer)
        if number is not None and 0 <= number <= 3:
            return Direction(number)
        raise self._fail("next_direction", f"answered {brief(answer)}, not a direction (snake.Direction or 0-3)")

    def think(self, deadline, clock):
        """Let the solver think until `clock()` reaches `deadline`; whether it had anything to do."""
        think = getattr(self.solver, "think", None)
        if think is None:
            return False
        limit = max(0.0, deadline - clock()) + MOVE_SECONDS  # the wait, and a move's time more
        return bool(self._call("think", lambda: think(deadline, clock), limit))

    def paced(self, seconds):
        paced = getattr(self.solver, "paced", None)
        if paced is not None:
            self._call("paced", lambda: paced(seconds))

    def proven_win(self):
        proven = getattr(self.solver, "proven_win", None)
        return proven is not None and bool(self._call("proven_win", proven))

    def planned_path(self):
        """The cells the solver means to visit next, as (x, y) tuples (may be empty)."""
        planned = getattr(self.solver, "planned_path", None)
        return [] if planned is None else self._cells("planned_path", planned, allow_none=False)

    def hamiltonian_cycle(self):
        """The cycle the solver follows, as (x, y) tuples, or None."""
        cycle = getattr(self.solver, "hamiltonian_cycle", None)
        return None if cycle is None else self._cells("hamiltonian_cycle", cycle, allow_none=True)

    def _cells(self, call, method, allow_none):
        answer = self._call(call, method)
        if answer is None and allow_none:
            return None
        game = self.game
        try:
            cells = [(x, y) for x, y in answer]
            if not all(type(x) is int and type(y) is int for x, y in cells):  # NumPy's, say: made ints
                cells = [(whole(x), whole(y)) for x, y in cells]
            if all(x is not None and y is not None and 0 <= x < game.width and 0 <= y < game.height
                   for x, y in cells):
                return cells
        except (TypeError, ValueError):
            pass
        raise self._fail(call, f"answered {brief(answer)}, not a list of cells (x, y) on the board")

    def _call(self, call, method, limit=None):
        """`method()`, checked: its answer, or SolverFailed; `limit`: its seconds (default MOVE_SECONDS)."""
        if self.failed is not None:
            raise self.failed
        limit = MOVE_SECONDS if limit is None else limit
        if self.trusted:
            try:
                return method()
            except (Exception, SystemExit) as e:
                raise self._fail(call, f"raised {one_line(e)}") from e
        self.mirror.update()
        try:
            with contextlib.redirect_stdout(sys.stderr):
                answer, late = self.alarm.run(method, limit)
        except (Exception, SystemExit) as e:
            raise self._fail(call, f"raised {one_line(e)}") from e
        if late:
            raise self._fail(call, f"took longer than {round(limit, 2):g} s")  # (a think's wait is read off a clock)
        changed = self.mirror.changed()
        if changed:
            raise self._fail(call, f"changed the game ({changed})")
        return answer

    def _fail(self, call, why):
        self.failed = SolverFailed(self.name, call, self.game.steps, why)
        return self.failed


def mirror_of(game):
    """The copy of `game` a solver from outside is given: a Mirror of a game.Game, or what the
    game says its own copy is (`game.mirror()`: one snake's view of a duel, versus/)."""
    own = getattr(game, "mirror", None)
    return own() if own is not None else Mirror(game)


def brief(value):
    """A value as a few characters of text, for a failure's line."""
    try:
        text = repr(value)
    except Exception:  # a repr that raises says nothing
        text = f"a {type(value).__name__}"
    return text if len(text) <= 40 else text[:37] + "..."


class Mirror:
    """A copy of `real` (a game.Game) that a solver from outside is given: the same board, snake,
    fruit and counts, its own objects. `update` brings it to the real game's position in place
    (a solver may keep references to its snake or fruit); `changed` says what differs."""

    def __init__(self, real):
        self.real = real
        game = self.game = Game.__new__(Game)
        game.width, game.height, game.initial_length = real.width, real.height, real.initial_length
        game.seed = real.seed
        game.rng = random.Random(real.seed)  # its own: drawing from it changes nothing real
        game.snake = real.snake.copy()
        game.fruit = Fruit(real.width, real.height, game.snake.at, game.rng)
        game.turns, game.moves, game.fruits = deque(), bytearray(), []
        self.snake, self.fruit = game.snake, game.fruit
        self.update()

    def update(self):
        """Bring the copy to the real game's position."""
        real, game = self.real, self.game
        self.snake.take_on(real.snake)
        game.snake, game.fruit = self.snake, self.fruit
        self.fruit.place(real.fruit.last_generate)
        game.steps, game.eaten, game.state, game.from_start = real.steps, real.eaten, real.state, real.from_start
        game.turns.clear()
        if len(game.moves) != len(real.moves):
            game.moves[:] = real.moves
        if len(game.fruits) != len(real.fruits):
            game.fruits[:] = real.fruits

    def changed(self):
        """What of the game the solver changed since `update`, in a few words; None if nothing."""
        real, game, theirs = self.real, self.game, self.real.snake
        if game.snake is not self.snake or game.fruit is not self.fruit:
            return "it replaced the snake or the fruit"
        changed = self.snake.differs(theirs)
        if changed:
            return changed
        if self.fruit.last_generate != real.fruit.last_generate:
            return "the fruit"
        if (game.width, game.height, game.initial_length) != (real.width, real.height, real.initial_length):
            return "the board"
        if (game.steps, game.eaten, game.state) != (real.steps, real.eaten, real.state) or game.turns:
            return "the moves played"
        if game.moves != real.moves or game.fruits != real.fruits:
            return "the game's history"
        return None


class Alarm:
    """Stops a call that runs past its limit: a watchdog thread raises Overtime in the thread
    making the call, at its next Python instruction (a call stuck inside C code is stopped when
    it comes back). One watchdog serves a process (`shared`), however many threads call.

        caller:    arm ------ call ------------------- disarm
        watchdog:       waits for the first deadline --> Overtime raised in its caller, if still armed
    """

    _shared = None
    _making = threading.Lock()

    @classmethod
    def shared(cls):
        with cls._making:
            if cls._shared is None:
                cls._shared = cls()
            return cls._shared

    @classmethod
    def forget(cls):
        """Let a forked child start its own watchdog: the parent's thread is not forked with it
        (a vector env's workers, --jobs), and its lock may have been held at the fork."""
        cls._shared = None
        cls._making = threading.Lock()

    def __init__(self):
        self._lock = threading.Condition()
        self._armed = {}  # token -> (thread id, deadline) of each call being watched
        self._fired = set()  # tokens of the calls Overtime was raised in
        self._tokens = 0
        threading.Thread(target=self._watch, name="solver-alarm", daemon=True).start()

    def run(self, call, seconds):
        """(call()'s answer, whether it ran past `seconds`); the answer is None when it was stopped."""
        started = time.monotonic()
        token = self._arm(started + seconds)
        try:
            try:
                answer = call()
            finally:
                self._disarm(token)
        except Overtime:
            self._disarm(token)
            return None, True
        return answer, time.monotonic() - started > seconds

    def _arm(self, deadline):
        with self._lock:
            self._tokens += 1
            self._armed[self._tokens] = (threading.get_ident(), deadline)
            self._lock.notify()
            return self._tokens

    def _disarm(self, token):
        """Stop watching the call `token`; an Overtime raised for it but not yet delivered is taken back."""
        with self._lock:
            self._armed.pop(token, None)
            if token in self._fired:
                self._fired.discard(token)
                _raise_in(threading.get_ident(), None)

    def _watch(self):
        with self._lock:
            while True:
                if not self._armed:
                    self._lock.wait()
                    continue
                token, (thread, deadline) = min(self._armed.items(), key=lambda item: item[1][1])
                left = deadline - time.monotonic()
                if left > 0:
                    self._lock.wait(left)
                    continue
                del self._armed[token]
                self._fired.add(token)
                _raise_in(thread, Overtime)


if hasattr(os, "register_at_fork"):  # POSIX
    os.register_at_fork(after_in_child=Alarm.forget)


def _raise_in(thread, exception):
    """Have thread `thread` raise `exception` at its next Python instruction (None: no longer)."""
    ctypes.pythonapi.PyThreadState_SetAsyncExc(ctypes.c_ulong(thread),
                                               None if exception is None else ctypes.py_object(exception))
