"""Applying lifecycle plans to the store: each planned Change becomes one undoable decision event.

The planners in ``memcore.lifecycle`` never touch storage; this module selects the rows they
need (with SQL doing the coarse filtering so large namespaces stay fast) and applies their plans
in one transaction.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import timedelta
from typing import Any

from sqlalchemy import and_, or_

from ..lifecycle.plan import Change
from ..lifecycle.sweep import SweepPlan, SweepSettings, plan_sweep
from ..model import Actor, Event, MemoryState, Namespace
from ..runtime import Runtime
from ..store import memories as repo
from ..store import schema
from . import decisions


def to_decision(change: Change, actor: Actor = Actor.ENGINE, trace_id: str | None = None) -> decisions.Decision:
    return decisions.Decision(
        kind=change.kind, reason=change.reason, primary_id=change.memory_id,
        changes={change.memory_id: dict(change.after)}, actor=actor,
        add_links=[(lk.source_id, lk.target_id, lk.kind, lk.weight) for lk in change.links], trace_id=trace_id)


def apply_changes(rt: Runtime, ns: Namespace, changes: Iterable[Change], *, actor: Actor = Actor.ENGINE,
                  trace_id: str | None = None) -> list[Event]:
    """Apply planned changes in one transaction (hard deletes, only planned on opt-in, go through purge)."""
    changes = list(changes)
    updates = [c for c in changes if not c.hard_delete]
    events = decisions.apply_many(rt, ns, [to_decision(c, actor, trace_id) for c in updates]) if updates else []
    for change in changes:
        if change.hard_delete:
            from .purge import purge_memory

            events.append(purge_memory(rt, ns, change.memory_id, f"auto-delete (user opted in): {change.reason}"))
    return events


@dataclass
class SweepReport:
    plan: SweepPlan
    events: list[Event]
    applied: bool

    def to_dict(self) -> dict[str, Any]:
        return {"applied": self.applied, "summary": self.plan.summary,
                "expired": [c.to_dict() for c in self.plan.expire],
                "archived": [c.to_dict() for c in self.plan.archive],
                "skipped": [{"memory_id": s.memory_id, "reason": s.reason} for s in self.plan.skipped],
                "events": [e.id for e in self.events]}


def sweep(rt: Runtime, ns: Namespace, *, apply: bool = True, settings: SweepSettings | None = None) -> SweepReport:
    """The forgetting sweep (M6): expire what is past expires_at, archive idle unimportant memories."""
    cfg = settings or SweepSettings()
    now = rt.now()
    T = schema.memories
    live = T.c.state.in_([MemoryState.ACTIVE.value, MemoryState.PINNED.value])
    due = and_(T.c.expires_at.is_not(None), T.c.expires_at <= now.timestamp())
    idle = and_(T.c.state == MemoryState.ACTIVE.value, T.c.usage_count <= cfg.max_usage,
                T.c.importance < cfg.max_importance,
                T.c.created_at < (now - timedelta(days=cfg.idle_days)).timestamp())
    with rt.db.read() as conn:
        rows = repo.select_all(conn, ns, repo.MemoryFilter(extra=(live, or_(due, idle))))
    plan = plan_sweep(rows, now, cfg)
    if not apply:
        return SweepReport(plan, [], False)
    events = apply_changes(rt, ns, plan.changes())
    return SweepReport(plan, events, True)


def changes_of(plan_lists: Sequence[Sequence[Change]]) -> list[Change]:
    return [c for group in plan_lists for c in group]
