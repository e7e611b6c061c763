"""Classes, over models only (no requests): create, join, teachers, students, archive."""

from __future__ import annotations

import secrets
from dataclasses import dataclass

from django.contrib.auth import get_user_model
from django.contrib.auth.hashers import PBKDF2PasswordHasher, get_hasher
from django.db import IntegrityError, transaction
from django.db.models.functions import Lower
from django.utils import timezone
from django.utils.translation import gettext as _

from . import guesses
from .models import (
    CODE_ALPHABET,
    CODE_LENGTH,
    Classroom,
    Membership,
    StudentBatch,
    TeacherInvitation,
    new_join_code,
)
from .names import name_key


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


class TooManyGuesses(ClassroomError):
    """Too many wrong join codes from this user or address: no code is tried for now."""


def class_to_join(code: str, *, user_id, address: str = "") -> Classroom:
    """The open class with this code, for someone about to join it.

    Wrong codes count against the user and the client address (``guesses``); past
    the limit no code is looked at, so codes cannot be probed. An unknown code and
    an archived class's code are refused alike.
    """
    if guesses.is_blocked(user_id, address):
        raise TooManyGuesses(
            _(
                "Too many wrong join codes. Wait ten minutes and try again, "
                "or ask your teacher for the class's link."
            )
        )
    classroom = find_open_classroom(code)
    if classroom is None:
        guesses.count_wrong(user_id, address)
        raise ClassroomError(_("No open class has this code. Check it with your teacher."))
    return classroom


def join(student, code: str, *, address: str = "") -> tuple[Classroom, bool]:
    """Join the open class with this code; returns it and whether the student is new."""
    classroom = class_to_join(code, user_id=student.pk, address=address)
    if classroom.teachers.filter(pk=student.pk).exists():
        raise ClassroomError(_("You teach this class; students join it with the code."))
    membership, created = Membership.objects.get_or_create(classroom=classroom, student=student)
    if not created and membership.archived_at is not None:
        raise ClassroomError(_("Your teacher has archived your place in this class."))
    return classroom, created


def invite_teacher(classroom: Classroom, username: str, *, invited_by) -> TeacherInvitation:
    """Invite a teacher to co-teach: nothing changes for them until they accept.

    Only the owner invites, so that no co-teacher can bring in someone who would see
    the owner's private puzzles without the owner's word.
    """
    if invited_by.pk != classroom.owner_id:
        raise ClassroomError(_("Only the class's owner invites co-teachers."))
    user = get_user_model().objects.filter(username=str(username).strip()).first()
    if user is None or not is_teacher(user):
        raise ClassroomError(_("There is no teacher with that username."))
    name = user.profile.name
    if classroom.teachers.filter(pk=user.pk).exists():
        raise ClassroomError(_("%(name)s already teaches this class.") % {"name": name})
    if classroom.memberships.filter(student=user).exists():
        raise ClassroomError(_("A student of the class cannot also teach it."))
    try:
        with transaction.atomic():
            return TeacherInvitation.objects.create(
                classroom=classroom, teacher=user, invited_by=invited_by
            )
    except IntegrityError:  # one invitation waits already
        raise ClassroomError(
            _("%(name)s is invited already and has not answered yet.") % {"name": name}
        ) from None


def pending_invitations(user) -> list[TeacherInvitation]:
    """The invitations to teach that wait for this user's answer, newest first.

    Only teachers are asked (the profile is read by every page anyway), so a
    learner's dashboard costs no extra query."""
    if not is_teacher(user):
        return []
    return list(
        TeacherInvitation.objects.filter(teacher=user, status=TeacherInvitation.Status.PENDING)
        .select_related("classroom__owner__profile")
        .order_by("-created_at", "-pk")
    )


def _answer(invitation: TeacherInvitation, status: str) -> TeacherInvitation:
    """Close a waiting invitation once; a second answer (a double click) finds it closed."""
    closed = TeacherInvitation.objects.filter(
        pk=invitation.pk, status=TeacherInvitation.Status.PENDING
    ).update(status=status, answered_at=timezone.now())
    if not closed:
        raise ClassroomError(_("This invitation has been answered or withdrawn already."))
    invitation.status = status
    return invitation


@transaction.atomic
def accept_invitation(invitation: TeacherInvitation) -> Classroom:
    """The invited teacher says yes: from now on they teach the class."""
    classroom, user = invitation.classroom, invitation.teacher
    if not is_teacher(user):
        raise ClassroomError(_("Only teachers can teach a class."))
    if classroom.memberships.filter(student=user).exists():
        raise ClassroomError(_("A student of the class cannot also teach it."))
    _answer(invitation, TeacherInvitation.Status.ACCEPTED)
    classroom.teachers.add(user)
    return classroom


