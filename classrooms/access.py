"""Who may see a class: a 404 for anyone outside it, so a class's existence never leaks."""

from typing import NoReturn

from django.core.exceptions import PermissionDenied
from django.db.models import Exists, OuterRef, Q
from django.http import Http404

from puzzles.models import Puzzle

from .assignments import is_assigned
from .models import Assignment, Classroom, Membership, TeacherInvitation


def _teaches(user, classroom_field: str) -> Exists:
    """Whether ``user`` teaches the class named by ``classroom_field``, as an annotation."""
    return Exists(
        Classroom.teachers.through.objects.filter(
            classroom_id=OuterRef(classroom_field), user_id=user.pk
        )
    )


def _classroom(pk, user) -> Classroom:
    """The class, with ``taught_by_user``: whether ``user`` teaches it (one query)."""
    classroom = (
        Classroom.objects.select_related("owner")
        .annotate(taught_by_user=_teaches(user, "pk"))
        .filter(pk=pk)
        .first()
    )
    if classroom is None:
        raise Http404
    return classroom


def get_teaching(user, pk) -> Classroom:
    """The class, to one of its teachers. A student of it gets 403; anyone else 404."""
    classroom = _classroom(pk, user)
    if classroom.taught_by_user:
        return classroom
    _refuse(user, classroom)


def _refuse(user, classroom: Classroom) -> NoReturn:
    """Refuse a class's teacher page to ``user``, who does not teach it: 403 to its
    students (archived or not), 404 to anyone else."""
    if Membership.objects.filter(classroom=classroom, student=user).exists():
        raise PermissionDenied
    raise Http404


def get_owned(user, pk) -> Classroom:
    """The class, to its owner. Its co-teachers and students get 403; anyone else 404."""
    classroom = get_teaching(user, pk)
    if classroom.owner_id != user.pk:
        raise PermissionDenied
    return classroom


def get_co_teacher(classroom: Classroom, user_pk):
    """A teacher of the class (the owner included), or 404."""
    teacher = classroom.teachers.filter(pk=user_pk).first()
    if teacher is None:
        raise Http404
    return teacher


def get_class_invitation(classroom: Classroom, invitation_pk) -> TeacherInvitation:
    """One of the class's invitations that still waits for an answer, or 404."""
    invitation = TeacherInvitation.objects.filter(
        pk=invitation_pk, classroom=classroom, status=TeacherInvitation.Status.PENDING
    ).first()
    if invitation is None:
        raise Http404
    return invitation


def get_my_invitation(user, invitation_pk) -> TeacherInvitation:
    """A waiting invitation to ``user``; anyone else's, or an answered one, is a 404."""
    invitation = (
        TeacherInvitation.objects.select_related("classroom", "teacher__profile")
        .filter(pk=invitation_pk, teacher_id=user.pk, status=TeacherInvitation.Status.PENDING)
        .first()
    )
    if invitation is None:
        raise Http404
    return invitation


def get_visible(user, pk) -> tuple[Classroom, bool]:
    """The class and whether ``user`` teaches it; its active students see it too."""
    classroom = _classroom(pk, user)
    if classroom.taught_by_user:
        return classroom, True
    if _studies_in(user, classroom):
        return classroom, False
    raise Http404


def _studies_in(user, classroom: Classroom) -> bool:
    """Whether ``user`` is an active student of the class, and the class open."""
    return (
        not classroom.is_archived
        and Membership.objects.filter(
            classroom=classroom, student=user, archived_at__isnull=True
        ).exists()
    )


def get_membership(classroom: Classroom, student_pk) -> Membership:
    membership = (
        Membership.objects.select_related("student")
        .filter(classroom=classroom, student_id=student_pk)
        .first()
    )
    if membership is None:
        raise Http404
    return membership


def get_assignment(user, pk, assignment_pk) -> tuple[Assignment, bool]:
    """The assignment and whether ``user`` teaches its class.

    Its class's teachers see it, and the students it is for; anyone else,
    other students of the class included, gets 404.
    """
    assignment = _assignment(user, pk, assignment_pk)
    if assignment is None:
        raise Http404
    if assignment.classroom.taught_by_user:
        return assignment, True
    if _studies_in(user, assignment.classroom) and is_assigned(assignment, user):
        return assignment, False
    raise Http404


def get_teaching_assignment(user, pk, assignment_pk) -> Assignment:
    """The assignment, to its class's teachers; students of the class get 403."""
    assignment = _assignment(user, pk, assignment_pk)
    if assignment is None:
        get_teaching(user, pk)  # 403 to the class's students, 404 to anyone else
        raise Http404  # a teacher of the class, and no such assignment in it
    if assignment.classroom.taught_by_user:
        return assignment
    _refuse(user, assignment.classroom)


def _assignment(user, pk, assignment_pk) -> Assignment | None:
    """The class's assignment with its class, the class annotated as ``_classroom``
    does (one query), or None."""
    assignment = (
        Assignment.objects.filter(pk=assignment_pk, classroom_id=pk)
        .select_related("classroom__owner")
        .annotate(taught_by_user=_teaches(user, "classroom_id"))
        .first()
    )
    if assignment is not None:
        assignment.classroom.taught_by_user = assignment.taught_by_user
    return assignment


def is_visible_to_classes(user, puzzle: Puzzle) -> bool:
    """A private puzzle opens to the teachers of every class its author teaches, and
    to those classes' active students (membership and class not archived). One query."""
    return (
        Classroom.objects.filter(teachers=puzzle.author_id)
        .filter(
            Q(teachers=user)
            | Q(
                memberships__student=user,
                memberships__archived_at__isnull=True,
                archived_at__isnull=True,
            )
        )
        .exists()
    )
