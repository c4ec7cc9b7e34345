"""LoCoMo evidence recall (SPEC 12): how turns become memories, how questions become queries, and the metrics.

Each dialogue turn becomes one memory:

- ``content`` (what a prompt would show): ``[8 May 2023] Caroline: <text>`` plus, for a
  shared image, `` [shared a photo: <blip caption>; <image query>]``. The date answers "when"
  questions, the speaker "who" questions, the caption what the image showed.
- ``context`` (indexed, never injected): the previous two turns of the same session, because an
  answer ("Adoption agencies!") often only makes sense with the question that preceded it.

Stored as ``metadata["context"]``, the engine indexes it in the full-text ``keywords`` column
(bm25 weight 0.5) and embeds ``content + "\\n" + context`` (:mod:`memcore.index.documents`);
keyword overlap is computed on ``content`` only. Questions are sent
as they are: stopword removal drops the question words, and query-side IDF weighting (see
:class:`memcore.index.TermStats`) discounts the speakers' names that occur everywhere.

:func:`evaluate_locomo` takes a factory that indexes one conversation and answers searches, so
the same metric code runs on the real engine and on the in-process harness in ``benchmarks/``.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Collection, Iterable, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any, Protocol

from ..errors import InvalidInput
from .locomo_data import (
    CATEGORY_NAMES,
    LocomoConversation,
    LocomoQuestion,
    LocomoTurn,
    load_locomo,
    normalize_dia_id,
    parse_session_date,
)

__all__ = [
    "TurnMemory", "turn_content", "turn_context", "turn_memories", "question_query", "ConversationIndex",
    "RecallRow", "LocomoReport", "evaluate_locomo", "recall_at", "load_locomo", "normalize_dia_id",
    "parse_session_date", "LocomoConversation", "LocomoQuestion", "LocomoTurn", "CATEGORY_NAMES",
    "DEFAULT_KS", "RECALL_CATEGORIES", "CONTEXT_BEFORE",
]

DEFAULT_KS: tuple[int, ...] = (1, 5, 10, 25, 50)
RECALL_CATEGORIES: tuple[int, ...] = (1, 2, 3, 4)
CONTEXT_BEFORE = 2


@dataclass(frozen=True, slots=True)
class TurnMemory:
    """One turn ready to be stored: shown ``content``, indexed-only ``context`` and provenance."""

    dia_id: str
    content: str
    context: str
    speaker: str
    session: int
    date: datetime

    @property
    def embedding_text(self) -> str:
        """What the dense channel embeds: the content followed by its context."""
        return f"{self.content}\n{self.context}" if self.context else self.content

    @property
    def metadata(self) -> dict[str, Any]:
        """Memory metadata: ``context`` is indexed (see :mod:`memcore.index.documents`), the rest is provenance."""
        return {"context": self.context, "dia_id": self.dia_id, "session": self.session, "speaker": self.speaker}


def _date_label(when: datetime) -> str:
    return f"{when.day} {when.strftime('%B %Y')}"


def _photo(turn: LocomoTurn) -> str:
    described = "; ".join(p for p in (turn.caption, turn.image_query) if p)
    return f" [shared a photo: {described}]" if described else ""


def turn_content(turn: LocomoTurn) -> str:
    """``[8 May 2023] Caroline: text [shared a photo: caption; query]``."""
    return f"[{_date_label(turn.date)}] {turn.speaker}: {turn.text}{_photo(turn)}"


def turn_context(conversation: LocomoConversation, turn: LocomoTurn, before: int = CONTEXT_BEFORE,
                 after: int = 0) -> str:
    """The neighbouring turns of the same session (``before`` earlier, ``after`` later), oldest first."""
    if before < 0 or after < 0:
        raise InvalidInput("context", "before and after must be >= 0")
    turns = conversation.turns
    lines: list[str] = []
    for j in [*range(turn.position - before, turn.position), *range(turn.position + 1, turn.position + 1 + after)]:
        if 0 <= j < len(turns) and turns[j].session == turn.session:
            other = turns[j]
            lines.append(f"{other.speaker}: {other.text}{_photo(other)}")
    return " ".join(lines)


def turn_memories(conversation: LocomoConversation, *, before: int = CONTEXT_BEFORE,
                  after: int = 0) -> list[TurnMemory]:
    """Every turn of ``conversation`` as a :class:`TurnMemory`, in conversation order."""
    return [TurnMemory(t.dia_id, turn_content(t), turn_context(conversation, t, before, after), t.speaker,
                       t.session, t.date) for t in conversation.turns]


def question_query(question: str) -> str:
    """The query sent for a question: the question itself, whitespace-normalised.

    Question words (what/when/did...) are stopwords for every channel already, and speaker
    names are discounted by query-side IDF, so no further rewriting is needed.
    """
    return " ".join(str(question).split())


class ConversationIndex(Protocol):
    """One indexed conversation: ranked dia_ids for a query, and what a budgeted context keeps."""

    def search(self, query: str, k: int) -> Sequence[str]:
        """dia_ids of the best ``k`` turns, best first."""
        ...

    def context(self, query: str) -> Collection[str]:
        """dia_ids of the turns included in the budgeted context built for ``query``."""
        ...


IndexFactory = Callable[[LocomoConversation], ConversationIndex]


def recall_at(evidence: Collection[str], ranked: Sequence[str], k: int) -> float:
    """Fraction of ``evidence`` found among the first ``k`` of ``ranked``."""
    if not evidence:
        raise InvalidInput("evidence", "is empty; recall is undefined without evidence")
    return len(set(evidence) & set(ranked[:k])) / len(set(evidence))


@dataclass(frozen=True, slots=True)
class RecallRow:
    """Mean recall@k over a group of questions (overall or one category)."""

    label: str
    questions: int
    recall: dict[int, float]
    context_recall: float | None = None


@dataclass(frozen=True, slots=True)
class LocomoReport:
    """Recall table, context survival and search latency of one evaluation run."""

    ks: tuple[int, ...]
    rows: tuple[RecallRow, ...]
    latency_p50_ms: float
    latency_p95_ms: float
    questions: int
    skipped_no_evidence: int
    unknown_evidence: int
    settings: dict[str, Any] = field(default_factory=dict)

    def row(self, label: str) -> RecallRow:
        """The row named ``label`` (``overall`` or a category name such as ``multi-hop``)."""
        for r in self.rows:
            if r.label == label:
                return r
        raise InvalidInput("label", f"{label!r} is not a row; use one of: {', '.join(r.label for r in self.rows)}")

    @property
    def overall(self) -> RecallRow:
        """The row over all evaluated questions."""
        return self.rows[0]

    def markdown(self) -> str:
        """The recall table as Markdown, plus latency and context survival."""
        with_context = any(r.context_recall is not None for r in self.rows)
        head = ["group", "n", *[f"R@{k}" for k in self.ks]] + (["in context"] if with_context else [])
        lines = ["| " + " | ".join(head) + " |", "|" + "---|" * len(head)]
        for r in self.rows:
            cells = [r.label, str(r.questions), *[f"{r.recall[k]:.3f}" for k in self.ks]]
            if with_context:
                cells.append("-" if r.context_recall is None else f"{r.context_recall:.3f}")
            lines.append("| " + " | ".join(cells) + " |")
        lines.append("")
        lines.append(f"search latency p50 {self.latency_p50_ms:.2f} ms, p95 {self.latency_p95_ms:.2f} ms; "
                     f"{self.questions} questions, {self.skipped_no_evidence} without evidence skipped, "
                     f"{self.unknown_evidence} unknown evidence ids ignored")
        return "\n".join(lines)

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready form for reports and the Evaluation page."""
        return {"ks": list(self.ks), "latency_p50_ms": self.latency_p50_ms, "latency_p95_ms": self.latency_p95_ms,
                "questions": self.questions, "skipped_no_evidence": self.skipped_no_evidence,
                "unknown_evidence": self.unknown_evidence, "settings": dict(self.settings),
                "rows": [{"label": r.label, "questions": r.questions,
                          "recall": {str(k): v for k, v in r.recall.items()},
                          "context_recall": r.context_recall} for r in self.rows]}


