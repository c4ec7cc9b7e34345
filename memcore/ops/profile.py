"""Blocks and user state as operations: validation, the change, and its event in one transaction."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from .. import blocks as block_svc
from .. import temporal
from ..model import Actor, Block, EventKind, Namespace, UserStateRow
from ..runtime import Runtime
from ..store import events as event_repo


def set_block(rt: Runtime, ns: Namespace, name: str, content: str, *, actor: Actor = Actor.USER,
              **options: Any) -> Block:
    with rt.db.begin() as conn:
        block, previous = block_svc.set_block(conn, ns.user_id, name, content, rt.now(), rt.count_tokens, **options)
        event_repo.record(conn, ns, EventKind.BLOCK_SET, actor, rt.now(), reason=f"block {block.name} v{block.version}",
                          before={"name": name, "content": previous.content, "version": previous.version}
                          if previous else None,
                          after={"name": name, "content": block.content, "version": block.version})
    return block


def delete_block(rt: Runtime, ns: Namespace, name: str, *, actor: Actor = Actor.USER) -> Block:
    with rt.db.begin() as conn:
        block = block_svc.delete_block(conn, ns.user_id, name, rt.now(), rt.count_tokens)
        event_repo.record(conn, ns, EventKind.BLOCK_DELETED, actor, rt.now(), reason=f"block {name} deleted",
                          before={"name": name, "content": block.content, "version": block.version})
    return block


def list_blocks(rt: Runtime, ns: Namespace) -> list[Block]:
    with rt.db.read() as conn:
        return block_svc.list_blocks(conn, ns.user_id, rt.count_tokens)


def get_block(rt: Runtime, ns: Namespace, name: str) -> Block:
    with rt.db.read() as conn:
        return block_svc.get_block(conn, ns.user_id, name, rt.count_tokens)


def block_history(rt: Runtime, ns: Namespace, name: str) -> list[dict[str, Any]]:
    with rt.db.read() as conn:
        return block_svc.block_history(conn, ns.user_id, name)


def set_state(rt: Runtime, ns: Namespace, key: str, value: Any, *, actor: Actor = Actor.USER) -> UserStateRow:
    with rt.db.begin() as conn:
        row, previous = temporal.set_value(conn, ns.user_id, key, value, rt.now())
        event_repo.record(conn, ns, EventKind.STATE_SET, actor, rt.now(), reason=f"user state {row.key} changed",
                          before={"key": row.key, "value": previous.value} if previous else None,
                          after={"key": row.key, "value": row.value})
    return row


def get_state(rt: Runtime, ns: Namespace, key: str | None = None) -> dict[str, Any]:
    with rt.db.read() as conn:
        return temporal.current(conn, ns.user_id, key)


def state_history(rt: Runtime, ns: Namespace, key: str | None = None) -> list[UserStateRow]:
    with rt.db.read() as conn:
        return temporal.history(conn, ns.user_id, key)


def state_as_of(rt: Runtime, ns: Namespace, when: datetime) -> dict[str, Any]:
    with rt.db.read() as conn:
        return temporal.as_of(conn, ns.user_id, when)
