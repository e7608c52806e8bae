"""The Audience everywhere a user meets it (issue 25): the Rome strip drawn under the board, the Play app's seal step
and carriage moves, the memory option, the New game panel, the route explorer and the scoring what-if, ``simulate``'s
columns, the status lines and the players' tables — all through :mod:`thurn.expansions.audience.parts` and
:mod:`thurn.expansions.audience.panel`, never named by the core.

Fair: another player's sealed clergymen are never shown (The Audience, Preparation: "Each player secretly assigns one
of his audience tiles to each carriage"): the figure a viewer gets is the same whatever the others sealed."""
from __future__ import annotations

import json
import re

import pytest

import thurn
from thurn import GameState, Rules
from thurn.bots import make_bot
from thurn.explore import route_options, score_outcomes
from thurn.sim import full_size
from thurn.expansions.audience import rules as au
from thurn.expansions.audience import columns as au_columns
from thurn.expansions.audience import panel as au_panel
from thurn.expansions.audience.map import strip_map
from thurn.expansions.audience.parts import MEMORY, CarriageMoves, carriage_moves
from thurn.sim import game_rows, play_game, simulate, sized
from thurn.viz import board_figure
from thurn.widgets import Play
from thurn.widgets.explorer import RouteExplorer
from thurn.widgets.newgame import EXPANSIONS, NewGamePanel, ruleset_refusals
from thurn.widgets.whatif import ScoringWhatIf, options_table

RULES = Rules(expansions=("audience",))
NAMES = ("Ann", "Bot1", "Bot2")
STRIP = ("rome roads", "rome cities", "owed carriages", "carriages", "carriage key", "audience spaces",
         "audience tiles", "box")


def _json(fig) -> str:
    return json.dumps(fig.to_plotly_json(), default=str, ensure_ascii=False)


def _sealed(seed: int = 3):
    s = thurn.new_game(list(NAMES), seed=seed, rules=RULES)
    for seal in ("seal 5 4 3 2 1", "seal 1 2 3 4 5", "seal 2 3 4 5 1"):
        s = s.apply(seal)
    return s


def _to_step(s, step: str, seed: int = 1, limit: int = 600):
    """Play on with a greedy bot (every seat) until ``step`` comes."""
    bot = make_bot("greedy", seed=seed)
    for _ in range(limit):
        if s.step == step or s.is_over:
            return s
        s = s.apply(bot.choose(s))
    raise AssertionError(f"no {step} step within {limit} actions")


#: Two carriages in Rom (Baden first, then Baiern), the Schweiz/Tyrol carriage at Florenz; names that need escaping.
WEIRD = ("<i>Ann</i>", "Ben & %{x}", "Cy")
ARRIVED = {"players": [{"name": n} for n in WEIRD], "seed": 3, "rules": {"expansions": ["audience"]},
           "ext": {"audience": {"carriages": {"baden": "rom", "baiern": "rom", "schweiz_tyrol": "florenz"},
                                "spaces": {"Kardinal": [WEIRD[0], WEIRD[1]], "Abt": ["Cy"], "Ministrant": [WEIRD[1]]},
                                "box": [[WEIRD[0], "Priester"], ["Cy", "Bischof"]], "arrived": ["baden", "baiern"]},
                   "audience_tiles": [[0, 4, 3, 0, 1], [0, 2, 3, 0, 4], [0, 1, 2, 0, 5]]}}


def _with_tiles(s, tiles) -> GameState:
    """The same position with other sealed tiles (the engine's own loader checks them)."""
    data = json.loads(json.dumps(ARRIVED))
    data["ext"]["audience_tiles"] = [list(t) for t in tiles]
    return GameState.from_position(data)


# -- the map ----------------------------------------------------------------------------------------------------

def test_the_strip_is_drawn_under_the_board_on_its_own_axes():
    s = _sealed()
    fig = board_figure(s, viewer=0)
    names = [t.name for t in fig.data]
    assert all(n in names for n in STRIP)
    strip = [t for t in fig.data if t.name in STRIP]
    assert {t.xaxis for t in strip} == {"x2"} and {t.yaxis for t in strip} == {"y2"}
    assert all(t.xaxis in (None, "x") for t in fig.data if t.name not in STRIP)
    lay = fig.layout
    assert lay.yaxis2.domain[1] < lay.yaxis.domain[0]             # under the board
    titles = [a.text for a in lay.annotations if a.name == "side map"]
    assert len(titles) == 1 and "reconstructed" in titles[0] and "Rome strip" in titles[0]
    S = au.strip(s.board)
    cars = next(t for t in fig.data if t.name == "carriages")
    assert list(cars.marker.color) == list(S.colours)              # each carriage in its colour (carriage_colours)
    for c, (x, y) in enumerate(zip(cars.x, cars.y)):                # on (just under) its start city
        cx, cy = S.map.cities[S.starts[3][c]].pos
        assert abs(x - cx) < 5 and 0 < cy - y < 6
    assert list(cars.text) == ["5", "4", "3", "2", "1"]            # Ann's own ranks in her carriages
    # the same figure without a game: no strip (a board alone has no carriages)
    assert not any(t.name in STRIP for t in board_figure("base").data)


