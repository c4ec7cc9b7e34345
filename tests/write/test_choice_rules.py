"""Choices made after weighing, people in a role named in lower case, departures, and the amount and
owner rules that decide whether two values belong to one thing."""

from __future__ import annotations

from datetime import timedelta

import pytest
from rule_helpers import NOW, contents, plan_after

from memcore.model import MemoryType as T
from memcore.write import Claim, NewRef, Relation, Turn, classify_rules, extract_rules
from memcore.write.frames import frames
from memcore.write.provider_switch import switched_to
from memcore.write.scope import past_context
from memcore.write.value_pairs import same_unit


def verdict(old: str, new: str, old_type: T = T.NOTE, new_type: T = T.NOTE):
    return classify_rules(Claim(NewRef(0), new, new_type), Claim("m-old", old, old_type))


def test_a_decision_replaces_what_was_only_weighed_about_the_same_thing():
    v = verdict("Thinking of naming the boat Selkie, after the old scottish stories my gran told",
                "Final decision on the name, my grandkids voted: she's going to be 'Second Wind'", new_type=T.DECISION)
    assert v.relation is Relation.CONTRADICTORY and v.decided_by == "settled"


def test_another_choice_made_instead_replaces_a_plan_about_the_same_thing():
    plan = "We're planning the end-of-year trip to the granja educativa in limache"
    v = verdict(plan, "The limache farm doubled their price so we decided on the museo de historia natural instead",
                new_type=T.DECISION)
    assert v.relation is Relation.CONTRADICTORY and v.decided_by == "settled"
    kept = verdict(plan, "we decided on the bus company from limache for it", new_type=T.DECISION)  # no "instead"
    assert kept.relation is not Relation.CONTRADICTORY


@pytest.mark.parametrize("new", [
    "Still thinking about the name, maybe Second Wind",  # still weighing
    "Decided to repaint the hull blue this spring",  # a decision about something else
])
def test_weighing_stays_when_nothing_about_it_is_decided(new):
    v = verdict("Thinking of naming the boat Selkie, after the old scottish stories my gran told", new)
    assert v.relation is not Relation.CONTRADICTORY


def test_another_choice_made_instead_drops_the_option_weighed_just_before():
    weighed = ["Thinking of doing my independent prescriber qualification, leaning towards the keele one"]
    chosen = "ok decided! going with the university of bath course instead, distance learning suits my shifts"
    plan = plan_after(weighed, chosen)
    assert [(s.old, s.verdict.decided_by) for s in plan.supersessions] == [("m0", "plan-dropped")]
    assert not plan_after(weighed, chosen, age=timedelta(days=3)).supersessions  # not just before
    assert not plan_after(["The keele course starts in september"], chosen).supersessions  # nothing was weighed


def test_a_person_in_a_role_named_in_lower_case():
    assert [(f.words, f.value) for f in frames("My apprentice jaxon is a good kid")] == [(("apprentice",), "jaxon")]
    assert [(f.words, f.value) for f in frames("New apprentice started today, mia, first year")] \
        == [(("apprentice",), "mia")]
    assert frames("my manager really is great") == ()
    v = verdict("My apprentice jaxon is a good kid", "New apprentice started today, mia, first year, keen as mustard")
    assert v.relation is Relation.CONTRADICTORY and v.replaced == ("jaxon",)


def test_a_newcomer_named_after_her_name_and_a_company_called_something():
    v = verdict("The head chef at our restaurant is Marco.", "Our new head chef starts monday, her name's aisha")
    assert v.relation is Relation.CONTRADICTORY and v.replaced == ("marco",)
    v = verdict("Our landlord is Mr. Harris.", "Building got sold, our new landlord is some property company called Keystone")
    assert v.relation is Relation.CONTRADICTORY and v.replaced == ("mr. harris",)


