"""`manage.py load_content`: idempotent, applies edits, and all-or-nothing on errors."""

import io
import shutil
from pathlib import Path

import pytest
from django.core.management import CommandError, call_command

from puzzles.models import Puzzle, Theme
from tutorials.models import Lesson, LessonProgress, Step

CONTENT = Path(__file__).resolve().parent.parent / "content"


def load(root):
    out = io.StringIO()
    call_command("load_content", dir=root, stdout=out)
    return out.getvalue()


def snapshot():
    """Everything the loader writes, in a comparable form."""
    return {
        "themes": sorted(Theme.objects.values_list("slug", "name_zh", "name_en")),
        "puzzles": sorted(
            (p.slug, p.kind, p.is_public, p.prompt_en, p.prompt_zh, p.explanation_en, p.rating)
            for p in Puzzle.objects.all()
        ),
        "puzzle_themes": sorted(
            Puzzle.themes.through.objects.values_list("puzzle__slug", "theme__slug")
        ),
        "lessons": sorted(Lesson.objects.values_list("game", "slug", "order", "title_en")),
        "lesson_themes": sorted(
            Lesson.themes.through.objects.values_list("lesson__slug", "theme__slug")
        ),
        "steps": sorted(
            Step.objects.values_list("lesson__slug", "order", "text_en", "exercise__slug")
        ),
    }


@pytest.fixture
def tree(tmp_path):
    """A private copy of the test content to edit."""
    root = tmp_path / "content"
    shutil.copytree(CONTENT, root)
    return root


def edit(path: Path, old: str, new: str):
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new), encoding="utf-8")


def test_load_reports_what_it_loaded(db):
    out = load(CONTENT)
    assert "Loaded 1 lessons (3 steps), 2 puzzles and 2 themes" in out
    assert Puzzle.objects.filter(is_public=True).count() == 2
    # The inline exercise of step 2 is a private puzzle.
    assert Puzzle.objects.get(slug="go-first-steps-2").is_public is False
    assert Step.objects.get(order=3).exercise.slug == "pick-one"
    assert sorted(Puzzle.objects.get(slug="pick-two").themes.values_list("slug", flat=True)) == [
        "atari",
        "net",
    ]


def test_loading_twice_duplicates_nothing(db, make_client):
    load(CONTENT)
    first = snapshot()
    load(CONTENT)
    assert snapshot() == first
    assert Puzzle.objects.count() == 3
    assert Lesson.objects.count() == 1
    assert Step.objects.count() == 3
    assert Theme.objects.count() == 2
    page = make_client().get("/learn/go/").content.decode()
    assert page.count('href="/learn/go/first-steps/"') == 1
    assert page.count('href="/puzzles/pick-one/"') == 1


def test_reloading_keeps_learners_progress(db, make_client, learner_user):
    load(CONTENT)
    client = make_client(learner_user)
    client.post("/learn/go/first-steps/1/", {"action": "next"})
    client.post("/puzzles/pick-one/", {"move": "c2", "ply": "0"})
    load(CONTENT)
    assert LessonProgress.objects.get().steps_done == [1]
    assert "1 puzzle solved" in client.get("/me/").content.decode()
    assert "You have solved this before." in client.get("/puzzles/pick-one/").content.decode()


def test_edits_are_applied(db, tree, make_client):
    load(tree)
    edit(tree / "go/lessons/01-first-steps.toml", 'en = "First steps"', 'en = "Very first steps"')
    edit(
        tree / "go/puzzles/picks.toml",
        'en = "Black to play: find the right point."',
        'en = "Black to play: find the point that works."',
    )
    edit(tree / "go/puzzles/picks.toml", 'themes = ["atari", "net"]', 'themes = ["net"]')
    edit(tree / "themes.toml", 'en = "Net"', 'en = "Net (geta)"')
    load(tree)

    assert Puzzle.objects.count() == 3
    assert Lesson.objects.count() == 1
    client = make_client()
    game = client.get("/learn/go/").content.decode()
    assert "Very first steps" in game
    assert "find the point that works" in game
    assert "find the right point" not in game
    puzzle = client.get("/puzzles/pick-one/").content.decode()
    assert "Black to play: find the point that works." in puzzle
    assert list(Puzzle.objects.get(slug="pick-two").themes.values_list("slug", flat=True)) == [
        "net"
    ]
    assert Theme.objects.get(slug="net").name_en == "Net (geta)"


