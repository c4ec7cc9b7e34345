"""Timeline page: events newest first, filters, event detail, Undo of an automatic decision."""

from __future__ import annotations

from memcore import EventKind, MemoryState

PAGE = "pages/2_timeline.py"


def test_events_newest_first_with_reasons(page, seeded) -> None:  # noqa: ANN001
    at = page(PAGE)
    assert not at.exception
    df = at.dataframe[0].value
    assert list(df["at"]) == sorted(df["at"], reverse=True)
    assert {"created", "pinned", "superseded", "forgotten", "edited"} <= set(df["kind"])
    assert "the user moved to Fly.io" in set(df["reason"])
    assert len(at.get("plotly_chart")) == 1


def test_filter_by_kind_and_actor(page, seeded) -> None:  # noqa: ANN001
    at = page(PAGE)
    at.multiselect(key="tl_kinds").set_value(["pinned"]).run()
    assert set(at.dataframe[0].value["kind"]) == {"pinned"}
    at.multiselect(key="tl_kinds").set_value([]).run()
    at.multiselect(key="tl_actors").set_value(["engine"]).run()
    assert not at.exception  # the seed has no engine events: an explanation instead of a table
    assert any("No events match" in i.value for i in at.info)


def test_memory_filter_shows_one_memory(page, seeded) -> None:  # noqa: ANN001
    at = page(PAGE)
    at.text_input(key="tl_memory").set_value(seeded.ids["tabs"]).run()
    df = at.dataframe[0].value
    assert set(df["memory"]) == {seeded.ids["tabs"]}
    assert list(df["kind"]) == ["edited", "created"]


def test_undo_a_supersession(page, seeded, engine) -> None:  # noqa: ANN001
    event = engine.timeline(kinds=["superseded"]).items[0]
    engine_event = event  # an automatic-decision kind: undo applies
    at = page(PAGE, tl_event=engine_event.id)
    assert not at.exception
    at.button(key="tl_undo").click().run()
    assert not at.exception
    assert engine.get(seeded.ids["old_cloud"]).state is MemoryState.ACTIVE
    assert engine.timeline(kinds=[EventKind.UNDONE]).total == 1
    assert any("undone" in s.value for s in at.success)


def test_non_undoable_event_has_no_undo_button(page, seeded, engine) -> None:  # noqa: ANN001
    event = engine.timeline(kinds=["pinned"]).items[0]
    at = page(PAGE, tl_event=event.id)
    assert not at.exception
    assert not [b for b in at.button if b.key == "tl_undo"]
