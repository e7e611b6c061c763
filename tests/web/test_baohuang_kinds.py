"""The 保皇 puzzle kinds as a learner meets them: every answer judged by ``engines.baohuang``.

Each test names the clause (BH-…), reading (BH-R…) or vector (B…) of ``baohuang.md``
it checks. For every kind: data that is valid loads and bad data is refused with the
reason; right and wrong answers get the engine's verdict in the words a learner
reads, in Chinese and English; a tampered form is a ``BadAnswer`` (a 400 on the
site), never an exception; the boards draw in both languages, with and without
their controls, every card and seat with a name a screen reader says; and through
the site each kind's page opens, an answer is judged and recorded, and a bad post
is a 400 that says why.
"""

from __future__ import annotations

import re
from html import unescape
from html.parser import HTMLParser

import pytest
from django.http import QueryDict
from django.test import Client
from django.utils import translation
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engines.baohuang import SEATS, sort_cards, value, value_name
from engines.cards import parse_cards
from puzzles.boards.cards import card_name
from puzzles.kinds import (
    CORRECT,
    ILLEGAL,
    WRONG,
    BadAnswer,
    InvalidPuzzle,
    get_kind,
    with_prepared,
)
from puzzles.models import Attempt, Puzzle
from puzzles.pictures import check_static_board, draw_static_board
from tests.helpers import BIG_HAND
from tests.helpers import text as page_text

HTMX = {"HTTP_HX_REQUEST": "true"}


def text(response) -> str:
    """The page as a learner reads it: no tags, entities read, spaces collapsed."""
    return unescape(page_text(response))


def ready(name: str, data: dict) -> tuple:
    """The kind and the data as a stored puzzle hands it over (prepared)."""
    kind = get_kind(name)
    return kind, with_prepared(data, kind.prepare(data))


def judge(name: str, data: dict, post: dict):
    """Read ``post`` as the site does and judge it on a fresh attempt: the verdict."""
    kind, data = ready(name, data)
    state = kind.start(data)
    return kind.check(data, state, kind.parse_answer(data, state, post))[0]


def words(verdict, *, answer: bool = False) -> tuple[str, str]:
    """What the learner reads: the verdict's message (or the answer it gives away)."""
    said = verdict.answer if answer else verdict.message
    return said["zh"], said["en"]


def refused(name: str, data: dict, match: str) -> None:
    with pytest.raises(InvalidPuzzle, match=match):
        get_kind(name).prepare(data)


def unreadable(name: str, data: dict, post: dict) -> str:
    kind, data = ready(name, data)
    with pytest.raises(BadAnswer) as error:
        kind.parse_answer(data, kind.start(data), post)
    return str(error.value)


# --- baohuang.valid (BH-07, BH-08, BH-R02; B1) ------------------------------------------


@pytest.mark.parametrize(
    ("cards", "rules", "is_set", "zh", "en"),
    [
        ("♠9 ♥9 SJ", None, True, "一个小王带两张9", "one small joker with two 9s"),
        ("♠9 ♠10", None, False, "不是一套牌", "Not a set"),
        ("SJ BJ", None, True, "这里按大多数人的玩法", "As most people play, jokers may go"),
        ("SJ BJ", "no-joker-sets", False, "不能单独出", "never alone"),
        ("♠7 ♥7 ♣7 ♦7 ♠7 ♥7 ♣7 ♦7 BJ", None, True, "一个大王带八张7", "with eight 7s"),
    ],
)
def test_b1_a_set_is_one_rank_with_any_jokers(cards, rules, is_set, zh, en):
    data = {"cards": cards} | ({"rules": rules} if rules else {})
    right, wrong = ("yes", "no") if is_set else ("no", "yes")
    verdict = judge("baohuang.valid", data, {"answer": right})
    assert verdict.status == CORRECT
    said_zh, said_en = words(verdict)
    assert zh in said_zh and en in said_en
    verdict = judge("baohuang.valid", data, {"answer": wrong})
    assert verdict.status == WRONG and words(verdict) == (said_zh, said_en)


def test_valid_refuses_impossible_cards():
    refused("baohuang.valid", {"cards": "♠9 ♠9 ♠9 ♠9 ♠9"}, "too many ♠9")
    refused("baohuang.valid", {"cards": " ".join(["♠9", "♥9", "♣9", "♦9"] * 4 + ["SJ"])}, "1 to 16")
    refused("baohuang.valid", {"cards": ""}, "no card")
    refused("baohuang.valid", {"cards": "♠9 ♠X"}, "cards")
    refused("baohuang.valid", {"cards": "♠9", "rules": "house"}, "no such Baohuang rules")


def test_valid_takes_only_yes_or_no():
    assert unreadable("baohuang.valid", {"cards": "♠9"}, {"answer": "maybe"})
    assert unreadable("baohuang.valid", {"cards": "♠9"}, {})


# --- baohuang.beats (BH-10…BH-15, BH-R01; B2–B8) ----------------------------------------

# (play, table, beats, the first position that fails as the learner reads it in zh, en)
BEATS = [
    ("BJ BJ ♠J ♥J ♦J", "SJ SJ ♠9 ♥9 ♦9", True, "每一张都更大", "every card is higher"),  # B2
    ("BJ BJ BJ ♠J ♥J", "SJ SJ ♠9 ♥9 ♦9", True, "每一张都更大", "every card is higher"),  # B2
    ("BJ BJ SJ ♠9 ♥9", "SJ SJ ♠9 ♥9 ♦9", False, "第 4 张是9对9，一样大", "card 4 is 9 against 9"),
    ("BJ BJ ♠9 ♥9 ♦9", "SJ SJ ♠9 ♥9 ♦9", False, "第 3 张是9对9", "card 3 is 9 against 9: only"),
    ("SJ ♠10 ♥10 ♦10", "SJ ♠9 ♥9 ♦9", False, "第 1 张是小王对小王", "small joker against small"),
    ("♠10 ♥10 ♦10 ♣10", "SJ ♠9 ♥9 ♦9", False, "第 1 张是10对小王，更小", "10 against small joker"),
    ("SJ ♠8 ♥8", "♠9 ♥9 ♦9", False, "第 2 张是8对9，更小", "card 2 is 8 against 9: lower"),  # B6
    ("SJ ♠10 ♥10", "♠9 ♥9 ♦9", True, "小王 10 10 对 9 9 9", "SJ 10 10 against 9 9 9"),  # B6
    ("BJ ♠2", "BJ ♠A", False, "挂大王的牌最大，谁也管不了", "nothing beats it"),  # B7
    ("BJ", "SJ", True, "大王 对 小王", "BJ against SJ"),  # B8
    ("SJ", "♠2", True, "每一张都更大", "every card is higher"),  # B8
    ("♠2 ♥2 ♦2", "♠A ♥A ♦A", True, "2 2 2 对 A A A", "2 2 2 against A A A"),  # B8
    ("♠4 ♥4", "♠3 ♥3 ♦3", False, "桌上是 3 张，这里是 2 张", "the table has 3, this is 2"),
]


