"""Labelled extraction evaluation: is each statement of a message kept, with the right type and
expiry, and is what should not be stored left out?

File format::

    {"description": str, "reference_time": "2026-01-05T09:00:00Z",
     "items": [{"id": str, "message": str,
                "statements": [{"anchor": str, "type": str, "also_ok": [str],
                                "expires": "never" | "temporary" | "YYYY-MM-DD"}],
                "not_memories": [str]}]}

An anchor is a few consecutive words copied from the message. A statement is kept when one
extracted memory holds at least 80% of its anchor's words (the extractor may trim filler such as
"lol"); the memory holding most of them is the one graded. Its type is right when it is ``type``
or one of ``also_ok`` (``note`` and ``fact`` are one label: a lasting fact with no stronger
type; the rule extractor calls profile facts and notes to self ``fact``); its expiry is right when a lasting statement never expires, a temporary one
expires within a month of the message (a day by default, or at the end it names: "till thursday",
"this week"), and a deadline expires at the end of its date. A ``not_memories``
anchor found the same way in any memory counts as stored junk.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from datetime import date, datetime, timedelta
from pathlib import Path
from typing import Any

from ..errors import InvalidInput
from ..model import MemoryType
from .files import read_json

NEVER = "never"
TEMPORARY = "temporary"
COVERAGE = 0.8
TEMPORARY_WINDOW = timedelta(days=31)
LABEL_TYPES = frozenset(t.value for t in (
    MemoryType.PREFERENCE, MemoryType.CONSTRAINT, MemoryType.CRITICAL, MemoryType.DECISION, MemoryType.MISTAKE,
    MemoryType.DEADLINE, MemoryType.LEARNING_GOAL, MemoryType.PROJECT, MemoryType.TASK, MemoryType.TEMPORARY,
    MemoryType.NOTE, MemoryType.FACT, MemoryType.EVENT))
_PLAIN = frozenset({MemoryType.NOTE.value, MemoryType.FACT.value})
_WORD = re.compile(r"[a-z0-9]+(?:'[a-z]+)?")


@dataclass(frozen=True, slots=True)
class Statement:
    anchor: str
    type: str
    also_ok: tuple[str, ...] = ()
    expires: str = NEVER  # "never", "temporary" or an ISO date

    @property
    def accepted_types(self) -> frozenset[str]:
        types = {self.type, *self.also_ok}
        return frozenset(types | _PLAIN if types & _PLAIN else types)


@dataclass(frozen=True, slots=True)
class LabelledItem:
    id: str
    message: str
    statements: tuple[Statement, ...] = ()
    not_memories: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class LabelledSet:
    description: str
    reference_time: datetime
    items: tuple[LabelledItem, ...]


@dataclass(frozen=True, slots=True)
class Extracted:
    """One memory the extractor produced, as the grader sees it."""

    content: str
    type: str
    expires_at: datetime | None = None


# ---------------------------------------------------------------- loading and validation


def _field(index: int, iid: str | None, name: str) -> str:
    return f"items[{index}]({iid}).{name}" if iid else f"items[{index}].{name}"


def _words(text: str) -> list[str]:
    return _WORD.findall(text.lower().replace("\u2019", "'"))


def _statement(raw: Any, where: str, message: str) -> Statement:
    if not isinstance(raw, Mapping):
        raise InvalidInput(where, f"must be an object, got {type(raw).__name__}")
    anchor = raw.get("anchor")
    if not isinstance(anchor, str) or not _words(anchor):
        raise InvalidInput(f"{where}.anchor", "must be text with at least one word")
    if " ".join(anchor.lower().split()) not in " ".join(message.lower().split()):
        raise InvalidInput(f"{where}.anchor", f"{anchor!r} does not occur in the message")
    types = [raw.get("type"), *(raw.get("also_ok") or [])]
    if not isinstance(raw.get("also_ok", []), list):
        raise InvalidInput(f"{where}.also_ok", "must be a list of types")
    for t in types:
        if t not in LABEL_TYPES:
            raise InvalidInput(f"{where}.type", f"{t!r} is not allowed; use one of: {', '.join(sorted(LABEL_TYPES))}")
    expires = raw.get("expires", NEVER)
    if expires not in (NEVER, TEMPORARY):
        try:
            date.fromisoformat(str(expires))
        except ValueError:
            raise InvalidInput(f"{where}.expires", f"{expires!r} must be 'never', 'temporary' or a date YYYY-MM-DD") \
                from None
    return Statement(anchor, types[0], tuple(types[1:]), str(expires))


def _item(raw: Any, index: int) -> LabelledItem:
    if not isinstance(raw, Mapping):
        raise InvalidInput(f"items[{index}]", f"must be an object, got {type(raw).__name__}")
    iid, message = raw.get("id"), raw.get("message")
    if not isinstance(iid, str) or not iid.strip():
        raise InvalidInput(_field(index, None, "id"), "must be non-empty text")
    if not isinstance(message, str) or not message.strip():
        raise InvalidInput(_field(index, iid, "message"), "must be non-empty text")
    statements, junk = raw.get("statements", []), raw.get("not_memories", [])
    if not isinstance(statements, list):
        raise InvalidInput(_field(index, iid, "statements"), "must be a list of statement objects")
    if not isinstance(junk, list) or not all(isinstance(j, str) and _words(j) for j in junk):
        raise InvalidInput(_field(index, iid, "not_memories"), "must be a list of text anchors")
    return LabelledItem(iid, message, tuple(_statement(s, _field(index, iid, f"statements[{i}]"), message)
                                            for i, s in enumerate(statements)), tuple(junk))


def parse_labelled(data: Any) -> LabelledSet:
    """Validate a decoded labelled file; errors are ``InvalidInput`` naming the item and field."""
    if not isinstance(data, Mapping):
        raise InvalidInput("labelled file", f"must be a JSON object, got {type(data).__name__}")
    try:
        reference = datetime.fromisoformat(str(data.get("reference_time", "")).replace("Z", "+00:00"))
    except ValueError:
        raise InvalidInput("reference_time", "must be an ISO time such as 2026-01-05T09:00:00Z") from None
    if reference.tzinfo is None:
        raise InvalidInput("reference_time", "must carry a time zone (Z or +hh:mm)")
    raw_items = data.get("items")
    if not isinstance(raw_items, list) or not raw_items:
        raise InvalidInput("items", "must be a non-empty list of item objects")
    items = tuple(_item(raw, i) for i, raw in enumerate(raw_items))
    ids = Counter(i.id for i in items)
    duplicated = [i for i, n in ids.items() if n > 1]
    if duplicated:
        raise InvalidInput("items", f"id {duplicated[0]!r} is used more than once; ids must be unique")
    return LabelledSet(str(data.get("description", "")), reference, items)


def load_labelled(path: str | Path) -> LabelledSet:
    return parse_labelled(read_json(path))


# ---------------------------------------------------------------- grading


def find(anchor: str, memories: Sequence[Extracted]) -> Extracted | None:
    """The memory holding most of the anchor's words, if it holds at least 80% of them."""
    wanted = _words(anchor)
    best, best_share = None, 0.0
    for memory in memories:
        have = set(_words(memory.content))
        share = sum(1 for w in wanted if w in have) / len(wanted)
        if share > best_share:
            best, best_share = memory, share
    return best if best_share >= COVERAGE else None


