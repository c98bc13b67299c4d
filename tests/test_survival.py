"""Staying alive with a body in no cycle order: walled-in heads, escapes and the way out."""
import importlib
import json
import os
import random
import subprocess
import sys

import pytest

from hamilton import survival as survival_module
from boards import board
from hamilton.decision import Mode
from hamilton.grid import Grid
from hamilton import HamiltonSolver
from snake import UP
from hamilton.survival import Survival
from test_hamilton import play, tail_in_reach

# The head is walled in with 11 free cells and a body of 20; no move keeps the tail in
# reach. The body cell below-left of the pocket, 12th from the tail, is free after 12
# moves: only a head that winds through all 11 cells first gets there in time.
WALLED_IN = ["v < < . > H",
             "v . * > ^ .",
             "> v . ^ . .",
             ". v > ^ . .",
             "v < ^ . . .",
             "> > ^ . . ."]
TWELFTH_FROM_TAIL = (2, 5)


# H b c d (head, down the right) lie along the anticlockwise tree; the other 8 cells lie
# anyhow. 8 moves of that tree down and round the right edge bring the body back into
# order (the picture in survival.py).
RESTORE = ["> v . . . .",
           "^ v . . . .",
           "^ > > > v .",
           ". . . . v .",
           ". . * . v .",
           ". . . . H ."]
RESTORE_ROUTE = [(5, 5), (5, 4), (5, 3), (5, 2), (5, 1), (5, 0), (4, 0), (3, 0)]


def survival_of(game, order=lambda body: 0):
    grid = Grid(game.width, game.height)
    fruit = game.fruit.where()
    return (Survival(grid, order, random.Random(0)), grid, grid.flat_body(game.snake),
            -1 if fruit is None else grid.index(fruit))


def test_a_walled_in_head_winds_through_its_pocket_and_meets_its_tail_in_time():
    game = board(WALLED_IN)
    assert not tail_in_reach(game)
    solver = HamiltonSolver(game)
    solver.next_direction()
    assert solver.decision.step == "escape"
    route = [solver.grid.cell(c) for c in [solver.moved_to, *solver.route]]
    assert len(route) == 12 and route[-1] == TWELFTH_FROM_TAIL
    assert len(set(route[:-1])) == 11  # every free cell of the pocket, once
    assert play(game, solver).state == "won"


def test_a_body_out_of_order_takes_a_route_back_into_it():
    game = board(RESTORE)
    solver = HamiltonSolver(game)
    body = solver.grid.flat_body(game.snake)
    assert not any(planner.tree.fits(body) for planner in solver.cycle.planners)
    solver.next_direction()
    assert solver.decision.to_json() == {"step": "restore", "mode": "survival", "distance": 8}
    assert solver.planned_path() == RESTORE_ROUTE
    play(game, solver, cap=8)
    body = solver.grid.flat_body(game.snake)
    tree = solver.cycle.planners[solver.cycle.orient].tree
    assert tree.fits(body) and not tree.clockwise
    solver.next_direction()
    assert solver.decision.mode is Mode.CELL_TREE
    assert play(game, solver).state == "won"


def test_a_route_back_into_order_steps_onto_old_body_cells_only_once_the_tail_has_left():
    """Clockwise only the head is in order: 11 moves, left along the bottom, up the left edge
    and round, the last five onto the old body's last five cells, each after the tail left it."""
    game = board(RESTORE)
    survival, grid, body, fruit = survival_of(game)
    clockwise = next(p.tree for p in HamiltonSolver(game).cycle.planners if p.tree.clockwise)
    assert survival_module.ordered_part(clockwise, body) == 1
    route = survival.restore(clockwise, body, fruit)
    assert len(route) == 11 and clockwise.fits((route[::-1] + body)[:len(body)])
    entered_body = [(t, body.index(c)) for t, c in enumerate(route, 1) if c in body]
    assert [t for t, _ in entered_body] == [7, 8, 9, 10, 11]
    assert all(t >= len(body) - k for t, k in entered_body)  # body[k] is free after len - k moves


def test_without_a_route_back_it_keeps_the_most_of_the_body_in_order(monkeypatch):
    """With no restore route, each move keeps the longest part in order from the head: back in
    order in fewer moves than the body is long (scoring only "in order near the head or not"
    took 22 moves here)."""
    game = board(["H < < < < <",
                  ". . . . . ^",
                  ". > > > > ^",
                  "* . . . . .",
                  ". . . . . .",
                  ". . . . . ."])
    monkeypatch.setattr(Survival, "restore", lambda self, tree, body, fruit, ordered=None: None)
    solver = HamiltonSolver(game)
    direc = solver.next_direction()
    while solver.decision.mode is Mode.SURVIVAL and game.steps < len(game.snake):
        assert game.snake.is_safe_move(direc)
        game.snake.turn(direc)
        game.step()
        direc = solver.next_direction()
    assert solver.decision.mode is Mode.CELL_TREE and game.steps < 12


