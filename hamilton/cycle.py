"""Playing along a cell tree's outline: a route per fruit, waits, and searches made ahead. No pygame.

While the body fits a spanning tree of 2x2 blocks (celltree.py) it lies along a Hamiltonian
cycle, so the snake can never die, and every fruit is eventually reached. A route to the
fruit is planned once (planner.py) and followed to the end; while no route exists, the snake
steps round the outline of a tree the body fits, and looks again. Of a few such trees, the
wait follows the one whose outline reaches the fruit soonest (`_wait_on`).

A search costs time in proportion to the free cells, so on a big board a wait could make
every move slow. A waiting snake's future is known (it follows the outline and eats nothing),
so when a search takes more than a slice (planner.SLICE states), the next one is made for
the position a few moves ahead, one slice per move, and is ready when the snake gets there
(`Ahead`). A move searches no more than a budget (planner.BUDGET states, below the fastest
tick) and a slice: a search with no answer by then is dropped, the snake waits, and the
search is made again for a position a few moves ahead, CATCH_UP slices a move.

On an odd x odd board, which has no Hamiltonian cycle, the trees leave one cell out of the
3x3 block at the corner: the board's corner, the block's centre, or the block's corner on the
right or the bottom side (celltree.LEAVE_OUT). When the fruit lands on the cell left out, the
route is planned with the trees that leave out another, the one the body leaves soonest: the
route cannot end until the body is off that cell.

Before it takes a route, it tries waiting w = 1, 2, ... moves round the outline first and
planning from there: a route that is sooner in all and no dearer wins (_sooner_after_waiting).
"""
from typing import NamedTuple

from hamilton.celltree import CORNER, LEAVE_OUT, CellTree
from hamilton.decision import HamiltonDecision, Mode, Step
from hamilton.clock import Clock
from hamilton.planner import BUDGET, HELD_COST, SLICE, Planner
from hamilton.slices import Sliced
from hamilton.spanning import combs
from hamilton.survival import ordered_part

WAIT_FIRST_BUDGET = 2 * SLICE  # states a route's move may spend on routes that wait first (a quarter of BUDGET)
CATCH_UP = 4  # slices a move for a search made again because it ran out of its budget


class Outline(NamedTuple):
    """A spanning tree of one planner's blocks, whose outline the snake follows."""

    planner: int  # the index of the planner (its CellTree) in CyclePlay.planners
    edges: bytearray  # the tree: a flag per block edge


