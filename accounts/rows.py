"""Rows every signed-in request reads, fetched without building an ORM query each time.

Each signed-in request reads its session and its user (with the profile and the
learner). Through the ORM each of those reads costs 0.2-0.6 ms, almost all of it in
building the query and turning values back into fields, against 0.02-0.04 ms for
the SQL itself; more than a whole anonymous page. Here the SQL is written once per
process from the models' own metadata, and each value goes through the same
converters the ORM would apply, so the instances are the ones the ORM would build
(``tests/web/test_rows.py`` compares them field by field, on SQLite and PostgreSQL).
"""

from __future__ import annotations

from functools import cache

from django.contrib.auth import get_user_model
from django.core.exceptions import ValidationError
from django.db import connections, router
from django.utils import timezone


class Columns:
    """A model's concrete columns under ``alias`` in a SELECT, and how to read them back."""

    def __init__(self, model, alias: str, using: str):
        connection = connections[using]
        quote = connection.ops.quote_name
        self.model = model
        self.using = using
        fields = model._meta.concrete_fields
        self.names = [field.attname for field in fields]
        self.sql = ", ".join(f"{quote(alias)}.{quote(field.column)}" for field in fields)
        self.pk_index = fields.index(model._meta.pk)
        self._convert = []
        for field in fields:
            column = field.get_col(alias)
            converters = connection.ops.get_db_converters(column) + field.get_db_converters(
                connection
            )
            self._convert.append((tuple(converters), column))
        self._connection = connection

    def __len__(self) -> int:
        return len(self.names)

    def build(self, values):
        """The instance for ``values`` (this model's slice of a row), or None for the
        NULLs of a LEFT JOIN that found nothing."""
        if values[self.pk_index] is None:
            return None
        converted = []
        for value, (converters, column) in zip(values, self._convert, strict=True):
            for converter in converters:
                value = converter(value, column, self._connection)
            converted.append(value)
        return self.model.from_db(self.using, self.names, converted)


@cache
def _user_query(using: str):
    from .models import Learner, Profile

    user_model = get_user_model()
    quote = connections[using].ops.quote_name
    users = Columns(user_model, "u", using)
    profiles = Columns(Profile, "p", using)
    learners = Columns(Learner, "l", using)
    user_pk = quote(user_model._meta.pk.column)
    # Names from the models' metadata, quoted; the value is a parameter.
    sql = (
        f"SELECT {users.sql}, {profiles.sql}, {learners.sql}"  # noqa: S608
        f" FROM {quote(user_model._meta.db_table)} u"
        f" LEFT JOIN {quote(Profile._meta.db_table)} p"
        f" ON p.{quote(Profile.user.field.column)} = u.{user_pk}"
        f" LEFT JOIN {quote(Learner._meta.db_table)} l"
        f" ON l.{quote(Learner.user.field.column)} = u.{user_pk}"
        f" WHERE u.{user_pk} = %s"
    )
    return sql, users, profiles, learners


def load_user(user_id):
    """The user with ``user_id``, their profile and their learner already attached (as
    ``select_related("profile", "learner")`` would), or None."""
    from .models import Learner, Profile

    user_model = get_user_model()
    try:
        user_id = user_model._meta.pk.to_python(user_id)
    except ValidationError:
        return None
    using = router.db_for_read(user_model)
    sql, users, profiles, learners = _user_query(using)
    with connections[using].cursor() as cursor:
        cursor.execute(sql, [user_id])
        row = cursor.fetchone()
    if row is None:
        return None
    user = users.build(row[: len(users)])
    profile = profiles.build(row[len(users) : len(users) + len(profiles)])
    learner = learners.build(row[len(users) + len(profiles) :])
    for related, found in ((Profile.user.field, profile), (Learner.user.field, learner)):
        related.remote_field.set_cached_value(user, found)  # None: known to have none
        if found is not None:
            related.set_cached_value(found, user)
    return user


@cache
def _session_query(model, using: str) -> str:
    quote = connections[using].ops.quote_name
    return (  # names quoted, values as parameters
        f"SELECT {quote('session_data')} FROM {quote(model._meta.db_table)}"  # noqa: S608
        f" WHERE {quote('session_key')} = %s AND {quote('expire_date')} > %s"
    )


def session_data(model, session_key: str) -> str | None:
    """The encoded data of the unexpired session ``session_key``, or None."""
    using = router.db_for_read(model)
    connection = connections[using]
    now = connection.ops.adapt_datetimefield_value(timezone.now())
    with connection.cursor() as cursor:
        cursor.execute(_session_query(model, using), [session_key, now])
        row = cursor.fetchone()
    return row[0] if row else None
