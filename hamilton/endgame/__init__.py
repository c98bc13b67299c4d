"""Searching every future when few cells are free: how a body in no order can still be won.

    endgame.py  Endgame: the questions asked, the proof for a position spread over the
                moves, and what is proven of each fruit (the untimed play, the benchmark's)
    proof.py    Proof: a proof under way, and the loop the snake goes round meanwhile
    timed/      TimedEndgame: with time between moves, proofs rooted ahead (lookahead.py),
                routes shortened on the way (en_route.py), routes that leave the body closed
                (closed_routes.py, closing.py)
    forks.py    the search over forks (bodies with a choice), depth first: it decides first
    layers.py   the layered search, breadth first: the shortest route
    space.py    bodies packed small, their moves, and the answers remembered
    closed.py   a closed body: its free cells in one run from the head round to the tail
    ledger.py   the work done and the bodies held, with the limits of both
"""
from hamilton.endgame.endgame import FREE_MAX, LIMIT, WORK, Endgame
from hamilton.endgame.proof import Proof
from hamilton.endgame.timed import WIDE_WAIT, TimedEndgame

__all__ = ["FREE_MAX", "LIMIT", "WIDE_WAIT", "WORK", "Endgame", "Proof", "TimedEndgame"]
