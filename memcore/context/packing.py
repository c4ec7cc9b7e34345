"""The pure part of the context builder (SPEC 6): which scored candidates go into the prompt, and why.

Given candidates already scored and sorted (critical/pinned first), :func:`pack` walks them
once and decides for each: state check, duplicate check, relevance gate (``sim >= 0.62`` or
``keyword overlap >= 0.20``; broad architecture/design/plan requests also admit same-project
preference/project/decision/constraint/critical memories; and a question that asks about a memory
type or topic group admits same-project memories of it, see :mod:`.intent`), the other-person check (a
question that sets the user apart leaves out a non-critical memory about someone close to them that it
does not name), an optional item limit, then greedy
packing into the token budget (what does not fit is skipped, later smaller items may still fit).
Every candidate gets a decision and a human-readable reason; nothing is dropped silently.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any

from ..errors import InvalidInput
from ..model import Memory, MemoryState, MemoryType, Score
from ..write.scope import names_of, someone_else
from .intent import Intent, query_intent, self_focused, sets_user_apart
from .tokens import ApproxTokenCounter, TokenCounter

__all__ = ["Reason", "PackCandidate", "PackItem", "PackResult", "PackSettings", "pack", "is_broad_request",
           "memory_line", "BROAD_TYPES", "DEFAULT_BUDGET"]

DEFAULT_BUDGET = 2500
BROAD_TYPES: frozenset[MemoryType] = frozenset({MemoryType.PREFERENCE, MemoryType.PROJECT, MemoryType.DECISION,
                                                MemoryType.CONSTRAINT, MemoryType.CRITICAL})

_BROAD = re.compile(
    r"\b(architect\w*|design\w*|plan|plans|planning|roadmap\w*|blueprint\w*|overview|strateg\w*|"
    r"tech[\s-]?stack|scaffold\w*|bootstrap\w*|set\s*up|setup|structure|structuring|approach)\b",
    re.IGNORECASE)


class Reason(StrEnum):
    """Why a candidate was included or skipped."""

    FIRST = "critical_or_pinned"
    RELEVANT = "relevant"
    BROAD = "broad_request"
    INTENT = "intent"
    SMALL = "small_memory"
    STATE = "state"
    DUPLICATE = "duplicate"
    GATE = "gate"
    OTHER_PERSON = "other_person"
    LIMIT = "limit"
    BUDGET = "budget"

    @property
    def included(self) -> bool:
        """True for the reasons that put a memory into the context."""
        return self in (Reason.FIRST, Reason.RELEVANT, Reason.BROAD, Reason.INTENT, Reason.SMALL)


@dataclass(frozen=True, slots=True)
class PackCandidate:
    """One scored candidate: the memory, its score and the similarity signals the gate reads."""

    memory: Memory
    score: Score | None = None
    similarity: float = 0.0
    keyword: float = 0.0


@dataclass(frozen=True, slots=True)
class PackItem:
    """The decision about one candidate: its line, token cost and the reason in words."""

    memory: Memory
    score: Score | None
    similarity: float
    keyword: float
    line: str
    tokens: int
    reason: Reason
    detail: str

    @property
    def included(self) -> bool:
        """True when this candidate went into the context."""
        return self.reason.included

    def decision(self) -> dict[str, Any]:
        """The packing decision alone: line, tokens, included, reason and detail."""
        return {"line": self.line, "tokens": self.tokens, "included": self.included, "reason": self.reason.value,
                "detail": self.detail}

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready form: the decision plus the memory's id and type, its signals and score."""
        return {"memory_id": self.memory.id, "type": self.memory.type.value, **self.decision(),
                "similarity": self.similarity, "keyword": self.keyword,
                "score": self.score.to_dict() if self.score else None}


