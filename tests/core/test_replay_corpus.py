"""A corpus of 1,000 recorded seeded games replays action by action to identical positions, legal actions and scores.

The games (tests/corpus/games.jsonl.gz, written by tests/corpus/record.py) are 2 to 4 players, greedy bots and a
random player among greedy ones, under the base rules and each rule option of the rules notes. Each was recorded as
its actions in notation and a running digest of every position reached (the base game's position, the legal actions
and the scores). A change of the engine's structure (issue 12) must replay every one of them exactly; a change of the
rules re-records the corpus on purpose.
"""
from __future__ import annotations

import gzip
import json

import pytest

import thurn
from thurn.sim import sized

from tests.corpus.corpus import EVERY, GAMES, OUT, digest_chain


def _records():
    with gzip.open(OUT, "rt", encoding="utf-8") as f:
        return [json.loads(line) for line in f]


RECORDS = _records()
CHUNKS = 10
STEP = sized(1, 10)         # the fast lane (make test) replays every tenth game; make test-all every one


def test_the_corpus_is_the_games_it_says():
    assert len(RECORDS) == len(GAMES) == 1000
    for rec, spec in zip(RECORDS, GAMES):
        assert {k: rec[k] for k in spec} == spec
    players = {rec["players"] for rec in RECORDS}
    assert players == {2, 3, 4}
    assert any("random" in rec["bots"] for rec in RECORDS) and any(rec["rules"] for rec in RECORDS)
    assert sum(len(rec["actions"]) for rec in RECORDS) > 200_000


@pytest.mark.parametrize("chunk", range(CHUNKS))
def test_recorded_games_replay_to_identical_states(chunk):
    for k in range(chunk * STEP, len(RECORDS), CHUNKS * STEP):
        rec = RECORDS[k]
        root = thurn.new_game(rec["names"], seed=rec["seed"], rules=rec["rules"], start_player=rec["start_player"])
        checkpoints, last, final = digest_chain(root, rec["actions"])
        for i, want in rec["checkpoints"].items():
            assert checkpoints.get(i) == want, (
                f"game {k} (seed {rec['seed']}, {rec['bots']}, rules {rec['rules']}): the positions differ from "
                f"the recording between actions {int(i) - EVERY + 1} and {i}")
        assert last == rec["digest"], f"game {k}: the last positions differ from the recording"
        assert final.is_over and final.returns() == rec["scores"] and final.winner() == rec["winner"], f"game {k}"


def test_a_changed_game_is_caught():
    """The check can fail: the same actions under another reading of the rules, or one action fewer, differ."""
    rec = next(r for r in RECORDS if not r["rules"] and len(r["actions"]) > EVERY)
    root = thurn.new_game(rec["names"], seed=rec["seed"], start_player=rec["start_player"])
    assert digest_chain(root, rec["actions"][:EVERY])[0][str(EVERY)] == rec["checkpoints"][str(EVERY)]
    other = thurn.new_game(rec["names"], seed=rec["seed"], start_player=rec["start_player"],
                           rules={"carriage_compulsory": True})
    assert digest_chain(other, rec["actions"][:EVERY])[0][str(EVERY)] != rec["checkpoints"][str(EVERY)]
    assert digest_chain(root, rec["actions"][:-1])[1] != rec["digest"]
