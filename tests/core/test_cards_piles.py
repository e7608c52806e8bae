"""Named card piles (issue 23, part "cards"): a ruleset declares its card piles (thurn.piles.PileSpec), the turn
moves cards between them (``move_cards``), positions save them, ``seen_by`` and ``information`` hide what the
viewer may not see, and the log names them.

- The base game's piles: the deck (face down: its number public), the display and the discard pile (face up),
  each player's hand (his own) and route (on the table); ``state.deck``, ``state.display``, ``state.discard`` as
  before.
- A toy variant with a second discard pile (SoloPlay's idea of two piles: the cards discarded beyond the hand limit
  go to the shared pile "excess", face up).
- A toy variant with a per-player pile (Power and Glory's idea: a card face down beside the player, seen by its
  owner only): who starts a new route puts the deck's top card face down beside him.
"""
from __future__ import annotations

import random

import pytest

import thurn
from thurn.information import determinize, unseen_cards
from thurn.piles import PileSpec, move_cards, pile
from thurn.rules import Rules
from thurn.variants import Variant, register

BASE = thurn.load_board("base")


@register
class Excess(Variant):
    """Toy: the cards discarded when keeping (base rules, 3d) go to a second discard pile, "excess"."""

    name = "toy_excess"
    piles = (PileSpec("excess", shared=True, visibility="public", rule="toy: SoloPlay's second pile"),)

    def after(self, state, before, action, say):
        if action.kind == "keep":
            thrown = state.discard[len(before.discard):]
            move_cards(state, "discard", "excess", thrown, say=say)


@register
class Beside(Variant):
    """Toy: who starts a new route puts the deck's top card face down beside him (his own pile "beside")."""

    name = "toy_beside"
    piles = (PileSpec("beside", shared=False, visibility="owner", rule="toy: Power and Glory's horse cards"),)

    def after(self, state, before, action, say):
        if action.kind == "play" and action.end == "new" and state.deck:
            move_cards(state, "deck", "beside", state.deck[:1], seat=before.to_move, say=say)


RULES = Rules(expansions=("toy_excess", "toy_beside"))


def all_cards(s) -> list[int]:
    cards = [c for c in s.display if c >= 0] + list(s.deck) + list(s.discard)
    for name in s.piles:
        cards += s.piles[name]
    for p in s.players:
        cards += p.hand + p.route
        for name in p.piles:
            cards += p.piles[name]
    return sorted(cards)


def game(seed=4, until=None):
    s = thurn.new_game(["Ann", "Ben", "Cid"], seed=seed, rules=RULES)
    rng = random.Random(seed)
    while not s.is_over and (until is None or not until(s)):
        s = s.apply(rng.choice(s.legal_actions()))
    return s


def test_the_ruleset_declares_its_piles():
    base = thurn.Rules().ruleset.piles
    assert {n: (sp.shared, sp.visibility) for n, sp in base.items()} == {
        "deck": (True, "secret"), "display": (True, "public"), "discard": (True, "public"),
        "hand": (False, "owner"), "route": (False, "public")}
    rs = RULES.ruleset
    assert rs.piles["excess"].shared and not rs.piles["beside"].shared and rs.piles["beside"].visibility == "owner"
    with pytest.raises(ValueError, match="visibility"):
        PileSpec("x", visibility="hidden")


def test_cards_move_between_named_piles_and_none_is_lost():
    s = thurn.new_game(["Ann", "Ben", "Cid"], seed=4, rules=RULES)
    assert s.piles == {"excess": ()} and all(p.piles == {} for p in s.players)
    rng = random.Random(4)
    while not (s.piles["excess"] and s.players[0].piles.get("beside")):
        assert all_cards(s) == list(range(len(BASE.cards)))
        s = s.apply(rng.choice(s.legal_actions()))
    assert all_cards(s) == list(range(len(BASE.cards)))
    log, public = s.log(), s.log(public=True)
    assert any("from the discard to the excess" in line for line in log)         # the log names the piles
    mine = [line for line in log if "from the deck to Ann's beside" in line]
    assert mine and BASE.card_names[s.players[0].piles["beside"][0]] in mine[0]  # named in the full log ...
    assert "1 card goes from the deck to Ann's beside." in public                 # ... counted for the others


def test_piles_are_saved_and_loaded():
    s = game(until=lambda s: s.piles["excess"] and any(p.piles.get("beside") for p in s.players))
    pos = s.position()
    assert pos["piles"] == {"excess": s.pile("excess")}
    beside = [p.get("piles", {}).get("beside") for p in pos["players"]]
    assert beside == [s.pile("beside", i) for i in range(3)] and any(beside)
    back = thurn.GameState.from_position(pos)
    assert back.same_position(s) and back.position() == pos
    assert thurn.GameState.from_json(s.to_json()) == s
    # today's positions: no piles written, none needed
    plain = thurn.new_game(["Ann", "Ben"], seed=1)
    assert "piles" not in plain.position() and "piles" not in plain.position()["players"][0]
    with pytest.raises(ValueError, match="no card pile in piles called 'excess'"):
        thurn.GameState.from_position({**plain.position(), "piles": {"excess": []}})
    with pytest.raises(thurn.PositionError, match="more .* cards|has [0-9]+ .* cards"):
        thurn.GameState.from_position({**pos, "piles": {"excess": s.pile("excess") * 4}})


def test_a_hidden_card_cannot_be_loaded():
    s = game(until=lambda s: any(p.piles.get("beside") for p in s.players[1:]))
    seen = s.position(seen_by=0)
    with pytest.raises(thurn.PositionError, match="hidden card"):
        thurn.GameState.from_position(seen)


def test_seen_by_hides_the_piles_the_viewer_may_not_see():
    s = game(until=lambda s: s.piles["excess"] and all(p.piles.get("beside") for p in s.players))
    for viewer in range(3):
        v = s.seen_by(viewer)
        assert v.pile("excess") == s.pile("excess")                     # face up: everyone sees it
        for i in range(3):
            mine = v.pile("beside", i)
            if i == viewer:
                assert mine == s.pile("beside", i)                     # his own: he knows it
            else:
                assert mine == [None] * len(s.pile("beside", i))       # the others': their number only
        pos = s.position(seen_by=viewer)
        assert [p["piles"]["beside"] for p in pos["players"]] == [v.pile("beside", i) for i in range(3)]


def test_determinize_deals_the_hidden_piles_again():
    s = game(until=lambda s: s.turns > 12 and all(p.piles.get("beside") for p in s.players))
    viewer = s.to_move
    unseen = unseen_cards(s, viewer)
    for other in (i for i in range(3) if i != viewer):
        for name in s.pile("beside", other):
            assert unseen[name] > 0                                     # it may be any card he has not seen
    for k in range(5):
        d = determinize(s, viewer, k)
        assert all_cards(d) == list(range(len(BASE.cards)))
        assert d.pile("beside", viewer) == s.pile("beside", viewer) and d.pile("excess") == s.pile("excess")
        assert [len(d.pile("beside", i)) for i in range(3)] == [len(s.pile("beside", i)) for i in range(3)]


def test_move_cards_refuses_a_card_not_in_the_pile():
    s = thurn.new_game(["Ann", "Ben"], seed=2, rules=RULES)
    n = s.detached()
    with pytest.raises(thurn.IllegalAction, match="not in the excess"):
        move_cards(n, "excess", "discard", [s.deck[0]])
    with pytest.raises(thurn.IllegalAction, match="no card pile called 'attic'"):
        pile(n, "attic")
