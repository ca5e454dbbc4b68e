"""A turn: the compulsory order, plays to the table piles, the surplus, Stop cards.

The compulsory order (sheet: "A player must always play all of his No. 1 cards from his hand
... first of all other plays. If he does not hold any No. 1 cards ... he must play from his
Bunco pile if possible") holds all turn long, so it also covers a hand drawn mid-turn:
1. a 1 in your hand goes first (it starts a new table pile);
2. then the top card of your Bunco pile, whenever it fits a table pile;
3. then anything that fits, from your hand, your Bunco pile's top or a surplus top, in any
   order; laying a hand card on your surplus ends the turn.

Actions (`seat` must be the one whose turn it is):
- `{"type": "play", "from": "hand"|"bunco"|"surplus", "card": c, "to": i|"new"}` (+ `"slot": k`
  from a surplus pile; `card` is needed from the hand, checked if given otherwise);
- `{"type": "lay", "card": c, "slot": k}`: a hand card on your surplus pile k; ends the turn;
- phase "stop" (your last card went to the surplus and the new hand holds a Stop card):
  `{"type": "stop"}` sets the Stop card aside and you play on, `{"type": "pass"}` ends the turn;
- `{"type": "pass"}` in phase "play" only with an empty hand (the deck ran dry).
"""

from games.engines.base import RulesError
from games.engines.bunco_cards.cards import BUNCO, FULL_PILE, STOP, name, targets
from games.engines.bunco_cards.deal import clear_bunco_stop, draw, end_deal, set_stops_aside
from live.words import said

MAX_TURNS = 5000  # a safety net far beyond any real deal (bots average well under 200)


def compulsory(state: dict, seat: int) -> str | None:
    """ "ones" while the hand holds a 1, else "bunco" while the Bunco pile's top fits, else None."""
    if "1" in state["hands"][seat]:
        return "ones"
    pile = state["bunco"][seat]
    if pile and targets(pile[-1], state["table"]):
        return "bunco"
    return None


def legal_actions(state: dict, seat: int) -> list[dict]:
    if state["phase"] == "over" or seat != state["turn"]:
        return []
    if state["phase"] == "stop":
        return [{"type": "stop"}, {"type": "pass"}]
    table, hand = state["table"], state["hands"][seat]
    must = compulsory(state, seat)
    if must == "ones":
        return [{"type": "play", "from": "hand", "card": "1", "to": "new"}]
    if must == "bunco":
        top = state["bunco"][seat][-1]
        return [
            {"type": "play", "from": "bunco", "card": top, "to": to} for to in targets(top, table)
        ]
    plays = [
        {"type": "play", "from": "hand", "card": card, "to": to}
        for card in dict.fromkeys(hand)
        for to in targets(card, table)
    ]
    for slot, pile in enumerate(state["surplus"][seat]):
        if pile:
            plays += [
                {"type": "play", "from": "surplus", "slot": slot, "card": pile[-1], "to": to}
                for to in targets(pile[-1], table)
            ]
    slots = range(len(state["surplus"][seat]))
    lays = [
        {"type": "lay", "card": card, "slot": slot}
        for card in dict.fromkeys(hand)
        for slot in slots
    ]
    return plays + (lays or [{"type": "pass"}])


def apply_action(state: dict, seat: int, action: dict) -> None:
    """Change `state` in place, or raise `RulesError` (then the caller drops the copy)."""
    if state["phase"] == "over":
        raise RulesError(said("The game is over."))
    if seat != state["turn"]:
        raise RulesError(said("It is not your turn."))
    kind = action.get("type")
    if state["phase"] == "stop":
        if kind == "stop":
            _set_stop_aside(state, seat)
        elif kind == "pass":
            _end_turn(state)
        else:
            raise RulesError(said("You drew a Stop card: play it to keep going, or pass."))
        return
    if kind == "play":
        _play(state, seat, action)
    elif kind == "lay":
        _lay(state, seat, action)
    elif kind == "pass":
        _pass(state, seat)
    else:
        raise RulesError(said("Play a card to a table pile, or lay one on your surplus."))


def _first(state: dict, seat: int, must: str | None) -> None:
    if must == "ones":
        raise RulesError(said("Play your 1s first."))
    if must == "bunco":
        top = state["bunco"][seat][-1]
        raise RulesError(
            said("Play the top card of your Bunco pile first: the %(card)s fits.", card=name(top))
        )


