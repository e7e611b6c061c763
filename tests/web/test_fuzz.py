"""Random garbage at every form and page never makes the server fail (no 5xx).

The CSRF check is not enforced here (plain test client), so the garbage reaches
the views themselves.
"""

import logging
import os
from dataclasses import dataclass
from urllib.parse import quote, urlencode

import pytest
from django.core.cache import cache
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client
from hypothesis import HealthCheck, given
from hypothesis import settings as hypothesis_settings
from hypothesis import strategies as st

from classrooms import assignments
from puzzles.models import Puzzle
from tests.conftest import classroom_world, make_user
from tests.helpers import CAPTURE_SGF, dagunzi_fields, go_fields, renju_fields
from tutorials.models import Lesson

FUZZ = hypothesis_settings(
    deadline=None,
    # QIPAI_FUZZ_EXAMPLES=1000 searches longer (say, before a release).
    max_examples=int(os.environ.get("QIPAI_FUZZ_EXAMPLES", "40")),
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)

FIELD_NAMES = [
    "ply",
    "move",
    "action",
    "language",
    "next",
    "login",
    "password",
    "remember",
    "username",
    "email",
    "password1",
    "password2",
    "display_name",
    "is_teacher",
    "csrfmiddlewaretoken",
    "reason",
    "note",
    "difficulty",
    "theme",
]

# Any character a browser could send (no lone surrogates, which cannot be encoded).
any_char = st.characters(exclude_categories=("Cs",))
short_text = st.text(any_char, max_size=40)
long_text = st.builds(
    lambda chunk, n: chunk * n, st.text(any_char, min_size=1, max_size=8), st.integers(500, 20000)
)
numbers = st.one_of(
    st.integers(-(2**80), 2**80).map(str),
    st.floats(allow_nan=True, allow_infinity=True).map(str),
    st.sampled_from(["0", "-0", "00", "1e3", "0x10", "١٢", "1_0", " 7 ", "9" * 5000]),
)
special = st.sampled_from(
    [
        "",
        "\x00",
        "c2\x00",
        "next",
        "retry",
        "en",
        "zh-hans",
        "c2",
        "a1",
        "d4",
        "zz99",
        "http://evil.example/",
        "//evil.example",
        "/learn/go/",
        "javascript:alert(1)",
        "../../etc/passwd",
        "'; DROP TABLE puzzles_puzzle; --",
        "<script>alert(1)</script>",
        "围棋",
        "\u202e\ufeff",
        "%00",
        "on",
    ]
)
value = st.one_of(special, short_text, numbers, long_text)
field_name = st.one_of(st.sampled_from(FIELD_NAMES), st.text(any_char, min_size=1, max_size=20))
form = st.dictionaries(
    field_name, st.one_of(value, st.lists(value, min_size=1, max_size=3)), max_size=8
)
encoding = st.sampled_from(["multipart", "urlencoded", "raw"])
raw_body = st.one_of(
    st.binary(max_size=300),
    st.sampled_from(
        [
            b"--xx\r\ngarbage",
            b"\xff\xfe\x00language=en",
            b"move=%zz&ply=%C0%80",
            b"&&&===&&&",
            b"a=" + b"%" * 1000,
        ]
    ),
)
content_type = st.sampled_from(
    [
        "application/x-www-form-urlencoded",
        "multipart/form-data; boundary=xx",
        "multipart/form-data",
        "application/json",
        "text/plain; charset=utf-16",
        "application/x-www-form-urlencoded; charset=klingon",
    ]
)


@pytest.fixture(autouse=True)
def quiet_request_log():
    """Hundreds of expected 400/404 warnings would only hide a real failure."""
    logger = logging.getLogger("django.request")
    level = logger.level
    logger.setLevel(logging.ERROR)
    yield
    logger.setLevel(level)


@pytest.fixture
def fast_passwords(settings):
    """Hashing is not under test; garbage log-ins and sign-ups stay quick."""
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


def post(client, url, data, how, body, ctype, htmx):
    extra = {"HTTP_HX_REQUEST": "true"} if htmx else {}
    if how == "multipart":
        return client.post(url, data, **extra)
    if how == "urlencoded":
        encoded = urlencode(data, doseq=True)
        return client.post(url, encoded, content_type="application/x-www-form-urlencoded", **extra)
    return client.generic("POST", url, body, content_type=ctype, **extra)


