"""Snake with an autopilot: the pygame window, or the headless benchmark with --headless."""
import argparse
import sys

import config as configuration


def parse_args(argv):
    parser = argparse.ArgumentParser(description="Snake, played by hand (WASD) or by an autopilot.")
    parser.add_argument("--config", metavar="PATH", default=None,
                        help="config file to read (default: config.json beside main.py)")
    parser.add_argument("--load", metavar="LOG", default=None,
                        help="start, paused, from a debug log written with the space key")
    import bench  # the headless flags live beside the runner that reads them
    bench.add_arguments(parser)
    return parser.parse_args(argv)


def main(argv=None):
    args = parse_args(sys.argv[1:] if argv is None else argv)
    try:
        config = configuration.load(args.config or configuration.default_path())
    except configuration.ConfigError as e:
        print(f"config error: {e}", file=sys.stderr)
        return 2
    if args.headless:
        import bench
        return bench.run(args, config)
    return run_window(config, args)


def run_window(config, args):
    """The pygame window; see drawer.py for what it paints."""
    raise NotImplementedError("the window is being written")


if __name__ == "__main__":
    sys.exit(main())
