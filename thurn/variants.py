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
- ``parse(text)`` → an action of its own from its notation (for save files), or ``None``.

Data: ``steps`` (:class:`~thurn.turn.machine.StepSpec` values the variant adds), ``officials`` (an
:class:`~thurn.turn.machine.OfficialsPolicy` replacing the base one), ``players`` (a player-count range replacing
the board's), ``fields`` (per-player values in ``state.ext`` and who sees them: ``"public"``, ``"owner"`` or
``"secret"``). A variant that needs more overrides :meth:`extend` (call ``super().extend(rs)`` first).

A variant keeps its own part of the state in ``state.ext[name]`` (an immutable value: tuples, frozensets, ints,
strings); a per-player field is a tuple with one value per seat. Inside a hook replace it with
``state.set_ext(name, value)``; it is saved with the position through ``dump``/``load`` (JSON-friendly forms).
"""
from __future__ import annotations

from .errors import UnknownName

REGISTRY: dict[str, type] = {}
VISIBILITIES = ("public", "owner", "secret")
_BUILT: dict[tuple, tuple] = {}

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
            from .turn.base import officials_texts

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

    def parse(self, text: str):
        """An action of the variant's own from its notation, or None (for save files and replays)."""
        return None

    def dump(self, value):
        """The variant's state in a JSON-friendly form (for positions and save files)."""
        return value

    def load(self, data):
        """Back from :meth:`dump` (the data may come from someone else's file: check it, and bound every size)."""
        return data

    def check_loaded(self, state) -> None:
        """Check a loaded position's part of this variant against its board and players (raise PositionError)."""

    def __repr__(self):
        return f"<variant {self.name}>"


def register(cls):
    """Class decorator: make a :class:`Variant` available to ``Rules(expansions=(cls.name,))``."""
    if not (isinstance(cls, type) and issubclass(cls, Variant)):
        raise TypeError("register() takes a Variant subclass")
    REGISTRY[cls.name] = cls
    _BUILT.clear()
    return cls


def unregister(name: str) -> None:
    REGISTRY.pop(name, None)
    _BUILT.clear()


def variant(name: str) -> Variant:
    """An instance of the registered variant ``name``; an unknown name suggests the close match."""
    try:
        return REGISTRY[name]()
    except KeyError:
        raise UnknownName("expansion", name, sorted(REGISTRY),
                          "" if REGISTRY else "No expansion is implemented yet; the base game runs with "
                                              "expansions=[].") from None


def build_ruleset(expansions: tuple[str, ...]):
    """(variants, ruleset) for the expansions switched on: the base ruleset changed by each, in order (kept per
    list of names)."""
    hit = _BUILT.get(expansions)
    if hit is None:
        from .turn.base import base_ruleset

        variants = tuple(variant(name) for name in expansions)
        rs = base_ruleset("+".join(("base",) + expansions))
        for v in variants:
            v.extend(rs)
        rs.variants = variants
        hit = _BUILT[expansions] = (variants, rs)
    return hit
