"""A deterministic generator of memory-like sentences with injected near-duplicates (tests and benchmarks).

Sentences follow a few shapes filled from a vocabulary of a few thousand made-up names, so
unrelated sentences rarely look alike, while ``near_copy`` re-states one with small edits.
"""

from __future__ import annotations

import random

SHAPES = (
    "{A} prefers {X} over {Y} for the {P} work because {B} said it {V}.",
    "Decision: the {P} service moves from {X} to {Y} after {B} reviewed the {Q} numbers.",
    "Deadline: {A} must ship the {P} {Q} integration with {X} by {D}.",
    "Mistake: {A} ran the {X} migration on {P} without a backup and lost the {Q} table.",
    "{A} wants to learn {X} and {Y} to help {B} with the {P} rewrite.",
    "Constraint: {P} requests to {X} must stay under {N} ms or {B} gets paged.",
    "Note from {A}: the {Q} dashboard in {X} {V} since {D}.",
)
VERBS = ("keeps timing out", "is much faster", "broke twice", "costs too much", "needs a rewrite", "works fine")
SYLLABLES = ("ka", "lo", "mi", "zen", "tor", "bi", "ra", "qui", "sol", "van", "dre", "pho", "nix", "ul", "ge",
             "mar", "to", "lin", "cas", "ber", "wy", "fu", "del", "ost")


def vocabulary(rng: random.Random, size: int) -> list[str]:
    words: set[str] = set()
    while len(words) < size:
        words.add("".join(rng.choice(SYLLABLES) for _ in range(rng.randint(2, 4))).capitalize())
    return sorted(words)


def sentence(rng: random.Random, vocab: list[str]) -> str:
    return rng.choice(SHAPES).format(
        A=rng.choice(vocab), B=rng.choice(vocab), X=rng.choice(vocab), Y=rng.choice(vocab), P=rng.choice(vocab).lower(),
        Q=rng.choice(vocab).lower(), V=rng.choice(VERBS), N=rng.choice((50, 100, 200, 250, 500)),
        D=f"2026-{rng.randint(1, 12):02d}-{rng.randint(1, 28):02d}")


def near_copy(rng: random.Random, text: str) -> str:
    """The same statement with one or two small edits (a filler word, a dropped word, case, a typo)."""
    words = text.split()
    for _ in range(rng.randint(1, 2)):
        k = rng.randrange(len(words))
        op = rng.random()
        if op < 0.35:
            words.insert(k, rng.choice(("really", "also", "now", "still")))
        elif op < 0.55 and len(words) > 6:
            del words[k]
        elif op < 0.75:
            words[k] = words[k].upper() if rng.random() < 0.5 else words[k] + ","
        else:
            chars = list(words[k])
            chars[rng.randrange(len(chars))] = rng.choice("abcdefghijklmnopqrstuvwxyz")
            words[k] = "".join(chars)
    return " ".join(words)


def texts_with_sources(n: int, seed: int = 0, dup_rate: float = 0.1,
                       vocab_size: int = 3000) -> list[tuple[str, int | None]]:
    """``n`` (sentence, index of the sentence it copies or None); a copy with probability ``dup_rate``."""
    rng = random.Random(seed)
    vocab = vocabulary(rng, vocab_size)
    out: list[tuple[str, int | None]] = []
    while len(out) < n:
        if out and rng.random() < dup_rate:
            k = rng.randrange(len(out))
            out.append((near_copy(rng, out[k][0]), k))
        else:
            out.append((sentence(rng, vocab), None))
    return out


def texts(n: int, seed: int = 0, dup_rate: float = 0.1, vocab_size: int = 3000) -> list[str]:
    """Just the sentences of :func:`texts_with_sources`."""
    return [t for t, _ in texts_with_sources(n, seed, dup_rate, vocab_size)]
