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


def notation(state: dict, opened: dict | None = None) -> dict:
    """The trace entry after an action: its number, the seat draw and the seats' order, the
    table after it, the table before it when it was the match's first (`opened`), and the
    table as the hand ended when it ended one (`closed`; the table after it is then the next
    hand's deal, or the last hand's end when the match is over)."""
    entry = {
        "move": state["moves"],
        "seat_draw": list(state["seat_draw"]),
        "order": list(state["order"]),
        **table(state),
    }
    if opened is not None:
        entry["opened"] = opened
    closed = state["closed_table"]
    if closed is not None and closed["move"] == state["moves"]:
        entry["closed"] = {k: v for k, v in closed.items() if k != "move"}
    return entry


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