def decline_invitation(invitation: TeacherInvitation) -> None:
    _answer(invitation, TeacherInvitation.Status.DECLINED)


def withdraw_invitation(invitation: TeacherInvitation) -> None:
    _answer(invitation, TeacherInvitation.Status.WITHDRAWN)


def remove_teacher(classroom: Classroom, user) -> None:
    """A co-teacher leaves the class, or its owner removes them; the owner stays."""
    if user.pk == classroom.owner_id:
        raise ClassroomError(_("The class's owner stays its teacher."))
    classroom.teachers.remove(user)


def set_archived(item: Classroom | Membership, archived: bool) -> None:
    """Archive (keeping the first date) or restore a class or a student's place in one."""
    item.archived_at = (item.archived_at or timezone.now()) if archived else None
    item.save(update_fields=["archived_at"])


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


# ---------------------------------------------------------------------------
# Accounts a teacher makes for children (no email), with one-time passwords

MAX_NAMES = 100
NAME_LENGTH = 50
PASSWORD_ALPHABET = "abcdefghjkmnpqrstuvwxyz23456789"  # noqa: S105 - letters, not a password


def one_time_password() -> str:
    """Eight letters and digits in two groups, easy to copy from a card: ``k7mp-q2xa``."""
    letters = "".join(secrets.choice(PASSWORD_ALPHABET) for _ in range(8))
    return f"{letters[:4]}-{letters[4:]}"


# A one-time password is printed on a login card and kept in plain text beside the
# account (``Membership.initial_password``) until the child chooses their own, so a
# slow hash of it guards nothing the database does not already hold: with PBKDF2 it
# is hashed with this many iterations (40 accounts in well under a second instead of
# 40 × a quarter of a second or more). Django's own check upgrades the hash to the
# hasher's full count at the child's first log-in, and the password the child then
# chooses is hashed at full strength like every other.
ONE_TIME_ITERATIONS = 20_000


def one_time_hash(password: str) -> str:
    """The stored form of a one-time password (see ``ONE_TIME_ITERATIONS``)."""
    hasher = get_hasher()
    if isinstance(hasher, PBKDF2PasswordHasher):
        return hasher.encode(password, hasher.salt(), iterations=ONE_TIME_ITERATIONS)
    return hasher.encode(password, hasher.salt())


def parse_names(text: str) -> list[str]:
    """One student per line; spaces inside a name are kept single, empty lines skipped."""
    names = [" ".join(line.split()) for line in str(text).splitlines()]
    names = [name for name in names if name]
    if not names:
        raise ClassroomError(_("Write one name per line."))
    if len(names) > MAX_NAMES:
        raise ClassroomError(_("At most %(count)s students at a time.") % {"count": MAX_NAMES})
    too_long = [name for name in names if len(name) > NAME_LENGTH]
    if too_long:
        raise ClassroomError(
            _("A name has at most %(count)s characters: %(name)s")
            % {"count": NAME_LENGTH, "name": too_long[0]}
        )
    return names


# A child's username: two easy syllables and two digits (``bako47``), lower case, from
# letters and digits nobody misreads (no c/k, l/1, o/0, q, w, x, y). Drawn at random,
# so it tells nothing about the class or its join code.
USERNAME_CONSONANTS = "bdfghjkmnprstvz"
USERNAME_VOWELS = "aeiu"
USERNAME_DIGITS = "23456789"


def _draw_username(digits: int = 2) -> str:
    pick = secrets.choice
    syllables = "".join(pick(USERNAME_CONSONANTS) + pick(USERNAME_VOWELS) for _ in range(2))
    return syllables + "".join(pick(USERNAME_DIGITS) for _ in range(digits))


def is_related_to_code(username: str, code: str) -> bool:
    """Whether the username shares three characters in a row with the join code."""
    username, code = username.lower(), code.lower()
    return any(username[i : i + 3] in code for i in range(len(username) - 2))


def _free_usernames(count: int, code: str) -> list[str]:
    """``count`` new usernames, free (whatever the case) and unrelated to ``code``.

    One query per round of candidates; a round that finds too few free ones draws
    longer names next time.
    """
    chosen: list[str] = []
    for digits in (2, 2, 3, 3, 4, 4, 5, 6):
        wanted = count - len(chosen)
        candidates = {_draw_username(digits) for _ in range(2 * wanted + 4)}
        candidates = {
            name for name in candidates if name not in chosen and not is_related_to_code(name, code)
        }
        taken = set(
            get_user_model()
            .objects.annotate(lower=Lower("username"))
            .filter(lower__in=candidates)
            .values_list("lower", flat=True)
        )
        chosen.extend(list(candidates - taken)[:wanted])
        if len(chosen) == count:
            return chosen
    raise ClassroomError(_("No free usernames were found; please try again."))


