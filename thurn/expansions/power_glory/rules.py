"""Power and Glory: the northern board, with horses pulling the carriage instead of carriage cards.

Rules: the rule book with the expansions, "Power and Glory" (cited below by its sections). Switched on with
``Rules(board="northern", expansions=("power_glory",))``; the board file's cards carry their ``horseshoes``
(``data/northern.json``). Played on the northern board without it, the game is the section's variant "The game
using the base game rules" (base carriages and the Cartwright, the card backs ignored, the new bonus tiles).

It plugs into the core through the ruleset alone:

- a per-player public pile ``"horses"`` (the cards played horse side up beside the carriage card);
- an action kind of its own, ``"horse"`` (:class:`PlayHorse`, notation ``"horse hamburg_3_horseshoes"``), legal in
  the play step instead of a route play, at most 6 horse cards; with the Postal Carrier each card either way;
- the scoring stage ``carriage`` replaced by a ``horses`` stage (the horse cards discarded, the carriage card
  kept), no Cartwright, and a score needs at least as many horses as cards in the route.

Houses on free cities, the free cities' tiles, Preußen in two parts and "all provinces" without free cities are
the core's (``thurn.scoring``, the board's stack kinds): the board file says them.
"""
from __future__ import annotations

from dataclasses import replace

from ...actions import Action, fold, resolved, set_fields
from ...effects import ScoringStage
from ...errors import IllegalAction, PositionError
from ...piles import PileSpec, pile
from ...turn.cards import AMBIGUOUS, card_named, find_card, which_copy
from ...turn.playing import card_played, extensions, play_from_hand, second_card
from ...turn.steps import PLAY, SCORE, wrong_step
from ...turn.machine import ActionKind, StepSpec
from ...variants import Variant, register

NAME = "power_glory"
PILE = "horses"
ATTRIBUTE = "horseshoes"
#: The carriage card's own horses (Closing and scoring a route: "the carriage itself comes with 2 horses").
CARRIAGE_HORSES = 2
#: "A player may have a maximum of 6 cards as horses before his carriage" (Play a city card from the hand).
MAX_HORSE_CARDS = 6
R_PLAY = "Power and Glory, Play a city card from the hand"
R_SCORE = "Power and Glory, Closing and scoring a route"
R_DISCARD = "Power and Glory, Discard city cards"
R_SETUP = "Power and Glory, Preparation"


class PlayHorse(Action):
    """Play a city card from the hand horse side up, beside the carriage card (Power and Glory, Play a city card
    from the hand)."""

    __slots__ = ("city",)
    kind = "horse"

    def __init__(self, city: str):
        set_fields(self, city=city, key=("horse", fold(city)))

    def __str__(self):
        return f"play {self.city} horse side up"

    def __repr__(self):
        return f"PlayHorse({self.city!r})"

    def __reduce__(self):
        return (PlayHorse, (self.city,))

    @property
    def notation(self):
        return f"horse {fold(self.city)}"


def parse_horse(text):
    """A :class:`PlayHorse` from its notation ("horse hamburg_3_horseshoes") or the game's words ("horse Hamburg (3
    horseshoes)"), or None."""
    words = str(text)[:400].split()
    if len(words) >= 2 and words[0].lower() == "horse":
        return PlayHorse(" ".join(words[1:]))
    return None


def horse_cards(state, seat: int | None = None) -> tuple:
    """The card ids beside the player's carriage card (default: who is to move)."""
    return pile(state, PILE, seat)


def horses(state, seat: int | None = None) -> int:
    """The horses pulling the player's carriage: the carriage card's 2 and the horseshoes of each horse card
    (Power and Glory, Closing and scoring a route)."""
    value = state.board.card_value
    return CARRIAGE_HORSES + sum(value(c, ATTRIBUTE, 0) for c in horse_cards(state, seat))


def horse_words(state, action) -> str:
    """A horse play's button words: the card's city and the horses it brings ("Göttingen as horses +3")."""
    city, kind = state.board.card_key(action.city)
    shoes = state.board.card_value(kind, ATTRIBUTE, 0) if kind is not None else 0
    return f"{state.board.city_name(city)} as horses +{shoes}"


def card_backs(state) -> dict:
    """What everyone sees of the cards lying face down or held (Power and Glory, components: "The backs of the city
    cards have 1, 2 or 3 horses"): the horseshoes of the deck's top card (None with an empty deck) and of each
    player's hand (sorted; the cards themselves stay hidden). The players' views show them and deal hidden cards
    that agree with them (:func:`thurn.information.card_backs`; docs/design.md, "Power and Glory")."""
    from ...information import card_backs as backs

    return backs(state)


