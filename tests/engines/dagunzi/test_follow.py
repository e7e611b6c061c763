"""Legal plays: leads, following suit, 活棒 and 死棒 (seed 001, "出牌规则").

The clauses, quoted in the comments of the table:

- 出牌规则 2: 如果不是首家出牌，则在出牌时必须先出首家出的花色，如果没有此花色可以用主牌杀掉
  或垫其他花色的牌。
- 出牌规则 3: 首家可以出单牌、棒子、滚子，但不能出顺子（34567）、拖拉机（3344）和泰坦尼克
  （555666），也不能甩牌。
- 活棒: 打滚子时可以不跟滚子，也可以不跟棒。打棒时可以不跟棒。
- 死棒: 打棒必须出棒，没有时可以给两个单张。没棒有滚子时可以不出滚子。
        打滚子必须出滚子，若没有可按以下顺序出牌：棒+单张，3张单牌。
- 牌型: 棒子：两张牌点和花色相同的牌。滚子：三张牌点和花色相同的牌。
"""

from collections import Counter
from itertools import combinations_with_replacement

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engines.cards import CARDS, SUITS, parse_card, parse_cards, parse_suit
from engines.dagunzi import DEAD, LIVE, IllegalPlay, Order, check_play, legal_plays


def play(text):
    return tuple(sorted(parse_cards(text)))


def plays(texts):
    return {play(text) for text in texts}


def legal(hand, trick, level, trump, follow, caps=None):
    order = Order(level, parse_suit(trump))
    found = legal_plays(
        parse_cards(hand), [parse_cards(p) for p in trick], order, follow=follow, caps=caps
    )
    assert len(found) == len(set(found)), "a play is listed twice"
    return set(found)


