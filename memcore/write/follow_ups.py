"""Follow-ups: what a message says about the memory just before it. "Scratch that, it's 4:30" corrects it, "they
moved it to the 6th" changes its value, "nah, sticking with corks" drops the plan it weighed, "finally I sold it ...
now I have a Corolla" and "she's moving to Bristol" end what it says, and "the bus is always full" remarks on the
passing situation it describes. Each rule reaches back only over memories stored within ``CORRECTION_WINDOW``."""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import replace
from datetime import datetime, timedelta

from ..index.stemmer import porter_stem
from ..model import Memory, MemoryType
from . import cues, value_pairs
from .candidates import Candidate
from .claims import Claim, NewRef, Ref
from .contradiction import Relation, Verdict, protect
from .text import STOPWORDS, content_words, find_word
from .topics import hypothetical, rejected_names, without_rejections
from .values import NUMBER_WORDS, subject_words, value_tokens, with_digits

CORRECTION_WINDOW = timedelta(days=1)


def _stored(live: Sequence[Claim]) -> list[Claim]:
    """The memories of ``live`` stored before this write, latest first."""
    return [k for k in reversed(live) if not isinstance(k.ref, NewRef)]


def _just_before(previous: Claim, existing: Sequence[Memory], now: datetime) -> bool:
    """Was ``previous`` stored within CORRECTION_WINDOW (or earlier in this write)?"""
    created = next((m.created_at for m in existing if m.id == previous.ref), None)
    return created is None or now - created <= CORRECTION_WINDOW


def _correction(candidate: Candidate, ref: NewRef, live: Sequence[Claim], already: set[Ref],
                existing: Sequence[Memory], now: datetime) -> Verdict | None:
    """"Scratch that — ...": a message that opens by correcting itself replaces the latest memory
    (stored within CORRECTION_WINDOW, or earlier in this write) when no rule found what it replaces."""
    if not candidate.metadata.get("corrects_previous") or already or not live:
        return None
    text = candidate.content
    previous = _corrected(text, _in_said_order(live, existing), existing, now)
    opener = cues.CORRECTION_START.match(text)
    text = text[opener.end():] if opener else text  # "Wait no sorry 🙈 size 4 for sub-12": "no" rejects nothing
    rejected = rejected_names(text) | (value_tokens(text) - value_tokens(without_rejections(text)))
    rejected = {re.sub(r"(?<=\d)(?:st|nd|rd|th)$", "", r) for r in rejected}  # "not the 14th" after "june 14"
    if rejected and not any(r in previous.content.lower() for r in rejected):
        # "... it says 1898, not 1896" takes back the memory of the last few that says 1896; "Correction: the bus
        # number is 14, not 41" is about something none of them said
        previous = next((k for k in _stored(live)[:MOVED_ME_REACH] if any(r in k.content.lower() for r in rejected)), None)
        if previous is None:
            return None
    about = _WRONG_ABOUT.search(candidate.content)
    if about and not content_words(about.group("what")) & content_words(previous.content):
        return None  # "i gave you the wrong location for the science fair" is about something the latest memory never said
    declined = _NOT_DOING.search(candidate.content)
    if declined and not content_words(declined.group("what")) <= content_words(previous.content):
        return None  # "actually no, not doing permanent nights" takes back a plan the latest memory never states
    if not _just_before(previous, existing, now):
        return None
    what = "what was said just before it" if previous is live[-1] else "the memory just before about the same thing"
    return protect(Verdict(Relation.CONTRADICTORY, ref, previous.ref,
                           f"correction: the message opens by taking back {what}", "correction"), previous)


def _in_said_order(live: Sequence[Claim], existing: Sequence[Memory]) -> list[Claim]:
    """``live`` with the memories of one message (one instant) in the order they were said: ``existing`` comes
    newest first."""
    place = {m.id: (m.created_at.timestamp() if m.created_at else 0.0, -i) for i, m in enumerate(existing)}
    stored = sorted((k for k in live if k.ref in place), key=lambda k: place[k.ref])
    return stored + [k for k in live if k.ref not in place]


