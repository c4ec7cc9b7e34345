"""How a value changed between two statements: which values are comparable (identifiers, dates,
times, model names, amounts in one unit) and which old value a new one replaces."""

from __future__ import annotations

import re

from ..index.stemmer import porter_stem
from .scope import ASIDES, RELATIVE
from .text import STOPWORDS
from .values import CHANGE_WORDS, same_family, subject_words


def _shape(token: str) -> str:
    if _TIME.fullmatch(token):
        return "time"
    if _CALENDAR.fullmatch(token) or all(_CALENDAR.fullmatch(t) for t in token.split("/")):
        return "month" if token[:3] in _MONTHS else "weekday"
    if is_nth_day(token):
        return "weekday"  # "second tuesday" (of the month)
    if all(_CALENDAR.fullmatch(t) for t in token.split("-")):
        return "day range"  # "sun-wed" compares with "wed-sat", not with one day
    if " " in token and _CALENDAR.fullmatch(token.split()[0]):
        return "date"  # "april 9" (see values.value_tokens)
    if _REGION.fullmatch(token):
        return "region"
    if "@" in token and "." in token.split("@")[-1]:
        return "email"
    if re.fullmatch(r"\d+(?:\.\d+)?k", token):
        return "#,#"  # "10k" is a number like "8,000"
    shape = re.sub(r"\d+", "#", token.lstrip("$\u20ac\u00a3"))  # "$1,850" and "1,975" are both amounts
    return re.sub(r"(?<=#-)[a-z]$", "@", shape)  # class and section codes: "2-c", "3-a"


_ORDINALS = frozenset({"first", "second", "third", "fourth", "last"})


def is_nth_day(token: str) -> bool:
    """A value token that names a weekday of the month ("second tuesday"; see ``values.value_tokens``)."""
    return " " in token and token.split()[0] in _ORDINALS and token.endswith("day")


def is_time(token: str) -> bool:
    """A value token that is a time of day ("05:40", "7pm")."""
    return _shape(token) == "time"


def is_day(token: str) -> bool:
    """A value token that names a day: a calendar date ("may 8") or a weekday ("saturday")."""
    return _shape(token) in ("date", "weekday")


def _identifier(token: str) -> bool:
    """A name with digits in it (db-stg-1.corp, v2-beta), a cloud region or an e-mail address; not a
    calendar word, a time, an ordinal (5th) or a bare number."""
    shape = _shape(token)
    if shape in ("region", "email"):
        return True
    return (shape not in ("time", "month", "weekday", "date") and any(c.isdigit() for c in token)
            and sum(c.isalpha() for c in token) >= 2 and not _ORDINAL.fullmatch(token))


def _clause_words(text: str, value: str) -> frozenset[str]:
    """Subject words of the clause of ``text`` that holds ``value``."""
    for clause in re.split(r"[,;]\s+|\.\s+|\s[-\u2013\u2014]\s", text):
        if value.lower() in clause.lower():
            return subject_words(clause)
    return frozenset()


_CLAUSE = re.compile(r"[,;:]\s+|\.\s+|\s[-\u2013\u2014]\s|\s(?:but|and|while|whereas|so|because|since)\s")
_LINKS = frozenset("""
is are was were be been am 's costs cost charges charge pays pay takes take starts begins ends opens closes runs
open close leave arrive says said shows showed reads lists holds contains fits seats weighs measures
leaves arrives comes goes go went gone up down back out over off now currently still also just already at to on due
for from by in of around about roughly approximately until till before after effective starting moved pushed
raised lowered bumped dropped changed set rescheduled shifted extended increased decreased
meant said told thought got made had did knew found saw took gave came became began kept left put sent spent paid
bought brought felt heard held lost met ran sat stood wrote everything everyone all it them fully
wants want needs need asks asked
""".split())  # "Head wants gates open at 7am": the gates, not the head