@pytest.mark.parametrize(("play", "over", "beats", "zh", "en"), BEATS)
def test_b2_to_b8_compared_card_by_card(play, over, beats, zh, en):
    data = {"play": play, "over": over}
    verdict = judge("baohuang.beats", data, {"answer": "yes" if beats else "no"})
    assert verdict.status == CORRECT
    said_zh, said_en = words(verdict)
    assert zh in said_zh and en in said_en
    verdict = judge("baohuang.beats", data, {"answer": "no" if beats else "yes"})
    assert verdict.status == WRONG and zh in words(verdict)[0]


def test_b5_a_small_joker_set_needs_big_jokers_in_the_rules_words():
    verdict = judge("baohuang.beats", {"play": "SJ ♠10 ♥10 ♦10", "over": "SJ ♠9 ♥9 ♦9"},
                    {"answer": "no"})  # fmt: skip
    assert "挂小王的牌" in verdict.message["zh"] and "点数也要更大" in verdict.message["zh"]
    assert "beaten only by one with big jokers" in verdict.message["en"]


def test_beats_refuses_what_is_no_set_or_no_table():
    refused("baohuang.beats", {"play": "♠9 ♠10", "over": "♠3 ♥3"}, "play is no set")
    refused("baohuang.beats", {"play": "♠9 ♥9", "over": "♠3 ♥4"}, "over is no set")
    refused("baohuang.beats", {"play": "♠9", "over": "♠3", "by": 0}, "another seat's")
    refused("baohuang.beats", {"play": "♠9", "over": "♠3", "by": 5}, "a seat, 0 to 4")
    refused("baohuang.beats", {"play": "♠9 ♠9 ♠9", "over": "♠9 ♠9 ♠9"}, "too many ♠9")
    refused("baohuang.beats", {"play": "♠9"}, "over")


def test_beats_takes_only_yes_or_no():
    assert unreadable("baohuang.beats", {"play": "♠9", "over": "♠3"}, {"answer": "♠9"})


# --- baohuang.legal (BH-14, BH-15, BH-R01) ----------------------------------------------

LEGAL = {
    "hand": "BJ SJ ♠10 ♥10 ♠8 ♠K ♠A ♠3 ♥3",
    "over": "♠9 ♥9",
    "options": [["♠10", "♥10"], ["SJ", "♠8"], ["♠K", "♠A"], ["BJ", "SJ"], ["♠3", "♥3"]],
}


def test_ticking_every_set_that_beats_the_pair_solves_and_explains_each():
    verdict = judge("baohuang.legal", LEGAL, {"answer": "done", "option": ["0", "3"]})
    assert verdict.status == CORRECT
    zh, en = words(verdict)
    assert "♠10 ♥10: beats it." in en and "BJ SJ: beats it." in en
    assert "SJ ♠8: does not beat it." in en and "card 2 is 8 against 9" in en
    assert "♠A ♠K: does not beat it. Not a set" in en
    assert "♠3 ♥3：不行，" in zh and "第 1 张是3对9，更小" in zh


def test_a_wrong_tick_is_explained_and_a_missed_set_only_counted():
    verdict = judge("baohuang.legal", LEGAL, {"answer": "done", "option": ["1", "0"]})
    assert verdict.status == WRONG
    zh, en = words(verdict)
    assert "SJ ♠8: does not beat it." in en and "card 2 is 8 against 9: lower" in en
    assert "1 set that beats it not ticked." in en and "还有 1 套能管的没有勾上" in zh
    assert "BJ SJ" not in en  # the missed set is not given away ...
    assert "BJ SJ: beats it." in words(verdict, answer=True)[1]  # ... until asked for


def test_legal_refuses_options_that_are_all_right_or_not_in_the_hand():
    every = {**LEGAL, "options": [["♠10", "♥10"], ["BJ", "SJ"]]}
    refused("baohuang.legal", every, "every option beats the table")
    refused("baohuang.legal", {**LEGAL, "options": [["♠10", "♦10"]]}, "not in the hand")
    refused("baohuang.legal", {**LEGAL, "options": [["♠3", "♥3"], ["♥3", "♠3"]]}, "same play")
    refused("baohuang.legal", {**LEGAL, "options": []}, "1 to 8 options")
    refused("baohuang.legal", {**LEGAL, "over": "♠9 ♥8"}, "over is no set")
    # The hand holds four ♠9 and the table a fifth: no four decks deal that.
    refused("baohuang.legal", {**LEGAL, "hand": "♠9 ♠9 ♠9 ♠9 ♠10 ♥10", "over": "♠9 ♥9",
                               "options": [["♠10", "♥10"]]}, "too many ♠9")  # fmt: skip


@pytest.mark.parametrize(
    "post",
    [
        {"answer": "done", "option": ["5"]},  # there are five options, 0 to 4
        {"answer": "done", "option": ["-1"]},
        {"answer": "done", "option": ["zero"]},
        {"option": ["0"]},  # Done not pressed
    ],
)
def test_a_tampered_tick_form_cannot_be_read(post):
    assert unreadable("baohuang.legal", LEGAL, post)


# --- baohuang.royalist (BH-02, BH-22) -----------------------------------------------------

ROYALIST = {"emperor": 2, "called": "♠7", "hand": "♠3 ♥4"}


def test_nothing_seen_yet_every_other_seat_and_alone_are_possible():
    verdict = judge("baohuang.royalist", ROYALIST,
                    {"answer": "done", "option": ["1", "3", "4", "alone"]})  # fmt: skip
    assert verdict.status == CORRECT
    zh, en = words(verdict)
    assert "第四张 ♠7 不在你手里，你不是保皇派" in zh
    assert "the emperor alone (独)" in en


def test_ticking_yourself_or_too_few_is_wrong_and_says_why():
    verdict = judge("baohuang.royalist", ROYALIST, {"answer": "done", "option": ["0", "1"]})
    assert verdict.status == WRONG
    zh, en = words(verdict)
    assert "It cannot be you." in en and "不可能是你" in zh
    assert "3 possibilities not ticked." in en and "还有 3 种可能没有勾上" in zh


def test_b9_the_fourth_copy_in_your_hand_makes_you_the_royalist():
    data = {**ROYALIST, "hand": "♠3 ♠7"}
    verdict = judge("baohuang.royalist", data, {"answer": "done", "option": ["0"]})
    assert verdict.status == CORRECT and "你就是保皇派" in verdict.message["zh"]


def test_a_seat_out_without_the_card_is_not_the_royalist_nor_is_it_alone_when_emperor_is_out():
    data = {
        **ROYALIST,
        "played": [[3, "♠9"], [2, "♠7 ♠7 ♠7"], [3, "♠10 ♥10"], [2, "♠K"]],
        "out": [3, 2],
    }
    verdict = judge("baohuang.royalist", data, {"answer": "done", "option": ["1", "4"]})
    assert verdict.status == CORRECT
    zh, en = words(verdict)
    assert "went out without playing a ♠7: not them either" in en
    assert "The emperor went out having played only three: not 独." in en
    assert "对面左边那家已经出完牌，没出过 ♠7，也不是" in zh


def test_b10_the_emperor_playing_the_fourth_copy_plays_alone():
    data = {**ROYALIST, "played": [[2, "♠7 ♠7 ♠7 ♠7"]]}
    verdict = judge("baohuang.royalist", data, {"answer": "done", "option": ["alone"]})
    assert verdict.status == CORRECT and "打独" in verdict.message["zh"]
    # Four played by the emperor and one more in your hand: five, which no deal holds.
    refused("baohuang.royalist", {**data, "hand": "♠7"}, "too many ♠7")


