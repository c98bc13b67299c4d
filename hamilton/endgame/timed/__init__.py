"""The endgame of a game with time between its moves (the window, the headless runner's --move-time).

    endgame.py        TimedEndgame: the Endgame that thinks between moves, and what it adds
    lookahead.py      Lookahead: proofs rooted ahead on the loop, the soonest route, the next
                      fruit's proofs made ready while the snake goes to eat
    en_route.py       EnRoute: a route shortened on the way by proofs rooted along it
    closed_routes.py  ClosedRoutes: a proven route weighed by what its later fruits cost, and
                      a route that leaves the body closed looked for
    closing.py        Closing: routes to a closed body, one whose free cells close a cycle
"""
from hamilton.endgame.timed.endgame import WIDE_WAIT, TimedEndgame

__all__ = ["WIDE_WAIT", "TimedEndgame"]
