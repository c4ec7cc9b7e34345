"""Hybrid retrieval (SPEC 5): structured filter -> sparse + dense (+ graph) channels -> fusion ->
candidate cap -> policy scoring -> critical/pinned first. Every stage is timed for the trace.
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import datetime
from functools import lru_cache
from typing import Any

import numpy as np
from sqlalchemy import select

from ..errors import InvalidInput
from ..model import RETRIEVABLE_STATES, Memory, MemoryState, MemoryType, Namespace, Score, Tier
from ..model.validation import parse_enum, positive_int
from ..runtime import Runtime
from ..store import memories as repo
from ..store import schema, sparse
from ..store.traces import compact_score
from .fusion import ChannelScores, FusionMethod, cap_candidates, fuse, fusion_method, max_blend

MAX_K = 500
POOL_PER_K = 5  # candidates each channel contributes per requested result
POOL_MIN = 50
COMMON_SHARE = 0.08  # in namespaces of >= PRUNE_FROM memories, keyword terms in more than this share of
PRUNE_FROM = 2000    # memories carry almost no BM25 weight and are left to the dense channel


@dataclass(frozen=True)
class SearchQuery:
    """What to look for and where. Empty filters do not filter; states default to active + pinned."""

    text: str
    k: int = 10
    types: tuple[MemoryType, ...] = ()
    tiers: tuple[Tier, ...] = ()
    tags: tuple[str, ...] = ()
    states: tuple[MemoryState, ...] = RETRIEVABLE_STATES
    valid_at: datetime | None = None
    created_after: datetime | None = None
    created_before: datetime | None = None
    policy: str | None = None
    fusion: str | None = None
    expand_graph: bool = False

    @classmethod
    def build(cls, text: str, k: int = 10, *, types: Any = (), tiers: Any = (), tags: Any = (), states: Any = None,
              valid_at: Any = None, created_after: Any = None, created_before: Any = None, policy: str | None = None,
              fusion: str | None = None, expand_graph: bool = False) -> SearchQuery:
        from ..clock import parse_time

        if not isinstance(text, str):
            raise InvalidInput("query", "must be text")

        def many(value: Any) -> list[Any]:
            if value is None or value == "":
                return []
            return [v for v in value.split(",") if v.strip()] if isinstance(value, str) else list(value)

        return cls(
            text=text.strip(), k=positive_int(k, "k", minimum=1, maximum=MAX_K),
            types=tuple(parse_enum(t, MemoryType, "type") for t in many(types)),
            tiers=tuple(parse_enum(t, Tier, "tier") for t in many(tiers)),
            tags=tuple(str(t).strip().lower() for t in many(tags)),
            states=tuple(parse_enum(s, MemoryState, "state") for s in many(states)) or RETRIEVABLE_STATES,
            valid_at=parse_time(valid_at, "valid_at"), created_after=parse_time(created_after, "created_after"),
            created_before=parse_time(created_before, "created_before"), policy=policy, fusion=fusion,
            expand_graph=expand_graph)

    @property
    def narrowed(self) -> bool:
        """True when the filter is narrower than 'live memories of the namespace'."""
        return bool(self.types or self.tiers or self.tags or self.valid_at or self.created_after
                    or self.created_before or set(self.states) != set(RETRIEVABLE_STATES))

    def memory_filter(self) -> repo.MemoryFilter:
        return repo.MemoryFilter(states=self.states, types=self.types, tiers=self.tiers, tags=self.tags,
                                 created_after=self.created_after, created_before=self.created_before,
                                 valid_at=self.valid_at)

    def filters_dict(self) -> dict[str, Any]:
        return {"k": self.k, "types": [t.value for t in self.types], "tiers": [t.value for t in self.tiers],
                "tags": list(self.tags), "states": [s.value for s in self.states],
                "valid_at": self.valid_at.isoformat() if self.valid_at else None,
                "created_after": self.created_after.isoformat() if self.created_after else None,
                "created_before": self.created_before.isoformat() if self.created_before else None,
                "expand_graph": self.expand_graph}


@dataclass
class Candidate:
    """One memory considered by retrieval, with what each channel said about it."""

    pk: int
    memory: Memory
    dense: float = 0.0
    sparse: float = 0.0
    sparse_rank: int | None = None
    dense_rank: int | None = None
    keyword: float = 0.0
    graph: float = 0.0
    similarity: float = 0.0
    channels: list[str] = field(default_factory=list)
    score: Score | None = None
    capped: bool = False
    trace_rows: dict[int, list[Any]] | None = field(default=None, repr=False, compare=False)  # shared per run

    @property
    def first(self) -> bool:
        """Critical and pinned memories sort before everything else."""
        return self.memory.critical or self.memory.state is MemoryState.PINNED

    def to_trace(self, rows: dict[int, list[Any]] | None = None) -> dict[str, Any]:
        """Stored form: the score breakdown compact (see ``store.traces.expand``). Score parts
        already compacted for another candidate of the same run are reused (``trace_rows``,
        or ``rows`` when given; see ``store.traces.compact_score``)."""
        m = self.memory
        return {"memory_id": m.id, "type": m.type.value, "state": m.state.value, "tier": m.tier.value,
                "text": m.content[:160], "channels": self.channels, "dense": round(self.dense, 4),
                "sparse": round(self.sparse, 4), "keyword": round(self.keyword, 4), "graph": round(self.graph, 4),
                "similarity": round(self.similarity, 4), "critical": m.critical, "pinned": m.pinned,
                "score": compact_score(self.score, self.trace_rows if rows is None else rows), "capped": self.capped}


@dataclass(frozen=True)
class ScoredMemory:
    memory: Memory
    score: Score
    similarity: float
    dense: float
    keyword: float
    sparse: float = 0.0
    channels: tuple[str, ...] = ()

    def to_dict(self) -> dict[str, Any]:
        return {"memory": self.memory.to_dict(), "score": self.score.to_dict(), "similarity": self.similarity,
                "dense": self.dense, "keyword": self.keyword, "sparse": self.sparse, "channels": list(self.channels)}


@dataclass
class Retrieval:
    """Everything one retrieval run found: ranked candidates and per-stage latency (ms)."""

    query: SearchQuery
    ranked: list[Candidate]
    latency_ms: dict[str, float]
    channel_counts: dict[str, int]
    capped: bool

    def trace_header(self, settings: Any) -> dict[str, Any]:
        """The part of a search or context trace that describes the retrieval run."""
        return {"query": self.query.text, "filters": self.query.filters_dict(),
                "policy": self.query.policy or settings.scoring_policy,
                "fusion": self.query.fusion or settings.fusion, "channels": self.channel_counts,
                "capped": self.capped}


class _Timer:
    def __init__(self) -> None:
        self.stages: dict[str, float] = {}
        self._t = time.perf_counter()

    def lap(self, stage: str) -> None:
        now = time.perf_counter()
        self.stages[stage] = round(self.stages.get(stage, 0.0) + (now - self._t) * 1000, 3)
        self._t = now


def retrieve(rt: Runtime, ns: Namespace, query: SearchQuery, *, pool: int | None = None,
             include_first: bool = True) -> Retrieval:
    """Run the channels, fuse, cap and score. ``pool``: how many each channel contributes.

    ``include_first``: every critical or pinned memory that passes the filter becomes a candidate
    (what the context builder needs, since it injects them all); when False they are candidates
    only if a channel found them (plain search; a query without text has no channel, so it still
    takes them). Either way they sort first among the results.
    """
    from ..scoring import resolve_policy, score_candidates

    settings = rt.settings
    policy = resolve_policy(query.policy or settings.scoring_policy)
    timer = _Timer()
    per_channel = pool or max(query.k * POOL_PER_K, POOL_MIN)
    ns_key = (ns.user_id, ns.project_id)
    with rt.db.read() as conn:
        allowed: np.ndarray | None = None
        if query.narrowed:
            T = schema.memories
            allowed = np.fromiter((r[0] for r in conn.execute(select(T.c.pk).where(
                *repo.clauses(ns, query.memory_filter())))), dtype=np.int64)
        timer.lap("filter")
        vector = None
        dense_hits: list[tuple[int, float]] = []
        scan: dict[str, int] = {}
        if query.text:
            from ..index.embedders import embed_query

            vector = embed_query(rt.get_embedder(), query.text, rt.terms.query_weights(ns_key, query.text))
            timer.lap("embed")
            if set(query.states) <= set(RETRIEVABLE_STATES):
                found = rt.index.hits(vector, per_channel, ns_key, allowed)
                dense_hits = list(zip(found.pks.tolist(), found.scores.tolist(), strict=True))
                scan = {"dense_scanned": found.scanned, "dense_vectors": found.size}
            elif allowed is not None and allowed.size:
                dense_hits = _dense_from_store(conn, allowed, vector, per_channel)
            timer.lap("dense")
        live_only = set(query.states) <= set(RETRIEVABLE_STATES)
        keyword_text = selective_terms(rt, ns_key, query.text, live_only=live_only) if query.text else ""
        dominant = live_only and allowed is None and rt.index.count(ns_key) * 2 >= len(rt.index)
        idf = _fts_idf(rt, keyword_text) if keyword_text and rt.terms.doc_count(ns_key) >= PRUNE_FROM else None
        sparse_hits = sparse.search(conn, ns, keyword_text, per_channel + per_channel // 4,
                                    tuple(s.value for s in query.states),
                                    filter_namespace=not dominant, idf=idf) if keyword_text else []
        if allowed is not None:
            allowed_set = set(allowed.tolist())
            sparse_hits = [(pk, s) for pk, s in sparse_hits if pk in allowed_set]
        elif live_only:
            index = rt.index
            sparse_hits = [(pk, s) for pk, s in sparse_hits if index.namespace_of(pk) == ns_key]
        sparse_hits = sparse_hits[:per_channel]
        timer.lap("sparse")
        first_pks = _critical_and_pinned(conn, ns, query) if include_first or not query.text else []
        if not query.text and allowed is not None:
            first_pks = sorted(set(first_pks) | set(allowed[:2048].tolist()))
        candidates = _gather(conn, dense_hits, sparse_hits, first_pks)
        if query.expand_graph and candidates:
            _expand_graph(conn, ns, candidates, query)
        timer.lap("fetch")
    if vector is not None:
        _fill_dense(rt, ns_key, candidates, vector)
    _keyword(candidates, query.text)
    method = fusion_method(settings.fusion if query.fusion is None else query.fusion)
    pool = list(candidates.values())
    kept = pool
    if len(pool) > settings.candidate_cap:
        keep = {cs.pk for cs in cap_candidates([_channel_scores(c) for c in pool], [c.pk for c in pool if c.first],
                                               above=settings.candidate_cap, keep=settings.dense_keep)}
        for c in pool:
            c.capped = c.pk not in keep
        kept = [c for c in pool if not c.capped]
    capped = len(kept) < len(pool)
    if method is FusionMethod.MAX_BLEND:
        blended = max_blend(np.array([c.dense for c in kept]), np.array([c.keyword for c in kept]))
        values = np.asarray(blended).tolist()
    else:
        fused = fuse([_channel_scores(c) for c in kept], method)
        values = [fused[c.pk] for c in kept]
    for c, value in zip(kept, values, strict=True):
        c.similarity = max(value, c.graph * 0.5)
    timer.lap("fuse")
    scored = kept
    score_candidates(scored, rt.now(), policy, ns)
    rows: dict[int, list[Any]] = {}
    for c in scored:
        c.trace_rows = rows
    ranked = sorted(scored, key=lambda c: (not c.first, -c.score.total, c.pk))
    timer.lap("score")
    counts = {"dense": len(dense_hits), "sparse": len(sparse_hits), "critical_pinned": len(first_pks),
              "candidates": len(candidates), "scored": len(scored), **scan}
    return Retrieval(query, ranked, timer.stages, counts, capped)


def _channel_scores(c: Candidate) -> ChannelScores:
    """What the channels said about a candidate, with 1-based ranks (the fusion module's input)."""
    return ChannelScores(pk=c.pk, dense=c.dense, keyword=c.keyword, sparse=c.sparse,
                         sparse_rank=None if c.sparse_rank is None else c.sparse_rank + 1,
                         dense_rank=None if c.dense_rank is None else c.dense_rank + 1)


def selective_terms(rt: Runtime, ns_key: tuple[str, str], text: str, *, live_only: bool = False) -> str:
    """The query words worth sending to the full-text engine. In a large namespace, words found in
    more than COMMON_SHARE of its memories are dropped (their BM25 idf is near zero, and matching them
    costs the most; the two rarest words are always kept), and with ``live_only`` so are words no
    memory of the namespace contains: they match no row the search keeps, and add nothing to the
    bm25 score of a row that is kept."""
    from ..index.text import STOPWORDS, stem, words

    terms = list(dict.fromkeys(w for w in words(text) if w not in STOPWORDS))
    total = rt.terms.doc_count(ns_key)
    if total < PRUNE_FROM:
        return " ".join(terms)
    freq = {t: rt.terms.doc_freq(ns_key, stem(t)) for t in terms}
    if live_only:
        terms = [t for t in terms if freq[t]]
    if len(terms) <= 2:
        return " ".join(terms)
    rare = [t for t in terms if freq[t] / total <= COMMON_SHARE]
    if len(rare) < 2:
        rare = sorted(terms, key=lambda t: freq[t])[:2]
    return " ".join(rare)


def _fts_idf(rt: Runtime, text: str) -> dict[str, float]:
    """Estimated full-text idf of each query word, from the term counts of every namespace (the
    full-text index is shared by all of them); lets a large namespace's keyword query skip term
    groups that cannot reach its top rows (``store.sparse``)."""
    from ..index.text import query_words, stem

    total = rt.terms.total_doc_count()
    return {w: sparse.fts5_idf(total, rt.terms.total_doc_freq(stem(w))) for w in query_words(text)}


def _dense_from_store(conn: Any, allowed: np.ndarray, vector: np.ndarray, limit: int) -> list[tuple[int, float]]:
    """Dense scores for memories outside the live index (e.g. archived, when asked), from stored vectors."""
    T, V = schema.memories, schema.memory_vectors
    hits: list[tuple[int, float]] = []
    ids = allowed.tolist()[:20_000]
    for start in range(0, len(ids), 900):
        for pk, blob in conn.execute(select(T.c.pk, V.c.embedding).select_from(T.join(V, V.c.memory_id == T.c.id))
                                     .where(T.c.pk.in_(ids[start:start + 900]))):
            if blob is not None and len(blob) == vector.size * 4:
                hits.append((pk, float(np.frombuffer(blob, dtype=np.float32) @ vector)))
    hits.sort(key=lambda h: -h[1])
    return hits[:limit]


def _critical_and_pinned(conn: Any, ns: Namespace, query: SearchQuery) -> list[int]:
    """Every pinned or critical memory that passes the filter (two indexed lookups, not a scan)."""
    T = schema.memories
    where = repo.clauses(ns, query.memory_filter())
    pinned = select(T.c.pk).where(*where, T.c.state == MemoryState.PINNED.value)
    critical = select(T.c.pk).where(*where, T.c.is_critical.is_(True))
    return [r[0] for r in conn.execute(pinned.union(critical).limit(2048))]


def _gather(conn: Any, dense_hits: Sequence[tuple[int, float]], sparse_hits: Sequence[tuple[int, float]],
            first_pks: Sequence[int]) -> dict[int, Candidate]:
    pks = list(dict.fromkeys([pk for pk, _ in dense_hits] + [pk for pk, _ in sparse_hits] + list(first_pks)))
    memories = repo.get_by_pks(conn, pks)
    out: dict[int, Candidate] = {}
    for rank, (pk, score) in enumerate(dense_hits):
        if pk in memories:
            out[pk] = Candidate(pk, memories[pk], dense=max(0.0, score), dense_rank=rank, channels=["dense"])
    top_sparse = sparse_hits[0][1] if sparse_hits else 1.0
    for rank, (pk, score) in enumerate(sparse_hits):
        if pk not in memories:
            continue
        c = out.setdefault(pk, Candidate(pk, memories[pk]))
        c.sparse = score / top_sparse if top_sparse > 0 else 0.0
        c.sparse_rank = rank
        c.channels.append("sparse")
    for pk in first_pks:
        if pk in memories:
            c = out.setdefault(pk, Candidate(pk, memories[pk]))
            if "critical_pinned" not in c.channels:
                c.channels.append("critical_pinned")
    return out


@lru_cache(maxsize=65536)
def _terms_of(text: str) -> frozenset[str]:
    """Content stems of a memory's text (cached by the text itself, so edits never see stale terms)."""
    from ..index.text import content_term_set

    return content_term_set(text)


def _keyword(candidates: dict[int, Candidate], text: str) -> None:
    """Keyword overlap of the query's content terms with each candidate's content, tags and entities."""
    from ..index.text import content_term_set, keyword_overlap

    terms = content_term_set(text)
    if not terms:
        return
    for c in candidates.values():
        m = c.memory
        c.keyword = keyword_overlap(terms, _terms_of(" ".join([m.content, *m.tags, *m.entities])))


def _fill_dense(rt: Runtime, ns_key: tuple[str, str], candidates: dict[int, Candidate], vector: np.ndarray) -> None:
    """Dense similarity for candidates that came only from other channels."""
    missing = [c for c in candidates.values() if c.dense_rank is None]
    if not missing:
        return
    for c, value in zip(missing, rt.index.similarities(vector, [c.pk for c in missing]).tolist(), strict=True):
        if value == value:  # not NaN: the memory is indexed
            c.dense = max(0.0, value)


def _expand_graph(conn: Any, ns: Namespace, candidates: dict[int, Candidate], query: SearchQuery,
                  limit: int = 50) -> None:
    """Graph expansion: memories linked to the top candidates, or sharing their entities."""
    from ..store import links as link_repo

    top = sorted(candidates.values(), key=lambda c: -(c.dense + c.sparse))[:10]
    linked: dict[str, float] = {}
    for c in top:
        for link in link_repo.of_memory(conn, ns, c.memory.id):
            other = link.target_id if link.source_id == c.memory.id else link.source_id
            linked[other] = max(linked.get(other, 0.0), link.weight)
    known = {c.memory.id for c in candidates.values()}
    wanted = [i for i in linked if i not in known][:limit]
    if not wanted:
        return
    flt = query.memory_filter()
    T = schema.memories
    rows = conn.execute(select(T.c.pk, T.c.id).where(T.c.id.in_(wanted), *repo.clauses(ns, flt))).all()
    memories = repo.get_by_pks(conn, [r.pk for r in rows])
    for pk, memory in memories.items():
        candidates[pk] = Candidate(pk, memory, graph=linked.get(memory.id, 0.0), channels=["graph"])
