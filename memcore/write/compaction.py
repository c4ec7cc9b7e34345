"""Context compaction (SPEC 7.8, N5): shrink a conversation to fit a token budget.

Mechanical stages run first, in order: TRIM (strip trailing spaces, collapse blank lines, cap
lines per message), CLEAR_TOOL_OUTPUT (old tool results become a one-line stub), TRUNCATE (cap
each older message's length). If the result is still over budget and an LLM provider is
configured (and there are enough turns), the turns older than ``keep_recent`` are replaced by
one summary message. If the model fails, the mechanical result stands and the report says why.
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from enum import StrEnum

from ..errors import InvalidInput
from ..llm import FallbackInfo, LLMProvider, rules_only, with_fallback
from .redact import redact

SUMMARY_PREFIX = "[summary of earlier conversation]"
SUMMARY_SYSTEM = ("Summarise the earlier part of this conversation in at most 300 characters: the user's goals, "
                  "decisions, constraints and open questions. No greetings, no secrets.")


class Stage(StrEnum):
    TRIM = "trim"
    CLEAR_TOOL_OUTPUT = "clear_tool_output"
    TRUNCATE = "truncate"
    LLM_SUMMARY = "llm_summary"


@dataclass(frozen=True, slots=True)
class Message:
    role: str  # user | assistant | system | tool
    content: str


@dataclass(frozen=True, slots=True)
class CompactionSettings:
    """Budgets and limits; validated once."""

    budget_tokens: int = 4000
    keep_recent: int = 4
    max_lines: int = 60
    max_chars: int = 2000
    min_turns_for_summary: int = 6
    summary_max_chars: int = 300

    def __post_init__(self) -> None:
        for name in ("budget_tokens", "max_lines", "max_chars", "min_turns_for_summary", "summary_max_chars"):
            if getattr(self, name) < 1:
                raise InvalidInput(name, f"{getattr(self, name)!r} must be >= 1")
        if self.keep_recent < 0:
            raise InvalidInput("keep_recent", f"{self.keep_recent!r} must be >= 0")


@dataclass(frozen=True, slots=True)
class StageReport:
    """One stage: whether it changed anything, tokens before/after, and what it did."""

    stage: Stage
    applied: bool
    tokens_before: int
    tokens_after: int
    detail: str = ""


@dataclass(frozen=True, slots=True)
class CompactionReport:
    messages: tuple[Message, ...]
    stages: tuple[StageReport, ...]
    tokens_before: int
    tokens_after: int
    within_budget: bool
    summary: FallbackInfo | None = None  # how the LLM stage ran, when it was considered

    @property
    def applied(self) -> tuple[Stage, ...]:
        return tuple(s.stage for s in self.stages if s.applied)


def approx_tokens(text: str) -> int:
    """An explicit approximation: one token per 4 characters."""
    return math.ceil(len(text) / 4) if text else 0


def _total(messages: Sequence[Message], count: Callable[[str], int]) -> int:
    return sum(count(m.content) for m in messages)


def _trim(messages: list[Message], s: CompactionSettings) -> tuple[list[Message], str]:
    out, changed = [], 0
    for m in messages:
        lines = [line.rstrip() for line in m.content.strip().splitlines()]
        text = re.sub(r"\n{3,}", "\n\n", "\n".join(lines))
        kept = text.split("\n")
        if len(kept) > s.max_lines:
            text = "\n".join(kept[:s.max_lines]) + f"\n[... {len(kept) - s.max_lines} more lines trimmed]"
        if text != m.content:
            changed += 1
        out.append(replace(m, content=text))
    return out, f"{changed} message(s) trimmed"


def _clear_tools(messages: list[Message], s: CompactionSettings) -> tuple[list[Message], str]:
    cutoff = len(messages) - s.keep_recent
    out, cleared = [], 0
    for i, m in enumerate(messages):
        if m.role == "tool" and i < cutoff and not m.content.startswith("[tool output cleared"):
            out.append(replace(m, content=f"[tool output cleared: {len(m.content)} characters]"))
            cleared += 1
        else:
            out.append(m)
    return out, f"{cleared} old tool output(s) cleared"


def _truncate(messages: list[Message], s: CompactionSettings) -> tuple[list[Message], str]:
    cutoff = len(messages) - s.keep_recent
    out, cut = [], 0
    for i, m in enumerate(messages):
        if i < cutoff and len(m.content) > s.max_chars:
            out.append(replace(m, content=m.content[:s.max_chars] + f" [... truncated {len(m.content) - s.max_chars} "
                                                                   f"characters]"))
            cut += 1
        else:
            out.append(m)
    return out, f"{cut} long message(s) truncated"


def _summarise(provider: LLMProvider, old: Sequence[Message], s: CompactionSettings) -> Message:
    transcript = "\n".join(f"{m.role}: {redact(m.content).text}" for m in old)
    text = redact(provider.complete_text(SUMMARY_SYSTEM, transcript)).text.strip()
    return Message("system", f"{SUMMARY_PREFIX} {text[:s.summary_max_chars]}")


def compact(
    messages: Sequence[Message],
    *,
    settings: CompactionSettings | None = None,
    provider: LLMProvider | None = None,
    count_tokens: Callable[[str], int] = approx_tokens,
) -> CompactionReport:
    """Compact ``messages`` toward ``settings.budget_tokens``; the newest ``keep_recent`` stay whole."""
    s = settings or CompactionSettings()
    current = list(messages)
    before = _total(current, count_tokens)
    reports: list[StageReport] = []
    for stage, step in ((Stage.TRIM, _trim), (Stage.CLEAR_TOOL_OUTPUT, _clear_tools), (Stage.TRUNCATE, _truncate)):
        start = _total(current, count_tokens)
        new, detail = step(current, s)
        end = _total(new, count_tokens)
        reports.append(StageReport(stage, new != current, start, end, detail))
        current = new
    tokens = _total(current, count_tokens)
    info: FallbackInfo | None = None
    conversational = [m for m in current if m.role in ("user", "assistant")]
    if tokens > s.budget_tokens:
        if len(conversational) < s.min_turns_for_summary:
            info = rules_only("compaction", f"only {len(conversational)} turns; a summary needs "
                                            f"{s.min_turns_for_summary}")
        elif len(current) <= s.keep_recent:
            info = rules_only("compaction", "nothing older than keep_recent to summarise")
        else:
            split = len(current) - s.keep_recent
            old, recent = current[:split], current[split:]
            outcome = with_fallback("compaction", provider, lambda p: _summarise(p, old, s), lambda: None)
            info = outcome.info
            if outcome.value is not None:
                summarised = [outcome.value, *recent]
                end = _total(summarised, count_tokens)
                reports.append(StageReport(Stage.LLM_SUMMARY, True, tokens, end,
                                           f"{len(old)} older message(s) summarised by {info.ran}"))
                current, tokens = summarised, end
    if info is not None and not any(r.stage is Stage.LLM_SUMMARY for r in reports):
        reports.append(StageReport(Stage.LLM_SUMMARY, False, tokens, tokens, info.reason))
    return CompactionReport(tuple(current), tuple(reports), before, tokens, tokens <= s.budget_tokens, info)
