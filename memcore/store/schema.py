"""The relational schema (SQLAlchemy Core). Times are stored as UTC epoch seconds (DOUBLE)."""

from __future__ import annotations

import json

from sqlalchemy import (
    JSON,
    Boolean,
    Column,
    Double,
    Index,
    Integer,
    LargeBinary,
    MetaData,
    String,
    Table,
    Text,
    UniqueConstraint,
)

metadata = MetaData()


def _json() -> JSON:
    return JSON(none_as_null=True)


memories = Table(
    "memories", metadata,
    Column("pk", Integer, primary_key=True, autoincrement=True),
    Column("id", String(32), nullable=False, unique=True),
    Column("user_id", String(128), nullable=False),
    Column("project_id", String(128), nullable=False),
    Column("session_id", String(128)),
    Column("episode_id", String(32)),
    Column("content", Text, nullable=False),
    Column("keywords", Text, nullable=False, default=""),  # tags + entities, indexed for keyword search
    Column("ns_token", String(40), nullable=False, default=""),  # namespace as one full-text token
    Column("summary", Text),
    Column("tags", _json(), nullable=False),
    Column("entities", _json(), nullable=False),
    Column("modality", String(16), nullable=False),
    Column("media_uri", Text),
    Column("metadata", _json(), nullable=False),
    Column("type", String(32), nullable=False),
    Column("tier", String(16), nullable=False),
    Column("state", String(16), nullable=False),
    Column("importance", Double, nullable=False),
    Column("confidence", Double, nullable=False),
    Column("privacy", String(16), nullable=False),
    Column("emotion_intensity", Double, nullable=False, default=0.0),
    Column("emotion_valence", Double, nullable=False, default=0.0),
    Column("usage_count", Integer, nullable=False, default=0),
    Column("last_used_at", Double),
    Column("access_count", Integer, nullable=False, default=0),
    Column("last_accessed_at", Double),
    Column("stability", Double, nullable=False, default=1.0),
    Column("strength", Double, nullable=False, default=0.5),
    Column("rating", Double, nullable=False, default=1200.0),
    Column("feedback_count", Integer, nullable=False, default=0),
    Column("age_cycles", Integer, nullable=False, default=0),
    Column("is_critical", Boolean, nullable=False, default=False),
    Column("valid_from", Double),
    Column("valid_until", Double),
    Column("created_at", Double, nullable=False),
    Column("updated_at", Double, nullable=False),
    Column("expired_at", Double),
    Column("expires_at", Double),
    Column("supersedes", String(32)),
    Column("superseded_by", String(32)),
    Column("source", String(16), nullable=False),
    Column("source_ref", _json(), nullable=False),
    Column("version", Integer, nullable=False, default=1),
    Column("token_count", Integer, nullable=False, default=0),
    Index("ix_memories_ns_state", "user_id", "project_id", "state"),
    Index("ix_memories_ns_created", "user_id", "project_id", "created_at"),
)

memory_vectors = Table(
    "memory_vectors", metadata,
    Column("memory_id", String(32), primary_key=True),
    Column("user_id", String(128), nullable=False),
    Column("project_id", String(128), nullable=False),
    Column("model", String(200), nullable=False),
    Column("embedding", LargeBinary, nullable=False),
    Index("ix_memory_vectors_ns", "user_id", "project_id"),
)

memory_versions = Table(
    "memory_versions", metadata,
    Column("pk", Integer, primary_key=True, autoincrement=True),
    Column("memory_id", String(32), nullable=False, index=True),
    Column("user_id", String(128), nullable=False),
    Column("project_id", String(128), nullable=False),
    Column("version", Integer, nullable=False),
    Column("content", Text, nullable=False),
    Column("fields", _json(), nullable=False),
    Column("recorded_at", Double, nullable=False),
    Column("actor", String(16), nullable=False),
)

events = Table(
    "events", metadata,
    Column("pk", Integer, primary_key=True, autoincrement=True),
    Column("id", String(32), nullable=False, unique=True),
    Column("user_id", String(128), nullable=False),
    Column("project_id", String(128), nullable=False),
    Column("memory_id", String(32)),
    Column("kind", String(32), nullable=False),
    Column("actor", String(16), nullable=False),
    Column("at", Double, nullable=False),
    Column("reason", Text, nullable=False, default=""),
    Column("before", _json()),
    Column("after", _json()),
    Column("trace_id", String(32)),
    Column("undone_by", String(32)),
    Index("ix_events_ns_at", "user_id", "project_id", "at"),
    Index("ix_events_memory", "memory_id"),
)

links = Table(
    "links", metadata,
    Column("pk", Integer, primary_key=True, autoincrement=True),
    Column("user_id", String(128), nullable=False),
    Column("project_id", String(128), nullable=False),
    Column("source_id", String(32), nullable=False),
    Column("target_id", String(32), nullable=False),
    Column("kind", String(16), nullable=False),
    Column("weight", Double, nullable=False, default=1.0),
    Column("created_at", Double, nullable=False),
    UniqueConstraint("source_id", "target_id", "kind", name="uq_links_edge"),
    Index("ix_links_ns", "user_id", "project_id"),
    Index("ix_links_target", "target_id"),
)

