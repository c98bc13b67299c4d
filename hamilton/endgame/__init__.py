"""Searching every future when few cells are free: how a body in no order can still be won.

    proof.py    Endgame: the proof for a position, spread over the moves while the snake
                circles back to it; what is proven of each fruit
    forks.py    the search over forks (bodies with a choice), depth first: it decides first
    layers.py   the layered search, breadth first: the shortest route
    space.py    bodies packed small, their moves, and the answers remembered
    ledger.py   the work done and the bodies held, with the limits of both
"""
from hamilton.endgame.proof import FREE_MAX, LIMIT, WORK, Endgame, Proof

__all__ = ["FREE_MAX", "LIMIT", "WORK", "Endgame", "Proof"]
