"""The route explorer app (thurn.widgets.RouteExplorer), driven in-process as a user would: click cards, type a
route, select rows. What it lists must be the engine's answer (thurn.explore.route_options, base rules, 2–3),
and what it draws must be the selected route."""
from __future__ import annotations


import pytest

from thurn.explore import route_options
from thurn.viz import board_figure
from thurn.widgets import RouteExplorer

from tests.support.helpers import BOARD, at_play

HAND = ["Stuttgart", "Ulm", "Augsburg", "München", "Ingolstadt", "Freiburg", "Carlsruhe"]


def rows(options):
    return [(tuple(o.route), o.kind, tuple(o.cards), o.points) for o in options]


def trace(fig, name):
    found = [t for t in fig.data if t.name == name]
    assert len(found) == 1, f"no single trace {name!r} in {[t.name for t in fig.data]}"
    return found[0]


def positions(cities):
    return [BOARD.city(c).pos[0] for c in cities], [BOARD.city(c).pos[1] for c in cities]


def strip_uid(t) -> dict:
    d = t.to_plotly_json()
    d.pop("uid", None)
    return d


def shown_rows(e):
    """The rows the table shows: (rank, points, route) from its text."""
    return [(int(r["#"]), int(r["points"]), r["route"]) for r in e.table_rows]


@pytest.fixture(scope="module")
def explorer():
    return RouteExplorer("base", HAND)


def test_the_rows_are_the_engine_ranking(explorer):
    """Every row is route_options' answer for the chosen cards, in its order, with its points."""
    expected = route_options("base", HAND, limit=50)
    assert rows(explorer.options) == rows(expected)
    assert explorer.options.total == expected.total
    table = shown_rows(explorer)
    assert [rank for rank, _, _ in table] == list(range(1, len(expected) + 1))
    assert [points for _, points, _ in table] == [o.points for o in expected]
    assert [route for _, _, route in table] == [str(o.route) for o in expected]
    assert len(explorer.table.children) >= len(expected)           # a row widget each (a pool: extra ones hidden)
    assert all(b.layout.display is None for b in explorer.table.children[:len(expected)])
    assert f"{expected.total} routes" in explorer.status.value


def test_toggling_a_card_updates_the_list():
    e = RouteExplorer("base", HAND)
    before = rows(e.options)
    e.card_buttons["Kempten"].click()                       # as the user clicks the card
    assert "Kempten" in e.cards
    assert rows(e.options) == rows(route_options("base", HAND + ["Kempten"], limit=50))
    assert any("Kempten" in o.route for o in e.options)
    e.toggle("Ulm")                                         # put a card back
    assert "Ulm" not in e.cards
    assert rows(e.options) == rows(route_options("base", [c for c in HAND if c != "Ulm"] + ["Kempten"], limit=50))
    e.toggle("Ulm")
    e.toggle("Kempten")
    assert rows(e.options) == before


def test_a_chosen_card_is_painted_in_its_province_colour():
    e = RouteExplorer("base", ["Ulm"])
    assert e.card_buttons["Ulm"].style.button_color == BOARD.province(BOARD.city("Ulm").province).color
    assert e.card_buttons["Basel"].style.button_color != BOARD.province(BOARD.city("Basel").province).color
    e.toggle("Basel")
    assert e.card_buttons["Basel"].style.button_color == BOARD.province(BOARD.city("Basel").province).color


def test_selecting_a_row_draws_it_on_the_map(explorer):
    for i in (0, 3, len(explorer.options) - 1):
        explorer.select(i)
        option = explorer.options[i]
        assert explorer.selected == option
        suggestion = trace(explorer.figure, "suggestion")
        x, y = positions(option.route)
        assert list(suggestion.x) == x and list(suggestion.y) == y
        best = max((o for o in (option.outcome, option.cartwright) if o is not None), key=lambda o: o.points)
        assert sorted(trace(explorer.figure, "placement").text) == sorted(best.houses)
        assert str(option.route) in explorer.figure.layout.title.text
    with pytest.raises(IndexError):
        explorer.select(len(explorer.options))


