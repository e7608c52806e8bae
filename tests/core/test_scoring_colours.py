"""House colours: a ruleset may give each player several colours, each with its own supply (SoloPlay, 2 and 4: one
player, four colours, a route per colour). A toy variant defined here gives every player a red and a blue supply;
the base game keeps one colour and its positions are unchanged."""
from __future__ import annotations

import json

import pytest

import thurn
from thurn import IllegalAction, PositionError
from thurn.errors import UnknownName
from thurn.actions import Score, parse_action
from thurn.variants import Variant, register, unregister

from tests.support.helpers import at_score


@pytest.fixture(scope="module", autouse=True)
def toy_colours():
    @register
    class TwoColours(Variant):
        """Every player has 6 red and 5 blue houses (the smallest ruleset with several colours)."""

        name = "toy_colours"

        def extend(self, rs):
            super().extend(rs)
            rs.house_colours = (("red", 6), ("blue", 5))

    yield
    unregister("toy_colours")


RULES = {"expansions": ["toy_colours"]}


def _sets(colours):
    return tuple((c, set(h), left) for c, h, left in colours)


def _scored(s, houses, colour):
    a = next(a for a in s.legal_actions() if a.kind == "score" and set(a.houses) == set(houses)
             and a.colour == colour and not a.cartwright and a.carriage)
    return s.apply(a)


def test_a_player_with_two_colours_places_a_route_in_each_saved_and_loaded():
    s = at_score(["Mannheim", "Carlsruhe", "Stuttgart"], rules=RULES)
    ann = s.player("Ann")
    assert ann.colours == (("red", (), 6), ("blue", (), 5)) and ann.houses_left == 11
    colours = {a.colour for a in s.legal_actions() if a.kind == "score"}
    assert colours == {"red", "blue"}               # each placement is offered in each colour
    s = _scored(s, ["Mannheim", "Carlsruhe"], "red")
    ann = s.player("Ann")
    assert _sets(ann.colours) == (("red", {"Carlsruhe", "Mannheim"}, 4), ("blue", set(), 5))
    assert set(ann.houses) == {"Mannheim", "Carlsruhe"} and ann.houses_left == 9
    # a second route, in blue: a position of its own (Ann's next scoring)
    s2 = at_score(["Ulm", "Augsburg", "München"], rules=RULES, colours=s.position()["players"][0]["colours"])
    s2 = s2.apply("score ulm+munchen colour=blue")
    ann = s2.player("Ann")
    assert _sets(ann.colours) == (("red", {"Carlsruhe", "Mannheim"}, 4), ("blue", {"München", "Ulm"}, 3))
    # saved and loaded: the colours come back as they were, and the file says each colour's houses
    saved = s2.position()
    saved_colours = saved["players"][0]["colours"]
    assert {c: (set(v["houses"]), v["houses_left"]) for c, v in saved_colours.items()} == \
        {"red": ({"Carlsruhe", "Mannheim"}, 4), "blue": ({"München", "Ulm"}, 3)}
    back = thurn.GameState.from_position(json.loads(json.dumps(saved)))
    assert back.player("Ann").colours == ann.colours and back.same_position(s2)
    game = thurn.GameState.from_json(s2.to_json())
    assert game.player("Ann").colours == ann.colours


def test_the_colour_is_named_and_checked():
    s = at_score(["Mannheim", "Carlsruhe", "Stuttgart"], rules=RULES)
    with pytest.raises(IllegalAction) as e:
        s.apply(Score(["Mannheim", "Carlsruhe"]))
    assert e.value.reason == "colour_needed" and "red, blue" in e.value.explanation
    with pytest.raises(IllegalAction) as e:
        s.apply("score mannheim+carlsruhe colour=green")
    assert e.value.reason == "unknown_colour"
    # a colour's own supply bounds the placement
    pos = s.position()
    pos["players"][0]["colours"] = {"blue": {"houses": ["Ulm", "Augsburg", "München", "Passau"], "houses_left": 1}}
    del pos["players"][0]["houses"], pos["players"][0]["houses_left"]       # (derived from the colours)
    s = thurn.GameState.from_position(pos)
    assert {len(a.houses) for a in s.legal_actions() if a.kind == "score" and a.colour == "blue"} == {1}
    with pytest.raises(IllegalAction) as e:
        s.apply("score mannheim+carlsruhe colour=blue")
    assert e.value.reason == "not_enough_houses" and "in blue" in e.value.explanation
    # the base game: one colour, no colour named
    base = at_score(["Mannheim", "Carlsruhe", "Stuttgart"])
    assert base.player("Ann").colours == () and "colours" not in base.position()["players"][0]
    assert all(a.colour is None for a in base.legal_actions() if a.kind == "score")
    with pytest.raises(IllegalAction) as e:
        base.apply("score mannheim+carlsruhe colour=red")
    assert e.value.reason == "no_colours"


def test_positions_with_colours_are_checked():
    s = at_score(["Mannheim", "Carlsruhe", "Stuttgart"], rules=RULES)
    pos = s.position()
    bad = json.loads(json.dumps(pos))
    del bad["players"][0]["houses"], bad["players"][0]["houses_left"]
    bad["players"][0]["colours"] = {"red": {"houses": ["Ulm"], "houses_left": 6}}
    with pytest.raises(PositionError, match="supply of red is 6"):
        thurn.GameState.from_position(bad)
    bad["players"][0]["colours"] = {"red": {"houses": ["Ulm"]}, "blue": {"houses": ["Ulm"]}}
    with pytest.raises(PositionError, match="one house per city"):
        thurn.GameState.from_position(bad)
    bad["players"][0]["colours"] = {"green": {}}
    with pytest.raises(UnknownName, match="house colour"):
        thurn.GameState.from_position(bad)
    base = at_score(["Mannheim", "Carlsruhe", "Stuttgart"]).position()
    base["players"][0]["colours"] = {"red": {}}
    with pytest.raises(PositionError, match="one colour"):
        thurn.GameState.from_position(base)


def test_the_notation_names_the_colour():
    a = parse_action("score ulm+augsburg cartwright colour=Red")
    assert a.colour == "red" and a.cartwright and a.notation == "score ulm+augsburg cartwright colour=red"
    assert parse_action(a.notation) == a and parse_action("score ulm+augsburg") != a
    assert parse_action("score ulm+augsburg").colour is None


def test_the_map_draws_each_colour():
    from thurn.viz.board import HOUSE_COLORS, board_figure

    s = _scored(at_score(["Mannheim", "Carlsruhe", "Stuttgart"], rules=RULES), ["Mannheim", "Carlsruhe"], "red")
    fig = board_figure(s)
    traces = {t.name: t for t in fig.data if (t.name or "").startswith("houses")}
    assert traces["houses · Ann (red)"].marker.color == HOUSE_COLORS["red"]
    assert set(traces["houses · Ann (red)"].text) == {"Mannheim", "Carlsruhe"}
    assert "houses · Ann (blue)" in traces and "houses · Ben (red)" in traces and "houses · Ben" not in traces
