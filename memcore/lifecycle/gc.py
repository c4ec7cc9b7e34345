"""Tier garbage collection (SPEC 8.3, P1/P6): promote, demote, archive or delete by score.

Rules in the seed's order; the first that fires decides, a blocked rule falls through:

1. archived and score <= 0.05 -> delete (applied only with ``auto_delete``; otherwise listed
   with that reason); other archived memories are kept. States other than active, pinned and
   archived are outside GC.
2. idle past the tier's limit and score <= 0.25 -> demote one tier (working -> episodic ->
   semantic -> state archived; perceptual -> archived). Pinned memories are never demoted,
   importance >= 0.8 is never demoted for age alone, critical memories never demoted into
   the archive.
3. score >= 0.45 -> promote one tier (semantic -> episodic -> working).
4. score <= 0.10 -> archive, except pinned and critical memories.
5. otherwise keep.

Idle time and recency run from the latest of last_accessed_at / last_used_at (else
created_at), not updated_at: GC's own tier moves must not reset the clock they are judged by.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from enum import IntEnum, StrEnum
from typing import Any, overload

import numpy as np
import numpy.typing as npt

from ..errors import InvalidInput
from ..model import EventKind, Memory, MemoryState, Score, Tier
from .columns import STATES, TIERS, MemoryColumns
from .plan import Change
from .tiered import TieredScores, TieredWeights, tiered_scores


@dataclass(frozen=True, slots=True)
class TierLimit:
    """Approximate token budget and maximum idle time of one tier."""

    tier: Tier
    max_tokens: int
    max_idle: timedelta


DEFAULT_TIER_LIMITS: tuple[TierLimit, ...] = (
    TierLimit(Tier.WORKING, 2_000, timedelta(hours=4)),
    TierLimit(Tier.EPISODIC, 8_000, timedelta(hours=72)),
    TierLimit(Tier.SEMANTIC, 32_000, timedelta(days=30)),
    TierLimit(Tier.PERCEPTUAL, 32_000, timedelta(days=30)),
)


@dataclass(frozen=True, slots=True)
class GCSettings:
    """Thresholds of the tier GC; thresholds compare inclusively (score <= demote, ...)."""

    demote_threshold: float = field(default=0.25, metadata={"help": "idle and score <= this -> demote"})
    promote_threshold: float = field(default=0.45, metadata={"help": "score >= this -> promote"})
    archive_threshold: float = field(default=0.10, metadata={"help": "score <= this -> archive"})
    delete_threshold: float = field(default=0.05, metadata={"help": "archived and score <= this -> delete"})
    auto_delete: bool = field(default=False, metadata={"help": "let GC hard-delete archived memories"})
    high_importance: float = field(default=0.8, metadata={"help": "importance never demoted for age alone"})
    tier_limits: tuple[TierLimit, ...] = field(default=DEFAULT_TIER_LIMITS,
                                               metadata={"help": "token budget and idle limit per tier"})
    weights: TieredWeights = field(default_factory=TieredWeights, metadata={"help": "tiered score weights"})

    def __post_init__(self) -> None:
        for name in ("demote_threshold", "promote_threshold", "archive_threshold", "delete_threshold",
                     "high_importance"):
            value = getattr(self, name)
            if not 0.0 <= value <= 1.0:
                raise InvalidInput(name, f"{value!r} is outside [0, 1]")
        if not self.delete_threshold <= self.archive_threshold < self.promote_threshold:
            raise InvalidInput("thresholds", "need delete <= archive < promote")
        missing = set(TIERS) - {lim.tier for lim in self.tier_limits}
        if missing:
            raise InvalidInput("tier_limits", f"no limit for {', '.join(sorted(t.value for t in missing))}")

    def limit(self, tier: Tier) -> TierLimit:
        """The limit of ``tier``."""
        return next(lim for lim in self.tier_limits if lim.tier is tier)


class GCAction(StrEnum):
    """The list a GC entry belongs to."""

    PROMOTE = "promote"
    DEMOTE = "demote"
    ARCHIVE = "archive"
    DELETE = "delete"
    KEEP = "keep"


class GCRule(IntEnum):
    """Which rule decided (or, for keeps, which protection held)."""

    DELETE = 0
    DELETE_DISABLED = 1
    DEMOTE_IDLE = 2
    PROMOTE = 3
    ARCHIVE = 4
    KEEP = 5
    KEEP_ARCHIVED = 6
    KEEP_OUT_OF_SCOPE = 7
    KEEP_PINNED = 8
    KEEP_HIGH_IMPORTANCE = 9
    KEEP_CRITICAL = 10
    KEEP_TOP_TIER = 11


_ACTION_OF = {
    GCRule.DELETE: GCAction.DELETE, GCRule.DELETE_DISABLED: GCAction.DELETE,
    GCRule.DEMOTE_IDLE: GCAction.DEMOTE, GCRule.PROMOTE: GCAction.PROMOTE, GCRule.ARCHIVE: GCAction.ARCHIVE,
}
_EVENT_OF = {GCAction.DELETE: EventKind.DELETED, GCAction.DEMOTE: EventKind.DEMOTED,
             GCAction.PROMOTE: EventKind.PROMOTED, GCAction.ARCHIVE: EventKind.ARCHIVED}

_NO_TIER = -1
_ACTIVE, _PINNED, _ARCHIVED = (STATES.index(s) for s in (MemoryState.ACTIVE, MemoryState.PINNED,
                                                         MemoryState.ARCHIVED))
_DELETED = STATES.index(MemoryState.DELETED)
_UP = np.array([_NO_TIER, 0, 1, _NO_TIER], dtype=np.int8)        # working, episodic, semantic, perceptual
_DOWN = np.array([1, 2, _NO_TIER, _NO_TIER], dtype=np.int8)      # _NO_TIER here means "into the archive"


@dataclass(frozen=True, slots=True)
class GCEntry:
    """One memory's GC decision: action, where it goes, why, with the score that decided it.

    ``applies`` is False for keeps and for deletes listed while auto-delete is off.
    ``token_delta`` is the change in tokens held by live (active/pinned) tiers: negative when a
    memory leaves them, 0 for moves between tiers.
    """

    memory_id: str
    action: GCAction
    rule: GCRule
    from_tier: Tier
    to_tier: Tier
    from_state: MemoryState
    to_state: MemoryState
    score: Score
    reason: str
    token_delta: int
    applies: bool

    @property
    def event_kind(self) -> EventKind | None:
        """The event to record when applied (None for keep)."""
        return _EVENT_OF.get(self.action)

    def change(self) -> Change | None:
        """The change to apply, or None when nothing is applied (keep, delete while disabled)."""
        kind = self.event_kind
        if not self.applies or kind is None:
            return None
        if self.action is GCAction.DELETE:
            return Change(self.memory_id, kind, self.reason, before={"state": self.from_state},
                          after={"state": MemoryState.DELETED}, hard_delete=True)
        before: dict[str, Any] = {}
        after: dict[str, Any] = {}
        if self.to_tier is not self.from_tier:
            before["tier"], after["tier"] = self.from_tier, self.to_tier
        if self.to_state is not self.from_state:
            before["state"], after["state"] = self.from_state, self.to_state
        return Change(self.memory_id, kind, self.reason, before=before, after=after)

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready entry with its score breakdown."""
        return {"memory_id": self.memory_id, "action": self.action.value, "rule": self.rule.name.lower(),
                "from_tier": self.from_tier.value, "to_tier": self.to_tier.value,
                "from_state": self.from_state.value, "to_state": self.to_state.value,
                "score": self.score.to_dict(), "reason": self.reason, "token_delta": self.token_delta,
                "applies": self.applies}


