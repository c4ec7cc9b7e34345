import random
from datetime import timedelta

import pytest

from memcore.bench.textgen import texts
from memcore.errors import InvalidInput
from memcore.lifecycle import SUMMARY_TAG, ReflectSettings, StepKind, plan_reflection
from memcore.model import EventKind, LinkKind, MemoryState, MemoryType, Source, Tier

from .conftest import NOW, apply_reflection, live, mem

D = MemoryType.DECISION


def steps(plan, kind):
    return [s for s in plan.steps if s.kind is kind]


def test_merge_strongest_survives_with_boost_and_summed_usage():
    items = [mem("weak", content="Use PostgreSQL for the billing service.", type=D, importance=0.4, usage_count=1),
             mem("strong", content="Use PostgreSQL for the billing service", type=D, importance=0.7, usage_count=0)]
    plan = plan_reflection(items, NOW)
    merge = steps(plan, StepKind.MERGE)[0]
    assert merge.memory_ids == ("strong", "weak")
    assert merge.change.kind is EventKind.MERGED
    assert merge.change.after["importance"] == pytest.approx(0.75)
    assert merge.change.after["usage_count"] == 1
    assert merge.change.after["metadata"]["merged_from"] == ["weak"]
    assert "usage 0 + 1 = 1" in merge.reason and "0.70 -> 0.75" in merge.reason
    dup = steps(plan, StepKind.ARCHIVE_DUPLICATE)[0]
    assert dup.change.memory_id == "weak" and dup.change.after == {"state": MemoryState.ARCHIVED}
    assert dup.change.links[0].kind is LinkKind.MERGED_INTO and dup.change.links[0].target_id == "strong"
    assert not any(c.hard_delete for c in plan.changes())


def test_no_merge_across_types_or_namespaces_or_below_threshold():
    items = [mem("a", content="Deploy the gateway on Fridays", type=D),
             mem("b", content="Deploy the gateway on Fridays", type=MemoryType.TASK),
             mem("c", content="Deploy the gateway on Fridays", type=D, user_id="other"),
             mem("d", content="Deploy the scheduler on Mondays", type=D)]
    assert steps(plan_reflection(items, NOW), StepKind.MERGE) == []


def test_pinned_and_critical_are_never_archived_by_merge():
    items = [mem("p1", content="Never push to main directly", state=MemoryState.PINNED, importance=0.2),
             mem("p2", content="Never push to main directly!", is_critical=True, importance=0.3),
             mem("n", content="never push to main directly.", importance=0.9)]
    plan = plan_reflection(items, NOW)
    archived = {s.change.memory_id for s in steps(plan, StepKind.ARCHIVE_DUPLICATE)}
    assert archived == {"n"}
    assert steps(plan, StepKind.MERGE)[0].memory_ids[0] in {"p1", "p2"}


def test_promotion_once_per_usage_level():
    m = mem("u", usage_count=2, importance=0.5)
    plan = plan_reflection([m], NOW)
    step = steps(plan, StepKind.PROMOTE)[0]
    assert step.change.after["importance"] == pytest.approx(0.6)
    assert step.change.after["metadata"]["promoted_at_usage"] == 2
    promoted = apply_reflection([m], plan, NOW)
    assert steps(plan_reflection(promoted, NOW), StepKind.PROMOTE) == []
    used_more = promoted[0].copy(usage_count=3)
    again = steps(plan_reflection([used_more], NOW), StepKind.PROMOTE)
    assert again and "last promoted at usage 2" in again[0].reason


@pytest.mark.parametrize("importance,expected", [(0.9, 0.95), (0.95, None), (0.99, None)])
def test_promotion_capped(importance, expected):
    plan = plan_reflection([mem("u", usage_count=5, importance=importance)], NOW)
    promos = steps(plan, StepKind.PROMOTE)
    assert (promos[0].change.after["importance"] if promos else None) == (pytest.approx(expected) if expected else None)


def test_usage_below_two_not_promoted():
    assert steps(plan_reflection([mem("u", usage_count=1)], NOW), StepKind.PROMOTE) == []


