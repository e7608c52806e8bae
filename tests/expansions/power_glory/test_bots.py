"""The bots on Power and Glory's northern board and ``simulate``'s columns of the expansion (rule book with the
expansions, "Power and Glory"): the columns equal what the game's log says; the greedy bot plays a card horse side
up when its route needs horses and to the route when it has them; the search bot's candidates and samples keep the
horses; every bot is handed its player's view; ``ladder`` and ``simulate`` take the board.
"""
from __future__ import annotations

import random
import re

import pytest

import thurn
from thurn.__main__ import main
from thurn.bots.greedy import GreedyBot
from thurn.bots.search import SearchBot
from thurn.expansions.power_glory.rules import horses
from thurn.expansions.power_glory.columns import GAME_COLUMNS, PLAYER_COLUMNS
from thurn.expansions.power_glory.valuation import horse_turns
from thurn.information import SeatView, Seen
from thurn.sim import game_rows, play_game, simulate

RULES = {"board": "northern", "expansions": ["power_glory"]}
FREE_CITIES = ("Bremen", "Hamburg", "Lübeck", "Frankfurt")
ROUTE = ["Halle (2 horseshoes)", "Berlin (1 horseshoe)", "Hannover (3 horseshoes)"]


def at_play(hand, horse_cards=(), route=ROUTE, rules=RULES, officials=()) -> thurn.GameState:
    """Ann (seat 0) to play a card: her route, her hand, the cards beside her carriage, the officials she called
    this turn; the rest in the deck."""
    ann = {"name": "Ann", "route": list(route), "hand": list(hand), "piles": {"horses": list(horse_cards)}}
    d = {"players": [ann, {"name": "Ben"}], "rules": rules, "seed": 3, "current": 0,
         "turn": {"step": "play", "draws": 1, "plays": 0, "officials": list(officials)}}
    return thurn.GameState.from_position(d)


# -- simulate's columns ---------------------------------------------------------------------------------------------

def _from_log(state) -> list[dict]:
    """Each player's horse cards, horses at each scoring, route lengths and free-city tiles, read from the log's
    sentences (Power and Glory, Play a city card from the hand; Closing and scoring a route; Collect bonus tiles)."""
    out = {name: {"horse_cards": 0, "horses": [], "lengths": [], "free_tiles": 0, "now": 2}
           for name in state.names}
    for line in state.log():
        m = re.match(r"(\w+) plays .* horse side up: (\d+) horses pull the carriage", line)
        if m:
            out[m[1]]["horse_cards"] += 1
            out[m[1]]["now"] = int(m[2])
            continue
        m = re.match(r"(\w+) scores .* \((\d+) cards\)", line)
        if m:
            who = out[m[1]]
            who["horses"].append(who["now"])
            who["lengths"].append(int(m[2]))
            who["free_tiles"] += sum(f"the {c} tile" in line for c in FREE_CITIES)
            who["now"] = 2                   # the horse cards discarded, the carriage card kept (Discard city cards)
    return [out[name] for name in state.names]


@pytest.mark.parametrize("seed", [5, 8])
def test_the_columns_equal_what_the_log_says(seed):
    """Power and Glory, Play a city card from the hand (the horse cards), Closing and scoring a route (the horses
    counted when scoring), Collect bonus tiles (the free-city tiles), route tiles 5 to 8 (components)."""
    state = play_game(["Ann", "Ben", "Cid"], ["greedy"] * 3, seed=seed, rules=RULES)
    game, rows = game_rows(state)
    logged = _from_log(state)
    b = state.board
    assert sum(t["horse_cards"] for t in logged) > 0
    for row, t, p in zip(rows, logged, state.players):
        assert row["horse_cards_played"] == t["horse_cards"] == row["actions_horse"]
        mean = sum(t["horses"]) / len(t["horses"]) if t["horses"] else None
        assert (row["horses_when_scoring"] == pytest.approx(mean)) if mean is not None else \
            row["horses_when_scoring"] != row["horses_when_scoring"]
        assert all(h >= n for h, n in zip(t["horses"], t["lengths"]))      # never scored with too few horses
        assert row["routes_5_8"] == sum(n >= 5 for n in t["lengths"])
        assert row["route_lengths"] == ",".join(map(str, t["lengths"]))
        assert row["free_city_tiles"] == t["free_tiles"]
        assert row["free_cities_housed"] == sum(p.houses >> b.index(c) & 1 for c in FREE_CITIES)
    lengths = [n for t in logged for n in t["lengths"]]
    assert game["long_route_share"] == pytest.approx(sum(n >= 5 for n in lengths) / len(lengths))
    assert game["free_city_tiles_left"] == 4 - sum(t["free_tiles"] for t in logged)


def test_simulate_has_the_columns_only_with_the_expansion():
    """The columns of the expansion come with it; on the northern board under the base game's rules (Power and
    Glory, The game using the base game rules) there are none."""
    sim = simulate(2, bots="greedy", players=2, rules=RULES, workers=1)
    assert set(PLAYER_COLUMNS) <= set(sim.players.columns) and set(GAME_COLUMNS) <= set(sim.games.columns)
    assert sim.players["horse_cards_played"].sum() > 0
    base = simulate(2, bots="greedy", players=2, rules={"board": "northern"}, workers=1)
    assert not set(PLAYER_COLUMNS) & set(base.players.columns)


# -- the greedy bot ----------------------------------------------------------------------------------------------

