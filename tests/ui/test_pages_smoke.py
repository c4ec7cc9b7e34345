"""Every page runs standalone on the seeded database without an exception, and app.py navigates."""

from __future__ import annotations

import pytest

PAGES = ["pages/1_memories.py", "pages/2_timeline.py", "pages/3_graph.py", "pages/4_trace.py",
         "pages/5_analytics.py", "pages/6_blocks.py", "pages/7_user_state.py", "pages/8_evaluation.py",
         "pages/9_settings.py"]


@pytest.mark.parametrize("path", PAGES)
def test_page_runs(page, seeded, path) -> None:  # noqa: ANN001
    at = page(path)
    assert not at.exception, [e.value for e in at.exception]
    assert at.title[0].value


@pytest.mark.parametrize("path", PAGES)
def test_page_runs_on_an_empty_database(page, db_url, path) -> None:  # noqa: ANN001
    at = page(path)
    assert not at.exception, [e.value for e in at.exception]
