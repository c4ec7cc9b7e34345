"""report(engine): one namespace's analytics, JSON-ready, nothing from other namespaces."""

from __future__ import annotations

import json

from memcore.analytics import report


def test_report_over_an_engine(engine, clock) -> None:  # noqa: ANN001
    a = engine.add("Prefers dark mode", type="preference", importance=0.8, tags=["ui"])
    clock.advance(days=8)
    engine.add("Uses Postgres", type="project")
    engine.pin(a.id)
    engine.scoped(user="bob").add("bob's memory")
    r = report(engine)
    json.dumps(r)  # plain structures only
    assert r["total"] == 2
    assert r["counts"]["state"] == {"active": 1, "pinned": 1}
    assert [g["created"] for g in r["growth"]] == [1, 1]
    kinds = {(e["kind"], e["count"]) for e in r["events"]}
    assert ("pinned", 1) in kinds
    assert sum(e["count"] for e in r["events"] if e["kind"] == "created") == 2
    assert r["tokens"]["live"] > 0
    assert r["generated_at"] == clock.now().isoformat()
    assert {"score_distribution", "strength_distribution", "decay_curves", "gc_pressure", "token_savings",
            "top_used"} <= set(r)


def test_report_counts_context_builds(engine) -> None:  # noqa: ANN001
    engine.add("Prefers dark mode", type="preference", importance=0.8)
    if hasattr(engine, "build_context"):
        engine.build_context("dark mode", budget=200)
        assert report(engine)["token_savings"]["builds"] == 1
    else:
        assert report(engine)["token_savings"]["builds"] == 0


def test_empty_namespace(engine) -> None:  # noqa: ANN001
    r = report(engine)
    assert r["total"] == 0 and r["growth"] == [] and r["top_used"] == []
