"""The host's pages and actions, through Django's test client: every page, every form's
errors, other hosts' nights as 404s, escaping, repeats that change nothing, the record."""

import datetime
import json
import random

import pytest
from asgiref.sync import async_to_sync
from channels.testing import WebsocketCommunicator
from django.test import Client
from django.urls import reverse

from config.asgi import application
from live import pg
from partynight.models import Award, Event, Night, Player, Round
from partynight.rules.config import Rules
from partynight.rules.prizes import DEFAULT_PRIZE_TABLE
from partynight.rules.record import validate_record
from partynight.services import nights, play
from tests import builders
from tests.builders import XSS
from tests.helpers.pages import messages_of
from tests.helpers.play import play_round


def new_night_data(**changes):
    """A valid POST for the new-night form: the defaults, as the page pre-sets them."""
    data = {"name": "Game night", "date": "2026-12-04", "place": "Ann's"}
    for name, value in Rules().to_dict().items():
        if isinstance(value, bool):
            if value:
                data[f"rules-{name}"] = "on"
        else:
            data[f"rules-{name}"] = "none" if value is None else str(value)
    data.update({"prizes-TOTAL_FORMS": "6", "prizes-INITIAL_FORMS": "6"})
    for i, entry in enumerate(DEFAULT_PRIZE_TABLE):
        data.update(
            {
                f"prizes-{i}-prize": entry["prize"],
                f"prizes-{i}-include": "on",
                f"prizes-{i}-name": entry["name"],
                f"prizes-{i}-mode": "share",
                f"prizes-{i}-value": str(entry["share"]),
            }
        )
    data.update(changes)
    return {k: v for k, v in data.items() if v is not None}


# --- the nights list and a new night ----------------------------------------------------


def test_pages_need_a_login(client, host):
    night = builders.night(host)
    for url in (
        reverse("host:nights"),
        reverse("host:night_new"),
        reverse("host:night", args=[night.pk]),
    ):
        response = client.get(url)
        assert response.status_code == 302
        assert response.url.startswith(reverse("site:login"))


def test_home_points_a_logged_in_host_to_their_nights(host_client):
    assert reverse("host:nights") in host_client.get("/").content.decode()


def test_the_list_shows_only_my_nights(host_client, host, other):
    builders.night(host)
    builders.night(other, seed=None, name="Not yours", date=datetime.date(2026, 1, 1))
    page = host_client.get(reverse("host:nights")).content.decode()
    assert "Friday Bunco" in page and "Not yours" not in page
    assert reverse("host:night_new") in page


def test_the_new_night_form_offers_every_rule_with_its_help_and_the_prize_table(host_client):
    page = host_client.get(reverse("host:night_new")).content.decode()
    for name in Rules().to_dict():
        assert f'name="rules-{name}"' in page
    assert "Points a Head-table team needs to ring the bell" in page
    assert 'name="rules-target" value="21"' in page
    assert "Most Buncos" in page and "$20" in page  # the prizes for a 12-player night


def test_a_new_night_is_created_with_its_rules_and_prizes(host_client, host):
    data = new_night_data(**{"rules-bunco_points": "25", "rules-wipeout": "on"})
    data["prizes-0-mode"], data["prizes-0-value"] = "amount", "30"
    data.pop("prizes-5-include")  # no "taking something home" prize
    response = host_client.post(reverse("host:night_new"), data)
    night = Night.objects.get(host=host)
    assert response.url == reverse("host:night", args=[night.pk])
    assert night.rules["bunco_points"] == 25 and night.rules["wipeout"] is True
    assert night.prize_table[0] == {"prize": "most_buncos", "name": "Most Buncos", "amount": 30}
    assert len(night.prize_table) == 5
    assert Event.objects.filter(night=night, kind="night_created").count() == 1


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        ({"name": "   "}, "Please give the night a name."),
        ({"date": "someday"}, "Enter a valid date."),
        ({"rules-break_after_set": "4"}, "break_after_set=4 is not possible with 4 set(s)"),
        ({"rules-target": "99"}, "less than or equal to 51"),
        ({"rules-mini_bunco": "7"}, "Select a valid choice"),
        ({"prizes-2-value": "-3"}, "greater than or equal to 0"),
        ({f"prizes-{i}-include": None for i in range(6)}, "Keep at least one prize."),
    ],
)
def test_a_bad_new_night_form_says_what_is_wrong(host_client, host, changes, message):
    response = host_client.post(reverse("host:night_new"), new_night_data(**changes))
    assert response.status_code == 200
    assert message in response.content.decode()
    assert not Night.objects.filter(host=host).exists()


