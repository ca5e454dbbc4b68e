from django.db import migrations, models


def fill_totals(apps, schema_editor):
    """Nights already under way: the wins, losses and Buncos of their finished rounds."""
    Night = apps.get_model("partynight", "Night")
    Table = apps.get_model("partynight", "Table")
    for night in Night.objects.all():
        totals = {}
        for table in Table.objects.filter(round__night=night, round__state="done"):
            state = table.state
            won = (0, 2) if state["winner"] == "A" else (1, 3)
            for seat, key in enumerate(state["seats"]):
                row = totals.setdefault(key, {"wins": 0, "losses": 0, "buncos": 0})
                row["wins" if seat in won else "losses"] += 1
            for key, count in state.get("buncos", {}).items():
                totals.setdefault(key, {"wins": 0, "losses": 0, "buncos": 0})["buncos"] += count
        Night.objects.filter(pk=night.pk).update(totals=totals)


class Migration(migrations.Migration):
    dependencies = [
        ("partynight", "0003_night_round_number"),
    ]

    operations = [
        migrations.AddField(
            model_name="night",
            name="totals",
            field=models.JSONField(
                blank=True,
                default=dict,
                help_text="Wins, losses and Buncos of the finished rounds, by player key.",
            ),
        ),
        migrations.RunPython(fill_totals, migrations.RunPython.noop),
    ]
