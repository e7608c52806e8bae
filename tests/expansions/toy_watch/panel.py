"""The toy expansion in the Play app: a column of the players table and a panel saying the houses watched."""
from __future__ import annotations

import ipywidgets as widgets

from thurn.widgets.parts import PanelParts

from .rules import watched


class WatchPanel:
    """The panel of one Play app; ``app.watch_note`` reads as the app's own."""

    def __init__(self, app):
        self.watch_note = None

    def reset(self) -> None:
        pass

    def widget(self, state, groups):
        # a new widget each time: the app closes the one it showed before
        self.watch_note = widgets.HTML(f"{state.to_move_name} has placed {watched(state, state.to_move)} houses")
        return self.watch_note


class WatchPanels(PanelParts):
    def player_columns(self, state):
        return [("<th>watched</th>", [f"<td>{watched(state, i)} watched</td>" for i in range(state.num_players)])]

    def panel(self, app):
        return WatchPanel(app)


PARTS = WatchPanels()
