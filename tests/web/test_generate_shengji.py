"""``manage.py generate_puzzles shengji``: open endings proven by the solver, written as
content that loads, the same for the same seed."""

import shutil
import tomllib
from io import StringIO
from pathlib import Path

import pytest
from django.conf import settings
from django.core.management import call_command

from engines.shengji.solver import Ending, solve
from puzzles.models import Puzzle


def generate(out, seed=7):
    call_command("generate_puzzles", "shengji", count=4, seed=seed, out=out, stdout=StringIO())
    return (out / "generated-endings.toml").read_text()


@pytest.mark.django_db
def test_a_small_run_writes_endings_that_load(tmp_path):
    out = tmp_path / "shengji" / "puzzles"
    text = generate(out)
    written = tomllib.loads(text)["puzzles"]
    assert len(written) == 4
    for puzzle in written:
        data = puzzle["data"]
        ending = Ending.from_json({**data, "to_play": 0})
        solution = solve(ending)
        values = set(solution.values.values())
        assert len(values) > 1  # something to find
        assert 2 * len(solution.best) < len(solution.values)  # the best are few
        best = [c.text() for c in solution.best[0]]
        assert " ".join(best) in puzzle["explanation"]["en"]
    assert generate(tmp_path / "again") == text  # seeded: the same file again
    shutil.rmtree(tmp_path / "again")
    shutil.copy(Path(settings.CONTENT_DIR) / "themes.toml", tmp_path / "themes.toml")
    call_command("load_content", dir=tmp_path, stdout=StringIO())
    assert Puzzle.objects.filter(game="shengji", kind="shengji.play").count() == 4
