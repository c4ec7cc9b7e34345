"""SPEC 6 packing: critical first, relevance gate, broad requests, greedy budget, reasons for everything."""

from __future__ import annotations

import pytest

from memcore.context.packing import PackCandidate, PackSettings, Reason, is_broad_request, memory_line, pack
from memcore.errors import InvalidInput
from memcore.model import Memory, MemoryState, MemoryType


class WordCounter:
    name = "words"

    def count(self, text: str) -> int:
        return len(text.split())


def cand(mid: str, content: str, sim: float = 0.0, kw: float = 0.0, **kw_mem) -> PackCandidate:
    m = Memory(id=mid, user_id="u", project_id=kw_mem.pop("project_id", "p"), content=content, **kw_mem)
    return PackCandidate(memory=m, similarity=sim, keyword=kw)


def test_line_format():
    m = Memory(id="a", user_id="u", project_id="p", content="Uses  pnpm\nnot npm", type=MemoryType.DECISION)
    assert memory_line(m) == "- [decision] Uses pnpm not npm"


def test_gate_admits_by_similarity_or_overlap_only():
    result = pack([cand("a", "alpha", sim=0.7), cand("b", "beta", kw=0.25), cand("c", "gamma", sim=0.6, kw=0.1)],
                  "query", counter=WordCounter())
    assert [i.memory.id for i in result.included] == ["a", "b"]
    skipped = result.skipped[0]
    assert skipped.reason is Reason.GATE and "0.60 < 0.62" in skipped.detail and "0.10 < 0.20" in skipped.detail


def test_critical_and_pinned_go_first_and_bypass_the_gate():
    items = [cand("rel", "relevant thing", sim=0.9),
             cand("pin", "pinned fact", state=MemoryState.PINNED),
             cand("crit", "never deploy on fridays", type=MemoryType.CRITICAL)]
    result = pack(items, "q", counter=WordCounter())
    assert [i.memory.id for i in result.included] == ["pin", "crit", "rel"]
    assert result.items[0].reason is Reason.FIRST and "pinned" in result.items[0].detail


def test_budget_packing_skips_what_does_not_fit_and_keeps_going():
    items = [cand("big", "w " * 20, sim=0.9), cand("mid", "w w w w", sim=0.8), cand("small", "w", sim=0.7)]
    result = pack(items, "q", settings=PackSettings(budget=10), counter=WordCounter())
    assert [i.memory.id for i in result.included] == ["mid", "small"]
    big = result.items[0]
    assert big.reason is Reason.BUDGET and big.tokens == 22 and "10 of 10 left" in big.detail
    assert result.used_tokens == 6 + 3 and result.remaining_tokens == 1
    assert result.text == "- [note] w w w w\n- [note] w"


def test_critical_memories_also_respect_the_strict_budget():
    items = [cand("crit", "x " * 50, is_critical=True), cand("ok", "fits", sim=0.9)]
    result = pack(items, "q", settings=PackSettings(budget=5), counter=WordCounter())
    assert result.items[0].reason is Reason.BUDGET and [i.memory.id for i in result.included] == ["ok"]


def test_broad_requests_admit_same_project_decisions_only():
    items = [cand("dec", "we chose postgres", type=MemoryType.DECISION),
             cand("other", "their stack", type=MemoryType.DECISION, project_id="elsewhere"),
             cand("note", "random note", type=MemoryType.NOTE)]
    broad = pack(items, "Plan the architecture of the backend", counter=WordCounter(), project_id="p")
    assert broad.broad and [i.memory.id for i in broad.included] == ["dec"]
    assert broad.items[0].reason is Reason.BROAD
    narrow = pack(items, "what time is it", counter=WordCounter(), project_id="p")
    assert not narrow.broad and narrow.included == []


@pytest.mark.parametrize("query,broad", [("design the onboarding flow", True), ("Give me a roadmap", True),
                                         ("how should we set up CI", True), ("what is my dog's name", False)])
def test_broad_request_detection(query, broad):
    assert is_broad_request(query) is broad


def test_state_and_duplicates_are_skipped_with_reasons():
    items = [cand("a", "same text", sim=0.9), cand("b", "Same  text", sim=0.9),
             cand("c", "old", sim=0.9, state=MemoryState.ARCHIVED)]
    result = pack(items, "q", counter=WordCounter())
    reasons = {i.memory.id: i.reason for i in result.items}
    assert reasons == {"a": Reason.RELEVANT, "b": Reason.DUPLICATE, "c": Reason.STATE}


def test_max_items_limits_relevant_memories():
    items = [cand(str(i), f"m{i}", sim=0.9) for i in range(5)]
    result = pack(items, "q", settings=PackSettings(max_items=2), counter=WordCounter())
    assert len(result.included) == 2 and result.items[-1].reason is Reason.LIMIT


def test_any_object_with_memory_and_signals_is_accepted():
    class Candidate:
        def __init__(self, memory: Memory) -> None:
            self.memory, self.score, self.similarity, self.keyword = memory, None, 0.9, 0.0

    m = Memory(id="x", user_id="u", project_id="p", content="hello")
    assert pack([Candidate(m)], "q").included[0].memory is m
    with pytest.raises(InvalidInput):
        pack([object()], "q")
    with pytest.raises(InvalidInput):
        PackSettings(budget=-1)


def test_result_serialises_for_the_trace():
    data = pack([cand("a", "alpha", sim=0.9)], "q", counter=WordCounter()).to_dict()
    assert data["items"][0]["included"] is True and data["items"][0]["reason"] == "relevant"
    assert data["counter"] == "words" and data["budget"] == 2500
