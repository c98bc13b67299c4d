"""A game that thinks in the time between moves: proofs rooted ahead, and the next fruit made ready.

The window (and the headless runner with --move-time) gives the autopilot the wait between
two moves to think in (Endgame.think). With that time, the endgame plays so:

    proof ends away from its root   the next proof is rooted where the snake will be when
                                    it is likely done, ahead on the known loop; every route
                                    proven is kept, and the snake sets out on the soonest
                                    from where it is (going round to a root is one of them)
    the snake sets out on a route   its body after the meal is known: a proof for every cell
                                    the next fruit can take is made ready while it goes there

Without that time (the headless benchmark) none of this happens, and the endgame plays as
it always has: its figures are the benchmark's.
"""
from hamilton.endgame.proof import Proof


class Lookahead:
    """The routes proven from earlier roots of the loop (`taken`) and the proofs made ready for
    the next fruit (`prepared`) of `endgame`, a timed game's."""

    def __init__(self, endgame):
        self.endgame = endgame
        self.taken = []  # (root, route) of each proof of this question ended so far
        self.prepared = {}  # (body, fruit) after the meal ahead -> its Proof, made while the snake goes there

    def route(self, proof):
        """The route from the snake's place, once `proof` has ended, or None while another
        proof goes on (the endgame's `proof`, rooted ahead) or the snake goes on round the
        loop to this one's root; and None, with the endgame's `proof` None, when the question
        is proven lost or given up.

        The snake is `at` round the loop, the proof was for the position at `root`. Going
        round to it costs the moves back to it; so, where that is longer than the proof took,
        the next proof is rooted as many moves ahead as this one took (and two), where the
        snake will be when it is likely done (it knows all this one learnt after eating), and
        its search for a shorter route stops when the snake gets there. Every route proven
        is kept (`taken`), and the snake sets out on the one that reaches the fruit soonest
        from where it is: never later than going round."""
        endgame = self.endgame
        if not proof.done and self.taken:  # a proof rooted ahead given up: the game is known won
            return self.soonest(proof)
        if not proof.kept:
            route = endgame.verdict(proof)
            if route is None:
                proof.search.close()
                endgame.proof = None
                return None
            self.taken.append((proof.root, route))
            proof.kept = True
        if proof.at == proof.root:
            return self.soonest(proof)
        ahead = max(1, endgame.moves - proof.started) + 2  # as long as this one took: to finish, and shorten
        if proof.back_in() <= ahead:
            return None  # round the loop is no longer than another proof would take
        root = (proof.at + ahead) % len(proof.loop)
        body = proof.body_at(root)
        endgame.proof = Proof(endgame.proving(body, proof.fruit, endgame.moves + ahead), body, proof.fruit,
                              proof.loop, proof.at, root, endgame.moves)
        proof.search.close()
        return None

    def soonest(self, proof):
        """Of the routes `taken`, the one from the snake's place that reaches the fruit
        soonest (round the loop to its root, then along it); the proof ends."""
        ways = [(proof.way_to(root), route) for root, route in self.taken]
        way, route = min(ways, key=lambda pair: len(pair[0]) + len(pair[1]))
        self.taken = []
        proof.root = proof.at
        return way + route

    def prepare(self, body, route, fruit):
        """The snake sets out on `route` from `body` to eat `fruit`, so its body after the meal
        is known: a proof is made ready for every cell the next fruit can take, thought through
        while it goes there (`think`), so the next fruit's route is ready when it appears."""
        after = tuple((route[::-1] + list(body))[:len(body) + 1])
        proving = self.endgame.proving
        self.prepared = {(after, next_fruit): Proof(proving(after, next_fruit), after, next_fruit)
                         for next_fruit in sorted(self.endgame.space.cells.difference(after))}

    def take(self, body, fruit):
        """The proof made ready for this meal's position, if any (the others are let go of)."""
        proof = self.prepared.pop((body, fruit), None)
        for other in self.prepared.values():
            other.search.close()
        self.prepared = {}
        return proof

    def think(self, deadline, clock):
        """Go on with the proofs made ready for the next fruit until `deadline`, a slice of each
        in turn, so that a hard one does not keep the others waiting: the fruit is as likely to
        take any free cell. Whether any was left to think about."""
        endgame = self.endgame
        going = [proof for proof in self.prepared.values() if not proof.ended(endgame.limit_for(proof.body))]
        if not going:
            return False
        while going and clock() < deadline:
            for proof in going:
                endgame.work_on(proof, 1)
            going = [proof for proof in going if not proof.ended(endgame.limit_for(proof.body))]
        return True
