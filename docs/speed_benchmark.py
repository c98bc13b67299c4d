"""Time hamilton's whole games against twanvl/snake's cell-variant agent, and its slow moves on big boards.

    .venv/bin/python -m docs.speed_benchmark [--twanvl PATH] [--games N] [--rounds R] [--big]

30x30 from length 2, whole games on one core each, the two commands in turn, R rounds:

    ours     main.py --headless --solver hamilton --width 30 --height 30 --initial-length 2 \\
                 --games N --seed 1 --jobs 1
    twanvl   PATH cell-variant -n N -s 30 --seed 1 -j 1

PATH is twanvl/snake's `snake` binary (github.com/twanvl/snake, MIT, built with cmake in
Release mode); without --twanvl, ours alone. Each command is timed whole, from start to exit, the rules
and the process's start included: its CPU seconds (the machine is shared, and a process
waiting for a core does not count them) and its wall-clock seconds. A game's time is the
command's divided by its games; a move's, divided by the moves all its games took. The
median round is printed. The two play different games (their own rules and random fruits),
so it is a game's time and a move's that compare, not a seed's.

With --big it also plays the first moves of one game on 80x60 (20,000 moves) and 160x120
(5,000), as docs/measurements.md's table of the cost of a move does, and prints the
runner's own time a move: mean, 99th percentile and slowest.

It prints the machine and the load average before and after, then the tables.
"""
import argparse
import json
import os
import platform
import re
import resource
import statistics
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
BIG = [(80, 60, 20000), (160, 120, 5000)]  # width, height, moves played


def parse(argv):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--twanvl", help="twanvl/snake's binary (github.com/twanvl/snake, built with cmake)")
    parser.add_argument("--games", type=int, default=2, help="games a command plays (default 2)")
    parser.add_argument("--rounds", type=int, default=3, help="times each command runs (default 3)")
    parser.add_argument("--big", action="store_true", help="also time the moves of 80x60 and 160x120")
    return parser.parse_args(argv)


def run(command):
    """(CPU seconds, wall seconds, stdout) of `command`, run to its end."""
    before, begun = resource.getrusage(resource.RUSAGE_CHILDREN), time.perf_counter()
    done = subprocess.run(command, capture_output=True, text=True, cwd=ROOT)
    wall, after = time.perf_counter() - begun, resource.getrusage(resource.RUSAGE_CHILDREN)
    if done.returncode != 0:
        raise SystemExit(f"{' '.join(command)} failed: {(done.stderr.strip().splitlines() or ['?'])[-1]}")
    return after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime, wall, done.stdout


def ours(games, width=30, height=30, length=2, moves=None):
    """(CPU seconds, wall seconds, games, moves, the runner's figures) of hamilton's games."""
    command = [sys.executable, os.path.join(ROOT, "main.py"), "--headless", "--solver", "hamilton",
               "--width", str(width), "--height", str(height), "--initial-length", str(length),
               "--games", str(games), "--seed", "1", "--jobs", "1"]
    if moves is not None:
        command += ["--max-steps", str(moves)]
    cpu, wall, out = run(command)
    figures = json.loads(out.strip().splitlines()[-1])
    if moves is None and figures["wins"] != games:
        raise SystemExit(f"hamilton won {figures['wins']} of {games} games")
    return cpu, wall, games, figures["moves"], figures


def twanvl(binary, games):
    """(CPU seconds, wall seconds, games, moves) of twanvl's cell-variant games on 30x30."""
    cpu, wall, out = run([binary, "cell-variant", "-n", str(games), "-s", "30", "--seed", "1", "-j", "1"])
    means = re.findall(r"turns: mean ([0-9.]+)", out)
    if not means:
        raise SystemExit(f"no 'turns: mean' in what {binary} printed")
    return cpu, wall, games, round(float(means[-1]) * games)


def machine():
    """One line: the processor, its cores, the Python."""
    model = "?"
    try:
        with open("/proc/cpuinfo") as f:
            model = next((line.split(":", 1)[1].strip() for line in f if line.startswith("model name")), model)
    except OSError:
        pass
    return (f"{platform.machine()}, {model}, {os.cpu_count()} cores; "
            f"{platform.python_implementation()} {platform.python_version()}")


def median_row(name, timings):
    """A table row of the median round: a game's and a move's CPU time, a game's wall time."""
    per_game = statistics.median(cpu / games for cpu, _, games, _ in timings)
    per_move = statistics.median(cpu / moves for cpu, _, _, moves in timings)
    wall = statistics.median(wall / games for _, wall, games, _ in timings)
    moves = statistics.median(moves / games for _, _, games, moves in timings)
    return per_game, f"| {name} | {moves:,.0f} | {per_move * 1e6:.1f} µs | {per_game:.2f} s | {wall:.2f} s |"


def main(argv=None):
    args = parse(sys.argv[1:] if argv is None else argv)
    print(f"{time.strftime('%Y-%m-%d %H:%M %Z')}; {machine()}")
    print(f"load average before: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    mine, theirs = [], []
    for _ in range(args.rounds):
        mine.append(ours(args.games)[:4])
        if args.twanvl:
            theirs.append(twanvl(args.twanvl, args.games))
    print()
    print(f"30x30 from length 2, {args.games} games a command, median of {args.rounds} rounds:")
    print()
    print("| program | moves a game | CPU a move | CPU a game | wall clock a game |")
    print("| --- | --- | --- | --- | --- |")
    our_game, row = median_row("hamilton (this project, Python)", mine)
    print(row)
    if theirs:
        their_game, row = median_row("twanvl/snake cell-variant (C++)", theirs)
        print(row)
        print()
        print(f"hamilton takes {our_game / their_game:.2f} times as long a game as twanvl's cell-variant.")
    if args.big:
        print()
        print("| board (start length) | moves | ms a move: mean / p99 / slowest |")
        print("| --- | --- | --- |")
        for width, height, moves in BIG:
            figures = ours(1, width, height, 3, moves)[4]
            print(f"| {width}x{height} (3) | the first {moves:,} | {figures['move_ms_mean']:.3f} / "
                  f"{figures['move_ms_p99']:.2f} / {figures['move_ms_max']:.1f} |")
    print()
    print(f"load average after: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")


if __name__ == "__main__":
    main()
