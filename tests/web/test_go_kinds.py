"""The Go puzzle kinds as a learner meets them: every answer judged by the engine."""

import re

import pytest

from puzzles.kinds import InvalidPuzzle, get_kind
from puzzles.models import Attempt, Puzzle
from tests.helpers import LADDER, make

HTMX = {"HTTP_HX_REQUEST": "true"}

CORNER = """
. . . . . . . . .
. . . . . . . . .
. . . . . . . . .
. . . . . . . . .
. . . . . . . . .
. . . . . . . . .
. X . . . . . . .
X O . . . . . . .
. . . . . . . . .
"""

# Black has just taken the ko at E5 (capturing D5); white may not retake at once.
KO = """
. . . . . . . . .
. . . . . . . . .
. . . . . . . . .
. . . X O . . . .
. . X O . O . . .
. . . X O . . . .
. . . . . . . . .
. . . . . . . . .
. . . . . . . . .
"""
KO_MOVES = ["B E5"]

# A corner where black A1 would be suicide, and B1 captures (legal though it looks full).
SUICIDE = """
. . . . .
. . . . .
O O . . .
X X O . .
. X O . .
"""


@pytest.fixture
def client(make_client, learner_user):
    return make_client(learner_user)


def post(client, slug, **fields):
    return client.post(f"/puzzles/{slug}/", fields, **HTMX)


def text(response) -> str:
    """The page as a reader sees it: tags dropped, white space collapsed."""
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", response.content.decode()))


# --- go.capture -----------------------------------------------------------------


@pytest.fixture
def ladder(db):
    return make("ladder", "go.capture", {"sgf": LADDER})


def test_a_two_move_ladder_is_answered_from_the_tree(client, ladder):
    first = post(client, "ladder", move="C2", ply="0")
    assert first.status_code == 200
    assert "Keep going" in text(first)
    assert "White B1" in text(first)
    assert "A ladder." in text(first)
    second = post(client, "ladder", move="C1", ply="2")
    assert "Correct!" in text(second)
    assert Attempt.objects.get(puzzle=ladder).status == Attempt.Status.SOLVED


def test_an_alternative_right_move_is_accepted_and_the_reader_defends(client, ladder):
    response = post(client, "ladder", move="D2", ply="0")
    assert "Keep going" in text(response)
    attempt = Attempt.objects.get(puzzle=ladder)
    assert attempt.moves[0] == "B D2" and attempt.moves[1].startswith("W ")


def test_a_wrong_move_shows_the_refutation_on_the_board(client, ladder):
    response = post(client, "ladder", move="B1", ply="0")
    page = text(response)
    assert "Not this one." in page
    assert "Refutation: White C2" in page
    assert "The wrong side." in page
    assert 'class="point-label' in response.content.decode()  # numbered on the board
    assert "Show the solution" in page


def test_a_wrong_move_outside_the_tree_is_refuted_by_the_reader(client, ladder):
    page = text(post(client, "ladder", move="H8", ply="0"))
    assert "Not this one." in page
    assert "Refutation: White" in page


def test_an_illegal_move_is_explained_and_changes_nothing(client, ladder):
    response = post(client, "ladder", move="B2", ply="0")
    assert response.status_code == 200
    assert "That move is not allowed." in text(response)
    assert "already occupied" in text(response)
    # Not even an attempt is started: the learner has not tried anything yet.
    assert not Attempt.objects.filter(puzzle=ladder).exists()
    post(client, "ladder", move="C2", ply="0")
    response = post(client, "ladder", move="B2", ply="2")
    assert "That move is not allowed." in text(response)
    attempt = Attempt.objects.get(puzzle=ladder)
    assert attempt.status == Attempt.Status.PLAYING and attempt.moves == ["B C2", "W B1"]


def test_a_move_that_needs_more_reading_than_a_request_may_do_is_not_judged(
    client, ladder, monkeypatch
):
    from engines.go import problems

    post(client, "ladder", move="C2", ply="0")
    monkeypatch.setattr(problems, "JUDGE_NODES", 1)  # no reading fits
    response = post(client, "ladder", move="E5", ply="2")
    assert response.status_code == 200
    assert "Not judged." in text(response)
    assert "Not this one." not in text(response) and "Correct!" not in text(response)
    attempt = Attempt.objects.get(puzzle=ladder)
    assert attempt.status == Attempt.Status.PLAYING and attempt.moves == ["B C2", "W B1"]
    # The authored answer needs no reading: it still counts.
    assert "Correct!" in text(post(client, "ladder", move="C1", ply="2"))


