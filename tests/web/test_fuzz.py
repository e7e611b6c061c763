"""Random garbage at every form and page never makes the server fail (no 5xx).

The CSRF check is not enforced here (plain test client), so the garbage reaches
the views themselves.
"""

import logging
from urllib.parse import quote, urlencode

import pytest
from django.core.cache import cache
from django.test import Client
from hypothesis import HealthCheck, given
from hypothesis import settings as hypothesis_settings
from hypothesis import strategies as st

FUZZ = hypothesis_settings(
    deadline=None,
    max_examples=40,
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
