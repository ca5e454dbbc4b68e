"""Nights get a short join code (unique, filled in for existing nights); players a claimed
flag (existing players count as claimed: their phones may already hold the link)."""

from django.db import migrations, models

import partynight.models


def fill_codes(apps, schema_editor):
    Night = apps.get_model("partynight", "Night")
    taken = set()
    for night in Night.objects.all().only("pk"):
        code = partynight.models.new_join_code()
        while code in taken:
            code = partynight.models.new_join_code()
        taken.add(code)
        Night.objects.filter(pk=night.pk).update(join_code=code)


class Migration(migrations.Migration):
    dependencies = [
        ("partynight", "0004_night_totals"),
    ]

    operations = [
        migrations.AddField(
            model_name="night",
            name="join_code",
            field=models.CharField(max_length=6, null=True),
        ),
        migrations.RunPython(fill_codes, migrations.RunPython.noop),
        migrations.AlterField(
            model_name="night",
            name="join_code",
            field=models.CharField(
                default=partynight.models.new_join_code, max_length=6, unique=True
            ),
        ),
        migrations.AddField(
            model_name="player",
            name="claimed",
            field=models.BooleanField(default=True),
        ),
        migrations.AlterField(
            model_name="player",
            name="claimed",
            field=models.BooleanField(default=False),
        ),
    ]
