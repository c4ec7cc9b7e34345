"""Small rendering helpers shared by the pages: errors, flash messages, times, empty states, tables."""

from __future__ import annotations

import html
import json
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import datetime
from typing import Any

import streamlit as st

from memcore import Event, MemcoreError, Memory

FLASH_KEY = "flash"


@contextmanager
def shown_errors() -> Iterator[None]:
    """Run engine calls; a MemcoreError becomes an ``st.error`` with its message (never a traceback)."""
    try:
        yield
    except MemcoreError as exc:
        st.error(f"{type(exc).__name__}: {exc}")


def flash(message: str, kind: str = "success") -> None:
    """Keep a message for the next run (after ``st.rerun``)."""
    st.session_state[FLASH_KEY] = (kind, message)


def show_flash() -> None:
    kind, message = st.session_state.pop(FLASH_KEY, (None, None))
    if message:
        getattr(st, kind, st.info)(message)


def when(value: datetime | str | None, seconds: bool = False) -> str:
    """A compact UTC time, '' for None."""
    if value is None:
        return ""
    if isinstance(value, str):
        value = datetime.fromisoformat(value)
    return value.strftime("%Y-%m-%d %H:%M:%S" if seconds else "%Y-%m-%d %H:%M")


def short(text: str | None, n: int = 90) -> str:
    text = " ".join((text or "").split())
    return text if len(text) <= n else text[: n - 1] + "\u2026"


_MD_SPECIAL = "\\`*_{}[]()#+-.!|<>~$"


def md(text: str | None) -> str:
    """Memory text made safe for st.markdown: markdown syntax characters escaped, shown literally."""
    return "".join("\\" + ch if ch in _MD_SPECIAL else ch for ch in (text or ""))


def plot_label(text: str | None, n: int = 48) -> str:
    """Memory text as a plotly label: plotly reads a subset of HTML in labels, so escape it."""
    return html.escape(short(text, n), quote=False)


def compact_json(value: Any) -> str:
    return "" if value is None else json.dumps(value, ensure_ascii=False, sort_keys=True, default=str)


def event_text(event: Event) -> str:
    """One line naming an event: kind, actor, memory, reason."""
    target = f" on memory {event.memory_id}" if event.memory_id else ""
    reason = f": {event.reason}" if event.reason else ""
    return f"Event {event.kind.value} by {event.actor.value}{target}{reason} (event {event.id})"


def memory_row(m: Memory) -> dict[str, Any]:
    """A table row of a memory (text cells are plain text, never markup)."""
    return {"id": m.id, "content": m.content, "type": m.type.value, "state": m.state.value, "tier": m.tier.value,
            "importance": round(m.importance, 2), "usage": m.usage_count, "tags": ", ".join(m.tags),
            "created": when(m.created_at), "updated": when(m.updated_at)}


def memory_option(m: Memory) -> str:
    return f"{short(m.content, 80)}  [{m.type.value}, {m.id}]"  # no state: it changes under the widget


def needs_engine(feature: str, method: str) -> None:
    st.info(f"{feature} needs the engine's `{method}` operation, which this memcore build does not have yet.")


def empty(message: str) -> None:
    st.info(message)


NO_MEMORIES = "No memories in this namespace yet: run `memcore demo` to load the sample data, or add some with `memcore add`."
