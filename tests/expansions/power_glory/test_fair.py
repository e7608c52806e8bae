"""Power and Glory: what the card backs show, in the players' views (thurn.information).

Power and Glory, components: "The backs of the city cards have 1, 2 or 3 horses. The number is also shown on both
sides of the cards as horseshoes." So everyone sees the horseshoes of the deck's top card and of every card held in a
hand (its back faces the others), never their cities. "The game using the base game rules: The backs of the city
cards are ignored": there the views are the base game's. The reading: docs/design.md, "Power and Glory", the fair
part.
"""
from __future__ import annotations

import random
from collections import Counter

import pytest

import thurn
from thurn.information import Watch, card_backs, determinize, player_view, seen_by
from thurn.piles import HIDDEN
from thurn.sim import sized

B = thurn.load_board("northern")
PG = thurn.Rules(board="northern", expansions=("power_glory",))
BASE = thurn.Rules(board="northern")
R_BACKS = "Power and Glory, components"


def back(c) -> int:
    return B.card_value(c, "horseshoes", 0)


def random_game(seed, rules=PG, n=3, actions=60, horses=0.5):
    """A game played ``actions`` actions at random (horse cards and display draws often, so that the watch has
    something to remember)."""
    s = thurn.new_game(["Ann", "Ben", "Cid", "Dan"][:n], seed=seed, rules=rules)
    rng = random.Random(seed)
    for _ in range(actions):
        if s.is_over:
            break
        acts = s.legal_actions()
        pick = [a for a in acts if a.kind == "horse"] if rng.random() < horses else []
        if not pick and rng.random() < 0.5:
            pick = [a for a in acts if a.kind == "draw" and getattr(a, "city", None)]
        s = s.apply(rng.choice(pick or acts))
    return s


def all_cards(s) -> list[int]:
    cards = [c for c in s.display if c >= 0] + list(s.deck) + list(s.discard)
    for p in s.players:
        cards += list(p.hand) + list(p.route) + list(p.piles.get("horses", ()))
    return sorted(cards)


def swapped(s, seat, card, other):
    """``s`` with ``card`` of ``seat``'s hand and the deck's card ``other`` exchanged (a position of its own)."""
    pos = s.position()
    names = B.card_names
    hand = pos["players"][seat]["hand"]
    hand[hand.index(names[card])] = names[other]
    pos["deck"][pos["deck"].index(names[other])] = names[card]
    return thurn.GameState.from_position(pos)


def fresh(s):
    """``s`` as a position of its own (no history: nothing watched), like :func:`swapped`'s."""
    return thurn.GameState.from_position(s.position())


def cards(v) -> tuple:
    """What a view holds, card by card: each player's hand, route and piles, and the deck."""
    return tuple((p.hand, p.route, tuple(sorted(p.piles.items()))) for p in v.players), v.deck


def hidden_pair(s, seat, same_back: bool):
    """A card of another player's hand and a deck card below the top with the same back (or a different one)."""
    for i, p in enumerate(s.players):
        if i == seat:
            continue
        for c in p.hand:
            for d in s.deck[1:]:
                if (back(c) == back(d)) == same_back and B.kind_of[c] != B.kind_of[d]:
                    return i, c, d
    raise AssertionError("no such pair")


# -- the backs everyone sees -----------------------------------------------------------------------------------------

def test_the_ruleset_says_what_the_backs_show():
    """Power and Glory, components: the backs show the horseshoes; base rules on the northern board: "The backs of
    the city cards are ignored" (and the base game's backs are all alike)."""
    assert PG.ruleset.card_back == "horseshoes"
    assert BASE.ruleset.card_back is None and thurn.Rules().ruleset.card_back is None
    for rules in (thurn.Rules(board="northern", expansions=("power_glory", "messenger")),
                  thurn.Rules(board="northern", expansions=("power_glory", "offices"))):
        assert rules.ruleset.card_back == "horseshoes"
    assert card_backs(random_game(1, BASE)) is None


def test_a_dealt_view_keeps_every_back_and_conserves_the_cards():
    """Power and Glory, components: each hidden card of a dealt view (another hand's, the deck's top) shows the back
    the true card shows; the deal agrees with what the player watched (the cards he saw taken stay where they are)."""
    every = list(range(len(B.cards)))
    for seed in range(sized(40, 6)):
        s = random_game(seed, actions=20 + seed * 7 % 120, n=2 + seed % 3)
        w = Watch.of(s)
        for seat in range(s.num_players):
            v = player_view(s, seat, random.Random(seed), watch=w)
            assert all_cards(v) == every, f"seed {seed}, seat {seat}"
            assert card_backs(v) == card_backs(s), f"seed {seed}, seat {seat}: {card_backs(v)} != {card_backs(s)}"
            assert v.players[seat].hand == s.players[seat].hand
            for i, k in enumerate(w.known):
                assert i == seat or k <= set(v.players[i].hand)
            d = determinize(s, seat, seed)
            assert all_cards(d) == every and card_backs(d) == card_backs(s)


