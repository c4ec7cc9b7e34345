"""Value-like tokens (numbers, dates, versions, URLs, weekdays) and the words around them."""

from __future__ import annotations

import re
from functools import lru_cache

from ..index.stemmer import porter_stem
from .text import STOPWORDS, words

_VALUE = re.compile(r"\d|[/:@]|^(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday|january|february|march|"
                    r"april|may|june|july|august|september|october|november|december|jan|feb|mar|apr|jun|jul|aug|"
                    r"sep|sept|oct|nov|dec|today|tomorrow|tonight|mondays|tuesdays|wednesdays|thursdays|fridays|"
                    r"saturdays|sundays|mon|tue|tues|wed|weds|thu|thur|thurs|fri)$")
CHANGE_WORDS = frozenset("""
now moved move changed change actually updated update instead postponed pushed new no longer anymore switched
rescheduled shifted bumped delayed extended is are was were be will has have got gets to from currently
""".split())


# month and weekday names, whole ("may" is a stopword elsewhere)
CALENDAR = (r"(?:january|february|march|april|may|june|july|august|september|october|november|december|"
            r"(?:mon|tues|wednes|thurs|fri|satur|sun)days?)")
STREET = re.compile(r"\b\d{1,5}\s+(?:[A-Z][\w'\-]*\s+){1,3}(?:Street|St|Road|Rd|Avenue|Ave|Boulevard|Blvd|Lane|"
                    r"Ln|Drive|Way|Court|Ct|Place|Pl|Square|Sq|Terrace|Highway|Hwy|Parkway|Pkwy)\b")
_ADDRESS = re.compile(r"[\w.+\-]+@[\w\-]+(?:\.[\w\-]+)+|https?://[^\s,;]+", re.I)
_DAY = r"(?:mon|tue|wed|thu|fri|sat|sun)[a-z]*"
_MONTH = r"(?:jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*"
_WHEN = re.compile(rf"\b\d{{1,2}}:\d{{2}}(?:\s?[ap]m\b)?|\b\d{{1,2}}\s?(?:[ap]m|hs)\b|\b\d{{1,2}}(?::\d{{2}})? sharp\b|\bat \d{{1,2}}\b(?![:.,]?\d)(?=\s*(?:[.,;!?)]|$|instead\b|now\b|from now\b|sharp\b|o'?clock\b|tonight\b|tomorrow\b|"
                   rf"today\b|on\s|in the\s))|\b{_DAY}(?:[/-]{_DAY})+\b|"
                   rf"\b{_MONTH} \d{{1,2}}(?:st|nd|rd|th)?\b", re.I)


@lru_cache(maxsize=8192)
def value_tokens(text: str) -> frozenset[str]:
    """Tokens that carry a value: anything with a digit or / : @, weekday and month names, and whole
    e-mail addresses, URLs, times and lists of days."""
    found = {_WEEKDAYS.sub(r"\1", w.rstrip(".")) for w in words(text) if _VALUE.search(w)}  # "saturdays" is "saturday"
    for m in _THOUSANDS.finditer(text):  # "1,975" whole, not "1" and "975"
        found -= set(re.findall(r"\d+", m.group(0)))
        found.add(m.group(0))
    found |= {m.group(0).rstrip(".").lower() for m in _ADDRESS.finditer(text)}
    for m in STREET.finditer(text):  # "1420 Larimer Street" is an address, not a count of 1420
        found.discard(m.group(0).split()[0])
        found.add(m.group(0).lower())
    for m in _WHEN.finditer(text):  # 3:30, 6am, mon/wed/fri, april 9 whole; "march 3rd" is "march 3"
        token = m.group(0).lower()
        day = _ORDINAL_DAY.search(token)
        if day is not None:
            found.discard(day.group(0))
            token = token[:day.start()] + day.group(1)
        if " " in token and token[:1].isalpha():  # the day of "may 15" is no value of its own
            found.discard(token.rsplit(" ", 1)[1])
        elif " " in token and token[-1] == "m":  # nor the hour of "7 pm"
            found.discard(token.split()[0])
        found.add(token)
    for m in _MOVED_TO_HOUR.finditer(text):  # "clinic's moving to 12 from next week": an hour, as "at 12" is
        found.discard(m.group(1))
        found.add(f"at {m.group(1)}")
    for m in _ON_OFF.finditer(text):  # "7 days on 7 days off" is one rotation, "14 on 14 off" another
        on, off = (_ONE.get(m.group(i).lower(), m.group(i)) for i in (1, 2))  # "one week on, one week off"
        found -= {on, off}
        found.add(f"{on} on {off} off")
    for m in _NTH_WEEKDAY.finditer(text):  # "the first Tuesday of each month" is one day, "the second Tuesday" another
        day = m.group(2).lower()
        found.discard(day)
        found.add(f"{_NTH.get(m.group(1).lower(), m.group(1).lower())} {day}")
    for m in _DAY_SPAN.finditer(text):  # "monday to wednesday" is one range, as "mon-wed" is
        first, last = (_WEEKDAYS.sub(r"\1", m.group(i).lower()) for i in (1, 2))
        found -= {first, last}
        found.add(f"{first}-{last}")
    return frozenset(found)


_MOVED_TO_HOUR = re.compile(r"\b(?:mov|push|chang|shift|bump)\w* (?:it |back |up |forward )?to (\d{1,2})"
                            r"(?=\s*(?:[.,;!?)]|$|from\b|now\b|instead\b|starting\b|o'?clock\b))", re.I)
