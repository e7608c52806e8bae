"""The speed benchmarks behind ``python -m thurn bench``: random play through the public API, games between bots,
the search bot's decisions, simulations on every core, and the what-if answers, the map and the apps on positions
from random games (see BENCHMARKS.md). Each returns a dict of counts and rates (or milliseconds per answer)."""
from __future__ import annotations

import math
import os
import platform
import random
import time

from .bots import make_bot
from .bots.spec import bot_lineup
from .sim import bot_seed, cores, game_seed, play_game, player_names, simulate

__all__ = ["machine_info", "bench", "bench_lean", "bench_bot", "decision_positions", "bench_search", "bench_parallel",
           "sample_positions", "bench_map", "bench_apps", "bench_answers", "bench_routes", "review_games",
           "bench_review"]


def machine_info() -> dict:
    """Python version and machine facts for benchmark reports."""
    return {"python": platform.python_version(), "implementation": platform.python_implementation(),
            "platform": platform.platform(), "machine": platform.machine(),
            "processor": platform.processor() or platform.machine(), "cpu_count": os.cpu_count(),
            "cores": cores()}


def bench(players: int = 4, seconds: float = 10.0, seed: int = 0) -> dict:
    """Random play through the public API (``legal_actions`` + ``apply``, uniform choice) for about ``seconds``.

    Plays whole games until the time is up (at least one; the last one is finished). Returns the counts and the
    rates: games/s, player-turns/s (``state.turn_number`` counts finished player-turns), legal-action calls/s
    and apply calls/s (each a decision: ``decisions_per_s``, as :func:`bench_lean` counts them).
    """
    from .preparation import new_game

    names = player_names(players)
    rng = random.Random(f"thurn.bench:{seed}:{players}")
    games = turns = legal_calls = applies = 0
    k = 0
    perf = time.perf_counter
    start = perf()
    deadline = start + seconds
    while True:
        state = new_game(names, seed=game_seed(seed, k))
        k += 1
        while not state.is_over:
            actions = state.legal_actions()
            legal_calls += 1
            state = state.apply(actions[rng.randrange(len(actions))])
            applies += 1
        games += 1
        turns += state.turn_number
        if perf() >= deadline:
            break
    elapsed = perf() - start
    return {"players": players, "seconds": elapsed, "games": games, "player_turns": turns,
            "legal_calls": legal_calls, "applies": applies, "decisions": applies,
            "games_per_s": games / elapsed, "turns_per_s": turns / elapsed,
            "legal_calls_per_s": legal_calls / elapsed, "applies_per_s": applies / elapsed,
            "decisions_per_s": applies / elapsed}


def bench_lean(players: int = 4, seconds: float = 10.0, seed: int = 0) -> dict:
    """The lean playout (:mod:`thurn.lean`: the base game's random play in plain Python with bit masks, the same
    decisions as :func:`bench`'s) for about ``seconds``: the yardstick of the engine's speed (issue 35).

    Plays whole games until the time is up (at least one). Returns the counts and the rates as :func:`bench` does:
    games/s, player-turns/s and decisions/s (each decision a choice among the engine's legal actions).
    """
    from .lean import lean_tables, play

    tables = lean_tables()
    rng = random.Random(f"thurn.lean:{seed}:{players}")
    games = turns = decisions = 0
    perf = time.perf_counter
    start = perf()
    deadline = start + seconds
    while True:
        game = play(tables, players, rng)
        games += 1
        turns += game.turns
        decisions += game.decisions
        if perf() >= deadline:
            break
    elapsed = perf() - start
    return {"players": players, "seconds": elapsed, "games": games, "player_turns": turns, "decisions": decisions,
            "games_per_s": games / elapsed, "turns_per_s": turns / elapsed, "decisions_per_s": decisions / elapsed}


def bench_bot(bot="greedy", players: int = 4, seconds: float = 10.0, seed: int = 0, rules=None) -> dict:
    """Whole games between bots (``bot``: as ``bots`` in :func:`~thurn.sim.simulate`) for about ``seconds``, in-process,
    on ``rules`` (e.g. ``{"expansions": ["messenger", "offices"]}``; default the base game).

    Returns the counts and the rates: games/s, player-turns/s and decisions/s (actions chosen by the bots).
    """
    names = player_names(players)
    lineup = bot_lineup(bot, len(names))
    games = turns = decisions = k = 0
    perf = time.perf_counter
    start = perf()
    deadline = start + seconds
    while True:
        gseed = game_seed(seed, k)
        k += 1
        state = play_game(names, [e.make(bot_seed(gseed, i)) for i, e in enumerate(lineup)], gseed, rules)
        games += 1
        turns += state.turn_number
        decisions += len(state.history)
        if perf() >= deadline:
            break
    elapsed = perf() - start
    return {"bot": ",".join(e.label or e.name_of(e.make(0)) for e in lineup), "players": players,
            "seconds": elapsed, "games": games, "player_turns": turns, "decisions": decisions,
            "games_per_s": games / elapsed, "turns_per_s": turns / elapsed, "decisions_per_s": decisions / elapsed}


