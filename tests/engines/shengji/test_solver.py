"""The double-dummy solver of 升级 endings (``engines.shengji.solver``).

Hand-made endings whose answers are worked out in the comments; the solver against a
plain minimax written directly on the library (``leads`` and ``check_throw``,
``legal_follows``, ``trick_winner``, ``kitty_multiplier``: no table, no merged plays)
on hundreds of random small endings; its own move generator and trick rule against
the library's; and the checks of ``Ending``.

Seats play 0 → 1 → 2 → 3; with ``dealer=0`` the dealer's side is seats 0 and 2 and
the attackers are seats 1 and 3.
"""

from __future__ import annotations

import random
import time
from collections import Counter

import pytest

from engines.cards import CARDS, SUITS, cards_text, parse_cards
from engines.shengji import (
    Order,
    check_throw,
    decompose,
    leads,
    legal_follows,
    points,
    trick_winner,
)
from engines.shengji.hand import kitty_multiplier
from engines.shengji.solver import (
    Ending,
    SearchLimit,
    Solution,
    _Engine,
    solution_from_json,
    solve,
    value,
)
from engines.tricks import multisets


def ending(hands, to_play, trick=(), *, level=2, trump="♠", dealer=0, kitty=0):
    return Ending.from_json(
        {
            "hands": [h.split() for h in hands],
            "trick": [p.split() for p in trick],
            "to_play": to_play,
            "level": level,
            "trump": trump,
            "dealer": dealer,
            "kitty_points": kitty,
        }
    )


def values_text(solution: Solution) -> dict:
    return {cards_text(p): v for p, v in solution.values.items()}


def norm(values: dict) -> dict:
    """Plays written in any order, as ``values_text`` writes them."""
    return {cards_text(sorted(parse_cards(k))): v for k, v in values.items()}


# ---------------------------------------------------------------------------
# The reference: plain minimax on the library's rules


def library_leads(hand: Counter, others, order: Order) -> list[tuple]:
    """Every single, pair and tractor (``leads``), and every one-suit mixture of units
    that ``check_throw`` lets stand against the other three hands (SJ-19, SJ-20)."""
    found = set(leads(hand, order))
    by_suit: dict = {}
    for card, k in hand.items():
        if k > 0:
            by_suit.setdefault(order.suit_of[card], Counter())[card] = k
    for cards in by_suit.values():
        for size in range(2, sum(cards.values()) + 1):
            for play in multisets(cards, size, order):
                if len(decompose(play, order)) > 1 and check_throw(play, others, order).ok:
                    found.add(tuple(sorted(CARDS[c] for c in play)))
    return sorted(found)


def minimax(e: Ending) -> dict:
    """Every legal play of the seat to move -> the attackers' value after it.

    No table, no merged plays, no shortcut: the trick's points go to its winner, and
    the kitty's, multiplied by the last lead (note (h)), to the attackers if they
    win the last trick.
    """
    order, att, kitty = e.order, e.attackers_side, e.kitty_points

    def best(values: dict, seat: int) -> int:
        return max(values.values()) if seat % 2 == att else min(values.values())

    def node(hands, trick, seat) -> dict:
        out = {}
        if trick:
            plays = legal_follows(hands[seat], trick[0], order)
        else:
            plays = library_leads(hands[seat], [hands[(seat + i) % 4] for i in (1, 2, 3)], order)
        for play in plays:
            hands[seat].subtract(play)
            done = [*trick, play]
            if len(done) == 4:
                winner = (seat - 3 + trick_winner(done, order)) % 4
                mine = winner % 2 == att
                gain = sum(points(p) for p in done) if mine else 0
                if any(+h for h in hands):
                    v = gain + best(node(hands, [], winner), winner)
                else:
                    v = gain + (kitty * kitty_multiplier(done[0], order) if mine else 0)
            else:
                v = best(node(hands, done, (seat + 1) % 4), (seat + 1) % 4)
            hands[seat].update(play)
            out[tuple(sorted(play))] = v
        return out

    return node([Counter(h) for h in e.hands], [list(p) for p in e.trick], e.to_play)


def check_against_minimax(e: Ending) -> None:
    reference = minimax(e)
    solution = solve(e)
    mover_attacks = e.to_play % 2 == e.attackers_side
    target = max(reference.values()) if mover_attacks else min(reference.values())
    assert solution.values == reference, e.to_json()
    assert solution.attackers == target, e.to_json()
    assert solution.best == tuple(sorted(p for p, v in reference.items() if v == target))
    assert value(e) == target, e.to_json()