def test_a_new_doctor_said_in_apposition_replaces_mine_but_not_my_sons():
    mine = verdict("My primary care doctor is Dr. Romero.", "Had my first physical with my new doc, dr. chen, she's great")
    assert mine.relation is Relation.CONTRADICTORY and mine.replaced == ("dr. romero",)
    sons = verdict("My dentist is Dr. Patel.", "my son's new dentist, dr. chen, is great")
    assert sons.relation is not Relation.CONTRADICTORY


@pytest.mark.parametrize(("old", "new", "gone"), [
    ("My insurance agent is Tom Becker.", "Tom handed off his clients, my agent is rachel at the same office now", "tom"),
    ("My personal trainer is Jake.", "Jake went to another gym so i'm training with Nicole now", "jake"),
    ("I work from the coworking at mercado da ribeira most days", "moved out of the ribeira place, now at Cowork LX",
     "ribeira"),
])
def test_someone_or_somewhere_left_behind(old, new, gone):
    v = verdict(old, new)
    assert v.relation is Relation.CONTRADICTORY and gone in v.replaced


def test_going_somewhere_else_for_a_while_is_no_departure():
    v = verdict("Lily's piano teacher is Ms. Park.", "Lily went to another party on saturday, back by 6")
    assert v.relation is not Relation.CONTRADICTORY


@pytest.mark.parametrize(("text", "name"), [
    ("very bad news, the wax was fake 😡 from now i order everything from ApiMar in Kraków", "ApiMar"),
    ("Veggies are coming from Sunridge Co-op starting this week, prices at the old place got crazy", "Sunridge Co-op"),
    ("Rocky had his first visit at Cedar Creek Animal Clinic, we're going there from now on", "Cedar Creek Animal Clinic"),
])
def test_switch_phrasings(text, name):
    switch = switched_to(text)
    assert switch is not None and switch.name == name and switch.settled


@pytest.mark.parametrize(("old", "new", "gone"), [
    ("My pharmacy is the Walgreens on 5th Ave.", "transferred all my rx to the costco pharmacy, so much cheaper",
     "walgreens"),
    ("My phone carrier is Verizon.", "ported my number to mint mobile, $15 a month lol", "verizon"),
    ("Our company uses Zoom for video calls.", "company killed our licenses, all meetings are on google meet now", "zoom"),
])
def test_a_switch_to_a_name_typed_in_lower_case(old, new, gone):
    plan = plan_after([old], new)
    assert [s.old for s in plan.supersessions] == ["m0"]
    assert gone in plan.supersessions[0].verdict.reason


def test_a_switch_told_in_the_present_replaces_the_tool_used_for_years():
    plan = plan_after(["I used TuneLab on my phone for many years"],
                      "now i switch to Verituner on ipad, it is more accurate for stretch on small pianos")
    assert [s.old for s in plan.supersessions] == ["m0"] and "tunelab" in plan.supersessions[0].verdict.reason


def test_a_plan_given_up_is_replaced():
    plan = plan_after(["i want to put sipho in swimming lessons at the pool on saturdays"],
                      "forget the pool idea, too far and too expensive. he will do soccer at the community field instead")
    assert [s.old for s in plan.supersessions] == ["m0"] and "pool" in plan.supersessions[0].verdict.reason


def test_done_somewhere_else_instead_replaces_the_old_place():
    v = verdict("My private clients always meet me at the ticket office at the bottom of hafjell, 9:45",
                "From next week private lessons meet up at gondoltoppen restaurant instead, the bottom area is chaos")
    assert v.relation is Relation.CONTRADICTORY and v.replaced == ("ticket office",)


@pytest.mark.parametrize("new", [
    "the kids eat at school instead now",  # nothing in common but the eating
    "my sister's private clients meet at the gym instead",  # someone else's
])
def test_somewhere_else_instead_leaves_another_subject_alone(new):
    old = "We eat at Luigi's every friday" if "kids" in new else "My private clients meet me at the ticket office"
    assert verdict(old, new).relation is not Relation.CONTRADICTORY


def test_the_old_one_retired_is_the_one_the_user_had_whatever_it_is_called():
    v = verdict("I pull codes with the old snap-on verus scanner, its a tank",
                "the shop retired the old handheld scanner this week, everybody's on the jpro laptops now")
    assert v.relation is Relation.CONTRADICTORY and v.replaced == ("scanner",)


