"""The turn: draw (1), play (2), score or end (3), the next player clockwise (base rules 000, Game Play; rules notes).

Also: illegal actions explain themselves and change nothing, why_illegal agrees with legal_actions, actions
read and write their notation, and the log tells the story.
"""
import random
from collections import Counter
from itertools import combinations

import pytest

import thurn
from thurn import CallOfficial, Draw, EndTurn, IllegalAction, Keep, Play, Score, parse_action

BOARD = thurn.load_board("base")
CITIES = BOARD.city_names
DISPLAY = ["Basel", "Zürich", "Linz", "Lodz", "Passau", "Kempten"]
DECK = ["Ulm", "Augsburg", "Pilsen", "Budweis"]


def rest(*groups):
    """Every card of the 66 that is not in ``groups`` (so that a position adds up)."""
    left = Counter({name: BOARD.card_copies for name in CITIES})
    for group in groups:
        left.subtract(BOARD.city(c).name for c in group if c is not None)
    return sorted(left.elements())


def game(hand=(), route=(), turn=None, ben=None, **fields):
    """Ann (to move) holds ``hand`` and has ``route``; Ben waits (holding ``ben``, if given)."""
    ann = {"name": "Ann", "hand": list(hand), "route": list(route)}
    ben = "Ben" if ben is None else {"name": "Ben", "hand": list(ben)}
    return thurn.GameState.from_position({"players": [ann, ben], "seed": 7, "turn": turn or {}, **fields})


def tight(hand=(), route=(), display=(), deck=(), discard=(), **kw):
    """A position with exactly these piles; Ben holds every other card (there is no hand limit)."""
    display = list(display) + [None] * (6 - len(display))
    ben = rest(hand, route, display, deck, discard)
    return game(hand, route, ben=ben, display=display, deck=list(deck), discard=list(discard), **kw)


PLAYING = {"step": "play", "draws": 1}
SCORING = {"step": "score"}


# -- 1. drawing -------------------------------------------------------------------------------------------------

def test_draw_from_the_display_refills_the_slot_from_the_deck():
    """Base rules 000, 1: a face-up card taken is replaced at once from the draw pile."""
    s = game(hand=["Ulm"], display=DISPLAY, deck=DECK, discard=rest(["Ulm"], DISPLAY, DECK))
    s = s.apply(Draw("Linz"))
    assert sorted(s.hand("Ann")) == ["Linz", "Ulm"]
    assert s.display_cards == ["Basel", "Zürich", "Ulm", "Lodz", "Passau", "Kempten"]
    assert s.position()["deck"] == DECK[1:]
    assert s.step == "play"


def test_draw_from_the_deck():
    s = game(hand=["Ulm"], display=DISPLAY, deck=DECK, discard=rest(["Ulm"], DISPLAY, DECK))
    s = s.apply(Draw())
    assert s.hand("Ann") == ["Ulm", "Ulm"]
    assert s.display_cards == DISPLAY
    assert s.position()["deck"] == DECK[1:]


def test_deck_runs_out_the_discards_are_shuffled():
    """Base rules 000, 1: "If the draw pile ever runs out, the discard pile ... shuffled to form a new one"."""
    discard = ["Ulm", "Augsburg", "Pilsen", "Budweis", "Freiburg", "Mannheim", "Stuttgart", "Nürnberg"]
    s = tight(hand=["Basel"], display=DISPLAY, deck=[], discard=discard)
    after = s.apply(Draw())
    p = after.position()
    assert p["discard"] == []
    assert len(p["deck"]) == len(discard) - 1
    assert Counter(p["deck"] + after.hand("Ann")) == Counter(discard + ["Basel"])
    assert after.position() == s.apply(Draw()).position()          # deterministic for the seed
    assert any("shuffled" in line for line in after.log())


def test_refill_from_an_empty_deck_shuffles_the_discards():
    s = tight(hand=["Basel"], display=DISPLAY, deck=[], discard=["Ulm"])
    s = s.apply(Draw("Linz"))
    assert s.display_cards[2] == "Ulm"
    assert s.deck_size == 0 and s.discard_size == 0


