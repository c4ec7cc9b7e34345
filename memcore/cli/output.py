"""Printing results: JSON for machines (``--json``), compact text for people."""

from __future__ import annotations

import json
import sys
from dataclasses import is_dataclass
from datetime import datetime
from enum import Enum
from typing import Any


def to_jsonable(value: Any) -> Any:
    if hasattr(value, "to_dict"):
        return to_jsonable(value.to_dict())
    if is_dataclass(value) and not isinstance(value, type):
        return {k: to_jsonable(v) for k, v in value.__dict__.items()} if hasattr(value, "__dict__") else \
            {f: to_jsonable(getattr(value, f)) for f in value.__dataclass_fields__}
    if isinstance(value, dict):
        return {str(k): to_jsonable(v) for k, v in value.items()}
    if isinstance(value, (list, tuple, set)):
        return [to_jsonable(v) for v in value]
    if isinstance(value, datetime):
        return value.isoformat()
    if isinstance(value, Enum):
        return value.value
    return value


def emit_json(value: Any) -> None:
    sys.stdout.write(json.dumps(to_jsonable(value), ensure_ascii=False, indent=2) + "\n")


def short(text: str, width: int = 70) -> str:
    text = " ".join(str(text).split())
    return text if len(text) <= width else text[: width - 1] + "…"


def table(rows: list[dict[str, Any]], columns: list[str]) -> str:
    if not rows:
        return "(none)"
    cells = [[str(r.get(c, "")) for c in columns] for r in rows]
    widths = [max(len(c), *(len(row[i]) for row in cells)) for i, c in enumerate(columns)]
    lines = ["  ".join(c.ljust(w) for c, w in zip(columns, widths, strict=True))]
    lines.append("  ".join("-" * w for w in widths))
    lines += ["  ".join(v.ljust(w) for v, w in zip(row, widths, strict=True)) for row in cells]
    return "\n".join(lines)


def memory_line(m: Any) -> dict[str, Any]:
    return {"id": m.id, "type": m.type.value, "state": m.state.value, "tier": m.tier.value,
            "imp": f"{m.importance:.2f}", "created": m.created_at.strftime("%Y-%m-%d") if m.created_at else "",
            "content": short(m.content, 60)}


def show_memory(m: Any) -> str:
    d = to_jsonable(m)
    keys = ["id", "content", "type", "state", "tier", "importance", "confidence", "privacy", "tags", "entities",
            "usage_count", "strength", "valid_from", "valid_until", "expires_at", "created_at", "updated_at",
            "supersedes", "superseded_by", "source", "version"]
    return "\n".join(f"{k:>14}: {d[k]}" for k in keys if d.get(k) not in (None, [], ""))
