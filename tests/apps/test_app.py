"""The game app (``make play``), in-process: the New game panel, the bots' turns one action at a time, the game-over
screen, the download link, an upload or a new game that never replaces a game in progress unasked, fair undo, and
the layout fixes of the game (one button for a one-card route's two ends, the discard said on the button).

``button.click()`` runs the handlers a click in the page runs; bots step with ``pace="step"`` (Next) or ``pace=0``
(no pause), so nothing sleeps.
"""
from __future__ import annotations

import base64
import datetime
import json
import re

import pytest

import thurn
from thurn import GameState
from thurn.actions import Play as PlayCard
from thurn.bots import RandomBot
from thurn.bots.greedy import GreedyBot
from thurn.viz.charts import score_rounds, score_rounds_chart
from thurn.widgets import GameApp, Play
from thurn.widgets.newgame import NAME_MAX, NewGamePanel


def app_with(tmp_path, seats=(("Ann", None), ("Bob", "club")), pace="step", undo="fair", seed=11, **kw):
    app = GameApp(autosave=tmp_path / "play.thurn-autosave.json", seed=seed)
    p = app.panel
    p.count.value = len(seats)
    for i, (name, kind) in enumerate(seats):
        p.names[i].value = name
        p.kinds[i].value = kind
    p.pace.value = pace
    p.undo.value = undo
    for key, value in kw.items():
        (p.expansions.get(key) or p.options[key]).value = value
    p.start.click()
    return app


def human_move(game: Play) -> None:
    """The first legal action of the human to move, by its button (or typed, for a picker); a bot to move takes
    its next action."""
    if game.bots_pending:
        assert game.step_bot()
        return
    buttons = game.action_buttons
    if buttons:
        buttons[0].click()
    else:
        assert game.do(game.state.legal_actions()[0])


# -- the New game panel --------------------------------------------------------------------------------------------

def test_the_panel_reads_seats_rules_expansions_and_a_random_seed():
    a, b = NewGamePanel(), NewGamePanel()
    assert a.seed.value.isdigit() and (a.seed.value != b.seed.value or NewGamePanel().seed.value != a.seed.value)
    p = NewGamePanel(seed=42)
    p.count.value = 3
    p.names[2].value = "  Cid   the  Third "
    p.kinds[2].value = "expert"
    p.options["optional_houses"].value = True
    p.expansions["offices"].value = True
    got = p.settings()
    assert got["players"] == ["Ann", "Club", "Cid the Third"]
    assert got["seats"] == {"Ann": None, "Club": "club", "Cid the Third": "expert"}
    assert got["rules"] == {"optional_houses": True, "expansions": ["offices"]}
    assert got["seed"] == 42 and got["pace"] == "step" and got["undo"] == "fair"
    assert [r.layout.display for r in p._rows] == ["flex", "flex", "flex", "none"]
    p.names[0].value = "x" * 100
    assert p.settings()["players"][0] == "x" * NAME_MAX


@pytest.mark.parametrize("change, words", [
    (lambda p: setattr(p.names[1], "value", "  "), "seat 2 has no name"),
    (lambda p: setattr(p.names[1], "value", "ann"), "the same name"),
    (lambda p: setattr(p.seed, "value", "12a"), "the seed is a whole number"),
])
def test_the_panel_says_what_is_wrong_and_starts_nothing(change, words):
    p = NewGamePanel(seed=1)
    started = []
    p.on_start(started.append)
    change(p)
    with pytest.raises(thurn.ThurnError, match=words):
        p.settings()
    p.start.click()
    assert started == [] and words in p.message.value


