"""Settings come from the environment and fail loudly on anything wrong.

Each case starts a fresh Python process with a clean environment, the way a
server starts, because settings are read once at import.
"""

import os
import secrets
import subprocess
import sys
from pathlib import Path

import pytest

BASE_DIR = Path(__file__).resolve().parents[2]


def run(args, env, tmp_path):
    """Run ``python <args>`` in the project with only ``env`` set (plus PATH/HOME)."""
    clean = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "HOME": str(tmp_path), **env}
    return subprocess.run(
        [sys.executable, *args],
        cwd=BASE_DIR,
        env=clean,
        capture_output=True,
        text=True,
        timeout=120,
    )


def django_setup(env, tmp_path):
    return run(
        ["-c", "import django; django.setup()"],
        {"DJANGO_SETTINGS_MODULE": "config.settings", **env},
        tmp_path,
    )


def production_env(tmp_path, **overrides):
    """The variables the top of config/settings.py documents, with SQLite kept."""
    env = {
        "DJANGO_DEBUG": "0",
        "DJANGO_SECRET_KEY": secrets.token_urlsafe(60),
        "DJANGO_ALLOWED_HOSTS": "qipai.example.org",
        "DATABASE_URL": f"sqlite:///{tmp_path / 'prod.sqlite3'}",
    }
    env.update(overrides)
    return env


def test_development_needs_no_variables(tmp_path):
    result = django_setup({}, tmp_path)
    assert result.returncode == 0, result.stderr


def test_production_without_secret_key_refuses_to_start(tmp_path):
    result = django_setup({"DJANGO_DEBUG": "0"}, tmp_path)
    assert result.returncode != 0
    assert "ImproperlyConfigured" in result.stderr
    assert "DJANGO_SECRET_KEY must be set" in result.stderr


def test_production_with_empty_secret_key_refuses_to_start(tmp_path):
    result = django_setup({"DJANGO_DEBUG": "0", "DJANGO_SECRET_KEY": ""}, tmp_path)
    assert result.returncode != 0
    assert "DJANGO_SECRET_KEY must be set" in result.stderr


def test_manage_py_check_refuses_without_secret_key(tmp_path):
    env = production_env(tmp_path)
    del env["DJANGO_SECRET_KEY"]
    result = run(["manage.py", "check"], env, tmp_path)
    assert result.returncode != 0
    assert "DJANGO_SECRET_KEY must be set" in result.stderr


def test_documented_production_settings_pass_the_deploy_check(tmp_path):
    result = run(
        ["manage.py", "check", "--deploy", "--fail-level", "WARNING"],
        production_env(tmp_path),
        tmp_path,
    )
    output = result.stdout + result.stderr
    assert result.returncode == 0, output
    assert "System check identified no issues" in output
    assert "WARNING" not in output
    assert "?:" not in output  # no check message lines at all


def test_deploy_check_catches_a_weak_secret_key(tmp_path):
    """The deploy check is really run: a short key is a warning, which fails it."""
    env = production_env(tmp_path, DJANGO_SECRET_KEY="too-short-" * 3)
    result = run(["manage.py", "check", "--deploy", "--fail-level", "WARNING"], env, tmp_path)
    assert result.returncode != 0
    assert "security.W009" in result.stdout + result.stderr


def test_deploy_check_catches_switching_off_the_https_redirect(tmp_path):
    env = production_env(tmp_path, DJANGO_SECURE_SSL_REDIRECT="0")
    result = run(["manage.py", "check", "--deploy", "--fail-level", "WARNING"], env, tmp_path)
    assert result.returncode != 0
    assert "security.W008" in result.stdout + result.stderr


