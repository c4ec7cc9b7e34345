"""Greedy near-duplicate clustering without comparing every pair.

Items arrive strongest first. Each is compared only with earlier *survivors* it is linked to in
a blocking graph, strongest first; the first whose similarity reaches the threshold absorbs it,
otherwise it becomes a survivor itself. Similarity is ``SequenceMatcher.ratio()`` of the
normalised texts (lower case, whitespace collapsed), taken in sorted order so it is symmetric.

Blocking graph: nodes are the distinct normalised texts (items plus ``context`` texts, which
only shape the graph). A text's *keys* are its ``keys_per_text`` rarest character 4-grams and
its ``word_keys`` rarest words, among those some other text also has (what nobody else has
cannot pair two texts) and that at most ``max_df`` texts have (a commoner piece says little
and would make blocks quadratic; a text with fewer than two such keys keeps its two rarest).
4-grams survive typos inside words; words survive inserted words. Each node links to the ``neighbours`` nodes sharing the most keys
(at least ``min_shared``, fewer for short texts), and links are made symmetric. Identical
texts share a node. Near-duplicates share most 4-grams, hence most of their rare ones. The graph
depends only on the population of texts, not on order or survivors, so rerunning over the
survivors with the same population finds nothing new.

A linked pair is ruled out by a length bound and an exact longest-common-subsequence bound
before the full ``ratio`` runs. The trade: near-duplicates that are not linked are never
compared, e.g. same-template sentences about different things, which share only common
4-grams; tests measure this against :func:`exhaustive_clusters`.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from difflib import SequenceMatcher

SHINGLE = 4


def normalise(text: str) -> str:
    """Lower case with runs of whitespace collapsed to one space."""
    return " ".join(text.lower().split())


def shingles(text: str) -> set[str]:
    """Character 4-grams of an already normalised text (the text itself when shorter)."""
    if len(text) <= SHINGLE:
        return {text}
    return {text[i:i + SHINGLE] for i in range(len(text) - SHINGLE + 1)}


def words(text: str) -> set[str]:
    """Word tokens (3+ characters, punctuation stripped) of a normalised text, marked apart from 4-grams."""
    out = set()
    for token in text.split():
        token = token.strip(".,;:!?()[]{}\"'`")
        if len(token) >= 3:
            out.add("\x00" + token)
    return out


@dataclass(frozen=True, slots=True)
class Match:
    """Item ``item`` is a near-duplicate of survivor ``survivor`` with ``ratio``."""

    item: int
    survivor: int
    ratio: float


def similarity(a: str, b: str) -> float:
    """``SequenceMatcher.ratio()`` of the normalised texts, taken in sorted order so it is symmetric."""
    x, y = sorted((normalise(a), normalise(b)))
    return SequenceMatcher(None, x, y).ratio()


def blocking_graph(texts: Sequence[str], *, keys_per_text: int = 12, word_keys: int = 8, min_shared: int = 3,
                   neighbours: int = 12, max_df: int = 64) -> list[set[int]]:
    """Symmetric links between distinct normalised ``texts`` (see the module docstring)."""
    grams = [shingles(t) for t in texts]
    tokens = [words(t) for t in texts]
    df: Counter[str] = Counter()
    for g in grams:
        df.update(g)
    for w in tokens:
        df.update(w)
    rank, usable, shared = _ranks(df, max_df)
    keys = [_keys(g, rank, keys_per_text, usable, shared) + _keys(w, rank, word_keys, usable, shared)
            for g, w in zip(grams, tokens, strict=True)]
    need = [max(1, min(min_shared, len(k) // 2)) for k in keys]
    index: dict[int, list[int]] = {}
    for u, own in enumerate(keys):
        for key in own:
            index.setdefault(key, []).append(u)
    links: list[set[int]] = [set() for _ in texts]
    for u, own in enumerate(keys):
        counts: Counter[int] = Counter()
        for key in own:
            counts.update(index[key])
        del counts[u]
        mine = need[u]
        best = sorted((-n, v) for v, n in counts.items() if n >= mine or n >= need[v])[:neighbours]
        for _, v in best:
            links[u].add(v)
            links[v].add(u)
    return links


def _ranks(df: Counter[str], max_df: int) -> tuple[dict[str, int], int, int]:
    """Rank every piece, rarest usable first: 1 < df <= max_df, then df > max_df, then df == 1.

    Returns the ranks and the two boundaries, so a text's keys are a sort of small integers.
    """
    usable = sorted((s for s, n in df.items() if 1 < n <= max_df), key=lambda s: (df[s], s))
    common = sorted((s for s, n in df.items() if n > max_df), key=lambda s: (df[s], s))
    rank = {s: r for r, s in enumerate(usable)}
    rank.update((s, len(usable) + r) for r, s in enumerate(common))
    alone = len(usable) + len(common)
    rank.update((s, alone) for s, n in df.items() if n == 1)
    return rank, len(usable), alone


def _keys(pieces: set[str], rank: dict[str, int], limit: int, usable: int, shared: int) -> list[int]:
    ordered = sorted(map(rank.__getitem__, pieces))
    keys = [r for r in ordered[:limit] if r < usable]
    return keys if len(keys) >= 2 else [r for r in ordered[:2] if r < shared]


def greedy_clusters(texts: Sequence[str], mergeable: Sequence[bool], threshold: float, *,
                    context: Iterable[str] = (), keys_per_text: int = 12, word_keys: int = 8,
                    min_shared: int = 3, neighbours: int = 12) -> list[Match]:
    """Cluster ``texts`` (strongest first) greedily; return one Match per absorbed item.

    Items with ``mergeable[i]`` False are never absorbed (they always survive). ``context``
    holds further texts that only shape the blocking graph; passing the same population on
    every run (e.g. archived memories too) keeps the outcome of a rerun empty.
    """
    norm = [normalise(t) for t in texts]
    distinct = sorted(set(norm) | {normalise(t) for t in context})
    node_of = {t: u for u, t in enumerate(distinct)}
    links = blocking_graph(distinct, keys_per_text=keys_per_text, word_keys=word_keys, min_shared=min_shared,
                           neighbours=neighbours)
    survivors_at: dict[int, list[int]] = {}
    checker = _Checker(norm, threshold)
    matches: list[Match] = []
    for i, text in enumerate(norm):
        u = node_of[text]
        found = None
        if mergeable[i]:
            candidates = list(survivors_at.get(u, ()))
            for v in links[u]:
                candidates.extend(survivors_at.get(v, ()))
            candidates.sort()
            found = checker.first_match(i, candidates)
        if found is None:
            survivors_at.setdefault(u, []).append(i)
        else:
            matches.append(Match(i, found[0], found[1]))
    return matches


def exhaustive_clusters(texts: Sequence[str], mergeable: Sequence[bool], threshold: float) -> list[Match]:
    """The same greedy clustering comparing each item with every earlier survivor (reference)."""
    norm = [normalise(t) for t in texts]
    checker = _Checker(norm, threshold)
    survivors: list[int] = []
    matches: list[Match] = []
    for i in range(len(norm)):
        found = checker.first_match(i, survivors) if mergeable[i] else None
        if found is None:
            survivors.append(i)
        else:
            matches.append(Match(i, found[0], found[1]))
    return matches


def char_positions(text: str) -> dict[str, int]:
    """For each character, a bit mask of the positions where it occurs in ``text``."""
    masks: dict[str, int] = {}
    for pos, ch in enumerate(text):
        masks[ch] = masks.get(ch, 0) | (1 << pos)
    return masks


def lcs_lengths(a: str, others: Sequence[str], positions: Sequence[dict[str, int]] | None = None) -> list[int]:
    """Longest-common-subsequence length of ``a`` with each of ``others``, in one pass.

    Hyyro's bit-parallel LCS over the others' bit-vectors laid side by side in one integer,
    each followed by a guard bit that absorbs carries. ``positions`` may pass precomputed
    :func:`char_positions` of ``others``.
    """
    if not others:
        return []
    pos = positions if positions is not None else [char_positions(b) for b in others]
    offsets: list[int] = []
    full = 0
    offset = 0
    for b in others:
        offsets.append(offset)
        full |= ((1 << len(b)) - 1) << offset
        offset += len(b) + 1
    row: dict[str, int] = {}
    for ch in set(a):
        value = 0
        for masks, off in zip(pos, offsets, strict=True):
            bits = masks.get(ch)
            if bits:
                value |= bits << off
        row[ch] = value
    v = full
    for ch in a:
        u = v & row[ch]
        v = ((v + u) | (v - u)) & full
    return [len(b) - ((v >> off) & ((1 << len(b)) - 1)).bit_count() for b, off in zip(others, offsets, strict=True)]


class _Checker:
    """Finds the first survivor an item matches, ruling most pairs out with an exact LCS bound.

    ``ratio = 2 M / (len a + len b)`` where M counts characters in matching blocks, which form a
    common subsequence, so ``M <= LCS``: ``2 LCS < threshold x (len a + len b)`` rules a pair
    out exactly, and :func:`lcs_lengths` gets all candidates' LCS in one pass; ``ratio()`` then
    runs only on pairs that pass.
    """

    def __init__(self, norm: Sequence[str], threshold: float) -> None:
        self._norm = norm
        self._threshold = threshold
        self._positions: dict[int, dict[str, int]] = {}

    def first_match(self, i: int, survivors: Sequence[int]) -> tuple[int, float] | None:
        """The first survivor (in the given order) whose ratio with item ``i`` reaches the threshold."""
        norm, thr = self._norm, self._threshold
        a = norm[i]
        la = len(a)
        kept = [j for j in survivors if 2.0 * min(la, len(norm[j])) >= thr * (la + len(norm[j]))]
        if not kept:
            return None
        positions = []
        for j in kept:
            masks = self._positions.get(j)
            if masks is None:
                masks = self._positions[j] = char_positions(norm[j])
            positions.append(masks)
        for j, lcs in zip(kept, lcs_lengths(a, [norm[j] for j in kept], positions), strict=True):
            if 2.0 * lcs < thr * (la + len(norm[j])):
                continue
            ratio = _ratio(a, norm[j])
            if ratio >= thr:
                return j, ratio
        return None


def _ratio(a: str, b: str) -> float:
    x, y = (a, b) if a <= b else (b, a)
    return SequenceMatcher(None, x, y).ratio()