ANONYMOUS_POSTS = [
    "/puzzles/pick-one/",
    "/puzzles/pick-two/",
    "/puzzles/no-such-puzzle/",
    "/learn/go/first-steps/1/",
    "/learn/go/first-steps/2/",
    "/learn/go/first-steps/3/",
    "/language/",
    "/accounts/login/",
    "/accounts/signup/",
    "/accounts/password/reset/",
    "/puzzles/pick-one/report/",
    "/daily/go/",
    "/review/pick-one/",
]
SIGNED_IN_POSTS = ["/me/profile/", "/accounts/logout/", "/language/", "/puzzles/pick-one/"]


@pytest.mark.parametrize(
    ("url", "signed_in"),
    [(url, False) for url in ANONYMOUS_POSTS] + [(url, True) for url in SIGNED_IN_POSTS],
)
@FUZZ
@given(
    data=form,
    how=encoding,
    body=raw_body,
    ctype=content_type,
    htmx=st.booleans(),
    repeat=st.booleans(),
)
def test_random_posts_never_fail_the_server(
    content, learner_user, fast_passwords, url, signed_in, data, how, body, ctype, htmx, repeat
):
    cache.clear()  # rate limits would otherwise answer 429 before the views run
    client = Client(raise_request_exception=False)
    if signed_in:
        client.force_login(learner_user)
    for _ in range(2 if repeat else 1):  # a second post meets the state the first left
        response = post(client, url, data, how, body, ctype, htmx)
        assert response.status_code < 500, (url, data, response.status_code)
    assert client.get(url if url != "/accounts/logout/" else "/").status_code < 500


GET_PAGES = [
    "/",
    "/learn/go/",
    "/learn/go/first-steps/",
    "/learn/go/first-steps/1/",
    "/learn/go/first-steps/2/",
    "/puzzles/pick-one/",
    "/puzzles/go/next/",
    "/puzzles/pick-one/report/",
    "/daily/go/",
    "/review/",
    "/me/",
    "/accounts/login/",
    "/accounts/signup/",
    "/accounts/password/reset/",
]

# What a WSGI server can hand over as a query string: bytes as latin-1 characters.
latin1 = st.characters(max_codepoint=255, exclude_characters="#")
query = st.one_of(
    st.text(latin1, max_size=200),
    st.lists(st.tuples(st.one_of(short_text, st.sampled_from(FIELD_NAMES)), value), max_size=6).map(
        lambda pairs: urlencode(pairs)
    ),
    st.sampled_from(
        ["%", "%zz", "%C0%80=%ff", "a=%00", "&&==&", "next=" + "%2F" * 3000, "a=1;b=2", "?=?"]
    ),
    st.builds(lambda n: "a=" + "x" * n, st.integers(1000, 60000)),
)


@FUZZ
@given(page=st.sampled_from(GET_PAGES), qs=query, htmx=st.booleans())
def test_malformed_query_strings_never_fail(content, page, qs, htmx):
    extra = {"HTTP_HX_REQUEST": "true"} if htmx else {}
    client = Client(raise_request_exception=False)
    response = client.get(page, QUERY_STRING=qs, **extra)
    assert response.status_code < 500, (page, qs[:200], response.status_code)


segment = st.one_of(
    st.text(any_char, min_size=1, max_size=30).map(lambda s: quote(s, safe="")),
    st.text("abcxyz-_09", min_size=1, max_size=30),
    st.builds(lambda n: "a" * n, st.integers(200, 20000)),
    st.builds(lambda n: "9" * n, st.integers(10, 5000)),
    st.sampled_from(["%00", "%C0%AF", "..", "%2e%2e", "%", "%zz", "go", "first-steps", "0", "-1"]),
)
prefix = st.sampled_from(
    ["/", "/learn/", "/learn/go/", "/learn/go/first-steps/", "/puzzles/", "/me/", "/accounts/"]
)


@FUZZ
@given(start=prefix, parts=st.lists(segment, min_size=1, max_size=3), slash=st.booleans())
def test_odd_and_very_long_urls_never_fail(content, start, parts, slash):
    path = start + "/".join(parts) + ("/" if slash else "")
    client = Client(raise_request_exception=False)
    for method in (client.get, client.head):
        response = method(path)
        assert response.status_code < 500, (path[:200], response.status_code)


def test_huge_step_number_is_not_found(content):
    """An out-of-range integer in the URL is a 404, not a database error."""
    response = Client().get("/learn/go/first-steps/" + "9" * 40 + "/")
    assert response.status_code == 404


