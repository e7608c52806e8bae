"""The expansions' component data (counts, costs, points): data files beside the boards (``data/messenger.json``,
``data/offices.json``, ...), read by :func:`component` and checked."""
from __future__ import annotations

import json
from functools import lru_cache

from ..board_file import data_dir
from ..errors import BoardDataError

FORMAT = "thurn-expansion/1"
MAX_BYTES = 64 * 1024


@lru_cache(maxsize=None)
def component(name: str) -> dict:
    """The component data of expansion ``name`` (``data/<name>.json``), checked: a file that cannot be used is an
    error naming the file and the problem."""
    path = data_dir() / f"{name}.json"
    try:
        if path.stat().st_size > MAX_BYTES:
            raise BoardDataError(f"{path}: the file is larger than {MAX_BYTES // 1024} KiB; an expansion's component "
                                 f"file is small.")
        data = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise BoardDataError(f"{path}: the component file of the {name} expansion is missing.") from None
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as e:
        raise BoardDataError(f"{path}: not a readable JSON file ({e}).") from None
    if not isinstance(data, dict) or data.get("format") != FORMAT or data.get("name") != name:
        raise BoardDataError(f"{path}: expected a JSON object with \"format\": \"{FORMAT}\" and \"name\": "
                             f"\"{name}\".")
    return data


def count(data: dict, key: str, path: str, low: int = 0, high: int = 1000) -> int:
    """A whole number of a component file, in ``low..high``, or an error naming the file and the key."""
    v = data.get(key)
    if not isinstance(v, int) or isinstance(v, bool) or not low <= v <= high:
        raise BoardDataError(f"{path}: \"{key}\" should be a whole number from {low} to {high}, not {v!r}.")
    return v