def test_count_summary_for_three_live_memories_of_a_type():
    contents = ["Use PostgreSQL for billing", "Ship the mobile app in May", "Adopt trunk-based development"]
    items = [mem(f"d{i}", content=c, type=D, importance=0.5 + i / 10) for i, c in enumerate(contents)]
    items.append(mem("t1", content="a task", type=MemoryType.TASK))
    plan = plan_reflection(items, NOW)
    create = steps(plan, StepKind.CREATE_SUMMARY)
    assert len(create) == 1
    spec = create[0].summary
    assert spec.of_type is D and spec.source_ids == ("d0", "d1", "d2")
    assert spec.content == ("3 active decision memories: Adopt trunk-based development; Ship the mobile app in May; "
                            "Use PostgreSQL for billing")
    built = spec.build("s1", NOW)
    assert built.type is MemoryType.NOTE and built.tier is Tier.SEMANTIC and built.source is Source.CONSOLIDATED
    assert SUMMARY_TAG in built.tags and built.metadata["source_ids"] == ["d0", "d1", "d2"]
    assert {lk.kind for lk in spec.links("s1")} == {LinkKind.SUMMARY_OF}


def test_summary_quotes_at_most_five_and_counts_the_rest():
    items = [mem(f"d{i}", content=c, type=D) for i, c in enumerate(texts(7, seed=4, dup_rate=0))]
    spec = steps(plan_reflection(items, NOW), StepKind.CREATE_SUMMARY)[0].summary
    assert spec.content.startswith("7 active decision memories: ") and spec.content.endswith("; +2 more")


def test_source_change_supersedes_old_summary_and_shrink_retires_it():
    contents = ["Use PostgreSQL for billing", "Ship the mobile app in May", "Adopt trunk-based development"]
    items = [mem(f"d{i}", content=c, type=D) for i, c in enumerate(contents)]
    first = apply_reflection(items, plan_reflection(items, NOW), NOW)
    grown = first + [mem("d3", content="a brand new decision about logging", type=D)]
    plan = plan_reflection(grown, NOW)
    create = steps(plan, StepKind.CREATE_SUMMARY)[0]
    assert create.summary.supersedes == ("summary-1",) and "supersedes summary-1" in create.reason
    second = apply_reflection(grown, plan, NOW)
    old = next(m for m in second if m.id == "summary-1")
    assert old.state is MemoryState.SUPERSEDED and old.superseded_by == "summary-2"
    assert plan_reflection(second, NOW).is_empty
    shrunk = [m.copy(state=MemoryState.ARCHIVED) if m.id in ("d0", "d1") else m for m in second]
    retire = steps(plan_reflection(shrunk, NOW), StepKind.RETIRE_SUMMARY)
    assert [s.change.memory_id for s in retire] == ["summary-2"]
    assert retire[0].change.kind is EventKind.ARCHIVED


def corpus(n, seed):
    rng = random.Random(seed)
    kinds = [D, MemoryType.PREFERENCE, MemoryType.TASK, MemoryType.FACT]
    states = [MemoryState.ACTIVE] * 8 + [MemoryState.PINNED, MemoryState.ARCHIVED]
    return [mem(f"m{i}", content=text, type=rng.choice(kinds), state=rng.choice(states),
                importance=round(rng.random(), 2), usage_count=rng.choice([0, 0, 1, 2, 3]),
                is_critical=rng.random() < 0.03, age=timedelta(days=rng.randint(1, 90)))
            for i, text in enumerate(texts(n, seed=seed, dup_rate=0.25))]


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_second_run_over_applied_result_creates_nothing(seed):
    items = corpus(400, seed)
    plan = plan_reflection(items, NOW)
    kinds = {s.kind for s in plan.steps}
    assert {StepKind.MERGE, StepKind.PROMOTE, StepKind.CREATE_SUMMARY} <= kinds
    applied = apply_reflection(items, plan, NOW)
    again = plan_reflection(applied, NOW)
    assert again.is_empty, again.report().to_markdown()
    assert len(live(applied)) == len(live(items)) - plan.count(StepKind.ARCHIVE_DUPLICATE) + plan.count(
        StepKind.CREATE_SUMMARY)


def test_report_lists_every_action():
    items = corpus(120, 9)
    plan = plan_reflection(items, NOW)
    report = plan.report()
    assert len(report.lines) == len(plan.steps)
    md = report.to_markdown()
    assert md.count("\n| ") == len(plan.steps) + 1
    assert report.to_dict()["counts"]["merge"] == plan.count(StepKind.MERGE)


def test_settings_validation():
    with pytest.raises(InvalidInput):
        ReflectSettings(merge_threshold=0)