def test_deck_and_discards_empty_only_the_display_can_be_drawn():
    """Rules notes: both piles empty → take from the display; a slot that cannot be refilled stays empty."""
    s = tight(hand=["Basel"], display=["Ulm"], deck=[], discard=[])
    assert Draw() not in s.legal_actions()
    assert Draw("Ulm") in s.legal_actions()
    assert s.why_illegal(Draw()).reason == "deck_empty"
    s = s.apply(Draw("Ulm"))
    assert s.display_cards == [None] * 6
    assert "Ulm" in s.hand("Ann") and s.step == "play"


def test_a_turn_with_nothing_to_draw_skips_the_draw():
    """Rules notes: a turn in which no card can be drawn at all skips the draw step; the game goes on."""
    s = tight(hand=["Basel", "Lodz"], display=[], deck=[], discard=[])
    assert s.step == "play"
    s = s.apply(Play("Lodz", "new"))             # a route of one card and no second card: the turn ends
    assert s.to_move_name == "Ben" and s.step == "play"
    assert any("skips the draw" in line for line in s.log())


def test_nothing_to_draw_and_postmaster_compulsory_does_not_deadlock():
    """Rules notes: the game never crashes or deadlocks; Ann's empty hand and nothing anywhere to draw."""
    s = tight(hand=[], route=["Ulm"], display=[], deck=[], discard=[], turn={"step": "draw"})
    assert s.to_move_name == "Ben" and s.step == "play"


# -- 2. playing -------------------------------------------------------------------------------------------------

def test_play_at_either_end():
    s = game(hand=["Carlsruhe", "Augsburg"], route=["Stuttgart", "Ulm"], turn=PLAYING)
    assert s.apply(Play("Carlsruhe", "left")).player("Ann").route == ("Carlsruhe", "Stuttgart", "Ulm")
    assert s.apply(Play("Augsburg", "right")).player("Ann").route == ("Stuttgart", "Ulm", "Augsburg")
    err = s.why_illegal(Play("Augsburg", "left"))
    assert err.reason == "no_road" and "right end" in str(err)


def test_start_a_new_route():
    s = game(hand=["Ulm"], turn=PLAYING)
    assert s.legal_actions() == [CallOfficial("postmaster"), Play("Ulm", "new")]
    s = s.apply(Play("Ulm", "new"))
    assert s.player("Ann").route == ("Ulm",)


def test_discard_the_route_and_restart_puts_the_old_route_on_the_discard_pile():
    """Base rules 000, 2: "cannot or chooses not to" → discard the route and start a new one."""
    s = game(hand=["Basel", "Carlsruhe"], route=["Stuttgart", "Ulm"], turn=PLAYING)
    assert Play("Carlsruhe", "new") in s.legal_actions()      # allowed even though Carlsruhe fits
    before = s.position()["discard"]
    s = s.apply(Play("Basel", "new"))
    assert s.player("Ann").route == ("Basel",)
    assert s.position()["discard"] == before + ["Stuttgart", "Ulm"]
    assert any("discards the route Stuttgart–Ulm" in line for line in s.log())


def test_a_one_card_route_is_extended_at_either_end():
    """Base rules 001, 2: "adjacent to a city at an end of the route or to the only city in a one-city route"."""
    s = game(hand=["Stuttgart"], route=["Ulm"], turn=PLAYING)
    assert {Play("Stuttgart", "left"), Play("Stuttgart", "right")} <= set(s.legal_actions())
    assert s.apply(Play("Stuttgart", "left")).player("Ann").route == ("Stuttgart", "Ulm")
    assert s.apply(Play("Stuttgart", "right")).player("Ann").route == ("Ulm", "Stuttgart")


def test_a_city_appears_once_in_a_route():
    s = game(hand=["Stuttgart", "Ulm"], route=["Carlsruhe", "Stuttgart"], turn=PLAYING)
    assert s.why_illegal(Play("Stuttgart", "right")).reason == "city_in_route"


# -- 3. scoring or ending the turn ------------------------------------------------------------------------------

def test_scoring_needs_three_cards():
    """Base rules 000, 3: a route is completed with at least three cards."""
    s = game(hand=["Augsburg"], route=["Stuttgart", "Ulm"], turn=SCORING)
    assert s.step == "score"          # not ended by itself: the Postal Carrier could add Augsburg
    assert s.why_illegal(Score(["Ulm"])).reason == "route_too_short"
    assert not any(a.kind == "score" for a in s.legal_actions())


