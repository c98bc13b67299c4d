"""Positions drawn as text, for the autopilot tests.

    "> > v . *"     H  the head          * the fruit
    "^ . v . ."     > < ^ v  a body cell, pointing at the next cell towards the head
    "^ < H . ."     .  a free cell

The tail is the one body cell no arrow points at.
"""
from game import Game
from snake import DELTA, RIGHT, Snake, direction_between

ARROWS = {"^": DELTA[0], "v": DELTA[1], "<": DELTA[2], ">": DELTA[3]}


def parse(rows):
    """(width, height, body head first as (x, y), fruit or None) from a drawn board."""
    grid = [row.split() for row in rows]
    width, height = len(grid[0]), len(grid)
    pointing, head, fruit = {}, None, None
    for y, row in enumerate(grid):
        assert len(row) == width, f"row {y} is not {width} wide"
        for x, mark in enumerate(row):
            if mark == "H":
                head = (x, y)
            elif mark == "*":
                fruit = (x, y)
            elif mark in ARROWS:
                dx, dy = ARROWS[mark]
                pointing[(x, y)] = (x + dx, y + dy)
    targets = set(pointing.values())
    tails = [c for c in pointing if c not in targets]
    assert head is not None and len(tails) <= 1, "draw one head and one tail"
    chain = [tails[0]] if tails else []
    while chain and chain[-1] != head:
        chain.append(pointing[chain[-1]])
    body = chain[::-1] if chain else [head]
    assert len(body) == len(pointing) + 1, "every arrow must lead to the head"
    return width, height, body, fruit


def board(rows, seed=0):
    """A game restored to the drawn position."""
    width, height, body, fruit = parse(rows)
    game = Game(width, height, initial_length=1, seed=seed)
    heading = direction_between(body[1], body[0]) if len(body) > 1 else RIGHT
    game.restore(Snake(width, height, body, heading), fruit, 0, 0)
    return game


def draw(width, height, body, fruit=None):
    """The rows `parse` reads back as this position."""
    rows = [["."] * width for _ in range(height)]
    for older, newer in zip(body[1:], body):
        rows[older[1]][older[0]] = "^v<>"[direction_between(older, newer)]
    rows[body[0][1]][body[0][0]] = "H"
    if fruit is not None:
        rows[fruit[1]][fruit[0]] = "*"
    return [" ".join(row) for row in rows]


# The fruit is behind the body: no route until the body has moved on (the planner finds
# none; hamilton waits round an outline). Used by test_planner and test_hamilton.
NO_ROUTE_YET = ["> > > > > v",
                "^ . . . . v",
                "^ . . . . v",
                "^ < < . H <",
                ". . ^ * . .",
                ". . . . . ."]


# Where the greedy autopilot was proven to circle forever (6x6, seeds 10 and 7): the end
# can still be won (four free cells: this fruit and three more), or it cannot (two free
# cells: the future is fixed). Used by test_endgame and test_window.
STILL_WON = ["v < . v < <",   # four free cells: this fruit and three more to come
             "v ^ < < . ^",
             "> v > > H ^",
             "* v ^ v < ^",
             "v < ^ v . ^",
             "> > ^ > > ^"]

NOT_WON = ["> v > v > v",     # two free cells: the future is fixed, and it cannot be won
           "^ > ^ > H v",
           "^ < v < v <",
           "* ^ v ^ v .",
           "> ^ v ^ > v",
           "^ < < ^ < <"]

# STILL_WON two moves of tail shorter: six free cells (this fruit and five more to come).
SIX_FREE = ["v < . v < <",
            "v ^ < < . ^",
            "> v > > H ^",
            "* v ^ . . ^",
            "v < ^ v . ^",
            "> > ^ > > ^"]
