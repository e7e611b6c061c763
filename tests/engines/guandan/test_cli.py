"""``python -m engines.guandan``: classify, beats and legal, JSON in and out; bad
input exits 2 with a one-line message."""

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
        [sys.executable, "-m", "engines.guandan", command],
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


def test_classify_prints_every_reading_with_what_the_wild_stands_for():
    # G7 (GD-R06): two straight flushes and, the wild being another suit, two straights.
    plays = ok("classify", {"cards": "♠3 ♠4 ♠5 ♠6 ♥5", "level": 5})["plays"]
    assert plays[:2] == [
        {"type": "straight-flush", "size": 5, "rank": "7", "suit": "♠", "as": ["♠7"]},
        {"type": "straight-flush", "size": 5, "rank": "6", "suit": "♠", "as": ["♠2"]},
    ]
    assert [p["type"] for p in plays[2:]] == ["straight", "straight"]
    # G5: a lists of cards works too; a wild is never a joker.
    assert ok("classify", {"cards": ["SJ", "♥5"], "level": "5"}) == {"plays": []}


def test_beats_says_which_reading_it_used():
    # G1: a wild straight to A does not beat the natural one.
    data = {"play": "♠10 ♦J ♣Q ♥2 ♠A", "over": "♠10 ♦J ♣Q ♠K ♠A", "level": 2}
    assert ok("beats", data) == {
        "beats": False,
        "as": {"type": "straight", "size": 5, "rank": "A", "as": ["♥K"]},
    }
    # An ambiguous play beats when one reading does: as a straight flush here.
    data = {"play": "♠3 ♠4 ♠5 ♠6 ♥5", "over": "♠9 ♦9 ♣9 ♦9 ♠9", "level": 5}
    result = ok("beats", data)
    assert result["beats"] is True and result["as"]["type"] == "straight-flush"
    # Declared as a straight, it does not beat a bomb.
    assert ok("beats", {**data, "play_as": "straight"})["beats"] is False
    # The table's play declared: over_as picks the straight flush to 6.
    over = {"over": "♠3 ♠4 ♠5 ♠6 ♥5", "over_as": "straight flush to 6", "level": 5}
    assert ok("beats", {**over, "play": "♣3 ♣4 ♣5 ♣6 ♣7"})["beats"] is True
    # Cards that are no combination beat nothing.
    assert ok("beats", {**data, "play": "♠3 ♦5"}) == {"beats": False, "as": None}


def test_legal_lists_every_play_that_beats_the_top():
    data = {"hand": "♠3 ♠4 ♠5 ♠6 ♥5 BJ ♦2", "over": ["♦9"], "level": 5}
    legal = ok("legal", data)["legal"]
    assert [(p["cards"], p["type"], p["rank"]) for p in legal] == [
        (["♠5"], "single", "5"),
        (["♥5"], "single", "5"),
        (["BJ"], "single", "BJ"),
        (["♠5", "♥5", "♠6", "♠4", "♠3"], "straight-flush", "6"),
        (["♠5", "♥5", "♠6", "♠4", "♠3"], "straight-flush", "7"),
    ]
    # over_as picks the table's reading: over a straight to 6, the straight to 7 is legal.
    straight = {"hand": "♣3 ♦4 ♣5 ♦6 ♣7", "over": "♠3 ♠4 ♠5 ♠6 ♥5", "over_as": "straight to 6"}
    assert [p["rank"] for p in ok("legal", {**straight, "level": 5})["legal"]] == ["7"]
    lead = ok("legal", {"hand": "♠3 ♦3", "over": None, "level": 5})["legal"]
    assert [(p["type"], p["cards"]) for p in lead] == [
        ("single", ["♠3"]),
        ("single", ["♦3"]),
        ("pair", ["♠3", "♦3"]),
    ]


@pytest.mark.parametrize(
    ("command", "stdin", "says"),
    [
        ("classify", '{"cards": "♠3", "level": 5', "delimiter"),
        ("classify", "[1, 2]", "JSON object"),
        ("classify", {"cards": "♠3 ♠X", "level": 5}, "not a card"),
        ("classify", {"cards": "♠3 ♠3 ♠3", "level": 5}, "two decks"),
        ("classify", {"cards": "♠3", "level": 1}, "level"),
        ("classify", {"cards": "♠3"}, "level is missing"),
        ("classify", {"cards": 3, "level": 5}, "cards must be cards"),
        ("legal", {"hand": ["♠3", "♠3", "♠3"], "over": None, "level": 5}, "two decks"),
        ("beats", {"play": "♠3", "level": 5}, "over is missing"),
        ("beats", {"play": "♠4", "over": "♠3 ♦5", "level": 5}, "not a combination"),
        ("beats", {"play": "♠3", "over": "♠3 ♠4 ♠5 ♠6 ♥5", "level": 5}, "over_as"),
        ("beats", {"play": "♠3", "over": "♠3 ♠4 ♠5 ♠6 ♥5", "over_as": "tube", "level": 5}, "tube"),
        ("deal", {}, "invalid choice"),  # an unknown command
    ],
)
def test_bad_input_exits_2_with_one_line(command, stdin, says):
    done = run(command, stdin)
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr.count("\n") == 1 and says in done.stderr, done.stderr
