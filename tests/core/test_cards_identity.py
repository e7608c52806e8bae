"""Cards with identity (issue 23, part "cards"): deck, display, discard, hands and routes hold card ids, the
board's copies (``board.cards[id]``, id = city × card_copies + copy), so that a copy's own attribute (Power and
Glory: "Each card shows 1, 2 or 3 horseshoes", per card) is read from the card in hand.

- The base game does not change: the deck is dealt as ids in the order the cities' list had, so the seeded
  shuffles give the same cities in the same places; every card is one id, none lost or doubled.
- Notation stays the city's name; a copy is named only where the copies of its city differ ("Hamburg (3
  horseshoes)"); a bare name takes the lowest id of that city unless the board's copies of that city differ (then
  it is refused with ``which_copy``, even where one copy is at hand: issue 33, the front doors agree).
- Positions write names where the copies do not differ (today's files read and written as before) and the copy
  where it matters.
- A toy variant refuses playing a card whose copy shows fewer than 2 horseshoes: an attribute read from the card.
"""
from __future__ import annotations

import json
import random

import pytest

import thurn
from thurn import Draw, Keep, Play
from thurn.preparation import seeded
from thurn.variants import Variant, register, unregister

from tests.core.test_board_format2 import north

BASE = thurn.load_board("base")


@pytest.fixture(scope="module")
def north_file(tmp_path_factory):
    path = tmp_path_factory.mktemp("boards") / "north.json"
    path.write_text(json.dumps(north()), encoding="utf-8")
    return str(path)


def all_cards(s) -> list[int]:
    cards = [c for c in s.display if c >= 0] + list(s.deck) + list(s.discard)
    for p in s.players:
        cards += p.hand + p.route
    return sorted(cards)


def test_the_deck_is_dealt_as_ids_with_the_cities_of_old():
    """The same seed deals the same cities in the same places as when cards were city numbers."""
    for seed in (0, 1, 7, 123):
        s = thurn.new_game(["Ann", "Ben", "Cid"], seed=seed)
        old = [c for c in range(len(BASE.cities)) for _ in range(BASE.card_copies)]
        seeded(seed, 0).shuffle(old)
        dealt = [c for c in s.display] + list(s.deck)
        assert [BASE.city_of[c] for c in dealt] == old
        assert sorted(dealt) == list(range(66))                 # each copy once: card ids, not cities


def test_every_card_keeps_its_identity_through_a_game():
    s = thurn.new_game(["Ann", "Ben"], seed=5)
    rng = random.Random(5)
    while not s.is_over:
        assert all_cards(s) == list(range(len(BASE.cards)))
        for p in s.players:
            assert p.rmask == sum(1 << BASE.city_of[c] for c in p.route)
        s = s.apply(rng.choice(s.legal_actions()))


def test_board_card_tables():
    assert BASE.city_of[:7] == (0, 0, 0, 1, 1, 1, 2)
    assert BASE.card_names[3] == BASE.city_names[1] and not BASE.copies_differ
    assert BASE.kind_of[4] == 3 and BASE.first_card[2] == 6
    assert BASE.cities_of((0, 5, 65)) == (0, 1, 21)


def test_copies_that_differ_are_named(north_file):
    b = thurn.load_board(north_file)
    assert b.card_names[3:6] == ("Berlin (1 horseshoe)", "Berlin (1 horseshoe)", "Berlin (2 horseshoes)")
    assert b.kind_of[3:6] == (3, 3, 5)
    assert b.card_names[6] == "Münster"                    # its copies read alike: the city's name alone
    assert b.card_key("Berlin (2 horseshoes)") == (1, 5) and b.card_key("berlin") == (1, None)
    assert b.card_value(5, "horseshoes") == 2 and b.copies_differ


def north_position(north_file, **players):
    hands = {"Ann": players.get("ann", []), "Ben": players.get("ben", [])}
    return thurn.GameState.from_position(
        {"rules": {"board": north_file}, "players": [{"name": n, "hand": h} for n, h in hands.items()],
         "turn": {"step": "play"}, "display": ["Kassel", "Hamburg (3 horseshoes)", "Hamburg (1 horseshoe)"]},
        boards={north_file: thurn.load_board(north_file)})


