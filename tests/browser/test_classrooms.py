"""A teacher sets homework, a student joins and does it, the teacher reads the result,
in Chromium."""

import re

import pytest
from playwright.sync_api import expect

from tests.conftest import make_user

from .conftest import log_in

pytestmark = pytest.mark.browser


def test_homework_from_the_teacher_to_the_student_and_back(new_page, site):
    make_user("ms-li", teacher=True)
    make_user("xiaoming")
    teacher = new_page(locale="en-US")
    log_in(teacher, site, "ms-li")

    # The teacher makes a class...
    teacher.goto(f"{site}/classes/new/")
    teacher.get_by_label("Name").fill("Go club, Tuesdays")
    teacher.get_by_label("Game focus").select_option("go")
    teacher.get_by_role("button", name="Create the class").click()
    expect(teacher.get_by_role("heading", level=1)).to_have_text("Go club, Tuesdays")
    code = teacher.locator(".join-code").inner_text()
    assert re.fullmatch(r"[A-Z2-9]{8}", code)

    # ...and an assignment due in a week, with one library puzzle.
    teacher.get_by_role("link", name="New assignment").click()
    teacher.get_by_label("Title").fill("Capture practice")
    teacher.get_by_label("Due date").fill("2031-05-04")
    teacher.get_by_role("button", name="Next: choose lessons and puzzles").click()
    expect(teacher.get_by_role("heading", level=1)).to_contain_text("Capture practice")
    teacher.get_by_label("Rating from").fill("700")
    teacher.get_by_label("Rating up to").fill("900")
    teacher.get_by_role("button", name="Search").click()
    puzzle = teacher.locator(".pick-card", has_text="Black to play: find the right point.")
    puzzle.get_by_role("checkbox").check()
    teacher.get_by_role("button", name="Add the ticked ones").click()
    expect(teacher.locator("#items-title")).to_have_text("In the assignment: 1 item")
    teacher.get_by_role("link", name="Done: see the results page").click()
    expect(teacher.get_by_role("heading", level=1)).to_have_text("Capture practice")

    # The student joins with the code and finds the homework on the dashboard.
    student = new_page(locale="en-US")
    log_in(student, site, "xiaoming")
    student.goto(f"{site}/classes/join/")
    student.get_by_label("Join code").fill(code.lower())
    student.get_by_role("button", name=re.compile("Join")).click()
    expect(student.get_by_role("heading", level=1)).to_have_text("Go club, Tuesdays")
    student.goto(f"{site}/me/")
    homework = student.locator("section.homework")
    expect(homework).to_contain_text("Capture practice")
    expect(homework).to_contain_text("0 of 1 done")
    expect(homework.locator(".status")).to_have_text("not started")

    # It opens in the normal puzzle player; the right point solves it.
    homework.get_by_role("link", name="Black to play: find the right point.").click()
    student.get_by_role("button", name="c2", exact=True).click()
    expect(student.locator("#play")).to_have_class(re.compile(r"\bverdict-correct\b"))
    student.get_by_role("link", name="Back to Capture practice").click()
    expect(student.locator(".assignment")).to_contain_text("1 of 1 done")
    student.goto(f"{site}/me/")
    expect(student.locator("section.homework")).to_contain_text("All your assignments are done.")

    # The teacher sees the solve in the grid: first try, one of one done.
    teacher.reload()
    row = teacher.locator(".results-grid tbody tr", has_text="xiaoming")
    expect(row.locator("td.cell")).to_have_class(re.compile(r"\bfirst-try\b"))
    expect(row.locator("td.cell")).to_contain_text("solved on the first try")
    expect(row).to_contain_text("1/1")
    expect(teacher.locator(".results-grid tfoot")).to_contain_text("1/1")


