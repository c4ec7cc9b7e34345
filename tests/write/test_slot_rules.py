"""Slots that get a new value (an attribute frame, a product version, a street address), the change
cues that announce it, and the sentence handling of messages written in lower case."""

from __future__ import annotations

import pytest
from rule_helpers import contents, plan_after

from memcore.model import MemoryType as T
from memcore.write import Claim, NewRef, Relation, classify_rules
from memcore.write.frames import frames, street_addresses, versions
from memcore.write.text import split_sentences
from memcore.write.topics import analyze


def verdict(old: str, new: str, old_type: T = T.PROJECT, new_type: T = T.NOTE, **kw):
    return classify_rules(Claim(NewRef(0), new, new_type, **kw), Claim("m-old", old, old_type))


@pytest.mark.parametrize(("text", "words", "value"), [
    ("Our drummer is Kenji, been with us since 2019", ("drummer",), "kenji"),
    ("Dario is our drummer now", ("drummer",), "dario"),
    ("Album release show is at The Velvet Room on March 7", ("album", "release", "show"), "velvet room"),
    ("We use Great Expectations for the data quality checks", ("data", "quality", "checks"), "great expectations"),
    ("Switched to Soda for data quality", ("data", "quality"), "soda"),
    ("project is on Unity 6 now", ("project",), "unity 6"),
])
def test_frames_pair_an_attribute_with_a_named_value(text, words, value):
    found = frames(text)
    assert [(f.words, f.value) for f in found] == [(words, value)]


def test_versions_and_street_addresses():
    assert versions("Project is on Unity 2021.3 LTS") == {"unity": "2021.3"}
    assert versions("Kickoff is April 25, chapter 3") == {}  # dates and chapters are not products
    assert street_addresses("The shop is at 18 Mill Street, right by the bakery") == frozenset({"18 mill street"})


@pytest.mark.parametrize(("old", "new", "reason"), [
    ("Our drummer is Kenji, been with us since 2019", "Dario is our drummer now, first rehearsal went great",
     "a new value for drummer: kenji -> dario"),
    ("Album release show is at The Velvet Room on March 7", "Venue fell through. release show is now at Copper Hall",
     "a new value for release show: velvet room -> copper hall"),
    ("We use Great Expectations for the data quality checks", "Switched to Soda for data quality, GX was too heavy",
     "a new value for data quality: great expectations -> soda"),
    ("Project is on Unity 2021.3 LTS, URP, targeting PC first and maybe Switch later",
     "Finished the engine upgrade over the holidays, project is on Unity 6 now (6000.0.32f1)",
     "unity has a new version: 2021.3 -> 6"),
])
def test_a_change_announcement_with_a_new_slot_value_supersedes(old, new, reason):
    v = verdict(old, new)
    assert v.relation is Relation.CONTRADICTORY and v.decided_by == "slot"
    assert v.reason == reason


@pytest.mark.parametrize(("old", "new"), [
    ("Our drummer is Kenji", "Dario is our drummer"),  # no change announced: could be a second drummer
    ("Our drummer is Kenji", "Mia is our bassist now"),  # another slot
    ("Project is on Unity 2021.3 LTS", "The art pipeline uses Blender now"),
    ("The shop is at 18 Mill Street", "The warehouse is at 240 Harbor Road now, our storage unit"),
])
def test_other_slots_or_no_announced_change_stay_independent(old, new):
    assert verdict(old, new).relation is not Relation.CONTRADICTORY


@pytest.mark.parametrize("text", [
    "halibut went up to $17.25/lb this week",
    "we raised the sourdough to $8.50 starting Monday",
    "Owen took over the account",
    "venue fell through",
    "New rate from January: 0.14 EUR per word",
])
def test_change_cues(text):
    assert analyze(text).replacement_intent


def test_no_longer_on_a_name_rejects_it():
    v = verdict("Our Airflow runs on Astronomer, ~120 DAGs", "We're no longer on Astronomer, self-hosting on EKS now")
    assert v.relation is Relation.CONTRADICTORY and v.replaced == ("astronomer",)


