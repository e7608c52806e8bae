"""Optional parts of the package: the rules core, the bots and the simulations need only networkx, pandas and tqdm
(``pip install thurn``); the map and the apps need the notebook extra (``pip install 'thurn[notebook]'``)."""
from __future__ import annotations

import importlib

NOTEBOOK = ("plotly", "ipywidgets", "anywidget")


def require(what: str, modules=NOTEBOOK, extra: str = "notebook") -> None:
    """Import ``modules`` or raise an ImportError that says which extra installs them, for ``what``."""
    for name in modules:
        try:
            importlib.import_module(name)
        except ImportError as e:
            raise ImportError(f"{what} needs {name}, which comes with thurn's '{extra}' extra: "
                              f"pip install 'thurn[{extra}]' (make setup installs it).") from e
