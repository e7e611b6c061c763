"""Qipai School settings, read from the environment.

Development needs no variables at all. Production sets at least::

    DJANGO_DEBUG=0
    DJANGO_SECRET_KEY=<50+ random characters>
    DJANGO_ALLOWED_HOSTS=qipai.example.org
    DATABASE_URL=postgres://user:password@host:5432/qipai

and optionally DJANGO_SECURE_SSL_REDIRECT (default on when DEBUG is off),
DJANGO_HSTS_SECONDS (default one year), DJANGO_CSRF_TRUSTED_ORIGINS,
DJANGO_BEHIND_PROXY (trust X-Forwarded-Proto from a TLS-terminating proxy),
SMTP settings (EMAIL_HOST, EMAIL_PORT, EMAIL_HOST_USER, EMAIL_HOST_PASSWORD,
DEFAULT_FROM_EMAIL), DJANGO_LOG_LEVEL, DJANGO_CONN_MAX_AGE (seconds a database
connection is kept; default 60, 0 under DEBUG with SQLite), DJANGO_STATIC_ROOT
(where collectstatic writes; default ./staticfiles), REDIS_URL (a cache shared by
several app servers; default: a table in the database), DJANGO_TRUSTED_PROXY_COUNT
and DJANGO_TRUSTED_CLIENT_IP_HEADER (where the client's address comes from behind
proxies; default: the connection's own address).
"""

import importlib.util
import os
import re
from pathlib import Path

import dj_database_url
from django.core.exceptions import ImproperlyConfigured

BASE_DIR = Path(__file__).resolve().parent.parent

_TRUE = {"1", "true", "yes", "on"}
_FALSE = {"0", "false", "no", "off", ""}


def env_str(name: str, default: str | None = None) -> str | None:
    return os.environ.get(name, default)


def env_bool(name: str, default: bool) -> bool:
    raw = os.environ.get(name)
    if raw is None:
        return default
    value = raw.strip().lower()
    if value in _TRUE:
        return True
    if value in _FALSE:
        return False
    raise ImproperlyConfigured(f"{name} must be a boolean (1/0, true/false), not {raw!r}")


def env_int(name: str, default: int) -> int:
    raw = os.environ.get(name)
    if raw is None:
        return default
    try:
        return int(raw)
    except ValueError:
        raise ImproperlyConfigured(f"{name} must be an integer, not {raw!r}") from None


def env_list(name: str, default: list[str]) -> list[str]:
    raw = os.environ.get(name)
    if raw is None:
        return default
    return [item.strip() for item in raw.split(",") if item.strip()]


DEBUG = env_bool("DJANGO_DEBUG", True)

SECRET_KEY = env_str("DJANGO_SECRET_KEY")
if not SECRET_KEY:
    if not DEBUG:
        raise ImproperlyConfigured("DJANGO_SECRET_KEY must be set when DJANGO_DEBUG is off")
    SECRET_KEY = "dev-only-insecure-key-never-use-in-production"  # noqa: S105

ALLOWED_HOSTS = env_list("DJANGO_ALLOWED_HOSTS", ["127.0.0.1", "localhost", "testserver"])
CSRF_TRUSTED_ORIGINS = env_list("DJANGO_CSRF_TRUSTED_ORIGINS", [])

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "whitenoise.runserver_nostatic",
    "django.contrib.staticfiles",
    "django_htmx",
    "template_partials",
    "allauth",
    "allauth.account",
    "accounts",
    "puzzles",
    "tutorials",
    "classrooms",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "config.middleware.ContentSecurityPolicyMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "accounts.middleware.LegacyBackendMiddleware",
    "django.middleware.locale.LocaleMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "accounts.middleware.ProfileLanguageMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "django_htmx.middleware.HtmxMiddleware",
    "allauth.account.middleware.AccountMiddleware",
    "accounts.middleware.PasswordChangeRequiredMiddleware",
]

ROOT_URLCONF = "config.urls"
WSGI_APPLICATION = "config.wsgi.application"
ASGI_APPLICATION = "config.asgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.template.context_processors.i18n",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
                "puzzles.visitor_pages.csrf_placeholder",
            ],
            "builtins": [
                "django.templatetags.i18n",
                "template_partials.templatetags.partials",
                "config.templating",
            ],
        },
    }
]

# Form fields are drawn with Django's own templates in their Jinja2 versions: the same
# HTML in about half the time (``config.forms``).
FORM_RENDERER = "config.forms.FormRenderer"

# Database: SQLite by default, tuned so that concurrent learners wait for each
# other instead of failing with "database is locked": WAL lets readers run beside
# a writer, IMMEDIATE transactions take the write lock up front (no deadlock on a
# read-then-write upgrade), and the busy timeout makes a writer wait its turn.
SQLITE_OPTIONS = {
    "transaction_mode": "IMMEDIATE",
    "timeout": 20,
    "init_command": (
        "PRAGMA journal_mode=WAL;"
        "PRAGMA synchronous=NORMAL;"
        "PRAGMA foreign_keys=ON;"
        "PRAGMA busy_timeout=20000;"
    ),
}

