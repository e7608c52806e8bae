"""The Play app's panels (:class:`Panels`, a part of :class:`thurn.widgets.play.Play`): the status line, the map,
the hand, the players' table, the officials, the log, undo, the final table and the action buttons; the variants
switched on add their columns, notes, status lines and panels (:class:`thurn.widgets.parts.PanelParts`)."""
from __future__ import annotations

import html

import ipywidgets as widgets
import plotly.graph_objects as go

from .. import viz
from ..actions import CallOfficial, EndTurn, Keep, Play as PlayCard, Score
from ..parts import pile_columns, remembered, score_formula, tiles_text
from ..viz.parts import map_parts
from .parts import panel_parts
from ..effects import houses_placed
from ..state import GameState
from ..step_text import round_text
from .. import words
from ..log import seen_action
from .common import card_chip, card_chips, close_tree, hide_kept_cards, province_color, text_color
from .playtext import KEEP_BUTTONS_MAX, LOG_LINES, cards_words, game_summary, whose


class Panels:
    """What the Play app shows (a mixin of :class:`~thurn.widgets.play.Play`)."""

    # -- showing the game ----------------------------------------------------------------------------------------------
    def _show(self) -> None:
        s = self._state
        legal = s.legal_actions()
        self._show_status(s)
        self._show_map(s, legal)
        self._show_hand(s)
        self._table.value = self._players_html(s)
        self._officials.value = self._officials_html(s, legal)
        self._show_actions(s, legal)
        self._show_log(s)
        self._show_undo(s)
        self._show_final(s)
        self._forget_download()              # made only on a click, for the game as it was then (savefiles)
        for fn in self._listeners:
            fn(self)

    def _show_status(self, s: GameState) -> None:
        if s.is_over:
            text = f"<b>Game over</b> after {s.turn_number} turns: <b>{html.escape(s.result_text())}</b>."
        else:
            info = s.step_info
            who = html.escape(s.to_move_name) + (" (bot)" if s.to_move_name in self.bots else "")
            owner = "" if s.turn_owner_name == s.to_move_name else f", {html.escape(whose(s.turn_owner_name))} turn"
            text = (f"<b>{round_text(s)}{owner}</b> · <b>{who}</b> to "
                    f"{html.escape(info.does)} <i>({html.escape(info.rule)})</i>")
            own = next((x for x in (p.status_html(s, who) for p in panel_parts(s)) if x is not None), None)
            if own is not None:             # a step of a variant's own (Offices of Honor's return rounds)
                text = own
            elif s.interrupted:           # an expansion's decisions in the middle of someone's turn
                waiting = len(s.interruptions)
                text += (f" — in the middle of <b>{html.escape(s.turn_owner_name)}</b>'s turn, which goes on after "
                         f"{waiting} more decision{'s' if waiting != 1 else ''}")
        self._status.value = f"<div style='font-size:1.1em;margin:4px 0'>{text}</div>"

    def _show_map(self, s: GameState, legal) -> None:
        viz.refresh(self.map, self._map_figure(s, legal))

    def _map_figure(self, s: GameState, legal) -> go.Figure:
        """The board with the houses and the route of the player to move; the cards that fit ringed. Its width
        is fixed: a plotly figure drawn inside a widget box cannot always measure the box. No table of the players
        under it: the players table beside it holds every row (and the supply's, :meth:`_supply_row`)."""
        shown = self._every_hand or self.viewer == s.to_move        # the ringed cities come from the mover's hand
        fits = [a.city for a in legal if isinstance(a, PlayCard) and a.end != "new"] if shown else []
        if self.hints:
            best = self.hints[0]
            fig = viz.board_figure(s, candidates=best.cities, suggestion=list(best.route) or None,
                                   placement=best.houses, height=self.map_height, viewer=self._log_seat(),
                                   options=self.app_options, table=False)
            named = html.escape(best.words or str(best.action))
            fig.update_layout(title_text=f"Hint: {named}<br><sup>the reason is written "
                                         f"under the buttons</sup>")
        else:
            fig = viz.board_figure(s, candidates=list(dict.fromkeys(fits)), height=self.map_height,
                                   viewer=self._log_seat(), options=self.app_options, table=False)
            self._hide_kept_cards(s, fig)
        return fig.update_layout(width=self.map_width)

    def _hide_kept_cards(self, s: GameState, fig: go.Figure) -> None:
        """The map's title names the last action: another player's cards kept in hand become a count (base rules,
        3d), as in the log."""
        history = s.history
        if not history or history[-1].kind != "keep" or self._every_hand:
            return
        hide_kept_cards(fig, history[-1], self._replay(len(history) - 1).to_move, self._log_seat())

    def _show_hand(self, s: GameState) -> None:
        """The viewer's hand; the others' are counts (base rules, 1); the switch on: every hand."""
        seats = range(s.num_players) if self._every_hand else [] if self.viewer is None else [self.viewer]
        rows = [f"<div><b>{html.escape(whose(s.names[i]), quote=False)} hand</b> ({cards_words(len(s.player(i).hand))}):"
                f" {card_chips(s.board, s.player(i).hand, 'no card')}</div>" for i in seats]
        if not rows:
            who = s.to_move_name
            n = cards_words(len(s.player().hand))
            rows = [f"<div><b>{html.escape(whose(who), quote=False)} hand</b> ({n}): hidden — "
                    + (f"{html.escape(who)} clicks “Pass to {html.escape(who)}: show my hand” to see it</div>"
                       if self.pass_pending else "every hand is a count in the players' table</div>")]
        self._hand.value = "".join(rows)
        self._display.value = (f"<div style='margin-top:4px'><b>Display</b>: "
                               f"{''.join(card_chip(s.board, c) for c in s.display_cards)} · deck {s.deck_size} · "
                               f"discard {s.discard_size}</div>")

    def _players_html(self, s: GameState) -> str:
        colors = viz.player_colors(s.num_players)
        records = {r["player"]: r for r in s.score_records()}
        rows = []
        extra = self._variant_columns(s)
        carriages = counts_carriage(s)
        for i, name in enumerate(s.names):
            p = s.player(i)
            mark = "▶ " if i == s.to_move and not s.is_over else ""
            bot = " <small>(bot)</small>" if name in self.bots else ""
            tiles = tiles_text(s, i)
            r = records[name]
            parts = " ".join(f"{SCORE_HEADS.get(k, k.replace('_', ' '))} {v:+d}" for k, v in r.items()
                             if k not in ("player", "seat", "total") and isinstance(v, int))
            rows.append(
                f"<tr><td style='white-space:nowrap'>{mark}<span style='color:{colors[i]}'>■</span> "
                f"<b>{html.escape(name)}</b>{bot}</td><td>{len(p.hand)}</td>"
                f"<td>{card_chips(s.board, p.route, 'no route', '–')}</td>"
                f"<td style='white-space:nowrap'>{houses_placed(s.players[i])} placed, {p.houses_left} left</td>"
                + (f"<td title='the highest carriage taken (its points count in the score)'>{p.carriage or '—'}</td>"
                   if carriages else "") +
                f"<td>{html.escape(tiles)}</td>{''.join(cells[i] for _, cells in extra)}"
                f"<td title='{html.escape(parts)}'><b>{r['total']}</b></td></tr>")
        head = ("<tr><th>player</th><th>cards</th><th>route</th><th>houses</th>"
                + ("<th>carriage</th>" if carriages else "") + "<th>tiles</th>"
                f"{''.join(head for head, _ in extra)}<th>score now</th></tr>")
        supply = self._supply_row(s, head, 6 + bool(carriages) + len(extra))
        if supply:
            rows.append(supply)
        start = s.root.player(0).houses_left
        highest = "the highest carriage's points + " if carriages else ""
        base = f"{highest}bonus tiles − 1 for each house not placed yet"
        formula = score_formula(s, base)
        said = (f"{html.escape(formula)} (Game End and Scoring), so every player starts at −{start}: no house placed"
                if formula.startswith(base) else html.escape(formula))
        note = (f"<div style='font-size:0.85em;color:#555;margin-top:2px;white-space:normal'>Score now: {said}. "
                f"Hover over a score for its parts.</div>")
        cell = "th, td {padding:2px 12px 2px 4px;text-align:left;vertical-align:top;border-bottom:1px solid #e3e3e3}"
        style = "border-collapse:collapse;margin-top:6px;font-size:0.95em;line-height:1.4"
        return (f"<style>{cell.replace('th, td', '.thurn-players th, .thurn-players td')}</style>"
                f"<div style='white-space:normal'><table class='thurn-players' style='{style}'>{head}{''.join(rows)}"
                f"</table>{note}</div>")

    @staticmethod
    def _supply_row(s: GameState, shown: str, width: int) -> str:
        """The last row of the players table: what the variants say lies on the board or in the supply (the supply
        row of the table a map draws under it, :meth:`thurn.viz.parts.MapParts.map_columns`; the Play app's map leaves
        that table out, so that the players are shown once). Empty when nothing is said, or said in the head."""
        said = []
        for part in map_parts(s):
            for head, _, supply in part.map_columns(s):
                if supply and supply not in ("–", "—") and supply not in shown:
                    said.append(f"{head.replace('<br>', ' ')}: {supply}")
        if not said:
            return ""
        return (f"<tr class='thurn-supply' style='background:#f1ede2'><td><i>supply</i></td>"
                f"<td colspan='{width - 1}'>{' · '.join(said)}</td></tr>")

    @staticmethod
    def _variant_columns(s: GameState) -> list:
        """The players table's columns beside each row: the per-player public piles
        (:func:`thurn.parts.pile_columns`), then the variants' own columns: (head html, a cell html per player)."""
        piles = [(f"<th>{html.escape(name)}</th>", [f"<td>{html.escape(text)}</td>" for text in cells])
                 for name, cells in pile_columns(s)]
        return piles + [column for part in panel_parts(s) for column in part.player_columns(s)]

    def _officials_html(self, s: GameState, legal) -> str:
        if not (self._every_hand or self.viewer == s.to_move):
            legal = ()                 # who may help now comes from the mover's hand: not said while it is hidden
        calls = {s.board.official(a.official).id: a for a in legal if isinstance(a, CallOfficial)}
        callable_now = set(calls)
        if any(isinstance(a, Score) and a.cartwright for a in legal):
            callable_now.add("cartwright")
        used = s.officials
        texts = s.ruleset.texts
        items = []
        handlers = s.ruleset.official_handlers
        for o in s.board.officials:
            if o.id not in handlers:          # an official the ruleset does without (Power and Glory: no Cartwright)
                items.append(f"<li style='color:#777'><s>{html.escape(o.name)}</s>: not in this game</li>")
                continue
            if o.id in used:
                note = "<b>helped this turn</b>"
            elif o.id in callable_now:
                price = "".join(p.official_price(s, calls[o.id]) for p in panel_parts(s)) if o.id in calls else ""
                note = f"<span style='color:#1d6b2f'>can help now{price}</span>"
            elif not legal and not s.is_over:
                note = f"<span style='color:#777'>{html.escape(s.to_move_name)}'s choice</span>"
            else:
                note = "<span style='color:#777'>not now</span>"
            effect = texts.get(f"official {o.id}", o.effect)     # an expansion may widen what he does
            items.append(f"<li><b>{html.escape(o.name)}</b> ({html.escape(effect)}): {note}</li>")
        notes = "".join(p.officials_note(s) for p in panel_parts(s))
        return (f"<div style='margin-top:6px;line-height:1.4'><b>Officials</b> — {html.escape(texts['officials'])} "
                f"({html.escape(texts['officials_rule'])}){notes}<ul style='margin:2px 0'>{''.join(items)}</ul>"
                f"</div>")

    def _show_log(self, s: GameState) -> None:
        lines = self._log_of(s)
        new = max(0, len(lines) - self._log_len)
        self._log_len = len(lines)
        shown = lines[-LOG_LINES:]
        first_new = len(shown) - min(new, len(shown))
        body = "".join(
            f"<div style='{'background:#fff6d5;' if i >= first_new else ''}padding:0 3px'>{html.escape(t)}</div>"
            for i, t in enumerate(shown))
        where = "download the game" if self.app_mode else "<code>app.state.log()</code>"
        more = (f"<div style='color:#777'>… {len(lines) - len(shown)} earlier lines (all of them: "
                f"{where})</div>") if len(lines) > len(shown) else ""
        self._log.value = (f"<b>Log</b><div style='max-height:260px;overflow-y:auto;display:flex;line-height:1.4;"
                           f"flex-direction:column-reverse;border:1px solid #ddd;font-size:0.9em'>"
                           f"<div>{more}{body}</div></div>")

    def _show_undo(self, s: GameState) -> None:
        """The history slider from the first action undo may go back to, to now. When nothing can be undone it is
        disabled and shows the whole game at its right end (a slider from n to n would sit at its left end)."""
        n = len(s.history)
        floor = min(self.undo_floor, n)
        stuck = floor >= n
        self._quiet = True
        try:
            self._undo_slider.max = n
            self._undo_slider.value = n
            self._undo_slider.min = 0 if stuck else floor
            self._undo_slider.disabled = stuck
            self._undo_button.disabled = stuck
        finally:
            self._quiet = False
        why = ""
        if stuck and n:
            why = (" — nothing to undo: in a fair game undo never goes back before a card revealed from the deck or "
                   "a bot's action")
        self._undo_text.value = (f"<small>now: after {n} action{'s' if n != 1 else ''} "
                                 f"({html.escape(game_summary(s))}){why}</small>")

    def _describe_undo(self) -> None:
        if self._quiet:
            return
        k = self._undo_slider.value
        history = self._state.history
        if k >= len(history):
            self._undo_text.value = f"<small>now: {html.escape(game_summary(self._state))}</small>"
            return
        there = self._replay(k)
        mover = self._replay(k - 1).to_move if k else None
        seat = self._log_seat()
        said = (remembered(self._state, history[k - 1], seat, self.app_options,
                           seen_action(history[k - 1], mover, seat)) if k and mover == seat else
                seen_action(history[k - 1], mover, seat) if k else "")
        last = f"last: {self._state.names[mover]}: {said}" if k else "the start"
        bot = (f" — {there.to_move_name} is a bot and plays again from there"
               if there.to_move_name in self.bots and not there.is_over else "")
        self._undo_text.value = (f"<small>after {k} of {len(history)} actions ({html.escape(last)}): "
                                 f"{html.escape(game_summary(there))}{html.escape(bot)}</small>")

    def _show_final(self, s: GameState) -> None:
        close_tree(*self._final.children)
        if not s.is_over or self.app_mode:         # the game app shows its own game-over screen
            self._final.children = ()
            return
        table = final_table_html(s)
        chart = go.FigureWidget(viz.score_chart(s))
        self._final.children = (widgets.HTML(f"<h3>Final scores — {html.escape(s.result_text())}</h3>{table}"),
                                chart)

    # -- the action buttons --------------------------------------------------------------------------------------------
    def _show_actions(self, s: GameState, legal) -> None:
        close_tree(*self._actions.children)
        self._typed_row.layout.display = "none" if self.pass_pending else "flex"
        self._typed.placeholder = "type an action"      # (a bot's or a hidden hand's cards never shown in it)
        if self.bots_pending:
            self._actions.children = self._bot_controls(s)
            return
        if self.pass_pending:
            who = s.to_move_name
            self.pass_button = widgets.Button(description=f"Pass to {who}: show my hand", button_style="primary",
                                              icon="eye", layout=widgets.Layout(width="auto",
                                                                                align_self="flex-start"))
            self.pass_button.add_class("thurn-pass")
            self.pass_button.on_click(lambda _: self._guard(self.reveal))
            self._actions.children = [
                widgets.HTML(f"<b>{html.escape(whose(who), quote=False)} turn</b> — pass the screen to "
                             f"{html.escape(who)}: the hand stays hidden until {html.escape(who)} clicks"),
                self.pass_button]
            return
        if not s.is_over:
            self._typed.placeholder = words.typed_placeholder(s, legal)     # this board's cities, playable now
        by_group: dict[str, list] = {}
        for a in words.merge_ends(s, legal):
            by_group.setdefault(words.group(a), []).append(a)
        who = "" if s.is_over else f"{html.escape(whose(s.to_move_name), quote=False)} move"
        rows = [widgets.HTML(f"<b>{who}</b> — one button per legal action, or type one below" if who else "")]
        if "keep" in by_group and len(by_group["keep"]) > KEEP_BUTTONS_MAX:
            rows.append(self._keep_picker(s))
            del by_group["keep"]
        for panel in self._panels_of(s):
            panel.reset()
            box = panel.widget(s, by_group)
            if box is not None:
                rows.append(box)
        labels = words.labels(s, [a for acts in by_group.values() for a in acts])
        kinds = s.ruleset.kinds
        titled = words.group_titles(s)
        for key, acts in sorted(by_group.items(), key=lambda kv: words.group_order(kv[0])):
            kind = kinds.get(key)
            head = widgets.HTML(f"<b>{html.escape(titled.get(key, key))}</b>", layout=widgets.Layout(width="150px"))
            if kind is not None and key not in dict(words.GROUPS):
                head.tooltip = f"{kind.text} — e.g. {words.typed(s, acts[0])} ({kind.rule})"
            buttons = [self._button(s, a, labels) for a in acts]
            rows.append(widgets.HBox([head] + buttons, layout=widgets.Layout(flex_flow="row wrap")))
            if key == "score":
                rows.append(parts_note(s, acts, labels))
        if s.is_over:
            rows.append(widgets.HTML("The game is over: no more actions."))
        self._actions.children = rows

    def _button(self, s: GameState, action, labels) -> widgets.Button:
        parts = words.score_parts(s, action) if isinstance(action, Score) else None    # what the points are made of
        b = widgets.Button(description=labels.get(action) or words.label(s, action),
                           tooltip=f"{parts or action} — type: {words.typed(s, action)}",
                           layout=widgets.Layout(width="auto", margin="1px 2px"))
        city = getattr(action, "city", None)
        if city is not None:
            b.style.button_color = province_color(s.board, city)
            b.style.text_color = text_color(b.style.button_color)
        elif isinstance(action, (EndTurn,)):
            b.button_style = "warning"
        elif isinstance(action, Score):
            b.button_style = "success"
        b.action = action
        b.add_class("thurn-action")
        b.on_click(self._clicked)
        return b

    def _clicked(self, button) -> None:
        self._typed_done = False
        self._guard(lambda: self.do(button.action))

    def _bot_controls(self, s: GameState) -> list:
        """While a bot is to move: what it is about to do, a Next button (one action) and one for all of them."""
        name = s.to_move_name
        kind = self.seats.get(name) or getattr(self.bots[name], "name", "a")
        pace = ("click <b>Next</b> to see each of its actions" if self.pace == "step" else
                f"its actions come one after another ({self.pace:g} s apart)" if self.pace else "")
        head = widgets.HTML(f"<b>{html.escape(whose(name), quote=False)} turn</b> — {html.escape(str(kind))} bot, "
                            f"to {html.escape(s.step_info.does)}" + (f"; {pace}" if pace else ""))
        step = widgets.Button(description=f"Next: {whose(name)} action", icon="step-forward",
                              button_style="primary", layout=widgets.Layout(width="auto"))
        step.add_class("thurn-next")
        step.on_click(lambda _: self._guard(self.step_bot))
        rest = widgets.Button(description="Play the bots' actions to the next human turn",
                              layout=widgets.Layout(width="auto"))
        rest.add_class("thurn-bots-all")
        rest.on_click(lambda _: self._guard(lambda: self.play_bots(pause=0)))
        self.next_button = step
        return [head, widgets.HBox([step, rest], layout=widgets.Layout(flex_flow="row wrap"))]

    def _panels_of(self, s: GameState) -> list:
        """The panels of the variants switched on (:meth:`thurn.widgets.parts.PanelParts.panel`), made once per
        app."""
        made = self.__dict__.setdefault("_panels", {})
        out = []
        for part in panel_parts(s):
            if part not in made:
                made[part] = part.panel(self)
            if made[part] is not None:
                out.append(made[part])
        return out

    def __getattr__(self, name):
        """A variant's panel's attribute read as the app's own (``app.return_toggles`` with Offices of Honor)."""
        if not name.startswith("__"):
            for panel in self.__dict__.get("_panels", {}).values():
                if panel is not None and hasattr(panel, name):
                    return getattr(panel, name)
        raise AttributeError(f"{type(self).__name__!r} object has no attribute {name!r}")

    def _keep_picker(self, s: GameState) -> widgets.HBox:
        hand = s.player().hand
        toggles = [widgets.ToggleButton(description=c, layout=widgets.Layout(width="auto", margin="1px 2px"))
                   for c in hand]
        for t, c in zip(toggles, hand):
            t.style.button_color = province_color(s.board, c)
            t.style.text_color = text_color(t.style.button_color)
        keep = widgets.Button(description="Keep the selected cards", button_style="primary",
                              layout=widgets.Layout(width="auto"))
        keep.add_class("thurn-keep")
        keep.on_click(lambda _: self._guard(
            lambda: self.do(Keep([t.description for t in toggles if t.value]))))
        self.keep_toggles = toggles
        self.keep_button = keep
        limit = s.board.hand_limit
        what = f"Keep up to {limit} cards" if s.rules.hand_limit_at_most else f"Keep {limit} cards"
        return widgets.HBox([widgets.HTML(f"<b>{what}</b>", layout=widgets.Layout(width="150px"))]
                            + toggles + [keep], layout=widgets.Layout(flex_flow="row wrap"))


