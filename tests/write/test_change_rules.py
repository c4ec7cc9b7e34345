"""Rules for changes the topic groups do not know: names rejected or switched away from, identifiers
that changed only in their digits, and the extraction cues that keep such statements."""

from __future__ import annotations

import pytest
from rule_helpers import contents, plan_after

from memcore.model import MemoryType as T
from memcore.write import Claim, NewRef, Relation, classify_rules
from memcore.write.topics import analyze, gone_slots, hypothetical, rejected_names, switched_away


def verdict(old: str, new: str, old_type: T = T.NOTE, new_type: T = T.DECISION, **kw):
    return classify_rules(Claim(NewRef(0), new, new_type, **kw), Claim("m-old", old, old_type))


def test_a_name_rejected_after_not_supersedes_the_memory_stating_it():
    v = verdict("My history prof wants everything in APA 7th", "She wants Chicago style footnotes now, not APA")
    assert v.relation is Relation.CONTRADICTORY and v.decided_by == "rejection"
    assert v.replaced == ("apa",)


def test_a_name_declared_gone_supersedes():
    v = verdict("I post homework on Google Classroom every Friday",
                "The district moved everyone to Canvas, Google Classroom is gone")
    assert v.relation is Relation.CONTRADICTORY


def test_switching_away_from_a_named_supplier_supersedes():
    old = "Our flour comes from Miller Bros, I order every two weeks"
    new = "Miller Bros raised prices so we switched to Hartwell Mills"
    assert switched_away(new, old) == frozenset({"bros"})  # a sentence-initial capital is not taken as a name
    assert verdict(old, new).relation is Relation.CONTRADICTORY


def test_mentioning_the_same_name_without_a_switch_is_independent():
    v = verdict("Our flour comes from Miller Bros", "Miller Bros delivers on Tuesdays", new_type=T.NOTE)
    assert v.relation is not Relation.CONTRADICTORY


def test_an_identifier_that_changed_only_in_its_digits_is_a_new_value():
    v = verdict("Staging db host is db-stg-1.corp.acme.io, same creds as dev",
                "Scratch that, staging moved to db-stg-7.corp.acme.io after the migration", change_of_mind=True)
    assert v.relation is Relation.CONTRADICTORY and v.decided_by == "value-change"


def test_rejected_names_ignore_names_that_are_chosen():
    assert rejected_names("We use Tailwind now instead of Bootstrap") == frozenset({"bootstrap"})
    assert rejected_names("We use Tailwind now") == frozenset()
    assert rejected_names("rip snap-on, dropped it off the trailer") == frozenset({"snap-on"})
    assert rejected_names("ok so im done with zamex. from now on KeyPol") == frozenset({"zamex"})
    assert rejected_names("we use a drip line for the beds") == frozenset()
    assert rejected_names("new head teacher wont let us use the school pitch anymore") == frozenset({"school", "pitch"})
    assert rejected_names("we can't use the old trailer anymore") == frozenset({"trailer"})
    assert rejected_names("we can't use the school pitch on sundays") == frozenset()


def test_a_place_the_user_may_no_longer_use_is_kept_and_supersedes_the_memory_naming_it():
    plan = plan_after(["we train tue n thu 4pm at the school pitch behind st peters"],
                      "new head teacher wont let us use the school pitch anymore smh. we moved to asafo park field")
    assert any("school pitch anymore" in c.candidate.content for c in plan.creates)
    assert [s.old for s in plan.supersessions] == ["m0"]


@pytest.mark.parametrize(("text", "rejected", "chosen"), [
    ("We're fully on PostgreSQL 16 now and the MySQL server has been switched off.", "mysql", "postgresql"),
    ("Jenkins is decommissioned and all our pipelines are on GitHub Actions now.", "jenkins", "github actions"),
    ("We ripped out Bootstrap completely and the marketing site uses Tailwind CSS now.", "bootstrap", "tailwind"),
    ("The company mandates Microsoft Teams, so we're off Slack as of Monday.", "slack", "microsoft teams"),
])
def test_rejection_does_not_leak_into_the_next_clause(text, rejected, chosen):
    choices = {c.term: c.positive for c in analyze(text).choices}
    assert choices[rejected] is False and choices[chosen] is True
    assert analyze(text).replacement_intent


def test_something_done_today_is_not_a_temporary_note():
    [(kind, _)] = contents("Got a new MacBook Pro from work today, so I'm on macOS now.")
    assert kind is not T.TEMPORARY
    [(kind, _)] = contents("For today I'm only doing code reviews.")
    assert kind is T.TEMPORARY


