"""python manage.py seed_demo: a demo host and a demo night (idempotent)."""

import datetime

from django.conf import settings
from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand, CommandError

from partynight.models import Night
from partynight.services import nights

DEMO_USER = "demo"
DEMO_PASSWORD = "bunco-demo-night"
DEMO_PLAYERS = ["Ann", "Bea", "Cat", "Dot", "Eve", "Fay", "Gus", "Hal", "Ivy", "Jo", "Kim", "Lu"]


class Command(BaseCommand):
    help = "Create the demo host account and a demo night played by virtual dice."

    def add_arguments(self, parser):
        parser.add_argument("--base-url", default="http://127.0.0.1:8000")

    def handle(self, *args, base_url, **options):
        if not settings.DEBUG:  # its password is in this file: never on a real server
            raise CommandError(
                "seed_demo makes an account whose password is public: it runs only with "
                "DEBUG=1 (a development server), never in production."
            )
        user, created = get_user_model().objects.get_or_create(username=DEMO_USER)
        if created:
            user.set_password(DEMO_PASSWORD)
            user.save()
        night = Night.objects.filter(host=user, is_demo=True).exclude(state="finished").first()
        if night is None:
            night = nights.night_create(
                host=user, name="Demo Bunco night", date=datetime.date.today(), place="Demo"
            )
            Night.objects.filter(pk=night.pk).update(is_demo=True)
            for name in DEMO_PLAYERS:
                nights.player_add(night_id=night.pk, name=name, actor="demo", paid=True)
            nights.seats_draw(night_id=night.pk, actor="demo")
        url = base_url.rstrip("/")
        self.stdout.write(
            f"PartyNight is starting on {url}/\n"
            f"  demo host login: {DEMO_USER} / {DEMO_PASSWORD}\n"
            f"  demo dashboard:  {url}/nights/{night.pk}/dashboard/\n"
            f"  big screen:      {url}/screen/{night.screen_token}/\n"
        )
