"""axe-core finds nothing on any page type, in Chinese and in English.

axe-core comes from the npm registry: installed once into a cache folder outside
the checkout (``npm install``) when it is not there yet, and injected into each
page. Without npm the tests skip on a developer's machine and fail in CI.
"""

import os
import shutil
import subprocess
from pathlib import Path

import pytest
from playwright.sync_api import expect

from classrooms import services
from classrooms.models import Assignment, AssignmentItem
from puzzles.models import Puzzle
from tests.conftest import make_user
from tests.helpers import DAGUNZI_ENDING as ENDING
from tests.helpers import GUANDAN_FULL_HOUSE, LADDER, SHENGJI_RUFF
from tutorials.models import Lesson

from .conftest import log_in

pytestmark = pytest.mark.browser

CACHE = Path(os.environ.get("XDG_CACHE_HOME", Path.home() / ".cache")) / "qipai" / "axe"
AXE = CACHE / "node_modules" / "axe-core" / "axe.min.js"


RUN_AXE = """async () => {
  const result = await axe.run(document, {resultTypes: ["violations"]});
  return result.violations.map((v) => ({
    id: v.id, impact: v.impact, help: v.help,
    nodes: v.nodes.slice(0, 4).map((n) => n.target.join(" ") + ": " + n.failureSummary),
  }));
}"""


@pytest.fixture(scope="session")
def axe_script():
    """The path of axe.min.js, installed from the npm registry if missing."""
    if not AXE.exists():
        npm = shutil.which("npm")
        if npm is None:
            if os.environ.get("CI"):
                pytest.fail("npm is missing: the accessibility tests never skip in CI")
            pytest.skip("npm is missing (apt-get install npm)")
        CACHE.mkdir(parents=True, exist_ok=True)
        subprocess.run(
            [npm, "install", "--prefix", str(CACHE), "--no-audit", "--no-fund", "axe-core@4"],
            check=True,
            capture_output=True,
            timeout=300,
        )
    return AXE


@pytest.fixture
def world(site):
    """Something on every page: puzzles of every game, a class with homework."""
    Puzzle.objects.create(
        slug="ladder",
        game="go",
        kind="go.capture",
        data={"sgf": LADDER},
        prompt_zh="黑先，吃掉△白子。",
        prompt_en="Black to play: capture the marked stone.",
    )
    Puzzle.objects.create(
        slug="renju-forbidden",
        game="renju",
        kind="renju.forbidden",
        data={"moves": "h8 h9 i8 i9 j9 g9 j7 k9"},
        prompt_zh="标出黑棋所有的禁手点，然后按“完成”。",
        prompt_en="Mark every point where black may not play, then press Done.",
    )
    Puzzle.objects.create(
        slug="dagunzi-bang",
        game="dagunzi",
        kind="dagunzi.play",
        data=ENDING,
        prompt_zh="死棒：上家出了 ♥8♥8，你出哪个棒？",
        prompt_en="死棒: your left led ♥8♥8. Which 棒 do you play?",
    )
    Puzzle.objects.create(
        slug="shengji-ruff",
        game="shengji",
        kind="shengji.play",
        data=SHENGJI_RUFF,
        prompt_zh="打2，红桃主。上家出了拖拉机，你没有黑桃：怎么出？",
        prompt_en="Level 2, hearts trump. Your left led a tractor and you have no spades.",
    )
    Puzzle.objects.create(
        slug="guandan-full-house",
        game="guandan",
        kind="guandan.lead",
        data=GUANDAN_FULL_HOUSE,
        prompt_zh="打8，你先出：怎么出能保证拿到头游？",
        prompt_en="Level 8, you lead: which play makes sure your side goes out first?",
    )
    Puzzle.objects.create(
        slug="guandan-tribute",
        game="guandan",
        kind="guandan.tribute",
        data={"level": 7, "order": [1, 2, 3, 0], "hands": {"0": "♥7 ♠7 ♠A ♦K ♣3"}, "ask": "pay"},
        prompt_zh="你是末游，要进贡哪一张？",
        prompt_en="You came last: which card do you pay?",
    )
    Puzzle.objects.create(
        slug="baohuang-call",
        game="baohuang",
        kind="baohuang.role",
        data={"ask": "call", "hand": "BJ SJ ♠7 ♠7 ♠7 ♥2 ♥2 ♥2 ♦5"},
        prompt_zh="有人让你当皇帝。你能叫哪张牌？",
        prompt_en="You are offered the emperor's role. Which card can you call?",
    )
    Puzzle.objects.create(
        slug="tiaoqi-reach",
        game="tiaoqi",
        kind="tiaoqi.reach",
        data={"red": ["e5", "e6", "e8", "f10"], "green": ["e10", "d12"], "piece": "e5"},
        prompt_zh="把 e5 的棋子这一步能走到的位置全部点出来，再按“完成”。",
        prompt_en="Mark every hole the piece on e5 can reach in one move, then press Done.",
    )
    Puzzle.objects.create(
        slug="tiaoqi-race",
        game="tiaoqi",
        kind="tiaoqi.result",
        data={"first": "red", "red": 31, "green": 32},
        prompt_zh="这盘棋谁赢？",
        prompt_en="Who wins this game?",
    )
    Puzzle.objects.create(
        slug="junqi-capture",
        game="junqi",
        kind="junqi.capture",
        data={"south": {"S10": "engineer"}, "east": {"N11": "mine", "N01": "flag"},
              "target": "N01"},
        prompt_zh="南家走，别的棋子都不动：用 2 步扛走 N01 的军旗。",
        prompt_en="South to move, every other piece standing still: take the flag on N01 in"
        " 2 moves.",
    )  # fmt: skip
    Puzzle.objects.create(
        slug="junqi-fight",
        game="junqi",
        kind="junqi.fight",
        data={"attacker": "engineer", "defender": "mine"},
        prompt_zh="你的工兵去攻击对方的地雷，结果是什么？",
        prompt_en="Your Engineer attacks an enemy Landmine. What happens?",
    )
    teacher = make_user("ms-li", teacher=True)
    student = make_user("xiaoming")
    classroom = services.create_classroom(teacher, name="Go club", game="go")
    services.join(student, classroom.join_code)
    assignment = Assignment.objects.create(classroom=classroom, title="Capture", created_by=teacher)
    AssignmentItem.objects.create(
        assignment=assignment, order=1, puzzle=Puzzle.objects.get(slug="ladder")
    )
    AssignmentItem.objects.create(
        assignment=assignment, order=2, lesson=Lesson.objects.get(slug="first-steps")
    )
    base = f"/classes/{classroom.pk}"
    return {
        "teacher": [
            ("class", f"{base}/"),
            ("results", f"{base}/assignments/{assignment.pk}/"),
            ("picker", f"{base}/assignments/{assignment.pk}/items/"),
            ("editor", "/classes/puzzles/new/go/"),
        ],
        "learner": [("me", "/me/"), ("review", "/review/")],
    }


