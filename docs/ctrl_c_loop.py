"""Press Ctrl-C on `--jobs 2` runs at random moments, many times, and count the runs that hang.

    .venv/bin/python -m docs.ctrl_c_loop [--runs N] [--python PY] [--main PATH] [--busy K]

Each run is `main.py --headless --games 100000 --boards 4x4,5x5 --jobs 2` in a session of
its own. Once it shows its first progress line (a game has finished), a random wait of 0 to
--within seconds, then SIGINT goes to its whole process group, as a terminal sends Ctrl-C.
With --from-start the wait counts from the start instead, so the Ctrl-C may also come while
Python imports or while the workers start. A run that has not ended --timeout seconds later
hangs: its threads' stacks are shown if py-spy is installed, then it is killed. Meanwhile K
processes (--busy, default 1) keep cores busy, as another CI job would.

It prints one line per hang and a closing summary: runs, hangs, the exit codes seen (130:
the runner stopped and printed the figures; 1 or -2: Ctrl-C came while Python was still
importing, before the runner began) and the slowest end. It exits 1 if any run hung.
--main runs another tree's main.py (an older commit, checked out elsewhere) to compare.
"""
import argparse
import os
import random
import shutil
import signal
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
COMMAND = ["--headless", "--games", "100000", "--boards", "4x4,5x5", "--jobs", "2"]


def parse(argv):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=50, help="Ctrl-Cs to send (default 50)")
    parser.add_argument("--python", default=sys.executable, help="the interpreter of the runs (default: this one)")
    parser.add_argument("--main", default=os.path.join(ROOT, "main.py"),
                        help="the main.py to run (default: this tree's)")
    parser.add_argument("--busy", type=int, default=1, help="processes spinning meanwhile (default 1)")
    parser.add_argument("--within", type=float, default=0.5, help="latest moment of the Ctrl-C, in seconds (0.5)")
    parser.add_argument("--from-start", action="store_true", help="count the moment from the start, not from the "
                                                                    "first finished game")
    parser.add_argument("--timeout", type=float, default=20, help="seconds a run may take to end (default 20)")
    parser.add_argument("--seed", type=int, default=None, help="seed of the random moments")
    return parser.parse_args(argv)


def one_run(args, moment, folder):
    """(exit code or None if it hung, seconds from Ctrl-C to the end, what it or py-spy said)."""
    game = subprocess.Popen([args.python, args.main, *COMMAND], cwd=folder, stdout=subprocess.DEVNULL,
                            stderr=subprocess.PIPE, text=True, start_new_session=True)
    if not args.from_start:
        game.stderr.readline()  # "4x4 greedy: 1/100000 games, ...": the workers are playing
    time.sleep(moment)
    os.killpg(game.pid, signal.SIGINT)
    sent = time.monotonic()
    try:
        _, err = game.communicate(timeout=args.timeout)
        return game.returncode, time.monotonic() - sent, err[-300:]
    except subprocess.TimeoutExpired:
        stacks = "(install py-spy to see where it waits)"
        if shutil.which("py-spy"):
            stacks = subprocess.run(["py-spy", "dump", "--pid", str(game.pid)], capture_output=True,
                                    text=True).stdout
        os.killpg(game.pid, signal.SIGKILL)
        game.communicate()
        return None, args.timeout, stacks


def main(argv=None):
    args = parse(sys.argv[1:] if argv is None else argv)
    # A shell without job control starts a command put in the background (`cmd &`) with Ctrl-C
    # ignored, and the runs would inherit that: Python never raises KeyboardInterrupt in a
    # process started so, and every run would "hang". Handled here, SIGINT is back to its
    # default in each run, as in a terminal.
    signal.signal(signal.SIGINT, signal.default_int_handler)
    chance = random.Random(args.seed)
    spinners = [subprocess.Popen([sys.executable, "-c", "while True: pass"]) for _ in range(args.busy)]
    codes, hangs, slowest = {}, 0, 0.0
    try:
        with tempfile.TemporaryDirectory() as folder:
            for run in range(1, args.runs + 1):
                moment = chance.uniform(0, args.within)
                code, seconds, err = one_run(args, moment, folder)
                slowest = max(slowest, seconds)
                if code is None:
                    hangs += 1
                    print(f"run {run}: Ctrl-C at {moment:.3f} s: no end after {args.timeout:g} s\n{err}", flush=True)
                    continue
                codes[code] = codes.get(code, 0) + 1
    finally:
        for spinner in spinners:
            spinner.kill()
            spinner.wait()
    seen = ", ".join(f"{code}: {count}" for code, count in sorted(codes.items()))
    version = subprocess.run([args.python, "-c", "import platform; print(platform.python_version())"],
                             capture_output=True, text=True).stdout.strip()
    when = "from the start" if args.from_start else "after the first finished game"
    print(f"{args.runs} Ctrl-Cs (0-{args.within:g} s {when}) on Python {version} with {args.busy} busy process(es): "
          f"{hangs} hung; exit codes {seen}; slowest end {slowest:.2f} s after Ctrl-C")
    return 1 if hangs else 0


if __name__ == "__main__":
    sys.exit(main())
