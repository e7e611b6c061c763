"""Teacher-made puzzles: board editors, SGF uploads and the 打滚子 form, proven on save.

Each game's puzzle is made through the pages and then solved through the player:
a right answer is correct, a wrong one refuted. A puzzle the engine refuses comes
back with status 400 and the engine's reason, and nothing is saved; so does every
sort of bad input. The board editor is driven the way a browser without
JavaScript drives it: by posting the form with the value of the button clicked.
Private puzzles open to the author's classes only.
"""

import random
import re

import pytest
from django.test import Client

from classrooms import services
from engines.cards import CARDS
from puzzles import authoring, publishing
from puzzles.access import is_visible
from puzzles.games.dagunzi import editor as dagunzi_editor
from puzzles.models import Attempt, Puzzle
from tests.conftest import classroom_world, make_user
from tests.helpers import (
    CAPTURE_SGF,
    GO_DIAGRAM,
    RENJU_FORBIDDEN,
    Editor,
    audit,
    dagunzi_fields,
    fields_of,
    go_fields,
    renju_diagram,
    renju_fields,
    saved_puzzle,
    text_of,
)

HTMX = {"HTTP_HX_REQUEST": "true"}


@pytest.fixture
def world(db):
    world = classroom_world("Go club", archived="archived-pupil")
    membership = world["classroom"].memberships.get(student=world["archived"])
    services.set_archived(membership, True)
    return {**world, "nonteacher": make_user("plainuser")}


@pytest.fixture
def teacher(world, make_client):
    return make_client(world["owner"])


def answer(client, puzzle, data):
    return client.post(puzzle.url, {"ply": "0", **data})


def retry(client, puzzle):
    client.post(puzzle.url, {"action": "retry"})


# ---------------------------------------------------------------------------
# Go: the board editor and SGF files


def test_go_editor_puzzle_is_saved_private_and_solved_through_the_player(world, teacher):
    puzzle = saved_puzzle(teacher.post("/classes/puzzles/new/go/", go_fields()))
    assert (puzzle.game, puzzle.kind, puzzle.author, puzzle.is_public) == (
        "go",
        "go.capture",
        world["owner"],
        False,
    )
    assert puzzle.slug.startswith(f"t{world['owner'].pk}-")
    assert puzzle.rating == 1000
    page = teacher.get(puzzle.url)
    assert "Saved: the engine proved the puzzle." in text_of(page)
    assert "Black to play: capture the marked stone." in text_of(page)
    # The way on from the new puzzle: edit it, or back to the list.
    html = page.content.decode()
    assert f'href="/classes/puzzles/{puzzle.slug}/edit/"' in html
    assert 'href="/classes/puzzles/"' in html
    right = answer(teacher, puzzle, {"move": "E4"})
    assert "Correct!" in text_of(right)
    assert "It had one liberty left." in text_of(right)
    retry(teacher, puzzle)
    wrong = text_of(answer(teacher, puzzle, {"move": "A1"}))
    assert "Not this one." in wrong and "Refutation:" in wrong


def test_go_escape_with_a_wrong_try_and_the_engine_checking_both(teacher):
    fields = go_fields(kind="go.escape", to_move="white", solution="E4\nx A1 E4")
    puzzle = saved_puzzle(teacher.post("/classes/puzzles/new/go/", fields))
    assert puzzle.kind == "go.escape"
    assert "Correct!" in text_of(answer(teacher, puzzle, {"move": "E4"}))
    retry(teacher, puzzle)
    assert "Not this one." in text_of(answer(teacher, puzzle, {"move": "A1"}))


def test_sgf_upload_makes_a_puzzle_with_the_root_comment_as_prompt(world, teacher):
    from django.core.files.uploadedfile import SimpleUploadedFile

    upload = SimpleUploadedFile("ladder.sgf", CAPTURE_SGF.encode(), "application/x-go-sgf")
    response = teacher.post(
        "/classes/puzzles/new/go/sgf/", {"kind": "go.capture", "sgf_file": upload}
    )
    puzzle = saved_puzzle(response)
    assert puzzle.prompt_en == "Black to play: capture the marked stone."
    assert puzzle.prompt_zh == "黑先，吃掉△白子。"
    assert "CA[UTF-8]" in puzzle.data["sgf"]
    right = text_of(answer(teacher, puzzle, {"move": "H7"}))
    assert "Correct!" in right and "one liberty left" in right
    retry(teacher, puzzle)
    wrong = text_of(answer(teacher, puzzle, {"move": "H8"}))
    assert "Not this one." in wrong and "White extends" in wrong
    # A tree with comments is edited as SGF text, so the comments stay.
    edit = text_of(teacher.get(f"/classes/puzzles/{puzzle.slug}/edit/"))
    assert "Or paste the SGF text" in edit and "TR[gm]" in edit


def test_pasted_sgf_with_typed_prompt(teacher):
    response = teacher.post(
        "/classes/puzzles/new/go/sgf/",
        {"kind": "go.capture", "sgf_text": CAPTURE_SGF, "prompt_zh": "吃掉它。"},
    )
    puzzle = saved_puzzle(response)
    assert (puzzle.prompt_zh, puzzle.prompt_en) == ("吃掉它。", "")
    # English learners read the Chinese prompt rather than nothing.
    assert "吃掉它。" in text_of(teacher.get(puzzle.url))


