"""No two shipped puzzles ask the same question.

Two puzzles ask the same question when they are of the same kind and their data
are the same once the slug and the wording are set aside: the kind judges the
answers from the data alone. The data are compared as the engine reads them:

* Go problems by their SGF set-up (board size, stones, who plays) and the marked
  stones, not by the solution tree or its comments;
* Renju positions by the stones on the board and the side to move, whatever the
  move order that reached them (except ``renju.claim``, whose answer depends on the
  order: a foul stands once white has played on);
* Dagunzi cards as sets (a hand or a play in any order is the same hand), with the
  data's defaults filled in.

The check reads the content files directly (no database, no proofs), so it covers
every library puzzle and every inline lesson exercise of every game.
"""

import pytest

from tests.helpers import repeated, shipped_puzzles


def test_no_two_shipped_puzzles_ask_the_same_question():
    assert repeated(shipped_puzzles()) == []


RENJU = {"black": "h8 i9", "white": "h9 g7"}
SGF = "(;FF[4]SZ[9]PL[B]AB[cc][dc]AW[cd]TR[cd]{tail})"


@pytest.mark.parametrize(
    ("first", "second", "same"),
    [
        # Renju: the same stones reached in another order, only the slug apart.
        (("renju", "renju.vcf", {"moves": "h8 h9 i9 g7"}), ("renju", "renju.vcf", RENJU), True),
        (("renju", "renju.vcf", RENJU), ("renju", "renju.five", RENJU), False),
        (
            ("renju", "renju.is_forbidden", {**RENJU, "point": "j10"}),
            ("renju", "renju.is_forbidden", {**RENJU, "point": "j8"}),
            False,
        ),
        (
            ("renju", "renju.claim", {"moves": "h8 h9 i9 g7"}),
            ("renju", "renju.claim", {"moves": "h8 g7 i9 h9"}),
            False,
        ),
        # Go: the set-up and the marked stones, whatever the tree and its comments.
        (
            ("go", "go.capture", {"sgf": SGF.format(tail="(;B[ce]C[Right.])")}),
            ("go", "go.capture", {"sgf": SGF.format(tail="(;B[ce]C[Correct!])(;B[bd]BM[1])")}),
            True,
        ),
        (
            ("go", "go.capture", {"sgf": SGF.format(tail="(;B[ce])")}),
            ("go", "go.escape", {"sgf": SGF.format(tail="(;B[ce])")}),
            False,
        ),
        # Dagunzi: a hand in any order is the same hand; the default dealer is seat 0.
        (
            ("dagunzi", "dagunzi.count", {"cards": "♥K ♦5 ♦10"}),
            ("dagunzi", "dagunzi.count", {"cards": ["♦10", "♥K", "♦5"], "dealer": 0}),
            True,
        ),
        (
            ("dagunzi", "dagunzi.winner", {"plays": [["♥8"], ["♥9"]], "level": 3, "trump": "♠"}),
            ("dagunzi", "dagunzi.winner", {"plays": [["♥9"], ["♥8"]], "level": 3, "trump": "♠"}),
            False,
        ),
    ],
)
def test_what_counts_as_the_same_question(first, second, same):
    puzzles = [(first[0], "a", first[1], first[2]), (second[0], "b", second[1], second[2])]
    assert bool(repeated(puzzles)) is same
