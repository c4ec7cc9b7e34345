"""Scenario evaluation (SPEC 12): the scenario file format, a keyword grader, baselines, a runner.

File format::

    {"description": str,
     "scenarios": [{"id": str, "title": str, "setup_messages": [str], "test_question": str,
                    "expected_answer_keywords": [str], "must_not_use_keywords": [str],
                    "expected_answer_alternatives": {keyword: [alternative, ...]},   # optional
                    "expire_temporary_before_test": bool,                            # optional
                    "category": str}]}                                               # optional

The runner is given a ``build_context(scenario)`` callable (the engine wires it: fresh
namespace, setup messages extracted in order as separate user turns, temporaries expired by
advancing the clock when asked, then the context for the test question) and grades what it
returns against the scenario, next to three baselines: no memory, the raw history, and a
deterministic extractive summary of the history.
"""

from __future__ import annotations

import math
import re
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from functools import lru_cache
from pathlib import Path
from typing import Any, Protocol, runtime_checkable

from ..errors import InvalidInput
from .files import read_json

DATA_FILE = Path(__file__).with_name("data") / "scenarios.json"
MEMCORE = "memcore"
NO_MEMORY = "no memory"
RAW_HISTORY = "raw history"
HISTORY_SUMMARY = "history summary"
BASELINES = (NO_MEMORY, RAW_HISTORY, HISTORY_SUMMARY)


@dataclass(frozen=True, slots=True)
class Scenario:
    id: str
    title: str
    setup_messages: tuple[str, ...]
    test_question: str
    expected_answer_keywords: tuple[str, ...] = ()
    must_not_use_keywords: tuple[str, ...] = ()
    expected_answer_alternatives: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    expire_temporary_before_test: bool = False
    category: str = ""


@dataclass(frozen=True, slots=True)
class ScenarioSet:
    description: str
    scenarios: tuple[Scenario, ...]

    def __iter__(self):  # type: ignore[no-untyped-def]
        return iter(self.scenarios)

    def __len__(self) -> int:
        return len(self.scenarios)

    def get(self, scenario_id: str) -> Scenario:
        for s in self.scenarios:
            if s.id == scenario_id:
                return s
        raise KeyError(scenario_id)


# ---------------------------------------------------------------- loading and validation


def _where(sid: str | None, index: int, name: str) -> str:
    return f"scenarios[{index}]({sid}).{name}" if sid else f"scenarios[{index}].{name}"


def _text(item: Mapping[str, Any], name: str, sid: str | None, index: int, *, required: bool = True) -> str:
    value = item.get(name)
    if value is None and not required:
        return ""
    if not isinstance(value, str) or not value.strip():
        raise InvalidInput(_where(sid, index, name), f"must be non-empty text, got {value!r:.40}")
    return value.strip()


def _texts(item: Mapping[str, Any], name: str, sid: str, index: int, *, non_empty: bool) -> tuple[str, ...]:
    value = item.get(name)
    if not isinstance(value, list):
        raise InvalidInput(_where(sid, index, name), f"must be a list of text, got {type(value).__name__}")
    if non_empty and not value:
        raise InvalidInput(_where(sid, index, name), "must not be empty")
    for i, entry in enumerate(value):
        if not isinstance(entry, str) or not entry.strip():
            raise InvalidInput(_where(sid, index, f"{name}[{i}]"), f"must be non-empty text, got {entry!r:.40}")
    return tuple(v.strip() for v in value)


def _scenario(item: Any, index: int) -> Scenario:
    if not isinstance(item, Mapping):
        raise InvalidInput(f"scenarios[{index}]", f"must be an object, got {type(item).__name__}")
    sid = _text(item, "id", None, index)
    alternatives_raw = item.get("expected_answer_alternatives", {})
    if not isinstance(alternatives_raw, Mapping):
        raise InvalidInput(_where(sid, index, "expected_answer_alternatives"), "must be an object {keyword: [alts]}")
    alternatives: dict[str, tuple[str, ...]] = {}
    for key, alts in alternatives_raw.items():
        if not isinstance(alts, list) or not all(isinstance(a, str) and a.strip() for a in alts):
            raise InvalidInput(_where(sid, index, f"expected_answer_alternatives[{key!r}]"),
                               "must be a list of non-empty text")
        alternatives[key] = tuple(a.strip() for a in alts)
    expire = item.get("expire_temporary_before_test", False)
    if not isinstance(expire, bool):
        raise InvalidInput(_where(sid, index, "expire_temporary_before_test"), f"must be true or false, got {expire!r}")
    expected = _texts(item, "expected_answer_keywords", sid, index, non_empty=False)
    unknown = [k for k in alternatives if k not in expected]
    if unknown:
        raise InvalidInput(_where(sid, index, "expected_answer_alternatives"),
                           f"{unknown[0]!r} is not one of expected_answer_keywords")
    return Scenario(
        id=sid, title=_text(item, "title", sid, index),
        setup_messages=_texts(item, "setup_messages", sid, index, non_empty=True),
        test_question=_text(item, "test_question", sid, index),
        expected_answer_keywords=expected,
        must_not_use_keywords=_texts(item, "must_not_use_keywords", sid, index, non_empty=False),
        expected_answer_alternatives=alternatives, expire_temporary_before_test=expire,
        category=_text(item, "category", sid, index, required=False),
    )