def _corrected(text: str, live: Sequence[Claim], existing: Sequence[Memory], now: datetime) -> Claim:
    """What a correction takes back: the latest memory, unless it shares no subject with the correction and an
    earlier one just before does ("change of plan, the recital will be at the Town Hall instead" takes back "booked
    my annual recital for 14 November", not the programme said after it)."""
    words = {w[:5] for w in subject_words(text)}
    if words & {w[:5] for w in subject_words(live[-1].content)} or value_tokens(text) & value_tokens(live[-1].content):
        return live[-1]
    earlier = [old for old in reversed(live[:-1]) if _just_before(old, existing, now)]
    ours = value_tokens(text)
    # or the one with a day or time the correction changes ("dropped it, doing yoga on weds evenings instead" takes
    # back "boxing class on thursdays", not "physio said no more punching")
    return next((old for old in earlier if words & {w[:5] for w in subject_words(old.content)}), None) or next(
        (old for old in earlier[:MOVED_ME_REACH] if value_pairs.same_shape(
            ours - (theirs := value_tokens(old.content)), theirs - ours, "dates", (text, old.content))), live[-1])


_WRONG_ABOUT = re.compile(r"\bwrong (?:\w+ )?(?:for|of|on|about) (?:the |my |our |his |her )?(?P<what>[\w\- ]{3,30}?)"
                          r"(?=\s*[,.;:!\u2014\-]|\s+(?:it|is|was)\b|$)", re.I)
_NOT_DOING = re.compile(r"^(?:[\w,]+\s+){0,3}?not (?:doing|going (?:onto|on|to|with)|taking|getting|buying|moving to|"
                        r"switching to|going for)\s+(?:the |a |an )?(?P<what>[\w\- ]{3,40})", re.I)
_MONTH = r"(?:jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*"
_DAY_RANGE = r"(?:mon|tue|wed|thu|fri|sat|sun)[a-z]*[/-](?:mon|tue|wed|thu|fri|sat|sun)"  # "now its wed-sat"
_IT_GETS_VALUE = re.compile(
    r"\b(?:it(?:'s|s| is| was|'ll be| will be)?(?: now)?|it(?: got|'s|s| is| was| has been|'s been)? (?:moved|pushed|bumped|"
    r"changed|rescheduled)"
    r"(?: up| back| out| forward)?|(?:moved|pushed|bumped|changed|want|wants|need|needs|set|"
    r"made) it(?: up| back| out| forward| down)?|(?:asked|asks|wants?|needs?|had|has|have) to (?:push|move|bump|shift|"
    r"reschedule)(?: it)?(?: back| up| out| forward)?|(?:bumped|cut|upped|raised|lowered|reduced|increased|dropped|"
    r"titrated|switched) (?:it|him|her|them)(?: up| back| down)?|(?P<me>(?:move|moved|put|shifted) me)|(?:real|actual|correct|right) (?:number|count|figure|"
    r"total|amount) (?:is|was))\s+(?:now\s+)?(?:to\s+|by\s+|at\s+|for\s+|on\s+)?(?:the\s+)?"
    r"(?:(?:(?:mon|tues|wednes|thurs|fri|satur|sun)day,?\s+)?(?:" + _MONTH + r"\s+)?(?:\$|\u20ac|\u00a3)?\d|"
    r"[a-z]{1,3}\d|" + _DAY_RANGE + r")", re.I)  # "moved me to the N19", "pushed it to sunday june 9"


# "ugh they moved it 😩 the venue flooded so now it's april 4-6": "it" is what was said before, whatever is named after
# "aiya they postponed 😩 now next tues 10.30am": the same, with "it" left out; "client pushed it, now its sat 11am"
_MOVED_IT_FIRST = re.compile(r"^(?:they|we|(?:they|we)(?:'ve| have)|(?:the |my |our )?[a-z]+)?\s*(?:moved|pushed|bumped|changed|rescheduled|"
                             r"postponed|shifted)(?:\s+it\b|(?=\s*(?:[,.;!]|" + cues.EMOJI + r"|now\b|again\b)))", re.I)
