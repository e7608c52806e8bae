"""Bots playing alone: rules for one player (SoloPlay) rate the score, with no winner and no opponent, so a league
cannot rank the bots. Instead each bot plays ``games`` games at each difficulty, and the table gives its score's
distribution (mean, spread, quartiles) and the share of games that earned each rating word ("major victory"), so
that a learner knows what a bot scores on "hard".

The difficulties are the values of the rules' variant option ``difficulty`` (SoloPlay's: houses on the board at
the start, 3): every value it allows, in the order declared, unless the rules or ``difficulties`` name some; rules
with no such option are played as given. At each difficulty every bot plays the same deals (one seed per
difficulty, drawn from ``seed``), so the bots' scores are compared game by game; the same seed gives the same table.

    from thurn.alone import alone, format_alone
    print(format_alone(alone(["random", "greedy"], games=50, rules={"expansions": ["solo"]})))
"""
from __future__ import annotations

from .errors import SimulationError
from .ladder import league_rules

__all__ = ["alone", "format_alone", "difficulties_of", "plays_alone", "rating_words", "DIFFICULTY", "SCORE_COLUMNS"]

#: The variant option that sets how hard a game for one player is (``Rules(options={"difficulty": "hard"})``).
DIFFICULTY = "difficulty"
#: The columns of the table before the rating words' shares (one column per word, best first).
SCORE_COLUMNS = ["difficulty", "bot", "games", "mean", "sd", "min", "q1", "median", "q3", "max"]


def plays_alone(rules) -> bool:
    """Whether ``rules`` are for one player (a result that is a rating, not a winner)."""
    own = rules.ruleset.players
    return own is not None and own[1] < 2


def difficulties_of(rules, given=None) -> list:
    """The difficulties to play: ``given`` (names), else the one the rules set, else every value the option allows
    (in the order its variant declares them); ``[None]`` when no variant of the rules has the option."""
    declared = [spec[1] for v in rules.variants for name, spec in type(v).options.items() if name == DIFFICULTY]
    if given is not None:
        given = [given] if isinstance(given, str) else list(given)
        if not given:
            raise SimulationError("name at least one difficulty (or none at all: every one).")
        if not declared:
            from .rules import rules_text
            raise SimulationError(f"the rules {rules_text(rules)!r} have no difficulty to choose.",
                                  reason="no_difficulty")
        return [str(d) for d in dict.fromkeys(given)]
    if not declared:
        return [None]
    if any(name == DIFFICULTY for name, _ in rules.options):
        return [rules.option(DIFFICULTY)]
    return list(declared[0])


def rating_words(rules, played=None) -> list[str]:
    """The words a game of ``rules`` can be rated with, best first: the ruleset's table when its result keeps one
    (:func:`thurn.result.rating_result`), else those seen in ``played`` (player rows), by the least points each was
    seen with."""
    result = rules.ruleset.result
    table = getattr(result, "ratings", None)
    if table is not None:
        return list(dict.fromkeys([name for _, name in table] + [str(result.below)]))
    if played is None or "rating" not in played:
        return []
    seen = played.dropna(subset=["rating"])
    return seen.groupby("rating")["total"].min().sort_values(ascending=False).index.tolist()


def _at(rules, difficulty):
    from .rules import Rules

    if difficulty is None:
        return rules
    d = rules.to_dict()
    d["options"] = {**d.get("options", {}), DIFFICULTY: difficulty}
    return Rules.from_dict(d)                   # a difficulty the option does not allow is refused here


def alone(bots, games: int = 1000, seed=0, difficulties=None, progress: bool = False, expansions=None,
          **simulate_options):
    """Each bot of ``bots`` (as :func:`thurn.sim.simulate` takes them) alone for ``games`` games at each difficulty
    (see the module) of the rules ``rules`` with ``expansions`` on, which must be for one player: a pandas DataFrame
    with a row per difficulty and bot (:data:`SCORE_COLUMNS`, then the share of games of each rating word, best
    first). The other options (``workers``, ``executor``, ...) go to :func:`thurn.sim.simulate`."""
    import pandas as pd
    from tqdm.auto import tqdm

    from .bots.spec import bot_entry
    from .sim import MAX_GAMES, simulate

    rules = league_rules(simulate_options.pop("rules", None), expansions)
    if not plays_alone(rules):
        from .rules import rules_text
        raise SimulationError(f"the rules {rules_text(rules)!r} are for two or more players: rank the bots with a "
                              f"league (thurn.league) instead.", reason="not_alone")
    bots = [bots] if isinstance(bots, str) else list(bots)
    if not bots:
        raise SimulationError("name at least one bot to play alone.", reason="no_bots")
    for i, b in enumerate(bots):
        bot_entry(b, i)                         # a bad name fails now
    if isinstance(games, bool) or not isinstance(games, int) or games < 1:
        raise SimulationError(f"the bots play a whole number of games, 1 or more, not {games!r}.")
    levels = difficulties_of(rules, difficulties)
    runs = [(d, _at(rules, d)) for d in levels]         # a bad difficulty fails before any game
    if games * len(bots) * len(runs) > MAX_GAMES:
        raise SimulationError(f"this table would play {games * len(bots) * len(runs):,} games, more than "
                              f"{MAX_GAMES:,}: play fewer.", reason="too_many_games")
    found = []
    for (d, r), b in tqdm([(x, b) for x in runs for b in range(len(bots))], disable=not progress, desc="bots",
                          unit="bot"):
        sim = simulate(games, bots=[bots[b]], players=1, seed=f"alone:{seed}:{d}", rules=r, progress=progress,
                       **simulate_options)
        found.append((d, b, sim.players))
    words = rating_words(rules, pd.concat([p for _, _, p in found], ignore_index=True))
    rows = []
    for d, b, p in found:
        t = p["total"]
        row = {"difficulty": d, "bot": p["bot"].iat[0] if len(p) else str(bots[b]), "games": len(p),
               "mean": t.mean(), "sd": t.std(), "min": t.min(), "q1": t.quantile(0.25), "median": t.median(),
               "q3": t.quantile(0.75), "max": t.max()}
        row.update({w: (p["rating"] == w).mean() if len(p) else float("nan") for w in words})
        rows.append(row)
    return pd.DataFrame(rows, columns=SCORE_COLUMNS + words)


def format_alone(df) -> str:
    """The table of :func:`alone` as text: a block per difficulty, a line per bot."""
    words = [c for c in df.columns if c not in SCORE_COLUMNS]
    head = (f"{'bot':>28} {'games':>6} {'mean':>6} {'sd':>5} {'min':>4} {'q1':>5} {'median':>6} {'q3':>5} {'max':>4}"
            + "".join(f" {w:>{max(8, len(w))}}" for w in words))
    lines = []
    for d in dict.fromkeys(df["difficulty"]):
        block = df[df["difficulty"].isna()] if d is None else df[df["difficulty"] == d]
        lines += [f"difficulty: {d}" if d is not None else "the rules as given", head]
        for _, r in block.iterrows():
            lines.append(f"{r['bot']:>28} {r['games']:>6} {r['mean']:>6.1f} {r['sd']:>5.1f} {r['min']:>4.0f} "
                         f"{r['q1']:>5.1f} {r['median']:>6.1f} {r['q3']:>5.1f} {r['max']:>4.0f}"
                         + "".join(f" {r[w]:>{max(8, len(w))}.0%}" for w in words))
        lines.append("")
    return "\n".join(lines).rstrip()
