"""``manage.py generate_puzzles renju``: puzzles from engine-played games, graded, and loadable."""

import shutil
import tomllib
from io import StringIO
from pathlib import Path

import pytest
from django.conf import settings
from django.core.management import call_command

from engines.renju import WHITE, Board, parse_points
from engines.renju.generate import ForbiddenDrill, grade_forbidden, grade_vcf, stones_key
from puzzles.games.renju.generate import Generator, vcf_explanation
from puzzles.models import Puzzle
from tests.engines.renju.positions import CASES
from tests.helpers import repeated, shipped_puzzles


def case(name):
    return next(c for c in CASES if c.name.startswith(name))


def test_grading_sees_what_makes_a_point_hard():
    plain, _ = case("3x3 cross").board()
    assert grade_forbidden(plain).decoys == {}
    false, point = case("false 3x3: the row's straight-four point").board()
    # Black's own fouls are needed for a drill: add a plain double-three far away.
    from engines.renju import BLACK, WHITE, Board

    far = ["m2", "n3", "m4", "l3"]  # m3 is a double-three
    board = Board.setup([*false.stones(BLACK), *far], false.stones(WHITE))
    drill = grade_forbidden(board)
    assert drill.decoys[point] == "recursive"
    assert "false-three" in drill.themes
    nested, point = case("nested twice").board()
    drill = grade_forbidden(nested)
    assert drill.decoys[point] == "nested"
    assert drill.rating > grade_forbidden(board).rating > grade_forbidden(plain).rating


@pytest.mark.django_db
def test_a_small_run_writes_puzzles_that_load(tmp_path):
    out = tmp_path / "renju" / "puzzles"
    report = StringIO()
    call_command(
        "generate_puzzles",
        "renju",
        games=24,
        forbidden=6,
        is_forbidden=3,
        vcf=6,
        out=out,
        stdout=report,
    )
    assert "24 games" in report.getvalue()
    forbidden = tomllib.loads((out / "generated-forbidden.toml").read_text())["puzzles"]
    fours = tomllib.loads((out / "generated-vcf.toml").read_text())["puzzles"]
    assert {p["kind"] for p in forbidden} == {"renju.forbidden", "renju.is_forbidden"}
    assert len([p for p in forbidden if p["kind"] == "renju.forbidden"]) == 6
    assert len(fours) == 6 and {p["kind"] for p in fours} <= {"renju.vcf", "renju.trap"}
    assert all(p["slug"].startswith("renju-gen-") for p in forbidden + fours)
    assert repeated(shipped_puzzles(tmp_path)) == []
    # The same seed writes the same files.
    again = tmp_path.parent / f"{tmp_path.name}-again"
    call_command(
        "generate_puzzles",
        "renju",
        games=24,
        forbidden=6,
        is_forbidden=3,
        vcf=6,
        out=again,
        stdout=StringIO(),
    )
    assert (again / "generated-vcf.toml").read_text() == (out / "generated-vcf.toml").read_text()
    # Loading proves every one of them with the engine.
    shutil.copy(Path(settings.CONTENT_DIR) / "themes.toml", tmp_path / "themes.toml")
    call_command("load_content", dir=tmp_path, stdout=StringIO())
    assert Puzzle.objects.filter(game="renju").count() == len(forbidden) + len(fours)


def test_a_drill_in_two_bands_is_chosen_once():
    """A blocked three beside an overline is both a "blocked" and a "not only
    double-threes" drill: it was written twice, under two slugs."""
    both = ForbiddenDrill(Board.from_moves("h8 h9 i9"), {0: "overline"}, {1: "blocked"})
    plain = [
        ForbiddenDrill(Board.from_moves(f"h8 {far} i9"), {0: "double-three"})
        for far in ("a1", "a15", "o1", "o15")
    ]
    chosen = Generator().choose_drills([both, *plain], 4)
    assert len(chosen) == 4
    assert len({stones_key(d.board) for d in chosen}) == 4


def test_a_win_on_a_forbidden_block_says_so():
    board = Board.setup("h8 i8 j9 j10 f4 g10 k6 e7", "g5 h6 i7 h9 k10 g7 l8", WHITE)
    drill = grade_vcf(board, min_fours=1)
    assert (drill.finish, drill.foul) == ("foul", "double-three")
    assert drill.line == parse_points("k9 j8")
    zh, en = vcf_explanation(board, drill.line, drill.foul)
    assert zh == (
        "一种胜法：白 k9。黑棋只能挡 j8，但 j8 是三三禁手。"
        "黑棋挡在这里，白棋指出禁手即胜；不挡，白棋成五。"
    )
    assert en == (
        "One winning line: White k9. Black's only block is j8, a double-three, forbidden"
        " for Black. If Black plays there, White points out the foul and wins;"
        " if not, White makes five."
    )
    # Any other win lists the whole line.
    assert vcf_explanation(board, parse_points("k9 j8"), "") == (
        "一种胜法：白 k9、黑 j8。",
        "One winning line: White k9, Black j8.",
    )
