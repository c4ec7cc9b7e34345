"""A settled switch to a new supplier, tool or venue that names nothing the old memory says.

"they jacked prices 18%. opened an account at Beacon Building Supply, all orders go there now" after
"we get our framing lumber from Hollis Lumber": no word is shared, so no topic or value rule can link
the two. What links them is the conversation: the switch names a new provider and the memory said
shortly before it names the provider it replaces. The rule reads it that way only when

- the new memory settles a switch to a name ("switched everything to Toast", "we're fully on Looker
  now", "starting next week it's Sunridge Produce", "placed the order with Arcwright, the old place
  backordered me", "send it to The ISME Journal instead");
- the old memory names a provider the same way (from / at / with / through / on / in / use ...), none
  of whose names the switch mentions;
- the old memory is the latest such memory and was stored within a day, before this message.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from datetime import datetime, timedelta

from ..model import Memory, MemoryType
from .claims import Claim, NewRef
from .contradiction import Relation, Verdict
from .topics import announces_switch, hypothetical

WINDOW = timedelta(days=1)
_NAME = r"(?:the\s+)?(?P<name>[A-Z][\w&'.+\-]*(?:\s+(?:[A-Z][\w&'.+\-]*|of|and|&))*)"
_PROVIDED = re.compile(r"\b(?i:from|at|with|through|via|on|in|into|use|uses|using|to)\s+" + _NAME)
_SETTLED = re.compile(
    r"\b(?:now|from now on|going forward|for good|these days|instead)\b|"
    r"\bstarting (?:next|this|on|in|from|today|tomorrow|monday|tuesday|wednesday|thursday|friday)\b[^.]*"
    r"\bit'?s\s+(?:with\s+)?(?:the\s+)?[A-Z]|"
    r"\b(?:the|our|my) (?:old|other|previous|former|last) (?:place|one|shop|store|company|vendor|supplier|"
    r"outfit|guy|crew|service|app|tool|system|readers?)\b", re.I)
_SWITCHES = tuple(re.compile(p) for p in (
    r"\b(?i:(?:we'?re|i'?m|we are|i am|everything'?s|it'?s)\s+(?:\w+\s+){0,2}?(?:on|with|using|through|at|in))\s+"
    + _NAME,
    r"\b(?i:(?:opened an account|signed(?: a contract)?|placed (?:the|an|my|our|a) (?:[\w']+\s+){0,4}?order"
    r"(?:\s+for(?:\s+[\w']+){1,5}?)?)\s+(?:with|at))\s+" + _NAME,
    r"\b(?i:starting\b[^.]*\bit'?s\s+(?:with\s+)?)" + _NAME,
    r"\b(?i:(?:send|sending|take|taking|bring|bringing|move|moving)\s+(?:it|them|everything)\s+(?:to|over to))\s+"
    + _NAME))
# "switched to", "moved everything over to" said by the user, not "the family is moving to Tucson"
_OWN_SWITCH = re.compile(r"(?:^|[.!;,\u2014]\s*|\b(?:i|we|i'?ve|we'?ve|i have|we have)\s+(?:\w+\s+)?)"
                         r"(?:switch|mov|migrat|went with|chang|replac|swapp?)", re.I)


def _names(text: str) -> set[str]:
    """Capitalised words that are not the first word of a sentence, lower-cased."""
    out = set()
    for m in re.finditer(r"\b[A-Z][\w&'.+\-]+", text):
        before = text[:m.start()].rstrip()
        if before and before[-1] not in ".!?:\u2014-":
            out.add(m.group(0).lower().rstrip("'."))
    return out


def switched_to(text: str) -> tuple[str, bool] | None:
    """The name ``text`` switches to, and whether it says the switch is settled, or None."""
    if hypothetical(text):
        return None
    m = next((m for m in (p.search(text) for p in _SWITCHES) if m), None)
    own = announces_switch(text) and _OWN_SWITCH.search(text) is not None
    if m is None and own:
        m = _PROVIDED.search(text)
    return None if m is None else (m.group("name"), own or _SETTLED.search(text) is not None)


def _refers_to(text: str, names: set[str]) -> bool:
    """Does ``text`` speak of one of ``names`` by its common noun ("the hotel" for the Grand Maple Hotel)?"""
    return any(w.lower() in names for w in re.findall(r"\b(?i:the)\s+([a-z][\w\-]+)", text))


def provided_names(text: str) -> set[str]:
    """Names ``text`` gives as where something comes from or happens ("from Hollis Lumber", "in Tableau Server")."""
    named = _names(text)
    return {w.lower().rstrip("'.") for m in _PROVIDED.finditer(text) for w in m.group("name").split()} & named


def switched_provider(claim: Claim, live: Sequence[Claim], existing: Sequence[Memory],
                      now: datetime) -> Verdict | None:
    """The verdict that ``claim`` replaces the provider of the latest memory that names one (see the module)."""
    if claim.type is MemoryType.TEMPORARY:
        return None
    switch = switched_to(claim.content)
    if switch is None:
        return None
    new_name, settled = switch
    mentioned = _names(claim.content)
    created = {m.id: m.created_at for m in existing}
    for old in reversed(live):
        if isinstance(old.ref, NewRef) or old.critical or old.type is MemoryType.TEMPORARY:
            continue
        when = created.get(old.ref)
        if when is None or now - when > WINDOW:
            return None
        providers = provided_names(old.content)
        if not providers:
            continue
        if providers & mentioned:
            return None  # the switch names the old provider itself: the other rules decide
        if not settled and not _refers_to(claim.content, providers):
            return None
        return Verdict(Relation.CONTRADICTORY, claim.ref, old.ref,
                       f"a switch to {new_name} replaces {', '.join(sorted(providers))}, said just before",
                       "provider-switch")
    return None
