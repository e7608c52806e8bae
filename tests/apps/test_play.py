"""The Play app, in-process (no browser): ``button.click()`` runs the same handlers a click in the page runs.

Checked: the buttons shown are exactly the legal actions at every step of games clicked through (one to the
end); a click changes the state, the log and the map; an illegal or unreadable typed action is explained and
changes nothing; undo equals replaying; save/load and autosave round-trip; resume after a restart; bad files
give clear errors; bots move after the human.
"""
from __future__ import annotations

import html

import datetime
import json
import random
from collections import Counter

import ipywidgets as widgets
import pytest

import thurn
from thurn import GameState, IllegalAction, Keep
from thurn.bots import RandomBot
from thurn.widgets import Play
from thurn.widgets.play import AUTOSAVE_NAME, KEEP_BUTTONS_MAX


# -- helpers ---------------------------------------------------------------------------------------------------------

def shown(app) -> Counter:
    return Counter(b.action.notation for b in app.action_buttons)


def legal(state) -> Counter:
    """The legal actions as buttons show them: with a one-card route a card that fits both ends has one button (the
    right end's), since both ends are the same place."""
    acts = state.legal_actions()
    route = state.player().route
    right = {a.city for a in acts if getattr(a, "end", None) == "right"}
    if len(route) == 1:
        acts = [a for a in acts if not (getattr(a, "end", None) == "left" and a.city in right)]
    return Counter(a.notation for a in acts)


def check_buttons(app) -> None:
    """The buttons are exactly the legal actions (the keep step with many choices shows a card picker), once the
    hotseat's next human has clicked "Pass to …: show my hand" (before that, no action button)."""
    if app.pass_pending:
        assert not app.action_buttons and app.pass_button is not None
        app.pass_button.click()
    acts = [a for a in app.state.legal_actions() if a.notation in legal(app.state)]
    if app.state.step == "keep" and len(acts) > KEEP_BUTTONS_MAX:
        assert not app.action_buttons
        assert Counter(t.description for t in app.keep_toggles) == Counter(app.state.player().hand)
    else:
        assert shown(app) == legal(app.state)
        assert len(app.action_buttons) == len(acts)


def route_trace(app):
    name = f"route · {app.state.to_move_name}"
    return [t for t in app.map.data if t.name == name]


def autosaved(path) -> GameState:
    """The game in an autosave file (its "meta", the game's identity, set aside)."""
    d = json.loads(path.read_text())
    assert d.pop("meta")["app"] == "thurn Play"
    return GameState.from_json(d)


def walk(widget):
    yield widget
    for child in getattr(widget, "children", ()):
        yield from walk(child)


def classes(app) -> Counter:
    return Counter(c for w in walk(app) for c in getattr(w, "_dom_classes", ()))


def click_through(app, clicks: int, rng: random.Random) -> int:
    """Click a random legal-action button ``clicks`` times, checking buttons, state, log and map each time."""
    done = 0
    for _ in range(clicks):
        if app.state.is_over:
            break
        check_buttons(app)
        buttons = app.action_buttons
        if not buttons:                               # keep step with many choices: pick 3 cards
            for t in rng.sample(app.keep_toggles, 3):
                t.value = True
            before = app.state
            app.keep_button.click()
        else:
            scores = [b for b in buttons if b.action.kind == "score"]
            for b in scores:
                assert "option" in b.description or "already has your house" in b.description, b.description
            b = rng.choice(scores or buttons)         # score when possible: the game moves on
            before, title, log = app.state, app.map.layout.title.text, app._log.value
            b.click()
            assert app.map.layout.title.text != title
            assert app._log.value != log
            assert app.state.history[:len(before.history) + 1] == before.history + [b.action]
        assert app.state is not before and not app.state.same_position(before)
        if not app.state.is_over:
            assert [list(t.customdata) for t in route_trace(app)] in ([], [list(app.state.route())])
        done += 1
    return done


