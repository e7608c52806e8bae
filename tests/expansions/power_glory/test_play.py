"""Power and Glory in the apps (issue 24, "Everywhere a user meets it"): the Play app shows each card of the hand with
its two uses side by side (to the route, or "as horses +N": the engine's ``PlayHorse``), counts the horses against
the route where the player scores (or says the engine's refusal), the Postal Carrier's second card either way; the
map and the players table say the horses beside each player; the New game panel offers the board's player counts
and names the reconstructed board once; the route explorer and the scoring what-if count the horses a route needs
against those the player has; the game review works on a northern game.

Rules cited: the rule book with the expansions, "Power and Glory" (its sections)."""
from __future__ import annotations

import re

import pytest

import thurn
from thurn import viz
from thurn.actions import CallOfficial, Score
from thurn.bots import make_bot
from thurn.expansions.power_glory import rules as pg
from thurn.expansions.power_glory.parts import HorseCount, horses_words
from thurn.explore import route_options, score_outcomes
from thurn.io import state_from_position
from thurn.parts import pile_columns
from thurn.scoring import placement_options
from thurn.widgets import Play
from thurn.widgets.explorer import RouteExplorer
from thurn.widgets.newgame import NewGamePanel, board_choices
from thurn.widgets.whatif import ScoringWhatIf, options_table

RULES = {"board": "northern", "expansions": ["power_glory"]}


def strip(html_text: str) -> str:
    return re.sub(r"<[^>]+>", "", html_text)


def pos(me: dict, step: str = "play", other: dict | None = None, **turn) -> thurn.GameState:
    """A northern position: Ann (``me``) to move at ``step``; Ben (``other``)."""
    counters = {"play": {"draws": 1}, "score": {"draws": 1, "plays": 1}}[step]
    return state_from_position({"rules": RULES, "seed": 3, "players": [{"name": "Ann", **me}, {"name": "Ben", **(other or {})}],
                                "turn": {"step": step, **counters, **turn}})


def app_on(state) -> Play:
    return Play(state=state, autosave=False)


def _words(button) -> str:
    return button.description


# -- the Play app: a card's two uses side by side -----------------------------------------------------------------

def test_each_hand_card_shows_its_route_uses_and_its_horse_use_side_by_side():
    """Power and Glory, Play a city card from the hand: "he can either play it to add a city to his route as in the
    base game or play it horse side up to the right of his carriage card"."""
    s = pos({"hand": ["Kassel (3 horseshoes)", "Bremen (1 horseshoe)"], "route": ["Hannover (2 horseshoes)",
                                                                                 "Göttingen (1 horseshoe)"]})
    app = app_on(s)
    rows = {name: [_words(b) for b in row.children[1:]] for name, row in app.card_rows.items()}
    assert rows["Kassel (3 horseshoes)"] == ["right end ▶", "new route (yours is discarded)", "as horses +3"]
    assert rows["Bremen (1 horseshoe)"] == ["◀ left end", "new route (yours is discarded)", "as horses +1"]
    shown = {b.action for b in app.action_buttons}
    assert shown == set(s.legal_actions())                 # every button is an engine action, nothing more
    assert all(b.action.kind == "horse" for b in app.horse_buttons.values())
    assert "thurn-horse" in app.horse_buttons["Kassel (3 horseshoes)"]._dom_classes
    note = strip(app.horses_note.value)
    assert "Your carriage: no card, 2 horses (route needs 2 ✓)" in note and pg.R_PLAY in note
    app.close()


def test_clicking_as_horses_plays_the_card_horse_side_up_and_the_count_follows():
    """Closing and scoring a route: "the carriage itself comes with 2 horses" and each horse card adds its
    horseshoes."""
    s = pos({"hand": ["Kassel (3 horseshoes)", "Bremen (1 horseshoe)"], "route": ["Hannover (2 horseshoes)"]})
    app = app_on(s)
    app.horse_buttons["Kassel (3 horseshoes)"].click()
    after = app.state
    assert after.history[-1] == pg.PlayHorse("kassel_3_horseshoes")
    assert list(after.pile("horses", 0)) == ["Kassel (3 horseshoes)"] and pg.horses(after, 0) == 5
    assert "horse side up" in app.message
    assert pile_columns(after) == [("horses", ["1 card, 5 horses (route needs 1 ✓)", "no card, 2 horses"])]
    assert "<td>1 card, 5 horses (route needs 1 ✓)</td>" in app._table.value
    app.close()


