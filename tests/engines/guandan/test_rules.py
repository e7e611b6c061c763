"""掼蛋 plays, clause by clause: seed 004's clauses on combinations and their ladder
(GD-01…GD-13, GD-15; GD-14 names finishing places, not plays), the standard
readings GD-R02…R06 and the vectors G1–G16 of ``guandan.md``, each test naming what
it checks; then invariants of ``beats`` and ``classify`` on thousands of random
readings, and the level's place at its edges (level 2, level A).

The brute-force wild oracle is in ``test_oracle.py``.
"""

from __future__ import annotations

import random
from itertools import permutations

import pytest

from engines.cards import CARDS, CLUBS, DIAMONDS, SPADES, SUITS, Card, parse_cards
from engines.guandan import (
    IllegalPlay,
    Reading,
    beats,
    classify,
    level_value,
    play_of,
    wild_card,
)
from engines.guandan.rules import Rules
from tests.engines.guandan.plays import random_play


def readings(text, level):
    """``(kind, rank text)`` of every reading, strongest first."""
    return [r.text() for r in classify(parse_cards(text), level)]


def read(text, level, reading=None) -> Reading:
    """The one reading of ``text`` (or the one the player declares)."""
    return play_of(parse_cards(text), level, reading).reading


# --- GD-01, GD-02, GD-03: four jokers, bombs of 4 to 8, the 10-card wild bomb ---------


def test_gd01_four_jokers_beat_everything():
    jokers = read("SJ SJ BJ BJ", 2)
    assert jokers.kind == "four-jokers"
    for text in (
        "♠9 ♠9 ♦9 ♦9 ♣9 ♣9 ♥9 ♥9 ♥2 ♥2",  # the biggest bomb there is
        "♠10 ♠J ♠Q ♠K ♠A",
        "BJ",
        "BJ BJ",
    ):
        assert beats(jokers, read(text, 2)) and not beats(read(text, 2), jokers), text


def test_gd02_bombs_are_four_to_eight_cards_of_a_rank():
    suits = "♠♥♣♦♠♥♣♦"
    for n in range(4, 9):
        text = " ".join(f"{s}7" for s in suits[:n])
        assert readings(text, 2) == [f"{n}-card bomb of 7"]
    assert readings("♠7 ♥7 ♣7", 2) == ["triple of 7"]


def test_g6_eight_nines_and_two_wilds_are_a_ten_card_bomb():
    # GD-03: "如和八张一起，可变为１０张的炸弹"
    assert readings("♠9 ♠9 ♦9 ♦9 ♣9 ♣9 ♥9 ♥9 ♥5 ♥5", 5) == ["10-card bomb of 9"]
    assert read("♠9 ♠9 ♦9 ♦9 ♣9 ♣9 ♥9 ♥9 ♥5 ♥5", 5).power == 8


def test_g5_a_wild_is_never_a_joker():
    # GD-03 "除鬼外", GD-R03: SJ + wild is no pair, SJ BJ is no pair.
    assert classify(parse_cards("SJ ♥5"), 5) == []
    assert classify(parse_cards("SJ BJ"), 5) == []
    assert classify(parse_cards("SJ SJ BJ ♥5"), 5) == []  # no four jokers with a wild


# --- GD-04, GD-05: straight flushes; a wild one equals the natural one ---------------


def test_gd04_straight_flushes_run_from_a_to_5_up_to_10_to_a():
    low, high = read("♦A ♦2 ♦3 ♦4 ♦5", 8), read("♦10 ♦J ♦Q ♦K ♦A", 8)
    assert low.text() == "straight flush to 5" and high.text() == "straight flush to A"
    assert beats(high, low) and not beats(low, high)
    assert classify(parse_cards("♦Q ♦K ♦A ♦2 ♦3"), 8) == []  # no wrap


def test_g1_a_wild_straight_equals_the_natural_one():
    # GD-05: at level 2, 10-J-Q-♥2-A is as big as 10-J-Q-K-A.
    wild, natural = read("♠10 ♦J ♣Q ♥2 ♠A", 2), read("♠10 ♦J ♣Q ♠K ♠A", 2)
    assert wild.text() == natural.text() == "straight to A"
    assert not beats(wild, natural) and not beats(natural, wild)


