"""Nothing a name can hold runs in the notebook: player names from a save file, and the city, province, stack,
official and board names of a board file, are escaped in every HTML output of the package.

Each test puts ``<img src=x onerror=alert(1)>`` and ``<script>alert(1)</script>`` into every name it can reach,
drives an app (or a display method), collects every HTML string it shows — the ``value`` of every HTML widget in
the widget tree, every string of every plotly figure (plotly reads a subset of HTML in its texts), every
``_repr_html_()`` — and checks that no raw ``<img`` or ``<script`` survives.
"""
from __future__ import annotations

import copy
import json
from collections import Counter

import ipywidgets as widgets
import plotly.graph_objects as go
import pytest

import thurn
from thurn.bots import make_bot
from thurn.io import state_from_position
from thurn.lessons import lesson_from_dict
from thurn.viz import board_figure, score_chart, score_timeline, stacks_chart
from thurn.widgets import Play, Quiz, RouteExplorer, RulesStepper, ScoringWhatIf
from thurn.widgets.common import card_chips
from thurn.widgets.whatif import AT_SCORE

IMG = "<img src=x onerror=alert(1)>"
SCRIPT = "<script>alert(1)</script>"
ANN, BEN = IMG + "Ann", SCRIPT + "Ben"


def evil(i: int) -> str:
    return IMG if i % 2 else SCRIPT


@pytest.fixture(scope="module")
def board_path(tmp_path_factory):
    """The base board with every name carrying markup (and an unreadable colour for one province)."""
    d = json.loads((thurn.board_file.data_dir() / "base.json").read_text(encoding="utf-8"))
    d["id"], d["name"], d["provenance"] = "evil", IMG + "board", SCRIPT
    for i, p in enumerate(d["provinces"]):
        p["name"] = evil(i) + p["name"]
    d["provinces"][0]["color"] = "red' onmouseover='alert(1)"
    for i, c in enumerate(d["cities"]):
        c["name"] = evil(i) + c["name"]
    for i, s in enumerate(d["bonus_stacks"]):
        s["name"] = evil(i) + s["name"]
    for i, o in enumerate(d["officials"]):
        o["name"], o["effect"] = evil(i) + o["name"], evil(i + 1) + o["effect"]
    path = tmp_path_factory.mktemp("boards") / "evil.json"
    path.write_text(json.dumps(d, ensure_ascii=False), encoding="utf-8")
    return str(path)


@pytest.fixture(scope="module")
def game(board_path):
    """A whole game on that board between two greedy bots (short: about 180 actions; states are immutable)."""
    s = thurn.new_game([ANN, BEN], seed=3, rules={"board": board_path})
    bots = [make_bot("greedy", seed=1), make_bot("greedy", seed=2)]
    while not s.is_over:
        s = s.apply(bots[s.to_move].choose(s))
    return s


# -- collecting what is shown ------------------------------------------------------------------------------------

def strings(value):
    """Every string in a nested structure of dicts, lists and tuples."""
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for k, v in value.items():
            yield from strings(k)
            yield from strings(v)
    elif isinstance(value, (list, tuple)):
        for v in value:
            yield from strings(v)


def figure_strings(fig) -> list[str]:
    return list(strings(fig.to_plotly_json()))


def html_outputs(root) -> list[str]:
    """Every HTML string a widget tree shows: HTML widgets' values, descriptions that allow HTML, and every
    string of its plotly figures."""
    out, todo, seen = [], [root], set()
    while todo:
        w = todo.pop()
        if id(w) in seen:
            continue
        seen.add(id(w))
        if isinstance(w, (widgets.HTML, widgets.HTMLMath)):
            out.append(w.value)
        if getattr(w, "description_allow_html", False):
            out.append(w.description)
        if isinstance(w, go.FigureWidget):
            out += figure_strings(w)
        todo.extend(getattr(w, "children", ()))
    return out


def assert_safe(outputs, what: str) -> None:
    outputs = list(outputs)
    assert outputs, f"{what}: nothing was collected"
    for text in outputs:
        low = text.lower()
        assert "<img" not in low and "<script" not in low, f"{what} shows raw markup: {text[:300]!r}"


def assert_names_shown(outputs, *names) -> None:
    """The escaped names are there (the check above looked at the right outputs)."""
    joined = "\n".join(outputs)
    for name in names:
        assert name.replace("<", "&lt;").replace(">", "&gt;") in joined


# -- the apps ----------------------------------------------------------------------------------------------------

def test_play_escapes_every_name(board_path, game, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    shown: list[str] = []
    app = Play.from_state(thurn.replay(game.root, game.history[:-30]), bots={BEN: make_bot("greedy", seed=2)})
    ann = make_bot("greedy", seed=1)                # Ann clicks the greedy bot's choice: the game ends soon
    app.hint()
    shown += html_outputs(app)
    app.do(f"play {IMG} right")                     # an unreadable typed action: the message quotes it
    shown += html_outputs(app)
    for _ in range(200):
        if app.state.is_over:
            break
        choice = ann.choose(app.state)
        buttons = [b for b in app.action_buttons if b.action == choice]
        if buttons:
            buttons[0].click()
        else:                                       # the card picker of a keep step with many choices
            wanted = Counter(choice.cards)
            for t in app.keep_toggles:
                t.value = wanted[t.description] > 0
                wanted[t.description] -= 1
            app.keep_button.click()
        shown += html_outputs(app)
        if len(app.state.history) % 7 == 0:
            app._undo_slider.value = max(0, app._undo_slider.value - 3)     # the undo text of an earlier point
            shown += html_outputs(app)
    assert app._final.children                      # the final scores, a table and a chart
    app._undo_slider.value = len(app.state.history) - 2
    shown += html_outputs(app)
    app.back_to(len(app.state.history) - 2)
    shown += html_outputs(app)
    # the offer to resume the autosaved game names its players; an unreadable file is named in the message
    first = Play([ANN, BEN], seed=4, rules={"board": board_path}, autosave=tmp_path / "offer.json")
    first.do(first.state.legal_actions()[0])
    again = Play([ANN, BEN], seed=4, rules={"board": board_path}, autosave=tmp_path / "offer.json")
    assert again.offer_pending
    shown += html_outputs(again)
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps({"format": "thurn-game/1", "setup": {"players": [ANN, BEN], "seed": 1,
                                                                   "rules": {"board": board_path}},
                               "actions": [f"play {IMG} new"]}))
    assert not again.load(bad)
    shown += html_outputs(again)
    assert_safe(shown, "Play")
    assert_names_shown(shown, ANN, BEN, game.board.cities[0].name, game.board.cities[1].name,
                       game.board.officials[0].name)
    for a in (app, first, again):
        a.close()


