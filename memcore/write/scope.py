"""When a new statement that looks like a change leaves an old memory true because it speaks of
something else: a time-boxed exception ("trash pickup is Wednesday this week"), another person
("my mom switched her phone to Mint"), another instance of the same kind of thing ("the
*production* database" against "the *staging* database"), or a version bump of another product
("we bumped TypeScript to 5.4" against "we run Node 20")."""

from __future__ import annotations

import re
from functools import lru_cache

from ..index.stemmer import porter_stem
from .text import STOPWORDS, proper_names
from .values import CALENDAR, CHANGE_WORDS, same_family

_TIME_BOXED = re.compile(
    r"\b(?:(?:just|only) (?:for )?(?:this|next|the) (?:once|time|week|weekend|month|sprint|trip|shift)|"
    r"this (?:week|weekend|month|time) only|just this once|"
    r"for the next (?:two|three|four|five|few|couple(?: of)?|\d+) (?:days|weeks|months|sessions|meetings|sprints|"
    r"(?:mon|tues|wednes|thurs|fri|satur|sun)days)|"
    r"while (?:\w+ ){1,2}(?:is|'s|are|'re|am|'m) (?:away|out|off|on (?:holiday|vacation|leave|parental leave|"
    r"sabbatical|secondment))|(?:is|'s|are|'re) (?:out |away |off )?on (?:holiday|vacation|leave) until|"
    r"(?:because of|due to) the (?:holiday|bank holiday|long weekend|parade|all-hands|game|marathon|festival)|(?:today|tonight|tomorrow|this \w+|next \w+) only|"
    r"only (?:today|tonight|tomorrow)|this one (?:day|time|week|weekend|shift)|covering for (?:him|her|me|them|us)|"
    r"(?:subbing|covering) (?:for )?my \w+(?: \w+)? (?:next|this) (?:week|time)|"
    r"back (?:in|to|at) .{1,40}(?:the week after|next week|after that)|"
    r"(?:at \d{1,2}(?::\d{2})?\s?(?:am|pm)?|early|late) (?:today|tonight|tomorrow)|"
    r"this (?:mon|tue|tues|wed|thu|thur|thurs|fri|sat|sun))\b", re.I)  # "practice is cancelled this wed"
_SETTLED = re.compile(r"\b(?:from now on|going forward|permanently|for good|as of|starting|from (?:next|this) \w+ on)\b",
                      re.I)


def time_boxed(text: str) -> bool:
    """Does ``text`` make an exception for a while ("is Wednesday this week", "while Sarah is on
    holiday", "for the next two Mondays") rather than change the rule for good?"""
    return bool(_TIME_BOXED.search(text)) and not _SETTLED.search(text)


RELATIVE = (r"mom|mum|mother|dad|father|sister|brother|wife|husband|partner|son|daughter|kid|friend|neighbou?r|boss|"
             r"roommate|flatmate|aunt|uncle|cousin|grandma|grandpa|grandmother|grandfather|in-laws?|colleague|"
             r"coworker|co-worker|niece|nephew|girlfriend|boyfriend|fianc[eé]e?|labmate|teammate|classmate|"
             r"officemate|housemate|bandmate|intern|apprentice|mentee|trainee|assistant|supervisor|manager|"
             r"co-?driver|co-?pilot|co-?host|deckhand|foreman|mate|buddy|pal|bro|sis|stepson|stepdaughter|"
             r"stepmom|stepdad|stepmother|stepfather|grandson|granddaughter|grandkids?|godmother|godfather|godson|"
             r"goddaughter|comadre|compadre|bestie|bff|ex|ex-wife|ex-husband|(?:sister|brother|mother|father)-in-law|"
             r"gf|bf|hubby|wifey|missus|commis|pupil|student")
