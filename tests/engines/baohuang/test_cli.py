"""``python -m engines.baohuang``: valid, beats, legal, score and solve, JSON in and out;
bad input exits 2 with a one-line message, never a traceback."""

import functools
import io
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
        [sys.executable, "-m", "engines.baohuang", command],
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


def test_valid_says_whether_cards_make_a_set_b1():
    assert ok("valid", {"cards": "SJ ♠9 ♥9"}) == {"valid": True, "reason": None, "set": "SJ 9 9"}
    mixed = ok("valid", {"cards": ["♠9", "♠10"]})
    assert mixed["valid"] is False and "one rank" in mixed["reason"]
    assert ok("valid", {"cards": "小王 大王"})["set"] == "BJ SJ"
    alone = ok("valid", {"cards": "SJ BJ", "rules": "no-joker-sets"})
    assert alone["valid"] is False and "never alone" in alone["reason"]


def test_beats_reads_the_seeds_example_b2_b3():
    table = "SJ SJ ♠9 ♥9 ♦9"
    assert ok("beats", {"play": "BJ BJ ♠J ♥J ♦J", "over": table}) == {"beats": True}
    assert ok("beats", {"play": "BJ BJ BJ ♠J ♥J", "over": table}) == {"beats": True}
    assert ok("beats", {"play": "BJ BJ SJ ♠9 ♥9", "over": table}) == {"beats": False}
    assert ok("beats", {"play": "♠4 ♥4", "over": "♠3 ♥3 ♦3"}) == {"beats": False}


def test_legal_lists_each_set_with_cards_from_the_hand():
    data = {"hand": "♠10 ♥10 SJ ♣3", "over": "♠9 ♦9"}
    assert ok("legal", data)["legal"] == [
        {"set": "10 10", "cards": ["♠10", "♥10"]},
        {"set": "SJ 10", "cards": ["SJ", "♠10"]},
    ]
    lead = ok("legal", {"hand": ["♠10", "SJ"]})["legal"]
    assert [p["set"] for p in lead] == ["10", "SJ", "SJ 10"]
    assert ok("legal", {"hand": "♠10 SJ", "over": None, "rules": "no-joker-sets"})["legal"] == [
        {"set": "10", "cards": ["♠10"]},
        {"set": "SJ 10", "cards": ["SJ", "♠10"]},
    ]
    assert ok("legal", {"hand": "♠10", "over": "BJ ♠3"})["legal"] == []


def test_score_prints_places_points_and_sides_b12():
    result = ok("score", {"order": [0, 2, 3, 1, 4], "emperor": 0, "royalist": 1})
    assert (result["emperors"], result["rebels"], result["winner"]) == (2, -2, "emperor")
    assert result["seats"][1] == {
        "seat": 1,
        "role": "royalist",
        "place": 4,
        "place_name": "二落",
        "points": -2,
        "side_total": 2,
    }
    alone = ok(
        "score", {"order": [1, 0, 2, 3, 4], "emperor": 0, "royalist": None, "open_alone": True}
    )
    assert (alone["emperors"], alone["rebels"], alone["multiplier"]) == (4, -4, 2)
    draw = ok("score", {"order": [0, 2, 3, 4, 1], "emperor": 0, "royalist": 1})
    assert draw["winner"] is None and draw["emperors"] == 0


def test_solve_answers_an_open_ending():
    data = {"hands": ["♠2 ♠3", "♣K", "♣4 ♦4", "♣5 ♦5", "♣6 ♦6"], "emperor": 0, "royalist": 3}
    result = ok("solve", data)
    assert result["value"] is True and result["winning"] == ["2"]
    assert result["refutations"] == [{"play": "3", "line": [[1, "K"]]}]
    jiefeng = {
        "hands": ["♣K ♣8", "♦7", [], "♣6", "♦5"],
        "emperor": 0,
        "royalist": 3,
        "table": {"cards": ["♠9"], "owner": 2},
        "out": [2],
        "goal": "win",
    }
    assert ok("solve", jiefeng)["winning"] == ["pass"]


