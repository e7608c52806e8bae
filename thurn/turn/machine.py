"""The turn machine: runs any ruleset's steps (boardgame.io's phases and stages, as data).

A :class:`Ruleset` declares

- its **steps** (:class:`StepSpec`: what the player does in it, the rule, which actions are legal, and, for a step
  in which nobody has a choice, the ``forced`` function that takes it);
- its **action kinds** (:class:`ActionKind`: ``check(state, action) -> (arg, error)`` and
  ``do(state, arg, action, say) -> what comes next``: a step name, :data:`END_TURN`, :data:`DONE` to end an
  interruption, or ``None`` when ``do`` set the step itself);
- **lifecycle hooks**: turn start, after a step, turn end, end triggered, houses placed, final phases, game over,
  forced events; ``filters`` that change the legal actions and ``checks`` that change a verdict;
- the **officials policy** (how many officials a turn may use and what each costs), the **score items**, the
  **result** (the winner, or SoloPlay's rating) and the **player count**.

Who acts now (``state.to_move``) is separate from whose turn it is (``state.turn_owner``): an expansion may
interrupt a turn with decisions of other players (Offices of Honor's return rounds) by :func:`interrupt`, which
queues one frame ``(seat, step)`` per decision; a step's ``do`` returns :data:`DONE` when its decision is made,
and the next frame (finally the interrupted turn) resumes. The base game's steps are in :mod:`thurn.turn.base`;
the expansions add theirs through :class:`thurn.variants.Variant`.
"""
from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field
from typing import Callable

from ..actions import Action, parse_action
from ..effects import ScoringStage
from ..errors import IllegalAction

END_TURN = "<end of turn>"      # a ``do`` that ends the turn returns this
DONE = "<decision made>"        # a ``do`` that ends an interruption frame returns this
OVER = "over"


class Decide:
    """What a ``do`` returns when it knows that its player has a real decision in the next step (the base game's
    draw, after which the player holds a card to play): the machine goes there without asking the step's ``forced``
    function. A hint for speed only: returning the plain step name is always right."""

    __slots__ = ("step",)

    def __init__(self, step: str):
        self.step = step

    def __repr__(self):
        return f"Decide({self.step!r})"


@dataclass(frozen=True, slots=True)
class StepSpec:
    """One step of a turn (or of an interruption): its name, what the player does in it, and the rule.

    ``legal(state) -> list`` lists its actions; ``forced(state, say) -> next or None`` takes the step when the
    player has no choice (returns what comes next, like a ``do``, or None when a decision is needed); ``wrong`` is
    the sentence given when another action is tried now. ``interruption``: the step is taken only inside an
    interruption (its decision ends with :data:`DONE`, and the interrupted decision resumes), so a position in it
    needs the interruption queued (a saved position is checked for it).
    """

    name: str
    does: str
    rule: str
    legal: Callable = field(default=None, repr=False, compare=False)
    forced: Callable | None = field(default=None, repr=False, compare=False)
    kinds: tuple[str, ...] = ()
    interruption: bool = False


@dataclass(frozen=True, slots=True)
class ActionKind:
    """An action kind of a ruleset: how it is checked and carried out, and how it is shown (buttons, notation)."""

    kind: str
    check: Callable = field(repr=False, compare=False)
    do: Callable = field(repr=False, compare=False)
    label: str = ""             # a button's text ("Draw", "Score")
    notation: str = ""          # an example of its notation ("draw deck")
    text: str = ""              # what it does, for learners
    rule: str = ""
    canonical: Callable | None = field(default=None, repr=False, compare=False)   # (state, action, arg) -> action
    words: Callable | None = field(default=None, repr=False, compare=False)   # (state, action) -> its button's words