def test_lower_case_sentences_split_when_both_parts_are_long_enough():
    assert split_sentences("do not ever suggest Groupon or deep discount sites. we did it in 2022 and it hurt us") == [
        "do not ever suggest Groupon or deep discount sites.", "we did it in 2022 and it hurt us"]
    assert split_sentences("jobs go through Slurm. the default partition kills long jobs") == [
        "jobs go through Slurm. the default partition kills long jobs"]
    assert split_sentences("Ask J. R. Tolkien about it. ok") == ["Ask J. R. Tolkien about it. ok"]


def test_a_lower_case_fragment_continues_the_memory_before_it():
    assert contents("I really prefer short answers. bullet points, no long intros or recaps at the end pls") == [
        (T.PREFERENCE, "I really prefer short answers. bullet points, no long intros or recaps at the end pls")]


def test_a_request_to_remember_keeps_what_follows():
    assert contents("can you remember I hate the word 'cozy' in listings, buyers read it as 'small'") == [
        (T.PREFERENCE, "I hate the word 'cozy' in listings, buyers read it as 'small'.")]


def test_a_statement_about_a_titled_person_is_kept():
    assert [c for _, c in contents("Dr. Nguyen handles exotics, reptiles, birds, pocket pets.")] == [
        "Dr. Nguyen handles exotics, reptiles, birds, pocket pets."]


def test_a_detail_after_a_choice_is_not_split_off_as_another_choice():
    assert [c for _, c in contents("our Airflow runs on Astronomer, ~120 DAGs, mostly ELT from Postgres")] == [
        "Our Airflow runs on Astronomer, ~120 DAGs, mostly ELT from Postgres"]
    assert len(contents("I prefer a FastAPI backend, React frontend, and AWS")) == 3


@pytest.mark.parametrize(("old", "new", "reason"), [
    ("Our fuel surcharge is $0.58/mile this month", "Fuel surcharge is $0.64 a mile starting monday",
     "the same amount with a new value: $0.58/mile -> $0.64 a mile"),
    ("Practices are mon/wed/fri 3:30 on the turf field", "Practices moved to tue/thu 6am at the middle school",
     "the same subject with a new value: mon/wed/fri -> tue/thu"),
    ("Standup is at 9:30 every day", "Standup moved to 10:15 now", "the same subject with a new value: 9:30 -> 10:15"),
    ("The miller wedding is june 14 2026 at the grove park inn", "Turns out the miller wedding is june 21, not june 14, the venue moved them",
     "the same subject with a new value: june 14 -> june 21"),
])
def test_times_day_lists_per_units_and_rejected_values(old, new, reason):
    v = verdict(old, new)
    assert v.relation is Relation.CONTRADICTORY and v.reason == reason


@pytest.mark.parametrize(("old", "new", "slot"), [
    ("My second shooter is tess, she covers groom prep", "My old second moved to denver so jonah is shooting second",
     "second"),
    ("I manage a climbing gym. head setter is marco", "Our head setter stepped down, aiyana is head setter now",
     "head setter"),
])
def test_a_role_said_to_be_gone_supersedes_the_memory_stating_it(old, new, slot):
    v = verdict(old, new)
    assert v.relation is Relation.CONTRADICTORY and v.decided_by == "departed" and v.replaced == (slot,)


def test_a_vague_or_unstated_gone_role_changes_nothing():
    assert verdict("We promoted ckpt-0519, the efficientnet-b3 one", "The old one is retired.").relation \
        is not Relation.CONTRADICTORY
    assert verdict("My second shooter is tess", "Our bookkeeper quit last week").relation is not Relation.CONTRADICTORY