BAD_SGF = {
    "not SGF": (b"hello", "not SGF: no game tree '(;' found"),
    "broken": (b"(;GM[1]SZ[9]AB[aa", "The SGF cannot be read: malformed SGF"),
    "not UTF-8": (
        b"(;GM[1]SZ[9]C[\xb0\xa1]AB[cc]AW[cd]TR[cd];B[dd])",
        "the text is not valid UTF-8 (byte 0xb0",
    ),
    "too big": (b"(;GM[1]SZ[9]C[" + b"a" * 110_000 + b"])", "at most 100 KB"),
    "not Go": (b"(;GM[2]SZ[9];B[aa])", "not a Go game: GM[2]"),
    "captured set-up": (
        b"(;GM[1]SZ[5]AB[ba][ab]AW[aa]TR[aa];B[cc])",
        "setup stones without liberties: the stones at A5 have no liberties",
    ),
    "off the board": (b"(;GM[1]SZ[9]AB[zz];B[aa])", "[zz] is off the 9x9 board"),
    # A NUL byte is no text (and PostgreSQL keeps none in a text column).
    "a NUL byte": (b"(;GM[1]SZ[9]C[\x00]AB[cc]AW[cd]TR[cd];B[dd])", "it holds a NUL byte"),
    "no marks": (b"(;GM[1]SZ[9]AB[cc]AW[cd];B[dd]TE[1])", "no marked stones"),
    "unproven": (
        b"(;GM[1]SZ[9]AB[dd][ce][ec]AW[dc]PL[B]TR[dc];B[aa]TE[1])",
        "B A9: marked right, but the reader says it fails",
    ),
}


@pytest.mark.parametrize("case", list(BAD_SGF))
def test_bad_sgf_files_are_refused_with_the_reason(teacher, case):
    from django.core.files.uploadedfile import SimpleUploadedFile

    content, reason = BAD_SGF[case]
    upload = SimpleUploadedFile("problem.sgf", content)
    response = teacher.post(
        "/classes/puzzles/new/go/sgf/",
        {"kind": "go.capture", "sgf_file": upload, "prompt_en": "Capture."},
    )
    assert response.status_code == 400
    assert reason in text_of(response)
    assert not Puzzle.objects.exists()


def test_sgf_form_needs_a_file_or_text(teacher):
    response = teacher.post("/classes/puzzles/new/go/sgf/", {"kind": "go.capture"})
    assert response.status_code == 400
    assert "Choose an SGF file or paste the SGF text." in text_of(response)
    without_prompt = CAPTURE_SGF.replace(
        "C[zh: 黑先，吃掉△白子。\nen: Black to play: capture the marked stone.]", ""
    )
    response = teacher.post(
        "/classes/puzzles/new/go/sgf/", {"kind": "go.capture", "sgf_text": without_prompt}
    )
    assert response.status_code == 400
    assert "put it in the SGF's root comment" in text_of(response)


# ---------------------------------------------------------------------------
# Rejected puzzles: the engine's reason, what was typed kept, nothing saved

REJECTED = {
    "right move that fails": (
        "go",
        go_fields(solution="A1"),
        "The engine refused the puzzle: B A1: marked right, but the reader says it fails",
    ),
    "wrong try that works": (
        "go",
        go_fields(solution="E4\nx D4"),
        "B D4: marked wrong, but the reader says it works",
    ),
    "escape not in danger": (
        "go",
        go_fields(
            kind="go.escape",
            diagram=GO_DIAGRAM.replace("X . . . .\n. . . X O X", ". . . . .\n. . . . O ."),
            solution="E4",
            to_move="white",
        ),
        "the marked stones are not in danger: nothing needs saving",
    ),
    "marked stone of the wrong side": (
        "go",
        go_fields(marked="E6"),
        "marked point E6 must hold the opponent's stone",
    ),
    "no marks": ("go", go_fields(marked=""), "Mark the stones the problem is about"),
    "no solution": ("go", go_fields(solution=""), "Enter the solution"),
    "move on a stone": (
        "go",
        go_fields(solution="E5"),
        "Solution line 1, move 1 (E5): That point is already occupied.",
    ),
    "captured group in the set-up": (
        "go",
        go_fields(
            diagram=GO_DIAGRAM.replace(
                "\n. . . . . . . . .\n. . . . . . . . .\n",
                "\nO X . . . . . . .\nX . . . . . . . .\n",
                1,
            )
        ),
        "The position cannot arise in a game: the stones at A9 have no liberties.",
    ),
    "no prompt": ("go", go_fields(prompt_en=""), "Write the prompt in Chinese or in English"),
    "published without rating": (
        "go",
        go_fields(is_public="on"),
        "A published puzzle needs an estimated rating.",
    ),
    "no forbidden point": (
        "renju",
        renju_fields(diagram=renju_diagram({"h8", "j10"}, {"a1"})),
        'no forbidden point here (say none = true for a "none" puzzle)',
    ),
    "no five to make": (
        "renju",
        renju_fields(kind="renju.five"),
        "the side to move has no five to make",
    ),
    "no vcf": ("renju", renju_fields(kind="renju.vcf"), "the solver finds no VCF"),
    "trap for black": ("renju", renju_fields(kind="renju.trap"), "the solver finds no VCF"),
    "question on a stone": (
        "renju",
        renju_fields(kind="renju.is_forbidden", question="f8"),
        "f8 is occupied: ask about an empty point",
    ),
    "question missing": (
        "renju",
        renju_fields(kind="renju.is_forbidden"),
        "Mark the point the question is about",
    ),
    "five on the board": (
        "renju",
        renju_fields(
            kind="renju.five", diagram=renju_diagram({"a1", "b1", "c1", "d1", "e1"}, {"h8"})
        ),
        "the position already has five in a row",
    ),
    "nothing to defend": (
        "renju",
        renju_fields(kind="renju.defend"),
        "the opponent has no VCF to defend against",
    ),
}


