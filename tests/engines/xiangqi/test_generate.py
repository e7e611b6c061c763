"""The Xiangqi puzzle generator's engine part: seeded games, mates found and
trimmed (the winning first moves kept), tactics that win material."""

from functools import cache

from engines.xiangqi import Position
from engines.xiangqi.generate import (
    find_mate,
    find_win,
    play_games,
    scan_mates,
    trim,
    trim_win,
    winning_set,
)
from engines.xiangqi.search import best_moves, material, mates


@cache
def short_game():
    # Seed 13 ends in mate after 43 plies; its last positions hold mates in 2.
    (game,) = play_games(1, seed=13, max_plies=80)
    return game


def test_games_are_repeatable():
    first, second = play_games(2, seed=13, max_plies=24), play_games(2, seed=13, max_plies=24)
    assert [g.move_stack for g in first] == [g.move_stack for g in second]
    assert first[0].move_stack != first[1].move_stack
    assert short_game().outcome() is not None


def test_a_seeded_run_finds_real_mates():
    game = short_game()
    found = list(scan_mates(game, skip=len(game.move_stack) - 12))
    assert {puzzle.depth for puzzle in found} >= {1, 2}
    for puzzle in found:
        position = Position(puzzle.fen)
        proof = mates(position, puzzle.depth)
        assert proof.proven
        assert tuple(m.text() for m in proof.first_moves) == puzzle.first_moves
        assert 1 <= len(puzzle.first_moves) <= 3
        if puzzle.depth > 1:
            assert not mates(position, puzzle.depth - 1).first_moves
        # The main line is played out to the end: the defender has no move left.
        position.play_moves(puzzle.line)
        assert position.outcome() is not None
        assert len(puzzle.line) == 2 * puzzle.depth - 1
        assert puzzle.line[0] in puzzle.first_moves


def test_trimming_keeps_the_winning_set():
    game = short_game()
    puzzle = next(p for p in scan_mates(game, skip=len(game.move_stack) - 12) if p.depth == 2)
    small = trim(puzzle)
    assert small.pieces < puzzle.pieces
    assert small.first_moves == puzzle.first_moves
    assert small.depth == puzzle.depth
    assert winning_set(Position(small.fen), small.depth) == puzzle.first_moves
    assert small.source == puzzle.fen


def test_find_mate_skips_positions_with_many_wins():
    # Two rooks against a bare general: five first moves mate in two.
    position = Position("4k4/9/9/9/9/9/9/R8/R8/3K5 w")
    assert len(mates(position, 2).first_moves) > 3
    assert find_mate(position) is None
    assert find_mate(Position("3ak4/9/9/9/6p2/9/9/2RR1K3/9/9 w")).first_moves == ("d3e3",)


def test_a_skewer_wins_the_rook():
    # The rook checks up the f-file; the general steps aside and the rook behind falls.
    position = Position("5r3/5k3/9/9/9/4P4/9/9/2R6/4K4 w")
    found = find_win(position)
    assert found is not None
    assert found.first_moves == ("c2f2",)
    assert found.gain >= 400
    assert best_moves(position, found.depth).score - material(position) >= found.gain
    assert trim_win(found).first_moves == ("c2f2",)


def test_a_loose_piece_is_no_tactic():
    # The cannon on c6 hangs: any capture takes it, nothing to find.
    assert find_win(Position("5k3/9/9/9/2c6/9/9/9/9/2R1K4 w")) is None
