"""An approximate inverted-file (IVF) layer for the large partitions of the dense index.

Spherical k-means on a seeded sample of the partition gives ``lists`` centroids; every row
belongs to the list of its nearest centroid (its *home*). The partition's rows are then
regrouped so each list is one contiguous block of the matrix, and a search scores only the
blocks of the lists whose centroids are closest to the query, until a share of the partition
has been scanned. Scores of the rows it does scan are exact dot products.

Between regroupings the partition keeps changing: new rows land at the end, removals move the
last row into the hole, upserts may change a row's home. A row that does not sit in its home's
block is *misplaced*; a search scores every misplaced row whose home it probes, so nothing
inserted is ever unreachable. The partition regroups when misplaced rows pile up and retrains
when it has grown, shrunk or changed a lot since training (see :meth:`InvertedLists.stale`).

Everything is deterministic: the sample and the initial centroids come from a fixed seed.
"""

from __future__ import annotations

import math

import numpy as np

__all__ = ["InvertedLists", "train", "nearest", "list_count"]

SEED = 20_240_601
SAMPLE_PER_LIST = 32
ITERATIONS = 8
LISTS_PER_SQRT = 2.0  # lists = 2 sqrt(n): at a fixed scanned share, finer lists recall more (measured)
REGROUP_SHARE = 0.05  # regroup once this share of rows is misplaced
CHUNK = 8192


def list_count(n: int) -> int:
    """How many lists a partition of ``n`` vectors gets."""
    return max(1, min(n, int(round(LISTS_PER_SQRT * math.sqrt(n)))))


def nearest(centroids: np.ndarray, vectors: np.ndarray) -> np.ndarray:
    """The index of the nearest (highest dot product) centroid of each row, as int32."""
    out = np.empty(vectors.shape[0], dtype=np.int32)
    for start in range(0, vectors.shape[0], CHUNK):
        out[start:start + CHUNK] = np.argmax(vectors[start:start + CHUNK] @ centroids.T, axis=1)
    return out


def train(vectors: np.ndarray, lists: int, seed: int = SEED, iterations: int = ITERATIONS) -> np.ndarray:
    """Spherical k-means centroids (``lists`` x dim, unit rows) from a seeded sample of ``vectors``."""
    rng = np.random.default_rng(seed)
    n = vectors.shape[0]
    take = min(n, SAMPLE_PER_LIST * lists)
    sample = vectors[np.sort(rng.choice(n, take, replace=False))] if take < n else vectors
    centroids = sample[np.sort(rng.choice(sample.shape[0], lists, replace=False))].astype(np.float32)
    for _ in range(iterations):
        home = nearest(centroids, sample)
        order = np.argsort(home, kind="stable")
        counts = np.bincount(home, minlength=lists)
        starts = np.concatenate(([0], np.cumsum(counts)[:-1]))
        filled = counts > 0
        sums = np.add.reduceat(sample[order], starts[filled], axis=0)
        norms = np.linalg.norm(sums, axis=1, keepdims=True)
        moved = norms[:, 0] > 0
        updated = centroids[filled]
        updated[moved] = sums[moved] / norms[moved]
        centroids[filled] = updated  # an empty list keeps its centroid
    return centroids


