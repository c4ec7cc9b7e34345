"""Cue phrases of the rule extractor, one pattern per memory kind (data, compiled once).

They are written for how people actually talk to an assistant: contractions ("I'd rather",
"we'll use"), labels ("Constraint: ...", "Temporary note: ..."), polite requests ("please
always ...") and negated instructions ("don't ever ...").
"""

from __future__ import annotations

import re


def _c(pattern: str) -> re.Pattern[str]:
    return re.compile(pattern, re.I)


LABEL = _c(r"^(?:(?:[a-z]+\s+){1,3}(?=rule\s*[:\u2014\u2013]))?"  # "house rule:", "infection control rule:"
           r"(?:(?:super|very|really|extremely|vitally|hugely)\s+(?=important|critical))?"  # "super important:"
           r"(?:(?:new|my|main|big|personal)\s+(?=(?:learning )?goal\s*[:\u2014\u2013]))?"  # "new goal:"
           r"(?P<label>hard (?:constraint|rule|requirement)|temporary(?: note)?|temp note|constraint|requirement|"
           r"preference|decision|deadline|due|(?:call[- ]?back|to-?do|errands?) list|to-?do|task|action item|note|fyi|mistake|lessons? learned|lesson|"
           r"post-?mortem|learning goal|goal|critical|important|rule|reminder|project(?: (?:info|fact|note))?|"
           r"fact|update|correction|heads[- ]up|context|background|profile|about me)\s*[:\u2014\u2013]\s*(?=\S)")
LABEL_TYPES = {
    "hard constraint": "critical", "hard rule": "critical", "hard requirement": "critical", "critical": "critical",
    "important": "critical", "temporary": "temporary", "temporary note": "temporary", "temp note": "temporary",
    "constraint": "constraint", "requirement": "constraint", "rule": "constraint", "preference": "preference",
    "decision": "decision", "deadline": "deadline", "due": "deadline", "todo": "task", "to-do": "task",
    "task": "task", "action item": "task", "call back list": "task", "callback list": "task", "call-back list": "task",
    "todo list": "task", "to-do list": "task", "errand list": "task", "errands list": "task", "reminder": "task", "mistake": "mistake", "lesson": "mistake",
    "lessons learned": "mistake", "lesson learned": "mistake", "postmortem": "mistake", "post-mortem": "mistake",
    "learning goal": "learning_goal", "goal": "learning_goal", "project": "project", "project info": "project",
    "update": "change", "correction": "change",
    "project fact": "project", "project note": "project", "note": "fact", "fyi": "fact", "fact": "fact",
    "context": "fact", "background": "fact", "heads-up": "fact", "heads up": "fact", "profile": "fact",
    "about me": "fact",
}

DISCOURSE = _c(r"^(?:(?:actually|ok(?:ay)?|so|well|also|oh|btw|by the way|fyi|hey|hi|hiya|hello|hej|hola|ciao|salut|"
               r"g'?day|howdy|alright|right|anyway|"
               r"anyways|one more thing|quick note|just so you know|just a heads[- ]up|heads[- ]up|note to self|plus|"
               r"p\.?s\.?|ah|um+|uh+|yeah|yes|no|sure|cool|great|thanks|oh and|and also|one thing|and|but|hmm+|wait|"
               r"honestly|frankly|basically|to be honest|tbh|some context|for context|context|good news|bad news|"
               r"fun fact|quick thing|real quick|as i mentioned|as i said|sigh|ugh|omg|wow|haha\w*|lol|phew|yay|welp|yikes|oof|meh|"
               r"long story short|good riddance|big news|random question|random thought|funny story|quick context|"
               r"quick background|some background|background|sad news|news|random|random q|quick q|so yeah|"
               r"ok so|crisis averted|well that'?s a lesson|(?:quick |small |big |little )?update(?: for you)?|big one)"
               r"(?:\s*[,.:;!\u2014]+\s*|\s*-+\s+|\s+-+\s*)|(?:actually|also|and|but|so|btw|by the way|plus|oh and|and also|honestly|"
               r"frankly|basically|to be honest|tbh|anyway|anyways|random(?:ly)?|long story short|ok(?:ay)?)\s+)")
# "Ha my daughter just beat me at chess again", "ugh the usual road is shut": an opening laugh or groan, taken
# off the memory once the sentence is classified (a laugh that opens it first marks it as small talk)
LEADING_ASIDE = _c(r"^(?:ha|haha\w*|lol+|lmao|ugh+|welp|aiya+|aiyo+|oof|sigh)\s+(?=\w)")
EMOJI = r"[\U0001F300-\U0001FAFF\u2600-\u27BF]"
# "..., ugh", "... lol 😅", "... blended rubbish 🙄": a closing aside, not part of the memory
TRAILING_FILLER = _c(r"(?:[,\s]+(?:please|thanks|thank you|thx|btw|lol+|haha\w*|ha|lmao|ugh|if possible|:\)|:-\))|"
                     # "... willow creek!! so excited": a cheer after the news
                     r"(?<=[!.])\s*(?:(?:so|soo+|very|super) (?:excited|happy|stoked|pumped|relieved|thrilled|glad)|"
                     r"can'?t wait|yay+|woo+(?:ho+)?)|"
                     r"\s*" + EMOJI + r"+)(?:[.!]*\s*(?:[,\s]+(?:lol+|haha\w*|ugh)|\s*" + EMOJI + r"+))*[.!]*$")

CHANGE_ONLY = _c(r"^(?:actually,?\s*|wait,?\s*|hmm+,?\s*|ok(?:ay)?,?\s*|so,?\s*|sorry,?\s*|oops,?\s*|oh (?:dear|no),?\s*|"
                 r"i (?:must |do )?apologi[sz]e[,:;]?\s*)*(?:i(?:'ve| have)? changed my mind|"
                 # "I must apologise: I gave you an incorrect number earlier."
                 r"i gave (?:you|u) (?:the wrong|an incorrect|a wrong|the incorrect) \w+(?: earlier| before)?|"
                 r"(?:i|we)(?:'ve| have)? changed(?: over)?|"  # "ok I changed!! Now I use Président butter"
                 r"change of plans?|scratch that|on second thought|never ?mind|forget (?:that|what i said)|"
                 r"correction|update|i was wrong about that|i(?:'ve| have)? given (?:you|u) the wrong \w+|(?:let me|i (?:must|need to|have to|should|gotta|want to)) correct "
                 r"(?:that|myself)|i (?:wrote|typed|said|told you|counted|read|spelled|measured|added) (?:it |that |this |them )?wrong(?:ly)?"
                 r"(?: (?:number|date|time|price|amount|figure|name|address))?(?: before| earlier)?|wait|actually|"
                 r"(?:big )?news|(?:we|i)(?:'ve| have)? (?:finally |just |officially )?moved)"
                 r"(?:\s+about (?:that|this|it))?[\s.!,:;\-\u2014]*$")
EMPHASIS_ONLY = _c(r"^(?:(?:this|that|it)(?: one| rule)?(?:'s| is)\s+(?:very |extremely |really |super |absolutely |"
                   r"truly |so )?(?:critical|crucial|important|essential|vital|non[- ]negotiable|mandatory|a must|"
                   r"a hard (?:rule|constraint|requirement)|a (?:strict |hard )?(?:rule|requirement)|"
                   r"a safety (?:issue|rule|requirement)|life or death|serious)|(?:very |extremely |super )?"
                   r"(?:critical|crucial|important|non[- ]negotiable|mandatory)|no exceptions|seriously|i mean it|"
                   r"please remember (?:that|this)|never forget (?:that|this)|don't forget (?:that|this))"
                   r"[\s.!]*$")

# "Never again." and "Big difference for us!" said alone: a coda to the memory before it, nothing by itself
CODA_ONLY = _c(r"^(?:never (?:ever )?again|not again|lesson (?:learned|learnt)|(?:a )?(?:big|huge|massive) difference"
               r"(?: for (?:us|me))?)[\s.!]*$")

QUESTION_START = _c(r"^(?:q\b[:,]?\s*(?:but\s+)?)?(?:(?:please|pls|plz),?\s+(?=(?:what|whats|how|hows|why|where|who|which)\b))?(?:what|whats|wat|wats|wot|how|hows|why|when|where|wheres|who|whos|whom|whose|which|can|could|would|will|should|shall|do|does|did|"
                    r"is|are|am|was|were|have|has|had|may|might|any(?= (?:good|better|other|way|chance|luck|news|word|"
                    r"ideas?|tips?|recs?|recommendations?|advice|thoughts|suggestions?|updates?|reason|one|body|thing)\b)|"
                    r"anyone|anybody|(?:isn'?t|aren'?t|don'?t|doesn'?t|didn'?t|won'?t|"
                    r"wouldn'?t|shouldn'?t|couldn'?t|can'?t)(?= (?:you|u|we|they|i|it|he|she|there|that|this|the|these|those|"
                    r"my|our|your|anyone|anybody)\b)|any idea|got any|know any|thoughts on)\b")
STANDING_IMPERATIVE = _c(r"^(?:please\s+)?[a-z]+\s+(?:them|it|those|these|that|this|all|any|every|each|my|me)\b")
PERSISTENT_REQUEST = _c(r"\b(?:always|never|from now on|going forward|in (?:the )?future|every time|whenever|"
                        r"by default|remember (?:that|to)|keep in mind|all the time|whenever you|each time|stop (?:using|doing|adding|putting|sending|"
                        r"writing|including|giving|with)|keep (?:your|ur|yr|the) (?:answers|responses|replies|replys|explanations|"
                        r"messages)|in (?:anything|everything|all) (?:that )?(?:you|u) (?:draft|write|send|prepare))\b")
