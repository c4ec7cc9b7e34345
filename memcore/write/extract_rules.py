"""Deterministic, offline memory extraction: conversation turns in, memory candidates out.

Each user turn is redacted, split into sentences, and every sentence is classified by cue
phrases in a fixed priority order (labels, critical, temporary, a situation that names its end,
deadline, mistake, learning goal, decision, preference, to-do, constraint, profile, task, project
or business fact, remember, imperative choice, technology statement, informative statement); a
sentence with no cue may still continue a preference of the same turn, or be kept as a plain note
(a first-person or named statement, a bulleted item); a rule after a mistake in the same turn is
its lesson. Questions, requests, greetings, thanks, chit-chat and hearsay are dropped (what a user
tells after a request is kept); assistant turns are ignored by default. A temporary memory expires
at the end it names ("till thursday", "for 2 weeks", "this week"), else after a day. A follow-up
like "This is critical." upgrades the memory before it; "Actually, I changed my mind." marks the
next one as a replacement, and a message that opens with "scratch that" marks its first memory as
correcting the latest one.
"""

from __future__ import annotations

import re
from collections.abc import Collection, Iterable
from dataclasses import dataclass, replace
from datetime import datetime, timedelta
from functools import lru_cache

from ..model import MemoryType
from . import cues
from .candidates import USER_ROLES, Candidate, Turn
from .carry import keeps_the_rest, only_keeps_the_rest
from .dates import DateMention, end_of_day, find_dates, names_its_end, span_end
from .names import recased
from .redact import MARKER, contains_secret, redact
from .text import capitalize_first, normalize, split_sentences
from .topics import TopicAnalysis, analyze, entities, gone_slots, let_down, rejected_names
from .values import value_tokens

TEMPORARY_TTL = timedelta(days=1)
BROAD_NOTE_MIN_WORDS = 6  # a first-person statement this long, with no stronger cue, is kept as a note

IMPORTANCE: dict[MemoryType, float] = {
    MemoryType.CRITICAL: 0.95, MemoryType.CONSTRAINT: 0.8, MemoryType.DEADLINE: 0.8, MemoryType.DECISION: 0.75,
    MemoryType.MISTAKE: 0.75, MemoryType.PREFERENCE: 0.7, MemoryType.PROJECT: 0.65, MemoryType.LEARNING_GOAL: 0.6,
    MemoryType.TASK: 0.6, MemoryType.FACT: 0.6, MemoryType.TEMPORARY: 0.4, MemoryType.NOTE: 0.35,
}
_CONFIDENCE = {"label": 0.95, "cue": 0.85, "imperative": 0.8, "tech": 0.7, "statement": 0.5}
_CHANGE_START = re.compile(r"^(?:actually|update|correction|scratch that|scrap that|on second thought|wait|change of plans?)\b",
                           re.I)
# "we swapped it for deberta": a replacement of the thing just mentioned
_REPLACED_IT = re.compile(r"\b(?:swapped|replaced|switched|moved|changed|migrated|ported|upgraded) (?:it|that|this|them) "
                          r"(?:out )?(?:for|with|to|over to)\b|\b(?:cancel(?:l)?ed|quit|dropped|ended|stopped|killed) "
                          r"(?:that|this|my|the) (?:\w+ )?(?:membership|subscription|plan|contract|service|account|"
                          r"class|course|lease)\b|\b(?:retired|binned|tossed|scrapped|junked) it\b|"
                          r"\b(?:dropped|quit|ditched|cancell?ed) it\b(?=[^.]*\binstead\b)|"  # "dropped it, doing yoga instead"
                          # "I stopped using that app, too many colours"
                          r"\b(?:stopped|quit|gave up) using (?:that|this) (?:app|tool|site|website|program|software|service)\b",
                          re.I)
# "I beg your pardon — I've just looked at the letterhead and I gave you the Eircode wrong."
_SAID_WRONG = re.compile(r"^[^.!?]*\bi (?:gave|told|sent|wrote|typed) (?:you |u )?(?:(?:the|my|that|our) (?:\w+ ){1,2}?wrong\b|"
                         r"(?:(?:the|a|an) )?wrong \w+|(?:the |an |my )?old (?:number|price|date|time|address|one))", re.I)
# "... I gave you the wrong make earlier.", "Sorry, mistake in upright price, I wrote old number."
_DATE_HINT = re.compile(r"\d|\b(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec|mon|tue|wed|thu|fri|sat|sun|"
                        r"today|tonight|tomorrow|week|month|eod|eow)", re.I)
_LIST_SPLIT = re.compile(r"\s*(?:,\s*(?:and\s+|&\s+|plus\s+)?|;\s*|\s+and\s+|\s+&\s+|\s+plus\s+)", re.I)
_NO_SPLIT = re.compile(r"\b(?:but|instead|except|rather|unless|not|never|don'?t|do not|avoid|no longer|over|vs\.?|"
                       r"versus|or)\b", re.I)
_SECRET_TOLERANT = frozenset({MemoryType.CONSTRAINT, MemoryType.CRITICAL, MemoryType.MISTAKE})
_TRAILING_ARTICLE = re.compile(r"\b(?:a|an|the)\s*$", re.I)
_ITEM_STANDS_ALONE = re.compile(r"^(?:we|i|our|my|the|deploy|host|use|run|store|keep|write|build|put|ship|serve)\b",
                                re.I)


@dataclass(frozen=True, slots=True)
class _Kind:
    type: MemoryType
    rule: str
    strength: str  # key of _CONFIDENCE
    critical: bool = False


# "when u help me write prayers pls keep them non-denominational": "u" is "you"
_TEXT_U = re.compile(r"(?<![\w'\-])u(?![\w'\-])")


def _clean(sentence: str) -> str:
    text = sentence.strip()
    text = _TEXT_U.sub("you", text)
    for _ in range(3):
        stripped = cues.DISCOURSE.sub("", text, count=1)
        if stripped == text:
            break
        text = stripped.strip()
    text = cues.TRAILING_FILLER.sub("", text).strip()
    text = re.sub(r"\s+", " ", text)
    return capitalize_first(text)


# "note to self: set every logger to stop when full": whatever follows is kept
_TO_SELF = re.compile(r"^\W*(?:note|reminder|memo|message) to (?:self|myself)\b", re.I)
_NOTED_TO_SELF = (_Kind(MemoryType.FACT, "note_to_self", "label"), [])
_CONDITIONAL = re.compile(r"^(?:when|whenever|if|once|while|before|after)\s+(?:you|i|im|ive|we|it|they|the|my|our)\b", re.I)


# "did 6 transects at Sandpiper Reef today", "had a first call with Julian": a past tense whose "I" was left
# out, not a question ("did you ...", "had anyone ...")
_ELIDED_PAST = re.compile(r"^(?:did|had)\s+(?!(?:you|u|i|we|they|he|she|anyone|anybody|someone|somebody|"
                          r"everyone|there|that|this|your|ya)\b|it\b(?!\s*[,.!;]))\S", re.I)  # "ok did it, raising to $70"


# "got a membership at boulder barn", "cancelled adobe, doing all my editing in capture one": something done,
# its "I" left out
_ELIDED_DONE = re.compile(r"^(?:finally\s+|just\s+)?(?:new (?:job|project|contract|commission|build|site|gig|client) "
                          r"(?:on|at|for|with|in)\b|"  # "new job on the south transept, replacment stone comin from ..."
                          r"got (?:a|an|my|our) (?:new\s+)?(?:membership|subscription|account|job|"
                          r"place|apartment|flat|house|car|truck|van|bike|phone|laptop|contract|lease)|joined|signed up|"
                          r"switched|bought|booked|cancell?ed|moved|picked up|traded in|enrolled|transferred|"
                          r"ported)\b", re.I)


# "What I want to learn is how to do a video call", "where we train is the old mill": a statement, not a question
_CLEFT = re.compile(r"^(?:what|where|when|how)\s+(?:i|we)(?:\s+(?:really|actually|most))?\s+\w+(?:\s+to\s+\w+)?\s+"
                    r"(?:is|was|are)\b", re.I)


# "do NOT ever put coriander in anything ... genetic thing apparently": an order, not a question
_DO_NOT = re.compile(r"^(?:please\s+)?(?:do not|do n't|don'?t)\s+(?!you\b|u\b|we\b|they\b|i\b)", re.I)


