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

from sqlalchemy import and_, or_, text

from ..lifecycle.plan import Change
from ..lifecycle.sweep import SweepPlan, SweepSettings, plan_sweep
from ..model import Actor, Event, EventKind, MemoryState, Namespace
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



# -- decay ---------------------------------------------------------------------------------------

@dataclass
class DecayReport:
    memories: int
    updated: int
    curve: str
    seconds: float
    mean_strength: float

    @property
    def summary(self) -> str:
        return (f"decay ({self.curve}): {self.memories} memories, {self.updated} strengths changed, "
                f"mean strength {self.mean_strength}")

    def to_dict(self) -> dict[str, Any]:
        return {**self.__dict__, "summary": self.summary}


def decay(rt: Runtime, ns: Namespace | None, settings: Any = None) -> DecayReport:
    """Recompute strength = importance x R(t, S) for every memory of ``ns`` (or of every namespace
    when ``ns`` is None) in one set-based pass; only rows whose strength moved are written.

    The database computes the curve itself (one UPDATE) where it has the math functions; otherwise
    the rows are read, computed with numpy and written back in bulk. Both give the curve of
    ``memcore.lifecycle.decay``."""
    import time

    from ..lifecycle.decay import DecaySettings

    cfg = settings or DecaySettings()
    started = time.perf_counter()
    curve = cfg.forgetting_curve
    params: dict[str, Any] = {"factor": curve.factor, "decay": curve.decay, "now": rt.now().timestamp(),
                              "min_change": cfg.min_change}
    where = ""
    if ns is not None:
        where = " AND user_id = :user AND project_id = :project"
        params.update(user=ns.user_id, project=ns.project_id)
    with rt.db.begin() as conn:
        if _has_math(conn):
            biggest = "max" if rt.db.dialect == "sqlite" else "GREATEST"
            anchor = f"{biggest}(COALESCE(last_accessed_at, 0), COALESCE(last_used_at, 0), created_at)"
            value = (f"importance * power(1 + :factor * {biggest}(:now - {anchor}, 0) / 86400.0 / "
                     f"{biggest}(stability, 0.001), -:decay)")
            updated = conn.execute(text(f"UPDATE memories SET strength = {value} "
                                        f"WHERE abs({value} - strength) >= :min_change{where}"), params).rowcount
        else:
            updated = _decay_in_python(rt, conn, ns, cfg)
        total, mean = conn.execute(text(f"SELECT count(*), avg(strength) FROM memories WHERE 1 = 1{where}"),
                                   params).one()
        seconds = round(time.perf_counter() - started, 3)
        if ns is not None:
            from ..store import events as event_repo

            event_repo.record(conn, ns, EventKind.JOB_RUN, Actor.ENGINE, rt.now(), reason=(
                f"decay ({cfg.curve}): strength recomputed for {total} memories, {updated} changed"),
                after={"job": "decay", "memories": total, "updated": updated, "seconds": seconds})
    return DecayReport(int(total), int(updated), cfg.curve, round(time.perf_counter() - started, 3),
                       round(float(mean or 0.0), 4))


def _has_math(conn: Any) -> bool:
    """Whether the database has power() (PostgreSQL always; SQLite when built with math functions)."""
    from sqlalchemy.exc import OperationalError

    try:
        with conn.begin_nested():
            conn.execute(text("SELECT power(2.0, 0.5)"))
        return True
    except OperationalError:
        return False


