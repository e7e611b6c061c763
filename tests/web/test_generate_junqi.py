"""``manage.py generate_puzzles junqi``: railway-reach and fewest-moves capture
positions from engine-played games, written as content that loads, the same for
the same seed, and saying only what the engine confirms.

The facts an explanation states (how many points, how many attacks, how many need a
turn; the fewest moves, South's legal first moves and the right ones, the line
shown) are worked out here again from the engine, never read from the generator."""

import re
import shutil
import tomllib
from io import StringIO
from pathlib import Path

import pytest
from django.conf import settings
from django.core.management import call_command

from engines.junqi import RAIL, Piece, moves, name, parse_point, play, reach
from engines.junqi.capture import fastest_lines, key
from puzzles.games.junqi.kinds import position
from puzzles.kinds import CONTINUE, CORRECT, get_kind
from puzzles.kinds.moves import FromTo
from puzzles.models import Puzzle

SHIPPED = Path(settings.CONTENT_DIR) / "junqi" / "puzzles"
NAMES = ("reach", "capture")


def generate(out, seed=2026, count=2):
    call_command(
        "generate_puzzles",
        "junqi",
        reach=count,
        capture=count,
        seed=seed,
        out=out,
        stdout=StringIO(),
    )
    return {part: (out / f"generated-{part}.toml").read_text() for part in NAMES}


def puzzles(text):
    return tomllib.loads(text)["puzzles"]


def number(pattern, text) -> int:
    found = re.search(pattern, text)
    assert found, f"{pattern!r} is not in {text!r}"
    return int(found.group(1))


def pairs(path):
    return zip(path, path[1:], strict=False)


def diagonal(a, b) -> bool:
    """A diagonal railway step: only an arc's joint is one (a camp's are roads)."""
    return a in RAIL and b in RAIL and abs(a[0] - b[0]) == 1 and abs(a[1] - b[1]) == 1


def check_reach(puzzle):
    data, said = puzzle["data"], puzzle["explanation"]["en"]
    board = position(data)
    start = parse_point(data["piece"])
    found = reach(board, start)
    assert number(r"It reaches (\d+) points?", said) == len(found)
    attacks = [p for p in found if p in board.pieces]
    if attacks:
        assert number(r", (\d+) of them (?:an )?attacks?", said) == len(attacks)
    else:
        assert "attack" not in said.split(".")[0]
    if board.pieces[start].rank == "engineer":
        plain = board.copy()
        plain.pieces[start] = Piece(0, "lieutenant")
        bent = set(found) - set(reach(plain, start))
        assert number(r"(\d+) of these points need a right-angle turn", said) == len(bent)
        assert 15 <= len(found) <= 60 and len(bent) >= 3
    # The route it names is one move of that piece, and as far as it says.
    route = re.search(r"for example ([A-Z0-9-]+)|the farthest [A-Z0-9]+: ([A-Z0-9-]+)", said)
    points = [parse_point(t) for t in (route.group(1) or route.group(2)).split("-")]
    assert points[0] == start and points[-1] in found
    assert len(points) == len(found[points[-1]])
    if board.pieces[start].rank == "engineer":
        steps = number(r"The farthest is [A-Z0-9]+, (\d+) steps? away", said)
        assert steps == len(points) - 1 == max(len(path) for path in found.values()) - 1
    else:  # round an arc: across the diagonal joint of two areas' front corners
        arcs = [q for q, path in found.items() if any(diagonal(a, b) for a, b in pairs(path))]
        assert number(r"Round an arc it reaches (\d+) points?", said) == len(arcs)
        assert points[-1] in arcs
        # Each piece said to cut a run is there, whose it is said to be.
        cut = said.split("Pieces that cut its straight runs: ")[1].split(".")[0]
        for whose, where in re.findall(
            r"(your own|your ally's|East's|West's) [A-Za-z ]+ on ([A-Z0-9]+)", cut
        ):
            seat = board.pieces[parse_point(where)].seat
            assert {"your own": 0, "your ally's": 2, "East's": 1, "West's": 3}[whose] == seat
    # Every piece left matters: without it, the piece reaches other points.
    for p in board.pieces:
        if p != start:
            trial = board.copy()
            del trial.pieces[p]
            assert reach(trial, start).keys() != found.keys() or p in found
    # Marking the engine's points is right, and the verdict counts as the text does.
    kind = get_kind("junqi.reach")
    state = kind.start(data)
    for p in found:
        _verdict, state = kind.check(data, state, name(p))
    verdict, _state = kind.check(data, state, "done")
    assert verdict.status == CORRECT and f"All {len(found)} found" in verdict.message["en"]