def _is_question(sentence: str) -> bool:
    stripped = sentence.rstrip()
    if stripped.endswith("?"):
        return True
    return bool(cues.QUESTION_START.match(stripped) and not stripped.endswith(".") and not _CONDITIONAL.match(stripped)
                and not _ELIDED_PAST.match(stripped) and not _CLEFT.match(stripped) and not _DO_NOT.match(stripped))


# "can u help me sort my week, its a mess 😅 i'm at the Kelly stud all day tomorrow": a request, then what the
# user tells; "how many kgs in a full depth frame roughly, we use full depths for brood only"
_TOLD_AFTER_ASKING = re.compile(r"^[^,;?]{6,80}?(?:,|;|\s" + cues.EMOJI + r"+)\s*"
                                r"(?P<rest>(?:i|i'm|im|i've|we|we're|were|my|our|its|it's|need|needs)\b[^?]*)$", re.I)


# "lab report is due friday at 5pm 😬 can you help me plan the week": what the user tells, then a request
_ASKED_AFTER_TELLING = re.compile(r"(?:[,.;!]|\s" + cues.EMOJI + r"+)\s*(?:(?:so|and|but|also|pls|please|"
                                  r"ok)\s+)?(?:(?:can|could|would|will) (?:u|you)\b|(?:what|how|when|where|which) (?:time |day )?"
                                  r"(?:should|do|can|would) (?:i|we)\b|any (?:tips|ideas|advice)\b).*$|"
                                  r"[,.;!]\s*(?:(?:pls|please)\s+)?(?:remind me|don'?t let me forget)(?: pls| please| again| it|"
                                  r" next week| tomorrow| later)*[\s.!]*$", re.I)


# "i'm all about natural wines and mezcal 🤤 oaky california chardonnay??": an emoji ends what the user tells
_TOLD_BEFORE_EMOJI = re.compile(r"^(?P<told>(?:\S+\s+){3,}?\S*[^\s?])\s*" + cues.EMOJI + r"+\ufe0f?\s+[^?]*\?+$")


def _after_feedback(sentence: str) -> str:
    """"thx thats perfect. also i'm trying to cut coffee to 2 a day": what follows thanks for a draft."""
    thanks = cues.FEEDBACK.match(sentence)
    end = re.search(r"[.!]+\s+", sentence[thanks.end():]) if thanks else None
    rest = sentence[thanks.end() + end.end():] if thanks and end else ""
    return rest if len(rest.split()) >= 3 else sentence


# "can you explain french polish vs padding lacquer, clients always ask": what others always do is no standing request
_OTHERS_CLAUSE = re.compile(r",\s*(?:my |our |the )?(?:clients|customers|people|patients|students|kids|they|he|she|"
                            r"everyone|everybody)\b[^,]*$", re.I)


def _statement_part(sentence: str) -> str | None:
    """A question is not a memory, unless it asks to remember something ("can you remember I hate ..."),
    wraps a standing instruction or leads with a statement."""
    wrapper = cues.REMEMBER_WRAPPER.match(sentence)
    if wrapper and len(sentence[wrapper.end():].split()) >= 3:
        return capitalize_first(sentence[wrapper.end():].rstrip(" ?")).rstrip(".") + "."
    asking = _is_question(sentence) or bool(cues.REQUEST_OPEN.match(sentence))
    if not asking:
        asked = _ASKED_AFTER_TELLING.search(sentence)
        return sentence[:asked.start()].rstrip(" ,;") if asked and len(sentence[:asked.start()].split()) >= 3 \
            else sentence
    if cues.TEMPORARY.search(sentence) and cues.REPLY_REQUEST.search(sentence):  # "just tonight can you reply in twi?"
        return capitalize_first(sentence.rstrip(" ?")) + "."
    # "can u keep ur replys short pls, i read em on my phone": a standing request, with the reason told after it
    if cues.POLITE_WRAPPER.match(sentence) and cues.PERSISTENT_REQUEST.search(_OTHERS_CLAUSE.sub("", sentence)):
        body = cues.POLITE_WRAPPER.sub("", sentence).rstrip(" ?.")
        return capitalize_first(body) + "."
    told = _TOLD_AFTER_ASKING.match(sentence)
    if told and not sentence.rstrip().endswith("?") and len(told.group("rest").split()) >= 4:
        return capitalize_first(told.group("rest"))
    before = _TOLD_BEFORE_EMOJI.match(sentence)
    if before and not _is_question(before.group("told")):
        return capitalize_first(before.group("told"))
    tag = cues.TAG_QUESTION.search(sentence)
    if tag and not cues.QUESTION_START.match(sentence):
        return sentence[:tag.start()].rstrip() + "."
    return None


_CONTRAST = re.compile(r"\s*(?:,|;)?\s*\b(?:but|whereas|while|although|though|however)\b,?\s*", re.I)


def _drop_hearsay_clauses(sentence: str) -> str:
    """"My coworker swears by Angular but I prefer Vue" -> "I prefer Vue"."""
    parts = _CONTRAST.split(sentence)
    if len(parts) < 2:
        return sentence
    kept = [p for p in parts if not (cues.HEARSAY.search(p) and not cues.FIRST_PERSON_OR_PROJECT.search(
        cues.HEARSAY.sub("", p)))]
    if not kept or len(kept) == len(parts):
        return sentence
    return capitalize_first(" ".join(kept).strip().rstrip(".!") + ".")


_KEEP_LABELS = frozenset({"deadline", "due", "goal", "learning goal", "lesson", "lesson learned", "lessons learned",
                          "post-mortem", "postmortem", "mistake"})


def _strip_label(statement: str) -> str:
    """Drop a leading "Temporary note:" / "Constraint:" style label: the memory type already says it."""
    label = cues.LABEL.match(statement)
    if not label or label.group("label").lower() in _KEEP_LABELS or label.group("label").lower().endswith("list"):
        return statement
    rest = statement[label.end():].strip()
    return capitalize_first(rest) if len(rest.split()) >= 2 else statement


_LEAD = re.compile(r"^(?P<lead>[^:\d]{3,60}?):\s+(?P<rest>\S.*)$")


def _strip_lead(statement: str) -> str:
    """Drop a scene-setting lead of 4-8 words ("Big news from the planning meeting: ...") before a full
    statement (one with a verb or a person); short labels ("Our stack:"), leads before a bare list and
    leads that name something (a capitalised word after the first, a known choice) stay."""
    m = _LEAD.match(statement)
    if not m or cues.LABEL.match(statement):
        return statement
    lead, rest = m.group("lead"), m.group("rest")
    if not 4 <= len(lead.split()) <= 8 or len(rest.split()) < 4 or analyze(lead).choices:
        return statement
    if rest[:1].isdigit() or not (cues.TECH_VERB.search(rest) or cues.FIRST_PERSON_OR_PROJECT.search(rest)):
        return statement  # "The offsite venue shortlist: Palacio Chiado, LX Factory", "Class times: 6am, noon"
    if any(word[:1].isupper() for word in lead.split()[1:]):
        return statement
    return capitalize_first(rest)


_REQUEST = re.compile(r"^(?:please\s+)?(?:give|put|keep|make|use|write|answer|reply|respond|show|send|format|"
                      r"add|skip|avoid|include|list|start|end|stick|lead)\b|\bplease[.!]?$", re.I)
_QUOTED = re.compile(r"['\"\u2018\u201c][^'\"\u2019\u201d]{2,40}['\"\u2019\u201d]")
_ATTRIBUTE_STATEMENT = re.compile(r"^(?:the|our|my|their|his|her)\s+[\w\-]+(?:\s+[\w\-]+){0,5}?\s+(?:is|are|will be|has|have|contains?)\s+"
                                  r"(?!(?:so|too|very|really|pretty|kinda|a bit)\b)\w", re.I)
_THE_ONE_WHO = re.compile(r"^(?!(?:She|He|They|It|This|That|Who|What|Which)\b)(?-i:[A-Z][a-z]+)(?: (?-i:[A-Z][a-z]+))? "
                          r"(?:is|'s) (?:the|our|my) (?:one|guy|person|woman|man|go-to)"
                          r"(?: (?:who|that|for|on)\b)", re.I)
