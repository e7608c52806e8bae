"""A variant's parts in the Play app (the module ``panel`` of its package, its ``PARTS``:
:func:`thurn.parts.layer_parts`): its columns of the players table, status lines, officials' prices and notes, and its
panel."""
from __future__ import annotations

from ..parts import layer_parts


class PanelParts:
    """A variant's parts in the Play app (every one optional). Override what the variant has; the defaults add
    nothing."""

    def player_columns(self, state) -> list:
        """Columns of the Play app's players table: ``(head html, [a cell html per player])``."""
        return []

    def status_html(self, state, who: str) -> str | None:
        """The status line of a step of the variant's own (``who``: the player to move, escaped), or None."""
        return None

    def official_price(self, state, action) -> str:
        """What calling an official with ``action`` costs the player now, in words (" for 2 letters"), or ""."""
        return ""

    def officials_note(self, state) -> str:
        """A line (html) under the Play app's officials heading, or ""."""
        return ""

    def panel(self, app):
        """The variant's panel in the Play app ``app`` (made once per app), or None: an object with ``reset()``
        (before the actions are shown again) and ``widget(state, groups)``, which takes the groups of legal actions
        it shows out of ``groups`` (group name -> actions) and returns a new widget, or None (the app closes the widget
        it showed before when it shows the actions again). The app reads the
        panel's public attributes as its own (``app.<name>``: tests and notebooks drive the panel that way)."""
        return None


def panel_parts(state) -> tuple:
    """The Play-app parts of the variants switched on in the game of ``state``."""
    return layer_parts(state, "panel")
