"""Blocks page: list by priority, edit with a token count, create, delete, versions."""

from __future__ import annotations

import pytest

from memcore import NotFound

PAGE = "pages/6_blocks.py"


def test_blocks_listed_by_priority(page, seeded) -> None:  # noqa: ANN001
    at = page(PAGE)
    assert not at.exception
    assert list(at.dataframe[0].value["name"]) == ["persona", "human"]


def test_edit_saves_a_new_version(page, seeded, engine) -> None:  # noqa: ANN001
    at = page(PAGE, bl_select="persona")
    at.text_area(key="bl_content_persona").set_value("You are a concise, friendly pair programmer.").run()
    assert "tokens" in at.get("progress")[0].proto.text
    at.button(key="bl_save").click().run()
    assert not at.exception
    block = engine.block("persona")
    assert block.version == 2 and "friendly" in block.content
    assert list(at.dataframe[-1].value["version"]) == [2, 1]


def test_over_the_limit_cannot_be_saved(page, seeded) -> None:  # noqa: ANN001
    at = page(PAGE, bl_select="persona")
    at.text_area(key="bl_content_persona").set_value("word " * 200).run()
    assert at.button(key="bl_save").disabled
    assert "over the limit" in at.get("progress")[0].proto.text


def test_create_a_block(page, seeded, engine) -> None:  # noqa: ANN001
    at = page(PAGE, bl_select="\u2795 new block")
    at.text_input(key="bl_new_name").set_value("project")
    at.text_area(key="bl_content_+new").set_value("memcore: an explainable memory engine.").run()
    at.button(key="bl_save").click().run()
    assert not at.exception
    assert engine.block("project").content.startswith("memcore")
    assert at.selectbox(key="bl_select").value == "project"


def test_delete_needs_confirmation(page, seeded, engine) -> None:  # noqa: ANN001
    at = page(PAGE, bl_select="human")
    assert at.button(key="bl_delete").disabled
    at.checkbox(key="bl_delete_confirm").check().run()
    at.button(key="bl_delete").click().run()
    assert not at.exception
    with pytest.raises(NotFound):
        engine.block("human")
