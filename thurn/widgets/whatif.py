"""Scoring what-if: set up a position, see every way to score the route side by side, and the final table.

:class:`ScoringWhatIf` is an ``ipywidgets.VBox`` (display it, or make it the last expression of a cell). You set
up a position — the players, the route to score, each player's houses, carriage and bonus tiles, the tiles left
on the stacks — or start from a game position. Every edit rebuilds the position with
:func:`thurn.state_from_position`; a position the engine refuses shows the engine's message and the last good
one stays. Each legal way to score (every ``Score`` action, with and without the Cartwright where he is
allowed) is a card: the houses with their option of base rules 3a, the bonus tiles (3b), the carriage (3c),
the points and whether it ends the game. Choosing a card draws its houses on the map and shows the final
score table "if the game ended now" after it, next to the table before it (Game End and Scoring).

All answers come from :func:`thurn.score_outcomes` (each Score action applied by the engine),
:func:`thurn.placement_options` (the 3a labels) and ``state.scores()``; nothing here knows a rule.

CSS classes (for pages and browser tests): the app ``thurn-whatif``, the map box ``thurn-map``, the option cards
``thurn-option`` (the chosen one also ``thurn-option-chosen``), the message ``thurn-message``.
"""
from __future__ import annotations

import html
import re

import ipywidgets as widgets
import pandas as pd
import plotly.graph_objects as go

from ..actions import Score
from ..errors import PositionError, ThurnError
from ..parts import PARTS, parts_on
from ..explore import ScoreOutcome, score_outcomes
from ..io import state_from_position
from ..scoring import placement_options
from ..state import GameState
from ..viz import board_figure, player_colors, refresh, score_chart
from .common import ClosesParts, MessageArea, card_chips, close_tree
from .figurebox import FigureBox

__all__ = ["ScoringWhatIf", "option_labels", "options_table"]

#: The rulebook's example of placing houses (base rules, 3a Example): Ann completes this route.
EXAMPLE = {"players": [{"name": "Ann", "route": ["Sigmaringen", "Stuttgart", "Nürnberg", "Regensburg", "Ingolstadt",
                                                 "Augsburg"]}, {"name": "Ben"}]}
#: The score step, just after the last card of the route was played (base rules, 3).
AT_SCORE = {"step": "score", "draws": 1, "plays": 1}
#: What the what-if keeps of a game position besides the players (scoring depends on nothing else).
KEPT = ("rules", "seed", "start_player", "end_triggered_by", "turns_taken", "ext")
NO_CARRIAGE = "none"
STYLE = """<style>
.thurn-whatif .thurn-option { border: 1px solid #bbb; border-radius: 6px; padding: 6px 8px; margin: 3px;
  width: 230px; background: #fcfbf7; }
.thurn-whatif .thurn-option-chosen { border: 3px solid #333; background: #fff8df; }
.thurn-whatif .thurn-option .widget-html-content { line-height: 1.55; }
.thurn-whatif table.dataframe { border-collapse: collapse; font-size: 12px; margin: 2px 10px 8px 0; }
.thurn-whatif table.dataframe td, .thurn-whatif table.dataframe th { padding: 2px 7px; text-align: right;
  border-bottom: 1px solid #ddd; }
.thurn-whatif-head { font-weight: bold; color: #555; font-size: 12px; }
</style>"""