def test_route_explorer_escapes_every_name(board_path, game):
    b = game.board
    s = thurn.replay(game.root, game.history[:30])
    shown: list[str] = []
    for app in (RouteExplorer(s), RouteExplorer(board_path, cards=[c.name for c in b.cities[:8]])):
        shown += html_outputs(app)
        for c in b.cities[8:12]:
            app.toggle(c.name)
            shown += html_outputs(app)
        for i in range(min(3, len(app.options))):
            app.select(i)
            shown += html_outputs(app)
        app.route_box.value = f"{b.cities[0].name}, {IMG}"         # an unknown city: the message names it
        assert app.message.kind == "error"
        shown += html_outputs(app)
        app.close()
    assert_safe(shown, "RouteExplorer")
    assert_names_shown(shown, b.cities[0].name, b.cities[1].name)


def test_scoring_what_if_escapes_every_name(board_path):
    b = thurn.load_board(board_path)
    route = [b.city(c).name for c in ("sigmaringen", "stuttgart", "nurnberg", "regensburg", "ingolstadt",
                                      "augsburg")]
    position = {"rules": {"board": board_path}, "turn": AT_SCORE,
                "players": [{"name": ANN, "route": route}, {"name": BEN}]}
    app = ScoringWhatIf(state_from_position(position, boards={board_path: board_path}))   # a board file from code
    assert app.outcomes
    shown = html_outputs(app)
    for i in range(len(app.outcomes)):
        app.choose(i)
        shown += html_outputs(app)
    app.players_box.value = f"{ANN}, {BEN}, {IMG}Cat"
    shown += html_outputs(app)
    app.rows[1].tiles.value = f"{IMG}: 3"                         # an unknown stack: the message quotes it
    assert app.message.kind == "error"
    shown += html_outputs(app)
    assert_safe(shown, "ScoringWhatIf")
    assert_names_shown(shown, ANN, BEN, route[0], b.provinces[1].name)
    app.close()


def test_rules_stepper_and_quiz_escape_every_text():
    d = json.loads((thurn.board_file.data_dir() / "base_lessons.json").read_text(encoding="utf-8"))
    d = copy.deepcopy(d)
    d["title"] = IMG + d["title"]
    for headings in d["sections"].values():
        for doc in headings:
            headings[doc] = SCRIPT + headings[doc]
    for i, step in enumerate(d["steps"]):
        step["title"] = evil(i) + step["title"]
        step["text"] = evil(i + 1) + step["text"]
        if "ask" in step.get("question", {}):
            step["question"]["ask"] = evil(i) + step["question"]["ask"]
    stepper = RulesStepper(lesson_from_dict(d, name="evil"))
    shown = html_outputs(stepper)
    for _ in range(len(stepper.stops) - 1):
        stepper.answer(stepper.quiz.choices[0])
        shown += html_outputs(stepper)
        stepper.next()
        shown += html_outputs(stepper)
    quiz = Quiz(IMG + "Which?", [SCRIPT + "a", IMG + "b"], [IMG + "b"], {SCRIPT + "a": IMG + "because"})
    for choice in quiz.choices:
        quiz.answer(choice)
        shown += html_outputs(quiz)
    assert_safe(shown, "RulesStepper and Quiz")
    assert_names_shown(shown, IMG + "Which?", IMG + "because")
    stepper.close()
    quiz.close()


# -- display methods and figures -------------------------------------------------------------------------------

def test_repr_html_and_figures_escape_every_name(board_path, game):
    b = game.board
    mid = thurn.replay(game.root, game.history[:60])
    reprs = [b._repr_html_(), game._repr_html_(), mid._repr_html_(), mid.player(0)._repr_html_(),
             mid.player(1)._repr_html_(), mid.legal._repr_html_(), game.scores()._repr_html_(),
             thurn.Route([c.name for c in b.cities[:3]], board=b)._repr_html_(),
             card_chips(b, [c.name for c in b.cities])]
    assert_safe(reprs, "_repr_html_")
    assert_names_shown(reprs, ANN, BEN, b.name, b.provinces[0].name, b.cities[0].name)
    assert "onmouseover" not in thurn.Route([b.cities[0].name], board=b)._repr_html_()   # a colour is checked
    figures = [board_figure(mid, candidates=[c.name for c in b.cities[:3]], suggestion=[c.name for c in b.cities[:2]],
                            placement=[b.cities[0].name]),
               board_figure(b, route=[c.name for c in b.cities[:2]]), board_figure(board_path),
               score_chart(game), stacks_chart(mid), score_timeline(game)]
    texts = [t for f in figures for t in figure_strings(f)]
    assert_safe(texts, "plotly figures")
    assert_names_shown(texts, ANN, BEN, b.cities[0].name, b.provinces[0].name, b.stacks[0].name)
