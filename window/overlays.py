"""What O and C draw over the board: the dots of the solver's planned path, and the lines of
the cycle it follows with where its route leaves it.

Both are worked out from the app's state when a frame is drawn (App.show_path and
App.show_cycle say whether they are on); window/canvas.py paints them.
"""
import drawer
from solvers.guard import SolverFailed


class Overlays:
    """The path and the cycle of `app` (an App) as the canvas takes them."""

    def __init__(self, app):
        self.app = app
        self.ways, self.ways_of = {}, None  # the cycle's lines, and the (solver, move) they are of

    def path_cells(self):
        """The solver's plan, on free cells only, when the overlay is on."""
        app = self.app
        if not (app.show_path and app.auto and app.solver is not None) or app.game.over():
            return []
        snake = app.game.snake
        try:
            return [tuple(c) for c in app.solver.planned_path() if not snake.at(c)]
        except SolverFailed as e:
            app.solver_failed(e)
            return []

    def cycle_lines(self):
        """The lines C draws (drawer.lines): the cycle the solver follows and where its route
        leaves it. Worked out once a move, the same dict until the next, so an unchanged
        drawing costs the canvas nothing."""
        app = self.app
        if not (app.show_cycle and app.auto and getattr(app.solver, "follows_a_cycle", False)):
            return {}
        key = (app.solver, app.game.steps)
        if key != self.ways_of:
            try:
                route = [tuple(c) for c in app.solver.planned_path()]
                cycle = app.solver.hamiltonian_cycle()
            except SolverFailed as e:
                app.solver_failed(e)
                return {}
            self.ways_of = key
            self.ways = drawer.lines(cycle, route)
        return self.ways
