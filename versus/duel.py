"""Two snakes on one board: the rules of a duel's tick, how a round ends, and its history.
No pygame here.

A duel is a round of versus play (docs/versus.md). Snake A starts as the single game's
snake does; snake B is A turned half a turn about the board's centre, so neither side has
the better start:

    x = 0 1 2 ...         W-1
        t o H . . . . . . .     row 0:   A, tail (0, 0), head (L-1, 0), heading right
        . . . . . . . . . .
        . . . . . . . H o t     row H-1: B, tail (W-1, H-1), head (W-L, H-1), heading left

One tick, in this order (`Duel.step`):

    1. each snake turns: its solver's move, or its player's next queued key (or straight on)
    2. who eats: a head arriving on the fruit, unless the other head arrives there too and
       is not shorter (lengths before the tick)
    3. both snakes move at once: one that eats keeps its tail, any other tail leaves its cell
       (so the cell a tail leaves is free to either head on this tick)
    4. each snake is judged on the board after both moved, the first cause that holds:
         wall          its head left the board
         own body      its head is on its own body
         swap          the heads traded cells (each entered the other's neck): both lose
         head to head  both heads on one cell: the shorter loses, equal lengths both lose
         other's body  its head is on the other snake's body
    5. the round ends when a snake lost: the other wins, both lost: a draw. Otherwise, after a
       meal, the next fruit goes on a cell free of both bodies, chosen by the round's seed;
       no free cell left ends the round ("full board"); so does no meal for
       STALL_PER_CELL * W * H moves ("stalemate": neither need ever lose). At those two ends
       the longer snake wins and equal lengths draw.

Snakes are numbered 0 (A) and 1 (B) everywhere here; `other(i)` is 1 - i.
"""
import random
from collections import deque

from fruit import Fruit, ListedFruit
from snake import OPPOSITE, Direction, Snake
from versus.mirror import SideMirror

PLAYING, OVER = "playing", "over"
A, B = 0, 1
SIDES = "AB"
STALL_PER_CELL = 4  # moves per cell of the board without a meal before a round is a stalemate
MAX_QUEUED_TURNS = 3  # as game.py: steering keys remembered ahead of the ticks

# Why a snake lost (Duel.causes), and why a round ended with both alive (Duel.ending).
WALL, OWN_BODY, SWAP, HEAD_TO_HEAD, OTHER_BODY = "wall", "own body", "swap", "head to head", "other's body"
STALEMATE, FULL_BOARD = "stalemate", "full board"
CAUSES = (WALL, OWN_BODY, SWAP, HEAD_TO_HEAD, OTHER_BODY)


class DuelError(ValueError):
    """A board on which a duel cannot start, phrased as one line."""


def room_problem(width, height, length):
    """Why a `width` x `height` board cannot hold both starting snakes and a fruit, or None."""
    if length < 1:
        return "the starting length must be at least 1"
    if length > width:
        return f"a snake of length {length} does not fit on a board {width} wide (each starts along a row)"
    if height == 1 and 2 * length > width:
        return f"two snakes of length {length} do not fit on one row of {width} cells"
    if width * height <= 2 * length:
        return f"a {width}x{height} board leaves no free cell for the fruit beside two snakes of length {length}"
    return None


def starting_snakes(width, height, length):
    """Snake A along the top row heading right, and B, A turned half a turn (module picture)."""
    a = Snake.starting(width, height, length)
    b = Snake(width, height, [(width - 1 - x, height - 1 - y) for x, y in a.body], OPPOSITE[a.direction()])
    return a, b


