"""Offices of Honor in the Play app (:class:`thurn.widgets.parts.PanelParts`): the office tiles and chips in the
players table, the return round's status line, and its panel: a return of office tiles is picked by
toggling the tiles to return, then choosing the reward among the engine's legal returns of that selection (a card
face up or the deck's, a house city, or none), then confirming (Offices of Honor, returning tiles)."""
from __future__ import annotations

import html

import ipywidgets as widgets

from ... import words
from ...step_text import round_text
from ...widgets.parts import PanelParts
from ...widgets.playtext import CHOOSE, whose
from . import rules as offices
from .parts import rewards_in_words

KIND = offices.ReturnTiles.kind


class ReturnPicker:
    """The return picker of one Play app; its public attributes are read as the app's own (``app.return_toggles``:
    one toggle per office held, ``app.return_reward``, ``app.return_button``, ``app.return_note``,
    ``app.return_selection``)."""

    def __init__(self, app):
        self.app = app
        self.reset()

    def reset(self) -> None:
        self.return_toggles: list = []
        self.return_reward = self.return_button = self.return_note = None
        self._return_returns: list = []
        self._return_choices: list = []

    def widget(self, s, groups: dict):
        if KIND not in groups:
            return None
        return self._picker(s, groups.pop(KIND))

    def _picker(self, s, returns) -> widgets.VBox:
        app = self.app
        seat = s.to_move
        held = offices.held(s, seat)
        toggles = []
        for oid, k in held.items():
            if not k:
                continue
            t = widgets.ToggleButton(description=f"{s.board.official(oid).name} ×{k}",
                                     tooltip=f"return {words.article(s.board.official(oid).name)} tile",
                                     layout=widgets.Layout(width="auto", margin="1px 2px"))
            t.office = oid
            t.add_class("thurn-return-tile")
            t.observe(lambda change: app._guard(lambda: self._toggled(change["owner"])), names="value")
            toggles.append(t)
        reward = widgets.Dropdown(options=[("—", CHOOSE)], value=CHOOSE, description="reward",
                                  layout=widgets.Layout(width="auto", min_width="320px"))
        reward.add_class("thurn-return-reward")
        reward.observe(lambda _: app._guard(self._reward_chosen), names="value")
        button = widgets.Button(description="Return the selected tiles", button_style="primary", disabled=True,
                                layout=widgets.Layout(width="auto"))
        button.add_class("thurn-return")
        button.on_click(lambda _: app._guard(self._confirmed))
        note = widgets.HTML()
        note.add_class("thurn-return-note")
        self.return_toggles, self.return_reward, self.return_button, self.return_note = toggles, reward, button, note
        self._return_returns = [a for a in returns if a.offices]
        none = [app._button(s, a, {a: "return no tile"}) for a in returns if not a.offices]   # final round
        sizes = " · ".join(f"{n}: {html.escape(r)}" for n, r in rewards_in_words(s).items())
        head = widgets.HTML("<b>Return tiles</b>", layout=widgets.Layout(width="150px"))
        how = widgets.HTML(f"<small>Select different office tiles ({html.escape(s.to_move_name)} holds "
                           f"{sum(held.values())}), then the reward — tiles returned: {sizes}</small>")
        self._selected()
        return widgets.VBox([
            widgets.HBox([head] + toggles + none, layout=widgets.Layout(flex_flow="row wrap")), how,
            widgets.HBox([reward, button], layout=widgets.Layout(flex_flow="row wrap")), note],
            layout=widgets.Layout(border="2px solid #8b1a1a", padding="4px", margin="2px 0"))

    @property
    def return_selection(self) -> tuple:
        """The office ids selected in the return picker."""
        return tuple(t.office for t in self.return_toggles if t.value)

    def _toggled(self, toggle) -> None:
        toggle.button_style = "info" if toggle.value else ""       # a selected tile stands out, with a tick
        toggle.icon = "check" if toggle.value else ""
        self._selected()

    def _selected(self) -> None:
        """The tiles selected changed: list the rewards the engine allows for them, or say why none."""
        if self.return_reward is None:
            return
        s = self.app.state
        chosen = set(self.return_selection)
        choices = [a for a in self._return_returns if set(a.offices) == chosen]
        self._return_choices = choices
        if not chosen:
            options, note = [("—", CHOOSE)], "Select the office tiles to return."
        elif not choices:
            why = s.why_illegal(offices.ReturnTiles(tuple(chosen)))
            options, note = [("—", CHOOSE)], f"Not allowed: {why}" if why else "No return of these tiles is allowed."
        else:
            reward = rewards_in_words(s).get(len(chosen), "nothing")
            labels = [(offices.reward_words(s, a), i) for i, a in enumerate(choices)]
            options = labels if len(labels) == 1 else [("choose the reward…", CHOOSE)] + labels
            names = " + ".join(s.board.official(o).name for o in offices.order() if o in chosen)
            note = (f"Returning {names} ({len(chosen)} tile{'s' if len(chosen) != 1 else ''}) earns {reward}"
                    + (": choose it above (or decline it)." if len(labels) > 1 else "."))
        self.return_reward.options = options
        self.return_reward.value = options[0][1]
        self.return_reward.disabled = len(options) == 1
        self.return_note.value = f"<div style='margin:2px 0'>{html.escape(note)}</div>"
        self._reward_chosen()

    def _reward_chosen(self) -> None:
        if self.return_button is None:
            return
        i = self.return_reward.value
        self.return_button.disabled = i is None or i == CHOOSE or i >= len(self._return_choices)
        if not self.return_button.disabled:
            self.return_button.description = words.label(self.app.state, self._return_choices[i])
            self.return_button.tooltip = f"type: {words.typed(self.app.state, self._return_choices[i])}"
        else:
            self.return_button.description = "Return the selected tiles"

    def _confirmed(self) -> None:
        i = self.return_reward.value if self.return_reward is not None else CHOOSE
        if i == CHOOSE or i >= len(self._return_choices):
            self.app.messages.error("Select the office tiles to return and their reward first.")
            return
        self.app.do(self._return_choices[i])