def test_g2_a_wild_bomb_equals_the_natural_one():
    # GD-05: at level 2, 9999 and 999♥2 are equal.
    wild, natural = read("♠9 ♥9 ♣9 ♥2", 2), read("♠9 ♥9 ♣9 ♦9", 2)
    assert wild.text() == natural.text() == "4-card bomb of 9"
    assert not beats(wild, natural) and not beats(natural, wild)


def test_gd05_a_wild_straight_flush_equals_the_natural_one():
    wild = read("♠10 ♠J ♠Q ♥2 ♠A", 2, "straight flush to A")
    natural = read("♣10 ♣J ♣Q ♣K ♣A", 2)
    assert not beats(wild, natural) and not beats(natural, wild)


# --- GD-06, GD-07, GD-08: straights, tubes, plates --------------------------------------


def test_gd06_a_straight_is_exactly_five_consecutive_ranks_of_any_suits():
    assert readings("♠A ♦2 ♣3 ♥4 ♠5", 9) == ["straight to 5"]
    assert readings("♠10 ♦J ♣Q ♥K ♠A", 9) == ["straight to A"]
    assert classify(parse_cards("♠10 ♦J ♣Q ♥K SJ"), 9) == []  # no jokers


def test_g10_six_in_a_row_and_wrapping_round_are_nothing():
    assert classify(parse_cards("♠3 ♦4 ♣5 ♠6 ♦7 ♣8"), 9) == []
    assert classify(parse_cards("♠Q ♦K ♣A ♠2 ♦3"), 9) == []


def test_g8_tubes_from_aa2233_to_qqkkaa():
    # GD-07: exactly three consecutive pairs.
    low, high = read("♠A ♦A ♠2 ♦2 ♠3 ♣3", 7), read("♠Q ♦Q ♠K ♦K ♠A ♣A", 7)
    assert (low.text(), high.text()) == ("tube to 3", "tube to A")
    assert beats(high, low) and not beats(low, high)
    assert classify(parse_cards("♠3 ♦3 ♠4 ♦4 ♠5 ♦5 ♠6 ♦6"), 7) == []  # four pairs
    assert classify(parse_cards("♠K ♦K ♠A ♦A ♠2 ♦2"), 7) == []  # no wrap


def test_g9_plates_from_aaa222_to_kkkaaa():
    # GD-08: exactly two consecutive triples.
    low, high = read("♠A ♦A ♣A ♠2 ♦2 ♣2", 7), read("♠K ♦K ♣K ♠A ♦A ♣A", 7)
    assert (low.text(), high.text()) == ("plate to 2", "plate to A")
    assert beats(high, low) and not beats(low, high)
    assert classify(parse_cards("♠3 ♦3 ♣3 ♠4 ♦4 ♣4 ♠5 ♦5 ♣5"), 7) == []  # three triples
    assert classify(parse_cards("♠3 ♦3 ♣3 ♠5 ♦5 ♣5"), 7) == []  # not consecutive


# --- GD-09, GD-10, GD-12, GD-15: simple kinds and how they compare ------------------------


def test_gd09_full_houses_are_a_triple_and_a_pair():
    assert readings("♠5 ♦5 ♣5 ♠Q ♦Q", 9) == ["full house of 5"]
    assert readings("♠J ♦J ♣J ♠3 ♦3", 9) == ["full house of J"]
    assert classify(parse_cards("♠J ♦J ♣J ♠3 ♦4"), 9) == []


def test_gd10_singles_pairs_and_triples():
    assert readings("♣8", 2) == ["single of 8"]
    assert readings("♣8 ♦8", 2) == ["pair of 8"]
    assert readings("♣8 ♦8 ♣8", 2) == ["triple of 8"]
    assert readings("SJ SJ", 2) == ["pair of SJ"] and readings("BJ BJ", 2) == ["pair of BJ"]
    assert classify(parse_cards("♣8 ♦9"), 2) == []


def test_g11_a_full_house_compares_by_its_triple():
    # GD-12, GD-15: 555QQ beats 444AA.
    assert beats(read("♠5 ♦5 ♣5 ♠Q ♦Q", 9), read("♠4 ♦4 ♣4 ♠A ♦A", 9))
    assert not beats(read("♠4 ♦4 ♣4 ♠A ♦A", 9), read("♠5 ♦5 ♣5 ♠Q ♦Q", 9))


