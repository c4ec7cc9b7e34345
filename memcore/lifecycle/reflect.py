"""Reflection (SPEC 8.4, M8): a deterministic consolidation pass over live memories.

Steps, planned in this order and meant to be applied in this order:

1. Merge near-duplicates of the same type (per user/project): ``SequenceMatcher`` ratio >= 0.82
   between normalised texts, found by :mod:`.neardup` (blocked, never all pairs). Memories are
   taken strongest first (pinned/critical, then importance, usage, confidence, age, id); a
   memory joins the first stronger survivor it matches. The survivor gets importance + 0.05
   and the duplicates' usage added; duplicates are archived with a ``merged_into`` link.
   Pinned and critical memories are never archived, so they only ever survive.
2. Promote memories with usage_count >= 2: importance + 0.1, capped at 0.95. The usage level is
   stored as ``metadata["promoted_at_usage"]``, and a memory is promoted again only once its
   usage has grown past that level: a rerun never promotes twice for the same usage, while
   continued use still counts. Merged survivors are judged on their summed usage.
3. A type with >= 3 live memories gets one count summary (type note, tier semantic, source
   consolidated, tag ``consolidation-summary``, ``metadata["source_ids"]``). An existing live
   summary with the same type and the same source ids means nothing to do; a different source
   set plans a replacement that supersedes the old one; a type that fell below 3 retires its
   summary (archived).

Live means state active or pinned. A second run over the applied result plans nothing.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from enum import StrEnum
from typing import Any

from ..errors import InvalidInput
from ..model import EventKind, LinkKind, Memory, MemoryState, MemoryType, Source, Tier
from .neardup import greedy_clusters
from .plan import Change, PlannedLink, epoch

SUMMARY_TAG = "consolidation-summary"
PROMOTED_AT_USAGE = "promoted_at_usage"
MERGED_FROM = "merged_from"


@dataclass(frozen=True, slots=True)
class ReflectSettings:
    """Thresholds of the reflection pass."""

    merge_threshold: float = field(default=0.82, metadata={"help": "SequenceMatcher ratio to merge"})
    merge_importance_boost: float = field(default=0.05, metadata={"help": "survivor importance + this"})
    promote_min_usage: int = field(default=2, metadata={"help": "promote at this usage_count or more"})
    promote_boost: float = field(default=0.1, metadata={"help": "importance + this on promotion"})
    promote_cap: float = field(default=0.95, metadata={"help": "promotion never lifts importance above this"})
    summary_min_count: int = field(default=3, metadata={"help": "live memories of a type needed for a summary"})
    summary_preview: int = field(default=5, metadata={"help": "memories quoted in a summary"})

    def __post_init__(self) -> None:
        if not 0.0 < self.merge_threshold <= 1.0:
            raise InvalidInput("merge_threshold", f"{self.merge_threshold!r} must be in (0, 1]")
        if not 0.0 <= self.promote_cap <= 1.0:
            raise InvalidInput("promote_cap", f"{self.promote_cap!r} is outside [0, 1]")
        if self.promote_min_usage < 1:
            raise InvalidInput("promote_min_usage", f"{self.promote_min_usage!r} must be >= 1")
        if self.summary_min_count < 1:
            raise InvalidInput("summary_min_count", f"{self.summary_min_count!r} must be >= 1")


class StepKind(StrEnum):
    """What a reflection step does."""

    MERGE = "merge"
    ARCHIVE_DUPLICATE = "archive_duplicate"
    PROMOTE = "promote"
    CREATE_SUMMARY = "create_summary"
    RETIRE_SUMMARY = "retire_summary"


@dataclass(frozen=True, slots=True)
class SummarySpec:
    """A count summary to create. The applier picks the id, then writes :meth:`build`,
    :meth:`links` and :meth:`supersede_changes` in one transaction."""

    user_id: str
    project_id: str
    of_type: MemoryType
    source_ids: tuple[str, ...]
    content: str
    importance: float
    supersedes: tuple[str, ...] = ()

    def build(self, memory_id: str, now: datetime) -> Memory:
        """The summary memory record."""
        return Memory(
            id=memory_id, user_id=self.user_id, project_id=self.project_id, content=self.content,
            type=MemoryType.NOTE, tier=Tier.SEMANTIC, state=MemoryState.ACTIVE, importance=self.importance,
            tags=[SUMMARY_TAG, self.of_type.value], source=Source.CONSOLIDATED, source_ref=list(self.source_ids),
            metadata={"summary_of_type": self.of_type.value, "source_ids": list(self.source_ids),
                      "source_count": len(self.source_ids)},
            supersedes=self.supersedes[0] if self.supersedes else None,
            created_at=now, updated_at=now, valid_from=now,
        )

    def links(self, memory_id: str) -> list[PlannedLink]:
        """summary_of links to every source, supersedes links to replaced summaries."""
        out = [PlannedLink(memory_id, sid, LinkKind.SUMMARY_OF) for sid in self.source_ids]
        out.extend(PlannedLink(memory_id, old, LinkKind.SUPERSEDES) for old in self.supersedes)
        return out

    def supersede_changes(self, memory_id: str, now: datetime) -> list[Change]:
        """The replaced summaries, marked superseded by the new one."""
        return [Change(old, EventKind.SUPERSEDED, f"{self.of_type.value} summary replaced by {memory_id}: "
                                                  f"its source set changed",
                       before={"state": MemoryState.ACTIVE, "superseded_by": None, "valid_until": None},
                       after={"state": MemoryState.SUPERSEDED, "superseded_by": memory_id, "valid_until": now})
                for old in self.supersedes]


@dataclass(frozen=True, slots=True)
class ReflectStep:
    """One action: an update of existing memories (``change``) or a new summary (``summary``)."""

    kind: StepKind
    memory_ids: tuple[str, ...]
    reason: str
    change: Change | None = None
    summary: SummarySpec | None = None


@dataclass(frozen=True, slots=True)
class ReflectionPlan:
    """Every step of one reflection pass, in application order."""

    now: datetime
    steps: list[ReflectStep]
    considered: int

    def changes(self) -> Iterator[Change]:
        """Updates of existing memories (merges, archived duplicates, promotions, retirements)."""
        for step in self.steps:
            if step.change is not None:
                yield step.change

    def summaries(self) -> Iterator[SummarySpec]:
        """The summaries to create."""
        for step in self.steps:
            if step.summary is not None:
                yield step.summary

    def count(self, kind: StepKind) -> int:
        """How many steps of ``kind``."""
        return sum(1 for s in self.steps if s.kind is kind)

    @property
    def is_empty(self) -> bool:
        """True when the pass has nothing to do."""
        return not self.steps

    @property
    def summary(self) -> str:
        """One line of counts."""
        counts = ", ".join(f"{n} {k}" for k, n in self.report().counts.items() if n) or "nothing to do"
        return f"reflection over {self.considered} live memories: {counts}"

    def report(self) -> ReflectionReport:
        """The report listing every action."""
        return ReflectionReport(now=self.now, considered=self.considered,
                                counts={k.value: self.count(k) for k in StepKind},
                                lines=[(s.kind, s.memory_ids, s.reason) for s in self.steps])


@dataclass(frozen=True, slots=True)
class ReflectionReport:
    """What a reflection pass did or would do: counts plus one line per action."""

    now: datetime
    considered: int
    counts: dict[str, int]
    lines: list[tuple[StepKind, tuple[str, ...], str]]

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready report."""
        return {"now": self.now.isoformat(), "considered": self.considered, "counts": dict(self.counts),
                "actions": [{"kind": k.value, "memory_ids": list(ids), "reason": r} for k, ids, r in self.lines]}

    def to_markdown(self) -> str:
        """The report as a markdown table, one row per action."""
        counts = ", ".join(f"{n} {k.replace('_', ' ')}" for k, n in self.counts.items() if n) or "nothing to do"
        out = [f"# Reflection at {self.now.isoformat()}", "", f"{self.considered} live memories considered: {counts}.", ""]
        if self.lines:
            out += ["| action | memories | reason |", "|---|---|---|"]
            out += [f"| {k.value} | {', '.join(ids)} | {r.replace('|', '/')} |" for k, ids, r in self.lines]
        return "\n".join(out) + "\n"


