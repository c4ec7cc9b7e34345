"""Lifecycle through the engine and the store, with an injectable clock (no sleeping)."""

from __future__ import annotations

from sqlalchemy import inspect, text

from memcore import EventKind, MemoryState, Tier
from memcore.lifecycle import SUMMARY_TAG
from memcore.ops.scheduling import build_scheduler


def _rows(engine) -> dict:
    out = {}
    with engine.db.read() as conn:
        for table in sorted(inspect(conn).get_table_names()):
            out[table] = sorted(tuple(map(str, r)) for r in conn.execute(text(f'SELECT * FROM "{table}"')))
    return out


def test_gc_preview_changes_nothing(engine, clock):
    for i in range(6):
        engine.add(f"note {i} about the build cache", importance=i / 10, tier="working")
    engine.add("Never push to main", type="critical", tier="working")
    clock.advance(days=40)
    before = _rows(engine)
    plan = engine.gc_preview()
    assert len(plan.demote) + len(plan.archive) > 0
    assert _rows(engine) == before


def test_gc_rules_respect_critical_pinned_and_importance(engine, clock):
    low = engine.add("stale scratch note", importance=0.05, tier="working")
    critical = engine.add("Never share the prod database password", type="critical", importance=0.05, tier="working")
    pinned = engine.add("pinned scratch note", importance=0.05, tier="working")
    engine.pin(pinned.id)
    important = engine.add("The company's fiscal year starts in April", importance=0.95, tier="semantic")
    clock.advance(days=90)
    plan, events = engine.gc()
    moved = {e.memory_id: e for e in events}
    assert low.id in moved and moved[low.id].reason
    assert critical.id not in moved or engine.get(critical.id).state is not MemoryState.ARCHIVED
    assert engine.get(pinned.id).tier is Tier.WORKING and engine.get(pinned.id).state is MemoryState.PINNED
    assert engine.get(important.id).state is MemoryState.ACTIVE
    assert engine.get(important.id).tier is not Tier.EPISODIC or important.id not in moved


def test_gc_changes_are_undoable(engine, clock):
    low = engine.add("stale scratch note", importance=0.05, tier="working")
    clock.advance(days=30)
    _, events = engine.gc()
    event = next(e for e in events if e.memory_id == low.id)
    before = engine.get(low.id)
    engine.undo(event.id)
    after = engine.get(low.id)
    assert (after.tier, after.state) != (before.tier, before.state)
    assert (after.tier, after.state) == (Tier.WORKING, MemoryState.ACTIVE)


def test_sweep_expires_archives_and_never_deletes(engine, clock):
    temp = engine.add("Using the hotel wifi today", type="temporary")
    idle = engine.add("Random idea about a color", importance=0.2)
    kept_important = engine.add("Our team lead is Priya", importance=0.8)
    critical = engine.add("Do not email customers on weekends", type="critical", importance=0.2)
    pinned_temp = engine.add("Pinned temporary reminder", type="temporary")
    engine.pin(pinned_temp.id)
    clock.advance(days=31)
    report = engine.sweep()
    assert engine.get(temp.id).state is MemoryState.EXPIRED
    assert engine.get(idle.id).state is MemoryState.ARCHIVED
    assert engine.get(kept_important.id).state is MemoryState.ACTIVE
    assert engine.get(critical.id).state is MemoryState.ACTIVE
    assert engine.get(pinned_temp.id).state is MemoryState.PINNED
    assert {s.memory_id for s in report.plan.skipped} >= {critical.id, pinned_temp.id}
    reasons = {e.memory_id: e.reason for e in engine.timeline(kinds="expired,archived").items}
    assert "expired" in reasons[temp.id] and "idle" in reasons[idle.id]
    assert engine.stats().total == 5
    assert engine.sweep(apply=False).plan.summary.startswith("sweep")


def test_sweep_archival_can_be_undone(engine, clock):
    idle = engine.add("Random idea about a color", importance=0.2)
    clock.advance(days=31)
    engine.sweep()
    event = engine.timeline(kinds="archived").items[0]
    engine.undo(event.id)
    assert engine.get(idle.id).state is MemoryState.ACTIVE


def test_decay_recomputes_strength_and_it_falls_with_time(engine, clock):
    m = engine.add("A fact that fades", importance=0.8)
    engine.decay()
    fresh = engine.get(m.id).strength
    clock.advance(days=30)
    report = engine.decay()
    assert report.memories == 1 and report.updated == 1
    assert engine.get(m.id).strength < fresh <= 0.8
    assert engine.timeline(kinds="job_run").items[0].after["job"] == "decay"


def test_injection_grows_stability(engine):
    m = engine.add("The deploy script lives in tools/deploy.sh", type="project", importance=0.9)
    engine.build_context("where is the deploy script?")
    assert engine.get(m.id).stability == 1.5
    assert engine.get(m.id).usage_count == 1


