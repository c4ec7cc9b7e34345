"""What a partly contradicted memory still says.

"We get halibut from Pacific Catch at $14.50 per pound, scallops from Dunn's at $22/lb" is only
partly contradicted by "halibut went up to $17.25/lb": the scallop price still holds. When the
verdict names what it replaces, the old memory is narrowed to its other clauses instead of being
superseded whole. Only the user's own words are kept (clauses are dropped, never rewritten), and
a clause is kept only when it stands on its own:

- a clause that names a replaced value is dropped;
- so is a clause right after a dropped one, unless it is another item of the same list: it opens
  with a pronoun or a participle ("he handles fitness testing", "been with us since 2019") or has
  no value of its own (a number, a time, a name): "product wanted to keep supporting old devices"
  explains the replaced minSdk 24 and goes with it;
- a lead ("Class times at our box: 6am, noon, ...") stays with what is kept, unless it names a
  replaced value.

The remainder must have at least ``MIN_WORDS`` words; otherwise the memory is superseded whole.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from .text import capitalize_first

MIN_WORDS = 4

_LEAD = re.compile(r"^(?P<lead>[^:,;]{3,60}:)\s+(?P<body>\S.*)$", re.S)
_SEPARATOR = re.compile(r"(\s*;\s*|,\s+|\.\s+|\s+[-\u2013\u2014]\s+)")
_LEANS = frozenset("he she it they his her its their them this that these those which who whom whose been being "
                   "also so then plus too".split())
_VALUE = re.compile(r"\d|[$\u20ac\u00a3]|\b(?:noon|midnight)\b|(?<=\w )[A-Z][\w'\-]+")


def _names_replaced(clause: str, replaced: Sequence[str]) -> bool:
    lowered = clause.lower()
    return any(re.search(r"(?<![\w.])" + re.escape(value.lower()) + r"(?:e?s)?(?![\w])", lowered)
               for value in replaced if value)


def _leans_back(clause: str) -> bool:
    first = clause.split()[0].lower().strip("'\"(") if clause.split() else ""
    return first in _LEANS or first.endswith(("ing", "ed"))


_APPOSED_SUBJECT = re.compile(r"^(?:(?:Dr|Mr|Mrs|Ms)\.?\s+)?(?:[A-Z][\w'\-]*\s*){1,3},\s+(?:is|was|has|are|will|does|runs)\b")


_DESCRIBES = re.compile(r"(?:which|who) (?:is|was|are|were)\b", re.I)


def kept_clauses(content: str, replaced: Sequence[str]) -> str | None:
    """The clauses of ``content`` that do not name a ``replaced`` value, or None when the memory
    should be superseded whole (nothing named, nothing left, or too little left)."""
    if not replaced:
        return None
    lead, body = "", content.strip()
    m = _LEAD.match(body)
    if m:
        lead, body = m.group("lead"), m.group("body")
        if _names_replaced(lead, replaced):
            return None
    pieces = _SEPARATOR.split(body)
    clauses, separators = pieces[0::2], ["", *pieces[1::2]]
    kept: list[tuple[str, str]] = []
    dropped_any = False
    after_drop = False
    for separator, clause in zip(separators, clauses, strict=True):
        text = clause.strip()
        if not text:
            continue
        drop = _names_replaced(text, replaced) or (after_drop and (_leans_back(text) or not _VALUE.search(text)))
        if drop and kept and _DESCRIBES.match(text):
            return None  # "at Old City Hall, which is a lovely building": the building gone is what the clause before names
        if drop:
            dropped_any = True
        else:
            kept.append((separator, text))
        after_drop = drop
    if not dropped_any or not kept:
        return None
    rest = kept[0][1] + "".join(separator + text for separator, text in kept[1:])
    rest = re.sub(r"^(?:and|or|but)\s+", "", rest, flags=re.I).rstrip(" ,;.-")
    if _APPOSED_SUBJECT.match(rest):
        return None  # "My deputy head, Gareth Lloyd, is in charge of ...": the name is the role that went
    text = f"{lead} {rest}" if lead else capitalize_first(rest)
    if len(text.split()) < MIN_WORDS:
        return None
    return text + "."


_LISTED = re.compile(r"^(?P<lead>[^:,;]{3,60}(?::|\b(?:are|include|includes)))\s+(?P<items>[^:;.]+?)(?P<end>[.!]?)$",
                     re.I | re.S)
_ITEM_BREAK = re.compile(r"\s*,\s*(?:and\s+|&\s+)?|\s+(?:and|&)\s+", re.I)


def without_item(content: str, replaced: Sequence[str]) -> str | None:
    """A list of peers without the one item that names a replaced value: "Our current rooms: Pharaoh's
    Ledger, Sunken Library and Ghost Train" without Sunken Library is "Our current rooms: Pharaoh's Ledger
    and Ghost Train". None unless the memory is such a list (a lead, then three or more short items) and
    exactly one item names a replaced value."""
    m = _LISTED.match(content.strip())
    if not m:
        return None
    items = [i.strip() for i in _ITEM_BREAK.split(m.group("items")) if i.strip()]
    if len(items) < 3 or any(len(i.split()) > 4 for i in items):
        return None
    hit = [i for i in items if _names_replaced(i, replaced)]
    if len(hit) != 1:
        return None
    rest = [i for i in items if i is not hit[0]]
    listed = ", ".join(rest[:-1]) + " and " + rest[-1] if len(rest) > 1 else rest[0]
    return f"{capitalize_first(m.group('lead'))} {listed}{m.group('end') or '.'}"