# -- the buttons are the legal actions -----------------------------------------------------------------------------

def test_buttons_are_the_legal_actions_through_many_turns():
    app = Play(["Ann", "Ben", "Cat"], seed=5, autosave=False)
    assert click_through(app, 150, random.Random(1)) == 150
    assert app.state.turn_number > 20
    check_buttons(app)


def test_a_game_clicked_to_the_end_shows_the_final_scores():
    """The last 60 actions of a recorded game, clicked one button at a time, until the final scores."""
    bot = RandomBot(seed=3)
    s = thurn.new_game(["Ann", "Ben"], seed=3)
    while not s.is_over:
        s = s.apply(bot.choose(s))
    app = Play.from_state(thurn.replay(s.root, s.history[:-60]), autosave=False)
    for action in s.history[-60:]:
        check_buttons(app)
        title = app.map.layout.title.text
        if action.kind == "keep" and not app.action_buttons:
            for t in app.keep_toggles:
                t.value = False
            for card in Counter(action.cards).elements():
                next(t for t in app.keep_toggles if t.description == card and not t.value).value = True
            app.keep_button.click()
        elif action.notation in legal(app.state):
            next(b for b in app.action_buttons if b.action == action).click()
        else:                                 # a one-card route's left end: one button for both ends; typed here
            twin = action.notation.replace(" left", " right")
            assert [b for b in app.action_buttons if b.action.notation == twin]
            assert app.do(action.notation)
        assert app.map.layout.title.text != title
    assert app.state == s
    assert app.state.is_over
    assert app.action_buttons == []
    assert "Game over" in app._status.value and app.state.winner() in app._status.value
    table, chart = app._final.children
    for name, total in zip(app.state.names, app.state.returns()):
        assert name in table.value and f"<td>{total}</td>" in table.value
    assert len(chart.data) >= 3                          # carriage, tiles, unplaced houses
    assert not app.do("draw deck") and "game is over" in app.message


def test_css_classes_for_the_browser_tests():
    app = Play(seed=1, autosave=False)
    found = classes(app)
    for name in ("thurn-play", "thurn-map", "thurn-log", "thurn-message", "thurn-hand"):
        assert found[name] == 1, name
    assert found["thurn-action"] == len(app.state.legal_actions()) == len(app.action_buttons)
    assert "thurn-play" in app._dom_classes
    assert isinstance(app, widgets.VBox)


def test_panels_show_the_state():
    app = Play(["Ann", "Ben"], seed=2006, autosave=False)
    s = app.state
    assert "Ann's hand" in app._hand.value and all(c in app._hand.value for c in s.player().hand)
    assert all(c in app._display.value for c in s.display_cards if c)
    assert s.step_info.does in app._status.value
    assert "Postmaster" in app._officials.value and "helped this turn" in app._officials.value
    for line in s.log():
        assert line.replace("'", "&#x27;") in app._log.value
    assert "Ann" in app._table.value and "Ben" in app._table.value


def test_keep_step_with_few_choices_is_the_same_card_picker():
    """One interface for the keep step whatever the hand (issue 33: 4 cards showed a button per way to keep 3, 6
    cards a card picker): the cards to keep are picked, then kept."""
    s = GameState.from_position({"players": [{"name": "Ann", "hand": ["Ulm", "Ulm", "Basel", "Linz"]}, "Ben"],
                                 "turn": {"step": "keep", "plays": 1}})
    app = Play.from_state(s, autosave=False)
    check_buttons(app)
    assert not app.action_buttons and [t.description for t in app.keep_toggles] == list(s.player().hand)
    for t in app.keep_toggles:
        t.value = t.description != "Linz"
    app.keep_button.click()
    assert app.state.player("Ann").hand == ("Basel", "Ulm", "Ulm")


