"""The rules configuration: which board, and which reading of the rules where the documents disagree.

Every option names the document it comes from (see README, "Rule options"). Expansions will plug in here
as named entries of ``expansions``; the base game has none.
"""
from __future__ import annotations

from dataclasses import asdict, dataclass, fields

from .errors import PositionError, SimulationError, UnknownName
from .option_words import and_list, option_title, ruleset_name
from .rulesets import build_ruleset
from .variants import variant_options


#: The rule options that are switched on or off (true/false in a rules dict).
BOOLEAN_OPTIONS = ("optional_houses", "all_provinces_includes_baiern", "carriage_compulsory", "hand_limit_at_most",
                   "postal_carrier_may_restart", "final_return_reverse_order", "top_reward_for_tiles_in_play")


@dataclass(frozen=True)
class Rules:
    """Rule options. The defaults are the base game as the rules notes settle it.

    - ``board``: the board data file to play on (``"base"``).
    - ``optional_houses`` (R1): when False (default, as in "All Roads Lead to Rome", The Audience: "the player
      must place all houses he is allowed") the chosen placement option places every house it allows; when True
      (base rules 001, 3a: "Placing houses is optional") the player may place any part of it.
    - ``all_provinces_includes_baiern`` (R4): when False (default, base rules 000/004, 3b "Outside of Baiern") the
      all-provinces tile needs a house in every province except Baiern; when True (001's wording "every
      province") Baiern is needed too.
    - ``carriage_compulsory`` (R9): when False (default, base rules 000, 3c: the player "**may** take that Coach
      Card") a scoring that earns a carriage may decline it (``Score(..., carriage=False)``); when True (001's
      and 004's "takes") the carriage is always taken.
    - ``hand_limit_at_most`` (R11): when False (default, base rules 001, 3d: "he chooses 3 cards to keep") a
      player over the hand limit after scoring keeps exactly 3; when True (000, 3d: "down to at most three
      cards") he keeps up to 3.
    - ``postal_carrier_may_restart`` (R12): when False (default, 001: "add a second city to his route") the
      Postal Carrier's second card must extend the route the first card left; when True (000: "as long as the
      second card can be legally placed") it follows every play rule, starting a new route included.
    - ``final_return_reverse_order`` (R7, Offices of Honor only): when False (default, 001: "After the last round
      of normal turns ... there is a final tile return round") the final return goes clockwise from the starting
      player; when True (001's note on an online implementation) from the last player backwards.
    - ``top_reward_for_tiles_in_play`` (Offices of Honor with Power and Glory): when False (default) the
      Cartwright's office tiles stay beside the board, never taken ("the cartwright from the base game [is] not
      used"), so a return has at most 3 different tiles and the rewards are as printed (2 a card, 3 a chip; the
      house out of reach); when True his tiles are out of the game with him and the rewards are counted from the
      top over the offices in play (1 a card, 2 a chip, 3 a house; the final round 2 or 3). No effect where every
      official can be called.
    - ``expansions``: names of the registered variants switched on (see :mod:`thurn.variants`; the expansions in
      :mod:`thurn.expansions`: ``"messenger"``, The Princess' Messenger, and ``"offices"``, Offices of Honor); the
      base game has none.
    - ``options``: the options of the variants switched on, by name (``{"difficulty": "hard"}``): each variant
      declares its own, with their values and default (:attr:`thurn.variants.Variant.options`); read one with
      :meth:`option`. Kept as sorted ``(name, value)`` pairs, given as a dict; an option left out has its default
      and is not written.
    """

    board: str = "base"
    optional_houses: bool = False
    all_provinces_includes_baiern: bool = False
    carriage_compulsory: bool = False
    hand_limit_at_most: bool = False
    postal_carrier_may_restart: bool = False
    final_return_reverse_order: bool = False
    top_reward_for_tiles_in_play: bool = False
    expansions: tuple[str, ...] = ()
    options: tuple = ()

    def __post_init__(self):
        object.__setattr__(self, "expansions", tuple(self.expansions))
        _check_once(self.expansions)
        variants, ruleset = build_ruleset(self.expansions)
        if len(variants) > 1 and any(v.alone for v in variants):
            alone = next(v for v in variants if v.alone)
            others = and_list(ruleset_name(v.name) for v in variants if v is not alone)
            why = f" ({alone.alone_why})" if alone.alone_why else ""
            raise PositionError(f"{ruleset_name(alone.name)} is played on its own, not with {others}{why}.",
                                "variant_alone")
        object.__setattr__(self, "variants", variants)
        object.__setattr__(self, "ruleset", ruleset)
        given = dict(self.options) if isinstance(self.options, (dict, tuple, list)) else self.options
        chosen, values = variant_options(variants, given)
        object.__setattr__(self, "options", chosen)
        object.__setattr__(self, "_values", values)

    def option(self, name: str):
        """The value of the variant option ``name`` (its default when not given); an option of no variant switched
        on is an error that suggests the close match."""
        try:
            return self._values[name]
        except KeyError:
            raise UnknownName("rule option", name, sorted(self._values)) from None

    def __reduce__(self):
        """Pickled as its options alone: the ruleset is built again where it is loaded (simulations in processes)."""
        return (type(self), tuple(getattr(self, f.name) for f in fields(self)))

    def to_dict(self) -> dict:
        d = asdict(self)
        d["expansions"] = list(self.expansions)
        if self.options:
            d["options"] = dict(self.options)
        else:
            del d["options"]
        return d

    @classmethod
    def from_dict(cls, data) -> "Rules":
        """Rules from a dict; an unknown option is an error that suggests the close match."""
        if data is None:
            return cls()
        if isinstance(data, Rules):
            return data
        if not isinstance(data, dict):
            raise PositionError(f"rules should be a dict of options, not {type(data).__name__}.")
        known = {f.name: f for f in fields(cls)}
        for key in data:
            if key not in known:
                raise UnknownName("rule option", key, list(known))
        kwargs = dict(data)
        for key in BOOLEAN_OPTIONS:
            if key in kwargs and not isinstance(kwargs[key], bool):
                raise PositionError(f"rule option {key!r} should be true or false, not {kwargs[key]!r}.")
        if "expansions" in kwargs:
            exp = kwargs["expansions"]
            if not isinstance(exp, (list, tuple)) or not all(isinstance(e, str) for e in exp):
                raise PositionError(f"rule option 'expansions' should be a list of names, not {exp!r}.")
            kwargs["expansions"] = tuple(exp)
        if "options" in kwargs and not isinstance(kwargs["options"], dict):
            raise PositionError(f"rule option 'options' should map each variant option to its value, not "
                                f"{str(kwargs['options'])[:80]!r}.")
        if "board" in kwargs and not isinstance(kwargs["board"], str):
            raise PositionError(f"rule option 'board' should be a board name or path, not {kwargs['board']!r}.")
        return cls(**kwargs)


