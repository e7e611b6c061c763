"""The puzzle generator: its games, its players, and what it keeps."""

import random

import pytest

from engines.junqi import (
    AREAS,
    RAIL,
    Piece,
    Position,
    moves,
    name,
    point,
    reach,
    setup_faults,
)
from engines.junqi.capture import SearchLimit, fastest_lines, key
from engines.junqi.generate import (
    FEW,
    MAX_POSITIONS,
    captures,
    choose,
    play_game,
    reaches,
    rounds_arc,
    turns,
)


def test_games_are_seeded_and_seen_with_south_to_move():
    first, again = play_game(random.Random(5)), play_game(random.Random(5))
    assert [p.pieces for p in first] == [p.pieces for p in again]
    assert [p.pieces for p in first] != [p.pieces for p in play_game(random.Random(6))]
    assert all(p.to_move == 0 for p in first)
    assert len(first[0].pieces) == 100  # four armies of 25, from legal set-ups
    for seat, area in enumerate(AREAS):
        placed = {p: piece.rank for p, piece in first[0].pieces.items() if piece.seat == seat}
        assert setup_faults(area, placed) == []


def test_the_keen_player_takes_what_it_beats_and_keeps_out_of_losing_fights():
    board = Position(
        {
            point("C8"): Piece(0, "general"),
            point("C5"): Piece(1, "major-general"),  # it wins this one
            point("C7"): Piece(3, "marshal"),  # and would lose this one
            point("C9"): Piece(3, "mine"),
            point("E01"): Piece(1, "flag"),
            point("W01"): Piece(3, "flag"),
        }
    )
    rng = random.Random(1)
    assert {choose(board, rng, noise=0.5).end for _ in range(20)} == {point("C5")}


def test_turns_are_right_angles_on_the_railway_and_an_arc_is_none():
    def path(text):
        return [point(t) for t in text.split("-")]

    assert turns(path("S10-S20-S30-S40")) == 0
    assert turns(path("S30-S40-S50-W54-W44")) == 0  # round the arc
    assert turns(path("S11-S10-S20")) == 1
    assert turns(path("S54-C9-C6-C3-C2-C1-W50")) == 1
    assert turns(path("S51-S50-C7-C4-C1-C2-C3-E54")) == 2


@pytest.fixture(scope="module")
def kept_reaches():
    return list(reaches(4, seed=2026))


def test_reach_positions_are_worth_counting(kept_reaches):
    assert sorted(r.rank == "engineer" for r in kept_reaches) == [False, False, True, True]
    for found in kept_reaches:
        board, start = found.position, found.piece
        assert board.pieces[start].seat == 0 and start in RAIL
        assert found.found == reach(board, start)
        if found.rank == "engineer":
            assert 15 <= len(found.found) <= 60
            plain = board.copy()
            plain.pieces[start] = Piece(0, "lieutenant")
            assert len(set(found.found) - set(reach(plain, start))) >= 3  # only turns reach
        else:
            assert len(found.found) >= 7
            arcs = [p for p, path in found.found.items() if turns(path) == 0]
            assert any(rounds_arc(found.found[p]) for p in arcs)
            assert found.stops and set(found.stops) <= set(board.pieces)


def test_every_piece_left_in_a_reach_position_changes_the_answer(kept_reaches):
    for found in kept_reaches:
        board, start = found.position, found.piece
        for p in board.pieces:
            if p == start or p in found.found:
                continue  # the piece itself, and the pieces it attacks
            trial = board.copy()
            del trial.pieces[p]
            assert reach(trial, start).keys() != found.found.keys(), name(p)


def _answer(board, target):
    """The fewest, the right first moves and every move on a fastest line, or None
    when the position breaks a capture puzzle's rules."""
    try:
        lines = fastest_lines(board, target, max_moves=4, max_positions=MAX_POSITIONS)
    except SearchLimit:
        return None
    if lines.moves is None or not 2 <= lines.moves <= 4:
        return None
    first = lines.best[key(board, 0)]
    if len(first) > FEW or 2 * len(first) >= len(moves(board, 0)):
        return None
    return lines.moves, first, {text for texts in lines.best.values() for text in texts}


def test_capture_positions_keep_to_their_rules_and_only_pieces_on_the_way():
    for found in captures(2, seed=2027):
        board, target = found.position, found.target
        answer = _answer(board, target)
        assert answer is not None
        assert answer[0] == found.lines.moves and answer[1] == list(found.first)
        assert found.lines.positions <= MAX_POSITIONS
        assert board.pieces[target].rank in ("flag", "marshal", "general")
        assert found.fights or sum(p.seat == 0 for p in board.pieces.values()) > 1
        fought = {text.split("-")[1] for text in answer[2]}
        for p, piece in board.pieces.items():
            if piece.seat == 0 or p == target or name(p) in fought:
                continue
            trial = board.copy()
            del trial.pieces[p]
            assert _answer(trial, target) != answer, name(p)
