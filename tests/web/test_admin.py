"""The admin: staff find users, lessons, steps, puzzles and attempts, with search and filters."""

import re

import pytest

from puzzles.models import Attempt, Puzzle, PuzzleReport, Theme
from tutorials.models import Lesson, Step


@pytest.fixture
def admin_client(make_client, staff_user, content):
    return make_client(staff_user)


@pytest.fixture
def some_attempts(make_client, learner_user, teacher_user, content):
    learner = make_client(learner_user)
    learner.post("/puzzles/pick-one/", {"move": "c2", "ply": "0"})
    learner.post("/learn/go/first-steps/1/", {"action": "next"})
    teacher = make_client(teacher_user)
    teacher.post("/puzzles/pick-two/", {"move": "c2", "ply": "0"})


def result_rows(page: str) -> list[str]:
    """The rows of the changelist's result table."""
    match = re.search(r'<table id="result_list">.*?<tbody>(.*?)</tbody>', page, flags=re.S)
    if match is None:
        return []
    return re.findall(r"<tr.*?</tr>", match.group(1), flags=re.S)


def get_rows(client, url):
    response = client.get(url)
    assert response.status_code == 200, url
    return result_rows(response.content.decode())


def net():
    return Theme.objects.get(slug="net").pk


def atari():
    return Theme.objects.get(slug="atari").pk


def test_admin_index_lists_the_apps(admin_client):
    page = admin_client.get("/admin/").content.decode()
    for url in (
        "/admin/auth/user/",
        "/admin/accounts/profile/",
        "/admin/accounts/learner/",
        "/admin/tutorials/lesson/",
        "/admin/tutorials/step/",
        "/admin/tutorials/lessonprogress/",
        "/admin/puzzles/puzzle/",
        "/admin/puzzles/attempt/",
        "/admin/puzzles/theme/",
        "/admin/puzzles/puzzlereport/",
        "/admin/puzzles/dailypuzzle/",
        "/admin/puzzles/learnerrating/",
    ):
        assert f'href="{url}"' in page, url


def test_users_changelist_search(admin_client, learner_user, teacher_user):
    assert len(get_rows(admin_client, "/admin/auth/user/")) == 3
    rows = get_rows(admin_client, "/admin/auth/user/?q=learner")
    assert len(rows) == 1
    assert ">learner<" in rows[0]
    assert get_rows(admin_client, "/admin/auth/user/?q=nobody-by-that-name") == []


def test_profiles_filter_teachers(admin_client, learner_user, teacher_user, other_teacher_user):
    assert len(get_rows(admin_client, "/admin/accounts/profile/?is_teacher__exact=1")) == 2
    rows = get_rows(admin_client, "/admin/accounts/profile/?q=other")
    assert len(rows) == 1


def test_lessons_changelist_search_and_filter(admin_client):
    assert len(get_rows(admin_client, "/admin/tutorials/lesson/")) == 1
    assert len(get_rows(admin_client, "/admin/tutorials/lesson/?game=go")) == 1
    assert get_rows(admin_client, "/admin/tutorials/lesson/?game=xiangqi") == []
    assert len(get_rows(admin_client, "/admin/tutorials/lesson/?q=First")) == 1
    assert len(get_rows(admin_client, "/admin/tutorials/lesson/?q=第一步")) == 1
    assert get_rows(admin_client, "/admin/tutorials/lesson/?q=endgame") == []


def test_lesson_change_form_shows_its_steps(admin_client):
    lesson = Lesson.objects.get(slug="first-steps")
    response = admin_client.get(f"/admin/tutorials/lesson/{lesson.pk}/change/")
    assert response.status_code == 200
    page = response.content.decode()
    assert "This is a small board." in page
    assert "Finish with a puzzle from the library." in page


def test_steps_changelist_search_and_filters(admin_client):
    assert len(get_rows(admin_client, "/admin/tutorials/step/")) == 3
    assert len(get_rows(admin_client, "/admin/tutorials/step/?lesson__game=go")) == 3
    assert len(get_rows(admin_client, "/admin/tutorials/step/?exercise__kind=test.pick")) == 2
    rows = get_rows(admin_client, f"/admin/tutorials/step/?exercise__themes__id__exact={atari()}")
    assert len(rows) == 1
    assert "pick-one" in rows[0]
    rows = get_rows(admin_client, "/admin/tutorials/step/?q=library")
    assert len(rows) == 1
    assert "#3" in rows[0]


def test_step_change_form_opens(admin_client):
    step = Step.objects.get(order=2)
    assert admin_client.get(f"/admin/tutorials/step/{step.pk}/change/").status_code == 200


