"""What the game app says and shows (no browser): hints named with the words of the buttons, an action typed and
sent with Do it, the New game panel's Human seat, the fair undo slider, the start message, and the words of the
tables, the log, the status line and the officials' panel. ``tests/browser/test_app_words.py`` sees the same app in
Chromium at 1280 px.
"""
from __future__ import annotations

import random
import re

import pytest

import thurn
import thurn.actions
from thurn import words
from thurn.bots import make_bot
from thurn.bots.hint import hint
from thurn.scoring import placement_options
from thurn.viz.charts import score_rounds, score_rounds_chart
from thurn.widgets import GameApp, Play
from thurn.widgets.newgame import NewGamePanel
from thurn.widgets.play import final_table_html

BOTH = {"expansions": ["messenger", "offices"]}
RULESETS = [None, {"expansions": ["messenger"]}, {"expansions": ["offices"]}, BOTH]


def text(html: str) -> str:
    import html as h
    return h.unescape(re.sub(r"<[^>]+>", " ", html))


def positions(rules, seed: int, every: int = 3, limit: int = 60):
    """Positions of a random game (every ``every``-th decision, at most ``limit`` actions)."""
    s = thurn.new_game(["Ann", "Ben", "Cid"], seed=seed, rules=rules)
    rng = random.Random(seed)
    for k in range(limit):
        if s.is_over:
            return
        if k % every == 0:
            yield s
        s = s.apply(rng.choice(s.legal_actions()))


def typed_row(app: Play):
    """The row of the typed action: the text box, Do it, Hint."""
    return next(w for w in app._game.children if getattr(w, "children", None) and app._typed in w.children)


def button_words(app: Play) -> dict:
    """{action: its row's title and its button's label} as the app shows them (the label alone in the row 'Or')."""
    out = {}
    for row in app._actions.children:
        kids = getattr(row, "children", ())
        if not kids or not hasattr(kids[0], "value"):
            continue
        head = text(kids[0].value).strip()
        for b in kids[1:]:
            if hasattr(b, "action"):
                out[b.action] = b.description if head == "Or" else f"{head}: {b.description}"
    return out


# -- hints in the words of the buttons ---------------------------------------------------------------------------

@pytest.mark.parametrize("rules", RULESETS, ids=["base", "messenger", "offices", "both"])
def test_every_action_is_named_as_its_button_names_it_and_so_is_every_hint(rules):
    """The issue: a hint named "play Ingolstadt at the left end" where the only button was "Ingolstadt ▶"."""
    app = Play(("Ann", "Ben", "Cid"), seed=1, rules=rules, autosave=False)
    checked = merged = hinted = 0
    for seed in (1, 2):
        for s in positions(rules, seed):
            app._state = s
            app._revealed = s.to_move          # the player to move sits at the screen (no pass step)
            legal = s.legal_actions()
            app._show_actions(s, legal)
            shown = button_words(app)
            for a in legal:
                said = words.words(s, a)
                if a in shown:
                    assert said == shown[a], (str(a), said, shown[a])
                    checked += 1
                elif a.kind == "play" and a.end == "left":      # one button for both ends of a one-card route
                    right = thurn.Play(a.city, "right")
                    assert said == shown[right], (str(a), said)
                    merged += 1
            for h in hint(s, n=len(legal)):
                if h.action in shown or h.action.kind == "play":
                    assert h.words == words.words(s, h.action)
                    assert str(h).startswith(f"{h.words} (")
                    hinted += 1
    assert checked > 50 and hinted > 50
    app.close()


def test_a_left_end_of_a_one_card_route_is_named_by_the_right_end_s_button():
    s = thurn.new_game(["Ann", "Ben"], seed=4)
    rng = random.Random(4)
    while not (len(s.player().route) == 1 and any(a.kind == "play" and a.end == "left" for a in s.legal_actions())):
        s = s.apply(rng.choice(s.legal_actions()))
    a = next(a for a in s.legal_actions() if a.kind == "play" and a.end == "left")
    assert words.label(s, a) == f"{a.city} ▶" and words.title(s, a).startswith("Add to your route")


def test_the_return_picker_s_confirm_button_and_a_return_hint_say_the_same_words():
    """Offices of Honor's returns have a picker, not a button each: its confirm button says the return's words."""
    s = thurn.new_game(["Ann", "Ben", "Cid"], seed=3, rules=BOTH)
    rng = random.Random(3)
    while not (s.step == "return" and any(a.offices for a in s.legal_actions())):
        s = s.apply(rng.choice(s.legal_actions()))
    app = Play.from_state(s, autosave=False)
    a = next(a for a in s.legal_actions() if a.offices)
    for toggle in app.return_toggles:
        toggle.value = toggle.office in {thurn.actions.official_key(o) for o in a.offices}
    i = app._return_choices.index(a)
    app.return_reward.value = i
    assert app.return_button.description == words.label(s, a)
    assert words.words(s, a) == f"Return tiles: {words.label(s, a)}" and words.label(s, a).startswith("return ")
    app.close()


def test_articles():
    assert words.article("Administrator") == "an Administrator" and words.article("Postmaster") == "a Postmaster"


# -- the typed action, the seat, the start, undo ------------------------------------------------------------------

