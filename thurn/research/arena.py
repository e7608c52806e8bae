"""OpenSpiel's information-set MCTS against thurn's bots, through the OpenSpiel interface (issue 37's benchmark):

    python -m thurn.research.arena --games 20 --simulations 200 --opponent club
    python -m thurn.research.arena --speed      # random play through the interface: nodes a CPU second

Each game seats IS-MCTS (``ISMCTSBot`` with :class:`~thurn.research.bots.ScoreEvaluator` and
:func:`~thurn.research.bots.resampler`; with ``--priors``, PUCT with the greedy bot's priors,
:class:`~thurn.research.bots.GreedyPriorEvaluator`) and the opponent (a thurn bot, :class:`~thurn.research.bots.ThurnBot`),
the seats alternating; chance is drawn from the game's seed. Prints IS-MCTS's wins, the win rate with its 95 %
Wilson interval, the mean points of each side and the seconds a game.
"""
from __future__ import annotations

import argparse
import math
import random
import time

import numpy as np
import pyspiel
from tqdm import tqdm

from ..preparation import new_game
from .bots import GreedyPriorEvaluator, ScoreEvaluator, ThurnBot, resampler
from .openspiel import SHORT_NAME


def wilson(wins: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """The 95 % Wilson score interval of a win rate."""
    if n == 0:
        return 0.0, 1.0
    p = wins / n
    d = 1 + z * z / n
    mid = (p + z * z / (2 * n)) / d
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / d
    return mid - half, mid + half


def play_randomly(state, rng: random.Random, until=None):
    """Play ``state`` on at random (chance by its probabilities, a legal word at random) to its end, or until
    ``until(state)`` holds; returns it, changed in place."""
    while not state.is_terminal():
        if until is not None and until(state):
            return state
        if state.is_chance_node():
            outcomes, probs = zip(*state.chance_outcomes())
            state.apply_action(rng.choices(outcomes, probs)[0])
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    return state


def play(game, bots, seed: int):
    """One game: chance from ``seed``, each player's word from his bot; the final state."""
    rng = random.Random(seed)
    state = game.new_initial_state()
    for b in bots:
        b.restart_at(state) if isinstance(b, ThurnBot) else b.reset()
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes, probs = zip(*state.chance_outcomes())
            state.apply_action(rng.choices(outcomes, probs)[0])
        else:
            state.apply_action(bots[state.current_player()].step(state))
    return state


def match(games: int, simulations: int, opponent: str, seed: int = 0, params=None, progress: bool = True,
          priors: bool = False) -> dict:
    """IS-MCTS against ``opponent`` over ``games`` two-player games (the seats alternating); ``priors``: PUCT with
    the greedy bot's priors (see :func:`pyspiel_ismcts`)."""
    game = pyspiel.load_game(SHORT_NAME, {"players": 2, "returns": "win_loss", **(params or {})})
    wins, mine, theirs, seconds = 0.0, [], [], []
    for k in tqdm(range(games), disable=not progress, desc=f"IS-MCTS vs {opponent}"):
        seat = k % 2
        ismcts = pyspiel_ismcts(game, simulations, seed * 1000 + k, priors)
        bots = [None, None]
        bots[seat] = ismcts
        bots[1 - seat] = ThurnBot(1 - seat, opponent, seed=seed * 1000 + k)
        start = time.process_time()
        state = play(game, bots, seed * 1000 + k)
        seconds.append(time.process_time() - start)
        points = state.table.state.returns()
        wins += 1.0 if state.returns()[seat] > 0 else 0.0
        mine.append(points[seat])
        theirs.append(points[1 - seat])
        if progress:
            tqdm.write(f"game {k + 1}: IS-MCTS in seat {seat} {'won' if state.returns()[seat] > 0 else 'lost'}, "
                       f"{points[seat]} against {points[1 - seat]} points, {seconds[-1]:.0f} CPU s")
    lo, hi = wilson(wins, games)
    return {"opponent": opponent, "games": games, "simulations": simulations, "priors": priors, "wins": wins,
            "win_rate": wins / games, "low": lo, "high": hi, "ismcts_points": float(np.mean(mine)),
            "opponent_points": float(np.mean(theirs)), "cpu_seconds_a_game": float(np.mean(seconds))}


def speed(games: int = 5, turns: int = 100, seed: int = 0) -> dict:
    """Random play through the OpenSpiel interface, the base game for 2 cut after ``turns`` turns: nodes (chance
    outcomes and words) and thurn actions a CPU second."""
    game = pyspiel.load_game(SHORT_NAME, {"players": 2, "max_turns": turns})
    nodes = actions = 0
    start = time.process_time()
    for k in range(games):
        state = play_randomly(game.new_initial_state(), random.Random(seed * 1000 + k))
        nodes += len(state.history())
        actions += len(state.table.actions)
    cpu = time.process_time() - start
    direct = 0
    start = time.process_time()
    for k in range(games):                  # the same, in thurn alone: a random legal action each time
        rng = random.Random(seed * 1000 + k)
        s = new_game(["P0", "P1"], seed=seed * 1000 + k)
        while not s.is_over and s.turns < turns:
            s = s.apply(rng.choice(s.legal_actions()))
            direct += 1
    alone = time.process_time() - start
    return {"games": games, "nodes_a_second": nodes / cpu, "actions_a_second": actions / cpu, "cpu_seconds": cpu,
            "thurn_actions_a_second": direct / alone}


def pyspiel_ismcts(game, simulations: int, seed: int, priors: bool = False):
    """OpenSpiel's ``ISMCTSBot`` over thurn's resampled worlds, keyed by the observation string: UCT with
    :class:`ScoreEvaluator`, or (``priors``) PUCT with :class:`GreedyPriorEvaluator`."""
    from open_spiel.python.algorithms.ismcts import ChildSelectionPolicy, ISMCTSBot

    if priors:
        bot = ISMCTSBot(game, GreedyPriorEvaluator(), 2.0, simulations, random_state=np.random.RandomState(seed),
                        use_observation_string=True, child_selection_policy=ChildSelectionPolicy.PUCT)
    else:
        bot = ISMCTSBot(game, ScoreEvaluator(), 2.0, simulations, random_state=np.random.RandomState(seed),
                        use_observation_string=True)
    bot.set_resampler(resampler(seed))
    return bot


def main(argv=None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=20)
    ap.add_argument("--simulations", type=int, default=200)
    ap.add_argument("--opponent", action="append", help="a thurn bot or level (repeat; default club and expert)")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--priors", action="store_true", help="PUCT with the greedy bot's priors (default: UCT)")
    ap.add_argument("--speed", action="store_true", help="only time random play through the interface")
    args = ap.parse_args(argv)
    if args.speed:
        r = speed(seed=args.seed)
        print(f"random play through OpenSpiel (base game, 2 players, {r['games']} games of 100 turns): "
              f"{r['nodes_a_second']:,.0f} nodes and {r['actions_a_second']:,.0f} thurn actions a CPU second; in "
              f"thurn alone, {r['thurn_actions_a_second']:,.0f} actions a CPU second")
        return
    for opponent in args.opponent or ["club", "expert"]:
        r = match(args.games, args.simulations, opponent, args.seed, priors=args.priors)
        kind = "PUCT, greedy priors" if args.priors else "UCT"
        print(f"IS-MCTS ({kind}, {r['simulations']} simulations) vs {opponent}: {r['wins']:g} of {r['games']} won, "
              f"{100 * r['win_rate']:.0f} % (95 % interval {100 * r['low']:.0f}-{100 * r['high']:.0f} %); points "
              f"{r['ismcts_points']:.1f} against {r['opponent_points']:.1f}; {r['cpu_seconds_a_game']:.1f} CPU s a "
              f"game", flush=True)


if __name__ == "__main__":
    main()
