"""Settling a hand: seed 000 "升级/喝血/一轮" and seed 001 "抠底", "计分规则", "出牌规则 4-6"."""

from dataclasses import replace

import pytest

from engines.cards import parse_cards
from engines.dagunzi.rules import DALIAN, DALIAN_DAILY, LIANZHONG
from engines.dagunzi.settle import HOLD, REPLAY, TAKE_OVER, level_after, score_blood, settle

PLAIN = "♠3 ♠4 ♣6 ♦8 ♥9 ♣J"  # no points, no jokers
TEN = "♠10 ♠3 ♣6 ♦8 ♥9 ♣J"  # 10 points
K10_5 = "♠K ♠10 ♣5 ♦8 ♥9 ♣J"  # 25 points


def outcome(
    trick_points, dug, kitty=PLAIN, levels=(7, 5), dealer_side=0, rules=LIANZHONG, ganguo=False
):
    return settle(
        rules,
        trick_points=trick_points,
        dug=dug,
        kitty=parse_cards(kitty),
        levels=levels,
        dealer_side=dealer_side,
        ganguo=ganguo,
    )


# (trick points, 抠底, kitty, levels before (dealer side 0, attackers 1), expected:
#  score, result, winner, levels after, blood)
CASES = [
    # 抓分方升级: "本局得分大于、等于120分" and "成功抠底", 缺一不可; the kitty counts twice
    # ("不论用几张牌抠底，底牌的分数都只翻两倍"): 100 + 2 × 10 = 120.
    (100, True, TEN, (7, 5), 120, TAKE_OVER, 1, (7, 6), 0),
    # 120 without 抠底: the attackers take over (上台) but do not go up.
    (120, False, TEN, (7, 5), 120, TAKE_OVER, 1, (7, 5), 0),
    # 庄家方升级: under 120 and the kitty kept (保底).
    (115, False, TEN, (7, 5), 115, HOLD, 0, (8, 5), 0),
    # Under 120 but 抠底: "若分数不足120分却未保底则重新打一次".
    (95, True, PLAIN, (7, 5), 95, REPLAY, None, (7, 5), 0),
    # cards.md case 5: 105 with 抠底 of K+10+5 → 155: up one, 155 is not a full 10 over 150.
    (105, True, K10_5, (7, 5), 155, TAKE_OVER, 1, (7, 6), 0),
    # "扣一个大王连升两级扣一个小王升一级": 1 + 2 + 1 = 4 levels, but 逢10必打 stops at 10;
    # blood: 2 (大王) + 1 (小王) + 2 (170 is 20 over 150) = 5.
    (170, True, "BJ SJ ♠3 ♠4 ♦8 ♣J", (7, 8), 170, TAKE_OVER, 1, (7, 10), 5),
    # 底王见血: "只要本局得分超过120分（含）...不需抠底": a buried big joker is 2 blood.
    (130, False, "BJ ♠3 ♠4 ♣6 ♦8 ♣J", (7, 5), 130, TAKE_OVER, 1, (7, 5), 2),
    # The dealer side keeps a kitty with a big joker: up 1 + 2; below 80 the attackers bleed:
    # "得分...少于80分每少十分为一张血": 60 → 2.
    (60, False, "BJ ♠3 ♠4 ♣6 ♦8 ♣J", (5, 7), 60, HOLD, 0, (8, 7), 2),
    # "得分少于80分，庄家被抠底，抓分方也无须进贡，庄家重打".
    (50, True, PLAIN, (7, 5), 50, REPLAY, None, (7, 5), 0),
    # "若本局得分少于120分（不含），庄家被抠底，则抓分方无需进贡，庄家重打" — with a buried joker.
    (90, True, "BJ ♠3 ♠4 ♣6 ♦8 ♣J", (7, 5), 90, REPLAY, None, (7, 5), 0),
]


@pytest.mark.parametrize(
    ("points", "dug", "kitty", "levels", "score", "result", "winner", "after", "blood"), CASES
)
def test_settle(points, dug, kitty, levels, score, result, winner, after, blood):
    o = outcome(points, dug, kitty, levels)
    assert (o.score, o.result, o.winner, o.levels, o.blood) == (
        score,
        result,
        winner,
        after,
        blood,
    )
    assert not o.round_over


