"""Step 3, scoring the route or ending the turn (base rules, 3a-3c): where the houses go, the carriage earned or
declined, the Cartwright's help; the effects come from :func:`thurn.effects.score_route`.
"""
from __future__ import annotations

from .. import effects
from ..option_words import option_title
from ..scoring import next_carriage, popcount, route_placements
from .action_table import table
from .cards import cities_text, resolve_city, route_text
from .deck import discard, refill_display
from .machine import END_TURN, forced_event
from .officials import helper_error, helper_problem, official_used, policy_calls
from .steps import KEEP, PLAY, R_CARRIAGE, R_FREE_CITIES, R_HOUSES, R_PLAY, R_SCORE, SCORE, illegal, wrong_step


def earns_carriage(s, p, cartwright: bool) -> bool:
    """Whether scoring the route now earns the next carriage (base rules, 3c): one is left, and the route is as
    long as its number, or two cards shorter with the Cartwright."""
    return effects.carriage_for(s.board, p.carriages, s.carriages_left, len(p.route), cartwright) is not None


def legal_score(s) -> list:
    board = s.board
    t = board._actions or table(board)
    p = s.players[s.to_move]
    acts = [t.end]
    route = p.route
    rs = s.ruleset
    offers = rs.roles.offers[SCORE]
    if offers:
        if not rs.one_official:
            policy_calls(s, t, offers, acts)
        elif not s.officials:
            for oid, offer in offers:       # (the Postal Carrier after the first card)
                if offer is None or offer(s):
                    acts.append(t.call[oid])
    if len(route) >= board.min_route:
        cw = helper_problem(s, p) is None
        decline = not s.rules.carriage_compulsory and _declinable(s, p)
        per_colour = rs.house_per_colour
        for colour, owned, left in ((None, p.houses, p.houses_left),) if p.colours is None else _colours_left(p, per_colour):
            masks = route_placements(board, route, p.rmask, owned, left, s.rules.optional_houses)
            made, score = t._score, t.score     # (the actions made before read at once: a call only for a new one)
            for m in masks:
                acts.append(made.get((m, False, True, colour, None)) or score(m, False, True, colour))
                if decline:
                    acts.append(made.get((m, False, False, colour, None)) or score(m, False, False, colour))
                if cw:
                    acts.append(made.get((m, True, True, colour, None)) or score(m, True, True, colour))
    return acts


def _colours_left(p, per_colour: bool):
    """(colour, the houses a placement in it avoids, houses left) of each of the player's colours (base rules, 3a,
    in the colour chosen: SoloPlay): his houses of every colour, or with ``per_colour`` those of that colour."""
    return tuple((c, m if per_colour else p.houses, left) for c, m, left in p.colours)


def _declinable(s, p) -> bool:
    """Whether a scoring stage gives something the player may decline now (base: the carriage, R9)."""
    for stage in s.ruleset.decliners:
        if stage.declinable(s, p):
            return True
    return False


def _decline_problem(s, p, a):
    """Why the carriage cannot be declined now, or None (rules notes R9; base rules 000, 3c): the same test as the
    listing's (:func:`_declinable`), so that a declining Score is legal exactly when it is listed. A ruleset whose
    scoring takes no carriage that may be declined says why in its stage's ``no_decline`` (Power and Glory: no
    carriage card is taken; SoloPlay, 4.4d: the coach card must be taken)."""
    for stage in s.ruleset.scoring:
        if stage.no_decline is not None:
            reason, text, rule = stage.no_decline
            return illegal(reason, text, a, rule)
    if s.rules.carriage_compulsory:
        return illegal("carriage_compulsory", f"Under the rule option \"{option_title('carriage_compulsory')}\" a "
                       "route that earns a carriage always takes it (001, 3c: the player takes it).", a,
                       "rules notes R9")
    if a.cartwright:
        return illegal("cartwright_declined", "The Cartwright helps you take a carriage; if you decline the "
                       "carriage, do not call him.", a, R_CARRIAGE)
    if not _declinable(s, p):
        level = next_carriage(s.board, p.carriages)
        n = len(p.route)
        if level is None:
            why = "you already have the highest carriage"
        elif n < level:
            why = f"carriage {level} needs {level} cards and your route has {n}"
        else:
            why = f"no carriage {level} is left"
        return illegal("no_carriage_to_decline", f"Scoring this route earns no carriage ({why}), so there is none "
                       f"to decline.", a, R_CARRIAGE)
    return None


