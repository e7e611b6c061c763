"""Every clickable point is at least 28 × 28 CSS px on a 360 px phone, over every
lesson step with an exercise and two puzzles of every kind of the shipped content,
and the page never scrolls sideways (a wide board scrolls in its own frame)."""

import pytest
from django.core.management import call_command
from playwright.sync_api import expect

from tests.shipped import shipped_content

pytestmark = pytest.mark.browser

PHONE = {"width": 360, "height": 740}


@pytest.fixture(scope="module")
def shipped(django_db_setup, django_db_blocker, tmp_path_factory):
    """The shipped lessons and puzzles, as the pages to visit: every lesson step
    with an exercise, and the puzzles of each kind, of the games below (Xiangqi's
    pages are not visited here). The whole folder is loaded, as the site loads it.

    Loading them takes minutes, and each browser test ends by emptying the
    database: they are loaded once, kept as a fixture file, and put back for each
    test (``site``)."""
    from puzzles.models import Puzzle
    from tutorials.models import Lesson, Step

    saved = tmp_path_factory.mktemp("shipped") / "shipped.json"
    games = ("go", "renju", "dagunzi", "shengji", "guandan", "tiaoqi", "junqi", "baohuang")
    with shipped_content(django_db_blocker), django_db_blocker.unblock():
        Lesson.objects.exclude(game__in=games).delete()
        Puzzle.objects.exclude(game__in=games).delete()
        call_command("dumpdata", "puzzles", "tutorials", output=str(saved), verbosity=0)
        steps = Step.objects.filter(exercise__isnull=False).select_related("lesson")
        lessons = [f"/learn/{s.lesson.game}/{s.lesson.slug}/{s.order}/" for s in steps]
        kinds = {}
        for slug, kind in (
            Puzzle.objects.filter(is_public=True).order_by("slug").values_list("slug", "kind")
        ):
            kinds.setdefault(kind, []).append(slug)
    return {"fixture": saved, "lessons": lessons, "kinds": kinds}


@pytest.fixture
def site(shipped, transactional_db, live_server):
    call_command("loaddata", str(shipped["fixture"]), verbosity=0)
    return live_server.url.rstrip("/")


SIZES = """() => [...document.querySelectorAll(
    "#play button.point, #play button.card, #play label.card, #play .answer-controls button"
  )].map((el) => {
    const r = el.getBoundingClientRect();
    const name = el.getAttribute("aria-label") || el.textContent.trim();
    // A fanned card (保皇's ranks) is covered by the next one on its right: what
    // shows of it is what can be tapped.
    const next = el.nextElementSibling;
    const nr = next && next.matches(".card") ? next.getBoundingClientRect() : null;
    const covered = nr && nr.top === r.top && nr.left > r.left && nr.left < r.right;
    return {name, width: covered ? nr.left - r.left : r.width, height: r.height};
  })"""


def small_points(page, url):
    page.goto(url)
    expect(page.locator("#play")).to_be_visible()
    found = page.evaluate(SIZES)
    assert found, f"{url}: nothing to click"
    small = [
        f"{url} {p['name']}: {p['width']:.1f}×{p['height']:.1f}"
        for p in found
        if p["width"] < 27.99 or p["height"] < 27.99
    ]
    # The page itself never scrolls sideways: only a board's frame does.
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"], url
    return small


def test_every_lesson_exercise_point_fits_a_thumb(new_page, site, shipped):
    page = new_page(viewport=PHONE)
    urls = [f"{site}{path}" for path in shipped["lessons"]]
    assert len(urls) > 20
    small = [line for url in urls for line in small_points(page, url)]
    assert not small, "\n".join(small[:40])


def test_puzzles_of_every_kind_fit_a_thumb(new_page, site, shipped):
    page = new_page(viewport=PHONE)
    kinds = shipped["kinds"]
    assert {kind.split(".")[0] for kind in kinds} >= {
        "go",
        "renju",
        "dagunzi",
        "shengji",
        "guandan",
        "tiaoqi",
        "junqi",
        "baohuang",
    }
    small = []
    for slugs in kinds.values():
        for slug in slugs[:2]:
            small += small_points(page, f"{site}/puzzles/{slug}/")
    assert not small, "\n".join(small[:40])
