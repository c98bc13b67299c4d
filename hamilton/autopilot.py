"""HamiltonSolver: the autopilot that never loses, on every board at least 2 wide. No pygame here.

It plays one design, the cell tree (celltree.py), and keeps two helpers for bodies someone
else left behind. First match wins:

    body                    plays                                            module
    fits a cell tree        a route per fruit, planned once and followed;    celltree.py,
                            while no route exists, one step round the        planner.py
                            outline of a tree the body fits, then again
    few free cells left     the shortest route found by searching every      endgame.py
                            future fruit (hand-overs near the end); while
                            the proof goes on, a loop back to this position
    anything else           a route back into order; failing that, stay      survival.py
                            alive and keep as much of the body in order

A search costs time in proportion to the free cells, so on a big board a wait could make
every move slow. A waiting snake's future is known (it follows the outline and eats nothing),
so when a search takes more than a slice (planner.SLICE states), the next one is made for
the position a few moves ahead, one slice per move, and is ready when the snake gets there.
A move searches no more than a budget (planner.BUDGET states, below the fastest tick) and a
slice: a search with no answer by then is dropped, the snake waits, and the search is made
again for a position a few moves ahead, CATCH_UP slices a move.

While the body fits a tree it lies along a Hamiltonian cycle, so the snake can never die,
and every fruit is eventually reached. On an odd x odd board, which has no Hamiltonian
cycle, the trees leave one cell out: the corner, or the centre of the 3x3 block at the
corner. When the fruit lands on the cell left out, the route is planned with the trees that
leave out the other one.

Before it takes a route, it tries waiting w = 1, 2, ... moves round the outline first and
planning from there: a route that is sooner in all and no dearer wins (_sooner_after_waiting).

`decision` is a HamiltonDecision: which way of playing made the move, and how far it has got.
`hamiltonian_cycle()` gives the window the Hamiltonian cycle the snake follows, for the C key to draw.
"""
import dataclasses
import random
from collections import deque
from typing import Optional

from autopilot import Autopilot, Decision, EndgameState
from hamilton.celltree import CENTRE, CORNER, CellTree
from hamilton.endgame import Endgame
from hamilton.grid import Grid
from hamilton.planner import BUDGET, HELD_COST, SLICE, Clock, Planner

from hamilton.survival import Survival, ordered_part

WAIT_FIRST_BUDGET = 2 * SLICE  # states a route's move may spend on routes that wait first (about 2 ms)
CATCH_UP = 4  # slices a move for a search made again because it ran out of its budget


@dataclasses.dataclass
class HamiltonDecision(Decision):
    """Why hamilton made its move. `step` says which way of playing made it:

        "route"    a route planned on the cell tree (mode "cell-tree"), followed to the fruit
        "wait"     no route yet, or no answer yet: one step round a tree's outline
        "endgame"  the search of every future fruit: a proven route, or round the loop
        "restore"  no order: a route after which the body is back in order (mode "survival")
        "escape"   no order, the head walled in: onto its own trail just as the tail leaves it
        "survive", "chase"  no order, no way back found yet: the safest move, or toward the fruit
        "doomed"   no safe move at all;  "none": the game is over
    """

    step: str
    reason: Optional[str] = None  # "none": why nothing was decided
    mode: Optional[str] = None  # "cell-tree", "endgame" or "survival": the way of playing
    proof: Optional[str] = None  # "endgame": "win" (a route proven to win whatever fruits come) or "under way"
    distance: Optional[int] = None  # moves left of the route followed, the eating move included
    searches: Optional[int] = None  # the route's searches (a refused route is searched again)
    driving: Optional[str] = None  # "clockwise" or "anticlockwise": the tree's driving direction
    waits: Optional[int] = None  # a route's first moves round the outline, before it leaves it
    search: Optional[str] = None  # "unfinished": the search ran out of its budget this move
    ahead: Optional[int] = None  # moves until the position the next search is made for
    room_ok: Optional[bool] = None  # survival: whether the move keeps the tail in reach
    endgame: Optional[EndgameState] = None  # what the window says of the search near the end
    bodies: Optional[int] = None  # "under way": the work the proof has done so far
    back_in: Optional[int] = None  # "under way": moves until the loop brings the proven position back


