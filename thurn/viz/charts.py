"""Charts of a game: the final-score parts per player, the bonus stacks left, the score over the turns.

The numbers are the engine's (``state.score_records()``, ``state.stacks_left()``); earlier positions of a game
are found by replaying its history from ``state.root`` with ``apply``. No rules here.
"""
from __future__ import annotations

import textwrap

import plotly.graph_objects as go

from .._html import esc
from ..parts import score_formula
from ..state import GameState
from .colors import INK, player_colors

#: The parts of the final score in ``score_records()`` and how the charts name them (Game End and Scoring).
PARTS = {"carriage": "carriage", "tiles": "bonus tiles", "unplaced_houses": "unplaced houses"}
PART_COLORS = {"carriage": "#8c6d46", "tiles": "#4c8c6b", "unplaced_houses": "#c0504d"}
NOT_PARTS = ("player", "seat", "total")


def _need_state(state, what: str) -> GameState:
    if not isinstance(state, GameState):
        raise TypeError(f"{what} needs a GameState, not {type(state).__name__}.")
    return state


def score_chart(state: GameState) -> go.Figure:
    """A stacked bar per player of the parts of the final score — highest carriage, bonus tiles, minus the
    unplaced houses (Game End and Scoring) — with the total written above it. Parts that variants add to
    ``score_records()`` get bars of their own."""
    records = _need_state(state, "score_chart").score_records()
    players = [esc(r["player"], quote=False) for r in records]
    parts = [k for k in records[0] if k not in NOT_PARTS] if records else []
    traces = [dict(type="bar", name=PARTS.get(k, k.replace("_", " ")), x=players, y=[r[k] for r in records],
                   marker=dict(color=PART_COLORS.get(k)), text=[r[k] for r in records], textposition="inside",
                   hovertemplate=f"%{{x}}: %{{y}} ({PARTS.get(k, k)})<extra></extra>") for k in parts]
    top = [sum(max(r[k], 0) for k in parts) for r in records]
    notes = [dict(x=p, y=t, text=f"<b>total {r['total']}</b>", showarrow=False, yanchor="bottom", yshift=4)
             for p, t, r in zip(players, top, records)]
    head = "Final score" if state.is_over else "Score if the game ended now"
    formula = score_formula(state, "carriage + bonus tiles − unplaced houses", extras=False)
    return go.Figure(data=traces, layout=dict(
        title=dict(text=f"{head}: {esc(formula, quote=False)}"), barmode="relative",
        xaxis=dict(title=dict(text="player")), yaxis=dict(title=dict(text="points"), zeroline=True,
                                                          zerolinecolor=INK), annotations=notes,
        legend=dict(title=dict(text="score part")), margin=dict(t=60)))


def stacks_chart(state: GameState) -> go.Figure:
    """The bonus tiles left on each stack, drawn as stacks: one block per tile with its value, the top tile on
    top (base rules, Preparation: highest on top)."""
    board = _need_state(state, "stacks_chart").board
    left = state.stacks_left()
    names = [esc(board.stack(sid).name, quote=False) for sid in left]
    height = max((len(v) for v in left.values()), default=0)
    traces = []
    for level in range(height):                      # level 0 is the bottom tile of every stack
        values = [v[len(v) - 1 - level] if level < len(v) else None for v in left.values()]
        depth = [("top tile" if level == len(v) - 1 else f"{len(v) - 1 - level} below the top")
                 if level < len(v) else "" for v in left.values()]
        traces.append(dict(type="bar", name=f"tile {level + 1} from the bottom", x=names,
                           y=[1 if v is not None else None for v in values],
                           text=[str(v) if v is not None else "" for v in values], textposition="inside",
                           insidetextanchor="middle", customdata=depth, showlegend=False,
                           marker=dict(color=[_tile_color(v) for v in values], line=dict(width=1.5, color="white")),
                           hovertemplate="%{x}: tile %{text} (%{customdata})<extra></extra>"))
    empty = [dict(x=n, y=0, text="empty", showarrow=False, yanchor="bottom", font=dict(color="#888"))
             for n, v in zip(names, left.values()) if not v]
    return go.Figure(data=traces, layout=dict(
        title=dict(text="Bonus tiles left on each stack (top tile on top)"), barmode="stack", bargap=0.25,
        xaxis=dict(title=dict(text="stack")), yaxis=dict(title=dict(text="tiles left"), dtick=1),
        annotations=empty, margin=dict(t=60)))


