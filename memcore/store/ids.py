"""Identifiers: short, random, URL- and shell-safe."""

from __future__ import annotations

import secrets


def new_id() -> str:
    return secrets.token_hex(8)
