"""A host's groups through Django's test client: members, a night started from the group
with its members, the history of past nights, season standings and the season CSV; other
hosts' groups are 404s; names are escaped."""

import csv
import datetime
import io

import pytest
from django.urls import reverse

from partynight.models import Group, GroupMember, Night
from partynight.rules.config import Rules
from partynight.services import groups, selectors
from tests import builders
from tests.builders import SHORT, XSS
from tests.helpers.once import kept_for_the_module
from tests.helpers.play import play_night

MEMBERS = ["Ann", "Bea", "Cat", "Dee", "Eve", XSS]


def make_group(host):
    group = groups.group_create(host=host, name="Maple Street Bunco")
    for month, name in enumerate(MEMBERS, 1):
        groups.member_add(group=group, name=name, contact=f"555-010{month}", hosts_month=month)
    return group


@pytest.fixture
def group(host):
    return make_group(host)


@pytest.mark.django_db
def test_a_host_sets_up_a_group_with_members(host_client):
    response = host_client.post(reverse("groups:list"), {"name": f"Club {XSS}"})
    group = Group.objects.get()
    assert response.url == reverse("groups:detail", args=[group.pk])
    url = reverse("groups:member_add", args=[group.pk])
    data = {"name": XSS, "contact": "ann@example.com", "hosts_month": "3"}
    assert host_client.post(url, data).status_code == 302
    again = host_client.post(url, {"name": XSS.upper(), "contact": "", "hosts_month": ""})
    assert again.status_code == 400 and "is already a member" in again.content.decode()
    member = GroupMember.objects.get()
    assert (member.contact, member.hosts_month) == ("ann@example.com", 3)
    page = host_client.get(reverse("groups:detail", args=[group.pk])).content.decode()
    assert XSS not in page and "&lt;script&gt;" in page and "March" in page
    assert reverse("groups:list") in host_client.get(reverse("host:nights")).content.decode()


@pytest.mark.django_db
def test_a_member_is_changed_and_removed(host_client, group):
    ann = group.members.get(name="Ann")
    url = reverse("groups:member_update", args=[group.pk, ann.pk])
    host_client.post(url, {"name": "Ann B", "contact": "new", "hosts_month": ""})
    ann.refresh_from_db()
    assert (ann.name, ann.contact, ann.hosts_month) == ("Ann B", "new", None)
    taken = host_client.post(url, {"name": "bea", "contact": "", "hosts_month": ""}, follow=True)
    assert "bea is already a member" in taken.content.decode()
    host_client.post(reverse("groups:member_remove", args=[group.pk, ann.pk]))
    assert not group.members.filter(pk=ann.pk).exists()


@pytest.mark.django_db
def test_the_next_night_starts_with_the_members_and_the_last_nights_rules(host_client, group):
    builders.night(group.host, [], rules=SHORT, group=group, paid=True)
    data = {"name": "December", "date": "2026-12-11", "place": "Bea's"}
    response = host_client.post(reverse("groups:night_start", args=[group.pk]), data)
    night = Night.objects.get(name="December")
    assert response.url == reverse("host:night", args=[night.pk])
    assert night.group == group and Rules.from_dict(night.rules) == SHORT
    players = {p.name: p.member for p in night.players.all()}
    assert players == {m.name: m for m in group.members.all()}
    assert not night.players.filter(paid=True).exists()
    page = host_client.get(reverse("host:night", args=[night.pk])).content.decode()
    assert reverse("groups:detail", args=[group.pk]) in page
    assert reverse("paper:sheets", args=[night.pk]) in page


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("method", "name", "extra"),
    [
        ("get", "groups:detail", []),
        ("get", "groups:season_csv", []),
        ("post", "groups:member_add", []),
        ("post", "groups:member_update", ["member"]),
        ("post", "groups:member_remove", ["member"]),
        ("post", "groups:night_start", []),
    ],
)
def test_another_hosts_group_is_a_404(client, group, other, method, name, extra):
    member = group.members.first()
    args = [group.pk] + [member.pk for _ in extra]
    url = reverse(name, args=args)
    data = {"name": "X", "date": "2026-01-01"}
    assert getattr(client, method)(url, data).status_code == 302  # to the login page
    client.force_login(other)
    assert getattr(client, method)(url, data).status_code == 404
    assert group.members.count() == len(MEMBERS) and not Night.objects.exists()


@pytest.fixture(scope="module")
def played_seasons(django_db_setup, django_db_blocker):
    """Two finished nights in 2026 (one from the group, one linked by names only), one in
    2025, and one planned in 2026 that counts for nothing yet: played once for the module
    (tests/helpers/once.py), so every test below this reads them."""
    with kept_for_the_module(django_db_blocker):
        group = make_group(builders.host())
        old = play_night(
            builders.night(
                group.host,
                MEMBERS[:4],
                date=datetime.date(2025, 11, 6),
                group=group,
                paid=True,
                rules=SHORT,
            )
        )
        linked = groups.night_from_group(
            group=group, name="March", date=datetime.date(2026, 3, 5), actor="host"
        )
        for player in linked.players.all():
            player.paid = player.name != "Ann"
            player.save()
        march = play_night(linked, seed=4)
        april = play_night(
            builders.night(
                group.host,
                MEMBERS[1:5],
                date=datetime.date(2026, 4, 2),
                group=group,
                paid=True,
                rules=SHORT,
            )
        )
        groups.night_from_group(group=group, name="May", date=datetime.date(2026, 5, 7), actor="h")
        yield {"group": group.pk, "2025": [old.pk], "2026": [march.pk, april.pk]}


