"""A closed body: its free cells in one run from beside the head to beside the tail. No pygame.

The head, that run and the body back from the tail are then a Hamiltonian cycle of the
board:

    3  2  1  H      H the head, 1..8 the body (8 the tail), a b c the free cells
    4  7  8  a
    5  6  c  b      H a b c 8 7 6 5 4 3 2 1 H goes through every cell once

Going round that cycle, the head walks the run and the tail leaves the cells just past its
far end, so the free cells stay one run between head and tail, eating or not. The fruit is
on a free cell, so it is at most F moves on (F free cells), and the body after the meal is
closed again: a closed body is won, by at most F + (F - 1) + ... + 1 more moves.

Any game's window draws that cycle for a body the endgame leads (HamiltonSolver's
hamiltonian_cycle); a game with time between its moves also looks for routes to closed
bodies (timed/closing.py).
"""


def run(space, body, free):
    """The free cells (bits `free`) in one run from beside the head of `body` (packed, as
    `space` packs bodies) to beside its tail, as a list; [] for a full board with the head
    beside the tail; None if the body is not closed."""
    around = space.around
    head, tail = space.cell[body[0]], space.cell[body[-1]]
    if not free:
        return [] if tail in around[head] else None
    if not any(free >> n & 1 for n in around[tail]):
        return None
    path = []

    def walk(cell, left):
        path.append(cell)
        if not left:
            if tail in around[cell]:
                return True
        else:
            for n in around[cell]:
                if left >> n & 1 and walk(n, left ^ (1 << n)):
                    return True
        path.pop()
        return False

    for first in around[head]:
        if free >> first & 1 and walk(first, free ^ (1 << first)):
            return path
    return None


def run_of(space, body):
    """`run` for `body`, a tuple of cells."""
    return run(space, space.pack(body), space.free_of(body))