def is_summary(memory: Memory) -> bool:
    """True for consolidation summaries made by reflection."""
    return SUMMARY_TAG in memory.tags


def plan_reflection(memories: Iterable[Memory], now: datetime, settings: ReflectSettings | None = None) -> ReflectionPlan:
    """Plan one reflection pass over ``memories`` (any states; only live ones are touched).

    Pass every memory of the namespace, archived ones included: their texts only weigh in on
    near-duplicate blocking, and a stable population keeps reruns idempotent.

    Reads: id, user_id, project_id, type, state, content, tags, metadata, importance,
    usage_count, confidence, is_critical, created_at.
    """
    cfg = settings or ReflectSettings()
    everything = list(memories)
    live = [m for m in everything if m.state in (MemoryState.ACTIVE, MemoryState.PINNED)]
    notes = [m for m in live if not is_summary(m)]
    context: dict[tuple[str, str, MemoryType], list[str]] = {}
    for m in everything:
        if m.state not in (MemoryState.ACTIVE, MemoryState.PINNED) and not is_summary(m):
            context.setdefault((m.user_id, m.project_id, m.type), []).append(m.content)
    view = {m.id: _View(m.importance, m.usage_count, dict(m.metadata)) for m in notes}
    steps: list[ReflectStep] = []
    archived: set[str] = set()

    groups: dict[tuple[str, str, MemoryType], list[Memory]] = {}
    for m in notes:
        groups.setdefault((m.user_id, m.project_id, m.type), []).append(m)
    for key in sorted(groups, key=lambda k: (k[0], k[1], k[2].value)):
        steps += _merge_group(sorted(groups[key], key=_strength_key), context.get(key, []), view, archived, cfg)

    for m in sorted(notes, key=lambda m: m.id):
        if m.id not in archived:
            step = _promotion(m, view[m.id], cfg)
            if step is not None:
                steps.append(step)

    steps += _summary_steps(notes, [m for m in live if is_summary(m)], view, archived, cfg)
    return ReflectionPlan(now=now, steps=steps, considered=len(live))


