"""Input validation shared by every surface. Each failure raises InvalidInput naming the field."""

from __future__ import annotations

import re
from enum import StrEnum
from typing import Any, TypeVar

from ..errors import InvalidInput

E = TypeVar("E", bound=StrEnum)

MAX_CONTENT_CHARS = 16_000  # ~4k tokens: a memory is a fact, not a document
MAX_TAGS = 32
MAX_TAG_CHARS = 64
_NAME = re.compile(r"^[A-Za-z0-9_.:@\-]{1,128}$")


def parse_enum(value: Any, enum: type[E], field: str) -> E:
    """Accept an enum member or its value (any case); otherwise name what is allowed."""
    if isinstance(value, enum):
        return value
    text = str(value).strip().lower().replace("-", "_") if value is not None else ""
    try:
        return enum(text)
    except ValueError:
        allowed = ", ".join(m.value for m in enum)
        raise InvalidInput(field, f"{value!r} is not allowed; use one of: {allowed}") from None


def unit_interval(value: Any, field: str, low: float = 0.0, high: float = 1.0) -> float:
    try:
        number = float(value)
    except (TypeError, ValueError):
        raise InvalidInput(field, f"{value!r} is not a number; use a number in [{low:g}, {high:g}]") from None
    if not (low <= number <= high) or number != number:
        raise InvalidInput(field, f"{number:g} is outside [{low:g}, {high:g}]")
    return number


def content_text(value: Any, field: str = "content") -> str:
    if not isinstance(value, str):
        raise InvalidInput(field, f"must be text, got {type(value).__name__}")
    text = value.strip()
    if not text:
        raise InvalidInput(field, "is empty; a memory needs some text")
    if len(text) > MAX_CONTENT_CHARS:
        raise InvalidInput(field, f"is {len(text)} characters; the limit is {MAX_CONTENT_CHARS}")
    return text


def tag_list(value: Any, field: str = "tags", *, lower: bool = True) -> list[str]:
    """Tags from a list or a comma-separated string: trimmed, lower-cased (unless told), unique, in order."""
    if value is None:
        return []
    items = value.split(",") if isinstance(value, str) else list(value)
    out: list[str] = []
    for item in items:
        if not isinstance(item, str):
            raise InvalidInput(field, f"each tag must be text, got {type(item).__name__}")
        tag = item.strip().lower() if lower else item.strip()
        if not tag:
            continue
        if len(tag) > MAX_TAG_CHARS:
            raise InvalidInput(field, f"tag {tag[:20]!r}... is longer than {MAX_TAG_CHARS} characters")
        if tag not in out:
            out.append(tag)
    if len(out) > MAX_TAGS:
        raise InvalidInput(field, f"{len(out)} tags; at most {MAX_TAGS} are allowed")
    return out


def name(value: Any, field: str) -> str:
    """User, project, block and state-key names: 1-128 of letters, digits and _ . : @ -."""
    text = str(value).strip() if value is not None else ""
    if not _NAME.match(text):
        raise InvalidInput(field, f"{value!r} is not a valid name; use 1-128 letters, digits or _ . : @ -")
    return text


def positive_int(value: Any, field: str, *, minimum: int = 0, maximum: int | None = None) -> int:
    try:
        number = int(value)
    except (TypeError, ValueError):
        raise InvalidInput(field, f"{value!r} is not an integer") from None
    if number < minimum or (maximum is not None and number > maximum):
        upper = f" and <= {maximum}" if maximum is not None else ""
        raise InvalidInput(field, f"{number} must be >= {minimum}{upper}")
    return number
