"""Burraco follows the seed by default now (issue 24): the seat draw picks the partners and
the order of play, the stalemate ends a hand by itself (the agreement variant and its
`stalemate` setting are gone), and the old ways are named variants. A room's settings lose
`stalemate`; a match already under way keeps playing as it began (seats in number order,
partners 0+2 and 1+3, the end swing, the drawer of the last stock cards playing the turn
out), with the state's new fields filled in."""

from django.db import migrations

OLD_WAYS = {"partners_by_seat": True, "end_swing": True, "play_out": True}


def upgrade_state(state: dict) -> dict:
    config = {k: v for k, v in state["config"].items() if k != "stalemate"}
    state["config"] = OLD_WAYS | config
    seats = config["seats"]
    state["seat_draw"] = state.pop("dealer_draw", None) or []
    state.setdefault("order", list(range(seats)))
    state.setdefault("partners", [[0, 2], [1, 3]] if seats == 4 else [[s] for s in range(seats)])
    state.setdefault("moves", 0)
    state.setdefault("no_discard", None)
    offer = state.pop("stalemate", None)
    if state.get("phase") == "stalemate":  # an offer waiting for answers: play on
        state["phase"], state["to_act"] = "draw", [offer["by"] if offer else state["turn"]]
    state["quiet_turns"] = 0
    return state


def forwards(apps, schema_editor):
    Room = apps.get_model("games", "Room")
    for room in Room.objects.filter(game="burraco").iterator():
        room.config = {k: v for k, v in (room.config or {}).items() if k != "stalemate"}
        if room.state and "order" not in room.state:
            room.state = upgrade_state(room.state)
        room.save(update_fields=["config", "state"])


class Migration(migrations.Migration):
    dependencies = [("games", "0005_room_opened_by")]

    operations = [migrations.RunPython(forwards, migrations.RunPython.noop)]
