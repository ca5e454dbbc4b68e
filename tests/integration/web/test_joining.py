"""Getting every guest onto their own page: claiming a name the host added (once), the
join code, each player's QR card, releasing a name, the pasted list and the paid toggle."""

import re
import threading

import pytest
from django.db import connection
from django.test import Client
from django.urls import reverse

from live import limits
from live.errors import ServiceError
from partynight.models import JOIN_CODE_ALPHABET, Player
from partynight.services import nights
from tests import builders


def join_url(night):
    return reverse("phone:join", args=[night.join_token])


@pytest.fixture
def night(host):
    return builders.night(host, ["Ann", "Bea"], paid=False)


def test_a_guest_the_host_added_claims_their_name_instead_of_making_a_duplicate(client, night):
    page = client.get(join_url(night)).content.decode()
    assert "Is this you? Ann" in page and "Is this you? Bea" in page
    typed = client.post(join_url(night), {"name": " ann "}).content.decode()
    assert "Is this you? Ann" in typed and "add a last initial" not in typed
    ann = night.players.get(name="Ann")
    response = client.post(join_url(night), {"claim": ann.pk})
    assert response.status_code == 302 and response.url == f"/play/{ann.token}/"
    assert night.players.filter(name__iexact="ann").count() == 1
    ann.refresh_from_db()
    assert ann.claimed
    assert night.events.filter(kind="player_claimed", actor="join").count() == 1
    # The same phone scanning again, or tapping twice, goes back to its own page.
    assert client.get(join_url(night)).url == f"/play/{ann.token}/"
    assert client.post(join_url(night), {"claim": ann.pk}).url == f"/play/{ann.token}/"
    # Another phone no longer sees Ann and cannot claim her.
    other = Client()
    assert "Is this you? Ann" not in other.get(join_url(night)).content.decode()
    refused = other.post(join_url(night), {"claim": ann.pk})
    assert refused.status_code == 409
    assert "Ann has already joined on another phone" in refused.content.decode()
    typed = other.post(join_url(night), {"name": "Ann"})
    assert typed.status_code == 409 and "add a last initial" in typed.content.decode()
    assert night.events.filter(kind="player_claimed").count() == 1


def test_opening_a_players_own_link_takes_the_name(client, night):
    bea = night.players.get(name="Bea")
    assert client.get(f"/play/{bea.token}/").status_code == 200
    bea.refresh_from_db()
    assert bea.claimed
    assert "Is this you? Bea" not in Client().get(join_url(night)).content.decode()


def test_the_host_releases_a_name_and_the_old_link_dies(host_client, client, night):
    ann = night.players.get(name="Ann")
    client.post(join_url(night), {"claim": ann.pk})
    old_token = ann.token
    planning = host_client.get(reverse("host:night", args=[night.pk])).content.decode()
    assert "on a phone" in planning and "Release the name" in planning
    response = host_client.post(
        reverse("host:player_release", args=[night.pk, ann.pk]), follow=True
    )
    assert "Ann&#x27;s name is free to claim again" in response.content.decode()
    ann.refresh_from_db()
    assert not ann.claimed and ann.token != old_token
    assert client.get(f"/play/{old_token}/").status_code == 404
    phone = Client()
    assert phone.post(join_url(night), {"claim": ann.pk}).url == f"/play/{ann.token}/"


def test_claims_work_after_play_starts_and_new_names_join_the_waiting_list(client, host):
    night = builders.night(host, players=4, started=True)
    Player.objects.filter(night=night).update(claimed=False)
    first = night.players.filter(is_ghost=False).first()
    page = client.get(join_url(night)).content.decode()
    assert f"Is this you? {first.name}" in page
    assert "Play has started and every chair is taken." in page
    assert "ask the host to seat you in a ghost&#x27;s chair" not in page
    assert client.post(join_url(night), {"claim": first.pk}).url == f"/play/{first.token}/"
    ghost = night.players.filter(is_ghost=True).first()
    if ghost:
        assert Client().post(join_url(night), {"claim": ghost.pk}).status_code == 400
    late = Client().post(join_url(night), {"name": "Late Larry"})
    larry = night.players.get(name="Late Larry")
    assert late.url == f"/play/{larry.token}/"
    night.refresh_from_db()
    assert night.waiting == [larry.key]