_NAMED_BEFORE = re.compile(r"\b(?:the|our|my|their|his|her|this|that)\s+([a-z][\w\-]+)", re.I)
MOVED_ME_REACH = 3  # memories back that "they moved me to 17:15" may reach for the time it moves
_AGENT_AFTER = re.compile(r"\s*,?\s*(?:and |so |who )?(?:she|he|they)\b", re.I)


def _my_slot_values(ours: frozenset[str], theirs: frozenset[str]) -> list[tuple[str, str]]:
    """What "they moved me to ..." changes: a time or day ("17:15" for "16:00"), or a code ("the N19" for "the N42")."""
    added, removed = ours - theirs, theirs - ours
    codes = [(b, a) for b, a in value_pairs.same_shape(added, removed, "any")
             if re.search(r"[a-z]", a) and re.search(r"\d", a)]
    return value_pairs.same_shape(added, removed, "dates") or codes


def _anaphoric_change(candidate: Candidate, ref: NewRef, live: Sequence[Claim], already: set[Ref],
                      existing: Sequence[Memory], now: datetime) -> Verdict | None:
    """"They ordered expedited, so it's the 6th now": a change that gives "it" a new value, and names
    nothing the rules could compare, replaces that value in the latest memory (stored within
    CORRECTION_WINDOW, or earlier in this write) when the latest memory holds a value of that kind. "they've had to
    move me to 17:15 the same day" moves the user's own time: the latest of the last few memories with a time."""
    if not candidate.change_of_mind or already or not live or candidate.type is MemoryType.TEMPORARY:
        return None  # "bumped it to 72 just for tonight" leaves the usual 68
    text = with_digits(candidate.content)
    opener = _MOVED_IT_FIRST.match(text)
    said = _IT_GETS_VALUE.search(text) or opener
    if said is None:
        return None
    mine = said.groupdict().get("me") is not None
    opened = opener is not None
    previous = live[-1]
    if mine or opened:  # the user's own time, or what "they moved it" opens on: the latest of the last few memories
        # that holds a value of that kind ("they moved it ... now it's april 4-6" past "need 30 flash designs before that")
        ours = value_tokens(text)
        previous = next((c for c in reversed(live[-MOVED_ME_REACH:])
                         if _my_slot_values(ours, value_tokens(c.content))), previous)
    named = set() if opened else {porter_stem(m.group(1)) for m in _NAMED_BEFORE.finditer(text[:said.start()])
                                  if not _AGENT_AFTER.match(text, m.end())}  # "saw the doctor, she bumped it": the doctor acts
    person = re.search(r"\b(?:him|her|them)\b", said.group(0), re.I)  # "cut him to 50mg": whose dose, not what
    if not (person or mine) and named - {porter_stem(w) for w in content_words(previous.content)}:
        return None  # "The demo got moved, it's at 11 now": "it" is the demo, not what was said before
    if not _just_before(previous, existing, now):
        return None
    ours, theirs = value_tokens(text), value_tokens(previous.content)
    pairs = _my_slot_values(ours, theirs) if mine else (value_pairs.same_shape(ours - theirs, theirs - ours, "any")
                                                        or value_pairs.same_unit(text, previous.content))
    if not pairs:  # "upped him to 2 puffs" after "1 puff twice a day": counts compare by their unit
        return None
    (before, after), replaced = value_pairs.pick(pairs, text, previous.content)
    return protect(Verdict(Relation.CONTRADICTORY, ref, previous.ref, f"a new value for what was said just before: "
                           f"{before} -> {after}", "value-change", replaced=replaced), previous)


# "so nah, sticking with corks and cages" after "thinking about moving all the sparkling to crown caps"
# besides a plan kept (cues.STICKING): "nah", "not doing it", "forget that", "scrapping that plan"
_DROPS_PLAN = re.compile(r"\b(?:nah|not (?:doing|going (?:to|with))|staying put|"
                         r"scrap(?:ped|ping)? (?:the|that|this) (?:\w+ ){0,2}(?:idea|plan)|forget (?:it|that)|"
                         r"(?:not|no longer) (?:considering|thinking about))\b", re.I)
