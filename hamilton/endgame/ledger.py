"""The endgame search's ledger: the work it has done and the bodies it holds. No pygame here.

A proof can look at a hundred million bodies and hold a million at once, so it keeps two
accounts as it goes:

    work    `spent`: a body looked at counts 1, a search begun SEARCH_COST; every SLICE of
            it the search pauses (yields), so it can be spread over moves (`due`)
    memory  `held`: the bodies the searches under way hold, and those of ended searches not
            yet freed (the graveyard); past `hold` the proof is given up

Freeing is work too: a dict of a million bodies stops the game for a tenth of a second when
it is freed, and for a third when it grows (it copies itself). So a search's bodies are
spread over SHARDS dicts once they pass SPLIT (`spread`), and an ended search's dicts are
freed a few bodies at each pause (`bury`), faster than a search grows.

The sizes (`holding`) are for bodies of 16x12 (BODY_BYTES each) or less; where a body takes
more memory, as on bigger boards, they shrink alike, so the memory stays the same.
"""
import sys

SLICE = 256  # bodies a proof looks at between pauses (a search begun counts as SEARCH_COST more)
SEARCH_COST = 3  # its lists, dict and generator cost about what looking at 3 bodies does
HOLD = 1_000_000  # bodies a proof may hold at once (a few hundred MB on 16x12) before it is given up
BODY_BYTES = sys.getsizeof(bytes(16 * 12))  # HOLD and the three below are for bodies this big
FORGET = HOLD // 4  # bodies a search keeps all of; past them it keeps its layer only (layers.py)
DEEPEN = HOLD // 3  # a layer this big goes on depth first: it, the next and later fruits' searches must fit
REMEMBER = HOLD // 2  # questions proven not won that are remembered at once (a body each)
SPLIT, SHARDS = 16 * SLICE, 64  # a search past SPLIT bodies spreads them over SHARDS dicts


def holding(hold):
    """A hold of `hold` bodies and its parts, in the proportions of HOLD's: the keyword
    arguments `hold`, `forget`, `deepen` and `remember` of Endgame."""
    return {"hold": hold, "forget": hold // (HOLD // FORGET), "deepen": hold // (HOLD // DEEPEN),
            "remember": hold // (HOLD // REMEMBER)}


class Ledger:
    """The work done (`spent`, `looked`) and the bodies held (`held`, `graveyard`) by every
    search of one Endgame, with its limits: `hold` in all, `forget` per search, a layer of
    `deepen`, `remember` answers."""

    def __init__(self, hold, forget, deepen, remember):
        self.hold, self.forget, self.deepen, self.remember = hold, forget, deepen, remember
        self.looked = 0  # bodies the searches have looked at, ever
        self.spent = 0  # work, ever: bodies looked at, and SEARCH_COST for each search begun
        self.pause = SLICE  # the search pauses once `spent` reaches this (every SLICE of work)
        self.held = 0  # bodies the searches hold: those under way, and those still to be freed
        self.graveyard = []  # dicts of bodies searches let go of, freed a slice at a time

    def due(self, work):
        """Count `work` done; whether a pause is due (the caller yields), bodies of ended
        searches being freed first, faster than a search grows, so they do not pile up."""
        self.spent += work
        if self.spent < self.pause:
            return False
        self.pause = self.spent + SLICE
        self.bury(2 * SLICE)
        return True

    def bury(self, bodies):
        """Free about `bodies` of the bodies ended searches left (one at a time: a pause as
        short as the work)."""
        graveyard = self.graveyard
        while bodies > 0 and graveyard:
            left = graveyard[-1]
            take = min(bodies, len(left))
            for _ in range(take):
                left.popitem()
            bodies -= take
            self.held -= take
            if not left:
                graveyard.pop()

    def let_go(self, bodies):
        """A search's bodies (a dict) are no longer needed: freed by later slices if many."""
        if len(bodies) > SLICE:
            self.graveyard.append(bodies)
        else:
            self.held -= len(bodies)

    def free_all(self):
        """Free every body ended searches left, a few slices between pauses (a generator):
        a round's forks, all at once, would stop the game for a tenth of a second or more."""
        while self.graveyard:
            self.bury(4 * SLICE)
            yield


def spread(bodies):
    """The bodies (keys) of one dict spread over SHARDS dicts by hash.

    Bodies are kept as dict keys, with None, not in sets: the garbage collector never walks
    a dict that holds only bytes or ints, but walks every entry of a set: a full collection
    over a big search's set would stop the game for a noticeable pause."""
    shards = [{} for _ in range(SHARDS)]
    for body in bodies:
        shards[hash(body) % SHARDS][body] = None
    return shards


def linked_back(shards, last):
    """The bodies a search kept in `shards` (dicts by hash, each body to a tuple whose first
    item is the body kept before it, None at its start), from the start to `last`."""
    bodies = []
    while last is not None:
        bodies.append(last)
        last = shards[hash(last) % len(shards)][last][0]
    bodies.reverse()
    return bodies