def parts_note(s: GameState, scores, labels) -> widgets.HTML:
    """Under the Score buttons, what each option's points are made of (the rules core's score items: houses, each
    bonus tile, the carriage, a variant's items such as clergymen reaching Rome), one line an option."""
    lines = []
    for a in scores:
        parts = words.score_parts(s, a)
        if parts is None:
            continue
        label = (labels.get(a) or words.label(s, a)).split(" → ")[0]
        lines.append(f"{html.escape(label, quote=False)}: {html.escape(parts, quote=False)}")
    note = widgets.HTML(f"<div style='font-size:0.85em;color:#555;margin:0 0 2px 150px;white-space:normal'>"
                        f"{'<br>'.join(lines)}</div>" if lines else "")
    note.add_class("thurn-score-parts")
    return note


def counts_carriage(s) -> bool:
    """Whether the final score counts the highest carriage (base rules, Game End and Scoring): the ruleset takes
    carriages (its ``carriage`` stage) and scores them as the base game does (its ``carriage`` score item). A variant
    may replace the stage (Power and Glory: no carriage) or the item (SoloPlay: coach cards scored in sets)."""
    return any(st.name == "carriage" for st in s.ruleset.scoring) and "carriage" in s.score_records()[0]


#: How the final table names the parts of a score (``score_records``); a variant's own parts keep their key.
SCORE_HEADS = {"carriage": "carriage points", "tiles": "bonus tiles", "unplaced_houses": "unplaced houses"}