CASES = [
    # 出牌规则 3: a lead is a single, a 棒 or a 滚子 of one card.
    ("♥A ♥A ♥A ♣3 BJ", [], 7, "♠", DEAD, ["♥A", "♥A ♥A", "♥A ♥A ♥A", "♣3", "BJ"]),
    ("♥6 ♥6 ♥9", [], 7, "♠", LIVE, ["♥6", "♥6 ♥6", "♥9"]),
    # 牌型: ♥7 and ♣7 rank equal at level 7 but are not a 棒 (not the same suit).
    ("♥7 ♣7 ♦2", [], 7, "♠", DEAD, ["♥7", "♣7", "♦2"]),
    # 出牌规则 2: follow the led suit.
    ("♥9 ♥3 ♣K BJ", ["♥8"], 7, "♠", DEAD, ["♥9", "♥3"]),
    ("♥9 ♥3 ♣K BJ", ["♥8", "♥A", "♠3"], 7, "♠", DEAD, ["♥9", "♥3"]),
    # 出牌规则 2: void in the led suit: ruff (主牌杀) or discard (垫其他花色).
    ("♣K ♠3 BJ", ["♥8"], 7, "♠", DEAD, ["♣K", "♠3", "BJ"]),
    # 出牌规则 2: short of suit: all of the suit, then any cards.
    ("♥9 ♣K ♠3", ["♥8 ♥8"], 7, "♠", DEAD, ["♥9 ♣K", "♥9 ♠3"]),
    ("♥9 ♥3 ♣K ♠3", ["♥8 ♥8"], 7, "♠", DEAD, ["♥9 ♥3"]),
    ("♥9 ♣K ♣K ♠3", ["♥8 ♥8 ♥8"], 7, "♠", DEAD, ["♥9 ♣K ♣K", "♥9 ♣K ♠3"]),
    ("♣K ♣K ♠3", ["♥8 ♥8"], 7, "♠", DEAD, ["♣K ♣K", "♣K ♠3"]),
    # 牌的大小: trumps are one suit; a side suit's level card and the 2s follow a trump lead.
    ("♥7 ♥A ♦2 ♣3", ["♠4"], 7, "♠", DEAD, ["♥7", "♦2"]),
    ("♥7 ♥A ♥K", ["BJ BJ"], 7, "♠", DEAD, ["♥7 ♥A", "♥7 ♥K"]),
    ("♥A ♥K ♦2", ["♣7"], 7, "♠", DEAD, ["♦2"]),
    # ... and ♥7 is not a heart: it does not follow a heart lead.
    ("♥7 ♥9 ♣3", ["♥8"], 7, "♠", DEAD, ["♥9"]),
    ("♥7 ♣3", ["♥8"], 7, "♠", DEAD, ["♥7", "♣3"]),
    ("♥7 ♥7 ♥9 ♥10", ["♥8 ♥8"], 7, "♠", DEAD, ["♥9 ♥10"]),
    # 活棒: 打棒时可以不跟棒。
    ("♥6 ♥6 ♥9 ♠3", ["♥8 ♥8"], 7, "♠", LIVE, ["♥6 ♥6", "♥6 ♥9"]),
    # 死棒: 打棒必须出棒 (♥66 and ♥9 against ♥88: only the 棒).
    ("♥6 ♥6 ♥9 ♠3", ["♥8 ♥8"], 7, "♠", DEAD, ["♥6 ♥6"]),
    ("♥6 ♥6 ♥9", ["♥8 ♥8", "♥3 ♥4", "♣K ♣K"], 7, "♠", DEAD, ["♥6 ♥6"]),
    ("♥6 ♥6 ♥9 ♥9 ♥J", ["♥8 ♥8"], 7, "♠", DEAD, ["♥6 ♥6", "♥9 ♥9"]),
    # 死棒: 没有时可以给两个单张。
    ("♥6 ♥9 ♥J ♣3 ♣3", ["♥8 ♥8"], 7, "♠", DEAD, ["♥6 ♥9", "♥6 ♥J", "♥9 ♥J"]),
    # 死棒: 没棒有滚子时可以不出滚子 (any two hearts; splitting the 滚子 is allowed).
    ("♥6 ♥6 ♥6 ♥9 ♣3", ["♥8 ♥8"], 7, "♠", DEAD, ["♥6 ♥6", "♥6 ♥9"]),
    ("♥6 ♥6 ♥6 ♥9 ♥J", ["♥8 ♥8"], 7, "♠", DEAD, ["♥6 ♥6", "♥6 ♥9", "♥6 ♥J", "♥9 ♥J"]),
    # 死棒: a 滚子 and a 棒: a 棒 (the 滚子 split, or the 棒).
    ("♥6 ♥6 ♥6 ♥9 ♥9 ♥J", ["♥8 ♥8"], 7, "♠", DEAD, ["♥6 ♥6", "♥9 ♥9"]),
    # 死棒 among trumps: ♦2♦2 is a 棒; ♥7♣7 is not.
    ("♥7 ♣7 ♦2 ♦2 ♥A", ["♠3 ♠3"], 7, "♠", DEAD, ["♦2 ♦2"]),
    (
        "♥7 ♣7 ♦2 ♦2 ♥A",
        ["♠3 ♠3"],
        7,
        "♠",
        LIVE,
        ["♥7 ♣7", "♥7 ♦2", "♣7 ♦2", "♦2 ♦2"],
    ),
    ("♥7 ♣7 ♠9 ♥A", ["♠3 ♠3"], 7, "♠", DEAD, ["♥7 ♣7", "♥7 ♠9", "♣7 ♠9"]),
    # 死棒: 打滚子必须出滚子。
    ("♥6 ♥6 ♥6 ♥9 ♥9 ♥J", ["♥8 ♥8 ♥8"], 7, "♠", DEAD, ["♥6 ♥6 ♥6"]),
    ("♥6 ♥6 ♥6 ♥J ♥J ♥J ♥9", ["♥8 ♥8 ♥8"], 7, "♠", DEAD, ["♥6 ♥6 ♥6", "♥J ♥J ♥J"]),
    # 活棒: 打滚子时可以不跟滚子，也可以不跟棒。
    (
        "♥6 ♥6 ♥6 ♥9 ♥9 ♥J",
        ["♥8 ♥8 ♥8"],
        7,
        "♠",
        LIVE,
        ["♥6 ♥6 ♥6", "♥6 ♥6 ♥9", "♥6 ♥6 ♥J", "♥6 ♥9 ♥9", "♥6 ♥9 ♥J", "♥9 ♥9 ♥J"],
    ),
    # 死棒: 若没有（滚子）可按以下顺序出牌：棒+单张 (the single in suit while there is one).
    (
        "♥6 ♥6 ♥9 ♥9 ♥J ♣3",
        ["♥8 ♥8 ♥8"],
        7,
        "♠",
        DEAD,
        ["♥6 ♥6 ♥9", "♥6 ♥6 ♥J", "♥6 ♥9 ♥9", "♥9 ♥9 ♥J"],
    ),
    ("♥6 ♥6 ♥9 ♥J ♣3 ♣3", ["♥8 ♥8 ♥8"], 7, "♠", DEAD, ["♥6 ♥6 ♥9", "♥6 ♥6 ♥J"]),
    # 死棒: 棒+单张, with no other card of the suit: the 棒 and any card.
    ("♥6 ♥6 ♣3 ♠4", ["♥8 ♥8 ♥8"], 7, "♠", DEAD, ["♥6 ♥6 ♣3", "♥6 ♥6 ♠4"]),
    # 死棒: ... 3张单牌 (no 棒: any three of the suit).
    (
        "♥6 ♥9 ♥J ♥Q ♣3 ♣3",
        ["♥8 ♥8 ♥8"],
        7,
        "♠",
        DEAD,
        ["♥6 ♥9 ♥J", "♥6 ♥9 ♥Q", "♥6 ♥J ♥Q", "♥9 ♥J ♥Q"],
    ),
    ("♥6 ♥9 ♣3 ♣3", ["♥8 ♥8 ♥8"], 7, "♠", DEAD, ["♥6 ♥9 ♣3"]),
    # 出牌规则 2 with a 滚子 led and a void hand: any three cards.
    ("♣3 ♣3 ♠4 BJ", ["♥8 ♥8 ♥8"], 7, "♠", DEAD, ["♣3 ♣3 ♠4", "♣3 ♣3 BJ", "♣3 ♠4 BJ"]),
    # Another level and trump: level 3, trump ♥; ♠3 is a trump, ♠4 a spade.
    ("♠3 ♠4 ♠4 ♠A ♥5", ["♠K ♠K"], 3, "♥", DEAD, ["♠4 ♠4"]),
    ("♠3 ♠4 ♠A ♥5", ["♠K ♠K"], 3, "♥", DEAD, ["♠4 ♠A"]),
    ("♠3 ♠3 ♠4 ♥5", ["♥K ♥K"], 3, "♥", DEAD, ["♠3 ♠3"]),
]


