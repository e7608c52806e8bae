"""The measurements of BENCHMARKS.md, "Issue 25: bots on The Audience" (not a test: run it by hand).

    PYTHONPATH=$PWD python tests/bench/audience_bots_bench.py old --games 60 --players 2
    PYTHONPATH=$PWD python tests/bench/audience_bots_bench.py seal --seal far --games 60 --players 2
    PYTHONPATH=$PWD python tests/bench/audience_bots_bench.py cheat --games 40 --players 2
    PYTHONPATH=$PWD python tests/bench/audience_bots_bench.py paired --games 4000 --players 2 --seed 5000
    PYTHONPATH=$PWD python tests/bench/audience_bots_bench.py time --games 4 --players 2
    PYTHONPATH=$PWD python tests/bench/audience_bots_bench.py secret --games 600 --players 2 --seed 33000 [--tolerance 0.1]

- ``old``: the greedy bot against itself without The Audience's valuation (its seal and carriage steps any, its
  placements by houses only: what it played before), the new bot's seat rotated;
- ``seal``: the greedy bot against the same bot sealing by another heuristic (``--seal near|far|random``);
- ``cheat``: the search bot handed the true tiles (its ranking and its samples keep every player's sealed tiles as
  they are; the cards are dealt from what it has seen, as the fair bot's) against the same bot handed its view;
- ``paired``: each seed played twice, the greedy bot in one seat handed the true tiles and then its own view, all
  else the same (opponents, seeds, seat): the mean paired difference of its clergymen margin and score margin with a
  95 % interval, the wins of each, and how many of its decisions a game would differ (asked both ways in the game
  handed its view);
- ``secret``: each seed played twice, the greedy bot in one seat sealing the best order (``SECRET_TOLERANCE=0``,
  the same order in every game) and then drawing its seal among the orders within the tolerance (BENCHMARKS.md,
  "Issue 33: bots' secret choices"), all else the same (opponents, seeds, seat rotated): the mean paired difference
  of its clergymen points, clergymen margin and score margin with a 95 % interval, and the wins of each;
- ``time``: the search bot's decision time (every decision of its seat, against greedy bots).

Wins with their Wilson 95 % interval (thurn.ladder.wilson); a game's winner as the engine says (ties: none)."""
from __future__ import annotations

import argparse
import contextlib
import statistics
import sys
import time

from thurn.bots.greedy import GreedyBot
from thurn.bots.search import SearchBot
from thurn.expansions.audience import rules as au
from thurn.expansions.audience import valuation as V
from thurn.information import Seen, Watch, hidden_view, player_view, view_rng
from thurn.preparation import new_game
from thurn.ladder import wilson
from thurn.rules import Rules


@contextlib.contextmanager
def setting(**values):
    """The valuation's module settings changed for one decision."""
    old = {k: getattr(V, k) for k in values}
    for k, v in values.items():
        setattr(V, k, v)
    try:
        yield
    finally:
        for k, v in old.items():
            setattr(V, k, v)


class PlainGreedy(GreedyBot):
    """The greedy bot without The Audience's valuation (as it played before it)."""

    name = "greedy-plain"

    def choose(self, state):
        with setting(ENABLED=False):
            return super().choose(state)


class SealGreedy(GreedyBot):
    """The greedy bot sealing by another heuristic."""

    name = "greedy-seal"

    def __init__(self, seed=None, seal="far", **kw):
        super().__init__(seed, **kw)
        self.seal = seal

    def choose(self, state):
        with setting(SEAL=self.seal):
            return super().choose(state)


class KnobGreedy(GreedyBot):
    """The greedy bot with other settings of the valuation (``--set NAME=VALUE ...``)."""

    name = "greedy-knob"

    def __init__(self, seed=None, knobs=None, **kw):
        super().__init__(seed, **kw)
        self.knobs = knobs or {}

    def choose(self, state):
        with setting(**self.knobs):
            return super().choose(state)


class _TrueTiles(Seen):
    """Samples dealt from what the player has seen, every player's sealed tiles kept as they truly are."""

    __slots__ = ()

    def sample(self, rng):
        n = super().sample(rng)
        n.set_ext(au.TILES, self.state.ext[au.TILES])
        return n