@dataclass(frozen=True, slots=True)
class _Decisions:
    cols: MemoryColumns
    scores: TieredScores
    external: Mapping[str, Score]
    total: npt.NDArray[np.float64]
    idle_hours: npt.NDArray[np.float64]
    rule: npt.NDArray[np.int8]
    to_tier: npt.NDArray[np.int8]
    to_state: npt.NDArray[np.int8]
    token_delta: npt.NDArray[np.int64]
    settings: GCSettings

    def entry(self, i: int) -> GCEntry:
        c, cfg = self.cols, self.settings
        rule = GCRule(int(self.rule[i]))
        action = _ACTION_OF.get(rule, GCAction.KEEP)
        mid = c.ids[i]
        score = self.external.get(mid) or self.scores.score(i)
        applies = action is not GCAction.KEEP and rule is not GCRule.DELETE_DISABLED
        return GCEntry(
            memory_id=mid, action=action, rule=rule,
            from_tier=TIERS[c.tier[i]], to_tier=TIERS[self.to_tier[i]],
            from_state=STATES[c.state[i]], to_state=STATES[self.to_state[i]],
            score=score, reason=_reason(self, i, rule, cfg), token_delta=int(self.token_delta[i]), applies=applies)


class GCEntries(Sequence[GCEntry]):
    """A list of GC entries built on access, so a plan over 100k memories stays cheap."""

    __slots__ = ("_decisions", "_rows")

    def __init__(self, decisions: _Decisions, rows: npt.NDArray[np.intp]) -> None:
        self._decisions = decisions
        self._rows = rows

    def __len__(self) -> int:
        return int(self._rows.shape[0])

    @overload
    def __getitem__(self, index: int) -> GCEntry: ...
    @overload
    def __getitem__(self, index: slice) -> list[GCEntry]: ...
    def __getitem__(self, index: int | slice) -> GCEntry | list[GCEntry]:
        if isinstance(index, slice):
            return [self._decisions.entry(int(r)) for r in self._rows[index]]
        return self._decisions.entry(int(self._rows[index]))

    def __iter__(self) -> Iterator[GCEntry]:
        for r in self._rows:
            yield self._decisions.entry(int(r))

    @property
    def ids(self) -> list[str]:
        """Memory ids of the entries, without building them."""
        ids = self._decisions.cols.ids
        return [ids[int(r)] for r in self._rows]

    def __repr__(self) -> str:
        return f"GCEntries({len(self)} entries)"


