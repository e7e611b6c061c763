"""Capture and escape problems: the reader checks the author, and judges the learner."""

import pytest

from engines.go.problems import ProblemError, Task, judge, main, verify
from tests.helpers import LADDER


@pytest.fixture
def ladder():
    return Task.from_sgf(LADDER, "capture")


def test_the_authored_ladder_is_sound(ladder):
    assert verify(ladder) == []


def test_a_move_marked_right_that_fails_is_caught():
    swapped = LADDER.replace("B[ch]TE[1]", "B[ch]BM[1]").replace("B[bi]BM[1]", "B[bi]TE[1]")
    errors = verify(Task.from_sgf(swapped, "capture"))
    assert "B C2: marked wrong, but the reader says it works" in errors
    assert "B B1: marked right, but the reader says it fails" in errors


def test_the_tree_answers_in_tree_moves_with_its_reply_and_comment(ladder):
    first = judge(ladder, [], "C2")
    assert (first.status, first.reply, first.in_tree) == ("continue", "W B1", True)
    assert first.comment["en"] == "A ladder."
    second = judge(ladder, ["B C2", "W B1"], "C1")
    assert second.status == "correct"
    assert second.comment["zh"] == "吃住了。"


def test_a_right_move_outside_the_tree_is_proven_by_the_reader(ladder):
    outcome = judge(ladder, [], "D2")
    assert outcome.status == "continue"
    assert not outcome.in_tree
    assert outcome.reply.startswith("W ")


def test_a_wrong_move_comes_with_its_refutation(ladder):
    authored = judge(ladder, [], "B1")
    assert authored.status == "wrong"
    assert authored.refutation == ("W C2",)
    assert authored.comment["en"] == "The wrong side."
    read = judge(ladder, [], "H8")
    assert read.status == "wrong"
    assert read.refutation and read.refutation[0].startswith("W ")


def test_an_illegal_move_is_explained_not_judged(ladder):
    outcome = judge(ladder, [], "B2")
    assert outcome.status == "illegal"
    assert "occupied" in outcome.reason["en"]


def test_marks_must_be_on_the_right_stones():
    with pytest.raises(ProblemError, match="no marked stones"):
        Task.from_sgf(LADDER.replace("TR[bh]", ""), "capture")
    with pytest.raises(ProblemError, match="solver's stone"):
        Task.from_sgf(LADDER, "save")


def test_a_save_problem_must_be_in_danger():
    safe = "(;SZ[9]PL[B]AB[ee]AW[cc]TR[ee];B[ef]TE[1])"
    assert "not in danger" in " ".join(verify(Task.from_sgf(safe, "save")))


def test_escape_by_extending(tmp_path):
    # Black E5 in atari (white D5, F5, E6); E4 runs out to three liberties.
    text = "(;SZ[9]PL[B]AB[ee]AW[de][fe][ed]TR[ee];B[ef]TE[1])"
    task = Task.from_sgf(text, "save")
    assert verify(task) == []
    assert judge(task, [], "E4").status == "correct"
    assert judge(task, [], "A1").status == "wrong"
    path = tmp_path / "escape.sgf"
    path.write_text(text)
    assert main(["save", str(path)]) == 0
    assert main(["capture", str(path)]) == 1


def test_a_double_atari_is_right_though_each_chain_alone_could_be_saved():
    # Open board: G8 ataris F8 and H8 at once; white saves one, black takes the other.
    text = """(;SZ[13]PL[B]AB[fe][he][fg][hg]AW[ff][hf]TR[ff][hf]
    ;B[gf]TE[1];W[ef];B[if]TE[1])"""
    task = Task.from_sgf(text, "capture")
    assert verify(task) == []
    first = judge(task, [], "G8")
    assert first.status == "continue"
    # Off the tree the reader answers with a defence and the learner captures the other.
    assert judge(task, ["B G8", "W J8"], "E8").status == "correct"
    assert judge(task, [], "A1").status == "wrong"