# --- settings ----------------------------------------------------------------------------


def test_settings_change_the_rules_while_planning_and_show_the_prize_dollars(host_client, host):
    night = builders.night(host, players=12)
    url = reverse("host:night_settings", args=[night.pk])
    page = host_client.get(url).content.decode()
    assert "$60" in page and "$20" in page  # 12 paying players at $5
    response = host_client.post(url, new_night_data(**{"rules-contribution": "10"}))
    assert response.url == reverse("host:night", args=[night.pk])
    night.refresh_from_db()
    assert night.rules["contribution"] == 10
    page = host_client.get(reverse("host:night", args=[night.pk])).content.decode()
    assert "$120" in page and "$40" in page


def test_prizes_that_cannot_add_up_to_the_pot_are_flagged(host_client, host):
    night = builders.night(host, players=4)  # a $20 pot
    data = new_night_data()
    for i in range(6):
        data[f"prizes-{i}-mode"] = "amount"
    host_client.post(reverse("host:night_settings", args=[night.pk]), data)
    page = host_client.get(reverse("host:night", args=[night.pk])).content.decode()
    assert "These prizes do not add up" in page
    assert "the fixed prize amounts ($60) are more than the pot ($20)" in page


def test_rules_are_fixed_once_play_starts(host_client, host):
    night = builders.night(host, players=4, started=True)
    data = new_night_data(**{"rules-bunco_points": "25"})
    response = host_client.post(reverse("host:night_settings", args=[night.pk]), data)
    assert "The rules are fixed once play has started." in response.content.decode()
    night.refresh_from_db()
    assert night.rules["bunco_points"] == 21


# --- players, seats, start ----------------------------------------------------------------


def test_adding_players_shows_clear_errors(host_client, host):
    night = builders.night(host)
    url = reverse("host:player_add", args=[night.pk])
    assert host_client.post(url, {"name": "Ann"}).status_code == 302
    empty = host_client.post(url, {"name": "   "})
    assert empty.status_code == 400 and "Please enter a name." in empty.content.decode()
    twice = host_client.post(url, {"name": "ann"})
    assert "ann is already playing tonight" in twice.content.decode()
    assert list(night.players.values_list("name", flat=True)) == ["Ann"]


def test_rename_mark_paid_and_remove(host_client, host):
    night = builders.night(host, players=2)
    first, second = night.players.all()
    host_client.post(reverse("host:player_rename", args=[night.pk, first.pk]), {"name": "Bea"})
    response = host_client.post(
        reverse("host:player_rename", args=[night.pk, second.pk]), {"name": "bea"}, follow=True
    )
    assert "bea is already playing tonight" in " ".join(messages_of(response))
    host_client.post(reverse("host:player_paid", args=[night.pk, first.pk]), {"paid": "0"})
    host_client.post(reverse("host:player_remove", args=[night.pk, second.pk]))
    first.refresh_from_db()
    second.refresh_from_db()
    assert (first.name, first.paid, second.active) == ("Bea", False, False)


@pytest.mark.parametrize(
    "accept, json_answer",
    [
        ("application/json", True),  # planning.js
        ("application/json, text/html;q=0.5", True),
        ("text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8", False),  # a form
        ("text/html, application/json;q=0.1", False),  # lists JSON, prefers HTML
        ("*/*", False),
        ("", False),
    ],
)
def test_paid_answers_json_only_to_who_prefers_it(host_client, host, accept, json_answer):
    night = builders.night(host, players=1)
    player = night.players.get()
    url = reverse("host:player_paid", args=[night.pk, player.pk])
    response = host_client.post(url, {"paid": "1"}, headers={"accept": accept})
    assert response.status_code == (200 if json_answer else 302)
    assert (response.get("Content-Type") == "application/json") is json_answer
    if json_answer:
        assert response.json()["paid"] is True
    player.refresh_from_db()
    assert player.paid