@pytest.mark.parametrize("garbage", ["", "Z99", "E0", "C", "<script>", "B2; drop"])
def test_garbage_is_refused_with_400_and_keeps_progress(client, ladder, garbage):
    post(client, "ladder", move="C2", ply="0")
    response = post(client, "ladder", move=garbage, ply="2")
    assert response.status_code == 400
    assert Attempt.objects.get(puzzle=ladder).moves == ["B C2", "W B1"]


def test_a_typed_coordinate_works_like_a_click(client, ladder):
    page = client.get("/puzzles/ladder/").content.decode()
    assert 'id="typed-move"' in page
    assert "Keep going" in text(post(client, "ladder", move="c2", ply="0"))
    attempt = Attempt.objects.get(puzzle=ladder)
    assert attempt.moves[:1] == ["B C2"]


def test_a_hint_marks_the_liberties_and_makes_the_solve_unrated(client, ladder):
    response = post(client, "ladder", action="hint")
    page = text(response)
    assert "Hint:" in page and "B1, C2" in page
    assert response.content.decode().count("mark-good") == 2
    post(client, "ladder", move="C2", ply="0")
    post(client, "ladder", move="C1", ply="2")
    attempt = Attempt.objects.get(puzzle=ladder)
    assert attempt.status == Attempt.Status.SOLVED and attempt.hinted


# One white stone with one empty point beside it: a first-day problem.
IN_ATARI = """(;GM[1]FF[4]SZ[9]PL[B]AB[de][fe][ed]AW[ee]TR[ee]
C[zh: 黑先，吃掉△白子。
en: Black to play: capture the marked stone.]
(;B[ef]TE[1]C[zh: 吃掉了。
en: Captured.]))"""


def test_a_first_day_hint_shows_the_point_without_the_word_liberty(client, learner_user):
    from django.test import Client

    make("in-atari", "go.capture", {"sgf": IN_ATARI})
    page = text(post(client, "in-atari", action="hint"))
    assert "Only one point next to the marked stones is still empty: E4." in page
    assert "libert" not in page.lower()
    chinese = Client(HTTP_ACCEPT_LANGUAGE="zh-hans")
    chinese.force_login(learner_user)
    page = text(post(chinese, "in-atari", action="hint"))
    assert "△的棋子旁边只剩 E4 这一个空点。" in page
    assert "气" not in page.split("提示")[1]


def test_the_solution_is_shown_only_after_a_failure(client, ladder):
    early = post(client, "ladder", action="solution")
    assert early.status_code == 400
    post(client, "ladder", move="B1", ply="0")
    shown = text(post(client, "ladder", action="solution"))
    assert "Solution: 1. Black C2 2. White B1 3. Black C1" in shown
    assert Attempt.objects.get(puzzle=ladder).revealed


def test_next_puzzle_skips_what_the_learner_solved(client, ladder):
    make("easy", "go.capture", {"sgf": LADDER}, rating=900)
    make("hard", "go.capture", {"sgf": LADDER}, rating=2000)
    post(client, "ladder", move="C2", ply="0")
    page = post(client, "ladder", move="C1", ply="2").content.decode()
    assert 'href="/puzzles/go/next/"' in page
    first = client.get("/puzzles/go/next/")
    assert first.status_code == 302 and first.url in ("/puzzles/easy/", "/puzzles/hard/")
    slug = first.url.split("/")[2]
    post(client, slug, move="C2", ply="0")
    post(client, slug, move="C1", ply="2")
    other = {"easy": "hard", "hard": "easy"}[slug]
    assert client.get("/puzzles/go/next/").url == f"/puzzles/{other}/"
    post(client, other, move="C2", ply="0")
    post(client, other, move="C1", ply="2")
    assert "You have solved them all" in text(client.get("/puzzles/go/next/"))


def test_a_corner_problem_on_19x19_shows_the_corner_with_real_coordinates(db):
    # The same ladder in the bottom-left corner of a full board.
    sgf = LADDER.replace("SZ[9]", "SZ[19]")
    for old, new in (("ah", "ar"), ("bg", "bq"), ("bh", "br"), ("ch", "cr"), ("bi", "bs")):
        sgf = sgf.replace(f"[{old}]", f"[{new}]")
    sgf = sgf.replace("[ci]", "[cs]")
    kind = get_kind("go.capture")
    kind.validate({"sgf": sgf})
    html = kind.board({"sgf": sgf}, None)
    assert 'class="grid-board cols-7 rows-7"' in html
    assert 'aria-label="C2"' in html and 'aria-label="G7"' in html
    assert 'aria-label="K10"' not in html


