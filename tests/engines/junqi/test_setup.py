"""Setting up (JQ-07, JQ-09, JQ-10, JQ-R03; vectors J14–J16): each rule on its own, the
spec's set-ups, and ``random_setup`` always legal."""

import random
from collections import Counter

import pytest

from engines.junqi import (
    AREAS,
    BOARD,
    COUNTS,
    SetupError,
    area_points,
    check_setup,
    local,
    name,
    point,
    random_setup,
    setup_faults,
)

# A classic defensive set-up for South, typed by hand: the flag in the left
# headquarters with mines round it, bombs behind the front, the marshal in the middle.
CLASSIC = {
    "S00": "mine", "S01": "flag", "S02": "mine", "S03": "lieutenant", "S04": "engineer",
    "S10": "mine", "S11": "captain", "S12": "bomb", "S13": "lieutenant", "S14": "engineer",
    "S20": "major", "S22": "bomb", "S24": "colonel",
    "S30": "brigadier", "S31": "captain", "S33": "major", "S34": "major-general",
    "S40": "colonel", "S42": "marshal", "S44": "brigadier",
    "S50": "engineer", "S51": "general", "S52": "major-general", "S53": "captain",
    "S54": "lieutenant",
}  # fmt: skip


def placed(changes: dict | None = None, drop: tuple = ()) -> dict:
    words = {**CLASSIC, **(changes or {})}
    return {point(p): r for p, r in words.items() if p not in drop}


def swapped(a: str, b: str) -> dict:
    return placed({a: CLASSIC[b], b: CLASSIC[a]})


def faults(placement, area="S"):
    return [(rule, where and name(where)) for rule, where in setup_faults(area, placement)]


def test_jqr03_the_classic_set_up_is_25_pieces_of_the_right_counts_and_legal():
    assert sum(COUNTS.values()) == 25 and Counter(CLASSIC.values()) == COUNTS
    assert check_setup("S", placed()) is None


def test_j14_a_bomb_on_the_front_row():  # JQ-09
    placement = swapped("S51", "S12")
    assert placement[point("S51")] == "bomb"
    assert check_setup("S", placement) == "bomb"
    assert faults(placement) == [("bomb", "S51")]


def test_j15_a_mine_in_a_camp():  # JQ-R03, JQ-10
    placement = placed({"S21": "mine"}, drop=("S10",))
    assert check_setup("S", placement) == "camp"
    assert faults(placement) == [("camp", "S21"), ("mine", "S21")]


def test_j16_a_mine_on_the_back_rail_and_the_flag_in_the_right_headquarters():
    placement = placed({"S12": "mine", "S10": "bomb", "S03": "flag", "S01": "lieutenant"})
    assert Counter(placement.values()) == COUNTS
    assert check_setup("S", placement) is None


def test_jq07_the_flag_stands_in_a_headquarters():
    for where in ("S00", "S13", "S52"):
        placement = swapped("S01", where)
        assert faults(placement) == [("flag", where)]
    assert check_setup("S", swapped("S01", "S03")) is None  # the other headquarters


def test_jq09_no_bomb_on_the_front_row():
    for j in range(5):
        where = f"S5{j}"
        assert faults(swapped("S12", where)) == [("bomb", where)]
    assert check_setup("S", swapped("S12", "S44")) is None  # the row behind is allowed


def test_jq10_mines_only_on_the_last_two_rows():
    for where in ("S20", "S31", "S42", "S53"):
        assert faults(swapped("S10", where)) == [("mine", where)]
    for where in ("S04", "S14", "S13"):  # the headquarters row and the back railway
        assert check_setup("S", swapped("S10", where)) is None


def test_jqr03_25_pieces_of_the_right_counts_on_the_25_points_that_are_not_camps():
    assert faults(placed(drop=("S54",))) == [("count", None)]
    assert faults(placed({"S54": "marshal"})) == [("count", None)]
    assert faults(placed({"S32": "captain"}, drop=("S53",))) == [("camp", "S32")]
    outside = placed(drop=("S54",))
    outside[point("N54")] = "lieutenant"
    assert faults(outside) == [("outside", "N54")]
    assert {rule for rule, _where in faults(placed(), area="N")} == {"outside"}
    assert len(faults(placed(), area="N")) == 25


def test_a_fault_has_its_reason_in_both_languages():
    for code in ("count", "outside", "camp", "flag", "bomb", "mine"):
        reason = SetupError(code).reason
        assert reason["zh"] and reason["en"]


@pytest.mark.parametrize("area", AREAS)
def test_random_set_ups_are_always_legal(area):
    rng = random.Random(f"setup-{area}")
    flags = Counter()
    for _ in range(250):
        placement = random_setup(area, rng)
        assert check_setup(area, placement) is None
        assert Counter(placement.values()) == COUNTS and len(placement) == 25
        assert set(placement) == {p for p in area_points(area) if BOARD.kind(p) != "camp"}
        flags[next(local(p)[2] for p, r in placement.items() if r == "flag")] += 1
    assert set(flags) == {1, 3}  # either headquarters