def decision_positions(n: int, bot="greedy", players: int = 4, seed: int = 0) -> list:
    """``n`` states from games between bots (``bot`` in every seat) where the player to move has a real choice
    (two or more legal actions), about one in ten of them."""
    from .preparation import new_game

    rng = random.Random(f"thurn.decisions:{seed}:{players}")
    names = player_names(players)
    lineup = bot_lineup(bot, len(names))
    out, k = [], 0
    while len(out) < n:
        gseed = game_seed(seed, k)
        k += 1
        bots = [e.make(bot_seed(gseed, i)) for i, e in enumerate(lineup)]
        state = new_game(names, seed=gseed)
        while not state.is_over and len(out) < n:
            if len(state.legal_actions()) > 1 and rng.random() < 0.1:
                out.append(state)
            state = state.apply(bots[state.to_move].choose(state))
    return out


def bench_search(decisions: int = 20, players: int = 4, seed: int = 0, **options) -> dict:
    """Time the search bot's decisions (``options``: its budget; default: its own) over positions of greedy
    games (:func:`decision_positions`). Milliseconds per decision and decisions/s."""
    states = decision_positions(decisions, "greedy", players, seed)
    bot = make_bot("search", seed=seed, **options)
    r = _times(bot.choose, states)
    r["decisions_per_s"] = 1000 / r["mean_ms"]
    r["bot"] = repr(bot)
    return r


def bench_parallel(games: int = 1000, bot="greedy", players: int = 4, workers: int | None = None,
                   seed: int = 0) -> dict:
    """Wall time of ``simulate(games, bot, players, workers=workers)`` (``None``: every core), with the load
    average of the machine just before (other programs share the cores)."""
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else math.nan
    perf = time.perf_counter
    start = perf()
    sim = simulate(games, bots=bot, players=players, seed=seed, workers=workers)
    elapsed = perf() - start
    turns = int(sim.games["total_turns"].sum())
    return {"games": games, "players": players, "bot": ",".join(sorted(set(sim.players["bot"]))),
            "workers": workers or cores(), "seconds": elapsed, "games_per_s": games / elapsed,
            "turns_per_s": turns / elapsed, "turns_per_player": float(sim.games["turns_per_player"].mean()),
            "load": load}


def sample_positions(n: int, players: int = 4, seed: int = 0, step: str = "play") -> list:
    """``n`` states at ``step`` taken from random games (one every few decisions), for timing what-if answers.

    At the score step only states whose route is long enough to be scored are taken.
    """
    from .preparation import new_game

    rng = random.Random(f"thurn.positions:{seed}:{players}:{step}")
    names = player_names(players)
    out, k = [], 0
    while len(out) < n:
        state = new_game(names, seed=game_seed(seed, k))
        k += 1
        while not state.is_over and len(out) < n:
            scorable = step != "score" or len(state.players[state.to_move].route) >= state.board.min_route
            if state.step == step and scorable and rng.random() < 0.2:
                out.append(state)
            actions = state.legal_actions()
            state = state.apply(actions[rng.randrange(len(actions))])
    return out


def _times(fn, items) -> dict:
    perf = time.perf_counter
    times = []
    for x in items:
        t = perf()
        fn(x)
        times.append(perf() - t)
    times.sort()
    n = len(times)
    return {"n": n, "mean_ms": 1000 * sum(times) / n, "p95_ms": 1000 * times[min(n - 1, int(0.95 * n))],
            "max_ms": 1000 * times[-1]}


def bench_map(positions: int = 100, players: int = 4, seed: int = 0) -> dict:
    """Time drawing the map (``thurn.viz.board_figure``, as a figure and refreshing a FigureWidget) over positions
    from random games; the apps redraw it after every click. Also the map's layout of a board (province regions,
    where the names go: ``thurn.viz.regions``), computed once per board on its first drawing. Needs plotly and
    shapely (the viz layer)."""
    from .viz import board_figure, refresh
    from .viz.regions import compute_layout

    states = sample_positions(positions, players, seed, "play")
    widget = board_figure(states[0], widget=True)
    return {"board_figure": _times(board_figure, states),
            "refresh_widget": _times(lambda s: refresh(widget, board_figure(s)), states),
            "map_layout_once": _times(lambda s: compute_layout(s.board), states[:5])}


def bench_apps(clicks: int = 100, players: int = 4, seed: int = 0) -> dict:
    """Time one click in the apps, in-process (the kernel's share; the browser adds its redraw): a random
    legal-action button of :class:`~thurn.widgets.Play` (hotseat, no autosave), and choosing one more card in
    :class:`~thurn.widgets.RouteExplorer` on positions from random games (hand + display). Needs ipywidgets."""
    from .widgets import Play, RouteExplorer

    rng = random.Random(f"thurn.apps:{seed}:{players}")
    app = Play(players=player_names(players), seed=seed, autosave=False)

    def click(_):
        nonlocal app
        if app.state.is_over:
            app = Play(players=player_names(players), seed=rng.randrange(10**9), autosave=False)
        if app.pass_pending:            # hotseat: the player to move sits down at the screen first
            app.reveal()
        buttons = app.action_buttons
        buttons[rng.randrange(len(buttons))].click()

    states = sample_positions(clicks, players, seed, "play")
    explorers = [(RouteExplorer(s), rng.choice(s.board.city_names)) for s in states]
    return {"play_click": _times(click, range(clicks)),
            "explorer_card_click": _times(lambda e: e[0].toggle(e[1]), explorers)}