def parse_scenarios(data: Any) -> ScenarioSet:
    """Validate a decoded scenario file; errors are ``InvalidInput`` naming the scenario and field."""
    if not isinstance(data, Mapping):
        raise InvalidInput("scenario file", f"must be a JSON object, got {type(data).__name__}")
    description = data.get("description", "")
    if not isinstance(description, str):
        raise InvalidInput("description", "must be text")
    items = data.get("scenarios")
    if not isinstance(items, list) or not items:
        raise InvalidInput("scenarios", "must be a non-empty list of scenario objects")
    scenarios = tuple(_scenario(item, i) for i, item in enumerate(items))
    seen: set[str] = set()
    for i, s in enumerate(scenarios):
        if s.id in seen:
            raise InvalidInput(_where(s.id, i, "id"), "is used by an earlier scenario; ids must be unique")
        seen.add(s.id)
    return ScenarioSet(description, scenarios)


def load_scenarios(path: str | Path | None = None) -> ScenarioSet:
    """Load and validate a scenario file (default: the packaged ``eval/data/scenarios.json``)."""
    return parse_scenarios(read_json(path if path is not None else DATA_FILE))


# ---------------------------------------------------------------- grading


@lru_cache(maxsize=4096)
def _term_pattern(term: str) -> re.Pattern[str] | None:
    norm = term.strip()
    if not norm:
        return None
    pattern = re.escape(norm).replace(r"\ ", r"\s+")
    if norm[0].isalnum():
        pattern = r"(?<![a-z0-9])" + pattern
    if norm[-1].isdigit() and ":" in norm:
        pattern += r"(?:\s?[ap]\.?(?:m\b\.?)?)?(?![a-z0-9])"  # 9:30am, 3:30p
    elif norm[-1].isdigit():
        # 10th, A100s, and a number written with its unit: "750kg", "12hrs"
        pattern += r"(?:st|nd|rd|th|s|\s?[ap]\.?m\b\.?|kgs?|g|mg|mcg|ml|l|lbs?|oz|km|m|cm|mm|k|hrs?|h|mins?|yo|c|p)?(?![a-z0-9])"
    elif norm[-1].isalnum():
        pattern += r"(?:s|es)?(?![a-z0-9])"
    return re.compile(pattern, re.IGNORECASE)


def term_matches(text: str, term: str) -> list[re.Match[str]]:
    """Case-insensitive matches of ``term`` on word boundaries (a plural s/es is allowed; npm != pnpm)."""
    pattern = _term_pattern(term)
    return list(pattern.finditer(text)) if pattern else []


def keyword_present(text: str, keyword: str, alternatives: Sequence[str] = ()) -> bool:
    """Is ``keyword`` (or any alternative) in ``text``?"""
    return any(term_matches(text, candidate) for candidate in (keyword, *alternatives))


