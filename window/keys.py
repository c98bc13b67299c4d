"""The keys and events the window answers, each table from a key (or an event type) to what it
does: the keys of a game, the keys while the settings panel is open (other keys do nothing
there), and the events that are not keys. These tables are the one place keys are bound;
App.handle looks them up, key_help.py's KEY_HELP says what the keys do. A ReplayApp has
the same tables: its own actions answer the keys.
"""
from functools import partial

import pygame

from snake import DOWN, LEFT, RIGHT, UP


def game_keys(app):
    """Key -> action of `app` (an App) in a game."""
    return {
        pygame.K_w: partial(app.steer, UP, "wasd"),  # two key sets: in versus play each may steer its own snake
        pygame.K_a: partial(app.steer, LEFT, "wasd"),
        pygame.K_s: partial(app.steer, DOWN, "wasd"),
        pygame.K_d: partial(app.steer, RIGHT, "wasd"),
        pygame.K_UP: partial(app.steer, UP, "arrows"),
        pygame.K_LEFT: partial(app.steer, LEFT, "arrows"),
        pygame.K_DOWN: partial(app.steer, DOWN, "arrows"),
        pygame.K_RIGHT: partial(app.steer, RIGHT, "arrows"),
        pygame.K_u: app.faster,
        pygame.K_i: app.slower,
        pygame.K_p: app.toggle_pause,
        pygame.K_PERIOD: app.step_once,
        pygame.K_KP_PERIOD: app.step_once,
        pygame.K_r: app.restart,
        pygame.K_RETURN: app.toggle_auto,
        pygame.K_KP_ENTER: app.toggle_auto,
        pygame.K_TAB: app.next_solver,
        pygame.K_o: app.toggle_path,
        pygame.K_c: app.toggle_cycle,
        pygame.K_h: app.toggle_help,
        pygame.K_F1: app.toggle_help,
        pygame.K_SPACE: app.saves.save_log,
        pygame.K_g: app.save_replay,
        pygame.K_ESCAPE: app.open_settings,
        pygame.K_v: app.switch_mode,
        pygame.K_q: app.quit,
    }


def panel_keys(app):
    """Key -> action while `app`'s settings panel is open (window/panel.py)."""
    panel = app.panel
    return {
        pygame.K_UP: partial(panel.line, -1),
        pygame.K_w: partial(panel.line, -1),
        pygame.K_DOWN: partial(panel.line, 1),
        pygame.K_s: partial(panel.line, 1),
        pygame.K_LEFT: partial(panel.value, -1),
        pygame.K_a: partial(panel.value, -1),
        pygame.K_RIGHT: partial(panel.value, 1),
        pygame.K_d: partial(panel.value, 1),
        pygame.K_RETURN: panel.apply,
        pygame.K_KP_ENTER: panel.apply,
        pygame.K_ESCAPE: panel.close,
        pygame.K_q: app.quit,
    }


def event_handlers(app):
    """Event type -> handler(event) of `app`; other events are ignored."""
    handlers = {
        pygame.QUIT: lambda event: app.quit(),  # the window's close button
        pygame.KEYDOWN: app.key_down,
        pygame.VIDEOEXPOSE: lambda event: app.expose(),
    }
    if hasattr(pygame, "WINDOWEXPOSED"):  # pygame 2.0.1 and later
        handlers[pygame.WINDOWEXPOSED] = handlers[pygame.VIDEOEXPOSE]
    return handlers