class ScoringWhatIf(ClosesParts, widgets.VBox):
    """Every way to score a route in a position, side by side, and the final table after each.

    ``state`` is a :class:`~thurn.GameState` (at its score step or any step: its players' houses, carriages and
    tiles, and ``player``'s route are taken, and that player is put at the score step), a position dict, or
    ``None`` for the rulebook's example (base rules, 3a: Ann completes Sigmaringen–Stuttgart–Nürnberg–
    Regensburg–Ingolstadt–Augsburg). ``player`` (name or seat) scores, by default whose turn it is; ``route``
    (city names) replaces his route. The position leaves out hands, display and deck: scoring depends on none of
    them (the engine deals the cards that are left).

    Parts, for code and tests: ``players_box`` (Text: names), ``scorer`` (Dropdown: seat), ``route_box`` (Text),
    ``route_pick`` (Dropdown: adds a city to the route), ``rows`` (one :class:`PlayerRow` per player: ``houses``,
    ``houses_left``, ``carriage``, ``tiles``), ``stack_boxes`` (stack id → Text: the tiles left, top first),
    ``message`` (MessageArea), ``option_cards`` (one VBox per outcome), ``figure`` (the map, a plotly
    FigureWidget), ``chart`` (the score chart, a FigureWidget), ``tables`` (HTML). ``state`` is the last good
    position, ``outcomes`` its :class:`~thurn.ScoreOutcome` list (best first), ``chosen`` the index of the
    chosen one.
    """

    @property
    def figure(self):
        """The map the page shows now (a plotly FigureWidget, renewed by its :class:`FigureBox` if the page's copy
        stopped following it)."""
        return self._map_box.figure

    @property
    def chart(self):
        """The score chart the page shows now (a plotly FigureWidget, renewed by its :class:`FigureBox` if the page's copy
        stopped following it)."""
        return self._chart_box.figure

    def __init__(self, state=None, *, player=None, route=None, height: int = 480):
        if state is None:
            state = state_from_position({**EXAMPLE, "turn": AT_SCORE})
        elif isinstance(state, dict):
            state = state_from_position(state)
        elif not isinstance(state, GameState):
            raise TypeError(f"ScoringWhatIf starts from a GameState, a position dict or None, "
                            f"not {type(state).__name__}.")
        self.board = state.board
        self.height = height
        self.state: GameState = state
        self.outcomes: list[ScoreOutcome] = []
        self.labels: dict[frozenset, str] = {}
        self.chosen: int | None = None
        self._route: list[str] = []
        self._base: dict = {}
        self._piles: list = []
        self._head: list[widgets.HTML] = []         # the form's column heads
        self._quiet = False

        self.header = widgets.HTML()
        self.players_box = widgets.Text(description="Players:", continuous_update=False,
                                        placeholder="names in seating order, e.g. Ann, Ben, Cat",
                                        layout=widgets.Layout(width="360px"))
        self.scorer = widgets.Dropdown(description="Scores:", layout=widgets.Layout(width="200px"))
        self.route_box = widgets.Text(description="Route:", continuous_update=False,
                                      placeholder="cities in order, e.g. Stuttgart, Ulm, Augsburg (Enter to apply)",
                                      layout=widgets.Layout(flex="1 1 420px"))
        self.route_pick = widgets.Dropdown(options=[("add a city…", "")] + [(c.name, c.name)
                                                                           for c in self.board.cities],
                                           value="", layout=widgets.Layout(width="150px"))
        clear = widgets.Button(description="no route", layout=widgets.Layout(width="auto"),
                               tooltip="clear the route")
        clear.on_click(lambda _: setattr(self.route_box, "value", ""))
        self.rows: list[PlayerRow] = []
        self.rows_box = widgets.GridBox(layout=widgets.Layout(
            grid_template_columns="90px minmax(200px, 300px) 80px 100px minmax(200px, 1fr)", grid_gap="2px 6px",
            align_items="center"))
        self.stack_boxes = {st.id: widgets.Text(continuous_update=False, layout=widgets.Layout(width="110px"))
                            for st in self.board.stacks}
        stacks = widgets.HBox([widgets.VBox([widgets.HTML(f"<small>{html.escape(st.name)}</small>"),
                                             self.stack_boxes[st.id]], layout=widgets.Layout(margin="0 6px 0 0"))
                               for st in self.board.stacks], layout=widgets.Layout(flex_flow="row wrap"))
        self.stacks_panel = widgets.Accordion(
            [widgets.VBox([widgets.HTML("<small>The tiles left on each stack, top first (e.g. <code>3 2 1</code>; "
                                        "<code>empty</code> for none). Left blank: the whole stack less the "
                                        "players' tiles (the grey hint).</small>"), stacks])],
            titles=("Bonus tiles left on the stacks",), selected_index=None)
        self.message = MessageArea()
        self.cards_head = widgets.HTML()
        self.cards_box = widgets.HBox(layout=widgets.Layout(flex_flow="row wrap", align_items="stretch"))
        self.option_cards: list[widgets.VBox] = []
        self._map_box = map_box = FigureBox(board_figure(state, height=height, widget=True),
                                            layout=widgets.Layout(flex="1 1 520px", min_width="380px"))
        map_box.add_class("thurn-map")
        self.tables = widgets.HTML()
        self._chart_box = FigureBox(go.FigureWidget(score_chart(state)).update_layout(height=320))

        self.players_box.observe(self._on_players, "value")
        self.scorer.observe(self._on_edit, "value")
        self.route_box.observe(self._on_edit, "value")
        self.route_pick.observe(self._on_pick, "value")
        for box in self.stack_boxes.values():
            box.observe(self._on_edit, "value")

        setup = widgets.VBox([
            widgets.HBox([self.players_box, self.scorer], layout=widgets.Layout(flex_flow="row wrap")),
            widgets.HBox([self.route_box, self.route_pick, clear], layout=widgets.Layout(width="100%")),
            self.rows_box, self.stacks_panel])
        results = widgets.VBox([self.tables, self._chart_box], layout=widgets.Layout(flex="1 1 380px", min_width="340px"))
        super().__init__([widgets.HTML(STYLE), self.header, setup, self.message, self.cards_head, self.cards_box,
                          widgets.HBox([map_box, results], layout=widgets.Layout(
                              flex_flow="row wrap", align_items="flex-start", width="100%"))])
        self.add_class("thurn-whatif")
        self.load(state, player=player, route=route)

    # -- the position -----------------------------------------------------------------------------------------

    def load(self, state: GameState, *, player=None, route=None) -> None:
        """Fill the form from ``state``: its players' houses, carriages and tiles, the stacks, and ``player``'s
        route (or ``route``); that player (default: whose turn it is) scores."""
        if state.board.id != self.board.id:
            raise ThurnError(f"this what-if is on the {self.board.name} board; make a new one for {state.board.name}.")
        seat = state.seat(player) if player is not None else state.to_move
        pos = state.position()
        self._base = {k: pos[k] for k in KEPT if pos.get(k) is not None}
        self._piles = [p.get("piles") for p in pos["players"]]     # a variant's piles beside each player, kept
        route = list(state.route(seat)) if route is None else [self.board.city(c).name for c in route]
        self._quiet = True
        try:
            self.players_box.value = ", ".join(state.names)
            self._make_rows(len(state.names))
            self._set_scorers(list(state.names), seat)
            self.route_box.value = ", ".join(route)
            for row, p in zip(self.rows, pos["players"]):
                row.fill(p, self.board)
            for box in self.stack_boxes.values():
                box.value = ""
            self._fill_stacks(state)
        finally:
            self._quiet = False
        self.update()

    def position(self) -> dict:
        """The position the form describes, as given to :func:`thurn.state_from_position`. A field that cannot
        be read raises :class:`~thurn.PositionError` naming it."""
        names = _names(self.players_box.value)
        seat = self.scorer.value if self.scorer.value is not None else 0
        players = []
        for i, name in enumerate(names):
            p = {"name": name, **self.rows[i].fields(name)} if i < len(self.rows) else {"name": name}
            if i < len(self._piles) and self._piles[i]:
                p["piles"] = self._piles[i]           # (Power and Glory's horse cards: the horses a score needs)
            if i == seat:
                p["route"] = _split(self.route_box.value, self.board)
            players.append(p)
        d = {k: v for k, v in self._base.items()
             if not (k in ("start_player", "end_triggered_by") and v >= len(names))}
        d.update(players=players, current=seat, turn=dict(AT_SCORE))
        stacks = {sid: _tiles_left(self.board.stack(sid).name, box.value)
                  for sid, box in self.stack_boxes.items() if box.value.strip()}
        if stacks:
            d["stacks"] = stacks
        return d

    @property
    def route(self) -> list[str]:
        """The route scored in the last good position; set it by name, or type it in ``route_box``."""
        return list(self._route)

    @route.setter
    def route(self, cities) -> None:
        self.route_box.value = ", ".join(cities)

    @property
    def seat(self) -> int:
        """The seat of the player who scores."""
        return self.scorer.value if self.scorer.value is not None else 0

    def row(self, player) -> PlayerRow:
        """The form row of ``player`` (name or seat)."""
        return self.rows[self.state.seat(player)]

    def update(self) -> bool:
        """Rebuild the position from the form and show its options; False (and the engine's message, the last
        good position kept) when the engine refuses it."""
        try:
            state = state_from_position(self.position(), boards={self.state.rules.board: self.board})
        except ThurnError as e:
            self.message.error(f"{e.message} — the last good position is kept.")
            return False
        self.state = state
        self._route = [self.board.city(c).name for c in _split(self.route_box.value, self.board)]
        scoring = state.step == "score" and state.to_move == self.seat
        self.outcomes = score_outcomes(state) if scoring else []
        self.labels = option_labels(state) if scoring else {}
        self._keep_stacks(state)
        self._show_header()
        self._show_cards()
        if self.outcomes:
            best = self.outcomes[0]
            self.message.ok(f"{len(self.outcomes)} ways to score; the best brings {best.outcome.points:+d} points: "
                            f"{self.label(best)}, {best.outcome}.")
        else:
            self.message.info(self._why_none())
        self.choose(0 if self.outcomes else None)
        return True

    # -- the options ------------------------------------------------------------------------------------------

    @property
    def outcome(self) -> ScoreOutcome | None:
        """The chosen option, or None."""
        return self.outcomes[self.chosen] if self.chosen is not None else None

    def label(self, so: ScoreOutcome) -> str:
        """The 3a option(s) a placement belongs to, e.g. 'option B: every city of Baiern'; with the Cartwright."""
        text = self.labels.get(frozenset(so.outcome.houses), "")
        return text + (" · with the Cartwright" if so.action.cartwright else "")

    def choose(self, i: int | None) -> None:
        """Choose option ``i`` (0 is the best), as clicking its card does: the map draws its houses, and the final
        table after it is shown next to the table before it. ``None`` shows the position alone."""
        if i is not None and not 0 <= i < len(self.outcomes):
            raise IndexError(f"there are {len(self.outcomes)} options; option {i} is not one of them.")
        self.chosen = i
        for k, card in enumerate(self.option_cards):
            if k == i:
                card.add_class("thurn-option-chosen")
            else:
                card.remove_class("thurn-option-chosen")
        so = self.outcome
        refresh(self.figure, board_figure(self.state, player=self.seat, route=self.route or None,
                                          placement=list(so.outcome.houses) if so is not None else None,
                                          title=self._title(so), height=self.height,
                                          extras=so.outcome.extras if so is not None else ()))
        after = so.state if so is not None else self.state
        chart = score_chart(after)
        chart.update_layout(height=320)
        refresh(self.chart, chart)
        self.tables.value = self._tables(so)

    @property
    def scores_before(self) -> pd.DataFrame:
        """The final score table if the game ended now, before scoring (Game End and Scoring)."""
        return self.state.scores()

    @property
    def scores_after(self) -> pd.DataFrame | None:
        """The final score table if the game ended right after the chosen option; None when none is chosen."""
        return self.outcome.state.scores() if self.outcome is not None else None

    def options_table(self) -> pd.DataFrame:
        """The options shown, one row each (best first), as :func:`options_table` gives them."""
        return options_table(self.state, self.outcomes, self.labels)

    def __repr__(self) -> str:
        route = "–".join(self.route) or "no route"
        name = self.state.names[self.seat] if self.seat < self.state.num_players else "?"
        return f"ScoringWhatIf({name} scores {route}: {len(self.outcomes)} options)"

    # -- events -----------------------------------------------------------------------------------------------

    def _on_edit(self, change) -> None:
        if not self._quiet:
            self.update()

    def _on_players(self, change) -> None:
        if self._quiet:
            return
        names = _names(change["new"])
        self._quiet = True
        try:
            self._make_rows(len(names))
            self._set_scorers(names, min(self.seat, max(len(names) - 1, 0)))
        finally:
            self._quiet = False
        self.update()

    def _on_pick(self, change) -> None:
        city = change["new"]
        if not city or self._quiet:
            return
        self._quiet = True
        self.route_pick.value = ""
        self._quiet = False
        self.route_box.value = ", ".join(_split(self.route_box.value, self.board) + [city])

    def _on_houses(self, row: PlayerRow) -> None:
        """Houses typed: the houses left follow (each player has ``board.houses`` in all); then rebuild."""
        if self._quiet:
            return
        self._quiet = True
        row.houses_left.value = max(0, self.board.houses - len(_split(row.houses.value, self.board)))
        self._quiet = False
        self.update()

    # -- building the form ------------------------------------------------------------------------------------

    def _make_rows(self, n: int) -> None:
        """One row per player; existing rows keep what is typed in them."""
        while len(self.rows) < n:
            row = PlayerRow(self.board)
            row.houses.observe(lambda _, r=row: self._on_houses(r), "value")
            for w in (row.houses_left, row.carriage, row.tiles):
                w.observe(self._on_edit, "value")
            self.rows.append(row)
        gone = [w for r in self.rows[n:] for w in r.widgets]
        del self.rows[n:]
        if not self._head:
            self._head = [widgets.HTML(f"<span class='thurn-whatif-head'>{h}</span>") for h in
                          ("player", "houses on the board", "houses left", "carriage", "bonus tiles (stack: value)")]
        self.rows_box.children = self._head + [w for r in self.rows for w in r.widgets]
        close_tree(*gone)

    def _set_scorers(self, names: list[str], seat: int) -> None:
        self.scorer.options = [(n, i) for i, n in enumerate(names)]
        self.scorer.value = seat if names else None
        colors = player_colors(len(names)) if 2 <= len(names) <= 4 else ["#333"] * len(names)
        for row, name, color in zip(self.rows, names, colors):
            row.name.value = f"<b style='color:{color}'>{html.escape(name)}</b>"

    def _fill_stacks(self, state: GameState) -> None:
        """Type in a stack's box the tiles left in ``state`` where they differ from what is left by default
        (the whole stack less the players' tiles)."""
        try:
            default = state_from_position(self.position(), boards={self.state.rules.board: self.board}).stacks_left()
        except ThurnError:
            return
        for sid, values in state.stacks_left().items():
            if values != default[sid]:
                self.stack_boxes[sid].value = " ".join(map(str, values)) or "empty"

    def _keep_stacks(self, state: GameState) -> None:
        """Hint in each stack's box the tiles left in ``state``."""
        for sid, values in state.stacks_left().items():
            self.stack_boxes[sid].placeholder = " ".join(map(str, values)) or "empty"

    # -- showing ----------------------------------------------------------------------------------------------

    def _show_header(self) -> None:
        name = html.escape(self.state.names[self.seat])
        route = card_chips(self.board, self.route, empty="no route", sep="–")
        self.header.value = (f"<b>Scoring what-if</b> — {name} scores {route} ({len(self.route)} cards). "
                             f"Edit the position; every way to score it is a card below: click one to see it.")

    def _show_cards(self) -> None:
        old = self.option_cards
        self.option_cards = [self._card(i, so) for i, so in enumerate(self.outcomes)]
        self.cards_box.children = self.option_cards
        close_tree(*old)
        n = len(self.outcomes)
        self.cards_head.value = (f"<b>{n} way{'s' if n != 1 else ''} to score</b>, best first "
                                 f"(points: the change of the final score)" if n else "")

    def _card(self, i: int, so: ScoreOutcome) -> widgets.VBox:
        o = so.outcome
        tiles = ", ".join(f"{html.escape(name)} tile {v}" for name, v in o.tiles) or "none"
        extra = [line for line in (part.outcome_html(o.extras) for part in PARTS.values()) if line]
        lines = [f"<b>{i + 1}. {o.points:+d} point{'s' if abs(o.points) != 1 else ''}</b>"
                 + (" · <b>Cartwright</b>" if so.action.cartwright else "")
                 + (f" · <b>declines carriage {o.declined}</b>" if o.declined is not None else ""),
                 f"<i>{html.escape(self.labels.get(frozenset(o.houses), ''))}</i>",
                 f"{len(o.houses)} house{'s' if len(o.houses) != 1 else ''}: "
                 f"{card_chips(self.board, o.houses, empty='no house')}",
                 f"tiles: {tiles}",
                 f"carriage: {o.carriage if o.carriage is not None else 'none'}"
                 + (f" (carriage {o.declined} declined)" if o.declined is not None else "")] + extra
        if o.ends_game:
            lines.append("<b style='color:#b00020'>ends the game</b>")
        button = widgets.Button(description="show", icon="map-marker", tooltip=str(so.action),
                                layout=widgets.Layout(width="auto"))
        button.on_click(lambda _, k=i: self.choose(k))
        card = widgets.VBox([widgets.HTML("<br>".join(lines)), button])
        card.add_class("thurn-option")
        return card

    def _title(self, so: ScoreOutcome | None) -> str:
        """The map's title (plotly reads HTML in it: every name is escaped)."""
        name = self.state.names[self.seat]
        head = html.escape(f"{name} scores {'–'.join(self.route) or 'no route'}", quote=False)
        if so is None:
            return f"{head}<br><sup>no way to score: the position as it is</sup>"
        return f"{head}<br><sup>{html.escape(f'{self.chosen + 1}. {self.label(so)}: {so.outcome}', quote=False)}</sup>"

    def _tables(self, so: ScoreOutcome | None) -> str:
        before = _table("If the game ended now", self.state.scores())
        if so is None:
            return before
        after = _table(f"… after option {self.chosen + 1}", so.state.scores())
        return f"<div style='display:flex;flex-wrap:wrap;gap:4px'>{before}{after}</div>"

    def _why_none(self) -> str:
        name = self.state.names[self.seat]
        n = len(self.route)
        if n < self.board.min_route:
            return (f"{name}'s route has {n} card{'s' if n != 1 else ''}: too few to score, so the turn ends "
                    f"(base rules, 3: a route needs at least {self.board.min_route} cards).")
        why = self._refusal()
        return f"{name} cannot score now: {why}" if why else f"{name} cannot score now (the engine lists no Score action)."


    def _refusal(self) -> str:
        """Why the engine refuses to score the route with its first placement (a variant's own reason, e.g. too few
        horses), or ""."""
        s = self.state
        p = s.player(self.seat)
        options = placement_options(s.board, p.route, p.houses, p.houses_left, s.rules.optional_houses)
        if not options or s.to_move != self.seat:
            return ""
        why = s.why_illegal(Score(tuple(options[0].cities)))
        return str(why) if why is not None else ""