_LABELLED_LIST = re.compile(r"^[^:]{3,60}:\s+\S+(?:\s+\S+)*?(?:,|\s+and\b)\s+\S")  # "still missing: X and Y"
_LIST_ITEM = re.compile(r"^\s*(?:[-*\u2022]|\d{1,2}[.)])\s+\S", re.M)
_STANDING_VERB = re.compile(r"^(?:please\s+)?(?:always\s+)?(?:keep|use|avoid|stick to|prefer|limit|cap)\b", re.I)
_QUESTION_LIKE = re.compile(r"\b(?:this|that|these|those|it|here|above|below)\b[^.]*$|\?", re.I)
_STANDING = frozenset({MemoryType.PREFERENCE, MemoryType.CONSTRAINT})
_LESSON_TYPES = frozenset({MemoryType.NOTE, MemoryType.FACT, MemoryType.CONSTRAINT, MemoryType.DECISION, MemoryType.TASK,
                           MemoryType.PREFERENCE})
# "new cohost!! Ozzie from the morning show ...", "hired a new tech! Marisol, just got her license"
_NEW_LABEL = re.compile(r"(?:(?:hired|got|found|welcomed) (?:a|our|my) )?new [a-z]+(?: [a-z]+){0,2}\s*[!.:]*|"
                        r"(?:ok(?:ay)?,? )?(?:decided|decision made|it'?s decided)\s*[!.:]*|"  # "Ok, decided. We take ..."
                        # "booked my driving theory test!! 3rd sept, 11am, leicester city centre"
                        r"(?:finally )?booked (?:my|our|the|a) [a-z]+(?: [a-z]+){0,3}\s*[!.:]*", re.I)
# "adding a pinard horn to the kit": a sentence that opens on what the speaker is doing, without its "I'm"
_DOING = re.compile(r"^(?:(?:nah|nope|ok|so|well),?\s+)?(?:not\s+|no longer\s+)?"  # "nah not buying bramble, cant afford it"
                    r"(?:gettin'?|adding|using|switching|moving|pushing|getting|keeping|taking|bringing|running|buying|ordering|"
                    r"stocking|carrying|selling|renting|hiring|feeding|growing|teaching|coaching|driving)\b", re.I)
# a plan said without its "I'm": "Registering enskild firma next week."
_DOING_SOON = re.compile(r"^[a-z]{4,}ing\b[^.?!]*\b(?:next (?:week|month|year)|tomorrow|this (?:week|weekend|month)|"
                         r"on (?:mon|tues|wednes|thurs|fri|satur|sun)day)\b", re.I)
# what a client asks for ("they also want a heron") and what is allowed when ("glass painting is fine when
# they're around"): a requirement or a rule of the user's work, though it has no "I"
_REQUIREMENT = re.compile(r"^(?:they|she|he|the (?:client|customer|family|couple|bride|owner)s?)(?: also| really)? "
                          r"(?:want|wants|need|needs|asked for|requested|insist on|insists on)\b(?! to\b)", re.I)
_PERMITTED = re.compile(r"\b(?:is|are)(?: totally| perfectly)? (?:fine|ok|okay|allowed|safe) (?:when|while|if|around|with)\b",
                        re.I)
# "... takes no cash at all. Only card and Vipps.", "... Lammie ... has osteoarthritis. She's on daily meloxicam":
# a short fragment, or what the one just named takes, goes on the memory before it
_GOES_ON = re.compile(r"^(?:only|just|plus|also)\b(?=(?:\W+\w+){0,6}\W*$)|^(?:she|he|they)(?:'s| is| are|'re) on (?:daily |"
                      r"weekly |twice-daily |regular )?[a-z]", re.I)
_ELIDED_SUBJECT = re.compile(r"^(?:broke|got|had|went|took|ended up|found|lost|ate|fell|spent|nearly|almost|once|"
                             r"learned|learnt|(?!need|feed|seed|speed|bed|red|shed)[a-z]{3,}ed)\b", re.I)


_CLAUSE_BREAK = re.compile(r"\s*;\s+|,?\s+(?:and|but|so|plus)\s+(?=(?:just |only )?(?:for )?(?:today|tonight|this (?:"
                           r"(?:mon|tues|wednes|thurs|fri|satur|sun)day|week|weekend|once))\b)|"
                           r",\s+(?=(?:normally|usually|otherwise|regularly)\s+(?:we|i|im|i'm|it|they)\b)|"  # "..., normally we're at"
                           r"(?:(?<=\btoday)|(?<=\btonight))\s*,?\s+but\s+|\s+[\-\u2013\u2014]+\s+", re.I)
_USUALLY = re.compile(r"(?:normally|usually|otherwise|regularly)\b", re.I)
_SOON = re.compile(r"\b(?:tomorrow|this (?:week|weekend|morning|afternoon|evening))\b", re.I)
_CLAUSE_SUBJECT = re.compile(r"^(?:(?i:(?:normally|usually|otherwise|regularly) )?(?i:i|i'm|im|we|we're|our|my|the|it|it's|they|he|she)|[A-Z][\w\-]+|"
                             r"[a-z][\w\-]+(?:'s|\s+(?:is|are|was|were|has|have))\b)(?!\s+(?:today|tonight)\b)")


def _opening(clause: str) -> str:
    return cues.DISCOURSE.sub("", clause.strip(), count=1).strip()


def _one_offs_apart(sentence: str) -> list[str]:
    """"We switched payroll to Gusto; tonight I'm finishing the last ADP export": a note for today next to
    a lasting statement in one sentence is taken apart, so the lasting part is not lost when today ends.
    Each part must be a clause of its own (a subject first), and only one side may speak of today."""
    weak = not (cues.TEMPORARY_WEAK.search(sentence) or cues.TEMPORARY.search(sentence))
    if weak and not _SOON.search(sentence):
        return [sentence]
    parts = [p.strip(" ,") for p in _CLAUSE_BREAK.split(sentence) if p and p.strip(" ,")]
    if len(parts) < 2:
        return [sentence]
    today = [bool(cues.TEMPORARY.search(p) or _SOON.search(p) or (cues.TEMPORARY_WEAK.search(p)
                                                                  and not cues.DONE_TODAY.search(p))) for p in parts]
    lasting = [p for p, t in zip(parts, today, strict=True) if not t]
    if not any(today) or not lasting or any(len(p.split()) < 3 for p in parts) \
            or any(len(p.split()) < 4 or not _CLAUSE_SUBJECT.match(_opening(p)) for p in lasting):
        return [sentence]
    if weak and not all(_USUALLY.match(_opening(p)) for p in lasting):
        return [sentence]  # "this week i'm on days, normally im on nights", not "a case in form 2 so this week i'm ..."
    return parts


def _continuation(statement: str, this_turn: list[Candidate]) -> tuple[_Kind, list[DateMention]] | None:
    """"I don't like long answers. Give me the short version." A request (or a short phrase such as
    "Plain prose paragraphs.") after a preference or constraint in the same turn continues it, so it
    is kept as one of the same type."""
    standing = next((c for c in reversed(this_turn) if c.type in _STANDING), None)
    if standing is None:
        return None
    if not (_REQUEST.search(statement) or 2 <= len(statement.split()) <= 5):
        return None
    return _Kind(standing.type, "continuation", "imperative"), []


def _lesson(statement: str, kind: _Kind, this_turn: list[Candidate]) -> bool:
    """"Yesterday i put salt instead of sugar in the broas. from now on labels on EVERYTHING": a rule that
    follows a mistake in the same turn is its lesson."""
    return kind.type in _LESSON_TYPES and any(c.type is MemoryType.MISTAKE for c in this_turn) \
        and bool(cues.LESSON.search(statement))


# "This Saturday we're meeting at the Legion hall instead": an exception for the day it names
_THIS_DAY_INSTEAD = re.compile(rf"\bthis {cues.WEEKDAY}\b.*\binstead\b|\binstead\b.*\bthis {cues.WEEKDAY}\b", re.I)


