"""Boards a keyboard, a screen reader and a thumb can play (static/js/board.js).

A Go ladder answered with the keyboard alone; what a screen reader hears of a
point and of the verdict; a Renju marking task's toggle buttons; tap, then
confirm, on a touch screen. (test_tap_targets: the size of every point.)
"""

import re

import pytest
from django.conf import settings
from playwright.sync_api import expect

from puzzles.models import Puzzle

pytestmark = pytest.mark.browser

CORRECT = re.compile("正确|Correct")
PHONE = {"width": 360, "height": 740}
DESKTOP = {"width": 1280, "height": 800}
GO_COLUMNS = "ABCDEFGHJKLMNOPQRST"

# go-ladder-001 (content/go/puzzles/sgf/ladder-001.sgf): black chases the marked
# white stone at D4 along the first line; white's replies come from the tree.
LADDER = ["C4", "D2", "B3", "B2", "B1", "E1"]

FOCUSED = """() => {
  const el = document.activeElement;
  return {
    tag: el.tagName, label: el.getAttribute("aria-label") || "",
    onBoard: !!el.closest("#play .grid-board"), verdict: el.matches("#play .verdict"),
    tabindex: el.getAttribute("tabindex"),
  };
}"""


def focused(page):
    return page.evaluate(FOCUSED)


def point_of(label):
    return label.split(" ")[0].split("，")[0].split(",")[0]


def arrows_between(start, goal):
    """The arrow keys from one Go point to another (columns skip I, row 1 at the bottom)."""
    dx = GO_COLUMNS.index(goal[0]) - GO_COLUMNS.index(start[0])
    dy = int(start[1:]) - int(goal[1:])
    keys = ["ArrowRight" if dx > 0 else "ArrowLeft"] * abs(dx)
    return keys + ["ArrowDown" if dy > 0 else "ArrowUp"] * abs(dy)


@pytest.fixture
def ladder(site):
    """go-ladder-001 of the shipped content (a ladder on a 19×19 board)."""
    return Puzzle.objects.create(
        slug="go-ladder-001",
        game="go",
        kind="go.capture",
        data={"sgf": (settings.CONTENT_DIR / "go/puzzles/sgf/ladder-001.sgf").read_text()},
        prompt_zh="黑先，吃掉△白子。",
        prompt_en="Black to play: capture the marked stone.",
    )


@pytest.fixture
def forbidden(site):
    return Puzzle.objects.create(
        slug="renju-forbidden",
        game="renju",
        kind="renju.forbidden",
        data={"moves": "h8 h9 i8 i9 j9 g9 j7 k9"},
        prompt_zh="标出黑棋所有的禁手点，然后按“完成”。",
        prompt_en="Mark every point where black may not play, then press Done.",
    )


@pytest.mark.parametrize("viewport", [PHONE, DESKTOP], ids=["phone", "desktop"])
def test_a_ladder_answered_with_the_keyboard_alone(new_page, site, ladder, viewport):
    page = new_page(viewport=viewport)
    page.goto(f"{site}/puzzles/go-ladder-001/")
    board = page.locator("#play .grid-board")
    # The whole board is one Tab stop: the number of Tabs to reach it does not
    # depend on its 49 points, and the next Tab is the typed-point field.
    for _tab in range(30):
        page.keyboard.press("Tab")
        if focused(page)["onBoard"]:
            break
    else:
        pytest.fail("no Tab reached the board")
    assert board.locator('[tabindex="0"]').count() == 1
    assert board.locator(".point").count() == board.locator('.point[tabindex="-1"]').count() + 1
    # The stop starts on the marked stone the prompt speaks of, and says so.
    start = focused(page)["label"]
    assert re.fullmatch(r"D4 白子，标记", start), start
    page.keyboard.press("Tab")
    expect(page.locator("#typed-move")).to_be_focused()
    page.keyboard.press("Shift+Tab")
    assert focused(page)["label"] == start
    # Home and End run along the row, and back.
    page.keyboard.press("End")
    assert point_of(focused(page)["label"]) == "J4"
    page.keyboard.press("Home")
    assert point_of(focused(page)["label"]) == "A4"
    for _key in range(3):
        page.keyboard.press("ArrowRight")
    assert focused(page)["label"] == start

    here = "D4"
    for number, move in enumerate(LADDER, start=1):
        for key in arrows_between(here, move):
            page.keyboard.press(key)
        assert point_of(focused(page)["label"]) == move
        page.keyboard.press("Enter" if number % 2 else "Space")
        if move != LADDER[-1]:
            # Focus comes back to the point just played, now a black stone.
            stone = board.locator(f'.point[aria-label^="{move} 黑子"]')
            expect(stone).to_be_focused()
            expect(stone).to_have_attribute("tabindex", "0")
            assert focused(page)["onBoard"]
            here = move
    expect(page.locator("#play .verdict")).to_contain_text(CORRECT)
    # Nothing left to play: focus is on the verdict, read out by a region that stayed.
    expect(page.locator("#play .verdict")).to_be_focused()
    expect(page.locator("#board-announcer")).to_have_count(1)
    expect(page.locator("#board-announcer")).to_contain_text(CORRECT)
    expect(page.locator("#board-announcer")).to_have_attribute("role", "status")


