"""app.py: one st.navigation over every page, the namespace picker and the database shown in the sidebar."""

from __future__ import annotations

from pathlib import Path

from streamlit.testing.v1 import AppTest

ROOT = Path(__file__).resolve().parents[2]


def test_app_runs_the_memories_page_with_a_namespace_picker(seeded, db_url) -> None:  # noqa: ANN001
    at = AppTest.from_file(str(ROOT / "app.py"), default_timeout=60).run()
    assert not at.exception
    assert at.title[0].value == "Memories"
    picker = at.sidebar.selectbox(key="namespace")
    assert picker.options == ["alice / webapp", "bob / notes"]
    assert any("Database" in c.value for c in at.sidebar.caption)


def test_switching_namespace_scopes_every_page(seeded, db_url) -> None:  # noqa: ANN001
    at = AppTest.from_file(str(ROOT / "app.py"), default_timeout=60).run()
    at.sidebar.selectbox(key="namespace").set_value("bob / notes").run()
    assert not at.exception
    ids = set(at.dataframe[0].value["id"])
    assert seeded.ids["bob"] in ids and len(ids) == 2
    assert seeded.ids["postgres"] not in ids


def test_every_page_is_reachable(seeded, db_url) -> None:  # noqa: ANN001
    at = AppTest.from_file(str(ROOT / "app.py"), default_timeout=60).run()
    for path, title in [("pages/2_timeline.py", "Timeline"), ("pages/3_graph.py", "Graph"),
                        ("pages/5_analytics.py", "Analytics"), ("pages/6_blocks.py", "Blocks"),
                        ("pages/7_user_state.py", "User state"), ("pages/9_settings.py", "Settings")]:
        at.switch_page(path).run()
        assert not at.exception, path
        assert at.title[0].value == title