# ---------------------------------------------------------------------------
# Hand-checked endings


def test_a_pair_lead_is_not_ruffed_by_two_odd_trumps():
    # Level 2, ♠ trumps; seat 1 (attacker) leads. ♥K alone: seat 2 follows a heart,
    # seat 3 (attacker, void in hearts) ruffs with ♠5 (SJ-18), and seat 0's ♥A cannot
    # beat a trump: 15 points, then seat 3's ♠6 takes the last trick too: all 25
    # points and the kitty ×2 for a single lead (note (h)): 25 + 20 = 45. The pair
    # ♥K♥K: seat 3's ♠5♠6 are trumps but no pair (SJ-15), so seat 0's ♥A♥A wins: 0.
    e = ending(["♥A ♥A", "♥K ♥K", "♥3 ♥4", "♠5 ♠6"], 1, kitty=10)
    s = solve(e)
    assert values_text(s) == norm({"♥K": 45, "♥K ♥K": 0})
    assert s.attackers == 45
    assert [cards_text(p) for p in s.best] == ["♥K"]


def test_the_kitty_bonus_follows_the_last_lead():
    # Seat 1 (attacker) holds the tractor ♥5♥5♥6♥6; nobody else has a heart or a trump,
    # so every lead of it wins. The 10 card points are the attackers' whatever the
    # order; the kitty's 20 is multiplied by the LAST trick's lead (note (h), SH22):
    # the tractor at once is ×8 (170); any pair or a pair-and-single throw last ×4
    # (90), reachable from any single or pair first; a throw first that leaves one
    # single (♥5♥5♥6, ♥5♥6♥6) or two singles (♥5 ♥6) ends on singles: ×2 (50).
    e = ending(["♣8 ♣9 ♦8 ♦9", "♥5 ♥5 ♥6 ♥6", "♣3 ♣4 ♣6 ♣7", "♦3 ♦4 ♦6 ♦7"], 1, kitty=20)
    s = solve(e)
    assert values_text(s) == norm(
        {
            "♥5 ♥5 ♥6 ♥6": 170,
            "♥6 ♥6": 90,
            "♥5 ♥5": 90,
            "♥6": 90,
            "♥5": 90,
            "♥5 ♥5 ♥6": 50,
            "♥5 ♥6 ♥6": 50,
            "♥5 ♥6": 50,
        }
    )
    assert [cards_text(p) for p in s.best] == ["♥5 ♥5 ♥6 ♥6"]


def test_a_throw_is_a_play_only_when_it_stands():
    # Dealer 1, so seats 0 and 2 attack. Seat 0 holds ♥A ♥K♥K (SH14/SH15, note (e)).
    # Against seat 1's ♥A ♥Q♥Q the throw stands (an equal ♥A does not beat the ♥A, and
    # ♥Q♥Q is below ♥K♥K): it takes the last trick at once, 20 + 10 ×4 (a pair is its
    # biggest unit) = 60. ♥A first also makes 60 (the ♥K♥K pair last, ×4); ♥K♥K first
    # wins 20 and leaves ♥A for the last trick, ×2: 40 (seat 1's equal ♥A comes
    # second, SH13); ♥K alone loses to seat 1's ♥A, and seat 1 keeps the last trick.
    # The throw ♥A ♥K is no play: seat 1's ♥A beats the single ♥K.
    others = ["♣3 ♣4 ♣6", "♦4 ♦6 ♦7"]
    e = ending(["♥A ♥K ♥K", "♥A ♥Q ♥Q", *others], 0, dealer=1, kitty=10)
    assert values_text(solve(e)) == norm({"♥A ♥K ♥K": 60, "♥A": 60, "♥K ♥K": 40, "♥K": 0})
    # Seat 1's ♥A♥A beats the pair of the throw ♥Q ♥K♥K (and its ♥A the single ♥Q):
    # the throw fails (SH14), so it is no play; its pair and its singles are.
    e = ending(["♥Q ♥K ♥K", "♥A ♥A ♦3", *others], 0, dealer=1, kitty=10)
    assert sorted(values_text(solve(e))) == sorted(norm({"♥Q": 0, "♥K": 0, "♥K ♥K": 0}))


