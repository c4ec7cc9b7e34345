"""Analytics page: counts and charts, GC preview lists, Reflect and its report."""

from __future__ import annotations

import pytest

from memcore.graph import SUMMARY_TAG

PAGE = "pages/5_analytics.py"


def test_counts_and_charts(page, seeded) -> None:  # noqa: ANN001
    at = page(PAGE)
    assert not at.exception
    metrics = {m.label: m.value for m in at.metric}
    assert metrics["Memories"] == "12"
    assert len(at.get("plotly_chart")) >= 10


def test_gc_preview_lists(page, seeded, engine) -> None:  # noqa: ANN001
    at = page(PAGE)
    assert not at.exception
    if not hasattr(engine, "gc_preview"):
        assert any("gc_preview" in i.value for i in at.info)
        pytest.skip("engine has no gc_preview yet")
    labels = [t.label for t in at.tabs]
    assert any(label.startswith("keep (") for label in labels)


def test_reflect_creates_summaries(page, seeded, engine) -> None:  # noqa: ANN001
    if not hasattr(engine, "reflect"):
        at = page(PAGE)
        assert any("reflect" in i.value for i in at.info)
        pytest.skip("engine has no reflect yet")
    engine.add("Prefers short commit messages", type="preference", tags=["style"])  # 3 active preferences
    at = page(PAGE)
    at.button(key="an_reflect").click().run()
    assert not at.exception
    assert any("Reflection done" in s.value for s in at.success)
    summaries = engine.list(tags=[SUMMARY_TAG]).items
    assert summaries
    at.button(key="an_reflect").click().run()  # idempotent: nothing new the second time
    assert len(engine.list(tags=[SUMMARY_TAG]).items) == len(summaries)


def test_empty_namespace_explains(page, db_url) -> None:  # noqa: ANN001
    at = page(PAGE)
    assert not at.exception
    assert any("memcore demo" in i.value for i in at.info)