def test_the_planning_page_shows_tables_ghosts_and_the_join_qr(host_client, host):
    night = builders.night(host, players=5)
    page = host_client.get(reverse("host:night", args=[night.pk])).content.decode()
    assert "5 players: 2 tables, 3 ghosts fill the empty seats." in page
    assert f"http://testserver/join/{night.join_token}/" in page
    assert "<svg" in page
    assert f"/screen/{night.screen_token}/" in page


def test_drawing_seats_needs_four_players(host_client, host):
    night = builders.night(host, players=3)
    response = host_client.post(reverse("host:seats_draw", args=[night.pk]), follow=True)
    assert "A Bunco night needs 4 to 48 players; you have 3." in " ".join(messages_of(response))
    night.refresh_from_db()
    assert night.state == Night.State.PLANNING


def test_draw_redraw_then_start_round_one_once(host_client, host):
    night = builders.night(host, players=6)
    response = host_client.post(reverse("host:seats_draw", args=[night.pk]), follow=True)
    page = response.content.decode()
    assert "★" in page and "Head table" in page and "Foot table" in page
    assert "Ghost 1" in page and "Start round 1" in page
    host_client.post(reverse("host:seats_draw", args=[night.pk]))  # redraw while seating
    start = reverse("host:play_start", args=[night.pk])
    assert host_client.post(start).url == reverse("host:dashboard", args=[night.pk])
    again = host_client.post(start, follow=True)
    assert again.redirect_chain[-1][0] == reverse("host:dashboard", args=[night.pk])
    assert night.rounds.count() == 1
    assert Event.objects.filter(night=night, kind="round_started").count() == 1
    redraw = host_client.post(reverse("host:seats_draw", args=[night.pk]), follow=True)
    assert "the seats can no longer be redrawn" in " ".join(messages_of(redraw))


def test_starting_before_the_draw_is_refused(host_client, host):
    night = builders.night(host, players=4)
    response = host_client.post(reverse("host:play_start", args=[night.pk]), follow=True)
    assert "Draw the seats before starting play." in " ".join(messages_of(response))
    assert not night.rounds.exists()


# --- dashboard, screen, demo --------------------------------------------------------------


def test_the_dashboard_carries_the_snapshot_and_the_socket(host_client, host):
    night = builders.night(host, players=8, started=True)
    response = host_client.get(reverse("host:dashboard", args=[night.pk]))
    page = response.content.decode()
    assert f'data-socket="/ws/nights/{night.pk}/"' in page
    assert 'id="snapshot" type="application/json"' in page
    snapshot = json.loads(page.split('type="application/json">')[1].split("</script>")[0])
    assert snapshot["round"]["number"] == 1 and len(snapshot["tables"]) == 2
    assert "Demo night" not in page
    # the corrections name the tables as the players do
    assert '<option value="1">Head</option><option value="2">Foot</option>' in page


def test_the_big_screen_needs_no_login_but_the_right_token(client, host):
    night = builders.night(host, players=4, started=True, is_demo=True)
    page = client.get(reverse("host:screen", args=[night.screen_token])).content.decode()
    assert f'data-socket="/ws/screen/{night.screen_token}/"' in page
    assert "virtual dice play every seat, but only while its dashboard" in page
    assert client.get(reverse("host:screen", args=["nope"])).status_code == 404
    assert client.get(reverse("host:screen", args=[night.join_token])).status_code == 404


def test_names_are_escaped_everywhere(host_client, host):
    night = builders.night(host, players=3, name=XSS, place=XSS)
    nights.player_add(night_id=night.pk, name=XSS, actor="host", paid=True)
    nights.seats_draw(night_id=night.pk, actor="host")
    play.round_start(night_id=night.pk, number=1, actor="host")
    urls = [
        reverse("host:nights"),
        reverse("host:night", args=[night.pk]),
        reverse("host:night_settings", args=[night.pk]),
        reverse("host:dashboard", args=[night.pk]),
        reverse("host:results", args=[night.pk]),
        reverse("host:screen", args=[night.screen_token]),
    ]
    for url in urls:
        page = host_client.get(url).content.decode()
        assert XSS not in page, url
        assert "alert(1)" in page, url  # shown, escaped