def test_starting_a_game_from_the_panel(tmp_path):
    app = app_with(tmp_path, seats=(("Ann", None), ("<b>Bob</b>", "beginner"), ("Cy", "expert")), seed=7,
                   messenger=True, optional_houses=True)
    game = app.game
    assert isinstance(game, Play) and not app.panel_shown
    s = game.state
    assert s.names == ("Ann", "<b>Bob</b>", "Cy")
    assert s.rules.expansions == ("messenger",) and s.rules.optional_houses
    assert s == thurn.new_game(["Ann", "<b>Bob</b>", "Cy"], seed=7,
                               rules={"optional_houses": True, "expansions": ["messenger"]})
    assert set(game.bots) == {"<b>Bob</b>", "Cy"} and game.pace == "step" and game.undo_mode == "fair"
    assert "<b>Bob</b>" not in app._title.value and "&lt;b&gt;Bob&lt;/b&gt;" in app._title.value
    assert "Expert bot" in app._title.value and "The Princess&#x27; Messenger" in app._title.value
    assert "seed" not in app._title.value           # a fair game: the seed is a key to the deck (issue 33)
    assert "<b>Bob</b>" not in game._table.value
    app.close()


# -- the bots' turns in view ---------------------------------------------------------------------------------------

def test_a_bots_turn_is_shown_one_action_at_a_time(tmp_path):
    app = app_with(tmp_path)
    game = app.game
    while not game.bots_pending:
        human_move(game)
    assert game.action_buttons == []                       # the human waits: only Next and "play them all"
    assert game.next_button.description == "Next: Bob's action"
    assert not game.do("draw deck") and "Next" in game.message
    steps = 0
    while game.bots_pending:
        before, title = game.state, game.map.layout.title.text
        game.next_button.click()
        steps += 1
        after = game.state
        assert len(after.history) == len(before.history) + 1      # one action per click
        said = after.log()[len(before.log()):]
        assert said and game.message.startswith(" ".join(said))   # the log's words, not "see the log"
        assert "see the log" not in game.message
        assert game.map.layout.title.text != title
    assert steps >= 2 and game.message.endswith("Ann's turn.")
    assert game.action_buttons


def test_a_pace_plays_the_bots_after_a_human_action_and_the_route_is_drawn():
    game = Play(("Ann", "Bob"), bots={"Bob": RandomBot(seed=2)}, seed=3, autosave=False, pace=0.001)
    seen = []
    game.on_change(lambda g: seen.append(len(g.state.history)))
    while game.state.turn_number < 4:
        human_move(game)
    assert game.state.to_move_name == "Ann" and not game.bots_pending
    assert seen == sorted(seen) and len(set(seen)) == len(seen)     # every bot action shown on its own
    at_once = Play(("Ann", "Bob"), bots={"Bob": RandomBot(seed=2)}, seed=3, autosave=False, pace=0)
    updates = []
    at_once.on_change(lambda g: updates.append(len(g.state.history)))
    while at_once.state.turn_number < 2:
        human_move(at_once)
    assert at_once.state.turn_number == 2 and updates[-1] - updates[-2] > 1    # the bot's turn in one update
    assert re.match(r"Ann .* Then: Bob .*Ann's turn\.$", at_once.message), at_once.message
    with pytest.raises(ValueError, match="pace"):
        Play(seed=1, autosave=False, pace="fast")


def test_a_game_between_bots_plays_to_the_game_over_screen(tmp_path):
    app = app_with(tmp_path, seats=(("Rea", "beginner"), ("Gus", "club")), pace=None, seed=3)
    game = app.game
    assert game.pace == 0.0 and game.bots_pending and not app.game_over
    game.play_bots()
    assert game.state.is_over and app.game_over
    heading, chart, buttons, review_box = app._over.children
    s = game.state
    assert f"{s.winner()} wins" in heading.value
    for name, total in zip(s.names, s.returns()):
        assert name in heading.value and f"<td>{total}</td>" in heading.value
    assert heading.value.count("<tr") == 1 + len(s.names)       # one header row, then a row per player
    assert [t.name for t in chart.data] == list(s.names)
    assert [t.y[-1] for t in chart.data] == s.returns()
    new, review = buttons.children
    assert new.description == "New game" and review.description == "Review this game"
    new.click()
    assert app.panel_shown
    app.close()


