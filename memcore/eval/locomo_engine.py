"""LoCoMo evidence recall through the real engine: each conversation's turns become memories of a
fresh namespace of a throwaway SQLite file; questions go through ``engine.search`` (read-only) and
the budgeted context through ``engine.build_context`` (read-only)."""

from __future__ import annotations

import shutil
import tempfile
from collections.abc import Callable, Collection, Sequence
from pathlib import Path

from ..ops.inputs import MemoryInput
from .locomo import DEFAULT_KS, LocomoConversation, LocomoReport, evaluate_locomo, load_locomo, turn_memories

Progress = Callable[[int, int, str], None]


class EngineConversationIndex:
    """One conversation indexed as memories (type event, valid from the session date)."""

    def __init__(self, engine: object, conversation: LocomoConversation, budget: int | None) -> None:
        self.engine = engine
        self.budget = budget
        items = [MemoryInput(content=tm.content, type="event", tier="episodic", metadata=tm.metadata,
                             valid_from=tm.date, tags=["locomo"], entities=[tm.speaker])
                 for tm in turn_memories(conversation)]
        memories = engine.add_many(items, actor="engine", reason="LoCoMo turn")
        self.dia_of = {m.id: m.metadata["dia_id"] for m in memories}

    def search(self, query: str, k: int) -> Sequence[str]:
        result = self.engine.search(query, k, record=False)
        return [self.dia_of[i.memory.id] for i in result.items if i.memory.id in self.dia_of]

    def context(self, query: str) -> Collection[str]:
        result = self.engine.build_context(query, self.budget, record=False, k=50)
        return {self.dia_of[i.memory_id] for i in result.included if i.memory_id in self.dia_of}


def evaluate_locomo_file(path: str, *, ks: Sequence[int] = DEFAULT_KS, budget: int | None = None,
                         progress: Progress | None = None, url: str | None = None) -> LocomoReport:
    """Index every conversation of a LoCoMo file in memcore and report evidence recall@k."""
    import memcore

    conversations = load_locomo(path)
    folder = None if url else tempfile.mkdtemp(prefix="memcore-locomo-")
    root = memcore.open(url or str(Path(folder) / "locomo.db"), user="locomo",
                        settings={"sweep_before_context": False})
    done = [0]

    def make_index(conversation: LocomoConversation) -> EngineConversationIndex:
        done[0] += 1
        if progress:
            progress(done[0], len(conversations), conversation.sample_id)
        engine = root.scoped(user="locomo", project=_safe(conversation.sample_id))
        return EngineConversationIndex(engine, conversation, budget)

    try:
        return evaluate_locomo(conversations, make_index, ks=ks,
                               settings={"embedder": root.runtime.get_embedder().name,
                                         "fusion": root.runtime.settings.fusion,
                                         "policy": root.runtime.settings.scoring_policy,
                                         "budget": budget or root.runtime.settings.context_budget})
    finally:
        root.close()
        if folder:
            shutil.rmtree(folder, ignore_errors=True)


def _safe(name: str) -> str:
    import re

    return re.sub(r"[^A-Za-z0-9_.:@\-]", "-", name)[:100] or "conversation"
