"""Assignments: teachers make them and read the results; students see their own work."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpResponseRedirect
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from config.inputs import read_id

from . import assignments, export
from .access import get_assignment, get_teaching, get_teaching_assignment
from .forms import AssignmentForm, ItemFilterForm
from .models import AssignmentItem


@login_required
def new_assignment(request, pk):
    classroom = get_teaching(request.user, pk)
    form = AssignmentForm(request.POST or None, classroom=classroom)
    if request.method == "POST" and form.is_valid():
        assignment = assignments.create_assignment(
            classroom, request.user, **form.assignment_fields()
        )
        messages.success(request, _("Now choose its lessons and puzzles."))
        return redirect("classrooms:assignment_items", classroom.pk, assignment.pk)
    status = 400 if request.method == "POST" else 200
    context = {"classroom": classroom, "form": form}
    return render(request, "classrooms/assignment_form.html", context, status=status)


@login_required
def edit_assignment(request, pk, assignment):
    assignment = get_teaching_assignment(request.user, pk, assignment)
    form = AssignmentForm(request.POST or None, instance=assignment, classroom=assignment.classroom)
    if request.method == "POST" and form.is_valid():
        assignments.update_assignment(assignment, **form.assignment_fields())
        messages.success(request, _("The assignment is saved."))
        return redirect("classrooms:assignment", pk, assignment.pk)
    status = 400 if request.method == "POST" else 200
    context = {"classroom": assignment.classroom, "form": form, "assignment": assignment}
    return render(request, "classrooms/assignment_form.html", context, status=status)


@login_required
@require_POST
def delete_assignment(request, pk, assignment):
    assignment = get_teaching_assignment(request.user, pk, assignment)
    assignment.delete()
    messages.success(request, _("The assignment is deleted; the students' own progress stays."))
    return redirect("classrooms:detail", pk)


@login_required
def assignment_items(request, pk, assignment):
    """Choose the lessons and puzzles: a library search (GET) and add/remove/move (POST)."""
    assignment = get_teaching_assignment(request.user, pk, assignment)
    here = request.get_full_path()
    if request.method == "POST":
        error = _change_items(request, assignment)
        if error is None:
            return HttpResponseRedirect(here)
        messages.error(request, error)
    filters = ItemFilterForm(request.GET or None, default_game=assignment.classroom.game)
    chosen = filters.filters()
    puzzles, more = assignments.search_puzzles(request.user, chosen)
    items = assignments.load_items(assignment)
    context = {
        "classroom": assignment.classroom,
        "assignment": assignment,
        "filters": filters,
        "chosen": chosen,
        "puzzles": puzzles,
        "groups": assignments.group_by_kind(puzzles, {item.item.puzzle_id for item in items}),
        "more": more,
        "lessons": assignments.lessons_of(chosen["game"]),
        "lessons_in": {item.item.lesson_id for item in items},
        "items": items,
        "action": here,
    }
    # A refused change or search: the page says why (a search falls back to the default).
    refused = request.method == "POST" or (filters.is_bound and not filters.is_valid())
    return render(
        request, "classrooms/assignment_items.html", context, status=400 if refused else 200
    )


def _change_items(request, assignment) -> str | None:
    """Act on the items form; the error to show, or None when done."""
    action = request.POST.get("action")
    try:
        if action == "add":
            puzzles, lessons = _picked(request)
            added = assignments.add_items(assignment, puzzles=puzzles, lessons=lessons)
            messages.success(request, _("%(count)s added.") % {"count": added})
        elif action in ("remove", "up", "down"):
            item = AssignmentItem.objects.filter(
                assignment=assignment, pk=read_id(request.POST.get("item"))
            ).first()
            if item is None:
                return _("That item is not in this assignment.")
            if action == "remove":
                assignments.remove_item(item)
            else:
                assignments.move_item(item, -1 if action == "up" else 1)
        else:
            return _("Unknown action.")
    except assignments.AssignmentError as error:
        return str(error)
    return None


def _picked(request):
    """The ticked puzzles and lessons, each one the teacher may assign."""
    puzzle_ids = [read_id(text) for text in request.POST.getlist("puzzle")]
    lesson_ids = [read_id(text) for text in request.POST.getlist("lesson")]
    if None in puzzle_ids or None in lesson_ids:
        raise assignments.AssignmentError(_("The list of choices was damaged; try again."))
    return assignments.picked(request.user, puzzle_ids, lesson_ids)


@login_required
def assignment_detail(request, pk, assignment):
    """The results grid to the class's teachers; the student's own list to a student."""
    assignment, teaching = get_assignment(request.user, pk, assignment)
    if not teaching:
        [mine] = assignments.for_student(request.user, [assignment])
        context = {"classroom": assignment.classroom, "work": mine}
        return render(request, "classrooms/assignment_student.html", context)
    grid, key = assignments.results_kept(assignment)
    context = {
        "classroom": assignment.classroom,
        "assignment": assignment,
        "grid": grid,
        "grid_key": key,
    }
    return render(request, "classrooms/assignment_results.html", context)


@login_required
def assignment_csv(request, pk, assignment):
    assignment = get_teaching_assignment(request.user, pk, assignment)
    return export.results_csv(assignments.results_kept(assignment)[0])