def _percentile(values: Sequence[float], q: float) -> float:
    if not values:
        return 0.0
    ordered = sorted(values)
    position = (len(ordered) - 1) * q
    low, high = math.floor(position), math.ceil(position)
    return ordered[low] + (ordered[high] - ordered[low]) * (position - low)


@dataclass(slots=True)
class _Outcome:
    category: int
    recall: dict[int, float]
    context_recall: float | None


def evaluate_locomo(conversations: Iterable[LocomoConversation] | str, make_index: IndexFactory, *,
                    ks: Sequence[int] = DEFAULT_KS, categories: Collection[int] = RECALL_CATEGORIES,
                    with_context: bool = True, query: Callable[[str], str] = question_query,
                    settings: dict[str, Any] | None = None) -> LocomoReport:
    """Evidence recall@k per category and overall, context survival and latency.

    ``conversations`` may be loaded conversations or a path to a LoCoMo JSON file. For each one
    ``make_index(conversation)`` indexes its turns; then every question of the chosen
    ``categories`` with evidence is searched with ``k = max(ks)``. Evidence ids that are not
    turns of the conversation are ignored (and counted); questions left without evidence are
    skipped (and counted). ``with_context`` also asks the index which turns survive into the
    budgeted context.
    """
    convs = load_locomo(conversations) if isinstance(conversations, str) else list(conversations)
    want = tuple(sorted({int(k) for k in ks}))
    if not want or want[0] < 1:
        raise InvalidInput("ks", f"{list(ks)!r}: give positive cut-offs such as 1, 5, 10")
    bad = [c for c in categories if c not in CATEGORY_NAMES]
    if bad:
        raise InvalidInput("categories", f"{bad!r} are not LoCoMo categories; use 1-5")
    deepest = want[-1]
    outcomes: list[_Outcome] = []
    latencies: list[float] = []
    skipped = unknown = 0
    for conv in convs:
        index = make_index(conv)
        known = {t.dia_id for t in conv.turns}
        for q in conv.questions:
            if q.category not in categories:
                continue
            evidence = {e for e in q.evidence if e in known}
            unknown += len(set(q.evidence) - known)
            if not evidence:
                skipped += 1
                continue
            text = query(q.question)
            started = time.perf_counter()
            ranked = list(index.search(text, deepest))
            latencies.append((time.perf_counter() - started) * 1000.0)
            in_context = None
            if with_context:
                kept = set(index.context(text))
                in_context = len(evidence & kept) / len(evidence)
            outcomes.append(_Outcome(q.category, {k: recall_at(evidence, ranked, k) for k in want}, in_context))
    rows = [_row("overall", outcomes, want)]
    for category in sorted(categories):
        group = [o for o in outcomes if o.category == category]
        if group:
            rows.append(_row(CATEGORY_NAMES[category], group, want))
    return LocomoReport(ks=want, rows=tuple(rows), latency_p50_ms=_percentile(latencies, 0.5),
                        latency_p95_ms=_percentile(latencies, 0.95), questions=len(outcomes),
                        skipped_no_evidence=skipped, unknown_evidence=unknown, settings=dict(settings or {}))


def _row(label: str, outcomes: Sequence[_Outcome], ks: Sequence[int]) -> RecallRow:
    n = len(outcomes)
    if n == 0:
        return RecallRow(label, 0, {k: 0.0 for k in ks}, None)
    recall = {k: math.fsum(o.recall[k] for o in outcomes) / n for k in ks}
    ctx = [o.context_recall for o in outcomes if o.context_recall is not None]
    return RecallRow(label, n, recall, math.fsum(ctx) / len(ctx) if ctx else None)
