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
