"""User state (N2). World time: valid_from/valid_until. System time: recorded_at.

``as_of(t)`` answers "what did we know at t about what was true at t": rows recorded at or
before t whose validity window contains t. A row recorded after t is never visible.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import Connection, insert, or_, select, update

from ..clock import from_epoch, to_epoch
from ..errors import InvalidInput, NotFound
from ..model import UserStateRow
from ..model.validation import name as valid_name
from ..store import schema

S = schema.user_state
MAX_VALUE_CHARS = 4_000


def _row(r: Any) -> UserStateRow:
    return UserStateRow(user_id=r["user_id"], key=r["key"], value=r["value"], valid_from=from_epoch(r["valid_from"]),
                        valid_until=from_epoch(r["valid_until"]), recorded_at=from_epoch(r["recorded_at"]), id=r["pk"])


def set_value(conn: Connection, user_id: str, key: str, value: Any, at: datetime) -> tuple[UserStateRow, UserStateRow | None]:
    """Close the current row of ``key`` (valid_until = at) and insert the new one, atomically."""
    key = valid_name(key, "state.key")
    if value is None or (isinstance(value, str) and not value.strip()):
        raise InvalidInput("state.value", "is empty; give a value (to clear a key set it to a placeholder)")
    if len(str(value)) > MAX_VALUE_CHARS:
        raise InvalidInput("state.value", f"is longer than {MAX_VALUE_CHARS} characters")
    t = to_epoch(at)
    open_row = conn.execute(select(S).where(S.c.user_id == user_id, S.c.key == key, S.c.valid_until.is_(None))
                            ).mappings().first()
    previous = _row(open_row) if open_row else None
    if open_row is not None:
        conn.execute(update(S).where(S.c.pk == open_row["pk"]).values(valid_until=t))
        previous.valid_until = at
    pk = conn.execute(insert(S).values(user_id=user_id, key=key, value=value, valid_from=t, valid_until=None,
                                       recorded_at=t).returning(S.c.pk)).scalar_one()
    return UserStateRow(user_id, key, value, at, None, at, pk), previous


def current(conn: Connection, user_id: str, key: str | None = None) -> dict[str, Any]:
    where = [S.c.user_id == user_id, S.c.valid_until.is_(None)]
    if key is not None:
        where.append(S.c.key == key)
    rows = conn.execute(select(S.c.key, S.c.value).where(*where).order_by(S.c.key)).all()
    if key is not None and not rows:
        raise NotFound("user state key", key)
    return {k: v for k, v in rows}


def history(conn: Connection, user_id: str, key: str | None = None) -> list[UserStateRow]:
    where = [S.c.user_id == user_id]
    if key is not None:
        where.append(S.c.key == key)
    rows = conn.execute(select(S).where(*where).order_by(S.c.key, S.c.valid_from, S.c.pk)).mappings()
    out = [_row(r) for r in rows]
    if key is not None and not out:
        raise NotFound("user state key", key)
    return out


def as_of(conn: Connection, user_id: str, when: datetime) -> dict[str, Any]:
    t = to_epoch(when)
    rows = conn.execute(select(S.c.key, S.c.value).where(
        S.c.user_id == user_id, S.c.recorded_at <= t, S.c.valid_from <= t,
        or_(S.c.valid_until.is_(None), S.c.valid_until > t)).order_by(S.c.key, S.c.valid_from)).all()
    return {k: v for k, v in rows}
