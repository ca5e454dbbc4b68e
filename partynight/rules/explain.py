"""Why each prize went to whom, in words. One function, so the results page, the dashboard,
the big screen and the phones all say the same thing (the Traveling prize above all: the
fuzzy die's holder may have been skipped for holding another prize)."""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from typing import Any

from live.words import Text, Words, joined, said, said_n

from .prizes import prize_title

# A "most" prize nobody scored in: everyone was tied at zero.
NOBODY = {
    "most_buncos": ("buncos", said("Nobody rolled a Bunco")),
    "most_wins": ("wins", said("Nobody won a round")),
    "most_losses": ("losses", said("Nobody lost a round")),
}
LISTED = 4  # a tie with more players than this is counted, not listed


def award_why(
    award: Mapping[str, Any],
    awards: Sequence[Mapping[str, Any]],
    fuzzy_holder: str | None,
    names: Mapping[str, str],
    ghosts: Collection[str] = (),
) -> Words:
    """One sentence: why `award` ({prize, name, player, amount, detail}) went to its player.
    `awards` is the night's whole list (in award order), `fuzzy_holder` who holds the fuzzy
    die at the end, `names` everyone's name by key, `ghosts` the keys that win nothing."""
    kind, player = award["prize"], award["player"]
    detail = award.get("detail") or {}
    tie = detail.get("tie") or {}
    who = names.get(player, player)
    if kind == "traveling":
        return _traveling(award, awards, fuzzy_holder, names, ghosts)
    if kind == "taking_something_home":
        return said("%(name)s was drawn at random among the players without a prize.", name=who)
    column, nobody = NOBODY.get(kind, (None, ""))
    if column and not detail.get(column, 0):
        return _nobody_scored(nobody, who, tie, names)
    reason = _reason(kind, award, who, detail, _skipped_better(award, awards, detail))
    if tie.get("method") == "rolloff":
        others = _others(tie["tied"], player, names)
        return said(
            "%(reason)s; tied with %(others)s, %(name)s won the roll-off.",
            reason=reason,
            others=others,
            name=who,
        )
    if tie.get("method") == "split":
        others = _others(tie["tied"], player, names)
        return said(
            "%(reason)s; tied with %(others)s, they split it.", reason=reason, others=others
        )
    return said("%(reason)s.", reason=reason)


def _reason(kind: str, award, who: str, detail, skipped: bool) -> Words:
    """Why the player won, without the tie: "Jo won 14 rounds, the most"; `skipped`: among
    the players without a prize yet (someone with a prize had more)."""
    wins, losses, buncos = (detail.get(k, 0) for k in ("wins", "losses", "buncos"))
    if kind == "most_buncos" and skipped:
        return said_n(
            "%(name)s rolled %(n)s Bunco, the most among the players without a prize yet",
            "%(name)s rolled %(n)s Buncos, the most among the players without a prize yet",
            buncos,
            name=who,
        )
    if kind == "most_buncos":
        return said_n(
            "%(name)s rolled %(n)s Bunco, the most",
            "%(name)s rolled %(n)s Buncos, the most",
            buncos,
            name=who,
        )
    if kind == "most_wins" and skipped:
        return said_n(
            "%(name)s won %(n)s round, the most among the players without a prize yet",
            "%(name)s won %(n)s rounds, the most among the players without a prize yet",
            wins,
            name=who,
        )
    if kind == "most_wins":
        return said_n(
            "%(name)s won %(n)s round, the most",
            "%(name)s won %(n)s rounds, the most",
            wins,
            name=who,
        )
    if kind == "most_losses" and skipped:
        return said_n(
            "%(name)s lost %(n)s round, the most among the players without a prize yet",
            "%(name)s lost %(n)s rounds, the most among the players without a prize yet",
            losses,
            name=who,
        )
    if kind == "most_losses":
        return said_n(
            "%(name)s lost %(n)s round, the most",
            "%(name)s lost %(n)s rounds, the most",
            losses,
            name=who,
        )
    if kind == "fifty_fifty":
        counts = {
            "name": who,
            "wins": said_n("%(n)s win", "%(n)s wins", wins),
            "losses": said_n("%(n)s loss", "%(n)s losses", losses),
        }
        if wins == losses:
            return said("%(name)s has %(wins)s and %(losses)s, exactly even", **counts)
        return said("%(name)s has %(wins)s and %(losses)s, the closest to even", **counts)
    prize = prize_title(award.get("name") or kind)
    return said("%(name)s won %(prize)s", name=who, prize=prize)