_THIRD_PARTY = re.compile(rf"^\W*(?:(?:so|and|also|btw|oh|fyi)\W+)*(?:(?:my|our) (?P<who>(?:\w+ )?(?:{RELATIVE}))(?:'s)?\b|"
                          rf"(?P<kin>{RELATIVE})'s\b|(?:{RELATIVE}) (?P<named>(?-i:[A-Z][a-z]+))\b)",
                          re.I)
_SAME_KIN = (("mom", "mum", "mama", "mother"), ("dad", "papa", "father"), ("grandma", "nan", "granny", "grandmother"),
             ("grandpa", "grandfather"))
# one person by other names: the kin above, "my boss" for "my manager", "the kids" for "my son"
_SAME_ROLE = (*_SAME_KIN, ("boss", "manager", "supervisor", "lead", "foreman"),
              ("wife", "husband", "partner", "spouse", "fiance", "fiancee", "girlfriend", "boyfriend"),
              ("son", "daughter", "kid", "kids", "child", "children"), ("colleague", "coworker", "co-worker", "teammate"))
_KIN_NAME = {name: group[-1] for group in _SAME_KIN for name in group}  # "mom's doctor" is "my mother's doctor"
_FIRST_PERSON = re.compile(r"\b(?:i|i'm|im|i've|ive|i'd|i'll|we|we're|we've|we'd|we'll|us|me)\b", re.I)


# "the cat's got a new vet now": a pet is someone else too (but not someone close in ``someone_else``)
PET = r"dog|cat|puppy|kitten|horse|pony|rabbit|bunny|parrot|hamster|tortoise|goat"
_PET = re.compile(rf"^\W*(?:the|my|our) (?P<who>{PET})(?:'s|s')?\b", re.I)
_PETS = re.compile(rf"\b(?:{PET}|dogs|cats)\b", re.I)
# "The neighbors' dog is on Hill's Science Diet now": someone else's animal
_THEIR_PET = re.compile(rf"^\W*(?:(?i:the|my|our)\s+)?(?P<who>(?i:neighbou?rs?|friends?|sister|brother|mum|mom|dad|parents|"
                        rf"cousins?|aunt|uncle)|[A-Z][a-z]+)(?:'s|s'|')\s+(?i:{PET}|dogs|cats)\b")


def other_animal(text: str, old: str) -> bool:
    """"vet said the cat should go on a renal diet, switching her to hills k/d" against "my dog eats Blue Buffalo":
    ``text`` speaks of another animal than the one ``old`` speaks of."""
    said, before = ({w.lower().rstrip("s") for w in _PETS.findall(t)} for t in (text, old))
    return bool(said and before and not said & before)
# "Café Lumière next door just switched to a 6am open"
_NEIGHBOUR = re.compile(r"^\W*(?:the\s+)?(?:[\w'.\u00c0-\u017f\-]+\s+){0,3}?(?P<who>[\w'\u00c0-\u017f\-]+)\s+(?:next door|"
                        r"across the (?:street|road|hall)|down the (?:street|road|block|hall))\b", re.I)
_THEIR = re.compile(r"^\W*(?!(?:i|we|you|they|he|she|it|my|our)\b)(?P<who>[A-Za-z][\w\-]+)(?:\s+[\w\-]+)?\s+\w+\s+their\b",
                    re.I)
_OTHER_GROUP = re.compile(r"^\W*(?:the\s+|a\s+|(?!(?:my|our|the|a)\b)(?=\w+(?:\s+[\w\-]+)?\s+(?:team|group|department|dept|"
                          r"office|company|side|folks|crew)\s+(?:got|has|have|hired|is getting|are getting|brought in|gets)"
                          r"\s+(?:a\s+)?new\b))(?P<who>[\w\-]+)(?:\s+[\w\-]+)?\s+(?:team|group|department|dept|office|"
                          r"company|side|folks|crew)\b(?=.*\btheir\b|\s+(?:got|has|have|hired|is getting|are getting|"
                          r"brought in|gets)\s+(?:a\s+)?new\b)", re.I)  # "the design team got a new lead today"
