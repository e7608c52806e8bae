"""Many games between bots, as a pandas DataFrame; and the speed benchmark behind ``python -m thurn bench``.

Everything here is deterministic for a seed: game ``k`` of ``simulate(..., seed=s)`` is played with the game
seed :func:`game_seed` ``(s, k)`` (the ``seed`` column), and the bot in seat ``i`` of that game with
:func:`bot_seed` ``(game seed, i)``. So one row is enough to replay its game::

    df = simulate(100, players=4, seed=1)
    state = play_game(["P1", "P2", "P3", "P4"], None, seed=int(df.seed[0]))   # game 0 again

Bots see only the public API (``legal_actions``, ``apply``, ...). Single process for now.
"""
from __future__ import annotations

import os
import platform
import random
import time

from .bots import RandomBot

__all__ = ["play_game", "simulate", "game_seed", "bot_seed", "player_names", "COLUMNS", "bench", "machine_info"]

COLUMNS = ["game", "seed", "seat", "player", "carriage", "tiles", "unplaced_houses", "total", "winner", "turns",
           "ended_by"]
SCORE_COLUMNS = ("carriage", "tiles", "unplaced_houses", "total")

#: A game longer than this many actions is taken to be stuck (a random 4-player game takes about 4,500).
MAX_ACTIONS = 200_000


def game_seed(seed, k: int) -> int:
    """The seed of game ``k`` of a simulation seeded with ``seed`` (stable across runs and machines)."""
    return random.Random(f"thurn.sim:{seed}:{k}").randrange(2**32)


def bot_seed(game_seed: int, seat: int) -> int:
    """The seed of the bot in ``seat`` of the game seeded with ``game_seed``."""
    return random.Random(f"thurn.sim.bot:{game_seed}:{seat}").randrange(2**32)


def player_names(players) -> list[str]:
    """``players`` as names: a count (2 to 4) gives ``P1``, ``P2``, ...; a list of names is kept."""
    if isinstance(players, int) and not isinstance(players, bool):
        return [f"P{i + 1}" for i in range(players)]
    return list(players)


def _is_bot(b) -> bool:
    return not isinstance(b, type) and callable(getattr(b, "choose", None))


def _make_bots(bots, n: int, gseed: int) -> list:
    """One bot per seat. ``bots``: None (a seeded RandomBot each); a bot or factory for every seat; or a
    sequence of ``n`` bots or factories. A factory (e.g. the class ``RandomBot``) is called with the seat's
    :func:`bot_seed`, so that every game gets freshly seeded bots."""
    if bots is None:
        return [RandomBot(bot_seed(gseed, i)) for i in range(n)]
    if _is_bot(bots) or callable(bots):
        bots = [bots] * n
    bots = list(bots)
    if len(bots) != n:
        raise ValueError(f"{n} players need {n} bots, not {len(bots)}.")
    out = []
    for i, b in enumerate(bots):
        if _is_bot(b):
            out.append(b)
        elif callable(b):
            out.append(b(bot_seed(gseed, i)))
        else:
            raise TypeError(f"bot for seat {i} should have a choose(state) method or make a bot from a seed, "
                            f"not {b!r}.")
    return out


def play_game(names, bots=None, seed=0, rules=None, max_actions: int = MAX_ACTIONS):
    """Play one game to its end and return the final :class:`~thurn.GameState`.

    ``names``: the players' names in seat order (or their number). ``bots``: one per seat (see
    :func:`simulate`; ``None``: a :class:`~thurn.bots.RandomBot` per seat seeded from ``seed``). ``seed``: the
    game's seed (the deck). Raises ``RuntimeError`` if the game is not over after ``max_actions`` actions.
    """
    from .io import new_game

    names = player_names(names)
    players = _make_bots(bots, len(names), seed)
    state = new_game(names, seed=seed, rules=rules)
    for _ in range(max_actions):
        if state.is_over:
            return state
        state = state.apply(players[state.current_player].choose(state))
    if state.is_over:
        return state
    raise RuntimeError(f"game with seed {seed!r} and {len(names)} players is not over after {max_actions} actions "
                       f"({state!r}).")


