"""The greedy bot's weights: the heuristic's numbers, in points of the final score (``GreedyBot(seed, rate=1.2)``
overrides one)."""
from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Weights:
    """The heuristic's numbers (points of the final score). ``GreedyBot(seed, rate=1.2)`` overrides one."""

    rate: float = 1.0             # points a turn (one card played) is worth elsewhere: the tempo cost
    house_ext: float = 0.7        # houses each further card of a route adds when it is scored, on average
    progress: float = 0.8         # share of a province tile credited for each house towards it
    carriage_step: float = 1.5    # a carriage's worth beyond its points: the step up the track (3c)
    cartwright_cost: float = 0.3  # planning to need the Cartwright (no other official that turn)
    official_cost: float = 0.3    # calling the Postmaster or Administrator (no other official that turn)
    second_draw: float = 0.7      # share of the second-best draw's gain the Postmaster is credited
    end_bonus: float = 1.0        # ending the game while ahead, beyond the game-end tile
    end_penalty: float = 4.0      # ending the game while not ahead (plus the deficit)
    max_plan: int = 4             # cards planned beyond the safe run of hand cards
    horizon: bool = True          # plans end when the game is likely to end (see Eval.read_scores)
    net_tiles: bool = False       # a province tile completed counts its value less the progress already credited
    # the expansions (see .expansions; unused in the base game)
    letter: float = 0.45          # the first nobility letter held (Messenger): a share of the official it buys
    letter_decay: float = 0.85    # each further letter held is worth this much of the one before
    figure: float = 0.7           # taking the Messenger figure: its point, less the chance of losing it
    house_reward: float = 1.8     # a house placed for 4 office tiles, in the tiles' potential (Offices of Honor)
    tile_return: float = 0.9      # the first layer of different office tiles: the share of its reward counted
    tile_layer: float = 0.6       # each further layer (it needs another return) counts this much of the one before
    tile_grow: float = 0.6        # the chance that 3 different office tiles become 4 before they are returned
    card_reward: float = 0.6      # the most a card taken for 2 office tiles adds beyond a card in hand (0.3)
