"""SoloPlay's parts above the rules (:class:`thurn.parts.Parts`): its lesson question kinds
(:mod:`.solo_questions`: the rating, the colours a route may be completed in, the Route Planner, the coach card, the
coach sets' points, discard pile 1's penalty, the houses left's points)."""
from __future__ import annotations

from ..parts import Parts, register_parts
from .solo_questions import QUESTIONS, question_label, question_value


class SoloParts(Parts):
    """SoloPlay's parts (see the module's docstring)."""

    name = "solo"
    questions = QUESTIONS
    question_label = staticmethod(question_label)
    question_value = staticmethod(question_value)


PARTS = register_parts(SoloParts())
