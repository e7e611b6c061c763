"""Accounts for a list of names are made once, and their login cards can be printed again.

The "make accounts" form carries a one-time token: two identical posts (a double
click, a refresh that sends the form again) make one set of accounts and lead to
the same cards (post/redirect/get, 303). A child's one-time password stays on the
class's cards until the child chooses their own, and is forgotten at that moment.
"""

import html
import re

import pytest
from django.test import Client

from classrooms import services
from classrooms.models import Membership
from tests.conftest import classroom_world
from tests.helpers import audit, names_form

SECRET_NAME = "Class of Mr Wang"
NAMES = "Li Lei\nHan Meimei\nXiao Ming"


@pytest.fixture
def world(db):
    return classroom_world(SECRET_NAME)


@pytest.fixture
def owner(world, make_client):
    return make_client(world["owner"])


def made(classroom):
    return Membership.objects.filter(classroom=classroom, managed=True)


def cards_of(response) -> dict[str, str]:
    """username -> what the card says of the password (the one-time password, or not)."""
    page = html.unescape(response.content.decode())
    cards = {}
    for card in re.findall(r'<li class="login-card">(.*?)</li>', page, flags=re.S):
        username = re.search(r"<dd><code>(.*?)</code></dd>", card).group(1)
        rest = card.split("</code></dd>", 1)[1].split("</dl>", 1)[0]
        code = re.search(r"<code>(.*?)</code>", rest)
        cards[username] = code.group(1) if code else " ".join(re.sub("<.*?>", " ", rest).split())
    return cards


def test_two_identical_posts_make_one_set_of_accounts(world, owner):
    classroom = world["classroom"]
    url = f"/classes/{classroom.pk}/students/new/"
    form = names_form(owner, classroom, NAMES)
    first = owner.post(url, form)
    second = owner.post(url, form)  # the same form again: a double click, a re-send
    assert first.status_code == second.status_code == 303
    assert first["Location"] == second["Location"]
    assert made(classroom).count() == 3
    cards = cards_of(owner.get(first["Location"]))
    assert len(cards) == 3
    assert cards == cards_of(owner.get(second["Location"]))
    for username, password in cards.items():
        assert Client().login(username=username, password=password)


def test_refreshing_the_cards_makes_nothing_and_shows_the_same(world, owner):
    classroom = world["classroom"]
    response = owner.post(
        f"/classes/{classroom.pk}/students/new/", names_form(owner, classroom, NAMES)
    )
    first = owner.get(response["Location"])
    assert first.status_code == 200 and first["Cache-Control"] == "no-store"
    again = owner.get(response["Location"])
    assert cards_of(first) == cards_of(again)
    assert made(classroom).count() == 3
    assert audit(first.content.decode()).problems == []


def test_a_new_form_makes_a_new_batch(world, owner):
    classroom = world["classroom"]
    url = f"/classes/{classroom.pk}/students/new/"
    one = owner.post(url, names_form(owner, classroom, "Li Lei"))
    two = owner.post(url, names_form(owner, classroom, "Li Lei"))  # a second child, same name
    assert one["Location"] != two["Location"]
    assert made(classroom).count() == 2
    assert len(cards_of(owner.get(two["Location"]))) == 1


@pytest.mark.parametrize("token", ["", "made-up", "x" * 65])
def test_a_form_without_a_token_this_session_was_given_makes_nobody(world, owner, token):
    classroom = world["classroom"]
    response = owner.post(
        f"/classes/{classroom.pk}/students/new/", {"names": NAMES, "token": token}
    )
    assert response.status_code == 400
    assert not made(classroom).exists()
    page = html.unescape(response.content.decode())
    if token == "made-up":
        assert "This form had expired: check the names and send it again." in page
        assert "Han Meimei" in page  # the names are kept


def test_a_token_belongs_to_its_class(world, owner, make_client):
    classroom = world["classroom"]
    other = services.create_classroom(world["owner"], name="Second class")
    form = names_form(owner, classroom, NAMES)
    response = owner.post(f"/classes/{other.pk}/students/new/", form)
    assert response.status_code == 400
    assert not Membership.objects.filter(managed=True).exists()


def test_reprinting_keeps_passwords_and_says_who_chose_their_own(world, owner):
    classroom = world["classroom"]
    batch = services.create_students(classroom, NAMES)
    before = {m.student.username: m.student.password for m in made(classroom)}
    page = owner.get(f"/classes/{classroom.pk}/")
    assert "Print login cards" in page.content.decode()
    cards = cards_of(owner.get(f"/classes/{classroom.pk}/cards/"))
    assert len(cards) == 3
    # The first child logs in with the card and chooses a password.
    child_name, password = sorted(cards.items())[0]
    child = Client(HTTP_ACCEPT_LANGUAGE="en")
    assert (
        child.post("/accounts/login/", {"login": child_name, "password": password}).status_code
        == 302
    )
    assert cards_of(owner.get(f"/classes/{classroom.pk}/cards/"))[child_name] == password
    response = child.post(
        "/me/first-password/",
        {"new_password1": "my-own-secret-77", "new_password2": "my-own-secret-77"},
    )
    assert response.status_code == 302
    membership = made(classroom).get(student__username=child_name)
    assert membership.initial_password == ""  # forgotten at once
    reprinted = owner.get(f"/classes/{classroom.pk}/cards/")
    assert reprinted["Cache-Control"] == "no-store"
    cards_now = cards_of(reprinted)
    assert cards_now[child_name] == "Password has set their own password"
    assert password not in reprinted.content.decode()
    others = {name: pw for name, pw in cards.items() if name != child_name}
    assert {name: cards_now[name] for name in others} == others
    assert cards_of(owner.get(f"/classes/{classroom.pk}/cards/batch/{batch.pk}/")) == cards_now
    # Printing again reset nobody's password.
    after = {m.student.username: m.student.password for m in made(classroom)}
    assert {k: v for k, v in after.items() if k != child_name} == {
        k: v for k, v in before.items() if k != child_name
    }


