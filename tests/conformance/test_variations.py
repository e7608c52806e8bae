"""The analysis board's library in every ruleset of the registry (issue 36; thurn/variations.py, thurn.sim's
``start``): branches from random positions of random games play to the end, fair and with the same deck; a fair
branch never tells its learner a hidden card (two games that differ only in what he could not see give the same
branch); a tree saved in the game file loads back identical, and a tampered one is refused.

Base rules, 1: the deck is drawn face down, so a player knows his own hand, what lies open, and which display cards
the others took; a fair branch deals the rest again (:func:`thurn.information.determinize`).

Sized by ``THURN_SIZE``: 1 game a ruleset in ``make test``, 4 in the full run.
"""
from __future__ import annotations

import json
import random

import pytest

import thurn
from thurn.bots.greedy import GreedyBot
from thurn.information import determinize, player_view
from thurn.errors import SimulationError
from thurn.sim import play_game, simulate, sized
from thurn.variations import Variations, public_view

from tests.support.helpers import public
from tests.support.rulesets import CONFORMANCE, NAMES, player_counts, ruleset_id

GAMES = sized(4, 1)


def _game(board, expansions, k):
    rng = random.Random(f"variations:{board}:{expansions}:{k}")
    counts = list(player_counts(board, expansions))
    n = counts[k % len(counts)]
    rules = {"board": board, "expansions": list(expansions)}
    return play_game(NAMES[:n], "greedy", seed=rng.randrange(2**31), rules=rules), rng


def _play_out(tree, line, rng):
    """The line played to the end of the game through the tree's front door: a greedy bot's move (the test's way
    to reach the end: it reads the position itself), one move in five a random legal one."""
    bots = {}
    for _ in range(20_000):
        s = tree.line(line).state()
        if s.is_over:
            return s
        legal = list(s.legal_actions())
        if rng.random() < 0.2:
            a = rng.choice(legal)
        else:
            bot = bots.setdefault(s.to_move, GreedyBot(seed=s.to_move))
            a = bot.choose(s)
        tree.play(line, a)
    raise AssertionError("the branch did not end")


@pytest.mark.parametrize("board,expansions", CONFORMANCE, ids=[ruleset_id(r) for r in CONFORMANCE])
def test_branches_play_to_the_end_and_the_tree_round_trips(board, expansions):
    for k in range(GAMES):
        game, rng = _game(board, expansions, k)
        tree = Variations(game)
        assert tree.game.same_position(game) and len(tree.main) == len(game.history)
        at = rng.randrange(len(game.history))
        fair = tree.branch(0, at, name="fair try")
        same = tree.branch(0, at, deal="same", name="same deck")
        # the same deck starts where the game stood; the fair deal agrees with all the learner had seen
        assert same.start.same_position(tree.main.state(at))
        seat = fair.seat
        assert seat == tree.main.state(at).to_move
        assert public(fair.start, seat) == public(tree.main.state(at), seat)
        assert public_view(fair.start, seat) == public_view(tree.main.state(at), seat)
        end = _play_out(tree, fair, rng)
        assert end.is_over
        _play_out(tree, same, rng)
        sub = tree.branch(fair, rng.randrange(len(fair) + 1), name="sub")         # a branch of a branch
        if not sub.start.is_over:
            tree.play(sub, sub.start.legal_actions()[0])
        tree.note(fair, 1, "why <not> & this?")
        tree.comment(0, at, "the review's words")
        tree.promote(same)
        text = tree.to_json()
        back = Variations.from_json(text)
        assert back.to_json() == text
        assert [(d, l.id, l.name, l.deal, l.at, len(l)) for d, l in back.walk()] == \
            [(d, l.id, l.name, l.deal, l.at, len(l)) for d, l in tree.walk()]
        assert back.line("fair try").state().same_position(end)
        assert [l.id for l in back.children(0)] == [same.id, fair.id]
        # and the game alone loads from the same file, unchanged
        assert thurn.GameState.from_json(text).same_position(game)