@dataclass(slots=True)
class _View:
    importance: float
    usage_count: int
    metadata: dict[str, Any]


def _protected(m: Memory) -> bool:
    return m.pinned or m.critical


def _strength_key(m: Memory) -> tuple[Any, ...]:
    created = epoch(m.created_at)
    return (0 if _protected(m) else 1, -m.importance, -m.usage_count, -m.confidence,
            created if created is not None else float("inf"), m.id)


def _merge_group(ordered: Sequence[Memory], context: Sequence[str], view: dict[str, _View], archived: set[str],
                 cfg: ReflectSettings) -> list[ReflectStep]:
    if len(ordered) < 2:
        return []
    matches = greedy_clusters([m.content for m in ordered], [not _protected(m) for m in ordered],
                              cfg.merge_threshold, context=context)
    absorbed: dict[int, list[tuple[int, float]]] = {}
    for match in matches:
        absorbed.setdefault(match.survivor, []).append((match.item, match.ratio))
    steps: list[ReflectStep] = []
    for s_idx in sorted(absorbed):
        survivor = ordered[s_idx]
        dups = absorbed[s_idx]
        v = view[survivor.id]
        usage_before, imp_before, meta_before = v.usage_count, v.importance, dict(v.metadata)
        usages = [ordered[i].usage_count for i, _ in dups]
        v.usage_count = usage_before + sum(usages)
        v.importance = min(1.0, imp_before + cfg.merge_importance_boost)
        merged_ids = [ordered[i].id for i, _ in dups]
        v.metadata[MERGED_FROM] = sorted(set(v.metadata.get(MERGED_FROM, [])) | set(merged_ids))
        sims = ", ".join(f"{ordered[i].id} {r:.2f}" for i, r in dups)
        usage_sum = " + ".join(str(u) for u in [usage_before, *usages])
        reason = (f"absorbs {len(dups)} near-duplicate {survivor.type.value} memor{'y' if len(dups) == 1 else 'ies'} "
                  f"(similarity {sims} >= {cfg.merge_threshold:g}); importance {imp_before:.2f} -> "
                  f"{v.importance:.2f}; usage {usage_sum} = {v.usage_count}")
        steps.append(ReflectStep(StepKind.MERGE, (survivor.id, *merged_ids), reason, change=Change(
            survivor.id, EventKind.MERGED, reason,
            before={"importance": imp_before, "usage_count": usage_before, "metadata": meta_before},
            after={"importance": v.importance, "usage_count": v.usage_count, "metadata": dict(v.metadata)})))
        for i, ratio in dups:
            dup = ordered[i]
            archived.add(dup.id)
            why = (f"near-duplicate of {survivor.id} (similarity {ratio:.2f} >= {cfg.merge_threshold:g}, same type "
                   f"{dup.type.value}): merged into it and archived")
            steps.append(ReflectStep(StepKind.ARCHIVE_DUPLICATE, (dup.id, survivor.id), why, change=Change(
                dup.id, EventKind.ARCHIVED, why, before={"state": dup.state}, after={"state": MemoryState.ARCHIVED},
                links=(PlannedLink(dup.id, survivor.id, LinkKind.MERGED_INTO, round(ratio, 4)),))))
    return steps


