"""Classes, over models only (no requests): create, join, teachers, students, archive."""

from __future__ import annotations

from django.contrib.auth import get_user_model
from django.db import IntegrityError, transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from .models import CODE_ALPHABET, CODE_LENGTH, Classroom, Membership, new_join_code


class ClassroomError(ValueError):
    """An action the rules of classes refuse; the message is for the user."""


def is_teacher(user) -> bool:
    profile = getattr(user, "profile", None)
    return bool(user.is_authenticated and profile and profile.is_teacher)


def create_classroom(owner, *, name: str, game: str = "", description: str = "") -> Classroom:
    if not is_teacher(owner):
        raise ClassroomError(_("Only teachers can create classes."))
    for _attempt in range(10):
        try:
            with transaction.atomic():
                classroom = Classroom.objects.create(
                    owner=owner,
                    name=name,
                    game=game,
                    description=description,
                    join_code=new_join_code(),
                )
                classroom.teachers.add(owner)
                return classroom
        except IntegrityError:  # the rare join-code collision: draw again
            continue
    raise ClassroomError(_("No free join code was found; please try again."))


def normalise_code(text: str) -> str:
    """What a learner types, as the code is stored: upper case, no spaces or dashes."""
    return "".join(ch for ch in str(text).upper() if ch.isalnum())


def find_open_classroom(code: str) -> Classroom | None:
    code = normalise_code(code)
    if len(code) != CODE_LENGTH or any(ch not in CODE_ALPHABET for ch in code):
        return None
    return Classroom.objects.filter(join_code=code, archived_at__isnull=True).first()


def join(student, code: str) -> tuple[Classroom, bool]:
    """Join the open class with this code; returns it and whether the student is new."""
    classroom = find_open_classroom(code)
    if classroom is None:
        raise ClassroomError(_("No open class has this code. Check it with your teacher."))
    if classroom.teachers.filter(pk=student.pk).exists():
        raise ClassroomError(_("You teach this class; students join it with the code."))
    membership, created = Membership.objects.get_or_create(classroom=classroom, student=student)
    if not created and membership.archived_at is not None:
        raise ClassroomError(_("Your teacher has archived your place in this class."))
    return classroom, created


def add_teacher(classroom: Classroom, username: str) -> object:
    user = get_user_model().objects.filter(username=username.strip()).first()
    if user is None or not is_teacher(user):
        raise ClassroomError(_("There is no teacher with that username."))
    if classroom.memberships.filter(student=user).exists():
        raise ClassroomError(_("A student of the class cannot also teach it."))
    classroom.teachers.add(user)
    return user


def remove_teacher(classroom: Classroom, user) -> None:
    if user.pk == classroom.owner_id:
        raise ClassroomError(_("The class's owner stays its teacher."))
    classroom.teachers.remove(user)


def archive_classroom(classroom: Classroom) -> None:
    classroom.archived_at = classroom.archived_at or timezone.now()
    classroom.save(update_fields=["archived_at"])


def restore_classroom(classroom: Classroom) -> None:
    classroom.archived_at = None
    classroom.save(update_fields=["archived_at"])


def archive_student(membership: Membership) -> None:
    membership.archived_at = membership.archived_at or timezone.now()
    membership.save(update_fields=["archived_at"])


def restore_student(membership: Membership) -> None:
    membership.archived_at = None
    membership.save(update_fields=["archived_at"])


def remove_student(membership: Membership) -> None:
    """The student leaves the class; their own progress in the games is untouched."""
    membership.delete()


def classes_of(user) -> dict:
    """The classes a user teaches and attends, archived ones last."""
    if not user.is_authenticated:
        return {"teaching": [], "attending": []}
    teaching = list(
        Classroom.objects.filter(teachers=user).order_by("archived_at", "name", "pk").distinct()
    )
    attending = list(
        Classroom.objects.filter(
            memberships__student=user,
            memberships__archived_at__isnull=True,
            archived_at__isnull=True,
        ).order_by("name", "pk")
    )
    return {"teaching": teaching, "attending": attending}