POLITE_WRAPPER = _c(r"^(?:(?:can|could|would|will) (?:you|u)|(?:could|can|may|might) i ask(?: that)? you(?: to)?)"
                    r"(?: please| pls)?\s+(?:also\s+)?")  # "Could I ask that you use British spelling ..."
REMEMBER_WRAPPER = _c(r"^(?:(?:can|could|would|will) you(?: please)?|please)\s+(?:also\s+)?(?:remember|note|keep in mind|"
                      r"make a note|take note)(?: that| of this| this)?[\s:,]+(?=\w)")
TAG_QUESTION = _c(r",\s*(?:(?:is|isn'?t|does|doesn'?t|right|ok(?:ay)?|correct|would|will|can|could|do|what|how|"
                  r"any|thoughts|agree)\b[^,]*)\?\s*$")

CHITCHAT = _c(r"^(?:hi|hello|hey|yo|hiya|good (?:morning|afternoon|evening|night|day)|thanks?(?: you)?(?: so much| a lot|"
              r" again)?|thx|ty|cheers|ok(?:ay)?|k|cool|nice|great|awesome|perfect|sounds good|got it|makes sense|sure|"
              r"yes|yeah|yep|yup|no|nope|nah|lol|haha\w*|hmm+|wow|bye|goodbye|see (?:you|ya)(?: later| soon)?|"
              r"talk (?:to you )?(?:later|soon)|you'?re welcome|np|no problem|no worries|how are you(?: doing| today)?|"
              r"how'?s it going|what'?s up|i'?m (?:fine|good|great|ok(?:ay)?|doing (?:well|good|great))"
              r"(?:,? thanks?(?: you)?)?|not bad|all good|that'?s (?:great|cool|nice|awesome|helpful|interesting|fair|"
              r"right|true|fine|perfect|all)|interesting|good (?:point|idea|question|call)|let me think(?: about it)?|"
              r"one sec(?:ond)?|brb|welcome back|nice to meet you|glad to hear(?: that)?|(?:that|this) (?:helps|"
              r"helped|works|worked|is helpful|was helpful)|thank you for (?:your|the) help|exactly|agreed|"
              r"right|true|fair enough|of course|absolutely|definitely|i see|understood|noted|done|ready|"
              r"let'?s (?:start|begin|get started|go)|hello there|morning|evening|gm|gn|(?:ok(?:ay)?,? )?(?:bye|that'?s (?:all|it)|"
              r"i'?m done|gotta go|signing off)(?: for (?:now|today|tonight))?)(?:\s+(?:there|again|"
              r"everyone|all|friend|buddy|mate|claude|assistant|bot))?[\s!.,:)(\-]*$|"
              # "Thank you my friend, God bless", "Thank you, you are very patient with me"
              r"^(?:thanks?(?: you)?|thx|ty|cheers)(?: so much| a lot| again)?(?: my (?:friend|dear))?[\s,.!]*"
              r"(?:god bless(?: you)?|bless you|you(?:'re| are) (?:the best|a star|a lifesaver|amazing|so \w+|very \w+)"
              r"(?: with me)?)?[\s!.,:)(\-]*$|"
              # "Thank you, as always, for your patience with an old man."
              r"^(?:thanks?(?: you)?|thx|ty|cheers)(?: so much| a lot| again)?,?(?: as (?:always|ever),?)? for (?:your|the|all "
              r"(?:your|the)) (?:patience|help|time|kindness|advice|support)(?: with (?:me|an? [\w ]{1,20}))?[\s.!]*$")
# an emoji, which people use as punctuation ("its a mess 😅 i'm at the Kelly stud")
# "morning! can u help me ...", "Obrigada!! the sign ...": a greeting or thanks said before the message
GREETING_LEAD = _c(r"^(?:(?:good )?morning|hi|hey|hello|hiya|yo|thanks?(?: you)?(?: so much)?|thx|ty|cheers|obrigad[ao]|gracias|"
                   r"merci|danke|ugh|wow|ok(?:ay)?|bom dia|kia ora)(?: \w+)?\s*(?:!+|" + EMOJI + r"+|[:;]-?[)D])"
                   r"\s+(?=\S)")
# "I should tell you that the firm has finally moved all of us over to Eclipse": the telling is no task of its own
TELLING_LEAD = _c(r"^i (?:should|must|have to|need to|wanted to|want to) (?:tell you|let you know|mention|say)(?: that)?"
                  r"[,:]?\s+(?=\w)")
# "hey can u draft an email to the packaging guy, need 2000 more jars": a request, however it opens
REQUEST_OPEN = _c(r"^(?:(?:hey|hi|hello|ok(?:ay)?|so|morning|also)\W+)?(?:(?:can|could|would|will) (?:u|you)\b|"
                  r"(?:(?:pls|please)\s+)?help me (?:write|draft|word|make|plan|put together|figure out)\b)")
# "Obrigada!! the sign looks great, printing now", "cheers thats heaps better than what i had": thanks for a
# draft the assistant wrote, not a fact
FEEDBACK = _c(r"^(?:(?:thanks?(?: you)?|thx|ty|cheers|obrigad[ao]|gracias|merci|danke|ta)\b[^,.!?]{0,20}[,.!]*\s*)?"
              r"(?:(?:that|this|it|thats|its)(?:'s)?|the (?:sign|quote|email|draft|letter|list|post|message|version|text|caption|"
              r"menu|flyer|card|estimate|invoice|reply|summary|plan|schedule|poem|speech|note|price list|wording))\s+"
              r"(?:looks?|sounds?|reads?|is|was|works?)?\s*(?:so |very |really |much |heaps |way |a lot |super |just )*"
              r"(?:great|good|perfect|better|neat|nice|lovely|amazing|awesome|brilliant|helpful|fine|spot on|ideal|"
              r"exactly (?:it|right|what i)|beautiful)\b")
LAUGHTER = _c(r"\b(?:lol|lmao|rofl|haha\w*|hehe\w*)\b")
SMALL_TALK = _c(r"\b(?:weather|weekend|lunch|dinner|breakfast|coffee|tea break|movie|tv show|netflix|game last night|"
                r"vacation pics|my day|long day|tired|exhausted|sleepy|bored|excited|happy|sad|stressed|hungry|lol|"
                r"haha|funny|joke|had (?:a |such a )?(?:great|good|nice|fun|bad|rough|lovely|long) (?:time|day|week|weekend|"
                r"night)|concert|(?<!-)party)\b")
# "sorry for the rant last night lol, that family was a LOT", "what a morning, 3 emergencies before 9": venting
VENT_OPEN = _c(r"^(?:sorry (?:for|about) (?:the|my|that) (?:rant|vent|essay|novel|long message|wall of text)|"
               r"what an? (?:morning|day|week|shift|night|weekend))\b")
# How something feels or went, not a fact to keep: "my back is killing me", "coffee down here is terrible",
# "wish me luck", "the new seasonal hires are great"; and musing about a someday ("if ever", "we'll see").
PASSING_REMARK = _c(r"(?:\b(?:is|are|was|were|been|being|gets?|getting|feels?|feeling)|'s|'re)\s+(?:(?:so+|really|super|"
                    r"pretty|kinda|kind of|sort of|basically|just|absolutely|totally|way too|too|such an?|a|an|"
                    r"still|again|always)\s+)*(?:bad|awful|terrible|horrible|dreadful|brutal|loud|slow|annoying|"
                    r"gorgeous|lovely|beautiful|amazing|insane|wild|crazy|cute|adorable|nightmare|heavy|nuts|"
                    r"exhausting|rough|hectic|chaos|chaotic|fun|great|nice|weird|hilarious|frustrating|painful|sore|"
                    r"dry|freezing|boiling|gross|mess|zoo|circus|gold|champ|natural)\b|"
                    r"\b(?:killing me|hurts?|aching|(?:feeling|felt) it|proud of|proud (?:mama|papa|mom|dad|moment)|"
                    r"jealous|smh|ouch|small world|the irony|wish me luck|fingers crossed|good for (?:him|her|"
                    r"them)|not cool|can'?t complain|obsessed(?!\s+(?:with|w/?)\s)|showing off|someday|some day|daydream\w*|if ever|"
                    r"no thanks for now|we'?ll see|who knows|not anytime soon)\b")
# a clause that asks the assistant something: "what nursing shoes do people actually like", "talk me out of it",
# "pls make me a quick checklist", "which sounds better"
ASKS = _c(r"^(?:what|whats|which|how|hows|where|who|whos|why|is it|are there|should i|do you|does anyone|anyone|"
          r"anybody|any (?:tips|ideas|recs|recommendations|advice|suggestions|thoughts))\b|"
          r"\b(?:talk me (?:out of|into)|send help|pray for me|(?:pls|plz|please|can you|could you|can u|could u) "
          r"(?:make|write|draft|give|help|explain|suggest|recommend|find|figure|come up|word)|what do you think)\b")
