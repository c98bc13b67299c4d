"""A private X server for what needs a real window: the Xvfb tests and docs/cpu_benchmark.py.

Xvfb and xdotool come from Debian (apt-get install xvfb xdotool); the tests are skipped
without them (HAS_XVFB). No pytest at import: docs/cpu_benchmark.py runs without it.
"""
import os
import shutil
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
WAIT = 10  # seconds for any one thing to happen before giving up

HAS_XVFB = bool(shutil.which("Xvfb") and shutil.which("xdotool"))


def start_server(size):
    """Xvfb on a display number it picks itself (-displayfd), screen `size` ("640x480x24");
    (process, ":N"), or (None, None) if it did not start."""
    # -noreset: else the server resets each time its last client (an xdotool call) leaves, and
    # a game connecting at that moment finds no display (seen about once in ten starts).
    read_end, write_end = os.pipe()
    server = subprocess.Popen(["Xvfb", "-displayfd", str(write_end), "-screen", "0", size,
                               "-nolisten", "tcp", "-noreset"], pass_fds=(write_end,),
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    os.close(write_end)
    with os.fdopen(read_end) as f:
        number = f.readline().strip()
    if not number:
        server.kill()
        server.wait(WAIT)
        return None, None
    return server, f":{number}"


def stop_server(server):
    server.terminate()
    server.wait(WAIT)


def window_env(display, **more):
    """This process's environment for a program drawing a real window on `display`."""
    env = {k: v for k, v in os.environ.items() if k not in ("SDL_VIDEODRIVER", "WAYLAND_DISPLAY")}
    env.update(DISPLAY=display, SDL_AUDIODRIVER="dummy", **more)
    return env


def xdotool(env, *words):
    return subprocess.run(["xdotool", *words], env=env, capture_output=True, text=True,
                          timeout=WAIT).stdout.strip()


def caption_of(env, window):
    return xdotool(env, "getwindowname", window)


def wait_for(predicate, what):
    """The first true value of `predicate`, polled for WAIT seconds; fails the test if none."""
    import pytest

    deadline = time.monotonic() + WAIT
    while time.monotonic() < deadline:
        value = predicate()
        if value:
            return value
        time.sleep(0.05)
    pytest.fail(f"timed out waiting for {what}")


def start(display, directory, *flags, **env_more):
    """main.py in the private X server, in `directory`; returns (process, env, window id)."""
    env = window_env(display, **env_more)
    game = subprocess.Popen([sys.executable, os.path.join(ROOT, "main.py"), *flags], env=env,
                            cwd=str(directory), stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        window = wait_for(lambda: game.poll() is None and xdotool(env, "search", "--pid", str(game.pid)).split("\n")[0],
                          "the window")
    except BaseException:
        game.kill()
        print(game.communicate()[1], file=sys.stderr)  # why it did not come up
        raise
    xdotool(env, "windowfocus", "--sync", window)
    return game, env, window


def screenshot(env, window, path):
    """The window as it is on the screen, saved as PNG at `path` by ImageMagick's `import`;
    a pygame Surface, or None where `import` is not installed."""
    if not shutil.which("import"):
        return None
    subprocess.run(["import", "-window", window, f"PNG24:{path}"], env=env, check=True, timeout=WAIT,
                   capture_output=True)
    import pygame
    return pygame.image.load(str(path))


def quit_cleanly(game, env):
    """Q, then the program must end with code 0 and no traceback; returns its (stdout, stderr)."""
    xdotool(env, "key", "q")
    try:
        out, err = game.communicate(timeout=WAIT)
    finally:
        if game.poll() is None:
            game.kill()
            game.wait()
    assert game.returncode == 0, err
    assert "Traceback" not in err
    return out, err
