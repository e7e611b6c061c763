"""The double-dummy solver of 打滚子 endings (``engines.dagunzi.solver``).

Hand-made endings whose answers are worked out in the comments; the solver against a
plain minimax written directly on ``legal_plays``/``trick_winner`` (no table, no
merged plays) on hundreds of random small endings; its own move generator and trick
rule against the library's; and the checks of ``Ending``.

Seats play 0 → 1 → 2 → 3; with ``dealer=0`` the dealer's side is seats 0 and 2 and
the attackers (抓分方) are seats 1 and 3. Unless said otherwise the level is 7 and
trumps are ♠, so the trumps from the top are BJ SJ ♠7, the other 7s (equal), ♠2, the
other 2s (equal), then ♠A down to ♠3.
"""

from __future__ import annotations

import itertools
import random
from collections import Counter

import pytest

from engines.cards import CARDS, SUITS, parse_cards, shoe
from engines.dagunzi import DEAD, LIVE, Order, legal_plays, trick_points, trick_winner
from engines.dagunzi.solver import Ending, SearchLimit, Solution, _Engine, solve, value


def ending(hands, to_play, trick=(), *, level=7, trump="♠", dealer=0, kitty=0, variant=DEAD):
    return Ending.from_json(
        {
            "hands": [h.split() for h in hands],
            "trick": [p.split() for p in trick],
            "to_play": to_play,
            "level": level,
            "trump": trump,
            "dealer": dealer,
            "kitty_points": kitty,
            "variant": variant,
        }
    )


def plays_text(plays):
    return [" ".join(c.text() for c in p) for p in plays]


def values_text(solution: Solution) -> dict:
    return {" ".join(c.text() for c in p): v for p, v in solution.values.items()}


# ---------------------------------------------------------------------------
# The reference: plain minimax on the library's rules


def minimax(e: Ending) -> dict:
    """Every legal play of the seat to move -> the attackers' value after it.

    No table, no merged plays, no shortcut: the rules are ``legal_plays`` and
    ``trick_winner``; the trick's points go to its winner, and twice the kitty's to
    the attackers if they win the last trick.
    """
    order, att, bonus = e.order, e.attackers_side, 2 * e.kitty_points

    def best(values: dict, seat: int) -> int:
        return max(values.values()) if seat % 2 == att else min(values.values())

    def node(hands, trick, seat) -> dict:
        out = {}
        for play in legal_plays(hands[seat], trick, order, follow=e.follow):
            hands[seat].subtract(play)
            plays = [*trick, play]
            if len(plays) == 4:
                winner = (seat - 3 + trick_winner(plays, order)) % 4
                mine = winner % 2 == att
                gain = trick_points(plays) if mine else 0
                if any(+h for h in hands):
                    v = gain + best(node(hands, [], winner), winner)
                else:
                    v = gain + (bonus if mine else 0)
            else:
                v = best(node(hands, plays, (seat + 1) % 4), (seat + 1) % 4)
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
    assert solution.dealer_side == e.remaining_points() + 2 * e.kitty_points - target
    assert value(e) == target, e.to_json()


# ---------------------------------------------------------------------------
# Random small endings


