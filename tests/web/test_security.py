"""Content-Security-Policy, no inline script or style, no CDNs, CSRF on every form."""

from urllib.parse import urlsplit

import pytest
from django.test import Client

from tests.helpers import audit

PASSWORD = "a-long-test-password"


def is_same_site(url):
    parts = urlsplit(url)
    if parts.scheme in ("http", "https") or url.startswith("//"):
        return parts.hostname in ("testserver", None)
    return parts.scheme == ""


def parse_csp(header):
    policy = {}
    for directive in header.split(";"):
        words = directive.split()
        if words:
            policy[words[0]] = words[1:]
    return policy


def assert_strict_csp(response):
    header = response.headers.get("Content-Security-Policy")
    assert header, f"no CSP on {response.status_code} response"
    policy = parse_csp(header)
    assert policy["default-src"] == ["'self'"]
    assert policy["script-src"] == ["'self'"]
    assert policy["style-src"] == ["'self'"]
    assert policy["object-src"] == ["'none'"]
    assert policy["frame-ancestors"] == ["'none'"]
    for directive, sources in policy.items():
        for source in sources:
            assert source in ("'self'", "'none'", "data:"), f"{directive} allows {source}"
    assert "unsafe" not in header


@pytest.fixture
def learner_client(learner_user):
    client = Client()
    client.force_login(learner_user)
    return client


def pages_to_audit(content):
    """(client kind, url): the pages a visitor sees, anonymous and signed in."""
    return [
        ("anon", "/"),
        ("anon", "/learn/go/"),
        ("anon", "/learn/go/first-steps/1/"),
        ("anon", "/learn/go/first-steps/2/"),
        ("anon", "/learn/go/first-steps/3/"),
        ("anon", "/puzzles/pick-one/"),
        ("anon", "/puzzles/pick-two/"),
        ("anon", "/me/"),
        ("anon", "/accounts/login/"),
        ("anon", "/accounts/signup/"),
        ("anon", "/accounts/password/reset/"),
        ("anon", "/no-such-page/"),
        ("user", "/"),
        ("user", "/me/"),
        ("user", "/me/profile/"),
        ("user", "/accounts/logout/"),
        ("user", "/accounts/password/change/"),
        ("user", "/accounts/email/"),
        ("user", "/puzzles/pick-one/"),
    ]


@pytest.mark.parametrize("language", ["zh-hans", "en"])
def test_pages_have_strict_csp_no_inline_code_and_no_other_hosts(content, learner_client, language):
    anon = Client(HTTP_ACCEPT_LANGUAGE=language)
    learner_client.defaults["HTTP_ACCEPT_LANGUAGE"] = language
    # Some history, so the dashboard shows its table and a puzzle shows a verdict.
    learner_client.post("/puzzles/pick-one/", {"move": "a1", "ply": "0"})
    anon.post("/learn/go/first-steps/2/", {"move": "c2", "ply": "0"})
    checked = 0
    for who, url in pages_to_audit(content):
        client = anon if who == "anon" else learner_client
        response = client.get(url)
        assert response.status_code in (200, 404), (url, response.status_code)
        assert_strict_csp(response)
        page = audit(response.content.decode())
        assert page.problems == [], (url, page.problems)
        assert page.scripts, f"{url}: htmx should be loaded from the site"
        for src in page.scripts + page.stylesheets:
            assert is_same_site(src), (url, src)
        checked += 1
    assert checked == len(pages_to_audit(content))


def test_answer_fragments_and_verdicts_have_no_inline_code(content):
    client = Client()
    for data in ({"move": "a1", "ply": "0"}, {"action": "retry"}, {"move": "c2", "ply": "0"}):
        response = client.post("/puzzles/pick-one/", data, HTTP_HX_REQUEST="true")
        assert response.status_code == 200
        assert_strict_csp(response)
        assert "<html" not in response.content.decode()
        assert audit(response.content.decode()).problems == []


def test_the_audit_spots_what_the_policy_would_block():
    """The page audit is not blind: it reports each kind of inline code."""
    html = (
        '<p style="color:red">x</p><script>alert(1)</script><button onclick="f()">b</button>'
        '<a href="javascript:void(0)">j</a><style>p{}</style>'
        '<script src="https://cdn.example.com/htmx.js"></script>'
        '<script type="application/json">{"data": "is not run"}</script>'
    )
    page = audit(html)
    assert len(page.problems) == 6, page.problems
    assert not is_same_site(page.scripts[0])
    assert is_same_site("/static/css/site.css")
    assert is_same_site("http://testserver/static/x.js")


def test_redirects_and_errors_carry_the_policy_too(content, client):
    responses = [
        client.get("/learn/go/first-steps/"),  # redirect to a step
        client.get("/me/profile/"),  # redirect to log in
        client.post("/language/", {"language": "en", "next": "/"}),
        client.post("/language/", {"language": "xx"}),  # 400
        client.get("/puzzles/no-such-puzzle/"),  # 404
        client.put("/puzzles/pick-one/"),  # 405
    ]
    assert [r.status_code for r in responses] == [302, 302, 302, 400, 404, 405]
    for response in responses:
        assert_strict_csp(response)


def test_security_headers(client, db):
    response = client.get("/")
    assert response.headers["X-Frame-Options"] == "DENY"
    assert response.headers["X-Content-Type-Options"] == "nosniff"
    assert response.headers["Referrer-Policy"] == "same-origin"
    assert response.headers["Cross-Origin-Opener-Policy"] == "same-origin"