def _tile_color(value) -> str:
    if value is None:
        return "rgba(0,0,0,0)"
    shade = max(0, min(6, value))              # tile values run from 1 to 6 on the base board
    return f"rgb({200 - 22 * shade},{170 - 14 * shade},{90 - 8 * shade})"


def score_history(state: GameState) -> list[dict]:
    """Each player's total after each of his turns, replayed from the start of ``state``'s history:
    rows of ``player``, ``seat``, ``turn`` (turns that player has taken) and ``score``. The first row of a
    player is the starting position."""
    s = _need_state(state, "score_history").root
    seats = range(s.num_players)
    taken = [s.turns_taken(i) for i in seats]
    rows = [dict(player=r["player"], seat=i, turn=taken[i], score=r["total"])
            for i, r in enumerate(s.score_records())]
    for action in state.history:
        s = s.apply(action)
        now = [s.turns_taken(i) for i in seats]
        if now != taken:
            records = s.score_records()
            rows += [dict(player=records[i]["player"], seat=i, turn=now[i], score=records[i]["total"])
                     for i in seats if now[i] != taken[i]]
            taken = now
    return rows


def score_timeline(state: GameState) -> go.Figure:
    """Each player's score (the final-score formula) after each of his turns, as a line per player."""
    traces = _score_lines(state, score_history(state), "turn", 5)
    head = (f"Score after each turn · {esc(state.result_text(), quote=False)}" if state.is_over
            else f"Score after each turn so far ({state.turn_number} turns played)")
    return go.Figure(data=traces, layout=dict(
        title=dict(text=head), xaxis=dict(title=dict(text="turns the player has taken")),
        yaxis=dict(title=dict(text="score (carriage + tiles − unplaced houses)")), hovermode="x unified",
        legend=dict(title=dict(text="player")), margin=dict(t=60)))


def review_chart(review, final=None, *, marks=(), title=None) -> go.Figure:
    """Each player's expected final score over the game, one line per player in his colour: ``review`` is a
    :class:`thurn.game_review.Review` (its ``expected`` table, ``final`` scores and biggest mistakes) or the
    ``expected`` DataFrame itself (index: turns played, a column per player, seat order), with ``final`` (the
    actual final scores by name) and ``marks`` (``(turns, text)`` pairs drawn as dotted lines, e.g. mistakes)
    given apart. The numbers come from the review (played-out games, Game End and Scoring); none are made here."""
    expected = getattr(review, "expected", review)
    if final is None:
        final = getattr(review, "final", None)
    if not marks and hasattr(review, "mistake_moves"):
        table = review.table
        marks = [(int(table.loc[m, "turn"]) - 1, f"mistake, turn {int(table.loc[m, 'turn'])}")
                 for m in review.mistake_moves()]
    names = list(expected.columns)
    colors = player_colors(len(names)) if len(names) <= 6 else [INK] * len(names)
    turns = [int(t) for t in expected.index]
    traces = []
    for i, name in enumerate(names):
        label = esc(name, quote=False).replace("%", "&#37;")
        traces.append(dict(type="scatter", name=label, mode="lines+markers", x=turns,
                           y=[float(v) for v in expected[name]], line=dict(color=colors[i], width=2.5),
                           marker=dict(size=5),
                           hovertemplate=f"{label} after %{{x}} turns: %{{y:.1f}} expected<extra></extra>"))
        if final is not None and name in final:
            traces.append(dict(type="scatter", name=f"{label}: final {final[name]}", mode="markers",
                               x=[turns[-1]], y=[final[name]], showlegend=False,
                               marker=dict(symbol="star", size=14, color=colors[i], line=dict(width=1, color=INK)),
                               hovertemplate=f"{label}: final score %{{y}}<extra></extra>"))
    shapes = [dict(type="line", xref="x", yref="paper", x0=t, x1=t, y0=0, y1=1,
                   line=dict(color="#b00020", width=1, dash="dot")) for t, _ in marks]
    notes = [dict(x=t, y=1, xref="x", yref="paper", text=esc(text, quote=False), showarrow=False, yanchor="top",
                  textangle=-90, xanchor="right", font=dict(size=10, color="#b00020")) for t, text in marks]
    if title:
        head = esc(title, quote=False)
    else:       # two lines: one line was cut at the app's width (seen in Voilà)
        head = esc("Expected final score over the game" + (" so far" if final is None else ""), quote=False) + \
            "<br><sup>" + esc("games played out with the greedy policy" +
                              ("; ★ the actual final score" if final is not None else ""), quote=False) + "</sup>"
    return go.Figure(data=traces, layout=dict(
        title=dict(text=head, font=dict(size=14)),
        xaxis=dict(title=dict(text="turns played (all players)")),
        yaxis=dict(title=dict(text="expected final score (points)")), shapes=shapes, annotations=notes,
        legend=dict(title=dict(text="player")), margin=dict(t=70)))


