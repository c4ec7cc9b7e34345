"""Near-duplicate detection (SPEC 7.3): a repeat merges into the existing memory instead of a new row.

Two memories are near-duplicates when they have the same type and either their texts are
alike (difflib ratio > 0.86) or their embeddings are (cosine >= 0.85). Texts that make
different choices in a topic group or carry different values (dates, numbers, versions) are
never duplicates, however alike they look: "use X instead of Y" is not "use Y instead of X", and
a text that swaps one content word for another ("audience is customers" -> "... investors") is
not a repeat either.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from difflib import SequenceMatcher
from enum import StrEnum

from .claims import Claim, Ref
from .text import STOPWORDS, normalize, words
from .topics import analyze
from .values import value_tokens

DUPLICATE_RATIO = 0.86  # strictly greater than
DUPLICATE_COSINE = 0.85  # greater or equal
USAGE_BUMP = 1
CONFIDENCE_BUMP = 0.05
VARIANT_RATIO = 0.75


class MatchMethod(StrEnum):
    TEXT = "text"
    EMBEDDING = "embedding"


@dataclass(frozen=True, slots=True)
class DuplicateMatch:
    """The existing memory a candidate repeats, how alike they are, and why."""

    target: Ref
    similarity: float
    method: MatchMethod
    reason: str


def text_similarity(a: str, b: str) -> float:
    """difflib ratio of the normalised texts, in [0, 1]."""
    x, y = normalize(a), normalize(b)
    if x == y:
        return 1.0
    return SequenceMatcher(None, x, y, autojunk=False).ratio()


def _text_duplicate(a: str, b: str) -> float | None:
    """The ratio when it is above the duplicate threshold, else None (cheap upper bounds first)."""
    x, y = normalize(a), normalize(b)
    if x == y:
        return 1.0
    matcher = SequenceMatcher(None, x, y, autojunk=False)
    if matcher.real_quick_ratio() <= DUPLICATE_RATIO or matcher.quick_ratio() <= DUPLICATE_RATIO:
        return None
    ratio = matcher.ratio()
    return ratio if ratio > DUPLICATE_RATIO else None


def cosine(a: Sequence[float], b: Sequence[float]) -> float:
    """Cosine similarity; 0 for empty or zero vectors or mismatched lengths."""
    if len(a) != len(b) or not a:
        return 0.0
    dot = sum(x * y for x, y in zip(a, b, strict=True))
    na = math.sqrt(sum(x * x for x in a))
    nb = math.sqrt(sum(y * y for y in b))
    if na == 0 or nb == 0:
        return 0.0
    return dot / (na * nb)


def _variant(x: str, y: str) -> bool:
    return x == y or SequenceMatcher(None, x, y).ratio() >= VARIANT_RATIO


def substituted_word(a: str, b: str) -> bool:
    """Does one text swap a content word of the other for a different word ("customers" -> "investors")?

    Added or dropped words ("I always prefer X" vs "I prefer X") and inflections ("cache" ->
    "caching") are not substitutions.
    """
    wa, wb = words(a), words(b)
    for op, i1, i2, j1, j2 in SequenceMatcher(None, wa, wb, autojunk=False).get_opcodes():
        if op != "replace":
            continue
        left = [w for w in wa[i1:i2] if w not in STOPWORDS]
        right = [w for w in wb[j1:j2] if w not in STOPWORDS]
        if any(not any(_variant(x, y) for y in right) for x in left) and right:
            return True
    return False


def different_choices(a: str, b: str) -> bool:
    """Do the texts pick different things in some topic group, or state different values?"""
    ta, tb = analyze(a), analyze(b)
    for group in ta.groups & tb.groups:
        if ta.positives(group) != tb.positives(group) or ta.negatives(group) != tb.negatives(group):
            return True
    return value_tokens(a) != value_tokens(b)


def find_duplicate(
    claim: Claim,
    existing: Iterable[Claim],
    *,
    vector: Sequence[float] | None = None,
    vectors: Mapping[str, Sequence[float]] | None = None,
) -> DuplicateMatch | None:
    """The best near-duplicate of ``claim`` among ``existing`` (same type only), or None."""
    best: DuplicateMatch | None = None
    for other in existing:
        if other.type is not claim.type or other.ref == claim.ref:
            continue
        ratio = _text_duplicate(claim.content, other.content)
        match: DuplicateMatch | None = None
        if ratio is not None:
            match = DuplicateMatch(other.ref, ratio, MatchMethod.TEXT,
                                   f"same {claim.type.value} said again (text similarity {ratio:.2f} > "
                                   f"{DUPLICATE_RATIO})")
        elif vector is not None and vectors is not None and isinstance(other.ref, str) and other.ref in vectors:
            sim = cosine(vector, vectors[other.ref])
            if sim >= DUPLICATE_COSINE:
                match = DuplicateMatch(other.ref, sim, MatchMethod.EMBEDDING,
                                       f"same {claim.type.value} in other words (embedding similarity {sim:.2f} >= "
                                       f"{DUPLICATE_COSINE})")
        if match is None or different_choices(claim.content, other.content):
            continue
        if match.method is MatchMethod.TEXT and substituted_word(claim.content, other.content):
            continue
        if best is None or match.similarity > best.similarity:
            best = match
    return best