_REJECT_BEFORE = re.compile(
    r"(?:\b(?:avoid(?:ing|s)?|without|not any ?more(?: on| with| at| in)?|not|never|no longer|no more|no|instead of|rather than|in place of|"
    r"as opposed to|do not|don'?t|doesn'?t|does not|didn'?t|won'?t|shouldn'?t|must not|mustn'?t|cannot|can'?t|"
    r"replac(?:e|ed|es|ing)|supersed(?:e|ed|es|ing)|abandon(?:ed|ing)?|stole|(?<!the )left|deprecat(?:e|ed|ing)|stop(?:ped)? using|stop(?:ped)? (?:buying|ordering|getting|going|shopping|paying)(?: (?:from|at|to|with|for))?|stopped with|let go of|(?:finally|officially|glad to be|happy to be) out(?: of)?|outta|(?:we'?re|i'?m|we are|i am) (?:finally |officially )?out of|changed (?:my|our) mind (?:on|about)|packed in|jacked in|pull(?:ed|ing)? out of|(?:mov(?:e|ed|ing)|took|taken) (?:everything |it all |all |it |them )?out of|quit|drop(?:ped|ping)?|"
    r"ditch(?:ed|ing)?|dump(?:ed|ing)?|swap(?:ped)?(?: out)?|(?:switch(?:ed|ing)?|mov(?:e|ed|ing)|migrat(?:e|ed|ing)|port(?:ed|ing)?|"
    r"went|go(?:ing)?|chang(?:e|ed|ing))(?: [\w.\-]+){0,3}?(?: away)? from|than|(?:migrat|mov|switch)(?:e|ed|ing)?(?: (?:everything|it all|all|us|them|it))? off(?: of)?|got off(?: of)?|"
    r"away from|used to|formerly|previously|except|anything but|ruled out|banned?|forbid(?:den)?|dislike|hate|"
    r"not a fan of|over|bye|goodbye(?: to)?|farewell to|(?<!from )scratch|forget(?: about)?|ignore|done with|done w/?|basta with|enough with|(?:finished|through) with|sick of|"
    r"(?:parted ways|cut ties|broke up|split) (?:with|w/?)|moved out of|gave up(?: on| with)?|giving up(?: on| with)?|given up(?: on| with)?|give up (?:on|with)|cut up|"
    r"tired of|fed up with|rip(?:ped)? out|got rid of|sold|gave away|deleted|uninstalled|cancell?ed|(?<=\bwe )cancel|(?<=\bi )cancel|(?<=\bto )cancel|(?<=\] )cancel|reconsidered|had second thoughts about|(?:thought|think) better of|no more|not more(?! than)|gave (?:the|my|our)|binned|chucked|trashed|tossed|(?:we'?re|i'?m|are|is) (?:now )?off|removed|"
    r"killed|scrap(?:ped|ping)?|retir(?:e|ed|ing)|rip|r\.i\.p\.?|(?:had|'ve had) it with|(?:going-away|goodbye|farewell|send-?off|retirement) (?:\w+ )?for|"
    r"lost (?:our|my|the) (?:\w+ )?(?:slot|spot|space|lease|contract|account) (?:at|with)|"
    r"(?:last|final) day (?:at|with)|final shift (?:at|with)|(?:close|closed|closing|deleted?|deleting|deactivated?) "
    r"(?:the|my|our))\s+(?:[\w.+#'\-]+\s+){0,3}(?:[A-Z]{0,3}\$|[\u20ac\u00a3])?)$",
    re.IGNORECASE,
)
# a term in a wish or plan that waits on a condition: "if i ever BQ i'm switching to Hansons"
_IF_EVER = re.compile(r"\bif (?:i|we) (?:ever|someday|one day)\b[^.!?;]*$|"
                      r"\b(?:i|we) (?:just )?wish\b[^.!?;,]*$|"  # "its £580 not 850, i wish i cd afford 850"
                      r"\bif (?:i|we) (?:get|got|win|won|land|landed)\b[^.!?;]*\b(?:i'?d|we'?d|would)\b[^.!?;]*$",
                      re.IGNORECASE)  # "if we get the Getty grant next year we'd move the lab up to the north wing"