# "..., so im on desk duty this wk", "... 😒 on light duties this week", "sprained my wrist at 5 a side, on light duties
# this wk": the state that holds after what happened
_DUTIES = r"(?:light|desk|restricted|modified|reduced|office) dut(?:y|ies)\b"
# "so this wk ...", "so for the next few days, while it is being repaired, I am ..."
_FOR_NOW = (r"(?:(?:(?:this|for this) (?:week|wk)|for the next (?:few |couple (?:of )?|\w+ )?(?:days|weeks))"
            r"(?:,\s+while [^,]{3,40})?,?\s+)?")
_SO_NOW = re.compile(r"(?:,?\s+so\s+(?=" + _FOR_NOW + r"(?:(?:i'?m|im|i am|we'?re|we are|it'?s|its|it is)\s|"
                     r"[a-z]+in[g']?\s))|\s*" + cues.EMOJI + r"+\s+|"
                     r",\s+(?=on\s+" + _DUTIES + r"))(?P<now>" + _FOR_NOW + r"(?:(?:i'?m|im|i am|"
                     r"we'?re|we are|it'?s|its|it is)\s+)?(?:on|off|in|at|working|staying|stayin|stuck|sleeping|crashing|living|"
                     r"bandaged|strapped|splinted|signed off|laid up|[a-z]+in[g']?)\b.*)$", re.I)  # "... so borrowin my sis's scooter this wk"
# "My sister Ilse has arrived from Lisbon and will be staying in it for the next fortnight": a visit that began
_STAYING = re.compile(r"\b(?:will be|is|'s|are|'re) (?:staying|visiting)\b", re.I)


def _passing_situation(s: str, dates: list[DateMention], now: datetime) -> bool:
    """"the van is at the mechanic till thursday", "Mahi's on crate rest for 2 weeks": a situation that names when
    it ends, and is not a lasting change, a mistake, a deadline, a decision, a departure or something already done
    (a past participle alone says that only when no end is named: "busted derailleur ... until friday")."""
    state = _SO_NOW.search(s)
    if state and span_end(state.group("now"), find_dates(state.group("now"), now), now) is not None:
        s = state.group("now")
        dates = find_dates(s, now)
    over = cues.MISTAKE.search(s) or (
        (cues.SITUATION_DONE if names_its_end(s) else cues.SITUATION_OVER).search(s) and not _STAYING.search(s))
    # "My car is in the mechanic this week so I go with Uber": what stands in while it is away is no decision
    decided = cues.DECISION.search(s) and not _OUT_OF_ACTION.search(s) and not re.search(r"\bon " + _DUTIES, s, re.I)
    return span_end(s, dates, now, any_day=bool(_THIS_DAY_INSTEAD.search(s))) is not None and not (
        over or cues.LASTING.search(s) or cues.DEADLINE_WORD.search(s) or decided
        or cues.DEPARTURE.search(s) or _passing_remark(s))


# "This week my knee is swollen, I slipped on the wet gangway", "this wk covering night sessions at the Magistrates'":
# how things are this week, said first
_THIS_WEEK_STATE = re.compile(r"^(?:this|for this|all this) (?:week|wk),?\s+(?:i(?:'m| am| have|'ve got)\b|"
                              r"my [\w\-]+(?: [\w\-]+)? (?:is|are)\b|[a-z]+ing\b)", re.I)
_OUT_OF_ACTION = re.compile(r"\b(?:is|'s|are|'re)\s+(?:still\s+)?(?:in|at)\s+(?:the\s+)?(?:shop|mechanic'?s?|garage|repair|"
                            r"workshop|body shop)\b", re.I)


# "he wants me in on saturday instead of tuesday now": a weekly day that changed, not a date to meet
_DAY_SWAPPED = re.compile(rf"\binstead of (?:on )?{cues.WEEKDAY}s?\b", re.I)


def _first_future(dates: list[DateMention], now: datetime) -> DateMention | None:
    today = now.date()
    future = [d for d in dates if d.day >= today]
    return future[0] if future else (dates[-1] if dates else None)


# "canceled xfinity this morning, fios got installed": done earlier today, not a note for today
# "student recital is feb 14, need to book the church hall by the end of the month": the date things are due by
_BY = re.compile(r"\b(?:by|before|due|until|till|no later than)\b(?: the)?(?: end of)?(?: the)?\s*$|"
                 r"^(?:by|before|until)\b", re.I)
_EARLIER_TODAY = frozenset({"this morning", "this afternoon"})
# "this afternoon only we're launching from the south ramp", "just this morning", not "just signed up with"
_ONLY = re.compile(r"\b(?:this \w+|today|tonight) only\b|\b(?:only|just) (?:for )?(?:this|today|tonight)\b", re.I)


def _critical(s: str) -> bool:
    """A critical cue, unless it is an allergy the user says is mild or one they say they do not have."""
    found = cues.CRITICAL.search(cues.NO_ALLERGY.sub("", s))
    return bool(found) and not (cues.MILD.search(s) and cues.ALLERGY_TERM.fullmatch(found.group(0)))


