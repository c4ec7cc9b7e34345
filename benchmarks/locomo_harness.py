"""LoCoMo evidence recall on an in-process copy of the engine's retrieval channels.

Emulates the engine exactly, without its database layer:

- sparse: SQLite FTS5 in memory, ``fts5(content, keywords, tokenize='porter unicode61')``,
  ``bm25(f, 1.0, 0.5)`` over :func:`memcore.index.text.fts5_query`;
- dense: the default offline embedder + :class:`memcore.index.DenseIndex`, query embedded with
  IDF weights from :class:`memcore.index.TermStats` (``--no-idf`` to switch off);
- fusion (:mod:`memcore.retrieval.fusion`), candidate cap, ``governance`` scoring
  (:mod:`memcore.scoring`), critical/pinned first, and the SPEC 6 packing for the
  "evidence in context" column (:mod:`memcore.context.packing`).

Usage::

    python benchmarks/locomo_harness.py [--data PATH] [--fusion max_blend|rrf|linear] [--no-idf]
                                        [--before 2] [--after 0] [--json out.json] [--ablations]
"""

from __future__ import annotations

import argparse
import json
import os
import sqlite3
import sys
import time
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from memcore.context.packing import PackSettings, pack  # noqa: E402
from memcore.context.tokens import default_counter  # noqa: E402
from memcore.eval.locomo import LocomoConversation, LocomoReport, evaluate_locomo, load_locomo, turn_memories  # noqa: E402
from memcore.index import (
    BM25_WEIGHTS,
    DenseIndex,
    TermStats,
    embed_query,
    embedding_text,
    keywords_text,
    make_embedder,  # noqa: E402
)
from memcore.index.text import content_term_set, fts5_query, keyword_overlap  # noqa: E402
from memcore.model import Memory, MemoryType, Namespace, Source, Tier  # noqa: E402
from memcore.retrieval.fusion import ChannelScores, cap_candidates, fuse  # noqa: E402
from memcore.retrieval.pipeline import Candidate  # noqa: E402
from memcore.scoring import score_candidates  # noqa: E402

DEFAULT_DATA = Path(os.environ.get("MEMCORE_LOCOMO", "")) if os.environ.get("MEMCORE_LOCOMO") else \
    Path(__file__).resolve().parents[2] / "shared" / "data" / "locomo-dev" / "locomo_dev.json"
NOW = datetime(2026, 1, 1, tzinfo=UTC)


@dataclass
class Options:
    embedder: str = "default"
    fusion: str = "max_blend"
    idf: bool = True
    before: int = 2
    after: int = 0
    context_column: bool = True
    policy: str = "governance"
    budget: int = 2500
    candidate_cap: int = 1024
    dense_keep: int = 512


class PlainBM25Index:
    """The reference baseline: FTS5 bm25 over bare ``speaker: text`` turns, nothing else."""

    def __init__(self, conv: LocomoConversation) -> None:
        self.ids = [t.dia_id for t in conv.turns]
        self.db = sqlite3.connect(":memory:")
        self.db.execute("CREATE VIRTUAL TABLE f USING fts5(content, tokenize='porter unicode61')")
        self.db.executemany("INSERT INTO f(rowid, content) VALUES (?, ?)",
                            [(i, f"{t.speaker}: {t.text}") for i, t in enumerate(conv.turns)])

    def search(self, query: str, k: int) -> list[str]:
        match = fts5_query(query)
        if not match:
            return []
        rows = self.db.execute("SELECT rowid FROM f WHERE f MATCH ? ORDER BY bm25(f) LIMIT ?", (match, k))
        return [self.ids[r[0]] for r in rows]

    def context(self, query: str) -> list[str]:
        return self.search(query, 10)