@pytest.mark.django_db(transaction=True)
def test_two_phones_claiming_at_once_first_wins_second_is_told(host):
    night = builders.night(host)
    ann = nights.player_add(night_id=night.pk, name="Ann", actor="host")
    results, barrier = [], threading.Barrier(2)

    def claim(actor):
        barrier.wait()
        try:
            nights.player_claim(night_id=night.pk, player_id=ann.pk, actor=actor)
            results.append("won")
        except ServiceError as error:
            results.append(error.code)
        finally:
            connection.close()

    threads = [threading.Thread(target=claim, args=(f"join-{n}",)) for n in range(2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert sorted(results) == ["already_claimed", "won"]
    assert night.events.filter(kind="player_claimed").count() == 1


def test_the_join_code_is_short_unambiguous_and_works_like_the_qr(client, night, host):
    code = night.join_code
    assert len(code) == 6 and set(code) <= set(JOIN_CODE_ALPHABET)
    assert not set("01ILOUV") & set(JOIN_CODE_ALPHABET)
    assert builders.night(host).join_code != code
    home = client.get("/").content.decode()
    assert 'action="/join/"' in home and 'name="code"' in home
    typed = f" {code[:3].lower()}-{code[3:].lower()} "
    response = client.get(reverse("phone:join_code"), {"code": typed})
    assert response.status_code == 302 and response.url == join_url(night)
    wrong = client.get(
        reverse("phone:join_code"), {"code": "ZZZZZZ" if code != "ZZZZZZ" else "YYYYYY"}
    )
    assert wrong.status_code == 404 and "No party has the code" in wrong.content.decode()
    empty = client.get(reverse("phone:join_code"), {"code": ""})
    assert empty.status_code == 400 and "Type the join code" in empty.content.decode()


def test_guessing_join_codes_slows_down_but_right_codes_never_do(night, monkeypatch):
    pauses = []

    async def record(seconds):
        pauses.append(seconds)

    monkeypatch.setattr(limits, "pause", record)
    guesser = Client(REMOTE_ADDR="203.0.113.50")
    for _ in range(5):
        assert guesser.get(reverse("phone:join_code"), {"code": night.join_code}).status_code == 302
    assert pauses == []  # right codes never count
    for n in range(limits.FREE_FAILURES + 2):
        guess = "".join(JOIN_CODE_ALPHABET[(n + i) % 21] for i in range(6))
        if guess == night.join_code:
            guess = "ZZZZZY"
        assert guesser.get(reverse("phone:join_code"), {"code": guess}).status_code == 404
    assert pauses[-3:] == [0.0, limits.FIRST_DELAY, 2 * limits.FIRST_DELAY]
    assert guesser.get(reverse("phone:join_code"), {"code": night.join_code}).status_code == 302
    assert len(pauses) == limits.FREE_FAILURES + 2  # and were never slowed


def test_the_planning_page_and_the_big_screen_show_the_code(host_client, client, night):
    planning = host_client.get(reverse("host:night", args=[night.pk])).content.decode()
    assert night.join_code in planning
    assert reverse("host:night_phones", args=[night.pk]) in planning
    screen = client.get(reverse("host:screen", args=[night.screen_token])).content.decode()
    assert night.join_code in screen and 'id="join-box"' in screen and "<svg" in screen
    nights.player_add(night_id=night.pk, name="Cat", actor="host")
    nights.player_add(night_id=night.pk, name="Dot", actor="host")
    nights.seats_draw(night_id=night.pk, actor="host")
    from partynight.services import play

    play.round_start(night_id=night.pk, number=1, actor="host")
    screen = client.get(reverse("host:screen", args=[night.screen_token])).content.decode()
    assert re.search(r'<section id="lobby" class="lobby" hidden>', screen)  # with its join box


def test_the_phones_page_shows_each_players_own_qr_card(host_client, other, night):
    page = host_client.get(reverse("host:night_phones", args=[night.pk])).content.decode()
    for player in night.players.all():
        assert f"http://testserver/play/{player.token}/" in page
    assert page.count("<svg") == night.players.count()
    assert night.join_code in page
    intruder = Client()
    intruder.force_login(other)
    assert intruder.get(reverse("host:night_phones", args=[night.pk])).status_code == 404


def test_a_pasted_list_adds_everyone_and_reports_each_bad_line(host_client, night):
    text = "Cat\n\n  Dot  \nann\nCat\n" + "x" * 41 + "\nEve\u0000\nFay\n"
    response = host_client.post(reverse("host:players_add_list", args=[night.pk]), {"names": text})
    page = response.content.decode()
    assert response.status_code == 400  # some lines were refused
    assert "Added 3: Cat, Dot, Fay." in page
    assert "Line 4, “ann”: ann is already playing tonight" in page
    assert "Line 5, “Cat”: Cat is already playing tonight" in page
    assert "Line 6," in page and "at most 40 characters" in page
    assert "Line 7," in page and "control characters" in page
    names = set(night.players.values_list("name", flat=True))
    assert names == {"Ann", "Bea", "Cat", "Dot", "Fay"}
    left = page.split('name="names" rows="8">')[1].split("</textarea>")[0]
    assert left.splitlines()[:2] == ["ann", "Cat"]
    assert night.events.filter(kind="player_added").count() == 5


def test_a_pasted_list_is_capped_and_an_empty_one_explained(host_client, night):
    url = reverse("host:players_add_list", args=[night.pk])
    long = host_client.post(url, {"names": "\n".join(f"P{n}" for n in range(200))})
    assert long.status_code == 400 and "Paste at most" in long.content.decode()
    assert night.players.count() == 2
    empty = host_client.post(url, {"names": " \n \n"})
    assert empty.status_code == 400 and "Paste at least one name." in empty.content.decode()


def test_adding_one_player_comes_back_with_the_cursor_in_the_name_box(host_client, night):
    response = host_client.post(reverse("host:player_add", args=[night.pk]), {"name": "Cat"})
    assert response.url == reverse("host:night", args=[night.pk]) + "?added=1"
    page = host_client.get(response.url).content.decode()
    assert re.search(r'<input type="text" name="name" id="id_name"[^>]* autofocus>', page)
    plain = host_client.get(reverse("host:night", args=[night.pk])).content.decode()
    assert not re.search(r'id="id_name"[^>]* autofocus', plain)


def test_the_paid_toggle_answers_json_and_keeps_csrf(host, night):
    strict = Client(enforce_csrf_checks=True)
    strict.force_login(host)
    ann = night.players.get(name="Ann")
    url = reverse("host:player_paid", args=[night.pk, ann.pk])
    assert strict.post(url, {"paid": "1"}, HTTP_ACCEPT="application/json").status_code == 403
    page = strict.get(reverse("host:night", args=[night.pk])).content.decode()
    token = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', page).group(1)
    data = {"paid": "1", "csrfmiddlewaretoken": token}
    answer = strict.post(url, data, HTTP_ACCEPT="application/json")
    assert answer.status_code == 200
    assert answer.json() == {"paid": True, "name": "Ann", "pot": 5}
    ann.refresh_from_db()
    assert ann.paid
    missing = reverse("host:player_paid", args=[night.pk, 999999])
    refused = strict.post(missing, data, HTTP_ACCEPT="application/json")
    assert refused.status_code == 400 and refused.json()["error"]
