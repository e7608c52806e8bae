"""The map and the Play app with The Princess' Messenger and Offices of Honor (no browser).

The map: a seal on each city whose nobility letter still lies there, and a table under the map with each player's
letters, the Messenger figure, office tiles and chips, and the supply (letters on cities, office stacks, chips
left) — read against the expansions' own readings (``summary``); nothing of it without the expansions. The Play
app: the officials' buttons say their price in letters, the Administrator after drawing, the return round's
status line, the tile picker (tiles, then the reward, then confirm) whose choices are exactly the engine's legal
returns, the players' table's columns, bots' returns. Positions are reached by a few dozen random actions (fast).
"""
from __future__ import annotations

import random
import re
from collections import Counter
from itertools import combinations

import pytest

import thurn
from thurn.actions import CallOfficial
from thurn.bots import RandomBot
from thurn.expansions.messenger import rules as messenger
from thurn.expansions.offices import rules as offices
from thurn.viz import board_figure
from thurn.widgets import Play
from thurn.widgets.play import CHOOSE

BOTH = {"expansions": ["messenger", "offices"]}
NAMES = ["Ann", "Ben", "Cid"]


def reach(pred, seed=1, rules=BOTH, names=NAMES, limit=20_000) -> thurn.GameState:
    """The first state of a random game (``seed``) where ``pred`` holds."""
    s = thurn.new_game(names, seed=seed, rules=rules)
    rng = random.Random(seed)
    for _ in range(limit):
        if pred(s):
            return s
        assert not s.is_over, "the game ended first"
        s = s.apply(rng.choice(s.legal_actions()))
    raise AssertionError("not reached")


def returning(s) -> bool:
    return s.step == "return"


def trace(fig, name):
    found = [t for t in fig.data if t.name == name]
    assert len(found) == 1, f"{len(found)} traces named {name!r} among {[t.name for t in fig.data]}"
    return found[0]


def text(html: str) -> str:
    import html as h
    return h.unescape(re.sub(r"<[^>]+>", "", html.replace("<br>", " ")))


def panel(fig) -> list:
    """The texts of the expansions' table under the map (layout annotations named ``expansions``)."""
    return [a for a in fig.layout.annotations if a.name == "expansions"]


def table_rows(fig) -> list[list[str]]:
    """The expansions' table as rows of plain text, header first (by the texts' places: top to bottom, left to
    right)."""
    rows: dict[float, list] = {}
    for a in panel(fig):
        rows.setdefault(round(a.y, 6), []).append(a)
    return [[text(a.text).strip() for a in sorted(row, key=lambda a: a.x)]
            for _, row in sorted(rows.items(), reverse=True)]


# -- the map ---------------------------------------------------------------------------------------------------------

def test_the_base_game_map_has_no_expansion_trace_and_keeps_its_size():
    s = thurn.new_game(NAMES, seed=1)
    fig = board_figure(s)
    assert "letters" not in {t.name for t in fig.data}
    assert not fig.layout.annotations and not [sh for sh in fig.layout.shapes if sh.name == "expansions"]
    assert fig.layout.height == 560 and fig.layout.yaxis.domain is None


def test_a_seal_on_each_city_whose_letter_still_lies_there():
    s = reach(lambda s: len(messenger.summary(s)["cities"]) < len(s.board.cities) - 2)
    fig = board_figure(s)
    seals = trace(fig, "letters")
    cities = messenger.summary(s)["cities"]
    assert list(seals.text) == cities
    assert list(zip(seals.x, seals.y)) == [s.board.city(c).pos for c in cities]
    taken = {c.name for c in s.board.cities} - set(cities)
    assert taken and all(c not in seals.text for c in taken)
    housed = {c for i in range(s.num_players) for c in s.player(i).houses}
    assert housed == taken                      # the first house in a city took its letter
    assert all("nobility letter" in h and c in h for h, c in zip(seals.hovertext, cities))


def test_the_table_under_the_map_reads_the_expansions_state():
    s = reach(lambda s: returning(s) and messenger.summary(s)["holder"] is not None)
    fig = board_figure(s)
    rows = table_rows(fig)
    assert rows[0] == ["player", "letters", "Messenger", "Administrator", "Postmaster", "Postal Carrier",
                       "Cartwright", "chips"]
    m, o = messenger.summary(s), offices.summary(s)
    for name, row in zip(s.names, rows[1:]):
        assert row[0] == name
        assert row[1] == str(m["held"][name])
        assert row[2] == ("holds it" if m["holder"] == name else "–")
        assert row[3:7] == [str(o["tiles"][name][oid]) for oid in offices.order()]
        assert row[7] == str(o["chips"][name])
    supply = rows[-1]
    assert supply[0] == "supply" and supply[1] == f"{len(m['cities'])} on cities"
    assert supply[3:7] == ["empty" if k == 0 else f"{k} left" for k in o["stacks"].values()]
    assert "empty" in supply[3:7]               # a return round: a stack ran out
    assert supply[7] == f"{o['chips_left']} left"