def test_retiring_a_thing_is_not_the_subject_retiring():
    assert verdict("I take my car to the shop on 5th street", "the shop retired the old handheld scanner this week") \
        .relation is not Relation.CONTRADICTORY


def test_a_weight_for_each_one_does_not_replace_a_total_limit():
    assert verdict("My hive trailer is rated 750kg max", "A full double brood hive with honey is roughly 45kg each") \
        .relation is not Relation.CONTRADICTORY
    assert verdict("I'm taking lisinopril 10mg for blood pressure.",
                   "Looked at the bottle and it's 20mg lisinopril, not 10, sorry").relation is Relation.CONTRADICTORY


def test_a_switch_to_them_is_a_switch_to_the_name_said_before_it():
    plan = plan_after(["i get my 500g honey jars from Pacific Glass in auckland"],
                      "update: found a place in napier, Jarworks, 18c cheaper per jar. done, switched all my jar orders to them")
    assert [s.old for s in plan.supersessions] == ["m0"] and "Jarworks" in plan.supersessions[0].verdict.reason


def test_a_kind_of_thing_given_up_in_the_plural_rejects_the_one_named():
    v = verdict("I sell most of my honey at the hastings farmers market on sundays",
                "big decision, im done with markets, standing in the cold every sunday is killing me")
    assert v.decided_by == "rejection" and v.replaced == ("market",)


def test_leaving_for_work_is_no_departure():
    assert plan_after(["My wife Ana works at the Riverside clinic"], "ana left for work at 8 so i walked the dog") \
        .supersessions == ()


def test_a_change_of_mind_takes_the_whole_decision_back():
    plan = plan_after(["I decide to buy used Shimpo wheel from Mercari, 45000 yen"],
                      "I changed my mind. I will buy new Kato electric wheel from shop in Kyoto, 88000 yen",
                      old_type=T.DECISION)
    assert [(s.old, s.kept) for s in plan.supersessions] == [("m0", None)]


def test_scrap_that_takes_back_what_was_said_just_before():
    plan = plan_after(["planning to submit my abstract to the Benthic Ecology Meeting in mobile, alabama"],
                      "ugh scrap that conf, my travel grant only covers latin america so im submitting to COLACMAR instead")
    assert [s.old for s in plan.supersessions] == ["m0"] and plan.supersessions[0].verdict.decided_by == "correction"


def test_an_acting_holder_typed_in_lower_case_replaces_the_one_named_before():
    v = verdict("My ward manager is gemma, shes lovely but swamped",
                "shes gone on mat leave from this week, tunde is acting manager now")
    assert v.relation is Relation.CONTRADICTORY and "tunde" in v.reason


@pytest.mark.parametrize(("old", "new"), [
    ("The user pays $1,450 a month in rent.", "parking spot went up to $120/mo ugh"),  # what the amount is paid for
    ("The user's dog eats Blue Buffalo adult kibble.",
     "vet said the cat should go on a renal diet, switching her to hills k/d"),  # another animal
])
def test_a_change_for_something_else_leaves_the_old_memory(old, new):
    assert [s.old for s in plan_after([old], new).supersessions] == []


def test_no_more_someone_typed_in_lower_case_rejects_where_things_come_from():
    old = "I buy my screens from yaw at abossey okai in accra, he sends them on the VIP bus"
    assert verdict(old, "No more yaw.").replaced == ("yaw",)
    assert verdict(old, "No more sugar.").relation is not Relation.CONTRADICTORY


def test_a_new_holder_typed_in_lower_case_after_an_emoji_replaces_the_one_leaving():
    v = verdict("My receptionist is lucía gómez, she handles the booksy app and the phone",
                "Lucía's leaving to study in madrid 😢 new receptionist is carmen, starts monday")
    assert v.relation is Relation.CONTRADICTORY and "carmen" in v.reason