def test_ganguo_jokers_add_no_levels_and_no_blood():
    # 干锅: "底牌中的王不追加升级也不算血".
    o = outcome(130, True, "BJ BJ SJ ♠3 ♠4 ♣J", levels=(7, 5), ganguo=True)
    assert (o.result, o.levels, o.blood) == (TAKE_OVER, (7, 6), 0)
    assert (o.big_jokers, o.small_jokers) == (0, 0)


@pytest.mark.parametrize(
    ("points", "dug", "kitty", "levels", "winner", "reason"),
    [
        (0, False, PLAIN, (7, 5), 0, "zero"),  # "若抓分方一分不得...则该轮结束"
        (290, True, "♠5 ♠3 ♠4 ♣6 ♦8 ♣J", (7, 5), 1, "all-points"),  # 290 + 10 = 300
        (120, True, "BJ BJ BJ ♠3 ♠4 ♣J", (7, 5), 1, "three-big-jokers"),
        (60, False, PLAIN, (10, 5), 0, "passed-ten"),  # "打过10就结束一轮"
    ],
)
def test_the_round_ends(points, dug, kitty, levels, winner, reason):
    o = outcome(points, dug, kitty, levels)
    assert o.round_over and o.round_winner == winner and o.reason == reason
    assert all(3 <= level <= 10 for level in o.levels)
    assert o.blood == 0  # a new round starts with a new grab for the dealer


def test_three_big_jokers_without_digging_do_not_end_the_round():
    o = outcome(150, False, "BJ BJ BJ ♠3 ♠4 ♣J", levels=(7, 5))
    assert not o.round_over and o.result == TAKE_OVER and o.blood == 6


@pytest.mark.parametrize(
    ("rules", "level", "gain", "dealt", "after"),
    [
        # 逢3、逢10必打: a side passes a mandatory level only by winning it as dealer.
        (LIANZHONG, 3, 1, False, 3),  # the attackers at 3 take over and go up: they stop at 3
        (LIANZHONG, 3, 1, True, 4),
        (LIANZHONG, 8, 4, True, 10),
        (LIANZHONG, 9, 3, False, 10),
        (LIANZHONG, 10, 1, False, 10),
        (LIANZHONG, 10, 1, True, 11),  # passed 10: the round is over
        (LIANZHONG, 4, 3, False, 7),
        # 大连日报: "逢3不必打".
        (DALIAN_DAILY, 3, 1, False, 4),
        (DALIAN_DAILY, 8, 4, True, 10),
    ],
)
def test_mandatory_levels(rules, level, gain, dealt, after):
    assert level_after(rules, level, gain, dealt) == after


def test_attackers_at_three_take_over_without_passing_it():
    o = outcome(130, True, PLAIN, levels=(4, 3))
    assert (o.result, o.levels, o.gained) == (TAKE_OVER, (4, 3), 0)
    o = outcome(130, True, PLAIN, levels=(4, 3), rules=DALIAN_DAILY)
    assert o.levels == (4, 4)


@pytest.mark.parametrize(
    ("points", "dug", "kitty", "online"),
    [
        # 001 计分规则: "抓分方上台但没升级，抓分方各得1分，庄家方各减1分".
        (125, False, PLAIN, (-1, 1)),
        # "升一级得3分" for whichever side goes up.
        (100, False, PLAIN, (3, -3)),
        # "抓分方上台并升级...除了上台加1分外，还追加升级的得分": 1 + 3 × 3 (BJ buried).
        (130, True, "BJ ♠3 ♠4 ♣6 ♦8 ♣J", (-10, 10)),
        (90, True, PLAIN, (0, 0)),  # a replay scores nothing
        # 特殊情况: "抓分方得'0'分，抓分方各减50分，庄家方各加50分".
        (0, False, PLAIN, (50, -50)),
        (120, True, "BJ BJ BJ ♠3 ♠4 ♣J", (-50, 50)),
    ],
)
def test_online_scores(points, dug, kitty, online):
    assert outcome(points, dug, kitty, levels=(5, 5)).online == online


def test_score_blood_rounding():
    assert [score_blood(DALIAN, s) for s in (150, 155, 160, 165, 80, 75, 70)] == [
        0,
        0,
        1,
        1,
        0,
        0,
        1,
    ]
    up = replace(DALIAN, blood_rounding="up")
    assert [score_blood(up, s) for s in (150, 155, 160, 165, 80, 75, 70)] == [0, 1, 1, 2, 0, 1, 1]