_SOMEONE = re.compile(r"^\W*(?!(?:[A-Z][a-z]*(?:ed|ing)|Went|Got|Came|Saw|Met|Ran|Sat|Put|Took|Brought|Gave|Made|Had|Left|"
                      r"Found|Told|Drove|Sent|Just|Also|Still|Then|So|"
                      r"Update|Note|News|Info|More|Thoughts|Word|Status|Reminder|Heads|Quick|Recap)\b)"
                      r"(?P<who>[A-Z][a-z]+)(?=,\s+(?:my|our)\s+\w+,|,\s+who\s| (?:from|at|on|in) (?:the|my|our|work|church|school)\b|"
                      r"(?:\s+\w+){1,4}\s+(?:her|his|she|he)\b)")


# "Ms. Okoro got moved to room 220 after the ceiling leak, poor thing lost her whole bulletin board": someone named
# by title and spoken of as her or him, when the user is not in it
_TITLED = re.compile(r"^\W*(?P<who>(?:Mr|Mrs|Ms|Miss|Mx|Dr|Prof)\.?\s+[A-Z][a-z]+)\b(?![^.!?]*\b(?:my|our|mine|ours)\b)"
                     r"(?=[^.!?]*\b(?:her|his|she|he)\b)")
# "Our sister company booked Bishop Fox for their pentest — different org, nothing to do with us"
NOT_OURS = re.compile(r"\b(?:nothing to do with (?:us|me|ours|mine)|not (?:ours|mine|us)\b|different (?:org|organi[sz]ation|"
                      r"company|team|client|account))", re.I)


def _who(m: re.Match[str]) -> str:
    """The person a third-party match names, by the last word: "dad", "jenna", "supervisor"."""
    return (m.groupdict().get("kin") or m.groupdict().get("named") or m.group("who")).lower().split()[-1]


# what someone asks of the user is the user's business: "our branch manager Ruth wants reports filed within 24 hours",
# "manager's rule going forward: ..."; not a wish of their own ("he wants a new chainsaw")
_ASKS_OF_USER = re.compile(r"\b(?:requires?|expects?|insists|rule|policy|(?:needs|asks|asked) (?:us|me|everyone|all)|"
                           r"(?:wants|needs|asks|asked)\b.*\b(?:by|within|before|in writing|every|always|filed|sent|"
                           r"submitted|signed|no later))\b", re.I)


# the user's own time with that person: "my daughter mia is 8, i got her every other weekend plus wednesday nights"
# "my brother in law Marek has a truck with small crane, he always help me when i move the hives": help the user gets
_DOES_FOR_USER = re.compile(r"\b(?:helps?|helping|drives?|covers? for|looks? after|lends?|fixes|babysits?) (?:me|us)\b|"
                            # "my assistant Carmen does all the deliveries": the user's work, done by their people
                            r"\b(?:does|handles|runs|manages|takes care of|covers) (?:all|most) (?:of )?(?:the|our|my)\b|"
                            # "My grandson put all my customers in Google Sheets on my iPad": the user's things, set up for them
                            r"\b(?:put|puts|set up|sets up|moved|typed|entered|transferred|copied|scanned|uploaded|installed) "
                            r"(?:all |everything |most )?(?:of )?(?:my|our)\b", re.I)
# "my bro Marcus is gettin married aug 23 up in mccall, im a groomsman": the user has a part in their event
_USER_PART = re.compile(r"\b(?:i'?m|im|i am|i'?ll be|ill be|i will be)\s+(?:a\s+|the\s+|his\s+|her\s+|their\s+|one of the\s+)?"
                        r"(?:groomsm[ae]n|bridesmaids?|best man|maid of hono(?:u)?r|matron of hono(?:u)?r|godparent|godfather|"
                        r"godmother|witness|officiant|ring bearer|usher|pallbearer|plus[- ]one|in the wedding|in the bridal party|"
                        r"giving a speech|doing the speech)\b", re.I)
