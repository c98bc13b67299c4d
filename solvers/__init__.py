"""Every solver by name: the built-in ones, and solvers of your own. No pygame here.

A solver (solver.py's `Solver` says what one is; docs/solvers.md is the contract) is named
on the command line, in the config and by Tab with one word, its ref:

    greedy, hamilton, ...     a built-in: its name
    mine.py:Careful           a class in a file (loading.py)
    mysolvers.careful:Careful a class in a module importable from here or PYTHONPATH

A built-in's ref names the module and class that hold it, imported when first played, the
same way a solver from outside is loaded:

    name       module:class                          what it is
    greedy     solver:GreedySolver                   the report's greedy, improved (solver.py)
    hamilton   hamilton:HamiltonSolver               never loses (hamilton/)
    shortest   solvers.baselines:ShortestSolver      the shortest path to the fruit, nothing more
    random     solvers.baselines:RandomSolver        a random move that does not die at once
    rival      versus.rival:RivalSolver              made for versus play: sees the other snake (versus/)

The names live here, apart from the classes, so that the config can check a "solver" key
without importing any solver.

    __init__.py   the names: BUILT_IN, names(), find(), make(), name_of(), memoryless()
    loading.py    a solver from FILE.py:CLASS or MODULE:CLASS, checked; errors as one line
    guard.py      a solver played with every call checked (Guarded): what it may not do
    baselines.py  two simple solvers to measure against
"""
from solvers.loading import SolverError, canonical, is_outside, load_class, split

BUILT_IN = {  # name -> "module:Class", in the order Tab goes through them
    "greedy": "solver:GreedySolver",
    "hamilton": "hamilton:HamiltonSolver",
    "shortest": "solvers.baselines:ShortestSolver",
    "random": "solvers.baselines:RandomSolver",
    "rival": "versus.rival:RivalSolver",
}

__all__ = ["BUILT_IN", "SolverError", "canonical", "check_ref", "find", "is_outside", "make", "memoryless", "name_of",
           "names"]

_found = {}  # "module:Class" or a file's ref -> its class, loaded once a process


def names():
    """The built-in solvers' names, in Tab's order."""
    return tuple(BUILT_IN)


def check_ref(ref):
    """`ref` if it is a built-in's name or has the form of a solver from outside; else SolverError
    (one line, naming the built-ins). Nothing is loaded."""
    if ref in BUILT_IN:
        return ref
    if is_outside(ref):
        split(ref)
        return ref
    raise SolverError(f"no solver {ref!r}: one of {', '.join(names())}, or one of your own as "
                      "FILE.py:CLASS or MODULE:CLASS")


def find(ref):
    """The class of the solver `ref` names (SolverError if it cannot be loaded)."""
    where = BUILT_IN.get(ref, check_ref(ref))
    if where not in _found:
        _found[where] = load_class(where)
    return _found[where]


def memoryless(ref):
    """Whether the solver `ref` names says its move depends on the position alone (its class's
    `memoryless`, optional: a class without it is not)."""
    return bool(getattr(find(ref), "memoryless", False))


def built_in(ref):
    """Whether `ref` names one of the game's own solvers."""
    return ref in BUILT_IN


def name_of(ref):
    """What the solver `ref` is called in figures, replays and best scores: a built-in's name,
    or the class's name for one from outside."""
    return ref if ref in BUILT_IN else split(ref)[1]


def make(ref, game):
    """The solver `ref` names, playing `game` (its calls unchecked: see guard.py for that)."""
    return find(ref)(game)
