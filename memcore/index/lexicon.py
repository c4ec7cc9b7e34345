"""Built-in lexical knowledge for the offline embedder: a static IDF-like table and concept groups.

Without a corpus there is no inverse document frequency, so very common conversational words
(``great``, ``really``, ``thing``, ``feel``) are down-weighted from a fixed table, and a small
table of everyday concept groups lets related words (``job`` / ``career`` / ``work``) share a
feature. Both are keyed by Porter stem and are plain data: editing them changes the embedding,
so the embedder's name carries a version.
"""

from __future__ import annotations

from .text import stem

# Generic chatter, politeness and intensifiers: present in most conversational turns.
_VERY_COMMON = """
awesome amazing cool glad good great happy nice really thing things stuff lot lots like love loved
loving know knew think thought feel feeling felt wow sure thanks thank totally definitely absolutely
super pretty quite sound sounds seem seems looks look looking way ways want wanted wants make made
making go going went gone come came coming got getting take took taking say said saying tell told
see saw seen one ones something anything everything nothing someone everyone anyone also still
back right keep kept time times day days people person guy guys bit kinda sorta maybe probably
actually literally honestly basically mean means meant wonderful fantastic incredible glad hope
hoping hopefully excited exciting fun enjoy enjoyed
"""

# Common but sometimes telling: half weight.
_COMMON = """
new old big small little best better bad worse worst first last next lot year years month months
week weeks today yesterday tomorrow tonight always never often sometimes usually recently soon
ago long life world work worked working job share shared sharing try tried trying need needed
help helped helping find found give gave given put call called use used using start started
starting keep help thing moment moments part place places home friend friends family experience
experiences idea ideas kind special important proud inspiring inspired inspire support supported
supportive journey awesome cool interesting beautiful cute lovely strong hard easy tough
amazing picture photo pic pics check remember remind reminds reminded wish wishes talk talked
talking chat catch hear heard happen happened happening
"""

_LOW_WEIGHT = 0.25
_HALF_WEIGHT = 0.55


def _build_weights() -> dict[str, float]:
    table: dict[str, float] = {}
    for word in _COMMON.split():
        table[stem(word)] = _HALF_WEIGHT
    for word in _VERY_COMMON.split():
        table[stem(word)] = _LOW_WEIGHT
    return table


TERM_WEIGHTS: dict[str, float] = _build_weights()
"""Stem -> weight in (0, 1]; stems not listed weigh 1.0 (stopwords are never features)."""


_CONCEPT_GROUPS: dict[str, str] = {
    "work": "job jobs career work working employer employee boss office coworker colleague colleagues "
            "profession occupation hired fired quit promotion salary business company startup",
    "school": "school college university class classes course courses study studying student students "
              "degree teacher professor education exam exams graduate graduated semester homework",
    "family": "family mom mother dad father parent parents kid kids child children son daughter sister "
              "brother sibling siblings grandma grandmother grandpa grandfather husband wife spouse",
    "partner": "boyfriend girlfriend partner dating date relationship married marriage wedding engaged "
               "single divorce",
    "pet": "pet pets dog dogs puppy puppies cat cats kitten kittens hamster bird fish turtle",
    "travel": "travel traveling travelled trip trips vacation holiday holidays journey visit visited "
              "visiting tour abroad flight flew fly road roadtrip",
    "outdoors": "camping camp hike hiking hiked trail mountain mountains beach lake forest park nature "
                "outdoors outdoor",
    "art": "art arts artist paint painting paintings painted draw drawing sketch sketches canvas "
           "sculpture pottery craft crafts mural gallery",
    "music": "music song songs sing singing singer guitar piano violin drums band concert album "
             "musician instrument playlist melody",
    "dance": "dance dancing dancer dancers ballet choreography studio performance perform performing",
    "sport": "sport sports game games team match soccer football basketball baseball tennis running "
             "marathon race gym workout exercise training yoga swimming cycling",
    "food": "food cook cooking cooked bake baking baked recipe recipes dinner lunch breakfast meal "
            "meals restaurant cake cookies pizza eat eating ate",
    "health": "health healthy doctor hospital sick illness injury injured therapy therapist medicine "
              "surgery diagnosis recovery",
    "mind": "stress stressed destress relax relaxing relaxed unwind calm peace peaceful anxiety "
            "anxious meditation mindfulness",
    "emotion_sad": "sad upset lonely depressed grief loss lost cry crying hurt heartbroken",
    "books": "book books read reading novel novels author library story stories writing write wrote",
    "film": "movie movies film films cinema watch watched show shows series tv",
    "home": "house home apartment moved move moving neighborhood room garden backyard",
    "money": "money pay paid cost costs price expensive cheap budget savings save saving bought buy",
    "volunteer": "volunteer volunteering charity donate donated donation fundraiser nonprofit community",
    "identity": "lgbtq transgender trans gay lesbian queer pride identity",
    "car": "car cars drive driving drove vehicle truck bike motorcycle",
    "celebration": "birthday party celebrate celebrated celebration anniversary festival holiday gift",
    "tech": "computer laptop phone app apps software code coding programming website online",
    "nature_animals": "animal animals wildlife zoo horse horses",
    "faith": "church faith religion religious pray prayer spiritual god",
    "fashion": "clothes clothing fashion dress shoes outfit store shop shopping brand",
    "photo": "photo photos photography camera picture pictures",
}


def _build_concepts() -> dict[str, tuple[str, ...]]:
    table: dict[str, list[str]] = {}
    for concept, members in _CONCEPT_GROUPS.items():
        for word in members.split():
            concepts = table.setdefault(stem(word), [])
            if concept not in concepts:
                concepts.append(concept)
    return {k: tuple(v) for k, v in table.items()}


CONCEPTS: dict[str, tuple[str, ...]] = _build_concepts()
"""Stem -> the everyday concept groups it belongs to."""

LEXICON_VERSION = 1
