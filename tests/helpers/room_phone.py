"""A player's phone in a card room, for the browser tests: open the game from the rooms page
with "Play now with bots" (one tap), then tap only what the page lights up, never scrolling
to reach one's own cards or piles (every tap is of an element already in view, the page
still at its top)."""

from playwright.sync_api import expect

from tests import builders
from tests.helpers.browser import in_thread, in_viewport
from tests.helpers.screenshots import screenshot


def play_now(server, browser_context, game, **settings):
    """Ann's phone (touch, 390 x 844) in a new `game` room with bots, dealt; (page, room id)."""
    ann = in_thread(
        lambda: builders.night(builders.host(), ["Ann"], paid=False, name="Cards").players.get()
    )
    page = browser_context(has_touch=True, is_mobile=True).new_page()
    page.goto(f"{server.url}/rooms/for/{ann.token}/")
    card = page.locator(f"#game-{game}")
    if settings:  # only ever a game's own folded settings
        card.locator("summary").tap()
    for name, value in settings.items():
        card.locator(f"[name={name}]").select_option(value)
    screenshot(page, f"rooms-page-{game}")
    card.get_by_role("button", name="Play now with bots").tap()
    expect(page.locator("#conn")).to_have_attribute("data-state", "open")
    expect(page.locator("#status")).to_have_text("· playing")
    return page, int(page.url.split("/rooms/")[1].split("/")[0])


def tap(page, locator):
    """Tap `locator` where it is: in view already, nothing scrolled; then wait for the
    server's answer if the tap sent something."""
    try:
        in_viewport(locator)
        assert page.evaluate("window.scrollY") == 0, "the page had to scroll"
    except AssertionError:
        screenshot(page, "play-now-out-of-view")
        raise
    locator.tap()
    expect(page.locator("#app")).not_to_have_attribute("data-pending", "1")