def test_only_a_trump_tractor_ruffs_a_tractor():
    # Level 2, ♥ trumps, dealer 1: seats 0 and 2 attack. Seat 0 has led the tractor
    # ♠5♠5♠6♠6 (10 points), the last trick. Seat 1, void in spades, ruffs with the
    # trump tractor ♥7♥7♥8♥8 (SJ-22, SH12): the dealer's side takes it, 0. With
    # ♥Q♥Q♥3♥4 instead (trumps, but no tractor) it cannot win, seat 0's lead stands:
    # 10 + kitty 15 × 8 (the last lead was a tractor of two pairs, note (h)) = 130.
    def last(seat1):
        return ending(
            ["", seat1, "♣3 ♣4 ♣6 ♣7", "♦3 ♦4 ♦6 ♦7"],
            1,
            ["♠5 ♠5 ♠6 ♠6"],
            trump="♥",
            dealer=1,
            kitty=15,
        )

    assert values_text(solve(last("♥7 ♥7 ♥8 ♥8"))) == norm({"♥7 ♥7 ♥8 ♥8": 0})
    assert values_text(solve(last("♥Q ♥Q ♥3 ♥4"))) == norm({"♥Q ♥Q ♥3 ♥4": 130})


def test_search_from_inside_the_last_trick():
    # The trick in progress goes to its winner: seat 1's ♥3♥4 are trumps but no pair
    # (SJ-15), seat 2 follows ♠5♠5 (SJ-21) and seat 3's ♠A♠A takes ♠K♠K (SH10): 30
    # points for the attackers (seats 1 and 3), and the last trick was led with a
    # pair: kitty 5 × 4. 50.
    e = ending(["", "♥3 ♥4", "♠5 ♠5", "♠A ♠A"], 1, ["♠K ♠K"], trump="♥", kitty=5)
    assert values_text(solve(e)) == norm({"♥3 ♥4": 50})


def test_pairs_with_a_gap_stay_apart_when_the_gap_leaves_play():
    # Level 2, ♥ trumps, dealer 1: seat 0 attacks with ♠7♠7♠8♠8♠9♠9 and nobody else
    # holds a spade or a trump, so seat 0 wins every trick; what counts is the last
    # lead, for the kitty's 20 (note (h)). The whole tractor of three at once: ×16.
    # ♠7♠7 (or ♠9♠9) first leaves the tractor ♠8♠8♠9♠9 for last: ×8. ♠8♠8 first
    # leaves ♠7♠7♠9♠9, which is no tractor once the ♠8s are gone (SJ-11: adjacent
    # pairs), so the last lead has a pair at best: ×4. The two positions after the
    # first trick differ only by which spades are gone; the table's key must tell a
    # gap from a neighbour.
    e = ending(
        ["♠7 ♠7 ♠8 ♠8 ♠9 ♠9", "♣3 ♣4 ♣6 ♣7 ♣8 ♣9", "♦3 ♦4 ♦6 ♦7 ♦8 ♦9", "♣3 ♣4 ♣6 ♣7 ♣8 ♣9"],
        0,
        trump="♥",
        dealer=1,
        kitty=20,
    )
    s = values_text(solve(e))
    assert {
        k: s[k] for k in norm({"♠7 ♠7 ♠8 ♠8 ♠9 ♠9": 0, "♠7 ♠7": 0, "♠9 ♠9": 0, "♠8 ♠8": 0})
    } == (norm({"♠7 ♠7 ♠8 ♠8 ♠9 ♠9": 320, "♠7 ♠7": 160, "♠9 ♠9": 160, "♠8 ♠8": 80}))
    assert max(s.values()) == 320


# ---------------------------------------------------------------------------
# Random small endings


