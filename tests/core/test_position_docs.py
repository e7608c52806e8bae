"""Issue 33: positions as an outsider writes them (docs/positions.md): every example on the page loads, plays on,
and is what the page says it is; every ruleset in the registry that has a part of its own is documented there."""
from __future__ import annotations

import json
import random
import re

import pytest

import thurn
from thurn.variants import REGISTRY

from tests.support.paths import ROOT

DOC = ROOT / "docs" / "positions.md"
README = DOC.parent.parent / "README.md"


def examples() -> list[dict]:
    return [json.loads(block) for block in re.findall(r"```json\n(.*?)```", DOC.read_text(encoding="utf-8"),
                                                      flags=re.S)]


def _expansions(example) -> tuple:
    return tuple(example.get("rules", {}).get("expansions", ()))


@pytest.mark.parametrize("example", examples(), ids=lambda e: "+".join(_expansions(e)) or "base")
def test_each_documented_example_loads_and_plays_on(example):
    s = thurn.GameState.from_position(example)
    rng = random.Random(0)
    for _ in range(30):
        if s.is_over:
            break
        s = s.apply(rng.choice(s.legal_actions()))
    back = thurn.GameState.from_position(thurn.GameState.from_position(example).position())
    assert back.same_position(thurn.GameState.from_position(example))


def test_the_page_documents_each_shipped_expansions_part_and_the_readme_links_it():
    shipped = {name for name, v in REGISTRY.items() if v.__module__.startswith("thurn.expansions")}
    text = DOC.read_text(encoding="utf-8")
    documented = {e for ex in examples() for e in _expansions(ex)}
    assert {"power_glory", "audience", "solo"} <= documented <= shipped
    for name in ("audience", "solo"):
        variant = REGISTRY[name]
        assert f"`ext.{name}`" in text
        for field in variant.fields:
            assert f"`ext.{field}`" in text
    assert "`players[i].piles.horses`" in text
    assert "docs/positions.md" in README.read_text(encoding="utf-8")


def test_what_the_examples_say():
    pg, au, solo = (next(e for e in examples() if name in _expansions(e)) for name in ("power_glory", "audience",
                                                                                       "solo"))
    s = thurn.GameState.from_position(pg)
    assert s.player("Ann").extras["horses"] == 7 and s.step == "play"
    s = thurn.GameState.from_position(au)
    from thurn.expansions.audience.rules import audience, strip

    S = strip(s.board)
    assert S.city_name(audience(s).at[S.carriage("baden")]) == "Rom" and s.player("Ann").extras["in_rome"] == 5
    s = thurn.GameState.from_position(solo)
    assert "turn" not in solo and "then" not in solo["ext"]["solo"]
    assert s.step == "solo_official" and s.player("Ann").extras["series"] == ("blue", "green", "yellow")
