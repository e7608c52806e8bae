"""Power and Glory's rules (rule book with the expansions, "Power and Glory"), on the northern board
(``data/northern.json``), with the variant ``power_glory``. Each test cites the sentence it checks; the rules'
example (Halle, Berlin, Hannover, Hamburg, Bremen, Münster with 7 horses) is a test.
"""
from __future__ import annotations

import pytest

import thurn
from thurn import IllegalAction, PlayHorse, RulesetRefused
from thurn.expansions.power_glory.rules import MAX_HORSE_CARDS, horses

RULES = {"board": "northern", "expansions": ["power_glory"]}
B = thurn.load_board("northern")
EXAMPLE = ["Halle", "Berlin", "Hannover", "Hamburg", "Bremen", "Münster"]


def pos(ann: dict, ben: dict | None = None, step="score", plays=1, rules=RULES, **rest) -> thurn.GameState:
    """Ann (seat 0) to move in ``step``; the rest of the cards in the deck."""
    turn = {"step": step, "draws": 0 if step == "draw" else 1, "plays": plays if step == "score" else 0}
    d = {"players": [{"name": "Ann", **ann}, {"name": "Ben", **(ben or {})}], "rules": rules, "seed": 3,
         "current": 0, "turn": turn, **rest}
    return thurn.GameState.from_position(d)


def scores(s) -> set[frozenset]:
    return {frozenset(a.houses) for a in s.legal_actions() if a.kind == "score"}


def illegal(s, action) -> IllegalAction:
    before = s.position()
    with pytest.raises(IllegalAction) as e:
        s.apply(action)
    assert s.position() == before                    # the state is unchanged
    assert str(e.value) and e.value.reason
    return e.value


# -- Preparation ----------------------------------------------------------------------------------------------------

def test_the_carriage_card_brings_2_horses_and_the_houses_are_the_base_games():
    """Power and Glory, Preparation: "The players take the carriage cards of their colors and place them in their
    play areas"; "The players take the wooden houses (post offices) in their colors from the base game";
    Closing and scoring a route: "the carriage itself comes with 2 horses"."""
    s = thurn.new_game(["Ann", "Ben", "Cid"], seed=1, rules=RULES)
    assert [horses(s, i) for i in range(3)] == [2, 2, 2]
    assert all(p.houses_left == 20 for p in s.players)
    assert s.player(0).extras["horses"] == 2


def test_free_city_tiles_lie_on_their_cities():
    """Power and Glory, Preparation: "Place the round bonus tiles for the free cities on their respective cities"."""
    s = thurn.new_game(["Ann", "Ben"], seed=1, rules=RULES)
    stacks = s.position()["stacks"]
    assert all(stacks[f"{c}_tile"] == [1] for c in ("bremen", "hamburg", "lubeck", "frankfurt"))


def test_power_glory_is_refused_on_a_board_without_horseshoes():
    """Power and Glory is played on its own map ("1 map"): on the base board the cards show no horseshoes."""
    with pytest.raises(RulesetRefused, match="horseshoes"):
        thurn.new_game(["Ann", "Ben"], seed=1, rules={"expansions": ["power_glory"]})


# -- Playing a card ---------------------------------------------------------------------------------------------

def test_a_card_goes_to_the_route_or_horse_side_up_beside_the_carriage():
    """Power and Glory, Play a city card from the hand: "he can either play it to add a city to his route as in the
    base game or play it horse side up to the right of his carriage card"."""
    s = pos({"hand": ["Kassel (3 horseshoes)", "Göttingen"], "route": ["Hannover"]}, step="play")
    kinds = {(a.kind, getattr(a, "city", None)) for a in s.legal_actions()}
    assert ("horse", "kassel_3_horseshoes") in kinds and ("play", "Göttingen") not in kinds
    assert any(a.kind == "play" and a.end != "new" for a in s.legal_actions())
    t = s.apply(PlayHorse("Kassel (3 horseshoes)"))
    assert t.pile("horses", 0) == ["Kassel (3 horseshoes)"] and horses(t, 0) == 5
    assert [c.split(" (")[0] for c in t.player(0).route] == ["Hannover"] and t.step == "play" or t.step == "score"
    assert any("horse side up" in line for line in t.log())
    assert thurn.Rules.from_dict(RULES).ruleset.parse("horse kassel_3_horseshoes") == PlayHorse("Kassel (3 horseshoes)")


