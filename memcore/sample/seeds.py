"""The vocabulary the demo dataset is written in: seeds of memories, blocks and user-state changes.

Every time is "days before load time" (``ago``), so the demo never goes stale: the loader turns
``ago`` into a timestamp from the engine clock at load time. Fields left ``None`` get a
deterministic default from the loader (seeded random jitter around a per-type base).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True)
class Seed:
    """One memory and what happens to it later (pin, forget, edit, expiry, supersession)."""

    ago: float  # created this many days before load time
    type: str
    content: str
    tags: str = ""
    entities: str = ""
    importance: float | None = None
    confidence: float | None = None
    tier: str | None = None
    privacy: str = "public"
    emotion: tuple[float, float] = (0.0, 0.0)  # (intensity, valence)
    due: float | None = None  # expires_at in days relative to load time (negative: already past)
    media: tuple[str, str] | None = None  # (modality, media_uri) for perceptual memories
    chain: str | None = None  # topic group: later members of a chain supersede earlier ones
    reason: str | None = None  # why this chain member replaced the previous one
    pin: float | None = None  # pinned this many days ago
    unpin: float | None = None
    forget: tuple[float, str] | None = None  # (days ago, reason)
    as_deleted: bool = False  # retype to deleted_by_user when forgotten (MemoPilot's M1 type)
    restore: tuple[float, str] | None = None  # (days ago, reason): restored after being forgotten
    edit: tuple[float, dict[str, Any], str] | None = None  # (days ago, changes, reason)
    archive: float | None = None  # archived by the engine's idle sweep this many days ago
    promote: float | None = None  # promoted episodic -> semantic by the engine
    critical: bool = False
    summary: str | None = None
    key: str | None = None  # name for cross references (see Person.wrong_supersessions)
    session: str | None = None  # conversation-derived: session id (source becomes "extracted")
    turns: tuple[int, ...] = ()  # which turns of the session it came from
    metadata: dict[str, Any] = field(default_factory=dict)


def m(ago: float, type: str, content: str, tags: str = "", entities: str = "", **options: Any) -> Seed:  # noqa: A002
    """Shorthand used by the data modules: ``m(12, "decision", "...", "db,postgres", "PostgreSQL", pin=3)``."""
    return Seed(ago, type, content, tags, entities, **options)


@dataclass(frozen=True)
class BlockSeed:
    """One version of a named block; several seeds with the same name make its history."""

    ago: float
    name: str
    content: str
    block_type: str = "custom"
    priority: int = 0
    max_tokens: int = 500
    project: str | None = None  # namespace of the BLOCK_SET event (default: the person's first project)


@dataclass(frozen=True)
class StateSeed:
    """One value of a user-state key, true from ``ago`` days before load time until the next one."""

    ago: float
    key: str
    value: str


@dataclass(frozen=True)
class WrongSupersession:
    """An automatic supersession the engine got wrong and the user undid (an UNDONE event in the demo)."""

    project: str
    old_key: str
    new_key: str
    ago: float
    undo_ago: float
    reason: str  # why the engine superseded it
    undo_reason: str  # why the user undid it


@dataclass(frozen=True)
class Recall:
    """A question the person's agent asked memcore at some moment: ``context`` builds a prompt block (usage
    counts, injection events), ``search`` only retrieves (access counts). Both leave a trace."""

    ago: float
    project: str
    query: str
    kind: str = "context"  # context | search


@dataclass(frozen=True)
class Person:
    user_id: str
    name: str
    projects: dict[str, list[Seed]]
    blocks: list[BlockSeed] = field(default_factory=list)
    states: list[StateSeed] = field(default_factory=list)
    wrong_supersessions: list[WrongSupersession] = field(default_factory=list)
    recalls: list[Recall] = field(default_factory=list)
    utc_offset: float = 0.0  # hours; memories a day or more old land in this person's waking hours

    @property
    def home_project(self) -> str:
        return next(iter(self.projects))
