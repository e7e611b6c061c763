"""跳棋 on a phone, with and without JavaScript: a chain of three jumps played by
tapping the piece and then the hole where it stops, and a phone's star where every
hole stays big enough for a thumb."""

import re

import pytest
from playwright.sync_api import expect

from tests.helpers import make_puzzle, tap

pytestmark = pytest.mark.browser

PHONE = {"width": 360, "height": 740}
# Red's own pieces on e6 and e8 and Green's on e10 make a ladder: e5 jumps to e11.
LADDER = {"red": ["e5", "e6", "e8", "f10"], "green": ["e10", "d12"]}


def sizes(page):
    return page.evaluate(
        """() => [...document.querySelectorAll('#play .board-spots .point')].map((el) => {
             const r = el.getBoundingClientRect(); return [r.width, r.height]; })"""
    )


@pytest.mark.parametrize("javascript", [True, False], ids=["js", "no-js"])
def test_a_three_jump_chain_by_tapping_on_a_phone(new_page, site, javascript):
    make_puzzle(
        "tq-ladder", game="tiaoqi", kind="tiaoqi.move", data={**LADDER, "goal": "jump", "jumps": 3}
    )
    page = new_page(viewport=PHONE, java_script_enabled=javascript, has_touch=True, is_mobile=True)
    page.goto(f"{site}/puzzles/tq-ladder/")
    play = page.locator("#play")
    # Only Red's four pieces can be picked up, and every hole fits a thumb.
    expect(play.locator('button.point[name="select"]')).to_have_count(4)
    assert all(w >= 27.99 and h >= 27.99 for w, h in sizes(page))
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]

    tap(page, play.get_by_role("button", name="e5 红子"), javascript)
    expect(play.locator(".verdict")).to_contain_text("拿起了 e5 的棋子")
    # The holes it can reach post the whole move; e11 is three jumps away.
    expect(play.locator('button.point[name="move"]')).to_have_count(8)
    tap(page, play.locator('button.point[value="e5e11"]'), javascript)

    expect(play).to_have_class(re.compile(r"\bverdict-correct\b"))
    expect(play.locator(".verdict")).to_contain_text("e5-e7-e9-e11（连跳 3 次）")
    expect(play.get_by_role("img", name=re.compile(r"^e11 红子"))).to_have_count(1)
    expect(play.locator(".arrow-good")).to_have_count(3)  # the chain drawn hop by hop


@pytest.mark.parametrize("javascript", [True, False], ids=["js", "no-js"])
def test_a_chain_that_falls_short_is_answered(new_page, site, javascript):
    make_puzzle(
        "tq-short", game="tiaoqi", kind="tiaoqi.move", data={**LADDER, "goal": "jump", "jumps": 3}
    )
    page = new_page(viewport=PHONE, java_script_enabled=javascript, has_touch=True)
    page.goto(f"{site}/puzzles/tq-short/")
    play = page.locator("#play")
    tap(page, play.get_by_role("button", name="e5 红子"), javascript)
    tap(page, play.locator('button.point[value="e5e9"]'), javascript)
    expect(play.locator(".verdict")).to_contain_text("连跳 2 次")
    expect(play.locator(".verdict")).to_contain_text("但没有做到")
    tap(page, play.get_by_role("button", name="显示答案"), javascript)
    expect(play.locator(".answer")).to_contain_text("e5-e7-e9-e11")


def test_the_six_player_star_scrolls_in_its_frame_and_keeps_every_hole_tappable(new_page, site):
    make_puzzle(
        "tq-camp", game="tiaoqi", kind="tiaoqi.camp",
        data={"ask": "target", "players": 6, "color": "purple"},
    )  # fmt: skip
    page = new_page(viewport=PHONE, has_touch=True)
    page.goto(f"{site}/puzzles/tq-camp/")
    found = sizes(page)
    assert len(found) == 121 and all(w >= 27.99 and h >= 27.99 for w, h in found)
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    frame = page.locator("#play .board-frame")
    assert frame.evaluate("(el) => el.scrollWidth > el.clientWidth")  # the board scrolls
    hole = page.get_by_role("button", name="a13 橙子")  # in the north-west camp
    hole.tap()  # with JavaScript a first tap selects, the second plays
    tap(page, hole, True)
    expect(page.locator("#play .verdict")).to_contain_text("对")
