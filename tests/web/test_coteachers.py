"""Co-teachers by invitation: only the invited teacher's yes makes them a teacher.

The owner invites; the invited teacher finds the invitation on /classes/ and /me/
and accepts or declines it. A waiting or declined invitation opens nothing: not
the class, not its results, not anyone's private puzzles. The owner removes
co-teachers and withdraws invitations; a co-teacher leaves; the owner stays.
"""

import html

import pytest
from django.test import Client

from classrooms import assignments, services
from classrooms.models import TeacherInvitation
from puzzles.models import Puzzle
from tests.conftest import classroom_world, make_user
from tests.helpers import audit, go_fields, saved_puzzle

SECRET_NAME = "Class of Mr Wang"


@pytest.fixture
def world(db):
    return classroom_world(SECRET_NAME)


def text_of(response) -> str:
    return html.unescape(response.content.decode())


def invite(world, username="otherteacher"):
    return services.invite_teacher(world["classroom"], username, invited_by=world["owner"])


def make_private_puzzle(client) -> Puzzle:
    return saved_puzzle(client.post("/classes/puzzles/new/go/", go_fields()))


# ---------------------------------------------------------------------------
# The leak, as it was found


def test_an_invitation_opens_nothing_until_it_is_accepted(world, make_client):
    """Teacher B (owner) invites teacher A (other): A's private puzzle stays closed to B."""
    teacher_a, teacher_b = world["other"], world["owner"]
    puzzle = make_private_puzzle(make_client(teacher_a))
    classroom = world["classroom"]
    b = make_client(teacher_b)
    response = b.post(f"/classes/{classroom.pk}/teachers/", {"username": teacher_a.username})
    assert response.status_code == 302
    assert not classroom.teachers.filter(pk=teacher_a.pk).exists()
    assert b.get(puzzle.url).status_code == 404
    assert make_client(world["student"]).get(puzzle.url).status_code == 404
    a = make_client(teacher_a)
    assert a.get(f"/classes/{classroom.pk}/").status_code == 404
    # A says yes: from now on it is as it was before invitations.
    invitation = TeacherInvitation.objects.get(teacher=teacher_a)
    response = a.post(f"/classes/invitations/{invitation.pk}/", {"answer": "accept"})
    assert response.status_code == 302 and response["Location"] == f"/classes/{classroom.pk}/"
    assert b.get(puzzle.url).status_code == 200
    assert make_client(world["student"]).get(puzzle.url).status_code == 200
    assert a.get(f"/classes/{classroom.pk}/").status_code == 200


def test_a_declined_invitation_opens_nothing(world, make_client):
    teacher_a, classroom = world["other"], world["classroom"]
    puzzle = make_private_puzzle(make_client(teacher_a))
    invitation = invite(world)
    a = make_client(teacher_a)
    response = a.post(f"/classes/invitations/{invitation.pk}/", {"answer": "decline"})
    assert response.status_code == 302 and response["Location"] == "/classes/"
    invitation.refresh_from_db()
    assert invitation.status == "declined"
    assert not classroom.teachers.filter(pk=teacher_a.pk).exists()
    assert make_client(world["owner"]).get(puzzle.url).status_code == 404
    assert a.get(f"/classes/{classroom.pk}/").status_code == 404
    work = assignments.create_assignment(classroom, world["owner"], title="Week 1")
    assert a.get(f"/classes/{classroom.pk}/assignments/{work.pk}/").status_code == 404
    assert a.get(f"/classes/{classroom.pk}/assignments/{work.pk}/results.csv").status_code == 404
    # Answering again changes nothing.
    again = a.post(f"/classes/invitations/{invitation.pk}/", {"answer": "accept"})
    assert again.status_code == 404
    assert not classroom.teachers.filter(pk=teacher_a.pk).exists()


def test_the_invited_teacher_sees_the_invitation_on_classes_and_dashboard(world, make_client):
    invite(world)
    a = make_client(world["other"])
    for url in ("/classes/", "/me/"):
        page = text_of(a.get(url))
        assert f"owner invites you to teach the class “{SECRET_NAME}”." in page, url
        assert 'value="accept"' in page and 'value="decline"' in page
        assert audit(a.get(url).content.decode()).problems == []
    # Nobody else is told about it.
    for persona in ("owner", "co", "student", "outsider"):
        page = text_of(make_client(world[persona]).get("/classes/"))
        assert "invites you to teach" not in page, persona


def test_the_class_page_lists_waiting_invitations_for_its_teachers(world, make_client):
    invite(world)
    classroom = world["classroom"]
    page = text_of(make_client(world["owner"]).get(f"/classes/{classroom.pk}/"))
    assert "Invited, not answered yet" in page and "otherteacher" in page
    assert "Withdraw the invitation" in page and "Invite a co-teacher" in page
    page = text_of(make_client(world["co"]).get(f"/classes/{classroom.pk}/"))
    assert "otherteacher" in page and "Withdraw the invitation" not in page
    assert "Invite a co-teacher" not in page and "Leave this class" in page


