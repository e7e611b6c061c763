"""The open-ending solver (``engines.baohuang.solver``): hand-made endings worked out in
the comments, then the solver against ``oracle.minimax_values`` (a plain minimax over
the whole game tree, written on the oracle's own sets and turns, no table) on 240
random small endings, both goals (BH-06, BH-14/15, BH-25, BH-29/30, BH-31, BH-R05).

The solver's speed on 5 hands × 4 cards is measured by ``bench/baohuang_engine.py``
(target < 2 s); here only a loose bound on one such ending."""

import random
import time

import pytest

from engines.baohuang import Roles, parse_cards, set_of
from engines.baohuang.solver import PASS, Ending, SearchLimit, solve, solve_json, win_goal
from engines.cards import shoe
from tests.engines.baohuang.oracle import minimax_values, values


def ending(*hands, emperor=0, royalist=None, to_play=0, table=None, out=()):
    cards, owner = table if table is not None else (None, None)
    return Ending(
        hands=tuple(parse_cards(h) if h else () for h in hands),
        roles=Roles(emperor, royalist),
        to_play=to_play,
        table=parse_cards(cards) if cards else None,
        owner=owner,
        out=out,
    )


def texts(moves):
    return sorted("pass" if m is PASS else m.text() for m in moves)


def line_texts(line):
    return [(seat, "pass" if m is PASS else m.text()) for seat, m in line]


# ---------------------------------------------------------------------------
# Hand-made endings


def test_lead_the_card_nobody_beats_first():
    # BH-09: nobody holds a 2 or a joker, so the emperor leads ♠2 and then its ♠3: out
    # first. Led first, the ♠3 lets seat 1 in with its last card, ♣K.
    e = ending("♠2 ♠3", "♣K", "♣4 ♦4", "♣5 ♦5", "♣6 ♦6", royalist=3)
    s = solve(e, "first")
    assert s.value and texts(s.winning) == ["2"]
    assert line_texts(s.refutations[set_of(parse_cards("♠3"))]) == [(1, "K")]


def test_pass_and_let_the_royalist_go_out():
    # The royalist (seat 3) played ♠K, keeping ♣Q; seat 4 passed. If the emperor
    # passes, seats 1 and 2 cannot beat a K, and seat 3 leads its ♣Q: out first, 头科
    # for the emperor's side. Taking the round with ♠A leaves the emperor leading ♦5
    # or ♦6 with nothing high left: seat 1 plays ♣K over it, nobody beats a K, and
    # seat 1 leads ♦J, out first.
    e = ending("♠A ♦5 ♦6", "♣K ♦J", "♦3", "♣Q", "♦4 ♣4", royalist=3, table=("♠K", 3))
    s = solve(e, "first")
    assert s.value and texts(s.winning) == ["pass"]
    assert line_texts(s.refutations[set_of(parse_cards("♠A"))]) == [(0, "5"), (1, "K")]


def test_jiefeng_hands_the_lead_to_the_royalist():
    # Seat 2, a rebel, went out first with ♠9 (+4 for the rebels); seats 3 and 4
    # passed. The emperor (seat 0: ♣K ♣8) either beats it with ♣K or passes.
    # * Pass: seat 1's ♦7 cannot beat a 9, so everyone has passed on seat 2's last
    #   set and the next player still in after it, seat 3 (the royalist), leads (接风,
    #   BH-29, R05): ♣6, out second. Seat 4's ♦5 cannot beat it; the emperor plays
    #   ♣8, nobody beats that, and it leads ♣K: out third. 4 + 2 + 0: the emperor's
    #   side has +2 against −2, a win.
    # * ♣K: nobody beats it; the emperor leads ♣8 and is out second. Nobody beats
    #   the 8, so seat 1 leads ♦7 (接风) and is out third; seat 3 leads ♣6, out
    #   fourth. The emperor's side has 2 − 2 = 0: a draw, not a win (BH-31).
    e = ending("♣K ♣8", "♦7", (), "♣6", "♦5", royalist=3, table=("♠9", 2), out=(2,))
    assert not solve(e, "first").value  # a rebel is out first: 头科 is gone
    s = solve(e, "win")
    assert s.value and texts(s.winning) == ["pass"]
    assert line_texts(s.refutations[set_of(parse_cards("♣K"))]) == [(0, "8"), (1, "7")]
    expected = minimax_values(
        [values(h) for h in e.hands], 0, 3, 0, values(e.table), 2, (2,), "win"
    )
    assert engine_values(s) == expected


def test_the_win_goal_reads_bh31():
    # The emperor (0) and the royalist (3) against seats 1, 2 and 4.
    side = Roles(emperor=0, royalist=3).side
    assert win_goal((), side, 0) is None and win_goal((2,), side, 0) is None
    assert win_goal((0, 3), side, 0) is True  # 4 + 2 already
    assert win_goal((2, 0, 3), side, 0) is True  # 2 + 0 against 4 − 2 − 4
    assert win_goal((2, 1), side, 0) is False  # at best 0 − 2
    assert win_goal((0, 1, 2, 4), side, 0) is False  # 4 − 4: a draw is no win
    assert win_goal((0, 1, 2, 4), side, 1) is False  # nor for the rebels
    assert win_goal((0, 1, 3, 2), side, 1) is False  # 4 + 0 against 2 − 2 − 4
    assert win_goal((1, 2, 0), side, 1) is True  # 4 + 2 + at least −4 against at most 0


