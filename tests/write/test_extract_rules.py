"""The rule extractor: one group of tests per rule, plus what it must drop."""

from __future__ import annotations

from datetime import UTC, date, datetime, timedelta

import pytest

from memcore.errors import InvalidInput
from memcore.model import MemoryType as T
from memcore.write import Turn, extract_rules

NOW = datetime(2026, 1, 7, 12, tzinfo=UTC)  # a Wednesday


def one(text: str, role: str = "user"):
    out = extract_rules([Turn(role, text, "t1")], now=NOW)
    assert len(out) == 1, [c.content for c in out]
    return out[0]


def none(text: str) -> None:
    out = extract_rules([Turn("user", text, "t1")], now=NOW)
    assert out == [], [(c.type, c.content) for c in out]


@pytest.mark.parametrize("text", [
    "I prefer a FastAPI backend for all my services.",
    "I like Tailwind for styling.",
    "I'd rather get concise answers.",
    "Please always answer with code first.",
    "My favourite editor is Helix.",
    "I really don't like dark mode.",
    "Keep answers short and practical.",
])
def test_preferences(text):
    c = one(text)
    assert c.type is T.PREFERENCE and c.rule == "preference"
    assert c.importance == pytest.approx(0.7) and c.source_ref == ("t1",)


@pytest.mark.parametrize("text", [
    "Never use semicolons in our JavaScript.",
    "Don't deploy on Fridays.",
    "Do not add new dependencies without asking.",
    "Avoid global state in the UI code.",
    "All endpoints must require authentication.",
    "Constraint: never log user secrets or tokens.",
])
def test_constraints(text):
    assert one(text).type is T.CONSTRAINT


@pytest.mark.parametrize("text", [
    "Under no circumstances force-push to main.",
    "This is critical: back up before every migration.",
    "I'm severely allergic to peanuts.",
    "You must always ask before deleting files.",
    "Hard constraint: do not use Azure for this project, ever.",
    "super important: the salsa macha has peanuts in it.",
])
def test_critical(text):
    c = one(text)
    assert c.type is T.CRITICAL and c.is_critical and c.importance >= 0.9


def test_emphasis_sentence_upgrades_the_previous_memory():
    out = extract_rules([Turn("user", "Never commit API keys to the repository. This is critical.", "t1")], now=NOW)
    assert [(c.type, c.content) for c in out] == [(T.CRITICAL, "Never commit API keys to the repository.")]
    assert out[0].rule == "constraint+emphasis"


@pytest.mark.parametrize("text", [
    "We decided to use Redis for sessions.",
    "Let's go with Vite for the build.",
    "We'll use Terraform for infrastructure.",
    "We're switching to pnpm.",
    "Use Next.js instead of React.",
])
def test_decisions(text):
    assert one(text).type is T.DECISION


@pytest.mark.parametrize("text", [
    "I made a mistake: I ran the migration against prod.",
    "That was wrong, the cron runs at 2am.",
    "The bug was caused by a stale cache.",
    "Lesson learned: always pin dependency versions.",
    "A past deployment failed because the .env file was missing.",
])
def test_mistakes(text):
    assert one(text).type is T.MISTAKE


@pytest.mark.parametrize("text, due", [
    ("The report is due by Friday.", date(2026, 1, 9)),
    ("The demo is due March 3.", date(2026, 3, 3)),
    ("The deadline is 2026-12-01.", date(2026, 12, 1)),
    ("I need to send the slides next Tuesday.", date(2026, 1, 13)),
    ("Submit the visa form before 2/14.", date(2026, 2, 14)),
])
def test_deadlines_get_expiry_from_the_date(text, due):
    c = one(text)
    assert c.type is T.DEADLINE and "deadline" in c.tags
    assert c.metadata["due"] == due.isoformat()
    assert c.expires_at == datetime(due.year, due.month, due.day, tzinfo=UTC) + timedelta(days=1)