def test_a_copy_is_played_by_its_name_and_a_bare_name_must_not_be_ambiguous(north_file):
    s = north_position(north_file, ann=["Berlin (1 horseshoe)", "Berlin (2 horseshoes)", "Kassel", "Kassel"])
    b = s.board
    assert s.player("Ann").hand == ("Berlin (1 horseshoe)", "Berlin (2 horseshoes)", "Kassel", "Kassel")
    notations = sorted(a.notation for a in s.legal_actions())
    assert notations == ["play berlin_1_horseshoe new", "play berlin_2_horseshoes new", "play kassel new"]
    err = s.why_illegal(Play("Berlin", "new"))
    assert err is not None and err.reason == "which_copy" and "Berlin (2 horseshoes)" in str(err)
    with pytest.raises(thurn.IllegalAction):
        s.apply("play berlin new")
    t = s.apply(Play("Berlin (2 horseshoes)", "new"))
    assert t.players[0].route == (5,) and b.card_value(t.players[0].route[0], "horseshoes") == 2
    assert t.player("Ann").route == ("Berlin (2 horseshoes)",)
    assert "Berlin (2 horseshoes)" in t.log()[-1] or "Berlin (2 horseshoes)" in " ".join(t.log())
    k = s.apply(Play("Kassel", "new"))                     # the copies read alike: the lowest id is played
    assert k.players[0].route == (24,) and k.players[0].hand == (3, 5, 25)
    assert thurn.parse_action("play berlin_2_horseshoes left") == Play("Berlin (2 horseshoes)", "left")


def test_drawing_a_named_copy_from_the_display(north_file):
    s = north_position(north_file)
    s = thurn.GameState.from_position({**s.position(), "turn": {"step": "draw"}},
                                      boards={north_file: s.board})
    draws = [a.notation for a in s.legal_actions() if a.kind == "draw"]
    assert "draw hamburg_3_horseshoes" in draws and "draw hamburg_1_horseshoe" in draws
    assert s.why_illegal(Draw("Hamburg")).reason == "which_copy"
    seat = s.to_move
    t = s.apply(Draw("Hamburg (1 horseshoe)"))
    assert t.player(seat).hand == ("Hamburg (1 horseshoe)",) and t.players[seat].hand == (16,)
    assert "Hamburg (3 horseshoes)" in t.display_cards and "Hamburg (1 horseshoe)" not in t.display_cards


def test_positions_name_copies_only_where_they_differ(north_file):
    s = north_position(north_file, ann=["Berlin (2 horseshoes)", "Kassel"], ben=["Hamburg (2 horseshoes)"])
    pos = s.position()
    assert pos["players"][0]["hand"] == ["Berlin (2 horseshoes)", "Kassel"]
    assert "Hamburg (3 horseshoes)" in pos["display"]
    back = thurn.GameState.from_position(pos, boards={north_file: s.board})
    assert back.same_position(s) and back.players[0].hand == s.players[0].hand == (5, 24)
    with pytest.raises(thurn.PositionError, match="more Berlin \\(2 horseshoes\\) cards"):
        thurn.GameState.from_position({"rules": pos["rules"], "players": ["Ann", "Ben"],
                                       "discard": ["Berlin (2 horseshoes)", "Berlin (2 horseshoes)"]},
                                      boards={north_file: s.board})
    # a base game's position: city names only, as it always was
    base = thurn.new_game(["Ann", "Ben"], seed=3).apply("draw deck")
    assert all(isinstance(c, str) and "(" not in c for c in base.position()["deck"])


def test_a_bare_name_takes_the_lowest_copy_in_a_file(north_file):
    s = north_position(north_file, ann=["Kassel"], ben=["Kassel"])
    assert s.players[0].hand == (24,) and s.players[1].hand == (25,)


