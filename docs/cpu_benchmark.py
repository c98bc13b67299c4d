"""Measure the window's CPU use and how fast it answers a key: the real program in Xvfb.

    .venv/bin/python -m docs.cpu_benchmark [--seconds 25] [--warmup 3] [--speed S] [--keys N]
                                           [--solver NAME] [--cycle]

Starts `Xvfb` (Debian: apt-get install xvfb) on a display number it picks itself and runs
`main.py` there with the shipped config.json (the autopilot on, 0.3 s per move; --speed
changes only the seconds per move, --solver the autopilot). --cycle presses C as the window
comes up, so the Hamiltonian cycle is drawn and kept up to date (it needs xdotool; the
autopilot is hamilton unless --solver says otherwise). After --warmup seconds of start-up it reads the
process's CPU time (user + system, from /proc, so Linux only) over --seconds and prints it
as a percentage of one core; Xvfb's own work is not counted, it stands in for the desktop.
With `xdotool` installed it then presses P --keys times and prints how long the caption
took to change (this includes xdotool's own start-up, so it is an upper bound).
Best scores go to a throwaway folder, never to the user's.
"""
import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time

import config as configuration
import solvers
from tests.xvfb import WAIT, start_server, stop_server, window_env, xdotool

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def cpu_seconds(pid):
    """User + system CPU time of process `pid` so far, from /proc/<pid>/stat."""
    with open(f"/proc/{pid}/stat") as f:
        fields = f.read().rsplit(")", 1)[1].split()  # after the command name, which may hold spaces
    utime, stime = int(fields[11]), int(fields[12])  # fields 14 and 15 of proc(5)
    return (utime + stime) / os.sysconf("SC_CLK_TCK")


def until(predicate):
    """Poll `predicate` until it is true or WAIT seconds pass; return its last value."""
    deadline = time.monotonic() + WAIT
    value = predicate()
    while not value and time.monotonic() < deadline:
        value = predicate()
    return value


def key_latencies(env, pid, presses):
    """Press P `presses` times; the seconds until the caption showed each press."""
    window = until(lambda: xdotool(env, "search", "--pid", str(pid)).split("\n")[0])
    caption = lambda: xdotool(env, "getwindowname", window)  # noqa: E731
    seen = []
    for _ in range(presses):
        paused = "paused" in caption()
        start = time.monotonic()
        xdotool(env, "key", "--window", window, "p")
        if until(lambda was=paused: ("paused" in caption()) != was):
            seen.append(time.monotonic() - start)
    return seen


def press_c(env, pid):
    """Press C in the window of process `pid`, once it is up: the cycle is drawn from then on."""
    window = until(lambda: xdotool(env, "search", "--pid", str(pid)).split("\n")[0])
    if not window:
        sys.exit("cpu_benchmark: the window did not come up")
    xdotool(env, "key", "--window", window, "c")


def measure(args, config_path, data):
    """Run main.py under Xvfb; return (CPU percent, seconds measured, key latencies)."""
    server, display = start_server("1024x768x24")
    if server is None:
        sys.exit("cpu_benchmark: Xvfb did not start")
    env = window_env(display, XDG_DATA_HOME=data)
    game = subprocess.Popen([sys.executable, os.path.join(ROOT, "main.py"), "--config", config_path],
                            env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    try:
        if args.cycle:
            press_c(env, game.pid)
        time.sleep(args.warmup)
        if game.poll() is not None:
            sys.exit(f"cpu_benchmark: main.py exited early with code {game.returncode}: {game.stderr.read()}")
        wall, cpu = time.monotonic(), cpu_seconds(game.pid)
        time.sleep(args.seconds)
        cpu = cpu_seconds(game.pid) - cpu
        wall = time.monotonic() - wall
        keys = key_latencies(env, game.pid, args.keys) if args.keys and shutil.which("xdotool") else []
    finally:
        game.terminate()
        game.wait(WAIT)
        stop_server(server)
    return 100 * cpu / wall, wall, keys


def parse(argv):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=25, help="measured seconds (default 25)")
    parser.add_argument("--warmup", type=float, default=3, help="seconds of start-up left out (default 3)")
    parser.add_argument("--speed", type=float, help="seconds per move (default: the shipped config's)")
    parser.add_argument("--keys", type=int, default=10, help="P presses to time afterwards (default 10)")
    parser.add_argument("--solver", choices=solvers.names(), help="the autopilot (default: the config's; "
                        "hamilton with --cycle)")
    parser.add_argument("--cycle", action="store_true", help="press C: the Hamiltonian cycle drawn (needs xdotool)")
    return parser.parse_args(argv)


def main(argv=None):
    args = parse(argv)
    if args.cycle and not shutil.which("xdotool"):
        sys.exit("cpu_benchmark: --cycle presses C with xdotool, which is not installed")
    config = configuration.load(configuration.default_path())
    if args.speed is not None:
        config["speed"] = args.speed
    config["solver"] = args.solver or ("hamilton" if args.cycle else config["solver"])
    with tempfile.TemporaryDirectory() as data:
        config_path = os.path.join(data, "config.json")
        with open(config_path, "w") as f:
            json.dump(config, f)
        percent, wall, keys = measure(args, config_path, data)
    print(f"CPU: {percent:.2f}% of one core over {wall:.1f} s under Xvfb "
          f"({config['speed']:g} s/move, autopilot {'on' if config['auto'] else 'off'}: {config['solver']}"
          f"{', the cycle drawn' if args.cycle else ''})")
    if keys:
        keys.sort()
        print(f"keys: P answered in {1000 * keys[len(keys) // 2]:.0f} ms median, "
              f"{1000 * keys[-1]:.0f} ms worst of {len(keys)} (xdotool's start-up included)")


if __name__ == "__main__":
    main()