def test_the_table_sits_under_the_map_and_the_map_keeps_its_height():
    s = thurn.new_game(NAMES, seed=1, rules=BOTH)
    fig = board_figure(s, height=500)
    cells = [sh for sh in fig.layout.shapes if sh.name == "expansions"]
    assert len(cells) == len(panel(fig)) == 8 * 5        # a box and a text for each cell: 8 columns, 5 rows
    top = max(sh.y1 for sh in cells)
    assert min(sh.y0 for sh in cells) == 0 and fig.layout.yaxis.domain[0] > top      # no overlap
    assert all(sh.xref == sh.yref == "paper" and 0 <= sh.x0 < sh.x1 <= 1 + 1e-9 for sh in cells)
    plot = fig.layout.height - fig.layout.margin.t - fig.layout.margin.b
    assert (1 - fig.layout.yaxis.domain[0]) * plot == pytest.approx(500 - 72)  # the map's own height is kept
    assert top < fig.layout.legend.y < fig.layout.yaxis.domain[0]           # the legend between them


@pytest.mark.parametrize("only, header", [
    ("messenger", ["player", "letters", "Messenger"]),
    ("offices", ["player", "Administrator", "Postmaster", "Postal Carrier", "Cartwright", "chips"])])
def test_one_expansion_alone_shows_only_its_own_parts(only, header):
    s = thurn.new_game(NAMES, seed=2, rules={"expansions": [only]})
    fig = board_figure(s)
    assert table_rows(fig)[0] == header
    assert ("letters" in {t.name for t in fig.data}) == (only == "messenger")


def test_names_are_escaped_in_the_table():
    s = thurn.new_game(["<i>Ann</i>", "B&n"], seed=1, rules=BOTH)
    texts = [a.text for a in panel(board_figure(s))]
    assert "<b>&lt;i&gt;Ann&lt;/i&gt;</b>" in texts and "<b>B&amp;n</b>" in texts
    assert not any("<i>Ann" in t for t in texts)


# -- the Play app ----------------------------------------------------------------------------------------------------

def app_at(state, **kw) -> Play:
    return Play(state=state, autosave=False, **kw)


def test_a_paid_official_says_its_price_and_costs_it():
    s = reach(lambda s: s.officials and any(isinstance(a, CallOfficial) for a in s.legal_actions()))
    app = app_at(s)
    calls = [b for b in app.action_buttons if isinstance(b.action, CallOfficial)]
    price = messenger.price(s)
    assert calls and all(b.description.endswith(f": {price} letters") for b in calls), [b.description for b in calls]
    assert all(b.description.startswith("call the ") for b in calls)
    assert f"for {price} letters" in app._officials.value
    held = messenger.summary(s)["held"][s.to_move_name]
    calls[0].click()
    assert messenger.summary(app.state)["held"][s.to_move_name] == held - price
    assert "pays" in app.message


def test_the_first_official_of_a_turn_is_free_and_the_administrator_comes_after_drawing():
    s = reach(lambda s: s.step in ("draw", "play") and s.draws == 1 and not s.plays and any(
        isinstance(a, CallOfficial) and s.board.official(a.official).id == "administrator" for a in s.legal_actions()))
    app = app_at(s)
    admin = [b for b in app.action_buttons if isinstance(b.action, CallOfficial)
             and s.board.official(b.action.official).id == "administrator"]
    assert len(admin) == 1
    assert admin[0].description.startswith("call the Administrator: ")
    free = not s.officials
    assert admin[0].description.endswith(": free") == free


def test_the_status_line_says_a_return_round_is_on_whose_decision_it_is_and_what_each_size_earns():
    s = reach(lambda s: returning(s) and s.to_move != s.turn_owner)
    app = app_at(s)
    status = text(app._status.value)
    assert f"Round {s.round_number} · return round" in status
    assert f"{s.to_move_name} returns tiles (return round started by {s.turn_owner_name}" in status
    for words in ("1 tile: nothing", "2 tiles: a card", "3 tiles: a victory point chip", "4 tiles: a house"):
        assert words in status


def test_the_return_picker_offers_exactly_the_engine_s_returns():
    s = reach(returning)
    app = app_at(s)
    assert not app.action_buttons                   # the picker, no button per return
    held = {o: k for o, k in offices.held(s, s.to_move).items() if k}
    assert [t.office for t in app.return_toggles] == list(held)
    assert app.return_button.disabled
    offered = Counter()
    for size in range(1, len(held) + 1):
        for combo in combinations(app.return_toggles, size):
            for t in app.return_toggles:
                t.value = t in combo
            values = [v for _, v in app.return_reward.options if v != CHOOSE]
            offered.update(app._return_choices[v].notation for v in values)
    assert offered == Counter(a.notation for a in s.legal_actions())


