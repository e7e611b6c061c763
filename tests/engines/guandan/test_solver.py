"""The 掼蛋 ending solver and the fewest-plays partition (``engines.guandan.solver``).

Hand-made endings whose answers are worked out in the comments; the solver against a
plain minimax written straight on ``legal_plays`` and ``ClimbingTrick`` (no table, no
merged plays, no count vectors) on hundreds of random small endings; ``min_partition``
against a brute force over every partition on random hands of up to 10 cards.
"""

import random
from functools import lru_cache

import pytest

from engines.cards import CARDS, Card, parse_cards, shoe
from engines.climbing import ClimbingTrick, partner_leads
from engines.guandan import beats, classify, legal_plays, play_of, wild_card
from engines.guandan.solver import (
    PASS,
    Ending,
    Table,
    greedy_partition,
    hand_key,
    min_partition,
    solve,
    solve_json,
)


def ending(*hands, level=2, to_play=0, table=None, out=()):
    """An ending from card texts; ``table`` is (cards, owner), the seats between the
    owner and ``to_play`` having passed."""
    if table is not None:
        cards, owner = table
        passes, seat = 0, (owner + 1) % 4
        while seat != to_play:
            passes += seat not in out
            seat = (seat + 1) % 4
        table = Table(play_of(parse_cards(cards), level), owner, passes)
    return Ending(
        hands=tuple(parse_cards(h) if h else () for h in hands),
        level=level,
        to_play=to_play,
        table=table,
        out=out,
    )


def texts(moves):
    return sorted("pass" if m is PASS else m.text() for m in moves)


def line_texts(line):
    return [(seat, "pass" if m is PASS else m.text()) for seat, m in line]


# ---------------------------------------------------------------------------
# Hand-checked endings


def test_the_bomb_is_held_back_until_it_takes_the_lead_for_good():
    # GD-11, GD-24. Seat 0: a 4-bomb of 5s, ♠3 ♠4; seat 1: ♣A ♦A ♣8; no one else can
    # beat an 8. Lead ♠3 (or ♠4): whatever seat 1 plays over it, seat 0 bombs, nobody
    # beats the bomb, and seat 0 leads its last card: out first. Bomb first instead:
    # all pass, seat 0 leads ♠3, seat 1 plays ♣8, ♣A, ♦A one after the other, out.
    e = ending("♠5 ♥5 ♣5 ♦5 ♠3 ♠4", "♣A ♦A ♣8", "♣6", "♦7", level=9)
    s = solve(e, "first")
    assert s.value and texts(s.winning) == ["♠3", "♠4"]
    bomb = s.plays_by_text["♠5 ♥5 ♣5 ♦5"]
    # Nobody can answer the bomb: the line skips their passes.
    assert line_texts(s.refutations[bomb]) == [(0, "♠3"), (1, "♣8")]


def test_jiefeng_the_partner_leads_after_going_out_unbeaten():
    # GD-R08 (G24): seat 0 goes out with its triple of 9s, which nobody can beat, so
    # its partner, seat 2, leads next (接风) and goes out with its pair of kings: 1-2,
    # the opponents' 双下. Were the lead to pass to seat 1, it would lead BJ, then ♣5.
    e = ending("♠9 ♦9 ♣9", "BJ ♣5", "♠K ♦K", "SJ ♦8", level=2)
    s = solve(e, "double")
    assert s.value and "♠9 ♣9 ♦9" in texts(s.winning)
    # A single 9 lets seat 1 in with BJ: it leads ♣5 next and is out.
    assert texts(s.losing) == ["♠9", "♣9", "♦9"]
    assert line_texts(s.refutations[s.plays_by_text["♠9"]]) == [(1, "BJ")]


def test_lead_the_combination_nobody_can_beat():
    # GD-12: nobody else holds a pair, so the pair of 4s wins the lead back and the ♠5
    # goes out. A single lets seat 1 in with ♦Q, and it goes out with ♣K next.
    e = ending("♠4 ♦4 ♠5", "♣K ♦Q", "♣3", "♦6 ♣J", level=2)
    s = solve(e, "first")
    assert texts(s.winning) == ["♠4 ♦4"]
    assert line_texts(s.refutations[s.plays_by_text["♠5"]]) == [(1, "♦Q")]


def test_giving_the_partner_the_lead():
    # Seat 0's cards are low; partner seat 2 holds BJ and a straight nobody can answer.
    # A single lets seat 2 in with BJ, and it leads the straight: out first. The pair
    # of 4s is beaten by seat 1's aces, and seat 1 goes out with its ♣6.
    e = ending("♠3 ♠4 ♦4", "♣A ♦A ♣6", "BJ ♠9 ♦10 ♣J ♠Q ♦K", "♦7 ♣8 ♠8", level=2)
    s = solve(e, "first")
    assert texts(s.winning) == ["♠3", "♠4", "♦4"]
    assert line_texts(s.refutations[s.plays_by_text["♠4 ♦4"]]) == [(1, "♣A ♦A")]


