"""Layout on a phone and a desktop, light and dark: no sideways scrolling, a board
whose buttons sit on its intersections, tap targets a finger can hit, and text
that can be read.

Set QIPAI_SHOTS=/some/dir to also save a screenshot of every page visited.
"""

import os
import re
from pathlib import Path

import pytest
from django.contrib.auth import get_user_model
from playwright.sync_api import expect

from .conftest import PASSWORD

pytestmark = pytest.mark.browser

PHONE = {"width": 360, "height": 740}
DESKTOP = {"width": 1280, "height": 900}
SHOTS = os.environ.get("QIPAI_SHOTS")


def shoot(page, name):
    if SHOTS:
        Path(SHOTS).mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(Path(SHOTS) / f"{name}.png"), full_page=True)


def overflow(page):
    """How far the page scrolls sideways beyond the viewport, in CSS pixels."""
    return page.evaluate("document.scrollingElement.scrollWidth - window.innerWidth")


def log_in(page, site):
    get_user_model().objects.create_user(username="learner", password=PASSWORD)
    page.goto(f"{site}/accounts/login/")
    form = page.locator("main form")
    form.locator("input[name=login]").fill("learner")
    form.locator("input[name=password]").fill(PASSWORD)
    form.locator("button[type=submit]").click()
    expect(page).to_have_url(f"{site}/me/")


def visit_every_page(page, site):
    """Yield (name, url) after opening each kind of page, in a learner's order."""
    for name, path in [
        ("home", "/"),
        ("game", "/learn/go/"),
        ("step-board", "/learn/go/first-steps/1/"),
        ("step-exercise", "/learn/go/first-steps/2/"),
        ("login", "/accounts/login/"),
        ("signup", "/accounts/signup/"),
    ]:
        page.goto(f"{site}{path}")
        yield name
    page.goto(f"{site}/puzzles/pick-one/")
    page.get_by_role("button", name="a1", exact=True).click()
    expect(page.locator("#play .refutation")).to_be_visible()
    yield "puzzle-wrong"
    page.locator("#play button[value=retry]").click()
    page.get_by_role("button", name="c2", exact=True).click()
    expect(page.locator("#play .explanation")).to_be_visible()
    yield "puzzle-correct"
    page.goto(f"{site}/learn/go/first-steps/3/")
    page.get_by_role("button", name="c2", exact=True).click()
    expect(page.locator(".step-nav button[value=next]")).to_be_visible()
    yield "step-correct"
    page.goto(f"{site}/learn/go/first-steps/done/")
    yield "lesson-done"
    page.goto(f"{site}/me/")
    yield "dashboard-anonymous"
    log_in(page, site)
    yield "dashboard"
    page.goto(f"{site}/me/profile/")
    yield "profile"


@pytest.mark.parametrize(
    ("viewport", "scheme", "language"),
    [
        (PHONE, "light", "zh-CN"),
        (PHONE, "dark", "zh-CN"),
        (PHONE, "light", "en"),
        (DESKTOP, "light", "zh-CN"),
        (DESKTOP, "dark", "zh-CN"),
        (DESKTOP, "dark", "en"),
    ],
    ids=["phone-light", "phone-dark", "phone-en", "desktop-light", "desktop-dark", "desktop-en"],
)
def test_no_page_scrolls_sideways(new_page, site, viewport, scheme, language):
    page = new_page(viewport=viewport, color_scheme=scheme, locale=language)
    too_wide = {}
    for name in visit_every_page(page, site):
        shoot(page, f"{viewport['width']}-{scheme}-{language}-{name}")
        if overflow(page) > 0:
            too_wide[name] = overflow(page)
    assert page.evaluate("document.scrollingElement.scrollWidth") <= viewport["width"]
    assert not too_wide, f"pages wider than {viewport['width']} px: {too_wide}"


# Geometry of every point of the exercise board, measured in the page: where the
# button is, and where the SVG draws that intersection. The board has a margin of
# one cell on every side; intersection (column c, row r from the top) is at
# (c + 1.5, r + 1.5) in the viewBox.
MEASURE_BOARD = """
(board) => {
  const svg = board.querySelector("svg.board-svg");
  const box = svg.getBoundingClientRect();
  const [, , vbWidth, vbHeight] = svg.getAttribute("viewBox").split(/\\s+/).map(Number);
  return [...board.querySelectorAll(".point")].map((point) => {
    const r = point.getBoundingClientRect();
    return {
      name: point.getAttribute("aria-label").split(" ")[0],
      tag: point.tagName,
      x: r.x + r.width / 2, y: r.y + r.height / 2, width: r.width, height: r.height,
      svg: {x: box.x, y: box.y, width: box.width, height: box.height, vbWidth, vbHeight},
    };
  });
}
"""