def test_the_strip_shows_rom_the_spaces_the_box_escaped():
    s = GameState.from_position(ARRIVED)
    fig = board_figure(s, viewer=2)
    strip = json.dumps([t.to_plotly_json() for t in fig.data if t.name in STRIP], ensure_ascii=False)
    assert "<i>Ann" not in strip and "&lt;i&gt;Ann&lt;/i&gt;" in strip
    assert "%{x}" not in strip and "&amp; &#37;{x}" in strip      # plotly reads no placeholder in a name
    tiles = next(t for t in fig.data if t.name == "audience tiles")
    assert sorted(tiles.text) == ["1", "3", "5", "5"]               # Kardinal ×2, Abt, Ministrant on the spaces
    box = next(t for t in fig.data if t.name == "box").text[0]
    assert "box (2)" in box and "Priester" in box and "Cy&#x27;s Bischof" not in box and "Cy's Bischof" in box
    key = next(t for t in fig.data if t.name == "carriage key").text
    assert "in Rom (first)" in key[0] and "arrival 2" in key[3]
    assert "your Priester + 2 face down" in key[2].replace("<br>", " ")  # Cy's own, the others' counted


def test_another_players_ranks_never_reach_the_figure():
    """Whatever the others sealed, the figure (and its title) for a viewer is the same: their tiles are backs."""
    base = GameState.from_position(ARRIVED)
    other = _with_tiles(base, [(0, 4, 3, 0, 1), (0, 4, 2, 0, 3), (0, 5, 1, 0, 2)])     # Ben's and Cy's changed
    for viewer in (0, -1):
        assert _json(board_figure(base, viewer=viewer)) == _json(board_figure(other, viewer=viewer))
    assert _json(board_figure(base, viewer=None)) != _json(board_figure(other, viewer=None))     # teaching: shown
    assert _json(board_figure(base)) == _json(board_figure(other))                               # default: nobody's


def test_the_title_never_names_a_seal():
    s = _sealed()
    seal = str(s.history[-1])
    assert "Kardinal" in seal
    for viewer in (-1, 0, 2):
        assert seal not in board_figure(s, viewer=viewer).layout.title.text
        assert "face down" in board_figure(s, viewer=viewer).layout.title.text
    assert seal in board_figure(s, viewer=None).layout.title.text


def test_the_memory_option_hides_the_viewers_own_tiles():
    s = _sealed()
    plain = strip_map(s.board, s, 0)
    kept = strip_map(s.board, s, 0, (MEMORY,))
    cars = {t["name"]: t for t in plain["traces"]}["carriages"]
    hidden = {t["name"]: t for t in kept["traces"]}
    assert cars["text"] == ["5", "4", "3", "2", "1"] and hidden["carriages"]["text"] == ["·"] * 5
    words = json.dumps(kept["traces"], ensure_ascii=False)
    assert "your Kardinal" in json.dumps(plain["traces"], ensure_ascii=False) and "your " not in words.replace(
        "yours among them", "")
    assert "yours among them: remember it" in words and "3 face down" in words


# -- the Play app -----------------------------------------------------------------------------------------------

@pytest.fixture
def app():
    a = Play(NAMES, bots={"Bot1": make_bot("greedy", seed=1), "Bot2": make_bot("greedy", seed=2)}, rules=RULES,
             seed=5, autosave=False)
    yield a
    a.close()


def _all_html(app) -> str:
    """Every text the app's widgets show (their HTML values, descriptions, options) and its map."""
    import ipywidgets as widgets

    out, todo = [], [app]
    while todo:
        w = todo.pop()
        for attr in ("value", "description", "tooltip", "placeholder"):
            v = getattr(w, attr, None)
            if isinstance(v, str):
                out.append(v)
        if isinstance(w, widgets.Box):
            todo.extend(w.children)
    return "\n".join(out) + _json(app.map)