_USER_WITH_THEM = re.compile(r"\b(?:i|we)\s+(?:got|have|get)\s+(?:her|him|them)\s+(?:every|on|most|all|half|(?:mon|tues|wednes|"
                             r"thurs|fri|satur|sun)days?|weekends?)\b", re.I)


# "Keiko has diabetes type 2 so she must be careful", "Ama handles the books, her phone is ...": someone named,
# then spoken of as she or he
_NAMED_PERSON = re.compile(r"^\W*(?P<who>(?-i:[A-Z][a-z]{2,}))(?:\s+\((?:my\s+|other\s+|our\s+)?[\w\s,\-]{2,24}\))?\s+(?:has|is|handles|does|works|takes|lives|loves|hates|likes|"
                           r"wants|needs|gets|got|runs|can'?t|cannot|won'?t|doesn'?t)\b(?=[^.!?]{0,60}\b(?:she|he|her|his|shes|hes)\b)", re.I)
# "Keiko is allergic to sulfa drugs", "Lucía is lactose intolerant", "Arne (my husband) got diagnosed with type 2
# diabetes": someone named, with a health condition of their own
_NAMED_CONDITION = re.compile(
    r"^\W*(?!(?:Everyone|Everybody|Nobody|Someone|Somebody|Anyone|Anybody|Nothing|This|That|There|It)\b)"
    r"(?P<who>(?-i:[A-Z\u00c0-\u00de][a-z\u00df-\u00ff]{2,}))(?:\s+\((?:my\s+)?[\w\s,\-]{2,24}\))?\s+"
    r"(?:(?:is|'s|was)\s+(?:\w+\s+)?(?:allergic|intolerant|diabetic|coeliac|celiac|epileptic|asthmatic|anaemic|anemic)|"
    r"(?:has|had|got|was|just got)\s+(?:\w+\s+){0,3}?(?:diagnosed|allerg(?:y|ies)|diabetes|epilepsy|asthma))\b", re.I)


def someone_else(text: str) -> str | None:
    """Who ``text`` is about when it opens on someone close to the user ("my supervisor Ruth has a PhD" ->
    "supervisor", "Sister Mary works in family court" -> "mary") or on someone named and then called she or he
    ("Keiko has diabetes type 2 so she ..." -> "keiko") or with a health condition of their own ("Keiko is allergic to
    sulfa drugs"); None when the user is in its first clause too ("my husband and I run the farm"), it says what that
    person asks of the user or does for them ("he always help me when i move the hives"), the user's own time with
    them ("i got her every other weekend"), or the user's part in their event ("..., im a groomsman")."""
    m = _THIRD_PARTY.match(text) or _NAMED_PERSON.match(text) or _NAMED_CONDITION.match(text)
    # "my roommate camila is full vegan so when we cook together ...": the user comes in only after "so"
    first_clause = re.split(r"[,;.!?]|\sso\s(?=when|if\b)", text[m.end():], maxsplit=1)[0] if m else ""
    if m is None or _FIRST_PERSON.search(NOT_OURS.sub("", first_clause)) or _ASKS_OF_USER.search(text) \
            or _USER_WITH_THEM.search(text[m.end():]) or _DOES_FOR_USER.search(text, m.end()) \
            or _USER_PART.search(text, m.end()):
        return None
    return _who(m)


def names_of(text: str, who: str) -> set[str]:
    """``who``, the word after it and every capitalised word after the first in ``text``: the ways a question
    can point at the person a memory is about ("my mate róisín's wedding" -> {"mate", "róisín"}, "my daughter
    Susan moved to Portland" -> {"daughter", "susan", "portland"})."""
    after = re.search(rf"\b{re.escape(who)}\W+([\w\u00c0-\u017f]+)", text, re.I)
    capitalised = re.findall(r"(?<=\s)(?-i:[A-Z][a-z]{2,})", text)
    same_role = next((group for group in _SAME_ROLE if who in group), (who,))
    following = [after.group(1)] if after and after.group(1).lower() not in STOPWORDS else []  # not "my" in "Arne (my husband)"
    return {*same_role, *(w.lower().removesuffix("'s") for w in capitalised + following)}