def _owner(text: str, value: str) -> frozenset[str] | None:
    """The noun phrase right before ``value`` in its clause, past linking verbs and prepositions:
    what the value belongs to ("guitar lessons" in "Guitar lessons cost $45", "the start" in "we
    pushed the start to February 23"); stems, None when ``value`` is not in ``text``."""
    for clause in _CLAUSE.split(text):
        clause = _FROM_WHEN.sub(" ", clause)  # "from next month price is $165": the price's
        at = clause.lower().find(value.lower())
        if at < 0:
            continue
        raw = re.findall(r"[A-Za-z][\w'\-]*|\d[\w.,:/]*", clause[:at])
        tokens = [t.lower().removesuffix("'s") for t in raw]
        i = len(tokens) - 1
        if i >= 0 and tokens[i] in _LINKS and any(t.lower() in _PRONOUNS for t in raw[max(0, i - 2):i + 1]):
            # "we're at 10 engineers": the owner is the speaker, named nowhere; "pays $1,450 a month in rent": the rent
            after = _PAID_FOR.match(clause, at + len(value))
            return frozenset({porter_stem(after.group(1).lower())}) if after else frozenset()
        if _model(value.lower()) is not None:
            while i >= 0 and raw[i][:1].isupper():  # the brand of a model ("Canon R5") is part of the value
                i -= 1
        while i >= 0 and (tokens[i] in _LINKS or tokens[i] in STOPWORDS or tokens[i] in CHANGE_WORDS
                          or tokens[i] in _PARTS_OF_TIME
                          or tokens[i][0].isdigit() or _CALENDAR.fullmatch(tokens[i])
                          or (len(tokens[i]) > 4 and tokens[i].endswith("ed"))):  # "is capped at 5,000 words"
            i -= 1
        run = []
        while i >= 0 and not _ends_phrase(tokens[i]):
            run.append(tokens[i])
            i -= 1
        return frozenset(porter_stem(w) for w in run)
    return None


_PAID_FOR = re.compile(r"\s*(?:(?:a|per|an|/)\s*(?:month|mo|week|wk|year|yr|day|hour|hr)\s+)?(?:in|for|on)\s+"
                       r"(?:the\s+|my\s+|our\s+)?([a-z][\w\-]{2,})", re.I)


_FROM_WHEN = re.compile(r"\b(?:from|starting|as of) (?:next|this) (?:month|week|year|season|term|quarter|semester)\b|"
                        r"\b(?:take|takes|took|taking|taken) place\b", re.I)  # "the talk will now take place on 10 October"


def _ends_phrase(token: str) -> bool:
    """A word the noun phrase before a value cannot reach past: a function word, a link, a number,
    a calendar word or a verb form ("we finished migrating everything to ...")."""
    return (token in STOPWORDS or token in _LINKS or token in ASIDES or token[0].isdigit() or bool(_CALENDAR.fullmatch(token))
            or (len(token) > 4 and token.endswith(("ing", "ed"))))


_KIN = frozenset(porter_stem(w) for w in RELATIVE.replace("?", "").replace("(", "").replace(")", "").split("|")
                 if w.isalpha())  # whose thing it is: "my dad's metformin"
_PARTS_OF_TIME = frozenset("end middle early late mid".split())
_PRONOUNS = frozenset("i we it they he she you i'm we're it's they're you're he's she's user".split())  # "The user takes"
GENERIC = frozenset(porter_stem(w) for w in """
deadline due date time day price cost rate fee amount number address schedule slot version size count total
renewal increase change update adjustment bump hike next new current
""".split())
# what names no owner of an amount either: who provides it ("lawn guy's new rate" is the "weekly lawn service")
_NO_OWNER = GENERIC | frozenset(porter_stem(w) for w in """guy gal lady folks crew company service weekly monthly daily
yearly hourly nightly annual theyre theyve everyone everybody movin moving shiftin shifting session every each
im i'm ive i've""".split())  # "so now im thursdays 7:30": the speaker, named nowhere