def test_g12_a_level_rank_triple_beats_aces():
    # GD-R02: at level 9, 999KK beats AAAKK.
    assert beats(read("♠9 ♦9 ♣9 ♠K ♦K", 9), read("♠A ♦A ♣A ♠K ♦K", 9))
    assert not beats(read("♠A ♦A ♣A ♠K ♦K", 9), read("♠9 ♦9 ♣9 ♠K ♦K", 9))


def test_gd12_only_the_same_kind_and_count_compare_and_only_strictly_higher():
    pair, triple = read("♠K ♦K", 2), read("♠3 ♦3 ♣3", 2)
    assert not beats(triple, pair) and not beats(pair, triple)
    assert beats(read("♠K", 2), read("♠3", 2))
    straight, tube = read("♠9 ♦10 ♣J ♠Q ♦K", 2), read("♠3 ♦3 ♠4 ♦4 ♠5 ♦5", 2)
    assert not beats(tube, straight) and not beats(straight, tube)
    full = read("♠A ♦A ♣A ♠K ♦K", 2)
    assert not beats(full, straight) and not beats(straight, full)
    assert not beats(read("♠K ♦K", 2), read("♣K ♥K", 2))  # equal never beats
    assert not beats(read("♠3 ♦4 ♣5 ♠6 ♦7", 2), read("♣3 ♥4 ♦5 ♣6 ♠7", 2))


def test_gd15_singles_at_level_10_from_the_big_joker_down():
    order = ["BJ", "SJ", "♣10", "♠A", "♠K", "♠Q", "♠J", "♠9", "♠8", "♠7", "♠6"]
    order += ["♠5", "♠4", "♠3", "♠2"]
    singles = [read(text, 10) for text in order]
    for i, high in enumerate(singles):
        for low in singles[i + 1 :]:
            assert beats(high, low) and not beats(low, high), (high, low)


# --- GD-11, GD-R04, G13, G14: the bomb ladder ---------------------------------------------

NINES = "♠9 ♦9 ♣9 ♠9 ♦9 ♣9 ♥9 ♥9"  # at level 9: ♥9 is wild, the others the level rank
TWOS = "♠2 ♦2 ♣2 ♥2 ♠2 ♦2 ♣2 ♥2"
ACES = "♠A ♦A ♣A ♥A ♠A ♦A ♣A ♥A"
LADDER = [  # (rung, its lowest play, its highest play) at level 9
    *((f"{n}-bomb", " ".join(TWOS.split()[:n]), " ".join(NINES.split()[:n])) for n in (4, 5)),
    ("straight flush", "♣A ♣2 ♣3 ♣4 ♣5", "♣10 ♣J ♣Q ♣K ♣A"),
    *((f"{n}-bomb", " ".join(TWOS.split()[:n]), " ".join(NINES.split()[:n])) for n in (6, 7, 8)),
    ("9-bomb", f"{TWOS} ♥9", f"{ACES} ♥9"),
    ("10-bomb", f"{TWOS} ♥9 ♥9", f"{ACES} ♥9 ♥9"),
    ("four jokers", "SJ SJ BJ BJ", "SJ SJ BJ BJ"),
]


@pytest.mark.parametrize("i", range(len(LADDER)))
def test_g13_each_rung_of_the_ladder_beats_every_one_below(i):
    # GD-11, GD-R04: every pair both ways, a rung's lowest play over the highest
    # play of each rung below it.
    name, low, _ = LADDER[i]
    rung = read(low, 9)
    assert rung.is_bomb
    if name != "four jokers":  # within a rung, by rank (or top)
        assert beats(read(LADDER[i][2], 9), rung) and not beats(rung, read(LADDER[i][2], 9))
    for lower_name, _, lower_high in LADDER[:i]:
        lower = read(lower_high, 9)
        assert beats(rung, lower), (name, lower_name)
        assert not beats(lower, rung), (lower_name, name)


def test_g14_bombs_beat_plays_below_them():
    assert beats(read("♠3 ♦3 ♣3 ♥3", 9), read("BJ", 9))
    assert not beats(read("BJ", 9), read("♠3 ♦3 ♣3 ♥3", 9))
    # A straight flush to 5 beats a 5-bomb of A (and of the level rank).
    assert beats(read("♠A ♠2 ♠3 ♠4 ♠5", 9), read("♠A ♦A ♣A ♥A ♠A", 9))
    assert beats(read("♠A ♠2 ♠3 ♠4 ♠5", 9), read("♠9 ♦9 ♣9 ♥9 ♠9", 9))