@dataclass(frozen=True, slots=True)
class TierTokens:
    """Tokens held by one tier's live memories before and after the plan, against its budget."""

    tier: Tier
    before: int
    after: int
    limit: int


@dataclass(frozen=True, slots=True)
class GCPlan:
    """The five lists of a GC preview, with token accounting. No side effects."""

    now: datetime
    promote: GCEntries
    demote: GCEntries
    archive: GCEntries
    delete: GCEntries
    keep: GCEntries
    tier_tokens: tuple[TierTokens, ...]
    total_token_delta: int
    auto_delete: bool

    @property
    def delete_listed_only(self) -> int:
        """Delete candidates that are only listed because auto-delete is off."""
        return 0 if self.auto_delete else len(self.delete)

    @property
    def summary(self) -> str:
        """One line: the size of each list and the change in live tokens."""
        listed = f" ({self.delete_listed_only} listed only: auto-delete is off)" if self.delete_listed_only else ""
        return (f"GC at {self.now.isoformat()}: {len(self.promote)} promote, {len(self.demote)} demote, "
                f"{len(self.archive)} archive, {len(self.delete)} delete{listed}, {len(self.keep)} keep; "
                f"live tokens {self.total_token_delta:+d}")

    def changes(self) -> Iterator[Change]:
        """Every change to apply: demotions, promotions, archivals, then (opted-in) deletions."""
        for entries in (self.demote, self.promote, self.archive, self.delete):
            for entry in entries:
                change = entry.change()
                if change is not None:
                    yield change

    def to_dict(self, *, include_keep: bool = True, limit: int | None = None) -> dict[str, Any]:
        """JSON-ready plan; ``limit`` caps each list (the counts stay in ``summary`` and ``counts``)."""
        lists = {"promote": self.promote, "demote": self.demote, "archive": self.archive, "delete": self.delete}
        if include_keep:
            lists["keep"] = self.keep
        return {
            "counts": {"promote": len(self.promote), "demote": len(self.demote), "archive": len(self.archive),
                       "delete": len(self.delete), "keep": len(self.keep)},
            "now": self.now.isoformat(), "summary": self.summary, "total_token_delta": self.total_token_delta,
            "auto_delete": self.auto_delete,
            "tier_tokens": [{"tier": t.tier.value, "before": t.before, "after": t.after, "limit": t.limit}
                            for t in self.tier_tokens],
            **{name: [e.to_dict() for e in (entries if limit is None else entries[:limit])]
               for name, entries in lists.items()},
        }