HEARSAY = _c(r"\b(?:i (?:read(?! (?:it |that |the \w+ |them )?(?:badly|wrong(?:ly)?|incorrectly))|heard|watched|noticed|"
             # "I saw the ENT on Monday; it turns out ...": a visit, not something read or watched
             r"saw(?! (?:the|my|a|an|our) (?:doctor|dr|gp|ent|dentist|specialist|consultant|physio|vet|nurse|surgeon|"
             r"optician|cardiologist|dermatologist|midwife|therapist|psychiatrist|neurologist|orthopaedic|orthopedic)\b))|i(?:'ve| have) (?:read|heard|seen)|(?:an|the|this|that) "
             r"(?:article|blog|post(?! office| box| code)|video|podcast|tweet|thread|talk) (?!(?:i|we)\b)|my (?:friend|colleague|coworker|co-worker|"
             r"brother|sister|cousin|boss|manager|teammate|roommate|partner)\b[^.]*\b(?:uses?|said|says|likes?(?!\s+\d)|"
             r"prefers?|thinks?|recommends?|told|swears|loves?)|(?:some|many|most|a lot of|lots of) (?:people|devs|"
             r"developers|folks|companies|teams)|(?:everyone|everybody|someone|somebody) (?:says|said|uses|used|"
             r"likes|loves|thinks|recommends|swears|prefers|knows)|people say|they say|i wonder|"
             r"i'?m curious|curious (?:about|whether|if)|is it true|apparently|in general|in theory|historically|"
             r"back in (?:(?:like|about|around|maybe) )?(?:the day|\d{4})|what if|hypothetically|imagine|for example|e\.g\.)\b")
PAST_NARRATIVE = _c(r"\b(?:last (?:job|company)(?= (?:i|we)\b)|my (?:old|previous|last|former|first) (?:job|company|"
                    r"team|project|employer|internship)(?! of the (?:day|week|morning)| today| tomorrow| each| every)|"
                    # "I had heart valve surgery two years ago, and since then I take warfarin every day" holds now
                    r"years ago(?![^.;]*\b(?:since then|ever since|and now|now (?:i|we))\b)|back when|back then|when i was|in college|"
                    r"in school(?! (?:kids|children|students|pupils|lunches|buses))|at my (?:old|previous|last|former))\b")

CRITICAL = _c(r"\b(?:critical(?:ly)?|crucial|must always|must never|under no circumstances?|never,? ever|"
              r"non[- ]negotiable|absolutely (?:must|never|not|always|required|essential)|hard (?:constraint|rule|"
              r"requirement|limit|no)|at all costs|safety[- ](?:critical|requirement|rule|issue)|security[- ]critical|"
              r"life[- ]threatening|anaphyla\w*|epi-?pens?|allerg(?:y|ic|ies)|c(?:o)?eliac|lactose intoleran\w*|"
              r"(?<!pre-)(?<!pre)diabetic|type [12] diabetes|mission[- ]critical|top priority|"
              r"highest priority|zero tolerance|strictly (?:forbidden|prohibited)|do not ever|don'?t ever|"
              r"extremely important|very important|vitally important|legal(?:ly)? requirement|legally required|"
              r"compliance requirement|required by law|hipaa|gdpr requirement|no exceptions|rule number one|number one rule|"
              r"golden rule|first rule|pacemaker|can(?:'t|not| not) (?:have|get|go in) (?:an? )?(?:mri|ct|x-?ray)|(?:doctor|dr|vet|pharmacist|cardiologist|gp|physio|dentist|midwife)\b[^.;]{0,20}\b(?:say|says|"
              r"said|told (?:me|us)|was (?:super |very )?clear)\b[^.;]{0,20}\b(?:no|never|not|don'?t|cant|can'?t)\b|could (?:literally |actually |easily )?kill|(?:is|are|'s) (?:fatal|deadly|poisonous|toxic) "
              r"(?:to|for)|without\b[^.;]{0,30}\blegally|legally (?:required|obliged|have to|must|need)|illegal(?:ly)?|"
              r"against the law|legally (?:\w+ )?(?:can'?t|cannot|can not|(?:is|are)n'?t allowed|not allowed)|"
              # "she's on blood thinners so never add turmeric", "is on warfarin - never book her in without an INR"
              r"(?:on|take|takes|taking) (?:warfarin|blood thinners|anticoagulants|insulin|lithium|methotrexate|maois?)\b"
              r"[^.;]{0,60}\b(?:never|must not|don'?t|do not|no)\b|"
              # "no grapefruit for me, the doctor was very clear"; "they cant run it till it's replaced, thats code"
              r"\b(?:no|never|not|don'?t|can'?t)\b[^.;]{0,40}\b(?:doctor|dr|gp|vet|pharmacist|cardiologist) (?:was|is) "
              r"(?:super |very |really )?clear|(?:that'?s|thats|it'?s) (?:the )?(?:code|law))\b")
# "I'm lactose intolerant, nothing dramatic": a mild intolerance or allergy is no critical fact
MILD = _c(r"\b(?:nothing dramatic|nothing serious|not serious|not severe|only mild|mild(?:ly)?|not a big deal)\b")
ALLERGY_TERM = _c(r"\ballerg(?:y|ic|ies)|lactose intoleran\w*|c(?:o)?eliac")
# "me personally - no allergies at all", "she's not allergic to anything": the absence of a risk is no critical fact
NO_ALLERGY = _c(r"\b(?:no (?:known |food |drug )?allerg(?:y|ies)|(?:not|isn'?t|aren'?t|never been) allergic)\b")
_WEEKDAY = r"(?:mon|tues|wednes|thurs|fri|satur|sun)day"
WEEKDAY = _WEEKDAY  # for patterns built in other modules
TEMPORARY = _c(r"\b(?:temporar(?:y|ily)|for today|today only|only (?:for )?today|just (?:for )?today|just for now|"
               r"for the day|this (?:morning|afternoon|evening|arvo)|tonight|right now(?!,? (?:is|are) (?-i:[A-Z]))|at the moment|atm|"
               r"meanwhile|(?:in the )?meantime|all this week|at present|light duties|on sick leave|for the fortnight|this week (?:we'?re|i'?m|we are|i am) only|will be back (?:at|on|by|in|next|after)|(?:for )?the rest of (?:the|this) week|"
               # "house sitting for my aunt in gresham til the 20th"
               r"(?:house|dog|cat|pet)[- ]?sitting\b[^.;]{0,60}\b(?:till|til|until|through)\b|"
               r"(?:till|til|until) then|(?:today|tonight) (?:and|&|n) (?:tomorrow|tmrw|tmr)|"
               r"for the next (?:few |couple(?: of)? |\d+ |one |two |three |several )?(?:minutes?|hours?)|"
               r"for (?:this|the current) (?:session|chat|conversation)|until (?:tomorrow|tonight|later today|"
               r"the end of (?:the )?day|eod|this evening)|for (?:a few|a couple of|several) hours|for an hour|"
               r"in a meeting|on a call|out of (?:the )?office|ooo|afk|currently (?:down|offline|broken|unavailable|"
               r"away)|(?:is|are) (?:down|offline) (?:today|right now|at the moment|for now)|"
               # "just this thursday we start at 7am", "this week only", "for saturday's stream only"
               r"(?:just|only) (?:for )?this (?:one|once|time|week|weekend|month|sprint|" + _WEEKDAY + r")|"
               r"this once|just (?:the )?once|one time only|one[- ]time thing|"
               # "just for the Oak Park job I rented a dumpster from Home Depot": an exception for one job
               r"(?:just|only) for (?:the|this|that) [\w\-]+(?: [\w\-]+){0,2} (?:job|site|order|event|gig|shoot|trip|"
               r"install(?:ation)?|visit)|"

               # "shop is closed this thursday for my cousin's funeral"
               r"(?:closed|shut|off|away|unavailable) (?:this|next) " + _WEEKDAY + r"|"
               r"this (?:week|weekend) the [\w\-]+(?: [\w\-]+)? (?:is|are)|(?:tomorrow|tonight) only|only (?:for )?tomorrow|"
               r"just (?:for )?tomorrow|"
               r"(?:out|off|home) sick(?=\s*(?:today|tonight|this morning|,?\s*so\b|[.!]|$))|"
               r"this (?:week|weekend|month)'s [\w\-]+(?: [\w\-]+)? (?:is|are|will be|'s)|"  # "this week's meeting is on"
               r"this (?:week|weekend|month|sprint|" + _WEEKDAY + r") only|"
               r"for (?:this|that|today's|tonight's|tomorrow's|(?:" + _WEEKDAY + r")'s) [\w\-]+(?: [\w\-]+)? only)\b")
# "keep explanations short today": an instruction for today only
INSTRUCTION_TODAY = _c(r"\b(?:keep|use|give|make|answer|reply|respond|write)\b[^.]*\b(?:today|tonight|for now|right now)\b")
TEMPORARY_WEAK = _c(r"\b(?:today|tonight|this weekend|for now)\b")
# "Got a new laptop today, so I'm on macOS now", "she starts today": something that happened or began today,
# not a note that expires
DONE_TODAY = _c(r"\b(?:as of today|from today|starting today|(?:starts|begins|joins|takes over) today|taking over|"
                # "clinic call me today, they change it, now is 29 October": a call that changed something
                r"(?:called|rang|phoned) (?:me|us)|(?:they|she|he) change(?:d)? it|broke(?! down)|snapped|"
                r"took over|voted|elected|done|got|bought|received|finished|started|joined|took delivery of|"
                r"picked up (?:the |a |an |my |our )?(?:new|used|brand new)|"
                r"promoted|deployed|rolled out|cut over|"
                r"switched|moved|migrated|landed|shipped|merged|"
                r"released|launched|installed|upgraded|wrote|signed|hired|adopted|bumped|raised|lowered|changed|"
                r"renamed|replaced|retired|removed|dropped|fixed|updated|upped|increased|decreased|reduced|set up|reset|redid|"
                r"reprogrammed|went out|ported|went live|sent|told|emailed|phoned|rang(?! in)|came|went up|measured|checked|counted|"
                r"took (?:\w+ )?to (?:his|her|their|my|our) new|cancell?ed (?:the|my|our) old|"
                r"went down|starting with|from now on|going forward|"
                r"announced|posted|confirmed|arrived|paid|sold|printed|published|opened|booked|ordered|placed|filed|"
                r"submitted|delivered|approved|onboarded|showed up|came in|got here|news from [\w ]{1,20}|heard|found out|called(?= (?:me|us|today|this morning|earlier|back|to|about|and)\b|[.,!])|met|"
                r"first (?:day|week|shift|(?:mon|tues|wednes|thurs|fri|satur|sun)day) (?:at|on|with|out of|from))\b(?![^.;]*\b(?:for|until|till) "
                r"(?:today|tonight|now)\b)")
