"""Block operations. A block belongs to a user (not a project); its history is kept in block_versions."""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime
from typing import Any

from sqlalchemy import Connection, delete, insert, select, update

from ..clock import from_epoch, to_epoch
from ..errors import BudgetExceeded, InvalidInput, NotFound
from ..model import Block
from ..model.validation import name as valid_name
from ..model.validation import positive_int
from ..store import schema

B, V = schema.blocks, schema.block_versions
MAX_BLOCK_TOKENS = 32_000
BLOCK_TYPES = ("persona", "human", "system", "project", "custom")


def _row_to_block(row: Any, count: Callable[[str], int]) -> Block:
    return Block(user_id=row["user_id"], name=row["name"], content=row["content"], block_type=row["block_type"],
                 max_tokens=row["max_tokens"], priority=row["priority"], metadata=dict(row["metadata"] or {}),
                 version=row["version"], updated_at=from_epoch(row["updated_at"]),
                 token_count=count(row["content"]))


def list_blocks(conn: Connection, user_id: str, count: Callable[[str], int]) -> list[Block]:
    rows = conn.execute(select(B).where(B.c.user_id == user_id).order_by(B.c.priority.desc(), B.c.name)).mappings()
    return [_row_to_block(r, count) for r in rows]


def get_block(conn: Connection, user_id: str, name: str, count: Callable[[str], int]) -> Block:
    row = conn.execute(select(B).where(B.c.user_id == user_id, B.c.name == name)).mappings().first()
    if row is None:
        raise NotFound("block", name)
    return _row_to_block(row, count)


def set_block(conn: Connection, user_id: str, name: str, content: str, at: datetime, count: Callable[[str], int], *,
              block_type: str | None = None, max_tokens: int | None = None, priority: int | None = None,
              metadata: dict[str, Any] | None = None) -> tuple[Block, Block | None]:
    """Create or update a block; returns (new, previous or None). Raises BudgetExceeded over max_tokens."""
    name = valid_name(name, "block.name")
    if not isinstance(content, str):
        raise InvalidInput("block.content", "must be text")
    existing = conn.execute(select(B).where(B.c.user_id == user_id, B.c.name == name)).mappings().first()
    previous = _row_to_block(existing, count) if existing else None
    btype = block_type if block_type is not None else (previous.block_type if previous else "custom")
    if btype not in BLOCK_TYPES:
        raise InvalidInput("block.block_type", f"{btype!r} is not allowed; use one of: {', '.join(BLOCK_TYPES)}")
    limit = positive_int(max_tokens, "block.max_tokens", minimum=1, maximum=MAX_BLOCK_TOKENS) \
        if max_tokens is not None else (previous.max_tokens if previous else 500)
    prio = positive_int(priority, "block.priority", minimum=-1000, maximum=1000) \
        if priority is not None else (previous.priority if previous else 0)
    meta = dict(metadata) if metadata is not None else (previous.metadata if previous else {})
    tokens = count(content)
    if tokens > limit:
        raise BudgetExceeded("block.content", f"is {tokens} tokens; block {name!r} allows max_tokens={limit}; "
                                              "shorten it or raise max_tokens")
    version = previous.version + 1 if previous else 1
    values = {"content": content, "block_type": btype, "max_tokens": limit, "priority": prio, "metadata": meta,
              "version": version, "updated_at": to_epoch(at)}
    if previous:
        conn.execute(update(B).where(B.c.user_id == user_id, B.c.name == name).values(**values))
    else:
        conn.execute(insert(B).values(user_id=user_id, name=name, **values))
    conn.execute(insert(V).values(user_id=user_id, name=name, version=version, content=content, block_type=btype,
                                  max_tokens=limit, priority=prio, metadata=meta, recorded_at=to_epoch(at)))
    return Block(user_id, name, content, btype, limit, prio, meta, version, at, tokens), previous


def delete_block(conn: Connection, user_id: str, name: str, at: datetime, count: Callable[[str], int]) -> Block:
    """Delete a block; its history stays, ending with a deletion version (content NULL)."""
    block = get_block(conn, user_id, name, count)
    conn.execute(delete(B).where(B.c.user_id == user_id, B.c.name == name))
    conn.execute(insert(V).values(user_id=user_id, name=name, version=block.version + 1, content=None,
                                  block_type=block.block_type, max_tokens=block.max_tokens, priority=block.priority,
                                  metadata=block.metadata, recorded_at=to_epoch(at)))
    return block


def block_history(conn: Connection, user_id: str, name: str) -> list[dict[str, Any]]:
    rows = conn.execute(select(V).where(V.c.user_id == user_id, V.c.name == name).order_by(V.c.version)).mappings()
    out = [{"version": r["version"], "content": r["content"], "deleted": r["content"] is None,
            "block_type": r["block_type"], "max_tokens": r["max_tokens"], "priority": r["priority"],
            "metadata": r["metadata"], "recorded_at": from_epoch(r["recorded_at"]).isoformat()} for r in rows]
    if not out:
        raise NotFound("block", name)
    return out