def test_one_waiting_invitation_per_class_and_teacher(world, make_client):
    classroom = world["classroom"]
    owner = make_client(world["owner"])
    url = f"/classes/{classroom.pk}/teachers/"
    assert owner.post(url, {"username": "otherteacher"}).status_code == 302
    again = owner.post(url, {"username": "otherteacher"})
    assert again.status_code == 400
    assert "is invited already and has not answered yet" in text_of(again)
    assert TeacherInvitation.objects.filter(teacher=world["other"]).count() == 1
    # After a refusal the owner may ask once more.
    services.decline_invitation(TeacherInvitation.objects.get(teacher=world["other"]))
    assert owner.post(url, {"username": "otherteacher"}).status_code == 302
    assert TeacherInvitation.objects.filter(status="pending").count() == 1


@pytest.mark.parametrize(
    ("username", "reason"),
    [
        ("outsider", "There is no teacher with that username."),
        ("nobody-at-all", "There is no teacher with that username."),
        ("coteacher", "already teaches this class."),
        ("owner", "already teaches this class."),
        ("", "This field is required."),
    ],
)
def test_refused_invitations_say_why(world, make_client, username, reason):
    classroom = world["classroom"]
    response = make_client(world["owner"]).post(
        f"/classes/{classroom.pk}/teachers/", {"username": username}
    )
    assert response.status_code == 400
    assert reason in text_of(response)
    assert not TeacherInvitation.objects.filter(status="pending").exists()


def test_a_student_of_the_class_cannot_be_invited_or_accept(world, make_client):
    classroom = world["classroom"]
    pupil_teacher = make_user("pupilteacher", teacher=True)
    invitation = invite(world, "pupilteacher")
    services.join(pupil_teacher, classroom.join_code)
    response = make_client(pupil_teacher).post(
        f"/classes/invitations/{invitation.pk}/", {"answer": "accept"}
    )
    assert response.status_code == 400
    assert "A student of the class cannot also teach it." in text_of(response)
    assert not classroom.teachers.filter(pk=pupil_teacher.pk).exists()


def test_the_owner_withdraws_an_invitation(world, make_client):
    classroom, invitation = world["classroom"], invite(world)
    url = f"/classes/{classroom.pk}/invitations/{invitation.pk}/withdraw/"
    assert make_client(world["owner"]).post(url).status_code == 302
    invitation.refresh_from_db()
    assert invitation.status == "withdrawn"
    a = make_client(world["other"])
    assert "invites you to teach" not in text_of(a.get("/classes/"))
    response = a.post(f"/classes/invitations/{invitation.pk}/", {"answer": "accept"})
    assert response.status_code == 404
    assert not classroom.teachers.filter(pk=world["other"].pk).exists()
    assert make_client(world["owner"]).post(url).status_code == 404  # once


def test_the_owner_removes_a_co_teacher_who_then_sees_nothing(world, make_client):
    classroom, co = world["classroom"], world["co"]
    owner_puzzle = make_private_puzzle(make_client(world["owner"]))
    assert make_client(co).get(owner_puzzle.url).status_code == 200
    owner = make_client(world["owner"])
    response = owner.post(f"/classes/{classroom.pk}/teachers/{co.pk}/remove/", follow=True)
    assert "coteacher no longer teaches this class." in text_of(response)
    response = response.redirect_chain[0]
    assert response == (f"/classes/{classroom.pk}/", 302)
    assert not classroom.teachers.filter(pk=co.pk).exists()
    assert make_client(co).get(f"/classes/{classroom.pk}/").status_code == 404
    assert make_client(co).get(owner_puzzle.url).status_code == 404


def test_a_co_teacher_leaves(world, make_client):
    classroom, co = world["classroom"], world["co"]
    co_puzzle = make_private_puzzle(make_client(co))
    assert make_client(world["student"]).get(co_puzzle.url).status_code == 200
    client = make_client(co)
    response = client.post(f"/classes/{classroom.pk}/teachers/{co.pk}/remove/")
    assert response.status_code == 302 and response["Location"] == "/classes/"
    assert f"You no longer teach {SECRET_NAME}." in text_of(client.get("/classes/"))
    assert not classroom.teachers.filter(pk=co.pk).exists()
    assert make_client(world["student"]).get(co_puzzle.url).status_code == 404