DEADLINE = _c(r"\b(?:deadlines?|due|(?:driving|licen[cs]e|road|theory|practical|citizenship|board) (?:test|exam)|no later than|submit\w*|submission|ship(?:s|ped|ping)?|launch\w*|releas\w*|"
              r"deliver\w*|hand(?:ed)? in|turn(?:ed)? in|finish\w*|done|complete[ds]?|ready|expires?|expir\w+|"
              r"renew\w*|pick-?up|collection|exams?|presentation|demo|cut-?off|code freeze|feature freeze|go[- ]live|milestone|"
              r"(?:has|have|needs?) to be (?:in|sent|filed|submitted|registered)|"
              r"sprint|interview|appointment|meeting|inspection|verification|audit|hearing|assessment|site visit|scheduled|(?:is|are) on|(?:'s|is|are) (?:gonna|going to) be|will be|"
              r"by|before|until|till|eod|eow)\b")
# a change that lasts, said beside "today" or "tonight": "starting monday every case goes to Pacific Arch Lab",
# "fridays are 9am-3pm from next month on, updating the google listing tonight"
LASTING = _c(r"\b(?:from now on|going forward|for good|permanently|from next (?:week|month|year|season)(?: on)?|"
             r"(?:starting|as of|effective) (?:next (?:week|month|year|season)|tomorrow|this (?:week|month)|" + _WEEKDAY
             + r"))\b")
# "usually ships in 3 days", "2 day turnaround": how long something takes, not a date something is due
LEAD_TIME = _c(r"\b(?:usually|typically|normally|generally|always)\b[^.;]*\b(?:ships?|deliver(?:s|y)?|arrives?|"
               r"takes?|turnaround)\b|\b(?:ships?|deliver(?:s|y)?|arrives?|takes?)\b[^.;]*\b(?:usually|typically|"
               r"normally|generally|always)\b|\bturn-?around\b|\blead time\b|\b(?:they|which|it) (?:ships?|delivers?) in\b")
# someone leaving a role: "she's leaving for a job at a bigger publisher", "brock gave notice"
DEPARTURE = _c(r"\b(?:(?:is|'s|are|'re) (?:finally |officially |also )?(?:leaving|retiring|quitting|moving (?:away|to))|'s last (?:day|shift|sunday|week) "
               r"(?:was|is)|gave (?:her |his |their |my )?"
               r"notice|(?:just |finally )?(?:quit|retired|resigned)\b|took a (?:new )?(?:job|spot|gig|position|berth)|last day is|(?:got|was) promoted|"
               r"(?:has |have |'s |is |are |'re )?(?:gone|going|headed|heading) off to (?:uni|university|college)|"
               # "my supervisor left for concepción", not "i left for work"
               r"(?<!\bi )(?<!\bwe )(?:just |finally )?left for (?!(?:work|home|school|the day|lunch|the (?:airport|station|gym|"
               r"office|shop|store)|a (?:bit|while|minute|few))\b))")
DEADLINE_WORD = _c(r"\b(?:deadlines?|due(?: date)?|no later than|cut-?off)\b")
PAST_TENSE = _c(r"\b(?:was|were|went|did|had|yesterday|ago|last (?:week|monday|tuesday|wednesday|thursday|friday|"
                r"saturday|sunday|month))\b")

MISTAKE = _c(r"\b(?:(?:almost|nearly) (?:sent|gave|dispensed|shipped|deleted|dropped|used|ordered|mixed)|i made a mistake|made (?:a|the|that|this) mistake|(?:my|our|a|the|big|huge|costly) mistake|"
             r"(?:was|were) (?:a )?mistakes?|(?:that|this|it) was wrong|i was wrong|we were wrong|"
             r"(?:bug|issue|problem|error|crash|outage|failure|incident|regression|breakage|leak|downtime|"
             r"slowdown)s? (?:was|were|is|are|got) (?:caused|due|because|triggered)|caused by|root cause|"
             r"lessons? learned|learned (?:that |this |it )?the hard way|lesson (?:here|is)|(?:failed|broke|crashed|went down|died|"
             r"timed out|blew up|exploded) (?:because|due to|when|after|since)|broke (?:prod(?:uction)?|the build|"
             r"everything|staging|the site|the app|the deploy\w*|ci)|took down|(?:we|i) forgot to|forgot to|"
             r"turned out (?:that|to be)|post-?mortem|should(?:n't| not)? have|should'?ve|never again|"
             r"(?:don'?t|do not|never) repeat|oops|my bad|accidentally|by accident|by mistake|double[- ]?booked|"
             r"(?:i|we) made (?:a|an) (?:\w+ )?(?:mess|error|blunder)|messed up|screwed up|"
             r"was missing|were missing|(?:previous|last|past) (?:deploy\w*|release|attempt|migration|run|time|"
             r"upgrade)\b.*\b(?:fail\w*|broke|crash\w*|wrong|missing|lost)|gotcha|pitfall|footgun|watch out for|"
             r"be careful (?:with|about|not to)|(?:mistake|bug) was|(?:stuffed|cocked|fouled|mucked) up|my fault|"
             r"(?:i|we) made (?:a|an|the) (?:\w+ )?(?:stupid|dumb|silly|costly|big|rookie|expensive) (?:thing|mistake|error|move)|"
             r"learn[ed]?t? (?:that|this|it)?(?: one| lesson)? the hard way|(?:ok(?:ay)?,? )?lesson(?=\s*[,:!])|(?:(?<=\w )|(?<=, ))caught it (?:before|just in time|"
             r"in time)|(?:got|get) (?:a |an )?(?:[\d,.]+ ?(?:euros?|eur|dollars?|pounds?|zl|bucks|\$) )?(?:fine|parking ticket|"
             r"speeding ticket|penalty)\b|(?:yesterday|today|this morning|last \w+)\b[^.;]{0,40}\b(?:put|used|added|gave|"
             r"sent|grabbed|took|ordered|wrote|cut)\b[^.;]{1,30}\binstead of|cut the wrong|(?:nearly |almost )?(?:got|been|was) scammed|fell for (?:a|the|it|that)|\b\w{2,}ed\b[^.;]{0,40}\btoo (?:late|early|soon)\b|didn'?t (?:check|test|measure|read|confirm|double-?check|ask|weigh)\b[^.;]{0,40}\bfirst|(?:sent|gave|used|ordered|cut|"
             r"booked|drew up|brought|packed|took|grabbed|put|bought|wrote|mixed up)\b[^.;]{0,30}\b(?:the|a) wrong)\b")
# "I would like to learn spanish before our trip in May": a wish to learn, with or without a date
LEARNING_WISH = _c(r"\b(?:(?:want|would like|'d like|hope|hoping|plan|aim|wish) to|wanna) (?:actually |really |properly )?"
                   r"(?:learn|study|master|get better at|understand)\b|"
                   r"\b(?:want to|wanna) get my (?:\w+ ){1,2}to (?:[abc][12]|level \d|grade \d|fluent)\b|"  # "get my french to b2"
                   # "tryna get into the herpetology certificate program at the community college this fall"
                   r"\b(?:trying|tryna|hoping|want|wanna|aiming) (?:to )?get into (?:the |a |an )?[\w\- ]{0,40}?"
                   r"(?:program|programme|course|apprenticeship|certificate)\b")
LEARNING = _c(r"\b(?:(?:personal |my |main |big |learning )?goals? (?:(?:for|this|of the) [\w ]{1,25})?(?:is|(?=:))|i(?:'m| am) (?:currently |also |now |really )?(?:learning|studying|taking (?:a|an|the) (?:course|"
              r"class|bootcamp)|practi[cs]ing|getting into|trying to (?:learn|get better at|improve|master|"
              r"understand|pick up)|preparing for|working through|reading up on)|i(?:'ve| have) (?:been|started) "
              r"(?:learning|studying|practi[cs]ing)|i started (?:learning|studying)|i (?:also |really |still )?(?:want|would like|'d like|"
              r"plan|hope|need|intend|aim|wish) to (?:start (?:learning|studying|practi[cs]ing) |learn|study|master|get better at|improve (?:my|at)|"
              r"understand|pick up|get into|practi[cs]e|become (?:fluent|proficient|better))|i(?:'m| am) (?:new to|"
              r"a beginner (?:at|in|with)|teaching myself)|learning goals?|my (?:goal|aim|plan) (?:is|this year is) "
              r"to (?:learn|master|understand|get better|become|study|improve)|help me (?:learn|understand|get "
              r"better at|practi[cs]e)|(?:quiz|teach|tutor) me|i(?:'m| am) studying for|"
              r"(?:my )?(?:weakest|worst) (?:area|spot|skill|subject|topic|part)|"
              # "i want to get my CCRN this year", "hoping to pass my cert IV"
              r"(?:want|hoping|hope|plan|aim|'d like|would like) to (?:become|train as|qualify as) (?:a|an) \w+|"
              r"(?:want|hoping|hope|plan|aim|going|'d like|would like) to (?:get|pass|earn|finish|sit|do) (?:my|the|a|an) "
              r"(?:[\w\-]+ ){0,2}(?:cert\w*|licen[cs]e|degree|diploma|qualification|(?-i:[A-Z]{3,6}))\b|i(?:'m| am) (?:weakest|worst) at|"
              r"(?:i )?(?:keep |still )?struggl(?:e|ing) with|^(?:(?:i )?(?:want|wanna|would like|hope|need)|(?:i'?d|i would) (?:really )?(?:like|love)) to "
              r"(?:actually |really |finally |properly )?(?:get (?:(?:way|much|properly|really|a lot|so much) )?(?:better|good) (?:at|in|with)|learn|understand|master)|"
              r"\b(?:i|i'm|im|me)\b[^.;]{0,30}\bget (?:(?:way|much|properly|really|a lot|so much) )?(?:better|good) (?:at|in|with) (?!it\b)\w+|^learning (?:to|how to) \w+|"
              r"\b(?:want|wanna|'d like|would like|hope|plan|planning) to (?:do|take|start|finish|get|pass) (?:my |a |the |an )?"
              r"(?:\w+ )?(?:cert\w*|diploma|degree|course|qualification|masters?|apprenticeship|acls|bls|cpr)\b)\b")
