"""Classes: teachers create them, students join with a code or a link, teachers manage them.

Every classroom URL is tried by every persona (anonymous, a student of the class, a
student of another class, the owner, a co-teacher, another teacher); the forbidden
ones answer 403 or 404 (anonymous visitors go to log in) and leak no names.
"""

import re

import pytest

from classrooms import services
from classrooms.models import Classroom, Membership
from tests.conftest import classroom_world, make_user
from tests.helpers import names_form

SECRET_NAME = "Class of Mr Wang"


@pytest.fixture
def world(db):
    return classroom_world(SECRET_NAME)


PERSONAS = ("anonymous", "student", "outsider", "owner", "co", "other")


def client_for(make_client, world, persona):
    return make_client(None if persona == "anonymous" else world[persona])


def urls(world):
    c = world["classroom"]
    s = world["student"].pk
    return {
        "detail": ("get", f"/classes/{c.pk}/", {}),
        "invite_teacher": ("post", f"/classes/{c.pk}/teachers/", {"username": "otherteacher"}),
        "archive": ("post", f"/classes/{c.pk}/archive/", {}),
        "student": ("post", f"/classes/{c.pk}/students/{s}/", {"action": "archive"}),
        "new_students": ("get", f"/classes/{c.pk}/students/new/", {}),
        "password": ("post", f"/classes/{c.pk}/students/{s}/password/", {}),
    }


# persona → expected status for each URL (302 to log in for anonymous visitors)
EXPECTED = {
    "detail": {"student": 200, "outsider": 404, "owner": 200, "co": 200, "other": 404},
    # Only the owner invites co-teachers (see test_coteachers.py).
    "invite_teacher": {"student": 403, "outsider": 404, "owner": 302, "co": 403, "other": 404},
    "archive": {"student": 403, "outsider": 404, "owner": 302, "co": 302, "other": 404},
    "student": {"student": 403, "outsider": 404, "owner": 302, "co": 302, "other": 404},
    "new_students": {"student": 403, "outsider": 404, "owner": 200, "co": 200, "other": 404},
    # The pupil signed up alone: the teacher may not reset that password (back to the class).
    "password": {"student": 403, "outsider": 404, "owner": 302, "co": 302, "other": 404},
}


@pytest.mark.parametrize("persona", PERSONAS)
@pytest.mark.parametrize("name", list(EXPECTED))
def test_every_url_by_every_persona(make_client, world, persona, name):
    method, url, data = urls(world)[name]
    client = client_for(make_client, world, persona)
    response = getattr(client, method)(url, data)
    if persona == "anonymous":
        assert response.status_code == 302 and "/accounts/login/" in response["Location"]
        return
    expected = EXPECTED[name][persona]
    assert response.status_code == expected, (name, persona)
    if expected in (403, 404):
        page = response.content.decode()
        others = {"pupil", "owner", "coteacher"} - {world[persona].username}
        assert SECRET_NAME not in page
        assert not [name for name in others if f">{name}<" in page or f" {name} " in page]


def test_a_student_sees_the_class_but_not_the_roster(make_client, world):
    page = make_client(world["student"]).get(f"/classes/{world['classroom'].pk}/").content
    page = page.decode()
    assert SECRET_NAME in page
    assert world["classroom"].join_code not in page
    assert "Remove from the class" not in page


def test_the_teacher_sees_the_code_link_and_roster(make_client, world):
    classroom = world["classroom"]
    page = make_client(world["co"]).get(f"/classes/{classroom.pk}/").content.decode()
    assert classroom.join_code in page and f"/classes/join/{classroom.join_code}/" in page
    assert "pupil" in page


def test_only_teachers_create_classes(make_client, db):
    teacher, learner = make_user("t", teacher=True), make_user("l")
    assert make_client(learner).get("/classes/new/").status_code == 403
    response = make_client(teacher).post("/classes/new/", {"name": "Renju club", "game": "renju"})
    classroom = Classroom.objects.get(name="Renju club")
    assert response.status_code == 302 and response["Location"] == f"/classes/{classroom.pk}/"
    assert list(classroom.teachers.all()) == [teacher]
    assert make_client(teacher).post("/classes/new/", {"name": ""}).status_code == 400


@pytest.mark.parametrize("typed", ["{code}", "{lower}", " {dashed} "])
def test_joining_with_the_code_as_typed(make_client, world, typed):
    classroom = world["classroom"]
    code = classroom.join_code
    text = typed.format(code=code, lower=code.lower(), dashed=f"{code[:4]}-{code[4:]}")
    newcomer = make_user("newcomer")
    response = make_client(newcomer).post("/classes/join/", {"code": text})
    assert response.status_code == 302
    assert Membership.objects.filter(classroom=classroom, student=newcomer).exists()


def test_joining_by_link_asks_first(make_client, world):
    classroom = world["classroom"]
    newcomer = make_user("newcomer")
    client = make_client(newcomer)
    page = client.get(f"/classes/join/{classroom.join_code}/")
    assert page.status_code == 200 and SECRET_NAME in page.content.decode()
    assert not Membership.objects.filter(student=newcomer).exists()
    client.post(f"/classes/join/{classroom.join_code}/")
    assert Membership.objects.filter(classroom=classroom, student=newcomer).exists()