PUBLIC = [
    ("home", "/"),
    ("game", "/learn/go/"),
    ("reading-step", "/learn/go/first-steps/1/"),
    ("exercise-step", "/learn/go/first-steps/2/"),
    ("go-puzzle", "/puzzles/ladder/"),
    ("renju-puzzle", "/puzzles/renju-forbidden/"),
    ("dagunzi-puzzle", "/puzzles/dagunzi-bang/"),
    ("shengji-puzzle", "/puzzles/shengji-ruff/"),
    ("guandan-puzzle", "/puzzles/guandan-full-house/"),
    ("guandan-tribute", "/puzzles/guandan-tribute/"),
    ("baohuang-call", "/puzzles/baohuang-call/"),
    ("tiaoqi-puzzle", "/puzzles/tiaoqi-reach/"),
    ("tiaoqi-race", "/puzzles/tiaoqi-race/"),
    ("junqi-puzzle", "/puzzles/junqi-capture/"),
    ("junqi-fight", "/puzzles/junqi-fight/"),
    ("daily", "/daily/go/"),
    ("log-in", "/accounts/login/"),
    ("sign-up", "/accounts/signup/"),
]


def violations(page, axe_script):
    page.add_script_tag(path=str(axe_script))
    return page.evaluate(RUN_AXE)


def check(page, name, axe_script, found):
    for v in violations(page, axe_script):
        found.append(f"{name} ({page.url}): {v['id']} [{v['impact']}] {v['help']}")
        found.extend(f"    {node}" for node in v["nodes"])


@pytest.mark.parametrize("locale", ["zh-CN", "en-US"])
def test_no_axe_violations_on_any_page(new_page, site, world, axe_script, locale):
    found: list[str] = []
    # The tests inject axe's own script, which the site's policy rightly forbids.
    page = new_page(locale=locale, bypass_csp=True)
    for name, path in PUBLIC:
        page.goto(f"{site}{path}")
        check(page, name, axe_script, found)

    # After a wrong answer, swapped in by htmx.
    page.goto(f"{site}/puzzles/ladder/")
    page.locator("#play button.point[value=B1]").click()
    expect(page.locator("#play .verdict-title")).to_be_visible()
    check(page, "wrong-answer", axe_script, found)
    # A marking task with one point marked.
    page.goto(f"{site}/puzzles/renju-forbidden/")
    page.locator("#play button.point[value=j8]").click()
    expect(page.locator('#play button.point[aria-pressed="true"]')).to_have_count(1)
    check(page, "marking", axe_script, found)

    learner = new_page(locale=locale, bypass_csp=True)
    log_in(learner, site, "xiaoming")
    for name, path in world["learner"]:
        learner.goto(f"{site}{path}")
        check(learner, name, axe_script, found)

    teacher = new_page(locale=locale, bypass_csp=True)
    log_in(teacher, site, "ms-li")
    for name, path in world["teacher"]:
        teacher.goto(f"{site}{path}")
        check(teacher, name, axe_script, found)
    assert not found, "\n".join(found)