# "going with the university of bath course instead" after "leaning towards the keele one": another choice made
_CHOSE_INSTEAD = re.compile(r"\b(?:decided on|going with|gonna go with|went with|settled on|chose|picked|booked|gonna do|"
                            r"going to do|i'?ll do|ill do|"
                            r"signed up for|enrolled in)\b[^.!?]*\binstead\b|"
                            # "Instead I will join the online seminar from Kawai"
                            r"\binstead,? (?:i|we)(?:'ll| will| am going to| are going to)? (?:join|do|take|attend|book|go)\b", re.I)


# "I have cancelled the train journey" after "In October I intend to take the Rovos Rail up to Pretoria"
_TRIP = r"(?:trip|journey|holiday|vacation|visit|tour|cruise|flight)"
_TRIP_CANCELLED = re.compile(r"\b(?:cancell?ed|called off|scrapped|abandoned|dropped|shelved)\s+(?:the|my|our|that)\s+"
                             r"(?!(?:school|work|business|field|class|team|office|club|company|church|scout)\b)"
                             r"(?:[\w\-]+\s+)?" + _TRIP + r"\b|"
                             # "ok the seaside trip is cancelled, too expensive this year"
                             r"\b(?:the|my|our|that)\s+(?!(?:school|work|business|field|class|team|office|club|company|"
                             r"church|scout)\b)(?:[\w\-]+\s+)?" + _TRIP + r"\s+(?:is|was|got|has been)\s+(?:cancell?ed|"
                             r"called off|off|scrapped)\b|"
                             # "Bueno, finally no. The flight is crazy price with the dollar, so I stay here."
                             r"^(?:\w+,?\s+)?finally,? no\b|\bso (?:i|we)(?:'ll| will)? stay (?:here|home|put)\b|"
                             # "my son Victor says i am crazy to drive 1700 km alone. ok he wins."
                             r"\b(?:ok|okay|fine),? (?:he|she|they|you) wins?\b", re.I)
_TRIP_PLANNED = re.compile(r"\b(?:intend(?:s|ed)?|plan(?:s|ning|ned)?|going|gonna|hoping|want|booked|will)\b[^.;]{0,20}?\b(?:to )?"
                           r"(?:take|travel|fly|go|visit|drive|sail|ride|head|trip)\b|"
                           # "In July we go with family to Croatia, to Makarska, by car"
                           r"\b(?:we|i) (?:go|fly|drive|travel|sail)\b[^.;]{0,40}?\b(?:to|in) (?-i:[A-Z])", re.I)


def _plan_dropped(candidate: Candidate, ref: NewRef, live: Sequence[Claim], already: set[Ref],
                  existing: Sequence[Memory], now: datetime) -> Verdict | None:
    """A plan only considered in the latest memory ("thinking about moving all the sparkling to crown caps",
    stored within CORRECTION_WINDOW) is dropped by "nah, sticking with corks", or by another choice ("going with
    the bath course instead"): the consideration goes."""
    chose = _CHOSE_INSTEAD.search(candidate.content)
    trip = _TRIP_CANCELLED.search(candidate.content)
    if already or not live or not (chose or trip or cues.STICKING.search(candidate.content)
                                   or _DROPS_PLAN.search(candidate.content)):
        return None
    # the plan was said in an earlier message, not in this one ("talked to our distributor. so nah, sticking with ...");
    # a cancelled trip reaches back past what was said about it ("1400 km, I will drive with one night stop")
    stored = _stored(live)
    previous = next((k for k in stored[:MOVED_ME_REACH] if _TRIP_PLANNED.search(k.content)), None) if trip or chose else None
    previous = previous or next(iter(stored), None)
    planned = previous is not None and (hypothetical(previous.content)
                                        or bool((trip or chose) and _TRIP_PLANNED.search(previous.content)))
    if not planned or hypothetical(candidate.content) or not _just_before(previous, existing, now):
        return None
    reason = ("another choice replaces the plan considered just before" if chose else
              "the trip planned just before is cancelled" if trip else "the plan considered just before is dropped")
    return protect(Verdict(Relation.CONTRADICTORY, ref, previous.ref, reason, "plan-dropped"), previous)