def test_royalist_refuses_impossible_puzzles():
    refused("baohuang.royalist", {**ROYALIST, "emperor": 0}, "learner is not the emperor")
    refused("baohuang.royalist", {**ROYALIST, "emperor": 5}, "a seat, 0 to 4")
    refused("baohuang.royalist", {**ROYALIST, "called": "♠2"}, "cannot be called")
    refused("baohuang.royalist", {**ROYALIST, "called": "BJ"}, "cannot be called")
    refused("baohuang.royalist", {**ROYALIST, "called": "♠Z"}, "called is the card")
    # Three shown by the emperor, so the learner cannot hold two: five in all.
    refused("baohuang.royalist", {**ROYALIST, "hand": "♠7 ♠7"}, "too many ♠7")
    refused("baohuang.royalist", {**ROYALIST, "hand": "♠7", "played": [[1, "♠7"]]},
            "too many ♠7|only one is elsewhere")  # fmt: skip
    refused("baohuang.royalist", {**ROYALIST, "out": [3]}, "out but played nothing")
    refused("baohuang.royalist", {**ROYALIST, "out": [0]}, "not 0")
    refused("baohuang.royalist", {**ROYALIST, "played": [[7, "♠9"]]}, "a seat, 0 to 4")


@pytest.mark.parametrize(
    "post",
    [
        {"answer": "done", "option": ["2"]},  # the emperor's own seat is not a choice
        {"answer": "done", "option": ["you"]},
        {"option": ["1"]},
    ],
)
def test_royalist_tampered_choices_cannot_be_read(post):
    assert unreadable("baohuang.royalist", ROYALIST, post)


# --- baohuang.role (BH-18…BH-24, BH-R03, BH-R04; B9–B11, B17) --------------------------

CALL = {"ask": "call", "hand": "♠7 ♠7 ♠7 ♥2 ♥2 ♥2 ♦5 ♦5 BJ"}


def test_calling_a_triple_is_right():
    verdict = judge("baohuang.role", CALL, {"card": "♠7"})
    assert verdict.status == CORRECT
    assert "Yes, ♠7." in verdict.message["en"] and "可以叫 ♠7" in verdict.message["zh"]


@pytest.mark.parametrize(
    ("card", "zh", "en"),
    [
        ("♥2", "大小王和2不能叫", "Jokers and 2s cannot be called"),  # B11, BH-R03
        ("BJ", "大小王和2不能叫", "Jokers and 2s cannot be called"),
        ("♦5", "♦5 你只有 2 张", "You hold 2 ♦5: calling needs three identical cards"),
    ],
)
def test_calling_what_cannot_be_called_is_wrong_with_the_rule(card, zh, en):
    verdict = judge("baohuang.role", CALL, {"card": card})
    assert verdict.status == WRONG
    assert zh in verdict.message["zh"] and en in verdict.message["en"]
    assert "You may call ♠7" in verdict.answer["en"]


def test_b11_three_2s_are_no_call_unless_the_rules_say_so():
    data = {"ask": "call", "hand": "♠2 ♠2 ♠2 ♦5 ♦6"}
    verdict = judge("baohuang.role", data, {"answer": "none"})
    assert verdict.status == CORRECT and "jokers and 2s do not count" in verdict.message["en"]
    assert judge("baohuang.role", data, {"card": "♠2"}).status == WRONG
    verdict = judge("baohuang.role", {**data, "rules": "twos-call"}, {"card": "♠2"})
    assert verdict.status == CORRECT


def test_a_card_not_in_the_hand_is_refused_and_garbage_unread():
    verdict = judge("baohuang.role", CALL, {"card": "♣9"})
    assert verdict.status == ILLEGAL and "not in your hand" in verdict.message["en"]
    assert unreadable("baohuang.role", CALL, {"card": "♣Z"})
    assert unreadable("baohuang.role", CALL, {})


def test_b17_the_role_passes_clockwise_to_the_left():
    data = {"ask": "next", "first": 0, "refused": [False]}
    verdict = judge("baohuang.role", data, {"answer": "4"})
    assert verdict.status == CORRECT
    assert "上家" in verdict.message["zh"] and "clockwise" in verdict.message["en"]
    verdict = judge("baohuang.role", data, {"answer": "1"})
    assert verdict.status == WRONG and "the player on your left (上家)" in verdict.answer["en"]


def test_bh21_after_five_refusals_the_first_seat_chooses_again():
    data = {"ask": "next", "first": 1, "refused": [False, True, False, True, False]}
    verdict = judge("baohuang.role", data, {"answer": "1"})
    assert verdict.status == CORRECT
    assert "a second refusal means a redeal" in verdict.message["en"]
    assert "回到最先被选中的下家手里，由下家再选一次" in verdict.message["zh"]
    assert "再放弃，这局重新发牌" in verdict.message["zh"]
    data = {**data, "first": 0}  # you were offered it first: it comes back to you
    verdict = judge("baohuang.role", data, {"answer": "0"})
    assert verdict.status == CORRECT and "由你再选一次" in verdict.message["zh"]


def test_bh20_each_refuser_after_the_first_adds_a_2_if_it_has_one():
    data = {"ask": "twos", "first": 0, "refused": [True, True, False, True]}
    verdict = judge("baohuang.role", data, {"answer": "2"})
    assert verdict.status == CORRECT and "2s travelling with it now: 2" in verdict.message["en"]
    assert judge("baohuang.role", data, {"answer": "3"}).status == WRONG


@pytest.mark.parametrize("answer", ["two", "-1", "1.5", "", "1001"])
def test_a_count_that_is_no_count_cannot_be_read(answer):
    data = {"ask": "twos", "first": 0, "refused": [True, True]}
    assert unreadable("baohuang.role", data, {"answer": answer})


@pytest.mark.parametrize(
    ("hands", "open_alone", "right", "zh"),
    [
        ({"2": "♠7 ♠7 ♠7", "3": "♠7"}, False, "3", "对面左边那家就是保皇派"),  # B9
        ({"2": "♠7 ♠7 ♠7 ♠7"}, False, "alone", "他打独，一打四"),  # B10
        ({"2": "♠7 ♠7 ♠7 ♠7"}, True, "alone", "明独"),  # B10, BH-24
    ],
)
def test_b9_b10_the_holder_of_the_fourth_copy(hands, open_alone, right, zh):
    data = {"ask": "holder", "emperor": 2, "called": "♠7", "hands": hands}
    data |= {"open_alone": True} if open_alone else {}
    verdict = judge("baohuang.role", data, {"answer": right})
    assert verdict.status == CORRECT and zh in verdict.message["zh"]
    wrong = "1" if right == "alone" else "alone"
    assert judge("baohuang.role", data, {"answer": wrong}).status == WRONG
    assert unreadable("baohuang.role", data, {"answer": "2"})  # the emperor's own seat


