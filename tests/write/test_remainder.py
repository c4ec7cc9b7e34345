"""Partly contradicted memories keep the clauses the new memory does not replace."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from memcore import MemoryState
from memcore.model import Memory
from memcore.model import MemoryType as T
from memcore.write import Turn, extract_rules, plan_write
from memcore.write.remainder import kept_clauses

NOW = datetime(2026, 1, 7, 12, tzinfo=UTC)


@pytest.mark.parametrize(("content", "replaced", "kept"), [
    ("We get halibut from Pacific Catch at $14.50 per pound, scallops from Dunn's at $22/lb, mussels are cheap",
     ["$14.50 per pound"], "Scallops from Dunn's at $22/lb, mussels are cheap."),
    ("Sourdough loaf is $7.00, baguettes $4.00, cinnamon knots $3.50", ["$7.00"],
     "Baguettes $4.00, cinnamon knots $3.50."),
    ("I coach varsity soccer at lincoln high, my assistant coach is rob, he handles fitness testing", ["assistant"],
     "I coach varsity soccer at lincoln high."),
    ("Class times at our box: 6am, noon, and 5:30pm weekdays; Saturday is 9am partner WOD.", ["6am"],
     "Class times at our box: noon, and 5:30pm weekdays; Saturday is 9am partner WOD."),
    ("My rate is 0.12 EUR per word, minimum fee 40 EUR", ["0.12 EUR per word"], "Minimum fee 40 EUR."),
])
def test_the_clauses_that_do_not_name_the_replaced_value_are_kept(content, replaced, kept):
    assert kept_clauses(content, replaced) == kept


@pytest.mark.parametrize(("content", "replaced"), [
    ("Our drummer is Kenji, been with us since 2019, absolute pocket monster", ["kenji"]),  # the rest leans on it
    ("Our minSdk is 24 right now, product wanted to keep supporting old devices", ["24"]),  # its reason goes too
    ("Album release show is at The Velvet Room, doors at 8", ["velvet room"]),  # too little left
    ("Standup is at 9:30 in the big room", ["9:30"]),  # one clause: nothing to keep
    ("Class times at 6am: noon and 5:30pm", ["6am"]),  # the lead names it
    ("Sourdough loaf is $7.00, baguettes $4.00", []),  # nothing named
])
def test_the_memory_is_superseded_whole_when_nothing_useful_remains(content, replaced):
    assert kept_clauses(content, replaced) is None


def _memory(content: str, memory_type: T = T.NOTE) -> Memory:
    return Memory(id="m-old", user_id="u", project_id="p", content=content, type=memory_type,
                  created_at=datetime(2026, 1, 6, tzinfo=UTC), valid_from=datetime(2026, 1, 6, tzinfo=UTC))


def _plan(old: str, new: str):
    candidates = extract_rules([Turn("user", new, "t2")], now=NOW)
    return plan_write(candidates, [_memory(old)], now=NOW)


def test_a_changed_value_in_a_list_narrows_the_old_memory():
    plan = _plan("Sourdough loaf is $7.00, baguettes $4.00, cinnamon knots $3.50",
                 "flour costs are killing us. we raised the sourdough to $8.50 starting Monday")
    (action,) = plan.supersessions
    assert action.kept == "Baguettes $4.00, cinnamon knots $3.50."


def test_a_value_that_changed_with_a_switch_supersedes_whole():
    plan = _plan("For the reid park project the irrigation sub is desert rain, contact is jorge, they bid $48k",
                 "update on reid park: we went with sonoran flow for irrigation, their bid came in at $41k")
    assert [a.kept for a in plan.supersessions] == [None]


def test_an_ambiguous_value_supersedes_whole():
    plan = _plan("Class times: 6am and 5:30pm weekdays", "the morning class moves earlier, starting this week it's "
                                                          "at 5:15")
    assert [a.kept for a in plan.supersessions] == [None]


def test_narrowing_through_the_engine_is_recorded_and_undone(lite, clock):
    old = lite.extract("we get halibut from Pacific Catch at $14.50 per pound, scallops from Dunn's at $22/lb, "
                       "mussels are cheap").created[0]
    clock.advance(days=1)
    report = lite.extract("halibut went up to $17.25/lb this week")
    (entry,) = report.superseded
    assert entry["old"] == old.id and entry["kept"] == "Scallops from Dunn's at $22/lb, mussels are cheap."
    narrowed = lite.get(old.id)
    assert narrowed.state is MemoryState.ACTIVE and narrowed.content == entry["kept"]
    event = lite.timeline(kinds="superseded").items[0]
    assert event.reason.startswith("partly superseded") and event.after["details"]["partial"] is True
    context = lite.build_context("what do scallops and halibut cost per pound?").text
    assert "$22/lb" in context and "$17.25" in context and "$14.50" not in context
    assert _vector_matches_text(lite, old.id)
    lite.undo(event.id)
    assert lite.get(old.id).content == old.content
    assert _vector_matches_text(lite, old.id)  # re-embedded with the whole text again


def _vector_matches_text(engine, memory_id: str) -> bool:
    from memcore.index.documents import embedding_text
    from memcore.store import memories as repo

    rt = engine.runtime
    memory = engine.get(memory_id)
    expected = rt.get_embedder().embed([embedding_text(memory)])[0]
    with rt.db.read() as conn:
        pk = repo.pk_of(conn, memory_id)
    return float(rt.index.similarities(expected, [pk])[0]) > 0.999


def test_a_name_in_apposition_goes_with_the_role_it_names():
    assert kept_clauses("My deputy head, Gareth Lloyd, is in charge of all timetabling, including swimming.",
                        ["deputy"]) is None
