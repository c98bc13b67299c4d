"""Every solver by name: the built-in ones, and the table that finds them. No pygame here.

A solver (solver.py's `Solver` says what one is) is named on the command line, in the
config and by Tab with one word. A built-in's word is its name; each names the module and
class that hold it, imported only when first played:

    name       module:class                      what it is
    greedy     solver:GreedySolver               the report's greedy, improved (solver.py)
    hamilton   hamilton:HamiltonSolver           never loses (hamilton/)

The names live here, apart from the classes, so that the config can check a "solver" key
without importing any solver.
"""
import importlib

BUILT_IN = {  # name -> "module:Class", in the order Tab goes through them
    "greedy": "solver:GreedySolver",
    "hamilton": "hamilton:HamiltonSolver",
}


def names():
    """The built-in solvers' names, in Tab's order."""
    return tuple(BUILT_IN)


def find(name):
    """The class of the solver called `name`."""
    module, _, cls = BUILT_IN[name].partition(":")
    return getattr(importlib.import_module(module), cls)


def make(name, game):
    """The solver called `name`, playing `game`."""
    return find(name)(game)
