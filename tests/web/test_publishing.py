"""Publishing through review: a teacher's "publish" asks, staff approve in the admin.

Until a member of staff approves it, an asked-for puzzle stays private (a 404 for
anyone outside the author's classes); the teacher's list and the puzzle's own page
say where it stands, the editors' note included when they decline. Changing a
library puzzle's content sends it back to review; withdrawing or unpublishing is
immediate.
"""

import html
import importlib

import pytest
from django.apps import apps

from puzzles import publishing
from puzzles.access import library_games
from puzzles.models import Puzzle, PuzzleTheme, Theme
from tests.conftest import classroom_world
from tests.helpers import Editor, audit, go_fields

REVIEW_LIST = "/admin/puzzles/publicationrequest/"


@pytest.fixture
def world(db):
    return classroom_world("Go club")


@pytest.fixture
def teacher(world, make_client):
    return make_client(world["owner"])


@pytest.fixture
def staff(make_client, staff_user):
    return make_client(staff_user)


def text_of(response) -> str:
    return html.unescape(response.content.decode())


def make_puzzle(teacher, **fields) -> Puzzle:
    response = teacher.post("/classes/puzzles/new/go/", go_fields(**fields))
    assert response.status_code == 302, text_of(response)[:2000]
    slug = response["Location"].split("/")[2]
    return Puzzle.objects.get(slug=slug)


def ask(teacher, puzzle):
    return teacher.post(f"/classes/puzzles/{puzzle.slug}/publish/", {"publish": "1"})


def make_private(teacher, puzzle):
    return teacher.post(f"/classes/puzzles/{puzzle.slug}/publish/", {"publish": "0"})


def status_of(puzzle) -> str:
    puzzle.refresh_from_db()
    return puzzle.library_status


def in_review_list(staff, puzzle) -> bool:
    return (
        f"/admin/puzzles/publicationrequest/{puzzle.pk}/change/"
        in staff.get(REVIEW_LIST).content.decode()
    )


def test_publish_asks_and_the_puzzle_stays_private(world, teacher, make_client, staff):
    puzzle = make_puzzle(teacher)
    response = ask(teacher, puzzle)
    assert response.status_code == 302
    assert status_of(puzzle) == "waiting" and not puzzle.is_public
    for persona in (None, world["outsider"], world["other"]):
        assert make_client(persona).get(puzzle.url).status_code == 404
    assert "go" not in library_games()
    page = text_of(teacher.get("/classes/puzzles/"))
    assert "Sent for review" in page and "awaiting review" in page
    assert "Withdraw the request" in page
    own_page = text_of(teacher.get(puzzle.url))
    assert "Your puzzle is awaiting review" in own_page
    assert "awaiting review" not in text_of(make_client(world["student"]).get(puzzle.url))
    assert in_review_list(staff, puzzle)


def test_a_new_puzzle_saved_with_publish_ticked_waits_for_review(teacher, make_client):
    puzzle = make_puzzle(teacher, is_public="on", rating="800")
    assert status_of(puzzle) == "waiting" and not puzzle.is_public
    assert make_client().get(puzzle.url).status_code == 404


def test_staff_approve_from_the_review_list(world, teacher, make_client, staff):
    puzzle = make_puzzle(teacher)
    ask(teacher, puzzle)
    response = staff.post(
        REVIEW_LIST, {"action": "approve", "_selected_action": [puzzle.pk], "index": "0"}
    )
    assert response.status_code == 302
    assert status_of(puzzle) == "library" and puzzle.is_public
    assert PuzzleTheme.objects.filter(puzzle=puzzle, is_public=False).count() == 0
    assert make_client().get(puzzle.url).status_code == 200
    assert "go" in library_games()
    assert "in the library" in text_of(teacher.get("/classes/puzzles/"))
    assert "Your puzzle is in the puzzle library" in text_of(teacher.get(puzzle.url))
    assert not in_review_list(staff, puzzle)


def test_staff_decline_with_a_note_the_teacher_reads(world, teacher, make_client, staff):
    puzzle = make_puzzle(teacher)
    ask(teacher, puzzle)
    chosen = {"action": "decline", "_selected_action": [puzzle.pk], "index": "0"}
    asking = staff.post(REVIEW_LIST, chosen)
    assert asking.status_code == 200 and "Note to the author" in text_of(asking)
    assert status_of(puzzle) == "waiting"  # nothing happens before the note page is sent
    note = "The marked stone can escape at D5 as well."
    response = staff.post(REVIEW_LIST, {**chosen, "apply": "1", "note": note})
    assert response.status_code == 302
    assert status_of(puzzle) == "declined" and not puzzle.is_public
    assert puzzle.publication_note == note
    assert make_client().get(puzzle.url).status_code == 404
    assert note in text_of(teacher.get("/classes/puzzles/"))
    own_page = text_of(teacher.get(puzzle.url))
    assert "An editor declined your puzzle for the library." in own_page and note in own_page
    assert note not in text_of(make_client(world["student"]).get(puzzle.url))
    assert not in_review_list(staff, puzzle)
    # Asking again puts it back in the list, without the old note.
    ask(teacher, puzzle)
    assert status_of(puzzle) == "waiting" and puzzle.publication_note == ""
    assert in_review_list(staff, puzzle)