def test_pass_rather_than_overtake_the_partner():
    # GD-R07: seat 2 played ♠K with one card left, seat 3 passed. If seat 0 passes,
    # seat 1 cannot beat a K with a K, and seat 2 leads its ♣Q: out first. Taking the
    # trick with ♠A leaves seat 0 leading ♦5 or ♦6: seat 1 takes it with ♣K, then
    # leads ♦J, and it is out.
    e = ending("♠A ♦5 ♦6", "♣K ♦J", "♣Q", "♦3 ♣4", level=2, table=("♠K", 2))
    assert e.table.passes == 1
    s = solve(e, "first")
    assert texts(s.winning) == ["pass"]
    assert line_texts(s.refutations[s.plays_by_text["♠A"]])[-2:] == [(0, "♦5"), (1, "♣K")]


def test_a_lone_top_single_goes_out_first():
    # GD-15: at level 2 the ♠2 is above the A. Seat 0 leads ♠2 (nobody beats), then ♠3.
    e = ending("♠2 ♠3", "♣A", "♣4", "♦5", level=2)
    s = solve(e, "first")
    assert texts(s.winning) == ["♠2"]
    assert line_texts(s.refutations[s.plays_by_text["♠3"]]) == [(1, "♣A")]


def test_the_partner_out_first_and_the_double_still_to_make():
    # GD-14: partner seat 2 is out first; the side needs seat 0 second. Nobody else
    # has a pair: the queens keep the lead and ♠3 goes out. A single lets seat 1 in
    # with ♣K, and it goes out second with ♦J.
    e = ending("♠Q ♦Q ♠3", "♣K ♦J", (), "♣J ♦10", out=(2,), level=5)
    s = solve(e, "double")
    assert s.value and texts(s.winning) == ["♠Q ♦Q"]
    assert line_texts(s.refutations[s.plays_by_text["♠Q"]]) == [(1, "♣K")]
    # For "first" the ending is won already: seat 2, out first, is seat 0's partner.
    assert all(solve(e, "first").plays.values())


# ---------------------------------------------------------------------------
# Count vectors


def test_suits_are_forgotten_unless_a_straight_flush_can_be_made():
    # GD-04/GD-06: ♠3 ♠4 ♠5 ♠6 ♠7 is a straight flush; ♠3 ♠4 ♠5 ♠6 ♦7 is a straight.
    flush = hand_key(parse_cards("♠3 ♠4 ♠5 ♠6 ♠7"), 9)
    straight = hand_key(parse_cards("♠3 ♠4 ♠5 ♠6 ♦7"), 9)
    other = hand_key(parse_cards("♣3 ♠4 ♠5 ♠6 ♦7"), 9)
    assert flush != straight and straight == other
    # With a wild (GD-03) four spades in a window are enough.
    assert hand_key(parse_cards("♠3 ♠4 ♠5 ♠7 ♥9"), 9)[1]


# ---------------------------------------------------------------------------
# The solver against a plain minimax


def finished_goal(goal, order, side):
    if not order:
        return None
    if order[0] % 2 != side:
        return False
    if goal == "first":
        return True
    return None if len(order) < 2 else order[1] % 2 == side