def _others(tied: Sequence[str], player: str, names: Mapping[str, str]) -> Text:
    others = [names.get(k, k) for k in tied if k != player]
    if len(others) > LISTED:
        return said_n("%(n)s other player", "%(n)s other players", len(others))
    return joined(others) or said("nobody")


def _nobody_scored(nobody: Words, who: str, tie, names) -> Words:
    """ "Nobody rolled a Bunco, so Cat won a roll-off among the 12 players.", never "Cat
    rolled 0 Buncos, the most"."""
    tied = tie.get("tied") or []
    among = (
        said_n("the %(n)s player", "the %(n)s players", len(tied))
        if len(tied) > LISTED + 1
        else joined([names.get(k, k) for k in tied])
    )
    if tie.get("method") == "rolloff":
        return said(
            "%(nobody)s, so %(name)s won a roll-off among %(among)s.",
            nobody=nobody,
            name=who,
            among=among,
        )
    if tie.get("method") == "split":
        return said("%(nobody)s, so %(among)s split it.", nobody=nobody, among=among)
    return said("%(nobody)s; %(name)s was the only player left to win it.", nobody=nobody, name=who)


def _skipped_better(award, awards, detail) -> bool:
    """Someone already holding a prize would have beaten this winner (one prize each)."""
    column = {"most_buncos": "buncos", "most_wins": "wins", "most_losses": "losses"}.get(
        award["prize"]
    )
    if column is None:
        return False
    before = awards[: _index(award, awards)]
    return any(
        (a.get("detail") or {}).get(column, 0) > detail.get(column, 0)
        for a in before
        if a["player"] != award["player"]
    )


def _index(award, awards) -> int:
    for index, other in enumerate(awards):
        if other is award or (other["prize"], other["player"]) == (
            award["prize"],
            award["player"],
        ):
            return index
    return len(awards)


def _traveling(award, awards, holder, names, ghosts) -> Words:
    player = award["player"]
    who = names.get(player, player)
    if holder == player:
        return said("%(name)s holds the fuzzy die at the end of the night.", name=who)
    if holder is None:
        return said("Nobody rolled a Bunco; %(name)s won the roll-off for the fuzzy die.", name=who)
    held = names.get(holder, holder)
    tie = (award.get("detail") or {}).get("tie") or {}
    rolled_off = tie.get("method") in ("rolloff", "split")
    if holder in ghosts:
        if rolled_off:
            return said(
                "%(holder)s holds the fuzzy die, but ghosts and players who left win no prizes; "
                "nobody else who held it could win, so %(name)s won a roll-off for it.",
                holder=held,
                name=who,
            )
        return said(
            "%(holder)s holds the fuzzy die, but ghosts and players who left win no prizes; "
            "it goes to %(name)s, who held it before.",
            holder=held,
            name=who,
        )
    earlier = [a["name"] for a in awards if a["player"] == holder and a is not award]
    prize = prize_title(earlier[0]) if earlier else said("another prize")
    if rolled_off:
        return said(
            "%(holder)s holds the fuzzy die but already won %(prize)s; nobody else who held it "
            "could win, so %(name)s won a roll-off for it.",
            holder=held,
            prize=prize,
            name=who,
        )
    return said(
        "%(holder)s holds the fuzzy die but already won %(prize)s; it goes to %(name)s, who "
        "held it before.",
        holder=held,
        prize=prize,
        name=who,
    )


def roll_words(roll: Mapping[str, Any]) -> Words:
    """What a roll scored, in words: "1 point", "a Bunco (21 points)", "no points"."""
    points = roll.get("points", 0)
    if roll["kind"] == "bunco":
        return said_n("a Bunco (%(n)s point)", "a Bunco (%(n)s points)", points)
    if roll["kind"] == "mini_bunco":
        return said_n("a mini Bunco (%(n)s point)", "a mini Bunco (%(n)s points)", points)
    if roll["kind"] == "wipeout":
        wiped = roll.get("wiped", 0)
        return said_n("a wipeout (%(n)s point lost)", "a wipeout (%(n)s points lost)", wiped)
    if points:
        return said_n("%(n)s point", "%(n)s points", points)
    return said("no points")
