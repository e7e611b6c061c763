"""Log-in throttling holds across workers and proxies.

allauth counts failed log-ins per client address and per account in the default
cache. That cache is a table in the site's database, so every worker of a
machine counts together (Redis at REDIS_URL does the same for several machines),
and behind a trusted proxy each client behind it counts on its own.

The worker tests start separate Python processes on one SQLite file, the way
gunicorn's workers share a database, and read the environment as a server does.
"""

import json
import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest
from django.conf import settings
from django.core.cache import cache, caches
from django.core.cache.backends.db import DatabaseCache
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext

BASE_DIR = Path(__file__).resolve().parents[2]
TOO_MANY = "Too many failed login attempts. Try again later."
PASSWORD = "a-long-test-password"
# Failed log-ins one address may make in a minute before it waits.
PER_ADDRESS = int(settings.ACCOUNT_RATE_LIMITS["login_failed"].split(",")[0].split("/")[0])
HALF = PER_ADDRESS // 2 + 1


def throttled(response) -> bool:
    return response.status_code == 429 or TOO_MANY in response.content.decode()


def log_in(client, login, password="wrong-password"):
    return client.post("/accounts/login/", {"login": login, "password": password})


# -- In the test database (SQLite, or PostgreSQL with DATABASE_URL) -----------------


def test_the_default_cache_is_a_table_that_migrate_made(db):
    assert isinstance(caches["default"], DatabaseCache)
    assert settings.CACHES["default"]["LOCATION"] == settings.CACHE_TABLE
    assert settings.CACHE_TABLE in connection.introspection.table_names()


def test_two_cache_connections_see_the_same_counters(db):
    """Two workers' caches are two connections to one table: a count made by one
    is seen and added to by the other."""
    first, second = caches.create_connection("default"), caches.create_connection("default")
    assert first is not second
    first.set("allauth:rl:example", [1.0], 60)
    assert second.get("allauth:rl:example") == [1.0]
    second.set("count", 1)
    assert first.incr("count") == 2
    assert second.get("count") == 2
    cache.clear()
    assert first.get("count") is None


def behind_proxy(forwarded_for: str) -> Client:
    """A browser reaching the site through the proxy at 10.0.0.1, which appends the
    address it saw to X-Forwarded-For."""
    return Client(
        HTTP_ACCEPT_LANGUAGE="en", REMOTE_ADDR="10.0.0.1", HTTP_X_FORWARDED_FOR=forwarded_for
    )


def test_behind_a_trusted_proxy_each_client_is_throttled_on_its_own(db, settings):
    settings.ALLAUTH_TRUSTED_PROXY_COUNT = 1
    pupil = behind_proxy("203.0.113.5")
    # The failed log-ins one address may make in a minute (each for another name,
    # so the per-account limit is not what stops them), then that address waits.
    for number in range(PER_ADDRESS):
        assert not throttled(log_in(pupil, f"nobody{number}"))
    assert throttled(log_in(pupil, "nobody-late"))
    # A forged address before the one the proxy appended changes nothing...
    assert throttled(log_in(behind_proxy("192.0.2.1, 203.0.113.5"), "nobody-forged"))
    # ...and the next pupil, through the same proxy, is not held up.
    assert not throttled(log_in(behind_proxy("203.0.113.6"), "nobody-next"))


def test_a_class_behind_one_school_router_logs_in_together(db):
    """Forty pupils behind one address log in within a minute, a few of them
    mistyping their password first: nobody is turned away."""
    from tests.conftest import make_user

    pupils = [make_user(f"pupil{number}", password=PASSWORD) for number in range(40)]
    school = Client(HTTP_ACCEPT_LANGUAGE="en", REMOTE_ADDR="203.0.113.50")
    for number, pupil in enumerate(pupils):
        if number % 4 == 0:
            assert not throttled(log_in(school, pupil.username))  # a typo first
        response = log_in(school, pupil.username, PASSWORD)
        assert response.status_code == 302, number
        school.logout()


