"""What the player to move may do now, in words built from the legal actions of the state (so that the state's
text, the step's ``does`` and the Play app's hint line never suggest an official who may not help now).

The step's declared ``does`` (:class:`~thurn.turn.machine.StepSpec`) describes the step in general ("score the
route (3 or more cards), call the Postal Carrier for a second card, or end the turn", base rules, 3); at a step that
offers several kinds of action the words here name only what the rules allow in this position.
"""
from __future__ import annotations


def does_now(s) -> str:
    """The options of the current step that are legal now, in words ("score the route or end the turn"), where the
    step's own ``does`` names an official (the score step: "call the Postal Carrier"); else the step's ``does``."""
    spec = s.ruleset.steps[s.step]
    does = _new_route_words(s, spec)
    if len(spec.kinds) < 2 or s.is_over or not any(o.name in spec.does for o in s.board.officials):
        return does                 # the step's words suggest no official: they hold in every position
    legal = s.legal_actions()
    if not legal:
        return does
    parts = []
    for kind in _kinds_in_order(spec.kinds, legal):
        mine = [a for a in legal if a.kind == kind]
        if kind == "score":
            parts.append(_score_words(s, mine))
        elif kind == "official":
            parts.extend(_official_words(s, mine))
        elif kind == "end":
            parts.append("end the turn")
        else:
            parts.append(s.ruleset.kinds[kind].text or kind)
    return _either(parts) if parts else does


#: The play step's words for a new route (base rules, 2), left out where no new route may be started now: the
#: Postal Carrier's second card extends the route the first card left (rules notes R12).
NEW_ROUTE = ", or start a new route"


def _new_route_words(s, spec) -> str:
    """The step's ``does`` without "or start a new route" where no legal play starts one."""
    if NEW_ROUTE not in spec.does or "play" not in spec.kinds or s.is_over:
        return spec.does
    legal = s.legal_actions()
    if not legal or any(a.kind == "play" and a.end == "new" for a in legal):
        return spec.does
    return spec.does.replace(NEW_ROUTE, "", 1)


def _kinds_in_order(declared, legal) -> list:
    """The kinds of the legal actions: the step's declared order first, then any a variant adds."""
    present = []
    for a in legal:
        if a.kind not in present:
            present.append(a.kind)
    return [k for k in declared if k in present] + [k for k in present if k not in declared]


def _score_words(s, scores) -> str:
    """"score the route", naming the official who helps while scoring (base rules, 3c: the Cartwright) only where a
    legal scoring takes his help."""
    with_help = any(getattr(a, "cartwright", False) for a in scores)
    if not with_help:
        return "score the route"
    name = _name(s, "cartwright")
    if all(getattr(a, "cartwright", False) for a in scores):
        return f"score the route with the {name}'s help"
    return f"score the route (the {name} may help you take a carriage)"


def _name(s, oid: str) -> str:
    try:
        return s.board.official(oid).name
    except ValueError:
        return oid.replace("_", " ")


def _official_words(s, calls) -> list:
    out = []
    seen = set()
    for a in calls:
        official = s.board.official(a.official)
        if official.id in seen:
            continue
        seen.add(official.id)
        out.append(f"call the {official.name} ({official.effect})" if official.effect else f"call the {official.name}")
    return out


def _either(parts: list) -> str:
    if len(parts) <= 2:
        return " or ".join(parts)
    return ", ".join(parts[:-1]) + ", or " + parts[-1]


def round_text(s) -> str:
    """"Round 12", marked as the last once the end is triggered ("Round 12 · the last round": Game End, the round is
    finished so that every player has had the same number of turns; one player: "the last turn", SoloPlay, 6)."""
    text = f"Round {s.round_number}"
    if s.end_by is not None and not s.is_over:
        text += " · the last turn" if len(s.players) == 1 else " · the last round"
    return text