def check_capture(puzzle):
    data, said = puzzle["data"], puzzle["explanation"]["en"]
    board = position(data)
    target = parse_point(data["target"])
    lines = fastest_lines(board, target)
    assert 2 <= lines.moves == data["moves"] <= 4
    assert lines.positions <= 20_000
    assert number(r"^(\d+) moves at the fewest", said) == lines.moves
    legal = moves(board, 0)
    first = lines.best[key(board, 0)]
    assert number(r"South has (\d+) legal first moves", said) == len(legal)
    assert 2 * len(first) < len(legal)  # the right first moves are a strict minority
    if len(first) == 1:
        assert f"only {first[0]} keeps to the fewest" in said
    else:
        assert said.endswith(f"only {len(first)} keep to the fewest: {', '.join(sorted(first))}.")
    # The line shown is played through the puzzle, each move accepted, the last taking it.
    line = said.split("for example ")[1].split(". South has")[0]
    kind = get_kind("junqi.capture")
    state = kind.start(data)
    shown = [part.split(" (")[0] for part in line.split(", ")]
    assert len(shown) == lines.moves
    for i, path in enumerate(shown):
        start, end = path.split("-")[0], path.split("-")[-1]
        verdict, state = kind.check(data, state, FromTo(start, end))
        assert verdict.status == (CORRECT if i == len(shown) - 1 else CONTINUE)
    after = board
    for path in shown[:-1]:
        after, _move = play(
            after, parse_point(path.split("-")[0]), parse_point(path.split("-")[-1])
        )
        assert target in after.pieces


@pytest.mark.django_db
def test_a_small_run_writes_puzzles_that_load_and_say_what_the_engine_finds(tmp_path):
    out = tmp_path / "junqi" / "puzzles"
    texts = generate(out)
    written = {part: puzzles(text) for part, text in texts.items()}
    assert [len(written[part]) for part in NAMES] == [2, 2]
    assert [p["slug"] for p in written["capture"]] == [
        "junqi-gen-capture-001",
        "junqi-gen-capture-002",
    ]
    for puzzle in written["reach"]:
        check_reach(puzzle)
    for puzzle in written["capture"]:
        check_capture(puzzle)
    assert generate(tmp_path / "again") == texts  # seeded: the same files again
    shutil.rmtree(tmp_path / "again")
    shutil.copy(Path(settings.CONTENT_DIR) / "themes.toml", tmp_path / "themes.toml")
    call_command("load_content", dir=tmp_path, stdout=StringIO())
    assert Puzzle.objects.filter(game="junqi", kind="junqi.reach").count() == 2
    assert Puzzle.objects.filter(game="junqi", kind="junqi.capture").count() == 2


def test_the_shipped_files_are_what_the_command_writes(tmp_path):
    texts = generate(tmp_path, count=15)
    for part, text in texts.items():
        shipped = (SHIPPED / f"generated-{part}.toml").read_text()
        assert text == shipped, f"generated-{part}.toml is not what the command writes"
        assert shipped.startswith("# Generated by `manage.py generate_puzzles junqi`")
        assert len(puzzles(shipped)) == 15


@pytest.mark.parametrize("part", NAMES)
def test_every_shipped_puzzle_says_what_the_engine_finds(part):
    for puzzle in puzzles((SHIPPED / f"generated-{part}.toml").read_text()):
        (check_reach if part == "reach" else check_capture)(puzzle)