@pytest.mark.parametrize("viewport", [PHONE, DESKTOP], ids=["phone", "desktop"])
def test_board_buttons_sit_on_the_intersections(new_page, site, viewport):
    page = new_page(viewport=viewport)
    page.goto(f"{site}/learn/go/first-steps/2/")
    board = page.locator("#play .grid-board")
    points = board.evaluate(MEASURE_BOARD)

    size = 5
    assert len(points) == size * size
    svg = points[0]["svg"]
    assert (svg["vbWidth"], svg["vbHeight"]) == (size + 2, size + 2)
    cell = svg["width"] / svg["vbWidth"]
    # The board is square, fits the screen whole, and fills a phone's width.
    assert svg["height"] == pytest.approx(svg["width"], abs=0.5)
    assert svg["x"] >= 0 and svg["x"] + svg["width"] <= viewport["width"]
    assert svg["height"] <= viewport["height"]
    assert svg["width"] >= min(viewport["width"] - 40, 480)
    for point in points:
        column = ord(point["name"][0]) - ord("a")
        row = size - int(point["name"][1:])
        expected_x = svg["x"] + (column + 1.5) * cell
        expected_y = svg["y"] + (row + 1.5) * cell
        where = f"{point['name']}: button at ({point['x']:.1f}, {point['y']:.1f})"
        assert point["x"] == pytest.approx(expected_x, abs=1), where
        assert point["y"] == pytest.approx(expected_y, abs=1), where
        # Each point owns its whole cell, and a cell is big enough for a finger.
        assert point["width"] == pytest.approx(cell, abs=1), where
        assert point["height"] == pytest.approx(cell, abs=1), where
        assert min(point["width"], point["height"]) >= 44, where

    c2 = page.get_by_role("button", name="c2", exact=True).bounding_box()
    assert c2["x"] + c2["width"] / 2 == pytest.approx(svg["x"] + 3.5 * cell, abs=1)
    assert c2["y"] + c2["height"] / 2 == pytest.approx(svg["y"] + 4.5 * cell, abs=1)


# Every control outside running text: at least 24x24 CSS px (WCAG 2.2 target size).
MEASURE_TARGETS = """
() => [...document.querySelectorAll(
  ".site-header a, .site-header button, main button, main input, main select, main .button, " +
  ".step-dots a, .breadcrumbs a"
)].filter((el) => el.type !== "hidden" && el.getClientRects().length).map((el) => {
  const r = el.getBoundingClientRect();
  return {what: el.outerHTML.slice(0, 80), width: r.width, height: r.height};
})
"""


def test_tap_targets_on_a_phone(new_page, site):
    page = new_page(viewport=PHONE, has_touch=True, is_mobile=True)
    small = []
    for name in visit_every_page(page, site):
        for target in page.evaluate(MEASURE_TARGETS):
            if min(target["width"], target["height"]) < 24:
                small.append(f"{name}: {target['what']} {target['width']}x{target['height']}")
    assert not small, "tap targets smaller than 24 px:\n" + "\n".join(small)


# WCAG contrast of text against the first opaque background behind it.
MEASURE_CONTRAST = """
(selectors) => {
  const rgb = (css) => (css.match(/[\\d.]+/g) || []).map(Number);
  const lum = ([r, g, b]) => {
    const f = (c) => { c /= 255; return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4; };
    return 0.2126 * f(r) + 0.7152 * f(g) + 0.0722 * f(b);
  };
  const background = (el) => {
    for (; el; el = el.parentElement) {
      const c = rgb(getComputedStyle(el).backgroundColor);
      if (c.length === 3 || c[3] === 1) return c.slice(0, 3);
    }
    return [255, 255, 255];
  };
  const opacity = (el) => {
    let o = 1;
    for (; el; el = el.parentElement) o *= Number(getComputedStyle(el).opacity);
    return o;
  };
  const out = [];
  for (const selector of selectors) {
    for (const el of document.querySelectorAll(selector)) {
      if (!el.getClientRects().length || !el.textContent.trim()) continue;
      const back = background(el), o = opacity(el);
      const [r, g, b] = rgb(getComputedStyle(el).color);
      const front = [r, g, b].map((c, i) => o * c + (1 - o) * back[i]);
      const a = lum(front), b2 = lum(back);
      const ratio = (Math.max(a, b2) + 0.05) / (Math.min(a, b2) + 0.05);
      out.push({selector, text: el.textContent.trim().slice(0, 30), ratio});
    }
  }
  return out;
}
"""

TEXTS = [
    "main p",
    "main h1",
    "main h2",
    "main a",
    "main li",
    "main label",
    "main td",
    "main th",
    "main button",
    ".site-header a",
    ".site-header button:not([disabled])",
    ".language-switch [aria-current]",
    ".site-footer p",
    ".verdict-title",
    ".helptext",
]


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_text_is_readable(new_page, site, scheme):
    page = new_page(viewport=DESKTOP, color_scheme=scheme)
    poor = []
    for name in visit_every_page(page, site):
        for item in page.evaluate(MEASURE_CONTRAST, TEXTS):
            if item["ratio"] < 4.5:
                poor.append(f"{name}: {item['selector']} {item['text']!r} {item['ratio']:.2f}")
    assert not poor, "text with contrast below 4.5:1:\n" + "\n".join(poor)


def test_dark_scheme_is_dark(new_page, site):
    page = new_page(viewport=PHONE, color_scheme="dark")
    page.goto(f"{site}/")
    background = page.evaluate("getComputedStyle(document.body).backgroundColor")
    assert sum(map(int, re.findall(r"\d+", background)[:3])) < 3 * 64
