"""How people tell that something changed: thefts, departures, house moves, team-wide switches, corrections
that open with an apology, and the value that belongs to the same word ("starts 6:00" -> "starts 7:00")."""

from __future__ import annotations

import pytest
from rule_helpers import NOW, contents, plan_after

from memcore.model import MemoryType as T
from memcore.write import Turn, extract_rules
from memcore.write.topics import rejected_names


@pytest.mark.parametrize(("text", "name"), [
    ("Somebody stole the Romet from in front of the shop, lock was cut.", "romet"),
    ("Switched to Formic Pro this year, Apiguard did basically nothing in that heat wave", "apiguard"),
    ("Rafael left to study engineering in Curitiba so now my niece Bia helps me", "rafael"),
    ("Graham has taken early retirement, rather suddenly.", "graham"),
])
def test_what_is_gone_is_rejected(text, name):
    assert name in rejected_names(text)


@pytest.mark.parametrize("text", [
    "Apiguard did basically nothing in that heat wave",  # a complaint, but no switch
    "Rafael left for the shop an hour ago",
])
def test_a_complaint_or_a_trip_rejects_nothing(text):
    assert rejected_names(text) == frozenset()


@pytest.mark.parametrize(("old", "new"), [
    ("I go to depot every day on my old Romet bike, is 15 minutes.",
     "Somebody stole the Romet from in front of the shop, lock was cut."),
    ("We sell most of our manuka to a co-op in tauranga called Bayhoney",
     "ok done w bayhoney, 3rd time theyve paid late. signed up w Kaimai Gold instead"),
    ("For varroa I use Apiguard, the thymol gel trays",
     "switched to Formic Pro this year, Apiguard did basically nothing in that heat wave"),
    # a helper named in the old memory leaves, although another one "helps me" now
    ("My assistant Rafael helps me carry and clean the pianos",
     "Rafael left to study engineering in Curitiba so now my niece Bia helps me, but only on Saturdays"),
    ("living in a place off vista ave w 2 roommates, its fine i guess",
     "moved!! got my own studio in garden city now, no more roommate drama"),
    ("At work I use Case CATalyst for my steno translation.",
     "I should tell you that the firm has finally moved all of us over to Eclipse."),
    ("For my realtime work I use Case CATalyst, which I know inside out.",
     "The agency has now moved everyone onto Eclipse, for licensing reasons I gather."),
])
def test_the_old_memory_is_superseded(old, new):
    plan = plan_after([old], new)
    assert [s.old for s in plan.supersessions] == ["m0"]


def test_the_new_home_does_not_count_when_it_names_the_old_street():
    plan = plan_after(["living in a place off vista ave w 2 roommates"], "moved!! new studio still on vista ave")
    assert plan.supersessions == ()


def test_a_changed_time_pairs_with_the_time_said_after_the_same_word():
    plan = plan_after(["My shift starts 6:00 in morning, so I wake up 4:45, terrible."],
                      "new rota from october. now the shift starts 7:00 and finish 19:00")
    (action,) = plan.supersessions
    assert "6:00 -> 7:00" in action.verdict.reason and action.kept is None


@pytest.mark.parametrize(("old", "new"), [
    ("My price for a standard tuning is R$ 250, with pitch raise is more",
     "ops, I wrote wrong before 🤦 standard tuning is R$ 280 since January"),
    ("My sister Eleanor has a new mobile number: 07700 900461.",
     "I do apologise; I mistyped Eleanor's number earlier. It should be 07700 900416."),
])
def test_a_correction_that_opens_with_an_apology_replaces_the_latest_memory(old, new):
    assert [s.old for s in plan_after([old], new).supersessions] == ["m0"]


def test_telling_is_no_task():
    assert contents("I should tell you that the firm has moved all of us over to Eclipse.") == [
        (T.NOTE, "The firm has moved all of us over to Eclipse.")]


def test_asking_for_a_way_of_writing_is_a_standing_preference():
    assert contents("Could I ask that you use British spelling in anything you draft for me?") == [
        (T.PREFERENCE, "Use British spelling in anything you draft for me.")]