DECISION = _c(r"\b(?:we(?:'ve| have)? decided|i said yes|(?:^|(?:ok(?:ay)?|nah|so|yeah|well),? )decided\b|(?:i|we) decide to|"
              r"(?:i|we|wife|husband|partner|family) decide(?=\s*:)|"  # "Finally we decide: Calbuco.", "me and my wife decide: ..."
              r"made up (?:my|our) mind|(?:my|our) mind(?:'s| is) made up|(?:have|'ve|has) made (?:my|our|a|the) (?:final )?decision|"
              r"going with (?!(?:it|that|the flow)\b)|(?:gonna|going to|i'?ll|we'?ll|i will|we will) go for (?:the|a|an)\b|(?:i'?ll|we'?ll|gonna|going to) [^.;]{2,50}\binstead\b|i(?:'ve| have)? decided|decided (?:to|on|that|against)|decision(?: is|:|"
              r" was| made)|final decision|let'?s (?:go with|use|switch|move|stick with|pick|choose|adopt|migrate|"
              r"standardi[sz]e|keep|build|write|deploy|host|go for|do it with|settle on)|we(?:'ll| will| shall) "
              r"(?:be )?(?:use|using|go with|switch|move|stick with|adopt|migrate|deploy|host|build|write|run|"
              r"standardi[sz]e|keep|target|ship|go for)|we(?:'re| are) (?:going|gonna) (?:to )?(?:use|go with|"
              r"switch|move|deploy|host|build|write|adopt|migrate|target)|(?:we|i)(?:'re| are| am|'m) (?:now )?"
              r"(?:going with|switching (?:\w+ )?(?:to|from|over|off)|moving (?:\w+ )?(?:to|from|over|away|off)|"
              r"migrating (?:\w+ )?(?:to|from|off)|sticking with|standardi[sz]ing on|settling on)|"
              r"(?:we|i) (?:chose|picked|settled on|opted for|agreed (?:on|to)|went with|landed on|voted for|"
              r"switched|moved|migrated|ended up (?:with|using|going with))|agreed (?:on|to)|going forward|"
              r"from now on|from here on|(?:switch|switched|switching|move|moved|migrate|migrated)(?: over)? "
              r"(?:to|from)|changed my mind|change of plans?|instead of|rather than|in favou?r of|the plan is|"
              r"the new plan|approved|sign(?:ed)? off on|go with|stick with|standardi[sz]e on|replac(?:e|ed|ing) "
              r"\w+(?: \w+)? with|no longer use|ported|rewrote|rewritten|rebuilt|migrated|converted|(?<!being )replaced|"
              r"swapped|dropped|ditched|retired|deprecated|sunset|phased out|(?:is|are) out|moved (?:the|our|my|it|"
              r"everything|\w+) (?:\w+ )?(?:to|over to|into)|switch (?:the|our|my|it|everything|\w+) (?:\w+ )?to)\b")
# "pls stop calling me 'ma'am' in your replies", "from now on i want the recall letters warmer in tone": how the user
# wants the assistant to write, before "from now on" makes it a decision
STYLE_WISH = _c(r"\b(?:i want|i'd like|i would like|please|pls|stop|quit|don'?t)\b[^.;]{0,60}\b(?:tone|spelling|"
                r"in (?:your|the) (?:replies|answers|responses|messages)|calling me|call me|ma'?am)\b")
PREFERENCE = _c(r"^(?:(?:really|much|generally) )?prefer (?:if|when|it|you|to)\b|"
                r"\bi (?:want|eat|drink|like) only (?!one\b|\d)|\bi only (?:want|eat|drink|like)\b|"  # "For breakfast I want only savory"
                r"^(?:(?:really|just|honestly|definitely) )?(?:not )?(?:a )?(?:big |huge )?fan of\b|^(?:please |pls )?(?:just )?be "
                r"(?:straight|honest|blunt|direct|brutal|gentle|brief|concise|patient)(?: with me)?\b|(?:^|,\s*)(?:don'?t|dont) (?:like|enjoy)\b|"
                r"^(?:(?:pls|please) )?when(?:ever)? (?:you|u) (?:\w+ ){1,4}(?:for )?me,? (?:(?:pls|please) )?(?:itemi[sz]e|keep|"
                r"use|give|write|put|make|include|list|show|add|split|separate|do)\b|\b(?:i (?:really |strongly |generally |usually |always |much |definitely |also |kind of |kinda )?"
                r"(?:prefer|like|love|enjoy|favou?r|dislike|hate|can'?t stand|cannot stand|don'?t like|do not like|"
                r"don'?t enjoy|don'?t care for|detest|appreciate)|i(?:'d| would) (?:much |really |definitely )?"
                r"(?:rather|prefer|like (?:you to|it if|answers|responses|replies|my|the|code|to see|to get|more|"
                r"less)|love (?:it if|you to|answers|responses))|i(?:'m| am) (?:a (?:big |huge )?fan of|not a fan of|all about|"
                r"into|partial to|fond of|more of a)|(?:i'?m|im|i am) (?:a|an) (?:[a-z\-]+ )?(?:person|girl|guy|drinker|lover)\b|"
                r"(?:i'?m|i am) (?:so |totally |kinda |lowkey |honestly |literally )?"
                r"obsessed (?:with|w/?)\s|my (?:favou?rite|fave?|preferred|go-to)\b|please (?:always|never|keep|"
                r"use|make|write|format|respond|reply|answer|avoid|don'?t|do not|stick|prefer|include|add|give|be|"
                r"talk|explain|show|stop|remember|send me)|(?:always|only) (?:use|respond|reply|answer|write|format|give|show|"
                r"include|keep|prefer|explain|talk|speak)|i want (?:you to|answers|responses|replies|my|the "
                r"(?:answers|code|output|replies))|(?:keep|make) (?:the |your |ur |my )?(?:answers|responses|replies|"
                r"explanations|code|output|messages|comments|it) \w+|(?:answers|responses|replies|explanations|"
                r"summaries) should|i (?:tend to|usually|always|normally|typically|mostly) (?:use|write|work|code|"
                r"prefer|go with|pick|choose|run|deploy)|i(?:'m| am) (?:vegetarian|vegan|pescatarian|left-handed|"
                r"colou?r ?blind|lactose intolerant)|i (?:don'?t|do not|never|only|just) (?:eat|drink)|i (?:eat|drink) only|no (?:emojis?|fluff|"
                r"jargon|small talk|filler|boilerplate)|(?:works|work) best for me|suits me|my style is|"
                r"i(?:'m| am) more comfortable with)\b")
# "i've got a migraine and can't see straight": an illness that passes
ILLNESS = _c(r"\b(?:i'?ve got|i have|got|i'?m down with) (?:a |the )?(?:migraine|headache|cold|flu|fever|hangover|"
             r"sore throat|stomach bug|tummy bug|malaria|covid|chickenpox|tonsillitis|bronchitis|food poisoning|norovirus|"
             r"chest infection|conjunctivitis|laryngitis|sinusitis|strep throat|an ear infection|ear infection)\b|"
             # "I slipped on the wet steps by the fish market and sprained my wrist"
             r"\b(?:i|and|just)\s+(?:sprained|twisted|pulled|strained|tweaked) (?:my|a) (?:wrist|ankle|knee|back|shoulder|neck|"
             r"hamstring|calf|groin|muscle|thumb|finger)\b")
# "I'm on metformin since december", "she's on 5mg amlodipine", "doctor says i am pre-diabetic": a medicine someone
# takes or a condition they have
HEALTH = _c(r"\b(?:i'?m|i am|im) (?:now |officially )?(?:pre-?diabetic|diabetic|asthmatic|epileptic|an(?:a)?emic)\b|"
            r"\bi have (?:high blood pressure|asthma|diabetes|epilepsy|arthritis|a heart condition)\b|"
            r"\b(?:i'?m|im|i am|i'?ve been|she'?s|he'?s|(?-i:[A-Z])\w+ is) (?:now |still |currently |also |been )?on "
            r"(?:\d+(?:\.\d+)? ?(?:mg|mcg|ml|units?) (?:of )?)?(?!(?:routine|machine|online|deadline|pipeline|discipline|"
            r"medicine|caffeine|cocaine|nicotine)\b)[a-z]{3,}(?:in|ol|ine|ide|pril|sartan|statin|azole|cillin|mycin|pam|lam|"
            r"pine|xetine|done|tide|zumab|ximab|mab)\b(?! (?:line|road|street|st|rd|ave)\b)|"
            # "i'm on ferrous sulphate tablets for low iron"
            r"\b(?:i'?m|im|i am|i'?ve been) (?:now |still |currently |also )?on (?:[a-z\-]+ ){1,3}(?:tablets|pills|capsules|"
            r"meds|medication|injections|jabs|an inhaler|inhalers|patches|drops)\b")
