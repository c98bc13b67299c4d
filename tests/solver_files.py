"""Solver files for the tests of solvers from outside: written into a test's own folder, as a
user would write them, so that the game finds them by path (FILE.py:CLASS), never by import."""
import textwrap

# One file, many classes: a good solver, and one for every way of breaking the contract.
MINE = textwrap.dedent('''
    import sys
    import time
    from collections import deque

    from snake import DIRECTIONS, step
    from solver import Solver


    class Hugger(Solver):
        """Walks a Hamiltonian cycle of a board with an even height: never loses, slowly."""

        follows_a_cycle = True

        def __init__(self, game):
            super().__init__(game)
            w, h = game.width, game.height
            self.cycle = [(0, y) for y in range(h - 1, -1, -1)]
            for y in range(h):
                xs = range(1, w) if y % 2 == 0 else range(w - 1, 0, -1)
                self.cycle += [(x, y) for x in xs]
            self.after = dict(zip(self.cycle, self.cycle[1:] + self.cycle[:1]))

        def next_direction(self):
            head, nxt = self.game.snake.head(), self.after[self.game.snake.head()]
            return next(d for d in DIRECTIONS if step(head, d) == nxt)

        def planned_path(self):
            return [self.after[self.game.snake.head()]]

        def hamiltonian_cycle(self):
            head = self.game.snake.head()
            i = self.cycle.index(head)
            return self.cycle[i:] + self.cycle[:i]


    class Loud(Hugger):
        def next_direction(self):
            print("thinking out loud")
            return super().next_direction()


    class RaisesOnSeedTwo(Hugger):
        def next_direction(self):
            if self.game.seed == 2 and self.game.steps == 7:
                raise ZeroDivisionError("seven")
            return super().next_direction()


    class Words(Hugger):
        def next_direction(self):
            return "up"


    class Yes(Hugger):
        def next_direction(self):
            return True


    class Whole:
        """A whole number of a type of its own, as NumPy's int64 is: it has __index__ only."""

        def __init__(self, n):
            self.n = n

        def __index__(self):
            return self.n

        def __repr__(self):
            return f"Whole({self.n})"


    class Indexed(Hugger):
        """Answers as a policy's argmax does: a whole number that is not a Python int."""

        def next_direction(self):
            return Whole(int(super().next_direction()))

        def planned_path(self):
            return [(Whole(x), Whole(y)) for x, y in super().planned_path()]


    class Eats(Hugger):
        def next_direction(self):
            self.game.snake.body.append(self.game.snake.tail())
            return super().next_direction()


    class MovesTheFruit(Hugger):
        def next_direction(self):
            self.game.fruit.generate()
            return super().next_direction()


    class Steers(Hugger):
        def next_direction(self):
            d = super().next_direction()
            self.game.snake.turn(d)
            self.game.snake.next()
            return d


    class Turns(Hugger):
        def next_direction(self):
            snake = self.game.snake
            snake.turn(2 if snake.direction() in (0, 1) else 0)  # a quarter turn: never a reversal
            return super().next_direction()


    class Spins(Hugger):
        def next_direction(self):
            if self.game.steps == 3:
                while True:
                    pass
            return super().next_direction()


    class Swallows(Hugger):
        def next_direction(self):
            if self.game.steps == 3:
                while True:
                    try:
                        while True:
                            pass
                    except Exception:
                        pass
            return super().next_direction()


    class Exits(Hugger):
        def next_direction(self):
            sys.exit(3)


    class BadPath(Hugger):
        def planned_path(self):
            return [(-1, 0)]


    class BadInit(Hugger):
        def __init__(self, game):
            raise RuntimeError("no")


    class SlowThinker(Hugger):
        def think(self, deadline, clock):
            time.sleep(deadline - clock() + 3)
            return True


    class SpinningThinker(Hugger):
        def think(self, deadline, clock):
            while True:
                pass


    class Where(Hugger):
        def next_direction(self):
            raise RuntimeError(__file__)


    def not_a_class(game):
        return None


    class NoMove:
        def __init__(self, game):
            pass


    class NoGame:
        def __init__(self):
            pass

        def next_direction(self):
            return 0
''')


def write(folder, name="mine.py", text=MINE):
    """Write a solver file into `folder`; its path."""
    path = folder / name
    path.write_text(text)
    return path