@pytest.mark.parametrize(("text", "days"), [
    ("This two weeks we are sleeping at my mother-in-law in Nowa Huta, the workers renovate our bathroom", 14),
    ("headed out on a 14 day roll to a fire in nevada, gonna have basically no service lol", 14),
    ("off on a two-week course in Leeds", 14),
])
def test_a_stay_with_its_length_is_temporary_until_it_ends(text, days):
    (candidate,) = extract_rules([Turn("user", text, "t1")], now=NOW)
    assert candidate.type is T.TEMPORARY
    assert (candidate.expires_at.date() - NOW.date()).days == days + 1


def test_a_complaint_beside_a_switch_goes_with_what_the_switch_replaces():
    plan = plan_after(["I buy my piano strings from Mapes, I order through an importer in São Paulo"],
                      "Mapes delivery now take 2 months 🙄 impossible. So I change to Röslau strings from a German "
                      "seller, they arrive in 3 weeks")
    complaint, switch = (c.ref for c in plan.creates)
    assert {(s.old, s.new) for s in plan.supersessions} == {("m0", switch), (complaint, switch)}
    reason = next(s for s in plan.supersessions if s.old == complaint)
    assert reason.verdict.decided_by == "switch-reason" and reason.verdict.replaced == ("mapes",)


def test_a_note_of_another_message_naming_the_old_supplier_stays():
    plan = plan_after(["I buy my piano strings from Mapes", "Mapes delivery now take 2 months, impossible"],
                      "So I change to Röslau strings from a German seller")
    assert "m1" not in {s.old for s in plan.supersessions}


def test_what_stands_in_while_the_car_is_in_the_shop_is_temporary():
    (stand_in,) = extract_rules([Turn("user", "My car is in the mechanic this week so I go with Uber to the clients",
                                      "t1")], now=NOW)
    assert stand_in.type is T.TEMPORARY and stand_in.expires_at is not None
    (lasting,) = extract_rules([Turn("user", "this week we decided to go with Uber for all client visits", "t1")],
                               now=NOW)
    assert lasting.type is T.DECISION


@pytest.mark.parametrize(("old", "new", "moved"), [
    ("For Christmas I go to visit my daughter Inês in Lyon, she works there in a laboratory.",
     "Inês called: her company sends her to Montreal from October, for three years at least.", True),
    ("My brother Jake works in London.", "My boss sent him to Paris for a conference.", False),  # no name moves
    ("My daughter Inês lives in Lyon.", "Inês has moved to Lyon's old town, she loves it", False),  # the same city
    ("My daughter Inês lives in Lyon.", "Marta is moving to Porto next year", False),  # someone else
])
def test_someone_named_who_moves_city_replaces_where_they_were(old, new, moved):
    assert [s.old for s in plan_after([old], new).supersessions] == (["m0"] if moved else [])


def test_a_role_that_goes_takes_no_note_of_its_successor_with_it():
    plan = plan_after(["my assistant coach is rob delgado, he handles fitness testing"],
                      "ugh my assistant quit to take a job in boise. kendra okafor is taking over as assistant coach")
    successor = next(c.ref for c in plan.creates if "okafor" in c.candidate.content)
    assert successor not in {s.old for s in plan.supersessions}


@pytest.mark.parametrize(("old", "new"), [
    ("i work for greenline tree care, boss is called darren", "left greenline lol. started at oakridge arb on monday"),
    ("We live on Danforth Avenue, near Pape station.",
     "The move is done! We're now in a townhouse on Kingston Road in Scarborough"),
    ("I buy my butter from Lácteos Turia, good price and nice people",
     "ufff Turia delivered late 3 times this month 😤 I change to Mantequerías Albufera now"),
    ("My telephone is an old Samsung Galaxy S8.", "So the Samsung is now in the kitchen drawer."),
    ("My assistant warden this season is Jonas, a student from Bergen.",
     "Sad news here. Jonas has gone home, his mother became ill and he must be with her."),
    ("I'm flying to Cape Town on 9 May for a week-long penguin rehabilitation workshop at SANCCOB.",
     "the SANCCOB workshop has been postponed indefinitely because of avian flu"),
    ("I work nights, 19:00 to 07:00, three nights a week.",
     "So it finally happened, I've been moved to the day rotation, 07:30 to 15:30, Monday to Friday."),
    ("shift starts 4am at the bakery on kirkstall rd", "theyre movin everyone to a 5am start from monday"),
    ("The shop is closed sundays, it's my only day off",
     "from this month I don't close anymore on the weekend, my day off is tuesday now"),
    ("saving this here: my boss trevor's mobile is 0412 555 183", "oops wrong number above, trevor's is 0412 555 138"),
])
def test_more_ways_of_telling_a_change(old, new):
    assert "m0" in {s.old for s in plan_after([old], new).supersessions}


