"""The route explorer: which routes can these cards build, and what would scoring each of them bring?

:class:`RouteExplorer` is an ``ipywidgets.VBox`` (display it, or make it the last expression of a cell). You
choose cards (or take them from a game position: the player's hand and the display) and the current route; it
lists every route the cards can build and every extension of the current route, ranked by the points scoring
would bring now, and draws the chosen one on the map. All answers come from :func:`thurn.explore.route_options`
and :func:`thurn.routes.fitting_ends` (base rules, 2 and 3); nothing here knows a rule.

CSS classes (for pages and browser tests): the app ``thurn-explorer``, the map box ``thurn-map``, the table
``thurn-routes``, the message ``thurn-message``.
"""
from __future__ import annotations

import html
import time

import ipywidgets as widgets

from ..board import Board
from ..board_file import load_board
from ..errors import ThurnError, UnknownName
from ..parts import parts_on
from ..explore import ROUTE_BUDGET, Outcome, RouteOption, RouteOptions, route_options
from ..routes import fitting_ends
from ..state import GameState
from ..viz import board_figure, refresh
from ..viz.board import sent
from .common import ClosesParts, MessageArea, card_chips, province_color, text_color
from .figurebox import FigureBox

__all__ = ["RouteExplorer"]

PAGE = 50                   # rows listed at first, and added by "show more"
OFF_COLOR = "#f1f1f1"       # a card not chosen
RANK_WIDTH = "46px"         # the column of the rows' buttons (the engine's rank)
STYLE = """<style>
.thurn-explorer .thurn-card { min-width: 0; padding: 0 6px; }
.thurn-routes-head .widget-button { margin: 0; padding: 0 4px; font-weight: bold; text-align: left;
  background: #f3f3f3; border-bottom: 1px solid #bbb; overflow: hidden; text-overflow: clip; }
.thurn-routes { max-height: 420px; overflow-y: auto; border: 1px solid #ddd; }
.thurn-route-row { border-bottom: 1px solid #eee; align-items: flex-start; }
.thurn-route-row .widget-button { margin: 1px 0; }
.thurn-route-row .widget-html, .thurn-route-row .widget-html-content { margin: 0; height: auto; line-height: 1.35; }
.thurn-route-row.thurn-row-selected { background: #dcebfa; }
.thurn-cells { display: grid; gap: 0; font-size: 13px; line-height: 1.35; }
.thurn-cells > span { padding: 2px 4px; overflow-wrap: anywhere; }
</style>"""
UNCHANGING = ("roads", "provinces", "cities")     # map traces that only a new board would change
COLUMNS = ("points", "houses", "tiles", "carriage", "cards", "kind", "route")
EXTRA_WIDTH = "72px"        # a variant's column (Parts.route_columns: The Princess' Messenger's letters)
RANK = "#"                  # the rows' buttons: the engine's rank, best first; sorting by it restores the ranking
WIDTHS = {"points": "68px", "houses": "70px", "tiles": "190px", "carriage": "104px", "cards": "66px",
          "kind": "88px", "route": "minmax(220px, 1fr)"}
#: Sorting by a column puts the highest first (the route and the kind: A to Z); clicking the column again turns it.
DESCENDING = {"points": True, "houses": True, "tiles": True, "carriage": True, "cards": True,
              "kind": False, "route": False, RANK: False}


