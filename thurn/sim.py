"""Many games between bots, as pandas DataFrames (the speed benchmarks are in :mod:`thurn.bench`).

``simulate`` returns a :class:`Simulation`: a table with one row per game and one with a row per game and
player (score breakdown, routes scored, officials used, tiles, houses, who ended the game)::

    games, players = simulate(1000, bots=["greedy", "random"], players=2, rotate=True, seed=1)
    players.groupby("bot")["winner"].mean()

Everything is deterministic for a seed: game ``k`` of ``simulate(..., seed=s)`` is played with the game seed
:func:`game_seed` ``(s, k)`` (the ``seed`` column), and the bot in seat ``i`` of that game with
:func:`bot_seed` ``(game seed, i)``. So one row is enough to replay its game::

    state = play_game(["P1", "P2", "P3", "P4"], None, seed=int(players.seed[0]))   # game 0 again

The games run on all local cores by default (a process pool), or on any ``concurrent.futures`` executor or a
``dask.distributed.Client``: one code path, the games cut into chunks that come back in game order, so the
tables are the same whatever runs them. Bots see only the public API (``legal_actions``, ``apply``, ...).
"""
from __future__ import annotations

import copy
import math
import operator
import os
import pickle
import random
import warnings
from typing import NamedTuple

from .bots.spec import bot_lineup, make_bots, seating
from .errors import SimulationError
from .parts import layer_parts
from .rules import Rules, as_rules, rules_text
from .effects import houses_placed

__all__ = ["sized", "full_size", "Simulation", "SimulationError", "SimulationWarning", "GameFailed",
           "SimulationInterrupted", "ERROR_COLUMNS", "MAX_GAMES", "play_game", "simulate", "game_seed", "bot_seed",
           "player_names",
           "game_rows", "describe_error", "COLUMNS", "GAME_COLUMNS", "OFFICIALS",
           "cores"]

#: The officials, in the order of their columns (the Postmaster called when the hand was empty is counted
#: in ``postmaster`` and again in ``postmaster_forced``).
OFFICIALS = ("postmaster", "administrator", "cartwright", "postal_carrier")
#: The base game's action kinds; an expansion's own kinds are counted per player in columns ``actions_<kind>``.
BASE_KINDS = ("draw", "official", "play", "score", "keep", "end")
SCORE_COLUMNS = ("carriage", "tiles", "unplaced_houses", "total")
#: The per-player columns (an expansion's score items come right before ``total``, its own action kinds' counts
#: ``actions_<kind>`` at the end).
COLUMNS = ["game", "seed", "seat", "player", "bot", "lineup", *SCORE_COLUMNS, "winner", "rank", "turns",
           "routes_scored", "route_lengths", "mean_route_length", "longest_route", "first_route_length",
           "first_route", "carriage_level", "carriages", *OFFICIALS, "postmaster_forced", "tiles_taken",
           "houses_placed", "ended_game"]
#: The per-game columns.
GAME_COLUMNS = ["game", "seed", "players", "rules", "bots", "turns_per_player", "total_turns", "winner_seat",
                "winner_player", "winner_bot", "winning_score", "spread", "ended_by", "actions"]

#: The per-game columns of ``Simulation.errors``: the game, its seed, the seat and bot to move when it failed
#: (missing for a game that never ended), the turn, the action chosen (when the engine refused it), the error
#: and how to play the game again.
ERROR_COLUMNS = ["game", "seed", "seat", "player", "bot", "turn", "action", "error", "message", "replay"]
#: The most games one simulation plays (a billion games would take years and fill the memory first).
MAX_GAMES = 10_000_000
#: The most worker processes (each a Python process with the engine loaded).
MAX_WORKERS = 1024

#: A game longer than this many actions is taken to be stuck (a random 4-player game takes about 4,500).
MAX_ACTIONS = 200_000
#: The most games in one task sent to a worker.
MAX_CHUNK = 100


class SimulationWarning(UserWarning):
    """Some games of a simulation failed (a bot raised or chose an illegal action): they are in ``.errors``."""


class _Tables(NamedTuple):
    games: "pandas.DataFrame"  # noqa: F821
    players: "pandas.DataFrame"  # noqa: F821


class Simulation(_Tables):
    """What :func:`simulate` returns: ``games`` (a row per game) and ``players`` (a row per game and player), and
    ``errors`` (a row per game that failed and is left out of the other two: :data:`ERROR_COLUMNS`)."""

    def __new__(cls, games, players, errors=None):
        self = super().__new__(cls, games, players)
        self.errors = errors if errors is not None else _errors_table([])
        return self

    def __getnewargs__(self):
        return (self.games, self.players, self.errors)


class GameFailed(SimulationError):
    """Games of a simulation failed; ``simulation`` holds the games that finished and the ``errors`` table."""

    reason = "games_failed"

    def __init__(self, message: str, simulation: Simulation):
        super().__init__(message)
        self.simulation = simulation


