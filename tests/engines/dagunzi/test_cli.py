"""``python -m engines.dagunzi legal``: JSON in, every distinct legal play out."""

import json
import subprocess
import sys
from collections import Counter
from pathlib import Path

import pytest

from engines.cards import parse_cards
from engines.dagunzi import Order, parse_suit

ROOT = Path(__file__).resolve().parents[3]


def run(stdin, *args):
    if not isinstance(stdin, str):
        stdin = json.dumps(stdin, ensure_ascii=False)
    return subprocess.run(
        [sys.executable, "-m", "engines.dagunzi", *(args or ("legal",))],
        capture_output=True,
        text=True,
        input=stdin,
        cwd=ROOT,
        timeout=60,
    )


def legal(data):
    done = run(data)
    assert done.returncode == 0, done.stderr
    assert done.stderr == ""
    result = json.loads(done.stdout)
    assert set(result) == {"legal"}
    return result["legal"]


def multisets(plays):
    found = [frozenset(Counter(play).items()) for play in plays]
    assert len(found) == len(set(found)), f"a play is listed twice: {plays}"
    return set(found)


def expect(*plays):
    return multisets([play.split() for play in plays])


def test_the_issue_example():
    """♥ held: ♥A ♥A, exactly two against the led ♥88, so both must go (♠7 and BJ are trumps)."""
    data = {
        "hand": ["♥A", "♥A", "♠7", "BJ"],
        "trick": [["♥8", "♥8"]],
        "level": 7,
        "trump": "♠",
        "variant": "dead",
    }
    assert legal(data) == [["♥A", "♥A"]]
    assert legal({**data, "variant": "live"}) == [["♥A", "♥A"]]


def test_ascii_cards_and_suit_letters():
    data = {"hand": ["HA", "ha", "S7", "BJ"], "trick": [["H8", "h8"]], "level": 7, "trump": "S"}
    assert legal(data) == [["♥A", "♥A"]]
    assert legal({**data, "trump": "黑桃"}) == [["♥A", "♥A"]]


@pytest.mark.parametrize(
    "data,expected",
    [
        # 死棒: the 棒 is owed.
        (
            {"hand": ["♥6", "♥6", "♥9", "♠3"], "trick": [["♥8", "♥8"]], "variant": "dead"},
            expect("♥6 ♥6"),
        ),
        # The variant defaults to 死棒.
        ({"hand": ["♥6", "♥6", "♥9", "♠3"], "trick": [["♥8", "♥8"]]}, expect("♥6 ♥6")),
        # 活棒: any two hearts.
        (
            {"hand": ["♥6", "♥6", "♥9", "♠3"], "trick": [["♥8", "♥8"]], "variant": "live"},
            expect("♥6 ♥6", "♥6 ♥9"),
        ),
        # Void in hearts: any card; ♥7 is a trump at level 7.
        ({"hand": ["♣K", "♥7", "BJ"], "trick": [["♥8"]]}, expect("♣K", "♥7", "BJ")),
        # A trump lead: ♥7 and ♦2 follow it, ♥A does not.
        ({"hand": ["♥7", "♥A", "♦2"], "trick": [["♠4"]]}, expect("♥7", "♦2")),
        # Short of suit: the heart and any other card.
        ({"hand": ["♥9", "♣K", "♠3"], "trick": [["♥8", "♥8"]]}, expect("♥9 ♣K", "♥9 ♠3")),
        # A lead (no trick, or an empty one): each card alone and in each group it makes.
        (
            {"hand": ["♥A", "♥A", "♥A", "BJ", "♣3"]},
            expect("♥A", "♥A ♥A", "♥A ♥A ♥A", "BJ", "♣3"),
        ),
        ({"hand": ["♥A", "♥A", "BJ"], "trick": []}, expect("♥A", "♥A ♥A", "BJ")),
        # 死棒 滚子 lead without a 滚子: 棒 + a single of the suit.
        (
            {
                "hand": ["♥6", "♥6", "♥9", "♥J", "♣3"],
                "trick": [["♥8", "♥8", "♥8"], ["♥3", "♥4", "♥5"]],
            },
            expect("♥6 ♥6 ♥9", "♥6 ♥6 ♥J"),
        ),
    ],
)
def test_every_distinct_play_once(data, expected):
    data = {"level": 7, "trump": "♠", **data}
    found = legal(data)
    assert multisets(found) == expected
    order = Order(7, parse_suit("♠"))
    for play in found:  # each play is written as a player sorts it
        assert play == [c.text() for c in order.sorted(parse_cards(play))]


