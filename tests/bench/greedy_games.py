"""Seeded greedy self-play games in one ruleset, for counting CPU instructions (issue 35, "the greedy valuation").

    python tests/bench/greedy_games.py RULESET N [PLAYERS]

plays ``N`` greedy games of ``RULESET`` (``base``, ``messenger+offices``, ``power_glory`` on the northern board,
``audience``, ``solo``; solo always 1 player, the others ``PLAYERS``, default 4) from seeds 0.. and prints a digest of
their histories (the choices), so that two versions of the bot can be checked for the same choices. Counted with
``valgrind --tool=callgrind --callgrind-out-file=/dev/null`` for ``N`` and 0 (the difference is the games' own
cost):

    for n in 0 4; do valgrind --tool=callgrind --callgrind-out-file=/dev/null .venv/bin/python \\
        tests/bench/greedy_games.py base $n 2>&1 | grep refs; done
"""
import hashlib
import sys

from thurn.bots.greedy import GreedyBot
from thurn.sim import game_seed, play_game

RULES = {"base": None, "messenger+offices": {"expansions": ["messenger", "offices"]},
         "power_glory": {"board": "northern", "expansions": ["power_glory"]},
         "audience": {"expansions": ["audience"]}, "solo": {"expansions": ["solo"]}}


def main(argv):
    name, n = argv[0], int(argv[1])
    players = 1 if name == "solo" else int(argv[2]) if len(argv) > 2 else 4
    digest = hashlib.sha256()
    for k in range(n):
        final = play_game(players, GreedyBot, seed=game_seed(0, k), rules=RULES[name])
        digest.update(repr([a.notation for a in final.history]).encode())
    print(name, n, digest.hexdigest()[:16])


if __name__ == "__main__":
    main(sys.argv[1:])
