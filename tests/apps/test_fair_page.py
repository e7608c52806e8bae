"""Issue 33, "Nothing on the page or the screen tells a hidden card": the Play app's page in a fair game — the HTML
and the state of every widget it sends to the browser — holds no seed, no deck order and no other player's hidden
card or secret, at any point of a whole game, in every ruleset of the registry; two games that differ only in what
the human cannot see give the same page until it is revealed (base rules, 1: the deck's cards are drawn face down,
the others' hands are theirs; The Audience, Preparation: each player seals his clergymen "secretly"). The game's
file is made only when the learner asks for it (tests/apps/test_app.py: the download)."""
from __future__ import annotations

import base64
import json
import random
import re

import pytest
from ipywidgets.widgets.widget import _instances

import thurn
from thurn.bots.greedy import GreedyBot
from thurn.sim import sized
from thurn.rulesets import check_board

from tests.support.rulesets import SHIPPED
from thurn.widgets import Play

#: The expansions the package ships (not the toy variants other test modules register in the same process).
RULESETS = [()] + [(name,) for name in SHIPPED]
SEED = 918_273_645          # a seed no page would show by chance
#: Widget state that is the widget library's bookkeeping or code (plotly's bundle), not what the page shows.
BOOKKEEPING = re.compile(r"_(?:js2py|py2js|last|esm|css|anywidget)")


def _rules(expansions) -> dict:
    """The rules of ``expansions`` on the first installed board that plays under them (Power and Glory: its own)."""
    for name in ["base"] + sorted(thurn.available_boards()):
        try:
            check_board(thurn.load_board(name), tuple(expansions))
        except thurn.RulesetRefused:
            continue
        return {"board": name, "expansions": list(expansions)}
    raise AssertionError(f"no board plays under {expansions}")


def _players(expansions) -> list:
    """Three players (Ann the human, two bots), or Ann alone under a ruleset played alone (SoloPlay)."""
    try:
        thurn.new_game(["Ann", "Bob", "Cy"], seed=1, rules=_rules(expansions))
        return ["Ann", "Bob", "Cy"]
    except thurn.ThurnError:
        return ["Ann"]


def page(app) -> list[str]:
    """What the browser is sent of ``app``: the state of every widget reachable from it (the HTML of each HTML
    widget, each button's words, the plotly figure's data and layout...), in the order of the widget tree, the
    widget library's bookkeeping (model ids, message ids, plotly's random trace ids) left out."""
    out, todo, seen = [], [app.model_id], set()
    while todo:
        mid = todo.pop()
        if mid in seen or mid not in _instances:
            continue
        seen.add(mid)
        state = {k: v for k, v in _instances[mid].get_state().items() if not BOOKKEEPING.match(k)}
        text = json.dumps(state, default=_plain, sort_keys=True, ensure_ascii=False)
        todo.extend(reversed(re.findall(r"IPY_MODEL_([0-9a-f]+)", text)))
        text = re.sub(r"IPY_MODEL_[0-9a-f]+", "IPY_MODEL", text)
        out.append(re.sub(r"\"uid\": \"[0-9a-f-]{36}\"", "\"uid\": \"\"", text))     # plotly's trace ids: random
    return out


def _plain(value):
    if isinstance(value, (bytes, bytearray, memoryview)):
        return base64.b64encode(bytes(value)).decode("ascii")
    return repr(value)


def read(texts) -> str:
    """The page as one text, with whatever it carries encoded (a ``data:`` link's base64) decoded too."""
    text = "\n".join(texts)
    decoded = []
    for blob in re.findall(r"base64,([A-Za-z0-9+/=]{16,})", text):
        try:
            decoded.append(base64.b64decode(blob).decode("utf-8", "replace"))
        except ValueError:
            continue
    return "\n".join([text, *decoded])


def secrets(state, viewer: int) -> list[str]:
    """What ``viewer`` may not know of ``state``, as a save file or a position would write it: the seed, the deck's
    order, and (for every other player) his hand and each hidden value of a variant, as JSON."""
    d = state.position()
    out = [str(d["seed"])]
    deck = d["deck"]
    if len(deck) >= 3:
        out += [json.dumps(deck), json.dumps(deck, ensure_ascii=False), ", ".join(map(str, deck[:6]))]
    for i, p in enumerate(d["players"]):
        if i != viewer and len(p.get("hand", ())) >= 2:
            out += [json.dumps(p["hand"]), json.dumps(p["hand"], ensure_ascii=False)]
    for name, vis in state.ruleset.hidden.items():
        values = state.ext.get(name)
        for i, v in enumerate(values or ()):
            if v is not None and (vis == "secret" or i != viewer) and any(v):
                out += [json.dumps(list(v)), str(tuple(v)), str(list(v))]
    return out


def _human_action(state, rng):
    """Ann's action: any legal one, a card from the display rather than the deck when she may (so that what the
    deck hides stays hidden the longer)."""
    acts = state.legal_actions()
    open_ = [a for a in acts if "deck" not in a.notation]
    return rng.choice(open_ or acts)


