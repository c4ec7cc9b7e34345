"""Text helpers for the write path: sentence splitting, words, normalisation."""

from __future__ import annotations

import re
from functools import lru_cache

_ABBREVIATIONS = ("e.g.", "i.e.", "etc.", "vs.", "mr.", "mrs.", "ms.", "dr.", "prof.", "approx.", "no.", "fig.",
                  "a.m.", "p.m.", "u.s.", "inc.", "ltd.", "jr.", "sr.", "st.", "cf.", "al.", "v.", "sgt.", "lt.", "capt.",
                  "cpl.", "det.", "rev.", "fr.", "gen.", "col.", "mt.", "ft.", "ave.", "rd.", "blvd.", "dra.",
                  "srta.", "mme.", "mlle.")
# these end a sentence when a clause opens after them ("40 Main St. For today only, ..."), not before a name
_MAY_END = frozenset({"st.", "etc.", "inc.", "ltd.", "jr.", "sr.", "al.", "a.m.", "p.m.", "ave.", "rd.", "blvd.", "ft."})
_CLAUSE_OPENER = re.compile(r"\s+[\"'(]?(?:For|I|I'm|I've|I'll|We|We're|We've|Today|Tonight|Tomorrow|Please|Also|But|And|So|"
                            r"The|It|It's|My|Our|This|That|They|He|She|You|Just|Btw|BTW|Oh|Anyway|Then|Note|Heads|FYI|"
                            r"Don't|Never|Always|Use|Keep|Make|Send)\b")
_PLACEHOLDER = "\u2024"  # one-dot leader: stands in for protected dots while splitting
_BULLET = re.compile(r"^\s*(?:[-*\u2022>]+|\d{1,2}[.)])\s+")
_BOUNDARY = re.compile(r"(?<=[.!?])[\"')\]]*\s+(?=[\"'(\[]?[A-Za-z0-9@#`])")
_INITIAL = re.compile(r"(?:^|[\s.])[A-Z]\.$")  # "J. R. Tolkien", "J.B. Hunt": an initial ends no sentence
_DOTTED = re.compile(r"(?<=\w)\.(?=\w)")
_ASIDE = re.compile(r"\([^()]{0,60}\)")
_HIDE_ENDS = str.maketrans({"!": "\ue001", "?": "\ue002", ".": "\ue003"})
_SHOW_ENDS = str.maketrans({"\ue001": "!", "\ue002": "?", "\ue003": "."})

_WORD = re.compile(r"[A-Za-z0-9][A-Za-z0-9+#._\-]*[A-Za-z0-9+#]|[A-Za-z0-9]")

STOPWORDS = frozenset("""
a an the and or but if then so of to in on at by for with from as is are was were be been being am do does did
doing have has had having i me my mine we our ours us you your yours he him his she her it its they them their
this that these those there here what which who whom whose when where why how all any both each few more most
other some such no nor not only own same than too very can will just should would could may might must shall
about above after again against below between into through during before under over up down out off once also
please just really actually maybe like get got let lets let's i'm i've i'd i'll we're we've we'll it's that's
don't doesn't didn't won't can't isn't aren't wasn't weren't ok okay yes yeah hi hello hey thanks thank
gonna wanna gotta
""".split())