@pytest.mark.parametrize(
    "hand,trick,level,trump,follow,expected",
    [pytest.param(*case, id=f"{case[0]}|{'/'.join(case[1])}|{case[4]}") for case in CASES],
)
def test_legal_plays(hand, trick, level, trump, follow, expected):
    assert legal(hand, trick, level, trump, follow) == plays(expected)


@pytest.mark.parametrize(
    "hand,trick,level,trump,follow,expected",
    [pytest.param(*case, id=f"{case[0]}|{'/'.join(case[1])}|{case[4]}") for case in CASES],
)
def test_every_listed_play_passes_check_play(hand, trick, level, trump, follow, expected):
    order = Order(level, parse_suit(trump))
    for p in plays(expected):
        assert check_play(
            parse_cards(hand), [parse_cards(t) for t in trick], p, order, follow=follow
        )


def test_legal_plays_takes_a_counter():
    order = Order(7, parse_suit("♠"))
    hand = Counter(parse_cards("♥6 ♥6 ♥9 ♠3"))
    assert legal_plays(hand, [parse_cards("♥8 ♥8")], order) == [play("♥6 ♥6")]


# ---------------------------------------------------------------------------
# check_play: why a play is wrong

ERRORS = [
    # 出牌规则 3: no runs, no tractors (3344), no throws.
    ("♥3 ♥4 ♥4", [], "♥3 ♥4", DEAD, "lead-shape"),
    ("♥3 ♥3 ♥4 ♥4", [], "♥3 ♥3 ♥4 ♥4", LIVE, "lead-shape"),
    ("♥5 ♥5 ♥5 ♥6 ♥6 ♥6", [], "♥5 ♥5 ♥5 ♥6 ♥6 ♥6", DEAD, "lead-shape"),
    ("♥A ♣A", [], "♥A ♣A", DEAD, "lead-shape"),
    ("♥7 ♣7", [], "♥7 ♣7", DEAD, "lead-shape"),
    ("♥A ♥A", [], "", DEAD, "empty"),
    # 出牌规则 2: follow suit.
    ("♥9 ♣K", ["♥8"], "♣K", DEAD, "follow-suit"),
    ("♥9 ♣K", ["♥8"], "♣K", LIVE, "follow-suit"),
    ("♥6 ♥9 ♣K", ["♥8 ♥8"], "♥6 ♣K", LIVE, "follow-suit"),
    ("♥6 ♣K ♣K", ["♥8 ♥8"], "♣K ♣K", DEAD, "follow-suit"),
    ("♥7 ♥A ♦2", ["♠4"], "♥A", DEAD, "follow-suit"),
    ("♥6 ♥6 ♥9 ♣3", ["♥8 ♥8 ♥8"], "♥6 ♥6 ♣3", DEAD, "follow-suit"),
    # 死棒: 打棒必须出棒。
    ("♥6 ♥6 ♥9 ♠3", ["♥8 ♥8"], "♥6 ♥9", DEAD, "dead-bang"),
    ("♥7 ♣7 ♦2 ♦2", ["♠3 ♠3"], "♥7 ♣7", DEAD, "dead-bang"),
    # 死棒: 打滚子必须出滚子。
    ("♥6 ♥6 ♥6 ♥9 ♥9 ♥J", ["♥8 ♥8 ♥8"], "♥6 ♥6 ♥9", DEAD, "dead-gunzi"),
    ("♥6 ♥6 ♥6 ♥9 ♥9 ♥J", ["♥8 ♥8 ♥8"], "♥6 ♥9 ♥J", DEAD, "dead-gunzi"),
    # 死棒: 若没有可按以下顺序出牌：棒+单张 (before 3张单牌).
    ("♥6 ♥6 ♥9 ♥J ♣3", ["♥8 ♥8 ♥8"], "♥6 ♥9 ♥J", DEAD, "dead-gunzi-bang"),
    # As many cards as the lead.
    ("♥6 ♥6 ♥9", ["♥8 ♥8"], "♥6", DEAD, "card-count"),
    ("♥6 ♥6 ♥9", ["♥8 ♥8"], "♥6 ♥6 ♥9", LIVE, "card-count"),
    ("♥6 ♥6 ♥9", ["♥8"], "♥6 ♥6", DEAD, "card-count"),
    # Only cards in hand.
    ("♥6 ♥6 ♥9", ["♥8 ♥8"], "♥A ♥A", DEAD, "not-in-hand"),
    ("♥6 ♥9", ["♥8 ♥8"], "♥6 ♥6", DEAD, "not-in-hand"),
    ("♥6 ♥9", [], "♥6 ♥6", DEAD, "not-in-hand"),
    ("♥6 ♥9", [], "BJ", DEAD, "not-in-hand"),
]