def test_the_best_row_is_drawn_until_the_user_picks_one():
    e = RouteExplorer("base", HAND)
    x, _ = positions(e.options[0].route)
    assert list(trace(e.figure, "suggestion").x) == x
    e.toggle("Zürich")                                      # a longer best route: the map follows it
    assert "Zürich" in e.options[0].route and e.selected == e.options[0]
    e.toggle("Zürich")
    e.select(5)
    picked = e.selected.route
    e.toggle("Lodz")                                        # no road from Lodz to these: the pick stays listed
    assert e.selected.route == picked and e.row == 5
    e.toggle("Zürich")                                      # the pick moves down the list, and stays selected
    assert e.selected.route == picked and e.row > 5
    e.toggle(picked[0])                                     # the pick cannot be built any more: the best is shown
    assert e.row == 0 and e.selected.route != picked


def test_a_typed_route_shows_its_best_option_not_a_row_picked_before():
    """Issue 14: after picking a row, typing a route draws the best option for that route (its best extension,
    with its best placement of houses), not the row picked earlier, even while that row is still listed."""
    e = RouteExplorer("base", HAND)
    e.select(7)
    picked = e.selected
    e.route_box.value = "Basel, Freiburg"
    expected = route_options("base", HAND, route=["Basel", "Freiburg"], limit=50)
    assert any(o.route == picked.route for o in e.options)   # the earlier pick is still listed, yet not shown
    best = next(o for o in expected if o.kind == "extension")
    assert e.selected.route == best.route and e.selected.kind == "extension" and e.selected.points == best.points
    assert e.row == e.shown.index(e.selected)
    x, y = positions(best.route)
    assert (list(trace(e.figure, "suggestion").x), list(trace(e.figure, "suggestion").y)) == (x, y)
    placement = max((o for o in (best.outcome, best.cartwright) if o is not None), key=lambda o: o.points)
    assert sorted(trace(e.figure, "placement").text) == sorted(placement.houses)
    assert str(best.route) in e.figure.layout.title.text
    e.select(3)                                             # a pick on the new route's list sticks while cards change
    picked = e.selected.route
    e.toggle("Lodz")
    assert e.selected.route == picked
    e.route = ["Ulm", "Augsburg"]                           # set from code too: the new route's best extension
    best = next(o for o in route_options("base", HAND + ["Lodz"], route=["Ulm", "Augsburg"], limit=50)
                if o.kind == "extension")
    assert e.selected.route == best.route
    e.route = []                                            # no route: the best new route
    assert e.row == 0 and e.selected == e.options[0] and e.selected.kind == "new"


def test_the_table_sorts_by_a_clicked_column_and_keeps_the_selection():
    e = RouteExplorer("base", ["Mannheim", "Carlsruhe", "Freiburg", "Stuttgart", "Ulm", "Augsburg"])
    assert e.sort == ("#", False) and [r for r, _, _ in shown_rows(e)] == list(range(1, len(e.options) + 1))
    e.select(2)
    chosen = e.selected
    e.sort_buttons["houses"].click()                        # as the user clicks the column's name: most first
    houses = [int(r["houses"]) if r["houses"] != "–" else 0 for r in e.table_rows]
    assert e.sort == ("houses", True) and houses == sorted(houses, reverse=True) and len(set(houses)) > 1
    ranks = [int(r["#"]) for r in e.table_rows]
    for a, b, ra, rb in zip(houses, houses[1:], ranks, ranks[1:]):
        assert a > b or ra < rb                             # ties keep the engine's order
    assert e.selected == chosen and e.shown[e.row] == chosen   # the selection follows its row
    assert "▼" in e.sort_buttons["houses"].description and "▼" not in e.sort_buttons["points"].description
    e.sort_buttons["houses"].click()                        # again: turned round
    assert e.sort == ("houses", False)
    assert [int(r["houses"]) if r["houses"] != "–" else 0 for r in e.table_rows] == sorted(houses)
    e.sort_by("cards")
    assert [int(r["cards"]) for r in e.table_rows] == sorted((len(o.route) for o in e.options), reverse=True)
    e.sort_by("route")
    assert [r["route"] for r in e.table_rows] == sorted(str(o.route) for o in e.options)
    e.select(0)                                             # select() counts rows as shown
    assert e.selected == e.shown[0] == min(e.options, key=lambda o: str(o.route))
    assert str(e.selected.route) in e.figure.layout.title.text
    e.table.children[4].children[0].click()                 # clicking a row's number draws that row
    assert e.selected == e.shown[4] and e.row == 4
    assert "thurn-row-selected" in e.table.children[4]._dom_classes
    assert "thurn-row-selected" not in e.table.children[0]._dom_classes
    e.toggle("Kempten")                                     # new rows keep the chosen order
    assert e.sort == ("route", False)
    assert [r["route"] for r in e.table_rows] == sorted(str(o.route) for o in e.options)
    e.sort_buttons["#"].click()                             # back to the engine's ranking
    assert [r for r, _, _ in shown_rows(e)] == list(range(1, len(e.options) + 1))
    with pytest.raises(ValueError, match="no column called 'card'. Did you mean 'cards'"):
        e.sort_by("card")                                   # a typed error (UnknownName), the order unchanged
    assert [r for r, _, _ in shown_rows(e)] == list(range(1, len(e.options) + 1))