def pool_ending(rng: random.Random, max_cards: int = 3) -> Ending:
    """Cards from a few kinds (3 copies each), so 棒 and 滚子 turn up often; a random
    partial trick, to_play, dealer, kitty and follow rule."""
    while True:
        level, trump = rng.randint(3, 10), rng.randrange(4)
        special = [c for c in CARDS if c.is_joker or c.rank in (2, level) or c.suit == trump]
        scoring = [c for c in CARDS if c.rank in (5, 10, 13)]
        kinds = set()
        for _ in range(rng.randint(3, 7)):
            r = rng.random()
            kinds.add(rng.choice(special if r < 0.4 else scoring if r < 0.7 else CARDS))
        copies = Counter(dict.fromkeys(kinds, 3))
        # Some seats get cards of their own (a suit nobody else holds, or two side
        # level cards or 2s): that is when plays are interchangeable.
        # Equal side level cards or 2s are sometimes shared with the others (then
        # they are interchangeable only while every hand holds as many of each).
        own: dict[int, list] = {}
        shared: set = set()
        sides = [s for s in SUITS if s != trump]
        for seat in range(4):
            if rng.random() < 0.5:
                if rng.random() < 0.35:
                    rank = rng.choice([2, level])
                    cards = [CARDS[s * 13 + rank - 2] for s in rng.sample(sides, 2)]
                    if rng.random() < 0.5:
                        shared.update(cards)
                else:
                    suit = rng.choice(sides)
                    ranks = rng.sample([r for r in range(3, 15) if r != level], rng.randint(2, 3))
                    cards = [CARDS[suit * 13 + r - 2] for r in ranks]
                own[seat] = [c for c in cards if c not in copies]
                copies.update(dict.fromkeys(own[seat], 3))
        owned = {c for cards in own.values() for c in cards} - shared
        size = rng.randint(0, max_cards)
        played = rng.choice([0, 1, 2, 3]) if size < max_cards else 0
        if not played and not size:
            continue
        n = rng.choice([1, 2, 2, 3, 3]) if played else 0
        leader = rng.randrange(4)
        hands: list[list] = [[] for _ in range(4)]
        if played:  # the leader holds the group it leads
            group = rng.choice(sorted(c for c in copies if copies[c] >= n))
            hands[leader] += [group] * n
            copies[group] -= n
        for seat in range(4):
            while len(hands[seat]) < size + n:
                mine = [c for c in own.get(seat, []) if copies[c]]
                pool = (
                    mine
                    if mine and rng.random() < 0.5
                    else sorted(c for c in copies if copies[c] and c not in owned)
                )
                if not pool:
                    break
                card = rng.choice(pool)
                copies[card] -= 1
                hands[seat].append(card)
        if any(len(h) < size + n for h in hands):
            continue
        follow = rng.choice([DEAD, LIVE])
        order = Order(level, trump)
        trick: list = []
        for i in range(played):
            seat = (leader + i) % 4
            plays = legal_plays(hands[seat], trick, order, follow=follow)
            if not trick:
                plays = [p for p in plays if len(p) == n]
            play = rng.choice(plays)
            for c in play:
                hands[seat].remove(c)
            trick.append(play)
        return Ending(
            hands=tuple(tuple(h) for h in hands),
            trick=tuple(trick),
            to_play=(leader + played) % 4,
            level=level,
            trump=trump,
            dealer=rng.randrange(4),
            kitty_points=rng.choice([0, 0, 5, 10, 20, 30, 60]),
            follow=follow,
        )


def shoe_ending(rng: random.Random, cards: int) -> Ending:
    """``cards`` cards each from a shuffled 3-deck shoe, at a trick boundary."""
    deal = shoe(3)
    rng.shuffle(deal)
    return Ending(
        hands=tuple(tuple(deal[i * cards : (i + 1) * cards]) for i in range(4)),
        trick=(),
        to_play=rng.randrange(4),
        level=rng.randint(3, 10),
        trump=rng.randrange(4),
        dealer=rng.randrange(4),
        kitty_points=5 * rng.randint(0, 8),
        follow=rng.choice([DEAD, LIVE]),
    )


# ---------------------------------------------------------------------------
# Hand-made endings


def test_one_card_each_the_kitty_goes_with_the_last_trick():
    # Seat 1 (an attacker) leads its ♥K; ♥3 and ♥4 follow and the dealer's ♥A takes the
    # last trick: 10 points, and twice the kitty's 20, for the dealer's side.
    e = ending(["♥A", "♥K", "♥3", "♥4"], 1, kitty=20)
    s = solve(e)
    assert (s.attackers, s.dealer_side) == (0, 50)
    assert plays_text(s.best) == ["♥K"]
    # The same cards with the ♥A in the attackers' seat 3: theirs, kitty and all.
    s = solve(ending(["♥4", "♥K", "♥3", "♥A"], 1, kitty=20))
    assert (s.attackers, s.dealer_side) == (50, 0)