def split_sentences(text: str) -> list[str]:
    """Split a message into sentences: on line breaks and bullets, then on . ! ? before a word (people
    often write in lower case), except after an initial; a lower-case part splits off only when it
    and the part before it have five words or more ("jobs go through Slurm. the default ...").

    Dots inside tokens (``Next.js``, ``.env``, ``3.11``) and common abbreviations do not split, except
    an abbreviation that may end a sentence ("St.", "etc.") before a clause opener ("For today only").
    """
    out: list[str] = []
    for line in text.splitlines():
        line = _BULLET.sub("", line).strip()
        if not line:
            continue
        protected = line
        lowered = protected.lower()
        for abbr in _ABBREVIATIONS:
            start = lowered.find(abbr)
            while start != -1:
                end = start + len(abbr)
                ends = abbr in _MAY_END and _CLAUSE_OPENER.match(protected, end)
                if (start == 0 or not lowered[start - 1].isalpha()) and not ends:
                    protected = protected[:start] + protected[start:end].replace(".", _PLACEHOLDER) + protected[end:]
                start = lowered.find(abbr, end)
        protected = _DOTTED.sub(_PLACEHOLDER, protected)
        # "(!!!)", "(again!)", "(yes, really.)": an aside in parentheses ends no sentence
        protected = _ASIDE.sub(lambda m: m.group(0).translate(_HIDE_ENDS), protected)
        parts: list[str] = []
        for part in _BOUNDARY.split(protected):
            part = part.replace(_PLACEHOLDER, ".").translate(_SHOW_ENDS).strip()
            short = part[:1].islower() and min(len(part.split()), len(parts[-1].split()) if parts else 0) < 5 \
                and not (parts and parts[-1].endswith("?")) \
                and not part.endswith("?")  # a question stands apart: "in Tulum? my jeep is", "week... actually nice?"
            if part and parts and (_INITIAL.search(parts[-1]) or short):
                parts[-1] = f"{parts[-1]} {part}"
            elif part:
                parts.append(part)
        out.extend(parts)
    return out


def words(text: str) -> list[str]:
    """Lower-cased word tokens; keeps tech tokens like ``next.js``, ``c++``, ``2026-07-09`` whole."""
    return [w.lower() for w in _WORD.findall(text)]


@lru_cache(maxsize=8192)
def content_words(text: str) -> frozenset[str]:
    """Lower-cased words without stopwords, with a light plural fold (``keys`` -> ``key``)."""
    out = set()
    for w in words(text):
        if w in STOPWORDS or len(w) < 2:
            continue
        if len(w) > 3 and w.endswith("s") and not w.endswith("ss"):
            w = w[:-1]
        out.add(w)
    return frozenset(out)


def normalize(text: str) -> str:
    """Lower-case, collapse whitespace, drop trailing punctuation: the form used for duplicate tests."""
    return re.sub(r"\s+", " ", text.strip().lower()).rstrip(" .!;")


def jaccard(a: frozenset[str], b: frozenset[str]) -> float:
    if not a or not b:
        return 0.0
    return len(a & b) / len(a | b)


def find_word(text: str, word: str) -> re.Match[str] | None:
    """Where ``text`` names ``word`` as a whole word (any case; "S14" not inside "S140" or "v.S14"), or None."""
    return re.search(r"(?<![\w.])" + re.escape(word) + r"(?![\w])", text, re.I)


def capitalize_first(text: str) -> str:
    return text[:1].upper() + text[1:] if text else text


_AFTER_TITLE = re.compile(r"\b(?:Dr|Mr|Mrs|Ms|Prof|St|Rev)\.$")  # "Dr. Feld": Feld opens no sentence


def proper_names(text: str) -> set[str]:
    """Capitalised words that are not the first word of a sentence, lower-cased."""
    out = set()
    for m in re.finditer(r"\b[A-Z][\w&'.+\-]+", text):
        before = text[:m.start()].rstrip()
        if before and (before[-1] not in ".!?:\u2014-" or _AFTER_TITLE.search(before)):
            out.add(re.sub(r"'s$", "", m.group(0).lower().rstrip("'.")))
    return out


def initials_of(slot: str, text: str) -> bool:
    """Is ``slot`` the initials of words of ``text`` ("t&c" for "town & country")?"""
    letters = re.findall(r"[a-z]", slot.lower())
    if not re.fullmatch(r"[a-z](?:[&./][a-z]){1,3}\.?", slot.lower()):
        return False
    joint = r"[\w'\-]*\s*(?:&|and)\s*" if "&" in slot else r"[\w'\-]*\W+"
    return re.search(r"\b" + joint.join(letters) + r"[\w'\-]*", text, re.I) is not None


# "is 5 May in Bilbao": a capitalised place after "in" or "at"
PLACE_IN = re.compile(r"\b(?:in|at) ([A-Z][\w\-]+)")