class CyclePlay:
    """hamilton's way of playing while the body fits a cell tree: one planner per driving
    direction (and, odd x odd, per cell left out), and what the play remembers move to move."""

    def __init__(self, grid, width, height):
        self.grid = grid
        self.planners = []  # one per driving direction (and, odd x odd, per cell left out)
        if min(width, height) >= 2:
            odd = width % 2 and height % 2
            self.planners = [Planner(CellTree(width, height, clockwise, leave_out))
                             for clockwise in (True, False) for leave_out in (LEAVE_OUT if odd else (CORNER,))]
        self.orient = 0  # the index of the planner whose tree the body fitted last
        self.clock = None  # the body's Clock (planner.py), kept up to date move by move
        self.in_order = False  # whether the body we left fits planners[orient] (known, not re-checked)
        self.waiting_on = None  # the Outline the snake follows while it waits
        self.ahead = None  # Ahead: the search, a slice per move, for where the wait will have taken the snake

    def follow(self, ours, moved_from, head, length):
        """Keep the clock with the body: our own last move from `moved_from` to `head` (`ours`),
        with or without a meal; after anyone else's, it is built again when needed."""
        grown = length - self.clock.length if ours and self.clock is not None else None
        if grown == 0:
            self.clock.moved(moved_from, head)
        elif grown == 1:
            self.clock.ate(moved_from, head)
        else:
            self.clock = None

    def replanning(self, ours, length):
        """A fresh choice is to be made: what is known of the body stays only if our own moves
        left it, and a search made ahead only for a body of this `length`."""
        if not ours:
            self.in_order, self.waiting_on = False, None
        if not ours or self.ahead is not None and self.ahead.length != length:
            self.ahead = None

    def order(self, body):
        """How much of a body (head first) lies in cycle order: the most cells from the head
        that fit a tree of some planner (all of them once the body is back in order)."""
        return max((ordered_part(planner.tree, body) for planner in self.planners), default=0)

    def _fitting_planner(self, body):
        """The index of a planner whose tree `body` fits (the one used last, if it still does); None if none."""
        if self.in_order:
            return self.orient
        order = sorted(range(len(self.planners)), key=lambda i: i != self.orient)
        return next((i for i in order if self.planners[i].tree.fits(body)), None)

    def _planner_for(self, index, fruit):
        """The planner to reach `fruit` with: this one, or, if its tree leaves that very cell
        out (odd x odd), the one of the same driving direction whose cell left out the body
        leaves soonest (the clock's; the first such, on a tie). A search made ahead keeps the
        planner it began with."""
        if fruit != self.planners[index].tree.skipped:
            return index
        ahead = self.ahead
        if ahead is not None and (ahead.fruit, ahead.index) == (fruit, index):
            return ahead.target  # a search under way keeps the planner it began with
        clockwise, free_at = self.planners[index].tree.clockwise, self.clock.free_at
        others = [i for i, p in enumerate(self.planners) if p.tree.clockwise == clockwise and i != index]
        return min(others, key=lambda i: free_at[self.planners[i].tree.skipped])

    def move(self, body, fruit):
        """(the cells to move along, the decision): a route to `fruit` (its first cell now),
        or one step round a tree's outline while no route is found; None if `body` fits no
        tree."""
        index = self._fitting_planner(body)
        self.in_order = index is not None
        if index is None:
            return None
        self.orient = index
        tree = self.planners[index].tree
        slices = BUDGET // SLICE
        if self.clock is None or self.clock.tree.clockwise != tree.clockwise:
            self.clock = Clock(tree, body)  # the trees of one driving direction share their gates
            slices //= 2  # this move has read the whole body already (the clock, likely a fit)
        target = self._planner_for(index, fruit)
        planner = self.planners[target]  # every search of this move is this planner's
        spent = planner.states()
        search = self._search(body, fruit, index, target, slices)
        if search.route and not search.left:
            left = min(WAIT_FIRST_BUDGET, slices * SLICE - (planner.states() - spent))  # within the move's budget
            waits, route = self._sooner_after_waiting(body, fruit, index, target, search.route, left)
            return self._take(route, target, waits)
        # No route yet (the body is in the way for now), or no answer yet: one step round a
        # tree the body fits, which keeps it on that tree's outline, then look again. The same
        # tree serves until a route is found: the body stays an arc of its outline.
        cells, decision = self._wait(index, tree, body, fruit)
        self._search_on(search, body, fruit, index, target, decision)
        return cells, decision

    def _search(self, body, fruit, index, target, slices):
        """This move's share of the search for a route: of the one made ahead for this very
        position, or of a new one for here and now (at most `slices` slices of it)."""
        search, self.ahead = self.ahead, None
        if search is None or (search.fruit, search.index) != (fruit, index):
            search = Ahead(self.planners[target].planning(body, fruit, self.clock), fruit, index, 0, len(body), target)
            search.work(slices)
        else:
            search.step()
        return search

    def _search_on(self, search, body, fruit, index, target, decision):
        """While the snake waits, which search goes on: this one, if it is on its way; if it
        ran out of its budget here, a new one for further ahead; if it found no route and took
        more than a slice, the next one for where the snake will be. `decision` says which."""
        if search.left:
            self.ahead = search
        elif not search.done:
            # Dropped and made again for where the snake will be once it has had twice the
            # work (twice the budget, the first time), CATCH_UP slices a move, so that few
            # moves are lost waiting.
            decision.search = "unfinished"
            per_move = min(CATCH_UP, BUDGET // SLICE)
            moves = max(2 * BUDGET // SLICE // per_move, 2 * search.moves)
            self._plan_ahead(body, fruit, index, target, moves, per_move, per_move)
        elif self.planners[target].taken > SLICE:
            # The next search will likely take as long as this one, more than a move's slice:
            # it is made for where the snake will be once it has had a slice per move.
            self._plan_ahead(body, fruit, index, target, -(-self.planners[target].taken // SLICE))
        if self.ahead is not None:
            decision.ahead = self.ahead.left

    def _plan_ahead(self, body, fruit, index, target, moves, per_move=1, last=None):
        """Start the search for where the waiting snake will be `moves` moves from now,
        `per_move` slices a move and up to `last` on arrival, if the outline does not take it
        to the fruit first."""
        walk = self._outline_walk(body[0], moves)
        if fruit in walk:
            return
        later = (walk[::-1] + body)[:len(body)]
        clock = self.clock.copy()
        for old, new in zip([body[0]] + walk, walk):
            clock.moved(old, new)
        self.ahead = Ahead(self.planners[target].planning(later, fruit, clock), fruit, index, moves, len(body), target,
                           per_move, last)
        self.ahead.work()

    def _sooner_after_waiting(self, body, fruit, index, target, route, budget):
        """(w, the cells to the fruit): `route` (w = 0), or w moves round the outline and then a
        route planned from there, if that reaches the fruit sooner and costs no more (by the
        planner's costs, in which a wait move is HELD_COST: it walls nothing off). Tried for
        w = 1, 2, ... while the `budget` of states lasts, each search only for routes short
        enough to win.

        A route is often long because the body is in its way now; a few moves later its tail
        has opened a shorter way. The waiting snake's future is known (it follows the outline
        and eats nothing), so each w is planned exactly and the whole is followed as one route.
        WAIT_FIRST in tests/test_hamilton.py (a-k: the route's moves, w: the wait):

              now: 12 moves            1 wait, then 9 moves
            . . . . . .               . . . . . .
            c d . . . .               . . . . . .
            b e . v . .               . . . v e f
            a f . v . .               . . . v d g
            H g h i j k               H w a b c h
            ^ < < < . *               ^ < < < . *
        """
        best, waits = route, 0
        straight = len(route) < self.grid.distance(body[0], fruit) + 2
        if straight or budget <= 0 or len(body) + 2 >= len(self.grid.neighbours):
            # A straight route cannot be beaten: a wait of w leaves at least its distance less w
            # to go, and the board's colouring makes every way that distance plus an even
            # number. The last fruits' plan needs no tree.
            return waits, best
        planner = self.planners[target]
        cost = planner.cost  # the best route's
        self._wait_on(index, body, fruit)
        walk = self._outline_walk(body[0], len(route) - 2)
        if fruit in walk:  # the outline itself passes the fruit, sooner than the route
            best = walk[:walk.index(fruit) + 1]
            cost = HELD_COST * len(best)
        clock, head = self.clock.copy(), body[0]
        start = planner.states()
        for w, cell in enumerate(walk, 1):
            if w + 1 >= len(best) or planner.states() - start >= budget:
                break
            clock.moved(head, cell)
            head = cell
            if w + self.grid.distance(cell, fruit) >= len(best):
                continue  # even a straight way from there is no shorter
            later = (walk[w - 1::-1] + body)[:len(body)]
            planning = planner.planning(later, fruit, clock, within=len(best) - w - 1)
            other = _within_budget(planning, planner, budget - (planner.states() - start))
            if other and w + len(other) < len(best) and HELD_COST * w + planner.cost <= cost:
                best, waits, cost = walk[:w] + other, w, HELD_COST * w + planner.cost
        return waits, best

    def _take(self, route, target, waits=0):
        """Take `route` (its first cell now), `waits` of its moves round the outline first; the
        body will fit planners[target]'s tree after the meal."""
        planner = self.planners[target]
        self.waiting_on = None
        self.orient = target  # the body after the meal fits this planner's tree
        return route, HamiltonDecision(Step.ROUTE, mode=Mode.CELL_TREE, distance=len(route),
                                       searches=planner.searches, driving=planner.tree.name, waits=waits or None)

    def _wait(self, index, tree, body, fruit):
        """([one step round the outline of the tree `body` fits], the decision): the same tree while the wait lasts."""
        self._wait_on(index, body, fruit)
        decision = HamiltonDecision(Step.WAIT, mode=Mode.CELL_TREE, searches=self.planners[index].searches,
                                    driving=tree.name)
        return [tree.next_on_outline(self.waiting_on.edges, body[0])], decision

    def _wait_on(self, index, body, fruit):
        """Choose the tree of planners[index] that `body` fits, whose outline a wait follows;
        kept while the wait lasts. Of the trees Kruskal's gives the body alone and with each
        of spanning.combs preferred, the one whose outline takes the head to `fruit` in the
        fewest moves (the first on a tie): the wait ends when a route appears, and a head
        led toward the fruit meanwhile has the shorter route left. The outline of a comb
        runs along its spine and into and out of each tooth; by which side the spine lies,
        the outline reaches the fruit's block early or late in its lap. The combs are tried
        where making them costs less than a move's search (BUDGET states for their edges):
        on boards up to about 40x30; a bigger one follows Kruskal's own tree.
        """
        if self.waiting_on is None or self.waiting_on.planner != index:
            tree = self.planners[index].tree
            others = combs(tree)
            if len(others) * len(tree.edges) > BUDGET:  # each tree costs about a state's work an edge
                self.waiting_on = Outline(index, tree.spanning_tree(body))  # a big board: Kruskal's alone
                return
            best, fewest = None, len(tree.stay)
            for edges in tree.spanning_trees(body, (None,) + others):
                steps = tree.outline_steps(edges, body[0], fruit, fewest)
                if best is None or steps < fewest:
                    best, fewest = edges, steps
            self.waiting_on = Outline(index, best)

    def _outline_walk(self, head, moves):
        """The next `moves` cells round the outline the waiting snake follows."""
        walk, outline = [], self.waiting_on.edges
        tree = self.planners[self.waiting_on.planner].tree
        for _ in range(moves):
            head = tree.next_on_outline(outline, head)
            walk.append(head)
        return walk


def _within_budget(planning, planner, budget):
    """Run `planning` (planner's) until it answers or has searched `budget` states (rounded
    up to a slice); its route, or None if it has none or no answer yet."""
    start = planner.states()
    search = Sliced(planning)
    search.work_while(lambda: planner.states() - start < budget)
    return search.answer


class Ahead:
    """A search for the position a waiting snake will reach `left` moves from now (it follows
    a known outline and eats nothing on the way, so that position is known), taken one slice
    per move (or `per_move`); `left` 0 is a search for here and now. On a big board one search
    costs many moves' worth of time; spread so, no move waits for it, and the route is ready
    the moment the snake gets there. On arrival it may take `last` slices more (up to BUDGET
    states); a search that still has no answer then is given up (the snake waits on, and plans
    again further ahead)."""

    def __init__(self, planning, fruit, index, left, length, target, per_move=1, last=None):
        self.search, self.fruit, self.index, self.length = Sliced(planning), fruit, index, length
        self.target = target  # the planner the search is made with (index's, or odd x odd another)
        self.left = self.moves = left
        self.per_move = per_move  # slices a move on the way
        self.last = BUDGET // SLICE if last is None else last  # and on arrival

    @property
    def done(self):
        return self.search.done

    @property
    def route(self):
        """The search's answer, once it has one."""
        return self.search.answer

    def step(self):
        """One move nearer: `per_move` slices of the search, `last` on arrival."""
        self.left -= 1
        self.work(self.per_move if self.left else self.last)

    def work(self, slices=1):
        """Up to `slices` slices of the search."""
        self.search.work(slices)