# Every POST endpoint, and who must be signed in to reach it at all.
POST_ENDPOINTS = [
    ("anon", "/puzzles/pick-one/", {"move": "c2", "ply": "0"}),
    ("anon", "/puzzles/pick-one/", {"action": "retry"}),
    ("anon", "/puzzles/no-such-puzzle/", {"move": "c2", "ply": "0"}),
    ("anon", "/learn/go/first-steps/1/", {"action": "next"}),
    ("anon", "/learn/go/first-steps/2/", {"move": "c2", "ply": "0"}),
    ("anon", "/learn/go/first-steps/3/", {"move": "c2", "ply": "0"}),
    ("anon", "/language/", {"language": "en", "next": "/"}),
    ("anon", "/accounts/login/", {"login": "learner", "password": PASSWORD}),
    (
        "anon",
        "/accounts/signup/",
        {"username": "newbie", "password1": PASSWORD, "password2": PASSWORD},
    ),
    ("anon", "/accounts/password/reset/", {"email": "learner@example.org"}),
    ("anon", "/admin/login/", {"username": "learner", "password": PASSWORD}),
    ("user", "/accounts/logout/", {}),
    ("user", "/me/profile/", {"display_name": "X", "language": "en"}),
    ("user", "/language/", {"language": "en", "next": "/"}),
    ("user", "/puzzles/pick-one/", {"move": "c2", "ply": "0"}),
    (
        "user",
        "/accounts/password/change/",
        {"oldpassword": PASSWORD, "password1": "n3w-long-pass", "password2": "n3w-long-pass"},
    ),
    ("user", "/accounts/email/", {"email": "learner@example.org", "action_add": ""}),
]


def csrf_client(user=None):
    client = Client(enforce_csrf_checks=True, HTTP_ACCEPT_LANGUAGE="en")
    if user is not None:
        client.force_login(user)
    return client


@pytest.mark.parametrize(("who", "url", "data"), POST_ENDPOINTS)
def test_post_without_csrf_token_is_refused_with_the_friendly_page(
    content, learner_user, who, url, data
):
    client = csrf_client(learner_user if who == "user" else None)
    client.get("/")  # has a CSRF cookie, but the form does not send the token
    response = client.post(url, data)
    assert response.status_code == 403
    html = response.content.decode()
    assert "This form has expired" in html
    assert 'class="site-header"' in html
    assert "CSRF verification failed" not in html
    assert "Forbidden" not in html
    assert audit(html).problems == []
    if who == "user":
        # Nothing happened: the learner is still signed in with the old password.
        assert get_session_user(client) == learner_user.pk
        learner_user.refresh_from_db()
        assert learner_user.check_password(PASSWORD)
        assert learner_user.profile.display_name == ""


def get_session_user(client):
    return int(client.session.get("_auth_user_id", 0)) or None


@pytest.mark.parametrize(("who", "url", "data"), POST_ENDPOINTS)
def test_post_with_a_wrong_csrf_token_is_refused(content, learner_user, who, url, data):
    client = csrf_client(learner_user if who == "user" else None)
    client.get("/")
    response = client.post(url, {**data, "csrfmiddlewaretoken": "x" * 64})
    assert response.status_code == 403
    assert "This form has expired" in response.content.decode()


@pytest.mark.parametrize(("who", "url", "data"), POST_ENDPOINTS)
def test_the_same_post_with_the_token_gets_through(content, learner_user, who, url, data):
    """Control: the 403 above is the CSRF check, not something else refusing."""
    client = csrf_client(learner_user if who == "user" else None)
    client.get("/")
    token = client.cookies["csrftoken"].value
    response = client.post(url, {**data, "csrfmiddlewaretoken": token})
    assert response.status_code != 403, response.content.decode()[:500]
    assert "This form has expired" not in response.content.decode()


def test_htmx_post_sends_the_token_in_a_header(content):
    client = csrf_client()
    page = client.get("/puzzles/pick-one/").content.decode()
    assert 'hx-headers=\'{"X-CSRFToken": "' in page
    token = page.split('hx-headers=\'{"X-CSRFToken": "', 1)[1].split('"', 1)[0]
    without = client.post("/puzzles/pick-one/", {"move": "c2", "ply": "0"}, HTTP_HX_REQUEST="true")
    assert without.status_code == 403
    with_header = client.post(
        "/puzzles/pick-one/",
        {"move": "c2", "ply": "0"},
        HTTP_HX_REQUEST="true",
        HTTP_X_CSRFTOKEN=token,
    )
    assert with_header.status_code == 200
    assert "Correct!" in with_header.content.decode()


def test_every_form_on_the_pages_carries_a_csrf_token(content, learner_user):
    """A POST form without the token would always fail for real users."""
    client = Client()
    client.force_login(learner_user)
    urls = [
        "/",
        "/learn/go/first-steps/1/",
        "/learn/go/first-steps/2/",
        "/puzzles/pick-one/",
        "/me/",
        "/me/profile/",
        "/accounts/logout/",
        "/accounts/password/change/",
        "/accounts/email/",
    ]
    anon_urls = ["/accounts/login/", "/accounts/signup/", "/accounts/password/reset/"]
    forms_seen = 0
    for who, url in [("user", u) for u in urls] + [("anon", u) for u in anon_urls]:
        page = (client if who == "user" else Client()).get(url).content.decode()
        forms = page.split("<form")[1:]
        for form in forms:
            form = form.split("</form>", 1)[0]
            if 'method="post"' in form.split(">", 1)[0].lower():
                assert 'name="csrfmiddlewaretoken"' in form, (url, form[:200])
                forms_seen += 1
    assert forms_seen >= len(urls) + len(anon_urls)