class SimulationInterrupted(KeyboardInterrupt):
    """A simulation was interrupted (Ctrl-C; a notebook's Interrupt): ``simulation`` holds the games that had
    finished, as :class:`GameFailed` does. A ``KeyboardInterrupt`` still (a script stops, ``except Exception`` does
    not swallow it); ``reason`` is ``"interrupted"``."""

    reason = "interrupted"

    def __init__(self, message: str, simulation: Simulation):
        super().__init__(message)
        self.simulation = simulation

    @property
    def message(self) -> str:
        return str(self.args[0])


def full_size() -> bool:
    """False in the fast test lane: the environment variable ``THURN_SIZE=small``, which ``make test`` sets so that the
    notebooks' and tests' simulations stay small; ``make test-all`` (and CI) run everything at full size."""
    return os.environ.get("THURN_SIZE", "full").strip().lower() != "small"


def sized(full: int, small: int) -> int:
    """How many games (or examples) a notebook or a test plays: ``full``, or ``small`` in the fast test lane (see
    :func:`full_size`)."""
    return full if full_size() else small


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


# -- a variant's columns ----------------------------------------------------------------------------------------------

class ColumnParts:
    """A variant's columns of ``simulate`` and figures of the ladder (the module ``columns`` of its package, its
    ``PARTS``: :func:`thurn.parts.layer_parts`). Every one optional; the defaults add nothing."""

    player_columns_sim: tuple = ()   # the per-player columns it adds to simulate's player rows, in order
    game_columns_sim: tuple = ()     # the per-game columns it adds to simulate's game rows
    int_game_columns: tuple = ()     # of them, those holding a seat or nothing (a nullable integer column)

    def tally(self, state):
        """A counter for one game, started on its first position: it has ``see(before, action, after)``,
        ``row(state, seat) -> dict`` and ``game(state) -> dict``; None when it counts nothing."""
        return None

    def ladder_figures(self, upper, lower, games) -> dict:
        """A rung's figures of the variant (:func:`thurn.ladder.ladder`): means over ``upper``'s and ``lower``'s
        player rows of a simulation (pandas frames) and its ``games`` table; {} when the variant was off."""
        return {}

    def ladder_text(self, row) -> str:
        """Those figures of a ladder ``row`` in words (upper/lower), or "" when the row has none."""
        return ""


def column_parts(state) -> tuple:
    """The column parts of the variants switched on in the game of ``state`` (None: of every variant registered)."""
    return layer_parts(state, "columns")


# -- one game -----------------------------------------------------------------------------------------------------------

class _Tally:
    """What the rows need beyond the final position, seen action by action: each player's scored routes, the
    officials they called, and the compulsory Postmaster (base rules, 1: an empty hand draws two cards); with a
    variant's columns, its own counter (:meth:`ColumnParts.tally`)."""

    __slots__ = ("routes", "officials", "forced", "actions", "kinds", "ext")

    def __init__(self, n: int):
        self.routes = [[] for _ in range(n)]
        self.officials = [dict.fromkeys(OFFICIALS, 0) for _ in range(n)]
        self.forced = [0] * n
        self.actions = 0
        self.kinds = [{} for _ in range(n)]       # the expansions' own action kinds: kind -> count
        self.ext = None                           # the variants' counters (ColumnParts.tally), when one has columns

    def begin(self, s) -> None:
        """The first position of a game: its forced events, and the variants' counters started on it."""
        parts = column_parts(s)                   # (a variant may keep no state of its own: piles only)
        if parts:
            tallies = [t for t in (p.tally(s) for p in parts) if t is not None]
            self.ext = tallies or None
        self.start(s)

    def see(self, before, action, after) -> None:
        seat = before.to_move
        kind = action.kind
        self.actions += 1
        if self.ext is not None:
            for t in self.ext:
                t.see(before, action, after)
        if kind == "score":
            self.routes[seat].append(before.board.cities_of(before.players[seat].route))
            if action.cartwright:
                self.officials[seat]["cartwright"] += 1
        elif kind == "official":
            oid = before.board.official(action.official).id
            self.officials[seat][oid] = self.officials[seat].get(oid, 0) + 1
        elif kind not in BASE_KINDS:
            self.kinds[seat][kind] = self.kinds[seat].get(kind, 0) + 1
        self.start(after)

    def start(self, s) -> None:
        """Count the compulsory Postmaster: a forced event of ``s`` (see ``turn.drawing.forced_draw``)."""
        for code, seat in s.events:
            if code == "compulsory_postmaster":
                self.forced[seat] += 1
                self.officials[seat]["postmaster"] += 1


class _Failure(Exception):
    """A game stopped by an error: the seat to move, its turn, the action chosen (if it was refused), the error."""

    def __init__(self, seat, turn, action, error):
        super().__init__(seat, turn, action, error)
        self.seat, self.turn, self.action, self.error = seat, turn, action, error


