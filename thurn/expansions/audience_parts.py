"""The Audience's parts above the rules (:class:`thurn.parts.Parts`): the Rome strip drawn under the board (its roads
and cities, each carriage on its city, the tiles sealed in it as the viewer may see them, the audience spaces in Rom
and the box), the clergymen in the players' tables, the status lines of the seal and carriage steps, the Play app's
panel (:mod:`.audience_panel`), the carriages a scoring moves in the route explorer and the scoring what-if (read by
:func:`.audience.moves_for`, the one reading of the rule), ``simulate``'s columns and the ladder's figures.

Fair: another player's sealed tiles are never named, only counted face down (The Audience, Preparation: "secretly");
the viewer's own are shown unless the app's option ``audience_memory`` asks him to remember them."""
from __future__ import annotations

import html

from ..parts import Parts, register_parts
from ..step_text import round_text
from ..log import Private
from . import audience as au

#: The app option: the player's own sealed clergymen hidden once sealed (Preparation: the players remember them).
MEMORY = "audience_memory"

#: How the others read a seal in the log (:meth:`.audience.TheAudience.do_seal`'s public words).
SEALED_WORDS = "seals a clergyman in each carriage, face down."

#: The per-player columns of ``simulate``: the player's clergymen in Rome at the end and those sent to the box, the
#: carriage steps he made (the ``clergymen`` score item counts their points: Game end).
PLAYER_COLUMNS = ("clergymen_in_rome", "clergymen_boxed", "carriage_steps")
#: The per-game columns: the carriages that reached Rome, the tiles sent to the box, the turn of the first arrival.
GAME_COLUMNS = ("arrivals", "tiles_boxed", "first_arrival_turn")

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


def _plural(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def _esc(text) -> str:
    return html.escape(str(text), quote=False).replace("%", "&#37;")


# -- what the viewer may see --------------------------------------------------------------------------------------

def sealed_done(s, seat: int) -> bool:
    """Whether ``seat`` has sealed his clergymen (public: everyone sees the tiles go into the carriages)."""
    return s.step != au.SEAL or s.ext[au.TILES][seat] is not None


def seen_tiles(s, viewer=-1, options=()) -> list:
    """Each seat's ranks in the carriages as ``viewer`` may see them (as :func:`thurn.log.seen_line`: a seat,
    None for everyone's, -1 for nobody's): his own (unless the memory option hides them once sealed), None for
    the others'. Never another player's ranks (The Audience, Preparation: "secretly")."""
    out = []
    for seat in range(s.num_players):
        mine = s.ext[au.TILES][seat]
        show = viewer is None or (viewer == seat and MEMORY not in options)
        out.append(mine if show else None)
    return out


def face_down(s, c: int) -> list:
    """The seats with a tile face down in carriage ``c``: everyone who has sealed, until it reaches Rome."""
    if au.audience(s).at[c] == au.strip(s.board).rome:
        return []
    return [seat for seat in range(s.num_players) if sealed_done(s, seat)]


class CarriageMoves(int):
    """The carriages a scoring moves, one step each (The Audience, Moving the carriages: one per card of the route
    without a new house), as :func:`.audience.moves_for` reads them. As a number: how many steps, so that a table
    sorts by it (never a rank of placements: the explorer ranks by points); shown as "Baiern, Baden ×2"."""

    def __new__(cls, moves, names):
        self = super().__new__(cls, len(moves))
        self.moves = tuple(moves)
        self.names = tuple(names)
        return self

    def __bool__(self) -> bool:       # a count, never "none": no carriage moved is a fact too
        return True

    def __str__(self) -> str:
        if not self.moves:
            return "none"
        counts: dict = {}
        for m in self.moves:
            counts[m] = counts.get(m, 0) + 1
        return ", ".join(("any (Lodz)" if m == au.JOKER else self.names[m]) + (f" ×{k}" if k > 1 else "")
                         for m, k in counts.items())

    __repr__ = __str__

    def __reduce__(self):
        return (CarriageMoves, (self.moves, self.names))

    def words(self) -> str:
        if not self.moves:
            return "no carriage moves (a house on every card)"
        return f"carriage steps south: {self}"


_CARDS: dict = {}


def _card_of_city(board) -> dict:
    """A card of each city (its first copy): :func:`.audience.moves_for` reads cards."""
    hit = _CARDS.get(id(board))
    if hit is None or hit[0] is not board:
        table = {}
        for card, city in enumerate(board.city_of):
            table.setdefault(city, card)
        hit = _CARDS[id(board)] = (board, table)
    return hit[1]


def carriage_moves(board, cities, mask: int) -> CarriageMoves:
    """The carriages scoring the route of ``cities`` (board indices) with houses in ``mask`` moves."""
    table = _card_of_city(board)
    moves = au.moves_for(board, [table[c] for c in cities], mask)
    return CarriageMoves(moves, au.strip(board).names)


# -- the strip under the board -----------------------------------------------------------------------------------

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
    """The Rome strip as a map beside the board (:meth:`thurn.parts.Parts.side_map`): roads, cities, each carriage
    a marker in its colour on its city (the viewer's own rank in it), the carriages' key (where each is, how far
    from Rom, the tiles sealed in it: his own by rank, the others' face down), the audience spaces in Rom with the
    tiles on them (the rank, the owner's colour) and the box."""
    from ..viz.colors import player_colors

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
                     f"{_plural(S.to_rome[A.at[c]], 'city')} to Rom<br>{_esc(_sealed_words(s, c, seen, viewer))}")
    rx, ry, rh = [], [], []                 # the carriages the scorer still owes a step (Moving the carriages)
    for c in sorted(set(A.owed) - {au.JOKER}):
        if A.at[c] != S.rome:
            k = A.owed.count(c)
            rx.append(pos[c][0])
            ry.append(pos[c][1])
            rh.append(f"the {_esc(S.names[c])} carriage: {_plural(k, 'step')} owed")
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
                       text=[f"{_esc(C.names[k])}<br>{_plural(C.points[k], 'point')}" for k in range(5)],
                       textposition="bottom center",
                       textfont=dict(size=10, color=INK), hoverinfo="text",
                       hovertext=[f"audience space {_esc(C.names[k])}: {_plural(C.points[k], 'point')} at the end"
                                  for k in range(5)], showlegend=False,
                       marker=dict(symbol="square", size=26, color="#f4ecd6", line=dict(width=1.2, color=INK))))
    tx, ty, tt, th, tc = [], [], [], [], []
    for k, seats in enumerate(A.spaces):
        for j, seat in enumerate(seats):
            tx.append(sx[k] + (j - (len(seats) - 1) / 2) * 3.2)
            ty.append(SPACE_Y)
            tt.append(str(C.ranks[k]))
            tc.append(colors[seat])
            th.append(f"{_esc(s.names[seat])}'s {_esc(C.names[k])}: {_plural(C.points[k], 'point')}")
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
        hover.append(f"this scoring moves the {_esc(S.names[c])} carriage {_plural(k, 'city')} south")
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
        what = f"{_plural(len(hidden), 'tile')} face down"
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


