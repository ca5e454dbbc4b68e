"""Getting guests onto their own page and setting a night up, in real Chromium against a
real Daphne server: claiming a name the host added, the join code from the big screen,
pasting a list, the paid toggle, the name-length note, and ending the night early.
Everything a person must see is checked to be inside the viewport, not merely present."""

import pytest
from django.utils import dateformat, translation
from playwright.sync_api import expect

from partynight.models import Night, Player
from tests.helpers.browser import (
    in_thread,
    in_viewport,
    log_in,
    night_after_one_round,
    planned_night,
)
from tests.helpers.screenshots import screenshot

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

TV = {"width": 1920, "height": 1080}
LAPTOP = {"width": 1280, "height": 800}


def test_a_guest_claims_the_name_the_host_added_and_a_second_phone_cannot(
    live_server_daphne, browser_context
):
    night = in_thread(planned_night, ["Ann", "Bea", "Cy"])
    join = f"{live_server_daphne.url}/join/{night.join_token}/"
    ann_phone = browser_context().new_page()
    ann_phone.goto(join)
    in_viewport(ann_phone.get_by_role("heading", name="Find your name"))
    claim = ann_phone.get_by_role("button", name="Is this you? Ann")
    in_viewport(claim)
    screenshot(ann_phone, "join-claim-your-name")
    claim.click()
    expect(ann_phone.locator("#me-name")).to_have_text("Ann")
    assert ann_phone.url.endswith(f"/play/{Player.objects.get(name='Ann').token}/")

    other = browser_context().new_page()
    other.goto(join)
    expect(other.get_by_role("button", name="Is this you? Bea")).to_be_visible()
    expect(other.get_by_role("button", name="Is this you? Ann")).to_have_count(0)
    other.locator("#name").fill("ann")
    other.get_by_role("button", name="Join the night").click()
    error = other.locator("#join-error")
    in_viewport(error)
    expect(error).to_contain_text("Ann has already joined on another phone")
    screenshot(other, "join-name-already-claimed")
    assert Player.objects.filter(night=night, name__iexact="ann").count() == 1

    # Bea types her name instead of tapping it: she is asked, once.
    other.locator("#name").fill("Bea")
    other.get_by_role("button", name="Join the night").click()
    in_viewport(other.get_by_role("heading", name="Is this you? Bea"))
    other.get_by_role("button", name="Yes, I am Bea").click()
    expect(other.locator("#me-name")).to_have_text("Bea")
    assert Player.objects.filter(night=night, name="Bea").get().claimed


def test_a_guest_whose_browser_reads_italian_joins_in_italian(live_server_daphne, browser_context):
    night = in_thread(planned_night, ["Ann", "Bea"])
    with translation.override("it"):
        find = translation.gettext("Find your name")
        claim = translation.gettext("Is this you? %(name)s") % {"name": "Ann"}
        month = dateformat.format(night.date, "F")
    assert find != "Find your name" and month != dateformat.format(night.date, "F")
    phone = browser_context(locale="it-IT").new_page()
    phone.goto(f"{live_server_daphne.url}/join/{night.join_token}/")
    in_viewport(phone.get_by_role("heading", name=find))
    expect(phone.locator("main .muted").first).to_contain_text(month)  # the night's date too
    assert phone.evaluate("document.documentElement.scrollWidth") <= 390
    phone.get_by_role("button", name=claim).click()
    expect(phone.locator("#me-name")).to_have_text("Ann")
    expect(phone.locator("html")).to_have_attribute("lang", "it")  # the phone follows it too


def test_the_join_code_on_the_big_screen_typed_on_a_phone(live_server_daphne, browser_context):
    night = in_thread(planned_night, ["Ann"])
    tv = browser_context(viewport=TV).new_page()
    tv.goto(f"{live_server_daphne.url}/screen/{night.screen_token}/")
    code = tv.locator("#screen-join-code")
    in_viewport(code)
    in_viewport(tv.locator("#join-box .qr svg"))
    screenshot(tv, "screen-join-code")
    typed = code.inner_text().strip().lower()
    assert typed == night.join_code.lower()

    phone = browser_context().new_page()
    phone.goto(live_server_daphne.url + "/")
    box = phone.get_by_label("Type the code from the big screen")
    in_viewport(box)
    box.fill("zzzzzz" if night.join_code != "ZZZZZZ" else "yyyyyy")
    phone.get_by_role("button", name="Join", exact=True).click()
    in_viewport(phone.locator("#code-error"))
    expect(phone.locator("#code-error")).to_contain_text("No party has the code")
    phone.get_by_label("Type the code from the big screen").fill(typed)
    phone.get_by_role("button", name="Join", exact=True).click()
    expect(phone.get_by_role("button", name="Is this you? Ann")).to_be_visible()
    phone.locator("#name").fill("Dee")
    phone.get_by_role("button", name="Join the night").click()
    expect(phone.locator("#me-name")).to_have_text("Dee")
    assert Player.objects.get(night=night, name="Dee").claimed


