"""A roll is logged under the reducer's event name, `roll_scored` (the log holds the
reducer's events). Older rolls lack the table state after them, so older nights do not
replay from their log; every reader of rolls still finds them."""

from django.db import migrations


def forwards(apps, schema_editor):
    apps.get_model("partynight", "Event").objects.filter(kind="roll").update(kind="roll_scored")


def backwards(apps, schema_editor):
    apps.get_model("partynight", "Event").objects.filter(kind="roll_scored").update(kind="roll")


class Migration(migrations.Migration):
    dependencies = [
        ("partynight", "0007_languages"),
    ]

    operations = [
        migrations.RunPython(forwards, backwards),
    ]