def test_end_turn():
    s = game(hand=["Basel"], route=["Stuttgart", "Ulm", "Augsburg"], turn=SCORING)
    assert EndTurn() in s.legal_actions()
    s = s.apply(EndTurn())
    assert s.to_move_name == "Ben" and s.step == "draw"
    assert s.player("Ann").route == ("Stuttgart", "Ulm", "Augsburg")
    assert s.player("Ann").hand == ("Basel",)


def test_after_scoring_keep_three_cards():
    """Base rules 000, 3d: the route and the cards beyond three go to the discard pile."""
    s = game(hand=["Basel", "Zürich", "Lodz", "Linz", "Passau"], route=["Carlsruhe", "Stuttgart", "Nürnberg"],
             turn=SCORING)
    before = s.position()["discard"]
    s = s.apply(Score(["Stuttgart"]))
    assert s.step == "keep" and s.to_move_name == "Ann"
    assert Keep(["Basel", "Lodz", "Linz"]) in s.legal_actions()
    s = s.apply(Keep(["Basel", "Lodz", "Linz"]))
    assert sorted(s.player("Ann").hand) == ["Basel", "Linz", "Lodz"]
    assert s.player("Ann").route == ()
    assert Counter(s.position()["discard"]) == Counter(before + ["Carlsruhe", "Stuttgart", "Nürnberg", "Zürich",
                                                                 "Passau"])
    assert s.to_move_name == "Ben"


def test_no_keep_step_with_three_cards_or_fewer():
    """Rules notes: the hand limit applies only when a route is scored."""
    s = game(hand=["Basel", "Zürich", "Lodz"], route=["Carlsruhe", "Stuttgart", "Nürnberg"], turn=SCORING)
    s = s.apply(Score(["Stuttgart"]))
    assert s.to_move_name == "Ben" and len(s.player("Ann").hand) == 3


def test_no_hand_limit_otherwise():
    s = game(hand=["Basel", "Zürich", "Lodz", "Linz", "Passau"], route=["Carlsruhe", "Stuttgart"], turn=PLAYING)
    s = s.apply(Play("Lodz", "new"))
    assert s.to_move_name == "Ben" and len(s.player("Ann").hand) == 4


def test_the_turn_passes_clockwise():
    """Base rules 000, Game Play: the next player in clockwise order (seat order)."""
    players = [{"name": n, "hand": ["Ulm"], "route": ["Stuttgart", "Carlsruhe", "Mannheim"]} for n in "ABC"]
    s = thurn.GameState.from_position({"players": players, "current": 1, "turn": SCORING, "seed": 1})
    s = s.apply(EndTurn())
    assert s.to_move_name == "C"
    s = s.apply(Draw()).apply(Play("Ulm", "new"))
    if s.to_move_name == "C":                 # the drawn card fits Ulm: C may still call the Postal Carrier
        s = s.apply(EndTurn())
    assert s.to_move_name == "A"


def test_a_short_route_without_a_second_card_ends_the_turn():
    """Base rules 000, 3: nothing to score and no Postal Carrier possible → the engine ends the turn."""
    s = game(hand=["Lodz", "Basel"], route=[], turn=PLAYING)
    s = s.apply(Play("Lodz", "new"))
    assert s.to_move_name == "Ben"
    assert "Ann's route has 1 card, too few to score: the turn ends." in s.log()


def test_turn_number_and_turns_taken():
    s = thurn.new_game(["Ann", "Ben", "Cid"], seed=3)
    assert s.turn_number == 0
    for expected in ([1, 0, 0], [1, 1, 0], [1, 1, 1], [2, 1, 1]):
        seat = s.to_move
        while s.to_move == seat:
            s = s.apply(s.legal_actions()[-1])
        assert [s.turns_taken(n) for n in ("Ann", "Ben", "Cid")] == expected
        assert s.turn_number == sum(expected)
        assert s.round_number == (2 if expected == [1, 1, 1] or expected == [2, 1, 1] else 1)


def test_round_number_from_the_start_player_and_at_the_end():
    """Base rules, Game Play: a round is a turn for each player, clockwise from the start player; the game ends at
    the end of a round (Game End), so a finished game counts its rounds whole."""
    from thurn.sim import play_game
    s = thurn.new_game(["Ann", "Ben", "Cid"], seed=3, start_player=2)
    rounds = []
    while s.turn_number < 6:
        rounds.append((s.to_move_name, s.round_number))
        seat = s.to_move
        while s.to_move == seat:
            s = s.apply(s.legal_actions()[-1])
    assert [r for r in dict.fromkeys(rounds)] == [("Cid", 1), ("Ann", 1), ("Ben", 1), ("Cid", 2), ("Ann", 2),
                                                  ("Ben", 2)]
    over = play_game(["Ann", "Ben"], "greedy", 4)
    assert over.is_over and over.round_number == over.turn_number // 2 == over.turns_taken("Ann")


