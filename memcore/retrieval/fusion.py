"""Fusing the retrieval channels into one similarity per candidate (SPEC 5.3), as pure functions.

Methods (``FusionMethod``):

- ``max_blend`` (default, M3): ``sim = max(dense, 0.5 * dense + 0.5 * keyword_overlap)``. A
  memory that shares the query's words is never ranked below its dense similarity.
- ``rrf``: reciprocal rank fusion of the sparse and dense rankings, ``sum 1 / (k + rank)``
  with ``k = 60`` (ranks from 1), divided by its maximum so it lies in [0, 1].
- ``linear``: ``0.4 * dense + 0.4 * sparse + 0.2 * keyword_overlap`` where ``sparse`` is the
  BM25 score divided by the best BM25 score of the query (so in [0, 1]).

The candidate cap (M3): above 1,024 candidates only the 512 best by dense similarity plus every
critical or pinned memory get full scoring.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum

import numpy as np

from ..errors import InvalidInput

__all__ = ["FusionMethod", "ChannelScores", "max_blend", "rrf", "linear_blend", "normalize_bm25", "fuse", "fusion_method",
           "cap_candidates", "RRF_K", "CAP_ABOVE", "CAP_KEEP", "LINEAR_WEIGHTS"]

RRF_K = 60
CAP_ABOVE = 1024
CAP_KEEP = 512
LINEAR_WEIGHTS = (0.4, 0.4, 0.2)
"""(dense, sparse, keyword) weights of the ``linear`` fusion."""


class FusionMethod(StrEnum):
    """How channel signals become one similarity (see the module docstring)."""

    MAX_BLEND = "max_blend"
    RRF = "rrf"
    LINEAR = "linear"


@dataclass(frozen=True, slots=True)
class ChannelScores:
    """What each channel said about one candidate memory.

    ``dense`` is the cosine similarity from the dense channel, ``keyword`` the keyword overlap
    of the query with the memory's content, ``sparse`` the BM25 score normalised to [0, 1]
    (:func:`normalize_bm25`); ranks are 1-based positions in each channel's list (None when
    the channel did not return the memory).
    """

    pk: int
    dense: float = 0.0
    keyword: float = 0.0
    sparse: float = 0.0
    sparse_rank: int | None = None
    dense_rank: int | None = None


def max_blend(dense: float | np.ndarray, keyword: float | np.ndarray) -> float | np.ndarray:
    """M3 similarity ``max(dense, 0.5 dense + 0.5 keyword)``; works on scalars and arrays."""
    if isinstance(dense, np.ndarray) or isinstance(keyword, np.ndarray):
        d = np.asarray(dense, dtype=np.float64)
        return np.maximum(d, 0.5 * d + 0.5 * np.asarray(keyword, dtype=np.float64))
    return max(float(dense), 0.5 * float(dense) + 0.5 * float(keyword))


def rrf(rankings: Iterable[Sequence[int]], k: int = RRF_K, *, normalize: bool = True) -> dict[int, float]:
    """Reciprocal rank fusion of ranked pk lists (best first): ``sum 1 / (k + rank)``, rank from 1.

    With ``normalize`` the scores are divided by the best possible score (every list ranking the
    item first), so they lie in (0, 1].
    """
    if k < 0:
        raise InvalidInput("rrf_k", f"{k} must be >= 0")
    lists = [list(r) for r in rankings]
    scores: dict[int, float] = {}
    for ranking in lists:
        for position, pk in enumerate(ranking, start=1):
            scores[pk] = scores.get(pk, 0.0) + 1.0 / (k + position)
    if normalize and lists:
        best = len(lists) / (k + 1)
        scores = {pk: s / best for pk, s in scores.items()}
    return scores


def linear_blend(dense: float, sparse: float, keyword: float,
                 weights: tuple[float, float, float] = LINEAR_WEIGHTS) -> float:
    """``w_dense * dense + w_sparse * sparse + w_keyword * keyword``."""
    return weights[0] * dense + weights[1] * sparse + weights[2] * keyword


def normalize_bm25(raw: Mapping[int, float]) -> dict[int, float]:
    """BM25 scores as SQLite's ``bm25()`` returns them (lower is better, usually negative) -> [0, 1].

    The best candidate gets 1.0, others their share of it; PostgreSQL ``ts_rank`` values
    (higher is better, positive) are accepted too and normalised the same way.
    """
    if not raw:
        return {}
    values = list(raw.values())
    flipped = {pk: -v for pk, v in raw.items()} if max(values) <= 0 else dict(raw)
    best = max(flipped.values())
    if best <= 0:
        return {pk: 0.0 for pk in raw}
    return {pk: max(0.0, v) / best for pk, v in flipped.items()}


def fusion_method(method: FusionMethod | str) -> FusionMethod:
    """The method named by ``method`` (case-insensitive); InvalidInput naming the allowed ones."""
    try:
        return FusionMethod(str(method).lower())
    except ValueError:
        allowed = ", ".join(m.value for m in FusionMethod)
        raise InvalidInput("fusion", f"{method!r} is not allowed; use one of: {allowed}") from None


def fuse(candidates: Sequence[ChannelScores], method: FusionMethod | str = FusionMethod.MAX_BLEND, *,
         rrf_k: int = RRF_K) -> dict[int, float]:
    """Fused similarity per candidate pk with the chosen method (see the module docstring)."""
    chosen = fusion_method(method)
    if chosen is FusionMethod.MAX_BLEND:
        return {c.pk: float(max_blend(c.dense, c.keyword)) for c in candidates}
    if chosen is FusionMethod.LINEAR:
        return {c.pk: linear_blend(c.dense, c.sparse, c.keyword) for c in candidates}
    sparse = sorted((c for c in candidates if c.sparse_rank is not None), key=lambda c: c.sparse_rank)
    dense = sorted((c for c in candidates if c.dense_rank is not None), key=lambda c: c.dense_rank)
    scores = rrf([[c.pk for c in sparse], [c.pk for c in dense]], rrf_k)
    return {c.pk: scores.get(c.pk, 0.0) for c in candidates}


def cap_candidates(candidates: Sequence[ChannelScores], priority: Collection[int] = (), *,
                   above: int = CAP_ABOVE, keep: int = CAP_KEEP) -> list[ChannelScores]:
    """The M3 cap: more than ``above`` candidates -> the ``keep`` best by dense plus every priority one.

    ``priority`` holds the pks of critical or pinned memories. Order of the input is kept.
    """
    if len(candidates) <= above:
        return list(candidates)
    ranked = sorted(range(len(candidates)), key=lambda i: (-candidates[i].dense, i))[:keep]
    chosen = set(ranked)
    wanted = set(priority)
    return [c for i, c in enumerate(candidates) if i in chosen or c.pk in wanted]
