"""Renju records in and out: move lists, SGF (GM[4]) and the command line."""

import json
import subprocess
import sys

import pytest

from engines.renju import BLACK, WHITE, Board, FreeBoard, parse_point
from engines.renju.__main__ import main
from engines.renju.sgf import SgfError, read_sgf, write_sgf

GAME = "h8 h9 i8 i9 j9 g9 j7 k9"


def test_move_lists_round_trip():
    board = Board.from_moves(GAME)
    assert board.text() == GAME
    assert Board.from_moves(board.text()).diagram() == board.diagram()
    assert Board.from_moves("h8, h9,i8").text() == "h8 h9 i8"


def test_sgf_round_trips_a_game():
    board = Board.from_moves(GAME)
    data = write_sgf(board, black_name="小明", white_name="Li", result="W+F")
    assert b"GM[4]" in data and b"SZ[15]" in data and b"RU[Renju]" in data
    record = read_sgf(data)
    assert record.board.text() == GAME
    assert (record.black_name, record.white_name, record.result) == ("小明", "Li", "W+F")


def test_sgf_round_trips_a_set_up_position():
    board = Board.setup(black="h8 i9", white="g7", to_move=WHITE)
    board.play("j10")
    record = read_sgf(write_sgf(board, comment="White to play"))
    assert record.board.diagram() == board.diagram()
    assert sorted(record.board.setup_black) == sorted(board.setup_black)
    assert record.board.to_move == BLACK
    assert record.comment == "White to play"


def test_sgf_coordinates_are_sgf_letters():
    """SGF counts rows from the top: hh is the centre, aa the top-left corner (a15)."""
    record = read_sgf("(;FF[4]GM[4]SZ[15];B[hh];W[aa];B[ao])")
    assert record.board.text() == "h8 a15 a1"


def test_sgf_reads_the_rule_set():
    free = read_sgf("(;GM[4]SZ[15]RU[Gomoku];B[hh])")
    assert isinstance(free.board, FreeBoard)
    assert isinstance(read_sgf("(;GM[4]SZ[15]RU[RIF];B[hh])").board, Board)
    assert read_sgf(write_sgf(free.board)).board.variant == "gomoku"


def test_sgf_keeps_a_foul_that_white_did_not_claim():
    points = ["hh", "hg", "ih", "ig", "jg", "gg", "ji", "kg", "jh"]
    moves = ";".join(f"{'BW'[n % 2]}[{p}]" for n, p in enumerate(points))
    record = read_sgf(f"(;GM[4]SZ[15];{moves})")
    assert record.board.pending_foul.kind == "double-three"


@pytest.mark.parametrize(
    "text,message",
    [
        ("(;GM[1]SZ[19];B[dd])", "GM[1]"),
        ("(;SZ[15];B[hh])", "GM[1]"),
        ("(;GM[4];B[jj])", "SZ[19]"),
        ("(;GM[4]SZ[15];B[aa])", "centre"),
        ("(;GM[4]SZ[15];B[hh];W[hh])", "occupied"),
        ("(;GM[4]SZ[15];B[hh];B[ii])", "turn"),
        ("(;GM[4]SZ[15]RU[Chess];B[hh])", "RU"),
        ("(;GM[4]SZ[15]AB[aa][ba][ca][da][ea])", "five"),
        ("not sgf at all", "not SGF"),
        ("(;GM[4]SZ[15];B[zz])", "move 1"),
    ],
)
def test_bad_sgf_says_why(text, message):
    with pytest.raises(SgfError) as caught:
        read_sgf(text)
    assert message.lower() in str(caught.value).lower()


def run(*args, stdin=None):
    return subprocess.run(
        [sys.executable, "-m", "engines.renju", *args],
        capture_output=True,
        text=True,
        input=stdin,
        timeout=60,
    )


def test_command_line_forbidden_points_of_a_game():
    done = run("forbidden", "--moves", GAME)
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout) == {"j8": "double-three"}


def test_command_line_forbidden_points_of_a_set_up_position(capsys):
    assert main(["forbidden", "--black", "f8,g8,h6", "--white", "e8"]) == 0
    assert json.loads(capsys.readouterr().out) == {}
    assert main(["forbidden", "--black", "d8,f8,g8,j8,h10,h11,h12", "--white", ""]) == 0
    assert json.loads(capsys.readouterr().out) == {"h8": "double-four"}
    assert main(["forbidden", "--black", "c8,d8,e8,g8,h8"]) == 0
    assert json.loads(capsys.readouterr().out) == {"f8": "overline"}
    assert main(["forbidden", "--rules", "gomoku", "--moves", GAME]) == 0
    assert json.loads(capsys.readouterr().out) == {}


@pytest.mark.parametrize(
    "args",
    [
        ["forbidden", "--moves", "h8 h8"],
        ["forbidden", "--moves", "a1"],
        ["forbidden", "--moves", "h8 z99"],
        ["forbidden", "--black", "h8,q3"],
        ["forbidden", "--black", "a1,b1,c1,d1,e1"],
        ["forbidden", "--black", "h8", "--moves", "h8"],
        ["forbidden", "--black", "h8", "--white", "h8"],
    ],
)
def test_command_line_bad_input_exits_2(args, capsys):
    assert main(args) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err.startswith("error: ")


def test_command_line_usage_errors_exit_2():
    assert run("forbidden", "--nonsense").returncode == 2
    assert run().returncode == 2


def test_command_line_vcf():
    done = run("vcf", "--black", "h8,i8,j8,k9,k10", "--white", "g8,h10,i11,m3,c12")
    result = json.loads(done.stdout)
    assert result["win"] and result["proven"]
    assert result["line"] == ["k8", "l8", "k11"] or result["line"][0] == "k8"


def test_black_may_start_a_set_up_anywhere():
    board = Board.setup(black="a1", white="", to_move=WHITE)
    board.play("o15")
    assert board[parse_point("o15")] == WHITE
