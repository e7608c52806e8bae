"""The rules in a few words, never their ids: a true/false rule option ("houses optional (R1)"), a ruleset by its
document's title ("Power and Glory"), a list ("a, b and c"). Read by the refusals of the turn's steps and by every
screen; a variant's own options and title are told here when it is registered (:func:`thurn.variants.register`)."""
from __future__ import annotations


#: The true/false rule options in a few words (README, "Rule options"; the rules notes' readings R1-R12).
OPTION_TITLES = {"optional_houses": "houses optional (R1)",
                 "all_provinces_includes_baiern": "the all-provinces tile needs Baiern (R4)",
                 "carriage_compulsory": "the carriage always taken (R9)",
                 "hand_limit_at_most": "keep up to three cards (R11)",
                 "postal_carrier_may_restart": "the Postal Carrier may start a new route (R12)"}
#: Each registered variant's words, by its name: (its rule document's title, its own true/false options' titles)
#: (:attr:`thurn.variants.Variant.rule_source`, :attr:`~thurn.variants.Variant.rule_option_titles`).
VARIANT_WORDS: dict[str, tuple[str, dict]] = {}


def learn(name: str, source: str, titles: dict) -> None:
    """Keep the words of the variant registered as ``name`` (its document's title, its options' titles)."""
    VARIANT_WORDS[name] = (source, dict(titles))


def forget(name: str) -> None:
    VARIANT_WORDS.pop(name, None)


def option_title(name: str) -> str:
    """A true/false rule option in a few words, for a screen or a message ("houses optional (R1)"), never its id:
    :data:`OPTION_TITLES`, else the words of the variant that declares it
    (:attr:`thurn.variants.Variant.rule_option_titles`), else its name with spaces."""
    if name in OPTION_TITLES:
        return OPTION_TITLES[name]
    for _, titles in VARIANT_WORDS.values():
        if name in titles:
            return titles[name]
    return str(name).replace("_", " ")


def ruleset_name(name: str) -> str:
    """A ruleset's name as the rule documents print it: ``"base"`` is "the base game", an expansion its document's
    title (:attr:`thurn.variants.Variant.rule_source`: "Power and Glory", "The Princess' Messenger"); a name of no
    registered variant is kept as it is."""
    if name == "base":
        return "the base game"
    words = VARIANT_WORDS.get(name)
    return words[0] or name if words is not None else str(name)


def and_list(items) -> str:
    """'a', 'a and b', 'a, b and c'."""
    items = [str(i) for i in items]
    return " and ".join(items) if len(items) < 3 else ", ".join(items[:-1]) + " and " + items[-1]
