"""Dagunzi in Chromium: a 棒 selected card by card on the table and played."""

import re

import pytest
from playwright.sync_api import expect

from puzzles.models import Puzzle
from tests.helpers import DAGUNZI_ENDING as ENDING

pytestmark = pytest.mark.browser

CORRECT = re.compile("正确|Correct")


@pytest.fixture
def bang(site):
    return Puzzle.objects.create(
        slug="dagunzi-bang",
        game="dagunzi",
        kind="dagunzi.play",
        data=ENDING,
        prompt_zh="死棒：上家出了 ♥8♥8，你出哪个棒？",
        prompt_en="死棒: your left led ♥8♥8. Which 棒 do you play?",
    )


def test_a_bang_selected_and_played(page, site, bang):
    page.goto(f"{site}/puzzles/dagunzi-bang/")
    jacks = page.get_by_role("checkbox", name=re.compile(r"♥J"))
    sixes = page.get_by_role("checkbox", name=re.compile(r"♥6"))
    expect(jacks).to_have_count(2)
    # A jack and a six are no 棒: refused with the rule, the hand unchanged.
    jacks.nth(0).check()
    sixes.nth(0).check()
    page.get_by_role("button", name=re.compile("出选中的牌|Play the chosen")).click()
    expect(page.locator("#play .verdict")).to_contain_text("死棒")
    expect(page.get_by_role("checkbox", name=re.compile(r"♥J"))).to_have_count(2)
    # Both jacks, by keyboard this time for the second.
    jacks = page.get_by_role("checkbox", name=re.compile(r"♥J"))
    for box in page.get_by_role("checkbox").all():
        box.uncheck()
    jacks.nth(0).check()
    jacks.nth(1).focus()
    page.keyboard.press("Space")
    expect(jacks.nth(1)).to_be_checked()
    page.get_by_role("button", name=re.compile("出选中的牌|Play the chosen")).click()
    expect(page.locator("#play .verdict")).to_contain_text(CORRECT)
    expect(page.locator("#play .verdict")).to_contain_text("45")
    # Your 棒 now lies in the trick, in front of you.
    expect(page.locator("#play .trick .played")).to_have_count(2)
    expect(page.locator("#play .trick .played").nth(1).locator(".card")).to_have_count(2)


def test_the_table_works_without_javascript(new_page, site, bang):
    page = new_page(java_script_enabled=False, locale="en-US")
    page.goto(f"{site}/puzzles/dagunzi-bang/")
    page.get_by_role("checkbox", name=re.compile(r"♥6")).nth(0).check()
    page.get_by_role("checkbox", name=re.compile(r"♥6")).nth(1).check()
    with page.expect_navigation() as navigation:
        page.get_by_role("button", name=re.compile("Play")).click()
    assert navigation.value.request.method == "POST"
    expect(page.locator("#play .verdict")).to_contain_text("45")
    with page.expect_navigation():
        page.get_by_role("button", name="Show the answer").click()
    expect(page.locator("#play .verdict")).to_contain_text("♥J ♥J")