def _play(names, bots, seed, rules, max_actions: int = MAX_ACTIONS, tally: _Tally | None = None,
          report: bool = False, start=None):
    """Play a game to its end; with ``report`` an error of a bot (or the engine refusing its action) is raised
    as a :class:`_Failure` naming the seat. ``start``: ``(state, watch, actions played)`` to play on from (see
    :func:`_started`) instead of a new game."""
    from .information import Watch, hidden_view, player_view, view_rng
    from .preparation import new_game

    if start is None:
        state = new_game(names, seed=seed, rules=rules)
        watch = Watch.start(state)      # what the table saw, so that each bot is handed its player's view
        first = 0
    else:
        state, watch, first = start
    if tally is not None:
        tally.begin(state)
    hidden = [getattr(bot, "view", "dealt") == "hidden" for bot in bots]      # (see information.view_for)
    for k in range(first, first + max_actions):
        if state.is_over:
            return state
        action = None
        try:
            seat = state.to_move
            if hidden[seat]:
                action = bots[seat].choose(hidden_view(state, seat, watch, k))
            else:
                action = bots[seat].choose(player_view(state, seat, view_rng(state, seat, k), watch, k))
            after = state.apply(action)
        except Exception as e:
            if not report:
                raise
            raise _Failure(state.to_move, state.turn_number, action, e) from e
        watch.see(state, after.last_action, after)
        if tally is not None:
            tally.see(state, after.last_action, after)     # the engine's own copy of the action
        state = after
    if state.is_over:
        return state
    raise RuntimeError(f"game with seed {seed!r} and {len(names)} players is not over after {max_actions} actions "
                       f"({state!r}).")


def play_game(names, bots=None, seed=0, rules=None, max_actions: int = MAX_ACTIONS):
    """Play one game to its end and return the final :class:`~thurn.GameState`.

    ``names``: the players' names in seat order (or their number). ``bots``: as in :func:`simulate`, one per
    seat or one for all (``None``: a :class:`~thurn.bots.RandomBot` per seat); bots by name, class or factory
    are seeded with :func:`bot_seed` ``(seed, seat)``. ``seed``: the game's seed (the deck). Raises
    ``RuntimeError`` if the game is not over after ``max_actions`` actions.
    """
    names = player_names(names)
    return _play(names, make_bots(bots, [bot_seed(seed, i) for i in range(len(names))]), seed, rules, max_actions)


def _tally_history(state) -> _Tally:
    """The tally of a finished game, replayed from its history."""
    tally = _Tally(state.num_players)
    s = state.root
    tally.begin(s)
    for a in state.history:
        after = s.apply(a)
        tally.see(s, a, after)
        s = after
    return tally


def game_rows(state, k: int = 0, seed=None, bots=None, lineup=None, tally: _Tally | None = None,
              rules: str | None = None) -> tuple[dict, list[dict]]:
    """The row of one finished game and its rows per player (see :data:`GAME_COLUMNS` and :data:`COLUMNS`).

    ``bots``: the bots' names by seat; ``lineup``: each seat's position in the lineup; ``tally``: what was seen
    while playing (else the game is replayed from its history, so any finished game, e.g. one loaded from a
    file, gives its rows).
    """
    n = state.num_players
    tally = tally or _tally_history(state)
    bots = bots or [""] * n
    lineup = lineup or list(range(n))
    seed = state.seed if seed is None else seed
    board = state.board
    records = state.score_records()
    totals = [r["total"] for r in records]
    result = state.result()
    win = result.winner
    rank = _ranks(totals, win, result.order)
    rows = []
    for rec in records:
        i = rec["seat"]
        p = state.players[i]
        routes = tally.routes[i]
        lengths = [len(r) for r in routes]
        row = {"game": k, "seed": seed, "seat": i, "player": rec["player"], "bot": bots[i], "lineup": lineup[i]}
        row.update((c, v) for c, v in rec.items() if c not in ("player", "seat"))   # score items, variants' too
        row.update({
            "winner": i == win if win is not None else None, "rank": rank[i], "turns": state.turns_taken(i),
            "routes_scored": len(routes), "route_lengths": ",".join(map(str, lengths)),
            "mean_route_length": sum(lengths) / len(lengths) if lengths else math.nan,
            "longest_route": max(lengths, default=0), "first_route_length": lengths[0] if lengths else 0,
            "first_route": "-".join(board.city_name(c) for c in routes[0]) if routes else "",
            "carriage_level": p.carriages[-1] if p.carriages else 0, "carriages": len(p.carriages),
            **tally.officials[i], "postmaster_forced": tally.forced[i],
            "tiles_taken": len(p.tiles), "houses_placed": houses_placed(p), "ended_game": state.end_by == i})
        row.update((f"actions_{kind}", tally.kinds[i].get(kind, 0))
                   for kind in state.ruleset.kinds if kind not in BASE_KINDS)
        if tally.ext is not None:
            for t in tally.ext:
                row.update(t.row(state, i))
        if result.rating is not None:
            row["rating"] = result.rating
        rows.append(row)
    game = {"game": k, "seed": seed, "players": n, "rules": rules or rules_text(state.rules), "bots": ",".join(bots),
            "turns_per_player": state.turns / n, "total_turns": state.turns, "winner_seat": win,
            "winner_player": state.names[win] if win is not None else None,
            "winner_bot": bots[win] if win is not None else None,
            "winning_score": totals[win] if win is not None else None,
            "spread": max(totals) - min(totals), "ended_by": state.end_by, "actions": tally.actions}
    if result.rating is not None:
        game["rating"] = result.rating
    if tally.ext is not None:
        for t in tally.ext:
            game.update(t.game(state))
    return game, rows


