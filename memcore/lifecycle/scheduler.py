"""A small background scheduler for lifecycle jobs (SPEC 8.7).

Named jobs (sweep, decay, reflect, gc, ...) run at intervals on one daemon worker thread, so
callers never wait for them: :meth:`Scheduler.tick` and :meth:`Scheduler.run_now` only queue
work. A job that is queued or running is not queued again; the tick reports it as skipped.
Each run is reported through ``on_run`` with its times, outcome and summary; a failing job is
reported (ok False, with the error) and the scheduler carries on.

Time comes from an injectable clock. Tests drive it without threads or sleeping: advance a
FakeClock, call :meth:`tick`, then :meth:`run_pending` to run the queue in the caller's thread.
"""

from __future__ import annotations

import logging
import queue
import threading
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import datetime, timedelta

from ..clock import Clock
from ..errors import Conflict, InvalidInput, NotFound

log = logging.getLogger(__name__)

DEFAULT_INTERVALS: dict[str, timedelta] = {
    "sweep": timedelta(hours=1),
    "decay": timedelta(hours=6),
    "reflect": timedelta(hours=24),
    "gc": timedelta(hours=6),
}

_STOP = object()


@dataclass(frozen=True, slots=True)
class JobRun:
    """One finished run of a job."""

    name: str
    started: datetime
    finished: datetime
    ok: bool
    error: str | None
    summary: str


@dataclass(frozen=True, slots=True)
class TickResult:
    """Jobs a tick queued, and due jobs it skipped because they were still queued or running."""

    queued: list[str]
    skipped: list[str]


@dataclass(frozen=True, slots=True)
class JobStatus:
    """A job as the scheduler sees it now."""

    name: str
    every: timedelta
    next_due: datetime
    busy: bool
    last_run: JobRun | None


@dataclass(slots=True)
class _Job:
    name: str
    fn: Callable[[], object]
    every: timedelta
    next_due: datetime
    busy: bool = False
    last_run: JobRun | None = field(default=None)


class Scheduler:
    """Runs named jobs at intervals on a daemon worker thread."""

    def __init__(self, clock: Clock, on_run: Callable[[JobRun], None] | None = None, *,
                 poll_seconds: float = 5.0) -> None:
        if not poll_seconds > 0:
            raise InvalidInput("poll_seconds", f"{poll_seconds!r} must be > 0")
        self._clock = clock
        self._on_run = on_run
        self._poll = poll_seconds
        self._jobs: dict[str, _Job] = {}
        self._lock = threading.Lock()
        self._idle = threading.Condition(self._lock)
        self._queue: queue.Queue[object] = queue.Queue()
        self._thread: threading.Thread | None = None
        self._stop = threading.Event()

    def add(self, name: str, fn: Callable[[], object], every: timedelta | None = None, *,
            run_at_start: bool = False) -> None:
        """Register ``fn`` under ``name``, due every ``every`` (default from DEFAULT_INTERVALS).

        ``fn`` returns anything; its ``summary`` attribute (plans have one) or its text becomes
        the run's summary. The first run is due one interval from now, or now with ``run_at_start``.
        """
        interval = every if every is not None else DEFAULT_INTERVALS.get(name)
        if interval is None:
            raise InvalidInput("every", f"job {name!r} has no default interval; pass every=timedelta(...)")
        if interval <= timedelta(0):
            raise InvalidInput("every", f"{interval!r} must be positive")
        now = self._clock.now()
        with self._lock:
            if name in self._jobs:
                raise Conflict(f"a job named {name!r} is already scheduled")
            self._jobs[name] = _Job(name, fn, interval, now if run_at_start else now + interval)

    def tick(self) -> TickResult:
        """Queue every job that is due; never runs anything itself."""
        now = self._clock.now()
        queued: list[str] = []
        skipped: list[str] = []
        with self._lock:
            for job in self._jobs.values():
                if job.next_due > now:
                    continue
                job.next_due = now + job.every
                if job.busy:
                    skipped.append(job.name)
                    continue
                job.busy = True
                queued.append(job.name)
                self._queue.put(job.name)
        return TickResult(queued, skipped)

    def run_now(self, name: str) -> bool:
        """Queue ``name`` at once (on demand); False if it is already queued or running."""
        with self._lock:
            job = self._jobs.get(name)
            if job is None:
                raise NotFound("job", name)
            if job.busy:
                return False
            job.busy = True
        self._queue.put(name)
        return True

    def run_pending(self) -> list[JobRun]:
        """Run everything queued, in the calling thread (tests, CLI). Not for use with start()."""
        runs: list[JobRun] = []
        while True:
            try:
                item = self._queue.get_nowait()
            except queue.Empty:
                return runs
            if isinstance(item, str):
                runs.append(self._execute(item))

    def start(self) -> None:
        """Start the daemon worker thread (idempotent)."""
        with self._lock:
            if self._thread is not None and self._thread.is_alive():
                return
            self._stop.clear()
            self._thread = threading.Thread(target=self._loop, name="memcore-scheduler", daemon=True)
            self._thread.start()

    def stop(self, timeout: float | None = 5.0) -> None:
        """Stop the worker after its current job."""
        self._stop.set()
        self._queue.put(_STOP)
        thread = self._thread
        if thread is not None:
            thread.join(timeout)
        self._thread = None

    def wait_idle(self, timeout: float | None = None) -> bool:
        """Block until no job is queued or running; False on timeout."""
        with self._idle:
            return self._idle.wait_for(lambda: not any(j.busy for j in self._jobs.values()), timeout)

    def status(self) -> list[JobStatus]:
        """Every job's interval, next due time, whether it is queued/running, and its last run."""
        with self._lock:
            return [JobStatus(j.name, j.every, j.next_due, j.busy, j.last_run) for j in self._jobs.values()]

    def _loop(self) -> None:
        while not self._stop.is_set():
            self.tick()
            try:
                item = self._queue.get(timeout=self._poll)
            except queue.Empty:
                continue
            if item is _STOP:
                break
            if isinstance(item, str):
                try:
                    self._execute(item)
                except Exception:
                    log.exception("on_run callback failed for job %s", item)

    def _execute(self, name: str) -> JobRun:
        with self._lock:
            job = self._jobs[name]
        started = self._clock.now()
        error: str | None = None
        summary = ""
        try:
            summary = _summary(job.fn())
        except Exception as exc:  # a job failure is reported through on_run, never raised into the worker
            error = f"{type(exc).__name__}: {exc}"
        run = JobRun(name, started, self._clock.now(), error is None, error, summary)
        with self._idle:
            job.last_run = run
            job.busy = False
            self._idle.notify_all()
        if self._on_run is not None:
            self._on_run(run)
        return run


def _summary(result: object) -> str:
    if result is None:
        return ""
    text = getattr(result, "summary", None)
    if isinstance(text, str):
        return text
    return str(result)[:500]
