"""The game app speaks the game's words, in every ruleset (issue 33, "Internal ids on screen"): no ruleset, step,
province, stack or option written as the engine's id ("power_glory", "solo_official", "wurttemberg_hohenzollern",
"route_5") in what the page shows, and the typed-action box's examples are actions of this board and this moment
(never "play ulm right" on the northern board, which has no Ulm).

What is typed is in the game's words too (thurn.words.typed: "call Postal Carrier", "play Berlin (3 horseshoes)
left"): the buttons' "type: ..." tooltips and the typed-action box's examples are checked with the rest, and so is
the app's title line, which names the rules by thurn.words.rules_in_words.
"""
from __future__ import annotations

import os
import re

import ipywidgets as widgets
import pytest

import thurn

from tests.support.helpers import at_play, at_score, board_for, route_of, scorings
from thurn import CallOfficial, Keep, Play, Score, words
from thurn.bots import make_bot
from thurn.option_words import OPTION_TITLES
from thurn.rules import BOOLEAN_OPTIONS
from thurn.variants import REGISTRY

from tests.support.rulesets import SHIPPED
from thurn.widgets import GameApp

FULL = os.environ.get("THURN_SIZE", "full") != "small"
RULESETS = [()] + [(name,) for name in SHIPPED]
IN_APP = None if FULL else 40           # the actions played in the app (small: then finished in the engine)
ID = re.compile(r"\b[a-z]+(?:_[a-z0-9]+)+\b")
TEXT_WIDGETS = (widgets.HTML, widgets.HTMLMath, widgets.Label, widgets.Textarea)


def _texts(w, out: list, skip=()) -> list:
    """What the page shows: the texts of HTML and labels, the buttons' and boxes' descriptions, the options of a
    choice; the tooltips, the words to type included ("type: ...")."""
    if any(w is s for s in skip):
        return out
    if isinstance(w, TEXT_WIDGETS) and isinstance(w.value, str):
        out.append(w.value)
    for attr in ("description", "tooltip"):
        v = getattr(w, attr, None)
        if isinstance(v, str) and v:
            out.append(v)
    labels = getattr(w, "_options_labels", None)
    if labels:
        out.extend(map(str, labels))
    for c in getattr(w, "children", ()):
        _texts(c, out, skip)
    return out


def _ids_shown(app) -> set[str]:
    text = "\n".join(_texts(app, [], skip=()))
    text = re.sub(r"<style>.*?</style>", "", text, flags=re.S)
    text = re.sub(r"<[^>]+>", " ", text)                           # the words, not the markup
    return set(ID.findall(text))


def _ids(state) -> set[str]:
    """The engine's ids that a page must not show: rulesets, steps, provinces and their groups, stacks, options."""
    b = state.board
    out = set(REGISTRY) | set(state.ruleset.steps) | set(thurn.rules.BOOLEAN_OPTIONS)
    out |= {p.id for p in b.provinces} | {getattr(p, "bonus_group", None) or p.id for p in b.provinces}
    out |= {st.id for st in b.stacks} | set(b.official_ids)
    return {i for i in out if "_" in i}


@pytest.mark.parametrize("expansions", RULESETS, ids=lambda e: "+".join(e) or "base")
def test_no_engine_id_on_the_screen_over_a_game(expansions):
    board = board_for(expansions)
    solo = any(REGISTRY[n].alone for n in expansions)
    seats = {"Ann": None} if solo else {"Ann": None, "Greedy": "greedy"}
    rules = {"expansions": list(expansions), **({"board": board} if board != "base" else {})}
    app = GameApp(autosave=False, seed=4)
    try:
        game = app.start(list(seats), seats=seats, rules=rules, seed=4, pace=None)
        assert game is not None, app.panel.message.value
        ids = _ids(game.state)
        me = make_bot("greedy", seed=9)
        shown: set[str] = set()
        n = 0
        while not game.state.is_over and (IN_APP is None or n < IN_APP):
            shown |= _ids_shown(app)
            s = game.state
            if game.bots_pending:
                game.step_bot()
            else:
                examples = words.typed_examples(s)
                assert examples and all(words.read_typed(s, t) in s.legal_actions() for t in examples)
                assert game._typed.placeholder == words.typed_placeholder(s)
                game.do(me.choose(s))
            n += 1
        s = game.state
        while not s.is_over:                                      # (small: the rest of the game in the engine)
            s = s.apply(me.choose(s))
        if app.open_saved(s.to_json().encode(), "end.json") is None:       # (replace the game in progress: yes)
            app._confirmed()
        assert app.game.state.is_over
        shown |= _ids_shown(app)
        assert not shown & ids, sorted(shown & ids)
    finally:
        app.close()