class RouteExplorer(ClosesParts, widgets.VBox):
    """Every route the chosen cards can build, and every extension of the current route, ranked by scoring now.

    ``obj`` is a board (or board name) or a :class:`~thurn.GameState`. From a board, ``cards`` are the cards
    chosen at first and ``route`` the current route (both editable). From a game position, the cards are
    ``player``'s hand (default: whose turn it is) and, while "include the display" is ticked, the display; the
    route is his current route. ``page`` rows are listed at first ("show more" adds as many). ``min_length`` is
    the shortest new route listed; ``height`` the map's height in pixels. The table lists the options ranked by
    the engine (``#`` 1 is the best); click a column's name to sort by it (again to turn the order round), click a
    row's number to draw it on the map: the route dashed (``suggestion``), the houses of its best placement hollow
    (``placement``), and the chosen cards that fit the current route ringed (``candidates``). Until the user picks
    a row, the map shows the best option for the current route: its best extension when it has one, else the best
    row; a row picked stays while it is listed and cards change, and a newly typed route (or another player) shows
    its own best option again. A city name that does not exist, or a route off the roads, shows the engine's
    message and changes nothing else.

    Parts, for code and tests: ``card_buttons`` (city → Button), ``include_display`` (Checkbox),
    ``route_box`` (Text), ``players`` (Dropdown, with a game position), ``sort_buttons`` (column → Button, in
    the header ``table_head``), ``table`` (VBox of rows, each a Button with the rank and the cells), ``more``
    (Button), ``message`` (MessageArea), ``figure`` (plotly FigureWidget); ``options`` is the listed
    :class:`~thurn.explore.RouteOptions` (engine order), ``shown`` the same in the table's order and
    ``table_rows`` its text, ``selected`` the selected row's :class:`~thurn.explore.RouteOption` and ``row`` its
    position, ``sort`` the (column, descending) sorted by, ``timing`` the seconds the last answer took
    (``options``, ``table``, ``map``, ``total``). A variant may add columns (:attr:`thurn.parts.Parts.route_columns`;
    with The Princess' Messenger ``letters``: the nobility letters the best placement's houses take).
    """

    @property
    def figure(self):
        """The map the page shows now (a plotly FigureWidget, renewed by its :class:`FigureBox` if the page's copy
        stopped following it)."""
        return self._map_box.figure

    def __init__(self, obj="base", cards=None, *, player=None, route=None, include_display: bool = True,
                 min_length: int = 2, page: int = PAGE, height: int = 500):
        self.state = obj if isinstance(obj, GameState) else None
        self.board: Board = self.state.board if self.state is not None else load_board(obj)
        self.seat = self.state.seat(player) if self.state is not None else None
        self.min_length, self.page, self.limit, self.height = min_length, page, page, height
        self.options: RouteOptions = RouteOptions()
        self.candidates: list[str] = []
        self.timing: dict[str, float] = {}
        self._route: list[str] = []
        self._chosen: set[str] = set()
        self._picked = None                 # the route of a row the user selected, kept while it is listed
        self._index: int | None = None      # the selected option (an index into ``options``)
        self._order: list[int] = []         # the options in the order the table shows them
        self.sort = (RANK, False)           # (column, descending): the engine's ranking, best first
        self._quiet = False

        self.header = widgets.HTML()
        self.card_buttons = {c.name: self._card_button(c.name) for c in self.board.cities}
        self.display_line = widgets.HTML()
        self.include_display = widgets.Checkbox(value=include_display, description="include the display",
                                                indent=False, layout=widgets.Layout(width="auto"))
        self.route_box = widgets.Text(placeholder="e.g. Stuttgart, Ulm (Enter to apply; empty for none)",
                                      description="Route:", continuous_update=False,
                                      layout=widgets.Layout(flex="1 1 auto", width="auto"))
        clear = widgets.Button(description="no route", tooltip="start without a route",
                               layout=widgets.Layout(flex="0 0 auto", width="auto"))
        clear.on_click(lambda _: self._set_route_text(""))
        self.players = None
        if self.state is not None:
            self.players = widgets.Dropdown(options=[(n, i) for i, n in enumerate(self.state.names)],
                                            value=self.seat, description="Player:",
                                            layout=widgets.Layout(width="240px"))
            self.players.observe(self._on_player, "value")
        self.message = MessageArea()
        self.status = widgets.HTML()
        self.sort_buttons: dict[str, widgets.Button] = {}
        self.table_head = widgets.HBox(layout=widgets.Layout(width="100%"))
        self.table_head.add_class("thurn-routes-head")
        self.table = widgets.VBox(layout=widgets.Layout(width="100%"))
        self.table.add_class("thurn-routes")
        self._rows: list[tuple[widgets.HBox, widgets.Button, widgets.HTML]] = []      # a pool, grown as needed
        self.more = widgets.Button(description=f"show {page} more", icon="angle-down",
                                   layout=widgets.Layout(width="auto"))
        self.more.on_click(self._on_more)
        self.detail = widgets.HTML()
        self._map_box = map_box = FigureBox(board_figure(self.state if self.state is not None else self.board,
                                                         player=self.seat, height=height, widget=True),
                                            layout=widgets.Layout(width="100%"))
        map_box.add_class("thurn-map")

        self._load_player(cards, route)
        self.include_display.observe(lambda _: self._answer(), "value")
        self.route_box.observe(self._on_route, "value")

        cards_box = widgets.HBox(list(self.card_buttons.values()), layout=widgets.Layout(flex_flow="row wrap"))
        route_row = widgets.HBox([self.route_box, clear], layout=widgets.Layout(width="100%"))
        controls = [self.header] + ([self.players] if self.players is not None else [])
        super().__init__([widgets.HTML(STYLE), *controls, cards_box,
                          widgets.HBox([self.display_line, self.include_display]), route_row, self.message,
                          self.status, self.table_head, self.table, self.more, self.detail, map_box])
        self.add_class("thurn-explorer")
        if self.state is None:                  # a board has no display
            self.include_display.layout.display = "none"
        self._answer()

    # -- what is chosen ----------------------------------------------------------------------------------------

    @property
    def cards(self) -> list[str]:
        """The chosen cards (in board order), without the display."""
        return [c.name for c in self.board.cities if c.name in self._chosen]

    @cards.setter
    def cards(self, cards) -> None:
        self._chosen = self._names(cards)
        self._paint()
        self._answer()

    @property
    def display(self) -> list[str]:
        """The face-up cards of the game position, by their cities (none for a board; a card named by its copy,
        "Halle (2 horseshoes)", is its city's)."""
        if self.state is None:
            return []
        board = self.board
        return [board.city_name(board.card_key(c)[0]) for c in self.state.display_cards if c is not None]

    @property
    def played_from(self) -> list[str]:
        """The cards the routes are built from: the chosen cards, plus the display when it is included."""
        extra = self.display if self.include_display.value else []
        return self.cards + [c for c in dict.fromkeys(extra) if c not in self._chosen]

    @property
    def route(self) -> list[str]:
        """The current route (city names, left to right); set it by name, or type it in ``route_box``."""
        return list(self._route)

    @route.setter
    def route(self, route) -> None:
        self._set_route_text(", ".join(route))

    @property
    def selected(self) -> RouteOption | None:
        """The option of the selected row (drawn on the map), or None."""
        i = self._index
        return self.options[i] if i is not None and i < len(self.options) else None

    @property
    def row(self) -> int | None:
        """The position of the selected row in the table as sorted (0 is the top row), or None."""
        return self._order.index(self._index) if self._index in self._order else None

    @property
    def shown(self) -> list[RouteOption]:
        """The listed options in the order the table shows them (see :meth:`sort_by`)."""
        return [self.options[i] for i in self._order]

    @property
    def table_rows(self) -> list[dict[str, str]]:
        """The table as text, row by row in the order shown: column name → cell (``#`` is the engine's rank)."""
        columns = self.columns
        extra = columns[len(COLUMNS):]
        out = []
        for i in self._order:
            cells = dict(zip(columns, _row(self.options[i], extra)))
            out.append({RANK: str(i + 1), **cells})
        return out

    @property
    def columns(self) -> tuple[str, ...]:
        """The table's columns, and those of the variants switched on (:attr:`thurn.parts.Parts.route_columns`:
        with The Princess' Messenger the letters the houses take)."""
        if self.state is None:
            return COLUMNS
        return COLUMNS + tuple(name for part in parts_on(self.state) for name in part.route_columns)

    def toggle(self, city) -> None:
        """Choose ``city`` if it is not chosen, else put it back (as clicking its card does)."""
        name = self.board.city(city).name
        self._chosen ^= {name}
        self._paint(name)
        self._answer()

    def select(self, i: int) -> None:
        """Select row ``i`` of the table as shown (0 is the top row; the best one until it is sorted otherwise), as
        clicking its number does: the map draws it."""
        if not 0 <= i < len(self._order):
            raise IndexError(f"there are {len(self._order)} rows listed; row {i} is not one of them.")
        self._choose(self._order[i])

    def sort_by(self, column: str, descending: bool | None = None) -> None:
        """Sort the listed rows by ``column`` (one of :attr:`columns`, or ``"#"`` for the engine's ranking), as
        clicking its name does: the highest first (the route and the kind A to Z), turned round when the column is
        sorted already. Ties keep the engine's order. The selected row stays selected."""
        if column not in (RANK, *self.columns):
            raise UnknownName("column", column, (RANK, *self.columns),
                              f"The table's columns are {', '.join((RANK,) + self.columns)}.")
        if descending is None:
            current, down = self.sort
            descending = (not down) if current == column else DESCENDING.get(column, True)
        self.sort = (column, bool(descending))
        self._order = _sorted(self.options, *self.sort)
        self._fill()

    def show_more(self) -> None:
        """List ``page`` more rows."""
        self._on_more(None)

    def __repr__(self) -> str:
        where = f"{self.state.names[self.seat]}'s position" if self.state is not None else self.board.name
        return (f"RouteExplorer({where}: {len(self.played_from)} cards, route {'–'.join(self._route) or 'none'}; "
                f"{self.options.total} options)")

    # -- events ------------------------------------------------------------------------------------------------

    def _card_button(self, name: str) -> widgets.Button:
        b = widgets.Button(description=name, tooltip=f"{name}: click to choose or put back",
                           layout=widgets.Layout(width="auto", margin="1px"))
        b.add_class("thurn-card")
        b.on_click(lambda _: self.toggle(name))
        return b

    def _on_player(self, change) -> None:
        self.seat = change["new"]
        self._picked = None
        self._load_player(None, None)
        self._answer()

    def _load_player(self, cards, route) -> None:
        """Take the cards and the route from the arguments, else from the game position."""
        if cards is None and self.state is not None:
            cards = self.state.hand(self.seat)
        self._chosen = self._names(cards or ())
        if route is None and self.state is not None:
            route = self.state.route(self.seat)
        self._route = [self.board.city(c).name for c in route or ()]
        self._quiet = True
        self.route_box.value = ", ".join(self._route)
        self._quiet = False
        self._paint()
        if self.state is not None:
            name = self.state.names[self.seat]
            self.header.value = (f"<b>{html.escape(name)}'s cards</b> in turn {self.state.turn_number + 1} "
                                 f"({html.escape(self.state.step)} step) — click a card to choose it or put it back")
            self.display_line.value = f"Display: {card_chips(self.board, self.display, empty='empty')}&nbsp;"
        else:
            self.header.value = (f"<b>{html.escape(self.board.name)}</b> — click the cards you have; type the "
                                 f"route you are building")
            self.display_line.value = ""

    def _on_route(self, change) -> None:
        if not self._quiet:
            self._answer(route_text=change["new"])

    def _set_route_text(self, text: str) -> None:
        if self.route_box.value == text:
            self._answer(route_text=text)
        else:
            self.route_box.value = text            # observed: answers

    def _on_more(self, _) -> None:
        self.limit += self.page
        self._answer()

    def _on_row(self, position: int) -> None:
        """A row's button was clicked: select the option shown in that row."""
        if position < len(self._order):
            self._choose(self._order[position])

    def _choose(self, index: int) -> None:
        t = time.perf_counter()
        self._picked = self.options[index].route
        self._index = index
        self._mark()
        self._draw()
        self.timing = {"map": time.perf_counter() - t}

    # -- answering ---------------------------------------------------------------------------------------------

    def _answer(self, route_text: str | None = None) -> None:
        """Ask the engine again and show its answer; a bad input shows the engine's message and keeps the rest."""
        t0 = time.perf_counter()
        try:
            route = _parse_route(self.board, route_text) if route_text is not None else self._route
            cards = self.played_from
            options = route_options(self.state if self.state is not None else self.board, cards,
                                    player=self.seat, route=route, min_length=self.min_length, limit=self.limit,
                                    budget=ROUTE_BUDGET + 10 * self.limit)
            candidates = [c for c in cards if route and fitting_ends(self.board, route, c)]
        except ThurnError as e:
            self.message.error(e.message)
            return
        t1 = time.perf_counter()
        self.message.clear()
        if route != self._route:                # a new route: show its best option, not a row picked before
            self._picked = None
        self._route, self.candidates = route, candidates
        self.options = options
        self._list()
        t2 = time.perf_counter()
        self._draw()
        t3 = time.perf_counter()
        self.timing = {"options": t1 - t0, "table": t2 - t1, "map": t3 - t2, "total": t3 - t0}
        what = "routes and extensions" if route else "routes"
        count = f"{options.total} {what}" if options.complete else f"at least {options.total} {what}"
        best = "the best" if options.exact else "the best found of"
        cut = "" if options.complete else " (too many to look at all: the search stopped at its budget)"
        self.status.value = (f"<small>{count} from {len(cards)} card{'s' if len(cards) != 1 else ''}; {best} "
                             f"{len(options)} listed{cut} · answered in {1000 * (t3 - t0):.0f} ms</small>")

    def _list(self) -> None:
        """Fill the table with the options, sorted as chosen. The row the user selected stays selected while it is
        listed; else the best option for the route is: its best extension when the route has one, else the best
        row (a new route)."""
        index = next((i for i, o in enumerate(self.options) if o.route == self._picked), None)
        if index is None:
            self._picked = None
            index = _best_for_route(self.options, self._route)
        self._index = index
        self._order = _sorted(self.options, *self.sort)
        self._fill()
        self.more.disabled = len(self.options) >= self.options.total
        self.more.description = (f"show {min(self.page, self.options.total - len(self.options))} more"
                                 if not self.more.disabled else "all listed")

    def _fill(self) -> None:
        """Show the header and the rows in ``self._order`` (the pool of row widgets grows, never shrinks)."""
        columns = self.columns
        extra = columns[len(COLUMNS):]
        column, down = self.sort
        names = (RANK, *columns)
        if list(self.sort_buttons) != list(names):
            for b in self.sort_buttons.values():
                b.close()
            self.sort_buttons = {name: self._head_button(name) for name in names}
            self.table_head.children = list(self.sort_buttons.values())
        for name, b in self.sort_buttons.items():
            b.description = name + (" ▼" if down else " ▲") * (name == column)
            b.tooltip = (f"sorted by {name}; click to turn the order round" if name == column else
                         "click to restore the engine's ranking, best first" if name == RANK else
                         f"click to sort by {name}")
        template = " ".join(WIDTHS.get(c, EXTRA_WIDTH) for c in columns)
        while len(self._rows) < len(self._order):
            self._rows.append(self._row_widgets(len(self._rows)))
            self.table.children = [box for box, _, _ in self._rows]
        for position, (box, button, cells) in enumerate(self._rows):
            if position >= len(self._order):
                box.layout.display = "none"
                continue
            i = self._order[position]
            box.layout.display = None
            button.description = str(i + 1)
            cells.value = (f"<div class='thurn-cells' style='grid-template-columns: {template}'>"
                           + "".join(f"<span>{html.escape(c)}</span>"
                                     for c in _row(self.options[i], extra)) + "</div>")
        self._mark()

    def _mark(self) -> None:
        """Highlight the selected row."""
        for position, (box, button, _) in enumerate(self._rows):
            on = position < len(self._order) and self._order[position] == self._index
            button.button_style = "info" if on else ""
            if on and "thurn-row-selected" not in box._dom_classes:
                box.add_class("thurn-row-selected")
            elif not on and "thurn-row-selected" in box._dom_classes:
                box.remove_class("thurn-row-selected")

    def _head_button(self, name: str) -> widgets.Button:
        width = RANK_WIDTH if name == RANK else WIDTHS.get(name, EXTRA_WIDTH)
        layout = (widgets.Layout(flex="1 1 auto", width="auto", min_width="220px") if "fr" in width
                  else widgets.Layout(width=width, flex="0 0 auto"))
        b = widgets.Button(description=name, layout=layout)
        b.on_click(lambda _: self.sort_by(name))
        return b

    def _row_widgets(self, position: int):
        button = widgets.Button(tooltip="show this route on the map",
                                layout=widgets.Layout(width=RANK_WIDTH, height="26px", flex="0 0 auto"))
        button.on_click(lambda _: self._on_row(position))
        cells = widgets.HTML(layout=widgets.Layout(flex="1 1 auto", width="auto"))
        box = widgets.HBox([button, cells], layout=widgets.Layout(width="100%", flex="0 0 auto"))   # no shrinking
        box.add_class("thurn-route-row")
        return box, button, cells

    def _draw(self) -> None:
        """Draw the selected option on the map, and say what it brings."""
        option = self.selected
        best = _best(option) if option is not None else None
        on = self.state if self.state is not None else self.board
        fig = board_figure(on, player=self.seat, route=self._route, candidates=self.candidates,
                           suggestion=list(option.route) if option is not None else None,
                           placement=list(best.houses) if best is not None else None,
                           title=self._title(option, best), height=self.height,
                           extras=best.extras if best is not None else ())
        self._show(fig)
        self.detail.value = _detail(self.board, option)

    def _show(self, fig) -> None:
        """Show ``fig`` on the map. When it has the same traces, only the overlays and the title change, in one
        message (one redraw in the browser); else the whole figure is replaced (:func:`thurn.viz.refresh`)."""
        if [t.name for t in self.figure.data] != [t.name for t in fig.data]:
            refresh(self.figure, fig)
            return
        with self.figure.batch_update():
            for old, new in zip(self.figure.data, fig.data):
                if old.name not in UNCHANGING:
                    old.update(new.to_plotly_json())
            self.figure.layout.title.text = fig.layout.title.text
        sent(self.figure)

    def _title(self, option, best) -> str:
        """The map's title (plotly reads HTML in it: every name is escaped)."""
        who = f"{self.state.names[self.seat]}'s route" if self.state is not None else "Route"
        head = html.escape(f"{who}: {'–'.join(self._route) or 'none'}", quote=False)
        if option is None:
            return f"{head}<br><sup>no route can be built from these cards</sup>"
        # the points first: a long title is cut at the map's right edge (the whole scoring is under the table)
        what = f"{option.points:+d} points" if best is not None else "too short to score"
        sup = html.escape(f"suggested ({option.kind}, {what}): {option.route}", quote=False)
        return f"{head}<br><sup>{sup}</sup>"

    def _paint(self, *names: str) -> None:
        for name in names or self.card_buttons:
            b = self.card_buttons[name]
            on = name in self._chosen
            color = province_color(self.board, name)
            b.style.button_color = color if on else OFF_COLOR
            b.style.text_color = text_color(color) if on else "#777"
            b.style.font_weight = "bold" if on else "normal"
            b.icon = "check" if on else ""

    def _names(self, cards) -> set[str]:
        if isinstance(cards, str):
            raise ThurnError(f"cards should be a list of city names, not the string {cards!r}.")
        board = self.board            # a card named by its copy ("Weimar (2 horseshoes)") is its city's card
        return {board.city_name(board.card_key(c)[0]) for c in cards}


