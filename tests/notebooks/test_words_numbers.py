"""The notebooks' words agree with the numbers they print (issue 33): notebook 07 says how long its small
simulation takes and what its small run can tell, notebook 09 why the per-colour reading of the remaining houses
scores what it prints.

Read from the saved notebooks (the outputs nbval compares, or that the notebook prints where nbval ignores them:
these cells are tagged ``nbval-ignore-output``, so the words are checked here against the numbers saved beside
them). The notebooks are executed by ``jupyter nbconvert --execute`` (see the Makefile's comments).
"""
from __future__ import annotations

import ast
import json
import re

import pytest

from tests.support.paths import NOTEBOOKS

#: Words for a duration as the notebooks write it, in seconds.
DURATIONS = {"half a minute": 30, "a minute": 60, "a few seconds": 5}


def cells(name: str) -> list[dict]:
    return json.loads((NOTEBOOKS / name).read_text(encoding="utf-8"))["cells"]


def printed(cell: dict) -> str:
    """What a code cell printed (stdout) and showed as plain text."""
    parts = []
    for out in cell.get("outputs", []):
        if out.get("name") == "stdout":
            parts.append("".join(out["text"]))
        elif "text/plain" in out.get("data", {}):
            parts.append("".join(out["data"]["text/plain"]))
    return "\n".join(parts)


def markdown(name: str) -> str:
    return "\n".join("".join(c["source"]) for c in cells(name) if c["cell_type"] == "markdown")


def output_of(name: str, source_has: str) -> str:
    found = [printed(c) for c in cells(name) if c["cell_type"] == "code" and source_has in "".join(c["source"])]
    assert len(found) == 1, f"{name}: one code cell with {source_has!r} expected, found {len(found)}"
    return found[0]


# -- notebook 07: the small run's time and what it can tell -------------------------------------------------------

NB07 = "07_power_and_glory.ipynb"


def test_07_says_how_long_its_small_run_takes_as_measured():
    text = re.sub(r"\s+", " ", markdown(NB07))
    claim = re.search(r"\*\*Small by default\*\*: 40 games, about ([^;(]+?)(?: on two cores)?\s*[;(]", text)
    assert claim, "notebook 07 no longer says how long its small run takes"
    words = claim.group(1).strip()
    seconds = DURATIONS.get(words) or int(re.fullmatch(r"(\d+) seconds", words).group(1))
    out = output_of(NB07, "dilemmas(seed)")
    took = re.search(r"positions from 40 games in (\d+) s", out)
    assert took, f"the simulation cell prints no time taken: {out!r}"
    measured = int(took.group(1))
    assert seconds / 2 <= measured <= seconds * 2, f"'about {words}' but the run took {measured} s"


def _table(out: str) -> dict[int, tuple[int, float, float]]:
    """The worth table as printed: spare horses -> (positions, worth, plus_minus)."""
    rows = {}
    for line in out.splitlines():
        m = re.match(r"\s*(-?\d+)\s+(\d+)\s+(-?\d+\.\d+)\s+(\d+\.\d+|NaN|nan)\s", line + " ")
        if m:
            rows[int(m.group(1))] = (int(m.group(2)), float(m.group(3)), float(m.group(4)))
    return rows


def test_07_what_the_small_run_can_tell_agrees_with_its_intervals():
    table = _table(output_of(NB07, "worth = found.groupby"))
    assert table, "the worth table printed no rows"
    said = output_of(NB07, "def reading(")
    for spare, (positions, worth, plus_minus) in table.items():
        head = re.escape(f"spare horses {spare:+d} ({positions} positions): ")
        line = re.search(head + r"([+-]\d+\.\d+) ± (\S+): (.+)", said)
        assert line, f"no reading of the row of {spare:+d} spare horses in {said!r}"
        assert float(line.group(1)) == pytest.approx(worth, abs=0.006)
        verdict = line.group(3)
        if positions < 2:
            assert "too few" in verdict
        elif worth - plus_minus > 0:
            assert verdict == "worth more as horses"
        elif worth + plus_minus < 0:
            assert verdict == "worth more in the route"
        else:
            assert "cannot tell the two uses apart" in verdict
    # the text above the table claims nothing about the small run that the table's intervals contradict
    text = re.sub(r"\s+", " ", markdown(NB07))
    assert not re.search(r"small run[^.]*cannot tell the two uses apart", text), \
        "the text says the small run cannot tell the two uses apart: that is the cell's to say, row by row"


# -- notebook 09: the per-colour reading's points, explained ------------------------------------------------------

NB09 = "09_soloplay.ipynb"


def test_09_explains_the_per_colour_reading_with_the_numbers_it_prints():
    out = re.sub(r"\s+", " ", output_of(NB09, '"houses_left": "per_colour"'))
    per = re.search(r"per colour: (\{[^}]*\})", out)
    combined = re.search(r"combined \(the default\): (\{[^}]*\})", out)
    assert per and combined, f"the experiment prints both readings' scores: {out!r}"
    per, combined = ast.literal_eval(per.group(1)), ast.literal_eval(combined.group(1))
    assert per["total"] == sum(v for k, v in per.items() if k != "total")
    assert {k: v for k, v in per.items() if k not in ("houses_left", "total")} == \
        {k: v for k, v in combined.items() if k not in ("houses_left", "total")}, "only the houses left differ"
    why = re.search(r"Why: (.*)", out)
    assert why, "the experiment does not say why the per-colour reading scores what it does"
    each = [int(n) for n in re.findall(r"\b(?:blue|green|red|yellow) \d+ left: (-?\d+)", why.group(1))]
    assert len(each) == 4 and sum(each) == per["houses_left"], why.group(1)
    assert re.search(rf"— {per['houses_left']} points", why.group(1))
    assert re.search(rf"score once: {combined['houses_left']}\b", why.group(1))
