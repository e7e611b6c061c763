"""Teacher-made puzzles saved before kinds prepared their judging: prepare them now.

The library's own puzzles are prepared by ``load_content``, which every deploy
runs after ``migrate``. A puzzle that can no longer be prepared (its kind gone, a
proof past the budget) is left as it was: its kind prepares it when it is judged.
"""

from django.db import migrations


def prepare(apps, schema_editor):
    from puzzles.kinds import InvalidPuzzle, OutOfBudget, UnknownKind, get_kind

    Puzzle = apps.get_model("puzzles", "Puzzle")
    for puzzle in Puzzle.objects.filter(author__isnull=False, prepared={}).iterator():
        try:
            prepared = get_kind(puzzle.kind).prepare(puzzle.data)
        except (InvalidPuzzle, OutOfBudget, UnknownKind, ValueError):
            continue
        if prepared:
            Puzzle.objects.filter(pk=puzzle.pk).update(prepared=prepared)


class Migration(migrations.Migration):
    dependencies = [("puzzles", "0006_puzzle_publication")]

    operations = [migrations.RunPython(prepare, migrations.RunPython.noop)]