def test_solve_json_and_its_errors():
    data = {
        "hands": ["♠2 ♠3", "♣K", "♣4 ♦4", "♣5 ♦5", "♣6 ♦6"],
        "emperor": 0,
        "royalist": 3,
        "goal": "first",
    }
    result = solve_json(data)
    assert result["value"] is True and result["winning"] == ["2"]
    assert result["refutations"] == [{"play": "3", "line": [[1, "K"]]}]
    with pytest.raises(ValueError):
        solve_json({**data, "goal": "last"})
    with pytest.raises(ValueError):
        solve_json({**data, "hands": data["hands"][:4]})
    with pytest.raises(ValueError):
        solve_json({**data, "out": [1]})  # seat 1 holds cards
    with pytest.raises(ValueError):
        solve_json({**data, "table": {"cards": "♠4", "owner": 0}})  # the owner is to play
    with pytest.raises(ValueError):
        solve_json({**data, "colour": 1})
    with pytest.raises(SearchLimit):
        solve(Ending.from_json(data), "win", node_limit=1)


# ---------------------------------------------------------------------------
# Against the plain minimax


def random_ending(rng: random.Random) -> Ending:
    """5 seats, 0–3 cards each from 3–6 ranks and some jokers; seats with none are out
    (at most three, in a random order); random roles (独 one time in five); half of
    them with a set of 1–3 cards on the table, whose owner may be the last seat out."""
    pool = shoe(4)
    ranks = set(rng.sample(range(2, 15), rng.randint(3, 6)))
    pool = [c for c in pool if (c.is_joker and rng.random() < 0.5) or c.rank in ranks]
    rng.shuffle(pool)
    sizes = [rng.choice([0, 1, 2, 3, 3]) for _ in range(5)]
    while sum(1 for n in sizes if n) < 2:
        sizes[rng.randrange(5)] = rng.randint(1, 3)
    hands, at = [], 0
    for n in sizes:
        hands.append(tuple(pool[at : at + n]))
        at += n
    empty = [s for s in range(5) if not sizes[s]]
    rng.shuffle(empty)
    out = tuple(empty[:3])
    for s in empty[3:]:  # at most three seats out: give the fourth a card
        hands[s] = (pool[at],)
        at += 1
    emperor = rng.randrange(5)
    royalist = rng.choice([None, *[s for s in range(5) if s != emperor]])
    in_play = [s for s in range(5) if s not in out]
    table = owner = None
    if rng.random() < 0.5:
        cards = pool[at : at + rng.randint(1, 3)]
        if len({c.rank for c in cards if not c.is_joker}) <= 1:
            table = tuple(cards)
            owner = rng.choice([*in_play, *out[-1:]])
    to_play = rng.choice([s for s in in_play if s != owner])
    return Ending(tuple(hands), Roles(emperor, royalist), to_play, table, owner, out)


def engine_values(solution):
    return {("pass" if m is PASS else m.key): v for m, v in solution.plays.items()}


@pytest.mark.parametrize("seed", range(4))
def test_the_solver_equals_a_plain_minimax_on_random_small_endings(seed):
    # Most random endings are decided whatever the first move; those where some
    # first moves win and others lose are kept, the others one time in four.
    rng = random.Random(seed)
    kept = mixed = tables = jiefeng = 0
    while kept < 60:
        e = random_ending(rng)
        solutions = {goal: solve(e, goal) for goal in ("first", "win")}
        split = [len(set(s.plays.values())) > 1 for s in solutions.values()]
        if not any(split) and rng.random() > 0.25:
            continue
        kept += 1
        mixed += sum(split)
        tables += e.table is not None
        jiefeng += e.owner is not None and e.owner in e.out
        for goal, got in solutions.items():
            expected = minimax_values(
                [values(h) for h in e.hands],
                e.roles.emperor,
                e.roles.royalist,
                e.to_play,
                values(e.table) if e.table else None,
                e.owner,
                e.out,
                goal,
            )
            assert engine_values(got) == expected, (seed, kept, goal, e)
            assert got.value == any(expected.values())
            assert set(got.refutations) == {m for m, v in got.plays.items() if not v}
    assert mixed >= 15 and tables >= 10 and jiefeng >= 1


def test_five_hands_of_four_cards_are_solved_in_reasonable_time():
    # The target is 2 s (bench/baohuang_engine.py measures it); here a loose bound.
    rng = random.Random(4)
    pool = [c for c in shoe(4) if c.rank in (3, 5, 8, 11, 14, 2) or c.is_joker]
    rng.shuffle(pool)
    hands = [tuple(pool[4 * s : 4 * s + 4]) for s in range(5)]
    e = Ending(tuple(hands), Roles(0, 2), 0)
    start = time.perf_counter()
    for goal in ("first", "win"):
        solve(e, goal)
    assert time.perf_counter() - start < 20
