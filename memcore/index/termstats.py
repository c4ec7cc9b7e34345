"""Document frequencies of content terms per namespace, for query-side term weighting.

The offline embedder has no corpus statistics of its own, so the engine keeps these counts
beside the dense index (rebuildable from stored contents) and weights query terms by their
BM25 inverse document frequency: a name that occurs in half of a user's memories counts
little, a rare word counts a lot. Only counts are kept, never texts.
"""

from __future__ import annotations

import math
import threading
from collections import Counter
from collections.abc import Hashable, Iterable

from .text import content_term_set

__all__ = ["TermStats", "bm25_idf"]


def bm25_idf(doc_count: int, doc_freq: int) -> float:
    """BM25's inverse document frequency ``ln(1 + (N - df + 0.5) / (df + 0.5))`` (always > 0)."""
    return math.log(1.0 + (doc_count - doc_freq + 0.5) / (doc_freq + 0.5))


class TermStats:
    """Per-namespace document frequencies of content stems. Thread-safe."""

    def __init__(self) -> None:
        self._df: dict[Hashable, Counter[str]] = {}
        self._docs: Counter[Hashable] = Counter()
        self._all: Counter[str] = Counter()  # over every namespace
        self._lock = threading.Lock()

    def add(self, namespace: Hashable, text: str) -> None:
        """Count one document (a memory's indexed text) in ``namespace``."""
        self.add_many(namespace, [text])

    def add_many(self, namespace: Hashable, texts: Iterable[str]) -> None:
        """Count several documents of ``namespace``."""
        sets = [content_term_set(t) for t in texts]
        with self._lock:
            df = self._df.setdefault(namespace, Counter())
            for terms in sets:
                df.update(terms)
                self._all.update(terms)
            self._docs[namespace] += len(sets)

    def remove(self, namespace: Hashable, text: str) -> None:
        """Uncount a document previously added with the same text (on edit or delete)."""
        terms = content_term_set(text)
        with self._lock:
            df = self._df.get(namespace)
            if df is None or self._docs[namespace] == 0:
                return
            for term in terms:
                left = df[term] - 1
                if left > 0:
                    df[term] = left
                else:
                    df.pop(term, None)
                if self._all[term] > 1:
                    self._all[term] -= 1
                else:
                    self._all.pop(term, None)
            self._docs[namespace] -= 1

    def rebuild(self, rows: Iterable[tuple[Hashable, str]]) -> int:
        """Replace all counts from ``(namespace, text)`` rows; returns the number of documents."""
        fresh: dict[Hashable, Counter[str]] = {}
        docs: Counter[Hashable] = Counter()
        every: Counter[str] = Counter()
        for namespace, text in rows:
            terms = content_term_set(text)
            fresh.setdefault(namespace, Counter()).update(terms)
            every.update(terms)
            docs[namespace] += 1
        with self._lock:
            self._df, self._docs, self._all = fresh, docs, every
        return sum(docs.values())

    def doc_count(self, namespace: Hashable) -> int:
        """How many documents ``namespace`` holds."""
        with self._lock:
            return self._docs[namespace]

    def doc_freq(self, namespace: Hashable, term: str) -> int:
        """In how many documents of ``namespace`` the stem ``term`` occurs."""
        with self._lock:
            df = self._df.get(namespace)
            return df[term] if df else 0

    def total_doc_count(self) -> int:
        """How many documents all namespaces hold together."""
        with self._lock:
            return sum(self._docs.values())

    def total_doc_freq(self, term: str) -> int:
        """In how many documents of any namespace the stem ``term`` occurs."""
        with self._lock:
            return self._all[term]

    def weights(self, namespace: Hashable, terms: Iterable[str]) -> dict[str, float]:
        """BM25 IDF of each stem in ``terms`` within ``namespace``."""
        with self._lock:
            df = self._df.get(namespace) or Counter()
            n = self._docs[namespace]
            return {t: bm25_idf(n, df[t]) for t in terms}

    def query_weights(self, namespace: Hashable, query: str) -> dict[str, float]:
        """IDF weights for the content stems of ``query`` (pass to ``embed_query``)."""
        return self.weights(namespace, content_term_set(query))
