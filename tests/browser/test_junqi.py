"""四国军棋 on a phone, with and without JavaScript: an engineer taken round two
corners of the railway by tapping it and then where it goes, a move that does not
get there answered, a set-up put right by swapping two pieces, and the whole cross
in its frame with every point big enough for a thumb."""

import re

import pytest
from playwright.sync_api import expect

from tests.helpers import make_puzzle, tap

pytestmark = pytest.mark.browser

PHONE = {"width": 360, "height": 740}
# The engineer on S12 goes to S52 round S10 and S50: the captain on S13 shuts the
# other way round. An East lieutenant on C8 shows the enemy and blocks the middle line.
CORNERS = {
    "south": {"S12": "engineer", "S13": "captain"},
    "east": {"C8": "lieutenant"},
    "piece": "S12",
    "to": "S52",
}
ROUTE = "S12-S11-S10-S20-S30-S40-S50-S51-S52"


def sizes(page):
    return page.evaluate(
        """() => [...document.querySelectorAll('#play .board-spots .point')].map((el) => {
             const r = el.getBoundingClientRect(); return [r.width, r.height]; })"""
    )


@pytest.mark.parametrize("javascript", [True, False], ids=["js", "no-js"])
def test_an_engineer_round_two_corners_by_tapping_on_a_phone(new_page, site, javascript):
    make_puzzle("jq-corners", game="junqi", kind="junqi.move", data=CORNERS)
    page = new_page(viewport=PHONE, java_script_enabled=javascript, has_touch=True, is_mobile=True)
    page.goto(f"{site}/puzzles/jq-corners/")
    play = page.locator("#play")
    # Only the engineer can be picked up; every point fits a thumb, and the cross (the
    # engineer reaches every railway node) scrolls in its frame, not the page.
    expect(play.locator('button.point[name="select"]')).to_have_count(1)
    assert all(w >= 27.99 and h >= 27.99 for w, h in sizes(page))
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]

    tap(page, play.get_by_role("button", name="S12 南家的工兵"), javascript)
    expect(play.locator(".verdict")).to_contain_text("拿起了 S12 的工兵")
    targets = play.locator('button.point[name="move"]')
    expect(targets.first).to_be_visible()
    assert "S12S52" in targets.evaluate_all("(els) => els.map((el) => el.value)")
    tap(page, play.locator('button.point[value="S12S52"]'), javascript)

    expect(play).to_have_class(re.compile(r"\bverdict-correct\b"))
    expect(play.locator(".verdict")).to_contain_text(ROUTE)
    expect(play.get_by_role("img", name=re.compile(r"^S52 南家的工兵"))).to_have_count(1)
    expect(play.locator(".arrow-good")).to_have_count(8)  # the route drawn point by point


@pytest.mark.parametrize("javascript", [True, False], ids=["js", "no-js"])
def test_a_move_that_does_not_get_there_is_answered(new_page, site, javascript):
    make_puzzle("jq-short", game="junqi", kind="junqi.move", data=CORNERS)
    page = new_page(viewport=PHONE, java_script_enabled=javascript, has_touch=True)
    page.goto(f"{site}/puzzles/jq-short/")
    play = page.locator("#play")
    tap(page, play.get_by_role("button", name="S12 南家的工兵"), javascript)
    tap(page, play.locator('button.point[value="S12S50"]'), javascript)
    expect(play.locator(".verdict")).to_contain_text("但没到 S52")
    tap(page, play.get_by_role("button", name="显示答案"), javascript)
    expect(play.locator(".answer")).to_contain_text("S12-S52")


@pytest.mark.parametrize("javascript", [True, False], ids=["js", "no-js"])
def test_a_set_up_put_right_by_swapping(new_page, site, javascript):
    army = {
        "S00": "mine", "S01": "flag", "S02": "mine", "S03": "captain", "S04": "lieutenant",
        "S10": "mine", "S11": "engineer", "S12": "brigadier", "S13": "engineer", "S14": "major",
        "S20": "captain", "S22": "bomb", "S24": "colonel", "S30": "major-general",
        "S31": "lieutenant", "S33": "bomb", "S34": "general", "S40": "captain",
        "S42": "marshal", "S44": "major-general", "S50": "colonel", "S51": "lieutenant",
        "S52": "brigadier", "S53": "engineer", "S54": "major",
    }  # fmt: skip
    army["S51"], army["S22"] = "bomb", "lieutenant"  # a bomb on the front row
    make_puzzle("jq-setup", game="junqi", kind="junqi.setup", data={"pieces": army})
    page = new_page(viewport=PHONE, java_script_enabled=javascript, has_touch=True)
    page.goto(f"{site}/puzzles/jq-setup/")
    play = page.locator("#play")
    tap(page, play.get_by_role("button", name="不合规"), javascript)
    expect(play.locator(".verdict")).to_contain_text("S51")
    tap(page, play.get_by_role("button", name="S51 南家的炸弹"), javascript)
    tap(page, play.get_by_role("button", name="S22 南家的排长"), javascript)
    expect(play).to_have_class(re.compile(r"\bverdict-correct\b"))
    expect(play.get_by_role("img", name=re.compile(r"^S22 南家的炸弹"))).to_have_count(1)


def test_the_whole_cross_scrolls_in_its_frame_and_keeps_every_point_tappable(new_page, site):
    make_puzzle(
        "jq-reach", game="junqi", kind="junqi.reach",
        data={"south": {"S10": "engineer"}, "east": {"E52": "general"},
              "west": {"W52": "general"}, "piece": "S10"},
    )  # fmt: skip
    page = new_page(viewport=PHONE, has_touch=True)
    page.goto(f"{site}/puzzles/jq-reach/")
    found = sizes(page)
    assert len(found) == 129 and all(w >= 27.99 and h >= 27.99 for w, h in found)
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    frame = page.locator("#play .board-frame")
    assert frame.evaluate("(el) => el.scrollWidth > el.clientWidth")  # the board scrolls
    point = page.get_by_role("button", name="E14")  # at the far right of the cross
    point.scroll_into_view_if_needed()
    tap(page, point, True)
    expect(page.locator("#play .verdict")).to_contain_text("已标记 1 个点")
