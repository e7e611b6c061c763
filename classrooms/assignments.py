"""Assignments: what a class is given to do, and how far each student got.

Results are never stored: they are read from the students' puzzle attempts
and lesson progress, so whatever a student did (before the assignment too)
counts, and nothing can drift out of step. Reading a whole class costs a fixed
number of queries however many students and items it has (see ``progress``).
"""

from __future__ import annotations

import datetime
import html
from collections import defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from django.contrib.auth import get_user_model
from django.db import transaction
from django.db.models import Count, Max, Q, Sum
from django.urls import reverse
from django.utils import timezone
from django.utils.html import format_html
from django.utils.http import urlencode
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import get_language, gettext_lazy, pgettext, pgettext_lazy
from django.utils.translation import gettext as _

from puzzles import content_cache
from puzzles.games import get_game
from puzzles.kinds import kind_title
from puzzles.models import Attempt, Puzzle
from puzzles.navigation import Return
from puzzles.services import THINKING_TIME_CAP
from puzzles.thumbnails import thumbnail
from tutorials.models import Lesson, LessonProgress, Step

from .models import Assignment, AssignmentItem, Classroom, Membership
from .names import name_key

MAX_ITEMS = 100  # lessons and puzzles in one assignment

# What a student did with one item.
FIRST_TRY = "first-try"  # a puzzle solved by the first attempt
SOLVED = "solved"  # a puzzle solved after failed attempts
COMPLETED = "completed"  # a lesson, every step done
FAILED = "failed"  # tried, given up or wrong, never solved
TRIED = "tried"  # begun: an attempt under way, some steps of a lesson
NOT_STARTED = "not-started"

DONE = frozenset({FIRST_TRY, SOLVED, COMPLETED})

LABELS = {
    FIRST_TRY: gettext_lazy("solved on the first try"),
    SOLVED: gettext_lazy("solved after retries"),
    COMPLETED: pgettext_lazy("a lesson in the results: every step done", "completed"),
    FAILED: gettext_lazy("failed"),
    TRIED: gettext_lazy("in progress"),
    NOT_STARTED: gettext_lazy("not started"),
}
# What a student is shown of their own work (``Cell.student_status``).
STUDENT_LABELS = {
    "done": gettext_lazy("done"),
    "tried": gettext_lazy("tried"),
    NOT_STARTED: gettext_lazy("not started"),
}
SYMBOLS = {FIRST_TRY: "✓", SOLVED: "✓", COMPLETED: "✓", FAILED: "✗", TRIED: "…", NOT_STARTED: "–"}


def is_after(moment, due) -> bool:
    """Whether ``moment`` is past the due time; never, without a due time (or a moment)."""
    return due is not None and moment is not None and moment > due


class AssignmentError(ValueError):
    """An assignment the rules refuse; the message is for the teacher."""


# ---------------------------------------------------------------------------
# Making assignments


def create_assignment(classroom: Classroom, teacher, *, students=(), **fields) -> Assignment:
    assignment = Assignment.objects.create(classroom=classroom, created_by=teacher, **fields)
    assignment.students.set(students)
    return assignment


def update_assignment(assignment: Assignment, *, students=(), **fields) -> Assignment:
    for name, value in fields.items():
        setattr(assignment, name, value)
    assignment.save()
    assignment.students.set(students)
    return assignment


def addable_puzzles(teacher):
    """Puzzles a teacher may assign: the library's, and the teacher's own."""
    return Puzzle.objects.filter(Q(is_public=True) | Q(author=teacher))


