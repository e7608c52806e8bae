"""The route explorer and the scoring what-if count the nobility letters a placement takes (The Princess'
Messenger, The Nobility Letters: the first house in a city takes its letter), and say nothing of letters in the
base game."""
from __future__ import annotations

import pytest

import thurn
from thurn.expansions.messenger import rules as messenger
from thurn.explore import route_outcome
from thurn.widgets import RouteExplorer, ScoringWhatIf
from thurn.widgets.explorer import COLUMNS
from thurn.widgets.whatif import options_table

AT_SCORE = {"step": "score", "draws": 1, "plays": 1}
ROUTE = ["Ulm", "Augsburg", "Kempten"]


def position(expansions=("messenger",), taken=("Augsburg",), holder=None, **turn):
    from thurn.board_file import load_board
    board = load_board("base")
    cities = board.all_mask
    for c in taken:
        cities &= ~(1 << board.index(c))
    data = {"rules": {"expansions": list(expansions)},
            "players": [{"name": "Ann", "route": ROUTE, "carriages": [3], "hand": ["Innsbruck", "München"]},
                        {"name": "Ben", "houses": list(taken)}],
            "turn": turn or AT_SCORE}
    data["ext"] = {}
    if "messenger" in expansions:
        data["ext"]["messenger"] = {"cities": cities, "held": [0, len(taken)], "holder": holder, "budget": 0,
                                    "paid": [], "spent": 0}
    if "offices" in expansions:
        o = ("administrator", "postmaster", "postal_carrier", "cartwright")
        data["ext"]["offices"] = {"stacks": dict(zip(o, (3, 4, 4, 2))), "tiles": [dict.fromkeys(o, 0)] * 2,
                                  "chips": [0, 0], "chips_left": 12}
    return thurn.GameState.from_position(data)


def mask(state, houses):
    return sum(1 << state.board.index(c) for c in houses)


def test_score_outcomes_count_the_letters_each_placement_takes():
    s = position()
    outcomes = thurn.score_outcomes(s)
    assert outcomes
    for so in outcomes:
        after = so.state
        took = messenger.letters(after).held[0] - messenger.letters(s).held[0] + sum(n for _, n in
                                                                                   messenger.letters(after).paid)
        assert so.outcome.letters == took == messenger.letters_for(s, mask(s, so.outcome.houses))
        assert so.outcome.messenger == (messenger.letters(after).holder == 0)
    assert {so.outcome.letters for so in outcomes if set(so.outcome.houses) == {"Augsburg", "Kempten"}} == {1}
    assert max(so.outcome.letters for so in outcomes) == 2


def test_points_count_the_figures_point():
    s = position()
    for so in thurn.score_outcomes(s):
        before = s.score_records()[0]["total"]
        assert so.outcome.points == so.state.score_records()[0]["total"] - before
        figure = so.state.score_records()[0]["messenger"]
        assert figure == (1 if so.outcome.messenger else 0)


def test_the_options_table_has_letters_and_messenger_columns_only_with_the_expansion():
    with_letters = options_table(position())
    assert list(with_letters.columns[-3:]) == ["letters", "messenger", "points"]
    base = options_table(position(expansions=()))
    assert list(base.columns) == ["option", "houses", "tiles", "carriage", "cartwright", "declines", "ends_game",
                                  "points"]
    offices_only = options_table(position(expansions=("offices",)))
    assert "letters" not in offices_only.columns


def test_route_options_count_letters_and_keep_the_base_game_unchanged():
    s = position(step="draw")
    options = thurn.route_options(s, include_display=False)
    scored = [o for o in options if o.outcome is not None]
    assert scored
    for o in scored:
        assert o.outcome.letters == messenger.letters_for(s, mask(s, o.outcome.houses))
        assert f"{o.outcome.letters} letter" in str(o.outcome)
    base = position(expansions=(), step="draw")
    plain = thurn.route_options(base, include_display=False)
    assert all(o.outcome is None or o.outcome.letters is None for o in plain)
    assert all("letter" not in str(o) for o in plain)
    assert [(str(o.route), o.points) for o in plain] == [(str(o.route), o.points) for o in options]


def test_of_two_placements_worth_the_same_the_one_taking_more_letters_is_shown():
    s = position(step="draw")
    best = route_outcome(s, ["Ulm", "Augsburg", "Kempten"])
    assert best.letters == 2 and "Augsburg" not in best.houses


def test_route_outcome_and_explorer_table_show_letters():
    s = position(step="draw")
    explorer = RouteExplorer(s, include_display=False)
    try:
        assert explorer.columns == COLUMNS + ("letters",)
        assert "letters" in explorer.sort_buttons
        first = explorer.options[0]
        assert explorer.table_rows[0]["letters"] == str(first.outcome.letters if first.outcome else "–")
    finally:
        explorer.close()
    base = RouteExplorer(position(expansions=(), step="draw"), include_display=False)
    try:
        assert base.columns == COLUMNS and "letters" not in base.sort_buttons
    finally:
        base.close()


def test_the_what_if_cards_name_the_letters():
    app = ScoringWhatIf(position())
    try:
        assert app.outcomes[0].outcome.letters is not None
        assert "nobility letters:" in app.option_cards[0].children[0].value
        assert list(app.options_table().columns[-3:]) == ["letters", "messenger", "points"]
    finally:
        app.close()
    base = ScoringWhatIf(position(expansions=()))
    try:
        assert "nobility letters" not in base.option_cards[0].children[0].value
    finally:
        base.close()


@pytest.mark.parametrize("expansions", [("messenger",), ("messenger", "offices")])
def test_a_cartwright_paid_with_letters_is_no_letter_taken(expansions):
    s = position(expansions=expansions)
    for so in thurn.score_outcomes(s):
        assert so.outcome.letters == messenger.letters_for(s, mask(s, so.outcome.houses))