PROFILE = _c(r"^[a-z][\w'\-]+ here,\s+[^.]{3,60}?\b(?:based|working|living) (?:in|at|on|out of)\b|"  # "Priya here, ..."
             r"\b(?:my name is|my name'?s|call me|i go by|address me as|refer to me as|my pronouns are|"
             r"(?:i|we) live (?:in|on|at|near)|home base is|"
             r"i(?:'m| am) (?:based|located|living) in|i (?:just |recently )?(?:moved|relocated) to|i work (?:at|for|as)|"
             r"i(?:'m| am) (?:a|an) (?:\w+ ){0,2}(?:engineer|developer|designer|manager|student|scientist|researcher|"
             r"analyst|teacher|doctor|nurse|writer|consultant|architect|founder|lawyer|accountant|intern|freelancer|"
             r"cto|ceo|pm)|my (?:time ?zone|birthday|email|phone|role|job|title|manager|boss|team|company|wife|"
             r"husband|partner|kids?|son|daughter|dog|cat|native language|budget|(?:hourly |day |standard )?rate|salary|wage|"
             r"rota)(?: is| are|'s)|i have (?:a|an|two|"
             r"three|\d) (?:kids?|children|dogs?|cats?|daughter|son)|i speak|my native language|i(?:'m| am) from|"
             r"i(?:'ve| have) (?:got )?(?:about |around |roughly )?\d+ (?:hours?|minutes?|days?|evenings?)|"
             r"currently (?:halfway through|playing|reading|watching|working on|using|on)|"
             r"(?:we'?re|we are|i'?m|i am) (?:a|an) (?:\w+ )?(?:family|household|team|couple|group|shop|company|"
             r"startup|agency|studio|business) of|(?:we|i) (?:work|code|program|write code|develop) (?:in|with)|"
             r"my (?:new |current )?(?:manager|boss|lead|advisor|prof(?:essor)?|teacher|editor|doctor|coach))\b")
CONSTRAINT = _c(r"\b(?:must not|mustn'?t|must never|should never|shouldn'?t ever|(?:is|are)n'?t allowed|not allowed|"
                r"never allowed|prohibited|forbidden|not permitted|may not|cannot be|can'?t be|"
                r"(?:never|(?:do not|don'?t)(?: ever)?) (?:use|commit|push|deploy|log|store|share|expose|hard-?code|"
                r"put|run|delete|drop|force|merge|touch|send|leak|print|include|add|call|mention|suggest|recommend|"
                r"write|change|modify|rename|rewrite|install|upgrade|downgrade|break|remove|email|text|contact|"
                r"schedule|book|plan|paste|upload|disable|skip|bypass|check in|reveal|disclose|post|publish|rely|"
                r"assume|go|exceed|spend|make|give|ask|edit|reformat|auto-?format|translate|shorten|expose|goes|leave|"
                r"leaves|gets?|ends? up|enters?|touches|be)|"
                r"avoid (?:using )?\w+|constraints?|requirements?|rules?:|policy|(?:this|that|it)(?:'s| is) (?:the |a |my |our )?"
                r"(?:rule|policy)|rule for|i (?:don'?t|dont|do not|never) (?:take|accept|do|book|work) (?:any )?(?:\w+ )?(?:calls|work|"
                r"bookings|jobs|appointments|orders|clients|shifts|overnights|nights|weekends)|"
                # "I don't cut on sundays", "thats a hard line for me", "like 30 min a day max"
                r"i (?:don'?t|dont|do not|never) (?:\w+ ){1,3}on " + _WEEKDAY + r"s|hard line|red line|"
                r"deal-?breaker|\d+ ?(?:min|mins|minutes|hours?|hrs?|h)(?: a| per) (?:day|week|night|session) max\b|(?:has|have|needs?) to (?:approve|sign off|"
                r"review|okay)|must (?:approve|sign off|review)|(?:don'?t|do not|doesn'?t|does not) own|"
                r"always (?:use|run|write|include|"
                r"add|check|test|lint|format|validate|sanitize|escape|encrypt|back ?up|review|ask|cite|keep|pin|"
                r"tag|squash|rebase|document|comment|type|commit|log|deploy|open|create|respond|reply|answer|put|"
                r"wrap|prefix|sign|mention)|make sure (?:to|that|you|we|it)|be sure to|ensure (?:that )?|"
                r"(?:has|have|needs?) to (?:be|stay|remain|run|support|work|pass)|must|should (?:always|never|only|not)|"
                r"at most|no more than|no matter what|\d+ (?:words?|pages?|characters?|slides?|kg|people|guests) "
                r"(?:max(?:imum)?|tops|limit)|"
                r"maximum of|(?:budget|limit|cap) (?:is|of)|(?:under|below|within) (?:\$|€|£)?\d|"
                r"only (?:use|deploy|run|allow|ever)|stop (?:using|doing|adding|writing|suggesting)|"
                r",?\s*so no (?!(?:idea|problem|worries|way|clue|rush|pressure|big deal|one|longer)\b)\w+)\b")
# "if it doesnt fit, card it and it goes back to the office": what to do when something happens
CONDITIONAL_RULE = _c(r"^(?:and\s+|also\s+)?if\b[^,]{3,80},\s*(?:just\s+|then\s+|always\s+)?(?:(?:don'?t|do not|never|"
                      r"always)\b|(?!(?:i|we|you|he|she|they|it|that|this|there|and|but|so)\b)[a-z]+ (?:it|them|him|her)\b)")
# "they were super clear: nothing toxic anywhere in the yard", "specifically said no foxglove, no yew": a client's rule
REPORTED_RULE = _c(r"\b(?:said|says|(?:he|she|they|doctor|doc) say|asked|asks|insist(?:s|ed)?(?: on)?|told (?:me|us)|(?:was|were|is|are) (?:super |very |"
                   r"really |crystal )?clear)\b[^.;]{0,25}?\b(?:no|nothing|never|don'?t|do not)\b(?! (?:idea|clue|problem|worries|"
                   r"rush|pressure|big deal)\b)|"
                   # what a professional told the user to do: "the lawyer said bring both kids school reports"
                   r"\b(?:lawyer|solicitor|attorney|doctor|doc|gp|vet|dentist|nurse|midwife|physio|pharmacist|surgeon|"
                   r"accountant|consultant|caseworker|social worker|inspector|mechanic)\s+(?:said|says|told (?:me|us)|wants (?:me|us))"
                   r"\s+(?:(?:next time|from now on|in future|always)\s+)?(?:to\s+)?(?:bring|take|keep|avoid|stop|start|use|get|"
                   r"file|send|call|wear|ice|rest|book|fill|sign|fast|drink|eat|skip|check|apply|submit|pack|give|feed|wait|"
                   r"let|limit|cut|walk|lift)\b")
# "so nothing synthetic on the trees": what may not be used somewhere
NOTHING_ON = _c(r"\bnothing (?:\w+ )?(?:synthetic|toxic|artificial|chemical|non-organic|sprayed|scented|spicy|raw|fried|"
                r"with \w+)\b")
# "she doesn't go past the gate into the apiary": a rule for someone in the user's care
DEPENDENT_RULE = _c(r"^(?:she|he|they|[A-Z][a-z]+)\s+(?:doesn'?t|does not|don'?t|do not|can'?t|cannot|mustn'?t|must not|"
                    r"shouldn'?t|should not|is(?:n'?t| not) allowed to|(?:is|are)(?:n'?t| not) to|never)\s+(?:go|eat|drink|have|take|get|touch|ride|"
                    r"drive|swim|play|leave|stay|walk|climb|handle|lift|use|come|enter|watch)\b")
CONSTRAINT_START = _c(r"^(?:please\s+)?(?:never|don'?t|do not|avoid|no\s+\w+|must not|stop|quit|refrain|"
                      r"(?:i |we )?(?:gotta|got to|have to|must) (?:always )?(?:use|wear)|"  # "gotta use the white pads on that floor"
                      r"under no circumstances|only (?:ever )?(?:use|give|the [\w\-]+ (?:one|kind|type|brand|version))|"
                      r"only [\w\-]+ (?:if|when|for|after|before|with) (?!(?:i|we|you)\b))\b")  # "Only paracetamol if pain."
NON_INSTRUCTION_NEGATION = _c(r"^(?:please\s+)?(?:don'?t|do not)\s+(?:worry|know|think|mind|care|remember|get|"
                              r"understand|see|have|want|need|feel|bother)\b|^no\s+(?:idea|worries|problem|thanks|"
                              r"rush|need|clue|way)\b")
# "from now i check before any cut": what the user takes from a mistake told just before
LESSON = _c(r"\b(?:never \w+ing\b[^.;]{0,40}\bagain|from now(?: on)?|from here on|next time|"
            r"this (?:year|time|season) (?:i'?m|i'?ll|we'?re|we'?ll)|going forward|never again|lesson|"
            r"(?:always|gotta|have to|must|need to)\b[^.;]*\bnow)\b|^(?:always|never)\b")
# a sentence that names a span but tells what was done or what lasts: "the Lasergraphics Director replaced our old
# scanner this week", "Noodle Republic is my go-to lunch place now, been there every day this week"
_DONE = (r"started|hired|fired|moved|bought|sold|finished|joined|signed|opened|launched|installed|replaced|switched|"
         r"swapped|changed|upgraded|arrived|delivered|ordered|paid|booked|married|adopted|was|were|went|did|had|got|"
         r"took over|taking over|now(?! (?:we|i) ?(?:'re|are|'m|am) (?:stuck|stranded|snowed in|waiting)\b)|yesterday|ago|"
         r"last (?:week|month)")  # "Now we are stuck in Chaitén ..., maybe Thursday" is how things are