def test_the_owner_cannot_be_removed_nor_leave(world, make_client):
    classroom, owner = world["classroom"], world["owner"]
    url = f"/classes/{classroom.pk}/teachers/{owner.pk}/remove/"
    by_owner = make_client(owner).post(url)
    assert by_owner.status_code == 400
    assert "The class's owner stays its teacher." in text_of(by_owner)
    assert make_client(world["co"]).post(url).status_code == 403
    assert classroom.teachers.filter(pk=owner.pk).exists()


def test_a_co_teacher_cannot_remove_another_teacher(world, make_client):
    classroom = world["classroom"]
    third = make_user("third", teacher=True)
    services.accept_invitation(invite(world, "third"))
    response = make_client(world["co"]).post(f"/classes/{classroom.pk}/teachers/{third.pk}/remove/")
    assert response.status_code == 403
    assert classroom.teachers.filter(pk=third.pk).exists()


# ---------------------------------------------------------------------------
# Every new URL by every persona

PERSONAS = ("anonymous", "invited", "student", "outsider", "owner", "co", "stranger")


def client_for(make_client, world, persona):
    if persona == "anonymous":
        return make_client()
    if persona == "invited":
        return make_client(world["other"])
    if persona == "stranger":
        return make_client(make_user("stranger", teacher=True))
    return make_client(world[persona])


def new_urls(world, invitation):
    c = world["classroom"].pk
    return {
        "accept": (f"/classes/invitations/{invitation.pk}/", {"answer": "accept"}),
        "decline": (f"/classes/invitations/{invitation.pk}/", {"answer": "decline"}),
        "withdraw": (f"/classes/{c}/invitations/{invitation.pk}/withdraw/", {}),
        "invite": (f"/classes/{c}/teachers/", {"username": "third"}),
        "remove": (f"/classes/{c}/teachers/{world['co'].pk}/remove/", {}),
    }


EXPECTED = {
    "accept": {"invited": 302, "student": 404, "outsider": 404, "owner": 404, "co": 404},
    "decline": {"invited": 302, "student": 404, "outsider": 404, "owner": 404, "co": 404},
    "withdraw": {"invited": 404, "student": 403, "outsider": 404, "owner": 302, "co": 403},
    "invite": {"invited": 404, "student": 403, "outsider": 404, "owner": 302, "co": 403},
    # The co-teacher removing themselves is leaving.
    "remove": {"invited": 404, "student": 403, "outsider": 404, "owner": 302, "co": 302},
}


@pytest.mark.parametrize("persona", PERSONAS)
@pytest.mark.parametrize("name", list(EXPECTED))
def test_every_new_url_by_every_persona(world, make_client, persona, name):
    make_user("third", teacher=True)
    invitation = invite(world)
    url, data = new_urls(world, invitation)[name]
    client = client_for(make_client, world, persona)
    response = client.post(url, data)
    if persona == "anonymous":
        assert response.status_code == 302 and "/accounts/login/" in response["Location"]
        return
    expected = EXPECTED[name].get(persona, 404)
    assert response.status_code == expected, (name, persona)
    if expected in (403, 404):
        assert SECRET_NAME not in text_of(response)
        invitation.refresh_from_db()
        assert invitation.status == "pending"
        assert world["classroom"].teachers.count() == 2
        assert not TeacherInvitation.objects.filter(teacher__username="third").exists()


@pytest.mark.parametrize("name", list(EXPECTED))
def test_the_new_urls_take_posts_only(world, make_client, name):
    invitation = invite(world)
    url, _data = new_urls(world, invitation)[name]
    who = {"accept": "invited", "decline": "invited"}.get(name, "owner")
    assert client_for(make_client, world, who).get(url).status_code == 405


@pytest.mark.parametrize("name", list(EXPECTED))
def test_the_new_urls_need_the_csrf_token(world, name):
    make_user("third", teacher=True)
    invitation = invite(world)
    url, data = new_urls(world, invitation)[name]
    who = world["other"] if name in ("accept", "decline") else world["owner"]
    client = Client(enforce_csrf_checks=True, HTTP_ACCEPT_LANGUAGE="en")
    client.force_login(who)
    client.get("/classes/")
    response = client.post(url, data)
    assert response.status_code == 403
    assert "This form has expired" in text_of(response)
    invitation.refresh_from_db()
    assert invitation.status == "pending"
    assert world["classroom"].teachers.count() == 2
    token = client.cookies["csrftoken"].value
    assert client.post(url, {**data, "csrfmiddlewaretoken": token}).status_code == 302


def test_an_unknown_answer_is_a_400(world, make_client):
    invitation = invite(world)
    response = make_client(world["other"]).post(
        f"/classes/invitations/{invitation.pk}/", {"answer": "maybe"}
    )
    assert response.status_code == 400
    assert "Accept or decline the invitation." in text_of(response)
    invitation.refresh_from_db()
    assert invitation.status == "pending"
