"""memcore: a local-first, explainable memory engine for LLM agents.

    import memcore
    mem = memcore.open("sqlite:///memories.db", user="alice", project="webapp")
    m = mem.add("Prefers dark mode in every editor", type="preference", importance=0.7)
    mem.pin(m.id)
"""

from .clock import Clock, FakeClock, SystemClock
from .engine import Engine, open
from .errors import (
                     BudgetExceeded,
                     Conflict,
                     InvalidInput,
                     MemcoreError,
                     NotFound,
                     ProviderError,
                     SecretDetected,
                     StoreError,
)
from .model import (
                     Actor,
                     Block,
                     Event,
                     EventKind,
                     Link,
                     LinkKind,
                     Memory,
                     MemoryState,
                     MemoryType,
                     Modality,
                     Namespace,
                     Page,
                     Privacy,
                     Score,
                     ScorePart,
                     Source,
                     Tier,
                     UserStateRow,
)
from .ops.inputs import MemoryInput
from .settings import SETTINGS, Settings

__version__ = "0.1.0"

__all__ = [
    "Actor", "Block", "BudgetExceeded", "Clock", "Conflict", "Engine", "Event", "EventKind", "FakeClock",
    "InvalidInput", "Link", "LinkKind", "MemcoreError", "Memory", "MemoryInput", "MemoryState", "MemoryType",
    "Modality", "Namespace", "NotFound", "Page", "Privacy", "ProviderError", "SETTINGS", "Score", "ScorePart",
    "SecretDetected", "Settings", "Source", "StoreError", "SystemClock", "Tier", "UserStateRow", "open",
]
