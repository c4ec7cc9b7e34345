"""The write path applied to the store (SPEC 7): conversation turns -> session events -> extraction
-> plan (merge / supersede / extend) -> one transaction -> evolution, with a write-decision trace.
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from sqlalchemy import insert

from ..model import Actor, EventKind, LinkKind, Memory, MemoryState, MemoryType, Namespace
from ..runtime import Runtime
from ..store import events as event_repo
from ..store import links as link_repo
from ..store import memories as repo
from ..store import schema
from ..store import traces as trace_repo
from ..store.ids import new_id
from ..write import NewRef, Turn, extract, plan_write, redact
from ..write.carry import due_of
from . import decisions
from .inputs import MemoryInput
from .memories import add_many

EXISTING_LIMIT = 5000  # memories compared with each write (most recent live ones)
EVOLVE_RANGE = (0.80, 0.85)  # A-MEM: related but not duplicate
EVOLVE_MIN_CHARS = 30


@dataclass
class WriteReport:
    """What one extraction did: memories created, merged, superseded, extended; why; and the trace."""

    created: list[Memory] = field(default_factory=list)
    merged: list[dict[str, Any]] = field(default_factory=list)
    superseded: list[dict[str, Any]] = field(default_factory=list)
    extended: list[dict[str, Any]] = field(default_factory=list)
    protected: list[dict[str, Any]] = field(default_factory=list)
    dropped: list[dict[str, Any]] = field(default_factory=list)
    evolved: list[dict[str, Any]] = field(default_factory=list)
    updates: list[dict[str, Any]] = field(default_factory=list)
    rejected: list[dict[str, Any]] = field(default_factory=list)
    provider: dict[str, Any] = field(default_factory=dict)
    trace_id: str | None = None
    session_id: str | None = None

    def to_dict(self) -> dict[str, Any]:
        return {"created": [m.to_dict() for m in self.created], "merged": self.merged,
                "superseded": self.superseded, "extended": self.extended, "protected": self.protected,
                "dropped": self.dropped, "evolved": self.evolved, "updates": self.updates, "rejected": self.rejected,
                "provider": self.provider, "trace_id": self.trace_id, "session_id": self.session_id}


def _existing(rt: Runtime, ns: Namespace) -> list[Memory]:
    with rt.db.read() as conn:
        items, _ = repo.page(conn, ns, repo.MemoryFilter(states=(MemoryState.ACTIVE, MemoryState.PINNED)),
                             limit=EXISTING_LIMIT, offset=0, sort="updated_at", descending=True)
    return items


def _store_turns(rt: Runtime, ns: Namespace, turns: Sequence[Turn], session_id: str) -> list[Turn]:
    """Keep the (redacted) turns as session events; returns turns with ids."""
    S = schema.session_events
    now = rt.now()
    with rt.db.read() as conn:
        from sqlalchemy import func, select

        start = conn.execute(select(func.count()).select_from(S).where(
            S.c.user_id == ns.user_id, S.c.project_id == ns.project_id, S.c.session_id == session_id)).scalar_one()
    stored: list[Turn] = []
    rows = []
    for i, turn in enumerate(turns):
        clean = redact(turn.text).text
        turn_id = turn.id or new_id()
        rows.append({"id": turn_id, "user_id": ns.user_id, "project_id": ns.project_id, "session_id": session_id,
                     "episode_id": None, "turn_index": start + i, "role": turn.role.lower(), "content": clean,
                     "at": (turn.at or now).timestamp(), "metadata": {}})
        stored.append(Turn(turn.role, clean, turn_id, turn.at or now))
    with rt.db.begin() as conn:
        conn.execute(insert(S), rows)
    return stored


def write_turns(rt: Runtime, ns: Namespace, turns: Sequence[Turn], *, session_id: str | None = None,
                keep_turns: bool = True) -> WriteReport:
    """Extract memories from conversation turns and apply the plan (see module docstring)."""
    started = time.perf_counter()
    session = session_id or new_id()
    stored = _store_turns(rt, ns, turns, session) if keep_turns else [
        Turn(t.role, redact(t.text).text, t.id or new_id(), t.at) for t in turns]
    existing = _existing(rt, ns)
    extraction = extract(stored, now=rt.now(), provider=rt.provider, existing=existing)
    return apply_extraction(rt, ns, stored, existing, extraction, session, started)


def apply_extraction(rt: Runtime, ns: Namespace, stored: Sequence[Turn], existing: list[Memory], extraction: Any,
                     session: str, started: float) -> WriteReport:
    """Plan the extracted candidates against the namespace and apply the plan (creates, merges,
    supersessions, extensions, ownership-checked model requests), then evolve and trace."""
    now = rt.now()
    plan = plan_write(extraction.candidates, existing, now=now, provider=rt.provider)
    report = WriteReport(session_id=session)
    info = extraction.info
    report.provider = {"task": info.task, "ran": info.ran, "attempted": info.attempted, "fell_back": info.fell_back,
                       "reason": info.reason, "error_kind": info.error_kind} if info else {"ran": "rules"}

    # 1. creates (one transaction with their events)
    actor = Actor.LLM if info and info.ran not in ("rules", "") and not info.fell_back else Actor.ENGINE
    inputs = []
    for action in plan.creates:
        fields = action.candidate.memory_fields()
        inputs.append(MemoryInput(**{**fields, "session_id": session, "created_at": None}))
    created = add_many(rt, ns, inputs, actor=actor, reason="extracted from conversation", check_secrets=False) \
        if inputs else []
    ids: dict[NewRef, str] = {a.ref: m.id for a, m in zip(plan.creates, created, strict=True)}
    report.created = created

    def resolve(ref: Any) -> str:
        return ids.get(ref, str(ref)) if isinstance(ref, NewRef) else ref

    if extraction.emphasis_on_previous and not created:
        previous = sorted(existing, key=lambda m: m.created_at or now)[-1:] if existing else []
        for memory in previous:
            decisions.apply(rt, ns, decisions.Decision(EventKind.EDITED, "the user stressed it: \"this is critical\"",
                                                       memory.id, {memory.id: {"is_critical": True, "type": MemoryType.CRITICAL}},
                                                       actor=actor))

    # 2. merges, supersessions, extensions (one transaction)
    batch: list[decisions.Decision] = []
    by_id = {m.id: m for m in existing} | {m.id: m for m in created}
    for merge in plan.merges:
        target = by_id[resolve(merge.target)]
        batch.append(decisions.Decision(
            EventKind.MERGED, merge.reason, target.id,
            {target.id: {"usage_count": target.usage_count + merge.usage_delta,
                         "confidence": merge.new_confidence(target.confidence)}},
            actor=actor, details={"candidate": merge.candidate.content, "similarity": merge.similarity,
                                  "method": str(merge.method)}))
        report.merged.append({"into": target.id, "similarity": merge.similarity, "reason": merge.reason})
    narrowed: list[str] = []
    for action in plan.supersessions:
        old_id, new_id_ = resolve(action.old), resolve(action.new)
        new = by_id[new_id_]
        reason = f"{action.verdict.reason} (decided by {action.verdict.decided_by})"
        if action.kept is None:
            batch.append(decisions.supersede(old_id, new_id_, new.valid_from, reason, actor=actor))
        elif action.carried is not None:
            old = by_id[old_id]
            due = due_of(action.kept, now) if old.type is MemoryType.DEADLINE and old.expires_at else None
            batch.append(decisions.narrow(
                old_id, new_id_, action.kept, f"carried over: {reason}; {action.carried.before} -> "
                f"{action.carried.after}, and the user said the rest holds", actor=actor, expires_at=due))
            narrowed.append(old_id)
        else:
            batch.append(decisions.narrow(old_id, new_id_, action.kept, f"partly superseded: {reason}; it keeps "
                                          f"what the new memory does not replace", actor=actor))
            narrowed.append(old_id)
        report.superseded.append({"old": old_id, "new": new_id_, "reason": action.verdict.reason,
                                  "decided_by": action.verdict.decided_by, "kept": action.kept})
    for action in plan.extensions:
        target_id, new_ref = resolve(action.target), resolve(action.new)
        target = by_id[target_id]
        changes: dict[str, Any] = {}
        if action.add_tags:
            changes["tags"] = list(dict.fromkeys([*target.tags, *action.add_tags]))
        if action.add_entities:
            changes["entities"] = list(dict.fromkeys([*target.entities, *action.add_entities]))
        batch.append(decisions.Decision(EventKind.EXTENDED, action.verdict.reason, target_id,
                                        {target_id: changes}, actor=actor,
                                        add_links=[(new_ref, target_id, LinkKind.EXTENDS, 1.0)]))
        report.extended.append({"target": target_id, "new": new_ref, "reason": action.verdict.reason})
    for request in extraction.updates:
        change = {k: v for k, v in (("content", request.content), ("type", request.type),
                                    ("importance", request.importance)) if v is not None}
        if change:
            batch.append(decisions.Decision(EventKind.EDITED, f"model-requested update: {request.reason}",
                                            request.id, {request.id: change}, actor=Actor.LLM))
            report.updates.append({"id": request.id, "changes": list(change), "reason": request.reason})
    for request in extraction.forgets:
        batch.append(decisions.Decision(EventKind.ARCHIVED, f"model-requested forget: {request.reason}",
                                        request.id, {request.id: {"state": MemoryState.ARCHIVED}}, actor=Actor.LLM))
        report.updates.append({"id": request.id, "forget": True, "reason": request.reason})
    if batch:
        decisions.apply_many(rt, ns, batch)
    rewritten = [u["id"] for u in report.updates if "content" in u.get("changes", [])]
    decisions.reembed_rewritten(rt, ns, list(dict.fromkeys([*rewritten, *narrowed])))
    report.protected = [{"new": resolve(v.new), "old": resolve(v.old), "reason": v.reason} for v in plan.protected]
    report.dropped = [{"content": d.candidate.content[:200], "reason": str(d.reason), "detail": d.detail}
                      for d in [*extraction.dropped, *plan.dropped]]
    report.rejected = [{"id": r.id, "action": str(r.action), "reason": r.reason} for r in extraction.rejected]
    report.evolved = evolve(rt, ns, created)
    report.trace_id = _write_trace(rt, ns, stored, plan, report, extraction, resolve,
                                   (time.perf_counter() - started) * 1000)
    return report


def evolve(rt: Runtime, ns: Namespace, created: Sequence[Memory]) -> list[dict[str, Any]]:
    """A-MEM evolution: for each new memory (>= 30 chars), the top 3 existing memories with similarity
    in [0.80, 0.85) get access + 1, a strengthened semantic link and a summary_ref to it."""
    if not created:
        return []
    low, high = EVOLVE_RANGE
    key = (ns.user_id, ns.project_id)
    new_ids = {m.id for m in created}
    out: list[dict[str, Any]] = []
    with rt.db.read() as conn:
        pk_of = {m.id: repo.pk_of(conn, m.id) for m in created}
    for memory in created:
        if len(memory.content) < EVOLVE_MIN_CHARS:
            continue
        vector = rt.index.get(pk_of[memory.id]) if pk_of[memory.id] is not None else None
        if vector is None:
            continue
        pks, scores = rt.index.search(vector, 12, key)
        with rt.db.read() as conn:
            hits = repo.get_by_pks(conn, [int(p) for p in pks])
        related = [(hits[int(p)], float(s)) for p, s in zip(pks, scores, strict=True)
                   if int(p) in hits and hits[int(p)].id not in new_ids and low <= float(s) < high][:3]
        for other, similarity in related:
            now = rt.now()
            with rt.db.begin() as conn:
                repo.update_fields(conn, ns, other.id, {
                    "access_count": other.access_count + 1, "last_accessed_at": now,
                    "metadata": {**other.metadata, "summary_ref": memory.id}})
                link = link_repo.upsert(conn, ns, memory.id, other.id, LinkKind.SEMANTIC, now, similarity / 10,
                                        add_weight=True)
                event_repo.record(conn, ns, EventKind.EVOLVED, Actor.ENGINE, now, memory_id=other.id,
                                  reason=f"related new memory {memory.id} (similarity {similarity:.2f} in "
                                         f"[{low}, {high})): access + 1, semantic link {link.weight:.2f}",
                                  after={"related": memory.id, "similarity": similarity, "link_weight": link.weight})
            out.append({"memory": other.id, "related": memory.id, "similarity": round(similarity, 4)})
    return out


def _write_trace(rt: Runtime, ns: Namespace, turns: Sequence[Turn], plan: Any, report: WriteReport,
                 extraction: Any, resolve: Any, latency_ms: float) -> str:
    verdicts = [{"new": resolve(v.new), "old": resolve(v.old), "verdict": v.relation.value, "reason": v.reason, "decided_by": v.decided_by,
                 "group": v.group, "protected": v.protected} for v in plan.verdicts]
    created = [{"memory_id": m.id, "type": m.type.value, "content": m.content, "rule": m.metadata.get("rule"),
                "source_turns": m.source_ref, "expires_at": m.expires_at.isoformat() if m.expires_at else None}
               for m in report.created]
    payload = {"turns": [{"id": t.id, "role": t.role, "text": t.text[:500]} for t in turns],
               "provider": report.provider, "summary": plan.summary(), "created": created,
               "decisions": [*[{"verdict": "merged", **m} for m in report.merged],
                             *[{"verdict": "contradictory", **s} for s in report.superseded],
                             *[{"verdict": "extendable", **e} for e in report.extended],
                             *[{"verdict": "protected", **p} for p in report.protected]],
               "verdicts": verdicts, "dropped": report.dropped, "rejected": report.rejected,
               "evolved": report.evolved, "latency_ms": {"total": round(latency_ms, 3)}}
    memory_ids = [m.id for m in report.created] + [m["into"] for m in report.merged] + \
        [s["old"] for s in report.superseded]
    with rt.db.begin() as conn:
        return trace_repo.save(conn, ns, "write", " / ".join(t.text[:60] for t in turns)[:500], rt.now(), payload,
                               latency_ms=latency_ms, memory_ids=memory_ids)