@pytest.mark.parametrize("board,expansions", CONFORMANCE, ids=[ruleset_id(r) for r in CONFORMANCE])
def test_a_fair_branch_never_tells_a_hidden_card(board, expansions):
    """Two games that differ only in what the learner could not see (two deals of his view) give the same fair
    branch, and the same page for him (his view of the branch's start, and of the position after a move)."""
    game, rng = _game(board, expansions, 0)
    at = rng.randrange(len(game.history))
    s = Variations(game).main.state(at)
    seat = s.to_move
    one, two = determinize(s, seat, random.Random(1)), determinize(s, seat, random.Random(2))
    assert public(one, seat) == public(two, seat)
    b1 = Variations(one).branch(0, 0, seat=seat, seed=7)
    b2 = Variations(two).branch(0, 0, seat=seat, seed=7)
    assert b1.start.to_dict() == b2.start.to_dict()
    assert player_view(b1.start, seat, 3).to_dict() == player_view(b2.start, seat, 3).to_dict()


def test_a_fair_branch_is_dealt_again_and_the_same_deck_is_not():
    game, rng = _game("base", (), 1)
    tree = Variations(game)
    at = 12
    real = tree.main.state(at)
    seat = real.to_move
    fair = [tree.branch(0, at) for _ in range(3)]
    hidden = {(tuple(tuple(p.hand) for i, p in enumerate(l.start.players) if i != seat), l.start.deck)
              for l in fair}
    assert len(hidden) == 3                                       # another deal each time
    assert tree.branch(0, at, deal="same").start.deck == real.deck
    one, two = (Variations(game).branch(0, at, seed=5) for _ in range(2))   # the same seed deals the same
    assert one.start.to_dict() == two.start.to_dict()


def _tree_text():
    game, rng = _game("base", (), 2)
    tree = Variations(game)
    line = tree.branch(0, 10, name="mine")
    tree.play(line, line.start.legal_actions()[0])
    tree.note(line, 1, "a note")
    return json.loads(tree.to_json())


@pytest.mark.parametrize("tamper,reason", [
    (lambda d: d["variations"]["lines"][0]["start"]["players"][0].__setitem__(
        "hand", d["variations"]["lines"][0]["start"]["players"][1]["hand"]), "bad_variations"),
    (lambda d: d["variations"]["lines"][0].__setitem__("actions", ["score"]), "bad_variations"),
    (lambda d: d["variations"]["lines"][0].__setitem__("parent", 5), "bad_variations"),
    (lambda d: d["variations"]["lines"][0].__setitem__("at", 10 ** 5), "bad_variations"),
    (lambda d: d["variations"]["lines"][0].__setitem__("deal", "peek"), "bad_variations"),
    (lambda d: d["variations"]["lines"][0].__setitem__("name", "x" * 500), "bad_variations"),
    (lambda d: d["variations"]["lines"][0].__setitem__("name", "The game"), "bad_variations"),
    (lambda d: d["variations"]["lines"][0].__setitem__("evil", 1), "bad_variations"),
    (lambda d: d["variations"]["lines"][0].pop("start"), "bad_variations"),
    (lambda d: d["variations"].__setitem__("lines", d["variations"]["lines"] * 2), "bad_variations"),
    (lambda d: d["variations"].__setitem__("lines", [{}] * 1000), "bad_variations"),
    (lambda d: d["variations"].__setitem__("line_notes", {"1": {"1": "\x00 hidden"}}), "bad_variations"),
    (lambda d: d["variations"].__setitem__("notes", {"99999": "far"}), "bad_variations"),
    (lambda d: d["variations"].__setitem__("drill", {"3": "cheated"}), "bad_variations"),
    (lambda d: d["variations"].__setitem__("format", "thurn-variations/9"), "bad_variations"),
    (lambda d: d.__setitem__("variations", []), "bad_variations"),
])
def test_a_tampered_tree_is_refused(tamper, reason):
    d = _tree_text()
    tamper(d)
    with pytest.raises(thurn.PositionError) as e:
        Variations.from_json(json.dumps(d))
    assert e.value.reason == reason


