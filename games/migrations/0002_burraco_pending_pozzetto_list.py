"""Burraco's `pending_pozzetto` is now a list of seats (two players can wait for their
pozzetto at once): the stored state of a room already playing gets its single seat, or null,
as a list, so it plays on after the upgrade."""

from django.db import migrations


def pending_as_list(apps, schema_editor):
    Room = apps.get_model("games", "Room")
    for room in Room.objects.filter(game="burraco", state__isnull=False).iterator():
        pending = room.state.get("pending_pozzetto")
        if not isinstance(pending, list):
            room.state["pending_pozzetto"] = [] if pending is None else [pending]
            room.save(update_fields=["state"])


class Migration(migrations.Migration):
    dependencies = [("games", "0001_initial")]

    operations = [migrations.RunPython(pending_as_list, migrations.RunPython.noop)]