_CLAUSE_END = re.compile(r"[.!?;]\s|\n")
_REJECT_AFTER = re.compile(
    r"^(?:-\w+)?\s*(?:'s\s+\w+\s+|\w+\s+)?(?:is|are|was|were|has been|have been|got|gets|get|will be|is being|should be|'s)?\s*"
    r"(?:now\s+)?"
    r"(?:outdated|replaced|retired|(?:finally )?died|dead(?=\s*[.,;!])|bit the dust|gave out|fell through|fell thru|called off|stolen|"
    r"(?:taken|took) (?:early )?retirement|(?:got |been )?(?:sacked|laid off|made redundant)|"
    r"postponed indefinitely|(?:now )?in(?:to)? (?:the|a) (?:[\w\-]+ ){0,2}(?:drawer|bin|attic|loft|cupboard|"
    r"donation pile)|"
    r"cancell?ed(?: on (?:me|us))?|cancel(?=\s*[.!,;])|(?:finally )?broken|"
    r"(?:finally )?broke(?! (?:the|my|a|an|it|his|her|our|their|down|into|out|in|up|even|through)\b)|"
    r"superseded|deprecated|incorrect|not recommended|no longer|gone|dropped|retired|not allowed|banned|obsolete|"
    r"(?:clash(?:es|ed)?|conflicts?) (?:with|w(?=/|\s))|gives? me (?:a |the )?(?:headaches?|migraines?|heartburn|hives)|"
    r"ruled out|off the table|(?:just |only )?a (?:phase|fad)|(?:had |has )?bec(?:a|o)me (?:far |way |much )?too \w+|out|too \w+|way too \w+|overkill|not (?:for us|worth it|a good fit)|a bad fit|"
    r"unreliable|buggy|bloated|decommissioned|discontinued|switched off|shut down|turned off|removed|"
    r"uninstalled|sunset(?:ted)?|history|end[- ]of[- ]life|left|quit|resigned|retire(?=\s*[,.;!]|\s+(?:last|this|yesterday)\b)|"
    r"moved out(?! of)|not doing (?:it|that) any ?more|pensioned(?: off)?|packed (?:it )?in|(?:have |has )?c(?:o|a)me to nothing|se fue|"
    # "Agnieszka is going to Nowy Bieżanów depot from 1st of month"
    r"(?:going|moving|transferring) (?:over )?to (?:the )?(?-i:[A-Z][\w\u00c0-\u017f\-]*\s+){1,3}(?:depot|office|branch|site|store|"
    r"station|ward|clinic|hospital)\b|went to live (?:in|with|abroad)|(?:has gone|went) (?:off )?to (?:work (?:at|for|in)|study)|"
    r"no(?=\s*[.!]*\s*$)|"
    r"(?:go(?:es)?|going) (?:to|into) (?:the )?(?:shipyard|scrapyard|scrap|yard)\b|went (?:on|into|to) (?:pension|retirement)|go(?:es)? (?:on|into|to) (?:pension|retirement) (?=last|yesterday)|stepped (?:down|away)|dipped(?=,? (?:got|took) a)|"
    r"(?:took|taken|accepted|got) a (?:new )?(?:job|position|role|offer|lectureship|professorship|fellowship|post|call to)|got offered (?:a|the) (?:\w+ ){0,2}(?:job|position|role|tour|gig)|(?:announced (?:she|he|they)(?:'s| is| are) )?"
    r"(?:leaving|retiring|moving (?:to|away))|moved (?:over |on |up |down |back )?to|(?:got |was )?transferred (?:to|out)|"
    r"had (?:his|her|their) (?:last|final) (?:day|shift|trip|rotation|week)|"
    r"(?:has |have )?(?:returned|gone back|went back|moved back) (?:home )?to (?!work|the office|school|duty|normal)|(?:on|out on) (?:\w+ )?leave|sold|closed|"
    r"went (?:under|out of business)|torn (?:out|down)|ripped out|demolished|"
    r"(?:isn'?t|is not|aren'?t|are not) (?:covered|accepted|in[- ]network|available) any ?more|"
    r"(?:isn'?t|is not|aren'?t|are not|wasn'?t|weren'?t) (?:cleared|approved|certified|licensed|compliant)|"
    r"(?:isn'?t|is not|aren'?t|are not|not) happening|finished(?=,?\s+(?:unfortunately|sadly|alas)\b)|"
    r"off(?=\s*(?:[.!;,\u2600-\u27bf\U0001f300-\U0001faff]|$))|off for (?:me|us))\b|^\s*(?:->|=>|\u2192)|"
    r"^\s+(?:was|were)\s+(?:the\s+)?(?:\w+\s+){0,2}(?:from|for|of)\s+last\s+(?:year|season|month|term)\b|"
    r"^(?:\s+[a-z]+)?\s+(?:was|were)\s+(?:(?:the|my|our)\s+)?(?:old|previous|former)\s+\w+|"  # "90 was the old price", "180 cars was our old ship"
    r"^'s\s+last\s+(?:day|sunday|shift|week|service|class|game)\b|^'s\s+(?:retirement|going-away|farewell)\s+(?:party|lunch|dinner|cake)\b|^\s+has\s+gone\s+off\s+to\s+(?-i:[A-Z])[\w\-]+|^(?:'s)?(?:\s+has)?\s+closed\s+(?:its|their)\s+doors\b|^\s+went\s+(?:to|for)\s+sale\b|^\s+had\s+(?:his|her|their)\s+(?:retirement|going-away|farewell|leaving)\s+(?:party|lunch|dinner|drinks|do)\b|^(?:'s|\s+is)\s+(?:away\s+)?on\s+sabbatical\b|^'s\s+sabbatical\b|^\s+(?:was|were)\s+last\s+(?:year|season|month|term)\b|^(?:'s|\s+is)\s+off\s+to\b|^\s+(?:got|was|has been)\s+promoted\b|"
    r"^(?:'s)?\s+contract\s+(?:ended|ran out|expired|lapsed)\b",
    re.IGNORECASE,
)


