"""How expansions and variants plug into the core: they change a ruleset, never the core's code.

A variant is a subclass of :class:`Variant` registered under a name with :func:`register`; ``Rules(expansions=
("name",))`` switches it on. The game's :class:`~thurn.turn.machine.Ruleset` is the base game's
(:func:`thurn.turn.base.base_ruleset`) changed by each variant switched on, in the order given, through
:meth:`Variant.extend`. By default ``extend`` adds whichever of these hooks the variant defines:

- ``setup(state)`` once, after the base setup of a new game (on the fresh state, which it may change; it may also
  :func:`~thurn.turn.machine.interrupt` it for decisions at setup);
- ``legal_actions(state, actions)`` → the actions of the current step, with the variant's added or removed;
- ``check(state, action, arg, error)`` → ``(arg, error)``: the base rules' verdict (``error`` is an
  :class:`~thurn.errors.IllegalAction` or ``None``), which the variant may change — forbid an action, or allow an
  action kind of its own;
- ``apply(state, action, arg, say)`` for an action kind of its own (``action_kinds``), on the fresh clone; it returns
  what comes next (a step name, ``END_TURN``, ``DONE`` to end an interruption) or None when it set the step itself;
- ``after(state, before, action, say)`` after every action, on the new state before it is published;
- ``after_step(state, step, action, next, say)`` → the next step: insert a step after another (The Audience moves
  carriages after scoring);
- ``turn_start(state, say)``, ``turn_end(state, say)``, ``end_triggered(state, seat, reason, say)``,
  ``houses_placed(state, seat, mask)``, ``final_phase(state, say)`` (before the game is over: may interrupt),
  ``game_over(state, say)``, ``forced(state, code, seat, say)`` (a step nobody chose: the compulsory Postmaster, a
  turn that cannot score), ``official_used(state, oid, say)`` (an official helped: called, forced, or the Cartwright
  while scoring; after the policy took its price), ``before_decision(state, say)`` (before each decision is
  waited for: start what a forced step made due, such as a return round);
- ``score(state, seat)`` → extra items of the final score, ``{"name": points}``, added to the total;
- ``redeal(state, seat, rng)``: deal again the values ``seat`` cannot see in his bot's view (default: each
  "owner"/"secret" field shuffled as a multiset; see :func:`thurn.information.player_view`);
- ``parse(text)`` → an action of its own from its notation (for save files), or ``None``.

Data: ``steps`` (:class:`~thurn.turn.machine.StepSpec` values the variant adds), ``officials`` (an
:class:`~thurn.turn.machine.OfficialsPolicy` replacing the base one), ``players`` (a player-count range replacing
the board's), ``fields`` (per-player values in ``state.ext`` and who sees them: ``"public"``, ``"owner"`` or
``"secret"``). A variant that needs more overrides :meth:`extend` (call ``super().extend(rs)`` first).

A variant keeps its own part of the state in ``state.ext[name]`` (an immutable value: tuples, frozensets, ints,
strings); a per-player field is a tuple with one value per seat: a number, a text, true/false, None, a tuple of
them or a :class:`FrozenMap` of them (saved as a JSON list or object). Inside a hook replace it with
``state.set_ext(name, value)``; it is saved with the position through ``dump``/``load`` (JSON-friendly forms).
"""
from __future__ import annotations

from . import option_words
from .errors import UnknownName
from .redeal import hidden_seats, redeal_values

REGISTRY: dict[str, type] = {}


class FrozenMap(dict):
    """A per-player mapping value of ``state.ext`` (e.g. tiles by name): a dict that cannot change and hashes
    (states are compared and hashed)."""

    __slots__ = ()

    def __hash__(self):
        return hash(tuple(sorted(self.items(), key=repr)))

    def _frozen(self, *args, **kwargs):
        raise TypeError("a FrozenMap cannot change: make a new one")

    __setitem__ = __delitem__ = clear = pop = popitem = setdefault = update = __ior__ = _frozen

    def __repr__(self):
        return f"FrozenMap({dict.__repr__(self)})"

    def __reduce__(self):
        return FrozenMap, (dict(self),)


VISIBILITIES = ("public", "owner", "secret")

#: The hooks a variant may define, and the ruleset list each goes to (see the module's docstring).
HOOKS = {"legal_actions": "filters", "check": "checks", "after": "after_action", "after_step": "after_step",
         "turn_start": "on_turn_start", "turn_end": "on_turn_end", "end_triggered": "on_end_triggered",
         "houses_placed": "on_houses", "final_phase": "final_phases", "game_over": "on_game_over",
         "forced": "on_forced", "official_used": "on_official", "before_decision": "before_decision"}


