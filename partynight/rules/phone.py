"""What a player's phone says right now: one phase and one headline telling them what to do.

Pure: plain data in (the views the selectors build), plain data out, no Django. The server
computes this for every snapshot and for each seat of every table event, so the browser
never re-derives the rules; it only draws the latest `PhoneView`.

Phases, in the order a night goes through them:
- "waiting_seats": no seat yet (the host has not drawn the seats);
- "waiting_list": arrived after the draw, waiting for a ghost's chair (or a redraw);
- "next_round": seated for the next round (the draw, or the move after a round), waiting
  for the Head table to ring the bell; the Head table's phones get the bell button;
- "rolling" / "rolloff": the table is playing (your turn or someone else's);
- "bell_finish": the bell rang and this table finishes the turn in progress;
- "table_done": this table is done, the other tables are not: where you go next;
- "break": the break after a set; where you sit after it;
- "prizes_pending": every round is played, the host is awarding the prizes;
- "over": the night is finished;
- "not_seated": in play, but this player has no chair this round.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from live.words import Text, Words, joined, said

from .plain import shallow_dict
from .prizes import prize_title
from .rotation import next_table
from .seating import table_name

# Phases in which the roll pad may be used (when the dice are with a person).
PLAYING_PHASES = ("rolling", "rolloff", "bell_finish")


@dataclass(frozen=True)
class PhoneView:
    """The phone's words are Words (live/words.py), rendered in each phone's language."""

    phase: str
    headline: Text
    detail: Text = ""
    bell: Text = ""  # a banner above the headline while the bell matters to this table
    pad: bool = False  # the roll pad is shown
    pad_open: bool = False  # ... and can be used now
    pad_reason: Text = ""  # why it cannot, or whose roll it enters
    ring: int | None = None  # the round this phone may start by ringing the bell

    def to_dict(self) -> dict[str, Any]:
        return shallow_dict(self)  # every field a plain value


def seat_place(next_seat: Mapping[str, Any]) -> Words:
    """ "Foot table, seat 3 · partner Jo" (seats shown 1..4): the same words whether or not
    the table changes, so they never read as the seat the player sits in now."""
    table, seat = next_seat["name"], next_seat["seat"] + 1
    if next_seat.get("partner"):
        return said(
            "%(table)s table, seat %(seat)s · partner %(partner)s",
            table=table,
            seat=seat,
            partner=next_seat["partner"],
        )
    return said("%(table)s table, seat %(seat)s", table=table, seat=seat)


def phone_view(
    *,
    night_state: str,
    round_: Mapping[str, Any] | None,
    table: Mapping[str, Any] | None,
    seat: int | None,
    next_seat: Mapping[str, Any] | None,
    tables: int,
    won_prizes: Sequence[Mapping[str, Any]] = (),
    free_chairs: int | None = None,
) -> PhoneView:
    """The phone's phase and words. `round_` and `table` are the selectors' round and table
    views (the table this player sits at this round, or None), `seat` their chair 0..3,
    `next_seat` {table, name, seat, partner} once the next seating is known, `tables` the
    number of tables, `won_prizes` the player's own awards once the night is over,
    `free_chairs` the ghosts' chairs there are while this player is on the waiting list."""
    if night_state == "finished":
        return _over(won_prizes)
    if free_chairs is not None:
        return _waiting_list(night_state, free_chairs)
    round_done = round_ is None or round_["state"] == "done"
    if round_done:
        return _between_rounds(night_state, round_, next_seat)
    if table is None or seat is None:
        return PhoneView(
            "not_seated",
            said("You have no chair this round"),
            said("Ask the host: they can seat you in a ghost's chair."),
        )
    return _at_table(round_, table, seat, tables)


def _over(won: Sequence[Mapping[str, Any]]) -> PhoneView:
    if won:
        total = sum(a["amount"] for a in won)
        names = joined([prize_title(a["name"]) for a in won])
        if total:
            headline = said("You won $%(amount)s: %(prizes)s!", amount=total, prizes=names)
        else:  # a night nobody paid for
            headline = said("You won %(prizes)s!", prizes=names)
        return PhoneView("over", headline, said("The night is over. Thank you!"))
    return PhoneView(
        "over", said("The night is over: thank you for playing!"), said("Here are the prizes.")
    )