@pytest.mark.parametrize(
    "hand,trick,text,follow,code",
    [pytest.param(*case, id=f"{case[4]}:{case[2]}|{'/'.join(case[1])}") for case in ERRORS],
)
def test_check_play_says_why(hand, trick, text, follow, code):
    order = Order(7, parse_suit("♠"))
    with pytest.raises(IllegalPlay) as caught:
        check_play(
            parse_cards(hand),
            [parse_cards(t) for t in trick],
            parse_cards(text),
            order,
            follow=follow,
        )
    error = caught.value
    assert error.code == code
    assert set(error.reason) == {"zh", "en"}
    assert error.reason["zh"].strip() and error.reason["en"].strip()
    assert "{" not in error.reason["zh"] + error.reason["en"]  # every field filled in
    assert isinstance(error, ValueError)
    assert code in str(error)


def test_reasons_name_the_suit_and_the_cards():
    order = Order(7, parse_suit("♠"))
    with pytest.raises(IllegalPlay) as caught:
        check_play(parse_cards("♥6 ♥6 ♥9"), [parse_cards("♥8 ♥8")], parse_cards("♥6 ♥9"), order)
    assert "红桃" in caught.value.reason["zh"] and "hearts" in caught.value.reason["en"]
    with pytest.raises(IllegalPlay) as caught:
        check_play(parse_cards("♥7 ♥A ♦2"), [parse_cards("♠4")], parse_cards("♥A"), order)
    assert "主" in caught.value.reason["zh"] and "trump" in caught.value.reason["en"]
    with pytest.raises(IllegalPlay) as caught:
        check_play(parse_cards("♥6"), [], parse_cards("♥A"), order)
    assert "♥A" in caught.value.reason["en"]