def test_a_request_after_a_preference_continues_it():
    out = contents("I really don't like long-winded answers. Give me the short version, code first.")
    assert [k for k, _ in out] == [T.PREFERENCE, T.PREFERENCE]


def test_a_standing_request_with_any_verb_is_a_preference():
    [(kind, text)] = contents("Flag them whenever you see them.")
    assert kind is T.PREFERENCE and text.startswith("Flag them")


def test_team_roles_are_project_facts():
    assert contents("Lena is writing the related work section.") == [
        (T.PROJECT, "Lena is writing the related work section.")]


def test_a_scene_setting_lead_is_dropped_but_a_short_label_stays():
    assert contents("Big news from the planning meeting: we're dropping React for Svelte.")[0][1].startswith(
        "We're dropping React")
    assert contents("Our stack: Next.js frontend, FastAPI backend.")[0][1].startswith("Our stack:")


def test_medical_conditions_are_critical_and_third_party_is_not_small_talk():
    assert contents("The youngest has celiac.")[0][0] is T.CRITICAL
    assert contents("Patient data never goes into any third-party API.")[0][0] in (T.CONSTRAINT, T.CRITICAL)


def test_an_amount_in_the_same_unit_that_changed_is_a_new_value():
    v = verdict("I charge $75/hr for dev work", "From now on it's $90/hr, I'm raising it across the board",
                change_of_mind=True)
    assert v.relation is Relation.CONTRADICTORY and "$75/hr -> $90/hr" in v.reason


def test_moving_the_thing_an_old_memory_describes_replaces_it():
    v = verdict("Terraform state lives in the S3 bucket acme-tfstate",
                "We migrated the state backend to Terraform Cloud over the weekend.")
    assert v.relation is Relation.CONTRADICTORY and v.supersedes
    assert v.replaced == ("s3",) and "terraform cloud" in v.reason  # the state's home, S3, is what changed


def test_a_message_that_opens_with_a_correction_replaces_the_latest_memory(lite, clock):
    lite.extract("We log all experiments to MLflow, the server is at mlflow.internal")
    clock.advance(minutes=5)
    lite.extract("Scratch that, the team switched to Weights & Biases back in March.")
    states = {m.content.split(",")[0]: m.state.value for m in lite.list(states="active,superseded").items}
    assert states["We log all experiments to MLflow"] == "superseded"
    event = next(e for e in lite.timeline().items if e.kind.value == "superseded")
    assert "correction" in event.reason


def test_a_correction_does_not_reach_back_past_a_day(lite, clock):
    lite.extract("We log all experiments to MLflow")
    clock.advance(days=3)
    lite.extract("Scratch that, the team switched to Weights & Biases.")
    assert [m.state.value for m in lite.list(states="active,superseded").items].count("superseded") == 0


def test_named_statements_are_kept_as_notes_but_small_talk_is_not():
    assert contents("At current burn that's about 18 months of runway.") == [
        (T.NOTE, "At current burn that's about 18 months of runway.")]
    assert contents("Haha my roommate just burned the toast again") == []


def test_a_self_correcting_message_keeps_even_a_short_statement(lite, clock):
    lite.extract("The retreat in October is going to Kyoto, 40 people.")
    clock.advance(minutes=5)
    lite.extract("Scratch that, the CEO vetoed it. We're doing Seoul.")
    active = [m.content for m in lite.list(states="active").items]
    assert not any("Kyoto" in text for text in active)
    assert any("Seoul" in text for text in active)


@pytest.mark.parametrize(("old", "new"), [
    ("We've been running every pipeline on Airflow 2.6.", "We're migrating everything to Dagster."),
    ("Our container images get scanned by Snyk.", "Trivy handles container scanning now."),
    ("Our company is Tidewell.", "We rebranded to Harborline this week."),
])
def test_new_choice_groups_and_slots_supersede(old, new):
    assert verdict(old, new, change_of_mind=True).relation is Relation.CONTRADICTORY


def test_plural_weekdays_are_values_of_the_same_day():
    from memcore.write.values import value_tokens

    assert "thursday" in value_tokens("We rehearse Thursdays at 7pm")
    assert value_tokens("We rehearse Thursdays") == value_tokens("We rehearse Thursday")