def expiry_right(statement: Statement, memory: Extracted, reference: datetime) -> bool:
    if statement.expires == NEVER:
        return memory.expires_at is None
    if memory.expires_at is None:
        return False
    if statement.expires == TEMPORARY:
        return memory.expires_at <= reference + TEMPORARY_WINDOW
    day = date.fromisoformat(statement.expires)
    start = datetime(day.year, day.month, day.day, tzinfo=reference.tzinfo)
    return start < memory.expires_at.astimezone(reference.tzinfo) <= start + timedelta(days=1)


@dataclass(frozen=True, slots=True)
class StatementResult:
    item_id: str
    statement: Statement
    memory: Extracted | None

    @property
    def kept(self) -> bool:
        return self.memory is not None

    @property
    def type_right(self) -> bool:
        return self.memory is not None and self.memory.type in self.statement.accepted_types


@dataclass(frozen=True, slots=True)
class LabelReport:
    statements: tuple[StatementResult, ...]
    expiry: tuple[bool, ...]  # one per kept statement
    junk: tuple[tuple[str, str, Extracted | None], ...]  # (item id, anchor, memory that stored it)
    unlabelled: tuple[tuple[str, Extracted], ...]  # memories matching no anchor
    memories: int

    @property
    def kept_rate(self) -> float:
        return _share(sum(r.kept for r in self.statements), len(self.statements))

    @property
    def type_accuracy(self) -> float:
        """Of the kept statements, the share stored with an accepted type."""
        kept = [r for r in self.statements if r.kept]
        return _share(sum(r.type_right for r in kept), len(kept))

    @property
    def expiry_accuracy(self) -> float:
        return _share(sum(self.expiry), len(self.expiry))

    @property
    def junk_stored_rate(self) -> float:
        return _share(sum(1 for _, _, m in self.junk if m is not None), len(self.junk))

    def by_type(self) -> dict[str, dict[str, Any]]:
        """Per expected type: statements, kept, typed right, and the types it was stored as instead."""
        rows: dict[str, dict[str, Any]] = {}
        for r in self.statements:
            row = rows.setdefault(r.statement.type, {"statements": 0, "kept": 0, "type_right": 0, "as": Counter()})
            row["statements"] += 1
            row["kept"] += r.kept
            row["type_right"] += r.type_right
            if r.kept and not r.type_right:
                row["as"][r.memory.type] += 1  # type: ignore[union-attr]
        return {t: {**row, "as": dict(row["as"].most_common())} for t, row in sorted(rows.items())}

    def summary(self) -> dict[str, Any]:
        return {"statements": len(self.statements), "kept_rate": round(self.kept_rate, 4),
                "type_accuracy": round(self.type_accuracy, 4), "expiry_accuracy": round(self.expiry_accuracy, 4),
                "junk_anchors": len(self.junk), "junk_stored_rate": round(self.junk_stored_rate, 4),
                "memories": self.memories, "unlabelled_memories": len(self.unlabelled)}

    def to_dict(self) -> dict[str, Any]:
        def memory(m: Extracted | None) -> dict[str, Any] | None:
            return None if m is None else {"content": m.content, "type": m.type,
                                           "expires_at": m.expires_at.isoformat() if m.expires_at else None}

        return {"summary": self.summary(), "by_type": self.by_type(),
                "statements": [{"item": r.item_id, "anchor": r.statement.anchor, "type": r.statement.type,
                                "also_ok": list(r.statement.also_ok), "expires": r.statement.expires,
                                "memory": memory(r.memory)} for r in self.statements],
                "junk_stored": [{"item": i, "anchor": a, "memory": memory(m)} for i, a, m in self.junk if m],
                "unlabelled": [{"item": i, "memory": memory(m)} for i, m in self.unlabelled]}


