"""A box that holds one plotly ``FigureWidget`` (a map, a chart) and puts a fresh copy in its place when the page's
copy stops following it.

anywidget, which carries plotly's FigureWidget to the page, gives each widget two seconds to load plotly's 5 MB
module; a widget that took longer (a busy machine, a page drawing many widgets at once) drops every change sent to
it afterwards: its view is drawn, and frozen. :func:`thurn.viz.board.on_unanswered` notices (a change no view
answers, sent whole again and still unanswered) and the box swaps in a new widget with the same figure, which
the page loads afresh. Apps read their figure from the box (``box.figure``), so they always change the live one.
"""
from __future__ import annotations

import ipywidgets as widgets
import plotly.graph_objects as go

from ..viz.board import on_unanswered

#: How many times one box puts a fresh figure in place of a deaf one (a page that keeps failing is left alone).
MAX_RENEWALS = 3


class FigureBox(widgets.Box):
    """A :class:`ipywidgets.Box` holding ``figure`` (a ``go.FigureWidget``): :attr:`figure` is the one shown, and
    :attr:`renewals` counts the deaf figures replaced."""

    def __init__(self, figure: go.FigureWidget, **kwargs):
        if not isinstance(figure, go.FigureWidget):
            raise TypeError(f"FigureBox holds a plotly FigureWidget, not {type(figure).__name__}.")
        super().__init__([figure], **kwargs)
        self.renewals = 0
        on_unanswered(figure, self._renew)

    @property
    def figure(self) -> go.FigureWidget:
        """The figure the box shows now."""
        return self.children[0]

    def _renew(self, deaf: go.FigureWidget) -> None:
        if deaf is not self.figure or self.renewals >= MAX_RENEWALS:
            return
        self.renewals += 1
        fresh = go.FigureWidget(data=deaf.data, layout=deaf.layout)
        on_unanswered(fresh, self._renew)
        self.children = (fresh,)
        deaf.close()
