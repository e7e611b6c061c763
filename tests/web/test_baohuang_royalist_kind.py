"""``baohuang.royalist``: the copies of the called card the emperor plays are the
ones it showed, not more of them."""

import pytest

from puzzles.kinds import InvalidPuzzle, get_kind

KIND = get_kind("baohuang.royalist")


def candidates(**data):
    KIND.validate(data)
    return KIND.candidates(data)


def test_the_emperor_playing_its_three_shown_copies_is_no_seventh_card():
    played = [[1, "♥5 ♥5 ♥5"], [3, "♣A ♦A"], [1, "BJ ♠2"]]
    found = candidates(emperor=1, called="♥5", hand="♠5 ♣8", played=played, out=[3, 1])
    assert found == {2, 4}


def test_the_emperor_playing_all_four_plays_alone():
    found = candidates(emperor=2, called="♣9", hand="♠9 ♣8", played=[[2, "♣9 ♣9 ♣9 ♣9"]])
    assert found == {None}


def test_a_fifth_copy_is_still_refused():
    with pytest.raises(InvalidPuzzle):
        KIND.validate({"emperor": 2, "called": "♣9", "hand": "♣9", "played": [[2, "♣9 ♣9 ♣9 ♣9"]]})
    with pytest.raises(InvalidPuzzle):
        KIND.validate({"emperor": 2, "called": "♣9", "hand": "♠3", "played": [[3, "♣9 ♣9"]]})