def test_turns_taken_counts_from_the_start_player():
    s = thurn.new_game(["Ann", "Ben", "Cid"], seed=3, start_player=2)
    assert s.to_move_name == "Cid"
    while s.to_move_name == "Cid":
        s = s.apply(s.legal_actions()[-1])
    assert s.to_move_name == "Ann"
    assert [s.turns_taken(n) for n in ("Ann", "Ben", "Cid")] == [0, 0, 1]


# -- illegal actions ---------------------------------------------------------------------------------------------

STATES = {
    "draw": lambda: game(hand=["Ulm", "Basel"], route=["Stuttgart"], display=DISPLAY, deck=DECK,
                         discard=rest(["Ulm", "Basel", "Stuttgart"], DISPLAY, DECK)),
    "play": lambda: game(hand=["Ulm", "Basel", "Stuttgart"], route=["Stuttgart", "Carlsruhe"], turn=PLAYING),
    "no route": lambda: game(hand=["Ulm"], turn=PLAYING),
    "score": lambda: game(hand=["Basel"], route=["Stuttgart", "Ulm", "Augsburg"], turn=SCORING),
    "short": lambda: game(hand=["Augsburg"], route=["Stuttgart", "Ulm"], turn=SCORING),
    "keep": lambda: game(hand=["Basel", "Zürich", "Lodz", "Linz"], turn={"step": "keep", "plays": 1}),
    "over": lambda: game(hand=["Ulm"], turn={"step": "over"}),
}

ILLEGAL = [
    ("draw", Play("Ulm", "right"), "draw_first"),
    ("draw", EndTurn(), "draw_first"),
    ("draw", Draw("Ulm"), "not_in_display"),
    ("draw", Draw("Nurnburg"), "unknown_city"),
    ("draw", Keep(["Ulm", "Basel"]), "no_hand_limit"),
    ("draw", CallOfficial("postal_carrier"), "postal_carrier_too_early"),
    ("play", Draw(), "already_drew"),
    ("play", Play("Basel", "right"), "no_road"),
    ("play", Play("Lodz", "new"), "card_not_in_hand"),
    ("play", Play("Stuttgart", "left"), "city_in_route"),
    ("play", Play("Nurnburg", "right"), "unknown_city"),
    ("play", EndTurn(), "must_play"),
    ("play", Score(["Stuttgart"]), "play_first"),
    ("no route", Play("Ulm", "left"), "no_route"),
    ("score", Play("Basel", "new"), "already_played"),
    ("score", Draw(), "already_played"),
    ("score", Score(["Basel"]), "house_not_on_route"),
    ("score", CallOfficial("administrator"), "administrator_after_draw"),
    ("short", Score(["Stuttgart"]), "route_too_short"),
    ("keep", Keep(["Basel", "Zürich"]), "keep_count"),
    ("keep", Keep(["Basel", "Zürich", "Ulm"]), "card_not_in_hand"),
    ("keep", EndTurn(), "keep_first"),
    ("over", Draw(), "game_over"),
]


@pytest.mark.parametrize("where, action, reason", ILLEGAL, ids=[f"{w}-{r}" for w, _, r in ILLEGAL])
def test_illegal_actions_explain_and_change_nothing(where, action, reason):
    s = STATES[where]()
    before = s.position()
    with pytest.raises(IllegalAction) as info:
        s.apply(action)
    err = info.value
    assert isinstance(err, ValueError)
    assert err.reason == reason
    assert len(str(err)) > 20 and str(err)[0].isupper()
    assert s.position() == before
    assert s.why_illegal(action).reason == reason
    assert action not in s.legal_actions()
    with pytest.raises(IllegalAction):
        s.apply(action.notation)              # by notation too
    assert s.position() == before


def test_a_value_that_is_no_action():
    s = STATES["draw"]()
    with pytest.raises(IllegalAction) as info:
        s.apply(42)
    assert info.value.reason == "not_an_action"
    with pytest.raises(ValueError):
        s.apply("fly to Rome")
    assert s.why_illegal("fly to Rome") is not None


