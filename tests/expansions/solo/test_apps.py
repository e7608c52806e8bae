"""SoloPlay everywhere a user meets it (issue 26): the four colours' houses and the route house on the map, the table
under the map, the Play app's players table, status lines and panel (a completion per colour with its coach card,
the colour declared, the 1-point tile, the hand-management bonus), the New game panel's options and one seat, the
route explorer's and the scoring what-if's coach words, ``simulate``'s columns, the review — all through
:mod:`thurn.expansions.solo.parts` and :mod:`thurn.expansions.solo.panel`, never named by the core.

The positions come from greedy games (a few hundredths of a second each), found by playing until the step wanted."""
from __future__ import annotations

import io
import json
import re
import token
import tokenize

import pytest

import thurn
from thurn import Rules
from thurn.bots import make_bot
from thurn.explore import route_options, score_outcomes
from thurn.expansions.solo import rules as so
from thurn.expansions.solo.parts import CoachChoice, coach_choice, coach_words, rating_of
from thurn.parts import PARTS
from thurn.sim import SimulationError, full_size, game_rows, play_game
from thurn.viz import board_figure
from thurn.widgets import Play
from thurn.widgets.app import GameApp
from thurn.widgets.newgame import NewGamePanel
from thurn.widgets.whatif import options_table

SOLO = Rules(expansions=("solo",))
ANY = Rules(expansions=("solo",), options={"regions": "any"})      # the 1-point tile comes sooner
START = Rules(expansions=("solo",), options={"colour_declared": "start"})


def _text(html_text: str) -> str:
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html_text))


def _find(rules, step: str, seeds=range(1, 30), limit: int = 400):
    """The first position of a greedy game (seed after seed) at ``step``."""
    for seed in seeds:
        s = thurn.new_game(["Ann"], rules=rules, seed=seed)
        bot = make_bot("greedy", seed=seed)
        for _ in range(limit):
            if s.step == step:
                return s
            if s.is_over:
                break
            s = s.apply(bot.choose(s))
    raise AssertionError(f"no greedy game reached the {step} step")


def _to_score(rules=SOLO, seed: int = 1, cards: int = 3):
    """A score step with a route of at least ``cards`` cards."""
    s = thurn.new_game(["Ann"], rules=rules, seed=seed)
    bot = make_bot("greedy", seed=seed)
    while not (s.step == "score" and len(s.player().route) >= cards):
        assert not s.is_over
        s = s.apply(bot.choose(s))
    return s


@pytest.fixture(scope="module")
def finished():
    return play_game(["Ann"], ["greedy"], seed=4, rules=SOLO)


# -- the map ----------------------------------------------------------------------------------------------------

def test_the_map_draws_each_colour_in_its_own_place_around_a_city():
    s = thurn.new_game(["Ann"], rules=SOLO, seed=1)
    fig = board_figure(s)
    traces = {t.name: t for t in fig.data}
    colours = so.components().colours
    for c in colours:
        assert f"houses · Ann ({c})" in traces
    at: dict = {}
    for c in colours:
        t = traces[f"houses · Ann ({c})"]
        assert list(t.text) == list(dict(((c2, h) for c2, h, _ in s.player("Ann").colours))[c])
        for city, x, y in zip(t.text, t.x, t.y):
            at.setdefault(city, set()).add((round(x, 3), round(y, 3)))
    shared = {city: spots for city, spots in at.items()
              if sum(city in h for _, h, _ in s.player("Ann").colours) > 1}
    assert shared, "the setup puts several colours on some city"
    for city, spots in shared.items():          # one spot per colour: none hides another
        assert len(spots) == sum(city in h for _, h, _ in s.player("Ann").colours), city
    hover = " ".join(traces["cities"].hovertext)
    assert re.search(r"houses: Ann \((blue|green|red|yellow)( (blue|green|red|yellow))+\)", hover)


def test_the_table_under_the_map_has_the_series_coach_cards_and_piles():
    s = _to_score()
    s = s.apply(next(a for a in s.legal_actions() if a.kind == "score"))
    text = _text(json.dumps([a.text for a in board_figure(s).layout.annotations], ensure_ascii=False))
    for word in ("Route Planner", "Completion", "coach cards", "discard piles", "deck "):
        assert word in text, word
    done = [c for c in so.components().colours if c not in so.solo(s).planner]
    assert len(done) == 1 and done[0] in text


def test_the_route_house_stands_on_the_starting_city():
    s = _find(START, so.COLOUR)
    colour = s.legal_actions()[0].colour
    s = s.apply(s.legal_actions()[0])
    house = next(t for t in board_figure(s).data if t.name.startswith("route house"))
    start = s.board.cities[so.solo(s).start]
    assert house.name == f"route house · {colour}" and start.name in house.hovertext[0]
    assert abs(house.x[0] - start.pos[0]) < 15 and abs(house.y[0] - start.pos[1]) < 15


