"""Contradiction handling (SPEC 7.4, N7): is a new memory INDEPENDENT of an old one, does it
EXTEND it, or CONTRADICT it (the old one stops being true)?

Deterministic rules run first: topic groups (a new choice in an exclusive group, or an
explicit rejection of the old choice), changed values in the same statement (dates, numbers,
URLs), changed profile slots and moves (``moves``: a new home, pitch, job or shift); a statement that only considers a change or speaks of something
else (another person, place or instance, a one-off, the past: ``scope``) contradicts nothing and says
why. When those do not decide and an LLM provider is configured,
the model classifies the pair; any ``ProviderError`` falls back to the rules, visibly. A
contradicted critical memory is never superseded: the verdict says so (``protected``).
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Callable
from dataclasses import dataclass
from enum import StrEnum

from ..index.stemmer import porter_stem
from ..llm import Field, Kind, LLMProvider, Outcome, Schema, rules_only, with_fallback
from ..model import MemoryType
from . import value_pairs
from .claims import Claim, NewRef, Ref
from .frames import (
    VAGUE_WORDS,
    Frame,
    chosen_names,
    frames,
    restated_value,
    street_addresses,
    street_names,
    version_of,
    versions,
)
from .moves import life_change, moved_house, moved_spot
from .scope import PLAIN_MODIFIERS, other_animal, speaks_of_other
from .text import PLACE_IN, STOPWORDS, content_words, find_word, initials_of, jaccard
from .topics import (
    TopicAnalysis,
    additive,
    analyze,
    asserts_name,
    departed,
    gone_slots,
    group_tag,
    hypothetical,
    is_exclusive,
    rejected_in_lower_case,
    rejected_names,
    switched_away,
    without_rejections,
)
from .values import CALENDAR, day_name, same_family, subject_words, value_tokens, with_digits


class Relation(StrEnum):
    INDEPENDENT = "independent"
    EXTENDABLE = "extendable"
    CONTRADICTORY = "contradictory"


@dataclass(frozen=True, slots=True)
class Verdict:
    """How ``new`` relates to ``old``, why, and who decided.

    ``decided_by`` is ``topic:<group>``, ``value-change``, ``slot``, ``address``, ``rejection``, ``departed``,
    ``turned-round``, ``settled``, ``rules``, ``rules:look-alike`` (independent although it looks like a change) or
    ``llm:<provider>``; ``replaced`` lists what of the old memory the new one replaces (choices, names, values);
    after a changed value, a new address or a departed role the old memory keeps its other clauses (see
    ``remainder``).
    ``protected`` is True when the relation is contradictory but the old memory is critical and
    therefore stays.
    """

    relation: Relation
    new: Ref
    old: Ref
    reason: str
    decided_by: str
    group: str | None = None
    replaced: tuple[str, ...] = ()
    protected: bool = False

    @property
    def supersedes(self) -> bool:
        """True when the engine should mark ``old`` superseded by ``new``."""
        return self.relation is Relation.CONTRADICTORY and not self.protected

    def to_dict(self) -> dict[str, object]:
        return {"relation": self.relation.value, "new": str(self.new), "old": str(self.old), "reason": self.reason,
                "decided_by": self.decided_by, "group": self.group, "replaced": list(self.replaced),
                "protected": self.protected}


VERDICT_SCHEMA = Schema("contradiction", (
    Field("relation", Kind.STR, choices=tuple(r.value for r in Relation)),
    Field("reason", Kind.STR),
))

CLASSIFY_SYSTEM = (
    "You maintain a user's long-term memory. Compare an OLD memory with a NEW one about the same user or "
    "project. Answer 'contradictory' only when both cannot be true now (the NEW one replaces the OLD one), "
    "'extendable' when the NEW one adds detail to the same subject and both stay true, and 'independent' "
    "otherwise. Give a one-sentence reason."
)

_NEW_DATE = re.compile(r"\bnew (?:due )?(?:date|deadline)\b", re.I)
LOOK_ALIKE = "rules:look-alike"  # ``decided_by`` of an INDEPENDENT verdict worth keeping in the write trace
EXTEND_JACCARD = 0.5
RELATED_JACCARD = 0.2
VALUE_SUBJECT_JACCARD = 0.5
VALUE_SUBJECT_CONTAINED = 0.5


def _disjoint_scopes(a: TopicAnalysis, b: TopicAnalysis) -> bool:
    return bool(a.scopes) and bool(b.scopes) and not (a.scopes & b.scopes)


def _names(terms: frozenset[str], analysis: TopicAnalysis) -> str:
    shown = [c.display for c in analysis.choices if c.term in terms]
    return ", ".join(dict.fromkeys(shown)) or ", ".join(sorted(terms))


def _topic_verdict(new: Claim, old: Claim, a_new: TopicAnalysis, a_old: TopicAnalysis) -> Verdict | None:
    extend_group: str | None = None
    shared = a_new.groups & a_old.groups
    for group in [g for g in dict.fromkeys(c.group for c in a_old.choices) if g in shared]:
        old_pos, old_neg = a_old.positives(group), a_old.negatives(group)
        new_pos, new_neg = a_new.positives(group), a_new.negatives(group)
        label = group_tag(group)
        if old_pos & new_neg:
            gone = old_pos & new_neg
            return Verdict(Relation.CONTRADICTORY, new.ref, old.ref,
                           f"{label}: the new memory rejects {_names(gone, a_old)}", f"topic:{group}", group,
                           tuple(sorted(gone)))
        if old_neg & new_pos:
            back = old_neg & new_pos
            return Verdict(Relation.CONTRADICTORY, new.ref, old.ref,
                           f"{label}: {_names(back, a_new)} was ruled out before and is now chosen",
                           f"topic:{group}", group, tuple(sorted(back)))
        changing = new.change_of_mind or a_new.replacement_intent
        if new_pos and old_pos and not (new_pos & old_pos):
            if _disjoint_scopes(a_new, a_old) or other_animal(new.content, old.content):  # the cat's food, the dog's
                continue
            if (is_exclusive(group) or changing) and not additive(new.content):
                return Verdict(Relation.CONTRADICTORY, new.ref, old.ref,
                               f"{label}: {_names(new_pos, a_new)} replaces {_names(old_pos, a_old)}",
                               f"topic:{group}", group, tuple(sorted(old_pos)))
        elif new_pos and old_pos and changing:
            lead = _first_positive(a_new, group)
            if lead is not None and lead not in old_pos and not _disjoint_scopes(a_new, a_old):
                return Verdict(Relation.CONTRADICTORY, new.ref, old.ref,
                               f"{label}: changed to {_names(frozenset({lead}), a_new)} (was "
                               f"{_names(old_pos, a_old)})", f"topic:{group}", group, tuple(sorted(old_pos - {lead})))
            extend_group = extend_group or group
        elif new_pos & old_pos or new_neg & old_neg:
            extend_group = extend_group or group
    if extend_group is not None:
        return Verdict(Relation.EXTENDABLE, new.ref, old.ref,
                       f"{group_tag(extend_group)}: same choice, the new memory adds detail",
                       f"topic:{extend_group}", extend_group)
    return None


def _first_positive(analysis: TopicAnalysis, group: str) -> str | None:
    return next((c.term for c in analysis.choices if c.group == group and c.positive), None)


# a note and the decision that changes it: "Price check — my doodle full groom is $95" (a note) and
# "Decided. doodle full groom goes to $110" (a decision) speak of one value
STATEMENT_TYPES = frozenset({MemoryType.NOTE, MemoryType.DECISION})


def _value_verdict(new: Claim, old: Claim) -> Verdict | None:
    new, old = (dataclasses.replace(c, content=with_digits(c.content)) for c in (new, old))
    said = without_rejections(new.content)  # "may 28, june 3 conflicts with graduation": june 3 is not said
    v_new, v_old = value_tokens(said), value_tokens(old.content)
    if not v_new or not v_old or value_pairs.same_values(v_new, v_old):
        return None
    named_wrong = value_tokens(new.content) - v_new  # "room 310, not 301 like I told you"
    if named_wrong and not any(w in o for w in named_wrong for o in v_old) and _NUMBER_CORRECTED.search(new.content):
        return None  # corrects a value the old memory never said
    s_new, s_old = subject_words(new.content), subject_words(old.content)
    if not s_new or not s_old:
        return None
    if new.type is old.type is MemoryType.DEADLINE and s_old <= value_pairs.GENERIC:
        s_old = s_old | s_new  # "Deadline is May 20." names no owner, so it takes the new deadline's
    changing = new.change_of_mind or analyze(new.content).replacement_intent
    corrected = changing or bool(_NUMBER_CORRECTED.search(new.content))  # "it's 5.5 metres long, not 4"
    kin = new.type is old.type or {new.type, old.type} <= STATEMENT_TYPES
    added, removed = v_new - v_old, v_old - v_new
    texts = (new.content, old.content)
    pairs, what = value_pairs.same_shape(added, removed, "identifiers", texts), "identifier"
    if not pairs and corrected:
        pairs, what = value_pairs.same_unit(new.content, old.content), "amount"
    if not pairs and kin:  # "the carnitas plate at $15.25" after "Carnitas plate is $13.50"
        pairs, what = [(b, a) for b, a in value_pairs.same_unit(new.content, old.content)
                       if value_pairs.same_owner(said, a, old.content, b)], "amount"
    if not pairs and (changing or kin):
        pairs, what = value_pairs.owned_numbers(added, removed, said, old.content), "number"
    # "due" alone is no shared subject unless the new memory says it changes ("New due date for the sunday grid")
    if not pairs and (changing or kin) and (
            _share_subject(s_new - value_pairs.GENERIC, s_old - value_pairs.GENERIC)
            or (changing and _share_subject(s_new, s_old))):
        # "pickup is now 2:45" after "at 3:15"; without a change cue only dates and times compare, and only a value
        # in a clause about the shared subject ("licence must be renewed before 14 march, need the medical exam
        # first" keeps its date when "medical appointment is booked 20 february")
        pairs, what = value_pairs.same_shape(added, removed, "any" if changing else "dates", texts), "subject"
        if not changing:  # "the first Monday of the month" and "the last Sunday of the month" are two meetings' days
            pairs = [(b, a) for b, a in pairs if _share_subject(s_new - value_pairs.GENERIC, _words_by(old.content, b))
                     and not (value_pairs.is_nth_day(a) or value_pairs.is_nth_day(b))]
    if not pairs and changing and _MINE.search(new.content):  # "fleet gave me one of the new Rangers, Unit 31" after
        # "my county truck is Unit 22"; not "engineering's moving to floor 6" after "the marketing team sits on floor 4"
        pairs, what = [(b, a) for b in removed for a in added
                       if (label := _word_before(old.content, b)) and label not in STOPWORDS
                       and label == _word_before(new.content, a)], "labelled value"
    if not pairs and changing and _MINE.search(new.content) and _MINE.search(old.content) \
            and s_new - value_pairs.GENERIC <= _SCHEDULE:
        # "rota changed, from next month im on mon thurs and fri" after "3 shifts a week, usually tues wed and sat"
        new_days, old_days = sorted(v for v in added if value_pairs.is_day(v)), sorted(v for v in removed if value_pairs.is_day(v))
        if len(new_days) >= 2 and len(old_days) >= 2:
            return Verdict(Relation.CONTRADICTORY, new.ref, old.ref, f"new working days: {' '.join(old_days)} -> "
                           f"{' '.join(new_days)}", "value-change")
    if not pairs and changing and _MY_START.search(new.content) and _MY_START.search(old.content):
        # "from this Monday I start at 07:15 instead" after "my shift begins at 05:40 every weekday morning"
        pairs, what = [(b, a) for b, a in value_pairs.same_shape(added, removed, "dates")
                       if value_pairs.is_time(a) and value_pairs.is_time(b)], "start time"
    if not pairs and changing and _DAYS_OFF.search(new.content) and _DAYS_OFF.search(old.content):
        # "now i'm off sunday + monday" after "my days off are monday and tuesday"
        new_days, old_days = (sorted(v for v in vs if value_pairs.is_day(v)) for vs in (v_new, v_old))
        if new_days and old_days and new_days != old_days:
            return Verdict(Relation.CONTRADICTORY, new.ref, old.ref, f"new days off: {' '.join(old_days)} -> "
                           f"{' '.join(new_days)}", "value-change")
    if not _NEW_DATE.search(new.content):  # "New due date for the sunday grid is march 21" names its date
        pairs = [(b, a) for b, a in pairs if not value_pairs.owner_conflict(said, a, old.content, b)]
    # the old value the new memory names as replaced: "in on saturday instead of tuesday now" after "tues n thurs",
    # "its 8:30 now not 7" after "my lessons r at 7am n 10am"
    replaced = frozenset(o for o in v_old if day_name(o) in {day_name(w) for w in named_wrong})
    if not pairs and changing and replaced:
        pairs, what = value_pairs.same_shape(added, replaced, "dates", texts), "day or time"
    if not pairs and changing and named_wrong:
        pairs, what = _named_wrong_pairs(new.content, v_old), "time"
    if pairs and (corrected or kin):
        (before, after), replaced = value_pairs.pick(pairs, new.content, old.content)
        return Verdict(Relation.CONTRADICTORY, new.ref, old.ref,
                       f"the same {what} with a new value: {before} -> {after}", "value-change", replaced=replaced)
    if all(value_pairs.owner_conflict(new.content, a, old.content, b) for b in removed for a in added):
        return None  # every changed value belongs to something else ("Guitar lessons $45" / "Piano lessons $60")
    same_kind = kin or {new.type, old.type} <= {MemoryType.DEADLINE, MemoryType.TASK}
    close = jaccard(s_new, s_old) >= VALUE_SUBJECT_JACCARD and (same_kind or changing)
    contained = changing and len(s_new & s_old) / min(len(s_new), len(s_old)) >= VALUE_SUBJECT_CONTAINED
    if not (close or contained) or not value_pairs.shared_shape(v_new - v_old, v_old - v_new):
        return None
    before = ", ".join(sorted(v_old - v_new)) or "?"
    after = ", ".join(sorted(v_new - v_old)) or "?"
    return Verdict(Relation.CONTRADICTORY, new.ref, old.ref,
                   f"same statement with a new value: {before} -> {after}", "value-change")


_NUMBER_CORRECTED = re.compile(r"\d[\w.,:/\-]*(?: ?[a-z%]{1,8}\b){0,2},? not \d", re.I)  # "it's 5.5 metres long, not 4"
_NEW_NOT_OLD = re.compile(r"(?<![\w.:])(?P<new>\d{1,2}(?:[:.]\d{2})?)\s?(?:am|pm|h)?(?:\s+now)?,?\s+not\s+"
                          r"(?P<wrong>\d{1,2}(?:[:.]\d{2})?)\s?(?:am|pm|h)?\b", re.I)


def _named_wrong_pairs(text: str, old_values: frozenset[str]) -> list[tuple[str, str]]:
    """The old time the new memory names as wrong, written as the old memory writes it ("not 7" for "7am"),
    with the time said in its place."""
    return [(o, m.group("new")) for m in _NEW_NOT_OLD.finditer(text) for o in old_values
            if re.fullmatch(re.escape(m.group("wrong")) + r"(?:[:.]00)?\s?(?:am|pm|h)?", o, re.I)]


_MY_START = re.compile(r"\b(?:i|we|my (?:shift|day|work|job))\s+(?:now\s+)?(?:start|starts|begin|begins|clock in|clocks in)\s+"
                       r"(?:\w+\s+){0,2}?(?:at\s+)?\d", re.I)
_DAYS_OFF = re.compile(r"\bdays? off\b|\bfree day\b|\b(?:i'?m|im|i am|i'?ll be) (?:now )?(?:off|free) (?:on )?(?:every )?"
                       r"(?:mon|tue|wed|thu|fri|sat|sun)", re.I)
_SCHEDULE = frozenset(porter_stem(w) for w in "rota roster schedule shift shifts pattern rotation week month work working "
                      "days next im".split())  # a message that speaks of nothing but the user's working days
_PLAIN_BEFORE = PLAIN_MODIFIERS | STOPWORDS | {"every", "each", "all", "any", "some"}  # "every entry" is an entry


def _other_kinds(a: Frame, a_text: str, b: Frame, b_text: str) -> bool:
    """"home insurance" and "car insurance" (or "life insurance policy"): one noun, told apart by the word said
    right before it."""
    for i, word in enumerate(a.words[1:], 1):
        j = next((j for j, w in enumerate(b.words) if j and porter_stem(w) == porter_stem(word)), None)
        if j is None:
            continue
        pairs = ((a.words[i - 1], word, a_text), (b.words[j - 1], b.words[j], b_text))
        said = all(re.search(rf"\b{re.escape(x)}\s+{re.escape(y)}\b", text, re.I) for x, y, text in pairs)
        if said and a.words[i - 1] != b.words[j - 1] and not {a.words[i - 1], b.words[j - 1]} & _PLAIN_BEFORE:
            return True
    return False


def _mentions(text: str, value: str) -> bool:
    return find_word(text, value) is not None


# "first week in the new space at 6201 Montaño Rd", "first week done at 41 Elm Road!"
_MOVED_IN = re.compile(r"\bgot the keys\b|\bfirst (?:week|day|month|shift|night)(?: done)? (?:at|in)\b|"
                       r"\bnew (?:space|location|place|office|building|spot|site|shop|studio|clinic|digs|apartment|apt|flat|"
                       r"house|home|condo)\b|\bmoved in(?:to)?\b", re.I)
_NEW_PLACE = re.compile(rf"\baddress\b|{_MOVED_IN.pattern}", re.I)


_MINE = re.compile(r"\b(?:i|i'm|im|i've|me|my|mine|we|we're|us|our)\b", re.I)


def moved_in(text: str) -> bool:
    """Does ``text`` say the user is in a new place ("got the keys", "first week done at 41 Elm Road")?"""
    return _MOVED_IN.search(text) is not None


def _words_by(text: str, value: str) -> frozenset[str]:
    """Subject words of the comma-separated part of ``text`` that holds ``value`` (those of the whole text when that
    part has none: "The clinic is open Mon–Fri, 7am to 6pm")."""
    part = next((p for p in re.split(r"[,;]\s+", text) if value.lower() in p.lower()), text)
    return (subject_words(part) or subject_words(text)) - value_pairs.GENERIC


def _frame_verdict(new: Claim, old: Claim) -> Verdict | None:
    """A change announcement that gives a slot of the old memory a new value: a product's version
    ("Unity 2021.3" -> "Unity 6 now"), a street address, or an attribute frame ("our drummer is
    Kenji" -> "Dario is our drummer now"; see ``frames``)."""
    new_place = _NEW_PLACE.search(new.content) is not None
    if not (new.change_of_mind or new_place or analyze(new.content).replacement_intent):
        return None

    def verdict(reason: str, replaced: str, decided_by: str = "slot") -> Verdict:
        return Verdict(Relation.CONTRADICTORY, new.ref, old.ref, reason, decided_by, replaced=(replaced,))

    for name, before in sorted(versions(old.content).items()):
        after = version_of(new.content, name)
        if after and after != before:
            return verdict(f"{name} has a new version: {before} -> {after}", f"{name} {before}")
    old_streets, new_streets = street_names(old.content), street_names(new.content)
    if old_streets and new_streets and not old_streets & new_streets and (
            new_place or _share_subject(subject_words(new.content), subject_words(old.content))):
        before = sorted(street_addresses(old.content) or old_streets)[0]
        after = sorted(street_addresses(new.content) or new_streets)[0]
        return verdict(f"a new address: {before} -> {after}", before, "address")
    old_at, new_at = _addresses_of(old.content), _addresses_of(new.content)
    for what in old_at.keys() & new_at.keys():
        if old_at[what].lower() != new_at[what].lower():
            return verdict(f"a new address for the {what}: {old_at[what]} -> {new_at[what]}", old_at[what].lower(), "address")
    pairs = [(a.shared_words(b), a, b) for a in frames(new.content) for b in frames(old.content)
             if a.value != b.value and not _mentions(old.content, a.value)
             and (not _mentions(new.content, b.value) or b.value in rejected_names(new.content)
                  or departed(new.content, b.value))]
    pairs = [p for p in pairs if p[0] and not _other_kinds(p[1], new.content, p[2], old.content)]
    if not pairs:
        return (_chosen_verdict(new, old, verdict) or _restated_verdict(new, old, verdict)
                or _new_home_verdict(new, old, verdict) or _place_instead_verdict(new, old, verdict)
                or _changed_place_verdict(new, old, verdict))
    slot, a, b = max(pairs, key=lambda p: len(p[0]))
    return verdict(f"a new value for {' '.join(slot)}: {b.value} -> {a.value}", b.value)


# "My workshop address is ulica Długa 12, Kraków" / "Now workshop is Limanowskiego 40, Podgórze": a street named
# before its number, as addresses are written in much of Europe
_ADDRESS_OF = re.compile(r"\b(?P<what>workshop|shop|office|studio|clinic|salon|practice|surgery|warehouse|store|bakery)"
                         r"(?:'s)?(?: address)? (?:is|'s) (?:now )?(?:at |on |in )?(?P<addr>(?:(?:ul\.|ulica|calle|rua|via|rue) )?"
                         r"(?-i:[A-Z])[\w\u00c0-\u017f\-]+(?: (?-i:[A-Z])[\w\u00c0-\u017f\-]+)? \d{1,4}[a-z]?)\b", re.I)


def _addresses_of(text: str) -> dict[str, str]:
    return {m.group("what").lower(): m.group("addr") for m in _ADDRESS_OF.finditer(text)}


def _chosen_verdict(new: Claim, old: Claim, verdict: Callable[[str, str], Verdict]) -> Verdict | None:
    """A choice that names every word of an old slot ("ended up going with Dr. Osei at Riverbend Vet,
    he does our herd checks" after "our herd vet is Dr. Lindqvist")."""
    words = subject_words(new.content)
    for name in chosen_names(new.content):
        if _mentions(old.content, name) or re.fullmatch(CALENDAR, name, re.I):
            continue  # "the choir moved to thursdays now" chooses a day, not a choir
        for b in frames(old.content):
            if (not _mentions(new.content, b.value)
                    and all(any(same_family(w, n) for n in words) for w in b.attribute)):
                return verdict(f"a new choice for {' '.join(b.words)}: {b.value} -> {name}", b.value)
    return None


def _restated_verdict(new: Claim, old: Claim, verdict: Callable[[str, str], Verdict]) -> Verdict | None:
    """The old slot named again with a new value in lower case ("tires come from michelin now" after "our
    depot buys tires from Bridgestone")."""
    old_words = subject_words(old.content)
    for b in frames(old.content):
        after = restated_value(new.content, b)
        # not when it names another subject first: "the knitting group is gonna meet at the library from now on"
        # against "our book club meets at Rosie's Cafe"
        head = re.search("|".join(rf"\b{re.escape(w.rstrip('s'))}" for w in b.words), new.content, re.I)
        clause = re.split(r"[,;:.!?\u2014]", new.content[:head.start()])[-1] if head else ""
        other = any(not any(same_family(w, o) for o in old_words) for w in subject_words(clause))
        if after and not other and after != b.value and not _mentions(old.content, after) and not _mentions(new.content, b.value):
            return verdict(f"a new value for {' '.join(b.words)}: {b.value} -> {after}", b.value)
    return None


# "go club has a new home, the bob prittie library": where something meets, typed in any case
_NEW_HOME = re.compile(r"^(?:[\w']+\s+){0,3}?(?P<what>[a-z][\w\-]*(?:\s+[a-z][\w\-]*)?)\s+(?:has|got|have)\s+a\s+new\s+"
                       r"(?:home|venue|location|place|spot|base)\s*[,:\u2014\-]\s*(?:the\s+)?(?P<where>[A-Za-z][\w'&\-]*"
                       r"(?:\s+[A-Za-z][\w'&\-]*){0,3}?)(?=\s*(?:[,.;!]|$))", re.I)
_PLACED = re.compile(r"\b(?:at|in)\s+(?:the\s+)?[A-Za-z]", re.I)


def _new_home_verdict(new: Claim, old: Claim, verdict: Callable[[str, str], Verdict]) -> Verdict | None:
    """Something the old memory places gets a new home: "go club has a new home, the bob prittie library" against
    "go club is monday evenings at the burnaby community centre"."""
    m = _NEW_HOME.search(new.content)
    if m is None or not _PLACED.search(old.content):
        return None
    what, old_words = subject_words(m.group("what")), subject_words(old.content)
    if not what or not all(any(same_family(w, o) for o in old_words) for w in what) or _mentions(old.content, m.group("where")):
        return None
    return verdict(f"{m.group('what').lower()} has a new home: {m.group('where').lower()}", m.group("what").lower())


# "private lessons meet up at gondoltoppen restaurant instead": something done somewhere else from now on
_PLACE_INSTEAD = re.compile(r"\b(?P<verb>[a-z]{3,})(?:\s+(?:up|me|us|them))?\s+(?:at|in)\s+(?:the\s+)?"
                            r"(?P<place>[\w'\-]+(?:\s+[\w'\-]+){0,3}?)\s+instead\b", re.I)

_DONE_AT = re.compile(r"\b(?:at|in)\s+(?:the\s+)?(?P<place>[\w'\-]+(?:\s+(?!(?:at|in|on|of|by|near|for|with|and)\b)[\w'\-]+){0,2})", re.I)


def _place_instead_verdict(new: Claim, old: Claim, verdict: Callable[[str, str], Verdict]) -> Verdict | None:
    """The new memory does what the old one does somewhere else "instead", and both speak of one subject besides
    the doing: "private lessons meet up at gondoltoppen restaurant instead" against "my private clients always
    meet me at the ticket office"."""
    m = _PLACE_INSTEAD.search(new.content)
    if m is None or m.group("verb").lower() in STOPWORDS:
        return None
    stem = porter_stem(m.group("verb").lower())
    at = next((a for a in _DONE_AT.finditer(old.content)
               if any(porter_stem(w) == stem for w in re.findall(r"[a-z]+", old.content[:a.start()].lower())[-3:])), None)
    if at is None:
        return None
    place, old_place = subject_words(m.group("place")), subject_words(at.group("place"))
    if not place or not old_place or any(same_family(w, o) for w in place for o in old_place):
        return None
    others = {stem} | place | old_place
    if not _share_subject(subject_words(new.content[:m.start()]) - others, subject_words(old.content) - others):
        return None
    return verdict(f"{m.group('verb').lower()} somewhere else instead: {at.group('place').lower()} -> "
                   f"{m.group('place').lower()}", at.group("place").lower())


_CHANGED_PLACE = re.compile(r"\b(?:changed|moved|switched) (?:the|our|my) (?P<slot>(?:[\w\-]+ ){0,2}?(?:center|centre|venue|"
                            r"location|place|site|hotel|clinic|office|hall|course))\b[^.;]*?\b(?:now (?:is |it'?s |at |in )?|"
                            r"it'?s now (?:at |in )?)(?P<place>(?-i:[A-Z])[\w\-]+)", re.I)


def _changed_place_verdict(new: Claim, old: Claim, verdict: Callable[[str, str], Verdict]) -> Verdict | None:
    """"company changed the training center, now is Tarragona" against "GWO refresher training ... is 5 May in
    Bilbao": the one place the old memory gives for the subject both speak of."""
    m = _CHANGED_PLACE.search(new.content)
    if m is None or _mentions(old.content, m.group("place")):
        return None
    places = [p for p in PLACE_IN.findall(old.content) if not _mentions(new.content, p)]
    slot = subject_words(m.group("slot"))
    if len(places) != 1 or not _share_subject(subject_words(new.content) - slot, subject_words(old.content) - slot) \
            and not any(same_family(w, o) for w in slot for o in subject_words(old.content)):
        return None
    return verdict(f"the {m.group('slot').lower()} changed: {places[0]} -> {m.group('place')}", places[0].lower())


# one role, said another way: "my old doctor has retired" of "My general practitioner is Dr Naidoo"
_ROLE_ALIASES = {porter_stem(k): frozenset(porter_stem(w) for w in v.split()) for k, v in {
    "doctor": "dr gp physician practitioner", "vet": "veterinarian", "car": "drive vehicle"}.items()}


def _gone_verdict(new: Claim, old: Claim) -> Verdict | None:
    """The new memory says a role or thing of the old one is gone ("my old second moved to Denver",
    "our head setter stepped down") and the old memory states it ("my second shooter is Tess"). A memory
    of the same message is the successor, not the one gone ("New office manager started Monday, Lourdes.
    Our longtime manager finally retired")."""
    if isinstance(old.ref, NewRef):
        return None
    old_words = subject_words(old.content)
    for slot in gone_slots(new.content):
        if slot in VAGUE_WORDS:  # "the old one is retired": which one is for the other rules
            continue
        words = subject_words(slot)
        values = value_tokens(slot)  # "I sold the 416": a model number names the thing
        if (words and all(any(same_family(w, o) for o in old_words) or _ROLE_ALIASES.get(w, frozenset()) & old_words
                          for w in words)) or (
                not words and values and all(_mentions(old.content, v) for v in values)) or initials_of(slot, old.content):
            return Verdict(Relation.CONTRADICTORY, new.ref, old.ref, f"the new memory says the {slot} is gone, "
                           f"which the old one states", "departed", replaced=(slot,))
    return None




_GOAL = re.compile(r"\b(?:want|wanna|hoping|hope|goal is|aiming|aim|working (?:on|towards?)|going for|trying)\b"
                   r"(?:\s+(?:to|for|get|earn|pass|reach|hit|my|the|a|an))*\s+(?P<goal>[^,.;!?]{1,40})", re.I)
_REACHED = re.compile(r"\b(?:passed|earned|finished|completed|achieved|hit|reached|landed|made it to)\s+(?:the\s+|my\s+)?"
                      r"(?:[\w.\-]+\s+)?$", re.I)


def _reached_verdict(new: Claim, old: Claim) -> Verdict | None:
    """The new memory reaches the goal the old one set beside where things stood ("passed the Level 3 clinic"
    after "I've got my Level 2 cert, want Level 3 before next season"): where things stood is outdated."""
    if isinstance(old.ref, NewRef):
        return None
    for goal in _GOAL.finditer(old.content):
        wanted = value_tokens(goal.group("goal"))
        stood = value_tokens(old.content[:goal.start()]) - wanted
        for value in wanted:
            at = find_word(new.content, value)
            if at is None or not _REACHED.search(new.content[max(0, at.start() - 40):at.start()]):
                continue
            label = _word_before(old.content, value, goal.start("goal"))
            before = sorted(b for b in stood if value_pairs.same_shape(frozenset({value}), frozenset({b}), "any")
                            or (label and _word_before(old.content[:goal.start()], b) == label))
            if before:
                return Verdict(Relation.CONTRADICTORY, new.ref, old.ref, f"the goal {goal.group('goal').strip()} "
                               f"is reached, so {before[0]} is outdated", "goal-reached", replaced=(before[0],))
    return None


def _word_before(text: str, value: str, start: int = 0) -> str | None:
    """The word just before ``value`` in ``text`` (from ``start``), lower-cased: "level" in "Level 3"."""
    m = re.search(r"([A-Za-z]+)\s+" + re.escape(value) + r"(?![\w])", text[start:], re.I)
    return m.group(1).lower() if m else None


def _share_subject(a: frozenset[str], b: frozenset[str]) -> bool:
    """A shared subject word, comparing long words by their first five letters (submitted / submission)
    or a short word by being the start of a long one ("derm" / "dermatology")."""
    def keys(words: frozenset[str]) -> set[str]:
        return {w[:5] if len(w) >= 5 else w for w in words}

    if keys(a) & keys(b):
        return True
    return any(len(s) >= 4 and len(w) > len(s) + 2 and w.startswith(s) for x, y in ((a, b), (b, a)) for s in x for w in y)


_KEEP = r"keep|keeping|hold on to|holding on to|stay with|staying with|stick with|sticking with"
_DROP = (r"sell|selling|get rid of|getting rid of|give up|giving up|cancel|cancell?ing|quit|quitting|drop|dropping|ditch|"
         r"ditching|trade in|trading in|scrap|scrapping|stop|stopping")
_TURNED = re.compile(rf"\b(?:(?P<keep>{_KEEP})|(?P<drop>{_DROP}))\s+(?:the |my |our )?(?P<thing>[a-z][\w\-]*)\b"
                     r"[^.!?]*?\b(?:after all|in the end)\b", re.I)


def _turned_verdict(new: Claim, old: Claim) -> Verdict | None:
    """A plan turned round: "decided to keep the car after all" against "I think I'll sell the car", "selling
    the boat after all" against "we're keeping the boat"."""
    m = _TURNED.search(new.content)
    if m is None:
        return None
    opposite = _DROP if m.group("keep") else _KEEP
    thing = m.group("thing").lower()
    if not re.search(rf"\b(?:{opposite})\s+(?:the |my |our )?{re.escape(thing)}s?\b", old.content, re.I):
        return None
    return Verdict(Relation.CONTRADICTORY, new.ref, old.ref, f"the plan for the {thing} is turned round: "
                   f"{m.group(0).strip()}", "turned-round")


_WEIGHING = re.compile(r"\b(?:thinking (?:of|about)|leaning (?:towards?|to)|considering|torn between|toying with|weighing(?: up)?|"
                       r"(?:the )?(?:candidates|options|choices) (?:were|are)|(?:choosing|deciding) between|compare|comparing|"
                       r"thinks?(?= [A-Z][\w\-]+ or [A-Z])|"  # "Company think Talcahuano or Calbuco."
                       # "It is between Tesla Model Y and Skoda Enyaq."
                       r"(?:it'?s|its|it is|(?:the )?(?:choice|decision) is)(?: now)? between(?= [a-z])|"
                       r"(?:going|went|been going) back (?:and|n|&) forth|(?:can'?t|cannot|can not) decide(?: (?:between|on|which))?|"
                       r"might (?:go with|pick|choose|call|name)|probably (?:going with|go with|gonna go with)|"
                       r"(?:we|i) think (?:probably )?(?:we|i)(?:'ll| will)? go\b|probably (?:we|i) go)\b", re.I)
_SETTLES = re.compile(r"\b(?:decided|decision|going with|gonna go (?:with|for)|going to go (?:with|for)|went with|went for|settled on|chose|picked|"
                      r"(?:we|i)(?:'ll| will)? (?:go (?:to|with|for)|take the|pick the|choose the)|(?:we|i) decide\b|"  # "we go to Westcon"
                      r"locked in|(?:it|he|she|they)(?:'s|'re| is| are) going to be)\b", re.I)
_CHOSE_IT = re.compile(r"\bdecided to (?:do|go for|take|try) it\b", re.I)
_PLANNING = re.compile(r"\b(?:planning|plan(?:ned)? (?:to|on))\b", re.I)
_INSTEAD = re.compile(r"\binstead\b", re.I)
_CHOICE_WORDS = frozenset(porter_stem(w) for w in """think lean consid torn toy might probabl decid decision final go gonna
went settl chose pick lock plan""".split())


def _settled_verdict(new: Claim, old: Claim) -> Verdict | None:
    """A choice made about what the old memory was only weighing: "final decision on the name ... she's going
    to be 'Second Wind'" against "thinking of naming the boat Selkie"."""
    weighing = _WEIGHING.search(old.content)
    if weighing is None and _INSTEAD.search(new.content):  # "so we decided on the museo instead" after "planning the trip"
        weighing = _PLANNING.search(old.content)
    if weighing is None or _WEIGHING.search(new.content) or not _SETTLES.search(new.content) \
            or _CHOSE_IT.search(new.content):
        return None  # "I've decided to do it part-time": the old memory alone names what "it" is
    # what follows the cue, or what precedes it ("Toyota Corolla Touring or Skoda Octavia Combi, I cannot decide.")
    weighed = (subject_words(old.content[weighing.end():]) - _CHOICE_WORDS
               or subject_words(old.content[:weighing.start()]) - _CHOICE_WORDS)
    shared = sorted(w for w in subject_words(new.content) - _CHOICE_WORDS
                    if any(same_family(w, o) or len(w) >= 5 and w[:5] == o[:5] for o in weighed))
    if not shared:
        return None
    return Verdict(Relation.CONTRADICTORY, new.ref, old.ref, f"a choice is made about what the old memory only "
                   f"weighed ({', '.join(shared)})", "settled")


# "I dont need june days off anymore" after "I take 10 days off in june for it"
_NO_NEED = re.compile(r"\b(?:don'?t|dont|do not|no longer|won'?t|wont)\s+need\s+(?:the\s+|my\s+|our\s+|those\s+|these\s+)?"
                      r"(?P<what>[\w\- ]{3,40}?)\s+(?:any ?more|any longer)\b", re.I)


def _unneeded_verdict(new: Claim, old: Claim) -> Verdict | None:
    """What the user no longer needs, when the old memory names all of it ("I dont need june days off anymore"
    against "I take 10 days off in june for it")."""
    m = _NO_NEED.search(new.content)
    what = content_words(m.group("what")) if m else frozenset()
    old_words = {porter_stem(w) for w in content_words(old.content)}
    if not what or not all(porter_stem(w) in old_words for w in what):
        return None
    return Verdict(Relation.CONTRADICTORY, new.ref, old.ref, f"the user no longer needs {m.group('what')}, which the "
                   f"old memory has", "not-needed")


# "Arjun has changed his mind entirely; ... he is going to Nottingham to read pharmacy instead"
_THEIR_MIND = re.compile(r"\b(?P<who>[A-Z][a-z]+)(?:'s| has| had)? changed (?:his|her|their) mind\b")
# "Kofi has changed his mind entirely and now wishes to study pharmacy"
_NOW_WANTS = re.compile(r"\bnow (?:wants|wishes|plans|intends|hopes|is going)\b", re.I)
_CHOSE = re.compile(r"\b(?:accepted|chose|picked|decided|(?:is|was) going|plans?|planning|intends|wants to|hopes to|"
                    r"signed up|enrolled|booked|applied|"
                    r"got (?:a|an|into)|(?:has|had) a place)\b", re.I)


def _their_mind_verdict(new: Claim, old: Claim) -> Verdict | None:
    """Someone the old memory says chose something changed their mind and goes another way instead."""
    m = _THEIR_MIND.search(new.content)
    if m is None or not (_INSTEAD.search(new.content) or _NOW_WANTS.search(new.content, m.end())):
        return None
    at = find_word(old.content, m.group("who"))
    if at is None or not _CHOSE.search(old.content, at.end()):
        return None
    return Verdict(Relation.CONTRADICTORY, new.ref, old.ref, f"{m.group('who')} changed their mind about the choice "
                   f"the old memory states", "their-mind")


_SWITCHED_ONTO = re.compile(r"\b(?:switched|changed|moved|swapped|went)(?: (?:over|back|him|her|them|us|it|me))? "
                            r"(?:to|onto) (?P<name>[a-z][\w\-]{6,})\b", re.I)
_KIN_SUFFIX = 5  # letters at the end two names of one family share: isoflurane / sevoflurane, bisoprolol / metoprolol


def switched_to_kin(new: str, old: str) -> tuple[str, str] | None:
    """A switch to a name of the same family as one ``old`` uses, told by their shared ending ("we switched to
    sevoflurane" against "our hospital uses isoflurane"): the new name and the old, or None."""
    m = _SWITCHED_ONTO.search(new)
    if m is None:
        return None
    name = m.group("name").lower()
    if re.fullmatch(CALENDAR, name):
        return None  # "moved to thursdays" names a day, not a product
    kin = next((w for w in re.findall(r"[a-z][a-z\-]{6,}", old.lower())
                if w != name and w[-_KIN_SUFFIX:] == name[-_KIN_SUFFIX:] and not _mentions(new, w)
                and not w.endswith(("ing", "tion", "ment", "ness"))), None)
    return (name, kin) if kin else None


def _kin_name_verdict(new: Claim, old: Claim) -> Verdict | None:
    """A switch to a name of the same family as one the old memory uses ("moved him to bisoprolol" against "takes
    metoprolol")."""
    found = switched_to_kin(new.content, old.content)
    if found is None:
        return None
    return Verdict(Relation.CONTRADICTORY, new.ref, old.ref, f"a switch to {found[0]}, of the same family as {found[1]}",
                   "kin-name", replaced=(found[1],))


def _moved_verdict(new: Claim, old: Claim) -> Verdict | None:
    """The new memory moves the user (home, pitch, job, shift) or someone named (city) away from the old memory."""
    move = life_change(new.content, old.content)
    return None if move is None else Verdict(Relation.CONTRADICTORY, new.ref, old.ref, move.reason, move.kind,
                                             replaced=move.replaced)


def _as_said(name: str, old: str) -> str:
    """``name`` as ``old`` writes it: "markets" in "im done with markets" is the "farmers market" of the old memory."""
    if name.endswith("s") and len(name) >= 5 and not re.search(rf"\b{re.escape(name)}\b", old, re.I) \
            and re.search(rf"\b{re.escape(name[:-1])}\b", old, re.I):
        return name[:-1]
    return name


def _rejection_verdict(new: Claim, old: Claim) -> Verdict | None:
    """The new memory rejects by name something the old one states ("Chicago style now, not APA"), or
    mentions it while switching to something else ("X raised prices, so we switched to Y")."""
    said = {_as_said(n, old.content) for n in rejected_names(new.content)}
    gone = sorted({n for n in said if asserts_name(old.content, n)}
                  | switched_away(new.content, old.content) | rejected_in_lower_case(new.content, old.content))
    if not gone:
        return None
    shown = ", ".join(gone)
    return Verdict(Relation.CONTRADICTORY, new.ref, old.ref, f"the new memory rejects {shown}, which the old one "
                   f"states", "rejection", replaced=tuple(gone))


def related(new: Claim, old: Claim) -> bool:
    """Cheap pre-filter: do the two memories share a topic group or enough words to be worth comparing?"""
    if analyze(new.content).groups & analyze(old.content).groups:
        return True
    return jaccard(content_words(new.content), content_words(old.content)) >= RELATED_JACCARD


def protect(verdict: Verdict, old: Claim) -> Verdict:
    """A contradiction of a critical memory is reported but marked ``protected`` (never superseded)."""
    if verdict.relation is Relation.CONTRADICTORY and old.critical:
        return Verdict(verdict.relation, verdict.new, verdict.old,
                       verdict.reason + "; the old memory is critical, so it is kept (critical memories are never "
                                        "superseded automatically)", verdict.decided_by, verdict.group,
                       verdict.replaced, protected=True)
    return verdict


def _temporary_guard(verdict: Verdict, new: Claim, old: Claim) -> Verdict:
    if verdict.relation is Relation.CONTRADICTORY and new.temporary and not old.temporary:
        return Verdict(Relation.INDEPENDENT, verdict.new, verdict.old,
                       f"{verdict.reason}, but only temporarily: a temporary note does not replace a lasting memory",
                       verdict.decided_by, verdict.group)
    return verdict


def decide_by_rules(new: Claim, old: Claim) -> Verdict | None:
    """The deterministic topic and value rules; None when they have nothing to say. A statement that
    only considers something ("we might switch to Fly.io") or speaks of something else (see
    ``scope``) contradicts nothing; one that adds ("we also ship to Mexico now") changes no value or slot."""
    return _decide(new, old)[0]


def _decide(new: Claim, old: Claim) -> tuple[Verdict | None, str | None]:
    """``decide_by_rules`` and, when the new memory only looks like a change, why."""
    why = _leaves_true(new, old)
    if why is not None:
        return None, why
    a_new, a_old = analyze(new.content), analyze(old.content)
    verdict = _topic_verdict(new, old, a_new, a_old)
    if verdict is None or verdict.relation is not Relation.CONTRADICTORY:
        # a named value in a slot ("all plumbing now goes to Kowalski & Sons") says more than a number
        # changed alongside it (their phone number), so the old memory goes whole rather than narrowed
        slots = None if additive(new.content) else (_frame_verdict(new, old) or _value_verdict(new, old))
        verdict = (slots or _rejection_verdict(new, old) or _gone_verdict(new, old) or _reached_verdict(new, old)
                   or _turned_verdict(new, old) or _settled_verdict(new, old) or _unneeded_verdict(new, old)
                   or _their_mind_verdict(new, old) or _moved_verdict(new, old) or _kin_name_verdict(new, old)
                   or verdict)
    if verdict is None:
        return None, None
    if verdict.decided_by == "value-change" and verdict.replaced:
        # a value changed together with a rejected name or a departed slot: what the old memory keeps
        # must lose those too ("our old gym got sold ... trains at 4:30-6:30" after "at Vertical Edge gym, 4-6")
        also = [v.replaced for v in (_rejection_verdict(new, old), _gone_verdict(new, old)) if v is not None]
        if also:
            verdict = dataclasses.replace(verdict, replaced=tuple(dict.fromkeys(verdict.replaced + sum(also, ()))))
    return protect(_temporary_guard(verdict, new, old), old), None


def _leaves_true(new: Claim, old: Claim) -> str | None:
    """Why ``new`` cannot contradict ``old`` although it may look like a change, or None."""
    if hypothetical(new.content):
        return "it only considers a change"
    why = speaks_of_other(new.content, old.content)
    if why is not None and why.startswith("about another") and any(
            _mentions(old.content, name) for name in rejected_names(new.content)):
        return None  # "Rafael left to study ..., so now my niece Bia helps me" names who goes from the old memory
    if why is not None and why.startswith("about another") and (moved_spot(new.content, old.content) is not None
                                                                 or moved_house(new.content, old.content)):
        # "I moved workshop to Kita-ku, near Kita 24-jo station": the other station is the new place's; "WE MOVED 🎉
        # new spot is in Coyoacán, way bigger room": so is the other room
        return None
    return None if why is None else f"it is {why}"


def classify_rules(new: Claim, old: Claim) -> Verdict:
    """The full offline classification: topic and value rules, then word overlap for EXTENDABLE."""
    verdict, why = _decide(new, old)
    if verdict is not None:
        return verdict
    if why is not None:
        return Verdict(Relation.INDEPENDENT, new.ref, old.ref, f"looks like a change, but {why}", LOOK_ALIKE)
    overlap = jaccard(content_words(new.content), content_words(old.content))
    if new.type is old.type and overlap >= EXTEND_JACCARD:
        return Verdict(Relation.EXTENDABLE, new.ref, old.ref,
                       f"same {new.type.value} subject (word overlap {overlap:.2f}), adds detail", "rules")
    return Verdict(Relation.INDEPENDENT, new.ref, old.ref, "no shared topic choice or changed value", "rules")


def _classify_llm(provider: LLMProvider, new: Claim, old: Claim) -> Verdict:
    user = f"OLD ({old.type.value}): {old.content}\nNEW ({new.type.value}): {new.content}"
    data = provider.complete_json(CLASSIFY_SYSTEM, user, VERDICT_SCHEMA)
    relation = Relation(data["relation"])
    reason = data["reason"].strip() or f"the model judged the memories {relation.value}"
    verdict = Verdict(relation, new.ref, old.ref, reason, f"llm:{provider.name}")
    return protect(_temporary_guard(verdict, new, old), old)


def classify(new: Claim, old: Claim, provider: LLMProvider | None = None) -> Outcome[Verdict]:
    """Classify ``new`` against ``old``: rules first; then the model (if any); rules again on failure."""
    decided = decide_by_rules(new, old)
    if decided is not None:
        return Outcome(decided, rules_only("contradiction", f"decided by {decided.decided_by} rule"))
    return with_fallback("contradiction", provider, lambda p: _classify_llm(p, new, old),
                         lambda: classify_rules(new, old))