@register
class HorseshoesNeeded(Variant):
    """A toy variant: a card is played only if its copy shows at least 2 horseshoes (read from the card)."""

    name = "toy_horseshoes_needed"

    def check(self, state, action, arg, error):
        if error is None and action.kind == "play" and state.board.card_value(arg, "horseshoes", 1) < 2:
            return None, thurn.IllegalAction("too_few_horseshoes", f"{state.board.card_names[arg]} shows fewer "
                                             "than 2 horseshoes.", action, "toy variant")
        return arg, error

    def legal_actions(self, state, actions):
        hand = state.players[state.to_move].hand
        return [a for a in actions if a.kind != "play" or self.check(state, a, _card(state, hand, a), None)[1] is None]


def _card(state, hand, action):
    """The card of ``hand`` that an engine-made Play action takes (its kind's lowest id in hand)."""
    return next(c for c in hand if state.board.kind_of[c] == action.resolved)


def test_a_variant_reads_an_attribute_from_the_card_in_hand(north_file):
    try:
        rules = {"board": north_file, "expansions": ["toy_horseshoes_needed"]}
        s = thurn.GameState.from_position(
            {"rules": rules, "players": [{"name": "Ann", "hand": ["Berlin (1 horseshoe)", "Berlin (2 horseshoes)",
                                                                  "Halle (3 horseshoes)"]}, {"name": "Ben"}],
             "turn": {"step": "play"}}, boards={north_file: thurn.load_board(north_file)})
        assert s.why_illegal(Play("Berlin (1 horseshoe)", "new")).reason == "too_few_horseshoes"
        assert s.is_legal(Play("Berlin (2 horseshoes)", "new"))
        # one copy of Halle in hand, but the board's Halle cards differ: the card is named, as legal_actions() lists
        # it, so that the three front doors agree (issue 33)
        err = s.why_illegal(Play("Halle", "new"))
        assert err.reason == "which_copy" and "Halle (3 horseshoes)" in str(err)
        assert Play("Halle", "new") not in s.legal_actions()
        assert s.is_legal(Play("Halle (3 horseshoes)", "new"))
        assert {a.city for a in s.legal_actions() if a.kind == "play"} == {"Berlin (2 horseshoes)",
                                                                          "Halle (3 horseshoes)"}
    finally:
        unregister("toy_horseshoes_needed")


def test_keep_names_copies(north_file):
    b = thurn.load_board(north_file)
    s = thurn.GameState.from_position(
        {"rules": {"board": north_file}, "players": [
            {"name": "Ann", "hand": ["Berlin (1 horseshoe)", "Berlin (2 horseshoes)", "Kassel", "Kassel", "Lübeck"]},
            {"name": "Ben"}], "turn": {"step": "keep", "plays": 1}},
        boards={north_file: b})
    keeps = {a.notation for a in s.legal_actions()}
    assert "keep berlin_2_horseshoes+kassel+kassel" in keeps and "keep berlin_1_horseshoe+berlin_2_horseshoes+kassel" in keeps
    assert s.why_illegal(Keep(["Berlin", "Kassel", "Kassel"])).reason == "which_copy"
    t = s.apply(Keep(["Berlin (2 horseshoes)", "Kassel", "Lübeck"]))
    assert t.players[0].hand == (5, 24, 21)[:0] + tuple(sorted((5, 24, 21)))
    assert sorted(t.discard) == [3, 25]


def test_the_score_step_reads_a_route_of_named_copies(north_file):
    """The score step's texts (placement options by name) work where a route's cards are named by their copy."""
    b = thurn.load_board(north_file)
    s = thurn.GameState.from_position(
        {"rules": {"board": north_file}, "players": [
            {"name": "Ann", "route": ["Halle (3 horseshoes)", "Berlin (2 horseshoes)", "Hannover"]}, {"name": "Ben"}],
         "turn": {"step": "score", "plays": 1}}, boards={north_file: b})
    options = thurn.placement_options(b, s.player("Ann").route)
    assert options and {"Halle", "Hannover"} <= {c for o in options for c in o.cities}
    assert "Halle (3 horseshoes)–Berlin (2 horseshoes)–Hannover" in str(s)