def test_a_return_through_the_picker_chooses_the_card_and_plays_it():
    s = reach(lambda s: returning(s) and sum(1 for k in offices.held(s, s.to_move).values() if k) >= 2)
    app = app_at(s)
    who = s.to_move_name
    for t in app.return_toggles[:2]:
        t.value = True
    note = text(app.return_note.value)
    assert "(2 tiles) earns a card" in note
    labels = dict(app.return_reward.options)
    assert app.return_reward.value == CHOOSE and app.return_button.disabled   # the reward is chosen, not guessed
    assert "the top card of the deck" in labels and "no card (decline it)" in labels
    app.return_reward.value = labels["the top card of the deck"]
    assert not app.return_button.disabled and app.return_button.description.endswith("the top card of the deck")
    hand = len(s.player(who).hand)
    app.return_button.click()
    mine = [a for a in app.state.history[len(s.history):] if a.kind == "return_tiles"][0]
    assert set(mine.offices) == {t.office for t in app.return_toggles[:2]} and mine.card == "deck"
    assert len(app.state.player(who).hand) == hand + 1
    assert f"{who} returns 2 tiles" in app.message and "top card of the deck" in app.message


def test_one_tile_earns_nothing_and_needs_no_reward_choice():
    s = reach(returning)
    app = app_at(s)
    app.return_toggles[0].value = True
    assert [label for label, _ in app.return_reward.options] == ["nothing"]
    assert not app.return_button.disabled
    app.return_button.click()
    mine = app.state.history[len(s.history)]
    assert mine.notation == f"return {app.return_toggles[0].office}" or mine.offices == (
        app.return_toggles[0].office,)
    assert "and gets nothing" in app.message


def test_typing_a_return_works_too_and_an_illegal_one_is_explained():
    s = reach(returning)
    app = app_at(s)
    first = s.legal_actions()[0]
    assert not app.do("return administrator+postmaster+postal_carrier+cartwright+cartwright")
    assert "Not allowed" in app.message or "different" in app.message
    assert app.do(first.notation)


def test_the_final_round_explains_a_selection_too_small_and_offers_returning_none():
    s = reach(lambda s: s.step == "final_return" and sum(
        1 for k in offices.held(s, s.to_move).values() if k) >= 1, limit=60_000)
    app = app_at(s)
    assert "final return round" in text(app._status.value)
    assert [b.action.notation for b in app.action_buttons] == ["return -"]
    app.return_toggles[0].value = True
    assert "In the final return round you return 3 or 4 different tiles" in text(app.return_note.value)
    assert app.return_button.disabled


def test_the_players_table_has_the_expansions_columns():
    s = reach(lambda s: returning(s) and messenger.summary(s)["holder"] is not None)
    app = app_at(s)
    table = app._table.value
    for head in ("<th", "letters</th>", "<th>Messenger</th>", "office tiles</th>", "<th>chips</th>"):
        assert head in table
    holder = messenger.summary(s)["holder"]
    row = [r for r in table.split("<tr>") if f"<b>{holder}</b>" in r][0]
    assert "holds it" in row
    base = app_at(thurn.new_game(NAMES, seed=1))._table.value
    assert "letters" not in base and "office tiles" not in base


def test_the_play_app_shows_each_player_once_and_the_supply_in_its_table():
    """Issue 33: the Play app showed the players twice, in the table under its map and in its players table. Its
    map has no table now; the players table keeps every player's row and says the supply's (the map's last row)."""
    s = reach(lambda s: returning(s) and messenger.summary(s)["holder"] is not None)
    app = app_at(s)
    assert not panel(app.map) and not [sh for sh in app.map.layout.shapes if sh.name == "expansions"]
    assert panel(board_figure(s))                        # a map drawn alone keeps its table
    table = app._table.value
    assert sum(f"<b>{name}</b>" in row for name in s.names for row in table.split("<tr")) == len(s.names)
    supply = [row for row in table.split("<tr") if "thurn-supply" in row]
    assert len(supply) == 1
    m, o = messenger.summary(s), offices.summary(s)
    said = text(supply[0])
    assert f"letters: {len(m['cities'])} on cities" in said and f"chips: {o['chips_left']} left" in said
    base = app_at(thurn.new_game(NAMES, seed=1))._table.value
    assert "thurn-supply" not in base


def test_bots_play_their_return_decisions():
    rng = random.Random(4)
    app = Play(players=NAMES, bots={"Ben": RandomBot(seed=1), "Cid": RandomBot(seed=2)}, seed=3, rules=BOTH,
               autosave=False)
    returns_by_bots = 0
    for _ in range(400):
        s = app.state
        assert s.is_over or s.to_move_name == "Ann"
        if app.return_toggles:
            app.return_toggles[0].value = True
            app.return_button.click()
        else:
            rng.choice(app.action_buttons).click()
        returns_by_bots = sum(1 for line in app._log_of(app.state) if re.match(r"(Ben|Cid) returns \d tile", line))
        if returns_by_bots >= 2:
            break
    assert returns_by_bots >= 2
