"""What a learner reads and types names things in the game's words, never an engine id (issue 33, "Internal ids on
screen").

The Play app's buttons say "— type: …" on hover, the typed-action box suggests examples and the parser's refusal
gives some: each is :func:`thurn.words.typed` of a legal action ("play Berlin (3 horseshoes) left", "call Postal
Carrier", "carriage Württemberg-Hohenzollern Bologna"), which :func:`thurn.words.read_typed` reads back to the same
action, in any case and with accents left out; the notation files store ("play berlin_3_horseshoes left") is still
read. Random games of every ruleset of the registry, on each installed board (``test_front_door.rulesets``);
names as printed in the board's data files (base rules, components; Power and Glory, components: city cards with
1 to 3 horseshoes; The Audience, components: the carriages and the Rome strip).
"""
from __future__ import annotations

import random
import re
import unicodedata

import pytest

from thurn import words
from thurn.errors import PositionError
from thurn.sim import sized
from thurn.widgets import Play

from tests.support.rulesets import RULESETS, new_game

GAMES = 1                       # one game a ruleset: whole at full size, 120 decisions in the fast lane
DECISIONS = sized(None, 120)


def engine_ids(state) -> set:
    """Every id of the engine a text could leak that differs from its printed name (cities, card copies, officials,
    provinces, stacks, a variant's own names) -- the snake_case and folded ids ("postal_carrier",
    "magdeburg_3_horseshoes", "wurttemberg_hohenzollern")."""
    printed = words.printed_names(state)
    names = {n.lower() for n in printed.values()}
    return {k for k in printed if "_" in k and k not in names}


def unaccented(text: str) -> str:
    return "".join(ch for ch in unicodedata.normalize("NFKD", text) if not unicodedata.combining(ch))


def leaks(state, text: str) -> list:
    ids = engine_ids(state)
    return [w for w in re.split(r"[\s+=]+", text) if w.lower() in ids or (("_" in w) and w != "_")]


@pytest.mark.parametrize("board,expansions", RULESETS, ids=[f"{b}-{'+'.join(e) or 'base'}" for b, e in RULESETS])
def test_typed_words_name_no_id_and_read_back(board, expansions):
    rng = random.Random(f"notation {board} {expansions}")
    seen_kinds = set()
    for _ in range(GAMES):
        s = new_game(board, expansions, rng)
        n = 0
        while not s.is_over and (DECISIONS is None or n < DECISIONS):
            legal = s.legal_actions()
            for a in legal:
                text = words.typed(s, a)
                assert not leaks(s, text), (text, a.notation)
                assert words.read_typed(s, text) == a, (text, a)
                assert words.read_typed(s, text.upper()) == a, text
                assert words.read_typed(s, unaccented(text)) == a, text
                assert words.read_typed(s, a.notation) == a, a.notation      # old files' notation still read
                seen_kinds.add(a.kind)
            for text in words.typed_examples(s, legal):
                assert not leaks(s, text), text
            s = s.apply(rng.choice(legal))
            n += 1
    assert seen_kinds


@pytest.mark.parametrize("board,expansions", RULESETS[:1] + [r for r in RULESETS if r[0] != RULESETS[0][0]][:1])
def test_refusal_names_only_this_boards_cities(board, expansions):
    """The parser's refusal gives examples legal now, so only this board's cities (never Ulm on the northern
    board)."""
    s = new_game(board, expansions, random.Random(3))
    with pytest.raises(PositionError) as e:
        words.read_typed(s, "fly to ulm")
    message = str(e.value)
    cities = {c.name for c in s.board.cities}
    named = re.findall(r"'([^']*)'", message)[1:]
    assert named and all(t in words.typed_examples(s) for t in named), message
    for other in ("Ulm", "Augsburg", "Basel", "Bern"):
        if other not in cities:
            assert other not in message.split("'fly to ulm'")[1], message


