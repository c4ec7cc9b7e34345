"""An old memory carried over with one value changed, when the user says the rest stays.

"Standup got pushed to 10:15 starting this week. Same room." after "Daily standup is at 9:30 in the
Orca room" changes the time and nothing else. Superseding the old memory whole would lose the Orca
room, so it is carried over instead: its own words with the one value replaced, "Daily standup is
at 10:15 in the Orca room." The event keeps the text before, and undo puts it back.

This happens only when the user says so:

- the message says the rest holds: "same room", "same date and time", "everything else stays the
  same" (:func:`keeps_the_rest`);
- or it corrects one value by naming the wrong one: "my laboratory is S41, not S14";
- or the new memory names which end of the old one's hours it moves: "We open at 11:00 from now"
  after "Our shop opens at 10:30 and closes at 15:00" keeps the closing time;
- or the message opens as a correction ("I wrote the telephone number wrong. It is 86 14 22 73"): the
  caller passes ``said_same`` for it.

And only one value may change: the values of the new memory and the old one differ in exactly
one pair of the same shape (a time for a time, a day for a day, a number for a number of the same
length, a code for a code), the old value occurs once in the old memory, and the new memory names
nothing new besides its reasons: "the team trains at Granite Works now, same days but 4:30-6:30"
moves the practice to another gym as well, so the old memory goes whole.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import datetime

from . import value_pairs
from .dates import end_of_day, find_dates
from .text import PLACE_IN
from .topics import without_rejections
from .values import value_tokens

__all__ = ["Carried", "carried_over", "keeps_the_rest", "only_keeps_the_rest", "due_of"]

_KEPT = (r"(?:room|rooms|time|times|place|date|dates|day|days|venue|location|address|spot|hour|hours|price|rate|team|"
         r"crew|people|group|doctor|details|setup|link|gate|platform|plan)")
_SAME = re.compile(
    rf"\bsame\s+{_KEPT}\b|\b(?:everything|all|the\s+rest)\s+(?:else\s+)?(?:stays|is|remains)\s+(?:the\s+same|unchanged)\b|"
    r"\botherwise\s+(?:the\s+same|unchanged|as\s+before)\b|\bnothing\s+else\s+(?:changes|changed|has\s+changed)\b",
    re.I)
_SAME_ONLY = re.compile(
    rf"^(?:(?:and|but|otherwise|still|rest\s+is)\s+)?(?:the\s+)?same\s+{_KEPT}(?:\s+(?:in|of)\s+the\s+\w+)?"
    rf"(?:\s*(?:,|and|&|\+)\s*(?:the\s+)?(?:same\s+)?{_KEPT}(?:\s+(?:in|of)\s+the\s+\w+)?)*"
    r"(?:\s+as\s+(?:before|usual|always))?\s*[.!]*$", re.I)
_MAX_ONLY_WORDS = 10


@dataclass(frozen=True, slots=True)
class Carried:
    """The old memory's text with ``before`` replaced by ``after``."""

    text: str
    before: str
    after: str


def keeps_the_rest(text: str) -> str | None:
    """The words that say everything but the changed value holds ("same room and time"), or None."""
    m = _SAME.search(text)
    return m.group(0) if m else None


def only_keeps_the_rest(sentence: str) -> bool:
    """A sentence that says nothing but that the rest holds ("Same room and time."): no memory of its own."""
    return len(sentence.split()) <= _MAX_ONLY_WORDS and bool(_SAME_ONLY.match(sentence.strip()))


def _value(token: str) -> re.Pattern[str]:
    return re.compile(rf"(?<![\w.:/\-]){re.escape(token)}s?(?![\w:/])", re.I)


def _whole(tokens: frozenset[str]) -> frozenset[str]:
    """Values without their pieces ("09:15", not also "09" and "15")."""
    return frozenset(t for t in tokens if not any(t != o and t in re.split(r"\W+", o) for o in tokens))


_NEWS_DAYS = frozenset({"today", "tonight", "yesterday"})
_NAME = re.compile(r"(?<![.!?]\s)(?<!^)\b[A-Z][\w'\-]*")
_WRONG = re.compile(r"[^.!?]*\bwrong\b[^.!?]*[.!?]?", re.I)  # "I gave you the Eircode wrong." names what it corrects
_REASON = re.compile(r"\b(?:because|bc|since|due to|as)\b[^.!?]*", re.I)  # "... because of the new hires in Lisbon"
_CALENDAR = re.compile(r"(?:mon|tues|wednes|thurs|fri|satur|sun)days?|jan\w*|feb\w*|mar\w*|apr\w*|may|jun\w*|jul\w*|"
                       r"aug\w*|sep\w*|oct\w*|nov\w*|dec\w*|i|i'm|i've|i'll|i'd|dr|mr|mrs|ms", re.I)