def check_score(s, a):
    board = s.board
    if s.step != SCORE:
        if s.step == PLAY and s.plays == 0:
            return None, illegal("play_first", "Play a card first; you score the route after playing.", a, R_SCORE)
        return None, wrong_step(s, a)
    p = s.players[s.to_move]
    route = p.route
    rs = s.ruleset
    if not rs.one_official:             # scoring ends the turn: the policy may want an official first (SoloPlay)
        err = rs.officials.end_problem(s, a)
        if err is not None:
            return None, err
    if len(route) < board.min_route:
        return None, illegal("route_too_short",
                             f"Your route {route_text(board, route)} has {len(route)} card"
                             f"{'s' if len(route) != 1 else ''}; a route needs at least {board.min_route} to be "
                             f"scored.", a, R_SCORE)
    mask = a.resolved                   # an engine-made action carries its houses' mask (see ActionTable.score)
    if mask is None:
        cache = board._names_cache
        mask = cache.get(a.key)
        if mask is None:
            mask = 0
            for h in a.houses:
                c, err = resolve_city(s, h, a)
                if err:
                    return None, err
                if mask >> c & 1:
                    return None, illegal("house_twice", f"{board.city_name(c)} is named twice.", a, R_HOUSES)
                mask |= 1 << c
            cache[a.key] = mask
    if not a.carriage:
        why = _decline_problem(s, p, a)
        if why is not None:
            return None, why
    if a.cartwright:
        err = helper_error(s, p, a)
        if err is not None:
            return None, err
    left = p.houses_left
    if p.colours is not None or a.colour is not None:
        err = _colour_problem(s, p, a)
        if err is not None:
            return None, err
        left = effects.colour_left(p, a.colour)
    owned = p.houses if p.colours is None or not rs.house_per_colour else effects.colour_houses(p, a.colour)
    masks = route_placements(board, route, p.rmask, owned, left, s.rules.optional_houses)
    if mask in masks:
        if a.coach is not None and not rs.carriage_named:       # (a ruleset that lets the player name it checks
            return None, illegal(                               #  the name itself: Ruleset.carriage_named)
                "no_coach_choice", "The carriage you take follows from your route: name no coach card.", a, R_CARRIAGE)
        return mask, None
    off = mask & ~p.rmask
    if off:
        return None, illegal("house_not_on_route", f"{cities_text(board, _bits_list(off))} is not on the route "
                             f"{route_text(board, route)}; houses go only in cities of the route.", a, R_HOUSES)
    twice = mask & owned
    if twice:
        per = p.colours is not None and rs.house_per_colour         # (the colour's own houses: SoloPlay)
        return None, illegal("already_has_house", f"You already have a {a.colour + ' ' if per else ''}"
                             f"house in {cities_text(board, _bits_list(twice))}; a player has at most one house "
                             f"{'of a colour ' if per else ''}in a city.", a, R_HOUSES)
    if popcount(mask) > left:
        return None, illegal("not_enough_houses", f"You have only {left} house{'s' if left != 1 else ''} left"
                             f"{'' if a.colour is None else ' in ' + a.colour}.", a, "rules notes: houses run out")
    if any(mask & m == mask for m in masks):
        return None, illegal("must_place_all", "You must place every house the chosen option allows (the rule "
                             f"option \"{option_title('optional_houses')}\" lets you place fewer).", a, R_HOUSES)
    free = mask & board.free_cities
    if free & (free - 1):               # (the board's free cities belong to no province: the northern board)
        both = " and ".join(board.city_name(c) for c in _bits_list(free))
        return None, illegal("one_free_city", f"Houses go on only one of the free cities of a route when it is "
                             f"scored, not on {both}.", a, R_FREE_CITIES)
    return None, illegal("not_a_placement", "Houses go either in one city of each province of the route, or in "
                         "every city of one province of the route.", a, R_HOUSES)


def _colour_problem(s, p, a):
    """Why the colour named by a Score action cannot be placed, or None: a player with one colour names none; a
    player with several names one of his (SoloPlay, 4: "Declare Color")."""
    if p.colours is None:
        return illegal("no_colours", "You have houses of one colour only: score without naming a colour.", a,
                       R_HOUSES)
    mine = [c for c, _, _ in p.colours]
    if a.colour is None:
        return illegal("colour_needed", f"You have houses of several colours: name the colour you place "
                       f"({', '.join(mine)}).", a, R_HOUSES)
    if a.colour not in mine:
        return illegal("unknown_colour", f"You have no {a.colour[:40]} houses; your colours are {', '.join(mine)}.",
                       a, R_HOUSES)
    return None


