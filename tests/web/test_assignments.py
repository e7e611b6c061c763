"""Assignments: teachers give lessons and puzzles with a due date; students see what is
due; teachers read the results grid and download it as CSV.

Every assignment URL is tried by every persona; the results come from real answers
posted to the puzzle and lesson players, never from rows written by the test.
"""

import csv
import datetime
import io
import re

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from classrooms import assignments, services
from classrooms.models import Assignment, AssignmentItem
from puzzles.models import Attempt, Puzzle
from tests.conftest import classroom_world, make_user
from tests.helpers import LADDER, frozen_clock, make_puzzle
from tutorials.models import Lesson

SECRET_NAME = "Class of Mr Wang"
TITLE = "Week 3 homework"


@pytest.fixture
def world(content):
    world = classroom_world(SECRET_NAME, second="second")
    classroom, owner = world["classroom"], world["owner"]
    assignment = assignments.create_assignment(
        classroom,
        owner,
        title=TITLE,
        note="Read the lesson first.",
        due_at=timezone.now() + datetime.timedelta(days=2),
    )
    lesson = Lesson.objects.get(slug="first-steps")
    puzzles = [Puzzle.objects.get(slug="pick-one"), Puzzle.objects.get(slug="pick-two")]
    assignments.add_items(assignment, puzzles=puzzles, lessons=[lesson])
    return {**world, "assignment": assignment}


OUT_OF_DATES = "Give a date from 2000-01-01 to 2099-12-31."
PERSONAS = ("anonymous", "student", "outsider", "owner", "co", "other")


def base(world):
    return f"/classes/{world['classroom'].pk}/assignments"


def urls(world):
    a = world["assignment"].pk
    item = world["assignment"].items.first().pk
    return {
        "new": ("get", f"{base(world)}/new/", {}),
        "create": ("post", f"{base(world)}/new/", {"title": "More"}),
        "detail": ("get", f"{base(world)}/{a}/", {}),
        "edit": ("get", f"{base(world)}/{a}/edit/", {}),
        "items": ("get", f"{base(world)}/{a}/items/", {}),
        "move": ("post", f"{base(world)}/{a}/items/", {"action": "down", "item": item}),
        "csv": ("get", f"{base(world)}/{a}/results.csv", {}),
        "delete": ("post", f"{base(world)}/{a}/delete/", {}),
    }


TEACHER_ONLY = {"student": 403, "outsider": 404, "other": 404}
EXPECTED = {
    "new": {**TEACHER_ONLY, "owner": 200, "co": 200},
    "create": {**TEACHER_ONLY, "owner": 302, "co": 302},
    "detail": {"student": 200, "outsider": 404, "other": 404, "owner": 200, "co": 200},
    "edit": {**TEACHER_ONLY, "owner": 200, "co": 200},
    "items": {**TEACHER_ONLY, "owner": 200, "co": 200},
    "move": {**TEACHER_ONLY, "owner": 302, "co": 302},
    "csv": {**TEACHER_ONLY, "owner": 200, "co": 200},
    "delete": {**TEACHER_ONLY, "owner": 302, "co": 302},
}


@pytest.mark.parametrize("persona", PERSONAS)
@pytest.mark.parametrize("name", list(EXPECTED))
def test_every_assignment_url_by_every_persona(make_client, world, persona, name):
    method, url, data = urls(world)[name]
    client = make_client(None if persona == "anonymous" else world[persona])
    response = getattr(client, method)(url, data)
    if persona == "anonymous":
        assert response.status_code == 302 and "/accounts/login/" in response["Location"]
        return
    assert response.status_code == EXPECTED[name][persona], (name, persona)
    if response.status_code in (403, 404):
        page = response.content.decode()
        assert SECRET_NAME not in page and TITLE not in page
        others = {"pupil", "second", "owner", "coteacher"} - {world[persona].username}
        assert not [name for name in others if f">{name}<" in page]


def test_a_student_it_is_not_for_gets_404(make_client, world):
    assignment = world["assignment"]
    assignment.students.set([world["second"]])
    url = f"{base(world)}/{assignment.pk}/"
    assert make_client(world["student"]).get(url).status_code == 404
    assert make_client(world["second"]).get(url).status_code == 200
    dashboard = make_client(world["student"]).get("/me/").content.decode()
    assert TITLE not in dashboard