def test_kitty_doubling_decides_which_trick_to_win():
    # Seat 1 (attacker) holds ♠A (a trump) and ♥3; everybody else only hearts.
    #  - ♠A first: the attackers take trick 1; seat 3 drops its ♥5 on it, seat 0 its
    #    ♥A (keeping ♥K wins trick 2 anyway). Then ♥3 loses trick 2 (♥K 10 points and
    #    the kitty) to the dealer: attackers 5.
    #  - ♥3 first: the dealer's side wins trick 1 and seat 0 cashes its ♥K on it (else
    #    the ♥K would fall to the ♠A); seat 3 keeps ♥5. Trick 2: ♠A wins ♥5 and the
    #    doubled kitty: 5 + 2 x 20 = 45.
    hands = ["♥A ♥K", "♠A ♥3", "♥Q ♥J", "♥4 ♥5"]
    s = solve(ending(hands, 1, kitty=20))
    assert values_text(s) == {"♠A": 5, "♥3": 45}
    assert plays_text(s.best) == ["♥3"]
    assert (s.attackers, s.dealer_side) == (45, 10)  # 15 points + 40 for the kitty
    # Without a kitty both ways give 5: both plays are best.
    s = solve(ending(hands, 1, kitty=0))
    assert values_text(s) == {"♠A": 5, "♥3": 5}
    assert plays_text(s.best) == ["♠A", "♥3"]


def test_void_player_ruffs_a_bang_with_a_trump_bang():
    # Seat 0 led ♥K ♥K (20 points). Seat 1 has no hearts: any two cards, and only a
    # trump 棒 (♠3 ♠3) can beat a 棒. Seat 2 must follow ♥5 ♥6; seat 3 ♥4 and one more,
    # and keeps ♣6, which wins the last trick (♣4 ♣5 ♣6 ♣3): the attackers take all 30.
    # ♠3 ♣4 instead is no 棒 and cannot win: the dealer takes trick 1 and the attackers
    # only the ♣5 of the last trick, ruffed by the ♠3.
    e = ending(["♣3", "♠3 ♠3 ♣4", "♥5 ♥6 ♣5", "♥4 ♦Q ♣6"], 1, ["♥K ♥K"])
    s = solve(e)
    assert values_text(s) == {"♠3 ♠3": 30, "♠3 ♣4": 5}
    assert plays_text(s.best) == ["♠3 ♠3"]
    assert (s.attackers, s.dealer_side) == (30, 0)


def test_drawing_trumps_first_gains_points():
    # Seat 1 (attacker) holds BJ and ♥A; seat 2 (dealer's side) has no hearts but one
    # small trump, ♠3.
    #  - ♥A first: seat 2 ruffs with ♠3, taking ♥K and ♥10 (20), then leads ♦4; the
    #    BJ wins the last trick with ♦5: attackers 5.
    #  - BJ first draws the ♠3 (seat 2 must follow trumps); the ♥A then wins trick 2
    #    and with it all 25 points.
    s = solve(ending(["♥10 ♦6", "BJ ♥A", "♠3 ♦4", "♥K ♦5"], 1))
    assert values_text(s) == {"BJ": 25, "♥A": 5}
    assert plays_text(s.best) == ["BJ"]
    assert (s.attackers, s.dealer_side) == (25, 0)


def test_equal_cards_the_first_played_wins():
    # ♥7 and ♦7 are both side level cards: trumps of equal strength. The one led wins:
    # seat 1's ♥7 first takes ♣5 and ♦K (15) and the doubled kitty (20).
    assert solve(ending(["♦7", "♥7", "♣5", "♦K"], 1, kitty=10)).attackers == 35
    # Seat 0's ♦7 first: the dealer's side wins it, the attackers nothing.
    s = solve(ending(["♦7", "♥7", "♣5", "♦K"], 0, kitty=10))
    assert (s.attackers, s.dealer_side) == (0, 35)
    # The trump suit's ♠7 outranks the other 7s, led first or not.
    assert solve(ending(["♦7", "♠7", "♣5", "♦K"], 0, kitty=10)).attackers == 35
    # Identical cards too: seat 1's ♥A, led, beats seat 3's ♥A.
    assert solve(ending(["♥3", "♥A", "♥K", "♥A"], 1)).attackers == 10
    assert solve(ending(["♥A", "♥3", "♥K", "♥A"], 0)).attackers == 0


