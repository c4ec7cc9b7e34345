"""Trace explainer: build a context, see included vs skipped with reasons, reopen a past trace, feedback."""

from __future__ import annotations

import pytest

PAGE = "pages/4_trace.py"


def _needs(engine, *methods: str) -> None:  # noqa: ANN001
    missing = [m for m in methods if not hasattr(engine, m)]
    if missing:
        pytest.skip(f"engine has no {', '.join(missing)} yet")


def test_without_a_query_explains(page, seeded, engine) -> None:  # noqa: ANN001
    at = page(PAGE)
    assert not at.exception
    assert at.info  # either "run a query" or "needs build_context"


def test_build_context_shows_included_and_skipped(page, seeded, engine) -> None:  # noqa: ANN001
    _needs(engine, "build_context", "trace", "traces")
    at = page(PAGE)
    at.text_area(key="tr_query").set_value("Which database and cloud does the web app use?")
    at.number_input(key="tr_budget").set_value(400)
    [b for b in at.button if b.label == "Build context"][0].click().run()
    assert not at.exception
    traces = engine.traces()
    assert len(traces) == 1
    assert at.session_state["trace_id"] == traces[0]["id"]
    assert at.code[0].value.startswith("- [")  # the context lines
    frames = [d.value for d in at.dataframe]
    included, skipped = frames[0], frames[1]
    assert seeded.ids["new_cloud"] in set(included["memory"]) | set(skipped["memory"])
    assert seeded.ids["bob"] not in set(included["memory"]) | set(skipped["memory"])
    assert skipped["why"].str.len().min() > 0  # every skip has a reason
    assert "Tokens used" in [m.label for m in at.metric]


def test_reopen_a_past_trace(page, seeded, engine) -> None:  # noqa: ANN001
    _needs(engine, "build_context", "trace", "traces")
    old = engine.build_context("dark mode preference", budget=300)
    at = page(PAGE)
    at.selectbox(key="tr_past").set_value(old.trace_id)
    at.button(key="tr_open").click().run()
    assert not at.exception
    assert at.session_state["trace_id"] == old.trace_id
    assert any("dark mode preference" in m.value for m in at.markdown)


def test_feedback_is_recorded(page, seeded, engine) -> None:  # noqa: ANN001
    _needs(engine, "build_context", "trace", "feedback")
    result = engine.build_context("Which database does the web app use?", budget=400)
    at = page(PAGE, trace_id=result.trace_id)
    useful = [c.memory_id for c in result.included][:1]
    at.multiselect(key="tr_useful").set_value(useful).run()
    at.button(key="tr_feedback").click().run()
    assert not at.exception
    assert any("Feedback recorded" in s.value for s in at.success)
    assert engine.get(useful[0]).feedback_count >= 1
