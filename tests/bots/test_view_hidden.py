"""Hidden views: a bot that reads only what lies open is handed its player's view with the unseen cards hidden.

Base rules, 1: the deck is drawn face down, so a player knows his own hand, what lies open, and which display cards
the others took. A *hidden* view (:func:`thurn.information.player_view` with ``hidden``; the bots whose class says
``view = "hidden"``: random and greedy) shows exactly that and nothing dealt: the others' other cards and the deck as
:data:`thurn.piles.HIDDEN`, no seed, the values hidden from him as None. Issue 23: "the other players' hands, the
deck's order and every secret value re-dealt consistently with what that player has seen, or hidden".
"""
from __future__ import annotations

import random
from collections import Counter

import pytest

import thurn

from tests.support.helpers import public
from thurn.bots import RandomBot
from thurn.bots.greedy import GreedyBot
from thurn.errors import ViewHidden
from thurn.information import SeatView, Seen, Watch, actions_played, determinize, player_view, view_for
from thurn.piles import HIDDEN
from thurn.sim import game_seed, play_game, sized
from thurn.variants import Variant, register

from tests.support.rulesets import RULESETS as REGISTRY_RULESETS, player_counts, ruleset_id

#: Every ruleset of the registry (tests/support/rulesets.py) and the toy below.
RULESETS = [*REGISTRY_RULESETS, ("base", ("toy_hidden_marks",))]
GAMES = sized(20, 1)        # games per ruleset


@register
class HiddenMarks(Variant):
    """Each player holds three marks he alone sees (an "owner" list): a secret value for the hidden view to hide."""

    name = "toy_hidden_marks"
    fields = {"toy_hidden_marks": "owner"}

    def setup(self, state):
        rng = random.Random(f"toy.hidden:{state.seed}")
        state.set_ext("toy_hidden_marks", tuple(tuple(rng.randrange(10) for _ in range(3))
                                                for _ in range(state.num_players)))


class HiddenRecorder:
    """A bot that asks for hidden views, records what it is handed, and plays as ``inner`` does."""

    name = "hidden recorder"
    view = "hidden"

    def __init__(self, inner):
        self.inner, self.handed = inner, []

    def choose(self, state):
        self.handed.append(state)
        return self.inner.choose(state)


def _check_hidden(true: thurn.GameState, k: int, h, watch: Watch) -> None:
    seat = true.to_move
    assert isinstance(h, SeatView) and not h.dealt and h.viewer == seat and h.actions == k == actions_played(true)
    assert h.root is h and not h.history
    assert public(h, seat) == public(true, seat)                       # all he sees, as it is
    assert h.players[seat].hand == true.players[seat].hand
    for i, (p, q) in enumerate(zip(h.players, true.players)):
        if i == seat:
            continue
        shown = [c for c in p.hand if c != HIDDEN]
        assert set(shown) == watch.known[i] and len(shown) == len(set(shown)) and len(p.hand) == len(q.hand)     # only the cards he saw taken
        assert not Counter(shown) - Counter(q.hand)
    assert set(h.deck) <= {HIDDEN} and len(h.deck) == len(true.deck) and h.seed is None
    for name, vis in true.ruleset.hidden.items():
        if name in true.ext:
            assert all(v is None for i, v in enumerate(h.ext[name]) if vis == "secret" or i != seat)
            assert vis == "secret" or h.ext[name][seat] == true.ext[name][seat]
    # a full position dealt from it is the one dealt from the game itself (it read only what he saw)
    if not true.ruleset.hidden:
        assert determinize(h, rng=k)._key() == Seen(true, seat, watch).sample(random.Random(k))._key()


