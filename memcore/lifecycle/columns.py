"""Memories as aligned numpy columns, so lifecycle rules run vectorised over many rows."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime

import numpy as np
import numpy.typing as npt

from ..errors import InvalidInput
from ..model import Memory, MemoryState, Tier
from .plan import epoch

TIERS: tuple[Tier, ...] = (Tier.WORKING, Tier.EPISODIC, Tier.SEMANTIC, Tier.PERCEPTUAL)
STATES: tuple[MemoryState, ...] = tuple(MemoryState)
_TIER_CODE = {t: i for i, t in enumerate(TIERS)}
_STATE_CODE = {s: i for i, s in enumerate(STATES)}


@dataclass(frozen=True, slots=True)
class MemoryColumns:
    """The fields GC and working-memory rules read, one aligned array per field.

    ``last_access`` is UTC epoch seconds of the latest of last_accessed_at / last_used_at, else
    created_at, else NaN (unknown: treated as "just now"). Build it with :meth:`from_memories`,
    or directly from a database query (tier/state as codes into ``TIERS`` / ``STATES``).
    """

    ids: Sequence[str]
    tier: npt.NDArray[np.int8]
    state: npt.NDArray[np.int8]
    importance: npt.NDArray[np.float64]
    access_count: npt.NDArray[np.float64]
    token_count: npt.NDArray[np.int64]
    critical: npt.NDArray[np.bool_]
    last_access: npt.NDArray[np.float64]

    def __post_init__(self) -> None:
        n = len(self.ids)
        for name in ("tier", "state", "importance", "access_count", "token_count", "critical", "last_access"):
            if len(getattr(self, name)) != n:
                raise InvalidInput(name, f"has {len(getattr(self, name))} rows; ids has {n}")

    def __len__(self) -> int:
        return len(self.ids)

    @classmethod
    def from_memories(cls, memories: Sequence[Memory]) -> MemoryColumns:
        """Columns of ``memories``. Reads id, tier, state, importance, access_count, token_count,
        is_critical, type, last_accessed_at, last_used_at, created_at."""
        n = len(memories)
        tier = np.empty(n, dtype=np.int8)
        state = np.empty(n, dtype=np.int8)
        importance = np.empty(n, dtype=np.float64)
        access = np.empty(n, dtype=np.float64)
        tokens = np.empty(n, dtype=np.int64)
        critical = np.empty(n, dtype=np.bool_)
        last = np.empty(n, dtype=np.float64)
        ids: list[str] = [""] * n
        tier_code, state_code = _TIER_CODE, _STATE_CODE
        for i, m in enumerate(memories):
            ids[i] = m.id
            tier[i] = tier_code[m.tier]
            state[i] = state_code[m.state]
            importance[i] = m.importance
            access[i] = m.access_count
            tokens[i] = m.token_count
            critical[i] = m.critical
            last[i] = _last_access(m)
        return cls(ids, tier, state, importance, access, tokens, critical, last)

    def idle_hours(self, now: datetime) -> npt.NDArray[np.float64]:
        """Hours since last access at ``now``; unknown and future times count as 0."""
        now_s = epoch(now)
        assert now_s is not None
        hours = (now_s - self.last_access) / 3600.0
        return np.where(np.isnan(hours), 0.0, np.maximum(hours, 0.0))


def _last_access(m: Memory) -> float:
    a, u = m.last_accessed_at, m.last_used_at
    if a is not None and u is not None:
        return max(epoch(a) or 0.0, epoch(u) or 0.0)
    when: datetime | None = a or u or m.created_at
    value = epoch(when)
    return float("nan") if value is None else value
