"""Clocks: the engine never calls ``datetime.now`` directly, so time is injectable in tests."""

from __future__ import annotations

import threading
from datetime import UTC, datetime, timedelta
from typing import Protocol


def utcnow() -> datetime:
    return datetime.now(UTC)


class Clock(Protocol):
    def now(self) -> datetime:
        """Current time, timezone-aware UTC."""
        ...


class SystemClock:
    """The wall clock."""

    def now(self) -> datetime:
        return utcnow()


class FakeClock:
    """A deterministic clock for tests and simulations: time moves only when told to."""

    def __init__(self, start: datetime | None = None) -> None:
        self._now = start or datetime(2026, 1, 1, tzinfo=UTC)
        self._lock = threading.Lock()

    def now(self) -> datetime:
        with self._lock:
            return self._now

    def advance(self, **delta: float) -> datetime:
        """Move time forward, e.g. ``advance(days=2)``."""
        with self._lock:
            self._now = self._now + timedelta(**delta)
            return self._now

    def set(self, when: datetime) -> None:
        with self._lock:
            self._now = when


def to_epoch(when: datetime | None) -> float | None:
    """Stored form of a timestamp: UTC seconds since the epoch."""
    if when is None:
        return None
    if when.tzinfo is None:
        when = when.replace(tzinfo=UTC)
    return when.timestamp()


_FROM_EPOCH: dict[float, datetime] = {}
_FROM_EPOCH_MAX = 65_536


def from_epoch(value: float | None) -> datetime | None:
    """The UTC datetime of a stored timestamp. Datetimes are immutable, so the conversions of the
    timestamps read most (those of memories retrieval keeps fetching) are cached."""
    if value is None:
        return None
    found = _FROM_EPOCH.get(value)
    if found is None:
        if len(_FROM_EPOCH) >= _FROM_EPOCH_MAX:
            _FROM_EPOCH.clear()
        found = _FROM_EPOCH[value] = datetime.fromtimestamp(value, tz=UTC)
    return found


def parse_time(value: str | datetime | None, field: str) -> datetime | None:
    """Parse an ISO-8601 time (or 'now', or a relative '-3d' / '+2h'); naive times are UTC."""
    from .errors import InvalidInput

    if value is None or isinstance(value, datetime):
        if isinstance(value, datetime) and value.tzinfo is None:
            value = value.replace(tzinfo=UTC)
        return value
    text = str(value).strip()
    if text.lower() == "now":
        return utcnow()
    units = {"s": "seconds", "m": "minutes", "h": "hours", "d": "days", "w": "weeks"}
    if len(text) >= 3 and text[0] in "+-" and text[-1] in units:
        try:
            amount = float(text[1:-1])
        except ValueError:
            amount = None
        if amount is not None:
            sign = 1 if text[0] == "+" else -1
            return utcnow() + sign * timedelta(**{units[text[-1]]: amount})
    try:
        parsed = datetime.fromisoformat(text.replace("Z", "+00:00"))
    except ValueError:
        raise InvalidInput(
            field, f"{value!r} is not a time; use ISO-8601 like 2026-05-01T12:00:00Z, 'now', or -3d / +2h"
        ) from None
    if parsed.tzinfo is None:
        parsed = parsed.replace(tzinfo=UTC)
    return parsed