class Variant:
    """Base class of an expansion or variant: every hook is optional and does nothing by default."""

    name = "variant"
    rule_source = ""        # the document and section the variant implements
    action_kinds: tuple = ()    # action kinds of its own, carried out by :meth:`apply`
    action_info: dict = {}      # kind -> (button label, example notation, what it does) for the apps
    steps: tuple = ()           # StepSpec values it adds
    officials = None            # an OfficialsPolicy replacing the base one
    players: tuple[int, int] | None = None
    fields: dict = {}           # per-player ext values: name -> "public" | "owner" | "secret"
    piles: tuple = ()           # card piles of its own (thurn.piles.PileSpec), shared or per player
    requires_ext = False        # True: a saved position must carry ``ext[name]`` (its setup always makes one)
    ext_optional = False        # True (with requires_ext): a position may leave ``ext[name]`` out, read as ``{}``
    alone = False               # True: played with no other expansion switched on (SoloPlay)
    alone_why = ""              # why, in the rule document's words (said when it is asked for with another)
    #: the variant's own rule options: name -> (default, allowed values, what it means); chosen in
    #: ``Rules(options={...})``, read with ``rules.option(name)``
    options: dict = {}
    #: the true/false options of :class:`thurn.rules.Rules` that mean something only with this variant switched on
    #: (Offices of Honor's final return order): offered with it (:func:`thurn.rules.option_applies`)
    rule_options: tuple = ()
    rule_option_titles: dict = {}   # each of them in a few words, for a summary (thurn.rules.rules_in_words)

    def rule_option_applies(self, key: str, ruleset, board) -> bool:
        """Whether the rule option ``key`` of :attr:`rule_options` changes anything under ``ruleset`` on ``board``
        (default: it does)."""
        return True

    def extend(self, rs) -> None:
        """Change the ruleset ``rs`` (a copy made for this game's rules): add the hooks this variant defines."""
        from .turn.machine import ActionKind, not_an_action

        for hook, where in HOOKS.items():
            if getattr(type(self), hook) is not getattr(Variant, hook):
                rs.add(where, getattr(self, hook))
        if type(self).score is not Variant.score:
            rs.add("score_items", self.score)
        for spec in self.steps:
            rs.step(spec)
        for kind in self.action_kinds:
            label, notation, text = self.action_info.get(kind, (kind, kind, kind))
            rs.action(ActionKind(kind, lambda s, a: (None, not_an_action(s, a)), self._do, label, notation, text,
                                 self.rule_source))
        if self.officials is not None:
            rs.officials = self.officials
            from .turn.officials import officials_texts

            rs.texts.update(officials_texts(self.officials))
        if self.players is not None:
            rs.players = tuple(self.players)
        for spec in self.piles:
            rs.piles[spec.name] = spec
        for field, vis in self.fields.items():
            if vis not in VISIBILITIES:
                raise ValueError(f"variant {self.name}: field {field!r} has visibility {vis!r}; "
                                 f"use one of {VISIBILITIES}")
            if vis != "public":
                rs.hidden[field] = vis

    def _do(self, state, arg, action, say):
        return self.apply(state, action, arg, say)

    def setup(self, state) -> None:
        pass

    def legal_actions(self, state, actions: list) -> list:
        return actions

    def check(self, state, action, arg, error):
        return arg, error

    def apply(self, state, action, arg, say):
        raise TypeError(f"the {self.name} variant allowed the action kind {action.kind!r} but does not carry it out")

    def after(self, state, before, action, say) -> None:
        pass

    def after_step(self, state, step, action, nxt, say):
        return nxt

    def turn_start(self, state, say) -> None:
        pass

    def turn_end(self, state, say) -> None:
        pass

    def end_triggered(self, state, seat, reason, say) -> None:
        pass

    def houses_placed(self, state, seat, mask) -> None:
        pass

    def final_phase(self, state, say) -> None:
        pass

    def game_over(self, state, say) -> None:
        pass

    def forced(self, state, code, seat, say) -> None:
        pass

    def official_used(self, state, oid, say) -> None:
        pass

    def before_decision(self, state, say) -> None:
        pass

    def score(self, state, seat: int) -> dict:
        return {}

    def redeal(self, state, seat: int, rng) -> None:
        """Deal again at random, in ``state`` (a fresh copy becoming ``seat``'s view, see
        :func:`thurn.information.player_view`), the values of this variant that ``seat`` cannot see, consistently
        with what he has seen. The default re-deals each "owner" field among the other seats and each "secret"
        field among all seats, read only as a multiset (:func:`thurn.redeal.redeal_values`); a variant whose
        secrets come from a bag larger than what is dealt, or are revealed one by one, deals from what is left."""
        for name, vis in self.fields.items():
            values = state.ext.get(name) if vis != "public" else None
            if values is not None:
                state.set_ext(name, redeal_values(values, hidden_seats(vis, seat, len(values)), rng))

    def parse(self, text: str):
        """An action of the variant's own from its notation, or None (for save files and replays)."""
        return None

    def printed_names(self, state) -> dict:
        """Names of the variant's own that its actions hold, id -> the name as the game prints it (for the words a
        learner reads and types, :func:`thurn.words.typed`); default none."""
        return {}

    def dump(self, value):
        """The variant's state in a JSON-friendly form (for positions and save files)."""
        return value

    def load(self, data):
        """Back from :meth:`dump` (the data may come from someone else's file: check it, and bound every size)."""
        return data

    def player_extras(self, state, seat: int) -> dict:
        """What this variant puts in front of ``seat``, in the game's words, for ``state.player()`` and the state's
        text (``{"letters": 2}``); by default the variant's per-player ``fields``."""
        return {f: state.ext[f][seat] for f in self.fields if f in state.ext}

    def dump_position(self, state, value):
        """The variant's part of a written position: by default :meth:`dump`; a variant may write names (cities,
        players) and leave out what the rest of the position derives (``state`` is the position's state)."""
        return self.dump(value)

    def load_position(self, state, data):
        """The variant's part of a read position: by default :meth:`load`; a variant may read names and derive the
        fields left out from ``state`` (its board, players, turn and step are read already; ``state.ext`` not yet)."""
        return self.load(data)

    def board_refusal(self, board) -> str | None:
        """Why the variant cannot be played on ``board`` (something its rules need that the board lacks), or None.
        Asked when the board does not list its ``rulesets``."""
        return None

    def check_loaded(self, state) -> None:
        """Check a loaded position's part of this variant against its board and players (raise PositionError)."""

    def __repr__(self):
        return f"<variant {self.name}>"