def owner_conflict(new: str, after: str, old: str, before: str) -> bool:
    """Do the two values belong to different things? Their owners (see ``_owner``) each name
    something the other statement never mentions: "Guitar lessons cost $45" against "Piano lessons
    cost $60", "Lily's birthday" against "Sam's birthday", "Salmon went up to $12" against "The
    halibut is $14.50". Generic words (date, price, deadline, ...) name nothing."""
    edges = edge(new, after), edge(old, before)
    if None not in edges and edges[0] != edges[1]:
        return True  # "closes at 8pm" against "opens at 9am"
    if _MEASURE.fullmatch(after) and _MEASURE.fullmatch(before) and _each(new, after) != _each(old, before):
        return True  # "a full hive is roughly 45kg each" against "my hive trailer is rated 750kg max"
    new_owner = (_owner(new, after) or frozenset()) - _NO_OWNER
    old_owner = (_owner(old, before) or frozenset()) - _NO_OWNER
    if is_nth_day(before) and new_owner <= _ORDINALS:
        new_owner = frozenset()  # "meet first tuesdays" after "meets on the second Thursday of each month"
    new_words, old_words = subject_words(new), subject_words(old)
    if any(w in _KIN and not _in_family(w, old_words) for w in new_owner):
        return True  # "bumped my dad's metformin up to 1000mg" after "takes 20 mg of lisinopril"
    if not new_owner or not old_owner:
        return False
    common = [w for w in new_owner if _in_family(w, old_owner)]
    if len(common) >= 2:
        return False  # "tidewater targets api 34" / "the app targets Android API level 33"
    if not common:
        # owners with nothing in common: different things only if neither statement names the other's
        # ("Salmon went up to $12" / "The halibut is $14.50"; not "hard cost target" / "budget for Harlow")
        return (not any(_in_family(w, old_words) for w in new_owner)
                and not any(_in_family(w, new_words) for w in old_owner))
    # an owner word with a digit ("AM2") is no subject word, but names the owner on both sides
    return (any(not _in_family(w, old_words | old_owner) for w in new_owner)
            and any(not _in_family(w, new_words | new_owner) for w in old_owner))


def same_owner(new: str, after: str, old: str, before: str) -> bool:
    """Do the two values belong to one named thing? Their owners share at least two words and the old
    statement names every word of the new owner: "the carnitas plate at $15.25" and "Carnitas plate is
    $13.50", not "Kids' carnitas plate is $8"."""
    new_owner = (_owner(new, after) or frozenset()) - _NO_OWNER
    old_owner = (_owner(old, before) or frozenset()) - _NO_OWNER
    old_words = subject_words(old)
    return sum(1 for w in new_owner if _in_family(w, old_owner)) >= 2 and all(_in_family(w, old_words)
                                                                             for w in new_owner)


def owned_numbers(added: frozenset[str], removed: frozenset[str], new: str, old: str) -> list[tuple[str, str]]:
    """Bare numbers of any length that belong to one named thing (see ``same_owner``): "beef empanada now 1100
    each" replaces the 800 of "Beef empanada is 800 pesos each, dozen 9000", not the 9000 of the dozen."""
    return [(before, after) for before in sorted(removed) for after in sorted(added)
            if _shape(before) == _shape(after) == "#" and same_owner(new, after, old, before)]


_EDGES = {"open": "open", "opens": "open", "opening": "open", "close": "close", "closes": "close", "closing": "close",
          "start": "start", "starts": "start", "begins": "start", "end": "end", "ends": "end", "finish": "end",
          "finishes": "end", "leave": "leave", "leaves": "leave", "departs": "leave", "arrive": "arrive",
          "arrives": "arrive", "lands": "arrive"}


def edge(text: str, value: str) -> str | None:
    """Which end of something a time belongs to: "open" in "opens at 9am", "close" in "stays open until 10pm"."""
    at = text.lower().find(value.lower())
    if at < 0:
        return None
    before = re.findall(r"[a-z]+", text[:at].lower())[-4:]
    if before[-1:] in (["until"], ["till"]):
        return "close" if "open" in before else "end"
    return next((_EDGES[w] for w in reversed(before) if w in _EDGES), None)


_MEASURE = re.compile(r"\d+(?:\.\d+)?\s?(?:kg|kgs|lbs?|oz|tons?|tonnes?|l|ltr|litres?|liters?|gal|gallons?|m|km|cm|mm|ft|"
                      r"kilos?|pounds?)")


