"""Signing up and switching language, in Chromium."""

import pytest
from playwright.sync_api import expect

from .conftest import PASSWORD

pytestmark = pytest.mark.browser


def test_sign_up_lands_logged_in_and_keeps_progress(page, site):
    # Progress made before signing up: the lesson's exercise, solved anonymously.
    page.goto(f"{site}/learn/go/first-steps/2/")
    page.get_by_role("button", name="c2", exact=True).click()
    expect(page.locator("#play .verdict-title")).to_be_visible()

    page.locator(".site-nav a[href='/accounts/signup/']").click()
    expect(page).to_have_url(f"{site}/accounts/signup/")
    form = page.locator("main form")
    form.locator("input[name=username]").fill("meilin")
    form.locator("input[name=email]").fill("meilin@example.org")
    form.locator("input[name=password1]").fill(PASSWORD)
    form.locator("input[name=password2]").fill(PASSWORD)
    form.locator("button[type=submit]").click()

    expect(page).to_have_url(f"{site}/me/")
    nav = page.locator(".site-nav")
    expect(nav.get_by_role("link", name="meilin", exact=True)).to_be_visible()
    expect(nav.locator("form[action='/accounts/logout/'] button")).to_be_visible()
    expect(nav.locator("a[href='/accounts/signup/']")).to_have_count(0)

    page.goto(f"{site}/learn/go/")
    expect(page.locator(".lesson-row progress")).to_have_attribute("value", "1")


def test_language_switch_stays_on_the_page(page, site):
    step = f"{site}/learn/go/first-steps/2/"
    page.goto(step)
    expect(page.locator("html")).to_have_attribute("lang", "zh-hans")
    expect(page.get_by_role("heading", level=1)).to_have_text("第一步")

    page.locator(".language-switch").get_by_role("button", name="English").click()

    expect(page).to_have_url(step)
    expect(page.locator("html")).to_have_attribute("lang", "en")
    expect(page.get_by_role("heading", level=1)).to_have_text("First steps")
    expect(page.locator(".prompt")).to_have_text("Play at c2.")
    expect(page.locator(".language-switch button[lang=en]")).to_be_disabled()

    # The choice sticks: another page is in English too.
    page.goto(f"{site}/learn/go/")
    expect(page.locator(".lesson-row a")).to_have_text("First steps")

    page.locator(".language-switch").get_by_role("button", name="简体中文").click()

    expect(page).to_have_url(f"{site}/learn/go/")
    expect(page.locator("html")).to_have_attribute("lang", "zh-hans")
    expect(page.locator(".lesson-row a")).to_have_text("第一步")