@pytest.mark.parametrize("code", ["", "NOPE", "ZZZZZZZZ", "<script>", "A" * 30])
def test_a_wrong_code_is_a_400_with_a_message(make_client, world, code):
    response = make_client(make_user("newcomer")).post("/classes/join/", {"code": code})
    assert response.status_code == 400
    assert SECRET_NAME not in response.content.decode()


def test_an_archived_class_takes_no_one(make_client, world):
    classroom = world["classroom"]
    make_client(world["owner"]).post(f"/classes/{classroom.pk}/archive/")
    response = make_client(make_user("late")).post("/classes/join/", {"code": classroom.join_code})
    assert response.status_code == 400
    assert make_client(world["student"]).get(f"/classes/{classroom.pk}/").status_code == 404
    make_client(world["owner"]).post(f"/classes/{classroom.pk}/archive/", {"restore": "1"})
    assert make_client(world["student"]).get(f"/classes/{classroom.pk}/").status_code == 200


def test_a_teacher_cannot_join_their_own_class(make_client, world):
    classroom = world["classroom"]
    response = make_client(world["co"]).post("/classes/join/", {"code": classroom.join_code})
    assert response.status_code == 400


def test_archiving_and_removing_a_student(make_client, world):
    classroom, student = world["classroom"], world["student"]
    owner = make_client(world["owner"])
    owner.post(f"/classes/{classroom.pk}/students/{student.pk}/", {"action": "archive"})
    assert Membership.objects.get(classroom=classroom, student=student).archived_at
    assert make_client(student).get(f"/classes/{classroom.pk}/").status_code == 404
    owner.post(f"/classes/{classroom.pk}/students/{student.pk}/", {"action": "remove"})
    assert not Membership.objects.filter(classroom=classroom, student=student).exists()
    # Unknown students and actions change nothing.
    assert (
        owner.post(f"/classes/{classroom.pk}/students/999999/", {"action": "remove"}).status_code
        == 404
    )


def test_co_teachers_must_be_teachers(make_client, world):
    classroom = world["classroom"]
    owner = make_client(world["owner"])
    owner.post(f"/classes/{classroom.pk}/teachers/", {"username": "outsider"})
    assert not classroom.teachers.filter(username="outsider").exists()
    owner.post(f"/classes/{classroom.pk}/teachers/", {"username": "otherteacher"})
    assert not classroom.teachers.filter(username="otherteacher").exists()  # until they accept
    assert classroom.invitations.filter(teacher__username="otherteacher").exists()


def test_the_class_list_shows_both_sides(make_client, world):
    page = make_client(world["student"]).get("/classes/").content.decode()
    assert SECRET_NAME in page and "Another class" not in page
    page = make_client(world["owner"]).get("/classes/").content.decode()
    assert SECRET_NAME in page and "New class" in page


# --- accounts made by the teacher ---------------------------------------------------


ODD_NAMES = [
    "Li Lei",
    "  Han   Meimei  ",  # spaces in and around
    "Li Lei",  # a second child with the same name
    "小明🐉",  # emoji
    "王" * 50,  # fifty characters of Chinese
    "O'Brien <b>",  # quotes and markup are text
]


def test_bulk_accounts_with_odd_and_duplicate_names(make_client, world):
    from django.contrib.auth import get_user_model

    classroom = world["classroom"]
    owner = make_client(world["owner"])
    names = "\n".join(ODD_NAMES) + "\n\n"
    response = owner.post(
        f"/classes/{classroom.pk}/students/new/", names_form(owner, classroom, names)
    )
    assert response.status_code == 303
    response = owner.get(response["Location"])
    assert response.status_code == 200
    assert response["Cache-Control"] == "no-store"
    made = Membership.objects.filter(classroom=classroom, managed=True).select_related(
        "student__profile"
    )
    names = sorted(m.student.profile.display_name for m in made)
    assert names == sorted(["Li Lei", "Han Meimei", "Li Lei", "小明🐉", "王" * 50, "O'Brien <b>"])
    usernames = [m.student.username for m in made]
    assert len(set(usernames)) == 6 and all(u.isascii() and u.isalnum() for u in usernames)
    page = response.content.decode()
    assert page.count('class="login-card"') == 6
    assert "O&#x27;Brien &lt;b&gt;" in page and "<b>" not in page.split("login-cards")[1][:2000]
    # The password on a card logs the child in, once: then they choose their own.
    first = made.first().student
    password = page.split(f"<code>{first.username}</code>")[1].split("<code>")[1].split("<")[0]
    child = make_client()
    assert (
        child.post("/accounts/login/", {"login": first.username, "password": password}).status_code
        == 302
    )
    going = child.get("/classes/")
    assert going.status_code == 302 and going["Location"] == "/me/first-password/"
    # Only the new password, twice (the card's got them this far), then their work.
    mismatched = child.post(
        "/me/first-password/",
        {"new_password1": "a-brand-new-secret-9", "new_password2": "a-brand-new-secret-8"},
    )
    assert mismatched.status_code == 400
    done = child.post(
        "/me/first-password/",
        {"new_password1": "a-brand-new-secret-9", "new_password2": "a-brand-new-secret-9"},
    )
    assert done.status_code == 302 and done["Location"] == "/me/"
    assert child.get("/classes/").status_code == 200
    assert child.get("/me/first-password/")["Location"] == "/me/"  # nothing left to choose
    first.refresh_from_db()
    assert not first.profile.must_change_password
    assert get_user_model().objects.get(pk=first.pk).check_password("a-brand-new-secret-9")


