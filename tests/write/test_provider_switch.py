"""A settled switch to a new provider replaces the provider named by the memory said just before it."""

from __future__ import annotations

from datetime import timedelta

import pytest
from rule_helpers import plan_after

from memcore.write.names import recased
from memcore.write.provider_switch import switched_to


def _switches(plan) -> list[str]:
    return [s.old for s in plan.supersessions if s.verdict.decided_by == "provider-switch"]


@pytest.mark.parametrize(("old", "new"), [
    ("We get our framing lumber from Hollis Lumber, account # under my name",
     "they jacked prices 18%. opened an account at Beacon Building Supply, all orders go there now"),
    ("Our weekly sales dashboard lives in Tableau Server", "licenses expired. we're fully on Looker now"),
    ("Harwell foundation gala is at the Grand Maple Hotel ballroom, Nov 9",
     "The hotel double-booked us. signed with Riverside Pavilion today, same date"),  # "the hotel": the old one
    ("I order maglocks and sensors from Kettering Props",
     "Placed the order for the new room's maglocks with Arcwright Electronics, the old place backordered me"),
    ("I order my music wire and bass strings from Pianotek, they are in Michigan.",
     "Now I buy from Schaff in Illinois, they ship faster to Canada."),
    ("I run all my bookings thru Square Appointments", "moved everything over to Vagaro, the old app kept double booking me"),
    ("for black I'm running Dynamic, it's what I learned on", "so I'm on Eternal for black now, smooth af"),
    ("In the clinic we use Qvet for the patient records.", "Since Monday the clinic changed everything to Provet Cloud"),
    ("currently working on the Beatrice wind farm up in the Moray Firth", "got moved to Seagreen!! off the angus coast"),
])
def test_a_settled_switch_replaces_the_provider_said_just_before(old, new):
    plan = plan_after(["I run a small business downtown.", old], new)
    assert _switches(plan) == ["m1"]
    assert "said just before" in plan.supersessions[0].verdict.reason


def test_where_something_comes_from_is_the_provider_before_where_it_happens():
    plan = plan_after(["I get my tanks filled at Azul Dive Center", "I'm a cave diving instructor in the Yucatan"],
                 "switched to Bluehole Fills for all my gas, the other place had a bad air test")
    assert _switches(plan) == ["m0"]


def test_a_handover_replaces_the_person_named_just_before():
    plan = plan_after(["Brightline tech offsite, my main contact is Sandra Kim (ops lead)"],
                 "she's out on maternity leave starting this week, Omar Haddad is taking over the offsite from their side")
    assert _switches(plan) == ["m0"]
    assert _switches(plan_after(["Our produce comes from Valley Fresh"], "Omar Haddad is taking over the offsite")) == []


def test_only_the_latest_provider_is_replaced():
    plan = plan_after(["I buy coffee beans from Blue Bottle", "Our produce comes from Valley Fresh, they deliver at 7am"],
                 "they shorted us again. starting next week it's Sunridge Produce, same delivery days")
    assert _switches(plan) == ["m1"]


@pytest.mark.parametrize(("old", "new"), [
    ("Our produce comes from Valley Fresh", "The Conover job got pushed, the family is moving to Tucson"),  # not ours
    ("Our produce comes from Valley Fresh", "signed with Riverside Pavilion for the spring party"),  # nothing settled
    ("Our produce comes from Valley Fresh", "we might switch to Sunridge Produce next year"),  # considered only
    ("My recordist on the stage is Hollis", "switched to Toast for the registers"),  # the old one names no provider
    ("I get my hair cut at Snipshop on Main", "switched to Larkpost for email, my old inbox was drowning in promos"),
    ("our accountant is Dana Whitcombe", "Marco Ruelas is taking over the tuesday soccer carpool"),
    ("I order dog food from Pawtry", "changed banks, we're with Stonebridge Savings now"),
    ("my yoga class is at Lotus Loft on Saturdays", "switched to oat milk from Dairyfield btw, for the grocery list"),
    ("Every Saturday we have coffee at Dot's Diner, 7am sharp",
     "This Saturday we're meeting at the Legion hall instead, the diner's closed for the weekend"),  # a one-off
])
def test_what_is_no_settled_switch_of_a_provider_replaces_nothing(old, new):
    assert _switches(plan_after([old], new)) == []