class OfficesPanel(PanelParts):
    def player_columns(self, state) -> list:
        o = offices.summary(state)
        tiles = [", ".join(f"{state.board.official(oid).name} {k}" for oid, k in o["tiles"][name].items() if k)
                 for name in state.names]
        return [("<th title='Offices of Honor'>office tiles</th>",
                 [f"<td>{html.escape(t or '—')}</td>" for t in tiles]),
                ("<th>chips</th>", [f"<td>{o['chips'][name]}</td>" for name in state.names])]

    def status_html(self, state, who: str) -> str | None:
        """'Round 3 · return round · Ben returns tiles (return round started by Ann) — 1 tile: nothing · 2 tiles: a
        card…' (the round is the game's one round count, as in the status line of a turn), the rule, and whose
        turn goes on after it."""
        info = state.step_info
        if offices.ReturnTiles.kind not in info.kinds:
            return None
        sizes = " · ".join(f"{n} tile{'s' if n != 1 else ''}: {html.escape(r)}"
                           for n, r in rewards_in_words(state).items())
        if state.step == offices.FINAL:
            head = f"<b>{round_text(state)} · final return round</b> · <b>{who}</b> returns tiles, or none"
        else:
            k = offices.offices(state).rounds
            again = f"; return round {k} in a row" if k > 1 else ""
            head = (f"<b>{round_text(state)} · return round</b> · <b>{who}</b> returns tiles (return round "
                    f"started by {html.escape(state.turn_owner_name)}{again})")
        text = f"{head} — {sizes} <i>({html.escape(info.rule)})</i>"
        if state.step != offices.FINAL:
            text += f"; then {html.escape(whose(state.turn_owner_name), quote=False)} turn goes on"
        return text

    def panel(self, app):
        return ReturnPicker(app)


PARTS = OfficesPanel()
