"""Memories page: table, detail, Pin / Forget / Restore / Edit / Delete change the database."""

from __future__ import annotations

import pytest

from memcore import MemoryState, NotFound

PAGE = "pages/1_memories.py"


def _table(at):  # noqa: ANN001, ANN202
    return at.dataframe[0].value


def test_lists_the_namespace_and_nothing_else(page, seeded) -> None:  # noqa: ANN001
    at = page(PAGE)
    assert not at.exception
    df = _table(at)
    assert seeded.ids["postgres"] in set(df["id"])
    assert seeded.ids["bob"] not in set(df["id"])  # bob's namespace never leaks into alice's page
    assert "PostgreSQL 16" in " ".join(df["content"])


def test_filters_by_state_and_type(page, seeded) -> None:  # noqa: ANN001
    at = page(PAGE)
    at.multiselect(key="mem_states").set_value(["superseded"]).run()
    assert not at.exception
    assert list(_table(at)["id"]) == [seeded.ids["old_cloud"]]
    at.multiselect(key="mem_states").set_value([]).run()
    at.multiselect(key="mem_types").set_value(["preference"]).run()
    assert set(_table(at)["type"]) == {"preference"}


def test_text_search_with_no_match_explains(page, seeded) -> None:  # noqa: ANN001
    at = page(PAGE)
    at.text_input(key="mem_text").set_value("no such words anywhere").run()
    assert not at.exception
    assert any("No memories match" in i.value for i in at.info)


def test_pin_then_unpin(page, seeded, engine) -> None:  # noqa: ANN001
    mid = seeded.ids["postgres"]
    at = page(PAGE, mem_selected=mid)
    at.button(key="mem_pin").click().run()
    assert not at.exception
    assert engine.get(mid).state is MemoryState.PINNED
    assert any("pinned" in s.value for s in at.success)
    at.button(key="mem_unpin").click().run()
    assert engine.get(mid).state is MemoryState.ACTIVE


def test_forget_archives_and_restore_reverses(page, seeded, engine) -> None:  # noqa: ANN001
    mid = seeded.ids["mistake"]
    at = page(PAGE, mem_selected=mid)
    at.button(key="mem_forget").click().run()
    assert not at.exception
    forgotten = engine.get(mid).state
    assert forgotten in (MemoryState.ARCHIVED, MemoryState.DELETED)
    assert any("forgotten" in s.value for s in at.success)
    at.button(key="mem_restore").click().run()
    assert not at.exception
    assert engine.get(mid).state is MemoryState.ACTIVE


def test_edit_records_a_version(page, seeded, engine) -> None:  # noqa: ANN001
    mid = seeded.ids["goal"]
    at = page(PAGE, mem_selected=mid)
    at.toggle(key="mem_edit_open").set_value(True).run()
    at.text_area(key="mem_edit_content").set_value("Learn Rust well enough to write a CLI and a web server")
    form_submit = [b for b in at.button if b.label == "Save changes"][0]
    form_submit.click().run()
    assert not at.exception
    assert engine.get(mid).content.endswith("web server")
    assert engine.get(mid).version == 2
    assert any("edited" in s.value for s in at.success)


def test_delete_needs_confirmation_and_purges(page, seeded, engine) -> None:  # noqa: ANN001
    mid = seeded.ids["tabs"]
    at = page(PAGE, mem_selected=mid)
    at.toggle(key="mem_delete_open").set_value(True).run()
    assert at.button(key="mem_delete").disabled
    assert any(mid in w.value for w in at.warning)  # the confirmation names what will be purged
    at.checkbox(key="mem_delete_confirm").check().run()
    at.button(key="mem_delete").click().run()
    assert not at.exception
    with pytest.raises(NotFound):
        engine.get(mid)


def test_detail_shows_history_and_lineage(page, seeded) -> None:  # noqa: ANN001
    at = page(PAGE, mem_selected=seeded.ids["new_cloud"])
    assert not at.exception
    assert any(seeded.ids["old_cloud"] in m.value for m in at.markdown)
    kinds = set(at.dataframe[2].value["kind"])  # fields, history
    assert "created" in kinds


def test_html_in_memory_text_is_shown_as_text(page, seeded) -> None:  # noqa: ANN001
    at = page(PAGE, mem_selected=seeded.ids["script"])
    assert not at.exception
    assert "<script>alert(1)</script>" in " ".join(_table(at)["content"])  # a table cell: plain text
    assert all("<script>" not in m.value for m in at.markdown)


def test_empty_database_explains_what_to_do(page, db_url) -> None:  # noqa: ANN001
    at = page(PAGE)
    assert not at.exception
    assert any("memcore demo" in i.value for i in at.info)


def test_paging_and_shrinking_filters(page, seeded, engine) -> None:  # noqa: ANN001
    engine.add_many([f"filler memory number {i}" for i in range(30)])  # 42 in all: two pages of 25
    at = page(PAGE)
    at.selectbox(key="mem_size").set_value(25).run()
    at.number_input(key="mem_page").set_value(2).run()
    assert not at.exception
    assert len(at.dataframe[0].value) == 17
    at.multiselect(key="mem_types").set_value(["deadline"]).run()  # one page only now
    assert not at.exception
    assert at.number_input(key="mem_page").value == 1
    assert list(at.dataframe[0].value["type"]) == ["deadline"]


def test_score_tab_shows_the_inspection(page, seeded, engine) -> None:  # noqa: ANN001
    at = page(PAGE, mem_selected=seeded.ids["postgres"])
    assert not at.exception
    if not hasattr(engine, "inspect"):
        assert any("inspect" in i.value for i in at.info)
        return
    labels = {m.label for m in at.metric}
    assert {"Strength", "GC would"} <= labels
    assert len(at.get("plotly_chart")) == 2  # the governance and the tiered breakdowns