def test_the_panel_takes_no_decision_of_its_own_a_full_carriage_offers_no_horse():
    """Play a city card from the hand: "A player may have a maximum of 6 cards as horses before his carriage"."""
    six = ["Kassel (1 horseshoe)", "Bremen (1 horseshoe)", "Hamburg (1 horseshoe)", "Lübeck (1 horseshoe)",
           "Münster (1 horseshoe)", "Halle (1 horseshoe)"]
    s = pos({"hand": ["Kassel (3 horseshoes)"], "route": ["Hannover (2 horseshoes)", "Göttingen (1 horseshoe)"],
             "piles": {"horses": six}})
    assert not any(a.kind == "horse" for a in s.legal_actions())
    app = app_on(s)
    assert app.horse_buttons == {}
    assert [_words(b) for b in app.card_rows["Kassel (3 horseshoes)"].children[1:]] == [
        "right end ▶", "new route (yours is discarded)"]
    assert "6 horse cards already, the most a player may have" in strip(app.horses_note.value)
    app.close()


def test_the_score_step_counts_the_horses_against_the_route():
    """Closing and scoring a route: "the player must have at least as many horses as cities in the route"."""
    route = ["Hannover (2 horseshoes)", "Göttingen (1 horseshoe)", "Kassel (1 horseshoe)"]
    enough = pos({"route": route, "piles": {"horses": ["Bremen (1 horseshoe)"]}}, step="score")
    app = app_on(enough)
    assert any(b.action.kind == "score" for b in app.action_buttons)
    assert "Score: a route of 3 cards, 3 horses ✓" in strip(app.horses_note.value)
    app.close()


def test_a_route_with_too_few_horses_shows_the_engines_refusal_and_no_score_button():
    route = ["Hannover (2 horseshoes)", "Göttingen (1 horseshoe)", "Kassel (1 horseshoe)"]
    short = pos({"route": route}, step="score")
    app = app_on(short)
    assert not any(b.action.kind == "score" for b in app.action_buttons)
    note = strip(app.horses_note.value)
    first = placement_options(short.board, route, (), 20, False)[0]
    why = short.why_illegal(Score(tuple(first.cities)))
    assert why is not None and why.reason == "too_few_horses"
    assert "No score: a route of 3 cards, 2 horses." in note and str(why) in note      # the engine's own words
    typed = app.do(Score(tuple(first.cities)))
    assert typed is False and "at least as many horses as cards" in app.message
    app.close()


def test_the_postal_carriers_second_card_either_way():
    """Power and Glory, Play a city card from the hand: with the Postal Carrier "he may choose with each card whether
    to add a city to his route or add horses"."""
    s = pos({"hand": ["Kassel (3 horseshoes)", "Bremen (1 horseshoe)", "Fulda (2 horseshoes)"],
             "route": ["Hannover (2 horseshoes)"]})
    app = app_on(s)
    app.horse_buttons["Kassel (3 horseshoes)"].click()                 # the first card: horses
    carrier = next(b for b in app.action_buttons if isinstance(b.action, CallOfficial)
                   and s.board.official(b.action.official).id == "postal_carrier")
    carrier.click()
    assert app.state.step == "play" and set(app.horse_buttons) == {"Bremen (1 horseshoe)", "Fulda (2 horseshoes)"}
    app.horse_buttons["Fulda (2 horseshoes)"].click()                  # the second: horses again
    assert pg.horses(app.state, 0) == 7
    assert [a.kind for a in app.state.history[-3:]] == ["horse", "official", "horse"]
    app.close()


def test_the_horse_button_words_come_from_the_engines_action_kind():
    s = pos({"hand": ["Kassel (3 horseshoes)"]})
    horse = next(a for a in s.legal_actions() if a.kind == "horse")
    assert thurn.words.label(s, horse) == "Kassel as horses +3"


def test_the_players_table_has_no_carriage_column_where_no_carriage_is_taken():
    """Power and Glory, Preparation: "The carriage cards ... from the base game are not used with this expansion"."""
    app = app_on(pos({"hand": ["Kassel (3 horseshoes)"]}))
    table = app._table.value
    assert "<th>carriage</th>" not in table and "highest carriage" not in table and "<th>horses</th>" in table
    app.close()
    base = Play(["Ann", "Ben"], seed=1, autosave=False)
    assert "<th>carriage</th>" in base._table.value and "<th>horses</th>" not in base._table.value
    base.close()


