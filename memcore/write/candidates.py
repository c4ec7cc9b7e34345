"""What the write path takes in (conversation turns) and hands out (memory candidates)."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from ..errors import InvalidInput
from ..model import MemoryType, Source

USER_ROLES = frozenset({"user", "human"})
ROLES = frozenset({"user", "human", "assistant", "system", "tool"})


@dataclass(frozen=True, slots=True)
class Turn:
    """One conversation turn. ``id`` is what memories cite in ``source_ref``."""

    role: str
    text: str
    id: str = ""
    at: datetime | None = None

    def __post_init__(self) -> None:
        if self.role.lower() not in ROLES:
            raise InvalidInput("role", f"{self.role!r} is not allowed; use one of: {', '.join(sorted(ROLES))}")
        if not isinstance(self.text, str):
            raise InvalidInput("text", f"must be text, got {type(self.text).__name__}")

    @property
    def from_user(self) -> bool:
        return self.role.lower() in USER_ROLES


@dataclass(frozen=True, slots=True)
class Candidate:
    """A memory the write path proposes; the engine decides (via a plan) whether it becomes a row.

    ``rule`` names what produced it (``"preference"``, ``"label:constraint"``, ``"llm"``, ...) so
    the trace can say why it exists. ``change_of_mind`` is set when the user announced a change
    right before it ("Actually, I changed my mind."), which makes it replace older choices.
    """

    content: str
    type: MemoryType
    importance: float = 0.5
    confidence: float = 0.8
    tags: tuple[str, ...] = ()
    entities: tuple[str, ...] = ()
    expires_at: datetime | None = None
    source_ref: tuple[str, ...] = ()
    rule: str = ""
    is_critical: bool = False
    change_of_mind: bool = False
    source: Source = Source.EXTRACTED
    metadata: dict[str, Any] = field(default_factory=dict)

    @property
    def critical(self) -> bool:
        return self.is_critical or self.type is MemoryType.CRITICAL

    def memory_fields(self) -> dict[str, Any]:
        """Keyword arguments for the store's create: content, type, scores, tags, lineage, expiry."""
        metadata = dict(self.metadata)
        metadata["rule"] = self.rule
        if self.change_of_mind:
            metadata["change_of_mind"] = True
        return {
            "content": self.content, "type": self.type, "importance": self.importance,
            "confidence": self.confidence, "tags": list(self.tags), "entities": list(self.entities),
            "expires_at": self.expires_at, "source": self.source, "source_ref": list(self.source_ref),
            "is_critical": self.critical, "metadata": metadata,
        }