@pytest.mark.parametrize(
    ("name", "value", "message"),
    [
        ("DJANGO_DEBUG", "maybe", "DJANGO_DEBUG must be a boolean (1/0, true/false), not 'maybe'"),
        ("DJANGO_HSTS_SECONDS", "abc", "DJANGO_HSTS_SECONDS must be an integer, not 'abc'"),
        (
            "DJANGO_SECURE_SSL_REDIRECT",
            "sometimes",
            "DJANGO_SECURE_SSL_REDIRECT must be a boolean",
        ),
        ("DJANGO_CONN_MAX_AGE", "1.5", "DJANGO_CONN_MAX_AGE must be an integer, not '1.5'"),
        (
            "REDIS_URL",
            "cache.example.org:6379",
            "REDIS_URL must be a redis://, rediss:// or unix:// URL, not 'cache.example.org:6379'",
        ),
        ("REDIS_URL", "http://cache:6379/0", "REDIS_URL must be a redis://, rediss:// or unix://"),
        ("DJANGO_TRUSTED_PROXY_COUNT", "one", "DJANGO_TRUSTED_PROXY_COUNT must be an integer"),
        ("DJANGO_TRUSTED_PROXY_COUNT", "-1", "DJANGO_TRUSTED_PROXY_COUNT must be 0 or more"),
        (
            "DJANGO_TRUSTED_CLIENT_IP_HEADER",
            "X Real IP",
            "DJANGO_TRUSTED_CLIENT_IP_HEADER must be a header name like X-Real-IP",
        ),
    ],
)
def test_bad_values_fail_with_a_clear_message(tmp_path, name, value, message):
    env = production_env(tmp_path, **{name: value})
    result = django_setup(env, tmp_path)
    assert result.returncode != 0
    last_line = result.stderr.strip().splitlines()[-1]
    assert last_line.startswith("django.core.exceptions.ImproperlyConfigured: ")
    assert message in last_line


def test_boolean_values_are_read_generously(tmp_path):
    """ "off", "False" and " 0 " all mean off: no surprise production DEBUG."""
    code = "from django.conf import settings; print(settings.DEBUG)"
    for raw in ("off", "False", " 0 ", "no"):
        env = production_env(tmp_path, DJANGO_DEBUG=raw)
        result = run(
            ["-c", f"import django; django.setup(); {code}"],
            {"DJANGO_SETTINGS_MODULE": "config.settings", **env},
            tmp_path,
        )
        assert result.returncode == 0, result.stderr
        assert result.stdout.strip() == "False", raw


def read_settings(env, tmp_path, expression):
    """Start as a server does with ``env`` and print ``expression`` of the settings."""
    code = f"import django; django.setup(); from django.conf import settings; print({expression})"
    result = run(["-c", code], {"DJANGO_SETTINGS_MODULE": "config.settings", **env}, tmp_path)
    assert result.returncode == 0, result.stderr
    return result.stdout.strip()


def test_the_cache_is_the_database_unless_redis_url_says_otherwise(tmp_path):
    backend = "settings.CACHES['default']['BACKEND'], settings.CACHES['default']['LOCATION']"
    env = production_env(tmp_path)
    assert read_settings(env, tmp_path, backend) == (
        "django.core.cache.backends.db.DatabaseCache qipai_cache"
    )
    pytest.importorskip("redis")
    env = production_env(tmp_path, REDIS_URL="redis://cache.example.org:6379/1")
    assert read_settings(env, tmp_path, backend) == (
        "django.core.cache.backends.redis.RedisCache redis://cache.example.org:6379/1"
    )


def test_redis_url_without_the_redis_package_refuses_to_start(tmp_path):
    env = production_env(tmp_path, REDIS_URL="redis://cache:6379/0")
    code = "import sys; sys.modules['redis'] = None; import django; django.setup()"
    result = run(["-c", code], {"DJANGO_SETTINGS_MODULE": "config.settings", **env}, tmp_path)
    assert result.returncode != 0
    assert "REDIS_URL needs the redis package" in result.stderr


def test_trusted_proxies_come_from_the_environment(tmp_path):
    names = "settings.ALLAUTH_TRUSTED_PROXY_COUNT, settings.ALLAUTH_TRUSTED_CLIENT_IP_HEADER"
    assert read_settings(production_env(tmp_path), tmp_path, names) == "0 None"
    env = production_env(tmp_path, DJANGO_TRUSTED_PROXY_COUNT="2")
    assert read_settings(env, tmp_path, names) == "2 None"
    env = production_env(tmp_path, DJANGO_TRUSTED_CLIENT_IP_HEADER="X-Real-IP")
    assert read_settings(env, tmp_path, names) == "0 X-Real-IP"