@pytest.mark.parametrize(
    ("command", "stdin", "says"),
    [
        ("valid", '{"cards": "♠3"', "delimiter"),  # not JSON
        ("valid", "", "Expecting value"),
        ("valid", "[1, 2]", "JSON object"),
        ("valid", {"cards": "♠3 ♠X"}, "not a card"),  # a bad card
        ("valid", {"cards": [3]}, "not a card"),
        ("valid", {"cards": "♠3 ♠3 ♠3 ♠3 ♠3"}, "four decks"),  # 5 copies
        ("legal", {"hand": "BJ BJ BJ BJ BJ ♠3"}, "four decks"),
        ("valid", {}, "cards must be cards"),  # a missing key
        ("beats", {"play": "♠3"}, "over is missing"),
        ("beats", {"over": "♠3"}, "play must be cards"),
        ("beats", {"play": "♠4", "over": "♠3 ♦5"}, "over is no set"),
        ("legal", {"hand": ""}, "no card"),
        ("score", {"emperor": 0, "royalist": 1}, "order must list"),
        ("score", {"order": [0, 1, 2, 3, 4], "royalist": 1}, "emperor must be a seat"),
        ("score", {"order": [0, 1, 2, 3, 4], "emperor": 5, "royalist": 1}, "emperor"),  # bad seat
        ("score", {"order": [0, 1, 2, 3, 4], "emperor": 0, "royalist": 0}, "royalist"),
        ("score", {"order": [0, 1, 2, 3, 4], "emperor": True, "royalist": 1}, "emperor"),
        ("score", {"order": [0, 1, 2, 3, 3], "emperor": 0, "royalist": 1}, "order"),
        ("score", {"order": [0, 1, 2, 3, 4.0], "emperor": 0, "royalist": 1}, "order"),
        ("score", {"order": ["a", 1, 2, 3, 4], "emperor": 0, "royalist": 1}, "order"),
        ("score", {"order": [0, 1, 2, 3, 4], "emperor": 0, "royalist": 1, "open_alone": 1}, "true"),
        (
            "score",
            {"order": [0, 1, 2, 3, 4], "emperor": 0, "royalist": 1, "open_alone": True},
            "明独",
        ),
        ("valid", {"cards": "♠3", "rules": "house"}, "no such Baohuang rules"),  # unknown rules
        ("valid", {"cards": "♠3", "rules": ["standard"]}, "no such Baohuang rules"),
        ("score", {"order": [0, 1, 2, 3, 4], "emperor": 0, "rules": {}}, "no such Baohuang rules"),
        ("solve", {"hands": ["♠3"] * 4, "emperor": 0}, "exactly 5 hands"),
        ("solve", {"emperor": 0}, "no 'hands'"),
        ("solve", {"hands": ["♠3", "♠4", "♠5", "♠6", "♠7"]}, "no 'emperor'"),
        (
            "solve",
            {"hands": ["♠3", "♠4", "♠5", "♠6", "♠7"], "emperor": 9},
            "emperor must be a seat",
        ),
        ("solve", {"hands": ["♠3", "♠4", "♠5", "♠6", "♠X"], "emperor": 0}, "not a card"),
        ("solve", {"hands": ["♠3 ♠3 ♠3", "♠3 ♠3", "♠5", "♠6", "♠7"], "emperor": 0}, "too many"),
        ("solve", {"hands": ["♠3", "♠4", "♠5", "♠6", "♠7"], "emperor": 0, "goal": "x"}, "goal"),
        ("solve", {"hands": ["♠3", "♠4", "♠5", "♠6", "♠7"], "emperor": 0, "rules": 3}, "rules"),
        ("solve", {"hands": ["♠3", "♠4", "♠5", "♠6", "♠7"], "emperor": 0, "out": [1]}, "out"),
        ("solve", {"hands": [1, 2, 3, 4, 5], "emperor": 0}, "must be cards"),
        (
            "solve",
            {"hands": ["♠3", "♠4", "♠5", "♠6", "♠7"], "emperor": 0, "table": {"cards": "♠9"}},
            "table",
        ),
        ("deal", {}, "invalid choice"),  # an unknown command
    ],
)
def test_bad_input_exits_2_with_one_line(command, stdin, says):
    done = run(command, stdin)
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr.count("\n") == 1 and "Traceback" not in done.stderr
    assert says in done.stderr, done.stderr


def test_an_ending_too_big_for_the_node_limit_exits_2(monkeypatch, capsys):
    # The CLI solves within 2,000,000 positions; a smaller limit shows what happens
    # at the limit without waiting for it.
    from engines.baohuang import solver
    from engines.baohuang.__main__ import main

    monkeypatch.setattr(solver, "solve_json", functools.partial(solver.solve_json, node_limit=5))
    hands = ["♠3 ♠4 ♠5 ♠6", "♥3 ♥4 ♥5 ♥6", "♣3 ♣4 ♣5 ♣6", "♦3 ♦4 ♦5 ♦6", "♠J ♠Q ♠K ♠A"]
    data = {"hands": hands, "emperor": 0, "royalist": 1, "goal": "win"}
    monkeypatch.setattr("sys.stdin", io.StringIO(json.dumps(data)))
    assert main(["solve"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "too big" in err and "node limit" in err
