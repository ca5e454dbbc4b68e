"""The server's PDFs, read back: pages rasterised with pypdfium2, QR codes decoded with
zxing-cpp, text extracted. Without WeasyPrint's libraries the download explains itself."""

import pypdfium2
import pytest
import zxingcpp
from django.urls import reverse
from django.utils import translation

from paper import pdf
from partynight.rules.chart import short
from tests import builders
from tests.builders import SHORT, XSS
from tests.helpers.play import play_night

NAMES = ["Ann", "Bea", "Cat", "Dee", "Eve", XSS]


def pages_of(response) -> list[dict]:
    assert response.status_code == 200 and response["Content-Type"] == "application/pdf"
    document = pypdfium2.PdfDocument(response.content)
    pages = []
    for page in document:
        image = page.render(scale=3).to_pil()
        pages.append(
            {
                "text": " ".join(page.get_textpage().get_text_range().split()),
                "qr": sorted(code.text for code in zxingcpp.read_barcodes(image)),
                "size": page.get_size(),
                "image": image,
            }
        )
    return pages


def phone_url(player) -> str:
    return f"http://testserver/play/{player.token}/"


@pytest.mark.django_db
def test_score_sheets_pdf_has_a_page_per_player_with_their_qr_code(host_client, host, weasyprint):
    night = builders.night(host, NAMES, paid=True, rules=SHORT)
    url = reverse("paper:sheets_pdf", args=[night.pk])
    response = host_client.get(url, {"per_page": "1", "paper": "a4"})
    assert 'filename="friday-bunco-2026-12-04-sheets.pdf"' in response["Content-Disposition"]
    pages = pages_of(response)
    players = list(night.players.all())
    assert len(pages) == len(players)
    for page, player in zip(pages, players, strict=True):
        assert player.name in page["text"] and "Friday Bunco" in page["text"]
        assert page["qr"] == [phone_url(player)]
    assert round(pages[0]["size"][0]) == 595  # A4 is 595 x 842 points, when the host picks it
    default = pages_of(host_client.get(url))  # Letter (the money is dollars), two a page
    assert [round(x) for x in default[0]["size"]] == [612, 792]
    assert len(default) == (len(players) + 1) // 2


@pytest.mark.django_db
def test_two_sheets_a_page_on_letter_paper(host_client, host, weasyprint):
    night = builders.night(host, NAMES, paid=True, rules=SHORT)
    url = reverse("paper:sheets_pdf", args=[night.pk])
    pages = pages_of(host_client.get(url, {"per_page": "2", "paper": "letter"}))
    players = list(night.players.all())
    assert len(pages) == 3
    assert [round(x) for x in pages[0]["size"]] == [612, 792]
    for page, pair in zip(pages, [players[0:2], players[2:4], players[4:6]], strict=True):
        assert page["qr"] == sorted(phone_url(p) for p in pair)
        assert all(p.name in page["text"] for p in pair)


@pytest.mark.django_db
def test_blank_and_table_sheets_pdf(host_client, host, weasyprint):
    night = builders.night(
        host, NAMES + ["Fay", "Gil", "Hal", "Ivy"], paid=True, rules=SHORT
    )  # 10 players: 3 tables
    url = reverse("paper:sheets_pdf", args=[night.pk])
    blank = pages_of(host_client.get(url, {"blank": 3, "per_page": "1"}))
    assert len(blank) == 3 and all(p["qr"] == [] and "Name:" in p["text"] for p in blank)
    tables = pages_of(host_client.get(reverse("paper:tables_pdf", args=[night.pk])))
    assert [p["text"].split(" table (")[0].split()[-1] for p in tables] == [
        "Head",
        "Middle",
        "Foot",
    ]
    assert all("Team A tally" in p["text"] and "Team B tally" in p["text"] for p in tables)


@pytest.mark.django_db
def test_results_pdf_lists_standings_prizes_the_fuzzy_die_and_the_pot(
    host_client, host, weasyprint
):
    night = play_night(builders.night(host, NAMES, paid=True, rules=SHORT))
    page, chart = pages_of(host_client.get(reverse("paper:results_pdf", args=[night.pk])))
    text = page["text"]
    assert "Pot: $30" in text and f"Fuzzy die: {night.fuzzy_holder.name}" in text
    packed = "".join(text.split())  # table cells wrap long names
    for award in night.awards.all():
        assert "".join(f"{award.name}{award.player.name}${award.amount}".split()) in packed
    for player in night.players.filter(is_ghost=False):
        assert "".join(player.name.split()) in packed
    assert "Copy as text" not in text  # the share box is for the screen only
    # the night's chart on its own page: a line per player, in the chart's colours
    assert "The night as a picture" in chart["text"] and "held the fuzzy die" in chart["text"]
    leader = night.players.filter(is_ghost=False).order_by("name").first()
    assert all(name in chart["text"] for name in ("Round", short(leader.name)))
    colours = {colour for _, colour in chart["image"].convert("RGB").getcolors(1 << 20)}
    assert {(0x7B, 0x2C, 0xBF), (0xDB, 0x27, 0x77)} <= colours  # the first line, a Bunco


@pytest.mark.django_db
def test_without_the_pdf_libraries_the_download_says_what_to_install(
    host_client, host, monkeypatch
):
    night = builders.night(host, NAMES, paid=True, rules=SHORT)
    monkeypatch.setattr(pdf, "load_weasyprint", lambda: None)
    response = host_client.get(reverse("paper:sheets_pdf", args=[night.pk]))
    assert response.status_code == 503
    assert "apt-get install libpango-1.0-0" in response.content.decode()
    assert "print it from the browser" in response.content.decode()


def _in(language: str, msgid: str, **args) -> str:
    """`msgid` as `language` says it (asserting it is translated), with its arguments."""
    with translation.override(language):
        text = translation.gettext(msgid)
    assert text != msgid, f"{msgid!r} has no {language} translation"
    return text % args if args else text


@pytest.mark.django_db
def test_a_spanish_nights_paper_is_in_spanish_whoever_prints_it(host_client, host, weasyprint):
    night = play_night(builders.night(host, NAMES, paid=True, rules=SHORT))
    night.language = "es"
    night.save(update_fields=["language"])
    page, chart = pages_of(host_client.get(reverse("paper:results_pdf", args=[night.pk])))
    for heading in ("Prizes", "Standings", "Winner", "Losses"):
        assert _in("es", heading) in page["text"], heading
    assert _in("es", "Results: %(night)s", night=night.name) in page["text"]
    assert _in("es", "The night as a picture") in chart["text"]
    assert _in("es", "held the fuzzy die") in chart["text"]
    assert "Standings" not in page["text"] and "Prizes" not in page["text"]
    sheets = pages_of(host_client.get(reverse("paper:sheets_pdf", args=[night.pk])))
    assert all(_in("es", "Total wins") in p["text"] for p in sheets)
    tables = pages_of(host_client.get(reverse("paper:tables_pdf", args=[night.pk])))
    assert all(_in("es", "Team A tally") in p["text"] for p in tables)