class OfficialsPolicy:
    """How many officials a turn may use, and what each costs (base rules, Game Play: one official per turn).

    Expansions replace it (The Princess' Messenger: more, paid with letters; SoloPlay: one is compulsory)."""

    rule = "base rules, Game Play: one official per turn"
    text = "one may help per turn"                          # the Play app's officials panel says it
    sentence = "only one official may help per turn"       # the limit, in a sentence of an explanation
    #: True: "one official per turn, free" exactly (may_call is ``not state.officials``, calling costs nothing, the
    #: turn may always end), so the machine's hot paths need not ask; a subclass that overrides may_call, called or
    #: end_problem is set False automatically.
    one_per_turn = True

    def __init_subclass__(cls, **kwargs):
        super().__init_subclass__(**kwargs)
        if "one_per_turn" not in cls.__dict__ and any(m in cls.__dict__ for m in ("may_call", "called", "end_problem")):
            cls.one_per_turn = False

    def problem(self, s, oid: str, action=None) -> IllegalAction | None:
        """Why ``oid`` may not be called now as far as the count and the cost go, or None."""
        if s.officials:
            used = s.board.official(s.officials[0]).name
            return IllegalAction("one_official_per_turn", f"You already had the help of the {used} this turn; only "
                                 f"one official may help per turn.", action, self.rule)
        return None

    def may_call(self, s, oid: str) -> bool:
        """Fast form of :meth:`problem` for listing legal actions."""
        return not s.officials

    def called(self, s, oid: str, say=None) -> None:
        """Pay for ``oid`` on a fresh state (nothing in the base game)."""

    def end_problem(self, s, action=None) -> IllegalAction | None:
        """Why the turn may not end yet as far as officials go, or None: asked before ``end`` and before a Score
        (``action``; a Score with the official who helps while scoring brings one), so that a policy may make one
        official compulsory every turn (SoloPlay, 4.1)."""
        return None

    def cost_words(self, s, action) -> str | None:
        """What calling ``action``'s official costs the player to move, in words for his button, or None when
        calling costs nothing at all (the base game)."""
        return None


class OfficialRoles:
    """What the officials' handlers declare, gathered per step for the hot paths: the officials offered in each step
    (``offers[step]``: ``((id, offer), ...)`` in the handlers' order), those forced to help (``forced``), those a
    too-short route waits for (``waits``), and the one who helps while scoring (``helper``). One record per set of
    handlers, gathered again in place after every change (so that the ruleset reads it in one step: ``rs.roles``)."""

    __slots__ = ("offers", "forced", "waits", "helper")

    def __init__(self, handlers):
        self.offers: dict = defaultdict(tuple)     # (a step without offers reads ())
        self.gather(handlers)

    def gather(self, handlers) -> None:
        self.offers.clear()
        for oid, h in handlers.items():
            for step, offer in h.offers:
                self.offers[step] += ((oid, offer),)
        self.forced = tuple((oid, h.forced) for oid, h in handlers.items() if h.forced is not None)
        self.waits = tuple((oid, h.waits) for oid, h in handlers.items() if h.waits is not None)
        self.helper = next((oid for oid, h in handlers.items() if h.helps == "scoring"), None)


class OfficialHandlers(dict):
    """Official id -> his handler (what he does, from :mod:`thurn.turn.base_officials` or a variant; who he is comes from the
    board's data file). ``roles`` (:class:`OfficialRoles`) is gathered again, in place, after every change."""

    __slots__ = ("roles",)

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.roles = OfficialRoles(self)

    def _changed(name):
        def method(self, *args, **kwargs):
            out = getattr(dict, name)(self, *args, **kwargs)
            self.roles.gather(self)
            return out
        method.__name__ = name
        return method

    __setitem__ = _changed("__setitem__")
    __delitem__ = _changed("__delitem__")
    update = _changed("update")
    pop = _changed("pop")
    popitem = _changed("popitem")
    setdefault = _changed("setdefault")
    clear = _changed("clear")
    del _changed


#: The turn counters the base game resets at the end of each turn (base rules, Game Play): cards drawn and played,
#: how many each may be, and the officials who helped. A ruleset may add its own (a state field, or an ext name).
BASE_COUNTERS = (("draws", 0), ("plays", 0), ("draws_allowed", 1), ("plays_allowed", 1), ("officials", ()))