def _ranks(totals, win, order=None) -> dict:
    """Each seat's rank (1 to n) from the engine's result alone: its order of the seats when it gives one, else
    its winner first (the rules break ties, R6) and the others by total, players tied on points in the order of
    the seats clockwise from the winner (from the first seat when the result has no winner)."""
    n = len(totals)
    origin = win or 0
    if order is None:
        order = sorted(range(n), key=lambda i: (i != win, -totals[i], (i - origin) % n))
    return {seat: r + 1 for r, seat in enumerate(order)}


# -- many games: chunks, executors, tables ------------------------------------------------------------------------

class _Plan(NamedTuple):
    """Everything a chunk of games needs (picklable when the bots are); ``start``: the position games play on
    from (:class:`Start`), or None for new games."""

    names: tuple
    lineup: tuple
    rules: dict
    seed: object
    rotate: bool
    start: "Start | None" = None


#: How games played on from a position deal what a player could not know there (see :func:`simulate`).
DEALS = ("fair", "same")


class Start(NamedTuple):
    """Where ``simulate`` plays on from: ``game`` the game file of the position (its history too: what the table
    watched), ``deal`` (:data:`DEALS`), ``viewer`` (the seat whose knowledge a fair deal keeps) and ``moves`` (the
    notations played first, the same in every game)."""

    game: dict
    deal: str
    viewer: int
    moves: tuple


def _started(start: Start, position, gseed: int):
    """Game ``gseed``'s first position when played on from ``position`` (the start's game, loaded): a fair deal
    drawn with ``gseed`` (the same deals whatever the moves, so that moves are compared on the same deals) or the
    position itself, then the start's moves; ``(state, watch, actions played)`` for :func:`_play`. The fair deal
    keeps every card the table saw taken face up where it was (:func:`~thurn.information.determinize`), so what
    the table watched holds for it too."""
    from . import turn
    from .information import Watch, actions_played, determinize

    watch = Watch.of(position)
    k = actions_played(position)
    s = determinize(position, start.viewer, random.Random(gseed)) if start.deal == "fair" else position
    for text in start.moves:
        after = s.apply(turn.canonical(s, s.ruleset.parse(text)))
        watch.see(s, after.last_action, after)
        s, k = after, k + 1
    return s, watch, k


def _start_for(start, deal, viewer, moves) -> Start:
    """``simulate``'s ``start`` checked: a game that goes on, a deal of :data:`DEALS`, a viewer and moves it
    allows."""
    from . import turn
    from .errors import ThurnError
    from .state import GameState

    if not isinstance(start, GameState):
        from .io import load_game

        try:
            start = load_game(start)
        except ThurnError as e:
            raise SimulationError(f"start should be a game or a position: {e}", reason="bad_start") from None
    if start.is_over:
        raise SimulationError("start is a finished game: there is nothing to play on from it.", reason="bad_start")
    if deal not in DEALS:
        raise SimulationError(f"deal should be 'fair' (what the viewer could not know dealt again for each game) or "
                              f"'same' (the real hidden cards), not {deal!r}.", reason="bad_deal")
    viewer = start.to_move if viewer is None else start.seat(viewer)
    if isinstance(moves, str) or not hasattr(moves, "__iter__"):
        raise SimulationError(f"moves should be a list of actions or notations, not {moves!r}.")
    notations, s = [], start
    moves = list(moves)
    if moves and deal == "fair" and viewer != start.to_move:
        raise SimulationError(f"the moves played first are {start.names[viewer]}'s own: on a fair deal of what he "
                              f"could not know, {start.to_move_name}'s cards are dealt again, and his move may not be "
                              f"legal there.", reason="bad_move")
    for m in moves:
        try:
            a = s.ruleset.parse(m) if isinstance(m, str) else m
            s = s.apply(turn.canonical(s, a))
        except ThurnError as e:
            raise SimulationError(f"move {len(notations) + 1} ({m!r}) cannot be played from the start: {e}",
                                  reason="bad_move") from None
        notations.append(s.last_action.notation)
        if len(notations) > 1000:
            raise SimulationError("at most 1,000 moves are played from the start.")
    if s.is_over:
        raise SimulationError("the moves end the game: there is nothing left to play.", reason="bad_move")
    return Start(start.to_dict(), deal, viewer, tuple(notations))


