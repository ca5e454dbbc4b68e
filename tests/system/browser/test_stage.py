"""The big screen as a stage (issue 25): for 12 and 48 players, at 1280x720, 1920x1080 and
3840x2160, in the lobby, mid-round, at the bell, between rounds, at the break and at the
finale: no scrollbar, nothing cut off (every table card and every name inside the window
and inside every box that clips it), no sentence cut with an ellipsis (only names are, and
a prize's long why), the headline whole on at most two lines, no word broken across lines,
no readable text under 24 px in 1080p terms. The same for a night in Italian and in
Filipino, which run 20-40% longer than English. The night moves on through the services;
one page follows it, reloaded once a state and resized to each screen."""

import random
import re

import pytest
from playwright.sync_api import expect

from partynight.rules.config import Rules
from partynight.services import nights, play
from tests import builders
from tests.helpers.browser import in_thread, log_in
from tests.helpers.catalogs import said_in
from tests.helpers.play import play_round, play_to_the_end
from tests.helpers.screenshots import screenshot

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
SCREENS = [(1280, 720), (1920, 1080), (3840, 2160)]
NAME = "The Great Big Church Hall Bunco Fundraiser for the Roof"
RULES = Rules(sets=2, rounds_per_set=2, break_after_set=1)  # round 2 ends at the break

# Every problem a TV would show, in words (an empty list: none). Text is measured in the
# stage's own pixels (1920x1080), so 24 means 24 px on a 1080p screen at any window size.
PROBLEMS = """
() => {
  const problems = [];
  const root = document.documentElement;
  if (root.scrollWidth > innerWidth || root.scrollHeight > innerHeight) {
    problems.push(`scrolls: ${root.scrollWidth}x${root.scrollHeight}`);
  }
  const stage = document.getElementById("stage");
  const scale = stage.getBoundingClientRect().width / 1920;
  const inside = (r, box) => r.left >= box.left - 1 && r.top >= box.top - 1 &&
    r.right <= box.right + 1 && r.bottom <= box.bottom + 1;
  const clipOf = (elem) => {  // the window, cut by every ancestor that clips
    let box = { left: 0, top: 0, right: innerWidth, bottom: innerHeight };
    for (let a = elem.parentElement; a; a = a.parentElement) {
      const style = getComputedStyle(a);
      if (style.overflowX === "visible" && style.overflowY === "visible") continue;
      const r = a.getBoundingClientRect();
      box = { left: Math.max(box.left, r.left), top: Math.max(box.top, r.top),
              right: Math.min(box.right, r.right), bottom: Math.min(box.bottom, r.bottom) };
    }
    return box;
  };
  const walker = document.createTreeWalker(stage, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const text = node.textContent.trim();
    const host = node.parentElement;
    if (!text || host.closest("title") || !host.getClientRects().length) continue;
    const style = getComputedStyle(host);
    if (style.visibility === "hidden") continue;
    const svg = host.closest("svg");
    const size = parseFloat(style.fontSize) *
      (svg ? svg.getBoundingClientRect().width / svg.viewBox.baseVal.width / scale : 1);
    if (size < 23.9) problems.push(`${size.toFixed(1)} px: ${text}`);
    const range = document.createRange();
    range.selectNodeContents(node);
    const cut = (style.textOverflow === "ellipsis" && style.overflowX === "hidden") ||
      style.webkitLineClamp !== "none";
    // only a name (or a prize's why, whole on the results page) may end with an ellipsis
    if (cut && !host.closest(".name, .why")) problems.push(`may be cut: ${text}`);
    // a name cut with an ellipsis is whole inside its box; any other text is all there
    const box = cut ? host.getBoundingClientRect() : range.getBoundingClientRect();
    if (!inside(box, clipOf(host))) problems.push(`cut off: ${text}`);
    const card = host.closest(".panel, .card");
    if (card && !inside(box, card.getBoundingClientRect())) problems.push(`overflows: ${text}`);
    if (svg) continue;
    for (const word of node.textContent.matchAll(/\\S+/g)) {
      const piece = document.createRange();
      piece.setStart(node, word.index);
      piece.setEnd(node, word.index + word[0].length);
      const lines = new Set([...piece.getClientRects()].map((r) => Math.round(r.top)));
      if (lines.size > 1) problems.push(`word broken across lines: ${word[0]}`);
    }
  }
  const headline = document.getElementById("headline");
  const lines = headline.getBoundingClientRect().height /
    (parseFloat(getComputedStyle(headline).lineHeight) * scale);
  if (lines > 2.1) problems.push(`headline on ${lines.toFixed(1)} lines: ${headline.textContent}`);
  return problems;
}
"""