# -- rows --------------------------------------------------------------------------------------------------------

def _best(option: RouteOption) -> Outcome | None:
    """The scoring the option's points come from: with the Cartwright when he brings more."""
    if option.cartwright is not None and (option.outcome is None or option.cartwright.points > option.outcome.points):
        return option.cartwright
    return option.outcome


def _row(option: RouteOption, extra: tuple = ()) -> tuple[str, ...]:
    """One row of the table (:data:`COLUMNS`): points, houses, tiles, carriage, cards (the route's length), kind,
    route (the current route in brackets); then the variants' ``extra`` columns (counts of the best placement)."""
    best = _best(option)
    if option.kind == "new":
        kind, route = "new", str(option.route)
    else:
        played = set(option.cards)
        cities = list(option.route)
        inner = [i for i, c in enumerate(cities) if c not in played]
        kind = f"extend +{len(option.cards)}"
        route = "–".join(cities[:inner[0]] + ["[" + "–".join(cities[inner[0]:inner[-1] + 1]) + "]"]
                         + cities[inner[-1] + 1:])
    cards = str(len(option.route))
    if best is None:
        return ("0", "–", "too short to score", "–", cards, kind, route) + ("–",) * len(extra)
    tiles = ", ".join(f"{name} ({v})" for name, v in best.tiles) or "–"
    carriage = "–" if best.carriage is None else str(best.carriage)
    if best is option.cartwright:
        carriage += " (Cartwright)"
    row = (f"{option.points:+d}", str(len(best.houses)), tiles, carriage, cards, kind, route)
    return row + tuple(str(getattr(best, name) or 0) for name in extra)


