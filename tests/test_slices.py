"""hamilton/slices.py: a search spread over slices, run a few at a time, stopped, or to its end."""
from hamilton.slices import Sliced, finish, stopping


def counting(pauses, answer="found"):
    """A search that pauses `pauses` times, then answers."""
    for _ in range(pauses):
        yield
    return answer


def test_work_runs_at_most_the_slices_asked_and_keeps_the_answer():
    search = Sliced(counting(5))
    assert not search.work(3) and search.slices == 3 and search.answer is None
    assert search.work(10) and search.slices == 5 and search.answer == "found"
    assert search.work(10) and search.slices == 5  # an answered search does no more


def test_work_while_stops_when_the_budget_is_spent():
    search, budget = Sliced(counting(100)), [4]

    def more():
        budget[0] -= 1
        return budget[0] >= 0
    assert not search.work_while(more) and search.slices == 4


def test_finish_and_stopping():
    assert finish(counting(7, answer=42)) == 42
    polls = []

    def outer():
        return (yield from stopping(counting(50), lambda: polls.append(1) or len(polls) >= 3))
    assert finish(outer()) is None and len(polls) == 3
    assert finish(outer_of(counting(2, answer="whole"))) == "whole"


def outer_of(steps):
    return (yield from stopping(steps, lambda: False))
