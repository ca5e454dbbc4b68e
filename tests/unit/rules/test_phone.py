"""The phone's phases and headlines (partynight/rules/phone.py): one per moment of a night."""

import dataclasses

import pytest

from live.words import english
from partynight.rules.phone import phone_view, seat_place
from partynight.rules.rotation import next_table

NAMES = ["Ann", "Bea", "Cy", "Di"]


def table(number=2, phase="playing", turn=0, winner=None, ghosts=(), rolloffs=0):
    return {
        "number": number,
        "name": {1: "Head", 2: "Middle", 3: "Foot"}[number],
        "seats": [{"id": f"p{i}", "name": n, "ghost": n in ghosts} for i, n in enumerate(NAMES)],
        "points": [5, 3],
        "turn": None if phase == "done" else turn,
        "phase": phase,
        "winner": winner,
        "rolloffs": rolloffs,
    }


def round_(state="playing", number=3, last=False):
    return {"number": number, "state": state, "last": last}


def view(**kw):
    args = {
        "night_state": "playing",
        "round_": round_(),
        "table": table(),
        "seat": 0,
        "next_seat": None,
        "tables": 3,
    }
    args.update(kw)
    return in_english(phone_view(**args))


def in_english(phone):
    """The view with its Words as the English message ids say them."""
    words = ("headline", "detail", "bell", "pad_reason")
    return dataclasses.replace(phone, **{k: english(getattr(phone, k)) for k in words})


def test_rolling_your_turn_and_someone_elses():
    mine = view()
    assert (mine.phase, mine.headline) == ("rolling", "Your turn: roll the dice!")
    assert mine.pad and mine.pad_open and mine.pad_reason == "Enter your roll"
    other = view(seat=1)
    assert other.headline == "Ann is rolling"
    assert other.pad_open and other.pad_reason == "Enter Ann's roll"


def test_a_ghosts_turn_closes_the_pad_and_says_why():
    ghost = view(table=table(ghosts=("Ann",)), seat=1)
    assert ghost.headline == "Ann is rolling (the app rolls for the ghost)"
    assert ghost.pad and not ghost.pad_open
    assert ghost.pad_reason == "The app rolls for the ghost."


def test_the_bell_finish_your_turn_or_watch_it_finished():
    rung = round_("finishing")
    roller = view(round_=rung, table=table(phase="finishing"))
    assert roller.phase == "bell_finish"
    assert roller.headline == "Finish your turn: keep rolling until a roll scores nothing."
    assert roller.bell == "🔔 The bell rang!"
    other = view(round_=rung, table=table(phase="finishing"), seat=3)
    assert other.headline == "Ann finishes the turn, then your table stops."
    assert "stop rolling" not in other.bell


def test_a_rolloff_under_the_bell_never_says_stop():
    rolloff = view(round_=round_("finishing"), table=table(phase="rolloff", rolloffs=1), seat=2)
    assert rolloff.phase == "rolloff"
    assert rolloff.headline == "Roll-off 1: Ann is rolling"
    assert "stop" not in rolloff.bell and "roll off" in rolloff.bell
    mine = view(table=table(phase="rolloff", rolloffs=2))
    assert mine.headline == "Roll-off 2: your turn: roll the dice!" and mine.bell == ""


@pytest.mark.parametrize(
    ("number", "seat", "winner", "headline"),
    [
        (2, 0, "A", "You won! Next round: Head table"),
        (2, 1, "A", "You lost. Next round: Foot table"),
        (1, 1, "B", "You won! Next round: Head table"),
        (3, 0, "B", "You lost. Next round: Foot table"),
    ],
)
def test_table_done_says_where_to_go_before_the_round_is_over(number, seat, winner, headline):
    done = view(round_=round_("finishing"), table=table(number, "done", winner=winner), seat=seat)
    assert (done.phase, done.headline) == ("table_done", headline)
    assert done.bell == "🔔 The bell rang: stop rolling."
    assert not done.pad_open and done.pad_reason == "Your table is done for this round."


def test_next_table_matches_winners_walk_losers_sit():
    assert [next_table(t, 3, True) for t in (1, 2, 3)] == [1, 1, 2]
    assert [next_table(t, 3, False) for t in (1, 2, 3)] == [2, 3, 3]
    assert next_table(1, 1, False) == 1


def test_after_the_round_the_headline_is_the_next_seat():
    seat = {"table": 1, "name": "Head", "seat": 3, "partner": "Jo"}
    moving = view(round_=round_("done"), table=table(2, "done", winner="A"), next_seat=seat)
    assert moving.phase == "next_round"
    assert moving.headline == "Next round: Head table, seat 4 · partner Jo"
    assert moving.ring == 4 and "Your table rings the bell" in moving.detail
    assert moving.pad and not moving.pad_open
    assert moving.pad_reason == "Round 4 has not started yet."
    here = {"table": 2, "name": "Middle", "seat": 1, "partner": "Jo"}
    stay = view(round_=round_("done"), table=table(2, "done", winner="A"), next_seat=here)
    assert stay.headline == "Next round: Middle table, seat 2 · partner Jo"  # one thing
    assert stay.ring is None and "Head table rings the bell" in stay.detail


def test_before_play_waiting_for_seats_then_sit_down():
    assert view(round_=None, table=None, seat=None).phase == "waiting_seats"
    first = view(
        night_state="seating",
        round_=None,
        table=None,
        seat=None,
        next_seat={"table": 1, "name": "Head", "seat": 0, "partner": "Bo"},
    )
    assert first.headline == "Round 1: Head table, seat 1 · partner Bo"
    assert first.ring == 1


def test_the_break_says_what_happens_after():
    seat = {"table": 3, "name": "Foot", "seat": 0, "partner": "Jo"}
    brk = view(night_state="break", round_=round_("done", 12), next_seat=seat)
    assert (brk.phase, brk.headline) == ("break", "Break time ☕")
    assert brk.detail.startswith("After the break, round 13: Foot table, seat 1 · partner Jo.")
    assert "stay here" not in brk.detail.lower()
    assert brk.ring is None


def test_the_last_round_then_the_night_is_over():
    last = view(
        round_=round_("done", 24, last=True), next_seat={"table": 1, "name": "Head", "seat": 0}
    )
    assert last.phase == "prizes_pending" and not last.pad
    over = view(night_state="finished", won_prizes=[{"name": "Most wins", "amount": 15}])
    assert (over.phase, over.headline) == ("over", "You won $15: Most wins!")
    assert not over.pad
    unpaid = view(night_state="finished", won_prizes=[{"name": "50/50", "amount": 0}])
    assert unpaid.headline == "You won 50/50!"
    nothing = view(night_state="finished")
    assert nothing.headline == "The night is over: thank you for playing!"


def test_the_next_seat_reads_the_same_whether_the_table_changes_or_not():
    seat = {"table": 2, "name": "Middle", "seat": 1, "partner": "Jo"}
    assert english(seat_place(seat)) == "Middle table, seat 2 · partner Jo"


def test_three_prizes_read_as_a_list():
    won = [{"name": n, "amount": 5} for n in ("Most wins", "50/50", "Traveling")]
    over = view(night_state="finished", won_prizes=won)
    assert over.headline == "You won $15: Most wins, 50/50 and Traveling!"