def _decay_in_python(rt: Runtime, conn: Any, ns: Namespace | None, cfg: Any) -> int:
    """The numpy path: read the columns, compute the curve, write back the rows that moved."""
    import numpy as np

    from ..lifecycle.decay import strength_array

    mark = "?" if rt.db.dialect == "sqlite" else "%s"
    where, args = "", ()
    if ns is not None:
        where, args = f" WHERE user_id = {mark} AND project_id = {mark}", (ns.user_id, ns.project_id)
    cursor = conn.connection.dbapi_connection.cursor()
    cursor.execute("SELECT pk, importance, stability, strength, COALESCE(last_accessed_at, 0), "
                   "COALESCE(last_used_at, 0), created_at FROM memories" + where, args)
    rows = cursor.fetchall()
    cursor.close()
    if not rows:
        return 0
    data = np.array(rows, dtype=np.float64)
    anchor = np.fmax(np.fmax(data[:, 4], data[:, 5]), data[:, 6])
    elapsed_days = np.maximum(rt.now().timestamp() - anchor, 0.0) / 86_400.0
    new = strength_array(data[:, 1], data[:, 2], elapsed_days, cfg.forgetting_curve)
    moved = np.flatnonzero(np.abs(new - data[:, 3]) >= cfg.min_change)
    params = list(zip(data[moved, 0].astype(np.int64).tolist(), new[moved].tolist(), strict=True))
    if params:
        conn.exec_driver_sql(f"UPDATE memories SET strength = {mark} WHERE pk = {mark}", [(s, p) for p, s in params])
    return len(params)


# -- GC ------------------------------------------------------------------------------------------

def gc_settings(rt: Runtime) -> Any:
    from ..lifecycle.gc import GCSettings

    return GCSettings(auto_delete=rt.settings.auto_delete_archived)


def gc_plan(rt: Runtime, ns: Namespace) -> Any:
    """The GC plan (the five lists with breakdown, reason and token delta). Changes nothing."""
    from ..lifecycle.gc import plan_gc
    from .columns import gc_columns

    with rt.db.read() as conn:
        columns = gc_columns(conn, ns)
    return plan_gc(columns, None, rt.now(), gc_settings(rt))


def gc(rt: Runtime, ns: Namespace) -> tuple[Any, list[Event]]:
    """Apply the GC plan; every tier move / archival (and opted-in deletion) is an undoable event."""
    plan = gc_plan(rt, ns)
    return plan, apply_changes(rt, ns, plan.changes())


# -- inspect -------------------------------------------------------------------------------------

@dataclass
class Inspection:
    memory: Any
    score: Any
    tiered: Any
    gc: Any
    strength: float
    retrievability: float
    lineage: list[str]

    def to_dict(self) -> dict[str, Any]:
        return {"memory": self.memory.to_dict(), "score": self.score.to_dict(), "tiered": self.tiered.to_dict(),
                "gc": self.gc.to_dict(), "gc_action": self.gc.action.value, "gc_reason": self.gc.reason,
                "predicted_tier": self.gc.to_tier.value, "predicted_state": self.gc.to_state.value,
                "strength": self.strength, "retrievability": self.retrievability, "lineage": self.lineage}


def inspect_memory(rt: Runtime, ns: Namespace, memory_id: str) -> Inspection:
    """A memory's score breakdown (no query), what GC would do and why, its tier after GC, lineage."""
    from ..lifecycle.decay import DecaySettings, recall_anchor
    from ..lifecycle.gc import predict
    from ..scoring import score
    from .views import history

    now = rt.now()
    h = history(rt, ns, memory_id)
    memory = h.memory
    if memory is None:
        from ..errors import NotFound

        raise NotFound("memory", memory_id)
    entry = predict(memory, now, gc_settings(rt))
    anchor = recall_anchor(memory) or now
    curve = DecaySettings().forgetting_curve
    r = curve.retrievability((now - anchor).total_seconds() / 86_400, memory.stability)
    return Inspection(memory, score(memory, None, now, rt.settings.scoring_policy), score(memory, None, now, "tiered"),
                      entry, memory.importance * r, r, h.lineage)


# -- reflection ----------------------------------------------------------------------------------

@dataclass
class ReflectOutcome:
    """The reflection report plus what was written: events and the new summary ids."""

    report: Any
    events: list[Event]
    summaries: list[str]

    def to_dict(self) -> dict[str, Any]:
        data = self.report.to_dict()
        kinds = {"merge": "merged", "archive_duplicate": "merged", "promote": "promoted", "create_summary": "summaries",
                 "retire_summary": "summaries"}
        grouped: dict[str, list[dict[str, Any]]] = {"merged": [], "promoted": [], "summaries": [], "other": []}
        for kind, ids, reason in self.report.lines:
            grouped[kinds.get(kind.value, "other")].append({"kind": kind.value, "memory_ids": list(ids),
                                                             "reason": reason})
        return {**data, **grouped, "summary_ids": self.summaries, "events": [e.id for e in self.events]}