def test_the_tree_refuses_what_it_cannot_do():
    game, _ = _game("base", (), 3)
    tree = Variations(game)
    from thurn.variations import VariationError

    for call, reason in [(lambda: tree.play(0, "draw deck"), "game_line"), (lambda: tree.delete(0), "game_line"),
                         (lambda: tree.branch(0, 10 ** 6), "bad_position"), (lambda: tree.line(9), "unknown_line"),
                         (lambda: tree.branch(0, 3, deal="peek"), "bad_deal"),
                         (lambda: tree.branch(0, 3, name="the  GAME"), "name_taken")]:
        with pytest.raises(VariationError) as e:
            call()
        assert e.value.reason == reason and isinstance(e.value, ValueError)
    line = tree.branch(0, 5)
    before = line.state()
    with pytest.raises(thurn.IllegalAction):
        tree.play(line, "end")
    assert line.state() is before and len(line) == 0
    a = before.legal_actions()[0]
    tree.play(line, a)
    sub = tree.branch(line, 1)
    with pytest.raises(VariationError, match="delete it first"):
        tree.take_back(line)
    assert tree.delete(line) == [sub.id, line.id] and list(tree.lines) == [0]


def test_simulate_plays_on_from_a_position_on_the_same_fair_deals():
    """``simulate(start=...)``: each game a fair deal drawn with its seed (the same deals whatever the moves), the
    real cards with ``deal="same"``; ``compare_moves`` tables the moves on the same deals."""
    from thurn.trials import compare_moves

    game, _ = _game("base", (), 4)
    s = Variations(game).main.state(40)
    legal = list(s.legal_actions())
    a = simulate(6, "greedy", start=s, workers=1, moves=[legal[0]])
    b = simulate(6, "greedy", start=s, workers=1, moves=[legal[-1]])
    assert len(a.games) == len(b.games) == 6 and list(a.players.player.unique()) == list(s.names)
    assert len(simulate(2, "greedy", start=s, deal="same", workers=1).games) == 2
    from thurn.sim import _start_for, _started

    def first(deal, gseed, moves=()):
        return _started(_start_for(s, deal, None, moves), s, gseed)[0]

    assert first("same", 1).deck == first("same", 2).deck == s.deck                  # the real cards
    assert first("fair", 1).deck != first("fair", 2).deck                             # a deal each game
    assert first("fair", 1, [legal[0]]).root.deck == first("fair", 1).deck            # the same deals, any moves
    table = compare_moves(s, [legal[0], legal[-1]], deals=6)
    assert list(table.move) == [legal[0].notation, legal[-1].notation]
    seat = s.to_move
    mine = a.players[a.players.seat == seat]["total"].mean()
    assert table.points[0] == pytest.approx(mine) and table.points_vs_first[0] == 0
    with pytest.raises(SimulationError):
        simulate(2, start=game)                                   # a finished game
    with pytest.raises(SimulationError):
        simulate(2, start=s, moves=["score"] * 3)


JUNK = [None, True, -1, 1.5, 10 ** 30, "", "x" * 2000, "\x00", [], [[]], {}, {"a": [1]}, [1, "a", None]]


def _paths(d, prefix=()):
    """Every place of a JSON value (the keys and indexes that lead to it), the value's own first."""
    yield prefix
    if isinstance(d, dict):
        for k, v in d.items():
            yield from _paths(v, prefix + (k,))
    elif isinstance(d, list):
        for i, v in enumerate(d[:3]):
            yield from _paths(v, prefix + (i,))


def test_any_junk_in_a_tree_loads_or_is_refused_by_a_position_error():
    """Every place of the "variations" entry (but the dealt start, checked as any position: test_position_fuzz)
    replaced by junk of every kind: the tree loads, or a PositionError says why; never another exception."""
    good = _tree_text()
    places = [p for p in _paths(good["variations"]) if "start" not in p]
    rng = random.Random(36)
    for place in places if sized(True, False) else rng.sample(places, 12):
        for junk in JUNK if sized(True, False) else rng.sample(JUNK, 4):
            d = json.loads(json.dumps(good))
            if not place:
                d["variations"] = junk
            else:
                node = d["variations"]
                for key in place[:-1]:
                    node = node[key]
                node[place[-1]] = junk
            try:
                Variations.from_json(d)
            except thurn.PositionError:
                pass