def test_nul_byte_and_huge_ply_are_bad_requests_not_failures(content):
    client = Client(HTTP_ACCEPT_LANGUAGE="en")
    assert client.post("/puzzles/pick-one/", {"move": "c2\x00", "ply": "0"}).status_code == 400
    assert client.post("/puzzles/pick-one/", {"move": "c2", "ply": "9" * 5000}).status_code == 400
    # And nothing was spoiled: the right answer still counts.
    response = client.post("/puzzles/pick-one/", {"move": "c2", "ply": "0"})
    assert response.status_code == 200
    assert "Correct!" in response.content.decode()


# Every form of the site, sent by the persona it is for, with numbers, dates and
# times far out of range in the fields that read them. Each form starts from a
# valid submission, so the far-out value is what the view meets. The answer is
# never a 5xx; a refusal is a 400 that says why. Every edge value below is tried
# in every field of its sort, then hypothesis mixes them.

EDGE_INTEGERS = [
    "0",
    "-1",
    str(2**31),
    str(2**63 - 1),
    str(2**63),
    str(2**64),
    str(10**30),
    str(-(2**63) - 1),
    "99999999999999999999999",
    "9" * 5000,
    "١٢",  # Arabic-Indic digits
    "１２",  # fullwidth digits
    "1e400",
    "",
]
EDGE_DATES = [
    "0001-01-01",
    "9999-12-31",
    "0000-00-00",
    "10000-01-01",
    "2024-02-30",
    "1999-12-31",
    "2100-01-01",
    "01/01/0001",
    "12/31/9999",
    "２０２４-０１-０１",
    "",
]
EDGE_TIMES = ["00:00", "23:59", "24:00", "25:61", "23:59:60", "-1:00", "１２:００", ""]
EDGE_TEXTS = ["", "\x00", "-1", "9" * 5000, "x" * 20000, "围棋", " "]

far_integers = st.one_of(
    st.sampled_from(EDGE_INTEGERS),
    st.sampled_from(["-0", "²", "1e3", "1.5", "0x10", " 7 ", "1_0", "NaN", "-inf"]),
    st.integers(-(2**80), 2**80).map(str),
)
far_dates = st.one_of(
    st.sampled_from(EDGE_DATES),
    st.sampled_from(["-2024-01-01", "2024-13-01", "0001-01-01 00:00", "2024-1-1"]),
    st.dates().map(str),
)
far_times = st.one_of(st.sampled_from(EDGE_TIMES + ["99:99:99"]), st.times().map(str))

INT, DATE, TIME, TEXT = "int", "date", "time", "text"
EDGES = {INT: EDGE_INTEGERS, DATE: EDGE_DATES, TIME: EDGE_TIMES, TEXT: EDGE_TEXTS}
STRATEGIES = {INT: far_integers, DATE: far_dates, TIME: far_times, TEXT: value}


@dataclass(frozen=True)
class Form:
    persona: str  # a key of the world below
    url: str  # may name {classroom}, {assignment}, {item}, {student}, {puzzle}, {code}...
    base: dict  # a valid submission
    fields: dict  # the fields that get far-out values, and their sort
    method: str = "post"


ASSIGNMENT = {"title": "Fuzz", "due_date": "2031-05-04", "due_time": "00:00"}
ASSIGNMENT_FIELDS = {"due_date": DATE, "due_time": TIME, "students": INT, "title": TEXT}
PLAY = {"move": "c2", "ply": "0"}
PLAY_FIELDS = {"ply": INT, "move": TEXT, "action": TEXT}