def test_a_typed_action_sent_as_the_box_loses_focus_then_do_it_plays_it_once_without_complaint():
    """In the browser, clicking Do it first sends the text (the box loses focus: continuous_update=False), which
    plays it; the click then found the box empty and said "Type an action first"."""
    app = Play(("Ann", "Ben"), seed=5, autosave=False)
    do_it = next(w for w in typed_row(app).children if getattr(w, "description", "") == "Do it")
    app._typed.value = "draw deck"          # what the browser sends as the box loses focus
    do_it.click()                           # then the click
    assert len(app.state.history) == 1 and app.messages.kind != "error", app.message
    assert "Type an action first" not in app.message and "draws" in app.message
    do_it.click()                           # a later click on an empty box still asks for an action
    assert "Type an action first" in app.message
    app.close()


def test_the_human_seat_shows_its_choice_and_means_a_human():
    panel = NewGamePanel(seed=1)
    first = panel.kinds[0]
    assert first.index == 0 and first.label == "Human"
    first.value = "club"
    first.index = 0                         # chosen again in the browser: still shown
    assert first.label == "Human" and first.index == 0
    assert panel.settings()["seats"][panel.names[0].value] is None
    panel.close()


def test_start_says_starting_at_once_and_the_opening_message_goes_once_the_game_moves():
    app = GameApp(autosave=False, seed=3)
    said = []
    show = app.messages.show
    app.messages.show = lambda t, kind="info": (said.append(t), show(t, kind))
    app._start_clicked(app.panel.settings())
    assert said[0].startswith("Starting the game") and "begins" in said[-1]
    assert "begins" in app.messages.text
    app.game.do("draw deck")
    assert app.messages.text == ""
    app.close()


def test_the_warm_up_runs_once_in_the_background():
    from thurn.widgets import app as appmod

    first = appmod.warm_up()
    assert appmod.warm_up() is first
    first.join(60)
    assert not first.is_alive()


def test_the_fair_undo_slider_says_truthfully_that_nothing_can_be_undone():
    app = Play(("Ann", "Ben"), seed=7, autosave=False, undo="fair")
    slider = app._undo_slider
    assert slider.disabled and slider.value == slider.max == 0
    app.do("draw deck")                      # a card from the deck: no going back before it
    assert slider.disabled and slider.value == slider.max == 1 and slider.min == 0    # at the right, reading 1
    assert "nothing to undo" in app._undo_text.value
    app.do("draw deck")
    app2 = Play(("Ann", "Ben"), seed=7, autosave=False, undo="teaching")
    app2.do("draw deck")
    assert not app2._undo_slider.disabled and app2._undo_slider.min == 0 and app2._undo_slider.value == 1
    app.close()
    app2.close()


# -- the words of the tables, the log, the status line, the officials ----------------------------------------------

def finished(rules=BOTH, seed=2, n=2):
    s = thurn.new_game(["Ann", "Ben", "Cid"][:n], seed=seed, rules=rules)
    bots = [make_bot("greedy", seed=seed + i) for i in range(n)]
    while not s.is_over:
        s = s.apply(bots[s.to_move].choose(s))
    return s


def test_carriage_means_the_carriage_and_its_points_are_carriage_points():
    s = finished()
    heads = re.findall(r"<th>([^<]*)</th>", final_table_html(s))
    assert "carriage points" in heads and "carriage" not in heads
    app = Play.from_state(s, autosave=False)
    assert "carriage points +" in app._table.value        # the score's parts, on hover
    app.close()


def test_the_log_says_an_administrator_and_no_rule_note_codes():
    lines = [line for seed in range(4) for line in finished(seed=seed, n=3).log()]
    assert not [line for line in lines if re.search(r"\(R\d+\)|\ba [AEIOU]", line)]
    assert any("takes no carriage, so takes the Princess' Messenger" in line for line in lines)
    assert any("takes an Administrator tile" in line for line in lines)


def test_option_b_on_a_province_with_one_city_on_the_route():
    labels = {frozenset(o.cities): o.options for o in placement_options("base", ["Ulm", "Augsburg", "Ingolstadt"])}
    assert labels[frozenset({"Ulm"})] == ("option B: Württemberg's one city on the route",)
    assert labels[frozenset({"Augsburg", "Ingolstadt"})] == ("option B: every city of Baiern",)
    owned = {frozenset(o.cities): o.options
             for o in placement_options("base", ["Ulm", "Augsburg", "Ingolstadt"], owned=["Ingolstadt"])}
    assert owned[frozenset({"Augsburg"})] == ("option B: Baiern's one city not yet yours",)


def test_the_administrator_s_words_follow_the_ruleset():
    base = Play(("Ann", "Ben"), seed=1, autosave=False)
    both = Play(("Ann", "Ben"), seed=1, rules=BOTH, autosave=False)
    assert "after drawing one or two cards" in text(both._officials.value)
    assert "after drawing" not in text(base._officials.value)
    base.close()
    both.close()


def test_the_score_chart_ends_at_the_last_round_and_its_titles_stay_apart():
    s = finished(seed=0, n=3)
    rows = score_rounds(s)
    assert max(r["round"] for r in rows) == s.round_number
    fig = score_rounds_chart(s)
    assert tuple(fig.layout.xaxis.range) == (0, s.round_number)
    assert fig.layout.yaxis.title.text == "score"
    base = finished(rules=None, seed=1)
    assert max(r["round"] for r in score_rounds(base)) == base.round_number
