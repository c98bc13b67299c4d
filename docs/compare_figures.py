"""Play the same seeded runs on two trees of the game and compare everything they produce.

    .venv/bin/python -m docs.compare_figures [--base REV] [--new DIR] [--only WORD] [--jobs N]

The base is a commit of this repository (checked out into a temporary worktree), the new
tree is this checkout as it is on disk unless --new names another. Each run plays
`main.py --headless` with fixed seeds in both trees, and the two are compared:

    the last JSON line         every figure the base prints but the times (seconds, move_ms_*);
                               a figure only the new tree prints is a new one, not a change
    --save-games folders       every replay file, byte for byte
    --record GIFs              byte for byte
    the window, scripted       debug logs (space), replays (G), the best-scores file and
                               stdout, with a fake clock and scripted keys on the dummy display

A figure that depends on the seed alone must not change when the code is only moved or
renamed; this script says which run differs and where. It prints one line per run and
exits 1 if any differs.
"""
import argparse
import filecmp
import json
import os
import shlex
import subprocess
import sys
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
BASE = "b61121c"  # the last commit before the house was rebuilt (issue 34)
TIMES = ("seconds", "move_ms_mean", "move_ms_p99", "move_ms_max", "move_ms_p99_worst")
SMALL_BOARDS = ",".join(f"{w}x{h}" for w in range(1, 7) for h in range(1, 7) if w * h > 1)
ODD_BOARDS = "3x3,5x5,7x5,9x9,11x7,13x9,5x1,1x6,2x2,2x7,3x8,15x15"

# (name, headless flags, what else to keep: "replays" saves every game, "gif" records the one game)
RUNS = [
    ("greedy 8x8", "--solver greedy --width 8 --height 8 --initial-length 4 --games 60 --seed 1", "replays"),
    ("hamilton 8x8", "--solver hamilton --width 8 --height 8 --initial-length 4 --games 60 --seed 1", "replays"),
    ("greedy 16x12", "--solver greedy --width 16 --height 12 --initial-length 3 --games 12 --seed 1", "replays"),
    ("hamilton 16x12", "--solver hamilton --width 16 --height 12 --initial-length 4 --games 12 --seed 1", ""),
    ("hamilton 20x20", "--solver hamilton --width 20 --height 20 --initial-length 4 --games 2 --seed 1", ""),
    ("greedy 20x20", "--solver greedy --width 20 --height 20 --initial-length 4 --games 1 --seed 2", ""),
    ("hamilton 30x30", "--solver hamilton --width 30 --height 30 --initial-length 2 --games 1 --seed 1", ""),
    ("greedy odd boards soak", f"--solver greedy --boards {ODD_BOARDS} --games 8 --seed 100 --soak", ""),
    ("hamilton odd boards soak", f"--solver hamilton --boards {ODD_BOARDS} --games 8 --seed 100 --soak", ""),
    ("greedy small boards soak", f"--solver greedy --boards {SMALL_BOARDS} --games 6 --seed 7 --soak", ""),
    ("hamilton small boards soak", f"--solver hamilton --boards {SMALL_BOARDS} --games 6 --seed 7 --soak", ""),
    ("hand-overs 6x6", "--takeover-from greedy --solver hamilton --width 6 --height 6 --initial-length 3 "
                       "--games 60 --seed 1", "replays"),
    ("hand-overs 8x8", "--takeover-from greedy --solver hamilton --width 8 --height 8 --initial-length 4 "
                       "--games 40 --seed 1", "replays"),
    ("hand-overs 9x7", "--takeover-from greedy --solver hamilton --width 9 --height 7 --initial-length 4 "
                       "--games 20 --seed 1", ""),
    ("hand-overs 10x10", "--takeover-from greedy --solver hamilton --width 10 --height 10 --initial-length 4 "
                         "--games 30 --seed 1", ""),
    ("hand-overs 16x12 start 3", "--takeover-from greedy --solver hamilton --width 16 --height 12 "
                                 "--initial-length 3 --games 8 --seed 1", "replays"),
    ("hand-overs 16x12 start 3, seeds 9-15", "--takeover-from greedy --solver hamilton --width 16 --height 12 "
                                             "--initial-length 3 --games 7 --seed 9", ""),
    ("hand-overs 16x12 start 4", "--takeover-from greedy --solver hamilton --width 16 --height 12 "
                                 "--initial-length 4 --games 10 --seed 1", ""),
    ("hand-overs 12x12", "--takeover-from greedy --solver hamilton --width 12 --height 12 --initial-length 4 "
                         "--games 23 --seed 1", ""),
    ("hand-over after 500, 10x10", "--takeover-from greedy --takeover-after 500 --solver hamilton --width 10 "
                                   "--height 10 --initial-length 4 --games 30 --seed 1", ""),
    ("hand-over after 150, 6x6", "--takeover-from greedy --takeover-after 150 --solver hamilton --width 6 "
                                 "--height 6 --initial-length 4 --games 60 --seed 1", ""),
    ("hand-over after 300, 8x8", "--takeover-from greedy --takeover-after 300 --solver hamilton --width 8 "
                                 "--height 8 --initial-length 4 --games 40 --seed 1", "replays"),
    ("hand-over after 800, 16x12", "--takeover-from greedy --takeover-after 800 --solver hamilton --width 16 "
                                   "--height 12 --initial-length 4 --games 6 --seed 1", ""),
    ("start fill hamilton 16x12", "--solver hamilton --width 16 --height 12 --start-fill 0.8 --games 10 --seed 1", ""),
    ("start fill greedy 9x9", "--solver greedy --width 9 --height 9 --start-fill 0.5 --games 10 --seed 1", ""),
    ("start fill boards", "--solver hamilton --boards 4x4,7x7,10x6 --start-fill 0.9 --games 10 --seed 5", ""),
    ("max steps", "--solver greedy --width 10 --height 10 --games 10 --max-steps 500 --seed 3", ""),
    ("gif hamilton 10x10", "--solver hamilton --width 10 --height 10 --initial-length 4 --games 1 --seed 1 "
                           "--record-speed 0.04 --record-cell 20", "gif"),
    ("gif greedy 12x9", "--solver greedy --width 12 --height 9 --games 1 --seed 4 --record-every 3", "gif"),
]

