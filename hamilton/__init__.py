"""The solver that never loses, on every board at least 2 wide, and what it thinks with.

    solver.py      HamiltonSolver: which way of playing applies, move by move
    decision.py    HamiltonDecision: why it made its move
    cycle.py       playing along a cell tree's outline: a route per fruit, waits, searches ahead
    celltree.py    the 2x2 blocks whose spanning trees' outlines are Hamiltonian cycles
    spanning.py    the spanning tree a body lies along (Kruskal, in edge order)
    planner.py     routes to the fruit that keep the body on such a cycle
    aim.py         what the planner's searches for one fruit read about the board
    meal.py        the exact check of a route: the body it leaves at the meal fits a tree
    clock.py       when each part of the board stops being held by the body
    endgame/       searching every future fruit when few cells are free
    survival.py    staying alive, and getting back into order, with a body in no order
    grid.py        cells as flat indices, the one encoding of this package
    slices.py      a search spread over slices of work
"""
from hamilton.solver import HamiltonSolver

__all__ = ["HamiltonSolver"]
