"""The turn: a machine that runs a ruleset's steps (:mod:`.machine`), and the base game's steps (:mod:`.base`,
put together from a module per step).

``apply(state, action)`` checks the action, carries it out on a fresh copy, lets the ruleset say what comes next,
takes the steps in which nobody has a choice, and returns the new state; the state given never changes.
"""
from __future__ import annotations

from ..actions import Action
from ..errors import IllegalAction
from .action_table import ActionTable, canonical, table
from .base import base_ruleset, start_text
from .cards import route_text
from .officials import OfficialHandler
from .scoring import earns_carriage
from .steps import DRAW, KEEP, PLAY, SCORE
from .machine import (DONE, END_TURN, OVER, ActionKind, Decide, OfficialsPolicy, Ruleset, StepSpec, check, end_turn,
                      forced_event, interrupt, legal_actions, not_an_action, resume, settle)
from . import machine as _machine

__all__ = ["DRAW", "PLAY", "SCORE", "KEEP", "OVER", "END_TURN", "DONE", "Decide", "StepSpec", "ActionKind", "Ruleset",
           "OfficialsPolicy", "OfficialHandler", "ActionTable", "table", "base_ruleset", "apply", "check",
           "legal_actions", "settle", "interrupt", "resume", "end_turn", "forced_event", "canonical", "earns_carriage",
           "route_text", "start_text"]


def _parsed(rs, text):
    try:
        return rs.parse(str(text))
    except ValueError as e:
        raise IllegalAction("not_an_action", str(e), text) from None


def apply(s, action, say=None):
    """The state after ``action`` (an :class:`~thurn.actions.Action` or its notation, e.g. ``"draw deck"``).

    Raises :class:`~thurn.errors.IllegalAction` (reason code + explanation) if the rules forbid it; the state
    itself never changes.
    """
    rs = s.ruleset
    try:
        kind = rs.by_type[type(action)]         # (an action's kind is its class's: Ruleset.kind_for)
    except KeyError:
        kind = rs.kind_for(action)
        if kind is None:                        # notation, or no action of this ruleset
            return _apply_other(s, action, say)
    check_fn = kind.check       # (a slot read into a local: calling kind.check(...) directly is slower)
    arg, err = check_fn(s, action)
    if not rs.quiet:                # (quiet: no checks, after_step, after_action or before_decision hook)
        return _apply_hooked(s, rs, kind, action, arg, err, say)
    if err is not None:
        raise err
    if action.resolved is None and kind.canonical is not None:   # written by a user: keep the engine's own form
        canonical_fn = kind.canonical
        action = canonical_fn(s, action, arg)
    n = s.successor(action)
    do = kind.do
    nxt = do(n, arg, action, say)
    if type(nxt) is Decide:          # the player certainly decides next: no step to take for him
        n.step = nxt.step
        return n
    if nxt is None:
        pass
    elif nxt == END_TURN:       # (== : a variant may return an equal text)
        end_turn(n, say)
    elif nxt == DONE:
        resume(n, say)
    else:
        n.step = nxt
    settle(n, say)
    n.is_over = n.step == OVER
    return n


def _apply_other(s, action, say):
    """:func:`apply` of notation (a ``str``, or a subclass such as ``numpy.str_``), or of what no action kind of the
    ruleset carries out (refused, unless a ``checks`` hook takes it)."""
    if not isinstance(action, Action) and isinstance(action, str):
        action = _parsed(s.ruleset, action)
        if action.kind in s.ruleset.kinds:
            return apply(s, action, say)
    rs = s.ruleset
    arg, err = None, not_an_action(s, action)
    for f in rs.checks:
        arg, err = f(s, action, arg, err)
    if err is not None:
        raise err
    raise not_an_action(s, action)


def _apply_hooked(s, rs, kind, action, arg, err, say):
    """:func:`apply` in a ruleset with hooks: the ``checks`` may change the verdict, ``after_step`` may insert a step,
    ``after_action`` sees every action and ``before_decision`` the upkeep before each decision."""
    for f in rs.checks:
        arg, err = f(s, action, arg, err)
    if err is not None:
        raise err
    if action.resolved is None and kind.canonical is not None:   # written by a user: keep the engine's own form
        canonical_fn = kind.canonical
        action = canonical_fn(s, action, arg)
    n = s.successor(action)
    do = kind.do
    nxt = do(n, arg, action, say)
    if rs.after_step:
        _machine.advance(n, s.step, action, nxt, say)
    elif type(nxt) is Decide:          # the player certainly decides next: no step to take for him
        n.step = nxt.step
        if not (rs.after_action or rs.before_decision):
            return n
    elif nxt is None:
        pass
    elif nxt == END_TURN:       # (== : a variant may return an equal text)
        end_turn(n, say)
    elif nxt == DONE:
        resume(n, say)
    else:
        n.step = nxt
    if rs.after_action:
        for hook in rs.after_action:
            hook(n, s, action, say)
    settle(n, say)
    n.is_over = n.step == OVER
    return n