def picked(teacher, puzzle_ids: Sequence[int], lesson_ids: Sequence[int]):
    """The puzzles (in the order ticked) and lessons a teacher chose, all assignable."""
    if not puzzle_ids and not lesson_ids:
        raise AssignmentError(_("Tick the lessons or puzzles to add first."))
    puzzles = list(addable_puzzles(teacher).filter(pk__in=puzzle_ids))
    lessons = list(Lesson.objects.filter(pk__in=lesson_ids))
    if len(puzzles) != len(set(puzzle_ids)) or len(lessons) != len(set(lesson_ids)):
        raise AssignmentError(_("Some of those cannot be assigned."))
    order = {pk: index for index, pk in enumerate(puzzle_ids)}
    puzzles.sort(key=lambda puzzle: order[puzzle.pk])
    return puzzles, lessons


@transaction.atomic
def add_items(assignment: Assignment, *, puzzles: Iterable = (), lessons: Iterable = ()) -> int:
    """Append lessons and puzzles not yet in the assignment; returns how many were new."""
    # Two teachers adding at once take turns, so orders and the cap hold.
    Assignment.objects.select_for_update().filter(pk=assignment.pk).first()
    items = assignment.items.all()
    have_puzzles = set(items.filter(puzzle__isnull=False).values_list("puzzle_id", flat=True))
    have_lessons = set(items.filter(lesson__isnull=False).values_list("lesson_id", flat=True))
    new = [AssignmentItem(lesson=lesson) for lesson in lessons if lesson.pk not in have_lessons]
    new += [AssignmentItem(puzzle=puzzle) for puzzle in puzzles if puzzle.pk not in have_puzzles]
    count = items.count()
    if count + len(new) > MAX_ITEMS:
        raise AssignmentError(
            _("An assignment holds at most %(count)s lessons and puzzles.") % {"count": MAX_ITEMS}
        )
    last = items.aggregate(last=Max("order"))["last"] or 0
    for number, item in enumerate(new, start=1):
        item.assignment, item.order = assignment, last + number
    AssignmentItem.objects.bulk_create(new)
    return len(new)


def remove_item(item: AssignmentItem) -> None:
    item.delete()


@transaction.atomic
def move_item(item: AssignmentItem, step: int) -> None:
    """Move an item one place up (``step`` -1) or down (+1)."""
    items = list(item.assignment.items.select_for_update().order_by("order", "pk"))
    index = next(i for i, other in enumerate(items) if other.pk == item.pk)
    target = index + step
    if 0 <= target < len(items):
        items[index], items[target] = items[target], items[index]
        for order, other in enumerate(items, start=1):
            other.order = order
        AssignmentItem.objects.bulk_update(items, ["order"])


# ---------------------------------------------------------------------------
# Who has to do it


def assigned_students(assignment: Assignment, *, chosen: bool | None = None):
    """The class's active students the assignment is for (all of them when none chosen).

    ``chosen``: whether the teacher chose students, when the caller knows already.
    """
    users = get_user_model().objects.filter(
        memberships__classroom_id=assignment.classroom_id, memberships__archived_at__isnull=True
    )
    if assignment.students.exists() if chosen is None else chosen:
        users = users.filter(pk__in=assignment.students.values("pk"))
    return users


def is_assigned(assignment: Assignment, user) -> bool:
    return assigned_students(assignment).filter(pk=user.pk).exists()


def student_assignments(user, classroom: Classroom | None = None) -> list[Assignment]:
    """Assignments of the user's open classes (or of one) that are for them."""
    if not user.is_authenticated:
        return []
    memberships = Membership.objects.filter(
        student=user, archived_at__isnull=True, classroom__archived_at__isnull=True
    )
    if classroom is not None:
        memberships = memberships.filter(classroom=classroom)
    # Their open classes first, in a plain query: most learners are in none, and are
    # spared the assignments' query (0.9 ms of Python to build, against 0.2 ms).
    classroom_ids = list(memberships.values_list("classroom_id", flat=True))
    if not classroom_ids:
        return []
    return list(
        Assignment.objects.filter(classroom_id__in=classroom_ids)
        .filter(Q(students=None) | Q(students=user))
        .select_related("classroom")
        .distinct()
    )


# ---------------------------------------------------------------------------
# Results