def test_dead_and_live_bang_give_different_values():
    # Seat 1 led ♥A ♥A and keeps a losing ♦5 for the last trick (seat 0's ♦A wins it).
    # Seat 2 (dealer's side) holds ♥K ♥K ♥3.
    #  - 死棒: holding a 棒 in hearts, seat 2 must play ♥K ♥K into the attackers' trick:
    #    20 for the attackers.
    #  - 活棒: seat 2 plays ♥K ♥3 (10) and keeps ♥K for its partner's ♦A trick: 10.
    hands = ["♦3 ♦4 ♦A", "♦5", "♥K ♥K ♥3", "♣3 ♣4 ♣6"]
    dead = solve(ending(hands, 2, ["♥A ♥A"], variant=DEAD))
    live = solve(ending(hands, 2, ["♥A ♥A"], variant=LIVE))
    assert values_text(dead) == {"♥K ♥K": 20}
    assert values_text(live) == {"♥K ♥K": 20, "♥3 ♥K": 10}
    assert (dead.attackers, dead.dealer_side) == (20, 5)
    assert (live.attackers, live.dealer_side) == (10, 15)
    assert plays_text(live.best) == ["♥3 ♥K"]


def test_the_trick_in_progress_goes_to_its_winner():
    # Seat 3 (attacker) led ♥K and seat 0 followed ♥10. Seat 1 must follow ♥5 and seat 2
    # ♥4: the ♥K takes 25 for the attackers. Seat 3 then leads ♣5 to the last trick and
    # seat 2's ♣A wins it: 5 for the dealer's side.
    e = Ending.from_json(
        {
            "hands": [["♣3"], ["♥5", "♣4"], ["♥4", "♣A"], ["♣5"]],
            "trick": [["♥K"], ["♥10"]],
            "to_play": 1,
            "level": 7,
            "trump": "♠",
            "dealer": 0,
        }
    )
    s = solve(e)
    assert values_text(s) == {"♥5": 25}
    assert (s.attackers, s.dealer_side) == (25, 5)


def test_a_bang_is_not_merged_with_a_two_card_play():
    # Seat 1 may (活棒) follow the trump 棒 ♠5 ♠5 with BJ BJ, which wins, or with BJ ♠7,
    # which is no 棒. ♥4 and ♥3 are interchangeable (nobody else holds hearts), so the
    # solver merges plays here: it must not take BJ BJ for BJ ♠7.
    e = ending(
        ["SJ ♣6 ♣6", "BJ BJ ♠7 ♥4 ♥3", "♦8 ♦8 ♦9 ♦9 ♦J", "♣8 ♣8 ♣9 ♣9 ♣J"],
        1,
        ["♠5 ♠5"],
        variant=LIVE,
    )
    assert values_text(solve(e)) == {"BJ BJ": 10, "♠7 BJ": 0}
    check_against_minimax(e)


def test_interchangeable_plays_all_reported():
    # ♥4 and ♥3 in seat 1 are equivalent (no other hand has hearts and there are no
    # trumps out): both are best, with the same value, though the search looks at one
    # of them. Each wins a trick, so the attackers get all 20 points (♣K, ♣10).
    e = ending(["♣A ♣K", "♥4 ♥3", "♣Q ♣J", "♣10 ♣9"], 1)
    s = solve(e)
    assert values_text(s) == {"♥4": 20, "♥3": 20}
    assert plays_text(s.best) == ["♥3", "♥4"]
    check_against_minimax(e)


def test_json_round_trip():
    e = ending(["♥A ♥K", "♠A ♥3", "♥Q ♥J", "♥4 ♥5"], 1, kitty=20)
    assert Ending.from_json(e.to_json()) == e
    out = solve(e).to_json()
    assert out == {
        "attackers": 45,
        "dealer_side": 10,
        "best": [["♥3"]],
        "plays": [{"play": ["♠A"], "attackers": 5}, {"play": ["♥3"], "attackers": 45}],
    }


def test_node_limit():
    e = shoe_ending(random.Random(5), 6)
    with pytest.raises(SearchLimit):
        solve(e, node_limit=50)
    assert solve(e).nodes > 50


# ---------------------------------------------------------------------------
# Against the plain minimax


@pytest.mark.parametrize("seed", range(4))
def test_random_small_endings_against_minimax(seed):
    rng = random.Random(1000 + seed)
    for _ in range(250):  # 1000 endings in all
        check_against_minimax(pool_ending(rng))