def test_the_way_out_waits_for_the_tail_to_leave():
    """The nearest body cell, (1,0), is still body when the head could get there (move 3);
    (2,0) is free after 3 moves and the head gets there on move 4."""
    game = board(["H < < < <",
                  ". . . . .",
                  ". . . . *"])
    survival, grid, body, fruit = survival_of(game)
    way, _ = survival.way_out(tuple(body), fruit)
    assert [grid.cell(c) for c in way] == [(0, 1), (1, 1), (2, 1), (2, 0)]


def test_no_way_out_of_the_pocket_without_winding_through_it():
    game = board(WALLED_IN)
    survival, _, body, fruit = survival_of(game)
    assert survival.way_out(tuple(body), fruit)[0] is None  # straight there is too soon


def test_walled_in_every_way_it_takes_the_most_room_whatever_the_order():
    """Up leaves 6 cells, down 1, and no way out: room decides, not how well the body fits a cycle."""
    game = board([". . . . . .",
                  "> > > v H <",
                  "^ < v < . ^",
                  "> ^ > > > ^",
                  "^ < < . . .",
                  ". . * . . ."])
    down_pocket = Grid(6, 6).index((4, 2))
    survival, _, body, fruit = survival_of(game, order=lambda after: 2 if after[0] == down_pocket else 0)
    direction, safe, _ = survival.move(game.snake, body, fruit, hungry=0)
    assert direction == UP and not safe


ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
TOOL = [sys.executable, "-m", "docs.walled_in"]  # run from the checkout, as docs/handovers.md says


def walled_in_tool():
    return importlib.import_module("docs.walled_in")


def test_the_walled_in_tool_counts_hand_overs_hamilton_wins():
    """On 8x8, seeds 32 and 34 wall the head in (30, 31 and 33 hand over no such position):
    32 can be saved and is won, 34, with 2 free cells, has no way out."""
    done = subprocess.run([*TOOL, "--width", "8", "--height", "8", "--seeds", "30-34"],
                          cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    *games, counts = map(json.loads, done.stdout.splitlines())
    assert [(g["seed"], g["state"], g.get("savable")) for g in games] == [(32, "won", None), (34, "lost", False)]
    assert counts == {"board": "8x8", "hand-overs": {"won": 1, "lost unsavable": 1}}


@pytest.mark.parametrize("width, height, seed", [(8, 8, 32), (16, 12, 392)])
def test_without_the_escape_those_hand_overs_are_lost_though_a_way_out_exists(monkeypatch, width, height, seed):
    tool = walled_in_tool()
    args = tool.parse(["--width", str(width), "--height", str(height), "--seeds", f"{seed}-{seed}"])
    assert tool.play_out(args, seed)["state"] == "won"
    monkeypatch.setattr(survival_module.Survival, "escape", lambda self, body, fruit: None)
    record = tool.play_out(args, seed)
    assert record["state"] == "lost" and record["savable"] is True


@pytest.mark.parametrize("flags", [["--seeds", "5"], ["--seeds", "9-1"], ["--seeds", "a-b"], ["--width", "3"],
                                   ["--cap", "0"], ["--height", "x"]])
def test_the_walled_in_tool_refuses_bad_flags_in_one_line(flags):
    done = subprocess.run([*TOOL, *flags], cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert done.returncode == 2 and done.stdout == "" and done.stderr.count("\n") == 1, flags


POCKET = [
    ". . H 1 . .",
    ". . . 2 . .",
    "6 5 4 3 . .",
    "7 8 9 a b c",
]


def numbered_body(rows):
    """The body of a board drawn with its cells numbered from the head (H, 1-9, then a-z)."""
    marks = {mark: (x, y) for y, row in enumerate(rows) for x, mark in enumerate(row.split())}
    order = "H123456789abcdefghijklmnopqrstuvwxyz"
    return [marks[m] for m in order if m in marks]


def test_a_pocket_too_small_to_outlast_its_wall_is_known_unsavable_without_searching():
    """POCKET: 5 cells, and the first wall cell to open (6) opens 7 moves on: the sixth move
    finds no cell (one cell shorter, the body lets it out just in time). The search knows it
    from the first body (a cap of 1 is enough); with the bound switched off it looks at
    every way round the pocket and passes that cap."""
    tool = walled_in_tool()
    body = numbered_body(POCKET)
    assert len(body) == 13 and not tool.tail_in_reach(6, 4, body)
    assert tool.pocket_outlasts_wall(6, 4, body) is False
    assert tool.savable(6, 4, body, None, cap=1) is False
    shorter = body[:-1]  # without its last cell the body is 12, and 6 opens on the sixth move, in time
    assert tool.pocket_outlasts_wall(6, 4, shorter) is True
    tool.pocket_outlasts_wall = lambda width, height, body: True
    assert tool.savable(6, 4, body, None, cap=1) is None
