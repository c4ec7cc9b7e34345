"""A faithful baseline of the seed-002 retriever: TF-IDF fitted over all candidates at each query,
cosine similarity, then the composite score 0.4 sim + 0.3 importance + 0.2 recency + 0.1 frequency."""

from __future__ import annotations

import math
import time
from collections.abc import Sequence

import numpy as np


class TfidfBaseline:
    """Holds the namespace's memories in memory (as the seed's snapshot does) and refits per query."""

    def __init__(self, texts: Sequence[str], importance: Sequence[float]) -> None:
        self.texts = list(texts)
        self.importance = np.asarray(importance, dtype=np.float64)

    def search(self, query: str, k: int = 10) -> list[int]:
        from sklearn.feature_extraction.text import TfidfVectorizer
        from sklearn.metrics.pairwise import cosine_similarity

        vectorizer = TfidfVectorizer()
        matrix = vectorizer.fit_transform(self.texts + [query])
        sims = cosine_similarity(matrix[-1], matrix[:-1]).ravel()
        recency = math.exp(-0.1 * 0.0)
        frequency = 0.0
        composite = 0.4 * sims + 0.3 * self.importance + 0.2 * recency + 0.1 * frequency
        top = np.argsort(-composite)[:k]
        return top.tolist()


def time_queries(baseline: TfidfBaseline, queries: Sequence[str], k: int = 10) -> list[float]:
    out = []
    for q in queries:
        t = time.perf_counter()
        baseline.search(q, k)
        out.append((time.perf_counter() - t) * 1000)
    return out