class HarnessIndex:
    """One conversation indexed the way the engine indexes memories."""

    def __init__(self, conv: LocomoConversation, opts: Options, embedder: Any, counter: Any) -> None:
        self.opts = opts
        self.embedder = embedder
        self.counter = counter
        self.ns = Namespace(conv.sample_id, "locomo")
        self.key = (self.ns.user_id, self.ns.project_id)
        turns = turn_memories(conv, before=opts.before, after=opts.after)
        self.memories: dict[int, Memory] = {}
        self.content_terms: dict[int, frozenset[str]] = {}
        rows = []
        for pk, tm in enumerate(turns, start=1):
            metadata = tm.metadata if opts.context_column else {**tm.metadata, "context": ""}
            memory = Memory(
                id=tm.dia_id, user_id=self.ns.user_id, project_id=self.ns.project_id, content=tm.content,
                type=MemoryType.EVENT, tier=Tier.EPISODIC, importance=0.5, source=Source.IMPORT,
                created_at=NOW, updated_at=NOW, valid_from=tm.date, session_id=f"session_{tm.session}",
                metadata=metadata, token_count=counter.count(tm.content))
            self.memories[pk] = memory
            self.content_terms[pk] = content_term_set(memory.content)
            rows.append((pk, memory.content, keywords_text(memory)))
        self.db = sqlite3.connect(":memory:")
        self.db.execute("CREATE VIRTUAL TABLE f USING fts5(content, keywords, tokenize='porter unicode61')")
        self.db.executemany("INSERT INTO f(rowid, content, keywords) VALUES (?, ?, ?)", rows)
        self.index = DenseIndex(embedder.dim)
        self.index.upsert([r[0] for r in rows], self.key,
                          embedder.embed([embedding_text(self.memories[r[0]]) for r in rows]))
        self.stats = TermStats()
        self.stats.add_many(self.key, [f"{c} {k}" for _, c, k in rows])

    def close(self) -> None:
        self.db.close()

    def _sparse(self, query: str, limit: int) -> list[tuple[int, float]]:
        match = fts5_query(query)
        if not match:
            return []
        weights = ", ".join(str(w) for w in BM25_WEIGHTS)
        sql = f"SELECT rowid, -bm25(f, {weights}) FROM f WHERE f MATCH ? ORDER BY bm25(f, {weights}) LIMIT ?"
        return [(int(pk), float(s)) for pk, s in self.db.execute(sql, (match, limit))]

    def rank(self, query: str, k: int) -> list[Candidate]:
        """The engine's retrieval: channels -> candidates -> fusion -> cap -> scoring -> order."""
        pool = max(k * 8, 100)
        weights = self.stats.query_weights(self.key, query) if self.opts.idf else None
        vector = embed_query(self.embedder, query, weights)
        pks, scores = self.index.search(vector, pool, self.key)
        cands: dict[int, Candidate] = {}
        for rank, (pk, s) in enumerate(zip(pks.tolist(), scores.tolist(), strict=True)):
            cands[pk] = Candidate(pk, self.memories[pk], dense=max(0.0, s), dense_rank=rank, channels=["dense"])
        hits = self._sparse(query, pool)
        top = hits[0][1] if hits else 1.0
        for rank, (pk, s) in enumerate(hits):
            c = cands.setdefault(pk, Candidate(pk, self.memories[pk]))
            c.sparse = s / top if top > 0 else 0.0
            c.sparse_rank = rank
            c.channels.append("sparse")
        terms = content_term_set(query)
        for c in cands.values():
            if c.dense_rank is None:
                stored = self.index.get(c.pk)
                c.dense = max(0.0, float(stored @ vector)) if stored is not None else 0.0
            c.keyword = keyword_overlap(terms, self.content_terms[c.pk]) if terms else 0.0
        channel = [ChannelScores(c.pk, c.dense, c.keyword, c.sparse,
                                 None if c.sparse_rank is None else c.sparse_rank + 1,
                                 None if c.dense_rank is None else c.dense_rank + 1) for c in cands.values()]
        kept = {cs.pk for cs in cap_candidates(channel, [c.pk for c in cands.values() if c.first],
                                               above=self.opts.candidate_cap, keep=self.opts.dense_keep)}
        similarity = fuse([cs for cs in channel if cs.pk in kept], self.opts.fusion)
        scored = [cands[pk] for pk in kept]
        for c in scored:
            c.similarity = similarity[c.pk]
        score_candidates(scored, NOW, self.opts.policy, self.ns)
        return sorted(scored, key=lambda c: (not c.first, -c.score.total, c.pk))

    def search(self, query: str, k: int) -> list[str]:
        return [c.memory.id for c in self.rank(query, k)[:k]]

    def context(self, query: str) -> list[str]:
        result = pack(self.rank(query, 10), query, settings=PackSettings(budget=self.opts.budget),
                      counter=self.counter, project_id=self.ns.project_id)
        return [item.memory.id for item in result.included]


