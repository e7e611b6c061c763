"""Guandan in Chromium on a phone: a full house made with the wild card (逢人配, GD-03),
played by clicking five cards, with and without JavaScript."""

import re

import pytest
from playwright.sync_api import expect

from puzzles.models import Puzzle
from tests.helpers import GUANDAN_FULL_HOUSE

pytestmark = pytest.mark.browser

PHONE = {"width": 360, "height": 740}
CORRECT = re.compile("正确|Correct")
PLAY = re.compile("出选中的牌|Play the chosen")


@pytest.fixture
def full_house(site):
    return Puzzle.objects.create(
        slug="guandan-full-house",
        game="guandan",
        kind="guandan.lead",
        data=GUANDAN_FULL_HOUSE,
        prompt_zh="打8，明牌残局，你先出。怎么出能保证你们拿到头游？",
        prompt_en="Level 8, every hand open, you lead. Which play makes sure your side "
        "goes out first?",
    )


def cards(page, name):
    return page.get_by_role("checkbox", name=re.compile(name))


def test_a_wild_full_house_played_by_clicking_on_a_phone(new_page, site, full_house):
    page = new_page(viewport=PHONE)
    page.goto(f"{site}/puzzles/guandan-full-house/")
    wild = page.locator("#play .hand-you label.card.wild")
    expect(wild).to_have_count(1)  # the heart level card is marked
    # Two aces and a 4 are no combination: refused with the rule, the hand unchanged.
    for name in ("♠A", "♦A", "♣4"):
        cards(page, name).click()
    page.get_by_role("button", name=PLAY).click()
    expect(page.locator("#play .verdict")).to_contain_text(re.compile("不成牌型|not a combination"))
    expect(page.locator("#play .hand-you label.card")).to_have_count(5)
    for box in page.get_by_role("checkbox").all():
        box.uncheck()
    # The full house: four taps and one key for the wild.
    for name in ("♠A", "♦A", "♣4", "♦4"):
        cards(page, name).click()
    wild.locator("input").focus()
    page.keyboard.press("Space")
    page.get_by_role("button", name=PLAY).click()
    expect(page.locator("#play .verdict")).to_contain_text(CORRECT)
    # The five cards now lie on the table, the hand is empty.
    expect(page.locator("#play .trick .played")).to_have_count(1)
    expect(page.locator("#play .trick .played .card")).to_have_count(5)
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]


def test_without_javascript_a_short_lead_is_refuted_by_the_bomb(new_page, site, full_house):
    page = new_page(java_script_enabled=False, locale="en-US", viewport=PHONE)
    page.goto(f"{site}/puzzles/guandan-full-house/")
    for name in ("♠A", "♦A", "♥8"):
        cards(page, name).check()
    with page.expect_navigation() as navigation:
        page.get_by_role("button", name=PLAY).click()
    assert navigation.value.request.method == "POST"
    expect(page.locator("#play .verdict")).to_contain_text("plays ♠7 ♥7 ♣7 ♦7")
    with page.expect_navigation():
        page.get_by_role("button", name="Show the answer").click()
    expect(page.locator("#play .verdict")).to_contain_text("♥8 ♠A ♦A ♣4 ♦4")