def bench_answers(positions: int = 300, players: int = 4, seed: int = 0) -> dict:
    """Time the what-if answers the apps give on every click, over positions from random games.

    ``route_options`` (every route from the hand and the display, ranked) at the play step, the same listing the
    best 50, and ``score_outcomes`` (every Score action applied) at the score step. Milliseconds per answer.
    """
    from .explore import route_options, score_outcomes

    play = sample_positions(positions, players, seed, "play")
    score = sample_positions(positions, players, seed, "score")
    return {"route_options": _times(route_options, play),
            "route_options_top50": _times(lambda s: route_options(s, limit=50), play),
            "score_outcomes": _times(score_outcomes, score)}


def bench_routes(hands: int = 10, seed: int = 0, limit: int = 50) -> dict:
    """Time :func:`~thurn.explore.route_options` with ``limit`` (the RouteExplorer's page) on ``hands`` random hands
    of each size from 10 to 22 distinct cities (every city of the board): milliseconds per answer by size, with the
    share of answers whose list is sure to be the best (``exact``) and whose count is whole (``complete``)."""
    from .board_file import load_board
    from .explore import route_options

    board = load_board("base")
    rng = random.Random(f"thurn.routes:{seed}")
    names = list(board.city_names)
    out = {}
    for size in (10, 13, 16, 19, len(names)):
        cases = [rng.sample(names, size) for _ in range(hands)]
        answers = []
        r = _times(lambda cards: answers.append(route_options(board, cards, limit=limit)), cases)
        r["exact"] = sum(a.exact for a in answers) / len(answers)
        r["complete"] = sum(a.complete for a in answers) / len(answers)
        out[f"{size} cities, best {limit}"] = r
    return out


def review_games(games: int = 3, rounds: int = 20, seed: int = 0, bot="search", players: int = 2,
                 rules=None) -> list:
    """``games`` games of ``players`` players (default 2) between ``bot`` bots (default the search bot at its
    default budget) on ``rules`` (e.g. ``{"expansions": ["messenger", "offices"]}``; default the base game), each
    taken at the end of its round ``rounds`` (all of it when shorter): the games the review benchmark reviews."""
    from .bots.spec import bot_lineup

    names = player_names(players)
    lineup = bot_lineup(bot, players)
    out = []
    for k in range(games):
        gseed = game_seed(seed, k)
        state = play_game(names, [e.make(bot_seed(gseed, i)) for i, e in enumerate(lineup)], gseed, rules)
        s, cut = state.root, state
        for a in state.history:
            s = s.apply(a)
            if s.turns >= players * rounds:
                cut = s
                break
        out.append(cut)
    return out


def bench_review(games: int = 3, rounds: int = 20, seed: int = 0, game_bot="search", players: int = 2,
                 rules=None, **options) -> dict:
    """Time :func:`thurn.game_review.review_game` (``options``: its ``bot``, ``samples``; default: the review's
    default budget, 8 games played out per turn) of the first player of ``games`` games of ``players`` players on
    ``rules`` of ``rounds`` rounds (:func:`review_games`; ``game_bot`` plays them): seconds for the decisions table,
    for the expected final scores, and in all (wall time; ``cpu_s``: the process's CPU time, steadier when other
    programs share the cores), per game, with the load average of the machine just before."""
    from .game_review import expected_scores, positions, review

    perf, cpu = time.perf_counter, time.process_time
    rows = []
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else math.nan
    for state in review_games(games, rounds, seed, game_bot, players, rules):
        c0 = cpu()
        t0 = perf()
        states = positions(state)
        table = review(state, 0, bot=options.get("bot"), seed=seed)
        t1 = perf()
        plan = table.attrs.get("plan")         # the default budget's plan: its expected scores' turns
        expected_scores(state, 0, samples=options.get("samples", 8), seed=seed, states=states,
                        every=None if plan is None else plan.every)
        t2 = perf()
        rows.append({"turns": state.turns, "actions": len(state.history), "decisions": len(table),
                     "table_s": t1 - t0, "expected_s": t2 - t1, "total_s": t2 - t0, "cpu_s": cpu() - c0})
    n = len(rows)
    return {"games": rows, "mean_total_s": sum(r["total_s"] for r in rows) / n,
            "max_total_s": max(r["total_s"] for r in rows), "mean_cpu_s": sum(r["cpu_s"] for r in rows) / n,
            "load": load}