# --- corrections ----------------------------------------------------------------------------


def test_points_can_be_adjusted_with_a_reason(host_client, host):
    night = builders.night(host, players=8, started=True)
    url = reverse("host:fix_points", args=[night.pk])
    data = {"table": 2, "team": "B", "delta": "3", "reason": "miscounted"}
    response = host_client.post(url, data, follow=True)
    assert response.redirect_chain[-1][0] == reverse("host:dashboard", args=[night.pk])
    assert "Points adjusted." in messages_of(response)
    table = Round.objects.get(night=night).tables.get(number=2)
    assert table.state["points"][1] >= 3
    missing = host_client.post(url, {**data, "reason": ""}, follow=True)
    assert "Reason: This field is required." in messages_of(missing)
    zero = host_client.post(url, {**data, "delta": "0"}, follow=True)
    assert any("not 0" in m for m in messages_of(zero))


def test_a_double_clicked_undo_takes_back_one_roll(host_client, host):
    night = builders.night(host, players=8, started=True)
    for n, entry in enumerate(("1", "2")):
        play.roll_record(
            night_id=night.pk, table_number=2, entry=entry, client_id=f"r{n}", actor="t"
        )
    url = reverse("host:fix_undo", args=[night.pk])
    for _ in range(2):  # the same form, sent twice
        response = host_client.post(url, {"table": 2, "client_id": "undo-1"}, follow=True)
        assert "The last roll was taken back." in messages_of(response)
    state = Round.objects.get(night=night).tables.get(number=2).state
    assert sum(state["points"]) == 1 and state["rolls"] == 1
    page = host_client.get(reverse("host:dashboard", args=[night.pk])).content.decode()
    assert page.count('name="client_id"') == 3  # points, Bunco and the undo template


def test_a_roll_can_be_undone_and_a_bad_bunco_move_is_explained(host_client, host):
    night = builders.night(host, players=8, started=True)
    nothing = host_client.post(reverse("host:fix_undo", args=[night.pk]), {"table": 1}, follow=True)
    assert "There is no roll to undo at this table this round." in messages_of(nothing)
    play.roll_record(night_id=night.pk, table_number=1, entry="1", client_id="c1", actor="t")
    undone = host_client.post(reverse("host:fix_undo", args=[night.pk]), {"table": 1}, follow=True)
    assert "The last roll was taken back." in messages_of(undone)
    seats = Round.objects.get(night=night).tables.get(number=1).state["seats"]
    data = {"table": 1, "from_player": seats[0], "to_player": seats[1]}
    bad = host_client.post(reverse("host:fix_bunco", args=[night.pk]), data, follow=True)
    assert messages_of(bad) == ["that player has no Bunco at this table this round"]
    roll = play.roll_record(
        night_id=night.pk, table_number=1, entry="bunco", client_id="c2", actor="t"
    )
    credited = roll["roll"]["credited"]
    partner = seats[(seats.index(credited) + 2) % 4]
    data = {"table": 1, "from_player": credited, "to_player": partner}
    moved = host_client.post(reverse("host:fix_bunco", args=[night.pk]), data, follow=True)
    assert "The Bunco was moved." in messages_of(moved)
    buncos = Round.objects.get(night=night).tables.get(number=1).state["buncos"]
    assert buncos == {partner: 1}
    junk = host_client.post(reverse("host:fix_bunco", args=[night.pk]), {**data, "to_player": "x"})
    assert junk.status_code == 302


def test_a_late_arrival_takes_a_ghost_chair_and_a_leaver_becomes_a_ghost(host_client, host):
    night = builders.night(host, players=6, started=True)
    late = host_client.post(reverse("host:fix_late", args=[night.pk]), {"name": "Zoe"}, follow=True)
    assert "Welcome, Zoe: they play in a ghost's chair from now on." in messages_of(late)
    zoe = night.players.get(name="Zoe", active=True)
    assert zoe.seats.exists()
    leave = host_client.post(reverse("host:fix_ghost", args=[night.pk]), {"player": zoe.key})
    assert leave.status_code == 302
    zoe.refresh_from_db()
    assert not zoe.active
    empty = host_client.post(reverse("host:fix_late", args=[night.pk]), {"name": ""}, follow=True)
    assert "Please enter a name." in messages_of(empty)


