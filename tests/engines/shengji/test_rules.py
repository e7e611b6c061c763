"""升级 rules, clause by clause: the vectors SH1–SH22 of ``shengji.md`` and the seed's
clauses SJ-01…SJ-23 (seed 003, "升级竞赛规则"), each test naming what it checks.

The brute-force oracles (following, winner, throws) are in ``test_oracle_*.py``.
"""

import random
from collections import Counter

import pytest

from engines.cards import CLUBS, DIAMONDS, HEARTS, SPADES, cards_text, parse_cards, shoe
from engines.shengji import (
    IllegalPlay,
    Order,
    check_follow,
    check_throw,
    decompose,
    is_tractor,
    lead_units,
    leads,
    legal_follows,
    points,
    trick_winner,
)
from engines.shengji.declare import IllegalDeclaration, check_declaration, kitty_trump
from engines.shengji.hand import (
    Hand,
    Match,
    deal,
    kitty_multiplier,
    level_change,
    next_dealer,
    settle,
    simulate,
)
from engines.shengji.rules import DEFAULT, FINAL, Rules


def cards(text):
    return parse_cards(text)


def texts(plays):
    return {cards_text(p) for p in plays}


# --- SJ-01: two decks, 25 each, 8 in the kitty ------------------------------------------


def test_sj01_the_deal_is_four_hands_of_25_and_a_kitty_of_8():
    hands, kitty = deal(7)
    assert [len(h) for h in hands] == [25, 25, 25, 25] and len(kitty) == 8
    assert Counter(c for h in hands for c in h) + Counter(kitty) == Counter(shoe(2))


def test_sh17_points():
    assert points(cards("♥5 ♥10 ♠K ♣A")) == 25
    assert points(shoe(2)) == 200  # note (g)


# --- SJ-14: the order; SH1 -----------------------------------------------------------------


def test_sh1_the_order_at_level_8_hearts():
    order = Order(8, HEARTS)
    ranked = order.sorted(cards("♠7 ♠9 ♥7 ♥9 ♠A ♥A ♣8 ♠8 ♥8 SJ BJ"))
    assert cards_text(ranked) == "BJ SJ ♥8 ♠8 ♣8 ♥A ♥9 ♥7 ♠A ♠9 ♠7"
    assert order.compare(cards("♠8")[0], cards("♣8")[0]) == 0  # other level cards equal
    assert order.is_trump(cards("♣8")[0]) and not order.is_trump(cards("♣9")[0])


def test_sj09_in_no_trump_only_jokers_and_level_cards_are_trumps():
    order = Order(5, None)
    assert {c.text() for c in cards("BJ SJ ♠5 ♥5 ♣5 ♦5 ♥A") if order.is_trump(c)} == {
        "BJ",
        "SJ",
        "♠5",
        "♥5",
        "♣5",
        "♦5",
    }
    assert order.compare(cards("♠5")[0], cards("♥5")[0]) == 0


# --- SJ-11…SJ-13, note (d): tractors; SH2–SH6 ---------------------------------------------


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("♣7 ♣7 ♣9 ♣9", True),  # SH2, SJ-13
        ("♣8 ♣8 ♣9 ♣9", False),  # SH3, SJ-12
        ("♠8 ♠8 ♣8 ♣8", False),  # SH4: equal rank
        ("♠8 ♠8 ♥8 ♥8", True),  # SH5
        ("♥8 ♥8 SJ SJ", True),  # SH5
        ("SJ SJ BJ BJ", True),  # SH5
        ("♥A ♥A ♠8 ♠8", True),  # SH6, ace_links_level
        ("♣A ♣A ♣2 ♣2", False),  # SH6: no wrap-around
        ("♣5 ♣5 ♣6 ♣6 ♣7 ♣7", True),  # SJ-11: three pairs
        ("♣5 ♣5 ♦6 ♦6", False),  # SJ-11: one suit
        ("♣5 ♣5 ♣6 ♣7", False),  # pairs only
    ],
)
def test_tractors_at_level_8_hearts(text, expected):
    assert is_tractor(cards(text), Order(8, HEARTS)) is expected


