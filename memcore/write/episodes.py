"""Episodes (SPEC 7.7, N8): segment a session's turns by topic shift or surprise, then consolidate
each episode into fact / preference / profile notes.

A boundary falls before turn ``i`` when the words of the window before it and the window
starting at it barely overlap (topic shift), or when the turn's surprise score is above 0.7.
Segments shorter than three turns merge into the previous one. Consolidation uses the rule
extractor (offline); with an LLM provider it asks the model and falls back to rules on failure.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from enum import StrEnum

from ..errors import InvalidInput
from ..llm import FallbackInfo, Field, Kind, LLMProvider, Schema, with_fallback
from ..model import MemoryType, Source
from .candidates import Candidate, Turn
from .extract import drop_secret_like
from .extract_rules import extract_rules
from .redact import redact
from .text import content_words, jaccard
from .topics import analyze, entities

SURPRISE_THRESHOLD = 0.7
MIN_SEGMENT = 3
TOPIC_CHANGE = re.compile(r"^\W*(?:switching (?:topics?|gears)|(?:on )?(?:a |an )?(?:different|other|another|unrelated) "
                          r"(?:topic|note|subject|thing)|changing (?:the )?(?:topic|subject)|new topic|unrelated(?:ly)?|"
                          r"moving on|by the way|btw|separately|also,? (?:a )?different)\b", re.IGNORECASE)
WINDOW = 3
SHIFT_SIMILARITY = 0.08


class Boundary(StrEnum):
    START = "start"
    TOPIC_SHIFT = "topic_shift"
    SURPRISE = "surprise"


@dataclass(frozen=True, slots=True)
class Episode:
    """A run of consecutive turns about one topic; ``reason`` says why it starts where it does."""

    index: int
    turn_ids: tuple[str, ...]
    start: int  # index of the first turn in the session
    end: int  # index after the last turn
    reason: Boundary
    similarity: float | None  # window similarity at the boundary (None for the first episode)
    topics: tuple[str, ...]


class NoteKind(StrEnum):
    FACT = "fact"
    PREFERENCE = "preference"
    PROFILE = "profile"


@dataclass(frozen=True, slots=True)
class Note:
    """A consolidated note from one episode, ready to be planned like any other candidate."""

    kind: NoteKind
    candidate: Candidate
    episode: int


@dataclass(frozen=True, slots=True)
class Consolidation:
    notes: tuple[Note, ...]
    info: FallbackInfo


def _bag(turns: Sequence[Turn]) -> frozenset[str]:
    out: set[str] = set()
    for t in turns:
        out |= content_words(t.text)
    return frozenset(out)


def segment(
    turns: Sequence[Turn],
    *,
    surprise: Sequence[float] | None = None,
    window: int = WINDOW,
    shift_similarity: float = SHIFT_SIMILARITY,
    min_segment: int = MIN_SEGMENT,
) -> list[Episode]:
    """Split ``turns`` into episodes. ``surprise`` (one score in [0, 1] per turn) is optional."""
    if surprise is not None and len(surprise) != len(turns):
        raise InvalidInput("surprise", f"has {len(surprise)} scores for {len(turns)} turns; give one per turn")
    if window < 1 or min_segment < 1:
        raise InvalidInput("window", "window and min_segment must be >= 1")
    if not turns:
        return []
    # Candidate boundaries: a surprising turn, an explicit change of subject, or a dip in similarity
    # between the windows before and after. The strongest are accepted first, never closer than
    # ``min_segment`` turns to another boundary or to either end (so no segment is too short).
    candidates: list[tuple[int, int, float, Boundary, float | None]] = []
    for i in range(1, len(turns)):
        before = _bag(turns[max(0, i - window):i])
        after = _bag(turns[i:i + window])
        sim = jaccard(before, after)
        if surprise is not None and surprise[i] > SURPRISE_THRESHOLD:
            candidates.append((0, i, -surprise[i], Boundary.SURPRISE, sim))
        elif TOPIC_CHANGE.match(turns[i].text):
            candidates.append((1, i, sim, Boundary.TOPIC_SHIFT, sim))
        elif before and after and sim < shift_similarity:
            candidates.append((2, i, sim, Boundary.TOPIC_SHIFT, sim))
    accepted: dict[int, tuple[Boundary, float | None]] = {}
    for _rank, i, _key, reason, sim in sorted(candidates):
        if i < min_segment or len(turns) - i < min_segment:
            continue
        if any(abs(i - j) < min_segment for j in accepted):
            continue
        accepted[i] = (reason, sim)
    starts = [(0, Boundary.START, None)] + [(i, *accepted[i]) for i in sorted(accepted)]
    segments = [[begin, starts[k + 1][0] if k + 1 < len(starts) else len(turns), reason, sim]
                for k, (begin, reason, sim) in enumerate(starts)]
    episodes = []
    for n, (start, end, reason, sim) in enumerate(segments):
        chunk = turns[start:end]
        topics = tuple(dict.fromkeys(tag for t in chunk for tag in analyze(t.text).tags))[:6]
        episodes.append(Episode(n, tuple(t.id for t in chunk), start, end, reason, sim, topics))
    return episodes


_NOTE_TYPES = {MemoryType.PREFERENCE: NoteKind.PREFERENCE}
_PROFILE_RULES = frozenset({"profile"})
_PROFILE_GROUPS = frozenset({"name", "location", "employer", "timezone", "pronouns", "role"})

NOTES_SCHEMA = Schema("episode_notes", (
    Field("facts", Kind.LIST, items=Kind.STR, max_items=20),
    Field("preferences", Kind.LIST, items=Kind.STR, max_items=20),
    Field("profile", Kind.LIST, items=Kind.STR, max_items=20),
))
NOTES_SYSTEM = ("Summarise this conversation episode into short standalone notes about the user: 'facts' (what is "
                "true about their work and world), 'preferences' (how they like things done), and 'profile' (who "
                "they are: name, role, location). Use their own words. Never include secrets.")


def _rule_notes(chunk: Sequence[Turn], episode: int, now: datetime) -> list[Note]:
    notes = []
    for c in extract_rules(chunk, now=now):
        if c.type is MemoryType.TEMPORARY:
            continue
        profile = c.rule in _PROFILE_RULES or bool(analyze(c.content).groups & _PROFILE_GROUPS)
        kind = NoteKind.PROFILE if profile else _NOTE_TYPES.get(c.type, NoteKind.FACT)
        metadata = {**c.metadata, "episode": episode}
        notes.append(Note(kind, Candidate(c.content, c.type, c.importance, c.confidence, c.tags, c.entities,
                                          c.expires_at, c.source_ref, f"episode:{c.rule}", c.is_critical,
                                          c.change_of_mind, Source.CONSOLIDATED, metadata), episode))
    return notes


def _llm_notes(provider: LLMProvider, chunk: Sequence[Turn], episode: int) -> list[Note]:
    text = "\n".join(f"{t.role}: {redact(t.text).text}" for t in chunk)
    data = provider.complete_json(NOTES_SYSTEM, text, NOTES_SCHEMA)
    refs = tuple(t.id for t in chunk if t.id)
    notes = []
    for key, kind, memory_type in (("facts", NoteKind.FACT, MemoryType.FACT),
                                   ("preferences", NoteKind.PREFERENCE, MemoryType.PREFERENCE),
                                   ("profile", NoteKind.PROFILE, MemoryType.FACT)):
        for raw in data[key]:
            content = redact(raw.strip()).text
            if not content:
                continue
            analysis = analyze(content)
            tags = analysis.tags + (("profile",) if kind is NoteKind.PROFILE and "profile" not in analysis.tags else ())
            notes.append(Note(kind, Candidate(content, memory_type, 0.6, 0.75, tags, entities(content, analysis),
                                              source_ref=refs, rule="episode:llm", source=Source.CONSOLIDATED,
                                              metadata={"episode": episode}), episode))
    return notes


def consolidate(
    turns: Sequence[Turn],
    episode: Episode,
    *,
    now: datetime,
    provider: LLMProvider | None = None,
) -> Consolidation:
    """Notes for one episode (rules offline; the model when configured, rules if it fails)."""
    chunk = turns[episode.start:episode.end]
    outcome = with_fallback("consolidate", provider, lambda p: _llm_notes(p, chunk, episode.index),
                            lambda: _rule_notes(chunk, episode.index, now))
    kept, _ = drop_secret_like([n.candidate for n in outcome.value])
    clean = {id(c) for c in kept}
    return Consolidation(tuple(n for n in outcome.value if id(n.candidate) in clean), outcome.info)