def test_unknown_city_suggests_the_close_match():
    s = STATES["play"]()
    err = s.why_illegal(Play("Nurnburg", "right"))
    assert err.reason == "unknown_city"
    assert "Nürnberg" in str(err)
    assert "Nürnberg" in str(STATES["draw"]().why_illegal(Draw("Nurnburg")))


def test_city_names_in_any_accents_or_case():
    s = game(hand=["Nürnberg"], route=["Stuttgart"], turn=PLAYING)
    assert Play("nurnberg", "right") == Play("NÜRNBERG", "right") == Play("Nürnberg", "right")
    assert s.apply(Play("nurnberg", "right")).player("Ann").route == ("Stuttgart", "Nürnberg")
    assert s.apply("play NURNBERG right").player("Ann").route == ("Stuttgart", "Nürnberg")


# -- why_illegal agrees with legal_actions -----------------------------------------------------------------------

def candidates(s):
    """Many actions, legal or not, for the state ``s``."""
    acts = [Draw(), EndTurn()] + [Draw(c) for c in CITIES]
    acts += [CallOfficial(o) for o in ("postmaster", "administrator", "postal_carrier", "cartwright")]
    acts += [Play(c, end) for c in CITIES for end in ("left", "right", "new")]
    me = s.player()
    acts += [Score([c], cw) for c in me.route for cw in (False, True)]
    acts += [Score(me.route), Score([]), Score(me.route[:2], True)]
    acts += [Keep(k) for k in set(combinations(me.hand, 3))] + [Keep(me.hand[:2]), Keep(me.hand[:4])]
    return acts + s.legal_actions()


def random_states(seed, players=("Ann", "Ben", "Cid"), moves=250):
    rng = random.Random(seed)
    s = thurn.new_game(list(players), seed=seed)
    out = [s]
    while not s.is_over and len(out) < moves:
        s = s.apply(rng.choice(s.legal_actions()))
        out.append(s)
    return out


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_why_illegal_is_none_exactly_for_legal_actions(seed):
    for s in random_states(seed)[::3]:
        legal = set(s.legal_actions())
        assert len(legal) == len(s.legal_actions()), "legal_actions lists an action twice"
        for a in candidates(s):
            err = s.why_illegal(a)
            assert (err is None) == (a in legal), (str(s), a, err)
            if err is not None:
                assert isinstance(err, IllegalAction) and err.reason


def test_the_game_is_always_waiting_for_a_choice():
    for s in random_states(4):
        assert s.is_over or s.legal_actions(), str(s)


# -- notation and readable actions --------------------------------------------------------------------------------

ACTIONS = [
    Draw("Ulm"), Draw(), CallOfficial("postmaster"), CallOfficial("administrator"),
    CallOfficial("postal_carrier"), Play("Nürnberg", "left"), Play("Nürnberg", "right"), Play("Zürich", "new"),
    Score(["Ulm", "Augsburg"]), Score(["München"], cartwright=True), Score([]), Keep(["Ulm", "Ulm", "Basel"]),
    Keep([]), EndTurn(),
]


@pytest.mark.parametrize("action", ACTIONS, ids=str)
def test_notation_round_trip(action):
    assert parse_action(action.notation) == action
    assert parse_action(action.notation).notation == action.notation


def test_notation_round_trip_for_the_actions_of_a_game():
    for s in random_states(5, moves=120):
        for a in s.legal_actions():
            assert parse_action(a.notation) == a


@pytest.mark.parametrize("action, text", [
    (Play("Nürnberg", "right"), "play Nürnberg at the right end"),
    (Play("Ulm", "new"), "start a new route with Ulm"),
    (Draw("Ulm"), "draw Ulm from the display"),
    (Draw(), "draw from the deck"),
    (CallOfficial("postmaster"), "call the Postmaster"),
    (CallOfficial("postal_carrier"), "call the Postal Carrier"),
    (Score(["Ulm", "Augsburg"]), "score the route, houses in Ulm, Augsburg"),
    (Keep(["Ulm", "Ulm", "Basel"]), "keep Ulm, Ulm, Basel"),
    (EndTurn(), "end the turn"),
])
def test_actions_read_well(action, text):
    """README, Actions: the str column."""
    assert str(action) == text


