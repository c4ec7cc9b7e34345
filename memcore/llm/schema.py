"""Small hand-written answer schemas and a strict validator for model output.

A schema lists the fields an answer must have. ``Schema.validate`` returns a clean copy that
holds only the declared fields, or raises ``LLMFailure(BAD_SHAPE)`` naming the first bad path,
so a malformed answer is rejected whole and never half-applied.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any

from .failure import FailureKind, LLMFailure


class Kind(StrEnum):
    STR = "string"
    INT = "integer"
    FLOAT = "number"
    BOOL = "boolean"
    LIST = "array"
    OBJECT = "object"


@dataclass(frozen=True, slots=True)
class Field:
    """One field of an object: its kind, whether it must be present, and its constraints."""

    name: str
    kind: Kind
    required: bool = True
    nullable: bool = False
    choices: tuple[str, ...] | None = None
    minimum: float | None = None
    maximum: float | None = None
    items: Kind | None = None
    schema: Schema | None = None
    max_items: int | None = None


@dataclass(frozen=True, slots=True)
class Schema:
    """A named object schema. ``items``/``schema`` describe list elements and nested objects."""

    name: str
    fields: tuple[Field, ...] = field(default_factory=tuple)

    def validate(self, data: Any) -> dict[str, Any]:
        """Return the declared fields of ``data`` checked and normalised, or raise LLMFailure."""
        return _object(data, self, self.name)

    def example(self) -> str:
        """A compact JSON-like sketch of the expected answer, for prompts."""
        return json.dumps(_sketch(self), ensure_ascii=False)


def _fail(path: str, message: str) -> LLMFailure:
    return LLMFailure(FailureKind.BAD_SHAPE, f"model answer does not match the expected shape: {path}: {message}")


def _object(data: Any, schema: Schema, path: str) -> dict[str, Any]:
    if not isinstance(data, dict):
        raise _fail(path, f"expected an object, got {type(data).__name__}")
    out: dict[str, Any] = {}
    for f in schema.fields:
        where = f"{path}.{f.name}"
        if f.name not in data:
            if f.required:
                raise _fail(where, "is missing")
            continue
        out[f.name] = _value(data[f.name], f, where)
    return out


def _value(value: Any, f: Field, path: str) -> Any:
    if value is None:
        if f.nullable:
            return None
        raise _fail(path, "is null")
    kind = f.kind
    if kind is Kind.STR:
        if not isinstance(value, str):
            raise _fail(path, f"expected text, got {type(value).__name__}")
        if f.choices is not None:
            norm = value.strip().lower()
            if norm not in f.choices:
                raise _fail(path, f"{value[:40]!r} is not one of {', '.join(f.choices)}")
            return norm
        return value
    if kind is Kind.BOOL:
        if not isinstance(value, bool):
            raise _fail(path, f"expected true/false, got {type(value).__name__}")
        return value
    if kind in (Kind.INT, Kind.FLOAT):
        if isinstance(value, bool) or not isinstance(value, (int, float)):
            raise _fail(path, f"expected a number, got {type(value).__name__}")
        if kind is Kind.INT and not float(value).is_integer():
            raise _fail(path, f"expected an integer, got {value!r}")
        number = int(value) if kind is Kind.INT else float(value)
        if number != number:
            raise _fail(path, "is NaN")
        if f.minimum is not None and number < f.minimum:
            raise _fail(path, f"{number!r} is below {f.minimum:g}")
        if f.maximum is not None and number > f.maximum:
            raise _fail(path, f"{number!r} is above {f.maximum:g}")
        return number
    if kind is Kind.OBJECT:
        if f.schema is None:
            if not isinstance(value, dict):
                raise _fail(path, f"expected an object, got {type(value).__name__}")
            return dict(value)
        return _object(value, f.schema, path)
    if not isinstance(value, list):
        raise _fail(path, f"expected a list, got {type(value).__name__}")
    if f.max_items is not None and len(value) > f.max_items:
        raise _fail(path, f"has {len(value)} items; at most {f.max_items} are allowed")
    if f.schema is not None:
        return [_object(item, f.schema, f"{path}[{i}]") for i, item in enumerate(value)]
    if f.items is not None:
        element = Field(name="item", kind=f.items)
        return [_value(item, element, f"{path}[{i}]") for i, item in enumerate(value)]
    return list(value)


def _sketch(schema: Schema) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for f in schema.fields:
        if f.kind is Kind.LIST:
            if f.schema is not None:
                out[f.name] = [_sketch(f.schema)]
            else:
                out[f.name] = [(f.items or Kind.STR).value]
        elif f.kind is Kind.OBJECT and f.schema is not None:
            out[f.name] = _sketch(f.schema)
        elif f.choices:
            out[f.name] = "|".join(f.choices)
        else:
            out[f.name] = f.kind.value + ("" if f.required else " (optional)")
    return out


_FENCE = re.compile(r"^\s*```(?:json|JSON)?\s*\n?(.*?)\n?```\s*$", re.DOTALL)


def parse_json_object(text: str) -> dict[str, Any]:
    """Parse a model's text answer as one JSON object (a ```json fence is tolerated).

    Raises LLMFailure(NOT_JSON) for anything else: prose, arrays, truncated output.
    """
    if not isinstance(text, str):
        raise LLMFailure(FailureKind.NOT_JSON, f"model answer is {type(text).__name__}, not text")
    body = text.strip()
    fenced = _FENCE.match(body)
    if fenced:
        body = fenced.group(1).strip()
    try:
        data = json.loads(body)
    except json.JSONDecodeError as exc:
        snippet = body[:80].replace("\n", " ")
        raise LLMFailure(FailureKind.NOT_JSON, f"model answer is not JSON ({exc.msg}): {snippet!r}") from None
    if not isinstance(data, dict):
        raise LLMFailure(FailureKind.NOT_JSON, f"model answer is a JSON {type(data).__name__}, not an object")
    return data