class PlayerRow:
    """One player's line of the form: houses on the board, houses left, highest carriage, bonus tiles
    (``widgets``: the five cells of the line, name first)."""

    def __init__(self, board):
        fill = widgets.Layout(width="auto")
        self.board = board
        self.name = widgets.HTML()
        self.houses = widgets.Text(continuous_update=False, placeholder="cities, e.g. Ulm, Basel", layout=fill)
        self.houses_left = widgets.IntText(value=board.houses, layout=fill)
        self.carriage = widgets.Dropdown(options=[NO_CARRIAGE] + [str(lv) for lv in board.carriage_levels],
                                         value=NO_CARRIAGE, layout=fill)
        self.tiles = widgets.Text(continuous_update=False, placeholder="e.g. Baden: 3, route of 5: 2", layout=fill)
        self.widgets = [self.name, self.houses, self.houses_left, self.carriage, self.tiles]

    def fill(self, p: dict, board) -> None:
        """Show the player ``p`` of a position dict. What the line cannot edit is kept as it is (``kept``): the
        houses of a player with several colours (SoloPlay: each colour's own), carriages that are not the first
        levels in order (several coach cards of one level); their cells are shown, not edited."""
        levels = list(board.carriage_levels)
        carriages = list(p["carriages"])
        self.kept = {}
        if p.get("colours"):
            self.kept["colours"] = p["colours"]
        if carriages and carriages != levels[:len(carriages)]:
            self.kept["carriages"] = carriages
        self.houses.value = ", ".join(p["houses"])
        self.houses_left.value = p["houses_left"]
        self.carriage.value = str(carriages[-1]) if carriages and str(carriages[-1]) in self.carriage.options \
            else NO_CARRIAGE
        for box, kept in ((self.houses, "colours"), (self.houses_left, "colours"), (self.carriage, "carriages")):
            box.disabled = kept in self.kept
            box.tooltip = "kept as in the game (not edited here)" if box.disabled else None
        self.tiles.value = ", ".join(f"{board.stack(sid).name}: {v}" for sid, v in p["tiles"])

    def fields(self, name: str) -> dict:
        """This player's (``name``) part of a position dict."""
        carriage = self.carriage.value
        out = {"houses": _split(self.houses.value, self.board), "houses_left": self.houses_left.value,
               "carriages": int(carriage) if carriage != NO_CARRIAGE else [],
               "tiles": _tiles(self.tiles.value, name)}
        kept = getattr(self, "kept", {})
        if "colours" in kept:           # (the houses and those left follow from the colours)
            del out["houses"], out["houses_left"]
        out.update(kept)
        return out