def test_shoe_endings_against_minimax():
    rng = random.Random(77)
    for _ in range(30):
        check_against_minimax(shoe_ending(rng, rng.randint(1, 3)))


def test_merging_and_renumbering_change_nothing_on_bigger_endings():
    # 5-card endings, too big for the minimax: every play's value with all the
    # search's reductions against a search with none (one full window each, the plain
    # key, no merged plays).
    rng = random.Random(99)
    for i in range(16):
        e = pool_ending(rng, 5) if i % 2 else shoe_ending(rng, 5)
        plain = _Engine(e)
        plain.mtd, plain.relabel, plain.reduce_plays = None, False, False
        plain.search = plain._make_search()
        assert plain.root_values() == solve(e).values, e.to_json()


def test_play_key_is_the_orbit_under_the_classes():
    # Two plays get one key exactly when a permutation inside the classes maps one on
    # the other.
    rng = random.Random(3)
    for _ in range(300):
        kinds = list(range(6))
        rep = {}
        for t in range(1, 6):
            if rng.random() < 0.5:
                rep[t] = rep.get(t - 1, t - 1)  # classes are runs here: {0, 1, 2}, ...
        classes = {}
        for t in kinds:
            classes.setdefault(rep.get(t, t), []).append(t)
        mappings = [
            {k: v for part in combo for k, v in part.items()}
            for combo in itertools.product(
                *[
                    [dict(zip(members, p, strict=True)) for p in itertools.permutations(members)]
                    for members in classes.values()
                ]
            )
        ]
        plays = [
            tuple(sorted(rng.choice(kinds) for _ in range(rng.randint(1, 3)))) for _ in range(6)
        ]
        for a, b in itertools.combinations(plays, 2):
            images = {tuple(sorted(mapping[t] for t in a)) for mapping in mappings}
            same_key = _Engine.play_key(a, rep) == _Engine.play_key(b, rep)
            assert same_key == (b in images), (a, b, rep)


# ---------------------------------------------------------------------------
# The solver's own move generator and trick rule against the library's


def test_move_generator_and_winner_against_the_library():
    rng = random.Random(11)
    checked = 0
    for i in range(400):
        e = pool_ending(rng, 4) if i % 2 else shoe_ending(rng, rng.randint(1, 6))
        engine, order = _Engine(e), e.order
        hands = [Counter(h) for h in e.hands]
        trick = [list(p) for p in e.trick]
        seat = e.to_play
        while len(trick) < 4 and sum(hands[seat].values()) >= (len(trick[0]) if trick else 1):
            h = engine.hand(hands[seat].elements())
            if trick:
                led = order.suit_of[trick[0][0]]
                moves = engine.follows(h, len(trick[0]), led)
            else:
                moves = engine.leads(h)
            mine = [engine.play_cards(m[4]) for m in moves]
            library = legal_plays(hands[seat], trick, order, follow=e.follow)
            assert len(set(mine)) == len(mine)
            assert sorted(mine) == sorted(library), e.to_json()
            for m in moves:
                assert m[1] == sum(engine.pts[t] for t in m[4])
                assert m[0] == engine.hand(engine.cards[t] for t in m[4])
            play = rng.choice(library)
            hands[seat].subtract(play)
            trick.append(list(play))
            seat = (seat + 1) % 4
            checked += 1
        if len(trick) == 4:
            plays = [tuple(p) for p in trick]
            assert rule_engine(order).trick_winner(plays) == trick_winner(trick, order), trick
    assert checked > 1000


def rule_engine(order: Order) -> _Engine:
    """An engine with only the tables its trick rule reads, over all 54 cards (kind = card)."""
    engine = _Engine.__new__(_Engine)
    engine.suit, engine.strength = list(order.suit_of), list(order.strength)
    engine.pts = [0] * len(CARDS)
    return engine


def test_winner_rule_on_random_tricks():
    # Random shapes too (the follows a rule allows are a small part of all tricks).
    rng = random.Random(12)
    for _ in range(2000):
        level, trump = rng.randint(3, 10), rng.randrange(4)
        kinds = rng.sample(CARDS, rng.randint(2, 6))
        n = rng.randint(1, 3)
        lead = [rng.choice(kinds)] * n
        plays = [lead] + [[rng.choice(kinds) for _ in range(n)] for _ in range(3)]
        if rng.random() < 0.5:  # many groups
            plays[1:] = [[rng.choice(kinds)] * n for _ in range(3)]
        order = Order(level, trump)
        winner = rule_engine(order).trick_winner([tuple(p) for p in plays])
        assert winner == trick_winner(plays, order), plays