def test_after_a_shuffle_the_deck_is_dealt_from_its_cards_with_their_backs():
    """Base rules, 1: when the deck runs out the discard pile is shuffled into a new deck, so the deck holds only
    cards of that shuffle; with Power and Glory's backs (components) a deal keeps both."""
    done = 0
    for seed in range(sized(12, 3)):
        s = random_game(seed, actions=400 + 40 * seed)
        w = Watch.of(s)
        if w.shuffled is None or s.is_over:
            continue
        done += 1
        for seat in range(s.num_players):
            for k in range(4):
                v = player_view(s, seat, k, watch=w)
                assert set(v.deck) <= w.shuffled and card_backs(v) == card_backs(s)
                assert all_cards(v) == list(range(len(B.cards)))
    assert done


def test_a_view_shows_the_backs_and_nothing_more():
    """Two positions that differ only in hidden cards with the same backs give the same views; a different back
    is seen (Power and Glory, components)."""
    s = fresh(random_game(3, actions=40))
    seat = 0
    i, c, d = hidden_pair(s, seat, same_back=True)
    t = swapped(s, i, c, d)
    assert t.players[i].hand != s.players[i].hand and card_backs(t) == card_backs(s)
    for rng in range(5):
        assert cards(player_view(s, seat, rng)) == cards(player_view(t, seat, rng))
        assert cards(determinize(s, seat, rng)) == cards(determinize(t, seat, rng))
    ha, hb = player_view(s, seat, hidden=True), player_view(t, seat, hidden=True)
    assert cards(ha) == cards(hb) and ha.backs == hb.backs
    i, c, d = hidden_pair(s, seat, same_back=False)
    u = swapped(s, i, c, d)
    assert card_backs(u)["hands"][i] != card_backs(s)["hands"][i]
    v = player_view(u, seat, 1)
    assert sorted(map(back, v.players[i].hand)) == list(card_backs(u)["hands"][i])


def test_the_deck_top_is_dealt_among_the_cards_with_its_back():
    """The deck's top card shows its back (Power and Glory, components): a dealt view's top card is one of the
    unseen cards with that back, each of them in turn (the deal is random among those that agree)."""
    s = random_game(5, actions=30)
    seat = s.to_move
    top = card_backs(s)["deck_top"]
    unseen = [c for c in seen_by(s, seat)._ids if back(c) == top]
    tops = Counter(player_view(s, seat, k).deck[0] for k in range(sized(600, 300)))
    assert set(tops) == set(unseen) and len(unseen) > 1
    assert min(tops.values()) > 0.3 * max(tops.values())


def test_a_hidden_view_keeps_the_backs_and_a_deal_from_it_agrees():
    """A hidden view shows the hidden cards as HIDDEN and keeps their backs; a position dealt from it keeps them
    too (Power and Glory, components)."""
    s = random_game(7, actions=50)
    for seat in range(s.num_players):
        h = player_view(s, seat, hidden=True)
        assert h.backs == card_backs(s) and card_backs(h) == card_backs(s)
        assert all(c == HIDDEN for c in h.deck)
        known = Watch.of(s).known
        for i, p in enumerate(h.players):
            if i != seat:
                assert sorted(p.hand) == sorted([HIDDEN] * (len(p.hand) - len(known[i])) + list(known[i]))
        d = determinize(h, seat, 3)
        assert card_backs(d) == card_backs(s) and all_cards(d) == list(range(len(B.cards)))
        assert d.players[seat].hand == s.players[seat].hand


def test_a_card_seen_taken_and_played_as_a_horse_leaves_the_watch():
    """A card taken face up from the display (base rules, 1) and then played horse side up (Power and Glory, Play a
    city card from the hand) lies open beside the carriage: the watch no longer puts it in the hand, so a dealt view
    holds every card once."""
    rules = PG
    for seed in range(40):
        s = thurn.new_game(["Ann", "Ben"], seed=seed, rules=rules)
        rng = random.Random(seed)
        for _ in range(12):
            acts = s.legal_actions()
            pick = [a for a in acts if a.kind == "draw" and getattr(a, "city", None)] or \
                [a for a in acts if a.kind == "horse"]
            s = s.apply(rng.choice(pick or acts))
            w = Watch.of(s)
            for i, p in enumerate(s.players):
                assert w.known[i] <= set(p.hand)
            assert all_cards(player_view(s, 1 - s.to_move, seed)) == list(range(len(B.cards)))


# -- the base rules on the northern board: unchanged ------------------------------------------------------------------

def test_under_the_base_rules_the_backs_are_ignored():
    """Power and Glory, The game using the base game rules: "The backs of the city cards are ignored": a hidden card
    of another back changes nothing in a view, and a hidden view keeps no backs."""
    s = fresh(random_game(3, BASE, actions=40, horses=0))
    seat = 0
    i, c, d = hidden_pair(s, seat, same_back=False)
    t = swapped(s, i, c, d)
    for rng in range(3):
        a, b = player_view(s, seat, rng), player_view(t, seat, rng)
        assert cards(a) == cards(b) and a.backs is None
    assert player_view(s, seat, hidden=True).backs is None


@pytest.mark.parametrize("expansions", [("power_glory", "messenger"), ("power_glory", "offices")])
def test_with_the_other_expansions_the_views_keep_the_backs(expansions):
    """The backs are the cards' (Power and Glory, components), whichever expansion is played with it."""
    rules = thurn.Rules(board="northern", expansions=expansions)
    for seed in range(sized(10, 3)):
        s = random_game(seed, rules, actions=80)
        for seat in range(s.num_players):
            v = player_view(s, seat)
            assert card_backs(v) == card_backs(s) and all_cards(v) == list(range(len(B.cards)))