def test_a_holder_with_a_title_such_as_rev_is_one_name():
    v = verdict("Our minister is Rev. Alan Baird, I send him the hymn list every Tuesday",
                "Our new minister is Rev. Sione Taufa, lovely young man, starts this Sunday")
    assert v.decided_by == "slot" and "rev. sione taufa" in v.reason


def test_a_date_for_another_part_of_the_memory_leaves_its_deadline():
    assert verdict("My UDT operator licence must be renewed before 14 march, need the medical exam first",
                   "Medical appointment is booked 20 february at medicover", T.DEADLINE, T.DEADLINE).relation \
        is not Relation.CONTRADICTORY
    assert verdict("The user sees therapist Dr. Rowan every other Wednesday.",
                   "had my first session w my new therapist, we're doing weekly on mondays").relation \
        is Relation.CONTRADICTORY


def test_a_price_from_next_month_replaces_the_price():
    v = verdict("Omakase price is $145 per person, 16 courses",
                "Decided: from next month price is $165, fish costs are insane. still 16 courses", new_type=T.DECISION)
    assert v.relation is Relation.CONTRADICTORY and "$165" in v.reason


def test_a_correction_takes_back_the_memory_it_speaks_of():
    plan = plan_after(["I've booked my annual recital for 14 November, St Paul's Cathedral, 2pm",
                       "Programme so far: Bach Toccata in F, Whitlock, and I'm ending with the Widor"],
                      "change of plan, the recital will be at the Town Hall on Norma instead, same date and time")
    assert [s.old for s in plan.supersessions] == ["m0"]
    plan = plan_after(["I want to give a talk at PyCon US this year", "I think the CFP closes December 19"],
                      "correction: December 19 was last year's date. this year's CFP closes February 6, 2026")
    olds = [s.old for s in plan.supersessions]
    assert "m1" in olds and "m0" not in olds  # the date it names is in the latest memory


@pytest.mark.parametrize(("old", "new"), [
    ("Foreman on our site is Jarek Zieliński, good guy", "From monday new foreman on site, Krzysztof Nowak."),
    ("Our educational psychologist is Dr Okafor, I book her through the LA",
     "New EP for our school is Dr Fiona Hughes from after half term"),
])
def test_a_new_holder_announced_at_the_start_replaces_the_old_one(old, new):
    assert verdict(old, new).decided_by == "slot"


def test_someone_elses_new_holder_named_after_a_comma_leaves_the_users():
    assert plan_after(["Dr. Okonkwo is my dentist, been seeing her for years"],
                      "got my son set up with a new dentist today, Dr. Pellman, she only does kids").supersessions == ()


def test_a_colleague_who_moved_to_another_team_is_gone_however_it_is_typed():
    plan = plan_after(["My manager is Tom Becker."], "had my first 1:1 with my new manager Aisha today, she seems great. "
                                                    "tom moved over to the platform team")
    assert [s.old for s in plan.supersessions] == ["m0"]


@pytest.mark.parametrize(("old", "new", "replaced"), [
    ("Our office is at 200 Market Street, Suite 400.", "we moved offices, now at 15 harbor way, 3rd floor",
     "200 market street"),
    ("I live at 18 Birch Road, Austin.", "we're all moved in to the new apartment on lamar blvd 📦", "18 birch road"),
])
def test_a_new_address_typed_in_lower_case(old, new, replaced):
    v = verdict(old, new)
    assert v.decided_by == "address" and v.replaced == (replaced,)


def test_on_my_way_is_no_street():
    assert verdict("I live at 18 Birch Road, Austin.", "on my way home now, new route along the river").relation \
        is not Relation.CONTRADICTORY


def test_a_stolen_thing_is_gone():
    v = verdict("I ride a Trek road bike to work.", "my bike got stolen 😭 bought a used specialized to replace it")
    assert v.decided_by == "departed" and v.replaced == ("bike",)


def test_the_first_bags_from_a_new_roaster():
    plan = plan_after(["Our coffee shop buys beans from Red Rooster Roasters."],
                      "first bags from onyx arrived, we're officially switching roasters")
    assert [s.old for s in plan.supersessions] == ["m0"]


