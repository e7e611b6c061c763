"""Numbers, ids and dates people send, kept within what the site can store and compute.

Python reads any integer and dates from year 1 to 9999, but a query with an
integer past 64 bits fails on SQLite (OverflowError) and a time zone cannot move
0001-01-01 00:00 to UTC: both were 500s. Every form and URL reads them here, so a
value out of range is a form error (400) or an unknown page (404) instead.
"""

from __future__ import annotations

import datetime
import re

from django import forms
from django.urls import register_converter
from django.utils.translation import gettext_lazy as _

# The largest id SQLite and PostgreSQL's bigint hold; ids start at 1.
ID_MAX = 2**63 - 1
_ID = re.compile(r"[0-9]{1,19}")

# Dates people may give (a due date, say): wide enough for any school year, and
# far from the calendar's ends, so any time of day in any time zone stays on it.
DATE_MIN = datetime.date(2000, 1, 1)
DATE_MAX = datetime.date(2099, 12, 31)


def read_id(text) -> int | None:
    """The id written in ``text`` (ASCII digits, 1 to ``ID_MAX``), or None."""
    if not isinstance(text, str | int) or isinstance(text, bool):
        return None
    text = str(text).strip()
    if not _ID.fullmatch(text):
        return None
    number = int(text)
    return number if 1 <= number <= ID_MAX else None


class IdConverter:
    """``<id:pk>`` in a URL: like ``<int:pk>``, but an id too big for the database is a 404."""

    regex = "[0-9]{1,19}"

    def to_python(self, value: str) -> int:
        number = read_id(value)
        if number is None:
            raise ValueError(value)  # the URL does not match: 404
        return number

    def to_url(self, value) -> str:
        return str(value)


register_converter(IdConverter, "id")


class BoundedIntegerField(forms.IntegerField):
    """A whole number from ``min_value`` to ``max_value`` (by default what a 64-bit
    column holds), with one message naming the range for anything else.

    Digits from other scripts (fullwidth １２, as Chinese input methods type them)
    count, as Python reads them.
    """

    MAX_DIGITS = 20  # never int() of thousands of digits: that long is out of range

    def __init__(self, *, min_value=-ID_MAX, max_value=ID_MAX, **kwargs):
        super().__init__(min_value=min_value, max_value=max_value, **kwargs)
        self.error_messages["range"] = _("Enter a whole number from %(min)s to %(max)s.")

    def _refuse(self):
        return forms.ValidationError(
            self.error_messages["range"],
            code="range",
            params={"min": self.min_value, "max": self.max_value},
        )

    def to_python(self, value):
        if isinstance(value, str) and len(value.strip()) > self.MAX_DIGITS:
            raise self._refuse()
        try:
            return super().to_python(value)
        except (forms.ValidationError, OverflowError, ValueError):
            raise self._refuse() from None

    def validate(self, value):
        super().validate(value)
        if value is not None and not self.min_value <= value <= self.max_value:
            raise self._refuse()


class BoundedDateField(forms.DateField):
    """A date from ``DATE_MIN`` to ``DATE_MAX``, with the reason when it is not."""

    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self.error_messages["range"] = _("Give a date from %(min)s to %(max)s.")

    def validate(self, value):
        super().validate(value)
        if value is not None and not DATE_MIN <= value <= DATE_MAX:
            raise forms.ValidationError(
                self.error_messages["range"],
                code="range",
                params={"min": DATE_MIN.isoformat(), "max": DATE_MAX.isoformat()},
            )


class IdModelMultipleChoiceField(forms.ModelMultipleChoiceField):
    """Model choices by id: a value that is no id is refused before any query runs."""

    def _check_values(self, value):
        for each in value:
            if read_id(each) is None:
                raise forms.ValidationError(
                    self.error_messages["invalid_pk_value"],
                    code="invalid_pk_value",
                    params={"pk": str(each)[:40]},
                )
        return super()._check_values(value)
