"""The other players' cards stay hidden: the log as each player saw it, and the apps' views (base rules, 1: the
deck's cards are drawn face down, the display's face up; 3d: the cards kept stay in hand)."""
from __future__ import annotations

import re

import ipywidgets as widgets
import pytest

from thurn.bots import make_bot
from thurn.errors import ThurnError
from thurn.game_review import action_lines
from thurn.sim import play_game
from thurn.widgets import Play

NAMED_DRAW = re.compile(r"\b(\w+) draws (?!a card)([^.<]+?) from the deck\.")     # (one sentence, one HTML line)
NAMED_KEEP = re.compile(r"\b(\w+) keeps (?!\d+ cards?)")


def _game(seed=2):
    return play_game(["Ann", "Greedy"], [make_bot("greedy", seed=1), make_bot("greedy", seed=2)], seed)


@pytest.fixture(scope="module")
def game():
    return _game()


def _named(lines, who):
    """The sentences that name a card ``who`` drew from the deck or kept in hand."""
    return [t for t in lines if (m := NAMED_DRAW.match(t) or NAMED_KEEP.match(t)) and m.group(1) == who]


# -- the log -----------------------------------------------------------------------------------------------------

def test_the_log_names_only_the_viewer_s_own_deck_draws_and_kept_cards(game):
    full, ann, ben = game.log(), game.log("Ann"), game.log(1)
    assert len(full) == len(ann) == len(ben)
    assert _named(full, "Greedy") and _named(full, "Ann")          # the whole log: every card named, as before
    assert not _named(ann, "Greedy") and _named(ann, "Ann") == _named(full, "Ann")
    assert not _named(ben, "Ann") and _named(ben, "Greedy") == _named(full, "Greedy")
    assert "Greedy draws a card from the deck." in ann
    keeps = [t for t in ann if t.startswith("Greedy keeps")]
    assert keeps and all(re.match(r"Greedy keeps \d cards? and discards ", t) for t in keeps)
    # a draw from the display is public; every other sentence is the same for all
    for f, a in zip(full, ann):
        if f != a:
            assert f.startswith("Greedy draws") and f.endswith("from the deck.") or f.startswith("Greedy keeps")
    assert any("Greedy draws" in t and "from the display" in t for t in ann)


def test_the_public_log_names_no_card_drawn_from_the_deck(game):
    public = game.log(public=True)
    assert not _named(public, "Ann") and not _named(public, "Greedy")
    assert "Ann draws a card from the deck." in public
    assert all(type(t) is str for t in game.log() + public)          # plain sentences, as before
    with pytest.raises(ThurnError):
        game.log("Nobody")


def test_the_discarded_cards_of_a_keep_stay_named(game):
    full, ann = game.log(), game.log("Ann")
    for f, a in zip(full, ann):
        if f.startswith("Greedy keeps"):
            assert f.split(" and discards ")[1] == a.split(" and discards ")[1]


def test_action_lines_as_one_player_saw_them(game):
    lines = action_lines(game, "Ann")
    flat = [t for said in lines for t in said]
    assert flat == game.log("Ann")[len(flat) and len(game.log()) - len(flat):]
    assert not _named(flat, "Greedy")


# -- the Play app against a bot ----------------------------------------------------------------------------------

def _texts(app) -> str:
    """Every text the app puts on the page: HTML values, button labels, tooltips and the message."""
    out = []

    def walk(w):
        for attr in ("value", "description", "tooltip", "placeholder"):
            v = getattr(w, attr, None)
            if isinstance(v, str):
                out.append(v)
        for c in getattr(w, "children", ()):
            walk(c)
    walk(app)
    return "\n".join(out)


def _secret_cards(s, seat):
    """The cards in ``seat``'s hand no one else can see (not on the display, in a route or in another hand)."""
    others = set(s.display_cards) | {c for i in range(s.num_players) if i != seat for c in s.player(i).hand}
    others |= {c for i in range(s.num_players) for c in s.player(i).route}
    return [c for c in s.player(seat).hand if c not in others]


def _candidates(app):
    return [t for t in app.map.data if t.name == "candidates"]


def _act(app, last=False):
    """The human's move: a button (the first or last), or the first legal action where a picker shows instead."""
    if app.action_buttons:
        app.action_buttons[-1 if last else 0].click()
    else:
        app.do(app.state.legal_actions()[0])