def test_the_one_point_tile_marks_its_stack():
    s = _find(ANY, so.BONUS)
    a = s.legal_actions()[0]
    s = s.apply(a)
    marker = next(t for t in board_figure(s).data if t.name.startswith("1-point tile"))
    assert a.stack in marker.name and "SoloPlay, 4.4c" in marker.hovertext[0]


# -- the Play app -----------------------------------------------------------------------------------------------

def test_the_players_table_and_the_score_words():
    s = _to_score()
    app = Play(state=s, autosave=False)
    try:
        table = _text(app._table.value)
        for word in ("colour series", "left: blue green red yellow", "houses left", "coach cards",
                     "discard piles", "pile 1: empty", "rating", "no victory now; 48 for a minor victory",
                     "bonus tiles + coach sets + houses left − discard penalty (SoloPlay, 6)"):
            assert word in table, word
        assert "carriage" not in table and "highest" not in table      # coach cards score in sets, not the highest
        placed = sum(len(h) for _, h, _ in s.player("Ann").colours)
        assert f"{placed} placed, {s.player('Ann').houses_left} left" in table
    finally:
        app.close()


def test_a_name_that_needs_escaping_stays_text():
    s = thurn.new_game(["<i>A&n</i>"], rules=START, seed=3)
    app = Play(state=s, autosave=False)
    try:
        shown = app._table.value + app._status.value + json.dumps(board_figure(s).to_plotly_json(), default=str)
        assert "<i>A&n" not in shown and "&lt;i&gt;A&amp;n" in shown
    finally:
        app.close()


def test_the_completion_panel_has_a_row_per_colour_and_the_coach_card():
    s = _to_score()
    app = Play(state=s, autosave=False)
    try:
        note = _text(app.coach_note.value)
        n = len(s.player().route)
        assert f"Complete the route ({n} cards): {coach_choice(s, n, now=True)}" in note
        assert ("Cartwright" in note) == so.cartwright_helps(s)      # (in this turn only if he was chosen)
        scores = [a for a in s.legal_actions() if a.kind == "score"]
        assert set(app.score_rows) == {a.colour for a in scores}
        shown = [b for b in app.action_buttons if b.action.kind == "score"]
        assert sorted(map(str, (b.action for b in shown))) == sorted(map(str, scores))
        for colour, row in app.score_rows.items():
            for b in row.children[1:]:
                assert b.action.colour == colour and re.search(r"→ [+-]\d+$", b.description)
                assert not b.description.startswith(colour)
        best = max(shown, key=lambda b: int(b.description.rsplit("→", 1)[1]))
        before = len(s.player().carriages)
        best.click()
        assert len(app.state.player().carriages) == before + 1
        assert best.action.colour not in so.solo(app.state).planner
    finally:
        app.close()


def test_the_declare_panel_declares_the_colour():
    s = _find(START, so.COLOUR)
    app = Play(state=s, autosave=False)
    try:
        assert "declares the colour of the route just started" in app._status.value
        assert set(app.declare_buttons) == {a.colour for a in s.legal_actions()}
        colour = sorted(app.declare_buttons)[-1]
        app.declare_buttons[colour].click()
        assert so.solo(app.state).declared == colour
        assert f"this route: {colour}" in _text(app._table.value)
    finally:
        app.close()


def test_the_bonus_panel_puts_the_tile_on_a_stack():
    s = _find(ANY, so.BONUS)
    app = Play(state=s, autosave=False)
    try:
        assert "1-point tile" in app._status.value
        name, button = next(iter(app.bonus_buttons.items()))
        st = next(st for st in s.board.stacks if st.name == name)
        top = s.stacks[st.index][0]
        assert f"top tile {top}" in button.description
        button.click()
        assert so.solo(app.state).marker == st.index
        assert app.state.player().tiles[-1] == (st.id, top)
    finally:
        app.close()


def test_the_hand_bonus_puts_the_cards_chosen_under_the_deck_in_order():
    s = _find(SOLO, so.BOTTOM)
    app = Play(state=s, autosave=False)
    try:
        toggles = app.bottom_toggles
        assert len(toggles) == sum(1 for c in s.display if c >= 0)
        toggles[2].value, toggles[0].value = True, True      # chosen in this order
        assert " → " in app.bottom_note.value
        order = (toggles[2].card, toggles[0].card)
        app.bottom_button.click()
        after = app.state
        assert [after.board.card_names[c] for c in after.deck[-2:]] == list(order)
        assert "under the deck" in app._log.value
    finally:
        app.close()
    app = Play(state=s, autosave=False)          # four cards: the engine refuses, in its words
    try:
        for t in app.bottom_toggles[:4]:
            t.value = True
        assert "At most 3" in app.bottom_note.value
        assert app.bottom() is False and "At most 3" in app.message and app.state is s
        app.bottom_none.click()
        assert app.state.step != so.BOTTOM and app.state.deck == s.deck
    finally:
        app.close()