# --- go.escape ------------------------------------------------------------------


def test_escape(client, db):
    make("run", "go.escape", {"sgf": "(;SZ[9]PL[B]AB[ee]AW[de][fe][ed]TR[ee];B[ef]TE[1])"})
    assert "Correct!" in text(post(client, "run", move="E4", ply="0"))
    client.post("/puzzles/run/", {"action": "retry"})
    page = text(post(client, "run", move="A1", ply="0"))
    assert "Not this one." in page and "Refutation: White E4" in page


# --- go.liberties -----------------------------------------------------------------


def test_liberties(client, db):
    make("libs", "go.liberties", {"diagram": CORNER, "point": "B2"})
    page = text(post(client, "libs", answer="2"))
    assert "Correct!" in page and "2 liberties: B1, C2" in page
    client.post("/puzzles/libs/", {"action": "retry"})
    assert "Not this one." in text(post(client, "libs", answer="3"))
    assert post(client, "libs", answer="two").status_code == 400


# --- go.legal -------------------------------------------------------------------


def test_legal_names_the_ko(client, db):
    make("ko", "go.legal", {"diagram": KO, "moves": KO_MOVES, "point": "D5"})
    page = text(post(client, "ko", answer="superko"))
    assert "Correct!" in page and "recreate an earlier position" in page
    client.post("/puzzles/ko/", {"action": "retry"})
    assert "Not this one." in text(post(client, "ko", answer="legal"))
    assert post(client, "ko", answer="maybe").status_code == 400


def test_legal_find_the_forbidden_point(client, db):
    make("forbidden", "go.legal", {"diagram": SUICIDE, "find": "forbidden", "to_move": "black"})
    page = text(post(client, "forbidden", move="D1", ply="0"))
    assert "Not this one." in page and "Black may play at D1" in page
    client.post("/puzzles/forbidden/", {"action": "retry"})
    page = text(post(client, "forbidden", move="A1", ply="0"))
    assert "Correct!" in page and "Forbidden point" in page


def test_a_move_that_captures_is_not_suicide(db):
    kind = get_kind("go.legal")
    data = {"diagram": SUICIDE, "point": "A1", "to_move": "white"}
    kind.validate(data)
    verdict, _ = kind.check(data, {}, "legal")
    assert verdict.is_correct
    verdict, _ = kind.check({**data, "to_move": "black"}, {}, "suicide")
    assert verdict.is_correct


# --- go.point -------------------------------------------------------------------


@pytest.mark.parametrize(
    ("data", "right", "wrong"),
    [
        ({"diagram": ". " * 81, "goal": "tengen"}, "E5", "D4"),
        ({"diagram": CORNER, "goal": "star"}, "G3", "E4"),
        ({"diagram": CORNER, "goal": "name", "point": "F7"}, "F7", "G6"),
        ({"diagram": CORNER, "goal": "atari", "point": "B2"}, "C2", "E5"),
        ({"diagram": CORNER, "goal": "connect", "stones": ["A2", "B3"]}, "A3", "C3"),
    ],
)
def test_point_goals_are_judged_by_the_engine(client, db, data, right, wrong):
    data = {**data, "diagram": "\n".join(data["diagram"].split("\n"))}
    if data["goal"] == "tengen":
        data["diagram"] = "\n".join(". " * 9 for _ in range(9))
    make("point", "go.point", data)
    assert "Correct!" in text(post(client, "point", move=right, ply="0"))
    client.post("/puzzles/point/", {"action": "retry"})
    assert "Not this one." in text(post(client, "point", move=wrong, ply="0"))


def test_point_refuses_impossible_goals(db):
    with pytest.raises(InvalidPuzzle, match="already connected"):
        get_kind("go.point").validate(
            {"diagram": CORNER, "goal": "connect", "stones": ["A2", "A2"]}
        )
    with pytest.raises(InvalidPuzzle, match="opponent's stone"):
        get_kind("go.point").validate({"diagram": CORNER, "goal": "capture", "point": "A2"})


# --- go.dead --------------------------------------------------------------------

