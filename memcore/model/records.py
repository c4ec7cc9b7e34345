"""Typed records returned by the engine. Plain dataclasses: no database or UI types leak out."""

from __future__ import annotations

from dataclasses import asdict, dataclass, field, fields, replace
from datetime import datetime
from typing import Any, Generic, TypeVar

from .enums import Actor, EventKind, LinkKind, MemoryState, MemoryType, Modality, Privacy, Source, Tier

T = TypeVar("T")


@dataclass(frozen=True, slots=True)
class Namespace:
    """Every read and write is scoped by one user and one project."""

    user_id: str = "default"
    project_id: str = "default"


@dataclass(slots=True)
class Memory:
    id: str
    user_id: str
    project_id: str
    content: str
    type: MemoryType = MemoryType.NOTE
    tier: Tier = Tier.SEMANTIC
    state: MemoryState = MemoryState.ACTIVE
    importance: float = 0.5
    confidence: float = 0.8
    privacy: Privacy = Privacy.PUBLIC
    tags: list[str] = field(default_factory=list)
    entities: list[str] = field(default_factory=list)
    summary: str | None = None
    session_id: str | None = None
    episode_id: str | None = None
    modality: Modality = Modality.TEXT
    media_uri: str | None = None
    metadata: dict[str, Any] = field(default_factory=dict)
    emotion_intensity: float = 0.0
    emotion_valence: float = 0.0
    usage_count: int = 0
    last_used_at: datetime | None = None
    access_count: int = 0
    last_accessed_at: datetime | None = None
    stability: float = 1.0
    strength: float = 0.5
    rating: float = 1200.0
    feedback_count: int = 0
    age_cycles: int = 0
    is_critical: bool = False
    valid_from: datetime | None = None
    valid_until: datetime | None = None
    created_at: datetime | None = None
    updated_at: datetime | None = None
    expired_at: datetime | None = None
    expires_at: datetime | None = None
    supersedes: str | None = None
    superseded_by: str | None = None
    source: Source = Source.MANUAL
    source_ref: list[str] = field(default_factory=list)
    version: int = 1
    token_count: int = 0

    @property
    def namespace(self) -> Namespace:
        return Namespace(self.user_id, self.project_id)

    @property
    def critical(self) -> bool:
        """Critical memories sort first and are never superseded or archived automatically."""
        return self.is_critical or self.type is MemoryType.CRITICAL

    @property
    def pinned(self) -> bool:
        return self.state is MemoryState.PINNED

    def to_dict(self) -> dict[str, Any]:
        return record_to_dict(self)

    def copy(self, **changes: Any) -> Memory:
        return replace(self, **changes)


@dataclass(slots=True)
class Event:
    id: str
    user_id: str
    project_id: str
    kind: EventKind
    actor: Actor
    at: datetime
    memory_id: str | None = None
    reason: str = ""
    before: dict[str, Any] | None = None
    after: dict[str, Any] | None = None
    trace_id: str | None = None
    undone_by: str | None = None

    def to_dict(self) -> dict[str, Any]:
        return record_to_dict(self)


@dataclass(slots=True)
class Link:
    source_id: str
    target_id: str
    kind: LinkKind
    weight: float = 1.0
    created_at: datetime | None = None
    user_id: str = "default"
    project_id: str = "default"

    def to_dict(self) -> dict[str, Any]:
        return record_to_dict(self)


@dataclass(slots=True)
class Block:
    """A named, prioritised memory block (Letta style); every edit makes a new version."""

    user_id: str
    name: str
    content: str
    block_type: str = "custom"
    max_tokens: int = 500
    priority: int = 0
    metadata: dict[str, Any] = field(default_factory=dict)
    version: int = 1
    updated_at: datetime | None = None
    token_count: int = 0

    def to_dict(self) -> dict[str, Any]:
        return record_to_dict(self)


@dataclass(slots=True)
class UserStateRow:
    """One version of one user-state key: world time [valid_from, valid_until), system time recorded_at."""

    user_id: str
    key: str
    value: Any
    valid_from: datetime
    valid_until: datetime | None
    recorded_at: datetime
    id: int | None = None

    def to_dict(self) -> dict[str, Any]:
        return record_to_dict(self)


@dataclass(slots=True)
class Page(Generic[T]):
    items: list[T]
    total: int
    offset: int
    limit: int

    @property
    def has_more(self) -> bool:
        return self.offset + len(self.items) < self.total


def plain(value: Any) -> Any:
    """A value in JSON-ready form: enums by value, times as ISO-8601, containers converted."""
    if isinstance(value, datetime):
        return value.isoformat()
    if isinstance(value, (MemoryType, MemoryState, Tier, Privacy, Modality, Source, Actor, EventKind, LinkKind)):
        return value.value
    if isinstance(value, dict):
        return {k: plain(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [plain(v) for v in value]
    return value


def record_to_dict(record: Any) -> dict[str, Any]:
    """JSON-ready dict of a record: enums by value, times as ISO-8601."""
    return {f.name: plain(getattr(record, f.name)) for f in fields(record)}


__all__ = ["Memory", "Event", "Link", "Block", "UserStateRow", "Page", "Namespace", "record_to_dict", "asdict"]