# The window, driven by a fake clock: (name, flags, [(seconds, key), ...]). Keys are pygame's K_ names.
WINDOW_RUNS = [
    ("window greedy then Tab", "--width 8 --height 8 --seed 5 --solver greedy",
     [(2.0, "SPACE"), (2.5, "TAB"), (3.0, "SPACE"), (5.0, "o"), (40.0, "g"), (40.1, "SPACE"), (40.2, "q")]),
    ("window hamilton 10x10", "--width 10 --height 10 --seed 9 --solver hamilton --initial-length 4",
     [(1.0, "SPACE"), (1.5, "p"), (2.0, "SPACE"), (2.1, "p"), (60.0, "g"), (60.5, "SPACE"), (61.0, "q")]),
    ("window player", "--width 8 --height 6 --seed 2",
     [(0.05, "RETURN"), (0.1, "s"), (0.2, "d"), (0.3, "SPACE"), (0.5, "w"), (0.6, "a"), (3.0, "g"),
      (3.1, "SPACE"), (3.2, "r"), (3.3, "TAB"), (3.4, "RETURN"), (6.0, "SPACE"), (6.1, "q")]),
]

# Fakes the clock and the keys, then runs main.main: the same moves every time, on any machine.
DRIVER = r'''
import json, os, sys, time
script, argv = json.loads(sys.argv[1]), sys.argv[2:]  # the tree's modules come by PYTHONPATH
now = [0.0]
time.monotonic = lambda: now[0]
def sleep(seconds):
    now[0] += max(seconds, 0.0005)
time.sleep = sleep
import pygame
real_get = pygame.event.get
pending = sorted(script)
def get(*args, **kwargs):
    real_get()
    now[0] += 1e-6  # a loop round takes a little time, as on a real clock
    out = []
    while pending and pending[0][0] <= now[0]:
        out.append(pygame.event.Event(pygame.KEYDOWN, key=getattr(pygame, "K_" + pending.pop(0)[1])))
    return out
pygame.event.get = get
import main
sys.exit(main.main(argv))
'''

WINDOW_CONFIG = {"window-width": 400, "window-height": 300, "block-size": 50, "speed": 0.01, "auto": True}


def worktree(rev, scratch):
    """A checkout of `rev` in a folder of its own (removed by the caller's cleanup)."""
    path = os.path.join(scratch, "tree-base")
    subprocess.run(["git", "-C", ROOT, "worktree", "add", "--detach", "--force", path, rev],
                   check=True, capture_output=True)
    return path


def headless(tree, flags, keep, out):
    """Run one headless command in `tree`, working in folder `out`; its last JSON line, or the error."""
    os.makedirs(out, exist_ok=True)
    extra = []
    if keep == "replays":
        extra = ["--save-games", "replays"]
    elif keep == "gif":
        extra = ["--record", "game.gif"]
    command = [sys.executable, os.path.join(tree, "main.py"), "--headless", "--jobs", "1", *shlex.split(flags), *extra]
    done = subprocess.run(command, cwd=out, capture_output=True, text=True,
                          env=dict(os.environ, XDG_DATA_HOME=os.path.join(out, "data")))
    lines = done.stdout.strip().splitlines()
    if done.returncode != 0 or not lines:
        return {"exit": done.returncode, "stderr": [line.replace(out, "OUT") for line in done.stderr.splitlines()[-1:]]}
    return [_untimed(json.loads(line)) for line in lines]