# "My niece Wen-Ting has taken over the bookings and emails": someone else now does what the user had done
_TAKES_OVER = re.compile(r"\b(?:has taken over|took over|is taking over|takes over|'s taking over|has stepped in for)\s+"
                         r"(?!(?:his|her|their|its)\b)", re.I)


_TITLES = frozenset({"dr", "mr", "mrs", "ms", "prof", "sir"})


def third_party(new: str, old: str) -> bool:
    """Is ``new`` about someone else ("My dad's doctor bumped his lisinopril to 40 mg", "Jenna from
    the club switched to Sundays") while ``old`` never mentions them? Then it changes nothing the old
    memory says about the user."""
    m = (_THIRD_PARTY.match(new) or _SOMEONE.match(new) or _OTHER_GROUP.match(new) or _THEIR.match(new)
         or _NEIGHBOUR.match(new) or _PET.match(new) or _THEIR_PET.match(new) or _TITLED.match(new))
    if m is None or _FIRST_PERSON.search(NOT_OURS.sub("", new[m.end():])) or _TAKES_OVER.search(new, m.end()):
        return False
    rest = new[m.end():]
    if any(re.search(rf"\b{re.escape(name)}\b", old, re.I) for name in proper_names(rest)
           if len(name) >= 3 and name not in _TITLES and not re.fullmatch(CALENDAR, name)
           and re.search(rf"\b(?:the|our|my) {re.escape(name)}(?: \w+)? (?:is|are|'s) now\b", rest, re.I)):
        return False  # "The Swiss changed their schedule, the SLF call is now 13:30" after "a video call with ... SLF"
    who = _who(m)
    names = next((group for group in _SAME_KIN if who in group), (who,))
    return not any(re.search(rf"\b{re.escape(name)}", old, re.I) for name in names)


_PAST_CONTEXT = re.compile(r"\b(?:(?:in|during|through|for most of|all through) (?:grad school|college|high school|"
                           r"university)|in my (?:last|old|previous|first) (?:job|role|team|company|life)|back (?:in|when) |"
                           r"when (?:i|we) (?:was|were|lived|worked)|when my \w+ (?:ran|owned|had|was)|years ago|"
                           r"as a (?:kid|student|teen(?:ager)?)|before (?:i|we) (?:moved|came) (?:here|to|over))", re.I)
_STILL_NOW = re.compile(r"\b(?:now|currently|these days|nowadays|any ?more|switched|moved|instead|since then|raised|"
                        r"lowered|increased|upped|bumped|changed)\b", re.I)  # "raised everything to 0.12 back in January"


def past_context(new: str) -> bool:
    """Does ``new`` only tell of the past ("In grad school I was a hardcore Emacs user")?"""
    return bool(_PAST_CONTEXT.search(new)) and not _STILL_NOW.search(_PAST_CONTEXT.sub(" ", new))


PLAIN_MODIFIERS = frozenset("""
new old current previous former acting interim whole entire same next last first second other usual
regular default big small little own only real actual full final official temporary permanent original extra
latest newest oldest good best better min max minimum maximum
""".split())
_OTHER_INSTANCE = frozenset(porter_stem(w) for w in "return back backup spare second secondary guest side skip-level".split())
_DETERMINERS = frozenset("the our my their his her your".split())
ASIDES = frozenset("fyi btw psa ok okay".split())  # "fyi standup's at 10" narrows nothing
_POST = frozenset({"for", "of"})
_VERBS = frozenset("""
use uses used using run runs ran has have had get gets got go goes went do does did need needs want wants like likes
prefer prefers keep keeps moved switched live lives work works start starts open opens close closes cost costs take
takes make makes say says said leave leaves arrive arrives lands departs pushed bumped stays stay targets target
meets meet serves serve hosts host covers cover handles handle holds hold teaches teach sends send posts post tracks
track grades grade
""".split())
_TOKEN = re.compile(r"[A-Za-z][\w\-]*(?:'s)?")
_RUN_STOP = re.compile(r"jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sept?(?:ember)?|"
                       r"oct(?:ober)?|nov(?:ember)?|dec(?:ember)?|(?:mon|tues?|wed(?:nes)?|thu(?:rs)?|fri|sat(?:ur)?|"
                       r"sun)(?:days?)?|due|today|tonight|tomorrow|yesterday|back")


