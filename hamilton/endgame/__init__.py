"""Searching every future when few cells are free: how a body in no order can still be won.

    endgame.py  Endgame: the questions asked, the proof for a position spread over the
                moves, and what is proven of each fruit
    proof.py    Proof: a proof under way, and the loop the snake goes round meanwhile
    timed.py    Lookahead: with time between moves, proofs rooted ahead, the next fruit readied
    en_route.py EnRoute: with time between moves and 7 or 8 free cells, a route shortened on
                the way by proofs rooted along it
    closed_routes.py  ClosedRoutes: with time between moves, a proven route weighed by what
                its later fruits cost, and a route that leaves the body closed looked for
    closing.py  routes to a closed body, one whose free cells close a cycle of the board
    forks.py    the search over forks (bodies with a choice), depth first: it decides first
    layers.py   the layered search, breadth first: the shortest route
    space.py    bodies packed small, their moves, and the answers remembered
    ledger.py   the work done and the bodies held, with the limits of both
"""
from hamilton.endgame.endgame import FREE_MAX, LIMIT, WIDE_WAIT, WORK, Endgame
from hamilton.endgame.proof import Proof

__all__ = ["FREE_MAX", "LIMIT", "WIDE_WAIT", "WORK", "Endgame", "Proof"]
