"""The room form: the host's and the players' "open a room". A game is picked first (a card
per game, `GAMES`); each card carries only its game's own few settings (`fields`), each with
a default, so "Play now with bots" needs no typing at all."""

from django import forms
from django.utils.translation import gettext_lazy as _

from games.selectors import TITLES, title_of

# Per game: how it plays in one line, how many play, how long it lasts, and its settings.
GAMES = {
    "punto_banco": {
        "blurb": _(
            "Bet on Player or Banker: the hand closer to 9 wins. No decisions after the bet."
        ),
        "players": _("1 to 14 players"),
        "length": _("about 10 minutes"),
        "fields": ("seats", "chips", "max_coups"),
    },
    "chemin_de_fer": {
        "blurb": _(
            "Baccarat where the players take turns holding the bank and draw their own card."
        ),
        "players": _("2 to 14 players"),
        "length": _("about 15 minutes"),
        "fields": ("seats", "chips", "max_coups"),
    },
    "baccarat_banque": {
        "blurb": _("One banker against two tables of punters: stake, then draw or stand."),
        "players": _("2 to 14 players"),
        "length": _("about 15 minutes"),
        "fields": ("seats", "chips", "max_coups"),
    },
    "bunco_cards": {
        "blurb": _("Play cards 1 to 12 on piles in order to empty your Bunco pile first."),
        "players": _("2 to 14 players"),
        "length": _("about 20 minutes"),
        "fields": ("seats", "one_surplus", "wild_bunco", "stop_cards", "scoring"),
    },
    "russian_bank": {
        "blurb": _(
            "Two-player race patience: build on the foundations and load your rival's piles."
        ),
        "players": _("2 players"),
        "length": _("about 30 minutes"),
        "fields": ("mode",),
    },
    "burraco": {
        "blurb": _("Italian rummy: meld sets and runs of seven for burracos, then go out."),
        "players": _("2 to 4 players (4: two teams)"),
        "length": _("about 45 minutes"),
        "fields": ("seats", "target", "semi_clean", "partners_by_seat", "end_swing", "play_out"),
    },
}


class RoomForm(forms.Form):
    game = forms.ChoiceField(choices=[(game, game) for game in TITLES], widget=forms.HiddenInput)
    # Settings a game does not use are not posted (its card shows only its own): none is required.
    seats = forms.IntegerField(
        label=_("Seats"), min_value=1, max_value=14, initial=4, required=False
    )
    chips = forms.IntegerField(
        label=_("Chips each"), min_value=10, max_value=1_000_000, initial=1000, required=False
    )
    max_coups = forms.IntegerField(
        label=_("Hands to play"), min_value=1, max_value=500, initial=30, required=False
    )
    # No timer by default: at a party nobody's turn is played for them. A timer, when on,
    # nudges the player before it plays for them (static/js/pages/room.js).
    timeout = forms.TypedChoiceField(
        label=_("Turn timer"), coerce=int, required=False, empty_value=None,
        choices=[("", _("None: wait for everyone")), (120, _("2 minutes")), (300, _("5 minutes"))],
    )  # fmt: skip
    # Bunco (the card game): our completions of the old rule sheet, each on by default.
    one_surplus = forms.BooleanField(
        label=_("One surplus pile each (off: five, as in Flinch)"), required=False, initial=True
    )
    wild_bunco = forms.BooleanField(label=_("Bunco cards are wild"), required=False, initial=True)
    stop_cards = forms.BooleanField(
        label=_("Stop cards may go on the surplus"), required=False, initial=True
    )
    scoring = forms.BooleanField(
        label=_("Score 25 + 5 a card, match to 200 (off: one deal)"), required=False, initial=True
    )
    mode = forms.ChoiceField(
        label=_("Rules"),
        # Translators: "Stop!" is what Russian Bank players call: keep it as they say it.
        choices=[("enforce", _("Moves are checked")), ("stop", _("Players call Stop!"))],
        initial="enforce",
        required=False,
    )
    # Burraco's variants (rules/burraco.md): the seed's way is the default, each off.
    target = forms.TypedChoiceField(  # empty: the game's own target (Bunco's 200, Burraco's 2000)
        label=_("Play to"), coerce=int, required=False, empty_value=None,
        choices=[("", "2000"), (2005, _("2005 (FIBUR tournaments)")), (1505, "1505")],
    )  # fmt: skip
    semi_clean = forms.TypedChoiceField(
        # Translators: burraco pulito/sporco/semipulito stay Italian in every language.
        label=_("A semi-clean burraco scores"), coerce=int, initial=0, required=False,
        empty_value=0,
        # Translators: "dirty": a burraco sporco (kept Italian everywhere).
        choices=[(0, _("100, as a dirty one")), (150, "150")],
    )  # fmt: skip
    partners_by_seat = forms.BooleanField(
        label=_("Partners sit opposite as seated (off: a card drawn picks partners)"),
        required=False,
    )
    end_swing = forms.BooleanField(
        label=_("A wild card at the end of a run may swing to the other end"),
        required=False,
    )
    play_out = forms.BooleanField(
        label=_("Who draws the stock down to two cards plays the turn out (FIBUR)"),
        required=False,
    )

    def clean(self):
        """Only the picked game's own settings count: the others keep no stray values."""
        data = super().clean()
        own = GAMES.get(data.get("game"), {}).get("fields", ())
        return {k: v for k, v in data.items() if k in (*own, "game", "timeout")}


def game_cards() -> list[dict]:
    """One card per game for the rooms pages: its words and a form with its own settings."""
    cards = []
    for game, about in GAMES.items():
        form = RoomForm(initial={"game": game}, auto_id=f"{game}-%s")
        fields = [form[name] for name in about["fields"]] + [form["timeout"]]
        cards.append(
            {"game": game, "title": title_of(game), **about, "form": form, "fields": fields}
        )
    return cards