@dataclass
class Cell:
    """One student's work on one item."""

    status: str = NOT_STARTED
    attempts: int = 0
    seconds: int = 0
    hints: int = 0
    late: bool = False  # done, but after the due time
    overdue: bool = False  # not done, and the due time has passed
    steps: int = 0  # a lesson's steps done...
    steps_total: int = 0  # ...of this many

    @property
    def done(self) -> bool:
        return self.status in DONE

    @property
    def label(self) -> str:
        return str(LABELS[self.status])

    @property
    def student_label(self) -> str:
        return str(STUDENT_LABELS[self.student_status])

    @property
    def symbol(self) -> str:
        return SYMBOLS[self.status]

    @property
    def student_status(self) -> str:
        """``done``, ``tried`` or ``not-started``: what the student's own pages say."""
        if self.done:
            return "done"
        return NOT_STARTED if self.status == NOT_STARTED else "tried"

    @property
    def time(self) -> str:
        return duration_text(self.seconds)

    def html(self, words: dict[str, str]) -> str:
        """The grid's cell, built in Python: 2,400 of them through the template
        language took longer than the rest of the page (``words``: ``grid_words()``)."""
        classes = (
            self.status + (" overdue" if self.overdue else "") + (" late" if self.late else "")
        )
        parts = [f'<td class="cell {classes}"><span aria-hidden="true">{self.symbol}']
        if self.status == SOLVED:
            parts.append(f" ({self.attempts})")
        parts.append(f'</span><span class="visually-hidden">{words[self.status]}</span>')
        if self.overdue:
            parts.append(f' <span class="visually-hidden">{words["overdue"]}</span>')
        if self.late:
            parts.append(f' <span class="mark">{words["late"]}</span>')
        if self.status == TRIED and self.steps_total:
            parts.append(f" <small>{self.steps}/{self.steps_total}</small>")
        if self.seconds:
            parts.append(f" <small>{self.time}</small>")
        if self.hints:
            parts.append(f" <small>{words['hints']} {self.hints}</small>")
        parts.append("</td>")
        return "".join(parts)


def grid_words() -> dict[str, str]:
    """The cells' words in the active language, escaped once for the whole grid."""
    words = {status: html.escape(str(label)) for status, label in LABELS.items()}
    words["overdue"] = html.escape(_("overdue"))
    words["late"] = html.escape(_("late"))
    words["hints"] = html.escape(pgettext("in a results cell, before a number", "hints"))
    return words


def duration_text(seconds: int) -> str:
    """``4:05`` for minutes and seconds, ``1:02:05`` past an hour; empty for none."""
    if not seconds:
        return ""
    minutes, secs = divmod(int(seconds), 60)
    hours, minutes = divmod(minutes, 60)
    return f"{hours}:{minutes:02d}:{secs:02d}" if hours else f"{minutes}:{secs:02d}"


def _attempt_seconds(started, finished) -> int:
    if finished is None:
        return 0
    return int(min(finished - started, THINKING_TIME_CAP).total_seconds())