@pytest.mark.parametrize("case", list(REJECTED))
def test_refused_puzzles_say_why_and_keep_the_position(teacher, case):
    game, fields, reason = REJECTED[case]
    response = teacher.post(f"/classes/puzzles/new/{game}/", fields)
    assert response.status_code == 400
    page = text_of(response)
    assert reason in page
    assert not Puzzle.objects.exists()
    # What the teacher placed and typed is still there to fix.
    kept = fields_of(response)
    assert kept["diagram"].split() == fields["diagram"].split()
    assert kept.get("prompt_en", "") + kept.get("prompt_zh", "") == (
        fields.get("prompt_en", "") + fields.get("prompt_zh", "")
    )
    if "E5" in kept.get("marked", ""):
        assert 'aria-label="E5 white stone' in page


DAGUNZI_REFUSED = {
    "all the same": (
        {"hand_south": "♥3", "hand_east": "♥4", "hand_north": "♥5", "hand_west": "♥6"},
        "every legal play scores the same: there is nothing to find",
    ),
    "uneven hands": (
        {"hand_south": "♥3 ♥4", "hand_east": "♥4", "hand_north": "♥5", "hand_west": "♥6"},
        "The engine refused the puzzle: the ending is not valid",
    ),
    "four copies": (
        {"hand_south": "♥3 ♥3", "hand_east": "♥3 ♥3", "hand_north": "♥5 ♥6", "hand_west": "♥6 ♥7"},
        "The engine refused the puzzle",
    ),
    "not a card": ({"hand_east": "♣8 ♣J ♣Z"}, "East (东): ♣Z is not a card"),
    "trick too long": ({"trick": "♥2\n♥3\n♥4\n♥5"}, "A trick so far has at most three plays"),
    "no prompt": ({"prompt_en": ""}, "Write the prompt in Chinese or in English"),
}


@pytest.mark.parametrize("case", list(DAGUNZI_REFUSED))
def test_refused_dagunzi_endings_say_why(teacher, case):
    changes, reason = DAGUNZI_REFUSED[case]
    response = teacher.post("/classes/puzzles/new/dagunzi/", dagunzi_fields(**changes))
    assert response.status_code == 400
    page = text_of(response)
    assert reason in page
    assert not Puzzle.objects.exists()
    for name, typed in dagunzi_fields(**changes).items():
        if name.startswith("hand_"):
            assert typed in page  # what was typed stays


def test_an_ending_too_large_to_prove_is_refused_in_bounded_time(teacher):
    deck = [card.text() for card in CARDS for _copy in range(3)]
    random.Random(8).shuffle(deck)
    hands = {
        f"hand_{seat}": " ".join(deck[i * 8 : (i + 1) * 8])
        for i, seat in enumerate(dagunzi_editor.SEATS)
    }
    response = teacher.post("/classes/puzzles/new/dagunzi/", dagunzi_fields(**hands))
    assert response.status_code == 400
    assert "Proving this puzzle needs more than 200,000 positions of reading" in text_of(response)
    assert not Puzzle.objects.exists()


def scattered_stones_sgf() -> str:
    """A few hundred bytes that once held a worker for many seconds: nineteen marked
    stones all over a 19x19 board and eighteen first moves, each read against each."""
    cols = "abcdefghijklmnopqrs"
    white = list(dict.fromkeys(cols[2 * i % 19] + cols[5 * i % 19] for i in range(1, 24)))
    moves = []
    for i in range(40):
        point = cols[(3 * i + 1) % 19] + cols[(7 * i + 2) % 19]
        if point not in white and point not in moves:
            moves.append(point)
    stones = "".join(f"[{p}]" for p in white)
    tree = "".join(f"(;B[{m}]BM[1])" for m in moves[:24])
    return f"(;GM[1]FF[4]SZ[19]PL[B]C[Capture one.]AW{stones}TR{stones}{tree})"


def test_an_sgf_that_needs_too_much_reading_is_refused_and_kept(teacher, monkeypatch):
    from engines import budget

    spent = []
    spend = budget.Budget.spend

    def counting(self, nodes):
        try:
            spend(self, nodes)
        finally:
            spent.append((self.spent, self.nodes))

    monkeypatch.setattr(budget.Budget, "spend", counting)
    sgf = scattered_stones_sgf()
    assert len(sgf) < 800
    response = teacher.post("/classes/puzzles/new/go/sgf/", {"kind": "go.capture", "sgf_text": sgf})
    assert response.status_code == 400
    page = text_of(response)
    assert "Proving this puzzle needs more than 200,000 positions of reading" in page
    assert sgf in page  # the teacher's text is kept
    assert not Puzzle.objects.exists()
    # The proof stopped at the limit: no search ran past what was left of it.
    assert max(used for used, _limit in spent) <= 200_001


# ---------------------------------------------------------------------------
# Renju and Dagunzi: made and solved


def test_renju_forbidden_points_made_and_solved(teacher):
    puzzle = saved_puzzle(teacher.post("/classes/puzzles/new/renju/", renju_fields()))
    assert puzzle.kind == "renju.forbidden"
    assert set(puzzle.data["black"].split()) == RENJU_FORBIDDEN
    answer(teacher, puzzle, {"move": "h8"})
    right = text_of(teacher.post(puzzle.url, {"answer": "done", "ply": "1"}))
    assert "Correct!" in right and "h8 is a double-three" in right
    retry(teacher, puzzle)
    answer(teacher, puzzle, {"move": "e8"})
    wrong = text_of(teacher.post(puzzle.url, {"answer": "done", "ply": "1"}))
    assert "Not this one." in wrong and "still to find" in wrong and "Missed" not in wrong