def test_the_switch_reaches_back_no_further_than_a_day():
    plan = plan_after(["Our weekly sales dashboard lives in Tableau Server"], "we're fully on Looker now",
                 age=timedelta(days=3))
    assert _switches(plan) == []


def test_a_switch_that_names_the_old_provider_is_left_to_the_other_rules():
    plan = plan_after(["Our weekly sales dashboard lives in Tableau"], "we dropped Tableau, we're fully on Looker now")
    assert _switches(plan) == [] and [s.old for s in plan.supersessions] == ["m0"]


@pytest.mark.parametrize(("text", "name", "settled", "kind"), [
    ("Switched to Stonebrook Tannery Supply this week", "Stonebrook Tannery Supply", True, "provider"),
    ("we decided to send it to The ISME Journal instead", "ISME Journal", True, "provider"),
    ("We're with GreenBin Rentals now, they recycle the drywall", "GreenBin Rentals", True, "provider"),
    ("signed with Riverside Pavilion today", "Riverside Pavilion", False, "provider"),
    ("switched everything to Toast over the weekend", "Toast", True, "provider"),
    ("I've been getting iris butter from Tessaly Aromatics since last month", "Tessaly Aromatics", True, "provider"),
    ("first week at the Millrace Hospital job done", "Millrace Hospital", True, "provider"),
    ("Omar Haddad is taking over the offsite from their side", "Omar Haddad", True, "handover"),
    ("Jun-ho is recording my sessions", "Jun-ho", False, "holder"),
    ("had a first call with Julian Otero, he's the new AD at little finch", "Julian Otero", True, "holder"),
])
def test_the_name_switched_to(text, name, settled, kind):
    switch = switched_to(text)
    assert (switch.name, switch.settled, switch.kind.value) == (name, settled, kind)


@pytest.mark.parametrize(("old", "new"), [
    ("Ana teaches Lily's ballet class", "lily's swim coach is a new guy, Coach Derrick"),  # another role
    ("I've ordered records from the Krakow archive; my research focus is the Kowalski line",
     "My cousin Ewa is doing the Nowak side of the family"),  # nothing settled
])
def test_a_new_person_in_another_role_replaces_no_one(old, new):
    assert _switches(plan_after([old], new)) == []


def test_a_handover_replaces_the_person_who_does_the_job():
    plan = plan_after(["Lyle does my gutters every fall, $120, been using him 15 years"],
                 "my gutter fella is retiring. His nephew Rafael is taking over the customers")
    assert _switches(plan) == ["m0"]


def test_a_switch_for_another_thing_still_replaces_when_it_points_back_at_the_old_provider():
    plan = plan_after(["I get my tanks filled at Azul Dive Center"],
                 "switched to Bluehole Fills for all my gas, the other place had a bad air test")
    assert _switches(plan) == ["m0"]


def test_the_rest_of_the_message_links_a_handover_to_the_job():
    plan = plan_after(["Lyle does my gutters every fall"],
                 "Got a letter, my gutter fella is retiring. His nephew Rafael is taking over the customers.")
    assert _switches(plan) == ["m0"]


@pytest.mark.parametrize(("old", "new"), [
    ("My dispatcher is Agnieszka, best in the company honestly",
     "news: agnieszka got promoted to ops manager. from monday my loads come from a new guy Rafał"),
    ("I sell online through Etsy, mostly to Germany and UK", "everything is on my own Shopify site now"),
    ("I buy my 500g jars from Vidrios Sevilla", "placed the autumn jar order with Envases Carrasco, 4000 hexagonal"),
    ("Our vet is Dr. Fairweather at Cedar Hollow", "Dr. Anselm at Brightwater Exotics is covering all our wildlife "
                                                  "cases from now on"),
])
def test_more_ways_to_say_a_switch(old, new):
    assert [s.old for s in plan_after([old], new).supersessions] == ["m0"]


def test_a_switch_for_the_next_two_weekends_is_a_one_off():
    plan = plan_after(["every saturday I sell at the Aracena market, in the plaza"],
                 "next two weekends I'm at the Feria del Jamon in Jabugo instead, better crowds")
    assert _switches(plan) == []


@pytest.mark.parametrize(("old", "new"), [
    ("internet is through Quillnet fiber", "finally switched electricity providers, we're with Voltaro now"),
    ("our wedding venue is booked at Hollowbrook Barn", "we almost went with the Grandview Hotel before the barn"),
])
def test_a_switch_of_another_service_or_one_almost_made_replaces_nothing(old, new):
    assert _switches(plan_after([old], new)) == []