def test_gdr04_bombs_of_one_size_compare_by_rank_straight_flushes_by_top():
    assert beats(read("♠9 ♦9 ♣9 ♦9", 2), read("♠8 ♦8 ♣8 ♦8", 2))
    assert beats(read("♠2 ♦2 ♣2 ♦2", 2), read("♠A ♦A ♣A ♦A", 2))  # the level rank's bomb
    assert beats(read("♦2 ♦3 ♦4 ♦5 ♦6", 9), read("♠A ♠2 ♠3 ♠4 ♠5", 9))
    same_top = read("♦2 ♦3 ♦4 ♦5 ♦6", 9), read("♣2 ♣3 ♣4 ♣5 ♣6", 9)
    assert not beats(*same_top) and not beats(*same_top[::-1])  # suits do not rank
    # A bigger bomb wins whatever the ranks: six 2s over five As.
    assert beats(read("♠2 ♦2 ♣2 ♦2 ♠2 ♣2", 9), read("♠A ♦A ♣A ♦A ♠A", 9))


# --- GD-13, GD-R02, GD-R03, GD-R05, GD-R06: wilds, orders, jokers, declarations -----------


def test_g3_at_level_10_a_wild_fills_a_straight():
    assert readings("♠2 ♦3 ♣4 ♥10 ♠6", 10) == ["straight to 6"]
    assert read("♠2 ♦3 ♣4 ♥10 ♠6", 10).stands_for[0].rank == 5


def test_gd13_a_wild_makes_any_kind_but_a_joker_play():
    assert "straight flush to 6" in readings("♣2 ♣3 ♣4 ♥10 ♣6", 10)
    assert readings("♠Q ♦Q ♣Q ♥10", 10) == ["4-card bomb of Q"]
    assert readings("♠Q ♥10", 10) == ["pair of Q"]
    assert readings("♠Q ♦Q ♠K ♦K ♠A ♥10", 10) == ["tube to A"]
    assert classify(parse_cards("SJ SJ BJ ♥10"), 10) == []
    assert classify(parse_cards("BJ ♥10"), 10) == []


def test_g4_a_lone_wild_is_the_level_card():
    # GD-R06: ♥10 alone at level 10 beats A and loses to SJ; two are a pair of 10s.
    single = read("♥10", 10)
    assert single.text() == "single of 10"
    assert beats(single, read("♠A", 10)) and not beats(single, read("SJ", 10))
    assert beats(read("SJ", 10), single)
    assert readings("♥10 ♥10", 10) == ["pair of 10"]
    assert not beats(read("♥10", 10), read("♠10", 10))  # the same level card


def test_gdr02_sequences_use_the_natural_order_not_the_level_order():
    # At level 7 the 7 sits between 6 and 8 in a straight, and above A for a single.
    assert readings("♠5 ♦6 ♣7 ♠8 ♦9", 7) == ["straight to 9"]
    assert classify(parse_cards("♠J ♦Q ♣K ♠A ♦7"), 7) == []
    assert readings("♠6 ♦6 ♠7 ♦7 ♠8 ♦8", 7) == ["tube to 8"]
    assert beats(read("♠7", 7), read("♠A", 7))


def test_gdr03_joker_pairs_and_the_joker_full_house():
    assert readings("♠9 ♦9 ♣9 SJ SJ", 3) == ["full house of 9"]  # G16
    assert classify(parse_cards("♠9 ♦9 ♣9 SJ BJ"), 3) == []
    assert classify(parse_cards("SJ SJ ♠9 ♦9 ♠10 ♦10"), 3) == []  # no jokers in tubes
    assert classify(parse_cards("SJ SJ BJ"), 3) == []
    assert beats(read("BJ BJ", 3), read("SJ SJ", 3))


def test_g16_nines_and_a_pair_of_small_jokers_are_a_full_house():
    # GD-R03, cfg full_house_joker_pair (on in the seed's rules).
    full = read("♠9 ♦9 ♣9 SJ SJ", 3)
    assert full.text() == "full house of 9"
    assert beats(full, read("♠8 ♦8 ♣8 ♠A ♦A", 3))
    no_jokers = Rules("test", "", "", full_house_joker_pair=False)
    assert classify(parse_cards("♠9 ♦9 ♣9 SJ SJ"), 3, no_jokers) == []