@pytest.mark.parametrize(("old", "new", "replaced"), [
    ("Our wholesaler has been cardinal health for years", "As of dec 1 mckesson replaced cardinal as our wholesaler",
     ("cardinal",)),
    ("For varroa i've been doing apivar strips every fall", "I switched to oxalic acid vapor instead of apivar.",
     ("apivar",)),
    ("I deliver galleries through pixieset, couples get them in 6 weeks",
     "Switched gallery delivery to shootproof, the old one's pricing change killed it", ("deliver", "galleries")),
    ("The brother character is cal, he stayed on the island", "Renaming the brother to ambrose, the old name felt modern",
     ("brother",)),
])
def test_lower_case_names_and_objects_are_rejected_after_strong_cues(old, new, replaced):
    v = verdict(old, new)
    assert v.relation is Relation.CONTRADICTORY and v.replaced == replaced


def test_a_verb_after_instead_of_is_not_a_rejected_name():
    assert verdict("I'm waiting on the vendor quote", "Let's call them instead of waiting").relation \
        is not Relation.CONTRADICTORY


def test_a_gone_role_matches_its_word_family():
    v = verdict("For editing i use hindenburg pro, chapters, loudness", "The old editor is out, reaper is what i use now")
    assert v.relation is Relation.CONTRADICTORY and v.replaced == ("editor",)


@pytest.mark.parametrize("text", [
    "the traffic engineer on it is wes tanaka from public works, super responsive",
    "new fish guy starting monday, everything's coming from casco bay seafood now.",
])
def test_lower_case_statements_without_names_are_kept(text):
    assert len(contents(text)) == 1


def test_lower_case_small_talk_is_still_dropped():
    assert contents("the weather is so nice today honestly") == []


@pytest.mark.parametrize(("old", "new"), [
    ("Our spring show opens April 11.", "Our registrar Beatrix is out on leave till March, so loans go through me"),
    ("AP Chem is 3rd period in room 214, Honors Chem is 5th and 6th period in room 118.",
     "Planning periods are 2nd and 7th."),
])
def test_months_and_ordinals_are_not_identifiers(old, new):
    assert verdict(old, new, old_type=T.NOTE).relation is not Relation.CONTRADICTORY


def test_two_dated_statements_of_one_subject_and_type_keep_the_later_date():
    v = verdict("Public beta launch for the scheduling app is April 28, 2026",
                "Stakeholders want the beta on June 9, 2026 so we can finish SSO first", old_type=T.DEADLINE,
                new_type=T.DEADLINE)
    assert v.relation is Relation.CONTRADICTORY and "april 28 -> june 9" in v.reason


@pytest.mark.parametrize(("old", "new", "reason"), [
    ("Our lab trains on nodes with 8x A100 80GB", "The lab's nodes were upgraded to H100s last week",
     "the same subject with a new value: a100 -> h100s"),
    ("Our match-3 RPG 'Tidecaller' soft-launches in the Philippines in March.",
     "Tidecaller soft-launches in Canada and Australia instead.",
     "a new value for soft-launches: philippines -> canada"),
])
def test_model_names_and_verb_frames_change_with_a_cue(old, new, reason):
    v = verdict(old, new)
    assert v.relation is Relation.CONTRADICTORY and v.reason == reason


@pytest.mark.parametrize(("old", "new", "replaced"), [
    ("We get nearly all our rental parts from Kalmus.", "We no longer rent from Kalmus after their pricing change.",
     ("kalmus",)),
    ("Marcus Lindqvist is incident commander for the cutover", "Dana is taking over as IC; Marcus moved to the platform "
     "team.", ("marcus",)),
    ("Right now all my bookings come through Instagram DMs", "All bookings go through Square now and I stopped taking "
     "appointments by DM.", ("instagram dms",)),  # the slot frame names the whole old value
    ("I do evening sessions for athletes, Tuesday and Thursday evenings", "Heads up, I've moved the athlete evenings.",
     ("athletes", "evening")),
])
def test_more_rejections(old, new, replaced):
    v = verdict(old, new)
    assert v.relation is Relation.CONTRADICTORY and v.replaced == replaced


@pytest.mark.parametrize("text", ["we agreed to push the beta to June 9", "starting this week it's at 5:15",
                                  "the nodes were upgraded to H100s"])
def test_more_change_cues(text):
    assert analyze(text).replacement_intent


