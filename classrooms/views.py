from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.db.models import Count
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from . import assignments, services
from .access import get_membership, get_teaching, get_visible
from .forms import ClassroomForm, JoinForm, StudentNamesForm, TeacherForm


@login_required
def class_list(request):
    context = {**services.classes_of(request.user), "is_teacher": services.is_teacher(request.user)}
    return render(request, "classrooms/list.html", context)


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
    memberships = classroom.memberships.select_related("student__profile").order_by(
        "archived_at", "student__username"
    )
    join_url = request.build_absolute_uri(
        reverse("classrooms:join_link", args=[classroom.join_code])
    )
    context = {
        "classroom": classroom,
        "memberships": memberships,
        "teachers": classroom.teachers.select_related("profile").order_by("username"),
        "join_url": join_url,
        "teacher_form": TeacherForm(),
        "assignments": classroom.assignments.annotate(item_count=Count("items")),
    }
    return render(request, "classrooms/teacher.html", context)


@login_required
def join_class(request):
    form = JoinForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        return _join(request, form.cleaned_data["code"], form)
    status = 400 if request.method == "POST" else 200
    return render(request, "classrooms/join.html", {"form": form}, status=status)


@login_required
def join_link(request, code):
    classroom = services.find_open_classroom(code)
    if request.method == "POST":
        return _join(request, code, JoinForm(initial={"code": code}))
    return render(request, "classrooms/join_link.html", {"classroom": classroom, "code": code})


def _join(request, code, form):
    try:
        classroom, created = services.join(request.user, code)
    except services.ClassroomError as error:
        form.add_error(None, str(error))
        return render(request, "classrooms/join.html", {"form": form}, status=400)
    if created:
        messages.success(request, _("Welcome to %(name)s.") % {"name": classroom.name})
    else:
        messages.info(request, _("You are already in %(name)s.") % {"name": classroom.name})
    return redirect("classrooms:detail", classroom.pk)


@login_required
@require_POST
def add_teacher(request, pk):
    classroom = get_teaching(request.user, pk)
    form = TeacherForm(request.POST)
    if form.is_valid():
        try:
            user = services.add_teacher(classroom, form.cleaned_data["username"])
        except services.ClassroomError as error:
            messages.error(request, str(error))
        else:
            messages.success(
                request, _("%(name)s now teaches this class.") % {"name": user.profile.name}
            )
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


@login_required
def create_students(request, pk):
    """Accounts for a list of names; the login cards are shown once, never stored."""
    classroom = get_teaching(request.user, pk)
    form = StudentNamesForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        try:
            made = services.create_students(classroom, form.cleaned_data["names"])
        except services.ClassroomError as error:
            form.add_error("names", str(error))
        else:
            return _cards(request, classroom, made)
    status = 400 if request.method == "POST" else 200
    return render(
        request,
        "classrooms/students_form.html",
        {"classroom": classroom, "form": form},
        status=status,
    )


@login_required
@require_POST
def reset_password(request, pk, student):
    classroom = get_teaching(request.user, pk)
    membership = get_membership(classroom, student)
    try:
        password = services.reset_password(membership)
    except services.ClassroomError as error:
        messages.error(request, str(error))
        return redirect("classrooms:detail", classroom.pk)
    return _cards(request, classroom, [(membership.student, password)])


def _cards(request, classroom, made):
    login_url = request.build_absolute_uri(reverse("account_login"))
    response = render(
        request,
        "classrooms/cards.html",
        {"classroom": classroom, "cards": made, "login_url": login_url},
    )
    response["Cache-Control"] = "no-store"  # the passwords are on this page only
    return response
