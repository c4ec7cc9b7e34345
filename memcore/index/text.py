"""Text helpers shared by the retrieval channels.

Tokenisation mirrors SQLite FTS5's ``unicode61`` tokenizer (runs of letters and digits, lower
case), and stemming is the Porter algorithm that FTS5's ``porter`` tokenizer applies, so the
keyword signals computed here agree with what the sparse channel matched.
"""

from __future__ import annotations

import re
import unicodedata
from functools import lru_cache

from .stemmer import porter_stem

__all__ = [
    "STOPWORDS", "normalize", "words", "stem", "content_terms", "content_term_set", "keyword_overlap",
    "fts5_query", "pg_tsquery", "query_words", "MAX_QUERY_TERMS",
]

MAX_QUERY_TERMS = 32
"""Longest OR-query sent to the full-text engines; longer queries keep their first distinct terms."""

_TOKEN = re.compile(r"[^\W_]+")

STOPWORDS: frozenset[str] = frozenset("""
a about above after again against ah all also am an and any are aren arent as at be because been before
being below between both but by can cannot could couldn couldnt d did didn didnt do does doesn doesnt doing
don dont down during each either else even ever few for from further get gets had hadn hadnt has hasn hasnt
have haven havent having he hed hes her here hers herself hey hi him himself his how hows i if
im in into is isn isnt it its itself ive just let lets ll m ma me might mightn more most much must
mustn my myself no nor not now o of off oh ok okay on once only or other ought our ours ourselves out over
own re s same shall shan she shes should shouldn shouldnt so some such t than that thats the
their theirs them themselves then there theres these they theyd theyll theyre theyve this those though
through to too u under until up upon us ve very was wasn wasnt we well were weren werent weve what
whats when whens where wheres whether which while who whom whos whose why whys will with wont would
wouldn wouldnt y yeah yes yet you youd youll your youre yours yourself yourselves youve
""".split())
"""Function words: never a content term, never sent to the full-text engines."""


def normalize(text: str) -> str:
    """Lower-case, Unicode-compatible form with typographic apostrophes and diacritics folded."""
    folded = unicodedata.normalize("NFKD", text.replace("\u2019", "'").replace("\u2018", "'"))
    return "".join(ch for ch in folded if not unicodedata.combining(ch)).lower()


def words(text: str) -> list[str]:
    """Every token of ``text`` as FTS5 unicode61 would cut it (letters/digits runs, lower case)."""
    lowered = text.lower()
    if not lowered.isascii():
        lowered = normalize(lowered)
    return _TOKEN.findall(lowered)


@lru_cache(maxsize=200_000)
def stem(word: str) -> str:
    """The Porter stem of one lower-case word."""
    return porter_stem(word)


def content_terms(text: str) -> list[str]:
    """Stems of the non-stopword tokens of ``text``, in order, repeats kept."""
    return [stem(w) for w in words(text) if w not in STOPWORDS]


def content_term_set(text: str) -> frozenset[str]:
    """The distinct content stems of ``text``."""
    return frozenset(content_terms(text))


def keyword_overlap(query: str | frozenset[str], text: str | frozenset[str]) -> float:
    """Fraction of the query's distinct content terms present in ``text``, in [0, 1].

    Either side may be passed pre-tokenised (a frozenset from :func:`content_term_set`) to
    avoid re-tokenising in loops. A query without content terms overlaps nothing (0.0).
    """
    q = query if isinstance(query, frozenset) else content_term_set(query)
    if not q:
        return 0.0
    t = text if isinstance(text, frozenset) else content_term_set(text)
    return len(q & t) / len(q)


def query_words(text: str, limit: int = MAX_QUERY_TERMS) -> list[str]:
    """The distinct non-stopword words of ``text`` (unstemmed, in order) that full-text queries use."""
    return _query_words(text, limit)


def _query_words(text: str, limit: int) -> list[str]:
    out: list[str] = []
    seen: set[str] = set()
    for word in words(text):
        if word in STOPWORDS or word in seen:
            continue
        seen.add(word)
        out.append(word)
        if len(out) >= limit:
            break
    return out


def fts5_query(text: str, *, limit: int = MAX_QUERY_TERMS) -> str | None:
    """A safe SQLite FTS5 MATCH expression: the OR of the quoted content words, or None if none.

    Every term is a double-quoted FTS5 string made only of letters and digits, so no input can
    inject FTS5 syntax (AND/NOT/NEAR, column filters, ``*``, parentheses). Terms are left
    unstemmed: the table's ``porter`` tokenizer stems both sides.
    """
    terms = _query_words(text, limit)
    if not terms:
        return None
    return " OR ".join('"' + t.replace('"', '""') + '"' for t in terms)


def pg_tsquery(text: str, *, limit: int = MAX_QUERY_TERMS) -> str | None:
    """A safe argument for PostgreSQL ``to_tsquery('english', ...)``: content words joined by ``|``.

    Terms are runs of letters and digits only, so tsquery operators (& ! <-> : * parentheses,
    quotes) can never reach the parser. Returns None when nothing is left to search for.
    """
    terms = _query_words(text, limit)
    if not terms:
        return None
    return " | ".join(terms)
