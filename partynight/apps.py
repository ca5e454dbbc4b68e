from django.apps import AppConfig


class PartyNightConfig(AppConfig):
    name = "partynight"
    verbose_name = "Bunco nights"
    default_auto_field = "django.db.models.BigAutoField"
