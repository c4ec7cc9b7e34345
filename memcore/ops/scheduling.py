"""The background lifecycle jobs the inspector (and any long-running host) starts: sweep and decay
always, reflection and GC when the settings allow. Jobs run on the scheduler's worker thread and
never block a request; every run is recorded as a job_run event in the ``system/scheduler``
namespace (and each decision a job makes is an event in its own namespace)."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import timedelta
from typing import Any

from ..lifecycle.scheduler import JobRun, Scheduler
from ..model import Actor, EventKind, Namespace
from ..runtime import Runtime
from ..store import events as event_repo
from ..store import memories as repo

SYSTEM = Namespace("system", "scheduler")


@dataclass
class _Summary:
    summary: str


def _namespaces(rt: Runtime) -> list[Namespace]:
    with rt.db.read() as conn:
        return [ns for ns in repo.namespaces(conn) if ns != SYSTEM]


def _each(rt: Runtime, job: Any, label: str) -> _Summary:
    counts = [job(ns) for ns in _namespaces(rt)]
    return _Summary(f"{label}: {sum(counts)} changes across {len(counts)} namespaces")


def build_scheduler(rt: Runtime) -> Scheduler:
    """A scheduler with the lifecycle jobs registered (not started)."""
    from .lifecycle import decay, gc, reflect, sweep

    def record(run: JobRun) -> None:
        with rt.db.begin() as conn:
            event_repo.record(conn, SYSTEM, EventKind.JOB_RUN, Actor.ENGINE, run.finished,
                              reason=f"{run.name}: {run.summary}" if run.ok else f"{run.name} failed: {run.error}",
                              after={"job": run.name, "ok": run.ok, "error": run.error, "summary": run.summary,
                                     "started": run.started.isoformat(), "finished": run.finished.isoformat()})

    settings = rt.settings
    scheduler = Scheduler(rt.clock, on_run=record)
    scheduler.add("sweep", lambda: _each(rt, lambda ns: len(sweep(rt, ns).events), "sweep"),
                  timedelta(hours=settings.sweep_interval_hours))
    scheduler.add("decay", lambda: decay(rt, None), timedelta(hours=settings.decay_interval_hours))
    if settings.scheduler_reflect:
        scheduler.add("reflect", lambda: _each(rt, lambda ns: len(reflect(rt, ns).events), "reflect"),
                      timedelta(hours=24))
    if settings.scheduler_gc:
        scheduler.add("gc", lambda: _each(rt, lambda ns: len(gc(rt, ns)[1]), "gc"), timedelta(hours=6))
    return scheduler


def job_runs(rt: Runtime, limit: int = 50) -> list[Any]:
    """Recent scheduler runs, newest first."""
    with rt.db.read() as conn:
        items, _ = event_repo.timeline(conn, SYSTEM, kinds=(EventKind.JOB_RUN,), limit=limit)
    return items
