"""The teacher's own puzzles: list, make (each game's editor modes), edit, delete.

What a teacher can make, and how, is each game's (``puzzles.authoring``); these
pages decide who may author and show the modes.
"""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import Http404
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST
from django.views.decorators.vary import vary_on_headers
from django_htmx.http import HttpResponseClientRedirect, reswap, retarget

from puzzles import authoring
from puzzles.authoring import BOARD_EDITOR, AuthoringError
from puzzles.authoring_forms import PuzzleTextsForm
from puzzles.games import get_game

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


@login_required
def puzzle_list(request):
    _require_teacher(request.user)
    rows = authoring.puzzle_rows(request.user)
    context = {"rows": rows, "editors": authoring.editors()}
    return render(request, "classrooms/puzzles/list.html", context)


@login_required
def new_puzzle(request, game, mode=None):
    _require_teacher(request.user)
    editor = authoring.editor(game)
    found = editor.mode(mode) if editor is not None else None
    if found is None:
        raise Http404
    return _mode_page(request, editor, found, None)


@login_required
def edit_puzzle(request, slug):
    puzzle = _own(request.user, slug)
    editor = authoring.editor(puzzle.game)
    return _mode_page(request, editor, editor.mode_for(puzzle, request.GET.get("mode")), puzzle)


@vary_on_headers("HX-Request")
def _mode_page(request, editor, mode, puzzle):
    """A mode's form. A board editor's every click posts the whole form; only
    saving stores anything. A plain form saves on a valid post.

    With htmx, a board editor's post that changed the position swaps only the
    board and the fields that changed, so the page stays where the teacher is;
    a post with errors swaps the whole form, errors and all.
    """
    initial = {**mode.initial(puzzle), **PuzzleTextsForm.initial_texts(puzzle)}
    form = mode.form(request.POST or None, request.FILES or None, initial=initial)
    board = mode.template == BOARD_EDITOR
    status, changed = 200, None
    if request.method == "POST":
        status = 400
        if form.is_valid():
            try:
                outcome = mode.run(form, author=request.user, puzzle=puzzle)
            except AuthoringError as error:
                form.add_error(None, str(error))
            else:
                if outcome.puzzle is not None:
                    return _saved(request, outcome.puzzle)
                form, status = form.refreshed(outcome.changes), 200
                changed = [form[name] for name in outcome.changes if name in form.fields]
    context = {
        "form": form,
        "game": get_game(editor.game),
        "puzzle": puzzle,
        "mode": mode,
        "others": [other for other in editor.modes if other is not mode],
        "board": form.drawn_board() if board else "",
        "changed": changed,
    }
    if not (board and request.htmx):
        return render(request, mode.template, context, status=status)
    if changed is None:
        return render(request, f"{mode.template}#editor", context, status=status)
    response = render(request, f"{mode.template}#changed", context)
    return reswap(retarget(response, "#editor-board"), "outerHTML")


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