#: The ruleset's hook lists (tuples of functions; add to them with :meth:`Ruleset.add`).
HOOK_LISTS = ("filters", "checks", "after_action", "after_step", "on_turn_start", "on_turn_end", "on_end_triggered",
              "on_houses", "on_forced", "final_phases", "on_game_over", "before_decision", "score_items", "on_official")


class Ruleset:
    """A game's rules as data: steps, action kinds, hooks, officials, scoring and result (see module doc)."""

    __slots__ = ("name", "steps", "kinds", "first_step", "_officials", "one_official", "official_handlers", "roles",
                 "filters", "checks", "on_official",
                 "after_action", "after_step", "on_turn_start", "on_turn_end", "on_end_triggered", "on_houses",
                 "on_forced", "final_phases", "on_game_over", "before_decision", "score_items", "result", "players",
                 "texts", "variants", "hidden", "legal_of", "forced_of", "_scoring", "decliners", "turn_counters",
                 "house_colours", "piles", "score_reads", "score_dos", "card_back", "house_per_colour", "discard_pile",
                 "stack_values", "carriages_in_order", "carriage_named", "tiles_once",
                 "end_tile_to_ender", "listing", "quiet", "by_type")

    def __init__(self, name: str):
        self.name = name
        #: step name -> its legal actions with the filters applied (kept by ``step`` and ``add``: what
        #: ``state.legal_actions()`` calls); True when the ruleset has no ``checks``, ``after_step``,
        #: ``after_action`` or ``before_decision`` hook (the machine's quick path: see :func:`thurn.turn.apply`)
        self.listing: dict = {}
        self.quiet = True
        #: action class -> its action kind (:meth:`kind_for`, kept from the first action of each class: an action's
        #: ``kind`` is its class's; emptied when a kind is added)
        self.by_type: dict = {}
        self.steps: dict[str, StepSpec] = {}
        self.kinds: dict[str, ActionKind] = {}
        self.first_step = "draw"
        self.officials = OfficialsPolicy()         # (sets one_official: the policy's one_per_turn, read on hot paths)
        self.official_handlers = OfficialHandlers()  # official id -> what he does (turn.officials.OfficialHandler),
        self.roles = self.official_handlers.roles   # changed in place (never replaced): what they declare, per step
        self.on_official: tuple = ()               # (state, official id, say): after an official helped (or was forced)
        self.filters: tuple = ()                   # (state, actions) -> actions
        self.checks: tuple = ()                    # (state, action, arg, error) -> (arg, error)
        self.after_action: tuple = ()              # (state, before, action, say): after every action, before settle
        self.after_step: tuple = ()                # (state, step, action, next, say) -> next: may insert a step
        self.on_turn_start: tuple = ()             # (state, say)
        self.on_turn_end: tuple = ()               # (state, say)
        self.on_end_triggered: tuple = ()          # (state, seat, reason, say)
        self.on_houses: tuple = ()                 # (state, seat, mask of new houses)
        self.on_forced: tuple = ()                 # (state, event code, seat, say)
        self.final_phases: tuple = ()              # (state, say): may interrupt before the game is over
        self.on_game_over: tuple = ()              # (state, say)
        self.before_decision: tuple = ()           # (state, say): upkeep before each decision (display refill)
        self.score_items: tuple = ()               # (state, seat) -> {item: points}
        self.result: Callable = None               # (state, totals) -> {"winner": seat} or other keys
        self.players: tuple[int, int] | None = None  # player count range; None: the board's
        self.texts: dict[str, str] = {}             # rule texts for the apps ("officials": "one may help per turn")
        self.variants: tuple = ()
        self.hidden: dict = {}                      # per-player ext values that not everyone sees: name -> visibility
        self.legal_of: dict = {}                    # step name -> its legal function (kept by ``step``)
        self.forced_of: dict = {}                   # step name -> its forced function or None
        self.scoring: tuple = ()                    # the stages of scoring a route, in order (thurn.effects)
        self.turn_counters: tuple = BASE_COUNTERS   # (state field, value it is reset to) at the end of each turn
        self.house_colours: tuple = ()              # ((colour, houses), ...) each player has; (): one colour
        self.house_per_colour = False               # True: a city holds one house of each colour of a player (SoloPlay:
        #                                             each colour builds on its own); False: one house, whatever its colour
        self.carriages_in_order = True              # carriages are taken in order, none skipped (base rules, 3c);
        #                                             False: any level, several of one (SoloPlay's coach cards, 4.4d)
        self.carriage_named = False                 # True: a Score may name the carriage card it takes (``coach``),
        #                                             and the ruleset's check says which (SoloPlay's Cartwright, 4.4d);
        #                                             False: the route decides it, and a card named is refused
        self.tiles_once = True                      # a player holds one tile of a stack at most, but the distance
        #                                             tiles (base rules, 3b); False: several (SoloPlay: one a colour)
        self.end_tile_to_ender = True               # the game-end tile goes to who ends the game (Game End); False:
        #                                             it is taken otherwise (SoloPlay's Bonus Scoring Tile, 4.4c)
        self.stack_values: Callable | None = None   # (board, stack) -> its tiles at the start, top first; None: the
        #                                             board's, highest on top (SoloPlay sorts and cuts them)
        self.discard_pile: Callable | None = None   # (state, why) -> the pile name discarded cards go to; None: the
        #                                             discard pile (see thurn.turn.deck.discard)
        self.piles: dict = {}                       # card pile name -> PileSpec (thurn.piles)
        self.card_back: str | None = None           # the card attribute a card's back shows to everyone (Power
        #                                             and Glory: "horseshoes"); None: the backs are all alike

    def __setattr__(self, name, value):
        object.__setattr__(self, name, value)
        if name in _DERIVED_FROM and hasattr(self, "legal_of"):     # (the hot paths read what is derived; in
            self._derive()                                          #  __init__, legal_of is set after the hooks)

    def _derive(self) -> None:
        """Keep ``listing`` and ``quiet`` in step with the steps and the hook lists, and ``by_type`` with the kinds."""
        self.by_type.clear()
        quiet = not (self.checks or self.after_step or self.after_action or self.before_decision)
        object.__setattr__(self, "quiet", quiet)
        filters = self.filters
        listing = self.listing
        listing.clear()
        for step, legal in self.legal_of.items():
            listing[step] = legal if not filters or legal is None else _filtered(legal, filters)

    @property
    def officials(self) -> OfficialsPolicy:
        return self._officials

    @officials.setter
    def officials(self, policy: OfficialsPolicy) -> None:
        self._officials = policy
        self.one_official = policy.one_per_turn

    def add(self, where: str, hook: Callable) -> None:
        """Add a hook to one of the hook lists (``rs.add("after_step", fn)``). They are tuples, so that a ruleset
        without hooks of a kind tests one shared empty tuple on the hot paths."""
        if where not in HOOK_LISTS:
            raise ValueError(f"no hook list {where!r}; the ruleset has {', '.join(HOOK_LISTS)}")
        setattr(self, where, getattr(self, where) + (hook,))

    @property
    def scoring(self) -> tuple:
        """The stages of scoring a route, in order (:class:`thurn.effects.ScoringStage`)."""
        return self._scoring

    @scoring.setter
    def scoring(self, stages) -> None:
        self._scoring = tuple(stages)
        self.decliners = tuple(st for st in self._scoring if type(st).declinable is not ScoringStage.declinable)
        self.score_reads = tuple(st.read for st in self._scoring)   # (bound once: read per scoring, thurn.effects)
        self.score_dos = tuple(st.do for st in self._scoring)

    def scoring_stage(self, name: str, stage=None) -> None:
        """Replace the scoring stage ``name`` by ``stage`` (None: remove it), or add ``stage`` at the end when no
        stage has that name (see :class:`thurn.effects.ScoringStage`)."""
        stages = list(self.scoring)
        at = next((i for i, st in enumerate(stages) if st.name == name), None)
        if at is None:
            if stage is None:
                raise ValueError(f"no scoring stage {name!r}; the ruleset has "
                                 f"{', '.join(st.name for st in stages) or 'none'}")
            stages.append(stage)
        elif stage is None:
            del stages[at]
        else:
            stages[at] = stage
        self.scoring = tuple(stages)

    def scoring_helper(self) -> str | None:
        """The official who helps while scoring (base game: the Cartwright, 3c), from the handlers; None if none."""
        return self.roles.helper

    def step(self, spec: StepSpec) -> None:
        """Add or replace a step (always through here: the machine keeps its functions at hand by name)."""
        self.steps[spec.name] = spec
        self.legal_of[spec.name] = spec.legal
        self.forced_of[spec.name] = spec.forced
        self._derive()

    def action(self, kind: ActionKind) -> None:
        self.kinds[kind.kind] = kind
        self.by_type.clear()

    def kind_for(self, action):
        """The action kind that carries out ``action``, or None (not an action of this ruleset); kept by the action's
        class (``by_type``) where the kind is the class's own."""
        try:
            kind = self.kinds[action.kind]
        except (AttributeError, KeyError, TypeError):
            return None
        cls = type(action)
        if isinstance(action, Action) and cls.__dict__.get("kind", kind.kind) == kind.kind == getattr(cls, "kind", None):
            self.by_type[cls] = kind
        return kind

    def parse(self, text):
        """An action from its notation: an expansion's own notation first (its ``parse``), else the base game's."""
        for v in self.variants:
            action = v.parse(text)
            if action is not None:
                return action
        return parse_action(text)

    @property
    def action_kinds(self) -> tuple[ActionKind, ...]:
        return tuple(self.kinds.values())

    def __repr__(self):
        return f"<Ruleset {self.name}: steps {', '.join(self.steps)}; actions {', '.join(self.kinds)}>"