def test_the_dead_errors_are_fine_under_live():
    order = Order(7, parse_suit("♠"))
    for hand, trick, text, follow, code in ERRORS:
        if code.startswith("dead-"):
            assert follow == DEAD
            hand, trick = parse_cards(hand), [parse_cards(t) for t in trick]
            assert check_play(hand, trick, parse_cards(text), order, follow=LIVE) == play(text)


def test_check_play_returns_the_play_sorted():
    order = Order(7, parse_suit("♠"))
    assert check_play(parse_cards("♥6 ♥6 ♥9"), [], parse_cards("♥6 ♥6"), order) == play("♥6 ♥6")
    assert check_play(
        parse_cards("♥9 ♣K ♠3"), [parse_cards("♥8 ♥8")], parse_cards("♠3 ♥9"), order
    ) == play("♥9 ♠3")


# ---------------------------------------------------------------------------
# Restricted copies (caps): a card taken back from the kitty (seed 000: 捡回的牌不能组成滚子)
# or a 温莎 dead card (joins nothing).

CAPS = [
    # cap 2: the copies may make a 棒 but not a 滚子.
    ("♥A ♥A ♥A ♣3", [], {"♥A": 2}, DEAD, ["♥A", "♥A ♥A", "♣3"]),
    # cap 1: no 棒 either.
    ("♥A ♥A ♥A ♣3", [], {"♥A": 1}, DEAD, ["♥A", "♣3"]),
    ("♥A ♥A ♣3", [], {"♥A": 1}, DEAD, ["♥A", "♣3"]),
    # A restricted 滚子 does not oblige a 滚子 follow; it still makes a 棒 (棒+单张).
    (
        "♥A ♥A ♥A ♥9 ♥9 ♥J",
        ["♥8 ♥8 ♥8"],
        {"♥A": 2},
        DEAD,
        ["♥A ♥A ♥A", "♥A ♥A ♥9", "♥A ♥A ♥J", "♥A ♥9 ♥9", "♥9 ♥9 ♥J"],
    ),
    ("♥A ♥A ♥A ♥9 ♥J", ["♥8 ♥8 ♥8"], {"♥A": 2}, DEAD, ["♥A ♥A ♥A", "♥A ♥A ♥9", "♥A ♥A ♥J"]),
    # cap 1 on a 滚子 led: no 棒 and no 滚子, so any three of the suit.
    (
        "♥A ♥A ♥9 ♥J",
        ["♥8 ♥8 ♥8"],
        {"♥A": 1},
        DEAD,
        ["♥A ♥A ♥9", "♥A ♥A ♥J", "♥A ♥9 ♥J"],
    ),
    # cap 1 on a 棒 led: no 棒 to oblige, any two hearts.
    ("♥A ♥A ♥9 ♥J ♣3", ["♥8 ♥8"], {"♥A": 1}, DEAD, ["♥A ♥A", "♥A ♥9", "♥A ♥J", "♥9 ♥J"]),
    # cap 2 on three copies against a 棒: it is a 棒 (not a 滚子), so it obliges.
    ("♥A ♥A ♥A ♥9", ["♥8 ♥8"], {"♥A": 2}, DEAD, ["♥A ♥A"]),
    # A cap on a card not held changes nothing.
    ("♥6 ♥6 ♥9", ["♥8 ♥8"], {"♣3": 1}, DEAD, ["♥6 ♥6"]),
]