def test_scores_per_round_come_from_the_engine():
    bot = RandomBot(seed=4)
    s = thurn.new_game(["Ann", "Ben", "Cy"], seed=4)
    for _ in range(40):
        s = s.apply(bot.choose(s))
    rows = score_rounds(s)
    assert [r["score"] for r in rows if r["round"] == 0] == [-20, -20, -20]
    last = max(r["round"] for r in rows)
    assert [r["score"] for r in rows if r["round"] == last] == s.returns()
    rounds = sorted({r["round"] for r in rows})
    assert rounds == list(range(last + 1))
    for k in rounds[1:-1]:         # a finished round: the position where every player has taken k turns
        at = s.root
        for a in s.history:
            at = at.apply(a)
            if min(at.turns_taken(i) for i in range(3)) == k:
                break
        assert [r["score"] for r in rows if r["round"] == k] == at.returns()
    fig = score_rounds_chart(s)
    assert len(fig.data) == 3


def test_the_game_over_chart_wraps_its_score_formula_in_every_ruleset():
    """The game-over chart's small line names how a score is made; The Audience's (100 characters) was cut at the
    chart's edge ("... the clergymen on the audien"): every line now holds at most FORMULA_CHARS characters, the
    whole formula is there, and the top margin grows with the lines (every ruleset of the registry)."""
    import html as html_

    from thurn.parts import score_formula
    from thurn.variants import REGISTRY
    from thurn.viz.charts import FORMULA_CHARS

    from tests.support.helpers import board_for

    for name, variant in REGISTRY.items():
        if not variant.__module__.startswith("thurn.expansions"):
            continue
        s = thurn.new_game(["Ann"] if variant.alone else ["Ann", "Ben"], seed=1,
                           rules={"expansions": [name], "board": board_for([name])})
        fig = score_rounds_chart(s)
        small = re.search(r"<sup>(.*)</sup>", fig.layout.title.text).group(1).split("<br>")
        assert all(len(html_.unescape(line)) <= FORMULA_CHARS for line in small), (name, small)
        formula = " ".join(html_.unescape(line) for line in small)
        assert formula.startswith("score: ") and score_formula(s, "")[-12:] in formula, (name, formula)
        assert fig.layout.margin.t == 70 + 14 * (len(small) - 1), name


# -- no silent loss --------------------------------------------------------------------------------------------------

def test_a_new_game_over_one_in_progress_asks_first_and_keeps_the_old_one(tmp_path):
    app = app_with(tmp_path)
    old = app.game
    human_move(old)
    old_state = old.state
    app._open.click()
    assert app.panel_shown
    app.panel.start.click()
    assert app.game is old and app._confirm.layout.display == "flex"
    assert "A game is in progress" in app._confirm_text.value and "play.thurn-autosave.json" in app._confirm_text.value
    app._declined()
    assert app.game is old and old.state is old_state and not app.panel_shown
    app.panel.start.click()
    app._confirmed()
    assert app.game is not old and app.game.state.history == []
    saved = json.loads((tmp_path / "play.thurn-autosave.json").read_text())
    assert saved["actions"] == [a.notation for a in old_state.history]       # the old game stays saved
    assert saved["meta"]["seats"] == {"Ann": None, "Bob": "club"}


def test_the_app_resumes_the_autosaved_game_with_its_bots(tmp_path):
    app = app_with(tmp_path)
    for _ in range(3):
        human_move(app.game)
    state = app.game.state
    app.close()
    again = GameApp(autosave=tmp_path / "play.thurn-autosave.json")
    assert again._resume.layout.display == "flex" and again.game is None
    again._resume.children[1].click()
    assert again.game.state == state and set(again.game.bots) == {"Bob"}
    assert type(again.game.bots["Bob"]).__name__ == "GreedyBot"


def test_starting_a_new_route_says_which_route_is_discarded():
    """A route in progress is discarded by a new one: the button says so (no silent loss)."""
    bot = RandomBot(seed=2)
    s = thurn.new_game(["Ann", "Ben"], seed=7)
    while not (s.step == "play" and len(s.player().route) >= 2
               and any(isinstance(a, PlayCard) and a.end == "new" for a in s.legal_actions())):
        s = s.apply(bot.choose(s))
    game = Play.from_state(s, autosave=False)
    route = "–".join(s.player().route)
    news = [b for b in game.action_buttons if isinstance(b.action, PlayCard) and b.action.end == "new"]
    assert news and all(b.description == f"discard {route}, start with {b.action.city}" for b in news)
    assert "Start a new route (yours is discarded)" in " ".join(w.value for w in _htmls(game._actions))