def _bits_list(mask):
    out, i = [], 0
    while mask:
        if mask & 1:
            out.append(i)
        mask >>= 1
        i += 1
    return out


def do_score(s, mask, action, say):
    """Score the route (base rules, 3a-3c): the effects come from :func:`thurn.effects.score_route`."""
    cartwright = action.cartwright
    board = s.board
    seat = s.to_move
    p = s.player_copy()
    route = p.route
    level = next_carriage(board, p.carriages) if say is not None else None      # (told when declined)
    if cartwright:
        helper = s.ruleset.roles.helper
        if helper not in s.officials:       # (chosen already at the start of the turn: SoloPlay, 4.1)
            official_used(s, helper, say)
    effect = effects.score_route(s, seat, p, mask, cartwright, action.carriage, getattr(action, "colour", None),
                                 getattr(action, "coach", None))
    discard(s, route, "scored")
    p.route = ()
    p.rmask = 0
    if say is not None:
        who = s.names[seat]
        city_of = board.city_of
        houses = ("houses in " + cities_text(board, [city_of[c] for c in route if mask >> city_of[c] & 1])
                  if effect.placed else "no house")
        parts = [f"{who} scores {route_text(board, route)} ({len(route)} cards): {houses}"]
        if effect.tiles:
            parts.append("takes " + ", ".join(f"the {board.stacks[si].name} tile ({v})" for si, v in effect.tiles))
        rs = s.ruleset
        word = rs.texts.get("carriage", "carriage")        # (SoloPlay: "coach card", scored in sets at the end)
        if effect.carriage is not None:
            helped = f" with the {board.official(helper).name}'s help" if cartwright else ""
            worth = f" ({board.carriage_points[effect.carriage]} points)" if rs.carriages_in_order else ""
            parts.append(f"takes {word} {effect.carriage}{helped}{worth}")
        elif not action.carriage:
            parts.append(f"declines {word} {level}")
        say(", ".join(parts) + ".")
        if effect.ends:
            colour = getattr(action, "colour", None)     # a player with several colours ends with one (SoloPlay, 6)
            last = f"the last {colour} house" if colour and p.colours else "the last house"
            ends = f"takes {word} {effect.carriage} first" if effect.ends == "carriage" else f"places {last}"
            for si, v in effect.end_tiles:
                ends += f" and takes the {board.stacks[si].name} tile ({v})"
            say(f"{who} {ends}: the game ends when this "
                f"{'turn' if len(s.players) == 1 else 'round'} is complete.")
    return KEEP if len(p.hand) > board.hand_limit else END_TURN


def forced_score(s, say):
    """A route too short to score and no second card to play: the turn ends (base rules, 3)."""
    if -1 in s.display:
        refill_display(s, say)
    p = s.players[s.to_move]
    route = p.route
    n = len(route)
    if n >= s.board.min_route:
        return None
    if route:                           # the Postal Carrier may still help with a second card: the turn waits
        rs = s.ruleset
        if rs.one_official:
            if not s.officials:         # (one official per turn: only before any helped)
                for oid, waits in rs.roles.waits:
                    if waits(s):
                        return None
        else:
            for oid, waits in rs.roles.waits:
                if waits(s) and rs.officials.may_call(s, oid):
                    return None
    forced_event(s, "turn_ends_short", say, f"{s.names[s.to_move]}'s route has {n} card{'s' if n != 1 else ''}, "
                 f"too few to score: the turn ends." if say is not None else None)
    return END_TURN


def check_end(s, a):
    if s.step == SCORE:
        rs = s.ruleset
        err = None if rs.one_official else rs.officials.end_problem(s, a)
        return (None, err) if err is not None else (True, None)
    if s.step == PLAY:
        return None, illegal("must_play", "You must play a card each turn: extend your route or start a new one.",
                             a, R_PLAY)
    return None, wrong_step(s, a)


def do_end(s, arg, action, say):
    if say is not None:
        say(f"{s.names[s.to_move]} ends the turn.")
    return END_TURN
