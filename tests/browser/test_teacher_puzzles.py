"""A teacher makes a Go puzzle on the board editor in Chromium, then solves it."""

import os
import re
from pathlib import Path

import pytest
from playwright.sync_api import expect

from puzzles.models import Puzzle
from tests.conftest import make_user

from .conftest import log_in

pytestmark = pytest.mark.browser

SHOTS = os.environ.get("QIPAI_SHOTS")  # a folder: save a screenshot of each page


def place(page, tool, point, then):
    page.get_by_role("radio", name=re.compile(tool)).check()
    page.get_by_role("button", name=point, exact=True).click()
    expect(page.get_by_role("button", name=then, exact=True)).to_be_visible()


@pytest.mark.parametrize("javascript", [True, False], ids=["htmx", "no-javascript"])
def test_a_teacher_places_stones_saves_and_solves(new_page, site, javascript):
    make_user("ms-wang", teacher=True)
    page = new_page(locale="en-US", java_script_enabled=javascript)
    log_in(page, site, "ms-wang")
    page.goto(f"{site}/classes/puzzles/")
    page.get_by_role("link", name="Go: board editor").click()
    for point in ("E6", "D5", "F5"):
        place(page, "Black stone", point, f"{point} black stone")
    place(page, "White stone", "E5", "E5 white stone")
    # Marked, the stone says so to a screen reader.
    place(page, "Mark a stone", "E5 white stone", "E5 white stone, marked")
    expect(page.get_by_label("Marked stones (△)")).to_have_value("E5")
    place(page, "Next solution move", "E4", "E4 black stone, move 1")
    expect(page.get_by_label("Solution:", exact=True)).to_have_value("E4")
    page.get_by_label("Prompt in English").fill("Black to play: capture the marked stone.")
    page.get_by_role("button", name="Save and try it").click()
    expect(page.locator(".prompt")).to_have_text("Black to play: capture the marked stone.")
    puzzle = Puzzle.objects.get(author__username="ms-wang")
    assert page.url.split("#")[0].endswith(puzzle.url) and not puzzle.is_public
    # The author is offered their puzzle's edit page, not a report on their own puzzle.
    expect(page.get_by_role("link", name="Edit this puzzle")).to_be_visible()
    expect(page.get_by_role("link", name="Report a problem with this puzzle")).to_have_count(0)
    other = new_page(locale="en-US", java_script_enabled=javascript)
    other.goto(site + Puzzle.objects.filter(author=None, game="go").first().url)
    expect(other.get_by_role("link", name="Report a problem with this puzzle")).to_be_visible()
    page.get_by_role("button", name="E4", exact=True).click()
    expect(page.locator("#play .verdict")).to_contain_text("Correct")


TEACHER_PAGES = [
    ("list", "/classes/puzzles/"),
    ("go-editor", "/classes/puzzles/new/go/"),
    ("go-sgf", "/classes/puzzles/new/go/sgf/"),
    ("renju-editor", "/classes/puzzles/new/renju/"),
    ("dagunzi-ending", "/classes/puzzles/new/dagunzi/"),
    ("xiangqi-position", "/classes/puzzles/new/xiangqi/"),
]


@pytest.mark.parametrize(
    ("width", "locale"), [(360, "zh-CN"), (360, "en-US"), (1280, "zh-CN")], ids=str
)
def test_every_way_of_making_a_puzzle_fits_the_screen(new_page, site, width, locale):
    """Each game's editor modes, reached from the list, in both languages, on a
    phone and a desktop: a link to each, and nothing scrolls sideways."""
    make_user("ms-li", teacher=True)
    page = new_page(locale=locale, viewport={"width": width, "height": 800})
    log_in(page, site, "ms-li")
    page.goto(f"{site}/classes/puzzles/")
    links = page.locator("main a.button").evaluate_all("(links) => links.map((a) => a.pathname)")
    assert links == [path for _name, path in TEACHER_PAGES[1:]]
    for name, path in TEACHER_PAGES:
        page.goto(f"{site}{path}")
        expect(page.locator("main h1")).to_be_visible()
        overflow = page.evaluate("document.scrollingElement.scrollWidth - window.innerWidth")
        assert overflow <= 0, name
        if SHOTS:
            Path(SHOTS).mkdir(parents=True, exist_ok=True)
            page.screenshot(path=f"{SHOTS}/teacher-{name}-{width}-{locale}.png", full_page=True)


@pytest.mark.parametrize(
    ("game", "points"), [("go", ("E6", "D5", "F5")), ("renju", ("h8", "g7", "j9"))], ids=str
)
@pytest.mark.parametrize("viewport", [(360, 740), (1280, 800)], ids=["phone", "desktop"])
def test_a_click_on_the_editor_swaps_only_the_board_and_keeps_the_scroll(
    new_page, site, viewport, game, points
):
    """Each click redraws the board where it stands: the page does not jump, the
    stone appears, and focus stays on the point just clicked."""
    width, height = viewport
    make_user("ms-zhao", teacher=True)
    page = new_page(locale="en-US", viewport={"width": width, "height": height})
    log_in(page, site, "ms-zhao")
    page.goto(f"{site}/classes/puzzles/new/{game}/")
    page.get_by_role("radio", name=re.compile("Black stone")).check()
    page.locator(".static-board").scroll_into_view_if_needed()
    page.evaluate("window.scrollBy(0, 40)")
    before = page.evaluate("window.scrollY")
    assert before > 0
    for point in points:
        page.get_by_role("button", name=point, exact=True).click()
        stone = page.get_by_role("button", name=f"{point} black stone", exact=True)
        expect(stone).to_be_visible()
        assert page.evaluate("window.scrollY") == before, point
        expect(stone).to_be_focused()
    expect(page.get_by_label("Position as a text diagram")).to_have_value(re.compile("X"))


def test_without_javascript_a_click_reloads_the_page_at_the_board(new_page, site):
    """The full-page post lands on the board (#board), the new stone in view."""
    make_user("ms-zhao", teacher=True)
    page = new_page(
        locale="en-US", viewport={"width": 360, "height": 740}, java_script_enabled=False
    )
    log_in(page, site, "ms-zhao")
    page.goto(f"{site}/classes/puzzles/new/go/")
    page.get_by_role("radio", name=re.compile("Black stone")).check()
    for point in ("E6", "D5"):
        page.get_by_role("button", name=point, exact=True).click()
        stone = page.get_by_role("button", name=f"{point} black stone", exact=True)
        expect(stone).to_be_in_viewport()
    assert page.url.endswith("#board")
