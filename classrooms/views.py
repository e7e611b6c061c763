from allauth.account.adapter import get_adapter
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import ImproperlyConfigured, PermissionDenied
from django.db.models import Count
from django.middleware.csrf import get_token
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_POST

from . import assignments, guesses, roster, services
from .access import (
    get_class_invitation,
    get_co_teacher,
    get_membership,
    get_my_invitation,
    get_owned,
    get_teaching,
    get_visible,
)
from .forms import ClassroomForm, JoinForm, StudentNamesForm, TeacherForm
from .models import StudentBatch, TeacherInvitation


@login_required
def class_list(request):
    return _class_list(request)


def _class_list(request, status=200):
    context = {
        **services.classes_of(request.user),
        "is_teacher": services.is_teacher(request.user),
        "invitations": services.pending_invitations(request.user),
    }
    return render(request, "classrooms/list.html", context, status=status)


@login_required
def create_class(request):
    if not services.is_teacher(request.user):
        raise PermissionDenied(_("Only teachers can create classes."))
    form = ClassroomForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        classroom = services.create_classroom(request.user, **form.cleaned_data)
        messages.success(request, _("The class is ready. Share its join code with your students."))
        return redirect("classrooms:detail", classroom.pk)
    status = 400 if request.method == "POST" else 200
    return render(request, "classrooms/form.html", {"form": form}, status=status)


@login_required
def class_detail(request, pk):
    classroom, teaching = get_visible(request.user, pk)
    if not teaching:
        mine = assignments.student_assignments(request.user, classroom)
        context = {"classroom": classroom, "works": assignments.for_student(request.user, mine)}
        return render(request, "classrooms/student.html", context)
    return _teacher_page(request, classroom)


def _teacher_page(request, classroom, *, teacher_form=None, status=200):
    memberships = services.roster(classroom)
    join_url = request.build_absolute_uri(
        reverse("classrooms:join_link", args=[classroom.join_code])
    )
    context = {
        "classroom": classroom,
        "is_owner": classroom.owner_id == request.user.pk,
        "roster_rows": roster.rows(classroom, memberships, get_token(request)),
        "has_managed": any(membership.managed for membership in memberships),
        "teachers": classroom.teachers.select_related("profile").order_by("username"),
        "invitations": classroom.invitations.filter(status=TeacherInvitation.Status.PENDING)
        .select_related("teacher__profile")
        .order_by("created_at", "pk"),
        "join_url": join_url,
        "teacher_form": teacher_form or TeacherForm(),
        "assignments": classroom.assignments.annotate(item_count=Count("items")),
    }
    return render(request, "classrooms/teacher.html", context, status=status)


def _refused(request, classroom, error):
    """A rule of classes said no: the teacher's class page again, with the reason."""
    messages.error(request, str(error))
    return _teacher_page(request, classroom, status=400)


@login_required
def join_class(request):
    form = JoinForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        return _join(request, form.cleaned_data["code"], form)
    status = 400 if request.method == "POST" else 200
    return render(request, "classrooms/join.html", {"form": form}, status=status)


@login_required
def join_link(request, code):
    """The teacher's link: names the class before joining; an unknown code names nothing."""
    if request.method == "POST":
        form = JoinForm({"code": code})
        form.is_valid()  # bound and cleaned, so that a refusal can be added to it
        return _join(request, code, form)
    try:
        classroom = services.class_to_join(
            code, user_id=request.user.pk, address=_client_address(request)
        )
    except services.ClassroomError as error:
        status = 429 if isinstance(error, services.TooManyGuesses) else 404
        context = {"error": str(error)}
        return _with_retry(render(request, "classrooms/join_link.html", context, status=status))
    return render(request, "classrooms/join_link.html", {"classroom": classroom})


def _join(request, code, form):
    try:
        classroom, created = services.join(request.user, code, address=_client_address(request))
    except services.ClassroomError as error:
        form.add_error(None, str(error))
        status = 429 if isinstance(error, services.TooManyGuesses) else 400
        return _with_retry(render(request, "classrooms/join.html", {"form": form}, status=status))
    if created:
        messages.success(request, _("Welcome to %(name)s.") % {"name": classroom.name})
    else:
        messages.info(request, _("You are already in %(name)s.") % {"name": classroom.name})
    return redirect("classrooms:detail", classroom.pk)


def _with_retry(response):
    if response.status_code == 429:
        response["Retry-After"] = str(guesses.WINDOW)
    return response


def _client_address(request) -> str:
    """The client's address as allauth's rate limits see it (its trusted proxy count)."""
    try:
        return get_adapter(request).get_client_ip(request)
    except (PermissionDenied, ImproperlyConfigured):
        return request.META.get("REMOTE_ADDR", "")


@login_required
@require_POST
def invite_teacher(request, pk):
    classroom = get_owned(request.user, pk)
    form = TeacherForm(request.POST)
    if form.is_valid():
        try:
            invitation = services.invite_teacher(
                classroom, form.cleaned_data["username"], invited_by=request.user
            )
        except services.ClassroomError as error:
            form.add_error("username", str(error))
        else:
            name = invitation.teacher.profile.name
            text = _("%(name)s is invited and teaches the class once they accept.")
            messages.success(request, text % {"name": name})
            return redirect("classrooms:detail", classroom.pk)
    return _teacher_page(request, classroom, teacher_form=form, status=400)


@login_required
@require_POST
def withdraw_invitation(request, pk, invitation):
    classroom = get_owned(request.user, pk)
    try:
        services.withdraw_invitation(get_class_invitation(classroom, invitation))
    except services.ClassroomError as error:
        return _refused(request, classroom, error)
    messages.success(request, _("The invitation is withdrawn."))
    return redirect("classrooms:detail", classroom.pk)