def reflect(rt: Runtime, ns: Namespace, *, apply: bool = True, settings: Any = None) -> ReflectOutcome:
    """Merge near-duplicates, promote used memories, write count summaries (idempotent)."""
    from ..lifecycle.reflect import plan_reflection
    from ..store import events as event_repo
    from ..store import links as link_repo
    from ..store.ids import new_id
    from .embedding import embed_and_index, embed_rows

    with rt.db.read() as conn:
        memories = repo.select_all(conn, ns)
    now = rt.now()
    plan = plan_reflection(memories, now, settings)
    if not apply:
        return ReflectOutcome(plan.report(), [], [])
    events: list[Event] = []
    created: list[tuple[str, Any]] = []
    touched: list[str] = []
    with rt.db.begin() as conn:
        pending: list[decisions.Decision] = []
        for step in plan.steps:
            if step.change is not None:
                pending.append(to_decision(step.change))
                touched.append(step.change.memory_id)
            if step.summary is not None:
                events.extend(decisions.apply_batch(rt, ns, pending, conn))
                pending = []
                spec = step.summary
                summary = spec.build(new_id(), now)
                summary.token_count = rt.count_tokens(summary.content)
                vectors, model = embed_rows(rt, [summary.content])
                pk = repo.insert_many(conn, [summary], vectors, model)[0]
                created.append((summary.id, (pk, vectors)))
                for link in spec.links(summary.id):
                    link_repo.upsert(conn, ns, link.source_id, link.target_id, link.kind, now, link.weight)
                events.append(event_repo.record(conn, ns, EventKind.SUMMARIZED, Actor.ENGINE, now,
                                                memory_id=summary.id, reason=step.reason,
                                                after={"content": summary.content, "source_ids": list(spec.source_ids),
                                                       "supersedes": list(spec.supersedes)}))
                for change in spec.supersede_changes(summary.id, now):
                    events.append(decisions.apply(rt, ns, to_decision(change), conn))
                    touched.append(change.memory_id)
        events.extend(decisions.apply_batch(rt, ns, pending, conn))
    from ..index.sync import refresh

    for _memory_id, (pk, vectors) in created:
        embed_and_index(rt, ns, [pk], vectors)
    refresh(rt, touched)
    return ReflectOutcome(plan.report(), events, [c[0] for c in created])


# -- rating --------------------------------------------------------------------------------------

def feedback(rt: Runtime, ns: Namespace, trace_id: str | None, useful: Sequence[str] = (),
             not_useful: Sequence[str] = (), *, randomly_recalled: Sequence[str] = ()) -> list[Event]:
    """Rate memories from a trace: each verdict calibrates its rating (G1) and is stored as feedback."""
    from sqlalchemy import insert

    from ..errors import InvalidInput
    from ..lifecycle.rating import RatedItem, calibrate
    from ..store import traces as trace_repo

    verdicts = [(m, True) for m in useful] + [(m, False) for m in not_useful]
    if not verdicts:
        raise InvalidInput("feedback", "give at least one memory id as useful or not useful")
    both = set(useful) & set(not_useful)
    if both:
        raise InvalidInput("feedback", f"{sorted(both)} cannot be both useful and not useful")
    rt.flush()
    with rt.db.read() as conn:
        if trace_id is not None:
            trace = trace_repo.get(conn, ns, trace_id)
            known = set(trace.get("included", [])) | {c["memory_id"] for c in trace.get("candidates", [])}
            unknown = [m for m, _ in verdicts if m not in known]
            if unknown:
                raise InvalidInput("feedback", f"{unknown} were not candidates of trace {trace_id}")
        memories = {m: repo.get(conn, ns, m) for m, _ in verdicts}
    random_ids = set(randomly_recalled)
    changes = [calibrate(RatedItem.from_memory(memories[m]), ok, randomly_recalled=m in random_ids).change()
               for m, ok in verdicts]
    decisions_ = [to_decision(c, Actor.USER, trace_id) for c in changes]
    with rt.db.begin() as conn:
        events = [decisions.apply(rt, ns, d, conn) for d in decisions_]
        conn.execute(insert(schema.feedback), [{"user_id": ns.user_id, "project_id": ns.project_id,
                                                 "trace_id": trace_id, "memory_id": m, "useful": ok,
                                                 "at": rt.now().timestamp(), "actor": Actor.USER.value}
                                                for m, ok in verdicts])
    return events