@dataclass(frozen=True, slots=True)
class PackResult:
    """Every candidate's decision, in the order considered, plus totals."""

    items: tuple[PackItem, ...]
    budget: int
    used_tokens: int
    counter: str
    broad: bool

    @property
    def included(self) -> list[PackItem]:
        """Items that went into the context, in order."""
        return [i for i in self.items if i.included]

    @property
    def skipped(self) -> list[PackItem]:
        """Items left out, each with its reason."""
        return [i for i in self.items if not i.included]

    @property
    def remaining_tokens(self) -> int:
        """Budget not used."""
        return self.budget - self.used_tokens

    @property
    def text(self) -> str:
        """The context block: one ``- [type] text`` line per included memory."""
        return "\n".join(i.line for i in self.included)

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready form for the trace."""
        return {"budget": self.budget, "used_tokens": self.used_tokens, "counter": self.counter,
                "broad": self.broad, "items": [i.to_dict() for i in self.items]}


@dataclass(frozen=True, slots=True)
class PackSettings:
    """Budget and gate thresholds (SPEC 6 defaults)."""

    budget: int = DEFAULT_BUDGET
    gate_similarity: float = 0.62
    gate_overlap: float = 0.20
    max_items: int | None = None
    broad_types: frozenset[MemoryType] = field(default=BROAD_TYPES)
    intent: bool = True  # admit same-project memories of the type / topic the question asks about
    small_memory_tokens: int = 0  # a whole memory this small is injected without the gate (0: off)

    def __post_init__(self) -> None:
        if isinstance(self.budget, bool) or not isinstance(self.budget, int) or self.budget < 0:
            raise InvalidInput("budget", f"{self.budget!r} must be an integer >= 0 (tokens)")
        for name in ("gate_similarity", "gate_overlap"):
            value = getattr(self, name)
            if not isinstance(value, (int, float)) or value != value:
                raise InvalidInput(name, f"{value!r} is not a number")
        if isinstance(self.small_memory_tokens, bool) or not isinstance(self.small_memory_tokens, int) \
                or self.small_memory_tokens < 0:
            raise InvalidInput("small_memory_tokens", f"{self.small_memory_tokens!r} must be an integer >= 0 (tokens)")
        if self.max_items is not None and self.max_items < 0:
            raise InvalidInput("max_items", f"{self.max_items!r} must be >= 0 or None")


def is_broad_request(query: str) -> bool:
    """True for architecture / design / plan style requests (they admit same-project decisions)."""
    return bool(_BROAD.search(query or ""))


def memory_line(memory: Memory) -> str:
    """The prompt line of a memory: ``- [type] text`` on one line."""
    text = " ".join(memory.content.split())
    return f"- [{memory.type.value}] {text}"


def _as_candidate(item: Any) -> PackCandidate:
    if isinstance(item, PackCandidate):
        return item
    try:
        return PackCandidate(memory=item.memory, score=getattr(item, "score", None),
                             similarity=float(getattr(item, "similarity", 0.0)),
                             keyword=float(getattr(item, "keyword", 0.0)))
    except AttributeError:
        raise InvalidInput("candidates", f"{type(item).__name__} has no .memory; pass PackCandidate items") from None


def _someone_else(memory: Memory, query: str) -> str | None:
    """Who ``memory`` is about when that is someone close to the user whom ``query`` does not point at."""
    who = someone_else(memory.content)
    if who is None or any(re.search(rf"\b{re.escape(name)}", query, re.I) for name in names_of(memory.content, who)):
        return None
    return who


def _first(memory: Memory) -> bool:
    return memory.critical or memory.state is MemoryState.PINNED


def pack(candidates: Iterable[Any], query: str = "", *, settings: PackSettings | None = None,
         counter: TokenCounter | None = None, project_id: str | None = None, whole: bool = False) -> PackResult:
    """Decide which candidates enter the context and why (see the module docstring).

    ``candidates`` are :class:`PackCandidate` items or any objects with ``memory``, ``score``,
    ``similarity`` and ``keyword`` attributes, sorted best first. Critical and pinned memories
    are considered before all others whatever their position. ``project_id`` is the project of
    the request (the broad rule only admits memories of that project; None admits any).
    ``whole`` says the candidates are every live memory of the namespace: when their lines fit
    in ``small_memory_tokens`` they are all injected (a memory that small is cheaper to show whole
    than to second-guess with the gate).
    """
    cfg = settings or PackSettings()
    count = counter or ApproxTokenCounter()
    ordered: Sequence[PackCandidate] = [_as_candidate(c) for c in candidates]
    ordered = [c for c in ordered if _first(c.memory)] + [c for c in ordered if not _first(c.memory)]
    broad = is_broad_request(query)
    intent = query_intent(query) if cfg.intent else None
    small = _small_memory(ordered, cfg, count) if whole else None
    apart = sets_user_apart(query)
    about_self = apart or self_focused(query)
    used = 0
    admitted = 0
    seen_lines: set[str] = set()
    items: list[PackItem] = []
    for cand in ordered:
        memory = cand.memory
        line = memory_line(memory)
        tokens = count.count(line)
        if not memory.state.retrievable:
            items.append(_item(cand, line, tokens, Reason.STATE,
                               f"state {memory.state.value}: only active and pinned memories are injected"))
            continue
        key = line.lower()
        if key in seen_lines:
            items.append(_item(cand, line, tokens, Reason.DUPLICATE, "same text as a memory already included"))
            continue
        if _first(memory):
            why = "pinned" if memory.state is MemoryState.PINNED else "critical"
            reason, detail = Reason.FIRST, f"{why}: injected first, before the relevance gate"
            # only a question that says it is about the user alone leaves out someone else's critical memory
            who = _someone_else(memory, query) if apart and memory.state is not MemoryState.PINNED else None
        else:
            reason, detail = _gate(cand, cfg, broad, project_id, intent)
            if reason is Reason.GATE and small is not None:
                reason, detail = Reason.SMALL, small
            who = _someone_else(memory, query) if about_self and reason is not Reason.GATE else None
        if who:
            reason, detail = Reason.OTHER_PERSON, (f"the question asks about the user themself; this memory is "
                                                   f"about someone else ({who})")
        if reason in (Reason.GATE, Reason.OTHER_PERSON):
            items.append(_item(cand, line, tokens, reason, detail))
            continue
        if reason is not Reason.FIRST and cfg.max_items is not None and admitted >= cfg.max_items:
            items.append(_item(cand, line, tokens, Reason.LIMIT, f"beyond the top {cfg.max_items} relevant memories"))
            continue
        if used + tokens > cfg.budget:
            items.append(_item(cand, line, tokens, Reason.BUDGET,
                               f"needs {tokens} tokens, {cfg.budget - used} of {cfg.budget} left"))
            continue
        used += tokens
        seen_lines.add(key)
        if reason is not Reason.FIRST:
            admitted += 1
        items.append(_item(cand, line, tokens, reason, detail + f"; {tokens} tokens, {cfg.budget - used} left"))
    return PackResult(tuple(items), cfg.budget, used, getattr(count, "name", type(count).__name__), broad)


def _small_memory(ordered: Sequence[PackCandidate], cfg: PackSettings, count: TokenCounter) -> str | None:
    """The reason text when the live memories all fit in the small-memory allowance, else None."""
    if cfg.small_memory_tokens <= 0:
        return None
    lines = {memory_line(c.memory).lower(): c for c in ordered if c.memory.state.retrievable}
    total = sum(count.count(line) for line in lines)
    if not lines or total > cfg.small_memory_tokens:
        return None
    return (f"small memory: all {len(lines)} live memories take {total} tokens <= {cfg.small_memory_tokens}, "
            f"so the gate is not applied")


def _item(cand: PackCandidate, line: str, tokens: int, reason: Reason, detail: str) -> PackItem:
    return PackItem(cand.memory, cand.score, cand.similarity, cand.keyword, line, tokens, reason, detail)


def _gate(cand: PackCandidate, cfg: PackSettings, broad: bool, project_id: str | None,
          intent: Intent | None = None) -> tuple[Reason, str]:
    sim, overlap = cand.similarity, cand.keyword
    if sim >= cfg.gate_similarity:
        return Reason.RELEVANT, f"similarity {sim:.2f} >= {cfg.gate_similarity:.2f}"
    if overlap >= cfg.gate_overlap:
        return Reason.RELEVANT, f"keyword overlap {overlap:.2f} >= {cfg.gate_overlap:.2f}"
    memory = cand.memory
    if broad and memory.type in cfg.broad_types and (project_id is None or memory.project_id == project_id):
        return Reason.BROAD, f"broad request: same-project {memory.type.value} admitted"
    same_project = project_id is None or memory.project_id == project_id
    why = intent.admits(memory) if intent and same_project else None
    if why:
        return Reason.INTENT, f"intent: {why} (similarity {sim:.2f}, overlap {overlap:.2f})"
    return Reason.GATE, (f"below the relevance gate: similarity {sim:.2f} < {cfg.gate_similarity:.2f} "
                         f"and keyword overlap {overlap:.2f} < {cfg.gate_overlap:.2f}")