def test_the_live_region_survives_each_answer(page, site, ladder):
    page.goto(f"{site}/puzzles/go-ladder-001/")
    page.get_by_role("button", name="C4", exact=True).click()
    announcer = page.locator("#board-announcer")
    expect(announcer).to_contain_text("白 D3")
    handle = announcer.element_handle()
    page.get_by_role("button", name="D2", exact=True).click()
    expect(announcer).to_contain_text("白 C3")
    # The same element, updated: not replaced with the swapped exercise.
    assert handle.evaluate("el => el.isConnected")
    assert page.locator("#play #board-announcer").count() == 0


def test_points_say_their_marks_in_both_languages(new_page, site, ladder):
    page = new_page(locale="en-US")
    page.goto(f"{site}/puzzles/go-ladder-001/")
    expect(page.get_by_role("img", name="D4 white stone, marked", exact=True)).to_have_count(1)
    page.get_by_role("button", name="C4", exact=True).click()
    expect(page.get_by_role("img", name="D3 white stone, last move", exact=True)).to_have_count(1)


def test_marking_points_are_toggle_buttons(page, site, forbidden):
    page.goto(f"{site}/puzzles/renju-forbidden/")
    j8 = page.get_by_role("button", name="j8", exact=True)
    expect(j8).to_have_attribute("aria-pressed", "false")
    # The typed field marks too: its button does not say "play".
    expect(page.locator(".typed-move button")).to_have_text("标记")
    j8.click()
    expect(page.locator("#play .verdict")).to_contain_text("已标记 1 个点")
    j8 = page.get_by_role("button", name="j8", exact=True, pressed=True)
    expect(j8).to_be_focused()
    j8.press("Enter")
    expect(page.get_by_role("button", name="j8", exact=True, pressed=False)).to_be_focused()
    # Toggles need no confirming on a touch screen either: no "Play j8" button.
    expect(page.locator(".board-confirm")).to_have_count(0)


def test_a_tap_selects_and_a_second_tap_plays(new_page, site, ladder):
    page = new_page(viewport=PHONE, has_touch=True, is_mobile=True)
    page.goto(f"{site}/puzzles/go-ladder-001/")
    c3 = page.get_by_role("button", name="C3", exact=True)
    c4 = page.get_by_role("button", name="C4", exact=True)
    # A first tap only selects: nothing is posted, a confirm button appears.
    c3.tap()
    expect(c3).to_have_class(re.compile("is-selected"))
    confirm = page.get_by_role("button", name="下在 C3")
    expect(confirm).to_be_visible()
    # Changing one's mind: a tap elsewhere moves the selection.
    c4.tap()
    expect(c3).not_to_have_class(re.compile("is-selected"))
    expect(page.locator(".board-confirm")).to_have_count(1)
    expect(page.locator("#play .verdict")).to_have_text("")
    with page.expect_response(lambda r: r.request.method == "POST"):
        page.get_by_role("button", name="下在 C4").tap()
    expect(page.locator("#play .reply")).to_contain_text("白 D3")
    # The second tap on the selected point plays too.
    d2 = page.get_by_role("button", name="D2", exact=True)
    d2.tap()
    expect(page.locator(".board-confirm")).to_have_text("下在 D2")
    expect(page.locator("#play .reply")).to_contain_text("白 D3")
    with page.expect_response(lambda r: r.request.method == "POST"):
        d2.tap()
    expect(page.locator("#play .reply")).to_contain_text("白 C3")


def test_a_mouse_click_plays_at_once(page, site, ladder):
    page.goto(f"{site}/puzzles/go-ladder-001/")
    page.get_by_role("button", name="C4", exact=True).click()
    expect(page.locator("#play .reply")).to_contain_text("白 D3")
    expect(page.locator(".board-confirm")).to_have_count(0)


def test_the_editor_board_keeps_focus_on_the_clicked_point(page, site):
    from tests.conftest import make_user

    from .conftest import log_in

    make_user("ms-li", teacher=True)
    log_in(page, site, "ms-li")
    page.goto(f"{site}/classes/puzzles/new/go/")
    page.get_by_role("radio", name=re.compile("黑子|Black stone")).check()
    page.get_by_role("button", name="E6", exact=True).click()
    # The board was swapped in; focus is on the stone just placed, not lost to <body>.
    expect(page.get_by_role("button", name="E6 黑子", exact=True)).to_be_focused()


def test_without_javascript_a_tap_plays_at_once(new_page, site, ladder):
    page = new_page(viewport=PHONE, has_touch=True, is_mobile=True, java_script_enabled=False)
    page.goto(f"{site}/puzzles/go-ladder-001/")
    with page.expect_navigation() as navigation:
        page.get_by_role("button", name="C4", exact=True).tap()
    assert navigation.value.request.method == "POST"
    expect(page.locator("#play .reply")).to_contain_text("白 D3")