def _source(state: dict, seat: int, action: dict) -> tuple[list[str], str]:
    """The pile the played card comes from, and the card."""
    source, card = action.get("from"), action.get("card")
    if source == "hand":
        if card not in state["hands"][seat]:
            raise RulesError(
                said("You do not hold the %(card)s.", card=name(card))
                if isinstance(card, str)
                else said("You do not hold a card like that.")
            )
        return state["hands"][seat], card
    if source == "bunco":
        pile = state["bunco"][seat]
    elif source == "surplus":
        slot = action.get("slot", 0)
        piles = state["surplus"][seat]
        if type(slot) is not int or not 0 <= slot < len(piles):
            raise RulesError(said("There is no such surplus pile."))
        pile = piles[slot]
        if not pile:
            raise RulesError(said("That surplus pile is empty."))
    else:
        raise RulesError(said("Play a card from your hand, your Bunco pile or your surplus."))
    if card is not None and card != pile[-1]:
        raise RulesError(said("The top card there is the %(card)s.", card=name(pile[-1])))
    return pile, pile[-1]


def _play(state: dict, seat: int, action: dict) -> None:
    pile, card = _source(state, seat, action)
    source = action["from"]
    must = compulsory(state, seat)
    if not (must == "ones" and source == "hand" and card == "1") and not (
        must == "bunco" and source == "bunco"
    ):
        _first(state, seat, must)
    table, to = state["table"], action.get("to")
    if card == STOP:
        raise RulesError(said("Stop cards never go on the table piles."))
    if to == "new":
        if card not in ("1", BUNCO):
            raise RulesError(said("Only a 1 (or a Bunco card) starts a new table pile."))
        table.append([])
        to = len(table) - 1
    elif type(to) is not int or not 0 <= to < len(table):
        raise RulesError(said("There is no such table pile."))
    elif card != BUNCO and int(card) != len(table[to]) + 1:
        raise RulesError(
            said(
                "That %(card)s does not fit: that pile needs the %(need)s next.",
                card=name(card),
                need=len(table[to]) + 1,
            )
        )
    pile.remove(card) if source == "hand" else pile.pop()
    table[to].append(card)
    if len(table[to]) == FULL_PILE:
        state["removed"].extend(table.pop(to))
    state["idle"] = 0
    if source == "bunco":
        clear_bunco_stop(state, seat)  # a Stop card under the last card goes too
        if not pile:  # (sheet) "the player who first succeeds wins", at once
            end_deal(state, seat)
            return
    if source == "hand" and not pile:
        _draw(state, seat)  # the last card of the hand went to a table pile: play on


def _lay(state: dict, seat: int, action: dict) -> None:
    _first(state, seat, compulsory(state, seat))
    hand, card, slot = state["hands"][seat], action.get("card"), action.get("slot", 0)
    if card not in hand:
        raise RulesError(said("Lay a card from your hand on your surplus to end your turn."))
    piles = state["surplus"][seat]
    if type(slot) is not int or not 0 <= slot < len(piles):
        raise RulesError(said("There is no such surplus pile."))
    hand.remove(card)
    piles[slot].append(card)
    state["idle"] = 0
    if not hand:
        drawn = draw(state, seat)  # (sheet) a new hand, but the turn ends unless it holds a Stop
        if STOP in drawn:
            state["phase"] = "stop"
            return
    _end_turn(state)


def _set_stop_aside(state: dict, seat: int) -> None:
    state["hands"][seat].remove(STOP)
    state["aside"].append(STOP)
    state["phase"] = "play"
    if not state["config"]["stop_cards"]:
        set_stops_aside(state, seat)


def _pass(state: dict, seat: int) -> None:
    if state["hands"][seat]:
        raise RulesError(said("End your turn by laying a card from your hand on your surplus."))
    _first(state, seat, compulsory(state, seat))
    state["idle"] += 1
    _end_turn(state)


def _draw(state: dict, seat: int) -> None:
    draw(state, seat)
    if not state["config"]["stop_cards"]:
        set_stops_aside(state, seat)


def _end_turn(state: dict) -> None:
    seats = state["config"]["seats"]
    if state["phase"] == "stop" and not state["config"]["stop_cards"]:
        set_stops_aside(state, state["turn"])
    state["turns"] += 1
    if state["idle"] >= seats or state["turns"] >= MAX_TURNS:
        # (ours) Nobody can move any more: the fewest Bunco cards left wins the deal.
        left = [len(pile) for pile in state["bunco"]]
        first = min(range(seats), key=lambda s: (left[s], (s - state["turn"]) % seats))
        end_deal(state, first, stalled=True)
        return
    turn = (state["turn"] + 1) % seats
    state.update(turn=turn, phase="play", to_act=[turn])
    if not state["hands"][turn]:
        _draw(state, turn)  # a hand emptied while the deck was dry: try again now
