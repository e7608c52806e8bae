"""The toy expansion's valuation: the base values, counted as asked (the greedy bot asks it)."""
from __future__ import annotations

from thurn.bots.valuation import Valuation


class WatchValuation(Valuation):
    asked = 0

    @staticmethod
    def adjust(ev, s, values):
        WatchValuation.asked += 1
        return values


PARTS = WatchValuation()
