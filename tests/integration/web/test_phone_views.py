"""The phone pages: the play link, the join link behind the QR code, and the page weight."""

import re
from pathlib import Path

import pytest
from django.contrib.staticfiles import finders

from live.words import english
from partynight.models import Player
from partynight.services import nights, play, snapshots
from tests import builders

PAGE_BUDGET = 60 * 1024


@pytest.fixture
def night(host):
    return builders.night(host, ["Ann <script>"], seed=None, paid=False, name="Friday <b>Bunco</b>")


def test_the_play_page_renders_for_a_players_link(client, night):
    player = night.players.get()
    response = client.get(f"/play/{player.token}/")
    assert response.status_code == 200
    html = response.content.decode()
    assert f'data-ws="/ws/play/{player.token}/"' in html
    assert "Ann &lt;script&gt;" in html and "<script>" not in html.replace(
        '<script src="', ""
    ).replace("</script>", "")
    assert "js/lib/live.js" in html and "js/pages/phone.js" in html
    for entry in ("0", "1", "2", "mini", "bunco", "wipeout"):
        assert f'data-entry="{entry}"' in html


@pytest.mark.parametrize("kind", ["forged", "removed", "ghost"])
def test_a_bad_play_link_is_a_clear_404(client, night, kind):
    if kind == "forged":
        token = "nope-not-a-token"
    elif kind == "ghost":
        token = Player.objects.create(night=night, name="Ghost 1", is_ghost=True).token
    else:
        player = night.players.get()
        nights.player_remove(night_id=night.pk, player_id=player.pk, actor="host")
        token = player.token
    response = client.get(f"/play/{token}/")
    assert response.status_code == 404
    assert b"This player link is not valid; ask the host for your link." in response.content


def test_joining_adds_the_player_and_opens_their_phone_page(client, night):
    page = client.get(f"/join/{night.join_token}/")
    assert page.status_code == 200 and b"Your name" in page.content
    response = client.post(f"/join/{night.join_token}/", {"name": "  Bea   Smith "})
    player = night.players.get(name="Bea Smith")
    assert response.status_code == 302 and response.url == f"/play/{player.token}/"
    assert night.events.filter(kind="player_added", actor="join").exists()


@pytest.mark.parametrize(
    ("name", "status", "message"),
    [
        ("", 400, "Please enter a name."),
        ("x" * 41, 400, "at most 40 characters"),
        ("ann <SCRIPT>", 409, "Ann &lt;script&gt; has already joined on another phone"),
    ],
)
def test_join_errors_are_shown(client, night, name, status, message):
    night.players.update(claimed=True)  # Ann's phone has her link: the name is taken
    response = client.post(f"/join/{night.join_token}/", {"name": name})
    assert response.status_code == status
    assert message in response.content.decode()
    assert night.players.count() == 1


def test_a_guest_joining_after_play_started_is_told_what_happens_next(client, night):
    for i in range(3):
        nights.player_add(night_id=night.pk, name=f"P{i}", actor="host")
    nights.seats_draw(night_id=night.pk, actor="host")
    play.round_start(night_id=night.pk, number=1, actor="host")
    page = client.get(f"/join/{night.join_token}/").content.decode()
    assert "Play has started and every chair is taken." in page
    assert "when a player leaves, the host can give you their chair." in page
    response = client.post(f"/join/{night.join_token}/", {"name": "Late Larry"})
    larry = Player.objects.get(night=night, name="Late Larry")  # a fresh night row too
    assert response.url == f"/play/{larry.token}/"
    phone = snapshots.player_snapshot(larry)["phone"]
    assert phone["phase"] == "waiting_list" and not phone["pad"]
    assert english(phone["headline"]) == "You're on the waiting list: keep this page open"


def test_a_bad_join_link_is_a_404(client, night):
    response = client.get("/join/not-the-token/")
    assert response.status_code == 404 and b"join link is not valid" in response.content


def test_join_checks_csrf(night):
    from django.test import Client

    strict = Client(enforce_csrf_checks=True)
    assert strict.post(f"/join/{night.join_token}/", {"name": "Eve"}).status_code == 403
    page = strict.get(f"/join/{night.join_token}/")
    token = re.search(rb'name="csrfmiddlewaretoken" value="([^"]+)"', page.content).group(1)
    response = strict.post(
        f"/join/{night.join_token}/", {"name": "Eve", "csrfmiddlewaretoken": token.decode()}
    )
    assert response.status_code == 302


def test_the_whole_phone_page_is_under_60_kb(client, night):
    player = night.players.get()
    html = client.get(f"/play/{player.token}/").content
    assets = re.findall(rb'(?:src|href)="/static/([^"]+)"', html)
    assert {a.decode() for a in assets} >= {"css/phone.css", "js/lib/live.js", "js/pages/phone.js"}
    sizes = {a.decode(): Path(finders.find(a.decode())).stat().st_size for a in assets}
    total = len(html) + sum(sizes.values())
    print(
        f"\nphone page: html={len(html)} "
        + " ".join(f"{k}={v}" for k, v in sizes.items())
        + f" total={total} bytes"
    )
    assert total < PAGE_BUDGET