def test_g15_five_of_a_kind_is_a_bomb_not_a_full_house():
    # GD-R05
    assert readings("♠5 ♦5 ♣5 ♥5 ♠5", 9) == ["5-card bomb of 5"]
    with pytest.raises(IllegalPlay):
        play_of(parse_cards("♠5 ♦5 ♣5 ♥5 ♠5"), 9, "full-house")


def test_gdr05_five_suited_consecutive_cards_are_only_a_straight_flush():
    assert readings("♣9 ♣10 ♣J ♣Q ♣K", 2) == ["straight flush to K"]
    with pytest.raises(IllegalPlay) as error:
        play_of(parse_cards("♣9 ♣10 ♣J ♣Q ♣K"), 2, "straight")
    assert error.value.code == "reading"
    # With a wild, the wild may be another suit: then it is a straight as well.
    assert readings("♣9 ♣10 ♣J ♣Q ♥2", 2) == [
        "straight flush to K",
        "straight flush to Q",
        "straight to K",
        "straight to Q",
    ]


def test_g7_two_straight_flush_readings_and_the_player_declares():
    # GD-R06: ♠3 ♠4 ♠5 ♠6 + ♥5 at level 5: SF to 6 (wild ♠2) or to 7 (wild ♠7).
    cards = parse_cards("♠3 ♠4 ♠5 ♠6 ♥5")
    assert readings("♠3 ♠4 ♠5 ♠6 ♥5", 5)[:2] == ["straight flush to 7", "straight flush to 6"]
    with pytest.raises(IllegalPlay) as error:
        play_of(cards, 5)
    assert error.value.code == "reading"
    to_seven = play_of(cards, 5, "straight flush to 7").reading
    to_six = play_of(cards, 5, "straight flush to 6").reading
    assert to_seven.stands_for == (Card.of(SPADES, 7),)
    assert to_six.stands_for == (Card.of(SPADES, 2),)
    assert beats(to_seven, to_six)


def test_play_of_refuses_no_combination_and_reads_a_single_reading():
    with pytest.raises(IllegalPlay) as error:
        play_of(parse_cards("♠3 ♦5"), 2)
    assert error.value.code == "not-a-play"
    assert play_of(parse_cards("♠3 ♦3"), 2).reading.text() == "pair of 3"


# --- The level's place at the edges ---------------------------------------------------------


def test_level_2_the_two_is_above_a_yet_low_in_sequences():
    assert beats(read("♠2", 2), read("♠A", 2)) and beats(read("SJ", 2), read("♠2", 2))
    assert readings("♠A ♦2 ♣3 ♠4 ♦5", 2) == ["straight to 5"]
    assert readings("♠A ♦A ♠2 ♦2 ♠3 ♦3", 2) == ["tube to 3"]
    assert readings("♠A ♦A ♣A ♠2 ♦2 ♣2", 2) == ["plate to 2"]
    assert beats(read("♠2 ♦2 ♣2 ♠3 ♦3", 2), read("♠A ♦A ♣A ♠K ♦K", 2))


def test_level_a_the_ace_is_the_level_card_and_still_both_ends_of_a_sequence():
    assert level_value(Card.of(CLUBS, 14), 14) == 15
    assert beats(read("♠A", 14), read("♠K", 14)) and beats(read("SJ", 14), read("♠A", 14))
    assert readings("♠10 ♦J ♣Q ♠K ♦A", 14) == ["straight to A"]
    assert readings("♠A ♦2 ♣3 ♠4 ♦5", 14) == ["straight to 5"]
    assert readings("♥A ♦2 ♣3 ♠4 ♦5", 14) == ["straight to 6", "straight to 5"]  # wild ♥A
    assert readings("♠Q ♦Q ♠K ♦K ♠A ♦A", 14) == ["tube to A"]
    assert beats(read("♠A ♦A ♣A ♦A", 14), read("♠K ♦K ♣K ♦K", 14))
    # Three As and two wilds at level A: a 5-bomb of A, or a full house with a K pair.
    both = readings("♠A ♦A ♣A ♥A ♥A", 14)
    assert both == ["5-card bomb of A", "full house of A"]


