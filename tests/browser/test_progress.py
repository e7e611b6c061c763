"""Progress in Chromium: today's puzzle from the home page, the streak, a review come due."""

import datetime
import re

import pytest
from playwright.sync_api import expect

from accounts import kept
from puzzles import daily
from puzzles.models import DailyPuzzle, Puzzle, ReviewItem
from tests.helpers import LADDER

pytestmark = pytest.mark.browser


@pytest.fixture
def ladder(site):
    puzzle = Puzzle.objects.create(
        slug="ladder",
        game="go",
        kind="go.capture",
        data={"sgf": LADDER},
        prompt_zh="黑先，吃掉△白子。",
        prompt_en="Black to play: capture the marked stone.",
        rating=1000,
    )
    # Today's choice, stored as the first request of the day would store it.
    DailyPuzzle.objects.create(game="go", date=daily.today(), puzzle=puzzle)
    return puzzle


def test_todays_puzzle_from_the_home_page_rates_and_starts_a_streak(page, site, ladder):
    page.goto(f"{site}/")
    page.locator(".daily-card").get_by_role("link", name=re.compile("围棋 Go")).click()
    expect(page).to_have_url(f"{site}/daily/go/")
    page.get_by_role("button", name="C2", exact=True).click()
    expect(page.locator("#play .reply")).to_contain_text("白 B1")
    page.get_by_role("button", name="C1", exact=True).click()
    expect(page.locator("#play .verdict")).to_contain_text("正确")
    # A newcomer's rating: provisional, moved 40 for the first win (Glicko-2's +162 unshown).
    expect(page.locator("#play .rating-change")).to_have_text(
        "你的等级分：约 1040?（暂定，再做一些题就会稳定下来）"
    )
    page.get_by_role("link", name="我的进度").click()
    expect(page.locator(".streak")).to_contain_text("已连续 1 天。")
    expect(page.locator(".game-progress")).to_contain_text("你的等级分：约 1040?")
    expect(page.get_by_role("img", name=re.compile("等级分变化"))).to_be_visible()


def test_a_missed_puzzle_comes_back_for_review(page, site, ladder):
    page.goto(f"{site}/puzzles/ladder/")
    page.get_by_role("button", name="B1", exact=True).click()
    expect(page.locator("#play .verdict")).to_contain_text("不对。")
    item = ReviewItem.objects.get(puzzle=ladder)
    assert (item.step, item.due) == (0, daily.today() + datetime.timedelta(days=1))
    page.goto(f"{site}/review/")
    expect(page.locator(".notice")).to_contain_text("现在没有要复习的题")
    # A day later (moved here by the due date, the clock being the server's own; what
    # the site kept of the learner's pages is kept under the day, so it goes too).
    ReviewItem.objects.filter(pk=item.pk).update(due=daily.today())
    kept.clear()
    page.goto(f"{site}/review/")
    page.get_by_role("link", name=re.compile("复习 1 道题")).click()
    expect(page).to_have_url(f"{site}/review/ladder/")
    page.get_by_role("button", name="C2", exact=True).click()
    # The reply first: a click on the old board while the answer is on its way is lost.
    expect(page.locator("#play .reply")).to_contain_text("白 B1")
    page.get_by_role("button", name="C1", exact=True).click()
    expect(page.locator("#play .verdict")).to_contain_text("这次不计分")
    page.get_by_role("link", name=re.compile("回到复习列表")).click()
    expect(page.locator(".notice")).to_contain_text("现在没有要复习的题")
    item.refresh_from_db()
    assert (item.step, item.due) == (1, daily.today() + datetime.timedelta(days=3))
