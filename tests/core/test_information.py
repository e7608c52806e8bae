"""What a player has seen, and positions dealt consistently with it (thurn.information).

Base rules, 1: cards are drawn face up from the display or face down from the deck; when the deck runs out the
discard pile is shuffled into a new one. A determinized position must keep everything the player has seen and
deal only the unseen cards, without ever reading them.
"""
from __future__ import annotations

import random
from collections import Counter

import pytest

import thurn
from thurn import Draw, EndTurn, Play
from thurn.bots import RandomBot
from thurn.information import determinize, known_cards, seen_by, unseen_cards

BOARD = thurn.load_board("base")


def played(seed: int, turns: int, players=("Ann", "Ben")) -> thurn.GameState:
    """A game of random bots, stopped after ``turns`` player-turns (or at its end)."""
    s = thurn.new_game(list(players), seed=seed)
    bots = [RandomBot(seed * 10 + i) for i in range(len(players))]
    while not s.is_over and s.turns < turns:
        s = s.apply(bots[s.to_move].choose(s))
    return s


def all_cards(s: thurn.GameState) -> Counter:
    c = Counter()
    for i in range(s.num_players):
        v = s.player(i)
        c.update(v.hand)
        c.update(v.route)
    c.update(x for x in s.display_cards if x)
    pos = s.position()
    c.update(pos["deck"])
    c.update(pos["discard"])
    return c


def public(s: thurn.GameState, seat: int) -> dict:
    """Everything ``seat`` sees of a position (the other hands only by their size)."""
    pos = s.position()
    for i, p in enumerate(pos["players"]):
        if i != seat:
            p["hand"] = len(p["hand"])
    pos["deck"] = len(pos["deck"])
    del pos["seed"]
    return pos


POSITIONS = [played(seed, turns) for seed, turns in [(1, 0), (2, 7), (3, 20), (4, 35), (5, 60)]] + \
            [played(6, 30, ("Ann", "Ben", "Cid", "Dee"))]


@pytest.mark.parametrize("state", POSITIONS, ids=lambda s: repr(s))
def test_determinize_keeps_what_the_player_has_seen(state):
    for seat in range(state.num_players):
        for k in range(5):
            d = determinize(state, seat, random.Random(k))
            assert public(d, seat) == public(state, seat)
            assert d.player(seat).hand == state.player(seat).hand
            assert all_cards(d) == Counter({c: 3 for c in BOARD.city_names})
            assert sum(all_cards(d).values()) == 66
            assert d.legal_actions() == state.legal_actions() or seat != state.to_move


@pytest.mark.parametrize("state", POSITIONS[2:], ids=lambda s: repr(s))
def test_determinize_deals_the_unseen_cards_at_random(state):
    seat = state.to_move
    hidden = {(tuple(tuple(p["hand"]) for p in d.position()["players"]), tuple(d.position()["deck"]))
              for d in (determinize(state, seat, random.Random(k)) for k in range(20))}
    assert len(hidden) > 10
    a, b = determinize(state, seat, random.Random(5)), determinize(state, seat, random.Random(5))
    assert a.same_position(b)
    assert determinize(state, seat, 5).same_position(a)       # a seed is as good as a generator


def test_unseen_cards_are_the_deck_and_the_other_hands():
    state = POSITIONS[3]
    for seat in range(2):
        other = state.player(1 - seat)
        unseen = unseen_cards(state, seat)
        known = known_cards(state, seat)[other.name]
        assert unseen + known == Counter(other.hand) + Counter(state.position()["deck"])


def end_turn(s: thurn.GameState) -> thurn.GameState:
    """The turn ended, if the player could still call the Postal Carrier (the engine waits for that choice)."""
    return s.apply(EndTurn()) if s.step == "score" else s


def position_pair():
    """Two positions Ann cannot tell apart: Ben's hand, the deck order and the seed differ."""
    common = {"display": ["Basel", "Zürich", "Linz", "Lodz", "Passau", "Kempten"], "discard": ["Ulm", "Ulm"],
              "turn": {"step": "draw"}, "current": 1}
    ann = {"name": "Ann", "hand": ["Stuttgart", "Würzburg"], "route": ["Mannheim", "Carlsruhe"]}
    rest = [c for c in BOARD.city_names for _ in range(3)]
    for c in ["Basel", "Zürich", "Linz", "Lodz", "Passau", "Kempten", "Ulm", "Ulm", "Stuttgart", "Würzburg",
              "Mannheim", "Carlsruhe", "Augsburg"]:
        rest.remove(c)
    first = rest[0]                     # the deck's top card: it refills the display, so both agree on it
    rest = rest[1:]
    pair = []
    for seed in (1, 2):
        r = random.Random(seed)
        r.shuffle(rest)
        ben = {"name": "Ben", "hand": ["Augsburg"] + rest[:3], "route": []}
        pair.append(thurn.GameState.from_position(
            {**common, "players": [ann, ben], "deck": [first] + rest[3:], "seed": seed}))
    return pair