def test_keep_picker_explains_a_wrong_choice():
    hand = ["Ulm", "Ulm", "Basel", "Linz", "Lodz", "Passau", "Kempten"]
    s = GameState.from_position({"players": [{"name": "Ann", "hand": hand}, "Ben"],
                                 "turn": {"step": "keep", "plays": 1}})
    app = Play.from_state(s, autosave=False)
    assert len(s.legal_actions()) > KEEP_BUTTONS_MAX
    check_buttons(app)
    for t in app.keep_toggles[:2]:
        t.value = True
    app.keep_button.click()
    assert app.state is s
    assert app.message == f"Not allowed: {s.why_illegal(Keep(['Ulm', 'Ulm']))}"
    app.keep_toggles[2].value = True
    app.keep_button.click()
    assert app.state.player("Ann").hand == ("Basel", "Ulm", "Ulm")
    assert app.state.to_move_name == "Ben"


# -- typed actions -------------------------------------------------------------------------------------------------

def test_typed_actions_are_played_or_explained():
    app = Play(["Ann", "Ben"], seed=2006, autosave=False)
    s = app.state
    legal_one = s.legal_actions()[-1]
    app._typed.value = legal_one.notation              # Enter in the text box
    assert app.state.history == [legal_one] and app._typed.value == ""
    s = app.state
    for text in ("play ulm right", "score ulm", "end", "call administrator"):
        why = s.why_illegal(thurn.parse_action(text))
        assert isinstance(why, IllegalAction)
        app._typed.value = text
        assert app.state is s
        assert app.message == f"Not allowed: {why}" and app.messages.kind == "error"
    app._typed.value = "fly to ulm"
    assert app.state is s and "cannot read the action 'fly to ulm'" in app.message
    app._typed.value = "draw nurnburg"
    assert app.state is s and "Nürnberg" in app.message           # the engine suggests the close match
    app._typed.value = ""
    do_it = next(b for b in walk(app) if isinstance(b, widgets.Button) and b.description == "Do it")
    do_it.click()
    assert app.state is s and "Type an action first" in app.message


# -- undo --------------------------------------------------------------------------------------------------------------

def test_undo_equals_replaying_the_first_actions():
    app = Play(["Ann", "Ben"], seed=8, autosave=False)
    click_through(app, 40, random.Random(4))
    full = app.state
    setup, notations = full.root, [a.notation for a in full.history]
    app.back_to(25)
    assert app.state == thurn.replay(setup, notations[:25])
    assert app.state.history == full.history[:25]
    check_buttons(app)
    assert app._undo_slider.max == 25 and app._undo_slider.value == 25
    app._undo_slider.value = 10                          # the slider and "Back to here"
    assert "after 10 of 25 actions" in app._undo_text.value
    back = next(b for b in walk(app) if isinstance(b, widgets.Button) and b.description == "Back to here")
    back.click()
    assert app.state == thurn.replay(setup, notations[:10])
    app.back_to(0)
    assert app.state == full.root and app.state.history == []
    with pytest.raises(ValueError, match="from 0 to 0"):
        app.back_to(3)


# -- save, load, autosave ------------------------------------------------------------------------------------------

def test_save_and_load_round_trip(tmp_path):
    app = Play(["Ann", "Ben"], seed=9, autosave=False)
    click_through(app, 30, random.Random(5))
    path = tmp_path / "game.json"
    app._save_name.value = str(path)
    next(b for b in walk(app) if isinstance(b, widgets.Button) and b.description == "Save").click()
    assert path.exists() and str(path) in app.message
    other = Play(["Ann", "Ben"], seed=1, autosave=False)
    other._load_name.value = str(path)
    next(b for b in walk(other) if isinstance(b, widgets.Button) and b.description == "Load").click()
    assert other.state == app.state and other.state.same_position(app.state)
    assert other.state.to_json() == app.state.to_json()
    check_buttons(other)
    third = Play(["Ann", "Ben"], seed=1, autosave=False)
    third._upload.value = ({"name": "game.json", "type": "application/json", "size": path.stat().st_size,
                            "content": memoryview(path.read_bytes()),
                            "last_modified": datetime.datetime.now(datetime.timezone.utc)},)
    assert third.state == app.state and "game.json" in third.message