# -- the parts ------------------------------------------------------------------------------------------------------

class AudienceParts(Parts):
    name = au.NAME
    score_words = "the points of the clergymen on the audience spaces in Rome"

    def score_part_words(self, before, after, seat, item):
        """The clergymen a scoring brings to the audience ("Bischof in Rom"; Game end: their points count)."""
        if item != "clergymen" or au.NAME not in before.ext:
            return None
        C = au.clergy()
        was = [r for k, r in enumerate(C.ranks) for x in au.audience(before).spaces[k] if x == seat]
        now = [r for k, r in enumerate(C.ranks) for x in au.audience(after).spaces[k] if x == seat]
        for r in was:
            if r in now:
                now.remove(r)
        return f"{', '.join(C.name(r) for r in sorted(now, reverse=True))} in Rom" if now else "clergymen in Rom"
    summary = "clergymen sealed in five carriages travel the Rome strip; cards scored without a house move them"
    app_options = {MEMORY: "The Audience: hide my own clergymen once sealed (the rules ask the players to remember "
                           "them). Off: the app shows each player his own."}

    # -- the bots -------------------------------------------------------------------------------------------------
    def valuation(self):
        """The bots' valuation: the clergymen's expected points (:mod:`.audience_valuation`)."""
        from .audience_valuation import valuation

        return valuation()

    # -- the map --------------------------------------------------------------------------------------------------
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

    # -- the Play app ----------------------------------------------------------------------------------------------
    def player_columns(self, state) -> list:
        head = ("<th title='The Audience: clergymen sealed face down in the carriages, and those at the audience in "
                "Rom (their points count at the end)'>clergymen</th>")
        return [(head, [f"<td>{html.escape(clergy_words(state, seat))}</td>"
                        for seat in range(state.num_players)])]

    def status_html(self, state, who: str) -> str | None:
        info = state.step_info
        if state.step == au.SEAL:
            left = sum(1 for seat in range(state.num_players) if not sealed_done(state, seat)) - 1
            more = f" — then {_plural(left, 'more player')} seal{'s' if left == 1 else ''}" if left > 0 else \
                " — the last to seal; then the first turn"
            return (f"<b>The Audience · before the first turn</b> · <b>{who}</b> seals one clergyman in each "
                    f"carriage, face down <i>({html.escape(info.rule)})</i>{more}")
        if state.step == au.MOVE:
            return (f"<b>{round_text(state)} · {html.escape(state.turn_owner_name)}'s scoring</b> · "
                    f"<b>{who}</b> moves the carriages: {html.escape(owed_words(state))} "
                    f"<i>({html.escape(info.rule)})</i>")
        return None

    def remembered(self, item, seat: int, options) -> str | None:
        """With the memory option, the player's own seal reads as the others read it once it is made (Preparation:
        "During the game, players may not check to see what tile they placed in which carriage")."""
        if MEMORY not in options:
            return None
        if isinstance(item, Private) and item.seat == seat and item.public.endswith(SEALED_WORDS):
            return item.public
        if getattr(item, "kind", None) == au.Seal.kind:
            return item.seen_by_others()
        return None

    def panel(self, app):
        from .audience_panel import AudiencePanel
        return AudiencePanel(app)

    # -- the route explorer and the what-if --------------------------------------------------------------------------
    outcome_extras = {"carriages": None}
    route_columns = ("carriages",)
    score_columns = ("carriages",)

    def scoring_extras(self, state, seat: int, route: tuple, mask: int, after=None) -> dict:
        """The carriages the scoring moves (Moving the carriages), read by :func:`.audience.moves_for`."""
        return {"carriages": carriage_moves(state.board, route, mask)}

    def outcome_words(self, extras) -> tuple[list, list]:
        m = dict(extras).get("carriages")
        return ([m.words()], []) if isinstance(m, CarriageMoves) else ([], [])

    def outcome_html(self, extras) -> str:
        m = dict(extras).get("carriages")
        return html.escape(m.words()) if isinstance(m, CarriageMoves) else ""

    # -- simulate ----------------------------------------------------------------------------------------------------
    player_columns_sim = PLAYER_COLUMNS
    game_columns_sim = GAME_COLUMNS
    int_game_columns = ("first_arrival_turn",)

    def tally(self, state):
        return _Tally(state)

    # -- the ladder --------------------------------------------------------------------------------------------------
    def ladder_figures(self, upper, lower, games) -> dict:
        if "arrivals" not in games:
            return {}
        return dict(upper_clergymen=upper["clergymen"].mean(), lower_clergymen=lower["clergymen"].mean(),
                    arrivals=games["arrivals"].mean())

    def ladder_text(self, r) -> str:
        if not (hasattr(r, "arrivals") and r.arrivals == r.arrivals):
            return ""
        return (f"clergymen points {r.upper_clergymen:.1f}/{r.lower_clergymen:.1f}, carriages in Rom a game "
                f"{r.arrivals:.1f}")