def _play_range(plan: _Plan, start: int, stop: int, done=None, out=None) -> tuple[list, list]:
    """The rows of games ``start`` to ``stop - 1``: ``(games, players, errors)``, appended to ``out`` when given (so
    that the games finished are kept when the run is interrupted)."""
    rules = Rules.from_dict(plan.rules)
    text = rules_text(rules)
    games, players, errors = out if out is not None else ([], [], [])
    position = None
    if plan.start is not None:
        from .io import load_game

        position = load_game(plan.start.game)
    for k in range(start, stop):
        gseed = game_seed(plan.seed, k)
        seats = seating(plan.lineup, k, plan.rotate)
        entries = [plan.lineup[j] for j in seats]
        bots, seat = [], 0
        try:
            for seat, e in enumerate(entries):
                bots.append(e.make(bot_seed(gseed, seat)))
            tally = _Tally(len(plan.names))
            first = None if position is None else _started(plan.start, position, gseed)
            state = _play(plan.names, bots, gseed, rules, tally=tally, report=True, start=first)
            game, rows = game_rows(state, k, gseed, [e.name_of(b) for e, b in zip(entries, bots)], seats, tally,
                                   text)
        except Exception as e:
            failure = e if isinstance(e, _Failure) else _Failure(seat if len(bots) < len(entries) else None,
                                                                 None, None, e)
            errors.append(_error_row(plan, k, gseed, entries, bots, failure))
        else:
            games.append(game)
            players.extend(rows)
        if done is not None:
            done(1)
    return games, players, errors


def _error_row(plan: _Plan, k: int, gseed: int, entries, bots, failure: _Failure) -> dict:
    """The row of a game that failed, with the call that plays it again."""
    seat, error = failure.seat, failure.error
    labels = [e.label or (e.name_of(b) if i < len(bots) else "") for i, (e, b) in
              enumerate(zip(entries, bots + [None] * len(entries)))]
    by_name = all(e.kind == "name" for e in entries)
    rules = rules_text(Rules.from_dict(plan.rules))
    replay = (f"play_game({list(plan.names)!r}, {labels if by_name else 'bots'!r}, seed={gseed}"
              + (f", rules=parse_rules({rules!r})" if rules != "base" else "") + ")")
    if not by_name:
        replay = replay.replace("'bots'", "bots") + f"  # bots: {labels}, seat by seat"
    return {"game": k, "seed": gseed, "seat": seat, "player": plan.names[seat] if seat is not None else None,
            "bot": labels[seat] if seat is not None else None, "turn": failure.turn,
            "action": repr(failure.action) if failure.action is not None else None,
            "error": type(error).__name__, "message": str(error), "replay": replay}


def _errors_table(errors: list):
    import pandas as pd

    df = pd.DataFrame(errors, columns=ERROR_COLUMNS)
    for c in ("seat", "turn"):
        df[c] = df[c].astype("Int64")
    return df


def describe_error(row) -> str:
    """One failed game in a sentence: which game and seat, the error, and how to play it again."""
    who = (f"seat {row['seat']} ({row['player']}, the {row['bot']} bot)" if not _missing(row["seat"])
           else "no seat (the game itself)")
    turn = f" at turn {row['turn']}" if not _missing(row["turn"]) else ""
    action = f" chose {row['action']}, which" if isinstance(row["action"], str) else ""
    return (f"game {row['game']} (seed {row['seed']}): {who}{turn}{action} raised {row['error']}: "
            f"{row['message']} -- replay: {row['replay']}")


def _missing(x) -> bool:
    import pandas as pd

    return x is None or x is pd.NA or (isinstance(x, float) and math.isnan(x))


def _play_chunk(spec) -> tuple[list, list, list]:
    """One task for a worker: ``(plan, start, stop)`` -> the rows of games ``start`` to ``stop - 1`` (and of those
    that failed). Bot
    instances are copied first, so that tasks running side by side (threads) never share one."""
    plan, start, stop = spec
    if any(e.kind == "bot" for e in plan.lineup):
        plan = plan._replace(lineup=copy.deepcopy(plan.lineup))
    return _play_range(plan, start, stop)


def cores() -> int:
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:
        return os.cpu_count() or 1


def _width(executor) -> int:
    """How many tasks an executor runs at once: a pool's workers, a Dask cluster's threads."""
    n = getattr(executor, "_max_workers", None)
    if n is None and callable(getattr(executor, "nthreads", None)):
        try:
            n = sum(executor.nthreads().values())
        except Exception:       # a client whose cluster does not answer: guess
            n = None
    return n or cores()