@pytest.mark.parametrize("text, kind", [
    ("I order all my tanning chemicals from Marlowe Hide Co, usually ships in 3 days", T.NOTE),  # a lead time
    ("Dumpsters come from Rolloff Rick's, 2 day turnaround", T.PROJECT),
    ("The release ships in 3 days", T.DEADLINE),
    ("pork prices went up, new menus printed today with the carnitas plate at $15.25", T.NOTE),  # done today
    ("also the mole negro has peanuts and sesame", T.NOTE),  # was no memory at all
    ("for production only use the read replica", T.PREFERENCE),  # "for X only" names a scope, not a day
])
def test_lead_times_things_done_today_and_plain_attributes(text, kind):
    assert one(text).type is kind


def test_deadline_word_without_a_date_has_no_expiry():
    c = one("The deadline for the grant is end of Q3.")
    assert c.type is T.DEADLINE and c.expires_at is None


@pytest.mark.parametrize("text", [
    "I want to learn Rust this year.",
    "I'm studying for the CKA exam.",
    "I'm trying to get better at SQL window functions.",
    "I've been learning Japanese on weekends.",
])
def test_learning_goals(text):
    assert one(text).type is T.LEARNING_GOAL


@pytest.mark.parametrize("text", [
    "Our project uses Django.",
    "The repo is github.com/acme/widgets.",
    "The API runs on port 8443.",
    "This project is the Ledgerly invoicing tool.",
    "We deploy on Alibaba Cloud.",
])
def test_project_facts(text):
    assert one(text).type is T.PROJECT


@pytest.mark.parametrize("text", ["I need to update the onboarding docs.", "TODO: rotate the webhook secret.",
                                  "Remind me to email Sam."])
def test_tasks(text):
    assert one(text).type is T.TASK


@pytest.mark.parametrize("text", [
    "Temporary note: the staging server is down today only.",
    "I'm in a meeting this afternoon.",
    "Right now I'm debugging the payment webhook.",
    "Temporarily, the staging database is read-only.",
    "Note: the VPN is flaky this morning.",
    "they're fully booked so just for this one small product launch i'm using BeamBox",
])
def test_temporary_notes_expire_after_one_day(text):
    c = one(text)
    assert c.type is T.TEMPORARY and c.expires_at == NOW + timedelta(days=1)


@pytest.mark.parametrize(("text", "day"), [
    ("just this thursday we start at 7am, the stage is booked for ADR in the afternoon", date(2026, 1, 8)),
    ("for saturday's stream only i'm recoloring the hero sprite with ENDESGA 32", date(2026, 1, 10)),
    ("Kestrel's down for maintenance this week only, so i'm running small stuff on my laptop", date(2026, 1, 11)),
    ("sprained my wrist at netball on sat so this wk im just on the register, no cutting til its healed",
     date(2026, 1, 11)),
    ("For the next fortnight my sister Anjali and her boys are staying with us while their kitchen is refitted",
     date(2026, 1, 21)),
    ("i'm off work for a fortnight with my back", date(2026, 1, 21)),
    ("This fortnight, though, I'm working out of the Wythenshawe health centre because a pipe burst at Didsbury",
     date(2026, 1, 18)),
    ("These two weeks my tractor is broken, so I borrow the tractor of my neighbour Sr. Armando.", date(2026, 1, 21)),
])
def test_a_temporary_note_for_a_named_day_or_week_lasts_through_it(text, day):
    c = one(text)
    assert c.type is T.TEMPORARY and c.expires_at == datetime(day.year, day.month, day.day, tzinfo=UTC) + timedelta(days=1)


@pytest.mark.parametrize("text, kind", [
    ("Use PostgreSQL for storage.", T.DECISION),
    ("Deploy on AWS.", T.DECISION),
    ("Use a dark UI.", T.PREFERENCE),
    ("Dark mode please.", T.PREFERENCE),
])
def test_imperative_and_short_choices(text, kind):
    assert one(text).type is kind