def test_without_a_trusted_proxy_a_forged_forwarded_for_changes_nothing(db):
    """X-Forwarded-For is the client's to write: unless a proxy is trusted, a new
    made-up address on each try does not reset the count."""
    assert settings.ALLAUTH_TRUSTED_PROXY_COUNT == 0
    for number in range(PER_ADDRESS):
        client = Client(
            HTTP_ACCEPT_LANGUAGE="en",
            REMOTE_ADDR="198.51.100.7",
            HTTP_X_FORWARDED_FOR=f"192.0.2.{number}",
        )
        assert not throttled(log_in(client, f"nobody{number}"))
    client = Client(
        HTTP_ACCEPT_LANGUAGE="en", REMOTE_ADDR="198.51.100.7", HTTP_X_FORWARDED_FOR="192.0.2.99"
    )
    assert throttled(log_in(client, "nobody-late"))


# -- Separate worker processes on one database ---------------------------------------

WORKER = """
import json, sys
import django
django.setup()
from django.conf import settings
settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
from django.test import Client
from django.test.utils import CaptureQueriesContext
TOO_MANY = "Too many failed login attempts"
answers = []
for address, forwarded_for, login in json.loads(sys.argv[1]):
    extra = {"HTTP_X_FORWARDED_FOR": forwarded_for} if forwarded_for else {}
    client = Client(HTTP_ACCEPT_LANGUAGE="en", REMOTE_ADDR=address, **extra)
    response = client.post("/accounts/login/", {"login": login, "password": "wrong"})
    answers.append(response.status_code == 429 or TOO_MANY in response.content.decode())
print(json.dumps(answers))
"""

SET_UP = """
import django
django.setup()
from django.conf import settings
settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
from django.core.management import call_command
call_command("migrate", verbosity=0, interactive=False)
from django.contrib.auth import get_user_model
get_user_model().objects.create_user(username="pupil", password="a-long-test-password")
"""


def python(code, *args, env, timeout=120):
    clean = {
        "PATH": os.environ.get("PATH", "/usr/bin:/bin"),
        "HOME": os.environ.get("HOME", "/tmp"),
        "DJANGO_SETTINGS_MODULE": "config.settings",
        **env,
    }
    result = subprocess.run(
        [sys.executable, "-c", code, *args],
        cwd=BASE_DIR,
        env=clean,
        capture_output=True,
        text=True,
        timeout=timeout,
    )
    assert result.returncode == 0, result.stderr[-3000:]
    return result.stdout


@pytest.fixture(scope="module")
def migrated_site(tmp_path_factory):
    """A site database made by migrate, as on a fresh machine: copied for each test."""
    path = tmp_path_factory.mktemp("site") / "db.sqlite3"
    python(SET_UP, env={"DJANGO_SQLITE_PATH": str(path)})
    return path


@pytest.fixture
def site_env(migrated_site, tmp_path):
    path = tmp_path / "db.sqlite3"
    shutil.copy(migrated_site, path)
    return {"DJANGO_SQLITE_PATH": str(path)}


def worker(env, tries):
    """One worker process: log-in tries as (address, X-Forwarded-For, login);
    returns which of them were throttled."""
    return json.loads(python(WORKER, json.dumps(tries), env=env))


def test_two_workers_count_failed_log_ins_together(site_env):
    """Five wrong passwords for one account in five minutes lock it, whichever
    workers the tries reached (each worker alone saw only three)."""
    assert worker(site_env, [("198.51.100.1", None, "pupil")] * 3) == [False] * 3
    assert worker(site_env, [("198.51.100.2", None, "pupil")] * 3) == [False, False, True]