def minimax_values(e: Ending, goal: str) -> dict:
    """Every first move's value, by brute force: the trick replayed with
    ``ClimbingTrick`` at every node, moves from ``legal_plays``."""
    side = e.to_play % 2
    nxt = partner_leads(4)

    def new_trick(leader, out):
        return ClimbingTrick(leader=leader, seats=4, beats=beats, out=set(out), next_leader_of=nxt)

    def replay(leader, out, history):
        t = new_trick(leader, out)
        for seat, reading, left in history:
            if reading is None:
                t.pass_(seat)
            else:
                t.play(seat, reading, left=left)
        return t

    def moves(hands, t):
        seat = t.to_play
        found = legal_plays(hands[seat], t.top, e.level, e.rules)
        return found + ([None] if t.top is not None else [])

    def after(hands, leader, out, history, order, move):
        t = replay(leader, out, history)
        seat = t.to_play
        if move is None:
            history = history + ((seat, None, 0),)
        else:
            rest = list(hands[seat])
            for c in move.cards:
                rest.remove(c)
            hands = hands[:seat] + (tuple(rest),) + hands[seat + 1 :]
            history = history + ((seat, move.reading, len(rest)),)
            if not rest:
                order = order + (seat,)
                done = finished_goal(goal, order, side)
                if done is not None:
                    return done
        t = replay(leader, out, history)
        if t.is_over:
            return value(hands, t.next_leader, tuple(order), (), order)
        return value(hands, leader, out, history, order)

    def value(hands, leader, out, history, order):
        t = replay(leader, out, history)
        ours = t.to_play % 2 == side
        for move in moves(hands, t):
            if after(hands, leader, out, history, order, move) == ours:
                return ours
        return not ours

    # The root: the table's play starts the history (its owner, then the passes).
    out = tuple(e.out)
    if e.table is None:
        leader, history = e.to_play, ()
        before = out
    else:
        owner = e.table.owner
        before = tuple(s for s in out if s != owner)
        leader = owner
        left = len(e.hands[owner])
        history = ((owner, e.table.play.reading, left),)
        seat = (owner + 1) % 4
        while seat != e.to_play:
            if seat not in out:
                history += ((seat, None, 0),)
            seat = (seat + 1) % 4
    t = replay(leader, before, history)
    assert t.to_play == e.to_play
    hands = tuple(e.hands)
    return {
        ("pass" if m is None else m): after(hands, leader, before, history, out, m)
        for m in moves(hands, t)
    }


def random_ending(rng: random.Random, low=2, high=4) -> Ending:
    level = rng.randint(2, 14)
    pool = shoe(2)
    if rng.random() < 0.6:  # few ranks, so that combinations turn up
        ranks = set(rng.sample(range(2, 15), rng.randint(3, 6))) | {level}
        pool = [c for c in pool if c.is_joker or c.rank in ranks]
    rng.shuffle(pool)
    if rng.random() < 0.3:  # a wild
        pool.remove(wild_card(level))
        pool.insert(rng.randrange(4 * high), wild_card(level))
    if rng.random() < 0.2:  # jokers
        for joker in (Card(52), Card(53)):
            if joker in pool:
                pool.remove(joker)
            pool.insert(rng.randrange(4 * high), joker)
    sizes = [rng.randint(low, high) for _ in range(4)]
    hands, at = [], 0
    for n in sizes:
        hands.append(list(pool[at : at + n]))
        at += n
    out: tuple = ()
    if rng.random() < 0.15:  # a seat is out already (the partner, or an opponent)
        gone = rng.choice([1, 2, 3])
        hands[gone] = []
        out = (gone,)
    table = None
    if rng.random() < 0.4:
        owner = rng.choice([s for s in (1, 2, 3) if s not in out])
        options = [
            p for p in legal_plays(hands[owner], None, level) if len(p.cards) < len(hands[owner])
        ]
        if options:
            play = rng.choice(options)
            for c in play.cards:
                hands[owner].remove(c)
            passes = sum(1 for s in range(owner + 1, 4) if s not in out)
            table = Table(play, owner, passes)
    return Ending(tuple(tuple(h) for h in hands), level, 0, table, out)


@pytest.mark.parametrize("seed", range(4))
def test_the_solver_equals_a_plain_minimax_on_random_small_endings(seed):
    # GD-R07 (turns, passes, playing after a pass), GD-R08 (接风), GD-11/12 (what beats),
    # GD-03 (wilds), GD-14 (the goals): every first move's value agrees.
    rng = random.Random(seed)
    for i in range(55):
        e = random_ending(rng, 2, 3 if i % 3 else 4)
        goal = "double" if i % 4 == 3 else "first"
        got = solve(e, goal)
        expected = minimax_values(e, goal)
        assert {("pass" if m is PASS else m): v for m, v in got.plays.items()} == expected, (
            e.to_json(),
            goal,
        )
        assert got.value == any(expected.values())
        for move, line in got.refutations.items():
            assert not got.plays[move] and line


# ---------------------------------------------------------------------------
# The fewest plays


def brute_partition(hand, level) -> int:
    @lru_cache(None)
    def fewest(cards):
        if not cards:
            return 0
        first, rest = cards[0], cards[1:]
        best, seen = 99, set()
        for mask in range(1 << len(rest)):
            pick = tuple(rest[i] for i in range(len(rest)) if mask >> i & 1)
            if pick in seen or not classify((first, *pick), level):
                continue
            seen.add(pick)
            left = list(rest)
            for c in pick:
                left.remove(c)
            best = min(best, 1 + fewest(tuple(left)))
        return best

    return fewest(tuple(sorted(hand)))