# "Bayside shorted me AGAIN this morning, 2nd time this month. done with them.": the term is let go later in its line
_LET_GO_LATER = re.compile(r"\b(?:(?:done|finished) with|dropped|ditched|dumped|fired|sacked|left)\s+(?:them|him|her)\b"
                           r"(?!\s+(?:off|at|by|in|on|with|to|for|a|the|some)\b)|"
                           r"\bcut (?:them|him|her) off\b|\bnot going back to (?:them|him|her)\b|"
                           # "Sofie has been accepted at the Academy in Copenhagen, so she left me last Friday"
                           r"\b(?:she|he|they) (?:has |have )?(?:left|quit) (?:me|us)\b", re.IGNORECASE)


# "We've had to let Murphy Builders go after they missed three site visits": a provider or person let go
_LET_BEFORE = re.compile(r"\blet\s+(?:the\s+)?$", re.IGNORECASE)
_GO_AFTER = re.compile(r"^(?:\s+[A-Z][\w&'\-]*){0,3}\s+go\b(?!\s+(?:to|and|ahead|on|for|with|back|home|out|into|through|"
                       r"over|of)\b)")


# "wont let us use the school pitch anymore": a term between a negation and "anymore"
_NOT_BEFORE = re.compile(r"\b(?:\w+n'?t|wont|cant|dont|cannot|not|never)\b(?:\s+[\w']+){0,5}\s*$", re.IGNORECASE)
_ANYMORE_AFTER = re.compile(r"^(?:\s+[\w']+)?\s+any ?more\b", re.IGNORECASE)


# "I said eleven hives, but I counted properly and it is fourteen": what the user takes back
_SAID_BEFORE = re.compile(r"\b(?:i|we) (?:said|wrote|typed|told (?:you|u))\s+(?:[\w']+\s+){0,2}$", re.IGNORECASE)
_BUT_AFTER = re.compile(r"^[^.;!?\n]{0,30}?(?:,?\s+but\b|,\s+(?:it'?s|its|it is|actually)\b)", re.IGNORECASE)  # "i said june 12, it's june 21"


# "- [mistake] I sent my invoice to the shipping agent instead of to the port authority": the term is what went wrong
_CHOSEN_OVER = re.compile(r"^[^.;!?\n]{0,40}?\b(?:instead of|rather than)\b", re.IGNORECASE)


# "quit coffee, switched to matcha, the coffee was wrecking my sleep": in a line that makes a switch, a term followed
# by what it did wrong is the reason for the switch, not what holds now
_SWITCH_LINE = re.compile(r"\b(?:switch(?:ed|ing)|swapped|chang(?:e|ed|ing) to|changed|moved|quit|left|went (?:for|with)|jumped ship|"
                          r"go(?:ing|nna go)? (?:for|with)|"
                          # "tadcaster cant do the bed height we need so its cadeby stone now"
                          r"so (?:it'?s|its|i'?m|im|we'?re) [^.;!?\n]*\b(?:now|instead)|"
                          # "we're w southern glass supply now, jarmasters stuffed up 3 orders"
                          r"(?:we'?re|i'?m|we are|i am) (?:w|w/|with) [^.;!?\n,]*\bnow|"
                          # "we order from stromsholm now, vale bros sent the wrong sizes"
                          r"(?:i|we) (?:order|buy|source|shop) [^.;!?\n,]{0,30}?\b(?:from|through|with|at) [^.;!?\n,]+ now|"
                          # "Schaff has been so slow lately that I've started ordering from Pianotek instead"
                          r"started (?:ordering|buying|getting|sourcing) (?:\w+ )?from|now (?:i|we) (?:order|buy|get|source) (?:\w+ )?from|"
                          r"going (?:w|w/|with) [^.;!?\n]+ from now on)\b",
                          re.IGNORECASE)