DATABASE_URL = env_str("DATABASE_URL")
if DATABASE_URL:
    DATABASES = {
        "default": dj_database_url.parse(
            DATABASE_URL, conn_max_age=env_int("DJANGO_CONN_MAX_AGE", 60), conn_health_checks=True
        )
    }
    if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
        DATABASES["default"]["OPTIONS"] = dict(SQLITE_OPTIONS)
else:
    DATABASES = {
        "default": {
            "ENGINE": "django.db.backends.sqlite3",
            "NAME": env_str("DJANGO_SQLITE_PATH", str(BASE_DIR / "db.sqlite3")),
            "OPTIONS": dict(SQLITE_OPTIONS),
            # Opening a connection (the PRAGMAs, Django's SQL functions) costs
            # more than rendering a small page: keep it across requests, as
            # DATABASE_URL does, except under the threaded development server.
            "CONN_MAX_AGE": env_int("DJANGO_CONN_MAX_AGE", 0 if DEBUG else 60),
            "CONN_HEALTH_CHECKS": True,
        }
    }
DATABASES["default"]["ATOMIC_REQUESTS"] = False

DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

# Sessions live server-side, in the database: app servers stay stateless. Django's
# store, reading a session with one hand-written query (``accounts.rows``).
SESSION_ENGINE = "accounts.sessions"
SESSION_COOKIE_AGE = 60 * 60 * 24 * 365

AUTHENTICATION_BACKENDS = [
    "accounts.backends.ModelBackend",
    "accounts.backends.AuthenticationBackend",
]

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]

# django-allauth: username sign-up, email optional but unique when given.
ACCOUNT_LOGIN_METHODS = {"username", "email"}
ACCOUNT_SIGNUP_FIELDS = ["username*", "email", "password1*", "password2*"]
ACCOUNT_UNIQUE_EMAIL = True
ACCOUNT_EMAIL_VERIFICATION = "none"
ACCOUNT_LOGOUT_ON_PASSWORD_CHANGE = False
ACCOUNT_RATE_LIMITS = {
    # Per client address, loose enough for a class behind one school router
    # logging in together (40 pupils, some mistyping); per account, tight: five
    # wrong passwords in five minutes stop guessing at anyone's password.
    "login": "300/m/ip",
    "login_failed": "30/m/ip,5/5m/key",
    "signup": "20/m/ip",
    "reset_password": "20/m/ip,5/m/key",
    "reset_password_from_key": "20/m/ip",
}
ACCOUNT_FORMS = {"login": "accounts.forms.LoginForm"}  # the login's length bounded
LOGIN_REDIRECT_URL = "me:dashboard"
ACCOUNT_LOGOUT_REDIRECT_URL = "home"
LOGIN_URL = "account_login"

# Caches: allauth's rate limits (log-in, sign-up, password reset) count in the
# default cache, so every worker must see the same counts. One machine: a table
# in the site's database (migrate makes it; see accounts/migrations/0004). Several
# app servers: Redis at REDIS_URL (redis://, rediss:// or unix://; needs the
# "redis" extra). /me/ keeps each learner's rendered progress here too (under their
# revision), and with Redis the sessions are read from it (written through to the
# database, so none is lost when Redis restarts).
CACHE_TABLE = "qipai_cache"
REDIS_URL = env_str("REDIS_URL")
if REDIS_URL:
    if REDIS_URL.partition("://")[0] not in ("redis", "rediss", "unix") or "://" not in REDIS_URL:
        raise ImproperlyConfigured(
            f"REDIS_URL must be a redis://, rediss:// or unix:// URL, not {REDIS_URL!r}"
        )
    if importlib.util.find_spec("redis") is None:
        raise ImproperlyConfigured(
            "REDIS_URL needs the redis package: pip install -e '.[redis]' (or pip install redis)"
        )
    CACHES = {
        "default": {
            "BACKEND": "django.core.cache.backends.redis.RedisCache",
            "LOCATION": REDIS_URL,
        }
    }
    SESSION_ENGINE = "django.contrib.sessions.backends.cached_db"
else:
    CACHES = {
        "default": {
            "BACKEND": "django.core.cache.backends.db.DatabaseCache",
            "LOCATION": CACHE_TABLE,
        }
    }

# Client addresses for the rate limits. Behind proxies, every request comes from
# the nearest proxy: trust the X-Forwarded-For entry that many proxies from the
# end (1 for one nginx that appends the client's address), or one header a proxy
# sets (X-Real-IP). Never trusted by default, so a client cannot forge its address.
ALLAUTH_TRUSTED_PROXY_COUNT = env_int("DJANGO_TRUSTED_PROXY_COUNT", 0)
if ALLAUTH_TRUSTED_PROXY_COUNT < 0:
    raise ImproperlyConfigured(
        f"DJANGO_TRUSTED_PROXY_COUNT must be 0 or more, not {ALLAUTH_TRUSTED_PROXY_COUNT}"
    )