def test_removed_steps_are_removed(db, tree, make_client):
    load(tree)
    path = tree / "go/lessons/01-first-steps.toml"
    text = path.read_text(encoding="utf-8")
    path.write_text(text[: text.rindex("[[steps]]")], encoding="utf-8")
    load(tree)
    assert list(Step.objects.values_list("order", flat=True)) == [1, 2]
    client = make_client()
    assert "Step 2 of 2" in client.get("/learn/go/first-steps/2/").content.decode()
    assert client.get("/learn/go/first-steps/3/").status_code == 404


GOOD_PUZZLE = """
[[puzzles]]
slug = "zz-extra"
kind = "test.pick"
themes = ["atari"]
prompt = { zh = "黑先。", en = "Black to play." }
data = { size = 5, line = [ { accept = ["c2"] } ] }
"""

BROKEN = {
    "bad data for the kind": (
        GOOD_PUZZLE.replace("size = 5", "size = 3"),
        "size must be a whole number from 5 to 19",
    ),
    "accepted point off the board": (
        GOOD_PUZZLE.replace('accept = ["c2"]', 'accept = ["z9"]'),
        "off the board",
    ),
    "unknown kind": (GOOD_PUZZLE.replace("test.pick", "test.nope"), "unknown puzzle kind"),
    "unknown theme": (GOOD_PUZZLE.replace('["atari"]', '["atari", "ladder"]'), "ladder"),
    "missing en text": (
        GOOD_PUZZLE.replace('{ zh = "黑先。", en = "Black to play." }', '{ zh = "黑先。" }'),
        "'prompt' needs both a zh and an en text",
    ),
    "malformed TOML": (GOOD_PUZZLE.replace("prompt = {", "prompt = {{"), "not valid TOML"),
    "no data": (GOOD_PUZZLE.replace("data = {", "other = {"), "has no data"),
    "duplicate slug": (GOOD_PUZZLE + GOOD_PUZZLE, "appears twice"),
}


def _break_tree(tree, body):
    # Edits that sort before the broken file, to prove they are rolled back too.
    edit(
        tree / "go/puzzles/picks.toml",
        'en = "Black to play: find the right point."',
        'en = "Edited prompt that must not stay."',
    )
    edit(tree / "themes.toml", 'en = "Atari"', 'en = "Edited theme"')
    bad = tree / "go/puzzles/zz-broken.toml"
    bad.write_text(body, encoding="utf-8")
    return bad


@pytest.mark.parametrize("case", BROKEN)
def test_invalid_file_stops_the_load_and_changes_nothing(db, tree, case):
    body, reason = BROKEN[case]
    load(CONTENT)
    before = snapshot()
    bad = _break_tree(tree, body)
    with pytest.raises(CommandError) as error:
        load(tree)
    message = str(error.value)
    assert "zz-broken.toml" in message
    assert reason in message
    assert snapshot() == before
    assert not Puzzle.objects.filter(slug="zz-extra").exists()
    # Once the file is fixed, the load goes through.
    bad.write_text(GOOD_PUZZLE, encoding="utf-8")
    load(tree)
    assert Puzzle.objects.filter(slug="zz-extra").exists()
    assert Puzzle.objects.get(slug="pick-one").prompt_en == "Edited prompt that must not stay."


@pytest.mark.parametrize("case", ["unknown theme", "malformed TOML"])
def test_invalid_file_on_an_empty_site_loads_nothing(db, tree, case):
    body, reason = BROKEN[case]
    _break_tree(tree, body)
    with pytest.raises(CommandError, match=reason):
        load(tree)
    assert snapshot() == {
        "themes": [],
        "puzzles": [],
        "puzzle_themes": [],
        "lessons": [],
        "lesson_themes": [],
        "steps": [],
    }