def test_a_bare_amount_changes_only_with_a_shared_subject():
    assert verdict("My standard rate is $60 per one-hour session.", "From the 1st my rate is $75 a session.",
                   change_of_mind=True).relation is Relation.CONTRADICTORY
    assert verdict("Budget is $500 for the trip", "Actually the hotel costs $200 now",
                   change_of_mind=True).relation is Relation.INDEPENDENT


def test_a_time_with_a_shared_subject_and_a_change_cue_is_a_new_value():
    v = verdict("Pickup is at 3:15 every day.", "Pickup is now 2:45.", change_of_mind=True)
    assert v.relation is Relation.CONTRADICTORY and v.decided_by == "value-change"


def test_a_name_declared_out_in_the_old_memory_is_not_asserted_there():
    v = verdict("Jenkins is out, GitHub Actions is in.", "The last Jenkins job was switched off Friday.")
    assert v.relation is not Relation.CONTRADICTORY


def test_bulleted_items_are_kept_and_a_lead_before_a_bare_list_stays():
    out = contents("Shop basics:\n- open Tuesday to Saturday\n- closed Sundays and Mondays")
    assert [text for _, text in out] == ["Open Tuesday to Saturday", "Closed Sundays and Mondays"]
    assert contents("the offsite venue shortlist: Palacio Chiado, LX Factory, Hub Criativo")[0][1].startswith(
        "The offsite venue shortlist:")


def test_standing_imperatives_are_preferences_but_tech_choices_stay_decisions():
    assert contents("Keep memos under two pages.") == [(T.PREFERENCE, "Keep memos under two pages.")]
    assert contents("Use PostgreSQL for storage.")[0][0] is T.DECISION


def test_topical_small_talk_words_do_not_hide_a_named_fact():
    assert contents("We now buy from Copper Kettle Coffee, with a weekly delivery on Thursdays.")


@pytest.mark.parametrize(("old", "new"), [
    ("Grafana runs on port 3000 on the monitoring box", "Update: we moved grafana to 3300"),
    ("All our services run on Node 18", "We upgraded every service to Node 22 last month"),
    ("We're targeting March 14 for the public launch", "The launch slipped to April 2"),
    ("Marco is the tech lead for the mobile team", "Marco left the company last Friday."),
    ("My advisor is Dr. Okafor", "I switched labs, my new advisor is Dr. Lindqvist"),
])
def test_changed_values_departures_and_titled_names_supersede(old, new):
    assert verdict(old, new, change_of_mind=True).relation is Relation.CONTRADICTORY


@pytest.mark.parametrize(("old", "new"), [
    ("At work we use Motorola radios, channel 3 for the security team.", "From today we are on channel 7."),
    ("My full birth package is 1530$: two prenatal meetings, the birth, and one postpartum visit.",
     "Oups, mistake!! the package is 1350$ not 1530$, I mix the numbers."),
])
def test_from_today_and_a_number_set_against_the_old_one_change_a_value(old, new):
    assert verdict(old, new, new_type=T.NOTE).relation is Relation.CONTRADICTORY


def test_a_number_set_against_another_is_a_change_only_where_it_shares_a_subject():
    v = verdict("The kids' bedtime is 7:30", "the package is 1350$ not 1530$", new_type=T.NOTE)
    assert v.relation is not Relation.CONTRADICTORY


def test_a_departure_told_with_an_aside_and_a_retirement_date_moved_supersede():
    v = verdict("Our head of department, Mr Patel, has been at the school longer than I have",
                "Mr Patel retired at Easter, with a lovely send-off I might add.")
    assert v.relation is Relation.CONTRADICTORY  # "I might add" considers nothing
    v = verdict("I had originally intended to retire at the end of the summer term in 2025",
                "I have changed my mind: I shall stay on one more year and retire in July 2026.")
    assert v.relation is Relation.CONTRADICTORY and v.replaced == ("2025",)  # "retire in" rejects nothing
    assert hypothetical("I might switch the surgery to Dr Ali next year")


def test_a_price_of_another_length_pairs_with_the_old_price_of_the_same_thing():
    v = verdict("Beef empanada is 800 pesos each, dozen 9000",
                "Inflation again, raising it, beef empanada now 1100 each and the dozen 12000", new_type=T.NOTE)
    assert v.relation is Relation.CONTRADICTORY and v.replaced == ("800",)  # not the 9000 of the dozen
    other = verdict("Beef empanada is 800 pesos each", "chicken empanada now 1100 each", new_type=T.NOTE)
    assert "800" not in other.replaced


