"""The Audience on the map (:class:`thurn.viz.parts.MapParts`): the Rome strip drawn under the board (its roads and
cities, each carriage on its city, the tiles sealed in it as the viewer may see them, the audience spaces in Rom and
the box) and the clergymen in the table under the map.

Fair: another player's sealed tiles are never named, only counted face down (The Audience, Preparation: "secretly");
the viewer's own are shown unless the app's option ``audience_memory`` asks him to remember them."""
from __future__ import annotations

import html

from ...viz.colors import player_colors
from ...viz.parts import MapParts
from . import rules as au
from .parts import CarriageMoves, clergy_words, face_down, plural, seen_tiles

STRIP_X = (-6.0, 166.0)          # the strip's cities span x 0..100; the carriages' key stands right of them
STRIP_Y = (-30.0, 107.0)         # Rom at y 0; the audience spaces and the box under it
KEY_X = 108.0                    # the carriages' key
SPACE_Y, SPACE_X0, SPACE_DX = -14.0, 14.0, 19.0     # the audience spaces: a row under Rom
STRIP_HEIGHT = 420               # px
BOX_LINES = 4                    # the box's tiles listed on at most this many lines (two a line)
ROAD = "#9a948b"
INK = "#333333"
OWED = "#b00020"                 # the ring around a carriage that owes a step
MOVED = "#1d6b2f"                # the ring around a carriage a scoring shown would move
UNSEEN = "·"                     # a carriage's mark where the viewer's rank is not shown (never an empty text: a
                                 # plotly figure widget does not draw a text restyled from empty)


def _esc(text) -> str:
    return html.escape(str(text), quote=False).replace("%", "&#37;")


def _where(S, A) -> dict:
    """Each carriage's marker position: on its city, carriages sharing a city side by side."""
    at: dict = {}
    for c, i in enumerate(A.at):
        at.setdefault(i, []).append(c)
    out = {}
    for i, cs in at.items():
        x, y = S.map.cities[i].pos
        for k, c in enumerate(cs):
            out[c] = (x - 1.0 + (k - (len(cs) - 1) / 2) * 4.5, y - 4.6)     # under it, clear of its name
    return out