@pytest.mark.parametrize(("old", "new"), [
    ("Harold's cardiologist is Dr. Feld at Mercy Heart", "Harold saw Dr. Okonkwo today, she's taking over his care"),
    ("all my roses and carnations come from Bloomfield Wholesale", "roses are all coming from Greenhaus Flowers these days"),
    ("we ring everything up on Vend, the little till on the counter",
     "finally made the jump - Shopify POS runs the counter and the website now"),
    ("all donor records and gifts go in Bloomerang", "every donor record lives in Salesforce Nonprofit Cloud now"),
])
def test_switches_said_with_the_new_one_as_subject_or_by_pronoun(old, new):
    assert _switches(plan_after([old], new)) == ["m0"]


@pytest.mark.parametrize(("old", "new"), [
    ("My parents live in Tucson.", "My in-laws live in Flagstaff, about four hours north."),
    ("Our Rotterdam warehouse runs inventory in SAP.", "The Singapore warehouse just went live on Oracle NetSuite."),
])
def test_where_something_else_lives_is_no_switch(old, new):
    assert _switches(plan_after([old], new)) == []


def test_progress_on_the_same_thing_is_no_switch():
    plan = plan_after(["to bid captain at Northwind i need 1,000 hours in type on the E175"],
                 "just logged my hours, i'm at 640 in the E175 so far")
    assert plan.supersessions == ()


def test_the_old_thing_said_to_be_dead_points_back_at_it():
    plan = plan_after(["we track freezer stocks in FreezerStock.xlsx on the shared drive"],
                 "we're on Quartzy now for inventory and ordering, the spreadsheet is dead")
    assert _switches(plan) == ["m0"]


@pytest.mark.parametrize(("old", "new"), [
    ("Ellie's my head brewer, she signs off on every recipe",
     "Marco's stepping up - from the 1st he's head brewer, recipes go through him"),
    ("if anything goes sideways on shift I flag it to Gemma, she's the charge nurse on nights",
     "gemma's moved over to days. Abdul Rahman is night charge now, seems solid"),
    ("Nora is on Aptamil First Infant Milk, we go through a tin every 4 days",
     "her reflux is a milk protein thing so we switched her to Similac Alimentum"),
])
def test_stepping_up_a_role_holder_now_and_switching_her_over(old, new):
    assert [s.old for s in plan_after([old], new).supersessions] == ["m0"]


def test_another_kind_of_the_same_role_replaces_no_one():
    assert _switches(plan_after(["my running coach is Felipe"], "my swim coach left so I've got a new one, Brigid")) == []
    assert _switches(plan_after(["I write my notes in Obsidian."], "I switched my calendar to Fantastical.")) == []


@pytest.mark.parametrize(("old", "new"), [
    ("fyi all our crowns and bridges go out to Keystone Dental Lab, their driver picks up tues/thurs",
     "called around today. starting monday every case goes to Pacific Arch Lab, their rep Dana does daily pickups"),
    ("Renee does all our insurance billing and chases the denials",
     "hired Javier! he did billing at a big ortho group. after a week of overlap he owns all the claims + denials"),
    ("all my references live in Mendeley, synced to overleaf",
     "finally imported the whole bib into Paperpile, talks to overleaf too. cancelled the old account"),
    ("for color I send everything to Maya Ostrowski, freelance colorist",
     "my colorist took a staff job, her buddy Kwame Asante who's taking over her clients will grade my stuff"),
])
def test_switches_to_where_things_go_and_people_hired(old, new):
    assert [s.old for s in plan_after([old], new).supersessions] == ["m0"]


@pytest.mark.parametrize(("old", "new"), [
    ("I use Penwise as my email client", "changed my browser to Vantage, the old one ate all my RAM"),
    ("My dentist is Dr. Park.", "My wife changed dentists, she goes to Dr. Ellison now."),
    ("Submitting a case report abstract, deadline is March 14", "It's on the Class III camouflage case from last year"),
    ("weekly standup is in the Birch room on 3rd floor", "heads up the quarterly review moved to the Cedar room"),
])
def test_a_switch_of_someone_or_something_else_replaces_nothing(old, new):
    assert _switches(plan_after([old], new)) == []


