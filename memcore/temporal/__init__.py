"""Bi-temporal user state: each change closes the current row and opens a new one."""

from .user_state import as_of, current, history, set_value

__all__ = ["as_of", "current", "history", "set_value"]