def strip_map(board, s, viewer=-1, options=()) -> dict | None:
    """The Rome strip as a map beside the board (:meth:`thurn.viz.parts.MapParts.side_map`): roads, cities, each carriage
    a marker in its colour on its city (the viewer's own rank in it), the carriages' key (where each is, how far
    from Rom, the tiles sealed in it: his own by rank, the others' face down), the audience spaces in Rom with the
    tiles on them (the rank, the owner's colour) and the box."""
    S = au.strip(board)
    A = au.audience(s)
    C = au.clergy()
    m = S.map
    colors = player_colors(s.num_players)
    seen = seen_tiles(s, viewer, options)
    traces = []
    x, y = [], []
    for a, b in m.roads:
        (ax, ay), (bx, by) = m.city(a).pos, m.city(b).pos
        x += [ax, bx, None]
        y += [ay, by, None]
    traces.append(dict(type="scatter", name="rome roads", x=x, y=y, mode="lines", hoverinfo="skip",
                       showlegend=False, line=dict(color=ROAD, width=2)))
    here: dict = {}
    for c, i in enumerate(A.at):
        here.setdefault(i, []).append(S.names[c])
    traces.append(dict(
        type="scatter", name="rome cities", x=[c.pos[0] for c in m.cities], y=[c.pos[1] for c in m.cities],
        mode="markers+text", text=[_esc(c.name) for c in m.cities],
        textposition=["bottom center" if i == S.rome else "middle right" for i in range(len(m.cities))],
        textfont=dict(size=10, color=INK), hoverinfo="text", showlegend=False,
        hovertext=[f"<b>{_esc(c.name)}</b>" + (f" · {S.to_rome[i]} to Rom" if S.to_rome[i] > 0 else " · the audience")
                   + (f"<br>carriage: {_esc(', '.join(here[i]))}" if i in here else "")
                   for i, c in enumerate(m.cities)],
        marker=dict(size=[16 if i == S.rome else 7 for i in range(len(m.cities))],
                    symbol=["star" if i == S.rome else "circle" for i in range(len(m.cities))],
                    color=["#c9a227" if i == S.rome else "white" for i in range(len(m.cities))],
                    line=dict(width=1.2, color=INK))))
    # the carriages on their cities, the viewer's own rank inside
    pos = _where(S, A)
    own = seen[viewer] if viewer is not None and 0 <= viewer < s.num_players else None
    xs, ys, texts, hover, fill = [], [], [], [], []
    for c in range(5):
        if A.at[c] == S.rome:
            continue
        px, py = pos[c]
        xs.append(px)
        ys.append(py)
        fill.append(S.colours[c])
        texts.append(str(own[c]) if own is not None and own[c] else UNSEEN)
        hover.append(f"<b>{_esc(S.names[c])} carriage</b> at {_esc(S.city_name(A.at[c]))} · "
                     f"{plural(S.to_rome[A.at[c]], 'city')} to Rom<br>{_esc(_sealed_words(s, c, seen, viewer))}")
    rx, ry, rh = [], [], []                 # the carriages the scorer still owes a step (Moving the carriages)
    for c in sorted(set(A.owed) - {au.JOKER}):
        if A.at[c] != S.rome:
            k = A.owed.count(c)
            rx.append(pos[c][0])
            ry.append(pos[c][1])
            rh.append(f"the {_esc(S.names[c])} carriage: {plural(k, 'step')} owed")
    traces.append(dict(type="scatter", name="owed carriages", x=rx, y=ry, mode="markers", hovertext=rh,
                       hoverinfo="text", showlegend=False,
                       marker=dict(symbol="square-open", size=27, color=OWED, line=dict(width=3, color=OWED))))
    traces.append(dict(type="scatter", name="carriages", x=xs, y=ys, mode="markers+text", text=texts,
                       textposition="middle center", textfont=dict(size=10, color=INK, family="Arial Black"),
                       hovertext=hover, hoverinfo="text", showlegend=False,
                       marker=dict(symbol="square", size=17, color=fill, line=dict(width=1.5, color=INK))))
    # the key: each carriage, where it is, what is sealed in it
    ky = [100 - 15 * c for c in range(5)]
    traces.append(dict(type="scatter", name="carriage key", x=[KEY_X] * 5, y=ky, mode="markers+text",
                       text=["<br>".join(_esc(line) for line in _key_words(s, S, A, c, seen, viewer))
                             for c in range(5)],
                       textposition="middle right", textfont=dict(size=10, color=INK), hoverinfo="skip",
                       showlegend=False, marker=dict(symbol="square", size=13, color=list(S.colours),
                                                     line=dict(width=1, color=INK))))
    # the audience spaces in Rom, the tiles on them
    sx = [SPACE_X0 + SPACE_DX * k for k in range(5)]
    traces.append(dict(type="scatter", name="audience spaces", x=sx, y=[SPACE_Y] * 5, mode="markers+text",
                       text=[f"{_esc(C.names[k])}<br>{plural(C.points[k], 'point')}" for k in range(5)],
                       textposition="bottom center",
                       textfont=dict(size=10, color=INK), hoverinfo="text",
                       hovertext=[f"audience space {_esc(C.names[k])}: {plural(C.points[k], 'point')} at the end"
                                  for k in range(5)], showlegend=False,
                       marker=dict(symbol="square", size=26, color="#f4ecd6", line=dict(width=1.2, color=INK))))
    tx, ty, tt, th, tc = [], [], [], [], []
    for k, seats in enumerate(A.spaces):
        for j, seat in enumerate(seats):
            tx.append(sx[k] + (j - (len(seats) - 1) / 2) * 3.2)
            ty.append(SPACE_Y)
            tt.append(str(C.ranks[k]))
            tc.append(colors[seat])
            th.append(f"{_esc(s.names[seat])}'s {_esc(C.names[k])}: {plural(C.points[k], 'point')}")
    traces.append(dict(type="scatter", name="audience tiles", x=tx, y=ty, mode="markers+text", text=tt,
                       textposition="middle center", textfont=dict(size=9, color="white", family="Arial Black"),
                       hovertext=th, hoverinfo="text", showlegend=False,
                       marker=dict(symbol="circle", size=13, color=tc, line=dict(width=1, color=INK))))
    boxed = [f"{s.names[seat]}'s {C.name(r)}" for seat, r in A.box]
    lines = [", ".join(boxed[i:i + 2]) for i in range(0, min(len(boxed), 2 * BOX_LINES), 2)]
    if len(boxed) > 2 * BOX_LINES:
        lines.append(f"and {len(boxed) - 2 * BOX_LINES} more")
    traces.append(dict(type="scatter", name="box", x=[KEY_X], y=[SPACE_Y + 4], mode="text",
                       text=["<br>".join(_esc(line) for line in [f"box ({len(boxed)}):" if boxed else "box: empty"]
                                         + lines)],
                       textposition="bottom right", hoverinfo="skip", showlegend=False,
                       textfont=dict(size=10, color=INK)))
    title = (f"<b>{_esc(m.name)}</b> (reconstructed) · The Audience<br><span style='font-size:11px'>a card scored "
             f"without a house moves its carriage one city south; its clergymen meet the Pope in Rom</span>")
    return {"traces": traces, "x": list(STRIP_X), "y": list(STRIP_Y), "title": title, "height": STRIP_HEIGHT,
            "background": "#fbfaf6"}


