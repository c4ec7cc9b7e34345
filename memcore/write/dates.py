"""Dates in free text, resolved against a given ``now`` (deadlines get ``expires_at`` from them).

Recognised: ISO dates (2026-12-01), month-name dates (March 3, 3rd of March, Dec 1 2026), a month after a
time word (before March, by the end of June, mid-October),
numeric m/d[/y], weekdays (Friday, this Friday, next Tuesday), today / tonight / tomorrow /
day after tomorrow, end of day / week / month, EOD / EOW, in N days / weeks, next week / month,
and "the 15th". "next Tuesday" means the first Tuesday strictly after today.

:func:`span_end` reads how long a situation lasts: "till thursday", "for 2 weeks", "all this week", "this fortnight", "these two weeks".
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import date, datetime, timedelta

from .values import NUMBER_WORDS

_MONTHS = {"jan": 1, "feb": 2, "mar": 3, "apr": 4, "may": 5, "jun": 6, "jul": 7, "aug": 8, "sep": 9, "oct": 10,
           "nov": 11, "dec": 12}
_WEEKDAYS = {"monday": 0, "tuesday": 1, "wednesday": 2, "thursday": 3, "friday": 4, "saturday": 5, "sunday": 6,
             "mon": 0, "tue": 1, "tues": 1, "wed": 2, "thu": 3, "thur": 3, "thurs": 3, "fri": 4, "sat": 5, "sun": 6}
_MONTH = (r"(?P<month>jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|"
          r"sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)\.?")
_DAY = r"(?P<day>[0-3]?\d)(?:st|nd|rd|th)?"
_YEAR = r"(?:,?\s+(?P<year>(?:19|20)\d\d))?"
_WEEKDAY = (r"(?P<weekday>monday|tuesday|wednesday|thursday|friday|saturday|sunday|mon|tues?|wed|thu(?:rs?)?|fri|"
            r"sat|sun)")

_RULES: tuple[tuple[str, re.Pattern[str]], ...] = (
    ("iso", re.compile(r"\b(?P<y>(?:19|20)\d\d)[-/.](?P<m>[01]?\d)[-/.](?P<d>[0-3]?\d)\b")),
    ("month_day", re.compile(r"\b" + _MONTH + r"\s+" + _DAY + r"\b" + _YEAR, re.I)),
    ("day_month", re.compile(r"\b" + _DAY + r"\s+(?:of\s+)?" + _MONTH + r"\b" + _YEAR, re.I)),
    # not a fraction of something ("the 3/4 turn", "1/2 cup", "3/4-inch")
    ("numeric", re.compile(r"(?<![\d/.\-])(?P<m>[01]?\d)/(?P<d>[0-3]?\d)(?:/(?P<y>\d{2}|\d{4}))?(?![\d/])"
                           r"(?!\"|[\s\-]+(?:of\b|turns?|cups?|tsp|tbsp|teaspoons?|tablespoons?|inch\w*|"
                           r"mile\w*|pounds?|lbs?|oz|ounces?|pints?|gallons?|times?|speed|pipes?|"
                           r"plywood|length|sheets?|size|scale|way|full|done|empty|mark))")),
    ("day_after_tomorrow", re.compile(r"\bday after tomorrow\b", re.I)),
    ("tomorrow", re.compile(r"\btomorrow\b", re.I)),
    ("today", re.compile(r"\b(?:today|tonight|end of (?:the )?day|eod)\b", re.I)),
    ("end_of_week", re.compile(r"\b(?:end of (?:the |this )?week|eow)\b", re.I)),
    # a month alone after a time word ("before March", "by the end of June", "in mid-October"); "may" needs a capital
    ("month_only", re.compile(r"\b(?P<when>before|by|until|till|in|during|end of|late|early|mid)[\s\-]+(?:the\s+)?"
                              r"(?:(?:end|middle|start|beginning) of\s+)?" + _MONTH.replace("|may|", "|(?-i:May)|")
                              + r"(?![\w.]|\s+[0-3]?\d\b)" + _YEAR, re.I)),
    ("end_of_month", re.compile(r"\bend of (?:the |this )?month\b", re.I)),
    ("in_n", re.compile(r"\bin (?P<n>\d{1,3}|a|one|two|three|four|five|six|seven|ten) "
                        r"(?P<unit>days?|weeks?|months?)\b", re.I)),
    ("weekday", re.compile(r"\b(?P<mod>next|this|coming|on|by|until|before)?\s*" + _WEEKDAY + r"\b", re.I)),
    ("next_week", re.compile(r"\bnext week\b", re.I)),
    ("next_month", re.compile(r"\bnext month\b", re.I)),
    ("ordinal", re.compile(r"\b(?:on|by|before|until|till|due|due on) (?:the )?(?P<day>[0-3]?\d)(?:st|nd|rd|th)\b"
                            r"(?!\s+(?:floor|storey|story|level|row|grade|place|round|anniversary|birthday|century|st|street|ave|avenue|rd|"
                            r"road)\b)", re.I)),
)
_WORD_NUMBERS = {"a": 1, **NUMBER_WORDS}


@dataclass(frozen=True, slots=True)
class DateMention:
    """A date found in text: the resolved day, the matched words, and which rule matched."""

    day: date
    text: str
    start: int
    end: int
    rule: str


def _safe_date(year: int, month: int, day: int) -> date | None:
    try:
        return date(year, month, day)
    except ValueError:
        return None


def _upcoming(today: date, month: int, day: int) -> date | None:
    this_year = _safe_date(today.year, month, day)
    if this_year is None:
        return None
    if this_year >= today:
        return this_year
    return _safe_date(today.year + 1, month, day)


def _add_months(day: date, months: int) -> date:
    month = day.month - 1 + months
    year = day.year + month // 12
    month = month % 12 + 1
    for d in (day.day, 30, 29, 28):
        found = _safe_date(year, month, d)
        if found:
            return found
    return day


def _month_only(m: re.Match[str], today: date) -> date | None:
    """"before March" and "early March" mean its first day, "mid-March" the 15th, "in March" and "by
    the end of March" its last day; the next such month unless a year is given."""
    month = _MONTHS[m["month"][:3].lower()]
    year = int(m["year"]) if m["year"] else today.year + (month < today.month)
    phrase = m.group(0).lower()
    if m["when"].lower() in ("before", "early") or "start of" in phrase or "beginning of" in phrase:
        return date(year, month, 1)
    if m["when"].lower() == "mid" or "middle of" in phrase:
        return date(year, month, 15)
    return _add_months(date(year, month, 1), 1) - timedelta(days=1)


