"""run_scenarios with baselines, the markdown report, and the packaged suite through the offline write
path (extract -> plan -> apply in memory -> expire -> every live memory as context)."""

from __future__ import annotations

import itertools
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta

import pytest

from memcore.errors import InvalidInput
from memcore.eval.scenarios import (
    HISTORY_SUMMARY,
    MEMCORE,
    NO_MEMORY,
    RAW_HISTORY,
    Scenario,
    approx_tokens,
    history_summary_context,
    load_scenarios,
    render_markdown,
    run_scenarios,
)
from memcore.model import Memory, MemoryState
from memcore.write import NewRef, Turn, extract, plan_write


@dataclass
class Ctx:
    text: str
    tokens: int
    latency_ms: float = 0.0


def offline_context(scenario: Scenario) -> Ctx:
    """What the engine does, without a database: each setup message is one extraction."""
    now = datetime(2026, 1, 7, 12, tzinfo=UTC)
    memories: list[Memory] = []
    ids = itertools.count()
    for i, message in enumerate(scenario.setup_messages):
        extraction = extract([Turn("user", message, f"m{i}")], now=now, existing=memories)
        plan = plan_write(extraction.candidates, memories, now=now)
        created: dict[NewRef, Memory] = {}
        for action in plan.creates:
            f = action.candidate.memory_fields()
            memory = Memory(id=f"x{next(ids)}", user_id="u", project_id=scenario.id, content=f["content"],
                            type=f["type"], expires_at=f["expires_at"], is_critical=f["is_critical"],
                            metadata=f["metadata"])
            created[action.ref] = memory
            memories.append(memory)
        for s in plan.supersessions:
            old = created[s.old] if isinstance(s.old, NewRef) else next(m for m in memories if m.id == s.old)
            old.state = MemoryState.SUPERSEDED
        now += timedelta(minutes=5)
    if scenario.expire_temporary_before_test:
        now += timedelta(days=2)
    live = [m for m in memories if m.state.retrievable and (m.expires_at is None or m.expires_at > now)]
    text = "\n".join(f"- [{m.type.value}] {m.content}" for m in live)
    return Ctx(text, approx_tokens(text), 1.5)


def test_packaged_suite_passes_through_the_offline_write_path():
    report = run_scenarios(load_scenarios(), offline_context)
    failures = [(r.scenario_id, r.grade.missing, r.grade.leaked) for r in report.failures()]
    assert failures == []
    mem = report.summary(MEMCORE)
    assert mem.keyword_recall == 1.0 and mem.forbidden_avoidance == 1.0
    assert mem.total_tokens < report.summary(RAW_HISTORY).total_tokens
    assert report.summary(RAW_HISTORY).forbidden_avoidance < 1.0


SCENARIOS = [
    Scenario("a", "A", ("Use npm.", "Actually, use pnpm instead of npm."), "pm?", ("pnpm",), ("npm",)),
    Scenario("b", "B", ("hello", "I prefer Vue."), "ui?", ("vue",), ()),
]


def test_runner_grades_memcore_and_all_baselines():
    def build(s: Scenario) -> str:
        return {"a": "- Use pnpm instead of npm.", "b": ""}[s.id]

    ticks = iter(range(100))
    report = run_scenarios(SCENARIOS, build, timer=lambda: next(ticks) / 1000)
    systems = [s.system for s in report.summaries]
    assert systems == [MEMCORE, NO_MEMORY, RAW_HISTORY, HISTORY_SUMMARY]
    mem = report.summary()
    assert mem.keyword_recall == 0.5 and mem.forbidden_avoidance == 1.0 and mem.pass_rate == 0.5
    assert mem.mean_latency_ms == pytest.approx(1.0)
    raw = report.summary(RAW_HISTORY)
    assert raw.keyword_recall == 1.0 and raw.forbidden_avoidance == 0.5 and raw.token_reduction == 0.0
    assert report.summary(NO_MEMORY).total_tokens == 0 and report.summary(NO_MEMORY).token_reduction == 1.0
    assert [r.scenario_id for r in report.failures()] == ["b"]


def test_context_objects_supply_their_own_tokens_and_latency():
    report = run_scenarios(SCENARIOS, lambda s: Ctx("I prefer Vue. Use pnpm instead of npm.", 7, 42.0),
                           baselines=())
    assert [r.tokens for r in report.results] == [7, 7] and report.summary().mean_latency_ms == 42.0


def test_history_summary_keeps_statements_and_drops_chit_chat():
    text = history_summary_context(SCENARIOS[1])
    assert text == "- I prefer Vue."


def test_unknown_baseline_is_rejected():
    with pytest.raises(InvalidInput) as info:
        run_scenarios(SCENARIOS, lambda s: "", baselines=("oracle",))
    assert info.value.field == "baselines"


def test_markdown_report_has_a_row_per_system_and_scenario():
    report = run_scenarios(SCENARIOS, lambda s: "Use pnpm | not npm", baselines=(RAW_HISTORY,))
    md = render_markdown(report)
    assert md.count("\n| memcore |") == 1 and "| raw history |" in md
    assert "| a | 100.0% |" in md and "| b | 0.0% | vue |" in md
    assert report.to_dict()["summaries"][0]["system"] == MEMCORE


def test_expiring_temporaries_waits_for_the_end_a_note_names() -> None:
    from memcore.eval.scenario_engine import engine_builder
    from memcore.eval.scenarios import Scenario, grade

    build = engine_builder()
    week = Scenario("nights", "nights this week", ("im on nights all this week so dont plan anything before 2pm",
                                                   "my shop is on Harbour Rd"), "plan my next week",
                    ("Harbour",), ("2pm",), expire_temporary_before_test=True)
    kept = Scenario("nights-kept", "nights this week", week.setup_messages, "plan my week", ("2pm",), ())
    assert grade(build(week).text, week).passed  # gone after the week, though two days would not be enough
    assert grade(build(kept).text, kept).passed  # and there while the week lasts


def test_the_scenario_builder_deletes_its_throwaway_database(tmp_path, monkeypatch) -> None:
    import tempfile

    from memcore.eval.scenario_engine import engine_builder, evaluate_scenarios

    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path))
    with engine_builder() as build:
        assert [p.name for p in tmp_path.iterdir() if p.name.startswith("memcore-scenarios-")]
    assert not list(tmp_path.iterdir())
    report = evaluate_scenarios()  # the bundled set, through a builder of its own
    assert report.for_system() and not list(tmp_path.iterdir())
    build = engine_builder()
    del build  # garbage collected: the folder goes too
    assert not list(tmp_path.iterdir())
