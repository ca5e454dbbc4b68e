"""python manage.py simulate_night --players 12 --seed 7 --json [--rule key=value ...]"""

import json
import random

from django.core.management.base import BaseCommand, CommandError

from partynight.rules import RulesError, parse_rule_args, simulate_night


class Command(BaseCommand):
    help = "Play a whole Bunco night with virtual dice and print its record."

    def add_arguments(self, parser):
        parser.add_argument("--players", type=int, default=12, help="4 to 48")
        parser.add_argument("--seed", type=int, default=None, help="replays the same night")
        parser.add_argument("--json", action="store_true", help="print the night record (JSON)")
        parser.add_argument(
            "--rule",
            action="append",
            default=[],
            metavar="KEY=VALUE",
            help="a rules variant, e.g. bunco_points=25 (repeatable)",
        )

    def handle(self, *args, **options):
        try:
            rules = parse_rule_args(options["rule"])
            record = simulate_night(options["players"], rules, random.Random(options["seed"]))
        except RulesError as error:
            raise CommandError(str(error)) from None
        if options["json"]:
            self.stdout.write(json.dumps(record, indent=1))
            return
        names = {p["id"]: p["name"] for p in record["players"]}
        self.stdout.write(f"{len(record['rounds'])} rounds, pot ${record['pot']}")
        for prize in record["prizes"]:
            self.stdout.write(f"  {prize['name']}: {names[prize['player']]} ${prize['amount']}")
