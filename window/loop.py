"""The window's real loop: events -> a move when the clock says so -> paint what changed -> wait.

The App it runs does the work: App.handle answers an event, App.tick plays a move, App.render
paints, App.think searches in the time left before the next move. The loop decides when: the
clock ticks every `interval` seconds whether or not the snake may move (paused, game over),
and the wait is never longer than KEY_WAIT without a look at the keys. It counts the ticks it
played and how late they came (docs/tick_benchmark.py prints them).
"""
import time

import pygame

KEY_WAIT = 0.02  # seconds: the loop never sleeps longer without looking at the keys


class Loop:
    """The loop of `app` (an App, or a ReplayApp); `ticks`, `late_ticks` and `worst_lateness`
    count the last run."""

    def __init__(self, app):
        self.app = app
        self.ticks = self.late_ticks = 0  # ticks played, and those more than half an interval
        self.worst_lateness = 0.0  # behind their time; the worst delay (docs/tick_benchmark.py)

    def run(self, max_ticks=None, max_seconds=None):
        """Play until Q or the close button; return the app's exit code. `max_ticks` and
        `max_seconds` end the loop early, for tests and scripts."""
        app = self.app
        self.show(app.render())  # the first frame (the whole board): its ticks count from here
        start = last_tick = app.clock()
        self.ticks = self.late_ticks = 0
        self.worst_lateness = 0.0
        while app.running:
            # events
            for event in pygame.event.get():
                app.handle(event)
            if not app.running:
                break
            # update
            now = app.clock()
            if now - last_tick >= app.interval:
                app.tick()
                self.note_lateness(now - last_tick - app.interval)
                last_tick += app.interval
                if now - last_tick >= app.interval:  # fell behind: no burst of catch-up moves
                    last_tick = now
            # draw
            self.show(app.render())
            if (max_ticks is not None and self.ticks >= max_ticks
                    or max_seconds is not None and now - start >= max_seconds):
                break
            # wait: until the next tick, but never longer than KEY_WAIT without looking at the keys;
            # a search under way thinks meanwhile, a slice at a time, and the loop sleeps otherwise
            until = min(last_tick + app.interval, app.clock() + KEY_WAIT)
            if not app.think(until):
                self.sleep(until - app.clock())
        return app.exit_code

    @staticmethod
    def show(rects):
        """Put the parts of the screen App.render changed on the display, if any."""
        if rects:
            pygame.display.update(rects)

    def note_lateness(self, seconds):
        """Count a tick played `seconds` after its time."""
        self.ticks += 1
        self.worst_lateness = max(self.worst_lateness, seconds)
        if seconds > self.app.interval / 2:
            self.late_ticks += 1

    @staticmethod
    def sleep(seconds):
        """Sleep in the operating system, which costs nothing while it lasts.

        Not pygame.event.wait: pygame-ce's wait, with or without a timeout, pumps the events
        and sleeps one millisecond in a loop (src_c/event.c, _pg_event_wait), about 2.5% of a
        core under Xvfb doing nothing else. Waking every KEY_WAIT to look at the keys costs a
        fifth of that.
        """
        if seconds > 0:
            time.sleep(seconds)
