"""Join codes cannot be probed: wrong codes are counted per user and per address.

After ten wrong codes from one user (or sixty from one address) within ten minutes,
/classes/join/ and /classes/join/<code>/ answer 429 with a message, and try no code
at all, the right one neither, until the window has passed. Others keep joining.
The link page names the class only for an open class's code.
"""

import html

import pytest
from django.core.cache import cache

from classrooms import guesses, services
from classrooms.models import Membership
from tests.conftest import classroom_world, make_user

SECRET_NAME = "Class of Mr Wang"
TOO_MANY = "Too many wrong join codes."


@pytest.fixture
def world(db):
    return classroom_world(SECRET_NAME)


def text_of(response) -> str:
    return html.unescape(response.content.decode())


def wrong_code(number: int) -> str:
    """Well-formed codes that no class has (the alphabet has no 1 or 0)."""
    return f"ZZZZ{number:04d}".replace("0", "A").replace("1", "B")


def client_at(make_client, user, address="10.0.0.1"):
    client = make_client(user)
    client.defaults["REMOTE_ADDR"] = address
    return client


def guess_wrong(client, times, start=0):
    for number in range(start, start + times):
        response = client.post("/classes/join/", {"code": wrong_code(number)})
        assert response.status_code == 400, number


def test_ten_wrong_codes_then_even_the_right_one_waits(world, make_client):
    classroom, prober = world["classroom"], make_user("prober")
    client = client_at(make_client, prober)
    guess_wrong(client, guesses.USER_LIMIT)
    response = client.post("/classes/join/", {"code": classroom.join_code})
    assert response.status_code == 429
    assert response["Retry-After"] == str(guesses.WINDOW)
    page = text_of(response)
    assert TOO_MANY in page and "ask your teacher for the class's link" in page
    assert SECRET_NAME not in page
    assert not Membership.objects.filter(student=prober).exists()
    link = client.get(f"/classes/join/{classroom.join_code}/")
    assert link.status_code == 429 and SECRET_NAME not in text_of(link)
    assert client.post(f"/classes/join/{classroom.join_code}/").status_code == 429


def test_the_right_code_still_works_for_others(world, make_client):
    classroom = world["classroom"]
    prober = client_at(make_client, make_user("prober"))
    guess_wrong(prober, guesses.USER_LIMIT)
    assert prober.post("/classes/join/", {"code": classroom.join_code}).status_code == 429
    newcomer = make_user("newcomer")
    response = client_at(make_client, newcomer, "10.0.0.2").post(
        "/classes/join/", {"code": classroom.join_code}
    )
    assert response.status_code == 302
    assert Membership.objects.filter(classroom=classroom, student=newcomer).exists()


def test_a_few_typos_do_not_block(world, make_client):
    classroom, child = world["classroom"], make_user("child")
    client = client_at(make_client, child)
    guess_wrong(client, guesses.USER_LIMIT - 1)
    assert client.post("/classes/join/", {"code": classroom.join_code}).status_code == 302


def test_the_link_page_counts_wrong_codes_too(world, make_client):
    classroom, prober = world["classroom"], make_user("prober")
    client = client_at(make_client, prober)
    for number in range(guesses.USER_LIMIT):
        assert client.get(f"/classes/join/{wrong_code(number)}/").status_code == 404
    response = client.get(f"/classes/join/{classroom.join_code}/")
    assert response.status_code == 429 and SECRET_NAME not in text_of(response)


def test_one_address_shared_by_a_school_has_a_higher_limit(world, make_client):
    classroom = world["classroom"]
    school = "203.0.113.7"
    per_child = guesses.USER_LIMIT - 1  # no child reaches their own limit
    for start in range(0, guesses.ADDRESS_LIMIT, per_child):
        client = client_at(make_client, make_user(f"kid{start}"), school)
        guess_wrong(client, min(per_child, guesses.ADDRESS_LIMIT - start), start=start)
    late = client_at(make_client, make_user("late"), school)
    assert late.post("/classes/join/", {"code": classroom.join_code}).status_code == 429
    elsewhere = client_at(make_client, make_user("elsewhere"), "198.51.100.9")
    assert elsewhere.post("/classes/join/", {"code": classroom.join_code}).status_code == 302


def test_the_limit_lifts_when_the_window_has_passed(world, make_client, monkeypatch):
    classroom, prober = world["classroom"], make_user("prober")
    now = [1_000_000 * guesses.WINDOW + 60.0]
    monkeypatch.setattr(guesses, "_now", lambda: now[0])
    client = client_at(make_client, prober)
    guess_wrong(client, guesses.USER_LIMIT)
    assert client.post("/classes/join/", {"code": classroom.join_code}).status_code == 429
    now[0] += guesses.WINDOW * 0.6  # into the next fixed window: the guesses still count
    assert client.post("/classes/join/", {"code": classroom.join_code}).status_code == 429
    now[0] += guesses.WINDOW * 0.4 + 1  # ten minutes and a second since the guesses
    assert client.post("/classes/join/", {"code": classroom.join_code}).status_code == 302
    assert Membership.objects.filter(classroom=classroom, student=prober).exists()


def test_the_counts_are_kept_in_the_cache(world, make_client):
    classroom, prober = world["classroom"], make_user("prober")
    client = client_at(make_client, prober)
    guess_wrong(client, guesses.USER_LIMIT)
    assert guesses.is_blocked(prober.pk, "10.0.0.1")
    cache.clear()
    assert client.post("/classes/join/", {"code": classroom.join_code}).status_code == 302


def test_right_codes_are_not_counted(world, make_client):
    classroom, child = world["classroom"], make_user("child")
    client = client_at(make_client, child)
    for _visit in range(guesses.USER_LIMIT + 3):
        assert client.get(f"/classes/join/{classroom.join_code}/").status_code == 200
    assert client.post(f"/classes/join/{classroom.join_code}/").status_code == 302


def test_the_message_is_translated(world, make_client):
    client = client_at(make_client, make_user("prober"))
    guess_wrong(client, guesses.USER_LIMIT)
    response = client.post("/classes/join/", {"code": "ZZZZZZZZ"}, HTTP_ACCEPT_LANGUAGE="zh-hans")
    assert response.status_code == 429
    assert "错误的加入码太多" in text_of(response)


def test_the_link_page_names_an_open_class_only(world, make_client):
    classroom = world["classroom"]
    client = client_at(make_client, make_user("newcomer"))
    page = client.get(f"/classes/join/{classroom.join_code}/")
    assert page.status_code == 200 and f"Join the class “{SECRET_NAME}”?" in text_of(page)
    unknown = client.get(f"/classes/join/{wrong_code(1)}/")
    services.set_archived(classroom, True)
    archived = client.get(f"/classes/join/{classroom.join_code}/")
    for response in (unknown, archived):
        assert response.status_code == 404
        text = text_of(response)
        assert SECRET_NAME not in text and "No open class has this code." in text
    assert text_of(unknown).split("<main")[1] == text_of(archived).split("<main")[1]


def test_joining_by_link_with_a_refused_code_says_why(world, make_client):
    """A refusal on the link's form was a 500 (the form was never bound)."""
    classroom = world["classroom"]
    client = client_at(make_client, make_user("newcomer"))
    unknown = client.post(f"/classes/join/{wrong_code(1)}/")
    assert unknown.status_code == 400 and "No open class has this code." in text_of(unknown)
    own = client_at(make_client, world["co"]).post(f"/classes/join/{classroom.join_code}/")
    assert own.status_code == 400 and "You teach this class" in text_of(own)
    assert client.post(f"/classes/join/{'Z' * 300}/").status_code == 400
