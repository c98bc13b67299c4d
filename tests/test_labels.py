"""Boxes of text on the board (window/labels.py): opaque, inside the window, readable."""
import pygame
import pytest

from drawer import GREEN, RED
from window import labels


def test_make_font_survives_a_broken_font_module(monkeypatch):
    def broken(*args):
        raise pygame.error("no fonts here")
    monkeypatch.setattr(labels, "_fonts", {})
    monkeypatch.setattr(pygame.font, "Font", broken)
    assert labels.make_font(20) is None
    assert labels.make_label((800, 600), [["LOST"]]) is None


def test_fonts_survive_pygame_quit():
    first = labels.make_font(18)
    pygame.font.quit()  # as run_window's pygame.quit() does: fonts made before are dead
    second = labels.make_font(18)
    assert second is not first and second.size("12/12")[0] > 0


# -- boxes of text: opaque, inside the window, readable ------------------------------------------

WON_ROWS = ("WON: length 12/12 in 40 moves", "Best on 4x3:", ("hamilton", "length 12, a win in 40 moves (new best)"),
            ("greedy", "length 11"), "R: new game")
HELP_ROWS = ("Keys (H or F1 closes this)", ("W A S D / arrows", "steer"), ("U", "faster"), ("I", "slower"),
             ("P", "pause"), ("R", "new game"), ("Return", "autopilot on/off"), ("Tab", "next autopilot"),
             ("O", "planned path"), ("H or F1", "help overlay"), ("space", "debug log"),
             ("G", "save the finished game as a replay"), ("Q / close", "quit"))
HELP_SHORT = ("Keys: " + "; ".join(f"{k}: {w}" for k, w in HELP_ROWS[1:]),)


def shown_on_red(size, forms, place="middle"):
    """Draw the box over an all-red board; return (label, screen)."""
    screen = pygame.Surface(size)
    screen.fill(RED)
    label = labels.make_label(size, forms, place)
    if label is not None:
        label.draw(screen)
    return label, screen


@pytest.mark.parametrize("size", [(200, 150), (240, 180), (320, 240), (400, 300), (800, 600), (1600, 1200),
                                  (3000, 200), (200, 1000)])
@pytest.mark.parametrize("forms", [[WON_ROWS], [HELP_ROWS, HELP_SHORT], [["PAUSED", "P: resume - H: help"]]])
def test_a_box_fits_the_window_is_opaque_and_readable(size, forms):
    if labels.make_font(labels.FONT_MIN) is None:
        pytest.skip("no font on this system")
    label, screen = shown_on_red(size, forms)
    assert label is not None, "every window from 200x150 up has room for every box"
    window = screen.get_rect()
    assert window.contains(label.rect) and label.rect.center == pytest.approx(window.center, abs=1)
    assert label.font_size >= labels.FONT_MIN  # the size at which "12/12" stays apart
    on_green = pygame.Surface(size)
    on_green.fill(GREEN)
    label.draw(on_green)
    box = pygame.image.tobytes(screen.subsurface(label.rect), "RGB")
    assert box == pygame.image.tobytes(on_green.subsurface(label.rect), "RGB")  # opaque: the board never shows


def test_a_larger_window_gets_a_larger_font():
    small = labels.make_label((200, 150), [WON_ROWS])
    large = labels.make_label((800, 600), [WON_ROWS])
    assert small.font_size == labels.FONT_MIN < large.font_size <= labels.FONT_MAX
    assert labels.FONT_MIN >= 14  # below 14 px the default font runs "12/12" together (seen, not guessed)


def test_the_first_form_that_fits_is_shown():
    label = labels.make_label((800, 600), [HELP_ROWS, HELP_SHORT])
    tall = label.rect.height
    short = labels.make_label((200, 150), [HELP_ROWS, HELP_SHORT])  # the table does not fit: the paragraph
    assert short is not None and tall > short.rect.height


def test_text_wraps_at_word_boundaries_and_never_runs_out_of_the_box():
    font = labels.make_font(labels.FONT_MIN)
    lines = labels.wrap(font, "one two three four five six seven", 60)
    assert len(lines) > 1 and " ".join(lines) == "one two three four five six seven"
    assert all(font.size(line)[0] <= 60 for line in lines)
    assert labels.wrap(font, "incomprehensibilities", 30) is None  # one word wider than the box


def test_two_columns_fall_back_to_one_when_narrow():
    font = labels.make_font(labels.FONT_MIN)
    spots, _ = labels.layout(font, [("W A S D / arrows", "steer")], 400)
    assert [text for _, _, text in spots] == ["W A S D / arrows", "steer"] and spots[1][0] > 0
    spots, _ = labels.layout(font, [("W A S D / arrows", "steer")], 150)
    assert [text for _, _, text in spots] == ["W A S D / arrows: steer"]


def test_a_window_too_small_for_any_form_gets_no_box():
    assert labels.make_label((40, 30), [WON_ROWS]) is None


@pytest.mark.parametrize("place", ["top", "bottom"])
def test_edge_boxes_sit_at_their_edge(place):
    label = labels.make_label((800, 600), [["Circling"]], place)
    assert (label.rect.top if place == "top" else 600 - label.rect.bottom) == labels.LABEL_MARGIN