def test_initials_inside_a_name_end_no_sentence():
    assert split_sentences("Contract update: J.B. Hunt won the RFP. Everything routes to them.") == [
        "Contract update: J.B. Hunt won the RFP.", "Everything routes to them."]


def test_a_lead_before_a_list_of_values_is_kept():
    assert contents("Class times at our box: 6am, noon, and 5:30pm weekdays; Saturday is 9am partner WOD.") == [
        (T.NOTE, "Class times at our box: 6am, noon, and 5:30pm weekdays; Saturday is 9am partner WOD.")]


def test_a_change_made_today_is_not_temporary():
    assert contents("We bumped the MSRV to 1.80 today so we can use LazyLock.") == [
        (T.NOTE, "We bumped the MSRV to 1.80 today so we can use LazyLock.")]


@pytest.mark.parametrize(("old", "new", "reason"), [
    ("Ali Farouk is covering as interim program officer while they hire.",
     "Ridley finally hired, Marcus Ebbe is our permanent program officer now",
     "a new value for program officer: ali farouk -> marcus ebbe"),
    ("We send all crown and bridge cases to Apex Dental Lab, 10-day turnaround.",
     "Starting this month all crown and bridge work goes to Northgate Ceramics.",
     "a new value for crown bridge: apex dental lab -> northgate ceramics"),
])
def test_covering_and_routing_frames(old, new, reason):
    v = verdict(old, new)
    assert v.relation is Relation.CONTRADICTORY and v.reason == reason


def test_a_month_and_day_is_one_date_and_never_an_identifier():
    v = verdict("Confirmed: my Tallinn talk is on April 9, morning slot.",
                "Organisers shuffled the schedule, my Tallinn talk is now on April 10 in the afternoon.")
    assert v.relation is Relation.CONTRADICTORY and "april 9 -> april 10" in v.reason
    other = verdict("Lindqvist Holdings is due to the court on March 14.",
                    "The partner wants a full draft in her inbox by March 10.", old_type=T.DEADLINE, new_type=T.DEADLINE)
    assert other.relation is not Relation.CONTRADICTORY


def test_an_old_thing_after_a_comma_is_gone():
    v = verdict("My printer is an old Ender with a BLTouch", "Upgraded! Got a Bambu Lab, old printer went to my "
                                                              "cousin.")
    assert v.relation is Relation.CONTRADICTORY and v.replaced == ("printer",)


def test_a_case_name_is_one_sentence():
    assert split_sentences("The brief in Okafor v. Lindqvist Holdings is due March 14. Draft by March 10.") == [
        "The brief in Okafor v. Lindqvist Holdings is due March 14.", "Draft by March 10."]


@pytest.mark.parametrize(("old", "new"), [
    ("Piano lessons cost $60 per lesson.", "Guitar lessons cost $45 per lesson now."),
    ("Sam's birthday is May 12.", "Lily's birthday is August 30."),
    ("The halibut is $14.50 a pound.", "Salmon went up to $12 a pound."),
    ("My rent is $1,800 a month.", "My parking spot is now $150 a month."),
    ("My yoga class is at 7am on Tuesdays.", "My pottery class is at 6pm on Thursdays."),
])
def test_a_value_of_something_else_changes_nothing(old, new):
    assert verdict(old, new).relation is not Relation.CONTRADICTORY


@pytest.mark.parametrize(("old", "new"), [
    ("Class is at 6am on weekdays.", "We added a 7pm class starting this week."),
    ("We ship to Canada.", "We now also ship to Mexico."),
    ("We use Heroku for hosting.", "We might switch to Fly.io next year."),
    ("Our database is MySQL.", "Maybe Postgres for a future project, nothing decided."),
    ("I'm staying in the new town near the station.", "The old town is lovely this time of year."),
    ("My roommate is Alex.", "My old roommate from college, Ben, is visiting."),
])
def test_additions_hypotheticals_and_other_senses_of_old_change_nothing(old, new):
    assert verdict(old, new).relation is not Relation.CONTRADICTORY