def _check_once(expansions) -> None:
    """Each expansion is switched on once: named twice, its hooks would run twice (the compulsory Postmaster would
    take two office tiles)."""
    seen = set()
    for name in expansions:
        if name in seen:
            listed = "+".join(str(e) for e in expansions)
            raise PositionError(f"the expansion {str(name)[:100]!r} is named twice in expansions={listed[:200]}; "
                                f"each expansion is switched on once.", "expansion_twice")
        seen.add(name)


# -- rules as text ---------------------------------------------------------------------------------------------------

def parse_value(text: str):
    """A value written as text (a rule option's or a bot option's): ``true``/``yes``/``on``, ``false``/``no``/``off``,
    ``none``, a whole number, a number, else the text itself (stripped)."""
    low = text.strip().lower()
    if low in ("true", "yes", "on"):
        return True
    if low in ("false", "no", "off"):
        return False
    if low == "none":
        return None
    for kind in (int, float):
        try:
            return kind(text)
        except ValueError:
            pass
    return text.strip()


def parse_rules(text) -> Rules:
    """Rules from words: ``"optional_houses"`` (a true/false option set to true), ``"key=value"``
    (``board=base``, ``expansions=a+b``, ``optional_houses=false``, a variant's option ``difficulty=hard``) and
    ``"base"`` (the base game's defaults). A string is split at spaces; an unknown option suggests the close match
    (:class:`Rules`). Expansions named in several words are joined (``expansions=audience expansions=messenger`` is
    ``expansions=audience+messenger``); any other word given twice with different values is refused
    (``difficulty=hard difficulty=easy``: which one was meant?), never the last one silently winning."""
    if isinstance(text, Rules):
        return text
    words = text.split() if isinstance(text, str) else [w for x in text for w in str(x).split()]
    options: dict = {}
    chosen: dict = {}
    given: dict = {}                    # each option's word as given, to refuse a second, different value
    known = {f.name for f in fields(Rules)}
    for word in words:
        key, eq, val = str(word).partition("=")
        key = key.strip()
        if not eq and key == "base":
            continue
        if key == "expansions" and eq:
            options[key] = options.get(key, []) + [e for e in val.replace(",", "+").split("+") if e]
            continue                    # (one named twice is refused by Rules: each is switched on once)
        if not eq:
            value = True
        elif key in BOOLEAN_OPTIONS:
            value = parse_value(val)
            if not isinstance(value, bool):
                raise SimulationError(f"rule option {key!r} is true or false, not {val!r}.")
        elif key in known:
            value = val
        else:                           # a variant's option (difficulty=hard)
            value = parse_value(val)
        if key in given and (options.get(key, chosen.get(key)) != value):
            raise SimulationError(f"the rule option {key[:60]!r} is given twice with different values "
                                  f"({given[key][:60]} and {str(word)[:60]}); give it once.", "option_twice")
        given.setdefault(key, str(word))
        if not eq or key in known:
            options[key] = value
        else:
            chosen[key] = value
    if chosen:
        options["options"] = chosen
    return Rules.from_dict(options)