def random_ending(rng: random.Random, max_cards: int = 3, min_cards: int = 1) -> Ending:
    """Hands of 1 to ``max_cards`` from a few kinds, often a pair or two pairs at
    adjacent strengths (a tractor when a hand holds 4 or more), a random partial trick
    played by the library's rules, random level, trump (no-trump too), dealer, kitty."""
    while True:
        level = rng.randint(2, 14)
        trump = None if rng.random() < 0.2 else rng.randrange(4)
        order = Order(level, trump)
        focus_suit = rng.choice([4, *SUITS])
        focus = sorted(
            (c for c in CARDS if order.suit_of[c] == focus_suit),
            key=lambda c: order.strength[c],
        )
        if not focus:
            continue
        start = rng.randrange(len(focus))
        low = order.strength[focus[start]]
        near = [c for c in focus if low <= order.strength[c] <= low + 2]
        size = rng.randint(min_cards, max_cards)
        extra = rng.sample(CARDS, max(6, 3 * size))
        kinds = list(dict.fromkeys(near + extra))
        copies = Counter(dict.fromkeys(kinds, 2))
        hands = []
        for _ in range(4):
            hand = Counter()
            if size >= 2 and rng.random() < 0.6:
                pairs = [c for c in near if copies[c] == 2]
                rng.shuffle(pairs)
                for c in pairs[: min(size // 2, rng.randint(1, 2))]:
                    hand[c] += 2
                    copies[c] -= 2
            while sum(hand.values()) < size:
                left = [c for c in kinds if copies[c]]
                if not left:
                    break
                c = rng.choice(left)
                hand[c] += 1
                copies[c] -= 1
            hands.append(hand)
        if any(sum(h.values()) != size for h in hands):
            continue
        leader = rng.randrange(4)
        played = rng.randint(0, 3) if rng.random() < 0.5 else 0
        trick: list = []
        for i in range(played):
            seat = (leader + i) % 4
            if not trick:
                others = [hands[(seat + j) % 4] for j in (1, 2, 3)]
                play = rng.choice(library_leads(hands[seat], others, order))
            else:
                play = rng.choice(legal_follows(hands[seat], trick[0], order))
            hands[seat].subtract(play)
            trick.append(list(play))
        return Ending(
            hands=tuple(tuple(h.elements()) for h in hands),
            trick=tuple(tuple(p) for p in trick),
            to_play=(leader + played) % 4,
            level=level,
            trump=trump,
            dealer=rng.randrange(4),
            kitty_points=rng.choice([0, 5, 10, 25, 40]),
        )


@pytest.mark.parametrize("seed", range(4))
def test_random_small_endings_against_minimax(seed):
    rng = random.Random(3000 + seed)
    for _ in range(60):  # 240 endings in all, 4 x 1-3 cards
        check_against_minimax(random_ending(rng))


def test_random_tractor_endings_against_minimax():
    # Four cards each: tractors can be held, led, followed and ruffed.
    rng = random.Random(4000)
    for _ in range(15):
        check_against_minimax(random_ending(rng, 4, 4))


def test_merging_and_renumbering_change_nothing_on_bigger_endings():
    # 5- and 6-card endings, too big for the minimax: every play's value with all the
    # search's reductions against a search with none (one full window each, the plain
    # key, no merged plays).
    # The first ending: level 7, ♣ trumps, so ♣6 and ♣8 are adjacent and seat 1's
    # ♣6♣6♣8♣8 is a tractor while ♣4♣4♣8♣8 is not; merging ♣4 with ♣6 (nothing in
    # play ranks between them, which is enough in 打滚子) would get it wrong.
    tricky = Ending.from_json(
        {
            "hands": [
                "♥4 ♥5 ♥7 ♥8 ♣9 ♣9",
                "♣4 ♣4 ♣6 ♣6 ♣8 ♣8",
                "♠6 ♠6 ♥4 ♥8 ♥K ♥K",
                "♠8 ♠8 ♠9 ♠9 ♠K ♥5",
            ],
            "to_play": 0,
            "level": 7,
            "trump": "♣",
            "dealer": 0,
        }
    )
    rng = random.Random(99)
    for e in [tricky] + [random_ending(rng, 6, 5) for _ in range(12)]:
        plain = _Engine(e)
        plain.mtd, plain.relabel, plain.reduce_plays = None, False, False
        plain.search = plain._make_search()
        assert plain.root_values() == solve(e).values, e.to_json()


def test_a_six_card_ending_with_tractors_is_quick():
    # Section 5 of the spec: a 4 x 6-card open ending (tractors allowed) in < 1 s.
    e = ending(
        [
            "♠7 ♠7 ♠8 ♠8 ♥K ♣5",
            "♠9 ♠9 ♠10 ♠10 ♦5 ♦6",
            "♥4 ♥4 ♥5 ♥5 ♣K ♣K",
            "♣3 ♣3 ♣4 ♣4 ♦10 BJ",
        ],
        0,
        level=2,
        trump="♥",
        kitty=20,
    )
    start = time.perf_counter()
    s = solve(e)
    assert time.perf_counter() - start < 5  # generous on a shared machine; bench: < 1 s
    assert s.values


# ---------------------------------------------------------------------------
# The solver's own move generator and trick rule against the library's


def test_move_generator_and_winner_against_the_library():
    rng = random.Random(11)
    checked = 0
    for i in range(150):
        e = random_ending(rng, 4 if i % 2 else 6, 1)
        engine, order = _Engine(e), e.order
        hands = [Counter(h) for h in e.hands]
        trick = [list(p) for p in e.trick]
        seat = e.to_play
        if trick:
            engine.lead_key(trick[0])
        records = []
        while len(trick) < 4 and sum(hands[seat].values()):
            ints = tuple(engine.hand(h.elements()) for h in hands)
            if trick:
                lead = engine.lead_key(trick[0])
                moves = engine.follows(ints[seat], lead, order.suit_of[trick[0][0]])
                library = legal_follows(hands[seat], trick[0], order)
            else:
                moves = engine.lead_moves(ints, seat)
                others = [hands[(seat + j) % 4] for j in (1, 2, 3)]
                library = library_leads(hands[seat], others, order)
            mine = [engine.play_cards(m[4]) for m in moves]
            assert len(set(mine)) == len(mine)
            assert sorted(mine) == sorted(library), e.to_json()
            for m in moves:
                assert m[1] == points(engine.play_cards(m[4]))
                assert m[0] == engine.hand(engine.play_cards(m[4]))
            m = rng.choice(moves)
            play = engine.play_cards(m[4])
            records.append(m)
            hands[seat].subtract(play)
            trick.append(list(play))
            seat = (seat + 1) % 4
            checked += 1
        if len(trick) == 4 and len(records) == 4:
            # The records' rule: the lead stands unless a later play beats the best.
            best, (_, _, bs, bv, _, _) = 0, records[0]
            for j in range(1, 4):
                _, _, s, v, _, _ = records[j]
                if s >= 0 and ((s == 4 and bs != 4) or (s == bs and v > bv)):
                    best, bs, bv = j, s, v
            assert best == trick_winner(trick, order), trick
    assert checked > 400


# ---------------------------------------------------------------------------
# Solutions and bad input


def test_solution_round_trip_and_node_limit():
    e = ending(["♥A ♥A", "♥K ♥K", "♥3 ♥4", "♠5 ♠6"], 1, kitty=10)
    s = solve(e)
    assert solution_from_json(s.to_json()) == s
    assert s.to_json()["best"] == [["♥K"]]
    assert Ending.from_json(e.to_json()) == e
    rng = random.Random(5)
    big = random_ending(rng, 6, 6)
    with pytest.raises(SearchLimit):
        solve(big, node_limit=20)


BASE = {
    "hands": [["♥A"], ["♥K"], ["♥3"], ["♥4"]],
    "trick": [],
    "to_play": 1,
    "level": 2,
    "trump": "♠",
    "dealer": 0,
    "kitty_points": 20,
}


@pytest.mark.parametrize(
    "changes, message",
    [
        ({"hands": [["♥A"], ["♥X"], ["♥3"], ["♥4"]]}, "not a card"),
        ({"hands": [["♥A"], ["♥K"], ["♥3"]]}, "exactly 4 hands"),
        ({"hands": [["♥A"], ["♥A"], ["♥A"], ["♥4"]]}, "more than 2 copies of ♥A"),
        ({"hands": [["♥A", "♥K"], ["♥K"], ["♥3"], ["♥4"]]}, "same number of cards"),
        ({"level": 1}, "level"),
        ({"trump": "X"}, "suit"),
        ({"kitty_points": 7}, "kitty_points"),
        ({"kitty_points": 85}, "kitty_points"),
        ({"unknown": 1}, "unknown keys"),
        # The lead mixes a heart and a club (SJ-20).
        (
            {
                "hands": [["♥A"], [], ["♥3", "♣3"], ["♥4", "♣4"]],
                "trick": [["♥K", "♣K"]],
                "to_play": 2,
            },
            "one suit",
        ),
        # ♥A ♥K thrown while seat 3 holds ♥A: the single ♥K fails (note (e)).
        (
            {
                "hands": [["♥5", "♥6"], [], ["♣3", "♣4"], ["♥A", "♦4"]],
                "trick": [["♥A", "♥K"]],
                "to_play": 2,
            },
            "throw that fails",
        ),
        # Seat 2 holds a heart but follows with a club (SJ-17).
        (
            {
                "hands": [["♥A", "♦3"], ["♦5"], ["♥3"], ["♥4", "♣4"]],
                "trick": [["♥K"], ["♣3"]],
                "to_play": 3,
            },
            "illegal",
        ),
    ],
)
def test_bad_endings_say_what_is_wrong(changes, message):
    with pytest.raises(ValueError, match=message):
        Ending.from_json({**BASE, **changes})


def test_no_trump_endings():
    # No-trump (SJ-09): only jokers and level cards are trumps. Level 2: seat 3's ♠2
    # is a trump and ruffs seat 1's ♥K lead for the attackers: 10 + kitty 5 × 2.
    e = ending(["♥A", "♥K", "♥3", "♠2"], 1, trump="NT", kitty=5)
    assert values_text(solve(e)) == norm({"♥K": 20})