def test_a_level_rank_bomb_tops_its_size_and_loses_to_a_bigger_one():
    level_bomb = read("♠7 ♦7 ♣7 ♠7", 7)
    assert level_bomb.value == 15 and beats(level_bomb, read("♠A ♦A ♣A ♥A", 7))
    assert beats(read("♠2 ♦2 ♣2 ♥2 ♠2", 7), level_bomb)


def test_the_level_card_inside_a_straight_is_at_its_natural_place():
    # At level 9 the wild ♥9 may stand for itself in 7-8-9-10-J (or fill another gap).
    assert readings("♠7 ♦8 ♣9 ♠10 ♦J", 9) == ["straight to J"]
    assert "straight to J" in readings("♠7 ♦8 ♥9 ♠10 ♦J", 9)
    assert beats(read("♠7 ♦8 ♣9 ♠10 ♦J", 9), read("♠6 ♦7 ♣8 ♠9 ♦10", 9))
    assert not beats(read("♠9 ♦10 ♣J ♠Q ♦K", 9), read("♠10 ♦J ♣Q ♠K ♦A", 9))


# --- Invariants on random readings ------------------------------------------------------------


def reading_pool(count, seed):
    rng = random.Random(seed)
    pool = []
    while len(pool) < count:
        _, cards, level = random_play(rng)
        pool += classify(cards, level)[:2]
    return pool


POOL = reading_pool(3000, 5)


def test_beats_is_irreflexive_and_antisymmetric():
    rng = random.Random(1)
    for r in POOL:
        assert not beats(r, r), r
    for _ in range(20_000):
        a, b = rng.choice(POOL), rng.choice(POOL)
        assert not (beats(a, b) and beats(b, a)), (a, b)


def test_beats_is_transitive_on_sampled_chains():
    rng = random.Random(2)
    by_group = {}
    for r in POOL:
        by_group.setdefault((r.power > 0, r.kind if r.power == 0 else "", r.size), []).append(r)
    groups = list(by_group.values())
    chains = 0
    for _ in range(30_000):
        # Mostly from one group (where chains exist), sometimes across the pool.
        group = rng.choice(groups) if rng.random() < 0.8 else POOL
        a, b, c = (rng.choice(group) for _ in range(3))
        if beats(a, b) and beats(b, c):
            chains += 1
            assert beats(a, c), (a, b, c)
    assert chains > 2000


def test_every_bomb_beats_every_ordinary_play():
    bombs = [r for r in POOL if r.is_bomb]
    ordinary = [r for r in POOL if not r.is_bomb]
    assert len(bombs) > 200 and len(ordinary) > 1000
    for bomb in bombs:
        for play in ordinary[:: len(ordinary) // 200]:
            assert beats(bomb, play) and not beats(play, bomb), (bomb, play)


@pytest.mark.parametrize("order", list(permutations((SPADES, CLUBS, DIAMONDS))))
def test_permuting_spades_clubs_and_diamonds_changes_nothing(order):
    # Hearts stay: the wild is a heart. A straight flush keeps its suit's image.
    swap = dict(zip((SPADES, CLUBS, DIAMONDS), order, strict=True))

    def moved(card):
        card = CARDS[card]
        return (
            card if card.is_joker or card.suit not in swap else Card.of(swap[card.suit], card.rank)
        )

    rng = random.Random(hash(order) % 1000)
    for _ in range(1500):
        _, cards, level = random_play(rng)
        before = classify(cards, level)
        after = classify([moved(c) for c in cards], level)
        expected = [
            (r.kind, r.size, r.value, None if r.suit is None else swap.get(r.suit, r.suit))
            for r in before
        ]
        assert [r.key() for r in after] == expected, cards
    # beats sees no suit: a pair of readings keeps its verdict.
    for a, b in zip(POOL[:500], POOL[500:1000], strict=True):
        assert beats(a, b) == beats(Reading(a.kind, a.size, a.rank, a.value, None), b)


def test_suits_are_all_equal_for_the_wild_card_question():
    # Only the heart level card is wild: the other three level cards are plain.
    for suit in SUITS:
        card = Card.of(suit, 6)
        assert (card == wild_card(6)) == (suit == 1)
    assert readings("♠6 ♠3", 6) == []
    assert readings("♥6 ♠3", 6) == ["pair of 3"]
