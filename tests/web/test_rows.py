"""The session and the user every signed-in request reads by hand-written queries
(``accounts.rows``), and what pages keep of a learner's progress (``accounts.kept``)."""

import datetime

import pytest
from django.contrib.auth import get_user_model
from django.contrib.sessions.models import Session
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from accounts.models import Learner, Profile
from accounts.rows import load_user, session_data
from accounts.services import learner_for_user
from tests.conftest import make_user


def fields(instance) -> dict:
    return {f.attname: getattr(instance, f.attname) for f in type(instance)._meta.concrete_fields}


@pytest.mark.django_db
def test_a_user_comes_with_the_same_fields_as_the_orm_gives():
    user = make_user("reader")
    user.first_name, user.last_login = "Li", timezone.now() - datetime.timedelta(hours=3)
    user.save()
    Profile.objects.filter(user=user).update(display_name="小李", language="en", is_teacher=True)
    learner = learner_for_user(user)
    learner.puzzle_difficulty, learner.puzzle_theme = "harder", "atari"
    learner.save()
    Learner.objects.filter(pk=learner.pk).update(revision=7)

    orm = get_user_model().objects.select_related("profile", "learner").get(pk=user.pk)
    loaded = load_user(str(user.pk))  # as the session keeps it
    assert fields(loaded) == fields(orm)
    with CaptureQueriesContext(connection) as queries:
        assert fields(loaded.profile) == fields(orm.profile)
        assert fields(loaded.learner) == fields(orm.learner)
        assert loaded.learner.user is loaded
        assert loaded.learner.revision == 7
    assert len(queries) == 0
    assert loaded._state.db == orm._state.db and not loaded._state.adding


@pytest.mark.django_db
def test_a_user_without_a_learner_yet_is_known_to_have_none():
    user = make_user("newcomer")
    loaded = load_user(user.pk)
    with CaptureQueriesContext(connection) as queries:
        assert not hasattr(loaded, "learner")
        assert loaded.profile.user_id == user.pk
    assert len(queries) == 0


@pytest.mark.django_db
@pytest.mark.parametrize("user_id", [10**9, "not-a-number", ""])
def test_a_session_naming_no_user_is_nobody(user_id):
    assert load_user(user_id) is None


@pytest.mark.django_db
def test_an_expired_or_unknown_session_signs_nobody_in(make_client):
    user = make_user("sleeper")
    client = make_client(user)
    key = client.cookies["sessionid"].value
    assert session_data(Session, key)
    assert "sleeper" in client.get("/me/").content.decode()
    Session.objects.filter(pk=key).update(expire_date=timezone.now() - datetime.timedelta(1))
    assert session_data(Session, key) is None
    assert "sleeper" not in client.get("/me/").content.decode()
    client.cookies["sessionid"] = key
    assert "sleeper" not in client.get("/me/").content.decode()  # not brought back
    client.cookies["sessionid"] = "x" * 32
    assert "sleeper" not in client.get("/me/").content.decode()


@pytest.mark.django_db
def test_progress_made_on_one_device_shows_at_once_on_another(make_client, content):
    user = make_user("two-devices")
    phone, laptop = make_client(user), make_client(user)

    def solved_badges(client) -> int:
        return client.get("/learn/go/").content.decode().count("badge-solved")

    assert solved_badges(laptop) == 0
    assert solved_badges(laptop) == 0  # kept now
    answer = phone.post("/puzzles/pick-one/", {"move": "c2", "ply": "0"})
    assert "Correct!" in answer.content.decode()
    assert solved_badges(laptop) == 1


@pytest.mark.django_db
def test_the_answering_request_shows_its_own_change(make_client, content):
    user = make_user("quick")
    client = make_client(user)
    client.get("/learn/go/")  # the progress is kept, under the revision read then
    answer = client.post("/puzzles/pick-one/", {"move": "c2", "ply": "0"}, follow=True)
    assert "Correct!" in answer.content.decode()
    assert client.get("/learn/go/").content.decode().count("badge-solved") == 1


@pytest.mark.django_db
def test_the_kept_review_page_follows_the_next_miss(make_client, content):
    client = make_client(make_user("forgetful"))
    assert "Coming up" not in client.get("/review/").content.decode()
    assert "Coming up" not in client.get("/review/").content.decode()  # kept now
    client.post("/puzzles/pick-one/", {"move": "a1", "ply": "0"})  # a miss: due tomorrow
    assert "Coming up" in client.get("/review/").content.decode()
