"""A learner solves library puzzles in the puzzle player, in Chromium."""

import re

import pytest
from playwright.sync_api import expect

pytestmark = pytest.mark.browser


def point(page, name):
    return page.get_by_role("button", name=name, exact=True)


def test_wrong_answer_shows_the_refutation_then_retry(page, site):
    page.goto(f"{site}/puzzles/pick-one/")
    expect(page.locator(".prompt")).to_have_text("黑先：找出正确的点。")

    point(page, "a1").click()

    play = page.locator("#play")
    expect(play).to_have_class(re.compile(r"\bverdict-wrong\b"))
    expect(play.locator(".refutation .moves")).to_have_text("b1")
    expect(play.locator(".verdict")).to_contain_text("a1 离得太远。")
    # The refutation is on the board: the reply is a white stone now, and the
    # finished board takes no more answers.
    expect(play.get_by_role("img", name=re.compile(r"^b1 "))).to_have_count(1)
    expect(play.locator("button.point")).to_have_count(0)

    play.locator("button[name=action][value=retry]").click()

    expect(play.locator(".verdict")).to_be_empty()
    point(page, "c2").click()
    expect(play).to_have_class(re.compile(r"\bverdict-correct\b"))
    expect(play.locator(".verdict")).to_contain_text("c2 是唯一的好点。")


def test_two_move_line_with_a_reply(page, site):
    page.goto(f"{site}/puzzles/pick-two/")
    page.evaluate("window.__marker = 1")

    point(page, "c2").click()

    play = page.locator("#play")
    expect(play).to_have_class(re.compile(r"\bverdict-continue\b"))
    expect(play.locator(".verdict")).to_contain_text("白棋应 d3。")
    expect(point(page, "d3")).to_have_count(0)  # the reply took the point

    point(page, "d4").click()

    expect(play).to_have_class(re.compile(r"\bverdict-correct\b"))
    expect(play.locator(".verdict-title")).to_contain_text(re.compile("正确|Correct"))
    assert page.evaluate("window.__marker") == 1, "the page was reloaded"

    # The solved puzzle counts on the learner's dashboard.
    page.goto(f"{site}/me/")
    expect(page.locator("main")).to_contain_text(re.compile(r"1 (道|puzzle)"))


@pytest.mark.parametrize("path", ["/puzzles/pick-one/", "/learn/go/first-steps/3/"])
def test_without_javascript_the_answer_lands_on_the_verdict(new_page, site, path):
    """A phone without JavaScript: the page that comes back shows the verdict, not
    the top of the page."""
    page = new_page(java_script_enabled=False, viewport={"width": 360, "height": 740})
    page.goto(f"{site}{path}")
    page.get_by_role("button", name="a1", exact=True).click()
    expect(page.locator("#play .verdict-title")).to_be_in_viewport()
    assert page.url.endswith("#play")