def test_min_partition_equals_a_brute_force_on_random_hands():
    # GD-02…GD-10 (every kind of play), GD-03 (wilds), GD-R03 (joker pairs).
    rng = random.Random(23)
    for _ in range(250):
        level = rng.randint(2, 14)
        pool = shoe(2)
        if rng.random() < 0.6:
            ranks = set(rng.sample(range(2, 15), rng.randint(3, 7))) | {level}
            pool = [c for c in pool if c.is_joker or c.rank in ranks]
        hand = rng.sample(pool, rng.randint(1, 10))
        count, plays = min_partition(hand, level)
        assert count == brute_partition(hand, level), [c.text() for c in hand]
        assert len(plays) == count
        assert sorted(c for p in plays for c in p.cards) == sorted(hand)
        assert all(p.reading in classify(p.cards, level) for p in plays)


def test_min_partition_finds_what_the_greedy_split_misses():
    # GD-07/GD-09: 334455 + 66 + 7: the greedy tube leaves 66 7 (3 plays);
    # 33 44 55 66 7? The best is the straight 3-7 and the pairs... worked: the tube and
    # a full house need triples; here the straight 3-4-5-6-7 leaves 3 4 5 6 (4 plays).
    hand = parse_cards("♠3 ♦3 ♠4 ♦4 ♠5 ♦5 ♣6 ♦6 ♣7")
    count, _ = min_partition(hand, 9)
    assert count == brute_partition(hand, 9) == 3
    # Two triples and two pairs: two full houses (GD-09), not a plate and two pairs.
    hand = parse_cards("♠3 ♦3 ♣3 ♠4 ♦4 ♣4 ♠9 ♦9 ♣K ♦K")
    assert min_partition(hand, 7)[0] == 2
    assert len(greedy_partition(hand, 7)) == 3


def test_solve_json():
    data = {
        "hands": [["♠2", "♠3"], ["♣A"], ["♣4"], ["♦5"]],
        "level": 2,
        "table": None,
        "to_play": 0,
        "goal": "first",
    }
    result = solve_json(data)
    assert result["value"] is True
    assert [p["cards"] for p in result["winning"]] == [["♠2"]]
    assert result["nodes"] >= 1
    with pytest.raises(ValueError):
        solve_json({**data, "goal": "last"})
    assert Ending.from_json(Ending.from_json(data).to_json()) == Ending.from_json(data)


def test_the_level_card_and_the_table_round_trip():
    e = ending("♠3 ♦4", "♣Q ♣J", "BJ ♦J", "♣5", level=7, table=("♣2", 3))
    again = Ending.from_json(e.to_json())
    assert again == e and again.table.play.reading == e.table.play.reading
    assert CARDS[wild_card(7)].text() == "♥7"


# ---------------------------------------------------------------------------
# The generators


def test_generated_endings_have_a_minority_of_winning_first_moves():
    # The guandan.lead kind: every winning first move accepted, most moves refuted.
    from engines.guandan.generate import generate

    found = list(generate(4, seed=11))
    assert len(found) == 4
    for f in found:
        winning = len(f.solution.winning)
        assert winning > 0 and 2 * winning < len(f.solution.plays)
        assert all(3 <= len(h) <= 6 for h in f.ending.hands)
        assert all(f.solution.refutations[m] for m in f.solution.losing)
    again = list(generate(4, seed=11))
    assert [f.ending for f in again] == [f.ending for f in found]


def test_generated_partitions_beat_the_greedy_split():
    # Lesson 11, the guandan.partition kind: the fewest plays, checked by brute force
    # where the hand is small enough.
    from engines.guandan.generate import partitions

    for f in partitions(5, seed=3):
        assert f.count < f.greedy and len(f.plays) == f.count
        assert sorted(c for p in f.plays for c in p.cards) == sorted(f.hand)
        if len(f.hand) <= 10:
            assert f.count == brute_partition(f.hand, f.level)


def test_the_command_line_solves_an_ending(monkeypatch, capsys):
    import io
    import json

    from engines.guandan.__main__ import main

    data = {
        "hands": ["♠A ♦5 ♦6", "♣K ♦J", "♣Q", "♦3 ♣4"],
        "level": "2",
        "table": {"cards": ["♠K"], "owner": 2, "passes": 1},
        "to_play": 0,
        "goal": "first",
    }
    monkeypatch.setattr("sys.stdin", io.StringIO(json.dumps(data)))
    assert main(["solve"]) == 0
    result = json.loads(capsys.readouterr().out)
    assert result["value"] is True and result["winning"] == ["pass"]
    monkeypatch.setattr("sys.stdin", io.StringIO(json.dumps({**data, "to_play": 3})))
    assert main(["solve"]) == 2  # seat 3 passed already: the table says so
    assert "passed" in capsys.readouterr().err