def test_numbers_of_different_lengths_are_not_the_same_value():
    old = "Started a project before the contract was signed, the client ghosted me on a $3,200 invoice"
    new = "My rule now is a signed contract and a 50% deposit before I write any code"
    assert verdict(old, new, change_of_mind=True).relation is not Relation.CONTRADICTORY


def test_an_instruction_for_today_is_temporary():
    [(kind, _)] = contents("I have a killer headache so keep explanations really short today.")
    assert kind is T.TEMPORARY


def test_replacing_it_corrects_the_memory_before(lite, clock):
    lite.extract("Our ticket classifier fine-tunes bert-base-uncased")
    clock.advance(minutes=5)
    lite.extract("We swapped it for deberta-v3-small, +4 points F1 on the holdout set")
    active = [m.content for m in lite.list(states="active").items]
    assert not any("bert-base" in text for text in active)


def test_a_colleague_doing_something_is_a_project_fact():
    [(kind, _)] = contents("Kevin from security is collecting the access review screenshots")
    assert kind is T.PROJECT


@pytest.mark.parametrize(("old", "new"), [
    ("Invoices for Kestrel go to billing@kestrel.co.", "From now on send invoices to ap@kestrel-group.com only."),
    ("Our default AWS region is us-east-1.", "We finished migrating everything to eu-central-1."),
])
def test_addresses_and_regions_are_values(old, new):
    assert verdict(old, new, change_of_mind=True).relation is Relation.CONTRADICTORY


def test_not_being_able_to_change_something_keeps_it():
    assert [(c.term, c.positive) for c in analyze("We can't upgrade Python until next year").choices] == [
        ("python", True)]
    assert rejected_names("We can't upgrade Python until next year") == frozenset()


def test_a_sentence_initial_word_is_not_a_rejected_name():
    assert rejected_names("The old one is retired.") == frozenset()


def test_a_cancelled_membership_replaces_the_memory_before(lite, clock):
    lite.extract("I go to Iron Temple gym on 5th Street, usually Tuesday and Thursday evenings.")
    clock.advance(minutes=5)
    lite.extract("Cancelled that membership, I joined ClimbHaus, the bouldering gym.")
    assert not any("Iron Temple" in m.content for m in lite.list(states="active").items)


def test_a_moved_deadline_matches_its_subject_by_word_stem():
    v = verdict("The iOS 3.2 build has to be submitted to App Review by March 14.",
                "Submission deadline is now March 21.", old_type=T.DEADLINE, new_type=T.DEADLINE,
                change_of_mind=True)
    assert v.relation is Relation.CONTRADICTORY


@pytest.mark.parametrize(("old", "new"), [
    ("Our staging and prod apps are on Heroku", "We left Heroku after the pricing change, everything is on Render now"),
    ("Fraud model is an XGBoost classifier trained weekly", "We benchmarked and moved the fraud model to LightGBM"),
    ("My indie game is a 2D platformer prototype in Unity", "I ported the project to Godot 4, using GDScript now"),
    ("Monitoring is Datadog, APM and logs", "We're on Grafana Cloud now: Prometheus metrics, Loki logs"),
    ("I live in Austin and love trail running", "Big news, we moved to Denver last month!"),
])
def test_leaving_moving_and_porting_supersede(old, new):
    assert verdict(old, new, change_of_mind=True).relation is Relation.CONTRADICTORY


def test_a_labelled_list_is_kept():
    assert contents("the evidence that's still missing: access reviews and the vendor risk assessments")


@pytest.mark.parametrize(("new", "replaced"), [
    ("The draught is 12.1 m, not 11.2.", "11.2 m"),  # a decimal point ends no clause
    ("The draught is 12.1, not 11.2.", "11.2"),
])
def test_a_number_named_as_wrong_pairs_with_the_new_one_and_narrows_the_old_memory(new, replaced):
    old = "Tomorrow I pilot the tanker Nordic Aurora into the port, her draught is 11.2 m according to the agent."
    v = verdict(old, new, new_type=T.NOTE)
    assert v.relation is Relation.CONTRADICTORY and v.replaced == (replaced,)
    # a number rejected that the old memory only happens to contain in another sense is no pair
    assert verdict("We have 2 dogs and a cat at home.", "Our budget is 300, not 2.",
                   new_type=T.NOTE).relation is not Relation.CONTRADICTORY