def _plural(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


class HorsesStage(ScoringStage):
    """Replaces the carriage stage: no carriage is taken; the horse cards are discarded, the carriage card kept
    (Power and Glory, Discard city cards: "he discards ... the horse cards that he had played next to his carriage.
    He keeps the carriage")."""

    name = "horses"
    no_decline = ("no_carriage_to_decline", "Under Power and Glory no carriage card is taken when a route is scored "
                  "(\"The carriage cards ... are not used with this expansion\"): the horses pull the carriage card "
                  "you keep, so there is no carriage to decline; score without declining.", R_SETUP)

    def do(self, s, seat, p, effect):
        cards = p.piles.get(PILE, ())
        if cards:
            s.discard = s.discard + cards
            p.piles = {**p.piles, PILE: ()}


@register
class PowerAndGlory(Variant):
    """Power and Glory (see the module's docstring)."""

    name = NAME
    rule_source = "Power and Glory"
    piles = (PileSpec(PILE, shared=False, visibility="public", rule=R_PLAY),)

    def __init__(self):
        self._made: dict = {}
        self._named_cache: dict = {}

    def extend(self, rs) -> None:
        super().extend(rs)
        play = rs.steps[PLAY]
        if "horse" not in play.kinds:
            rs.step(StepSpec(play.name, play.does + ", or play a card horse side up beside the carriage card",
                             play.rule, play.legal, play.forced, play.kinds + ("horse",)))
        rs.action(ActionKind("horse", self.check_horse, self.do_horse, "Horse", "horse hamburg_3_horseshoes",
                             "play a card horse side up beside the carriage card (at most 6)", R_PLAY,
                             canonical=self._named, words=horse_words))
        # "The carriage cards and the cartwright from the base game are not used with this expansion" (Preparation)
        rs.official_handlers.pop("cartwright", None)
        rs.scoring_stage("carriage", HorsesStage())
        score = rs.kinds["score"]
        rs.action(replace(score, do=self._score_doer(score.do)))
        # "The backs of the city cards have 1, 2 or 3 horses" (components): everyone sees them (thurn.information)
        rs.card_back = ATTRIBUTE
        # the Postal Carrier: "he may choose with each card whether to add a city to his route or add horses"
        old = rs.official_handlers.get("postal_carrier")
        if old is not None:
            rs.official_handlers["postal_carrier"] = old.replace(
                check=self._check_carrier(old.check), offers=((SCORE, self._second_play),), waits=self._second_waits)

    def board_refusal(self, board):
        if ATTRIBUTE not in board.card_attributes:
            return "its city cards show no horseshoes; Power and Glory is played on the northern board."
        return None

    # -- the Postal Carrier: the second card either way ---------------------------------------------------------
    @staticmethod
    def _score_doer(do):
        """The scoring, and in the log the horse cards it discards (Discard city cards: "he discards ... the horse
        cards that he had played next to his carriage. He keeps the carriage")."""
        def doer(s, arg, action, say):
            seat = s.to_move
            cards = s.players[seat].piles.get(PILE, ())
            nxt = do(s, arg, action, say)
            if say is not None and cards:
                names = [s.board.card_names[c] for c in cards]
                listed = names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]
                say(f"{s.names[seat]} discards the horse card{'s' if len(cards) != 1 else ''} {listed} and keeps "
                    f"the carriage card (Power and Glory, Discard city cards).")
            return nxt
        return doer

    @staticmethod
    def _may_add_horse(s, p) -> bool:
        return bool(p.hand) and len(p.piles.get(PILE, ())) < MAX_HORSE_CARDS

    def _second_play(self, s) -> bool:
        p = s.players[s.to_move]
        return s.plays_allowed == 1 and (self._may_add_horse(s, p) or second_card(s, p))

    def _second_waits(self, s) -> bool:
        p = s.players[s.to_move]
        return s.plays_allowed == 1 and (self._may_add_horse(s, p) or extensions(s.board, p.route, p.hand, p.rmask))

    def _check_carrier(self, check):
        def carrier(s, a, p):
            err = check(s, a, p)
            if err is not None and err.reason == "no_second_card" and self._may_add_horse(s, p):
                return None
            return err
        return carrier

    # -- playing a card horse side up ---------------------------------------------------------------------------
    def legal_actions(self, s, actions):
        if s.step == PLAY:
            p = s.players[s.to_move]
            if len(p.piles.get(PILE, ())) < MAX_HORSE_CARDS:
                seen = set()
                names, kind_of = s.board.card_names, s.board.kind_of
                for x in p.hand:
                    k = kind_of[x]
                    if k not in seen:
                        seen.add(k)
                        a = self._made.get((id(s.board), k))
                        if a is None:
                            a = self._made[(id(s.board), k)] = PlayHorse(fold(names[k]))
                        actions.append(a)
        elif s.step == SCORE and actions:
            p = s.players[s.to_move]
            if horses(s) < len(p.route):
                actions = [a for a in actions if a.kind != "score"]
        return actions

    def check(self, s, action, arg, error):
        """A route is scored only with at least as many horses as its cards (Closing and scoring a route)."""
        if error is None and getattr(action, "kind", None) == "score":
            p = s.players[s.to_move]
            n, have = len(p.route), horses(s)
            if have < n:
                return None, IllegalAction(
                    "too_few_horses", f"Your route has {_plural(n, 'card')} and your carriage has only "
                    f"{_plural(have, 'horse')} (2 of the carriage card and the horseshoes of your horse cards); "
                    f"to score it you need at least as many horses as cards.", action, R_SCORE)
        return arg, error

    def check_horse(self, s, a):
        """(card id, None), or (None, why not)."""
        if s.step != PLAY:
            if s.step == SCORE and s.plays_allowed == 1:
                return None, IllegalAction("already_played", "You have played your card this turn; the Postal "
                                           "Carrier would let you play a second one.", a, R_PLAY)
            return None, wrong_step(s, a)
        board = s.board
        p = s.players[s.to_move]
        named, err = card_named(s, a, a.city, a.key[1])
        if err is not None:
            return None, err
        c, k = named
        x = find_card(board, p.hand, c, k)
        if x == AMBIGUOUS:
            return None, which_copy(s, p.hand, c, a, R_PLAY)
        if x < 0:
            what = board.city_name(c) if k is None else board.card_names[k]
            return None, IllegalAction("card_not_in_hand", f"You have no {what} card in your hand.", a, R_PLAY)
        n = len(p.piles.get(PILE, ()))
        if n >= MAX_HORSE_CARDS:
            return None, IllegalAction("too_many_horses", f"You already have {MAX_HORSE_CARDS} cards as horses "
                                       f"before your carriage, the most a player may have.", a, R_PLAY)
        return x, None

    def _named(self, s, action, x):
        """The horse play as the history keeps it: the card named as it reads ("play Kassel (3 horseshoes) horse
        side up" in the log's, the map's and the review's words); the same action (its key and notation)."""
        k = s.board.kind_of[x]
        a = self._named_cache.get((id(s.board), k))
        if a is None:
            a = self._named_cache[(id(s.board), k)] = resolved(PlayHorse(s.board.card_names[k]), k)
        return a

    def do_horse(self, s, x, action, say):
        p = play_from_hand(s, x)
        p.piles = {**p.piles, PILE: p.piles.get(PILE, ()) + (x,)}
        nxt = card_played(s)
        if say is not None:
            say(f"{s.names[s.to_move]} plays {s.board.card_names[x]} horse side up: "
                f"{_plural(horses(s), 'horse')} pull the carriage.")
        return nxt

    def parse(self, text):
        return parse_horse(text)

    def check_loaded(self, s) -> None:
        """A loaded position has at most 6 horse cards beside each carriage (Play a city card from the hand), and no
        player holds a carriage of the base game: "The carriage cards and the cartwright from the base game are not
        used with this expansion" (Preparation); the horses pull each player's own carriage card."""
        for i, p in enumerate(s.players):
            if p.carriages:
                raise PositionError(f"players[{i}] ({s.names[i]}).carriages is {list(p.carriages)}, but under Power "
                                    f"and Glory nobody takes the base game's carriages: the horses pull each player's "
                                    f"own carriage card ({R_SETUP}). Leave out 'carriages'.", "no_carriages")
            if "cartwright" in s.officials:
                raise PositionError(f"turn.officials names the Cartwright, who is not used under Power and Glory "
                                    f"({R_SETUP}).", "no_cartwright")
            if len(p.piles.get(PILE, ())) > MAX_HORSE_CARDS:
                raise PositionError(f"players[{i}] ({s.names[i]}) has {len(p.piles[PILE])} horse cards; a player has "
                                    f"at most {MAX_HORSE_CARDS} ({R_PLAY}).")

    def player_extras(self, s, seat) -> dict:
        """The horses pulling the player's carriage (public)."""
        return {"horses": horses(s, seat)}
