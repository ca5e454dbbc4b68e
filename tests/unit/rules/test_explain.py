"""Why each prize went to whom (partynight/rules/explain.py)."""

from live.words import english
from partynight.rules.explain import award_why

NAMES = {"jo": "Jo", "fran": "Fran", "g1": "Ghost 1", "ann": "Ann"}


def why(*args, **kwargs):
    return english(award_why(*args, **kwargs))


def award(prize, player, name, wins=0, losses=0, buncos=0, tie=None):
    detail = {"wins": wins, "losses": losses, "buncos": buncos, "tie": tie}
    return {"prize": prize, "name": name, "player": player, "amount": 5, "detail": detail}


def test_traveling_to_the_holder():
    travel = award("traveling", "jo", "Traveling")
    assert why(travel, [travel], "jo", NAMES) == "Jo holds the fuzzy die at the end of the night."


def test_traveling_skips_a_holder_who_already_won():
    buncos = award("most_buncos", "jo", "Most Buncos", buncos=3)
    travel = award("traveling", "fran", "Traveling")
    text = why(travel, [buncos, travel], "jo", NAMES)
    assert text == (
        "Jo holds the fuzzy die but already won Most Buncos; it goes to Fran, who held it before."
    )


def test_traveling_skips_a_ghost_and_explains_a_rolloff():
    travel = award(
        "traveling", "fran", "Traveling", tie={"method": "rolloff", "tied": ["fran", "ann"]}
    )
    text = why(travel, [travel], "g1", NAMES, ghosts={"g1"})
    assert text.startswith("Ghost 1 holds the fuzzy die, but ghosts and players who left win")
    assert text.endswith("so Fran won a roll-off for it.")


def test_counts_ties_and_skipped_leaders():
    wins = award("most_wins", "jo", "Most wins", wins=14)
    assert why(wins, [wins], None, NAMES) == "Jo won 14 rounds, the most."
    tie = {"method": "rolloff", "tied": ["ann", "fran"]}
    buncos = award("most_buncos", "ann", "Most Buncos", buncos=1, tie=tie)
    assert why(buncos, [buncos], None, NAMES) == (
        "Ann rolled 1 Bunco, the most; tied with Fran, Ann won the roll-off."
    )
    first = award("most_buncos", "jo", "Most Buncos", wins=16, buncos=3)
    second = award("most_wins", "fran", "Most wins", wins=13)
    assert why(second, [first, second], None, NAMES) == (
        "Fran won 13 rounds, the most among the players without a prize yet."
    )
    even = award("fifty_fifty", "fran", "50/50", wins=12, losses=12)
    assert why(even, [even], None, NAMES) == "Fran has 12 wins and 12 losses, exactly even."


def test_nobody_scored_is_said_so_never_zero_the_most():
    everyone = ["ann", "fran", "jo", "g1", "kim", "lee", "mo"]
    names = {**NAMES, "kim": "Kim", "lee": "Lee", "mo": "Mo"}
    tie = {"method": "rolloff", "tied": everyone}
    cat = award("most_buncos", "ann", "Most Buncos", buncos=0, tie=tie)
    text = why(cat, [cat], None, names)
    assert text == "Nobody rolled a Bunco, so Ann won a roll-off among the 7 players."
    assert "0 Buncos" not in text and "the most" not in text
    few = award(
        "most_buncos", "ann", "Most Buncos", tie={"method": "rolloff", "tied": everyone[:3]}
    )
    assert why(few, [few], None, names) == (
        "Nobody rolled a Bunco, so Ann won a roll-off among Ann, Fran and Jo."
    )


def test_a_tie_lists_names_with_commas_and_and():
    tie = {"method": "rolloff", "tied": ["ann", "fran", "jo", "kim"]}
    buncos = award("most_buncos", "ann", "Most Buncos", buncos=2, tie=tie)
    text = why(buncos, [buncos], None, {**NAMES, "kim": "Kim"})
    assert (
        text == "Ann rolled 2 Buncos, the most; tied with Fran, Jo and Kim, Ann won the roll-off."
    )
    assert "Fran and Jo and" not in text