def test_an_assignment_for_another_class_is_404_under_this_one(make_client, world):
    other_class = services.create_classroom(world["owner"], name="Second class")
    url = f"/classes/{other_class.pk}/assignments/{world['assignment'].pk}/"
    assert make_client(world["owner"]).get(url).status_code == 404


def test_the_teacher_creates_an_assignment_with_a_due_date(make_client, world):
    client = make_client(world["owner"])
    response = client.post(
        f"{base(world)}/new/",
        {
            "title": "Capture drills",
            "note": "Ten minutes a day.",
            "due_date": "2031-05-04",
            "due_time": "",
            "students": [world["second"].pk],
        },
    )
    assignment = Assignment.objects.get(title="Capture drills")
    assert response.status_code == 302
    assert response["Location"] == f"{base(world)}/{assignment.pk}/items/"
    due = timezone.localtime(assignment.due_at)
    assert (due.date(), due.hour, due.minute) == (datetime.date(2031, 5, 4), 23, 59)
    assert list(assignment.students.all()) == [world["second"]]


@pytest.mark.parametrize(
    "data, message",
    [
        ({"title": ""}, "This field is required."),
        ({"title": "x", "due_time": "10:00"}, "Give the date for the due time."),
        ({"title": "x", "due_date": "not a date"}, "Enter a valid date."),
        ({"title": "x", "students": ["999999"]}, "Select a valid choice."),
        # Out of range: once a 500 (a time zone cannot move year 1; SQLite's integers
        # end at 2**63).
        ({"title": "x", "due_date": "0001-01-01", "due_time": "00:00"}, OUT_OF_DATES),
        ({"title": "x", "due_date": "9999-12-31", "due_time": "23:59"}, OUT_OF_DATES),
        ({"title": "x", "due_date": "1999-12-31"}, OUT_OF_DATES),
        ({"title": "x", "students": ["99999999999999999999999"]}, "is not a valid value"),
        ({"title": "x", "students": [str(2**63)]}, "is not a valid value"),
        ({"title": "x", "students": ["-1"]}, "is not a valid value"),
    ],
)
def test_a_bad_assignment_form_is_a_400_with_the_reason(make_client, world, data, message):
    response = make_client(world["owner"]).post(f"{base(world)}/new/", data)
    assert response.status_code == 400
    assert message in response.content.decode()
    assert not Assignment.objects.exclude(pk=world["assignment"].pk).exists()


def test_the_last_day_of_the_range_is_a_due_date(make_client, world):
    data = {"title": "x", "due_date": "2099-12-31", "due_time": "23:59"}
    response = make_client(world["owner"]).post(f"{base(world)}/new/", data)
    assert response.status_code == 302
    due = timezone.localtime(Assignment.objects.get(title="x").due_at)
    assert (due.year, due.month, due.day, due.hour) == (2099, 12, 31, 23)


def test_editing_to_a_date_out_of_range_keeps_the_old_one(make_client, world):
    assignment = world["assignment"]
    due = assignment.due_at
    response = make_client(world["owner"]).post(
        f"{base(world)}/{assignment.pk}/edit/", {"title": "x", "due_date": "0001-01-01"}
    )
    assert response.status_code == 400
    assert OUT_OF_DATES in response.content.decode()
    assignment.refresh_from_db()
    assert (assignment.title, assignment.due_at) == (TITLE, due)


def test_editing_shows_the_saved_students_and_due_time(make_client, world):
    assignment = world["assignment"]
    assignment.students.set([world["second"]])
    assignment.due_at = None
    assignment.save()
    page = make_client(world["owner"]).get(f"{base(world)}/{assignment.pk}/edit/").content
    page = page.decode()
    boxes = {
        int(value): "checked" in tag
        for tag, value in re.findall(
            r'(<input type="checkbox" name="students" value="(\d+)"[^>]*>)', page
        )
    }
    assert boxes == {world["student"].pk: False, world["second"].pk: True}
    response = make_client(world["owner"]).post(
        f"{base(world)}/{assignment.pk}/edit/",
        {"title": "Renamed", "due_date": "2031-01-02", "due_time": "08:30"},
    )
    assert response.status_code == 302
    assignment.refresh_from_db()
    due = timezone.localtime(assignment.due_at)
    assert (assignment.title, due.hour, due.minute) == ("Renamed", 8, 30)
    assert not assignment.students.exists()  # none ticked: the whole class again
    page = make_client(world["owner"]).get(f"{base(world)}/{assignment.pk}/edit/").content
    assert 'value="08:30"' in page.decode() and 'value="2031-01-02"' in page.decode()