def plan_gc(memories: Sequence[Memory] | MemoryColumns, scores: Mapping[str, Score] | None, now: datetime,
            settings: GCSettings | None = None) -> GCPlan:
    """Classify every memory into promote / demote / archive / delete / keep at ``now``.

    ``scores`` maps memory id to a precomputed Score (e.g. a query-aware tiered score); ids it
    lacks, or all when it is None, get the no-query tiered score computed here, vectorised.
    Reads the fields listed in :meth:`MemoryColumns.from_memories`.
    """
    cfg = settings or GCSettings()
    cols = memories if isinstance(memories, MemoryColumns) else MemoryColumns.from_memories(memories)
    decisions = _decide(cols, scores or {}, now, cfg)
    rule = decisions.rule

    def rows(*rules: GCRule) -> GCEntries:
        return GCEntries(decisions, np.flatnonzero(np.isin(rule, [int(r) for r in rules])))

    keep_rules = [r for r in GCRule if r not in _ACTION_OF]
    return GCPlan(
        now=now,
        promote=rows(GCRule.PROMOTE), demote=rows(GCRule.DEMOTE_IDLE), archive=rows(GCRule.ARCHIVE),
        delete=rows(GCRule.DELETE, GCRule.DELETE_DISABLED), keep=rows(*keep_rules),
        tier_tokens=_tier_tokens(decisions, cfg), total_token_delta=int(decisions.token_delta.sum()),
        auto_delete=cfg.auto_delete,
    )


def predict(memory: Memory, now: datetime, settings: GCSettings | None = None, score: Score | None = None) -> GCEntry:
    """What GC would do to one memory and why (for ``inspect``); ``to_tier``/``to_state`` are
    its predicted place afterwards."""
    plan = plan_gc([memory], {memory.id: score} if score is not None else None, now, settings)
    for entries in (plan.promote, plan.demote, plan.archive, plan.delete, plan.keep):
        if len(entries):
            return entries[0]
    raise AssertionError("every memory lands in exactly one list")


def _decide(cols: MemoryColumns, external: Mapping[str, Score], now: datetime, cfg: GCSettings) -> _Decisions:
    n = len(cols)
    idle = cols.idle_hours(now)
    ts = tiered_scores(cols.importance, idle, cols.access_count, weights=cfg.weights)
    total = ts.total
    if external:
        total = total.copy()
        index = {mid: i for i, mid in enumerate(cols.ids)}
        for mid, sc in external.items():
            i = index.get(mid)
            if i is not None:
                total[i] = sc.total
    tier, state = cols.tier, cols.state
    limit_h = np.array([cfg.limit(t).max_idle.total_seconds() / 3600.0 for t in TIERS])[tier]
    pinned = state == _PINNED
    live = (state == _ACTIVE) | pinned
    archived = state == _ARCHIVED

    rule = np.full(n, int(GCRule.KEEP), dtype=np.int8)
    note = np.full(n, -1, dtype=np.int8)
    open_ = np.ones(n, dtype=np.bool_)

    def decide(mask: npt.NDArray[np.bool_], r: GCRule) -> None:
        rule[mask] = int(r)
        open_[mask] = False

    def block(mask: npt.NDArray[np.bool_], r: GCRule) -> None:
        note[mask & (note < 0)] = int(r)

    decide(~live & ~archived, GCRule.KEEP_OUT_OF_SCOPE)
    to_delete = archived & (total <= cfg.delete_threshold)
    decide(to_delete, GCRule.DELETE if cfg.auto_delete else GCRule.DELETE_DISABLED)
    decide(archived & open_, GCRule.KEEP_ARCHIVED)

    demote = open_ & (idle > limit_h) & (total <= cfg.demote_threshold)
    into_archive = _DOWN[tier] == _NO_TIER
    high = cols.importance >= cfg.high_importance
    block(demote & pinned, GCRule.KEEP_PINNED)
    block(demote & high, GCRule.KEEP_HIGH_IMPORTANCE)
    block(demote & into_archive & cols.critical, GCRule.KEEP_CRITICAL)
    decide(demote & ~pinned & ~high & ~(into_archive & cols.critical), GCRule.DEMOTE_IDLE)

    promote = open_ & (total >= cfg.promote_threshold)
    has_up = _UP[tier] != _NO_TIER
    decide(promote & has_up, GCRule.PROMOTE)
    decide(promote & ~has_up, GCRule.KEEP_TOP_TIER)

    archive = open_ & (total <= cfg.archive_threshold)
    block(archive & pinned, GCRule.KEEP_PINNED)
    block(archive & cols.critical, GCRule.KEEP_CRITICAL)
    decide(archive & ~pinned & ~cols.critical, GCRule.ARCHIVE)

    kept = open_ & (note >= 0)
    rule[kept] = note[kept]

    to_tier = tier.copy()
    to_state = state.copy()
    is_demote = rule == GCRule.DEMOTE_IDLE
    to_tier[is_demote & ~into_archive] = _DOWN[tier][is_demote & ~into_archive]
    to_state[(is_demote & into_archive) | (rule == GCRule.ARCHIVE)] = _ARCHIVED
    is_promote = rule == GCRule.PROMOTE
    to_tier[is_promote] = _UP[tier][is_promote]
    to_state[rule == GCRule.DELETE] = _DELETED
    to_state[rule == GCRule.DELETE_DISABLED] = _DELETED
    leaves_live = live & (to_state == _ARCHIVED)
    token_delta = np.where(leaves_live, -cols.token_count, 0).astype(np.int64)
    return _Decisions(cols, ts, external, total, idle, rule, to_tier, to_state, token_delta, cfg)