traces = Table(
    "traces", metadata,
    Column("pk", Integer, primary_key=True, autoincrement=True),
    Column("id", String(32), nullable=False, unique=True),
    Column("user_id", String(128), nullable=False),
    Column("project_id", String(128), nullable=False),
    Column("kind", String(16), nullable=False),
    Column("query", Text, nullable=False, default=""),
    Column("created_at", Double, nullable=False),
    Column("latency_ms", Double, nullable=False, default=0.0),
    Column("tokens_used", Integer, nullable=False, default=0),
    Column("memory_ids", Text, nullable=False, default=""),  # space-separated, for purge and lookup
    Column("payload", _json(), nullable=False),
    Index("ix_traces_ns_at", "user_id", "project_id", "created_at"),
)

blocks = Table(
    "blocks", metadata,
    Column("pk", Integer, primary_key=True, autoincrement=True),
    Column("user_id", String(128), nullable=False),
    Column("name", String(128), nullable=False),
    Column("content", Text, nullable=False),
    Column("block_type", String(32), nullable=False),
    Column("max_tokens", Integer, nullable=False),
    Column("priority", Integer, nullable=False, default=0),
    Column("metadata", _json(), nullable=False),
    Column("version", Integer, nullable=False, default=1),
    Column("updated_at", Double, nullable=False),
    UniqueConstraint("user_id", "name", name="uq_blocks_user_name"),
)

block_versions = Table(
    "block_versions", metadata,
    Column("pk", Integer, primary_key=True, autoincrement=True),
    Column("user_id", String(128), nullable=False),
    Column("name", String(128), nullable=False),
    Column("version", Integer, nullable=False),
    Column("content", Text),  # NULL marks a deletion
    Column("block_type", String(32), nullable=False),
    Column("max_tokens", Integer, nullable=False),
    Column("priority", Integer, nullable=False),
    Column("metadata", _json(), nullable=False),
    Column("recorded_at", Double, nullable=False),
    Index("ix_block_versions_user_name", "user_id", "name"),
)

user_state = Table(
    "user_state", metadata,
    Column("pk", Integer, primary_key=True, autoincrement=True),
    Column("user_id", String(128), nullable=False),
    Column("key", String(128), nullable=False),
    Column("value", _json()),
    Column("valid_from", Double, nullable=False),
    Column("valid_until", Double),
    Column("recorded_at", Double, nullable=False),
    Index("ix_user_state_user_key", "user_id", "key"),
)

episodes = Table(
    "episodes", metadata,
    Column("pk", Integer, primary_key=True, autoincrement=True),
    Column("id", String(32), nullable=False, unique=True),
    Column("user_id", String(128), nullable=False),
    Column("project_id", String(128), nullable=False),
    Column("session_id", String(128), nullable=False),
    Column("title", Text, nullable=False, default=""),
    Column("summary", Text),
    Column("start_at", Double, nullable=False),
    Column("end_at", Double, nullable=False),
    Column("turn_count", Integer, nullable=False, default=0),
    Column("consolidated", Boolean, nullable=False, default=False),
    Column("metadata", _json(), nullable=False),
    Index("ix_episodes_ns", "user_id", "project_id"),
)

session_events = Table(
    "session_events", metadata,
    Column("pk", Integer, primary_key=True, autoincrement=True),
    Column("id", String(32), nullable=False, unique=True),
    Column("user_id", String(128), nullable=False),
    Column("project_id", String(128), nullable=False),
    Column("session_id", String(128), nullable=False),
    Column("episode_id", String(32)),
    Column("turn_index", Integer, nullable=False),
    Column("role", String(16), nullable=False),
    Column("content", Text, nullable=False),
    Column("at", Double, nullable=False),
    Column("metadata", _json(), nullable=False),
    Index("ix_session_events_ns_session", "user_id", "project_id", "session_id"),
)

feedback = Table(
    "feedback", metadata,
    Column("pk", Integer, primary_key=True, autoincrement=True),
    Column("user_id", String(128), nullable=False),
    Column("project_id", String(128), nullable=False),
    Column("trace_id", String(32)),
    Column("memory_id", String(32), nullable=False),
    Column("useful", Boolean, nullable=False),
    Column("at", Double, nullable=False),
    Column("actor", String(16), nullable=False),
    Index("ix_feedback_ns", "user_id", "project_id"),
)

meta = Table(
    "memcore_meta", metadata,
    Column("key", String(64), primary_key=True),
    Column("value", Text, nullable=False),
)


def dumps(value: object) -> str:
    """JSON text as stored: UTF-8, not ASCII-escaped, so purges can find content."""
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"))


def ns_token(user_id: str, project_id: str) -> str:
    """The namespace as a single full-text token, so keyword search filters inside the index."""
    import hashlib

    return "ns" + hashlib.sha1(f"{user_id}\x00{project_id}".encode()).hexdigest()[:20]