BROKEN_LESSONS = {
    "unknown library puzzle": (
        ('exercise = "pick-one"', 'exercise = "no-such-puzzle"'),
        "'no-such-puzzle' is not a go puzzle",
    ),
    "invalid static board": (("size = 5, stones = { c3", "size = 2, stones = { c3"), "step 1"),
    "missing en title": (('en = "First steps"', 'fr = "Premiers pas"'), "'title' needs both"),
    "invalid inline exercise": (('accept = ["c2"] } ] } }', "accept = [] } ] } }"), "invalid"),
    "unknown lesson theme": (('themes = ["atari"]', 'themes = ["atari", "tesuji"]'), "tesuji"),
    "themes not a list": (('themes = ["atari"]', 'themes = "atari"'), "list of theme slugs"),
}


def test_a_lesson_names_the_themes_it_teaches(db, tree):
    load(tree)
    lesson = Lesson.objects.get(slug="first-steps")
    assert list(lesson.themes.values_list("slug", flat=True)) == ["atari"]
    edit(tree / "go/lessons/01-first-steps.toml", 'themes = ["atari"]', 'themes = ["net"]')
    load(tree)
    assert list(lesson.themes.values_list("slug", flat=True)) == ["net"]
    edit(tree / "go/lessons/01-first-steps.toml", 'themes = ["net"]', "themes = []")
    load(tree)
    assert not lesson.themes.exists()


SHIPPED = Path(__file__).resolve().parent.parent.parent / "content"


@pytest.mark.parametrize(
    "path", sorted(SHIPPED.glob("*/lessons/*.toml")), ids=lambda path: path.stem
)
def test_every_shipped_lesson_says_what_it_teaches(path):
    """``themes`` may be left out of a lesson file (it then teaches none), but the
    shipped lessons all say it, [] included: practice after them depends on it."""
    import tomllib

    themes = tomllib.loads(path.read_text(encoding="utf-8")).get("themes")
    assert isinstance(themes, list), f"{path}: no themes = [...]"


@pytest.mark.parametrize("case", BROKEN_LESSONS)
def test_invalid_lesson_file_stops_the_load_and_changes_nothing(db, tree, case):
    (old, new), reason = BROKEN_LESSONS[case]
    load(CONTENT)
    before = snapshot()
    edit(
        tree / "go/puzzles/picks.toml",
        'en = "Black to play: find the right point."',
        'en = "Edited prompt that must not stay."',
    )
    path = tree / "go/lessons/01-first-steps.toml"
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    with pytest.raises(CommandError) as error:
        load(tree)
    assert "01-first-steps.toml" in str(error.value)
    assert reason in str(error.value)
    assert snapshot() == before


def test_unknown_game_folder_is_refused(db, tree):
    (tree / "chess").mkdir()
    with pytest.raises(CommandError, match="unknown game 'chess'"):
        load(tree)
    assert not Puzzle.objects.exists()


def test_missing_folder_is_refused(db, tmp_path):
    with pytest.raises(CommandError, match="content folder not found"):
        load(tmp_path / "nowhere")


def test_a_puzzle_taken_out_of_the_files_leaves_the_library_with_its_history(db, tree):
    from accounts.services import create_anonymous_learner
    from puzzles.models import Attempt

    load(tree)
    gone = Puzzle.objects.get(slug="pick-two")
    learner = create_anonymous_learner()
    Attempt.objects.create(learner=learner, puzzle=gone, state={}, moves=["c2"])
    text = (tree / "go/puzzles/picks.toml").read_text(encoding="utf-8")
    start = text.index("[[puzzles]]", text.index('slug = "pick-one"'))
    (tree / "go/puzzles/picks.toml").write_text(text[:start], encoding="utf-8")
    out = load(tree)
    assert "1 library puzzles no longer in the files left the library" in out
    gone.refresh_from_db()
    assert gone.is_public is False
    assert Attempt.objects.filter(puzzle=gone).count() == 1  # the learner's history stays
    assert Puzzle.objects.get(slug="pick-one").is_public is True
    assert not Puzzle.themes.through.objects.filter(puzzle=gone, is_public=True).exists()
    # Put back, it is in the library again.
    (tree / "go/puzzles/picks.toml").write_text(text, encoding="utf-8")
    load(tree)
    gone.refresh_from_db()
    assert gone.is_public is True
