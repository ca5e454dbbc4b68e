"""Scoring a Burraco hand and the match (rules/burraco.md, "Scoring").

Per side: the melded cards' values, +200 a clean burraco, +100 a dirty one (the semi-clean
variant: `semi_clean` points for a dirty burraco holding 7 natural cards in a row), +100
for closing, -100 when the side never reached its pozzetto, minus the values of the cards
left in its players' hands (an untaken pozzetto's cards do not count). A side whose player
went out by discard has reached it even if the hand ends before that player's next turn
(seed: the pozzetto is taken "on the next turn, or while the others play").
"""

from games.engines.burraco.melds import is_burraco, natural_run, value

CLEAN, DIRTY, CLOSING, NO_POZZETTO = 200, 100, 100, 100


def burraco_bonus(meld: dict, config: dict) -> tuple[str, int] | None:
    """("clean" | "semi_clean" | "dirty", points) for a burraco, None for a shorter meld."""
    if not is_burraco(meld):
        return None
    if meld["wild"] is None:
        return "clean", CLEAN
    if config["semi_clean"] and natural_run(meld) >= 7:
        return "semi_clean", config["semi_clean"]
    return "dirty", DIRTY


def side_score(state: dict, side: int, closed: bool, final: bool) -> dict:
    """One side's breakdown. `final`: the hand is over, so hands and the pozzetto count."""
    melds = state["melds"][side]
    bonuses = [b for b in (burraco_bonus(m, state["config"]) for m in melds) if b]
    melded = sum(value(c) for m in melds for c in m["cards"])
    row = {
        "seats": list(state["sides"][side]),
        "melded": melded,
        "burracos": {kind: sum(1 for k, _ in bonuses if k == kind) for kind, _ in bonuses},
        "burraco_bonus": sum(points for _, points in bonuses),
        "closing": CLOSING if closed else 0,
    }
    if final:
        left = [c for seat in state["sides"][side] for c in state["hands"][seat]]
        row["hand_cards"] = sorted(left)
        row["in_hand"] = -sum(value(c) for c in left)
        row["pozzetto"] = 0 if reached_pozzetto(state, side) else -NO_POZZETTO
    row["total"] = sum(v for k, v in row.items() if k in SUMMED)
    return row


SUMMED = ("melded", "burraco_bonus", "closing", "in_hand", "pozzetto")


def took_pozzetto(state: dict, side: int) -> bool:
    return any(taker in state["sides"][side] for taker in state["pozzetto_taker"])


def reached_pozzetto(state: dict, side: int) -> bool:
    """The side took its pozzetto, or one of its players went out by discard (it is theirs)."""
    seats = state["sides"][side]
    return took_pozzetto(state, side) or any(s in state["pending_pozzetto"] for s in seats)


def seat_points(state: dict, rows: list[dict]) -> list[int]:
    """What each seat adds to its match score: partners both score their side's total; in
    the 3-player form the two partners share their side's total, half each, rounded up
    (27.5 is 28, -27.5 is -27)."""
    points = [0] * state["config"]["seats"]
    for row in rows:
        share = row["total"]
        if state["config"]["seats"] == 3:
            share = -(-share // len(row["seats"]))
        for seat in row["seats"]:
            points[seat] = share
    return points


def match_winners(scores: list[int], target: int, partners: list[list[int]]) -> list[int] | None:
    """The seats that won once someone reached the target (the higher total wins; a tie at
    the top between two sides plays another hand), else None. `partners`: the match's sides
    (partners share a score)."""
    best = max(scores)
    if best < target:
        return None
    top = sorted(seat for seat, score in enumerate(scores) if score == best)
    return top if any(sorted(side) == top for side in partners) else None
