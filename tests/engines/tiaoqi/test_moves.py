"""跳棋 moves by the rules of seed 003 (CC-04…CC-07, CC-R03, CC-R04, CC-R07) and the
spec's vectors C1–C9, C12; jump chains against a brute-force search that tries every
chain; the moves unchanged by the star's symmetries."""

import random

import pytest

from engines.boards import reflect, rotate
from engines.tiaoqi import (
    CAMPS,
    STAR,
    IllegalMove,
    Position,
    jumps,
    moves,
    play,
    reach,
    steps,
    target_of,
)
from engines.tiaoqi.rules import Rules
from tests.engines.tiaoqi.oracle import chains

C = (0, 0, 0)  # the centre


def test_c1_121_holes_and_the_north_camp():
    assert len(STAR) == 121
    assert CAMPS["north"] == {
        (1, 4, -5), (2, 3, -5), (3, 2, -5), (4, 1, -5), (2, 4, -6),
        (3, 3, -6), (4, 2, -6), (3, 4, -7), (4, 3, -7), (4, 4, -8),
    }  # fmt: skip
    assert all(len(c) == 10 for c in CAMPS.values())


def test_c2_the_first_move_of_the_game_has_8_steps_and_6_jumps():
    found = moves(Position.start())
    assert len(found) == 14 and sum(m.is_jump for m in found) == 6


def test_c3_steps_to_the_empty_neighbours_and_a_chain_of_two_jumps():  # CC-04, CC-06
    position = Position({C: 0, (1, -1, 0): 1, (3, -3, 0): 1})
    assert len(steps(position, C)) == 5
    assert set(jumps(position, C)) == {(2, -2, 0), (4, -4, 0)}
    assert jumps(position, C)[(4, -4, 0)] == (C, (2, -2, 0), (4, -4, 0))


def test_c4_no_jumping_from_a_distance():  # CC-07 隔空跳
    position = Position({C: 0, (2, -2, 0): 1})
    assert jumps(position, C) == {}
    with pytest.raises(IllegalMove) as refused:
        play(position, C, (4, -4, 0))
    assert refused.value.code == "gap"


def test_c5_no_jumping_two_pieces_at_once():
    position = Position({C: 0, (1, -1, 0): 1, (2, -2, 0): 1})
    assert jumps(position, C) == {}
    for beyond in ((3, -3, 0), (4, -4, 0)):  # over the pair, or farther along the line
        with pytest.raises(IllegalMove) as refused:
            play(position, C, beyond)
        assert refused.value.code == "two-at-once"  # not 隔空跳: the first piece is adjacent


def test_c6_a_chain_may_turn():
    position = Position({C: 0, (1, -1, 0): 1, (3, -3, 0): 1, (3, -2, -1): 1})
    assert set(jumps(position, C)) == {(2, -2, 0), (4, -4, 0), (4, -2, -2)}


def test_c8_a_piece_may_jump_over_its_own_side():  # CC-05 "任何方"
    assert (2, -2, 0) in jumps(Position({C: 0, (1, -1, 0): 0}), C)


def test_c9_a_step_and_a_jump_never_go_in_one_move():  # CC-R03
    position = Position({C: 0, (2, -1, -1): 1})
    # A step to (1, -1, 0) and a jump over (2, -1, -1) would land on (3, -1, -2).
    assert (3, -1, -2) not in reach(position, C)
    with pytest.raises(IllegalMove) as refused:
        play(position, C, (3, -1, -2))
    assert refused.value.code == "step-and-jump"


def test_a_jump_and_then_a_step_is_no_move_either():  # CC-R03
    position = Position({C: 0, (1, -1, 0): 1})
    # A jump to (2, -2, 0) and a step on to (3, -2, -1).
    assert (3, -2, -1) not in reach(position, C)
    with pytest.raises(IllegalMove) as refused:
        play(position, C, (3, -2, -1))
    assert refused.value.code == "step-and-jump"


def test_c12_a_piece_in_its_target_stays_there():  # CC-R07
    north = sorted(target_of(0))
    inside = (2, 3, -5)
    position = Position({inside: 0})
    assert set(reach(position, inside)) <= target_of(0)
    with pytest.raises(IllegalMove) as refused:
        play(position, inside, (1, 3, -4))
    assert refused.value.code == "target-lock"
    free = Position({inside: 0}, rules=Rules(target_lock=False))
    assert (1, 3, -4) in reach(free, inside) and north


def test_play_moves_the_piece_and_passes_the_turn():  # CC-03: a move stands
    after, move = play(Position.start(), (-1, -4, 5), (-1, -3, 4))
    assert (-1, -3, 4) in after.pieces and (-1, -4, 5) not in after.pieces
    assert (
        after.to_move == 1
        and after.moves_made == [1, 0]
        and move.path == ((-1, -4, 5), (-1, -3, 4))
    )
    with pytest.raises(IllegalMove) as refused:
        play(after, (-1, -3, 4), (-1, -2, 3))
    assert refused.value.code == "no-piece"  # not side 0's turn any more


def random_position(rng):
    holes = sorted(STAR.points)
    chosen = rng.sample(holes, rng.randint(4, 40))
    return Position({h: rng.randint(0, 1) for h in chosen}, rules=Rules(target_lock=False))


def test_jump_chains_equal_a_brute_force_on_random_positions():
    rng = random.Random(24)
    for _ in range(3000):
        position = random_position(rng)
        for start in position.pieces:
            found = jumps(position, start)
            assert set(found) == chains(position, start)
            for end, path in found.items():  # every path is real jumps over pieces
                assert path[0] == start and path[-1] == end
                for a, b in zip(path, path[1:], strict=False):
                    middle = tuple((p + q) // 2 for p, q in zip(a, b, strict=True))
                    assert middle in position.pieces and middle != start


@pytest.mark.parametrize("turns", [1, 2, 3, 4, 5])
def test_moves_turn_with_the_board(turns):
    rng = random.Random(turns)
    for _ in range(200):
        position = random_position(rng)
        for transform in (lambda p: rotate(p, turns), lambda p: reflect(rotate(p, turns))):
            turned = Position(
                {transform(h): s for h, s in position.pieces.items()},
                rules=Rules(target_lock=False),
            )
            for start in position.pieces:
                ends = {transform(e) for e in reach(position, start)}
                assert ends == set(reach(turned, transform(start)))