def test_profile_facts():
    c = one("My name is Dana.")
    assert c.type is T.FACT and c.rule == "profile" and "Dana" in c.entities


@pytest.mark.parametrize("text", [
    "Hi there!", "thanks, that helps", "What's the difference between Vue and Svelte?", "lol", "ok",
    "Let's go with that.", "How do I squash commits?", "The weather is lovely today.", "Bye for now",
    "Is Django better than Flask?",
])
def test_questions_greetings_and_chit_chat_are_dropped(text):
    none(text)


@pytest.mark.parametrize("text", [
    "Coffee down here is terrible", "The Laertes actor is a natural, it's annoying", "Farmers market was slow today",
    "My back hurts from flipping wheels", "Prob wouldnt happen till 2027 anyway if ever",
    "The sea otters were showing off today", "Whats a good grand entrance song thats not Crazy in Love",
    "Q but whats a good wax for really cold snow, its been -15 out",
    "My feet are killing me, what nursing shoes do people actually like",
    "Pls make me a quick checklist for onboarding a new intern, nothing fancy",
    "Anyone know a good mechanic in Tulum? my jeep is dying",
])
def test_passing_remarks_and_questions_without_a_question_mark_are_dropped(text):
    none(text)


@pytest.mark.parametrize("text", [
    "Gas bill was killing me, everything's cone 6 oxidation in the electric kiln now",  # a clause that says more
    "Ugh my assistant quit to take a job in boise.",  # "ugh" opens a statement
    "Our field is turf so it's brutal in august",
    "Mrs Nowak was nice about it but i redid it for free, ouch",
    "Employee parking is garage C, which is by the ER",
    "My daughter wants a hamster, talk me out of it",
])
def test_a_remark_with_a_fact_beside_it_is_kept(text):
    assert one(text).content


@pytest.mark.parametrize("text", [
    "did 6 transects at Sandpiper Reef today, permit finally came through",
    "had a first call with Julian Otero, he's the new AD at little finch",
    "ok did it, raising to $70/hr for all new clients starting this month",
])
def test_a_past_tense_without_its_i_is_no_question(text):
    assert one(text).content


@pytest.mark.parametrize("text", ["did you see the game", "had anyone called about the leak", "did it rain there"])
def test_did_and_had_before_a_subject_ask_a_question(text):
    none(text)


def test_assistant_turns_are_ignored_by_default():
    turns = [Turn("assistant", "I prefer to use Django.", "a1"), Turn("user", "I prefer Flask.", "u1")]
    out = extract_rules(turns, now=NOW)
    assert [c.content for c in out] == ["I prefer Flask."]
    assert extract_rules(turns, now=NOW, roles={"assistant"})[0].source_ref == ("a1",)


def test_polite_standing_request_in_question_form_is_kept():
    c = one("Could you always answer in British English from now on?")
    assert c.content == "Always answer in British English from now on."


def test_statement_before_a_tag_question_is_kept():
    assert one("I'm using Postgres 16 for this, is that OK?").content == "I'm using Postgres 16 for this."


def test_what_the_user_tells_before_an_emoji_and_a_question_is_kept():
    c = one("i'm all about natural wines and mezcal 🤤 oaky california chardonnay??")
    assert c.content == "I'm all about natural wines and mezcal" and c.type is T.PREFERENCE
    none("can you help me out 😅 what do i even pack for a week??")  # a question before the emoji too


def test_hearsay_clause_is_dropped():
    assert one("My coworker swears by Angular but I prefer Vue.").content == "I prefer Vue."


@pytest.mark.parametrize("text", [
    "everyone says i'm too cheap, so from this season its €9.50 a jar",
    "my friend said Vue is great, so I'm trying it on the new app",
])
def test_what_the_user_does_about_hearsay_is_kept(text):
    assert one(text).content == text[0].upper() + text[1:]


