"""A move from one point to another in Chromium, with and without JavaScript:
click the piece, then where it goes."""

import re

import pytest
from playwright.sync_api import expect

from tests.helpers import make
from tests.kinds import SLIDE as DATA

pytestmark = pytest.mark.browser


@pytest.mark.parametrize("script", [True, False], ids=["js", "no-js"])
def test_pick_up_the_rook_then_click_where_it_goes(new_page, site, script):
    make("slide", "test.slide", DATA)
    page = new_page(java_script_enabled=script)
    page.goto(f"{site}/puzzles/slide/")
    play = page.locator("#play")
    expect(play.locator("button.point")).to_have_count(1)  # only the rook can be picked

    play.get_by_role("button", name="a1 红车").click()

    expect(play.locator("button.point[name=move]")).to_have_count(4)
    expect(play.locator(".verdict")).to_contain_text("车拿起来了。")
    # The target is named with its mark ("a4，标记"): a screen reader hears it.
    play.get_by_role("button", name="a4，标记", exact=True).click()

    expect(play).to_have_class(re.compile(r"\bverdict-correct\b"))
    expect(play.get_by_role("img", name="a4 红车")).to_have_count(1)  # it stands there now
