"""Moves: the user moved house, pitch, workshop, shift or job, or someone they name moved city. Each rule reads a new
statement against an old one and says how the new one outdates it ("MOVED 🙌 got a bachelor in leslieville" against
"my place is on dundas west"); ``write.contradiction`` turns the answer into a verdict."""

from __future__ import annotations

import re
from dataclasses import dataclass

from .text import STOPWORDS, find_word
from .values import subject_words, value_tokens


@dataclass(frozen=True, slots=True)
class Move:
    """Why the new statement outdates the old one, the verdict kind, and the old values it replaces."""

    reason: str
    kind: str
    replaced: tuple[str, ...] = ()


# "MOVED 🙌 got a bachelor in leslieville", "I've sold the old house and moved into a unit at the retirement village",
# "The move is done! We're now in a townhouse on Kingston Road"
_MOVED_HOUSE = re.compile(
    r"^(?:(?:so|ok|well|finally|we|i|i've|we've|i have|we have|just|officially)\W+){0,3}moved"
    r"(?=\s*(?:$|[!.,;:\u2600-\U0001faff]))|"
    r"\b(?:i|we)(?:'ve| have)?\s+(?:just\s+|finally\s+)?(?:moved|relocated)\s+(?:house|home|flats?|out|in|into)\b|"
    r"^(?:(?:so|ok|well|finally|just)\W+){0,2}moved (?:house|home|flats?|in (?:with|w/?)\b)|"  # "moved in w my gf in acomb"
    # "me n my gf got a flat in Oadby!! moved in sat, finally got my own place"
    r"^(?:(?:so|ok|well|finally|just)\W+){0,2}moved in(?=\s+(?:on\s+)?(?:sat|sun|mon|tue|wed|thu|fri|last|yesterday|this)|"
    r"\s*[,.!])|\bgot (?:my|our) own (?:place|flat|apartment|apt|house)\b|"
    r"\b(?:me|i) (?:n|and|&) my (?:gf|bf|girlfriend|boyfriend|partner|wife|husband) got (?:a|an|our) (?:flat|apartment|apt|"
    r"house|place)\b|"
    # "we have finally completed on the cottage in Ilkley and moved in last weekend"
    r"\b(?:completed|closed) on (?:the|our|my|a) (?:new )?(?:house|home|cottage|flat|apartment|place|condo|bungalow|"
    r"farmhouse|townhouse)\b|"
    r"\b(?:i|we)(?:'ve| have)?\s+(?:just\s+|finally\s+)?sold (?:the|my|our) (?:old )?(?:house|place|flat|apartment|condo)\b|"
    r"(?:\b(?:my|our) |^)new (?:apartment|apt|flat|house|place|home|condo|digs)\b(?!\s+for\b)|"  # not "new place for the stall"
    r"\bnew (?:apartment|apt|flat|house|place|home|condo|digs)(?:\s+is|'s) (?:in|on|at|off|near)\b|"  # "... new place is in govanhill"
    r"\b(?:i|we)(?:'ve| have)?\s+(?:just\s+|finally\s+)?got (?:a|an|my own) (?:bachelor|studio|flat|apartment|apt|"
    r"condo|house|place)\b|"
    # "that place fell thru ... signed for a studio in fremont instead"
    r"\bsigned (?:for|on) (?:a|an|the) (?:new )?(?:bachelor|studio|flat|apartment|apt|condo|house|place|lease)\b|"
    # "The move is done! We're now in a townhouse on Kingston Road"
    # "ok so officially out of sellwood, im in st johns now"
    r"\bout of [\w\-]+(?: [\w\-]+)?,? (?:and )?(?:i'?m|im|we'?re|i am|we are) (?:now )?in\b|"
    r"\bthe (?:removal|removals|moving) (?:van|truck|lorry|men|guys) (?:came|arrived|has been|have been)\b|"
    r"\bthe move is (?:done|finished|over|complete)\b|\bgot the keys\b|\b(?:are|am|'re|'m) now settled in\b|"
    r"\bclosed on the (?:new )?(?:house|flat|condo|place)\b|\b(?:we'?re|i'?m|we are|i am) (?:now|finally) in (?:a|an|our|my) "
    r"(?:new )?(?:townhouse|house|flat|apartment|apt|condo|bungalow|studio|place|home)\b", re.I)