def test_a_price_raised_to_a_new_amount():
    v = verdict("My 1kg jar of multiflower is 48 zl at the stall",
                "Decided, raising the 1kg multiflower to 55 zl from next market", new_type=T.DECISION)
    assert v.replaced == ("48 zl",)


def test_a_safety_rule_with_an_end_expires_then():
    [(kind, _)] = contents("tweaked my A2 pulley yesterday 😬 physio said rest it this week, no climbing till monday")
    [candidate] = extract_rules([Turn("user", "physio said no climbing till monday, tweaked my A2 pulley", "t1")], now=NOW)
    assert kind is T.CRITICAL and candidate.type is T.CRITICAL and candidate.expires_at is not None
    [allergy] = extract_rules([Turn("user", "im allergic to penicillin, found out the hard way", "t1")], now=NOW)
    assert allergy.type is T.CRITICAL and allergy.expires_at is None


def test_starting_this_month_is_no_passing_note():
    assert [t for t, _ in contents("ok final - moving flour to Annapurna Mills from this month, their rep gave a good rate")] \
        != [T.TEMPORARY]


@pytest.mark.parametrize(("old", "new", "gone"), [
    ("I've used TuneLab on my phone for years for the electronic tuning",
     "bought Verituner and moved all my piano files over. not going back to tunelab, it's much better", "tunelab"),
    ("Finally buying a car!! going for a toyota yaris, 2018 one", "the yaris fell through, failed the inspection", "yaris"),
    ("I paint my models with Iwata airbrush, very old one from 1998",
     "Iwata is broken finally, nozzle cracked. I bought new GSI Creos PS-770", "iwata"),
    ("Imran is my head baker, 6 yrs with me", "Imran got a job in dubai, last day was saturday", "imran"),
    ("My daughter Mia is 7 and we use Kumon for her maths tutoring",
     "switched mia to mathnasium, kumon was too repetitive", "kumon"),
    ("Home insurance is with State Farm.", "the Lemonade policy kicked in on the 1st, state farm is cancelled", "farm"),
    ("The user's daughter takes 5 ml of Zyrtec at bedtime.", "pediatrician switched her from zyrtec to claritin", "zyrtec"),
    ("The user's son has piano lessons with Mrs. Greer.", "mrs greer stopped teaching so he goes to mr huang now", "greer"),
    ("The user's direct report is Kevin Liu.", "kevin transferred to the sales team, so i'm managing ana now", "kevin"),
    ("The user's mortgage is with Wells Fargo.", "refinanced the house thru rocket, wells fargo's out of the picture", "fargo"),
])
def test_rejected_however_it_is_typed(old, new, gone):
    v = verdict(old, new)
    assert v.decided_by == "rejection" and gone in v.replaced


@pytest.mark.parametrize("new", [
    "had to take Biscuit to the emergency vet at 2am sunday, westside was closed obviously",  # closed that night
    "westside was too busy to see him today so we waited",  # a passing complaint names no verdict on them
    "Westside was too busy to see him today so we waited",
])
def test_a_passing_state_typed_in_lower_case_rejects_nothing(new):
    assert verdict("Our vet is Westside Animal Hospital.", new).relation is not Relation.CONTRADICTORY


def test_broken_alone_is_not_replaced():
    assert verdict("I paint my models with Iwata airbrush", "Iwata is broken, sending it for repair").relation \
        is not Relation.CONTRADICTORY


def test_broken_said_alone_heads_what_replaces_it():
    assert contents("Iwata is broken finally, nozzle cracked. i bought new GSI Creos PS-770, very smooth") \
        == [(T.NOTE, "Iwata is broken finally, nozzle cracked. I bought new GSI Creos PS-770, very smooth")]


def test_promoted_to_a_role():
    assert [(f.words, f.value) for f in frames("Deepak is promoted to head baker now")] == [(("head", "baker"), "deepak")]