# -- tables -------------------------------------------------------------------------------------------------------

def option_labels(state: GameState) -> dict[frozenset, str]:
    """The 3a option(s) of each placement of the current player's route, by its set of cities (base rules, 3a:
    :func:`thurn.placement_options`)."""
    p = state.player(state.to_move)
    per_colour = state.ruleset.house_per_colour and p.colours       # each colour's houses its own (SoloPlay)
    supplies = [(houses if per_colour else p.houses, left) for _, houses, left in p.colours] or \
        [(p.houses, p.houses_left)]
    out: dict = {}
    for houses, left in supplies:           # (a player with several colours: the placements of each)
        for pl in placement_options(state.board, p.route, houses, left, state.rules.optional_houses):
            out.setdefault(frozenset(pl.cities), "; ".join(pl.options))
    return out


def options_table(state: GameState, outcomes=None, labels=None) -> pd.DataFrame:
    """Every way the current player can score now, one row each, best first: the 3a option, the houses, the
    bonus tiles (3b), the carriage (3c), whether the Cartwright helps, the carriage declined (R9), whether the game
    ends, and the points (the change of the final score). ``outcomes`` defaults to :func:`thurn.score_outcomes` of ``state``.
    The variants switched on add their columns before the points (:attr:`thurn.parts.Parts.score_columns`: with
    The Princess' Messenger ``letters``, the nobility letters the houses take, and ``messenger``, the scoring takes
    the figure)."""
    outcomes = score_outcomes(state) if outcomes is None else outcomes
    labels = option_labels(state) if labels is None else labels
    extra = [name for part in parts_on(state) for name in part.score_columns]
    rows = [{"option": labels.get(frozenset(so.outcome.houses), ""),
             "houses": ", ".join(so.outcome.houses),
             "tiles": ", ".join(f"{name}: {v}" for name, v in so.outcome.tiles),
             "carriage": so.outcome.carriage,
             "cartwright": so.action.cartwright,
             "declines": so.outcome.declined,
             "ends_game": so.outcome.ends_game,
             **{name: _cell(getattr(so.outcome, name)) for name in extra},
             "points": so.outcome.points} for so in outcomes]
    columns = ["option", "houses", "tiles", "carriage", "cartwright", "declines", "ends_game", *extra, "points"]
    table = pd.DataFrame(rows, columns=columns, index=pd.RangeIndex(1, len(rows) + 1, name="#"))
    return table.astype({"carriage": "Int64", "declines": "Int64"})