def progress(
    learner_ids: Sequence[int], items: Sequence[AssignmentItem], *, now=None
) -> dict[tuple[int, int], Cell]:
    """Each learner's cell for each item: ``{(learner id, item pk): Cell}``.

    Three queries whatever the sizes: the assigned lessons' steps, the
    attempts at the puzzles and at those lessons' exercises, and the lesson
    progress. ``item.assignment`` must be loaded (its due time marks overdue).
    """
    now = now or timezone.now()
    lesson_ids = {item.lesson_id for item in items if item.lesson_id}
    steps_total: dict[int, int] = defaultdict(int)
    # lesson -> its exercises (puzzle id, whether it is a library puzzle too)
    exercises: dict[int, list[tuple[int, bool]]] = defaultdict(list)
    steps = Step.objects.filter(lesson_id__in=lesson_ids).values_list(
        "lesson_id", "exercise_id", "exercise__is_public"
    )
    for lesson_id, exercise_id, in_library in steps if lesson_ids else ():
        steps_total[lesson_id] += 1
        if exercise_id:
            exercises[lesson_id].append((exercise_id, in_library))
    puzzle_ids = {item.puzzle_id for item in items if item.puzzle_id} | {
        exercise for pairs in exercises.values() for exercise, _public in pairs
    }

    # (learner, puzzle) -> its attempts, earliest first
    attempts: dict[tuple[int, int], list] = defaultdict(list)
    rows = (
        Attempt.objects.filter(learner_id__in=learner_ids, puzzle_id__in=puzzle_ids)
        .order_by("started_at", "id")
        .values_list(
            "learner_id", "puzzle_id", "status", "hinted", "revealed", "started_at", "finished_at"
        )
    )
    for row in rows if learner_ids and puzzle_ids else ():
        attempts[row[0], row[1]].append(row[2:])
    lessons = (
        {
            (learner_id, lesson_id): (steps_done, completed_at)
            for learner_id, lesson_id, steps_done, completed_at in LessonProgress.objects.filter(
                learner_id__in=learner_ids, lesson_id__in=lesson_ids
            ).values_list("learner_id", "lesson_id", "steps_done", "completed_at")
        }
        if learner_ids and lesson_ids
        else {}
    )

    cells = {}
    for learner_id in learner_ids:
        for item in items:
            due = item.assignment.due_at
            if item.puzzle_id:
                cell = _puzzle_cell(attempts.get((learner_id, item.puzzle_id), ()), due)
            else:
                done, completed_at = lessons.get((learner_id, item.lesson_id), ((), None))
                own = exercises.get(item.lesson_id, ())
                cell = _lesson_cell(
                    done,
                    completed_at,
                    [a for exercise, _ in own for a in attempts.get((learner_id, exercise), ())],
                    # A library puzzle solved outside the lesson does not begin it.
                    any(
                        attempts.get((learner_id, exercise))
                        for exercise, public in own
                        if not public
                    ),
                    steps_total.get(item.lesson_id, 0),
                    due,
                )
            cell.overdue = is_after(now, due) and not cell.done
            cells[learner_id, item.pk] = cell
    return cells


def _effort(cell: Cell, attempts) -> None:
    for _status, hinted, revealed, started, finished in attempts:
        cell.seconds += _attempt_seconds(started, finished)
        cell.hints += int(hinted) + int(revealed)


def _puzzle_cell(attempts, due) -> Cell:
    cell = Cell(attempts=len(attempts))
    _effort(cell, attempts)
    solves = [a for a in attempts if a[0] == Attempt.Status.SOLVED]
    if solves:
        cell.status = FIRST_TRY if attempts[0][0] == Attempt.Status.SOLVED else SOLVED
        cell.late = is_after(solves[0][4], due)
    elif any(a[0] == Attempt.Status.PLAYING for a in attempts):
        cell.status = TRIED
    elif attempts:
        cell.status = FAILED
    return cell


def _lesson_cell(steps_done, completed_at, attempts, begun, steps_total, due) -> Cell:
    """A lesson: its steps, and the time and hints of its exercises' attempts."""
    cell = Cell(attempts=len(attempts), steps=len(steps_done or ()), steps_total=steps_total)
    _effort(cell, attempts)
    if completed_at is not None:
        cell.status = COMPLETED
        cell.late = is_after(completed_at, due)
    elif cell.steps or begun:
        cell.status = TRIED
    return cell