def _chunks(n_games: int, width: int, chunksize) -> list[tuple[int, int]]:
    if chunksize is None:
        chunksize = min(MAX_CHUNK, max(1, math.ceil(n_games / (4 * width))))
    elif isinstance(chunksize, bool) or not isinstance(chunksize, int) or chunksize < 1:
        raise SimulationError(f"chunksize should be a whole number of games >= 1, not {chunksize!r}.")
    return [(a, min(a + chunksize, n_games)) for a in range(0, n_games, chunksize)]


class _Stopped(Exception):
    """The run was interrupted: ``out`` holds the rows of the games that had finished (:func:`simulate` raises
    :class:`SimulationInterrupted` with them)."""

    def __init__(self, out):
        super().__init__("interrupted")
        self.out = out


def _run_chunks(submit, plan, chunks, bar, stop=None) -> tuple[list, list, list]:
    """Submit every chunk, then collect the results in game order (``.result()`` works for concurrent.futures
    and Dask futures alike). A chunk whose task itself failed (a worker that died) lists its games as errors.
    Interrupted (KeyboardInterrupt): the chunks not started are cancelled, ``stop()`` ends the running ones (a local
    pool's workers are terminated), and :class:`_Stopped` carries the chunks that had finished."""
    futures = [submit(_play_chunk, (plan, a, b)) for a, b in chunks]
    games, players, errors = [], [], []
    k = 0
    try:
        for k, (f, (a, b)) in enumerate(zip(futures, chunks)):
            try:
                g, p, e = f.result()
            except Exception as x:          # the task, not a game, failed (e.g. a worker process killed)
                g, p, e = [], [], [_error_row(plan, k, game_seed(plan.seed, k),
                                              [plan.lineup[j] for j in seating(plan.lineup, k, plan.rotate)], [],
                                              _Failure(None, None, None, x)) for k in range(a, b)]
            games.extend(g)
            players.extend(p)
            errors.extend(e)
            bar.update(b - a)
        k = len(futures)
    except KeyboardInterrupt:
        for f in futures:
            f.cancel()
        if stop is not None:
            stop()
        for f in futures[k:]:               # chunks that finished while an earlier one was waited for
            try:
                if f.done() and not f.cancelled():
                    g, p, e = f.result(timeout=0)
                    games.extend(g)
                    players.extend(p)
                    errors.extend(e)
            except BaseException:           # (a chunk ended by the interruption)
                continue
        raise _Stopped((games, players, errors)) from None
    except BaseException:
        for f in futures:
            f.cancel()
        raise
    return games, players, errors


def _stop_pool(pool) -> None:
    """End a local process pool at once: its workers are terminated (the games they were playing are lost), so
    that an interrupted simulation stops within moments instead of when the chunks running finish."""
    kill = getattr(pool, "terminate_workers", None)          # Python 3.14
    if kill is not None:
        kill()
    else:
        for proc in list((getattr(pool, "_processes", None) or {}).values()):
            try:
                proc.terminate()
            except (OSError, ValueError, AttributeError):
                pass
    pool.shutdown(wait=False, cancel_futures=True)


def _picklable(plan) -> bool:
    try:
        pickle.dumps(plan)
        return True
    except Exception:           # lambdas, local functions, bots holding them: pickle raises several kinds
        return False


def _tables(games: list, players: list, errors: list = ()) -> Simulation:
    import pandas as pd

    p = pd.DataFrame(players, columns=None if players else COLUMNS)
    every = column_parts(None)
    names = [c for p in every for c in p.game_columns_sim]
    seats = {c for p in every for c in p.int_game_columns}
    extra = [c for c in dict.fromkeys(names + ["rating"]) if games and c in games[0]]
    g = pd.DataFrame(games, columns=GAME_COLUMNS + extra)
    g["ended_by"] = g["ended_by"].astype("Int64")
    for c in extra:
        if c in seats:
            g[c] = g[c].astype("Int64")
    return Simulation(g, p, _errors_table(list(errors)))


def _run(plan, n_games, chunks, width, local, executor, bar) -> tuple[list, list, list]:
    """The rows of every game: in-process, on ``executor``, or on a local process pool."""
    if local:
        out = ([], [], [])
        try:
            return _play_range(plan, 0, n_games, bar.update, out)
        except KeyboardInterrupt:
            raise _Stopped(out) from None
    if executor is not None:
        return _run_chunks(executor.submit, plan, chunks, bar)
    from concurrent.futures import ProcessPoolExecutor

    pool = ProcessPoolExecutor(max_workers=min(width, len(chunks)))
    try:
        result = _run_chunks(pool.submit, plan, chunks, bar, stop=lambda: _stop_pool(pool))
    except _Stopped:
        raise
    except BaseException:
        _stop_pool(pool)
        raise
    pool.shutdown()
    return result


