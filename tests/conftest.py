"""Shared test setup: pygame runs headless, and the modules import from the repo root."""
import os
import signal
import sys

import pytest
from hypothesis.configuration import set_hypothesis_home_dir

# Before anything imports pygame: no window, no sound card, no greeting on stdout.
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
if ROOT not in sys.path:
    sys.path.insert(0, ROOT)

# A shell starts a background job with Ctrl-C ignored, and a program started from there inherits
# that: the tests that press Ctrl-C on the programs they start would see it ignored. The tests
# run as a terminal would start them, with Ctrl-C on (a handler is reset to the default on exec).
if signal.getsignal(signal.SIGINT) == signal.SIG_IGN:
    signal.signal(signal.SIGINT, signal.default_int_handler)

# `run.sh test` works from any folder: Hypothesis keeps its examples in the checkout, not there.
set_hypothesis_home_dir(os.path.join(ROOT, ".hypothesis"))


@pytest.fixture(autouse=True)
def private_data_home(tmp_path_factory, monkeypatch):
    """Best scores and anything else kept in the user's data and config folders go to throwaway folders,
    for this process and the programs the tests start; the real home is never written."""
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path_factory.mktemp("data-home")))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path_factory.mktemp("config-home")))  # the player's settings


@pytest.fixture
def make_app():
    """Build window Apps (tests/windows.py's small board, its stand-in autopilot) on the dummy
    display; the display is shut down after the test."""
    import pygame

    from window.start import App
    from windows import fake_solver, make_config

    def build(game=None, paused=False, **changes):
        return App(make_config(**changes), game=game, paused=paused, make_solver=fake_solver)
    yield build
    pygame.display.quit()


def xvfb_display(size):
    """A private Xvfb server of screen `size` (tests/xvfb.py): its display name; skips the test
    if it does not start."""
    from xvfb import start_server, stop_server

    server, name = start_server(size)
    if server is None:
        pytest.skip("Xvfb did not start")
    try:
        yield name
    finally:
        stop_server(server)


@pytest.fixture
def display():
    yield from xvfb_display("640x480x24")


@pytest.fixture
def screen_1280x1024():
    """The screen issue 36 was checked on: a board at the shipped block size may not fit it."""
    yield from xvfb_display("1280x1024x24")
