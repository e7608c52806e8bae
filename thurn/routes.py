"""Routes: what fits a route, and every route a set of cards can build (base rules, 2).

A card *fits* a route when its city has a road to the city at that end and is not in the route yet.
"""
from __future__ import annotations

import html
from collections import Counter

from .board import Board
from .board_file import load_board


class Route(tuple):
    """A route: city names left to right. Shows itself as ``Carlsruhe–Stuttgart–Nürnberg``."""

    def __new__(cls, cities=(), board: Board | None = None):
        r = super().__new__(cls, tuple(cities))
        r.board = board
        return r

    def __eq__(self, other):
        if isinstance(other, list):
            other = tuple(other)
        return tuple.__eq__(self, other)

    def __ne__(self, other):
        return not self == other

    __hash__ = tuple.__hash__

    @property
    def ends(self) -> tuple[str, str] | tuple[()]:
        return (self[0], self[-1]) if self else ()

    def __str__(self):
        return "–".join(self) if self else "(no route)"

    def __repr__(self):
        return f"Route({list(self)!r})"

    def _repr_html_(self):
        from ._html import css_color

        if not self:
            return "<i>no route</i>"
        cells = []
        for name in self:
            color = "#ddd"
            if self.board is not None:
                city = self.board.city(name)
                color = css_color(self.board.city_color(city.index))
            cells.append(f"<span style='background:{color};padding:2px 6px;border-radius:4px;margin:1px;"
                         f"display:inline-block'>{html.escape(name)}</span>")
        return "–".join(cells) + f" <small>({len(self)} card{'s' if len(self) != 1 else ''})</small>"


def fitting_ends(board, route, city) -> list[str]:
    """The ends ('left', 'right') of ``route`` where ``city`` fits (base rules, 2); [] if none."""
    board = load_board(board)
    r = [board.index(c) for c in route]
    c = board.index(city)
    if not r:
        return []
    if c in r:
        return []
    ends = []
    if board.adj[c] >> r[0] & 1:
        ends.append("left")
    if board.adj[c] >> r[-1] & 1:
        ends.append("right")
    return ends


def extensions(board, route, cards) -> list[tuple[str, str]]:
    """Every (city, end) by which one of ``cards`` extends ``route``."""
    board = load_board(board)
    out = []
    for name in dict.fromkeys(board.city_name(board.index(c)) for c in cards):
        for end in fitting_ends(board, route, name):
            out.append((name, end))
    return out


def buildable_routes(board, cards, start=(), min_length=1) -> list[Route]:
    """Every route that ``cards`` (a multiset of city names) can build, extending ``start`` at either end.

    A route and its reverse are the same route; each appears once, longest first.
    """
    board = load_board(board)
    stock = Counter(board.index(c) for c in cards)
    start_idx = tuple(board.index(c) for c in start)
    adj = board.adj
    seen: set[tuple[int, ...]] = set()
    found: list[tuple[int, ...]] = []

    def add(route):
        key = min(route, route[::-1])
        if key not in seen:
            seen.add(key)
            found.append(route)

    def grow(route, mask):
        if len(route) >= max(min_length, 1):
            add(route)
        for c in list(stock):
            if stock[c] <= 0 or mask >> c & 1:
                continue
            for end in (0, 1):
                tip = route[0] if end == 0 else route[-1]
                if adj[c] >> tip & 1:
                    stock[c] -= 1
                    grow((c,) + route if end == 0 else route + (c,), mask | 1 << c)
                    stock[c] += 1
                if len(route) == 1:
                    break

    if start_idx:
        m = 0
        for c in start_idx:
            m |= 1 << c
        grow(start_idx, m)
    else:
        for c in list(stock):
            stock[c] -= 1
            grow((c,), 1 << c)
            stock[c] += 1
    found.sort(key=lambda r: -len(r))
    return [Route([board.city_name(c) for c in r], board) for r in found]