class InvertedLists:
    """The list structure of one partition: centroids, each row's home list and block, and the
    misplaced rows. Arrays are sized to the partition's capacity (see :meth:`grow`)."""

    __slots__ = ("centroids", "home", "block", "misplaced", "bounds", "laid_out", "trained_size", "changes",
                 "n_misplaced")

    def __init__(self, centroids: np.ndarray, capacity: int, trained_size: int) -> None:
        self.centroids = centroids
        self.home = np.zeros(capacity, dtype=np.int32)
        self.block = np.full(capacity, -1, dtype=np.int32)  # the list whose block row r lies in (-1: past them)
        self.misplaced = np.zeros(capacity, dtype=bool)
        self.bounds = np.zeros(centroids.shape[0] + 1, dtype=np.int64)
        self.laid_out = 0
        self.trained_size = trained_size
        self.changes = 0
        self.n_misplaced = 0

    @property
    def lists(self) -> int:
        return int(self.centroids.shape[0])

    def grow(self, capacity: int) -> None:
        """Make room for ``capacity`` rows."""
        size = self.home.shape[0]
        if capacity <= size:
            return
        extra = capacity - size
        self.home = np.concatenate((self.home, np.zeros(extra, dtype=np.int32)))
        self.block = np.concatenate((self.block, np.full(extra, -1, dtype=np.int32)))
        self.misplaced = np.concatenate((self.misplaced, np.zeros(extra, dtype=bool)))

    def laid(self, size: int) -> None:
        """Record that rows ``[0, size)`` are now grouped by home, in list order."""
        self.block[:size] = self.home[:size]
        self.block[size:] = -1
        self.bounds = np.searchsorted(self.home[:size], np.arange(self.lists + 1)).astype(np.int64)
        self.misplaced[:] = False
        self.n_misplaced = 0
        self.laid_out = size

    def place(self, row: int, home: int) -> None:
        """Row ``row`` now holds a vector whose nearest list is ``home``."""
        self.home[row] = home
        self._mark(row)
        self.changes += 1

    def move(self, source: int, target: int) -> None:
        """The vector of row ``source`` moved to row ``target``; ``source`` is now unused."""
        self.home[target] = self.home[source]
        self._mark(target)
        if self.misplaced[source]:
            self.misplaced[source] = False
            self.n_misplaced -= 1

    def forget(self, row: int) -> None:
        """Row ``row`` (the last one) is no longer used."""
        if self.misplaced[row]:
            self.misplaced[row] = False
            self.n_misplaced -= 1
        self.changes += 1

    def _mark(self, row: int) -> None:
        wrong = bool(self.block[row] != self.home[row])
        if wrong != bool(self.misplaced[row]):
            self.misplaced[row] = wrong
            self.n_misplaced += 1 if wrong else -1

    def stale(self, size: int) -> bool:
        """True when the centroids no longer describe the partition: it doubled, halved, or saw as
        many upserts and removals as it had rows when trained."""
        t = self.trained_size
        return size > 2 * t or 2 * size < t or self.changes > t

    def crowded(self, size: int) -> bool:
        """True when enough rows are misplaced that a regrouping pays off."""
        return self.n_misplaced > max(256, REGROUP_SHARE * size)

    def probe(self, query: np.ndarray, size: int, share: float, least: int
              ) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """The rows to score for ``query``: ``(starts, ends, extra)``. Lists are probed nearest first
        until ``share`` of the ``size`` rows, and at least ``least`` rows, are covered; their blocks
        are the contiguous row ranges ``starts[i]:ends[i]``, and ``extra`` holds the misplaced rows
        whose home is probed but whose block is not."""
        order = np.argsort(-(self.centroids @ query), kind="stable")
        sizes = np.diff(self.bounds)[order]
        wanted = max(share * size, least)
        taken = int(np.searchsorted(np.cumsum(sizes), wanted)) + 1
        chosen = np.zeros(self.lists, dtype=bool)
        chosen[order[:taken]] = True
        picked = np.flatnonzero(chosen)
        starts = self.bounds[picked]
        ends = np.minimum(self.bounds[picked + 1], size)
        keep = starts < ends
        starts, ends = starts[keep], ends[keep]
        if starts.size > 1:
            # Adjacent lists form one range (fewer, larger products).
            breaks = np.flatnonzero(starts[1:] != ends[:-1])
            starts = starts[np.concatenate(([0], breaks + 1))]
            ends = ends[np.concatenate((breaks, [ends.size - 1]))]
        extra = np.empty(0, dtype=np.int64)
        if self.n_misplaced:
            rows = np.flatnonzero(self.misplaced[:size])
            blocks = self.block[rows]
            scanned = (blocks >= 0) & chosen[np.maximum(blocks, 0)]
            extra = rows[chosen[self.home[rows]] & ~scanned]
        return starts, ends, extra
