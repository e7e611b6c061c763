"""``python -m engines.shengji``: follow, winner, throw and solve, JSON in and out; bad
input exits 2 with a message."""

import json
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[3]


def run(command, stdin):
    if not isinstance(stdin, str):
        stdin = json.dumps(stdin, ensure_ascii=False)
    return subprocess.run(
        [sys.executable, "-m", "engines.shengji", command],
        capture_output=True,
        text=True,
        input=stdin,
        cwd=ROOT,
        timeout=60,
    )


def ok(command, data):
    done = run(command, data)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


def test_follow_lists_every_distinct_legal_play_once():
    # SH8: a tractor held must be played.
    data = {"hand": ["♠9", "♠9", "♠10", "♠10", "♠3", "♦5"], "lead": ["♠5", "♠5", "♠6", "♠6"]}
    assert ok("follow", {**data, "level": 2, "trump": "♥"}) == {
        "legal": [["♠9", "♠9", "♠10", "♠10"]]
    }
    short = ok(
        "follow", {"hand": ["♠3", "♦9", "♦9"], "lead": ["♠K", "♠K"], "level": "2", "trump": "NT"}
    )
    assert sorted(map(tuple, short["legal"])) == [("♠3", "♦9")]


def test_winner_counts_from_the_leader():
    # SH13 with the lead at seat 2: the first ♣A wins.
    data = {"plays": [["♣A"], ["♣A"], ["♣3"], ["♣4"]], "leader": 2, "level": 2, "trump": "♥"}
    assert ok("winner", data) == {"winner": 2}


def test_throw_says_what_is_forced():
    data = {
        "throw": ["♠A", "♠A", "♠K"],
        "hands": [["♠A", "♦3"], ["♠Q"], ["♣3"]],
        "level": 2,
        "trump": "♥",
    }
    result = ok("throw", data)
    assert result["ok"] is False and result["forced"] == ["♠K"]
    assert result["failing"] == [{"unit": ["♠K"], "hand": 0, "beaten_by": ["♠A"]}]


def test_solve_gives_the_best_plays():
    data = {
        "hands": [["♥A", "♥A"], ["♥K", "♥K"], ["♥3", "♥4"], ["♠5", "♠6"]],
        "to_play": 1,
        "level": 2,
        "trump": "♠",
        "dealer": 0,
        "kitty_points": 10,
    }
    # The single ♥K lets seat 3 ruff twice (a pair lead could not be ruffed by ♠5 ♠6,
    # SJ-15): all 25 points and the kitty doubled.
    result = ok("solve", data)
    assert result["attackers"] == 45 and result["best"] == [["♥K"]]


@pytest.mark.parametrize(
    ("command", "stdin", "words"),
    [
        ("follow", "not json", "error"),
        ("follow", [], "JSON object"),
        ("follow", {"hand": ["♠3"], "lead": ["♠K"], "trump": "♥"}, "level"),
        ("follow", {"hand": ["♠3"], "lead": ["♠K"], "level": 1, "trump": "♥"}, "level"),
        ("follow", {"hand": ["♠3"], "lead": ["♠K"], "level": 2, "trump": "X"}, "suit"),
        ("follow", {"hand": ["♠Z"], "lead": ["♠K"], "level": 2, "trump": "♥"}, "not a card"),
        ("follow", {"hand": [], "lead": ["♠K"], "level": 2, "trump": "♥"}, "fewer cards"),
        (
            "follow",
            {"hand": ["♠3", "♠4"], "lead": ["♠K", "♥3"], "level": 2, "trump": "♣"},
            "one suit",
        ),
        ("winner", {"plays": [["♣A"], ["♣A", "♣3"]], "level": 2, "trump": "♥"}, "as many"),
        ("throw", {"throw": ["♠A"], "hands": [], "level": 2, "trump": "♥"}, "three"),
        ("solve", {"hands": [], "level": 2}, "missing"),
    ],
)
def test_bad_input_exits_2_with_a_message(command, stdin, words):
    done = run(command, stdin)
    assert done.returncode == 2
    assert done.stdout == ""
    assert words in done.stderr