def test_in_no_trump_the_level_pairs_link_to_the_small_joker():
    order = Order(7, None)
    assert is_tractor(cards("♠7 ♠7 SJ SJ"), order)
    assert is_tractor(cards("♠7 ♠7 SJ SJ BJ BJ"), order)
    assert not is_tractor(cards("♠7 ♠7 ♥7 ♥7"), order)


def test_sh6_without_ace_links_level_the_trump_ace_does_not_reach_the_level_cards():
    assert not is_tractor(cards("♥A ♥A ♠8 ♠8"), Order(8, HEARTS, ace_links_level=False))
    assert is_tractor(cards("♠8 ♠8 ♥8 ♥8"), Order(8, HEARTS, ace_links_level=False))


def test_greedy_decomposition_takes_the_longest_tractor():
    units = decompose(cards("♥A ♥A ♠8 ♠8 ♣8 ♣8 ♥8 ♥8"), Order(8, HEARTS))
    assert [u.length for u in units] == [3, 1]


# --- SJ-16…SJ-21: leading and following; SH7–SH9 ------------------------------------------


def test_sj19_leads_are_singles_pairs_and_tractors():
    found = texts(leads(cards("♠5 ♠5 ♠6 ♠6 ♠9"), Order(2, HEARTS)))
    assert found == {"♠5", "♠6", "♠9", "♠5 ♠5", "♠6 ♠6", "♠5 ♠5 ♠6 ♠6"}


def test_sj20_a_lead_is_one_suit():
    with pytest.raises(IllegalPlay) as caught:
        lead_units(cards("♠A ♥3"), Order(2, SPADES))
    assert caught.value.code == "mixed-lead"


def test_sh7_as_many_pairs_as_held():
    order = Order(2, HEARTS)
    found = texts(legal_follows(cards("♠9 ♠9 ♠Q ♠Q ♠3 ♠4 ♦5"), cards("♠5 ♠5 ♠6 ♠6"), order))
    assert found == {"♠9 ♠9 ♠Q ♠Q"}
    with pytest.raises(IllegalPlay) as caught:
        check_follow(
            cards("♠9 ♠9 ♠Q ♠Q ♠3 ♠4 ♦5"), cards("♠5 ♠5 ♠6 ♠6"), cards("♠9 ♠9 ♠3 ♠4"), order
        )
    assert caught.value.code == "follow-pairs"


def test_sh8_a_tractor_held_must_be_played():
    order = Order(2, HEARTS)
    hand = cards("♠9 ♠9 ♠10 ♠10 ♠3 ♦5")
    assert texts(legal_follows(hand, cards("♠5 ♠5 ♠6 ♠6"), order)) == {"♠9 ♠9 ♠10 ♠10"}
    with pytest.raises(IllegalPlay) as caught:
        check_follow(hand, cards("♠5 ♠5 ♠6 ♠6"), cards("♠9 ♠10 ♠10 ♠3"), order)
    assert caught.value.code == "follow-tractor"


def test_sh9_follow_suit_before_shape():
    order = Order(2, HEARTS)
    assert texts(legal_follows(cards("♠3 ♠7 ♦9 ♦9"), cards("♠K ♠K"), order)) == {"♠3 ♠7"}


def test_sj17_short_of_the_suit_play_all_of_it_and_anything():
    order = Order(2, HEARTS)
    found = texts(legal_follows(cards("♠3 ♦9 ♦10 BJ"), cards("♠K ♠K"), order))
    assert found == {"♠3 ♦9", "♠3 ♦10", "♠3 BJ"}
    with pytest.raises(IllegalPlay) as caught:
        check_follow(cards("♠3 ♦9 ♦10 BJ"), cards("♠K ♠K"), cards("♦9 ♦10"), order)
    assert caught.value.code == "follow-suit"


def test_sj18_void_ruff_or_discard():
    order = Order(2, HEARTS)
    assert texts(legal_follows(cards("♥3 ♦9"), cards("♠K"), order)) == {"♥3", "♦9"}