def _each(text: str, value: str) -> bool:
    """Is ``value`` an amount for each one of several ("roughly 45kg each", "20l apiece")?"""
    at = text.lower().find(value.lower())
    return at >= 0 and re.match(r"\s*(?:\w+\s+)?(?:each|apiece|a piece|per (?:hive|unit|item|box|bag|crate|jar|bottle))\b",
                                text[at + len(value):], re.I) is not None


def _in_family(word: str, words: frozenset[str]) -> bool:
    return any(same_family(word, w) or word[:5] == w[:5] for w in words)


def pick(pairs: list[tuple[str, str]], new: str, old: str) -> tuple[tuple[str, str], tuple[str, ...]]:
    """The (old, new) value pair to report, and what the new memory replaces: the old value whose
    clause shares most words with the new memory ("halibut ... $14.50" for "halibut went up to
    $17.25"). When that is ambiguous, or the values are model names (a whole system changed),
    nothing is named, so the old memory is superseded whole rather than narrowed."""
    wanted = subject_words(new) - {w for _, after in pairs for w in subject_words(after)}  # not units ("lb")
    befores = list(dict.fromkeys(before for before, _ in pairs))
    overlap = {b: len((_clause_words(old, b) - subject_words(b)) & wanted) for b in befores}
    best = max(overlap.values())
    winners = [b for b in befores if overlap[b] == best]
    pair = next(p for p in pairs if p[0] == winners[0])
    clear = len(befores) == 1 or (len(winners) == 1 and best > 0)
    return pair, ((pair[0],) if clear and _model(pair[0]) is None else ())


def _clock(token: str) -> str | None:
    """A time as 24-hour "HH:MM" ("3:45pm" and "15:45" are one time), None for other tokens."""
    m = re.fullmatch(r"(?:at )?(\d{1,2})(?::(\d{2}))?\s?([ap])?\.?m?\.?", token)
    if m is None or not (m.group(2) or m.group(3)) or int(m.group(1)) > (12 if m.group(3) else 23):
        return None
    hour = int(m.group(1)) % 12 + (12 if m.group(3) == "p" else 0) if m.group(3) else int(m.group(1))
    return f"{hour:02d}:{m.group(2) or '00'}"


def same_values(a: frozenset[str], b: frozenset[str]) -> bool:
    """The same values, times compared on the clock ("3:45pm" / "15:45"; "at 2" / "2pm")."""
    def canon(values: frozenset[str]) -> set[str]:
        clocks = {t: _clock(t) for t in values}
        whole = [t for t, c in clocks.items() if c]
        # "3", "45" and "45pm" are pieces of "3:45pm"
        return {c or t for t, c in clocks.items() if c or not any(t != w and t in w for w in whole)}

    if a == b:
        return True
    ca, cb = canon(a), canon(b)
    differ = ca ^ cb
    if not differ:
        return True
    hours = {t[:2] for t in differ if re.fullmatch(r"\d{2}:\d{2}", t)}
    bare = [t for t in differ if re.fullmatch(r"at \d{1,2}", t)]  # "at 2": am or pm, said elsewhere
    return bool(bare) and len(bare) + len(hours) == len(differ) and all(
        any(int(h) % 12 == int(t[3:]) % 12 for h in hours) for t in bare)


def shared_shape(added: frozenset[str], removed: frozenset[str]) -> bool:
    """Is some new value of the same kind as some old one: a day for a day ("the 29th" for "September
    15"), a number for a number ("17.4" for "16")?"""
    def kinds(values: frozenset[str]) -> set[str]:
        out = set()
        for v in values:
            shape = _shape(v)
            out.add("day" if shape in ("date", "month", "weekday", "time") or _ORDINAL.fullmatch(v)
                    else "number" if re.fullmatch(r"[#.,]+", shape) else shape)
        return out

    return bool(kinds(added) & kinds(removed))


