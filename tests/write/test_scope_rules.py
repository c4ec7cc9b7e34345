"""Statements that look like a change but speak of something else, and the replacements found by the
departure, frame and value rules added with them. Each rule has a case it must catch and a case it
must leave alone."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from memcore.model import MemoryType as T
from memcore.write import Claim, NewRef, Turn, classify_rules, extract_rules
from memcore.write.frames import frames
from memcore.write.remainder import kept_clauses
from memcore.write.scope import bumps_other, modifier_conflict, speaks_of_other, third_party, time_boxed
from memcore.write.topics import rejected_names
from memcore.write.value_pairs import same_unit
from memcore.write.values import value_tokens

NOW = datetime(2026, 1, 7, 12, tzinfo=UTC)


def verdict(old: str, new: str, old_type: T = T.NOTE, new_type: T = T.NOTE, **kw):
    return classify_rules(Claim(NewRef(0), new, new_type, **kw), Claim("m-old", old, old_type))


@pytest.mark.parametrize(("old", "new"), [
    ("Trash pickup on our street is Tuesday.", "Because of the holiday, trash pickup is Wednesday this week."),
    ("Sarah runs the Monday planning meeting.",
     "Sarah's on holiday until the 20th, so Ahmed will run planning for the next two Mondays."),
    ("My phone carrier is Verizon.", "My mom switched her phone over to Mint Mobile last week."),
    ("I take 20 mg of lisinopril every morning.", "My dad's doctor bumped his lisinopril up to 40 mg."),
    ("The staging database is Postgres 14.", "We upgraded the production database to Postgres 16 over the weekend."),
    ("The billing service is deployed on AWS us-east-1.", "We moved the reporting service to GCP europe-west1."),
    ("The Pro plan costs $29 a month.", "The Team plan is going up to $79 a month starting in July."),
    ("The Q3 release is targeted for September 15.", "The Q4 release target is December 1."),
    ("My flight to Boston leaves Friday at 6:10am.", "The return flight is Monday at 7:45pm."),
    ("We run Node 20 on the API servers.", "We bumped TypeScript to 5.4 on the API servers."),
    ("Our Python services use Django 4.2.", "We upgraded Celery to 5.3 across the Python services."),
    ("Our CI runs on Jenkins.", "I'm toying with the idea of migrating CI to GitHub Actions next quarter, still undecided."),
    ("The kids' school starts at 8:10 am.", "My gym changed its opening time to 5 am."),
    ("My flight to Lisbon leaves at 6:45 pm on March 3.", "Lisbon flight is March 3rd, I'm at the window."),
])
def test_a_change_about_something_else_leaves_the_old_memory_true(old, new):
    assert not verdict(old, new, change_of_mind=True).supersedes


@pytest.mark.parametrize(("old", "new"), [
    ("Trash pickup on our street is Tuesday.", "Starting this week trash pickup is Wednesday for good."),
    ("My mom's dentist is Dr. Ruiz.", "My mom's dentist is Dr. Patel now."),
    ("My flight lands at 6:40pm.", "Ugh I misread the itinerary, landing is 8:40 not 6:40"),
    ("Our MSRV is 1.70, CI pins it.", "We bumped the MSRV to 1.80 today."),
])
def test_the_guards_leave_real_changes_alone(old, new):
    assert speaks_of_other(new, old) is None
    assert verdict(old, new, change_of_mind=True).supersedes


def test_each_guard_names_its_reason():
    assert time_boxed("Just this once the class is at 7") and not time_boxed("From now on the class is at 7")
    assert third_party("My sister moved all her accounts over to Ally Bank.", "I bank with Chase.")
    assert not third_party("My sister and I moved our accounts to Ally.", "I bank with Chase.")
    assert bumps_other("We bumped TypeScript to 5.4", "We run Node 20") and not bumps_other(
        "We bumped Node to 22", "We run Node 20")
    assert modifier_conflict("the production database is on 16", "The staging database is 14") == "databas"
    assert speaks_of_other("the production database is on 16", "The staging database is 14") == "about another database"
    v = verdict("The staging database is Postgres 14.", "We upgraded the production database to Postgres 16.")
    assert not v.supersedes and v.reason == "looks like a change, but it is about another database"
    assert modifier_conflict("the miller wedding is june 21", "The miller-okafor wedding is june 14") is None
    assert speaks_of_other("This week only my brother is walking the dog", "I walk the dog at 6:30") == (
        "a time-boxed exception")


@pytest.mark.parametrize(("new", "name"), [
    ("ADP's contract ended and Rippling runs our payroll now.", "adp"),
    ("Meetup's in the library from now on, the Brewhouse closed.", "brewhouse"),
    ("Dr. Chen moved out of state, so my PCP is Dr. Ramirez now.", "chen"),
    ("Orders go through Farmtek now since AgriSupply stopped carrying the 6 mil.", "agrisupply"),
])
def test_a_name_that_closed_left_or_ended_is_rejected(new, name):
    assert name in rejected_names(new)


def test_a_place_closed_for_a_while_is_not_gone():
    assert "brewhouse" not in rejected_names("The Brewhouse closed early on Sunday for a private party.")


@pytest.mark.parametrize(("text", "words", "value"), [
    ("Rippling runs our payroll now.", ("payroll",), "rippling"),
    ("Our greenhouse film comes from AgriSupply Co.", ("greenhouse", "film"), "agrisupply co"),
    ("Priya Raman is night charge now", ("night", "charge"), "priya raman"),
    ("For swaps I go through the night charge nurse, Dolores Fenwick.", ("night", "charge", "nurse"), "dolores fenwick"),
    ("Regionals venue changed, it's at the Salt Lake City comp wall now", ("regionals", "venue"), "salt lake city"),
    ("we signed with Maletis Beverage for Portland", ("portland",), "maletis beverage"),
])
def test_new_slot_frames(text, words, value):
    assert (words, value) in [(f.words, f.value) for f in frames(text)]


@pytest.mark.parametrize(("old", "new"), [
    ("Our bookkeeper is Hollis & Co.", "Brightline is our bookkeeper now."),
    ("Our payroll provider is ADP.", "Rippling runs our payroll now."),
    ("Our primary wholesaler is McKesson.", "Contract flipped, Cardinal Health is primary now."),
    ("We order parts mainly through QBP.", "Parts ordering is all through BTI now."),
    ("Our fine-art shipper for loans has been Atelier 4.", "Going forward loans go with Masterpiece International."),
])
def test_a_new_name_in_the_same_slot_replaces_the_old_one(old, new):
    v = verdict(old, new)
    assert v.supersedes and v.decided_by == "slot"


def test_a_named_slot_outranks_a_number_changed_with_it():
    """The phone number changed too, but the plumber changed: the old memory goes whole (not narrowed)."""
    v = verdict("For plumbing emergencies our go-to is Rapid Rooter, 555-0142.",
                "All plumbing now goes to Kowalski & Sons, 555-0199, they have a 24h line")
    assert v.supersedes and v.decided_by == "slot" and v.replaced == ("rapid rooter",)


def test_a_narrowed_value_change_also_drops_what_is_gone():
    v = verdict("Practices are at Vertical Edge gym, Mon/Wed/Fri 4-6.",
                "Our old gym got sold, so the team trains at Granite Works now, same days but 4:30-6:30")
    assert v.supersedes and "gym" in v.replaced


def test_values_thousands_dates_and_times():
    assert {"1,975"} <= value_tokens("it's 1,975 from August") and "975" not in value_tokens("it's 1,975 from August")
    assert "march 3" in value_tokens("Lisbon flight is March 3rd") and "3rd" not in value_tokens("March 3rd")
    assert "15" not in value_tokens("the rsvp cutoff is may 15 now")
    assert same_unit("opens at 5 am", "starts at 8:10 am") == []  # "10 am" is part of a time, not an amount


def test_a_rent_change_without_a_currency_sign_is_caught():
    v = verdict("Birchwood two-bedrooms currently rent for $1,850 a month.",
                "Owner signed off on the increase, it's 1,975 from August for new leases on the Birchwood 2BRs")
    assert v.supersedes and "1,975" in v.reason


def test_a_sentence_without_its_i_stays_with_the_memory_before_it():
    found = [(c.type, c.content) for c in extract_rules(
        [Turn("user", "Personal note: I'm allergic to sulfa drugs. Broke out in hives from Bactrim in college.", "t1")],
        now=NOW)]
    assert len(found) == 1 and "Bactrim" in found[0][1]


@pytest.mark.parametrize(("old", "new"), [
    ("The team lead for payments is Arjun.", "The team lead for search is now Beatriz."),
    ("my manager is Priya Raman", "my skip-level manager is now Tom Becker"),
    ("Trash pickup is on Monday.", "Recycling pickup is on Thursday now."),
    ("we use MySQL for the billing service", "the new reporting service uses Postgres"),
    ("My weekly budget for groceries is $150.", "My monthly budget for eating out is $200 now."),
    ("My flight to Tokyo is on May 3.", "My flight back from Tokyo is on May 17."),
    ("The novel manuscript is about 92,000 words.", "The short story for the anthology is capped at 5,000 words."),
    ("The Henderson audit is due November 30.", "The Patel family's trust return is due September 30."),
    ("Our vet is Dr. Morales at Riverbend Animal Clinic.", "Riverbend was closed Sunday so we took Biscuit to the ER vet."),
])
def test_other_things_of_the_same_kind_stay_apart(old, new):
    assert not verdict(old, new, change_of_mind=True).supersedes


@pytest.mark.parametrize(("old", "new"), [
    ("Our dog walker is Kayla.", "kayla went back to school so we hired a new dog walker, Brett, he started monday"),
    ("The on-call lead for payments is Deepak.", "Payments on-call lead is Hannah as of this rotation, Deepak handed it off."),
    ("We use Twilio to send SMS.", "SMS traffic is 100% on MessageBird as of the cutover last night."),
    ("The team offsite is in Lake Tahoe.", "Offsite location changed to Sonoma because of the snow forecast."),
    ("My MacBook is on macOS Ventura.", "Updated the MacBook to Sonoma over the weekend."),
    ("Our team has 8 engineers.", "With the two new hires last week we're at 10 engineers."),
    ("Our anniversary dinner reservation is at 7 pm on Saturday.",
     "Restaurant could only do 8:30 so I took it, Saturday dinner is at 8:30 now."),
    ("I get my groceries delivered by Instacart.", "cancelled instacart, doing Walmart+ delivery for groceries now"),
    ("Our starter plan is priced at $19/month.", "We repriced the starter plan to $24/month."),
    ("The meeting room is B204.", "sorry, typo earlier - meeting room is B240"),
])
def test_implicit_replacements(old, new):
    assert verdict(old, new).supersedes


def test_a_past_event_today_is_not_a_temporary_note():
    found = extract_rules([Turn("user", "First payroll on Gusto went out today and the ADP account is closed.", "t1")],
                          now=NOW)
    assert [c.type for c in found] == [T.NOTE]
    still = extract_rules([Turn("user", "The gym is closed today because of a burst pipe.", "t1")], now=NOW)
    assert [c.type for c in still] == [T.TEMPORARY]


def test_could_only_is_not_hypothetical():
    from memcore.write.topics import hypothetical

    assert not hypothetical("Restaurant could only do 8:30 so I took it")
    assert hypothetical("We could move the offsite to Sonoma")


@pytest.mark.parametrize(("old", "new"), [
    ("Payroll at the shop is done in ADP.", "Gusto has handled our payroll since the start of the year."),
    ("Hartwell & Co. does our bookkeeping.", "Our bookkeeping is handled by Bright Ledger now."),
    ("GreenScape does our lawn care.", "fired greenscape, the neighbor's kid mows for us now"),
    ("Our team tracks bugs in Jira.", "we're all on Linear now, jira got shut off friday"),
    ("My manager is Sarah Chen.", "I report to David Okafor now after the reorg."),
    ("Kelly is the PTA treasurer.", "pta elected a new treasurer last night, it's Omar now"),
    ("Alex is the tech lead on the payments team.", "Jamie took over as payments tech lead when Alex moved to infrastructure."),
    ("I weigh 190 pounds.", "Down to 176 lbs as of this morning's weigh-in!"),
    ("Daycare costs us $1,200 a month.", "Daycare tuition is $1,350 a month for the new school year."),
    ("Our office is at 500 Market Street.", "We've relocated the office to 88 Harbor Blvd, 2nd floor."),
    ("Our Wi-Fi router is a Netgear.", "Oops, I checked and the router is actually a TP-Link."),
    ("We plan to hold the company retreat in Lake Tahoe.", "Retreat's going to be in Asheville now, Tahoe fell through."),
])
def test_more_implicit_replacements(old, new):
    assert verdict(old, new).supersedes


@pytest.mark.parametrize(("old", "new"), [
    ("The store opens at 9am on weekdays.", "The store now closes at 8pm instead of 7pm on weekdays."),
    ("The farmers market opens at 7am on Saturdays.", "The holiday craft market in December opens at 10am."),
    ("My flight to Chicago leaves at 3:45pm on Friday.", "Just confirming, the Chicago flight departs at 15:45 on Friday."),
    ("We use GitHub Actions for CI.", "We added a Jenkins job on top of that for the nightly hardware tests."),
    ("The invoice to Greenleaf is for $4,500.", "The Greenleaf invoice's due date is now the 30th instead of the 15th."),
    ("Project Atlas is due at the end of June.", "Project Beacon's deadline got pushed to August."),
    ("My personal checking account is at Wells Fargo.", "I moved my business account over to Mercury last month."),
])
def test_more_look_alike_changes(old, new):
    assert not verdict(old, new).supersedes


def test_a_loaner_called_x_today_is_still_temporary():
    found = extract_rules([Turn("user", "my ThinkPad is in repair, so today I'm on a loaner MacBook called mbp-7", "t")],
                          now=NOW)
    assert [c.type for c in found] != [T.NOTE]


@pytest.mark.parametrize(("old", "new"), [
    ("Our accompanist is Helen Marsh.", "Tomás Reyes is our accompanist from here on."),
    ("The project is on Unity 2022.3 LTS.", "Upgrade branch merged yesterday, we build on Unity 6 from here on."),
    ("All our logs ship to Splunk.", "log ingestion all goes to Microsoft Sentinel now, the old license ran out in June."),
    ("Detections are written in SPL.", "Detections are KQL from here on."),
    ("Bookings and payments for the studio run through Mindbody.", "Momence took over bookings and payments on the 1st."),
    ("Our herd vet is Dr. Lindqvist from Valley Large Animal.",
     "ended up going with Dr. Osei at Riverbend Vet, he does our herd checks every third Tuesday now."),
    ("Retainers get fabricated by Northgate Ortho Lab.",
     "retainer cases ship to Brightline Dental Lab now, the old lab's contract lapsed end of March."),
    ("For MEL questions I call maintenance control at extension 4410.", "The old extension doesn't ring through anymore."),
])
def test_replacements_from_here_on(old, new):
    assert verdict(old, new).supersedes


def test_a_statement_that_says_nothing_changes_here_changes_nothing():
    assert not verdict("Our 401k match is 4 percent.", "The Ohio sister company is moving to a 6 percent match next "
                       "year, but nothing's changing for us.", change_of_mind=True).supersedes


def test_a_hyphenated_word_is_no_negation_and_as_is_no_unit():
    v = verdict("Drop-in class is $22, the 10-class pack is $180.", "raised drop-ins to $25 as of this week")
    assert v.supersedes and kept_clauses("Drop-in class is $22, the 10-class pack is $180.", v.replaced) == (
        "The 10-class pack is $180.")
    assert same_unit("Drop-in class is $25 as of May", "Drop-in class is $22") == [("$22", "$25")]


@pytest.mark.parametrize(("old", "new"), [
    ("I run the Saturday morning 10k with the running club.",
     "Jenna from the club switched to the Sunday long-run group instead of Saturdays."),
    ("Our production database runs on Postgres 14.",
     "We moved the analytics warehouse over to ClickHouse this week; prod wasn't touched."),
    ("Our Portland store closes at 9pm.", "Starting next month our Eugene location will close at 8 instead of 9."),
    ("I use Neovim for coding.", "In grad school I was a hardcore Emacs user for years."),
    ("The plumber is coming Thursday at 10.", "Plumber texted to say he's still on for Thursday, 10am like we planned."),
    ("Our weekly team sync is Mondays at 2.", "Note to self: team sync is still Mondays at 2pm."),
    ("Standup is at 9:30 every morning.", "Standup's at 10 tomorrow only, because of the all-hands."),
    ("The clinic's weekend on-call doctor is Dr. Petrov.", "Dr. Petrov is out this one weekend, Dr. Ames is covering for him."),
])
def test_look_alikes_from_a_blind_pair_set(old, new):
    assert not verdict(old, new, change_of_mind=True).supersedes


@pytest.mark.parametrize(("old", "new"), [
    ("Our weekly team sync is Mondays at 2.", "Team sync moved to Mondays at 3pm."),
    ("I use Neovim for coding.", "Back in college I used Emacs, but I'm on VS Code now."),
    ("The hay field is 40 acres.", "looked at the survey again, the hay field is 34 acres not 40"),
])
def test_the_new_guards_leave_real_changes_alone(old, new):
    assert verdict(old, new, change_of_mind=True).supersedes


@pytest.mark.parametrize(("old", "new"), [
    ("Unit B at 14 Harbor Lane rents for $1450 a month; the tenant is Marcus Bell.",
     "Marcus signed the renewal!! it's $1525 from August on, lease runs another 12 months."),
    ("I bill $55 an hour for monthly bookkeeping work.", "New rate card went out to everyone, 65/hr starting January."),
    ("Great-grandfather Jan Kowalski was born in 1887, according to the ship manifest.",
     "It says 1889, going with the church record over the manifest."),
    ("Client Bloom Florist's books are in QuickBooks Online.", "bloom florist is on Xero as of last month"),
    ("The restaurant gets its produce from Sysco.", "we're buying all our produce direct from Greenleaf Farms now, "
                                                    "sysco contract ended last week"),
    ("Our team writes its docs in Confluence.", "fyi all docs live in Notion now, confluence is read-only until june"),
    ("The chess club's treasurer is Bill Hartley.", "Heads up, I'm the club treasurer now, Bill handed me the books."),
    ("Our infrastructure code targets Terraform 1.3.", "All our modules are pinned to Terraform 1.6 after yesterday's upgrade."),
    ("My dermatology appointment is March 12th at 2pm.", "Derm office called, they moved me to March 19th, same time."),
    ("The quarterly board meeting is on October 3rd.", "board mtg got bumped to the 10th bc half the members are away"),
    ("Our CSA share costs $450 for the season.", "CSA renewal came in at $510 this year, ugh."),
    ("My daily step goal is 8,000.", "Bumped my step goal to 10k now that the weather's nicer."),
    ("The generator holds 5 gallons of fuel.", "Checked the manual, the generator tank is actually 3.4 gallons, not 5."),
])
def test_replacements_from_a_blind_pair_set(old, new):
    assert verdict(old, new).supersedes


def test_another_team_and_a_lease_that_runs_another_year():
    assert not verdict("Our main cluster runs Postgres 14.",
                       "The analytics team upgraded their warehouse to Postgres 16 yesterday.").supersedes
    assert verdict("Garden watering hours are 6pm to 8pm.",
                   "New rule from the city water dept: watering only before 9am now").supersedes


@pytest.mark.parametrize(("old", "new"), [
    ("The app targets Android API level 33.", "tidewater targets api 34 now, merged it yesterday"),
    ("I send my weekly KPI summary every Monday to my manager, Derek Holm.",
     "Reorg finally landed. my new boss is Anjali Rao, she came over from the e-commerce side."),
    ("Daycare pickup for Yusuf is at 5:30 pm.", "daycare changed their hours, pickup is 5 sharp from now on"),
    ("I'm at the Eastside clinic Mon, Wed, Fri.", "Schedule shuffle: eastside is tues/thurs for me now"),
    ("Deadline is May 20.", "they need everything earlier for a trade show. due may 9 now"),
    ("Our programming budget for this year is $3200.",
     "We're down to $2500 for programs for the year, so the magician might have to go."),
    ("All our team's dashboards live in Tableau.", "moved the last sales dashboard over to Looker, we're fully on looker"),
    ("Our design team does all mockups in Sketch.", "figma's been the design tool since the sketch licenses ran out in jan"),
    ("My primary care doctor is Dr. Feldman.", "Had my first physical with Dr. Nasser, my new PCP, Feldman's practice closed."),
    ("The store's quarterly inventory count is on March 31.", "Inventory count got pulled up to the 28th."),
])
def test_replacements_from_the_last_blind_sets(old, new):
    kind = T.DEADLINE if old.startswith("Deadline") else T.NOTE  # an ownerless deadline takes any deadline change
    assert verdict(old, new, old_type=kind, new_type=kind).supersedes


@pytest.mark.parametrize(("old", "new"), [
    ("Varsity games are Tuesday and Friday nights this season.", "JV moved their games to Thursdays this year."),
    ("My field site is Hollow Creek.", "my labmate tessa switched her site to pine ridge because of all the flooding"),
    ("Our production database runs PostgreSQL 14.", "Staging DB is on Postgres 16 now so QA can try it; prod stays where it is."),
    ("The bakery opens at 6 am.", "When my grandmother ran the bakery, it opened at 5 am so the mill workers could eat."),
    ("I use Vim for all my coding.", "I used Emacs for most of grad school."),
])
def test_look_alikes_from_the_last_blind_sets(old, new):
    assert not verdict(old, new, change_of_mind=True).supersedes


@pytest.mark.parametrize(("old", "new"), [
    ("I lead Crew 7 out of the Pinecrest station, 18 people on the roster this season.",
     "Lost two guys to the hotshot academy, so Crew 7 is at 16 now."),
    ("My Sunday puzzle for the Ledger is due to my editor Priya on March 14.", "New due date for the sunday grid is march 21"),
    ("We keep the sheet at 1.25 inches for hockey season.", "we're building the sheet up to 1.5 inches and holding it there"),
    ("Practice is Tuesdays and Thursdays at the Elmwood Skate Barn, 7 to 9pm.",
     "practices are at the Kessler Rec Center gym now, same nights same times"),
    ("My apprentice is Kyle, he's in his second year.", "Hired a new apprentice, Marisol, starts monday."),
])
def test_replacements_from_the_newest_blind_set(old, new):
    assert verdict(old, new).supersedes


@pytest.mark.parametrize(("old", "new"), [
    ("I drive Engine 4 out of Station 12 on B shift.", "Danny, my probie, got assigned to Engine 7 starting next rotation."),
    ("We bank with First Harbor Credit Union.", "If First Harbor raises their wire fees again, I'd think about moving."),
    ("Our 4-H club's president is Abby Lund.", "The 4-H club's meeting night changed to Mondays."),
    ("The Eastside library branch is open until 8pm.", "Eastside branch closes at 5 tomorrow for staff training."),
])
def test_look_alikes_from_the_newest_blind_pairs(old, new):
    assert not verdict(old, new, change_of_mind=True).supersedes


def test_the_write_trace_keeps_a_look_alike_verdict(lite):
    lite.extract("The staging database is Postgres 14.")
    report = lite.extract("We upgraded the production database to Postgres 16 over the weekend.")
    assert not report.superseded
    trace = lite.trace(report.trace_id)
    reasons = [v["reason"] for v in trace["verdicts"]]
    assert reasons == ["looks like a change, but it is about another database"]



@pytest.mark.parametrize(("old", "new", "supersedes"), [
    ("I think I'll sell the car, the insurance has gone out of control", "Decided to keep the car after all.", True),
    ("We're keeping the boat for now", "selling the boat after all, the marina fees doubled", True),
    ("I think I'll sell the car", "Decided to keep the bike after all.", False),  # another thing
    ("I think I'll sell the car", "keeping the car for now", False),  # no turn of mind
])
def test_a_plan_turned_round_after_all_replaces_the_old_plan(old, new, supersedes):
    found = verdict(old, new)
    assert found.supersedes is supersedes
    if supersedes:
        assert found.decided_by == "turned-round" and "turned round" in found.reason


@pytest.mark.parametrize(("old", "new"), [
    ("Our book club meets at Rosie's Cafe.", "the knitting group is gonna meet at the library from now on"),
    ("I edit my photos in Lightroom.", "switched my video editing to davinci resolve, premiere kept crashing"),
    ("We get milk delivered from Hillside Dairy.", "hillside was out this week so i grabbed milk at costco"),
    ("I fly Delta for work trips.", "had to book united for the chicago trip, delta was sold out"),
    ("Lani's bday is 3 june, she's hinting about wine tasting", "june roster is out, im on from the 1st to the 6th"),
])
def test_another_subject_a_sold_out_day_and_a_published_roster_leave_the_old_memory_true(old, new):
    assert not verdict(old, new).supersedes


@pytest.mark.parametrize(("old", "new"), [
    ("Our bakery's commissary kitchen is in Oakland.", "commissary is in san leandro now, way cheaper rent"),
    ("We use Slack for team chat.", "Slack is out, the team is on Teams now"),
    ("Our old truck runs the north route.", "our old truck got sold last week"),
    ("My weekend helper is Chloe, she's a star", "sad times my old helper has gone off to uni 😢 Marcus helps me now"),
])
def test_a_restated_slot_a_rejected_name_and_a_sold_thing_still_replace(old, new):
    assert verdict(old, new).supersedes


def test_a_venue_said_with_a_saints_name_is_restated_by_a_new_place_instead():
    assert [f.value for f in frames("Spring recital is at St. Mark's church hall, May 18 at 2pm.")] == ["st. mark's"]
    found = verdict("Spring recital is at St. Mark's church hall, May 18 at 2pm.",
                    "ok slight chaos: recital will be in the public library auditorium instead, same date and time")
    assert found.supersedes and "public library auditorium" in found.reason


def test_parting_ways_with_someone_rejects_them():
    assert "teddy" in rejected_names("we parted ways with teddy, too many missed emails")
    assert verdict("Our manager Teddy Voss handles bookings", "we parted ways with teddy, too many missed emails").supersedes


@pytest.mark.parametrize(("old", "new", "supersedes"), [
    ("Studying out of the Kettering review book",
     "that book was way too dense for how my brain works, doing the Lindsey Jones videos instead", True),
    ("Studying out of the Kettering review book", "that book was way too dense, but i'm sticking with it", False),
    ("I'm a physio at Stride Sports Physio, we're at 12 Harbor Street",
     "first week done at 41 Elm Road! way more parking", True),
])
def test_a_thing_given_up_for_another_and_a_first_week_at_a_new_address(old, new, supersedes):
    assert verdict(old, new).supersedes is supersedes


@pytest.mark.parametrize(("new", "old", "other"), [
    ("Bea, who rents the other bench in my shop, just bumped her setup price to $95.", "My standard setup is $75", True),
    ("Ms. Okoro got moved to room 220 after the ceiling leak, poor thing lost her bulletin board",
     "My room at Pinecrest is 114", True),
    ("Dr. Patel moved the appointment to 3pm", "My appointment is at 2pm", False),  # no her/his: the user's own
    ("Dr. Patel moved my appointment to 3pm, she was double booked", "My appointment is at 2pm", False),
])
def test_someone_named_with_a_who_clause_or_a_title_is_someone_else(new, old, other):
    assert third_party(new, old) is other
