"""A settled switch to a new supplier, tool, venue or person that names nothing the old memory says.

"they jacked prices 18%. opened an account at Beacon Building Supply, all orders go there now" after
"we get our framing lumber from Hollis Lumber": no word is shared, so no topic or value rule can link
the two. What links them is the conversation: the switch names a new provider and the memory said
shortly before it names the provider it replaces. The rule reads it that way only when

- the new memory switches to a name: a provider ("switched everything to Toast", "we're fully on
  Looker now", "starting next week it's Sunridge Produce", "placed the order with Arcwright"), a
  handover ("Omar Haddad is taking over the offsite", "she's taking over his care") or a new person in
  a role ("he's the new AD", "a new guy Rafal");
- the old memory names a provider the same way (from / at / with / through / use ...; on / in only
  when no memory says where something comes from), or a person in a role ("my contact is Sandra Kim",
  "Lyle does my gutters"), and the switch does not name it: then the other rules decide;
- the old memory is the latest such memory, stored within a day, before this message;
- the switch is settled ("now", "from now on", "instead", "the old place ...") or linked to the old
  memory by the message (a word of the same thing, "the hotel" for the Grand Maple Hotel, the old
  person leaving); a new person in a role needs both;
- it is no one-off ("This Saturday we're meeting at the Legion hall instead") and does not say it is
  for another thing ("switched to Larkpost for email" after "I get my hair cut at Snipshop").
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, replace
from datetime import datetime, timedelta
from enum import StrEnum

from ..index.stemmer import porter_stem
from ..model import Memory, MemoryType
from . import cues, value_pairs
from .claims import Claim, NewRef
from .contradiction import Relation, Verdict
from .scope import NOT_OURS, PLAIN_MODIFIERS, other_animal, third_party
from .text import STOPWORDS, find_word, proper_names
from .topics import announces_switch, departed, hypothetical
from .values import CALENDAR, same_family, subject_words, value_tokens

WINDOW = timedelta(days=1)
_NAME = r"(?:(?i:the|my own|our own)\s+)?(?P<name>(?:[A-Z]|[a-z]{1,4}[A-Z])[\w&'.+\-]*(?:\s+(?:[A-Z][\w&'.+\-]*|of|and|&))*)"
_FROM = re.compile(r"\b(?i:from|at|with|w/?|through|thru|via|use|uses|using|used(?! to)|run|runs|running|out of|attends|attend|enrolled (?:at|in)|"
                   r"studies at|sees|seeing|eats|pays? for|subscribed to|subscribes to|(?:delivered|supplied|provided|"
                   r"serviced|handled|done|managed|installed|maintained) by)\s+" + _NAME)  # where something comes from
_SENT_TO = re.compile(r"\b(?i:send|sends|sent|go|goes|going|ship|ships|refer|refers)(?:\s+(?i:out|everything|it all|all|them))?"
                      r"(?:\s+(?i:all|our|my|the|\w+ing|and|\w+s)){0,6}?(?:\s+(?i:out))?\s+(?i:to)\s+" + _NAME)  # "all our crowns go out to Keystone Dental Lab", "I send everything to Maya"
_SOLD_TO = re.compile(r"\b(?i:sell|sells|selling|sellin'?)(?:\s+[\w']+){0,6}?\s+(?i:to)\s+" + _NAME)  # "sell most of my honey to X"
# "my phone contract is with vodafone": a provider written in lower case, named by the contract
_CONTRACT_WITH = re.compile(r"\b(?i:contract|plan|policy|account|broadband|mobile|phone|insurance|mortgage|energy|electricity)\b"
                            r"[^.;]*?\b(?i:is|'s|are)\s+(?i:with|through)\s+(?P<name>[a-z][\w&\-]{2,})")
# "i get all my blanks from us blanks, usually order like 10 at a time": a supplier in lower case, at the end of its clause
_GET_FROM = re.compile(r"\b(?i:get|gets|getting|buy|buys|buying|order|orders|ordering|source|sources|sourcing)\s+"
                       r"(?:(?i:all|most)\s+)?(?:(?i:of)\s+)?(?i:my|our)\s+[a-z][\w\-]+\s+(?i:from)\s+"
                       r"(?!(?:my|our|the|a|an|his|her|their|home|work|school|there|here)\b)"
                       r"(?P<name>[a-z][\w&\-]+(?:\s+[a-z][\w&\-]+)?)(?=\s*(?:[,.;!]|$))")
# "im on the bainbridge run rn": the user's route or post, in lower case
_ON_THE = re.compile(r"\b(?i:i'?m|im|i am|we'?re|we are)\s+(?:(?i:now|currently|still)\s+)?(?i:on|working) (?i:the)\s+"
                     r"(?P<name>[a-z][\w\-]+)\s+(?i:run|route|line|crossing|beat|patch|rota)\b")
_IN = re.compile(r"\b(?i:on|in|into)\s+" + _NAME)  # where something lives or happens
# "Trados crashed on me AGAIN", "my Dynamic black order is stuck in a warehouse": the tool or supplier in use
_COMPLAINT = re.compile(r"(?:^|,\s+)(?:(?i:ugh|argh|omg|so|well),?\s+)?(?:(?i:my|our)\s+)?" + _NAME
                        + r"(?:'s)?(?:\s+[\w']+){0,3}?\s+(?i:crashed|ate|froze|died|is stuck|keeps (?:crashing|freezing|"
                        r"losing|shorting|messing up|screwing up)|broke|is down|lost|glitched|messed up|screwed up|botched|"
                        r"overcharged|shorted)\b")
# "Boulder Barn has the best setting in town", named first: the provider only when the switch drops "the other one"
_LEADING_NAME = re.compile(r"^" + _NAME + r"(?:'s)?\s+(?i:has|is|was|been|have|keeps|sends|charges)\b")
_OTHER_ONE = re.compile(r"\b(?:cancell?ed|deleted|dropped|quit|ditched|closed) (?:the|my|our) (?:other|old) (?:one|account|"
                        r"membership|app)\b", re.I)
# "in the basement meeting room of the Harvey Rice branch library"
_PART_OF = re.compile(r"\b(?i:in|at)\s+(?i:the|our|my)\s+(?:[a-z]+\s+){1,4}?(?i:of|at)\s+" + _NAME)
_HOLDER = re.compile(r"(?:\b(?i:is|are)|'s)\s+(?:(?i:a|an)\s+)?['\u2018]?" + _NAME)  # "talk group is 'Summit'", "it's a Larsen"  # "my main contact is Sandra Kim"
_APPOSED = re.compile(_NAME + r",\s+(?i:she|he|they)(?:'s|\s+is|\s+are)\s+(?i:the|our|my)\b")  # "Gemma, she's the charge"
# "Ellie's my head brewer", "Ana is our accountant"
_NAMED_ROLE = re.compile(r"^(?P<name>[A-Z][a-z]+(?:\s+[A-Z][a-z]+)?)(?:'s|\s+is|\s+has been|'s been)\s+(?i:my|our|the)\s+[a-z]")
_DOER = re.compile(r"^" + _NAME + r"(?:\s+(?i:at|from|of)\s+[A-Z][\w&'.\-]*(?:\s+[A-Z][\w&'.\-]*)*)?(?:(?:'s|\s+has) been "
                   r"(?i:doing|handling|running|covering|working)|\s+(?i:does|handles|runs|manages|covers|cuts|fixes|cleans|mows|reviews|owns|"
                   r"builds|teaches|coaches|takes care of|signs off|approves))\b")  # "Lyle does my gutters every fall"
# "from now i order everything from ApiMar", "... 😡 from now i order", not "an hour from now"
_FROM_NOW = r"(?:^|(?<=[^\w\s] )|(?<=[^\w\s])|(?<=\band )|(?<=\bso ))(?i:from now)\b"
_SETTLED = re.compile(
    r"\b(?:now|from now on|going forward|for good|these days|instead|as of)\b|"
    r"(?:^|\b(?:i|we)(?:'ve| have)?\s+)(?:just\s+)?(?:got|been|was|were) (?:moved|transferred|posted|reassigned)(?: over)? "
    r"to\b|"  # a move made for the user, not "the sales team's offsite got moved to Phoenix"
    + _FROM_NOW + r"|"
    r"\bfrom (?:monday|tuesday|wednesday|thursday|friday|saturday|sunday|next (?:week|month)|tomorrow|today) on\b|"
    r"\bfrom this (?:week|month)\b|\bcancell?ed (?:my|our|the) (?:old )?(?:membership|subscription|plan|policy|account|"
    r"contract)\b|"
    r"^from (?:monday|tuesday|wednesday|thursday|friday|saturday|sunday|next (?:week|month)|tomorrow|today)\b|"
    r"\bfirst (?:full )?(?:day|week|shift|month|run|session|practice|morning|class|visit|appointment|appt|lesson|checkup|"
    r"check-up) (?:at|on|in|with|w/?|out of|from)\b|"
    r"\bthis (?:year|season)\b|\bsince the new (?:contract|deal|agreement|owner|owners|management|policy)\b|\brolling out\b|\bunpacked in\b|\bour new (?:[a-z]+ )?rep\b|"
    r"\b(?:standing|recurring) order\b|\b(?:getting|gets) (?:the|every) next order\b|\bevery one after that\b|"
    r"\b(?:this one'?s|it'?s|they'?re) (?:staying|a keeper|here to stay)\b|\bnext (?:hitch|rotation|contract|posting|deployment)\b|\b(?:started|switched|put) (?:him|her|them) on it\b|"
    r"\bset up (?:on|with) (?:the )?new\b|"
    r"\bfirst (?:pallet|order|delivery|shipment|batch|load|box|drop|invoice|case|crate|tub|bag)s? (?:from|with|w/?|through)\b|"
    r"\bsince (?:monday|tuesday|wednesday|thursday|friday|saturday|sunday)\b|"
    r"\bsince (?:(?:last|this|the start of|the beginning of|early|mid|late) )?(?:week|month|year|season|spring|"
    r"summer|fall|autumn|winter|january|february|march|april|may|june|july|august|september|october|november|"
    r"december)\b|"
    r"\bstarting (?:next|this|on|in|from|today|tomorrow|monday|tuesday|wednesday|thursday|friday)\b[^.]*"
    r"\bit'?s\s+(?:with\s+)?(?:the\s+)?[A-Z]|"
    r"\b(?:the|our|my) (?:old|other|previous|former|last) (?:place|one|shop|store|company|vendor|supplier|"
    r"outfit|guy|crew|service|app|tool|system|readers?|policy|plan|provider|insurer|carrier|bank|card|account|gym|"
    r"vet|clinic|doctor|dentist|school|club)\b", re.I)
# the user moved by others, the subject left out or said: "welp got moved to", "I was transferred to"
_MOVED_LEAD = r"(?:^(?:(?i:welp|well|so|ok|okay|ugh|lol|update|news)\W+)?|\b(?i:i|we)(?i:'ve| have)?\s+)"
_GOT_MOVED_TO = _MOVED_LEAD + r"(?i:(?:just\s+)?(?:got|been|was|were) (?:moved|transferred|posted|reassigned)(?: over)? to)"
_PROVIDER_SWITCHES = tuple(re.compile(p) for p in (
    r"\b(?i:(?:we'?re|i'?m|we are|i am|everything'?s|everything is)\s+(?:(?:fully|now|all|officially|"
    r"totally|completely|back|over|full[- ]time)\s+){0,2}(?:(?:getting|buying|ordering|sourcing|renting|doing)"
    r"(?:\s+[\w']+){0,3}?\s+|(?:booked|done|handled|run|hosted|kept|stored|ordered|shipped|coming|going)\s+)?"
    r"(?:on|with|using|through|at|in|from))\s+" + _NAME,  # "we're getting alpines through X", "everything's booked through"
    r"\b(?i:it'?s|it is)\s+" + _NAME + r"(?=[^.]*\b(?i:now|these days|from now on)\b)",  # "it's Johnstone ... now"
    # "first Thursdays at 7 will be at St. Brendan's parish hall from now on"
    r"\b(?i:will be|(?:is|are) being) (?i:held )?(?i:at|in)\s+" + _NAME
    + r"(?=[^.]*\b(?i:now|from now on|going forward|for good|permanently)\b)",
    r"\b(?i:(?:opened an account|(?:set up|opened) (?:a|an) (?:new )?(?:trade |business |wholesale )?account|"
    r"signed(?: a contract| (?:a|an) (?:standing |new |recurring )?(?:order|deal|agreement))?|placed (?:the|an|my|our|a) (?:[\w']+\s+){0,4}?order"
    r"(?:\s+for(?:\s+[\w']+){1,5}?)?)\s+(?:with|w/?|at))\s+" + _NAME,
    r"\b(?i:starting\b[^.]*\bit'?s\s+(?:with\s+)?)" + _NAME,
    r"\b(?i:(?:send|sending|take|taking|bring|bringing|move|moving|moved|changed|switched)\s+(?:it|them|everything)\s+"
    r"(?:to|over to))\s+"
    + _NAME,
    r"\b(?i:first (?:full )?(?:day|week|shift|month|job|run|session|practice|morning|class|visit|appointment|appt|lesson|"
    r"checkup|check-up|"
    r"(?:mon|tues|wednes|thurs|fri|satur|sun)day) (?:at|on|in|with|w/?|out of|from))\s+" + _NAME,
    # "agency's rolling out HHAeXchange for everybody", "finally unpacked in Logan Square",
    # "met our new produce rep from Valley Fresh"
    r"\b(?i:rolling out|rolled out)\s+" + _NAME + r"(?=\s+(?i:for (?:everybody|everyone|all of us|the whole)))",
    r"\b(?i:(?:finally )?unpacked in|moved into|moving into)\s+" + _NAME,
    r"\b(?i:(?:our|my|the) new (?:[a-z]+ )?(?:rep|contact|supplier|vendor|distributor) (?:from|at|with))\s+" + _NAME,
    # "got a membership at boulder barn ... cancelled the old one", "cancelled my membership and joined the ymca"
    r"\b(?i:(?:got|bought|signed up for|took out) (?:a|an) (?:new )?membership (?:at|with)|joined(?: the)?)\s+" + _NAME,
    # "took biscuit to his new vet at riverbend today"
    r"\b(?i:(?:our|my|his|her|their) new (?:vet|doctor|doc|dentist|gp|pediatrician|therapist|physio|gym|school|daycare|"
    r"salon|barber|mechanic|pharmacy|bank|church|clinic) (?:at|from|with))\s+" + _NAME,
    # "we're running everything out of the Summit Shack at the top of Ridgeline chair now"
    r"\b(?i:(?:running|run|working|operating|based)\s+(?:everything\s+|it all\s+)?out of)\s+" + _NAME
    + r"(?=[^.]*\b(?i:now|from now on|going forward|these days)\b)",
    # "first pallet from Carver Grain Co came in this morning"
    r"\b(?i:first (?:pallet|order|delivery|shipment|batch|load|box|drop|invoice|case|crate|tub|bag)s? (?:from|with|through))\s+"
    + _NAME,
    r"\b(?i:(?:i'?ve|we'?ve|i have|we have) been (?:getting|buying|ordering|using|sourcing|working with|"
    r"shopping)\b[^.]*?\b(?:from|at|with|through))\s+" + _NAME,
    # "roses are all coming from Greenhaus Flowers these days", "every donor record lives in Salesforce now"
    r"\b(?i:(?:(?:is|are|'s|'re)\s+(?:all\s+)?coming|comes?|lives?|sits?|is kept|are kept)\s+(?:from|in|on|at))\s+"
    + _NAME + r"(?=[^.]*\b(?i:now|these days|starting (?:this|next|today|tomorrow|monday|tuesday|wednesday|thursday|"
    r"friday|saturday|sunday)|from (?:this|next) (?:week|month))\b)",
    # "since the new contract in January all our lube oil comes from Castrol"
    r"\b(?i:since the new (?:contract|deal|agreement)\b[^.]*?\b(?:comes?|is coming|are coming|goes|go)\s+(?:all\s+)?"
    r"(?:from|through|with|to))\s+" + _NAME,
    # "starting monday every case goes to Pacific Arch Lab"
    r"\b(?i:(?:goes|go|going) (?:out )?(?:to|on))\s+['\u2018]?" + _NAME + r"(?=[^.]*\b(?i:now|from now on|going forward)\b)",
    r"\b(?i:starting\b[^.]{0,60}?\b(?:goes|go|going) (?:out )?(?:to|of|from))\s+" + _NAME,
    # "I'm sending all my lender referrals to Sam Ortiz at Keystone Lending going forward"
    r"\b(?i:(?:i'?m|we'?re|i am|we are) (?:now )?(?:sending|referring|taking|bringing)(?:\s+[\w']+){0,4}?\s+to)\s+" + _NAME
    + r"(?=[^.]*\b(?i:now|going forward|from now on|these days)\b)",
    # "from now i order everything from ApiMar in Kraków"
    _FROM_NOW + r"(?i:(?: on)?,?\s+(?:i|we)(?:'ll| will)?\s+(?:order|buy|get|source|use)\s+(?:[\w']+\s+){0,4}?"
    r"(?:from|through|at|with))\s+" + _NAME,
    # "from now on bait comes from Kaimai Seafoods"
    r"\b(?i:(?:from now on|going forward|from here on(?: out)?),?\s+(?:[\w']+\s+){0,4}?(?:comes?|is coming|are coming|"
    r"goes|go|is|are)\s+(?:all\s+)?(?:from|through|via|to|with|at))\s+" + _NAME,
    # "transferred all my rx to the costco pharmacy", "ported my number to mint mobile"
    r"\b(?i:(?:transferred|ported)\s+(?:all\s+)?(?:of\s+)?(?:my|our|the)\s+(?:[\w']+\s+){0,2}?(?:over\s+)?to)\s+" + _NAME,
    # "all meetings are on Google Meet now"
    r"\b(?i:(?:all|every|everything)\b[^.,;]{0,30}?\b(?:is|are|'s|'re)\s+(?:now\s+)?(?:all\s+)?(?:on|in|through))\s+" + _NAME
    + r"(?=[^.]*\b(?i:now)\b)",
    # "switched wholesaler. now using Zest Flowers", "using the Toggl app to log hours now"
    r"\b(?i:now (?:using|going with|ordering from|buying from|getting (?:[\w']+\s+){0,3}?from))\s+(?:(?i:the)\s+)?" + _NAME,
    r"\b(?i:using)\s+(?:(?i:the)\s+)?" + _NAME + r"(?=[^.]*\b(?i:now)\b)",
    # "I now use Meadows & Passmore, who have been very obliging", "Now I use Président butter from Costco"
    r"\b(?i:(?:i|we) now (?:use|put|fit|buy from|order from|go to|work with|get (?:[\w']+\s+){0,3}?from)|now,? (?:i|we) use)\s+"
    r"(?:(?i:only|just)\s+)?(?:(?i:the)\s+)?" + _NAME,  # "Now we use only Demae-can"
    # "I have gone over to Paynes; they are nearer"
    r"\b(?i:(?:i|we)(?:'ve| have)? (?:gone|went) over to)\s+" + _NAME,
    # "Ordering from Farmer's Pride in Kasoa now", "sellin to Bee Sweet Co-op out of stanthorpe now", its "I" left out
    r"^(?i:(?:ordering|buying|getting|sourcing|selling|sellin'?|sending)(?:\s+[\w']+){0,3}?\s+(?:from|through|with|to))\s+"
    + _NAME + r"(?=[^.]*\b(?i:now|from now on|going forward|these days)\b)",
    # "got moved to Seagreen!!", "welp got moved to edmonds-kingston", "they've transferred me to Leeds General"
    r"(?:" + _GOT_MOVED_TO + r"|" + _MOVED_LEAD + r"(?i:(?:moved|transferred|posted|reassigned) (?:me|us)(?: over)? to))"
    r"\s+(?:(?i:the)\s+)?" + _NAME,
    # "we order from stromsholm now, vale bros sent the wrong sizes 3 times"
    r"\b(?i:(?:i|we)\s+(?:order|buy|source|shop)(?:\s+(?:it|them|everything|all|\w+s)){0,2}?\s+(?:from|through|with|at))\s+"
    + _NAME + r"(?=\s+(?i:now|these days|from now on)\b)",
    # "Now I buy from Schaff in Illinois", "now we take it from Fjellolje AS"
    r"\b(?i:now,?\s+(?:i|we)\s+(?:buy|order|get|source|take)(?:\s+(?:it|them|everything|all|my|our|the|\w+s)){0,3}?\s+"
    r"(?:from|through|with))\s+" + _NAME,
    # "I bought TuneLab for the Android tablet and I am using that now"
    r"\b(?i:bought|got|downloaded|installed|ordered)\s+" + _NAME + r"(?=[^.]*\b(?i:(?:i'?m|i am|we'?re|we are) (?:using|on) "
    r"(?:that|it|this|them) (?:now|instead|from now on)))",
    # "tried Hartwell Distributing for the first time", "put a Pirastro Perpetual A on last night"
    r"\b(?i:tried)\s+" + _NAME + r"(?=\s+(?i:for the first time))",
    r"\b(?i:put (?:a|an|the|some) (?:new )?)" + _NAME + r"(?=[^.]*\b(?i:on)\b)",
    # "next hitch im reporting to the Margaret J.", "signed up at Crux Collective today", "set me up on Lyft"
    r"\b(?i:(?:i'?m|i am) reporting (?:to|aboard)|signed up (?:at|with)|set (?:me|us) up (?:on|with))\s+" + _NAME,
    # "getting everybody set up on the new WEX cards"
    r"\b(?i:set up (?:on|with) (?:the )?new)\s+" + _NAME,
    # "booked the Lakeview Community Church sanctuary for May 8" (it settles nothing without the old date)
    r"\b(?i:booked|reserved)\s+" + _NAME,
    # "vet recommended Fox Valley 32/40 for Gus, started him on it this morning"
    r"\b(?i:recommended|prescribed|suggested)\s+" + _NAME + r"(?=[^.]*\b(?i:started|switched|put) (?:him|her|them) on it\b)",
    # "finally imported the whole bib into Paperpile"
    r"\b(?i:imported\s+(?:[\w']+\s+){0,4}?(?:into|to|over to))\s+" + _NAME,
    # "Shopify POS runs the counter now"
    r"(?:^|[\-\u2014:,]\s+)" + _NAME + r"(?:'s\s+(?i:group|team|practice|office|clinic|firm|crew|people))?\s+"
    r"(?i:runs|handles|does|powers|hosts|covers)\b(?=[^.]*\b(?i:now)\b)"))
_SWITCHED_ALL = re.compile(r"\b(?i:(?:switch|mov|migrat)(?:ed|ing)\s+(?:everything|it all|all of it|everyone|everybody|"
                           r"all of us|us all|the whole (?:team|office|firm|crew|shop)|"
                           r"all (?:of )?(?:our|my|the) [\w\-]+|every (?:school|site|office|branch|store|team|clinic|ward|"
                           r"department|location|shop))\s+(?:over\s+)?(?:to|into|onto))\s+" + _NAME)
_SWITCHED_REFERENT = re.compile(r"\bswitch(?:ed|ing) (?:her|him|them|it|us|me) (?:over )?to\b", re.I)  # "switched her to"
_SWITCHED_US = re.compile(r"\bswitch(?:ed|ing) (?:us|me) (?:over )?to\b|"  # "owner switched us to Anita's Mill"
                          # "welp got moved to edmonds-kingston", "I was transferred to", not "the picnic got moved to"
                          + _GOT_MOVED_TO + r"\b", re.I)
# "now i switch to Verituner on ipad": a switch told in the present
_SWITCH_TARGET = re.compile(r"\b(?i:(?:switch|mov|migrat|port|chang)(?:ed|ing)(?:\s+over)?|went|replac(?:ed|ing)|"
                            r"(?<=\bnow i )switch|(?<=\bnow we )switch|(?<=\bi now )switch|(?<=\bwe now )switch|"
                            r"(?<=\bi )change|(?<=\bwe )change|"  # "i change to Yamato Farm, they deliver 6am"
                            r"swapp?(?:ed|ing)?)(?:\s+[\w']+){0,5}?\s+(?i:to|with|for|into|onto)\s+" + _NAME)
# "Omar Haddad is taking over the offsite", "From now on Jun-ho is recording my sessions"
# "Harold saw Dr. Okonkwo today, she's taking over his care"
_PRONOUN_HANDOVER = re.compile(_NAME + r"[^A-Z.!?]*?\b(?i:she|he|they)(?:'s|\s+is|\s+are|\s+has)\s+(?i:now\s+)?"
                               r"(?i:taking over|taken over)\b")
_HANDOVER = re.compile(_NAME + r"(?:\s+(?i:is|will be|has|who'?s|who is)|'s)\s+(?i:now\s+)?(?P<verb>(?i:got (?:my|our|the)|taking over|taken over|"
                       r"took over|takes over|stepping in|stepping up|covering|handling|running|doing|recording|leading|managing|"
                       r"reviewing))\b")
# "had a first call with Julian Otero, he's the new AD", "Dana is our new bookkeeper"
_NEW_HOLDER = tuple(re.compile(p) for p in (
    _NAME + r"(?:,\s+(?i:he|she|they)(?:'s|\s+is|\s+are)|\s+(?i:is|'s))\s+(?i:the|our|my)\s+(?i:new)\b",
    # "Abdul Rahman is night charge now"
    _NAME + r"\s+(?i:is|'s)\s+(?:(?i:the|our|my)\s+)?[a-z]+(?:\s+[a-z]+){0,2}\s+(?i:now)\b",
    # "Bev starts on the Hollister Paper lane monday"
    _NAME + r"\s+(?i:starts|started|begins|began) (?i:on|at|with|as) (?:(?i:the|our|my|me|us)\b|[a-z])",
    # "Tasha Brooks (Jaden's mom) is gonna be my assistant"
    _NAME + r"(?:\s+\([^)]*\))?\s+(?i:is gonna be|is going to be|will be) (?i:my|our|the) [a-z]+",
    # "hired Javier!", "owners brought in Renata Coelho as new executive chef"
    r"\b(?i:hired|brought in|brought on|onboarded)\s+(?:(?i:a|an|our|my) (?i:new) [a-z]+(?: [a-z]+)?[:!,]?\s+)?" + _NAME,
    # "a new guy Rafal"
    r"\b(?i:a|the|our|my) (?i:new) (?i:guy|girl|lady|person|one|hire|woman|man|fella)\s*,?\s+" + _NAME,
    # "new roommate Leif moved in saturday", "new caseworker called today, Terrence Hall"
    r"(?:^|(?<=[.!;,\u2014]\s)|\b(?i:a|the|our|my|met (?:the|our|my))\s)(?i:new) [a-z]{4,}(?:\s+(?!(?:at|from|with|in|on|for|to|of|by|is)\b)[a-z]+){0,2}?(?:,\s+|\s+(?:(?i:is)\s+)?)(?!I\b|I')"
    + _NAME))
# "switched to", "moved everything over to" said by the user, not "the family is moving to Tucson"
_OWN_SWITCH = re.compile(r"(?:^|[.!;,\u2014]\s*|\s-\s*|\b(?:i|we|i'?ve|we'?ve|i have|we have)\s+(?:\w+\s+)?|"
                         r"^(?:i |we )?spent (?:[\w']+\s+){1,4})(?:(?:finally|just|officially)\s+)?"  # "finally switched to giffgaff"
                         r"(?:switch|mov|migrat|went with|chang|replac|swapp?|transferr|ported)", re.I)


_KIND_OF_BUSINESS = frozenset("""mill mills supply supplies co company inc llc ltd farm farms market studio studios
center centre shop store clinic hospital hospice services service group partners bakery coffee roasters lab labs home
house hall arena church school academy gym pharmacy foods produce distributors distribution dental medical vet
veterinary health care bank credit union insurance agency""".split())
_ONE_OFF_TYPES = frozenset({MemoryType.TEMPORARY, MemoryType.TASK})
_ONE_OFF = re.compile(r"(?<!starting )(?<!from )(?<!as of )\b(?:today|tonight|tomorrow|this (?:morning|afternoon|"
                      r"evening|week|weekend|time|once|(?:mon|tues|wednes|thurs|fri|satur|sun)day)|"
                      r"for the (?:day|night|week|weekend)|just once|"
                      r"(?:the )?next (?:two|three|couple(?: of)?|few|\d+) (?:days|weeks|weekends|shifts))\b", re.I)


class SwitchKind(StrEnum):
    """Whom a switch replaces: a supplier, tool or venue, or the person in a role."""

    PROVIDER = "provider"
    HANDOVER = "handover"  # "has taken over", "is covering"
    HOLDER = "holder"  # "he's the new AD", "Jun-ho is recording my sessions"


@dataclass(frozen=True, slots=True)
class Switch:
    """What a statement switches to: the new ``name``, whether the statement settles it, and whom it replaces."""

    name: str
    settled: bool
    kind: SwitchKind


def switched_to(text: str) -> Switch | None:
    """What ``text`` switches to, or None."""
    switch = _switched_to(text)
    if switch is None or re.fullmatch(CALENDAR, switch.name.split()[0].lower()):
        return None  # "moved the standup over to Tuesday" names a day, not a provider
    name = re.sub(r"(?:\s+(?:and|of|&))+$", "", switch.name.rstrip(".,;:!"))  # "into memoQ.", "on Lyft and honestly"
    return replace(switch, name=name)


def _switched_to(text: str) -> Switch | None:
    if hypothetical(text):
        return None
    settled = _SETTLED.search(text) is not None
    handover = _HANDOVER.search(text)
    if handover:
        verb = handover.group("verb").lower()
        if verb.endswith("over") or verb in ("stepping in", "stepping up", "covering"):  # "has taken over"
            return Switch(handover.group("name"), True, SwitchKind.HANDOVER)
        return Switch(handover.group("name"), settled, SwitchKind.HOLDER)
    by_pronoun = _PRONOUN_HANDOVER.search(text)
    if by_pronoun:
        return Switch(by_pronoun.group("name"), True, SwitchKind.HANDOVER)
    newcomer = next((m for m in (p.search(text) for p in _NEW_HOLDER) if m), None)
    if newcomer:
        return Switch(newcomer.group("name"), True, SwitchKind.HOLDER)
    m = next((m for m in (p.search(text) for p in _PROVIDER_SWITCHES) if m), None)
    everything = _SWITCHED_ALL.search(text)
    own = everything is not None or _SWITCHED_US.search(text) is not None or (
        (announces_switch(text) or _SWITCHED_REFERENT.search(text) is not None) and _OWN_SWITCH.search(text) is not None)
    if m is None and own:
        m = everything or _SWITCH_TARGET.search(text) or _FROM.search(text) or _IN.search(text)
    return None if m is None else Switch(m.group("name"), own or settled, SwitchKind.PROVIDER)


# what a switch says it is for: "switched to Larkpost for email", "changed banks", "Marco is taking over the
# tuesday soccer carpool", "switched to oat milk from Dairyfield"
_FOR = re.compile(r"\bfor (?:all )?(?:of )?(?:my |our |the |his |her )?(?P<t>[a-z][\w\-]+(?: [a-z][\w\-]+)?)", re.I)
_TOPICS = (_FOR, *(re.compile(p, re.I) for p in (
    r"\b(?:changed|switched|swapped) (?:my|our|the) (?P<t>[a-z]+) (?:to|over to|for)\b",  # "changed my browser to"
    r"\b(?:changed|switched|swapped|(?<!their )(?<!his )(?<!her )(?<!its )new) (?P<t>[a-z]+s)\b",  # not "their new logins"
    r"\b(?:changed|switched|swapped) (?:my |our |the )?(?P<t>[a-z]+) (?:providers?|compan(?:y|ies)|plans?|suppliers?|"
    r"vendors?|carriers?|services?)\b",  # "switched electricity providers"
    r"\btaking over (?:as )?(?:the |our |my |her |his |their )?(?P<t>[a-z][\w\-]+(?: [a-z][\w\-]+){0,3}?)"
    r"(?=\s*(?:[,.;:!?)]|$|\s(?:from|at|for|on|in|and|while|starting|now|too|me|will|so)\b))",
    r"\bswitched (?:over )?to (?P<t>[a-z][\w\-]+(?: [a-z][\w\-]+)?) (?:from|at|by)\b",
    # "moved my business account over to Mercury": what moved
    r"\b(?:moved|moving|migrated|migrating|ported) (?:the |our |my |all (?:of )?(?:the |our |my )?)"
    r"(?P<t>[a-z][\w\-]+(?: [a-z][\w\-]+){0,2}?) (?:over )?to\b",  # data moved "into" a tool names no purpose
    r"\b(?:switched|switching|changed|swapped) (?P<t>[a-z][\w\-]+ [a-z][\w\-]+) (?:over )?to\b")))  # "switched home insurance to"
_GENERIC = frozenset("""now good all everything everyone stuff things thing customers clients accounts orders order
job jobs work way lot lots rest while time times day days week weeks month year season side care caseload
patients duties role position responsibilities less more cheaper half free years months weeks days hours digs first everybody
library data files number numbers prescriptions rx scripts""".split())  # what is moved, not what for: "moved my whole library over to Rekordbox"
_GENERIC_STEMS = frozenset(porter_stem(w) for w in _GENERIC | {"order", "account", "new", "first", "last"})
# the old provider spoken of without its name: "the other place", "my old one", "send it to"
_ANAPHOR = re.compile(r"\b(?:the|our|my) (?:old|other|previous|former|last|usual) (?:place|shop|store|company|"
                      r"vendor|supplier|outfit|guy|crew|service|app|tool|system|clinic|office|gym|bank|provider|firm|"
                      r"agency|spot|site|venue|location)\b|"
                      r"\bthe [a-z]+ (?:is|was|are|were|'s) (?:dead|gone|history|retired|toast)\b|"  # "the spreadsheet is dead"
                      r"\b(?:send|sending|sent|take|taking|took|move|moving|moved|bring|bringing) it\b", re.I)


def _topic(text: str, name: str = "") -> set[str]:
    """The content words of what ``text`` says its switch (to ``name``) is for (see ``_TOPICS``). A "for ..." is
    the purpose only in the clause of the name: not "it's Callebaut now, the 811 for tempering"."""
    at = text.find(name) if name else -1
    out: set[str] = set()
    for pattern in _TOPICS:
        for m in pattern.finditer(text):
            if pattern is _FOR and at >= 0 and re.search(r"[,;.!?\u2014]", text[at:m.start()]):
                continue
            out |= {w for w in m.group("t").lower().split() if w not in STOPWORDS and w not in _GENERIC
                    and w not in PLAIN_MODIFIERS}
    return out


def _about_else(text: str, old: str, name: str = "") -> bool:
    """Does the switch say it is for something the old memory never speaks of ("switched to Larkpost for
    email" against "I get my hair cut at Snipshop"), without pointing back at the old provider?"""
    topic = {porter_stem(w) for w in _topic(text, name)}
    if not topic or _ANAPHOR.search(text):
        return False
    named = re.split(r"[,.;!?]", text[text.find(name):])[0] if name and name in text else name  # "El Pochote organic market"
    kinds = set(named.lower().split()) & _KIND_OF_BUSINESS
    if kinds & set(re.findall(r"[a-z]+", old.lower())):
        return False  # "moved my stall to the El Pochote organic market" against "at the Tlacolula market"
    shared = [t for t in topic if any(same_family(t, o) for o in subject_words(old))]
    # "moved my business account over to Mercury" against "my personal checking account is at Wells Fargo"
    return not shared or all(_other_kind(text, old, t) for t in shared)


def _shares_subject(text: str, old: str, names: set[str], roles: bool = False) -> bool:
    """Do the two speak of one thing besides the old provider's ``names``, the new one's and whose it is
    ("the autumn jar order" and "my 500g jars"; "the new AD at little finch" and "art director at Little
    Finch Books"; not "lily's swim coach" and "Ana teaches Lily's ballet class"; with ``roles``, not "my swim
    coach" and "my running coach")?"""
    said_plainly = {w for w in re.findall(r"\b[a-z][\w\-]+", text)} & {w for w in re.findall(r"\b[a-z][\w\-]+", old)}
    named = {porter_stem(n) for n in (names | proper_names(text)) - said_plainly}  # "our framing" / "Halden Framing"
    owners = {porter_stem(w.lower()) for w in re.findall(r"\b(\w+)'s\b", text)}  # "lily's swim coach": whose
    ours, theirs = subject_words(text) - named - owners, subject_words(old) - named
    return any(same_family(a, b) and not (roles and _other_kind(text, old, a)) for a in ours - _GENERIC_STEMS
               for b in theirs - _GENERIC_STEMS)


_SAME_KIND = STOPWORDS | {"new", "old", "current", "former", "previous", "regular", "usual"}  # "new caseworker"


def _other_kind(text: str, old: str, stem: str) -> bool:
    """Do the two say different kinds of the shared word ("my swim coach" and "my running coach")?"""
    def modifier(sentence: str) -> str | None:
        tokens = re.findall(r"[a-z][\w'\-]*", sentence.lower())
        for before, word in zip(["", *tokens], tokens, strict=False):
            if porter_stem(word) == stem:
                return None if not before or before in _SAME_KIND or before.endswith("'s") else before
        return None
    ours, theirs = modifier(text), modifier(old)
    if ours is None or theirs is None or ours == theirs:
        return False
    # "the Hollister Paper lane" and "the Hollister Paper dedicated lane" both say "paper": one kind
    return ours not in re.findall(r"[a-z][\w'\-]*", old.lower()) and theirs not in re.findall(r"[a-z][\w'\-]*", text.lower())


def _leaves_another(text: str, name: str, old: str) -> bool:
    """"we moved payroll to Gusto from ADP" after "our accounting software is QuickBooks", "oat milk from Minor
    Figures now instead of Oatly" after "beans from Blue Bottle": the switch names the provider it leaves, and the
    old memory does not."""
    left = re.search(r"\b(?i:(?P<from>from)|away from|off|instead of|rather than|replacing)\s+" + _NAME,
                     text[text.find(name) + len(name):] if name in text else "")
    if left is not None and left.group("from") and not _MOVED_FROM.search(text):
        return False  # "Now I use Président butter from Costco": where it is bought, not what it replaces
    return left is not None and not re.search(rf"\b{re.escape(left.group('name').split()[0])}", old, re.I)


_MOVED_FROM = re.compile(r"\b(?:moved|moving|switched|switching|migrated|changed|ported|transferred|swapped)\b", re.I)


def _said_before(name: str, old: str) -> bool:
    """Does the old memory already name what the switch goes to ("in the E175" after "on the E175")? The
    first word of the name decides: "Stonebrook Tannery Supply" is not "Hide Supply"."""
    first = next((w for w in name.split() if w.lower().rstrip(".") not in _TITLES | STOPWORDS), "")
    return bool(first) and find_word(old, first) is not None


def _same_day(text: str, old: str) -> bool:
    """Do the two name the same date or weekday ("booked the church for May 8" and "spring concert is May 8";
    "she starts saturdays" and "doing my saturday shifts")?"""
    return any(value_pairs.is_day(v) for v in value_tokens(text) & value_tokens(old))


_JOB_VERB = re.compile(r"\b(?:does|doing|do|handles|handling|runs|running|covers|covering|takes care of|taking care of)"
                       r"\s+(?:all\s+)?(?:of\s+)?(?:our|my|the)\b", re.I)


def _same_job(text: str, old: str) -> bool:
    """Do both say someone does "our" something ("Dr. Alvarez does our x-rays" and "Dr. Kessler is doing all our
    imaging now")? The job is the same kind of work even in other words."""
    ours, theirs = _JOB_VERB.search(text), _JOB_VERB.search(old)
    return bool(ours and theirs) and ours.group(0)[:3].lower() == theirs.group(0)[:3].lower()  # does / doing


def _departed(text: str, names: set[str]) -> bool:
    """Does ``text`` say one of ``names`` is leaving ("news: agnieszka got promoted to ops manager")?"""
    return any(departed(text, name) for name in names)


def _named_beside(message: str, text: str, old: str) -> bool:
    """Does the rest of the message name something the old memory names ("The last two parcels from Stuttgart took
    three weeks" beside the switch, after "from Renner in Stuttgart")?"""
    def proper(words: str) -> set[str]:  # with "iPhone", "eBay"
        return proper_names(words) | {w.lower() for w in re.findall(r"\b[a-z]{1,2}[A-Z][\w\-]+", words)}

    rest = proper(message.replace(text, " ")) - proper(text)
    return any(not re.fullmatch(CALENDAR, w) for w in rest & proper(old))


def _refers_to(text: str, names: set[str]) -> bool:
    """Does ``text`` speak of one of ``names`` by its common noun ("the hotel" for the Grand Maple Hotel)?"""
    return any(w.lower() in names for w in re.findall(r"\b(?i:the)\s+([a-z][\w\-]+)", text))


# titles name no one: "Dr. Feld" and "Dr. Okonkwo" share no name
_TITLES = frozenset("dr mr mrs ms miss prof coach rev sister father".split())


def _named_by(frame: re.Pattern[str], text: str) -> set[str]:
    """The capitalised words of the names ``frame`` finds in ``text`` (a sentence's first word only when the
    frame puts the name first, as in "Lyle does my gutters")."""
    found = {re.sub(r"'s$", "", w.lower()).rstrip("'.") for m in frame.finditer(text) for w in m.group("name").split()}
    found = {w for w in found - _TITLES if not re.fullmatch(CALENDAR, w)}  # "deadline is March 14" names no one
    return found - STOPWORDS if frame in (_DOER, _NAMED_ROLE, _COMPLAINT, _LEADING_NAME, _CONTRACT_WITH, _GET_FROM, _ON_THE) else found & proper_names(text)


_TO_THEM = re.compile(r"\b(?:switch|mov|transferr)(?:ed|ing)\b(?:\s+[\w']+){0,5}?\s+(?:over\s+)?to\s+(?:them|her|him)\b", re.I)


def _switched_to_them(text: str, message: str) -> Switch | None:
    """"Found a place in napier, Jarworks, 18c cheaper per jar ... switched all my jar orders to them": the switch is
    to the last name said before it in the same message."""
    said = _TO_THEM.search(text)
    at = message.find(text)
    if said is None or at <= 0:
        return None
    before = message[:at]
    names = [m.group(0).rstrip("'.,") for m in re.finditer(r"(?<=[\s,])[A-Z][\w&'.+\-]+(?:\s+[A-Z][\w&'.+\-]+)*", before)]
    return Switch(names[-1], True, SwitchKind.PROVIDER) if names else None


def switched_provider(claim: Claim, live: Sequence[Claim], existing: Sequence[Memory], now: datetime,
                      message: str = "") -> Verdict | None:
    """The verdict that ``claim`` replaces the provider or holder of the latest memory that names one
    (see the module), or None. ``message`` is everything kept from the same message (the claim by default):
    "my gutter fella is retiring" beside "His nephew Rafael is taking over the customers"."""
    message = message or claim.content
    if claim.type in _ONE_OFF_TYPES or (_ONE_OFF.search(claim.content) and not cues.DONE_TODAY.search(claim.content)):
        return None  # "This Saturday we're meeting at the Legion hall instead": the usual place stays
    switch = switched_to(claim.content) or _switched_to_them(claim.content, message)
    if switch is None:
        return None
    created = {m.id: m.created_at for m in existing}
    recent = []
    for old in reversed(live):
        when = created.get(old.ref)
        if isinstance(old.ref, NewRef) or when is None:
            continue
        if now - when > WINDOW:
            break
        if not old.critical and old.type is not MemoryType.TEMPORARY:
            recent.append(old)
    mentioned = proper_names(claim.content)
    providers = ((_LEADING_NAME,) if _OTHER_ONE.search(message) else ()) + (_FROM, _SENT_TO, _SOLD_TO, _CONTRACT_WITH, _GET_FROM, _ON_THE, _IN,
                                                                           _HOLDER, _PART_OF, _COMPLAINT)
    settled_only: Verdict | None = None  # a settled switch unlinked to the memory: taken unless a linked one follows
    for frame in (providers if switch.kind is SwitchKind.PROVIDER else (_HOLDER, _APPOSED, _NAMED_ROLE, _DOER, _SENT_TO)):
        for old in recent:
            names = _named_by(frame, old.content)
            if not names:
                continue
            # "brenda's retiring, Tasha ..." names the old holder only to say she goes; "Camas Country Mill" and
            # "Bob's Red Mill" share no more than the kind of business
            named = {n for n in names & mentioned - _KIND_OF_BUSINESS if not departed(claim.content, n)}
            # a complaint ("Trados crashed on me again") names no subject the switch could be about instead
            complaint = _COMPLAINT.search(old.content) is not None
            beside = _named_beside(message, claim.content, old.content)
            if (named or NOT_OURS.search(message) or (not complaint and not beside and _about_else(message, old.content, switch.name))
                    or _said_before(switch.name, old.content)
                    or third_party(claim.content, old.content)  # "my wife changed dentists"
                    or other_animal(message, old.content)
                    or _leaves_another(claim.content, switch.name, old.content)):
                return settled_only  # the switch names the old provider itself (the other rules decide), or another thing
            linked = (_refers_to(claim.content, names)
                      or _shares_subject(message, old.content, names, roles=switch.kind is not SwitchKind.PROVIDER)
                      or _departed(message, names) or cues.DEPARTURE.search(old.content) is not None  # "she's retiring"
                      or _same_day(message, old.content) or beside
                      or _same_job(claim.content, old.content))
            if switch.kind is SwitchKind.HOLDER and not (switch.settled and linked):
                return settled_only  # "lily's swim coach is a new guy" says nothing of who teaches ballet
            if not (switch.settled or linked):
                return settled_only  # "signed with Riverside Pavilion today" settles nothing about the produce
            what = "provider" if switch.kind is SwitchKind.PROVIDER else "holder"
            verdict = Verdict(Relation.CONTRADICTORY, claim.ref, old.ref, f"a switch to {switch.name} replaces the "
                              f"{what} said just before ({', '.join(sorted(names))})", "provider-switch",
                              replaced=tuple(sorted(names)))
            if linked:  # "every donor record lives in Salesforce now" replaces "donor records go in Bloomerang"
                return verdict
            settled_only = settled_only or verdict
    return settled_only