_ON_OFF = re.compile(r"\b(\d{1,2}|one(?= (?:day|week)))\s*(?:days?\s+|weeks?\s+)?on[\s,/]+"
                     r"(\d{1,2}|one(?= (?:day|week)))\s*(?:days?\s+|weeks?\s+)?off\b", re.I)
_ONE = {"one": "1"}
_NTH_WEEKDAY = re.compile(r"\b(first|second|third|fourth|last|1st|2nd|3rd|4th) ((?:mon|tues|wednes|thurs|fri|satur|sun)day)"
                          r"(?= of (?:the|each|every) month\b)", re.I)
_NTH = {"1st": "first", "2nd": "second", "3rd": "third", "4th": "fourth"}
_DAY_SPAN = re.compile(r"\b((?:mon|tues|wednes|thurs|fri|satur|sun)days?)\s+(?:to|through|thru|till|until)\s+"
                       r"((?:mon|tues|wednes|thurs|fri|satur|sun)days?)\b", re.I)
_WEEKDAYS = re.compile(r"^((?:mon|tues|wednes|thurs|fri|satur|sun)day)s$")
_DAY_NAMES = {"mon": "monday", "tue": "tuesday", "tues": "tuesday", "wed": "wednesday", "weds": "wednesday",
              "thu": "thursday", "thur": "thursday", "thurs": "thursday", "fri": "friday"}


def day_name(token: str) -> str:
    """A weekday value token written out ("tues" -> "tuesday"); any other token as it is."""
    return _DAY_NAMES.get(token, token)
_THOUSANDS = re.compile(r"(?<![\d.,])\d{1,3}(?:,\d{3})+(?:\.\d+)?(?![\d,])")
_ORDINAL_DAY = re.compile(r"(\d{1,2})(?:st|nd|rd|th)$")


NUMBER_WORDS: dict[str, int] = {w: n for n, w in enumerate(
    "zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen sixteen seventeen "
    "eighteen nineteen twenty".split()) if n} | {w: 10 * n for n, w in enumerate(
    "_ _ _ thirty forty fifty sixty seventy eighty ninety".split()) if n >= 3}
_COUNTED = re.compile(r"\b(?P<n>" + "|".join(w for w, n in NUMBER_WORDS.items() if n >= 2)
                      + r")\b(?=\s+(?!of\b|or\b|and\b|to\b|times\b)[a-z])", re.I)


# "R$180", "NZ$95", "US$40": the dollar sign says it is money, the letters which dollar
_PREFIXED_DOLLAR = re.compile(r"\b(?:R|A|C|S|NZ|AU|CA|US|HK|NT|Z)\$(?=\d)")


_HOURS = "|".join(w for w, n in NUMBER_WORDS.items() if n <= 12)
# "half past five", "quarter to eight", "ten o'clock": a time of day in words
_WORD_TIME = re.compile(r"\b(?:(?P<part>half|quarter) (?P<dir>past|to) (?P<h>" + _HOURS + r")|"
                        r"(?P<o>" + _HOURS + r") o'?clock|"
                        # "the Saturday session will move to half ten": half past, said the British way
                        r"(?<=\bat |\bto )half (?P<b>" + _HOURS + r")(?!\s+(?:hours?|minutes?|mins?|days?|weeks?|of)\b))\b"
                        r"(?: (?P<pm>in the (?:evening|afternoon)|at night)| (?P<am>in the morning))?", re.I)


def _word_time(m: re.Match[str]) -> str:
    half_day = "pm" if m.group("pm") else "am" if m.group("am") else ""
    if m.group("o"):
        return f"{NUMBER_WORDS[m.group('o').lower()]}:00{half_day}"
    if m.group("b"):
        return f"{NUMBER_WORDS[m.group('b').lower()]}:30{half_day}"
    hour = NUMBER_WORDS[m.group("h").lower()]
    minutes = 30 if m.group("part").lower() == "half" else 15
    if m.group("dir").lower() == "to":
        hour, minutes = (hour - 2) % 12 + 1, 60 - minutes
    return f"{hour}:{minutes:02d}{half_day}"


@lru_cache(maxsize=4096)
def with_digits(text: str) -> str:
    """Counts and times written out as words become digits ("five days a chapter" -> "5 days a chapter",
    "half past five" -> "5:30") so they compare with values written in digits; "two of them", "two or three" and "one" stay words. A dollar
    with a country prefix ("R$180") compares as a dollar amount."""
    text = _WORD_TIME.sub(_word_time, _PREFIXED_DOLLAR.sub("$", text))
    return _COUNTED.sub(lambda m: str(NUMBER_WORDS[m.group("n").lower()]), text)


@lru_cache(maxsize=8192)
def subject_words(text: str) -> frozenset[str]:
    """Content words that are not values and not change words: what the statement is about."""
    out = set()
    for w in words(text):
        if w in STOPWORDS or w in CHANGE_WORDS or _VALUE.search(w) or len(w) < 2:
            continue
        out.add(porter_stem(w))  # "submitted" and "submission" are the same subject
    return frozenset(out)


def same_family(a: str, b: str) -> bool:
    """Two stems of one word family: equal, or one a short extension of the other (edit / editor)."""
    short, long = sorted((a, b), key=len)
    return a == b or (len(short) >= 4 and long.startswith(short) and len(long) - len(short) <= 3)
