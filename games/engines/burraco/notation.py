"""The text notation of a Burraco state (`python -m games.play burraco --trace`), documented
in docs/game-record.md. Every zone is a string of cards, bottom first (the last card of
`stock` is the next one drawn, the last of `discards` the top of the pile); a meld is
"<id>: <cards in table order>" with its wild card written `JK=7H` (the card it stands for;
in a set, the rank: `2C=K`)."""

from games.engines.burraco.melds import wild_stands_for


def meld_text(meld: dict) -> str:
    cards = list(meld["cards"])
    if meld["wild"] is not None:
        cards[meld["wild"]] += "=" + wild_stands_for(meld)
    return f"{meld['id']}: {' '.join(cards)}"


def table(state: dict) -> dict:
    """The whole table: every zone, whose turn and what it waits for."""
    return {
        "hand": state["hand_no"],
        "dealer": state["dealer"],
        "turn": state["turn"],
        "phase": state["phase"],
        "last_round": state["last_round"],
        "no_discard": state["no_discard"],
        "quiet_turns": state["quiet_turns"],
        "stock": " ".join(state["stock"]),
        "discards": " ".join(state["discards"]),
        "hands": [" ".join(hand) for hand in state["hands"]],
        "pozzetti": [" ".join(pile) for pile in state["pozzetti"]],
        "pozzetto_taker": list(state["pozzetto_taker"]),
        "pending_pozzetto": list(state["pending_pozzetto"]),
        "sides": [list(seats) for seats in state["sides"]],
        "melds": [[meld_text(m) for m in side] for side in state["melds"]],
        "scores": list(state["scores"]),
    }


def notation(state: dict) -> dict:
    """A trace entry's table: the number of actions so far, the seat draw and the seats'
    order, and the table."""
    return {
        "move": state["moves"],
        "seat_draw": list(state["seat_draw"]),
        "order": list(state["order"]),
        **table(state),
    }


def describe(record: dict) -> str:
    """A short human-readable account of a Burraco match record."""
    lines = [f"burraco seed {record['seed']}: {len(record['actions'])} actions"]
    for hand in record["result"]["hands"]:
        parts = []
        for row in hand["sides"]:
            seats = "+".join(str(s) for s in row["seats"])
            parts.append(
                f"seats {seats}: {row['total']:+d} (melded {row['melded']}, "
                f"burracos {row['burraco_bonus']}, closing {row['closing']}, "
                f"pozzetto {row['pozzetto']}, in hand {row['in_hand']})"
            )
        lines.append(f"hand {hand['hand']:>2} ({hand['ended']}): " + "; ".join(parts))
    result = record["result"]
    lines.append(f"scores {result['scores']}  winners {result['winners']}")
    return "\n".join(lines)
