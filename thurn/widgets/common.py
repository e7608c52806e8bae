"""Small display helpers shared by the apps: city cards as chips coloured by province, a message area, and
:func:`close_tree` (closing a widget with everything it holds, so that replaced parts do not stay alive).

No rules here: a chip only shows a city's name in its province's colour (from the board data). Every name is
escaped and every colour checked (:mod:`thurn._html`) before it is put into HTML.
"""
from __future__ import annotations

import html

import ipywidgets as widgets

from .._html import css_color

__all__ = ["province_color", "text_color", "card_chip", "card_chips", "MessageArea", "ClosesParts", "close_tree",
           "live_widgets"]


def province_color(board, city) -> str:
    """The colour of the province ``city`` (a name or city number) belongs to, as in the board data (a grey when
    the data's colour is not a ``#rrggbb`` or ``#rgb`` colour)."""
    index = city if isinstance(city, int) else board.card_key(city)[0]    # (a copy's name: its city)
    return css_color(board.city_color(index))


def text_color(background: str) -> str:
    """Black or white, whichever reads better on ``background`` (a ``#rrggbb`` colour)."""
    h = background.lstrip("#")
    if len(h) != 6:
        return "black"
    r, g, b = (int(h[i:i + 2], 16) for i in (0, 2, 4))
    return "black" if 0.299 * r + 0.587 * g + 0.114 * b > 150 else "white"


def card_chip(board, city, note: str = "") -> str:
    """One city card as an HTML chip in its province's colour; ``note`` is shown small after the name."""
    if city is None:
        return "<span class='thurn-chip' style='padding:1px 7px;border:1px dashed #999;border-radius:4px'>·</span>"
    name = city if isinstance(city, str) else board.city_name(city)
    where = board.card_key(name)[0]           # (a copy's name, "Hamburg (3 horseshoes)": its city's colour)
    color = province_color(board, where)
    province = board.region_name(where)
    extra = f" <small>{html.escape(note)}</small>" if note else ""
    return (f"<span class='thurn-chip' title='{html.escape(province)}' style='display:inline-block;"
            f"padding:1px 7px;margin:1px 2px;border-radius:4px;background:{color};"
            f"color:{text_color(color)};white-space:nowrap'>{html.escape(name)}{extra}</span>")


def card_chips(board, cities, empty: str = "—", sep: str = "") -> str:
    """Several cards as chips (``empty`` when there are none); ``sep`` goes between them (e.g. ``"–"``)."""
    cities = list(cities)
    if not cities:
        return f"<span style='color:#777'>{html.escape(empty)}</span>"
    return html.escape(sep).join(card_chip(board, c) for c in cities)


class MessageArea(widgets.HTML):
    """A one-paragraph message under an app: ``info`` (neutral), ``ok`` (green) or ``error`` (red, e.g. the
    engine's explanation of an illegal action). CSS class ``thurn-message``; ``.text`` is the plain text."""

    _COLORS = {"info": "#333", "ok": "#1d6b2f", "error": "#b00020"}

    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self.add_class("thurn-message")
        self.text = ""
        self.kind = "info"

    def show(self, text: str, kind: str = "info") -> None:
        if kind not in self._COLORS:
            raise ValueError(f"a message is 'info', 'ok' or 'error', not {kind!r}.")
        self.text, self.kind = str(text), kind
        weight = "bold" if kind == "error" else "normal"
        self.value = (f"<div style='color:{self._COLORS[kind]};font-weight:{weight};min-height:1.4em'>"
                      f"{html.escape(self.text)}</div>") if self.text else ""

    def info(self, text: str) -> None:
        self.show(text, "info")

    def ok(self, text: str) -> None:
        self.show(text, "ok")

    def error(self, text: str) -> None:
        self.show(text, "error")

    def clear(self) -> None:
        self.show("")


class ClosesParts:
    """Mixed into an app (before its ``ipywidgets`` box class): ``close()`` closes every widget the app shows, with
    their layouts and styles, then the app itself."""

    def close(self) -> None:
        close_tree(self, keep_roots=True)
        super().close()


def live_widgets() -> int:
    """How many widgets are open in this kernel (a widget stays alive, with its layout and style, until closed)."""
    from ipywidgets.widgets import widget as module

    registry = getattr(module, "_instances", None)         # ipywidgets 8; 7 kept them in Widget.widgets
    return len(registry if registry is not None else widgets.Widget.widgets)


def close_tree(*roots, keep_roots: bool = False) -> None:
    """Close each widget of ``roots`` and every widget it holds: its children, its ``layout`` and ``style`` (which
    a widget's own ``close()`` leaves open) and any other widget in its traits. ``keep_roots=True`` closes what
    the roots hold but not the roots themselves (an app closing its parts before it closes itself)."""
    seen: set[int] = set()
    todo = [(w, True) for w in roots]
    while todo:
        w, is_root = todo.pop()
        if id(w) in seen or not isinstance(w, widgets.Widget):
            continue
        seen.add(id(w))
        for name in w.keys:
            value = getattr(w, name, None)
            if isinstance(value, widgets.Widget):
                todo.append((value, False))
            elif isinstance(value, (list, tuple)):
                todo.extend((v, False) for v in value if isinstance(v, widgets.Widget))
        if not (keep_roots and is_root):
            w.close()


def hide_kept_cards(fig, action, actor: int, seat) -> None:
    """A map whose title names the last action (``thurn.viz.board_figure``): another player's cards kept in hand
    become a count, as in ``state.log(seat)`` (base rules, 3d; ``seat`` as in ``thurn.log.seen_line``)."""
    from ..log import seen_action

    said = seen_action(action, actor, seat)
    title = fig.layout.title.text
    if said != str(action) and title:
        fig.update_layout(title_text=title.replace(html.escape(str(action)), html.escape(said)))