def test_a_reset_password_is_on_the_cards_until_changed(world, owner):
    classroom = world["classroom"]
    services.create_students(classroom, "Xiao Hong")
    child = made(classroom).get().student
    response = owner.post(f"/classes/{classroom.pk}/students/{child.pk}/password/")
    new_password = cards_of(owner.get(response["Location"]))[child.username]
    assert cards_of(owner.get(f"/classes/{classroom.pk}/cards/"))[child.username] == new_password
    services.forget_one_time_passwords(child)
    assert (
        "has set their own password"
        in cards_of(owner.get(f"/classes/{classroom.pk}/cards/"))[child.username]
    )


def test_archived_students_leave_the_class_cards(world, owner):
    classroom = world["classroom"]
    services.create_students(classroom, NAMES)
    services.set_archived(made(classroom).first(), True)
    assert len(cards_of(owner.get(f"/classes/{classroom.pk}/cards/"))) == 2


PERSONAS = ("anonymous", "student", "outsider", "owner", "co", "other")
EXPECTED = {"student": 403, "outsider": 404, "owner": 200, "co": 200, "other": 404}


@pytest.mark.parametrize("persona", PERSONAS)
def test_only_the_class_teachers_see_cards(world, make_client, persona):
    classroom = world["classroom"]
    batch = services.create_students(classroom, NAMES)
    child = batch.memberships.first().student
    client = make_client(None if persona == "anonymous" else world[persona])
    for url in (
        f"/classes/{classroom.pk}/cards/",
        f"/classes/{classroom.pk}/cards/batch/{batch.pk}/",
        f"/classes/{classroom.pk}/cards/student/{child.pk}/",
    ):
        response = client.get(url)
        if persona == "anonymous":
            assert response.status_code == 302 and "/accounts/login/" in response["Location"]
            continue
        assert response.status_code == EXPECTED[persona], (url, persona)
        if EXPECTED[persona] != 200:
            assert child.username not in response.content.decode()


def test_cards_of_another_class_or_student_are_404(world, owner):
    classroom = world["classroom"]
    other = services.create_classroom(world["other"], name="Elsewhere")
    batch = services.create_students(other, NAMES)
    assert owner.get(f"/classes/{classroom.pk}/cards/batch/{batch.pk}/").status_code == 404
    stranger = batch.memberships.first().student_id
    assert owner.get(f"/classes/{classroom.pk}/cards/student/{stranger}/").status_code == 404
    assert owner.get(f"/classes/{classroom.pk}/cards/batch/{10**22}/").status_code == 404
    assert owner.post(f"/classes/{classroom.pk}/cards/").status_code == 405


@pytest.fixture
def real_hasher(settings):
    """Django's own hashers (PBKDF2 at its full count), not the tests' quick one."""
    from django.conf import global_settings

    settings.PASSWORD_HASHERS = global_settings.PASSWORD_HASHERS


def test_forty_accounts_are_quick_and_each_logs_in_with_its_card(world, owner, real_hasher):
    """One-time passwords (kept in plain text for the cards anyway) are hashed with few
    iterations: 40 accounts take a few full-strength hashes' time, not 40; the first
    log-in upgrades the hash to the full count, and the child's own password is full."""
    import time

    from django.contrib.auth.hashers import get_hasher, make_password

    classroom = world["classroom"]
    started = time.perf_counter()
    make_password("one-password")
    one_hash = time.perf_counter() - started
    names = "\n".join(f"学生{number}" for number in range(40))
    started = time.perf_counter()
    batch = services.create_students(classroom, names)
    forty = time.perf_counter() - started
    assert forty < 10 * one_hash, (forty, one_hash)
    full = get_hasher().iterations
    memberships = list(made(classroom).filter(batch=batch).select_related("student"))
    assert len(memberships) == 40
    assert {m.student.password.split("$")[1] for m in memberships} == {
        str(services.ONE_TIME_ITERATIONS)
    }
    child = memberships[0]
    response = Client().post(
        "/accounts/login/", {"login": child.student.username, "password": child.initial_password}
    )
    assert response.status_code == 302
    child.student.refresh_from_db()
    assert child.student.password.split("$")[1] == str(full)
    assert child.student.check_password(child.initial_password)
    # A reset one-time password logs in too.
    other = memberships[1].student
    reset = services.reset_password(memberships[1])
    assert Client().login(username=other.username, password=reset)
