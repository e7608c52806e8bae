"""Offices of Honor's parts above the rules (:class:`thurn.parts.Parts`): the office tiles and chips in the table
under the map and in the Play app, the return round's status line and tile picker (:mod:`.offices_panel`),
``simulate``'s tile and reward columns, and the bots' valuation (Offices of Honor, returning tiles). Plotly and
ipywidgets are imported only where a map or an app asks."""
from __future__ import annotations

import html

from ..parts import Parts, register_parts
from ..scoring import popcount
from ..step_text import round_text
from . import offices

#: The per-player columns of ``simulate`` (only when the expansion is on): office tiles taken, returns made (of one tile
#: or more) and tiles returned, of them in the final round, the tiles held at the end, and the rewards taken: cards,
#: victory point chips (the ``chips`` score item counts their points), houses.
PLAYER_COLUMNS = ("office_tiles_taken", "returns", "tiles_returned", "final_return_tiles", "office_tiles_held",
                  "reward_cards", "reward_chips", "reward_houses")
#: The per-game columns: the series of return rounds (a stack emptied) and the rounds they took.
GAME_COLUMNS = ("return_series", "return_rounds")


def rewards_in_words(s) -> dict:
    """What a return of each size earns in this round, in words ({2: 'a card (face up or the deck's top)', ...})."""
    words = dict(offices.REWARD_WORDS, card="a card (face up or the deck's top)", house="a house in any city")
    return {n: words[r] for n, r in offices.rewards(s).items()}


def _whose(name: str) -> str:
    from ..widgets.play import _whose as whose
    return whose(name)


class OfficesParts(Parts):
    name = offices.NAME

    def score_part_words(self, before, after, seat, item):
        """Victory point chips a scoring brings (Offices: one point each)."""
        return "victory point chips" if item == "chips" else None

    @property
    def score_words(self) -> str:
        from . import component

        return f"{component('offices')['chip_points']} for each victory point chip"
    summary = "a tile for every official used, returned for rewards"
    option_words = {"final_return_reverse_order": "Offices of Honor: the final return round goes from the last player "
                                                  "backwards. Off: clockwise from the starting player (the expansion's "
                                                  "rules).",
                    "top_reward_for_tiles_in_play": "Offices of Honor with an official who cannot be called (Power "
                                                      "and Glory's Cartwright): his tiles leave the game and one tile "
                                                      "of every office in play earns the house. Off: his tiles stay "
                                                      "beside the board and the rewards are as printed."}

    # -- the map ----------------------------------------------------------------------------------------------
    def map_columns(self, state) -> list:
        from ..viz.board import _text

        o = offices.summary(state)
        out = [(_text(state.board.official(oid).name).replace(" ", "<br>"),
                [str(o["tiles"][name][oid]) for name in state.names],
                "<b>empty</b>" if o["stacks"][oid] == 0 else f"{o['stacks'][oid]} left") for oid in offices.order()]
        out.append(("chips", [str(o["chips"][name]) for name in state.names], f"{o['chips_left']} left"))
        return out

    # -- the Play app -----------------------------------------------------------------------------------------
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
            text += f"; then {html.escape(_whose(state.turn_owner_name), quote=False)} turn goes on"
        return text

    def panel(self, app):
        from .offices_panel import ReturnPicker
        return ReturnPicker(app)

    # -- simulate ---------------------------------------------------------------------------------------------
    player_columns_sim = PLAYER_COLUMNS
    game_columns_sim = GAME_COLUMNS

    def tally(self, state):
        return _Tally(state)

    # -- the ladder -------------------------------------------------------------------------------------------
    def ladder_figures(self, upper, lower, games) -> dict:
        if "return_series" not in games:
            return {}
        return dict(upper_chips=upper["chips"].mean(), lower_chips=lower["chips"].mean(),
                    upper_reward_houses=upper["reward_houses"].mean(),
                    lower_reward_houses=lower["reward_houses"].mean(),
                    return_rounds=games["return_rounds"].mean())

    def ladder_text(self, r) -> str:
        if not (hasattr(r, "return_rounds") and r.return_rounds == r.return_rounds):
            return ""
        return (f"chips {r.upper_chips:.1f}/{r.lower_chips:.1f}, reward houses "
                f"{r.upper_reward_houses:.1f}/{r.lower_reward_houses:.1f}, return rounds a game {r.return_rounds:.1f}")

    # -- the bots ---------------------------------------------------------------------------------------------
    def valuation(self):
        from .valuation import VALUATION
        return VALUATION


class _Tally:
    """The office tiles that came and went in one game, and the return rounds (see :data:`PLAYER_COLUMNS`)."""

    __slots__ = ("rows", "rounds")

    def __init__(self, s):
        self.rows = [dict.fromkeys(PLAYER_COLUMNS, 0) for _ in s.players]
        self.rounds = 0
        for i, t in enumerate(offices.offices(s).tiles):
            self.rows[i]["office_tiles_taken"] += sum(t)

    def see(self, before, action, after) -> None:
        seat = before.to_move
        rows = self.rows
        O, O2 = offices.offices(before), offices.offices(after)
        if O2.series > O.series:
            self.rounds += O2.rounds
        elif O2.rounds > O.rounds:
            self.rounds += O2.rounds - O.rounds
        for i, (t, t2) in enumerate(zip(O.tiles, O2.tiles)):
            for k, k2 in zip(t, t2):
                if k2 > k:
                    rows[i]["office_tiles_taken"] += k2 - k
        if action.kind == offices.ReturnTiles.kind and action.offices:
            n = len(action.offices)
            row = rows[seat]
            row["returns"] += 1
            row["tiles_returned"] += n
            if before.step == offices.FINAL:
                row["final_return_tiles"] += n
            row["reward_chips"] += O2.chips[seat] - O.chips[seat]
            row["reward_houses"] += popcount(after.players[seat].houses & ~before.players[seat].houses)
            row["reward_cards"] += len(after.players[seat].hand) > len(before.players[seat].hand)

    def row(self, state, seat: int) -> dict:
        return dict(self.rows[seat], office_tiles_held=sum(offices.offices(state).tiles[seat]))

    def game(self, state) -> dict:
        return {"return_series": offices.offices(state).series, "return_rounds": self.rounds}


PARTS = register_parts(OfficesParts())
