"""Time the same headless run on a local Dask cluster and with --jobs 2, and print the ratio.

    .venv/bin/python -m docs.cluster_speed [--runs N] [--games G] [--width W] [--height H] [--solvers A,B]

It starts a scheduler and two one-thread workers (`dask scheduler`, `dask worker
--nworkers 2 --nthreads 1`) in an empty temporary folder, as docs/cluster.md shows, waits
for both workers, then times whole commands, from start to exit, as a user waits for
them:

    main.py --headless --width 16 --height 12 --games 40 --seed 1 --solver S --jobs 2
    main.py --headless --width 16 --height 12 --games 40 --seed 1 --solver S --cluster ADDRESS

The first --cluster run after the workers start is timed apart (the workers then compile
the shipped code); then the two commands alternate --runs times and the medians are
compared. The figures of both are checked to be equal but for the times. The load
average is printed too: other programs on the machine change every time here.
"""
import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
TIMES = ("seconds", "move_ms_mean", "move_ms_p99", "move_ms_max")


def parse(argv):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3, help="timed runs of each command (default 3)")
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--width", type=int, default=16)
    parser.add_argument("--height", type=int, default=12)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--solvers", default="greedy,hamilton", help="autopilots to time (default greedy,hamilton)")
    return parser.parse_args(argv)


def start_cluster(folder):
    """(scheduler address, processes): a scheduler and two one-thread workers, both joined."""
    dask = os.path.join(os.path.dirname(sys.executable), "dask")
    where = os.path.join(folder, "scheduler.json")
    log = open(os.path.join(folder, "cluster.log"), "ab")  # noqa: SIM115  (the processes write it)
    processes = [subprocess.Popen([dask, "scheduler", "--host", "127.0.0.1", "--port", "0", "--no-dashboard",
                                   "--scheduler-file", where], cwd=folder, stdout=log, stderr=log)]
    while not os.path.exists(where):
        time.sleep(0.1)
    time.sleep(0.2)  # the file is written whole soon after it appears
    with open(where) as f:
        address = json.load(f)["address"]
    processes.append(subprocess.Popen([dask, "worker", address, "--nworkers", "2", "--nthreads", "1",
                                       "--no-dashboard", "--memory-limit", "0"], cwd=folder, stdout=log, stderr=log))
    from distributed import Client
    with Client(address, timeout=30) as client:
        client.wait_for_workers(2, timeout=60)
    return address, processes


def timed(flags, folder):
    """(seconds from start to exit, the figures) of one headless command."""
    begun = time.perf_counter()
    done = subprocess.run([sys.executable, os.path.join(ROOT, "main.py"), "--headless", *flags],
                          capture_output=True, text=True, cwd=folder)
    seconds = time.perf_counter() - begun
    if done.returncode != 0:
        raise SystemExit(f"{' '.join(flags)} failed: {done.stderr.strip().splitlines()[-1]}")
    return seconds, json.loads(done.stdout.strip().splitlines()[-1])


def main(argv=None):
    args = parse(sys.argv[1:] if argv is None else argv)
    with tempfile.TemporaryDirectory() as folder:
        address, processes = start_cluster(folder)
        try:
            print(f"load average before: {os.getloadavg()[0]:.2f}; cluster at {address}")
            for solver in args.solvers.split(","):
                flags = ["--width", str(args.width), "--height", str(args.height), "--games", str(args.games),
                         "--seed", str(args.seed), "--solver", solver]
                first, _ = timed(flags + ["--cluster", address], folder)
                jobs, cluster = [], []
                for _ in range(args.runs):
                    seconds, by_jobs = timed(flags + ["--jobs", "2"], folder)
                    jobs.append(seconds)
                    seconds, by_cluster = timed(flags + ["--cluster", address], folder)
                    cluster.append(seconds)
                    same = {k: v for k, v in by_jobs.items() if k not in TIMES} == \
                        {k: v for k, v in by_cluster.items() if k not in TIMES}
                    if not same:
                        raise SystemExit(f"{solver}: the cluster's figures differ from --jobs 2's")
                a, b = statistics.median(jobs), statistics.median(cluster)
                print(f"{solver} {args.width}x{args.height}, {args.games} games: --jobs 2 {a:.2f} s, "
                      f"--cluster {b:.2f} s (first run after the workers started: {first:.2f} s): {b / a:.2f} x  "
                      f"[runs: jobs {', '.join(f'{s:.2f}' for s in jobs)}; cluster "
                      f"{', '.join(f'{s:.2f}' for s in cluster)}]", flush=True)
            print(f"load average after: {os.getloadavg()[0]:.2f}")
        finally:
            for process in processes:
                process.terminate()
            for process in processes:
                process.wait()


if __name__ == "__main__":
    main()
