"""Usernames of teacher-made accounts: easy to type, unique, and unrelated to the class.

A child's username once began with the class's join code (``HMES6C4P`` → ``hmes01``),
so a card or a results page gave the code away. Now it is two easy syllables and two
digits drawn at random, from letters and digits nobody misreads.
"""

import itertools
import re

import pytest
from django.contrib.auth import get_user_model

from classrooms import services
from classrooms.models import Membership
from tests.conftest import make_user

USERNAME = re.compile(r"^([bdfghjkmnprstvz][aeiu]){2}[2-9]{2,}$")


@pytest.fixture
def teacher(db):
    return make_user("teacher", teacher=True)


def shares_a_prefix(username: str, code: str, length: int = 3) -> bool:
    return username[:length].lower() == code[:length].lower()


def test_usernames_over_many_classes_share_nothing_with_the_code(teacher):
    usernames = []
    for number in range(60):
        classroom = services.create_classroom(teacher, name=f"Class {number}")
        batch = services.create_students(classroom, "\n".join(f"Kid {i}" for i in range(8)))
        code = classroom.join_code
        for membership in batch.memberships.select_related("student"):
            username = membership.student.username
            assert USERNAME.match(username), username
            assert not shares_a_prefix(username, code), (username, code)
            assert not services.is_related_to_code(username, code), (username, code)
            usernames.append(username)
    assert len(usernames) == 480 == len(set(usernames))
    assert Membership.objects.filter(managed=True).count() == 480


@pytest.mark.parametrize(
    ("username", "code", "related"),
    [
        ("hmes01", "HMES6C4P", True),
        ("bake47", "ZZBAKZZZ", True),  # three in a row anywhere
        ("bake47", "ZZZE47ZZ", True),
        ("bako47", "BAZZZZZZ", False),  # two are not enough
        ("dime23", "HMES6C4P", False),
    ],
)
def test_what_counts_as_related_to_the_code(username, code, related):
    assert services.is_related_to_code(username, code) is related


def test_a_taken_or_related_name_is_drawn_again(teacher, monkeypatch):
    classroom = services.create_classroom(teacher, name="Go club")
    get_user_model().objects.create_user("Bako47")  # taken, whatever the case
    code_like = classroom.join_code[:3].lower() + "a22"
    # The first round of candidates finds nothing free; the second finds two.
    draws = itertools.chain(
        itertools.islice(itertools.cycle(["bako47", code_like]), 8),
        itertools.cycle(["dime23", "fuha56"]),
    )
    monkeypatch.setattr(services, "_draw_username", lambda digits=2: next(draws))
    batch = services.create_students(classroom, "Li Lei\nHan Meimei")
    usernames = sorted(batch.memberships.values_list("student__username", flat=True))
    assert usernames == ["dime23", "fuha56"]


def test_a_name_taken_meanwhile_is_replaced(teacher, monkeypatch):
    """Another batch took the name between the look-up and the insert."""
    classroom = services.create_classroom(teacher, name="Go club")
    draws = itertools.chain(["bako47"] * 6, itertools.repeat("dime23"))
    monkeypatch.setattr(services, "_draw_username", lambda digits=2: next(draws))
    user_model = get_user_model()
    real_save = user_model.save
    raced = []

    def save(user, *args, **kwargs):
        if user.pk is None and user.username == "bako47" and not raced:
            raced.append(True)
            user_model.objects.create_user(username="bako47")  # the other batch, first
        return real_save(user, *args, **kwargs)

    monkeypatch.setattr(user_model, "save", save)
    batch = services.create_students(classroom, "Li Lei")
    assert batch.memberships.get().student.username == "dime23"