GOOD = {"hand": ["♥A", "♥9"], "trick": [["♥8"]], "level": 7, "trump": "♠", "variant": "dead"}


@pytest.mark.parametrize(
    "stdin",
    [
        pytest.param("not json", id="not-json"),
        pytest.param("", id="no-input"),
        pytest.param("[1, 2]", id="a-list"),
        pytest.param('"hand"', id="a-string"),
        pytest.param("null", id="null"),
        pytest.param({**GOOD, "hand": ["♥A", "X9"]}, id="unknown-card"),
        pytest.param({**GOOD, "hand": ["♥A", 5]}, id="card-not-text"),
        pytest.param({**GOOD, "trick": [["♥1"]]}, id="unknown-card-in-trick"),
        pytest.param({**GOOD, "level": 2}, id="level-2"),
        pytest.param({**GOOD, "level": 11}, id="level-11"),
        pytest.param({**GOOD, "level": "7"}, id="level-text"),
        pytest.param({**GOOD, "level": 7.0}, id="level-float"),
        pytest.param({**GOOD, "level": True}, id="level-bool"),
        pytest.param({k: v for k, v in GOOD.items() if k != "level"}, id="no-level"),
        pytest.param({**GOOD, "trump": "X"}, id="trump-X"),
        pytest.param({**GOOD, "trump": ""}, id="trump-empty"),
        pytest.param({**GOOD, "trump": "♥A"}, id="trump-card"),
        pytest.param({**GOOD, "trump": 5}, id="trump-5"),
        pytest.param({**GOOD, "trump": None}, id="trump-null"),
        pytest.param({**GOOD, "trump": ["♠"]}, id="trump-list"),
        pytest.param({k: v for k, v in GOOD.items() if k != "trump"}, id="no-trump"),
        pytest.param({**GOOD, "trump": True}, id="trump-bool"),
        pytest.param({**GOOD, "variant": "deadly"}, id="variant-unknown"),
        pytest.param({**GOOD, "variant": "死棒"}, id="variant-zh"),
        pytest.param({**GOOD, "variant": None}, id="variant-null"),
        pytest.param({**GOOD, "hand": ["♥A"] * 4}, id="four-copies-in-hand"),
        pytest.param({**GOOD, "hand": ["♥8", "♥8"], "trick": [["♥8", "♥8"]]}, id="four-copies"),
        pytest.param({**GOOD, "trick": [["♥3", "♥4"]]}, id="lead-run"),
        pytest.param({**GOOD, "trick": [["♥3", "♥3", "♥4", "♥4"]]}, id="lead-tractor"),
        pytest.param({**GOOD, "trick": [["♥3", "♣3"]]}, id="lead-two-suits"),
        pytest.param({**GOOD, "trick": [[]]}, id="lead-empty"),
        pytest.param({**GOOD, "trick": [["♥8", "♥8"], ["♥9"]]}, id="unequal-plays"),
        pytest.param({**GOOD, "trick": [["♥8"], ["♥9", "♥10"]]}, id="unequal-plays-longer"),
        pytest.param({**GOOD, "trick": [["♥8"], ["♥9"], ["♥10"], ["♥J"]]}, id="four-plays"),
        pytest.param({**GOOD, "trick": "♥8"}, id="trick-not-a-list"),
        pytest.param({**GOOD, "trick": ["♥8"]}, id="trick-of-cards"),
        pytest.param({**GOOD, "hand": []}, id="empty-hand"),
        pytest.param({k: v for k, v in GOOD.items() if k != "hand"}, id="no-hand"),
        pytest.param({**GOOD, "hand": "♥A ♥9"}, id="hand-not-a-list"),
        pytest.param(
            {**GOOD, "hand": ["♥A"], "trick": [["♥8", "♥8"]]}, id="hand-shorter-than-the-lead"
        ),
    ],
)
def test_bad_input_exits_2(stdin):
    done = run(stdin)
    assert done.returncode == 2, done.stdout
    assert done.stdout == ""
    assert done.stderr.startswith("error: ")
    assert len(done.stderr.strip()) > len("error: ")
    assert "Traceback" not in done.stderr


def test_the_good_input_is_good():
    assert multisets(legal(GOOD)) == expect("♥A", "♥9")


def test_usage_errors_exit_2():
    assert run("{}", "nonsense").returncode == 2
    assert run("{}", "--nonsense").returncode == 2
