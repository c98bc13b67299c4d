"""The autopilot that never loses, on every board at least 2 wide, and what it thinks with.

    autopilot.py   HamiltonSolver: which way of playing applies, move by move
    grid.py        cells as flat indices, the one encoding of this package
    celltree.py    the 2x2 blocks whose spanning trees' outlines are Hamiltonian cycles
    planner.py     routes to the fruit that keep the body on such a cycle
    endgame.py     searching every future fruit when few cells are free
    survival.py    staying alive, and getting back into order, with a body in no order
"""
from hamilton.autopilot import HamiltonSolver

__all__ = ["HamiltonSolver"]
