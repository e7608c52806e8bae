"""How expansions and variants plug into the core: through hooks, never through ``if expansion:`` branches.

A variant is a subclass of :class:`Variant` registered under a name with :func:`register`; ``Rules(expansions=
("name",))`` switches it on. For every variant switched on, in the order given, the core calls:

- ``setup(state)`` once, after the base setup of a new game (on the fresh state, which it may change);
- ``legal_actions(state, actions)`` → the actions of the current step, with the variant's added or removed;
- ``check(state, action, arg, error)`` → ``(arg, error)``: the base rules' verdict (``error`` is an
  :class:`~thurn.errors.IllegalAction` or ``None``), which the variant may change — forbid an action, or allow an
  action kind of its own;
- ``apply(state, action, arg, say)`` for an action kind the base rules do not know (on the fresh clone);
- ``after(state, before, action, say)`` after every action, on the new state before it is published;
- ``score(state, seat)`` → extra items of the final score, ``{"name": points}``, added to the total;
- ``parse(text)`` → an action of its own from its notation (for save files), or ``None``.

A variant keeps its own part of the state in ``state.ext[name]`` (an immutable value: tuples, frozensets, ints,
strings). Inside ``setup``/``apply``/``after`` replace it with ``state.set_ext(name, value)``; it is saved with
the position through ``dump``/``load`` (JSON-friendly forms).
"""
from __future__ import annotations

from .errors import UnknownName

REGISTRY: dict[str, type] = {}


class Variant:
    """Base class of an expansion or variant: every hook is optional and does nothing by default."""

    name = "variant"
    rule_source = ""        # the document and section the variant implements

    def setup(self, state) -> None:
        pass

    def legal_actions(self, state, actions: list) -> list:
        return actions

    def check(self, state, action, arg, error):
        return arg, error

    def apply(self, state, action, arg, say) -> None:
        raise TypeError(f"the {self.name} variant allowed the action kind {action.kind!r} but does not carry it out")

    def after(self, state, before, action, say) -> None:
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
        """Back from :meth:`dump`."""
        return data

    def __repr__(self):
        return f"<variant {self.name}>"


def register(cls):
    """Class decorator: make a :class:`Variant` available to ``Rules(expansions=(cls.name,))``."""
    if not (isinstance(cls, type) and issubclass(cls, Variant)):
        raise TypeError("register() takes a Variant subclass")
    REGISTRY[cls.name] = cls
    return cls


def unregister(name: str) -> None:
    REGISTRY.pop(name, None)


def variant(name: str) -> Variant:
    """An instance of the registered variant ``name``; an unknown name suggests the close match."""
    try:
        return REGISTRY[name]()
    except KeyError:
        raise UnknownName("expansion", name, sorted(REGISTRY),
                          "" if REGISTRY else "No expansion is implemented yet; the base game runs with "
                                              "expansions=[].") from None