def _resolve(rule: str, m: re.Match[str], today: date) -> date | None:
    if rule == "iso":
        return _safe_date(int(m["y"]), int(m["m"]), int(m["d"]))
    if rule in ("month_day", "day_month"):
        month = _MONTHS[m["month"][:3].lower()]
        day = int(m["day"])
        if m["year"]:
            return _safe_date(int(m["year"]), month, day)
        return _upcoming(today, month, day)
    if rule == "numeric":
        month, day = int(m["m"]), int(m["d"])
        if not (1 <= month <= 12 and 1 <= day <= 31):
            return None
        if m["y"]:
            year = int(m["y"])
            return _safe_date(year + 2000 if year < 100 else year, month, day)
        return _upcoming(today, month, day)
    if rule == "month_only":
        return _month_only(m, today)
    if rule == "today":
        return today
    if rule == "tomorrow":
        return today + timedelta(days=1)
    if rule == "day_after_tomorrow":
        return today + timedelta(days=2)
    if rule == "end_of_week":
        return today + timedelta(days=(4 - today.weekday()) % 7)
    if rule == "end_of_month":
        return _add_months(today.replace(day=1), 1) - timedelta(days=1)
    if rule == "in_n":
        raw = m["n"].lower()
        n = int(raw) if raw.isdigit() else _WORD_NUMBERS[raw]
        unit = m["unit"].lower()
        if unit.startswith("day"):
            return today + timedelta(days=n)
        if unit.startswith("week"):
            return today + timedelta(weeks=n)
        return _add_months(today, n)
    if rule == "weekday":
        target = _WEEKDAYS[m["weekday"].lower()]
        ahead = (target - today.weekday()) % 7
        mod = (m["mod"] or "").lower()
        if ahead == 0 and mod in ("next", "coming"):
            ahead = 7
        return today + timedelta(days=ahead)
    if rule == "next_week":
        return today + timedelta(days=7 - today.weekday())
    if rule == "next_month":
        return _add_months(today.replace(day=1), 1)
    if rule == "ordinal":
        day = int(m["day"])
        this_month = _safe_date(today.year, today.month, day)
        if this_month and this_month >= today:
            return this_month
        nxt = _add_months(today.replace(day=1), 1)
        return _safe_date(nxt.year, nxt.month, day)
    return None