def test_role_refuses_impossible_puzzles():
    refused("baohuang.role", {"ask": "who"}, "ask is one of")
    refused("baohuang.role", {"ask": "call", "hand": "♠7 ♠7 ♠7 ♠7 ♠7"}, "too many ♠7")
    refused("baohuang.role", {"ask": "next", "first": 0, "refused": []}, "refused lists")
    refused("baohuang.role", {"ask": "next", "first": 0, "refused": [True] * 6}, "refused")
    refused("baohuang.role", {"ask": "twos", "first": 0, "refused": [1, 0]}, "refused lists")
    refused("baohuang.role", {"ask": "next", "first": 9, "refused": [True]}, "a seat")
    holder = {"ask": "holder", "emperor": 2, "called": "♠7"}
    refused("baohuang.role", {**holder, "hands": {"2": "♠7 ♠7 ♠7"}}, "all four ♠7")
    refused("baohuang.role", {**holder, "hands": {"2": "♠7 ♠7", "3": "♠7 ♠7"}}, "must hold three")
    refused("baohuang.role", {**holder, "hands": {"3": "♠7 ♠7 ♠7 ♠7"}}, "emperor's among them")
    refused("baohuang.role", {**holder, "hands": {"2": "♠7 ♠7 ♠7", "7": "♠7"}}, "a seat")
    refused("baohuang.role", {**holder, "called": "♠2", "hands": {"2": "♠2 ♠2 ♠2 ♠2"}},
            "cannot be called")  # fmt: skip
    refused("baohuang.role", {**holder, "hands": {"2": "♠7 ♠7 ♠7", "3": "♠7"},
                              "open_alone": True}, "明独 shows all four")  # fmt: skip


# --- baohuang.next (BH-06, BH-25, BH-29, BH-R05; B18, B19) -------------------------------

JIEFENG = {
    "plays": [[2, "♠9"], [3, "claim"], [4, "pass"], [0, "pass"], [1, "pass"]],
    "left": {"0": 3, "1": 4, "2": 0, "3": 5, "4": 2},
}
CLAIM_FAILS = {
    "plays": [[2, "♠9"], [3, "claim"], [4, "pass"], [0, "♠10"], [1, "pass"], [3, "pass"],
              [4, "pass"]],
    "left": {"0": 3, "1": 4, "2": 0, "3": 5, "4": 2},
}  # fmt: skip


def test_b18_the_player_after_the_last_set_takes_the_lead():
    verdict = judge("baohuang.next", JIEFENG, {"answer": "3"})
    assert verdict.status == CORRECT
    assert "接风" in verdict.message["zh"] and "takes the lead (接风)" in verdict.message["en"]
    verdict = judge("baohuang.next", JIEFENG, {"answer": "0"})
    assert verdict.status == WRONG and "Not that seat." in verdict.message["en"]


def test_b19_a_claim_fails_when_someone_beats_the_last_set():
    verdict = judge("baohuang.next", CLAIM_FAILS, {"answer": "0"})
    assert verdict.status == CORRECT and "Everyone else passed" in verdict.message["en"]


def test_next_refuses_rounds_that_cannot_happen():
    wrong_claim = {**JIEFENG, "plays": [[2, "♠9"], [4, "claim"], [0, "pass"], [1, "pass"],
                                        [3, "pass"]]}  # fmt: skip
    refused("baohuang.next", wrong_claim, "not this seat's turn|may not claim")
    refused("baohuang.next", {**JIEFENG, "plays": [[2, "♠9"], [3, "pass"]]}, "not over")
    refused("baohuang.next", {**JIEFENG, "left": {"0": 3, "1": 4}}, "left gives each seat")
    refused("baohuang.next", {**JIEFENG, "plays": [[0, "♠9"], [1, "♠8"]]}, "the round")
    refused("baohuang.next", {**JIEFENG, "plays": []}, "plays lists the round")


def test_a_seat_that_is_out_is_no_choice():
    assert unreadable("baohuang.next", JIEFENG, {"answer": "2"})  # out: not offered
    assert unreadable("baohuang.next", JIEFENG, {"answer": "seat 3"})


# --- baohuang.score (BH-16, BH-24, BH-30, BH-31; B12, B13, B20) ---------------------------


@pytest.mark.parametrize(
    ("order", "royalist", "side", "winner"),
    [
        ([0, 2, 4, 1, 3], 1, "2", "emperor"),  # B12: emperor 1st, royalist 4th
        ([2, 1, 0, 3, 4], 1, "2", "emperor"),  # B13: emperor 3rd, royalist 2nd
        ([3, 0, 2, 4, 1], 1, "-2", "rebels"),  # B13: emperor 2nd, royalist last (B20)
        ([0, 2, 3, 4, 1], 1, "0", "draw"),  # B13: emperor 1st, royalist last: a draw
    ],
)
def test_b12_b13_side_totals_and_the_winner(order, royalist, side, winner):
    data = {"order": order, "emperor": 0, "royalist": royalist}
    verdict = judge("baohuang.score", {**data, "ask": "side"}, {"answer": side})
    assert verdict.status == CORRECT
    assert judge("baohuang.score", {**data, "ask": "winner"}, {"answer": winner}).is_correct
    other = "rebels" if winner != "rebels" else "emperor"
    verdict = judge("baohuang.score", {**data, "ask": "winner"}, {"answer": other})
    assert verdict.status == WRONG and "大落" in verdict.answer["zh"]


def test_bh24_open_alone_doubles_the_score():
    data = {"order": [1, 0, 2, 3, 4], "emperor": 0, "open_alone": True, "ask": "side"}
    verdict = judge("baohuang.score", data, {"answer": "4"})
    assert verdict.status == CORRECT and "明独 doubles it" in verdict.message["en"]
    assert "明独翻倍" in verdict.message["zh"]


def test_score_offers_only_totals_the_roles_can_reach():
    kind, data = ready("baohuang.score", {"order": [0, 1, 2, 3, 4], "emperor": 0, "royalist": 1})
    assert [v for v, _label in kind.choices(data)] == ["-6", "-4", "-2", "0", "2", "4", "6"]
    assert unreadable("baohuang.score", data, {"answer": "8"})


def test_score_refuses_a_royalist_who_is_the_emperor_and_a_short_order():
    refused("baohuang.score", {"order": [0, 1, 2, 3, 4], "emperor": 0, "royalist": 0},
            "the royalist is another seat")  # fmt: skip
    refused("baohuang.score", {"order": [0, 1, 2, 3], "emperor": 0}, "order lists the five")
    refused("baohuang.score", {"order": [0, 1, 2, 3, 3], "emperor": 0}, "order lists the five")
    refused("baohuang.score", {"order": [0, 1, 2, 3, 4], "emperor": 0, "ask": "points"},
            "ask is")  # fmt: skip
    refused("baohuang.score", {"order": [0, 1, 2, 3, 4], "emperor": 0, "royalist": 1,
                               "open_alone": True}, "明独")  # fmt: skip


# --- baohuang.tribute (BH-32…BH-37, BH-R06…R08; B14–B16) --------------------------------

WON = {  # B14: the emperor (you) and the royalist (seat 1) won; the rebels pay
    "order": [0, 2, 4, 1, 3],
    "emperor": 0,
    "royalist": 1,
    "hands": {"2": "SJ ♠9", "3": "♠2 ♦5", "4": "♥A ♣6"},
}
LOST = {  # B15: the emperor (you) and the royalist lost; rebels 2, 4, 3 went out 1st, 2nd, 4th
    "order": [2, 4, 0, 3, 1],
    "emperor": 0,
    "royalist": 1,
    "hands": {"0": "BJ BJ ♠3 ♠4", "1": "♦2 ♠6"},
}


