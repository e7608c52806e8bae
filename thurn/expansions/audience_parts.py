"""The Audience's parts (:class:`thurn.parts.Parts`): a minimal stand-in, wiring the lesson questions only (the
parts of the apps, the map and the bots are written beside it and merged in)."""
from __future__ import annotations

from ..parts import Parts, register_parts
from . import audience as au


class AudienceParts(Parts):
    name = au.NAME
    summary = "clergymen sealed in five carriages travel the roads to Rome"


PARTS = register_parts(AudienceParts())

# the lesson questions (thurn.lessons.outcome_question): which carriages move, where to, who goes to the box, points
from .audience_questions import (QUESTIONS as _QUESTIONS, question_label as _question_label,  # noqa: E402
                                 question_value as _question_value)

AudienceParts.questions = _QUESTIONS
AudienceParts.question_label = staticmethod(_question_label)
AudienceParts.question_value = staticmethod(_question_value)
