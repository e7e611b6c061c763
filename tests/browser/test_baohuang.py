"""保皇 in Chromium on a phone (360×740): a set with jokers (大王 小王 9 9, BH-08) played
by clicking four cards, a set that does not beat the table refused with the card-by-card
reason (BH-R01), with and without JavaScript; and a 43-card hand (BH-17) that fits the
phone's width, every card big enough to tap, its options ticked and Done pressed
without JavaScript."""

import re

import pytest
from playwright.sync_api import expect

from puzzles.models import Puzzle
from tests.helpers import BIG_HAND

pytestmark = pytest.mark.browser

PHONE = {"width": 360, "height": 740}
CORRECT = re.compile("正确|Correct")
PLAY = re.compile("出选中的牌|Play the chosen")

# Your left (上家, a rebel with one card left) played 小王 and three 8s. Only a set with a
# 大王 on top beats it: 大王 小王 9 9 does, nothing beats that, and the four 4s go out
# first. The four 4s now are no answer (4 against 小王), and a pass lets the ♦6 out.
JOKERS = {
    "hands": ["BJ SJ ♠9 ♥9 ♠4 ♥4 ♣4 ♦4", "♠K", "♠Q ♥Q", "♦5", "♦6"],
    "emperor": 0,
    "royalist": 2,
    "table": {"play": "SJ ♠8 ♥8 ♣8", "by": 4},
}
# A whole hand as dealt (43 cards) and a pair of 9s on the table: 10 10 and 大王 大王 beat
# it; 小王 8 does not (8 against 9), nor does 3 3.
BIG = {
    "hand": [c.text() for c in BIG_HAND],
    "over": "♠9 ♥9",
    "options": [["♠10", "♥10"], ["SJ", "♠8"], ["BJ", "BJ"], ["♠3", "♥3"]],
}


def make(slug, kind, data, prompt_zh, prompt_en):
    return Puzzle.objects.create(
        slug=slug,
        game="baohuang",
        kind=kind,
        data=data,
        prompt_zh=prompt_zh,
        prompt_en=prompt_en,
    )


@pytest.fixture
def jokers(site):
    return make(
        "baohuang-jokers",
        "baohuang.lead",
        JOKERS,
        "明牌残局。上家出了小王带三个8，还剩一张牌。怎么出能保证你们拿到头科？",
        "Every hand open. Your left played a small joker with three 8s and has one card "
        "left. What do you play so that your side surely goes out first?",
    )


@pytest.fixture
def big_hand(site):
    return make(
        "baohuang-big-hand",
        "baohuang.legal",
        BIG,
        "上家出了一对9。勾出所有管得上的牌。",
        "Your left played a pair of 9s. Tick every set that beats it.",
    )


def card(page, name):
    """The checkbox of a card of your hand, by what a screen reader calls it."""
    return page.locator("#play .hand-you").get_by_role("checkbox", name=re.compile(name))


def play(page, names, javascript: bool):
    for name in names:
        box = card(page, name)
        box.click() if javascript else box.check()
    button = page.get_by_role("button", name=PLAY)
    if javascript:
        button.click()
        return
    with page.expect_navigation() as navigation:
        button.click()
    assert navigation.value.request.method == "POST"


def no_sideways_scroll(page):
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]


@pytest.mark.parametrize("javascript", [True, False], ids=["js", "no-js"])
def test_the_joker_set_is_played_by_clicking_on_a_phone(new_page, site, jokers, javascript):
    page = new_page(viewport=PHONE, java_script_enabled=javascript)
    page.goto(f"{site}/puzzles/baohuang-jokers/")
    hand = page.locator("#play .hand-you label.card")
    expect(hand).to_have_count(8)
    no_sideways_scroll(page)
    # Four 4s are a set, but not one that beats 小王 8 8 8: refused with the first card
    # that fails, and the hand is as it was.
    play(page, ["♠4", "♥4", "♣4", "♦4"], javascript)
    verdict = page.locator("#play .verdict")
    expect(verdict).to_contain_text("第 1 张是4对小王，更小，管不上")
    expect(hand).to_have_count(8)
    for box in page.locator("#play .hand-you").get_by_role("checkbox").all():
        box.uncheck()
    # 大王 小王 9 9: four taps and Play.
    play(page, ["BJ", "SJ", "♠9", "♥9"], javascript)
    expect(verdict).to_contain_text(CORRECT)
    expect(verdict).to_contain_text("你们这一方一定能拿到头科")
    # Your four cards lie on the table after the 小王 8 8 8; the four 4s are left.
    plays = page.locator("#play .trick .played")
    expect(plays).to_have_count(2)
    expect(plays.nth(1).locator(".card")).to_have_count(4)
    expect(plays.nth(1).get_by_role("img", name=re.compile("大王"))).to_have_count(1)
    expect(page.locator("#play .hand-you .card")).to_have_count(4)
    no_sideways_scroll(page)


