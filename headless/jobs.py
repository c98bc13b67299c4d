"""--jobs N: the games played in N worker processes of this machine, their records in game order.

Each worker is a process with a pipe of its own. The main thread hands a worker one batch
of games, reads back their records and hands it the next; it alone reads and writes the
pipes, so there is no helper thread and no lock that two processes share:

    main thread --batch k-->   worker 1 --records of batch k-->   main thread
                --batch k+1--> worker 2 --records of batch k+1--> (kept until their turn)

Stopping (Ctrl-C, a broken rule) is then only: kill the workers, join them, close the
pipes. multiprocessing.Pool is not used because its terminate() can hang for ever: it kills
a worker that may be half way through writing a result, holding the lock of the result
queue all workers share, and the pool's task-handler thread then waits on that lock when it
writes its own end-of-work marker (CPython gh-96995). Ctrl-C is held back (blocked, not
ignored) while the workers start, so one pressed then stops the run as soon as they have.
"""
import contextlib
import multiprocessing
import multiprocessing.connection
import signal
import threading

from headless.games import batches, play_batch, play_game

AHEAD_PER_JOB = 2  # batches out per worker, counted from the oldest unfinished: none idles, little is kept


class WorkerLost(Exception):
    """A worker process ended without sending back its batch (killed, out of memory)."""


def _process_context():
    """Fork where there is fork: workers start at once and see the parent's registry of solvers."""
    if "fork" in multiprocessing.get_all_start_methods():
        return multiprocessing.get_context("fork")
    return multiprocessing.get_context()


@contextlib.contextmanager
def ctrl_c_held():
    """Hold Ctrl-C back while workers or threads start: one pressed meanwhile arrives when the
    block ends, and what started keeps it blocked (a forked worker until it ignores it, a
    thread for good), so Ctrl-C always reaches this thread, the one that stops the run.

    Two locks, because a signal has two halves. The system's: SIGINT is blocked in this thread
    (pthread_sigmask), so a forked worker is born with it blocked. Python's: another thread
    that does not block it (a progress bar's, a cluster client's) may still be handed the
    signal, and Python then runs its handler here, in the main thread, at once; so, in the
    main thread, the handler only notes it, and it is raised again when the block ends.

    Blocked, not ignored: an ignored SIGINT would be lost and the run would go on. Where
    signals cannot be blocked (Windows), it is ignored instead."""
    if not hasattr(signal, "pthread_sigmask"):
        previous = signal.signal(signal.SIGINT, signal.SIG_IGN)
        try:
            yield
        finally:
            signal.signal(signal.SIGINT, previous)
        return
    noted = []
    in_main = threading.current_thread() is threading.main_thread()  # only it may set handlers
    handler = signal.signal(signal.SIGINT, lambda number, frame: noted.append(number)) if in_main else None
    mask = signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
    try:
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, mask)  # one the system held back comes now: noted too
        if in_main:
            signal.signal(signal.SIGINT, signal.SIG_DFL if handler is None else handler)
        if noted:
            signal.raise_signal(signal.SIGINT)  # the handler of before takes it, as if it came now


def _serve(conn):
    """A worker: play each batch the pipe brings and send back (True, records) or (False, error).

    It ignores Ctrl-C (the main process alone stops the run and reports) and stops at the
    end of the pipe."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    if hasattr(signal, "pthread_sigmask"):
        signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})  # ignored from now on
    while True:
        try:
            specs = conn.recv()
        except EOFError:
            return
        try:
            reply = (True, play_batch(specs))
        except Exception as e:  # sent back, raised in the main process in its turn
            reply = (False, e)
        try:
            conn.send(reply)
        except Exception as e:  # an error that does not pickle: its text
            conn.send((False, RuntimeError(f"{type(reply[1]).__name__}: {reply[1]} ({e})")))


class _Worker:
    """One worker process, its end of the pipe and the batch it is playing (None when idle)."""

    def __init__(self, context):
        self.conn, theirs = context.Pipe()
        self.process = context.Process(target=_serve, args=(theirs,), daemon=True)
        self.process.start()
        theirs.close()  # its copy lives in the worker: the pipe ends when the worker does
        self.batch = None

    def give(self, number, specs):
        self.batch = number
        self.conn.send(specs)


def _stop(workers):
    """Kill every worker, then wait for each and close its pipe: nothing here can wait on a
    worker. A Ctrl-C meanwhile (pressed again as the run stops, or the second of two that
    came close together) is held back until every worker is stopped, then raised as usual."""
    with ctrl_c_held():
        for worker in workers:
            if worker.process.is_alive():
                worker.process.kill()
        for worker in workers:
            worker.process.join()
            worker.conn.close()


def play_all(specs, jobs=1, report=None):
    """Yield the record of every game in `specs`, in order: here, or in `jobs` worker processes.
    A game played here calls `report(game)` now and then while it goes on (games.play_game).

    Closing the generator (Ctrl-C, a broken rule) kills the workers at once. At most
    AHEAD_PER_JOB batches a worker are out past the oldest unfinished one, so little
    waits in memory for its turn.
    """
    if jobs <= 1 or len(specs) <= 1:
        for spec in specs:
            yield play_game(spec, report)
        return
    jobs = min(jobs, len(specs))
    workers = []
    try:
        with ctrl_c_held():
            workers = [_Worker(_process_context()) for _ in range(jobs)]
        yield from _play_batches(batches(specs, jobs), workers, AHEAD_PER_JOB * jobs)
    finally:
        _stop(workers)


def _play_batches(todo, workers, ahead):
    """Hand the batches `todo` to idle workers, at most `ahead` past the oldest unfinished one,
    and yield their records in order; a batch's error is raised in its turn."""
    done, given, turn = {}, 0, 0
    while turn < len(todo):
        for worker in workers:
            if worker.batch is None and given < min(len(todo), turn + ahead):
                worker.give(given, todo[given])
                given += 1
        _collect(workers, done)
        while turn in done:
            ok, records = done.pop(turn)
            if not ok:
                raise records
            turn += 1
            yield from records


def _collect(workers, done):
    """Wait until busy workers send back their batches and keep those in `done`. A worker
    that ends instead closes its pipe, which raises WorkerLost here."""
    busy = [worker for worker in workers if worker.batch is not None]
    ready = multiprocessing.connection.wait([worker.conn for worker in busy])
    for worker in busy:
        if worker.conn in ready:
            try:
                done[worker.batch] = worker.conn.recv()
            except EOFError:
                worker.process.join(1)
                raise WorkerLost(f"a worker process ended while playing (exit code "
                                 f"{worker.process.exitcode})") from None
            worker.batch = None
