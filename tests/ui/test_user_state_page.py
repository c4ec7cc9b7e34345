"""User state page: current values, history (table + chart), as-of, set a value."""

from __future__ import annotations

from datetime import time

PAGE = "pages/7_user_state.py"


def test_current_history_and_chart(page, seeded) -> None:  # noqa: ANN001
    at = page(PAGE)
    assert not at.exception
    current = dict(zip(at.dataframe[0].value["key"], at.dataframe[0].value["value"], strict=True))
    assert current == {"name": "Alice", "preferred_address": "Alice"}
    history = at.dataframe[-1].value
    assert list(history[history["key"] == "preferred_address"]["value"]) == ["Al", "Alice"]
    assert "(current)" in set(history["valid_until"])
    assert len(at.get("plotly_chart")) == 1


def test_as_of_shows_the_older_value(page, seeded, engine) -> None:  # noqa: ANN001
    first = [r for r in engine.state_history("preferred_address")][0]
    at = page(PAGE)
    at.date_input(key="us_asof_date").set_value(first.valid_from.date())
    at.time_input(key="us_asof_time").set_value(time(23, 59)).run()
    assert not at.exception
    as_of = dict(zip(at.dataframe[1].value["key"], at.dataframe[1].value["value"], strict=True))
    assert as_of["preferred_address"] == "Al"


def test_set_a_value(page, seeded, engine) -> None:  # noqa: ANN001
    at = page(PAGE)
    at.text_input(key="us_key").set_value("nickname")
    at.text_input(key="us_value").set_value("Ally")
    [b for b in at.button if b.label == "Set"][0].click().run()
    assert not at.exception
    assert engine.state()["nickname"] == "Ally"


def test_bad_key_shows_an_error_not_a_traceback(page, seeded) -> None:  # noqa: ANN001
    at = page(PAGE)
    at.text_input(key="us_key").set_value("not a valid key!")
    at.text_input(key="us_value").set_value("x")
    [b for b in at.button if b.label == "Set"][0].click().run()
    assert not at.exception
    assert any("InvalidInput" in e.value for e in at.error)