class Duel:
    """A round of two snakes on a `width` x `height` board, each of `initial_length`, and a fruit.

    `fruit_list`, a list of cells, replaces the random fruits (a replay's). History, as
    game.Game keeps it: `fruits` every fruit that appeared, first fruit first; `moves` one
    bytearray per snake, the direction of each tick. Once the round is OVER: `winner` is 0,
    1 or None (a draw), `causes` says why each snake lost (None: it did not), `ending` why
    a round with both alive ended (STALEMATE, FULL_BOARD), and `marks` the cells where it
    happened (a head that left the board is marked on the last cell it held).
    """

    def __init__(self, width, height, initial_length=3, seed=None, fruit_list=None):
        problem = room_problem(width, height, initial_length)
        if problem:
            raise DuelError(problem)
        self.width, self.height, self.initial_length = width, height, initial_length
        self.seed = seed if seed is not None else random.randrange(2 ** 32)
        self.rng = random.Random(self.seed)
        self.snakes = list(starting_snakes(width, height, initial_length))
        if fruit_list is None:
            self.fruit = Fruit(width, height, self.occupied, self.rng)
        else:
            self.fruit = ListedFruit(width, height, self.occupied, fruit_list)
        self.steps = 0
        self.eaten = [0, 0]
        self.since_meal = 0  # moves since either snake last ate
        self.state = PLAYING
        self.winner = None
        self.causes = [None, None]
        self.ending = None
        self.marks = []
        self.turns = (deque(), deque())
        self.moves = (bytearray(), bytearray())
        self.fruits = []
        self.from_start = True
        self.fruits.append(self.fruit.where())

    @property
    def cells(self):
        return self.width * self.height

    @property
    def stall_limit(self):
        """Moves without a meal that make a stalemate."""
        return STALL_PER_CELL * self.cells

    def occupied(self, cell):
        """Whether either snake's body holds `cell` (the fruit goes on a cell free of both)."""
        return cell in self.snakes[0].cells or cell in self.snakes[1].cells

    def over(self):
        return self.state != PLAYING

    def restore(self, snakes, fruit_cell, steps, eaten, since_meal=0):
        """Put the round into a saved moment (a versus debug log): both snakes, the fruit, the
        counts. The moves that led there are unknown. A moment with a head off the board or on a
        body is judged at once, as a tick would judge it."""
        self.snakes = list(snakes)
        self.fruit.occupied = self.occupied
        self.fruit.place(fruit_cell)
        self.steps, self.eaten, self.since_meal = steps, list(eaten), since_meal
        for turns in self.turns:
            turns.clear()
        self.from_start = False
        self.state, self.winner, self.causes, self.ending, self.marks = PLAYING, None, [None, None], None, []
        self._judge(self.snakes[0].head(), self.snakes[1].head(), lengths=[len(s) for s in self.snakes])
        if not self.over() and fruit_cell is None:
            self._end_alive(FULL_BOARD)

    # -- steering -------------------------------------------------------------------------

    def queue_turn(self, side, direc):
        """Remember a steering key of snake `side`, as game.Game.queue_turn does for one snake."""
        direc = Direction(direc)
        turns, snake = self.turns[side], self.snakes[side]
        last = turns[-1] if turns else snake.direction()
        if direc == last or len(turns) >= MAX_QUEUED_TURNS:
            return
        if turns:
            if len(snake) > 1 and direc == OPPOSITE[last]:
                return
        elif snake.is_reversal(direc):
            return
        turns.append(direc)

    def clear_turns(self, side):
        self.turns[side].clear()

    # -- the tick -------------------------------------------------------------------------

    def step(self, directions=(None, None), advances=(None, None)):
        """Play one tick (the module's steps 1-5). `directions`: each snake's move, None for its
        next queued key (or straight on); `advances`: what moves each snake (None: its own
        `next`; the window passes functions that note the cells to repaint). Returns which
        snakes ate, a pair of bools."""
        if self.state != PLAYING:
            return (False, False)
        snakes = self.snakes
        for side in (A, B):  # 1. turn
            direc = directions[side]
            if direc is None and self.turns[side]:
                direc = self.turns[side].popleft()
            if direc is not None:
                snakes[side].turn(direc)
        old_heads = [s.head() for s in snakes]
        new_heads = [s.next_head() for s in snakes]
        lengths = [len(s) for s in snakes]
        ate = self.eaters(new_heads, lengths)  # 2. who eats
        for side in (A, B):  # 3. both move
            if ate[side]:
                snakes[side].eat_fruit()
            (advances[side] or snakes[side].next)()
            self.moves[side].append(snakes[side].direction())
        self.steps += 1
        for side in (A, B):
            if ate[side]:
                self.eaten[side] += 1
        self.since_meal = 0 if any(ate) else self.since_meal + 1
        if self._judge(new_heads[A], new_heads[B], lengths, old_heads):  # 4. judge
            return tuple(ate)
        if any(ate):  # 5. the next fruit, or the end
            cell = self.fruit.generate()
            if cell is None:
                self._end_alive(FULL_BOARD)
            else:
                self.fruits.append(cell)
        elif self.since_meal >= self.stall_limit:
            self._end_alive(STALEMATE)
        return tuple(ate)

    def eaters(self, new_heads, lengths):
        """Step 2: [whether A eats, whether B eats] when the heads go to `new_heads`."""
        fruit = self.fruit.last_generate
        ate = [head == fruit for head in new_heads]
        if all(ate):  # head to head on the fruit: the longer eats, equal lengths neither
            ate = [lengths[A] > lengths[B], lengths[B] > lengths[A]]
        return ate

    def _judge(self, head_a, head_b, lengths, old_heads=None):
        """Step 4: the cause each snake lost by, the first that holds; end the round if any did.
        Returns whether the round ended."""
        snakes = self.snakes
        heads = (head_a, head_b)
        swapped = old_heads is not None and head_a == old_heads[B] and head_b == old_heads[A]
        for side in (A, B):
            snake, other = snakes[side], snakes[1 - side]
            if not snake.on_board(heads[side]):
                cause = WALL
            elif not snake.valid():
                cause = OWN_BODY
            elif swapped:
                cause = SWAP
            elif heads[side] == heads[1 - side]:
                cause = HEAD_TO_HEAD if lengths[side] <= lengths[1 - side] else None
            elif in_body(other, heads[side]):
                cause = OTHER_BODY
            else:
                cause = None
            self.causes[side] = cause
        if self.causes == [None, None]:
            return False
        lost = [cause is not None for cause in self.causes]
        self.state = OVER
        self.winner = None if all(lost) else lost.index(False)
        self.marks = [self.mark_of(side, old_heads) for side in (A, B) if lost[side]]
        self.marks = list(dict.fromkeys(self.marks))
        return True

    def mark_of(self, side, old_heads):
        """The cell where snake `side` lost: its head, or where the head left the board from."""
        snake = self.snakes[side]
        if snake.on_board(snake.head()):
            return snake.head()
        return snake.neck() if snake.neck() is not None else (old_heads[side] if old_heads else snake.head())

    def _end_alive(self, why):
        """A round that ends with both snakes alive: the longer wins, equal lengths draw."""
        a, b = (len(s) for s in self.snakes)
        self.state, self.ending = OVER, why
        self.winner = None if a == b else (A if a > b else B)

    # -- for solvers ----------------------------------------------------------------------

    def side(self, index, sees_other=True):
        """Snake `index`'s view of this duel (Side): what a solver playing it is given."""
        return Side(self, index, sees_other)

    def copy(self):
        """An independent duel in the same state, its fruits drawn from a copy of the generator
        (the soak's look at what each move would have done)."""
        twin = Duel.__new__(Duel)
        twin.__dict__.update(self.__dict__)
        twin.rng = random.Random()
        twin.rng.setstate(self.rng.getstate())
        twin.snakes = [s.copy() for s in self.snakes]
        twin.fruit = Fruit(self.width, self.height, twin.occupied, twin.rng)
        twin.fruit.place(self.fruit.last_generate)
        twin.eaten, twin.causes, twin.marks = list(self.eaten), list(self.causes), list(self.marks)
        twin.turns = (deque(self.turns[0]), deque(self.turns[1]))
        twin.moves = (bytearray(self.moves[0]), bytearray(self.moves[1]))
        twin.fruits = list(self.fruits)
        return twin