def test_renju_is_forbidden_with_the_marked_point(teacher):
    fields = renju_fields(kind="renju.is_forbidden", question="h8")
    puzzle = saved_puzzle(teacher.post("/classes/puzzles/new/renju/", fields))
    assert puzzle.data["point"] == "h8"
    assert "Correct!" in text_of(answer(teacher, puzzle, {"answer": "double-three"}))
    retry(teacher, puzzle)
    assert "Not this one." in text_of(answer(teacher, puzzle, {"answer": "allowed"}))


def test_renju_five_made_and_solved(teacher):
    diagram = renju_diagram({"h8", "i8", "j8", "k8"}, {"g8", "a1", "b3"})
    fields = renju_fields(kind="renju.five", diagram=diagram)
    puzzle = saved_puzzle(teacher.post("/classes/puzzles/new/renju/", fields))
    assert "Correct!" in text_of(answer(teacher, puzzle, {"move": "l8"}))
    retry(teacher, puzzle)
    wrong = text_of(answer(teacher, puzzle, {"move": "a15"}))
    assert "Not this one." in wrong and "a15 makes no five" in wrong


def test_renju_vcf_made_and_won_against_the_engine(teacher):
    diagram = renju_diagram(
        {"h8", "i8", "j8", "k10", "k11", "k12"}, {"a1", "a3", "a5", "b2", "c1", "c3"}
    )
    fields = renju_fields(kind="renju.vcf", diagram=diagram)
    puzzle = saved_puzzle(teacher.post("/classes/puzzles/new/renju/", fields))
    assert "Good. Keep going." in text_of(answer(teacher, puzzle, {"move": "k13"}))
    block = Attempt.objects.get(status="playing").moves[-1].split()[-1]
    finish = "k14" if block == "k9" else "k9"
    assert "Correct!" in text_of(teacher.post(puzzle.url, {"move": finish, "ply": "2"}))
    retry(teacher, puzzle)
    assert "Not this one." in text_of(answer(teacher, puzzle, {"move": "o15"}))


def test_dagunzi_ending_made_and_solved(teacher):
    puzzle = saved_puzzle(teacher.post("/classes/puzzles/new/dagunzi/", dagunzi_fields()))
    assert puzzle.kind == "dagunzi.play"
    assert puzzle.data["hands"][0] == "♠Q ♥3 ♣4" and puzzle.data["dealer"] == 2
    right = text_of(answer(teacher, puzzle, {"card": ["♠Q"]}))
    assert "Correct!" in right and "at most 5 points" in right
    retry(teacher, puzzle)
    wrong = text_of(answer(teacher, puzzle, {"card": ["♣4"]}))
    assert "Not this one." in wrong and "the attackers can take 75" in wrong


XIANGQI = {
    "kind": "xiangqi.mate",
    "fen": "3ak4/9/9/9/6p2/9/9/2RR1K3/9/9 w",
    "depth": "2",
    "gain": "400",
}


def test_xiangqi_mate_made_from_a_fen_and_solved(teacher, settings):
    settings.LANGUAGE_CODE = "zh-hans"
    puzzle = saved_puzzle(teacher.post("/classes/puzzles/new/xiangqi/", XIANGQI))
    assert puzzle.kind == "xiangqi.mate" and puzzle.data == {"fen": XIANGQI["fen"], "depth": 2}
    assert puzzle.prompt_zh == "红先，两步杀。"  # left empty: the kind's own prompt
    assert set(puzzle.prepared["tree"]["wins"]) == {"d3e3"}  # proven and stored on save
    assert "Good. Keep going." in text_of(answer(teacher, puzzle, {"move": "d3e3"}))


def test_xiangqi_win_material_made_and_solved(teacher):
    fields = {**XIANGQI, "kind": "xiangqi.win", "fen": "3ak4/4a4/9/9/2n6/9/9/9/9/2R1K4 w"}
    puzzle = saved_puzzle(teacher.post("/classes/puzzles/new/xiangqi/", fields))
    assert puzzle.data == {"fen": fields["fen"], "gain": 400}
    assert "Correct!" in text_of(answer(teacher, puzzle, {"move": "c1c6"}))


@pytest.mark.parametrize(
    ("changes", "reason"),
    [
        ({"fen": "3ak4/9/9/9/6p2/9/9/2RR1K3/9 w"}, "fen is not a position"),
        ({"depth": "3"}, "wins sooner, in 2"),
        ({"depth": "1"}, "no win within 1"),
        (
            {"kind": "xiangqi.win", "fen": "3ak4/4a4/9/9/2n6/9/9/9/9/2R1K4 w", "gain": "900"},
            "no move wins 900",
        ),
    ],
)
def test_refused_xiangqi_puzzles_say_why(teacher, changes, reason):
    response = teacher.post("/classes/puzzles/new/xiangqi/", {**XIANGQI, **changes})
    assert response.status_code == 400
    assert reason in text_of(response)
    assert not Puzzle.objects.exists()


def test_dagunzi_seat_to_play_turns_the_table():
    data = dagunzi_editor.dagunzi_data(
        hands={"south": ["♥2"], "east": ["♥3"], "north": ["♥4"], "west": ["♥5"]},
        trick=[["♥6"]],
        to_play="east",
        dealer="south",
        level=7,
        trump="♠",
        rules="lianzhong",
        follow="dead",
        kitty_points=0,
    )
    # East plays: East is the learner's seat 0, North its right, South its left.
    assert data["hands"] == ["♥3", "♥4", "♥5", "♥2"]
    assert data["dealer"] == 3