#: What ``Ruleset.listing`` and ``Ruleset.quiet`` are derived from: set again, they are derived again.
_DERIVED_FROM = frozenset(("filters", "checks", "after_step", "after_action", "before_decision", "legal_of",
                           "kinds"))


def _filtered(legal, filters):
    """A step's legal actions with the ruleset's filters applied, in order."""
    def listed(s) -> list:
        acts = legal(s)
        for f in filters:
            acts = f(s, acts)
        return acts
    return listed


# -- running a ruleset -----------------------------------------------------------------------------------------

def interrupt(s, frames, then=None) -> None:
    """Interrupt the current decision with ``frames``: ``(seat, step)`` pairs, first to act first. When all are done
    (each ``do`` of an interruption step returns :data:`DONE`), the interrupted player goes on with ``then`` (a step,
    or :data:`END_TURN`; default: the step he was in). An ``after_step`` hook that interrupts passes its ``next`` as
    ``then`` and returns None."""
    frames = tuple(frames)
    if not frames:
        return
    s.interruptions = frames[1:] + ((s.to_move, s.step if then is None else then),) + s.interruptions
    s.to_move, s.step = frames[0]


def resume(s, say=None) -> None:
    """The current interruption frame is done: the next one (finally the interrupted decision) resumes."""
    (seat, step), s.interruptions = s.interruptions[0], s.interruptions[1:]
    s.to_move = seat
    if step == END_TURN:
        end_turn(s, say)
        return
    s.step = step
    if step == OVER and not s.interruptions:
        game_over(s, say)