FINISHED = """
. . O X . . . . .
O O O X . . . . .
X X X X . . . . .
. . . . . . . . .
. . . . . . . . .
. . . . . . . . .
. . . . . . . . .
. . . . . . . . .
. . . . . . . . .
"""


def test_dead_stones_are_proven_dead_then_marked(client, db):
    data = {"diagram": FINISHED, "dead": ["C9"], "to_move": "white"}
    with pytest.raises(InvalidPuzzle, match="cannot prove"):
        get_kind("go.dead").validate({**data, "dead": ["D9"]})
    make("dead", "go.dead", data)
    page = text(post(client, "dead", move="D9", ply="0"))
    assert "Not this one." in page and "alive" in page
    client.post("/puzzles/dead/", {"action": "retry"})
    assert "Correct!" in text(post(client, "dead", move="A8", ply="0"))


# --- go.count -------------------------------------------------------------------

COUNTED = """
. X O . .
. X O . .
X X O . .
. X O O O
. X O . .
"""


def test_count_splits_the_dame_and_applies_komi(client, db):
    make("count", "go.count", {"diagram": COUNTED, "ask": "black", "komi": 0})
    page = text(post(client, "count", answer="10"))
    assert "Correct!" in page and "Black has 10 stones" in page
    client.post("/puzzles/count/", {"action": "retry"})
    assert "Not this one." in text(post(client, "count", answer="11"))
    assert post(client, "count", answer="10.25").status_code == 400


@pytest.mark.parametrize(
    ("black", "result"),
    [(185, "3/4"), (184, "-1/4"), (184.5, "1/4")],
)
def test_the_seeds_komi_examples(client, db, black, result):
    make("seed", "go.count", {"size": 19, "black": black, "ask": "result"})
    assert "Correct!" in text(post(client, "seed", answer=result))


def test_count_result_labels_are_the_seeds_words(make_client, learner_user, db):
    make("seed", "go.count", {"size": 19, "black": 185, "ask": "result"})
    zh = make_client(learner_user)
    zh.defaults["HTTP_ACCEPT_LANGUAGE"] = "zh-hans"
    page = zh.get("/puzzles/seed/").content.decode()
    assert "黑胜3/4子" in page and "黑负3/4子" in page


# --- go.nigiri and go.byoyomi ------------------------------------------------------


@pytest.mark.parametrize(
    ("grabbed", "shown", "answer"),
    [(7, 1, "guesser"), (7, 2, "holder"), (12, 2, "guesser"), (12, 1, "holder")],
)
def test_nigiri(client, db, grabbed, shown, answer):
    make("nigiri", "go.nigiri", {"grabbed": grabbed, "shown": shown})
    assert "Correct!" in text(post(client, "nigiri", answer=answer))


@pytest.mark.parametrize(
    ("moves", "left"),
    [([30, 59, 45], 3), ([60, 20], 2), ([130], 1), ([59, 61, 119, 60], 0)],
)
def test_byoyomi_charges_whole_minutes(client, db, moves, left):
    make("clock", "go.byoyomi", {"reserve": 3, "moves": moves})
    assert "Correct!" in text(post(client, "clock", answer=str(left)))


# --- content ---------------------------------------------------------------------


def test_load_content_reads_sgf_files_and_takes_the_prompt_from_them(db, tmp_path, settings):
    from django.core.management import call_command

    (tmp_path / "go" / "puzzles" / "sgf").mkdir(parents=True)
    (tmp_path / "go" / "puzzles" / "sgf" / "ladder.sgf").write_text(LADDER)
    (tmp_path / "go" / "puzzles" / "p.toml").write_text(
        '[[puzzles]]\nslug = "l1"\nkind = "go.capture"\nsgf = "sgf/ladder.sgf"\n'
    )
    call_command("load_content", dir=tmp_path, stdout=open("/dev/null", "w"))  # noqa: SIM115
    puzzle = Puzzle.objects.get(slug="l1")
    assert puzzle.prompt_zh == "黑先，吃掉△白子。"
    assert puzzle.prompt_en == "Black to play: capture the marked stone."


