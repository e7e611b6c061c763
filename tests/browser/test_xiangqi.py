"""Xiangqi on a phone, with and without JavaScript: a mate in two played by
tapping a piece and then where it goes, the site answering with the defence."""

import re

import pytest
from playwright.sync_api import expect

from tests.helpers import make_puzzle, tap

pytestmark = pytest.mark.browser

PHONE = {"width": 360, "height": 740}
X21 = "3ak4/9/9/9/6p2/9/9/2RR1K3/9/9 w"  # 车六平五 士４进５ 车七进七


@pytest.mark.parametrize("javascript", [True, False], ids=["js", "no-js"])
def test_a_mate_in_two_by_tapping_pieces_on_a_phone(new_page, site, javascript):
    puzzle = make_puzzle(
        "xq-mate-two", game="xiangqi", kind="xiangqi.mate", data={"fen": X21, "depth": 2}
    )
    puzzle.prompt_zh = puzzle.prompt_en = ""  # the kind's own prompt, as the content gives it
    puzzle.save()
    page = new_page(viewport=PHONE, java_script_enabled=javascript, has_touch=True, is_mobile=True)
    page.goto(f"{site}/puzzles/xq-mate-two/")
    play = page.locator("#play")
    # Only Red's pieces can be picked up.
    expect(play.locator('button.point[name="select"]')).to_have_count(3)

    tap(page, play.get_by_role("button", name="d3 红车"), javascript)
    expect(play.locator(".verdict")).to_contain_text("拿起了红车（d3）")
    tap(page, play.locator('button.point[value="d3e3"]'), javascript)

    expect(play.locator(".verdict")).to_contain_text("士４进５")
    expect(play.get_by_role("img", name=re.compile(r"^e9 黑士"))).to_have_count(1)
    tap(page, play.get_by_role("button", name="c3 红车"), javascript)
    tap(page, play.locator('button.point[value="c3c10"]'), javascript)

    expect(play).to_have_class(re.compile(r"\bverdict-correct\b"))
    expect(play.locator(".verdict")).to_contain_text("将死！黑方输了。")
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= PHONE["width"], "the page scrolls sideways on a phone"


@pytest.mark.parametrize("javascript", [True, False], ids=["js", "no-js"])
def test_a_wrong_move_is_answered_and_the_answer_can_be_shown(new_page, site, javascript):
    make_puzzle("xq-mate-miss", game="xiangqi", kind="xiangqi.mate", data={"fen": X21, "depth": 2})
    page = new_page(viewport=PHONE, java_script_enabled=javascript)
    page.goto(f"{site}/puzzles/xq-mate-miss/")
    play = page.locator("#play")
    tap_or_click = play.get_by_role("button", name="c3 红车")
    with (
        page.expect_response(lambda r: r.request.method == "POST")
        if javascript
        else (page.expect_navigation())
    ):
        tap_or_click.click()
    with (
        page.expect_response(lambda r: r.request.method == "POST")
        if javascript
        else (page.expect_navigation())
    ):
        play.locator('button.point[value="c3c10"]').click()
    expect(play.locator(".verdict")).to_contain_text("黑方有应法")
    expect(play.locator(".refutation")).to_contain_text("将５进１")
    expect(play.locator(".verdict")).not_to_contain_text("车六平五")
    with (
        page.expect_response(lambda r: r.request.method == "POST")
        if javascript
        else (page.expect_navigation())
    ):
        play.get_by_role("button", name="显示答案").click()
    expect(play.locator(".answer")).to_contain_text("车六平五")