def test_the_typed_examples_are_this_board_s_cities():
    """On the northern board the typed-action box suggests a card that can be played there, never Ulm."""
    s = thurn.new_game(["Ann", "Ben"], seed=2, rules={"board": "northern", "expansions": ["power_glory"]})
    cities = {c.name.casefold() for c in s.board.cities} | {c.id for c in s.board.cities}
    app = thurn.widgets.Play.from_state(s, autosave=False)
    try:
        holder = app._typed.placeholder
        assert "ulm" not in holder and holder.startswith("type an action: ")
        for text in words.typed_examples(s):
            action = s.ruleset.parse(text)
            assert getattr(action, "city", None) is None or any(c in str(action.city).casefold() for c in cities)
    finally:
        app.close()


def test_the_status_line_names_the_step_in_words():
    """The undo line and messages say where a game stands with the step's words, not its id ("Ann to
    solo_official"): SoloPlay manual, 4.1 "Use One Official"."""
    from thurn.widgets.playtext import game_summary

    for name in SHIPPED:
        rs = thurn.Rules(expansions=(name,)).ruleset
        for step in rs.steps:
            said = words.step_words(type("S", (), {"step": step, "ruleset": rs})(), step)
            assert "_" not in said and said, (name, step)
    s = thurn.new_game(["Ann", "Ben"], seed=1)
    assert game_summary(s) == "round 1, Ann to draw, 0 actions"


def test_the_engine_s_refusals_name_a_rule_option_in_words():
    """A refusal that points to a rule option names it in its words (thurn.option_words.option_title, OPTION_TITLES:
    "houses optional (R1)"), never by its id ("rule option optional_houses"): the panels show the engine's refusals
    as they are."""
    hand = ["Lodz", "Basel", "Zürich", "Kempten", "Passau"]
    keep = at_score(route_of(3), hand=hand).apply(Score(["Mannheim", "Stuttgart"]))
    at_most = at_score(route_of(3), hand=hand, rules={"hand_limit_at_most": True}).apply(Score(["Mannheim",
                                                                                                "Stuttgart"]))
    carrier = at_play(["Mannheim", "Carlsruhe"], hand=["Stuttgart", "Ulm"]).apply(Play("Stuttgart", "right"))
    compulsory = at_score(route_of(3), rules={"carriage_compulsory": True})
    refusals = [(at_score(route_of(4)), Score([]), "must_place_all", "optional_houses"),
                (keep, Keep(["Lodz"]), "keep_count", "hand_limit_at_most"),
                (at_most, Keep(hand[:4]), "keep_count", None),
                (carrier.apply(CallOfficial("postal_carrier")), Play("Ulm", "new"), "second_card_must_extend",
                 "postal_carrier_may_restart"),
                (compulsory, Score(scorings(compulsory)[0].houses, carriage=False), "carriage_compulsory",
                 "carriage_compulsory")]
    for s, action, reason, option in refusals:
        err = s.why_illegal(action)
        assert err is not None and err.reason == reason, (action, err)
        assert not set(ID.findall(str(err))) & set(BOOLEAN_OPTIONS), str(err)
        assert option is None or OPTION_TITLES[option] in str(err), str(err)


def test_a_solo_route_that_cannot_be_completed_says_why_in_words():
    """SoloPlay, 4.4d: no coach card 3 is left, so a route of 3 cannot be completed. The completion panel says why
    as the engine says it for a placement of the first colour open (blue); each colour builds on its own (4.4b), so
    green's houses on the route's cities leave blue's placement whole. (The panel once asked about the houses of
    every colour, and showed the engine's "must place every house" refusal, with the id 'optional_houses'.)"""
    from thurn.expansions.solo import rules as so
    from thurn.widgets import Play as PlayApp

    s = thurn.new_game(["Ann"], rules={"expansions": ["solo"]}, seed=1)
    bot = make_bot("greedy", seed=1)
    while not (s.step == "score" and len(s.player().route) == 3):
        assert not s.is_over
        s = s.apply(bot.choose(s))
    d = s.position()
    ann = d["players"][0]
    colours = ann["colours"]
    assert so.solo(s).planner[0] == "blue"
    for city in ann["route"]:
        if city in colours["blue"]["houses"]:
            colours["blue"]["houses"].remove(city)
            colours["blue"]["houses_left"] += 1
            ann["houses_left"] += 1
        if city not in colours["green"]["houses"]:
            colours["green"]["houses"].append(city)
            colours["green"]["houses_left"] -= 1
            ann["houses_left"] -= 1
        if city not in ann["houses"]:
            ann["houses"].append(city)
    ann["carriages"] = [3] * d["carriages_left"]["3"] + list(ann["carriages"])
    d["carriages_left"]["3"] = 0                                  # (Ann holds every coach card 3)
    s = thurn.GameState.from_position(d)
    assert not [a for a in s.legal_actions() if a.kind == "score"]
    app = PlayApp(state=s, autosave=False)
    try:
        note = re.sub(r"<[^>]+>", " ", app.coach_note.value)
        assert "no coach card 3 is left" in note, note
        assert not set(ID.findall(note)) & _ids(s), note
    finally:
        app.close()
