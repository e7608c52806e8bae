"""SoloPlay's parts above the rules (:class:`thurn.parts.Parts`): the bots' valuation."""
from __future__ import annotations

from ..parts import Parts, register_parts


class SoloParts(Parts):
    """SoloPlay's parts: the bots' valuation (:mod:`.solo_valuation`)."""

    name = "solo"

    def valuation(self):
        from .solo_valuation import valuation
        return valuation()


PARTS = register_parts(SoloParts())