@pytest.mark.parametrize("content, expected", [
    ("{not json", "not valid JSON"),
    ('{"format": "thurn-game/1", "setup": {"players": ["Ann", "Ben"]}, "actions": []}', "seed"),
    ('{"format": "thurn-game/1", "setup": {"players": ["Ann", "Ben"], "seed": 1}, "actions": ["play ulm new"]}',
     "cannot be replayed"),
    ("[1, 2]", "JSON object"),
])
def test_a_bad_save_file_is_explained_and_changes_nothing(tmp_path, content, expected):
    app = Play(["Ann", "Ben"], seed=9, autosave=False)
    before = app.state
    path = tmp_path / "bad.json"
    path.write_text(content)
    assert not app.load(path)
    assert app.state is before
    assert app.messages.kind == "error" and expected in app.message and str(path) in app.message


def test_a_missing_or_edited_file(tmp_path):
    app = Play(["Ann", "Ben"], seed=9, autosave=False)
    click_through(app, 10, random.Random(6))
    before = app.state
    assert not app.load(tmp_path / "nowhere.json") and "Could not read" in app.message
    data = json.loads(app.state.to_json())
    data["position"]["players"][0]["houses_left"] = 19
    data["position"]["players"][0]["houses"] = ["Ulm"]
    assert not app.load(json.dumps(data)) and "inconsistent" in app.message
    assert app.state is before