@dataclass
class Item:
    """An assignment item as the pages show it."""

    item: AssignmentItem
    title: str
    url: str
    what: str  # "Lesson" or the puzzle kind's title
    game: str
    student_url: str = ""  # the page as a student opens it from the assignment
    rating: int | None = None  # a puzzle's rating

    @property
    def picture(self) -> SafeString:
        """A puzzle's small board or hand (``thumbnails``); nothing for a lesson."""
        return thumbnail(self.item.puzzle) if self.item.puzzle_id else mark_safe("")

    @classmethod
    def of(cls, item: AssignmentItem) -> Item:
        game = get_game(item.puzzle.game if item.puzzle_id else item.lesson.game)
        game_name = str(game) if game else ""
        if item.lesson_id:
            return cls(item, item.lesson.title, item.lesson.url, _("Lesson"), game_name)
        puzzle = item.puzzle
        title = puzzle.prompt.strip().splitlines()[0] if puzzle.prompt.strip() else puzzle.slug
        what = kind_title(puzzle.kind)
        return cls(item, title, puzzle.url, what, game_name, rating=round(puzzle.rating))

    @property
    def pk(self) -> int:
        return self.item.pk

    def url_from(self, assignment: Assignment) -> str:
        """The item's page, opened from the assignment: it then leads back there."""
        return f"{self.url}?{urlencode({'assignment': assignment.pk})}"


def load_items(assignment: Assignment) -> list[Item]:
    items = list(assignment.items.select_related("puzzle", "lesson").order_by("order", "pk"))
    for item in items:
        item.assignment = assignment
    return [Item.of(item) for item in items]


@dataclass
class Row:
    student: object
    name: str
    cells: list[Cell]
    words: dict[str, str] = field(default_factory=dict, repr=False)

    @property
    def cells_html(self) -> SafeString:
        return mark_safe("".join(cell.html(self.words) for cell in self.cells))  # noqa: S308

    @property
    def done(self) -> int:
        return sum(cell.done for cell in self.cells)

    @property
    def seconds(self) -> int:
        return sum(cell.seconds for cell in self.cells)

    @property
    def time(self) -> str:
        return duration_text(self.seconds)

    @property
    def hints(self) -> int:
        return sum(cell.hints for cell in self.cells)

    @property
    def overdue(self) -> int:
        return sum(cell.overdue for cell in self.cells)


@dataclass
class Column:
    item: Item
    cells: list[Cell] = field(default_factory=list)

    @property
    def done(self) -> int:
        return sum(cell.done for cell in self.cells)

    @property
    def first_try(self) -> int:
        return sum(cell.status == FIRST_TRY for cell in self.cells)

    @property
    def not_started(self) -> int:
        return sum(cell.status == NOT_STARTED for cell in self.cells)


@dataclass
class Grid:
    assignment: Assignment
    items: list[Item]
    rows: list[Row]
    columns: list[Column]
    is_past_due: bool
    chosen: bool  # for students the teacher chose, not the whole class


def results_kept(assignment: Assignment, *, now=None) -> tuple[Grid, tuple]:
    """``results``, kept in this process under what it is made of (``results_key``), and
    that key: a teacher's second look costs two small queries instead of the grid's."""
    now = now or timezone.now()
    key = results_key(assignment, now=now)
    # The grid holds its words (the cells' titles) in the language it was made in.
    kept_as = ("results", get_language(), *key)
    return content_cache.cached(kept_as, lambda: results(assignment, now=now)), key


def results_key(assignment: Assignment, *, now=None) -> tuple:
    """What the grid shows changes with: the assignment's items in their order, its due
    date and whether it has passed, which students it is for, and each one's progress
    (``Learner.revision``, counted up with every answer and lesson step). A student's
    new display name shows with their next answer, or once the kept grid expires
    (``CONTENT_CACHE_SECONDS``)."""
    now = now or timezone.now()
    chosen = assignment.students.exists()
    students = assigned_students(assignment, chosen=chosen).aggregate(
        count=Count("pk"),
        ids=Sum("pk"),
        learners=Count("learner"),
        revisions=Sum("learner__revision"),
    )
    items = tuple(assignment.items.order_by("order", "pk").values_list("pk", "order"))
    due = assignment.due_at
    return (
        assignment.pk,
        assignment.title,
        due,
        is_after(now, due),
        chosen,
        items,
        *students.values(),
    )


