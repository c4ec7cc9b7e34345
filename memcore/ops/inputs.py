"""Validated input for new memories (used by add, add_many, import, extraction and the demo loader)."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime, timedelta
from typing import Any

from ..clock import parse_time
from ..model import Memory, MemoryState, MemoryType, Modality, Namespace, Privacy, Source, Tier
from ..model.validation import content_text, parse_enum, tag_list, unit_interval
from ..store.ids import new_id

TEMPORARY_TTL = timedelta(days=1)


@dataclass
class MemoryInput:
    """What a caller may say about a new memory. Everything but ``content`` is optional."""

    content: str
    type: MemoryType | str = MemoryType.NOTE
    importance: float = 0.5
    confidence: float = 0.8
    tags: list[str] | str | None = None
    entities: list[str] | str | None = None
    tier: Tier | str = Tier.SEMANTIC
    state: MemoryState | str = MemoryState.ACTIVE
    privacy: Privacy | str = Privacy.PUBLIC
    expires_at: datetime | str | None = None
    valid_from: datetime | str | None = None
    valid_until: datetime | str | None = None
    created_at: datetime | str | None = None
    session_id: str | None = None
    episode_id: str | None = None
    summary: str | None = None
    modality: Modality | str = Modality.TEXT
    media_uri: str | None = None
    metadata: dict[str, Any] = field(default_factory=dict)
    emotion_intensity: float = 0.0
    emotion_valence: float = 0.0
    is_critical: bool = False
    source: Source | str = Source.MANUAL
    source_ref: list[str] = field(default_factory=list)

    def build(self, ns: Namespace, now: datetime) -> Memory:
        """Validate every field and return the Memory to store (raises InvalidInput naming the field)."""
        mtype = parse_enum(self.type, MemoryType, "type")
        state = parse_enum(self.state, MemoryState, "state")
        if state not in (MemoryState.ACTIVE, MemoryState.PINNED):
            from ..errors import InvalidInput

            raise InvalidInput("state", f"a new memory starts active or pinned, not {state.value}")
        created = parse_time(self.created_at, "created_at") or now
        expires = parse_time(self.expires_at, "expires_at")
        if expires is None and mtype is MemoryType.TEMPORARY:
            expires = created + TEMPORARY_TTL
        valid_from = parse_time(self.valid_from, "valid_from") or created
        valid_until = parse_time(self.valid_until, "valid_until")
        if valid_until is not None and valid_until <= valid_from:
            from ..errors import InvalidInput

            raise InvalidInput("valid_until", "must be after valid_from")
        if not isinstance(self.metadata, dict):
            from ..errors import InvalidInput

            raise InvalidInput("metadata", "must be a JSON object")
        return Memory(
            id=new_id(), user_id=ns.user_id, project_id=ns.project_id,
            content=content_text(self.content),
            type=mtype, tier=parse_enum(self.tier, Tier, "tier"), state=state,
            importance=unit_interval(self.importance, "importance"),
            confidence=unit_interval(self.confidence, "confidence"),
            privacy=parse_enum(self.privacy, Privacy, "privacy"),
            tags=tag_list(self.tags, "tags"), entities=tag_list(self.entities, "entities", lower=False),
            summary=self.summary, session_id=self.session_id, episode_id=self.episode_id,
            modality=parse_enum(self.modality, Modality, "modality"), media_uri=self.media_uri,
            metadata=dict(self.metadata),
            emotion_intensity=unit_interval(self.emotion_intensity, "emotion_intensity"),
            emotion_valence=unit_interval(self.emotion_valence, "emotion_valence", -1.0, 1.0),
            is_critical=bool(self.is_critical) or mtype is MemoryType.CRITICAL,
            valid_from=valid_from, valid_until=valid_until,
            created_at=created, updated_at=created, expires_at=expires,
            source=parse_enum(self.source, Source, "source"), source_ref=list(self.source_ref),
            stability=initial_stability(self.emotion_intensity),
            strength=unit_interval(self.importance, "importance"),
        )


def initial_stability(emotion_intensity: float) -> float:
    """FSRS initial stability in days by emotion intensity (N1): 10 / 5 / 1."""
    if emotion_intensity > 0.7:
        return 10.0
    if emotion_intensity > 0.5:
        return 5.0
    return 1.0