def _ends_run(word: str) -> bool:
    return word in STOPWORDS or word in _VERBS or word in CHANGE_WORDS or bool(_RUN_STOP.fullmatch(word))


def _narrowing(word: str) -> bool:
    return word not in STOPWORDS and word not in PLAIN_MODIFIERS and (len(word) >= 3 or any(c.isdigit() for c in word))


@lru_cache(maxsize=4096)
def _modified_heads(text: str) -> tuple[tuple[str, frozenset[str], bool], ...]:
    """Stemmed head noun -> the stemmed words that narrow it in a noun phrase: "billing" in "the
    (new) billing service" or at the start of a clause ("Recycling pickup is on Thursday"), "payments"
    in "the team lead for payments", "back" in "my flight back". A phrase must open with a
    determiner or the clause, so "we use Postgres" or "3 city parks" narrow nothing. The flag says
    whether the head ends its phrase ("target" in "the Q4 release target", not "release"). Cached: an
    old memory is compared with every new one."""
    out: dict[str, tuple[set[str], bool]] = {}
    for phrase in re.split(r"[,;:.!?()\u2013\u2014]|\s-\s", text):
        tokens = [t.lower().removesuffix("'s") for t in _TOKEN.findall(phrase)]
        tokens = [_KIN_NAME.get(t, t) for t in tokens]
        starts = [0] + [i + 1 for i, t in enumerate(tokens) if t in _DETERMINERS]
        for j in starts:
            while j < len(tokens) and (tokens[j] in PLAIN_MODIFIERS or tokens[j] in ASIDES):
                j += 1
            run = []  # the noun phrase: "personal checking account" in "my personal checking account is ..."
            while j < len(tokens) and len(run) < 4 and not _ends_run(tokens[j]):
                run.append(tokens[j])
                j += 1
            if len(run) < 2 and not (run and tokens[j:j + 1] in (["back"], ["for"], ["of"])):
                continue
            for k in range(1, len(run) - 1):  # "the Q4 release target": the release is narrowed too
                inner = {porter_stem(m) for m in run[:k] if _narrowing(m)}
                if inner:
                    out.setdefault(porter_stem(run[k]), (set(), False))[0].update(inner)
            head = porter_stem(run[-1])
            mods, _ = out.get(head, (set(), True))
            out[head] = (mods, True)
            mods.update(porter_stem(m) for m in run[:-1] if _narrowing(m))
            after = tokens[j:j + 3]
            if after[:1] == ["back"]:
                mods.add("back")
            elif after[:1] and after[0] in _POST:
                word = next((w for w in after[1:] if w not in _DETERMINERS), None)
                if word and _narrowing(word):
                    mods.add(porter_stem(word))
            if not mods:
                del out[head]
    return tuple((head, frozenset(mods), last) for head, (mods, last) in out.items())


@lru_cache(maxsize=4096)
def _stems(text: str) -> frozenset[str]:
    tokens = [t.lower().removesuffix("'s") for t in _TOKEN.findall(text)]
    return frozenset(porter_stem(part) for t in tokens for part in (t, *t.split("-")))