FORMS = {
    "create class": Form(
        "owner", "/classes/new/", {"name": "Fuzz", "game": "go"}, {"name": TEXT, "game": TEXT}
    ),
    "join": Form("learner", "/classes/join/", {"code": "{code}"}, {"code": TEXT}),
    "join link": Form("learner", "/classes/join/{code}/", {}, {"code": TEXT}),
    "co-teacher": Form(
        "owner", "/classes/{classroom}/teachers/", {"username": "coteacher"}, {"username": TEXT}
    ),
    "archive": Form("owner", "/classes/{classroom}/archive/", {"restore": "1"}, {"restore": TEXT}),
    "student names": Form(
        "owner", "/classes/{classroom}/students/new/", {"names": "Fuzz Kid"}, {"names": TEXT}
    ),
    "change student": Form(
        "owner", "/classes/{classroom}/students/{student}/", {"action": "restore"}, {"action": TEXT}
    ),
    "new assignment": Form(
        "owner",
        "/classes/{classroom}/assignments/new/",
        {**ASSIGNMENT, "students": "{student}"},
        ASSIGNMENT_FIELDS,
    ),
    "edit assignment": Form(
        "owner",
        "/classes/{classroom}/assignments/{assignment}/edit/",
        ASSIGNMENT,
        ASSIGNMENT_FIELDS,
    ),
    "move item": Form(
        "owner",
        "/classes/{classroom}/assignments/{assignment}/items/",
        {"action": "down", "item": "{item}"},
        {"action": TEXT, "item": INT},
    ),
    "add items": Form(
        "owner",
        "/classes/{classroom}/assignments/{assignment}/items/?game=go",
        {"action": "add", "puzzle": "{puzzle_id}", "lesson": "{lesson_id}"},
        {"puzzle": INT, "lesson": INT},
    ),
    "item search": Form(
        "owner",
        "/classes/{classroom}/assignments/{assignment}/items/",
        {"game": "go", "source": "library", "rating_min": "100", "rating_max": "2000"},
        {"rating_min": INT, "rating_max": INT, "game": TEXT, "kind": TEXT, "theme": TEXT},
        method="get",
    ),
    "go editor": Form(
        "owner",
        "/classes/puzzles/new/go/",
        go_fields(),
        {"size": INT, "rating": INT, "at": TEXT, "marked": TEXT, "solution": TEXT, "action": TEXT},
    ),
    "renju editor": Form(
        "owner",
        "/classes/puzzles/new/renju/",
        renju_fields(),
        {"rating": INT, "at": TEXT, "question": TEXT, "action": TEXT, "rules": TEXT},
    ),
    "dagunzi form": Form(
        "owner",
        "/classes/puzzles/new/dagunzi/",
        dagunzi_fields(),
        {"level": INT, "kitty_points": INT, "rating": INT, "trick": TEXT, "hand_south": TEXT},
    ),
    "sgf text": Form(
        "owner",
        "/classes/puzzles/new/go/sgf/",
        {"kind": "go.capture", "sgf_text": CAPTURE_SGF},
        {"rating": INT, "kind": TEXT, "is_public": TEXT, "sgf_text": TEXT},
    ),
    "edit puzzle": Form(
        "owner", "/classes/puzzles/{puzzle}/edit/", go_fields(), {"size": INT, "rating": INT}
    ),
    "publish": Form(
        "owner", "/classes/puzzles/{puzzle}/publish/", {"publish": "0"}, {"publish": INT}
    ),
    "profile": Form(
        "learner",
        "/me/profile/",
        {"display_name": "Fuzz", "language": "en"},
        {"display_name": TEXT, "language": TEXT, "is_teacher": TEXT},
    ),
    "language": Form("learner", "/language/", {"language": "en", "next": "/"}, {"next": TEXT}),
    "lesson step": Form("learner", "/learn/go/first-steps/2/", PLAY, PLAY_FIELDS),
    "puzzle": Form("learner", "/puzzles/pick-one/", PLAY, PLAY_FIELDS),
    "daily": Form("learner", "/daily/go/", PLAY, PLAY_FIELDS),
    "review": Form("learner", "/review/pick-one/", PLAY, PLAY_FIELDS),
    "report": Form(
        "learner",
        "/puzzles/pick-one/report/",
        {"reason": "unclear"},
        {"reason": TEXT, "note": TEXT},
    ),
    "training": Form(
        "learner",
        "/puzzles/go/next/",
        {"difficulty": "easier"},
        {"difficulty": TEXT, "theme": TEXT},
        method="get",
    ),
    "library": Form("learner", "/learn/go/", {"page": "1"}, {"page": INT, "theme": TEXT}, "get"),
    "log in": Form(
        "anonymous",
        "/accounts/login/",
        {"login": "learner", "password": "a-long-test-password"},
        {"login": TEXT, "password": TEXT, "remember": TEXT},
    ),
    "sign up": Form(
        "anonymous",
        "/accounts/signup/",
        {"username": "newcomer", "password1": "a-long-new-pass", "password2": "a-long-new-pass"},
        {"username": TEXT, "email": TEXT, "password1": TEXT, "password2": TEXT},
    ),
    "password reset": Form(
        "anonymous", "/accounts/password/reset/", {"email": "a@example.org"}, {"email": TEXT}
    ),
    "password change": Form(
        "learner",
        "/accounts/password/change/",
        {
            "oldpassword": "a-long-test-password",
            "password1": "another-pass-word-7",
            "password2": "another-pass-word-7",
        },
        {"oldpassword": TEXT, "password1": TEXT, "password2": TEXT},
    ),
    "email": Form(
        "learner",
        "/accounts/email/",
        {"email": "learner@example.org", "action_add": ""},
        {"email": TEXT, "action_add": TEXT, "action_remove": TEXT},
    ),
}