# "my place is on dundas west near ossington", "I've lived in Roslyn for forty years", "living in a place off vista ave",
# "my flat in salford is so damp"
_LIVES_AT = re.compile(r"\b(?:i|we)(?:'ve| have| had)?\s+(?:always\s+)?(?:live|lived|been living)\s+(?:in|on|at|near|by)\s+"
                       r"(?P<where>[^,.;!?]+)|\b(?:my|our) (?:place|apartment|apt|flat|house|home|condo|home studio)(?:\s+is|'s)\s+"
                       r"(?:in|on|at|near|by|right by)\s+(?P<at>[^,.;!?]+)|\b(?:my|our) (?:flat|apartment|apt|house|condo) "
                       r"(?:in|on) (?P<in>[^,.;!?]+?)(?= is\b| has\b|[,.;!?]|$)|"
                       r"\b(?:i'?m|i am|we'?re|we are) (?:renting|leasing|sharing) (?:a |an |the )?(?:flat|apartment|apt|house|"
                       r"room|place|studio|cottage) (?:in|on|near|off) (?P<rent>[^,.;!?]+?)(?=\s+(?:atm|now|for now)\b|[,.;!?]|$)|"
                       # "we're in a 2br apt in Hampden, rents ok but tiny"
                       r"\b(?:i'?m|we'?re|i am|we are) (?:currently |still )?in (?:a|an|the|our|my) (?:[\w\-]+ ){0,2}?"
                       r"(?:apt|apartment|flat|house|condo|studio|rowhouse|townhouse|bungalow|place|unit) (?:in|on|near|off) "
                       r"(?P<home>[^,.;!?]+?)(?=\s*(?:[,.;!?]|$))|"
                       # "finally got my own place in ballard 🏠🙌"
                       r"\bgot (?:my|our) own (?:place|flat|apartment|apt|house|studio|condo) (?:in|on|near|off) "
                       r"(?P<own>[^,.;!?\U0001F300-\U0001FAFF]+?)(?=\s*(?:[,.;!?\U0001F300-\U0001FAFF]|$))|"
                       r"^(?:(?:currently|still)\s+)?(?:livin[g']?|live)\s+(?:in|on|at|near|off)\s+(?:a\s+(?:place|flat|house|room|"
                       r"apartment|apt|house ?share|flat ?share|shared house|studio)\s+(?:in|on|at|near|off)\s+)?(?P<living>(?:(?!\s+(?:w/?|with)\s)[^,.;!?])+)", re.I)


# "Inês called: her company sends her to Montreal from October" after "my daughter Inês in Lyon, she works there"
_PERSON_MOVES = re.compile(
    r"\b(?P<name>[A-Z][\w\u00c0-\u017f\-]+)(?:'s)?\b[^.!?]{0,60}?\b(?:(?:sends?|sent|is sending|posts?|posted|"
    r"transfers?|transferred|relocates?|relocated|is relocating) (?:her|him|them) to|(?:is|'s) (?:moving|relocating) to|"
    r"(?:has )?(?:moved|relocated) to|got (?:transferred|posted) to)\s+(?P<place>[A-Z][\w\u00c0-\u017f\-]+)")


# "Ciarán rang last night with news — he's taken a post at the Mercy hospital in Cork and found a flat in Blackrock"
_PERSON_SETTLES = re.compile(
    r"\b(?P<name>[A-Z][\w\u00c0-\u017f\-]+)\b[^.!?]{0,60}?\b(?:she|he|they)(?:'s| has| have| is)?\s+(?:just\s+)?"
    r"(?:(?:taken|accepted|got|started)\s+(?:a|an)\s+(?:new\s+)?(?:post|job|position)\s+(?:at|with)\b[^.!?;,]{0,40}?|"
    r"(?:found|bought|rented|got)\s+(?:a|an)\s+(?:new\s+)?(?:flat|house|place|apartment|home))\s+in\s+"
    r"(?P<place>[A-Z][\w\u00c0-\u017f\-]+)")
_NOT_NAMES = frozenset("so then also well ok okay yes yeah news update guess anyway".split())


# "I've been moved to the day rotation, 07:30 to 15:30" after "I work nights, 19:00 to 07:00"
_SHIFT = r"(?P<kind>days?|nights?|earl(?:y|ies)|lates?|mornings?|evenings?|afternoons?|weekends?)"
_SHIFT_NOW = re.compile(r"(?:\b(?:moved|move|moves|switched|put|changed|transferred|going|gone|back)\s+(?:me\s+|us\s+)?"
                        r"(?:on|onto|to)\s+"
                        r"|\b(?:i|we)(?:'ll| will)? (?:take|am taking|'m taking) )"  # "from 1 February I take day shift"
                        r"(?:the\s+)?" + _SHIFT + r"(?:\s+(?:shift|rotation|rota|roster|pattern|team|crew)s?)?\b", re.I)
