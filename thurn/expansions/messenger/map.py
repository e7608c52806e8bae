"""The Princess' Messenger on the map (:class:`thurn.viz.parts.MapParts`): the seals of the nobility letters on the
cities and the letters and the figure in the table under the map (Messenger, The Nobility Letters)."""
from __future__ import annotations

from ...viz.board import city_xy, plotly_text, plotly_texts
from ...viz.parts import MapParts
from . import rules as messenger

LETTER_FILL, LETTER_INK = "#fff3c4", "#8b1a1a"     # a nobility letter on the map: a cream seal with a dark red rim


class MessengerMap(MapParts):
    def map_traces(self, board, state) -> list:
        """A small seal on each city whose nobility letter still lies there (drawn on the city marker, so it never
        hides a house or a name), with the rule in its hover text; trace ``letters``."""
        cities = messenger.summary(state)["cities"]
        x, y = city_xy(board, cities)
        hover = [f"<b>{plotly_text(c)}</b>: its nobility letter still lies here<br>the first house placed here takes it"
                 for c in cities]
        return [dict(type="scatter", name="letters", x=x, y=y, mode="markers", text=plotly_texts(cities), hovertext=hover,
                     hoverinfo="text", showlegend=True,
                     marker=dict(symbol="diamond", size=8, color=LETTER_FILL, line=dict(width=1.5, color=LETTER_INK)))]

    def map_columns(self, state) -> list:
        m = messenger.summary(state)
        return [("letters", [str(v) for v in m["held"].values()], f"{len(m['cities'])} on cities"),
                ("Messenger", ["<b>holds it</b>" if name == m["holder"] else "–" for name in state.names],
                 "by the board" if m["holder"] is None else "–")]


PARTS = MessengerMap()
