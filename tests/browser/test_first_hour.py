"""A beginner's first hour, on a phone and a desktop, with and without JavaScript:
a way in from the home page, a lesson that says why before it tells the answer,
and the end of a lesson that leads on."""

import re

import pytest
from playwright.sync_api import expect

from tutorials.models import Lesson, Step

pytestmark = pytest.mark.browser

SIZES = {"phone": {"width": 360, "height": 740}, "desktop": {"width": 1280, "height": 800}}
EXERCISE = "/learn/go/first-steps/2/"


def in_view(page, locator) -> bool:
    """Whether the element is wholly inside the viewport as the page stands."""
    box = locator.bounding_box()
    height = page.evaluate("window.innerHeight")
    return box is not None and box["y"] >= 0 and box["y"] + box["height"] <= height


@pytest.fixture(params=["phone", "desktop"])
def size(request):
    return SIZES[request.param]


@pytest.fixture(params=[True, False], ids=["js", "no-js"])
def javascript(request):
    return request.param


@pytest.fixture
def second_lesson(site):
    lesson = Lesson.objects.create(
        game="go", slug="second", order=2, title_zh="第二课", title_en="Second lesson"
    )
    Step.objects.create(lesson=lesson, order=1, text_zh="接着学。", text_en="Read on.")
    return lesson


def click(page, locator, javascript):
    """Click, waiting for the page load without JavaScript or the swap with it."""
    if javascript:
        with page.expect_response(lambda r: r.request.method == "POST"):
            locator.click()
    else:
        with page.expect_navigation():
            locator.click()


def test_the_home_page_starts_here_without_scrolling(new_page, site, size, javascript):
    page = new_page(viewport=size, java_script_enabled=javascript)
    page.goto(f"{site}/")
    start = page.get_by_role("link", name=re.compile("第一步"))
    expect(start).to_have_count(1)
    assert in_view(page, start), "the way into the lessons is below the fold"
    start.click()
    expect(page).to_have_url(f"{site}/learn/go/first-steps/1/")


def test_a_miss_in_a_lesson_says_why_and_keeps_the_answer(new_page, site, size, javascript):
    page = new_page(viewport=size, java_script_enabled=javascript)
    page.goto(f"{site}{EXERCISE}")
    verdict = page.locator("#play .verdict")

    click(page, page.get_by_role("button", name="a1", exact=True), javascript)
    expect(verdict).to_contain_text("这一手没有用。")
    expect(verdict).not_to_contain_text("c2")
    assert in_view(page, verdict.locator(".verdict-title")), "the verdict is out of sight"
    # Try again: a second miss shows the answer with the reason.
    click(page, page.get_by_role("button", name="再试一次"), javascript)
    click(page, page.get_by_role("button", name="b1", exact=True), javascript)
    expect(verdict).to_contain_text("这一手没有用。")
    expect(verdict.locator(".answer")).to_contain_text("正确的点：c2。")
    # The learner still plays it themselves, and one button goes on.
    click(page, page.get_by_role("button", name="再试一次"), javascript)
    click(page, page.get_by_role("button", name="c2", exact=True), javascript)
    expect(verdict).to_contain_text("正确")
    expect(page.get_by_role("button", name=re.compile("下一步|继续|完成"))).to_have_count(1)
    expect(page.get_by_role("button", name="再试一次")).to_have_count(0)


def test_the_answer_is_there_when_asked_for(new_page, site, javascript):
    page = new_page(viewport=SIZES["phone"], java_script_enabled=javascript)
    page.goto(f"{site}{EXERCISE}")
    click(page, page.get_by_role("button", name="a1", exact=True), javascript)
    answer = page.locator("#play .answer")
    expect(answer).to_have_count(0)
    click(page, page.get_by_role("button", name="显示答案"), javascript)
    expect(answer).to_contain_text("正确的点：c2。")


def test_the_end_of_a_lesson_offers_the_next(new_page, site, second_lesson, size, javascript):
    page = new_page(viewport=size, java_script_enabled=javascript)
    page.goto(f"{site}/learn/go/first-steps/")
    page.locator(".step-nav button[value=next]").click()  # a text step
    expect(page).to_have_url(f"{site}{EXERCISE}")
    click(page, page.get_by_role("button", name="c2", exact=True), javascript)
    page.locator(".step-nav button[value=next]").click()
    click(page, page.get_by_role("button", name="c2", exact=True), javascript)
    page.locator(".step-nav button[value=next]").click()

    expect(page).to_have_url(f"{site}/learn/go/first-steps/done/")
    expect(page.get_by_role("heading", level=1)).to_have_text("本课完成：第一步")
    expect(page.locator(".lesson-done")).to_contain_text("认识棋盘，下第一手。")
    next_lesson = page.get_by_role("link", name=re.compile("下一课：第二课"))
    assert in_view(page, next_lesson)
    expect(page.get_by_role("link", name="做题练习")).to_be_visible()
    next_lesson.click()
    expect(page).to_have_url(f"{site}/learn/go/second/1/")