def same_shape(added: frozenset[str], removed: frozenset[str], kinds: str,
               texts: tuple[str, str] | None = None) -> list[tuple[str, str]]:
    """A value that changed only in its digits (db-stg-1.corp -> db-stg-7.corp, 3:15 -> 2:45, port
    3000 -> 3300), or another of the same kind (a month, a weekday, a time, a model name). ``kinds``
    says which values are compared: ``identifiers`` (see ``_identifier``), ``dates`` (months,
    weekdays, times) or ``any``. With ``texts`` (new, old), a new value said after the same word as
    the old one is taken first ("starts 7:00 and finish 19:00" gives 7:00 for "starts 6:00")."""
    def eligible(token: str) -> bool:
        if kinds == "identifiers":
            return _identifier(token)
        return kinds == "any" or _shape(token) in ("month", "weekday", "day range", "date", "time") or bool(
            texts and _day_of_month(texts[1], token))  # "3 March": the 3 is a date

    def comparable(a: str, b: str) -> bool:
        if kinds == "any" and {a[:3], b[:3]} & {"at "} and {_shape(a), _shape(b)} & {"#", "##"}:
            a, b = a.removeprefix("at "), b.removeprefix("at ")  # "Crew 7 is at 16 now" after "18 people"
        if {_shape(a), _shape(b)} <= {"date"} | {f"#{s}" for s in ("st", "nd", "rd", "th")} and kinds == "any":
            return True  # "the 10th" for "October 3rd"
        if _shape(a) != _shape(b):
            return kinds == "any" and _model(a) is not None and _model(a) == _model(b)
        if _shape(a) == "#":  # bare numbers: only of the same length (ports, versions), never 3 vs 200
            # or two days of a month ("on 23 October" for "on 9 October")
            return len(a) == len(b) >= 2 or bool(texts and _day_of_month(texts[0], a) and _day_of_month(texts[1], b))
        return True

    pairs = []
    for old_value in sorted(removed, key=lambda v: (-len(v), v)):  # whole values (9:30) before their parts
        if not eligible(old_value):
            continue
        label = _label(texts[1], old_value) if texts else None
        match = next((v for v in sorted(added, key=lambda v: (label is None or _label(texts[0], v) != label, -len(v), v))
                      if comparable(v, old_value)), None)
        if match is not None:
            pairs.append((old_value, match))
    return pairs


_MONTH_NAME = r"(?:jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*\b"


def _day_of_month(text: str, value: str) -> bool:
    """Is ``value`` (a bare number up to 31) said as a day of a month in ``text`` ("9 October", "october 9th")?"""
    day = re.escape(value) + r"(?:st|nd|rd|th)?"
    return value.isdigit() and int(value) <= 31 and bool(re.search(rf"(?<![\w:.]){day}\s+(?:of\s+)?{_MONTH_NAME}|{_MONTH_NAME}\s+{day}(?![\w:])",
                                               text, re.I))


def _label(text: str, value: str) -> str | None:
    """The word said just before ``value`` in ``text``, lower-cased ("starts" in "shift starts 6:00")."""
    m = re.search(r"([A-Za-z]+)\s+" + re.escape(value) + r"(?![\w:])", text, re.I)
    return m.group(1).lower() if m else None


def _model(token: str) -> str | None:
    """The pattern of a model name (a100, h100s, m2: letters then digits), None for other tokens."""
    m = _MODEL.fullmatch(token)
    return None if m is None else f"{len(m.group(1))}:{len(m.group(2))}"


_MODEL = re.compile(r"([a-z]{1,4})(\d{1,5})[a-z]?s?")
_ORDINAL = re.compile(r"\d+(?:st|nd|rd|th)")
_REGION = re.compile(r"(?:[a-z]{2,}-)+[a-z]+-?\d")  # us-east-1, eu-central-1, europe-west1
_TIME = re.compile(r"(?:at )?\d{1,2}(?::\d{2})?\s?(?:am|pm|a\.m\.|p\.m\.| sharp|hs)|(?:at )?\d{1,2}:\d{2}|at \d{1,2}")
_MONTHS = frozenset("jan feb mar apr may jun jul aug sep oct nov dec".split())
_CALENDAR = re.compile(r"(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*|"
                       r"(?:mon|tues|wednes|thurs|fri|satur|sun)days?|mon|tues?|weds?|thu|thurs?|fri|sat|sun")


