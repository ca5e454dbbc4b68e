"""The prize table, its dollar amounts, and who wins what.

A prize table is a list of entries `{"prize": KIND, "name": "...", "share": N}` or
`{..., "amount": N}` (whole dollars). Fixed amounts come off the pot first; the rest is divided
among the "share" entries in proportion, rounded to whole dollars by the largest remainder
method (a leftover dollar goes to the largest fractional part, earlier entry first on a tie),
so the amounts always add up to the pot exactly.
"""

from __future__ import annotations

import random
from collections.abc import Collection, Mapping, Sequence
from fractions import Fraction
from typing import Any

from live.words import Text, english, said, said_in

from .config import Rules
from .dice import roll_dice
from .errors import RulesError

PRIZE_KINDS = (
    "most_buncos",
    "most_wins",
    "traveling",
    "fifty_fifty",
    "most_losses",
    "taking_something_home",
)

# Each prize's usual name. A prize table stores its names as text (the host may rename a
# prize): the usual ones in English, which `prize_title` turns back into Words to show.
USUAL_NAMES = {
    "most_buncos": said_in("prize", "Most Buncos"),
    "most_wins": said_in("prize", "Most wins"),
    "traveling": said_in("prize", "Traveling"),
    "fifty_fifty": said_in("prize", "50/50"),
    "most_losses": said_in("prize", "Most losses"),
    "taking_something_home": said_in("prize", "At least I'm taking something home"),
}
# The Traveling prize's title for a winner who never held the fuzzy die (nobody who held
# it could win it, so the players without a prize rolled off for it).
NEVER_HELD_WORDS = said_in("prize", "Fuzzy die roll-off")
NEVER_HELD = english(NEVER_HELD_WORDS)
_TITLES = {english(w): w for w in (*USUAL_NAMES.values(), NEVER_HELD_WORDS)}
# The seed's 12-player, $60 night; as shares, the same split scales to any pot.
_SHARES = (20, 15, 10, 8, 5, 2)
DEFAULT_PRIZE_TABLE: tuple[dict[str, Any], ...] = tuple(
    {"prize": kind, "name": english(USUAL_NAMES[kind]), "share": share}
    for kind, share in zip(PRIZE_KINDS, _SHARES, strict=True)
)


def prize_title(name: Text) -> Text:
    """A prize's name to show: Words for a usual name (read in each reader's language), a
    name the host typed as it is."""
    return _TITLES.get(name, name) if isinstance(name, str) else name


def check_prize_table(prize_table: Sequence[Mapping[str, Any]] | None) -> list[dict[str, Any]]:
    """A validated copy of the table (the default when None)."""
    entries = [dict(e) for e in (DEFAULT_PRIZE_TABLE if prize_table is None else prize_table)]
    seen: set[str] = set()
    for entry in entries:
        kind = entry.get("prize")
        if kind not in PRIZE_KINDS:
            raise RulesError(
                said(
                    "unknown prize %(prize)s; prizes are %(known)s",
                    prize=repr(kind),
                    known=", ".join(PRIZE_KINDS),
                )
            )
        if kind in seen:
            raise RulesError(said("the prize %(prize)s is listed twice", prize=kind))
        seen.add(kind)
        unknown = set(entry) - {"prize", "name", "share", "amount"}
        if unknown:
            raise RulesError(
                said(
                    "prize %(prize)s: unknown field(s) %(fields)s",
                    prize=kind,
                    fields=", ".join(sorted(unknown)),
                )
            )
        if ("share" in entry) == ("amount" in entry):
            raise RulesError(said("prize %(prize)s: give either a share or an amount", prize=kind))
        value = entry.get("share", entry.get("amount"))
        if isinstance(value, bool) or not isinstance(value, int) or value < 0:
            raise RulesError(
                said(
                    "prize %(prize)s: %(value)s is not a whole number of 0 or more",
                    prize=kind,
                    value=repr(value),
                )
            )
        entry.setdefault("name", english(USUAL_NAMES[kind]))
    return entries


def prize_amounts(
    prize_table: Sequence[Mapping[str, Any]] | None, pot: int
) -> list[dict[str, Any]]:
    """Each prize with its whole-dollar "amount"; the amounts add up to `pot` exactly."""
    entries = check_prize_table(prize_table)
    if pot < 0:
        raise RulesError(said("the pot cannot be negative (%(pot)s)", pot=pot))
    fixed = sum(e["amount"] for e in entries if "amount" in e)
    shared = [e for e in entries if "share" in e]
    rest = pot - fixed
    if rest < 0:
        raise RulesError(
            said(
                "the fixed prize amounts ($%(fixed)s) are more than the pot ($%(pot)s)",
                fixed=fixed,
                pot=pot,
            )
        )
    total_shares = sum(e["share"] for e in shared)
    if rest and not total_shares:
        raise RulesError(
            said("the prizes add up to $%(fixed)s but the pot is $%(pot)s", fixed=fixed, pot=pot)
        )
    exact = [Fraction(rest * e["share"], total_shares or 1) for e in shared]
    floors = [int(x) for x in exact]
    leftover = rest - sum(floors)
    by_remainder = sorted(range(len(shared)), key=lambda i: (-(exact[i] - floors[i]), i))
    for i in by_remainder[:leftover]:
        floors[i] += 1
    share_amount = {id(e): a for e, a in zip(shared, floors, strict=True)}
    return [
        {"prize": e["prize"], "name": e["name"], "amount": e.get("amount", share_amount.get(id(e)))}
        for e in entries
    ]