def advance(s, step: str, action, nxt, say) -> None:
    """Go on after ``action`` was carried out in ``step``: the after-step hooks may insert a step; then the next
    step, the end of the turn, or the end of an interruption."""
    rs = s.ruleset
    for hook in rs.after_step:
        nxt = hook(s, step, action, nxt, say)
    if nxt is None:
        return
    if type(nxt) is Decide:
        nxt = nxt.step
    if nxt == END_TURN:
        end_turn(s, say)
    elif nxt == DONE:
        resume(s, say)
    else:
        s.step = nxt


def end_turn(s, say) -> None:
    """Pass the turn clockwise (base rules, Game Play); after the round in which the end was triggered, the final
    phases (if any) and then the game is over (Game End)."""
    rs = s.ruleset
    if rs.on_turn_end:
        for hook in rs.on_turn_end:
            hook(s, say)
    s.turns += 1
    s.turn_owner = s.to_move = (s.turn_owner + 1) % len(s.players)
    counters = rs.turn_counters
    if counters is BASE_COUNTERS:
        s.draws = s.plays = 0
        s.draws_allowed = s.plays_allowed = 1
        s.officials = ()
    else:
        reset_counters(s, counters)
    if s.end_by is not None and s.turn_owner == s.start_player:
        s.step = OVER
        if say is not None:
            say("The last turn is complete: the game is over." if len(s.players) == 1 else
                "The round is complete: the game is over.")
        for phase in rs.final_phases:
            phase(s, say)
        if s.step == OVER and not s.interruptions:
            game_over(s, say)
        return
    s.step = rs.first_step
    if rs.on_turn_start:
        for hook in rs.on_turn_start:
            hook(s, say)


