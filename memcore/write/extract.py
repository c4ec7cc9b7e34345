"""Extraction entry point: the LLM memory editor when configured, the rule extractor otherwise.

Turns are redacted before a model sees them. A model failure (timeout, HTTP error, malformed
JSON) falls back to the rules and the ``FallbackInfo`` says so. Candidates that are still
secret-like after extraction are dropped, and model-requested updates/forgets are kept only
for memories in the caller's namespace.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime
from enum import StrEnum

from ..llm import FallbackInfo, LLMProvider, with_fallback
from ..model import Memory, MemoryType
from .candidates import USER_ROLES, Candidate, Turn
from .editor import (
    EDITOR_SCHEMA,
    ForgetRequest,
    OwnershipCheck,
    RejectedRequest,
    UpdateRequest,
    check_ownership,
    editor_prompt,
    parse_editor,
)
from .extract_rules import extract_rules, leading_emphasis
from .redact import MARKER, contains_secret

_SECRET_TOLERANT = frozenset({MemoryType.CONSTRAINT, MemoryType.CRITICAL, MemoryType.MISTAKE})


class DropReason(StrEnum):
    SECRET = "secret"
    EMPTY = "empty"


@dataclass(frozen=True, slots=True)
class DroppedCandidate:
    """A candidate that will not be stored, and why (its text is never a secret: it was redacted)."""

    candidate: Candidate
    reason: DropReason
    detail: str = ""


@dataclass(frozen=True, slots=True)
class Extraction:
    """Candidates to plan, ownership-checked model requests, drops, and how it was produced."""

    candidates: tuple[Candidate, ...]
    updates: tuple[UpdateRequest, ...] = ()
    forgets: tuple[ForgetRequest, ...] = ()
    rejected: tuple[RejectedRequest, ...] = ()
    dropped: tuple[DroppedCandidate, ...] = ()
    info: FallbackInfo | None = None
    emphasis_on_previous: bool = False  # "This is critical." about a memory stored by an earlier call


def drop_secret_like(candidates: Sequence[Candidate]) -> tuple[list[Candidate], list[DroppedCandidate]]:
    """Keep clean candidates; drop ones still secret-like, or that only record a redacted secret."""
    kept: list[Candidate] = []
    dropped: list[DroppedCandidate] = []
    for c in candidates:
        if not c.content.strip():
            dropped.append(DroppedCandidate(c, DropReason.EMPTY, "empty content"))
        elif contains_secret(c.content):
            dropped.append(DroppedCandidate(c, DropReason.SECRET, "still looks like a secret after redaction"))
        elif MARKER in c.content and c.type not in _SECRET_TOLERANT:
            dropped.append(DroppedCandidate(c, DropReason.SECRET, "its subject is a redacted secret"))
        else:
            kept.append(c)
    return kept, dropped


def extract(
    turns: Sequence[Turn],
    *,
    now: datetime,
    provider: LLMProvider | None = None,
    existing: Sequence[Memory] = (),
    roles: Collection[str] = USER_ROLES,
) -> Extraction:
    """Extract memory candidates from ``turns`` (LLM editor if ``provider``, else rules).

    ``existing`` are the caller's memories (same user and project): the editor sees them, and
    its updates/forgets are accepted only for their ids.
    """
    refs = tuple(t.id for t in turns if t.id)
    namespace: Mapping[str, Memory] = {m.id: m for m in existing}

    def with_llm(p: LLMProvider) -> tuple[list[Candidate], OwnershipCheck]:
        system, user = editor_prompt([t for t in turns if t.role.lower() in roles or t.role == "assistant"],
                                     [m for m in existing if m.state.retrievable])
        proposal = parse_editor(p.complete_json(system, user, EDITOR_SCHEMA), now=now, source_ref=refs)
        return list(proposal.new_memories), check_ownership(proposal, namespace)

    def with_rules() -> tuple[list[Candidate], OwnershipCheck]:
        return extract_rules(turns, now=now, roles=roles), OwnershipCheck((), (), ())

    outcome = with_fallback("extract", provider, with_llm, with_rules)
    candidates, check = outcome.value
    kept, dropped = drop_secret_like(candidates)
    return Extraction(tuple(kept), check.updates, check.forgets, check.rejected, tuple(dropped), outcome.info,
                      emphasis_on_previous=not outcome.info.used_llm and leading_emphasis(turns, roles))