def test_from_now_on_it_comes_from():
    switch = switched_to("From now on bait comes from Kaimai Seafoods, talked to their guy Rewi")
    assert switch is not None and switch.name == "Kaimai Seafoods" and switch.settled


@pytest.mark.parametrize(("old", "new"), [
    ("Our team standup is at 9:30 every weekday.", "fyi standup's at 10 from now on, boss wants ppl to commute"),
    ("Kevin Walsh is our landlord.", "building got sold, new landlord is some property mgmt company called keystone"),
    ("I take spin classes at CycleBar on Saturdays.", "gave up spin, doing saturday pilates at the Y instead"),
    ("Grandma watches the kids on Fridays.", "we enrolled the kids in friday aftercare since grandma moved to arizona"),
    ("My wife drives a silver Subaru Outback.", "wife finally got her new car, a blue ioniq 5, the outback's sold"),
    ("Our dog Biscuit sees Dr. Romero at Oakridge Animal Clinic.", "took biscuit to his new vet at riverbend today"),
    ("My car insurance is with Geico.", "just signed up with progressive, canceled the old policy this morning"),
    ("Our book club meets at Rosie's Cafe.", "book club's permanently moving to the library, the cafe closed for good"),
    ("My therapist is Dr. Kim.", "started with my new therapist marcus today, dr kim's moving out of state"),
    ("Alan is my manager.", "reorg happened, i report to stephanie now"),
    ("My boss gareth is driving me mad with this audit",
     "big change at work, we've got a new chief pharmacist, Priya Nair, started monday. i report to her directly now"),
    ("The weekly lawn service costs $45.", "lawn guy's new rate is 55 a week, he sent the notice"),
    ("I use a Chase Sapphire card as my main credit card.", "amex gold is my main card now, cut up the sapphire"),
    ("We get maida and atta from Shree Ganesh Traders.", "ok final - moving flour to Annapurna Mills from this month"),
    ("I climb at Vertical Edge gym.", "got a membership at boulder barn, way closer to the new place. cancelled the old one"),
    ("I work out at Planet Fitness.", "cancelled my membership and joined the ymca, they have a pool!"),
    ("I pay for Spotify Premium.", "switched to apple music, the family plan made more sense"),
    ("Our office cleaning service costs $400 per month.", "new cleaning contract signed, 475/mo but they do the windows too"),
    ("I live at 18 Birch Road, Austin.", "we're all moved in to the new apartment on lamar blvd 📦"),
    ("For years i sell honey on sundays at the Tlacolula market",
     "too far with the bus so now i moved my stall to the El Pochote organic market, fridays and saturdays"),
    ("Go club is monday evenings at the burnaby community centre, 7pm",
     "go club has a new home, the bob prittie library, room B. same time"),
    ("Duck breast main is £18 on the menu, food cost around £6.10", "head chef put the duck up to £21, new menus printed"),
    ("I do 3 x 12.5hr shifts a week, usually tues wed and sat", "ugh rota changed, from next month im on mon thurs and fri"),
    ("Sharon and me thinking a week in bali for our 25th anniversary in october",
     "nah scratch that, sharon vetoed it, she hates flying. we're doing the train to sydney instead"),
    ("The user takes 20 mg of lisinopril daily.", "doc bumped my bp med up to 40mg"),
    ("Marco is the head chef at our restaurant.", "promoted ana to head chef after marco quit"),
    ("Priya Shah is my secondary this rotation.", "my secondary is out sick all week, Jonas swapped in so he's my backup now"),
    ("My supervisor is dr morales, very old school, wants everything printed",  # left for another place
     "news!! my supervisor left for concepción. i now officially have dr anja kessler as supervisor"),
    ("my main yanagiba is a Masamoto 270, had it 15 yrs",  # "retired it": the thing just named
     "dropped it in the sink, tip chipped bad, retired it. new one is a Sakai Takayuki 300mm"),
])
def test_replaced_in_everyday_words(old, new):
    assert [s.old for s in plan_after([old], new).supersessions] == ["m0"]