def test_at_most_6_horse_cards():
    """Power and Glory, Play a city card from the hand: "A player may have a maximum of 6 cards as horses before
    his carriage"."""
    six = ["Lübeck (1 horseshoe)", "Lübeck (2 horseshoes)", "Lübeck (3 horseshoes)", "Stettin (1 horseshoe)",
           "Stettin (2 horseshoes)", "Stettin (3 horseshoes)"]
    assert len(six) == MAX_HORSE_CARDS
    s = pos({"hand": ["Kassel (3 horseshoes)"], "piles": {"horses": six}}, step="play")
    assert not [a for a in s.legal_actions() if a.kind == "horse"]
    e = illegal(s, PlayHorse("Kassel (3 horseshoes)"))
    assert e.reason == "too_many_horses" and "6" in str(e)
    five = pos({"hand": ["Kassel (3 horseshoes)"], "piles": {"horses": six[:5]}}, step="play")
    assert len(five.apply(PlayHorse("Kassel (3 horseshoes)")).pile("horses", 0)) == 6


def test_a_horse_is_played_only_in_the_play_step_and_from_the_hand():
    """Power and Glory, Play a city card from the hand: a card "from the hand", once per turn (base rules, 2)."""
    s = pos({"hand": ["Kassel (3 horseshoes)", "Göttingen"], "route": ["Halle", "Berlin", "Hannover"]}, step="play")
    assert illegal(s, PlayHorse("Weimar (1 horseshoe)")).reason == "card_not_in_hand"
    assert illegal(s, PlayHorse("Kassel")).reason == "which_copy"       # the board's Kassel cards differ (issue 33)
    after = s.apply(PlayHorse("Kassel (3 horseshoes)"))
    assert after.step == "score"
    assert illegal(after, PlayHorse("Göttingen")).reason == "already_played"
    drawing = pos({"hand": ["Kassel (3 horseshoes)"]}, step="draw")
    assert illegal(drawing, PlayHorse("Kassel")).reason == "draw_first"


@pytest.mark.parametrize("first", ["horse", "route"])
def test_with_the_postal_carrier_each_card_either_way(first):
    """Power and Glory, Play a city card from the hand: "when the player accepts the support of the postal carrier
    to play two cards, he may choose with each card whether to add a city to his route or add horses"."""
    hand = ["Kassel (3 horseshoes)", "Göttingen (1 horseshoe)", "Weimar (2 horseshoes)"]
    s = pos({"hand": hand, "route": ["Hannover"]}, step="play")
    a = PlayHorse("Weimar (2 horseshoes)") if first == "horse" else thurn.Play("Göttingen (1 horseshoe)", "right")
    s = s.apply(a).apply(thurn.CallOfficial("postal_carrier"))
    assert s.step == "play"
    second = [x for x in s.legal_actions() if x.kind in ("horse", "play")]
    assert any(x.kind == "horse" for x in second)
    s = s.apply(PlayHorse("Kassel (3 horseshoes)"))
    assert horses(s, 0) == 2 + 3 + (2 if first == "horse" else 0)


def test_the_postal_carrier_helps_with_a_horse_when_no_card_fits_the_route():
    """Power and Glory, Play a city card from the hand (the Postal Carrier's note): the second card may be a horse
    even when none extends the route."""
    s = pos({"hand": ["Dresden (1 horseshoe)", "Amsterdam"], "route": ["Hannover"]}, step="play")
    s = s.apply(thurn.Play("Amsterdam (3 horseshoes)", "new"))
    assert any(a.kind == "official" for a in s.legal_actions())
    s = s.apply(thurn.CallOfficial("postal_carrier")).apply(PlayHorse("Dresden (1 horseshoe)"))
    assert horses(s, 0) == 3


# -- Closing and scoring a route -----------------------------------------------------------------------------------

def test_a_route_needs_as_many_horses_as_cards():
    """Power and Glory, Closing and scoring a route: "a player must have at least as many horses pulling his
    carriage as there are city cards in the route"; "the carriage itself comes with 2 horses"."""
    route = ["Halle", "Berlin", "Hannover"]
    few = pos({"route": route, "hand": ["Lübeck"]})                         # 2 horses, 3 cards
    assert horses(few, 0) == 2 and not scores(few)
    e = illegal(few, thurn.Score(["Halle", "Berlin"]))
    assert e.reason == "too_few_horses" and "3 cards" in str(e) and "2 horses" in str(e)
    enough = pos({"route": route, "hand": ["Lübeck"], "piles": {"horses": ["Kassel (1 horseshoe)"]}})
    assert horses(enough, 0) == 3 and scores(enough)                       # exactly as many: enough