@pytest.mark.parametrize(("old", "new"), [
    ("our kinship care caseworker is Ms. Dobbs, she visits every other month",
     "new caseworker called today, Terrence Hall, he seems kind."),
    ("my roommate is Nate, we split utilities 50/50", "new roommate Leif moved in saturday, he's a line cook"),
])
def test_a_new_person_named_in_the_old_role_replaces_the_holder(old, new):
    assert [s.old for s in plan_after([old], new).supersessions] == ["m0"]


@pytest.mark.parametrize(("text", "found"), [
    ("the new menu at Luigi is great", None),  # a new thing at a place, not a new person in a role
    ("on the new android tablet I'm using TuneLab instead", ("TuneLab", "provider")),  # "I'm" names no one
    ("our new caseworker is Terrence Hall", ("Terrence Hall", "holder")),
])
def test_what_a_new_role_names(text, found):
    switch = switched_to(text)
    assert (switch and (switch.name, switch.kind.value)) == found


def test_a_departure_said_beside_the_handover_does_not_hold_it_back():
    plan = plan_after(["my cleaner for both places is Brenda's crew, she's been amazing"],
                      "brenda's retiring, her niece Tasha is taking over the business and the schedule")
    assert [s.old for s in plan.supersessions] == ["m0"]


@pytest.mark.parametrize(("old", "new"), [
    ("I always get my music wire from Mapes, sizes 13 to 20",
     "set up a trade account with Kessler Piano Supply today, their wire was so nice on that restring"),
    ("our flour comes from Ridgeline Mills, 50 lb bags, tuesday deliveries",
     "first pallet from Carver Grain Co came in this morning. account set up, deliveries on fridays"),
    ("saturdays are Hilo farmers market for me, 4 yrs now", "first saturday at the Waimea market today and WOW"),
    ("monthly garden meetings are first Thursday at 7 in the basement meeting room of the Harvey Rice branch library",
     "first Thursdays at 7 will be at St. Brendan's parish hall from now on"),
])
def test_accounts_first_deliveries_first_days_and_new_venues_are_switches(old, new):
    assert _switches(plan_after([old], new)) == ["m0"]


def test_a_venue_named_for_one_time_is_no_switch():
    plan = plan_after(["monthly garden meetings are first Thursday at 7 in the basement meeting room of the Harvey "
                       "Rice branch library"], "the holiday party will be at St. Brendan's parish hall")
    assert plan.supersessions == ()


@pytest.mark.parametrize(("old", "new"), [
    ("our team lead is Sunita", "the design team got a new lead today, Callum Reyes"),
    ("our project manager is Delphine", "the client side has a new project manager, Arturo, so our contact changed"),
    ("my mentor at work is Oluwaseun Bakare", "my intern got assigned a new mentor, Lucia Morandi"),
])
def test_a_new_person_in_someone_elses_role_replaces_no_one(old, new):
    assert plan_after([old], new).supersessions == ()


@pytest.mark.parametrize(("old", "new"), [
    ("flour order from the Bob's Red Mill guy comes every monday", "first pallet from Camas Country Mill came in today!!"),
    ("my office at Cedar Hollow Hospice has no window", "first week at St. Brigid's Home Hospice done. the garden is lovely"),
    ("I keep all my references in Mendeley", "ok spent the whole weekend moving everything into Paperpile. 1,400 refs"),
])
def test_names_that_share_only_the_kind_of_business_are_another_provider(old, new):
    assert _switches(plan_after([old], new)) == ["m0"]


@pytest.mark.parametrize(("old", "new"), [
    ("we send all our matting and framing out to Halden Framing on 3rd, they're slow but careful",
     "Corvo & Daughters is doing all our framing now, the museum signed a 2-year contract with them"),  # "our framing"
    ("been buying the oatmeal one from PawPure for years",
     "first case from Groomwell showed up today!! 3 gallons for less than what 1 cost me before"),  # "for less": no purpose
    ("our backup OB for transfers is Dr. Okafor at Mercy",
     "new backup arrangement starting this month — Dr. Lindqvist's group covers our transfers now"),
    ("I'm normally at the Grizzly hut for the morning sweep meeting",
     "new season new digs — we're running everything out of the Summit Shack at the top of Ridgeline chair now"),
    ("I'm based out of Longsight station, about 10 min on the bike", "first shift out of Didsbury today, new station"),
])
def test_more_switches_from_the_blind_sets(old, new):
    assert _switches(plan_after([old], new)) == ["m0"]