def test_behind_a_trusted_proxy_workers_count_each_client_on_its_own(site_env):
    env = {**site_env, "DJANGO_TRUSTED_PROXY_COUNT": "1"}
    proxy = "10.0.0.1"
    one = [(proxy, "203.0.113.5", f"nobody{number}") for number in range(HALF)]
    assert worker(env, one) == [False] * HALF
    # The same pupil in another worker: the count goes on, and stops at the limit.
    more = [(proxy, "203.0.113.5", f"nobody{n}") for n in range(HALF, PER_ADDRESS + 1)]
    assert worker(env, more) == [False] * (PER_ADDRESS - HALF) + [True]
    # A classmate behind the same proxy is not held up; a forged address before
    # the one the proxy appended changes nothing.
    others = [(proxy, "203.0.113.6", "next"), (proxy, "192.0.2.1, 203.0.113.5", "forged")]
    assert worker(env, others) == [False, True]


def test_without_a_trusted_proxy_workers_ignore_forwarded_for(site_env):
    first = [("198.51.100.7", f"192.0.2.{n}", f"nobody{n}") for n in range(HALF)]
    assert worker(site_env, first) == [False] * HALF
    then = [("198.51.100.7", f"192.0.2.{n}", f"nobody{n}") for n in range(HALF, PER_ADDRESS + 1)]
    assert worker(site_env, then) == [False] * (PER_ADDRESS - HALF) + [True]


MIGRATE = """
import sys
import django
django.setup()
from django.core.management import call_command
from django.db import connection
call_command("migrate", "accounts", *sys.argv[1:], verbosity=0, interactive=False)
print("qipai_cache" in connection.introspection.table_names())
"""


def test_migrate_makes_the_cache_table_and_can_take_it_back(site_env):
    assert python(MIGRATE, "0003", env=site_env).strip() == "False"
    assert python(MIGRATE, env=site_env).strip() == "True"


@pytest.fixture
def redis_url(tmp_path):
    """A throwaway redis-server (Debian's), when it and the redis package are here."""
    server = shutil.which("redis-server")
    if server is None:
        pytest.skip("no redis-server (Debian package redis-server)")
    pytest.importorskip("redis")
    socket_path = tmp_path / "redis.sock"
    process = subprocess.Popen(
        [
            server,
            "--port",
            "0",
            "--unixsocket",
            str(socket_path),
            "--save",
            "",
            "--appendonly",
            "no",
        ],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        for _ in range(100):
            if socket_path.exists():
                break
            time.sleep(0.05)
        yield f"unix://{socket_path}"
    finally:
        process.terminate()
        process.wait(timeout=10)


def test_app_servers_sharing_redis_count_together(site_env, redis_url, tmp_path):
    """Two app servers (each its own database file here: only Redis is shared)."""
    other = tmp_path / "other.sqlite3"
    shutil.copy(site_env["DJANGO_SQLITE_PATH"], other)
    first = {**site_env, "REDIS_URL": redis_url}
    second = {"DJANGO_SQLITE_PATH": str(other), "REDIS_URL": redis_url}
    assert worker(first, [("198.51.100.1", None, "pupil")] * 3) == [False] * 3
    assert worker(second, [("198.51.100.2", None, "pupil")] * 3) == [False, False, True]


def test_ordinary_pages_never_touch_the_cache(content, learner_user):
    """Only rate-limited actions (log-in, sign-up, password reset) read or write the
    cache table: a page view costs no query for it."""
    client = Client(HTTP_ACCEPT_LANGUAGE="en")
    client.force_login(learner_user)
    pages = ["/", "/learn/go/", "/learn/go/first-steps/1/", "/puzzles/pick-one/", "/me/"]
    pages += ["/accounts/login/", "/classes/", "/daily/go/", "/review/"]
    with CaptureQueriesContext(connection) as captured:
        for url in pages:
            assert client.get(url).status_code in (200, 302)
        client.post("/puzzles/pick-one/", {"move": "c2", "ply": "0"})
    assert not [q["sql"] for q in captured.captured_queries if settings.CACHE_TABLE in q["sql"]]
    # A log-in post does use it.
    with CaptureQueriesContext(connection) as captured:
        log_in(Client(), "learner", PASSWORD)
    assert [q["sql"] for q in captured.captured_queries if settings.CACHE_TABLE in q["sql"]]
