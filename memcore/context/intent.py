"""What a question asks about, so the relevance gate can admit memories that answer it without
sharing its words ("where is the app hosted?" -> the cloud decision; "what am I studying?" -> the
learning goal). Vocabulary as data: question words -> memory types and topic groups.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from ..model import Memory, MemoryType

# question words -> memory types they ask about
TYPE_CUES: dict[MemoryType, str] = {
    MemoryType.PREFERENCE: r"prefer\w*|favou?rite|(?:do|would|does|did) (?:i|we|you|she|he|they) (?:like|enjoy)|"
                           r"likes|liking|dislikes?|style|tone|repl(?:y|ies)|answers?|"
                           r"respond\w*|responses?|phrase|phrasing|format\w*|address me|call me|how should you",
    MemoryType.LEARNING_GOAL: r"learn\w*|study\w*|studies|course\w*|certif\w*|exams?|practi[cs]e\w*|exercises?|"
                              r"skills?|improv\w*|get better|preparing|training",
    MemoryType.PROJECT: r"projects?|working on|repo\w*|codebase|code base|where is the code|stack|building|"
                        r"product|our app|the app",
    MemoryType.DEADLINE: r"deadlines?|due|by when|when is|launch\w*|schedul\w*|ship\w*",
    MemoryType.CONSTRAINT: r"rules?|constraints?|avoid\w*|never|must|allowed|forbidden|careful|policy|policies",
    MemoryType.CRITICAL: r"critical|safety|allerg\w*|must never",
    MemoryType.MISTAKE: r"mistakes?|wrong|bugs?|lessons?|broke|broken|incident\w*|pitfalls?|gotchas?",
    MemoryType.DECISION: r"decid\w*|decision\w*|chose|chosen|choice|which .* (?:use|using)|what .* (?:use|using)",
    MemoryType.TASK: r"todo|to-do|tasks?|need to do|next steps?|pending",
    MemoryType.TEMPORARY: r"today|right now|currently|this (?:morning|afternoon|evening|week)",
}

# question words -> topic groups (names of memcore.write.topic_terms.GROUPS)
GROUP_CUES: dict[str, str] = {
    "cloud": r"host\w*|deploy\w*|cloud|servers?|infra\w*|region\w*|production|prod",
    "orchestration": r"deploy\w*|orchestrat\w*|cluster\w*",
    "database": r"databases?|db|datastore|data store|persist\w*|sql|storage",
    "cache": r"cach\w*",
    "frontend": r"front[- ]?end|ui framework|client[- ]side|web app",
    "backend": r"back[- ]?end|server[- ]side|api framework|web framework|api",
    "ui-theme": r"themes?|dark|light|colou?rs?|appearance|mode",
    "package-manager-js": r"package manager|packages|dependenc\w*|install\w*",
    "package-manager-py": r"package manager|packages|dependenc\w*|install\w*|virtualenv|environment",
    "language": r"languages?|programming",
    "editor": r"editor|ide|vim|emacs",
    "os": r"operating system|os|laptop|machine",
    "shell": r"shell|terminal",
    "test-py": r"tests?|testing",
    "test-js": r"tests?|testing",
    "test-e2e": r"tests?|testing|end[- ]to[- ]end|e2e",
    "ci": r"\bci\b|pipeline\w*|continuous integration|builds?",
    "css": r"css|styling|stylesheet\w*",
    "queue": r"queues?|messag\w*|events?|broker",
    "auth": r"auth\w*|login|sign[- ]in|sso",
    "answer-style": r"answers?|repl(?:y|ies)|respon\w*|phras\w*|explain\w*|style|format\w*|verbose|concise|length",
    "reply-language": r"languages?|speak|write to me|reply in|answer in",
    "indentation": r"indent\w*|tabs|spaces",
    "formatter": r"format\w*|lint\w*",
    "units": r"units?|metric|imperial",
    "temperature-unit": r"temperature|degrees",
    "diet": r"diet\w*|eat\w*|food|meals?|restaurant\w*|allerg\w*",
}

_TYPE_RE = {t: re.compile(rf"\b(?:{p})\b", re.IGNORECASE) for t, p in TYPE_CUES.items()}
_GROUP_RE = {g: re.compile(rf"\b(?:{p})\b", re.IGNORECASE) for g, p in GROUP_CUES.items()}


@dataclass(frozen=True, slots=True)
class Intent:
    """Memory types and topic groups a question asks about."""

    types: frozenset[MemoryType]
    groups: frozenset[str]

    def __bool__(self) -> bool:
        return bool(self.types or self.groups)

    def admits(self, memory: Memory) -> str | None:
        """Why ``memory`` answers this question (type or topic group), or None."""
        if memory.type in self.types:
            return f"the question asks about {memory.type.value.replace('_', ' ')} memories"
        shared = self.groups & memory_groups(memory.content)
        if shared:
            return f"the question is about {', '.join(sorted(shared))}, which this memory decides"
        return None


def query_intent(query: str) -> Intent:
    text = query or ""
    return Intent(frozenset(t for t, rx in _TYPE_RE.items() if rx.search(text)),
                  frozenset(g for g, rx in _GROUP_RE.items() if rx.search(text)))


@lru_cache(maxsize=8192)
def memory_groups(content: str) -> frozenset[str]:
    """Topic groups whose choices a memory names (e.g. 'Heroku' -> cloud)."""
    from ..write import analyze

    return frozenset(analyze(content).groups)


# "what qualifications should i list for myself?", "lunch ideas that suit me", "a party for my own birthday",
# "the summary for my CV", and questions about the user's own health
_SELF_FOCUS = re.compile(r"\b(?:my own|myself|me personally|i personally|suits? me|about me|(?:just|only) (?:for )?me|"
                         r"my (?:cv|resume|résumé|bio)|"
                         # the user's own body: "could it be from my pills?", "my ear has been ringing", "what can i take"
                         r"i feel|i'?m feeling|(?:what|can|should) i take(?! (?:\w+ ){0,2}?(?:to|out|on|off|over|along)\b)|my (?:ears?|eyes?|back|head|stomach|knees?|chest|"
                         r"skin|throat|pills|meds|medications?|tablets|blood pressure|blood sugar|blood tests?|bloods|test results|"
                         r"cholesterol|symptoms|allerg(?:y|ies)|intoleranc(?:e|es))|"
                         # "what regular meds do i take?", "if i have allergies or intolerances"
                         r"(?:meds|medications?|pills|tablets) (?:do|am) i (?:take|taking|on)|"
                         r"(?:do|if|whether) i have (?:any )?(?:allerg(?:y|ies)|intoleranc(?:e|es))|"
                         r"(?:am|if|whether) i(?:'m| am)? allergic|"
                         # "doctor wants to put me on an antibiotic"
                         r"(?:put|putting|start|starting|switch|switching) me on|prescrib\w* (?:for )?me)\b", re.I)


# "which bus gets me to class?", "what rate do I get back per mile?": the user alone, no one else in view
_MINE = re.compile(r"\b(?:i|my|me|mine|i'?m|i'?ve|i'?ll|i'?d)\b", re.I)
_OTHERS_IN_VIEW = re.compile(r"\b(?:we|our|ours|us|we'?re|we'?ve|family|together|who|whom|whose)\b", re.I)
_THIRD_PERSON = re.compile(r"\b(?:he|she|him|her|his|hers|they|them|their)\b", re.I)
# "a wine buyer from auckland wants to ring me, when should i tell him to call?": "him" is the outsider the
# question brings in, not someone the memories speak of
_ASKING = r"(?:asked|asks|wants|wanted|needs|called|emailed|texted|rang|messaged|is asking|requested|booked|invited)"
_OUTSIDER = re.compile(r"(?:\b(?:a|an|the|this|some)(?:\s+new)?|(?:^|(?<=[,.;!?]\s))new)\s+(?:[\w\-]+\s+){1,3}?"
                       rf"(?:from\s+[\w\-]+\s+)?(?:{_ASKING}|to)\b|\b(?:my|our)(?:\s+new)?\s+(?:[\w\-]+\s+){{1,2}}?{_ASKING}\b",
                       re.I)


def sets_user_apart(query: str) -> bool:
    """Does the question say it is about the user alone ("my own", "just for me", "my pills")?"""
    return bool(_SELF_FOCUS.search(query))


def self_focused(query: str) -> bool:
    """Is the question about the user alone? Either it says so, or it speaks of the user and names no one else
    and no one close ("which bus gets me to class?")."""
    if sets_user_apart(query):
        return True
    if not _MINE.search(query) or _OTHERS_IN_VIEW.search(query):
        return False
    pronoun = _THIRD_PERSON.search(query)
    outsider = _OUTSIDER.search(query)
    return pronoun is None or (outsider is not None and outsider.start() < pronoun.start())