@pytest.mark.parametrize(
    "hand,trick,caps,follow,expected",
    [pytest.param(*case, id=f"{case[0]}|{'/'.join(case[1])}|{case[2]}") for case in CAPS],
)
def test_restricted_copies(hand, trick, caps, follow, expected):
    caps = {parse_card(card): cap for card, cap in caps.items()}
    assert legal(hand, trick, 7, "♠", follow, caps) == plays(expected)


@pytest.mark.parametrize(
    "hand,text,cap",
    [("♥A ♥A ♥A", "♥A ♥A ♥A", 2), ("♥A ♥A ♥A", "♥A ♥A", 1), ("♥A ♥A", "♥A ♥A", 1)],
)
def test_a_restricted_card_cannot_lead_a_group(hand, text, cap):
    order = Order(7, parse_suit("♠"))
    with pytest.raises(IllegalPlay) as caught:
        check_play(parse_cards(hand), [], parse_cards(text), order, caps={parse_card("♥A"): cap})
    assert caught.value.code == "restricted-group"
    assert "红桃A" in caught.value.reason["zh"] and "A of hearts" in caught.value.reason["en"]
    assert check_play(parse_cards(hand), [], parse_cards("♥A"), order, caps={parse_card("♥A"): cap})


def test_a_restricted_gunzi_need_not_follow_a_gunzi():
    order = Order(7, parse_suit("♠"))
    hand, trick = parse_cards("♥A ♥A ♥A ♥9 ♥J"), [parse_cards("♥8 ♥8 ♥8")]
    caps = {parse_card("♥A"): 2}
    assert check_play(hand, trick, parse_cards("♥A ♥A ♥9"), order, caps=caps)
    with pytest.raises(IllegalPlay) as caught:
        check_play(hand, trick, parse_cards("♥A ♥9 ♥J"), order, caps=caps)
    assert caught.value.code == "dead-gunzi-bang"
    with pytest.raises(IllegalPlay) as caught:  # without caps the 滚子 is owed
        check_play(hand, trick, parse_cards("♥A ♥A ♥9"), order)
    assert caught.value.code == "dead-gunzi"


def test_a_cap_above_the_copies_held_offers_no_phantom_lead():
    order = Order(7, parse_suit("♠"))
    found = legal_plays(parse_cards("♥A"), [], order, caps={parse_card("♥A"): 3})
    assert found == [play("♥A")]


# ---------------------------------------------------------------------------
# Properties, against a fresh reading of the clauses

CODES = {"follow-suit", "dead-bang", "dead-gunzi", "dead-gunzi-bang"}


