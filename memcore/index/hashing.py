"""The default embedder: signed feature hashing of words, word pairs, character n-grams and concepts.

Nothing is downloaded and nothing is random: the same text gives the same vector on every
machine (hashes are CRC-32, never Python's salted ``hash``). Features per text:

- each distinct content stem (stopwords dropped), weighted by the built-in static IDF-like table
  (:mod:`memcore.index.lexicon`) and by sublinear term frequency ``1 + ln(tf)``;
- character 3-5-grams of each word (bounded by ``<`` ``>``) so morphology and typos still meet;
- adjacent content-stem pairs, so "support group" is more than "support" and "group";
- the everyday concept groups a stem belongs to, so "job" and "career" share something.

Each feature lands in one of ``dim`` buckets with a hash-chosen sign (collisions cancel in
expectation). Rows are L2-normalised, so a dot product is a cosine similarity.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from zlib import crc32

import numpy as np

from ..errors import InvalidInput
from .lexicon import CONCEPTS, LEXICON_VERSION, TERM_WEIGHTS
from .text import STOPWORDS, stem, words

_WordFeatures = tuple[str, tuple[int, ...], tuple[float, ...]]
_CACHE_LIMIT = 500_000
_DEFAULT_PARAMS = (0.7, 0.5, 0.35, (3, 4, 5))


class HashingEmbedder:
    """Deterministic offline embedder (see module docstring). Thread-safe; caches per-word features.

    ``name`` changes with the dimension and with any non-default weight, so stored vectors made
    with other settings are recognised as foreign and re-embedded.
    """

    def __init__(self, dim: int = 256, *, ngram_weight: float = 0.7, pair_weight: float = 0.5,
                 concept_weight: float = 0.35, ngram_sizes: tuple[int, ...] = (3, 4, 5)) -> None:
        if not isinstance(dim, int) or not 16 <= dim <= 8192:
            raise InvalidInput("dim", f"{dim!r} is not allowed; use an integer from 16 to 8192")
        self.dim = dim
        params = (ngram_weight, pair_weight, concept_weight, tuple(ngram_sizes))
        suffix = "" if params == _DEFAULT_PARAMS else f"-{crc32(repr(params).encode()):08x}"
        self.name = f"memcore-hash-v{LEXICON_VERSION}-{dim}{suffix}"
        self._ngram_weight = ngram_weight
        self._pair_weight = pair_weight
        self._concept_weight = concept_weight
        self._ngram_sizes = ngram_sizes
        self._words: dict[str, _WordFeatures | None] = {}
        self._pairs: dict[tuple[str, str], tuple[int, float]] = {}

    def _bucket(self, feature: str) -> tuple[int, float]:
        h = crc32(feature.encode("utf-8"))
        return h % self.dim, (1.0 if (h >> 31) & 1 else -1.0)

    def _word(self, word: str) -> _WordFeatures | None:
        cached = self._words.get(word, False)
        if cached is not False:
            return cached  # type: ignore[return-value]
        if word in STOPWORDS:
            self._words[word] = None
            return None
        s = stem(word)
        weight = TERM_WEIGHTS.get(s, 1.0)
        if len(word) <= 2:
            weight *= 0.5
        idx: list[int] = []
        val: list[float] = []
        b, sign = self._bucket("w:" + s)
        idx.append(b)
        val.append(sign * weight)
        grams = _char_ngrams(word, self._ngram_sizes)
        if grams and self._ngram_weight > 0:
            each = self._ngram_weight * weight / math.sqrt(len(grams))
            for g in grams:
                b, sign = self._bucket("g:" + g)
                idx.append(b)
                val.append(sign * each)
        concepts = CONCEPTS.get(s, ())
        if concepts and self._concept_weight > 0:
            each = self._concept_weight * weight / math.sqrt(len(concepts))
            for c in concepts:
                b, sign = self._bucket("k:" + c)
                idx.append(b)
                val.append(sign * each)
        features = (s, tuple(idx), tuple(val))
        if len(self._words) >= _CACHE_LIMIT:
            self._words.clear()
        self._words[word] = features
        return features

    def _pair(self, a: str, b: str) -> tuple[int, float]:
        key = (a, b)
        cached = self._pairs.get(key)
        if cached is None:
            bucket, sign = self._bucket("p:" + a + " " + b)
            weight = self._pair_weight * math.sqrt(TERM_WEIGHTS.get(a, 1.0) * TERM_WEIGHTS.get(b, 1.0))
            cached = (bucket, sign * weight)
            if len(self._pairs) >= _CACHE_LIMIT:
                self._pairs.clear()
            self._pairs[key] = cached
        return cached

    def embed(self, texts: Sequence[str]) -> np.ndarray:
        """Embed ``texts`` into a (len(texts), dim) float32 array of unit rows (zero rows for empty text)."""
        if isinstance(texts, str):
            raise InvalidInput("texts", "pass a list of strings, not one string")
        n = len(texts)
        rows: list[int] = []
        cols: list[int] = []
        vals: list[float] = []
        for r, text in enumerate(texts):
            self._features(text, r, rows, cols, vals)
        out = np.zeros(n * self.dim, dtype=np.float64)
        if cols:
            flat = np.asarray(rows, dtype=np.int64) * self.dim + np.asarray(cols, dtype=np.int64)
            out += np.bincount(flat, weights=np.asarray(vals, dtype=np.float64), minlength=n * self.dim)
        matrix = out.reshape(n, self.dim)
        norms = np.linalg.norm(matrix, axis=1, keepdims=True)
        np.divide(matrix, norms, out=matrix, where=norms > 0)
        return matrix.astype(np.float32)

    def embed_query(self, text: str, weights: Mapping[str, float] | None = None) -> np.ndarray:
        """Embed one query, each content stem scaled by ``weights[stem]`` (e.g. IDF from TermStats).

        Stems missing from ``weights`` keep weight 1. Without weights this equals ``embed([text])[0]``.
        """
        if weights is None:
            return self.embed([text])[0]
        rows: list[int] = []
        cols: list[int] = []
        vals: list[float] = []
        self._features(text, 0, rows, cols, vals, weights)
        out = np.zeros(self.dim, dtype=np.float64)
        if cols:
            np.add.at(out, np.asarray(cols, dtype=np.int64), np.asarray(vals, dtype=np.float64))
        norm = float(np.linalg.norm(out))
        if norm > 0:
            out /= norm
        return out.astype(np.float32)

    def _features(self, text: str, row: int, rows: list[int], cols: list[int], vals: list[float],
                  weights: Mapping[str, float] | None = None) -> None:
        counts: dict[str, int] = {}
        feats: dict[str, _WordFeatures] = {}
        sequence: list[str] = []
        for word in words(text):
            f = self._words.get(word, False)
            if f is False:
                f = self._word(word)
            if f is None:
                continue
            key = f[0]
            counts[key] = counts.get(key, 0) + 1
            if key not in feats:
                feats[key] = f
            sequence.append(key)
        start = len(cols)
        for key, (_, idx, val) in feats.items():
            tf = counts[key]
            cols.extend(idx)
            scale = 1.0 if tf == 1 else 1.0 + math.log(tf)
            if weights is not None:
                scale *= weights.get(key, 1.0)
            if scale == 1.0:
                vals.extend(val)
            else:
                vals.extend(v * scale for v in val)
        if self._pair_weight > 0:
            seen: set[tuple[str, str]] = set()
            for a, b in zip(sequence, sequence[1:], strict=False):
                if a == b or (a, b) in seen:
                    continue
                seen.add((a, b))
                bucket, value = self._pair(a, b)
                if weights is not None:
                    value *= math.sqrt(weights.get(a, 1.0) * weights.get(b, 1.0))
                cols.append(bucket)
                vals.append(value)
        rows.extend([row] * (len(cols) - start))


def _char_ngrams(word: str, sizes: tuple[int, ...]) -> list[str]:
    if word.isdigit():
        return []
    padded = "<" + word + ">"
    grams: list[str] = []
    for n in sizes:
        if len(padded) < n:
            continue
        grams.extend(padded[i:i + n] for i in range(len(padded) - n + 1))
    return grams
