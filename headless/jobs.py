"""--jobs N: the games played in N worker processes of this machine, their records in game order.

The workers get a few games per message and send back each game's record; only a few
batches are handed out ahead, so a stopped pool never waits on a full queue of games.
"""
import collections
import multiprocessing
import signal

from headless.games import play_game


BATCHES_PER_JOB = 8  # games go to each worker in about this many batches: few messages, even load ...
BATCH_MAX = 20  # ... of at most this many games, so progress keeps moving
AHEAD_PER_JOB = 2  # batches handed out per worker before waiting for the oldest: none idles


def _process_context():
    """Fork where there is fork: workers start at once and see the parent's registry of autopilots."""
    if "fork" in multiprocessing.get_all_start_methods():
        return multiprocessing.get_context("fork")
    return multiprocessing.get_context()


def _play_batch(specs):
    """Play a few games in one message to a worker: tiny games would be all messages otherwise."""
    return [play_game(spec) for spec in specs]


def play_all(specs, jobs=1):
    """Yield the record of every game in `specs`, in order: here, or in `jobs` worker processes.

    Closing the generator (Ctrl-C, a broken rule) stops the workers at once. Only a few
    batches are handed out ahead, so a stopped pool never waits on a full queue of games.
    """
    if jobs <= 1 or len(specs) <= 1:
        for spec in specs:
            yield play_game(spec)
        return
    jobs = min(jobs, len(specs))
    size = max(1, min(len(specs) // (jobs * BATCHES_PER_JOB), BATCH_MAX))
    # Workers are born ignoring Ctrl-C: the main process alone stops them and reports, so
    # the terminal shows no tracebacks from workers.
    previous = signal.signal(signal.SIGINT, signal.SIG_IGN)
    try:
        pool = _process_context().Pool(jobs)
    finally:
        signal.signal(signal.SIGINT, previous)
    try:
        pending = collections.deque()
        for start in range(0, len(specs), size):
            pending.append(pool.apply_async(_play_batch, (specs[start:start + size],)))
            if len(pending) >= AHEAD_PER_JOB * jobs:
                yield from pending.popleft().get()
        while pending:
            yield from pending.popleft().get()
    finally:
        pool.terminate()
        pool.join()