def _names(count):
    long = "Bartholomew-Fitzgerald Montgomery"
    return [f"{long} {i + 1}" if i % 6 == 0 else f"Player {i + 1}" for i in range(count)]


def _lobby(count, language="en"):
    night = builders.night(builders.host(), _names(count), rules=RULES, name=NAME)
    night.language = language
    night.save(update_fields=["language"])
    for player in night.players.all():
        nights.player_claim(night_id=night.pk, player_id=player.pk, actor="test")
    nights.seats_draw(night_id=night.pk, actor="host")
    return night


def _mid_round(night):
    play.round_start(night_id=night.pk, number=1, actor="host")
    for number in range(2, len(night.pending_seating) + 1):
        play.roll_record(
            night_id=night.pk, table_number=number, entry="1", actor="host", client_id=f"m{number}"
        )


def _bell(night):
    play.bell_ring(night_id=night.pk, number=1, actor="host")


def _between(night):
    play_to_the_end(night, random.Random(3), 1)


def _break(night):
    play_round(night, random.Random(4), 2)


STEPS = [
    ("lobby", None),
    ("playing", _mid_round),
    ("bell", _bell),
    ("between", _between),
    ("break", _break),
    ("finale", None),  # the host ends the night on the server the stage listens to
]


def _end_the_night(server, browser_context, night):
    host = browser_context(viewport={"width": 1280, "height": 900}).new_page()
    log_in(host, server, "hostess", builders.PASSWORD)
    host.goto(f"{server.url}/nights/{night.pk}/finish/")
    host.locator("#end-early form button[type=submit]").click()
    expect(host.locator("#awards")).to_be_visible()


def _check(page, label):
    for width, height in SCREENS:
        page.set_viewport_size({"width": width, "height": height})
        page.wait_for_function(
            """([w, h]) => Math.abs(document.getElementById("stage").getBoundingClientRect().width
                - 1920 * Math.min(w / 1920, h / 1080)) < 1""",
            arg=[width, height],
        )
        screenshot(page, f"stage-{label}-{width}x{height}")
        assert page.evaluate(PROBLEMS) == [], (label, width)


def _visible_inside(locator):
    expect(locator).to_be_visible()
    box = locator.bounding_box()
    size = locator.page.viewport_size
    assert box["x"] >= 0 and box["y"] >= 0, box
    assert box["x"] + box["width"] <= size["width"] + 1, box
    assert box["y"] + box["height"] <= size["height"] + 1, box


@pytest.mark.once
@pytest.mark.parametrize("players", [12, 48])
def test_the_stage_fits_every_screen_in_every_state(live_server_daphne, browser_context, players):
    night = in_thread(_lobby, players)
    tables = players // 4
    page = browser_context(viewport={"width": 1920, "height": 1080}).new_page()
    page.goto(f"{live_server_daphne.url}/screen/{night.screen_token}/")
    stage = page.locator("#stage")
    for scene, step in STEPS:
        if step is not None:
            in_thread(step, night)
        if scene == "finale":  # live: the prizes come one by one, then the podium
            _end_the_night(live_server_daphne, browser_context, night)
            expect(page.locator("#reveal .count")).to_have_text(re.compile(r"^Prize 1 of \d+$"))
            _check(page, f"{players}-reveal")
            for _ in range(12):  # each prize in turn, by hand, then the podium
                if stage.get_attribute("data-finale") == "podium":
                    break
                page.keyboard.press("ArrowRight")
        elif step is not None:
            page.reload()
        expect(stage).to_have_attribute("data-scene", scene)
        expect(page.locator("#live-status")).to_have_text("Live")
        if scene == "lobby":
            expect(page.locator("#joined li")).to_have_count(players)
            expect(page.locator("#joined-count")).to_have_text(f"{players} players have joined")
            drawn = f"Seats are drawn for {tables} tables: the game starts soon"
            expect(page.locator("#headline")).to_have_text(drawn)  # whole, never cut
        if scene in ("playing", "bell"):
            expect(page.locator(".table-card")).to_have_count(tables)
        if scene == "bell":
            expect(page.locator("#bell")).to_contain_text("rung by the host")
        if scene in ("between", "break"):
            expect(page.locator(".seat-card")).to_have_count(tables)
            expect(page.locator("#chart svg .chart-line").first).to_be_visible()
        _check(page, f"{players}-{scene}")
        if scene in ("playing", "between"):
            for card in page.locator(".table-card, .seat-card").all():
                _visible_inside(card)
    # the finale: the podium and the final standings, then every prize beside the chart;
    # no round text and no next seats in either
    expect(page.locator("#podium .step")).to_have_count(3)
    expect(page.locator("#standings li")).to_have_count(players)
    page.keyboard.press("ArrowRight")
    expect(stage).to_have_attribute("data-finale", "prizes")
    awards = in_thread(night.awards.count)
    assert awards >= 5
    expect(page.locator("#prizes .prize")).to_have_count(awards)
    _check(page, f"{players}-finale-prizes")
    for card in page.locator("#prizes .prize").all():
        _visible_inside(card)
    _visible_inside(page.locator("#chart svg"))
    for scene in ("prizes", "podium"):
        expect(stage).to_have_attribute("data-finale", scene)
        text = page.locator("#stage > :not(#scene)").all_inner_texts()
        text += page.locator("#scene > *:not(#chart)").all_inner_texts()
        assert not re.search(r"Round \d|round \d|Next|next seat", " ".join(text)), text
        page.keyboard.press("ArrowRight")