def test_drop_as_a_noun_rejects_nothing():
    v = verdict("The dairy truck shows up at 6:15 every morning", "New route from the dairy, drop is 5:40 now.",
                new_type=T.NOTE)
    assert v.relation is Relation.CONTRADICTORY and "6:15 -> 5:40" in v.reason


def test_switching_someone_to_a_new_product_rejects_the_old_one_named_with_its_fault():
    old = "Pickle eats Ziwi Peak, the air dried one"
    assert verdict(old, "switched him to Black Hawk grain free, Ziwi was costing me a fortune").relation \
        is Relation.CONTRADICTORY
    assert verdict(old, "Switched him to Black Hawk, Pickle loves it").relation is not Relation.CONTRADICTORY


@pytest.mark.parametrize(("text", "names"), [
    ("Last day at Ponsonby was friday, sad to leave the team", {"ponsonby"}),
    ("My last day at Ponsonby Vet Clinic is Friday", {"ponsonby"}),
    ("last day at the beach was great", set()),
    ("Lisbon is finished, unfortunately.", {"lisbon"}),
    ("Lisbon is not happening this year", {"lisbon"}),
    ("Lisbon is finished, we loved it", set()),
])
def test_a_workplace_left_and_a_trip_called_off_are_rejected(text, names):
    assert rejected_names(text) == frozenset(names)


def test_a_choice_made_after_going_back_and_forth_settles_it():
    v = verdict("Been going back n forth on which cert to do next: court of master sommeliers vs WSET Diploma",
                "Decided!! going for the WSET Diploma, the written stuff fits me better")
    assert v.relation is Relation.CONTRADICTORY and v.decided_by == "settled"


def test_new_days_off_replace_the_old_ones_and_a_single_day_off_does_not():
    old = "My days off are monday and tuesday, the restaurant's closed mondays anyway"
    v = verdict(old, "new schedule from this week, now i'm off sunday + monday, we hired a weekend somm",
                new_type=T.NOTE)
    assert v.relation is Relation.CONTRADICTORY and v.reason == "new days off: monday tuesday -> monday sunday"
    assert verdict(old, "I'm off sunday to see my mum", new_type=T.NOTE).relation is not Relation.CONTRADICTORY
    assert verdict("We use Slack for team chat", "We're off Slack now").relation is Relation.CONTRADICTORY


def test_a_correction_of_a_value_the_old_memory_never_said_leaves_it_alone():
    v = verdict("My office is in Building C, room 214.", "Oops, the design review is in room 310, not 301 like I told you.",
                new_type=T.NOTE)
    assert v.relation is not Relation.CONTRADICTORY
    assert verdict("The review is in room 301.", "Oops, the design review is in room 310, not 301.",
                   new_type=T.NOTE).relation is Relation.CONTRADICTORY
    assert verdict("I was born in 1987.", "typo before, i was born in 1978 not 87").relation \
        is Relation.CONTRADICTORY  # "87" is how the old year ends


@pytest.mark.parametrize(("text", "name"), [
    ("Per Kvalheim had his last trip now, he is retired.", "kvalheim"),
    ("gave the garmin to my son, he runs marathon.", "garmin"),
    ("sad news okafor transferred to the katy store.", "okafor"),
    ("Not more Sementes Vivas for me, two times they sent late", "sementes"),
    ("Bad news, Interalpin is off for me, the budget was cut.", "interalpin"),
    ("I have decided to close the Facebook page; the algorithm hides my posts", "facebook"),
    ("so we closed the Sargent place finally, rent was too high", "sargent"),
    ("Sad news Rory's left, moved to Edinburgh for a job at a brewery.", "rory"),
    ("Dr. Okafor has accepted a position in Vancouver, and she left us", "okafor"),
    ("ljubljana is cancel. the new extractor cost too much this year.", "ljubljana"),
    ("the intro class is moving to saturday mornings 8-11. sundays are done", "sundays"),
    ("Sad day, priya's last shift was yesterday, she's gone to a wall in bristol.", "priya"),
    ("ok plot twist, binned the solutions, the heel kept slipping.", "solutions"),
])
def test_people_gone_things_given_away_called_off_or_closed_are_rejected(text, name):
    assert name in rejected_names(text)


@pytest.mark.parametrize("text", [
    "I gave the kids a bath", "Per had his lunch on deck", "it costs not more than Kreta charges",
    "the files got transferred overnight", "Rory's left hand is in a cast", "we live close to the Facebook offices",
    "Whitby is off the coast road",
])
def test_look_alikes_of_departures_reject_nothing(text):
    assert rejected_names(text) == frozenset()


