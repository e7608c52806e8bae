"""The lean playout (thurn.lean) is an honest yardstick (issue 35): its games end as the base rules end them, and it
plays as much game per player-turn as the engine's random play (thurn.bench.bench: legal_actions + apply, one
uniform choice each), so that ``python -m thurn bench --what play`` compares like with like.

Compared over random games at 2 and 4 players (seeded: the same figures every run): the player-turns a game lasts,
the decisions a player-turn takes in each step (draw, play, score or end, keep), the legal actions each decision of
a step is chosen among, and what a game's scorings take: carriages, houses and bonus tiles' points (all players, at
the end). Each mean of the lean games is within 4
standard errors of the engine's (the two samples' errors together), and those errors are small enough that the
check sees the differences of :data:`SEES`.
"""
from __future__ import annotations

import math
import random
import statistics

import pytest

from thurn.lean import END_REASONS, STEPS, lean_tables, placements, play
from thurn.preparation import new_game
from thurn.sim import game_seed, player_names, sized

#: Engine games per player count (each ~1,000 player-turns at 2 players, ~1,700 at 4), and lean games per engine game.
ENGINE_GAMES = {2: sized(400, 90), 4: sized(200, 60)}
LEAN_PER_ENGINE = 3
#: How far apart the means may be (standard errors), and the least difference the check must see (relative).
Z = 4.0
SEES = {"turns per game": 0.20, "carriages per game": 0.10, "houses per game": 0.05, "tile points per game": 0.15,
        "draw decisions per turn": 0.02, "play decisions per turn": 0.02, "score decisions per turn": 0.03,
        "keep decisions per turn": 0.25, "actions per draw": 0.02, "actions per play": 0.02, "actions per score": 0.03,
        "actions per keep": 0.15}


def engine_games(players: int, games: int, seed: int = 0) -> list[tuple]:
    """(player-turns, carriages, houses placed, tiles' points, {step: (decisions, legal actions summed)}) of
    ``games`` random games through the public API, as :func:`thurn.bench.bench` plays them."""
    rng = random.Random(f"thurn.test_lean:{seed}:{players}")
    out = []
    for k in range(games):
        state = new_game(player_names(players), seed=game_seed(seed, k))
        steps = {step: [0, 0] for step in STEPS}
        while not state.is_over:
            actions = state.legal_actions()
            counts = steps[state.step]
            counts[0] += 1
            counts[1] += len(actions)
            state = state.apply(actions[rng.randrange(len(actions))])
        ps = state.players
        out.append((state.turn_number, sum(len(p.carriages) for p in ps),
                    sum(state.board.houses - p.houses_left for p in ps), sum(v for p in ps for _, v in p.tiles),
                    steps))
    return out


def lean_games(players: int, games: int, seed: int = 0) -> list:
    rng = random.Random(f"thurn.test_lean.lean:{seed}:{players}")
    tables = lean_tables()
    return [play(tables, players, rng) for _ in range(games)]


def lean_rows(games) -> list[tuple]:
    """The lean games as :func:`engine_games` gives the engine's."""
    return [(g.turns, g.carriages, g.houses, g.tiles, g.steps) for g in games]


def measures(games) -> dict[str, list[float]]:
    """Each game's length, carriages, houses and tiles' points, and step by step its decisions per turn and actions
    per decision (a game without a decision in the step counts for the first only)."""
    out = {"turns per game": [g[0] for g in games], "carriages per game": [g[1] for g in games],
           "houses per game": [g[2] for g in games], "tile points per game": [g[3] for g in games]}
    for step in STEPS:
        out[f"{step} decisions per turn"] = [g[4][step][0] / g[0] for g in games]
        out[f"actions per {step}"] = [g[4][step][1] / g[4][step][0] for g in games if g[4][step][0]]
    return out


@pytest.mark.parametrize("players", [2, 4])
def test_the_lean_playout_plays_as_much_game_as_the_engine(players):
    engine = measures(engine_games(players, ENGINE_GAMES[players]))
    lean = measures(lean_rows(lean_games(players, LEAN_PER_ENGINE * ENGINE_GAMES[players])))
    for name, sees in SEES.items():
        a, b = engine[name], lean[name]
        ma, mb = statistics.fmean(a), statistics.fmean(b)
        se = math.sqrt(statistics.variance(a) / len(a) + statistics.variance(b) / len(b))
        where = f"{players} players, {name}: engine {ma:.4g}, lean {mb:.4g}, standard error {se:.3g}"
        assert Z * se < sees * ma, f"{where}: too few games to see a difference of {sees:.0%}"
        print(where)
        assert abs(ma - mb) <= Z * se, where


@pytest.mark.parametrize("players", [2, 3, 4])
def test_lean_games_end_by_the_base_rules(players):
    """The last carriage taken or the last house placed ends the game when the round is complete (Game End): every
    player has had as many turns (the start player first); a game never stops on a round without decisions."""
    games = lean_games(players, sized(60, 20), seed=1)
    assert {g.end for g in games} <= set(END_REASONS) - {"deadlock"}
    assert "houses" in {g.end for g in games}
    for g in games:
        assert g.turns % players == 0 and g.turns >= players
        assert g.turns <= g.decisions <= g.actions
        assert g.houses >= lean_tables().houses or g.end == "carriage"     # someone placed his last house


def test_lean_games_are_reproducible():
    assert lean_games(2, 3, seed=5) == lean_games(2, 3, seed=5)
    game = lean_games(2, 1)[0]
    assert game.decisions == sum(d for d, _ in game.steps.values()) and game.actions == sum(
        a for _, a in game.steps.values())
    assert lean_games(2, 3, seed=5) != lean_games(2, 3, seed=6)


def test_the_placements_of_houses_are_the_engines():
    """The lean placements of every route of 3 to 5 cities along the roads, with and without houses there and with
    few houses left, are the engine's (thurn.scoring.placement_masks, base rules 3a)."""
    from thurn.scoring import placement_masks

    t = lean_tables()
    board = t.board
    rng = random.Random(3)
    checked = 0
    for _ in range(sized(600, 200)):
        route = [rng.randrange(len(board.cities))]
        while len(route) < rng.randint(3, 6):
            ends = board.adj[route[-1]] & ~sum(1 << c for c in route)
            if not ends:
                break
            route.append(rng.choice([c for c in range(len(board.cities)) if ends >> c & 1]))
        rmask = sum(1 << c for c in route)
        owned = rng.getrandbits(len(board.cities)) & rmask if rng.random() < 0.5 else 0
        left = rng.choice([board.houses, 2, 1, 0])
        cap = min(left, len(route))
        assert set(placements(t, rmask, owned, cap)) == set(placement_masks(board, route, owned, left)), route
        checked += 1
    assert checked >= 200


def test_the_lean_playout_plays_only_what_it_knows():
    with pytest.raises(ValueError, match="2 to 4 players"):
        play(lean_tables(), 5, random.Random(0))
    from thurn.lean import LeanTables
    from thurn.board_file import load_board

    with pytest.raises(ValueError, match="free cities"):
        LeanTables(load_board("northern"))