def test_the_end_shows_the_rating(finished):
    s = finished
    k = len(s.history) - 3                      # the game's last three actions clicked in the app
    start = s.root
    for a in s.history[:k]:
        start = start.apply(a)
    app = Play(state=start, autosave=False)
    try:
        for a in s.history[k:]:
            assert app.do(a)
        assert app.state.is_over
        r = app.state.result()
        assert r.rating == rating_of(r.score)
        assert f"{r.rating} ({r.score} point{'' if r.score == 1 else 's'})" in _text(app._table.value)
        assert r.rating in app._status.value
        final = _text(app._final.children[0].value)
        for head in ("bonus tiles", "coach sets", "houses left", "discard penalty", "total"):
            assert head in final
    finally:
        app.close()


# -- the New game panel -----------------------------------------------------------------------------------------

def test_the_new_game_panel_offers_soloplay_its_options_and_one_seat():
    panel = NewGamePanel(seed=5)
    try:
        rows = panel._variant_rows
        assert set(rows) == set(so.OPTIONS) and all(r.layout.display == "none" for r in rows.values())
        pick = panel.variant_options["difficulty"]
        assert pick.value == "normal" and [v for _, v in pick.options][0] == "normal"
        assert dict((v, k) for k, v in pick.options)["hard"] == "hard: 7 houses of each colour"
        panel.expansions["solo"].value = True
        assert all(r.layout.display == "flex" for r in rows.values())
        assert [v for _, v in panel.count.options] == [1] and panel.count.value == 1
        pick.value = "hard"
        panel.variant_options["colour_declared"].value = "start"
        settings = panel.settings()
        assert settings["players"] == ["Ann"]
        assert settings["rules"] == {"expansions": ["solo"], "options": {"colour_declared": "start",
                                                                          "difficulty": "hard"}}
        panel.expansions["solo"].value = False
        assert panel.count.value == 2 and "options" not in panel.settings()["rules"]
    finally:
        panel.close()


def test_the_game_app_deals_a_solo_game_with_its_options():
    app = GameApp(autosave=False, seed=7)
    try:
        app.panel.expansions["solo"].value = True
        app.panel.variant_options["difficulty"].value = "easy"
        app.panel.start.click()
        s = app.game.state
        assert s.names == ("Ann",) and s.rules.option("difficulty") == "easy"
        assert all(left == so.components().houses - 10 for _, _, left in s.player("Ann").colours)
        assert "SoloPlay" in app._title.value and "SoloPlay · difficulty: easy" in app._title.value
    finally:
        app.close()


# -- the route explorer and the what-if -------------------------------------------------------------------------

def test_coach_words_say_exact_cartwright_or_none():
    s = thurn.new_game(["Ann"], rules=SOLO, seed=1)
    assert str(coach_choice(s, 5)) == "coach 5 (exact); with the Cartwright: coach 6 or 7"
    assert str(coach_choice(s, 7)) == "coach 7 (exact)"
    assert str(coach_choice(s, 8)) == "no coach: cannot be completed"
    s.carriages_left = (4, 4, 0, 4, 4)           # no coach 5 left
    c = coach_choice(s, 5)
    assert str(c) == "with the Cartwright: coach 6 or 7" and c.possible and int(c) == 0
    s.carriages_left = (4, 4, 0, 0, 0)
    assert str(coach_choice(s, 5)) == "no coach: cannot be completed" and not coach_choice(s, 5).possible
    long = thurn.new_game(["Ann"], rules=Rules(expansions=("solo",), options={"long_routes": "coach_7"}), seed=1)
    assert coach_choice(long, 8).exact == (7,)
    assert coach_words((3, 3, 3, 4, 4, 5, 5, 6, 6, 6, 7)) == "3 3 3 4 4 5 5 6 6 6 7 → 3–7, 3–6, 3: 19 points"
    assert coach_words((4, 5)) == "4 5 → no set (no coach 3): 0 points"


def test_the_what_if_names_each_completions_colour_and_coach():
    s = _to_score()
    outs = score_outcomes(s)
    assert outs
    table = options_table(s, outs)
    assert {"colour", "coach"} <= set(table.columns)
    for so_, colour in zip(outs, table["colour"]):
        assert so_.outcome.colour == so_.action.colour == colour
    assert set(table["coach"]) == {str(coach_choice(s, len(s.player().route)))}
    html = PARTS["solo"].outcome_html(outs[0].outcome.extras)
    assert f"a {outs[0].action.colour} route" in html and "coach" in html