# "The Fiat is tiny; I can barely fit my bag in the boot!" right after "borrowing my sister's Fiat 500 until Friday"
# "My van is in repair this week. I drive a rental Kia": what stands in while the situation lasts
_STAND_IN = re.compile(r"\b(?:rental|rented|loaner|borrowed|borrowing|courtesy car|hire car|stand-in|"
                       r"the long way|detour|diversion|another route)\b", re.I)  # "I must use the long way through Iriyamabe"
_NAME_START = re.compile(r"^((?!(?:The|This|That|It|I|My|Our|We)\b)[A-Z][a-z]{2,})\b(?!')")
_PLACES = re.compile(r"(?<=\b(?:in|at) )(?-i:[A-Z][\w\u00c0-\u017f\-]+(?: [A-Z][\w\u00c0-\u017f\-]+)*)")  # "in Mercado Norte"
_LOWER_PLACE = re.compile(r"\b(?:in|at|from|to) ([a-z][a-z\-]{3,})\b")
_NO_PLACES = frozenset("work home school church office hospital night bed town time least first last".split())


def _lower_places(text: str) -> set[str]:
    """Words in lower case after "in", "at", "from" or "to" that may name a place ("in gresham")."""
    return {w for w in _LOWER_PLACE.findall(text) if w not in STOPWORDS and w not in _NO_PLACES}


_NAMING = re.compile(r"^(?:the|my|our) \w+(?:'s name)? is (?-i:[A-Z])[\w\-]+\s*[,.!]", re.I)
_RULE_WORDS = re.compile(r"\b(?:must|don'?t|do not|should|have to|has to|need to|needs to|only|avoid|allergic|no)\b", re.I)
_DEFINITE_START = re.compile(r"^(?:(?:the|this|that)\s+(?P<what>[\w\-]+)|(?:it|it's|its|it is)\b)", re.I)


def follows_temporary(candidate: Candidate, known: Sequence[Claim], expiry: Mapping[Ref, datetime | None],
                       existing: Sequence[Memory], now: datetime) -> Candidate:
    """A plain note that opens by pointing at what the temporary memory just before it is about ("The Fiat ...",
    "It ...", "Bruno ..."), or names what stands in meanwhile ("I drive a rental Kia"), is part of that passing
    situation: it becomes temporary and ends with it."""
    # "The bus is always full at that hour omg" after "this week my car is at the mechanic so I go by bus": a remark,
    # not a rule the user keeps
    rule = candidate.type is MemoryType.CONSTRAINT and not candidate.critical
    remark = rule and not _RULE_WORDS.search(candidate.content)
    detour = rule and _STAND_IN.search(candidate.content) is not None  # what the user must do meanwhile
    if not (candidate.type is MemoryType.NOTE or remark or detour) or not known or not known[-1].temporary:
        return candidate
    previous = known[-1]
    until = expiry.get(previous.ref)
    if until is None or until <= now or not _just_before(previous, existing, now):
        return candidate
    text = candidate.content
    if _NAMING.match(text):
        return candidate  # "The dog is Bamse, an old Newfoundland" names what stays
    start, named = _DEFINITE_START.match(text), _NAME_START.match(text)
    if remark and not detour and (start is None or start.group("what") is None) and named is None:
        return candidate
    if start is not None:  # "It ...", or "The Fiat ..." when the temporary memory speaks of a Fiat
        follows = start.group("what") is None or porter_stem(start.group("what").lower()) in subject_words(previous.content)
    else:  # "Bruno is good with the airbrush" after "my nephew Bruno helps me ...", or a stand-in
        follows = bool(named and re.search(rf"\b{re.escape(named.group(1))}\b", previous.content, re.I)
                       or _STAND_IN.search(text))
    # "The people in Mercado Norte are very loud" after "... so I sell from a stand in Mercado Norte until Saturday"
    places = _PLACES.findall(text)
    follows = follows or (not remark and bool(places) and all(find_word(previous.content, p) for p in places))
    # "the max ride from gresham is sooo long" after "house sitting for my aunt in gresham til the 20th"
    follows = follows or (not remark and bool(_lower_places(text) & _lower_places(previous.content)))
    if not follows:
        return candidate
    metadata = {**candidate.metadata, "follows_temporary": str(previous.ref)}
    return replace(candidate, type=MemoryType.TEMPORARY, expires_at=until, rule=f"{candidate.rule}+follows-temporary",
                   importance=min(candidate.importance, 0.5), metadata=metadata)