# ---------------------------------------------------------------------------
# The board editor without JavaScript


def test_teacher_places_stones_by_clicking_and_saves(teacher):
    editor = Editor(teacher, "/classes/puzzles/new/go/")
    page = editor.page
    assert '<button type="submit" class="point" name="at" value="E5" aria-label="E5">' in page
    assert page.count('class="point"') == 81
    editor.click("E6")  # the black tool is chosen at first
    assert 'aria-label="E6 black stone' in editor.page
    editor.click("D5")
    editor.click("F5")
    editor.click("E5", tool="white")
    assert 'aria-label="E5 white stone' in editor.page
    assert fields_of(editor.response)["diagram"].split("\n")[4] == ". . . X O X . . ."
    editor.click("E5", tool="mark")
    assert fields_of(editor.response)["marked"] == "E5"
    assert "mark-target" in editor.page
    editor.click("A1", tool="move")
    editor.click("B1")
    assert fields_of(editor.response)["solution"].strip() == "A1 B1"
    editor.post(action="undo")
    editor.post(action="undo")
    assert fields_of(editor.response)["solution"].strip() == ""
    editor.click("E4")
    assert fields_of(editor.response)["solution"].strip() == "E4"
    assert 'class="point-label on-black"' in editor.page  # the move is numbered
    editor.post(prompt_en="Capture the marked stone.", action="save")
    assert editor.response.status_code == 302
    puzzle = Puzzle.objects.get()
    assert "Correct!" in text_of(answer(teacher, puzzle, {"move": "E4"}))


def test_editor_tools_erase_replace_and_refuse(teacher):
    editor = Editor(teacher, "/classes/puzzles/new/go/")
    editor.click("C3")
    editor.click("C3", tool="white")
    assert 'aria-label="C3 white stone' in editor.page
    editor.click("C3", tool="mark")
    editor.click("C3", tool="erase")
    fields = fields_of(editor.response)
    assert "O" not in fields["diagram"] and fields["marked"] == ""
    # A mark on an empty point is refused with the reason; the board stays.
    response = editor.post(at="D4", tool="mark")
    assert response.status_code == 400
    assert "D4 is empty: the △ goes on the stones the problem is about." in editor.page
    # A solution move on a stone is refused at once.
    editor.post(at="D4", tool="black")
    response = editor.post(at="D4", tool="move")
    assert response.status_code == 400
    assert "Solution line 1, move 1 (D4): That point is already occupied." in editor.page
    assert 'aria-label="D4 black stone' in editor.page


def test_the_engine_finds_the_solution_and_an_empty_board_of_another_size(teacher):
    editor = Editor(teacher, "/classes/puzzles/new/go/")
    editor.post(diagram=GO_DIAGRAM, marked="E5", action="solve")
    assert editor.response.status_code == 200
    assert fields_of(editor.response)["solution"].split("\n")[0] == "E4"
    editor.post(size="13", action="clear")
    fields = fields_of(editor.response)
    assert fields["diagram"].count("\n") == 12 and "X" not in fields["diagram"]
    assert fields["solution"] == "" and fields["marked"] == ""
    assert editor.page.count('class="point"') == 169
    # Nothing to capture here: the reader says so.
    response = editor.post(action="solve")
    assert response.status_code == 400
    assert "Mark the stones the problem is about first" in editor.page


def test_pasted_diagram_shows_on_the_board(teacher):
    editor = Editor(teacher, "/classes/puzzles/new/go/")
    editor.post(diagram=GO_DIAGRAM, action="update")
    assert 'aria-label="E5 white stone' in editor.page
    # Enter in a text field presses the first button: a redraw, never a board point.
    assert editor.page.index('value="update"') < editor.page.index('name="at"')


def test_renju_editor_by_clicking(teacher):
    editor = Editor(teacher, "/classes/puzzles/new/renju/")
    assert editor.page.count('class="point"') == 225
    assert 'aria-label="h8"' in editor.page
    for point in sorted(RENJU_FORBIDDEN):
        editor.click(point)
    editor.click("a1", tool="white")
    editor.click("h8", tool="mark")
    assert fields_of(editor.response)["question"] == "h8"
    editor.click("h8")  # the mark again: taken off
    assert fields_of(editor.response)["question"] == ""
    response = editor.post(at="f8", tool="mark")
    assert response.status_code == 400
    assert "f8 holds a stone: the question is about an empty point." in editor.page
    editor.click("h8", tool="mark")
    editor.post(kind="renju.is_forbidden", prompt_en="Is h8 forbidden?", action="save")
    assert editor.response.status_code == 302
    puzzle = Puzzle.objects.get()
    assert puzzle.data["point"] == "h8" and puzzle.data["white"] == "a1"


