"""Versus play: two snakes on one board (docs/versus.md). No pygame here.

    duel.py        the rules: a round of two snakes, its tick, its end; each snake's view (Side)
    mirror.py      the copy of a Side that a solver from outside is given
    rival.py       rival, the solver made for versus play
"""
from versus.duel import Duel, DuelError

__all__ = ["Duel", "DuelError"]
