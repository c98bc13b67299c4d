"""HamiltonSolver: the solver that never loses, on every board at least 2 wide. No pygame here.

It plays one design, the cell tree (cycle.py), and keeps two helpers for bodies someone
else left behind. First match wins:

    body                    plays                                            module
    fits a cell tree        a route per fruit, planned once and followed;    cycle.py,
                            while no route exists, one step round the        celltree.py,
                            outline of a tree the body fits, then again      planner.py
    few free cells left     the shortest route found by searching every      endgame/
                            future fruit (hand-overs near the end); while
                            the proof goes on, a loop back to this position
    anything else           a route back into order; failing that, stay      survival.py
                            alive and keep as much of the body in order;
                            in a timed game with up to 8 free cells, after   endgame/
                            SURVIVAL_LAPS laps without a meal, the search
                            of every future

Whichever plays, a route once taken is followed to its fruit, unless someone else steers.
`decision` is a HamiltonDecision (decision.py): which way of playing made the move, and how
far it has got.
`hamiltonian_cycle()` gives the window the Hamiltonian cycle the snake follows, for the C key to draw.
"""
import random
from collections import deque

from solver import Solver, EndgameState
from hamilton.cycle import CyclePlay, Outline
from hamilton.decision import HamiltonDecision, Mode, ProofState, Step
from hamilton.endgame import Endgame, TimedEndgame
from hamilton.endgame.closed import run_of
from hamilton.grid import Grid
from hamilton.survival import Survival, ordered_part

SURVIVAL_LAPS = 4  # laps of the board (two of them chasing the fruit) survival has before a timed game proves


