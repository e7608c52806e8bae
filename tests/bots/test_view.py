"""Every bot is handed its player's view, never the true state (issue 23: "Bots are handed the true state").

Base rules, 1: the deck is drawn face down, so a player knows his own hand, what lies open, and which display cards
the others took; the others' other cards, the deck's order and every secret value (an "owner" value of another
player, any "secret" value) are dealt again at random in the position his bot is handed
(:func:`thurn.information.player_view`). A recording bot plays games of every ruleset and proves it
(tests/conformance/test_bot_views.py; here the toy variants with secrets).
"""
from __future__ import annotations

import pickle
import random
from collections import Counter

import pytest

import thurn

from thurn.bots import RandomBot
from thurn.bots.greedy import GreedyBot
from thurn.information import SeatView, Watch, player_view
from thurn.redeal import redeal_values
from thurn.sim import play_game, simulate
from thurn.variants import FrozenMap, Variant, register

from tests.conformance.test_bot_views import GAMES, Recorder, check_every_call
from tests.support.rulesets import ruleset_id

# -- toy variants with secrets ---------------------------------------------------------------------------------

BAG = tuple(v for v in range(1, 6) for _ in range(4))        # 20 sealed tiles: the values 1 to 5, four of each
TILES = 5


@register
class SealedTiles(Variant):
    """Each player is dealt five sealed tiles from a bag of 20 (The Audience's sealed tiles): he sees his own, nobody
    sees the others' nor what is left in the bag. They score at the end. Its :meth:`redeal` deals the others' tiles
    from the bag less the viewer's own (what he knows is possible), not from their true tiles."""

    name = "toy_view_tiles"
    fields = {"toy_view_tiles": "owner"}

    def setup(self, state):
        bag = list(BAG)
        random.Random(f"toy.tiles:{state.seed}").shuffle(bag)
        state.set_ext("toy_view_tiles", tuple(tuple(sorted(bag[TILES * i:TILES * (i + 1)]))
                                              for i in range(state.num_players)))

    def score(self, state, seat):
        return {"tiles": sum(state.ext["toy_view_tiles"][seat]) // TILES}

    def redeal(self, state, seat, rng):
        tiles = state.ext["toy_view_tiles"]
        pool = sorted((Counter(BAG) - Counter(tiles[seat])).elements())
        rng.shuffle(pool)
        out = list(tiles)
        k = 0
        for i in range(len(tiles)):
            if i != seat:
                out[i] = tuple(sorted(pool[k:k + TILES]))
                k += TILES
        state.set_ext("toy_view_tiles", tuple(out))


@register
class SecretPurses(Variant):
    """Each player holds three marks he alone sees (a list, "owner") and a purse nobody sees (a mapping, "secret");
    both use the default re-deal (the hidden values pooled as a multiset)."""

    name = "toy_view_purses"
    fields = {"toy_view_marks": "owner", "toy_view_purse": "secret"}

    def setup(self, state):
        rng = random.Random(f"toy.purses:{state.seed}")
        n = state.num_players
        state.set_ext("toy_view_marks", tuple(tuple(rng.randrange(10) for _ in range(3)) for _ in range(n)))
        state.set_ext("toy_view_purse", tuple(FrozenMap(gold=rng.randrange(5), silver=rng.randrange(5))
                                              for _ in range(n)))

    def score(self, state, seat):
        return {"purse": state.ext["toy_view_purse"][seat]["gold"]}


#: The toy rulesets (the registry's own are tests/conformance/test_bot_views.py's).
TOYS = [("base", ("toy_view_tiles",)), ("base", ("toy_view_purses",))]


@pytest.mark.parametrize("board,expansions", TOYS, ids=[ruleset_id(r) for r in TOYS])
def test_no_bot_call_is_handed_another_players_secret_in_the_toys(board, expansions):
    check_every_call(board, expansions, GAMES)


def test_a_secret_list_is_re_dealt_from_what_the_player_knows_is_possible():
    """The Audience's sealed tiles, toy-sized: his own list intact, the others' drawn from the bag less his own."""
    s = thurn.new_game(["Ann", "Ben"], seed=5, rules={"expansions": ["toy_view_tiles"]})
    truth = s.ext["toy_view_tiles"]
    possible = Counter(BAG) - Counter(truth[0])
    seen = set()
    for r in range(60):
        v = player_view(s, "Ann", rng=r)
        mine, ben = v.ext["toy_view_tiles"]
        assert mine == truth[0]
        assert len(ben) == TILES and not Counter(ben) - possible          # a hand of the possible values
        seen.add(ben)
    assert len(seen) > 30 and sum(t == truth[1] for t in seen) <= 1     # dealt at random, not Ben's true tiles
    # Ben's true tiles changed, everything Ann knows kept: the same views
    other = s.detached()
    other.set_ext("toy_view_tiles", (truth[0], tuple(sorted(possible.elements()))[:TILES]))
    assert all(player_view(other, 0, rng=r, watch=Watch.start(s), actions=0).ext == player_view(s, 0, rng=r).ext
               for r in range(10))


def test_the_default_re_deal_pools_lists_and_mappings_as_multisets():
    s = thurn.new_game(["Ann", "Ben", "Cat"], seed=7, rules={"expansions": ["toy_view_purses"]})
    marks, purses = s.ext["toy_view_marks"], s.ext["toy_view_purse"]
    for r in range(30):
        v = player_view(s, "Ben", rng=r)
        vm, vp = v.ext["toy_view_marks"], v.ext["toy_view_purse"]
        assert vm[1] == marks[1]                                          # an "owner" value: his own intact
        assert [len(x) for x in vm] == [3, 3, 3]
        assert Counter(vm[0] + vm[2]) == Counter(marks[0] + marks[2])
        assert all(isinstance(p, FrozenMap) and set(p) == {"gold", "silver"} for p in vp)     # keys kept
        assert Counter(x for p in vp for x in p.values()) == Counter(x for p in purses for x in p.values())
    # read only as multisets: the values exchanged among the hidden seats give the same views
    assert redeal_values(((1, 2), (3, 4), (5,)), [0, 2], random.Random(1)) == \
        redeal_values(((5, 1), (3, 4), (2,)), [0, 2], random.Random(1))
    assert redeal_values((7, 8, 9), [1, 2], random.Random(2)) == redeal_values((7, 9, 8), [1, 2], random.Random(2))


def test_per_player_lists_and_mappings_in_positions_and_save_files():
    s = thurn.new_game(["Ann", "Ben"], seed=3, rules={"expansions": ["toy_view_purses", "toy_view_tiles"]})
    s = s.apply(s.legal_actions()[0])
    pos = s.position()
    assert pos["ext"]["toy_view_purse"][0] == dict(s.ext["toy_view_purse"][0])
    assert pos["ext"]["toy_view_tiles"][1] == list(s.ext["toy_view_tiles"][1])
    again = thurn.GameState.from_json(s.to_json())
    assert again == s and again.ext == s.ext and isinstance(again.ext["toy_view_purse"][1], FrozenMap)
    purse = pickle.loads(pickle.dumps(s.ext["toy_view_purse"][0]))
    assert purse == s.ext["toy_view_purse"][0] and hash(purse) == hash(s.ext["toy_view_purse"][0])
    with pytest.raises(TypeError):
        purse["gold"] = 9
    assert thurn.GameState.from_position(pos).ext == s.ext
    assert s.position(seen_by="Ann")["ext"]["toy_view_tiles"] == [list(s.ext["toy_view_tiles"][0]), None]
    bad = [([[1, [2]], [1]], "no lists inside lists"), ([{"": 1}, {}], "is not a short text"),
           ([list(range(101)), []], "at most 100 items"), ([[1.5], []], "not 1.5"), ([{"a": 10 ** 9}, {}], "not")]
    for value, words in bad:
        p = dict(pos, ext=dict(pos["ext"], toy_view_tiles=value))
        with pytest.raises(thurn.errors.PositionError, match=words):
            thurn.GameState.from_position(p)


def test_the_apps_the_hint_and_the_review_hand_views():
    from thurn.bots.hint import hint
    from thurn.game_review import rank_actions
    from thurn.widgets.play import Play
    from thurn.widgets.stepper import GuidedGame

    rec = Recorder(GreedyBot(1))
    app = Play(("Bot", "You"), bots={"Bot": rec}, seed=4, autosave=False)        # the bot starts: it plays at once
    assert rec.handed and app.state.to_move_name == "You"
    assert all(isinstance(h, SeatView) and h.viewer == 0 and h is not app.state for h in rec.handed)
    app.close()

    rec = Recorder(GreedyBot(2))
    game = GuidedGame(player="Ann", bot=rec, seed=2006)
    for _ in range(60):
        if game.state.to_move_name == "Ann":
            game.do(game.state.legal_actions()[0])
        else:
            game.next()
    assert rec.handed and all(isinstance(h, SeatView) and h.viewer == 1 for h in rec.handed)
    game.close()

    class Scorer:
        def __init__(self):
            self.handed = []

        def score_actions(self, state):
            self.handed.append(state)
            return GreedyBot(0).score_actions(state)

    s = play_game(2, "greedy", seed=9).root
    for _ in range(15):
        s = s.apply(GreedyBot(3).choose(s))
    scorer = Scorer()
    assert hint(s, bot=scorer)[0].action == hint(s)[0].action
    assert [type(h) for h in scorer.handed] == [SeatView] and scorer.handed[0].viewer == s.to_move
    # the review ranks a decision alike from the game and from the player's view of it
    bot = {"iterations": 8, "top": 3}
    assert rank_actions(player_view(s), bot=bot, seed=1) == rank_actions(s, bot=bot, seed=1)


def test_a_view_keeps_the_bots_choices_of_fair_bots():
    """Random and greedy bots read nothing hidden: handed the view, they choose as they did on the whole state
    (the greedy fingerprint and the replay corpus stay as they were)."""
    final = play_game(3, "greedy", seed=11)
    s = final.root
    for a in final.history[:150]:
        for bot in (GreedyBot(4), RandomBot(4)):
            assert bot.choose(player_view(s)) == type(bot)(4).choose(s)
        s = s.apply(a)


def test_a_view_carries_what_the_table_watched_also_when_played_on():
    """Which display cards the others took (base rules, 1) is in the view, and in any game played on from it."""
    final = play_game(3, "greedy", seed=12)
    s = final.root
    for a in final.history[:90]:
        s = s.apply(a)
    truth = Watch.of(s)
    assert sum(map(len, truth.known)) > 0
    view = player_view(s)
    assert list(Watch.of(view).known) == list(truth.known)
    a = GreedyBot(1).choose(view)
    later, truth_later = view.apply(a), s.apply(a)
    truth.see(s, truth_later.last_action, truth_later)
    assert list(Watch.of(later).known) == list(truth.known)


def test_simulate_hands_views_and_stays_deterministic():
    a = simulate(3, bots="greedy", players=3, seed=2, workers=1)
    b = simulate(3, bots="greedy", players=3, seed=2, workers=1)
    assert a.games.equals(b.games) and a.players.equals(b.players)
