"""Random legal games with The Princess' Messenger, Offices of Honor, and both, on every board they play on (the
first in make test), with every listed action probed at every state: each one legal, and an illegal action of
their own (an official called, office tiles returned: too many, too few, twice, an unknown office, a card or a
house named wrongly) refused with a typed error and a reason, changing nothing. The invariants are checked after every action as in every ruleset
(tests/conformance/invariants.py and the expansions' tests/expansions/<name>/conformance.py).
"""
from __future__ import annotations

import random

import pytest

import thurn
from thurn import CallOfficial, Draw, EndTurn, Play, Score
from thurn.expansions.offices.rules import ReturnTiles
from thurn.sim import full_size, sized

from tests.conformance.invariants import play_checked
from tests.support.rulesets import NAMES, RULESETS, ruleset_id

#: Every ruleset with the Messenger or Offices of Honor and no other expansion (whose own actions the pool has not);
#: in make test (THURN_SIZE=small) those of the first board.
COMBOS = [r for r in RULESETS if r[1] and set(r[1]) <= {"messenger", "offices"}]
COMBOS = COMBOS if full_size() else [r for r in COMBOS if r[0] == COMBOS[0][0]]


POOL = ([Draw("Ulm"), Draw(), EndTurn(), Play("Ulm", "new"), Play("Basel", "left"), Score([]),
         Score(["Basel"], cartwright=True)]
        + [CallOfficial(o) for o in ("postmaster", "administrator", "postal_carrier", "cartwright")]
        + [ReturnTiles(()), ReturnTiles(["postmaster"]), ReturnTiles(["postmaster", "postmaster"]),
           ReturnTiles(["postmaster", "cartwright"], card="deck"), ReturnTiles(["administrator"], card="Ulm"),
           ReturnTiles(["postmaster", "cartwright", "administrator", "postal_carrier"], house="Ulm"),
           ReturnTiles(["postmaster", "cartwright", "administrator"]), ReturnTiles(["nobody"])])


def probe_state(s, rng, where):
    """Every listed action is legal; an illegal one raises a typed error with a reason and changes nothing."""
    legal = s.legal_actions()
    for a in rng.sample(legal, min(5, len(legal))):
        assert s.why_illegal(a) is None, f"{where}: listed {a} but {s.why_illegal(a)}"
    before = s.position()
    for a in rng.sample(POOL, 6):
        err = s.why_illegal(a)
        assert (err is None) == (a in legal), f"{where}: {a}: why_illegal {err!r} but listed={a in legal}"
        if err is not None:
            assert isinstance(err, ValueError) and err.reason and str(err)
            with pytest.raises(thurn.IllegalAction):
                s.apply(a)
            assert s.position() == before, f"{where}: {a} changed the state"


@pytest.mark.parametrize("board,expansions", COMBOS, ids=[ruleset_id(r) for r in COMBOS])
def test_listed_actions_are_legal_and_refusals_change_nothing(board, expansions):
    for k in range(sized(9, 3)):
        n, seed = 2 + k % 3, 9100 + k
        s = thurn.new_game(NAMES[:n], seed=seed, rules=thurn.Rules(board=board, expansions=expansions))
        play_checked(s, random.Random(seed), f"{ruleset_id((board, expansions))}, {n} players, seed {seed}",
                     on_state=probe_state)
