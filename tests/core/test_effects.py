"""One source of rule effects (thurn.effects): the turn, the what-if answers and the bots' fast paths agree with it.

Base rules 3a-3c (houses, tiles, carriages) and Game End and Scoring (the end, the winner): each effect is written
once in thurn.effects; here the pure reading (``route_effect``) is checked against the state the engine reaches by
applying every legal Score action of many positions, and the bots' own quick valuations against the reading.
"""
from __future__ import annotations

import random

import pytest

import thurn
from thurn import effects
from thurn.bots import RandomBot
from thurn.bots.search import _score_value
from thurn.explore import score_outcomes
from thurn.sim import sized


def scoring_positions(n: int, seed: int = 0):
    """Positions at the score step with a route long enough to score, from seeded random games."""
    rng = random.Random(seed)
    out = []
    k = 0
    while len(out) < n:
        s = thurn.new_game(["Ann", "Ben", "Cid"][: 2 + k % 2], seed=seed * 1000 + k, rules=[
            {}, {"optional_houses": True}, {"all_provinces_includes_baiern": True}][k % 3])
        k += 1
        bot = RandomBot(rng.randrange(1 << 30))
        while not s.is_over and len(out) < n:
            if s.step == "score" and any(a.kind == "score" for a in s.legal_actions()):
                out.append(s)
            s = s.apply(bot.choose(s))
    return out


POSITIONS = scoring_positions(sized(400, 80))


def effect_of(s, a) -> effects.RouteEffect:
    """What the Score action ``a`` brings the player to move in ``s``, read by thurn.effects (nothing applied)."""
    seat = s.to_move
    p = s.players[seat]
    return effects.route_effect(s.board, s.rules, p, s.stacks, s.carriages_left, s.end_by is None, len(p.route),
                                a.resolved, a.cartwright, a.carriage, effects.others_houses(s, seat))


def test_the_reading_of_a_scoring_is_what_applying_it_does():
    checked = 0
    for s in POSITIONS:
        seat = s.to_move
        p = s.players[seat]
        for a in s.legal_actions():
            if a.kind != "score":
                continue
            e = effect_of(s, a)
            after = s.apply(a)
            q = after.players[seat]
            assert q.tiles[len(p.tiles):] == e.tiles + e.end_tiles
            assert q.houses_left == p.houses_left - e.placed
            assert q.carriages[len(p.carriages):] == ((e.carriage,) if e.carriage is not None else ())
            assert (after.end_by == seat and s.end_by is None) == (e.ends is not None)
            before_total = effects.score_record(s, seat)["total"]
            assert effects.score_record(after, seat)["total"] - before_total == effects.effect_points(s.board, p, e)
            checked += 1
    assert checked > len(POSITIONS)


def test_the_what_if_answers_are_the_engines_effects():
    for s in POSITIONS[:sized(120, 30)]:
        for o in score_outcomes(s):
            seat = s.to_move
            p = s.players[seat]
            a = o.action
            e = effect_of(s, a)
            assert o.outcome.points == effects.effect_points(s.board, p, e)
            assert o.outcome.carriage == e.carriage and o.outcome.ends_game == (e.ends is not None)


def test_the_route_explorer_best_scoring_is_one_the_engine_can_play():
    from thurn.explore import route_outcome

    for s in POSITIONS[:sized(120, 30)]:
        p = s.player()
        best = route_outcome(s, p.route)
        outcomes = score_outcomes(s)
        plain = [o for o in outcomes if not o.action.cartwright and o.action.carriage]
        assert best.points == max(o.outcome.points for o in plain)


def test_the_search_bots_quick_score_value_counts_houses_and_tiles_as_the_engine_does():
    """SearchBot's fast path (its playouts value a Score by houses + tiles, +1.5 with the Cartwright)."""
    for s in POSITIONS:
        seat = s.to_move
        p = s.players[seat]
        for a in s.legal_actions():
            if a.kind != "score":
                continue
            e = effect_of(s, a)
            assert _score_value(s, p, a) == e.placed + sum(v for _, v in e.tiles) + (1.5 if a.cartwright else 0)


def test_a_house_placed_outside_a_scoring_takes_its_tiles_and_may_end_the_game():
    """Offices of Honor (001): "when placing a house the player immediately takes any earned bonus tiles. If he
    places his last house the game ends after the current round" — effects.house_placed_effect."""
    board = thurn.load_board("base")
    houses = [c.name for c in board.cities if c.name not in ("Carlsruhe", "Lodz", "Pilsen")]   # 19: one left
    s = thurn.GameState.from_position({"players": [{"name": "Ann", "houses": houses}, "Ben"],
                                       "turn": {"step": "draw"}, "seed": 3})
    n = s.detached()
    p = n.player_copy(0)
    placed, tiles, reason = effects.house_placed_effect(n, 0, p, n.board.mask_of(["Carlsruhe"]))
    baden = n.board.stack("baden")
    assert placed == 1 and (baden.index, baden.values[0]) in tiles
    assert reason == "houses" and n.end_by == 0
    assert any(n.board.stacks[si].kind == "game_end" for si, _ in tiles)
    assert p.houses_left == 0


def test_the_result_and_the_tie_break_come_from_the_ruleset():
    s = thurn.sim.play_game(["Ann", "Ben", "Cid"], None, seed=3)
    totals = s.returns()
    assert s.result() == effects.base_result(s, totals)
    assert s.winner() == s.names[s.result()["winner"]]
    assert [r["total"] for r in s.score_records()] == totals
    holder = effects.end_tile_holder(s)
    assert holder == s.end_by or s.end_by is None


@pytest.mark.parametrize("seed", range(3))
def test_a_game_on_the_effects_keeps_the_score_formula(seed):
    s = thurn.sim.play_game(["Ann", "Ben"], None, seed=seed)
    for rec, p in zip(s.score_records(), s.players):
        assert rec["total"] == rec["carriage"] + rec["tiles"] + rec["unplaced_houses"]
        assert rec["unplaced_houses"] == -p.houses_left


def test_the_greedy_bots_fast_path_agrees_with_the_engines_effects():
    """GreedyBot keeps its own quick tables (evaluation.Eval): the score so far, the next carriage, the length tile
    of a route of n cards and the houses and province tiles a placement brings. On many positions each equals what
    thurn.effects says (with no credit for progress towards tiles, and not placing the last house)."""
    from thurn.bots.greedy import Weights
    from thurn.bots.greedy.evaluation import Eval

    checked = 0
    for s in POSITIONS:
        seat = s.to_move
        p = s.players[seat]
        ev = Eval(s, Weights(progress=0.0))
        assert ev.my_total == effects.score_record(s, seat)["total"]
        assert ev.level == effects.carriage_for(s.board, p.carriages, s.carriages_left, 99, False)
        for a in s.legal_actions():
            if a.kind != "score" or a.cartwright or not a.carriage:
                continue
            e = effects.route_effect(s.board, s.rules, p, s.stacks, s.carriages_left, s.end_by is None,
                                     len(p.route), a.resolved, False, True, effects.others_houses(s, seat))
            kinds = [s.board.stacks[si].kind for si, _ in e.tiles]
            length = sum(v for (si, v), k in zip(e.tiles, kinds) if k == "route_length")
            assert ev.L[min(len(p.route), 15)] == length
            if e.placed < p.houses_left:
                province = sum(v for (si, v), k in zip(e.tiles, kinds) if k != "route_length")
                assert ev.mask_value(a.resolved) == e.placed + province
                checked += 1
    assert checked > len(POSITIONS) // 2