@pytest.mark.parametrize("expansions", RULESETS, ids=lambda e: "+".join(e) or "base")
def test_the_page_of_a_fair_game_holds_no_seed_deck_or_hidden_card(expansions):
    """A whole fair game (Ann against greedy bots, her actions at random): after each action, no widget's state
    holds the seed, the deck's order, another player's hand or a secret value (decoded links included)."""
    names = _players(expansions)
    state = thurn.new_game(names, seed=SEED, rules=_rules(expansions))
    bots = {n: GreedyBot(i) for i, n in enumerate(names) if n != "Ann"}
    app = Play(state=state, bots=bots, autosave=False, undo="fair", pace=None)
    rng = random.Random(33)
    checked = 0
    try:
        for _ in range(sized(400, 60)):
            text = read(page(app))
            s = app.state
            found = [x for x in secrets(s, 0) if x in text]
            assert not found, f"{expansions}, action {len(s.history)}: the page holds {found[:3]}"
            checked += 1
            if s.is_over:
                break
            assert app.do(_human_action(s, rng)), app.message
    finally:
        app.close()
    assert checked > 10


def _hidden_changed(state, viewer: int, rng) -> thurn.GameState:
    """``state``'s position with what ``viewer`` cannot see changed: the seed of later shuffles, and the deck's
    order below its first ten cards (cards drawn in the first rounds stay the same, so the game can go on alike)."""
    d = state.position()
    d["seed"] = d["seed"] + 1
    deck = list(d["deck"])
    tail = deck[10:]
    rng.shuffle(tail)
    d["deck"] = deck[:10] + tail
    return thurn.GameState.from_position(d, boards={state.rules.board: state.board})


def _open(state) -> tuple:
    """What lies face up: the display and the discard pile (a card turned up from the deck is revealed)."""
    return tuple(state.display_cards), tuple(state.discard)


class Replay:
    """A bot of the second game: the action the first game's bot played, its secret (a seal) drawn otherwise."""

    name = "greedy"          # shown as the first game's bot is

    def __init__(self):
        self.next = None

    def choose(self, state):
        a = self.next
        if a.kind == "seal":            # another seal: secret, so the page may not change (The Audience, Preparation)
            return type(a)(tuple(reversed(a.ranks)))
        return a


@pytest.mark.parametrize("expansions", RULESETS, ids=lambda e: "+".join(e) or "base")
def test_two_games_that_differ_only_in_hidden_cards_show_the_same_page(expansions):
    """The same game twice, its seed, the deck's order below the top ten cards and the bots' seals different: the
    pages are the same after every action until a card the deck hid is turned up (Ann's hand, the display, the
    discard pile differ) or the second game cannot follow the first (a bot played a card only its game dealt it)."""
    names = _players(expansions)
    first = thurn.GameState.from_position(thurn.new_game(names, seed=SEED, rules=_rules(expansions)).position())
    second = _hidden_changed(first, 0, random.Random(5))
    assert second.position()["deck"] != first.position()["deck"]
    bots = {n: GreedyBot(i) for i, n in enumerate(names) if n != "Ann"}
    replays = {n: Replay() for n in bots}
    a = Play(state=first, bots=bots, autosave=False, undo="fair", pace="step")
    b = Play(state=second, bots=replays, autosave=False, undo="fair", pace="step")
    rng = random.Random(7)
    same = 0
    try:
        for _ in range(sized(300, 60)):
            sa, sb = a.state, b.state
            if sa.is_over or sa.player(0).hand != sb.player(0).hand or _open(sa) != _open(sb):
                break                                   # revealed (or over): the pages may differ now
            assert page(a) == page(b), f"{expansions}, action {len(sa.history)}: the pages differ"
            same += 1
            if a.bots_pending:
                assert a.step_bot()
                played = a.state.history[len(sa.history)]
                replays[sa.to_move_name].next = played
                if played not in sb.legal_actions() and played.kind != "seal":
                    break                               # a card only the first game dealt the bot: revealed
                assert b.step_bot()
            else:
                act = _human_action(sa, rng)
                if act not in sb.legal_actions():
                    break
                assert a.do(act) and b.do(act)
            if [x.notation for x in a.state.history if x.kind != "seal"] != \
                    [x.notation for x in b.state.history if x.kind != "seal"]:
                break
    finally:
        a.close()
        b.close()
    assert same >= 5, f"{expansions}: only {same} points of the game compared"


def test_the_game_app_s_page_holds_no_seed_until_the_game_is_over(tmp_path):
    """The game app around the Play app (title bar, messages, the New game panel's seed field): a fair game's seed
    is on no widget of the page while the game goes on (the panel draws another as the game starts)."""
    from thurn.widgets import GameApp

    app = GameApp(autosave=tmp_path / "play.thurn-autosave.json", seed=SEED)
    app.panel.kinds[1].value = "club"
    app.panel.undo.value = "fair"
    app.panel.start.click()
    rng = random.Random(3)
    try:
        assert app.game is not None and app.game.state.setup.get("seed") == SEED
        for _ in range(12):
            assert str(SEED) not in read(page(app)), "the seed is on the page"
            if app.game.bots_pending:
                app.game.step_bot()
            else:
                app.game.do(_human_action(app.game.state, rng))
    finally:
        app.close()
