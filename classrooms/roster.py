"""The class page's list of students, its rows built in Python.

Through the template language, forty rows (each a name, a status and two small
forms) took about a third of the whole page: some 600 variable lookups, 140
translations and 54 URL reversals. Here the words are translated and escaped once,
each address is reversed once and filled in per student, as the results grid builds
its cells (``assignments.Cell.html``).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from django.urls import reverse
from django.utils.html import escape
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext as _

from .models import Classroom, Membership

# A student id no real one will be: reversed once, then replaced by each student's.
_SAMPLE_ID = 987654321987654321


def _address(name: str, classroom: Classroom) -> Callable[[int], str]:
    head, _sample, tail = reverse(name, args=[classroom.pk, _SAMPLE_ID]).rpartition(str(_SAMPLE_ID))
    return lambda student_id: escape(f"{head}{student_id}{tail}")


def rows(
    classroom: Classroom, memberships: Sequence[Membership], csrf_token: str
) -> list[SafeString]:
    """Each membership's ``<tr>``, in the given order; ``csrf_token`` is the request's."""
    words = {
        key: escape(text)
        for key, text in {
            "archived": _("archived"),
            "active": _("active"),
            "archive": _("Archive"),
            "restore": _("Restore"),
            "remove": _("Remove from the class"),
            "reset": _("New one-time password"),
        }.items()
    }
    token = f'<input type="hidden" name="csrfmiddlewaretoken" value="{escape(csrf_token)}">'
    change = _address("classrooms:change_student", classroom)
    reset = _address("classrooms:reset_password", classroom)
    built = []
    for membership in memberships:
        student = membership.student
        archived = membership.archived_at is not None
        state = "restore" if archived else "archive"
        parts = [
            f"<tr><td>{escape(student.profile.name)}</td><td>{escape(student.username)}</td>",
            f"<td>{words['archived'] if archived else words['active']}</td><td>",
            f'<form method="post" action="{change(membership.student_id)}" class="inline-form">',
            token,
            f'<button type="submit" name="action" value="{state}" class="button secondary">',
            f"{words[state]}</button> ",
            '<button type="submit" name="action" value="remove" class="button secondary">',
            f"{words['remove']}</button></form>",
        ]
        if membership.managed:
            parts += [
                f' <form method="post" action="{reset(membership.student_id)}"',
                ' class="inline-form">',
                token,
                f'<button type="submit" class="button secondary">{words["reset"]}</button></form>',
            ]
        parts.append("</td></tr>")
        built.append(mark_safe("".join(parts)))  # noqa: S308 - every value escaped above
    return built
