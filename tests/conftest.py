from pathlib import Path

import pytest
from django.contrib.auth import get_user_model
from django.core.management import call_command

import tests.kinds  # noqa: F401  registers the test-only puzzle kind

CONTENT = Path(__file__).parent / "content"


@pytest.fixture
def content(db):
    call_command("load_content", dir=CONTENT, stdout=open("/dev/null", "w"))  # noqa: SIM115


def make_user(username, *, teacher=False, password="a-long-test-password"):
    user = get_user_model().objects.create_user(username=username, password=password)
    if teacher:
        user.profile.is_teacher = True
        user.profile.save()
    return user


def classroom_world(name: str, **others: str) -> dict:
    """The personas of the classroom tests, as users in a class called ``name``.

    "owner" teaches it with "co"; "student" (pupil) and the ``others`` (key:
    username) are its students; "other" is another teacher, whose own class has
    "outsider" as a student.
    """
    from classrooms import services

    owner = make_user("owner", teacher=True)
    co = make_user("coteacher", teacher=True)
    other = make_user("otherteacher", teacher=True)
    students = {"student": make_user("pupil")}
    students.update((key, make_user(username)) for key, username in others.items())
    outsider = make_user("outsider")
    classroom = services.create_classroom(owner, name=name, game="go")
    services.accept_invitation(services.invite_teacher(classroom, "coteacher", invited_by=owner))
    for user in students.values():
        services.join(user, classroom.join_code)
    elsewhere = services.create_classroom(other, name="Another class")
    services.join(outsider, elsewhere.join_code)
    return {
        "classroom": classroom,
        "owner": owner,
        "co": co,
        "other": other,
        **students,
        "outsider": outsider,
    }


@pytest.fixture
def learner_user(db):
    return make_user("learner")


@pytest.fixture
def teacher_user(db):
    return make_user("teacher", teacher=True)


@pytest.fixture
def other_teacher_user(db):
    return make_user("other-teacher", teacher=True)


@pytest.fixture
def staff_user(db):
    """A superuser: the only persona the admin and private puzzles open to."""
    return get_user_model().objects.create_superuser(
        username="staff", email="staff@example.org", password="a-long-test-password"
    )


@pytest.fixture
def make_client(db):
    """Build a test client that speaks English, optionally logged in as ``user``.

    English makes the asserted texts independent of the Chinese catalogue.
    """

    def build(user=None):
        from django.test import Client

        client = Client(HTTP_ACCEPT_LANGUAGE="en")
        if user is not None:
            client.force_login(user)
        return client

    return build


@pytest.fixture(autouse=True)
def fast_password_hasher(settings):
    """Hash test passwords quickly; the real hashers are Django's business."""
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


@pytest.fixture(autouse=True)
def fresh_content_cache():
    """Each test's database starts anew (rolled back), so must the content cache and
    what is kept of learners' progress."""
    from accounts import kept
    from puzzles import content_cache

    content_cache.clear()
    kept.clear()  # learners' ids and revisions start again too
    yield
    content_cache.clear()
    kept.clear()


DATABASE_FIXTURES = {"db", "transactional_db", "django_db_reset_sequences", "live_server"}


@pytest.fixture(autouse=True)
def fresh_cache(request):
    """allauth counts logins and sign-ups in the cache: every test starts from zero.

    The cache is a table in the database, so only a test with the database has
    one to clear (and a test without it cannot have counted anything).
    """
    from django.core.cache import cache

    names = set(request.fixturenames)
    if not (names & DATABASE_FIXTURES or request.node.get_closest_marker("django_db")):
        yield
        return
    transactional = names & {"transactional_db", "live_server"}
    request.getfixturevalue("transactional_db" if transactional else "db")
    cache.clear()
    yield
    from django.db import connection

    if not connection.needs_rollback:  # a test that broke its transaction is rolled back
        cache.clear()