def _cell(value):
    """A variant's extra as a table cell: a plain number or flag as it is, a count of its own as its words (Power and
    Glory's horses: "5 of 7 ✓")."""
    return value if value is None or type(value) in (int, float, bool, str) else str(value)


def _table(caption: str, scores: pd.DataFrame) -> str:
    return (f"<div><div class='thurn-whatif-head'>{html.escape(caption)}</div>"
            f"{scores.drop(columns='seat', errors='ignore').reset_index().to_html(index=False, border=0)}</div>")


# -- reading the form ---------------------------------------------------------------------------------------------

def _split(text: str, board=None) -> list[str]:
    """City names separated by commas, semicolons, dashes or new lines, as typed (the engine reads them). A part
    between commas that is a city of ``board`` as it is (``Baden-Baden`` on a board that has it) is not split."""
    out = []
    for part in re.split(r"[,;\n]", text):
        part = part.strip()
        if board is not None and part in board.city_names:
            out.append(part)
        else:
            out += [t.strip() for t in re.split(r"[–—>]|\s-\s|-", part) if t.strip()]
    return out


def _names(text: str) -> list[str]:
    return [t.strip() for t in re.split(r"[,;\n]", text) if t.strip()]


def _tiles(text: str, name: str) -> list[list]:
    """``name``'s bonus tiles typed as ``stack: value`` (stack id or name), separated by commas."""
    out = []
    for item in re.split(r"[,;\n]", text):
        item = item.strip()
        if not item:
            continue
        m = re.fullmatch(r"(.+?)\s*[:=]?\s*(\d+)", item)
        if m is None:
            raise PositionError(f"{name}'s bonus tiles: {item!r} needs the tile's value, as in 'Baden: 3'.")
        out.append([m.group(1).strip(), int(m.group(2))])
    return out


def _tiles_left(stack: str, text: str) -> list[int]:
    """The values left on a stack, top first, typed as numbers (``empty`` for none)."""
    text = text.strip()
    if text.lower() in ("empty", "none", "-", "–"):
        return []
    values = re.split(r"[\s,;]+", text)
    if not all(v.isdigit() for v in values):
        raise PositionError(f"stack {stack}: {text!r} should be the values of the tiles left, top first "
                            f"(e.g. '3 2 1'), or 'empty'.")
    return [int(v) for v in values]
