"""A search spread over slices of work: the one way hamilton runs a search a piece at a time.

hamilton's searches are generators that pause (yield) after each slice of their work and
return their answer. So a search bigger than a move's time can be run a few slices a move
while the snake goes on, stopped early when its time is up, or run to its end at once:

    steps = planner.planning(body, fruit)       # nothing searched yet
    search = Sliced(steps)
    search.work(4)                               # up to 4 slices; True once it has answered
    search.work_while(lambda: budget_left())     # slices while the budget lasts
    search.done, search.answer, search.slices    # answered?  the answer  slices run so far
"""


class Sliced:
    """The search `steps` (a generator that yields at each pause and returns its answer), run
    a slice at a time. An exception from the search comes out of `work` as it is."""

    def __init__(self, steps):
        self.steps = steps
        self.done = False  # whether the search has answered
        self.answer = None  # its answer, once done
        self.slices = 0  # the slices run (pauses reached) so far

    def work(self, slices=1):
        """Up to `slices` more slices of the search; whether it has answered."""
        for _ in range(slices):
            if self.done:
                break
            self._slice()
        return self.done

    def work_while(self, more):
        """Slices while `more()` holds and there is no answer yet; whether it has answered."""
        while not self.done and more():
            self._slice()
        return self.done

    def finish(self):
        """The answer, the search run to its end."""
        while not self.done:
            self._slice()
        return self.answer

    def close(self):
        """Stop the search: it lets go of what it holds."""
        self.steps.close()

    def _slice(self):
        try:
            next(self.steps)
            self.slices += 1
        except StopIteration as answer:
            self.done, self.answer = True, answer.value


def finish(steps):
    """The answer of the search `steps`, run to its end at once."""
    return Sliced(steps).finish()


def stopping(steps, stop):
    """The search `steps` as a search of its own that ends early, answering None, at the first
    pause at which `stop()` is true (for `yield from` inside another search)."""
    try:
        while True:
            next(steps)
            if stop():
                steps.close()
                return None
            yield
    except StopIteration as answer:
        return answer.value
