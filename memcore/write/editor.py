"""The LLM "memory editor" (SPEC 7.2): prompt, strict JSON parsing, and ownership checks.

The model answers ``{"new_memories": [...], "updates": [...], "forget": [...]}``. The whole
answer is validated before anything is used, so malformed output is rejected whole. Updates
and forgets name memory ids; every id is re-checked against the caller's namespace (and
critical memories are off limits) before the engine may act on it.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta
from enum import StrEnum

from ..clock import parse_time
from ..errors import InvalidInput
from ..llm import FailureKind, Field, Kind, LLMFailure, Schema
from ..model import Memory, MemoryType, Source
from .candidates import Candidate, Turn
from .dates import end_of_day, find_dates
from .redact import MARKER, contains_secret, redact
from .topics import analyze, entities

EDITABLE_TYPES: tuple[str, ...] = tuple(
    t.value for t in MemoryType if t not in (MemoryType.OUTDATED, MemoryType.DELETED_BY_USER)
)
MAX_ITEMS = 50

_NEW = Schema("new_memory", (
    Field("content", Kind.STR),
    Field("type", Kind.STR, choices=EDITABLE_TYPES),
    Field("importance", Kind.FLOAT, required=False, minimum=0, maximum=1),
    Field("confidence", Kind.FLOAT, required=False, minimum=0, maximum=1),
    Field("tags", Kind.LIST, required=False, items=Kind.STR, max_items=16),
    Field("expires_at", Kind.STR, required=False, nullable=True),
    Field("critical", Kind.BOOL, required=False),
))
_UPDATE = Schema("update", (
    Field("id", Kind.STR),
    Field("content", Kind.STR, required=False),
    Field("type", Kind.STR, required=False, choices=EDITABLE_TYPES),
    Field("importance", Kind.FLOAT, required=False, minimum=0, maximum=1),
    Field("reason", Kind.STR, required=False),
))
_FORGET = Schema("forget", (Field("id", Kind.STR), Field("reason", Kind.STR, required=False)))
EDITOR_SCHEMA = Schema("memory_editor", (
    Field("new_memories", Kind.LIST, schema=_NEW, max_items=MAX_ITEMS),
    Field("updates", Kind.LIST, schema=_UPDATE, max_items=MAX_ITEMS),
    Field("forget", Kind.LIST, schema=_FORGET, max_items=MAX_ITEMS),
))

EDITOR_SYSTEM = (
    "You are a memory editor for an assistant. From the conversation, keep only durable facts worth "
    "remembering about the user and their projects: preferences, constraints, decisions, project facts, "
    "deadlines, mistakes and lessons, learning goals, tasks, and temporary notes (type 'temporary'). Ignore "
    "greetings, questions and chit-chat. Keep the user's own words and names. Never copy secrets. When the "
    "conversation changes or corrects a memory listed under EXISTING, put it in 'updates' with its id; when "
    "the user asks to forget one, put it in 'forget' with its id. Only use ids from EXISTING."
)


class RequestAction(StrEnum):
    UPDATE = "update"
    FORGET = "forget"


@dataclass(frozen=True, slots=True)
class UpdateRequest:
    """A model-requested change to an existing memory (only fields it set are not None)."""

    id: str
    content: str | None = None
    type: MemoryType | None = None
    importance: float | None = None
    reason: str = ""


@dataclass(frozen=True, slots=True)
class ForgetRequest:
    id: str
    reason: str = ""


@dataclass(frozen=True, slots=True)
class RejectedRequest:
    """A model request the engine must not apply, and why."""

    id: str
    action: RequestAction
    reason: str


@dataclass(frozen=True, slots=True)
class EditorProposal:
    """A fully validated editor answer, before ownership checks."""

    new_memories: tuple[Candidate, ...]
    updates: tuple[UpdateRequest, ...]
    forgets: tuple[ForgetRequest, ...]


@dataclass(frozen=True, slots=True)
class OwnershipCheck:
    """The requests that name memories the caller owns, and the ones that were refused."""

    updates: tuple[UpdateRequest, ...]
    forgets: tuple[ForgetRequest, ...]
    rejected: tuple[RejectedRequest, ...]


def editor_prompt(turns: Sequence[Turn], existing: Sequence[Memory] = (), *, limit: int = 40) -> tuple[str, str]:
    """System and user prompt for the editor; turn text is redacted before it is sent."""
    lines = ["EXISTING:"]
    for memory in list(existing)[:limit]:
        lines.append(f"- id={memory.id} [{memory.type.value}] {redact(memory.content).text}")
    if len(lines) == 1:
        lines.append("(none)")
    lines.append("CONVERSATION:")
    for turn in turns:
        lines.append(f"{turn.role}: {redact(turn.text).text}")
    return EDITOR_SYSTEM, "\n".join(lines)


def _expiry(raw: str | None, memory_type: MemoryType, content: str, now: datetime, path: str) -> datetime | None:
    if raw:
        try:
            return parse_time(raw, path)
        except InvalidInput as exc:
            raise LLMFailure(FailureKind.BAD_SHAPE, f"model answer does not match the expected shape: {exc}") from None
    if memory_type is MemoryType.TEMPORARY:
        return now + timedelta(days=1)
    if memory_type is MemoryType.DEADLINE:
        dates = [d for d in find_dates(content, now) if d.day >= now.date()]
        return end_of_day(dates[0].day, now) if dates else None
    return None


def parse_editor(data: Mapping[str, object], *, now: datetime, source_ref: Sequence[str] = ()) -> EditorProposal:
    """Validate an editor answer whole (raises ``LLMFailure`` on any problem) and type it."""
    clean = EDITOR_SCHEMA.validate(data)
    new: list[Candidate] = []
    for i, item in enumerate(clean["new_memories"]):
        content = redact(item["content"].strip()).text
        if not content:
            raise LLMFailure(FailureKind.BAD_SHAPE,
                             f"model answer does not match the expected shape: new_memories[{i}].content is empty")
        memory_type = MemoryType(item["type"])
        analysis = analyze(content)
        critical = bool(item.get("critical")) or memory_type is MemoryType.CRITICAL
        tags = tuple(dict.fromkeys([t.strip().lower() for t in item.get("tags", []) if t.strip()] + list(analysis.tags)))
        new.append(Candidate(
            content=content, type=memory_type, importance=item.get("importance", 0.6),
            confidence=item.get("confidence", 0.8), tags=tags, entities=entities(content, analysis),
            expires_at=_expiry(item.get("expires_at"), memory_type, content, now, f"new_memories[{i}].expires_at"),
            source_ref=tuple(source_ref), rule="llm", is_critical=critical, source=Source.LLM,
            change_of_mind=analysis.replacement_intent,
        ))
    updates = tuple(
        UpdateRequest(u["id"], u.get("content"), MemoryType(u["type"]) if u.get("type") else None,
                      u.get("importance"), u.get("reason", ""))
        for u in clean["updates"]
    )
    forgets = tuple(ForgetRequest(f["id"], f.get("reason", "")) for f in clean["forget"])
    return EditorProposal(tuple(new), updates, forgets)


def filter_owned(requested: Sequence[str], allowed: Mapping[str, Memory] | Sequence[str]) -> tuple[list[str], list[str]]:
    """Split ids into (owned, foreign): owned ids exist in the caller's namespace."""
    allowed_ids = set(allowed.keys()) if isinstance(allowed, Mapping) else set(allowed)
    owned = [i for i in requested if i in allowed_ids]
    foreign = [i for i in requested if i not in allowed_ids]
    return owned, foreign