@pytest.mark.parametrize("text", [
    "everyone says the market will crash, so who knows",  # nothing the user does
    "i read that oat milk is bad for you",
])
def test_hearsay_alone_is_not_kept(text):
    none(text)


def test_a_value_said_alone_after_a_correction_is_kept_with_it():
    (correction,) = extract_rules([Turn("user", "Correction, I misread it. It's 4471-290.")], now=NOW)
    assert correction.content == "Correction, I misread it. It's 4471-290."
    assert correction.metadata["corrects_previous"]
    none("It's fine.")


def test_what_a_professional_says_to_do_next_time_is_a_rule():
    assert one("vet said next time give them a good feed of hay in the morning before they go out").type \
        is T.CONSTRAINT


@pytest.mark.parametrize(("text", "kind"), [
    ("i'm on ferrous sulphate tablets for low iron btw, been tired for ages", T.FACT),  # a medicine in tablets
    ("rune works in oslo tues + thurs so he cant walk her those days", T.NOTE),  # a schedule of two days
    ("regular spot is king st w near spadina, mon to fri lunch", T.NOTE),  # a range of days
    ("insulin and vaccines live in the big pharmacy fridge behind the counter", T.NOTE),  # where things are kept
    ("my dog kaffe needs a walk at lunch every day, shes a border collie", T.NOTE),  # a routine that speaks of lunch
    ("for lunch i always take soup in thermos, sandwiches get squashed in my bag lol", T.NOTE),  # a habit
    ("efua is more into fabrics, she sews her own kaba and slit", T.NOTE),  # what someone close is into
    ("only the paediatric one with the measuring syringe for her", T.CONSTRAINT),
    ("water is off in our area today and tomorrow for pipe repairs, the council sent an sms", T.TEMPORARY),
    ("I drink only black coffee, no milk, no sugar.", T.PREFERENCE),  # a habit of taste, though it speaks of coffee
    ("Only paracetamol if pain.", T.CONSTRAINT),
    ("300 words maximum.", T.CONSTRAINT),
    ("He say: no ibuprofen, no aspirin, because of bleeding risk.", T.CONSTRAINT),  # a rule reported in few words
])
def test_everyday_facts_are_kept(text, kind):
    assert one(text).type is kind


@pytest.mark.parametrize("text", [
    "had lunch with my sister every day this week lol",  # a routine that is over
    "lunch was great today",
    "she is really into it lol",  # into what, it does not say
])
def test_small_talk_about_meals_is_not_kept(text):
    none(text)


def test_a_stopgap_until_something_is_restored_is_temporary_and_a_switch_this_week_is_not():
    assert one("power's been off for days so we're running on the generator until power is restored").type \
        is T.TEMPORARY
    assert one("welp company switched us to omadi this week, towbook's gone, gotta relearn everything").type \
        is not T.TEMPORARY


def test_right_now_before_a_name_is_who_it_is_not_a_passing_note():
    assert one("fish supplier right now is Hoshi Seafood, delivery tue and fri").type is not T.TEMPORARY
    assert one("im at the gym right now, back in an hour").type is T.TEMPORARY


def test_composite_preference_is_split_per_topic_group():
    out = extract_rules([Turn("user", "I prefer a FastAPI backend, React + Vite frontend, and Alibaba Cloud "
                                      "deployment.", "t1")], now=NOW)
    assert [c.content for c in out] == ["I prefer FastAPI backend.", "I prefer React + Vite frontend.",
                                        "I prefer Alibaba Cloud deployment."]


def test_same_group_items_stay_together_when_splitting():
    out = extract_rules([Turn("user", "Our stack: Next.js frontend, deployed on Vercel and Fly.io.", "t1")], now=NOW)
    assert [c.content for c in out] == ["Our stack: Next.js frontend.", "Our stack: deployed on Vercel and Fly.io."]


