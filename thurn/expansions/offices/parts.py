"""Offices of Honor's parts the core reads (:class:`thurn.parts.Parts`): its score's words, its rule options in words
and what a return earns in words (Offices of Honor, returning tiles). Its map, Play-app, ``simulate`` and bots' parts
are the modules beside it (:mod:`.map`, :mod:`.panel`, :mod:`.columns`, :mod:`.valuation`)."""
from __future__ import annotations

from ...parts import Parts, register_parts
from . import rules as offices


def rewards_in_words(s) -> dict:
    """What a return of each size earns in this round, in words ({2: 'a card (face up or the deck's top)', ...})."""
    words = dict(offices.REWARD_WORDS, card="a card (face up or the deck's top)", house="a house in any city")
    return {n: words[r] for n, r in offices.rewards(s).items()}


class OfficesParts(Parts):
    name = offices.NAME

    def score_part_words(self, before, after, seat, item):
        """Victory point chips a scoring brings (Offices: one point each)."""
        return "victory point chips" if item == "chips" else None

    @property
    def score_words(self) -> str:
        from ..data import component

        return f"{component('offices')['chip_points']} for each victory point chip"
    summary = "a tile for every official used, returned for rewards"
    option_words = {"final_return_reverse_order": "Offices of Honor: the final return round goes from the last player "
                                                  "backwards. Off: clockwise from the starting player (the expansion's "
                                                  "rules).",
                    "top_reward_for_tiles_in_play": "Offices of Honor with an official who cannot be called (Power "
                                                      "and Glory's Cartwright): his tiles leave the game and one tile "
                                                      "of every office in play earns the house. Off: his tiles stay "
                                                      "beside the board and the rewards are as printed."}


PARTS = register_parts(OfficesParts())