# What a refusal shows: the form's errors, an error message, the player's notice,
# or the page for a request that could not be read at all.
REASONS = ('class="errorlist', "message-error", 'class="notice"', "That request could not be read")


def shows_a_reason(response) -> bool:
    page = response.content.decode(errors="replace")
    return any(mark in page for mark in REASONS)


@pytest.fixture
def persona_world(content, make_client):
    """The classroom personas, an assignment with items and a teacher's own puzzle."""
    world = classroom_world("Fuzz class")
    world["learner"] = make_user("learner")
    classroom = world["classroom"]
    assignment = assignments.create_assignment(classroom, world["owner"], title="Homework")
    assignments.add_items(assignment, puzzles=[Puzzle.objects.get(slug="pick-one")])
    owner = make_client(world["owner"])
    assert owner.post("/classes/puzzles/new/go/", go_fields()).status_code == 302
    return {
        "world": world,
        "ids": {
            "classroom": classroom.pk,
            "assignment": assignment.pk,
            "item": assignment.items.get().pk,
            "student": world["student"].pk,
            "puzzle": Puzzle.objects.get(author=world["owner"]).slug,
            "puzzle_id": Puzzle.objects.get(slug="pick-two").pk,
            "lesson_id": Lesson.objects.get(slug="first-steps").pk,
            "code": classroom.join_code,
        },
    }


def persona_client(world, persona):
    client = Client(HTTP_ACCEPT_LANGUAGE="en", raise_request_exception=False)
    if persona != "anonymous":
        client.force_login(world[persona])
    return client


def fill(value, ids):
    if isinstance(value, list):
        return [fill(each, ids) for each in value]
    return value.format(**ids) if isinstance(value, str) and "{" in value else value


def send(persona_world, form, changes, htmx=False):
    """Send the form with ``changes`` over its valid base; check the answer."""
    cache.clear()  # rate limits would otherwise answer 429 before the views run
    ids = persona_world["ids"]
    submitted = {key: fill(each, ids) for key, each in form.base.items()}
    submitted.update(changes)
    client = persona_client(persona_world["world"], form.persona)
    extra = {"HTTP_HX_REQUEST": "true"} if htmx else {}
    response = getattr(client, form.method)(fill(form.url, ids), submitted, **extra)
    shown = {key: str(each)[:40] for key, each in changes.items()}
    assert response.status_code < 500, (form.url, shown, response.status_code)
    if response.status_code == 400:
        assert shows_a_reason(response), (form.url, shown, response.content[:3000])


@pytest.mark.parametrize("name", list(FORMS))
def test_every_edge_value_in_every_field_of_every_form(persona_world, name):
    form = FORMS[name]
    for field, sort in form.fields.items():
        for edge in EDGES[sort]:
            send(persona_world, form, {field: edge})


@pytest.mark.parametrize("name", list(FORMS))
@FUZZ
@given(data=st.data(), htmx=st.booleans())
def test_far_out_numbers_dates_and_times_in_every_form(persona_world, name, data, htmx):
    form = FORMS[name]
    far = {
        field: st.one_of(STRATEGIES[sort], st.lists(STRATEGIES[sort], min_size=1, max_size=3))
        for field, sort in form.fields.items()
    }
    send(persona_world, form, data.draw(st.fixed_dictionaries({}, optional=far)), htmx)


# An id in the address, far out of range: an unknown page, never a database error.
ID_PATHS = [
    ("get", "/classes/{id}/"),
    ("post", "/classes/{id}/teachers/"),
    ("post", "/classes/{id}/archive/"),
    ("get", "/classes/{id}/students/new/"),
    ("post", "/classes/{classroom}/students/{id}/"),
    ("post", "/classes/{classroom}/students/{id}/password/"),
    ("get", "/classes/{id}/assignments/new/"),
    ("get", "/classes/{classroom}/assignments/{id}/"),
    ("get", "/classes/{classroom}/assignments/{id}/edit/"),
    ("get", "/classes/{classroom}/assignments/{id}/items/"),
    ("post", "/classes/{classroom}/assignments/{id}/delete/"),
    ("get", "/classes/{classroom}/assignments/{id}/results.csv"),
    ("get", "/learn/go/first-steps/{id}/"),
    ("post", "/learn/go/first-steps/{id}/"),
]


