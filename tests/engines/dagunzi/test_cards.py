"""The shared card primitives (engines.cards): card texts, shoes, shuffles, seats, tricks."""

from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engines.cards import (
    BIG_JOKER,
    CARDS,
    CLUBS,
    DIAMONDS,
    HEARTS,
    SMALL_JOKER,
    SPADES,
    Card,
    Trick,
    cards_text,
    deck,
    next_seat,
    parse_card,
    parse_cards,
    parse_suit,
    partner,
    previous_seat,
    same_side,
    seats_from,
    shoe,
    shuffled,
)

SPADE_JACK = Card.of(SPADES, 11)


def test_there_are_54_distinct_cards():
    assert len(CARDS) == 54 == len(set(CARDS))
    assert len({card.text() for card in CARDS}) == 54
    assert len({card.zh() for card in CARDS}) == 54
    assert len({card.en() for card in CARDS}) == 54
    assert deck() == list(CARDS)


@pytest.mark.parametrize("card", CARDS, ids=[card.text() for card in CARDS])
def test_every_card_round_trips_through_text_and_zh(card):
    assert parse_card(card.text()) == card
    assert parse_card(card.zh()) == card
    assert parse_card(f"  {card.text()} ") == card
    assert str(card) == card.text()


@pytest.mark.parametrize("card", CARDS, ids=[card.text() for card in CARDS])
def test_every_card_round_trips_through_ascii(card):
    assert parse_card(card.ascii()) == card
    assert parse_card(card.ascii().lower()) == card


def test_ascii_texts_are_distinct():
    """A text format meant for typing names each card once: "SJ" is 小王, so ♠J is "S-J"."""
    assert len({card.ascii() for card in CARDS}) == 54
    assert SPADE_JACK.ascii() == "S-J" and SMALL_JOKER.ascii() == "SJ"
    assert parse_card("SJ") == SMALL_JOKER and parse_card("S-J") == SPADE_JACK


@pytest.mark.parametrize(
    "text,expected",
    [
        ("♥A", (HEARTS, 14)),
        ("HA", (HEARTS, 14)),
        ("ha", (HEARTS, 14)),
        ("hA", (HEARTS, 14)),
        ("红桃A", (HEARTS, 14)),
        ("♡A", (HEARTS, 14)),
        ("♠10", (SPADES, 10)),
        ("S10", (SPADES, 10)),
        ("ST", (SPADES, 10)),
        ("st", (SPADES, 10)),
        ("♠T", (SPADES, 10)),
        ("黑桃10", (SPADES, 10)),
        ("方片K", (DIAMONDS, 13)),
        ("方块K", (DIAMONDS, 13)),
        ("dk", (DIAMONDS, 13)),
        ("草花2", (CLUBS, 2)),
        ("梅花2", (CLUBS, 2)),
        ("♣2", (CLUBS, 2)),
        ("c2", (CLUBS, 2)),
        ("♦Q", (DIAMONDS, 12)),
        ("hj", (HEARTS, 11)),
        ("CJ", (CLUBS, 11)),
        ("DJ", (DIAMONDS, 11)),
        ("S-J", (SPADES, 11)),
        ("s-j", (SPADES, 11)),
        ("♠J", (SPADES, 11)),
        ("H-A", (HEARTS, 14)),
        ("h-10", (HEARTS, 10)),
        ("红桃-A", (HEARTS, 14)),
    ],
)
def test_card_aliases(text, expected):
    card = parse_card(text)
    assert (card.suit, card.rank) == expected
    assert card == Card.of(*expected)


@pytest.mark.parametrize(
    "text,expected",
    [
        ("BJ", BIG_JOKER),
        ("bj", BIG_JOKER),
        ("大王", BIG_JOKER),
        ("RJ", BIG_JOKER),
        ("SJ", SMALL_JOKER),
        ("sj", SMALL_JOKER),
        ("小王", SMALL_JOKER),
    ],
)
def test_joker_names(text, expected):
    card = parse_card(text)
    assert card == expected and card.is_joker and card.suit is None