def test_a_handover_that_takes_over_from_a_date_replaces_the_holder_who_leaves():
    plan = plan_after(["Helen's our choir director, I send her the hymn list every wednesday"],
                      "Helen's last sunday is this week, she's moving to Leeds. Bernadette takes over as choir director")
    assert [s.old for s in plan.supersessions] == ["m0"]


def test_a_quoted_name_and_traffic_that_goes_on_a_new_one_now():
    plan = plan_after(["patrol radio talk group is 'Summit'"],
                      "comms guy reprogrammed all the handhelds. patrol traffic goes on Cornice now")
    assert _switches(plan) == ["m0"]


def test_another_team_with_a_new_coach_replaces_no_one():
    assert plan_after(["my son's soccer coach is Marcus Bell"],
                      "basketball team has a new coach this season, Coach Ferreira").supersessions == ()


@pytest.mark.parametrize(("old", "new"), [
    ("we bake croissants laminated with Plugra, been using it since we opened",
     "just signed a standing order w Vermont Creamery for their 83% cultured butter, 40 lbs a week"),
    ("spring concert is May 8 at 7pm in the PRHS auditorium, all 3 bands",
     "booked the Lakeview Community Church sanctuary for May 8!!! the acoustics are gorgeous"),  # the same date
    ("Dr. Alvarez at Piedmont Animal Hospital does our x-rays", "Dr. Kessler at Haw River Exotics is doing all our imaging now"),
    ("Gus the orphan possum is on Esbilac, 1 part powder to 2 parts water",
     "vet recommended Fox Valley 32/40 for Gus, started him on it this morning"),
    ("Curtis runs the Hollister Paper dedicated lane to Memphis", "Bev starts on the Hollister Paper lane monday!!"),
])
def test_standing_orders_venues_for_the_same_date_the_same_job_and_a_new_formula(old, new):
    assert _switches(plan_after([old], new)) == ["m0"]


@pytest.mark.parametrize(("old", "new"), [
    ("spring concert is May 8 at 7pm in the PRHS auditorium", "booked the Lakeview Inn for our anniversary, June 2"),
    ("Lyle handles our gutters", "Dana's running the office now"),  # another job
])
def test_a_booking_for_another_date_and_another_job_replace_nothing(old, new):
    assert _switches(plan_after([old], new)) == []


def test_a_switch_said_to_be_someone_elses_replaces_nothing():
    plan = plan_after(["The pentest for our web platform is with NCC Group, scheduled for the week of September 8."],
                      "Our sister company Lumen Health booked Bishop Fox for their pentest in October — different org, "
                      "nothing to do with us.")
    assert plan.supersessions == ()


@pytest.mark.parametrize(("old", "new"), [
    ("Trados crashed on me AGAIN mid-project.", "spent the whole weekend migrating my TMs and termbases into memoQ"),
    ("Zotero ate my pdf annotations again", "ok spent the whole weekend moving everything into Paperpile. 1,400 refs."),
    ("our drivers all run Comdata fuel cards", "spent all day on the phone getting everybody set up on the new WEX cards"),
])
def test_a_tool_complained_about_or_run_is_replaced_by_a_migration(old, new):
    assert _switches(plan_after([old], new)) == ["m0"]


def test_a_complaint_about_a_car_is_no_provider_for_an_order_of_parts():
    assert _switches(plan_after(["my Corsa's making a grinding noise when I brake"],
                                "placed an order with Brembo for new pads")) == []


def test_the_name_switched_to_drops_the_full_stop():
    assert switched_to("Spent the whole weekend moving everything into Paperpile.").name == "Paperpile"


def test_a_first_order_with_a_new_supplier_settles_the_switch():
    plan = plan_after(["I buy my key blanks from Dunmore Supply, slow but reliable"],
                      "placed my first order w Keystone Wholesale last night, box of 250 SC1s was $40 cheaper")
    assert _switches(plan) == ["m0"]


