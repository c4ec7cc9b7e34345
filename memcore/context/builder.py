"""The context builder (SPEC 6): sweep, retrieve, pack under the budget, record usage and the trace.

Everything that went into a prompt can be reconstructed from the trace: which memories were
considered, which were included and why, which were skipped and why, at what token cost.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Any

from sqlalchemy import case, update

from ..lifecycle.decay import DecaySettings
from ..model import Actor, Event, EventKind, Namespace, Score
from ..retrieval.pipeline import SearchQuery, retrieve
from ..runtime import Runtime
from ..store import events as event_repo
from ..store import schema
from ..store import traces as trace_repo
from ..store.ids import new_id
from .packing import PackItem, PackSettings, pack

CONTEXT_POOL = 40
EPISODE_FALLBACK_MIN = 1  # fewer relevant notes than this: fall back to the episodes (raw turns)
EPISODE_LINE_CHARS = 300
EPISODE_MIN_ROOM = 16  # tokens; with less room left no episode line can fit
RECALL_MULTIPLIER = DecaySettings().recall_multiplier
MAX_STABILITY = DecaySettings().max_stability_days  # ranked candidates offered to the packer besides every critical/pinned one


@dataclass(frozen=True)
class ContextItem:
    memory_id: str
    memory_type: str
    line: str
    tokens: int
    score: Score | None
    similarity: float
    keyword: float
    decision: str  # "included" | "skipped"
    reason: str
    detail: str

    @classmethod
    def of(cls, item: PackItem) -> ContextItem:
        return cls(item.memory.id, item.memory.type.value, item.line, item.tokens, item.score, item.similarity,
                   item.keyword, "included" if item.included else "skipped", item.reason.value, item.detail)

    def to_dict(self) -> dict[str, Any]:
        return {"memory_id": self.memory_id, "type": self.memory_type, "line": self.line, "tokens": self.tokens,
                "score": self.score.to_dict() if self.score else None, "similarity": self.similarity,
                "keyword": self.keyword, "decision": self.decision, "reason": self.reason, "detail": self.detail}


@dataclass(frozen=True)
class ContextResult:
    query: str
    text: str
    included: list[ContextItem]
    skipped: list[ContextItem]
    tokens_used: int
    budget: int
    trace_id: str | None
    latency_ms: dict[str, float]
    swept: int = 0

    def to_dict(self) -> dict[str, Any]:
        return {"query": self.query, "text": self.text, "included": [i.to_dict() for i in self.included],
                "skipped": [i.to_dict() for i in self.skipped], "tokens_used": self.tokens_used,
                "budget": self.budget, "trace_id": self.trace_id, "latency_ms": self.latency_ms,
                "swept": self.swept}


def build_context(rt: Runtime, ns: Namespace, query: SearchQuery, *, budget: int | None = None,
                  record: bool = True, sweep_first: bool | None = None) -> ContextResult:
    """Build the memory block for a prompt. ``record=False`` changes nothing (no usage, events or trace).

    The trace, the usage bumps and the injection events are assembled and persisted by the
    write-behind queue (reading traces flushes it first).
    """
    started = time.perf_counter()
    stages: dict[str, float] = {}
    swept = 0
    if record and (rt.settings.sweep_before_context if sweep_first is None else sweep_first):
        from ..ops.lifecycle import sweep

        swept = len(sweep(rt, ns).events)
        stages["sweep"] = round((time.perf_counter() - started) * 1000, 3)
    run = retrieve(rt, ns, query, pool=max(CONTEXT_POOL, query.k * 2))
    stages.update(run.latency_ms)
    t = time.perf_counter()
    cfg = PackSettings(budget=rt.settings.context_budget if budget is None else budget,
                       gate_similarity=rt.settings.relevance_gate_sim, gate_overlap=rt.settings.relevance_gate_overlap,
                       small_memory_tokens=rt.settings.small_memory_tokens)
    offered = [c for c in run.ranked if c.first] + [c for c in run.ranked if not c.first][:max(CONTEXT_POOL, query.k)]
    whole = not query.narrowed and len(offered) == len(run.ranked) >= rt.index.count((ns.user_id, ns.project_id))
    packed = pack(offered, query.text, settings=cfg, counter=rt.tokens, project_id=ns.project_id, whole=whole)
    stages["pack"] = round((time.perf_counter() - t) * 1000, 3)
    included = [ContextItem.of(i) for i in packed.included]
    skipped = [ContextItem.of(i) for i in packed.skipped]
    text, used = packed.text, packed.used_tokens
    relevant = [i for i in packed.included if i.reason.value not in ("critical_or_pinned",)]
    if query.text and len(relevant) < EPISODE_FALLBACK_MIN and cfg.budget - used >= EPISODE_MIN_ROOM:
        t = time.perf_counter()
        episodes = _episode_fallback(rt, ns, query.text, cfg.budget - used, len(relevant))
        included += episodes
        used += sum(e.tokens for e in episodes)
        text = "\n".join([text, *[e.line for e in episodes]]).strip("\n")
        stages["episodes"] = round((time.perf_counter() - t) * 1000, 3)
    trace_id = None
    if record:
        t = time.perf_counter()
        trace_id = new_id()
        stages["total"] = round((time.perf_counter() - started) * 1000, 3)
        latency, now = dict(stages), rt.now()

        def persist(conn: Any) -> None:
            decisions = {i.memory.id: i.decision() for i in packed.items}
            candidates = []
            for c in run.ranked[:200]:
                entry = c.to_trace()
                entry.update(decisions.get(c.memory.id, {}))
                if c.memory.id not in decisions:
                    entry.update({"included": False, "reason": "limit",
                                  "detail": f"ranked below the {len(offered)} candidates offered to the packer"})
                entry["decision"] = "included" if entry.get("included") else "skipped"
                candidates.append(entry)
            payload = {**run.trace_header(rt.settings), "budget": packed.budget, "tokens_used": used,
                       "counter": packed.counter, "broad_request": packed.broad,
                       "included": [i.memory_id for i in included], "skipped": [i.memory_id for i in skipped],
                       "candidates": candidates, "context": text,
                       "episodes": [i.to_dict() for i in included if i.memory_type == "episode"],
                       "latency_ms": latency, "swept": swept}
            memory_ids = list(dict.fromkeys([*(c["memory_id"] for c in candidates), *(i.memory_id for i in included)]))
            trace_repo.save(conn, ns, "context", query.text, now, payload, latency_ms=latency["total"],
                            tokens_used=used, memory_ids=memory_ids, trace_id=trace_id)
            _mark_injected(conn, ns, [i for i in included if i.memory_type != "episode"], now, trace_id)

        rt.writer.submit(persist)
        stages["record"] = round((time.perf_counter() - t) * 1000, 3)
    stages["total"] = round((time.perf_counter() - started) * 1000, 3)
    return ContextResult(query.text, text, included, skipped, used, packed.budget, trace_id, stages, swept)


def _episode_fallback(rt: Runtime, ns: Namespace, query: str, room: int, notes: int) -> list[ContextItem]:
    """The second tier: when notes are too few, the best-matching conversation turns (episodes)."""
    from ..ops.episodes import episode_hits

    out: list[ContextItem] = []
    for hit in episode_hits(rt, ns, query):
        excerpt = " ".join(hit["text"].split())[:EPISODE_LINE_CHARS]
        line = f"- [episode] {excerpt}"
        tokens = rt.count_tokens(line)
        if tokens > room:
            continue
        room -= tokens
        out.append(ContextItem(hit["turn_id"], "episode", line, tokens, None, 0.0, hit["overlap"], "included",
                               "episode_fallback", f"only {notes} note(s) passed the gate; turn from "
                               f"{hit['episode_id']} (keyword overlap {hit['overlap']:.2f}), {tokens} tokens"))
    return out


def _mark_injected(conn: Any, ns: Namespace, included: list[ContextItem], now: Any, trace_id: str) -> None:
    """Injected memories: usage_count + 1, last_used_at, stability x 1.5 (a recall, capped at 365 days),
    and one injection event each."""
    if not included:
        return
    T = schema.memories
    ids = [i.memory_id for i in included]
    grown = T.c.stability * RECALL_MULTIPLIER
    conn.execute(update(T).where(T.c.id.in_(ids), T.c.user_id == ns.user_id, T.c.project_id == ns.project_id)
                 .values(usage_count=T.c.usage_count + 1, last_used_at=now.timestamp(),
                         stability=case((grown > MAX_STABILITY, MAX_STABILITY), else_=grown)))
    event_repo.insert_events(conn, [Event(
        id=new_id(), user_id=ns.user_id, project_id=ns.project_id, kind=EventKind.INJECTED, actor=Actor.ENGINE,
        at=now, memory_id=i.memory_id, reason=f"injected into a prompt ({i.tokens} tokens, {i.reason})",
        after={"tokens": i.tokens, "reason": i.reason}, trace_id=trace_id) for i in included])