def test_puzzles_changelist_search_and_filters(admin_client):
    assert len(get_rows(admin_client, "/admin/puzzles/puzzle/")) == 3
    assert len(get_rows(admin_client, "/admin/puzzles/puzzle/?game=go")) == 3
    assert get_rows(admin_client, "/admin/puzzles/puzzle/?game=renju") == []
    assert len(get_rows(admin_client, "/admin/puzzles/puzzle/?kind=test.pick")) == 3
    assert len(get_rows(admin_client, "/admin/puzzles/puzzle/?is_public__exact=1")) == 2
    rows = get_rows(admin_client, f"/admin/puzzles/puzzle/?themes__id__exact={net()}")
    assert len(rows) == 1
    assert "pick-two" in rows[0]
    assert len(get_rows(admin_client, f"/admin/puzzles/puzzle/?themes__id__exact={atari()}")) == 2
    rows = get_rows(admin_client, "/admin/puzzles/puzzle/?q=two+moves")
    assert len(rows) == 1
    assert "pick-two" in rows[0]
    combined = (
        f"/admin/puzzles/puzzle/?game=go&kind=test.pick&themes__id__exact={atari()}&q=pick-one"
    )
    rows = get_rows(admin_client, combined)
    assert len(rows) == 1
    assert "pick-one" in rows[0]


def test_puzzle_change_form_opens(admin_client):
    puzzle = Puzzle.objects.get(slug="pick-two")
    response = admin_client.get(f"/admin/puzzles/puzzle/{puzzle.pk}/change/")
    assert response.status_code == 200
    assert "Black to play: two moves in a row." in response.content.decode()


def test_attempts_changelist_search_and_filters(admin_client, some_attempts):
    assert Attempt.objects.count() == 2
    assert len(get_rows(admin_client, "/admin/puzzles/attempt/")) == 2
    assert len(get_rows(admin_client, "/admin/puzzles/attempt/?status__exact=solved")) == 1
    assert len(get_rows(admin_client, "/admin/puzzles/attempt/?puzzle__game=go")) == 2
    assert len(get_rows(admin_client, "/admin/puzzles/attempt/?puzzle__kind=test.pick")) == 2
    rows = get_rows(admin_client, f"/admin/puzzles/attempt/?puzzle__themes__id__exact={net()}")
    assert len(rows) == 1
    assert "teacher" in rows[0]
    rows = get_rows(admin_client, "/admin/puzzles/attempt/?q=learner")
    assert len(rows) == 1
    assert "pick-one" in rows[0]
    assert len(get_rows(admin_client, "/admin/puzzles/attempt/?q=pick-two")) == 1


def test_progress_and_learners_changelists(admin_client, some_attempts):
    assert len(get_rows(admin_client, "/admin/tutorials/lessonprogress/?lesson__game=go")) == 1
    assert len(get_rows(admin_client, "/admin/tutorials/lessonprogress/?q=learner")) == 1
    assert len(get_rows(admin_client, "/admin/accounts/learner/")) == 2
    assert len(get_rows(admin_client, "/admin/accounts/learner/?q=teacher")) == 1
    assert len(get_rows(admin_client, "/admin/puzzles/theme/?q=Atari")) == 1


def test_reports_changelist_filters_the_open_ones(admin_client):
    puzzle = Puzzle.objects.get(slug="pick-one")
    PuzzleReport.objects.create(puzzle=puzzle, reason="unclear", note="which stone?")
    PuzzleReport.objects.create(puzzle=puzzle, reason="other", resolved=True)
    assert len(get_rows(admin_client, "/admin/puzzles/puzzlereport/")) == 2
    rows = get_rows(admin_client, "/admin/puzzles/puzzlereport/?resolved__exact=0")
    assert len(rows) == 1 and "unclear" in rows[0].lower()
    assert len(get_rows(admin_client, "/admin/puzzles/puzzlereport/?q=which")) == 1


def test_an_unknown_filter_is_not_a_server_error(admin_client):
    response = admin_client.get("/admin/puzzles/puzzle/?no_such_field=1")
    assert response.status_code == 302
    assert "e=1" in response["Location"]


@pytest.mark.parametrize("persona", ["learner_user", "teacher_user"])
def test_non_staff_cannot_open_changelists(request, make_client, content, persona):
    client = make_client(request.getfixturevalue(persona))
    for url in ("/admin/auth/user/", "/admin/puzzles/puzzle/", "/admin/puzzles/attempt/"):
        response = client.get(url)
        assert response.status_code == 302
        assert response["Location"].startswith("/admin/login/")
