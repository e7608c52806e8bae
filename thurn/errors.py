"""Typed errors. Every one is a ``ValueError`` with a stable ``reason`` code and a sentence a learner understands.

An illegal action never changes the game: the engine checks first and raises :class:`IllegalAction` before it
touches anything (and states are immutable anyway).
"""
from __future__ import annotations

import difflib


def short_repr(value, limit: int = 60) -> str:
    """``repr(value)``, cut to ``limit`` characters (error messages never echo a whole file)."""
    try:
        text = repr(value)
    except (RecursionError, ValueError):
        text = f"<{type(value).__name__}>"
    return text if len(text) <= limit else text[:limit - 1] + "…"


class ThurnError(ValueError):
    """Base class of every error raised by thurn, with a stable machine-readable ``reason`` code."""

    reason = "error"

    def __init__(self, message: str, reason: str | None = None):
        super().__init__(message)
        if reason is not None:
            self.reason = reason

    @property
    def message(self) -> str:
        return str(self.args[0])


class IllegalAction(ThurnError):
    """An action the rules do not allow now. ``reason`` is stable; ``rule`` cites the rule document."""

    def __init__(self, reason: str, message: str, action=None, rule: str | None = None):
        text = message if rule is None else f"{message} ({rule})"
        super().__init__(text, reason)
        self.action = action
        self.rule = rule
        self.explanation = message

    def __repr__(self) -> str:
        return f"IllegalAction({self.reason!r}, {str(self)!r})"


class UnknownName(ThurnError, KeyError):
    """A city, province, official, stack or option name that does not exist; suggests the close match."""

    reason = "unknown_name"

    def __init__(self, kind: str, name, known, extra: str = ""):
        self.kind, self.name = kind, name
        known = [str(k) for k in known]
        self.suggestions = difflib.get_close_matches(str(name), known, n=3, cutoff=0.5)
        text = f"There is no {kind} called {name!r}."
        if self.suggestions:
            text += " Did you mean " + " or ".join(repr(s) for s in self.suggestions) + "?"
        if extra:
            text += " " + extra
        ThurnError.__init__(self, text)

    __str__ = ThurnError.__str__


class UnknownCity(UnknownName):
    """A city name that is not on the board."""

    reason = "unknown_city"

    def __init__(self, name, known):
        super().__init__("city", name, known)


class BoardDataError(ThurnError):
    """A board data file that cannot be used; the message names the file and the problem."""

    reason = "bad_board_data"


class PositionError(ThurnError):
    """A position or save file that cannot be loaded; the message names the problem."""

    reason = "bad_position"


class RulesetRefused(ThurnError):
    """A game asked for on a board that does not play under its rules (the board's ``rulesets``, or an expansion
    that needs something the board lacks); the message says which rules the board plays under."""

    reason = "ruleset_refused"


class SimulationError(ThurnError):
    """A simulation asked for with arguments that cannot work (the message says which and why): bots, rules
    written as words, game counts, workers (:mod:`thurn.sim`, :mod:`thurn.rules`, :mod:`thurn.bots.spec`)."""

    reason = "bad_simulation"


class ResultError(ThurnError):
    """A ruleset's result that names neither a winner nor a rating, or names them wrongly (:mod:`thurn.result`)."""

    reason = "bad_result"


class ViewHidden(ThurnError):
    """An action applied to a player's *hidden* view (:func:`thurn.information.player_view` with ``hidden``): it
    shows the cards that player cannot see as hidden, so it cannot be played forward."""

    reason = "view_hidden"

    def __init__(self, seat: int, name: str):
        super().__init__(f"This is {name}'s view with the cards he cannot see hidden (the others' hands, the deck): "
                         f"it cannot be played forward. Deal a full position from it with "
                         f"thurn.information.determinize(view) and play that.")
        self.seat = seat


_AS_POSITION: dict = {}


def as_position_error(e: ThurnError) -> PositionError:
    """``e`` as a :class:`PositionError` for a position or save file that cannot be loaded (the README's promise: a
    file loads to a game or raises ``PositionError``), still an instance of its own class (an unknown field stays
    an :class:`UnknownName` with its suggestions), with the same message and reason."""
    if isinstance(e, PositionError):
        return e
    cls = _AS_POSITION.get(type(e))
    if cls is None:
        cls = _AS_POSITION[type(e)] = type(f"Position{type(e).__name__}", (PositionError, type(e)),
                                           {"__module__": __name__, "__str__": ThurnError.__str__,
                                            "__reduce__": _reduce_position_error, "_original": type(e)})
    out = cls.__new__(cls)
    out.__dict__.update(e.__dict__)
    out.args = e.args
    out.reason = e.reason
    return out


def _reduce_position_error(e):
    """Pickle a :func:`as_position_error` error (its class is made at run time) as the error it wraps."""
    return _rebuild_position_error, (e._original, e.args, dict(e.__dict__))


def _rebuild_position_error(original, args, state) -> PositionError:
    e = original.__new__(original)
    e.args = args
    e.__dict__.update(state)
    return as_position_error(e)