def test_an_outsider_cannot_be_chosen_as_a_student(make_client, world):
    data = {"title": "x", "students": [world["outsider"].pk]}
    response = make_client(world["owner"]).post(f"{base(world)}/new/", data)
    assert response.status_code == 400


def test_the_picker_filters_and_adds_puzzles_and_lessons(make_client, world):
    client = make_client(world["owner"])
    fresh = assignments.create_assignment(world["classroom"], world["owner"], title="Fresh")
    url = f"{base(world)}/{fresh.pk}/items/"
    page = client.get(url, {"game": "go", "rating_min": "1000"}).content.decode()
    assert "Black to play: two moves in a row." in page  # rated 1200
    assert "Black to play: find the right point." not in page  # rated 800
    assert "First steps" in page
    two = Puzzle.objects.get(slug="pick-two")
    lesson = Lesson.objects.get(slug="first-steps")
    response = client.post(
        f"{url}?game=go", {"action": "add", "puzzle": [two.pk], "lesson": [lesson.pk]}
    )
    assert response.status_code == 302 and response["Location"] == f"{url}?game=go"
    items = list(fresh.items.order_by("order"))
    assert [(i.lesson_id, i.puzzle_id) for i in items] == [(lesson.pk, None), (None, two.pk)]
    # Adding it again adds nothing.
    client.post(url, {"action": "add", "puzzle": [two.pk]})
    assert fresh.items.count() == 2


@pytest.mark.parametrize(
    "post, message",
    [
        ({"action": "add"}, "Tick the lessons or puzzles to add first."),
        ({"action": "add", "puzzle": ["x"]}, "The list of choices was damaged"),
        ({"action": "add", "puzzle": ["999999"]}, "Some of those cannot be assigned."),
        ({"action": "remove", "item": "999999"}, "That item is not in this assignment."),
        ({"action": "explode"}, "Unknown action."),
        # Ids past SQLite's 64-bit integers were a 500.
        ({"action": "remove", "item": "99999999999999999999999"}, "That item is not in"),
        ({"action": "up", "item": str(2**64)}, "That item is not in this assignment."),
        ({"action": "add", "puzzle": ["99999999999999999999999"]}, "The list of choices was"),
        ({"action": "add", "lesson": [str(2**63)]}, "The list of choices was damaged"),
        ({"action": "add", "puzzle": ["1e3"]}, "The list of choices was damaged"),
    ],
)
def test_a_tampered_items_form_is_a_400_and_changes_nothing(make_client, world, post, message):
    assignment = world["assignment"]
    before = list(assignment.items.values_list("pk", "order"))
    response = make_client(world["owner"]).post(f"{base(world)}/{assignment.pk}/items/", post)
    assert response.status_code == 400
    assert message in response.content.decode()
    assert list(assignment.items.values_list("pk", "order")) == before


@pytest.mark.parametrize(
    "query",
    [
        {"rating_min": "99999999999999999999999"},
        {"rating_max": str(2**64)},
        {"rating_min": "-1"},
        {"rating_max": "1e400"},
    ],
)
def test_a_search_out_of_range_is_a_400_with_the_reason(make_client, world, query):
    response = make_client(world["owner"]).get(
        f"{base(world)}/{world['assignment'].pk}/items/", query
    )
    assert response.status_code == 400
    assert "Enter a whole number from 0 to 4000." in response.content.decode()


@pytest.mark.parametrize(
    "how, path",
    [
        ("get", "/classes/99999999999999999999999/"),
        ("get", "/classes/{pk}/assignments/99999999999999999999999/"),
        ("get", "/classes/{pk}/assignments/9223372036854775808/edit/"),
        ("post", "/classes/{pk}/students/99999999999999999999999/"),
        ("post", "/classes/{pk}/students/18446744073709551616/password/"),
    ],
)
def test_an_id_too_big_for_the_database_is_not_found(make_client, world, how, path):
    client = make_client(world["owner"])
    response = getattr(client, how)(path.format(pk=world["classroom"].pk), {"action": "remove"})
    assert response.status_code == 404


