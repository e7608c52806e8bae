"""Named card piles: the piles a ruleset declares, and moving cards between them (base rules, 1: the deck, the
display and the discard pile; the expansions and SoloPlay add their own).

A :class:`PileSpec` names a pile, says whether it is shared (one for the table) or per player (one beside each
player), and who sees its cards: ``public`` (everyone), ``owner`` (a per-player pile: its owner; the others see
how many cards it holds) or ``secret`` (nobody sees the cards, everyone their number: the deck). The base game's
piles are the shared ``deck`` (secret), ``display`` (public) and ``discard`` (public), and each player's ``hand``
(owner) and ``route`` (public), kept in their own fields (``state.deck``, ``p.hand``...) for speed; a variant's
other piles live in ``state.piles[name]`` (shared) and ``player.piles[name]`` (per player), as tuples of card ids.
"""
from __future__ import annotations

from dataclasses import dataclass

from .errors import IllegalAction
from .log import Private

#: The base game's shared piles, kept in the state's own fields.
BASE_PILES = ("deck", "display", "discard")
#: The base game's per-player piles, kept in the player's own fields.
PLAYER_PILES = ("hand", "route")
VISIBILITIES = ("public", "owner", "secret")
#: A card that the viewer may not see (in a position seen by a player, see ``GameState.seen_by``).
HIDDEN = -1


@dataclass(frozen=True)
class PileSpec:
    """A card pile of a ruleset: its name, shared or per player, who sees its cards, and the rule."""

    name: str
    shared: bool = True
    visibility: str = "public"
    rule: str = ""

    def __post_init__(self):
        if self.visibility not in VISIBILITIES:
            raise ValueError(f"pile {self.name!r}: visibility {self.visibility!r}; use one of {VISIBILITIES}")
        if self.shared and self.visibility == "owner":
            raise ValueError(f"pile {self.name!r}: a shared pile has no owner; use 'public' or 'secret'")

    def hidden_from(self, viewer: int | None, owner: int | None) -> bool:
        """Whether the seat ``viewer`` may not see this pile's cards (of ``owner`` for a per-player pile; ``viewer``
        None: the whole truth)."""
        if viewer is None or self.visibility == "public":
            return False
        return self.visibility == "secret" or owner != viewer


#: The base game's piles (base rules, 1-3): the deck face down, the display and the discard pile face up, each
#: player's hand (his own) and route (on the table).
BASE_PILE_SPECS = (PileSpec("deck", True, "secret", "base rules, 1"), PileSpec("display", True, "public", "base rules, 1"),
                   PileSpec("discard", True, "public", "base rules, 1"),
                   PileSpec("hand", False, "owner", "base rules, 1"), PileSpec("route", False, "public", "base rules, 2"))


def pile(s, name: str, seat: int | None = None) -> tuple:
    """The card ids of pile ``name`` (for a per-player pile, of the player at ``seat``; default: who is to move)."""
    if name in BASE_PILES:
        return getattr(s, name)
    spec = _spec(s, name)
    if spec.shared:
        return s.piles.get(name, ())
    p = s.players[s.to_move if seat is None else seat]
    return getattr(p, name) if name in PLAYER_PILES else p.piles.get(name, ())


def set_pile(s, name: str, cards: tuple, seat: int | None = None) -> None:
    """Replace a pile's cards (on a fresh, unpublished state: inside the turn or a hook)."""
    cards = tuple(cards)
    if name in BASE_PILES:
        setattr(s, name, cards)
        return
    spec = _spec(s, name)
    if spec.shared:
        s.piles = {**s.piles, name: cards}
        return
    p = s.player_copy(seat)
    if name == "hand":
        p.hand = tuple(sorted(cards))
    elif name == "route":
        p.route = cards
        city_of = s.board.city_of
        p.rmask = sum(1 << c for c in {city_of[x] for x in cards})
    else:
        p.piles = {**p.piles, name: cards}


def move_cards(s, from_pile: str, to_pile: str, cards, seat: int | None = None, say=None) -> None:
    """Move ``cards`` (card ids) from one named pile to another, on a fresh state (per-player piles: of ``seat``,
    default who is to move). They go to the end of the pile (a hand stays sorted; to the display: its empty slots);
    ``say`` gets a sentence naming both piles (cards that are not public in either pile are counted, not named)."""
    cards = tuple(cards)
    source = list(pile(s, from_pile, seat))
    for c in cards:
        if c not in source:
            raise IllegalAction("card_not_in_pile", f"{s.board.card_names[c]} is not in the {from_pile}.", None, None)
        if from_pile == "display":
            source[source.index(c)] = -1
        else:
            source.remove(c)
    target = list(pile(s, to_pile, seat))
    if to_pile == "display":
        for c in cards:
            target[target.index(-1)] = c
    else:
        target.extend(cards)
    set_pile(s, from_pile, source, seat)
    set_pile(s, to_pile, target, seat)
    if say is not None and cards:
        say(_moved_text(s, from_pile, to_pile, cards, s.to_move if seat is None else seat))


def _moved_text(s, from_pile, to_pile, cards, seat):
    """The log's sentence for cards moved: named where everyone sees them (one of the piles is public), else
    named for the owner of a pile of his own and counted for everyone else (see :class:`thurn.log.Private`)."""
    who = s.names[seat]
    where = f"from {_whose(s, from_pile, who)} to {_whose(s, to_pile, who)}"
    named = ", ".join(s.board.card_names[c] for c in cards)
    n = len(cards)
    text = f"{named} {'goes' if n == 1 else 'go'} {where}."
    counted = f"{n} card{' goes' if n == 1 else 's go'} {where}."
    specs = [_spec(s, from_pile), _spec(s, to_pile)]
    if any(sp.visibility == "public" for sp in specs):
        return text
    if any(sp.visibility == "owner" for sp in specs):
        return Private(text, seat, counted)
    return counted


def _whose(s, name, who) -> str:
    return f"the {name}" if _spec(s, name).shared else f"{who}'s {name}"


def _spec(s, name: str) -> PileSpec:
    spec = s.ruleset.piles.get(name)
    if spec is None:
        raise IllegalAction("unknown_pile", f"This game has no card pile called {name!r} (its piles: "
                            f"{', '.join(s.ruleset.piles)}).", None, None)
    return spec


def extra_piles(ruleset) -> tuple[list[PileSpec], list[PileSpec]]:
    """A ruleset's piles beyond the base game's: (shared, per player); kept per ``ruleset.piles`` mapping (read
    for every bot's view)."""
    piles = ruleset.piles
    got = _EXTRA.get(id(piles))
    if got is not None and got[0] is piles and got[1] == len(piles):
        return got[2]
    extra = [sp for sp in piles.values() if sp.name not in BASE_PILES and sp.name not in PLAYER_PILES]
    out = ([sp for sp in extra if sp.shared], [sp for sp in extra if not sp.shared])
    if len(_EXTRA) > 256:
        _EXTRA.clear()
    _EXTRA[id(piles)] = (piles, len(piles), out)
    return out


_EXTRA: dict[int, tuple] = {}