# --- finishing, results, record -------------------------------------------------------------


def short_night(host, players=6):
    """A one-set, two-round night, played through the services."""
    night = builders.night(
        host,
        players=players,
        rules=Rules(sets=1, rounds_per_set=2, break_after_set=None),
        drawn=True,
    )
    rng = random.Random(3)
    for number in (1, 2):
        play_round(night, rng, number)
    night.refresh_from_db()
    return night


def test_awarding_prizes_twice_awards_them_once(host_client, host):
    night = short_night(host)
    page = host_client.get(reverse("host:dashboard", args=[night.pk])).content.decode()
    assert reverse("host:night_finish", args=[night.pk]) in page
    response = host_client.post(reverse("host:night_finish", args=[night.pk]))
    assert response.url == reverse("host:results", args=[night.pk])
    count = Award.objects.filter(night=night).count()
    again = host_client.post(reverse("host:night_finish", args=[night.pk]), follow=True)
    assert "The night is already finished." in messages_of(again)
    assert Award.objects.filter(night=night).count() == count
    page = again.content.decode()
    assert "Most Buncos" in page and "Pot: $30" in page


def test_finishing_too_early_is_refused(host_client, host):
    night = builders.night(host, players=4, started=True)
    response = host_client.post(reverse("host:night_finish", args=[night.pk]), follow=True)
    assert "Finish the current round before awarding prizes." in messages_of(response)
    assert not Award.objects.filter(night=night).exists()


def test_results_explain_a_prize_roll_off(host_client, host):
    night = short_night(host, players=4)
    host_client.post(reverse("host:night_finish", args=[night.pk]))
    award = Award.objects.filter(night=night).first()
    award.detail = {
        **award.detail,
        "tie": {
            "method": "rolloff",
            "tied": [award.player.key, "p0"],
            "rolls": [{award.player.key: [6, 5, 4], "p0": [1, 2, 3]}],
        },
    }
    award.save()
    page = host_client.get(reverse("host:results", args=[night.pk])).content.decode()
    assert f"Roll-off 1: {award.player.name} 6-5-4 = 15; p0 1-2-3 = 6." in page


def test_the_record_is_valid_json_for_the_host_only(host_client, host, client, other):
    night = short_night(host)
    host_client.post(reverse("host:night_finish", args=[night.pk]))
    response = host_client.get(reverse("host:record_json", args=[night.pk]))
    record = response.json()
    assert response["Content-Type"] == "application/json"
    assert len(record["rounds"]) == 2 and record["pot"] == 30
    assert sum(p["amount"] for p in record["prizes"]) == 30
    assert validate_record(record) == []
    client.force_login(other)
    assert client.get(reverse("host:record_json", args=[night.pk])).status_code == 404


# --- other hosts' nights ----------------------------------------------------------------------

NIGHT_URLS = [
    ("get", "host:night", False),
    ("get", "host:night_settings", False),
    ("post", "host:night_settings", False),
    ("post", "host:player_add", False),
    ("post", "host:player_rename", True),
    ("post", "host:player_remove", True),
    ("post", "host:player_paid", True),
    ("post", "host:seats_draw", False),
    ("post", "host:play_start", False),
    ("get", "host:dashboard", False),
    ("post", "host:fix_undo", False),
    ("post", "host:fix_points", False),
    ("post", "host:fix_bunco", False),
    ("post", "host:fix_ghost", False),
    ("post", "host:fix_late", False),
    ("post", "host:night_finish", False),
    ("get", "host:results", False),
    ("get", "host:record_json", False),
]