@pytest.mark.parametrize("script", [True, False], ids=["js", "no-js"])
@pytest.mark.parametrize(
    "viewport",
    [{"width": 360, "height": 740}, {"width": 1280, "height": 800}],
    ids=["phone", "desktop"],
)
def test_a_childs_first_log_in_ends_at_their_work(new_page, site, script, viewport):
    """The card's password logs the child in; they type a new one twice (not the
    card's again) and land on their own page, free to go to their class."""
    from classrooms.models import Classroom, Membership
    from classrooms.services import create_students

    teacher = make_user("ms-wu", teacher=True)
    classroom = Classroom.objects.create(name="Tuesday Go", owner=teacher)
    classroom.teachers.add(teacher)
    create_students(classroom, "Xiao Hong")
    membership = Membership.objects.get(classroom=classroom)
    child = membership.student
    page = new_page(java_script_enabled=script, viewport=viewport)
    page.goto(f"{site}/accounts/login/")
    page.locator("main form input[name=login]").fill(child.username)
    page.locator("main form input[name=password]").fill(membership.initial_password)
    page.locator("main form button[type=submit]").click()
    expect(page).to_have_url(f"{site}/me/first-password/")
    expect(page.get_by_role("heading", level=1)).to_have_text("设置你自己的密码")
    page.locator("input[name=new_password1]").fill("xiaohong-own-9")
    page.locator("input[name=new_password2]").fill("xiaohong-own-9")
    page.locator("main button[type=submit]").click()
    expect(page).to_have_url(f"{site}/me/")
    expect(page.get_by_text("密码已保存。这是你的作业和进度。")).to_be_visible()
    page.goto(f"{site}/classes/")  # the one-time password asks nothing any more
    expect(page.locator("main")).to_contain_text("Tuesday Go")


@pytest.mark.parametrize(
    ("width", "height", "locale"),
    [(360, 740, "zh-CN"), (1280, 800, "zh-CN"), (1280, 800, "en-US")],
    ids=str,
)
def test_the_results_grid_and_picker_show_small_boards(new_page, site, width, height, locale):
    """Items with one prompt are told apart by their small boards, kinds and ratings;
    the picker's cards fit the screen."""
    import os
    from pathlib import Path

    from django.utils import timezone

    from classrooms import assignments, services
    from puzzles.models import Puzzle

    teacher = make_user("ms-li", teacher=True)
    classroom = services.create_classroom(teacher, name="三年级二班", game="go")
    services.create_students(classroom, "张三\n李四\nAnna\n王五\nBob\n阿明")
    homework = assignments.create_assignment(
        classroom, teacher, title="第三周", due_at=timezone.now() + timezone.timedelta(days=3)
    )
    same = [
        Puzzle.objects.create(
            slug=f"same-{number}",
            game="go",
            kind="test.pick",
            data={"size": 5, "stones": stones, "line": [{"accept": ["c2"]}]},
            prompt_zh="黑先，吃掉△白子。",
            prompt_en="Black to play: capture the marked stone.",
            rating=700 + 100 * number,
        )
        for number, stones in enumerate(
            [{"c3": "white", "b3": "black"}, {"a1": "white"}, {"e5": "black", "d5": "white"}]
        )
    ]
    assignments.add_items(homework, puzzles=same)
    page = new_page(locale=locale, viewport={"width": width, "height": height})
    log_in(page, site, "ms-li")
    page.goto(f"{site}/classes/{classroom.pk}/assignments/{homework.pk}/")
    heads = page.locator(".results-grid th.item-head")
    expect(heads).to_have_count(3)
    for index in range(3):
        picture = heads.nth(index).locator(".item-thumb svg")
        expect(picture).to_be_visible()
        assert picture.bounding_box()["width"] <= 72
    names = page.locator(".results-grid tbody th").all_inner_texts()
    assert names == ["阿明", "Anna", "Bob", "李四", "王五", "张三"]
    shots = os.environ.get("QIPAI_SHOTS")
    if shots:
        Path(shots).mkdir(parents=True, exist_ok=True)
        page.screenshot(path=f"{shots}/results-{width}-{locale}.png", full_page=True)
    page.goto(f"{site}/classes/{classroom.pk}/assignments/{homework.pk}/items/?game=go")
    cards = page.locator(".pick-card")
    expect(cards.first).to_be_visible()
    assert page.evaluate("document.scrollingElement.scrollWidth - window.innerWidth") <= 0
    # A phone lists the cards one under another, compactly; a desktop sets them side by side.
    first, second = (card.bounding_box() for card in cards.all()[:2])
    if width < 640:
        assert first["height"] <= 90 and second["y"] > first["y"]
    else:
        assert second["y"] == first["y"] and second["x"] > first["x"]
    if shots:
        page.screenshot(path=f"{shots}/picker-{width}-{locale}.png", full_page=True)