def test_change_announcement_marks_the_next_memory():
    out = extract_rules([Turn("user", "Actually, I changed my mind.", "t1"), Turn("user", "Use Vue.", "t2")], now=NOW)
    assert [c.content for c in out] == ["Use Vue."]
    assert out[0].change_of_mind and out[0].source_ref == ("t2",)


def test_discourse_markers_are_stripped_and_tags_entities_filled():
    c = one("Actually, use FastAPI instead of Flask for the backend.")
    assert c.content == "Use FastAPI instead of Flask for the backend."
    assert "backend" in c.tags and c.entities[:2] == ("FastAPI", "Flask")


def test_identical_statements_in_one_batch_fold_into_one_candidate():
    turns = [Turn("user", "I prefer pnpm.", "t1"), Turn("user", "I prefer pnpm!", "t2")]
    out = extract_rules(turns, now=NOW)
    assert len(out) == 1 and out[0].source_ref == ("t1", "t2")


def test_secret_sentences_are_redacted_or_dropped():
    assert extract_rules([Turn("user", "My API key is sk-abcdefghijklmnopqrstuvwxyz123, remember it.", "t")],
                         now=NOW) == []
    c = one("Never paste tokens like ghp_abcdefghijklmnopqrstuvwxyz0123 into chat.")
    assert c.type is T.CONSTRAINT and "ghp_" not in c.content and "[REDACTED_SECRET]" in c.content


def test_turn_validates_role():
    with pytest.raises(InvalidInput) as info:
        Turn("robot", "hi")
    assert info.value.field == "role"


def test_memory_fields_are_ready_for_the_store():
    fields = one("I'm severely allergic to peanuts.").memory_fields()
    assert fields["is_critical"] is True and fields["type"] is T.CRITICAL
    assert fields["metadata"]["rule"] == "critical" and fields["source_ref"] == ["t1"]


def test_emphasis_in_the_next_turn_counts_but_not_much_later():
    turns = [Turn("user", "Back up the DB before every migration.", "t1"), Turn("user", "This is critical!", "t2")]
    assert extract_rules(turns, now=NOW)[0].type is T.CRITICAL
    later = [Turn("user", "Back up the DB before every migration.", "t1"), Turn("assistant", "ok", "a"),
             Turn("user", "hmm", "t2"), Turn("assistant", "?", "b"), Turn("user", "This is critical!", "t3")]
    assert extract_rules(later, now=NOW)[0].type is not T.CRITICAL


def test_emphasis_keeps_a_temporary_note_temporary():
    c = extract_rules([Turn("user", "Temporary note: prod is frozen today. This is critical.", "t1")], now=NOW)[0]
    assert c.type is T.TEMPORARY and c.is_critical and c.expires_at == NOW + timedelta(days=1)


@pytest.mark.parametrize(("text", "kind"), [
    ("also not a fan of mushrooms at all lol", T.PREFERENCE),  # the "I'm" left out
    ("Big fan of spicy food", T.PREFERENCE),
    ("personally i'm all about natural wines", T.PREFERENCE),
    ("big goal this yr: pass the caf d licence", T.LEARNING_GOAL),
    ("Normally I work day shift, from 6:00 until 16:00, Monday to Friday.", T.PROJECT),  # a routine, not a span
])
def test_more_everyday_phrasing(text, kind):
    assert one(text).type is kind


def test_reading_something_wrong_is_a_correction_not_hearsay():
    c = one("Sorry, I read badly the message, the digits were inverted: the draught is 12.1 m, not 11.2.")
    assert "12.1" in c.content
    none("I read somewhere that pilots retire at 60.")


def test_a_past_detail_of_someone_close_is_no_hearsay_when_the_sentence_says_who_they_are_now():
    assert "efua" in one("my asst coach is auntie efua, she played in goal for the black queens back in the day "
                         "so she handles the keepers").content
    none("back in the day we used perl for everything")


