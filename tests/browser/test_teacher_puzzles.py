"""A teacher makes a Go puzzle on the board editor in Chromium, then solves it."""

import re

import pytest
from playwright.sync_api import expect

from puzzles.models import Puzzle
from tests.conftest import make_user

from .conftest import log_in

pytestmark = pytest.mark.browser


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
    place(page, "Mark a stone", "E5 white stone", "E5 white stone")
    expect(page.get_by_label("Marked stones (△)")).to_have_value("E5")
    place(page, "Next solution move", "E4", "E4 black stone")
    expect(page.get_by_label("Solution:", exact=True)).to_have_value("E4")
    page.get_by_label("Prompt in English").fill("Black to play: capture the marked stone.")
    page.get_by_role("button", name="Save and try it").click()
    expect(page.locator(".prompt")).to_have_text("Black to play: capture the marked stone.")
    puzzle = Puzzle.objects.get(author__username="ms-wang")
    assert page.url.split("#")[0].endswith(puzzle.url) and not puzzle.is_public
    page.get_by_role("button", name="E4", exact=True).click()
    expect(page.locator("#play .verdict")).to_contain_text("Correct")