def test_two_positions_that_differ_only_in_hidden_cards_give_the_same_samples():
    a, b = position_pair()
    assert a.player("Ben").hand != b.player("Ben").hand
    assert a.position()["deck"] != b.position()["deck"]
    for k in range(10):
        assert determinize(a, "Ann", k).same_position(determinize(b, "Ann", k))
    # and after the same public actions: Ben takes a display card, then plays the card all see him hold
    moves = [Draw("Linz"), Play("Augsburg", "new")]
    for m in moves:
        a, b = end_turn(a.apply(m)), end_turn(b.apply(m))
    assert a.to_move == b.to_move == 0
    assert a.display_cards == b.display_cards
    for k in range(10):
        assert determinize(a, "Ann", k).same_position(determinize(b, "Ann", k))
    assert known_cards(a, "Ann") == {"Ben": Counter({"Linz": 1})}


def test_cards_taken_from_the_display_are_known_until_played():
    a, _ = position_pair()
    s = a.apply(Draw("Lodz"))                                     # Ben takes Lodz face up
    assert known_cards(s, "Ann") == {"Ben": Counter({"Lodz": 1})}
    assert known_cards(s, "Ben") == {"Ann": Counter()}            # Ben saw nothing of Ann's hand
    for k in range(10):
        assert "Lodz" in determinize(s, "Ann", k).player("Ben").hand
    assert unseen_cards(s, "Ann")["Lodz"] == 3 - 1 - s.display_cards.count("Lodz")
    s = s.apply(Play("Lodz", "new"))                              # ... and plays it: nothing known any more
    assert known_cards(s, "Ann") == {"Ben": Counter()}


def test_after_a_shuffle_the_deck_holds_only_cards_of_that_shuffle():
    # a deck of one card: Ben draws it, and Ann's draw from the deck shuffles the discard pile into a new deck
    display = ["Basel", "Zürich", "Linz", "Lodz", "Passau", "Kempten"]
    discard = ["Ulm", "Ulm", "Ulm", "Stuttgart", "Stuttgart", "Pilsen", "Budweis", "Budweis", "Salzburg"]
    used = Counter(display) + Counter(discard) + Counter({"Augsburg": 1, "Mannheim": 1})
    rest = list((Counter({c: 3 for c in BOARD.city_names}) - used).elements())
    random.Random(3).shuffle(rest)
    ben_hand, ann_hand, deck = rest[:-1][::2], rest[:-1][1::2], [rest[-1]]
    s = thurn.GameState.from_position({
        "players": [{"name": "Ann", "hand": ann_hand + ["Augsburg"], "route": []},
                    {"name": "Ben", "hand": ben_hand + ["Mannheim"], "route": []}],
        "display": display, "discard": discard, "deck": deck, "current": 1, "seed": 4})
    s = end_turn(s.apply(Draw()).apply(Play("Mannheim", "new")))  # Ben drew the last card; his turn ends
    assert s.deck_size == 0 and s.to_move == 0
    s = end_turn(s.apply(Draw()).apply(Play("Augsburg", "new")))  # Ann's draw shuffles the discard pile
    assert s.to_move == 1 and s.deck_size == len(discard) - 1
    for k in range(30):
        d = determinize(s, "Ann", k)
        assert not Counter(d.position()["deck"]) - Counter(discard)
    s = s.apply(Draw())                                           # Ben draws from the new deck
    for k in range(30):
        assert not Counter(determinize(s, "Ann", k).position()["deck"]) - Counter(discard)


def test_determinized_positions_have_no_way_back_to_the_true_game():
    state = POSITIONS[3]
    d = determinize(state, 0, 1)
    assert d.history == [] and d.root is d
    assert d.seed != state.seed


def test_seen_by_samples_many_positions_cheaply():
    state = POSITIONS[4]
    seen = seen_by(state, "Ben")
    rng = random.Random(2)
    samples = [seen.sample(rng) for _ in range(50)]
    assert all(s.player("Ben").hand == state.player("Ben").hand for s in samples)
    assert len({s.player("Ann").hand for s in samples}) > 1 or state.player("Ann").hand == ()


def test_unknown_player_is_refused():
    with pytest.raises(thurn.ThurnError):
        determinize(POSITIONS[0], "Zoe", 1)