def test_the_host_pastes_a_list_adds_one_and_marks_paid_without_reloads(
    live_server_daphne, browser_context
):
    night = in_thread(planned_night, ["Ann"])
    page = browser_context(viewport=LAPTOP).new_page()
    log_in(page, live_server_daphne, "hostess", "pw-for-tests-1")
    page.goto(f"{live_server_daphne.url}/nights/{night.pk}/")
    page.get_by_text("Paste a list of names").click()
    page.get_by_label("One name per line").fill("Bea\nCy\nann\n\nBea\n" + "Z" * 45 + "\nDi")
    page.get_by_role("button", name="Add everyone").click()
    report = page.locator("#paste-report")
    expect(report).to_contain_text("Added 3: Bea, Cy, Di.")
    expect(report).to_contain_text("Line 3, “ann”: ann is already playing tonight")
    expect(report).to_contain_text("Line 5, “Bea”: Bea is already playing tonight")
    expect(report).to_contain_text("at most 40 characters")
    report.scroll_into_view_if_needed()
    in_viewport(report)
    screenshot(page, "planning-paste-a-list")
    expect(page.locator(".players .name")).to_have_count(4)

    # One at a time: Enter adds, and the cursor is back in the name box for the next.
    page.locator("#id_name").fill("Eve")
    page.locator("#id_name").press("Enter")
    expect(page.locator(".players .name", has_text="Eve")).to_have_count(1)
    expect(page.locator("#id_name")).to_be_focused()
    page.keyboard.type("Fay")
    page.keyboard.press("Enter")
    expect(page.locator(".players .name", has_text="Fay")).to_have_count(1)
    expect(page.locator("#id_name")).to_be_focused()

    # The paid toggle: no page load (a marker on the window survives), the pot follows.
    page.evaluate("window.stillHere = true")
    toggle = page.get_by_role("button", name="Paid: Ann")
    expect(toggle).to_have_text("Mark paid")
    toggle.click()
    expect(toggle).to_have_text("Paid ✓")
    expect(toggle).to_have_attribute("aria-pressed", "true")
    expect(page.locator("#paid-status")).to_have_text("Ann paid. Pot: $5.")
    assert page.evaluate("window.stillHere") is True
    assert Player.objects.get(night=night, name="Ann").paid
    toggle.click()
    expect(toggle).to_have_text("Mark paid")
    assert page.evaluate("window.stillHere") is True
    assert not Player.objects.get(night=night, name="Ann").paid


def test_a_name_cut_at_the_limit_says_so(live_server_daphne, browser_context):
    night = in_thread(planned_night, [])
    phone = browser_context().new_page()
    phone.goto(f"{live_server_daphne.url}/join/{night.join_token}/")
    phone.locator("#name").press_sequentially("Maximiliana Von Trapp-Featherstonehaugh III")
    note = phone.locator(".limit-note")
    in_viewport(note)
    expect(note).to_have_text("That is the longest allowed (40 characters).")
    assert len(phone.locator("#name").input_value()) == 40


def test_the_host_ends_the_night_early_after_a_confirmation(live_server_daphne, browser_context):
    night = in_thread(night_after_one_round)
    page = browser_context().new_page()  # the host on a phone, as at a real party
    log_in(page, live_server_daphne, "hostess", "pw-for-tests-1")
    page.goto(f"{live_server_daphne.url}/nights/{night.pk}/dashboard/")
    expect(page.locator("#live-status")).to_have_text("Live")
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    end = page.get_by_role("link", name="End the night early: award the prizes")
    in_viewport(end)
    expect(page.locator("#finish-form")).to_be_hidden()
    end.click()
    in_viewport(page.get_by_role("heading", name="End the night now?"))
    expect(page.locator("#end-early")).to_contain_text("1 round played, 23 still to go")
    yes = page.get_by_role("button", name="Yes, award the prizes now")
    in_viewport(yes)
    screenshot(page, "host-end-early-confirm")
    yes.click()
    line = page.locator("#rounds-played")
    in_viewport(line)
    expect(line).to_have_text("1 of 24 rounds played (the night ended early).")
    screenshot(page, "host-results-ended-early")
    assert Night.objects.get(pk=night.pk).state == "finished"
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