# "While I'm gone anything garden-related should go to Bev": a stopgap for now, not a plan ("Jerome will run the
# shop while I'm gone")
WHILE_AWAY = _c(r"^\W*while (?:i'?m|we'?re|i am|we are|she'?s|he'?s|they'?re) (?:gone|away|out of town|travell?ing|abroad|"
                r"on (?:holiday|vacation|leave|the road))\b|"
                # "my wife Ewa is in hospital this week"
                r"\b(?:is|'s|am|'m|are|'re) (?:still |currently )?in (?:the )?hospital\b(?! (?:car park|cafe|shop)\b)")
SITUATION_DONE = _c(rf"\b(?<!being )(?:{_DONE})\b")  # not "the ventilation is being replaced"
# any other past participle too ("the pantry got restocked"), but not one that says how things are ("a busted derailleur")
SITUATION_OVER = _c(rf"\b(?:switched|moved|swapped|changed|transferred) (?:me|us|him|her|them)\b|"  # "switched us to omadi"
                    rf"\b(?!signed off\b)(?:{_DONE}|(?<!is )(?<!are )(?<!'s )(?<!'re )(?<!being )(?<!getting )(?<!gets )\w{{3,}}ed)\b"
                    r"(?! (?:me|us|him|her|them) to\b)")  # "they asked me to also come thursday" is still ahead;
# "im signed off this week" says how things are
# "my weekly food shop is a Tesco delivery, saturday mornings 9-10": what recurs has no due date
RECURRING = _c(r"\b(?:weekly|monthly|every|each|normally|usually|weekdays|(?:mon|tue|tues|wed|thu|thur|thurs|fri|sat|sun)(?:day)? ?(?:to|through|thru|-|\u2013) ?(?:mon|tue|tues|wed|thu|thur|thurs|fri|sat|sun)(?:day)?|(?:never|always)\b[^.;]{0,40}\bon (?:mon|tue|tues|wed|thu|thur|thurs|fri|sat|sun)|(?:mon|tues|wednes|thurs|fri|satur|sun)day (?:\d{1,2}(?::\d{2})? ?(?:am|pm)? )?regular|(?:mon|tues|wednes|thurs|fri|satur|sun)days|(?:(?:mon|tues|wednes|thurs|fri|satur|"
               r"sun)day) (?:mornings|afternoons|evenings|nights))\b")
# "lucia is due march 14", "my wife is pregnant again!! due in june": a baby due, not a deadline
# "rent is $950 ... due the 1st with a 5 day grace": a standing due date, not one deadline
STANDING_DUE = _c(r"\brent\b[^.;]{0,80}\bdue\b|\bdue (?:on )?(?:the )?\w+ (?:of )?(?:every|each) (?:month|week)\b|\bdue every\b")
BABY_DUE = _c(r"\b(?:pregnan\w*|expecting|(?:she|wife|partner|sister|daughter|(?-i:[A-Z])\w+)(?:'s| is) due\b)")
# a temporary situation said without a date: "gonna have to use the spare til its fixed"
TILL_FIXED = _c(r"\b(?:til|till|until|'til) (?:(?:it'?s|its|it is|they'?re|theyre|(?:the )?\w+ is) (?:fixed|back|repaired|sorted|"
                r"replaced|working|done|restored|healed|better)|(?:it|they|the (?:new )?\w+) (?:arrives?|comes?(?: in)?|gets? (?:here|fixed|replaced|"
                r"delivered)))\b")
# "just tonight can you reply in twi?": a request for this conversation only
REPLY_REQUEST = _c(r"\b(?:can|could|would|will) (?:u|you) (?:please |pls )?(?:reply|respond|answer|write|talk|speak|use|keep)\b")
# family, friends and flatmates: "my wife Funmi teaches at a secondary school, we have 3 kids"
FAMILY = _c(r"\bmy (?:wife|husband|partner|daughter|son|kids?|children|mum|mom|dad|father|mother|sister|brother|grandson|"
            r"granddaughter|grandkids|grandchildren|flatmate|roommate|neighbou?r|friend|boyfriend|girlfriend|fianc[eé]e?)\b")
# "now half retired": a person retiring, not a system retired
SELF_RETIRED = _c(r"\b(?:(?:i'?m|i am|im|now|half|semi|partly|mostly|fully|\d+,? and)[ -]|(?:i'?m|i am|im) an? (?:\w+ )?)"
                  r"(?:retired|retiring)\b")
# "not decided tho", "haven't decided yet": a choice still open
UNDECIDED = _c(r"\b(?:not|haven'?t|hasn'?t|havent|hasnt|still|un)\s?decided\b|\bcan'?t decide\b")
# "nah, talked to deb, sticking with twin cities": a plan weighed and kept
STICKING = _c(r"\b(?:(?:sticking|staying) with|decided against|talked (?:myself|me) out of|scrap(?:ped|ping) the \w+ idea)\b")
# "Tamsin starts as toddler lead monday": someone new in a role
STARTS_AS = _c(r"^[A-Z][a-z]+(?: [A-Z][a-z]+)? (?:starts|started|begins|is starting) (?:as|on|at|with)\b")
# "also need the fire inspection sticker before that": what the user must get or have, said without "I"
NEED_START = _c(r"^(?:i\s+)?(?:also\s+|still\s+)?need (?:the|a|an|my|our|to (?:get|have|renew|file|book|pass|send|buy|order|"
                r"finish|submit|pay))\b")
TASK = _c(r"\b(?:i (?:need|have|got|must|should) to|i(?:'ve| have) got to|i(?:'m| am) going to|i'?ll (?:need to|have "
          r"to)|i still (?:need|have) to|we (?:need|have|must|should) to|we(?:'ve| have) got to|to-?do|"
          r"action items?|next steps?(?: is| are|:)|remind me (?:(?:tomorrow|tonight|later|on \w+|next \w+|this \w+) )?(?:to|about|that|the|my|our)|(?:^|[,;]\s*)(?:need|have|got) to|don'?t (?:let me )?forget (?:to|about)|"
          r"remember to|on my (?:list|plate)|(?:my|our) (?:task|job) is to|i(?:'m| am) (?:supposed|planning|about) "
          r"to|i plan to|follow[- ]up|backlog|ticket|still need(?:s|ed)?\b|i(?:'m| am) (?:organi[sz]ing|planning|booking|arranging|hosting))\b")
# "i must call the scaffolding firm about the invoice": a to-do, not a rule (a rule says always / never / any)
TODO = _c(r"^(?:(?:so|ok(?:ay)?|also|and|oh),?\s+)*(?:i|we)\s+(?:really\s+|still\s+|also\s+|just\s+)?(?:must|should|gotta|"
          r"need to|have to|got to|'ve got to)\s+(?:call|ring|email|text|phone|order|buy|replace|renew|fix|repair|send|finish|"
          r"book|pay|sort(?: out)?|chase|write|file|submit|clean|pick up|drop off|find|do|get|make|return|update|check on|"
          r"look into|organi[sz]e|schedule|arrange|print|post|ship|deliver|collect|ask|tell|visit|go to)\b"
          r"(?![^.;]*\b(?:always|never|every|each|any|whenever)\b)")
ROLE = re.compile(r"^[A-Z][a-z]+(?: [A-Z][a-z]+)?(?: (?:from|on|in) (?:the )?[\w\-]+(?: team)?)? (?:is|'s) "
                  r"[a-z]+ing\b|^(?:[A-Z][a-z]+(?: [A-Z][a-z]+)?) (?:is|are|'s) (?:writing|handling|doing|working on|on|leading|"
                  r"running|owning|covering|in charge of|responsible for|reviewing|subbing|taking)\b|^(?:[A-Z][a-z]+) "
                  r"(?:owns|leads|runs|handles|maintains|manages|covers|approves|does the)\b")
PROJECT = _c(r"\b(?:^(?:(?:my|our|the) )?(?:project |thesis |dissertation |research |essay )?topic is\b|"
             r"(?:our|the|this|my) (?:project|app|application|repo|repository|codebase|service|services|backend|"
             r"frontend|api|stack|tech stack|website|site|product|platform|system|database|db|pipeline|infra"
             r"(?:structure)?|monorepo|cluster|server|bot|agent|tool|library|package|cli|team|company|startup|client|"
             r"mvp|prototype|deployment|staging (?:server|environment|env)|production (?:server|environment|env)|"
             r"ci|build|docs|domain|auth|schema|model|models)(?:'s)? (?:is|are|uses|use|runs|run|lives|live|sits|"
             r"has|have|needs|requires|depends|targets|supports|talks|stores|exposes|listens|will|should|must|gets|"
             r"handles|includes|contains|calls|relies|'s|name is|called|named|consists|serves|builds|deploys|"
             r"takes|goes|was (?:built|written|moved|migrated))|this (?:is|project is) (?:the|a|an|our|my)|"
             r"we(?:'re| are) (?:building|developing|making|working on|using|running|on|hosting|deploying)|"
             r"i(?:'m| am) (?:building|developing|making|working on|using|running)|we (?:use|run|deploy|host|build|"
             r"store|rely on|depend on|ship|target|have|keep|maintain|own)|(?:it|everything)(?:'s| is) (?:built|"
             r"written|hosted|deployed|running) (?:with|in|on)|(?:built|written|implemented|hosted|deployed) "
             r"(?:with|in|on|using)|runs on|(?:(?<!\bwho )lives|is hosted|is deployed) (?:at|on|in)|listens on|port \d+|"
             r"(?:main|default) branch is|(?:staging|production|prod|dev) (?:url|server|environment|env|db|database)"
             r" (?:is|runs|lives|uses)|(?:the|our|this|my) [\w\-]+(?: [\w\-]+)? (?:uses|runs on|runs in|is built (?:with|on)|"
             r"is written in|depends on|talks to|stores \w+ in|is backed by|is deployed (?:on|to)|is hosted on|"
             r"listens on|sends \w+ to|reads from|writes to)|the (?:\w+ )?(?:is|are) (?:located|stored|kept|"
             r"configured|defined) (?:in|at|"
             r"on)|i (?:use|run|work (?:on|with)|code (?:in|on)|develop (?:on|in)|deploy (?:on|to)))\b")