def _interrupted(n_games: int, games: list, rows: list, errors: list) -> SimulationInterrupted:
    """The error of an interrupted simulation, with the games that had finished, in game order."""
    for table in (games, rows, errors):
        table.sort(key=lambda r: r["game"])         # (stable: a game's rows stay in seat order)
    text = (f"The simulation was interrupted: {len(games)} of {n_games} games had finished"
            + (f" ({len(errors)} more failed)" if errors else "")
            + ". They are kept in this error's .simulation (in a notebook, right after the interruption: "
              "import sys; sim = sys.last_value.simulation).")
    return SimulationInterrupted(text, _tables(games, rows, errors))


def _check_count(n_games) -> int:
    if not isinstance(n_games, bool):
        try:
            n = operator.index(n_games)
        except TypeError:
            n = -1
        if n > MAX_GAMES:
            raise SimulationError(f"n_games should be at most {MAX_GAMES:,} in one simulation, not {n:,}: "
                                  f"run several with different seeds.", reason="too_many_games")
        if n >= 0:
            return n
    raise SimulationError(f"n_games should be a whole number >= 0, not {n_games!r}.")


def simulate(n_games: int, bots=None, players=4, rules=None, seed=0, rotate: bool = False, workers: int | None = None,
             executor=None, progress: bool | str = False, chunksize: int | None = None,
             on_error: str = "keep", start=None, deal: str = "fair", viewer=None, moves=()) -> Simulation:
    """Play ``n_games`` games between bots: a :class:`Simulation` ``(games, players)`` of two DataFrames.

    ``bots``: ``None`` (a RandomBot in every seat); a name (``"random"``, ``"greedy"``, ``"search"``, or with
    options ``"search:iterations=16"``), a ``(name, options)`` pair, a bot class or factory ``f(seed) -> bot``,
    or a bot: for every seat; or a list with one of these per seat, mixed. Bots by name, class or factory are
    made afresh for every game, seeded with :func:`bot_seed` ``(game seed, seat)``. A bot instance is used as
    it is and keeps its own state from game to game in-process (``workers=1``); with a pool or an executor it
    must be picklable, and each task of up to ``chunksize`` games plays with its own copy (so a bot that
    learns between games gives results that depend on the chunks: give a name or a factory instead).
    ``rotate``: game ``k`` seats the lineup turned by ``k`` (seat ``i`` gets ``bots[(i + k) % n]``), so each bot
    sits in each seat equally often. ``players``: a count (names ``P1``...) or a list of names. ``rules``: a
    :class:`~thurn.Rules`, a dict of options, or words for :func:`~thurn.rules.parse_rules`.

    ``workers``: ``None`` uses every local core through a process pool (a run of no more games than cores
    runs in-process, and so does one whose bots cannot be pickled, e.g. lambdas); ``1`` runs in-process; ``N``
    a pool of ``N`` processes. ``executor``: any ``concurrent.futures.Executor`` or a
    ``dask.distributed.Client`` instead (thurn must be importable on its workers). The games go out in chunks
    of ``chunksize`` games (default: about four chunks per worker, at most :data:`MAX_CHUNK`) and come back in
    game order: the tables are identical whatever runs them, and for the same ``seed``. ``progress``: a tqdm
    bar (``tqdm.auto``: a widget in a notebook, text elsewhere), labelled "games" or, when ``progress`` is a text,
    with that text (at most 60 characters). At most :data:`MAX_GAMES` games and :data:`MAX_WORKERS` workers.

    A game in which a bot raises, or chooses an action the engine refuses, is left out of ``games`` and
    ``players`` and listed in ``errors`` (:data:`ERROR_COLUMNS`: the game, its seed, the seat, player and bot,
    the turn, the action, the error, and the ``play_game`` call that plays it again); the other games are kept,
    and a :class:`SimulationWarning` names the first failure. ``on_error="raise"`` raises :class:`GameFailed`
    instead, with the games that finished as its ``simulation``. Interrupted (Ctrl-C, a notebook's Interrupt), it
    stops at once (a local pool's workers are ended, the games they were playing lost) and raises
    :class:`SimulationInterrupted` with the games that had finished as its ``simulation``.

    ``start``: a game (a :class:`~thurn.GameState`, a game file or a position) to play on from instead of new
    games (the analysis board's "over 200 deals"): its players and rules (``players`` and ``rules`` are then left
    out). Each game deals again what ``viewer`` (seat or name; default the player to move) could not know there
    (``deal="fair"``, seeded by the game's seed: the same deals in two runs with other ``moves``), or keeps the real
    hidden cards (``deal="same"``); then ``moves`` (actions or notations, the same in every game) are played, and
    the bots play on to the end. The tables count from the start (routes scored, officials, actions).

    ``players`` table (:data:`COLUMNS`), one row per game and player: ``game``, ``seed`` (``game_seed(seed,
    game)``), ``seat``, ``player``, ``bot`` (its name, with options), ``lineup`` (its position in ``bots``),
    the score items ``carriage``, ``tiles`` (the value of the tiles taken), ``unplaced_houses``, ``total``
    (and a variant's items), ``winner`` (the engine's result, with its tie-break, R6; missing when the result is a
    rating without a winner, SoloPlay), ``rank`` (1 to n: the result's order of the seats when it gives one, else
    its winner first and the others by total, ties clockwise from the winner), ``rating`` (only for a rating),
    ``turns`` (turns finished), ``routes_scored``, ``route_lengths`` (text, ``"3,5,7"`` in the order scored),
    ``mean_route_length`` (NaN without a route), ``longest_route``, ``first_route_length`` and ``first_route``
    (its cities, ``"Ulm-Augsburg-Kempten"``; 0 and ``""`` without a route), ``carriage_level`` (the highest,
    0 for none), ``carriages`` (how many taken), the officials used ``postmaster``, ``administrator``,
    ``cartwright``, ``postal_carrier``, ``postmaster_forced`` (of the Postmaster's, those an empty hand made
    compulsory, base rules 1), ``tiles_taken``, ``houses_placed``, ``ended_game`` (this player triggered the
    end). ``games`` table (:data:`GAME_COLUMNS`): ``game``, ``seed``, ``players``, ``rules``
    (:func:`~thurn.rules.rules_text`), ``bots`` (by seat), ``turns_per_player`` (mean), ``total_turns``,
    ``winner_seat``, ``winner_player``, ``winner_bot``, ``winning_score`` (the four missing for a rating),
    ``spread`` (highest minus lowest total), ``ended_by`` (the seat, or missing), ``actions``, ``rating`` (only for a
    rating).
    """
    from tqdm.auto import tqdm

    from .preparation import new_game

    n_games = _check_count(n_games)
    begin = None
    if start is not None:
        if rules is not None or players not in (4, None):
            raise SimulationError("a simulation from a start plays its players under its rules: leave players and "
                                  "rules out.", reason="bad_start")
        begin = _start_for(start, deal, viewer, moves)
        position = begin.game["position"]
        names = tuple(p["name"] for p in position["players"])
        rules = as_rules(position["rules"])
    else:
        if moves or viewer is not None:
            raise SimulationError("moves and viewer are for a simulation from a start (start=...).")
        names = tuple(player_names(players))
        rules = as_rules(rules)
    new_game(names, seed=0, rules=rules)          # bad names or rules fail here, with the engine's message
    lineup = tuple(bot_lineup(bots, len(names)))
    if not isinstance(rotate, bool):
        raise SimulationError(f"rotate should be True or False, not {rotate!r}.")
    if workers is not None and (isinstance(workers, bool) or not isinstance(workers, int) or workers < 1):
        raise SimulationError(f"workers should be a whole number >= 1 or None (every core), not {workers!r}.")
    if workers is not None and workers > MAX_WORKERS:
        raise SimulationError(f"workers should be at most {MAX_WORKERS} processes (this machine has {cores()} "
                              f"cores), not {workers:,}.", reason="too_many_workers")
    if on_error not in ("keep", "raise"):
        raise SimulationError(f"on_error should be 'keep' (list failed games in .errors and warn) or 'raise', "
                              f"not {on_error!r}.")
    if executor is not None and workers is not None:
        raise SimulationError("give workers (a local process pool) or an executor, not both.")
    if executor is not None and not callable(getattr(executor, "submit", None)):
        raise SimulationError(f"executor should be a concurrent.futures.Executor or a dask.distributed.Client "
                              f"(anything with submit()), not {executor!r}.")
    if not isinstance(progress, (bool, str)):
        raise SimulationError(f"progress should be True, False or a label for the bar, not {progress!r}.")
    label = progress[:60] if isinstance(progress, str) and progress.strip() else "games"
    plan = _Plan(names, lineup, rules.to_dict(), seed, rotate, begin)
    width = _width(executor) if executor is not None else (workers or cores())
    chunks = _chunks(n_games, width, chunksize)
    local = executor is None and (width == 1 or (workers is None and n_games <= width))
    if not local and not _picklable(plan):
        if executor is None and workers is None:
            local = True
        else:
            raise SimulationError("these bots cannot be sent to other processes (they cannot be pickled: a lambda, "
                                  "a local function, or a bot holding one): give bot names, classes or module-level "
                                  "functions, or run in-process with workers=1.")
    try:
        with tqdm(total=n_games, disable=progress is False, desc=label, unit="game") as bar:
            games, rows, errors = _run(plan, n_games, chunks, width, local, executor, bar)
    except _Stopped as stopped:
        raise _interrupted(n_games, *stopped.out) from None
    sim = _tables(games, rows, errors)
    if errors:
        first = describe_error(sim.errors.iloc[0])
        text = (f"{len(errors)} of {n_games} games failed and are left out of the tables (see .errors); the first: "
                f"{first}")
        if on_error == "raise":
            raise GameFailed(text, sim)
        warnings.warn(text, SimulationWarning, stacklevel=2)
    return sim
