"""Secret redaction (SPEC 7.1): runs before anything is stored or sent to a model.

Recognised kinds: OpenAI/DashScope style ``sk-`` keys, AWS ``AKIA``/``ASIA`` and Alibaba ``LTAI``
access keys, GitHub tokens (``ghp_ gho_ ghu_ ghs_ ghr_`` and ``github_pat_``), bearer tokens,
JWTs, PEM private keys, a few other vendor keys, and credential assignments
(``api_key = ...``, ``password: ...``, ``my password is ...``). Assignments only count when the
value looks like a credential, so prose such as "the token budget is 2500" or "password
managers are useful" is left alone.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from enum import StrEnum

from ..errors import SecretDetected

MARKER = "[REDACTED_SECRET]"


class SecretKind(StrEnum):
    API_KEY = "api_key"  # sk-... style keys
    AWS_ACCESS_KEY = "aws_access_key"
    ALIBABA_ACCESS_KEY = "alibaba_access_key"
    GITHUB_TOKEN = "github_token"
    BEARER_TOKEN = "bearer_token"
    JWT = "jwt"
    PRIVATE_KEY = "private_key"
    VENDOR_KEY = "vendor_key"  # Slack, Google, Stripe live keys
    CREDENTIAL_ASSIGNMENT = "credential_assignment"


_KEY_NAME = (r"(?:api[_\- ]?key|apikey|access[_\- ]?key(?:[_\- ]?id)?|secret(?:[_\- ]?key)?|client[_\- ]?secret|"
             r"auth[_\- ]?token|access[_\- ]?token|refresh[_\- ]?token|token|password|passwd|passphrase|pwd|key)")

_PATTERNS: tuple[tuple[SecretKind, re.Pattern[str]], ...] = (
    (SecretKind.PRIVATE_KEY, re.compile(
        r"-----BEGIN (?:[A-Z0-9]+ )*PRIVATE KEY-----(?:.*?-----END (?:[A-Z0-9]+ )*PRIVATE KEY-----|.*)", re.S)),
    (SecretKind.JWT, re.compile(r"\beyJ[A-Za-z0-9_\-]{4,}\.[A-Za-z0-9_\-]{4,}\.[A-Za-z0-9_\-]*")),
    (SecretKind.BEARER_TOKEN, re.compile(r"\b[Bb]earer\s+[A-Za-z0-9._~+/\-]{16,}=*")),
    (SecretKind.API_KEY, re.compile(r"(?<![A-Za-z0-9])sk-[A-Za-z0-9_\-]{16,}")),
    (SecretKind.AWS_ACCESS_KEY, re.compile(r"\b(?:AKIA|ASIA)[0-9A-Z]{16}\b")),
    (SecretKind.ALIBABA_ACCESS_KEY, re.compile(r"\bLTAI[0-9A-Za-z]{12,32}\b")),
    (SecretKind.GITHUB_TOKEN, re.compile(r"\b(?:gh[pousr]_[A-Za-z0-9]{20,}|github_pat_[A-Za-z0-9_]{22,})")),
    (SecretKind.VENDOR_KEY, re.compile(
        r"\b(?:xox[abposr]-[A-Za-z0-9\-]{10,}|AIza[0-9A-Za-z_\-]{35}|[sr]k_live_[0-9A-Za-z]{16,})")),
)

# key = value / key: value / key is value, with the value captured for the credential test.
_ASSIGNMENT = re.compile(
    r"(?<![A-Za-z0-9])(?P<name>[A-Za-z0-9_]*?" + _KEY_NAME + r")(?![A-Za-z0-9])"
    r"(?P<sep>\s*(?:=|:=|=>|:)\s*|\s+(?:is|was|=)\s+)"
    r"(?P<value>\"[^\"\n]{3,}\"|'[^'\n]{3,}'|[^\s\"',;]{3,}[^\s\"',;.]|[^\s\"',;]{4,})",
    re.IGNORECASE,
)
_DIGIT = re.compile(r"\d")
_SYMBOL = re.compile(r"[^A-Za-z0-9\s]")
_PLAIN_NUMBER = re.compile(r"^\d{1,7}$")
_BARE_KEY = re.compile(r"^key$", re.IGNORECASE)


def _looks_like_credential(name: str, value: str, separator: str) -> bool:
    """Is an assigned value a credential, not prose? ``=`` is strong evidence, ``:`` / ``is`` are not."""
    if _BARE_KEY.search(name) and "=" not in separator:
        return False
    quoted = value[:1] in "\"'"
    core = value.strip("\"'")
    if core.upper() == MARKER.strip("[]") or MARKER in core:
        return False
    if _PLAIN_NUMBER.match(core):
        return False
    if "=" in separator:
        return len(core) >= 4
    if quoted:
        return len(core) >= 6
    if len(core) < 6:
        return False
    has_digit = bool(_DIGIT.search(core))
    has_symbol = bool(_SYMBOL.search(core.rstrip(".!?")))
    inner_upper = any(c.isupper() for c in core[1:]) and any(c.islower() for c in core)
    return has_digit or has_symbol or inner_upper or len(core) >= 20


@dataclass(frozen=True, slots=True)
class RedactionResult:
    """Redacted text and the kinds of secret that were removed (never the secrets themselves)."""

    text: str
    found: tuple[SecretKind, ...]

    @property
    def redacted(self) -> bool:
        return bool(self.found)


def _redact_once(text: str, found: list[SecretKind]) -> str:
    for kind, pattern in _PATTERNS:
        text, count = pattern.subn(MARKER, text)
        if count and kind not in found:
            found.append(kind)

    def assignment(match: re.Match[str]) -> str:
        if not _looks_like_credential(match.group("name"), match.group("value"), match.group("sep")):
            return match.group(0)
        if SecretKind.CREDENTIAL_ASSIGNMENT not in found:
            found.append(SecretKind.CREDENTIAL_ASSIGNMENT)
        return match.group("name") + match.group("sep") + MARKER

    return _ASSIGNMENT.sub(assignment, text)


def redact(text: str) -> RedactionResult:
    """Replace every secret-looking span with ``[REDACTED_SECRET]``; report the kinds found."""
    found: list[SecretKind] = []
    for _ in range(3):
        new = _redact_once(text, found)
        if new == text:
            break
        text = new
    return RedactionResult(text=text, found=tuple(found))


def find_secrets(text: str) -> tuple[SecretKind, ...]:
    """The kinds of secret present in ``text`` (empty when clean)."""
    kinds: list[SecretKind] = [kind for kind, pattern in _PATTERNS if pattern.search(text)]
    for match in _ASSIGNMENT.finditer(text):
        if _looks_like_credential(match.group("name"), match.group("value"), match.group("sep")):
            kinds.append(SecretKind.CREDENTIAL_ASSIGNMENT)
            break
    return tuple(kinds)


def contains_secret(text: str) -> bool:
    """True when ``text`` still contains anything secret-like."""
    return bool(find_secrets(text))


def refuse_secrets(text: str, field: str = "content") -> str:
    """Return ``text`` unchanged, or raise ``SecretDetected`` naming the kind (never the value)."""
    kinds = find_secrets(text)
    if kinds:
        names = ", ".join(k.value.replace("_", " ") for k in kinds)
        raise SecretDetected(
            field, f"looks like it contains a secret ({names}); remove it, or store where it lives "
                   f"(for example the name of an environment variable) instead of the value")
    return text
