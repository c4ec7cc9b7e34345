import threading
from datetime import timedelta

import pytest

from memcore.clock import FakeClock
from memcore.errors import Conflict, InvalidInput, NotFound
from memcore.lifecycle import JobRun, Scheduler
from memcore.lifecycle.sweep import SweepPlan


def make(clock=None):
    clock = clock or FakeClock()
    runs: list[JobRun] = []
    return clock, runs, Scheduler(clock, runs.append)


def test_jobs_run_when_due_with_default_intervals():
    clock, runs, sched = make()
    calls = []
    sched.add("decay", lambda: calls.append("decay") or "12 strengths updated")
    sched.add("sweep", lambda: calls.append("sweep"))
    assert sched.tick().queued == [] and sched.run_pending() == []
    clock.advance(hours=1)
    assert sched.tick().queued == ["sweep"]
    sched.run_pending()
    clock.advance(hours=5)
    assert sched.tick().queued == ["decay", "sweep"]
    sched.run_pending()
    assert calls == ["sweep", "decay", "sweep"]
    decay = next(r for r in runs if r.name == "decay")
    assert decay.ok and decay.error is None and decay.summary == "12 strengths updated"
    assert decay.started == clock.now()


def test_a_queued_or_running_job_is_not_queued_twice():
    clock, _, sched = make()
    sched.add("gc", lambda: None, timedelta(minutes=10))
    clock.advance(minutes=10)
    assert sched.tick().queued == ["gc"]
    clock.advance(minutes=10)
    assert sched.tick().skipped == ["gc"]
    assert sched.run_now("gc") is False
    assert len(sched.run_pending()) == 1
    assert sched.run_now("gc") is True


def test_failures_are_reported_and_do_not_stop_other_jobs():
    clock, runs, sched = make()

    def boom():
        raise RuntimeError("database is locked")

    sched.add("reflect", boom, run_at_start=True)
    sched.add("sweep", lambda: "ok", run_at_start=True)
    sched.tick()
    sched.run_pending()
    by_name = {r.name: r for r in runs}
    assert not by_name["reflect"].ok and by_name["reflect"].error == "RuntimeError: database is locked"
    assert by_name["sweep"].ok


def test_summary_comes_from_the_plan():
    clock, runs, sched = make()
    plan = SweepPlan(now=clock.now(), expire=[], archive=[], skipped=[])
    sched.add("sweep", lambda: plan, run_at_start=True)
    sched.tick()
    sched.run_pending()
    assert runs[0].summary == plan.summary


def test_worker_thread_runs_jobs_without_blocking_and_skips_a_running_job():
    clock, runs, sched = make()
    started, release = threading.Event(), threading.Event()

    def slow():
        started.set()
        assert release.wait(5)
        return "done"

    sched.add("gc", slow, timedelta(hours=1))
    sched.start()
    try:
        assert sched.run_now("gc") is True
        assert started.wait(5)
        clock.advance(hours=2)
        assert sched.tick().skipped == ["gc"]
        assert sched.run_now("gc") is False
        release.set()
        assert sched.wait_idle(5)
    finally:
        sched.stop()
    assert [r.summary for r in runs] == ["done"]


def test_registration_errors():
    _, _, sched = make()
    with pytest.raises(InvalidInput):
        sched.add("custom", lambda: None)
    sched.add("custom", lambda: None, timedelta(minutes=1))
    with pytest.raises(Conflict):
        sched.add("custom", lambda: None, timedelta(minutes=1))
    with pytest.raises(NotFound):
        sched.run_now("missing")
    status = sched.status()
    assert [(s.name, s.busy) for s in status] == [("custom", False)]