@pytest.mark.parametrize("board,expansions", RULESETS, ids=[ruleset_id(r) for r in RULESETS])
def test_a_hidden_view_shows_what_lies_open_and_nothing_else(board, expansions):
    rules = {"board": board, "expansions": list(expansions)}
    seats = player_counts(board, expansions)
    calls = 0
    for g in range(GAMES):
        n = seats[(g + 2) % len(seats)]
        bots = [HiddenRecorder(GreedyBot(g * 10 + i) if i % 2 == 0 else RandomBot(g * 10 + i)) for i in range(n)]
        final = play_game(n, bots, seed=game_seed(24, g), rules=rules)
        taken = [0] * n
        s, watch = final.root, Watch.start(final.root)
        for k, a in enumerate(final.history):
            h = bots[s.to_move].handed[taken[s.to_move]]
            taken[s.to_move] += 1
            if k % 3 == 0 or g == 0:
                _check_hidden(s, k, h, watch)
                calls += 1
            after = s.apply(a)
            watch.see(s, a, after)
            s = after
        assert taken == [len(b.handed) for b in bots]
    assert calls > 60 * GAMES


def test_random_and_greedy_ask_for_hidden_views_and_choose_as_on_the_game():
    """They read nothing hidden: handed the hidden view, the dealt view or the whole state, the same choice (the
    greedy fingerprint and the replay corpus stay as they were)."""
    assert GreedyBot.view == RandomBot.view == "hidden"
    final = play_game(3, "greedy", seed=13, rules={"expansions": ["messenger", "offices"]})
    s = final.root
    for a in final.history[:200]:
        hidden = view_for(GreedyBot(0), s)
        assert isinstance(hidden, SeatView) and not hidden.dealt
        for bot in (GreedyBot, RandomBot):
            choices = {bot(4).choose(v) for v in (hidden, player_view(s), s)}
            assert len(choices) == 1
        s = s.apply(a)


def test_a_bot_that_says_nothing_gets_a_dealt_view():
    class Plain:
        name = "plain"

        def choose(self, state):
            return state.legal_actions()[0]

    s = thurn.new_game(["Ann", "Ben"], seed=2)
    v = view_for(Plain(), s)
    assert v.dealt and HIDDEN not in v.deck and v.seed is not None
    assert v._key() == player_view(s)._key()


def test_a_hidden_view_cannot_be_played_forward_and_says_why():
    s = thurn.new_game(["Ann", "Ben", "Cat"], seed=1)
    for _ in range(7):
        s = s.apply(s.legal_actions()[-1])
    v = player_view(s, hidden=True)
    before = v._key()
    with pytest.raises(ViewHidden) as e:
        v.apply(v.legal_actions()[0])
    assert e.value.reason == "view_hidden" and isinstance(e.value, ValueError)
    assert "Cat's view" in str(e.value) and "determinize" in str(e.value)
    assert v._key() == before
    # it shows itself without naming a card it hides
    other = v.players[0].hand
    assert set(other) == {HIDDEN}
    assert v.player(0).hand == (None,) * len(other)
    assert v.position()["players"][0]["hand"] == [None] * len(other)
    assert all(c is None for c in v.position()["deck"])
    assert "hand [?" in str(v) and s.board.card_names[-1] not in str(v).split("\n")[1]
    # dealt from it, a full position that plays on
    world = determinize(v, rng=3)
    assert HIDDEN not in world.deck and world.apply(world.legal_actions()[0])


@pytest.mark.parametrize("expansions", [(), ("messenger", "offices")], ids=["base", "both"])
def test_the_watch_records_exactly_the_card_taken_face_up_and_forgets_it_when_played(expansions):
    """Base rules, 1: a card taken from the display is seen by all; played to a route or discarded, it is known no
    more as a hand card. The Watch kept action by action holds exactly the cards each player took face up and
    still holds (checked against the hands themselves)."""
    for g in range(sized(12, 3)):
        final = play_game(3, "random", seed=game_seed(25, g), rules={"expansions": list(expansions)})
        s, watch = final.root, Watch.start(final.root)
        taken = [set() for _ in s.players]          # kept here by the hands' own differences
        for a in final.history:
            n = s.apply(a)
            seat = s.to_move
            before, after = Counter(s.players[seat].hand), Counter(n.players[seat].hand)
            if a.kind == "draw" and a.city is not None or getattr(a, "card", None) not in (None, "deck"):
                taken[seat] |= set(after - before)
            for i in range(len(s.players)):
                taken[i] &= set(n.players[i].hand)
            watch.see(s, a, n)
            s = n
            assert list(watch.known) == [frozenset(t) for t in taken]