class HamiltonSolver(Autopilot):
    """Wins every game on every board at least 2 wide; takes over positions others leave."""

    name = "hamilton"
    follows_a_cycle = True

    def __init__(self, game):
        super().__init__(game)
        self.grid = grid = Grid(game.width, game.height)
        self.planners = []  # one per driving direction (and, odd x odd, per cell left out)
        if min(game.width, game.height) >= 2:
            odd = game.width % 2 and game.height % 2
            self.planners = [Planner(CellTree(game.width, game.height, clockwise, leave_out))
                             for clockwise in (True, False) for leave_out in ((CORNER, CENTRE) if odd else (CORNER,))]
        self.endgame = Endgame(grid)
        self.survival = Survival(grid, self._order, random.Random(game.seed))
        self.orient = 0  # the index of the planner whose tree the body fitted last
        self.route = deque()  # the rest of the planned route, next cell first
        self.route_fruit = None  # the fruit the route leads to
        self.moved_from = self.moved_to = None  # our last move: if the head is elsewhere, someone else steered
        self.clock = None  # the body's Clock (planner.py), kept up to date move by move
        self.in_order = False  # whether the body we left fits planners[orient] (known, not re-checked)
        self.hungry = 0  # moves since the snake last grew
        self.last_length = 0
        self.waiting_on = None  # (planner index, tree) whose outline the snake follows while it waits
        self.ahead = None  # Ahead: the search, a slice per move, for where the wait will have taken the snake
        self._drawn = None  # (planner index, tree) hamiltonian_cycle() gave last: drawing only, never read by the play

    def planned_path(self):
        """The cells of the route ahead (the next cell alone when waiting or surviving)."""
        if self.moved_to is None:
            return []
        return [self.grid.cell(c) for c in [self.moved_to, *self.route]]

    def hamiltonian_cycle(self):
        """The Hamiltonian cycle the snake follows now, for the window: its cells (x, y) from the
        head round in driving order (from the neck while a route takes the head over the one
        cell an odd x odd board's tree leaves out); None while it plays no cell tree (the
        endgame, survival, a board under 2 wide, before its first move, a game over).

        It is the outline of the tree the body lies along: while waiting, the very tree the
        wait follows; on a route, a tree the body fits, as near the one given last as the body
        allows, so that the drawing changes only where the body made it change (a body part
        way along a route may fit none for a few moves: the last one given stays, or, asked
        first then, the tree of the body at the route's end). Where the route (planned_path)
        leaves this outline, it takes a shortcut. Asking changes nothing the play reads.
        """
        game = self.game
        if game.over() or not self.planners or getattr(self.decision, "mode", None) != "cell-tree":
            return None
        body = self.grid.flat_body(game.snake)
        choice = first = None
        for pair in self._drawing_trees(body):
            first = first or pair
            if self.planners[pair[0]].tree.skipped != body[0]:  # odd x odd: one whose outline passes the head
                choice = pair
                break
        index, tree = choice or first or (None, None)
        if tree is None:
            return None
        self._drawn = (index, tree)
        start = body[0] if self.planners[index].tree.skipped != body[0] else body[1]
        return [self.grid.cell(c) for c in self.planners[index].tree.outline(tree, start)]

    def _drawing_trees(self, body):
        """hamiltonian_cycle()'s candidates, (planner index, tree), best first, each made only if asked for."""
        last = self._drawn
        prefer = last[1] if last is not None else None
        if self.waiting_on is not None:
            yield self.waiting_on
        for index in sorted(range(len(self.planners)), key=lambda i: i != self.orient):
            if self.planners[index].tree.fits(body):  # every planner numbers the block edges alike
                yield index, self.planners[index].tree.spanning_tree(body, prefer=prefer)
        if last is not None:
            yield last
        after = (list(reversed(self.route)) + body)[:len(body) + 1]  # the body the route leads to
        if self.planners[self.orient].tree.fits(after):
            yield self.orient, self.planners[self.orient].tree.spanning_tree(after, prefer=prefer)

    def next_direction(self):
        """The move of the first way of playing that applies (see the module docstring)."""
        game, grid = self.game, self.grid
        snake = game.snake
        if game.over() or not snake.valid():
            self.decision = HamiltonDecision("none", reason="game over")
            self.moved_to = None
            return snake.direction()
        head = grid.index(snake.head())
        fruit = game.fruit.last_generate
        fruit = -1 if fruit is None else grid.index(fruit)
        ours = self.moved_to == head  # the body is the one our own moves left
        self._count_hunger(len(snake))
        grown = len(snake) - self.clock.length if ours and self.clock is not None else None
        if grown == 0:
            self.clock.moved(self.moved_from, head)
        elif grown == 1:
            self.clock.ate(self.moved_from, head)
        else:
            self.clock = None  # someone else steered: built again when needed
        nxt = self._follow_route(fruit) if ours else None
        if nxt is None:
            self.route.clear()
            if not ours:
                self.in_order, self.waiting_on = False, None
            if not ours or self.ahead is not None and self.ahead.length != len(snake):
                self.ahead = None
            nxt = self._plan(grid.flat_body(snake), fruit)
        self.moved_from, self.moved_to = head, nxt
        if nxt is None:
            return snake.direction()  # no safe move at all
        return grid.direction(head, nxt)

    def proven_win(self):
        """Whether the game is won whatever fruits come: the snake follows a route the
        endgame proved, or circles while it searches for the route of a position it has
        already shown to be won. The headless runner does not call such a game stuck."""
        proof = self.decision.proof
        return proof == "win" or proof == "under way" and self.endgame.proven()

    def _count_hunger(self, length):
        if length != self.last_length:
            self.hungry, self.last_length = 0, length
        else:
            self.hungry += 1

    def _follow_route(self, fruit):
        """The next cell of the committed route, if it still leads to this fruit."""
        if not self.route or self.route_fruit != fruit:
            return None
        self.decision.distance = len(self.route)
        if len(self.route) == 1:
            self.decision.endgame = None  # this move eats: nothing left to explain
        return self.route.popleft()

    def _plan(self, body, fruit):
        """A fresh choice: the first way of playing that applies."""
        nxt = self._cell_tree_move(body, fruit) if self.planners and fruit >= 0 else None
        if nxt is None:
            nxt = self._endgame_move(body, fruit)
        if nxt is None:
            nxt = self._survival_move(body, fruit)
        return nxt

    # -- both sides even: routes on the cell tree ----------------------------------------

    def _fitting_planner(self, body):
        """The index of a planner whose tree `body` fits (the one used last, if it still does); None if none."""
        if self.in_order:
            return self.orient
        order = sorted(range(len(self.planners)), key=lambda i: i != self.orient)
        return next((i for i in order if self.planners[i].tree.fits(body)), None)

    def _planner_for(self, index, fruit):
        """The planner to reach `fruit` with: this one, or, if its tree leaves that very cell
        out (odd x odd), the one of the same driving direction that leaves out the other."""
        if fruit != self.planners[index].tree.skipped:
            return index
        clockwise = self.planners[index].tree.clockwise
        return next(i for i, p in enumerate(self.planners) if p.tree.clockwise == clockwise and i != index)

    def _cell_tree_move(self, body, fruit):
        index = self._fitting_planner(body)
        self.in_order = index is not None
        if index is None:
            return None
        self.orient = index
        tree = self.planners[index].tree
        target = self._planner_for(index, fruit)
        slices = BUDGET // SLICE
        if self.clock is None or self.clock.tree.clockwise != tree.clockwise:
            self.clock = Clock(tree, body)  # the trees of one driving direction share their gates
            slices //= 2  # this move has read the whole body already (the clock, likely a fit)
        spent = self._states()
        search = self._search(body, fruit, index, target, slices)
        if search.route and not search.left:
            left = min(WAIT_FIRST_BUDGET, slices * SLICE - (self._states() - spent))  # within the move's budget
            waits, route = self._sooner_after_waiting(body, fruit, index, target, search.route, left)
            return self._take(route, fruit, target, waits)
        # No route yet (the body is in the way for now), or no answer yet: one step round a
        # tree the body fits, which keeps it on that tree's outline, then look again. The same
        # tree serves until a route is found: the body stays an arc of its outline.
        nxt = self._wait(index, tree, body)
        self._search_on(search, body, fruit, index, target)
        return nxt

    def _search(self, body, fruit, index, target, slices):
        """This move's share of the search for a route: of the one made ahead for this very
        position, or of a new one for here and now (at most `slices` slices of it)."""
        search, self.ahead = self.ahead, None
        if search is None or (search.fruit, search.index) != (fruit, index):
            search = Ahead(self.planners[target].planning(body, fruit, self.clock), fruit, index, 0, len(body))
            search.work(slices)
        else:
            search.step()
        return search

    def _search_on(self, search, body, fruit, index, target):
        """While the snake waits, which search goes on: this one, if it is on its way; if it
        ran out of its budget here, a new one for further ahead; if it found no route and took
        more than a slice, the next one for where the snake will be."""
        if search.left:
            self.ahead = search
        elif not search.done:
            # Dropped and made again for where the snake will be once it has had twice the
            # work (twice the budget, the first time), CATCH_UP slices a move, so that few
            # moves are lost waiting.
            self.decision.search = "unfinished"
            per_move = min(CATCH_UP, BUDGET // SLICE)
            moves = max(2 * BUDGET // SLICE // per_move, 2 * search.moves)
            self._plan_ahead(body, fruit, index, target, moves, per_move, per_move)
        elif self.planners[target].taken > SLICE:
            # The next search will likely take as long as this one, more than a move's slice:
            # it is made for where the snake will be once it has had a slice per move.
            self._plan_ahead(body, fruit, index, target, -(-self.planners[target].taken // SLICE))
        if self.ahead is not None:
            self.decision.ahead = self.ahead.left

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
        self.ahead = Ahead(self.planners[target].planning(later, fruit, clock), fruit, index, moves, len(body),
                           per_move, last)
        self.ahead.work()

    def _states(self):
        """The states all planners have searched so far (differences measure a move's work)."""
        return sum(planner.states() for planner in self.planners)

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
        self._wait_on(index, body)
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

    def _take(self, route, fruit, target, waits=0):
        """Follow `route` (its first cell now) to `fruit`, `waits` of its moves round the
        outline first; the body will fit planners[target]'s tree."""
        planner = self.planners[target]
        self.route, self.route_fruit, self.waiting_on = deque(route[1:]), fruit, None
        self.orient = target  # the body after the meal fits this planner's tree
        self.decision = HamiltonDecision("route", mode="cell-tree", distance=len(route), searches=planner.searches,
                                         driving=planner.tree.name, waits=waits or None)
        return route[0]

    def _wait(self, index, tree, body):
        """One step round the outline of the tree `body` fits, the same tree while the wait lasts."""
        self._wait_on(index, body)
        self.decision = HamiltonDecision("wait", mode="cell-tree", searches=self.planners[index].searches,
                                         driving=tree.name)
        return tree.next_on_outline(self.waiting_on[1], body[0])

    def _wait_on(self, index, body):
        """Choose the tree of planners[index] that `body` fits, whose outline a wait follows;
        kept while the wait lasts."""
        if self.waiting_on is None or self.waiting_on[0] != index:
            self.waiting_on = (index, self.planners[index].tree.spanning_tree(body))

    def _outline_walk(self, head, moves):
        """The next `moves` cells round the outline the waiting snake follows."""
        walk, outline = [], self.waiting_on[1]
        tree = self.planners[self.waiting_on[0]].tree
        for _ in range(moves):
            head = tree.next_on_outline(outline, head)
            walk.append(head)
        return walk

    # -- a body in no order ------------------------------------------------------------------

    def _endgame_move(self, body, fruit):
        answer = self.endgame.move(tuple(body), fruit)
        if answer is None:
            return None
        cells, won = answer
        if won:
            self.route, self.route_fruit = deque(cells[1:]), fruit
            self.decision = HamiltonDecision("endgame", mode="endgame", proof="win", distance=len(cells))
            if len(cells) > self.grid.size:  # longer than a lap of the board: the window says why
                self.decision.endgame = EndgameState.WINNING
        else:  # round the loop that brings this position back, while the proof goes on
            proof = self.endgame.proof
            self.decision = HamiltonDecision("endgame", mode="endgame", proof="under way", endgame=EndgameState.PROVING,
                                             bodies=proof.looked, back_in=proof.back_in())
        return cells[0]

    def _survival_move(self, body, fruit):
        hopeless = self.endgame.lost(body, fruit)  # no order can win it: just stay alive, cheaply
        if not hopeless:
            route = self._restore(body, fruit)
            if route:
                return self._survival_route(route, fruit, "restore")
        choice = self.survival.move(self.game.snake, body, fruit, self.hungry, mind_order=not hopeless)
        if choice is None:
            self.decision = HamiltonDecision("doomed", mode="survival")
            return None
        direc, room_ok, chase = choice
        if not room_ok:  # every move walls the head in: look for a way onto its own trail in time
            escape = self.survival.escape(body, fruit)
            if escape:
                return self._survival_route(escape, fruit, "escape")
        self.decision = HamiltonDecision("chase" if chase else "survive", mode="survival", room_ok=room_ok)
        if hopeless or self.endgame.given_up(body, fruit):
            self.decision.endgame = EndgameState.LOST if hopeless else EndgameState.UNDECIDED
        return self.grid.neighbours[body[0]][direc]

    def _restore(self, body, fruit):
        """A route after which the body fits a tree again, tried first for the driving
        direction in which more of it is in order already; None if neither finds one."""
        parts = sorted(((ordered_part(planner.tree, body), i) for i, planner in enumerate(self.planners)),
                       reverse=True)
        for part, i in parts:
            route = self.survival.restore(self.planners[i].tree, body, fruit, part)
            if route:
                self.orient = i
                return route
        return None

    def _survival_route(self, route, fruit, step):
        """Follow `route` (its first cell now), never through the fruit."""
        self.route, self.route_fruit = deque(route[1:]), fruit
        self.decision = HamiltonDecision(step, mode="survival", distance=len(route))
        return route[0]

    def _order(self, body):
        """How much of a body (head first) lies in cycle order: the most cells from the head
        that fit a tree of some planner (all of them once the body is back in order)."""
        return max((ordered_part(planner.tree, body) for planner in self.planners), default=0)



def _within_budget(planning, planner, budget):
    """Run `planning` (planner's) until it answers or has searched `budget` states (rounded
    up to a slice); its route, or None if it has none or no answer yet."""
    start = planner.states()
    try:
        while planner.states() - start < budget:
            next(planning)
    except StopIteration as answer:
        return answer.value
    return None


class Ahead:
    """A search for the position a waiting snake will reach `left` moves from now (it follows
    a known outline and eats nothing on the way, so that position is known), taken one slice
    per move (or `per_move`); `left` 0 is a search for here and now. On a big board one search
    costs many moves' worth of time; spread so, no move waits for it, and the route is ready
    the moment the snake gets there. On arrival it may take `last` slices more (up to BUDGET
    states); a search that still has no answer then is given up (the snake waits on, and plans
    again further ahead)."""

    def __init__(self, planning, fruit, index, left, length, per_move=1, last=None):
        self.planning, self.fruit, self.index, self.length = planning, fruit, index, length
        self.left = self.moves = left
        self.per_move = per_move  # slices a move on the way
        self.last = BUDGET // SLICE if last is None else last  # and on arrival
        self.route = None  # the search's answer, once it has one
        self.done = False

    def step(self):
        """One move nearer: `per_move` slices of the search, `last` on arrival."""
        self.left -= 1
        self.work(self.per_move if self.left else self.last)

    def work(self, slices=1):
        """Up to `slices` slices of the search."""
        for _ in range(slices):
            if self.done:
                return
            try:
                next(self.planning)
            except StopIteration as answer:
                self.route, self.done = answer.value, True