@pytest.mark.parametrize(
    "names", ["", "   \n  \n", "x" * 51, "\n".join(f"kid {i}" for i in range(101))]
)
def test_bad_name_lists_are_a_400_and_make_nobody(make_client, world, names):
    classroom = world["classroom"]
    owner = make_client(world["owner"])
    response = owner.post(
        f"/classes/{classroom.pk}/students/new/", names_form(owner, classroom, names)
    )
    assert response.status_code == 400
    assert not Membership.objects.filter(classroom=classroom, managed=True).exists()


def test_a_teacher_resets_a_childs_password(make_client, world):
    classroom = world["classroom"]
    batch = services.create_students(classroom, "Xiao Hong")
    child = batch.memberships.get().student
    co = make_client(world["co"])
    response = co.post(f"/classes/{classroom.pk}/students/{child.pk}/password/")
    assert response.status_code == 303
    assert response["Location"] == f"/classes/{classroom.pk}/cards/student/{child.pk}/"
    page = co.get(response["Location"]).content.decode()
    assert child.username in page
    password = page.split("<code>")[2].split("<")[0]
    child.refresh_from_db()
    assert child.check_password(password) and child.profile.must_change_password


def test_a_self_made_account_is_not_reset_by_the_teacher(make_client, world):
    classroom, pupil = world["classroom"], world["student"]
    before = pupil.password
    make_client(world["owner"]).post(f"/classes/{classroom.pk}/students/{pupil.pk}/password/")
    pupil.refresh_from_db()
    assert pupil.password == before


def roster_forms(page: str) -> list[tuple[str, str, list[tuple[str, str]]]]:
    """Each form of the class page's student list: its address, its token, its buttons."""
    table = page.split('id="students-title"')[1].split("</table>")[0]
    found = []
    for match in re.finditer(r'<form method="post" action="([^"]+)"(.*?)</form>', table, re.S):
        token = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', match.group(2))
        buttons = re.findall(
            r'<button type="submit"(?: name="action" value="(\w+)")?[^>]*>([^<]+)</button>',
            match.group(2),
        )
        found.append((match.group(1), token.group(1), buttons))
    return found


def test_the_roster_s_buttons_work_as_a_browser_sends_them(make_client, world):
    """Read from the page as a browser would (with its token, CSRF checks on): archive,
    restore and remove a student, and a one-time password for a child's account."""
    from django.test import Client

    classroom = world["classroom"]
    student = world["student"]
    services.create_students(classroom, "Xiao Hong <b>")
    teacher = Client(enforce_csrf_checks=True, HTTP_ACCEPT_LANGUAGE="en")
    teacher.force_login(world["owner"])
    url = f"/classes/{classroom.pk}/"

    def forms_of(username):
        page = teacher.get(url).content.decode()
        rows = re.findall(r"<tr>.*?</tr>", page, re.S)
        (row,) = [row for row in rows if f"<td>{username}</td>" in row]
        return [form for form in roster_forms(page) if f'action="{form[0]}"' in row]

    page = teacher.get(url).content.decode()
    assert "Xiao Hong &lt;b&gt;" in page and "Xiao Hong <b>" not in page
    (change,) = forms_of(student.username)
    assert change[0] == f"/classes/{classroom.pk}/students/{student.pk}/"
    assert [value for value, _label in change[2]] == ["archive", "remove"]
    response = teacher.post(change[0], {"csrfmiddlewaretoken": change[1], "action": "archive"})
    assert response.status_code == 302
    assert Membership.objects.get(classroom=classroom, student=student).archived_at
    (change,) = forms_of(student.username)
    assert [label for _value, label in change[2]] == ["Restore", "Remove from the class"]
    teacher.post(change[0], {"csrfmiddlewaretoken": change[1], "action": "restore"})
    assert not Membership.objects.get(classroom=classroom, student=student).archived_at

    child = Membership.objects.get(classroom=classroom, managed=True).student
    change, reset = forms_of(child.username)
    assert reset[0] == f"/classes/{classroom.pk}/students/{child.pk}/password/"
    assert reset[2] == [("", "New one-time password")]
    response = teacher.post(reset[0], {"csrfmiddlewaretoken": reset[1]})
    assert response.status_code == 303
    child.refresh_from_db()
    assert child.profile.must_change_password

    (change,) = forms_of(student.username)
    teacher.post(change[0], {"csrfmiddlewaretoken": change[1], "action": "remove"})
    assert not Membership.objects.filter(classroom=classroom, student=student).exists()
    # A form without its token is refused, as every other.
    assert teacher.post(reset[0]).status_code == 403