# -- the map ------------------------------------------------------------------------------------------------------

def test_the_map_says_the_horses_beside_each_player_and_reconstructed_once():
    s = pos({"hand": ["Kassel (3 horseshoes)"], "route": ["Hannover (2 horseshoes)"],
             "piles": {"horses": ["Bremen (3 horseshoes)"]}})
    fig = viz.board_figure(s)
    notes = [a.text for a in fig.layout.annotations]
    assert "<b>horses</b>" in notes and "1 card, 5 horses (route needs 1 ✓)" in notes
    title = fig.layout.title.text
    assert title.count("reconstructed") == 1 and "northern board (reconstructed)" in title
    assert viz.board_figure("northern").layout.title.text.count("reconstructed") == 1


def test_horses_words_say_what_is_short():
    s = pos({"route": ["Hannover (2 horseshoes)", "Göttingen (1 horseshoe)", "Kassel (1 horseshoe)"]})
    assert horses_words(s, 0) == "no card, 2 horses (route needs 3: 1 short)"
    assert horses_words(s, 1) == "no card, 2 horses"


# -- the New game panel -------------------------------------------------------------------------------------------

def test_the_panel_names_the_reconstructed_board_once_and_offers_its_player_counts():
    labels = [label for label, value, _ in board_choices() if value == "northern"]
    assert labels == ["Thurn und Taxis: Power and Glory — northern board (reconstructed)"]
    p = NewGamePanel(seed=1)
    p.board.value = "northern"
    assert [n for _, n in p.count.options] == list(range(2, 5))          # components.players: [2, 4]
    assert p.board.layout.width == "auto"                                # a long name fits


def test_the_player_counts_follow_the_board(tmp_path):
    import json
    from pathlib import Path

    data = json.loads((Path(thurn.__file__).parents[1] / "data" / "northern.json").read_text(encoding="utf-8"))
    data["components"]["players"] = [3, 3]
    data["id"], data["name"] = "three", "Three only"
    path = tmp_path / "three.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    p = NewGamePanel(seed=1, boards=[str(path)])
    assert p.count.value == 2
    p.board.value = str(path)
    assert [n for _, n in p.count.options] == [3] and p.count.value == 3
    assert len(p.settings()["players"]) == 3
    p.board.value = "base"
    assert [n for _, n in p.count.options] == [2, 3, 4] and p.count.value == 3


# -- the route explorer and the scoring what-if -------------------------------------------------------------------

def test_the_route_explorer_counts_the_horses_each_route_needs():
    """Closing and scoring a route: a route is scored only with at least as many horses as cities."""
    s = pos({"hand": ["Kassel (3 horseshoes)", "Fulda (2 horseshoes)", "Frankfurt (1 horseshoe)"],
             "route": ["Hannover (2 horseshoes)", "Göttingen (1 horseshoe)"],
             "piles": {"horses": ["Bremen (2 horseshoes)"]}})
    options = route_options(s, include_display=False)
    assert options and all(isinstance(o.outcome.horses, HorseCount) for o in options if o.outcome)
    for o in options:
        if o.outcome is not None:
            h = o.outcome.horses
            assert (h.need, h.have) == (len(o.route), 4) and h.enough == (len(o.route) <= 4)
            assert o.cartwright is None and o.decline is None          # no carriage, no Cartwright
    ex = RouteExplorer(s, include_display=False)                       # the hand's cards named by their copies
    assert ex.columns[-1] == "horses"
    cells = {row["route"]: row["horses"] for row in ex.table_rows}
    assert cells["[Hannover–Göttingen]–Kassel"] == "3 of 4 ✓"
    assert cells["[Hannover–Göttingen]–Kassel–Frankfurt–Fulda"] == "5 of 4: 1 short"     # needs a horse more
    assert cells["Frankfurt–Fulda"] == "–"                              # too short to score
    ex.close()


def test_the_what_if_keeps_the_horses_and_counts_them():
    route = ["Hannover (2 horseshoes)", "Göttingen (1 horseshoe)", "Kassel (1 horseshoe)"]
    s = pos({"route": route, "piles": {"horses": ["Bremen (1 horseshoe)"]}}, step="score")
    w = ScoringWhatIf(s)
    assert w.outcomes and list(w.state.pile("horses", 0)) == ["Bremen (1 horseshoe)"]
    table = options_table(w.state)
    assert list(table["horses"]) == ["3 of 3 ✓"] * len(table)
    assert all(so.outcome.horses.enough for so in score_outcomes(w.state))
    w.close()
    short = ScoringWhatIf(pos({"route": route}, step="score"))
    assert short.outcomes == [] and "at least as many horses as cards" in short.message.text
    short.close()