_PAST_AFTER = re.compile(r"^(?:\s+[\w'\-]+){0,4}?\s+(?:was|were|did|kept|had been|has been|have been|clashed|has (?:\d+|a|an) (?:\w+ )?(?:months?|weeks?) (?:waiting|wait)|put (?:their|the|its) prices up|failed|broke|stopped|"
                         r"(?:delivered|arrived|came|shipped) late|ran out|expired|jacked|hiked|can'?t|cant|cannot|"
                         r"shorted|short-?changed|overcharged|sent (?:the )?wrong|had (?:\w+ )?(?:no|zero)|(?:stuffed|screwed|messed|mucked) up|botched|"
                         r"couldn'?t)\b",
                         re.IGNORECASE)


# "crew night is mondays now, same time, the gym has a league on thursdays": the old day, taken by something else
# "The vicar needs the church on Tuesday evenings ..., so we have moved our practice to Thursdays"
_TAKEN_BEFORE = re.compile(r",\s+the \w+ (?:has|have|got) (?:a |an |the |their )?[\w\-]+(?: [\w\-]+)? on\s*$|"
                           r"\b(?:needs|wants|has booked|booked|took|takes) the \w+ on\s*$", re.IGNORECASE)
_CHANGE_SAID = re.compile(r"\b(?:now|moved|changed|shifted)\b", re.IGNORECASE)


def _taken_by_other(text: str, start: int, before: str) -> bool:
    """Is the term at ``start`` the old slot that something else has now, in a line that says what holds now or what
    moved?"""
    line_start = text.rfind("\n", 0, start) + 1
    line_end = text.find("\n", start)
    line = text[line_start:line_end if line_end >= 0 else len(text)]
    return _TAKEN_BEFORE.search(before) is not None and _CHANGE_SAID.search(line) is not None


def _reason_for_switch(text: str, start: int, after: str) -> bool:
    """Is the term at ``start`` the reason given for a switch made in its line?"""
    line_start = text.rfind("\n", 0, start) + 1
    line_end = text.find("\n", start)
    line = text[line_start:line_end if line_end >= 0 else len(text)]
    return _PAST_AFTER.match(after) is not None and _SWITCH_LINE.search(line) is not None


def _wrong_choice(text: str, start: int, line_rest: str) -> bool:
    """Is the term at ``start`` the wrong pick of a mistake line ("X instead of Y")?"""
    line_start = text.rfind("\n", 0, start) + 1
    return text.startswith("- [mistake]", line_start) and _CHOSEN_OVER.match(line_rest) is not None


def forbidden_asserted(text: str, term: str) -> bool:
    """Is ``term`` presented as current in ``text``? Mentions right after a rejection cue
    ("instead of X", "avoid X", "switched from X", "X is deprecated") do not count."""
    for match in term_matches(text, term):
        before = text[max(0, match.start() - 60):match.start()]
        cut = max((m.end() for m in _CLAUSE_END.finditer(before)), default=0)
        before = before[cut:]
        after = text[match.end():match.end() + 48]
        wish = text[max(0, match.start() - 120):match.start()]
        wish = wish[max((m.end() for m in _CLAUSE_END.finditer(wish)), default=0):]
        line_rest = text[match.end():].split("\n", 1)[0][:160]
        if _REJECT_BEFORE.search(before) or _REJECT_AFTER.match(after) or _IF_EVER.search(wish) \
                or _LET_GO_LATER.search(line_rest) or _wrong_choice(text, match.start(), line_rest) \
                or _reason_for_switch(text, match.start(), after) or _taken_by_other(text, match.start(), before) \
                or (_NOT_BEFORE.search(before) and _ANYMORE_AFTER.match(after)) \
                or (_LET_BEFORE.search(before) and _GO_AFTER.match(after)) \
                or (_SAID_BEFORE.search(before) and _BUT_AFTER.match(after)):
            continue
        return True
    return False


@dataclass(frozen=True, slots=True)
class Grade:
    """Keyword recall and forbidden-term avoidance of one context for one scenario."""

    found: tuple[str, ...]
    missing: tuple[str, ...]
    leaked: tuple[str, ...]

    @property
    def expected(self) -> int:
        return len(self.found) + len(self.missing)

    @property
    def recall(self) -> float:
        """Fraction of expected keywords present (1.0 when none are expected)."""
        return len(self.found) / self.expected if self.expected else 1.0

    @property
    def avoided(self) -> bool:
        return not self.leaked

    @property
    def passed(self) -> bool:
        return not self.missing and not self.leaked


