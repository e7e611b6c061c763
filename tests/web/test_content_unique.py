"""No two shipped puzzles ask the same question.

Two puzzles ask the same question when they are of the same kind and their data
are the same once the slug and the wording are set aside: the kind judges the
answers from the data alone. The data are compared as the engine reads them:

* Go problems by their SGF set-up (board size, stones, who plays) and the marked
  stones, not by the solution tree or its comments;
* Renju positions by the stones on the board and the side to move, whatever the
  move order that reached them (except ``renju.claim``, whose answer depends on the
  order: a foul stands once white has played on);
* Dagunzi cards as sets (a hand or a play in any order is the same hand), with the
  data's defaults filled in.

The check reads the content files directly (no database, no proofs), so it covers
every library puzzle and every inline lesson exercise of every game.
"""

from __future__ import annotations

import json
import tomllib
from collections import defaultdict
from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import Any

import pytest
from django.conf import settings

from engines.cards import parse_cards
from engines.go.sgf import read_problem
from puzzles.kinds.renju import position

CONTENT = Path(settings.CONTENT_DIR)


def shipped_puzzles(root: Path = CONTENT) -> Iterator[tuple[str, str, str, dict[str, Any]]]:
    """(game, where, kind, data) of every library puzzle and inline lesson exercise."""
    for game_dir in sorted(p for p in root.iterdir() if p.is_dir() and not p.name.startswith(".")):
        game = game_dir.name
        for path in sorted((game_dir / "puzzles").glob("*.toml")):
            for table in tomllib.loads(path.read_text(encoding="utf-8")).get("puzzles", []):
                data = dict(table.get("data", {}))
                if "sgf" in table:
                    data["sgf"] = (path.parent / table["sgf"]).read_text(encoding="utf-8")
                yield game, f"{path.name}: {table['slug']}", table["kind"], data
        for path in sorted((game_dir / "lessons").glob("*.toml")):
            steps = tomllib.loads(path.read_text(encoding="utf-8")).get("steps", [])
            for number, step in enumerate(steps, start=1):
                exercise = step.get("exercise")
                if isinstance(exercise, Mapping):
                    data = dict(exercise.get("data", {}))
                    where = f"{path.name}: step {number}"
                    yield game, where, exercise["kind"], data


def _plain(value: Any) -> Any:
    """Strings with their spacing evened out, lists and tables compared as written."""
    if isinstance(value, str):
        return " ".join(value.replace(",", " ").split())
    if isinstance(value, Mapping):
        return {key: _plain(item) for key, item in value.items()}
    if isinstance(value, list | tuple):
        return [_plain(item) for item in value]
    return value


def _go(kind: str, data: Mapping[str, Any]) -> Any:
    if "sgf" not in data:
        return _plain(data)
    problem = read_problem(data["sgf"])
    return {
        "size": problem.size,
        "black": sorted(problem.black),
        "white": sorted(problem.white),
        "to_move": problem.to_move,
        "marked": sorted(problem.marked),
        "rest": _plain({k: v for k, v in data.items() if k != "sgf"}),
    }


POSITION_KEYS = {"black", "white", "to_move", "moves", "diagram", "rules"}


def _renju(kind: str, data: Mapping[str, Any]) -> Any:
    board = position(data)
    key = {
        "rules": data.get("rules", "renju"),
        "black": sorted(board.stones(1)),
        "white": sorted(board.stones(2)),
        "to_move": board.to_move,
        "rest": _plain({k: v for k, v in data.items() if k not in POSITION_KEYS}),
    }
    if kind == "renju.claim":
        key["moves"] = _plain(data.get("moves", ""))
    return key


# Dagunzi: card fields that are one set of cards, and fields that are lists of plays.
CARD_SETS = {"hand", "kitty", "cards", "dealer_bury"}
PLAY_LISTS = {"options", "accepted"}  # the order of the options does not matter
TRICKS = {"trick", "plays"}  # the order of the plays does
DAGUNZI_DEFAULTS = {"dealer": 0, "leader": 0, "rules": "lianzhong", "follow": "dead"}