def final_table_html(s: GameState) -> str:
    """The score table (the engine's ``score_records``) as HTML: one header row, a row per player with the parts
    of the score and the total, names escaped."""
    records = s.score_records()
    parts = [k for k in records[0] if k not in ("player", "seat", "total")]
    if not any(st.name == "carriage" for st in s.ruleset.scoring) and not any(r.get("carriage") for r in records):
        parts = [k for k in parts if k != "carriage"]        # no carriage is ever taken (a variant replaced them)
    head = "".join(f"<th>{html.escape(SCORE_HEADS.get(k, k.replace('_', ' ')))}</th>" for k in parts)
    rows = "".join(f"<tr><td><b>{html.escape(r['player'])}</b></td>"
                   + "".join(f"<td>{html.escape(str(r[k]))}</td>" for k in parts)
                   + f"<td>{r['total']}</td></tr>" for r in records)
    cell = ".thurn-scores th, .thurn-scores td {padding:3px 12px;text-align:right;border-bottom:1px solid #ddd}"
    return (f"<style>{cell} .thurn-scores th:first-child, .thurn-scores td:first-child {{text-align:left}}</style>"
            f"<table class='thurn-scores' style='border-collapse:collapse;margin:4px 0'><tr><th>player</th>{head}"
            f"<th>total</th></tr>{rows}</table>")