def award_prizes(
    totals: Mapping[str, Mapping[str, int]],
    fuzzy_holder: str | None,
    ghosts: Collection[str],
    prize_table: Sequence[Mapping[str, Any]] | None,
    pot: int,
    rules: Rules,
    rng: random.Random,
    fuzzy_history: Sequence[str] = (),
) -> list[dict[str, Any]]:
    """Who wins each prize: a list of awards `{"prize", "name", "player", "amount", "tie"}`.

    Prizes go from the largest amount down (table order on equal amounts). By default a
    player who already holds a prize is skipped, until every player holds one; then the rest
    go to anyone. Ghosts never win. Ties: a virtual roll-off, or with prize_ties=split one
    award per tied player, the dollars divided evenly and any leftover dollars given one each
    to tied players drawn at random. `tie` is None, or records how the tie was settled.

    Traveling goes to the fuzzy die's holder; if they are skipped, to whoever held it before
    them (`fuzzy_history`, oldest first), and if nobody eligible ever held it, the eligible
    players roll off for it. "Taking something home" is a random draw among players with no
    prize yet (among everyone once all hold one).
    """
    players = [p for p in totals if p not in set(ghosts)]
    if not players:
        raise RulesError(said("there are no players to give prizes to"))
    amounts = prize_amounts(prize_table, pot)
    order = sorted(range(len(amounts)), key=lambda i: (-amounts[i]["amount"], i))
    history = [p for p in fuzzy_history if p in players]
    if fuzzy_holder in players and (not history or history[-1] != fuzzy_holder):
        history.append(fuzzy_holder)
    holders: set[str] = set()
    awards: list[dict[str, Any]] = []
    for index in order:
        prize = amounts[index]
        eligible = players
        if not rules.several_prizes and len(holders) < len(players):
            eligible = [p for p in players if p not in holders]
        kind = prize["prize"]
        if kind == "taking_something_home":
            among = _without(players, holders)
            winner = rng.choice(among)
            results = [(winner, prize["amount"], {"method": "draw", "among": list(among)})]
        else:
            tied = _best(kind, eligible, totals, history)
            results = _settle(tied, prize["amount"], rules, rng)
        for player, amount, tie in results:
            holders.add(player)
            name = prize["name"]
            if kind == "traveling" and player not in history:
                name = NEVER_HELD  # the title says the fuzzy die only for one who held it
            awards.append(
                {
                    "prize": kind,
                    "name": name,
                    "player": player,
                    "amount": amount,
                    "tie": tie,
                }
            )
    return awards


def _without(players: list[str], holders: set[str]) -> list[str]:
    free = [p for p in players if p not in holders]
    return free or players


def _best(
    kind: str,
    eligible: list[str],
    totals: Mapping[str, Mapping[str, int]],
    history: list[str],
) -> list[str]:
    """The eligible players who best fit the prize (several when tied)."""
    if kind == "traveling":
        for holder in reversed(history):
            if holder in eligible:
                return [holder]
        return list(eligible)  # nobody eligible ever held it: they roll off
    if kind == "fifty_fifty":
        # wins equal to losses, else the closest to equal
        def score(p: str) -> int:
            return -abs(totals[p]["wins"] - totals[p]["losses"])
    else:
        column = {"most_buncos": "buncos", "most_wins": "wins", "most_losses": "losses"}[kind]

        def score(p: str) -> int:
            return totals[p][column]

    top = max(score(p) for p in eligible)
    return [p for p in eligible if score(p) == top]


def _settle(
    tied: list[str], amount: int, rules: Rules, rng: random.Random
) -> list[tuple[str, int, dict[str, Any] | None]]:
    if len(tied) == 1:
        return [(tied[0], amount, None)]
    if rules.prize_ties == "split":
        base, extra = divmod(amount, len(tied))
        lucky = set(rng.sample(tied, extra))
        tie = {"method": "split", "tied": list(tied), "extra_dollar_to": sorted(lucky)}
        return [(p, base + (p in lucky), tie) for p in tied]
    winner, rolls = rolloff(tied, rng)
    return [(winner, amount, {"method": "rolloff", "tied": list(tied), "rolls": rolls})]


def rolloff(tied: Sequence[str], rng: random.Random) -> tuple[str, list[dict[str, list[int]]]]:
    """Each tied player rolls 3 dice, the highest total wins; repeat among the still-tied.
    Returns the winner and every round of rolls (one dict of player -> dice per round)."""
    still = list(tied)
    rounds: list[dict[str, list[int]]] = []
    while len(still) > 1:
        dice = {p: list(roll_dice(rng)) for p in still}
        rounds.append(dice)
        best = max(sum(d) for d in dice.values())
        still = [p for p in still if sum(dice[p]) == best]
    return still[0], rounds