def test_b14_the_royalist_gets_the_middle_card_the_emperor_the_others():
    verdict = judge("baohuang.tribute", {**WON, "ask": "get"},
                    {"answer": "done", "option": ["SJ", "♥A"]})  # fmt: skip
    assert verdict.status == CORRECT
    zh, en = words(verdict)
    assert "The player across on the left → the player on your right (下家): ♠2" in en
    assert "保皇派拿中间大小的那张" in zh
    verdict = judge("baohuang.tribute", {**WON, "ask": "get", "seat": 1},
                    {"answer": "done", "option": ["SJ"]})  # fmt: skip
    assert verdict.status == WRONG
    assert judge("baohuang.tribute", {**WON, "ask": "count"}, {"answer": "3"}).is_correct


def test_a_seat_that_receives_nothing_ticks_nothing():
    # A rebel after the emperor's side won gets no card: Done with nothing ticked.
    data = {**WON, "ask": "get", "seat": 2}
    assert judge("baohuang.tribute", data, {"answer": "done"}).status == CORRECT
    assert judge("baohuang.tribute", data, {"answer": "done", "option": ["♠2"]}).is_wrong
    assert judge("baohuang.tribute", {**WON, "ask": "get"}, {"answer": "done"}).is_wrong


def test_b15_the_emperor_pays_its_two_biggest_to_the_first_rebels_out():
    data = {**LOST, "ask": "pay"}
    verdict = judge("baohuang.tribute", data, {"answer": "done", "card": ["BJ", "BJ"]})
    assert verdict.status == CORRECT
    zh, en = words(verdict)
    assert "You → the player across on the right: BJ" in en
    assert "You → the player on your left (上家): BJ" in en
    assert "下家 → 对面左边那家：♦2" in zh
    verdict = judge("baohuang.tribute", data, {"answer": "done", "card": ["BJ", "♠4"]})
    assert verdict.status == WRONG
    verdict = judge("baohuang.tribute", data, {"answer": "done", "card": ["BJ", "SJ"]})
    assert verdict.status == ILLEGAL and "not in your hand" in verdict.message["en"]


@pytest.mark.parametrize(
    ("order", "emperor", "open_alone", "hands", "count"),
    [
        ([1, 2, 3, 4, 0], 0, False, {"0": "BJ SJ ♠2 ♠A ♠3"}, 4),  # 独 lost: one to each
        ([0, 1, 2, 3, 4], 0, False, {str(s): "♠K ♠3" for s in range(1, 5)}, 4),  # 独 won
        ([1, 2, 3, 4, 0], 0, True, {"0": "BJ BJ SJ SJ ♠2 ♠2 ♠2 ♠A ♠3"}, 8),  # 明独 lost
        ([0, 2, 3, 4, 1], 0, False, {}, 0),  # emperor 1st, royalist last: a draw (BH-R08)
    ],
)
def test_b16_tribute_after_playing_alone_and_after_a_draw(order, emperor, open_alone, hands, count):
    data = {"order": order, "emperor": emperor, "hands": hands, "ask": "count"}
    if open_alone:
        data["open_alone"] = True
    if not hands:
        data["royalist"] = 1
    verdict = judge("baohuang.tribute", data, {"answer": str(count)})
    assert verdict.status == CORRECT
    assert judge("baohuang.tribute", data, {"answer": str(count + 1)}).status == WRONG


def test_tribute_refuses_a_payer_without_a_hand_and_questions_with_no_answer():
    refused("baohuang.tribute", {**LOST, "hands": {"0": "BJ BJ ♠3"}, "ask": "count"},
            "every seat that pays needs its cards")  # fmt: skip
    refused("baohuang.tribute", {**WON, "ask": "pay"}, "seat 0 pays nothing")
    draw = {"order": [0, 2, 3, 4, 1], "emperor": 0, "royalist": 1, "hands": {}}
    refused("baohuang.tribute", {**draw, "ask": "get"}, "nobody pays after a draw")
    refused("baohuang.tribute", {**WON, "ask": "take"}, "ask is one of")
    refused("baohuang.tribute", {**WON, "hands": {"5": "♠3"}, "ask": "count"}, "not a seat")
    refused("baohuang.tribute", {**LOST, "hands": {"0": "BJ BJ BJ BJ BJ ♠3", "1": "♦2"},
                                 "ask": "count"}, "too many BJ")  # fmt: skip
    refused("baohuang.tribute", {**WON, "royalist": 0, "ask": "count"}, "another seat")


@pytest.mark.parametrize(
    ("ask", "post"),
    [
        ("pay", {"answer": "done"}),  # no card chosen
        ("pay", {"card": ["BJ", "BJ"]}),  # Done not pressed
        ("pay", {"answer": "done", "card": ["B J"]}),
        ("pay", {"answer": "done", "card": ["♠3"] * 9}),
        ("count", {"answer": "three"}),
    ],
)
def test_tribute_tampered_answers_cannot_be_read(ask, post):
    assert unreadable("baohuang.tribute", {**LOST, "ask": ask}, post)


def test_tribute_get_offers_only_the_cards_that_change_hands():
    assert unreadable("baohuang.tribute", {**WON, "ask": "get"},
                      {"answer": "done", "option": ["♠9"]})  # fmt: skip


# --- baohuang.lead (BH-11, BH-14, BH-15, BH-29; the solver) -----------------------------

# Your left (上家, a rebel) played 小王 and three 8s and holds one card. Only a set topped
# by a 大王 beats it, and 大王 小王 9 9 does (大王 over 小王, 小王 over 8, 9 over 8 twice):
# nothing beats that, and your four 4s go out first. Passing lets the ♦6 out first.
JOKERS = {
    "hands": ["BJ SJ ♠9 ♥9 ♠4 ♥4 ♣4 ♦4", "♠K", "♠Q ♥Q", "♦5", "♦6"],
    "emperor": 0,
    "royalist": 2,
    "table": {"play": "SJ ♠8 ♥8 ♣8", "by": 4},
}
# You lead, alone (独): the sets with the 大王 keep the lead; 9 9 lets the 大王 10 in.
LEAD = {"hands": ["BJ SJ ♠9 ♥9 ♣3", "♠K", "BJ ♠10 ♥10", "♦4 ♦5", "♦6"], "emperor": 0}


def test_the_joker_set_beats_the_small_joker_and_goes_out_first():
    verdict = judge("baohuang.lead", JOKERS,
                    {"answer": "play", "card": ["BJ", "SJ", "♠9", "♥9"]})  # fmt: skip
    assert verdict.status == CORRECT
    assert "你们这一方一定能拿到头科" in verdict.message["zh"]
    assert "your side goes out first (头科)" in verdict.message["en"]


def test_passing_is_refuted_by_the_line_that_follows():
    verdict = judge("baohuang.lead", JOKERS, {"answer": "pass"})
    assert verdict.status == WRONG
    assert "the player on your left (上家) plays 6" in verdict.message["en"]
    assert "上家出 6" in verdict.message["zh"]
    assert "BJ SJ 9 9" in verdict.answer["en"]