@pytest.mark.parametrize(("method", "path"), ID_PATHS)
@FUZZ
@given(number=far_integers)
def test_far_out_ids_in_addresses_are_not_found(persona_world, method, path, number):
    client = persona_client(persona_world["world"], "owner")
    url = path.format(id=quote(number, safe=""), classroom=persona_world["ids"]["classroom"])
    response = getattr(client, method)(url, {"action": "archive"})
    assert response.status_code < 500, (url, response.status_code)
    small = number.isascii() and number.isdigit() and len(number) < 7 and int(number) > 0
    if not small:  # no such class, assignment, student or step
        assert response.status_code == 404, (url, response.status_code)


@FUZZ
@given(day=st.one_of(far_dates, far_integers), htmx=st.booleans(), post=st.booleans())
def test_far_out_days_of_the_daily_puzzle(content, day, htmx, post):
    client = Client(HTTP_ACCEPT_LANGUAGE="en", raise_request_exception=False)
    extra = {"HTTP_HX_REQUEST": "true"} if htmx else {}
    url = f"/daily/go/{quote(day, safe='')}/"
    response = client.post(url, {"move": "c2", "ply": "0"}, **extra) if post else client.get(url)
    assert response.status_code < 500, (url, response.status_code)


# SGF files as a teacher might upload them: damaged copies of a good problem and
# files that are no SGF at all. Refused with the reason, or saved; never a 5xx.
sgf_damage = st.one_of(
    st.builds(lambda cut: CAPTURE_SGF[:cut], st.integers(0, len(CAPTURE_SGF) - 1)),  # cut short
    st.builds(
        lambda at, junk: CAPTURE_SGF[:at] + junk + CAPTURE_SGF[at:],
        st.integers(0, len(CAPTURE_SGF)),
        st.one_of(st.sampled_from(["(", ")", ";", "[", "]", "\\", "(;", "\x00"]), short_text),
    ),
    st.builds(
        lambda size: CAPTURE_SGF.replace("SZ[19]", f"SZ[{size}]"),
        st.one_of(far_integers, st.sampled_from(["19:19", "1:99", "52", "2", "1", "0"])),
    ),
    st.builds(
        lambda point: CAPTURE_SGF.replace("AB[gl]", f"AB[{point}]"),
        st.sampled_from(["zz", "", "a", "tt", "ss", "aaa", "ZZ", "gl:gl", "gl:aa", "a1"]),
    ),
    st.builds(lambda charset: CAPTURE_SGF.replace("UTF-8", charset), short_text),
    st.sampled_from(
        [
            "",
            "(;)",
            "(;FF[4]GM[1]SZ[19])",
            "(;GM[2]SZ[15]AB[hh])",
            "(" * 5000 + ";" + ")" * 5000,
            "(;" + ";B[aa]" * 3000 + ")",
            "(;FF[4]GM[1]SZ[19]AB[aa]PL[X]TR[aa](;B[bb]TE[1]))",
            "(;FF[4]GM[1]SZ[9]AB[aa]AW[ab]PL[B]TR[ab](;B[ba]TE[1])(;B[ba]BM[1]))",
        ]
    ),
)
sgf_bytes = st.one_of(
    sgf_damage.map(lambda text: text.encode("utf-8", "surrogatepass")),
    sgf_damage.map(lambda text: text.encode("gb18030", "replace")),
    st.binary(max_size=400),
    st.just(b"\xef\xbb\xbf" + CAPTURE_SGF.encode()),
    st.just(CAPTURE_SGF.encode("utf-16")),
)


@FUZZ
@given(body=sgf_bytes, name=st.sampled_from(["problem.sgf", "p.txt", "", "x" * 300]))
def test_broken_sgf_files_are_refused_with_the_reason(persona_world, body, name):
    client = persona_client(persona_world["world"], "owner")
    upload = SimpleUploadedFile(name or "-", body, content_type="application/x-go-sgf")
    response = client.post(
        "/classes/puzzles/new/go/sgf/",
        {"kind": "go.capture", "sgf_file": upload, "prompt_en": "Capture."},
    )
    assert response.status_code < 500, (body[:300], response.status_code)
    if response.status_code == 400:
        assert shows_a_reason(response), body[:300]
