"""Graph page: the pyvis HTML (escaped), filters, node cap, as-of, node detail, neighbours, JSON export."""

from __future__ import annotations

import json
from datetime import timedelta

PAGE = "pages/3_graph.py"


def _html(at) -> str:  # noqa: ANN001
    return at.get("iframe")[0].proto.srcdoc


def test_graph_renders_memories_and_supersession(page, seeded) -> None:  # noqa: ANN001
    at = page(PAGE)
    assert not at.exception
    html = _html(at)
    assert "vis.Network" in html
    assert seeded.ids["old_cloud"] in html and seeded.ids["new_cloud"] in html
    assert seeded.ids["bob"] not in html
    caption = " ".join(c.value for c in at.caption)
    assert "11 of 11 memories" in caption or "12 of 12 memories" in caption
    assert "supersedes" in caption


def test_memory_text_is_escaped_in_the_graph_html(page, seeded) -> None:  # noqa: ANN001
    at = page(PAGE)
    html = _html(at)
    assert "<script>alert(1)</script>" not in html
    assert "alert(1)" in html  # present, but only in escaped form
    assert "\\u0026lt;script\\u0026gt;alert(1)\\u0026lt;/script\\u0026gt;" in html


def test_type_filter_and_node_cap(page, seeded) -> None:  # noqa: ANN001
    at = page(PAGE)
    at.multiselect(key="g_types").set_value(["decision"]).run()
    assert not at.exception
    assert "4 of 4 memories" in " ".join(c.value for c in at.caption)
    at.multiselect(key="g_types").set_value([]).run()
    at.slider(key="g_cap").set_value(20).run()
    assert not at.exception


def test_as_of_goes_back_in_time(page, seeded, engine) -> None:  # noqa: ANN001
    start = engine.list(sort="created_at", descending=False, limit=1).items[0].created_at.date()
    at = page(PAGE)
    at.slider(key="g_asof").set_value(start + timedelta(days=1)).run()
    assert not at.exception
    caption = " ".join(c.value for c in at.caption)
    assert "as of" in caption
    assert "1 of 1 memories" in caption  # only the first memory existed a day after it was made


def test_selecting_a_node_shows_its_memory(page, seeded) -> None:  # noqa: ANN001
    at = page(PAGE, g_node=f"m:{seeded.ids['postgres']}")
    assert not at.exception
    assert any("PostgreSQL 16" in t.value for t in at.text)


def test_neighbours_of_an_entity(page, seeded) -> None:  # noqa: ANN001
    at = page(PAGE)
    at.text_input(key="g_entity").set_value("frontend").run()
    assert not at.exception
    contents = " ".join(at.dataframe[-1].value["content"])
    assert "React" in contents and "pnpm" in contents


def test_json_export(page, seeded) -> None:  # noqa: ANN001
    at = page(PAGE)
    meta = json.loads(at.code[0].value)
    assert meta["shown_memories"] == meta["total_memories"]
