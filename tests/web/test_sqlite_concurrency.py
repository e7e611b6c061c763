"""Learners answering at the same moment on SQLite wait their turn; none sees an error.

Each worker thread opens its own Django SQLite connection to one database file,
with the site's ``SQLITE_OPTIONS``, and runs the pattern every answer uses:
inside ``transaction.atomic()`` read a row, think, write it back. These tests
run against a file of their own, whichever database the rest of the suite uses.
"""

import threading
import time

import pytest
from django.conf import settings
from django.db import OperationalError, connections, transaction
from django.db.backends.sqlite3.base import DatabaseWrapper

WORKERS = 4
ROUNDS = 15


def sqlite_settings(path, options):
    return {
        "ENGINE": "django.db.backends.sqlite3",
        "NAME": str(path),
        "OPTIONS": dict(options),
        "ATOMIC_REQUESTS": False,
        "AUTOCOMMIT": True,
        "CONN_MAX_AGE": 0,
        "CONN_HEALTH_CHECKS": False,
        "TIME_ZONE": None,
        "USER": "",
        "PASSWORD": "",
        "HOST": "",
        "PORT": "",
        "TEST": {},
    }


@pytest.fixture
def database_file(tmp_path, django_db_blocker):
    """A fresh SQLite file with one counter row, outside the test database."""
    path = tmp_path / "learners.sqlite3"
    with django_db_blocker.unblock():
        setup = DatabaseWrapper(sqlite_settings(path, settings.SQLITE_OPTIONS), alias="setup")
        with setup.cursor() as cursor:
            cursor.execute("CREATE TABLE counter (id INTEGER PRIMARY KEY, n INTEGER NOT NULL)")
            cursor.execute("INSERT INTO counter (id, n) VALUES (1, 0)")
        setup.close()
        yield path


def run_workers(path, options, django_db_blocker):
    """Run the workers at once; return (final count, errors raised by workers)."""
    errors = []
    start = threading.Barrier(WORKERS)

    def work(number):
        alias = f"learner{number}"
        connection = DatabaseWrapper(sqlite_settings(path, options), alias=alias)
        connections[alias] = connection  # thread-local: atomic(using=alias) finds it
        try:
            start.wait()
            for _ in range(ROUNDS):
                with transaction.atomic(using=alias), connection.cursor() as cursor:
                    cursor.execute("SELECT n FROM counter WHERE id = 1")
                    (n,) = cursor.fetchone()
                    time.sleep(0.002)  # the rule engine thinks
                    cursor.execute("UPDATE counter SET n = %s WHERE id = 1", [n + 1])
                    time.sleep(0.001)
        except OperationalError as error:
            errors.append(str(error))
        finally:
            connection.close()
            del connections[alias]

    with django_db_blocker.unblock():
        threads = [threading.Thread(target=work, args=(i,)) for i in range(WORKERS)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join(timeout=120)
        assert not any(thread.is_alive() for thread in threads), "a worker hung"
        check = DatabaseWrapper(sqlite_settings(path, options), alias="check")
        with check.cursor() as cursor:
            cursor.execute("SELECT n FROM counter WHERE id = 1")
            (count,) = cursor.fetchone()
        check.close()
    return count, errors


def test_site_options_let_concurrent_read_then_write_transactions_all_succeed(
    database_file, django_db_blocker
):
    count, errors = run_workers(database_file, settings.SQLITE_OPTIONS, django_db_blocker)
    assert errors == []
    assert count == WORKERS * ROUNDS  # no lost update either


def test_without_immediate_transactions_the_same_load_fails(database_file, django_db_blocker):
    """Control: the load above really collides; IMMEDIATE is what saves it."""
    options = {k: v for k, v in settings.SQLITE_OPTIONS.items() if k != "transaction_mode"}
    count, errors = run_workers(database_file, options, django_db_blocker)
    assert errors, "expected 'database is locked' without BEGIN IMMEDIATE"
    assert all("database is locked" in error for error in errors)
    assert count < WORKERS * ROUNDS


def test_site_sqlite_connections_use_wal_and_wait_when_busy(database_file, django_db_blocker):
    with django_db_blocker.unblock():
        connection = DatabaseWrapper(
            sqlite_settings(database_file, settings.SQLITE_OPTIONS), alias="pragmas"
        )
        with connection.cursor() as cursor:
            cursor.execute("PRAGMA journal_mode")
            assert cursor.fetchone()[0] == "wal"
            cursor.execute("PRAGMA busy_timeout")
            assert cursor.fetchone()[0] >= 5000
            cursor.execute("PRAGMA foreign_keys")
            assert cursor.fetchone()[0] == 1
        assert connection.transaction_mode == "IMMEDIATE"
        connection.close()


def test_the_default_database_uses_the_sqlite_options():
    """Without DATABASE_URL the site runs on SQLite with exactly these options."""
    default = settings.DATABASES["default"]
    if default["ENGINE"] == "django.db.backends.sqlite3":
        assert default["OPTIONS"] == settings.SQLITE_OPTIONS
    else:
        assert default["ENGINE"] == "django.db.backends.postgresql"
    assert settings.SQLITE_OPTIONS["transaction_mode"] == "IMMEDIATE"
    assert "journal_mode=WAL" in settings.SQLITE_OPTIONS["init_command"]
