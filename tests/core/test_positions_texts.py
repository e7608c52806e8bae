"""Issue 23, part "positions": every action class at the top level, and the state's text at the score step naming
only what is legal now (base rules, 3: one official per turn; the Cartwright only where he helps)."""
from __future__ import annotations

import random

import pytest

import thurn
from thurn.variants import REGISTRY

from tests.support.helpers import board_for, at_score

#: The expansions the package ships (not the toy variants other test modules register in the same process).
SHIPPED = sorted(name for name, v in REGISTRY.items() if v.__module__.startswith("thurn.expansions"))


def _together() -> list:
    """Per installed board, every shipped expansion it plays under, switched on together (no board plays them all:
    Power and Glory has a board of its own, The Audience needs the base board's Rome strip)."""
    from thurn.rulesets import check_board

    out = []
    for name in sorted(thurn.available_boards()):
        board = thurn.load_board(name)
        ok = []
        for x in SHIPPED:
            if REGISTRY[x].alone:
                continue
            try:
                check_board(board, (x,))
            except thurn.RulesetRefused:
                continue
            ok.append(x)
        if len(ok) > 1 and tuple(ok) not in out:
            out.append(tuple(ok))
    return out


RULESETS = [()] + [(name,) for name in SHIPPED] + _together()


def _action_classes() -> dict:
    """Every Action subclass (recursively) defined in thurn, by kind."""
    out, todo = {}, [thurn.Action]
    while todo:
        cls = todo.pop()
        for sub in cls.__subclasses__():
            todo.append(sub)
            if sub.__module__.startswith("thurn.") and isinstance(getattr(sub, "kind", None), str):
                out.setdefault(sub.kind, []).append(sub)
    return out


@pytest.mark.parametrize("expansions", RULESETS)
def test_every_action_kind_of_every_ruleset_has_its_class_at_the_top_level(expansions):
    classes = _action_classes()
    rs = thurn.Rules(board=board_for(expansions), expansions=expansions).ruleset
    for kind in rs.kinds:
        assert kind in classes, f"no action class for the kind {kind!r}"
        for cls in classes[kind]:
            assert getattr(thurn, cls.__name__, None) is cls, f"thurn.{cls.__name__} is missing"
            assert cls.__name__ in thurn.__all__


def test_return_tiles_is_importable_from_thurn():
    from thurn import ReturnTiles

    assert ReturnTiles(["postmaster", "cartwright"], card="deck").notation == "return postmaster+cartwright take deck"


# -- the state's text at the score step -------------------------------------------------------------------------

def _officials_named(state, text: str) -> set:
    return {o.id for o in state.board.officials if o.name in text}


def _check_words(s) -> None:
    """What the state says the player may do names only legal options (str, the step's does, the HTML)."""
    legal = s.legal_actions()
    does = s.step_info.does
    callable_now = {a.official for a in legal if a.kind == "official"}
    cartwright = any(a.kind == "score" and a.cartwright for a in legal)
    for text in (does, str(s).splitlines()[0], s._repr_html_()):
        named = _officials_named(s, text)
        if cartwright:
            named.discard("cartwright")
        assert named <= callable_now, (text, callable_now)
    assert ("score the route" in does) == any(a.kind == "score" for a in legal), does
    assert ("end the turn" in does) == any(a.kind == "end" for a in legal), does


def test_the_postal_carrier_is_not_suggested_after_the_postmaster_helped():
    """Base rules, 2: one official per turn; the Postmaster helped, so the score step offers no Postal Carrier."""
    s = at_score(["Mannheim", "Carlsruhe", "Stuttgart"], official="postmaster")
    assert s.step == "score"
    assert not any(a.kind == "official" for a in s.legal_actions())
    assert "Postal Carrier" not in s.step_info.does
    assert "Postal Carrier" not in str(s).splitlines()[0]
    assert "Postal Carrier" not in s._repr_html_()
    assert "score the route" in s.step_info.does and "end the turn" in s.step_info.does
    _check_words(s)