def test_the_teachers_own_puzzles_are_in_the_picker(make_client, world):
    mine = Puzzle.objects.get(slug="pick-two")
    mine.pk, mine.slug, mine.is_public, mine.author = None, "own", False, world["owner"]
    mine.prompt_en = "My own ladder problem."
    mine.save()
    url = f"{base(world)}/{world['assignment'].pk}/items/"
    owner = make_client(world["owner"]).get(url, {"game": "go", "source": "mine"}).content
    picker = owner.decode().split('id="find-title"')[1]
    assert "My own ladder problem." in picker
    assert "Black to play: find the right point." not in picker
    # A co-teacher's own list is theirs: empty, with the way to make one.
    co = make_client(world["co"]).get(url, {"game": "go", "source": "mine"}).content.decode()
    picker = co.split('id="find-title"')[1]
    assert "My own ladder problem." not in picker and 'href="/classes/puzzles/"' in picker
    # Assigned, the private puzzle opens to the class's students.
    make_client(world["owner"]).post(url, {"action": "add", "puzzle": [mine.pk]})
    assert make_client(world["student"]).get("/puzzles/own/").status_code == 200
    assert make_client(world["outsider"]).get("/puzzles/own/").status_code == 404


def test_a_private_puzzle_of_another_teacher_cannot_be_added(make_client, world):
    hidden = Puzzle.objects.get(slug="pick-one")
    hidden.pk, hidden.slug, hidden.is_public, hidden.author = None, "secret", False, world["other"]
    hidden.save()
    response = make_client(world["owner"]).post(
        f"{base(world)}/{world['assignment'].pk}/items/", {"action": "add", "puzzle": [hidden.pk]}
    )
    assert response.status_code == 400


def test_items_are_moved_and_removed(make_client, world):
    assignment = world["assignment"]
    client = make_client(world["owner"])
    url = f"{base(world)}/{assignment.pk}/items/"
    first, second, third = assignment.items.order_by("order")
    client.post(url, {"action": "down", "item": first.pk})
    assert list(assignment.items.order_by("order").values_list("pk", flat=True)) == [
        second.pk,
        first.pk,
        third.pk,
    ]
    client.post(url, {"action": "remove", "item": third.pk})
    assert not AssignmentItem.objects.filter(pk=third.pk).exists()


def test_at_most_a_hundred_items(world):
    assignment = world["assignment"]
    template = Puzzle.objects.get(slug="pick-one")
    copies = []
    for number in range(assignments.MAX_ITEMS):
        template.pk, template.slug = None, f"copy-{number}"
        template.save()
        copies.append(Puzzle.objects.get(pk=template.pk))
    with pytest.raises(assignments.AssignmentError):
        assignments.add_items(assignment, puzzles=copies)
    assert assignment.items.count() == 3


# ---------------------------------------------------------------------------
# Working through it, and the results


def solve(client, slug, *moves, opened=""):
    """Answer ``moves``; ``opened`` is the board's form field from the page shown
    (``opened_of``), as a browser sends it."""
    for move in moves:
        response = client.post(f"/puzzles/{slug}/", {"move": move, "opened": opened})
        assert response.status_code == 200
    return response


def opened_of(response) -> str:
    """The moment the board was shown, as the page's form carries it."""
    found = re.search(r'name="opened" value="([^"]+)"', response.content.decode())
    assert found, "a fresh board's form says when it was shown"
    return found.group(1)


def retry(client, slug):
    client.post(f"/puzzles/{slug}/", {"action": "retry"})


def test_the_student_sees_what_is_due_and_their_own_status(make_client, world):
    client = make_client(world["student"])
    dashboard = client.get("/me/").content.decode()
    assert "Homework" in dashboard and TITLE in dashboard and "0 of 3 done" in dashboard
    assert "Read the lesson first." in dashboard
    solve(client, "pick-one", "c2")
    client.post("/puzzles/pick-two/", {"move": "c2"})  # one move of two: under way
    page = client.get(f"{base(world)}/{world['assignment'].pk}/").content.decode()
    assert "1 of 3 done" in page
    assert page.count('class="work-done"') == 1
    assert page.count('class="work-tried"') == 1
    assert page.count('class="work-not-started"') == 1
    # Never another student's results.
    assert "second" not in page


