"""Write planning: candidates + the namespace's memories -> a typed plan the engine applies in one
transaction (SPEC 7.2-7.5). Nothing here touches a database.

For each candidate, in order: drop it if secret-like; merge it into a near-duplicate (usage +1,
confidence +0.05); otherwise create it, and compare it with every active memory (and with the
candidates planned before it) to find what it supersedes or extends. Critical memories are
never superseded; the verdict is still reported (``protected``).
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from datetime import datetime, timedelta
from typing import Any

from ..errors import InvalidInput
from ..index.stemmer import porter_stem
from ..llm import FallbackInfo, LLMProvider
from ..model import Memory, MemoryType
from . import cues, value_pairs
from .candidates import Candidate
from .carry import Carried, carried_over
from .claims import Claim, NewRef, Ref
from .contradiction import (
    LOOK_ALIKE,
    Relation,
    Verdict,
    classify,
    moved_house,
    moved_in,
    person_moved,
    protect,
    related,
)
from .dedupe import CONFIDENCE_BUMP, USAGE_BUMP, MatchMethod, find_duplicate
from .extract import DroppedCandidate, drop_secret_like
from .frames import frames, street_names
from .provider_switch import switched_provider
from .remainder import kept_clauses, without_item
from .text import content_words, find_word
from .topics import analyze, announces_switch, hypothetical, rejected_names, without_rejections
from .values import subject_words, value_tokens, with_digits


@dataclass(frozen=True, slots=True)
class CreateAction:
    """Store ``candidate`` as a new memory; later actions refer to it as ``ref``."""

    ref: NewRef
    candidate: Candidate


@dataclass(frozen=True, slots=True)
class MergeAction:
    """Do not store ``candidate``; bump the memory it repeats instead."""

    target: Ref
    candidate: Candidate
    similarity: float
    method: MatchMethod
    reason: str
    usage_delta: int = USAGE_BUMP
    confidence_delta: float = CONFIDENCE_BUMP

    def new_confidence(self, current: float) -> float:
        return min(1.0, current + self.confidence_delta)


@dataclass(frozen=True, slots=True)
class SupersedeAction:
    """Close ``old`` (valid_until = new.valid_from, state superseded, link new -> old), or, when
    ``kept`` is set, narrow it to those of its clauses the new memory does not replace, or, when
    ``carried`` is set, carry it over with the one value the new memory changes."""

    old: Ref
    new: NewRef
    verdict: Verdict
    kept: str | None = None
    carried: Carried | None = None  # ``kept`` is the old text with one value changed (see ``write.carry``)


@dataclass(frozen=True, slots=True)
class ExtendAction:
    """``new`` adds detail to ``target``: link them and merge these tags/entities into ``target``."""

    target: Ref
    new: NewRef
    verdict: Verdict
    add_tags: tuple[str, ...] = ()
    add_entities: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class WritePlan:
    """Everything the engine must do for one write, in application order: creates, merges,
    supersessions, extensions. ``protected`` lists contradictions left alone because the old
    memory is critical; ``verdicts`` every non-independent comparison; ``fallbacks`` how any
    model-backed step ran."""

    creates: tuple[CreateAction, ...] = ()
    merges: tuple[MergeAction, ...] = ()
    supersessions: tuple[SupersedeAction, ...] = ()
    extensions: tuple[ExtendAction, ...] = ()
    protected: tuple[Verdict, ...] = ()
    dropped: tuple[DroppedCandidate, ...] = ()
    verdicts: tuple[Verdict, ...] = ()
    fallbacks: tuple[FallbackInfo, ...] = ()

    def summary(self) -> dict[str, Any]:
        return {"created": len(self.creates), "merged": len(self.merges), "superseded": len(self.supersessions),
                "extended": len(self.extensions), "protected": len(self.protected), "dropped": len(self.dropped),
                "llm_fallbacks": sum(1 for f in self.fallbacks if f.fell_back)}


@dataclass
class _State:
    known: list[Claim] = field(default_factory=list)
    tags: dict[Ref, tuple[str, ...]] = field(default_factory=dict)
    entities: dict[Ref, tuple[str, ...]] = field(default_factory=dict)
    superseded: set[Ref] = field(default_factory=set)


def _may_relate(new: Claim, old: Claim) -> bool:
    """Cheap necessary condition for any non-independent verdict: a shared topic group, word or word family, or,
    for a memory announcing a change, values on both sides (a region, an address, a version)."""
    if analyze(new.content).groups & analyze(old.content).groups:
        return True
    if content_words(new.content) & content_words(old.content):
        return True
    if {w[:4] for w in subject_words(new.content)} & {w[:4] for w in subject_words(old.content)}:
        return True  # one word family: "editor" / "editing", "gallery" / "galleries"
    if any(a.shared_words(b) for a in frames(new.content) for b in frames(old.content)):
        return True  # "their PM is Sofia Reyes" / "project manager is Kevin Brennan"
    if moved_house(new.content, old.content) or person_moved(new.content, old.content):
        return True  # "New flat in Benimaclet" / "We live in Ruzafa"; "sends her to Montreal" / "Inês in Lyon"
    return (new.change_of_mind or moved_in(new.content)) and bool(value_tokens(new.content) or street_names(new.content)) \
        and bool(value_tokens(old.content) or street_names(old.content))


CORRECTION_WINDOW = timedelta(days=1)
NARROWS = frozenset({"value-change", "departed", "address"})
"""Verdicts after which the old memory keeps its other clauses: one value of a list changed ("halibut
went up to $17.25/lb" leaves the scallop price), one role left, a new address ("first week done at 41 Elm Road"
leaves "I'm a physio at Stride"). A replaced tool, vendor or system takes
its details with it ("we ditched Jenkins": the Jenkinsfile location is stale too), and so does a value
that changed with a switch ("we went with Sonoran Flow, their bid came in at $41k")."""


def _reasons_beside(creates: Sequence[CreateAction], supersessions: Sequence[SupersedeAction],
                    state: _State) -> list[SupersedeAction]:
    """"Mapes delivery now take 2 months, impossible. So I change to Röslau strings": a note of the same message
    that names the supplier, tool or person a switch replaces (a name the old memory spells with a capital, or a
    word of it: "Fabbri" for "Musica Fabbri") is the reason for the switch, and goes with what it replaced. A role
    ("my assistant quit ... kendra is taking over as assistant coach") names the successor's job too, so it takes
    nothing with it."""
    made = {c.ref: c.candidate for c in creates}
    said = {k.ref: k.content for k in state.known}
    out: list[SupersedeAction] = []
    for action in supersessions:
        switch = made.get(action.new) if isinstance(action.new, NewRef) else None
        if switch is None or action.kept is not None or isinstance(action.old, NewRef):
            continue
        old = said.get(action.old, "")
        names = [n for r in action.verdict.replaced for n in (r, *(w for w in r.split() if len(w) >= 4 and " " in r))
                 if (at := find_word(old, n)) is not None and at.group(0)[:1].isupper()]
        for ref, note in made.items():
            if (ref == action.new or ref in state.superseded or note.type is not MemoryType.NOTE
                    or note.source_ref != switch.source_ref or any(o.old == ref for o in out)):
                continue
            name = next((n for n in names if find_word(note.content, n)), None)
            if name is not None:
                out.append(SupersedeAction(ref, action.new, Verdict(
                    Relation.CONTRADICTORY, action.new, ref, f"it tells why the same message switches away from "
                    f"{name}: a reason that goes with what it replaced", "switch-reason", replaced=(name,))))
    return out


def _supersede(state: _State, old: Claim, ref: NewRef, verdict: Verdict, remains: str | None,
               candidate: Candidate) -> SupersedeAction:
    """``old`` superseded by ``ref`` whole, or kept as what ``remains`` of it, or carried over with the one value
    ``candidate`` changes when the user said the rest holds; later candidates compare with what it still says."""
    carried = carried_over(old.content, candidate.content, said_same=bool(candidate.metadata.get("keeps_rest")))
    kept = carried.text if carried else remains
    if kept is None:
        state.superseded.add(old.ref)
    else:
        state.known[state.known.index(old)] = replace(old, content=kept)
    return SupersedeAction(old.ref, ref, verdict, kept, carried)


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
    previous = _corrected(text, live, existing, now)
    rejected = rejected_names(text) | (value_tokens(text) - value_tokens(without_rejections(text)))
    rejected = {re.sub(r"(?<=\d)(?:st|nd|rd|th)$", "", r) for r in rejected}  # "not the 14th" after "june 14"
    if rejected and not any(r in previous.content.lower() for r in rejected):
        return None  # "Correction: the bus number is 14, not 41" is about something the latest memory never said
    declined = _NOT_DOING.search(text)
    if declined and not content_words(declined.group("what")) <= content_words(previous.content):
        return None  # "actually no, not doing permanent nights" takes back a plan the latest memory never states
    if not _just_before(previous, existing, now):
        return None
    what = "what was said just before it" if previous is live[-1] else "the memory just before about the same thing"
    return protect(Verdict(Relation.CONTRADICTORY, ref, previous.ref,
                           f"correction: the message opens by taking back {what}", "correction"), previous)


def _corrected(text: str, live: Sequence[Claim], existing: Sequence[Memory], now: datetime) -> Claim:
    """What a correction takes back: the latest memory, unless it shares no subject with the correction and an
    earlier one just before does ("change of plan, the recital will be at the Town Hall instead" takes back "booked
    my annual recital for 14 November", not the programme said after it)."""
    words = {w[:5] for w in subject_words(text)}
    if words & {w[:5] for w in subject_words(live[-1].content)} or value_tokens(text) & value_tokens(live[-1].content):
        return live[-1]
    return next((old for old in reversed(live[:-1]) if _just_before(old, existing, now)
                 and words & {w[:5] for w in subject_words(old.content)}), live[-1])


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
    said = _IT_GETS_VALUE.search(text)
    if said is None:
        return None
    mine = said.group("me") is not None
    previous = live[-1]
    if mine:  # the user's own time: the latest memory of the last few that holds one
        ours = value_tokens(text)
        previous = next((c for c in reversed(live[-MOVED_ME_REACH:])
                         if _my_slot_values(ours, value_tokens(c.content))), previous)
    named = {porter_stem(m.group(1)) for m in _NAMED_BEFORE.finditer(text[:said.start()])
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
                         r"scrap(?:ped|ping)? (?:the|that|this) (?:\w+ )?(?:idea|plan)|forget (?:it|that)|"
                         r"(?:not|no longer) (?:considering|thinking about))\b", re.I)
# "going with the university of bath course instead" after "leaning towards the keele one": another choice made
_CHOSE_INSTEAD = re.compile(r"\b(?:decided on|going with|gonna go with|went with|settled on|chose|picked|booked|"
                            r"signed up for|enrolled in)\b[^.!?]*\binstead\b", re.I)


# "I have cancelled the train journey" after "In October I intend to take the Rovos Rail up to Pretoria"
_TRIP_CANCELLED = re.compile(r"\b(?:cancell?ed|called off|scrapped)\s+(?:the|my|our|that)\s+(?:[\w\-]+\s+)?(?:trip|journey|"
                             r"holiday|vacation|visit|tour|cruise|flight)\b", re.I)
_TRIP_PLANNED = re.compile(r"\b(?:intend(?:s|ed)?|plan(?:s|ning|ned)?|going|gonna|hoping|want|booked)\b[^.;]{0,20}?\b(?:to )?"
                           r"(?:take|travel|fly|go|visit|drive|sail|ride|head|trip)\b", re.I)


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
    # the plan was said in an earlier message, not in this one ("talked to our distributor. so nah, sticking with ...")
    previous = next((k for k in reversed(live) if not isinstance(k.ref, NewRef)), None)
    planned = previous is not None and (hypothetical(previous.content) or bool(trip and _TRIP_PLANNED.search(previous.content)))
    if not planned or hypothetical(candidate.content) or not _just_before(previous, existing, now):
        return None
    reason = ("another choice replaces the plan considered just before" if chose else
              "the trip planned just before is cancelled" if trip else "the plan considered just before is dropped")
    return protect(Verdict(Relation.CONTRADICTORY, ref, previous.ref, reason, "plan-dropped"), previous)


# "The Fiat is tiny; I can barely fit my bag in the boot!" right after "borrowing my sister's Fiat 500 until Friday"
# "My van is in repair this week. I drive a rental Kia": what stands in while the situation lasts
_STAND_IN = re.compile(r"\b(?:rental|rented|loaner|borrowed|borrowing|courtesy car|hire car|stand-in)\b", re.I)
_NAME_START = re.compile(r"^((?!(?:The|This|That|It|I|My|Our|We)\b)[A-Z][a-z]{2,})\b(?!')")
_DEFINITE_START = re.compile(r"^(?:(?:the|this|that)\s+(?P<what>[\w\-]+)|(?:it|it's|its|it is)\b)", re.I)


def _follows_temporary(candidate: Candidate, known: Sequence[Claim], expiry: Mapping[Ref, datetime | None],
                       existing: Sequence[Memory], now: datetime) -> Candidate:
    """A plain note that opens by pointing at what the temporary memory just before it is about ("The Fiat ...",
    "It ...", "Bruno ..."), or names what stands in meanwhile ("I drive a rental Kia"), is part of that passing
    situation: it becomes temporary and ends with it."""
    if candidate.type is not MemoryType.NOTE or not known or not known[-1].temporary:
        return candidate
    previous = known[-1]
    until = expiry.get(previous.ref)
    if until is None or until <= now or not _just_before(previous, existing, now):
        return candidate
    text = candidate.content
    start, named = _DEFINITE_START.match(text), _NAME_START.match(text)
    if start is not None:  # "It ...", or "The Fiat ..." when the temporary memory speaks of a Fiat
        follows = start.group("what") is None or porter_stem(start.group("what").lower()) in subject_words(previous.content)
    else:  # "Bruno is good with the airbrush" after "my nephew Bruno helps me ...", or a stand-in
        follows = bool(named and re.search(rf"\b{re.escape(named.group(1))}\b", previous.content, re.I)
                       or _STAND_IN.search(text))
    if not follows:
        return candidate
    metadata = {**candidate.metadata, "follows_temporary": str(previous.ref)}
    return replace(candidate, type=MemoryType.TEMPORARY, expires_at=until, rule=f"{candidate.rule}+follows-temporary",
                   importance=min(candidate.importance, 0.5), metadata=metadata)


def _live(memory: Memory, now: datetime) -> bool:
    if not memory.state.retrievable:
        return False
    return memory.expires_at is None or memory.expires_at > now


def plan_write(
    candidates: Sequence[Candidate],
    existing: Sequence[Memory],
    *,
    now: datetime,
    provider: LLMProvider | None = None,
    candidate_vectors: Sequence[Sequence[float] | None] | None = None,
    existing_vectors: Mapping[str, Sequence[float]] | None = None,
    max_llm_pairs: int = 3,
) -> WritePlan:
    """Plan how ``candidates`` enter a namespace whose memories are ``existing``.

    ``existing`` must already be scoped to one user and project; only active/pinned, unexpired
    memories take part. Vectors (optional) enable the embedding duplicate test. With a
    ``provider``, pairs the rules cannot decide are classified by the model (at most
    ``max_llm_pairs`` per candidate), falling back to the rules on any provider failure.
    """
    kept, dropped = drop_secret_like(candidates)
    state = _State()
    # oldest first, so known[-1] is the latest memory
    for memory in sorted(existing, key=lambda m: m.created_at.timestamp() if m.created_at else 0.0):
        if _live(memory, now):
            claim = Claim.of_memory(memory)
            state.known.append(claim)
            state.tags[claim.ref] = tuple(memory.tags)
            state.entities[claim.ref] = tuple(memory.entities)
    if candidate_vectors is not None and len(candidate_vectors) != len(candidates):
        raise InvalidInput("candidate_vectors", f"has {len(candidate_vectors)} vectors for {len(candidates)} "
                                                f"candidates; give one (or None) per candidate")
    vector_of = {id(c): v for c, v in zip(candidates, candidate_vectors or [None] * len(candidates), strict=True)}
    creates: list[CreateAction] = []
    merges: list[MergeAction] = []
    supersessions: list[SupersedeAction] = []
    extensions: list[ExtendAction] = []
    protected: list[Verdict] = []
    verdicts: list[Verdict] = []
    fallbacks: list[FallbackInfo] = []

    expiry: dict[Ref, datetime | None] = {m.id: m.expires_at for m in existing}
    for candidate in kept:
        ref = NewRef(len(creates))
        candidate = _follows_temporary(candidate, state.known, expiry, existing, now)
        expiry[ref] = candidate.expires_at
        claim = Claim.of_candidate(candidate, ref)
        live = [k for k in state.known if k.ref not in state.superseded]
        duplicate = find_duplicate(claim, live, vector=vector_of.get(id(candidate)), vectors=existing_vectors)
        if duplicate is not None:
            merges.append(MergeAction(duplicate.target, candidate, duplicate.similarity, duplicate.method,
                                      duplicate.reason))
            continue
        creates.append(CreateAction(ref, candidate))
        llm_calls = 0
        for old in live:
            if not _may_relate(claim, old):
                continue
            use_llm = provider if (provider is not None and llm_calls < max_llm_pairs and related(claim, old)) else None
            outcome = classify(claim, old, use_llm)
            if use_llm is not None and outcome.info.attempted is not None:
                llm_calls += 1
                fallbacks.append(outcome.info)
            verdict = outcome.value
            if verdict.relation is Relation.INDEPENDENT:
                if verdict.decided_by == LOOK_ALIKE:  # kept so the trace says why nothing was superseded
                    verdicts.append(verdict)
                continue
            verdicts.append(verdict)
            if verdict.supersedes:
                # a change of mind takes a whole decision back ("I changed my mind. I will buy new Kato wheel ...")
                narrows = verdict.decided_by in NARROWS and not announces_switch(claim.content) and not (
                    candidate.change_of_mind and old.type is MemoryType.DECISION)
                remains = kept_clauses(old.content, verdict.replaced) if narrows else None
                if remains is None and verdict.decided_by == "rejection":  # one item of a list is gone
                    remains = without_item(old.content, verdict.replaced)
                supersessions.append(_supersede(state, old, ref, verdict, remains, candidate))
            elif verdict.protected:
                protected.append(verdict)
            elif verdict.relation is Relation.EXTENDABLE:
                add_tags = tuple(t for t in candidate.tags if t not in state.tags.get(old.ref, ()))
                add_entities = tuple(e for e in candidate.entities if e not in state.entities.get(old.ref, ()))
                extensions.append(ExtendAction(old.ref, ref, verdict, add_tags, add_entities))
        already = {s.old for s in supersessions if s.new == ref}
        # a switch decides after a narrowing by the same memory ("deliveries on fridays" beside a new supplier)
        narrowed_only = all(s.new == ref and s.kept is not None and s.verdict.decided_by == "value-change"
                            for s in supersessions)
        correction = (_correction(candidate, ref, live, already, existing, now)
                      or _anaphoric_change(candidate, ref, live, already, existing, now)
                      or _plan_dropped(candidate, ref, live, already, existing, now)
                      or (switched_provider(claim, live, existing, now, " ".join(
                          c.content for c in kept if c.source_ref == candidate.source_ref)) if narrowed_only else None))
        if correction is not None:
            verdicts.append(correction)
            if correction.supersedes:
                supersessions[:] = [s for s in supersessions if s.old != correction.old]
                old = next(k for k in state.known if k.ref == correction.old)
                remains = kept_clauses(old.content, correction.replaced) if correction.replaced else None
                supersessions.append(_supersede(state, old, ref, correction, remains, candidate))
            else:
                protected.append(correction)
        state.known.append(claim)
        state.tags[ref] = candidate.tags
        state.entities[ref] = candidate.entities
        for reason in _reasons_beside(creates, supersessions, state):
            supersessions.append(reason)
            state.superseded.add(reason.old)

    return WritePlan(tuple(creates), tuple(merges), tuple(supersessions), tuple(extensions), tuple(protected),
                     tuple(dropped), tuple(verdicts), tuple(fallbacks))
