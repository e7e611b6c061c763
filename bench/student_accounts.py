"""Student accounts benchmark: a teacher makes 40 accounts with one-time passwords.

Run from the repository root::

    .venv/bin/python bench/student_accounts.py            # about half a minute

In process, with production settings (DEBUG off, Django's default password
hasher, PBKDF2-SHA256 at Django's iteration count) and a fresh SQLite database
of its own under the temporary directory, it measures:

* the reference: hashing one password with the site's hasher, as a child's own
  password is hashed when they choose it (``make_password``);
* ``classrooms.services.create_students`` for a class of 40 names, exactly as
  the "Add students" form calls it, in ``--rounds`` rounds (a new class each);
* for comparison, 40 full-strength hashes one after another and in a pool of
  two threads (what the accounts would cost if every one-time password were
  hashed like a chosen one);

then logs one account of the last round in with its one-time password (the run
fails if it cannot) and reports how its stored hash changed at that log-in.

Each time is also printed as a ratio to the reference measured in the same run,
so the figures compare across machines and loads. A measurement, not a test: it
exits 0 whatever the times, 1 when the run itself fails.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from load import BenchError, bench_environment, run_bench  # bench/ is on sys.path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

WORK_DIR = Path(tempfile.gettempdir()) / "qipai-bench-accounts"
SURNAMES = "王李张刘陈杨黄赵吴周徐孙马朱胡郭何高林罗"
GIVEN = "明华强伟芳娜敏静丽军"
STUDENTS = 40


def names(count: int) -> list[str]:
    """Chinese names and a few Latin ones, as a class list has them."""
    found = [SURNAMES[i % len(SURNAMES)] + GIVEN[i % len(GIVEN)] for i in range(count)]
    for i in range(0, count, 9):
        found[i] = f"Student {i}"
    return found


def setup() -> None:
    WORK_DIR.mkdir(exist_ok=True)
    environment = bench_environment(WORK_DIR, host="testserver")
    os.environ.clear()
    os.environ.update(environment)
    path = Path(environment["DJANGO_SQLITE_PATH"])
    for suffix in ("", "-wal", "-shm"):
        Path(f"{path}{suffix}").unlink(missing_ok=True)

    import django
    from django.core.management import call_command

    django.setup()
    call_command("migrate", verbosity=0, interactive=False)


def timed(action) -> float:
    started = time.perf_counter()
    action()
    return time.perf_counter() - started


def body(args) -> None:
    setup()
    from django.contrib.auth import authenticate, get_user_model
    from django.contrib.auth.hashers import get_hasher, identify_hasher, make_password

    from classrooms import services
    from classrooms.models import Membership

    hasher = get_hasher()
    print(f"hasher: {hasher.algorithm}, {getattr(hasher, 'iterations', '?')} iterations")
    print(f"{os.cpu_count()} CPUs; {STUDENTS} students a class; {args.rounds} rounds\n")
    teacher = get_user_model().objects.create_user("bench-teacher", password=None)
    teacher.profile.is_teacher = True
    teacher.profile.save()
    text = "\n".join(names(STUDENTS))

    rows: dict[str, list[float]] = {"reference": [], "accounts": [], "serial": [], "pool": []}
    passwords = [f"pass-{i:04d}" for i in range(STUDENTS)]
    batch = None
    for number in range(args.rounds):
        rows["reference"].append(timed(lambda: make_password("abcd-efgh")))
        classroom = services.create_classroom(teacher, name=f"三年级{number}班")

        def create(classroom=classroom):
            nonlocal batch
            batch = services.create_students(classroom, text, teacher=teacher)

        rows["accounts"].append(timed(create))
        if not args.quick:
            rows["serial"].append(timed(lambda: [make_password(p) for p in passwords]))
            with ThreadPoolExecutor(2) as pool:
                rows["pool"].append(timed(lambda: list(pool.map(make_password, passwords))))

    reference = statistics.median(rows["reference"])
    labels = {
        "reference": "hash one password (reference)",
        "accounts": f"create_students: {STUDENTS} accounts",
        "serial": f"{STUDENTS} full-strength hashes, one after another",
        "pool": f"{STUDENTS} full-strength hashes, 2 threads",
    }
    print(f"{'what':52} {'median':>9} {'range':>17} {'ratio':>7}")
    for key, label in labels.items():
        times = rows[key]
        if not times:
            continue
        median = statistics.median(times)
        spread = f"{min(times):.3f}-{max(times):.3f}"
        print(f"{label:52} {median:8.3f}s {spread:>16}s {median / reference:7.1f}")

    membership = Membership.objects.filter(batch=batch).select_related("student").first()
    student, password = membership.student, membership.initial_password
    before = identify_hasher(student.password), student.password.split("$")[1]
    if authenticate(username=student.username, password=password) is None:
        raise BenchError(f"{student.username} cannot log in with their one-time password")
    student.refresh_from_db()
    after = identify_hasher(student.password), student.password.split("$")[1]
    print(
        f"\nlog-in with the one-time password: ok; the stored hash went from "
        f"{before[0].algorithm} {before[1]} to {after[0].algorithm} {after[1]} iterations"
    )


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument(
        "--quick", action="store_true", help="skip the full-strength comparison rows"
    )
    args = parser.parse_args()
    return run_bench(lambda: body(args))


if __name__ == "__main__":
    sys.exit(main())