@pytest.mark.parametrize(
    ("cards", "zh", "en"),
    [
        (["♠4", "♥4", "♣4", "♦4"], "第 1 张是4对小王，更小", "card 1 is 4 against small joker"),
        (["BJ", "♠4", "♥4", "♣4"], "第 2 张是4对8，更小", "card 2 is 4 against 8: lower"),
        (["BJ", "♠9", "♥9", "♠4"], "不是一套牌", "Not a set"),
        (["BJ", "♠9", "♥9"], "桌上是 4 张，这里是 3 张", "the table has 4, this is 3"),
        (["BJ", "BJ", "♠9", "♥9"], "手里没有这些牌", "not in your hand"),
    ],
)
def test_a_set_the_rules_forbid_is_refused_with_the_reason(cards, zh, en):
    verdict = judge("baohuang.lead", JOKERS, {"answer": "play", "card": cards})
    assert verdict.status == ILLEGAL
    assert zh in verdict.message["zh"] and en in verdict.message["en"]


def test_every_set_that_keeps_the_lead_is_right_and_a_pair_that_loses_it_is_refuted():
    kind, data = ready("baohuang.lead", LEAD)
    assert sorted(kind.solution(data)) == ["BJ 3", "BJ 9 9", "BJ SJ 3", "BJ SJ 9 9"]
    for cards in (["BJ", "♣3"], ["BJ", "SJ", "♣3"], ["BJ", "♠9", "♥9"]):
        assert judge("baohuang.lead", LEAD, {"answer": "play", "card": cards}).is_correct
    verdict = judge("baohuang.lead", LEAD, {"answer": "play", "card": ["♠9", "♥9"]})
    assert verdict.status == WRONG
    assert "the player across on the right plays BJ 10" in verdict.message["en"]
    verdict = judge("baohuang.lead", LEAD, {"answer": "pass"})
    assert verdict.status == ILLEGAL and "You lead: you must play" in verdict.message["en"]


def test_an_emperor_alone_is_told_of_its_own_goal_not_a_side_s():
    verdict = judge("baohuang.lead", LEAD, {"answer": "play", "card": ["BJ", "♣3"]})
    assert "不管别人怎么应，你一定能拿到头科" in verdict.message["zh"]
    assert "Whatever the others do, you go out first (头科)" in verdict.message["en"]
    verdict = judge("baohuang.lead", LEAD, {"answer": "play", "card": ["♠9", "♥9"]})
    assert "这样出，你就不一定能拿到头科" in verdict.message["zh"]
    assert "大王 10" in verdict.message["zh"] and "BJ" not in verdict.message["zh"]


def test_a_seat_that_went_out_is_shown_out_not_as_no_cards_face_down():
    data = {**JOKERS, "hands": ["BJ SJ ♠9 ♥9 ♠4 ♥4 ♣4 ♦4", "", "♠Q ♥Q", "♦5", "♦6"],
            "out": [1], "goal": "win"}  # fmt: skip
    kind, data = ready("baohuang.lead", data)
    for language, out, none in (("zh-hans", "已出完", "0 张"), ("en", "Out of cards", "0 cards")):
        with translation.override(language):
            html = str(kind.board(data, kind.start(data)))
        assert out in html and none not in html


def test_the_solver_proves_each_play_when_the_puzzle_is_saved():
    kind = get_kind("baohuang.lead")
    moves = {m["set"]: m["wins"] for m in kind.prepare(JOKERS)["moves"]}
    assert moves == {"BJ SJ 9 9": True, "pass": False}


def test_lead_refuses_endings_with_nothing_to_find_or_that_cannot_be():
    refused("baohuang.lead", {**LEAD, "hands": ["♠9", "♠3", "♠4", "♠5", "♠10"]},
            "every play reaches the goal")  # fmt: skip
    refused("baohuang.lead", {**LEAD, "hands": ["♠3 ♥4", "♠5", "♠6", "♠7", "♠8"]},
            "no play reaches the goal")  # fmt: skip
    refused("baohuang.lead", {**LEAD, "royalist": 0}, "the royalist is another seat")
    refused("baohuang.lead", {**LEAD, "hands": LEAD["hands"][:4]}, "five seats")
    refused("baohuang.lead", {**LEAD, "hands": ["", *LEAD["hands"][1:]]}, "must hold cards")
    refused("baohuang.lead", {**LEAD, "hands": ["♠3 ♠4 ♠5 ♠6 ♠7 ♠8 ♠9 ♠10 ♠J",
                                                *LEAD["hands"][1:]]}, "at most 8")  # fmt: skip
    refused("baohuang.lead", {**LEAD, "table": {"play": "♠9 ♠10", "by": 4}}, "play is no set")
    refused("baohuang.lead", {**LEAD, "table": {"play": "♠9", "by": 0}}, "another seat's")
    refused("baohuang.lead", {**LEAD, "table": {"cards": "♠9", "by": 4}}, "table is")
    refused("baohuang.lead", {**LEAD, "hands": ["♠9", "", "♠4", "♠5", "♠10"]}, "not out")
    refused("baohuang.lead", {**LEAD, "hands": ["♠9 ♠9", "♠9 ♠9", "♠9", "♠5", "♠10"]},
            "too many ♠9")  # fmt: skip
    refused("baohuang.lead", {**LEAD, "goal": "last"}, "goal is")


@pytest.mark.parametrize(
    "post",
    [
        {"answer": "play"},  # no card chosen
        {"answer": "play", "card": ["♠Z"]},
        {"answer": "play", "card": ["♠4"] * 9},
    ],
)
def test_lead_tampered_plays_cannot_be_read(post):
    assert unreadable("baohuang.lead", JOKERS, post)


# --- what a screen reader hears of the boards ---------------------------------------------


class Board(HTMLParser):
    """The cards of a board, what each is called, and the seats' names."""

    def __init__(self, html: str):
        super().__init__(convert_charrefs=True)
        self.cards: list[str] = []  # each card's accessible name ("" when it has none)
        self.seats: list[str] = []
        self.groups: list[list[str]] = []  # the hand's groups: the names of their cards
        self.controls = 0
        self.said: list[str] = []  # the text and the names a reader meets
        self._open: list[str] = []  # "card", "group", "hidden" or "" per open element
        self._label: list[str] | None = None
        self.feed(html)
        self.close()

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        classes = (attrs.get("class") or "").split()
        self.said.append(attrs.get("aria-label") or "")
        what = ""
        if tag in ("input", "button"):
            self.controls += 1
        if tag == "section" and "seat" in classes:
            self.seats.append(attrs.get("aria-label") or "")
        if "card-group" in classes:
            self.groups.append([])
            what = "group"
        elif "card" in classes and "card-back" not in classes:
            if attrs.get("aria-label") and (attrs.get("role") == "img" or tag == "button"):
                self._add(attrs["aria-label"])
            elif tag in ("label", "button"):  # named by its content: the hidden text
                self._label = []
            else:
                self._add("")
            what = "card"
        elif "visually-hidden" in classes:
            what = "hidden"
        if tag != "input":
            self._open.append(what)

    def handle_endtag(self, tag):
        if not self._open:
            return
        what = self._open.pop()
        if what == "card" and self._label is not None:
            self._add("".join(self._label).strip())
            self._label = None

    def handle_data(self, data):
        self.said.append(data)
        if self._label is not None and "hidden" in self._open:
            self._label.append(data)

    def _add(self, name: str) -> None:
        self.cards.append(name)
        if "group" in self._open:
            self.groups[-1].append(name)


