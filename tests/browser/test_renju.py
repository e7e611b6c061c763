"""Renju in Chromium: every forbidden point marked by clicking, then Done; and a VCF played out."""

import re

import pytest
from playwright.sync_api import expect

from puzzles.models import Puzzle

pytestmark = pytest.mark.browser

CORRECT = re.compile("正确|Correct")
GAME = "h8 h9 i8 i9 j9 g9 j7 k9"  # black to move: j8 is a double-three


@pytest.fixture
def forbidden(site):
    return Puzzle.objects.create(
        slug="renju-forbidden",
        game="renju",
        kind="renju.forbidden",
        data={"moves": GAME},
        prompt_zh="轮到黑棋下。把黑棋不能下的禁手点全部标出来，再按“完成”。",
        prompt_en="Black is to move. Mark every point where Black may not play, then press Done.",
    )


def test_a_forbidden_point_puzzle_solved_by_clicking(page, site, forbidden):
    page.goto(f"{site}/puzzles/renju-forbidden/")
    expect(page.locator(".prompt")).to_contain_text("禁手点")
    # A wrong pick first, taken back by a second click.
    page.get_by_role("button", name="k8", exact=True).click()
    expect(page.locator("#play .verdict")).to_contain_text("已标记 1 个点")
    page.get_by_role("button", name="k8", exact=True).click()
    expect(page.locator("#play .verdict")).to_contain_text("已标记 0 个点")
    page.get_by_role("button", name="j8", exact=True).click()
    expect(page.locator("#play .verdict")).to_contain_text("已标记 1 个点")
    page.get_by_role("button", name=re.compile("完成|Done")).click()
    expect(page.locator("#play .verdict")).to_contain_text(CORRECT)
    expect(page.locator("#play .verdict")).to_contain_text("j8 是三三禁手")
    # The two threes are drawn on the board, as found.
    expect(page.locator("#play line.segment-found")).to_have_count(2)
    expect(page.get_by_role("button", name="j8", exact=True)).to_have_count(0)


def test_a_missed_point_is_explained_without_javascript(new_page, site, forbidden):
    page = new_page(java_script_enabled=False, locale="en-US")
    page.goto(f"{site}/puzzles/renju-forbidden/")
    with page.expect_navigation() as navigation:
        page.get_by_role("button", name=re.compile("Done")).click()
    assert navigation.value.request.method == "POST"
    expect(page.locator("#play .verdict")).to_contain_text("1 still to find")
    expect(page.locator("#play path.mark-cross")).to_have_count(0)  # not given away
    with page.expect_navigation():
        page.get_by_role("button", name="Show the answer").click()
    expect(page.locator("#play .verdict")).to_contain_text("Missed: j8 is a double-three")
    expect(page.locator("#play path.mark-cross")).to_have_count(1)
    expect(page.locator("#play line.segment-missed")).to_have_count(2)


def test_a_vcf_played_out_against_the_engine(page, site):
    Puzzle.objects.create(
        slug="renju-vcf",
        game="renju",
        kind="renju.vcf",
        data={"black": "h8 i8 j8 k9 k10", "white": "g8 h10 i11 m3 c12"},
        prompt_zh="黑先，连续冲四取胜。",
        prompt_en="Black to play and win with continuous fours.",
    )
    page.goto(f"{site}/puzzles/renju-vcf/")
    page.get_by_label(re.compile("输入坐标|type a point")).fill("k8")
    page.get_by_role("button", name=re.compile("^(落子|Play)$")).click()
    expect(page.locator("#play .reply")).to_contain_text("白 l8")
    page.get_by_role("button", name="k11", exact=True).click()
    expect(page.locator("#play .reply")).to_contain_text("白 k")
    blocked = page.locator("#play .reply").inner_text()
    page.get_by_role("button", name="k7" if "k12" in blocked else "k12", exact=True).click()
    expect(page.locator("#play .verdict")).to_contain_text(CORRECT)