def _promotion(m: Memory, v: _View, cfg: ReflectSettings) -> ReflectStep | None:
    level = v.metadata.get(PROMOTED_AT_USAGE)
    already = isinstance(level, int) and level >= v.usage_count
    if v.usage_count < cfg.promote_min_usage or already or v.importance >= cfg.promote_cap:
        return None
    new_importance = min(cfg.promote_cap, v.importance + cfg.promote_boost)
    meta_before = dict(v.metadata)
    v.metadata[PROMOTED_AT_USAGE] = v.usage_count
    since = f" (last promoted at usage {level})" if isinstance(level, int) else ""
    reason = (f"used {v.usage_count} times >= {cfg.promote_min_usage}{since}: importance {v.importance:.2f} -> "
              f"{new_importance:.2f} (cap {cfg.promote_cap:g})")
    change = Change(m.id, EventKind.PROMOTED, reason,
                    before={"importance": v.importance, "metadata": meta_before},
                    after={"importance": new_importance, "metadata": dict(v.metadata)})
    v.importance = new_importance
    return ReflectStep(StepKind.PROMOTE, (m.id,), reason, change=change)


def _summary_steps(notes: Sequence[Memory], summaries: Sequence[Memory], view: dict[str, _View],
                   archived: set[str], cfg: ReflectSettings) -> list[ReflectStep]:
    sources: dict[tuple[str, str, MemoryType], list[Memory]] = {}
    for m in notes:
        if m.id not in archived:
            sources.setdefault((m.user_id, m.project_id, m.type), []).append(m)
    existing: dict[tuple[str, str, MemoryType], list[Memory]] = {}
    for s in summaries:
        of_type = _summary_type(s)
        if of_type is not None:
            existing.setdefault((s.user_id, s.project_id, of_type), []).append(s)
    steps: list[ReflectStep] = []
    for key in sorted(set(sources) | set(existing), key=lambda k: (k[0], k[1], k[2].value)):
        members = sources.get(key, [])
        olds = sorted(existing.get(key, []), key=lambda s: (epoch(s.created_at) or 0.0, s.id))
        ids = tuple(sorted(m.id for m in members))
        of_type = key[2]
        if len(members) < cfg.summary_min_count:
            for old in olds:
                why = (f"only {len(members)} live {of_type.value} memories (< {cfg.summary_min_count}): "
                       f"summary retired")
                steps.append(ReflectStep(StepKind.RETIRE_SUMMARY, (old.id,), why, change=Change(
                    old.id, EventKind.ARCHIVED, why, before={"state": old.state},
                    after={"state": MemoryState.ARCHIVED})))
            continue
        current = [s for s in olds if _summary_sources(s) == frozenset(ids)]
        if current:
            stale = [s for s in olds if s is not current[0]]
            for old in stale:
                why = f"duplicate {of_type.value} summary; {current[0].id} already covers the same sources"
                steps.append(ReflectStep(StepKind.RETIRE_SUMMARY, (old.id,), why, change=Change(
                    old.id, EventKind.ARCHIVED, why, before={"state": old.state},
                    after={"state": MemoryState.ARCHIVED})))
            continue
        spec = _summary_spec(key, members, view, tuple(s.id for s in olds), cfg)
        replaced = f"; supersedes {', '.join(spec.supersedes)} (sources changed)" if spec.supersedes else ""
        why = f"{len(members)} live {of_type.value} memories >= {cfg.summary_min_count}: count summary{replaced}"
        steps.append(ReflectStep(StepKind.CREATE_SUMMARY, ids, why, summary=spec))
    return steps


def _summary_spec(key: tuple[str, str, MemoryType], members: Sequence[Memory], view: dict[str, _View],
                  supersedes: tuple[str, ...], cfg: ReflectSettings) -> SummarySpec:
    user_id, project_id, of_type = key
    ranked = sorted(members, key=lambda m: (-view[m.id].importance, epoch(m.created_at) or 0.0, m.id))
    quoted = "; ".join(_snippet(m.content) for m in ranked[:cfg.summary_preview])
    more = f"; +{len(ranked) - cfg.summary_preview} more" if len(ranked) > cfg.summary_preview else ""
    content = f"{len(members)} active {of_type.value.replace('_', ' ')} memories: {quoted}{more}"
    importance = round(sum(view[m.id].importance for m in members) / len(members), 2)
    return SummarySpec(user_id, project_id, of_type, tuple(sorted(m.id for m in members)), content,
                       importance, supersedes)


def _snippet(text: str, limit: int = 60) -> str:
    line = " ".join(text.split())
    return line if len(line) <= limit else line[:limit - 3].rstrip() + "..."


def _summary_type(s: Memory) -> MemoryType | None:
    value = s.metadata.get("summary_of_type")
    try:
        return MemoryType(value) if value is not None else None
    except ValueError:
        return None


def _summary_sources(s: Memory) -> frozenset[str]:
    ids = s.metadata.get("source_ids")
    return frozenset(ids if isinstance(ids, list) else s.source_ref)