def modifier_conflict(new: str, old: str) -> str | None:
    """The head word both statements narrow differently, each with a word the other never uses
    ("staging database" / "production database", "the Pro plan" / "the Team plan", "team lead for
    payments" / "team lead for search"), or that the new one narrows to another instance ("the
    return flight"), or None."""
    new_heads, old_heads = _modified_heads(new), _modified_heads(old)
    new_stems, old_stems = _stems(new), _stems(old)
    for head, new_mods, new_last in new_heads:
        old_mods = next((m for h, m, last in old_heads if same_family(h, head) and (last or new_last)), None)
        if not old_mods:
            if new_mods & _OTHER_INSTANCE - old_stems and any(same_family(head, w) for w in old_stems):
                return head  # "the return flight" against "my flight to Boston"
            continue
        only_new = {m for m in new_mods if m not in old_stems}
        only_old = {m for m in old_mods if m not in new_stems}
        if only_new and only_old and not any(same_family(a, b) for a in only_new for b in only_old):
            return head
    return None


_BUMP = re.compile(r"\b(?:bump|upgrad|updat)(?:ed|ing|es|e|s)?\s+(?:the |our |my |all (?:the |our )?)?"
                   r"(?P<name>[\w.+#\-]+(?: [\w.+#\-]+){0,2}?)\s+(?:to|up to)\s+v?\d[\d.]*"
                   r"(?!\d|\s?(?:mg|mcg|ml|g|units?|iu|%|kg|lbs?)\b)", re.I)  # "bumped my bp med up to 40mg" is a dose


def bumps_other(new: str, old: str) -> bool:
    """Does ``new`` only bump the version of things ``old`` never mentions ("we bumped TypeScript to
    5.4" against "we run Node 20")?"""
    names = [m.group("name") for m in _BUMP.finditer(new)]
    if not names:
        return False
    old_stems = _stems(old)
    return all(not ({porter_stem(w.lower()) for w in name.split()} - _STOP_STEMS) & old_stems for name in names)


_WHOLE = re.compile(r"\b(?:fully on|all on|entirely on|everything(?:'s| is)? (?:on|in)|every (?:school|team|office|"
                    r"store|site|one of)|the whole (?:team|company|office|org))\b", re.I)
_STOP_STEMS = frozenset(porter_stem(s) for s in STOPWORDS)
_NOT_US = re.compile(r"\b(?:(?:was|were)(?:n'?t| not) touched|stays? (?:where it is|put|as is)|(?:is|are|was|were) untouched|"
                     r"nothing(?:'s| is) chang\w+ (?:for|here|on our)|(?:does|did|will)(?:n'?t| not) (?:affect|"
                     r"apply to|change anything for) (?:us|me|our)|no change (?:for|here|on our)|not (?:for|affecting) us)\b",
                     re.I)


def _the_old_one(new: str, old: str, head: str) -> bool:
    """"the shop retired the old handheld scanner": the old one is the one the user has, whatever the new
    memory calls it, unless the old memory itself speaks of a new one."""
    def said(text: str, lead: str) -> bool:
        return any(porter_stem(w) == head for m in re.finditer(rf"\b(?:the|my|our) {lead}((?: [\w\-]+){{1,3}})", text.lower())
                   for w in m.group(1).split())

    return said(new, "old") and not said(old, "new")


def speaks_of_other(new: str, old: str) -> str | None:
    """Why ``new`` leaves ``old`` true although it looks like a change ("a time-boxed exception",
    "about someone else", "about another database", ...), or None."""
    if _NOT_US.search(new):
        return "a note that nothing changes here"
    if time_boxed(new):
        return "a time-boxed exception"
    if past_context(new):
        return "about the past"
    if third_party(new, old):
        return "about someone else"
    if bumps_other(new, old):
        return "a version bump of something else"
    head = None if _WHOLE.search(new) else modifier_conflict(new, old)
    if head is not None and not _the_old_one(new, old, head):
        words = (t.lower().removesuffix("'s") for t in _TOKEN.findall(new))
        return f"about another {next((w for w in words if porter_stem(w) == head), head)}"
    return None


__all__ = ["PET", "RELATIVE", "bumps_other", "modifier_conflict", "names_of", "past_context", "someone_else",
           "speaks_of_other", "third_party", "time_boxed"]