@pytest.mark.parametrize(("old", "new"), [
    ("I sing in the church choir in Fana.", "small news, the choir moved to thursdays now, same time as before"),
    ("My shift partner is Jonas.", "Jonas has gone home for the day, back tomorrow"),
    ("I work nights at the depot.", "they moved me to nights at the other depot"),  # the same shift
])
def test_look_alikes_of_those_changes_leave_the_old_memory(old, new):
    assert "m0" not in {s.old for s in plan_after([old], new).supersessions}


@pytest.mark.parametrize(("text", "kept"), [
    ("Also, a small thing about me: I drink my coffee black, no sugar, and only before noon.",
     "I drink my coffee black, no sugar, and only before noon."),
    ("We decided: from this season the hut takes no cash at all. Only card and Vipps.",
     "We decided: from this season the hut takes no cash at all. Only card and Vipps."),
    ("Our elephant cow Lammie has osteoarthritis in her left forelimb. She's on daily meloxicam.",
     "Our elephant cow Lammie has osteoarthritis in her left forelimb. She's on daily meloxicam."),
])
def test_what_goes_with_a_statement_is_kept(text, kept):
    assert [c for _, c in contents(text)] == [kept]


@pytest.mark.parametrize("text", [
    "This week my knee is swollen, I slipped on the wet gangway on Monday.",
    "this wk covering night sessions at the Magistrates' Court bc someone's on leave",
    "So I walk with a stick for some days, the doctor says nothing is broken.",
])
def test_how_things_are_this_week_is_temporary(text):
    assert [t for t, _ in contents(text)] == [T.TEMPORARY]


def test_what_was_done_this_week_is_not_temporary():
    assert [t for t, _ in contents("This week we signed with Acme for the cleaning")] != [T.TEMPORARY]


@pytest.mark.parametrize(("old", "new"), [
    ("my flat in salford is so damp the mould is literally eating my fabric stash",
     "FINALLY got the keys!! levenshulme girl now 🏠 bye bye damp"),
    ("We live in Scarborough, so my commute downtown is about fifty minutes on the subway.",
     "We closed on the house last week and are now settled in Hamilton."),
    ("Deadline for delivery is 10 May.", "the Craft Center wrote me, delivery date is extended to 24 May"),
    ("My morning shift starts 07:30, we must be at the patrol hut before the lifts open.",
     "From next week they change it, the lifts open earlier, so we start 07:00."),
])
def test_new_homes_dates_and_start_times_replace_the_old(old, new):
    assert "m0" in {s.old for s in plan_after([old], new).supersessions}


def test_a_call_this_morning_that_moves_an_appointment_carries_it_over():
    plan = plan_after(["It is on 14 November at 09:15 at the occupational health clinic in Trondheim."],
                      "the clinic phoned me this morning, one of their doctors is ill, so it is now 21 November instead. "
                      "same time, same place.", old_type=T.DEADLINE)
    (action,) = plan.supersessions
    assert action.kept == "It is on 21 November at 09:15 at the occupational health clinic in Trondheim."


@pytest.mark.parametrize(("text", "days"), [
    ("I slipped on the ice and sprained my wrist, so I cannot hold the wheel. The doctor says ten days.", 10),
    ("I cut my finger with the knife yesterday, now big bandage. Doctor says no sewing for one week.", 7),
])
def test_how_long_the_doctor_says_it_lasts_makes_it_pass(text, days):
    (candidate,) = extract_rules([Turn("user", text, "t1")], now=NOW)
    assert candidate.type is T.TEMPORARY and candidate.content == text
    assert (candidate.expires_at.date() - NOW.date()).days == days + 1


def test_a_span_said_after_a_deadline_changes_nothing():
    turns = [Turn("user", "The report is due on 20 January. The doctor says two weeks.", "t1")]
    assert [c.type for c in extract_rules(turns, now=NOW)][0] is T.DEADLINE