def _tier_tokens(d: _Decisions, cfg: GCSettings) -> tuple[TierTokens, ...]:
    c = d.cols
    live_before = (c.state == _ACTIVE) | (c.state == _PINNED)
    live_after = live_before & (d.to_state != _ARCHIVED) & (d.to_state != _DELETED)
    before = np.bincount(c.tier[live_before], weights=c.token_count[live_before], minlength=len(TIERS))
    after = np.bincount(d.to_tier[live_after], weights=c.token_count[live_after], minlength=len(TIERS))
    return tuple(TierTokens(t, int(before[i]), int(after[i]), cfg.limit(t).max_tokens) for i, t in enumerate(TIERS))


def _reason(d: _Decisions, i: int, rule: GCRule, cfg: GCSettings) -> str:
    c = d.cols
    s = float(d.total[i])
    tier = TIERS[c.tier[i]]
    idle = float(d.idle_hours[i])
    limit = cfg.limit(tier).max_idle.total_seconds() / 3600.0
    where = f"{tier.value} -> {TIERS[d.to_tier[i]].value}"
    if rule is GCRule.DEMOTE_IDLE:
        dest = "archived" if STATES[d.to_state[i]] is MemoryState.ARCHIVED else TIERS[d.to_tier[i]].value
        return (f"idle {idle:.1f} h > {limit:g} h {tier.value} limit and score {s:.3f} <= "
                f"{cfg.demote_threshold:g}: demote {tier.value} -> {dest}")
    if rule is GCRule.PROMOTE:
        return f"score {s:.3f} >= {cfg.promote_threshold:g}: promote {where}"
    if rule is GCRule.ARCHIVE:
        return f"score {s:.3f} <= {cfg.archive_threshold:g}: archive"
    if rule is GCRule.DELETE:
        return f"archived and score {s:.3f} <= {cfg.delete_threshold:g}: delete (auto-delete is on)"
    if rule is GCRule.DELETE_DISABLED:
        return (f"archived and score {s:.3f} <= {cfg.delete_threshold:g}: would delete, but auto-delete is "
                f"off; listed only")
    if rule is GCRule.KEEP_ARCHIVED:
        return f"archived; score {s:.3f} > {cfg.delete_threshold:g}: stays archived"
    if rule is GCRule.KEEP_OUT_OF_SCOPE:
        return f"state {STATES[c.state[i]].value}: outside GC"
    if rule is GCRule.KEEP_PINNED:
        return f"pinned: never demoted or archived by GC (idle {idle:.1f} h, score {s:.3f})"
    if rule is GCRule.KEEP_HIGH_IMPORTANCE:
        return (f"importance {c.importance[i]:.2f} >= {cfg.high_importance:g}: not demoted for age alone "
                f"(idle {idle:.1f} h > {limit:g} h, score {s:.3f})")
    if rule is GCRule.KEEP_CRITICAL:
        return f"critical: never archived automatically (idle {idle:.1f} h, score {s:.3f})"
    if rule is GCRule.KEEP_TOP_TIER:
        return f"score {s:.3f} >= {cfg.promote_threshold:g} but no tier above {tier.value}: keep"
    return (f"score {s:.3f}, idle {idle:.1f} h of {limit:g} h: no rule fires (demote needs idle past the limit and "
            f"score <= {cfg.demote_threshold:g}; promote >= {cfg.promote_threshold:g}; "
            f"archive <= {cfg.archive_threshold:g})")
