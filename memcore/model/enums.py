"""Closed vocabularies of the data model. Stored by value (lower-case strings)."""

from __future__ import annotations

from enum import StrEnum


class MemoryType(StrEnum):
    PREFERENCE = "preference"
    PROJECT = "project"
    DECISION = "decision"
    MISTAKE = "mistake"
    CONSTRAINT = "constraint"
    DEADLINE = "deadline"
    LEARNING_GOAL = "learning_goal"
    TASK = "task"
    CRITICAL = "critical"
    TEMPORARY = "temporary"
    OUTDATED = "outdated"
    DELETED_BY_USER = "deleted_by_user"
    FACT = "fact"
    EVENT = "event"
    NOTE = "note"


class MemoryState(StrEnum):
    ACTIVE = "active"
    PINNED = "pinned"
    ARCHIVED = "archived"
    EXPIRED = "expired"
    SUPERSEDED = "superseded"
    DELETED = "deleted"

    @property
    def retrievable(self) -> bool:
        """Only active and pinned memories are ever injected into a prompt."""
        return self in (MemoryState.ACTIVE, MemoryState.PINNED)


RETRIEVABLE_STATES: tuple[MemoryState, ...] = (MemoryState.ACTIVE, MemoryState.PINNED)


class Tier(StrEnum):
    WORKING = "working"
    EPISODIC = "episodic"
    SEMANTIC = "semantic"
    PERCEPTUAL = "perceptual"


class Privacy(StrEnum):
    PUBLIC = "public"
    PRIVATE = "private"
    SENSITIVE = "sensitive"


class Modality(StrEnum):
    TEXT = "text"
    IMAGE = "image"
    AUDIO = "audio"
    VIDEO = "video"
    FILE = "file"


class Source(StrEnum):
    MANUAL = "manual"
    EXTRACTED = "extracted"
    CONSOLIDATED = "consolidated"
    HOOK = "hook"
    IMPORT = "import"
    LLM = "llm"


class Actor(StrEnum):
    USER = "user"
    ENGINE = "engine"
    LLM = "llm"


class EventKind(StrEnum):
    CREATED = "created"
    EDITED = "edited"
    PINNED = "pinned"
    UNPINNED = "unpinned"
    FORGOTTEN = "forgotten"
    RESTORED = "restored"
    DELETED = "deleted"  # hard delete: a content-free tombstone
    FORGOT_ALL = "forgot_all"
    MERGED = "merged"
    SUPERSEDED = "superseded"
    EXTENDED = "extended"
    EXPIRED = "expired"
    ARCHIVED = "archived"
    PROMOTED = "promoted"
    DEMOTED = "demoted"
    TIER_CHANGED = "tier_changed"
    INJECTED = "injected"
    ACCESSED = "accessed"
    EVOLVED = "evolved"
    SUMMARIZED = "summarized"
    DECAYED = "decayed"
    RATED = "rated"
    UNDONE = "undone"
    IMPORTED = "imported"
    BLOCK_SET = "block_set"
    BLOCK_DELETED = "block_deleted"
    STATE_SET = "state_set"
    JOB_RUN = "job_run"


# Automatic decisions that `undo` can reverse.
UNDOABLE_KINDS: frozenset[EventKind] = frozenset(
    {EventKind.SUPERSEDED, EventKind.MERGED, EventKind.ARCHIVED, EventKind.EXPIRED,
     EventKind.DEMOTED, EventKind.PROMOTED, EventKind.TIER_CHANGED}
)


class LinkKind(StrEnum):
    SUPERSEDES = "supersedes"
    RELATED = "related"
    SEMANTIC = "semantic"
    SUMMARY_OF = "summary_of"
    MERGED_INTO = "merged_into"
    EXTENDS = "extends"