def _cards(value: Any) -> list[int]:
    return sorted(int(card) for card in parse_cards(value))


def _dagunzi(kind: str, data: Mapping[str, Any]) -> Any:
    key: dict[str, Any] = dict(DAGUNZI_DEFAULTS)
    for name, value in data.items():
        if name in CARD_SETS:
            key[name] = _cards(value)
        elif name == "hands":
            key[name] = [_cards(hand) for hand in value]
        elif name in TRICKS:
            key[name] = [_cards(play) for play in value]
        elif name in PLAY_LISTS:
            key[name] = sorted(_cards(play) for play in value)
        else:
            key[name] = _plain(value)
    return key


QUESTION = {"go": _go, "renju": _renju, "dagunzi": _dagunzi}


def question(game: str, kind: str, data: Mapping[str, Any]) -> str:
    """What a puzzle asks, as comparable text: its kind and its data, read as above."""
    read = QUESTION.get(game, lambda _kind, data: _plain(data))
    return json.dumps([kind, read(kind, data)], sort_keys=True, ensure_ascii=False)


def repeated(puzzles) -> list[list[str]]:
    """The groups of puzzles that ask the same question."""
    seen: dict[str, list[str]] = defaultdict(list)
    for game, where, kind, data in puzzles:
        seen[question(game, kind, data)].append(f"{game}/{where}")
    return [group for group in seen.values() if len(group) > 1]


def test_no_two_shipped_puzzles_ask_the_same_question():
    assert repeated(shipped_puzzles()) == []


RENJU = {"black": "h8 i9", "white": "h9 g7"}
SGF = "(;FF[4]SZ[9]PL[B]AB[cc][dc]AW[cd]TR[cd]{tail})"


@pytest.mark.parametrize(
    ("first", "second", "same"),
    [
        # Renju: the same stones reached in another order, only the slug apart.
        (("renju", "renju.vcf", {"moves": "h8 h9 i9 g7"}), ("renju", "renju.vcf", RENJU), True),
        (("renju", "renju.vcf", RENJU), ("renju", "renju.five", RENJU), False),
        (
            ("renju", "renju.is_forbidden", {**RENJU, "point": "j10"}),
            ("renju", "renju.is_forbidden", {**RENJU, "point": "j8"}),
            False,
        ),
        (
            ("renju", "renju.claim", {"moves": "h8 h9 i9 g7"}),
            ("renju", "renju.claim", {"moves": "h8 g7 i9 h9"}),
            False,
        ),
        # Go: the set-up and the marked stones, whatever the tree and its comments.
        (
            ("go", "go.capture", {"sgf": SGF.format(tail="(;B[ce]C[Right.])")}),
            ("go", "go.capture", {"sgf": SGF.format(tail="(;B[ce]C[Correct!])(;B[bd]BM[1])")}),
            True,
        ),
        (
            ("go", "go.capture", {"sgf": SGF.format(tail="(;B[ce])")}),
            ("go", "go.escape", {"sgf": SGF.format(tail="(;B[ce])")}),
            False,
        ),
        # Dagunzi: a hand in any order is the same hand; the default dealer is seat 0.
        (
            ("dagunzi", "dagunzi.count", {"cards": "♥K ♦5 ♦10"}),
            ("dagunzi", "dagunzi.count", {"cards": ["♦10", "♥K", "♦5"], "dealer": 0}),
            True,
        ),
        (
            ("dagunzi", "dagunzi.winner", {"plays": [["♥8"], ["♥9"]], "level": 3, "trump": "♠"}),
            ("dagunzi", "dagunzi.winner", {"plays": [["♥9"], ["♥8"]], "level": 3, "trump": "♠"}),
            False,
        ),
    ],
)
def test_what_counts_as_the_same_question(first, second, same):
    puzzles = [(first[0], "a", first[1], first[2]), (second[0], "b", second[1], second[2])]
    assert bool(repeated(puzzles)) is same