@pytest.fixture
def season_group(db, played_seasons):
    return Group.objects.get(pk=played_seasons["group"])


@pytest.fixture
def season_client(client, season_group):
    """Django's test client, logged in as the played seasons' host."""
    client.force_login(season_group.host)
    return client


@pytest.fixture
def seasons(db, played_seasons):
    """The played seasons' nights, loaded for this test."""
    return {
        season: list(Night.objects.filter(pk__in=pks).order_by("date"))
        for season, pks in played_seasons.items()
        if season != "group"
    }


def totals_of(nights_):
    """Each person's tallies over some nights, from the night's own standings."""
    totals = {}
    for night in nights_:
        for key, row in selectors.standings(night).items():
            player = night.players.get(pk=int(key[1:]))
            if player.is_ghost:
                continue
            name = player.name
            mine = totals.setdefault(name, {"nights": 0, "wins": 0, "losses": 0, "buncos": 0})
            mine["nights"] += 1
            for field in ("wins", "losses", "buncos"):
                mine[field] += row[field]
    return totals


@pytest.mark.django_db
def test_the_group_page_shows_every_night_and_each_members_record(
    season_client, season_group, seasons
):
    page = season_client.get(reverse("groups:detail", args=[season_group.pk])).content.decode()
    nights_ = page.split('id="nights"')[1]
    assert nights_.count("<tr>") == 1 + 4
    assert nights_.index("May") < nights_.index("March") < nights_.index("2025")
    all_time = totals_of(seasons["2025"] + seasons["2026"])
    members = page.split('id="members"')[1].split("</tbody>")[0]
    ann = members.split("<td>Ann</td>")[1].split("</tr>")[0]
    expected = all_time["Ann"]
    assert f"<td>{expected['nights']}</td><td>1 of {expected['nights']}</td>" in ann
    assert f"<td>{expected['wins']}</td><td>{expected['losses']}</td>" in ann
    for award in seasons["2026"][0].awards.select_related("player"):
        row = members.split(
            f"<td>{award.player.name.replace('<', '&lt;').replace('>', '&gt;')}</td>"
        )[1]
        assert award.name.replace("'", "&#x27;") in row.split("</tr>")[0]


def season_rows(client, group, season=None):
    query = {"season": season} if season else {}
    response = client.get(reverse("groups:season_csv", args=[group.pk]), query)
    assert response["Content-Type"] == "text/csv; charset=utf-8"
    return list(csv.DictReader(io.StringIO(response.content.decode())))


@pytest.mark.django_db
def test_season_standings_default_to_the_latest_year_and_change_by_query(
    season_client, season_group, seasons
):
    page = season_client.get(reverse("groups:detail", args=[season_group.pk])).content.decode()
    assert "Season 2026 standings" in page and "?season=2025" in page
    for season in ("2026", "2025"):
        expected = totals_of(seasons[season])
        rows = season_rows(season_client, season_group, season)
        assert {r["name"]: int(r["wins"]) for r in rows} == {
            n: t["wins"] for n, t in expected.items()
        }
        assert {r["name"]: int(r["nights"]) for r in rows} == {
            n: t["nights"] for n, t in expected.items()
        }
        assert [int(r["wins"]) for r in rows] == sorted(
            (int(r["wins"]) for r in rows), reverse=True
        )
        pot = sum(
            n.awards.count() and sum(a.amount for a in n.awards.all()) for n in seasons[season]
        )
        assert sum(int(r["winnings"]) for r in rows) == pot
    page = season_client.get(
        reverse("groups:detail", args=[season_group.pk]), {"season": "2025"}
    ).content
    assert "Season 2025 standings" in page.decode()
    assert season_rows(season_client, season_group) == season_rows(
        season_client, season_group, "2026"
    )


@pytest.mark.django_db
def test_the_group_page_draws_each_members_wins_night_by_night(
    season_client, season_group, seasons
):
    page = season_client.get(reverse("groups:detail", args=[season_group.pk])).content.decode()
    chart = page.split('id="season-chart"')[1].split("</figure>")[0]
    march, april = seasons["2026"]
    assert f"{march.date:%d %b}".lstrip("0") in chart
    assert f"{april.date:%d %b}".lstrip("0") in chart
    wins = totals_of(seasons["2026"])
    lines = chart.split('class="chart-line"')[1:]
    assert len(lines) == len(wins)  # everyone who played in 2026, no one else
    for line in lines:
        name = line.split('data-name="')[1].split('"')[0]
        assert name.replace("&lt;", "<").replace("&gt;", ">") in wins
    assert "<script>" not in chart  # a member's name is escaped in the picture too
    # a season with one night still draws; a season without any draws nothing
    old = season_client.get(reverse("groups:detail", args=[season_group.pk]), {"season": "2025"})
    assert 'id="season-chart"' in old.content.decode()
    none = season_client.get(reverse("groups:detail", args=[season_group.pk]), {"season": "2024"})
    assert 'id="season-chart"' not in none.content.decode()
