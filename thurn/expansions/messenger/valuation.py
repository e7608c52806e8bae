"""The Princess' Messenger's valuation for the bots (:class:`thurn.bots.valuation.Valuation`): the one it shares with
Offices of Honor, as their values interact (:mod:`thurn.expansions.shared.valuation`)."""
from __future__ import annotations

from ..shared.valuation import VALUATION as PARTS  # noqa: F401
