"""``python -m engines.xiangqi``: JSON out, status 2 with a message on bad input."""

import json
import subprocess
import sys

import pytest

from engines.xiangqi.__main__ import main


def run(capsys, *argv):
    status = main(list(argv))
    out, err = capsys.readouterr()
    return status, (json.loads(out) if out else None), err


def test_legal(capsys):
    status, out, _ = run(capsys, "legal", "--fen", "4k4/9/9/9/9/9/9/9/4N4/4K4 w")
    assert (status, out) == (0, {"legal": ["e1d1", "e1f1"]})
    status, out, _ = run(capsys, "legal", "--moves", "h3e3 h10g8")
    assert status == 0 and len(out["legal"]) > 30 and "b1c3" in out["legal"]
    status, out, _ = run(capsys, "legal", "--moves", "炮二平五 马８进７ C8+4")
    assert status == 0 and "b10c8" in out["legal"] and "b7b6" not in out["legal"]


def test_perft(capsys):
    assert run(capsys, "perft", "--depth", "2") == (0, {"depth": 2, "nodes": 1920}, "")


def test_result(capsys):
    fen = "3k5/9/9/9/9/9/9/9/9/4K3R w"
    moves = "i1i10 d10d9 i10i9 d9d10 i9i10 d10d9 i10i9 d9d10 i9i10"
    status, out, _ = run(capsys, "result", "--fen", fen, "--moves", moves)
    assert out == {"result": "black", "reason": "perpetual-check", "offender": "red", "ply": 9}
    _, out, _ = run(capsys, "result", "--fen", fen, "--moves", moves, "--rules", "none")
    assert out == {"result": "draw", "reason": "repetition", "ply": 9}
    # A move after the ruling is refused.
    status, out, err = run(capsys, "result", "--fen", fen, "--moves", moves + " d10d9")
    assert status == 2 and "game-over" in err
    _, out, _ = run(capsys, "result", "--fen", "4k4/R8/9/9/9/9/9/9/9/1R1K5 w", "--moves", "b1b10")
    assert out == {"result": "red", "reason": "checkmate", "ply": 1}
    _, out, _ = run(capsys, "result", "--fen", "3k5/R8/9/9/9/9/9/9/9/4K4 b")
    assert out == {"result": "red", "reason": "stalemate"}
    _, out, _ = run(capsys, "result")
    assert out == {"result": None, "reason": None}


def test_mate(capsys):
    status, out, _ = run(capsys, "mate", "--fen", "3k5/9/9/9/9/9/9/9/R8/R3K4 w", "--depth", "1")
    assert status == 0 and out["mates"] == ["a1d1", "a2a9", "a2d2"] and out["proven"]


def test_touch(capsys):
    fen = "4k4/9/4c4/9/2n6/9/2R6/9/9/3K1N3 w"
    status, out, _ = run(capsys, "touch", "--fen", fen, "--touched", "f1 c6")
    assert out == {
        "allowed": ["f1d2", "f1e3", "f1g3", "f1h2"],
        "clause": "附3",
        "why": "move-touched",
    }
    _, out, _ = run(capsys, "touch", "--fen", fen, "--touched", "f1,c6", "--at-once")
    assert (out["allowed"], out["clause"]) == (["c4c6"], "附5")


def test_notation(capsys):
    status, out, _ = run(capsys, "notation", "--moves", "h3e3 H8+7 马二进三")
    assert out == {
        "chinese": ["炮二平五", "马８进７", "马二进三"],
        "wxf": ["C2=5", "H8+7", "H2+3"],
        "iccs": ["H2-E2", "H9-G7", "H0-G2"],
    }


@pytest.mark.parametrize(
    "argv",
    [
        ["legal", "--fen", "not a fen"],
        ["legal", "--moves", "b1b3"],
        ["legal", "--moves", "h3e3 zz"],
        ["legal", "--fen", "4k4/R8/9/9/9/9/9/9/9/1R1K5 w", "--moves", "b1b10 e10e9"],
        ["perft", "--depth", "0"],
        ["mate", "--depth", "9"],
        ["touch", "--touched", "e5"],
        ["touch", "--touched", "z9"],
    ],
)
def test_bad_input_exits_2_with_a_message(capsys, argv):
    status, out, err = run(capsys, *argv)
    assert status == 2 and out is None and err.startswith("error:")


def test_as_a_program():
    done = subprocess.run(
        [sys.executable, "-m", "engines.xiangqi", "legal", "--moves", "junk"],
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 2 and "error" in done.stderr
    done = subprocess.run(
        [sys.executable, "-m", "engines.xiangqi", "perft", "--depth", "1"],
        capture_output=True,
        text=True,
        check=True,
    )
    assert json.loads(done.stdout) == {"depth": 1, "nodes": 44}