def in_body(snake, cell):
    """Whether `cell` lies on `snake`'s body behind its head (a head on another's head is head to head)."""
    if cell not in snake.cells:
        return False
    return cell != snake.head() or list(snake.body).count(cell) > 1


class Side:
    """One snake's view of a duel, as its solver is given it: it quacks like game.Game for that
    snake (`width`, `height`, `snake` its own, `fruit`, `steps`, `seed`, `over()`, ...), and
    adds `other`, the other snake, for a solver that says it plays versus (docs/solvers.md);
    a blind solver's `other` is None. `index` is 0 for snake A, 1 for B."""

    def __init__(self, duel, index, sees_other=True):
        self.duel, self.index, self.sees_other = duel, index, sees_other
        self.rng = random.Random(duel.seed)  # its own: a solver drawing from it places no fruit

    width = property(lambda self: self.duel.width)
    height = property(lambda self: self.duel.height)
    initial_length = property(lambda self: self.duel.initial_length)
    seed = property(lambda self: self.duel.seed)
    cells = property(lambda self: self.duel.cells)
    snake = property(lambda self: self.duel.snakes[self.index])
    other = property(lambda self: self.duel.snakes[1 - self.index] if self.sees_other else None)
    fruit = property(lambda self: self.duel.fruit)
    steps = property(lambda self: self.duel.steps)
    eaten = property(lambda self: self.duel.eaten[self.index])
    moves = property(lambda self: self.duel.moves[self.index])
    turns = property(lambda self: self.duel.turns[self.index])
    fruits = property(lambda self: self.duel.fruits)
    from_start = property(lambda self: self.duel.from_start)

    @property
    def state(self):
        """'playing' while the round goes on; then 'won' for the winner, else 'lost' (a draw too)."""
        duel = self.duel
        if duel.state == PLAYING:
            return PLAYING
        return "won" if duel.winner == self.index else "lost"

    def over(self):
        return self.duel.over()

    def mirror(self):
        """A copy of this view for a solver from outside (solvers/guard.py gives it one)."""
        return SideMirror(self)