def test_the_lead_size_must_be_matched():
    with pytest.raises(IllegalPlay) as caught:
        check_follow(cards("♠3 ♠4 ♠5"), cards("♠K ♠K"), cards("♠3"), Order(2, HEARTS))
    assert caught.value.code == "card-count"


# --- SJ-15, SJ-22, note (f): who wins; SH10–SH13 ------------------------------------------


@pytest.mark.parametrize(
    ("plays", "winner"),
    [
        (["♠K ♠K", "♥3 ♥4", "♠5 ♠5", "♠A ♠A"], 3),  # SH10
        (["♠K ♠K", "♥3 ♥3", "♠A ♠A", "♥4 ♥4"], 3),  # SH11
        (["♠5 ♠5 ♠6 ♠6", "♥7 ♥7 ♥8 ♥8", "♥Q ♥Q ♥3 ♥4", "♠9 ♠9 ♠Q ♠Q"], 1),  # SH12
        (["♣A", "♣A", "♣3", "♣4"], 0),  # SH13
        (["♠A ♠K ♠K", "♥3 ♥5 ♥5", "♥A ♥4 ♥4", "♠2 ♠3 ♠4"], 1),  # a throw ruffed, pairs compared
    ],
)
def test_trick_winners(plays, winner):
    assert trick_winner([cards(p) for p in plays], Order(2, HEARTS)) == winner


def test_winner_does_not_depend_on_which_deck_a_card_came_from():
    order = Order(2, HEARTS)
    plays = [cards("♣A"), cards("♣A"), cards("♣3"), cards("♣4")]
    assert trick_winner(list(reversed(plays[:2])) + plays[2:], order) == 0


# --- SJ-20, note (e): throws; SH14–SH16 ----------------------------------------------------


def test_sh14_a_throw_fails_on_a_higher_pair_and_forces_it():
    # As the spec writes it (the spec gives a third ♠A; the engine does not count copies).
    result = check_throw(
        cards("♠A ♠K ♠K"), [cards("♠A ♠A ♦3"), cards("♠Q"), cards("♣3")], Order(2, HEARTS)
    )
    assert not result.ok and cards_text(result.forced) == "♠K ♠K"
    assert result.penalty(10) == 10  # one card taken back


def test_sh15_an_equal_card_does_not_beat_a_throw():
    result = check_throw(
        cards("♠A ♠K ♠K"), [cards("♠A ♠Q ♠Q"), cards("♠Q"), cards("♣3")], Order(2, HEARTS)
    )
    assert result.ok


def test_sh16_a_throw_fails_on_the_single():
    result = check_throw(
        cards("♠A ♠A ♠K"), [cards("♠A ♦3"), cards("♠Q"), cards("♣3")], Order(2, HEARTS)
    )
    assert not result.ok and cards_text(result.forced) == "♠K"


def test_the_smallest_failing_unit_is_forced():
    order = Order(2, HEARTS)
    result = check_throw(cards("♠K ♠Q ♠Q ♠7"), [cards("♠A ♠J"), cards("♠K ♠K"), cards("♣3")], order)
    assert not result.ok and cards_text(result.forced) == "♠7"
    assert {cards_text(u.cards) for u, _seat, _by in result.failing} == {"♠K", "♠Q ♠Q", "♠7"}


def test_a_one_unit_lead_never_fails():
    order = Order(2, HEARTS)
    assert check_throw(cards("♠5 ♠5 ♠6 ♠6"), [cards("♠A ♠A ♠K ♠K"), [], []], order).ok


# --- SJ-05…SJ-10, notes (a)–(c): declaring; SH18–SH20 ----------------------------------


def test_sh18_two_override_one_and_one_cannot_override_two():
    first = check_declaration(1, cards("♠5"), 5)
    second = check_declaration(2, cards("♥5 ♥5"), 5, current=first)
    assert second.suit == HEARTS
    with pytest.raises(IllegalDeclaration) as caught:
        check_declaration(3, cards("♣5"), 5, current=second)
    assert caught.value.code == "too-few"