def test_one_button_for_a_one_card_routes_two_ends():
    bot = RandomBot(seed=3)
    s = thurn.new_game(["Ann", "Ben"], seed=7)

    def both(s):
        plays = [a for a in s.legal_actions() if isinstance(a, PlayCard)]
        return {a.city for a in plays if a.end == "left"} & {a.city for a in plays if a.end == "right"}

    while not (len(s.player().route) == 1 and both(s)):
        s = s.apply(bot.choose(s))
    route = s.player().route[0]
    both = both(s)
    game = Play.from_state(s, autosave=False)
    shown = [b.action for b in game.action_buttons if isinstance(b.action, PlayCard) and b.action.end != "new"]
    assert both and {a.city for a in shown} >= both
    assert len(shown) == len({a.city for a in shown})
    assert f"Add to your route (beside {route})" in str([c.value for c in _htmls(game._actions)])
    assert game.do(f"play {sorted(both)[0]} left")           # typed, the other end still plays


def _htmls(box):
    for w in box.children:
        if hasattr(w, "children"):
            yield from _htmls(w)
        elif hasattr(w, "value") and isinstance(w.value, str):
            yield w


# -- download and upload -------------------------------------------------------------------------------------------

def _downloaded(game: Play) -> str:
    """The learner clicks "Download the game" (and, in a fair game, "Download it"): the link made for the click."""
    game.download_button.click()
    if game.download_pending:
        game._download_confirm.children[1].children[0].click()
    return game._download.value


def test_the_download_is_made_on_a_click_and_holds_the_game(tmp_path):
    """Issue 33: the page holds no save until the learner asks for it; in a fair game he is told first that the
    file holds the whole game, and confirms."""
    app = app_with(tmp_path)
    game = app.game
    for _ in range(3):
        human_move(game)
    assert game._download.value == "" and "data:" not in game._download.value
    game.download_button.click()                                # a fair game: asked first, nothing made yet
    assert game.download_pending and game._download.value == ""
    assert "holds the whole game" in game._download_text.value and "deck" in game._download_text.value
    game._download_confirm.children[1].children[1].click()      # Cancel
    assert not game.download_pending and game._download.value == ""
    link = _downloaded(game)
    m = re.search(r"download='(thurn-[0-9a-f]{12}\.json)' href='data:application/json;base64,([A-Za-z0-9+/=]+)'",
                  link)
    assert m and m.group(1) == game.download_name
    loaded = GameState.from_json(base64.b64decode(m.group(2)).decode("utf-8"))
    assert loaded == game.state
    human_move(game)
    assert game._download.value == ""                          # gone with the next change


def test_teaching_mode_downloads_without_asking(tmp_path):
    app = app_with(tmp_path, undo="teaching")
    game = app.game
    human_move(game)
    game.download_button.click()
    assert not game.download_pending and "data:application/json;base64," in game._download.value


def test_the_seed_shows_when_a_fair_game_is_over_and_in_teaching_mode(tmp_path):
    """Issue 33: with the open engine the seed gives back the deck's order and the bots' secrets: a fair game
    shows it once over (the New game panel holds another by then); teaching mode shows it."""
    app = app_with(tmp_path, seed=7)
    assert "seed" not in app._title.value and "seed" not in app.messages.text
    assert app.panel.seed.value != "7"
    for _ in range(2000):
        if app.game.state.is_over:
            break
        human_move(app.game)
    assert app.game.state.is_over and "seed 7 · " in app._title.value
    app.close()
    app = app_with(tmp_path, seed=7, undo="teaching")
    assert "seed 7 · " in app._title.value and app.panel.seed.value != "7"   # the next game deals new cards
    app.close()