def _share(part: int, whole: int) -> float:
    return part / whole if whole else 1.0


Extractor = Callable[[str, datetime], Sequence[Extracted]]


def evaluate_labels(labelled: LabelledSet, extractor: Extractor) -> LabelReport:
    """Run every message through ``extractor(message, reference_time)`` and grade what it returns."""
    statements: list[StatementResult] = []
    expiry: list[bool] = []
    junk: list[tuple[str, str, Extracted | None]] = []
    unlabelled: list[tuple[str, Extracted]] = []
    total = 0
    for item in labelled.items:
        memories = list(extractor(item.message, labelled.reference_time))
        total += len(memories)
        matched: set[int] = set()
        for statement in item.statements:
            memory = find(statement.anchor, memories)
            statements.append(StatementResult(item.id, statement, memory))
            if memory is not None:
                matched.add(id(memory))
                expiry.append(expiry_right(statement, memory, labelled.reference_time))
        for anchor in item.not_memories:
            memory = find(anchor, memories)
            junk.append((item.id, anchor, memory))
            if memory is not None:
                matched.add(id(memory))
        unlabelled += [(item.id, m) for m in memories if id(m) not in matched]
    return LabelReport(tuple(statements), tuple(expiry), tuple(junk), tuple(unlabelled), total)


def rule_extractor(message: str, now: datetime) -> list[Extracted]:
    """The offline rule extractor on one user turn."""
    from ..write.candidates import Turn
    from ..write.extract import extract

    result = extract([Turn("user", message, id="t1")], now=now)
    return [Extracted(c.content, c.type.value, c.expires_at) for c in result.candidates]


def evaluate_labels_file(path: str | Path,
                         progress: Callable[[int, int, str], None] | None = None) -> LabelReport:
    """Load a labelled file and grade the offline rule extractor on it, reporting ``(done, total, item id)``."""
    labelled = load_labelled(path)
    ids = iter(labelled.items)
    done = [0]

    def extractor(message: str, now: datetime) -> list[Extracted]:
        memories = rule_extractor(message, now)
        done[0] += 1
        if progress:
            progress(done[0], len(labelled.items), next(ids).id)
        return memories

    return evaluate_labels(labelled, extractor)


def render_markdown(report: LabelReport) -> str:
    s = report.summary()
    lines = ["| statements | kept | type right (of kept) | expiry right (of kept) | junk anchors stored | "
             "memories | unlabelled |", "|---:|---:|---:|---:|---:|---:|---:|",
             f"| {s['statements']} | {report.kept_rate:.1%} | {report.type_accuracy:.1%} | "
             f"{report.expiry_accuracy:.1%} | {sum(1 for *_, m in report.junk if m)}/{len(report.junk)} | "
             f"{s['memories']} | {s['unlabelled_memories']} |", "",
             "| expected type | statements | kept | type right | stored instead as |", "|---|---:|---:|---:|---|"]
    for t, row in report.by_type().items():
        instead = ", ".join(f"{k} {v}" for k, v in row["as"].items())
        lines.append(f"| {t} | {row['statements']} | {row['kept']} | {row['type_right']} | {instead} |")
    return "\n".join(lines) + "\n"


__all__ = ["LabelledSet", "LabelledItem", "Statement", "Extracted", "LabelReport", "StatementResult", "load_labelled",
           "parse_labelled", "evaluate_labels", "evaluate_labels_file", "rule_extractor", "render_markdown", "find", "expiry_right"]
