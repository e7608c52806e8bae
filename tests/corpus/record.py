"""Record the replay corpus: 1,000 seeded games (2–4 players, random and greedy bots, the base rules and each rule
option), every action in notation, and a digest of each position reached, so that a change of the engine's
structure can be shown to keep every game exactly (issue 12: "replays action by action to identical states and
scores, before and after").

Run from the project root: ``python -m tests.corpus.record``. It writes ``tests/corpus/games.jsonl.gz``. Re-record
only on purpose, when the rules themselves change (the test then fails until you do, which is the point).
"""
from __future__ import annotations

import gzip
import json

import thurn
from thurn.sim import play_game

from tests.corpus.corpus import GAMES, OUT, digest_chain, lineup


def record(spec) -> dict:
    players, seed, bots, rules = spec["players"], spec["seed"], spec["bots"], spec["rules"]
    final = play_game(players, lineup(bots), seed=seed, rules=rules)
    actions = [a.notation for a in final.history]
    checkpoints, last, _ = digest_chain(final.root, final.history)
    return {**spec, "names": list(final.player_names), "start_player": final.start_player, "actions": actions, "checkpoints": checkpoints, "digest": last,
            "scores": final.returns(), "winner": final.winner()}


def main():
    with gzip.open(OUT, "wt", encoding="utf-8", compresslevel=9) as f:
        for k, spec in enumerate(GAMES):
            f.write(json.dumps(record(spec), ensure_ascii=False, separators=(",", ":")) + "\n")
            if k % 100 == 99:
                print(f"{k + 1} games recorded", flush=True)
    print(f"wrote {OUT} ({OUT.stat().st_size / 1e6:.2f} MB) with thurn {thurn.__version__}")


if __name__ == "__main__":
    main()
