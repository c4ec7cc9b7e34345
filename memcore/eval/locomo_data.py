"""The LoCoMo conversation format: typed records and a validating loader.

Format (Maharana et al., ACL 2024): a JSON list of samples, each with ``sample_id``,
``conversation`` (``speaker_a``, ``speaker_b``, ``session_N`` turn lists and
``session_N_date_time``) and ``qa`` (``question``, ``answer``, ``evidence`` dia_ids,
``category`` 1 multi-hop, 2 temporal, 3 open-domain, 4 single-hop, 5 adversarial).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from ..errors import InvalidInput
from .files import read_json

__all__ = ["LocomoTurn", "LocomoQuestion", "LocomoConversation", "load_locomo", "parse_session_date",
           "normalize_dia_id", "CATEGORY_NAMES"]

CATEGORY_NAMES: dict[int, str] = {1: "multi-hop", 2: "temporal", 3: "open-domain", 4: "single-hop",
                                  5: "adversarial"}

_SESSION_KEY = re.compile(r"^session_(\d+)$")
_DIA_ID = re.compile(r"^D:?(\d+):0*(\d+)$")
_DATE_FORMATS = ("%I:%M %p on %d %B, %Y", "%I:%M %p on %d %B %Y", "%I:%M %p on %B %d, %Y", "%d %B, %Y",
                 "%d %B %Y", "%Y-%m-%d %H:%M", "%Y-%m-%d")


@dataclass(frozen=True, slots=True)
class LocomoTurn:
    """One dialogue turn; ``position`` is its index in the whole conversation (0-based)."""

    dia_id: str
    speaker: str
    text: str
    session: int
    position: int
    date: datetime
    caption: str | None = None
    image_query: str | None = None


@dataclass(frozen=True, slots=True)
class LocomoQuestion:
    """One annotated question; ``evidence`` holds normalised dia_ids."""

    sample_id: str
    question: str
    answer: str
    evidence: tuple[str, ...]
    category: int


@dataclass(frozen=True, slots=True)
class LocomoConversation:
    """One sample: two speakers, their turns in order, and the questions about them."""

    sample_id: str
    speakers: tuple[str, str]
    turns: tuple[LocomoTurn, ...]
    questions: tuple[LocomoQuestion, ...]

    def turn(self, dia_id: str) -> LocomoTurn | None:
        """The turn with that dia_id, or None."""
        return self._by_id().get(dia_id)

    def _by_id(self) -> dict[str, LocomoTurn]:
        return {t.dia_id: t for t in self.turns}


def normalize_dia_id(value: str) -> str:
    """Canonical ``D<session>:<turn>`` form (tolerates ``D:3:5``, ``D3:05`` and spaces)."""
    text = value.strip().replace(" ", "")
    match = _DIA_ID.match(text)
    if not match:
        return text
    return f"D{int(match.group(1))}:{int(match.group(2))}"


def parse_session_date(value: str, field: str) -> datetime:
    """Parse a session date such as ``1:56 pm on 8 May, 2023`` (UTC); InvalidInput names the field."""
    text = " ".join(str(value).split())
    for fmt in _DATE_FORMATS:
        try:
            return datetime.strptime(text, fmt).replace(tzinfo=UTC)
        except ValueError:
            continue
    raise InvalidInput(field, f"{value!r} is not a session date; expected e.g. '1:56 pm on 8 May, 2023'")


def _split_evidence(raw: Any, where: str) -> tuple[str, ...]:
    if raw is None:
        return ()
    if not isinstance(raw, list):
        raise InvalidInput(f"{where}.evidence", f"must be a list of dia_ids, got {type(raw).__name__}")
    out: list[str] = []
    for item in raw:
        if not isinstance(item, str):
            raise InvalidInput(f"{where}.evidence", f"{item!r} is not a dia_id string like 'D1:3'")
        for piece in re.split(r"[;,]", item):
            if piece.strip():
                dia_id = normalize_dia_id(piece)
                if dia_id not in out:
                    out.append(dia_id)
    return tuple(out)


def _turns(sample_id: str, conversation: dict[str, Any]) -> list[LocomoTurn]:
    sessions = sorted(int(m.group(1)) for key in conversation if (m := _SESSION_KEY.match(key)))
    turns: list[LocomoTurn] = []
    for number in sessions:
        where = f"{sample_id}.conversation.session_{number}"
        items = conversation[f"session_{number}"]
        if not isinstance(items, list):
            raise InvalidInput(where, f"must be a list of turns, got {type(items).__name__}")
        if not items:
            continue
        date_key = f"session_{number}_date_time"
        if date_key not in conversation:
            raise InvalidInput(f"{sample_id}.conversation.{date_key}", "is missing; every session needs a date")
        date = parse_session_date(conversation[date_key], f"{sample_id}.conversation.{date_key}")
        for i, item in enumerate(items):
            if not isinstance(item, dict):
                raise InvalidInput(f"{where}[{i}]", "must be an object with speaker, dia_id and text")
            for key in ("speaker", "dia_id", "text"):
                if not isinstance(item.get(key), str):
                    raise InvalidInput(f"{where}[{i}].{key}", "is missing or not text")
            caption = item.get("blip_caption")
            query = item.get("query")
            turns.append(LocomoTurn(
                dia_id=normalize_dia_id(item["dia_id"]), speaker=item["speaker"].strip(), text=item["text"].strip(),
                session=number, position=len(turns), date=date,
                caption=caption.strip() if isinstance(caption, str) and caption.strip() else None,
                image_query=query.strip() if isinstance(query, str) and query.strip() else None,
            ))
    return turns


def _questions(sample_id: str, qa: Any) -> list[LocomoQuestion]:
    if not isinstance(qa, list):
        raise InvalidInput(f"{sample_id}.qa", f"must be a list of questions, got {type(qa).__name__}")
    out: list[LocomoQuestion] = []
    for i, item in enumerate(qa):
        where = f"{sample_id}.qa[{i}]"
        if not isinstance(item, dict) or not isinstance(item.get("question"), str):
            raise InvalidInput(f"{where}.question", "is missing or not text")
        category = item.get("category")
        if not isinstance(category, int) or category not in CATEGORY_NAMES:
            raise InvalidInput(f"{where}.category", f"{category!r} is not allowed; use 1, 2, 3, 4 or 5")
        answer = item.get("answer", item.get("adversarial_answer", ""))
        out.append(LocomoQuestion(sample_id=sample_id, question=item["question"].strip(),
                                  answer="" if answer is None else str(answer),
                                  evidence=_split_evidence(item.get("evidence"), where), category=category))
    return out


def _conversation(index: int, sample: Any) -> LocomoConversation:
    if not isinstance(sample, dict):
        raise InvalidInput(f"[{index}]", "each sample must be an object with sample_id, conversation and qa")
    sample_id = sample.get("sample_id", f"sample-{index}")
    if not isinstance(sample_id, str) or not sample_id:
        raise InvalidInput(f"[{index}].sample_id", "must be non-empty text")
    conversation = sample.get("conversation")
    if not isinstance(conversation, dict):
        raise InvalidInput(f"{sample_id}.conversation", "is missing or not an object")
    speakers = (conversation.get("speaker_a"), conversation.get("speaker_b"))
    if not all(isinstance(s, str) and s for s in speakers):
        raise InvalidInput(f"{sample_id}.conversation.speaker_a", "speaker_a and speaker_b must be names")
    turns = _turns(sample_id, conversation)
    if not turns:
        raise InvalidInput(f"{sample_id}.conversation", "has no session_N turns")
    return LocomoConversation(sample_id=sample_id, speakers=(speakers[0], speakers[1]), turns=tuple(turns),
                              questions=tuple(_questions(sample_id, sample.get("qa", []))))


def load_locomo(source: str | Path | list[Any]) -> list[LocomoConversation]:
    """Load and validate LoCoMo data from a JSON file path or already-parsed JSON.

    Raises InvalidInput naming the offending field (e.g. ``conv-26.qa[3].category``).
    """
    data = read_json(source) if isinstance(source, (str, Path)) else source
    if isinstance(data, dict):
        data = [data]
    if not isinstance(data, list) or not data:
        raise InvalidInput("data", "a LoCoMo file is a non-empty JSON list of samples")
    conversations = [_conversation(i, sample) for i, sample in enumerate(data)]
    seen: set[str] = set()
    for conv in conversations:
        if conv.sample_id in seen:
            raise InvalidInput("sample_id", f"{conv.sample_id!r} appears twice; sample ids must be unique")
        seen.add(conv.sample_id)
    return conversations
