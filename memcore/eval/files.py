"""Reading an evaluation data file: a missing file or broken JSON is an ``InvalidInput`` naming the path."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from ..errors import InvalidInput


def read_json(path: str | Path) -> Any:
    """The decoded JSON of ``path``."""
    target = Path(path)
    try:
        return json.loads(target.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise InvalidInput("path", f"{str(target)!r} does not exist") from None
    except json.JSONDecodeError as exc:
        raise InvalidInput("path", f"{target.name} is not valid JSON: {exc.msg} at line {exc.lineno}") from None
