"""What a statement says something *is*: attribute frames, product versions and street addresses.

A frame pairs an attribute (a few words: "drummer", "release show", "data quality checks") with
the named value the statement gives it ("Kenji", "The Velvet Room", "Great Expectations"):

- ``the|our|my new <Name> <attribute>``  ("the new Evenheat kiln")
- ``<attribute> is [now|actually|handled|written] [at|on|with|in|by] <Name>``  ("our contact there is Rita
  Gomez", "our bookkeeping is handled by Bright Ledger")
- ``<Name> is [now] our|my|the [new] <attribute>``  ("Dario is our drummer now", "Toast is our POS"), ``<Name>
  is <attribute> now``, ``<Name> is covering as / taking over as <attribute>``
- ``<Name> runs|handles|took over|has handled|stepped into [our|the] <attribute>``  ("Rippling runs our payroll")
- ``made|named|hired <Name> [as] my|our <attribute>``, ``elected a new <attribute>, it's <Name>``, ``I report
  to <Name>`` (a manager)
- ``the <attribute>, <Name>``  ("the night charge nurse, Dolores Fenwick")
- ``<attribute> goes|is sent|ships to <Name>``, ``send <attribute> to <Name>``  ("crown and bridge work goes
  to Northgate Ceramics"), ``<attribute> comes from|goes|runs through <Name>``
- ``[<word>] <word> [mainly|all|now] in|at|on|to|with|from|by|through <Name>``  ("soft-launches in the
  Philippines", "order parts mainly through QBP")
- ``<attribute> changed|moved to <Name>``, ``<attribute> changed, it's at <Name>``, ``updated the
  <attribute> to <Name>``
- ``use|switched to|went with|signed with <Name> for|as|to send <attribute>``  ("switched to Soda for data
  quality")

An acronym attribute matches the words it abbreviates ("PM" / "project manager").

Two statements whose frames share an attribute word but name different values say different
things about the same slot; the contradiction rules decide what that means (``contradiction``).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from ..index.stemmer import porter_stem
from .text import STOPWORDS
from .values import CALENDAR, CHANGE_WORDS, STREET

_NAME = (r"(?:[Tt]he\s+|an?\s+(?=[A-Z])|(?:Dr|Mr|Mrs|Ms|Prof|St|Mt|Ft|Rev|Revd|Fr|Capt|Sgt|Cllr)\.?\s+)?(?:[A-Z]|[a-z]{1,5}[A-Z])[\w'.\-]*[\w']"  # macOS
         r"(?:\s+(?:&|of|de|(?:Co|Inc|Ltd|LLC|Jr|Sr|Bros)\.|[A-Z][\w'.\-]*[\w']|"
         r"v?\d(?:[\w.\-]*\w)?))*"
         r"|[A-Z](?![\w'])"
         r"|(?:[Dd]r|[Mm]rs?|[Mm]s|[Pp]rof)\.?\s+[a-z][\w'\-]*[a-z]")  # "dr. halloran", written in lower case
_ATTRIBUTE = r"[A-Za-z][\w\-]*(?:'s)?(?:\s+[A-Za-z][\w\-]*(?:'s)?){0,5}?"
_ROLE = r"(?:[a-z][\w\-]*|[A-Z]{2,5}s?\b)"  # a word of an attribute, or an acronym ("our POS", "my PCP")
_IS = (r"(?:is|are|'s|was|were|will be|has been|have been|is going to be|'s going to be|is gonna be)\s+(?:now\s+|currently\s+|still\s+|officially\s+|100%\s+|"
       r"fully\s+|entirely\s+|actually\s+|really\s+)?(?:(?:done|handled|kept|held|tracked|managed|run|hosted|processed|"
       r"docked|stored|written|built|made)\s+)?")
_DAYS = r"(?:(?:on\s+)?[A-Z][a-z]+days?(?:\s*(?:,|and|&)\s*[A-Z][a-z]+days?)*\s+)?"  # "is Tuesdays and Thursdays at X"
_ONE_HOLDER = (r"(?i:apprentice|assistant|intern|trainee|boss|manager|supervisor|foreman|deckhand|co-?driver|co-?pilot|"
               r"receptionist|secretary|nanny|babysitter|bookkeeper|mentor|tutor|coach|locum|skipper|"
               r"co-?host|(?:office|practice|line|site|project|store|shop|clinic) manager)")
_LOWER_NAME = (r"(?!(?:\w+ly|really|also|just|still|never|always|now|finally|lol|haha\w*|yay|ugh|omg|today|"
               r"and|but|so|is|was|has|who|that)\b)[a-z\u00df-\u00ff\u0100-\u017f]{3,}")
_PATTERNS = (
    # "the new Evenheat kiln arrived, it's replacing the old one"
    re.compile(r"\b(?:[Tt]he|[Oo]ur|[Mm]y)\s+new\s+(?P<val>(?:[A-Z]|[a-z]{1,5}[A-Z])[\w'.\-]*[\w'](?:\s+[A-Z][\w'.\-]*[\w'])*)"
               r"\s+(?P<attr>[a-z][\w\-]*)\b"),
    re.compile(rf"(?P<attr>{_ATTRIBUTE})\s+{_IS}{_DAYS}(?:at|on|with|in|from|by|called|named)?\s*(?P<val>{_NAME})"),
    re.compile(rf"(?P<val>{_NAME})(?:\s+{_IS}|'s\s+(?:now\s+)?)(?:our|my|the)\s+(?:new\s+)?(?P<attr>{_ROLE}(?:\s+{_ROLE}){{0,2}})"),
    re.compile(rf"(?P<val>{_NAME})\s+(?:is|'s)\s+(?:now\s+)?(?:covering|acting|serving|taking over|stepping in|filling in)"
               rf"(?:\s+as)?\s+(?:the\s+|our\s+|my\s+)?(?P<attr>[a-z][\w\-]*(?:\s+[a-z][\w\-]*){{0,2}})"),
    re.compile(rf"\b(?i:made|named|appointed|hired|picked|chose)\s+(?P<val>{_NAME})\s+(?:as\s+)?(?:my|our|the)\s+"
               rf"(?:new\s+|official\s+|permanent\s+)?(?P<attr>[a-z][\w\-]*(?:\s+[a-z][\w\-]*){{0,2}})"),
    re.compile(rf"\b(?:all\s+|our\s+|the\s+)?(?P<attr>[a-z][\w\-]*(?:\s+[a-z][\w\-]*){{0,3}}?)\s+(?:work\s+|cases\s+|"
               rf"orders\s+)?(?:goes|go|gets sent|get sent|is sent|are sent|routes?|ships?)\s+to\s+(?P<val>{_NAME})"),
    # "new cohost!! Ozzie ...", "New office manager started Monday, Lourdes."
    re.compile(rf"\b(?i:new)\s+(?P<attr>[a-z][\w\-]*(?:\s+[a-z][\w\-]*){{0,2}}?)(?:\s*(?:!+|:|\u2014)\s*|"
               rf"\s+(?:started|starts|joined|begins)(?:\s+(?:on\s+)?\w+)?,\s+(?:(?:her|his|their)\s+name'?s\s+)?)"
               rf"(?P<val>{_NAME})"),
    # "My office manager Denise handles all the insurance pre-auths"
    re.compile(r"\b(?:[Mm]y|[Oo]ur)\s+(?P<attr>[a-z][\w\-]*(?:\s+[a-z][\w\-]*){0,2}?)\s+(?P<val>[A-Z][a-z]+(?:\s+[A-Z][a-z]+)?)"
               r"\s+(?:handles|does|runs|manages|covers|takes care of|is in charge of|is|has)\b"),
    # "my apprentice jaxon is a good kid", "new apprentice started today, mia, first year": one person in a
    # role, named in lower case
    re.compile(rf"\b(?:[Mm]y|[Oo]ur)\s+(?P<attr>{_ONE_HOLDER})\s+(?P<val>{_LOWER_NAME})\s+(?:is|has|was|does|handles|"
               rf"runs|keeps|can't|cannot|never|always)\b"),
    # "my ward manager is gemma, shes lovely", "tunde is acting manager now"
    re.compile(rf"\b(?:[Mm]y|[Oo]ur)\s+(?P<attr>(?:[a-z]+\s+)?{_ONE_HOLDER})\s+is\s+(?P<val>{_LOWER_NAME}(?:\s+{_LOWER_NAME})?)"
               r"(?=\s*[,.;!]|$)"),
    re.compile(rf"\b(?P<val>{_LOWER_NAME})\s+(?:is|'s)\s+(?:now\s+)?(?:the\s+|our\s+|my\s+)?(?:acting|interim|new)\s+"
               rf"(?P<attr>{_ONE_HOLDER})\b"),
    re.compile(rf"\b(?i:new)\s+(?P<attr>{_ONE_HOLDER})\s+is\s+(?P<val>{_LOWER_NAME})\b"),  # "new receptionist is carmen"
    re.compile(rf"\b(?i:new)\s+(?P<attr>{_ONE_HOLDER})\s+(?:started|starts|joined|began)(?:\s+(?:on\s+)?\w+)?,\s+"
               rf"(?P<val>{_LOWER_NAME})(?=\s*[,.!]|$)"),
    re.compile(rf"\b(?i:new)\s+(?P<attr>[a-z][\w\-]*(?:\s+[a-z][\w\-]*){{0,2}}?)\s+(?:starts|started|joined|begins|began)\b"
               rf"[^,.;!]*,\s+(?:her|his|their)\s+name(?:'s|\s+is)\s+(?P<val>{_LOWER_NAME})\b"),
    # "for color I use Reichenbach rods", "for pivots i've always used Nye clock oil"
    re.compile(rf"\b(?i:for)\s+(?P<attr>[a-z][\w\-]*(?:\s+[a-z][\w\-]*)?),?\s+(?i:i|we)(?:'ve|\s+have)?(?:\s+always)?\s+"
               rf"(?:use|used|buy|bought|get|order|ordered)\s+(?P<val>{_NAME})"),
    # "Deepak is promoted to head baker now"
    re.compile(rf"(?P<val>{_NAME})\s+(?:is|was|got|has been|'s been)\s+(?:now\s+)?promoted\s+to\s+(?:the\s+|our\s+|my\s+)?(?:new\s+)?"
               rf"(?P<attr>[a-z][\w\-]*(?:\s+[a-z][\w\-]*)?)\b"),
    # "Bea started as my apprentice this week"
    re.compile(rf"(?P<val>{_NAME})\s+(?:started|starts|is starting|began|joined)\s+as\s+(?:my|our|the)\s+(?:new\s+)?"
               rf"(?P<attr>[a-z][\w\-]*(?:\s+[a-z][\w\-]*)?)\b"),
    # "Pete Kowalski is the one who handles callouts now"
    re.compile(rf"(?P<val>{_NAME})\s+is\s+the\s+one\s+(?:who|that)\s+(?:handles|does|runs|sends|makes|covers|takes care of)\s+"
               rf"(?:the\s+|our\s+|all\s+)?(?P<attr>[a-z][\w\-]*(?:\s+[a-z][\w\-]*)?)\b"),
    # "we're doing Ocean Currents as the show instead"
    re.compile(rf"\b(?i:doing|using|running|playing|performing|going with)\s+(?P<val>{_NAME})\s+as\s+(?:the|our|my)\s+"
               rf"(?P<attr>[a-z][\w\-]*(?:\s+[a-z][\w\-]*)?)\b"),
    # "moved all the woodwinds over to Legere synthetic reeds"
    re.compile(rf"\b(?i:moved|switched|went|gone|changed)\b[^.,;]{{0,40}}?\s+over\s+to\s+(?P<val>{_NAME})\s+"
               rf"(?:[a-z][\w\-]*\s+)?(?P<attr>[a-z][\w\-]*s)\b"),
    # "New venue for poll worker training - the public library annex": a new place, named in any case
    re.compile(r"\b(?i:new)\s+(?:spot|venue|location|place|home|site|base)\s+for\s+(?P<attr>[a-z][\w\-]*(?:\s+[a-z][\w\-]*){0,2}?)"
               r"(?:\s+(?:starting|from|as of)\s+[\w ]{2,20}?)?\s*(?::|-|\u2013|\u2014)\s*(?:the\s+)?(?:old\s+)?"
               r"(?P<val>[A-Za-z][\w'&\-]*(?:\s+[A-Za-z][\w'&\-]*){0,3}?)(?=\s*(?:[,.;!]|$| off\b| on\b| in\b| at\b))"),
    # "Mireille won it, she's captain now"
    re.compile(rf"(?P<val>{_NAME})\s+(?:won|got|took)\s+(?:it|the \w+)\s*,\s+(?:she|he|they)(?:'s|'re| is| are)\s+"
               rf"(?:the\s+|our\s+)?(?P<attr>[a-z][\w\-]*)\s+now\b"),
    re.compile(rf"(?P<attr>{_ATTRIBUTE})\s+(?:run|runs|go|goes|come|comes|happen|happens)\s+(?:all\s+)?(?:through|via)\s+"
               rf"(?P<val>{_NAME})"),
    re.compile(rf"\b(?i:send|sends|route|routes|ship|ships)\s+(?:all\s+|our\s+|the\s+)?(?P<attr>[a-z][\w\-]*"
               rf"(?:\s+[a-z][\w\-]*){{0,3}}?)\s+to\s+(?P<val>{_NAME})"),
    re.compile(rf"\b(?P<attr>(?:[a-z][a-z\-]{{2,}}\s+)?(?:[a-z]|^[A-Z])[a-z\-]{{2,}})(?:'s|\s+(?:is|are|go|goes|went|come|comes|get|gets))?"
               rf"(?:\s+coming)?(?:\s+(?:all|mainly|mostly|"
               rf"usually|always|now|only|primarily|exclusively|entirely|fully))*\s+(?:in|at|on|to|with|from|by|through|"
               rf"via)\s+(?P<val>{_NAME})"),
    re.compile(rf"(?P<val>{_NAME})\s+(?:is|'s)\s+(?P<attr>[a-z][\w\-]*(?:\s+[a-z][\w\-]*){{0,2}}?)\s+now\b"),
    # "our new landlord is some property company called keystone"
    re.compile(rf"(?P<attr>{_ATTRIBUTE})\s+{_IS}(?:an?|some|this)\s+(?:[a-z][\w\-]*\s+){{0,3}}?(?:called|named)\s+"
               rf"(?P<val>{_NAME})"),
    re.compile(rf"\b(?:[Tt]he|[Oo]ur|[Mm]y|a new|an?|[Nn]ew)\s+(?P<attr>[a-z][\w\-]*(?:\s+[a-z][\w\-]*){{0,3}}),\s+(?P<val>{_NAME})"
               rf"\s*(?:[.;,]|$)"),
    re.compile(rf"(?P<attr>{_ATTRIBUTE})\s+(?:changed|moved|switched)\s+(?:over\s+)?to\s+(?P<val>{_NAME})"),
    re.compile(rf"\b(?i:elected|hired|appointed|named|picked)\s+(?:a|our)\s+new\s+(?P<attr>[a-z][\w\-]*(?:\s+[a-z][\w\-]*){{0,2}}?)"
               rf"(?:\s+(?:last|this)\s+\w+|\s+yesterday|\s+today)?,"
               rf"\s+(?:it'?s|she'?s|he'?s|they'?re)\s+(?P<val>{_NAME})"),
    re.compile(rf"\b(?i:i|we)\s+(?:now\s+)?(?P<attr>report)\s+(?:directly\s+)?to\s+(?P<val>{_NAME})"),
    re.compile(rf"\b(?i:updated|upgraded|moved|switched|changed|migrated)\s+(?:the|our|my)\s+(?P<attr>[A-Za-z][\w\-]*"
               rf"(?:\s+[a-z][\w\-]*){{0,2}}?)\s+(?:over\s+)?to\s+(?P<val>{_NAME})"),
    re.compile(rf"(?P<attr>{_ATTRIBUTE})\s+(?:changed|moved),\s+(?:it'?s|it is|they'?re)\s+(?:now\s+)?(?:at|in|on|with)?\s*"
               rf"(?P<val>{_NAME})"),
    re.compile(rf"(?P<val>{_NAME})\s+(?:now\s+)?(?:runs|handles|manages|does|covers|owns|took over|has taken over|"
               rf"has (?:been )?(?:handled|handling|run|running|managed|managing|done|doing)|"
               rf"is (?:now\s+)?(?:running|handling|managing|doing|covering)|stepped into|moved into)\s+(?:as\s+)?"
               rf"(?:all\s+)?(?:our\s+|my\s+|the\s+)?(?P<attr>[a-z][\w\-]*(?:\s+[a-z][\w\-]*){{0,2}})"),
    re.compile(rf"(?P<attr>{_ATTRIBUTE})\s+(?:orders\s+)?(?:comes?|is coming|are coming|go|goes|is|are)\s+"
               rf"(?:now\s+)?(?:from|through|via)\s+(?P<val>{_NAME})"),
    re.compile(rf"\b(?i:use|uses|using|used|switched to|switching to|moved to|went with|go with|going with|rely on|"
               rf"(?:gone|went|moved|switched) over to|"
               rf"relies on|signed with|ended up with|ended up going with)\s+(?P<val>{_NAME})\s+(?:for|as|to\s+(?:send|"
               rf"run|host|handle|manage|track|store|process|build|deploy|edit|write|log|monitor|book|pay)\w*)\s+"
               rf"(?:the\s+|our\s+|my\s+|all\s+)?(?P<attr>[A-Za-z][\w\-]*(?:\s+[a-z][\w\-]*){{0,2}})"),
)
VAGUE_WORDS = frozenset({"thing", "one", "stuff", "part", "bit", "lot", "kind", "way", "time", "day", "it",
                    "there", "here", "also", "really", "pretty", "very", "so", "too", "well", "going", "great",
                    "good", "fine", "done", "ready", "back", "new", "old"})
_VERSION_NUMBER = r"\s+v?(?P<version>\d+(?:\.\d+)*[a-z]?\d*)(?![\w.]*\w\.\w)"  # "Unity 2021.3", not "v2.example.com"
_VERSION = re.compile(r"\b(?P<name>[A-Z][\w+#\-]*[A-Za-z])" + _VERSION_NUMBER)
_NOT_PRODUCTS = re.compile(r"(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec|mon|tue|wed|thu|fri|sat|sun)[a-z]*|"
                           r"week|day|page|step|chapter|room|unit|floor|table|level|grade|year|q|section|part")


@dataclass(frozen=True, slots=True)
class Frame:
    words: tuple[str, ...]  # the attribute's content words, lower-cased
    value: str  # lower-cased, without a leading "the"

    @property
    def attribute(self) -> frozenset[str]:
        return frozenset(porter_stem(w) for w in self.words)

    def shared_words(self, other: Frame) -> tuple[str, ...]:
        """This frame's attribute words that ``other``'s attribute also has (compared by stem), or an
        acronym of its words ("PM" and "project manager", "GC" and "general contractor")."""
        theirs = other.attribute
        shared = tuple(w for w in self.words if porter_stem(w) in theirs)
        if shared:
            return shared
        for short, long in ((self.words, other.words), (other.words, self.words)):
            for w in short:
                if 2 <= len(w) <= 4 and len(long) >= len(w) and any(
                        "".join(x[0] for x in long[i:i + len(w)]) == w for i in range(len(long) - len(w) + 1)):
                    return (w,)
        return ()


_CALENDAR = re.compile(CALENDAR + r"(?:\s+(?:and|&)\s+\w+)?")
_SAME_ROLE = {"report": "manager", "boss": "manager", "supervisor": "manager",  # "I report to X": X is my manager
              "doc": "doctor", "gp": "doctor", "pcp": "doctor"}


def _attribute_words(text: str, value: str) -> tuple[str, ...]:
    named = set(re.findall(r"[a-z0-9]+", value))
    return tuple(dict.fromkeys(_SAME_ROLE.get(w, w) for w in re.findall(r"[a-z][a-z\-]+", text.lower())
                               if w not in STOPWORDS and w not in CHANGE_WORDS and w not in VAGUE_WORDS and w not in named))


def _value(text: str) -> str:
    return re.sub(r"^(?:(?:fyi|btw|ok|okay|so|oh|also|and|but|update|the|an?)\s+)+", "", text.strip().rstrip(".'").lower())


@lru_cache(maxsize=4096)
def frames(text: str) -> tuple[Frame, ...]:
    """Attribute-value frames of ``text`` (see the module docstring), in order of appearance."""
    out: list[Frame] = []
    for pattern in _PATTERNS:
        for m in pattern.finditer(text):
            value = _value(m.group("val"))
            attribute = _attribute_words(m.group("attr"), value)
            if attribute and value and value not in STOPWORDS and not _CALENDAR.fullmatch(value):
                out.append(Frame(attribute, value))
    if _REPORTS_TO_THEM.search(text) and out:  # "new chief pharmacist, Priya Nair ... I report to her now"
        out.append(Frame(("manager",), out[-1].value))
    # one frame per value and attribute: "release show" at The Velvet Room is part of "album release show"
    return tuple(f for i, f in enumerate(out)
                 if not any(g.value == f.value and set(f.words) <= set(g.words) and (len(g.words) > len(f.words) or j < i)
                            for j, g in enumerate(out) if j != i))


_REPORTS_TO_THEM = re.compile(r"\b(?:i|we) (?:now )?(?:report|answer) (?:directly )?to (?:her|him|them)\b", re.I)
_NOW_CUE = r"(?:now|these days|nowadays|from now on|from here on(?: out)?|going forward|instead)"


def restated_value(text: str, frame: Frame) -> str | None:
    """The value ``text`` gives the attribute of ``frame`` in lower case, before a "now" cue ("tires come
    from michelin now", "commissary is in san leandro now"), or None."""
    heads = "|".join(re.escape(w.rstrip("s")) + "s?" for w in reversed(frame.words) if len(w) >= 4)
    if not heads:
        return None
    m = re.search(rf"\b(?:{heads})(?:'s)?(?:\s+(?:is|are|come|comes|coming|go|goes|get|gets|run|runs|will be|'ll be|"
                  rf"is (?:going to|gonna) be))?(?:\s+(?:all|mostly))?"
                  rf"\s+(?:in|from|at|to|with|through|thru|via|by)\s+(?:the\s+)?(?P<v>[a-z][\w&'\-]*(?:\s+[a-z][\w&'\-]*){{0,2}}?)"
                  rf"\s+{_NOW_CUE}\b", text, re.I)
    if m is None or m.group("v").lower() in STOPWORDS:
        return None
    return m.group("v").lower()


_CHOSEN = re.compile(rf"\b(?i:ended up (?:going )?with|went with|going with|chose|picked|hired|signed with|"
                     rf"opened an account (?:at|with)|(?:switched|moved|migrated)(?: \w+)? (?:to|onto))\s+(?P<val>{_NAME})")


def chosen_names(text: str) -> tuple[str, ...]:
    """Names ``text`` says were chosen ("ended up going with Dr. Osei", "migrated everyone onto Amadeus"),
    lower-cased."""
    return tuple(_value(m.group("val")) for m in _CHOSEN.finditer(text))


@lru_cache(maxsize=4096)
def versions(text: str) -> dict[str, str]:
    """Named products with a version number: ``{"unity": "2021.3"}`` for "on Unity 2021.3 LTS"."""
    return {m.group("name").lower(): m.group("version") for m in _VERSION.finditer(text)
            if m.group("name").lower() not in STOPWORDS and not _NOT_PRODUCTS.fullmatch(m.group("name").lower())}


def version_of(text: str, name: str) -> str | None:
    """The version ``text`` gives the product ``name``, in any case ("migration to react 18 merged")."""
    m = re.search(r"(?<![\w.])" + re.escape(name) + _VERSION_NUMBER, text, re.I)
    return m.group("version") if m else None


def street_addresses(text: str) -> frozenset[str]:
    """Street addresses ("18 Mill Street", "15 harbor way"), lower-cased."""
    return frozenset([m.group(0).lower() for m in STREET.finditer(text)]
                     + [f"{n} {name} {kind}" for n, name, kind in _lower_streets(text) if n])


# "now at 15 harbor way", "the new apartment on lamar blvd": a street typed in lower case
_LOWER_STREET = re.compile(r"\b(?:on|at|to|in)\s+(?:(?:our|the|my)\s+)?(?:(?P<n>\d{1,5})\s+)?(?P<name>[a-z][\w'\-]*(?:\s+[a-z][\w'\-]*)?)"
                           r"\s+(?P<kind>street|st|road|rd|avenue|ave|boulevard|blvd|lane|ln|drive|way|court|ct|terrace|"
                           r"highway|hwy|parkway|pkwy)\b")
_NOT_STREET = frozenset("same right wrong long whole other open main high".split()) | STOPWORDS


def _lower_streets(text: str) -> list[tuple[str, str, str]]:
    return [(m.group("n") or "", m.group("name"), m.group("kind")) for m in _LOWER_STREET.finditer(text)
            if not any(w in _NOT_STREET for w in m.group("name").split())]


_ON_STREET = re.compile(r"\b(?:on|at|off|to)\s+(?:(?:our|the|my)\s+)?(?:\d{1,5}\s+)?((?:[A-Z][\w'\-]*\s+){1,3})(?:Street|St|Road|Rd|Avenue|Ave|"
                        r"Boulevard|Blvd|Lane|Ln|Drive|Way|Court|Ct|Place|Pl|Square|Sq|Terrace|Highway|Hwy|Parkway|"
                        r"Pkwy)\b")


def street_names(text: str) -> frozenset[str]:
    """The streets a text places something on, with or without a number ("on Maple St", "18 Mill Street"):
    the street's name, lower-cased ("maple", "mill")."""
    found = [m.group(1) for m in _ON_STREET.finditer(text)]
    found += [" ".join(m.group(0).split()[1:-1]) for m in STREET.finditer(text)]
    found += [name for _, name, _ in _lower_streets(text)]
    return frozenset(" ".join(name.split()).lower() for name in found)
