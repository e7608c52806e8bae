"""Calling an official (base rules, Game Play: one official per turn, or a ruleset's own policy): what an
official's handler says he does, who may help now, the call itself, and the official who helps while scoring.
"""
from __future__ import annotations

from .machine import OVER
from .steps import DRAW, R_CARRIAGE, R_DRAW, R_OFFICIAL, illegal, wrong_step


class OfficialHandler:
    """What one official does (his name and aliases come from the board's data file; what he does from here).

    - ``helps``: ``"alone"``, called by an action of his own (``check(state, action, player) -> error or None``,
      ``do(state, say) -> next``), or ``"scoring"``, helping inside a Score action (base rules, 3c: the Cartwright;
      ``problem(state, player) -> reason code or None`` says whether he can help this scoring, ``message(state,
      player, reason)`` why not);
    - ``offers``: ``((step, offer), ...)``: the steps in which his call is listed, ``offer(state) -> bool`` (None:
      always) whether he can help now; ``lets``: what he lets the player do, for the explanations;
    - ``forced(state, say) -> bool``: asked when the hand is empty at the start of the turn: he must help now, and
      did (base rules, 1: the Postmaster);
    - ``waits(state) -> bool``: a route too short to score waits for him (base rules, 2: a second card).
    """

    __slots__ = ("check", "do", "helps", "offers", "lets", "forced", "waits", "problem", "message")

    def __init__(self, check=None, do=None, *, helps="alone", offers=(), lets="", forced=None, waits=None,
                 problem=None, message=None):
        self.check, self.do, self.helps, self.offers, self.lets = check, do, helps, tuple(offers), lets
        self.forced, self.waits, self.problem, self.message = forced, waits, problem, message

    def replace(self, **changes) -> "OfficialHandler":
        """A copy with some parts replaced (a variant's own check, say)."""
        parts = {k: getattr(self, k) for k in self.__slots__}
        parts.update(changes)
        check, do = parts.pop("check"), parts.pop("do")
        return OfficialHandler(check, do, **parts)


def _may(s, oid: str) -> bool:
    """Whether the officials policy lets ``oid`` help now (base: no official has helped this turn)."""
    rs = s.ruleset
    return not s.officials if rs.one_official else rs.officials.may_call(s, oid)


def policy_calls(s, t, offers, acts) -> None:
    """Add a call of each official of ``offers`` (a step's, from the handlers) whom the policy lets help now (a
    policy other than one free official per turn: The Princess' Messenger's letters)."""
    may = s.ruleset.officials.may_call
    for oid, offer in offers:
        if may(s, oid) and (offer is None or offer(s)):
            acts.append(t.call[oid])


def offered(s, step):
    """The first official offered in ``step`` who may help now, or None (for the explanations)."""
    for oid, offer in s.ruleset.roles.offers[step]:
        if _may(s, oid):
            return oid
    return None


def check_official(s, a):
    board = s.board
    oid = a.resolved or board._official_lookup.get(a.key[1])
    if oid is None:
        try:
            board.official(a.official)
        except ValueError as e:
            return None, illegal("unknown_official", str(e), a, None)
    if s.step == OVER:
        return None, wrong_step(s, a)
    rs = s.ruleset
    handler = rs.official_handlers.get(oid)
    if handler is None or handler.helps != "alone":
        name = board.official(oid).name
        if handler is not None and handler.helps == "scoring":
            return None, illegal(f"{oid}_when_scoring", f"The {name} helps while you score: choose a scoring "
                                 f"with the {name}.", a, R_CARRIAGE)
        return None, illegal("not_called", f"The {name} is not called on his own in this game.", a, None)
    if (s.officials or not rs.one_official) and (oid in s.officials or not _may(s, oid)):
        policy = rs.officials
        err = policy.problem(s, oid, a)
        forced = forced_official(s) if err is not None and err.reason == "one_official_per_turn" else None
        if forced is not None:
            return None, illegal(f"{forced}_compulsory",
                                 f"Your hand was empty at the start of the turn, so the {board.official(forced).name} "
                                 f"must help you draw two cards, and {policy.sentence}.", a, R_DRAW)
        if err is not None:
            return None, err
        return None, illegal("official_twice", f"You already had the help of the {board.official(oid).name} this "
                             f"turn; each official helps at most once per turn.", a, R_OFFICIAL)
    err = handler.check(s, a, s.players[s.to_move])
    return (None, err) if err is not None else (oid, None)


def forced_official(s):
    """The official who was forced to help this turn before the draw (base rules, 1: an empty hand), or None."""
    if s.step != DRAW or s.draws or s.players[s.to_move].hand:
        return None
    for oid, _ in s.ruleset.roles.forced:
        if oid in s.officials:
            return oid
    return None


def official_used(s, oid: str, say) -> None:
    """An official helps (called, or forced: the compulsory Postmaster; the Cartwright while scoring): he is one of
    the turn's officials, the policy takes its price (The Princess' Messenger's letters), and the ruleset's
    ``on_official`` hooks see him (Offices of Honor's tiles)."""
    s.officials = s.officials + (oid,)
    rs = s.ruleset
    if not rs.one_official:
        rs.officials.called(s, oid, say)
    if rs.on_official:
        for hook in rs.on_official:
            hook(s, oid, say)


def do_official(s, oid, action, say):
    official_used(s, oid, say)
    return s.ruleset.official_handlers[oid].do(s, say)


def compulsory_text(s, oid: str) -> str:
    who = s.names[s.to_move]
    return f"{who}'s hand is empty: the {s.board.official(oid).name} must help, so {who} draws two cards."


def helper_problem(s, p):
    """None if the official who helps while scoring (the Cartwright, base rules 3c) can help this scoring, else the
    reason code: the policy's, or his handler's."""
    rs = s.ruleset
    oid = rs.roles.helper
    if oid is None:
        return "no_helper"
    if s.officials if rs.one_official else (oid in s.officials or not rs.officials.may_call(s, oid)):
        return "one_official_per_turn"
    return rs.official_handlers[oid].problem(s, p)


def helper_error(s, p, a):
    """Why the official who helps while scoring cannot help this one (Score with ``cartwright=True``), or None."""
    why = helper_problem(s, p)
    if why is None:
        return None
    rs = s.ruleset
    oid = rs.roles.helper
    if why == "no_helper":
        return illegal("no_helper", "No official helps while scoring in this game.", a, None)
    if why == "one_official_per_turn":
        err = rs.officials.problem(s, oid, a)
        if err is not None and oid not in s.officials:
            return err                  # the policy's own reason and rule (The Princess' Messenger's letters)
        text = err.explanation if err is not None else f"The {s.board.official(oid).name} has helped you this turn already."
        return illegal(why, text, a, R_OFFICIAL)
    return illegal(why, rs.official_handlers[oid].message(s, p, why), a, R_CARRIAGE)


def officials_texts(policy) -> dict:
    """The officials panel's texts from a policy: what it allows, and the rule's document and section (a citation
    "document, section: detail" without its detail)."""
    return {"officials": policy.text, "officials_rule": policy.rule.split(":")[0]}