def test_power_and_glory_copy_and_official_in_words():
    """A Power and Glory card copy reads "Berlin (3 horseshoes)" (Power and Glory, components) and is typed back
    so; an official of two words reads as printed ("Postal Carrier", base rules, 2)."""
    pg = [r for r in RULESETS if "power_glory" in r[1]]
    assert pg
    s = new_game(*pg[0], random.Random(5))
    copies = [a for a in s.legal_actions() if a.kind in ("play", "horse", "draw") and a.city]
    assert copies
    for a in copies:
        text = words.typed(s, a)
        assert "(" in text and "horseshoe" in text and "_" not in text, text
    from thurn.actions import CallOfficial

    call = CallOfficial("postal_carrier")
    assert words.typed(s, call) == "call " + words.printed_names(s)["postal_carrier"]
    assert words.read_typed(s, "call postal carrier") == call


def _tooltips(w, out):
    tip = getattr(w, "tooltip", None)
    if isinstance(tip, str) and " — type: " in tip:
        out.append(tip.split(" — type: ")[1])
    for c in getattr(w, "children", ()):
        _tooltips(c, out)
    return out


def test_app_hover_and_message_in_words():
    """The Play app's buttons say on hover "type: <the game's words>", which the box reads back to the button's own
    action; a line it cannot read is refused with examples legal now."""
    pg = [r for r in RULESETS if "power_glory" in r[1]][0]
    app = Play(["Ann", "Ben"], seed=11, rules={"board": pg[0], "expansions": list(pg[1])}, autosave=False,
               offer_saved=False)
    s = app.state
    tips = _tooltips(app, [])
    assert tips and all(not leaks(s, t) for t in tips), tips
    legal = s.legal_actions()
    assert all(words.read_typed(s, t) in legal for t in tips)
    assert not app.do("fly to ulm")
    said = str(app.message).split("'fly to ulm'")[-1]
    assert "write an action like" in said and "Ulm" not in said and "_" not in said, said
    played = next(t for t in (words.typed(s, a) for a in legal) if "(" in t)       # a card copy, in words
    assert app.do(played.upper()), played


def _first_state_with(board, expansions, kind, seed=0):
    rng = random.Random(seed)
    for _ in range(20):
        s = new_game(board, expansions, rng)
        while not s.is_over:
            if any(a.kind == kind for a in s.legal_actions()):
                return s
            s = s.apply(rng.choice(s.legal_actions()))
    raise AssertionError(f"no {kind} action in random games of {expansions}")


@pytest.mark.parametrize("board,expansions,kind", [("base", ("audience",), "carriage"),
                                                   ("base", ("offices",), "return_tiles"),
                                                   ("northern", ("power_glory",), "horse")])
def test_expansion_panels_hover_in_words(board, expansions, kind):
    """An expansion's own buttons say on hover what to type in the game's words: The Audience's carriage moves
    ("carriage Württemberg-Hohenzollern Bologna", The Audience, Moving the carriages), Offices of Honor's return
    (its officials by name), Power and Glory's horse cards ("horse Weimar (3 horseshoes)", Power and Glory, Play a
    city card from the hand)."""
    s = _first_state_with(board, expansions, kind)
    app = Play.from_state(s, autosave=False)
    try:
        tips = _tooltips(app, [])
        for panel in app.__dict__.get("_panels", {}).values():
            choice, button = getattr(panel, "return_reward", None), getattr(panel, "return_button", None)
            if choice is None or button is None:
                continue
            for toggle in panel.return_toggles:                 # each tile selected, each reward chosen in turn
                toggle.value = True
                for option in list(choice.options):
                    choice.value = option[1]
                    if not button.disabled and button.tooltip.startswith("type: "):
                        tips.append(button.tooltip[6:])
                toggle.value = False
        assert tips and any(t.startswith(kind.split("_")[0]) for t in tips), (kind, tips)
        legal = app.state.legal_actions()
        for t in tips:
            assert not leaks(app.state, t), t
            assert words.read_typed(app.state, t) in legal, t
    finally:
        app.close()
