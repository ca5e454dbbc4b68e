"""Why each prize went to whom, in words. One function, so the results page, the dashboard,
the big screen and the phones all say the same thing (the Traveling prize above all: the
fuzzy die's holder may have been skipped for holding another prize)."""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from typing import Any

# A "most" prize nobody scored in: everyone was tied at zero.
NOBODY = {
    "most_buncos": ("buncos", "Nobody rolled a Bunco"),
    "most_wins": ("wins", "Nobody won a round"),
    "most_losses": ("losses", "Nobody lost a round"),
}
LISTED = 4  # a tie with more players than this is counted, not listed


def and_list(words: Sequence[str]) -> str:
    """ "Ann", "Ann and Bob", "Ann, Bob and Kim": a list as a sentence says it."""
    words = list(words)
    if len(words) < 2:
        return "".join(words)
    return f"{', '.join(words[:-1])} and {words[-1]}"


def _plural(count: int, word: str) -> str:
    plural = word + ("es" if word.endswith("s") else "s")
    return f"{count} {word if count == 1 else plural}"


def award_why(
    award: Mapping[str, Any],
    awards: Sequence[Mapping[str, Any]],
    fuzzy_holder: str | None,
    names: Mapping[str, str],
    ghosts: Collection[str] = (),
) -> str:
    """One sentence: why `award` ({prize, name, player, amount, detail}) went to its player.
    `awards` is the night's whole list (in award order), `fuzzy_holder` who holds the fuzzy
    die at the end, `names` everyone's name by key, `ghosts` the keys that win nothing."""
    kind, player = award["prize"], award["player"]
    detail = award.get("detail") or {}
    tie = detail.get("tie") or {}
    who = names.get(player, player)
    wins, losses, buncos = (detail.get(k, 0) for k in ("wins", "losses", "buncos"))
    if kind == "traveling":
        return _traveling(award, awards, fuzzy_holder, names, ghosts)
    if kind == "taking_something_home":
        return f"{who} was drawn at random among the players without a prize."
    column, nobody = NOBODY.get(kind, (None, ""))
    if column and not detail.get(column, 0):
        return _nobody_scored(nobody, who, player, tie, names)
    if kind == "most_buncos":
        reason = f"{who} rolled {_plural(buncos, 'Bunco')}, the most"
    elif kind == "most_wins":
        reason = f"{who} won {_plural(wins, 'round')}, the most"
    elif kind == "most_losses":
        reason = f"{who} lost {_plural(losses, 'round')}, the most"
    elif kind == "fifty_fifty":
        even = "exactly even" if wins == losses else "the closest to even"
        reason = f"{who} has {_plural(wins, 'win')} and {_plural(losses, 'loss')}, {even}"
    else:
        reason = f"{who} won {award.get('name', kind)}"
    if _skipped_better(award, awards, detail):
        reason += " among the players without a prize yet"
    if tie.get("method") == "rolloff":
        reason += f"; tied with {_others(tie['tied'], player, names)}, {who} won the roll-off"
    elif tie.get("method") == "split":
        reason += f"; tied with {_others(tie['tied'], player, names)}, they split it"
    return reason + "."


def _others(tied: Sequence[str], player: str, names: Mapping[str, str]) -> str:
    others = [names.get(k, k) for k in tied if k != player]
    if len(others) > LISTED:
        return f"{len(others)} other players"
    return and_list(others) or "nobody"


def _nobody_scored(nobody: str, who: str, player: str, tie, names) -> str:
    """ "Nobody rolled a Bunco, so Cat won a roll-off among the 12 players.", never "Cat
    rolled 0 Buncos, the most"."""
    tied = tie.get("tied") or []
    among = (
        f"the {len(tied)} players"
        if len(tied) > LISTED + 1
        else and_list([names.get(k, k) for k in tied])
    )
    if tie.get("method") == "rolloff":
        return f"{nobody}, so {who} won a roll-off among {among}."
    if tie.get("method") == "split":
        return f"{nobody}, so {among} split it."
    return f"{nobody}; {who} was the only player left to win it."


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


def _traveling(award, awards, holder, names, ghosts) -> str:
    player = award["player"]
    who = names.get(player, player)
    if holder == player:
        return f"{who} holds the fuzzy die at the end of the night."
    if holder is None:
        return f"Nobody rolled a Bunco; {who} won the roll-off for the fuzzy die."
    held = names.get(holder, holder)
    if holder in ghosts:
        why_not = f"{held} holds the fuzzy die, but ghosts and players who left win no prizes"
    else:
        earlier = [a["name"] for a in awards if a["player"] == holder and a is not award]
        prize = earlier[0] if earlier else "another prize"
        why_not = f"{held} holds the fuzzy die but already won {prize}"
    tie = (award.get("detail") or {}).get("tie") or {}
    if tie.get("method") in ("rolloff", "split"):
        return f"{why_not}; nobody else who held it could win, so {who} won a roll-off for it."
    return f"{why_not}; it goes to {who}, who held it before."


def roll_words(roll: Mapping[str, Any]) -> str:
    """What a roll scored, in words: "1 point", "a Bunco (21 points)", "no points"."""
    points = roll.get("points", 0)
    if roll["kind"] == "bunco":
        return f"a Bunco ({_plural(points, 'point')})"
    if roll["kind"] == "mini_bunco":
        return f"a mini Bunco ({_plural(points, 'point')})"
    if roll["kind"] == "wipeout":
        return f"a wipeout ({_plural(roll.get('wiped', 0), 'point')} lost)"
    return _plural(points, "point") if points else "no points"