@pytest.mark.parametrize(("old", "new"), [
    ("My life insurance policy is with Northwestern Mutual.", "switched home insurance to state farm, saved like 300"),
    ("Emma's piano lessons are Tuesdays at 4pm with Mrs. Alvarez.", "no piano this tuesday, mrs alvarez is out sick, back next week"),
    ("My son's knee brace is from Ortho Plus.", "my son's left knee hurts after practice"),
    ("Our band practices Tuesdays at 7pm in Kenji's garage.", "We booked a gig at The Blue Note on March 22 at 9pm"),
    ("I work tues and thurs at the clinic", "swim squad moved to mon wed and fri from next month"),
    ("We run Node 20 on the API servers", "we bumped TypeScript to 5.4 last week"),
])
def test_still_true_in_everyday_words(old, new):
    assert not plan_after([old], new).supersessions


def test_an_hour_from_now_settles_nothing():
    switch = switched_to("an hour from now i get my order from ApiMar")
    assert switch is None or not switch.settled


def test_the_same_amount_in_other_words_is_no_change_so_the_changed_one_is_replaced():
    assert same_unit("5 hr package is now 22,000 pesos", "my standard wedding package is 5 hours, 18,000 pesos") \
        == [("18,000 pesos", "22,000 pesos")]
    v = verdict("My standard wedding package is 5 hours, 18,000 pesos incl. sound + basic lights",
                "From january prices go up, 5 hr package is now 22,000 pesos")
    assert v.replaced == ("18,000 pesos",)


def test_an_hourly_rate_is_an_amount_per_hour():
    assert same_unit("bumped my hourly rate to $95 for all clients", "I charge $85 per hour for bookkeeping") \
        == [("$85 per hour", "$95")]
    # a retainer by the month is not the hourly rate
    assert same_unit("bumped the retainer to $4500 a month, same hour cap", "For new clients my hourly rate is $95.") == []


def test_whose_dose_it_is():
    mine = verdict("The user takes 20 mg of lisinopril daily.", "doc upped my bp med to 40mg")
    assert mine.relation is Relation.CONTRADICTORY
    dads = verdict("The user takes 20 mg of lisinopril daily.", "doc bumped my dad's metformin up to 1000mg")
    assert dads.relation is not Relation.CONTRADICTORY
    rent = verdict("User's rent is $1,850 a month.", "parking spot went up to $120/mo, ridiculous")
    assert rent.relation is not Relation.CONTRADICTORY  # "User's rent" names its owner


def test_what_was_true_before_a_move_is_the_past():
    assert past_context("before we moved here my doctor was a guy named Dr. Feld")
    assert not past_context("we moved here in may and my doctor is Dr. Feld now")


@pytest.mark.parametrize(("text", "expected"), [
    ("doing a roadside callout near dalby this arvo, so keep replies short", [T.TEMPORARY]),
    ("repair shop says ready friday. till then i borrow zbyszek's, he is my neighbour", [T.DEADLINE, T.TEMPORARY]),
    ("this week im on the day rotation so 6am to 6pm, normally im on nights 18-06", [T.TEMPORARY, T.NOTE]),
    # the reason for this week's checks is part of them
    ("there's a chickenpox case in form 2 so this week i'm checking every child in that class", [T.TEMPORARY]),
])
def test_how_long_it_holds(text, expected):
    assert [t for t, _ in contents(text)] == expected


def test_an_order_that_opens_with_do_not_is_no_question():
    assert [t for t, _ in contents("do NOT ever put coriander in anything you suggest for me, tastes like soap. "
                                   "genetic thing apparently")] == [T.CRITICAL]
    assert contents("don't you think it's late") == []


def test_something_asked_of_me_for_this_week_is_still_ahead():
    assert [t for t, _ in contents("this week they asked me to also come thursday afternoon to pack hampers")] \
        == [T.TEMPORARY]


def test_a_cheer_after_the_news_is_not_part_of_it():
    [(kind, text)] = contents("we changed the reception venue to the barn at willow creek!! so excited")
    assert kind is T.NOTE and text.endswith("willow creek!!")