def test_greedy_plays_a_card_horse_side_up_when_its_route_needs_horses():
    """Power and Glory, Closing and scoring a route: "at least as many horses pulling his carriage as there are city
    cards in the route" (2 horses for 3 cards); Play a city card from the hand: the card that does not fit goes
    horse side up (its 3 horseshoes let the route score this turn), not to a new route."""
    s = at_play(["Amsterdam (3 horseshoes)"], officials=["administrator"])     # (no Postmaster this turn)
    a = GreedyBot(seed=1).choose(s)
    assert a.kind == "horse" and "amsterdam" in a.notation
    after = s.apply(a)
    assert horses(after, 0) == 5 and any(x.kind == "score" for x in after.legal_actions())


def test_greedy_prefers_the_horse_card_that_does_not_fit_the_route():
    """Power and Glory, Play a city card from the hand: each card either way; with a card that extends the route
    and one that does not, the one that does not pulls the carriage."""
    s = at_play(["Hamburg (3 horseshoes)", "Amsterdam (3 horseshoes)"], officials=["administrator"])
    a = GreedyBot(seed=1).choose(s)
    assert a.kind == "horse" and "amsterdam" in a.notation


def test_greedy_builds_on_when_its_horses_suffice():
    """Power and Glory, Closing and scoring a route: with 5 horses a route of 4 can still be scored, so the card
    that fits goes to the route."""
    s = at_play(["Hamburg (3 horseshoes)"], horse_cards=["Kassel (3 horseshoes)"])
    a = GreedyBot(seed=1).choose(s)
    assert a.kind == "play" and a.end != "new"


def test_horse_turns():
    """A route lacking horses needs a horse card for every 2 horses on average (a card brings 1 to 3)."""
    assert [horse_turns(n) for n in (-1, 0, 1, 2, 3, 4)] == [0, 0, 1, 1, 2, 2]


def test_greedy_scores_longer_routes_than_three_cards():
    """Route tiles 5 to 8 (Power and Glory, components): the greedy bot scores routes of 5 or more."""
    sim = simulate(4, bots="greedy", players=3, rules=RULES, workers=1, seed=2)
    assert sim.players["routes_5_8"].sum() >= 4


# -- the search bot ------------------------------------------------------------------------------------------------

def test_search_candidates_include_horse_plays_and_it_plays_the_needed_horse():
    """Power and Glory, Play a city card from the hand: the search bot weighs the horse plays too."""
    s = at_play(["Amsterdam (3 horseshoes)", "Weimar (1 horseshoe)"])
    bot = SearchBot(seed=1, iterations=16)
    ranked = bot.score_actions(s)
    horse = max(v for v, a, _ in ranked if a.kind == "horse")
    assert all(v < horse for v, a, _ in ranked if a.kind == "play")      # a horse before any new route
    assert bot.choose(s).kind in ("horse", "official")                    # (the Postmaster first may pay more)


def test_search_samples_keep_the_horses():
    """The cards beside the carriage lie open (Power and Glory, Play a city card from the hand): the search bot's
    sampled positions keep them."""
    s = at_play(["Amsterdam (3 horseshoes)"], horse_cards=["Kassel (3 horseshoes)", "Weimar (1 horseshoe)"])
    seen = Seen(s, 0)
    rng = random.Random(1)
    for _ in range(5):
        world = seen.sample(rng)
        assert world.pile("horses", 0) == s.pile("horses", 0) and horses(world, 0) == 6


# -- the bots' views ------------------------------------------------------------------------------------------------

class Recording(GreedyBot):
    """A greedy bot that keeps what it is handed."""

    name = "recording"

    def __init__(self, seed=None):
        super().__init__(seed)
        self.seen = []

    def choose(self, state):
        self.seen.append(state)
        return super().choose(state)


def test_a_bot_is_handed_its_players_view_with_the_horses():
    """A bot sees what its player sees (thurn.information): a view, never the game; the horse cards lie open."""
    bots = [Recording(1), Recording(2)]
    state = play_game(["Ann", "Ben"], bots, seed=4, rules=RULES)
    assert state.step == "over"
    for seat, bot in enumerate(bots):
        assert bot.seen and all(isinstance(v, SeatView) for v in bot.seen)
        assert all(v.to_move == seat for v in bot.seen)


# -- the command line -------------------------------------------------------------------------------------------

def test_ladder_and_simulate_take_the_board(capsys):
    """``ladder --board northern --expansions power_glory`` and ``simulate --board northern`` (the section's variant
    under the base game's rules); a board named twice is refused."""
    assert main(["ladder", "--board", "northern", "--expansions", "power_glory", "--bots", "random", "greedy",
                 "--games", "2", "--players", "2", "--workers", "1"]) == 0
    out = capsys.readouterr().out
    assert "Power and Glory on the northern board" in out and "routes of 5+" in out
    assert main(["simulate", "--board", "northern", "--games", "2", "--players", "2", "--workers", "1"]) == 0
    assert main(["simulate", "--board", "northern", "--rules", "board=base", "--games", "1", "--workers", "1"]) != 0
    assert "named twice" in capsys.readouterr().err


def test_greedy_calls_the_postal_carrier_for_a_horse_card():
    """Power and Glory, Play a city card from the hand: "when the player accepts the support of the postal carrier to
    play two cards, he may choose with each card whether to add a city to his route or add horses": the route of 3
    has 2 horses and the hand a card that does not fit; the Postal Carrier plays it horse side up and the route is
    scored this turn."""
    ann = {"name": "Ann", "route": ROUTE, "hand": ["Amsterdam (3 horseshoes)"]}
    s = thurn.GameState.from_position({"players": [ann, {"name": "Ben"}], "rules": RULES, "seed": 3, "current": 0,
                                       "turn": {"step": "score", "draws": 1, "plays": 1}})
    bot = GreedyBot(seed=1)
    a = bot.choose(s)
    assert a.kind == "official" and a.resolved == "postal_carrier"
    s = s.apply(a)
    a = bot.choose(s)
    assert a.kind == "horse"
    assert any(x.kind == "score" for x in s.apply(a).legal_actions())