def test_the_play_app_seals_through_its_panel_and_refuses_a_rank_twice(app):
    assert "seals one clergyman in each carriage" in app._status.value
    assert [p.carriage for p in app.seal_picks] == list(au.strip(app.state.board).carriages)
    assert app.action_buttons == []                                 # 120 seals are one picker, not 120 buttons
    app.seal_picks[0].value = 5
    app.seal_picks[1].value = 5
    why = str(app.state.why_illegal(au.Seal((5, 5, 0, 0, 0))))
    assert "each clergyman once" in why and why in html_unescape(app.seal_note.value)
    assert app.seal() is False and app.message == f"Not allowed: {why}" and app.state.step == "seal"
    for pick, rank in zip(app.seal_picks, (5, 4, 3, 2, 1)):
        pick.value = rank
    assert "Ready" in app.seal_note.value
    app.seal_button.click()
    s = app.state
    assert s.step == "draw" and au.tiles(s, 0) == (5, 4, 3, 2, 1) and all(au.tiles(s, i) for i in (1, 2))
    shown = _all_html(app)
    for seat in (1, 2):                     # the bots' seals: never their ranks, anywhere on the screen
        mine = ", ".join(f"the {au.clergy().name(r)} in the {au.strip(s.board).names[c]} carriage"
                         for c, r in enumerate(au.tiles(s, seat)))
        assert mine not in shown
        assert str(s.history[seat]) not in shown
    assert "Bot1 seals a clergyman in each carriage, face down" in shown
    assert "Ann seals the Kardinal in the Baden carriage" in shown     # her own, in her log
    app._undo_slider.value = 2                                      # the history list names Bot1's seal
    assert "face down" in app._undo_text.value and "Kardinal" not in app._undo_text.value


def html_unescape(text: str) -> str:
    import html

    return html.unescape(text)


def test_the_play_app_moves_a_carriage_with_its_buttons(app):
    for pick, rank in zip(app.seal_picks, (1, 2, 3, 4, 5)):
        pick.value = rank
    app.seal()
    bot = make_bot("greedy", seed=3)
    for _ in range(600):
        if app.state.step == au.MOVE or app.state.is_over:
            break
        app.do(bot.choose(app.state))
    s = app.state
    assert s.step == au.MOVE and s.to_move == 0
    assert "moves the carriages" in app._status.value and "owed" in app._status.value
    legal = s.legal_actions()
    assert sorted(app.carriage_buttons) == sorted(au.move_words(s, a) for a in legal)
    assert all("→" in w for w in app.carriage_buttons)
    note = html_unescape(app.carriage_note.value)
    assert "Scored without a house:" in note
    A = au.audience(s)
    ring = next(t for t in app.map.data if t.name == "owed carriages")
    owed = sorted(c for c in set(A.owed) - {au.JOKER} if A.at[c] != au.strip(s.board).rome)
    assert len(ring.x) == len(owed) and all("owed" in h for h in ring.hovertext)
    words, button = next(iter(app.carriage_buttons.items()))
    before = A.at
    button.click()
    after = au.audience(app.state)
    assert after.at != before or app.state.step != au.MOVE
    assert "moves the" in app.message and "carriage from" in app.message


def test_the_memory_option_in_the_app(app):
    for pick, rank in zip(app.seal_picks, (5, 4, 3, 2, 1)):
        pick.value = rank
    app.seal()
    key = next(t for t in app.map.data if t.name == "carriage key")
    assert "your Kardinal" in key.text[0]
    app.set_option(MEMORY)
    key = next(t for t in app.map.data if t.name == "carriage key")
    assert "your" not in " ".join(key.text) and "3 face down" in key.text[0]
    log = app._log.value                                            # her own seal: now remembered, not shown
    assert "Ann seals the Kardinal" not in log and "Ann seals a clergyman in each carriage, face down" in log
    app._undo_slider.value = 1
    assert "Kardinal" not in app._undo_text.value and "face down" in app._undo_text.value
    app.set_option(MEMORY, False)
    assert "Ann seals the Kardinal in the Baden carriage" in app._log.value
    with pytest.raises(thurn.errors.UnknownName):
        app.set_option("no_such_option")
    hidden = Play(NAMES, bots={"Bot1": make_bot("greedy"), "Bot2": make_bot("greedy")}, rules=RULES, seed=5,
                  autosave=False, options=[MEMORY])
    assert hidden.memory_box.value is True
    hidden.memory_box.value = False                                 # the panel's box switches it off
    assert MEMORY not in hidden.app_options
    hidden.close()