def test_the_rules_example():
    """Power and Glory, Discard city cards, the example: a route of 6 cities (Halle, Berlin, Hannover, Hamburg,
    Bremen and Münster) and 7 horses: he may score; he takes the top route-6 tile; his best choices are Halle,
    Berlin and Münster (both parts of Preußen), or one of them, Hannover and Hamburg or Bremen; never both free
    cities; afterwards he discards the city and horse cards."""
    s = pos({"route": EXAMPLE, "hand": ["Lübeck"],
             "piles": {"horses": ["Kassel (3 horseshoes)", "Halle (2 horseshoes)"]}})
    assert horses(s, 0) == 7
    options = scores(s)
    assert frozenset({"Halle", "Berlin", "Münster"}) in options
    for prussian in ("Halle", "Berlin", "Münster"):
        for free in ("Hamburg", "Bremen"):
            assert frozenset({prussian, "Hannover", free}) in options
    assert not any({"Hamburg", "Bremen"} <= o for o in options)
    assert max(len(o) for o in options) == 3
    t = s.apply(thurn.Score(["Halle", "Hannover", "Hamburg"]))
    ann = t.position()["players"][0]
    assert ("route_6", 3) in [tuple(x) for x in ann["tiles"]]
    assert ("hamburg_tile", 1) in [tuple(x) for x in ann["tiles"]]
    assert ann["route"] == [] and ann["piles"]["horses"] == [] and ann["carriages"] == []
    assert horses(t, 0) == 2                                                # he keeps the carriage card
    discard = t.position()["discard"]
    assert {"Kassel (3 horseshoes)", "Halle (2 horseshoes)"} <= set(discard) and len(discard) == 8
    # Preußen in both parts, the other best choice
    u = s.apply(thurn.Score(["Halle", "Berlin", "Münster"]))
    assert sorted(u.player(0).houses) == ["Berlin", "Halle", "Münster"]


def test_no_carriage_and_no_cartwright():
    """Power and Glory, Preparation: "The carriage cards and the cartwright from the base game are not used with
    this expansion"."""
    route = ["Halle", "Berlin", "Hannover", "Hamburg", "Bremen"]
    s = pos({"route": route, "hand": ["Lübeck"], "piles": {"horses": ["Kassel (3 horseshoes)"]}})
    acts = s.legal_actions()
    assert all(a.kind != "score" or (a.carriage and not a.cartwright) for a in acts)
    assert not any(a.kind == "official" and "cartwright" in a.notation for a in acts)
    t = s.apply(next(a for a in acts if a.kind == "score"))
    assert t.player(0).carriages == () and "carriage" not in " ".join(t.log()[-1:])
    assert illegal(s, thurn.Score(["Halle"], cartwright=True)).reason in ("no_helper", "not_a_placement")


# -- Placing houses and the bonus tiles --------------------------------------------------------------------------

def test_free_cities_are_no_province_and_one_house_on_one_of_them():
    """Power and Glory, Placing houses: "The free cities ... are not provinces themselves and are not part of the
    surrounding provinces"; "he may place a house on only one of the free cities"."""
    route = ["Lübeck", "Hamburg", "Bremen"]
    s = pos({"route": route, "hand": ["Kassel"], "piles": {"horses": ["Weimar (1 horseshoe)"]}})
    assert scores(s) == {frozenset({"Hamburg"}), frozenset({"Bremen"}), frozenset({"Lübeck"})}
    err = illegal(s, thurn.Score(["Hamburg", "Bremen"]))          # (issue 33: Power and Glory's rule, in its words)
    assert err.reason == "one_free_city" and err.rule == "Power and Glory, Placing houses"


def test_the_first_house_on_a_free_city_takes_its_tile_and_only_the_first():
    """Power and Glory, Collect bonus tiles: "The player who places the first house on one of the free cities
    immediately takes the bonus tile for that city"."""
    route = ["Hannover", "Hamburg", "Lübeck"]
    s = pos({"route": route, "hand": ["Kassel"], "piles": {"horses": ["Weimar (1 horseshoe)"]}})
    t = s.apply(thurn.Score(["Hannover", "Hamburg"]))
    assert ("lubeck_tile", 1) not in t.player(0).tiles and ("hamburg_tile", 1) in t.player(0).tiles
    d = t.position()
    assert d["stacks"]["hamburg_tile"] == []
    # Ben's later house on Hamburg takes no tile
    ben_route = ["Bremen", "Hamburg", "Hannover"]
    for name in ben_route + ["Weimar (2 horseshoes)"]:
        deck = d["deck"]
        deck.remove(next(c for c in deck if c.split(" (")[0] == name.split(" (")[0] and
                         (name == c or "(" not in name)))
    d["players"][1].update(route=ben_route, piles={"horses": ["Weimar (2 horseshoes)"]}, hand=["Dresden"])
    d["deck"].remove(next(c for c in d["deck"] if c.startswith("Dresden")))
    d.update(to_move=1, turn_owner=1, turn={"step": "score", "draws": 1, "plays": 1})
    u = thurn.GameState.from_position(d).apply(thurn.Score(["Hamburg", "Hannover"]))
    assert not any(si == "hamburg_tile" for si, _ in u.player(1).tiles)


