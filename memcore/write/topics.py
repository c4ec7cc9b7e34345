"""Topic-group analysis (SPEC 7.4): which choices a sentence makes or rejects, in which scope.

``analyze(text)`` finds every known choice (``React`` in the frontend group, ``dark`` in the
UI-theme group, ...), marks it positive or rejected from replacement and negation cues
("instead of X", "switch from X to Y", "replaced X with Y", "no longer X", "not X anymore",
"X is deprecated"), adds profile slots (name, location, favourites, ...), the scopes the
sentence talks about (frontend, tests, production, ...), and whether it announces a change.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from ..index.stemmer import porter_stem
from .scope import PLAIN_MODIFIERS
from .text import STOPWORDS
from .topic_terms import GROUPS, GroupSpec
from .values import CALENDAR, same_family


@dataclass(frozen=True, slots=True)
class Choice:
    """One mention of a choice in a topic group; ``positive`` is False when the text rejects it."""

    group: str
    term: str  # canonical, lower-case: "next.js", "alibaba cloud"
    display: str
    positive: bool
    start: int
    end: int


@dataclass(frozen=True, slots=True)
class TopicAnalysis:
    """Everything the contradiction rules need to know about one statement."""

    choices: tuple[Choice, ...]
    scopes: frozenset[str]
    replacement_intent: bool
    tags: tuple[str, ...]

    @property
    def groups(self) -> frozenset[str]:
        return frozenset(c.group for c in self.choices)

    def positives(self, group: str) -> frozenset[str]:
        return frozenset(c.term for c in self.choices if c.group == group and c.positive)

    def negatives(self, group: str) -> frozenset[str]:
        return frozenset(c.term for c in self.choices if c.group == group and not c.positive)

    def displays(self) -> tuple[str, ...]:
        seen: dict[str, None] = {}
        for c in self.choices:
            seen.setdefault(c.display, None)
        return tuple(seen)


@dataclass(frozen=True, slots=True)
class _Entry:
    display: str
    regex: re.Pattern[str]
    memberships: tuple[tuple[str, bool], ...]  # (group name, needs context)


_GROUP_BY_NAME: dict[str, GroupSpec] = {g.name: g for g in GROUPS}
EXCLUSIVE: frozenset[str] = frozenset(g.name for g in GROUPS if g.exclusive)
GROUP_TAGS: dict[str, str] = {g.name: g.tag for g in GROUPS}
_CONTEXT: dict[str, re.Pattern[str]] = {g.name: re.compile(g.context, re.I) for g in GROUPS if g.context}
_NOT_AT_START = frozenset({"Go", "Cursor", "Zed", "Spring Boot", "Express", "Phoenix", "Node.js", "Elm", "Render",
                           "Railway", "Parcel", "Nomad", "Atom", "Helix", "Black", "Tornado", "Clerk", "Snowflake",
                           "Gin", "Julia", "Hatch", "REST", "SOAP", "Windows", "Fish", "Ward"})


def _build() -> tuple[re.Pattern[str], tuple[_Entry, ...]]:
    by_pattern: dict[str, tuple[str, list[tuple[str, bool]]]] = {}
    for group in GROUPS:
        for term in group.terms:
            display, groups = by_pattern.setdefault(term.pattern, (term.display, []))
            groups.append((group.name, term.needs_context))
    entries = tuple(
        _Entry(display, re.compile(pattern, re.I), tuple(groups)) for pattern, (display, groups) in by_pattern.items()
    )
    ordered = sorted(by_pattern, key=len, reverse=True)
    big = re.compile(r"(?<![\w.+#\-])(?:" + "|".join(f"(?:{p})" for p in ordered) + r")(?![\w+#])", re.I)
    return big, entries


_TERMS, _ENTRIES = _build()

_VERB_AFTER_CUE = (r"(?:\s+(?:be\s+)?(?:use|using|used|pick|picking|choose|choosing|install|installing|add|adding|"
                   r"recommend|suggest|want|need|like|touch|rely on|go(?:ing)? with|stick(?:ing)? with|"
                   r"(?:deploy|deploying|host|hosting|run|running|ship|shipping|push|pushing|put|store|storing|"
                   r"build|building|write|writing|be|stay|move|switch|migrate|go)(?:\s+\w+)?\s+(?:on|to|in|into|with)|"
                   r"deploy|deploying|host|hosting|run|running|ship|build|building|write|writing|start|starting))?")
_NEG_CUE = re.compile(
    r"\b(?:instead of|rather than|in place of|as opposed to|no longer|not any ?more|not any longer|not more(?! than)|"
    r"none of (?:that|the|this|those|your)|not|never|shan'?t|shall not|don'?t|do not|doesn'?t|does not|"
    r"didn'?t|did not|won'?t|will not|shouldn'?t|should not|mustn'?t|must not|can'?t|cannot|can not|avoid(?:ing)?|"
    r"stop(?:ped)?(?: using)?|quit|drop(?:ped|ping)?(?!\s+(?:is|was|are|were|'s|time|times|at)\b)|ditch(?:ed|ing)?|get rid of|got rid of|away from|"
    r"uninstall(?:ed|ing)?|cancell?(?:ed|ing)|(?<=\bwe )cancel|(?<=\bi )cancel|(?<=\bhad to )cancel|"  # "we cancel cabo verde, flights too expensive"
    r"(?<=\bi've )reconsidered|(?<=\bi have )reconsidered|had second thoughts about|"  # "I've reconsidered the Seattle trip"
    r"used to|previously|formerly|originally|initially|in the past|no more|without|anything but|except|hate|dislike|can'?t stand|not a fan of|against|banned|ban|"
    r"forbid(?:den)?|deprecated?|phas(?:e|ed|ing) out|retir(?:e|ed|ing)(?! (?:in|at|on|by|next|this|early|after|before|when|once)\b)|rip(?:ped)? out|remov(?:e|ed|ing)|"
    r"abandon(?:ed|ing)?|scrap(?:ped|ping)?|call(?:ed|ing)? off|fired|let go of|(?:thought|think) better of|(?:given|gave|giving) up (?:on|with)|(?<=\bi )give up (?:on|with)|(?<=\bwe )give up (?:on|with)|returned|bye|goodbye(?: to)?|farewell to|so long|(?<!from )scratch|forget(?: about)?|ignore|"
    r"(?:we'?re|i'?m|we are|i am) (?:done|finished|through) with|done with|done w/?|basta with|enough with|sick of|tired of|fed up with|"
    r"(?:had|have had|'ve had) it with|(?:we|i) (?:just |finally )?(?:left|dumped|ditched)|"
    r"moving away from|(?:we'?re|i'?m|we are|i am|are|is) (?:now )?off(?!\s+(?:on\s+)?(?:mon|tue|wed|thu|fri|sat|sun|"
    r"weekends?|today|tonight|tomorrow|work|duty)\w*)|off of|no)\b(?!-)" + _VERB_AFTER_CUE, re.I)
_FROM_CUE = re.compile(
    r"\b(?:(?:switch|switched|switching|move|moved|moving|migrate|migrated|migrating|port|ported|porting|change|"
    r"changed|changing|went|go|going|convert|converted|converting|transition(?:ed|ing)?|upgrade[d]?|upgrading)"
    r"(?:\s+[\w.\-]+){0,3}\s+from|(?:move|moved|moving|migrate|migrated|migrating|get|got|getting|come|came|switch|"
    r"switched|switching)(?:\s+\w+)?\s+off(?: of)?|replac(?:e|es|ed|ing)|swap(?:ped|ping)?(?: out)?)\b", re.I)
_PLAIN_END = re.compile(
    r"(?<!\d)[.,:]|[.,:](?!\d)|[;!?()\[\]]|\s[-\u2013\u2014]\s|\b(?:but|and (?:use|switch|go|move|stick|start|adopt|pick|choose|prefer|"
    r"deploy|host|keep|stay|run|write)|instead|because|since|so|then|now|rather|in favou?r of|replaced by|"
    r"use|using|go with|switch(?:ing)? to|prefer|let'?s|we'?ll|we(?: a|')re|i'?m|only|"
    r"and (?:the|our|my|we|i|it|everything|all|now)|(?:is|are|runs?|lives?) on)\b", re.I)
_FROM_END = re.compile(_PLAIN_END.pattern + r"|\b(?:to|with|by|for|into|onto)\b", re.I)
_FAVOUR_AFTER = re.compile(
    r"\b(?:(?:was|were|is|are|has been|have been|got|gets|being)\s+)?(?:replaced|superseded|swapped out|succeeded)"
    r"\s+(?:by|with|for)\b|\bin favou?r of\b|\s(?:->|=>|\u2192)\s?|\b(?:conflicts?|clash(?:es)?) (?:with\b|w/|w\b)", re.I)
# "june roster is out", "the new menu's out": published, not gone
_PUBLISHED = (r"(?!(?:[a-z][\w\-]*\s+)?(?:roster|rota|schedule|timetable|results?|grades|list|newsletter|issue|episode|"
              r"album|book|paper|update|version|release|menu|catalog(?:ue)?)(?:\s+is|'s)\s+out\b)")
# "too busy to see him today" is a passing state, not a verdict
_NOT_PASSING = r"(?![^.,;!?]*\b(?:today|tonight|yesterday|last night|this (?:week|morning|afternoon|evening))\b)"
_POSTFIX_NEG = re.compile(
    r"^\W{0,3}" + _PUBLISHED + r"(?:\w+\s+){0,2}?(?:is|are|was|were|has been|have been|got|gets|'s)\s+(?:now\s+|officially\s+|"
    r"totally\s+|definitely\s+)?(?:deprecated|outdated|obsolete|gone|dead|retired|banned|"
    r"out(?!\s+(?:this|today|tonight|of stock|for the|until|till|again|sick))|off the table|read-only|"
    r"a no-go|replaced|superseded|sunset|removed|no longer\b|not (?:used|allowed|an option|needed|ok|okay|"
    r"recommended|supported|worth it|for us|great|good|a good fit|happening)|n'?t happening|finished(?=,?\s+(?:unfortunately|sadly|alas)\b)|over|(?:way )?too \w+" + _NOT_PASSING + r"|overkill|a pain|"
    r"painful|terrible|awful|bloated|clunky|buggy|unreliable|a nightmare|a bad fit|dead to (?:me|us)|"
    r"decommissioned|discontinued|switched off|shut down|turned off|torn down|ripped out|uninstalled|history|"
    r"off(?= for (?:this|the) (?:year|season|summer|winter|spring|fall))|"
    r"closed(?! (?:early|for|on|at|until|till|today|tonight|this|over|between|last|yesterday|"
    r"(?:mon|tues|wednes|thurs|fri|satur|sun)days?))|cancell?ed|terminated|"
    r"end[- ]of[- ]life|eol|sunsetted|killed|archived|deleted)\b|^\s+(?:contract|deal|subscription|membership|"
    r"lease|plan) (?:ran out|ended|expired|lapsed|is over)\b|"
    # "Fahrenheit or psi only confuse me": what the user cannot work with
    r"^(?:\s+(?:or|and|&)\s+[\w\-]+)?\s+(?:only\s+|just\s+|really\s+)?(?:confuses?|confused|baffles?|throws?) (?:me|us)\b|"
    # "The Fahrenheit I don't understand nothing", "Uber no."
    r"^\s+i\s+(?:don'?t|do not|can'?t|cannot)\s+(?:understand|get|follow|read)\b|^\s+no\s*[.!]*$", re.I)
_OVER = re.compile(r"\b(?:prefer\w*|choose|chose|choosing|pick\w*|favou?r\w*|like|love|recommend\w*|rather|"
                   r"go(?:ing)? with|went with|use|using|opt(?:ed|ing)? for|select\w*|stick(?:ing)? with)\b"
                   r"[^.;]*?\bover\b|\brather\b[^.;]*?\bthan\b", re.I)
_ANYMORE = re.compile(r"\b(?:any ?more|any longer)\b", re.I)

_REPLACEMENT_INTENT = re.compile(
    r"\b(?:instead|rather than|in place of|switch(?:ed|ing)?(?: over| back)? (?:to|from)|"
    r"mov(?:e|ed|ing)(?: over| back)? (?:to|from|away from)|migrat(?:e|ed|ing|ion) (?:to|from|off)|upgrade to|"
    r"chang(?:e|ed|ing) (?:it |that |this )?(?:to|from|over)|changed my mind|actually|now (?:we |i )?(?:use|using|"
    r"prefer|on|run|deploy|host|go with)|from now on|going forward|"
    r"(?:from|starting) (?:next|this) (?:month|week|year|season|term|semester|quarter)(?= (?:the |our |my )?[a-z]+ (?:is|are|goes|go)\b)|moving forward|from here on(?: out)?|no longer|any ?more|replac(?:e|ed|es|ing)|"
    r"in favou?r of|supersed\w+|updated?:|correction|scratch that|on second thought|decided against|"
    r"(?:we|i)(?:'re| are| am|'m) now|(?:is|are) now|went with|ended up (?:with|using|going with|on)|"
    r"(?:switch(?:ed|ing)?|mov(?:e|ed|ing)|migrat(?:e|ed|ing)|port(?:ed|ing)?|chang(?:e|ed|ing)|convert(?:ed|ing)?|"
    r"upgrad(?:e|ed|ing)|downgrad(?:e|ed|ing)|updat(?:e|ed|ing)|relocat(?:e|ed|ing)|"
    r"rewr(?:ite|ote|itten|iting)|rebuil(?:t|ding)|transition(?:ed|ing)?)(?: (?:the|our|my|it|this|that|everything|"
    r"all|[\w.\-]+)){0,3} (?:to|in|over to|into|onto)|dropp(?:ed|ing)|ditch(?:ed|ing)|bye|goodbye|(?:is|are) out|"
    r"not .{1,40} but|update:|change of plans?|new plan|(?:put|moved|switched) (?:me|us) (?:on|onto)(?! hold\b)|decided:? (?:that )?(?:we|i)(?:'ll| will)? go (?:for|with)\b|we(?:'ve| have) moved|i(?:'ve| have) moved|"
    r"(?:movin|switchin|changin|shiftin)'? (?:\w+ ){1,3}?(?:to|over to|onto)|"  # "theyre movin everyone to a 5am start"
    r"(?:they|we)(?:'ve| have| will|'ll)? chang(?:e|ed) it\b|(?<=, )(?:(?:mr|ms|mrs|dr)\.? )?\w+ changed it\b|"  # "..., Ms. Ishikawa changed it"  # "From next week they change it, ... so we start 07:00"
    r"(?:pushed|moved|bumped|postponed|delayed|rescheduled|extended|shifted)(?: back| out| up)?(?: to| until| till)?|"
    r"(?:pushing|bumping|postponing|delaying) (?:\w+ ){0,3}(?:back |out )?(?:to|until|till)|"
    r"(?:goes|go|going|goin'?|went) (?:up|down) to|new (?:pricing|prices|price list|rates?|fees?|hours|schedule|roster|menu(?: boards?)?|price (?:cards?|boards?|sheets?))\b|"
    r"^(?:(?:our|my|the) )?new [a-z]+(?: [a-z]+)? (?:started|starts|joined|begins)\b|"
    r"(?:turn|bring|bump|crank|dial|knock|put)(?:ed|ing|s)? (?:\w+ ){0,3}(?:up|down|back) to|"
    r"(?:gave|sold|donated|passed) (?:the|my|our) old (?:one|\w+) (?:to|away)|(?:gone|went|moved) over to|"
    r"new (?:spot|venue|location|place|home|site|base) for|(?:has|have|got) a new (?:home|venue|location|place|spot|base)\b|got the keys|real (?:number|count|figure|total) is|"
    r"actual (?:number|count|figure|total) is|starting the \d+(?:st|nd|rd|th)?|(?:gave|handed) me (?:my own|one of the new|a new|the new)|signed the lease|closed on (?:the|our|my) (?:house|place|condo)|started as (?:my|our|the)|is the one (?:who|that) handles|"
    r"upgrade (?:is )?(?:finished|done|complete)|rebuilt|reinstalled|wiped|renewal came|went (?:straight |right )?to|"
    r"raised (?:her|his|their|our|my|the) (?:rate|price|prices|fee|fees)|permanently|for good|officially|"
    # "raising the 1kg multiflower to 55 zl"
    r"(?:rais|lower|increas|decreas|hik)(?:ed|ing|e|es) (?:the |my |our |all )?(?:[\w\-]+ ){0,3}?to [$\u20ac\u00a3]?\d+|"
    r"undercounted|overcounted|miscounted|misread|got it wrong|was wrong|had it wrong|had that wrong|misremembered|"
    r"typo|i misspoke|mixed (?:it|that|them) up|mix(?:ed)? (?:up )?the (?:numbers|digits|figures)|"
    r"[$\u20ac\u00a3]?\d[\w.,:/\-]*(?: ?[a-z%]{1,8}\b)?[$\u20ac\u00a3]?,? not [$\u20ac\u00a3]?\d[\d.,:]*|"
    r"\bnot [$\u20ac\u00a3]?\d[\d.,:]*,? (?:it'?s|its|it is|but|rather) [$\u20ac\u00a3]?\d+|"  # "It is not 18, it is 21 hives"
    r"(?:from|as of) (?:today|tomorrow|tmrw)|repriced|re-priced|renegotiated|(?:hired|found) (?:a|our) new|"
    r"these days|nowadays|(?:pulled|moved|brought) (?:up|forward)|(?:has|have) taken over|"
    r"(?:building|raising|bringing|lowering|cutting|taking|turning) (?:\w+ ){0,3}(?:up|down) to|since the (?:start|beginning) of|going with|(?:(?:my|our) |^|(?<=, )|(?<=[.;!] )|(?<='s )|(?<=[\u2600-\U0001faff] ))new \w+(?: \w+)?"
    r"(?: (?:for|at|in|on) (?:our|my|the) \w+)? (?:is|are)|"
    # "from monday new foreman on site, Krzysztof Nowak", not "got my son a new dentist today, Dr. Pellman"
    r"(?:^|(?<=[,.;:!]\s)|\b(?:from|starting|as of) \w+ )new [a-z]+(?: [a-z]+){0,3}, (?-i:[A-Z])\w*|"
    r"after (?:the |yesterday'?s |last week'?s |our |this week'?s )?(?:upgrade|migration|update|switch|move|reorg)|standardi[sz]ed on|"
    r"this (?:season|semester|term)|for the new (?:school |fiscal |academic )?(?:year|season|term|semester|quarter)|"
    r"(?:elected|appointed|named) a new|(?:rota|roster|schedule|shifts?|timetable) (?:has |have |just |got )?changed|chang(?:e|es|ed|ing) (?:my|our) (?:rota|roster|shift pattern|shifts?|timetable)(?=,? (?:i|we) (?:start|begin|work)\b)|new (?:\w+ )?(?:contract|lease|deal|agreement|policy) (?:signed|starts|started|kicks in|"
    r"kicked in)|(?:my|our) new [a-z]+(?: [a-z]+)?, (?:dr|mr|mrs|ms)\b|"
    r"(?:we'?re|we are|i'?m|i am|it'?s|they'?re) (?:now )?(?:at|down to|up to) [$\u20ac\u00a3]?\d+|(?:has|have) been on .{1,30} since|"
    r"new address|(?:finished|completed|wrapped up) the (?:\w+ )?(?:move|migration|switch|switchover|cutover|upgrade|"
    r"transition)|"
    r"(?:push|move|bump|postpone|delay|reschedule|shift)(?: \w+){0,3} (?:back |out )?(?:to|until|till)\b|"
    r"postponed|rescheduled|now due|swapp(?:ed|ing)|migrated off|moved off|slipp(?:ed|ing)|"
    r"new (?:\w+ )?(?:date|deadline)|went (?:up|down)|(?:raised|lowered|increased|decreased|cut|hiked|dropped|upped)"
    r"(?: [\w$.]+){0,3} to|took over|taking over|fell through|first (?:day|week|shift) (?:at|in) (?:the|our|my) new|starting (?:on |this |next )?(?:mon|tues|wednes|thurs|"
    r"fri|satur|sun)day|starting (?:next|tomorrow|today|in|on|from|this (?:week|month|season|year|term|semester|quarter|pay period|"
    r"pay cycle|billing cycle|cycle|rotation|block))|as of|^(?:update:\s*)?(?:the |our |my )?new \w+(?: \w+)? "
    r"(?:is|are|from|as of|starting|:)|(?<!\bright )(?<!\bfor )(?<!\bjust )(?<!\buntil )(?<!\btill )(?<!\bby )now(?! that)|"
    r"mandates?|official(?:ly)? (?:on|using)|redid|redone|reprogrammed|re-?keyed|reset (?:the|my|our|every|all)|(?:from|starting|effective) (?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|"
    r"nov|dec)[a-z]*(?! \d))\b",
    re.I,
)

_SCOPES: tuple[tuple[str, re.Pattern[str]], ...] = tuple((name, re.compile(p, re.I)) for name, p in (
    ("frontend", r"\b(?:front[- ]?end|client[- ]side|web ?app|ui layer|spa)\b"),
    ("backend", r"\b(?:back[- ]?end|server[- ]side|api server|apis?|microservices?|services)\b"),
    ("mobile", r"\b(?:mobile|ios|android) ?(?:app|apps|client)?\b"),
    ("scripts", r"\b(?:scripts?|scripting|automation|cli tools?|tooling|one-offs?)\b"),
    ("data", r"\b(?:data (?:pipelines?|science|analysis|engineering)|analytics|etl|notebooks?|ml|machine learning)\b"),
    ("tests", r"\b(?:in tests|for tests|test suite|unit tests|testing environment|test environment|in ci)\b"),
    ("production", r"\b(?:prod|production|live)\b"),
    ("staging", r"\bstaging\b"),
    ("local", r"\b(?:local(?:ly)?|local dev|development environment|dev environment|on my machine|laptop)\b"),
    ("work", r"\b(?:at work|work projects?|my job|the office)\b"),
    ("personal", r"\b(?:personal projects?|side projects?|hobby projects?|at home)\b"),
    ("cache", r"\b(?:cach(?:e|ing)|sessions?)\b"),
    ("analytics-db", r"\b(?:warehouse|olap|reporting)\b"),
    ("admin", r"\badmin (?:panel|dashboard|site)\b"),
    ("docs", r"\b(?:docs|documentation) site\b"),
))

_TAG_RULES: tuple[tuple[str, re.Pattern[str]], ...] = tuple((name, re.compile(p, re.I)) for name, p in (
    ("security", r"\b(?:secrets?|credentials?|api keys?|passwords?|tokens?|auth\w*|encrypt\w*|pii|gdpr|"
                 r"vulnerab\w*|leak\w*|\.env)\b"),
    ("deployment", r"\b(?:deploy\w*|hosting|hosted|production|prod|staging|release\w*|rollout|servers?)\b"),
    ("testing", r"\b(?:tests?|testing|coverage|unit tests?|e2e|qa)\b"),
    ("docs", r"\b(?:docs|documentation|readme)\b"),
    ("health", r"\b(?:allerg\w*|medication|medicine|asthma|diabet\w*|epipen|peanuts?|shellfish|lactose|"
               r"gluten|dietary|doctor|health)\b"),
    ("schedule", r"\b(?:meetings?|appointments?|calendar|standups?|interviews?)\b"),
    ("git", r"\b(?:git|commits?|branch(?:es)?|pull requests?|merge|rebase|repo(?:sitory)?)\b"),
    ("performance", r"\b(?:latency|performance|slow|faster|optimi[sz]\w*|benchmark\w*)\b"),
    ("docker", r"\b(?:docker\w*|containers?|images?)\b"),
    ("answer-style", r"\b(?:answers?|repl(?:y|ies)|responses?|explanations?|tone|emojis?)\b"),
    ("learning", r"\b(?:learn\w*|stud(?:y|ying|ied)|course|tutorials?|practi[cs]ing)\b"),
    ("database", r"\b(?:databases?|db|sql|schema|migrations?|tables?)\b"),
    ("frontend", r"\b(?:front[- ]?end|css|html|components?)\b"),
    ("backend", r"\b(?:back[- ]?end|endpoints?|api)\b"),
))

_SLOT_VALUE = r"(?P<v>[A-Z][\w'\-]*(?:\s+[A-Z][\w'\-]*){0,2})"
_SLOTS: tuple[tuple[str, re.Pattern[str]], ...] = (
    ("name", re.compile(r"\b(?i:my name is|my name's|call me|i go by|address me as|refer to me as|"
                        r"i'm called|i am called|my nickname is)\s+" + _SLOT_VALUE)),
    ("location", re.compile(r"\b(?i:i live in|i'm living in|i am living in|i'm based in|i am based in|"
                            r"(?:we'?re|we are|i'?m|i am) (?:now )?(?:living |based )?in(?= [A-Z]\w+ now\b)|"
                            r"(?:i|we) (?:just |recently |finally )?(?:moved|relocated) to|(?:i|we)'ve moved to|"
                            r"i'm located in|i reside in|"
                            r"i'm now in|i am now in)\s+" + _SLOT_VALUE)),
    # a place typed in lower case: "i live in brunswick", "new place in footscray finally"
    ("location", re.compile(r"(?:\b|^)(?i:i live in|i'm living in|i am living in|(?:(?:i|we) |^)(?:just |finally )?(?:moved|relocated) to|"
                            r"(?:i|we)'ve moved to|new (?:place|flat|apartment|house|home) in)\s+"
                            r"(?P<v>(?!(?:a|an|the|my|our|his|her|their|this|that|there|here|town|part|full|hope|fear|"
                            r"denial|online|remote|hybrid|school|uni|college|university|bed|work|nights|mornings|"
                            r"afternoons|evenings|weekends)\b)(?!\w*days?\b)[a-z][a-z'\-]{3,})"
                            r"(?=\s*(?:[,.!;]|$)|\s+(?:now|last|this|finally|with|and|so|but|for|since|a|an)\b)")),
    ("employer", re.compile(r"\b(?i:i work (?:at|for)|i'm working (?:at|for)|i am working (?:at|for)|"
                            r"i (?:just )?joined|i'm employed (?:at|by))\s+" + _SLOT_VALUE)),
    ("timezone", re.compile(r"\b(?i:my time ?zone is|i'm in the|i am in the|i'm on)\s+"
                            r"(?P<v>(?:UTC|GMT)\s?[+\-]\s?\d{1,2}(?::\d\d)?|[A-Z]{2,5}|[A-Z][a-z]+ (?i:time))"
                            r"(?:\s+(?i:time ?zone))?")),
    ("company", re.compile(r"\b(?i:our company is|we(?:'ve| have)? (?:re)?branded (?:ourselves |the company )?(?:to|as)|"
                           r"we(?:'ve| have)? renamed (?:ourselves|the company) to|our new name is)\s+" + _SLOT_VALUE)),
    ("pronouns", re.compile(r"\b(?i:my pronouns are)\s+(?P<v>\w+/\w+)")),
    ("role", re.compile(r"\b(?i:i'm an?|i am an?|i work as an?)\s+(?P<v>(?:(?:senior|junior|lead|staff|principal|"
                        r"head|chief) )?[a-z]+(?: [a-z]+)? (?:engineer|developer|designer|manager|student|"
                        r"scientist|researcher|analyst|teacher|doctor|nurse|writer|consultant|architect|founder|"
                        r"lawyer|accountant|intern))\b", re.I)),
)
_FAVOURITE = re.compile(r"\bmy (?:favou?rite|preferred|go-to) (?P<k>[a-z]+(?: [a-z]+)?) (?:is|are|has become|"
                        r"became|would be)\s+(?:now\s+|still\s+|definitely\s+)?(?P<v>[^,.;!?]{1,40})", re.I)
_ATTRIBUTE = re.compile(r"\b(?:my|our) (?:new |current |old |former |previous )?(?P<k>budget|email(?: address)?|phone(?: number)?|address|birthday|age|"
                        r"job title|title|role|manager|boss|team size|company|employer|city|country|username|"
                        r"handle|website|salary|hourly rate|rate|quota|target|main language|native language|"
                        r"home ?town|dog'?s name|cat'?s name|partner'?s name|wife'?s name|husband'?s name|"
                        r"office|team lead|tech lead|advisor|supervisor|mentor|dentist|therapist|landlord|"
                        r"default branch|main branch|release branch|staging url|"
                        r"production url|api base url|base url|domain|port|python version|node version)"
                        r" (?:is|are)\s+(?:now\s+|still\s+)?(?P<v>(?:(?:dr|mr|mrs|ms|prof)\.\s+)?[^,;!?]{1,60}?)"
                        r"(?=[,;!?]|\.(?:\s|$)|$)", re.I)


_NAMED = re.compile(r"\b(?:[A-Z][\w.+#\-]*|[a-z]+\d[\w.\-]*|\d+[a-z][\w.\-]*)")


_LEADING = re.compile(r"[\s,:]*(?:(?:[a-z]+\s+){1,2}(?:from|through|via|by)\s+|going back to\s+|waiting (?:for|on)\s+|"
                      r"paying for\s+)?"  # "i stopped paying for sibelius"  # "no longer rent from Kalmus"
                      r"(?:(?:the|a|an|our|my|any|that|this|those|these|old|legacy|former|previous|"
                      r"current|whole|entire|late|early|doing|using|running|having|offering|selling|making|on|with|"
                      r"be|asking|calling|ringing|booking|hiring|seeing|"  # "I shan't be asking the Leeds man again"
                      r"at|in)\s+)*",
                      re.I)
# "left for concepción" and "retired" are departures; "left for work" and "retired the old scanner" are not
_LEFT = (r"left(?!\s+(?:for\s+(?:work|home|school|the\s+(?:day|night|airport|station|gym|office|shop|store)|lunch|"
         r"a\s+(?:bit|while|minute|few))|early|late|work|home|already|at\s+\d|a\s+(?:message|note|voicemail|review|comment|"
         r"tip))\b)")
_RETIRED = r"retired(?!\s+(?:the|my|our|his|her|their|a|an|all|old)\b)"
_DEPARTED = re.compile(r"^(?:(?:'s)?\s+(?:practice|office|shop|store|clinic|studio|company|business)\s+(?:closed|"
                       r"shut down|went under)|\s+(?:wanted|needed|took) a break|\s+stepped back|"
                       r"\s+(?:has\s+)?left\s+to\s+(?:study|work|join|take|start|live|move|be)\b|"  # "Rafael left to study"
                       # "Nuala has gone to work at the Burren Perfumery", "Valentina went to study design in Córdoba"
                       # "Oliver has gone off to Leeds, to work for one of the big dealers there"
                       r"\s+(?:has\s+gone|went|'s\s+gone)\s+(?:off\s+)?to\s+(?:work\s+(?:at|for|in)|study|"
                       r"[A-Z][\w\-]+,?\s+to\s+(?:work|study|live|join))\b|"
                       r"\s+(?:has|'s)\s+gone\s+home\b(?!\s+(?:for|early|sick|at|after|to\s+change))|"  # "Jonas has gone home, ..."
                       r"\s+(?:has\s+)?(?:taken|took)\s+(?:early\s+)?retirement|\s+(?:was|got|has been)\s+stolen\b|"
                       r"(?:'s|\s+is)\s+(?:heading|going|off)\s+(?:to\s+\w+\s+)?(?:on|for)\s+(?:a\s+)?(?:[\w\-]+\s+)?"
                       r"(?:leave|sabbatical)|"
                       r"(?:'s|\s+is)\s+(?:off|heading off|going away)\s+to\s+(?:uni|university|college|grad school|"
                       r"the army|boot camp|basic training)|"
                       r"(?:'s|\s+is)\s+moving\s+(?:away|abroad|back home|out of (?:state|town)|to (?!the\b)[a-zA-Z]+)|"
                       r"(?:'s|\s+is)\s+not\s+doing\s+(?:it|that)\s+any\s?more|"  # "greg's not doing it anymore, moving to perth"
                       r"\s+(?:is|has been|got|was)\s+pensioned(?:\s+off)?\b|"  # "Kjell Arne is pensioned now"
                       r"(?:'s|\s+has)\s+packed\s+(?:it\s+)?in\b|"  # "kyle's packed it in, gone out to perth"
                       # "The old Peterson has gone into the cupboard"
                       r"\s+(?:has\s+)?(?:gone|went|been\s+put)\s+(?:in|into)\s+(?:the|a)\s+(?:cupboard|drawer|attic|loft|cellar|"
                       r"garage|shed|bin)\b|"
                       r"'s\s+last\s+(?:day|sunday|shift|week|service|class|game)\s+(?:was|is)\b|"
                       r"'s\s+(?:retirement|going-away|farewell)\s+(?:party|lunch|dinner|cake)\b|"
                       # "Lars had his farewell lunch today, 38 years with the company"
                       r"\s+has\s+gone\s+off\s+to\s+[A-Z][\w\-]+|(?:'s)?(?:\s+has)?\s+closed\s+(?:its|their)\s+doors\b|"
                       r"\s+had\s+(?:his|her|their)\s+(?:retirement|going-away|farewell|leaving)\s+(?:party|lunch|dinner|drinks|do)\b|(?:'s|\s+is)\s+(?:away\s+)?on\s+sabbatical|'s\s+sabbatical\s+"
                       r"(?:got approved|starts|started)|"
                       r"\s+announced (?:she|he|they)(?:'s| is| are) leaving|'s\s+job\s+has\s+(?:him|her|them)\s+(?:on the road|"
                       r"away|traveling)|(?:'s|\s+is)\s+starting (?:a|her|his|their) "
                       r"(?:\w+ )?sabbatical|"
                       r"(?:'s|\s+is)\s+(?:retiring|leaving (?:us|the (?:company|firm|practice|studio|team|business|"
                       r"shop|clinic|school|agency)))|"
                       r"(?:'s)?\s+handed (?:me|us|him|her|them) the \w+|(?:'s)?\s+contract\s+(?:ended|ran out|expired|lapsed)|'s\s+" + _RETIRED + r"|\s+(?:has\s+|have\s+|just\s+|finally\s+)*"
                       r"(?:" + _LEFT + r"|quit|resigned|" + _RETIRED + r"|moved on|was let go|"
                       # "marcus dipped, got a job at the refinery"
                       r"dipped(?:\s+out)?(?=\s*,?\s*(?:(?:got|took) (?:a|an|another)|left|moved|went (?:to|back))\b|\s+on\s+(?:us|me)\b)|moved (?:out of (?:state|town)|away|abroad)|"
                       r"moved out(?! of)|retire(?=\s*[,.;!]|\s+(?:last|this|yesterday)\b)|se fue|went to live (?:in|with|abroad)|(?:will be|is being|is going to be|is|gets|got|was|has been) sold\b(?! out)|"
                       r"(?:go(?:es)?|is going) (?:to|into) (?:the )?(?:shipyard|scrapyard|scrap|yard)\b|went (?:on|into|to) (?:pension|retirement)\b|go(?:es)? (?:on|into|to) (?:pension|retirement) (?=last|yesterday)|(?:accepted|taken) a (?:new )?(?:job|position|post|role|lectureship|professorship|fellowship|chair|placement|residency|call) (?:in|at|with|to)|"
                       r"closed(?!\s+(?:early|for|on|at|until|till|today|tonight|this|over|between))|shut down|"
                       r"went out of business|went under|stopped (?:carrying|making|selling|offering|stocking)|"
                       r"dropped us|kept shorting|got laid off|handed (?:it|that|this|the \w+) off|handed over|"
                       # "tom handed off his clients", "jake went to another gym"
                       r"handed off (?:his|her|their|all (?:his|her|their)) \w+|"
                       r"(?:went|left) (?:over )?to (?:another|a different|a rival) (?:gym|company|shop|clinic|firm|practice|"
                       r"salon|studio|office|store|agency|club|team|job)|"
                       r"stepped (?:down|away|aside)|went back to (?:school|college|university)|fell through|"
                       r"(?:got|was) promoted|"
                       r"moved (?:over )?to (?:the )?[A-Za-z][\w\-]+(?: [Tt]eam)?\s*(?=[.,;]|$)|"
                       # "Harold moved up to Oregon to be near his daughter"
                       r"moved (?:up |down |back |away )?to [A-Z][\w\-]+(?= to (?:be|live|work|study|join)\b)|took a (?:new )?(?:job|position|role|spot|gig|berth)|"
                       r"got a (?:new )?(?:job|position|role|offer) (?:in|at|with)|"
                       r"transferred (?:over )?to (?:the |another |a )?[\w\- ]{2,30}?(?:team|office|department|branch|unit|store|"
                       r"school|site|location|ward)|"
                       r"moved (?:up |over |on )?to (?:the |another |a )?[\w\- ]{2,30}?(?:team|office|department|"
                       r"role|position|school|company|region|district|branch|unit)))\b")


@lru_cache(maxsize=4096)
def _rejection_spans(text: str) -> list[tuple[int, int]]:
    """Where ``text`` rejects something: after a negation or "switched from" cue, before "replaced by"."""
    return [*_negative_spans(text), *_rejected_before(text)]


_ADVERBS = frozenset("""completely entirely fully totally finally quickly basically officially permanently mostly
already really early recently immediately altogether""".split())  # "dropped completely"; "killed the calendly link"


_EVERY = frozenset({"everything", "everyone", "everybody", "something", "nothing", "anything"})
_TIME_WORD = re.compile(CALENDAR + r"|today|tonight|tomorrow|yesterday|weekends?")  # "Monday's off"


def _gerund(word: str) -> bool:
    return len(word) >= 5 and word.endswith("ing")  # "being", "emailing"; not "king"


def rejected_names(text: str) -> frozenset[str]:
    """Names the text rejects ("..., not APA", "instead of Jenkins", "we're off Slack"), lower-cased:
    capitalised words and identifiers with digits inside a rejection span. Known choices are left to
    the topic groups."""
    starts = [start for start, _ in _rejection_spans(text)]
    out = set()
    for m in _NAMED.finditer(text):
        name = m.group(0).rstrip(".-").lower()
        if len(name) < 2 or name in STOPWORDS:
            continue
        # right after the cue ("not APA", "instead of the old Jenkins"), not further on ("can't upgrade Python")
        near = any(_LEADING.fullmatch(text[start:m.start()]) for start in starts if start <= m.start())
        if near or _POSTFIX_NEG.match(text[m.end():m.end() + 60]) or _DEPARTED.match(text[m.end():m.end() + 50]) \
                or (_BROKE.match(text, m.end()) and _BOUGHT_NEW.search(text)) or _GONE_FOR_GOOD.match(text, m.end()) \
                or (_FAILED.match(text, m.end()) and _SWITCH_MADE.search(text)):
            out.add(name)
    out.update((m.group("w") or m.group("t") or m.group("s")).lower() for m in _FELL_THROUGH.finditer(text))
    for m in _SHUT_OFF.finditer(text):  # "jira got shut off friday", not "that host is being shut down"
        word = m.group("w").lower()
        if word not in STOPWORDS and not _gerund(word) and not _TIME_WORD.fullmatch(word):
            out.add(word)
    for m in _NO_MORE.finditer(text):  # "cant do black anymore", "mornings just dont work w the baby"
        out.update(w.lower() for w in (m.group("m"), m.group("w") or m.group("x") or m.group("y") or m.group("z")) if w)
    for pattern in (_NONE_THIS, _LEFT_FROM, _LAST_DAY_AT, _DONE_WITH, _SEND_OFF, _WENT_TO, _GAVE_UP_ON, _FORGET_IDEA,
                    _GAVE_AWAY, _CLOSED_PAGE, _DAYS_DONE, _STOLEN, _WAS_OLD, _TRIP_OFF, _PLAN_OFF, _LET_GO, _ACCEPTED_AWAY,
                    _PLACE_OFF, _CANCEL_THE, _SCRATCH_THE):  # "no gala this year", "she left harmony"
        out.update(next(name for name in m.groupdict().values() if name).lower() for m in pattern.finditer(text))
    if _SWITCH_MADE.search(text):  # "switched to schwalbe marathons, the gatorskins kept flatting on the cobbles"
        out.update(m.group("w").lower() for m in _KEPT_FAILING.finditer(text))
    if _ORDERING_NOW.search(text):  # "phoon huat out of stock AGAIN 🙄 ordering from Bake King online from now on"
        out.update(m.group("w").lower() for m in _OUT_OF_STOCK.finditer(text))
    for m in _STRONG_REJECTION.finditer(text):  # lower-case names: "mckesson replaced cardinal"
        word = m.group("w").lower()
        if _gerund(word) and m.group(0).lower().startswith(("instead of", "rather than")):
            word = re.sub(r"(\w)\1$", r"\1", word[:-3])  # "text me instead of emailing": email; running: run
        thing = m.group(0).lower().startswith(_THING_VERBS)  # "deleted transparking": a name, not an activity
        if word not in STOPWORDS and (thing or not _gerund(word)) and word not in _ADVERBS:
            out.add(word)
    return frozenset(out - _EVERY)


# "Switched to Formic Pro this year, Apiguard did basically nothing": the name a switch blames
_FAILED = re.compile(r"\s+(?:did|does)\s+(?:\w+\s+)?(?:nothing|zilch|squat)\b|\s+kept\s+(?:crashing|freezing|failing|"
                     r"breaking|double[- ]booking|losing)\b|\s+(?:never|just never|stopped|didn'?t)\s+"
                     r"work(?:ed|ing)?\b|\s+was\s+(?:useless|rubbish|garbage|a nightmare|wrecking|ruining|killing|destroying)\b|"
                     r"\s+(?:delivered|arrived|came|shipped)\s+late\b|"  # "Turia delivered late 3 times this month"
                     r"\s+(?:was\s+)?late\s+(?:\d+|again|twice|three|four)\b|"  # "hanada late 3 times this month"
                     # "Schaff has been so slow lately that I've started ordering from Pianotek instead"
                     r"\s+(?:has been|have been|was|is|were|are)\s+(?:so |too |very |really |way too )?(?:slow|unreliable)\b|"
                     # "T-Mobile had no signal in my new tram route", "freedom had literally zero bars underground"
                     r"\s+had\s+(?:\w+\s+)?(?:no|zero)\s+(?:signal|coverage|reception|bars)\b|"
                     # "since Mendeley discontinued the desktop app I relied upon"
                     r"\s+(?:discontinued|killed|dropped|shut down)\s+(?:the|its|their)\b|"
                     r"\s+(?:was\s+|is\s+)?(?:out of stock|sold out)\s+(?:again|twice|\d+|three|four)\b|"  # "phoon huat out of stock AGAIN"
                     r"\s+was\s+(?:simply\s+|just\s+|way\s+|far\s+|much\s+)?too\s+(?:small|big|expensive|pricey|slow|heavy|cramped|"
                     r"complicated)\b|"
                     r"\s+(?:stuffed|screwed|messed|mucked|cocked)\s+up\b|\s+botched\b|"  # "jarmasters stuffed up 3 orders"
                     # "pruitt jacked prices like 30%", "square fees were killin me"
                     r"\s+(?:jacked|hiked|raised|bumped)\s+(?:up\s+)?(?:their\s+|the\s+|its\s+|his\s+|her\s+)?(?:prices?|rates?|fees?)\b|"
                     r"\s+put\s+(?:their|the|its)\s+(?:prices?|rates?|fees?)\s+up\b|"
                     r"\s+(?:fees|prices|rates|charges|subscription|sub|licen[cs]e)\s+(?:were|are|was|is|kept)\s+(?:killin[g']?|eating|too\b|insane|crazy|"
                     r"ridiculous|through the roof)", re.I)
_SWITCH_MADE = re.compile(r"\b(?:switch|switched|switching|swapped|change|changed|changing)\s+(?:\w+\s+){0,3}?(?:over\s+)?to\b|"
                          r"\bjump(?:ed|ing)? ship to\b|"  # "finally jumped ship to reaper, pro tools subscription was killing my wallet"
                          r"\b(?:started|starting|begun) (?:ordering|buying|getting|sourcing) (?:\w+ )?from\b|"
                          r"\b(?:moved|ported|transferred) my (?:number|account|plan|contract|mortgage|savings|pension) (?:over )?to\b|"
                          r"\bgoing (?:w|w/|with) [^.!?]+ from now on\b|"
                          r"\bmoved (?:all )?(?:of )?my (?:money|savings|cash|accounts?) (?:over )?to\b|"
                          # "We went for a used Skoda Enyaq in the end — the Volvo was simply too small"
                          r"\b(?:went|gone) (?:for|with) [^.!?;]{2,40}? in the end\b|\bin the end (?:we|i) (?:went|chose|picked|bought|got)\b|"
                          r"\bmov(?:ed|ing)\s+(?:everything|it all|all of it|all)\s+(?:over\s+)?(?:to|into|onto)\b|"
                          # "so im gettin brisket from lone star provisions now", "so its cadeby stone now"
                          r"\bso\s+(?:(?:i'?m|im|we'?re|were|i|we)\s+(?:now\s+)?(?:gettin[g']?|get|buying|ordering|sourcing|"
                          r"using|going with|goin w)\b|(?:it'?s|its|it is)\b)[^.!?]*\b(?:now|instead)\b|"
                          # "ok so we're w southern glass supply now"
                          r"\b(?:we'?re|i'?m|we are|i am)\s+(?:w|w/|with)\s+[a-z][^.!?,]*\bnow\b",
                          re.I)
# "tadcaster cant do the bed height we need so its cadeby stone now": a supplier who cannot, in a switch
_COULD_NOT = re.compile(r"\s+(?:can'?t|cant|cannot|couldn'?t|couldnt|won'?t|wont)\s+(?:do|supply|deliver|provide|make|meet|"
                        r"match|source|get|cut|handle)\s+(?:the|our|my|that|this|those|these|it|them|what)\b", re.I)
# "the Volvo finally died last week", "the kettle is dead for good": a thing gone
_GONE_FOR_GOOD = re.compile(r"\s+(?:finally\s+(?:died|broke(?:\s+down)?|gave\s+(?:up|out)|packed\s+(?:in|up))|"
                            r"(?:died|broke(?:\s+down)?)\s+for\s+good|(?:is|was)\s+(?:dead|gone)\s+for\s+good|"
                            r"(?:was|got|has been)\s+(?:written off|totall?ed))\b", re.I)
# "39 was the old size before my foot operation", "Pruitt was our old supplier": a value or name said to be old
_WAS_OLD = re.compile(r"(?<![\w.])(?:(?P<w>\d[\d.,]*)\b(?:\s+[a-z]+)?|(?P<n>[A-Z][\w\-]+))\s+(?:was|were)\s+(?:the|my|our|his|her|their)\s+"
                      r"(?:old|previous|former)\s+(?!one\b)[a-z]+")
# "Italy trip is off": a named plan called off
_TRIP_OFF = re.compile(r"\b(?P<w>[A-Z][\w\-]+)\s+(?i:trip|holiday|vacation|visit|tour|move|wedding|party|plans?)\s+"
                       r"(?:(?i:is|'s|are|was|got|has been)\s+(?i:off|cancell?ed|called off|scrapped)|"
                       r"(?i:have|has)\s+come\s+to\s+nothing|came\s+to\s+nothing)\b")  # "the Melbourne plans have come to nothing"
# "Sofie has been accepted at the Royal Danish Academy of Music in Copenhagen, so she left me last Friday"
_ACCEPTED_AWAY = re.compile(r"\b(?P<w>[A-Z][a-z]+) (?:has been|was|got) accepted (?:at|into|to|by)\b[^.;]*?\bso (?:she|he|they) "
                            r"(?:has |have )?(?:left|quit|is leaving|'s leaving)\b")
# "ibizas off 😩 sarah cant get the time off": a trip called off by where it goes, said first
# "cancel the gym, too expensive for what is": the user's own cancelling, said as an order
_CANCEL_THE = re.compile(r"^cancel(?:led)? (?:the|my|our) (?P<w>[a-z][\w\-]{2,})(?= membership| subscription|\s*[,.;!]|$)", re.I)
_KEPT_FAILING = re.compile(r"(?:\b(?:the|my|our) |^(?:(?:ugh|ok|so)\s+)*)(?P<w>[a-z][\w\-]{3,}|[A-Z]{2,4}(?= app| site))"
                           r"(?: app| site| website)? (?:kept (?:on )?(?:\w+ing|breaking down)|"
                           r"(?:was|were) (?:destroying|killing|wrecking|ruining|hurting|upsetting)|put (?:their|its) prices up)\b",
                           re.I)  # "ugh jarvis put their prices up 30%, nah. going w kiwi glass supplies from now on"
# "nah scratch the oyster bake, they wanted $1200 for the spot"
_SCRATCH_THE = re.compile(r"\b(?:scratch|scrap|ditch) the (?P<w>[a-z][\w\-]{2,}(?: [a-z][\w\-]{2,})?)"
                          r"(?=\s*[,.;!]|\s*$)", re.I)
_OUT_OF_STOCK = re.compile(r"^(?P<w>[a-z][\w\-]+(?: [a-z][\w\-]+)?) (?:is |was )?(?:out of stock|sold out) "
                          r"(?:again|twice|\d+ times)\b", re.I)
_ORDERING_NOW = re.compile(r"\b(?:ordering|buying|getting|sourcing) (?:\w+ )?from [^.!?]+\b(?:from now on|now|instead)\b", re.I)
_PLACE_OFF = re.compile(r"^(?!(?:it|that|this|thing|light|hand|glove|shoe|kid|day|weekend|tomorrow|today|tonight|"
                        r"mon|tues|wednes|thurs|fri|satur|sun)(?:day)?(?:'s|s)\b)"
                        r"(?P<w>[a-z][a-z\-]{2,}?)(?:'s|s)\s+(?:is\s+)?off(?=\s*(?:[.!,;]|[\U0001F300-\U0001FAFF\u2600-\u27BF]|$))",
                        re.I)
# "wedding off. they broke up": a one-time plan called off, said alone
_PLAN_OFF = re.compile(r"^(?:the\s+|my\s+|our\s+|her\s+|his\s+|their\s+)?(?P<w>wedding|trip|holiday|vacation|move|sale|deal|"
                       r"purchase|project|party|tour|visit|renovation|contract|offer|engagement|reunion|festival|launch)"
                       r"(?:'s|\s+is)?\s+(?:off|cancell?ed|called off)(?=\s*(?:[.!,;]|$))", re.I)
# "Iwata is broken finally, nozzle cracked. i bought new GSI Creos": broken, and replaced
_BROKE = re.compile(r"\s+(?:is|was|got)\s+(?:finally\s+)?(?:broken|busted|dead|wrecked)|\s+(?:finally\s+)?(?:broke|died|"
                    r"stopped working|gave up)\b", re.I)
_BOUGHT_NEW = re.compile(r"\b(?:bought|got|ordered|picked up)\s+(?:a\s+|an\s+|the\s+)?(?:brand\s+)?(?:new|replacement|used|"
                         r"second-?hand|pre-?owned)\b|"
                         r"\bto replace (?:it|her|him|them)\b", re.I)
# "the yaris fell through", "the cafe closed for good", "the SANCCOB workshop has been postponed indefinitely",
# "dr kim's moving out of state": a plan or place that ended,
# or a titled person who left, in any case
_FELL_THROUGH = re.compile(r"^(?!(?:the|my|our|that|it|this)\b)(?P<s>[a-z][\w\-]+(?: [a-z][\w\-]+)?) fell (?:through|thru)\b|"  # "gorge rd fell thru, ..."
                           r"\b(?:the|my|our|that)\s+(?:(?-i:[A-Z][\w\-]+)\s+)??(?P<w>[a-z][\w\-]{2,})\s+(?:fell (?:through|thru)|(?:got|was) "
                           r"(?:cancell?ed|scrapped|called off)|(?:has been|was|got) postponed indefinitely|"
                           r"closed (?:for good|down|permanently)|shut down|went under)\b|"
                           r"\b(?:dr|mr|mrs|ms)\.?\s+(?P<t>[a-z][\w\-]+)(?:(?:'s|\s+is)\s+(?:moving|retiring|leaving)|\s+stopped\s+"
                           r"(?:teaching|coaching|practi[cs]ing|working|taking (?:new )?(?:students|patients|clients)))\b", re.I)
_NO_MORE = re.compile(r"\bnot (?:doin[g']?|going to|goin to|selling at|trading at|at) (?:the )?"
                      r"(?P<z>[a-z][\w\-]+(?: [a-z][\w\-]+)?) any ?more\b|"  # "not doin queen vic anymore"
                      r"\b(?:can'?t|cannot|won'?t|wont|cant|don'?t|dont)\s+(?:let (?:us|me)\s+)?"
                      r"(?:do|use|stand|take|drink|eat|handle|afford)\s+"
                      # "wont let us use the school pitch anymore": the thing, in one or two words
                      r"(?:(?:the|our|my)\s+(?:old\s+)?(?:(?P<m>(?!any\b|old\b)[a-z][a-z0-9\-]{2,})\s+)?)?(?P<w>[a-z][a-z0-9\-]{3,})\s+any ?more\b|"
                      r"\b(?P<x>[a-z][a-z0-9\-]{3,})\s+(?:just\s+|really\s+|totally\s+)?(?:don'?t|doesn'?t|dont|doesnt)\s+"
                      r"work\s+(?:for\s+(?:me|us)\b|(?:with|w|w/)\s+)|"
                      # "riverside isn't covered anymore"
                      r"\b(?P<y>[a-z][a-z0-9\-]{3,})\s+(?:isn'?t|is not|aren'?t|are not|isnt|arent)\s+(?:covered|accepted|"
                      r"in[- ]network|available|an option|taking (?:new )?(?:patients|clients|orders)|"
                      # "The football field is not allowed for landing anymore"
                      r"(?:allowed|permitted|used)(?:\s+(?:for|to)\s+[a-z]+(?:\s+[a-z]+)?)?)\s+any ?more\b", re.I)
# "last day at Ponsonby was friday": a workplace left
_LAST_DAY_AT = re.compile(r"\b(?i:last|final) (?i:day) (?i:at|with) (?:the )?(?P<w>[A-Z][\w\-]+)(?=[\w\s\-]{0,30}? (?:was|is|'s)\b)|"
                          # "Per Kvalheim had his last trip now, he is retired": someone's last day of work
                          r"\b(?P<who>[A-Z][\w\-]+) (?i:had|has had|worked|did) (?i:his|her|their) (?i:last|final) "
                          r"(?i:day|shift|trip|rotation|week|service|class|game)\b|"
                          # "priya's last shift was yesterday"
                          r"\b(?P<whose>[A-Za-z][a-z\-]+)'s (?i:last|final) (?i:day|shift|week) (?i:was|is)\b")
# "the Tsunami went to one of my regulars": a thing given away
_WENT_TO = re.compile(r"\b(?i:the|my|our)\s+(?P<w>[A-Z][a-z][\w\-]*)\s+(?i:went|goes|is going) (?i:to) (?i:one of )?(?i:my|our|a|an|his|"
                      r"her|their|the new)\b")
# "I have decided to close the Facebook page", "we closed the Sargent place finally": an account or a place shut
_CLOSED_PAGE = re.compile(r"\b(?:close|closed|closing|cancell?ed)\s+(?:the|our|my)\s+(?P<box>p\.?\s?o\.? box|mailbox|storage unit)\b|"
                          r"\b(?:close|closed|closing|shut down|shutting down|delete|deleted|deleting|deactivate|deactivated)\s+"
                          r"(?:the|our|my)\s+(?P<w>[a-z][\w\-]{2,})\s+(?:page|account|acct|profile|channel|group|shop|store|place|studio|office|workshop|"
                          r"location|branch|space)\b", re.I)
# "sundays are done": a day the user no longer does it
_DAYS_DONE = re.compile(r"\b(?P<w>(?:mon|tues|wednes|thurs|fri|satur|sun)days?) (?:are|is) (?:done|over|finished)\b", re.I)
# "somebody stole the Romet from in front of the shop"
_STOLEN = re.compile(r"\bstole (?:the|my|our|his|her) (?:old )?(?P<w>[A-Za-z][\w\-]{2,})", re.I)
# "gave the garmin to my son": a thing of the user's given away
_GAVE_AWAY = re.compile(r"\b(?:gave|given|handed down|passed on) (?:the|my|our) (?:old )?(?P<w>[a-z][\w\-]{2,}) (?:away|to (?:my|our|a|an|the)\b)",
                        re.I)
# "retirement party for Reyes on friday", "going-away cake for Luis"
_SEND_OFF = re.compile(r"\b(?i:retirement|going-away|farewell|goodbye|send-?off)\s+(?i:party|cake|lunch|dinner|drinks|card)\s+"
                       r"(?i:for)\s+(?P<w>[A-Z][a-z][\w\-]*)")
_LET_GO = re.compile(r"\blet (?:the |our |my )?(?P<w>[A-Z][\w\-]+)(?: [A-Z][\w&\-]*){0,3} go\b(?! (?:to|and|ahead|on|for|with|"
                     r"back|home|out|into|through|over|of)\b)")
_THIS_TIME = r"this (?:year|season|time|term|semester|summer|winter|spring|fall)\b"
# "no gala this year", "I shall not take the stall this year"
_NONE_THIS = re.compile(r"\bno (?P<w>[a-z][a-z0-9\-]{3,}) " + _THIS_TIME + r"|\b(?:shall not|shan'?t|will not|won'?t|wont|"
                        r"(?:am|'m|are|'re) not (?:going to|gonna)) (?:take|do|have|run|book|rent|hold) (?:the|a|an|my|our) "
                        r"(?P<v>[a-z][a-z0-9\-]{3,}) " + _THIS_TIME, re.I)
# "she left harmony"; "left greenline lol" with its "I" left out
_LEFT_FROM = re.compile(r"(?:\b(?:she|he|they|we|i)\s+|^)(?:just\s+|finally\s+)?left\s+(?!(?:early|work|home|town|school|"
                        r"office|already|after|before|with|for|about|around|again|yesterday|today|tonight)\b)"
                        r"(?P<w>[a-z][a-z0-9\-]{3,})\b", re.I)
# "shipton just put prices up 18%. thats it, im done with them": the one who opened the sentence
_DONE_WITH = re.compile(r"^(?P<w>[a-z][a-z0-9\-]{3,})\b(?=[^.!?]*[.!?]?\s*(?:that'?s it,?\s*|thats it,?\s*)?[^.!?]*\b"
                        r"(?:i'?m|im|we'?re|were|i am|we are) (?:so |totally |officially )?done with (?:them|him|her|it)\b)",
                        re.I)
# "that book was way too dense for me, doing the Lindsey Jones videos instead": the thing given up for another
_GAVE_UP_ON = re.compile(r"\b(?:that|the|this) (?P<w>[a-z]{3,}) (?:was|is|'s) (?:way |just |far |much )?(?:too \w+|useless|"
                         r"terrible|awful|a waste|rubbish|garbage|no good)\b(?=[^.!?]*\binstead\b)", re.I)
# "forget the pool idea, too far": a plan given up
_FORGET_IDEA = re.compile(r"\b(?:forget|scrap|drop|ditch)(?: about)? the (?P<w>[a-z]{3,}) (?:idea|plan|option)\b", re.I)
_THING_VERBS = ("deleted", "uninstalled", "cancelled", "canceled", "ditched", "dropped", "killed", "scrapped", "quit",
                "scrapping", "sold", "traded in", "gave away")
_SHUT_OFF = re.compile(r"\b(?P<w>[A-Za-z][a-z0-9\-]{3,})(?:\s+(?:got|was|is|has been)\s+(?:shut (?:off|down)|turned off|"
                       r"decommissioned|sunset(?:ted)?|read-only)|(?:'s)?\s+contract\s+(?:ended|ran out|expired|lapsed)|"
                       r"\s+(?:" + _RETIRED + r"|quit|left the \w+)|(?:'s)?\s+licen[cs]es?\s+(?:ran out|expired|ended|lapsed)|"
                       r"\s+(?:is|got)\s+uninstalled|'s\s+off\s+the\s+(?:\w+\s+)?list|"
                       r"(?:'s|\s+is)\s+off(?![\w\-])(?!\s+(?:the|to|today|tonight|tomorrow|work|duty|on|for(?!\s+(?:me|us)\b)|at|until|this|next|"
                       r"(?:mon|tues|wednes|thurs|fri|satur|sun)day)\b)|"
                       r"\s+moved\s+(?:over\s+)?to\s+(?:the\s+)?[a-z][\w\-]+(?:\s+team)?(?=\s*(?:[.,;]|$))|"
                       r"\s+(?:got\s+|was\s+|has\s+been\s+)?transferred\s+(?:to|out)\b|"
                       r"\s+(?:is|was|got)\s+(?:cancel|canceled|cancelled|called off)\b|"  # "ljubljana is cancel"
                       r"(?:'s|\s+has|\s+just)\s+left(?=\s*(?:[,.;!\U0001F300-\U0001FAFF\u2600-\u27BF]|$))|"  # "Rory's left, moved to Edinburgh"
                       r"\s+(?:has\s+)?(?:accepted|took|taken|got)\s+a\s+(?:new\s+)?(?:job|position|post|role|lectureship|professorship|fellowship|chair|placement|residency)\s+(?:in|at|with)\b|"
                       r"\s+(?:closed|shut down|went under|went out of business)(?!\s+(?:early|for|on|at|until|till|"
                       r"today|tonight|this|over)))\b")
_STRONG_REJECTION = re.compile(
    r"\b(?i:instead of|rather than|in place of|replac(?:ed|ing)|(?:switch|mov|migrat)(?:ed|ing) (?:(?:her|him|them|me|us|it) )?"
    r"(?:away )?(?:from|off)|"
    r"no longer (?:use|using|on|with)|stopped (?:with|using)|(?:i'?m|im|we'?re|i am|we are) (?:so |totally |officially |finally )?done with|ditched|dumped|"
    r"binned|chucked|trashed|"
    r"(?:^|(?<=[.!,;]\s))(?:rip|r\.i\.p\.?)|got rid of|cancell?ed|scrapped|called off|fired|let go of|deleted|quit|"
    r"(?:parted ways|cut ties|split|broke up) (?:with|w/?)|moved out of|gave up(?: on| with)?|giving up(?: on| with)?|given up (?:on|with)|give up (?:on|with)|cut up|"
    r"packed in|jacked in|(?:had|have|has) to cancel|changed (?:my|our) mind (?:on|about)|"
    r"(?<![\w'])scrap(?= (?:the|that|this|my|our)\b| [a-z][\w\-]+\s*[,.;!])|"  # "nah scrap lisbon, ...", not "scrap metal"
    r"uninstalled|returned|dropped|killed|(?:has |have )?overt(?:aken|ook)|scrapping|"
    r"(?:sold|traded in|gave away)(?=\s+(?:the|our|my|old)\s)|closed(?=\s+(?:the|our|my)\s+[a-z][a-z0-9\-]{3,}\s+(?:acct|account)\b))"
    r"\s+(?:(?:the|our|my|old|good old)\s+)*"
    r"(?P<w>[a-z][a-z0-9\-]{3,})\b")


_SWITCHED_TO = re.compile(r"\b(?:switch(?:ed|ing)?(?: (?:him|her|them|us|me|it))?(?: over)? to|mov(?:ed|ing)(?: \w+)? to|mov(?:ed|ing) (?:my|our) \w+(?: \w+)? to|"
                          r"mov(?:ed|ing) (?:the|our|my|all) (?:\w+ ){0,4}?over to|migrat(?:ed|ing)(?: [\w.\-]+){0,4} (?:to|into|onto)|"
                          r"replac(?:ed|ing)(?: \w+){0,2} with|went with|swapp?(?:ed|ing)?(?: \w+){0,2} for|"
                          r"changed(?: \w+){0,2} to|(?<=\bi )change to|(?<=\bwe )change to|(?:transferred|ported)(?: \w+){1,4} to)\b",
                          re.I)
_MOVED_OBJECT = re.compile(r"\b(?:mov|migrat|switch|port|renam|chang)(?:ed|ing|e)? (?:the |our |my |all (?:the |our )?)?"
                           r"(?P<obj>[\w\- ]{3,40}?) (?:over )?(?:to|onto|into)\b", re.I)
_MOVED_AWAY = re.compile(r"\b(?:moved|rescheduled|shifted|cancell?ed|ended)\s+(?:the|our|my)\s+(?P<obj>[\w\- ]{3,40}?)"
                         r"\s*(?:[.!;,]|$)", re.I)  # "I've moved the athlete evenings."
_NOT_OBJECTS = frozenset({"everything", "everyone", "stuff", "things", "whole", "team", "company", "people"})
_CAPITAL_WORD = re.compile(r"\b[A-Z][\w&.+#\-]+")


def departed(text: str, name: str) -> bool:
    """Does ``text`` say ``name`` left, closed or handed it off ("kayla went back to school" is not
    enough; "Deepak handed it off", "the Brewhouse closed"), in any case?"""
    return any(_DEPARTED.match(text[m.end():m.end() + 50])
               for m in re.finditer(r"(?<![\w.\-])" + re.escape(name) + r"(?![\w\-])", text, re.I))


def announces_switch(text: str) -> bool:
    """Does ``text`` switch to something else ("we went with Sonoran Flow", "switched systems")?"""
    return bool(_SWITCHED_TO.search(text) or _SWITCHED_SYSTEM.search(text))


_SWITCHED_SYSTEM = re.compile(r"\b(?:switch|swapp?|chang|mov|migrat)(?:ed|ing|e)? (?:systems?|vendors?|suppliers?|"
                              r"providers?|platforms?|tools?|stacks?)\b", re.I)


_AT_FAULT = re.compile(r"\s+(?:was|were|is|are|kept|has been|had been)\s+(?:getting\s+|way\s+|just\s+|so\s+|always\s+)?"
                       r"(?:costing|too\b|expensive|pricey|overpriced|late|unreliable|rubbish|useless|terrible|awful|"
                       r"a nightmare|a rip-?off|flaky)", re.I)


def switched_away(new: str, old: str) -> frozenset[str]:
    """Names the old statement asserts that the new one mentions while switching to something else
    ("Miller Bros raised prices so we switched to Hartwell Mills", old: "our flour comes from Miller Bros")."""
    target = _SWITCHED_TO.search(new)
    moved = _MOVED_OBJECT.search(new) or _MOVED_AWAY.search(new)
    if not target and not moved:
        return frozenset()
    shared: set[str] = set()
    if target:
        old_names = {m.group(0).lower() for m in _CAPITAL_WORD.finditer(old) if _has_letters_before(old, m.start())}
        before = new[:target.start()]
        shared = {m.group(0).lower() for m in _CAPITAL_WORD.finditer(before) if _has_letters_before(new, m.start())}
        # "switched him to Black Hawk, Ziwi was costing me a fortune": the old one named with its fault after
        shared |= {m.group(0).lower() for m in _CAPITAL_WORD.finditer(new, target.end())
                   if _AT_FAULT.match(new, m.end())}
        shared &= old_names
    if moved:  # "we migrated the state backend to X": the old statement about the state is replaced
        said = re.findall(r"[a-z]+", moved.group("obj").lower())
        objects = [w for w in said if len(w) >= 4 and w not in _NOT_OBJECTS]
        shared |= {w for o in objects if (w := _word_like(o, old)) and not _another_kind(said, o, w, old)}
    return frozenset(n for n in shared if asserts_name(old, n))


_PLAIN = STOPWORDS | PLAIN_MODIFIERS  # "the whole tree" is the family tree


def _another_kind(said: list[str], noun: str, old_noun: str, old: str) -> bool:
    """"switched home insurance to X" against "car insurance is with Geico": the same noun, told apart by the
    word before it in each statement."""
    at = said.index(noun)
    before = re.search(r"([a-z]+)\s+" + re.escape(old_noun) + r"\b", old.lower())
    # or what the old verb acts on: "switched my video editing to X" against "I edit my photos in Lightroom"
    after = re.search(r"\b" + re.escape(old_noun) + r"\s+(?:(?:my|our|the|his|her|their|all)\s+)?([a-z]+)", old.lower())
    kind = next((m.group(1) for m in (before, after) if m is not None and m.group(1) not in _PLAIN), None)
    return (at > 0 and kind is not None and porter_stem(said[at - 1]) != porter_stem(kind)
            and said[at - 1] not in _PLAIN and said[at - 1] not in old.lower())


def _word_like(word: str, text: str) -> str | None:
    """The word of ``text`` of the same family as ``word`` (gallery / galleries, delivery / deliver)."""
    stem = porter_stem(word)
    return next((w for w in re.findall(r"[a-z]{4,}", text.lower()) if same_family(stem, porter_stem(w))), None)


@lru_cache(maxsize=4096)
def _rejected_lower_words(text: str) -> tuple[str, ...]:
    """Lower-case words right after a rejection cue, or right before a departure or a verdict ("kumon was too
    repetitive"); a new memory is compared with every live one, so this is worked out once per text."""
    words = []
    for start, _ in _negative_spans(text):
        lead = _LEADING.match(text, start)
        m = re.match(r"[a-z][\w\-]{2,}\b", text[lead.end() if lead else start:])
        if m is not None:
            words.append(m.group(0))
    words += [m.group(0) for m in re.finditer(r"\b[a-z][\w\-]{2,}\b", text)
              if _DEPARTED.match(text[m.end():m.end() + 50]) or _LOWER_VERDICT.match(text, m.end())]
    return tuple(w for w in words if w not in STOPWORDS)


# "kumon was too repetitive", "state farm is cancelled": a verdict that names no passing state ("closed", "out")
_LOWER_VERDICT = re.compile(r"(?:'s|\s+(?:is|was|were|are|has been|got))\s+(?:just\s+|way\s+|far\s+|so\s+|totally\s+)?"
                            r"(?:too\s+\w+|useless|terrible|awful|rubbish|a nightmare|a joke|cancell?ed|terminated|"
                            r"discontinued|dead to (?:me|us)|out of the picture|dead(?=\s*[.,;!]))\b" + _NOT_PASSING, re.I)


def rejected_in_lower_case(text: str, old: str) -> frozenset[str]:
    """Words ``text`` rejects in lower case ("not going back to tunelab", "after marco quit") that ``old`` writes as
    a name ("I've used TuneLab for years", "Marco is the head chef"), lower-cased."""
    out = {word for word in _rejected_lower_words(text) if _named_in(old, word) and asserts_name(old, word)}
    # "pruitt jacked prices ... so im gettin brisket from lone star provisions now" after "my brisket comes from
    # pruitt meats": the one a switch blames, named as the old memory's source
    out.update(word for word in let_down(text) if _source_in(old, word) and asserts_name(old, word))
    # "marcus dipped, got a job at the refinery" after "my boy marcus runs the register on weekends"
    out.update(m.group(0) for m in re.finditer(r"\b[a-z][\w\-]{2,}\b", text)
               if m.group(0) not in STOPWORDS and _DEPARTED.match(text[m.end():m.end() + 50])
               and re.search(rf"\b(?:(?:my|our)\s+(?:[a-z]+\s+){{1,2}}|me\s+(?:n|and|&)\s+){re.escape(m.group(0))}\b", old)
               and asserts_name(old, m.group(0)))
    # "they are going to the Maritime Museum, not to the university", "decided to pull out of lake wendouree"
    for m in (*_NOT_TO_THE.finditer(text), *_PULLED_OUT.finditer(text)):
        word = m.group("w").lower()
        if re.search(rf"\b(?:to|at|in|into|from) (?:the |my |our )?{re.escape(word)}\b", old, re.I) \
                and not re.search(rf"\bnot (?:to|at|in|into|from) (?:the |my |our )?{re.escape(word)}\b", old, re.I):
            out.add(word)
    for m in _NO_MORE_ONE.finditer(text):  # "no more yaw." after "i buy my screens from yaw at abossey okai"
        word = m.group("w").lower()
        if word not in STOPWORDS and (_source_in(old, word) or re.search(
                rf"\b(?:take|takes|ride|rides|catch|catches)\s+(?:the\s+)?{re.escape(word)}\b", old, re.I)):
            out.add(word)
    return frozenset(out)


# "So they are going to the Maritime Museum, not to the university.": where something goes, said after what is chosen
_NOT_TO_THE = re.compile(r",\s+not (?:to|at|in|into) (?:the |my |our )?(?P<w>[a-z][\w\-]{2,})(?=\s*(?:[.!;]|$))")
_PULLED_OUT = re.compile(r"\b(?:pull|pulled|pulling|pullin'?) out of (?:the )?(?P<w>[a-z][\w\-]{2,}(?: [a-z][\w\-]{2,})?)"
                         r"(?=\s*(?:[.!;,]|$))")
# "no more yaw.", "no more waiting for the bus in the dark"
_NO_MORE_ONE = re.compile(r"\bno more (?:waiting (?:for|on) |taking |riding |catching |using )?(?:the |my )?(?P<w>[a-z][\w\-]{2,})"
                          r"(?:\s*(?:[.!;,]|$)|\s+(?=(?:in|at|on|for|every)\b))", re.I)


def _named_in(old: str, word: str) -> bool:
    """Does ``old`` write ``word`` as a name, capitalised after its first letters?"""
    return any(o.group(0)[0].isupper() and _has_letters_before(old, o.start())
               for o in re.finditer(r"(?<![\w.\-])" + re.escape(word) + r"(?![\w\-])", old, re.I))


def _source_in(old: str, word: str) -> bool:
    """Does ``old`` name ``word`` as where something comes from or happens ("from pickard", "use square", "in the
    heights")?"""
    return bool(re.search(rf"\b(?:from|with|w/?|through|thru|via|by|use|uses|using|at|in|on)\s+(?:the\s+)?"
                          rf"{re.escape(word)}\b", old, re.I))


@lru_cache(maxsize=4096)
def let_down(text: str) -> tuple[str, ...]:
    """Lower-case words a message that switches blames: "pruitt jacked prices like 30% so im gettin brisket from
    lone star provisions now", "tadcaster cant do the bed height we need so its cadeby stone now" (and each with the
    word before it: "pro tools")."""
    if not _SWITCH_MADE.search(text):
        return ()
    blamed = [m for m in re.finditer(r"\b[a-z][\w\-]{2,}\b", text)
              if m.group(0) not in STOPWORDS and (_FAILED.match(text, m.end()) or _COULD_NOT.match(text, m.end()))]
    # with the word before it, for a name of two words: "pro tools subscription was killing my wallet"
    pairs = [f"{before.group(1)} {m.group(0)}" for m in blamed
             if (before := re.search(r"\b([a-z][\w\-]{1,}) $", text[:m.start()])) and before.group(1) not in STOPWORDS]
    return tuple(m.group(0) for m in blamed) + tuple(pairs)


def asserts_name(text: str, name: str) -> bool:
    """Does ``text`` mention ``name`` (a lower-cased word) outside any rejection span?"""
    spans = _rejection_spans(text)
    return any(not _inside(m.start(), spans) and not _POSTFIX_NEG.match(text[m.end():m.end() + 60])
               for m in re.finditer(r"(?<![\w.\-])" + re.escape(name) + r"(?:e?s)?(?![\w\-])", text, re.I))


def _has_letters_before(text: str, index: int) -> bool:
    return any(c.isalpha() for c in text[:index])


def _negative_spans(text: str) -> list[tuple[int, int]]:
    spans: list[tuple[int, int]] = []
    for pattern, end_pattern in ((_NEG_CUE, _PLAIN_END), (_FROM_CUE, _FROM_END)):
        for cue in pattern.finditer(text):
            start = cue.end()
            end_match = end_pattern.search(text, start + 1)
            spans.append((start, end_match.start() if end_match else len(text)))
    over = _OVER.search(text)
    if over:
        end_match = _PLAIN_END.search(text, over.end() + 1)
        spans.append((over.end(), end_match.start() if end_match else len(text)))
    return spans


def _positive_spans(text: str) -> list[tuple[int, int]]:
    """Text after "replaced by", "in favour of", "->": what follows is the new, chosen thing."""
    spans = []
    for m in _FAVOUR_AFTER.finditer(text):
        end_match = _PLAIN_END.search(text, m.end() + 1)
        spans.append((m.end(), end_match.start() if end_match else len(text)))
    return spans


def _rejected_before(text: str) -> list[tuple[int, int]]:
    """Spans just before "was replaced by" / "in favour of" / "->" / "conflicts with": the old thing; and a value said
    to be the old one ("120 was price from last year")."""
    spans = []
    for m in _FAVOUR_AFTER.finditer(text):
        begin = max(0, m.start() - 60)
        window = text[begin:m.start()]
        cut = max(window.rfind(","), window.rfind(";"), window.rfind("."))
        spans.append((begin + cut + 1 if cut >= 0 else begin, m.start()))
    return (spans + [m.span(m.lastindex) for m in _OLD_VALUE.finditer(text)]
            + [m.span("what") for m in _FIND_USELESS.finditer(text)])


# "I find cups and Fahrenheit quite useless": what the user has no use for
_FIND_USELESS = re.compile(r"\b(?:i|we) find (?P<what>[^.,;!?]{2,40}?) (?:quite |very |really |pretty |totally |completely |so )?"
                           r"(?:useless|pointless|impractical|unreadable|confusing)\b", re.I)


# "120 was price from last year", "90 was the old price": a value the text says is outdated
_OLD_VALUE = re.compile(r"(?<![\w.])(\d[\d.,]*)(?:\s+[a-z]+)?\s+(?:was|were)\s+(?:(?:the|my|our)\s+)?(?:(?:old|previous|former)\s+"
                        r"[a-z]+|(?:[a-z]+\s+)?(?:from|for|of)\s+last\s+(?:year|month|season|term))\b|"
                        # "they gave our thursday slot to some corporate league"
                        r"\b(?:gave|given|lost)\s+(?:away\s+)?(?:our|my|the)\s+(\w+)\s+(?:slot|spot|booking|pitch|court)\b|"
                        # "crew night is mondays now, same time, the gym has a league on thursdays so"
                        r"(?<=, )the \w+ (?:has|have|got) (?:a |an |the |their )?[\w\-]+(?: [\w\-]+)? on "
                        r"((?:mon|tues|wednes|thurs|fri|satur|sun)days?)\b|"
                        # "The vicar needs the church on Tuesday evenings ..., so we have moved our practice to Thursdays"
                        r"\b(?:needs|wants|has booked|booked|took|takes) the \w+ on ((?:mon|tues|wednes|thurs|fri|satur|sun)days?)\b"
                        r"(?=[^.]*\b(?:moved|changed|shifted|switched)\b)", re.I)


_KEEPING = re.compile(r"\s*(?:upgrade|downgrade|update|change|replace|remove|drop|migrate|move|touch|modify|rewrite|"
                      r"uninstall|delete|deprecate|get rid of)\b", re.I)


def _negated(pos: int, spans: list[tuple[int, int]], text: str) -> bool:
    """Inside a rejection span, unless the negation is of changing the thing ("we can't upgrade
    Python", "don't remove Redis": the thing stays)."""
    return any(s <= pos < e and not _KEEPING.match(text[s:pos]) for s, e in spans)


def without_rejections(text: str) -> str:
    """``text`` with what it rejects blanked out ("june 21, not june 14" -> "june 21,            ")."""
    for start, end in _rejection_spans(text):
        text = text[:start] + " " * (end - start) + text[end:]
    return text


_GONE_SLOT = re.compile(
    r"(?:\b(?:the|my|our)\s+|(?<='s\s)|(?:^|(?<=[,.;!]\s))|(?<=\bsince )|(?<=\bbecause )|(?<=\bcuz )|(?<=\bbc ))"
    r"(?:(?:old|former|previous|longtime|long-time|ex-)\s*"
    r"(?P<old>[a-z][\w\-]*)(?:'s)?"
    r"(?=(?:\s+[\w']+){0,5}?\s+(?:gone off|went off|headed off|is off to|went|goes|is out|is gone|was sold(?! out)|sold(?! out)|died|broke|retired|moved|left|quit|"
    r"(?:got )?flooded|(?:got |was )?stolen|for good|"
    r"stepped down|got replaced|is history|is dead|kept crashing|stopped working|is done|got the boot|"
    r"contract (?:ended|lapsed|ran out|expired)|(?:does|do|is|are)(?:n'?t| not) \w+(?: \w+)? any ?more|no longer|"
    r"(?:is|was|got) (?:closed|shut down|discontinued|cancell?ed)|"
    r"is (?:now )?on (?:leave|secondment|sabbatical|parental leave|maternity leave)|is away)\b)|"
    + _PUBLISHED + r"(?P<left>[a-z][\w\-]*(?:\s+[a-z][\w\-]*)?)(?:'s\s+(?:been\s+)?(?:sold(?! out)|gone|history)|"
    r"\s+(?:just\s+|has\s+)?(?:quit|" + _LEFT + r"|resigned|" + _RETIRED + r"|stepped down|"
    r"moved away|moved to(?!\s+(?:mon|tues|wednes|thurs|fri|satur|sun)days?\b)|is out(?! today| tomorrow| this| until| till)(?![^.]*\bback (?:next|on|by|tomorrow|in)\b)|is gone|was let go|got fired|is leaving|(?:got|was) (?:sold(?! out)|torn down|condemned)|"
    r"(?:got|was) (?:stolen|nicked|totaled|totalled|written off)|"
    r"(?:got|was) (?:ripped|torn|pulled) out|(?:is|was|went|is going|got put|got tossed) (?:now )?(?:in|into) the "
    r"(?:[\w\-]+ ){0,2}(?:bin|trash|garbage|dumpster|drawer|closet|attic|donation pile)|"
    r"burned down|is (?:collecting|gathering) dust|shut down|went (?:under|bust|out of business)|"
    # "the restaurant closed in May, the owner went back to Buenos Aires"
    r"(?<!\bis )(?<!\bwas )(?<!\bare )(?<!\bwere )(?<!\bbe )closed(?!\s+(?:early|for|on|at|until|till|today|tonight|this|over|between|the|its|their|our|my|his|her|down|up|"
    r"off|out|in\s+on)\b)|is closed(?!\s+(?:early|on|at|until|till|today|tonight|this|"
    r"over|between|for (?:the (?:day|night|week|weekend|holidays?)|lunch|today|tonight|a (?:day|week|few|couple)|"
    r"\w+ (?:days|hours|weeks)|(?:the )?(?:\w+ )?(?:break|holidays?|renovations?|repairs?|maintenance))))))\b)", re.I)


_HYPOTHETICAL = re.compile(r"\b(?:might(?! add\b)|could(?! only)|considering|sav(?:ing|in'?) up for|thinkin[g']? (?:about|of|(?:i|we) ?(?:'ll|ll| will| might))|if we ever|maybe|perhaps|someday|"
                           r"eventually|wondering|should we|what if|(?<!from )(?<!\d )(?<!ed in )"  # "the restaurant closed in May"
                           r"may(?!\s+\d)|toying with|the idea of|undecided|floating|"
                           r"on the fence|debating|weighing|evaluating|floated|(?:almost|nearly) (?:went|switched|chose|picked|booked|"
                           r"signed|bought|moved|hired)|nothing(?:'s| is)? (?:decided|final|set)|"
                           r"not (?:decided|final|set) yet|(?:cost |price )?comparison|haven'?t decided|"
                           r"not sure yet|(?:i'?d|i would|we'?d|we would) (?:think|consider|look|probably))\b|^\W*if\b",
                           re.I)
_ADDITIVE = re.compile(r"\b(?:also|as well|in addition|additionally|another(?! \d| (?:year|month|week|day|few|couple))|"
                       r"added|adding)\b", re.I)
_EXPLICIT_CHANGE = re.compile(r"\b(?:moved|switched|changed|pushed|replaced|instead|no longer|any ?more|bumped|raised|"
                              r"lowered|went (?:up|down)|rescheduled|postponed|not)\b", re.I)


_SETTLED = r"from now on|going forward|as of"
_DEFINITE = re.compile(rf"\b(?:instead|{_SETTLED}|so (?:i'?m|we'?re|i am|we are|it'?s))\b", re.I)


_TURN = re.compile(r"(?:,\s*|\s+)(?:so|but|then|ended up|went with|in the end)\b", re.I)
_SETTLED_CUE = re.compile(rf"\b(?:{_SETTLED})\b", re.I)


def hypothetical(text: str) -> bool:
    """Does ``text`` only consider something ("we might switch to Fly.io", "maybe Svelte someday"),
    rather than report a settled change ("they asked if I could come earlier, so I'm going at 11
    instead")?"""
    head = re.split(r",?\s+so\s+(?=(?:the|we|i|it|that|they|he|she)\b)", text, maxsplit=1)[0]  # not "..., so the magician might go"
    cue = _HYPOTHETICAL.search(head)
    if cue is None:
        return False
    # a settled change said before the cue, or after a turn ("... but went with Render instead"); an
    # "instead" inside the considered clause is part of what is considered ("booth might have to open at 5 instead")
    after = text[cue.end():]
    turn = _TURN.search(after)
    return not (_DEFINITE.search(text[:cue.start()]) or (turn and _DEFINITE.search(after[turn.start():]))
                or _SETTLED_CUE.search(after) or _SO_NOW_SETTLED.search(after))


# "asked whether we might rehearse earlier, ..., so practice is now at half past five": what was asked is settled
_SO_NOW_SETTLED = re.compile(r"\bso\s+(?:[\w']+\s+){0,3}(?:is|are|'s|'re)\s+now\b", re.I)


_CONSEQUENCE = re.compile(r",?\s+so\s+(?=(?:the|our|my|it|it's|its|that|we|we're|i|i'm|[\w\-]+(?:'s| is| are)\b))", re.I)


def additive(text: str) -> bool:
    """Does ``text`` add to what is known rather than change it ("we also ship to Mexico now",
    "we added a 7pm class")?"""
    said = _CONSEQUENCE.split(text)[-1]  # "admin added an advisory block, so 3rd period is 10:20 now" changes a time
    return bool(_ADDITIVE.search(said)) and not _EXPLICIT_CHANGE.search(text)


_GOT_RID = re.compile(r"(?:\b(?:i|we|they)\s+|^\W*(?:(?:the|my|our)\s+)?(?:boss|owner|manager|company|estate|farm|landlord)\s+|^\W*)(?:just\s+|finally\s+|already\s+)?(?:sold|gave away|donated|got rid of|"
                      r"traded in|tossed|said goodbye to|waved goodbye to|bid farewell to)\s+(?:the|my|our)\s+(?P<rid>[\w&\-]+(?:\s+(?!(?:last|this|yesterday|today|"
                      r"in|on|at|to|for|and|but|so|a|finally|already|too)\b)[a-z][\w\-]*)?)", re.I)


def gone_slots(text: str) -> tuple[str, ...]:
    """Roles or things the text says are gone: "my old second (shooter)", "our head setter stepped down",
    "I sold the 416"."""
    return (tuple((m.group("old") or m.group("left")).lower() for m in _GONE_SLOT.finditer(text))
            + tuple(m.group("rid").lower() for pattern in (_GOT_RID, _RETIRED_OLD) for m in pattern.finditer(text)))

# "the shop retired the old handheld scanner this week": the old one, whatever it is called now
_RETIRED_OLD = re.compile(r"\b(?:retired|scrapped|binned|ditched|replaced|got rid of|tossed|rip to|r\.?i\.?p\.? to)\s+"
                          r"(?:the|my|our)\s+old\s+"
                          r"(?:[\w\-]+\s+){0,2}?(?P<rid>[a-z][\w\-]*)(?=\s*(?:[,.;!\u2600-\u27bf\U0001f300-\U0001faff]|$)|"
                          r"\s+(?:this|last|today|yesterday|for|"
                          r"with|and|because|bc|since|finally)\b)", re.I)


def _inside(pos: int, spans: list[tuple[int, int]]) -> bool:
    return any(s <= pos < e for s, e in spans)


def _slot_choices(text: str) -> list[Choice]:
    out: list[Choice] = []
    for group, pattern in _SLOTS:
        for m in pattern.finditer(text):
            value = m.group("v").strip()
            if value.lower() in {"a", "an", "the", "not", "no"}:
                continue
            out.append(Choice(group, value.lower(), value, True, m.start("v"), m.end("v")))
    for pattern, prefix in ((_FAVOURITE, "favourite"), (_ATTRIBUTE, "attribute")):
        for m in pattern.finditer(text):
            key = m.group("k").lower().replace("favorite", "favourite").replace("colour", "color")
            value = m.group("v").strip()
            if not value:
                continue
            out.append(Choice(f"{prefix}:{key}", value.lower(), value, True, m.start("v"), m.end("v")))
    return out


@lru_cache(maxsize=16384)
def analyze(text: str) -> TopicAnalysis:
    """Choices, scopes, tags and replacement intent of one statement (cached; pure)."""
    neg = _negative_spans(text)
    pos_after = _positive_spans(text)
    rejected = _rejected_before(text)
    anymore = _ANYMORE.search(text)
    choices: list[Choice] = []
    for m in _TERMS.finditer(text):
        matched = m.group(0)
        entry = _lookup(matched) or _lookup_in(text, m.start(), m.end())
        if entry is None:
            continue
        if entry.display in _NOT_AT_START and not _has_letters_before(text, m.start()):
            continue
        positive = True
        if _inside(m.start(), pos_after):
            positive = True
        elif _negated(m.start(), neg, text) or _inside(m.start(), rejected) or _POSTFIX_NEG.match(text[m.end():m.end() + 60]):
            positive = False
        elif anymore and m.start() < anymore.start() and re.search(r"\b(?:not|no|don'?t|never)\b",
                                                                  text[:m.start()], re.I):
            positive = False
        for group, needs_context in entry.memberships:
            if needs_context and not _CONTEXT[group].search(text):
                continue
            if any(c.group == group and c.term == entry.display.lower() and c.positive == positive for c in choices):
                continue
            choices.append(Choice(group, entry.display.lower(), entry.display, positive, m.start(), m.end()))
    choices.extend(_slot_choices(text))
    scopes = frozenset(name for name, p in _SCOPES if p.search(text))
    tags: dict[str, None] = {}
    for c in choices:
        tag = GROUP_TAGS.get(c.group)
        if tag:
            tags.setdefault(tag, None)
        else:
            tags.setdefault("favourites" if c.group.startswith("favourite:") else "profile", None)
    for name, p in _TAG_RULES:
        if p.search(text):
            tags.setdefault(name, None)
    return TopicAnalysis(tuple(choices), scopes, bool(_REPLACEMENT_INTENT.search(text)), tuple(tags))


@lru_cache(maxsize=4096)
def _lookup(matched: str) -> _Entry | None:
    for entry in _ENTRIES:
        if entry.regex.fullmatch(matched):
            return entry
    return None


def _lookup_in(text: str, start: int, end: int) -> _Entry | None:
    """The entry of a term whose pattern looks around it ("unity rn", "Sony a7"), matched in place."""
    return next((e for e in _ENTRIES if (m := e.regex.match(text, start)) is not None and m.end() == end), None)


def is_exclusive(group: str) -> bool:
    """Exclusive groups hold one current choice; slots (name, location, favourites) are exclusive too."""
    return group in EXCLUSIVE or group not in _GROUP_BY_NAME


def group_tag(group: str) -> str:
    return GROUP_TAGS.get(group, group.split(":", 1)[-1])


_CAPITALISED = re.compile(r"\b[A-Z][A-Za-z0-9+#.\-]*[A-Za-z0-9+#](?:\s+(?:[A-Z][A-Za-z0-9+#.\-]*[A-Za-z0-9+#]|\d+))*")
_NOT_ENTITIES = frozenset("""
REDACTED_SECRET REDACTED SECRET I I'm I'd I'll I've Im The A An This That These Those We Our My You Your It Its He She They Please Also And But Or So
If When Then Actually Okay OK Ok Yes No Hi Hello Hey Thanks Thank Sure Note Use Let Let's Lets Do Don't Never Always
Remember Keep Make Maybe Just Today Tomorrow Yesterday Tonight Monday Tuesday Wednesday Thursday Friday Saturday
Sunday January February March April May June July August September October November December Temporary Constraint
Important Critical Hard Rule Deadline Todo TODO FYI BTW What Why How Where Which Who Can Could Would Should Will Is
Are Was Were Have Has Had Going Switch Move Avoid Don't Stop Not Update Correction Reminder Heads Lesson Mistake
""".split())


def entities(text: str, analysis: TopicAnalysis | None = None) -> tuple[str, ...]:
    """Named things in ``text``: known technologies first, then capitalised names (max 8)."""
    found: dict[str, None] = {}
    for display in (analysis or analyze(text)).displays():
        if not display.islower():
            found.setdefault(display, None)
    for m in _CAPITALISED.finditer(text):
        phrase = m.group(0).strip(".-")
        parts = phrase.split()
        while parts and parts[0] in _NOT_ENTITIES:
            parts = parts[1:]
        while parts and parts[-1] in _NOT_ENTITIES:
            parts = parts[:-1]
        if not parts:
            continue
        name = " ".join(parts)
        if len(parts) == 1 and not _has_letters_before(text, m.start()) and not name.isupper():
            continue
        if len(name) < 2 or any(name.lower() == f.lower() or name.lower() in f.lower() for f in found):
            continue
        found.setdefault(name, None)
        if len(found) >= 8:
            break
    return tuple(found)[:8]