def test_hotseat_each_player_sees_his_own_clergymen_only_after_the_pass():
    app = Play(("Ann", "Ben"), rules=RULES, seed=2025, autosave=False)
    for pick, rank in zip(app.seal_picks, (5, 4, 3, 2, 1)):
        pick.value = rank
    app.seal()
    marks = lambda: list(next(t for t in app.map.data if t.name == "carriages").text)       # noqa: E731
    assert app.pass_pending and marks() == ["·"] * 5                # Ann's ranks gone with her
    assert app.seal() is False and app.state.step == "seal"        # her picks are not Ben's seal
    shown = _all_html(app)
    assert "your Kardinal" not in shown and "seals the Kardinal" not in shown
    app.reveal()
    for pick, rank in zip(app.seal_picks, (1, 2, 3, 4, 5)):
        pick.value = rank
    app.seal()
    assert app.state.step == "draw" and marks() == ["·"] * 5
    app.reveal()
    assert app.viewer == 0 and marks() == ["5", "4", "3", "2", "1"]
    app.close()


@pytest.mark.skipif(not full_size(), reason="a whole review (5 s): make test-all")
def test_the_review_replays_the_others_seals_face_down():
    from thurn.widgets.review import GameReview

    s = _to_step(_sealed(), "score")
    r = GameReview(s, player="Ann")
    try:
        r.go_to(1)
        assert "Ann seals the Kardinal in the Baden carriage" in r.replay_text.value       # her own
        assert "your Kardinal" in _json(r.map)
        for k in (2, 3):
            r.go_to(k)
            said = r.replay_text.value
            assert "seals a clergyman in each carriage, face down" in said
            assert str(s.history[k - 1]) not in said and str(s.history[k - 1]) not in _json(r.map)
    finally:
        r.close()


def test_the_players_table_and_the_map_table_count_the_clergymen():
    s = GameState.from_position(ARRIVED)
    (head, cells), = au_panel.PARTS.player_columns(s)
    assert "clergymen" in head
    assert "3 sealed · in Rom: Kardinal (5 points) · 1 boxed" in cells[0]
    assert "Kardinal, Ministrant (6 points)" in cells[1]
    fig = board_figure(s)
    assert "box 2 · in Rom 2 of 5" in _json(fig)


# -- the New game panel ---------------------------------------------------------------------------------------

def test_the_new_game_panel_offers_the_audience_and_its_memory_option():
    words = dict(EXPANSIONS)["audience"]
    assert words.startswith("The Audience: ") and "Rome strip" in words
    p = NewGamePanel(seed=1)
    box = p.expansions["audience"]
    assert box.layout.display != "none"
    box.value = True
    p.app_options[MEMORY].value = True
    settings = p.settings()
    assert settings["rules"]["expansions"] == ["audience"] and settings["options"] == [MEMORY]
    p.expansions["offices"].value = True                            # a combination
    assert sorted(p.settings()["rules"]["expansions"]) == ["audience", "offices"]
    p.board.value = "northern"
    assert p.expansions["audience"].layout.display == "none" and p.app_options[MEMORY].layout.display == "none"
    assert "Not with The Audience" in p.board_note.value
    assert "options" not in p.settings()
    p.close()
    assert "audience" in ruleset_refusals(thurn.load_board("northern"), ["audience"])


def test_the_game_app_starts_with_the_option():
    from thurn.widgets import GameApp

    g = GameApp(autosave=False)
    g.panel.expansions["audience"].value = True
    g.panel.app_options[MEMORY].value = True
    g.panel.start.click()
    assert g.game is not None and MEMORY in g.game.app_options and g.game.state.step == "seal"
    g.close()


# -- the explorer and the what-if -------------------------------------------------------------------------------

def test_the_what_if_shows_the_carriages_each_scoring_moves():
    s = _to_step(_sealed(), "score")
    while len(s.player().route) < s.board.min_route:
        s = _to_step(s.apply(make_bot("greedy", seed=1).choose(s)), "score")
    outs = score_outcomes(s)
    route = s.players[s.to_move].route
    b = s.board
    for so in outs:
        mask = sum(1 << b.index(c) for c in set(so.action.houses))
        assert isinstance(so.outcome.carriages, CarriageMoves)
        assert so.outcome.carriages.moves == au.moves_for(b, route, mask)          # the single reading
        assert so.state.ext["audience"].owed == () or len(so.state.ext["audience"].owed) <= len(route)
    w = ScoringWhatIf(s)
    table = options_table(w.state)
    assert "carriages" in table.columns
    assert list(table["carriages"]) == [str(o.outcome.carriages) for o in w.outcomes]
    for i, so in enumerate(w.outcomes):                             # the map rings the carriages it moves
        w.choose(i)
        drawn = {t.name: t for t in w.figure.data}
        moved = so.outcome.carriages
        assert str(moved) in drawn["scoring words"].text[0]
        steps = sorted(int(t[1:]) for t in drawn["carriages moved"].text)
        assert steps == sorted(moved.moves.count(c) for c in set(moved.moves) - {au.JOKER})
    w.close()


