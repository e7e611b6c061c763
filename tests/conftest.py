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


@pytest.fixture
def learner_user(db):
    return make_user("learner")


@pytest.fixture
def teacher_user(db):
    return make_user("teacher", teacher=True)


@pytest.fixture
def other_teacher_user(db):
    return make_user("other-teacher", teacher=True)
