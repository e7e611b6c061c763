"""Go in Chromium: a ladder solved by clicking, a lesson step without JavaScript."""

import os
import re

import pytest
from django.core.management import call_command
from playwright.sync_api import expect

from puzzles.models import Puzzle
from tests.helpers import LADDER

pytestmark = pytest.mark.browser

CORRECT = re.compile("正确|Correct")

LESSON = '''
slug = "centre"
order = 1
title = { zh = "棋盘", en = "The board" }

[[steps]]
text = { zh = "棋盘中央的星叫天元。", en = "The star point in the middle is tengen." }
[steps.exercise]
kind = "go.point"
prompt = { zh = "点天元。", en = "Click tengen." }
data.goal = "tengen"
data.diagram = """
. . . . . . . . .
. . . . . . . . .
. . . . . . . . .
. . . . . . . . .
. . . . . . . . .
. . . . . . . . .
. . . . . . . . .
. . . . . . . . .
. . . . . . . . .
"""
'''


@pytest.fixture
def ladder(site):
    return Puzzle.objects.create(
        slug="ladder",
        game="go",
        kind="go.capture",
        data={"sgf": LADDER},
        prompt_zh="黑先，吃掉△白子。",
        prompt_en="Black to play: capture the marked stone.",
    )


def test_a_two_move_ladder_solved_by_clicking(page, site, ladder):
    page.goto(f"{site}/puzzles/ladder/")
    expect(page.locator(".prompt")).to_have_text("黑先，吃掉△白子。")
    page.get_by_role("button", name="C2", exact=True).click()
    # The site answers from the solution tree: white extends to B1.
    expect(page.locator("#play .reply")).to_contain_text("白 B1")
    expect(page.get_by_role("img", name=re.compile("^B1 "))).to_have_count(1)
    page.get_by_role("button", name="C1", exact=True).click()
    expect(page.locator("#play .verdict")).to_contain_text(CORRECT)
    expect(page.get_by_role("button", name="C1", exact=True)).to_have_count(0)
    expect(page.get_by_role("button", name=re.compile("再试一次|Try again"))).to_be_visible()


def test_a_wrong_try_shows_the_refutation_then_the_solution(page, site, ladder):
    page.goto(f"{site}/puzzles/ladder/")
    page.get_by_label(re.compile("输入坐标|type a point")).fill("b1")
    page.get_by_role("button", name=re.compile("^(落子|Play)$")).click()
    expect(page.locator("#play .refutation")).to_contain_text("白 C2")
    page.get_by_role("button", name=re.compile("看答案|Show the solution")).click()
    expect(page.locator("#play .solution")).to_contain_text("1. 黑 C2 2. 白 B1 3. 黑 C1")


def test_a_go_lesson_step_without_javascript(new_page, site, tmp_path):
    lessons = tmp_path / "go" / "lessons"
    lessons.mkdir(parents=True)
    (lessons / "01-centre.toml").write_text(LESSON)
    with open(os.devnull, "w") as devnull:
        call_command("load_content", dir=tmp_path, stdout=devnull)
    page = new_page(java_script_enabled=False)
    page.goto(f"{site}/learn/go/centre/")
    expect(page).to_have_url(f"{site}/learn/go/centre/1/")
    with page.expect_navigation() as navigation:
        page.get_by_role("button", name="D4", exact=True).click()
    assert navigation.value.request.method == "POST"
    expect(page.locator("#play .verdict")).to_contain_text(re.compile("不对|Not this one"))
    page.get_by_role("button", name=re.compile("再试一次|Try again")).click()
    page.get_by_role("button", name="E5", exact=True).click()
    expect(page.locator("#play .verdict")).to_contain_text(CORRECT)
    page.locator(".step-nav button[value=next]").click()
    expect(page).to_have_url(f"{site}/learn/go/centre/done/")
    page.get_by_role("link", name=re.compile("全部课程|All lessons")).click()
    expect(page.locator(".lesson-row.is-complete")).to_have_count(1)
