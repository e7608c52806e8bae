"""Issue 33, "a file that loads must play on": positions edited at random load to a game that goes on, or are
refused with a reason.

The README promises (Positions; What a save file guarantees) that a position or a save file either loads to a game
or raises :class:`~thurn.PositionError`. A game that loads must also be one that can be played: positions are taken
from random games of every ruleset in the registry (every shipped expansion alone, and those that share a board
together) at several points, edited at random (a value changed, a key dropped, two lists swapped, a step, a counter,
an interruption frame, a card moved) and loaded. Each either

* is refused with a ``PositionError`` and a reason code (``PositionError.reason``) and a sentence, or
* loads to a game that is over, or in which a listed action applies, and so on for a few more random actions (an
  interruption's return step must be one the turn can still take: The Audience's carriage step returning to
  ``keep`` with nothing to keep, SoloPlay's ``ext.solo.then`` edited, ...).

A thousand edits in all at full size (``make test-all``), fewer under ``THURN_SIZE=small``.
"""
from __future__ import annotations

import copy
import random

import pytest

import thurn
from thurn.errors import PositionError
from thurn.sim import sized
from thurn.rulesets import check_board
from thurn.variants import REGISTRY

from tests.support.rulesets import SHIPPED



def _rulesets() -> list:
    """The base game, every shipped expansion alone, and per installed board every shipped expansion it plays under
    switched on together: ``[(board, expansions)]``."""
    out = []
    boards = ["base"] + sorted(b for b in thurn.available_boards() if b != "base")
    for exp in [()] + [(x,) for x in SHIPPED]:
        for name in boards:
            try:
                check_board(thurn.load_board(name), exp)
            except thurn.RulesetRefused:
                continue
            out.append((name, exp))
            break
        else:
            raise AssertionError(f"no installed board plays under {exp}")
    for name in boards:
        ok = []
        for x in SHIPPED:
            if REGISTRY[x].alone:
                continue
            try:
                check_board(thurn.load_board(name), (x,))
            except thurn.RulesetRefused:
                continue
            ok.append(x)
        if len(ok) > 1 and (name, tuple(ok)) not in out:
            out.append((name, tuple(ok)))
    return out


