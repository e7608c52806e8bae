"""The search bot's decisions at its own budget, for counting CPU instructions (issue 35, "the greedy valuation").

    python tests/bench/search_decisions.py N [RULESET]

takes 12 positions of seeded greedy 4-player games (1 player in SoloPlay; ``RULESET`` as in ``greedy_games.py``,
default ``base``) and lets the search bot (seed 0, its own budget: a fixed number of rollouts)
decide the first ``N``; prints the choices. Counted with ``valgrind --tool=callgrind --callgrind-out-file=/dev/null``
for ``N`` and 0 (the difference is the decisions' own cost, the same rollouts whatever the load).
"""
import sys

from greedy_games import RULES

from thurn.bots import make_bot
from thurn.preparation import new_game
from thurn.bots.greedy import GreedyBot
from thurn.sim import game_seed, player_names


def positions(n: int, rules, players: int) -> list:
    """``n`` positions with a choice (every fifth such of seeded greedy games)."""
    out, k = [], 0
    while len(out) < n:
        state = new_game(player_names(players), seed=game_seed(0, k), rules=rules)
        bots = [GreedyBot(seed=i) for i in range(players)]
        k += 1
        seen = 0
        while not state.is_over and len(out) < n:
            if len(state.legal_actions()) > 1:
                seen += 1
                if seen % 5 == 0:
                    out.append(state)
            state = state.apply(bots[state.to_move].choose(state))
    return out


def main(argv):
    n = int(argv[0])
    name = argv[1] if len(argv) > 1 else "base"
    states = positions(12, RULES[name], 1 if name == "solo" else 4)
    bot = make_bot("search", seed=0)
    print(name, n, [bot.choose(s).notation for s in states[:n]])


if __name__ == "__main__":
    main(sys.argv[1:])
