"""drawer.py: the pixels each drawer paints and the exact rects it reports as changed."""
import pygame
import pytest

import config
import drawer
from drawer import BLACK, GREEN, RED, WHITE, BoardDrawer, Drawer, FruitDrawer, PathDrawer, SnakeDrawer
from fruit import Fruit
from game import Game
from snake import DOWN, LEFT, RIGHT, UP, Snake
from solver import GreedySolver

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


def changed_cells(before, after, block=BLOCK):
    """The cells in which any pixel differs between two pictures of the board."""
    def picture(surface, x, y):
        return pygame.image.tobytes(surface.subsurface((x * block, y * block, block, block)), "RGB")
    return {(x, y) for x in range(after.get_width() // block) for y in range(after.get_height() // block)
            if picture(before, x, y) != picture(after, x, y)}


def test_next_repaints_new_head_old_head_vacated_tail_and_new_tail_only(screen):
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
    assert len(dirty) == 4 and as_set(dirty) == cells((3, 0), (2, 0), (1, 0), (0, 0))
    assert sd.dirty == dirty
    # The old head turned from red to black; the new tail lost its bridge back and got thinner.
    assert changed_cells(before, screen) == {(3, 0), (2, 0), (1, 0), (0, 0)}


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
    assert as_set(dirty) == cells((0, 0), (0, 1), (1, 0)) and len(dirty) == 3


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
    before = screen.copy()
    dirty = sd.next()
    assert not snake.valid()
    assert color(screen, (7, 0)) == RED and color(screen, (6, 0)) == BLACK
    assert color(screen, (5, 0)) == WHITE
    assert as_set(dirty) == cells((5, 0), (6, 0)) == {tuple(cell_rect(c)) for c in changed_cells(before, screen)}
    redrawn = pygame.Surface(screen.get_size())
    redrawn.fill(WHITE)
    SnakeDrawer(redrawn, CONFIG, snake).draw()  # a full repaint shows the same crash
    assert same_picture(redrawn, screen)


def test_a_bite_paints_the_head_on_the_body_it_bit(screen):
    snake = Snake(8, 6, [(2, 2), (3, 2), (3, 3), (2, 3), (1, 3)], LEFT)
    snake.turn(DOWN)  # into its own body at (2, 3), which is not the tail
    sd = SnakeDrawer(screen, CONFIG, snake)
    sd.draw()
    sd.next()
    assert not snake.valid() and snake.head() == (2, 3)
    assert color(screen, (2, 3)) == RED
    redrawn = pygame.Surface(screen.get_size())
    redrawn.fill(WHITE)
    SnakeDrawer(redrawn, CONFIG, snake).draw()
    assert same_picture(redrawn, screen)


def same_picture(a, b):
    return pygame.image.tobytes(a, "RGB") == pygame.image.tobytes(b, "RGB")


# -- a snake you can follow: gaps, bridges and a tail --------------------------------------------
#
#     x: 1  2  3          cell (2,1) and cell (2,2) lie side by side but are 4 segments
#   y=1  H  o  o          apart in the snake: a white gap must run between them, while
#   y=2  t  o  o          (1,1)-(2,1) and (2,1)-(3,1) are bridged.
U_SNAKE = [(1, 1), (2, 1), (3, 1), (3, 2), (2, 2), (1, 2)]  # head first, the tail at (1, 2)


def pixel(screen, x, y):
    return tuple(screen.get_at((x, y)))[:3]


def drawn_u(screen):
    SnakeDrawer(screen, CONFIG, Snake(8, 6, U_SNAKE, LEFT)).draw()
    return screen


def test_side_by_side_cells_that_are_not_neighbours_are_apart(screen):
    drawn_u(screen)
    middle = 2 * BLOCK + BLOCK // 2  # the middle column of cells (2, 1) and (2, 2)
    edge = 2 * BLOCK  # the first pixel row of (2, 2); the row above is the last of (2, 1)
    assert pixel(screen, middle, edge - 1) == WHITE and pixel(screen, middle, edge) == WHITE
    assert pixel(screen, middle, BLOCK + BLOCK // 2) == BLACK  # the segments themselves are black


def test_consecutive_segments_are_bridged(screen):
    drawn_u(screen)
    row = BLOCK + BLOCK // 2  # the middle row of y = 1
    for x_edge in (2 * BLOCK, 3 * BLOCK):  # between (1,1)-(2,1) and (2,1)-(3,1)
        assert pixel(screen, x_edge - 1, row) != WHITE and pixel(screen, x_edge, row) == BLACK
    column = 3 * BLOCK + BLOCK // 2  # down the middle of x = 3: (3,1)-(3,2) is bridged
    assert pixel(screen, column, 2 * BLOCK - 1) == BLACK and pixel(screen, column, 2 * BLOCK) == BLACK


def black_run(screen, x, ys):
    """How many pixels of column `x` over rows `ys` are black."""
    return sum(pixel(screen, x, y) == BLACK for y in ys)


def test_the_tail_is_thinner_than_the_body(screen):
    drawn_u(screen)
    rows = range(2 * BLOCK, 3 * BLOCK)  # the row of cells y = 2
    tail = black_run(screen, 1 * BLOCK + BLOCK // 2, rows)
    body = black_run(screen, 2 * BLOCK + BLOCK // 2, rows)
    assert 0 < tail < body
    assert pixel(screen, 2 * BLOCK - 1, 2 * BLOCK + BLOCK // 2) == BLACK  # yet bridged to the body


def test_ticks_repaint_exactly_the_changed_cells_and_match_a_full_repaint():
    """Play a greedy game: after every tick the screen equals a full repaint, and every pixel
    that changed lies in a rect the tick reported."""
    big = config.validate(dict(CONFIG, **{"block-size": 20, "window-width": 160, "window-height": 120}))
    screen = pygame.Surface((160, 120))
    full = pygame.Surface((160, 120))
    game = Game(8, 6, 3, seed=3)
    sd, fd = SnakeDrawer(screen, big, game.snake), FruitDrawer(screen, big, game.fruit)
    BoardDrawer(screen, big, sd, fd).draw()
    solver = GreedySolver(game)
    while not game.over() and game.steps < 400:
        before = screen.copy()
        game.snake.turn(solver.next_direction())
        dirty = []
        if game.step(advance=lambda painted=dirty: painted.extend(sd.next())):
            dirty.append(fd.draw())
        reported = {(r.x // 20, r.y // 20) for r in dirty if r is not None}
        assert changed_cells(before, screen, 20) <= reported and len(dirty) <= 4
        BoardDrawer(full, big, SnakeDrawer(full, big, game.snake), FruitDrawer(full, big, game.fruit)).draw()
        assert same_picture(full, screen), f"step {game.steps}"
    assert game.steps > 100


def test_tiny_blocks_fill_whole_cells(screen):
    tiny = config.validate(dict(CONFIG, **{"block-size": 2, "window-width": 16, "window-height": 12}))
    surface = pygame.Surface((16, 12))
    surface.fill(WHITE)
    SnakeDrawer(surface, tiny, Snake(8, 6, U_SNAKE, LEFT)).draw()
    assert all(pixel(surface, x, y) == BLACK for x in (4, 5) for y in (2, 3, 4, 5))  # no room for gaps


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


def test_the_icon_is_a_small_board_in_the_game_colours():
    icon = drawer.make_icon()
    assert icon.get_size() == (3 * drawer.ICON_BLOCK, 3 * drawer.ICON_BLOCK)
    centre = drawer.ICON_BLOCK // 2
    at = {cell: tuple(icon.get_at((cell[0] * drawer.ICON_BLOCK + centre, cell[1] * drawer.ICON_BLOCK + centre)))[:3]
          for cell in [(0, 0), (1, 0), (1, 2), (0, 2), (0, 1)]}
    assert at == {(0, 0): BLACK, (1, 0): BLACK, (1, 2): RED, (0, 2): GREEN, (0, 1): WHITE}
