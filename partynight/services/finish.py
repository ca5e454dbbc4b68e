"""Closing the night: the prizes from the pot, with the virtual roll-offs shown."""

from django.db import transaction

from partynight.models import Award, Event, Night, Round
from partynight.rules.errors import RulesError
from partynight.rules.prizes import award_prizes
from partynight.services import broadcast, selectors
from partynight.services.common import bump, current_round, lock_night, log_event, rules_of, seeded
from partynight.services.errors import ServiceError


def night_finish(*, night_id, actor, client_id=None) -> list[Award]:
    """Award the prizes and finish the night. Needs at least one finished round and no round
    in play; finishing twice changes nothing."""
    with transaction.atomic():
        night = lock_night(night_id)
        if night.state == Night.State.FINISHED:
            raise ServiceError("The night is already finished.", "already_done")
        round_ = current_round(night)
        if round_ is None:
            raise ServiceError("Play at least one round before awarding prizes.", "wrong_state")
        if round_.state != Round.State.DONE:
            raise ServiceError("Finish the current round before awarding prizes.", "wrong_state")
        players = {p.key: p for p in night.players.all()}
        totals = selectors.standings(night)
        ghosts = [k for k, p in players.items() if p.is_ghost or not p.active]
        try:
            awards = award_prizes(
                totals,
                night.fuzzy_holder.key if night.fuzzy_holder_id else None,
                ghosts,
                night.prize_table,
                selectors.pot_of(night),
                rules_of(night),
                seeded(night, "prizes"),
                fuzzy_history(night),
            )
        except RulesError as error:
            raise ServiceError(str(error)) from None
        rows = Award.objects.bulk_create(
            Award(
                night=night,
                prize=a["prize"],
                name=a["name"],
                player=players[a["player"]],
                amount=a["amount"],
                detail={"tie": a["tie"], **totals.get(a["player"], {})},
            )
            for a in awards
        )
        night.state = Night.State.FINISHED
        night.save(update_fields=["state"])
        log_event(night, "night_finished", actor, {}, {"ok": True, "awards": awards}, client_id)
        payload = {"type": "night", "scope": "night", "what": "finished", "v": bump(night)}
        broadcast.night_changed(night.pk, payload)
    return rows


def fuzzy_history(night: Night) -> list[str]:
    """Everyone who held the fuzzy die, in order (for the Traveling prize's fallbacks)."""
    undone = selectors.undone_event_ids(night)
    history = []
    rolls = Event.objects.filter(night=night, kind="roll").exclude(pk__in=undone)
    for result in rolls.values_list("result", flat=True):
        credited = result.get("roll", {}).get("credited")
        if result.get("roll", {}).get("kind") == "bunco" and credited:
            history.append(credited)
    return history