# -- the game review ----------------------------------------------------------------------------------------------

@pytest.fixture(scope="module")
def northern_game():
    from thurn.sim import play_game

    return play_game(["Ann", "Ben"], [make_bot("greedy", seed=1), make_bot("greedy", seed=2)], 4, rules=RULES)


def test_the_review_of_a_northern_game(northern_game):
    from thurn.game_review import mistakes, review
    from thurn.widgets.review import GameReview

    g = northern_game
    assert g.is_over and any(a.kind == "horse" for a in g.history)
    table = review(g, "Ann", bot={"iterations": 4, "top": 2}, seed=5)
    assert len(table) > 10 and isinstance(mistakes(table), list)
    app = GameReview(g, "Ann", bot={"iterations": 4, "top": 2}, samples=1, review=None)
    app.end_button.click()
    assert "Game over" in app.replay_text.value
    k = next(i for i, a in enumerate(g.history) if a.kind == "horse")
    app.slider.value = k + 1
    assert "horse side up" in app.replay_text.value
    app.close()


def test_the_cartwright_is_shown_as_not_in_this_game_and_the_final_table_has_no_carriage_points(northern_game):
    """Power and Glory, Preparation: "The carriage cards and the cartwright from the base game are not used with
    this expansion"."""
    from thurn.widgets.panels import final_table_html

    app = app_on(pos({"hand": ["Kassel (3 horseshoes)"]}))
    officials = app._officials.value
    assert "<s>Cartwright</s>: not in this game" in officials and "Postmaster</b>" in officials
    app.close()
    assert "carriage points" not in final_table_html(northern_game)
    base = thurn.new_game(["Ann", "Ben"], seed=1)
    assert "carriage points" in final_table_html(base)
    app = Play(["Ann", "Ben"], seed=1, autosave=False)
    assert "not in this game" not in app._officials.value
    app.close()


def test_the_board_note_is_cut_after_a_sentence():
    p = NewGamePanel(seed=1)
    p.board.value = "northern"
    note = strip(p.board_note.value.split("</div>")[0])        # the board's own line (the refusals follow it)
    assert note.rstrip().endswith("; …") or note.rstrip().endswith(". …")


def test_a_horse_play_is_kept_in_the_history_by_the_cards_name():
    """The map's title, the undo slider and the review say the last action: a horse play names its card as it reads
    (the same action: its notation is unchanged, a save reads back equal)."""
    s = pos({"hand": ["Kassel (3 horseshoes)"]})
    legal = next(a for a in s.legal_actions() if a.kind == "horse")
    after = s.apply(legal)
    played = after.history[-1]
    assert played == legal and played.notation == "horse kassel_3_horseshoes"
    assert str(played) == "play Kassel (3 horseshoes) horse side up"
    assert "play Kassel (3 horseshoes) horse side up" in viz.board_figure(after).layout.title.text
    again = thurn.GameState.from_json(after.to_json())
    assert again == after and str(again.history[-1]) == str(played)


def test_the_card_backs_are_shown_beside_each_player_and_the_decks_top():
    """Power and Glory, components: "The backs of the city cards have 1, 2 or 3 horses": everyone sees them (the
    hands' backs and the deck's top card's; the cities stay hidden)."""
    s = pos({"hand": ["Kassel (3 horseshoes)", "Bremen (1 horseshoe)"]}, other={"hand": ["Fulda (2 horseshoes)"]})
    top = s.board.card_value(s.deck[0], "horseshoes", 0)
    app = Play(state=s, bots={"Ben": make_bot("greedy", seed=1)}, autosave=False)
    table = app._table.value
    assert "hand's backs" in table and "<td>1·3</td>" in table and "<td>2</td>" in table
    assert f"deck's top card: {top} horseshoe" in table
    assert "Fulda" not in table                          # Ben's card: its back only
    app.close()
    notes = [a.text for a in viz.board_figure(s).layout.annotations]
    assert "1·3" in notes and "2" in notes and any("deck's top card" in n for n in notes)
