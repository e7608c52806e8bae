"""The replay corpus's games and how a replayed game is fingerprinted (see record.py and tests/core/test_replay_corpus.py)."""
from __future__ import annotations

import hashlib
import json
from pathlib import Path

from thurn.bots import RandomBot
from thurn.bots.greedy import GreedyBot
from thurn.sim import game_seed

OUT = Path(__file__).resolve().parent / "games.jsonl.gz"
EVERY = 50                      # a checkpoint digest every this many actions (and one at the end)

OPTIONS = [{}, {}, {}, {"optional_houses": True}, {"all_provinces_includes_baiern": True},
           {"carriage_compulsory": True}, {"hand_limit_at_most": True}, {"postal_carrier_may_restart": True}]
# Bots per seat: greedy games, and games with a random player among greedy ones (all-random games run to thousands
# of actions, and the property tests play those).
LINEUPS = {2: [("greedy", "greedy"), ("random", "greedy")],
           3: [("greedy",) * 3, ("greedy", "random", "greedy")],
           4: [("greedy",) * 4, ("greedy", "greedy", "random", "greedy")]}


def _games():
    out = []
    for k in range(1000):
        players = 2 + k % 3
        bots = LINEUPS[players][(k // 3) % 2]
        rules = OPTIONS[(k // 6) % len(OPTIONS)]
        out.append({"players": players, "seed": game_seed(2026, k), "bots": list(bots), "rules": rules})
    return out


GAMES = _games()

BOTS = {"random": RandomBot, "greedy": GreedyBot}


def lineup(bots):
    return [BOTS[b] for b in bots]


def fingerprint(state) -> str:
    """What must stay identical: the position in the base game's terms and the legal actions, in notation."""
    pos = state.position()
    # the turns finished and the end's trigger in the terms of the recording: "turns_taken" and a seat (issue 23
    # writes "turn_number" and the player's name, as the state names them)
    pos["turns_taken"] = pos.pop("turn_number")
    if pos["end_triggered_by"] is not None:
        pos["end_triggered_by"] = state.names.index(pos["end_triggered_by"])
    keep = {k: pos[k] for k in ("players", "display", "deck", "discard", "stacks", "carriages_left", "start_player",
                                "turn", "end_triggered_by", "turns_taken", "shuffles")}
    # in the terms of position format 1, in which the corpus was recorded: the turn's owner was "current", and the
    # base game's one official per turn was "official" (format 2: "turn_owner", "to_move" and a list "officials")
    assert pos["to_move"] == pos["turn_owner"] and not pos["interruptions"] and len(pos["turn"]["officials"]) <= 1
    keep["current"] = pos["turn_owner"]
    turn = dict(pos["turn"])
    officials = turn.pop("officials")
    turn["official"] = officials[0] if officials else None
    keep["turn"] = turn
    keep["legal"] = sorted(a.notation for a in state.legal_actions())
    keep["scores"] = state.returns()
    return json.dumps(keep, ensure_ascii=False, sort_keys=True, separators=(",", ":"))


def digest_chain(root, actions):
    """({index: digest}, final digest, final state): a running sha256 over the fingerprint of every position from ``root`` as
    ``actions`` (Action values or notations) are applied; a checkpoint every ``EVERY`` actions."""
    h = hashlib.sha256(fingerprint(root).encode())
    checkpoints = {}
    s = root
    for i, a in enumerate(actions, 1):
        s = s.apply(a)
        h.update(fingerprint(s).encode())
        if i % EVERY == 0:
            checkpoints[str(i)] = h.hexdigest()[:16]
    return checkpoints, h.hexdigest()[:16], s