def test_htmx_clicks_swap_only_the_board_and_saving_redirects_the_page(teacher):
    response = teacher.post(
        "/classes/puzzles/new/go/", {**go_fields(action=""), "at": "C3"}, **HTMX
    )
    assert response.status_code == 200
    page = text_of(response)
    # The board where it stands, the clicked point focused, and the changed fields out of band.
    assert "<html" not in page and "<form" not in page
    assert page.lstrip().startswith('<div id="editor-board"')
    assert response["HX-Retarget"] == "#editor-board" and response["HX-Reswap"] == "outerHTML"
    assert re.search(r'<button autofocus[^>]*value="C3"[^>]*aria-label="C3 black stone[^"]*"', page)
    assert '<div id="editor-field-diagram" hx-swap-oob="true">' in page
    assert "Prompt in English" not in page
    assert response["Vary"].count("HX-Request")
    # A click that cannot be read gets the whole form back, with the error.
    wrong = teacher.post("/classes/puzzles/new/go/", {**go_fields(action=""), "at": "Z99"}, **HTMX)
    assert wrong.status_code == 400 and text_of(wrong).lstrip().startswith('<form id="editor"')
    assert "That point is not on the board." in text_of(wrong) and "HX-Retarget" not in wrong
    response = teacher.post("/classes/puzzles/new/go/", go_fields(), **HTMX)
    assert response.status_code == 200
    assert response["HX-Redirect"] == Puzzle.objects.get().url
    refused = teacher.post("/classes/puzzles/new/go/", go_fields(solution="A1"), **HTMX)
    assert refused.status_code == 400 and "<html" not in text_of(refused)
    assert "marked right, but the reader says it fails" in text_of(refused)


TAMPERED = {
    "kind of another game": ("go", {"kind": "renju.five"}, "Select a valid choice."),
    "unknown kind": ("go", {"kind": "go.liberties"}, "Select a valid choice."),
    "board size": ("go", {"size": "7", "action": "clear"}, "Select a valid choice."),
    "point off the board": ("go", {"at": "Z99", "action": ""}, "That point is not on the board."),
    "point of renju": ("go", {"at": "o15", "action": ""}, "That point is not on the board."),
    "colour": ("go", {"to_move": "red"}, "Select a valid choice."),
    "tool": ("go", {"tool": "laser", "at": "C3", "action": ""}, "Select a valid choice."),
    "action": ("go", {"action": "publish-all"}, "Select a valid choice."),
    "diagram size": (
        "go",
        {"diagram": ". . .\n. . .\n. . ."},
        "The diagram has 3 rows: a Go board here is 9×9, 13×13 or 19×19.",
    ),
    "ragged diagram": (
        "go",
        {"diagram": GO_DIAGRAM.replace(". . . . X . . . .", ". . . . X . . .")},
        "Row 6 of the diagram has 8 points; a 9×9 board needs 9.",
    ),
    "odd symbol": (
        "go",
        {"diagram": GO_DIAGRAM.replace(". . . . X . . . .", ". . . . Q . . . .")},
        "Row 6 of the diagram holds 'Q': use X for black, O for white and . for an empty point.",
    ),
    "marked point": (
        "go",
        {"marked": "E5 K99"},
        "Marked stones: K99 is not a point of the 9×9 board.",
    ),
    "solution point": ("go", {"solution": "E4 hello"}, "Solution line 1: hello is not a point"),
    "solution of commas": ("go", {"solution": ","}, "Solution line 1 has no moves."),
    "xiangqi fen": ("xiangqi", {"fen": "<script>"}, "fen is not a position"),
    "xiangqi depth": ("xiangqi", {"depth": "9"}, "Select a valid choice."),
    "rating": ("go", {"rating": "99999"}, "Enter a whole number from 100 to 3000."),
    "renju kind": ("renju", {"kind": "renju.point"}, "Select a valid choice."),
    "renju rules": ("renju", {"rules": "chess"}, "Select a valid choice."),
    "renju diagram": (
        "renju",
        {"diagram": GO_DIAGRAM},
        "The diagram has 9 rows: a renju board has 15.",
    ),
    "renju question": ("renju", {"question": "z1"}, "Marked point: z1 is not a point of the board"),
    "level": ("dagunzi", {"level": "11"}, "Select a valid choice."),
    "trump": ("dagunzi", {"trump": "X"}, "Select a valid choice."),
    "seat": ("dagunzi", {"to_play": "up"}, "Select a valid choice."),
    "variant": ("dagunzi", {"rules": "poker"}, "Select a valid choice."),
    "kitty": ("dagunzi", {"kitty_points": "-5"}, "Enter a whole number from 0 to 60."),
}


@pytest.mark.parametrize("case", list(TAMPERED))
def test_tampered_fields_are_bad_requests(teacher, case):
    game, changes, reason = TAMPERED[case]
    xiangqi_fields = lambda **changes: {**XIANGQI, **changes}  # noqa: E731
    base = {
        "go": go_fields,
        "renju": renju_fields,
        "dagunzi": dagunzi_fields,
        "xiangqi": xiangqi_fields,
    }[game]
    response = teacher.post(f"/classes/puzzles/new/{game}/", base(**changes))
    assert response.status_code == 400
    assert reason in text_of(response)
    assert not Puzzle.objects.exists()


def test_an_unknown_game_is_not_found(teacher):
    assert teacher.get("/classes/puzzles/new/guandan/").status_code == 404
    assert teacher.post("/classes/puzzles/new/chess/", go_fields()).status_code == 404


def test_a_captured_group_may_stand_while_editing_but_not_on_save(teacher):
    editor = Editor(teacher, "/classes/puzzles/new/go/")
    editor.click("A9", tool="white")
    editor.click("B9", tool="black")
    editor.click("A8")
    assert 'aria-label="A9 white stone' in editor.page
    editor.post(prompt_en="x", marked="A9", solution="C3", action="save")
    assert editor.response.status_code == 400
    assert "the stones at A9 have no liberties" in editor.page


# ---------------------------------------------------------------------------
# Editing, publishing, deleting


def make_go_puzzle(teacher) -> Puzzle:
    saved_puzzle(teacher.post("/classes/puzzles/new/go/", go_fields()))
    return Puzzle.objects.get()


