"""Write planning: candidates + the namespace's memories -> a typed plan the engine applies in one
transaction (SPEC 7.2-7.5). Nothing here touches a database.

For each candidate, in order: drop it if secret-like; merge it into a near-duplicate (usage +1,
confidence +0.05); otherwise create it, and compare it with every active memory (and with the
candidates planned before it) to find what it supersedes or extends; when no comparison finds
anything, what the message says about the memory just before it (``follow_ups``) or a switch of
provider (``provider_switch``) may. Critical memories are never superseded; the verdict is still
reported (``protected``).
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from datetime import datetime
from typing import Any

from ..errors import InvalidInput
from ..llm import FallbackInfo, LLMProvider
from ..model import Memory, MemoryType
from . import cues
from .candidates import Candidate
from .carry import Carried, carried_over
from .claims import Claim, NewRef, Ref
from .contradiction import (
    LOOK_ALIKE,
    Relation,
    Verdict,
    classify,
    moved_in,
    related,
    switched_to_kin,
)
from .dedupe import CONFIDENCE_BUMP, USAGE_BUMP, MatchMethod, find_duplicate
from .extract import DroppedCandidate, drop_secret_like
from .follow_ups import follow_up, follows_temporary
from .frames import frames, street_names
from .moves import life_change, moved_house, new_job
from .provider_switch import switched_provider
from .remainder import kept_clauses, without_item
from .text import STOPWORDS, content_words, find_word, initials_of
from .topics import analyze, announces_switch, gone_slots
from .values import subject_words, value_tokens


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
    if moved_house(new.content, old.content) or new_job(new.content, old.content) or life_change(new.content, old.content):
        # "New flat in Benimaclet" / "We live in Ruzafa"; "sends her to Montreal" / "Inês in Lyon"; "put me back on days"
        return True
    if any(initials_of(slot, old.content) for slot in gone_slots(new.content)):
        return True  # "sold the t&c" / "my 9'2 town & country longboard"
    if switched_to_kin(new.content, old.content):
        return True  # "switched to sevoflurane" / "uses isoflurane"
    return (new.change_of_mind or moved_in(new.content)) and bool(value_tokens(new.content) or street_names(new.content)) \
        and bool(value_tokens(old.content) or street_names(old.content))


NARROWS = frozenset({"value-change", "departed", "address"})
"""Verdicts after which the old memory keeps its other clauses: one value of a list changed ("halibut
went up to $17.25/lb" leaves the scallop price), one role left, a new address ("first week done at 41 Elm Road"
leaves "I'm a physio at Stride"). A replaced tool, vendor or system takes
its details with it ("we ditched Jenkins": the Jenkinsfile location is stale too), and so does a value
that changed with a switch ("we went with Sonoran Flow, their bid came in at $41k")."""


def _said_with(supersessions: Sequence[SupersedeAction], state: _State,
               existing: Sequence[Memory]) -> list[SupersedeAction]:
    """"ok forget the marathon" after "I registered for Cracovia Marathon in April! first marathon in my life, I need
    training plan": a memory said in the same message as one a rejection supersedes, and naming what it rejects,
    goes with it."""
    source = {m.id: tuple(m.source_ref) for m in existing if m.source_ref}
    said = {k.ref: k.content for k in state.known if k.ref not in state.superseded}
    out: list[SupersedeAction] = []
    for action in supersessions:
        if action.verdict.decided_by != "rejection" or action.kept is not None or action.old not in source:
            continue
        for ref, content in said.items():
            if ref == action.old or source.get(ref) != source[action.old] or any(o.old == ref for o in (*out, *supersessions)):
                continue
            name = next((n for n in action.verdict.replaced if find_word(content, n)), None)
            if name is not None:
                out.append(SupersedeAction(ref, action.new, Verdict(
                    Relation.CONTRADICTORY, action.new, ref, f"said in the same message as a memory the new one rejects, "
                    f"and names {name} too", "rejection-sibling", replaced=(name,))))
    return out


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
        # "changed my mind on the chisels, goin w trow & holden instead. pickards waitlist is like 4 months" after
        # "savin up for a set of tungsten chisels from pickard": where the old memory says it comes from
        sources = [m.group(1).lower() for m in _SOURCE.finditer(old)
                   if m.group(1).lower() not in STOPWORDS and not find_word(switch.content, m.group(1))]
        for ref, note in made.items():
            if (ref == action.new or ref in state.superseded or note.type not in _REASON_TYPES
                    or note.source_ref != switch.source_ref or any(o.old == ref for o in out)):
                continue
            name = next((n for n in names if find_word(note.content, n)), None) or next(
                (n for n in sources if re.match(rf"(?:the\s+)?{re.escape(n)}(?:'?s)?\b", note.content, re.I)), None)
            if name is not None:
                out.append(SupersedeAction(ref, action.new, Verdict(
                    Relation.CONTRADICTORY, action.new, ref, f"it tells why the same message switches away from "
                    f"{name}: a reason that goes with what it replaced", "switch-reason", replaced=(name,))))
    return out


_REASON_TYPES = frozenset({MemoryType.NOTE, MemoryType.MISTAKE})  # "Elektroskandia sent the wrong cable two times"
_SOURCE = re.compile(r"\b(?:from|through|via)\s+(?:the\s+)?([A-Za-z][\w\-]{2,})", re.I)


def _supersede(state: _State, old: Claim, ref: NewRef, verdict: Verdict, remains: str | None,
               candidate: Candidate) -> SupersedeAction:
    """``old`` superseded by ``ref`` whole, or kept as what ``remains`` of it, or carried over with the one value
    ``candidate`` changes when the user said the rest holds or corrects it; later candidates compare with what it still
    says."""
    # a correction of a value written wrong: "I wrote the telephone number wrong. It is 86 14 22 73" keeps the e-mail
    # address said with the number ("dropped it, doing yoga on weds instead" takes back the whole boxing class)
    said_same = bool(candidate.metadata.get("keeps_rest")) or (
        bool(candidate.metadata.get("corrects_previous")) and cues.WRITTEN_WRONG.search(candidate.content) is not None)
    carried = carried_over(old.content, candidate.content, said_same=said_same)
    kept = carried.text if carried else remains
    if kept is None:
        state.superseded.add(old.ref)
    else:
        state.known[state.known.index(old)] = replace(old, content=kept)
    return SupersedeAction(old.ref, ref, verdict, kept, carried)


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

    ``existing`` must already be scoped to one user and project, newest first (as the store pages it: a
    correction reads the memories of one message in the order they were said); only active/pinned, unexpired
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
        candidate = follows_temporary(candidate, state.known, expiry, existing, now)
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
        message = " ".join(c.content for c in kept if c.source_ref == candidate.source_ref)
        correction = (follow_up(candidate, ref, live, already, existing, now, message)
                      or (switched_provider(claim, live, existing, now, message) if narrowed_only else None))
        if correction is not None:
            verdicts.append(correction)
            if correction.supersedes:
                supersessions[:] = [s for s in supersessions if s.old != correction.old]
                old = next(k for k in state.known if k.ref == correction.old)
                narrows = correction.replaced and correction.decided_by in NARROWS  # a switch takes its details
                remains = kept_clauses(old.content, correction.replaced) if narrows else None
                supersessions.append(_supersede(state, old, ref, correction, remains, candidate))
            else:
                protected.append(correction)
        state.known.append(claim)
        state.tags[ref] = candidate.tags
        state.entities[ref] = candidate.entities
        for reason in _reasons_beside(creates, supersessions, state) + _said_with(supersessions, state, existing):
            supersessions.append(reason)
            state.superseded.add(reason.old)

    return WritePlan(tuple(creates), tuple(merges), tuple(supersessions), tuple(extensions), tuple(protected),
                     tuple(dropped), tuple(verdicts), tuple(fallbacks))
