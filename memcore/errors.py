"""The one exception tree of memcore.

    MemcoreError                 root: catch this to catch everything memcore raises
    ├── InvalidInput             a value is not allowed (names the field and what is allowed)
    │   ├── SecretDetected       content looks like a credential and was refused
    │   └── BudgetExceeded       a block or payload is over its token limit
    ├── NotFound                 an id, key or name does not exist in this namespace
    ├── Conflict                 the operation does not fit the current state
    ├── ProviderError            an embedder or LLM endpoint failed or answered badly
    └── StoreError               the database could not be opened or migrated
"""

from __future__ import annotations


class MemcoreError(Exception):
    """Root of every error memcore raises on purpose."""


class InvalidInput(MemcoreError, ValueError):
    """A value is not allowed. ``field`` names it; the message says what is allowed."""

    def __init__(self, field: str, message: str) -> None:
        self.field = field
        super().__init__(f"{field}: {message}")


class SecretDetected(InvalidInput):
    """Content contains something that looks like a secret (key, token, password)."""


class BudgetExceeded(InvalidInput):
    """A block or payload is larger than its token limit."""


class NotFound(MemcoreError, LookupError):
    """Nothing with that id / key / name exists in the caller's namespace."""

    def __init__(self, what: str, key: str) -> None:
        self.what = what
        self.key = key
        super().__init__(f"{what} not found: {key!r} (in this user/project namespace)")


class Conflict(MemcoreError):
    """The operation does not fit the current state (e.g. restore an active memory)."""


class ProviderError(MemcoreError):
    """An embedder or LLM provider failed, timed out or answered with malformed output."""


class StoreError(MemcoreError):
    """The database could not be opened, migrated or written."""