def test_edit_shows_the_puzzle_as_made_and_saves_in_place(teacher):
    puzzle = make_go_puzzle(teacher)
    url = f"/classes/puzzles/{puzzle.slug}/edit/"
    editor = Editor(teacher, url)
    fields = fields_of(editor.response)
    assert fields["marked"] == "E5" and fields["solution"].strip() == "E4"
    assert fields["prompt_en"].strip() == "Black to play: capture the marked stone."
    assert 'aria-label="E5 white stone' in editor.page
    editor.post(prompt_zh="黑先吃子。", is_public="on", rating="700", action="save")
    assert editor.response.status_code == 302
    puzzle.refresh_from_db()
    assert puzzle.prompt_zh == "黑先吃子。" and puzzle.rating == 700
    assert puzzle.library_status == "waiting" and not puzzle.is_public  # staff review it first
    assert Puzzle.objects.count() == 1
    assert "Edit it on the board instead" in text_of(teacher.get(url + "?mode=sgf"))


def test_edit_renju_and_dagunzi_start_from_the_saved_data(teacher):
    saved_puzzle(
        teacher.post(
            "/classes/puzzles/new/renju/", renju_fields(kind="renju.is_forbidden", question="h8")
        )
    )
    renju = Puzzle.objects.get()
    fields = fields_of(teacher.get(f"/classes/puzzles/{renju.slug}/edit/"))
    assert fields["question"] == "h8" and fields["kind"] == "renju.is_forbidden"
    renju.delete()
    saved_puzzle(teacher.post("/classes/puzzles/new/dagunzi/", dagunzi_fields(to_play="south")))
    dagunzi = Puzzle.objects.get()
    page = text_of(teacher.get(f"/classes/puzzles/{dagunzi.slug}/edit/"))
    assert "♠Q ♥3 ♣4" in page
    response = teacher.post(
        f"/classes/puzzles/{dagunzi.slug}/edit/", dagunzi_fields(prompt_en="New words.")
    )
    assert response.status_code == 302
    dagunzi.refresh_from_db()
    assert dagunzi.prompt_en == "New words."


def test_the_list_shows_the_teachers_puzzles_and_publishing(world, teacher, make_client):
    puzzle = make_go_puzzle(teacher)
    page = text_of(teacher.get("/classes/puzzles/"))
    assert "Capture the marked stones (吃子)" in page
    assert "Black to play: capture the marked stone." in page and "private" in page
    assert f"/classes/puzzles/{puzzle.slug}/edit/" in page
    assert make_client().get(puzzle.url).status_code == 404
    response = teacher.post(f"/classes/puzzles/{puzzle.slug}/publish/", {"publish": "1"})
    assert response.status_code == 302
    assert "awaiting review" in text_of(teacher.get("/classes/puzzles/"))
    publishing.approve(puzzle)  # staff, in the admin (see test_publishing.py)
    puzzle.refresh_from_db()
    assert puzzle.is_public
    assert make_client().get(puzzle.url).status_code == 200
    assert "in the library" in text_of(teacher.get("/classes/puzzles/"))
    teacher.post(f"/classes/puzzles/{puzzle.slug}/publish/", {"publish": "0"})
    puzzle.refresh_from_db()
    assert not puzzle.is_public
    assert list(authoring.teacher_puzzles(world["owner"])) == [puzzle]
    assert not authoring.teacher_puzzles(world["other"]).exists()
    assert "Your puzzles" in text_of(teacher.get("/classes/"))


def test_delete_is_refused_once_learners_have_tried_the_puzzle(world, teacher, make_client):
    puzzle = make_go_puzzle(teacher)
    answer(teacher, puzzle, {"move": "E4"})  # the author's own tries do not count
    page = text_of(teacher.get(f"/classes/puzzles/{puzzle.slug}/delete/"))
    assert "Delete it" in page
    answer(make_client(world["student"]), puzzle, {"move": "A1"})
    page = text_of(teacher.get(f"/classes/puzzles/{puzzle.slug}/delete/"))
    assert "Learners have tried this puzzle once." in page and "Delete it" not in page
    response = teacher.post(f"/classes/puzzles/{puzzle.slug}/delete/")
    assert response.status_code == 400
    assert "deleting it would wipe their progress" in text_of(response)
    assert Puzzle.objects.filter(pk=puzzle.pk).exists()
    assert ">1</td>" in teacher.get("/classes/puzzles/").content.decode()


def test_delete_without_learners_removes_it(teacher):
    puzzle = make_go_puzzle(teacher)
    answer(teacher, puzzle, {"move": "E4"})
    response = teacher.post(f"/classes/puzzles/{puzzle.slug}/delete/")
    assert response.status_code == 302
    assert not Puzzle.objects.exists()


def test_anonymous_learners_tries_count_too(world, teacher):
    puzzle = make_go_puzzle(teacher)
    Client().post(puzzle.url, {"move": "E4", "ply": "0"})
    assert authoring.learner_attempts(puzzle) == 0  # private: an anonymous visitor gets 404
    teacher.post(f"/classes/puzzles/{puzzle.slug}/publish/", {"publish": "1"})
    publishing.approve(puzzle)
    Client().post(puzzle.url, {"move": "E4", "ply": "0"})
    assert authoring.learner_attempts(puzzle) == 1
    assert authoring.puzzle_rows(world["owner"])[0].tries == 1
    assert teacher.post(f"/classes/puzzles/{puzzle.slug}/delete/").status_code == 400


# ---------------------------------------------------------------------------
# Who may do what, and who may see a private puzzle

PERSONAS = ("anonymous", "owner", "co", "student", "archived", "outsider", "other", "nonteacher")


def client_for(make_client, world, persona):
    return make_client(None if persona == "anonymous" else world[persona])


