"""The climbing trick shared by 掼蛋 and 保皇: turns, passes, players out, who leads next
(``guandan.md`` GD-R08 接风, GD-R09; ``baohuang.md``'s trick)."""

import random

import pytest

from engines.climbing import ClimbingTrick, IllegalTurn, partner_leads


def higher(play, top):
    return play > top


def trick(**kwargs):
    return ClimbingTrick(**{"leader": 0, "seats": 4, "beats": higher, **kwargs})


def test_play_goes_round_until_everyone_else_has_passed():
    t = trick()
    t.play(0, 3, left=5)
    t.pass_(1)
    t.play(2, 9, left=4)
    t.pass_(3)
    t.pass_(0)
    assert not t.is_over and t.to_play == 1  # seat 1 passed before 9 came: it may play again
    t.pass_(1)
    assert t.is_over and t.owner == 2 and t.next_leader == 2


def test_the_leader_must_play_and_a_play_must_beat_the_top():
    t = trick()
    with pytest.raises(IllegalTurn) as caught:
        t.pass_(0)
    assert caught.value.code == "lead-pass"
    t.play(0, 5, left=5)
    with pytest.raises(IllegalTurn) as caught:
        t.play(1, 5, left=5)  # equal is not higher
    assert caught.value.code == "too-low"
    with pytest.raises(IllegalTurn) as caught:
        t.pass_(2)
    assert caught.value.code == "not-your-turn"


def test_seats_out_before_the_trick_are_skipped():
    t = trick(out={1})
    t.play(0, 4, left=3)
    assert t.to_play == 2
    t.pass_(2)
    t.pass_(3)
    assert t.is_over and t.next_leader == 0


def test_going_out_with_an_unbeaten_play_passes_the_lead_on():
    # Without 接风: the next seat still in after the owner leads.
    t = trick()
    t.play(0, 4, left=2)
    t.play(1, 8, left=0)  # seat 1 goes out
    for seat in (2, 3, 0):
        t.pass_(seat)
    assert t.finished == [1] and t.next_leader == 2


def test_jiefeng_gives_the_lead_to_the_partner():
    # GD-R08 接风: the partner of the player who went out unbeaten leads.
    t = trick(next_leader_of=partner_leads(4))
    t.play(0, 4, left=2)
    t.play(1, 8, left=0)
    for seat in (2, 3, 0):
        t.pass_(seat)
    assert t.next_leader == 3
    # The partner already out: the next seat still in.
    t = trick(out={3}, next_leader_of=partner_leads(4))
    t.play(0, 4, left=2)
    t.play(1, 8, left=0)
    t.pass_(2)
    t.pass_(0)
    assert t.next_leader == 2


def test_a_beaten_play_that_went_out_still_counts_as_out():
    t = trick()
    t.play(0, 4, left=0)  # out, but beaten below
    t.play(1, 6, left=3)
    t.pass_(2)
    t.pass_(3)
    assert t.finished == [0] and t.is_over and t.next_leader == 1


def test_five_seats_and_random_tricks_keep_the_turn_order():
    """Baohuang's five seats: in random tricks every turn is the next seat still in,
    and the trick ends exactly when all the others have passed after the top play."""
    rng = random.Random(5)
    for _ in range(2000):
        seats = rng.choice([4, 5])
        out = set(rng.sample(range(seats), rng.randint(0, seats - 2)))
        leader = rng.choice([s for s in range(seats) if s not in out])
        cards = {s: rng.randint(1, 4) for s in range(seats)}
        t = ClimbingTrick(leader=leader, seats=seats, beats=higher, out=out)
        top, passed_since = None, set()
        while not t.is_over:
            seat = t.to_play
            assert seat not in out and seat not in t.finished
            if top is None or (rng.random() < 0.5 and cards[seat]):
                play = (top or 0) + rng.randint(1, 3)
                cards[seat] -= 1
                t.play(seat, play, left=cards[seat])
                top, passed_since = play, set()
            else:
                t.pass_(seat)
                passed_since.add(seat)
        others = set(t.still_in()) - {t.owner}
        assert passed_since == others
        assert t.next_leader == (t.owner if t.owner in t.still_in() else t.following(t.owner))
