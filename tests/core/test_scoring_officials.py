"""Officials come from the board's data file and their handlers, what is allowed from the policy alone: the base turn
names no official, the Cartwright is an official "who helps while scoring" like any other declared so, and a
policy can make one official compulsory every turn (SoloPlay, 4.1: "Must use exactly one postal official per
turn"). The toy policy lives here only."""
from __future__ import annotations

import json
import re

import pytest

import thurn
from thurn import IllegalAction
from thurn.turn import OfficialsPolicy, forced_event
from thurn.variants import Variant, register, unregister

from tests.support.helpers import at_score
from tests.support.paths import ROOT


class OneCompulsory(OfficialsPolicy):
    """Exactly one official every turn: the turn cannot end (by ending it or by scoring) without one while one can
    still help; a turn in which none can help any more ends without one, and the log says so."""

    rule = "toy rules (SoloPlay, 4.1: one official every turn)"
    text = "exactly one must help every turn"
    sentence = "exactly one official helps every turn"

    def end_problem(self, s, action=None):
        if s.officials or getattr(action, "cartwright", False):
            return None
        helpers = [a for a in s.legal_actions() if a.kind == "official" or (a.kind == "score" and a.cartwright)]
        if not helpers:
            return None
        ways = sorted({str(a) for a in helpers})
        return IllegalAction("official_compulsory", f"One official must help every turn: first {' or '.join(ways)}.",
                             action, self.rule)


@pytest.fixture(scope="module", autouse=True)
def toy_policy():
    @register
    class Compulsory(Variant):
        name = "toy_one_compulsory"
        officials = OneCompulsory()

        def turn_end(self, s, say):
            if not s.officials:
                forced_event(s, "no_official", say, f"No official could help {s.names[s.to_move]} this turn: the "
                             f"turn ends without one.")

    yield
    unregister("toy_one_compulsory")


RULES = {"expansions": ["toy_one_compulsory"]}


def test_the_base_turn_names_no_official():
    """Every official id of the board file appears in the base turn (its modules) only where the handlers are
    declared."""
    ids = [o["id"] for o in json.loads((ROOT / "data" / "base.json").read_text(encoding="utf-8"))["officials"]]
    for path in sorted((ROOT / "thurn" / "turn").glob("*.py")):
        src = path.read_text(encoding="utf-8")
        if path.name == "base_officials.py":
            start = src.index("def base_officials(")
            end = src.index("\ndef ", start + 1)
            src = src[:start] + src[end:]
        for oid in ids:
            assert not re.search(rf"[\"']{oid}[\"']", src), f"{path.name} names the official {oid!r}"


def test_the_cartwright_is_declared_as_helping_while_scoring():
    from thurn.turn.base_officials import base_officials

    handlers = base_officials()
    assert handlers["cartwright"].helps == "scoring" and handlers["cartwright"].check is None
    assert {oid for oid, h in handlers.items() if h.helps == "alone"} == {"postmaster", "administrator",
                                                                          "postal_carrier"}
    s = at_score(["Mannheim", "Carlsruhe", "Stuttgart"])
    with pytest.raises(IllegalAction) as e:
        s.apply("call cartwright")
    assert e.value.reason == "cartwright_when_scoring"
    assert e.value.explanation == "The Cartwright helps while you score: choose a scoring with the Cartwright."
    # a replaced handler keeps what the official does (The Princess' Messenger's own Administrator check)
    h = handlers["administrator"].replace(check=lambda s, a, p: None)
    assert h.offers == handlers["administrator"].offers and h.do is handlers["administrator"].do


def test_one_official_compulsory_every_turn():
    # the Postal Carrier can still help (Ulm fits the route's end): neither ending nor scoring without him
    s = at_score(["Mannheim", "Carlsruhe", "Stuttgart"], hand=["Ulm"], rules=RULES)
    for action in ("end", "score mannheim+carlsruhe"):
        with pytest.raises(IllegalAction) as e:
            s.apply(action)
        assert e.value.reason == "official_compulsory" and "call the Postal Carrier" in e.value.explanation
    s = s.apply("call postal_carrier").apply("play ulm right")
    s = s.apply("end")                                  # one official helped: the turn may end
    assert s.turn_owner == 1 and not any(code == "no_official" for code, _ in s.events)


def test_a_turn_in_which_no_official_can_help_ends_without_one():
    # no card fits the route, the route earns carriage 3 on its own (no Cartwright): nobody can help any more
    s = at_score(["Mannheim", "Carlsruhe", "Stuttgart"], hand=["Lodz"], rules=RULES)
    assert not [a for a in s.legal_actions() if a.kind == "official" or (a.kind == "score" and a.cartwright)]
    lines = []
    after = thurn.turn.apply(s, thurn.actions.EndTurn(), lines.append)
    assert after.turn_owner == 1 and ("no_official", 0) in s.apply("end").events
    assert "No official could help Ann this turn: the turn ends without one." in lines
    # the base policy never asks
    base = at_score(["Mannheim", "Carlsruhe", "Stuttgart"], hand=["Ulm"])
    assert base.apply("end").turn_owner == 1