def test_a_puzzle_opened_from_the_assignment_leads_back_to_it(make_client, world):
    client = make_client(world["student"])
    assignment = world["assignment"]
    page = client.get(f"{base(world)}/{assignment.pk}/").content.decode()
    link = f"/puzzles/pick-one/?assignment={assignment.pk}"
    assert f'href="{link}"' in page
    # The board's form keeps the way back; the verdict offers it instead of a library puzzle.
    board = client.get(link).content.decode()
    assert f'action="{link}#play"' in board
    done = client.post(link, {"move": "c2"}, HTTP_HX_REQUEST="true").content.decode()
    assert f"Back to {TITLE}" in done and f'href="{base(world)}/{assignment.pk}/"' in done
    assert "Next puzzle" not in done


def test_a_lesson_opened_from_the_assignment_ends_back_there(make_client, world):
    client = make_client(world["student"])
    assignment = world["assignment"]
    page = client.get(f"{base(world)}/{assignment.pk}/").content.decode()
    link = f"/learn/go/first-steps/?assignment={assignment.pk}"
    assert f'href="{link}"' in page
    assert client.get(link)["Location"] == "/learn/go/first-steps/1/"
    client.post("/learn/go/first-steps/1/", {"action": "next"})
    client.post("/learn/go/first-steps/2/", {"move": "c2"})
    client.post("/learn/go/first-steps/2/", {"action": "next"})
    client.post("/learn/go/first-steps/3/", {"move": "c2"})
    end = client.post("/learn/go/first-steps/3/", {"action": "next"})
    assert end["Location"] == f"{base(world)}/{assignment.pk}/"
    # Done once; replayed later from the game's page, it ends on the lesson's own end.
    done = "/learn/go/first-steps/done/"
    assert client.post("/learn/go/first-steps/3/", {"action": "next"})["Location"] == done
    # Opened from the game's page, the same lesson ends there as before.
    other = make_client(world["second"])
    other.get("/learn/go/first-steps/")
    other.post("/learn/go/first-steps/1/", {"action": "next"})
    other.post("/learn/go/first-steps/2/", {"action": "next"})
    assert other.post("/learn/go/first-steps/3/", {"action": "next"})["Location"] == done


@pytest.mark.parametrize("query", ["assignment=999999", "assignment=x", "assignment=" + "9" * 40])
def test_a_wrong_assignment_in_the_link_is_ignored(make_client, world, query):
    response = make_client(world["student"]).get(f"/puzzles/pick-one/?{query}")
    assert response.status_code == 200
    assert "Back to" not in response.content.decode()


def test_someone_else_s_assignment_gives_no_way_back(make_client, world):
    url = f"/puzzles/pick-one/?assignment={world['assignment'].pk}"
    page = make_client(world["outsider"]).get(url).content.decode()
    assert "Back to" not in page and TITLE not in page


def test_overdue_work_is_flagged_for_the_student(make_client, world):
    assignment = world["assignment"]
    assignment.due_at = timezone.now() - datetime.timedelta(hours=1)
    assignment.save()
    dashboard = make_client(world["student"]).get("/me/").content.decode()
    assert 'class="assignment overdue"' in dashboard and "overdue" in dashboard


def test_finished_work_leaves_the_homework_list(make_client, world):
    client = make_client(world["student"])
    solve(client, "pick-one", "c2")
    solve(client, "pick-two", "c2", "d4")
    lesson = Lesson.objects.get(slug="first-steps")
    client.post(f"/learn/go/{lesson.slug}/1/", {"action": "next"})
    client.post(f"/learn/go/{lesson.slug}/2/", {"move": "c2"})
    client.post(f"/learn/go/{lesson.slug}/3/", {"move": "c2"})
    dashboard = client.get("/me/").content.decode()
    assert "All your assignments are done." in dashboard
    assert "1 finished assignment" in dashboard


def grid_for(world):
    return assignments.results(Assignment.objects.get(pk=world["assignment"].pk))