def grade(text: str, scenario: Scenario) -> Grade:
    """Grade a context (or an answer) against the scenario's expected and forbidden keywords."""
    found, missing = [], []
    for kw in scenario.expected_answer_keywords:
        (found if keyword_present(text, kw, scenario.expected_answer_alternatives.get(kw, ())) else missing).append(kw)
    leaked = tuple(t for t in scenario.must_not_use_keywords if forbidden_asserted(text, t))
    return Grade(tuple(found), tuple(missing), leaked)


# ---------------------------------------------------------------- baselines


def approx_tokens(text: str) -> int:
    """An explicit approximation: one token per 4 characters (rounded up)."""
    return math.ceil(len(text) / 4) if text else 0


def no_memory_context(scenario: Scenario) -> str:
    """The no-memory baseline: nothing."""
    return ""


def raw_history_context(scenario: Scenario) -> str:
    """The raw-history baseline: every setup message, in order."""
    return "\n".join(scenario.setup_messages)


def history_summary_context(scenario: Scenario) -> str:
    """A deterministic extractive summary: the sentences the rule extractor keeps, in order,
    without merging, supersession or expiry."""
    from ..write.candidates import Turn
    from ..write.extract_rules import extract_rules

    turns = [Turn("user", m, f"s{i}") for i, m in enumerate(scenario.setup_messages)]
    now = datetime(2026, 1, 1, tzinfo=UTC)
    return "\n".join(f"- {c.content}" for c in extract_rules(turns, now=now))


BASELINE_BUILDERS: dict[str, Callable[[Scenario], str]] = {
    NO_MEMORY: no_memory_context, RAW_HISTORY: raw_history_context, HISTORY_SUMMARY: history_summary_context,
}


# ---------------------------------------------------------------- running


@runtime_checkable
class ContextLike(Protocol):
    """What ``build_context`` returns: the context text and its token count (``latency_ms`` optional)."""

    text: str
    tokens: int


ContextBuilder = Callable[[Scenario], ContextLike | str]


@dataclass(frozen=True, slots=True)
class ScenarioResult:
    scenario_id: str
    title: str
    system: str
    grade: Grade
    tokens: int
    latency_ms: float
    context: str

    def to_dict(self) -> dict[str, Any]:
        return {"id": self.scenario_id, "title": self.title, "system": self.system, "recall": self.grade.recall,
                "missing": list(self.grade.missing), "leaked": list(self.grade.leaked),
                "passed": self.grade.passed, "tokens": self.tokens, "latency_ms": round(self.latency_ms, 3)}


@dataclass(frozen=True, slots=True)
class SystemSummary:
    """Aggregates for one system over all scenarios.

    ``keyword_recall`` is micro-averaged over all expected keywords; ``forbidden_avoidance`` is the
    share of scenarios with no forbidden term asserted; ``token_reduction`` is 1 - tokens / raw
    history tokens (negative when larger).
    """

    system: str
    scenarios: int
    keyword_recall: float
    forbidden_avoidance: float
    pass_rate: float
    total_tokens: int
    token_reduction: float
    mean_latency_ms: float
    p95_latency_ms: float

    def to_dict(self) -> dict[str, Any]:
        return {"system": self.system, "scenarios": self.scenarios, "keyword_recall": round(self.keyword_recall, 4),
                "forbidden_avoidance": round(self.forbidden_avoidance, 4), "pass_rate": round(self.pass_rate, 4),
                "total_tokens": self.total_tokens, "token_reduction": round(self.token_reduction, 4),
                "mean_latency_ms": round(self.mean_latency_ms, 3), "p95_latency_ms": round(self.p95_latency_ms, 3)}


@dataclass(frozen=True, slots=True)
class EvalReport:
    results: tuple[ScenarioResult, ...]
    summaries: tuple[SystemSummary, ...]

    def summary(self, system: str = MEMCORE) -> SystemSummary:
        for s in self.summaries:
            if s.system == system:
                return s
        raise KeyError(system)

    def for_system(self, system: str = MEMCORE) -> tuple[ScenarioResult, ...]:
        return tuple(r for r in self.results if r.system == system)

    def failures(self, system: str = MEMCORE) -> tuple[ScenarioResult, ...]:
        return tuple(r for r in self.for_system(system) if not r.grade.passed)

    def to_dict(self) -> dict[str, Any]:
        return {"summaries": [s.to_dict() for s in self.summaries], "results": [r.to_dict() for r in self.results]}