class CheatSearch(SearchBot):
    """The search bot handed the true position: it ranks and samples with every player's true tiles."""

    name = "search-cheat"
    view = "true"

    def _known(self, state):
        return state

    def _sampler(self, state, me):
        return _TrueTiles(state, me)


class CheatGreedy(GreedyBot):
    """The greedy bot handed its view with every player's true tiles (``view = "tiles"``: see :func:`play`)."""

    name = "greedy-cheat"
    view = "tiles"


class DualGreedy(GreedyBot):
    """The greedy bot handed its view with every player's true tiles, which plays as handed the truth (``cheat``) or
    as handed its own view (the others' tiles None), and counts the decisions where the two differ."""

    name = "greedy-dual"
    view = "tiles"

    def __init__(self, seed=None, cheat=True, **kw):
        super().__init__(seed, **kw)
        self.cheat = cheat
        self.other = GreedyBot(seed)
        self.decisions = {}         # step -> [decisions with more than one action, where the two differ]

    def choose(self, state):
        true = state.ext[au.TILES]
        a = GreedyBot.choose(self, state) if self.cheat else None
        b = self.other.choose(state) if not self.cheat else None
        state.set_ext(au.TILES, V._hidden(state, state.to_move))
        if self.cheat:
            b = self.other.choose(state)
        else:
            a = GreedyBot.choose(self, state)
            a, b = b, a
        state.set_ext(au.TILES, true)
        # a: handed the truth; b: handed the view
        if len(state.legal_actions()) > 1:
            row = self.decisions.setdefault(state.step, [0, 0])
            row[0] += 1
            row[1] += a != b
        return a if self.cheat else b


def paired(games: int, players: int, rules, seed: int = 1000):
    """Each seed played twice, the seat's bot handed the true tiles and then its view, everything else the same
    (the opponents, their seeds, the seat; rotated from game to game); per seed the difference of the seat's
    clergymen margin (his clergymen points less the mean of the others') and of its score margin (his score less
    the best other's); their means with a 95 % interval (1.96 standard errors)."""
    d_clergy, d_margin, wins, steps = [], [], [0, 0], {}
    clergy = [[], []]
    t0 = time.time()
    for g in range(games):
        seat = g % players
        row = []
        for k, cheat in enumerate((True, False)):
            me = DualGreedy(g, cheat=cheat)
            bots = [me if i == seat else GreedyBot(100 * g + i) for i in range(players)]
            end = play(bots, seed + g, rules)
            totals = [float(x) for x in end.scores()["total"]]
            cl = [au.points_in_rome(end, i) for i in range(players)]
            wins[k] += end.result().winner == seat
            clergy[k].append(cl[seat])
            row.append((cl[seat] - (sum(cl) - cl[seat]) / (players - 1),
                        totals[seat] - max(x for i, x in enumerate(totals) if i != seat)))
            if not cheat:
                for st, (n, d) in me.decisions.items():
                    acc = steps.setdefault(st, [0, 0])
                    acc[0] += n
                    acc[1] += d
        d_clergy.append(row[0][0] - row[1][0])
        d_margin.append(row[0][1] - row[1][1])

    def ci(xs):
        m = statistics.mean(xs)
        h = 1.96 * statistics.stdev(xs) / len(xs) ** 0.5
        return (round(m, 3), round(m - h, 3), round(m + h, 3))
    return {"games": games, "players": players, "clergy_margin_diff": ci(d_clergy), "score_margin_diff": ci(d_margin),
            "wins_cheat_fair": tuple(wins), "clergy_cheat_fair": (statistics.mean(clergy[0]), statistics.mean(clergy[1])),
            "differing_decisions_per_game (fair game)": {st: (round(n / games, 2), round(d / games, 2))
                                                         for st, (n, d) in steps.items()},
            "wall": round(time.time() - t0)}


class SecretGreedy(GreedyBot):
    """The greedy bot with its own tolerance for the secret seal (``SECRET_TOLERANCE``; 0: always the best order)."""

    name = "greedy-secret"

    def __init__(self, seed=None, tolerance=V.SECRET_TOLERANCE, **kw):
        super().__init__(seed, **kw)
        self.tolerance = tolerance

    def choose(self, state):
        with setting(SECRET_TOLERANCE=self.tolerance):
            a = super().choose(state)
        if state.step == au.SEAL:
            self.sealed = a.ranks
        return a