def test_the_grid_tells_first_try_retries_failed_and_not_started(make_client, world):
    pupil, second = make_client(world["student"]), make_client(world["second"])
    solve(pupil, "pick-one", "c2")  # first try
    solve(second, "pick-one", "a1")  # wrong...
    retry(second, "pick-one")
    solve(second, "pick-one", "d3")  # ...then right
    solve(pupil, "pick-two", "e5")  # wrong: failed
    grid = grid_for(world)
    rows = {row.student.username: row for row in grid.rows}
    lesson, one, two = (item.item for item in grid.items)
    assert lesson.lesson_id and one.puzzle.slug == "pick-one" and two.puzzle.slug == "pick-two"
    pupil_cells = [cell.status for cell in rows["pupil"].cells]
    second_cells = [cell.status for cell in rows["second"].cells]
    assert pupil_cells == [assignments.NOT_STARTED, assignments.FIRST_TRY, assignments.FAILED]
    assert second_cells == [assignments.NOT_STARTED, assignments.SOLVED, assignments.NOT_STARTED]
    assert rows["second"].cells[1].attempts == 2
    assert [column.done for column in grid.columns] == [0, 2, 0]
    assert rows["pupil"].done == 1 and rows["second"].done == 1


def test_hints_are_counted(make_client, world):
    ladder = Puzzle.objects.create(
        slug="ladder", game="go", kind="go.capture", data={"sgf": LADDER}, prompt_en="Ladder"
    )
    assignments.add_items(world["assignment"], puzzles=[ladder])
    pupil = make_client(world["student"])
    assert "Hint:" in pupil.post("/puzzles/ladder/", {"action": "hint"}).content.decode()
    solve(pupil, "ladder", "C2", "C1")
    cell = grid_for(world).rows[0].cells[3]
    assert (cell.status, cell.hints) == (assignments.FIRST_TRY, 1)
    # The teacher reads the count in words, not a picture.
    page = make_client(world["owner"]).get(f"{base(world)}/{world['assignment'].pk}/")
    html = page.content.decode()
    assert '<th scope="col">Hints</th>' in html and "<small>hints 1</small>" in html
    assert "💡" not in html


def test_a_failed_puzzle_shows_as_failed(make_client, world):
    pupil = make_client(world["student"])
    solve(pupil, "pick-one", "e5")
    assert grid_for(world).rows[0].cells[1].status == assignments.FAILED


@pytest.mark.parametrize(
    "thinking, counted",
    [
        ({"minutes": 3}, 180),  # opening the board to the answer, not just the answer
        ({"hours": 5}, 30 * 60),  # a board left open for hours counts half an hour
    ],
)
def test_time_spent_counts_from_opening_the_board(make_client, world, thinking, counted):
    pupil = make_client(world["student"])
    with frozen_clock() as clock:
        opened = opened_of(pupil.get("/puzzles/pick-one/"))
        clock.advance(**thinking)
        solve(pupil, "pick-one", "c2", opened=opened)
        cell = grid_for(world).rows[0].cells[1]
    assert cell.seconds == counted
    assert cell.time == ("3:00" if counted == 180 else "30:00")


def test_showing_a_board_writes_nothing_and_a_forged_moment_is_not_read(make_client, world):
    pupil = make_client(world["student"])
    with CaptureQueriesContext(connection) as shown:
        opened = opened_of(pupil.get("/puzzles/pick-one/"))
    assert not [q for q in shown.captured_queries if not q["sql"].startswith("SELECT")]
    with frozen_clock() as clock:
        clock.advance(minutes=3)
        solve(pupil, "pick-one", "c2", opened=opened[:-2] + "xx")
        cell = grid_for(world).rows[0].cells[1]
    assert cell.seconds == 0  # counted from the answer: the moment sent is not ours


def test_a_second_try_starts_when_the_first_ended(make_client, world):
    pupil = make_client(world["student"])
    with frozen_clock() as clock:
        opened = opened_of(pupil.get("/puzzles/pick-one/"))
        clock.advance(minutes=2)
        solve(pupil, "pick-one", "e5", opened=opened)  # wrong, after 2 minutes
        clock.advance(minutes=1)
        opened = opened_of(pupil.get("/puzzles/pick-one/"))  # the board again, a minute later
        clock.advance(minutes=1)
        solve(pupil, "pick-one", "c2", opened=opened)
        cell = grid_for(world).rows[0].cells[1]
    assert (cell.status, cell.attempts, cell.seconds) == (assignments.SOLVED, 2, 180)


def test_lesson_progress_shows_steps_and_completion(make_client, world):
    pupil = make_client(world["student"])
    pupil.post("/learn/go/first-steps/1/", {"action": "next"})
    cell = grid_for(world).rows[0].cells[0]
    assert (cell.status, cell.steps, cell.steps_total) == (assignments.TRIED, 1, 3)
    pupil.post("/learn/go/first-steps/2/", {"move": "c2"})
    solve(pupil, "pick-one", "c2")  # the library puzzle is step 3's exercise
    pupil.post("/learn/go/first-steps/3/", {"move": "c2"})
    assert grid_for(world).rows[0].cells[0].status == assignments.COMPLETED