def test_a_correction_about_something_else_leaves_the_latest_memory(lite, clock):
    kept = lite.extract("Emma's teacher is Mrs. Green.").created[0]
    clock.advance(minutes=5)
    report = lite.extract("Correction: Emma's bus number is 14, not 41.")
    assert report.superseded == [] and lite.get(kept.id).state.value == "active"
    clock.advance(minutes=5)
    report = lite.extract("Correction: the bus number is 41, not 14.")
    assert [s["decided_by"] for s in report.superseded] and lite.get(kept.id).state.value == "active"


@pytest.mark.parametrize(("old", "new"), [
    ("The night charge nurse on our unit is Gloria.", "Kwame is covering night charge permanently."),
    ("My PhD advisor is Dr. Okafor.", "Dr. Okafor took a position in Edinburgh, so the department made Dr. Lindqvist my "
                                      "official advisor."),
    ("We buy our flour from King Arthur.", "Our King Arthur contract ran out, we get flour from a mill in Skagit now."),
    ("I write everything in VS Code.", "Been full-time in Neovim for a month and uninstalled VS Code."),
    ("Prod runs Postgres 14.", "Upgrade finished overnight without drama, prod is on 16."),
    ("I have Python 3.11 on my laptop.", "Wiped my laptop and went straight to Python 3.12 this time around."),
    ("Our herd is 40 head of Angus.", "I undercounted earlier, forgot the heifers. We're running 52 head."),
])
def test_implicit_replacements(old, new):
    assert verdict(old, new).relation is Relation.CONTRADICTORY


def test_a_settled_change_is_not_hypothetical_because_of_a_could():
    v = verdict("My dentist appointment is Tuesday at 3pm.",
                "Dentist's office asked if I could come in earlier, so I'm going Tuesday at 11 instead.")
    assert v.relation is Relation.CONTRADICTORY and "3pm -> at 11" in v.reason
    assert verdict("I live at 12 Oak Avenue.", "My parents live at 88 Pine Road.").relation \
        is not Relation.CONTRADICTORY  # an address number is not a time


def test_a_new_address_replaces_the_old_one_and_the_memory_keeps_what_else_it_says():
    v = verdict("The shop is at 18 Mill Street, right by the bakery", "New address is 240 Harbor Road, unit B")
    assert v.decided_by == "address" and v.reason == "a new address: 18 mill street -> 240 harbor road"
    plan = plan_after(["I'm a physio at Stride Sports Physio, we're at 12 Harbor Street, upstairs from the pharmacy"],
                      "first week done at 41 Elm Road! way more parking and the gym space is huge")
    [action] = plan.supersessions
    assert action.kept == "I'm a physio at Stride Sports Physio."


@pytest.mark.parametrize(("old", "new"), [
    ("I live in brunswick, ride my bike down sydney rd to work most days",
     "MOVED IN!! new place in footscray finally, sharehouse w 2 nurses"),
    ("i live in brunswick", "just moved to footscray"),
])
def test_a_place_typed_in_lower_case_is_where_the_user_lives(old, new):
    v = verdict(old, new, old_type=T.NOTE)
    assert v.relation is Relation.CONTRADICTORY and v.replaced == ("brunswick",)


@pytest.mark.parametrize("new", ["we moved to nights last month", "just moved to tuesdays", "i live in hope lol",
                                 "we moved to the new office"])
def test_a_shift_a_day_or_a_phrase_is_no_place(new):
    assert verdict("I live in brunswick", new, old_type=T.NOTE).relation is not Relation.CONTRADICTORY


def test_a_statement_with_a_place_is_not_split_into_made_up_places():
    assert [text for _, text in contents("I live in Gothenburg so please always use metric units and celsius")] == \
        ["I live in Gothenburg so please always use metric units and celsius"]


def test_a_capitalised_possessive_opens_a_role_and_name_frame():
    found = frames("Our vicar, the Reverend Alan Pike, likes to approve the hymn list by Wednesday each week.")
    assert [(f.words, f.value) for f in found] == [(("vicar",), "reverend alan pike")]