def _classify(s: str, now: datetime, analysis: TopicAnalysis) -> tuple[_Kind, list[DateMention]] | None:
    label = cues.LABEL.match(s)
    dates = find_dates(s, now) if _DATE_HINT.search(s) else []
    if label:
        kind = cues.LABEL_TYPES.get(label.group("label").lower().replace("  ", " "))
        if kind == "change":
            kind = None
        elif kind in ("fact", "project") and cues.TEMPORARY.search(s):
            kind = "temporary"
        if kind == "fact" and _critical(s):
            kind = "critical"
        if kind:
            memory_type = MemoryType(kind)
            return _Kind(memory_type, f"label:{kind}", "label", critical=memory_type is MemoryType.CRITICAL), dates
    if _critical(s):
        return _Kind(MemoryType.CRITICAL, "critical", "cue", critical=True), dates
    # "from next month on, ... tonight"; "almost sent hydroxyzine instead of hydralazine tonight" is a lesson
    # "we had to cancel Oaxaca, because my mother cannot manage the flights at the moment": the plan is gone for good
    temporary = None if cues.LASTING.search(s) or cues.MISTAKE.search(s) or _HAD_TO_CANCEL.search(s) else (
        cues.TEMPORARY.search(s) or cues.TILL_FIXED.search(s) or cues.ILLNESS.search(s) or cues.WHILE_AWAY.search(s))
    if temporary and not (temporary.group(0).lower() in _EARLIER_TODAY and cues.DONE_TODAY.search(s)
                          and not _ONLY.search(s)):
        return _Kind(MemoryType.TEMPORARY, "temporary", "cue"), dates
    if not _HAD_TO_CANCEL.search(s) and (_passing_situation(s, dates, now)
                                         or (_THIS_WEEK_STATE.match(s) and not cues.DECISION.search(s))):
        return _Kind(MemoryType.TEMPORARY, "temporary:span", "cue"), dates
    if cues.LEARNING_WISH.search(s) and not cues.DEADLINE_WORD.search(s):
        return _Kind(MemoryType.LEARNING_GOAL, "learning_goal", "cue"), dates
    real_dates = [d for d in dates if d.rule != "today" and d.day >= now.date()]  # a date gone by is no deadline
    timed = real_dates and (cues.DEADLINE.search(s) or cues.TASK.search(s)) and not (
        cues.PAST_TENSE.search(s) or cues.LEAD_TIME.search(s) or cues.RECURRING.search(s) or _DAY_SWAPPED.search(s))
    if (cues.DEADLINE_WORD.search(s) or timed) and not (cues.BABY_DUE.search(s) or cues.STANDING_DUE.search(s)):
        return _Kind(MemoryType.DEADLINE, "deadline", "cue"), dates
    if cues.MISTAKE.search(s):
        return _Kind(MemoryType.MISTAKE, "mistake", "cue"), dates
    if cues.LEARNING.search(s):
        return _Kind(MemoryType.LEARNING_GOAL, "learning_goal", "cue"), dates
    if cues.STYLE_WISH.search(s):
        return _Kind(MemoryType.PREFERENCE, "style_wish", "cue"), dates
    if cues.DECISION.search(s) and not (cues.UNDECIDED.search(s) or cues.SELF_RETIRED.search(s)):
        return _Kind(MemoryType.DECISION, "decision", "cue"), dates
    if cues.INSTRUCTION_TODAY.search(s) and not cues.PERSISTENT_REQUEST.search(s):
        return _Kind(MemoryType.TEMPORARY, "temporary:instruction", "cue"), dates
    if cues.PREFERENCE.search(s):
        return _Kind(MemoryType.PREFERENCE, "preference", "cue"), dates
    if cues.TODO.match(s):
        return _Kind(MemoryType.TASK, "task", "cue"), dates
    if cues.TEMPORARY_WEAK.search(s) and not (cues.SMALL_TALK.search(s) or cues.DONE_TODAY.search(s)
                                              or cues.LASTING.search(s) or _passing_remark(s)):
        return _Kind(MemoryType.TEMPORARY, "temporary:today", "cue"), dates
    if (cues.CONSTRAINT_START.match(s) and not cues.NON_INSTRUCTION_NEGATION.match(s)) or cues.CONSTRAINT.search(s):
        return _Kind(MemoryType.CONSTRAINT, "constraint", "cue"), dates
    # a rule for a situation, for someone in the user's care or from a client
    if cues.CONDITIONAL_RULE.match(s) or cues.DEPENDENT_RULE.match(s) or cues.REPORTED_RULE.search(s) \
            or cues.NOTHING_ON.search(s):
        return _Kind(MemoryType.CONSTRAINT, "situational_rule", "cue"), dates
    if cues.PROFILE.search(s):
        return _Kind(MemoryType.FACT, "profile", "cue"), dates
    if cues.HEALTH.search(s):
        return _Kind(MemoryType.FACT, "health", "cue"), dates
    if cues.TASK.search(s) or (cues.NEED_START.match(s) and len(s.split()) >= 5):
        return _Kind(MemoryType.TASK, "task", "cue"), dates
    hearsay = _hearsay(s) or cues.PAST_NARRATIVE.search(s)
    if (cues.PROJECT.search(s) or cues.BUSINESS.search(s)) and not (hearsay or cues.FAMILY.search(s)):
        return _Kind(MemoryType.PROJECT, "project", "cue"), dates
    if cues.REMEMBER.search(s):
        return _Kind(MemoryType.FACT, "remember", "cue"), dates
    positive_groups = {c.group for c in analysis.choices if c.positive}
    if cues.STANDING_IMPERATIVE.match(s) and cues.PERSISTENT_REQUEST.search(s) and not cues.QUESTION_START.match(s):
        return _Kind(MemoryType.PREFERENCE, "standing_request", "imperative"), dates
    if cues.ROLE.match(s):
        return _Kind(MemoryType.PROJECT, "role", "cue"), dates
    if cues.IMPERATIVE.match(s) and _QUOTED.search(s):
        return _Kind(MemoryType.PREFERENCE, "imperative_quote", "imperative"), dates
    if cues.IMPERATIVE.match(s) and (positive_groups or analysis.scopes or cues.PERSISTENT_REQUEST.search(s)):
        personal = positive_groups and positive_groups <= cues.PERSONAL_GROUPS
        memory_type = MemoryType.PREFERENCE if personal or not positive_groups else MemoryType.DECISION
        return _Kind(memory_type, "imperative", "imperative"), dates
    if _STANDING_VERB.match(s) and not _QUESTION_LIKE.search(s):
        return _Kind(MemoryType.PREFERENCE, "standing_imperative", "imperative"), dates
    if analysis.replacement_intent and rejected_names(s) and not (cues.SMALL_TALK.search(s) or cues.SELF_RETIRED.search(s)):
        return _Kind(MemoryType.DECISION, "replacement", "statement"), dates
    if hearsay or cues.SMALL_TALK.search(s) or _passing_remark(s):
        return None
    if cues.PERSISTENT_REQUEST.search(s) and len(s.split()) >= 4:
        return _Kind(MemoryType.CONSTRAINT, "standing_rule", "statement"), dates
    if analysis.choices and len(s.split()) <= cues.SHORT_CHOICE_MAX_WORDS:
        return _Kind(_short_choice_type({c.group for c in analysis.choices}), "short_choice", "imperative"), dates
    if positive_groups - cues.EVERYDAY_GROUPS and (cues.FIRST_PERSON_OR_PROJECT.search(s) or len(s.split()) >= 3):
        return _Kind(MemoryType.PROJECT, "tech_statement", "tech"), dates
    if len(s.split()) >= 4 and cues.INFORMATIVE.search(s) and (cues.FIRST_PERSON_OR_PROJECT.search(s)
                                                                or cues.TECH_VERB.search(s)):
        return _Kind(MemoryType.NOTE, "statement", "statement"), dates
    return None


# "everyone says i'm too cheap, so from this season its €9.50 a jar": what the user does about what was said
_SO_THEN = re.compile(r"(?:,\s*|\s+)(?:so|and so)\s+(?P<then>(?:from|now|starting|i|i'm|im|i've|we|we're|its|it's)\b.*)$",
                      re.I)


_PRESENT_FIRST = re.compile(r"\b(?:is|are|'s)\b", re.I)


_RELATIVE_BEFORE = re.compile(r"^(?:\S+\s+){3,}?\S+,\s+(?:who|which|whose|where)\s+(?:\w+\s+)?$", re.I)


def _hearsay(s: str) -> bool:
    """Does ``s`` report what others say or what was read, with nothing the user does about it after "so"?"""
    said = cues.HEARSAY.search(s)
    if said is None or (said.group(0).lower().startswith("back in") and _PRESENT_FIRST.search(s, 0, said.start())):
        return False  # "my asst coach is auntie efua, she played in goal ... back in the day": a fact now
    if said.group(0).lower() in ("for example", "for instance") and cues.FIRST_PERSON_OR_PROJECT.search(s, said.end()):
        return False  # "For example, our children have playtime, not recess": an example of the user's own
    if _RELATIVE_BEFORE.search(s, 0, said.start()):
        return False  # "The new inspector is Kirsty Rendall, who apparently trained in Aberdeen": hearsay in an aside
    then = _SO_THEN.search(s, said.end())
    if then is None:
        return True
    done = then.group("then")
    return cues.HEARSAY.search(done) is not None or not (cues.FIRST_PERSON_OR_PROJECT.search(done) or re.search(r"\d", done))


def _banter_part(s: str) -> str:
    """What of ``s`` may make it small talk: a laugh that opens it does ("lol my cat just walked across the
    keyboard"), one dropped into a statement does not ("Heather's my backup now ... lol, karma")."""
    return s if cues.LAUGHTER.match(s) else cues.LAUGHTER.sub("", s)


def _short_choice_type(groups: set[str]) -> MemoryType:
    """"Dark mode, always" and "my favorite color is teal" are preferences, "my dentist is Dr. Lin" is a
    fact about the user, "Postgres for everything" is a decision."""
    if all(g in cues.PERSONAL_GROUPS or g.startswith("favourite:") for g in groups):
        return MemoryType.PREFERENCE
    if all(g.startswith("attribute:") for g in groups):
        return MemoryType.FACT
    return MemoryType.DECISION


# "my dog kaffe needs a walk at lunch every day": a routine, though it speaks of lunch
_ROUTINE = re.compile(r"\b(?:every|each) (?:single )?(?:day|morning|evening|night|week|weekday|(?:mon|tues|wednes|thurs|fri|"
                      r"satur|sun)day)\b|\bdaily\b|\b(?:i|we) (?:always|usually|normally|generally)\b", re.I)
_THIS_SPAN = re.compile(r"\bthis (?:week|weekend|month|morning|afternoon|evening)\b", re.I)


def _routine(s: str) -> bool:
    """Does ``s`` tell a routine that still holds ("needs a walk at lunch every day", not "had lunch with my sister
    every day this week")?"""
    return bool(_ROUTINE.search(s)) and not cues.PAST_TENSE.search(s) and not _THIS_SPAN.search(s)
_INTO = re.compile(r"\b(?:is|'s|are|'re)\s+(?:really\s+|more\s+|very\s+|super\s+|so\s+|totally\s+|big\s+)?(?:into|obsessed with|"
                   r"a (?:big |huge )?fan of|crazy about|mad about)\s+(?!it\b|that\b|this\b)\w", re.I)
_KEPT_AT = re.compile(r"\b(?:live|lives|(?:is|are) (?:kept|stored)|(?:sits?|hangs?) (?:on|in)) (?:in|on|at|behind|under|inside|"
                      r"next to|by|above|below)?\s*(?:the|a|our|my)\b", re.I)