def clergy_words(s, seat: int) -> str:
    """A player's clergymen in public words: "5 sealed" / "3 sealed · in Rom: Kardinal, Abt (8 points)"."""
    if not sealed_done(s, seat):
        return "not sealed yet"
    C = au.clergy()
    A = au.audience(s)
    sealed = sum(1 for c in range(5) if face_down(s, c))
    ranks = [r for k, r in enumerate(C.ranks) for x in A.spaces[k] if x == seat]
    boxed = sum(1 for x, _ in A.box if x == seat)
    out = f"{sealed} sealed"
    if ranks:
        out += f" · in Rom: {', '.join(C.name(r) for r in sorted(ranks, reverse=True))} " \
               f"({_plural(au.points_in_rome(s, seat), 'point')})"
    if boxed:
        out += f" · {boxed} boxed"
    return out


def owed_words(s) -> str:
    """The steps the scorer still owes, in words: "the Baiern carriage, another carriage (Lodz)"."""
    S = au.strip(s.board)
    A = au.audience(s)
    out = []
    for o in A.owed:
        if o == au.JOKER:
            out.append("any carriage (a Lodz card)")
        elif A.at[o] == S.rome:
            out.append(f"any carriage (the {S.names[o]} carriage is in Rom)")
        else:
            out.append(f"the {S.names[o]} carriage")
    k = len(A.owed)
    return f"{_plural(k, 'step')} owed — " + ", ".join(out) if out else "no step owed"


class _Tally:
    """What one game's actions say of the carriages (see :data:`PLAYER_COLUMNS`, :data:`GAME_COLUMNS`)."""

    __slots__ = ("steps", "first")

    def __init__(self, s):
        self.steps = [0] * s.num_players
        self.first = None

    def see(self, before, action, after) -> None:
        A2 = au.audience(after)
        made = (action.kind == au.MoveCarriage.kind) + sum(1 for code, _ in after.events if code == "carriage_moved")
        if made:                            # a step chosen, or made for him (one legal move)
            self.steps[before.turn_owner] += made
        if self.first is None and A2.arrived:
            self.first = after.turns

    def row(self, state, seat: int) -> dict:
        A = au.audience(state)
        return {"clergymen_in_rome": sum(x.count(seat) for x in A.spaces),
                "clergymen_boxed": sum(1 for x, _ in A.box if x == seat),
                "carriage_steps": self.steps[seat]}

    def game(self, state) -> dict:
        A = au.audience(state)
        return {"arrivals": len(A.arrived), "tiles_boxed": len(A.box), "first_arrival_turn": self.first}


PARTS = register_parts(AudienceParts())

# the lesson questions (thurn.lessons.outcome_question): which carriages move, where to, who goes to the box, points
from .audience_questions import (QUESTIONS as _QUESTIONS, question_label as _question_label,  # noqa: E402
                                 question_value as _question_value)

AudienceParts.questions = _QUESTIONS
AudienceParts.question_label = staticmethod(_question_label)
AudienceParts.question_value = staticmethod(_question_value)