_AMOUNT = re.compile(r"(?<![\d:.,])(?P<cur>[$\u20ac\u00a3]?)(?P<n>\d+(?:[,.]\d+)*)\s*(?P<unit>%|(?!(?:a|an|per|the|each|for|"
                     r"to|in|on|at|and|or|of|by|is|was|as|if|so|but|now|off|up|with|from|it|we|this|that|these|those|last|next|"
                     r"every|since|until|st|nd|rd|th)\b)(?:[a-z]{1,5}|[a-z]{3,12}s)\b)?(?P<per>\s*/\s*[a-z]+|\s*\b(?:per|an?|each)\s+"
                     r"(?:hour|hr|pound|lb|kilo|kg|mile|km|word|page|month|year|week|day|night|session|lesson|class|"
                     r"square (?:foot|feet|meter|metre)|sq ?ft|sf|sqm|"
                     r"head|person|seat|unit|item|user|gallon|liter|litre)\b)?", re.I)
_UNIT_NAMES = {"pound": "lb", "lbs": "lb", "hour": "hr", "hrs": "hr", "h": "hr", "kilo": "kg", "kilogram": "kg",
               "month": "mo", "year": "yr", "litre": "liter", "l": "liter", "square foot": "sqft", "square feet": "sqft",
               "sq ft": "sqft", "sqft": "sqft", "sf": "sqft", "square meter": "sqm", "square metre": "sqm",
               "pg": "page", "pgs": "page", "pp": "page"}


_PER_BEFORE = re.compile(r"\b(hour|dai|week|month|night|year)ly\b[^$\u20ac\u00a3\d]{0,30}$", re.I)
_PER_WORD = {"hour": "hr", "dai": "day", "week": "week", "month": "mo", "night": "night", "year": "yr"}


def _unit(m: re.Match[str], text: str = "") -> str:
    per = re.sub(r"^\s*(?:/|per|an?|each)\s*", "", (m.group("per") or "").lower())
    if not per and (before := _PER_BEFORE.search(text[max(0, m.start() - 40):m.start()])):
        per = _PER_WORD[before.group(1).lower()]  # "my hourly rate to $95" is $95 an hour
    unit = (m.group("unit") or "").lower()
    if len(unit) > 3 and unit.endswith("s") and unit not in _UNIT_NAMES:
        unit = unit[:-1]  # "pounds" is "pound", "engineers" "engineer"
    return f"{m.group('cur')}#{_UNIT_NAMES.get(unit, unit)}" + (f"/{_UNIT_NAMES.get(per, per)}" if per else "")


def same_unit(new: str, old: str) -> list[tuple[str, str]]:
    """Amounts in the same unit that changed ($75/hr -> $90/hr, 40 GB -> 80 GB); bare currency
    amounts ($60 -> $75) only when the two statements share a subject word."""
    def amounts(text: str) -> list[tuple[str, str]]:
        return [(unit, m.group(0).strip()) for m in _AMOUNT.finditer(text) if (unit := _unit(m, text)) != "#"]

    def number(amount: str) -> str:
        return re.sub(r"[^\d.]", "", amount.replace(",", "")).rstrip(".")

    after = dict(reversed(amounts(new)))  # the first amount of each unit
    shared_subject = bool(subject_words(new) & subject_words(old))
    pairs = []
    for unit, before in amounts(old):
        bare = not any(c.isalpha() or c == "%" for c in unit)
        match = unit if unit in after else next((u for u in after if _loosely(u, unit)
                                                 and (shared_subject or "/" in u and "/" in unit)), None)
        # "5 hr" says the same as "5 hours"
        if match is not None and number(before) != number(after[match]) and (shared_subject or not bare):
            pairs.append((before, after[match]))
    return pairs


def _loosely(a: str, b: str) -> bool:
    """One unit said with less: "$1525" for "$1450 a month", "65/hr" for "$55 an hour"."""
    def parts(unit: str) -> tuple[str, str, str]:
        cur, _, rest = unit.partition("#")
        base, _, per = rest.partition("/")
        return cur, base, per

    (ca, ba, pa), (cb, bb, pb) = parts(a), parts(b)
    return ba == bb and (ca == cb or not ca or not cb) and (pa == pb or not pa or not pb) and (ca or cb or pa or pb) != ""
