"""A uniform view of stored memories and pending candidates for dedupe and contradiction rules."""

from __future__ import annotations

from dataclasses import dataclass

from ..model import Memory, MemoryType
from .candidates import Candidate


@dataclass(frozen=True, slots=True)
class NewRef:
    """The ``index``-th memory a write plan creates (it has no id until the engine stores it)."""

    index: int

    def __str__(self) -> str:
        return f"new#{self.index}"


Ref = str | NewRef


@dataclass(frozen=True, slots=True)
class Claim:
    """What the rules compare: a reference, the text, its type and the flags that change outcomes."""

    ref: Ref
    content: str
    type: MemoryType
    critical: bool = False
    change_of_mind: bool = False

    @property
    def temporary(self) -> bool:
        return self.type is MemoryType.TEMPORARY

    @classmethod
    def of_memory(cls, memory: Memory) -> Claim:
        return cls(memory.id, memory.content, memory.type, memory.critical,
                   bool(memory.metadata.get("change_of_mind")) if memory.metadata else False)

    @classmethod
    def of_candidate(cls, candidate: Candidate, ref: Ref) -> Claim:
        return cls(ref, candidate.content, candidate.type, candidate.critical, candidate.change_of_mind)
