"""One settings table (name, default, help) drives the engine, the CLI help and the docs.

Settings are data: read once (from keyword arguments or ``MEMCORE_*`` variables when the
caller asks), validated, then passed around as an immutable ``Settings`` object.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass, field, fields, replace
from pathlib import Path
from typing import Any

from .errors import InvalidInput


@dataclass(frozen=True)
class Setting:
    name: str
    default: Any
    help: str


SETTINGS: tuple[Setting, ...] = (
    Setting("db", "", "Database URL; empty means the SQLite file in MEMCORE_HOME (~/.local/share/memcore)."),
    Setting("embedder", "default", "Embedder spec: default | hash-256 | st:/local/model/path | openai:URL#model."),
    Setting("scoring_policy", "governance", "Scoring preset: governance | tiered | cognitive | strength | rating."),
    Setting("fusion", "max_blend", "Dense/sparse fusion: max_blend (M3) or rrf."),
    Setting("context_budget", 2500, "Token budget of a built context (system prompt and user message not counted)."),
    Setting("relevance_gate_sim", 0.62, "Relevance gate: minimum fused similarity for a non-critical memory."),
    Setting("relevance_gate_overlap", 0.20, "Relevance gate: or at least this keyword overlap with the query."),
    Setting("small_memory_tokens", 500, "A namespace whose live memories all fit in this many tokens is injected "
                                        "whole, without the relevance gate (0 turns this off)."),
    Setting("candidate_cap", 1024, "Above this many candidates only the dense top `dense_keep` get full scoring."),
    Setting("dense_keep", 512, "Dense candidates kept when the cap applies (plus every critical/pinned)."),
    Setting("dense_ivf_from", 20000, "Namespaces with at least this many vectors search an approximate inverted "
                                     "file (IVF) unless a filter applies; 0 keeps every dense search exact."),
    Setting("dense_ivf_scan", 0.12, "Share of a namespace's vectors the IVF search scores (nearest lists first)."),
    Setting("sweep_before_context", True, "Run the forgetting sweep before each context build."),
    Setting("auto_delete_archived", False, "Let GC hard-delete archived memories with score <= 0.05 (off: only listed)."),
    Setting("llm_base_url", "", "OpenAI-compatible chat endpoint (e.g. http://127.0.0.1:11434/v1); empty: rules only."),
    Setting("llm_model", "", "Model name for the chat endpoint."),
    Setting("llm_api_key", "", "API key for the chat endpoint, if it needs one."),
    Setting("llm_timeout", 20.0, "Seconds before an LLM call is abandoned and the rule fallback used."),
    Setting("decay_interval_hours", 6.0, "How often the scheduler recomputes FSRS strength."),
    Setting("sweep_interval_hours", 1.0, "How often the scheduler runs the forgetting sweep."),
    Setting("scheduler_reflect", False, "Let the scheduler run reflection too."),
    Setting("scheduler_gc", False, "Let the scheduler apply GC too."),
    Setting("working_capacity", 50, "Working-memory capacity (HelloAgents book value)."),
    Setting("working_ttl_minutes", 60, "Working-memory TTL in minutes (HelloAgents book value)."),
)

_BY_NAME = {s.name: s for s in SETTINGS}


def default_home() -> Path:
    """Where the embedded SQLite file lives unless told otherwise."""
    base = os.environ.get("MEMCORE_HOME") or os.path.join(
        os.environ.get("XDG_DATA_HOME") or os.path.expanduser("~/.local/share"), "memcore")
    return Path(base)


def default_db_url() -> str:
    return f"sqlite:///{default_home() / 'memcore.db'}"


@dataclass(frozen=True)
class Settings:
    values: Mapping[str, Any] = field(default_factory=dict)

    def __getattr__(self, name: str) -> Any:
        if name in _BY_NAME:
            return self.values.get(name, _BY_NAME[name].default)
        raise AttributeError(name)

    def with_(self, **changes: Any) -> Settings:
        return Settings.from_mapping({**self.values, **changes})

    @classmethod
    def from_mapping(cls, mapping: Mapping[str, Any]) -> Settings:
        clean: dict[str, Any] = {}
        for key, value in mapping.items():
            spec = _BY_NAME.get(key)
            if spec is None:
                raise InvalidInput(f"settings.{key}", f"unknown setting; known: {', '.join(_BY_NAME)}")
            clean[key] = _coerce(spec, value)
        return cls(clean)

    @classmethod
    def from_env(cls, environ: Mapping[str, str] | None = None, **overrides: Any) -> Settings:
        """Settings from ``MEMCORE_<NAME>`` variables, then explicit overrides."""
        env = os.environ if environ is None else environ
        found = {s.name: env[f"MEMCORE_{s.name.upper()}"] for s in SETTINGS if f"MEMCORE_{s.name.upper()}" in env}
        return cls.from_mapping({**found, **{k: v for k, v in overrides.items() if v is not None}})

    def as_dict(self) -> dict[str, Any]:
        return {s.name: getattr(self, s.name) for s in SETTINGS}


def _coerce(spec: Setting, value: Any) -> Any:
    kind = type(spec.default)
    try:
        if kind is bool and isinstance(value, str):
            if value.lower() in ("1", "true", "yes", "on"):
                return True
            if value.lower() in ("0", "false", "no", "off"):
                return False
            raise ValueError(value)
        return kind(value)
    except (TypeError, ValueError):
        raise InvalidInput(f"settings.{spec.name}", f"{value!r} is not a {kind.__name__}") from None


__all__ = ["SETTINGS", "Setting", "Settings", "default_db_url", "default_home", "fields", "replace"]