def test_the_preussen_tile_needs_both_parts():
    """Power and Glory, Collect bonus tiles: "To earn the Preußen bonus tile, a player must have a house on every
    city in both parts of Preußen"."""
    east = ["Stettin", "Berlin", "Magdeburg", "Halle"]
    west = ["Münster", "Düsseldorf", "Cölln"]
    horse = {"horses": ["Kassel (3 horseshoes)"]}
    s = pos({"route": east, "hand": ["Lübeck"], "piles": horse, "houses": west[:2]})
    t = s.apply(thurn.Score(east))
    assert not any(si == "preussen" for si, _ in t.player(0).tiles)       # Cölln is missing
    s = pos({"route": east, "hand": ["Lübeck"], "piles": horse, "houses": west})
    t = s.apply(thurn.Score(east))
    assert ("preussen", 5) in t.player(0).tiles


def test_all_provinces_needs_every_province_but_no_free_city():
    """Power and Glory, Collect bonus tiles: "To earn the all provinces bonus tile, a player must have at least one
    house in every province. He need not have houses on any of the free cities"."""
    held = ["Schwerin", "Göttingen", "Amsterdam", "Brüssel", "Weimar", "Dresden", "Kassel"]   # not Baiern, Preußen
    route = ["Frankfurt", "Würzburg", "Fulda"]
    horse = {"horses": ["Magdeburg (3 horseshoes)"]}
    s = pos({"route": route, "hand": ["Lübeck"], "piles": horse, "houses": held + ["Berlin"]})
    t = s.apply(thurn.Score(["Würzburg"]))
    assert ("all_provinces", 6) in t.player(0).tiles                       # no free city needed
    s = pos({"route": route, "hand": ["Lübeck"], "piles": horse, "houses": held})
    t = s.apply(thurn.Score(["Würzburg"]))
    assert not any(si == "all_provinces" for si, _ in t.player(0).tiles)  # Preußen is missing


def test_the_pairs_tiles_and_the_route_tiles_5_to_8():
    """Power and Glory, components: "3x Mecklenburg/Hannover ... 3x Hessen/Baiern"; "5x 8 distance, 4x 7, 3x 6,
    2x 5": a tile for the route's length, 8 or more taking an 8."""
    route = ["Lübeck", "Schwerin", "Berlin", "Hannover", "Göttingen", "Kassel", "Frankfurt", "Würzburg"]
    assert all(B.has_road(a, b) for a, b in zip(route, route[1:]))
    horse = {"horses": ["Kassel (3 horseshoes)", "Halle (2 horseshoes)", "Hamburg (3 horseshoes)"]}
    s = pos({"route": route, "hand": ["Dresden"], "piles": horse})
    assert horses(s, 0) == 10
    t = s.apply(thurn.Score(["Schwerin", "Berlin", "Hannover", "Kassel", "Frankfurt", "Würzburg"]))
    got = dict(t.player(0).tiles)
    assert got["route_8"] == 5 and got["frankfurt_tile"] == 1
    s = pos({"route": ["Göttingen", "Hannover", "Hamburg"], "hand": ["Dresden"], "houses": ["Schwerin"],
             "piles": {"horses": ["Kassel (3 horseshoes)"]}})
    t = s.apply(thurn.Score(["Göttingen", "Hannover"]))
    assert dict(t.player(0).tiles).get("mecklenburg_hannover") == 3


# -- Game end -------------------------------------------------------------------------------------------------------

def test_the_end_comes_only_with_the_last_house_and_the_round_is_played_out():
    """Power and Glory, Game end: "When a player has played all his houses, the round is played to the end as in
    the base game"; without carriages the last carriage never ends it."""
    route = ["Halle", "Berlin", "Hannover"]
    others = [c.name for c in B.cities if c.name not in route][:19]
    s = pos({"route": route, "hand": ["Lübeck"], "houses": others, "houses_left": 1,
             "piles": {"horses": ["Kassel (1 horseshoe)"]}}, {"hand": ["Dresden"]})
    t = s.apply(thurn.Score(["Hannover"]))
    assert t.position()["end_triggered_by"] == "Ann" and not t.is_over       # Ben still plays his turn
    assert dict(t.player(0).tiles).get("game_end") == 1
    assert t.to_move == 1
    while t.to_move == 1 and not t.is_over:
        t = t.apply(t.legal_actions()[0])
    assert t.is_over