def test_notations_from_the_readme():
    assert parse_action("draw ulm") == Draw("Ulm")
    assert parse_action("draw deck") == Draw()
    assert parse_action("call postmaster") == CallOfficial("postmaster")
    assert parse_action("play ulm right") == Play("Ulm", "right")
    assert parse_action("score ulm+augsburg") == Score(["Ulm", "Augsburg"])
    assert parse_action("keep ulm+ulm+basel") == Keep(["Ulm", "Ulm", "Basel"])
    assert parse_action("end") == EndTurn()


# -- the log -----------------------------------------------------------------------------------------------------

def test_the_log_tells_the_scoring():
    s = game(hand=["Basel"], route=["Carlsruhe", "Stuttgart", "Nürnberg"], turn=SCORING)
    s = s.apply(Score(["Carlsruhe", "Stuttgart", "Nürnberg"]))
    line = next(line for line in s.log() if "scores" in line)
    assert line.startswith("Ann scores Carlsruhe–Stuttgart–Nürnberg")
    assert "houses in Carlsruhe, Stuttgart, Nürnberg" in line
    assert "carriage 3" in line


def test_the_log_tells_the_turn():
    s = game(hand=["Ulm"], display=DISPLAY, deck=DECK, discard=rest(["Ulm"], DISPLAY, DECK))
    s = s.apply(Draw("Linz")).apply(Play("Ulm", "new"))
    assert s.log()[:3] == ["Ann draws Linz from the display.", "Ann starts a new route with Ulm.",
                           "Ann's route has 1 card, too few to score: the turn ends."]


def test_the_log_of_a_new_game_starts_with_the_compulsory_postmaster():
    """README: state.log() begins "Ann's hand is empty: the Postmaster must help..." (base rules 000, 1)."""
    s = thurn.new_game(["Ann", "Ben"], seed=1).apply(Draw()).apply(Draw())
    log = s.log()
    assert "Postmaster" in log[0] and log[0].startswith("Ann")
    assert all(isinstance(line, str) and line.endswith(".") for line in log)


def test_player_copy_copies_every_field_of_the_record():
    """``GameState.player_copy`` writes PlayerState.copy out (a call less per action): both copy every slot, and
    a record with several colours (SoloPlay) is copied by its own ``copy``."""
    from thurn.state import ColouredPlayerState, PlayerState

    s = thurn.new_game(["Ann", "Ben"], seed=5)
    s = s.apply(s.legal_actions()[0])
    n = s.successor(None)
    q = n.player_copy(s.to_move)
    p = s.players[s.to_move]
    assert q is not p and type(q) is PlayerState
    assert all(getattr(q, name) == getattr(p, name) for name in PlayerState.__slots__)
    assert all(getattr(q, name) == getattr(p.copy(), name) for name in PlayerState.__slots__)
    c = ColouredPlayerState(houses_left=4, colours=(("red", 0, 2), ("blue", 0, 2)))
    n.players = (c,) + n.players[1:]
    cq = n.player_copy(0)
    assert type(cq) is ColouredPlayerState and cq is not c and cq.colours == c.colours


def test_what_fits_an_end_is_fits_in_legal_play_and_extensions():
    """``legal_play`` and ``extensions`` write ``fits`` out (a call less on the hot path): over random games of every
    ruleset, a card is listed at an end exactly when ``fits`` says it fits there, and ``extensions`` says whether
    any card of the hand fits either end."""
    from tests.support.rulesets import RULESETS, new_game, ruleset_id
    from thurn.turn.playing import extensions, fits

    for rs_id in RULESETS:
        rng = random.Random(ruleset_id(rs_id))
        s = new_game(*rs_id, rng)
        for _ in range(200):
            if s.is_over:
                break
            p = s.players[s.to_move]
            b = s.board
            if p.route:
                left, right = fits(b, p.route, p.rmask)
                assert extensions(b, p.route, p.hand, p.rmask) == any((left | right) & b.card_bit[x] for x in p.hand)
                if s.step == "play":
                    acts = s.legal_actions()
                    for x in p.hand:
                        name = b.card_names[x]
                        assert (Play(name, "left") in acts) == bool(left & b.card_bit[x]), ruleset_id(rs_id)
                        assert (Play(name, "right") in acts) == bool(right & b.card_bit[x]), ruleset_id(rs_id)
            acts = s.legal_actions()
            s = s.apply(acts[rng.randrange(len(acts))])