# what a trade or small business runs on: "I charge 90 for a full set", "we buy flour from Moagem Ceres",
# "travel outside is 0,40 per km", "they only pay by bank transfer"
BUSINESS = _c(r"\b(?:(?:i|we) (?:(?:only|mainly|mostly|just) )?(?:charge|bill|quote|sell|stock|supply|carry|(?:mostly |mainly )?(?:work|serve|cover|deliver) (?:mostly |mainly )?"
              r"(?:in|around|across)?|work mostly|(?:buy|order|get|source) (?:\w+ ){0,3}(?:from|through))|(?:my|our|the) "
              r"(?:(?<=my )[\w\-]+ (?:[\w\-]+ )?|(?<=our )[\w\-]+ (?:[\w\-]+ )?)?(?:price|prices|rate|rates|fee|fees|pricing|hourly|day rate|minimum|call-?out)(?:\b[^.;]{0,30}\b(?:is|are|for)|(?= ?:))|"
              r"price for|per (?:m2|sqm|m²|square (?:metre|meter|foot)|sq ?ft|hour|hr|km|mile|kg|head|night|piece|page|word|"
              r"pallet|job|visit|session|tuning|cover|dozen|box|case)|(?:comes?|coming) from (?:a |the )?(?:coop|co-op|farm|"
              r"mill|supplier|wholesaler|(?-i:[A-Z])\w*)|pays? (?:only )?(?:by|in|with|via) (?:bank transfer|transfer|cash|card|cheque|"
              r"check|invoice|paypal|venmo|m-?pesa)|pays? (?:always |only )?(?:cash|upfront)|(?:\d+ ?% )?deposit (?:of|is|upfront|first|before|required|already|paid|\d)|"
              r"(?:i|we) (?:work|do) (?:mostly|mainly)|is (?:my|our) (?:foreman|apprentice|assistant|supervisor|bookkeeper|"
              r"accountant|supplier|rep|driver|helper|chef|baker|groomer|tech|technician|mechanic|electrician|plumber)\b|"
              r"(?<!food )(?<!weekly )(?:truck|van|ute|rig|trailer|shop|"
              r"workshop|stall|kitchen) is (?:a |an )?(?:\d{4}|(?-i:[A-Z])\w*)|(?:i|we) (?:run|own) (?-i:[A-Z])\w*|"
              # "we specialise in hangi and grazing tables", "I rent the 2 other chairs to Jerome and Andre"
              r"(?:we|i) speciali[sz]e in|(?:closed|open) (?:on )?" + _WEEKDAY + r"s|(?:i|we) (?:rent|let|sublet|lease) (?:out )?(?:the |my |our )?(?:\w+ ){0,2}(?:chairs?|"
              r"rooms?|units?|flats?|desks?|stalls?|bays?|space)(?: out)? to)\b")
REMEMBER = _c(r"\b(?:remember (?:that|this)|keep in mind|note that|for (?:the|your) record|for context|"
              r"just so you know|you should know|good to know|fyi)\b")
IMPERATIVE = _c(r"^(?:please\s+)?(?:(?:always|only)\s+)?(?:use|deploy|host|run|store|write|build|keep|stick with|"
                r"go with|switch to|move to|migrate to|prefer|pick|choose|target|put|format|answer|reply|respond|"
                r"name|set|default to|stay on|stay with|standardi[sz]e on|adopt|install|ship|serve|package|manage|"
                r"bundle|test|lint|style|indent|talk|speak|explain|give|show|address|sign|end|start|open|close|begin)\b")
SHORT_CHOICE_MAX_WORDS = 6
PERSONAL_GROUPS = frozenset({"ui-theme", "answer-style", "reply-language", "editor", "indentation", "os", "shell",
                             "units", "temperature-unit", "diet", "formatter"})
# choices of everyday life, not of a project's stack: "my cat is on royal canin renal", "we ordered the MyHeritage kit"
EVERYDAY_GROUPS = frozenset({"pet-food", "dna-test"})
FIRST_PERSON_OR_PROJECT = _c(r"\b(?:i|i'm|im|i've|ive|i'd|i'll|me|my|we|we're|we've|we'll|our|us|(?:the|this) (?:[\w\-]+ )?"
                             r"(?:project|app|repo|codebase|team|backend|frontend|api|service|server|stack|database|"
                             r"db|site|system|worker|pipeline|cluster|job|cron|bot|tool|library|module|endpoint))\b")
TECH_VERB = _c(r"\b(?:uses?|runs?|is|are|has|have|lives?|stores?|points? to|listens?|depends? on|calls?|requires?|"
               r"talks? to|reads?|writes?|sends?|deploys?|builds?|serves?|handles?)\b")
DEICTIC_ONLY = _c(r"^(?:ok(?:ay)?,?\s*)?(?:let'?s|i(?:'ll| will)?|we(?:'ll| will)?)?\s*(?:go with|use|like|love|prefer|do|"
                  r"take|try|pick|choose|want)\s+(?:that|this|it|them|those|these|the (?:first|second|third|last|"
                  r"other|former|latter) (?:one|option)?|option \w+|one|yours)(?: idea| one| option| approach| "
                  r"plan)?(?: then| instead| please| too| as well)?[\s.!]*$")
INFORMATIVE = re.compile(r"\b(?:Dr|Mr|Mrs|Ms|Prof)\.? [A-Z]|\d|[A-Za-z][._/\-][A-Za-z0-9]|(?<!\S)/\w|(?<=\s)[A-Z][a-z]*[A-Z]|(?<=[a-z,\u2190-\U0001faff] )[A-Z][A-Za-z0-9]+|"
                         # a schedule: "liam starts college block release on wednesdays from next week"
                         r"\b(?i:on " + _WEEKDAY + r"s)\b|"
                         # "my day off is tuesday now"
                         r"\b(?i:(?:is|are|'s) (?:now )?(?:on )?(?:mon|tues|wednes|thurs|fri|satur|sun)days?)\b|"
                         # "rune works in oslo tues + thurs"
                         r"\b(?i:(?:mon|tue|tues|wed|weds|thu|thur|thurs|fri|sat|sun)(?:day)?s? ?(?:\+|&|and|/|-|to|thru|through) ?"
                         r"(?:mon|tue|tues|wed|weds|thu|thur|thurs|fri|sat|sun)(?:day)?s?)\b")


# The message corrects what was said just before it ("scratch that — ...", "wait, no: ...", "I mistyped")
# a value written or read wrong: "I wrote the telephone number wrong", "typo", "the last two digits are the other way"
WRITTEN_WRONG = _c(r"\b(?:wrong(?:ly)?|typo|mis(?:typed|read|spelled|spelt|counted|heard|quoted)|transposed|fat[- ]?finger\w*|"
                   r"(?:the )?other way (?:round|around))\b")
CORRECTION_START = re.compile(
    r"^(?:(?:actually|sorry|oops|ops|whoops|no|nah|nope|hmm+|ok(?:ay)?|wait|crap|ugh|oh dear|oh no|ah|oh|apologies|"
    r"(?:my )?mistake|"
    r"i do apologi[sz]e|i must apologi[sz]e|i beg your pardon|pardon me)(?:[,.!;:\s]|" + EMOJI + r")+)*(?:scratch that|scrap that|wait,? no|no,? wait|correction|"
    r"i misspoke|my bad|on second thought|never ?mind|(?:i(?:'ve| have) )?changed my mind|change of plans?|"
    r"ignore (?:that|what i (?:just )?said|my last (?:message|msg))|"
    r"actually,? no|that'?s (?:outdated|wrong|not right|incorrect|old)|(?<=sorry, )wrong(?=\s*[.!])|"
    r"(?:i )?(?:had|got) (?:that|it|this|the \w+(?: \w+)?) (?:wrong|flipped|backwards|mixed up)|"
    r"i told (?:you|u) (?:wrong|the wrong \w+)|i(?:'ve| have)? given (?:you|u) the wrong \w+|i gave (?:you|u) (?:the |a )?(?:wrong|incorrect) \w+|i gave (?:you|u) an incorrect \w+|(?:let me|i (?:must|need to|have to|should|gotta|want to)) correct "
    r"(?:that|myself)|i (?:wrote|write|typed|said|counted|read|spelled|measured|added) (?:it |that |this |them |something |"
    r"the \w+(?: \w+)? )?"
    r"wrong(?:ly)?|"
    r"i (?:mistyped|misspelled|miscounted|misread|misquoted|transposed)|"
    r"i said [^,.;!?]{1,30}, (?:it'?s|its|it is|it was|actually)\b|fat[- ]?finger(?:s|ed)?|i meant(?= \d| (?-i:[A-Z]))|i (?:make|made|did) (?:a |one )?mistake|(?:my )?typo|"
    r"i mix(?:ed)? (?:up )?(?:everything|it|that|things|them|the \w+)|wrong (?:number|date|time|address|name) "
    r"(?:above|before|earlier))\b", re.I)