# -- the variant with the base rules -----------------------------------------------------------------------------

def test_the_northern_board_under_the_base_rules():
    """Power and Glory, The game using the base game rules: "the carriage cards from the base game are used and the
    support of the cartwright may be accepted. The backs of the city cards are ignored and the cards are used only
    to add cities to routes ... Use the new rules for earning the bonus tiles"."""
    base = {"board": "northern"}
    s = pos({"route": ["Berlin", "Hannover", "Hamburg"], "hand": ["Lübeck"], "carriages": [3]}, rules=base)
    acts = s.legal_actions()
    assert any(a.kind == "score" and a.cartwright for a in acts)               # carriage 4 with the Cartwright
    t = s.apply(thurn.Score(["Berlin", "Hannover", "Hamburg"], cartwright=True))
    assert t.player(0).carriages == (3, 4) and ("hamburg_tile", 1) in t.player(0).tiles
    play = pos({"hand": ["Kassel"], "route": ["Hannover"]}, step="play", rules=base)
    assert not any(a.kind == "horse" for a in play.legal_actions())
    assert "horses" not in play.player(0).extras


def test_the_card_backs_show_horseshoes_of_the_deck_top_and_of_the_hands():
    """Power and Glory, components: "The backs of the city cards have 1, 2 or 3 horses. The number is also shown on
    both sides of the cards as horseshoes": the deck's top card and every hand show their horseshoes (not the
    cities)."""
    from thurn.expansions.power_glory.rules import card_backs

    hands = ["Kassel (3 horseshoes)", "Weimar (1 horseshoe)", "Halle (2 horseshoes)"]
    rest = [n for n in B.card_names if n not in hands and n != "Hamburg (3 horseshoes)"]
    display = rest[:6]
    deck = ["Hamburg (3 horseshoes)"] + rest[6:]
    s = pos({"hand": hands[:2]}, {"hand": hands[2:]}, step="play", deck=deck, display=display)
    backs = card_backs(s)
    assert backs["hands"] == ((1, 3), (2,))
    assert backs["deck_top"] == B.card_value(s.deck[0], "horseshoes") == 3


def test_a_position_with_more_than_6_horse_cards_is_refused():
    """Power and Glory, Play a city card from the hand: "a maximum of 6 cards as horses" holds in a loaded
    position too."""
    seven = ["Lübeck", "Stettin", "Dresden", "Fulda", "Weimar", "Brüssel", "Amsterdam"]
    with pytest.raises(thurn.PositionError, match="at most 6"):
        pos({"hand": ["Kassel"], "piles": {"horses": seven}}, step="play")


# -- with the other expansions ------------------------------------------------------------------------------------

def test_with_the_messenger_a_letter_on_each_of_the_23_cities_and_no_figure():
    """Messenger, Preparation 1: "place one nobility letter in each city on the game board" (23 on the northern
    board); the rule book's Yucata note: "The Princess' Messenger is not used when the Princess' Messenger expansion
    is used with Power and Glory" (without carriages every scoring would take it)."""
    rules = {"board": "northern", "expansions": ["power_glory", "messenger"]}
    s = thurn.new_game(["Ann", "Ben", "Cid"], seed=2, rules=rules)
    assert bin(s.ext["messenger"].cities).count("1") == 23
    ext = {"messenger": {"cities": B.all_mask, "held": [0, 1], "holder": None, "budget": 0, "paid": [], "spent": 0}}
    s = pos({"route": ["Halle", "Berlin", "Hannover"], "hand": ["Lübeck"], "piles": {"horses": ["Kassel"]}},
            rules=rules, ext=ext)
    t = s.apply(thurn.Score(["Hannover"]))
    assert t.ext["messenger"].holder == -1 and t.ext["messenger"].held[0] == 1      # Hannover's letter, no figure
    base = pos({"route": ["Halle", "Berlin", "Hannover"], "hand": ["Lübeck"]},
               rules={"board": "northern", "expansions": ["messenger"]}, ext=ext)
    u = base.apply(thurn.Score(["Hannover"], carriage=False))
    assert u.ext["messenger"].holder == 0                  # the base rules' variant keeps carriages and the figure