_TOOK_ON = re.compile(r"^(?:picked up|took on|signed up|started (?:teaching|taking|using|doing|seeing)|added|joined)\b", re.I)
_REMARK_CLAUSES = re.compile(r"\s*(?:[,;:!\u2014\u2013]+|\s-\s|\.\s+|\b(?:and|but|because|bc|cause)\b|"
                             r"\bso\s+(?=(?:i|i'm|we|we're|it|it's|they|he|she|that|the|my|our|can'?t|cannot)\b))\s*", re.I)


@lru_cache(maxsize=4096)
def _passing_remark(s: str) -> bool:
    """Every clause of ``s`` tells how something feels or went ("my back is killing me from leaning over the
    light table all day", "the Laertes actor is a natural, it's annoying"), asks the assistant something
    ("my feet are killing me, what nursing shoes do people like"), or is too short to say more."""
    clauses = [c for c in _REMARK_CLAUSES.split(s) if c and c.strip()]
    passing = [bool(cues.PASSING_REMARK.search(c) or cues.ASKS.search(c)) for c in clauses]
    return any(passing) and all(p or len(c.split()) <= 2 for p, c in zip(passing, clauses, strict=True))


_ANY_MORE = re.compile(r"\b(?:any ?more|any longer|no longer)\b", re.I)


def _no_longer_used(s: str) -> bool:
    """"new head teacher wont let us use the school pitch anymore smh": a complaint that something is gone."""
    return bool(_ANY_MORE.search(s) and rejected_names(s))


_FORGET_THE = re.compile(r"^(?:(?:nah|no|ok|okay|so|right),?\s+)?(?:forget|scrap|ditch) (?:the|that|my|this) [a-z]", re.I)
_ABOUT_ME = re.compile(r"^(?:(?:a|one|another)\s+)?(?:(?:small|little|quick|fun|random)\s+)?(?:thing|fact|note|detail)s?\s+"
                       r"about\s+me\s*[:\-\u2013\u2014]", re.I)


def _plain_note(s: str, correcting: bool, listed: bool) -> tuple[_Kind, list[DateMention]] | None:
    """The last resort: a first-person statement of some length, or one naming something (a number, a
    name), with no stronger cue, is a note; in a message that corrects itself any statement is, and so is
    any item of at least two words in a bulleted list."""
    size = len(s.split())
    if _ABOUT_ME.match(s) and size >= 6:  # "A small thing about me: I drink my coffee black, ... only before noon."
        return _Kind(MemoryType.NOTE, "about_me", "statement"), []
    departure = size >= 4 and cues.DEPARTURE.search(s)  # "maren announced she's leaving for a job ... sad"
    if _hearsay(s) or cues.PAST_NARRATIVE.search(s) or cues.VENT_OPEN.match(s) or (
            cues.SMALL_TALK.search(_banter_part(s)) and not cues.INFORMATIVE.search(s) and not rejected_names(s)
            and not let_down(s)
            and not departure and not _routine(s)) or (_passing_remark(s) and not departure and not _no_longer_used(s)):
        return None
    if correcting and (size >= 3 or (size == 2 and value_tokens(s))):  # "Correction, I misread it. It's 4471-290."
        return _Kind(MemoryType.NOTE, "correction_statement", "statement"), []
    if listed and size >= 2 and not s.rstrip().endswith(":"):
        return _Kind(MemoryType.NOTE, "list_item", "statement"), []
    if _LABELLED_LIST.match(s):
        return _Kind(MemoryType.NOTE, "labelled_list", "statement"), []
    if departure or (size >= 2 and rejected_names(s)) or (size >= 3 and gone_slots(s)):  # "Hadley closed down."
        return _Kind(MemoryType.NOTE, "departure", "statement"), []
    if size >= 4 and _FORGET_THE.match(s):  # "nah forget the ranger, a used transit custom makes way more sense"
        return _Kind(MemoryType.NOTE, "plan_dropped", "statement"), []
    kept_plan = cues.STICKING.search(s)  # "nah, sticking with twin cities"
    if size >= 4 and (kept_plan or cues.STARTS_AS.match(s)):
        return _Kind(MemoryType.DECISION if kept_plan else MemoryType.NOTE, "kept_plan_or_newcomer", "statement"), []
    if size >= BROAD_NOTE_MIN_WORDS and _KEPT_AT.search(s):  # "insulin and vaccines live in the big pharmacy fridge"
        return _Kind(MemoryType.NOTE, "kept_at", "statement"), []
    if size >= 6 and _THE_ONE_WHO.match(s):  # "Arvid is the one who knows the diesel generators, he was ..."
        return _Kind(MemoryType.NOTE, "who_does_what", "statement"), []
    if size >= 4 and _INTO.search(s):  # "efua is more into fabrics, she sews her own kaba"
        return _Kind(MemoryType.NOTE, "taste", "statement"), []
    if size >= 4 and _TOOK_ON.match(s):  # "picked up two violin students too!"
        return _Kind(MemoryType.NOTE, "elided_statement", "statement"), []
    if size >= 3 and _DOING_SOON.match(s):  # "Registering enskild firma next week."
        return _Kind(MemoryType.NOTE, "elided_plan", "statement"), []
    if size >= BROAD_NOTE_MIN_WORDS and (cues.FIRST_PERSON_OR_PROJECT.search(s) or _DOING.match(s)
                                         or _REQUIREMENT.match(s) or _PERMITTED.search(s) or _ELIDED_PAST.match(s)
                                         or _ELIDED_DONE.match(s)):
        return _Kind(MemoryType.NOTE, "first_person_statement", "statement"), []
    if size >= BROAD_NOTE_MIN_WORDS - 1 and cues.INFORMATIVE.search(s):
        return _Kind(MemoryType.NOTE, "named_statement", "statement"), []
    if size >= BROAD_NOTE_MIN_WORDS - 1 and (_ATTRIBUTE_STATEMENT.match(s) or analyze(s).replacement_intent
                                             or rejected_names(s)):
        # written in lower case, so nothing looks like a name: "the traffic engineer on it is wes tanaka",
        # "everything's coming from casco bay seafood now"
        return _Kind(MemoryType.NOTE, "plain_statement", "statement"), []
    return None


def _split_composite(s: str, analysis: TopicAnalysis) -> list[str]:
    """"I prefer a FastAPI backend, React frontend, and AWS" -> one sentence per topic group."""
    choices = [c for c in analysis.choices if ":" not in c.group]
    tags = {c.group for c in choices}
    if len(tags) < 2 or len(choices) != len(analysis.choices) or not all(c.positive for c in choices):
        return [s]
    if _NO_SPLIT.search(s) or "location" in tags:  # not "I live in celsius" from "I live in Gothenburg so ... and celsius"
        return [s]
    first = min(c.start for c in choices)
    prefix = _TRAILING_ARTICLE.sub("", s[:first]).rstrip()
    items: list[tuple[str, set[str]]] = []
    cursor = first
    body = s[first:].rstrip(" .!")
    parts = _LIST_SPLIT.split(body)
    for part in parts:
        start = s.find(part, cursor)
        end = start + len(part)
        cursor = max(cursor, end)
        groups = {c.group for c in choices if start <= c.start < end}
        if not items or (groups and not groups & items[-1][1]):
            lead = s[start:min(c.start for c in choices if start <= c.start < end)] if groups else ""
            if items and len(lead.split()) > 2 and not _ITEM_STANDS_ALONE.match(part.strip()):
                return [s]  # "runs on Astronomer, mostly ELT from Postgres": a detail, not a list of choices
            items.append((part.strip(), groups))
        else:
            text, prev = items[-1]
            joiner = s[s.find(text, first) + len(text):start] if s.find(text, first) >= 0 else " "
            items[-1] = (f"{text}{joiner or ' '}{part.strip()}".replace("  ", " "), prev | groups)
    if len(items) < 2 or any(not groups for _, groups in items):
        return [s]
    out = []
    for text, _ in items:
        if _ITEM_STANDS_ALONE.match(text) or not prefix:
            out.append(capitalize_first(text) + ".")
        else:
            out.append(f"{prefix} {text}.")
    return out


