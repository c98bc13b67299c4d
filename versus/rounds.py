"""A round of versus played by two solvers, from its spec to its record; and the soak's checks.
No pygame here.

`RoundSpec.play()` is to a tournament what headless/games.py's play_game is to a single run:
plain data in, plain data out, so the same engines (--jobs, --cluster, --results) play both.
A round is played a tick at a time:

    each seat's solver (a Guarded, checked on every call) -> its direction
        --> [--soak: the moves that survive the tick whatever the other does, per snake]
        --> Duel.step(directions)
        --> [--soak: the rules held; a rival that lost had no move that survived]
"""
import time
from typing import NamedTuple

import solvers
from files.versus_replay import VersusReplay
from headless.figures import Timing
from headless.soak import InvariantError
from snake import DIRECTIONS, body_fault
from solvers.guard import Guarded, SolverFailed
from versus.duel import A, B, HEAD_TO_HEAD, SIDES, Duel


class RoundSpec(NamedTuple):
    """One round of a tournament: solver `a` against solver `b` (refs, solvers/), `a` playing snake A
    unless `swapped`; the fruits come from `seed`."""

    width: int
    height: int
    length: int
    a: str
    b: str
    seed: int
    swapped: bool = False
    soak: bool = False
    keep: bool = False  # add the round's versus replay to its record (--save-games)

    @property
    def refs(self):
        """The solvers the round plays (for --cluster, which ships those from outside)."""
        return (self.a, self.b)

    @property
    def seats(self):
        """The refs of snake A and snake B, in that order."""
        return (self.b, self.a) if self.swapped else (self.a, self.b)

    def play(self, report=None):
        """Play the round; its record (see play_round)."""
        return play_round(self)


def seat(ref, duel, side):
    """The solver `ref` playing snake `side` of `duel`, its calls checked: given the other snake if it
    says it plays versus (`versus = True`, docs/solvers.md), blind to it otherwise."""
    sees = bool(getattr(solvers.find(ref), "versus", False))
    return Guarded(ref, duel.side(side, sees))


def play_round(spec):
    """Play `spec`'s round to its end; return its record, plain picklable data.

    Keys: "seed", "swapped", "winner" ("a", "b" or "draw": the solvers, not the sides;
    "failed" when a solver broke the contract, then "failure" is its line), "winner_side"
    ("A", "B" or None), "causes" (why snake A and snake B lost, or None), "ending"
    (stalemate, full board, or None), "length_a" and "length_b" (the solvers' snakes at the
    end), "steps", "timing_a" and "timing_b" (each solver's time a move, headless/figures.py's
    Timing), and with `spec.keep` "replay" (files/versus_replay.py's VersusReplay).
    """
    duel = Duel(spec.width, spec.height, spec.length, spec.seed)
    timings = (Timing(), Timing())  # by seat: A, B
    failure = None
    try:
        players = [seat(ref, duel, side) for side, ref in enumerate(spec.seats)]
        while not duel.over():
            directions = []
            for side in (A, B):
                started = time.perf_counter_ns()
                directions.append(players[side].next_direction())
                timings[side].add(time.perf_counter_ns() - started)
            move(duel, directions, spec.soak, spec.seats)
    except SolverFailed as e:
        failure = str(e)
    order = (B, A) if spec.swapped else (A, B)  # the seats of solver a and solver b
    record = {"seed": spec.seed, "swapped": spec.swapped, "winner": winner_of(duel, spec, failure),
              "winner_side": SIDES[duel.winner] if duel.over() and duel.winner is not None else None,
              "causes": list(duel.causes), "ending": duel.ending,
              "length_a": len(duel.snakes[order[0]]), "length_b": len(duel.snakes[order[1]]),
              "steps": duel.steps, "timing_a": timings[order[0]], "timing_b": timings[order[1]]}
    if failure is not None:
        record["failure"] = failure
    if spec.keep:
        record["replay"] = VersusReplay.of(duel, [solvers.name_of(ref) for ref in spec.seats])
    return record


def winner_of(duel, spec, failure):
    """"a", "b" or "draw" (solvers, not sides); "failed" for a round a solver broke off."""
    if failure is not None:
        return "failed"
    if duel.winner is None:
        return "draw"
    return "b" if (duel.winner == A) == spec.swapped else "a"


def move(duel, directions, soak=False, seats=("", "")):
    """One tick of `duel`; with `soak`, checked against the rules (InvariantError names the first
    broken), and a rival that lost must have had no move that survived the tick."""
    if not soak:
        duel.step(tuple(directions))
        return
    before = duel.copy()
    lasting = [surviving_moves(duel, side) for side in (A, B)]
    duel.step(tuple(directions))
    try:
        check_tick(before, duel)
    except InvariantError as e:
        e.duel = before  # the moment before the tick, for the versus debug log
        raise
    for side in (A, B):
        if duel.causes[side] is not None and lasting[side] and solvers.name_of(seats[side]) == "rival":
            names = ", ".join(d.name.lower() for d in lasting[side])
            error = InvariantError(f"rival (snake {SIDES[side]}) lost by its own fault at move {duel.steps} "
                                 f"({duel.causes[side]}) while {names} survived the tick")
            error.duel = before
            raise error


def surviving_moves(duel, side):
    """The moves of snake `side` that survive the next tick whatever the other snake does: each
    tried on a copy of the duel against each move of the other (the rules as the reference)."""
    me, other = duel.snakes[side], duel.snakes[1 - side]
    theirs = [d for d in DIRECTIONS if not other.is_reversal(d)]
    lasting = []
    for mine in (d for d in DIRECTIONS if not me.is_reversal(d)):
        for answer in theirs:
            trial = duel.copy()
            trial.step((mine, answer) if side == A else (answer, mine))
            if trial.causes[side] is not None:
                break
        else:
            lasting.append(mine)
    return lasting


def check_tick(before, after):
    """Raise InvariantError naming the first rule the tick from `before` to `after` broke."""
    for side in (A, B):
        snake, was = after.snakes[side], before.snakes[side]
        grew = len(snake) - len(was)
        on_fruit = snake.head() == before.fruit.last_generate and after.causes[side] != HEAD_TO_HEAD
        if grew not in (0, 1) or (grew == 1) != on_fruit:  # a head that lost a meeting on the fruit did not eat
            raise InvariantError(f"snake {SIDES[side]} grew without eating, or ate without growing")
        if len(snake) != after.initial_length + after.eaten[side]:
            raise InvariantError(f"snake {SIDES[side]}'s length is not its start plus its meals")
        if after.causes[side] is None:
            fault = body_fault(list(snake.body), after.width, after.height)
            if fault:
                raise InvariantError(f"snake {SIDES[side]} lives on, yet {fault}")
    if not after.over():
        a, b = after.snakes
        if a.cells & b.cells:
            raise InvariantError("both snakes live on, yet their bodies share a cell")
        fruit = after.fruit.last_generate
        if fruit is None or after.occupied(fruit) or not a.on_board(fruit):
            raise InvariantError("the fruit is not on a cell free of both snakes")
        if after.since_meal >= after.stall_limit:
            raise InvariantError("a stalemate did not end the round")