def test_a_correction_with_a_long_unit_replaces_the_value():
    v = verdict("Our tug, Bjornefjord, is an ASD tug with 65 tonnes bollard pull.", "Bollard pull is 56 tonnes, not 65.")
    assert v.relation is Relation.CONTRADICTORY


@pytest.mark.parametrize(("old", "new"), [
    ("my place is on dundas west near ossington, 3 roommates, its chaos",
     "MOVED 🙌 got a bachelor in leslieville, no more roommates"),
    ("I've lived in Roslyn for forty years, it's a ten-minute drive to St Hilda's.",
     "Well, it's done: I've sold the old house and moved into a unit at the retirement village in Mosgiel."),
])
def test_moving_house_replaces_where_the_user_lived(old, new):
    v = verdict(old, new)
    assert v.relation is Relation.CONTRADICTORY and v.decided_by == "moved-house"


@pytest.mark.parametrize(("old", "new"), [
    ("I live in Leith, near the shore", "we moved to a bigger flat, still in Leith"),  # the same place again
    ("my place is on dundas west", "my sister moved to leslieville last week"),  # someone else moved
    ("my place is on dundas west", "moved the couch to the other wall"),  # a thing moved, not the user
    ("I live in Leith", "our new office is in Glasgow"),  # no home moved
])
def test_other_moves_leave_the_home_alone(old, new):
    assert verdict(old, new).decided_by != "moved-house"


def test_someone_else_taking_over_the_users_work_replaces_who_did_it():
    v = verdict("My assistant Ah-Jun handles all my bookings and commission emails.",
                "My niece Wen-Ting has taken over the bookings and emails; she is very organised.")
    assert v.relation is Relation.CONTRADICTORY
    other = verdict("My assistant Ah-Jun handles all my bookings.", "My niece has taken over her school's choir.")
    assert other.relation is not Relation.CONTRADICTORY


def test_a_choice_settles_what_the_old_memory_was_torn_between():
    v = verdict("lookin at gettin my first car, torn between a corsa and a yaris",
                "gonna go for the yaris, the corsa insurance quote was mad.", new_type=T.DECISION)
    assert v.relation is Relation.CONTRADICTORY and v.decided_by == "settled"


def test_a_role_gone_under_another_name_of_the_role_supersedes():
    v = verdict("My general practitioner is Dr Naidoo at the Fish Hoek Medical Centre.",
                "My old doctor has retired at last; the practice has put me with Dr Botha.")
    assert v.relation is Relation.CONTRADICTORY and v.decided_by == "departed"
    # someone else's boss leaving is not the user's manager gone
    assert verdict("my manager is Priya Raman", "priya's boss left, so now she reports to Colm Hadley").relation \
        is not Relation.CONTRADICTORY


@pytest.mark.parametrize(("old", "new", "decided_by"), [
    ("my dive comp is a shearwater perdix, had it since college", "old comp flooded on tues, absolute gutted.", "departed"),
    ("site manager is dougie, sound guy", "old manager's away up to shetland for good. new one's fiona", "departed"),
    ("My deputy head, Gareth Lloyd, is in charge of all timetabling.",
     "We said goodbye to our deputy on Friday; he has taken up a headship in Nottingham.", "departed"),
    ("We drive an old Volkswagen Passat, diesel, from 2009.", "We sold the old car at last!", "departed"),
    ("my deck oven is a blodgett and honestly she's my ride or die",
     "ok RIP to the old oven 💀 finally upgraded, we got a Rational combi", "departed"),
])
def test_something_gone_under_another_word_replaces_what_the_old_memory_names(old, new, decided_by):
    v = verdict(old, new)
    assert v.relation is Relation.CONTRADICTORY and v.decided_by == decided_by


def test_a_new_start_time_replaces_the_start_said_another_way():
    v = verdict("my shift begins at 05:40 every weekday morning",
                "the company made a new rota, and from this Monday I start at 07:15 instead.")
    assert v.relation is Relation.CONTRADICTORY and "05:40 -> 07:15" in v.reason
    assert verdict("my shift begins at 05:40", "my daughter's school starts at 08:15 now").relation \
        is not Relation.CONTRADICTORY


def test_a_place_closed_for_a_break_is_not_gone():
    assert gone_slots("kidsport is closed for spring break so grandma's got them next week") == ()
    assert gone_slots("the gym is closed for repairs") == ()
    assert gone_slots("Hadley is closed now") == ("hadley",)