def _build(content: str, kind: _Kind, dates: list[DateMention], now: datetime, turn_id: str,
           change: bool) -> Candidate:
    analysis = analyze(content)
    expires_at = None
    metadata: dict[str, object] = {}
    if kind.type is MemoryType.TEMPORARY:
        expires_at = span_end(content, dates, now, any_day=True) or now + TEMPORARY_TTL
    elif kind.type is MemoryType.CRITICAL and (names_its_end(content) or cues.ILLNESS.search(content)):
        # "physio said rest it, no climbing till monday"; "This week I have laryngitis, doctor says no singing"
        expires_at = span_end(content, dates, now)
    elif kind.type is MemoryType.DEADLINE:
        due = _first_future([d for d in dates if _BY.search(content[max(0, d.start - 16):d.start])
                             or _BY.match(d.text)] or dates, now)
        if due is not None:
            expires_at = end_of_day(due.day, now)
            metadata["due"] = due.day.isoformat()
    tags = list(analysis.tags)
    if kind.type is MemoryType.DEADLINE and "deadline" not in tags:
        tags.insert(0, "deadline")
    return Candidate(
        content=content, type=kind.type, importance=IMPORTANCE[kind.type], confidence=_CONFIDENCE[kind.strength],
        tags=tuple(tags), entities=entities(content, analysis), expires_at=expires_at,
        source_ref=(turn_id,) if turn_id else (), rule=kind.rule, is_critical=kind.critical,
        change_of_mind=change or analysis.replacement_intent, metadata=metadata,
    )


def _to_critical(candidate: Candidate) -> Candidate:
    """"This is critical." after a memory: it becomes critical (dated memories keep their type and expiry)."""
    rule = f"{candidate.rule}+emphasis"
    if candidate.type in (MemoryType.TEMPORARY, MemoryType.DEADLINE):
        return replace(candidate, is_critical=True, rule=rule)
    return replace(candidate, type=MemoryType.CRITICAL, is_critical=True, importance=IMPORTANCE[MemoryType.CRITICAL],
                   rule=rule, expires_at=None)


def leading_emphasis(turns: Iterable[Turn], roles: Collection[str] = USER_ROLES) -> bool:
    """Does the first user sentence only stress something said before ("This is critical.")?

    When the engine extracts one message at a time, that earlier memory is already stored: the
    engine should then mark the latest memory of the session critical.
    """
    for turn in turns:
        if turn.role.lower() not in roles:
            continue
        for raw in split_sentences(redact(turn.text).text):
            sentence = _clean(raw)
            if not sentence or cues.CHITCHAT.match(sentence):
                continue
            return bool(cues.EMPHASIS_ONLY.match(sentence))
    return False


# "thats it, im done with them" said after a sentence: "them" is whom that sentence names
_DONE_WITH_THEM = re.compile(r"^(?:that'?s it,?\s*|thats it,?\s*)?(?:i'?m|im|we'?re|were|i am|we are) (?:so |totally |"
                             r"officially )?done with (?:them|him|her|it)\b|"
                             # "... new chief pharmacist, Priya Nair. i report to her directly now"
                             r"^(?:i|we) (?:now )?(?:report|answer) (?:directly )?to (?:her|him|them)\b", re.I)


# "ok so im done with zamex. third time wrong profiles. from now on everything from KeyPol": said alone, the
# rejection goes on the next memory of the turn, which then names what it replaces
_DONE_WITH_NAMED = re.compile(r"^(?:i'?m|im|we'?re|were|i am|we are) (?:so |totally |officially |finally )?done with "
                              r"(?!(?:them|him|her|it|that|this|those|these|the|all|my|our|your)\b)[\w'&.\-]+(?: [\w'&.\-]+){0,2}"
                              r"[.!]*$", re.I)


# "so now it is 23 August", "its the 6th now": a value for what the sentence before changed
# "bariloche is cancelled 💸 way too expensive, we're doing mar del plata for a weekend instead": the plan is gone
_HAD_TO_CANCEL = re.compile(r"\bhad to cancel\b|^[\w\- ]{3,30} (?:is|got|was) (?:cancell?ed|called off)\b(?=[^.]*\binstead\b)", re.I)
_WRONG_SAID = re.compile(r"\bwrong\b", re.I)
_IT_IS_NOW = re.compile(r"\bit(?:'s|s| is|'ll be| will be)(?: now)? (?:on |at |the )?(?:(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|"
                        r"nov|dec)[a-z]* )?(?:\d|[a-z]{1,3}=?\d)", re.I)  # "It's V95 K4X2", "It is A=440"
_MOVED_THING = re.compile(r"\b(?:move|moved|push|pushed|reschedule|rescheduled|postpone|postponed|shift|shifted|bump|bumped)"
                          r"(?: back| up)? (?:the|our|my|their|his|her) [\w\-]+", re.I)


# "Iwata is broken finally, nozzle cracked. i bought new GSI Creos": said alone, what broke heads the next memory
_HARMED_ALONE = re.compile(r"^(?:(?:ok|so|and)\s+)*(?:(?:the|my|our) [\w\-]+ (?:was|were|is|are|kept|has been) (?:destroying|"
                           r"killing|wrecking|ruining|hurting|upsetting|messing up)\b|"
                           # "ugh jarvis put their prices up 30%, nah. going w kiwi glass supplies from now on"
                           r"[\w\-]+(?: [\w\-]+)? (?:put (?:their|its) prices up|(?:jacked|hiked|raised) (?:their|its) prices)\b)", re.I)
_SWITCHED_NEXT = re.compile(r"\W*(?:(?:so|ok|and)\s+)*(?:i |we |i've |we've |i'm |we're )?(?:(?:swapped|switched|changed|moved) "
                            r"(?:\w+ )?(?:over )?to|going (?:w|w/|with)|ordering from)\b", re.I)
_BROKE_ALONE = re.compile(r"^(?i:(?:finally,? )?(?:i |we )?(?:finally )?(?:sold|scrapped|got rid of) (?:it|her|him))\b|"  # "finally I sold it!!"
                          r"^(?:my |our |the )?[A-Z][\w\-]*(?: [A-Z][\w\-]*)* (?:is|was|got) (?:finally )?(?:broken|busted|dead)\b"
                          r"|^(?:my |our |the )?[A-Z][\w\-]*(?: [A-Z][\w\-]*)* (?:finally )?(?:broke|died)\b"
                          # "Cutter handle broke today, rubi is dead."
                          r"|^(?i:[^.!?]{0,60}\b[a-z][\w\-]{2,} (?:is|was) (?:finally )?(?:dead|broken|busted)\s*[.!]*$)")


# "I slipped on the ice and sprained my wrist. The doctor says ten days.", "... now big bandage. Doctor says no sewing
# for one week.": how long it lasts, said right after, makes what was just said pass with it
_SPAN_SAID = re.compile(r"^(?:(?:she|he|they)(?:'ll| will) be (?:there|away|gone)\s+|"  # "She will be there for three weeks"
                        r"(?:the |my )?(?:doctor|dr|physio|nurse|gp|surgeon|consultant|vet)\s+(?:says?|said|thinks?|reckons?|"
                        r"told me)\s+(?:(?:no|not)\s+[\w\s]{1,30}?\s+)?)(?:for\s+)?(?:about\s+|around\s+|roughly\s+|maybe\s+|"
                        r"at least\s+)?(?P<span>(?:\d+|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|a|a few|"
                        r"a couple of)\s+(?:days?|weeks?))\b[^,;]*(?:,\s*(?:only|just|then|and|no|so)\b[^;]*)?$", re.I)


# "This week we are staying at my sister's cabin in Voss ... Only until Friday, thankfully."
_UNTIL_SAID = re.compile(r"^(?:but |and )?(?:only |just )?(?:until|till|til|through) [\w ]{2,25}?"
                         r"(?:,?\s*(?:thankfully|hopefully|luckily|at least|though|tho|I hope))?[.!]*$", re.I)