# "finally I sold it!! ... now I have Toyota Corolla hybrid" after "I drive ... my old Skoda Octavia"; "old girl finally
# carked it at 480,000 km. got a secondhand isuzu d-max" after "use the old hilux for movin hives"
_GONE_IT = re.compile(r"\b(?:sold|scrapped|traded in|got rid of|wrote off|totall?ed)\s+(?:it|her|him|the old (?:one|girl))\b|"
                      r"\bold one (?:i |we )?(?:sold|gave away|scrapped)\b|"  # "Old one I sold to neighbor Janek."
                      r"\b(?:it|she|old girl|the old (?:one|girl))\s+(?:finally\s+)?(?:died|carked it|packed (?:it )?in|gave up|"
                      r"kicked the bucket)\b|"
                      r"\bmy (?:[\w\-]+ ){0,2}(?:fell (?:in|into) (?:the )?(?:river|sea|lake|water|harbour|toilet)|got stolen|was stolen)\b",
                      re.I)
_GOT_ANOTHER = re.compile(r"\b(?:got|bought|picked up|now (?:i|we) (?:have|drive|ride|use))\s+(?:a\s+|an\s+)?", re.I)
_OWN_THING = re.compile(r"\b(?:(?:my|the|our)\s+)?old\s+(?P<old>[A-Za-z0-9][\w\-]+)|"
                        r"\b(?:my|the|our)\s+(?P<named>(?-i:[A-Z])[\w\-]+)", re.I)


def _own_thing_gone(candidate: Candidate, ref: NewRef, live: Sequence[Claim], already: set[Ref],
                    existing: Sequence[Memory], now: datetime, message: str) -> Verdict | None:
    """The user's own thing is gone ("sold it", "old girl carked it", "my satellite messenger fell in the river") and
    the message gets another: the latest memory (stored within CORRECTION_WINDOW) about their old or named thing
    is outdated."""
    if already or not _GONE_IT.search(candidate.content) or not _GOT_ANOTHER.search(message):
        return None
    previous, thing = next(((k, m) for k in _stored(live)[:MOVED_ME_REACH] if (m := _OWN_THING.search(k.content))),
                           (None, None))
    if previous is None or thing is None or not _just_before(previous, existing, now) or find_word(message, thing.group("old") or thing.group("named")):
        return None
    what = f"old {thing.group('old')}" if thing.group("old") else thing.group("named")
    return protect(Verdict(Relation.CONTRADICTORY, ref, previous.ref, f"the user's {what} is gone and the message "
                           f"names another", "own-thing-gone"), previous)


# "two colonies did not survive; I am now down to four" after "I currently keep six hives": a count whose noun is left
# out is the count said just before
_NUMBER = r"\d+|" + "|".join(NUMBER_WORDS)
_COUNT_NOW = re.compile(r"\b(?:i'?m|i am|we'?re|we are)\s+(?:now\s+)?(?:down|up)\s+to\s+(?:just\s+|only\s+)?"
                        rf"(?P<n>{_NUMBER})(?=\s*(?:[.,;!?)]|now\b|$))", re.I)
_A_COUNT = re.compile(r"\b(?P<n>\d+)\s+(?P<what>[a-z][\w\-]+)", re.I)
_MINE = re.compile(r"\b(?:i|we)\b", re.I)


def _count_left_out(candidate: Candidate, ref: NewRef, live: Sequence[Claim], already: set[Ref],
                    existing: Sequence[Memory], now: datetime) -> Verdict | None:
    """"I am now down to four" names no noun: it gives a new value to the user's own count in the memory just before
    (stored within CORRECTION_WINDOW) when that memory holds exactly one count ("I keep six hives")."""
    said = _COUNT_NOW.search(candidate.content)
    previous = next(iter(_stored(live)), None)
    if already or said is None or previous is None or not _just_before(previous, existing, now):
        return None
    counts = [m for m in _A_COUNT.finditer(with_digits(previous.content)) if m.group("what").lower() not in STOPWORDS] \
        if _MINE.search(previous.content) else []  # "order like 10 at a time" counts nothing
    n = said.group("n").lower()
    n = str(NUMBER_WORDS.get(n, n))
    if len(counts) != 1 or counts[0].group("n") == n:
        return None
    was = counts[0]
    return protect(Verdict(Relation.CONTRADICTORY, ref, previous.ref, f"a new count for the {was.group('what')} said "
                           f"just before: {was.group('n')} -> {n}", "value-change"), previous)


