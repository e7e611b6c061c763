"""A learner works through the lesson go/first-steps in Chromium."""

import re

import pytest
from playwright.sync_api import expect

pytestmark = pytest.mark.browser

EXERCISE = "/learn/go/first-steps/2/"
CORRECT = re.compile("正确|Correct")


def open_exercise_step(page, site):
    """Start the lesson and go on from the first (reading) step to the exercise."""
    page.goto(f"{site}/learn/go/first-steps/")
    expect(page).to_have_url(f"{site}/learn/go/first-steps/1/")
    expect(page.get_by_role("heading", level=1)).to_have_text("第一步")
    page.locator(".step-nav button[name=action][value=next]").click()
    expect(page).to_have_url(f"{site}{EXERCISE}")
    expect(page.locator(".prompt")).to_have_text("在 c2 落子。")


def test_exercise_answers_in_place_with_htmx(page, site):
    open_exercise_step(page, site)
    page.evaluate("window.__marker = 1")

    with page.expect_response(lambda r: r.request.method == "POST") as answered:
        page.get_by_role("button", name="c2", exact=True).click()

    verdict = page.locator("#play .verdict")
    expect(verdict).to_contain_text(CORRECT)
    response = answered.value
    assert response.request.url == f"{site}{EXERCISE}"
    assert response.request.headers.get("hx-request") == "true"
    assert "<html" not in response.text()  # the fragment, not the page
    assert page.evaluate("window.__marker") == 1, "the page was reloaded"
    expect(page).to_have_url(f"{site}{EXERCISE}")
    # The answered board is no longer clickable, and the lesson can go on.
    expect(page.get_by_role("button", name="c2", exact=True)).to_have_count(0)
    expect(page.locator(".step-nav button[value=next]")).to_be_visible()


def test_exercise_works_without_javascript(new_page, site):
    page = new_page(java_script_enabled=False)
    open_exercise_step(page, site)

    with page.expect_navigation() as navigation:
        page.get_by_role("button", name="c2", exact=True).click()

    response = navigation.value
    assert response.request.method == "POST"
    assert "hx-request" not in response.request.headers
    expect(page.locator("html")).to_have_attribute("lang", "zh-hans")  # the whole page
    expect(page.locator("#play .verdict")).to_contain_text(CORRECT)
    # "Next" is a plain form too: it leads to the next step.
    page.locator(".step-nav button[value=next]").click()
    expect(page).to_have_url(f"{site}/learn/go/first-steps/3/")


def test_keyboard_tab_to_a_point_and_press_enter(page, site):
    open_exercise_step(page, site)
    page.locator(".prompt").click()  # start tabbing from the prompt, just above the board

    # The board is one Tab stop; arrow keys move to c2.
    page.keyboard.press("Tab")
    name = "document.activeElement.getAttribute('aria-label') || ''"
    for key in ("ArrowLeft", "ArrowDown", "ArrowLeft", "ArrowDown", "ArrowRight", "ArrowUp"):
        if page.evaluate(name) == "c2":
            break
        page.keyboard.press(key)
    assert page.evaluate(name) == "c2", "the arrows never reached the point c2"
    page.keyboard.press("Enter")

    expect(page.locator("#play .verdict")).to_contain_text(CORRECT)