def reset_counters(s, counters) -> None:
    """Reset the turn counters ``counters`` (``(name, value)`` pairs: a state field, else a variant's ext value)."""
    for name, value in counters:
        if hasattr(type(s), name):
            setattr(s, name, value)
        else:
            s.set_ext(name, value)


def game_over(s, say) -> None:
    for hook in s.ruleset.on_game_over:
        hook(s, say)


def forced_event(s, code: str, say, text: str | None = None) -> None:
    """Record a step the player had no choice in (``state.events``), tell it, and let the hooks see it."""
    s.events = s.events + ((code, s.to_move),)
    if say is not None and text:
        say(text)
    hooks = s.ruleset.on_forced
    if hooks:
        for hook in hooks:
            hook(s, code, s.to_move, say)


def settle(s, say=None) -> None:
    """Take the steps in which the player has no choice, so that every state waits for a real decision.

    Each step's ``forced`` function says whether the step is taken without a decision (and what comes next). A
    whole round of turns ended without any decision ends the game (no board may deadlock it). A forced function
    that returns None after a hook changed the step (an interruption began) is followed by the new step's.
    """
    rs = s.ruleset
    forced_of = rs.forced_of
    upkeep = rs.before_decision
    ended = 0
    while True:
        if upkeep:
            for hook in upkeep:
                hook(s, say)
        step = s.step
        forced = forced_of[step]
        if forced is None:
            return
        nxt = forced(s, say)
        if nxt is None:
            if s.step != step:
                continue                # (a hook interrupted: the new step may be forced too)
            if not upkeep:
                return                  # (the common case: a decision, and no upkeep)
            for hook in upkeep:         # what the forced step made due (a return round) starts before the decision
                hook(s, say)
            if s.step == step:
                return
            continue
        if nxt == END_TURN:
            ended += 1
            if ended > len(s.players):
                s.step = OVER
                forced_event(s, "deadlock", say, "Nobody can draw, play or score a card any more: the game is over.")
                game_over(s, say)
                return
            end_turn(s, say)
        elif nxt == DONE:
            resume(s, say)
        elif nxt != step:
            s.step = nxt


def legal_actions(s) -> list:
    """Every legal action of whoever is to move (a new list each call): the step's, through the ruleset's filters."""
    return s.ruleset.listing[s.step](s)


def check(s, action):
    """(resolved argument, None) when ``action`` is legal in ``s``, else (None, IllegalAction)."""
    rs = s.ruleset
    try:
        kind = rs.kinds[action.kind]
    except (AttributeError, KeyError, TypeError):
        arg, err = None, not_an_action(s, action)
    else:
        arg, err = kind.check(s, action)
    for f in rs.checks:
        arg, err = f(s, action, arg, err)
    return arg, err


def not_an_action(s, action) -> IllegalAction:
    if getattr(action, "kind", None) is not None and hasattr(action, "notation"):
        return IllegalAction("not_an_action", f"No rule of this game carries out {action!r}.", action)
    return IllegalAction("not_an_action", f"{action!r} is not an action: use the values that legal_actions() lists, "
                         f"or their notation such as 'play ulm right'.", action)
