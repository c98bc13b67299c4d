"""The positions near the end: bodies packed small, their moves, and the answers remembered. No pygame.

Cells are flat (grid.py). A body is asked about as a tuple, head first, and searched as
bytes, or as a str on boards of more than 256 cells: either is far cheaper to copy and hash
than a tuple, and holds no object the garbage collector must walk. Between two meals the
snake moves without growing, so a position is its body alone, with its few free cells
carried beside it as the bits of an int:

    body  b0 b1 b2 ... bn (head first)      a move to a free cell c:  c b0 b1 ... b(n-1)
    free  bits of the cells not in it        free cells: c out, bn in

Answers are remembered across proofs: a (body, fruit) proven won keeps its route (`known`)
or only the verdict (`won_keys`, from the search over forks); one proven not won is kept in
`no`, up to the ledger's `remember` at a time.
"""


class Space:
    """The bodies of a `grid`, and what is known of them; `ledger` accounts for what they hold."""

    def __init__(self, grid, ledger):
        self.grid, self.ledger = grid, ledger
        self._packing(grid.size)
        self.cells = frozenset(range(grid.size))
        self.around = [[n for n in ns if n >= 0] for ns in grid.neighbours]  # each cell's neighbours on the board
        self.known = {}  # (body, fruit) -> the winning route (cells, packed as a body is)
        self.won_keys = {}  # (body, fruit) proven won by a search over forks (no route kept)
        self.no = {}  # (body, fruit) proven not won (a dict, see ledger.spread): at most `remember`

    def _packing(self, size):
        """How bodies are kept. As bytes (a cell a byte) where cells fit in one, else as a str
        (a cell a character, two bytes each up to 65,536 cells): either is several times
        cheaper to copy and hash than a tuple, and a fourth of its memory. `one[c] + body[:-1]`
        moves the head to c either way, and `cell[x]` reads a cell back: a byte is one
        already, a character is looked up in a table (cheaper than a call to `ord` per cell
        read, in the search's innermost loop)."""
        cells = range(size)
        self.pack, self.cell = (bytes, list(cells)) if size <= 256 else (_text, {chr(c): c for c in cells})
        self.one = [self.pack((c,)) for c in cells]
        self.nothing = self.pack(())

    def free_of(self, body):
        """The cells not in `body` (cells, in any order), as the bits of an int."""
        return sum(1 << c for c in self.cells.difference(body))

    def steps(self, now, free, fruit):
        """(the body after eating, or None if the fruit is not beside the head; the moves that
        do not eat, as (body after, its free cells) pairs) for the body `now` with its `free`
        cells (bits). The head may enter a free cell or the tail's; either way the tail's
        cell is free after (as it was, or instead of the one entered). The neck is never
        free, and is the tail only in a body of 2, which cannot turn back into it."""
        cell, one = self.cell, self.one
        tail, rest = cell[now[-1]], now[:-1]
        fed, moves = None, []
        for n in self.around[cell[now[0]]]:
            if n == fruit:
                fed = one[n] + now
            elif n == tail:
                if len(now) > 2:
                    moves.append((one[n] + rest, free))
            elif free >> n & 1:
                moves.append((one[n] + rest, free ^ (1 << n | 1 << tail)))
        return fed, moves

    def one_way_to(self, start, end, firsts, fruit, most):
        """The heads from the body `start` (excluded) to the body `end` (included): one of the
        moves `firsts` from `start` ((body after, its free cells) pairs, as `steps` gives
        them), then the one way on, with no meal and no choice, for at most `most` moves
        more. The searches that keep only bodies with a choice (forks.py, timed/closing.py) read
        their routes back so, from one kept body to the next. `fruit`: the cell a move may
        enter only by eating; a first move that ate goes on with none.

            start --first--> b1 --one way--> b2 --> ... --> end
        """
        cell = self.cell
        for body, free in firsts:
            heads = [cell[body[0]]]
            after = fruit if len(body) == len(start) else -1
            for _ in range(most):
                if body == end:
                    break
                fed, moves = self.steps(body, free, after)
                if fed is not None or len(moves) != 1:
                    break
                body, free = moves[0]
                heads.append(cell[body[0]])
            if body == end:
                return heads
        raise AssertionError("no one way on leads from one kept body to the next")

    def remember_no(self, key):
        """Remember a question proven not won. Proofs ask again about as many questions as
        they answer, but each answer holds a body: past `remember` of them they are let go of
        (freed a slice at a time, held until then) and the remembering starts again."""
        ledger = self.ledger
        if len(self.no) >= ledger.remember:
            ledger.graveyard.append(self.no)
            ledger.held += len(self.no)
            self.no = {}
        self.no[key] = None


def _text(cells):
    """Cells packed as a str, a character each: bodies on boards of more than 256 cells."""
    return "".join(map(chr, cells))



def after_meal(body, route):
    """The body (a tuple of cells, head first) that `route` (cells after the head) leaves
    behind from `body`, its last move eating."""
    return moved_along(body, route, grows=1)


def moved_along(body, route, grows=0):
    """The body (a tuple of cells, head first) after the moves of `route` (cells after the
    head) from `body`, `grows` cells longer for the fruits eaten on the way."""
    return tuple((list(route)[::-1] + list(body))[:len(body) + grows])


def cells_of(bits):
    """The cells whose bits are set, lowest first."""
    cells = []
    while bits:
        low = bits & -bits
        bits ^= low
        cells.append(low.bit_length() - 1)
    return cells