def secret(games: int, players: int, rules, seed: int = 33000, tolerance: float | None = None):
    """Each seed played twice, the seat's greedy bot sealing the best order and then drawing it within the
    tolerance, everything else the same (the opponents, their seeds, the seat; rotated from game to game); per seed
    the difference (drawn less best) of the seat's clergymen points, clergymen margin (his less the mean of the
    others') and score margin (his score less the best other's); their means with a 95 % interval."""
    tolerance = V.SECRET_TOLERANCE if tolerance is None else tolerance
    diffs = {"clergy": [], "clergy_margin": [], "score_margin": []}
    wins, clergy, seals = [0, 0], [[], []], set()
    t0 = time.time()
    for g in range(games):
        seat = g % players
        row = []
        for k, tol in enumerate((0.0, tolerance)):
            me = SecretGreedy(g, tolerance=tol)
            bots = [me if i == seat else GreedyBot(100 * g + i) for i in range(players)]
            end = play(bots, seed + g, rules)
            totals = [float(x) for x in end.scores()["total"]]
            cl = [au.points_in_rome(end, i) for i in range(players)]
            wins[k] += end.result().winner == seat
            clergy[k].append(cl[seat])
            row.append((cl[seat], cl[seat] - (sum(cl) - cl[seat]) / (players - 1),
                        totals[seat] - max(x for i, x in enumerate(totals) if i != seat)))
            if k:
                seals.add((seat, me.sealed))
        for j, key in enumerate(diffs):
            diffs[key].append(row[1][j] - row[0][j])

    def ci(xs):
        m = statistics.mean(xs)
        h = 1.96 * statistics.stdev(xs) / len(xs) ** 0.5
        return (round(m, 3), round(m - h, 3), round(m + h, 3))
    return {"games": games, "players": players, "tolerance": tolerance,
            **{f"{key}_diff": ci(xs) for key, xs in diffs.items()},
            "clergy_best_drawn": (round(statistics.mean(clergy[0]), 3), round(statistics.mean(clergy[1]), 3)),
            "wins_best_drawn": tuple(wins), "different_seals_drawn": len(seals), "wall": round(time.time() - t0)}


class Timed:
    """A bot whose decisions are timed."""

    def __init__(self, bot):
        self.bot, self.name, self.times, self.cpu = bot, bot.name, [], []
        self.view = getattr(bot, "view", "dealt")

    def choose(self, state):
        t, c = time.perf_counter(), time.process_time()
        a = self.bot.choose(state)
        self.times.append(time.perf_counter() - t)
        self.cpu.append(time.process_time() - c)
        return a


def play(bots, seed: int, rules) -> object:
    """One game; a bot whose ``view`` is ``"true"`` is handed the position itself, the others their views."""
    state = new_game([f"P{i}" for i in range(len(bots))], seed=seed, rules=rules)
    watch = Watch.start(state)
    k = 0
    while not state.is_over:
        seat = state.to_move
        bot = bots[seat]
        view = getattr(bot, "view", "dealt")
        if view == "true":
            seen = state
        elif view == "hidden":
            seen = hidden_view(state, seat, watch, k)
        elif view == "tiles":                   # the hidden view with every player's true tiles
            seen = hidden_view(state, seat, watch, k)
            seen.set_ext(au.TILES, state.ext[au.TILES])
        else:
            seen = player_view(state, seat, view_rng(state, seat, k), watch, k)
        after = state.apply(bot.choose(seen))
        watch.see(state, after.last_action, after)
        state = after
        k += 1
    return state