def run(data: Path | list[LocomoConversation], opts: Options, with_context: bool = True) -> LocomoReport:
    """Evaluate LoCoMo evidence recall with the emulated engine under ``opts``."""
    conversations = load_locomo(data) if isinstance(data, Path) else data
    embedder = make_embedder(opts.embedder)
    counter = default_counter()
    opened: list[HarnessIndex] = []

    def make_index(conv: LocomoConversation) -> HarnessIndex:
        index = HarnessIndex(conv, opts, embedder, counter)
        opened.append(index)
        return index

    try:
        return evaluate_locomo(conversations, make_index, with_context=with_context,
                               settings={**opts.__dict__, "embedder_name": embedder.name, "counter": counter.name})
    finally:
        for index in opened:
            index.close()


ABLATIONS: list[tuple[str, dict[str, Any]]] = [
    ("default (max_blend, idf, context 2 before)", {}),
    ("fusion rrf", {"fusion": "rrf"}),
    ("fusion linear", {"fusion": "linear"}),
    ("no query idf", {"idf": False}),
    ("no context", {"context_column": False}),
    ("context 1 before", {"before": 1}),
    ("context 2 before + 1 after", {"after": 1}),
    ("embedder hash-512", {"embedder": "hash-512"}),
]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--data", type=Path, default=DEFAULT_DATA)
    parser.add_argument("--fusion", default="max_blend", choices=["max_blend", "rrf", "linear"])
    parser.add_argument("--embedder", default="default")
    parser.add_argument("--no-idf", action="store_true")
    parser.add_argument("--before", type=int, default=2)
    parser.add_argument("--after", type=int, default=0)
    parser.add_argument("--policy", default="governance")
    parser.add_argument("--json", type=Path)
    parser.add_argument("--ablations", action="store_true", help="also run the ablation table (recall@5/@10)")
    args = parser.parse_args(argv)
    if not args.data.is_file():
        print(f"LoCoMo file not found: {args.data} (set --data or MEMCORE_LOCOMO)", file=sys.stderr)
        return 2
    conversations = load_locomo(args.data)
    opts = Options(embedder=args.embedder, fusion=args.fusion, idf=not args.no_idf, before=args.before,
                   after=args.after, policy=args.policy)
    started = time.perf_counter()
    report = run(conversations, opts)
    print(report.markdown())
    print(f"\n(total {time.perf_counter() - started:.1f} s, embedder {report.settings['embedder_name']}, "
          f"counter {report.settings['counter']})")
    results: dict[str, Any] = {"main": report.to_dict()}
    if args.ablations:
        print("\n| variant | R@5 | R@10 | R@25 |\n|---|---|---|---|")
        results["ablations"] = {}
        baseline = evaluate_locomo(conversations, PlainBM25Index, with_context=False)
        r = baseline.overall.recall
        print(f"| reference: plain bm25 over 'speaker: text' turns | {r[5]:.3f} | {r[10]:.3f} | {r[25]:.3f} |")
        results["ablations"]["plain bm25"] = baseline.to_dict()
        for label, change in ABLATIONS:
            variant = run(conversations, Options(**{**opts.__dict__, **change}), with_context=False)
            r = variant.overall.recall
            print(f"| {label} | {r[5]:.3f} | {r[10]:.3f} | {r[25]:.3f} |")
            results["ablations"][label] = variant.to_dict()
    if args.json:
        args.json.write_text(json.dumps(results, indent=2))
    return 0


if __name__ == "__main__":
    np.seterr(all="ignore")
    raise SystemExit(main())