def _percentile(values: Sequence[float], q: float) -> float:
    if not values:
        return 0.0
    ordered = sorted(values)
    index = min(len(ordered) - 1, max(0, math.ceil(q * len(ordered)) - 1))
    return ordered[index]


def _summarise(system: str, results: Sequence[ScenarioResult], raw_tokens: int) -> SystemSummary:
    expected = sum(r.grade.expected for r in results)
    found = sum(len(r.grade.found) for r in results)
    n = len(results)
    tokens = sum(r.tokens for r in results)
    latencies = [r.latency_ms for r in results]
    return SystemSummary(
        system=system, scenarios=n, keyword_recall=found / expected if expected else 1.0,
        forbidden_avoidance=sum(1 for r in results if r.grade.avoided) / n if n else 1.0,
        pass_rate=sum(1 for r in results if r.grade.passed) / n if n else 1.0, total_tokens=tokens,
        token_reduction=1 - tokens / raw_tokens if raw_tokens else 0.0,
        mean_latency_ms=sum(latencies) / n if n else 0.0, p95_latency_ms=_percentile(latencies, 0.95),
    )


def run_scenarios(
    scenarios: Sequence[Scenario] | ScenarioSet,
    build_context: ContextBuilder,
    *,
    system: str = MEMCORE,
    baselines: Sequence[str] = BASELINES,
    count_tokens: Callable[[str], int] = approx_tokens,
    timer: Callable[[], float] = time.perf_counter,
) -> EvalReport:
    """Run every scenario through ``build_context`` and the named baselines; grade each context.

    ``build_context`` must isolate each scenario (fresh namespace). When it returns an object
    with ``tokens`` (and optionally ``latency_ms``) those are used; for plain text, tokens come
    from ``count_tokens`` and latency is the wall time of the call.
    """
    items = tuple(scenarios)
    for name in baselines:
        if name not in BASELINE_BUILDERS:
            raise InvalidInput("baselines", f"{name!r} is not a baseline; use: {', '.join(BASELINE_BUILDERS)}")
    builders: list[tuple[str, Callable[[Scenario], Any]]] = [(system, build_context)]
    builders += [(name, BASELINE_BUILDERS[name]) for name in baselines]
    results: list[ScenarioResult] = []
    for name, builder in builders:
        for scenario in items:
            start = timer()
            out = builder(scenario)
            elapsed = (timer() - start) * 1000.0
            if isinstance(out, str):
                text, tokens, latency = out, count_tokens(out), elapsed
            else:
                text, tokens = out.text, int(out.tokens)
                latency = float(getattr(out, "latency_ms", elapsed) or elapsed)
            results.append(ScenarioResult(scenario.id, scenario.title, name, grade(text, scenario), tokens,
                                          latency, text))
    raw_tokens = sum(count_tokens(raw_history_context(s)) for s in items)
    systems = [system, *baselines]
    summaries = tuple(_summarise(name, [r for r in results if r.system == name], raw_tokens) for name in systems)
    return EvalReport(tuple(results), summaries)


def _pct(value: float) -> str:
    return f"{100 * value:.1f}%"


def _cell(text: str) -> str:
    return text.replace("|", "\\|").replace("\n", " ")


def render_markdown(report: EvalReport, *, system: str = MEMCORE, per_scenario: bool = True) -> str:
    """A markdown report: one summary row per system, then one row per scenario for ``system``."""
    lines = ["| system | keyword recall | forbidden avoidance | pass rate | context tokens | vs raw history | "
             "mean latency (ms) | p95 latency (ms) |",
             "|---|---:|---:|---:|---:|---:|---:|---:|"]
    for s in report.summaries:
        lines.append(f"| {_cell(s.system)} | {_pct(s.keyword_recall)} | {_pct(s.forbidden_avoidance)} | "
                     f"{_pct(s.pass_rate)} | {s.total_tokens} | {-100 * s.token_reduction:+.1f}% | "
                     f"{s.mean_latency_ms:.2f} | {s.p95_latency_ms:.2f} |")
    if per_scenario:
        lines += ["", f"Per scenario ({system}):", "",
                  "| scenario | recall | missing | leaked | tokens | latency (ms) |",
                  "|---|---:|---|---|---:|---:|"]
        for r in report.for_system(system):
            lines.append(f"| {_cell(r.scenario_id)} | {_pct(r.grade.recall)} | {_cell(', '.join(r.grade.missing))} | "
                         f"{_cell(', '.join(r.grade.leaked))} | {r.tokens} | {r.latency_ms:.2f} |")
    return "\n".join(lines) + "\n"
