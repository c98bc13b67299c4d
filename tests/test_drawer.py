"""drawer.py: the pixels each drawer paints and the exact rects it reports as changed."""
import pygame
import pytest

import config
import drawer
from drawer import BLACK, GREEN, RED, WHITE, BoardDrawer, Drawer, FruitDrawer, PathDrawer, SnakeDrawer
from fruit import Fruit
from game import Game
from snake import DOWN, RIGHT, UP, Snake

BLOCK = 10
CONFIG = config.validate({"window-width": 80, "window-height": 60, "block-size": BLOCK,
                          "speed": 0.3, "auto": False, "seed": 5})


@pytest.fixture
def screen():
    surface = pygame.Surface((CONFIG["window-width"], CONFIG["window-height"]))
    surface.fill(WHITE)
    return surface


def color(screen, cell):
    """The colour at the middle of a cell."""
    return tuple(screen.get_at((cell[0] * BLOCK + BLOCK // 2, cell[1] * BLOCK + BLOCK // 2)))[:3]


def cell_rect(cell):
    return pygame.Rect(cell[0] * BLOCK, cell[1] * BLOCK, BLOCK, BLOCK)


def as_set(rects):
    return {tuple(r) for r in rects}


def cells(*cs):
    return {tuple(cell_rect(c)) for c in cs}


def test_colours_are_the_spec_colours():
    assert (WHITE, BLACK, RED, GREEN) == ((255, 255, 255), (0, 0, 0), (255, 0, 0), (0, 255, 0))


def test_to_left_top_scales_by_the_block_size(screen):
    d = Drawer(screen, CONFIG)
    assert d._to_left_top(0, 0) == (0, 0)
    assert d._to_left_top(3, 2) == (30, 20)
    assert d._to_left_top(7, 5) == (70, 50)


def test_basic_draw_fills_one_cell_and_returns_a_copy_of_the_cached_rect(screen):
    d = Drawer(screen, CONFIG)
    cached = d.rect
    rect = d._basic_draw(3, 2, GREEN)
    assert d.rect is cached and rect is not cached  # one rect reused, a copy handed out
    assert rect == cell_rect((3, 2))
    assert color(screen, (3, 2)) == GREEN
    assert tuple(screen.get_at((29, 20)))[:3] == WHITE and tuple(screen.get_at((40, 20)))[:3] == WHITE
    d._basic_draw(4, 2, RED)
    assert rect == cell_rect((3, 2))  # the returned copy did not move with the cache


def test_draw_paints_the_whole_snake_head_red_body_black(screen):
    game = Game(8, 6, 4, seed=1)
    rects = SnakeDrawer(screen, CONFIG, game.snake).draw()
    assert color(screen, (3, 0)) == RED
    assert [color(screen, (x, 0)) for x in (0, 1, 2)] == [BLACK] * 3
    assert color(screen, (4, 0)) == WHITE and color(screen, (0, 1)) == WHITE
    assert as_set(rects) == cells((0, 0), (1, 0), (2, 0), (3, 0))


def test_next_repaints_new_head_old_head_and_vacated_tail_only(screen):
    game = Game(8, 6, 3, seed=1)
    game.fruit.last_generate = (7, 5)  # out of the way
    sd = SnakeDrawer(screen, CONFIG, game.snake)
    sd.draw()
    before = screen.copy()
    dirty = sd.next()
    assert game.snake.head() == (3, 0)
    assert color(screen, (3, 0)) == RED
    assert color(screen, (2, 0)) == BLACK and color(screen, (1, 0)) == BLACK
    assert color(screen, (0, 0)) == WHITE
    assert len(dirty) == 3 and as_set(dirty) == cells((3, 0), (2, 0), (0, 0))
    assert sd.dirty == dirty
    changed = {(x // BLOCK, y // BLOCK) for x in range(80) for y in range(60)
               if screen.get_at((x, y)) != before.get_at((x, y))}
    assert changed == {(3, 0), (2, 0), (0, 0)}  # the old head changed colour too: red to black


def test_eating_tick_keeps_the_tail_and_paints_the_new_fruit(screen):
    game = Game(8, 6, 3, seed=1)
    game.fruit.last_generate = (3, 0)  # right in front of the head
    sd, fd = SnakeDrawer(screen, CONFIG, game.snake), FruitDrawer(screen, CONFIG, game.fruit)
    sd.draw()
    fd.draw()
    dirty = []
    ate = game.step(advance=lambda: dirty.extend(sd.next()))
    assert ate and len(game.snake) == 4
    dirty.append(fd.draw())
    new_fruit = game.fruit.where()
    assert new_fruit not in game.snake.body
    assert color(screen, (3, 0)) == RED and color(screen, (2, 0)) == BLACK
    assert color(screen, (0, 0)) == BLACK  # the tail stayed: the snake grew
    assert color(screen, new_fruit) == GREEN
    assert len(dirty) == 3 and as_set(dirty) == cells((3, 0), (2, 0), new_fruit)


def test_head_moving_into_the_tail_cell_is_red_not_white(screen):
    snake = Snake(8, 6, [(0, 1), (1, 1), (1, 0), (0, 0)], UP)  # a 2x2 loop, head below the tail
    sd = SnakeDrawer(screen, CONFIG, snake)
    sd.draw()
    dirty = sd.next()
    assert snake.valid() and snake.head() == (0, 0)
    assert color(screen, (0, 0)) == RED and color(screen, (0, 1)) == BLACK
    assert as_set(dirty) == cells((0, 0), (0, 1)) and len(dirty) == 2


def test_snake_of_one_cell_leaves_white_behind(screen):
    snake = Snake(8, 6, [(2, 2)], DOWN)
    sd = SnakeDrawer(screen, CONFIG, snake)
    sd.draw()
    dirty = sd.next()
    assert color(screen, (2, 2)) == WHITE and color(screen, (2, 3)) == RED
    assert as_set(dirty) == cells((2, 2), (2, 3))


def test_crash_into_the_wall_keeps_the_old_head_red(screen):
    snake = Snake(8, 6, [(7, 0), (6, 0), (5, 0)], RIGHT)
    sd = SnakeDrawer(screen, CONFIG, snake)
    sd.draw()
    dirty = sd.next()
    assert not snake.valid()
    assert color(screen, (7, 0)) == RED and color(screen, (6, 0)) == BLACK
    assert color(screen, (5, 0)) == WHITE
    assert as_set(dirty) == cells((5, 0))
    redrawn = pygame.Surface(screen.get_size())
    redrawn.fill(WHITE)
    SnakeDrawer(redrawn, CONFIG, snake).draw()  # a full repaint shows the same crash
    assert [color(redrawn, (x, 0)) for x in (5, 6, 7)] == [WHITE, BLACK, RED]


def test_fruit_drawer_paints_green_and_nothing_without_a_fruit(screen):
    fruit = Fruit(8, 6, lambda cell: False)
    fruit.last_generate = (4, 3)
    rect = FruitDrawer(screen, CONFIG, fruit).draw()
    assert rect == cell_rect((4, 3)) and color(screen, (4, 3)) == GREEN
    full = Fruit(8, 6, lambda cell: True)  # every cell taken: where() has no fruit to give
    before = screen.copy()
    assert FruitDrawer(screen, CONFIG, full).draw() is None
    assert screen.get_at((0, 0)) == before.get_at((0, 0))


def test_board_drawer_paints_everything_and_repaints_single_cells(screen):
    game = Game(8, 6, 3, seed=2)
    sd, fd = SnakeDrawer(screen, CONFIG, game.snake), FruitDrawer(screen, CONFIG, game.fruit)
    board = BoardDrawer(screen, CONFIG, sd, fd)
    screen.fill((9, 9, 9))
    assert board.draw() == screen.get_rect()
    fx, fy = game.fruit.where()
    assert color(screen, (fx, fy)) == GREEN and color(screen, (2, 0)) == RED
    assert color(screen, (7, 5) if (fx, fy) != (7, 5) else (6, 5)) == WHITE
    for cell, expected in (((fx, fy), GREEN), ((2, 0), RED), ((1, 0), BLACK)):
        screen.fill((9, 9, 9), cell_rect(cell))
        assert board.cell(cell) == cell_rect(cell) and color(screen, cell) == expected


def test_path_drawer_dots_sit_inside_their_cells(screen):
    pd = PathDrawer(screen, CONFIG)
    rects = pd.draw([(4, 4), (5, 4), (99, 99)])  # a cell off the board is skipped
    assert as_set(rects) == cells((4, 4), (5, 4)) and pd.cells == [(4, 4), (5, 4)]
    assert color(screen, (4, 4)) == drawer.BLUE
    assert tuple(screen.get_at((40, 40)))[:3] == WHITE  # the corner of the cell stays background


def test_banner_is_drawn_in_the_middle_or_skipped_without_a_font(screen):
    assert drawer.draw_banner(screen, None, "LOST") is None
    font = drawer.make_font(12)
    if font is None:
        pytest.skip("no font on this system")
    rect = drawer.draw_banner(screen, font, "LOST")
    assert rect is not None and screen.get_rect().contains(rect)
    assert rect.center == pytest.approx(screen.get_rect().center, abs=1)


def test_make_font_survives_a_broken_font_module(monkeypatch):
    def broken(*args):
        raise pygame.error("no fonts here")
    monkeypatch.setattr(pygame.font, "Font", broken)
    assert drawer.make_font(20) is None
