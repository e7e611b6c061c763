"""Shengji in Chromium on a phone: a led tractor answered by clicking four cards, with
and without JavaScript (SJ-22: a ruff must match the lead's shape)."""

import re

import pytest
from playwright.sync_api import expect

from puzzles.models import Puzzle
from tests.helpers import SHENGJI_RUFF

pytestmark = pytest.mark.browser

PHONE = {"width": 360, "height": 740}
CORRECT = re.compile("正确|Correct")
PLAY = re.compile("出选中的牌|Play the chosen")


@pytest.fixture
def ruff(site):
    return Puzzle.objects.create(
        slug="shengji-ruff",
        game="shengji",
        kind="shengji.play",
        data=SHENGJI_RUFF,
        prompt_zh="打2，红桃主。上家出了拖拉机 ♠10♠10♠J♠J，你没有黑桃。你们是抓分方：怎么出？",
        prompt_en="Level 2, hearts trump. Your left led the tractor ♠10♠10♠J♠J and you have "
        "no spades. Your side attacks: what do you play?",
    )


def cards(page, name):
    return page.get_by_role("checkbox", name=re.compile(name))


def test_a_tractor_ruffed_by_clicking_four_cards_on_a_phone(new_page, site, ruff):
    page = new_page(viewport=PHONE)
    page.goto(f"{site}/puzzles/shengji-ruff/")
    expect(cards(page, "♥3")).to_have_count(2)
    # Three cards to a four-card lead: refused with the rule, the hand unchanged.
    cards(page, "♥3").nth(0).click()
    cards(page, "♥3").nth(1).click()
    cards(page, "♥4").nth(0).click()
    page.get_by_role("button", name=PLAY).click()
    expect(page.locator("#play .verdict")).to_contain_text(re.compile("出 4 张|play 4"))
    expect(cards(page, "♥3")).to_have_count(2)
    for box in page.get_by_role("checkbox").all():
        box.uncheck()
    # The trump tractor: two taps and two keys.
    cards(page, "♥3").nth(0).click()
    cards(page, "♥3").nth(1).click()
    cards(page, "♥4").nth(0).focus()
    page.keyboard.press("Space")
    cards(page, "♥4").nth(1).focus()
    page.keyboard.press("Space")
    page.get_by_role("button", name=PLAY).click()
    expect(page.locator("#play .verdict")).to_contain_text(CORRECT)
    expect(page.locator("#play .verdict")).to_contain_text("65")
    # The tractor now lies in the trick, after the lead.
    expect(page.locator("#play .trick .played")).to_have_count(2)
    expect(page.locator("#play .trick .played").nth(1).locator(".card")).to_have_count(4)
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]


def test_without_javascript_a_weaker_ruff_is_refuted_and_the_answer_shown(new_page, site, ruff):
    page = new_page(java_script_enabled=False, locale="en-US", viewport=PHONE)
    page.goto(f"{site}/puzzles/shengji-ruff/")
    for name in ("♥3", "♥4", "♦9"):
        cards(page, name).nth(0).check()
    cards(page, "♥4").nth(1).check()
    with page.expect_navigation() as navigation:
        page.get_by_role("button", name=PLAY).click()
    assert navigation.value.request.method == "POST"
    expect(page.locator("#play .verdict")).to_contain_text("45")
    with page.expect_navigation():
        page.get_by_role("button", name="Show the answer").click()
    expect(page.locator("#play .verdict")).to_contain_text("♥3 ♥3 ♥4 ♥4")