_SHORT_WEEKDAY_NEEDS_CUE = frozenset({"mon", "tue", "tues", "wed", "thu", "thur", "thurs", "fri", "sat", "sun"})


def find_dates(text: str, now: datetime) -> list[DateMention]:
    """All date mentions in ``text``, left to right, resolved against ``now``; overlaps keep the first rule."""
    today = now.date()
    taken: list[tuple[int, int]] = []
    found: list[DateMention] = []
    for rule, pattern in _RULES:
        for m in pattern.finditer(text):
            start, end = m.span()
            if any(start < e and s < end for s, e in taken):
                continue
            if rule == "weekday" and not m["mod"] and (m["weekday"].lower() in _SHORT_WEEKDAY_NEEDS_CUE
                                                       or _NAMED_EVENT.match(text, end)):
                continue
            if rule == "month_day" and m["month"].lower() == "may" and not m["year"] and text[start:start + 1] == "m":
                continue
            day = _resolve(rule, m, today)
            if day is None:
                continue
            taken.append((start, end))
            found.append(DateMention(day, m.group(0).strip(), start, end, rule))
    found.sort(key=lambda d: d.start)
    return found


def end_of_day(day: date, now: datetime) -> datetime:
    """The first instant after ``day`` in ``now``'s timezone: when a deadline on that day has passed."""
    return datetime(day.year, day.month, day.day, tzinfo=now.tzinfo) + timedelta(days=1)


# not "from 6:00 until 16:00, Monday to Friday": a time of day ends a shift, not a situation
_UNTIL = re.compile(r"\b(?:till|til|'til|until|untill)\b(?!\s*\d{1,2}(?:[:.]\d{2}|\s?[ap]\.?m\b|h\b))", re.I)
# "for 2 weeks", "for the next 14 days", "for about a week", "the next 2 weeks", "next two weekends"; not "in the next
# two weeks" (a time to do something in)
_COUNT = r"\d+|a|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve"
_FOR_SPAN = re.compile(r"(?:\b(?:for|over) (?:about |around |roughly |another |like |maybe |approx\.? )?(?:the next )?|(?<!in )(?<!within )"
                       r"(?<!in the )(?<!within the )\b(?:the )?next |\bthese |\bthis (?=\w+ (?:days|weeks|wks)\b))(?P<n>"
                       + _COUNT + r"|a couple(?: of)?|couple(?: of)?|a few|(?<=next )few|some) (?:more )?(?P<unit>days?|weeks?|wks?|weekends?|"
                       r"fortnights?)\b|"
                       r"\b(?:for|over) (?:the )?(?:next|coming) (?P<unit1>fortnight|week)\b|"  # "for the next fortnight"
                       # "3 weeks in plaster", "two weeks on crutches"
                       r"\b(?P<n3>" + _COUNT + r")\s+(?P<unit3>days?|weeks?)\s+(?:in plaster|in a cast|in a sling|on crutches|"
                       r"in a boot|on bed rest|off work)\b|"
                       # "headed out on a 14 day roll", "off on a two-week course"
                       r"\b(?:on|for) an? (?P<n2>" + _COUNT + r")[\s-](?P<unit2>day|week)\s+(?:roll|rotation|trip|assignment|"
                       r"deployment|posting|course|stint|tour|stay|contract|placement|hitch|detail)\b", re.I)
