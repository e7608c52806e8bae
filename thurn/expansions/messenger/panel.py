"""The Princess' Messenger in the Play app (:class:`thurn.widgets.parts.PanelParts`): the letters and the figure in
the players table, the letters' price beside the officials and what may be spent this turn (Messenger, The Nobility
Letters)."""
from __future__ import annotations

import html

from ...widgets.parts import PanelParts
from . import rules as messenger
from .parts import plural


class MessengerPanel(PanelParts):
    def player_columns(self, state) -> list:
        m = messenger.summary(state)
        return [("<th title='nobility letters (The Princess&#x27; Messenger)'>letters</th>",
                 [f"<td>{m['held'][name]}</td>" for name in state.names]),
                ("<th>Messenger</th>",
                 [f"<td>{'<b>holds it</b>' if m['holder'] == name else '—'}</td>" for name in state.names])]

    def official_price(self, state, action) -> str:
        """The nobility letters ``action`` costs the player to move: the engine's answer (applied on a copy)."""
        name = state.names[state.to_move]
        cost = messenger.summary(state)["held"][name] - messenger.summary(state.apply(action))["held"][name]
        return f" for {plural(cost, 'letter')}" if cost else ""

    def officials_note(self, state) -> str:
        if state.is_over:
            return ""
        m = messenger.summary(state)
        owner = state.turn_owner_name        # letters are spent in one's own turn (also during a return round)
        held = m["held"][owner]
        return (f"<div>{html.escape(owner)} holds {plural(held, 'letter')}; "
                f"{m['spendable_now']} of them may be spent this turn (those held at its start).</div>")


PARTS = MessengerPanel()