def test_sh19_a_joker_pair_turns_it_to_no_trump_and_then_nothing_overrides():
    second = check_declaration(2, cards("♥5 ♥5"), 5, current=check_declaration(1, cards("♠5"), 5))
    nt = check_declaration(0, cards("SJ SJ"), 5, current=second)
    assert nt.suit is None
    with pytest.raises(IllegalDeclaration) as caught:
        check_declaration(1, cards("BJ BJ"), 5, current=nt)
    assert caught.value.code == "final"


def test_sj10_jokers_may_declare_first_unless_the_option_says_not():
    assert check_declaration(0, cards("BJ BJ"), 5).suit is None
    strict = Rules("strict", "", "", jokers_need_declaration=True)
    with pytest.raises(IllegalDeclaration):
        check_declaration(0, cards("BJ BJ"), 5, rules=strict)


@pytest.mark.parametrize(
    ("shown", "code"),
    [("♠6", "not-level"), ("♠5 ♥5", "mixed"), ("SJ BJ", "joker-pair"), ("♠5 ♠5 ♠5", "mixed")],
)
def test_sj06_only_level_cards_declare(shown, code):
    with pytest.raises(IllegalDeclaration) as caught:
        check_declaration(0, cards(shown), 5)
    assert caught.value.code == code


def test_note_c_no_reinforcing_and_no_overriding_yourself():
    first = check_declaration(1, cards("♠5"), 5)
    with pytest.raises(IllegalDeclaration) as caught:
        check_declaration(1, cards("♠5 ♠5"), 5, current=first)
    assert caught.value.code == "same-suit"
    with pytest.raises(IllegalDeclaration) as caught:
        check_declaration(1, cards("♥5 ♥5"), 5, current=first)
    assert caught.value.code == "own"


def test_sh20_the_kitty_flip():
    assert kitty_trump(cards("♦9 ♠K ♣3")) == DIAMONDS
    assert kitty_trump(cards("BJ ♣9 ♠K")) == CLUBS  # note (b): a joker is skipped
    assert kitty_trump(cards("BJ ♣9"), Rules("nt", "", "", kitty_joker="no-trump")) is None


def test_sj05_the_first_declarer_deals_the_first_hand_and_overrides_do_not_change_it():
    hand = Hand.new(level=2, dealer=None, seed="sj05")
    shown = None
    while hand.dealt < 100:
        seat, card = hand.draw()
        held = hand.hands[seat]
        twos = [c for c in held if not c.is_joker and c.rank == 2]
        if twos and shown is None:
            hand.declare(seat, [twos[0]])
            shown = seat
    assert hand.dealer == shown
    hand.finish_deal()
    assert sum(hand.hands[hand.dealer].values()) == 33  # SJ-01: the kitty is picked up


# --- notes (g)–(j): settling, levels, the next dealer, the match; SH21, SH22 ---------------


@pytest.mark.parametrize(
    ("attackers", "result"),
    [
        (0, ("dealer", 3)),
        (35, ("dealer", 2)),
        (40, ("dealer", 1)),
        (75, ("dealer", 1)),
        (80, ("attackers", 0)),
        (115, ("attackers", 0)),
        (120, ("attackers", 1)),
        (160, ("attackers", 2)),
    ],
)
def test_sh21_the_level_table(attackers, result):
    assert level_change(attackers) == result


def test_sh22_the_kitty_multiplier_by_the_last_lead():
    order = Order(2, HEARTS)
    result = settle(70, 25, attackers_won_last=True, last_lead=cards("♠A ♠A"), order=order)
    assert result.attackers == 170 and result.multiplier == 4
    single = settle(70, 25, attackers_won_last=True, last_lead=cards("♠A"), order=order)
    assert single.attackers == 120
    assert kitty_multiplier(cards("♠5 ♠5 ♠6 ♠6"), order) == 8
    held = settle(70, 25, attackers_won_last=False, order=order)
    assert held.attackers == 70 and held.held


def test_note_i_the_next_dealer():
    assert next_dealer(1, held=True) == 3
    assert next_dealer(1, held=False) == 2


def test_sj02_a_team_gets_through_10_by_winning_a_hand_at_10():
    match = Match(DEFAULT, levels=[9, 2], dealer=0)
    match.record(0, settle(0, 0, attackers_won_last=False))  # +3 would pass 10: stops at 10
    assert match.levels == [10, 2] and match.winner is None and match.dealer == 2
    match.record(2, settle(45, 0, attackers_won_last=False))
    assert match.winner == 0


