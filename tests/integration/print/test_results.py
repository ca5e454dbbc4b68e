"""The results: the read-only link anyone with it can open (no login), the text summary
for the group chat, the host's print page and the standings as CSV."""

import csv
import html
import io

import pytest
from django.contrib.auth import get_user_model
from django.urls import reverse
from django.utils import translation

from partynight.models import Night
from partynight.services import history, snapshots
from tests import builders
from tests.builders import SHORT, XSS
from tests.helpers.once import kept_for_the_module
from tests.helpers.play import play_night

NAMES = ["Ann", "Bea", "Cat", "Dee", "Eve", XSS]
ESCAPED = "&lt;script&gt;alert(1)&lt;/script&gt;"


@pytest.fixture(scope="module")
def played(django_db_setup, django_db_blocker):
    """The host and a night played to its prizes, once for the module (tests/helpers/once.py)."""
    with kept_for_the_module(django_db_blocker):
        host = builders.host()
        night = play_night(builders.night(host, NAMES, paid=True, rules=SHORT))
        yield {"host": host.pk, "night": night.pk}


@pytest.fixture
def host(db, played):
    return get_user_model().objects.get(pk=played["host"])


@pytest.fixture
def night(db, played):
    return Night.objects.get(pk=played["night"])


@pytest.mark.django_db
def test_the_results_link_needs_no_login_and_shows_standings_and_prizes(client, night):
    response = client.get(reverse("paper:results_public", args=[night.results_token]))
    page = response.content.decode()
    assert response.status_code == 200
    assert XSS not in page and ESCAPED in page
    assert "Pot: $30" in page and f"Fuzzy die: {night.fuzzy_holder.name}" in page
    for award in night.awards.all():
        assert award.name.replace("'", "&#x27;") in page
    standings = page.split('id="standings"')[1]
    assert standings.count("<tr>") == 1 + 6  # the header and six players, no ghosts
    assert 'id="copy-summary"' in page and "js/pages/results.js" in page  # the copy button's code
    assert "Download PDF" not in page and reverse("host:night", args=[night.pk]) not in page


@pytest.mark.django_db
def test_an_unknown_results_token_is_a_404(client, night):
    assert client.get(reverse("paper:results_public", args=["nope"])).status_code == 404


@pytest.mark.django_db
def test_the_summary_text_lists_prizes_pot_and_standings(client, night):
    page = client.get(reverse("paper:results_public", args=[night.results_token])).content.decode()
    summary = page.split('<textarea id="summary" rows="12" readonly>')[1].split("</textarea>")[0]
    lines = html.unescape(summary).splitlines()
    assert lines[0] == "Friday Bunco, Fri 04 Dec 2026: results"
    awards = list(night.awards.select_related("player"))
    for award, line in zip(awards, lines[2:], strict=False):
        assert line.startswith(f"{award.name}: {award.player.name} ${award.amount} (")
    assert "Pot: $30" in lines and "Standings (W-L, Buncos):" in lines
    assert f"Fuzzy die: {night.fuzzy_holder.name}" in lines
    assert lines[lines.index("Pot: $30") + 1].endswith("rounds played.")
    assert len(lines) == 2 + len(awards) + 1 + 1 + 1 + 2 + 6


@pytest.mark.django_db
def test_the_host_results_page_links_to_paper_and_the_share_link(host_client, night):
    page = host_client.get(reverse("host:results", args=[night.pk])).content.decode()
    for name in ("paper:results", "paper:results_pdf", "paper:standings_csv"):
        assert reverse(name, args=[night.pk]) in page
    assert reverse("paper:results_public", args=[night.results_token]) in page
    sheet = host_client.get(reverse("paper:results", args=[night.pk])).content.decode()
    assert f"http://testserver/results/{night.results_token}/" in sheet
    assert XSS not in sheet


@pytest.mark.django_db
def test_standings_csv(host_client, night):
    response = host_client.get(reverse("paper:standings_csv", args=[night.pk]))
    assert response["Content-Type"] == "text/csv; charset=utf-8"
    rows = list(csv.DictReader(io.StringIO(response.content.decode())))
    snapshot = snapshots.night_snapshot(night)
    expected = history.results(night, snapshot)["standings"]
    assert [r["name"] for r in rows] == [s["name"] for s in expected]
    assert [int(r["wins"]) for r in rows] == [s["wins"] for s in expected]
    assert sum(int(r["winnings"]) for r in rows) == 30
    by_name = {r["name"]: r for r in rows}
    for award in night.awards.select_related("player"):
        assert award.name in by_name[award.player.name]["prizes"]


@pytest.mark.django_db
def test_a_name_like_a_formula_is_quoted_in_the_csv(host_client, host):
    night = play_night(
        builders.night(host, ["=HYPERLINK(1)", "Bea", "Cat", "Dee"], paid=True, rules=SHORT)
    )
    text = host_client.get(reverse("paper:standings_csv", args=[night.pk])).content.decode()
    assert "'=HYPERLINK(1)" in text and ",=HYPERLINK" not in text


@pytest.mark.django_db
def test_the_results_pages_draw_the_night(client, night, host):
    """The host's results page and the shared link (the phones' results) carry the same
    chart as the stage: a line a player, names escaped."""
    chart = snapshots.night_snapshot(night)["chart"]
    client.force_login(host)
    pages = [
        client.get(reverse("host:results", args=[night.pk])).content.decode(),
        client.get(reverse("paper:results_public", args=[night.results_token])).content.decode(),
    ]
    for page in pages:
        drawn = page.split('id="night-chart"')[1].split("</section>")[0]
        assert chart in drawn and drawn.count('class="chart-line"') == len(NAMES)
        assert "<script>alert" not in drawn


@pytest.mark.django_db
def test_a_spanish_nights_csv_has_spanish_headers_and_the_same_data(host_client, night):
    english = host_client.get(reverse("paper:standings_csv", args=[night.pk])).content.decode()
    night.language = "es"
    night.save(update_fields=["language"])
    spanish = host_client.get(reverse("paper:standings_csv", args=[night.pk])).content.decode()
    with translation.override("es"):
        wins = translation.pgettext("csv column", "wins")
    assert wins != "wins" and wins in spanish.splitlines()[0]
    assert spanish.splitlines()[1:] == english.splitlines()[1:]  # the cells stay data