def results(assignment: Assignment, *, now=None) -> Grid:
    """The teacher's grid: every assigned student × every item, with totals both ways."""
    now = now or timezone.now()
    items = load_items(assignment)
    chosen = assignment.students.exists()
    students = sorted(
        assigned_students(assignment, chosen=chosen).select_related("profile", "learner"),
        key=lambda user: (name_key(_name(user)), user.username),
    )
    learner_ids = [_learner_id(user) for user in students]
    cells = progress(
        [pk for pk in learner_ids if pk is not None], [item.item for item in items], now=now
    )
    words = grid_words()
    rows = [
        Row(
            user,
            _name(user),
            [cells.get((learner_id, item.pk)) or _empty(item, now) for item in items],
            words,
        )
        for user, learner_id in zip(students, learner_ids, strict=True)
    ]
    columns = [Column(item, [row.cells[i] for row in rows]) for i, item in enumerate(items)]
    due = assignment.due_at
    return Grid(assignment, items, rows, columns, is_past_due=is_after(now, due), chosen=chosen)


def _empty(item: Item, now) -> Cell:
    """The cell of a student who has never played anything at all (no learner yet)."""
    due = item.item.assignment.due_at
    return Cell(overdue=is_after(now, due))


def _name(user) -> str:
    profile = getattr(user, "profile", None)
    return profile.name if profile else user.get_username()


def _learner_id(user) -> int | None:
    try:
        return user.learner.pk
    except get_user_model().learner.RelatedObjectDoesNotExist:
        return None


def return_to_assignment(request) -> Return | None:
    """The way back to the assignment a puzzle was opened from (``?assignment=<id>``)."""
    raw = request.GET.get("assignment", "")
    if not raw.isdigit() or len(raw) > 12 or not request.user.is_authenticated:
        return None
    assignment = Assignment.objects.select_related("classroom").filter(pk=int(raw)).first()
    if assignment is None or assignment.classroom.is_archived:
        return None
    user = request.user
    if not (
        assignment.classroom.teachers.filter(pk=user.pk).exists() or is_assigned(assignment, user)
    ):
        return None
    return Return(
        url=reverse("classrooms:assignment", args=[assignment.classroom_id, assignment.pk]),
        label=_("Back to %(title)s") % {"title": assignment.title},
        query=urlencode({"assignment": assignment.pk}),
    )


@dataclass
class StudentAssignment:
    """One assignment as its student sees it: each item with their own status."""

    assignment: Assignment
    items: list[tuple[Item, Cell]]
    now: datetime.datetime

    @property
    def done(self) -> int:
        return sum(cell.done for _item, cell in self.items)

    @property
    def total(self) -> int:
        return len(self.items)

    @property
    def is_done(self) -> bool:
        return self.done == self.total

    @property
    def is_overdue(self) -> bool:
        due = self.assignment.due_at
        return is_after(self.now, due) and not self.is_done


def for_student(user, assignments: Sequence[Assignment], *, now=None) -> list[StudentAssignment]:
    """The student's own status in each assignment: overdue first, then by due time."""
    if not assignments:
        return []
    now = now or timezone.now()
    items = list(
        AssignmentItem.objects.filter(assignment__in=assignments)
        .select_related("puzzle", "lesson")
        .order_by("assignment", "order", "pk")
    )
    by_pk = {assignment.pk: assignment for assignment in assignments}
    for item in items:
        item.assignment = by_pk[item.assignment_id]
    learner_id = _learner_id(user)
    cells = progress([learner_id], items, now=now) if learner_id is not None else {}
    grouped: dict[int, list] = defaultdict(list)
    for item in items:
        shown = Item.of(item)
        shown.student_url = shown.url_from(item.assignment)
        grouped[item.assignment_id].append(
            (shown, cells.get((learner_id, item.pk)) or _empty(shown, now))
        )
    found = [StudentAssignment(a, grouped.get(a.pk, []), now) for a in assignments]
    far = datetime.datetime.max.replace(tzinfo=datetime.UTC)
    found.sort(key=lambda s: (s.is_done, not s.is_overdue, s.assignment.due_at or far))
    return found


