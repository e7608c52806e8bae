"""No module outside thurn/expansions/ names an expansion (issue 23): the apps, simulate, the lessons, the map and
the bots ask the variants switched on for their parts (thurn.parts) instead.

What counts as naming an expansion: an identifier made of one of the expansions' words (``messenger``, ``offices``,
``office_tiles``, ``letters``...), or a string of the program (not a docstring) that holds one of their names or of
their components (``"messenger"``, ``"Offices of Honor"``, ``"nobility letters"``, ``"return_tiles"``). Docstrings and
comments may cite the rule documents (a core hook's docstring says which expansion uses it). Words of the rules core
that are not the expansions' own stay allowed: ``official``, ``letter`` (of a name), ``tiles`` (bonus tiles)."""
from __future__ import annotations

import io
import re
import token
import tokenize
from pathlib import Path

import thurn

ROOT = Path(thurn.__file__).parent
#: Words an identifier may not be made of (its parts split at ``_`` and at capitals).
NAME_WORDS = {"messenger", "offices", "office", "nobility", "princess", "letters", "glory"}
#: What a program's string may not hold (case-insensitive).
STRING = re.compile(r"messenger|offices|office[ _]tile|nobility|princess|return_tiles|letters_|\bchips\b|power_glory",
                    re.I)


def _words(name: str) -> set[str]:
    return {w.lower() for w in re.findall(r"[A-Z]?[a-z]+|[A-Z]+(?![a-z])", name)}


def offenders(source: str) -> list[tuple[int, str]]:
    """(line, text) of each identifier or program string of ``source`` naming an expansion."""
    out = []
    previous = token.NEWLINE
    for tok in tokenize.generate_tokens(io.StringIO(source).readline):
        if tok.type == token.NAME and _words(tok.string) & NAME_WORDS:
            out.append((tok.start[0], tok.string))
        elif tok.type == token.STRING and previous not in (token.NEWLINE, token.INDENT, token.DEDENT, token.COLON) \
                and STRING.search(tok.string):
            out.append((tok.start[0], tok.string[:60]))
        elif tok.type == getattr(token, "FSTRING_MIDDLE", -1) and STRING.search(tok.string):
            out.append((tok.start[0], tok.string[:60]))
        if tok.type not in (token.NL, token.COMMENT):
            previous = tok.type
    return out


def core_modules() -> list[Path]:
    return sorted(p for p in ROOT.rglob("*.py") if "expansions" not in p.relative_to(ROOT).parts)


def test_no_module_outside_the_expansions_names_an_expansion():
    found = {str(p.relative_to(ROOT)): hits for p in core_modules()
             if (hits := offenders(p.read_text(encoding="utf-8")))}
    assert not found, "modules outside thurn/expansions/ name an expansion:\n" + "\n".join(
        f"  thurn/{m}:{line}: {text}" for m, hits in found.items() for line, text in hits)


def test_the_check_finds_names_and_strings_but_not_docstrings_or_core_words():
    source = ('"""The Princess\' Messenger\'s letters (a docstring may cite the rules)."""\n'
              'from .expansions import messenger\n'
              'x = state.ext.get("offices")\n'
              'kind = "return_tiles"\n'
              'def f(official, letter):\n'
              '    """Offices of Honor, returning tiles."""\n'
              '    return official.name  # the Messenger (a comment)\n'
              'held_letters = 1\n')
    assert [line for line, _ in offenders(source)] == [2, 3, 4, 8]