def test_an_upload_over_a_game_in_progress_asks_first(tmp_path):
    other = thurn.replay(thurn.new_game(["Ann", "Bob"], seed=5), ["draw deck"])
    game = Play(("Ann", "Bob"), seed=9, autosave=tmp_path / "a.json", app_mode=True)
    human_move(game)
    mine = game.state
    game._upload.value = ({"name": "<i>x</i>.json", "content": other.to_json().encode(), "type": "",
                           "size": 1, "last_modified": datetime.datetime.now(datetime.timezone.utc)},)
    assert game.upload_pending and game.state is mine
    assert "<i>" not in game._confirm_text.value and "&lt;i&gt;" in game._confirm_text.value
    game.cancel_upload()
    assert not game.upload_pending and game.state is mine
    game._pending_upload = ("x.json", other.to_json().encode())
    assert game.confirm_upload() and game.state == other
    assert game.message.startswith("Loaded x.json")


def test_app_mode_has_no_python_hints_and_no_server_paths():
    game = Play(("Ann", "Bob"), seed=9, autosave=False, app_mode=True)
    texts = " ".join(w.value for w in _htmls(game) if isinstance(w.value, str))
    assert "app.state" not in texts and "app." not in game.message
    placeholders = [getattr(w, "placeholder", "") for w in _walk(game)]
    assert "path of a saved game" not in placeholders
    assert "path of a saved game" in [getattr(w, "placeholder", "") for w in _walk(Play(seed=9, autosave=False))]


def _walk(w):
    yield w
    for c in getattr(w, "children", ()):
        yield from _walk(c)


# -- fair undo -------------------------------------------------------------------------------------------------------

def test_fair_undo_never_goes_back_before_a_card_from_the_deck():
    game = Play(("Ann", "Ben"), seed=7, autosave=False, undo="fair")
    game.do("draw munchen")                    # the display is refilled from the deck: a card revealed
    assert game.undo_floor == 1
    game.do("draw deck")
    seen = game.state.player().hand
    assert game.undo_floor == 2
    before = game.state
    game.back_to(1)                            # to draw again and see what the display would have been
    assert game.state is before and "Not in a fair game" in game.message
    assert game.state.player().hand == seen
    assert game._undo_slider.disabled and game._undo_slider.value == 2     # nothing left to undo
    teach = Play(("Ann", "Ben"), seed=7, autosave=False, undo="teaching")
    teach.do("draw munchen")
    teach.do("draw deck")
    teach.back_to(0)
    assert teach.state.history == [] and teach.undo_floor == 0
    with pytest.raises(ValueError, match="teaching"):
        Play(seed=1, autosave=False, undo="sometimes")


def test_fair_undo_cannot_take_back_a_bots_action():
    game = Play(("Ann", "Bob"), bots={"Bob": RandomBot(seed=1)}, seed=7, autosave=False, undo="fair", pace="step")
    while not game.bots_pending:
        human_move(game)
    game.step_bot()
    n = len(game.state.history)
    assert game.undo_floor == n
    state = game.state
    game.back_to(n - 1)
    assert game.state is state


def test_fair_undo_within_a_turn():
    s = thurn.new_game(["Ann", "Ben"], seed=7)
    for a in ["draw munchen", "draw deck"]:
        s = s.apply(s.ruleset.parse(a))
    game = Play.from_state(s, autosave=False, undo="fair")
    game.do("play munchen new")
    assert game.undo_floor == 2 < len(game.state.history)
    game.back_to(2)
    assert game.state.history == s.history


# -- widgets and names -------------------------------------------------------------------------------------------------

def test_the_app_keeps_no_widget_it_does_not_show_and_close_frees_them_all(tmp_path):
    from thurn.widgets.common import live_widgets
    from tests.apps.test_leaks import reachable

    before = live_widgets()
    app = app_with(tmp_path)
    for _ in range(30):
        human_move(app.game)
    assert live_widgets() - before == reachable(app)
    for _ in range(2):                          # new games over the one in progress, then a game to its end
        app.panel.start.click()
        app._confirmed()
        human_move(app.game)
    app.panel.kinds[0].value = "club"
    app.panel.start.click()
    app._confirmed()
    app.game.play_bots(pause=0)
    assert app.game_over
    assert live_widgets() - before == reachable(app)
    app.close()
    assert live_widgets() == before