def test_reflection_writes_summaries_once(engine):
    for text_ in ("We use PostgreSQL for orders", "Deploys happen on Tuesdays", "Frontend uses React 18",
                  "Python deps are managed with uv"):
        engine.add(text_, type="decision")
    engine.add("We use PostgreSQL for the orders", type="decision")
    first = engine.reflect()
    data = first.to_dict()
    assert len(first.summaries) == 1 and data["merged"]
    summary = engine.get(first.summaries[0])
    assert SUMMARY_TAG in summary.tags and summary.metadata.get("source_ids")
    assert any(lk.kind.value == "summary_of" for lk in engine.history(summary.id).links)
    again = engine.reflect()
    assert again.summaries == [] and not again.events
    assert engine.list(tags=SUMMARY_TAG).total == 1


def test_feedback_moves_ratings_and_is_stored(engine):
    a = engine.add("The API runs on port 8443", type="project")
    engine.add("The metrics service listens on 9250", type="project")
    ctx = engine.build_context("which port does the api use?")
    events = engine.feedback(ctx.trace_id, useful=[a.id])
    assert events[0].kind is EventKind.RATED and engine.get(a.id).rating > 1200
    assert engine.get(a.id).feedback_count == 1
    import pytest

    from memcore import InvalidInput

    with pytest.raises(InvalidInput, match="not candidates"):
        engine.feedback(ctx.trace_id, useful=["nope"])


def test_list_best_ages_every_live_memory(engine):
    ids = [engine.add(f"memory {i}").id for i in range(5)]
    best = engine.list_best(2, 1, seed=3)
    assert len(best.top) == 2 and len(best.random) == 1
    assert all(engine.get(i).age_cycles == 1 for i in ids)


def test_strategies_dry_run_then_apply(engine):
    low = engine.add("barely relevant", importance=0.05)
    plan, events = engine.strategy("forget_by_importance", threshold=0.1)
    assert [c.memory_id for c in plan.changes()] == [low.id] and events == []
    assert engine.get(low.id).state is MemoryState.ACTIVE
    engine.strategy("forget_by_importance", apply=True, threshold=0.1)
    assert engine.get(low.id).state is MemoryState.ARCHIVED
    w = engine.add("working note worth keeping", importance=0.9, tier="working")
    engine.consolidate("working", "episodic", 0.7)
    assert engine.get(w.id).tier is Tier.EPISODIC


def test_scheduler_jobs_run_without_sleeping_and_are_recorded(engine, clock):
    temp = engine.add("on call today", type="temporary")
    scheduler = build_scheduler(engine.runtime)
    clock.advance(hours=30)
    assert set(scheduler.tick().queued) >= {"sweep", "decay"}
    runs = scheduler.run_pending()
    assert all(r.ok for r in runs)
    assert engine.get(temp.id).state is MemoryState.EXPIRED
    assert {e.after["job"] for e in engine.job_runs()} >= {"sweep", "decay"}


def test_inspect_explains_score_gc_and_lineage(engine, clock):
    m = engine.add("We use MySQL", type="decision", tier="working", importance=0.1)
    clock.advance(days=10)
    inspection = engine.inspect(m.id)
    data = inspection.to_dict()
    assert data["score"]["parts"] and data["tiered"]["parts"]
    assert data["gc_action"] in {"demote", "archive", "keep", "promote"} and data["gc_reason"]
    assert data["predicted_tier"] in {t.value for t in Tier} and data["lineage"] == [m.id]


def test_decay_in_the_database_matches_the_reference_curve(engine, clock):
    from memcore.lifecycle.decay import DecaySettings

    m = engine.add("A fact that fades", importance=0.7, emotion_intensity=0.8)
    clock.advance(days=12.5)
    engine.decay()
    expected = 0.7 * DecaySettings().forgetting_curve.retrievability(12.5, 10.0)
    assert abs(engine.get(m.id).strength - expected) < 1e-9


def test_decay_without_database_math_uses_numpy_with_the_same_result(engine, clock, monkeypatch):
    from memcore.ops import lifecycle as ops_lifecycle

    a = engine.add("first", importance=0.9)
    clock.advance(days=3)
    engine.decay()
    in_db = engine.get(a.id).strength
    clock.advance(days=4)
    engine.decay()
    later_db = engine.get(a.id).strength
    monkeypatch.setattr(ops_lifecycle, "_has_math", lambda conn: False)
    clock.advance(days=-4)
    report = engine.decay()
    assert report.updated == 1 and abs(engine.get(a.id).strength - in_db) < 1e-9
    assert later_db < in_db


def test_decay_curve_is_selectable_and_named_errors(engine, clock):
    import pytest

    from memcore import InvalidInput

    m = engine.add("curve check", importance=1.0)
    clock.advance(days=5)
    engine.decay(curve="seed")
    seed_strength = engine.get(m.id).strength
    engine.decay(curve="fsrs4.5")
    assert engine.get(m.id).strength > seed_strength  # the seed curve falls much faster
    with pytest.raises(InvalidInput, match="curve"):
        engine.decay(curve="linear")