def test_card_names():
    card = parse_card("♥A")
    assert (card.text(), card.ascii(), card.zh(), card.en()) == ("♥A", "HA", "红桃A", "A of hearts")
    ten = parse_card("♠10")
    assert (ten.text(), ten.ascii(), ten.zh(), ten.en()) == ("♠10", "S10", "黑桃10", "10 of spades")
    assert (BIG_JOKER.text(), BIG_JOKER.zh(), BIG_JOKER.en()) == ("BJ", "大王", "big joker")
    assert (SMALL_JOKER.text(), SMALL_JOKER.zh(), SMALL_JOKER.en()) == ("SJ", "小王", "small joker")
    assert (BIG_JOKER.rank, SMALL_JOKER.rank) == (16, 15)
    assert repr(card) == "Card(♥A)"


@pytest.mark.parametrize(
    "text",
    [
        "BJ SJ ♠10 ♦2",
        "BJ,SJ,♠10,♦2",
        "BJ, SJ, ♠10, ♦2",
        "BJ，SJ，♠10，♦2",
        "  bj  sj\t♠10\n♦2 ",
        "大王 小王 黑桃10 方块2",
        "BJ sj S10 d2",
    ],
)
def test_parse_cards_separators(text):
    assert [c.text() for c in parse_cards(text)] == ["BJ", "SJ", "♠10", "♦2"]


def test_parse_cards_of_a_list_and_of_nothing():
    assert parse_cards(["♥A", "HA", "ha"]) == [parse_card("♥A")] * 3
    assert parse_cards("") == []
    assert parse_cards([]) == []
    assert cards_text(parse_cards("♥A ♥A BJ")) == "♥A ♥A BJ"


@pytest.mark.parametrize(
    "text",
    [
        "X9",
        "♥1",
        "♥11",
        "♥0",
        "♥",
        "H",
        "A",
        "",
        "  ",
        "BJJ",
        "SJJ",
        "♥AA",
        "1♥",
        "ZZ",
        "S-",
        "-J",
        "S--J",
        5,
        None,
    ],
)
def test_bad_card_texts_raise_value_error(text):
    with pytest.raises(ValueError, match="not a card") as caught:
        parse_card(text)
    assert repr(text) in str(caught.value)


def test_parse_cards_refuses_a_bad_card_in_a_list():
    with pytest.raises(ValueError, match="X9"):
        parse_cards("♥A X9 BJ")
    with pytest.raises(ValueError):
        parse_cards(["♥A", None])


@pytest.mark.parametrize(
    "suit,rank",
    [(4, 2), (-1, 5), (SPADES, 1), (SPADES, 15), (HEARTS, 0), (None, 14)],
)
def test_card_of_refuses_a_bad_suit_or_rank(suit, rank):
    with pytest.raises(ValueError, match="no such card"):
        Card.of(suit, rank)


@pytest.mark.parametrize("value", [-1, 54, 100])
def test_card_refuses_an_int_out_of_range(value):
    with pytest.raises(ValueError, match="no such card"):
        Card(value)


@pytest.mark.parametrize(
    "text,suit",
    [
        ("♠", SPADES),
        ("s", SPADES),
        ("黑桃", SPADES),
        ("♥", HEARTS),
        ("H", HEARTS),
        ("红桃", HEARTS),
        ("♣", CLUBS),
        ("梅花", CLUBS),
        ("草花", CLUBS),
        ("♦", DIAMONDS),
        ("d", DIAMONDS),
        ("方块", DIAMONDS),
        ("方片", DIAMONDS),
    ],
)
def test_parse_suit(text, suit):
    assert parse_suit(text) == suit


@pytest.mark.parametrize("text", ["", "X", "♥A", "hearts", 1, None])
def test_bad_suits_raise_value_error(text):
    with pytest.raises(ValueError, match="not a suit"):
        parse_suit(text)


# ---------------------------------------------------------------------------
# Shoes and shuffles