# ---------------------------------------------------------------------------
# Bad input


BASE = {
    "hands": [["♥A"], ["♥K"], ["♥3"], ["♥4"]],
    "trick": [],
    "to_play": 1,
    "level": 7,
    "trump": "♠",
    "dealer": 0,
    "kitty_points": 20,
    "variant": "dead",
}


def with_(**changes):
    return {**BASE, **changes}


@pytest.mark.parametrize(
    "data, message",
    [
        (with_(hands=[["♥A"], ["♥X"], ["♥3"], ["♥4"]]), "not a card"),
        (with_(hands=[["♥A"], ["♥K"], ["♥3"]]), "exactly 4 hands"),
        (with_(hands=[["♥A"]] * 5), "exactly 4 hands"),
        (with_(hands=[["♥A"], ["♥A"], ["♥A"], ["♥A"]]), "more than 3 copies of ♥A"),
        (
            with_(
                hands=[["♥A", "♥A"], ["♥A", "♥4"], ["♥5", "♥6"], ["♥8"]], trick=[["♥A"]], to_play=0
            ),
            "more than 3 copies of ♥A",
        ),
        (with_(hands=[["♥A", "♥K"], ["♥K"], ["♥3"], ["♥4"]]), "same number of cards"),
        (
            with_(hands=[["♥A"], ["♥K"], ["♥3"], ["♥4"]], trick=[["♣3"]], to_play=2),
            "same number of cards",
        ),
        # Seat 1 led ♣3 and seat 2 still holds a club, so its ♥Q is illegal.
        (
            with_(hands=[["♥A"], ["♥K"], ["♣4"], ["♥4", "♥5"]], trick=[["♣3"], ["♥Q"]], to_play=3),
            "trick play 2",
        ),
        # A lead of two different cards is neither a 棒 nor a 滚子.
        (
            with_(
                hands=[["♥A"], ["♥K"], ["♥3", "♥5", "♥6"], ["♥4", "♥6", "♥7"]],
                trick=[["♥8", "♥9"]],
                to_play=2,
            ),
            "trick play 1",
        ),
        # 死棒: holding ♥6 ♥6, seat 2 may not follow the ♥8 ♥8 with ♥6 ♥9.
        (
            with_(
                hands=[["♥A"], ["♥K"], ["♥6"], ["♥4", "♥5", "♥10"]],
                trick=[["♥8", "♥8"], ["♥6", "♥9"]],
                to_play=3,
            ),
            "死棒",
        ),
        (with_(level=2), "level"),
        (with_(level=11), "level"),
        (with_(level="7"), "level"),
        (with_(trump="X"), "not a suit"),
        (with_(trump=7), "not a suit"),
        (with_(to_play=4), "to_play"),
        (with_(dealer=-1), "dealer"),
        (with_(variant="half-dead"), "variant"),
        (with_(kitty_points=7), "kitty_points"),
        (with_(kitty_points=65), "kitty_points"),
        (with_(hands=[[], [], [], []]), "no cards"),
        (with_(trick=[["♥5"], ["♥6"], ["♥7"], ["♥8"]]), "4 plays"),
        (with_(kitty=20), "unknown keys"),
        ({k: v for k, v in BASE.items() if k != "hands"}, "missing keys: hands"),
        ([1, 2], "JSON object"),
    ],
)
def test_bad_input(data, message):
    with pytest.raises(ValueError, match=message):
        Ending.from_json(data)


def test_defaults_and_spellings():
    e = Ending.from_json(
        {
            "hands": [["HA"], ["hk"], ["红桃3"], ["♥4"]],
            "to_play": 1,
            "level": 7,
            "trump": "s",
            "dealer": 0,
        }
    )
    assert e.trick == () and e.kitty_points == 0 and e.follow == DEAD and e.trump == 0
    assert e.hands[0] == tuple(parse_cards("♥A"))