def _passes_with(out: list[Candidate], statement: str, now: datetime) -> bool:
    """Put ``statement`` on the memory before it and make that memory temporary (or a temporary one last longer),
    when it only says how long that lasts (see ``_SPAN_SAID``) or until when (``_UNTIL_SAID``)."""
    said = _SPAN_SAID.match(statement)
    last = out[-1]
    if (said is None and not _UNTIL_SAID.match(statement)) or last.type is MemoryType.DEADLINE or last.critical:
        return False
    end = (span_end(f"for {said.group('span')}", [], now) if said
           else span_end(statement, find_dates(statement, now), now))
    if end is None or (said and last.type is MemoryType.TEMPORARY and last.expires_at is not None
                       and end <= last.expires_at):
        return False  # a temporary memory takes a longer span only ("sprained my wrist ... The doctor says ten days")
    out[-1] = replace(last, content=f"{last.content} {statement}", type=MemoryType.TEMPORARY, expires_at=end,
                      importance=IMPORTANCE[MemoryType.TEMPORARY], rule=f"{last.rule}+span-said")
    return True


def _names_only(statement: str) -> bool:
    """"In car I listen only old Polish rock. Dżem, Perfect, Budka Suflera.": a list of names that goes on the memory
    before it."""
    items = [i.strip() for i in re.split(r",\s*|\s+and\s+", statement.rstrip(" .!")) if i.strip()]
    return len(items) >= 2 and all(re.fullmatch(r"[^\W\d_][\w'\-]*(?: [^\W\d_][\w'\-]*){0,2}", i) and i[0].isupper()
                                   for i in items)


def _append_to_last(out: list[Candidate], text: str) -> None:
    """Carry ``text`` on the memory made just before it ("... port authority." + "Never again.")."""
    out[-1] = replace(out[-1], content=f"{out[-1].content} {text}")


def extract_rules(turns: Iterable[Turn], *, now: datetime,
                  roles: Collection[str] = USER_ROLES) -> list[Candidate]:
    """Rule-based candidates from ``turns`` (in order), resolved against ``now``.

    Only turns whose role is in ``roles`` are read (users by default). Text is redacted before
    anything else; a sentence that is still secret-like afterwards is dropped. Identical
    candidates within the batch are folded into one that cites every source turn.
    """
    out: list[Candidate] = []
    index: dict[str, int] = {}
    pending_change = False
    last_turn = -2  # index of the user turn that produced out[-1]
    for number, turn in enumerate(turns):
        if turn.role.lower() not in roles:
            continue
        text = redact(turn.text).text
        corrects = bool(cues.CORRECTION_START.match(text.strip()) or _REPLACED_IT.search(text) or _SAID_WRONG.match(text))
        correcting = corrects  # the first memory of the turn carries the correction
        turn_start = len(out)
        listed = len(_LIST_ITEM.findall(text)) >= 2
        emitted = False  # did the previous sentence of this turn give a memory?
        label = ""  # "new cohost!!" said alone heads the sentence after it
        carried = False  # "facilities redid every keypad. stage door 9023": a change without values goes on
        done_with = ""  # "im done with zamex." said alone heads the next memory of the turn
        for raw in (part for sentence in split_sentences(text) for part in _one_offs_apart(sentence)):
            produced, emitted = emitted, False
            carry_in, carried = carried, False
            change_here = bool(_CHANGE_START.match(raw))
            sentence = _clean(capitalize_first(cues.TELLING_LEAD.sub("", _after_feedback(cues.GREETING_LEAD.sub("", raw)))))
            if not sentence or cues.CHITCHAT.match(sentence) or cues.FEEDBACK.match(sentence):
                continue
            if cues.CHANGE_ONLY.match(sentence) or cues.CHANGE_ONLY.match(raw):
                pending_change = True
                continue
            if _DONE_WITH_NAMED.match(sentence):
                done_with = sentence.rstrip(".! ")
                continue
            if _NEW_LABEL.fullmatch(sentence):
                label = sentence.rstrip("!.: ")
                continue
            if label:
                sentence, label = f"{label}: {sentence}", ""
            if cues.EMPHASIS_ONLY.match(sentence):
                if out and not out[-1].critical and number - last_turn <= 2:
                    out[-1] = _to_critical(out[-1])
                continue
            if cues.CODA_ONLY.match(sentence):
                if produced and len(out) > turn_start:
                    _append_to_last(out, sentence)
                    emitted = True
                continue
            if only_keeps_the_rest(sentence):  # "Same room and time." goes with the change (see write.carry)
                continue
            statement = _statement_part(sentence)
            if statement is None or cues.DEICTIC_ONLY.match(statement):
                continue
            statement = recased(_drop_hearsay_clauses(statement))
            if produced and len(out) > turn_start and _passes_with(out, statement, now):
                emitted = True
                continue
            if produced and len(out) > turn_start and _DONE_WITH_THEM.match(statement):
                _append_to_last(out, statement)
                emitted = True
                continue
            analysis = analyze(statement)
            carried = analysis.replacement_intent and not value_tokens(statement)
            classified = (_classify(statement, now, analysis) or _continuation(statement, out[turn_start:])
                          or _plain_note(statement, corrects, listed)
                          or (_NOTED_TO_SELF if _TO_SELF.match(raw) and len(statement.split()) >= 3 else None))
            if classified and _lesson(statement, classified[0], out[turn_start:]):
                classified = (_Kind(MemoryType.MISTAKE, "lesson", "cue"), classified[1])
            if (classified is None and _BROKE_ALONE.match(statement)) or (
                    _HARMED_ALONE.match(statement) and _SWITCHED_NEXT.match(text, text.find(raw) + len(raw))):
                # "Iwata is broken finally." heads what replaces it; so does "the whey was destroying my stomach"
                # when the message goes on to switch ("swapped to pea protein from bulk")
                done_with = capitalize_first(cues.LEADING_ASIDE.sub("", statement.rstrip(".! ")))
                continue
            if classified is None:
                if produced and len(out) > turn_start and (raw[:1].islower() or _ELIDED_SUBJECT.match(statement)
                                                           or _GOES_ON.match(statement) or _names_only(statement)):
                    # "I really prefer short answers. bullet points, no long intros": the fragment goes on the
                    # memory before it, and so does a sentence that leaves out its "I" ("I'm allergic to
                    # sulfa drugs. Broke out in hives from Bactrim.")
                    tail = statement if not raw[:1].islower() else f"{statement[:1].lower()}{statement[1:]}"
                    _append_to_last(out, tail)
                    emitted = True
                continue
            statement = capitalize_first(cues.LEADING_ASIDE.sub("", _strip_lead(_strip_label(statement))))
            if done_with:
                statement, done_with = f"{done_with}. {statement}", ""
            if produced and len(out) > turn_start and not value_tokens(out[-1].content) and (
                    (_IT_IS_NOW.search(statement) and _MOVED_THING.search(out[-1].content))
                    or (out[-1].metadata.get("corrects_previous") and (_IT_IS_NOW.search(statement) or (
                        _WRONG_SAID.search(out[-1].content) and value_tokens(statement))))):
                # "Kari and Jonas had to move the wedding! ... so now it is 23 August": "it" is what was just moved;
                # "Oh no, I wrote the telephone number wrong. It is 86 14 22 73", "I gave you the wrong make earlier. The
                # Hendersons' piano is a Kawai K-300": what was just said to be wrong
                said = out.pop()
                statement, correcting = f"{said.content} {statement}", bool(said.metadata.get("corrects_previous"))
                index = {key: at for key, at in index.items() if at < len(out)}
            parts = _split_composite(statement, analyze(statement))
            for content in parts:
                if contains_secret(content) or (MARKER in content and classified[0].type not in _SECRET_TOLERANT):
                    continue
                kind, dates = classified
                if len(parts) > 1:
                    kind, dates = _classify(content, now, analyze(content)) or classified
                candidate = _build(content, kind, dates, now, turn.id, pending_change or change_here or carry_in)
                if correcting:
                    candidate.metadata["corrects_previous"] = True
                    correcting = False
                key = f"{candidate.type}:{normalize(content)}"
                if key in index:
                    prev = out[index[key]]
                    refs = prev.source_ref + tuple(r for r in candidate.source_ref if r not in prev.source_ref)
                    out[index[key]] = replace(prev, source_ref=refs)
                    continue
                index[key] = len(out)
                out.append(candidate)
                last_turn = number
                emitted = True
            pending_change = False
        rest = keeps_the_rest(text)
        for candidate in out[turn_start:] if rest else ():
            candidate.metadata["keeps_rest"] = rest
    return out