def test_autosave_after_every_action_and_resume(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    app = Play(["Ann", "Ben"], seed=12)
    path = tmp_path / AUTOSAVE_NAME
    assert app.autosave_path == path and not path.exists()
    rng = random.Random(7)
    for _ in range(15):
        click_through(app, 1, rng)
        assert autosaved(path) == app.state
    # a kernel restart: a new app offers the saved game first
    again = Play(["Ann", "Ben"], seed=99)
    assert again.offer_pending and again._game.layout.display == "none"
    rounds = app.state.turns_taken(app.state.turn_owner_name) + 1
    assert again._resume_button.description.startswith(f"Resume the saved game (round {rounds}, ")
    assert not again.do("draw deck") and "resume" in again.message          # nothing overwrites it meanwhile
    assert autosaved(path) == app.state
    again._resume_button.click()
    assert not again.offer_pending and again.state == app.state and again.game_id == app.game_id
    check_buttons(again)
    # or start the new game: the saved one stays, and the new one autosaves beside it
    fresh = Play(["Ann", "Ben"], seed=99)
    fresh._new_button.click()
    assert not fresh.offer_pending and fresh.state.history == [] and "stays in" in fresh.message
    click_through(fresh, 1, rng)
    assert autosaved(path) == app.state
    assert fresh.autosave_path == tmp_path / "play-2.thurn-autosave.json" and "play-2" in fresh.message
    assert autosaved(fresh.autosave_path) == fresh.state


def test_no_offer_for_a_finished_or_corrupt_autosave(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / AUTOSAVE_NAME).write_text("{broken")
    app = Play(seed=1)
    assert not app.offer_pending and "could not be loaded" in app.message and app.messages.kind == "error"
    off = Play(seed=1, autosave=False)
    assert off.autosave_path is None and not off.offer_pending
    custom = tmp_path / "mine.json"
    p = Play(seed=1, autosave=custom)
    p.do(p.state.legal_actions()[0])
    assert autosaved(custom) == p.state


# -- bots ------------------------------------------------------------------------------------------------------------

def test_bots_move_after_the_human():
    app = Play(("You", "Bot"), bots={"Bot": RandomBot(seed=1)}, seed=4, autosave=False)
    rng = random.Random(8)
    turns_seen = 0
    for _ in range(60):
        before = app.state
        click_through(app, 1, rng)
        assert app.state.is_over or app.state.to_move_name == "You"
        if app.state.turn_number > before.turn_number:                # the human ended a turn: the bot played
            turns_seen += 1
            assert app.state.turn_number >= before.turn_number + 2 or app.state.is_over
            assert "Then: " in app.message and "see the log" not in app.message
            assert app.message.rstrip().endswith(("Your turn.", "wins."))
    assert turns_seen >= 5
    assert "(bot)" in app._table.value


def test_undo_in_a_game_against_a_bot():
    app = Play(("You", "Bot"), bots={"Bot": RandomBot(seed=5)}, seed=6, autosave=False)
    click_through(app, 30, random.Random(9))
    history = app.state.history
    human = [k for k in range(len(history)) if thurn.replay(app.state.root, history[:k]).to_move_name == "You"]
    bot = [k for k in range(len(history)) if k not in human]
    app.back_to(human[len(human) // 2])                   # a point where you were to move: exactly that game
    assert app.state.history == history[:human[len(human) // 2]]
    app.back_to(bot[0])                                   # the bot was to move there: it plays again at once
    assert app.state.to_move_name == "You" and app.state.history[:bot[0]] == history[:bot[0]]
    assert len(app.state.history) > bot[0]


def test_a_bot_that_starts_plays_at_once_and_bad_bots_are_refused():
    app = Play(("You", "Bot"), bots={"Bot": RandomBot(seed=2)}, seed=4, start_player=1, autosave=False)
    assert app.state.to_move_name == "You" and app.state.turn_number == 1
    with pytest.raises(thurn.UnknownName, match="Bob"):
        Play(("You", "Bot"), bots={"Bob": RandomBot()}, autosave=False)
    with pytest.raises(TypeError, match="choose"):
        Play(("You", "Bot"), bots={"Bot": object()}, autosave=False)
    with pytest.raises(thurn.ThurnError, match="every player is a bot"):
        Play(("You", "Bot"), bots={"You": RandomBot(), "Bot": RandomBot()}, autosave=False)

    class Cheat:
        name = "cheat"

        def choose(self, state):
            return thurn.EndTurn()

    with pytest.raises(thurn.ThurnError, match="illegal action"):
        Play(("You", "Bot"), bots={"Bot": Cheat()}, seed=4, start_player=1, autosave=False)


def test_repr_is_short_and_says_where_the_game_stands():
    app = Play(("You", "Bot"), bots={"Bot": RandomBot(seed=1)}, seed=4, autosave=False)
    assert repr(app) == "<Play: round 1, You to draw, 0 actions; players You, Bot (Bot: random bot); autosave off>"


def test_hint_lists_the_best_actions_and_draws_the_best_on_the_map():
    """The Hint button: thurn.bots.hint's best few actions (legal, best first, with reasons), the best on the map;
    the next action clears it."""
    from thurn.bots.hint import hint

    app = Play(("Ann", "Bot"), bots={"Bot": RandomBot(seed=1)}, seed=3, autosave=False)
    for _ in range(8):
        app.hint_button.click()
        expected = hint(app.state, n=3)
        assert [h.action for h in app.hints] == [h.action for h in expected]
        assert all(h.action in app.state.legal_actions() for h in app.hints)
        best = app.hints[0]
        assert app.map.layout.title.text.startswith(f"Hint: {html.escape(best.words)}")
        assert html.escape(best.words) in app._hints.value and best.reason.split(":")[0] in app._hints.value
        drawn = {t.name: t for t in app.map.data}
        if best.cities:
            assert "candidates" in drawn
        if best.route:
            assert "suggestion" in drawn
        assert app.do(best.action)
        assert app.hints == [] and app._hints.value == ""
        assert not app.map.layout.title.text.startswith("Hint")
    assert "thurn-hint" in app.hint_button._dom_classes
