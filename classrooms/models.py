import secrets

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

from puzzles.games import GAME_CHOICES

# Join codes avoid letters and digits that are easy to misread (0/O, 1/I/L).
CODE_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"
CODE_LENGTH = 8


def new_join_code() -> str:
    return "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))


class Classroom(models.Model):
    """A teacher's class: its teachers (the owner and co-teachers) and its students."""

    name = models.CharField(_("name"), max_length=100)
    game = models.CharField(_("game focus"), max_length=20, choices=GAME_CHOICES, blank=True)
    description = models.TextField(_("description"), blank=True, max_length=2000)
    join_code = models.CharField(_("join code"), max_length=CODE_LENGTH, unique=True)
    owner = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="owned_classrooms"
    )
    teachers = models.ManyToManyField(
        settings.AUTH_USER_MODEL, related_name="teaching_classrooms", verbose_name=_("teachers")
    )
    created_at = models.DateTimeField(auto_now_add=True)
    archived_at = models.DateTimeField(_("archived"), null=True, blank=True)

    class Meta:
        verbose_name = _("class")
        verbose_name_plural = _("classes")
        ordering = ["name", "pk"]

    def __str__(self):
        return self.name

    @property
    def is_archived(self) -> bool:
        return self.archived_at is not None


class TeacherInvitation(models.Model):
    """An invitation to co-teach a class. Only its acceptance makes a teacher of the class:
    until then (and after a refusal) the invited teacher sees nothing of it, and it sees
    nothing of theirs."""

    class Status(models.TextChoices):
        PENDING = "pending", _("waiting for an answer")
        ACCEPTED = "accepted", _("accepted")
        DECLINED = "declined", _("declined")
        WITHDRAWN = "withdrawn", _("withdrawn")

    classroom = models.ForeignKey(Classroom, on_delete=models.CASCADE, related_name="invitations")
    teacher = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="teaching_invitations"
    )
    invited_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="+"
    )
    status = models.CharField(
        _("status"), max_length=10, choices=Status.choices, default=Status.PENDING
    )
    created_at = models.DateTimeField(auto_now_add=True)
    answered_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        verbose_name = _("invitation to teach")
        verbose_name_plural = _("invitations to teach")
        ordering = ["-created_at", "-pk"]
        constraints = [
            models.UniqueConstraint(
                fields=["classroom", "teacher"],
                condition=models.Q(status="pending"),
                name="one_pending_invitation",
            )
        ]

    def __str__(self):
        return f"{self.teacher} to {self.classroom}"


class StudentBatch(models.Model):
    """One sending of the "make accounts for these names" form.

    The form carries a one-time token: the accounts are made once for it, however
    often the same form is sent again, and its login cards can be shown again.
    """

    classroom = models.ForeignKey(Classroom, on_delete=models.CASCADE, related_name="batches")
    token = models.CharField(max_length=64, unique=True)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="+"
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        verbose_name = _("batch of student accounts")
        verbose_name_plural = _("batches of student accounts")

    def __str__(self):
        return f"{self.classroom} #{self.pk}"


class Membership(models.Model):
    """A student in a class. Removing a student deletes this; archiving keeps it."""

    classroom = models.ForeignKey(Classroom, on_delete=models.CASCADE, related_name="memberships")
    student = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="memberships"
    )
    joined_at = models.DateTimeField(auto_now_add=True)
    archived_at = models.DateTimeField(_("archived"), null=True, blank=True)
    # The teacher made this account (a child without email): its teachers may reset
    # its password. Students who signed up themselves keep their passwords to themselves.
    managed = models.BooleanField(_("account made by the teacher"), default=False)
    # For such an account: the form sending that made it, and its one-time password,
    # kept so that the login card can be printed again, until the child chooses
    # their own password (cleared at that moment: see ``signals``).
    batch = models.ForeignKey(
        StudentBatch, null=True, blank=True, on_delete=models.SET_NULL, related_name="memberships"
    )
    initial_password = models.CharField(max_length=20, blank=True, editable=False)

    class Meta:
        verbose_name = _("membership")
        verbose_name_plural = _("memberships")
        constraints = [
            models.UniqueConstraint(fields=["classroom", "student"], name="one_membership")
        ]

    def __str__(self):
        return f"{self.student} in {self.classroom}"


class Assignment(models.Model):
    """Homework: lessons and puzzles for a class, or for some of its students."""

    classroom = models.ForeignKey(Classroom, on_delete=models.CASCADE, related_name="assignments")
    title = models.CharField(_("title"), max_length=120)
    note = models.TextField(_("note to the students"), blank=True, max_length=2000)
    due_at = models.DateTimeField(_("due"), null=True, blank=True)
    # Empty: every active student of the class, those who join later included.
    students = models.ManyToManyField(
        settings.AUTH_USER_MODEL,
        blank=True,
        related_name="assignments",
        verbose_name=_("students"),
    )
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="+"
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        verbose_name = _("assignment")
        verbose_name_plural = _("assignments")
        ordering = [models.F("due_at").asc(nulls_last=True), "-created_at", "-pk"]

    def __str__(self):
        return self.title


class AssignmentItem(models.Model):
    """One lesson or one puzzle of an assignment, in the teacher's order."""

    assignment = models.ForeignKey(Assignment, on_delete=models.CASCADE, related_name="items")
    order = models.PositiveIntegerField(_("order"), default=0)
    puzzle = models.ForeignKey(
        "puzzles.Puzzle", null=True, blank=True, on_delete=models.CASCADE, related_name="+"
    )
    lesson = models.ForeignKey(
        "tutorials.Lesson", null=True, blank=True, on_delete=models.CASCADE, related_name="+"
    )

    class Meta:
        verbose_name = _("assignment item")
        verbose_name_plural = _("assignment items")
        ordering = ["assignment", "order", "pk"]
        constraints = [
            models.CheckConstraint(
                condition=models.Q(puzzle__isnull=True, lesson__isnull=False)
                | models.Q(puzzle__isnull=False, lesson__isnull=True),
                name="item_is_a_lesson_or_a_puzzle",
            ),
            models.UniqueConstraint(fields=["assignment", "puzzle"], name="item_puzzle_once"),
            models.UniqueConstraint(fields=["assignment", "lesson"], name="item_lesson_once"),
        ]

    def __str__(self):
        return f"{self.assignment_id} #{self.order}"