SEAT_NAMES = {
    "zh-hans": ("你", "下家", "对面右", "对面左", "上家"),
    "en": ("You", "Right (下家)", "Across, right", "Across, left", "Left (上家)"),
}

# A puzzle of every kind, as the web tests make them.
PUZZLES = {
    "baohuang.valid": {"cards": "BJ SJ ♠9 ♥9"},
    "baohuang.beats": {"play": "BJ BJ ♠J ♥J ♦J", "over": "SJ SJ ♠9 ♥9 ♦9"},
    "baohuang.legal": LEGAL,
    "baohuang.royalist": {**ROYALIST, "played": [[3, "♠9"], [4, "♠10"]]},
    "baohuang.role": CALL,
    "baohuang.next": JIEFENG,
    "baohuang.score": {"order": [0, 2, 4, 1, 3], "emperor": 0, "royalist": 1, "ask": "side"},
    "baohuang.tribute": {**LOST, "ask": "pay"},
    "baohuang.lead": JOKERS,
}


@pytest.mark.parametrize("language", ["zh-hans", "en"])
@pytest.mark.parametrize("interactive", [True, False])
@pytest.mark.parametrize("name", sorted(PUZZLES))
def test_every_board_names_its_cards_and_seats(name, interactive, language):
    kind, data = ready(name, PUZZLES[name])
    with translation.override(language):
        html = str(kind.board(data, kind.start(data), interactive=interactive))
    board = Board(html)
    assert all(board.cards), f"a card without a name: {board.cards}"
    places = SEAT_NAMES[language]
    for seat in board.seats:
        assert seat.split(" · ")[0] in places, seat
    if not interactive:
        assert board.controls == 0
    # Nothing is left in English on a Chinese board: no word of three letters or more
    # (cards are ♠10, J, BJ).
    if language == "zh-hans":
        assert not re.findall(r"[A-Za-z]{3,}", " ".join(board.said))
    # Every card of the puzzle's own hand is drawn with its name in the language.
    with translation.override(language):
        for card in parse_cards(PUZZLES[name].get("hand") or PUZZLES[name].get("cards") or ""):
            assert card_name(card) in board.cards


def test_the_open_ending_shows_all_five_seats_with_their_roles():
    kind, data = ready("baohuang.lead", JOKERS)
    for language, emperor, royalist, rebel in (
        ("zh-hans", "你 · 皇帝", "对面右 · 保皇派", "上家 · 革命党"),
        ("en", "You · Emperor (皇帝)", "Across, right · Royalist (保皇派)",
         "Left (上家) · Rebel (革命党)"),
    ):  # fmt: skip
        with translation.override(language):
            board = Board(str(kind.board(data, kind.start(data))))
        assert len(board.seats) == SEATS
        assert {emperor, royalist, rebel} <= set(board.seats)


def test_a_43_card_hand_is_grouped_one_group_per_rank():
    data = {
        "hand": [c.text() for c in BIG_HAND],
        "over": "♠9 ♥9",
        "options": [["♠10", "♥10"], ["SJ", "♠8"], ["BJ", "BJ"], ["♠3", "♥3"]],
    }
    kind, data = ready("baohuang.legal", data)
    with translation.override("en"):
        board = Board(str(kind.board(data, kind.start(data))))
    hand = board.groups
    assert sum(len(g) for g in hand) == 43
    ranks = [{value(c) for c in BIG_HAND if any(n.endswith(f"({c.text()})") for n in g)}
             for g in hand]  # fmt: skip
    assert all(len(r) == 1 for r in ranks)  # each group one rank ...
    assert len(hand) == len({value(c) for c in BIG_HAND}) == 15  # ... each rank one group
    order = [next(iter(r)) for r in ranks]
    assert order == sorted(order, reverse=True)  # 大王 first, down to 3
    assert value_name(order[0]) == "BJ" and value_name(order[-1]) == "3"


def test_the_hand_is_sorted_as_players_hold_it():
    kind, data = ready("baohuang.lead", JOKERS)
    with translation.override("en"):
        board = Board(str(kind.board(data, kind.start(data))))
    names = [n for g in board.groups for n in g]
    held = sort_cards(parse_cards(JOKERS["hands"][0]))
    assert [n.rsplit("(", 1)[1].rstrip(")") for n in names] == [c.text() for c in held]


def test_the_table_picture_draws_the_seats_it_is_told_about():
    data = {
        "hand": "BJ SJ ♠9 ♥9",
        "trick": [[3, "SJ ♠8 ♥8 ♣8"]],
        "others": {"1": 12, "2": "♥A ♥K", "4": 40},
        "emperor": 2,
        "royalist": 4,
        "note": {"zh": "你出什么？", "en": "What do you play?"},
    }
    check_static_board("baohuang.table", data, "baohuang")
    with translation.override("zh-hans"):
        html = str(draw_static_board("baohuang.table", data))
    board = Board(html)
    assert set(board.seats) == {"你 · 革命党", "下家 · 革命党", "对面右 · 皇帝",
                                "上家 · 保皇派"}  # fmt: skip
    assert "12 张牌，背面朝上" in html and "你出什么？" in html
    assert all(board.cards) and board.controls == 0
    with translation.override("en"):
        assert "What do you play?" in str(draw_static_board("baohuang.table", data))
    with pytest.raises(InvalidPuzzle, match="both languages"):
        check_static_board("baohuang.table", {**data, "note": "你出什么？"}, "baohuang")
    with pytest.raises(InvalidPuzzle):
        check_static_board("baohuang.table", {**data, "royalist": 2}, "baohuang")
    with pytest.raises(InvalidPuzzle):
        check_static_board("baohuang.table", {"hand": "BJ BJ BJ BJ BJ"}, "baohuang")
    with pytest.raises(InvalidPuzzle):
        check_static_board("baohuang.table", {"trick": [[3]]}, "baohuang")


# --- anything a form can send -------------------------------------------------------------

WORDS = ["yes", "no", "done", "play", "pass", "none", "alone", "0", "1", "2", "3", "4", "-2"]
field_value = st.one_of(
    st.sampled_from(WORDS),
    st.sampled_from(["BJ", "SJ", "♠9", "♥9", "♠7", "♣4", "♦4", "♠4", "♥A"]),
    st.text(st.characters(exclude_categories=("Cs",)), max_size=12),
)
form = st.dictionaries(
    st.sampled_from(["answer", "card", "option"]), st.lists(field_value, max_size=10), max_size=3
)


# Every kind, and every question of the kinds that ask several.
FORMS = [
    *PUZZLES.items(),
    ("baohuang.role", {"ask": "next", "first": 2, "refused": [True, False]}),
    ("baohuang.role", {"ask": "twos", "first": 2, "refused": [True, False]}),
    ("baohuang.role", {"ask": "holder", "emperor": 2, "called": "♠7",
                       "hands": {"2": "♠7 ♠7 ♠7", "3": "♠7"}}),
    ("baohuang.score", {"order": [0, 2, 4, 1, 3], "emperor": 0, "ask": "winner"}),
    ("baohuang.tribute", {**WON, "ask": "get"}),
    ("baohuang.tribute", {**WON, "ask": "count"}),
    ("baohuang.lead", LEAD),
]  # fmt: skip