@pytest.mark.parametrize(
    ("sgf", "reason"),
    [
        ("../../../etc/passwd.sgf", "outside"),
        ("missing.sgf", "no such file"),
        ("sgf/bad.sgf", "marked right, but the reader says it fails"),
    ],
)
def test_load_content_refuses_bad_problems(db, tmp_path, sgf, reason):
    from django.core.management import call_command
    from django.core.management.base import CommandError

    folder = tmp_path / "go" / "puzzles"
    (folder / "sgf").mkdir(parents=True)
    bad = LADDER.replace("B[ch]TE[1]", "B[ch]BM[1]").replace("B[bi]BM[1]", "B[bi]TE[1]")
    (folder / "sgf" / "bad.sgf").write_text(bad)
    (folder / "p.toml").write_text(f'[[puzzles]]\nslug = "x"\nkind = "go.capture"\nsgf = "{sgf}"\n')
    with pytest.raises((CommandError, Exception), match=reason):
        call_command("load_content", dir=tmp_path, stdout=open("/dev/null", "w"))  # noqa: SIM115
    assert not Puzzle.objects.filter(slug="x").exists()


# --- the library on the game page -------------------------------------------------


def test_the_game_page_lists_the_library_by_theme_a_page_at_a_time(client, db):
    from puzzles.models import Theme

    ladder_theme = Theme.objects.create(slug="ladder", name_zh="征子", name_en="Ladder")
    net = Theme.objects.create(slug="net", name_zh="枷吃", name_en="Net")
    for number in range(45):
        puzzle = make(f"p{number:02}", "go.capture", {"sgf": LADDER}, rating=600 + number)
        puzzle.themes.add(ladder_theme if number % 3 else net)
    page = text(client.get("/learn/go/"))
    assert "Ladder 30" in page and "Net 15" in page
    assert "Page 1 of 2" in page
    netted = client.get("/learn/go/?theme=net").content.decode()
    assert netted.count('href="/puzzles/p') == 15
    assert 'href="/puzzles/p01/"' not in netted
    second = client.get("/learn/go/?page=2").content.decode()
    assert second.count('href="/puzzles/p') == 5 and 'href="/puzzles/p44/"' in second
    assert client.get("/learn/go/?page=junk&theme=<x>").status_code == 200


def test_finding_a_point_keeps_the_whole_board_in_view(client, db):
    empty = "\n".join(". " * 19 for _ in range(19))
    make("star19", "go.point", {"diagram": empty, "goal": "star"})
    assert 'cols-19 rows-19"' in client.get("/puzzles/star19/").content.decode()
    answered = post(client, "star19", move="Q4", ply="0").content.decode()
    assert "Correct!" in text_of(answered) and 'cols-19 rows-19"' in answered


def text_of(page: str) -> str:
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", page))


# --- garbage never breaks a Go exercise -----------------------------------------------


GARBAGE = [
    "",
    " ",
    "pass",
    "PASS",
    "Z0",
    "A0",
    "T20",
    "-1",
    "1e9",
    "3/0",
    "½",
    "D4\x00",
    "<b>",
    "A1 A2",
    "null",
    "NaN",
    "0.5",
    "361",
    "9" * 40,
    "guesser",
    "superko",
]


def test_garbage_at_every_go_kind_is_a_4xx_never_a_5xx(client, db):
    puzzles = [
        make("g-capture", "go.capture", {"sgf": LADDER}),
        make("g-liberties", "go.liberties", {"diagram": CORNER, "point": "B2"}),
        make("g-legal", "go.legal", {"diagram": KO, "moves": KO_MOVES, "point": "D5"}),
        make("g-find", "go.legal", {"diagram": SUICIDE, "find": "forbidden"}),
        make("g-point", "go.point", {"diagram": CORNER, "goal": "atari", "point": "B2"}),
        make("g-dead", "go.dead", {"diagram": FINISHED, "dead": ["C9"], "to_move": "white"}),
        make("g-count", "go.count", {"diagram": COUNTED, "komi": 0}),
        make("g-result", "go.count", {"size": 19, "black": 185, "ask": "result"}),
        make("g-nigiri", "go.nigiri", {"grabbed": 7, "shown": 1}),
        make("g-clock", "go.byoyomi", {"reserve": 3, "moves": [60]}),
    ]
    for puzzle in puzzles:
        for value in GARBAGE:
            for field in ("move", "answer"):
                client.post(f"/puzzles/{puzzle.slug}/", {"action": "retry"})
                response = post(client, puzzle.slug, **{field: value, "ply": "0"})
                assert response.status_code in (200, 400), (puzzle.slug, field, value)
            for fields in ({"action": value}, {"move": "C2", "ply": value}):
                response = post(client, puzzle.slug, **fields)
                assert response.status_code in (200, 400, 409), (puzzle.slug, fields)