def test_a_fair_game_never_shows_the_bot_s_hand():
    app = Play(("Ann", "Greedy"), bots={"Greedy": make_bot("greedy", seed=3)}, seed=11, autosave=False,
               undo="fair", pace="step")
    seen_bot_turn = seen_secret = 0
    turns = 10                           # the bot's actions looked at
    for _ in range(300):
        s = app.state
        if s.is_over or seen_bot_turn > turns and "Greedy draws a card from the deck." in app._log.value:
            break
        text = _texts(app)
        assert not [m for m in NAMED_DRAW.finditer(text) if m.group(1) == "Greedy"]
        assert not [m for m in NAMED_KEEP.finditer(text) if m.group(1) == "Greedy"]
        assert "Greedy's hand" not in text and "Ann's hand" in text
        hand = app._hand.value
        assert all(f">{c}<" in hand for c in s.player("Ann").hand)
        for c in _secret_cards(s, 1):
            assert f">{c}<" not in hand
            seen_secret += 1
        count = len(s.player("Greedy").hand)
        assert re.search(rf"<b>Greedy</b> <small>\(bot\)</small></td><td>{count}</td>", app._table.value)
        if app.bots_pending:
            seen_bot_turn += 1
            assert not _candidates(app)                    # no city ringed for the bot's hand
            app.hint()
            assert app.hints == [] and "only Greedy may see" in app.message
            app.step_bot()
        else:
            _act(app)
    assert seen_bot_turn > turns and seen_secret > turns
    assert "Greedy draws a card from the deck." in app._log.value


def test_the_bot_s_moves_in_the_message_name_no_card_from_its_deck_draws():
    app = Play(("Ann", "Greedy"), bots={"Greedy": make_bot("greedy", seed=3)}, seed=11, autosave=False,
               undo="fair", pace=None)
    said = []
    for _ in range(300):
        if app.state.is_over:
            break
        _act(app)
        said.append(app.message)
    text = " ".join(said)
    assert "Then: Greedy draws a card from the deck." in text or " Greedy draws a card from the deck." in text
    assert not [m for m in NAMED_DRAW.finditer(text) if m.group(1) == "Greedy"]


# -- hotseat: the pass step ---------------------------------------------------------------------------------------

def test_hotseat_hides_the_next_human_s_hand_until_he_passes_the_screen():
    app = Play(("Ann", "Ben"), seed=5, autosave=False, undo="fair")
    assert not app.pass_pending and app.viewer == 0 and app.action_buttons      # Ann begins at the screen
    while app.state.to_move == 0:
        app.action_buttons[0].click()
    s = app.state
    assert app.pass_pending and app.viewer is None
    assert app.action_buttons == [] and app.pass_button.description == "Pass to Ben: show my hand"
    assert app._typed_row.layout.display == "none"
    text = _texts(app)
    assert "hidden" in app._hand.value and "Ben's hand" in app._hand.value
    for seat in (0, 1):
        for c in _secret_cards(s, seat):
            assert f">{c}<" not in app._hand.value
    assert not NAMED_DRAW.search(text) and not _candidates(app)
    app.hint()
    assert app.hints == []
    app.pass_button.click()
    assert not app.pass_pending and app.viewer == 1 and app.action_buttons
    assert all(f">{c}<" in app._hand.value for c in s.player("Ben").hand)
    assert not [m for m in NAMED_DRAW.finditer(app._log.value) if m.group(1) == "Ann"]


# -- teaching mode's switch ---------------------------------------------------------------------------------------

def test_show_every_hand_is_a_teaching_switch_off_by_default():
    app = Play(("Ann", "Greedy"), bots={"Greedy": make_bot("greedy", seed=3)}, seed=11, autosave=False,
               undo="teaching", pace=None)
    while "Greedy draws a card from the deck." not in app._log.value:
        _act(app)
    s = app.state
    box = app.every_hand_box
    assert isinstance(box, widgets.Checkbox) and box.value is False and box.layout.display != "none"
    assert "Greedy's hand" not in app._hand.value
    box.value = True
    assert app.show_every_hand and "Greedy's hand" in app._hand.value
    assert all(f">{c}<" in app._hand.value for c in s.player("Greedy").hand)
    assert [m for m in NAMED_DRAW.finditer(app._log.value) if m.group(1) == "Greedy"]
    app.show_every_hand = False
    assert "Greedy's hand" not in app._hand.value

    fair = Play(("Ann", "Greedy"), bots={"Greedy": make_bot("greedy", seed=3)}, seed=11, autosave=False,
                undo="fair", pace=None)
    assert fair.every_hand_box.layout.display == "none"
    with pytest.raises(ThurnError, match="teaching mode only"):
        fair.show_every_hand = True
    fair.every_hand_box.value = True                     # a click: the message says why, nothing is shown
    assert not fair.show_every_hand and fair.every_hand_box.value is False
    assert "teaching mode only" in fair.message and "Greedy's hand" not in fair._hand.value


