"""Carrying an old memory over with one value changed, when the user says the rest holds (``write.carry``)."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from memcore import MemoryState
from memcore.model import MemoryType as T
from memcore.write import Turn, extract_rules
from memcore.write.carry import carried_over, keeps_the_rest, only_keeps_the_rest

NOW = datetime(2026, 3, 1, 9, 0, tzinfo=UTC)


@pytest.mark.parametrize(("old", "new", "said_same", "text"), [
    ("Daily standup is at 9:30 in the Orca room.",
     "Standup got pushed to 10:15 starting this week because of the new hires in Lisbon.", True,
     "Daily standup is at 10:15 in the Orca room."),
    ("We rehearse Thursdays at Vaultworks, room B, 7pm.", "we're moving it to Wednesdays, works better", True,
     "We rehearse Wednesdays at Vaultworks, room B, 7pm."),
    ("The appointment is with Dr. Aasen in Sandsli on 14 March at 09:15.", "they have moved me to 21 March", True,
     "The appointment is with Dr. Aasen in Sandsli on 21 March at 09:15."),
    ("My lab is S14, on the second floor of the science block.", "My lab is S41, not S14.", False,
     "My lab is S41, on the second floor of the science block."),
    ("I keep 18 hives on the hill farm.", "It is not 18, it is 21 hives", False, "I keep 21 hives on the hill farm."),
])
def test_one_changed_value_is_carried_into_the_old_words(old, new, said_same, text):
    carried = carried_over(old, new, said_same=said_same)
    assert carried is not None and carried.text == text


@pytest.mark.parametrize(("old", "new", "said_same"), [
    # the user did not say the rest holds, nor name the wrong value
    ("Daily standup is at 9:30 in the Orca room.", "Standup got pushed to 10:15 starting this week.", False),
    # two values change
    ("Practice is on Tuesdays at 5pm at Skateland.", "practice moves to Thursdays at 6pm, same place", True),
    # the old value occurs twice: which one changes is not clear
    ("Doors at 8, first band at 8 sharp", "doors moved to 9, same venue", True),
    # the corrected value is not the one that differs
    ("Room 114, build sessions on Monday", "Room 114 is right, not 141; sessions are on Tuesday", False),
])
def test_nothing_is_carried_unless_one_value_clearly_changes(old, new, said_same):
    assert carried_over(old, new, said_same=said_same) is None


@pytest.mark.parametrize(("text", "only"), [
    ("Same room and time.", True),
    ("same place", True),
    ("Same time in the morning, same place.", True),
    ("Everything else stays the same.", False),
    ("Same date and time, but the venue is new", False),
])
def test_what_says_the_rest_holds(text, only):
    assert keeps_the_rest(text) is not None
    assert only_keeps_the_rest(text) is only


def test_the_same_as_before_about_a_choice_is_no_cue():
    assert keeps_the_rest("I ordered the same as before, the oat flat white") is None


def test_the_extractor_marks_the_change_and_drops_the_bare_cue():
    turns = [Turn("user", "Standup got pushed to 10:15 starting this week. Same room.", "t1")]
    (candidate,) = extract_rules(turns, now=NOW)
    assert candidate.content.startswith("Standup got pushed")
    assert candidate.metadata["keeps_rest"] == "Same room"


def test_a_carried_memory_is_recorded_moves_its_deadline_and_is_undone(lite, clock):
    old = lite.extract("The appointment is with Dr. Aasen at the clinic in Sandsli on 14 March at 09:15.").created[0]
    assert old.type is T.DEADLINE and old.expires_at.date().isoformat() == "2026-03-15"
    clock.advance(minutes=10)
    report = lite.extract("The clinic called, Dr. Aasen is sick, so they have moved me to 21 March. "
                          "Same time in the morning, same place.")
    assert [m.content for m in report.created] == ["The clinic called, Dr. Aasen is sick, so they have moved me to "
                                                   "21 March."]
    (entry,) = report.superseded
    carried = lite.get(old.id)
    assert entry["old"] == old.id and carried.state is MemoryState.ACTIVE
    assert carried.content == "The appointment is with Dr. Aasen at the clinic in Sandsli on 21 March at 09:15."
    assert carried.expires_at.date().isoformat() == "2026-03-22"
    event = lite.timeline(kinds="superseded").items[0]
    assert event.reason.startswith("carried over") and "14 -> 21" in event.reason
    context = lite.build_context("when do I have to be at the clinic?").text
    assert "09:15" in context and "14 March" not in context
    lite.undo(event.id)
    restored = lite.get(old.id)
    assert restored.content == old.content and restored.expires_at == old.expires_at


@pytest.mark.parametrize(("old", "new"), [
    ("Practices are at Vertical Edge gym, Mon/Wed/Fri 4-6.",
     "our old gym got sold, so the team trains at Granite Works now, same days but 4:30-6:30"),
    ("Saturday sorting shifts run 9 to 12 at the Oak Street warehouse.",
     "new warehouse is the old Kmart building on Route 9, keys handed over friday, shifts same times"),
])
def test_a_change_that_names_a_new_place_carries_nothing(old, new):
    assert carried_over(old, new, said_same=True) is None