def test_names_are_escaped_on_the_game_over_screen(tmp_path):
    evil = "<i onclick=x>A</i>"
    app = app_with(tmp_path, seats=((evil, "club"), ("Bo&b", "club")), pace=None, seed=2)
    app.game.play_bots()
    heading = app._over.children[0].value
    assert evil not in heading and "&lt;i onclick=x&gt;A&lt;/i&gt;" in heading and "Bo&amp;b" in heading
    assert all(evil not in t.name for t in app._over.children[1].data)
    assert evil not in app._title.value and evil not in app.game._status.value


def test_a_downloaded_game_opens_again_from_the_panel(tmp_path):
    app = app_with(tmp_path)
    for _ in range(4):
        human_move(app.game)
    data = base64.b64decode(re.search(r"base64,([A-Za-z0-9+/=]+)'", _downloaded(app.game)).group(1))
    state = app.game.state
    fresh = GameApp(autosave=tmp_path / "other.json")
    fresh.panel.names[1].value = "Bob"                   # the panel's seats name Bob a Club bot
    fresh._upload.value = ({"name": "game.json", "content": data, "type": "", "size": len(data),
                            "last_modified": datetime.datetime.now(datetime.timezone.utc)},)
    assert fresh.game.state == state and set(fresh.game.bots) == {"Bob"}
    assert fresh.messages.text.startswith("Opened game.json")
    human_move(fresh.game)
    assert fresh.open_saved(data, "again.json") is None and fresh._confirm.layout.display == "flex"
    assert fresh.game.state != state
    fresh._confirmed()
    assert fresh.game.state == state
    assert fresh.open_saved(b"{not json", "bad.json") is None and "Could not load bad.json" in fresh.messages.text


def test_many_bot_actions_at_once_are_counted_not_listed(tmp_path):
    app = app_with(tmp_path, seats=(("Rea", "club"), ("Gus", "club")), pace=None, seed=5)
    app.game.play_bots()
    n = len(app.game.state.history)
    assert app.game.message == f"The bots took {n} actions (all of them in the log). The game is over: " \
                               f"{app.game.state.winner()} wins."


def test_review_this_game_reviews_the_human_and_changes_nothing(tmp_path):
    """The game-over screen's Review button opens the game review (issue 14) for the human seat; the game is untouched."""
    from thurn.widgets.review import GameReview
    app = app_with(tmp_path, seats=(("Gus", "beginner"), ("Ann", None)), pace=None, seed=5)
    game, ann = app.game, GreedyBot(1)
    while not game.state.is_over:                               # Ann plays as the greedy bot would (a short game)
        assert game.do(ann.choose(game.state)) if not game.bots_pending else game.step_bot()
    assert app.game_over
    before = game.state
    history = [a.notation for a in before.history]
    view = app.review(bot={"iterations": 4}, samples=1)
    assert isinstance(view, GameReview) and app._review_box.children == (view,)
    assert view.player_picker.value == 1                        # Ann, the human, not seat 0
    assert game.state is before and [a.notation for a in game.state.history] == history
    again = app.review(bot={"iterations": 4}, samples=1)        # a second click replaces (and closes) the first
    assert app._review_box.children == (again,) and view.comm is None
    app.close()
    assert again.comm is None


def test_the_review_button_opens_the_review(tmp_path, monkeypatch):
    """The button itself calls :meth:`GameApp.review` (with the review's default budget). (Greedy bots: a game of
    random bots lasts hundreds of turns, 13 s of the fast lane for the same check.)"""
    app = app_with(tmp_path, seats=(("Rea", "club"), ("Gus", "club")), pace=None, seed=3)
    app.game.play_bots()
    seen = []
    monkeypatch.setattr(type(app), "review", lambda self, **o: seen.append(o))
    _, _, buttons, _ = app._over.children
    buttons.children[1].click()
    assert seen == [{}]
    app.close()