def test_the_map_is_the_figure_of_the_selection():
    """The overlays changed in place are exactly what board_figure draws for the selected row."""
    e = RouteExplorer("base", ["Freiburg", "Augsburg", "Kempten", "Basel"], route=["Carlsruhe", "Stuttgart", "Ulm"])
    for i in (0, 4, 2):
        e.select(i)
        o = e.selected
        expected = board_figure("base", route=e.route, candidates=e.candidates, suggestion=o.route,
                                placement=o.outcome.houses if o.outcome else None, title=e.figure.layout.title.text,
                                height=e.height)
        assert [strip_uid(t) for t in e.figure.data] == [strip_uid(t) for t in expected.data]


def test_extensions_of_the_current_route_and_candidates():
    """Base rules, 2: cards go at either end; the cards that fit an end are ringed on the map."""
    e = RouteExplorer("base", ["Freiburg", "Augsburg", "Kempten", "Basel"], route=["Carlsruhe", "Stuttgart", "Ulm"])
    expected = route_options("base", ["Freiburg", "Augsburg", "Kempten", "Basel"],
                             route=["Carlsruhe", "Stuttgart", "Ulm"], limit=50)
    assert rows(e.options) == rows(expected)
    assert {o.kind for o in e.options} == {"new", "extension"}
    assert sorted(trace(e.figure, "candidates").text) == ["Augsburg", "Freiburg", "Kempten"]
    route_trace = trace(e.figure, "route")
    assert (list(route_trace.x), list(route_trace.y)) == positions(["Carlsruhe", "Stuttgart", "Ulm"])


def test_typing_the_route():
    e = RouteExplorer("base", ["Freiburg", "Augsburg"])
    assert all(o.kind == "new" for o in e.options)
    e.route_box.value = "carlsruhe – Stuttgart, ulm"        # any case, commas or dashes
    assert e.route == ["Carlsruhe", "Stuttgart", "Ulm"]
    assert rows(e.options) == rows(route_options("base", ["Freiburg", "Augsburg"],
                                                 route=["Carlsruhe", "Stuttgart", "Ulm"], limit=50))
    e.route = []
    assert e.route == [] and e.route_box.value == ""
    assert all(o.kind == "new" for o in e.options)


def test_an_unknown_city_shows_the_engine_message_and_loses_nothing():
    e = RouteExplorer("base", HAND, route=["Stuttgart", "Ulm"])
    before = rows(e.options)
    e.route_box.value = "Stuttgart, Ulmm"
    assert e.message.kind == "error"
    assert "Ulmm" in e.message.text and "Did you mean 'Ulm'" in e.message.text
    assert "thurn-message" in e.message._dom_classes
    assert e.route == ["Stuttgart", "Ulm"] and rows(e.options) == before and set(e.cards) == set(HAND)
    assert e.route_box.value == "Stuttgart, Ulmm"          # the typed text stays, to be corrected
    e.route_box.value = "Stuttgart, Ulm, Augsburg"
    assert e.message.text == "" and e.route == ["Stuttgart", "Ulm", "Augsburg"]


