"""``python -m engines.junqi``: reach, fight and setup, JSON in and out; bad input exits
2 with a one-line message."""

import json
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[3]

CLASSIC = {
    "S00": "mine", "S01": "flag", "S02": "mine", "S03": "排长", "S04": "工兵",
    "S10": "mine", "S11": "连长", "S12": "bomb", "S13": "lieutenant", "S14": "engineer",
    "S20": "major", "S22": "炸弹", "S24": "colonel",
    "S30": "brigadier", "S31": "captain", "S33": "major", "S34": "major-general",
    "S40": "colonel", "S42": "司令", "S44": "brigadier",
    "S50": "engineer", "S51": "general", "S52": "师长", "S53": "captain", "S54": "lieutenant",
}  # fmt: skip


def run(command, stdin):
    if not isinstance(stdin, str):
        stdin = json.dumps(stdin, ensure_ascii=False)
    return subprocess.run(
        [sys.executable, "-m", "engines.junqi", command],
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


def test_reach_lists_every_end_sorted_with_its_path_and_fight():
    data = {
        "pieces": {
            "S30": ["south", "师长"],
            "S50": ["east", "lieutenant"],
            "S21": ["west", "工兵"],
        },
        "from": "S30",
    }
    found = ok("reach", data)["reach"]
    assert [item["to"] for item in found] == ["S10", "S20", "S31", "S40", "S41", "S50"]
    attack = found[-1]
    assert attack == {
        "to": "S50", "path": ["S30", "S40", "S50"], "attack": "lieutenant", "result": "attacker"
    }  # fmt: skip
    assert found[0] == {"to": "S10", "path": ["S30", "S20", "S10"], "attack": None, "result": None}


def test_reach_of_an_engineer_and_the_rules():
    found = ok("reach", {"pieces": {"S10": ["south", "engineer"]}, "from": "s10"})["reach"]
    assert len(found) == 74
    bomb = {"pieces": {"N11": ["south", "炸弹"], "N01": ["east", "军旗"]}, "from": "N11"}
    assert "N01" in {item["to"] for item in ok("reach", bomb)["reach"]}
    bomb["rules"] = {"bomb_takes_flag": False}
    assert "N01" not in {item["to"] for item in ok("reach", bomb)["reach"]}


def test_fight():
    assert ok("fight", {"attacker": "engineer", "defender": "mine"}) == {"result": "attacker"}
    assert ok("fight", {"attacker": "司令", "defender": "地雷"}) == {"result": "defender"}
    assert ok("fight", {"attacker": "bomb", "defender": "flag"}) == {"result": "flag"}
    refused = ok(
        "fight", {"attacker": "bomb", "defender": "flag", "rules": {"bomb_takes_flag": False}}
    )
    assert refused == {"result": None, "refused": "bomb-flag"}


def test_setup():
    assert ok("setup", {"area": "S", "pieces": CLASSIC}) == {"valid": True}
    bad = {**CLASSIC, "S51": "bomb", "S12": "general"}
    assert ok("setup", {"area": "south", "pieces": bad}) == {
        "valid": False,
        "rule": "bomb",
        "reason": "A bomb may not start on the front row.",
        "point": "S51",
    }
    short = ok("setup", {"area": "S", "pieces": {"S01": "flag"}})
    assert short["valid"] is False and short["rule"] == "count" and short["point"] is None


@pytest.mark.parametrize(
    ("command", "stdin", "words"),
    [
        ("reach", "not json", "Expecting value"),
        ("reach", {"pieces": {"X99": ["south", "engineer"]}, "from": "X99"}, "not a point"),
        ("reach", {"pieces": {"S10": ["south", "knight"]}, "from": "S10"}, "not a piece"),
        ("reach", {"pieces": {"S10": ["red", "engineer"]}, "from": "S10"}, "not a seat"),
        ("reach", {"pieces": {"S10": ["south", "engineer"]}}, "no 'from'"),
        ("reach", {"pieces": {"S10": ["south", "engineer"]}, "from": "S11"}, "no piece on S11"),
        ("reach", {"pieces": {}, "from": "S10", "rules": {"fog": True}}, "unknown rule options"),
        ("reach", {"pieces": {}, "from": "S10", "rules": {"no_capture_limit": 0}}, "whole number"),
        ("reach", [1, 2], "one JSON object"),
        ("fight", {"attacker": "mine", "defender": "flag"}, "never attacks"),
        ("fight", {"attacker": "engineer"}, "no 'defender'"),
        ("setup", {"area": "Q", "pieces": {}}, "not an area"),
        ("setup", {"area": "S", "pieces": {"S01": "dragon"}}, "not a piece"),
        ("setup", {"area": "S", "pieces": ["S01"]}, "maps points to ranks"),
    ],
)
def test_bad_input_exits_2_with_one_line(command, stdin, words):
    done = run(command, stdin)
    assert done.returncode == 2
    assert done.stdout == ""
    assert words in done.stderr and done.stderr.count("\n") == 1
    assert "Traceback" not in done.stderr


def test_an_unknown_command_is_refused():
    done = run("play", {})
    assert done.returncode == 2 and "invalid choice" in done.stderr
