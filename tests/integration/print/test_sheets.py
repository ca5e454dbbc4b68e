"""The printed score sheets and table tally sheets as HTML: one sheet per player with the
Head-table stars, the grid the night's rules ask for, QR links, blank sheets, the tables;
escaping; other hosts' nights are 404s."""

import html
import re

import pytest
from django.urls import reverse

from partynight.models import Player
from partynight.rules.config import Rules
from partynight.services import nights, play
from tests import builders
from tests.builders import SHORT, XSS
from tests.helpers.pages import settings_post

NAMES = [f"Player {n}" for n in range(1, 8)] + [XSS]


def sheets_of(page: str) -> list[str]:
    return page.split('<section class="sheet">')[1:]


def sheet_name(sheet: str) -> str:
    name = re.search(r'<h2 class="player-name">(.*?)</h2>', sheet, re.S).group(1)
    return html.unescape(re.sub(r"<[^>]+>", "", name)).replace("★", "").strip()


@pytest.mark.django_db
def test_one_sheet_per_player_with_the_head_table_starred_and_a_qr_link(host_client, host):
    night = builders.night(host, NAMES, paid=True, rules=SHORT)
    nights.seats_draw(night_id=night.pk, actor="host")
    night.refresh_from_db()
    page = host_client.get(reverse("paper:sheets", args=[night.pk])).content.decode()
    sheets = sheets_of(page)
    assert [sheet_name(s) for s in sheets] == NAMES
    assert XSS not in page
    starred = {sheet_name(s) for s in sheets if 'class="star"' in s}
    drawn = [int(key[1:]) for key in night.pending_seating[0]]
    head = {p.name for p in Player.objects.filter(pk__in=drawn)}
    assert len(starred) == 4 and starred == head
    assert all(s.count("<svg") == 1 for s in sheets)  # a QR code on each
    assert "Friday Bunco · Fri 4 Dec 2026" in sheets[0]


@pytest.mark.django_db
def test_the_grid_follows_the_rules_sets_by_rounds(host_client, host):
    night = builders.night(host, NAMES[:4], rules=Rules(sets=3, rounds_per_set=5), paid=True)
    sheet = sheets_of(host_client.get(reverse("paper:sheets", args=[night.pk])).content.decode())[0]
    assert re.findall(r"Set (\d)</th>", sheet) == ["1", "2", "3"]
    body = sheet.split("<tbody>")[1].split("</tbody>")[0]
    assert re.findall(r"<tr><th>(\d)</th>", body) == ["1", "2", "3", "4", "5"]
    assert body.count('class="tally"') == 15 and "Total Buncos" in sheet


@pytest.mark.django_db
def test_stars_after_play_started_are_round_ones_head_table(host_client, host):
    night = builders.night(host, NAMES[:8], paid=True, rules=SHORT)
    nights.seats_draw(night_id=night.pk, actor="host")
    play.round_start(night_id=night.pk, number=1, actor="host")
    night.refresh_from_db()
    head = night.rounds.get(number=1).tables.get(number=1).seat_rows.values_list("player__name")
    page = host_client.get(reverse("paper:sheets", args=[night.pk])).content.decode()
    starred = {sheet_name(s) for s in sheets_of(page) if 'class="star"' in s}
    assert starred == {name for (name,) in head}


@pytest.mark.django_db
def test_blank_sheets_have_no_names_and_no_qr(host_client, host):
    night = builders.night(host, NAMES[:4], paid=True, rules=SHORT)
    url = reverse("paper:sheets", args=[night.pk])
    sheets = sheets_of(host_client.get(url, {"blank": 10}).content.decode())
    assert len(sheets) == 10
    assert all(sheet_name(s) == "Name:" and "<svg" not in s for s in sheets)
    two = host_client.get(url, {"per_page": "2"}).content.decode()
    assert 'class="sheets per-page-2"' in two


@pytest.mark.django_db
def test_table_sheets_have_a_grid_per_table_and_round(host_client, host):
    night = builders.night(
        host, NAMES[:7] + ["Eight", "Nine"], paid=True, rules=SHORT
    )  # 9 players: 3 tables
    page = host_client.get(reverse("paper:tables", args=[night.pk])).content.decode()
    assert re.findall(r'<h2 class="table-name">(\w+) table', page) == ["Head", "Middle", "Foot"]
    table = page.split('<section class="sheet table-sheet">')[1]
    assert table.count("<td>A / B</td>") == 6  # 2 sets x 3 rounds
    assert "Team A tally" in table and "Team B tally" in table


@pytest.mark.django_db
@pytest.mark.parametrize(
    "name",
    [
        "paper:sheets",
        "paper:sheets_pdf",
        "paper:tables",
        "paper:tables_pdf",
        "paper:results",
        "paper:results_pdf",
        "paper:standings_csv",
    ],
)
def test_only_the_host_sees_a_nights_paper(client, host, other, name):
    night = builders.night(host, NAMES[:4], paid=True, rules=SHORT)
    url = reverse(name, args=[night.pk])
    assert client.get(url).status_code == 302  # to the login page
    client.force_login(other)
    assert client.get(url).status_code == 404


@pytest.mark.django_db
def test_the_paper_is_letter_for_dollars_unless_the_host_picks_a4(host_client, host):
    night = builders.night(host, NAMES[:4], paid=True, rules=SHORT)
    url = reverse("paper:sheets", args=[night.pk])
    page = host_client.get(url).content.decode()
    assert "css/paper-letter.css" in page and 'class="sheets per-page-2"' in page
    settings = reverse("host:night_settings", args=[night.pk])
    assert host_client.post(settings, {**settings_post(), "paper": "a4"}).status_code == 302
    night.refresh_from_db()
    assert night.paper == "a4"
    assert "css/paper-A4.css" in host_client.get(url).content.decode()
    assert "css/paper-letter.css" in host_client.get(url, {"paper": "letter"}).content.decode()
    one = host_client.get(url, {"per_page": "1"}).content.decode()
    assert 'class="sheets per-page-1"' in one