# "i work in the night team at CODU porto"
_SHIFT_WAS = re.compile(r"\b(?:(?:i|we)\s+(?:work|do|am on|work on|work in|am in|have|usually have|normally have)|"
                        r"(?:i'?m|im|we'?re)\s+(?:on|in))\s+(?:the\s+)?" + _SHIFT + r"(?:\s+(?:shift|rotation|rota|team|crew)s?)?\b", re.I)


# "My shift is 6h to 14h": the hours of a shift whose kind is not said
_SHIFT_HOURS = re.compile(r"\bmy (?:usual |normal )?(?:shift|hours|working hours) (?:is|are) (?:from )?\d", re.I)


def _shift(new: str, old: str) -> Move | None:
    """The user moves to another shift ("moved to the day rotation") and the old memory says which they work, or
    its hours when the new memory gives others ("put me on night rotation, 22h to 6h" after "my shift is 6h to 14h")."""
    now, was = _SHIFT_NOW.search(new), _SHIFT_WAS.search(old)
    if now is None:
        return None
    if was is None:
        hours = _SHIFT_HOURS.search(old)
        if hours is None or not value_tokens(new) - value_tokens(old):
            return None
        return Move(f"the user moved to {now.group('kind').lower()}, with other hours than the old memory's", "shift")
    if now.group("kind").lower()[:3] == was.group("kind").lower()[:3]:
        return None
    return Move(f"the user moved to {now.group('kind').lower()} from {was.group('kind').lower()}", "shift")


def person_moved(new: str, old: str) -> tuple[str, str, str] | None:
    """(who, to, from) when ``new`` says someone named in ``old`` moves to another city ("her company sends her to
    Montreal") and ``old`` places them elsewhere ("my daughter Inês in Lyon"), else None."""
    for m in [*_PERSON_MOVES.finditer(new), *_PERSON_SETTLES.finditer(new)]:
        name, place = m.group("name"), m.group("place")
        if name.lower() in STOPWORDS or name.lower() in _NOT_NAMES:
            continue
        at = re.search(rf"\b{re.escape(name)}\b[^.!?]{{0,40}}?\b(?:in|at|lives in|works in)\s+"
                       r"(?P<where>[A-Z][\w\u00c0-\u017f\-]+)", old)
        if at is not None and at.group("where").lower() != place.lower() and not find_word(new, at.group("where")):
            return name, place, at.group("where")
    return None


def _person_moves(new: str, old: str) -> Move | None:
    """Someone named in the old memory moves to another city: where the old memory places them is outdated."""
    moved = person_moved(new, old)
    if moved is None:
        return None
    name, place, where = moved
    return Move(f"{name} moves to {place}, so the old memory's {where} is outdated", "moved-person", (where.lower(),))


# "we've moved spot fam 📍 now we dey East Legon" after "The truck dey park for Osu, Oxford Street"
_MOVED_SPOT = re.compile(r"\b(?:moved|shifted|relocated)\s+(?:(?:our|my|the|all (?:the|my|our))\s+)?(?P<what>spots?|pitch|location|"
                         r"stall|stand|site|truck|van|cart|workshop|studio|office|shop|salon|practice|clinic|hives|apiary|"
                         r"boat|caravan)\b(?!\s+(?:to|for)\s+"
                         r"(?:the\s+)?(?:day|weekend|festival|event|fair|show)\b)", re.I)
_PARKED_AT = re.compile(r"\b(?:park|parks|parked|pitch|pitches|set up|sets up|trade|trades|trading|stands?|located|based|"
                        r"(?P<kept>hives|apiary|boat|caravan)\s+(?:sit|sits|are|is|are kept|is kept|live)|"
                        r"(?P<what>workshop|studio|office|shop|salon|practice|clinic)\s+(?:is|'s))\b"
                        r"[^.;]*?\b(?:at|in|on|for|by|near|outside)\s+(?:the\s+)?(?P<where>[A-Z][\w\-]+|"
                        r"[a-z][\w\-]+(?= (?:st|street|rd|road|ave|avenue|lane|square|market)\b))")  # "on oldham street"
# "we moved innit 🙌 new spot is tib street"
_NEW_SPOT = re.compile(r"^(?:(?:so|ok|well|finally)\W+)?(?:we|i)(?:'ve| have)? (?:finally |just )?moved\b[^.;]*?"
                       r"\bnew (?P<what>spot|location|premises|site|shop|studio|workshop|salon) (?:is|'s)\b", re.I)
_ANY_SPOT = frozenset({"spot", "spots", "location", "premises", "site"})