def seed_legal(hand, lead, order, follow):
    """Every legal follow, straight from the clauses: all multisets, then the rules."""
    n, suit = len(lead), order.suit_of[lead[0]]
    counts = Counter(hand)
    suit_counts = {c: k for c, k in counts.items() if order.suit_of[c] == suit}
    held = sum(suit_counts.values())
    found = set()
    for combo in combinations_with_replacement(sorted(counts), n):
        use = Counter(combo)
        if any(use[c] > counts[c] for c in use):
            continue
        in_suit = sum(k for c, k in use.items() if order.suit_of[c] == suit)
        if in_suit != min(n, held):  # 出牌规则 2
            continue
        if follow == DEAD and held > n:
            has_bang = any(k == 2 for k in suit_counts.values())
            has_gunzi = any(k == 3 for k in suit_counts.values())
            shape = sorted(use.values(), reverse=True)
            if n == 2 and has_bang and shape != [2]:  # 打棒必须出棒; 没棒有滚子时可以不出
                continue
            if n == 3 and has_gunzi and shape != [3]:  # 打滚子必须出滚子
                continue
            if n == 3 and not has_gunzi and has_bang and shape[0] < 2:
                continue  # 若没有，棒+单张
        found.add(tuple(sorted(combo)))
    return found


@st.composite
def situations(draw):
    """A hand of 1-12 cards and a trick of 1-3 plays, from a 3-deck shoe of a few ranks."""
    level = draw(st.integers(3, 10))
    trump = draw(st.sampled_from(SUITS))
    suits = draw(st.sets(st.sampled_from(SUITS), min_size=1, max_size=2))
    few = [c for c in CARDS if c.is_joker or c.suit in suits]  # so the suits meet
    pool = draw(st.lists(st.sampled_from(few), min_size=2, max_size=7, unique=True))
    n = draw(st.integers(1, 3))
    lead_card = draw(st.sampled_from(pool))
    shoe = [card for card in pool for _ in range(3)]
    for _ in range(n):
        shoe.remove(lead_card)
    shoe = draw(st.permutations(shoe))
    size = draw(st.integers(1, min(12, len(shoe))))
    hand, rest = shoe[:size], Counter(shoe[size:])
    trick = [(lead_card,) * n]
    for _ in range(draw(st.integers(0, 2))):
        left = sorted(rest.elements())
        if len(left) < n:
            break
        follow = draw(st.permutations(left))[:n]
        rest.subtract(follow)
        trick.append(tuple(follow))
    return Order(level, trump), hand, trick


SETTINGS = settings(max_examples=200, deadline=None)


@SETTINGS
@given(situations(), st.randoms(use_true_random=False))
def test_legal_follows(situation, rng):
    order, hand, trick = situation
    n = len(trick[0])
    dead = legal_plays(hand, trick, order, follow=DEAD)
    live = legal_plays(hand, trick, order, follow=LIVE)
    for follow, found in ((DEAD, dead), (LIVE, live)):
        assert len(found) == len(set(found))
        if len(hand) >= n:
            assert found
        assert set(found) == seed_legal(hand, trick[0], order, follow)
        for p in found:
            assert len(p) == n
            assert not Counter(p) - Counter(hand)
            assert check_play(hand, trick, p, order, follow=follow) == p
        if len(hand) >= n:
            guess = tuple(sorted(rng.sample(hand, n)))
            if guess not in found:
                with pytest.raises(IllegalPlay) as caught:
                    check_play(hand, trick, guess, order, follow=follow)
                assert caught.value.code in CODES
                assert caught.value.reason["zh"] and caught.value.reason["en"]
    assert set(dead) <= set(live)


@SETTINGS
@given(situations())
def test_legal_leads(situation):
    order, hand, _ = situation
    leads = legal_plays(hand, [], order)
    counts = Counter(hand)
    expected = {(c,) * k for c in counts for k in range(1, counts[c] + 1)}
    assert set(leads) == expected and len(leads) == len(expected)
    for p in leads:
        assert check_play(hand, [], p, order) == p
    assert legal_plays(hand, [], order, follow=LIVE) == leads