def _last_round_played():
    rules = Rules(sets=1, rounds_per_set=1, break_after_set=None)
    night = builders.night(builders.host(), 12, rules=rules, drawn=True)
    play_round(night, random.Random(5), 1)
    return night


def test_after_the_last_round_award_prizes_is_in_view_and_no_seating_follows(
    live_server_daphne, browser_context
):
    night = in_thread(_last_round_played)
    for size in ({"width": 1440, "height": 900}, {"width": 390, "height": 844}):
        page = browser_context(viewport=size).new_page()
        log_in(page, live_server_daphne, "hostess", builders.PASSWORD)
        page.goto(f"{live_server_daphne.url}/nights/{night.pk}/dashboard/")
        expect(page.locator("#live-status")).to_have_text("Live")
        expect(page.locator("#round")).to_contain_text("Every round is played.")
        expect(page.locator("#next-seating")).to_have_count(0)  # no round 2 to sit down for
        _visible_inside(page.get_by_role("button", name="Award prizes"))
        screenshot(page, f"dashboard-last-round-{size['width']}")


def _said(language, singular, plural=None, n=1, domain="djangojs", kept=False, **args):
    """What the stage says in `language` (stage.js's words are in the djangojs catalog, the
    template's in django's), asserting it is not the English unless the word is `kept`."""
    return said_in(language, singular, plural, n, domain, kept) % {"n": n, **args}


@pytest.mark.parametrize("language", ["it", "tl"])
def test_a_night_in_italian_or_filipino_reads_so_on_the_stage_and_still_fits(
    live_server_daphne, browser_context, language
):
    players = 48
    night = in_thread(_lobby, players, language)
    page = browser_context(viewport={"width": 1280, "height": 720}).new_page()
    page.goto(f"{live_server_daphne.url}/screen/{night.screen_token}/")
    expect(page.locator("html")).to_have_attribute("lang", language)
    expect(page.locator("#live-status")).to_have_text(_said(language, "Live", kept=True))
    expect(page.locator("#join-box h2")).to_have_text(
        _said(language, "Join on your phone", domain="django")
    )
    drawn = "Seats are drawn for %(n)s table: the game starts soon"
    plural = "Seats are drawn for %(n)s tables: the game starts soon"
    expect(page.locator("#headline")).to_have_text(_said(language, drawn, plural, players // 4))
    joined = _said(language, "%(n)s player has joined", "%(n)s players have joined", players)
    expect(page.locator("#joined-count")).to_have_text(joined)
    _check(page, f"{language}-{players}-lobby")
    for scene, step in STEPS[1:4]:  # a round, its bell, the next seats
        in_thread(step, night)
        page.reload()
        expect(page.locator("#stage")).to_have_attribute("data-scene", scene)
        if scene == "playing":
            expect(page.locator("#legend")).to_contain_text(_said(language, "has the dice"))
        if scene == "bell":
            rang = _said(language, "The bell rang: rung by the host.", domain="django")
            finish = _said(language, "Tables finish their turns.")
            expect(page.locator("#bell")).to_have_text(f"{rang} {finish}")
        if scene == "between":
            over = "Round %(number)s is over: find your next seat"
            expect(page.locator("#headline")).to_have_text(_said(language, over, number=1))
        _check(page, f"{language}-{players}-{scene}")
    _end_the_night(live_server_daphne, browser_context, night)  # the prizes, one by one
    awards = in_thread(night.awards.count)
    count = _said(language, "Prize %(number)s of %(total)s", number=1, total=awards)
    expect(page.locator("#reveal .count")).to_have_text(count)
    _check(page, f"{language}-{players}-reveal")