def variant_options(variants, given) -> tuple[tuple, dict]:
    """The variant options ``given`` (a dict) checked against what ``variants`` declare: (the pairs given, as sorted
    ``(name, value)`` pairs without those equal to their default; every option's value, defaults included). An
    unknown name suggests the close match; a value not allowed names the allowed ones."""
    from .errors import PositionError

    declared: dict = {}
    for v in variants:
        for name, spec in type(v).options.items():
            declared[name] = (v.name, spec)
    values = {name: spec[0] for name, (_, spec) in declared.items()}
    if not given:
        return (), values
    if not isinstance(given, dict):
        raise PositionError(f"the variant options should map each option to its value, not {str(given)[:80]!r}.")
    if len(given) > 64:
        raise PositionError("too many variant options.")
    chosen = []
    for name, value in given.items():
        if name not in declared:
            raise UnknownName("rule option", str(name)[:60], sorted(declared),
                              "" if declared else "No expansion switched on has options of its own.")
        owner, (default, allowed, _) = declared[name]
        if isinstance(value, bool) or value not in allowed:
            raise PositionError(f"the {owner} option {name!r} is one of {', '.join(map(str, allowed))}, not "
                                f"{str(value)[:60]!r}.", "bad_option")
        values[name] = value
        if value != default:
            chosen.append((name, value))
    return tuple(sorted(chosen)), values


def register(cls):
    """Class decorator: make a :class:`Variant` available to ``Rules(expansions=(cls.name,))``."""
    if not (isinstance(cls, type) and issubclass(cls, Variant)):
        raise TypeError("register() takes a Variant subclass")
    REGISTRY[cls.name] = cls
    option_words.learn(cls.name, cls.rule_source, cls.rule_option_titles)
    return cls


def unregister(name: str) -> None:
    REGISTRY.pop(name, None)
    option_words.forget(name)


def variant(name: str) -> Variant:
    """An instance of the registered variant ``name``; an unknown name suggests the close match."""
    try:
        return REGISTRY[name]()
    except KeyError:
        raise UnknownName("expansion", name, sorted(REGISTRY),
                          "" if REGISTRY else "No expansion is implemented yet; the base game runs with "
                                              "expansions=[].") from None