def window(tree, flags, script, out):
    """Play the window in `tree` with the fake clock and `script`'s keys; its exit code and stdout."""
    os.makedirs(out, exist_ok=True)
    config = os.path.join(out, "config.json")
    with open(config, "w") as f:
        json.dump(WINDOW_CONFIG, f)
    driver = os.path.join(out, "driver.py")
    with open(driver, "w") as f:
        f.write(DRIVER)
    env = dict(os.environ, XDG_DATA_HOME=os.path.join(out, "data"), SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy",
               PYTHONPATH=tree)
    done = subprocess.run([sys.executable, driver, json.dumps(script), "--config", config, *shlex.split(flags)],
                          cwd=out, capture_output=True, text=True, env=env, timeout=600)
    lines = [line.replace(out, "OUT") for line in (done.stdout + done.stderr).splitlines()]
    return {"exit": done.returncode, "lines": lines}


def same_figures(base, new):
    """Whether the new tree's output says what the base's does: every figure of every line the
    base prints, the same (figures the new tree adds do not count)."""
    if isinstance(base, list) and isinstance(new, list) and len(base) == len(new):
        return all(isinstance(b, dict) and isinstance(n, dict) and all(n.get(k, object()) == v for k, v in b.items())
                   for b, n in zip(base, new))
    return base == new


def _untimed(figures):
    return {key: value for key, value in figures.items() if key not in TIMES}


def files_differ(a, b):
    """The files that are not byte for byte the same in folders `a` and `b` (a file in one only counts)."""
    names = set()
    for folder in (a, b):
        for top, _, files in os.walk(folder):
            names.update(os.path.relpath(os.path.join(top, f), folder) for f in files)
    return sorted(n for n in names if n not in ("driver.py", "config.json")
                  and not (os.path.isfile(os.path.join(a, n)) and os.path.isfile(os.path.join(b, n))
                           and filecmp.cmp(os.path.join(a, n), os.path.join(b, n), shallow=False)))


def compare(job, trees, scratch):
    """Run `job` in both trees; (name, None if the same, else what differs, seconds)."""
    kind, name, flags, extra = job
    started = time.perf_counter()
    outs = [os.path.join(scratch, side, name.replace(" ", "_").replace(",", "")) for side in ("base", "new")]
    if kind == "headless":
        results = [headless(tree, flags, extra, out) for tree, out in zip(trees, outs)]
    else:
        results = [window(tree, flags, extra, out) for tree, out in zip(trees, outs)]
    problems = []
    if not same_figures(*results):
        problems.append(f"output: base {json.dumps(results[0])[:300]} | new {json.dumps(results[1])[:300]}")
    differ = files_differ(*outs)
    if differ:
        problems.append(f"files differ: {', '.join(differ[:5])}")
    if isinstance(results[0], dict) and results[0].get("exit") not in (0, None) and kind == "headless":
        problems.append(f"base failed: {results[0]}")
    return name, "; ".join(problems) or None, time.perf_counter() - started


def load_runs(scratch, base_tree):
    """--load runs from the debug logs the base tree's window wrote (the same log for both trees)."""
    logs = []
    folder = os.path.join(scratch, "base")
    for top, _, files in os.walk(folder):
        logs += [os.path.join(top, f) for f in files if f.startswith("output_") and f.endswith(".log")]
    jobs = []
    for n, log in enumerate(sorted(logs)):
        for solver in ("hamilton", "greedy"):
            jobs.append(("headless", f"load {n} {solver}", f"--load {shlex.quote(log)} --solver {solver}", ""))
        jobs.append(("headless", f"load {n} games", f"--load {shlex.quote(log)} --solver hamilton --games 5 --seed 3",
                     ""))
    return jobs


def report(name, problem, seconds):
    """Print one run's line; whether it differs."""
    said = f": {problem}" if problem else ""
    print(f"{'DIFFERS' if problem else 'same':8} {name} ({seconds:.0f} s){said}", flush=True)
    return problem is not None


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--base", default=BASE, help=f"the commit to compare with (default {BASE})")
    parser.add_argument("--new", default=ROOT, help="the tree to compare (default: this checkout)")
    parser.add_argument("--only", help="only the runs whose name holds this word")
    parser.add_argument("--jobs", type=int, default=2, help="runs at once (default 2)")
    args = parser.parse_args(argv)
    scratch = tempfile.mkdtemp(prefix="compare-")
    base = worktree(args.base, scratch)
    trees = (base, os.path.abspath(args.new))
    jobs = [("window", name, flags, script) for name, flags, script in WINDOW_RUNS]
    jobs += [("headless", name, flags, extra) for name, flags, extra in RUNS]
    if args.only:
        jobs = [job for job in jobs if args.only in job[1]]
    failed = 0
    try:
        with ThreadPoolExecutor(args.jobs) as pool:
            windows = [job for job in jobs if job[0] == "window"]
            for result in pool.map(lambda job: compare(job, trees, scratch), windows):
                failed += report(*result)
            rest = [job for job in jobs if job[0] != "window"] + load_runs(scratch, base)
            if args.only:
                rest = [job for job in rest if args.only in job[1]]
            for result in pool.map(lambda job: compare(job, trees, scratch), rest):
                failed += report(*result)
    finally:
        subprocess.run(["git", "-C", ROOT, "worktree", "remove", "--force", base], capture_output=True)
    print(f"{'all the same' if not failed else f'{failed} runs differ'}; the outputs are in {scratch}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