# ---------------------------------------------------------------------------
# Finding what to assign

SEARCH_LIMIT = 60


@dataclass
class PickGroup:
    """The picker's puzzles of one kind, easiest first, each as its card's HTML."""

    kind: str
    title: str
    cards: list[SafeString]


def group_by_kind(puzzles: Sequence[Puzzle], already: set[int]) -> list[PickGroup]:
    """The picker's puzzles in groups of one kind each, the groups in the order of
    their easiest puzzle. Each card (a checkbox, the puzzle's small board or hand,
    its prompt, kind and rating) is built here: sixty through the template language
    took as long as the rest of the page. ``already``: the puzzles in the assignment."""
    words = {
        "rating": _("rating"),
        "private": _("private"),
        "in": _("in the assignment"),
        "try": _("try it"),
    }
    groups: dict[str, PickGroup] = {}
    for puzzle in puzzles:
        group = groups.get(puzzle.kind)
        if group is None:
            group = groups[puzzle.kind] = PickGroup(puzzle.kind, kind_title(puzzle.kind), [])
        is_in = puzzle.pk in already
        card = content_cache.cached(
            ("pick-card", puzzle.pk, is_in, get_language()),
            lambda puzzle=puzzle, group=group, is_in=is_in: _pick_card(
                puzzle, group.title, is_in, words
            ),
        )
        group.cards.append(card)
    return list(groups.values())


def _pick_card(puzzle: Puzzle, kind: str, is_in: bool, words: dict[str, str]) -> SafeString:
    prompt = puzzle.prompt.strip()
    facts = [kind, f"{words['rating']} {round(puzzle.rating)}"]
    if not puzzle.is_public:
        facts.append(words["private"])
    if is_in:
        facts.append(words["in"])
        tick = mark_safe('<span aria-hidden="true">✓</span>')
    else:
        tick = format_html('<input type="checkbox" name="puzzle" value="{}">', puzzle.pk)
    return format_html(
        '<li class="pick-card{}"><label>{}{}<span class="pick-text">'
        '<span class="pick-title">{}</span><span class="muted">{}</span></span></label>'
        '<a href="{}" target="_blank" rel="noopener">{}</a></li>',
        " is-in" if is_in else "",
        tick,
        thumbnail(puzzle),
        prompt if len(prompt) <= 60 else prompt[:59] + "…",
        " · ".join(facts),
        puzzle.url,
        words["try"],
    )


def search_puzzles(teacher, filters: dict) -> tuple[list[Puzzle], bool]:
    """Puzzles for the picker, easiest first; and whether there were more than shown.

    A search of the library is kept with the content (``puzzles.content_cache``)."""
    if filters["source"] == "mine":
        return _search(Puzzle.objects.filter(author=teacher), filters)
    return content_cache.cached(
        ("picker-search", tuple(sorted(filters.items()))),
        lambda: _search(Puzzle.objects.filter(is_public=True), filters),
    )


def _search(puzzles, filters: dict) -> tuple[list[Puzzle], bool]:
    puzzles = puzzles.filter(game=filters["game"])
    if filters["kind"]:
        puzzles = puzzles.filter(kind=filters["kind"])
    if filters["theme"]:
        puzzles = puzzles.filter(themes__slug=filters["theme"])
    if filters["rating_min"] is not None:
        puzzles = puzzles.filter(rating__gte=filters["rating_min"])
    if filters["rating_max"] is not None:
        puzzles = puzzles.filter(rating__lte=filters["rating_max"])
    found = list(puzzles.order_by("rating", "slug")[: SEARCH_LIMIT + 1])
    return found[:SEARCH_LIMIT], len(found) > SEARCH_LIMIT


def lessons_of(game: str) -> list[Lesson]:
    return list(Lesson.objects.filter(game=game).order_by("order", "slug"))