def test_overdue_and_late_work_in_the_grid(make_client, world):
    pupil = make_client(world["student"])
    solve(pupil, "pick-one", "c2")
    assignment = world["assignment"]
    assignment.due_at = timezone.now() - datetime.timedelta(minutes=1)
    assignment.save()
    Attempt.objects.update(finished_at=timezone.now())  # solved after the due time
    grid = grid_for(world)
    cells = grid.rows[0].cells
    assert cells[1].late and not cells[1].overdue
    assert cells[2].overdue and grid.rows[0].overdue == 2
    page = make_client(world["owner"]).get(f"{base(world)}/{assignment.pk}/").content.decode()
    assert "cell first-try late" in page and "overdue" in page and "past due" in page


def test_the_results_page_shows_the_grid_to_teachers(make_client, world):
    solve(make_client(world["student"]), "pick-one", "c2")
    page = make_client(world["co"]).get(f"{base(world)}/{world['assignment'].pk}/")
    html = page.content.decode()
    assert "Results by student and item" in html
    assert ">pupil<" in html and ">second<" in html
    assert "solved on the first try" in html
    assert "1/3" in html  # the pupil's total
    assert "1/2" in html  # the item's total: one of two students


def test_the_kept_results_page_follows_every_change_in_the_class(make_client, world):
    """The grid is kept between a teacher's looks (``results_kept``): each change a
    teacher would wait to see shows on the next look, on the page and in the CSV."""
    assignment = world["assignment"]
    teacher = make_client(world["owner"])
    url = f"{base(world)}/{assignment.pk}/"

    def look() -> str:
        return teacher.get(url).content.decode()

    def csv_rows() -> list[list[str]]:
        text = teacher.get(f"{url}results.csv").content.decode("utf-8-sig")
        return list(csv.reader(io.StringIO(text)))

    assert "cell first-try" not in look()
    before = csv_rows()
    assert "cell first-try" not in look()  # kept
    solve(make_client(world["student"]), "pick-one", "c2")
    assert "cell first-try" in look()
    assert csv_rows() != before
    assignments.add_items(assignment, puzzles=[make_puzzle("lib-00", game="go", themes=[])])
    assert "1/4" in look()  # the pupil's total, out of one item more
    late = make_user("latecomer")
    services.join(late, world["classroom"].join_code)
    assert ">latecomer<" in look()
    services.set_archived(world["classroom"].memberships.get(student=late), True)
    assert ">latecomer<" not in look()
    Assignment.objects.filter(pk=assignment.pk).update(
        due_at=timezone.now() - datetime.timedelta(minutes=1)
    )
    assert "past due" in look()
    # The words of the grid are the language of each look.
    chinese = teacher.get(url, HTTP_ACCEPT_LANGUAGE="zh-hans").content.decode()
    assert "Results by student and item" not in chinese and "first try" not in chinese
    assert "Results by student and item" in look() and "first try" in look()


def test_an_archived_student_leaves_the_grid(make_client, world):
    membership = world["classroom"].memberships.get(student=world["second"])
    services.set_archived(membership, True)
    assert [row.student.username for row in grid_for(world).rows] == ["pupil"]


def test_a_student_who_joins_later_gets_whole_class_work(make_client, world):
    late = make_user("latecomer")
    services.join(late, world["classroom"].join_code)
    assert "latecomer" in [row.student.username for row in grid_for(world).rows]
    assert TITLE in make_client(late).get("/me/").content.decode()


def test_the_grid_reads_a_class_in_a_fixed_number_of_queries(
    make_client, world, django_assert_max_num_queries
):
    for number in range(8):
        user = make_user(f"extra{number}")
        services.join(user, world["classroom"].join_code)
        solve(make_client(user), "pick-one", "c2")
    assignment = Assignment.objects.get(pk=world["assignment"].pk)
    with django_assert_max_num_queries(7):
        grid = assignments.results(assignment)
    assert len(grid.rows) == 10