def _sort_key(option: RouteOption, column: str):
    """What a column sorts by: numbers for the numbers (a row too short to score counts 0), text for the rest."""
    best = _best(option)
    if column == "points":
        return option.points
    if column == "houses":
        return len(best.houses) if best else 0
    if column == "tiles":
        return sum(v for _, v in best.tiles) if best else 0
    if column == "carriage":
        return (best.carriage or 0) if best else 0
    if column == "cards":
        return len(option.route)
    if column == "kind":
        return (option.kind != "new", len(option.cards))
    if column == "route":
        return str(option.route)
    return (getattr(best, column) or 0) if best else 0          # a variant's column: a count


def _sorted(options: RouteOptions, column: str, descending: bool) -> list[int]:
    """The options' indices in the order of ``column`` (``#``: the engine's ranking); ties keep the ranking."""
    order = list(range(len(options)))
    if column == RANK:
        return order[::-1] if descending else order
    keys = [_sort_key(o, column) for o in options]
    return sorted(order, key=lambda i: keys[i], reverse=descending)      # sorted() is stable, reversed too


def _best_for_route(options: RouteOptions, route) -> int | None:
    """The option to show when nothing is picked: with a current route, its best extension (the rows are ranked
    best first) when it has one; else the best row."""
    if not options:
        return None
    if route:
        return next((i for i, o in enumerate(options) if o.kind == "extension"), 0)
    return 0


