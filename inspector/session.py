"""The engine behind every page: opened once per database URL (``@st.cache_resource``), scoped to the
namespace chosen in the sidebar. Session state holds only that choice and other UI state."""

from __future__ import annotations

import os

import streamlit as st

import memcore
from memcore import Engine, Namespace

DB_ENV = "MEMCORE_DB"
NAMESPACE_KEY = "namespace"  # session_state: "user / project" as chosen in the sidebar
SEPARATOR = " / "


def database_url() -> str | None:
    """The database the inspector shows: ``MEMCORE_DB`` or memcore's default SQLite file."""
    return os.environ.get(DB_ENV) or None


@st.cache_resource(show_spinner=False)
def _open(url: str | None) -> Engine:
    """The engine, with the background lifecycle scheduler running (sweep, decay; reflection and GC
    when MEMCORE_SCHEDULER_REFLECT / MEMCORE_SCHEDULER_GC are on). Jobs never block a page."""
    from memcore.settings import Settings

    engine = memcore.open(url, settings=Settings.from_env())
    engine.start_scheduler()
    return engine


def base_engine() -> Engine:
    return _open(database_url())


def namespace_label(ns: Namespace) -> str:
    return f"{ns.user_id}{SEPARATOR}{ns.project_id}"


def namespace_options(engine: Engine) -> list[str]:
    """Every namespace with memories, plus the engine's own (so an empty database still has one)."""
    labels = [namespace_label(ns) for ns in engine.namespaces()]
    own = namespace_label(engine.namespace)
    return labels or [own]


def ensure_app_navigation() -> None:
    """Send a deep link that Streamlit served in its legacy ``pages/`` mode back through ``app.py``.

    A fresh server whose first request is ``/graph`` runs ``pages/3_graph.py`` on its own (the
    pages-folder fallback) until ``app.py`` has called ``st.navigation`` once. Switching the flag
    off and rerunning lets ``app.py`` take over, with the same page selected.
    """
    from streamlit.runtime.pages_manager import PagesManager

    if getattr(PagesManager, "uses_pages_directory", False):
        PagesManager.uses_pages_directory = False
        st.rerun()


def current_engine() -> Engine:
    """The engine scoped to the chosen namespace (the first one with memories when nothing is chosen yet)."""
    ensure_app_navigation()
    base = base_engine()
    choice = st.session_state.get(NAMESPACE_KEY)
    if not choice:
        choice = namespace_options(base)[0]
    user, _, project = str(choice).partition(SEPARATOR)
    return base.scoped(user or None, project or None)


def count_tokens(engine: Engine, text: str) -> int:
    """Tokens of a draft text with the engine's counter (the same one that enforces max_tokens)."""
    counter = getattr(engine, "count_tokens", None) or engine.runtime.count_tokens
    return int(counter(text))