def test_the_results_page_takes_the_same_queries_for_a_bigger_class(make_client, world):
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    teacher = make_client(world["owner"])
    url = f"{base(world)}/{world['assignment'].pk}/"

    def queries():
        teacher.get(url)  # warm the content cache, as a running site has it
        with CaptureQueriesContext(connection) as captured:
            assert teacher.get(url).status_code == 200
        return len(captured)

    solve(make_client(world["student"]), "pick-one", "c2")
    small = queries()
    for number in range(12):
        user = make_user(f"more{number}")
        services.join(user, world["classroom"].join_code)
        solve(make_client(user), "pick-two", "c2", "d4")
    assert queries() == small <= 12


def test_csv_export_opens_with_chinese_names(make_client, world):
    profile = world["student"].profile
    profile.display_name = "王小明"
    profile.save()
    world["second"].profile.display_name = "=HYPERLINK(1)"
    world["second"].profile.save()
    solve(make_client(world["student"]), "pick-one", "c2")
    response = make_client(world["owner"]).get(
        f"{base(world)}/{world['assignment'].pk}/results.csv"
    )
    assert response["Content-Type"] == "text/csv; charset=utf-8"
    assert "attachment" in response["Content-Disposition"]
    body = response.content
    assert body.startswith(b"\xef\xbb\xbf")
    rows = list(csv.reader(io.StringIO(body.decode("utf-8-sig"))))
    header, *students, totals = rows
    assert header[:3] == ["Student", "Username", "1. First steps"]
    assert header[-4:] == ["Done", "Minutes", "Hints", "Overdue"]
    by_name = {row[0]: row for row in students}
    assert by_name["王小明"][1] == "pupil"
    assert by_name["王小明"][5] == "solved on the first try"
    assert by_name["王小明"][-4] == "1/3"
    # A name that a spreadsheet would run as a formula is written as text.
    assert "'=HYPERLINK(1)" in by_name
    assert totals[0] == "Students done" and totals[5] == "1/2"
    assert len(header) == len(totals) == len(students[0]) == 2 + 3 * 3 + 4


FORMULA_NAMES = [
    "=1+1",
    "+1+1",
    "-1+1",
    "@SUM(1)",
    "\t=1+1",
    "\r=1+1",
    "\uff1d1+1",  # fullwidth ＝
    "\uff0b1+1",  # fullwidth ＋
    "\uff0d1+1",  # fullwidth －
    "\uff20SUM(1)",  # fullwidth ＠
    " =1+1",  # LibreOffice may trim the space on import
    "\u3000\uff1d1+1",  # an ideographic space first
]


@pytest.mark.parametrize("name", FORMULA_NAMES)
def test_a_name_a_spreadsheet_would_run_is_written_as_text(make_client, world, name):
    profile = world["second"].profile
    profile.display_name = name
    profile.save()
    response = make_client(world["owner"]).get(
        f"{base(world)}/{world['assignment'].pk}/results.csv"
    )
    rows = list(csv.reader(io.StringIO(response.content.decode("utf-8-sig"))))
    assert "'" + name in [row[0] for row in rows]
    assert name not in [row[0] for row in rows]


@pytest.mark.parametrize("name", ["王小明", "|x", "%1", "Anna-Lena", "1+1"])
def test_an_ordinary_name_is_written_as_it_is(make_client, world, name):
    profile = world["second"].profile
    profile.display_name = name
    profile.save()
    response = make_client(world["owner"]).get(
        f"{base(world)}/{world['assignment'].pk}/results.csv"
    )
    rows = list(csv.reader(io.StringIO(response.content.decode("utf-8-sig"))))
    assert name in [row[0] for row in rows]


def test_deleting_an_assignment_keeps_the_students_progress(make_client, world):
    solve(make_client(world["student"]), "pick-one", "c2")
    make_client(world["owner"]).post(f"{base(world)}/{world['assignment'].pk}/delete/")
    assert not Assignment.objects.exists()
    assert Attempt.objects.filter(status=Attempt.Status.SOLVED).count() == 1


def test_the_class_page_lists_assignments(make_client, world):
    teacher_page = make_client(world["owner"]).get(f"/classes/{world['classroom'].pk}/")
    assert TITLE in teacher_page.content.decode()
    student_page = make_client(world["student"]).get(f"/classes/{world['classroom'].pk}/")
    assert TITLE in student_page.content.decode() and "0 of 3 done" in student_page.content.decode()