def moved_spot(new: str, old: str) -> Move | None:
    """The user moved their pitch or workshop ("we've moved spot") and the old memory says where it is, at a place
    the new memory does not name again."""
    was, moved = _PARKED_AT.search(old), _MOVED_SPOT.search(new) or _NEW_SPOT.search(new)
    if moved is None or was is None or find_word(_LEFT_PLACE.sub("", new), was.group("where")):
        return None
    what = was.group("what") or was.group("kept")
    if what and moved.group("what").lower() not in _ANY_SPOT and what.lower() != moved.group("what").lower():
        return None  # "moved the truck" says nothing of where the workshop is
    return Move(f"the user moved their {moved.group('what').lower()}, so the place the old memory gives "
                f"({was.group('where')}) is outdated", "moved-spot")


# "i got the job at riverside animal hospital!! start monday" after "work at oakfield vets today was chaos again"
_NEW_JOB = re.compile(r"\b(?:got|landed|accepted|took|starting|started)\s+(?:the|a|my)\s+(?:new\s+)?job\s+(?:at|with)\s+"
                      r"(?P<where>[\w&'\-]+)|"
                      # "got moved to trafford depot from next week" after "i work out of queens road depot"
                      r"\b(?:got|been|was|i'?m being)\s+(?:moved|transferred|posted)\s+to\s+(?:the\s+)?(?P<site>[\w&'\-]+)\s+"
                      r"(?:depot|branch|office|site|station|store|yard|garage|base)\b", re.I)
_WORK_AT = re.compile(r"^(?:i\s+)?(?:work|working)\s+(?:at|for|out of)\s+(?:the\s+)?(?P<where>[\w&'\-]+)|"
                      r"\b(?:i|we)\s+(?:work|am working|'m working)\s+(?:at|for|out of)\s+(?:the\s+)?(?P<mine>[\w&'\-]+)", re.I)


def new_job(new: str, old: str) -> bool:
    """Does ``new`` say the user got a job somewhere while ``old`` says where they work?"""
    return _NEW_JOB.search(new) is not None and _WORK_AT.search(old) is not None


def _changed_job(new: str, old: str) -> Move | None:
    """The user got a job somewhere else than where the old memory says they work."""
    job, was = _NEW_JOB.search(new), _WORK_AT.search(old)
    where = was and (was.group("where") or was.group("mine"))
    if job is None or not where or where.lower() in STOPWORDS or find_word(new, where):
        return None
    return Move(f"the user got a job at {job.group('where') or job.group('site')}, so the workplace the old memory gives ({where}) is "
                f"outdated", "new-job")


# "FINALLY out the partick dump", "bye bye damp": the home left, which the new memory names only to leave it
_LEFT_PLACE = re.compile(r"\b(?:out (?:of )?|outta |moved out of |left |leaving )(?:the |my |our )?[\w\-]+(?: [\w\-]+)?|"
                         # "roma norte rent was insane": the old place, named for why the user left it
                         r"\b[\w\-]+(?: [\w\-]+)? (?:rent|rents|prices|noise) (?:was|were|is|are|got) (?:insane|crazy|too|so|"
                         r"ridiculous|mad|unbearable)\b|"
                         # "Broad Bay had become far too windy"
                         r"\b[A-Z][\w\-]*(?: [A-Z][\w\-]*)? (?:had become|became|got|was|is) (?:far |way |just )?too \w+", re.I)


_STREET_WORDS = frozenset("rd road st street ave avenue lane ln dr drive way close court ct".split())


def moved_house(new: str, old: str) -> bool:
    """Does ``new`` say the user moved house while ``old`` says where they live?"""
    return _MOVED_HOUSE.search(new) is not None and _LIVES_AT.search(old) is not None


def _new_home(new: str, old: str) -> Move | None:
    """The user moved house and the old memory says where they live: that home is outdated, unless the new
    memory names it again ("moved to a bigger flat, still in Leith")."""
    if not moved_house(new, old):
        return None
    lives = _LIVES_AT.search(old)
    where = (lives.group("where") or lives.group("at") or lives.group("in") or lives.group("living")
             or lives.group("rent") or lives.group("own") or lives.group("home")).strip()
    named = subject_words(where) - _STREET_WORDS
    if named & subject_words(_LEFT_PLACE.sub("", new)) or not named:
        return None
    return Move(f"the user moved house, so the home the old memory places ({where}) is outdated", "moved-house")


def life_change(new: str, old: str) -> Move | None:
    """How ``new`` outdates ``old`` by a move: a new home, pitch or workshop, a new job, someone named moving city,
    or another shift; None when it says no such thing."""
    for rule in (_new_home, moved_spot, _changed_job, _person_moves, _shift):
        move = rule(new, old)
        if move is not None:
            return move
    return None
