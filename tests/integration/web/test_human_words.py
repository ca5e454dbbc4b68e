"""Forms and pages in the host's words: no codes on screen, sensible defaults, a favicon."""

import re

from django.urls import reverse
from django.utils.timezone import localdate

from live.words import english
from partynight.services import nights
from tests import builders


def visible_text(page: str) -> str:
    """The page's text as a reader sees it: no tags, attributes or hidden inputs."""
    page = re.sub(r"<(script|style)\b.*?</\1>", " ", page, flags=re.S)
    return re.sub(r"<[^>]*>", " ", page)


def test_rule_options_and_prizes_read_as_words(host_client):
    page = host_client.get(reverse("host:night_new")).content.decode()
    text = visible_text(page)
    for words in ("Most Buncos", "Roll-off", "Split", "Ends the turn", "No break", "Fixed $"):
        assert words in text, words
    for code in ("most_buncos", "rolloff", "ends_turn", "fifty_fifty", "taking_something_home"):
        assert code not in text, code
    # The values sent stay the codes the rules layer reads.
    assert 'value="rolloff"' in page and 'value="ends_turn"' in page


def test_a_new_night_defaults_to_today(host_client):
    page = host_client.get(reverse("host:night_new")).content.decode()
    assert f'name="date" value="{localdate().isoformat()}"' in page


def test_name_boxes_carry_their_limit_and_the_note_script(host_client, host):
    night = builders.night(host)
    page = host_client.get(reverse("host:night", args=[night.pk])).content.decode()
    assert 'maxlength="40"' in page and "js/lib/fields.js" in page
    join = host_client.get(reverse("phone:join", args=[night.join_token])).content.decode()
    assert 'maxlength="40"' in join and "js/lib/fields.js" in join


def test_the_rooms_page_shows_each_players_real_link(host_client, host):
    night = builders.night(host)
    ann = nights.player_add(night_id=night.pk, name="Ann", actor="host")
    page = host_client.get(reverse("games:host_rooms", args=[night.pk])).content.decode()
    assert "their player link token" not in page
    assert f"http://testserver/rooms/for/{ann.token}/" in page


def test_a_favicon_is_served(client):
    response = client.get("/favicon.ico")
    assert response.status_code == 200 and response["Content-Type"] == "image/svg+xml"
    assert b"<svg" in response.content
    assert 'rel="icon"' in client.get("/").content.decode()


def test_the_demo_nights_planning_page_says_its_state_and_opens_the_dashboard(host_client, host):
    night = builders.night(host, players=4, drawn=True, is_demo=True)
    page = host_client.get(reverse("host:night", args=[night.pk])).content.decode()
    dashboard = reverse("host:dashboard", args=[night.pk])
    assert "Demo night:" in page and "only while its dashboard or big screen is open" in page
    assert "Seats are drawn. Open the dashboard and round 1 starts by itself." in page
    assert f'<a class="button" href="{dashboard}">Open the dashboard</a>' in page
    from partynight.services import play

    play.round_start(night_id=night.pk, number=1, actor="demo")
    page = host_client.get(reverse("host:night", args=[night.pk])).content.decode()
    assert "Round 1 is being played; open the dashboard to watch." in page
    assert page.count(f'href="{dashboard}"') == 1
    plain = builders.night(host, players=4, drawn=True)
    assert (
        "Demo night" not in host_client.get(reverse("host:night", args=[plain.pk])).content.decode()
    )


def test_the_shared_results_page_has_no_paper_toolbar_but_a_print_button(host_client, host):
    night = builders.night(host)
    shared = host_client.get(reverse("paper:results_public", args=[night.results_token]))
    page = shared.content.decode()
    assert "Paper:" not in page and 'class="toolbar' not in page
    assert 'id="print-page"' in page and "Print the results" in page
    mine = host_client.get(reverse("paper:results", args=[night.pk])).content.decode()
    assert "Paper:" in mine and mine.count('id="print-page"') == 1


# Words people read on the phones and the paper that once contradicted themselves or used
# jargon (issue 26); none may come back.
OLD_WORDS = (
    "Stay here",  # "Stay here, move to seat 3"
    "stay at the",  # "You lost. Next round: stay at the Foot table"
    "go up to the",
    "go down to the",
    "3 of up",
    "Traveling (holds the fuzzy die)",
    "0 Buncos, the most",
    "ask the host to seat you in a ghost",
    "there is no ghost to replace",
)


def test_the_phone_pages_and_a_whole_nights_phone_words_have_no_old_words(client, host):
    from partynight.models import Player
    from partynight.rules.config import Rules
    from partynight.services import snapshots
    from tests.helpers.play import play_night

    rules = Rules(sets=1, rounds_per_set=3, break_after_set=None)
    night = builders.night(host, players=10, rules=rules)
    texts = []
    night = play_night(night)
    for player in Player.objects.filter(night=night, is_ghost=False):
        snapshot = snapshots.player_snapshot(Player.objects.get(pk=player.pk))
        texts += [english(snapshot["phone"]["headline"]), english(snapshot["phone"]["detail"])]
        prizes = snapshot["results"]["prizes"]
        texts += [f"{english(p['name'])} {english(p['why'])}" for p in prizes]
        page = client.get(f"/play/{player.token}/").content.decode()
        texts.append(visible_text(page))
    texts.append(visible_text(client.get(f"/join/{night.join_token}/").content.decode()))
    for text in texts:
        for old in OLD_WORDS:
            assert old not in text, (old, text)
        assert not re.search(r"\w and \w+ and ", text), text  # lists take commas
        assert not re.search(r"\bW \d|\bL \d", text), text  # "W 0 L 0": say wins, losses