# -- the review of an unfinished game ------------------------------------------------------------------------------

def test_the_replay_of_an_unfinished_game_shows_what_the_reviewed_player_saw():
    from thurn.widgets.review import GameReview

    whole = _game(3)
    s = whole.root
    for a in whole.history[:60]:
        s = s.apply(a)
    view = GameReview(s, "Ann", samples=1)
    try:
        shown = []
        for k in range(len(s.history) + 1):
            view.go_to(k)
            shown.append(view.replay_text.value)
        text = "\n".join(shown)
        assert "Greedy draws a card from the deck." in text
        assert not [m for m in NAMED_DRAW.finditer(text) if m.group(1) == "Greedy"]
        assert not re.search(r"Greedy — keep [A-Z]", text)
    finally:
        view.close()


def test_the_guided_game_names_no_card_the_bot_drew_from_the_deck():
    from thurn.widgets.stepper import GuidedGame

    game = GuidedGame(player="Ann", bot="greedy", seed=2006)
    for _ in range(400):
        s = game.state
        if s.is_over:
            break
        if s.to_move_name == "Ann":
            game.do(s.legal_actions()[0])
        else:
            game.next()
    said = [t for e in game.events for t in e["sentences"]]
    bot = game.bot_name
    assert f"{bot} draws a card from the deck." in said
    assert not [t for t in said if (m := NAMED_DRAW.match(t)) and m.group(1) == bot]


def test_after_the_bot_keeps_cards_the_map_title_and_log_give_their_count(game):
    s, kept = game.root, None
    for a in game.history:
        seat = s.to_move
        s = s.apply(a)
        if a.kind == "keep" and seat == 1:
            kept = a
            break
    assert kept is not None and s.to_move == 0
    app = Play.from_state(s, bots={"Greedy": make_bot("greedy", seed=1)}, autosave=False, undo="fair", pace="step")
    title = app.map.layout.title.text
    assert f"last: keep {len(kept.cards)} cards" in title and str(kept) not in title
    assert f"Greedy keeps {len(kept.cards)} cards and discards" in app._log.value
    assert not NAMED_KEEP.search(app._log.value.replace("Ann keeps", ""))

    teach = Play.from_state(s.apply(s.legal_actions()[0]), bots={"Greedy": make_bot("greedy", seed=1)},
                            autosave=False, undo="teaching", pace="step")
    teach._undo_slider.value = len(s.history)             # the undo slider describes the position after the keep
    words = teach._undo_text.value
    assert f"last: Greedy: keep {len(kept.cards)} cards" in words and str(kept) not in words


def test_the_officials_panel_says_nothing_drawn_from_a_hidden_hand():
    app = Play(("Ann", "Greedy"), bots={"Greedy": make_bot("greedy", seed=3)}, seed=11, autosave=False,
               undo="fair", pace="step")
    while not app.bots_pending:
        _act(app)
    assert "can help now" not in app._officials.value and "Greedy's choice" in app._officials.value
    while app.bots_pending:
        app.step_bot()
    assert "can help now" in app._officials.value


def test_the_guided_game_s_map_title_gives_the_count_of_the_bot_s_kept_cards():
    from thurn.widgets.stepper import GuidedGame

    game = GuidedGame(player="Ann", bot="greedy", seed=2001)
    while not game.state.is_over and not any(e["bot"] and e["action"].kind == "keep" for e in game.events):
        s = game.state
        if s.to_move_name == "Ann":
            game.do(s.legal_actions()[0])
        else:
            game.next()
    kept = [e["action"] for e in game.events if e["bot"] and e["action"].kind == "keep"]
    assert kept and game.events[-1]["action"] is kept[0]
    title = game.figure.layout.title.text
    assert f"last: keep {len(kept[0].cards)} cards" in title and str(kept[0]) not in title


def test_a_mistake_in_an_unfinished_game_is_explained_without_the_real_deck(game):
    from thurn.game_review import explain

    s = game.root
    for a in game.history[:6]:
        s = s.apply(a)
    assert s.step == "draw" and s.to_move == 0
    real = s.detached()
    other = real.detached()
    other.deck = tuple(reversed(real.deck))               # the same position, but for what nobody can see
    chosen, best = "draw innsbruck", "draw deck"
    a_real, a_other = (explain(p, p.ruleset.parse(chosen), p.ruleset.parse(best), 1.0) for p in (real, other))
    assert a_real != a_other                               # a finished game's words may use the real deck
    u_real, u_other = (explain(p, p.ruleset.parse(chosen), p.ruleset.parse(best), 1.0, unfinished=True)
                       for p in (real, other))
    assert u_real == u_other