@pytest.mark.parametrize(("name", "puzzle"), FORMS)
@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(fields=form)
def test_any_form_is_judged_or_unread_never_an_error(name, puzzle, fields):
    kind, data = ready(name, puzzle)
    post = QueryDict(mutable=True)
    for key, values in fields.items():
        post.setlist(key, values)
    state = kind.start(data)
    try:
        answer = kind.parse_answer(data, state, post)
    except BadAnswer:
        return
    verdict, after = kind.check(data, state, answer)
    assert verdict.status in (CORRECT, WRONG, ILLEGAL)
    for language in ("zh-hans", "en"):
        with translation.override(language):
            board = Board(str(kind.board(data, after, verdict=verdict)))
        assert all(board.cards) and (board.controls or board.cards)


# --- through the site ---------------------------------------------------------------------

# Each kind: a puzzle, a right answer, a wrong one, a post that cannot be read, and
# what a learner reads after the right answer (English).
THROUGH_THE_SITE = {
    "baohuang.valid": (PUZZLES["baohuang.valid"], {"answer": "yes"}, {"answer": "no"},
                       {"answer": "perhaps"}, "jokers added (挂花)"),
    "baohuang.beats": (PUZZLES["baohuang.beats"], {"answer": "yes"}, {"answer": "no"},
                       {"answer": ""}, "every card is higher"),
    "baohuang.legal": (LEGAL, {"answer": "done", "option": ["0", "3"]},
                       {"answer": "done", "option": ["1"]},
                       {"answer": "done", "option": ["99"]}, "BJ SJ: beats it."),
    "baohuang.royalist": (PUZZLES["baohuang.royalist"],
                          {"answer": "done", "option": ["1", "3", "4", "alone"]},
                          {"answer": "done", "option": ["1"]},
                          {"answer": "done", "option": ["2"]}, "It can still be"),
    "baohuang.role": (CALL, {"card": "♠7"}, {"answer": "none"}, {"card": "seven"},
                      "Yes, ♠7."),
    "baohuang.next": (JIEFENG, {"answer": "3"}, {"answer": "4"}, {"answer": "2"}, "接风"),
    "baohuang.score": (PUZZLES["baohuang.score"], {"answer": "2"}, {"answer": "-2"},
                       {"answer": "two"}, "the emperor's side wins"),
    "baohuang.tribute": (PUZZLES["baohuang.tribute"], {"answer": "done", "card": ["BJ", "BJ"]},
                         {"answer": "done", "card": ["♠3", "♠4"]}, {"answer": "done"},
                         "You → the player on your left (上家): BJ"),
    "baohuang.lead": (JOKERS, {"answer": "play", "card": ["BJ", "SJ", "♠9", "♥9"]},
                      {"answer": "pass"}, {"answer": "play", "card": ["♠Z"]},
                      "your side goes out first"),
}  # fmt: skip


def make(slug: str, name: str, data: dict) -> Puzzle:
    get_kind(name).validate(data)
    return Puzzle.objects.create(
        slug=slug, game="baohuang", kind=name, data=data, prompt_zh="解题。", prompt_en="Solve it."
    )


def status(slug: str) -> str:
    return Attempt.objects.filter(puzzle__slug=slug).latest("started_at").status


@pytest.fixture
def client(make_client, learner_user):
    return make_client(learner_user)


@pytest.mark.parametrize("name", sorted(THROUGH_THE_SITE))
def test_each_kind_is_played_through_the_site(client, db, name):
    data, right, wrong, bad, said = THROUGH_THE_SITE[name]
    slug = name.replace(".", "-")
    make(slug, name, data)
    url = f"/puzzles/{slug}/"
    assert client.get(url).status_code == 200
    chinese = Client(HTTP_ACCEPT_LANGUAGE="zh-hans").get(url)
    assert chinese.status_code == 200 and "解题。" in text(chinese)
    # A post that cannot be read: a 400 that says so, and nothing recorded.
    response = client.post(url, {**bad, "ply": "0"}, **HTMX)
    assert response.status_code == 400
    assert "That answer could not be read" in text(response)
    assert not Attempt.objects.filter(puzzle__slug=slug).exists()
    # The right answer is judged and recorded ...
    response = client.post(url, {**right, "ply": "0"}, **HTMX)
    assert response.status_code == 200 and said in text(response)
    assert status(slug) == Attempt.Status.SOLVED
    # ... and so is a wrong one, on a puzzle of its own.
    make(slug + "-2", name, data)
    response = client.post(f"/puzzles/{slug}-2/", {**wrong, "ply": "0"}, **HTMX)
    assert response.status_code == 200
    assert status(slug + "-2") == Attempt.Status.FAILED


@pytest.mark.parametrize(
    "post",
    [
        {"answer": "play", "card": ["♠4", "♥4", "♣4", "♦4"], "ply": "0"},  # beats nothing
        {"answer": "play", "card": ["BJ", "♠9"], "ply": "0"},  # no set
    ],
)
def test_a_refused_play_changes_nothing_and_the_right_one_still_solves(client, db, post):
    make("bh-jokers", "baohuang.lead", JOKERS)
    url = "/puzzles/bh-jokers/"
    response = client.post(url, post, **HTMX)
    assert response.status_code == 200
    assert re.search("does not beat it|Not a set|Not the same number", text(response))
    assert not Attempt.objects.filter(puzzle__slug="bh-jokers", status="failed").exists()
    response = client.post(url, {"answer": "play", "card": ["BJ", "SJ", "♠9", "♥9"], "ply": "0"},
                           **HTMX)  # fmt: skip
    assert status("bh-jokers") == Attempt.Status.SOLVED
    # The four cards now lie on the table, the hand keeps the four 4s.
    page = response.content.decode()
    hand = re.search(r'<div class="hand hand-you">(.*?)</div>', page, re.S).group(1)
    assert re.findall(r"\((♠|♥|♣|♦)(\w+)\)", hand) == [(s, "4") for s in "♠♥♣♦"]
    trick = re.search(r'<section class="trick".*?</section>', page, re.S).group(0)
    assert "big joker (BJ)" in trick and "small joker (SJ)" in trick and "(♥9)" in trick


@pytest.mark.parametrize(
    "post",
    [
        {"answer": "done", "option": ["0"], "ply": "zero"},
        {"answer": "done", "option": ["<script>"], "ply": "0"},
        {"answer": "done", "option": "0" * 5000, "ply": "0"},
        {"ply": "0"},
    ],
)
def test_garbage_is_a_400_never_a_500(client, db, post):
    make("bh-legal", "baohuang.legal", LEGAL)
    response = client.post("/puzzles/bh-legal/", post, **HTMX)
    assert response.status_code == 400
    assert "could not be read" in text(response)


def test_the_chinese_page_speaks_chinese(db):
    make("bh-lead", "baohuang.lead", JOKERS)
    page = text(Client(HTTP_ACCEPT_LANGUAGE="zh-hans").get("/puzzles/bh-lead/"))
    assert "明牌残局" in page and "你 · 皇帝" in page and "上家 · 革命党" in page
    assert "Open ending" not in page and "Rebel" not in page