def test_a_three_deck_shoe():
    cards = shoe(3)
    assert len(cards) == 162
    counts = Counter(cards)
    assert set(counts) == set(CARDS)
    assert set(counts.values()) == {3}
    assert len(shoe(1)) == 54 and len(shoe(2)) == 108


@pytest.mark.parametrize("decks", [0, -1, 1.5, "3", None])
def test_a_shoe_needs_a_whole_number_of_decks(decks):
    with pytest.raises(ValueError):
        shoe(decks)


def test_shuffled_repeats_for_a_seed_and_differs_across_seeds():
    cards = shoe(3)
    first = shuffled(cards, 42)
    assert first == shuffled(cards, 42)
    assert shuffled(cards, "hand-7") == shuffled(cards, "hand-7")
    assert first != shuffled(cards, 43)
    assert first != cards
    assert Counter(first) == Counter(cards)
    assert cards == shoe(3)  # the input is left alone


@settings(max_examples=50, deadline=None)
@given(st.integers(), st.integers())
def test_shuffled_keeps_the_multiset(seed, other):
    cards = shoe(3)
    order = shuffled(cards, seed)
    assert Counter(order) == Counter(cards)
    assert shuffled(cards, seed) == order
    if seed != other:
        assert shuffled(cards, other) != order  # 162! orders: a clash would be a broken shuffle


# ---------------------------------------------------------------------------
# Seats


@pytest.mark.parametrize(
    "seat,after,before,opposite",
    [(0, 1, 3, 2), (1, 2, 0, 3), (2, 3, 1, 0), (3, 0, 2, 1)],
)
def test_seats(seat, after, before, opposite):
    assert next_seat(seat) == after
    assert previous_seat(seat) == before
    assert partner(seat) == opposite
    assert previous_seat(next_seat(seat)) == seat
    assert partner(partner(seat)) == seat
    assert same_side(seat, opposite) and same_side(seat, seat)
    assert not same_side(seat, after) and not same_side(seat, before)


@pytest.mark.parametrize(
    "first,order",
    [(0, [0, 1, 2, 3]), (1, [1, 2, 3, 0]), (2, [2, 3, 0, 1]), (3, [3, 0, 1, 2])],
)
def test_seats_from(first, order):
    assert list(seats_from(first)) == order


def test_seats_with_another_table_size():
    assert next_seat(4, seats=5) == 0
    assert previous_seat(0, seats=5) == 4
    assert list(seats_from(3, seats=5)) == [3, 4, 0, 1, 2]


# ---------------------------------------------------------------------------
# Tricks


def test_a_trick_in_play():
    trick = Trick(leader=2)
    assert trick.lead is None and trick.to_play == 2 and not trick.is_complete
    trick.add(parse_cards("♥8 ♥8"))
    assert trick.lead == tuple(parse_cards("♥8 ♥8"))
    assert trick.to_play == 3
    trick.add(parse_cards("♥A ♥3"))
    assert trick.plays[1] == tuple(sorted(parse_cards("♥3 ♥A")))  # a play is kept sorted
    assert trick.to_play == 0
    trick.add(parse_cards("♠3 BJ"))
    assert trick.to_play == 1 and not trick.is_complete
    trick.add(parse_cards("♣K ♣K"))
    assert trick.is_complete
    assert [trick.seat_of(i) for i in range(4)] == [2, 3, 0, 1]
    assert trick.cards() == Counter(parse_cards("♥8 ♥8 ♥A ♥3 ♠3 BJ ♣K ♣K"))
    with pytest.raises(ValueError, match="complete"):
        trick.add(parse_cards("♦3 ♦3"))
    assert len(trick.plays) == 4


@pytest.mark.parametrize("leader", [0, 1, 2, 3])
def test_trick_seat_order(leader):
    trick = Trick(leader=leader)
    seen = []
    for _ in range(4):
        seen.append(trick.to_play)
        trick.add([BIG_JOKER])
    assert seen == list(seats_from(leader))
    assert seen == [trick.seat_of(i) for i in range(4)]
