"""Make the README's screenshot with the game itself: the autopilot plays on the dummy display.

    .venv/bin/python -m docs.make_screenshot [--ticks N] [--seed S] [--solver NAME] [--no-cycle]
                                             [--path] [--out FILE]

The window is never shown; the window's surface, the board and the strip below it, is saved
as PNG after N moves (or at the end of the game, if it ends first). By default hamilton plays
with its Hamiltonian cycle drawn (the C key), at a moment when its route to the fruit takes
a shortcut off the cycle.
"""
import argparse
import os

os.environ["SDL_VIDEODRIVER"] = "dummy"  # no window, whatever the desktop
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

import pygame  # noqa: E402

import config as configuration  # noqa: E402
import solvers  # noqa: E402
from window.start import App  # noqa: E402


def shoot(ticks, seed, solver, path_overlay, cycle, out):
    """Play `ticks` autopilot moves on the shipped config and save the window to `out`."""
    config = dict(configuration.load(configuration.default_path()), auto=True, seed=seed, solver=solver)
    app = App(config)
    app.hint_until = None  # the first-run hint is for players, not for the picture
    app.show_path = path_overlay
    app.show_cycle = cycle
    app.render()
    for _ in range(ticks):
        if not app.tick():
            break
        app.render()
    pygame.image.save(app.screen, out)
    print(f"{os.path.relpath(out)}: {app.say.caption()}")
    pygame.quit()


def parse(argv):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--ticks", type=int, default=651, help="autopilot moves before the picture")
    parser.add_argument("--seed", type=int, default=2024, help="the game's random seed")
    parser.add_argument("--solver", default="hamilton", choices=sorted(solvers.BUILT_IN), help="the autopilot")
    parser.add_argument("--no-cycle", dest="cycle", action="store_false",
                        help="leave out the Hamiltonian cycle hamilton follows (the C key)")
    parser.add_argument("--path", action="store_true", help="show the autopilot's planned path (the O key)")
    parser.add_argument("--out", default=os.path.join(ROOT, "docs", "screenshot.png"))
    return parser.parse_args(argv)


if __name__ == "__main__":
    args = parse(None)
    shoot(args.ticks, args.seed, args.solver, args.path, args.cycle, args.out)