def check_ownership(proposal: EditorProposal, namespace: Mapping[str, Memory]) -> OwnershipCheck:
    """Keep only requests for memories in ``namespace`` (id -> memory of this user/project).

    Refused: ids outside the namespace, critical memories, and updates whose new text still
    carries a secret.
    """
    rejected: list[RejectedRequest] = []
    updates: list[UpdateRequest] = []
    forgets: list[ForgetRequest] = []

    def refuse(memory_id: str) -> str | None:
        memory = namespace.get(memory_id)
        if memory is None:
            return "no memory with this id in the caller's user/project namespace"
        if memory.critical:
            return "the memory is critical; the model may not change or forget it"
        return None

    for update in proposal.updates:
        why = refuse(update.id)
        if why is None and update.content is not None and (contains_secret(update.content)
                                                            or MARKER in redact(update.content).text):
            why = "the new text contains a secret"
        if why:
            rejected.append(RejectedRequest(update.id, RequestAction.UPDATE, why))
        else:
            updates.append(update)
    for forget in proposal.forgets:
        why = refuse(forget.id)
        if why:
            rejected.append(RejectedRequest(forget.id, RequestAction.FORGET, why))
        else:
            forgets.append(forget)
    return OwnershipCheck(tuple(updates), tuple(forgets), tuple(rejected))
