"""``junqi.point`` with an ``area``: the point must be of the kind asked and in the
army named, so a lesson can ask for a headquarters of your ally or a camp of an
enemy, not only any one on the board."""

from __future__ import annotations

import pytest

from puzzles.kinds import CORRECT, WRONG, InvalidPuzzle, get_kind


def judge(data: dict, clicked: str):
    kind = get_kind("junqi.point")
    kind.validate(data)
    state = kind.start(data)
    verdict, state = kind.check(data, state, kind.parse_answer(data, state, {"move": clicked}))
    return verdict, kind.board(data, state, verdict=verdict, interactive=False)


def test_a_point_of_the_kind_in_the_army_named_is_right():
    verdict, board = judge({"ask": "hq", "area": "north"}, "N03")
    assert verdict.status == CORRECT
    assert "N03" in board and "N01" in board  # North's area is drawn


def test_the_same_kind_in_another_army_is_wrong_and_says_whose_it_is():
    verdict, _board = judge({"ask": "hq", "area": "north"}, "S01")
    assert verdict.status == WRONG
    assert "South's area" in verdict.message["en"]
    assert "南家" in verdict.message["zh"]
    verdict, _board = judge({"ask": "rail", "area": "east"}, "C5")
    assert verdict.status == WRONG
    assert "centre" in verdict.message["en"]


def test_without_an_area_any_point_of_the_kind_is_right():
    verdict, _board = judge({"ask": "camp"}, "E32")
    assert verdict.status == CORRECT
    verdict, _board = judge({"ask": "camp"}, "S22")
    assert verdict.status == WRONG


def test_the_prompt_names_the_army():
    prompt = get_kind("junqi.point").prompt({"ask": "camp", "area": "west"})
    assert "西家" in prompt["zh"] and "West's area" in prompt["en"]


@pytest.mark.parametrize("area", ["centre", "S", 3])
def test_an_unknown_army_is_refused(area):
    with pytest.raises(InvalidPuzzle):
        get_kind("junqi.point").validate({"ask": "camp", "area": area})
