"""The data model: enums, records and validation. Depends on nothing else in memcore."""

from .enums import (
                    RETRIEVABLE_STATES,
                    UNDOABLE_KINDS,
                    Actor,
                    EventKind,
                    LinkKind,
                    MemoryState,
                    MemoryType,
                    Modality,
                    Privacy,
                    Source,
                    Tier,
)
from .records import Block, Event, Link, Memory, Namespace, Page, UserStateRow, record_to_dict
from .scores import Score, ScorePart

__all__ = [
    "RETRIEVABLE_STATES", "UNDOABLE_KINDS", "Actor", "EventKind", "LinkKind", "MemoryState", "MemoryType",
    "Modality", "Privacy", "Source", "Tier", "Block", "Event", "Link", "Memory", "Namespace", "Page",
    "UserStateRow", "record_to_dict", "Score", "ScorePart",
]
