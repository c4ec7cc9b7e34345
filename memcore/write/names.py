"""Names a user types in lower case: "first delivery from king arthur came in today", "migrated the books to
xero", "new landlord is some property mgmt company called apex". The rules read names by their capitals, so
for a user who types no capitals the words after a switch cue, up to the next function word, are capitalised.
"""

from __future__ import annotations

import re

from .text import STOPWORDS

__all__ = ["recased"]

_NOT_NAME = STOPWORDS | frozenset("""came arrived landed delivered today yesterday tomorrow now this last next week
weekend month way much near instead starting everything new old over bc because anyway honestly already place
places house home flat apartment office room spot work school scratch abroad overseas local locally""".split())
_NAME_WORD = r"(?!(?:" + "|".join(sorted(map(re.escape, _NOT_NAME), key=len, reverse=True)) + r")\b)[a-z][\w&'\-]*"
_NAME_AFTER_CUE = re.compile(
    r"\b(?:(?:switch|mov|migrat|chang|transferr|port)(?:ed|ing)(?: [\w']+){0,4}? (?:to|over to|into|onto)(?= the| \w+)(?: the)?|"
    r"first (?:[\w/]+ ){0,2}?(?:from|at|with|w/)|made the (?:jump|switch) to|"
    r"(?:we'?re|i'?m|everything'?s|it'?s|[a-z]+'s|we are|i am|(?:is|are)(?: all)?) (?:\w+ )?(?:on|with|at)"
    r"(?= [\w&'.\-]+(?: [\w&'.\-]+){0,2} now\b)|"
    r"new (?:gp|doctor|dentist|vet|landlord|manager|cpa|accountant|supplier|rep|mechanic|ceo|derm|pediatrician|physio|"
    r"therapist|barber|trainer|tutor|coach)(?: is| at)?(?: (?:some|a|an) (?:[\w\-]+ ){0,3}called)?,?|"
    r"signed up (?:with|at)|(?:i|we) (?:now )?report (?:directly )?to|membership (?:at|with)|joined(?: the)?|"
    r"(?:i'?m|we'?re) (?:now )?(?:seeing|going to|using|with)|"
    # where things come from: "we get our flour from rogers", "the butter comes from kahu dairy"
    r"(?:get|gets|buy|buys|order|orders|source|sources)(?: (?:our|my|the|all|most))?(?: [a-z][\w\-]*){0,4} from|"
    r"(?:comes?|coming) from)"
    r" (?P<name>(?:dr\.? |new (?=" + _NAME_WORD + r"))?" + _NAME_WORD + r"(?: " + _NAME_WORD + r"){0,2})", re.I)
# what the switch leaves, right after the name it switches to: "moved payroll to Gusto from adp"
_LEFT_AFTER_NAME = re.compile(r"\b[A-Z][\w&'\-]* (?:from|instead of) (?P<name>" + _NAME_WORD + r"(?: " + _NAME_WORD
                              + r"){0,2})")


def _lower_typed(text: str) -> bool:
    return not re.search(r"[A-Z]", re.sub(r"(?:^|[.!?]\s+)\W*[A-Z]|\bI\b", "", text))


def recased(text: str) -> str:
    """``text`` with the names a lower-case typist put after a switch cue capitalised (unchanged otherwise)."""
    if not _lower_typed(text):
        return text
    for cue in (_NAME_AFTER_CUE, _LEFT_AFTER_NAME):
        text = cue.sub(_capitalised, text)
    return text


def _capitalised(m: re.Match[str]) -> str:
    return m.group(0)[:m.start("name") - m.start()] + " ".join(w[:1].upper() + w[1:] for w in m.group("name").split())