def test_never_again_said_alone_closes_the_memory_before_it():
    out = extract_rules([Turn("user", "I sent the invoice to the shipping agent instead of the port authority. "
                                      "Never again.", "t1")], now=NOW)
    assert [c.content for c in out] == ["I sent the invoice to the shipping agent instead of the port authority. "
                                        "Never again."]
    none("Never again.")


def test_an_exception_for_one_job_and_a_rough_span_are_temporary():
    c = one("just for the Oak Park job I rented a dumpster from Home Depot")
    assert c.type is T.TEMPORARY
    c = one("twisted my ankle, im on crutches for like 2 weeks, doc said no running")
    assert c.type is T.TEMPORARY and c.expires_at == datetime(2026, 1, 22, tzinfo=UTC)


def test_a_time_of_day_after_until_ends_a_shift_not_a_situation():
    c = one("Normally I work day shift, from 6:00 until 16:00, Monday to Friday.")
    assert c.type not in (T.TEMPORARY, T.DEADLINE) and c.expires_at is None


def test_obsessed_with_something_is_a_preference():
    c = one("honestly im obsessed w fine line botanical stuff 🌿🌸 thats my whole vibe.")
    assert c.type is T.PREFERENCE and "fine line" in c.content
    none("obsessed, she nailed it")  # a reaction, not a taste


def test_hearsay_in_a_relative_clause_keeps_the_statement():
    assert "Kirsty Rendall" in one("The new inspector is a young woman called Kirsty Rendall, who apparently "
                                   "trained in Aberdeen.").content
    none("Apparently the ferry is late again")


def test_a_polite_request_to_keep_answers_short_is_a_standing_preference():
    c = one("can u keep ur answers short pls, like bullet points.")
    assert c.type is T.PREFERENCE and c.content == "Keep ur answers short pls, like bullet points."


@pytest.mark.parametrize("text", ["wat time does the arndale shut on sundays", "wots the best way to get there"])
def test_questions_typed_the_way_people_say_them_are_dropped(text):
    none(text)


def test_a_hyphenated_name_is_not_an_interjection():
    assert one("Ah-Jun has returned to Tainan to begin his master's degree.").content.startswith("Ah-Jun")
    assert one("Ah - we moved the shop to Leith.").content.startswith("We moved")


@pytest.mark.parametrize("text", [
    # a situation that began
    "sprained my wrist on a tree well rescue, so im on desk duty this wk, doc says 10 days",
    "My sister Ilse has arrived from Lisbon and will be staying with us for the next fortnight",
    # what holds for a span after what happened
    "flat's got a massive leak so im stayin at my cousins in bradford this week while they fix it",
    "pulled a muscle in my shoulder on the ladder 😒 on light duties this week, office only",
    "For the next two weeks the ventilation is being replaced, so I am working from my apartment in Outremont",
    # an injury that names how long it lasts
    "burned my left hand pretty bad on a punty yesterday 🤕 its bandaged for like a week so lupe is doing the gathers",
    "sprained my wrist 🙄 in a brace for 2 wks so no fondant rolling",
    "I have to use crutches for about ten days and I am on sick leave.",
])
def test_a_situation_that_names_its_span_after_what_happened_is_temporary(text):
    assert one(text).type is T.TEMPORARY


def test_a_taste_said_as_who_one_is_and_a_name_here_intro_are_kept():
    assert one("i'm a tea girl through and through ☕ masala chai specifically").type is T.PREFERENCE
    assert one("priya here, wind turbine tech based in aberdeen, mostly offshore").type is T.FACT


def test_an_example_of_the_users_own_usage_is_kept():
    assert "playtime" in one("For example, our children have playtime, not recess, and they're in Year 5.").content
    none("For example, people say the whole nine yards came from machine guns.")


def test_a_remark_after_so_does_not_hide_what_was_said_before_it():
    assert "garmin" in one("boss sorted me a garmin descent mk3 at cost tho so cant complain").content