def test_the_route_explorer_shows_the_carriages_a_route_moves():
    s = _sealed()
    b = s.board
    options = route_options(s, ["Ulm", "Augsburg", "München", "Lodz"], include_display=False)
    scored = [o for o in options if o.outcome is not None]
    assert scored
    for o in scored:
        cities = tuple(b.index(c) for c in o.route)
        mask = sum(1 << b.index(c) for c in o.outcome.houses)
        assert sorted(o.outcome.carriages.moves) == sorted(carriage_moves(b, cities, mask).moves)
        assert len(o.outcome.carriages.moves) == len(o.route) - len(o.outcome.houses)
    lodz = [o for o in scored if "Lodz" in o.route and "Lodz" not in o.outcome.houses]
    assert all(au.JOKER in o.outcome.carriages.moves for o in lodz)      # Lodz moves any carriage
    ex = RouteExplorer(s, cards=["Ulm", "Augsburg", "München", "Ingolstadt"], include_display=False)
    assert ex.columns[-1] == "carriages"
    ex.select(0)
    best = ex.selected.outcome
    assert ex.table_rows[0]["carriages"] == str(best.carriages) == "Württemberg/Hohenzollern"   # Ulm: no house
    words = next(t for t in ex.figure.data if t.name == "scoring words").text[0]
    assert str(best.carriages) in words
    ex.close()


# -- simulate -----------------------------------------------------------------------------------------------------

def test_simulate_counts_the_carriages_and_the_clergymen():
    n = sized(20, 2)
    sim = simulate(n, bots="greedy", players=3, rules={"expansions": ["audience"]}, workers=1)
    g, p = sim.games, sim.players
    for col in ("arrivals", "tiles_boxed", "first_arrival_turn"):
        assert col in g.columns
    for col in ("clergymen", "clergymen_in_rome", "clergymen_boxed", "carriage_steps"):
        assert col in p.columns
    assert (g["arrivals"] >= 0).all() and (g["arrivals"] <= 5).all()
    per_game = p.groupby("game")
    assert (per_game["clergymen_boxed"].sum() == g.set_index("game")["tiles_boxed"]).all()
    assert (p["clergymen"] >= p["clergymen_in_rome"]).all() and (p["clergymen"] <= 5 * p["clergymen_in_rome"]).all()
    assert (p["carriage_steps"] >= p["actions_carriage"]).all()
    assert (g["first_arrival_turn"].isna() == (g["arrivals"] == 0)).all()


def test_a_games_rows_read_its_final_position():
    s = play_game(list(NAMES), "greedy", seed=4, rules={"expansions": ["audience"]})
    game, rows = game_rows(s)
    A = au.audience(s)
    assert game["arrivals"] == len(A.arrived) and game["tiles_boxed"] == len(A.box)
    for r in rows:
        assert r["clergymen_in_rome"] == sum(x.count(r["seat"]) for x in A.spaces)
        assert r["clergymen"] == au.points_in_rome(s, r["seat"])
    text = au_columns.PARTS.ladder_text(type("R", (), dict(arrivals=1.5, upper_clergymen=4.0,
                                                             lower_clergymen=3.0))())
    assert "carriages in Rom a game 1.5" in text


# -- the core names no expansion ----------------------------------------------------------------------------------

def test_the_core_never_names_the_audience():
    """The hooks added for it (Parts.side_map, scoring_extras, app_options) are generic: no module outside
    thurn/expansions/ holds an identifier or a program string of The Audience's own words."""
    from tests.project.test_expansion_names import core_modules

    words = re.compile(r"audience|clergy|kardinal|\brome\b|\brom\b", re.I)
    found = []
    import io
    import token
    import tokenize

    for path in core_modules():
        src = path.read_text(encoding="utf-8")
        previous = token.NEWLINE
        for tok in tokenize.generate_tokens(io.StringIO(src).readline):
            docstring = tok.type == token.STRING and previous in (token.NEWLINE, token.INDENT, token.DEDENT,
                                                                  token.COLON)
            if tok.type in (token.NAME, token.STRING) and not docstring and words.search(tok.string):
                found.append(f"{path.name}:{tok.start[0]}: {tok.string[:50]}")
            if tok.type not in (token.NL, token.COMMENT):
                previous = tok.type
    assert not found, found