def test_a_route_off_the_roads_is_explained():
    e = RouteExplorer("base", HAND)
    e.route_box.value = "Basel, Lodz"
    assert e.message.kind == "error" and "Basel has no road to Lodz" in e.message.text
    assert e.route == []


def test_show_more():
    cards = ["Würzburg", "Nürnberg", "Regensburg", "Ingolstadt", "Augsburg", "München", "Ulm", "Stuttgart"]
    e = RouteExplorer("base", cards)
    assert len(e.options) == 50 < e.options.total
    assert not e.more.disabled
    e.more.click()
    assert rows(e.options) == rows(route_options("base", cards, limit=100))
    while not e.more.disabled:
        e.show_more()
    assert len(e.options) == e.options.total == len(e.table_rows)
    assert sum(row.layout.display != "none" for row in e.table.children) == len(e.options)


def test_from_a_game_position_the_cards_are_the_hand_and_the_display():
    state = at_play(route=["Stuttgart", "Ulm"], hand=["Augsburg", "Lodz"],
                    display=["München", "Basel", "Passau", "Pilsen", "Linz", "Zürich"])
    e = RouteExplorer(state)
    assert e.cards == ["Augsburg", "Lodz"] and e.route == ["Stuttgart", "Ulm"]
    assert sorted(e.played_from) == sorted(["Augsburg", "Lodz", "München", "Basel", "Passau", "Pilsen", "Linz",
                                            "Zürich"])
    assert rows(e.options) == rows(route_options(state, limit=50))
    assert any(list(o.route) == ["Stuttgart", "Ulm", "Augsburg", "München"] for o in e.options)
    assert "route · Ann" in [t.name for t in e.figure.data]
    e.include_display.value = False
    assert rows(e.options) == rows(route_options(state, include_display=False, limit=50))
    assert {c for o in e.options for c in o.cards} <= {"Augsburg", "Lodz"}


def test_another_player_of_the_position():
    state = at_play(route=["Stuttgart", "Ulm"], hand=["Augsburg"],
                    others=({"name": "Ben", "hand": ["Basel", "Freiburg"], "route": ["Zürich"]},),
                    display=["München", "Carlsruhe", "Passau", "Pilsen", "Linz", "Lodz"])
    e = RouteExplorer(state)
    e.players.value = 1
    assert e.cards == ["Freiburg", "Basel"] and e.route == ["Zürich"]
    assert rows(e.options) == rows(route_options(state, player="Ben", limit=50))
    assert "Ben" in e.header.value
    assert RouteExplorer(state, player="Ben").cards == ["Freiburg", "Basel"]


def test_each_click_records_where_its_time_went():
    """Speed is measured by ``python -m thurn bench --what apps`` (BENCHMARKS.md); here only that it is recorded."""
    state = at_play(route=["Stuttgart", "Ulm"], hand=["Augsburg", "Freiburg", "Kempten"],
                    display=["München", "Carlsruhe", "Ingolstadt", "Regensburg", "Nürnberg", "Würzburg"])
    e = RouteExplorer(state)
    e.card_buttons["Basel"].click()
    assert set(e.timing) == {"options", "table", "map", "total"}
    assert all(v >= 0 for v in e.timing.values()) and e.timing["total"] >= e.timing["options"]


def test_bad_arguments_raise_the_engine_errors():
    with pytest.raises(ValueError, match="Did you mean 'München'"):
        RouteExplorer("base", ["Munchen2"])
    with pytest.raises(ValueError, match="not the string"):
        RouteExplorer("base", "Ulm")


def test_the_page_classes_and_a_short_repr(explorer):
    assert "thurn-explorer" in explorer._dom_classes
    assert "thurn-routes" in explorer.table._dom_classes
    map_box = explorer.children[-1]
    assert "thurn-map" in map_box._dom_classes and explorer.figure in map_box.children
    assert repr(explorer).startswith("RouteExplorer(Thurn und Taxis") and "options" in repr(explorer)