# "ok plot twist 🙃 they moved me, im at the hokowhitu vet clinic instead now" after "got my placement!! riverside vets
# in feilding": where the user is placed
_PLACED_ELSEWHERE = re.compile(r"\b(?:moved|transferred|switched|put|reassigned|swapped) me\b[^.!?]*?\b(?:i'?m|im|i am) "
                               r"(?:now )?(?:at|in|with|on) [^.!?]{2,60}?\binstead\b", re.I)
_PLACEMENT = re.compile(r"\b(?:placement|posting|rotation|secondment|internship|practicum|residency|assignment)\b", re.I)


def _placed_elsewhere(candidate: Candidate, ref: NewRef, live: Sequence[Claim], already: set[Ref],
                      existing: Sequence[Memory], now: datetime) -> Verdict | None:
    """"They moved me, im at the hokowhitu vet clinic instead now": the placement said in one of the last few
    memories (stored within CORRECTION_WINDOW) is outdated."""
    if already or not _PLACED_ELSEWHERE.search(candidate.content):
        return None
    previous = next((k for k in _stored(live)[:MOVED_ME_REACH] if _PLACEMENT.search(k.content)), None)
    if previous is None or not _just_before(previous, existing, now):
        return None
    return protect(Verdict(Relation.CONTRADICTORY, ref, previous.ref, "the user was moved to another place, so the "
                           "placement said before is outdated", "placed-elsewhere"), previous)


# "she's moving to bristol for her phd" after "my housemate sophie is the best, she does all the bins"
_SHE_LEAVES = re.compile(r"^(?:(?:so|and|sadly|well|ugh)\W+)?(?P<who>she|he)(?:'s| is| has)?\s+(?:moving (?:away|abroad|out|to)|"
                         r"moved (?:away|out|to)|leaving|left|retiring|retired|quitting|quit|moving back|"
                         r"gone (?:to work (?:for|at)|to join|back to|abroad))\b", re.I)
_HER = {"she": re.compile(r"\b(?:she|her)\b", re.I), "he": re.compile(r"\b(?:he|him|his)\b", re.I)}


def _pronoun_left(candidate: Candidate, ref: NewRef, live: Sequence[Claim], already: set[Ref],
                  existing: Sequence[Memory], now: datetime) -> Verdict | None:
    """"She's moving to Bristol" right after a memory about her (stored within CORRECTION_WINDOW): she leaves what
    that memory says she does."""
    m = _SHE_LEAVES.match(candidate.content)
    previous = next(iter(_stored(live)), None)
    if already or m is None or previous is None or not _HER[m.group("who").lower()].search(previous.content) \
            or not _just_before(previous, existing, now):
        return None
    who = m.group("who").lower()
    return protect(Verdict(Relation.CONTRADICTORY, ref, previous.ref, f"{who} leaves, and the memory just before is "
                           f"about {'her' if who == 'she' else 'him'}", "pronoun-left"), previous)


def follow_up(candidate: Candidate, ref: NewRef, live: Sequence[Claim], already: set[Ref], existing: Sequence[Memory],
              now: datetime, message: str) -> Verdict | None:
    """The verdict of the first follow-up rule that finds what ``candidate`` takes back or ends in the memory just
    before it; ``already`` holds what the other rules found it supersedes, ``message`` the rest of its message."""
    return (_correction(candidate, ref, live, already, existing, now)
            or _anaphoric_change(candidate, ref, live, already, existing, now)
            or _plan_dropped(candidate, ref, live, already, existing, now)
            or _count_left_out(candidate, ref, live, already, existing, now)
            or _placed_elsewhere(candidate, ref, live, already, existing, now)
            or _own_thing_gone(candidate, ref, live, already, existing, now, message)
            or _pronoun_left(candidate, ref, live, already, existing, now))