def test_a_short_route_is_not_offered_for_scoring():
    s = at_score(["Mannheim", "Carlsruhe"])
    assert not any(a.kind == "score" for a in s.legal_actions())
    assert "score the route" not in s.step_info.does
    _check_words(s)


def test_the_cartwright_is_named_only_where_he_can_help():
    s = at_score(["Mannheim", "Carlsruhe", "Stuttgart"])     # carriage 3 earned without him; 4 needs 4 cards - 2
    helps = any(a.kind == "score" and a.cartwright for a in s.legal_actions())
    assert ("Cartwright" in s.step_info.does) == helps


@pytest.mark.parametrize("expansions", RULESETS)
def test_the_score_steps_words_name_only_legal_options_in_random_games(expansions):
    rules = thurn.Rules(board=board_for(expansions), expansions=expansions)
    seen = 0
    lo, hi = rules.ruleset.players or (2, 4)
    names = ["Ann", "Ben", "Cid"][:max(lo, min(3, hi))]         # (SoloPlay: one player)
    for seed in range(30):
        if seed >= 6 and seen > 20:
            break
        s = thurn.new_game(names, seed=seed, rules=rules)
        rng = random.Random(seed)
        while not s.is_over:
            if s.step == "score":
                _check_words(s)
                seen += 1
            s = s.apply(rng.choice(s.legal_actions()))
    assert seen > 20


def test_the_play_apps_status_line_names_no_official_who_cannot_help():
    widgets = pytest.importorskip("ipywidgets")
    assert widgets
    from thurn.widgets.play import Play

    s = at_score(["Mannheim", "Carlsruhe", "Stuttgart"], official="postmaster")
    app = Play(["Ann", "Ben"], state=s, autosave=False)
    assert "score the route" in app._status.value
    assert "Postal Carrier" not in app._status.value


# -- state.player() shows the expansions' things -------------------------------------------------------------------

def _played(rules, actions=150, seed=1):
    s = thurn.new_game(["Ann", "Ben"], seed=seed, rules=rules)
    rng = random.Random(seed)
    for _ in range(actions):
        s = s.apply(rng.choice(s.legal_actions()))
    return s


def test_player_shows_letters_office_tiles_and_chips():
    """Messenger: the nobility letters and the figure in front of a player; Offices: his office tiles and chips."""
    s = _played({"expansions": ["messenger", "offices"]})
    L, O = s.ext["messenger"], s.ext["offices"]
    order = thurn.expansions.offices.rules.order()
    for seat, name in enumerate(s.names):
        view = s.player(name)
        assert view.extras["letters"] == L.held[seat]
        assert view.extras["Princess' Messenger"] == (L.holder == seat)
        assert view.extras["chips"] == O.chips[seat]
        assert view.extras["office tiles"] == {s.board.official(o).name: k for o, k in zip(order, O.tiles[seat]) if k}
        assert "extras=" in repr(view) and f"<th style='text-align:left'>letters</th><td>{L.held[seat]}</td>" \
            in view._repr_html_()
        assert f"letters {L.held[seat]}" in str(s).splitlines()[1 + seat]
    base = thurn.new_game(["Ann", "Ben"], seed=1).player()
    assert base.extras == {} and base.colours == ()
    assert repr(base) == ("PlayerView(seat=0, name='Ann', hand=(), route=(), houses=(), houses_left=20, carriages=(), "
                          "tiles=())")                     # (nothing shown that the game does not have)


def test_a_variants_per_player_values_are_shown_and_escaped():
    from thurn.variants import Variant, register, unregister

    class Seals(Variant):
        name = "seals_for_test"
        fields = {"<seal>": "public"}

        def setup(self, s):
            s.set_ext("<seal>", ("<b>red</b>",) * s.num_players)

    register(Seals)
    try:
        s = thurn.new_game(["Ann", "Ben"], seed=1, rules={"expansions": ["seals_for_test"]})
        view = s.player("Ben")
        assert view.extras == {"<seal>": "<b>red</b>"}
        page = view._repr_html_()
        assert "&lt;seal&gt;" in page and "&lt;b&gt;red&lt;/b&gt;" in page and "<b>red</b>" not in page
    finally:
        unregister("seals_for_test")