ALLAUTH_TRUSTED_CLIENT_IP_HEADER = env_str("DJANGO_TRUSTED_CLIENT_IP_HEADER") or None
if ALLAUTH_TRUSTED_CLIENT_IP_HEADER is not None and not re.fullmatch(
    r"[A-Za-z0-9-]+", ALLAUTH_TRUSTED_CLIENT_IP_HEADER
):
    raise ImproperlyConfigured(
        "DJANGO_TRUSTED_CLIENT_IP_HEADER must be a header name like X-Real-IP, "
        f"not {ALLAUTH_TRUSTED_CLIENT_IP_HEADER!r}"
    )

# Lessons, steps and puzzles are kept in each process this long (edits made in the
# same process show at once; see puzzles/content_cache.py).
CONTENT_CACHE_SECONDS = env_int("QIPAI_CONTENT_CACHE_SECONDS", 10)

# Email: the console in development, SMTP when EMAIL_HOST is set.
if env_str("EMAIL_HOST"):
    EMAIL_BACKEND = "django.core.mail.backends.smtp.EmailBackend"
    EMAIL_HOST = env_str("EMAIL_HOST")
    EMAIL_PORT = env_int("EMAIL_PORT", 587)
    EMAIL_HOST_USER = env_str("EMAIL_HOST_USER", "")
    EMAIL_HOST_PASSWORD = env_str("EMAIL_HOST_PASSWORD", "")
    EMAIL_USE_TLS = env_bool("EMAIL_USE_TLS", True)
else:
    EMAIL_BACKEND = "django.core.mail.backends.console.EmailBackend"
DEFAULT_FROM_EMAIL = env_str("DEFAULT_FROM_EMAIL", "Qipai School <noreply@localhost>")

# Languages: Simplified Chinese first, English complete as well.
LANGUAGE_CODE = "zh-hans"
LANGUAGES = [("zh-hans", "简体中文"), ("en", "English")]
LOCALE_PATHS = [BASE_DIR / "locale"]
USE_I18N = True
TIME_ZONE = "Asia/Shanghai"
USE_TZ = True
LANGUAGE_COOKIE_AGE = 60 * 60 * 24 * 365
LANGUAGE_COOKIE_SAMESITE = "Lax"

STATIC_URL = "static/"
# Where collectstatic writes; benchmarks point it at a temporary directory.
STATIC_ROOT = Path(env_str("DJANGO_STATIC_ROOT", str(BASE_DIR / "staticfiles")))
STATICFILES_DIRS = [BASE_DIR / "static"]
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {
        "BACKEND": (
            "django.contrib.staticfiles.storage.StaticFilesStorage"
            if DEBUG
            else "whitenoise.storage.CompressedManifestStaticFilesStorage"
        )
    },
}

# Security: strict by default outside DEBUG; `manage.py check --deploy` is clean.
SESSION_COOKIE_SECURE = not DEBUG
CSRF_COOKIE_SECURE = not DEBUG
LANGUAGE_COOKIE_SECURE = not DEBUG
SESSION_COOKIE_HTTPONLY = True
SECURE_SSL_REDIRECT = env_bool("DJANGO_SECURE_SSL_REDIRECT", not DEBUG)
SECURE_HSTS_SECONDS = env_int("DJANGO_HSTS_SECONDS", 0 if DEBUG else 31536000)
SECURE_HSTS_INCLUDE_SUBDOMAINS = not DEBUG
SECURE_HSTS_PRELOAD = env_bool("DJANGO_HSTS_PRELOAD", False)
SECURE_CONTENT_TYPE_NOSNIFF = True
SECURE_REFERRER_POLICY = "same-origin"
SECURE_CROSS_ORIGIN_OPENER_POLICY = "same-origin"
X_FRAME_OPTIONS = "DENY"
if env_bool("DJANGO_BEHIND_PROXY", False):
    SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
SILENCED_SYSTEM_CHECKS = [] if SECURE_HSTS_PRELOAD else ["security.W021"]

# Only the site itself: no CDN, no inline script or style.
CONTENT_SECURITY_POLICY = (
    "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
    "font-src 'self'; connect-src 'self'; form-action 'self'; frame-ancestors 'none'; "
    "base-uri 'self'; object-src 'none'"
)

# Content: a folder per game (the games and their puzzle kinds: puzzles.games).
CONTENT_DIR = Path(env_str("QIPAI_CONTENT_DIR", str(BASE_DIR / "content")))
# The bare-template view that benchmarks compare pages against.
BENCH_VIEWS = env_bool("QIPAI_BENCH_VIEWS", False)

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "handlers": {"console": {"class": "logging.StreamHandler"}},
    "root": {"handlers": ["console"], "level": env_str("DJANGO_LOG_LEVEL", "WARNING")},
}