@pytest.mark.parametrize(("method", "name", "with_player"), NIGHT_URLS)
def test_another_hosts_night_is_a_404(client, host, other, method, name, with_player):
    night = builders.night(host, players=4, started=True)
    player = night.players.filter(is_ghost=False).first()
    args = [night.pk, player.pk] if with_player else [night.pk]
    client.force_login(other)
    data = {"name": "Eve", "table": 1, "player": player.pk, "paid": "1"}
    response = getattr(client, method)(reverse(name, args=args), data)
    assert response.status_code == 404
    assert Event.objects.filter(night=night, actor="host:intruder").count() == 0
    assert not Player.objects.filter(name="Eve").exists()


def test_a_missing_night_is_a_404(host_client):
    assert host_client.get(reverse("host:night", args=[999999])).status_code == 404


# --- the dashboard's bell, twice --------------------------------------------------------------


@pytest.mark.django_db(transaction=True)
def test_ringing_the_bell_twice_from_the_dashboard_rings_it_once(host):
    night = builders.night(host, players=8, started=True)
    browser = Client()
    browser.force_login(host)
    cookie = f"sessionid={browser.cookies['sessionid'].value}".encode()

    async def ring_twice():
        headers = [(b"origin", b"http://127.0.0.1"), (b"host", b"127.0.0.1"), (b"cookie", cookie)]
        socket = WebsocketCommunicator(application, f"/ws/nights/{night.pk}/", headers)
        connected, _ = await socket.connect()
        assert connected
        assert (await socket.receive_json_from(5))["type"] == "snapshot"
        answers = []
        for client_id in ("bell-1", "bell-2"):
            await socket.send_json_to({"type": "bell", "round": 1, "client_id": client_id})
            while True:
                message = await socket.receive_json_from(5)
                if message.get("client_id") == client_id:
                    answers.append(message)
                    break
        await socket.disconnect()
        await pg.close()  # this loop ends here: its connections too
        return answers

    first, second = async_to_sync(ring_twice)()
    assert first["type"] == "result"
    assert second["type"] == "error" and second["code"] == "already_done"
    assert Event.objects.filter(night=night, kind="bell").count() == 1


# --- admin ----------------------------------------------------------------------------------


def test_every_model_is_in_the_admin_and_the_event_log_is_read_only(client, django_user_model):
    admin = django_user_model.objects.create_superuser("boss", password="pw-for-tests-3")
    night = builders.night(admin, players=4, started=True)
    client.force_login(admin)
    for model in ("group", "groupmember", "night", "player", "round", "table", "seat", "event"):
        assert client.get(f"/admin/partynight/{model}/").status_code == 200, model
    assert client.get("/admin/partynight/award/").status_code == 200
    event = Event.objects.filter(night=night).first()
    assert client.get("/admin/partynight/event/add/").status_code == 403
    page = client.get(f"/admin/partynight/event/{event.pk}/change/").content.decode()
    assert 'name="_save"' not in page
    assert client.post(f"/admin/partynight/event/{event.pk}/delete/").status_code == 403


# --- the night's language (the big screen's and the printed sheets') -------------------


@pytest.mark.parametrize(
    ("header", "picked", "language"),
    [("it", None, "it"), ("es-AR,es;q=0.9", None, "es"), ("it", "tl", "tl"), ("", None, "en")],
)
def test_a_new_night_speaks_the_hosts_language_unless_the_host_picks_another(
    host_client, host, header, picked, language
):
    data = new_night_data(language=picked)
    host_client.post(reverse("host:night_new"), data, HTTP_ACCEPT_LANGUAGE=header)
    assert Night.objects.get(host=host).language == language


def test_the_settings_change_the_nights_language_to_one_of_the_sites_languages(host_client, host):
    night = builders.night(host, players=4)
    url = reverse("host:night_settings", args=[night.pk])
    response = host_client.post(url, new_night_data(language="tl"))
    assert response.status_code == 302
    night.refresh_from_db()
    assert night.language == "tl"
    response = host_client.post(url, new_night_data(language="xx"))
    assert "Select a valid choice" in response.content.decode()
    night.refresh_from_db()
    assert night.language == "tl"


def test_refused_settings_leave_the_nights_language_as_it_was(host_client, host):
    night = builders.night(host, players=4, started=True)
    data = new_night_data(**{"rules-bunco_points": "25", "language": "es"})
    host_client.post(reverse("host:night_settings", args=[night.pk]), data)
    night.refresh_from_db()
    assert night.language == "en"
