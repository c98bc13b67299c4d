"""Does the window keep its tick? The real loop (App.run) with an autopilot driving.

    .venv/bin/python -m docs.tick_benchmark [--seconds 60] [--width 80] [--height 60]
                                            [--speed 0.01] [--solver hamilton] [--start-fill F]

Runs the window's own loop on SDL's off-screen driver (no display needed), at U's fastest
setting by default, 0.01 s per move, on an 80x60 board (800x600 with 10-pixel cells). With
--start-fill the game starts with the snake already filling that fraction of the board, as
the headless --start-fill lays it. A game that ends is followed by a new one, as in the window.

Prints one JSON line: the ticks played, the ticks due in that time, how many came more
than half a tick late, and the worst delay. A tick that comes late is the autopilot (or
the drawing) taking longer than the time between two moves. Best scores stay in memory.
"""
import argparse
import json
import os
import sys

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
from headless.games import lay_out  # noqa: E402
import config as configuration  # noqa: E402
import pygame  # noqa: E402

from window.start import App  # noqa: E402
from game import Game  # noqa: E402


def parse(argv):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=60)
    parser.add_argument("--width", type=int, default=80)
    parser.add_argument("--height", type=int, default=60)
    parser.add_argument("--block", type=int, default=10, help="pixels per cell")
    parser.add_argument("--speed", type=float, default=0.01, help="seconds per move")
    parser.add_argument("--solver", default="hamilton")
    parser.add_argument("--start-fill", type=float)
    parser.add_argument("--seed", type=int, default=1)
    return parser.parse_args(argv)


def main_(argv=None):
    args = parse(argv)
    try:
        config = configuration.validate({
            "window-width": args.width * args.block, "window-height": args.height * args.block,
            "block-size": args.block, "speed": args.speed, "auto": True, "solver": args.solver,
            "seed": args.seed}, "tick_benchmark")
        if args.start_fill is not None and not (0 <= args.start_fill < 1):
            raise configuration.ConfigError("--start-fill must be at least 0 and below 1")
    except configuration.ConfigError as e:
        sys.exit(f"tick_benchmark: {e}")
    game = Game(args.width, args.height, config["initial-length"], args.seed)
    if args.start_fill is not None:
        lay_out(game, args.start_fill)
    pygame.init()
    app = App(config, game)
    app.hint_until = None  # no hint to draw: only the game
    app.run(max_seconds=args.seconds)
    print(json.dumps({"board": f"{args.width}x{args.height}", "solver": args.solver, "speed": args.speed,
                      "start_fill": args.start_fill, "seconds": args.seconds, "ticks": app.loop.ticks,
                      "ticks_due": int(args.seconds / args.speed), "late_ticks": app.loop.late_ticks,
                      "worst_late_ms": round(app.loop.worst_lateness * 1000, 1), "moves": app.game.steps,
                      "length": len(app.game.snake)}))
    pygame.quit()


if __name__ == "__main__":
    main_()