def _names_new(new: str, old: str, after: str) -> bool:
    """Does ``new`` name something ``old`` does not (a place, a person), outside its reasons, the sentence that says
    what was wrong and the new value?"""
    said = _WRONG.sub("", _REASON.sub("", new)).strip()
    return any(not _CALENDAR.fullmatch(name) and name.lower() != after and name.lower() not in old.lower()
               for name in _NAME.findall(said))


def _one_edge(new: str, old: str, ours: frozenset[str], theirs: frozenset[str],
              pairs: list[tuple[str, str]]) -> tuple[str, str] | None:
    """The one time the new memory moves, when it names the end it belongs to and the old memory has exactly one
    time at that end: "We open at 11:00 from now" moves "opens at 10:30" and leaves "closes at 15:00". Every other
    time of the old memory must sit at an end too: "so I wake up at 4:30" after "my shift starts 5:40" follows the
    start and goes with it."""
    if len(ours) != 1:
        return None
    at_edge = [(b, a) for b, a in pairs if (side := value_pairs.edge(new, a)) and value_pairs.edge(old, b) == side]
    if len(at_edge) != 1:
        return None
    others = [t for t in theirs if t != at_edge[0][0] and value_pairs.is_time(t)]
    return at_edge[0] if all(value_pairs.edge(old, t) for t in others) else None


def carried_over(old: str, new: str, *, said_same: bool) -> Carried | None:
    """``old`` with the one value ``new`` changes, when the user said the rest holds (``said_same``) or
    named the wrong value ("S41, not S14"); None otherwise (see the module docstring)."""
    named = value_tokens(new)
    rejected = {v for v in named if re.search(rf"\bnot\s+(?:the\s+)?{re.escape(v)}(?![\w:])", new, re.I)}
    rejected |= named - value_tokens(without_rejections(new))  # "the vicar needs the church on Tuesday evenings"
    ours, theirs = _whole(named - rejected), _whole(value_tokens(old))
    pairs = value_pairs.same_shape(ours - theirs, theirs - ours, "any", (new, old))  # "10 March" for "3 March"
    edged = _one_edge(new, old, ours, theirs, pairs)
    if not (said_same or rejected or edged):
        return None
    if said_same and not pairs and not ours - theirs:  # "changed the training center, now is Tarragona, same dates"
        return _other_place(old, new)
    if edged:
        pairs = [edged]
    elif rejected:  # the pair of the value named wrong: "1600 yen, not 1800" beside "250g jar is 1000 yen"
        pairs = [p for p in pairs if p[0] in rejected]
    # "its thurs 19th not the fri" changes the day of the month too; "they call me today" says when the news came
    if len(pairs) != 1 or len(ours - theirs - _NEWS_DAYS) != 1:
        return None
    before, after = pairs[0]
    if rejected and before not in rejected:
        return None
    pattern = _value(before)
    if len(pattern.findall(old)) != 1 or _names_new(new, old, after):
        return None
    said = _value(after).search(new)
    surface = said.group(0) if said else after
    if surface.lower() != after and not pattern.search(old).group(0).lower().endswith("s"):
        surface = surface[:-1]  # "every Tuesday" becomes "every thursday", though the new memory says "wants thursdays"
    text = pattern.sub(lambda _: surface, old)
    return Carried(text, before, after) if text != old else None


def due_of(text: str, now: datetime) -> datetime | None:
    """When a deadline carried over to ``text`` has passed: the end of its first date from today on."""
    dates = find_dates(text, now)
    future = [d for d in dates if d.day >= now.date()]
    return end_of_day(future[0].day, now) if future else None


def _other_place(old: str, new: str) -> Carried | None:
    """``old`` with its one place ("in Bilbao") replaced by the one name ``new`` adds ("now is Tarragona")."""
    added = [n for n in _NAME.findall(new) if n.lower() not in old.lower() and not _CALENDAR.fullmatch(n)]
    places = [p for p in PLACE_IN.findall(old) if p.lower() not in new.lower()]
    if len(added) != 1 or len(places) != 1 or len(re.findall(rf"\b{re.escape(places[0])}\b", old)) != 1:
        return None
    return Carried(re.sub(rf"\b{re.escape(places[0])}\b", added[0], old), places[0].lower(), added[0].lower())
