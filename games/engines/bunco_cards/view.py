"""What a seat may see (hands are hidden; Bunco pile tops and sizes, surplus tops and the table
piles are public), the room's line on whose rules are whose, and the result."""

from games.engines.bunco_cards.cards import name, packs_for
from games.engines.bunco_cards.turn import compulsory, legal_actions
from live.words import Words, said

SHEET = said(
    "the pack, the deal, 1s first, the Bunco pile next, piles 1 to 10, new hands, "
    "the Stop card after the surplus, the new deck"
)


def ours(config: dict) -> list[Words]:
    """Our completions as the room has them (on or off)."""
    return [
        said("one surplus pile each")
        if config["one_surplus"]
        else said("five surplus piles each, as in Flinch"),
        said("Bunco cards are wild")
        if config["wild_bunco"]
        else said("no Bunco cards in the pack"),
        said("Stop cards may go on the surplus")
        if config["stop_cards"]
        else said("Stop cards only count after the surplus"),
        said("scoring: 25 + 5 a card, a match to %(target)s", target=config["target"])
        if config["scoring"]
        else said("one deal, no points"),
    ]


def listed(items: list[Words]) -> Words:
    """Rules one after another, separated as the reader's language separates them."""
    if len(items) == 1:
        return items[0]
    return said("%(first)s; %(rest)s", first=items[0], rest=listed(items[1:]))


def rules_note(config: dict) -> Words:
    """One line for the room page: which rules come from the old sheet and which are ours."""
    return said(
        "From the old rule sheet: %(sheet)s. Ours (room settings): %(ours)s.",
        sheet=SHEET,
        ours=listed(ours(config)),
    )


def hint(state: dict, seat: int) -> Words:
    """What `seat` must do now (its own view only: a 1 in the hand is hidden information)."""
    if state["phase"] == "stop":
        return said("You drew a Stop card: play it to keep going, or pass.")
    must = compulsory(state, seat)
    if must == "ones":
        return said("Play your 1s first: each starts a new table pile.")
    if must == "bunco":
        top = state["bunco"][seat][-1]
        return said("Your Bunco pile's %(card)s fits a table pile: play it first.", card=name(top))
    if not state["hands"][seat]:
        return said("No cards left to draw: play what fits, then end your turn.")
    return said("Play what fits, then lay a card on your surplus to end your turn.")


def view(state: dict, seat: int | None) -> dict:
    cfg = state["config"]
    mine = seat is not None and 0 <= seat < cfg["seats"]
    return {
        "phase": state["phase"],
        "to_act": state["to_act"],
        "turn": state["turn"],
        "dealer": state["dealer"],
        "deal_no": state["deal_no"],
        "packs": packs_for(cfg["seats"], cfg["wild_bunco"]),
        "bunco": [{"top": p[-1] if p else None, "count": len(p)} for p in state["bunco"]],
        "surplus": [
            [{"top": p[-1] if p else None, "count": len(p)} for p in piles]
            for piles in state["surplus"]
        ],
        "hand_counts": [len(hand) for hand in state["hands"]],
        "table": [{"top": p[-1], "shows": len(p), "next": len(p) + 1} for p in state["table"]],
        "deck": {"hands": len(state["deck"]), "cards": sum(map(len, state["deck"]))},
        "removed": len(state["removed"]),
        "aside": len(state["aside"]),
        "scores": state["scores"],
        "target": cfg["target"] if cfg["scoring"] else None,
        "last_deal": state["last_deal"],
        "winner": state["winner"],
        "hand": list(state["hands"][seat]) if mine else None,
        "legal_actions": legal_actions(state, seat) if mine else [],
        "hint": hint(state, seat) if mine and seat in state["to_act"] else None,
    }


def result(state: dict) -> dict:
    left = [len(pile) for pile in state["bunco"]]
    seats = range(state["config"]["seats"])
    return {
        "winner": state["winner"],
        "scores": state["scores"],
        "deals": state["deals"],
        "ranking": sorted(
            seats, key=lambda s: (-state["scores"][s], s != state["winner"], left[s])
        ),
    }


def describe(record: dict) -> str:
    """A record of `python -m games.play bunco_cards` in a few lines: one per deal."""
    result = record["result"]
    lines = [f"bunco_cards seed {record['seed']}: {len(record['actions'])} actions"]
    for deal in result["deals"]:
        how = " (stalled: the fewest Bunco cards)" if deal.get("stalled") else ""
        lines.append(
            f"deal {deal['deal']:>2}: seat {deal['winner']} wins{how}, +{deal['points']}  "
            f"Bunco cards left {deal['bunco_left']}"
        )
    lines.append(f"scores {result['scores']}  winner seat {result['winner']}")
    return "\n".join(lines)