def _waiting_list(night_state: str, free_chairs: int) -> PhoneView:
    if free_chairs and night_state == "seating":
        detail = said("The host can give you a ghost's chair now, or draw the seats again.")
    elif free_chairs:
        detail = said(
            "The host can give you a ghost's chair now; if not, you get one when this round ends."
        )
    elif night_state == "seating":
        detail = said(
            "Every chair is taken. The host can draw the seats again to make room for you; "
            "if not, you play when someone leaves."
        )
    else:
        detail = said(
            "Every chair is taken. When a player leaves, the host can give you their chair."
        )
    return PhoneView(
        "waiting_list", said("You're on the waiting list: keep this page open"), detail
    )


def _between_rounds(night_state, round_, next_seat) -> PhoneView:
    if round_ is not None and round_.get("last"):
        return PhoneView(
            "prizes_pending",
            said("Every round is played!"),
            said("The host is awarding the prizes…"),
        )
    if next_seat is None:
        return PhoneView(
            "waiting_seats",
            said("Waiting for the host to draw the seats"),
            said("Keep this page open: your seat shows here."),
        )
    number = round_["number"] + 1 if round_ is not None else 1
    ring = number if next_seat["table"] == 1 else None
    place = seat_place(next_seat)
    if night_state == "break":
        if ring:
            detail = said(
                "After the break, round %(round)s: %(place)s. "
                "Your table rings the bell to start it.",
                round=number,
                place=place,
            )
        else:
            detail = said(
                "After the break, round %(round)s: %(place)s. "
                "It starts when the Head table rings the bell.",
                round=number,
                place=place,
            )
        return PhoneView(
            "break",
            said("Break time ☕"),
            detail,
            pad=True,
            pad_reason=said("Round %(round)s starts after the break.", round=number),
            ring=ring,
        )
    if ring:
        detail = said("Round %(round)s next. Your table rings the bell to start it.", round=number)
    else:
        detail = said(
            "Round %(round)s next. It starts when the Head table rings the bell.", round=number
        )
    return PhoneView(
        "next_round",
        said("Round 1: %(place)s", place=place)
        if number == 1
        else said("Next round: %(place)s", place=place),
        detail,
        pad=True,
        pad_reason=said("Round %(round)s has not started yet.", round=number),
        ring=ring,
    )


def _at_table(round_, table, seat: int, tables: int) -> PhoneView:
    phase = table["phase"]
    bell = round_["state"] != "playing"
    if phase == "done":
        won = table["winner"] == ("A", "B")[seat % 2]
        going = table_name(next_table(table["number"], tables, won), tables)
        return PhoneView(
            "table_done",
            said("You won! Next round: %(table)s table", table=going)
            if won
            else said("You lost. Next round: %(table)s table", table=going),
            said("Your seat and partner show here as soon as every table is done."),
            bell=said("🔔 The bell rang: stop rolling.") if bell else "",
            pad=True,
            pad_reason=said("Your table is done for this round."),
        )
    who = table["seats"][table["turn"]]
    mine = table["turn"] == seat
    if mine:
        reason = said("Enter your roll")
    elif who["ghost"]:
        reason = said("The app rolls for the ghost.")
    else:
        reason = said("Enter %(name)s's roll", name=who["name"])
    common = {"pad": True, "pad_open": not who["ghost"], "pad_reason": reason}
    if phase == "rolloff":
        return PhoneView(
            "rolloff",
            _rolloff_turn(table["rolloffs"], who, mine),
            said("A tie: each seat takes one full turn; the higher team wins."),
            bell=said("🔔 The bell rang: your table is tied, so roll off.") if bell else "",
            **common,
        )
    if phase == "finishing":
        finish = (
            said("Finish your turn: keep rolling until a roll scores nothing.")
            if mine
            else said("%(name)s finishes the turn, then your table stops.", name=who["name"])
        )
        return PhoneView("bell_finish", finish, "", bell=said("🔔 The bell rang!"), **common)
    if mine:
        doing = said("Your turn: roll the dice!")
    elif who["ghost"]:
        doing = said("%(name)s is rolling (the app rolls for the ghost)", name=who["name"])
    else:
        doing = said("%(name)s is rolling", name=who["name"])
    return PhoneView("rolling", doing, "", **common)


def _rolloff_turn(number: int, who: Mapping[str, Any], mine: bool) -> Words:
    """ "Roll-off 2: Ann is rolling": whose turn in the table's roll-off."""
    if mine:
        return said("Roll-off %(number)s: your turn: roll the dice!", number=number)
    if who["ghost"]:
        return said(
            "Roll-off %(number)s: %(name)s is rolling (the app rolls for the ghost)",
            number=number,
            name=who["name"],
        )
    return said("Roll-off %(number)s: %(name)s is rolling", number=number, name=who["name"])