class HamiltonSolver(Solver):
    """Wins every game on every board at least 2 wide; takes over positions others leave."""

    name = "hamilton"
    follows_a_cycle = True

    def __init__(self, game):
        super().__init__(game)
        self.grid = grid = Grid(game.width, game.height)
        self.cycle = CyclePlay(grid, game.width, game.height)
        self.endgame = Endgame(grid)
        self.survival = Survival(grid, self.cycle.order, random.Random(game.seed))
        self.route = deque()  # the rest of the planned route, next cell first
        self.route_fruit = None  # the fruit the route leads to
        self.moved_from = self.moved_to = None  # our last move: if the head is elsewhere, someone else steered
        self.hungry = 0  # moves since the snake last grew
        self._body = None  # the body as flat cells, head first, kept in step by our own moves (_keep_body)
        self.last_length = 0
        self._drawn = None  # the Outline hamiltonian_cycle() gave last: drawing only, never read by the play

    def planned_path(self):
        """The cells of the route ahead (the next cell alone when waiting or surviving)."""
        if self.moved_to is None:
            return []
        return [self.grid.cell(c) for c in [self.moved_to, *self.route]]

    def hamiltonian_cycle(self):
        """The Hamiltonian cycle the snake follows now, for the window: its cells (x, y) from the
        head round in driving order (from the neck while a route takes the head over the one
        cell an odd x odd board's tree leaves out). In the endgame, on a proven route, the
        cycle of a closed body (`_closed_cycle`); None while it plays no cell tree otherwise
        (the endgame circling or on a body not closed, survival, a board under 2 wide, before
        its first move, a game over).

        It is the outline of the tree the body lies along: while waiting, the very tree the
        wait follows; on a route, a tree the body fits, as near the one given last as the body
        allows, so that the drawing changes only where the body made it change (a body part
        way along a route may fit none for a few moves: the last one given stays, or, asked
        first then, the tree of the body at the route's end). Where the route (planned_path)
        leaves this outline, it takes a shortcut. Asking changes nothing the play reads.
        """
        game = self.game
        mode = getattr(self.decision, "mode", None)
        if not game.over() and mode is Mode.ENDGAME and self.decision.proof is ProofState.WIN:
            return self._closed_cycle(self.grid.flat_body(game.snake))
        if game.over() or not self.cycle.planners or mode is not Mode.CELL_TREE:
            return None
        body = self.grid.flat_body(game.snake)
        choice = first = None
        for outline in self._drawing_trees(body):
            first = first or outline
            if self.cycle.planners[outline.planner].tree.skipped != body[0]:  # odd x odd: one passing the head
                choice = outline
                break
        choice = choice or first
        if choice is None:
            return None
        self._drawn = choice
        tree = self.cycle.planners[choice.planner].tree
        start = body[0] if tree.skipped != body[0] else body[1]
        return [self.grid.cell(c) for c in tree.outline(choice.edges, start)]

    def _closed_cycle(self, body):
        """The cycle a closed body (flat cells, head first) lies along, or None if it is not
        closed (hamilton/endgame/closed.py): the head, the run of free cells from beside it
        to beside the tail, then the body from the tail back to the neck. Round it, each fruit
        is a few moves on; a route that leaves it is drawn as a shortcut, as on a tree.

            3  2  1  H      H a b c 8 7 6 5 4 3 2 1, and back to H
            4  7  8  a
            5  6  c  b
        """
        body = tuple(body)
        run = run_of(self.endgame.space, body)
        if run is None:
            return None
        return [self.grid.cell(c) for c in (body[0], *run, *reversed(body[1:]))]

    def _drawing_trees(self, body):
        """hamiltonian_cycle()'s candidates, Outlines, best first, each made only if asked for."""
        last = self._drawn
        prefer = last.edges if last is not None else None
        if self.cycle.waiting_on is not None:
            yield self.cycle.waiting_on
        for index in sorted(range(len(self.cycle.planners)), key=lambda i: i != self.cycle.orient):
            if self.cycle.planners[index].tree.fits(body):  # every planner numbers the block edges alike
                yield Outline(index, self.cycle.planners[index].tree.spanning_tree(body, prefer=prefer))
        if last is not None:
            yield last
        after = (list(reversed(self.route)) + body)[:len(body) + 1]  # the body the route leads to
        tree = self.cycle.planners[self.cycle.orient].tree
        if tree.fits(after):
            yield Outline(self.cycle.orient, tree.spanning_tree(after, prefer=prefer))

    def next_direction(self):
        """The move of the first way of playing that applies (see the module docstring)."""
        game, grid = self.game, self.grid
        snake = game.snake
        if game.over() or not snake.valid():
            self.decision = HamiltonDecision(Step.NONE, reason="game over")
            self.moved_to = None
            return snake.direction()
        self.endgame.moves += 1  # the endgame times its proofs in moves
        head = grid.index(snake.head())
        fruit = game.fruit.last_generate
        fruit = -1 if fruit is None else grid.index(fruit)
        ours = self.moved_to == head  # the body is the one our own moves left
        self._keep_body(snake, head, ours)
        self._count_hunger(len(snake))
        self.cycle.follow(ours, self.moved_from, head, len(snake))
        nxt = self._follow_route(fruit) if ours else None
        if nxt is None:
            self.route.clear()
            self.cycle.replanning(ours, len(snake))
            if self._body is None:
                self._body = grid.flat_body(snake)
            nxt = self._plan(self._body, fruit)
        self.moved_from, self.moved_to = head, nxt
        if nxt is None:
            return snake.direction()  # no safe move at all
        return grid.direction(head, nxt)

    def think(self, deadline, clock):
        """The endgame's proof goes on while the snake waits (a game that thinks so plays
        timed, hamilton/endgame/timed/: its proofs rooted where the snake will be)."""
        return self._timed().think(deadline, clock)

    def paced(self, seconds):
        """The endgame plans by the waits to come (TimedEndgame.pace): from the first move
        after a hand-over, before any wait has been measured."""
        self._timed().pace = seconds

    def _timed(self):
        """The endgame as a game with time between moves plays it: a TimedEndgame, taken over
        from the untimed one at the first `paced` or `think` (a game that does neither, as
        the headless benchmark, never builds one)."""
        if not isinstance(self.endgame, TimedEndgame):
            self.endgame = TimedEndgame.taking_over(self.endgame)
        return self.endgame

    def proven_win(self):
        """Whether the game is won whatever fruits come: the snake follows a route the
        endgame proved, or circles while it searches for the route of a position it has
        already shown to be won. The headless runner does not call such a game stuck."""
        proof = self.decision.proof
        return proof is ProofState.WIN or proof is ProofState.UNDER_WAY and self.endgame.proven()

    def _keep_body(self, snake, head, ours):
        """Keep the flat body in step with the snake without reading all of it: our own move
        adds the new head and drops the tail unless the snake ate. After anyone else's move
        (or a tail that is not where ours would be) it is read afresh when next needed."""
        body = self._body
        if not ours or body is None:
            self._body = None
            return
        body.insert(0, head)
        if len(body) > len(snake):
            body.pop()
        if len(body) != len(snake) or body[-1] != self.grid.index(snake.tail()):
            self._body = None

    def _count_hunger(self, length):
        if length != self.last_length:
            self.hungry, self.last_length = 0, length
        else:
            self.hungry += 1

    def _follow_route(self, fruit):
        """The next cell of the committed route, if it still leads to this fruit; a route the
        endgame proved may give way to a sooner one found along it (EnRoute.sooner)."""
        if not self.route or self.route_fruit != fruit:
            return None
        if self.decision.proof is ProofState.WIN:  # proofs rooted along the route may have a sooner one
            sooner = self.endgame.sooner(fruit, len(self.route))
            if sooner is not None:
                self.route = deque(sooner)
            self.decision.at_most = self._shortening_on_the_way()
        self.decision.distance = len(self.route)
        if len(self.route) == 1:
            self.decision.endgame = None  # this move eats: nothing left to explain
        return self.route.popleft()

    def _plan(self, body, fruit):
        """A fresh choice: the first way of playing that applies."""
        nxt = self._cycle_move(body, fruit) if self.cycle.planners and fruit >= 0 else None
        if nxt is None:
            nxt = self._endgame_move(body, fruit)
        if nxt is None:
            nxt = self._survival_move(body, fruit)
        return nxt

    def _cycle_move(self, body, fruit):
        """Along a cell tree's outline (cycle.py): its route taken, or its one step of a wait."""
        choice = self.cycle.move(body, fruit)
        if choice is None:
            return None
        cells, self.decision = choice
        self.route, self.route_fruit = deque(cells[1:]), fruit
        return cells[0]

    # -- a body in no order ------------------------------------------------------------------

    def _endgame_move(self, body, fruit, wider=False):
        answer = self.endgame.move(tuple(body), fruit, wider)
        if answer is None:
            return None
        cells, won = answer
        if won:
            self.route, self.route_fruit = deque(cells[1:]), fruit
            self.decision = HamiltonDecision(Step.ENDGAME, mode=Mode.ENDGAME, proof=ProofState.WIN, distance=len(cells),
                                             endgame=EndgameState.WINNING,  # the window counts it down
                                             at_most=self._shortening_on_the_way())
        else:  # round the loop that brings this position back, while the proof goes on
            proof = self.endgame.proof
            left = self.endgame.moves_left()  # a win already proven
            self.decision = HamiltonDecision(Step.ENDGAME, mode=Mode.ENDGAME, proof=ProofState.UNDER_WAY,
                                             bodies=proof.looked, back_in=proof.back_in(), distance=left,
                                             endgame=EndgameState.PROVING if left is None else EndgameState.WINNING)
            if left is not None and self.endgame.at_most():
                self.decision.at_most = True
        return cells[0]

    def _shortening_on_the_way(self):
        """True where a proof rooted along the proven route the snake follows may still find a
        sooner way (hamilton/endgame/timed/en_route.py): its moves left are then a bound, and the
        board says "at most"; else None."""
        return True if self.endgame.shortening_on_the_way() else None

    def _survival_move(self, body, fruit):
        hopeless = self.endgame.lost(body, fruit)  # no order can win it: just stay alive, cheaply
        if not hopeless:
            route = self._restore(body, fruit)
            if route:
                return self._survival_route(route, fruit, Step.RESTORE)
            if self.hungry >= SURVIVAL_LAPS * self.grid.size:
                nxt = self._endgame_move(body, fruit, wider=True)  # timed: survival does not eat, so prove
                if nxt is not None:
                    return nxt
        choice = self.survival.move(self.game.snake, body, fruit, self.hungry, mind_order=not hopeless)
        if choice is None:
            self.decision = HamiltonDecision(Step.DOOMED, mode=Mode.SURVIVAL)
            return None
        direc, room_ok, chase = choice
        if not room_ok:  # every move walls the head in: look for a way onto its own trail in time
            escape = self.survival.escape(body, fruit)
            if escape:
                return self._survival_route(escape, fruit, Step.ESCAPE)
        self.decision = HamiltonDecision(Step.CHASE if chase else Step.SURVIVE, mode=Mode.SURVIVAL, room_ok=room_ok)
        if hopeless or self.endgame.given_up(body, fruit):
            self.decision.endgame = EndgameState.LOST if hopeless else EndgameState.UNDECIDED
        elif (left := self._moves_to_search(body, fruit)) is not None:
            self.decision.endgame, self.decision.distance = EndgameState.SURVIVING, left
        return self.grid.neighbours[body[0]][direc]

    def _moves_to_search(self, body, fruit):
        """The moves left before a timed game searches this position (one with more free cells
        than the endgame searches at once) if survival eats nothing meanwhile: it does after
        SURVIVAL_LAPS laps without a meal (`asked` wider). None if it will not, or has."""
        left = SURVIVAL_LAPS * self.grid.size - self.hungry
        endgame = self.endgame
        if left > 0 and self.grid.size - len(body) > endgame.free_max and endgame.asked(body, fruit, wider=True):
            return left
        return None

    def _restore(self, body, fruit):
        """A route after which the body fits a tree again, tried first for the driving
        direction in which more of it is in order already; None if neither finds one."""
        planners = self.cycle.planners
        parts = sorted(((ordered_part(planner.tree, body), i) for i, planner in enumerate(planners)), reverse=True)
        for part, i in parts:
            route = self.survival.restore(planners[i].tree, body, fruit, part)
            if route:
                self.cycle.orient = i
                return route
        return None

    def _survival_route(self, route, fruit, step):
        """Follow `route` (its first cell now), never through the fruit."""
        self.route, self.route_fruit = deque(route[1:]), fruit
        self.decision = HamiltonDecision(step, mode=Mode.SURVIVAL, distance=len(route))
        return route[0]