RULESETS = _rulesets()
#: Edits per ruleset: a thousand in all at full size.
EDITS = sized(-(-1000 // len(RULESETS)), 40)
#: Random actions played on from a loaded position.
PLAY_ON = 12


def _positions(board, expansions, rng) -> list[dict]:
    """Positions of a few random games, taken at several points (the start, mid-game, interruptions, the end)."""
    rules = thurn.Rules(board=board, expansions=expansions)
    lo, hi = rules.ruleset.players or (2, 4)
    out = []
    for g in range(sized(3, 2)):
        k = max(lo, min(hi, 2 + g))
        s = thurn.new_game(["Ann", "Ben", "Cid", "Dan"][:k], seed=rng.randrange(10 ** 6), rules=rules)
        n = 0
        while True:
            if n % 37 == 0 or s.interrupted or s.step not in ("draw", "play") or s.is_over:
                out.append(s.position())
            if s.is_over or n > 3000:
                break
            s = s.apply(rng.choice(s.legal_actions()))
            n += 1
    return out


def _paths(d, prefix=()):
    """Every (path, value) inside a position, containers too."""
    yield prefix, d
    if isinstance(d, dict):
        for k, v in d.items():
            yield from _paths(v, prefix + (k,))
    elif isinstance(d, list):
        for i, v in enumerate(d):
            yield from _paths(v, prefix + (i,))


def _get(d, path):
    for k in path:
        d = d[k]
    return d


def _set(d, path, value):
    _get(d, path[:-1])[path[-1]] = value


def _leaf_values(pos) -> list:
    return [v for _, v in _paths(pos) if not isinstance(v, (dict, list))]


def _edit(pos: dict, rng: random.Random, steps: list, cities: list) -> str:
    """One random edit of ``pos`` (in place); returns what was done, for the failure message."""
    paths = [p for p, _ in _paths(pos) if p]
    kind = rng.choice(["value", "value", "drop", "swap", "step", "frames", "counter", "card", "card", "ext"])
    if kind == "step":
        if not isinstance(pos.get("turn", {}), dict):
            return "no turn to edit"
        ext = pos.get("ext")
        solo = ext.get("solo") if isinstance(ext, dict) else None
        if isinstance(solo, dict) and rng.random() < 0.5:         # (SoloPlay's own steps return to ext.solo.then)
            solo["then"] = rng.choice(steps + [""])
            return f"ext.solo.then = {solo['then']!r}"
        pos.setdefault("turn", {})["step"] = rng.choice(steps)
        return f"turn.step = {pos['turn']['step']}"
    if kind == "frames":
        n = max(1, len(pos["players"])) if isinstance(pos.get("players"), list) else 2
        frames = [[rng.randrange(n), rng.choice(steps)] for _ in range(rng.randrange(3))]
        if rng.random() < 0.5:
            pos["to_move"] = rng.randrange(n)
        pos["interruptions"] = frames
        return f"interruptions = {frames}, to_move = {pos.get('to_move')}"
    if kind == "counter":
        if not isinstance(pos.get("turn", {}), dict):
            return "no turn to edit"
        t = pos.setdefault("turn", {})
        key = rng.choice(["draws", "plays", "draws_allowed", "plays_allowed"])
        t[key] = rng.choice([0, 1, 2])
        return f"turn.{key} = {t[key]}"
    if kind == "card":
        piles = [p for p, v in _paths(pos) if isinstance(v, list) and p and p[-1] in
                 ("hand", "route", "deck", "discard", "display", "horses", "pile_1", "pile_2")]
        src = [p for p in piles if _get(pos, p)]
        if not src:
            return "no card to move"
        a, b = rng.choice(src), rng.choice(piles)
        cards = _get(pos, a)
        card = cards.pop(rng.randrange(len(cards)))
        if rng.random() < 0.3:
            card = rng.choice(cities)
        _get(pos, b).insert(rng.randrange(len(_get(pos, b)) + 1), card)
        return f"a card ({card}) moved from {a} to {b}"
    if kind == "ext":
        ext = [p for p in paths if p[0] == "ext"] or paths
        path = rng.choice(ext)
        value = rng.choice(_leaf_values(pos) + steps + [0, 1, -1, 2, 3, None, "", True, []])
        _set(pos, path, value)
        return f"{path} = {value!r}"
    path = rng.choice(paths)
    if kind == "drop":
        parent = _get(pos, path[:-1])
        if isinstance(parent, dict):
            del parent[path[-1]]
        else:
            parent.pop(path[-1])
        return f"dropped {path}"
    if kind == "swap":
        lists = [p for p, v in _paths(pos) if isinstance(v, list) and p]
        a, b = rng.choice(lists), rng.choice(lists)
        if a[:len(b)] == b or b[:len(a)] == a:
            return "no swap"
        va, vb = _get(pos, a), _get(pos, b)
        _set(pos, a, vb)
        _set(pos, b, va)
        return f"swapped {a} and {b}"
    old = _get(pos, path)
    if isinstance(old, int) and not isinstance(old, bool) and rng.random() < 0.6:
        value = old + rng.choice([-2, -1, 1, 2])
    else:
        value = rng.choice(_leaf_values(pos) + steps + cities[:5] + [0, 1, -1, None, "", True, [], {}])
    _set(pos, path, value)
    return f"{path}: {old!r} -> {value!r}"


def _plays_on(s, rng, what) -> None:
    """The loaded game goes on: over, or a listed action applies, for a few random actions."""
    for _ in range(PLAY_ON):
        if s.is_over:
            return
        legal = s.legal_actions()
        assert legal, f"{what}: the position loads but offers no action at step {s.step!r}"
        a = rng.choice(legal)
        try:
            s = s.apply(a)
        except thurn.ThurnError as e:
            raise AssertionError(f"{what}: the position loads but the listed action {a} is refused: {e}") from None


@pytest.mark.parametrize("board,expansions", RULESETS, ids=lambda x: "+".join(x) if isinstance(x, tuple) else x)
def test_an_edited_position_loads_to_a_game_that_goes_on_or_is_refused_with_a_reason(board, expansions):
    rng = random.Random(f"fuzz:{board}:{expansions}")
    positions = _positions(board, expansions, rng)
    rules = thurn.Rules(board=board, expansions=expansions)
    steps = list(rules.ruleset.steps) + ["end_turn", "<end of turn>"]
    cities = [c.name for c in thurn.load_board(board).cities]
    loaded = refused = 0
    for k in range(EDITS):
        pos = copy.deepcopy(rng.choice(positions))
        done = [_edit(pos, rng, steps, cities) for _ in range(rng.choice([1, 1, 2, 3]))]
        what = f"edit #{k} of {board} {expansions}: {'; '.join(done)}"
        try:
            s = thurn.GameState.from_position(copy.deepcopy(pos))
        except PositionError as e:
            assert e.reason and str(e), what
            refused += 1
            continue
        except Exception as e:          # (the promise: a PositionError, never another exception)
            raise AssertionError(f"{what}: {type(e).__name__}: {e}") from None
        loaded += 1
        _plays_on(s, rng, what)
    assert refused and loaded, (refused, loaded)        # (the edits reach both sides)


@pytest.mark.parametrize("board,expansions", RULESETS, ids=lambda x: "+".join(x) if isinstance(x, tuple) else x)
def test_positions_of_real_games_load_back_and_go_on(board, expansions):
    """The edits start from real positions: each one written by the engine loads back to the same position."""
    rng = random.Random(f"real:{board}:{expansions}")
    for pos in _positions(board, expansions, rng)[:sized(200, 30)]:
        s = thurn.GameState.from_position(pos)
        assert s.position() == pos
        _plays_on(s, rng, f"{board} {expansions}")
