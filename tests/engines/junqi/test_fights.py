"""Fights (JQ-11, JQ-12, JQ-13, JQ-R04, JQ-R08; vector J13): ``fight`` for every pair of
ranks against the table typed from the seed's words in ``oracle.FIGHTS``, and what a
fight leaves on the board."""

import pytest

from engines.junqi import CHINESE, OFFICERS, RANKS, Piece, Position, fight, parse_rank, play, point
from engines.junqi.rules import Rules
from tests.engines.junqi import oracle

MOVERS = [*OFFICERS, "bomb"]


def test_every_pair_of_ranks_against_the_table_from_the_seed():
    assert len(oracle.FIGHTS) == len(MOVERS) * len(RANKS) == 120
    for (attacker, defender), result in oracle.FIGHTS.items():
        assert fight(parse_rank(attacker), parse_rank(defender)) == result, (attacker, defender)


@pytest.mark.parametrize("rank", ["mine", "flag"])
def test_a_mine_or_a_flag_never_attacks(rank):
    for defender in RANKS:
        with pytest.raises(ValueError):
            fight(rank, defender)


def test_j13_the_spec_fights():
    cases = [
        ("司令", "军长", "attacker"),
        ("排长", "排长", "both"),
        ("工兵", "地雷", "attacker"),
        ("司令", "地雷", "defender"),
        ("炸弹", "司令", "both"),
        ("炸弹", "地雷", "both"),
        ("工兵", "军旗", "flag"),
        ("司令", "炸弹", "both"),
    ]
    for attacker, defender, result in cases:
        assert fight(parse_rank(attacker), parse_rank(defender)) == result


def test_jq11_a_mine_loses_to_an_engineer_and_beats_every_other_officer():
    assert fight("engineer", "mine") == "attacker"
    assert [fight(r, "mine") for r in OFFICERS[:-1]] == ["defender"] * 8


def test_jq12_rank_order():
    for i, higher in enumerate(OFFICERS):
        for lower in OFFICERS[i + 1 :]:
            assert fight(higher, lower) == "attacker"
            assert fight(lower, higher) == "defender"
    assert "".join(CHINESE[r] for r in OFFICERS) == "司令军长师长旅长团长营长连长排长工兵"


def test_jq13_a_bomb_meeting_any_piece_removes_both():
    for rank in [*OFFICERS, "bomb", "mine"]:
        assert fight("bomb", rank) == "both"
        if rank != "mine":
            assert fight(rank, "bomb") == "both"


def test_jqr04_equal_ranks_both_go_the_mine_stays_any_piece_takes_the_flag():
    assert all(fight(r, r) == "both" for r in OFFICERS)
    assert all(fight(r, "flag") == "flag" for r in MOVERS)
    # on the board: the marshal that hits a mine is gone, the mine stays
    position = Position({point("N11"): Piece(0, "marshal"), point("N21"): Piece(1, "mine")})
    position.pieces[point("N12")] = Piece(1, "mine")
    after, move = play(position, point("N11"), point("N12"))
    assert move.result == "defender"
    assert point("N11") not in after.pieces and after.pieces[point("N12")] == Piece(1, "mine")
    # equals: both gone
    equal = Position({point("N11"): Piece(0, "major"), point("N12"): Piece(1, "major")})
    after, _move = play(equal, point("N11"), point("N12"))
    assert point("N11") not in after.pieces and point("N12") not in after.pieces
    # the winner stands where the loser stood
    win = Position({point("N11"): Piece(0, "general"), point("N12"): Piece(1, "major")})
    after, _move = play(win, point("N11"), point("N12"))
    assert after.pieces == {point("N12"): Piece(0, "general")}


@pytest.mark.parametrize("allowed", [True, False])
def test_jqr08_a_bomb_on_the_flag_under_both_options(allowed):
    pieces = {point("N11"): Piece(0, "bomb"), point("N01"): Piece(1, "flag")}
    pieces[point("E11")] = Piece(1, "major")
    position = Position(pieces, rules=Rules(bomb_takes_flag=allowed))
    assert fight("bomb", "flag") == "flag"  # what the fight would be; the option allows it or not
    if allowed:
        after, move = play(position, point("N11"), point("N01"))
        assert move.result == "flag" and 1 not in after.alive
        assert point("E11") not in after.pieces  # the defeated player's pieces leave
    else:
        with pytest.raises(ValueError) as refused:
            play(position, point("N11"), point("N01"))
        assert refused.value.code == "bomb-flag"
