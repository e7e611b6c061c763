"""The results grid as a CSV file for spreadsheets."""

import csv

from django.http import HttpResponse
from django.utils import timezone
from django.utils.translation import gettext as _

from .assignments import Cell, Grid


def _status(cell: Cell) -> str:
    text = cell.label
    if cell.late:
        text = _("%(status)s, late") % {"status": text}
    elif cell.overdue:
        text = _("%(status)s, overdue") % {"status": text}
    return text


# What a spreadsheet may take for the start of a formula: = + - @ (Excel; LibreOffice
# evaluates =), their fullwidth forms, which East Asian input turns into the ASCII ones,
# and tab, CR and LF. | and % start nothing by themselves (| only matters inside a
# formula, as in DDE's =cmd|...), so they stay as they are.
FORMULA_STARTS = frozenset("=+-@\uff1d\uff0b\uff0d\uff20\t\r\n")


def _text(value: str) -> str:
    """A name or title as data: a formula's first character makes it text instead.

    Leading spaces are looked through, as LibreOffice's "trim spaces" import does.
    """
    value = str(value)
    stripped = value.lstrip(" \u3000\xa0")
    return f"'{value}" if stripped[:1] in FORMULA_STARTS else value


def _minutes(seconds: int) -> str:
    """Minutes as a plain number (a spreadsheet reads "4:05" as a time of day)."""
    return f"{seconds / 60:.1f}"


def _column_title(number: int, item) -> str:
    """ "3. 黑先，吃掉△白子。 (吃子, 难度分 800)": a puzzle's kind and rating tell apart
    puzzles with one prompt, as the page's small boards do."""
    if item.rating is None:
        return f"{number}. {item.title}"
    return _("%(number)s. %(title)s (%(kind)s, rating %(rating)s)") % {
        "number": number,
        "title": item.title,
        "kind": item.what,
        "rating": item.rating,
    }


def results_csv(grid: Grid) -> HttpResponse:
    """The same grid as the page: a row per student, three columns per item, totals.

    UTF-8 with a byte-order mark, so spreadsheet programs read Chinese names right.
    """
    response = HttpResponse(content_type="text/csv; charset=utf-8")
    stamp = timezone.localdate().isoformat()
    response["Content-Disposition"] = (
        f'attachment; filename="assignment-{grid.assignment.pk}-results-{stamp}.csv"'
    )
    response.write("\ufeff")
    writer = csv.writer(response)
    header = [_("Student"), _("Username")]
    for number, item in enumerate(grid.items, start=1):
        header += [
            _text(_column_title(number, item)),
            _("%(item)s: minutes") % {"item": number},
            _("%(item)s: hints") % {"item": number},
        ]
    header += [_("Done"), _("Minutes"), _("Hints"), _("Overdue")]
    writer.writerow(header)
    for row in grid.rows:
        line = [_text(row.name), _text(row.student.get_username())]
        for cell in row.cells:
            line += [_status(cell), _minutes(cell.seconds), cell.hints]
        line += [f"{row.done}/{len(grid.items)}", _minutes(row.seconds), row.hints, row.overdue]
        writer.writerow(line)
    totals = [_("Students done"), ""]
    for column in grid.columns:
        totals += [f"{column.done}/{len(grid.rows)}", "", ""]
    totals += ["", "", "", ""]
    writer.writerow(totals)
    return response