@pytest.mark.parametrize("persona", PERSONAS)
def test_pages_by_persona(world, make_client, persona):
    puzzle = make_go_puzzle(make_client(world["owner"]))
    client = client_for(make_client, world, persona)
    pages = {
        "list": client.get("/classes/puzzles/"),
        "new": client.get("/classes/puzzles/new/renju/"),
        "upload": client.get("/classes/puzzles/new/go/sgf/"),
        "edit": client.get(f"/classes/puzzles/{puzzle.slug}/edit/"),
        "save": client.post(
            f"/classes/puzzles/{puzzle.slug}/edit/", go_fields(prompt_en="Mine now")
        ),
        "publish": client.post(f"/classes/puzzles/{puzzle.slug}/publish/", {"publish": "1"}),
        "delete": client.post(f"/classes/puzzles/{puzzle.slug}/delete/"),
    }
    if persona == "anonymous":
        for response in pages.values():
            assert response.status_code == 302 and "/accounts/login/" in response["Location"]
    elif persona == "owner":
        assert {name: r.status_code for name, r in pages.items()} == {
            "list": 200,
            "new": 200,
            "upload": 200,
            "edit": 200,
            "save": 302,
            "publish": 302,
            "delete": 302,
        }
        return
    else:
        teacher = persona in ("co", "other")
        for name in ("list", "new", "upload"):
            assert pages[name].status_code == (200 if teacher else 403)
        for name in ("edit", "save", "publish", "delete"):
            assert pages[name].status_code == 404
            assert "Black to play" not in text_of(pages[name])
    puzzle.refresh_from_db()
    assert puzzle.prompt_en == "Black to play: capture the marked stone." and not puzzle.is_public


VISIBLE = {
    "anonymous": 404,
    "owner": 200,
    "co": 200,
    "student": 200,
    "archived": 404,
    "outsider": 404,
    "other": 404,
    "nonteacher": 404,
}


@pytest.mark.parametrize("persona", PERSONAS)
def test_a_private_puzzle_is_seen_by_the_authors_classes_only(world, make_client, persona):
    puzzle = make_go_puzzle(make_client(world["owner"]))
    client = client_for(make_client, world, persona)
    response = client.get(puzzle.url)
    assert response.status_code == VISIBLE[persona]
    solving = client.post(puzzle.url, {"move": "E4", "ply": "0"})
    assert solving.status_code == VISIBLE[persona]
    if VISIBLE[persona] == 200:
        assert "Correct!" in text_of(solving)
    else:
        assert "Black to play" not in text_of(response)
    assert client.get(f"/puzzles/{puzzle.slug}/report/").status_code == VISIBLE[persona]


@pytest.mark.parametrize("persona", PERSONAS)
def test_a_published_puzzle_is_open_to_everyone(world, make_client, persona):
    puzzle = make_go_puzzle(make_client(world["owner"]))
    make_client(world["owner"]).post(f"/classes/puzzles/{puzzle.slug}/publish/", {"publish": "1"})
    publishing.approve(puzzle)
    assert client_for(make_client, world, persona).get(puzzle.url).status_code == 200


def test_archived_class_closes_to_its_students_but_not_its_teachers(world, make_client):
    puzzle = make_go_puzzle(make_client(world["owner"]))
    services.set_archived(world["classroom"], True)
    assert make_client(world["student"]).get(puzzle.url).status_code == 404
    assert make_client(world["co"]).get(puzzle.url).status_code == 200


def test_staff_see_private_puzzles(world, make_client, staff_user):
    puzzle = make_go_puzzle(make_client(world["owner"]))
    assert make_client(staff_user).get(puzzle.url).status_code == 200


def test_the_class_rule_is_one_query_and_not_cached_per_user(
    world, make_client, django_assert_num_queries
):
    puzzle = make_go_puzzle(make_client(world["owner"]))
    with django_assert_num_queries(1):
        assert is_visible(world["student"], puzzle)
    with django_assert_num_queries(1):
        assert not is_visible(world["outsider"], puzzle)
    with django_assert_num_queries(0):
        assert is_visible(world["owner"], puzzle)
    # The cached puzzle object does not carry one visitor's verdict to the next.
    assert make_client(world["student"]).get(puzzle.url).status_code == 200
    assert make_client(world["outsider"]).get(puzzle.url).status_code == 404
    services.remove_student(world["classroom"].memberships.get(student=world["student"]))
    assert make_client(world["student"]).get(puzzle.url).status_code == 404


def test_a_student_who_is_not_a_teacher_cannot_make_puzzles(world, make_client):
    client = make_client(world["student"])
    assert client.post("/classes/puzzles/new/go/", go_fields()).status_code == 403
    assert client.post("/classes/puzzles/new/dagunzi/", dagunzi_fields()).status_code == 403
    assert not Puzzle.objects.exists()


# ---------------------------------------------------------------------------
# The pages keep the site's rules: strict CSP, no inline code


def test_editor_pages_have_no_inline_code(teacher):
    puzzle = make_go_puzzle(teacher)
    for url in (
        "/classes/puzzles/",
        "/classes/puzzles/new/go/",
        "/classes/puzzles/new/renju/",
        "/classes/puzzles/new/dagunzi/",
        "/classes/puzzles/new/go/sgf/",
        f"/classes/puzzles/{puzzle.slug}/edit/",
        f"/classes/puzzles/{puzzle.slug}/edit/?mode=sgf",
        f"/classes/puzzles/{puzzle.slug}/delete/",
    ):
        response = teacher.get(url)
        assert response.status_code == 200, url
        assert audit(response.content.decode()).problems == [], url