@pytest.mark.parametrize(("old", "new"), [
    ("My personal checking account is at Wells Fargo.", "I moved my business account over to Mercury last month."),
    ("I store my photos on Cloudkeep", "moved all my work docs over to Driftbox this morning"),
    ("our website is hosted on Nimbus Hosting", "we moved the domain registration over to Namewise today"),
])
def test_moving_another_thing_over_to_a_new_provider_replaces_nothing(old, new):
    assert plan_after([old], new).supersessions == ()


def test_a_day_is_no_provider():
    assert switched_to("moved the standup over to Tuesday, everyone agreed") is None


def test_a_provider_that_messed_up_is_replaced_by_a_move_of_everything_to_another():
    plan = plan_after(["Walgreens on Florin messed up my refill AGAIN. third time"],
                      "moved all my prescriptions to the Raley's pharmacy on Freeport Blvd, lady there was very kind")
    assert _switches(plan) == ["m0"]


@pytest.mark.parametrize(("old", "new"), [
    ("Boulder Barn has the best setting in town honestly but it's 40 min from campus",
     "signed up at Crux Collective today, 10 min from work. cancelled the other one"),
    ("Uber's been sending me nonstop airport pings", "my grandson set me up on Lyft and honestly pay's better. deleted the other one"),
    ("Denise has been my scopist for like 8 yrs and she's finally retiring", "Rhonda's got my scoping going forward"),
    ("lower back is wrecked from hauling lines on the Kestrel all month",
     "dispatcher called, next hitch im reporting to the Margaret J. at the port terminal"),
])
def test_the_other_one_dropped_a_holder_retiring_and_the_next_hitch(old, new):
    assert _switches(plan_after([old], new)) == ["m0"]


def test_a_name_said_first_is_a_provider_only_when_the_other_one_is_dropped():
    assert _switches(plan_after(["Boulder Barn has the best setting in town"], "signed up at Crux Collective today")) == []


def test_the_name_switched_to_drops_a_trailing_and():
    assert switched_to("my grandson set me up on Lyft and honestly pay's better").name == "Lyft"


@pytest.mark.parametrize(("old", "new"), [
    ("fyi I order all my key blanks from Keystone Supply, slow but they never mess up",
     "tried Hartwell Distributing for the first time, 30 cents cheaper. they're getting the next order and every one after that"),
    ("it's a Larsen Magnacore, been on there like 5 months",
     "put a Pirastro Perpetual A on last night and wow the whistle is just... gone. this one's staying"),
])
def test_a_first_try_that_gets_the_next_order_and_a_string_that_is_staying(old, new):
    assert _switches(plan_after([old], new)) == ["m0"]


@pytest.mark.parametrize(("old", "new"), [
    ("lettuce from Greenleaf Distributors came in brown AGAIN", "met our new produce rep from Valley Fresh today, Dale Hutchins"),
    ("I stern for Russ on the Miss Adeline out of Stonington", "first week w Jolene Pike on the Double Trouble done"),
    ("love that I can walk to work from my place in the West Loop", "finally unpacked in Logan Square!!"),
    ("sunset tours launch from Pelican Point", "starting this week sunset trips go out of Miller's Landing"),
    ("the Ledger has printed at Tri-County Press in Lisle for 20 years", "first run at Mercer Web Printing last night went smooth"),
    ("we clock in/out w the CareTime app at every visit", "agency's rolling out HHAeXchange for everybody, got new login cards"),
    ("Jolene's been doing my saturday shifts for years", "hired a new tech! Marisol, just got her license, she starts saturdays"),
    ("Keisha is my toddler room lead, been with me 6 yrs", "Tamsin starts as toddler lead monday"),
])
def test_new_reps_first_runs_moves_rollouts_and_new_hires_for_the_same_day(old, new):
    assert [s.old for s in plan_after([old], new).supersessions] == ["m0"]


def test_a_new_hire_for_another_day_replaces_no_one():
    assert plan_after(["Jolene's been doing my saturday shifts for years"],
                      "hired a new tech! Marisol, she starts tuesdays next week").supersessions == ()


@pytest.mark.parametrize(("text", "expected"), [
    ("first delivery from king arthur came in today", "first delivery from King Arthur came in today"),
    ("finally made the jump to final cut pro, never going back", "finally made the jump to Final Cut Pro, never going back"),
    ("new landlord is some property mgmt company called apex", "new landlord is some property mgmt company called Apex"),
    ("we moved payroll to gusto from adp", "we moved payroll to Gusto from Adp"),
    ("we get our flour from rogers, the bakers blend", "we get our flour from Rogers, the bakers blend"),
    ("i get my lunch from home", "i get my lunch from home"),
    # a user who capitalises names keeps their spelling; words that are no names stay lower case
    ("first delivery from Shipton Mill came today", "first delivery from Shipton Mill came today"),
    ("i get my flour from the mill down the road", "i get my flour from the mill down the road"),
])
def test_names_typed_in_lower_case_after_a_switch_cue_are_read_as_names(text, expected):
    assert recased(text) == expected