def test_the_what_if_app_keeps_the_colours_and_the_coach_cards():
    from thurn.widgets.whatif import ScoringWhatIf

    s = _to_score()
    s.players[0].carriages, s.carriages_left = (3,), (3, 4, 4, 4, 4)
    w = ScoringWhatIf(s)
    try:
        assert len(w.outcomes) == len(score_outcomes(s)) > 0
        row = w.rows[0]
        assert row.houses.disabled and row.houses_left.disabled          # each colour's houses: kept as they are
        assert not row.carriage.disabled and not row.tiles.disabled
        assert w.state.players[0].carriages == (3,)
        assert w.state.player("Ann").colours == s.player("Ann").colours
        card = w.option_cards[0].children[0].value
        assert f"a {w.outcomes[0].action.colour} route" in card and "coach" in card
    finally:
        w.close()


def test_the_route_explorer_scores_in_a_colour_of_the_planner():
    s = _to_score()
    options = [o for o in route_options(s) if o.outcome is not None]
    assert options
    for o in options:
        assert o.outcome.colour in so._colours_open(s)
        assert isinstance(o.outcome.coach, CoachChoice) and o.outcome.coach.cards == len(o.route)
        assert f"{o.outcome.colour} house" in str(o) and "coach" in str(o)


# -- simulate, the ladder, the review ---------------------------------------------------------------------------

def test_simulate_counts_coaches_piles_and_the_end(finished):
    game, rows = game_rows(finished)
    row = rows[0]
    p = finished.players[0]
    assert row["coaches_taken"] == len(p.carriages) and row["houses_unplaced"] == p.houses_left
    assert row["pile_1"] == len(thurn.piles.pile(finished, so.PENALTY)) and row["discard_penalty"] == so.penalty(
        row["pile_1"])
    assert row["rating"] == finished.result().rating and game["solo_ended"] in ("deck", "houses")
    assert row["bonus_tile_taken"] in (True, False) and row["routes_given_up"] >= 0


def test_the_ladder_refuses_one_player():
    from thurn.ladder import ladder

    with pytest.raises(SimulationError, match="for one player"):
        ladder(["random", "greedy"], games=2, expansions=["solo"])


def test_the_review_of_a_short_solo_game():
    from thurn.game_review import review_game

    s = thurn.new_game(["Ann"], rules=SOLO, seed=2)
    bot = make_bot("greedy", seed=2)
    for _ in range(8):
        s = s.apply(bot.choose(s))
    review = review_game(s, samples=1)
    assert review.summary().startswith("Ann:")


@pytest.mark.skipif(not full_size(), reason="the review app of a longer game (5 s): make test-all")
def test_the_review_app_replays_a_solo_game():
    from thurn.widgets.review import GameReview

    s = thurn.new_game(["Ann"], rules=START, seed=2)
    bot = make_bot("greedy", seed=2)
    for _ in range(25):
        s = s.apply(bot.choose(s))
    r = GameReview(s, player="Ann")
    try:
        k = next(i for i, a in enumerate(s.history) if a.kind == "declare") + 1
        r.go_to(k)
        assert "declares" in r.replay_text.value
        assert any(t.name.startswith("route house") for t in r.map.data)
    finally:
        r.close()


# -- the core names no SoloPlay ---------------------------------------------------------------------------------

APPS = ("parts.py", "explore.py", "words.py", "sim.py", "ladder.py", "game_review.py")


def test_the_apps_core_never_names_soloplay():
    """The hooks added for it (Parts.score_formula, option_values, scoring_colours; the route explorer's colours, a
    dropdown per variant option) are generic: no module of the apps' core (the widgets, the map and charts, the
    parts, the explorer, the words of the buttons, simulate, the review) holds an identifier or a program string of
    SoloPlay's own words."""
    from tests.project.test_expansion_names import core_modules

    words = re.compile(r"\bsolo|planner|route.house|bottom.?cards|declare.?colour|discard.pile.1|coach.set", re.I)
    found = []
    paths = [p for p in core_modules() if p.parent.name in ("widgets", "viz") or p.name in APPS]
    assert len(paths) > 15
    for path in paths:
        src = path.read_text(encoding="utf-8")
        previous = token.NEWLINE
        for tok in tokenize.generate_tokens(io.StringIO(src).readline):
            docstring = tok.type == token.STRING and previous in (token.NEWLINE, token.INDENT, token.DEDENT,
                                                                  token.COLON)
            if tok.type in (token.NAME, token.STRING) and not docstring and words.search(tok.string):
                found.append(f"{path.name}:{tok.start[0]}: {tok.string[:50]}")
            if tok.type not in (token.NL, token.COMMENT):
                previous = tok.type
    assert found == []
