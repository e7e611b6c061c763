"""``manage.py generate_puzzles go``: a seeded run writes the same files every time,
``--check`` says when the files differ, and what it writes proves and loads."""

import re
import shutil
import tomllib
from io import StringIO
from pathlib import Path

import pytest
from django.conf import settings
from django.core.management import call_command
from django.core.management.base import CommandError

from engines.go.problems import Task, verify
from puzzles.models import Puzzle
from tests.helpers import repeated, shipped_puzzles

# One short 9x9 game: a capture in one and an escape from atari come out of it.
RUN = {"games": 1, "seed": 2, "moves": 12, "processes": 1}


@pytest.fixture(scope="module")
def written(tmp_path_factory):
    root = tmp_path_factory.mktemp("content")
    out = root / "go" / "puzzles"
    report = StringIO()
    call_command("generate_puzzles", "go", **RUN, out=out, stdout=report)
    return root, out, report.getvalue()


def sgf_files(out: Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in sorted((out / "sgf" / "generated").glob("*.sgf"))}


def test_the_run_reports_its_figures(written):
    _root, _out, report = written
    assert re.search(r"1 games, \d+ positions tried, \d+ candidates read", report)
    assert "by rating:" in report and "by theme:" in report


def test_every_problem_written_proves_and_starts_at_the_bottom(written):
    _root, out, _report = written
    puzzles = tomllib.loads((out / "generated.toml").read_text())["puzzles"]
    assert len(puzzles) >= 2
    kinds = {p["kind"] for p in puzzles}
    assert kinds == {"go.capture", "go.escape"}
    for puzzle in puzzles:
        text = (out / puzzle["sgf"]).read_bytes()
        aim = "capture" if puzzle["kind"] == "go.capture" else "save"
        assert verify(Task.from_sgf(text, aim)) == [], puzzle["slug"]
        assert b"seed" not in text.lower() and b"generat" not in text.lower()
    # First-day problems, below the hand-written library's easiest (550).
    assert min(p["rating"] for p in puzzles) < 550


def test_the_same_seed_writes_the_same_files_and_check_says_so(written):
    _root, out, _report = written
    before = sgf_files(out)
    report = StringIO()
    call_command("generate_puzzles", "go", **RUN, out=out, check=True, stdout=report)
    assert "match" in report.getvalue()
    assert sgf_files(out) == before


def test_check_fails_when_a_file_was_edited(written, tmp_path):
    _root, out, _report = written
    copy = tmp_path / "puzzles"
    shutil.copytree(out, copy)
    toml = copy / "generated.toml"
    toml.write_text(toml.read_text().replace("rating = ", "rating = 1", 1))
    with pytest.raises(CommandError, match="differ from a fresh run"):
        call_command("generate_puzzles", "go", **RUN, out=copy, check=True, stdout=StringIO())


@pytest.mark.django_db
def test_the_problems_load_and_repeat_nothing(written):
    root, out, _report = written
    assert repeated(shipped_puzzles(root)) == []
    shutil.copy(Path(settings.CONTENT_DIR) / "themes.toml", root / "themes.toml")
    call_command("load_content", dir=root, stdout=StringIO())
    count = len(tomllib.loads((out / "generated.toml").read_text())["puzzles"])
    assert Puzzle.objects.filter(game="go", slug__startswith="go-gen-").count() == count