def test_without_javascript_a_pass_is_refuted_in_english(new_page, site, jokers):
    page = new_page(viewport=PHONE, java_script_enabled=False, locale="en-US")
    page.goto(f"{site}/puzzles/baohuang-jokers/")
    # Three cards on a four-card set: refused with the rule, nothing recorded.
    play(page, ["BJ", "♠9", "♥9"], javascript=False)
    expect(page.locator("#play .verdict")).to_contain_text("the table has 4, this is 3")
    with page.expect_navigation():
        page.get_by_role("button", name="Pass", exact=True).click()
    expect(page.locator("#play .verdict")).to_contain_text("the player on your left (上家) plays 6")
    with page.expect_navigation():
        page.get_by_role("button", name="Show the answer").click()
    expect(page.locator("#play .verdict")).to_contain_text("BJ SJ 9 9")


def card_boxes(page):
    """Each card of your hand: its width and height, and how much of it shows (a fanned
    group lays the next card over this one's right side)."""
    return page.locator("#play .hand-you .card").evaluate_all(
        """(cards) => cards.map((c) => {
            const r = c.getBoundingClientRect();
            const next = c.nextElementSibling;
            const n = next && next.classList.contains("card") ? next.getBoundingClientRect() : null;
            const covered = n && Math.abs(n.top - r.top) < 1 ? Math.max(0, r.right - n.left) : 0;
            return {left: r.left, right: r.right, width: r.width - covered, height: r.height};
        })"""
    )


@pytest.mark.parametrize("javascript", [True, False], ids=["js", "no-js"])
def test_a_43_card_hand_fits_a_phone_and_is_answered_by_ticks(new_page, site, big_hand, javascript):
    page = new_page(viewport=PHONE, java_script_enabled=javascript)
    page.goto(f"{site}/puzzles/baohuang-big-hand/")
    no_sideways_scroll(page)
    cards = card_boxes(page)
    assert len(cards) == 43
    for box in cards:
        assert box["left"] >= 0 and box["right"] <= PHONE["width"]
        assert box["width"] >= 28 and box["height"] >= 28  # a finger can hit what shows
    # One group per rank: 大王, 小王, 2, A … 3.
    expect(page.locator("#play .hand-you .card-group")).to_have_count(15)
    options = page.locator("#play fieldset.options input[type=checkbox]")
    expect(options).to_have_count(4)
    # 小王 8 ticked with 10 10: wrong, and the reason names the card that fails.
    options.nth(0).check()
    options.nth(1).check()
    done = page.get_by_role("button", name=re.compile("完成"))
    if javascript:
        done.click()
    else:
        with page.expect_navigation():
            done.click()
    verdict = page.locator("#play .verdict")
    expect(verdict).to_contain_text("第 2 张是8对9，更小")
    expect(verdict).to_contain_text("还有 1 套能管的没有勾上")
    no_sideways_scroll(page)


def test_ticking_every_set_that_beats_and_done_solves_without_javascript(new_page, site, big_hand):
    page = new_page(viewport=PHONE, java_script_enabled=False, locale="en-US")
    page.goto(f"{site}/puzzles/baohuang-big-hand/")
    options = page.locator("#play fieldset.options label.option")
    # Ticked by what a screen reader says of each option: its cards.
    for name in ("10 of spades (♠10)", "big joker (BJ)"):
        options.filter(has=page.get_by_role("img", name=name)).locator("input").check()
    with page.expect_navigation() as navigation:
        page.get_by_role("button", name="Done: these beat it").click()
    assert navigation.value.request.method == "POST"
    verdict = page.locator("#play .verdict")
    expect(verdict).to_contain_text(CORRECT)
    expect(verdict).to_contain_text("BJ BJ: beats it.")
    expect(verdict).to_contain_text("SJ ♠8: does not beat it.")