@pytest.mark.parametrize(("old", "new", "replaced"), [
    ("our bakery buys flour from Millers Mill.", "first delivery from king arthur came in today, the bread rises better",
     True),
    ("our accounting software is QuickBooks Online.", "we moved payroll to gusto from adp", False),
    ("our coffee shop gets beans from Blue Bottle.", "we're getting our oat milk from minor figures now instead of oatly",
     False),
])
def test_a_lower_case_switch_replaces_the_provider_unless_it_names_the_one_it_leaves(old, new, replaced):
    assert bool(plan_after([old], new).supersessions) is replaced


def test_a_provider_typed_in_lower_case_is_stored_as_a_name_and_replaced_by_a_switch():
    from rule_helpers import contents

    [(_, stored)] = contents("we get our flour from rogers, the bakers blend")
    assert stored == "We get our flour from Rogers, the bakers blend"
    plan = plan_after([stored], "owner switched us to anita's organic mill last week, the dough is thirstier")
    assert [s.verdict.decided_by for s in plan.supersessions] == ["provider-switch"]


def test_now_using_a_name_switches_to_it_and_a_lower_case_new_name_keeps_its_first_word():
    from rule_helpers import contents

    [(_, stored)] = contents("i get my wholesale flowers from new covent garden, a driver brings them up twice a week")
    assert "from New Covent Garden," in stored
    plan = plan_after([stored], "ok done, switched wholesaler. now using Zest Flowers in stockport, way better prices")
    assert [s.verdict.decided_by for s in plan.supersessions] == ["provider-switch"]


def test_a_pets_new_vet_replaces_nothing_the_user_said_about_another_pet():
    old = "Our dog Max sees Dr. Rivera at Paws Animal Clinic."
    assert plan_after([old], "the cat's got a new vet now, moved her to greenleaf vet bc it's closer").supersessions == ()


@pytest.mark.parametrize(("old", "new"), [
    ("Im a wedding dj, been using Serato for like 6 years",
     "Took the plunge, moved my whole library over to Rekordbox this weekend, cues and all. never looking back"),
    ("Our translation management system is Crowdin; translators work directly in it.",
     "Contract renewal didnt go through so we migrated everything to Lokalise, translators have their new logins"),
    ("I refer my buyers to Beth Coleman at Harbor Mortgage for pre-approvals.",
     "fyi I'm sending all my lender referrals to Sam Ortiz at Keystone Lending going forward"),
])
def test_what_a_switch_moves_or_brings_with_it_is_not_another_purpose(old, new):
    assert _switches(plan_after([old], new)) == ["m0"]


def test_a_switch_replaces_the_memory_it_shares_a_subject_with_before_the_latest_one():
    plan = plan_after(["I'm development director at Riverbend Literacy Project.", "All donor records and gifts go in Bloomerang"],
                      "Migration's DONE!! every donor record lives in Salesforce Nonprofit Cloud now")
    assert _switches(plan) == ["m1"]


@pytest.mark.parametrize(("old", "new"), [
    ("All our chocolate is Valrhona, Guanaja 70 for pretty much everything",
     "finance made us cut costs so it's Callebaut across the board now, the 811 for tempering"),
    ("The glory hole and furnace run on propane delivered by Suburban.",
     "we're getting propane through AmeriGas now"),
])
def test_a_for_after_the_switch_clause_is_no_purpose_and_delivered_by_names_a_provider(old, new):
    assert [s.old for s in plan_after([old], new).supersessions] == ["m0"]


def test_an_address_of_another_kind_replaces_nothing():
    assert plan_after(["Ship returns to 9 Harbor Lane."], "The billing address is 300 Bay Street.").supersessions == ()


def test_a_for_in_the_switch_clause_still_names_another_purpose():
    assert _switches(plan_after(["I get my hair cut at Snipshop"], "switched to Larkpost for email now")) == []