def _detail(board: Board, option: RouteOption | None) -> str:
    if option is None:
        return "<i>No route: choose more cards.</i>"
    lines = [f"<b>{'New route' if option.kind == 'new' else 'Extension'}</b> "
             f"{card_chips(board, option.route, sep='–')} ({len(option.route)} cards)"]
    if option.kind == "extension":
        lines.append(f"plays {card_chips(board, option.cards)}")
    if option.outcome is None:
        lines.append("too short to score yet (base rules, 3)")
    else:
        lines.append(f"scoring now: {html.escape(str(option.outcome))}")
        if option.outcome.houses:
            lines.append(f"houses in {card_chips(board, option.outcome.houses)}")
    if option.cartwright is not None:
        lines.append(f"with the Cartwright: {html.escape(str(option.cartwright))}")
    if option.decline is not None:
        lines.append(f"declining the carriage (R9): {html.escape(str(option.decline))}")
    return "<div style='line-height:1.9'>" + "<br>".join(lines) + "</div>"


def _parse_route(board: Board, text: str) -> list[str]:
    """City names separated by commas or dashes, as the board spells them; an unknown one raises UnknownCity."""
    for sep in ("–", "—", "-", ";", ">"):
        text = text.replace(sep, ",")
    return [board.city(name.strip()).name for name in text.split(",") if name.strip()]
