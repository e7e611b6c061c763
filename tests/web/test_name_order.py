"""Students' names in pinyin order: the class page, the login cards, the results grid
and its CSV, and the assignment form's list of students.

Latin names go among the Chinese ones by their letters (阿明 ā míng, Anna, Bob, 李四 …),
not all before them as comparing code points would put them.
"""

import csv
import io
import re

import pytest
from django.utils import timezone

from classrooms import assignments, services
from classrooms.models import StudentBatch
from classrooms.names import name_key
from puzzles.models import Puzzle
from tests.conftest import make_user

NAMES = ["张三", "李四", "Anna", "王五", "Bob", "阿明"]
IN_ORDER = ["阿明", "Anna", "Bob", "李四", "王五", "张三"]


@pytest.mark.parametrize(
    ("names", "expected"),
    [
        (NAMES, IN_ORDER),
        # Same syllables: by tone (李 lǐ before 利 lì); then a longer name after its start.
        (["利明", "李明", "李"], ["李", "李明", "利明"]),
        # Case and accents do not count; a name starting with a digit goes first.
        (["bob", "Émile", "ANNA", "3班 小明"], ["3班 小明", "ANNA", "bob", "Émile"]),
        # A surname read as a surname: 曾 zēng (not céng) after 王, 单 shàn (not dān) before 宋;
        # inside a name the everyday reading (陈曾 chen ceng).
        (
            ["曾国藩", "陈明", "王五", "宋江", "单雄信", "陈曾"],
            ["陈曾", "陈明", "单雄信", "宋江", "王五", "曾国藩"],
        ),
        # Mixed names read left to right: 小A (xiao a) after 王 (wang), before 张 (zhang).
        (["张", "小A", "王"], ["王", "小A", "张"]),
    ],
)
def test_names_sort_by_pinyin_with_latin_names_among_them(names, expected):
    assert sorted(names, key=name_key) == expected


@pytest.fixture
def named_class(content):
    owner = make_user("owner", teacher=True)
    classroom = services.create_classroom(owner, name="三年级二班", game="go")
    batch = services.create_students(classroom, "\n".join(NAMES), teacher=owner)
    return classroom, owner, batch


def _in_page_order(text: str, names) -> list[str]:
    found = {name: text.index(name) for name in names}
    return sorted(names, key=found.get)


def test_the_class_page_and_login_cards_list_students_by_pinyin(make_client, named_class):
    classroom, owner, batch = named_class
    client = make_client(owner)
    page = client.get(f"/classes/{classroom.pk}/").content.decode()
    table = page[page.index("<table") :]
    assert _in_page_order(table, NAMES) == IN_ORDER
    cards = client.get(f"/classes/{classroom.pk}/cards/batch/{batch.pk}/").content.decode()
    assert _in_page_order(cards, NAMES) == IN_ORDER
    assert StudentBatch.objects.count() == 1


def test_the_results_grid_csv_and_student_choice_go_by_pinyin(make_client, named_class):
    classroom, owner, _batch = named_class
    assignment = assignments.create_assignment(
        classroom, owner, title="作业", due_at=timezone.now() + timezone.timedelta(days=1)
    )
    assignments.add_items(assignment, puzzles=[Puzzle.objects.get(slug="pick-one")], lessons=[])
    client = make_client(owner)
    base = f"/classes/{classroom.pk}/assignments/{assignment.pk}"
    grid = client.get(f"{base}/").content.decode()
    rows = re.findall(r'<th scope="row">(.*?)</th>', grid, flags=re.S)
    assert [name for row in rows for name in NAMES if name in row] == IN_ORDER
    body = client.get(f"{base}/results.csv").content.decode("utf-8-sig")
    _header, *students, _totals = csv.reader(io.StringIO(body))
    assert [row[0] for row in students] == IN_ORDER
    form = client.get(f"{base}/edit/").content.decode()
    assert _in_page_order(form[form.index('name="students"') :], NAMES) == IN_ORDER