def list_best(rt: Runtime, ns: Namespace, top_n: int = 5, random_m: int = 3, *, seed: int | None = None,
              remove: bool = False) -> Any:
    """The rating list cycle: top n by rating plus m random others; every memory ages one cycle.
    With ``remove``, memories past the removal rule are archived (with their reason)."""
    import random

    from sqlalchemy import update

    from ..lifecycle.rating import RatedItem
    from ..lifecycle.rating import list_best as plan_list
    from ..model.validation import positive_int

    top_n = positive_int(top_n, "top_n", minimum=0, maximum=1000)
    random_m = positive_int(random_m, "random_m", minimum=0, maximum=1000)
    with rt.db.read() as conn:
        live = repo.select_all(conn, ns, repo.MemoryFilter(states=(MemoryState.ACTIVE, MemoryState.PINNED)))
    best = plan_list([RatedItem.from_memory(m) for m in live], top_n, random_m, random.Random(seed))
    T = schema.memories
    with rt.db.begin() as conn:
        conn.execute(update(T).where(*repo.clauses(ns, repo.MemoryFilter(states=(MemoryState.ACTIVE,
                                                                                  MemoryState.PINNED))))
                     .values(age_cycles=T.c.age_cycles + 1))
    if remove and best.removable:
        by_id = {m.id: m for m in live}
        removable = [i for i in best.removable if not by_id[i].critical and not by_id[i].pinned]
        decisions.apply_many(rt, ns, [decisions.Decision(
            EventKind.ARCHIVED, "rating below the floor and no freshness left (removal rule)", i,
            {i: {"state": MemoryState.ARCHIVED}}) for i in removable])
    return best


# -- strategies, working memory ------------------------------------------------------------------

def run_strategy(rt: Runtime, ns: Namespace, name: str, *, apply: bool = False, **options: Any) -> Any:
    """HelloAgents strategies (H6): forget_by_importance / forget_by_age / forget_by_capacity /
    consolidate, with a dry run by default."""
    from ..errors import InvalidInput
    from ..lifecycle import strategies

    functions = {"forget_by_importance": strategies.forget_by_importance, "forget_by_age": strategies.forget_by_age,
                 "forget_by_capacity": strategies.forget_by_capacity, "consolidate": strategies.consolidate}
    if name not in functions:
        raise InvalidInput("strategy", f"{name!r} is not a strategy; use one of: {', '.join(functions)}")
    with rt.db.read() as conn:
        memories = repo.select_all(conn, ns, repo.MemoryFilter(states=(MemoryState.ACTIVE, MemoryState.PINNED)))
    args: list[Any] = [memories]
    if name == "forget_by_age":
        args.append(rt.now())
    plan = functions[name](*args, **options)
    events = apply_changes(rt, ns, plan.changes()) if apply else []
    return plan, events


def working_memory(rt: Runtime, ns: Namespace, *, apply: bool = True, settings: Any = None) -> tuple[Any, list[Event]]:
    """Working-memory capacity and TTL (H2): evict the lowest-priority working memories."""
    from ..lifecycle.working import WorkingMemorySettings, plan_working_memory
    from ..model import Tier

    cfg = settings or WorkingMemorySettings(capacity=rt.settings.working_capacity,
                                            ttl=timedelta(minutes=rt.settings.working_ttl_minutes))
    with rt.db.read() as conn:
        memories = repo.select_all(conn, ns, repo.MemoryFilter(states=(MemoryState.ACTIVE, MemoryState.PINNED),
                                                               tiers=(Tier.WORKING,)))
    plan = plan_working_memory(memories, rt.now(), cfg)
    return plan, (apply_changes(rt, ns, plan.changes()) if apply else [])
