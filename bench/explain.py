"""The query plans of the signed-in pages, on PostgreSQL: every query a learner's and a
teacher's pages make, with ``EXPLAIN (ANALYZE)``, and any table read whole.

Run from the repository root against a database the load benchmark built (its people
are there: ``bench/load.py --database postgres`` or ``bench/scaleout.py`` leave it)::

    DATABASE_URL=postgres://qipai:qipai@127.0.0.1:5432/qipai_bench \\
        .venv/bin/python bench/explain.py

It signs in as the learner and the teacher of ``bench/personas.py``, visits each of
their pages twice (with what is kept of the learner's progress dropped first, so that
the first visit makes every query the page can make; the second counts what a warm
server makes), and explains each query of the first visit twice: as planned (the
time), and with sequential scans forbidden (``enable_seqscan = off``). The benchmark's
tables are small, so the planner may rightly read them whole; a table still read whole
when that is forbidden has no index for the query, and will be read whole when it has
grown. Read-only: nothing is written but the session. """

from __future__ import annotations

import os
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
os.environ.setdefault("DJANGO_ALLOWED_HOSTS", "testserver")
os.environ.setdefault("DJANGO_SECURE_SSL_REDIRECT", "0")


def main() -> int:
    import django

    django.setup()
    from django.db import connection
    from django.test import Client

    from accounts import kept
    from accounts.models import Learner
    from classrooms.models import Assignment

    if connection.vendor != "postgresql":
        print("bench/explain.py reads PostgreSQL's plans: set DATABASE_URL", file=sys.stderr)
        return 2
    learner = Learner.objects.filter(user__username="bench-learner").select_related("user").first()
    assignment = (
        Assignment.objects.filter(created_by__username="bench-teacher").order_by("pk").first()
    )
    if learner is None or assignment is None:
        print("no bench-learner or bench-teacher here: build it with bench/load.py first")
        return 2
    classroom = assignment.classroom_id
    people = {
        "learner": (
            learner.user,
            ["/", "/learn/go/", "/puzzles/go-atari-005/", "/daily/go/", "/review/", "/me/"],
        ),
        "teacher": (
            assignment.created_by,
            [
                "/me/",
                f"/classes/{classroom}/",
                f"/classes/{classroom}/assignments/{assignment.pk}/",
                f"/classes/{classroom}/assignments/{assignment.pk}/results.csv",
                f"/classes/{classroom}/assignments/{assignment.pk}/items/",
            ],
        ),
    }
    sizes = table_sizes(connection)
    unindexed = 0
    for who, (user, paths) in people.items():
        client = Client()
        client.force_login(user)
        for path in paths:
            kept.clear()  # the learner's progress worked out afresh: its queries too
            cold, warm = [], []
            for queries in (cold, warm):

                def keep(execute, sql, params, many, context, queries=queries):
                    queries.append((sql, params))
                    return execute(sql, params, many, context)

                with connection.execute_wrapper(keep):
                    status = client.get(path).status_code
            print(f"\n{who} {path}: {status}, {len(cold)} queries first, {len(warm)} again")
            for sql, params in cold:
                if not sql.lstrip().upper().startswith("SELECT"):
                    continue
                plan = explain(connection, sql, params)
                took = re.search(r"Execution Time: ([\d.]+) ms", plan)
                print(f"  {float(took.group(1)) if took else 0:7.3f} ms  {summary(sql)}")
                forced = explain(connection, sql, params, seqscan=False)
                for table in re.findall(r"Seq Scan on (\w+)", forced):
                    unindexed += 1
                    rows = sizes.get(table, 0)
                    print(f"           no index: {table} read whole ({rows} rows now)")
    print(f"\n{unindexed} reads with no index to serve them")
    return 0


def table_sizes(connection) -> dict[str, int]:
    with connection.cursor() as cursor:
        cursor.execute("ANALYZE")
        cursor.execute("SELECT relname, n_live_tup FROM pg_stat_user_tables")
        return dict(cursor.fetchall())


def explain(connection, sql: str, params, *, seqscan: bool = True) -> str:
    from django.db import transaction

    with transaction.atomic(), connection.cursor() as cursor:
        if not seqscan:
            cursor.execute("SET LOCAL enable_seqscan = off")
        cursor.execute("EXPLAIN (ANALYZE, BUFFERS) " + sql, params)
        return "\n".join(row[0] for row in cursor.fetchall())


def summary(sql: str) -> str:
    """The query in a line: what it reads and how it is filtered."""
    tables = re.findall(r'FROM "(\w+)"', sql)
    where = re.search(r"WHERE (.*?)( ORDER BY| GROUP BY| LIMIT|$)", sql)
    text = f"{', '.join(dict.fromkeys(tables))}"
    if where:
        text += " WHERE " + re.sub(r'"(\w+)"\.', "", where.group(1))[:90]
    return text


if __name__ == "__main__":
    sys.exit(main())