def match(make_upper, make_lower, games: int, players: int, rules, seed: int = 1000):
    """``make_upper(seed)`` against ``players - 1`` of ``make_lower``, the upper bot's seat rotated."""
    wins, up, low, clergy_up, clergy_low, margins = 0, [], [], [], [], []
    t0 = time.time()
    for g in range(games):
        seat = g % players
        bots = [make_upper(g) if i == seat else make_lower(100 * g + i) for i in range(players)]
        end = play(bots, seed + g, rules)
        res = end.result()
        wins += res.winner == seat
        scores = end.scores()
        totals = [float(x) for x in scores["total"]]
        margins.append(totals[seat] - max(x for i, x in enumerate(totals) if i != seat))
        for i in range(players):
            (up if i == seat else low).append(totals[i])
            (clergy_up if i == seat else clergy_low).append(au.points_in_rome(end, i))
    lo, hi = wilson(wins, games)
    return {"games": games, "players": players, "wins": wins, "share": wins / games, "ci": (lo, hi),
            "if_equal": 1 / players, "score": (statistics.mean(up), statistics.mean(low)),
            "clergy": (statistics.mean(clergy_up), statistics.mean(clergy_low)),
            "margin": (statistics.mean(margins), statistics.stdev(margins) / len(margins) ** 0.5 if games > 1 else 0.0),
            "wall": time.time() - t0}


def main(argv=None):
    ap = argparse.ArgumentParser()
    ap.add_argument("what", choices=("old", "seal", "cheat", "cheat-greedy", "fair-greedy", "paired", "time", "knob",
                                     "secret"))
    ap.add_argument("--set", nargs="*", default=[])
    ap.add_argument("--lower", choices=("new", "old"), default="new", help="knob: against the new or the old bot")
    ap.add_argument("--games", type=int, default=40)
    ap.add_argument("--players", type=int, default=2)
    ap.add_argument("--expansions", default="audience")
    ap.add_argument("--seal", default="far")
    ap.add_argument("--tolerance", type=float, default=None, help="secret: the tolerance drawn within (default: "
                                                                   "SECRET_TOLERANCE)")
    ap.add_argument("--seed", type=int, default=1000)
    ap.add_argument("--all", nargs="*", default=[], help="settings of the valuation for every bot (NAME=VALUE)")
    a = ap.parse_args(argv)
    from thurn.rules import parse_value
    for k, v in (x.split("=", 1) for x in a.all):
        setattr(V, k, parse_value(v))
    rules = Rules(expansions=tuple(a.expansions.split("+")))
    if a.what == "old":
        out = match(lambda s: GreedyBot(s), lambda s: PlainGreedy(s), a.games, a.players, rules, a.seed)
    elif a.what == "seal":
        out = match(lambda s: GreedyBot(s), lambda s: SealGreedy(s, seal=a.seal), a.games, a.players, rules, a.seed)
    elif a.what == "knob":
        from thurn.rules import parse_value
        knobs = {k: parse_value(v) for k, v in (x.split("=", 1) for x in a.set)}
        low = PlainGreedy if a.lower == "old" else GreedyBot
        out = match(lambda s: KnobGreedy(s, knobs), lambda s: low(s), a.games, a.players, rules, a.seed)
    elif a.what == "fair-greedy":         # the control: the same bot on both sides
        out = match(lambda s: GreedyBot(s), lambda s: GreedyBot(s), a.games, a.players, rules, a.seed)
    elif a.what == "cheat-greedy":
        out = match(lambda s: CheatGreedy(s), lambda s: GreedyBot(s), a.games, a.players, rules, a.seed)
    elif a.what == "paired":
        out = paired(a.games, a.players, rules, a.seed)
    elif a.what == "secret":
        out = secret(a.games, a.players, rules, a.seed, a.tolerance)
    elif a.what == "cheat":
        out = match(lambda s: CheatSearch(s), lambda s: SearchBot(s), a.games, a.players, rules, a.seed)
    else:
        timed = []

        def make(s):
            timed.append(Timed(SearchBot(s)))
            return timed[-1]
        out = match(make, lambda s: GreedyBot(s), a.games, a.players, rules, a.seed)
        times = [t for b in timed for t in b.times]
        out["decisions"] = len(times)
        out["mean_ms"] = 1000 * statistics.mean(times)
        out["max_ms"] = 1000 * max(times)
        cpu = [t for b in timed for t in b.cpu]
        out["cpu_mean_ms"] = 1000 * statistics.mean(cpu)
        out["cpu_max_ms"] = 1000 * max(cpu)
    print(a.what, a.expansions, out)
    sys.stdout.flush()


if __name__ == "__main__":
    main()