def score_rounds(state: GameState) -> list[dict]:
    """Each player's total (``score_records()``) at the start and after each round of the game, replayed from
    ``state.root``; a round ends when every player has finished one more turn (the last, unfinished round of a game
    over too). Rows of ``player``, ``seat``, ``round`` (0: the start) and ``score``."""
    s = _need_state(state, "score_rounds").root
    seats = range(s.num_players)
    rows = [dict(player=r["player"], seat=i, round=0, score=r["total"]) for i, r in enumerate(s.score_records())]
    done, last = 0, s
    for action in state.history:
        s = s.apply(action)
        rounds = min(s.turns_taken(i) for i in seats)
        if rounds > done:
            done, last = rounds, s
            rows += [dict(player=r["player"], seat=i, round=done, score=r["total"])
                     for i, r in enumerate(s.score_records())]
    if last is not s:
        # after the last round, an expansion's final phase (Offices of Honor's final return round) belongs to it;
        # otherwise the round in progress (or the one the game ended in) is one more round
        final = state.is_over and max(s.turns_taken(i) for i in seats) == done
        if final:
            rows = [r for r in rows if r["round"] != done]
        rows += [dict(player=r["player"], seat=i, round=done if final else done + 1, score=r["total"])
                 for i, r in enumerate(s.score_records())]
    return rows


#: The longest line of the game-over chart's score formula (its small title line), in characters.
FORMULA_CHARS = 72


def score_rounds_chart(state: GameState) -> go.Figure:
    """Each player's score (carriage + tiles − unplaced houses, Game End and Scoring) after each round, a line per
    player: the game app's game-over chart."""
    rows = score_rounds(state)
    traces = _score_lines(state, rows, "round", 6)
    for trace in traces:
        trace["cliponaxis"] = False       # the markers of the first and the last round drawn whole at the axis' ends
    head = (f"Scores over the game · {esc(state.result_text(), quote=False)}" if state.is_over
            else "Scores over the game so far")
    last = max(r["round"] for r in rows)
    # no carriage where a variant replaced the carriage stage (Power and Glory): not named in the score
    carriage = "carriage points + " if any(st.name == "carriage" for st in state.ruleset.scoring) else ""
    formula = score_formula(state, f"{carriage}bonus tiles − 1 for each house not placed")
    # the formula wrapped so that no word is cut at the chart's edge (The Audience's is 100 characters long)
    lines = textwrap.wrap(f"score: {formula}", FORMULA_CHARS)
    more = 14 * (len(lines) - 1)
    return go.Figure(data=traces, layout=dict(
        title=dict(text=f"{head}<br><sup>{'<br>'.join(esc(line, quote=False) for line in lines)}</sup>"),
        xaxis=dict(title=dict(text="round (0: the start)"), range=[0, max(last, 1)]),
        yaxis=dict(title=dict(text="score")), hovermode="x unified",
        legend=dict(title=dict(text="player")), margin=dict(t=70 + more), height=360 + more))


def _score_lines(state: GameState, rows: list[dict], x: str, marker: int) -> list[dict]:
    """A line per player, in his colour, of the ``score`` of ``rows`` against ``x`` ("turn" or "round")."""
    colors = player_colors(state.num_players)
    traces = []
    for i, name in enumerate(state.names):
        shown = esc(name, quote=False).replace("%", "&#37;")
        mine = [r for r in rows if r["seat"] == i]
        traces.append(dict(type="scatter", name=shown, mode="lines+markers", x=[r[x] for r in mine],
                           y=[r["score"] for r in mine], line=dict(color=colors[i], width=2.5),
                           marker=dict(size=marker),
                           hovertemplate=f"{shown} after {x} %{{x}}: %{{y}} points<extra></extra>"))
    return traces
