"""Closing the night: the prizes from the pot, with the virtual roll-offs shown."""

from django.db import transaction

from partynight.models import Award, Event, Night
from partynight.rules import lifecycle, reducer
from partynight.services import selectors, store
from partynight.services.common import lock_night, log_event, rules_of, seeded
from partynight.services.play import commit, reduce


def night_finish(*, night_id, actor, client_id=None) -> list[Award]:
    """Award the prizes and finish the night. Needs at least one finished round and no round
    in play; finishing twice changes nothing."""
    with transaction.atomic():
        night = lock_night(night_id)
        loaded = store.load(night)
        players = {p.key: p for p in night.players.all()}
        ghosts = [k for k, p in players.items() if p.is_ghost or not p.active]
        active = [k for k, p in players.items() if p.active]
        new, events = reduce(
            reducer.finish,
            loaded.state,
            rules_of(night),
            active,
            ghosts,
            night.prize_table,
            selectors.pot_of(night),
            seeded(night, "prizes"),
            fuzzy_history(night),
        )
        totals = reducer.standings(new, active)
        rows = Award.objects.bulk_create(
            Award(
                night=night,
                prize=a["prize"],
                name=a["name"],
                player=players[a["player"]],
                amount=a["amount"],
                detail={"tie": a["tie"], **totals.get(a["player"], {})},
            )
            for a in new.prizes
        )
        commit(loaded, new, events, actor)
        awards = list(new.prizes)
        log_event(night, "night_finished", actor, {}, {"ok": True, "awards": awards}, client_id)
    return rows


def fuzzy_history(night: Night) -> list[str]:
    """Everyone who held the fuzzy die, oldest first, from its logged moves (the Traveling
    prize's fallbacks)."""
    moves = Event.objects.filter(night=night, kind="fuzzy_moved").order_by("pk")
    return lifecycle.fuzzy_holders(moves.values_list("data", flat=True))