@login_required
@require_POST
def remove_teacher(request, pk, teacher):
    """The owner removes a co-teacher; a co-teacher removes themselves (leaves)."""
    classroom = get_teaching(request.user, pk)
    teacher = get_co_teacher(classroom, teacher)
    leaving = teacher.pk == request.user.pk
    if not leaving and classroom.owner_id != request.user.pk:
        raise PermissionDenied
    try:
        services.remove_teacher(classroom, teacher)
    except services.ClassroomError as error:
        return _refused(request, classroom, error)
    if leaving:
        messages.success(request, _("You no longer teach %(name)s.") % {"name": classroom.name})
        return redirect("classrooms:list")
    messages.success(
        request, _("%(name)s no longer teaches this class.") % {"name": teacher.profile.name}
    )
    return redirect("classrooms:detail", classroom.pk)


@login_required
@require_POST
def answer_invitation(request, invitation):
    """The invited teacher accepts (and teaches the class from now on) or declines."""
    invitation = get_my_invitation(request.user, invitation)
    answer = request.POST.get("answer")
    try:
        if answer == "accept":
            classroom = services.accept_invitation(invitation)
        elif answer == "decline":
            services.decline_invitation(invitation)
        else:
            raise services.ClassroomError(_("Accept or decline the invitation."))
    except services.ClassroomError as error:
        messages.error(request, str(error))
        return _class_list(request, status=400)
    if answer == "decline":
        messages.success(request, _("You declined the invitation."))
        return redirect("classrooms:list")
    messages.success(request, _("Welcome: you now teach %(name)s.") % {"name": classroom.name})
    return redirect("classrooms:detail", classroom.pk)


@login_required
@require_POST
def archive_class(request, pk):
    classroom = get_teaching(request.user, pk)
    if request.POST.get("restore"):
        services.set_archived(classroom, False)
        messages.success(request, _("The class is open again."))
    else:
        services.set_archived(classroom, True)
        messages.success(request, _("The class is archived: nobody can join it, and it is kept."))
    return redirect("classrooms:detail", classroom.pk)


@login_required
@require_POST
def change_student(request, pk, student):
    classroom = get_teaching(request.user, pk)
    membership = get_membership(classroom, student)
    action = request.POST.get("action")
    if action == "archive":
        services.set_archived(membership, True)
    elif action == "restore":
        services.set_archived(membership, False)
    elif action == "remove":
        services.remove_student(membership)
    else:
        messages.error(request, _("Unknown action."))
        return redirect("classrooms:detail", classroom.pk)
    messages.success(request, _("Done."))
    return redirect("classrooms:detail", classroom.pk)


BATCH_TOKENS = "qipai_student_batch_tokens"  # the session's "make accounts" form tokens


def _issue_token(request, classroom) -> str:
    """A token for one "make accounts" form, remembered in the session (the last 20)."""
    token = services.new_batch_token()
    tokens = {**request.session.get(BATCH_TOKENS, {}), token: classroom.pk}
    request.session[BATCH_TOKENS] = dict(list(tokens.items())[-20:])
    return token


def _is_issued(request, classroom, token) -> bool:
    return request.session.get(BATCH_TOKENS, {}).get(token) == classroom.pk


@login_required
def create_students(request, pk):
    """Accounts for a list of names, made once per form; then (303) that batch's cards."""
    classroom = get_teaching(request.user, pk)
    if request.method != "POST":
        form = StudentNamesForm(initial={"token": _issue_token(request, classroom)})
        return _students_form(request, classroom, form)
    form = StudentNamesForm(request.POST)
    if form.is_valid() and not _is_issued(request, classroom, form.cleaned_data["token"]):
        names = form.cleaned_data["names"]
        form = StudentNamesForm({"names": names, "token": _issue_token(request, classroom)})
        form.add_error(None, _("This form had expired: check the names and send it again."))
    elif form.is_valid():
        try:
            batch = services.create_students(
                classroom,
                form.cleaned_data["names"],
                token=form.cleaned_data["token"],
                teacher=request.user,
            )
        except services.ClassroomError as error:
            form.add_error("names", str(error))
        else:
            return _see_other("classrooms:batch_cards", classroom.pk, batch.pk)
    return _students_form(request, classroom, form, status=400)


def _students_form(request, classroom, form, status=200):
    context = {"classroom": classroom, "form": form}
    return render(request, "classrooms/students_form.html", context, status=status)


def _see_other(name, *args):
    """A redirect after a POST that a refresh of the next page will not send again."""
    response = redirect(name, *args)
    response.status_code = 303
    return response


@login_required
@require_POST
def reset_password(request, pk, student):
    classroom = get_teaching(request.user, pk)
    membership = get_membership(classroom, student)
    try:
        services.reset_password(membership)
    except services.ClassroomError as error:
        messages.error(request, str(error))
        return redirect("classrooms:detail", classroom.pk)
    return _see_other("classrooms:student_card", classroom.pk, membership.student_id)


@login_required
@require_GET
def login_cards(request, pk, batch=None, student=None):
    """Login cards to print (again): a form sending's, one student's, or the class's."""
    classroom = get_teaching(request.user, pk)
    if batch is not None:
        batch = get_object_or_404(StudentBatch, pk=batch, classroom=classroom)
    if student is not None:
        student = get_membership(classroom, student).student
    context = {
        "classroom": classroom,
        "cards": services.login_cards(classroom, batch=batch, student=student),
        "login_url": request.build_absolute_uri(reverse("account_login")),
        "whole_class": batch is None and student is None,
    }
    response = render(request, "classrooms/cards.html", context)
    response["Cache-Control"] = "no-store"  # one-time passwords: never kept by a cache
    return response