def game_rows(state, k: int, seed) -> list[dict]:
    """The rows of one finished game (see :data:`COLUMNS`)."""
    winner = state.winner()
    ended_by = state.end_triggered_by
    rows = []
    for rec in state.score_records():
        seat = rec["seat"]
        row = {"game": k, "seed": seed, "seat": seat, "player": rec["player"]}
        row.update({c: rec[c] for c in SCORE_COLUMNS})
        row.update({"winner": rec["player"] == winner, "turns": state.turns_taken(seat), "ended_by": ended_by})
        row.update({c: v for c, v in rec.items() if c not in row})    # score items of variants, if any
        rows.append(row)
    return rows


def simulate(n_games: int, players=4, seed=0, rules=None, bots=None, progress: bool = False):
    """Play ``n_games`` games between bots; a pandas DataFrame with one row per game and player.

    Columns (:data:`COLUMNS`): ``game`` (0, 1, ...), ``seed`` (that game's seed: ``game_seed(seed, game)``),
    ``seat``, ``player``, the score items ``carriage``, ``tiles``, ``unplaced_houses`` and ``total``, ``winner``
    (bool, with the tie-break), ``turns`` (turns that player finished) and ``ended_by`` (who triggered the end).

    ``players``: a count (names ``P1``...) or a list of names. ``bots``: ``None`` (random play), a bot class or
    factory ``f(seed) -> bot`` for every seat, or a list with one bot or factory per seat; factories are called
    afresh for each game with :func:`bot_seed`, which keeps the whole run deterministic for ``seed``. Bot
    instances are used as they are (their own state carries over from game to game). ``progress``: a tqdm bar.
    """
    import pandas as pd
    from tqdm.auto import tqdm

    if not isinstance(n_games, int) or n_games < 0:
        raise ValueError(f"n_games should be a whole number >= 0, not {n_games!r}.")
    names = player_names(players)
    rows = []
    for k in tqdm(range(n_games), disable=not progress, desc="games", unit="game"):
        gseed = game_seed(seed, k)
        state = play_game(names, _make_bots(bots, len(names), gseed), gseed, rules=rules)
        rows.extend(game_rows(state, k, gseed))
    df = pd.DataFrame(rows, columns=None if rows else COLUMNS)
    return df


# -- the benchmark ---------------------------------------------------------------------------------------------

def machine_info() -> dict:
    """Python version and machine facts for benchmark reports."""
    return {"python": platform.python_version(), "implementation": platform.python_implementation(),
            "platform": platform.platform(), "machine": platform.machine(),
            "processor": platform.processor() or platform.machine(), "cpu_count": os.cpu_count()}


def bench(players: int = 4, seconds: float = 10.0, seed: int = 0) -> dict:
    """Random play through the public API (``legal_actions`` + ``apply``, uniform choice) for about ``seconds``.

    Plays whole games until the time is up (at least one; the last one is finished). Returns the counts and the
    rates: games/s, player-turns/s (``state.turn_number`` counts finished player-turns), legal-action calls/s
    and apply calls/s.
    """
    from .io import new_game

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
            "legal_calls": legal_calls, "applies": applies,
            "games_per_s": games / elapsed, "turns_per_s": turns / elapsed,
            "legal_calls_per_s": legal_calls / elapsed, "applies_per_s": applies / elapsed}



def sample_positions(n: int, players: int = 4, seed: int = 0, step: str = "play") -> list:
    """``n`` states at ``step`` taken from random games (one every few decisions), for timing what-if answers.

    At the score step only states whose route is long enough to be scored are taken.
    """
    from .io import new_game

    rng = random.Random(f"thurn.positions:{seed}:{players}:{step}")
    names = player_names(players)
    out, k = [], 0
    while len(out) < n:
        state = new_game(names, seed=game_seed(seed, k))
        k += 1
        while not state.is_over and len(out) < n:
            scorable = step != "score" or len(state.players[state.current].route) >= state.board.min_route
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
    from random games; the apps redraw it after every click. Needs plotly (the viz layer)."""
    from .viz import board_figure, refresh

    states = sample_positions(positions, players, seed, "play")
    widget = board_figure(states[0], widget=True)
    return {"board_figure": _times(board_figure, states),
            "refresh_widget": _times(lambda s: refresh(widget, board_figure(s)), states)}


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