def test_sj03_the_final_goes_through_a():
    match = Match(FINAL, levels=[10, 2], dealer=0)
    match.record(0, settle(0, 0, attackers_won_last=False))
    assert match.levels == [13, 2] and match.winner is None


def test_attackers_at_the_final_level_win_by_taking_over_with_a_level_to_spare():
    match = Match(DEFAULT, levels=[3, 10], dealer=0)
    match.record(0, settle(100, 0, attackers_won_last=False))
    assert match.winner is None and match.dealer == 1
    match = Match(DEFAULT, levels=[3, 10], dealer=0)
    match.record(0, settle(125, 0, attackers_won_last=False))
    assert match.winner == 1


def test_sj02_the_leader_when_time_runs_out():
    assert Match(levels=[5, 7]).leader() == 1 and Match(levels=[6, 6]).leader() is None


# --- whole hands: 1,000 random deals with every invariant -----------------------------


def replay(hand: Hand):
    """Check one finished hand from its deal: cards, points, every play's legality."""
    held = [Counter(h) for h in hand.order_of_deal]
    held[hand.dealer] += Counter(hand.kitty)
    held[hand.dealer] -= Counter(hand.buried)
    assert all(k >= 0 for h in held for k in h.values())
    order = hand.order
    attackers = 0
    for leader, plays, winner in hand.tricks:
        lead = plays[0]
        others = [held[(leader + k) % 4] for k in (1, 2, 3)]
        result = check_throw(lead, others, order)
        if len(lead_units(lead, order)) > 1:
            assert result.ok  # what was played as a throw stood
        for i, play in enumerate(plays):
            seat = (leader + i) % 4
            if i:
                assert tuple(play) in set(legal_follows(held[seat], lead, order))
            held[seat] -= Counter(play)
        assert winner == (leader + trick_winner(plays, order)) % 4
        if winner % 2 == hand.attackers_side:
            attackers += sum(points(p) for p in plays)
    assert not any(+h for h in held)
    played = [c for _l, plays, _w in hand.tricks for p in plays for c in p]
    assert Counter(played) + Counter(hand.buried) == Counter(shoe(2))  # 108 cards
    assert points(played) + points(hand.buried) == 200
    assert hand.settlement.trick_points == attackers
    return hand.settlement


def test_a_thousand_random_hands_keep_every_invariant():
    seen = Counter()
    for hand, match in simulate(1000, seed=2026):
        result = replay(hand)
        assert (result.winner, result.levels) == level_change(result.attackers)
        seen[result.winner] += 1
        seen["throw failed"] += len(hand.throws)
        seen["no-trump"] += hand.trump is None
        levels_before = list(match.levels)
        # The match moves as the table says (checked on a copy of its state).
        copy = Match(match.rules, levels=list(match.levels), dealer=match.dealer)
        copy.record(hand.dealer, result)
        side = hand.dealer % 2 if result.held else 1 - hand.dealer % 2
        if copy.winner is None:
            expected = min(10, levels_before[side] + result.levels)
            assert copy.levels[side] == expected
            assert copy.levels[1 - side] == levels_before[1 - side]
            assert copy.dealer == next_dealer(hand.dealer, result.held)
    assert seen["dealer"] and seen["attackers"] and seen["throw failed"] and seen["no-trump"]


def test_random_deals_are_repeatable():
    one = [h.settlement for h, _m in simulate(3, seed=5)]
    two = [h.settlement for h, _m in simulate(3, seed=5)]
    assert one == two


def test_a_legal_follow_always_exists():
    rng = random.Random(3)
    deck = shoe(2)
    for _ in range(300):
        rng.shuffle(deck)
        order = Order(rng.choice(range(2, 15)), rng.choice([SPADES, HEARTS, CLUBS, DIAMONDS, None]))
        hand = deck[:12]
        lead = rng.choice(leads(Counter(deck[12:30]), order))
        if len(lead) <= len(hand):
            assert legal_follows(hand, lead, order)
