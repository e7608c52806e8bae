"""The README's Python examples run as written, and the results they show in comments are the engine's."""
import re

import thurn

from tests.support.paths import ROOT

README = ROOT / "README.md"


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


def test_every_function_the_readme_calls_by_its_dotted_name_is_callable():
    """Issue 33: the README showed ``thurn.bots.hint(state, ...)`` as a function; it is a module (the function is
    ``from thurn.bots.hint import hint``). Each ```thurn.a.b(...)``` the README names resolves to a callable."""
    import importlib

    text = README.read_text(encoding="utf-8")
    names = set(re.findall(r"`(thurn(?:\.\w+)+)\(", text))
    assert "thurn.load_board" in names
    for dotted in sorted(names):
        parts = dotted.split(".")
        obj = importlib.import_module("thurn")
        for k, part in enumerate(parts[1:], 1):
            try:
                obj = getattr(obj, part)
            except AttributeError:
                obj = importlib.import_module(".".join(parts[:k + 1]))
        assert callable(obj), f"the README calls {dotted}(...), which is a {type(obj).__name__}"
