"""Repairs to the 保皇 kinds found while writing the library puzzles: each test is a
puzzle a writer needs (the emperor playing the called card, a royalist found by
elimination, a 明独's eight tribute cards, an ending's jokers) judged with words that
are true, in both languages."""

from collections import Counter

import pytest

from engines.cards import parse_cards
from puzzles.kinds import CORRECT, InvalidPuzzle, get_kind

ROYALIST = get_kind("baohuang.royalist")


def test_the_emperor_playing_all_four_called_cards_is_a_puzzle_about_du():
    # BH-22: three shown at the call, the fourth played later by the emperor.
    data = {
        "emperor": 3,
        "called": "♠10",
        "hand": "♥10 ♦10 ♣K",
        "played": [[3, "♠10 ♠10 ♠10"], [3, "SJ ♠10"]],
    }
    ROYALIST.validate(data)
    verdict, _state = ROYALIST.check(data, {}, ("alone",))
    assert verdict.status == CORRECT
    assert "独" in verdict.message["zh"] and "all four ♠10" in verdict.message["en"]


def test_the_emperor_playing_its_three_shown_copies_is_no_fifth_copy():
    data = {"emperor": 3, "called": "♥4", "hand": "♣4", "played": [[3, "♥4 ♥4 ♥4"]]}
    ROYALIST.validate(data)
    assert ROYALIST.candidates(data) == {1, 2, 4, None}


def test_a_fourth_copy_beyond_the_emperors_four_is_still_refused():
    data = {
        "emperor": 3,
        "called": "♥4",
        "hand": "♣4",
        "played": [[3, "♥4 ♥4 ♥4 ♥4"], [1, "♥4"]],
    }
    with pytest.raises(InvalidPuzzle):
        ROYALIST.validate(data)


def test_a_royalist_found_by_elimination_is_not_said_to_have_played_the_card():
    # Seats 1 and 4 went out without the ♥7, the emperor (3) with only three: seat 2.
    data = {
        "emperor": 3,
        "called": "♥7",
        "hand": "♠7 ♦J",
        "played": [[1, "♦9 ♦9"], [3, "SJ ♥7 ♥7 ♥7"], [4, "♠Q"]],
        "out": [1, 3, 4],
    }
    verdict, _state = ROYALIST.check(data, {}, (2,))
    assert verdict.status == CORRECT
    assert "打出了" not in verdict.message["zh"] and "played a" not in verdict.message["en"]
    assert "只剩下：对面右边那家" in verdict.message["zh"]
    assert "It can only be the player across on the right" in verdict.message["en"]


def test_the_eight_cards_of_a_lost_mingdu_are_each_shown_once():
    # BH-37, BH-R07: the emperor holds one ♠2, one ♥2, one ♣A and one ♦A.
    tribute = get_kind("baohuang.tribute")
    hand = "BJ BJ SJ ♠2 ♥2 ♣A ♦A ♠K ♥Q ♣10 ♦5"
    data = {
        "order": [2, 0, 3, 4, 1],
        "emperor": 4,
        "open_alone": True,
        "hands": {"4": hand},
        "ask": "count",
    }
    given = Counter(c for p in tribute.plan(data).payments for c in p.options[0])
    assert sum(given.values()) == 8
    assert not given - Counter(parse_cards(hand))
    words = tribute.check(data, {}, 8)[0].message["en"]
    assert words.count("♠2") == 1 and words.count("♣A") == 1


def test_the_card_you_receive_after_a_mingdu_is_the_one_the_words_name():
    tribute = get_kind("baohuang.tribute")
    data = {
        "order": [2, 0, 3, 4, 1],
        "emperor": 4,
        "open_alone": True,
        "hands": {"4": "BJ BJ SJ ♠2 ♥2 ♣A ♦A ♠K ♥Q ♣10 ♦5"},
        "ask": "get",
        "seat": 3,
    }
    # Third out, seat 3 takes the third pair of the eight: the 2 and the ace still left
    # once seat 0 has had the small joker and the ♠2.
    assert tribute.check(data, {}, ("♥2", "♣A"))[0].status == CORRECT
    assert tribute.check(data, {}, ("♠2", "♣A"))[0].status != CORRECT


def test_an_endings_chinese_words_call_the_jokers_by_their_names():
    lead = get_kind("baohuang.lead")
    data = {
        "emperor": 0,
        "royalist": 2,
        "hands": ["♥4 ♠4 SJ", "BJ SJ", "♠2 ♦6 ♠J", "♠J ♥8 ♣3", "♦9 ♥6"],
    }
    verdict, _state = lead.check(data, {}, parse_cards("♥4 ♠4"))
    assert "大王 小王" in verdict.message["zh"] and "BJ" not in verdict.message["zh"]
    assert "小王 4 4" in verdict.answer["zh"]


def test_the_learner_holding_the_fourth_copy_reads_plain_english():
    role = get_kind("baohuang.role")
    data = {
        "ask": "holder",
        "emperor": 3,
        "called": "♥J",
        "hands": {"0": "♥J ♦J", "3": "♥J ♥J ♥J ♠J"},
    }
    verdict, _state = role.check(data, {}, "0")
    assert verdict.status == CORRECT
    assert "you hold the fourth, so you are the royalist" in verdict.message["en"]


@pytest.mark.parametrize(
    ("plays", "left", "words"),
    [
        (
            [[3, "♦5"], [4, "♠Q"], [0, "claim"], [1, "pass"], [2, "pass"], [3, "pass"]],
            {"0": 3, "1": 6, "2": 4, "3": 9, "4": 0},
            "as the next player still in, you take the lead (接风)",
        ),
        (
            [[2, "♠9"], [3, "♥Q"], [4, "pass"], [0, "♠K"], [1, "pass"], [2, "pass"]]
            + [[3, "pass"], [4, "pass"]],
            {"0": 3, "1": 6, "2": 4, "3": 9, "4": 5},
            "as the last to play in this round, you lead the next",
        ),
    ],
)
def test_the_next_leader_being_you_reads_plain_english(plays, left, words):
    kind = get_kind("baohuang.next")
    data = {"plays": plays, "left": left}
    verdict, _state = kind.check(data, {}, 0)
    assert verdict.status == CORRECT
    assert words in verdict.message["en"]
