"""SoloPlay's columns of ``simulate`` and figures of the ladder (:class:`thurn.sim.ColumnParts`): coach cards, the
discard piles, houses left, routes given up, the Cartwright's coaches, the game's end."""
from __future__ import annotations

from ...piles import pile
from ...sim import ColumnParts
from . import rules as so

#: The per-player columns of ``simulate`` (beside the score items ``coach_sets``, ``houses_left`` and
#: ``discard_penalty``, in points): the coach cards taken (5), the cards on discard pile 1 and pile 2 at the end (6.4;
#: 4.7), the houses not placed (6.3), the routes given up (their cards to pile 1, 4.3), the completions with the
#: Cartwright's coach card (4.4d), and whether the 1-point tile was taken (4.4c).
PLAYER_COLUMNS = ("coaches_taken", "pile_1", "pile_2", "houses_unplaced", "routes_given_up", "cartwright_coaches",
                  "bonus_tile_taken")


#: The per-game columns: why the game ended (6: "deck", the deck exhausted; "houses", a colour used up) and the turn
#: in which the deck was first made again from pile 2 (4.7; empty: never).
GAME_COLUMNS = ("solo_ended", "deck_remade_turn")


class _Tally:
    """What one game's actions say of SoloPlay (see :data:`PLAYER_COLUMNS`, :data:`GAME_COLUMNS`)."""

    __slots__ = ("given_up", "cartwright", "remade")

    def __init__(self, s):
        self.given_up = [0] * s.num_players
        self.cartwright = [0] * s.num_players
        self.remade = None

    def see(self, before, action, after) -> None:
        seat = before.to_move
        kind = action.kind
        if kind == "play" and action.end == "new" and before.players[seat].route:
            self.given_up[seat] += 1
        elif kind == "score" and action.cartwright:
            self.cartwright[seat] += 1
        if self.remade is None and after.shuffles > before.shuffles:
            self.remade = after.turns

    def row(self, state, seat: int) -> dict:
        p = state.players[seat]
        one = len(pile(state, so.PENALTY))
        ge = so.game_end_stack(state.board)
        return {"coaches_taken": len(p.carriages), "pile_1": one,
                "pile_2": len(state.discard) + len(pile(state, so.COMPLETED)), "houses_unplaced": p.houses_left,
                "routes_given_up": self.given_up[seat], "cartwright_coaches": self.cartwright[seat],
                "bonus_tile_taken": any(si == ge for si, _ in p.tiles)}

    def game(self, state) -> dict:
        return {"solo_ended": so.solo(state).ended or None, "deck_remade_turn": self.remade}


class SoloColumns(ColumnParts):
    player_columns_sim = PLAYER_COLUMNS
    game_columns_sim = GAME_COLUMNS
    int_game_columns = ("deck_remade_turn",)

    def tally(self, state):
        return _Tally(state)

    def ladder_figures(self, upper, lower, games) -> dict:
        return {}           # (a ladder is played by 2 to 4: thurn.ladder refuses a one-player ruleset)


PARTS = SoloColumns()
