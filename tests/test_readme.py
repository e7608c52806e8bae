"""The README's Python examples run as written, and the results they show in comments are the engine's."""
import re
from pathlib import Path

import thurn

README = Path(__file__).resolve().parent.parent / "README.md"


def blocks():
    return re.findall(r"```python\n(.*?)```", README.read_text(encoding="utf-8"), flags=re.S)


def test_the_readme_examples_run():
    namespace = {}
    for code in blocks():
        exec(compile(code, str(README), "exec"), namespace)
    assert isinstance(namespace["state"], thurn.GameState)


def test_the_results_shown_in_the_short_example():
    text = README.read_text(encoding="utf-8")
    namespace = {}
    exec(compile(blocks()[0], str(README), "exec"), namespace)
    example, state = namespace["example"], namespace["state"]
    assert repr(example.why_illegal(thurn.Play("Innsbruck", "right"))) in text
    assert repr(example.legal_actions()) in text
    for line in state.log()[:5]:
        assert repr(line) in text.replace("\n#  ", " ")
