"""``engines.baohuang.generate``: random endings kept only when the solver finds a
few winning first moves among many, lines played out turn by turn as the solver
keeps them (a seat that cannot beat passes, 接风), and what-beats-it options drawn
from seat 0's hand in real play, each wrong for the reason it is said to be."""

import random
from collections import Counter

import pytest

from engines.baohuang import Roles, beats, legal_sets, parse_cards, set_of
from engines.baohuang.generate import (
    HAND_SHOWN,
    Turn,
    deal,
    endings,
    failing,
    legal_puzzles,
    moments,
    reason_of,
    replay,
    shape,
)
from engines.baohuang.solver import PASS, Ending, solve


def cards(text):
    return tuple(parse_cards(text))


def s(text):
    return set_of(parse_cards(text))


def test_deals_are_endings_seat_0_plays():
    rng = random.Random(11)
    for _ in range(300):
        ending, goal = deal(rng)
        assert 0 not in ending.out and ending.to_play == 0
        for seat, hand in enumerate(ending.hands):
            if seat not in ending.out:
                assert 2 <= len(hand) <= 5 or seat == ending.owner
        assert max(Counter(c for h in ending.hands for c in h).values()) <= 4
        if ending.table is not None:
            assert ending.owner != 0
        # "first" only while nobody is out: a seat out already decides it.
        assert goal == "win" or not ending.out


def test_kept_endings_have_a_few_winning_first_moves_among_many():
    found = list(endings(3, seed=9))
    assert len(found) == 3
    assert sorted(shape(f.ending) for f in found) == ["lead", "lead", "table"]
    for f in found:
        again = solve(f.ending, f.goal)
        winning = [m for m, won in again.plays.items() if won]
        assert winning == list(f.solution.winning)
        assert len(winning) > 0 and 2 * len(winning) < len(again.plays)
    assert [f.ending for f in endings(3, seed=9)] == [f.ending for f in found]


ROLES = Roles(emperor=0, royalist=2)


def test_a_line_names_who_cannot_beat_and_who_leads_again():
    ending = Ending(
        hands=(cards("♠9 ♠3"), cards("♥4 ♥5"), cards("♠A ♠K"), cards("♣5 ♣6"), cards("♦7")),
        roles=ROLES,
    )
    turns = replay(ending, "first", [(0, s("♠9")), (2, PASS), (0, s("♠3"))])
    assert turns == [
        Turn(0, cards("♠9"), lead=True),
        Turn(2, None, unable=(1,)),  # the right cannot beat a 9; the partner passes
        Turn(0, cards("♠3"), lead=True, place=1, unable=(3, 4)),  # round over: lead, out
    ]


def test_a_line_through_jiefeng():
    ending = Ending(
        hands=(cards("♠9 ♠3"), cards("♥4 ♥5"), cards("♠A"), cards("♣5 ♣6"), cards("♦7")),
        roles=ROLES,
    )
    line = [(0, s("♠3")), (1, s("♥4")), (2, s("♠A")), (3, s("♣5"))]
    turns = replay(ending, "win", line)
    assert turns[2] == Turn(2, cards("♠A"), place=1)
    # Nobody beats the ace: the seat after the one who went out leads (接风).
    assert turns[3] == Turn(3, cards("♣5"), lead=True, claimed=True, unable=(3, 4, 0, 1))
    with pytest.raises(ValueError, match="not to play"):
        replay(ending, "win", [(0, s("♠3")), (2, s("♠A"))])


def test_refutations_replay_as_the_solver_plays_them():
    for f in endings(2, seed=7):
        for move, line in f.solution.refutations.items():
            turns = replay(f.ending, f.goal, [(0, move), *line])
            assert [(t.seat, t.cards is None) for t in turns] == [
                (seat, m is PASS) for seat, m in [(0, move), *line]
            ]


@pytest.mark.parametrize(
    ("play", "top", "reason"),
    [
        ("BJ BJ ♠J ♥J ♦J", "SJ SJ ♠9 ♥9 ♦9", None),  # the rules' own example (B2)
        ("♠J ♥J ♦J ♣J", "SJ ♠9 ♥9", "size"),
        ("SJ ♠J ♥J", "SJ ♠9 ♥9", "small-joker"),  # a 大王 there would beat it
        ("BJ SJ ♠9 ♥9", "BJ SJ ♠8 ♥8", "low"),  # the big joker only ties
        ("BJ ♠8 ♥8", "SJ ♠9 ♥9", "low"),
    ],
)
def test_why_a_set_does_not_beat(play, top, reason):
    assert reason_of(s(play), s(top)) == reason
    assert (reason is None) == beats(s(play), s(top))


def test_moments_are_seat_0_facing_a_set_with_jokers_or_of_three_cards_or_more():
    seen = list(moments("7/moments"))
    assert seen
    for moment in seen:
        assert moment.by != 0 and set_of(moment.over) == moment.top
        assert moment.top.jokers or moment.top.size >= 3
        assert max((moment.hand + Counter(moment.over)).values()) <= 4


def test_legal_options_come_from_the_hand_and_fail_for_different_reasons():
    found = list(legal_puzzles(3, seed=2))
    assert len(found) == 3
    for puzzle in found:
        top = puzzle.top
        assert len(puzzle.hand) <= HAND_SHOWN
        right = [o for o in puzzle.options if o.beats]
        wrong = [o for o in puzzle.options if not o.beats]
        assert 2 <= len(right) <= 4 and 2 <= len(wrong) <= 3
        assert len({o.reason for o in wrong}) == len(wrong)
        assert len({o.set for o in puzzle.options}) == len(puzzle.options)
        for option in puzzle.options:
            assert not Counter(option.cards) - Counter(puzzle.hand)
            assert set_of(option.cards) == option.set
            assert beats(option.set, top) == option.beats
            if option.reason in ("low", "small-joker"):
                assert option.set.size == top.size and len(failing(option.set, top)) == 1
        assert puzzle.ways == len(legal_sets(puzzle.hand, top))
        assert max((Counter(puzzle.hand) + Counter(puzzle.over)).values()) <= 4
    assert [p.options for p in legal_puzzles(2, seed=2)] == [p.options for p in found[:2]]