def test_the_review_page_of_one_puzzle_approves_or_declines(teacher, staff, make_client):
    first, second = make_puzzle(teacher), make_puzzle(teacher, prompt_en="Another one.")
    ask(teacher, first)
    ask(teacher, second)
    url = f"{REVIEW_LIST}{first.pk}/change/"
    page = staff.get(url)
    assert page.status_code == 200
    text = text_of(page)
    assert "Black to play: capture the marked stone." in text
    assert 'name="_approve"' in text and 'name="_decline"' in text
    assert staff.post(url, {"publication_note": "", "_approve": "1"}).status_code == 302
    assert status_of(first) == "library"
    url = f"{REVIEW_LIST}{second.pk}/change/"
    note = "Give the English prompt a full sentence."
    assert staff.post(url, {"publication_note": note, "_decline": "1"}).status_code == 302
    assert status_of(second) == "declined" and second.publication_note == note
    assert make_client().get(second.url).status_code == 404


def test_the_review_list_holds_only_waiting_puzzles(teacher, staff, content):
    private, waiting, library = make_puzzle(teacher), make_puzzle(teacher), make_puzzle(teacher)
    ask(teacher, waiting)
    ask(teacher, library)
    publishing.approve(library)
    page = staff.get(REVIEW_LIST).content.decode()
    assert f"{waiting.pk}/change/" in page
    for other in (private, library, Puzzle.objects.get(slug="pick-one")):
        assert f"{REVIEW_LIST}{other.pk}/change/" not in page
    assert staff.get(f"{REVIEW_LIST}{private.pk}/change/").status_code == 302  # not in it


def test_only_staff_review(world, teacher, make_client):
    puzzle = make_puzzle(teacher)
    ask(teacher, puzzle)
    for user in (world["owner"], world["other"], world["student"], None):
        client = make_client(user)
        assert client.get(REVIEW_LIST).status_code == 302  # to the admin's log-in
        client.post(REVIEW_LIST, {"action": "approve", "_selected_action": [puzzle.pk]})
        assert status_of(puzzle) == "waiting"


def test_editing_a_library_puzzle_sends_it_back_to_review(teacher, make_client, staff):
    puzzle = make_puzzle(teacher)
    ask(teacher, puzzle)
    publishing.approve(puzzle)
    url = f"/classes/puzzles/{puzzle.slug}/edit/"
    editor = Editor(teacher, url)
    assert "sends it back to review: it leaves the library" in text_of(editor.response)
    # Saving it unchanged (or with a new estimated rating) keeps it in the library.
    editor.post(action="save", is_public="on", rating="900")
    assert editor.response.status_code == 302
    assert status_of(puzzle) == "library"
    editor = Editor(teacher, url)
    editor.post(action="save", is_public="on", prompt_en="Black to play: capture two stones.")
    assert editor.response.status_code == 302
    assert status_of(puzzle) == "waiting" and not puzzle.is_public
    assert make_client().get(puzzle.url).status_code == 404
    assert in_review_list(staff, puzzle)
    # The new words are what staff approve.
    publishing.approve(puzzle)
    assert "capture two stones" in text_of(make_client().get(puzzle.url))


def test_withdrawing_and_unpublishing_are_immediate(teacher, make_client, staff):
    puzzle = make_puzzle(teacher)
    ask(teacher, puzzle)
    assert make_private(teacher, puzzle).status_code == 302
    assert status_of(puzzle) == "private" and not in_review_list(staff, puzzle)
    assert "The puzzle is private" in text_of(teacher.get("/classes/puzzles/"))
    ask(teacher, puzzle)
    publishing.approve(puzzle)
    assert make_client().get(puzzle.url).status_code == 200
    make_private(teacher, puzzle)
    assert status_of(puzzle) == "private"
    assert make_client().get(puzzle.url).status_code == 404
    # Unticking the box on the form does the same.
    ask(teacher, puzzle)
    editor = Editor(teacher, f"/classes/puzzles/{puzzle.slug}/edit/")
    editor.post(action="save", is_public="")
    assert status_of(puzzle) == "private"


def test_the_pages_keep_the_strict_csp(teacher, staff):
    puzzle = make_puzzle(teacher)
    ask(teacher, puzzle)
    publishing.decline(puzzle, "<script>alert(1)</script> Not quite.")
    for url in ("/classes/puzzles/", puzzle.url, f"/classes/puzzles/{puzzle.slug}/edit/"):
        page = teacher.get(url).content.decode()
        assert audit(page).problems == [], url
        assert "<script>alert(1)" not in page


def test_teachers_puzzles_published_before_review_go_to_review(teacher, content):
    puzzle = make_puzzle(teacher)
    puzzle.themes.add(Theme.objects.get(slug="net"))
    Puzzle.objects.filter(pk=puzzle.pk).update(is_public=True)  # as the old "publish" did
    PuzzleTheme.objects.filter(puzzle=puzzle).update(is_public=True)
    migration = importlib.import_module("puzzles.migrations.0006_puzzle_publication")
    migration.send_teachers_library_puzzles_to_review(apps, None)
    assert status_of(puzzle) == "waiting" and not puzzle.is_public
    assert not PuzzleTheme.objects.filter(puzzle=puzzle, is_public=True).exists()
    assert Puzzle.objects.get(slug="pick-one").is_public  # the editors' library stays
