"""The room form: the host's and the players' "open a room" (a game and its settings)."""

from django import forms

from games.selectors import TITLES


class RoomForm(forms.Form):
    game = forms.ChoiceField(choices=list(TITLES.items()))
    seats = forms.IntegerField(min_value=1, max_value=14, initial=4)
    chips = forms.IntegerField(min_value=10, max_value=1_000_000, initial=1000)
    max_coups = forms.IntegerField(label="Coups", min_value=1, max_value=500, initial=30)
    timeout = forms.IntegerField(label="Seconds to choose", min_value=5, max_value=600, initial=60)
    # Bunco (the card game): our completions of the old rule sheet, each on by default.
    one_surplus = forms.BooleanField(
        label="Bunco cards: one surplus pile each (off: five, as in Flinch)",
        required=False,
        initial=True,
    )
    wild_bunco = forms.BooleanField(
        label="Bunco cards: Bunco cards are wild", required=False, initial=True
    )
    stop_cards = forms.BooleanField(
        label="Bunco cards: Stop cards may go on the surplus", required=False, initial=True
    )
    scoring = forms.BooleanField(
        label="Bunco cards: score 25 + 5 a card, match to 200 (off: one deal)",
        required=False,
        initial=True,
    )
    mode = forms.ChoiceField(
        label="Russian Bank rules",
        choices=[("enforce", "Moves are checked"), ("stop", "Players call Stop!")],
        initial="enforce",
        required=False,
    )
    # Burraco's variants (rules/burraco.md): the seed's way is the default, each off.
    target = forms.TypedChoiceField(  # empty: the game's own target (Bunco's 200, Burraco's 2000)
        label="Burraco: play to", coerce=int, required=False, empty_value=None,
        choices=[("", "2000"), (2005, "2005 (FIBUR tournaments)"), (1505, "1505")],
    )  # fmt: skip
    semi_clean = forms.TypedChoiceField(
        label="Burraco: a semi-clean burraco scores", coerce=int, initial=0, required=False,
        empty_value=0,
        choices=[(0, "100, as a dirty one"), (150, "150")],
    )  # fmt: skip
    partners_by_seat = forms.BooleanField(
        label="Burraco: partners sit opposite as seated (off: a card drawn picks partners)",
        required=False,
    )
    end_swing = forms.BooleanField(
        label="Burraco: a wild card at the end of a run may swing to the other end",
        required=False,
    )
    play_out = forms.BooleanField(
        label="Burraco: who draws the stock down to two cards plays the turn out (FIBUR)",
        required=False,
    )