_THIS_SPAN = re.compile(r"(?<!time )(?<!times )(?<!once )(?<!twice )(?<!from )(?<!starting )(?<!as of )(?<!since )"
                        # what is borrowed "for the wk" ("borrowing dave-next-door's ute for the wk")
                        r"\b(?:(?:all |for |rest of )?this|(?<=\bborrowing )(?:[\w'\-]+ ){1,4}?for the(?= (?:week|wk)\s*(?:[.,;!?]|$))) "
                        r"(?P<unit>weekend|week|wk|month|fortnight)\b"
                        r"(?!'s)", re.I)  # not "third time this month", "this week's meeting", "from this month" on
# "saturday market setup is by 6:30am", "sunday school", "monday standup": a weekly event, not a date
_NAMED_EVENT = re.compile(r"\s+(?:markets?|school|service|class(?:es)?|league|practice|shifts?|club|crew|team|stand-?ups?|"
                          r"meetings?|deliver(?:y|ies)|routine|specials?|mornings|evenings|afternoons|nights|rota|roster|"
                          r"lessons?|sessions?|rehearsals?|services|mass|prayers)\b", re.I)
_SPAN_COUNTS = {"a couple of": 2, "a couple": 2, "couple of": 2, "couple": 2, "a few": 3, "few": 3, "some": 3}
_FROM_TO = re.compile(r"\bfrom (?!\d{1,2}(?:[:.]\d{2}|\s?[ap]\.?m\b))\S+(?: \S+)? (?:to|through|thru|till|until|-) "
                      r"\S+(?: \S+)?", re.I)  # "from thursday to sunday", not "from 6:00 until 16:00"


def names_its_end(text: str) -> bool:
    """Does ``text`` say how long something lasts ("till thursday", "for the next 14 days")?"""
    return bool(_UNTIL.search(text) or _FOR_SPAN.search(text))


def span_end(text: str, dates: list[DateMention], now: datetime, *, any_day: bool = False) -> datetime | None:
    """When a situation ends, if ``text`` says: the date after "till" ("the ute's in the shop till thursday";
    "technician comes thursday so until then ..."), "for 2 weeks", or the end of "this week" / "this month";
    with ``any_day``, also the first day after today that it names ("just this saturday we close at 1pm").
    ``dates`` are :func:`find_dates` of ``text``."""
    today = now.date()
    until = _UNTIL.search(text)
    if until:
        ahead = [d for d in dates if d.day > today]
        after = [d for d in ahead if d.start >= until.start()]
        if not after and text[until.end():].strip().lower().startswith("then"):
            after = ahead
        if after:
            return end_of_day(after[0].day, now)
    between = _FROM_TO.search(text)
    if between:  # "mum's coming to stay from thursday to sunday"
        inside = [d for d in dates if between.start() <= d.start < between.end() and d.day > today]
        if inside:
            return end_of_day(inside[-1].day, now)
    span = _FOR_SPAN.search(text)
    if span:
        n = (span["n"] or span["n2"] or span["n3"] or "one").lower()
        unit = (span["unit"] or span["unit1"] or span["unit2"] or span["unit3"]).lower()
        count = int(n) if n.isdigit() else _SPAN_COUNTS.get(n) or _WORD_NUMBERS[n]
        days = count * (14 if unit.startswith("fortnight") else 7 if unit.startswith("week") else 1)
        end = today + timedelta(days=days)
        # "going to Accra for 3 weeks in march": a span that starts later; "for the next week" names no other day
        if any(d.day >= end for d in dates if not span.start() <= d.start < span.end()):
            return None
        return end_of_day(end, now) if 0 < days <= 366 else None
    this = _THIS_SPAN.search(text)
    if this and this["unit"].lower().startswith(("week", "wk", "fortnight")):
        extra = 7 if this["unit"].lower() == "fortnight" else 0
        return end_of_day(today + timedelta(days=6 - today.weekday() + extra), now)
    if this:
        first_of_next = (today.replace(day=28) + timedelta(days=4)).replace(day=1)
        return end_of_day(first_of_next - timedelta(days=1), now)
    ahead = [d for d in dates if d.day > today] if any_day else []
    return end_of_day(ahead[0].day, now) if ahead else None