def rules_text(rules) -> str:
    """A short name of the rule options: ``"base"`` for the base game, else the options that differ from it,
    in the words :func:`parse_rules` reads (``"optional_houses"``, ``"board=big expansions=a+b"``)."""
    rules = as_rules(rules)
    words = [] if rules.board == "base" else [f"board={rules.board}"]
    words += [f for f in BOOLEAN_OPTIONS if getattr(rules, f)]
    if rules.expansions:
        words.append("expansions=" + "+".join(rules.expansions))
    words += [f"{k}={v}" for k, v in rules.options]
    return " ".join(words) or "base"


def as_rules(rules) -> Rules:
    """``rules`` as :class:`Rules`: kept when it is one, words (a string or a list) read by :func:`parse_rules`,
    else a dict of options (or ``None``: the base game) read by :meth:`Rules.from_dict`."""
    if isinstance(rules, Rules):
        return rules
    if isinstance(rules, (str, list, tuple)):
        return parse_rules(rules)
    return Rules.from_dict(rules)


# -- rules in the game's words ---------------------------------------------------------------------------------------

def rules_in_words(rules, board: bool = True) -> str:
    """The rules played, in the game's words, for a screen or a summary: the rulesets by their documents' titles
    ("The Audience with The Princess' Messenger", "the base game"), the board when it is not the base game's (its
    printed name; ``board=False`` leaves it out), then the rule options that differ from the defaults in a few words
    (:data:`thurn.option_words.OPTION_TITLES`) and each variant option as ``name: value``, after dots ("SoloPlay · difficulty: hard")."""
    rules = as_rules(rules)
    names = [ruleset_name(n) for n in rules.expansions]
    words = names[0] + "".join(f" with {n}" for n in names[1:]) if names else "the base game"
    if board and rules.board != "base":
        from .board_file import installed_board

        try:
            found = installed_board(rules.board)
        except Exception:                   # a board file that does not load: named by its path
            found = None
        name = found.name if found is not None else str(rules.board)
        words += f" on the {name.split(' — ', 1)[1]}" if " — " in name else f" on {name}"
    extra = [option_title(f) for f in BOOLEAN_OPTIONS if getattr(rules, f)]
    extra += [f"{k.replace('_', ' ')}: {v}" for k, v in rules.options]
    return " · ".join([words] + extra)


# -- which options mean something --------------------------------------------------------------------------------------

def _all_provinces_skips_some(ruleset, board) -> bool:
    """R4 matters only where the all-provinces tile leaves some province out (base rules 3b: "Outside of Baiern");
    Power and Glory's northern board needs every province, so there is nothing to include."""
    return any(st.kind == "one_house_per_province" and st.except_provinces for st in board.stacks)


def _carriage_declinable(ruleset, board) -> bool:
    """R9 matters only where a scoring gives something the player may decline (base rules 000, 3c: "may take that
    Coach Card"); Power and Glory has no carriages (its horses instead)."""
    return bool(ruleset.decliners)


def _postal_carrier_in_play(ruleset, board) -> bool:
    """R12 matters only where the Postal Carrier can be called (base rules 2: the officials)."""
    return "postal_carrier" in ruleset.official_handlers and "postal_carrier" in board.official_ids


#: When a base rule option changes anything, by its name (an option not listed always may).
_APPLIES = {"all_provinces_includes_baiern": _all_provinces_skips_some, "carriage_compulsory": _carriage_declinable,
            "postal_carrier_may_restart": _postal_carrier_in_play}


def option_applies(key: str, ruleset, board) -> bool:
    """Whether the true/false rule option ``key`` changes anything in a game of ``ruleset`` (a built ruleset:
    ``Rules(...).ruleset``) on ``board``: an option a variant declares (:attr:`thurn.variants.Variant.rule_options`)
    only with that variant switched on and where it says so; a base option where the board and rules have what it is
    about (:data:`_APPLIES`). The New game panel offers only these."""
    from .variants import REGISTRY

    if any(key in cls.rule_options for cls in REGISTRY.values()):
        return any(key in v.rule_options and v.rule_option_applies(key, ruleset, board)
                   for v in getattr(ruleset, "variants", ()))
    test = _APPLIES.get(key)
    return True if test is None else bool(test(ruleset, board))
