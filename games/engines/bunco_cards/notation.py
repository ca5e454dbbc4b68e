"""The trace notation of `python -m games.play bunco_cards --trace` (docs/game-record.md):
the whole table, hands and the deck included, for records and tests only (never a view)."""


def cards(pile: list[str]) -> str:
    """A pile as a string of cards separated by spaces, bottom first."""
    return " ".join(pile)


def table(state: dict) -> dict:
    return {
        "deal": state["deal_no"],
        "dealer": state["dealer"],
        "turn": state["turn"],
        "phase": state["phase"],
        "bunco": [cards(pile) for pile in state["bunco"]],
        "hands": [cards(hand) for hand in state["hands"]],
        "surplus": [[cards(pile) for pile in piles] for piles in state["surplus"]],
        "table": [cards(pile) for pile in state["table"]],
        "deck": [cards(ready) for ready in state["deck"]],
        "removed": cards(state["removed"]),
        "new_decks": state["decks_made"],
        "aside": cards(state["aside"]),
        "passes": state["idle"],
        "turns": state["turns"],
        "scores": list(state["scores"]),
    }
