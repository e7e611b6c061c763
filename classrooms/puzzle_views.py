"""The teacher's own puzzles: list, make (board editors, SGF, the 打滚子 form), edit, delete."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import Http404
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST
from django.views.decorators.vary import vary_on_headers
from django_htmx.http import HttpResponseClientRedirect

from puzzles.games import get_game

from . import authoring
from .authoring import AuthoringError
from .puzzle_forms import EDITOR_FORMS, DagunziForm, PuzzleTextsForm, SgfForm
from .services import is_teacher


def _require_teacher(user):
    if not is_teacher(user):
        raise PermissionDenied(_("Only teachers can make puzzles."))


def _own(user, slug):
    puzzle = authoring.own_puzzle(user, slug)
    if puzzle is None:
        raise Http404
    return puzzle


def _saved(request, puzzle):
    messages.success(request, _("Saved: the engine proved the puzzle. Try it here."))
    if request.htmx:
        return HttpResponseClientRedirect(puzzle.url)
    # Its own fragment: a browser would keep the editor's #board across the redirect.
    return redirect(f"{puzzle.url}#play")


def _initial(game, puzzle):
    return {**authoring.editor_fields(game, puzzle), **PuzzleTextsForm.initial_texts(puzzle)}


@login_required
def puzzle_list(request):
    _require_teacher(request.user)
    rows = authoring.puzzle_rows(request.user)
    return render(request, "classrooms/puzzles/list.html", {"rows": rows})


@login_required
def new_puzzle(request, game):
    _require_teacher(request.user)
    if game == "dagunzi":
        return _dagunzi_page(request, None)
    if game not in EDITOR_FORMS:
        raise Http404
    return _editor_page(request, game, None)


@login_required
def upload_sgf(request):
    _require_teacher(request.user)
    return _sgf_page(request, None)


@login_required
def edit_puzzle(request, slug):
    puzzle = _own(request.user, slug)
    if puzzle.game == "dagunzi":
        return _dagunzi_page(request, puzzle)
    if authoring.edits_as_sgf(puzzle, request.GET.get("mode")):
        return _sgf_page(request, puzzle)
    return _editor_page(request, puzzle.game, puzzle)


@vary_on_headers("HX-Request")
def _editor_page(request, game, puzzle):
    """A board editor: every click posts the whole form; only saving stores anything."""
    form_class = EDITOR_FORMS[game]
    form = form_class(request.POST or None, initial=_initial(game, puzzle))
    status = 200
    if request.method == "POST":
        status = 400
        if form.is_valid():
            try:
                outcome = authoring.run_editor(
                    game, form.cleaned_data, author=request.user, puzzle=puzzle
                )
            except AuthoringError as error:
                form.add_error(None, str(error))
            else:
                if outcome.puzzle is not None:
                    return _saved(request, outcome.puzzle)
                form, status = form.refreshed(outcome.changes), 200
    template = "classrooms/puzzles/editor.html" + ("#editor" if request.htmx else "")
    context = {"form": form, "game": get_game(game), "puzzle": puzzle, "board": form.board()}
    return render(request, template, context, status=status)


def _dagunzi_page(request, puzzle):
    form = DagunziForm(request.POST or None, initial=_initial("dagunzi", puzzle))
    if request.method == "POST" and form.is_valid():
        try:
            saved = authoring.save_dagunzi_puzzle(
                request.user, form.data_for_kind(), form.texts(), puzzle
            )
        except AuthoringError as error:
            form.add_error(None, str(error))
        else:
            return _saved(request, saved)
    status = 400 if request.method == "POST" else 200
    context = {"form": form, "game": get_game("dagunzi"), "puzzle": puzzle}
    return render(request, "classrooms/puzzles/form.html", context, status=status)


def _sgf_page(request, puzzle):
    initial = {**authoring.sgf_fields(puzzle), **PuzzleTextsForm.initial_texts(puzzle)}
    form = SgfForm(request.POST or None, request.FILES or None, initial=initial)
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        try:
            saved = authoring.save_sgf_puzzle(
                request.user, kind=data["kind"], sgf=data["sgf"], texts=form.texts(), puzzle=puzzle
            )
        except AuthoringError as error:
            form.add_error(None, str(error))
        else:
            return _saved(request, saved)
    status = 400 if request.method == "POST" else 200
    context = {"form": form, "game": get_game("go"), "puzzle": puzzle, "sgf": True}
    return render(request, "classrooms/puzzles/form.html", context, status=status)


@login_required
@require_POST
def publish_puzzle(request, slug):
    puzzle = _own(request.user, slug)
    puzzle = authoring.set_published(puzzle, request.POST.get("publish") == "1")
    if puzzle.library_status == "waiting":
        messages.success(
            request, _("Sent for review: the puzzle joins the library once an editor approves it.")
        )
    elif puzzle.library_status == "private":
        messages.success(request, _("The puzzle is private: only your classes see it now."))
    return redirect("classrooms:puzzles")


@login_required
def delete_puzzle(request, slug):
    puzzle = _own(request.user, slug)
    tries = authoring.learner_attempts(puzzle)
    if request.method == "POST":
        try:
            authoring.delete_puzzle(puzzle)
        except AuthoringError as error:
            context = {"puzzle": puzzle, "tries": tries, "error": str(error)}
            return render(request, "classrooms/puzzles/delete.html", context, status=400)
        messages.success(request, _("The puzzle is deleted."))
        return redirect(reverse("classrooms:puzzles"))
    return render(request, "classrooms/puzzles/delete.html", {"puzzle": puzzle, "tries": tries})