def new_batch_token() -> str:
    """The one-time token a "make accounts" form carries."""
    return secrets.token_urlsafe(24)


def create_students(
    classroom: Classroom, text: str, *, token: str | None = None, teacher=None
) -> StudentBatch:
    """Accounts for the names in ``text``, in the class, each with a one-time password.

    Made once per ``token`` (the form's): the same form sent again, by a refresh, a
    double click or a second tab, finds its batch and makes nobody new. Usernames are
    short, lower case and random (``bako47``): a child can type them, and they tell
    nothing of the class or its code. The name as written is the account's display
    name. Duplicates are two children with one name: two accounts.
    """
    names = parse_names(text)
    # Hashing is the slow part: done before the transaction, which holds the
    # database's write lock (SQLite's is the whole database's).
    passwords = [one_time_password() for _name in names]
    hashes = [one_time_hash(password) for password in passwords]
    with transaction.atomic():
        batch, created = StudentBatch.objects.get_or_create(
            token=token or new_batch_token(),
            defaults={"classroom": classroom, "created_by": teacher},
        )
        if batch.classroom_id != classroom.pk:
            raise ClassroomError(_("This form belongs to another class."))
        if created:
            _make_accounts(classroom, batch, names, list(zip(passwords, hashes, strict=True)))
    return batch


def _make_accounts(
    classroom: Classroom, batch: StudentBatch, names: list[str], passwords: list[tuple[str, str]]
) -> None:
    """The accounts, with their one-time passwords as (password, its hash)."""
    from accounts.services import ensure_profile

    usernames = _free_usernames(len(names), classroom.join_code)
    for name, username, (password, hashed) in zip(names, usernames, passwords, strict=True):
        user = _create_child(username, hashed, classroom.join_code)
        profile = ensure_profile(user)
        profile.display_name = name
        profile.must_change_password = True
        profile.save(update_fields=["display_name", "must_change_password"])
        Membership.objects.create(
            classroom=classroom,
            student=user,
            managed=True,
            batch=batch,
            initial_password=password,
        )


def _create_child(username: str, hashed: str, code: str):
    """The account, its password already hashed; should another batch have taken the
    name meanwhile, another name."""
    model = get_user_model()
    for _attempt in range(5):
        try:
            with transaction.atomic():
                user = model(username=model.normalize_username(username), password=hashed)
                user.save()
                return user
        except IntegrityError:
            (username,) = _free_usernames(1, code)
    raise ClassroomError(_("No free usernames were found; please try again."))


def reset_password(membership: Membership) -> str:
    """A new one-time password for an account the class's teacher made (kept for its card)."""
    from accounts.services import ensure_profile

    if not membership.managed:
        raise ClassroomError(
            _("This student made their own account: they reset their password themselves.")
        )
    password = one_time_password()
    user = membership.student
    user.password = one_time_hash(password)
    with transaction.atomic():
        user.save(update_fields=["password"])
        profile = ensure_profile(user)
        profile.must_change_password = True
        profile.save(update_fields=["must_change_password"])
        membership.initial_password = password
        membership.save(update_fields=["initial_password"])
    return password


def roster(classroom: Classroom) -> list[Membership]:
    """The class list: active students first, each part in name order (pinyin)."""
    memberships = classroom.memberships.select_related("student__profile")
    return sorted(
        memberships,
        key=lambda m: (m.archived_at is not None, name_key(m.student.profile.name), m.student_id),
    )


@dataclass(frozen=True)
class LoginCard:
    name: str
    username: str
    password: str  # empty once the child has chosen their own


def login_cards(
    classroom: Classroom, *, batch: StudentBatch | None = None, student=None
) -> list[LoginCard]:
    """The cards of the accounts the class's teachers made: those of one form sending,
    of one student, or of every active student. A card shows the one-time password
    until the child chooses their own."""
    memberships = classroom.memberships.filter(managed=True).select_related("student__profile")
    if batch is not None:
        memberships = memberships.filter(batch=batch)
    elif student is not None:
        memberships = memberships.filter(student=student)
    else:
        memberships = memberships.filter(archived_at__isnull=True)
    cards = [
        LoginCard(m.student.profile.name, m.student.username, m.initial_password)
        for m in memberships.select_related("student__profile")
    ]
    return sorted(cards, key=lambda card: (name_key(card.name), card.username))


def forget_one_time_passwords(user) -> None:
    """The child chose their own password: no card shows the old one any more."""
    Membership.objects.filter(student=user).exclude(initial_password="").update(initial_password="")