def scoring_traces(s, moves: CarriageMoves) -> list:
    """The carriages a scoring shown on the map would move (the route explorer's, the what-if's choice: Moving the
    carriages): each ringed with its steps beside it, and the whole in words by the key."""
    S = au.strip(s.board)
    A = au.audience(s)
    pos = _where(S, A)
    x, y, text, hover = [], [], [], []
    for c in sorted(set(moves.moves) - {au.JOKER}):
        if A.at[c] == S.rome:
            continue
        k = moves.moves.count(c)
        x.append(pos[c][0])
        y.append(pos[c][1])
        text.append(f"+{k}")
        hover.append(f"this scoring moves the {_esc(S.names[c])} carriage {plural(k, 'city')} south")
    return [dict(type="scatter", name="carriages moved", x=x, y=y, mode="markers+text", text=text,
                 textposition="middle left", textfont=dict(size=11, color=MOVED, family="Arial Black"),
                 hovertext=hover, hoverinfo="text", showlegend=False,
                 marker=dict(symbol="circle-open", size=30, color=MOVED, line=dict(width=3, color=MOVED))),
            dict(type="scatter", name="scoring words", x=[KEY_X], y=[22], mode="text", hoverinfo="skip",
                 showlegend=False, textposition="middle right", textfont=dict(size=10, color=MOVED),
                 text=["<br>".join(_esc(line) for line in ("this scoring moves:", str(moves)))])]


def _sealed_words(s, c: int, seen, viewer) -> str:
    """The tiles sealed in carriage ``c`` in words, as the viewer may see them."""
    C = au.clergy()
    seats = face_down(s, c)
    if not seats:
        return "in Rom: its clergymen are at the audience"
    known = [f"{'your' if seat == viewer else s.names[seat] + chr(39) + 's'} {C.name(seen[seat][c])}"
             for seat in seats if seen[seat] is not None and seen[seat][c]]
    hidden = [seat for seat in seats if seen[seat] is None or not seen[seat][c]]
    mine_hidden = viewer in hidden and viewer is not None and viewer >= 0
    parts = known
    if hidden:
        what = f"{plural(len(hidden), 'tile')} face down"
        if mine_hidden:
            what += " (yours among them: remember it)"
        parts = parts + [what]
    return "sealed: " + ", ".join(parts)


def _key_words(s, S, A, c: int, seen, viewer) -> tuple:
    """A carriage's lines in the key: its name and where it is, then what is sealed in it (as the viewer sees)."""
    at = A.at[c]
    if at == S.rome:
        k = A.arrived.index(c) + 1 if c in A.arrived else 0
        where = f"in Rom ({'first' if k == 1 else f'arrival {k}'})"
    else:
        where = f"{S.city_name(at)}, {S.to_rome[at]} to Rom"
        owed = A.owed.count(c)
        if owed:
            where += f" · {owed} owed"
    seats = face_down(s, c)
    if not seats:
        return S.names[c], where
    C = au.clergy()
    if viewer is not None and viewer >= 0 and seen[viewer] is not None and seen[viewer][c]:
        mine = f"your {C.name(seen[viewer][c])}"
        others = len(seats) - 1
        inside = mine + (f" + {others} face down" if others else "")
    elif viewer is None:
        inside = " · ".join(f"{s.names[x][:6]} {seen[x][c]}" for x in seats if seen[x] is not None and seen[x][c])
    else:
        inside = f"{len(seats)} face down"
    if len(S.names[c]) + len(where) > 30:
        return S.names[c], where, inside
    return f"{S.names[c]} · {where}", inside


class AudienceMap(MapParts):
    def side_map(self, board, state, viewer=-1, options=(), extras=()) -> dict | None:
        if state is None or au.NAME not in state.ext:
            return None
        out = strip_map(board, state, viewer, options)
        moves = dict(extras).get("carriages")
        if isinstance(moves, CarriageMoves):
            out["traces"] += scoring_traces(state, moves)
        return out

    def map_columns(self, state) -> list:
        cells = [clergy_words(state, seat) for seat in range(state.num_players)]
        A = au.audience(state)
        supply = f"box {len(A.box)} · in Rom {len(A.arrived)} of 5"
        return [("clergymen", [html.escape(c, quote=False) for c in cells], html.escape(supply, quote=False))]


PARTS = AudienceMap()
